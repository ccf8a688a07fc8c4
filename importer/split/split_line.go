package split

import (
	"bytes"

	"github.com/dumpscope/dumpscope/importer/sqlscan"
)

// lineFastPath lets Next take continueLine; tests turn it off to hold the fast path to
// endLine and startLine.
var lineFastPath = true

// continueLine is endLine followed by startLine for the usual line of a row insert (gen,
// mydumper: a row a line): the statement so far is one span of the buffer that this line
// extends, the line ends in a bare "\n", and the next line is whole in the buffer and
// known free of NUL. Then no line-level rule applies (the statement is not empty, so a
// blank line or a client command is not one), and the line's end and the next line's
// start are a few assignments: endLine, startLine and locateLine's checks cost about 200
// instructions a line, a third of the splitter on such a dump. It returns false, having
// changed nothing, when any of that does not hold; the caller then takes endLine.
func (s *Splitter) continueLine() bool {
	i := s.lineEnd
	if !s.alias || s.pend != s.aEnd || s.pendSpace || s.mlComment || s.opt.KeepComments ||
		s.rdErr != nil || i >= s.n || s.buf[i] != '\n' {
		return false
	}
	if run := s.buf[s.pend:i]; len(run) >= 9 && sqlscan.EqualFoldASCII(run[:9], "delimiter") {
		return false // endLine's delimiter rule
	}
	next := i + 1
	k := bytes.IndexByte(s.buf[next:s.n], '\n')
	if k < 0 {
		return false
	}
	idx := next + k
	if !s.opt.BinaryMode && s.nulFree < idx+1 {
		return false // locateLine searches for (and reports) a NUL
	}
	// endLine: the line and its "\n" join the statement's span.
	s.aEnd = next
	// startLine and locateLine for the next line.
	s.lineStart, s.scan, s.pend = next, next, next
	s.lineNext, s.lineEnd, s.lineComplete = idx+1, idx, true
	if idx > next && s.buf[idx-1] == '\r' {
		s.lineEnd--
	}
	s.nulTo = next
	if !s.opt.BinaryMode {
		s.nulTo = s.lineNext
	}
	s.lineNo++
	s.inLine = true
	s.pendSpace, s.needSpace, s.ssComment = false, false, false
	return true
}
