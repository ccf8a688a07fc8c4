package replay

import (
	"database/sql/driver"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/importer/split"
)

// TestParallelAtSaysConnectionLost: an error of the dispatcher's bookkeeping that is a
// lost connection says "connection to the server lost", as a statement's own does
// (seed 164241 stopped with its server: "INSERT `mdn1`: record the intent of a statement
// on a non-transactional table: look up the non-transactional tables: driver: bad
// connection"); any other error keeps its words. Before: 1 of the 2 cases failed.
func TestParallelAtSaysConnectionLost(t *testing.T) {
	p := &ParallelReplayer{}
	p.opt.Name = "dump.sql"
	st := &split.Statement{Offset: 4389, Line: 94, SQL: []byte("INSERT INTO mdn1 VALUES (1)"), Kind: split.KindInsert, Table: "mdn1"}
	lost := fmt.Errorf("record the intent of a statement on a non-transactional table: %w", fmt.Errorf("look up the non-transactional tables: %w", driver.ErrBadConn))
	got := p.at(st, lost).Error()
	if !strings.Contains(got, "connection to the server lost (record the intent") || !strings.Contains(got, "offset 4389, line 94") {
		t.Errorf("lost connection: %s", got)
	}
	if !errors.Is(p.at(st, lost), driver.ErrBadConn) {
		t.Errorf("the driver's error is no longer wrapped: %s", got)
	}
	other := p.at(st, errors.New("look up whether this import created x: denied")).Error()
	if strings.Contains(other, "connection to the server lost") {
		t.Errorf("another error read as a lost connection: %s", other)
	}
}
