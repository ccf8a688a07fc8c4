package plan

import (
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/google/go-cmp/cmp"
)

// procCatalog is fakeCatalog with the procedures that exist on the target
// (RoutineCatalog), keyed db.name.
type procCatalog struct {
	fakeCatalog
	procs map[string]bool
}

func (c procCatalog) ProcedureExists(db, name string) (bool, error) {
	return c.procs[db+"."+strings.ToLower(name)], nil
}

// planFlags plans script (database db) and returns, per statement, which of Session and
// CodeReadsRowCount its plan has ("S", "R", "-").
func planFlags(t *testing.T, script string, cat Catalog) []string {
	t.Helper()
	sp := split.NewSplitter(strings.NewReader(script), split.SplitOptions{})
	p := NewPlanner()
	var got []string
	for sp.Next() {
		st := sp.Statement()
		if len(st.SQL) == 0 || st.Kind == split.KindClient {
			continue
		}
		pl, err := p.Next(&st, "db", cat)
		if err != nil {
			t.Fatal(err)
		}
		f := ""
		if pl.Session {
			f += "S"
		}
		if pl.CodeReadsRowCount {
			f += "R"
		}
		if f == "" {
			f = "-"
		}
		got = append(got, f)
	}
	return got
}

// TestPlanSessionAndRowCountReaders: EXECUTE s of a prepared SET is session-only like the
// SET (a resume sends it again), unless it sets a GLOBAL variable (a plain SET GLOBAL is:
// resumeSetGlobal skips it where it ran); a CALL or EXECUTE whose code names ROW_COUNT is marked as
// reading it, a CREATE PROCEDURE made by EXECUTE IMMEDIATE is not. (One whose code is not
// known is refused while the run is parallel, before its flags are set.)
func TestPlanSessionAndRowCountReaders(t *testing.T) {
	script := "SET time_zone = '+05:00';\nPREPARE s FROM 'SET completion_type = 1';\nEXECUTE s;\nEXECUTE IMMEDIATE 'SET SESSION sql_mode = ''''';\n" +
		"PREPARE u FROM 'SELECT ROW_COUNT() INTO @r';\nEXECUTE u;\nEXECUTE IMMEDIATE 'SELECT 1 INTO @r';\nEXECUTE IMMEDIATE 'CREATE PROCEDURE p() GET DIAGNOSTICS @r = ROW_COUNT';\n" +
		"CALL p();\nCREATE PROCEDURE q() SET @x = 1;\nCALL q();\n" +
		"SET GLOBAL lock_wait_timeout = 5;\nEXECUTE IMMEDIATE 'SET GLOBAL lock_wait_timeout = 6';\nPREPARE g FROM 'SET time_zone = ''+01:00'', GLOBAL lock_wait_timeout = 7';\nEXECUTE g;\n"
	want := []string{"S", "S", "S", "S", "-", "R", "-", "-", "R", "-", "-", "S", "-", "S", "-"}
	if d := cmp.Diff(want, planFlags(t, script, fakeCatalog{})); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
}

// TestPlanProcedureIfNotExists: a CALL after CREATE PROCEDURE IF NOT EXISTS is judged by
// the dump's body where the target has no procedure of the name (a RoutineCatalog says
// so), and stays unknown, refused, where it has one or the catalog cannot tell.
func TestPlanProcedureIfNotExists(t *testing.T) {
	script := "CREATE PROCEDURE IF NOT EXISTS p() SET @x = 1;\nCALL p();\n"
	for name, c := range map[string]struct {
		cat  Catalog
		call Kind
	}{
		"absent":      {procCatalog{fakeCatalog{}, nil}, Serial},
		"there":       {procCatalog{fakeCatalog{}, map[string]bool{"db.p": true}}, Refuse},
		"not-a-query": {fakeCatalog{}, Refuse},
	} {
		sp := split.NewSplitter(strings.NewReader(script), split.SplitOptions{})
		p := NewPlanner()
		var last Plan
		for sp.Next() {
			st := sp.Statement()
			if len(st.SQL) == 0 || st.Kind == split.KindClient {
				continue
			}
			pl, err := p.Next(&st, "db", c.cat)
			if err != nil {
				t.Fatal(err)
			}
			last = pl
		}
		if last.Kind != c.call {
			t.Errorf("%s: CALL p() planned %v (%s), want %v", name, last.Kind, last.Reason, c.call)
		}
	}
}
