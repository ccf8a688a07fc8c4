package importer_test

import (
	"strings"
	"testing"
)

// TestXFix75SequenceDefaultGiven: rows into the target's empty table whose column has
// DEFAULT NEXTVAL(other.s) pass when they give that column (no column list, or one that
// names it): the default is not used, nothing of the target's moves (not refused); rows
// that leave it out are refused naming the column and the sequence.
func TestXFix75SequenceDefaultGiven(t *testing.T) {
	f := newSessionFixture(t, "")
	setup := []string{"CREATE DATABASE other", "CREATE SEQUENCE other.s START WITH 1 NOCACHE",
		"CREATE TABLE other.e (id int DEFAULT NEXTVAL(other.s), v int)"}
	for name, dump := range map[string]string{
		"no column list": "USE other;\nINSERT INTO e VALUES (5,1),(6,2);\n",
		"named":          "USE other;\nINSERT INTO e (v, `ID`) VALUES (1,5);\n",
	} {
		for mode, o := range x25Modes() {
			t.Run(name+"/"+mode, func(t *testing.T) {
				log := x25Import(t, f, setup, dump, o)
				if !strings.HasPrefix(log, "import: <nil>") {
					t.Errorf("refused: %s", log)
				}
				if got := f.query("SELECT COUNT(*) FROM other.e"); got == "0" {
					t.Errorf("no rows written; %s", log)
				}
			})
		}
	}
	log := x25Import(t, f, setup, "USE other;\nINSERT INTO e (v) VALUES (1);\n", x25Modes()["serial"])
	if want := "without column `id`, whose DEFAULT moves the target's sequence `other`.`s`"; !strings.Contains(log, want) {
		t.Errorf("refusal without %q: %s", want, log)
	}
}
