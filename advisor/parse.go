package advisor

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// ErrNoLogSection is returned by ParseEngineStatus when the text has no LOG section with a
// "Log sequence number" line (not SHOW ENGINE INNODB STATUS output, or truncated).
var ErrNoLogSection = errors.New("no LOG section with a log sequence number")

// EngineStatus is what the sampler reads from SHOW ENGINE INNODB STATUS: the LOG section's
// LSNs and, where XtraDB-derived builds print them, checkpoint ages; and the BUFFER POOL AND
// MEMORY section's page counts (totals over all instances, not INDIVIDUAL BUFFER POOL
// INFO). Optional values are nil where the server did not print them.
type EngineStatus struct {
	LSN            int64  `json:"lsn"`
	LogFlushedLSN  int64  `json:"log_flushed_lsn"`
	PagesFlushedTo *int64 `json:"pages_flushed_lsn,omitempty"` // absent in XtraDB 5.5
	LastCheckpoint int64  `json:"last_checkpoint_lsn"`
	// MaxCheckpointAge and CheckpointAge are printed by XtraDB and Percona Server 8.0.
	MaxCheckpointAge *int64 `json:"max_checkpoint_age,omitempty"`
	CheckpointAge    *int64 `json:"checkpoint_age,omitempty"`

	// BufferPoolPages is "Buffer pool size" (in pages); DatabasePages, FreeBuffers and
	// ModifiedPages are the lines of the same names.
	BufferPoolPages int64 `json:"buffer_pool_pages"`
	FreeBuffers     int64 `json:"free_buffers"`
	DatabasePages   int64 `json:"database_pages"`
	ModifiedPages   int64 `json:"modified_pages"`
}

// DirtyPagesPct is modified pages as a percent of the buffer pool size, 0 when unknown.
func (e EngineStatus) DirtyPagesPct() float64 {
	if e.BufferPoolPages <= 0 {
		return 0
	}
	return 100 * float64(e.ModifiedPages) / float64(e.BufferPoolPages)
}

// ParseEngineStatus reads the Status text of SHOW ENGINE INNODB STATUS, either bare (the
// column value) or as the mysql client's \G output. Labels are matched after collapsing
// whitespace, because their padding differs by version: MySQL 5.7 and MariaDB print
// "Log sequence number 286005362", MySQL 8.0 pads labels to one column
// ("Log sequence number          19239592"). Pre-5.5 servers printed LSNs as two 32-bit
// halves ("Log sequence number 0 12345"); those are combined.
func ParseEngineStatus(text string) (EngineStatus, error) {
	var e EngineStatus
	lines := strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n")
	section := ""
	haveLSN, haveCheckpoint := false, false
	for i, line := range lines {
		// A section title sits between two rules of dashes ("---" / "LOG" / "---",
		// "------" / "BUFFER POOL AND MEMORY" / "------"); the last line of a section is
		// followed by a rule too, but not preceded by one.
		if i+1 < len(lines) && isRule(lines[i+1]) && !isRule(line) && strings.TrimSpace(line) != "" &&
			(i == 0 || isRule(lines[i-1])) {
			section = strings.Join(strings.Fields(line), " ")
			continue
		}
		label, value, ok := labelValue(line)
		if !ok {
			continue
		}
		switch section {
		case "LOG":
			switch label {
			case "Log sequence number":
				e.LSN, haveLSN = value, true
			case "Log flushed up to":
				e.LogFlushedLSN = value
			case "Pages flushed up to":
				e.PagesFlushedTo = ptr(value)
			case "Last checkpoint at":
				e.LastCheckpoint, haveCheckpoint = value, true
			case "Max checkpoint age":
				e.MaxCheckpointAge = ptr(value)
			case "Checkpoint age":
				e.CheckpointAge = ptr(value)
			}
		case "BUFFER POOL AND MEMORY":
			switch label {
			case "Buffer pool size":
				e.BufferPoolPages = value
			case "Free buffers":
				e.FreeBuffers = value
			case "Database pages":
				e.DatabasePages = value
			case "Modified db pages":
				e.ModifiedPages = value
			}
		}
	}
	if !haveLSN || !haveCheckpoint {
		return e, ErrNoLogSection
	}
	return e, nil
}

func ptr[T any](v T) *T { return &v }

func isRule(line string) bool {
	line = strings.TrimSpace(line)
	return len(line) >= 3 && strings.Trim(line, "-") == ""
}

// labelValue splits "Label words   123" (or "Label 0 123", the pre-5.5 two-halves LSN) into
// the label with single spaces and the number. Lines whose tail is not numeric, or that
// carry more after the number ("Buffer pool size, bytes 1" is a different label from
// "Buffer pool size 1" and is kept apart by its comma), are not label/value lines.
func labelValue(line string) (string, int64, bool) {
	f := strings.Fields(line)
	if len(f) < 2 {
		return "", 0, false
	}
	last, err := strconv.ParseInt(f[len(f)-1], 10, 64)
	if err != nil {
		return "", 0, false
	}
	labelEnd := len(f) - 1
	value := last
	if len(f) >= 3 {
		if high, err := strconv.ParseInt(f[len(f)-2], 10, 64); err == nil {
			value = high<<32 | last
			labelEnd--
		}
	}
	for _, w := range f[:labelEnd] {
		if _, err := strconv.ParseFloat(w, 64); err == nil {
			return "", 0, false // "0 pending log flushes, 0 pending chkp writes"
		}
	}
	return strings.Join(f[:labelEnd], " "), value, true
}

// ParseGlobalRows reads SHOW GLOBAL STATUS or SHOW GLOBAL VARIABLES output as the mysql
// client prints it, in any of its three forms, into a name → value map:
//   - batch/tab form: "name\tvalue" per line (mysql -B, -N), optional header row;
//   - table form: "| name | value |" rows between "+---+" borders;
//   - vertical \G form: "*** N. row ***", "Variable_name: name", "Value: value"; a value
//     running over several lines keeps its newlines.
//
// Lines of other shapes with a name and a whitespace-separated value (pt-summary appends
// "pt-summary-internal-… value" lines) are read as name/value too. Names are kept as
// printed; values are trimmed of the table padding.
func ParseGlobalRows(r io.Reader) (map[string]string, error) {
	rows := map[string]string{}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 16*1024*1024)
	lineNo := 0
	verticalName := "" // the vertical form's current row, "" outside one
	inValue := false
	for sc.Scan() {
		lineNo++
		line := strings.TrimRight(sc.Text(), "\r")
		trimmed := strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(trimmed, "***") && strings.HasSuffix(trimmed, "***"):
			verticalName, inValue = "", false
			continue
		case strings.HasPrefix(trimmed, "Variable_name:"):
			verticalName = strings.TrimSpace(strings.TrimPrefix(trimmed, "Variable_name:"))
			inValue = false
			continue
		case verticalName != "" && strings.HasPrefix(trimmed, "Value:"):
			rows[verticalName] = strings.TrimSpace(strings.TrimPrefix(trimmed, "Value:"))
			inValue = true
			continue
		case inValue:
			rows[verticalName] += "\n" + line
			continue
		case trimmed == "" || strings.HasPrefix(trimmed, "+"):
			continue
		case strings.HasPrefix(trimmed, "|"):
			cells := strings.Split(strings.Trim(trimmed, "|"), "|")
			if len(cells) < 2 {
				return nil, fmt.Errorf("line %d: table row with %d cells", lineNo, len(cells))
			}
			name := strings.TrimSpace(cells[0])
			value := strings.TrimSpace(strings.Join(cells[1:], "|"))
			if name != "Variable_name" {
				rows[name] = value
			}
			continue
		}
		name, value, ok := strings.Cut(line, "\t")
		if !ok {
			f := strings.Fields(line)
			name, value = f[0], strings.TrimSpace(strings.TrimPrefix(trimmed, f[0]))
		}
		if name == "Variable_name" && value == "Value" {
			continue
		}
		rows[name] = value
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("line %d: %w", lineNo+1, err)
	}
	return rows, nil
}

// NumericStatus keeps the numeric values of a status map (counters and gauges; ON/OFF and
// text values are dropped), as the run record's samples hold them.
func NumericStatus(rows map[string]string) map[string]float64 {
	out := make(map[string]float64, len(rows))
	for k, v := range rows {
		if f, err := strconv.ParseFloat(v, 64); err == nil {
			out[k] = f
		}
	}
	return out
}
