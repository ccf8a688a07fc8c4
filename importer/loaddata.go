package importer

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math/bits"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/go-sql-driver/mysql"

	"github.com/dumpscope/dumpscope/importer/sqlscan"
	"github.com/dumpscope/dumpscope/internal/mysqlerr"
)

// --load-data turns a batch of plain row inserts into one LOAD DATA LOCAL INFILE stream fed
// from memory: the server's bulk path, which parses a tab-separated row far more cheaply
// than an SQL tuple. It is exact only where the two are proven to store the same bytes,
// so the converter accepts a value only in forms whose conversion to the column's type is
// the same from a string as from the SQL literal:
//
//   - NULL (\N) into a nullable column (NOT NULL columns: an INSERT errors or converts,
//     LOAD DATA LOCAL takes the type's default);
//   - string literals into every accepted type: INSERT converts '12' to a number, a date
//     or an ENUM member exactly as LOAD DATA converts the field '12';
//   - integer literals into integer, decimal and floating-point columns, decimal literals
//     into decimal and floating-point columns, exponent literals into floating-point ones
//     only (strtod and the decimal parser read the same digits either way; an exponent
//     literal is a double, which a DECIMAL column takes rounded to 17 digits where the
//     field's text keeps them all); into string columns only an integer in its canonical
//     form (1e3 would become '1000' from a literal but stay '1e3' from text); no number
//     of more than 65 digits (the server's decimal truncates such a literal, the field's
//     text is read whole) and no negative zero into a decimal or floating-point column
//     (the literal -0 is the integer 0, the field -0 may keep its sign);
//   - _binary '…', X'…' and 0x… only into binary columns, where no character set applies.
//
// Anything else (expressions, BIT and spatial columns, generated columns, introducers
// other than _binary, an empty value under EMPTY_STRING_IS_NULL, NO_BACKSLASH_ESCAPES or
// ANSI_QUOTES sessions, sessions under SET NAMES sjis and the other character sets whose
// multibyte characters may end in a backslash) leaves the batch as INSERTs. What the server still does differently — a duplicate key or a value out of
// range, which LOAD DATA LOCAL turns into a warning where the INSERT would fail — shows
// as a warning or a short row count, and the batch is rolled back and replayed as INSERTs,
// so the error (or the success) is the client's.

// loadKind is how a column's type takes a value.
type loadKind int

const (
	loadIneligible loadKind = iota
	loadInt                 // TINYINT … BIGINT
	loadDecimal             // DECIMAL
	loadFloat               // FLOAT, DOUBLE
	loadString              // CHAR, VARCHAR, TEXT, JSON
	loadBinary              // BINARY, VARBINARY, BLOB
	loadStringOnly          // DATE, TIME, DATETIME, TIMESTAMP, YEAR, ENUM, SET: string literals only
)

// loadColumn is one column of the target table.
type loadColumn struct {
	name     string
	kind     loadKind
	nullable bool
}

// loadTable is what --load-data knows of a table: its columns in order.
type loadTable struct {
	columns []loadColumn
	byName  map[string]int // lower-case name → index
}

// loadKindOf maps information_schema.COLUMNS.DATA_TYPE.
func loadKindOf(dataType string) loadKind {
	switch strings.ToLower(dataType) {
	case "tinyint", "smallint", "mediumint", "int", "integer", "bigint":
		return loadInt
	case "decimal", "numeric":
		return loadDecimal
	case "float", "double", "real":
		return loadFloat
	case "char", "varchar", "tinytext", "text", "mediumtext", "longtext", "json":
		return loadString
	case "binary", "varbinary", "tinyblob", "blob", "mediumblob", "longblob":
		return loadBinary
	case "date", "time", "datetime", "timestamp", "year", "enum", "set":
		return loadStringOnly
	}
	return loadIneligible // bit, geometry types, vector, inet6, uuid …
}

// readLoadTable reads a table's columns. A table with a generated column is ineligible
// (nil): its rows name columns the file cannot fill.
func readLoadTable(ctx context.Context, q interface {
	QueryContext(context.Context, string, ...any) (*sql.Rows, error)
}, db, table string) (*loadTable, error) {
	rows, err := q.QueryContext(ctx, "SELECT COLUMN_NAME, DATA_TYPE, IS_NULLABLE, EXTRA FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ? ORDER BY ORDINAL_POSITION", db, table)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	t := &loadTable{byName: map[string]int{}}
	for rows.Next() {
		var name, typ, nullable, extra string
		if err := rows.Scan(&name, &typ, &nullable, &extra); err != nil {
			return nil, err
		}
		if strings.Contains(strings.ToUpper(extra), "GENERATED") {
			return nil, rows.Err()
		}
		t.byName[strings.ToLower(name)] = len(t.columns)
		t.columns = append(t.columns, loadColumn{name: name, kind: loadKindOf(typ), nullable: nullable == "YES"})
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	if len(t.columns) == 0 {
		return nil, nil
	}
	return t, nil
}

// loadConverter appends the rows of plain INSERTs into one table to a LOAD DATA stream.
type loadConverter struct {
	t *loadTable
	// cols are the statement's columns as indexes into t.columns (all of them, in order,
	// without a column list); every statement of one stream must name the same.
	cols []int
	data []byte
	rows int64
	// emptyIsNull is sql_mode EMPTY_STRING_IS_NULL, under which the INSERT stores an
	// empty string literal ('', _binary '') as NULL: a value whose field would be empty
	// leaves its statement to the INSERT.
	emptyIsNull bool
}

// newLoadConverter sizes the stream for the batch: its fields are at most as long as the
// SQL literals they come from (quotes, commas and escapes go; only \t, \n and NUL inside
// strings grow by a byte, against the two quotes each string loses), so one allocation
// almost always holds it (appends that outgrow it stay correct, and merely copy). buf, a
// stream done with, is reused when it is large enough: a fresh buffer of megabytes per
// batch cost its page faults and zeroing on every batch.
func newLoadConverter(t *loadTable, stmts []batchStmt, buf []byte) *loadConverter {
	n := 0
	for _, s := range stmts {
		n += len(s.sql)
	}
	if cap(buf) < n {
		buf = make([]byte, 0, n)
	}
	return &loadConverter{t: t, data: buf[:0]}
}

// stringBytes is s's bytes without a copy, for the converter, which only reads them: a
// batch is megabytes, and copying it cost as much as converting it.
func stringBytes(s string) []byte { return unsafe.Slice(unsafe.StringData(s), len(s)) }

// add parses one INSERT and appends its rows; false when any part is not provably exact
// (the converter is then unchanged).
func (lc *loadConverter) add(q []byte) bool {
	p := insertParser{q: q}
	cols, ok := p.head(lc.t)
	if !ok {
		return false
	}
	if lc.cols == nil {
		lc.cols = cols
	} else if !equalInts(lc.cols, cols) {
		return false
	}
	mark, rows := len(lc.data), lc.rows
	for first := true; ; first = false {
		p.space()
		if !first {
			if !p.eat(',') {
				break
			}
			p.space()
		}
		if !p.row(lc) {
			lc.data, lc.rows = lc.data[:mark], rows
			return false
		}
	}
	p.space()
	if p.i != len(p.q) { // a tail: ON DUPLICATE KEY UPDATE, RETURNING, …
		lc.data, lc.rows = lc.data[:mark], rows
		return false
	}
	return true
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// statement is the LOAD DATA statement for the stream registered as reader.
func (lc *loadConverter) statement(reader, qualifiedTable, charset string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "LOAD DATA LOCAL INFILE 'Reader::%s' INTO TABLE %s CHARACTER SET %s FIELDS TERMINATED BY '\\t' ESCAPED BY '\\\\' LINES TERMINATED BY '\\n' (", reader, qualifiedTable, charset)
	for i, c := range lc.cols {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString("`" + strings.ReplaceAll(lc.t.columns[c].name, "`", "``") + "`")
	}
	b.WriteByte(')')
	return b.String()
}

// insertParser reads mysqldump's INSERT form: INSERT INTO `t` [(`a`,…)] VALUES (…),(…).
type insertParser struct {
	q []byte
	i int
}

func (p *insertParser) space() {
	for p.i < len(p.q) && (p.q[p.i] == ' ' || p.q[p.i] == '\n' || p.q[p.i] == '\t' || p.q[p.i] == '\r') {
		p.i++
	}
}

func (p *insertParser) eat(c byte) bool {
	if p.i < len(p.q) && p.q[p.i] == c {
		p.i++
		return true
	}
	return false
}

// keyword consumes w (upper case) case-insensitively, followed by a non-word byte.
func (p *insertParser) keyword(w string) bool {
	p.space()
	if len(p.q)-p.i < len(w) || !bytes.EqualFold(p.q[p.i:p.i+len(w)], []byte(w)) {
		return false
	}
	if j := p.i + len(w); j < len(p.q) && sqlscan.IsWordByte(p.q[j]) {
		return false
	}
	p.i += len(w)
	return true
}

// ident reads a `quoted` or bare identifier.
func (p *insertParser) ident() (string, bool) {
	p.space()
	if p.eat('`') {
		var b []byte
		for p.i < len(p.q) {
			c := p.q[p.i]
			p.i++
			if c == '`' {
				if p.eat('`') {
					b = append(b, '`')
					continue
				}
				return string(b), true
			}
			b = append(b, c)
		}
		return "", false
	}
	start := p.i
	for p.i < len(p.q) && sqlscan.IsWordByte(p.q[p.i]) {
		p.i++
	}
	return string(p.q[start:p.i]), p.i > start
}

// target reads INSERT INTO [db.]table.
func (p *insertParser) target() (db, table string, ok bool) {
	if !p.keyword("INSERT") || !p.keyword("INTO") {
		return "", "", false
	}
	if table, ok = p.ident(); !ok {
		return "", "", false
	}
	if p.eat('.') {
		db = table
		if table, ok = p.ident(); !ok {
			return "", "", false
		}
	}
	return db, table, true
}

// head reads up to VALUES and returns the columns the rows fill.
func (p *insertParser) head(t *loadTable) ([]int, bool) {
	if _, _, ok := p.target(); !ok {
		return nil, false
	}
	p.space()
	var cols []int
	if p.eat('(') {
		seen := map[int]bool{}
		for {
			name, ok := p.ident()
			if !ok {
				return nil, false
			}
			c, ok := t.byName[strings.ToLower(name)]
			if !ok || seen[c] {
				return nil, false
			}
			seen[c] = true
			cols = append(cols, c)
			p.space()
			if p.eat(')') {
				break
			}
			if !p.eat(',') {
				return nil, false
			}
		}
	} else {
		for c := range t.columns {
			cols = append(cols, c)
		}
	}
	for _, c := range cols {
		if t.columns[c].kind == loadIneligible {
			return nil, false
		}
	}
	if !p.keyword("VALUES") {
		return nil, false
	}
	return cols, true
}

// row reads one (v1, v2, …) tuple and appends it as a line.
func (p *insertParser) row(lc *loadConverter) bool {
	if !p.eat('(') {
		return false
	}
	for k, c := range lc.cols {
		p.space()
		if k > 0 {
			if !p.eat(',') {
				return false
			}
			p.space()
			lc.data = append(lc.data, '\t')
		}
		field := len(lc.data)
		if !p.value(lc, lc.t.columns[c]) || lc.emptyIsNull && len(lc.data) == field {
			return false
		}
	}
	p.space()
	if !p.eat(')') {
		return false
	}
	lc.data = append(lc.data, '\n')
	lc.rows++
	return true
}

// value reads one literal and appends it as a field, if its form is exact for col.
func (p *insertParser) value(lc *loadConverter, col loadColumn) bool {
	q := p.q
	if p.i >= len(q) {
		return false
	}
	switch c := q[p.i]; {
	case c == '\'':
		return p.str(lc)
	case c == '_':
		if !p.keyword("_BINARY") || col.kind != loadBinary {
			return false
		}
		p.space()
		return p.i < len(q) && q[p.i] == '\'' && p.str(lc)
	case (c == 'x' || c == 'X') && p.i+1 < len(q) && q[p.i+1] == '\'':
		if col.kind != loadBinary {
			return false
		}
		p.i += 2
		start := p.i
		for p.i < len(q) && q[p.i] != '\'' {
			p.i++
		}
		if p.i >= len(q) {
			return false
		}
		hex := q[start:p.i]
		p.i++
		return appendHex(lc, hex)
	case c == '0' && p.i+1 < len(q) && (q[p.i+1] == 'x'):
		if col.kind != loadBinary {
			return false
		}
		p.i += 2
		start := p.i
		for p.i < len(q) && isHexDigit(q[p.i]) {
			p.i++
		}
		return appendHex(lc, q[start:p.i])
	case c == 'N' || c == 'n':
		if !p.keyword("NULL") || !col.nullable {
			return false
		}
		lc.data = append(lc.data, '\\', 'N')
		return true
	case c == '-' || c == '+' || c == '.' || c >= '0' && c <= '9':
		return p.number(lc, col)
	}
	return false
}

func isHexDigit(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

func appendHex(lc *loadConverter, hex []byte) bool {
	if len(hex)%2 == 1 {
		return false // the server pads an odd count with a leading 0; keep it simple
	}
	for i := 0; i < len(hex); i += 2 {
		if !isHexDigit(hex[i]) || !isHexDigit(hex[i+1]) {
			return false
		}
		appendField(lc, unhex(hex[i])<<4|unhex(hex[i+1]))
	}
	return true
}

func unhex(c byte) byte {
	switch {
	case c >= '0' && c <= '9':
		return c - '0'
	case c >= 'a' && c <= 'f':
		return c - 'a' + 10
	}
	return c - 'A' + 10
}

// plainRun is the length of b's prefix without a byte of strSpecial. It tests eight bytes
// at a time (a zero-byte test on the word XORed with each special byte, the classic
// bit trick; its lowest hit is exact), which made the converter twice as fast as a byte
// loop: string values are most of a dump's bytes.
func plainRun(b []byte) int {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	i := 0
	for ; i+8 <= len(b); i += 8 {
		w := binary.LittleEndian.Uint64(b[i:])
		q, bs, tab, nl := w^(ones*'\''), w^(ones*'\\'), w^(ones*'\t'), w^(ones*'\n')
		hit := ((q-ones)&^q | (bs-ones)&^bs | (tab-ones)&^tab | (nl-ones)&^nl | (w-ones)&^w) & highs
		if hit != 0 {
			return i + bits.TrailingZeros64(hit)/8
		}
	}
	for i < len(b) && !strSpecial[b[i]] {
		i++
	}
	return i
}

// strSpecial marks the bytes str cannot copy as they are: the quote and backslash of the
// SQL literal, and what appendField escapes for the field.
var strSpecial = [256]bool{'\'': true, '\\': true, '\t': true, '\n': true, 0: true}

// appendField appends one byte of a value, escaped for FIELDS ESCAPED BY '\\'.
func appendField(lc *loadConverter, c byte) {
	switch c {
	case '\\':
		lc.data = append(lc.data, '\\', '\\')
	case '\t':
		lc.data = append(lc.data, '\\', 't')
	case '\n':
		lc.data = append(lc.data, '\\', 'n')
	case 0:
		lc.data = append(lc.data, '\\', '0')
	default:
		lc.data = append(lc.data, c)
	}
}

// str reads a '…' literal with the server's escapes (backslash escapes on: the
// converter is not used under NO_BACKSLASH_ESCAPES) and appends its bytes.
func (p *insertParser) str(lc *loadConverter) bool {
	q := p.q
	p.i++ // the opening quote
	for p.i < len(q) {
		// Copy the run of bytes that need no escaping in one append: most of a value.
		run := p.i + plainRun(q[p.i:])
		lc.data = append(lc.data, q[p.i:run]...)
		p.i = run
		if p.i >= len(q) {
			break
		}
		c := q[p.i]
		p.i++
		switch c {
		case '\'':
			if p.eat('\'') {
				appendField(lc, '\'')
				continue
			}
			// Adjacent literals ('a' 'b') are concatenated by the server; not here.
			return true
		case '\\':
			if p.i >= len(q) {
				return false
			}
			e := q[p.i]
			p.i++
			switch e {
			case '0':
				appendField(lc, 0)
			case 'b':
				appendField(lc, '\b')
			case 'n':
				appendField(lc, '\n')
			case 'r':
				appendField(lc, '\r')
			case 't':
				appendField(lc, '\t')
			case 'Z':
				appendField(lc, 0x1a)
			case '%', '_':
				// The server keeps the backslash before % and _ (for LIKE patterns).
				appendField(lc, '\\')
				appendField(lc, e)
			default:
				if e >= 0x80 {
					// A multibyte character after a backslash: the server's escape rules
					// depend on the character set here; leave it to the INSERT.
					return false
				}
				appendField(lc, e)
			}
		default:
			appendField(lc, c)
		}
	}
	return false
}

// number reads a numeric literal and appends its text where its form is exact for col.
func (p *insertParser) number(lc *loadConverter, col loadColumn) bool {
	q := p.q
	start := p.i
	if q[p.i] == '-' || q[p.i] == '+' {
		p.i++
	}
	digits := p.i
	for p.i < len(q) && q[p.i] >= '0' && q[p.i] <= '9' {
		p.i++
	}
	intDigits := p.i - digits
	integer := true
	if p.i < len(q) && q[p.i] == '.' {
		integer = false
		p.i++
		for p.i < len(q) && q[p.i] >= '0' && q[p.i] <= '9' {
			p.i++
		}
	}
	if p.i < len(q) && (q[p.i] == 'e' || q[p.i] == 'E') {
		integer = false
		p.i++
		if p.i < len(q) && (q[p.i] == '-' || q[p.i] == '+') {
			p.i++
		}
		e := p.i
		for p.i < len(q) && q[p.i] >= '0' && q[p.i] <= '9' {
			p.i++
		}
		if p.i == e {
			return false
		}
	}
	if p.i < len(q) && sqlscan.IsWordByte(q[p.i]) { // 0x…, 1abc: not a plain number
		return false
	}
	text := q[start:p.i]
	if p.i == digits && intDigits == 0 || (integer && intDigits == 0) {
		return false
	}
	// The mantissa's digits, and whether they are all zeros.
	ndigits, zero := 0, true
	for _, c := range q[digits:p.i] {
		if c == 'e' || c == 'E' {
			break
		}
		if c >= '0' && c <= '9' {
			ndigits++
			zero = zero && c == '0'
		}
	}
	if ndigits > 65 {
		// The literal overflows the server's decimal (81 digits in 9-digit words; 65 always
		// fit) and is truncated; the field's text is read whole.
		return false
	}
	exponent := !integer && bytes.ContainsAny(text, "eE")
	switch col.kind {
	case loadInt:
		if !integer {
			return false // 1.5 rounds to 2 as a literal, truncates with a warning as text
		}
	case loadDecimal, loadFloat:
		if exponent && col.kind == loadDecimal {
			return false // a double as a literal: 1.2345678901234567890e0 keeps 17 digits
		}
		if zero && text[0] == '-' {
			return false // the literal -0 is the number 0; the field -0 may keep its sign
		}
	case loadString:
		canonical := integer && text[0] != '+' && (intDigits == 1 || q[digits] != '0') && !(text[0] == '-' && intDigits == 1 && q[digits] == '0')
		if !canonical {
			return false
		}
	default:
		return false
	}
	lc.data = append(lc.data, text...)
	return true
}

// backslashTrailCharsets are the client character sets in which the second byte of a
// multibyte character may be 0x5C: the server's lexer reads 835C41 in an sjis literal as
// two characters, the converter (and a LOAD stream's escape) as an escaped A. Batches
// under them stay INSERTs; gb18030 is listed for the servers that have it.
var backslashTrailCharsets = map[string]bool{"big5": true, "cp932": true, "gbk": true, "sjis": true, "gb18030": true}

// loadData is the replayer's --load-data state, shared by its workers.
type loadData struct {
	tables sync.Map // "db\x00table" → loadEntry
	// streams are the converters' buffers (*[]byte) of loads done, for the next.
	streams sync.Pool
	// gen counts the statements run that may have changed a table (schemaChanged): an
	// entry read under an earlier generation is read again, so a table dropped and
	// created anew, ALTERed, renamed over or moved to another engine is never loaded
	// with the columns, types or engine of its earlier self.
	gen atomic.Int64
	seq atomic.Int64
	// off is set when the server refuses LOAD DATA LOCAL (local_infile=OFF): the rest of
	// the run uses INSERTs, said once.
	off    atomic.Bool
	offMsg atomic.Pointer[string]
	// notes say, once each, why a kind of batch ran as INSERTs (note).
	notesMu sync.Mutex
	notes   []string
	// Batches loaded in bulk, and those replayed as INSERTs after a LOAD that was not
	// clean (warnings or a short row count).
	loaded, replayed atomic.Int64
}

// load runs a batch's INSERTs as one LOAD DATA LOCAL stream inside the transaction the
// caller opened. loaded is false when the batch must run as INSERTs: not convertible, or
// the LOAD was not clean — then the transaction has been rolled back and a new one started,
// so the INSERTs run as if the LOAD had never been tried.
func (ld *loadData) load(ctx context.Context, c Conn, stmts []batchStmt) (loaded bool, err error) {
	if ld.off.Load() || len(stmts) == 0 {
		return false, nil
	}
	var cs, mode string
	var cur sql.NullString
	if err := c.QueryRowContext(ctx, "SELECT @@character_set_client, @@sql_mode, DATABASE()").Scan(&cs, &mode, &cur); err != nil {
		return false, err
	}
	if strings.Contains(mode, "NO_BACKSLASH_ESCAPES") || strings.Contains(mode, "ANSI_QUOTES") {
		return false, nil // the literals mean something else than the converter reads
	}
	if backslashTrailCharsets[strings.ToLower(cs)] {
		ld.note(fmt.Sprintf("--load-data: rows sent under SET NAMES %s ran as INSERTs: in %s the second byte of a multibyte character may be 0x5C, a backslash, which LOAD DATA's escaping does not keep apart from an escape", cs, cs))
		return false, nil
	}
	p := insertParser{q: stringBytes(stmts[0].sql)}
	db, table, ok := p.target()
	if !ok {
		return false, nil
	}
	if db == "" {
		db = cur.String
	}
	t, err := ld.table(ctx, c, db, table)
	if err != nil || t == nil {
		return false, err
	}
	var buf []byte
	if b, ok := ld.streams.Get().(*[]byte); ok {
		buf = *b
	}
	lc := newLoadConverter(t, stmts, buf)
	defer func() { ld.streams.Put(&lc.data) }() // the server has read it when Exec returns
	lc.emptyIsNull = strings.Contains(mode, "EMPTY_STRING_IS_NULL")
	for _, s := range stmts {
		if !lc.add(stringBytes(s.sql)) {
			return false, nil
		}
	}
	name := fmt.Sprintf("dumpscope-%d", ld.seq.Add(1))
	mysql.RegisterReaderHandler(name, func() io.Reader { return bytes.NewReader(lc.data) })
	defer mysql.DeregisterReaderHandler(name)
	qualified := "`" + strings.ReplaceAll(db, "`", "``") + "`.`" + strings.ReplaceAll(table, "`", "``") + "`"
	res, err := c.ExecContext(ctx, lc.statement(name, qualified, cs))
	clean := err == nil
	if err != nil {
		var me *mysql.MySQLError
		if errors.As(err, &me) && mysqlerr.LocalInfileRefused(me.Number) {
			if ld.off.CompareAndSwap(false, true) {
				msg := fmt.Sprintf("--load-data: the server refuses LOAD DATA LOCAL (ERROR %d: %s); the import goes on with INSERTs (SET GLOBAL local_infile = ON to allow it)", me.Number, me.Message)
				ld.offMsg.Store(&msg)
			}
		} else if errors.As(err, &me) && mysqlerr.ConnectionFatal(me.Number) {
			return false, err
		}
	} else {
		var warnings int64
		n, _ := res.RowsAffected()
		if err := c.QueryRowContext(ctx, "SELECT @@warning_count").Scan(&warnings); err != nil {
			return false, err
		}
		clean = warnings == 0 && n == lc.rows
	}
	if clean {
		ld.loaded.Add(1)
		return true, nil
	}
	// What the INSERTs would have done differently (a duplicate key, a value out of range
	// in strict mode, a truncation) is theirs to do: start over with them.
	ld.replayed.Add(1)
	if _, err := c.ExecContext(ctx, "ROLLBACK"); err != nil {
		return false, err
	}
	if _, err := c.ExecContext(ctx, "START TRANSACTION"); err != nil {
		return false, err
	}
	return false, nil
}

// loadEntry is a table's column facts (nil: ineligible) and the generation they were
// read in.
type loadEntry struct {
	gen int64
	t   *loadTable
}

// schemaChanged is called after every statement that may change a table's definition
// or engine (changesTables: DDL, routines, CALL, EXECUTE …), before the statements after
// it run: the facts read so far may be stale.
func (ld *loadData) schemaChanged() { ld.gen.Add(1) }

// table reads the column facts of db.table, once per generation. The generation is
// taken before the lookup: a change that completes during it bumps the generation past
// the entry's, so the entry is read again at the next batch.
func (ld *loadData) table(ctx context.Context, c Conn, db, table string) (*loadTable, error) {
	key := db + "\x00" + table
	gen := ld.gen.Load()
	if v, ok := ld.tables.Load(key); ok && v.(loadEntry).gen == gen {
		return v.(loadEntry).t, nil
	}
	var engine sql.NullString
	err := c.QueryRowContext(ctx, "SELECT ENGINE FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ?", db, table).Scan(&engine)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return nil, err
	}
	var t *loadTable
	// Only a transactional table can have a LOAD that was not clean rolled back.
	if strings.EqualFold(engine.String, "InnoDB") {
		if t, err = readLoadTable(ctx, c, db, table); err != nil {
			return nil, err
		}
	}
	ld.tables.Store(key, loadEntry{gen: gen, t: t})
	return t, nil
}

// note records line once: why a whole kind of batch runs as INSERTs.
func (ld *loadData) note(line string) {
	ld.notesMu.Lock()
	defer ld.notesMu.Unlock()
	if !slices.Contains(ld.notes, line) {
		ld.notes = append(ld.notes, line)
	}
}

// LoadDataStats is what --load-data did in a run.
type LoadDataStats struct {
	// Loaded batches went in as LOAD DATA; Replayed ones were rolled back after a LOAD
	// that was not clean and ran as INSERTs. Batches the converter did not accept ran as
	// INSERTs from the start and are in neither count.
	Loaded, Replayed int64
	// Off says why the server refused LOAD DATA LOCAL ("" when it did not).
	Off string
	// Notes say why kinds of batches (those under a character set LOAD DATA cannot take
	// exactly) ran as INSERTs, one line each.
	Notes []string
}

func (ld *loadData) stats() *LoadDataStats {
	st := &LoadDataStats{Loaded: ld.loaded.Load(), Replayed: ld.replayed.Load()}
	if m := ld.offMsg.Load(); m != nil {
		st.Off = *m
	}
	ld.notesMu.Lock()
	st.Notes = slices.Clone(ld.notes)
	ld.notesMu.Unlock()
	return st
}
