package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/klauspost/compress/gzip"
	"github.com/klauspost/compress/zstd"

	"github.com/dumpscope/dumpscope/gen"
)

func genRun(t *testing.T, args ...string) (code int, stdout, stderr []byte) {
	t.Helper()
	var out, errb bytes.Buffer
	code = runCommand(append([]string{"gen"}, args...), stdio{In: strings.NewReader(""), Out: &out, Err: &errb})
	return code, out.Bytes(), errb.Bytes()
}

// genExpect is what package gen writes for the same settings.
func genExpect(t *testing.T, size int64, mutate func(*gen.Options)) []byte {
	t.Helper()
	o := gen.DefaultOptions()
	o.SizeBytes = size
	if mutate != nil {
		mutate(&o)
	}
	var b bytes.Buffer
	if _, err := gen.Write(&b, o); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func decompress(t *testing.T, b []byte) (string, []byte) {
	t.Helper()
	switch {
	case bytes.HasPrefix(b, []byte{0x1f, 0x8b}):
		zr, err := gzip.NewReader(bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		out, err := io.ReadAll(zr)
		if err != nil {
			t.Fatal(err)
		}
		return "gzip", out
	case bytes.HasPrefix(b, []byte{0x28, 0xb5, 0x2f, 0xfd}):
		zr, err := zstd.NewReader(bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		defer zr.Close()
		out, err := io.ReadAll(zr)
		if err != nil {
			t.Fatal(err)
		}
		return "zstd", out
	}
	return "plain", b
}

func TestGenStdout(t *testing.T) {
	code, out, errb := genRun(t, "--size", "256K", "--seed", "7", "--tables", "2")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errb)
	}
	want := genExpect(t, 256<<10, func(o *gen.Options) { o.Seed = 7; o.Tables = 2 })
	if !bytes.Equal(out, want) {
		t.Errorf("stdout (%d bytes) differs from gen.Write (%d bytes)", len(out), len(want))
	}
	// One summary line on stderr, data only on stdout.
	re := regexp.MustCompile(`^dumpscope gen: wrote stdout: 2\d\d\.\d KiB, database dumpscope_gen, \d+ rows in 9 tables, 9 INSERT statements in [0-9.]+ s \([0-9.]+ [KMG]iB/s uncompressed\)\n$`)
	if !re.Match(errb) {
		t.Errorf("stderr %q does not match %s", errb, re)
	}
}

func TestGenFileFormats(t *testing.T) {
	dir := t.TempDir()
	plain := genExpect(t, 512<<10, nil)
	skip := genExpect(t, 512<<10, func(o *gen.Options) { o.ExtendedInsert = false })
	small := genExpect(t, 512<<10, func(o *gen.Options) { o.RowsPerInsertBytes = 16 << 10 })
	sysbench := genExpect(t, 512<<10, func(o *gen.Options) { o.SbtestRows, o.Tables = 700, 2 })
	tests := []struct {
		file   string
		args   []string
		format string
		want   []byte
	}{
		{"a.sql", nil, "plain", plain},
		{"a.sql.gz", nil, "gzip", plain},
		{"a.sql.zst", nil, "zstd", plain},
		{"a.sql.zstd", nil, "zstd", plain},
		{"a.dump", []string{"--format", "gzip"}, "gzip", plain},
		{"b.sql.gz", []string{"--format", "plain"}, "plain", plain}, // --format wins over the name
		{"c.sql", []string{"--skip-extended-insert"}, "plain", skip},
		{"d.sql", []string{"--insert-bytes", "16K"}, "plain", small},
		{"e.sql", []string{"--sbtest-rows", "700", "--tables", "2"}, "plain", sysbench},
	}
	for _, tt := range tests {
		t.Run(tt.file+strings.Join(tt.args, " "), func(t *testing.T) {
			path := filepath.Join(dir, tt.file)
			code, out, errb := genRun(t, append([]string{"--size", "512K", "-o", path}, tt.args...)...)
			if code != exitOK || len(out) != 0 {
				t.Fatalf("exit %d, %d bytes on stdout: %s", code, len(out), errb)
			}
			b, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			format, got := decompress(t, b)
			if d := cmp.Diff(tt.format, format); d != "" {
				t.Errorf("format (-want +got): %s", d)
			}
			if !bytes.Equal(got, tt.want) {
				t.Errorf("content (%d bytes) differs from gen.Write (%d bytes)", len(got), len(tt.want))
			}
			if !bytes.Contains(errb, []byte("wrote "+path)) {
				t.Errorf("stderr %q does not name %s", errb, path)
			}
		})
	}
}

func TestGenErrors(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"--size", "lots"}, exitUsage, `--size "lots": bad size`},
		{[]string{"--insert-bytes", "x"}, exitUsage, `--insert-bytes "x"`},
		{[]string{"--insert-bytes", "100"}, exitUsage, "gen: insert size 100 bytes is below 1024"},
		{[]string{"--sbtest-rows", "-1"}, exitUsage, "gen: -1 sbtest rows is negative"},
		{[]string{"--format", "lz4"}, exitUsage, `--format "lz4": want auto, plain, gzip or zstd`},
		{[]string{"--tables", "0", "-o", filepath.Join(dir, "t0.sql")}, exitUsage, "need at least 1"},
		{[]string{"extra"}, exitUsage, `unexpected argument "extra"`},
		{[]string{"--nope"}, exitUsage, "unknown flag --nope"},
		{[]string{"-o", filepath.Join(dir, "missing", "x.sql")}, exitFailure, "no such file or directory"},
	}
	for _, tt := range tests {
		code, out, errb := genRun(t, tt.args...)
		if code != tt.code || !strings.Contains(string(errb), tt.msg) {
			t.Errorf("gen %v: exit %d, stderr %q; want exit %d and %q", tt.args, code, errb, tt.code, tt.msg)
		}
		if tt.code != exitOK && len(out) != 0 {
			t.Errorf("gen %v: %d bytes on stdout after an error", tt.args, len(out))
		}
	}
	// Invalid options are refused before the output file is created.
	if _, err := os.Stat(filepath.Join(dir, "t0.sql")); !os.IsNotExist(err) {
		t.Errorf("output created despite invalid options: %v", err)
	}
}
