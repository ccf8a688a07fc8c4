package sqlscan

// StringSpans are where the quoted runs ('…', "…", `…`) of one statement's SQL begin and
// end, as the splitter found them while looking for the statement's end. The row reader
// (ReadRows) jumps over a string it finds here instead of reading it again: on a dump of
// row inserts the strings were 40 % of its work (issue 24), and the splitter walks every
// one of them anyway.
//
// A span is used only where it cannot differ from reading the string: for the very SQL it
// was recorded in (its first byte's address and its length; a rewritten statement has
// other bytes), under the same quoting rules (NO_BACKSLASH_ESCAPES, ANSI_QUOTES, the
// character set's kind), and for a string that begins exactly at a span's start. Anything
// else, or a string past the last span, is read as before.
type StringSpans struct {
	sql *byte // SQL[0] of the statement the spans index, nil when they index none
	n   int   // len(SQL)
	syn Syntax
	// spans holds pairs: the index in the SQL of an opening quote and the index just past
	// its closing quote, in order. A doubled quote ('it''s') is two spans.
	spans []uint32
}

// Set makes sp index sql, read under syn, with spans (pairs, see StringSpans.spans). sp
// keeps spans, which the caller must not change while sp is in use.
func (sp *StringSpans) Set(sql []byte, syn Syntax, spans []uint32) {
	if len(sql) == 0 {
		sp.Clear()
		return
	}
	sp.sql, sp.n, sp.syn, sp.spans = &sql[0], len(sql), syn, spans
}

// Clear makes sp index no SQL.
func (sp *StringSpans) Clear() { sp.sql, sp.spans = nil, nil }

// For returns the spans when they index q read under syn, else nil.
func (sp *StringSpans) For(q []byte, syn Syntax) []uint32 {
	if sp == nil || sp.sql == nil || len(q) != sp.n || &q[0] != sp.sql ||
		syn.NoBackslashEscapes != sp.syn.NoBackslashEscapes || syn.ANSIQuotes != sp.syn.ANSIQuotes ||
		syn.Charset.kind != sp.syn.Charset.kind {
		return nil
	}
	return sp.spans
}

// UseSpans lets the row reader jump over the strings sp recorded, when sp indexes l.Src
// under l's quoting rules (StringSpans.For); otherwise it changes nothing.
func (l *Tokenizer) UseSpans(sp *StringSpans) {
	syn := Syntax{NoBackslashEscapes: l.nbe, ANSIQuotes: l.ansi, Charset: l.mb}
	if s := sp.For(l.Src, syn); s != nil {
		l.spans, l.spanAt = s, 0
	}
}

// skipKnown is skipString for a string quoted with q at Pos whose backslashes escape as
// the splitter's do ('…', and "…" without ANSI_QUOTES): it jumps to the end of the span
// that begins at Pos, and of the next while a doubled quote joins them, and reads the
// rest (no span there, or spans not in use) with skipString. The reader only moves
// forward, so spanAt passes each span once; the usual call finds its span at spanAt.
func (l *Tokenizer) skipKnown(q byte) bool {
	s, k, p := l.spans, l.spanAt, l.Pos
	for k+1 < len(s) {
		a, e := int(s[k]), int(s[k+1])
		if a != p {
			if a > p {
				break
			}
			k += 2
			continue
		}
		if e > len(l.Src) {
			break
		}
		k, p = k+2, e
		if e == len(l.Src) || l.Src[e] != q {
			l.Pos, l.spanAt = p, k
			return true
		}
		// A doubled quote: the splitter saw the string end and another begin here, which
		// skipString (from this quote) reads as the rest of the same string.
	}
	l.Pos, l.spanAt = p, k
	return l.skipString(q)
}
