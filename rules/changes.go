package rules

import (
	"strings"

	"github.com/dumpscope/dumpscope/advisor"
)

// Setting is one server setting a finding recommends, as my.cnf takes it.
type Setting struct {
	Name  string
	Value string
}

// Changes are the settings a finding's recommendation makes, read back from the "my.cnf
// [mysqld]: name = value (note); …;" part that recommend writes; nil for advice that is
// not a setting (re-create the dump, replay in parallel). bench --auto turns them into
// variants and the report prints them beside the current values.
func Changes(f advisor.Finding) []Setting {
	const head = "my.cnf [mysqld]:"
	rec := f.Recommendation
	i := strings.Index(rec, head)
	if i < 0 {
		return nil
	}
	rest := rec[i+len(head):]
	if j := strings.Index(rest, " live:"); j >= 0 {
		rest = rest[:j]
	}
	var out []Setting
	for _, part := range strings.Split(rest, ";") {
		part = strings.TrimSpace(part)
		if k := strings.Index(part, " ("); k >= 0 { // the note after the value
			part = part[:k]
		}
		name, value, ok := strings.Cut(part, " = ")
		if !ok || strings.ContainsAny(name, " \t") || value == "" {
			continue
		}
		out = append(out, Setting{Name: strings.TrimSpace(name), Value: strings.TrimSpace(value)})
	}
	return out
}
