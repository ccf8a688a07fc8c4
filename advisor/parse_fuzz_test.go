package advisor

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func addCaptureSeeds(f *testing.F, pattern string) {
	files, _ := filepath.Glob(filepath.Join(capturesDir, pattern))
	for _, name := range files {
		if b, err := os.ReadFile(name); err == nil {
			f.Add(string(b))
		}
	}
}

// FuzzParseEngineStatus: no input panics, and padding every label with more spaces (as
// MySQL 8.0 does) never changes the result.
func FuzzParseEngineStatus(f *testing.F) {
	addCaptureSeeds(f, "innodb-status-*.txt")
	f.Add("---\nLOG\n---\nLog sequence number 1 2\nLast checkpoint at 3\n")
	f.Fuzz(func(t *testing.T, text string) {
		got, err := ParseEngineStatus(text)
		padded := strings.ReplaceAll(text, " ", "   ")
		got2, err2 := ParseEngineStatus(padded)
		if (err == nil) != (err2 == nil) {
			t.Fatalf("padding changed the error: %v vs %v", err, err2)
		}
		if err == nil {
			if diff := cmp.Diff(got, got2); diff != "" {
				t.Fatalf("padding changed the result (-plain +padded):\n%s", diff)
			}
		}
	})
}

// FuzzParseGlobalRows: a set of rows printed in the mysql client's tab, table and
// vertical forms parses back to the same map in every form.
func FuzzParseGlobalRows(f *testing.F) {
	f.Add("Innodb_lsn_current", "123", "version_comment", "Percona Server (GPL), Release 24")
	f.Add("a", "", "b", "x y  z")
	f.Fuzz(func(t *testing.T, n1, v1, n2, v2 string) {
		clean := func(s string) string {
			s = strings.Map(func(r rune) rune {
				if r == '\t' || r == '\n' || r == '\r' || r == '|' || r == '*' || r < ' ' {
					return -1
				}
				return r
			}, s)
			return strings.TrimSpace(s)
		}
		n1, v1, n2, v2 = clean(n1), clean(v1), clean(n2), clean(v2)
		for _, n := range []string{n1, n2} {
			if n == "" || strings.ContainsAny(n, " :") || n == "Variable_name" || strings.HasPrefix(n, "+") {
				return
			}
		}
		if strings.HasPrefix(v1, "Value:") || strings.HasPrefix(v2, "Value:") {
			return
		}
		want := map[string]string{n1: v1, n2: v2}
		names := []string{n1, n2}
		if n1 == n2 {
			want = map[string]string{n1: v2}
			names = []string{n2}
		}
		var tab, table, vertical strings.Builder
		tab.WriteString("Variable_name\tValue\n")
		table.WriteString("+------+------+\n| Variable_name | Value |\n+------+------+\n")
		for i, n := range names {
			tab.WriteString(n + "\t" + want[n] + "\n")
			fmt.Fprintf(&table, "| %-20s | %-20s |\n", n, want[n])
			fmt.Fprintf(&vertical, "*************************** %d. row ***************************\nVariable_name: %s\n        Value: %s\n", i+1, n, want[n])
		}
		table.WriteString("+------+------+\n")
		for form, text := range map[string]string{"tab": tab.String(), "table": table.String(), "vertical": vertical.String()} {
			got, err := ParseGlobalRows(strings.NewReader(text))
			if err != nil {
				t.Fatalf("%s form: %v", form, err)
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Fatalf("%s form (-want +got):\n%s\ninput:\n%s", form, diff, text)
			}
		}
	})
}
