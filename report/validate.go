package report

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"time"
)

// Validate checks a run record document against format version 1 (RUN-RECORD.md). It
// checks the JSON, not a Go value, so a writer that drops a field, renames one or writes a
// string where a number belongs is caught. Unknown fields are allowed everywhere; optional
// parts may be missing. Errors wrap ErrInvalid and name the JSON path
// ("samples[3].devices.sda.w_await: want a number, got string").
func Validate(doc []byte) error {
	dec := json.NewDecoder(bytes.NewReader(doc))
	var root any
	if err := dec.Decode(&root); err != nil {
		return fmt.Errorf("%w: %v", ErrInvalid, err)
	}
	v := validator{}
	v.record(root)
	if len(v.errs) == 0 {
		return nil
	}
	if len(v.errs) > 5 {
		v.errs = append(v.errs[:5], fmt.Sprintf("and %d more", len(v.errs)-5))
	}
	return fmt.Errorf("%w: %s", ErrInvalid, strings.Join(v.errs, "; "))
}

// ValidateRecord marshals r and validates the result, for tests of record writers.
func ValidateRecord(r *Record) error {
	var buf bytes.Buffer
	if err := Write(&buf, r); err != nil {
		return err
	}
	return Validate(buf.Bytes())
}

type validator struct{ errs []string }

func (v *validator) fail(path, format string, args ...any) {
	v.errs = append(v.errs, path+": "+fmt.Sprintf(format, args...))
}

func typeName(x any) string {
	switch x.(type) {
	case nil:
		return "null"
	case string:
		return "string"
	case float64:
		return "number"
	case bool:
		return "boolean"
	case []any:
		return "array"
	case map[string]any:
		return "object"
	}
	return fmt.Sprintf("%T", x)
}

func (v *validator) object(path string, x any) map[string]any {
	m, ok := x.(map[string]any)
	if !ok {
		v.fail(path, "want an object, got %s", typeName(x))
	}
	return m
}

// field checks one field of an object: kind is "string", "number", "number|null",
// "boolean", "object", "array"; required says whether it must be present.
func (v *validator) field(path string, m map[string]any, name, kind string, required bool) (any, bool) {
	x, ok := m[name]
	if !ok {
		if required {
			v.fail(path+"."+name, "missing")
		}
		return nil, false
	}
	got := typeName(x)
	for _, k := range strings.Split(kind, "|") {
		if k == got {
			return x, true
		}
	}
	v.fail(path+"."+name, "want %s, got %s", kind, got)
	return nil, false
}

func (v *validator) numbers(path string, m map[string]any, kind string, names ...string) {
	for _, n := range names {
		if x, ok := v.field(path, m, n, kind, false); ok {
			if f, isNum := x.(float64); isNum && f < 0 && n != "t" {
				v.fail(path+"."+n, "negative: %g", f)
			}
		}
	}
}

func (v *validator) timeField(path string, m map[string]any, name string, required bool) (time.Time, bool) {
	x, ok := v.field(path, m, name, "string", required)
	if !ok {
		return time.Time{}, false
	}
	t, err := time.Parse(time.RFC3339, x.(string))
	if err != nil {
		v.fail(path+"."+name, "not RFC 3339: %q", x)
		return time.Time{}, false
	}
	return t, true
}

func (v *validator) oneOf(path string, m map[string]any, name string, required bool, allowed ...string) {
	x, ok := v.field(path, m, name, "string", required)
	if !ok {
		return
	}
	for _, a := range allowed {
		if x == a {
			return
		}
	}
	v.fail(path+"."+name, "%q not one of %s", x, strings.Join(allowed, ", "))
}

func (v *validator) record(root any) {
	m := v.object("record", root)
	if m == nil {
		return
	}
	const p = "record"
	if x, ok := v.field(p, m, "format", "string", true); ok && x != Format {
		v.fail(p+".format", "%q, want %q", x, Format)
	}
	if x, ok := v.field(p, m, "version", "number", true); ok && x != float64(Version) {
		v.fail(p+".version", "%v, want %d", x, Version)
	}
	if x, ok := v.field(p, m, "tool", "object", false); ok {
		v.field(p+".tool", x.(map[string]any), "version", "string", false)
	}
	start, okStart := v.timeField(p, m, "started_at", true)
	if end, ok := v.timeField(p, m, "ended_at", false); ok && okStart && end.Before(start) {
		v.fail(p+".ended_at", "before started_at")
	}
	if x, ok := v.field(p, m, "command", "array", false); ok {
		v.command(x.([]any))
	}
	if x, ok := v.field(p, m, "interval_seconds", "number", false); ok && x.(float64) <= 0 {
		v.fail(p+".interval_seconds", "want > 0, got %v", x)
	}
	if x, ok := v.field(p, m, "dump", "object|null", false); ok && x != nil {
		d := x.(map[string]any)
		v.field(p+".dump", d, "name", "string", false)
		v.numbers(p+".dump", d, "number", "compressed_bytes", "bytes", "statements", "rows", "largest_statement_bytes")
	}
	if x, ok := v.field(p, m, "host", "object|null", false); ok && x != nil {
		h := x.(map[string]any)
		v.field(p+".host", h, "cpu_model", "string", false)
		v.field(p+".host", h, "kernel", "string", false)
		v.numbers(p+".host", h, "number", "cores", "memory_bytes")
	}
	if x, ok := v.field(p, m, "server", "object", true); ok {
		v.server(x.(map[string]any))
	}
	if x, ok := v.field(p, m, "devices", "array|null", false); ok && x != nil {
		for i, d := range x.([]any) {
			v.device(fmt.Sprintf("%s.devices[%d]", p, i), d)
		}
	}
	if x, ok := v.field(p, m, "probe", "object|null", false); ok && x != nil {
		pr := x.(map[string]any)
		v.field(p+".probe", pr, "dir", "string", true)
		v.field(p+".probe", pr, "class", "string", true)
		v.numbers(p+".probe", pr, "number", "block_bytes", "ops_per_sec", "p50_ms", "p99_ms")
	}
	if x, ok := v.field(p, m, "samples", "array", true); ok {
		v.samples(x.([]any))
	}
	if x, ok := v.field(p, m, "findings", "array|null", false); ok && x != nil {
		for i, f := range x.([]any) {
			v.finding(fmt.Sprintf("%s.findings[%d]", p, i), f)
		}
	}
	if x, ok := v.field(p, m, "outcome", "object", false); ok {
		o := x.(map[string]any)
		v.oneOf(p+".outcome", o, "status", true, OutcomeOK, OutcomeError, OutcomeInterrupted)
		v.field(p+".outcome", o, "error", "string", false)
		v.numbers(p+".outcome", o, "number", "offset", "line")
	}
}

func (v *validator) command(args []any) {
	strs := make([]string, 0, len(args))
	for i, a := range args {
		s, ok := a.(string)
		if !ok {
			v.fail(fmt.Sprintf("record.command[%d]", i), "want string, got %s", typeName(a))
			continue
		}
		strs = append(strs, s)
	}
	redacted := RedactCommand(strs)
	for i := range strs {
		if strs[i] != redacted[i] {
			v.fail(fmt.Sprintf("record.command[%d]", i), "holds a password")
		}
	}
}

func (v *validator) server(s map[string]any) {
	const p = "record.server"
	v.oneOf(p, s, "flavor", true, "mysql", "mariadb", "percona")
	v.field(p, s, "version", "string", true)
	if x, ok := v.field(p, s, "variables", "object", false); ok {
		for name, val := range x.(map[string]any) {
			switch val.(type) {
			case string, float64, nil, bool:
			default:
				v.fail(p+".variables."+name, "want a number or string, got %s", typeName(val))
			}
		}
	}
	if x, ok := v.field(p, s, "variable_changes", "array|null", false); ok && x != nil {
		for i, c := range x.([]any) {
			cp := fmt.Sprintf("%s.variable_changes[%d]", p, i)
			cm := v.object(cp, c)
			if cm == nil {
				continue
			}
			v.field(cp, cm, "t", "number", true)
			v.field(cp, cm, "name", "string", true)
			if _, ok := cm["value"]; !ok {
				v.fail(cp+".value", "missing")
			}
		}
	}
}

func (v *validator) device(p string, x any) {
	d := v.object(p, x)
	if d == nil {
		return
	}
	v.field(p, d, "name", "string", true)
	v.field(p, d, "kind", "string", false)
	v.field(p, d, "model", "string", false)
	v.field(p, d, "write_cache", "string", false)
	v.field(p, d, "rotational", "boolean|null", false)
	for _, arr := range []string{"role", "members"} {
		if a, ok := v.field(p, d, arr, "array|null", false); ok && a != nil {
			for i, e := range a.([]any) {
				if _, isStr := e.(string); !isStr {
					v.fail(fmt.Sprintf("%s.%s[%d]", p, arr, i), "want string, got %s", typeName(e))
				}
			}
		}
	}
}

func (v *validator) samples(samples []any) {
	// iostat -x columns under their run-record names; discard and flush columns are null
	// where the kernel lacks those counters.
	deviceColumns := []string{"r_s", "rkB_s", "rrqm_s", "rrqm_pct", "r_await", "rareq_sz", "w_s", "wkB_s", "wrqm_s", "wrqm_pct", "w_await", "wareq_sz", "aqu_sz", "util"}
	deviceNullableColumns := []string{"d_s", "dkB_s", "drqm_s", "drqm_pct", "d_await", "dareq_sz", "f_s", "f_await"}
	cpuColumns := []string{"user", "nice", "system", "iowait", "steal", "idle", "client_pct"}
	innodbColumns := []string{"lsn", "checkpoint_lsn", "checkpoint_age_bytes", "max_checkpoint_age_bytes", "redo_capacity_bytes", "dirty_pages_pct"}
	importColumns := []string{"bytes", "statements", "rows", "commits"}
	prevT := -1.0
	var prevImport map[string]any
	for i, x := range samples {
		p := fmt.Sprintf("record.samples[%d]", i)
		s := v.object(p, x)
		if s == nil {
			continue
		}
		if t, ok := v.field(p, s, "t", "number", true); ok {
			tf := t.(float64)
			if tf < 0 || tf <= prevT {
				v.fail(p+".t", "%g not after the previous sample's %g", tf, prevT)
			}
			prevT = tf
		}
		if im, ok := v.field(p, s, "import", "object|null", false); ok && im != nil {
			m := im.(map[string]any)
			v.numbers(p+".import", m, "number", importColumns...)
			for _, c := range importColumns {
				if prevImport != nil {
					a, okA := prevImport[c].(float64)
					b, okB := m[c].(float64)
					if okA && okB && b < a {
						v.fail(p+".import."+c, "went down from %g to %g (must be cumulative)", a, b)
					}
				}
			}
			prevImport = m
		}
		if devs, ok := v.field(p, s, "devices", "object|null", false); ok && devs != nil {
			names := sortedKeys(devs.(map[string]any))
			for _, name := range names {
				dp := p + ".devices." + name
				d := v.object(dp, devs.(map[string]any)[name])
				if d == nil {
					continue
				}
				v.numbers(dp, d, "number", deviceColumns...)
				v.numbers(dp, d, "number|null", deviceNullableColumns...)
			}
		}
		if c, ok := v.field(p, s, "cpu", "object|null", false); ok && c != nil {
			v.numbers(p+".cpu", c.(map[string]any), "number", cpuColumns...)
			v.numbers(p+".cpu", c.(map[string]any), "number|null", "server_pct")
		}
		if in, ok := v.field(p, s, "innodb", "object|null", false); ok && in != nil {
			v.numbers(p+".innodb", in.(map[string]any), "number", innodbColumns...)
		}
		for _, key := range []string{"status", "innodb_metrics"} {
			if st, ok := v.field(p, s, key, "object|null", false); ok && st != nil {
				for _, name := range sortedKeys(st.(map[string]any)) {
					if _, isNum := st.(map[string]any)[name].(float64); !isNum {
						v.fail(p+"."+key+"."+name, "want a number, got %s", typeName(st.(map[string]any)[name]))
					}
				}
			}
		}
	}
}

func (v *validator) finding(p string, x any) {
	f := v.object(p, x)
	if f == nil {
		return
	}
	v.field(p, f, "id", "string", true)
	v.oneOf(p, f, "severity", true, "info", "warn", "critical")
	v.field(p, f, "title", "string", true)
	v.field(p, f, "recommendation", "string", true)
	v.field(p, f, "evidence", "object|null", false)
	fired, okF := v.field(p, f, "fired_at", "number", true)
	cleared, okC := v.field(p, f, "cleared_at", "number|null", false)
	if okF && okC && cleared != nil && cleared.(float64) < fired.(float64) {
		v.fail(p+".cleared_at", "%v before fired_at %v", cleared, fired)
	}
}

func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
