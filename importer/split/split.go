package split

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math/bits"
	"strings"

	"github.com/dumpscope/dumpscope/importer/dumpfile"
	"github.com/dumpscope/dumpscope/importer/sqlscan"
	"github.com/dumpscope/dumpscope/internal/bytescan"
)

// The splitter reproduces, byte for byte, the statements Debian's `mariadb` 10.11 client
// sends when it reads a file on stdin (batch mode): read_and_execute() and add_line() in
// client/mysql.cc. It is checked differentially against the real client
// (TestSplitMatchesClient). What the client does, and so what this file does:
//
//   - Input is processed line by line. "\r\n" ends a line like "\n" (the '\r' is dropped,
//     even inside a string literal); a UTF-8 BOM is skipped on the first line only.
//   - Without --binary-mode a NUL byte anywhere is an error.
//   - A line that is blank while no statement is pending is skipped. A line that starts a
//     statement and holds a client command (`delimiter ;;`, `use db`, `source f`,
//     `system cmd`, `sandbox`, `exit`, …: first word, any case, arguments only for commands
//     that take them) is executed as that command, the whole line consumed.
//   - Whitespace before a statement is dropped.
//   - `#`, `-- ` (dash dash followed by whitespace or end of line, or `--` anywhere when
//     nothing of the statement precedes it) run to the end of the line and are dropped;
//     what precedes them on the line stays, followed by "\n".
//   - `/* … */` is dropped; if the character right after `*/` on the same line is not
//     whitespace, one space is inserted (even at the start of a statement: `/* c */ SELECT 1`
//     is sent as " SELECT 1"). The server's general log trims that space; the wire has it.
//     A line that ends inside such a comment contributes nothing, not even its "\n".
//   - `/*!…*/` and `/*M!…*/` are kept verbatim, and the delimiter inside them ends the
//     statement (the server then sees an unterminated comment — client behaviour).
//     MariaDB 10.11's client strips optimizer hints `/*+ … */` like any plain comment
//     (MySQL's client keeps them; MariaDB 10.11 has no optimizer hints).
//   - Every other line end inside a statement is kept as "\n", except after a line whose
//     text (since the last comment or delimiter) starts with "delimiter" in any case.
//   - A backslash outside a string is a client command (`\g` sends, `\d` sets the
//     delimiter, `\-` does nothing, `\N` is kept, an unknown `\x` is kept); inside a string
//     (except `…` quotes, "…" under ANSI_QUOTES and all quotes under NO_BACKSLASH_ESCAPES) it
//     escapes the next byte. A backslash at the end of a line is dropped.
//   - In gbk, gb18030, sjis, cp932 and big5 a multibyte character is one unit, so its second
//     byte is never read as a backslash or quote.
//   - The statement sent has trailing whitespace and control bytes removed.
//   - A statement whose text is a client command (`USE db;`, `source f;`) is that command.
//     `use` (either form) makes the client send "SELECT DATABASE()" and then COM_INIT_DB;
//     the splitter yields it as KindSession, Verb "USE", Arg and Database the name (the
//     client's get_arg()), SQL the text as written (which can hold what get_arg() leaves
//     out, `use a`b` or `use db more words`: the replayers send USE `name`, see asSent).
//     `charset x` sends "SET NAMES x" with x the character set's own name (KindSession,
//     Verb "CHARSET"). A `use` or `charset` the client refuses (no name, an unknown
//     character set) sends nothing: it stays KindClient with no SQL.
//     Everything else the client would run itself is KindClient (Verb the upper-cased long
//     name, or `\` and the letter for the short form; see CommandName).
//
// The client reads whole lines; this splitter scans a line before its end has been read
// (except where a rule needs the rest of the line: a comment to its end, a backslash
// command), so memory is bounded by the largest statement even for a dump written as one
// line.
//
// With KeepComments (the client's --comments) comments are kept, leading whitespace is kept,
// and a `#`/`-- ` comment that starts a statement is sent on its own.
//
// Where this splitter deliberately differs from the client: it follows `SET NAMES x`,
// `SET CHARACTER SET x` and `SET character_set_client = x` (also inside /*!…*/, and
// restores through user variables such as @saved_cs_client) as well as the client's own
// `charset x` command, while the client only follows `charset x` and
// --default-character-set. For a dump that switches to gbk/sjis/big5 with SET NAMES, the
// client mis-splits strings whose second byte is 0x5C; this splitter does what the server
// does. An unterminated string, identifier or comment at EOF is an error here; the client
// sends the truncated text and lets the server fail.

// SplitOptions are the client options that change how a dump is split.
type SplitOptions struct {
	// KeepComments keeps plain comments in the SQL, like the client's --comments.
	KeepComments bool
	// BinaryMode allows NUL bytes, like the client's --binary-mode. It also disables every
	// client command except DELIMITER, \C and \-, as the client does.
	BinaryMode bool
	// Force is the client's --force: an unknown client command (a backslash outside a
	// string followed by a byte that names none, such as \" left by unbalanced quotes)
	// keeps its two bytes in the statement, which goes on. Without it the client stops
	// there ("Unknown command '\"'."; put_info in client/mysql.cc returns 1 in batch mode
	// unless ignore_errors), sending nothing of the statement: so does the splitter, with
	// a *SplitError (difffuzz seed 70113).
	Force bool
	// Charset is the initial connection character set (e.g. "utf8mb4", "gbk", "sjis").
	Charset string
	// NoBackslashEscapes is the initial NO_BACKSLASH_ESCAPES state of the session.
	NoBackslashEscapes bool
	// ANSIQuotes is the initial ANSI_QUOTES state of the session ("…" is an identifier, so
	// a backslash inside it escapes nothing).
	ANSIQuotes bool
	// TrackSQLMode makes the splitter follow SET statements that assign sql_mode from a
	// literal or a user variable (mysqldump's @OLD_SQL_MODE / @saved_sql_mode forms) on its
	// own. For a dry run without a server; a replayer reads the server's sql_mode instead
	// and calls SetNoBackslashEscapes.
	TrackSQLMode bool
	// ReadBufferSize is the initial read buffer in bytes; 0 means 4 MiB. The buffer grows to
	// hold the largest statement, up to MaxStatementBytes.
	ReadBufferSize int
	// MaxStatementBytes caps the read buffer; 0 means MaxStatementBytes (1 GiB). A statement
	// (with its leading comments) that would need more is an error at its position.
	MaxStatementBytes int
	// Server is the target server (sqlscan.ServerFromVersion of its @@version): the
	// executable comments it skips are comments to every reader of the statements.
	Server sqlscan.Server
}

// MaxStatementBytes is the largest statement the server accepts (max_allowed_packet is at
// most 1 GiB). A longer one — an unterminated quote in a damaged dump, a file that is not
// SQL — would otherwise grow the buffer until the OOM killer picks a process, quite
// possibly the server's.
const MaxStatementBytes = 1 << 30

// SplitError is a malformed input: where it is and what is wrong.
type SplitError struct {
	Offset int64 // byte offset in the uncompressed stream
	Line   int64 // 1-based line
	Msg    string
}

func (e *SplitError) Error() string {
	return fmt.Sprintf("%s: %s", Position{Offset: e.Offset, Line: e.Line}, e.Msg)
}

const defaultReadBufferSize = 4 << 20

// maxDelimiterLen is the client's limit (char delimiter[16]).
const maxDelimiterLen = 15

// Splitter reads a dump and returns its statements one at a time, like bufio.Scanner:
//
//	sp := split.NewSplitter(r, opt)
//	for sp.Next() {
//		st := sp.Statement()
//	}
//	if err := sp.Err(); err != nil { … }
//
// Next returns false at EOF or on the first error. The slices in a Statement alias the
// splitter's buffers and are valid only until the next call to Next. Memory is bounded by
// the largest statement plus the read buffer: there is no token size limit.
type Splitter struct {
	r   io.Reader
	opt SplitOptions
	// part: this splitter reads one part of a text (ServerParts), whose SETs the text's
	// own splitter follows (trackTextParts).
	part bool

	buf   []byte // buf[:n] holds input not yet released; buf[0] is at stream offset base
	n     int
	base  int64
	eof   bool
	rdErr error

	stmtStart int // index of the current statement's first raw byte
	scan      int // index of the next byte to process

	// current line: content is buf[lineStart:lineEnd] ("\n" and a "\r" before it excluded),
	// the next line starts at lineNext.
	inLine       bool
	lineComplete bool // lineEnd is the line's end, not just the end of the data read so far
	nulTo        int  // the line is checked for NUL bytes up to here
	// nulFree: buf[:nulFree] holds no NUL byte (buf[nulFree] is one when nulFree < n). The
	// read data is searched for NUL once, not line by line: one search per line cost as
	// much as finding the line's end (gen writes a row a line).
	nulFree   int
	lineStart int
	lineEnd   int
	lineNext  int
	lineNo    int64 // number of lines started so far (1-based number of the current line)

	// add_line() state.
	sql      []byte // the client's glob_buffer: what has been accepted for the statement
	alias    bool   // the glob_buffer is buf[aStart:aEnd] (not copied yet)
	aStart   int
	aEnd     int
	searched int // buf[scan:searched] holds no '\n'

	pend       int  // start of the run of the current line accepted but not yet appended
	pendSpace  bool // the run starts with an inserted space (after a comment)
	needSpace  bool
	ssComment  bool
	inString   byte
	mlComment  bool
	strStart   int64 // stream offset where the open string / comment began
	strLine    int64
	sqlLine    int64 // line of the first SQL byte, 0 while the SQL is empty
	rawLine    int64 // line of the current statement's first raw byte
	groups     int64 // top-level parenthesised groups closed in the statement
	depth      int
	delim      []byte
	delimArr   [maxDelimiterLen]byte
	mb         sqlscan.Charset
	nbe        bool
	ansiQuotes bool

	tabNormal [256]bool
	tabString [256]bool // for the open quote
	tabQuote  byte      // quote tabString was built for

	track tracker

	// String spans for the row reader (sqlscan.StringSpans): strs holds, for the
	// statement being read, pairs of indexes in its SQL of each quoted run's opening quote
	// and of the byte after its closing quote, at most strsMax numbers. A byte the scan
	// has accepted at buf[i] goes to SQL index sqlLen() + i - pend whatever the client
	// drops before it (comments, a '\r' before "\n", a backslash ending a line). synGen
	// counts changes of the quoting rules; spans recorded under two are not handed on.
	strs    []uint32
	strsMax int
	strsGen int
	synGen  int
	spans   sqlscan.StringSpans

	cur  Statement
	err  error
	done bool
}

// NewSplitter returns a splitter reading r.
func NewSplitter(r io.Reader, opt SplitOptions) *Splitter {
	size := opt.ReadBufferSize
	if size <= 0 {
		size = defaultReadBufferSize
	}
	s := &Splitter{
		r:          r,
		opt:        opt,
		buf:        dumpfile.HugeBuffer(size), // filled once and kept: in huge pages
		nbe:        opt.NoBackslashEscapes,
		ansiQuotes: opt.ANSIQuotes,
		mb:         sqlscan.CharsetByName(opt.Charset),
		rawLine:    1,
	}
	s.delimArr[0] = ';'
	s.delim = s.delimArr[:1]
	s.track.init(opt.NoBackslashEscapes, opt.Charset)
	s.rebuildTables()
	return s
}

// SetNoBackslashEscapes tells the splitter whether the session has NO_BACKSLASH_ESCAPES in
// its sql_mode. Call it between statements (after a SET touching sql_mode), as the client
// learns it from the server's status flags after every statement.
func (s *Splitter) SetNoBackslashEscapes(on bool) {
	s.nbe = on
	s.track.mode.nbe = on
	s.rebuildTables()
}

// SetANSIQuotes tells the splitter whether the session has ANSI_QUOTES in its sql_mode.
func (s *Splitter) SetANSIQuotes(on bool) {
	s.ansiQuotes = on
	s.rebuildTables()
}

// SetCharset sets the connection character set that decides which bytes form one character
// (only gbk, gb18030, sjis, cp932 and big5 change splitting). The splitter also follows
// SET NAMES / SET CHARACTER SET / SET character_set_client and the client's `charset`
// command on its own.
func (s *Splitter) SetCharset(name string) {
	s.track.cs = strings.ToLower(name)
	s.mb = sqlscan.CharsetByName(name)
	s.rebuildTables()
}

// Charset returns the name of the character set the splitter currently splits with
// ("" when it is one that changes nothing, e.g. utf8mb4).
func (s *Splitter) Charset() string { return s.mb.Name }

// SQLModeChanges counts the statements so far that assigned the session sql_mode (SET
// sql_mode / @@sql_mode / @@session.sql_mode; not user variables holding a copy).
func (s *Splitter) SQLModeChanges() int64 { return s.track.modeChanges }

// Line returns the number of the input line the splitter has reached (1-based), for
// errors that come from the reader rather than from the SQL.
func (s *Splitter) Line() int64 {
	if s.lineNo < 0 {
		return -s.lineNo
	}
	return max(s.lineNo, 1)
}

// Delimiter returns the current statement delimiter.
func (s *Splitter) Delimiter() string { return string(s.delim) }

// NoBackslashEscapes reports the NO_BACKSLASH_ESCAPES state the splitter uses.
func (s *Splitter) NoBackslashEscapes() bool { return s.nbe }

// Statement returns the statement Next found. Its slices are valid until the next Next.
func (s *Splitter) Statement() Statement { return s.cur }

// Err returns the first error (a *SplitError for malformed input, or the reader's error).
func (s *Splitter) Err() error { return s.err }

func (s *Splitter) rebuildTables() {
	s.synGen++
	var t [256]bool
	for _, c := range []byte{'\\', '\'', '"', '`', '#', '-', '/', '*', '(', ')'} {
		t[c] = true
	}
	t[s.delim[0]] = true
	s.mb.MarkLeads(&t)
	s.tabNormal = t
	s.tabQuote = 0
}

func (s *Splitter) stringTable(q byte) *[256]bool {
	if s.tabQuote != q {
		var t [256]bool
		t[q] = true
		if s.backslashEscapes(q) {
			t['\\'] = true
		}
		s.mb.MarkLeads(&t)
		s.tabString = t
		s.tabQuote = q
	}
	return &s.tabString
}

// backslashEscapes reports whether a backslash inside quote q escapes (client rule).
func (s *Splitter) backslashEscapes(q byte) bool {
	if q == '`' || s.nbe {
		return false
	}
	return !(q == '"' && s.ansiQuotes)
}

func (s *Splitter) fail(off int64, line int64, format string, args ...any) bool {
	s.err = &SplitError{Offset: off, Line: line, Msg: fmt.Sprintf(format, args...)}
	s.done = true
	return false
}

// fill reads more input, moving the unreleased part to the front and growing the buffer
// when the current statement fills it.
func (s *Splitter) fill() {
	// Moving the pending statement to the front costs a copy of it; do it only when the
	// free tail has become small, so a large statement is not copied on every read.
	if s.stmtStart > 0 && len(s.buf)-s.n < len(s.buf)/4 {
		d := s.stmtStart
		copy(s.buf, s.buf[d:s.n])
		s.n -= d
		s.base += int64(d)
		s.stmtStart = 0
		s.scan -= d
		s.searched -= d
		if s.alias {
			s.aStart -= d
			s.aEnd -= d
		}
		s.lineStart -= d
		s.lineEnd -= d
		s.lineNext -= d
		s.nulTo -= d
		s.nulFree = max(s.nulFree-d, 0)
		s.pend -= d
	}
	if s.n == len(s.buf) {
		limit := s.opt.MaxStatementBytes
		if limit <= 0 {
			limit = MaxStatementBytes
		}
		if s.n-s.stmtStart >= limit {
			s.rdErr = &SplitError{Offset: s.base + int64(s.stmtStart), Line: s.rawLine,
				Msg: fmt.Sprintf("the statement starting here is longer than %d MiB, more than the server accepts (max_allowed_packet is at most 1 GiB): the dump is damaged (an unterminated quote or comment?) or not SQL", limit>>20)}
			s.eof = true
			return
		}
		nb := dumpfile.HugeBuffer(min(2*len(s.buf), max(limit, len(s.buf)+1)))
		copy(nb, s.buf[:s.n])
		s.buf = nb
	}
	for tries := 0; tries < 100; tries++ {
		m, err := s.r.Read(s.buf[s.n:])
		s.n += m
		if err != nil {
			s.eof = true
			if !errors.Is(err, io.EOF) {
				s.rdErr = err
			}
			return
		}
		if m > 0 {
			return
		}
	}
	s.eof = true
	s.rdErr = io.ErrNoProgress
}

// Next advances to the next statement. It returns false at EOF or on error.
func (s *Splitter) Next() bool {
	if s.done {
		return false
	}
	s.strs, s.strsGen, s.strsMax = s.strs[:0], s.synGen, len(s.buf)>>4
	s.spans.Clear()
	for {
		if !s.inLine {
			if !s.startLine() {
				if s.lineNo < 0 { // startLine emitted a statement
					s.lineNo = -s.lineNo
					return s.err == nil
				}
				if s.done {
					return false
				}
				continue
			}
		}
		switch s.scanLine() {
		case scanStatement:
			return true
		case scanMore:
			if s.done {
				return false
			}
			s.fill()
			if !s.locateLine() {
				return false
			}
		default:
			if s.done {
				return false
			}
			if !lineFastPath || !s.continueLine() {
				s.endLine()
			}
		}
	}
}

// What scanLine stopped at.
const (
	scanEndOfLine = iota // the line is done
	scanStatement        // a statement is complete (s.cur)
	scanMore             // the line goes on past the data read so far
)

// A line is scanned before its end has been read once this much of it is there; lines are
// not required to fit in memory, statements are. lookaheadBytes is the farthest the scanner
// looks past a byte (a delimiter is at most 15 bytes).
const (
	minLineStartBytes = 64
	lookaheadBytes    = 16
)

// locateLine looks for the end of the current line, which starts at s.lineStart, in the
// data read so far, and checks the newly read part of it for NUL bytes. It returns false
// after an error.
func (s *Splitter) locateLine() bool {
	if s.rdErr != nil {
		s.err = s.rdErr
		s.done = true
		return false
	}
	from := max(s.scan, s.searched, s.lineStart)
	if k := bytes.IndexByte(s.buf[from:s.n], '\n'); k >= 0 {
		idx := from + k
		s.lineNext, s.lineEnd = idx+1, idx
		if idx > 0 && idx-1 >= s.lineStart && s.buf[idx-1] == '\r' {
			s.lineEnd--
		}
		s.lineComplete = true
	} else {
		s.searched = s.n
		s.lineNext, s.lineEnd = s.n, s.n
		s.lineComplete = s.eof
	}
	if !s.opt.BinaryMode && s.nulTo < s.lineNext {
		if s.nulFree < s.lineNext {
			// Search the rest of the data read (not just this line) from where it is not
			// known free of NUL: the lines after this one then need no search of their own.
			at := max(s.nulTo, s.lineStart, s.nulFree)
			if k := bytes.IndexByte(s.buf[at:s.n], 0); k >= 0 {
				s.nulFree = at + k
			} else {
				s.nulFree = s.n
			}
		}
		if s.nulFree < s.lineNext { // the first NUL at or after the line's unchecked part
			line := s.lineNo
			if !s.inLine {
				line++ // the line is not counted until it starts
			}
			s.fail(s.base+int64(s.nulFree), line,
				"NUL byte (0x00) in the input; the client refuses it unless --binary-mode (mysqldump writes NUL as \\0)")
			return false
		}
		s.nulTo = s.lineNext
	}
	return true
}

// lineStartDecidable reports whether the line-level rules (blank line, client command) can
// be applied to a line whose end has not been read yet.
func (s *Splitter) lineStartDecidable() bool {
	avail := s.buf[s.lineStart:s.lineEnd]
	if len(avail) < minLineStartBytes {
		return false
	}
	if s.sqlLen() > 0 || s.mlComment || s.inString != 0 {
		return true
	}
	if s.lineNo == 0 && bytes.HasPrefix(avail, []byte("\xef\xbb\xbf")) {
		avail = avail[3:]
	}
	name := trimLeftSpace(avail)
	k := 0
	for k < len(name) && k <= maxCommandNameLen && name[k] != ' ' && name[k] != '\t' {
		k++
	}
	if k == len(name) {
		return false // only whitespace, or the first word is not complete yet
	}
	if k > maxCommandNameLen {
		return true
	}
	for i := range clientCommands {
		if sqlscan.EqualFoldASCII(name[:k], clientCommands[i].name) {
			return false // a client command: its whole line is needed
		}
	}
	return true
}

// startLine finds the next line and applies the client's line-level rules. It returns true
// when the line must go through add_line; false when the line was consumed (or at EOF /
// error, with s.done set). When it emits a statement it returns false with s.lineNo
// negated, a cheap signal Next undoes.
func (s *Splitter) startLine() bool {
	s.lineStart = s.scan
	s.nulTo = s.scan
	for {
		if !s.locateLine() {
			return false
		}
		if s.lineComplete && s.lineNext == s.scan { // EOF
			return s.finish()
		}
		if s.lineComplete || s.lineStartDecidable() {
			break
		}
		s.fill()
	}
	s.lineNo++
	line := s.buf[s.lineStart:s.lineEnd]
	if s.lineNo == 1 && len(line) >= 3 && line[0] == 0xEF && line[1] == 0xBB && line[2] == 0xBF {
		s.lineStart += 3
		line = line[3:]
	}
	empty := s.sqlLen() == 0
	if empty {
		blank := true
		for _, c := range line {
			if !s.space(c) {
				blank = false
				break
			}
		}
		if blank {
			s.scan = s.lineNext
			return false
		}
		if !s.mlComment && s.inString == 0 {
			if cmd, arg, ok := s.findCommand(line); ok {
				s.scan = s.lineNext
				s.emitCommand(cmd, arg, s.lineNext, line)
				s.lineNo = -s.lineNo
				return false
			}
		}
	}
	if len(line) == 0 && empty {
		s.scan = s.lineNext
		return false
	}
	s.inLine = true
	s.scan = s.lineStart
	s.pend = s.lineStart
	s.pendSpace = false
	s.needSpace = false
	s.ssComment = false
	return true
}

// endInsideText ends the error of a dump that ends inside a string or comment. The client
// sends the text from the statement's start to the end as one, and the server usually
// rejects it (ERROR 1064); it runs it where the server reads the quotes otherwise than the
// client (a routine's SET sql_mode leaves the client's NO_BACKSLASH_ESCAPES flag behind:
// difffuzz seed 90041). dumpscope sends none of it: a cut-off dump stops before its
// fragment, and where the preflight reads ahead, before anything runs.
const endInsideText = ": the dump is cut off or its quotes do not match; none of it is sent (the mariadb client sends the rest as one statement, which the server may reject or run)"

// finish handles EOF: the pending statement is sent even without a delimiter.
func (s *Splitter) finish() bool {
	if s.inString != 0 {
		what := "string"
		if s.inString == '`' {
			what = "quoted identifier"
		}
		return s.fail(s.strStart, s.strLine, "unterminated %s (%c…) at end of input%s", what, s.inString, endInsideText)
	}
	if s.mlComment {
		return s.fail(s.strStart, s.strLine, "unterminated comment (/*…) at end of input%s", endInsideText)
	}
	if s.stmtStart == s.n {
		s.done = true
		return false
	}
	s.emitSQL(s.n)
	s.cur.EndOfInput = len(s.cur.SQL) > 0
	s.done = true
	s.lineNo = -s.lineNo
	return false
}

// appendRun moves the accepted run [pend, i) of the current line into the SQL.
func (s *Splitter) appendRun(i int) {
	if i > s.pend || s.pendSpace {
		if s.sqlLen() == 0 {
			s.sqlLine = s.lineNo
		}
		s.sqlAppend(s.pend, i)
	}
	s.pend = i
	s.pendSpace = false
}

// outEmpty reports the client's `out == line && buffer.is_empty()` at index i.
func (s *Splitter) outEmpty(i int) bool {
	return s.sqlLen() == 0 && s.pend == i && !s.pendSpace
}

// endLine is the end of add_line(): the rest of the line and its "\n" join the statement.
func (s *Splitter) endLine() {
	i := s.lineEnd
	if i > s.pend || s.pendSpace || s.sqlLen() > 0 {
		if !s.mlComment || s.opt.KeepComments {
			run := s.buf[s.pend:i]
			delimCmd := !s.pendSpace && len(run) >= 9 && sqlscan.EqualFoldASCII(run[:9], "delimiter")
			s.appendRun(i)
			if !delimCmd || s.inString != 0 || s.mlComment {
				if s.sqlLen() == 0 {
					s.sqlLine = s.lineNo
				}
				s.sqlAppendByte('\n', s.lineEnd)
			}
		}
	}
	s.inLine = false
	s.scan = s.lineNext
	s.pend = s.lineNext
}

// scanLine runs add_line() over the current line from s.scan: up to the line's end, or,
// while its end has not been read, up to lookaheadBytes before the data read so far (and
// before any rule that needs the rest of the line, such as a comment to the end of it).
// It returns scanStatement when a statement was completed (s.cur set, s.scan just after it).
func (s *Splitter) scanLine() int {
	b := s.buf[:s.lineEnd]
	i := s.scan
	end := len(b)
	if !s.lineComplete {
		end -= lookaheadBytes
	}
	keep := s.opt.KeepComments
	for i < end {
		// Whitespace before a statement is dropped (all states; only matters outside).
		if s.pend == i && !keep && !s.pendSpace && s.sqlLen() == 0 {
			for i < end && s.space(b[i]) {
				i++
			}
			s.pend = i
			if i >= end {
				break
			}
		}
		if s.mlComment {
			j := bytes.IndexByte(b[i:end], '*')
			if j < 0 {
				i = end
				break
			}
			i += j
			if i+1 < len(b) && b[i+1] == '/' {
				i += 2
				if s.ssComment {
					// `/*!… /* … */ … */`: the first `*/` closes the executable comment in the
					// client's eyes, the plain comment runs on to the next `*/`.
					s.ssComment = false
					continue
				}
				s.mlComment = false
				if keep {
					s.appendRun(i)
				} else {
					s.pend = i
				}
				s.needSpace = true
				continue
			}
			i++
			continue
		}
		if s.inString != 0 {
			i = s.scanString(b, i, end)
			continue
		}
		if !s.needSpace {
			i = s.scanNormal(b, i, end)
			if i >= end {
				break
			}
		}
		c := b[i]
		if c >= 0x80 && s.mb.Multibyte() {
			if l := s.mb.CharLen(b[i:]); l > 1 {
				i += l
				continue
			}
		}
		switch {
		case c == '\\':
			if !s.lineComplete { // a client command may take the rest of the line
				s.scan = i
				return scanMore
			}
			j, stop := s.backslash(b, i)
			if stop {
				if s.done {
					return scanEndOfLine
				}
				return scanStatement
			}
			i = j
			continue
		case c == s.delim[0] && bytes.HasPrefix(b[i:], s.delim):
			if keep && !s.lineComplete { // a trailing comment joins the statement
				s.scan = i
				return scanMore
			}
			return s.endStatement(b, i, i+len(s.delim))
		case c == '#' || (c == '-' && i+1 < len(b) && b[i+1] == '-' &&
			(i+2 >= len(b) || s.space(b[i+2]) || s.outEmpty(i))):
			// A comment to the end of the line.
			if !s.lineComplete {
				s.scan = i
				return scanMore
			}
			s.appendRun(i)
			if keep {
				startedEmpty := s.sqlLen() == 0
				s.appendRun(len(b))
				if startedEmpty {
					// The client sends a comment that starts a statement on its own.
					s.emitSQL(len(b))
					s.scan = len(b)
					s.pend = len(b)
					return scanStatement
				}
			}
			s.pend = len(b)
			i = len(b)
			continue
		case c == '/' && i+1 < len(b) && b[i+1] == '*' &&
			!(i+2 < len(b) && (b[i+2] == '!' || (b[i+2] == 'M' && i+3 < len(b) && b[i+3] == '!'))):
			s.strStart, s.strLine = s.base+int64(i), s.lineNo
			if keep {
				s.appendRun(i + 2)
			} else {
				s.appendRun(i)
			}
			i += 2
			s.pend = i
			s.mlComment = true
			continue
		}
		// Any other byte is accepted as it is.
		if s.needSpace {
			if !s.space(c) {
				s.appendRun(i)
				if s.sqlLen() == 0 {
					s.sqlLine = s.lineNo
				}
				s.sqlAppendByte(' ', -1)
				s.pendSpace = true
			}
			s.needSpace = false
		}
		switch c {
		case '\'', '"', '`':
			s.inString = c
			s.strStart, s.strLine = s.base+int64(i), s.lineNo
		case '(':
			s.depth++
		case ')':
			s.depth--
			if s.depth == 0 {
				s.groups++
			}
		case '/':
			if i+2 < len(b) && b[i+1] == '*' && b[i+2] == '!' {
				s.ssComment = true
			}
		case '*':
			if s.ssComment && i+1 < len(b) && b[i+1] == '/' {
				s.ssComment = false
				i++
			}
		}
		i++
	}
	s.scan = i
	if !s.lineComplete {
		return scanMore
	}
	return scanEndOfLine
}

// endStatement handles a delimiter at b[i:j].
func (s *Splitter) endStatement(b []byte, i, j int) int {
	s.appendRun(i)
	end := j
	if s.opt.KeepComments {
		// --comments: whitespace and a trailing # / -- comment stay with the statement.
		k := j
		for k < len(b) && s.space(b[k]) {
			k++
		}
		if k < len(b) && (b[k] == '#' || (b[k] == '-' && k+2 < len(b) && b[k+1] == '-' && s.space(b[k+2]))) {
			k = len(b)
		}
		s.pend = j
		s.appendRun(k)
		end = k
	}
	s.pend = end
	s.emitSQL(end)
	s.scan = end
	s.pend = end
	if s.done {
		return scanEndOfLine
	}
	return scanStatement
}

// emitSQL completes the statement whose raw bytes end at index end: the client's
// find_command(buffer) then com_go(buffer).
func (s *Splitter) emitSQL(end int) {
	text := s.sqlBytes()
	if len(text) > 0 {
		if cmd, arg, ok := s.findCommand(text); ok {
			s.emitCommand(cmd, arg, end, text)
			return
		}
	}
	// remove_cntrl(): trailing whitespace and control bytes are not sent.
	k := len(text)
	for k > 0 && (text[k-1] <= ' ' || text[k-1] == 0x7F || (text[k-1] == 0xA0 && s.mb.Latin1)) {
		k--
	}
	text = text[:k]
	s.setCur(end)
	s.cur.SQL = text
	if len(text) > 0 && s.strsGen == s.synGen {
		// The statement was read under one quoting: its spans index its SQL.
		s.spans.Set(text, s.cur.syn, s.strs)
		s.cur.spans = &s.spans
	}
	if len(text) > 0 {
		s.cur.Line = s.sqlLine
		s.classify()
		s.track.other(s, &s.cur)
		s.trackTextParts()
	}
	s.resetStatement(end)
}

func (s *Splitter) setCur(end int) {
	s.cur = Statement{
		syn:          s.Syntax(),
		Kind:         KindOther,
		Offset:       s.base + int64(s.stmtStart),
		Line:         s.stmtLine(),
		Raw:          s.buf[s.stmtStart:end],
		OwnDelimiter: len(s.delim) != 1 || s.delim[0] != ';',
	}
}

// stmtLine is the line of the first raw byte of the current statement.
func (s *Splitter) stmtLine() int64 {
	return s.rawLine
}

func (s *Splitter) resetStatement(end int) {
	s.stmtStart = end
	s.sqlClear()
	s.sqlLine = 0
	s.groups = 0
	s.depth = 0
	// the next statement's first raw byte: on this line unless end is the next line's start
	if end >= s.lineNext {
		s.rawLine = s.lineNo + 1
	} else {
		s.rawLine = s.lineNo
	}
}

// The statement text is kept as a span of the read buffer for as long as it is one
// contiguous run of the input (the common case: a one-line INSERT), and copied only when
// an edit (a stripped comment, a dropped '\r') makes it differ.

func (s *Splitter) sqlLen() int {
	if s.alias {
		return s.aEnd - s.aStart
	}
	return len(s.sql)
}

func (s *Splitter) sqlBytes() []byte {
	if s.alias {
		return s.buf[s.aStart:s.aEnd]
	}
	return s.sql
}

func (s *Splitter) sqlClear() {
	s.alias = false
	s.sql = s.sql[:0]
	s.strs = s.strs[:0] // \c: the spans recorded so far index the text it drops
}

func (s *Splitter) materialize() {
	if s.alias {
		s.sql = append(s.sql[:0], s.buf[s.aStart:s.aEnd]...)
		s.alias = false
	}
}

// sqlAppend appends buf[i:j].
func (s *Splitter) sqlAppend(i, j int) {
	if j <= i {
		return
	}
	switch {
	case s.alias && i == s.aEnd:
		s.aEnd = j
		return
	case !s.alias && len(s.sql) == 0:
		s.alias, s.aStart, s.aEnd = true, i, j
		return
	}
	s.materialize()
	s.sql = append(s.sql, s.buf[i:j]...)
}

// sqlAppendByte appends c, which is buf[at] when at >= 0.
func (s *Splitter) sqlAppendByte(c byte, at int) {
	if s.alias && at == s.aEnd && at < s.n && s.buf[at] == c {
		s.aEnd++
		return
	}
	s.materialize()
	s.sql = append(s.sql, c)
}

const (
	swarLo = 0x0101010101010101
	swarHi = 0x8080808080808080
)

// scanNormal is the hot loop outside strings and comments: it skips ordinary bytes,
// counts top-level parentheses and runs through string literals, and returns at the first
// byte that needs the general rules (or at the end of the line).
func (s *Splitter) scanNormal(b []byte, i, end int) int {
	t := &s.tabNormal
	for {
		for i+4 <= end && !t[b[i]] && !t[b[i+1]] && !t[b[i+2]] && !t[b[i+3]] {
			i += 4
		}
		for i < end && !t[b[i]] {
			i++
		}
		if i >= end {
			return i
		}
		c := b[i]
		switch c {
		case '(':
			s.depth++
		case ')':
			s.depth--
			if s.depth == 0 {
				s.groups++
			}
		case '\'', '"', '`':
			s.inString = c
			s.strStart, s.strLine = s.base+int64(i), s.lineNo
			i = s.scanString(b, i+1, end)
			continue
		default:
			return i
		}
		i++
	}
}

// scanString runs to the end of the open string literal or quoted identifier and returns
// the index after its closing quote, or where it stopped at or just past end (b[end:] is
// lookahead only).
func (s *Splitter) scanString(b []byte, i, end int) int {
	q := s.inString
	if !s.mb.Multibyte() {
		esc := s.backslashEscapes(q)
		mq := uint64(q) * swarLo
		const mb = uint64('\\') * swarLo
		for {
			if esc {
				// To the next quote or backslash: the first sixteen bytes eight at a time (a
				// zero byte in v^x marks an x, and the lowest flagged byte is exact: borrows
				// only run upwards), which ends most short values without a call; the rest of
				// a longer one sixteen bytes a step (bytescan).
				stop := min(i+16, end)
				for i+8 <= stop {
					v := binary.LittleEndian.Uint64(b[i:])
					vq, vb := v^mq, v^mb
					if m := ((vq - swarLo) &^ vq & swarHi) | ((vb - swarLo) &^ vb & swarHi); m != 0 {
						i += bits.TrailingZeros64(m) / 8
						goto found
					}
					i += 8
				}
				if i+8 <= end {
					if k := bytescan.IndexQuoteOrBackslash(b[i:end], q); k >= 0 {
						i += k
					} else {
						i = end
					}
					goto found
				}
				for i < end && b[i] != q && b[i] != '\\' {
					i++
				}
			found:
			} else if k := bytes.IndexByte(b[i:end], q); k >= 0 {
				i += k
			} else {
				i = end
			}
			if i >= end {
				return i // past end only by an escape pair or a character begun before it
			}
			if b[i] == q {
				s.inString = 0
				s.spanEnd(i + 1)
				return i + 1
			}
			if i+1 >= len(b) {
				return s.dropLineEndBackslash(b, i)
			}
			i += 2
		}
	}
	t := s.stringTable(q)
	for {
		for i < end && !t[b[i]] {
			i++
		}
		if i >= end {
			return i
		}
		switch c := b[i]; {
		case c == q:
			s.inString = 0
			s.spanEnd(i + 1)
			return i + 1
		case c == '\\':
			if i+1 >= len(b) {
				return s.dropLineEndBackslash(b, i)
			}
			i += 2
		default: // multibyte lead
			if l := s.mb.CharLen(b[i:]); l > 1 {
				i += l
			} else {
				i++
			}
		}
	}
}

// spanEnd records the quoted run that began at s.strStart and ends before buf index end
// (the row reader jumps over it) when it is on one line, so that its bytes are the SQL's
// as they are (a run over lines may have lost a '\r' or a backslash), while the spans
// take at most a sixteenth of the read buffer's size at the statement's start: a
// statement of many short strings costs no more memory than that.
func (s *Splitter) spanEnd(end int) {
	if s.strLine == s.lineNo && len(s.strs) < s.strsMax {
		e := s.sqlLen() + end - s.pend
		s.strs = append(s.strs, uint32(e-int(s.base+int64(end)-s.strStart)), uint32(e))
	}
}

// dropLineEndBackslash: readline's view of a backslash that ends a line is that it is not
// there; the client drops it.
func (s *Splitter) dropLineEndBackslash(b []byte, i int) int {
	s.appendRun(i)
	s.pend = len(b)
	return len(b)
}

// space is the client's my_isspace(charset_info, c): ASCII whitespace, and in latin1 also
// NO-BREAK SPACE (0xA0), which the client then skips before a statement and trims after it.
func (s *Splitter) space(c byte) bool {
	return sqlscan.IsSpace(c) || (c == 0xA0 && s.mb.Latin1)
}
