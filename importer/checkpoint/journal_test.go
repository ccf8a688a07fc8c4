package checkpoint

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/cespare/xxhash/v2"
	"github.com/google/go-cmp/cmp"
)

// TestJournalRoundTrip: what WriteJournal writes, ReadJournal reads back, filters included
// (an empty string is "no filters", not "not recorded").
func TestJournalRoundTrip(t *testing.T) {
	path := filepath.Join(t.TempDir(), "j")
	none := ""
	want := &Journal{
		RunID: NewRunID(), Dump: DumpIdentity{Name: "d.sql", Size: 10, HeadSHA256: "ab"},
		Target:        TargetIdentity{Hostname: "h", Port: 3306, Datadir: "/var/lib/mysql/", BootUnix: 5},
		ConnectionIDs: []int64{7, 8}, Parallel: 2, DeferIndexes: true, Filters: &none,
		StartedAt: time.Date(2026, 12, 3, 10, 0, 0, 0, time.UTC),
	}
	if err := WriteJournal(path, want); err != nil {
		t.Fatal(err)
	}
	got, err := ReadJournal(path)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("journal read back (-want +got):\n%s", diff)
	}
	if got.Filters == nil {
		t.Error("no filters read back as not recorded")
	}
}

// TestJournalBeforeFilters: a journal written before the filters were recorded (the
// fixture, as that dumpscope wrote it) still reads, and any filters pass its check.
func TestJournalBeforeFilters(t *testing.T) {
	j, err := ReadJournal("testdata/journal-before-filters.json")
	if err != nil {
		t.Fatal(err)
	}
	if j.RunID != "3f1c0d2b9a8e4f6071c2d3e4f5a6b7c8" || j.Dump.Size != 52428800 || j.Target.Port != 3306 || !j.DeferIndexes || len(j.ConnectionIDs) != 3 || j.Filters != nil {
		t.Errorf("fixture read as %+v", j)
	}
	if err := VerifyFilters(j, "tables=t1"); err != nil {
		t.Errorf("an old journal's filters cannot be checked, so none is refused: %v", err)
	}
}

func TestVerifyFilters(t *testing.T) {
	tables := "tables=t1"
	none := ""
	for _, tc := range []struct {
		recorded *string
		now      string
		refused  string // "" when accepted
	}{
		{&tables, "tables=t1", ""},
		{&none, "", ""},
		{&tables, "", "with --tables=t1, this one with no filter flags and no -D"},
		{&none, "exclude-tables=x", "with no filter flags and no -D, this one with --exclude-tables=x"},
	} {
		err := VerifyFilters(&Journal{Filters: tc.recorded}, tc.now)
		switch {
		case tc.refused == "" && err != nil:
			t.Errorf("%q → %q refused: %v", *tc.recorded, tc.now, err)
		case tc.refused != "" && (err == nil || !strings.Contains(err.Error(), tc.refused)):
			t.Errorf("%q → %q: %v, want a refusal saying %q", *tc.recorded, tc.now, err, tc.refused)
		}
	}
}

// TestVerifyDump: a file is its size and head hash; stdin (size -1) its head hash alone.
func TestVerifyDump(t *testing.T) {
	j := &Journal{Dump: DumpIdentity{Name: "stdin", Size: -1, HeadSHA256: "aa"}}
	if err := VerifyDump(j, DumpIdentity{Name: "stdin", Size: -1, HeadSHA256: "aa"}); err != nil {
		t.Errorf("the same stdin stream: %v", err)
	}
	if err := VerifyDump(j, DumpIdentity{Name: "stdin", Size: -1, HeadSHA256: "bb"}); err == nil {
		t.Error("a different stdin stream was accepted")
	}
	j.Dump.Size = 100
	if err := VerifyDump(j, DumpIdentity{Name: "d.sql", Size: 101, HeadSHA256: "aa"}); err == nil {
		t.Error("a file of another size was accepted")
	}
}

func TestMergeSpansAndSkip(t *testing.T) {
	r := &Run{prior: prior{done: mergeSpans([]span{{30, 40}, {0, 10}, {10, 20}, {35, 50}, {60, 70}})}}
	if diff := cmp.Diff([]span{{0, 20}, {30, 50}, {60, 70}}, r.done); diff != "" {
		t.Errorf("merged (-want +got):\n%s", diff)
	}
	for off, want := range map[int64]bool{0: true, 19: true, 20: false, 25: false, 30: true, 49: true, 50: false, 65: true, 70: false} {
		if got := r.Skip(off); got != want {
			t.Errorf("Skip(%d) = %v, want %v", off, got, want)
		}
	}
	if bytes, furthest := r.Committed(); bytes != 50 || furthest != 70 {
		t.Errorf("Committed() = %d, %d; want 50, 70", bytes, furthest)
	}
	var none *Run
	if none.Skip(0) || none.Reloads("a.b", 0) || none.DigestAt(0) != "" || none.Resumable() {
		t.Error("a nil Run is no checkpoint")
	}
}

func prefixDigest(b []byte) string {
	return fmt.Sprintf("xxh64:%016x", xxhash.Sum64(b))
}

// sha256Digest is the digest an older dumpscope wrote.
func sha256Digest(b []byte) string {
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:])
}

// TestDigestAt: the digest of the stream up to the end of what was observed, and up to
// the start of the last statement, is xxHash64 of that prefix.
func TestDigestAt(t *testing.T) {
	stream := []byte("CREATE TABLE t (id INT);\nINSERT INTO t VALUES (1);\n")
	r := &Run{}
	r.Observe(stream[:25])
	r.Observe(stream[25:])
	if got := r.DigestAt(int64(len(stream))); got != prefixDigest(stream) {
		t.Errorf("DigestAt(end) = %s", got)
	}
	if got := r.DigestAt(25); got != prefixDigest(stream[:25]) {
		t.Errorf("DigestAt(start of the last statement) = %s", got)
	}
	if got := r.DigestAt(3); got != "" {
		t.Errorf("DigestAt(3) = %q, want none", got)
	}
	// Inside the last statement: the stretch of one part of a text the server runs as
	// several (split.ServerParts).
	for _, at := range []int64{26, 30, int64(len(stream)) - 1} {
		if got := r.DigestAt(at); got != prefixDigest(stream[:at]) {
			t.Errorf("DigestAt(%d, inside the last statement) = %q, want %s", at, got, prefixDigest(stream[:at]))
		}
	}
}

// TestVerifyStream: the read pass refuses a dump whose committed bytes differ, even after
// the first MiB, and accepts one that differs only after the last committed byte.
func TestVerifyStream(t *testing.T) {
	dump := bytes.Repeat([]byte("INSERT INTO t VALUES (1);\n"), 100_000) // 2.6 MB
	r := &Run{prior: prior{digests: []endDigest{{1 << 20, ""}, {2 << 20, prefixDigest(dump[:2<<20])}}}}
	if err := r.VerifyStream("d.sql", bytes.NewReader(dump)); err != nil {
		t.Errorf("the same dump: %v", err)
	}
	tail := bytes.Clone(dump)
	tail[len(tail)-2] = '2' // after the last committed byte
	if err := r.VerifyStream("d.sql", bytes.NewReader(tail)); err != nil {
		t.Errorf("a dump that differs only after what committed: %v", err)
	}
	remade := bytes.Clone(dump)
	remade[1<<20+100] = '2' // after the first MiB, before the last committed byte
	if err := r.VerifyStream("d.sql", bytes.NewReader(remade)); err == nil || !strings.Contains(err.Error(), "differs from the dump the interrupted run imported") {
		t.Errorf("a re-made dump: %v", err)
	}
	if err := r.VerifyStream("d.sql", bytes.NewReader(dump[:1<<20])); err == nil || !strings.Contains(err.Error(), "ends at offset") {
		t.Errorf("a shorter dump: %v", err)
	}
	old := &Run{prior: prior{digests: []endDigest{{100, ""}}}}
	if err := old.VerifyStream("d.sql", bytes.NewReader(dump)); err == nil || !strings.Contains(err.Error(), "has no digest") {
		t.Errorf("rows of an older dumpscope: %v", err)
	}
}

// TestVerifySourceStdin: a stream has no second pass; once anything committed, resuming
// it is refused before anything is sent, naming the way out.
func TestVerifySourceStdin(t *testing.T) {
	r := &Run{prior: prior{done: []span{{0, 100}}}}
	err := r.verifySource(Params{Dump: DumpIdentity{Name: "stdin", Size: -1}, Log: io.Discard})
	if err == nil || !strings.Contains(err.Error(), "stdin cannot be read twice") || !strings.Contains(err.Error(), "resume with the dump as a FILE") {
		t.Errorf("stdin resume: %v", err)
	}
	if err := (&Run{}).verifySource(Params{Dump: DumpIdentity{Name: "stdin", Size: -1}}); err != nil {
		t.Errorf("nothing committed: %v", err)
	}
	// A file is read again through Reopen, up to the furthest committed byte.
	dump := []byte(strings.Repeat("x", 200))
	f := &Run{prior: prior{done: []span{{0, 100}}, digests: []endDigest{{100, prefixDigest(dump[:100])}}}}
	p := Params{DumpPath: "d.sql", Dump: DumpIdentity{Name: "d.sql"}, Log: io.Discard,
		Reopen: func() (string, io.ReadCloser, error) { return "d.sql", io.NopCloser(bytes.NewReader(dump)), nil }}
	if err := f.verifySource(p); err != nil {
		t.Errorf("file resume: %v", err)
	}
}

// TestAlreadyApplied: the errors a DDL statement run a second time gets.
func TestAlreadyApplied(t *testing.T) {
	for code, want := range map[uint16]bool{1007: true, 1050: true, 1061: true, 1359: true, 1539: true, 1062: false, 1146: false} {
		if AlreadyApplied(code) != want {
			t.Errorf("AlreadyApplied(%d) = %v", code, !want)
		}
	}
}

func TestStateDirFallback(t *testing.T) {
	t.Setenv("XDG_STATE_HOME", t.TempDir())
	dir := StateDir()
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() || filepath.Base(dir) != "dumpscope" {
		t.Errorf("StateDir() = %q (%v)", dir, err)
	}
}

// TestVerifyStreamOldDigests: rows with SHA-256 digests (older dumpscopes), alone or
// mixed with xxHash64 ones (a resumed run's), are checked against the dump; a digest of
// an unknown form is refused.
func TestVerifyStreamOldDigests(t *testing.T) {
	dump := bytes.Repeat([]byte("INSERT INTO t VALUES (1);\n"), 100_000) // 2.6 MB
	old := &Run{prior: prior{digests: []endDigest{{1 << 20, sha256Digest(dump[:1<<20])}, {2 << 20, sha256Digest(dump[:2<<20])}}}}
	mixed := &Run{prior: prior{digests: []endDigest{{1 << 20, sha256Digest(dump[:1<<20])}, {2 << 20, prefixDigest(dump[:2<<20])}}}}
	for name, r := range map[string]*Run{"sha256": old, "mixed": mixed} {
		if err := r.VerifyStream("d.sql", bytes.NewReader(dump)); err != nil {
			t.Errorf("%s: the same dump: %v", name, err)
		}
		for _, at := range []int{100, 1<<20 + 100} {
			remade := bytes.Clone(dump)
			remade[at] = '2'
			if err := r.VerifyStream("d.sql", bytes.NewReader(remade)); err == nil || !strings.Contains(err.Error(), "differs from the dump the interrupted run imported") {
				t.Errorf("%s: a dump changed at %d: %v", name, at, err)
			}
		}
	}
	unknown := &Run{prior: prior{digests: []endDigest{{100, "blake3:0123"}}}}
	if err := unknown.VerifyStream("d.sql", bytes.NewReader(dump)); err == nil || !strings.Contains(err.Error(), "does not know") {
		t.Errorf("a digest of unknown form: %v", err)
	}
}
