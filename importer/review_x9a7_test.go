package importer_test

import (
	"testing"
)

// TestReviewX9aInTransactionRead: in a checkpointed run gone serial (outside the dump's
// LOCK TABLES), INSERT … VALUES (…, @@in_transaction) or INSERT … SELECT …,
// @@in_transaction: the client's autocommit INSERT reads 0; dumpscope stores 1. Silent.
// (A procedure whose body reads it is refused at the CALL with the line and the reason,
// as x-fix7a meant; under the locks x-review6's lockState.ownTransaction runs such a
// statement on its own.)
//
// Cause: the statement itself reads connection state (plan.connStateVar, exact.go:66):
// the planner sends the rest serial (state.go exprState) but does not refuse it, and the
// checkpointed serial replay runs it inside a START TRANSACTION with its progress row
// (runBarrier, importer/replay/dispatch.go:485), where @@in_transaction is 1. x-fix7a
// refused only the bodies (fix7a_test.go TestFix7aTriggerReadsInTransaction: "no
// connection of a parallel replay gives 0"); the direct reader was left. Not a regression.
func TestReviewX9aInTransactionRead(t *testing.T) {
	reviewX9a(t)
	for name, body := range map[string]string{
		"insert-values": "INSERT INTO r (what, n) VALUES ('in_transaction', @@in_transaction);\n",
		"insert-select": "INSERT INTO r (what, n) SELECT 'in_transaction', @@in_transaction;\n",
	} {
		t.Run(name, func(t *testing.T) { importMatchesClient(t, x9Serial(body), checkpointed(t), "x9") })
	}
}
