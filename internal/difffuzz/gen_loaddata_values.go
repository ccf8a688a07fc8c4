package difffuzz

import (
	"fmt"
	"strconv"
	"strings"
)

// The load-data profile's values: mostly in forms the converter takes
// (importer/replay/loaddata_parse.go), on the borders where a field read wrong would
// store other bytes without an error: NULL and '', every escape, tabs and newlines inside
// strings, binary values in every spelling, numbers at their types' limits and to 65
// digits, utf8mb4 text, trailing spaces. One value in a hundred or so is a form the
// converter refuses (an expression, 0x… into a number, an introducer, a non-canonical
// number into a string column): the fallback to INSERTs runs mid-batch on the same table.
// Under mysqldump's non-strict SQL_MODE a few values give a warning or a note (out of
// range, truncated, rounded), after which a LOAD is rolled back and replayed as INSERTs.

// refuseP is how often a value is in a form the converter refuses.
// (about one row in a hundred: one batch in ten or so at 2K meets one).
const refuseP = 0.0015

// warnP is how often a value under mysqldump's non-strict SQL_MODE gives a warning.
const warnP = 0.001

// value is a literal for column c of t.
func (l *ldGen) value(t *table, c col) string {
	g := l.gen
	switch c.name {
	case "id":
		return l.id(t)
	case "u":
		if g.chance(0.2) {
			return "NULL"
		}
		g.seq++
		return fmt.Sprint(1000 + g.seq)
	case "pid":
		p := t.parent
		if p == nil || len(p.ids) == 0 || !g.fkChecks && g.chance(0.1) {
			if g.fkChecks || p == nil {
				return "NULL"
			}
			return fmt.Sprint(p.nextID + g.pick(5)) // no such parent: foreign_key_checks=0
		}
		return fmt.Sprint(p.ids[g.pick(len(p.ids))])
	}
	if c.nullable && g.chance(0.1) {
		return []string{"NULL", "NULL", "null"}[g.pick(3)]
	}
	switch c.k {
	case kInt:
		return l.intValue(c)
	case kDecimal:
		return l.decimal(c)
	case kFloat:
		return l.float(c)
	case kString:
		return l.str(c)
	case kBytes:
		return l.bytes(c)
	}
	if g.chance(refuseP) {
		return l.refusedOther(c)
	}
	if lits, ok := ldStringOnly[c.typ]; ok {
		if v := lits[g.pick(len(lits))]; g.charset != "utf8" || !hasWide(v) {
			return v
		}
		return lits[0]
	}
	return literals{g}.value(t, c) // a kind of the general grammar
}

// ldStringOnly are the values of the types the converter takes from string literals only.
var ldStringOnly = map[string][]string{
	"date":                       {"'2024-02-29'", "'1000-01-01'", "'9999-12-31'", "'0000-00-00'", "'2001-1-2'", "'20240101'", "'2024-02-29 00:00:00'"},
	"datetime(6)":                {"'2024-02-29 23:59:59.123456'", "'1000-01-01 00:00:00'", "'9999-12-31 23:59:59.999999'", "'2024-01-01 00:00:00.5'", "'2024-01-01'", "'2024-01-01T10:20:30'", "'0000-00-00 00:00:00'"},
	"time(2)":                    {"'838:59:59'", "'-838:59:59'", "'00:00:00.99'", "'1 10:00:00'", "'-12:30:00.25'", "'12:34'", "'0'"},
	"year":                       {"'1901'", "'2155'", "'0'", "'00'", "'99'", "'70'", "'2024'", "'69'"},
	"enum('1','2','10','a','b')": {"'1'", "'2'", "'10'", "'a'", "'b'", "'B'", "'A'"},
	"set('1','2','4','x')":       {"'1,4'", "'x'", "''", "'2,1'", "'4,x'", "'1,1'", "'X'"},
	"json":                       {`'{"a": 1}'`, `'[1, 2.5, null, true]'`, `'"str"'`, `'{"k": "x\\"y"}'`, `'{"t": "a\\tb\\\\c"}'`, `'{}'`, `'[]'`, `'{"e": "😀é"}'`, `'{"big": 123456789012345678901234567890}'`, `'"\\u00e9"'`},
}

// refusedOther is a literal the converter refuses into a date, time, ENUM, SET or JSON
// column (a number, a typed literal, a function), which the client takes.
func (l *ldGen) refusedOther(c col) string {
	switch c.k {
	case kDate:
		return []string{"20240101", "DATE'2020-06-15'"}[l.pick(2)]
	case kDatetime:
		return []string{"20240102030405", "TIMESTAMP'2019-03-31 02:30:00'"}[l.pick(2)]
	case kTime:
		return "123456"
	case kYear:
		return "1999"
	case kEnum:
		return "3"
	case kSet:
		return "5"
	case kJSON:
		return "JSON_OBJECT('k', 1)"
	}
	return "NULL"
}

// id is the key's value: the next id (with gaps), for AUTO_INCREMENT sometimes 0 or NULL
// (the next counter value; 0 itself under NO_AUTO_VALUE_ON_ZERO, once), in a keyless
// table repeated ids, and in about one script in twenty a duplicate key (an error in the
// client, ERROR 1062, where the LOAD only warns: it is rolled back and the INSERTs fail).
func (l *ldGen) id(t *table) string {
	g := l.gen
	if !t.pk {
		return fmt.Sprint(1 + g.pick(20))
	}
	if t.autoinc {
		switch r := g.pick(200); {
		case r == 0 && !(g.noAutoZ && l.zeroID[t]):
			if g.noAutoZ {
				l.zeroID[t] = true
				return "0"
			}
			t.nextID++
			return "0"
		case r == 1 && g.chance(0.3):
			t.nextID++
			return "NULL" // NOT NULL: the converter refuses it, the server counts
		case r < 12:
			t.nextID += 1 + g.pick(100) // a gap the counter jumps
		}
	} else if g.chance(0.05) {
		t.nextID += 1 + g.pick(1000)
	}
	if t.nextID > 3 && g.chance(0.0001) {
		return fmt.Sprint(1 + g.pick(t.nextID-2))
	}
	id := t.nextID
	t.nextID++
	if !g.inTx && g.autocommit {
		t.ids = append(t.ids, id)
	}
	return fmt.Sprint(id)
}

// intValue is an integer at or near its type's limits or anywhere in its range, as a
// number or a string, now and then in a form the converter refuses.
func (l *ldGen) intValue(c col) string {
	g := l.gen
	hi := strconv.FormatInt(c.hi, 10)
	if c.typ == "bigint unsigned" {
		hi = "18446744073709551615"
	}
	var v string
	switch r := g.pick(10); {
	case r == 0:
		v = strconv.FormatInt(c.lo, 10)
	case r == 1:
		v = hi
	case r == 2:
		v = []string{"0", "1", "-1", "127", "-128", "255", "256"}[g.pick(7)]
		if n, _ := strconv.ParseInt(v, 10, 64); n < c.lo || n > c.hi {
			v = "0"
		}
	case r == 3:
		v = strconv.FormatInt(c.lo+1, 10)
	default:
		if span := c.hi - c.lo; span > 0 {
			v = strconv.FormatInt(c.lo+g.r.Int63n(span), 10)
		} else { // bigint: the span overflows
			v = strconv.FormatInt(g.r.Int63()-g.r.Int63(), 10)
		}
		if c.hi > 1000 && g.chance(0.5) {
			v = strconv.Itoa(g.pick(1000))
		}
	}
	switch {
	case g.chance(refuseP):
		return []string{"0x1F", "b'101'", "TRUE", "1.4", "(3)", "1+1", "CAST('7' AS SIGNED)"}[g.pick(7)] // each fits every integer type
	case l.lax && g.chance(warnP):
		// Out of range or not a number: clipped or cut with a warning (an error in strict
		// mode), which a LOAD reports too: it is rolled back and the INSERTs warn.
		return []string{hi + "0", "'12abc'", "' 42 '", "''"}[g.pick(4)]
	case g.chance(0.1):
		return "'" + v + "'"
	case g.chance(0.02) && !strings.HasPrefix(v, "-"):
		return "'00" + v + "'"
	case g.chance(0.02) && !strings.HasPrefix(v, "-") && v != hi:
		return "+" + v
	}
	return v
}

// decimal is a DECIMAL value: at the limits of its precision and scale, with more
// fraction digits than the scale (rounded, with a note), as a string, to 65 digits.
func (l *ldGen) decimal(c col) string {
	g := l.gen
	digits := func(n int) string {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte('0' + g.pick(10))
		}
		return string(b)
	}
	var v string
	switch c.typ {
	case "decimal(10,2)":
		v = []string{"99999999.99", "-99999999.99", "0.01", "-0.01", "0.00", "12.5", digits(1+g.pick(8)) + "." + digits(2), "1.005"}[g.pick(8)]
	case "decimal(65,30)":
		v = []string{strings.Repeat("9", 35) + "." + strings.Repeat("9", 30), "-" + strings.Repeat("9", 35) + "." + strings.Repeat("9", 30),
			"0." + strings.Repeat("0", 29) + "1", "-0." + strings.Repeat("0", 29) + "1", digits(1+g.pick(35)) + "." + digits(1+g.pick(30)), "1" + strings.Repeat("0", 34)}[g.pick(6)]
		if g.chance(0.3) {
			v = digits(1+g.pick(20)) + "." + digits(1+g.pick(20))
		}
	default: // decimal(5,0) unsigned
		v = []string{"99999", "0", "1", digits(1 + g.pick(5))}[g.pick(4)]
	}
	v = strings.TrimLeft(v, "0")
	if v == "" || v[0] == '.' {
		v = "0" + v
	}
	switch {
	case g.chance(refuseP):
		return []string{"-0", "-0.00", "1.5e2", "0x10", "_utf8mb4'1.5'"}[g.pick(5)]
	case l.lax && g.chance(warnP):
		return []string{"1" + strings.Repeat("0", 40), "-1", "'1.5x'"}[g.pick(3)]
	case g.chance(0.01):
		return "'-0'" // a string: the same conversion either way
	case g.chance(0.15):
		return "'" + v + "'"
	}
	return v
}

// float is a FLOAT or DOUBLE at the limits of its range and precision.
func (l *ldGen) float(c col) string {
	g := l.gen
	var vs []string
	if c.typ == "float" {
		vs = []string{"3.40282e38", "-3.40282e38", "1.17549e-38", "1e-45", "0.1", "16777217", "1.5", "-1e10", ".5e1", "0", "123.456"}
	} else {
		vs = []string{"1.7976931348623157e308", "-1.7976931348623157e308", "2.2250738585072014e-308", "4.9e-324", "0.1", "0.30000000000000004",
			"9007199254740993", "1e308", "1.5", "-2.25e-3", "0", "123456789.125"}
	}
	v := vs[g.pick(len(vs))]
	switch {
	case g.chance(refuseP):
		return []string{"-0", "-0.0", "-0e0", "0x10"}[g.pick(4)]
	case g.chance(0.1):
		return "'" + v + "'"
	}
	return v
}

// strMax is how many characters a string column holds.
func strMax(typ string) int {
	for _, p := range []string{"char(", "varchar("} {
		if strings.HasPrefix(typ, p) {
			n, _ := strconv.Atoi(strings.TrimSuffix(strings.Fields(typ[len(p):])[0], ")"))
			return n
		}
	}
	return 200
}

// ldPieces are the parts a string value is made of, as written inside '…' with what each
// stores: every escape, a doubled quote, a real tab and newline, \N (the letter N, where a
// field's \N is NULL), words that LOAD DATA might read as markers, and text beyond ASCII.
var ldPieces = []struct {
	lit   string
	n     int  // characters stored
	latin bool // latin1 holds it
}{
	{"a", 1, true}, {"xyz", 3, true}, {" ", 1, true}, {`\0`, 1, true}, {`\b`, 1, true}, {`\n`, 1, true},
	{`\r`, 1, true}, {`\t`, 1, true}, {`\Z`, 1, true}, {`\\`, 1, true}, {`\'`, 1, true}, {`''`, 1, true},
	{`\"`, 1, true}, {`\%`, 2, true}, {`\_`, 2, true}, {"\t", 1, true}, {"\n", 1, true}, {`\N`, 1, true},
	{`\\N`, 2, true}, {"N", 1, true}, {"NULL", 4, true}, {`\q`, 1, true}, {",", 1, true}, {";", 1, true},
	{"`", 1, true}, {`"`, 1, true}, {"%", 1, true}, {"é", 1, true}, {"ß", 1, true}, {"±", 1, true},
	{"日本", 2, false}, {"😀", 1, false}, {"🦫", 1, false}, {"\u0301", 1, false}, {`\\\\`, 2, true},
}

// str is a string for a CHAR, VARCHAR or TEXT column: ” , pieces of ldPieces, trailing
// spaces, a canonical integer (which the converter takes) or now and then a form it
// refuses.
func (l *ldGen) str(c col) string {
	g := l.gen
	latin := c.charset == "latin1"
	if g.chance(refuseP) {
		return []string{"007", "+5", "1e3", "1.50", "-0", "_utf8mb4'x'", "N'n'", "'a' 'b'", "CONCAT('a', 'b')", "X'41'"}[g.pick(10)]
	}
	max := strMax(c.typ)
	if g.chance(0.04) {
		if v := []string{"42", "-7", "0", "18446744073709551615", "-9223372036854775808"}[g.pick(5)]; len(v) <= max {
			return v // canonical: the converter takes it, as the text the server makes of it
		}
	}
	if g.chance(0.06) {
		return "''"
	}
	if g.chance(0.04) {
		// A whole value that is a LOAD DATA marker or escape once written as a field:
		// \N (NULL in a field), a lone backslash, tab, newline, spaces (CHAR drops them).
		return []string{`'\\N'`, `'\N'`, "'N'", "'NULL'", `'\\'`, `'\t'`, "'\t'", `'\n'`, "'   '", `'\0'`, "'007'", "'-0'"}[g.pick(12)]
	}
	var b strings.Builder
	b.WriteString("'")
	n := 0
	want := 1 + g.pick(min(max, 30))
	for n < want {
		p := ldPieces[g.pick(len(ldPieces))]
		if g.chance(0.6) {
			p = ldPieces[g.pick(3)] // mostly plain text: a border now and then, not in every value
		}
		if latin && !p.latin || n+p.n > max {
			break
		}
		if g.charset == "utf8" && hasWide(p.lit) {
			continue // no 4-byte character on a utf8mb3 connection
		}
		b.WriteString(p.lit)
		n += p.n
	}
	if n < max && g.chance(0.1) {
		for range min(max-n, 1+g.pick(3)) {
			b.WriteString(" ") // trailing spaces: CHAR drops them, VARCHAR and TEXT keep them
		}
	}
	if l.lax && g.chance(warnP) {
		// Too long, or a character latin1 lacks: cut or '?' with a warning.
		if latin {
			b.WriteString("日本")
		} else {
			b.WriteString(strings.Repeat("z", max+1))
		}
	}
	b.WriteString("'")
	return b.String()
}

// bytes is a binary value in every spelling the converter takes (0x…, X'…', x'…',
// _binary '…' with escapes and raw bytes, a plain string, the empty value), now and
// then one it refuses (an odd count of hex digits, a bit literal).
func (l *ldGen) bytes(c col) string {
	g := l.gen
	n := g.pick(17)
	switch c.typ {
	case "binary(6)":
		n = g.pick(7) // shorter ones are padded with 0x00
	case "blob":
		if g.chance(0.05) {
			n = 256
		}
	}
	raw := make([]byte, n)
	for i := range raw {
		raw[i] = byte(g.pick(256))
		if n == 256 {
			raw[i] = byte(i)
		}
	}
	if g.chance(refuseP) {
		return []string{"0xABC", "b'1000001'", "_latin1'x'", "CONCAT('a', 0x00)"}[g.pick(4)]
	}
	switch g.pick(6) {
	case 0:
		if n > 0 { // 0x alone is not a literal
			return fmt.Sprintf("0x%x", raw)
		}
	case 1:
		return fmt.Sprintf("X'%X'", raw)
	case 2:
		return fmt.Sprintf("x'%x'", raw)
	case 3, 4:
		lit := binaryQuote(raw)
		if g.chance(0.5) {
			return "_binary " + lit
		}
		return "_binary" + lit
	}
	// Printable ASCII as a plain string.
	var b strings.Builder
	for _, c := range raw {
		b.WriteByte(' ' + c%94)
	}
	s := strings.NewReplacer(`\`, `\\`, `'`, `\'`).Replace(b.String())
	return "'" + s + "'"
}

// binaryQuote is raw as a '…' literal with backslash escapes where a byte needs one (the
// quote, the backslash, NUL, \n, \r, \b, \t, 0x1A) and every other byte as it is: high
// bytes that are no UTF-8 among them.
func binaryQuote(raw []byte) string {
	var b strings.Builder
	b.WriteByte('\'')
	for _, c := range raw {
		switch c {
		case '\'':
			b.WriteString(`\'`)
		case '\\':
			b.WriteString(`\\`)
		case 0:
			b.WriteString(`\0`)
		case '\n':
			b.WriteString(`\n`)
		case '\r':
			b.WriteString(`\r`)
		case '\b':
			b.WriteString(`\b`)
		case 0x1a:
			b.WriteString(`\Z`)
		default:
			b.WriteByte(c) // a raw tab too
		}
	}
	b.WriteByte('\'')
	return b.String()
}

// hasWide reports whether s holds a 4-byte UTF-8 character, which utf8mb3 lacks.
func hasWide(s string) bool {
	for _, r := range s {
		if r > 0xFFFF {
			return true
		}
	}
	return false
}
