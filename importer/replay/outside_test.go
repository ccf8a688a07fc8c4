package replay

import "testing"

// TestSessionChecks: the dispatcher's reading of unique_checks and foreign_key_checks
// (sessionChecks, outside.go) takes the bulk path as
// possible unless either is known on: a literal SET gives a value, anything else
// (an expression, DEFAULT, GLOBAL, a block or wrapper naming one) is unknown, which counts
// as off.
func TestSessionChecks(t *testing.T) {
	for _, c := range []struct {
		dump string
		off  bool
	}{
		{"SELECT 1;\n", false},
		{"/*!40014 SET @OLD_UNIQUE_CHECKS=@@UNIQUE_CHECKS, UNIQUE_CHECKS=0 */;\n/*!40014 SET @OLD_FOREIGN_KEY_CHECKS=@@FOREIGN_KEY_CHECKS, FOREIGN_KEY_CHECKS=0 */;\n", true},
		{"SET unique_checks = 0;\n", false},
		{"SET unique_checks = 0, foreign_key_checks = OFF;\n", true},
		{"SET unique_checks = 0, foreign_key_checks = 0;\nSET foreign_key_checks = 1;\n", false},
		{"SET unique_checks = 0, foreign_key_checks = 0;\nSET UNIQUE_CHECKS = @OLD_UNIQUE_CHECKS;\n", true},
		{"SET unique_checks = 0, foreign_key_checks = 0;\nSET unique_checks = DEFAULT;\n", true},
		{"SET unique_checks = 0;\nSET GLOBAL foreign_key_checks = 0;\n", true},
		{"DELIMITER //\nBEGIN NOT ATOMIC SET unique_checks = 0; SET foreign_key_checks = 0; END\n//\n", true},
		{"EXECUTE IMMEDIATE 'SET unique_checks = 0, foreign_key_checks = 0';\n", true},
		{"EXECUTE IMMEDIATE 'SET unique_checks = 0, foreign_key_checks = 0';\nSET unique_checks = 1;\n", false},
	} {
		var s sessionChecks
		for _, st := range statementsOf(t, c.dump) {
			s.noteChecks(&st)
		}
		if got := s.mayBeOff(); got != c.off {
			t.Errorf("%q: mayBeOff %v, want %v (%+v)", c.dump, got, c.off, s)
		}
	}
}
