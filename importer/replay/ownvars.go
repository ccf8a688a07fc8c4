package replay

import (
	"crypto/rand"
	"encoding/hex"
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
