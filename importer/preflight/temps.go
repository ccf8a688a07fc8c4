package preflight

import (
	"strings"

	"github.com/dumpscope/dumpscope/importer/sqlscan"
)

// shadowed reports whether w acts on one of the dump's TEMPORARY tables, and notes the
// ones st (temporary: CREATE/DROP TEMPORARY TABLE) makes or drops: CREATE TEMPORARY
// TABLE other.k shadows the target's other.k until dropped, DROP [TEMPORARY] TABLE drops
// the temporary one first (TestReviewX23TemporaryShadowRefused).
func (p *Preflight) shadowed(w write, temporary bool) bool {
	key := sqlscan.TableKeyOf(w.db, w.table)
	switch {
	case temporary && strings.HasPrefix(w.action, "CREATE TABLE"):
		if p.temps == nil {
			p.temps = map[sqlscan.TableKey]bool{}
		}
		p.temps[key] = true
		return true
	case temporary: // DROP TEMPORARY TABLE [IF EXISTS]: never a base table
		delete(p.temps, key)
		return true
	case w.action == "RENAME TABLE onto" && p.renaming != "":
		// The temporary table's new name: the old one is the target's table again. The
		// new name is still checked against the target's (an over-refusal at worst).
		delete(p.temps, p.renaming)
		p.temps[key], p.renaming = true, ""
		return false
	case !p.temps[key]:
		return false
	case w.action == "DROP TABLE":
		delete(p.temps, key)
		return true
	case strings.HasPrefix(w.action, "CREATE"), w.action == "RENAME TABLE onto":
		return false // the base table's name space: fails or replaces what exists
	}
	if w.action == "RENAME TABLE" || w.action == "ALTER TABLE" {
		p.renaming = key // its new name, if any, is the next write
	}
	return true // rows, ALTER, TRUNCATE, RENAME of the temporary table
}
