package plan

import (
	"strings"

	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/sqlscan"
)

// InnoDB moves a table's AUTO_INCREMENT counter past an explicit id by the
// auto_increment_increment and auto_increment_offset that the table's open handle last
// generated ids with, not by the session's (MariaDB 10.11: write_row steps by the handle's
// cached values, which only generating an id sets). A handle is not a connection's: the
// server's table cache gives it to the next connection that opens the table, and a
// connection that opens the table while another holds it gets a fresh one, which steps by
// 1; FLUSH TABLES or a restart leaves only fresh ones. The client, one connection, keeps
// the handle of its last statement that generated ids: after SET auto_increment_increment=5,
// auto_increment_offset=3, an INSERT that generated ids and SET … =1, its explicit id 20299
// leaves AUTO_INCREMENT=20303, and a worker on a fresh handle leaves 20300 (the corpus's
// autoinc-session: 20302 where the client has 20305 after a resume whose batches of the
// table ran side by side, TestImportPlanCorpus2Kill9). So once ids of a table were
// generated under a step other than 1, its rows run on the control connection in stream
// order (Plan.StepAt), until ids are generated there with the step 1 again, and a resume
// that skipped that statement cannot know the handle's step (replay/exact.go refuses).
// The control connection gets the handle back from the table cache as the client's
// statements do, as long as no other connection opened the table in between (a worker's
// foreign key check of a child row, a trigger of another table): the same condition the
// client's own run depends on, which dumpscope cannot see either.

// autoincStep follows the session's auto_increment_increment and auto_increment_offset.
type autoincStep struct {
	// stepped: both are known to be 1 (the server's default) when false.
	stepped bool
	notOne  map[string]bool // which of the two is not known to be 1
	// at is, per table (db.table), 1 + the offset of the last statement that generated
	// ids into it while stepped.
	at map[string]int64
}

// SessionStep gives the planner the control connection's auto_increment_increment and
// auto_increment_offset before the dump's first statement: a session starts with the
// server's global values, which are not 1 on a master-master pair (2) or under Galera's
// wsrep_auto_increment_control (the cluster's size), and ids the dump leaves to the server
// are then generated under that step from its first statement on.
func (p *Planner) SessionStep(increment, offset int64) {
	p.step.notOne = map[string]bool{"auto_increment_increment": increment != 1, "auto_increment_offset": offset != 1}
	p.step.stepped = increment != 1 || offset != 1
}

// noteSet follows a SET statement.
func (s *autoincStep) noteSet(st *split.Statement) {
	for _, a := range ParseSet(st.SQL, st.Syntax()) {
		name := strings.ToLower(a.Name)
		if a.Global || (name != "auto_increment_increment" && name != "auto_increment_offset") {
			continue
		}
		if s.notOne == nil {
			s.notOne = map[string]bool{}
		}
		s.notOne[name] = strings.TrimSpace(a.Value) != "1"
	}
	s.stepped = s.notOne["auto_increment_increment"] || s.notOne["auto_increment_offset"]
}

// noteIDs follows a statement that generated ids into key (or may have: stepped or not is
// then unknown, and a table stays stepped).
func (s *autoincStep) noteIDs(st *split.Statement, key string, surely bool) {
	// An INSERT that names the variables itself (in a comment, a string, a nested
	// SET STATEMENT): a step may hold for it. (SET STATEMENT … FOR INSERT is not a row
	// insert: it sends the run serial, where no worker opens the table.)
	if s.stepped || sqlscan.ContainsFoldASCII(st.SQL, "auto_increment_") {
		if s.at == nil {
			s.at = map[string]int64{}
		}
		s.at[key] = st.Offset + 1
	} else if surely {
		delete(s.at, key)
	}
}

// stepAt places a plain row insert with explicit ids into key (pl) after ids of the table
// were generated under a step: on the control connection, with the statement's offset.
func (s *autoincStep) stepAt(key string, pl *Plan) {
	at := s.at[key]
	if at == 0 {
		return
	}
	pl.StepAt = at
	if pl.Kind == Rows {
		pl.Kind = Barrier
	}
}

// serialInsert follows an INSERT of a run gone serial (pl), where every statement runs on
// the control connection but a resume still needs StepAt.
func (s *autoincStep) serialInsert(st *split.Statement, db string, ri rowInsert, plain bool, cat Catalog, pl *Plan) error {
	key := StatementTableKey(st, db)
	if !plain {
		s.noteIDs(st, key, false)
		return nil
	}
	if len(s.at) == 0 && !s.stepped && !sqlscan.ContainsFoldASCII(st.SQL, "auto_increment_") {
		return nil // nothing to follow: no catalog question per statement
	}
	f, err := cat.Table(key)
	if err != nil {
		return err
	}
	s.rows(st, key, ri, f, pl)
	return nil
}

// rows follows a plain row insert into key, whose table's facts are f: ids it leaves to
// the server mark the table (noteIDs), explicit ids are placed after ids generated under
// a step (stepAt). The one rule for parallel, global-barrier and serial plans.
func (s *autoincStep) rows(st *split.Statement, key string, ri rowInsert, f TableFacts, pl *Plan) {
	if f.AutoIncrement == "" {
		return
	}
	if ri.generatesIDs(f) {
		s.noteIDs(st, key, true)
	} else {
		s.stepAt(key, pl)
	}
}
