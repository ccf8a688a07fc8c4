package report

import (
	"fmt"
	"path/filepath"
	"sort"
	"strings"

	"github.com/dumpscope/dumpscope/runrecord"
)

// ReadSide reads one side of a comparison: the run records in files, each analysed with
// its findings (replayed through this dumpscope's rules when replay is set). label names
// the side; "" names it by what its files' names share (sideLabel).
func ReadSide(files []string, label string, replay bool) (Side, error) {
	side := Side{Files: files, Label: label}
	if label == "" {
		side.Label = sideLabel(files)
	}
	for _, path := range files {
		rec, err := runrecord.ReadFile(path)
		if err != nil {
			return Side{}, err
		}
		side.Records = append(side.Records, rec)
		side.Analyses = append(side.Analyses, Analyze(rec, Findings(rec, replay)))
	}
	return side, nil
}

// SideFiles expands one side's argument: comma-separated paths, each possibly a glob.
func SideFiles(arg string) ([]string, error) {
	var files []string
	for _, p := range strings.Split(arg, ",") {
		if p == "" {
			continue
		}
		if strings.ContainsAny(p, "*?[") {
			m, err := filepath.Glob(p)
			if err != nil {
				return nil, fmt.Errorf("%s: %v", p, err)
			}
			if len(m) == 0 {
				return nil, fmt.Errorf("%s matches no file", p)
			}
			sort.Strings(m)
			files = append(files, m...)
			continue
		}
		files = append(files, p)
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("%q names no run record", arg)
	}
	return files, nil
}

// sideLabel names a side by its records' file names: the one name, or what the names of
// several runs share (redo-4M-1.json, redo-4M-2.json → redo-4M).
func sideLabel(files []string) string {
	base := func(p string) string {
		return strings.TrimSuffix(strings.TrimSuffix(filepath.Base(p), ".gz"), ".json")
	}
	label := base(files[0])
	if len(files) == 1 {
		return label
	}
	for _, f := range files[1:] {
		b := base(f)
		n := 0
		for n < len(label) && n < len(b) && label[n] == b[n] {
			n++
		}
		label = label[:n]
	}
	if l := strings.TrimRight(label, "-_. "); l != "" {
		return l
	}
	return base(files[0])
}
