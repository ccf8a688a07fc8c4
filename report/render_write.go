package report

// This file writes a laid-out document (sections of paragraphs, tables and key-value
// lists) as plain text or Markdown, escaping the record's strings on the way; render.go
// lays the report out.

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/dumpscope/dumpscope/internal/termsafe"
)

// Text writes the report as plain text, 80 columns.
func Text(w io.Writer, a *Analysis) error { return textDoc(w, document(a)) }

func textDoc(w io.Writer, doc []section) error {
	doc = safeDoc(doc)
	var b strings.Builder
	for i, s := range doc {
		if i > 0 {
			b.WriteString("\n")
		}
		head := "# " + s.title + " "
		b.WriteString(head + strings.Repeat("#", max(0, textWidth-len([]rune(head)))) + "\n")
		for j, blk := range s.blocks {
			if j > 0 {
				_, prevTable := s.blocks[j-1].(table)
				_, isKV := blk.(kv)
				if prevTable && !isKV {
					b.WriteString("\n")
				}
			}
			switch x := blk.(type) {
			case line:
				b.WriteString(string(x) + "\n")
			case heading:
				writeWrapped(&b, "", "  ", string(x))
			case para:
				for _, l := range x {
					writeWrapped(&b, "", "  ", l)
				}
			case kv:
				width := 0
				for _, p := range x {
					width = max(width, len([]rune(p[0])))
				}
				width = min(width, 32)
				for _, p := range x {
					label := fmt.Sprintf("  %-*s ", width, p[0])
					writeWrapped(&b, label, strings.Repeat(" ", len([]rune(label))), p[1])
				}
			case table:
				writeTextTable(&b, x)
			}
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// safeDoc returns doc with every string passed through safeLine. Table names, the dump's
// name and server messages are bytes of the dump or of the server, and text and Markdown
// end up on a terminal (stdout, or `cat report.md`): an ESC or OSC in a table name would
// retitle it, move the cursor over earlier lines or write the clipboard (issue 22).
// Escaping before layout keeps the text tables' columns aligned.
func safeDoc(doc []section) []section {
	out := make([]section, len(doc))
	for i, s := range doc {
		out[i] = section{title: safeLine(s.title), blocks: make([]any, len(s.blocks))}
		for j, blk := range s.blocks {
			switch x := blk.(type) {
			case heading:
				blk = heading(safeLine(string(x)))
			case para:
				p := make(para, len(x))
				for k, l := range x {
					p[k] = safeLine(l)
				}
				blk = p
			case kv:
				v := make(kv, len(x))
				for k, pair := range x {
					v[k] = [2]string{safeLine(pair[0]), safeLine(pair[1])}
				}
				blk = v
			case table:
				t := table{head: make([]string, len(x.head)), rows: make([][]string, len(x.rows)), right: x.right}
				for k, h := range x.head {
					t.head[k] = safeLine(h)
				}
				for k, r := range x.rows {
					t.rows[k] = make([]string, len(r))
					for m, c := range r {
						t.rows[k][m] = safeLine(c)
					}
				}
				blk = t
			}
			out[i].blocks[j] = blk
		}
	}
	return out
}

// safeLine escapes control characters as termsafe does (\x1b, \u009b), and also carriage
// return, newline and tab, which termsafe lets through for whole messages but which
// inside one line of a report would overwrite it or break a table's row.
func safeLine(s string) string {
	s = termsafe.String(s)
	if strings.ContainsAny(s, "\r\n\t") {
		s = strings.NewReplacer("\r", `\r`, "\n", `\n`, "\t", `\t`).Replace(s)
	}
	return s
}

// writeWrapped writes first+text wrapped at textWidth, continuation lines indented.
func writeWrapped(b *strings.Builder, first, indent, text string) {
	line := first
	lineLen := len([]rune(first))
	empty := true
	for _, word := range strings.Fields(text) {
		wl := len([]rune(word))
		if !empty && lineLen+1+wl > textWidth {
			b.WriteString(strings.TrimRight(line, " ") + "\n")
			line, lineLen, empty = indent, len([]rune(indent)), true
		}
		if !empty {
			line += " "
			lineLen++
		}
		line += word
		lineLen += wl
		empty = false
	}
	b.WriteString(strings.TrimRight(line, " ") + "\n")
}

func writeTextTable(b *strings.Builder, t table) {
	widths := make([]int, len(t.head))
	for i, h := range t.head {
		widths[i] = len([]rune(h))
	}
	for _, r := range t.rows {
		for i, c := range r {
			widths[i] = max(widths[i], len([]rune(c)))
		}
	}
	row := func(cells []string) {
		var parts []string
		for i, c := range cells {
			pad := strings.Repeat(" ", widths[i]-len([]rune(c)))
			if i < len(t.right) && t.right[i] {
				parts = append(parts, pad+c)
			} else {
				parts = append(parts, c+pad)
			}
		}
		b.WriteString(strings.TrimRight("  "+strings.Join(parts, "  "), " ") + "\n")
	}
	row(t.head)
	var rule []string
	for _, w := range widths {
		rule = append(rule, strings.Repeat("-", w))
	}
	b.WriteString("  " + strings.Join(rule, "  ") + "\n")
	for _, r := range t.rows {
		row(r)
	}
}

// Markdown writes the report as GitHub-flavoured Markdown.
func Markdown(w io.Writer, a *Analysis) error {
	return markdownDoc(w, "dumpscope report: "+a.Name, document(a))
}

func markdownDoc(w io.Writer, title string, doc []section) error {
	doc, title = safeDoc(doc), safeLine(title)
	var b strings.Builder
	fmt.Fprintf(&b, "# %s\n", mdEscape(title))
	for _, s := range doc {
		fmt.Fprintf(&b, "\n## %s\n\n", s.title)
		for i, blk := range s.blocks {
			if i > 0 {
				b.WriteString("\n")
			}
			switch x := blk.(type) {
			case line:
				b.WriteString(mdEscape(string(x)) + "\n")
			case heading:
				b.WriteString("### " + mdEscape(string(x)) + "\n")
			case para:
				for _, l := range x {
					b.WriteString(mdEscape(l) + "\n")
				}
			case kv:
				for _, p := range x {
					fmt.Fprintf(&b, "- **%s**: %s\n", mdEscape(p[0]), mdEscape(p[1]))
				}
			case table:
				writeMDTable(&b, x)
			}
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func writeMDTable(b *strings.Builder, t table) {
	cells := func(r []string) string {
		out := make([]string, len(r))
		for i, c := range r {
			out[i] = mdEscape(c)
		}
		return "| " + strings.Join(out, " | ") + " |\n"
	}
	b.WriteString(cells(t.head))
	var align []string
	for i := range t.head {
		if i < len(t.right) && t.right[i] {
			align = append(align, "---:")
		} else {
			align = append(align, "---")
		}
	}
	b.WriteString("|" + strings.Join(align, "|") + "|\n")
	for _, r := range t.rows {
		b.WriteString(cells(r))
	}
}

// mdEscape keeps table pipes, asterisks and tags literal (underscores inside words need
// no escape in GitHub's Markdown, and variable names are full of them).
func mdEscape(s string) string {
	r := strings.NewReplacer("|", `\|`, "*", `\*`, "<", "&lt;")
	return r.Replace(s)
}

// JSON writes the analysis as indented JSON.
func JSON(w io.Writer, a *Analysis) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(a)
}
