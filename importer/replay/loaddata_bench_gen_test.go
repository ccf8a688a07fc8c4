package replay

import (
	"bytes"
	"strings"
	"sync"
	"testing"

	"github.com/dumpscope/dumpscope/gen"
)

// benchGenTables are the generated dump's shop tables as --load-data reads them
// (information_schema's DATA_TYPE, nullability), for BenchmarkLoadConvertGen.
var benchGenTables = map[string][]loadColumn{
	"orders": {{name: "id", kind: loadInt}, {name: "customer_id", kind: loadInt}, {name: "status", kind: loadStringOnly},
		{name: "total", kind: loadDecimal}, {name: "currency", kind: loadString}, {name: "created_at", kind: loadStringOnly},
		{name: "shipped_at", kind: loadStringOnly, nullable: true}, {name: "comment", kind: loadString, nullable: true}},
	"order_items": {{name: "id", kind: loadInt}, {name: "order_id", kind: loadInt}, {name: "sku", kind: loadString},
		{name: "description", kind: loadString}, {name: "quantity", kind: loadInt}, {name: "unit_price", kind: loadDecimal},
		{name: "discount", kind: loadDecimal, nullable: true}},
	"customers": {{name: "id", kind: loadInt}, {name: "first_name", kind: loadString}, {name: "last_name", kind: loadString},
		{name: "email", kind: loadString}, {name: "phone", kind: loadString, nullable: true}, {name: "note", kind: loadString, nullable: true},
		{name: "balance", kind: loadDecimal}, {name: "created_at", kind: loadStringOnly}, {name: "updated_at", kind: loadStringOnly, nullable: true}},
	"event_log": {{name: "logged_at", kind: loadStringOnly}, {name: "level", kind: loadStringOnly}, {name: "source", kind: loadString},
		{name: "message", kind: loadString}, {name: "payload", kind: loadString, nullable: true}},
	"product_images": {{name: "id", kind: loadInt}, {name: "sku", kind: loadString}, {name: "mime_type", kind: loadString},
		{name: "image", kind: loadBinary}},
	"sbtest1": {{name: "id", kind: loadInt}, {name: "k", kind: loadInt}, {name: "c", kind: loadString}, {name: "pad", kind: loadString}},
}

// benchGenInserts returns the first row insert of each table in a generated dump of 32
// MiB (dumpscope gen's default shape, 1 MiB statements), made once.
var benchGenInserts = sync.OnceValue(func() map[string]string {
	o := gen.DefaultOptions()
	o.SizeBytes, o.RowsPerInsertBytes, o.Compression = 32<<20, 1<<20, ""
	var buf bytes.Buffer
	if _, err := gen.Write(&buf, o); err != nil {
		panic(err)
	}
	out := map[string]string{}
	for _, line := range strings.SplitAfter(buf.String(), ";\n") {
		line = strings.TrimLeft(line, "\n")
		for name := range benchGenTables {
			head := "INSERT INTO `" + name + "` VALUES"
			if _, ok := out[name]; !ok && strings.HasPrefix(line, head) {
				out[name] = strings.TrimSuffix(line, ";\n")
			}
		}
	}
	return out
})

// BenchmarkLoadConvertGen: the converter on one statement of each of the generated
// dump's tables (the sysbench shape's BenchmarkLoadConvert covers sbtest rows only):
// short fields, dates, decimals, NULLs, escaped JSON and binary images. Its cost is per
// field, not per byte: at load 20–30 (stop 42) sbtest1 converted at 1600–2250 MB/cpu-s,
// orders and order_items (7–8 fields in 70–95 bytes a row) at 480–560, customers and
// event_log at 550–680, product_images (escaped binary) at 290–390. The shop tables are a
// third of the generated dump's bytes and take half the converter's time there.
func BenchmarkLoadConvertGen(b *testing.B) {
	inserts := benchGenInserts()
	for _, name := range []string{"sbtest1", "orders", "order_items", "customers", "event_log", "product_images"} {
		q, ok := inserts[name]
		if !ok {
			b.Fatalf("no INSERT of %s in the generated dump", name)
		}
		cols := benchGenTables[name]
		t := &loadTable{columns: cols, byName: map[string]int{}}
		for i, c := range cols {
			t.byName[c.name] = i
		}
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(len(q)))
			b.ReportAllocs()
			var buf []byte
			cpu0, n := benchProcessCPU(), 0
			for b.Loop() {
				lc := &loadConverter{t: t, data: sizedFor([]batchStmt{{sql: q}}, buf)}
				if !lc.add(stringBytes(q)) {
					b.Fatal("not converted")
				}
				buf = lc.data
				n++
			}
			if cpu := benchProcessCPU() - cpu0; cpu > 0 {
				b.ReportMetric(float64(len(q))*float64(n)/1e6/cpu.Seconds(), "MB/cpu-s")
			}
		})
	}
}
