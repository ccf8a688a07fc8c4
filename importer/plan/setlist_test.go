package plan

import (
	"fmt"
	"testing"

	"github.com/dumpscope/dumpscope/importer/sqlscan"
)

// TestParseSetAfterCharset: the assignments after a NAMES or CHARACTER SET item of a SET
// list are read, and the item is the session variables it sets. ParseSet stopped at
// NAMES, so SET NAMES utf8mb4, autocommit = 0 was no SET of autocommit to the planner
// (TestReviewX9aSetAfterNames).
func TestParseSetAfterCharset(t *testing.T) {
	for q, want := range map[string]string{
		"SET NAMES utf8mb4, autocommit = 0":                                "[character_set_client=utf8mb4 character_set_connection=utf8mb4 character_set_results=utf8mb4 autocommit=0]",
		"SET @z = 1, NAMES 'utf8mb4' COLLATE utf8mb4_bin, autocommit := 0": "[@z=1 character_set_client=utf8mb4 character_set_connection=utf8mb4 character_set_results=utf8mb4 collation_connection=utf8mb4_bin autocommit=0]",
		"SET CHARACTER SET utf8mb4, @t = SYSDATE(6)":                       "[character_set_client=utf8mb4 character_set_connection=@@character_set_database character_set_results=utf8mb4 @t=SYSDATE ( 6 )]",
		"SET CHARSET DEFAULT, GLOBAL x = 1":                                "[character_set_client=DEFAULT character_set_connection=@@character_set_database character_set_results=DEFAULT x=1]",
		"SET NAMES utf8mb4":                                                "[character_set_client=utf8mb4 character_set_connection=utf8mb4 character_set_results=utf8mb4]",
		"SET PASSWORD = 'x'":                                               "[]",
	} {
		var got []string
		for _, a := range ParseSet([]byte(q), sqlscan.Syntax{}) {
			got = append(got, a.Name+"="+a.Value)
		}
		if s := fmt.Sprint(got); s != want {
			t.Errorf("%s: %s, want %s", q, s, want)
		}
	}
	as := ParseSet([]byte("SET GLOBAL x = 1, NAMES utf8mb4"), sqlscan.Syntax{})
	if len(as) != 4 || !as[0].Global || as[1].Global {
		t.Errorf("SET GLOBAL x = 1, NAMES utf8mb4: %+v, want x GLOBAL and the character sets the session's", as)
	}
}
