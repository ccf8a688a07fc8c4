package importer_test

import "testing"

// TestXFix72ProcTempResumedOpen pins x-fix61's over-refusals that x-fix72 left (loud: a
// refusal naming the CALL, never a difference): the fuzzer's proc-temp shape, a CALL
// whose body makes a temporary table under IF (ptc1) and one always (pta1, IF NOT
// EXISTS), rows written into ptc1 after it, both copied into a real table, then (or not)
// dropped. Killed past a commit after the CALL, the resume skips the CALL (committed,
// not volatile: plan/bodytemps.go madeByCode) and may not send the writes of ptc1 again
// without it (replay/temprebuild.go refuseByCode); where neither is dropped, pta1 is
// still there at the resume point, rebuilt otherwise (refused there). Exact would be to
// send the CALL itself again, as a volatile statement, when its body (transitively)
// makes and writes temporary tables only and reads real ones the resume can show
// unchanged (exactFill's conditions; routinetemp.go's throughCode does this for bodies
// that only write held temporary tables): the resume's session then holds what the
// client's held, the conditional table included (same argument, same IF). Not done:
// reach counts a table the body makes itself as a real one, and CREATE TEMPORARY TABLE
// IF NOT EXISTS/plain CREATE inside it must meet the resume's rebuilt session exactly
// (ERROR 1050 at the second CALL, as the client's); plan/ territory beyond this task.
// The stand-in for a DROP … IF EXISTS of a table made under IF stays refused for a like
// reason: the client's may have got a note (no table) where a stand-in gets none.
//
// Still gated (x-fix81, on 282422e9 + x-fix81): 12 of the "dropped" and 10 of the "not
// dropped" kill points refused, every one at the CALL ptp1(2) with temprebuild.go's
// "cannot rebuild temporary table x61.ptc1 as the dump made it: … the body it runs makes
// or drops it"; no kill point differs from the client. So the gate guards an
// over-refusal, never a difference, and it must stay until the resume can send the CALL
// again as a volatile statement (the fix above): ungated, the test asserts what the code
// does not claim to do and would fail CI.
func TestXFix72ProcTempResumedOpen(t *testing.T) {
	reviewX(t)
	for name, tail := range map[string]string{
		"dropped":     "DROP TEMPORARY TABLE ptc1;\nDROP TEMPORARY TABLE pta1;\nINSERT INTO pt1 VALUES (700,'after');\n",
		"not dropped": "INSERT INTO pt1 VALUES (700,'after');\n",
	} {
		t.Run(name, func(t *testing.T) {
			script := x61Proc + "CALL ptp1(2);\nINSERT INTO ptc1 VALUES (1,'c1'),(2,'c2');\nINSERT INTO pt1 VALUES (520,'r520');\n" +
				"INSERT INTO ptc1 VALUES (3,'c3');\nINSERT INTO pt1 SELECT id, v FROM ptc1;\nINSERT INTO pt1 SELECT id + 1000, v FROM pta1;\n" + tail
			refused, _ := x61Sweep(t, script, "CALL ptp1(2)")
			if len(refused) > 0 {
				t.Errorf("%d kill points refused (over-refusal); want the client's at each", len(refused))
			}
		})
	}
}
