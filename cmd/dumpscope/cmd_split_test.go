package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/klauspost/compress/gzip"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/importer/split"
)

func TestRunSplitText(t *testing.T) {
	var out, errb bytes.Buffer
	code := runSplit([]string{"../../importer/split/testdata/split/routines.sql"}, stdio{In: strings.NewReader(""), Out: &out, Err: &errb})
	if code != exitOK {
		t.Fatalf("exit %d, stderr %q", code, errb.String())
	}
	want := `../../importer/split/testdata/split/routines.sql (plain): 1.4 KiB uncompressed
36 statements (28 with SQL), 4 rows

     kind  statements  rows  bytes
      ddl           4     0  153 B
   insert           2     4  127 B
    other           9     0  137 B
  routine           5     0  526 B
  session           8     0  257 B

           table  statements  rows  bytes
  splitdb.we;ird           3     4  205 B

DELIMITER blocks: 4
sql_mode changes: 4
largest statement: 149 B (149 bytes, routine t3) at offset 773, line 30
max_allowed_packet needed: 1024 (1.0 KiB) = largest statement + 1 command byte, rounded up to a multiple of 1024
`
	if d := cmp.Diff(want, out.String()); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
}

func TestRunSplitJSONGzipStdin(t *testing.T) {
	// The same dump through stdin, gzip-compressed: the summary must not change but for the
	// file name, format and compressed size.
	plain, err := os.ReadFile("../../importer/split/testdata/split/routines.sql")
	if err != nil {
		t.Fatal(err)
	}
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	if _, err := zw.Write(plain); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}

	var a, b, errb bytes.Buffer
	if code := runSplit([]string{"--json", "../../importer/split/testdata/split/routines.sql"}, stdio{Out: &a, Err: &errb}); code != exitOK {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	if code := runSplit([]string{"-", "--json"}, stdio{In: &gz, Out: &b, Err: &errb}); code != exitOK {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	var sa, sb importer.DumpSummary
	if err := json.Unmarshal(a.Bytes(), &sa); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b.Bytes(), &sb); err != nil {
		t.Fatal(err)
	}
	if sb.Format != "gzip" || sb.File != "stdin" {
		t.Errorf("stdin summary: file %q format %q", sb.File, sb.Format)
	}
	sb.File, sb.Format, sb.CompressedBytes = sa.File, sa.Format, sa.CompressedBytes
	if d := cmp.Diff(sa, sb, cmpopts.IgnoreUnexported(split.Summary{})); d != "" {
		t.Errorf("plain vs gzip stdin (-plain +gzip):\n%s", d)
	}
	if sa.Largest == nil || sa.MaxAllowedPacketBytes != 1024 || sa.Rows != 4 || sa.DelimiterBlocks != 4 {
		t.Errorf("summary: %+v", sa)
	}
}

func TestRunSplitErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.sql")
	if err := os.WriteFile(bad, []byte("SELECT 1;\nSELECT 'never closed;\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// A gzip stream cut short: the error names the file, how far it got, and the line.
	plain, err := os.ReadFile("../../importer/split/testdata/split/routines.sql")
	if err != nil {
		t.Fatal(err)
	}
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	if _, err := zw.Write(bytes.Repeat(plain, 50)); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	truncated := filepath.Join(dir, "cut.sql.gz")
	if err := os.WriteFile(truncated, gz.Bytes()[:gz.Len()/2], 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	if code := runSplit([]string{truncated}, stdio{Out: &out, Err: &errb}); code != exitFailure {
		t.Fatalf("truncated gzip: exit %d, stderr %q", code, errb.String())
	}
	if msg := errb.String(); !strings.HasPrefix(msg, "dumpscope split: "+truncated+": gzip input, uncompressed offset ") ||
		!regexp.MustCompile(`\(line [1-9][0-9]*\)\n$`).MatchString(msg) || strings.Count(msg, "\n") != 1 {
		t.Errorf("truncated gzip: stderr %q", msg)
	}

	tests := []struct {
		name    string
		args    []string
		code    int
		wantErr string
	}{
		{"unterminated string", []string{bad}, exitFailure,
			"dumpscope split: " + bad + ": offset 17, line 2: unterminated string ('…) at end of input: the dump is cut off or its quotes do not match; none of it is sent (the mariadb client sends the rest as one statement, which the server may reject or run)\n"},
		{"missing file", []string{filepath.Join(dir, "nope.sql")}, exitFailure,
			"dumpscope split: open " + filepath.Join(dir, "nope.sql") + ": no such file or directory\n"},
		{"no file", nil, exitUsage, ""},
		{"two files", []string{bad, bad}, exitUsage, ""},
		{"unknown flag", []string{"--nope", bad}, exitUsage, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			code := runSplit(tt.args, stdio{In: strings.NewReader(""), Out: &out, Err: &errb})
			if code != tt.code {
				t.Fatalf("exit %d, want %d (stderr %q)", code, tt.code, errb.String())
			}
			if tt.wantErr != "" && errb.String() != tt.wantErr {
				t.Errorf("stderr %q, want %q", errb.String(), tt.wantErr)
			}
			if tt.code == exitUsage && !strings.Contains(errb.String(), "Try 'dumpscope split --help'") {
				t.Errorf("usage error without usage: %q", errb.String())
			}
		})
	}
}

// TestRunSplitRenameFollowsSQLMode: `dumpscope split` follows the dump's SET sql_mode
// (TrackSQLMode) and --rename-database reads each statement the way it was split. The
// Transform kept its own copy of ANSI_QUOTES, set only by a replayer that reads the
// server's sql_mode; split has none, so after SET sql_mode='ANSI_QUOTES' the rename read
// "shop".t as a string and mapped nothing, where the import renames it.
func TestRunSplitRenameFollowsSQLMode(t *testing.T) {
	dump := filepath.Join(t.TempDir(), "ansi.sql")
	if err := os.WriteFile(dump, []byte("SET sql_mode='ANSI_QUOTES';\nINSERT INTO \"shop\".t VALUES (1);\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	if code := runSplit([]string{"--json", "--rename-database", "shop=s2", dump}, stdio{Out: &out, Err: &errb}); code != exitOK {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	var sum importer.DumpSummary
	if err := json.Unmarshal(out.Bytes(), &sum); err != nil {
		t.Fatal(err)
	}
	if len(sum.Mappings) != 1 || sum.Mappings[0].What != "database shop → s2" || sum.Mappings[0].Count != 1 {
		t.Errorf("mappings = %+v, want one `database shop → s2`", sum.Mappings)
	}
}
