package runrecord

import (
	"bufio"
	"bytes"
	"compress/gzip"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// SchemaJSON is the run record's JSON Schema (draft 2020-12): the root describes a
// version 1 record or a version 2 header line, $defs/line every later version 2 line.
//
//go:embed runrecord.schema.json
var SchemaJSON []byte

const schemaURL = "https://github.com/dumpscope/dumpscope/runrecord/runrecord.schema.json"

var schemas = sync.OnceValues(func() ([2]*jsonschema.Schema, error) {
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(SchemaJSON))
	if err != nil {
		return [2]*jsonschema.Schema{}, err
	}
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	if err := c.AddResource(schemaURL, doc); err != nil {
		return [2]*jsonschema.Schema{}, err
	}
	root, err := c.Compile(schemaURL)
	if err != nil {
		return [2]*jsonschema.Schema{}, err
	}
	line, err := c.Compile(schemaURL + "#/$defs/line")
	return [2]*jsonschema.Schema{root, line}, err
})

// Validate checks a run record document of version 1 or 2 against the schema
// (runrecord.schema.json), then what a schema cannot say: sample times increase,
// cumulative import counters never go down, ended_at is not before started_at, a finding
// does not clear before it fires, and the command holds no password. It checks the JSON,
// not a Go value, so a writer that drops a field, renames one or writes a string where a
// number belongs is caught. Errors wrap ErrInvalid and name the place
// ("line 4: /sample/devices/sda/w_await: got string, want number").
func Validate(doc []byte) error {
	if len(doc) > 2 && doc[0] == 0x1f && doc[1] == 0x8b {
		zr, err := gzip.NewReader(bytes.NewReader(doc))
		if err != nil {
			return fmt.Errorf("%w: %v", ErrInvalid, err)
		}
		if doc, err = io.ReadAll(zr); err != nil && !errors.Is(err, io.ErrUnexpectedEOF) {
			return fmt.Errorf("%w: %v", ErrInvalid, err)
		}
	}
	sch, err := schemas()
	if err != nil {
		return fmt.Errorf("run record schema: %w", err)
	}
	var errs []string
	sc := bufio.NewScanner(bytes.NewReader(doc))
	sc.Buffer(make([]byte, 0, 1<<16), 1<<30)
	var first []byte
	// Version 2 is one document per line; anything else is checked as one document (the
	// schema then names a wrong version).
	if peekVersion(doc) != Version {
		errs = append(errs, schemaErrs("record", sch[0], doc)...)
	} else {
		for n := 1; sc.Scan(); n++ {
			line := sc.Bytes()
			if len(bytes.TrimSpace(line)) == 0 {
				continue
			}
			if first == nil {
				first = line
				errs = append(errs, schemaErrs("line 1", sch[0], line)...)
				continue
			}
			errs = append(errs, schemaErrs(fmt.Sprintf("line %d", n), sch[1], line)...)
		}
		if err := sc.Err(); err != nil {
			errs = append(errs, err.Error())
		}
	}
	if len(errs) == 0 {
		rec, err := Read(bytes.NewReader(doc))
		if err != nil {
			errs = append(errs, err.Error())
		} else {
			errs = append(errs, semanticErrs(rec)...)
		}
	}
	if len(errs) == 0 {
		return nil
	}
	if len(errs) > 5 {
		errs = append(errs[:5], fmt.Sprintf("and %d more", len(errs)-5))
	}
	return fmt.Errorf("%w: %s", ErrInvalid, strings.Join(errs, "; "))
}

// peekVersion reads the "version" of the first JSON value in doc (0 when unreadable).
func peekVersion(doc []byte) int {
	var h struct {
		Version int `json:"version"`
	}
	_ = json.NewDecoder(bytes.NewReader(doc)).Decode(&h)
	return h.Version
}

// schemaErrs validates one JSON value, naming each failure by where and JSON pointer.
func schemaErrs(where string, sch *jsonschema.Schema, doc []byte) []string {
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(doc))
	if err != nil {
		return []string{fmt.Sprintf("%s: %v", where, err)}
	}
	err = sch.Validate(inst)
	if err == nil {
		return nil
	}
	var ve *jsonschema.ValidationError
	if !errors.As(err, &ve) {
		return []string{fmt.Sprintf("%s: %v", where, err)}
	}
	var out []string
	var walk func(u jsonschema.OutputUnit)
	walk = func(u jsonschema.OutputUnit) {
		if len(u.Errors) == 0 && u.Error != nil {
			loc := u.InstanceLocation
			if loc == "" {
				loc = "/"
			}
			out = append(out, fmt.Sprintf("%s: %s: %s", where, loc, u.Error))
		}
		for _, c := range u.Errors {
			walk(c)
		}
	}
	walk(*ve.DetailedOutput())
	return out
}

// semanticErrs checks what JSON Schema cannot: order and monotony across samples.
func semanticErrs(rec *Record) []string {
	var errs []string
	if !rec.EndedAt.IsZero() && rec.EndedAt.Before(rec.StartedAt) {
		errs = append(errs, "ended_at: before started_at")
	}
	redacted := RedactCommand(rec.Command)
	for i := range rec.Command {
		if rec.Command[i] != redacted[i] {
			errs = append(errs, fmt.Sprintf("command[%d]: holds a password", i))
		}
	}
	prevT := -1.0
	var prev [4]int64
	havePrev := false
	for i, s := range rec.Samples {
		if s.T <= prevT {
			errs = append(errs, fmt.Sprintf("samples[%d].t: %g not after the previous sample's %g", i, s.T, prevT))
		}
		prevT = s.T
		if s.Import == nil {
			continue
		}
		cur := [4]int64{s.Import.Bytes, s.Import.Statements, s.Import.Rows, s.Import.Commits}
		names := [4]string{"bytes", "statements", "rows", "commits"}
		for k := range cur {
			if havePrev && cur[k] < prev[k] {
				errs = append(errs, fmt.Sprintf("samples[%d].import.%s: went down from %d to %d (must be cumulative)", i, names[k], prev[k], cur[k]))
			}
		}
		prev, havePrev = cur, true
	}
	for i, f := range rec.Findings {
		if f.ClearedAt != nil && *f.ClearedAt < f.FiredAt {
			errs = append(errs, fmt.Sprintf("findings[%d].cleared_at: %g before fired_at %g", i, *f.ClearedAt, f.FiredAt))
		}
	}
	return errs
}

// ValidateRecord writes r in its version's format and validates the result, for tests
// of record writers.
func ValidateRecord(r *Record) error {
	var buf bytes.Buffer
	if err := Write(&buf, r); err != nil {
		return err
	}
	return Validate(buf.Bytes())
}
