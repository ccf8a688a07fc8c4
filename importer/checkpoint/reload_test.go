package checkpoint

import "testing"

// TestRowLocalTrigger: which trigger bodies a resume's reload may fire again for the rows
// the interrupted run committed (refuseTriggers): only those that set the row's own
// columns. The end-to-end cases are importer's TestReviewXReloadFiresTriggersAgain.
func TestRowLocalTrigger(t *testing.T) {
	functions := map[string]bool{"next_no": true}
	for _, c := range []struct {
		body string
		want bool
	}{
		{"SET NEW.v = CONCAT(NEW.v, '+', NEW.id * 2)", true},
		{"BEGIN IF NEW.id > 5 THEN SET NEW.v = UPPER(NEW.v); END IF; END", true},
		{"SET NEW.v = @@session.sql_mode", true},
		{"SET NEW.v = 'INSERT INTO log'", true}, // a string, not a statement
		{"INSERT INTO log (msg) VALUES (NEW.id)", false},
		{"BEGIN SET NEW.v = 'x'; UPDATE counters SET n = n + 1; END", false},
		{"DELETE FROM other WHERE id = NEW.id", false},
		{"REPLACE INTO other VALUES (NEW.id)", false},
		{"CALL audit(NEW.id)", false},
		{"SET @n = @n + 1", false},
		{"SET NEW.v = (SELECT MAX(v) FROM other)", false},
		{"SET NEW.no = next_no()", false},
		{"SET NEW.no = db.`NEXT_NO`(1)", false},
	} {
		if got := rowLocalTrigger(c.body, functions); got != c.want {
			t.Errorf("rowLocalTrigger(%q) = %v, want %v", c.body, got, c.want)
		}
	}
}
