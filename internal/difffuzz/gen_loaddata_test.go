package difffuzz

import (
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestGenerateLoadDataProfile: the load-data profile's scripts are mysqldump-shaped and
// keep what turns an import serial out of their first tables: every table gets its rows
// in several INSERT INTO … VALUES statements (several batches at 2K), a construct that
// makes the import serial comes at most before the last two tables, and values in a
// form the converter refuses are rare but there. The session constructs are off: they
// come late too, but turn more scripts serial (TestGenerateSessionConstructs); so are the
// table-feature blocks, whose own tables come after any of the profile's
// (TestGenerateFeatures), and the f-gen4 blocks, which create tables of their own after
// turning the import serial (TestGenerateGen4), and the temporary-table blocks.
func TestGenerateLoadDataProfile(t *testing.T) {
	off := append(append(append(append(append(append([]Construct(nil), InSuiteOff...), SessionConstructs...), FeatureConstructs...), Gen4Constructs...), TemporaryConstructs...), TextConstructs...)
	serialRe := regexp.MustCompile(`^(START TRANSACTION|SET autocommit=0|SET @v)`)
	refusedRe := regexp.MustCompile(`0x1F|b'101'|CAST\('7'|1\.5e2|_utf8mb4'|'a' 'b'|CONCAT\(|DATE'|TIMESTAMP'|JSON_OBJECT`)
	scripts, serial, refused, values := 0, 0, 0, 0
	for seed := int64(1); seed <= 60; seed++ {
		s := Generate(seed, Config{Profile: ProfileLoadData, Off: off})
		if again := Generate(seed, Config{Profile: ProfileLoadData, Off: off}); string(again.SQL()) != string(s.SQL()) {
			t.Fatalf("seed %d: two scripts", seed)
		}
		scripts++
		inserts := map[string]int{} // per CREATE TABLE's name
		tablesAfter, sawSerial := 0, false
		for _, st := range s.Stmts {
			switch {
			case strings.HasPrefix(st.Head, "CREATE TABLE `"):
				if sawSerial {
					tablesAfter++
				}
			case serialRe.MatchString(st.Head):
				sawSerial = true
			case strings.HasPrefix(st.Head, "INSERT INTO ") && len(st.Rows) > 0:
				inserts[strings.Fields(st.Head)[2]]++
				for _, r := range st.Rows {
					for _, v := range r {
						values++
						if refusedRe.MatchString(v) {
							refused++
						}
					}
				}
			}
		}
		if sawSerial {
			serial++
			if tablesAfter > 2 {
				t.Errorf("seed %d: %d tables created after the import turned serial", seed, tablesAfter)
			}
		}
		if len(inserts) < 2 {
			t.Errorf("seed %d: rows into %d tables", seed, len(inserts))
		}
		if !strings.HasPrefix(string(s.SQL()), "/*!40101 SET NAMES utf8mb4 */;\n") {
			t.Errorf("seed %d: no mysqldump header", seed)
		}
	}
	t.Logf("%d scripts, %d turn serial; %d of %d values in forms the converter refuses", scripts, serial, refused, values)
	if serial == 0 || serial > scripts/2 {
		t.Errorf("%d of %d scripts turn serial: want some, late, not most", serial, scripts)
	}
	if refused == 0 || refused*100 > values {
		t.Errorf("%d of %d values refused: want a few, under 1 %%", refused, values)
	}
}

// TestGenerateLoadDataDump writes the load-data script of seed $FZ_SEED to $FZ_DUMP (a development aid).
func TestGenerateLoadDataDump(t *testing.T) {
	p := os.Getenv("FZ_DUMP")
	if p == "" {
		t.Skip("FZ_DUMP unset")
	}
	seed, _ := strconv.ParseInt(os.Getenv("FZ_SEED"), 10, 64)
	s := Generate(seed, Config{Profile: ProfileLoadData, Off: InSuiteOff})
	if err := os.WriteFile(p, s.SQL(), 0o644); err != nil {
		t.Fatal(err)
	}
}
