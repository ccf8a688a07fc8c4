package replay

import "testing"

// TestCallsQualified: a view's definition as the server stores it calls a stored
// function when a name db.f is followed by a parenthesis; a built-in (unqualified) or
// a column (three parts, no parenthesis) is no call.
func TestCallsQualified(t *testing.T) {
	for def, want := range map[string]bool{
		"select `fz0`.`f`(`fz0`.`src`.`id`) AS `x` from `fz0`.`src`":           true,
		"select `fz0`.`f` (1) AS `x`":                                          true,
		"select abs(`fz0`.`src`.`id`) AS `x` from `fz0`.`src`":                 false,
		"select `fz0`.`src`.`id` AS `x` from (`fz0`.`src` join `fz0`.`t`)":     false,
		"select 'fz0.f(1)' AS `x`":                                             false,
		"select `s`.`x` AS `x` from (select `fz0`.`g`(1) AS `x`) `s`":          true,
		"select `fz0`.`src`.`id` AS `id` from `fz0`.`src` where `id` in (1,2)": false,
	} {
		if got := callsQualified(def); got != want {
			t.Errorf("callsQualified(%q) = %v, want %v", def, got, want)
		}
	}
}

// TestNamesWord: a view's name counts as a whole word only.
func TestNamesWord(t *testing.T) {
	for body, want := range map[string]bool{
		"INSERT INTO M SELECT X FROM VF":      true,
		"INSERT INTO M SELECT X FROM FZ0.VF;": true,
		"INSERT INTO M SELECT X FROM VFX":     false,
		"INSERT INTO M SELECT X FROM A_VF":    false,
		"UPDATE VF SET V = 5":                 true,
		"SELECT 1":                            false,
	} {
		if got := namesWord([]string{"VF"}, body); got != want {
			t.Errorf("namesWord(VF, %q) = %v, want %v", body, got, want)
		}
	}
}
