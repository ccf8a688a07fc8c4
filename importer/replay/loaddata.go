package replay

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/go-sql-driver/mysql"

	"github.com/dumpscope/dumpscope/importer/plan"
	"github.com/dumpscope/dumpscope/importer/sqlscan"
	"github.com/dumpscope/dumpscope/internal/maxpacket"
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
// multibyte characters may end in a backslash, sessions whose character_set_connection is
// not their character_set_client) leaves the batch as INSERTs. What the server still does differently — a duplicate key or a value out of
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
	// invisible: an INVISIBLE column (MariaDB ≥ 10.3, MySQL ≥ 8.0.23), which an INSERT
	// fills only by name: a statement without a column list gives values to the others
	// (TestReviewX3LoadDataInvisibleColumn).
	invisible bool
}

// loadTable is what --load-data knows of a table: its columns in order.
type loadTable struct {
	columns []loadColumn
	byName  map[string]int // foldName(name) → index
	// nonASCII: a column's name has a byte ≥ 0x80, which the statement and
	// information_schema (character_set_results) must spell in the same character set.
	nonASCII bool
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
		t.byName[foldName(name)] = len(t.columns)
		t.nonASCII = t.nonASCII || !sqlscan.IsASCII(name)
		t.columns = append(t.columns, loadColumn{name: name, kind: loadKindOf(typ), nullable: nullable == "YES",
			invisible: strings.Contains(strings.ToUpper(extra), "INVISIBLE")})
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	if len(t.columns) == 0 {
		return nil, nil
	}
	return t, nil
}

// foldName is a column name's key in loadTable.byName: ASCII letters folded to lower
// case, every other byte kept. The server compares names case-insensitively in its own
// collation, which is not Go's case folding (ß and ẞ are two columns to MariaDB, one to
// strings.ToLower), and names read under SET NAMES latin1 are not UTF-8 (strings.ToLower
// turned é and ü alike into U+FFFD: TestReviewX3LoadDataLatin1ColumnNames). A non-ASCII
// name spelled in another case than the table's then finds no column, and the statement
// runs as an INSERT.
func foldName(name string) string {
	for i := 0; i < len(name); i++ {
		if c := name[i]; c >= 'A' && c <= 'Z' {
			b := []byte(name)
			for j := i; j < len(b); j++ {
				if b[j] >= 'A' && b[j] <= 'Z' {
					b[j] += 'a' - 'A'
				}
			}
			return string(b)
		}
	}
	return name
}

// loadConverter appends the rows of plain INSERTs into one table to a LOAD DATA stream.
type loadConverter struct {
	t *loadTable
	// cols are the statement's columns as indexes into t.columns (all of them, in order,
	// without a column list); every statement of one stream must name the same.
	cols []int
	// colv are the columns of cols, in their order.
	colv []loadColumn
	data []byte
	rows int64
	// emptyIsNull is sql_mode EMPTY_STRING_IS_NULL, under which the INSERT stores an
	// empty string literal ('', _binary '') as NULL: a value whose field would be empty
	// leaves its statement to the INSERT.
	emptyIsNull bool
	// bare: the heads with unquoted names the server's parser took (nil: none).
	bare *bareHeads
}

// sizedFor returns buf, emptied, or a new buffer when it is too small for a batch
// converted whole: its fields are at most as long as the SQL literals they come from
// (quotes, commas and escapes go; only \t, \n and NUL inside strings grow by a byte,
// against the two quotes each string loses), so one allocation almost always holds it
// (appends that outgrow it stay correct, and merely copy).
func sizedFor(stmts []batchStmt, buf []byte) []byte {
	n := 0
	for _, s := range stmts {
		n += len(s.sql)
	}
	if cap(buf) < n {
		return make([]byte, 0, n)
	}
	return buf[:0]
}

// stringBytes is s's bytes without a copy, for the converter, which only reads them: a
// batch is megabytes, and copying it cost as much as converting it.
func stringBytes(s string) []byte { return unsafe.Slice(unsafe.StringData(s), len(s)) }

// add parses one INSERT and appends its rows; false when any part is not provably exact
// (the converter is then unchanged).
func (lc *loadConverter) add(q []byte) bool {
	p, ok := lc.begin(q)
	if !ok {
		return false
	}
	mark, rows := len(lc.data), lc.rows
	if more, ok := lc.convertRows(&p, true, math.MaxInt); more || !ok {
		lc.data, lc.rows = lc.data[:mark], rows
		return false
	}
	return true
}

// begin reads an INSERT's head up to its rows; false when its columns are not the
// stream's (the first statement's) or not all eligible.
func (lc *loadConverter) begin(q []byte) (insertParser, bool) {
	p := insertParser{q: q}
	cols, ok := p.head(lc.t)
	if !ok || p.sawBare && !lc.bare.parsed(q[:p.i]) {
		return p, false
	}
	if lc.cols == nil {
		lc.cols = cols
		lc.colv = make([]loadColumn, len(cols))
		for k, c := range cols {
			lc.colv[k] = lc.t.columns[c]
		}
	} else if !equalInts(lc.cols, cols) {
		return p, false
	}
	return p, true
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

// backslashTrailCharsets are the client character sets in which the second byte of a
// multibyte character may be 0x5C: the server's lexer reads 835C41 in an sjis literal as
// two characters, the converter (and a LOAD stream's escape) as an escaped A. Batches
// under them stay INSERTs; gb18030 is listed for the servers that have it.
var backslashTrailCharsets = map[string]bool{"big5": true, "cp932": true, "gbk": true, "sjis": true, "gb18030": true}

// loadData is the replayer's --load-data state, shared by its workers.
type loadData struct {
	tables sync.Map // client character set, NUL, table key (plan.KeyOf) → loadEntry
	// chunks are the buffers (*[]byte) of streams done (loadStream), for the next;
	// wholeBufs those of batches converted whole before their LOAD.
	chunks, wholeBufs sync.Pool
	// convertFirst holds the tables (key → the generation) where the converter refused a
	// row in mid-stream: their batches are converted whole before the LOAD (loadStream).
	convertFirst sync.Map
	// gen counts the statements run that may have changed a table (schemaChanged): an
	// entry read under an earlier generation is read again, so a table dropped and
	// created anew, ALTERed, renamed over or moved to another engine is never loaded
	// with the columns, types or engine of its earlier self.
	gen atomic.Int64
	// bare holds the heads with unquoted names the server's parser took, or refused.
	bare bareHeads
	// force is --force: a LOAD that meets an error the INSERTs' --force skips may move an
	// AUTO_INCREMENT counter past rows the client never inserted (countersExact).
	force bool
	// maxPacketBytes is the server's max_allowed_packet. A LOAD DATA stream goes in
	// packets of its own size whatever the statement's, so a batch holding a statement
	// the INSERT path cannot send runs as INSERTs, which stop at it as the client does
	// (TestReviewX3LoadDataOversizedStatement). 0: not known (unit tests).
	maxPacketBytes int64

	seq atomic.Int64
	// off is set when the server refuses LOAD DATA LOCAL (local_infile=OFF): the rest of
	// the run uses INSERTs, said once.
	off    atomic.Bool
	offMsg atomic.Pointer[string]
	// notes say, once each, why a kind of batch ran as INSERTs (note).
	notesMu sync.Mutex
	notes   []string
	// Batches loaded in bulk, and those replayed as INSERTs after a LOAD that was not
	// clean (warnings or a short row count); asInserts counts the batches committed as
	// INSERTs, replayed or never converted.
	loaded, replayed, asInserts atomic.Int64
}

// load runs a batch's INSERTs as one LOAD DATA LOCAL stream inside the transaction the
// caller opened. loaded is false when the batch must run as INSERTs: not convertible, or
// the LOAD was not clean — then the transaction has been rolled back and a new one started,
// so the INSERTs run as if the LOAD had never been tried.
//
// w is c's packet watch (nil: none), which gives the LOAD's warning count from its OK
// packet; sess the session values c's worker knows (workersession.go).
func (ld *loadData) load(ctx context.Context, c Conn, w *PacketWatch, sess *workerSession, stmts []batchStmt) (loaded bool, err error) {
	if ld.off.Load() || len(stmts) == 0 {
		return false, nil
	}
	for _, st := range stmts {
		if ld.maxPacketBytes > 0 && !maxpacket.Fits(int64(len(st.sql))+maxpacket.CommandBytes, ld.maxPacketBytes) {
			return false, nil
		}
	}
	v, err := sess.values(ctx, c)
	if err != nil {
		return false, err
	}
	cs, conn, mode, cur, results := v.cs, v.conn, v.mode, v.db, v.results
	if !strings.EqualFold(cs, conn) {
		// An INSERT's literal goes from the client's character set through the
		// connection's (SET CHARACTER SET leaves the database's there), which turns what
		// that one lacks into '?'; LOAD DATA converts the file's text to the column's
		// directly and would keep it.
		ld.note(fmt.Sprintf("--load-data: rows sent with character_set_client %s and character_set_connection %s (SET CHARACTER SET, or a SET of one of them) ran as INSERTs: their literals pass through %s, which LOAD DATA skips", cs, conn, conn))
		return false, nil
	}
	if strings.Contains(mode, "NO_BACKSLASH_ESCAPES") || strings.Contains(mode, "ANSI_QUOTES") {
		return false, nil // the literals mean something else than the converter reads
	}
	if backslashTrailCharsets[strings.ToLower(cs)] {
		ld.note(fmt.Sprintf("--load-data: rows sent under SET NAMES %s ran as INSERTs: in %s the second byte of a multibyte character may be 0x5C, a backslash, which LOAD DATA's escaping does not keep apart from an escape", cs, cs))
		return false, nil
	}
	if err := ld.bare.check(ctx, c, stmts); err != nil {
		return false, err
	}
	p := insertParser{q: stringBytes(stmts[0].sql)}
	db, table, ok := p.target()
	if !ok {
		return false, nil
	}
	if db == "" {
		db = cur.String
	}
	t, err := ld.table(ctx, c, db, table, cs)
	if err != nil || t == nil {
		return false, err
	}
	if t.nonASCII && !strings.EqualFold(results.String, cs) {
		// The statement spells the names in cs, information_schema in results.
		return false, nil
	}
	key := plan.KeyOf(db, table)
	lc := &loadConverter{t: t, emptyIsNull: strings.Contains(mode, "EMPTY_STRING_IS_NULL"), bare: &ld.bare}
	var stream *loadStream
	var whole []byte
	if v, ok := ld.convertFirst.Load(key); ok && v.(int64) == ld.gen.Load() {
		// The converter refused a row of this table in an earlier batch: convert this
		// one whole before its LOAD, so that a refusal costs no LOAD rolled back.
		if b, ok := ld.wholeBufs.Get().(*[]byte); ok {
			whole = *b
		}
		lc.data = sizedFor(stmts, whole)
		defer func() { ld.wholeBufs.Put(&lc.data) }() // the server has read it when Exec returns
		for _, s := range stmts {
			if !lc.add(stringBytes(s.sql)) {
				return false, nil
			}
		}
	} else {
		p, ok := lc.begin(stringBytes(stmts[0].sql))
		if !ok {
			return false, nil
		}
		if b, ok := ld.chunks.Get().(*[]byte); ok {
			lc.data = (*b)[:0]
		} else {
			lc.data = make([]byte, 0, 2*streamChunkBytes)
		}
		defer func() {
			if cap(lc.data) <= maxChunkBytes { // not the buffer of one row of megabytes
				ld.chunks.Put(&lc.data)
			}
		}()
		stream = newLoadStream(lc, stmts, p)
	}
	name := fmt.Sprintf("dumpscope-%d", ld.seq.Add(1))
	mysql.RegisterReaderHandler(name, func() io.Reader {
		if stream != nil {
			return stream
		}
		return bytes.NewReader(lc.data)
	})
	defer mysql.DeregisterReaderHandler(name)
	qualified := "`" + strings.ReplaceAll(db, "`", "``") + "`.`" + strings.ReplaceAll(table, "`", "``") + "`"
	gen := ld.gen.Load()
	if w != nil {
		w.arm()
	}
	res, err := c.ExecContext(ctx, lc.statement(name, qualified, cs))
	refused := stream != nil && stream.failed // the converter's refusal, not the server's
	if refused {
		ld.convertFirst.Store(key, gen)
	}
	clean := err == nil && !refused
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
	} else if clean {
		n, _ := res.RowsAffected()
		warnings, err := loadWarnings(ctx, c, w)
		if err != nil {
			return false, err
		}
		clean = warnings == 0 && n == lc.rows
	}
	if clean {
		ld.loaded.Add(1)
		return true, nil
	}
	// What the INSERTs would have done differently (a duplicate key, a value out of range
	// in strict mode, a truncation) is theirs to do: start over with them. A batch the
	// converter refused is not counted: it would not have been loaded converted whole.
	if !refused {
		ld.replayed.Add(1)
	}
	if _, err := c.ExecContext(ctx, "ROLLBACK"); err != nil {
		return false, err
	}
	if _, err := c.ExecContext(ctx, "START TRANSACTION"); err != nil {
		return false, err
	}
	return false, nil
}

// loadWarnings is the warning count of the LOAD just run on c: from its OK packet where
// the watch w, armed before it, read one (a round trip fewer per batch), else from the
// server. The packet's count has two bytes: at 65535 the server is asked.
func loadWarnings(ctx context.Context, c Conn, w *PacketWatch) (int64, error) {
	if w != nil {
		if n, ok := w.lastWarnings(); ok && n < 0xFFFF {
			return int64(n), nil
		}
	}
	var warnings int64
	err := c.QueryRowContext(ctx, "SELECT @@warning_count").Scan(&warnings)
	return warnings, err
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
//
// The entry is kept per client character set (cs): db, table and the column names are
// bytes in it, and the same bytes name other columns in another.
func (ld *loadData) table(ctx context.Context, c Conn, db, table, cs string) (*loadTable, error) {
	key := strings.ToLower(cs) + "\x00" + plan.KeyOf(db, table)
	gen := ld.gen.Load()
	if v, ok := ld.tables.Load(key); ok && v.(loadEntry).gen == gen {
		return v.(loadEntry).t, nil
	}
	var engine sql.NullString
	var triggers int
	var autoInc bool
	err := c.QueryRowContext(ctx, "SELECT ENGINE, (SELECT COUNT(*) FROM information_schema.TRIGGERS WHERE EVENT_OBJECT_SCHEMA = ? AND EVENT_OBJECT_TABLE = ?), AUTO_INCREMENT IS NOT NULL FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ?", db, table, db, table).Scan(&engine, &triggers, &autoInc)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return nil, err
	}
	var t *loadTable
	// Only a transactional table can have a LOAD that was not clean rolled back, and only
	// one without triggers: the rollback does not give back the AUTO_INCREMENT ids its
	// triggers took in other tables (difffuzz seed 11285: the log table's counter 4 where
	// the client's was 3), nor undo their writes into MyISAM or Aria tables, which the
	// INSERTs replayed after it would make twice.
	if triggers > 0 && strings.EqualFold(engine.String, "InnoDB") {
		ld.note("--load-data: rows into tables with triggers ran as INSERTs: a LOAD DATA that is not clean is rolled back and replayed, and the rollback does not undo what the triggers did to AUTO_INCREMENT counters and non-transactional tables")
	} else if !ld.countersExact(autoInc) {
		// t stays nil: INSERTs (loadcounter.go)
	} else if strings.EqualFold(engine.String, "InnoDB") {
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
	// INSERTs from the start and are in neither count; AsInserts counts every batch that
	// committed as INSERTs, the replayed ones among them.
	Loaded, Replayed, AsInserts int64
	// Off says why the server refused LOAD DATA LOCAL ("" when it did not).
	Off string
	// Notes say why kinds of batches (those under a character set LOAD DATA cannot take
	// exactly) ran as INSERTs, one line each.
	Notes []string
}

func (ld *loadData) stats() *LoadDataStats {
	st := &LoadDataStats{Loaded: ld.loaded.Load(), Replayed: ld.replayed.Load(), AsInserts: ld.asInserts.Load()}
	if m := ld.offMsg.Load(); m != nil {
		st.Off = *m
	}
	ld.notesMu.Lock()
	st.Notes = slices.Clone(ld.notes)
	ld.notesMu.Unlock()
	return st
}
