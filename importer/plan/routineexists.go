package plan

import (
	"strings"

	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/sqlscan"
	"github.com/dumpscope/dumpscope/importer/transform"
)

// RoutineCatalog is a Catalog that also says whether a procedure exists on the target
// (information_schema in a replay). The planner asks it at a CREATE PROCEDURE IF NOT
// EXISTS of a name the dump has not created or dropped before: the server keeps a
// procedure that was there before the dump, whose body the planner does not know, so
// without the answer every later CALL of the name was refused under --parallel,
// --checkpoint, --load-data and --defer-indexes ("the dump did not create the
// procedure"), into an empty target too (TestProcedureIfNotExistsNew). A Catalog
// without it leaves the name unknown, as before.
type RoutineCatalog interface {
	Catalog
	// ProcedureExists reports whether procedure name exists in database db.
	ProcedureExists(db, name string) (bool, error)
}

// lookUpNewProcedure asks cat, before st runs, whether the procedure that st creates with
// CREATE PROCEDURE IF NOT EXISTS (itself, or through EXECUTE IMMEDIATE or a prepared
// statement) exists, when the registry does not know the name; one that does not is noted
// as absent, so that observeRoutine takes the CREATE for a plain one.
func (r *registry) lookUpNewProcedure(st *split.Statement, cat Catalog) error {
	rc, ok := cat.(RoutineCatalog)
	if !ok {
		return nil
	}
	db := r.db
	for depth := 0; depth < wrapDepth && st.Kind == split.KindOther; depth++ {
		in, prepared, _ := transform.Wrapped(st)
		if prepared != "" && strings.EqualFold(sqlscan.FirstWord(st.SQL, st.Syntax()), "EXECUTE") {
			p := r.prepared[prepared]
			in, db = p.st, p.db
		} else if strings.EqualFold(sqlscan.FirstWord(st.SQL, st.Syntax()), "PREPARE") {
			return nil // prepares, creates nothing
		}
		if in == nil {
			return nil
		}
		st = in
	}
	if st.Kind != split.KindRoutine || st.Verb != "CREATE PROCEDURE" || st.Table == "" || !createIfNotExists(st) {
		return nil
	}
	if st.Database != "" {
		db = st.Database
	}
	key := KeyOf(db, strings.ToLower(st.Table))
	if _, seen := r.procs[key]; seen || db == "" {
		return nil
	}
	// After the dump's DROP DATABASE the procedure is not there, whatever the target had
	// before the dump. Asked, a resume's journal answered "there before the first attempt"
	// (checkpoint.ProcedureExistedBefore) for one the dump had dropped with its database
	// and made anew in an earlier attempt, and every later CALL was refused (x-review16 #9,
	// TestReviewX16ProcedureBeforeDroppedDatabase).
	if !r.droppedDatabases[db] {
		exists, err := rc.ProcedureExists(db, st.Table)
		if err != nil || exists {
			return err
		}
	}
	if r.procs == nil {
		r.procs = map[string]procBody{}
	}
	r.procs[key] = procBody{absent: true}
	return nil
}

// procedureExists is cat's ProcedureExists, or nil when cat cannot tell.
func procedureExists(cat Catalog) func(db, name string) (bool, error) {
	if rc, ok := cat.(RoutineCatalog); ok {
		return rc.ProcedureExists
	}
	return nil
}
