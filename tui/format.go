package tui

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
)

// Sizes on screen are IEC (KiB, MiB, GiB), as every other dumpscope output prints them,
// so the same dump reads the same size in the log, gen, split and on the dashboard.

// fmtCount renders a count with thousands separators (1,234,567).
func fmtCount(n int64) string {
	s := strconv.FormatInt(n, 10)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	if neg {
		return "-" + b.String()
	}
	return b.String()
}

// fmtRate renders a per-second rate compactly (950, 12.3k, 1.45M).
func fmtRate(v float64) string {
	switch a := math.Abs(v); {
	case a >= 1e6:
		return fmt.Sprintf("%.2fM", v/1e6)
	case a >= 1e4:
		return fmt.Sprintf("%.1fk", v/1e3)
	case a >= 100:
		return fmt.Sprintf("%.0f", v)
	case a >= 10:
		return fmt.Sprintf("%.1f", v)
	case a == 0:
		return "0"
	}
	return fmt.Sprintf("%.1f", v)
}

// fit pads or truncates s (which may hold ANSI styling) to exactly w cells.
func fit(s string, w int) string {
	if w <= 0 {
		return ""
	}
	n := lipgloss.Width(s)
	if n > w {
		return ansi.Truncate(s, w, "…")
	}
	return s + strings.Repeat(" ", w-n)
}

// trunc truncates s to at most w cells without padding.
func trunc(s string, w int) string {
	if w <= 0 {
		return ""
	}
	if lipgloss.Width(s) > w {
		return ansi.Truncate(s, w, "…")
	}
	return s
}

// wrap breaks plain text into lines of at most w cells at spaces.
func wrap(s string, w int) []string {
	if w < 10 {
		w = 10
	}
	var out []string
	for _, para := range strings.Split(s, "\n") {
		line, lineW := "", 0
		for _, word := range strings.Fields(para) {
			ww := ansi.StringWidth(word)
			switch {
			case line == "":
				line, lineW = word, ww
			case lineW+1+ww <= w:
				line, lineW = line+" "+word, lineW+1+ww
			default:
				out = append(out, line)
				line, lineW = word, ww
			}
			for lineW > w { // a word longer than the line
				out = append(out, ansi.Truncate(line, w, ""))
				line = ansi.TruncateLeft(line, w, "")
				lineW = ansi.StringWidth(line)
			}
		}
		out = append(out, line)
	}
	return out
}
