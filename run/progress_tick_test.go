package run

import (
	"reflect"
	"strings"
	"testing"

	"github.com/dumpscope/dumpscope/importer"
	"github.com/dumpscope/dumpscope/importer/dumpfile"
	"github.com/dumpscope/dumpscope/internal/indexfacts"
)

// TestProgressTickCarriesEveryField: every field of the importer's Progress reaches the
// tick (advisor.ImportProgress) under its own name and type, so a fact the importer
// learns to report cannot stop at ProgressTick. The index facts used to be two types
// copied field by field here; they are one now (indexfacts.Facts), and the tick must carry
// the importer's value as it is. Bytes is the one field the tick computes (applied: read
// minus pending); PendingBytes and SpooledBytes stay in the importer.
func TestProgressTickCarriesEveryField(t *testing.T) {
	notCarried := map[string]bool{"Bytes": true, "PendingBytes": true, "SpooledBytes": true}
	var p importer.Progress
	pv := reflect.ValueOf(&p).Elem()
	for i := 0; i < pv.NumField(); i++ {
		f := pv.Field(i)
		switch f.Kind() {
		case reflect.Int, reflect.Int64:
			f.SetInt(int64(100 + i))
		case reflect.String:
			f.SetString("v" + pv.Type().Field(i).Name)
		case reflect.Bool:
			f.SetBool(true)
		case reflect.Pointer:
			f.Set(reflect.New(f.Type().Elem()))
		default:
			t.Fatalf("Progress.%s: a %s this test does not fill", pv.Type().Field(i).Name, f.Kind())
		}
	}
	p.Indexes = &indexfacts.Facts{Tables: 1, IndexedTables: 2, SecondaryIndexes: 3, RowBytes: 4, IndexedRowBytes: 5}
	in, err := dumpfile.OpenReader("dump.sql", strings.NewReader(""), 0)
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	ip := ProgressTick(p, in)
	iv := reflect.ValueOf(ip)
	for i := 0; i < pv.NumField(); i++ {
		name := pv.Type().Field(i).Name
		if notCarried[name] {
			continue
		}
		got := iv.FieldByName(name)
		if !got.IsValid() {
			t.Errorf("Progress.%s has no field of its name in advisor.ImportProgress", name)
			continue
		}
		if !reflect.DeepEqual(got.Interface(), pv.Field(i).Interface()) {
			t.Errorf("ImportProgress.%s = %v, want Progress.%s = %v", name, got.Interface(), name, pv.Field(i).Interface())
		}
	}
	if ip.Bytes != p.Bytes-p.PendingBytes || ip.ReadBytes != p.Bytes {
		t.Errorf("bytes applied %d, read %d; want %d, %d", ip.Bytes, ip.ReadBytes, p.Bytes-p.PendingBytes, p.Bytes)
	}
}
