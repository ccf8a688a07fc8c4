package gen

import (
	"fmt"
	"strings"

	"github.com/dumpscope/dumpscope/internal/units"
)

// CompressionFor is the Options.Compression a format asks for: "plain" or "none", "gzip",
// "zstd", or "auto", which follows the output path's extension (.gz gzip; .zst and .zstd
// zstd; else none). ok is false for any other format.
func CompressionFor(format, path string) (compression string, ok bool) {
	switch format {
	case "plain", "none":
		return "none", true
	case "gzip", "zstd":
		return format, true
	case "auto":
		switch {
		case strings.HasSuffix(path, ".gz"):
			return "gzip", true
		case strings.HasSuffix(path, ".zst"), strings.HasSuffix(path, ".zstd"):
			return "zstd", true
		}
		return "none", true
	}
	return "", false
}

// Line is what a Write wrote, in one line: the uncompressed size (and the compressed one
// under compression, as in Options), the database, rows, tables and INSERT statements.
func (st Stats) Line(compression string) string {
	var b strings.Builder
	b.WriteString(units.FormatBytes(float64(st.Bytes)))
	if compression != "none" && compression != "" {
		fmt.Fprintf(&b, " (%s: %s)", compression, units.FormatBytes(float64(st.CompressedBytes)))
	}
	fmt.Fprintf(&b, ", database %s, %d rows in %d tables, %d INSERT statements", st.Database, st.Rows, len(st.Tables), st.Inserts)
	return b.String()
}
