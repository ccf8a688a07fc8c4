package replay

import (
	"slices"
	"testing"
)

// TestBodyTableFree: a stored function's body writes no table when it holds no
// statement that may write one; reads, the string functions INSERT( and REPLACE(, and
// words in strings and comments are none. The stored functions it calls are returned
// (they must write none either), and a view that calls one counts as a write.
func TestBodyTableFree(t *testing.T) {
	functions, views := []string{"F", "G"}, []string{"VF"}
	for body, want := range map[string]struct {
		free   bool
		called []string
	}{
		"RETURN x * 2": {true, nil},
		"RETURN REPLACE(INSERT(s, 1, 2, 'ab'), 'a', 'b')":                   {true, nil},
		"BEGIN DECLARE v int; SELECT COUNT(*) INTO v FROM t; RETURN v; END": {true, nil},
		"RETURN 'insert into m' -- update m\n":                              {true, nil},
		"RETURN g(x) + 1":                                                   {true, []string{"G"}},
		"RETURN `g` (x)":                                                    {true, []string{"G"}},
		"BEGIN INSERT INTO m VALUES (x, 1); RETURN x; END":                  {false, nil},
		"BEGIN REPLACE m VALUES (x); RETURN x; END":                         {false, nil},
		"BEGIN UPDATE m SET v = v + 1; RETURN x; END":                       {false, nil},
		"BEGIN DELETE FROM m; RETURN x; END":                                {false, nil},
		"BEGIN CALL p(); RETURN x; END":                                     {false, nil},
		"RETURN NEXTVAL(s)":                                                 {false, nil},
		"RETURN NEXT VALUE FOR s":                                           {false, nil},
		"BEGIN CREATE TEMPORARY TABLE tt (a int); RETURN 1; END":            {false, nil},
		"RETURN (SELECT x FROM vf LIMIT 1)":                                 {false, nil},
		"BEGIN SELECT v INTO @a FROM t FOR UPDATE; RETURN 1; END":           {false, nil}, // counted as a write: only an intent more
	} {
		free, called := bodyTableFree([]byte(body), functions, views)
		if free != want.free || !slices.Equal(called, want.called) {
			t.Errorf("bodyTableFree(%q) = %v, %v; want %v, %v", body, free, called, want.free, want.called)
		}
	}
}
