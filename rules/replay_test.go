package rules

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"sort"
	"testing"

	"github.com/dumpscope/dumpscope/advisor"
	"github.com/dumpscope/dumpscope/runrecord"
)

var update = flag.Bool("update", false, "rewrite the generated run records in testdata/")

// replay feeds a record's samples through rules as `dumpscope advise --run` does: the
// variables in force at each sample's time, the record's devices, probe, host and dump.
func replay(rec *runrecord.Record, rules []advisor.Rule) ([]advisor.Finding, []advisor.Event) {
	e := advisor.NewEngine(rules, advisor.DefaultWindowSeconds)
	var events []advisor.Event
	for _, s := range rec.Samples {
		env := &advisor.Env{
			Server:          rec.Server.ServerInfo(s.T),
			Devices:         rec.Devices,
			Probe:           rec.Probe,
			Dump:            rec.Dump,
			IntervalSeconds: rec.IntervalSeconds,

			ImportConnections: rec.ImportConnections,
		}
		if rec.Host != nil {
			env.Host = *rec.Host
		}
		events = append(events, e.Observe(env, s)...)
	}
	return e.Findings(), events
}

// firedIDs lists the distinct finding ids, sorted.
func firedIDs(fs []advisor.Finding) []string {
	seen := map[string]bool{}
	var ids []string
	for _, f := range fs {
		if !seen[f.ID] {
			seen[f.ID] = true
			ids = append(ids, f.ID)
		}
	}
	sort.Strings(ids)
	return ids
}

// golden writes rec to testdata/name with -update, and otherwise checks that the
// committed file is exactly what the generator produces and is a valid run record.
func golden(t *testing.T, name string, rec *runrecord.Record) *runrecord.Record {
	t.Helper()
	// The fixtures stay version 1: they are the proof that readers keep reading it.
	rec.Version = runrecord.VersionOne
	var buf bytes.Buffer
	if err := runrecord.Write(&buf, rec); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./rules -run %s -update)", err, t.Name())
	}
	if !bytes.Equal(got, buf.Bytes()) {
		t.Fatalf("%s differs from its generator (run go test ./rules -run %s -update)", path, t.Name())
	}
	if err := runrecord.Validate(got); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	back, err := runrecord.Read(bytes.NewReader(got))
	if err != nil {
		t.Fatal(err)
	}
	return back
}
