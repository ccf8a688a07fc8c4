package advisor

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/dumpscope/dumpscope/internal/units"
)

// Evidence keys carry their unit as a suffix (STYLE.md: names carry units), so one
// formatter can print every rule's evidence for people: `util 7.8 % on vda`,
// `redo 12.6 MiB/s`, `w_await 1.02 ms`. Keys without a unit suffix are server settings
// or names and print as name=value, sizes in IEC units. Thresholds print after the
// measurements they bound.

// evidenceUnits are the unit suffixes, longest first so _bytes_per_sec is not read as
// _per_sec. _kB is iostat's kilobyte (1024 bytes).
var evidenceUnits = []string{"_bytes_per_sec", "_bytes_per_s", "_kB_per_sec", "_kB_per_s", "_pct_of_core", "_per_sec", "_bytes", "_pct", "_ms", "_seconds", "_points"}

// iostatColumns keep their underscores: they are iostat's column names.
var iostatColumns = map[string]bool{"r_await": true, "w_await": true, "d_await": true, "f_await": true, "aqu_sz": true}

// evidenceQualifiers follow the unit in a key (checkpoint_age_pct_mean).
var evidenceQualifiers = []string{"_mean", "_last", "_first", "_max", "_min", "_p99"}

// settingPrefixes name server variables: evidence under their own name prints as the
// my.cnf line would (innodb_io_capacity = 200), so a DBA can search for it.
var settingPrefixes = []string{"innodb_", "sync_binlog", "log_bin", "max_allowed_packet", "binlog_", "max_connections"}

// sourceValues are the machine names a *_source key may hold, as people read them;
// status counters keep their server names.
var sourceValues = map[string]string{
	"lsn":             "the LSN",
	"import.rows":     "the importer's count",
	"import.commits":  "the importer's count",
	"w_await+f_await": "w_await + f_await",
	"w_await":         "w_await",
	"probe_p50":       "the probe's p50",
}

// EvidenceItem is one piece of evidence as people read it: "redo 12.6 MiB/s",
// "innodb_io_capacity = 200", "redo rate from the LSN".
type EvidenceItem struct {
	Label, Value string
	// Setting marks a server variable, written "name = value".
	Setting bool
}

func (it EvidenceItem) String() string {
	switch {
	case it.Setting:
		return it.Label + " = " + it.Value
	case it.Value == "":
		return it.Label
	}
	return it.Label + " " + it.Value
}

// FormatEvidence renders evidence for people, measurements first, then thresholds, each
// group in key order.
func FormatEvidence(ev map[string]any) string {
	items := EvidenceItems(ev)
	parts := make([]string, len(items))
	for i, it := range items {
		parts[i] = it.String()
	}
	return strings.Join(parts, ", ")
}

// EvidenceItems is FormatEvidence one item at a time, for surfaces that list them (the
// dashboard's finding details). The run record keeps the machine keys.
func EvidenceItems(ev map[string]any) []EvidenceItem {
	keys := make([]string, 0, len(ev))
	for k := range ev {
		keys = append(keys, k)
	}
	sort.SliceStable(keys, func(i, j int) bool {
		ti, tj := strings.Contains(keys[i], "threshold"), strings.Contains(keys[j], "threshold")
		if ti != tj {
			return tj
		}
		return keys[i] < keys[j]
	})
	items := make([]EvidenceItem, 0, len(keys))
	for _, k := range keys {
		items = append(items, evidenceItem(k, ev[k]))
	}
	return items
}

// evidenceAliases rename keys whose iostat-style names hide their unit (wkB_per_sec is
// kilobytes written per second).
var evidenceAliases = map[string]string{"wkB_per_sec": "written_kB_per_sec", "rkB_per_sec": "read_kB_per_sec"}

func evidenceItem(key string, v any) EvidenceItem {
	if a, ok := evidenceAliases[key]; ok {
		key = a
	}
	stem, qualifier := key, ""
	perDevice := false
	if s, ok := strings.CutSuffix(stem, "_by_device"); ok {
		stem, perDevice = s, true
	}
	for _, q := range evidenceQualifiers {
		if s, ok := strings.CutSuffix(stem, q); ok {
			stem, qualifier = s, q[1:]
			break
		}
	}
	unit := ""
	for _, u := range evidenceUnits {
		if s, ok := strings.CutSuffix(stem, u); ok {
			stem, unit = s, u
			break
		}
	}
	if unit == "" {
		return plainItem(key, v)
	}
	if isSetting(stem) && qualifier == "" && !perDevice { // innodb_buffer_pool_size_bytes
		if f, ok := asFloat(v); ok {
			return EvidenceItem{Label: stem, Value: formatWithUnit(f, unit), Setting: true}
		}
	}
	label := stem
	if !iostatColumns[stem] {
		label = strings.ReplaceAll(stem, "_", " ")
	}
	if qualifier != "" {
		label += " (" + qualifier + ")"
	}
	if perDevice {
		if m, ok := asFloatMap(v); ok {
			names := make([]string, 0, len(m))
			for n := range m {
				names = append(names, n)
			}
			sort.Strings(names)
			vals := make([]string, len(names))
			for i, n := range names {
				vals[i] = formatWithUnit(m[n], unit) + " on " + n
			}
			return EvidenceItem{Label: label, Value: strings.Join(vals, "; ")}
		}
	}
	if f, ok := asFloat(v); ok {
		return EvidenceItem{Label: label, Value: formatWithUnit(f, unit)}
	}
	return EvidenceItem{Label: label, Value: fmt.Sprint(v)}
}

// plainItem is evidence without a unit: a server setting (its real name), where a
// number came from (redo rate from the LSN), or a name or count (device vda, host cores
// 2).
func plainItem(key string, v any) EvidenceItem {
	if isSetting(key) {
		return EvidenceItem{Label: key, Value: formatSetting(key, v), Setting: true}
	}
	label := strings.ReplaceAll(key, "_", " ")
	if stem, ok := strings.CutSuffix(key, "_source"); ok {
		val := fmt.Sprint(v)
		if h, ok := sourceValues[val]; ok {
			val = h
		}
		return EvidenceItem{Label: strings.ReplaceAll(stem, "_", " ") + " from", Value: val}
	}
	if m, ok := asFloatMap(v); ok { // a per-name map without a unit: "vda 3, vdb 4"
		names := make([]string, 0, len(m))
		for n := range m {
			names = append(names, n)
		}
		sort.Strings(names)
		vals := make([]string, len(names))
		for i, n := range names {
			vals[i] = n + " " + trimNumber(m[n])
		}
		return EvidenceItem{Label: label, Value: strings.Join(vals, ", ")}
	}
	if f, ok := asFloat(v); ok {
		return EvidenceItem{Label: label, Value: trimNumber(f)}
	}
	switch x := v.(type) {
	case bool: // a fact a rule stored for the verdict to read back: "at host cpu limit yes"
		if x {
			return EvidenceItem{Label: label, Value: "yes"}
		}
		return EvidenceItem{Label: label, Value: "no"}
	case []string: // a list of words, as stored: "fixes --load-data, --defer-indexes"
		return EvidenceItem{Label: label, Value: strings.Join(x, ", ")}
	case []any: // the same list read back from a record's JSON
		words := make([]string, len(x))
		for i, w := range x {
			words[i] = fmt.Sprint(w)
		}
		return EvidenceItem{Label: label, Value: strings.Join(words, ", ")}
	}
	return EvidenceItem{Label: label, Value: fmt.Sprint(v)}
}

func isSetting(key string) bool {
	for _, p := range settingPrefixes {
		if strings.HasPrefix(key, p) {
			return true
		}
	}
	return false
}

func formatWithUnit(f float64, unit string) string {
	switch unit {
	case "_bytes_per_sec", "_bytes_per_s":
		return units.FormatBytes(f) + "/s"
	case "_kB_per_sec", "_kB_per_s":
		return units.FormatBytes(f*1024) + "/s"
	case "_pct_of_core":
		return fmt.Sprintf("%.0f %% of a core", f)
	case "_points":
		return trimNumber(f) + " points"
	case "_bytes":
		return units.FormatBytes(f)
	case "_pct":
		return fmt.Sprintf("%.1f %%", f)
	case "_ms":
		return fmt.Sprintf("%.2f ms", f)
	case "_seconds":
		return units.FormatSpan(f)
	case "_per_sec":
		if f >= 100 {
			return fmt.Sprintf("%.0f/s", f)
		}
		return fmt.Sprintf("%.1f/s", f)
	}
	return trimNumber(f)
}

// formatSetting prints a server setting's value: sizes in IEC units, other numbers
// without exponent notation.
func formatSetting(key string, v any) string {
	f, ok := asFloat(v)
	if !ok {
		return fmt.Sprint(v)
	}
	// innodb_redo_log_capacity is bytes; innodb_io_capacity is I/O operations per second.
	sizeLike := strings.HasSuffix(key, "_size") || key == "innodb_redo_log_capacity" || key == "max_allowed_packet"
	if sizeLike && f >= 1024 {
		return units.FormatBytes(f)
	}
	return trimNumber(f)
}

// trimNumber writes f without exponent notation: integers whole, others with up to
// three significant decimals.
func trimNumber(f float64) string {
	if f == math.Trunc(f) && math.Abs(f) < 1e15 {
		return fmt.Sprintf("%.0f", f)
	}
	if math.Abs(f) >= 100 {
		return fmt.Sprintf("%.0f", f)
	}
	return strings.TrimRight(strings.TrimRight(fmt.Sprintf("%.2f", f), "0"), ".")
}

func asFloat(v any) (float64, bool) {
	switch x := v.(type) {
	case float64:
		return x, true
	case float32:
		return float64(x), true
	case int:
		return float64(x), true
	case int64:
		return float64(x), true
	case uint64:
		return float64(x), true
	case int32:
		return float64(x), true
	case uint32:
		return float64(x), true
	}
	return 0, false
}

func asFloatMap(v any) (map[string]float64, bool) {
	switch m := v.(type) {
	case map[string]float64:
		return m, true
	case map[string]any:
		out := make(map[string]float64, len(m))
		for k, x := range m {
			f, ok := asFloat(x)
			if !ok {
				return nil, false
			}
			out[k] = f
		}
		return out, true
	}
	return nil, false
}
