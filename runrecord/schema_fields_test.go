package runrecord

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// The schema is a public interface written by hand beside the Go types a record is written
// from; every field added to those types must get its place in the schema (and its line in
// docs/runrecord.md). Stop 51 found four that had not (import.indexes, parallel_checked,
// serial_reason, eta_withheld): these tests walk the types by reflection so that the next
// one cannot be forgotten, and fill every field of a record to prove that a record with
// every optional field set still validates.

// schemaNode is one JSON Schema object as decoded into maps.
type schemaNode = map[string]any

// schemaWalk walks Go types against the run record's schema.
type schemaWalk struct {
	defs    map[string]any
	missing []string
	seen    map[string]bool
}

func newSchemaWalk(t *testing.T) (*schemaWalk, schemaNode) {
	t.Helper()
	var root schemaNode
	if err := json.Unmarshal(SchemaJSON, &root); err != nil {
		t.Fatal(err)
	}
	defs, _ := root["$defs"].(map[string]any)
	return &schemaWalk{defs: defs, seen: map[string]bool{}}, root
}

// resolve follows a "$ref" to one of the schema's $defs.
func (w *schemaWalk) resolve(n schemaNode) schemaNode {
	for n != nil {
		ref, ok := n["$ref"].(string)
		if !ok {
			return n
		}
		name, ok := strings.CutPrefix(ref, "#/$defs/")
		if !ok {
			return nil
		}
		n, _ = w.defs[name].(map[string]any)
	}
	return n
}

var timeType = reflect.TypeOf(time.Time{})

// walk checks that every JSON field the Go type t writes has a place in node: a property
// of an object, the items of an array, the additionalProperties of a map.
func (w *schemaWalk) walk(path string, t reflect.Type, node schemaNode) {
	node = w.resolve(node)
	if node == nil {
		w.missing = append(w.missing, fmt.Sprintf("%s: no schema (its $ref resolves to nothing)", path))
		return
	}
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t == timeType {
		return
	}
	// A type met again at the same place was checked there already (recursion guard).
	key := path + "|" + t.String()
	if w.seen[key] {
		return
	}
	w.seen[key] = true
	switch t.Kind() {
	case reflect.Struct:
		props, _ := node["properties"].(map[string]any)
		for _, f := range jsonFields(t) {
			sub, ok := props[f.name].(map[string]any)
			if !ok {
				w.missing = append(w.missing, fmt.Sprintf("%s.%s (Go %s.%s): no place in the schema", path, f.name, t.String(), f.goName))
				continue
			}
			w.walk(path+"."+f.name, f.typ, sub)
		}
	case reflect.Slice, reflect.Array:
		if items, ok := node["items"].(map[string]any); ok {
			w.walk(path+"[]", t.Elem(), items)
		} else if t.Elem().Kind() == reflect.Struct {
			w.missing = append(w.missing, fmt.Sprintf("%s: an array of %s without items in the schema", path, t.Elem()))
		}
	case reflect.Map:
		if add, ok := node["additionalProperties"].(map[string]any); ok {
			w.walk(path+"{}", t.Elem(), add)
		} else if e := t.Elem(); e.Kind() == reflect.Struct || e.Kind() == reflect.Pointer {
			w.missing = append(w.missing, fmt.Sprintf("%s: a map of %s without additionalProperties in the schema", path, e))
		}
	}
}

// jsonField is one field as encoding/json writes it.
type jsonField struct {
	name, goName string
	typ          reflect.Type
	depth        int
}

// jsonFields lists the JSON fields of struct t as encoding/json encodes them: exported,
// not tagged "-", an untagged embedded struct's fields promoted, and of two fields of one
// name the shallower (the outer one) kept.
func jsonFields(t reflect.Type) []jsonField {
	byName := map[string]jsonField{}
	var add func(t reflect.Type, depth int)
	add = func(t reflect.Type, depth int) {
		for i := 0; i < t.NumField(); i++ {
			sf := t.Field(i)
			tag := sf.Tag.Get("json")
			if tag == "-" {
				continue
			}
			name, _, _ := strings.Cut(tag, ",")
			ft := sf.Type
			if sf.Anonymous && name == "" {
				for ft.Kind() == reflect.Pointer {
					ft = ft.Elem()
				}
				if ft.Kind() == reflect.Struct {
					add(ft, depth+1)
					continue
				}
			}
			if !sf.IsExported() {
				continue
			}
			if name == "" {
				name = sf.Name
			}
			if old, ok := byName[name]; ok && old.depth <= depth {
				continue
			}
			byName[name] = jsonField{name: name, goName: sf.Name, typ: ft, depth: depth}
		}
	}
	add(t, 0)
	out := make([]jsonField, 0, len(byName))
	for _, f := range byName {
		out = append(out, f)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].name < out[j].name })
	return out
}

// TestSchemaHasEveryWrittenField fails when a json tag of a type a record is written from
// (Record for a version 1 record and a version 2 header, lineKind for every later version 2
// line: its samples, variable changes and state) has no place in runrecord.schema.json.
func TestSchemaHasEveryWrittenField(t *testing.T) {
	w, root := newSchemaWalk(t)
	w.walk("record", reflect.TypeOf(Record{}), root)
	line, _ := w.defs["line"].(map[string]any)
	w.walk("line", reflect.TypeOf(lineKind{}), line)
	if len(w.missing) > 0 {
		t.Errorf("%d fields are written but have no place in runrecord.schema.json (add them, optional, and to docs/runrecord.md):\n  %s",
			len(w.missing), strings.Join(w.missing, "\n  "))
	}
}

// TestSchemaWalkFindsAMissingField is the walk's own test: a field the schema lacks is
// named, so TestSchemaHasEveryWrittenField can fail.
func TestSchemaWalkFindsAMissingField(t *testing.T) {
	w, _ := newSchemaWalk(t)
	type inner struct {
		Known   int `json:"t"`
		Unknown int `json:"not_in_the_schema"`
	}
	type outer struct {
		Samples []inner `json:"samples"`
	}
	w.walk("x", reflect.TypeOf(outer{}), schemaNode{"properties": map[string]any{"samples": map[string]any{"type": "array", "items": map[string]any{"$ref": "#/$defs/sample"}}}})
	if len(w.missing) != 1 || !strings.Contains(w.missing[0], "x.samples[].not_in_the_schema") {
		t.Errorf("missing = %q, want one entry naming x.samples[].not_in_the_schema", w.missing)
	}
}

// fillAll sets every exported field that encoding/json writes to a non-zero value: strings
// "x", numbers 1, booleans true, one element in every slice and map, every pointer set.
func fillAll(v reflect.Value) {
	switch v.Kind() {
	case reflect.Pointer:
		v.Set(reflect.New(v.Type().Elem()))
		fillAll(v.Elem())
	case reflect.Struct:
		if v.Type() == timeType {
			v.Set(reflect.ValueOf(time.Date(2026, 12, 7, 12, 0, 0, 0, time.UTC)))
			return
		}
		for i := 0; i < v.NumField(); i++ {
			sf := v.Type().Field(i)
			if !sf.IsExported() || sf.Tag.Get("json") == "-" {
				continue
			}
			fillAll(v.Field(i))
		}
	case reflect.Slice:
		v.Set(reflect.MakeSlice(v.Type(), 1, 1))
		fillAll(v.Index(0))
	case reflect.Map:
		m := reflect.MakeMap(v.Type())
		k := reflect.New(v.Type().Key()).Elem()
		fillAll(k)
		e := reflect.New(v.Type().Elem()).Elem()
		fillAll(e)
		m.SetMapIndex(k, e)
		v.Set(m)
	case reflect.Interface:
		v.Set(reflect.ValueOf(float64(1)))
	case reflect.String:
		v.SetString("x")
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		v.SetInt(1)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		v.SetUint(1)
	case reflect.Float32, reflect.Float64:
		v.SetFloat(1)
	}
}

// fullRecord is a record with every field a writer writes set, the enumerations and the
// order the schema and Validate ask for put right.
func fullRecord(version int) *Record {
	r := &Record{}
	fillAll(reflect.ValueOf(r).Elem())
	r.Format, r.Version = Format, version
	r.EndedAt = r.StartedAt.Add(time.Hour)
	r.Server.Flavor = "mariadb"
	r.Findings[0].Severity = "warn"
	r.Outcome.Status = OutcomeOK
	return r
}

// TestFullRecordValidates writes a record with every optional field set, in both versions,
// and validates it: a field whose schema says less than the writer writes (a wrong type,
// a closed object, an enumeration) fails here. It also reads the record back and finds
// every field kept.
func TestFullRecordValidates(t *testing.T) {
	for _, version := range []int{VersionOne, Version} {
		t.Run(fmt.Sprintf("version %d", version), func(t *testing.T) {
			r := fullRecord(version)
			if err := ValidateRecord(r); err != nil {
				t.Fatalf("a record with every field set does not validate: %v", err)
			}
			var buf strings.Builder
			if err := Write(&buf, r); err != nil {
				t.Fatal(err)
			}
			got, err := Read(strings.NewReader(buf.String()))
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(r, got); diff != "" {
				t.Errorf("read back differs (-written +read):\n%s", diff)
			}
		})
	}
}

// TestFixturesStillValidate reads and validates the run records the other packages keep as
// fixtures (records written by earlier dumpscopes): a schema change must keep them valid.
func TestFixturesStillValidate(t *testing.T) {
	paths, err := filepath.Glob("../*/testdata/*.json")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, p := range paths {
		doc, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(doc[:min(len(doc), 4096)]), `"`+Format+`"`) {
			continue
		}
		n++
		if err := Validate(doc); err != nil {
			t.Errorf("%s: %v", p, err)
		}
		if _, err := Read(strings.NewReader(string(doc))); err != nil {
			t.Errorf("%s: %v", p, err)
		}
	}
	if n == 0 {
		t.Fatal("no run record fixtures found under ../*/testdata")
	}
	t.Logf("%d fixtures", n)
}
