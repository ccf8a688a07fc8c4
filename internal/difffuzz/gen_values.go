package difffuzz

// The literals the generator writes: ids, integers, decimals, floats, strings in the
// charsets the server may read them in, binary values.

import (
	"fmt"
	"strings"
)

// literals writes one row's values for the generator: its own type, so that what decides
// a statement's shape (gen) and what spells a value under the session state the script
// left (charset, NO_BACKSLASH_ESCAPES, ANSI_QUOTES) read apart. It shares the generator's
// state: a value may use an AUTO_INCREMENT counter or a user variable the script set.
type literals struct{ *gen }

// value is a literal for column c of t, in one of the forms the server accepts for it.
func (g literals) value(t *table, c col) string {
	if c.name == "id" {
		return g.idValue(t)
	}
	if t.fkCol >= 0 && t.cols[t.fkCol].name == c.name && t.parent != nil {
		if !g.fkChecks && g.chance(0.1) {
			return fmt.Sprint(t.parent.nextID + g.pick(5)) // a missing parent: fine with foreign_key_checks=0
		}
		if len(t.parent.ids) == 0 {
			return "NULL"
		}
		return fmt.Sprint(t.parent.ids[g.pick(len(t.parent.ids))])
	}
	if c.nullable && g.chance(0.08) {
		return []string{"NULL", "null"}[g.pick(2)]
	}
	if len(g.vars) > 0 && c.k == kInt && c.hi >= 1<<31-1 && c.name != "u" && g.chance(0.03) {
		return g.vars[g.pick(len(g.vars))]
	}
	switch c.k {
	case kInt:
		return g.intValue(c)
	case kDecimal:
		return g.decimalValue(c)
	case kFloat:
		return g.floatValue(c)
	case kBit:
		v := g.r.Int63n(int64(1) << c.bits)
		switch g.pick(4) {
		case 0:
			return fmt.Sprintf("b'%b'", v)
		case 1:
			return fmt.Sprintf("0x%X", v)
		case 2:
			return fmt.Sprint(v)
		default:
			return fmt.Sprintf("B'%b'", v)
		}
	case kYear:
		return []string{"1901", "2155", "0", "99", "'24'", "'2024'", "1999", "70", "'0'"}[g.pick(9)]
	case kDate:
		return []string{"'2024-02-29'", "'1000-01-01'", "'9999-12-31'", "20240101", "DATE'2020-06-15'", "'2001-1-2'", "'0000-00-00'"}[g.pick(7)]
	case kDatetime:
		return []string{"'2024-02-29 23:59:59.123456'", "'2024-01-01 00:00:00.5'", "'1000-01-01 00:00:00'", "TIMESTAMP'2019-03-31 02:30:00'", "20240102030405", "'2038-01-19 03:14:07.999999'"}[g.pick(6)]
	case kTimestamp:
		return []string{"'2024-02-29 23:59:59.123'", "'1970-01-02 12:00:00'", "'2038-01-18 03:14:07.9'", "'2021-03-28 02:30:00'", "'2000-10-29 01:30:00.25'"}[g.pick(5)]
	case kTime:
		return []string{"'838:59:59'", "'-12:30:00.25'", "'1 10:00:00'", "'00:00:00.99'", "123456", "'-838:59:59.00'"}[g.pick(6)]
	case kString:
		if strings.HasPrefix(c.typ, "char(") {
			return g.stringValue(c.charset, 1+g.pick(4))
		}
		return g.stringValue(c.charset, 1+g.pick(12))
	case kBytes:
		return g.bytesValue(c)
	case kEnum:
		// Numeral members: 1 is the first member ('1'), 3 the third ('10'), '10' the member.
		return []string{"'1'", "'2'", "'10'", "'a'", "'b'", "1", "3", "'B'", "5"}[g.pick(9)]
	case kSet:
		return []string{"'1,4'", "'x'", "''", "'2,1'", "5", "'1'", "15", "'4,x'"}[g.pick(8)]
	case kJSON:
		return []string{`'{"a": 1}'`, `'[1, "x;y", null]'`, `'"str"'`, `'null'`, `'{"k": {"n": [true, false]}}'`, `JSON_OBJECT('k', 1)`, `'3.25'`}[g.pick(7)]
	case kGeo:
		if c.typ == "point" || g.chance(0.5) {
			return []string{"ST_GeomFromText('POINT(1 2)')", "POINT(3, 4.5)", "ST_PointFromText('POINT(-1 0)')"}[g.pick(3)]
		}
		return "ST_GeomFromText('LINESTRING(0 0,1 1,2 5)')"
	}
	return "NULL"
}

// idValue is the key column's value: an explicit next id, or for AUTO_INCREMENT NULL and 0
// (0 means "next" unless NO_AUTO_VALUE_ON_ZERO, when a second 0 collides).
func (g literals) idValue(t *table) string {
	if t.autoinc {
		// The counter gives max(id)+1, which is nextID: the explicit ids that follow
		// skip it.
		switch g.pick(8) {
		case 0:
			t.nextID++
			g.usedCounter = true
			return "NULL"
		case 1:
			if !g.noAutoZ { // 0 is a value under NO_AUTO_VALUE_ON_ZERO: a second one collides
				t.nextID++
				g.usedCounter = true
				return "0"
			}
		case 2:
			t.nextID += 1 + g.pick(50) // a gap the counter must jump
		}
	}
	if !t.pk && g.chance(0.2) {
		return fmt.Sprint(1 + g.pick(20)) // duplicates: no key to collide
	}
	if t.pk && g.dupOK && g.chance(0.04) && t.nextID > 2 {
		return fmt.Sprint(1 + g.pick(t.nextID-1)) // a duplicate key: ignored, replaced or an error
	}
	id := t.nextID
	t.nextID++
	if g.recordIDs {
		t.ids = append(t.ids, id)
	}
	return fmt.Sprint(id)
}

func (g literals) intValue(c col) string {
	if c.name == "u" {
		if g.dupOK {
			return fmt.Sprint(g.pick(40)) // a small range: UNIQUE collisions across batches
		}
		g.seq++
		return fmt.Sprint(1000 + g.seq)
	}
	v := c.lo + g.r.Int63n(c.hi-c.lo+1)
	if g.chance(0.5) {
		v = int64(g.pick(200))
		if c.lo < 0 && g.chance(0.3) {
			v = -v
		}
		v = max(c.lo, min(c.hi, v))
	}
	if g.chance(0.0005) {
		return fmt.Sprint(c.hi) + "0" // out of range: an error in strict mode, clipped otherwise
	}
	switch g.pick(12) {
	case 0:
		if v >= 0 {
			return fmt.Sprintf("0x%X", v)
		}
	case 1:
		if v >= 0 {
			return fmt.Sprintf("b'%b'", v)
		}
	case 2:
		return fmt.Sprintf("'%d'", v)
	case 3:
		if v >= 0 && v < 1000 {
			return fmt.Sprintf("%de0", v)
		}
	case 4:
		if v > -100000 && v < 100000 {
			return fmt.Sprintf("%d.4", v) // rounded to an integer
		}
	case 5:
		if v >= 0 {
			return fmt.Sprintf("+%d", v)
		}
	case 6:
		return []string{"TRUE", "FALSE"}[g.pick(2)]
	case 7:
		if v >= 0 && v < 1000 {
			return fmt.Sprintf("%03d", v) // leading zeros
		}
	}
	return fmt.Sprint(v)
}

func (g literals) decimalValue(c col) string {
	frac := c.typ != "decimal(5,0) unsigned"
	ip := int64(g.pick(100000))
	if c.hi < 100000 {
		ip = int64(g.pick(int(c.hi)))
	}
	neg := c.lo < 0 && g.chance(0.3)
	sign := ""
	if neg {
		sign = "-"
	}
	switch g.pick(7) {
	case 0:
		return fmt.Sprintf("%s%d.%02d", sign, ip, g.pick(100))
	case 1:
		return fmt.Sprintf("%s.%d", sign, g.pick(1000))
	case 2:
		if g.cfg.on(ExponentDecimal) {
			return fmt.Sprintf("%s%d.5e%d", sign, g.pick(100), g.pick(3))
		}
	case 3:
		return fmt.Sprintf("'%s%d.%03d'", sign, ip, g.pick(1000))
	case 4:
		if frac {
			return fmt.Sprintf("%s%d.123456789012", sign, ip%1000) // more digits than the scale: a note
		}
	case 5:
		return fmt.Sprintf("0x%X", ip)
	}
	return fmt.Sprintf("%s%d", sign, ip)
}

func (g literals) floatValue(c col) string {
	if g.cfg.on(NegativeZero) && g.chance(0.05) {
		return []string{"-0", "-0.0", "-0e0"}[g.pick(3)]
	}
	if c.typ == "double(10,3)" {
		return []string{"1.5", "-2.25e-3", "0.1", "1234567.125", "'7.5'", "-1E+3", "2", ".5e1", "0"}[g.pick(9)]
	}
	return []string{"1.5", "-2.25e-3", "3.4e38", "1e-30", "0.1", "123456789.125", "'7.5'", "-1E+10", "2", ".5e1", "0"}[g.pick(11)]
}

// charsets are what SET NAMES chooses between; text follows the current one.
var charsets = []string{"utf8mb4", "utf8mb4", "latin1", "sjis", "gbk", "utf8"}

// char is one non-ASCII character and its bytes in each character set that has it.
type char struct {
	utf8, latin1, sjis, gbk string
	emoji                   bool
}

// chars: latin1 letters; CJK that both Shift-JIS and GBK encode (表ソ能十予 end in 0x5C in
// Shift-JIS, 運誠 in GBK: a client that reads them byte by byte sees an escaped quote);
// emoji that only utf8mb4 holds.
var chars = []char{
	{utf8: "é", latin1: "\xe9"}, {utf8: "ü", latin1: "\xfc"}, {utf8: "ß", latin1: "\xdf"},
	{utf8: "ÿ", latin1: "\xff"}, {utf8: "À", latin1: "\xc0"}, {utf8: "±", latin1: "\xb1"},
	{utf8: "表", sjis: "\x95\x5c", gbk: "\xb1\xed"}, {utf8: "ソ", sjis: "\x83\x5c", gbk: "\xa5\xbd"},
	{utf8: "能", sjis: "\x94\x5c", gbk: "\xc4\xdc"}, {utf8: "十", sjis: "\x8f\x5c", gbk: "\xca\xae"},
	{utf8: "予", sjis: "\x97\x5c", gbk: "\xd3\xe8"}, {utf8: "運", sjis: "\x89\x5e", gbk: "\xdf\x5c"},
	{utf8: "誠", sjis: "\x90\xbd", gbk: "\xd5\x5c"}, {utf8: "中", sjis: "\x92\x86", gbk: "\xd6\xd0"},
	{utf8: "文", sjis: "\x95\xb6", gbk: "\xce\xc4"}, {utf8: "漢", sjis: "\x8a\xbf", gbk: "\x9d\x68"},
	{utf8: "🦫", emoji: true}, {utf8: "😀", emoji: true},
}

// encode is c in charset cs ("" when cs cannot hold it).
func (c char) encode(cs string) string {
	switch cs {
	case "utf8mb4":
		return c.utf8
	case "utf8":
		if c.emoji {
			return ""
		}
		return c.utf8
	case "latin1":
		return c.latin1
	case "sjis":
		return c.sjis
	case "gbk":
		return c.gbk
	}
	return ""
}

// stringValue is a string literal of about n characters that column charset colCS can
// hold, written in the connection's charset, with escapes that the session's sql_mode
// reads back as the intended text.
func (g literals) stringValue(colCS string, n int) string {
	var units []string // each one character, already encoded
	for range n {
		switch r := g.pick(10); {
		case r < 5:
			units = append(units, string(rune('a'+g.pick(26))))
		case r < 6:
			units = append(units, []string{"'", "\\", "\"", ";", "\n", "\t", "\r", "\x1a", "\b", "%", "_", " ", "\x00", "`", "#", "-- ", "/*"}[g.pick(17)])
		default:
			c := chars[g.pick(len(chars))]
			in, out := c.encode(g.charset), c.encode(colCS)
			if in == "" || out == "" {
				continue
			}
			if !g.cfg.on(MultibyteTrail5C) && strings.HasSuffix(in, "\x5c") && len(in) == 2 {
				continue
			}
			units = append(units, in)
		}
	}
	if g.chance(0.05) {
		units = nil // the empty string (NULL under EMPTY_STRING_IS_NULL)
	}
	lit := g.quote(units)
	if intro, ok := map[string]string{"utf8": "utf8mb3", "utf8mb4": "utf8mb4", "latin1": "latin1"}[g.charset]; ok && g.chance(0.08) {
		// An introducer names the literal's charset: only the connection's own, so the
		// bytes stay what they are.
		lit = "_" + intro + lit
	} else if g.chance(0.03) && lit[0] == '\'' && !strings.Contains(lit, "\xf0") {
		// N'…' is utf8mb3: no emoji.
		lit = "N" + lit
	}
	return lit
}

// quote writes units (encoded characters) as a string literal under the session's
// sql_mode: with backslash escapes in their several forms, or under NO_BACKSLASH_ESCAPES
// with quotes doubled and backslashes as themselves (a NUL cannot be written there and is
// left out).
func (g literals) quote(units []string) string {
	q := "'"
	if !g.ansi && g.chance(0.15) {
		q = `"`
	}
	var b strings.Builder
	b.WriteString(q)
	for _, u := range units {
		switch {
		case u == q:
			if g.nbe || g.chance(0.5) {
				b.WriteString(q + q)
			} else {
				b.WriteString(`\` + q)
			}
		case g.nbe:
			if u != "\x00" {
				b.WriteString(u)
			}
		case u == `\`:
			b.WriteString(`\\`)
		case u == "\x00":
			b.WriteString(`\0`)
		case u == "\n" && g.chance(0.7):
			b.WriteString(`\n`)
		case u == "\t" && g.chance(0.5):
			b.WriteString(`\t`)
		case u == "\r":
			b.WriteString(`\r`)
		case u == "\x1a":
			b.WriteString(`\Z`)
		case u == "\b":
			b.WriteString(`\b`)
		case u == `"` && g.chance(0.5):
			b.WriteString(`\"`)
		case u == "%" || u == "_":
			if g.chance(0.3) {
				b.WriteString(`\` + u) // kept with its backslash outside LIKE
			} else {
				b.WriteString(u)
			}
		case len(u) == 1 && u[0] >= 'a' && u[0] <= 'z' && g.chance(0.05) && !strings.ContainsRune("0bnrtzZN", rune(u[0])):
			b.WriteString(`\` + u) // an unknown escape is the letter itself
		default:
			b.WriteString(u)
		}
	}
	b.WriteString(q)
	return b.String()
}

// bytesValue is a binary value with bytes from all of 0x00–0xFF, as hex, 0x, _binary
// with escapes, or a plain string of ASCII.
func (g literals) bytesValue(c col) string {
	n := 1 + g.pick(16)
	if c.typ == "binary(6)" {
		n = 1 + g.pick(6)
	}
	raw := make([]byte, n)
	for i := range raw {
		raw[i] = byte(g.pick(256))
	}
	if g.chance(0.02) && c.typ == "longblob" {
		raw = make([]byte, 256)
		for i := range raw {
			raw[i] = byte(i)
		}
	}
	switch g.pick(5) {
	case 0:
		return fmt.Sprintf("X'%X'", raw)
	case 1:
		return fmt.Sprintf("0x%x", raw)
	case 2:
		if g.client == "sjis" || g.client == "gbk" {
			// Raw high bytes there read as characters that may swallow an escape; also
			// after SET CHARACTER SET, whose text is ASCII (seed 10287: ERROR 1064 in
			// the client, an unterminated string in dumpscope).
			break
		}
		var units []string
		for _, b := range raw {
			units = append(units, string([]byte{b}))
		}
		if g.nbe {
			return fmt.Sprintf("X'%X'", raw)
		}
		if g.charset != "latin1" && g.charset != "binary" {
			return "_binary" + g.quote(units)
		}
		return g.quote(units)
	case 3:
		if c.typ != "binary(6)" {
			return g.stringValue("utf8mb4", n)
		}
	}
	return fmt.Sprintf("x'%x'", raw)
}
