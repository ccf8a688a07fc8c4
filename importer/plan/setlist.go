package plan

import (
	"strings"

	"github.com/dumpscope/dumpscope/importer/sqlscan"
)

// charsetItem reads the rest of a NAMES or CHARACTER SET item of a SET list (word, the
// item's first word, lower case, already read), up to the comma or end after it, and
// returns the session variables the server sets for it: NAMES cs [COLLATE c] sets
// character_set_client, _connection and _results to cs (and collation_connection to c);
// CHARACTER SET cs (CHARSET cs) sets _client and _results to cs and _connection to the
// database's. DEFAULT is the server's default, read when the statement runs. ok is false
// for what is not such an item.
func charsetItem(l *sqlscan.Tokenizer, word string) (out []SetAssign, ok bool) {
	if word == "character" && !l.Next().Is("SET") {
		return nil, false
	}
	cs := l.Next()
	if cs.Kind != sqlscan.Word && cs.Kind != sqlscan.Quoted && cs.Kind != sqlscan.String {
		return nil, false
	}
	value := cs.Text
	if cs.Kind == sqlscan.Word {
		value = strings.ToLower(value)
		if cs.Is("DEFAULT") {
			value = "DEFAULT"
		}
	}
	conn := value
	if word != "names" {
		conn = "@@character_set_database" // every connection runs the dump's USE
	}
	for _, n := range []struct{ name, value string }{{"character_set_client", value}, {"character_set_connection", conn}, {"character_set_results", value}} {
		out = append(out, SetAssign{Name: n.name, Value: n.value, Constant: true})
	}
	if word == "names" {
		save := l.Pos
		if l.Next().Is("COLLATE") {
			c := l.Next()
			if c.Kind != sqlscan.Word && c.Kind != sqlscan.Quoted && c.Kind != sqlscan.String {
				return nil, false
			}
			out = append(out, SetAssign{Name: "collation_connection", Value: strings.ToLower(c.Text), Constant: true})
		} else {
			l.Pos = save
		}
	}
	return out, true
}
