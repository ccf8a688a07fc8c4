package gen

import (
	"bytes"
	"fmt"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/dumpscope/dumpscope/internal/testsandbox"
	"github.com/dumpscope/dumpscope/sandbox"
)

// TestImportAndRedump imports generated dumps into a real server with the mariadb client,
// checks every table's row count against Stats, and re-dumps with mariadb-dump in the same
// mode: the output must be byte-identical to what gen wrote (version lines aside). That
// proves the dump imports cleanly and that gen writes exactly what mariadb-dump writes:
// schema text, escaping, extended-INSERT batching, trigger/event/routine/view sections.
func TestImportAndRedump(t *testing.T) {
	client := testsandbox.RequireTool(t, "mariadb")
	dumper := testsandbox.RequireTool(t, "mariadb-dump")
	srv := testsandbox.Start(t)
	// The two header lines that name the client and server builds are the only text a
	// re-dump from another MariaDB build may legitimately change.
	versionLines := regexp.MustCompile(`(?m)^-- (MariaDB dump|Server version).*$`)

	tests := []struct {
		name     string
		o        Options
		dumpArgs []string
	}{
		{"default 2MiB", sized(2 << 20), nil},
		{"skip-extended-insert", sized(1<<20, func(o *Options) { o.ExtendedInsert = false; o.Seed = 5 }), []string{"--skip-extended-insert"}},
		{"net-buffer-length 16K, 11 tables, events", sized(3<<20, func(o *Options) { o.RowsPerInsertBytes = 16384; o.Tables = 11; o.Seed = 9; o.Events = true }),
			[]string{"--net-buffer-length=16384", "--events"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dump, st := generate(t, tt.o)
			mysql(t, client, srv, dump, "DROP DATABASE IF EXISTS "+DefaultDatabase)
			mysql(t, client, srv, dump, "")

			want := map[string]int64{}
			for _, ts := range st.Tables {
				want[ts.Name] = ts.Rows
			}
			got := map[string]int64{}
			for _, ts := range st.Tables {
				out := mysql(t, client, srv, nil, fmt.Sprintf("SELECT COUNT(*) FROM %s.%s", DefaultDatabase, ts.Name))
				n, err := strconv.ParseInt(strings.TrimSpace(string(out)), 10, 64)
				if err != nil {
					t.Fatalf("count %s: %q", ts.Name, out)
				}
				got[ts.Name] = n
			}
			if d := cmp.Diff(want, got); d != "" {
				t.Errorf("row counts, Stats (-) vs server (+):\n%s", d)
			}
			// Views, triggers, events and routines arrived too.
			objs := mysql(t, client, srv, nil, "SELECT (SELECT COUNT(*) FROM information_schema.views WHERE table_schema='"+DefaultDatabase+"'),"+
				"(SELECT COUNT(*) FROM information_schema.triggers WHERE trigger_schema='"+DefaultDatabase+"'),"+
				"(SELECT COUNT(*) FROM information_schema.events WHERE event_schema='"+DefaultDatabase+"'),"+
				"(SELECT COUNT(*) FROM information_schema.routines WHERE routine_schema='"+DefaultDatabase+"')")
			wantObjs := "1 1 0 1"
			if tt.o.Events {
				wantObjs = "1 1 1 1"
			}
			if s := strings.Join(strings.Fields(string(objs)), " "); s != wantObjs {
				t.Errorf("views, triggers, events, routines: %s, want %s", s, wantObjs)
			}

			args := append(srv.ClientArgs(), "--routines", "--triggers", "--skip-dump-date")
			args = append(append(args, tt.dumpArgs...), "--databases", DefaultDatabase)
			cmd := exec.Command(dumper, args...)
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			redump, err := cmd.Output()
			if err != nil {
				t.Fatalf("mariadb-dump: %v: %s", err, stderr.Bytes())
			}
			a := versionLines.ReplaceAll(dump, nil)
			b := versionLines.ReplaceAll(redump, nil)
			if !bytes.Equal(a, b) {
				t.Errorf("re-dump differs from the generated dump: %s", firstDiff(a, b))
			}
		})
	}
}

// mysql runs the mariadb client with stdin, or with -e query when query is set, and
// returns its stdout (-N -B: bare values).
func mysql(t *testing.T, client string, srv *sandbox.Server, stdin []byte, query string) []byte {
	t.Helper()
	args := append(srv.ClientArgs(), "-N", "-B")
	if query != "" {
		args = append(args, "-e", query)
		stdin = nil
	}
	cmd := exec.Command(client, args...)
	cmd.Stdin = bytes.NewReader(stdin)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("mariadb %s: %v: %s", query, err, stderr.Bytes())
	}
	return out
}

// firstDiff describes where two byte slices first differ, with the lines around it.
func firstDiff(a, b []byte) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	line := bytes.Count(a[:i], []byte("\n")) + 1
	ctx := func(x []byte) string {
		lo := max(0, bytes.LastIndexByte(x[:min(i, len(x))], '\n')+1)
		hi := min(len(x), lo+200)
		return fmt.Sprintf("%q", x[lo:hi])
	}
	return fmt.Sprintf("byte %d (line %d; lengths %d and %d):\n  generated %s\n  re-dumped %s", i, line, len(a), len(b), ctx(a), ctx(b))
}
