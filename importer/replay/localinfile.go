package replay

import (
	"errors"
	"strings"
	"sync"

	"github.com/go-sql-driver/mysql"

	"github.com/dumpscope/dumpscope/importer/sqlscan"
)

// The dump's own LOAD DATA LOCAL INFILE statements (--local-infile).
//
// The server answers LOAD DATA LOCAL with the name of the file it wants, and the driver
// sends that file if it is registered (mysql.RegisterLocalFile) or if the configuration's
// AllowAllFiles is set. With AllowAllFiles the server, or anyone in the middle of an
// unverified TLS session (the default), could ask in answer to any statement for any file
// the client can read: ~/.ssh/id_ed25519, ~/.my.cnf. So dumpscope never sets it, and
// allows, while such a statement runs, only the file the statement names (issue 22).
// --load-data's streams are Reader:: handlers (loaddata.go), which this does not touch.

// errLocalInfileName is why a LOAD DATA LOCAL statement is refused when the file it reads
// cannot be told from its text.
var errLocalInfileName = errors.New("cannot tell which file this LOAD DATA LOCAL INFILE reads: write it as LOAD DATA [LOW_PRIORITY|CONCURRENT] LOCAL INFILE 'file' …, without comments before the file name")

// localInfileNames returns the file a LOAD DATA|XML LOCAL INFILE statement names, as the
// server will ask for it. A name with a backslash is returned both with the backslash
// escapes applied and without (NO_BACKSLASH_ESCAPES), since the session's sql_mode
// decides which one the server reads; both are names the statement spells. Anything but
// whitespace between the keywords and the name (an executable comment could hide a name
// from this scan and show another one to the server) is errLocalInfileName, as is a
// Reader:: name, which would reach dumpscope's own --load-data streams.
func localInfileNames(q []byte) ([]string, error) {
	i := 0
	word := func() string {
		for i < len(q) && sqlscan.IsSpace(q[i]) {
			i++
		}
		start := i
		for i < len(q) && sqlscan.IsWordByte(q[i]) {
			i++
		}
		return strings.ToUpper(string(q[start:i]))
	}
	if word() != "LOAD" {
		return nil, errLocalInfileName
	}
	if w := word(); w != "DATA" && w != "XML" {
		return nil, errLocalInfileName
	}
	w := word()
	if w == "LOW_PRIORITY" || w == "CONCURRENT" {
		w = word()
	}
	if w != "LOCAL" || word() != "INFILE" {
		return nil, errLocalInfileName
	}
	for i < len(q) && sqlscan.IsSpace(q[i]) {
		i++
	}
	var names []string
	for _, backslash := range []bool{true, false} {
		name, ok := sqlscan.StringLiteral(q[i:], backslash, sqlscan.Charset{})
		if !ok {
			continue
		}
		if strings.Contains(name, "Reader::") {
			return nil, errLocalInfileName
		}
		if len(names) == 0 || names[0] != name {
			names = append(names, name)
		}
	}
	if len(names) == 0 {
		return nil, errLocalInfileName
	}
	return names, nil
}

// localFiles counts, per name, the statements running that allow it: two connections
// may run statements naming the same file, and the first to finish must not withdraw it
// from the other.
var localFiles = struct {
	sync.Mutex
	n map[string]int
}{n: map[string]int{}}

// allowLocalFiles registers names with the driver for one statement; the function it
// returns withdraws them.
func allowLocalFiles(names []string) (release func()) {
	localFiles.Lock()
	for _, n := range names {
		if localFiles.n[n] == 0 {
			mysql.RegisterLocalFile(n)
		}
		localFiles.n[n]++
	}
	localFiles.Unlock()
	return func() {
		localFiles.Lock()
		for _, n := range names {
			if localFiles.n[n]--; localFiles.n[n] == 0 {
				delete(localFiles.n, n)
				mysql.DeregisterLocalFile(n)
			}
		}
		localFiles.Unlock()
	}
}

// isLoadDataLocal reports whether q is LOAD DATA … LOCAL INFILE (LOAD XML too). Only the
// leading words are looked at: this runs on every statement, including 1 MB INSERTs.
func isLoadDataLocal(q []byte) bool {
	if len(q) < 4 || q[0]|0x20 != 'l' && q[0] != '/' && q[0] != ' ' {
		return false
	}
	w := sqlscan.DDLWords(q, 6, sqlscan.Syntax{})
	if len(w) < 3 || !strings.EqualFold(w[0], "LOAD") {
		return false
	}
	for _, x := range w[1:] {
		if strings.EqualFold(x, "LOCAL") {
			return true
		}
		if strings.EqualFold(x, "INFILE") {
			return false
		}
	}
	return false
}
