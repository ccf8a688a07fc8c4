package preflight

import (
	"encoding/json"
	"fmt"
	"sort"

	"github.com/dumpscope/dumpscope/importer/sqlscan"
)

// What a checked run's target held at its start, kept in its checkpoint journal so that a
// --resume checks as the first attempt did (TestReviewX23ResumeAfterStopOverwrites). The
// resume cannot read it from the target: the first attempt's own tables are there now,
// and the tables it filled no longer read as empty. Its skipped statements need not be
// replayed through the check: each passed it in the attempt that ran it (else that
// attempt had stopped before it), and what passing statements change in a Preflight is
// about objects that did not exist (created, dropped) or the current database, which the
// resume's USE statements (session statements, sent again) set. Not so for the views the
// dump made (a write into one writes the target's tables it reads): the resume reads
// them from the target (NoteMadeViews, views.go).

// state is a Preflight's start in JSON: sorted lists, one a kind of object.
type state struct {
	Databases []string `json:"databases"`
	Tables    []string `json:"tables"`       // sqlscan.TableKey
	Empty     []string `json:"empty_tables"` // sqlscan.TableKey
	Objects   []string `json:"objects"`      // objectKey
	// Calls are the findings of the target's routines (calls.go), by objectKey: a
	// journal without them resumes with calls unread, as before.
	Calls map[string]string `json:"routine_calls,omitempty"`
	// Sequences: the target holds a sequence (row inserts are read for NEXTVAL): a
	// journal without it resumes with them unread, as before.
	Sequences bool `json:"holds_sequences,omitempty"`
	// SeqDefaults: the columns whose DEFAULT moves the target's sequence (sequences.go).
	SeqDefaults seqDefaults `json:"sequence_defaults,omitempty"`
	// SeqHidden: those of them that are INVISIBLE (a row without a column list leaves them out).
	SeqHidden seqDefaults `json:"sequence_defaults_invisible,omitempty"`
	// TargetMerges: the target's MERGE tables and the tables under each (made.go): a
	// resume's LIKE copy of one is a MERGE table over them.
	TargetMerges map[sqlscan.TableKey][]sqlscan.TableKey `json:"merge_tables,omitempty"`
}

// State is p's view of the target as New read it, for the journal; call it before the
// first statement is observed (what the dump made since would count as the target's).
func (p *Preflight) State() ([]byte, error) {
	s := state{Databases: sortedKeys(p.databases), Tables: sortedKeys(p.tables), Empty: sortedKeys(p.empty), Objects: sortedKeys(p.objects), Calls: p.calls, Sequences: p.sequences, SeqDefaults: p.seqDefaults, SeqHidden: p.seqHidden, TargetMerges: p.targetMerges}
	return json.Marshal(s)
}

// FromState is the Preflight a run's State recorded, its unqualified names belonging to
// current until the dump's USE.
func FromState(b []byte, current string) (*Preflight, error) {
	var s state
	if err := json.Unmarshal(b, &s); err != nil {
		return nil, fmt.Errorf("preflight: the checkpoint's record of the target: %w", err)
	}
	p := &Preflight{databases: map[string]bool{}, tables: map[sqlscan.TableKey]bool{}, empty: map[sqlscan.TableKey]bool{},
		created: map[sqlscan.TableKey]bool{}, createdDBs: map[string]bool{}, current: current,
		objects: map[string]bool{}, createdObjects: map[string]bool{}}
	for _, d := range s.Databases {
		p.databases[d] = true
	}
	for _, t := range s.Tables {
		p.tables[sqlscan.TableKey(t)] = true
	}
	for _, t := range s.Empty {
		p.empty[sqlscan.TableKey(t)] = true
	}
	for _, o := range s.Objects {
		p.objects[o] = true
	}
	p.calls, p.sequences, p.seqDefaults, p.seqHidden = s.Calls, s.Sequences, s.SeqDefaults, s.SeqHidden
	p.targetMerges = s.TargetMerges
	p.noteCalls()
	return p, nil
}

func sortedKeys[K ~string](m map[K]bool) []string {
	out := make([]string, 0, len(m))
	for k, ok := range m {
		if ok {
			out = append(out, string(k))
		}
	}
	sort.Strings(out)
	return out
}
