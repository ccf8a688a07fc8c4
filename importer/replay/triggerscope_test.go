package replay

import "testing"

// TestTriggerScopeGivesUp: triggerWriteScope narrows a LOCK TABLES write's scope to what
// the triggers' bodies name only where those bodies are read as the server reads them;
// a qualified call (another database's function, which callsFunction does not ask) or a
// quoting mode other than the scanner's default gives up (any table, refused on resume
// as before). The reread of session 51 (1.3): both narrowed before.
func TestTriggerScopeGivesUp(t *testing.T) {
	for body, want := range map[string]bool{
		"SET NEW.a = NEW.a + 1":                   false,
		"INSERT INTO log VALUES (NEW.id)":         false,
		"SET NEW.a = other.f(NEW.a)":              true,
		"SET NEW.a = `other`.`f` (NEW.a)":         true,
		"INSERT INTO log SELECT other.f(NEW.id)":  true,
		"UPDATE other.k SET a = 1":                true,
		"BEGIN DO NEXTVAL(s); END":                true,
		"SET NEW.a = CONCAT(NEW.b, 'other.f(1)')": false,
	} {
		if got := bodyWritesUnnamed([]byte(body)); got != want {
			t.Errorf("bodyWritesUnnamed(%q) = %v, want %v", body, got, want)
		}
	}
	for mode, want := range map[string]bool{
		"": true,
		"STRICT_TRANS_TABLES,NO_ENGINE_SUBSTITUTION": true,
		"ANSI_QUOTES":                                   false,
		"STRICT_ALL_TABLES,NO_BACKSLASH_ESCAPES":        false,
		"PIPES_AS_CONCAT,ANSI_QUOTES,IGNORE_SPACE,ANSI": false,
		"ORACLE": false,
	} {
		if got := defaultQuoting(mode); got != want {
			t.Errorf("defaultQuoting(%q) = %v, want %v", mode, got, want)
		}
	}
}
