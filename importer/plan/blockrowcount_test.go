package plan

import "testing"

// TestBlockReadsRowCount: a top-level block reads the count the statement before it left
// only where its ROW_COUNT may run before a row statement of its own; what the walk does
// not follow (a handler, a CALL, EXECUTE, sql_mode=ORACLE's forms, text it cannot place)
// reads it.
func TestBlockReadsRowCount(t *testing.T) {
	for text, want := range map[string]bool{
		// Early: nothing of the block's own before the read on some path.
		"BEGIN NOT ATOMIC INSERT INTO log VALUES (ROW_COUNT()); END":                                                         true,
		"IF 1 THEN INSERT INTO log VALUES (ROW_COUNT()); END IF":                                                             true,
		"IF ROW_COUNT() > 2 THEN INSERT INTO t VALUES (1); END IF":                                                           true,
		"IF 1 THEN INSERT INTO t VALUES (1); ELSE INSERT INTO log VALUES (ROW_COUNT()); END IF":                              true,
		"IF 1 THEN INSERT INTO t VALUES (1); ELSEIF 2 THEN SET @r = ROW_COUNT(); END IF":                                     true,
		"CASE WHEN 1 THEN DELETE FROM t; WHEN 2 THEN SELECT ROW_COUNT() INTO @r; END CASE":                                   true,
		"CASE ROW_COUNT() WHEN 1 THEN DELETE FROM t; END CASE":                                                               true,
		"WHILE @w IS NULL DO SET @w = 1; SET @r = ROW_COUNT(); END WHILE":                                                    true,
		"FOR i IN 1..ROW_COUNT() DO INSERT INTO t VALUES (i); END FOR":                                                       true,
		"REPEAT INSERT INTO t VALUES (1); UNTIL ROW_COUNT() > 0 END REPEAT":                                                  true,
		"BEGIN NOT ATOMIC l: LOOP SET @r = ROW_COUNT(); LEAVE l; END LOOP; END":                                              true,
		"BEGIN NOT ATOMIC IF 1 THEN INSERT INTO t VALUES (1); END IF; SET @r = ROW_COUNT(); END":                             true,
		"BEGIN NOT ATOMIC DECLARE c CURSOR FOR SELECT ROW_COUNT(); INSERT INTO t VALUES (1); END":                            true,
		"BEGIN NOT ATOMIC DECLARE CONTINUE HANDLER FOR 1062 SET @r = 1; INSERT INTO t VALUES (1); SET @r = ROW_COUNT(); END": true,
		"BEGIN NOT ATOMIC INSERT INTO t VALUES (1); CALL p(); SET @r = ROW_COUNT(); END":                                     true,
		"BEGIN NOT ATOMIC INSERT INTO t VALUES (1); EXECUTE IMMEDIATE 'SELECT ROW_COUNT()'; END":                             true,
		"IF 1 THEN INSERT INTO t VALUES (1); ELSIF 2 THEN SET @r = ROW_COUNT(); END IF":                                      true,
		"BEGIN INSERT INTO t VALUES (1); SET @r = ROW_COUNT(); EXCEPTION WHEN OTHERS THEN NULL; END":                         true,
		"BEGIN NOT ATOMIC INSERT INTO t VALUES (1) SET @r = ROW_COUNT(); END":                                                true, // not placed (the server refuses it)
		// A row statement of the block's own first on every path.
		"BEGIN NOT ATOMIC INSERT INTO t VALUES (1); INSERT INTO log VALUES (ROW_COUNT()); END":                                                                                            false,
		"FOR i IN 1..2 DO INSERT INTO t VALUES (i); IF i = 1 THEN UPDATE t SET k = 1; INSERT INTO log VALUES (ROW_COUNT()); END IF; END FOR":                                              false,
		"IF 1 THEN UPDATE t SET k = 1; SET @r = ROW_COUNT(); ELSE DELETE FROM t; SET @r = ROW_COUNT(); END IF":                                                                            false,
		"CASE (SELECT COUNT(*) FROM t) WHEN 0 THEN REPLACE INTO t VALUES (1); SET @r = ROW_COUNT(); ELSE INSERT INTO t VALUES (2); SELECT ROW_COUNT() INTO @r; END CASE":                  false,
		"CASE WHEN CASE WHEN 1 THEN 2 END = 2 THEN INSERT INTO t VALUES (1); SET @r = ROW_COUNT(); END CASE":                                                                              false,
		"WHILE @w < 2 DO SET @w = @w + 1; INSERT INTO t VALUES (@w); SET @r = ROW_COUNT(); END WHILE":                                                                                     false,
		"REPEAT SET @w = @w + 1; INSERT INTO t VALUES (@w); SET @r = ROW_COUNT(); UNTIL @w > 2 END REPEAT":                                                                                false,
		"BEGIN NOT ATOMIC DECLARE j INT DEFAULT 0; x: LOOP SET j = j + 1; IF j > 2 THEN LEAVE x; END IF; INSERT INTO t VALUES (j); INSERT INTO log VALUES (ROW_COUNT()); END LOOP x; END": false,
		"BEGIN NOT ATOMIC INSERT INTO t VALUES (1); IF 1 THEN SET @r = ROW_COUNT(); END IF; END":                                                                                          false,
		"BEGIN NOT ATOMIC INSERT INTO t VALUES ('ROW_COUNT'); END":                                                                                                                        false,
	} {
		sts := delimited(text + "//\n")
		if len(sts) != 1 {
			t.Fatalf("%s: %d statements", text, len(sts))
		}
		if !CompoundStatement(&sts[0]) && text[:5] != "BEGIN" {
			t.Fatalf("%s: not a compound statement", text)
		}
		if got := blockReadsRowCount(&sts[0]); got != want {
			t.Errorf("%s: reads the count before it %v, want %v", text, got, want)
		}
	}
}
