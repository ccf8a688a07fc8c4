package replay

import (
	"crypto/rand"
	"encoding/hex"

	"github.com/dumpscope/dumpscope/importer/plan"
	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/sqlscan"
)

// ownVarSuffix ends the name of each user variable dumpscope itself sets on the control
// connection (foundRowsVar, rowCountVar). A fixed name is one a dump may use as well: its
// `SET @dumpscope_found_rows = 'mine'` was overwritten by holdFound, and its `SET
// @dumpscope_found_rows = 99` after an INSERT … SELECT read as FOUND_ROWS() by give
// (x-review19 #3, TestReviewX19DumpOwnFoundRowsVariable). 64 random bits drawn when the
// process starts: no dump can name the variable, not even one that builds names in a
// PREPARE, since nothing the client's connection can read holds the suffix (the
// variables live on dumpscope's connections only and are never journaled: a resume's new
// connection starts without them).
var ownVarSuffix = func() string {
	var b [8]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic("replay: no random bytes for dumpscope's own variable names: " + err.Error())
	}
	return hex.EncodeToString(b[:])
}()

// foundRowsVar is the user variable in which holdFound keeps FOUND_ROWS() on the control
// connection.
var foundRowsVar = "@dumpscope_found_rows_" + ownVarSuffix

// rowCountVar is the user variable rowCounts.giveRow's SELECT 1 INTO writes (to leave
// ROW_COUNT() 1); its value is never read.
var rowCountVar = "@dumpscope_row_count_" + ownVarSuffix

// ownVarsRefusal is why the parallel replay refuses a statement that names
// information_schema.USER_VARIABLES (refuseOwnVarsRead).
const ownVarsRefusal = "it names information_schema.USER_VARIABLES, which lists dumpscope's own user variables on its connections (a user variable cannot be unset: set to NULL it is still listed); " +
	"import this dump without --parallel, --checkpoint, --load-data and --defer-indexes: the serial replay sends only the client's statements"

// refuseOwnVarsRead refuses, in the parallel replay, a statement whose text names
// USER_VARIABLES: information_schema.USER_VARIABLES lists the variables of the
// connection, dumpscope's own among them (foundRowsVar, set after an INSERT … SELECT of
// one row, and rowCountVar), and no statement removes them (measured on 10.11: after `SET
// @a = NULL` @a is still listed). `INSERT INTO sv SELECT 'vars', COUNT(*) FROM
// information_schema.USER_VARIABLES` stored 2 where the client stores 1 (x-review20,
// TestReviewX20OwnVariableListed, --parallel 2 and --load-data). Read from the text,
// strings included (EXECUTE IMMEDIATE of a literal, a routine's or view's body at its
// CREATE), whether or not one of dumpscope's variables is set yet; not read: a text
// built at run time, an INSERT of more than one row and one of literal values, planned
// so (pl.Literal), whatever its rows (their VALUES are data; scanning every batch would
// cost a pass over the dump).
func refuseOwnVarsRead(p *ParallelReplayer, st *split.Statement, pl plan.Plan) error {
	if st.Kind == split.KindClient || (st.Kind == split.KindInsert && (st.Rows > 1 || pl.Literal)) || !sqlscan.ContainsFoldASCII(st.SQL, "USER_VARIABLES") {
		return nil
	}
	se := p.serial.refuse(st, ownVarsRefusal)
	se.Err = ErrSerialOnly
	return se
}
