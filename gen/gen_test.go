package gen

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"fmt"
	"io"
	"strings"
	"syscall"
	"testing"
	"testing/iotest"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/klauspost/compress/gzip"
	"github.com/klauspost/compress/zstd"
)

func generate(t testing.TB, o Options) ([]byte, Stats) {
	t.Helper()
	var buf bytes.Buffer
	st, err := Write(&buf, o)
	if err != nil {
		t.Fatal(err)
	}
	return buf.Bytes(), st
}

func sized(size int64, mutate ...func(*Options)) Options {
	o := DefaultOptions()
	o.SizeBytes = size
	for _, m := range mutate {
		m(&o)
	}
	return o
}

func TestDeterministic(t *testing.T) {
	a, _ := generate(t, sized(1<<20))
	b, _ := generate(t, sized(1<<20))
	if !bytes.Equal(a, b) {
		t.Fatal("same options and seed gave different output")
	}
	c, _ := generate(t, sized(1<<20, func(o *Options) { o.Seed = 2 }))
	if bytes.Equal(a, c) {
		t.Fatal("seeds 1 and 2 gave the same output")
	}
	// The header is the same for every seed; data and AUTO_INCREMENT values differ.
	if i := bytes.Index(a, []byte("CREATE TABLE")); i < 0 || !bytes.Equal(a[:i], c[:i]) {
		t.Error("seed changed the header")
	}
}

func TestSizeAccuracy(t *testing.T) {
	tests := []struct {
		name string
		o    Options
	}{
		{"256KiB", sized(256 << 10)},
		{"1MiB", sized(1 << 20)},
		{"2MiB one table", sized(2<<20, func(o *Options) { o.Tables = 1 })},
		{"10MiB 16 tables", sized(10<<20, func(o *Options) { o.Tables = 16 })},
		{"40MiB", sized(40 << 20)},
		{"1MiB skip-extended", sized(1<<20, func(o *Options) { o.ExtendedInsert = false })},
		{"5MiB skip-extended", sized(5<<20, func(o *Options) { o.ExtendedInsert = false; o.Tables = 3 })},
		{"3MiB 16K inserts", sized(3<<20, func(o *Options) { o.RowsPerInsertBytes = 16384 })},
		{"7MB decimal, seed 99", sized(7_000_000, func(o *Options) { o.Seed = 99 })},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, st := generate(t, tt.o)
			if int64(len(out)) != st.Bytes || st.CompressedBytes != st.Bytes {
				t.Errorf("wrote %d bytes, Stats says %d (compressed %d)", len(out), st.Bytes, st.CompressedBytes)
			}
			dev := float64(st.Bytes-tt.o.SizeBytes) / float64(tt.o.SizeBytes)
			if dev < -0.02 || dev > 0.02 {
				t.Errorf("size %d for target %d: %+.2f%%, want within ±2%%", st.Bytes, tt.o.SizeBytes, 100*dev)
			}
			t.Logf("size %d for target %d (%+.3f%%), %d rows", st.Bytes, tt.o.SizeBytes, 100*dev, st.Rows)
		})
	}
}

// Below the fixed schema text the dump is just the schema: every table, no rows.
func TestTinySize(t *testing.T) {
	out, st := generate(t, sized(0))
	if st.Rows != 0 || st.Inserts != 0 || len(st.Tables) != 11 {
		t.Errorf("size 0: %d rows, %d inserts, %d tables; want 0, 0, 11", st.Rows, st.Inserts, len(st.Tables))
	}
	if !bytes.HasSuffix(out, []byte("\n-- Dump completed\n")) {
		t.Error("size 0: dump does not end like mariadb-dump's")
	}
}

// parsed is what the dump text itself says: per table, INSERT statements and rows, and
// the largest statement. mariadb-dump escapes \n and \r inside values, so every raw
// newline in the data section ends a row or a statement, and lines work as a parser.
type parsed struct {
	inserts, rows map[string]int64
	maxStmtBytes  int64
	multiRowMax   int64 // largest statement holding more than one row
}

func parseDump(t *testing.T, out []byte) parsed {
	t.Helper()
	p := parsed{inserts: map[string]int64{}, rows: map[string]int64{}}
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	var table string
	var stmtBytes, stmtRows int64
	inInsert := false
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "INSERT INTO `"):
			table = line[len("INSERT INTO `") : strings.IndexByte(line[len("INSERT INTO `"):], '`')+len("INSERT INTO `")]
			p.inserts[table]++
			inInsert, stmtBytes, stmtRows = true, 0, 0
			if strings.Contains(line, "` VALUES (") { // --skip-extended-insert: one row, one line
				stmtRows = 1
			}
		case inInsert && strings.HasPrefix(line, "("):
			stmtRows++
		case inInsert:
			t.Fatalf("unexpected line inside an INSERT into %s: %.80q", table, line)
		}
		if inInsert {
			stmtBytes += int64(len(line)) + 1
			if strings.HasSuffix(line, ");") {
				inInsert = false
				p.rows[table] += stmtRows
				p.maxStmtBytes = max(p.maxStmtBytes, stmtBytes)
				if stmtRows > 1 {
					p.multiRowMax = max(p.multiRowMax, stmtBytes)
				}
			}
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return p
}

// The Stats a caller checks the server against must be what the text carries, and
// extended INSERTs must stop below net_buffer_length exactly as mariadb-dump's do.
func TestStatsMatchText(t *testing.T) {
	for _, o := range []Options{
		sized(8<<20, func(o *Options) { o.Tables = 2 }),
		sized(3<<20, func(o *Options) { o.RowsPerInsertBytes = 16384; o.Tables = 2 }),
		sized(1<<20, func(o *Options) { o.ExtendedInsert = false }),
	} {
		t.Run(fmt.Sprintf("extended=%v/net=%d", o.ExtendedInsert, o.RowsPerInsertBytes), func(t *testing.T) {
			out, st := generate(t, o)
			p := parseDump(t, out)
			wantRows, wantInserts := map[string]int64{}, map[string]int64{}
			var sumRows, sumInserts int64
			for _, ts := range st.Tables {
				if ts.Rows > 0 {
					wantRows[ts.Name] = ts.Rows
					wantInserts[ts.Name] = ts.Inserts
				}
				sumRows += ts.Rows
				sumInserts += ts.Inserts
				if ts.Rows == 0 {
					t.Errorf("table %s has no rows at %d bytes", ts.Name, o.SizeBytes)
				}
			}
			if d := cmp.Diff(wantRows, p.rows); d != "" {
				t.Errorf("rows per table, Stats (-) vs text (+):\n%s", d)
			}
			if d := cmp.Diff(wantInserts, p.inserts); d != "" {
				t.Errorf("INSERTs per table, Stats (-) vs text (+):\n%s", d)
			}
			if sumRows != st.Rows || sumInserts != st.Inserts {
				t.Errorf("totals %d rows %d inserts, per-table sums %d and %d", st.Rows, st.Inserts, sumRows, sumInserts)
			}
			if o.ExtendedInsert {
				// init_length + Σ(row+2) < net_buffer_length, init_length = len("INSERT INTO `t` VALUES ")+4,
				// and the statement text is init_length-4 + Σ(row+2): so at most net_buffer_length-5.
				if p.multiRowMax > int64(o.RowsPerInsertBytes)-5 {
					t.Errorf("a multi-row INSERT is %d bytes; mariadb-dump stops below %d", p.multiRowMax, o.RowsPerInsertBytes-4)
				}
				// And it fills them: the biggest is within one sbtest row (~200 bytes) of the limit.
				if p.multiRowMax < int64(o.RowsPerInsertBytes)-400 {
					t.Errorf("largest multi-row INSERT is %d bytes, far below the %d limit", p.multiRowMax, o.RowsPerInsertBytes)
				}
			}
		})
	}
}

func TestCompression(t *testing.T) {
	plain, want := generate(t, sized(2<<20))
	for _, c := range []string{"gzip", "zstd"} {
		t.Run(c, func(t *testing.T) {
			compressed, st := generate(t, sized(2<<20, func(o *Options) { o.Compression = c }))
			if st.Bytes != want.Bytes || st.CompressedBytes != int64(len(compressed)) || st.CompressedBytes >= st.Bytes {
				t.Errorf("Stats bytes %d compressed %d (wrote %d); plain is %d", st.Bytes, st.CompressedBytes, len(compressed), want.Bytes)
			}
			var r io.Reader
			if c == "gzip" {
				zr, err := gzip.NewReader(bytes.NewReader(compressed))
				if err != nil {
					t.Fatal(err)
				}
				r = zr
			} else {
				zr, err := zstd.NewReader(bytes.NewReader(compressed))
				if err != nil {
					t.Fatal(err)
				}
				defer zr.Close()
				r = zr
			}
			got, err := io.ReadAll(r)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, plain) {
				t.Errorf("decompressed %s output differs from the plain dump", c)
			}
		})
	}
}

func TestReader(t *testing.T) {
	o := sized(3 << 20)
	want, _ := generate(t, o)
	r := Reader(o)
	got, err := io.ReadAll(iotest.HalfReader(r))
	if err != nil {
		t.Fatal(err)
	}
	if sha256.Sum256(got) != sha256.Sum256(want) {
		t.Errorf("Reader gave %d bytes that differ from Write's %d", len(got), len(want))
	}
	// Closing early stops the generator; a later Read reports the close.
	r2 := Reader(o)
	if _, err := io.ReadFull(r2, make([]byte, 1000)); err != nil {
		t.Fatal(err)
	}
	if err := r2.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := r2.Read(make([]byte, 10)); err == nil {
		t.Error("Read after Close succeeded")
	}
	// Bad options surface from Read.
	_, err = io.ReadAll(Reader(Options{SizeBytes: 1, Tables: 0}))
	if err == nil || !strings.Contains(err.Error(), "sbtest tables") {
		t.Errorf("Reader with Tables 0: error %v", err)
	}
}

func TestOptionErrors(t *testing.T) {
	for _, tt := range []struct {
		mutate func(*Options)
		want   string
	}{
		{func(o *Options) { o.SizeBytes = -1 }, "negative"},
		{func(o *Options) { o.Tables = 0 }, "need at least 1"},
		{func(o *Options) { o.RowsPerInsertBytes = 100 }, "below 1024"},
		{func(o *Options) { o.Flavor = "mysql" }, "not implemented"},
		{func(o *Options) { o.Compression = "lz4" }, "want none, gzip or zstd"},
		{func(o *Options) { o.Database = "a`b" }, "backquotes"},
	} {
		o := DefaultOptions()
		tt.mutate(&o)
		_, err := Write(io.Discard, o)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%+v: error %v, want %q", o, err, tt.want)
		}
	}
}

// Escaping is mysql_real_escape_string's, as mariadb-dump 10.11 applies it to text and
// BLOBs alike over utf8mb4 (verified against a real dump: invalid UTF-8 passes raw).
func TestAppendQuoted(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"", "''"},
		{"plain", "'plain'"},
		{"O'Brien \"x\" \\ \n\r\x1a\x00 é日本\t", `'O\'Brien \"x\" \\ \n\r\Z\0 é日本` + "\t'"},
		{"\x00\x01\x02\x03\xff'\\\"\n\r\x1a", "'\\0\x01\x02\x03\xff\\'\\\\\\\"\\n\\r\\Z'"},
		{"\xc3A\xe6\x97\xa5\xf5\xc3'", "'\xc3A\xe6\x97\xa5\xf5\xc3\\''"},
	} {
		if got := string(appendQuoted(nil, tt.in)); got != tt.want {
			t.Errorf("appendQuoted(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestFormatting(t *testing.T) {
	got := []string{
		string(appendCents(nil, 0)), string(appendCents(nil, 5)), string(appendCents(nil, -5)),
		string(appendCents(nil, 123456)), string(appendFixed(nil, 1500, 4)), string(appendFixed(nil, 7, 4)),
		string(appendDatetime(nil, 1451606400, -1)), string(appendDatetime(nil, 1767225599, 42)),
		string(appendDate(nil, 18262)), string(appendQuarter(nil, 0)), string(appendQuarter(nil, 1)),
		string(appendQuarter(nil, 12)), string(appendQuarter(nil, 399)),
	}
	want := []string{
		"0.00", "0.05", "-0.05", "1234.56", "0.1500", "0.0007",
		"'2016-01-01 00:00:00'", "'2025-12-31 23:59:59.000042'",
		"'2020-01-01'", "0", "0.25", "3", "99.75",
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
}

func TestSumDigits(t *testing.T) {
	for _, n := range []int64{0, 1, 9, 10, 99, 100, 12345} {
		var want int64
		for i := int64(1); i <= n; i++ {
			want += int64(len(fmt.Sprint(i)))
		}
		if got := sumDigits(n); got != want {
			t.Errorf("sumDigits(%d) = %d, want %d", n, got, want)
		}
	}
}

// processCPU is the CPU time this process has used (all threads, user + system).
func processCPU() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkWrite reports generation throughput in MB/s of uncompressed dump, and per
// CPU-second (MB/cpu-s), the number that holds on a shared machine.
func BenchmarkWrite(b *testing.B) {
	for _, c := range []string{"none", "gzip", "zstd"} {
		b.Run(c, func(b *testing.B) {
			o := sized(64<<20, func(o *Options) { o.Compression = c })
			b.SetBytes(o.SizeBytes)
			cpu0, n := processCPU(), 0
			for b.Loop() {
				n++
				if _, err := Write(io.Discard, o); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(n)*float64(o.SizeBytes)/1e6/(processCPU()-cpu0).Seconds(), "MB/cpu-s")
		})
	}
}

// TestSbtestRows: the sysbench shape is the sbtest tables alone, each with exactly the
// rows asked for, and still a dump the splitter-level parse reads row for row.
func TestSbtestRows(t *testing.T) {
	o := sized(0, func(o *Options) { o.SbtestRows, o.Tables, o.Events = 3000, 3, true })
	out, st := generate(t, o)
	want := map[string]int64{"sbtest1": 3000, "sbtest2": 3000, "sbtest3": 3000}
	got := map[string]int64{}
	for _, ts := range st.Tables {
		got[ts.Name] = ts.Rows
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("tables and rows in Stats (-want +got):\n%s", d)
	}
	if d := cmp.Diff(want, parseDump(t, out).rows); d != "" {
		t.Errorf("rows per table in the text (-want +got):\n%s", d)
	}
	for _, s := range []string{"CREATE VIEW", "PROCEDURE", "EVENT", "customers"} {
		if bytes.Contains(out, []byte(s)) {
			t.Errorf("the sysbench shape holds %q", s)
		}
	}
}
