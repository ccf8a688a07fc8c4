package split

import (
	"bufio"
	"bytes"
	"context"
	"database/sql"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	_ "github.com/go-sql-driver/mysql"
	"github.com/google/go-cmp/cmp"

	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// clientCase is one file of the differential corpus: what the mariadb client is run with
// and the matching splitter options.
type clientCase struct {
	file       string
	clientArgs []string
	opt        SplitOptions
}

func differentialCorpus(t *testing.T) []clientCase {
	cases := []clientCase{
		{file: "testdata/split/comments.sql"},
		{file: "testdata/split/routines.sql"},
		{file: "testdata/split/crlf.sql"},
		{file: "testdata/split/bom.sql"},
		{file: "testdata/split/client.sql"},
		{file: "testdata/split/modes.sql"},
		{file: "testdata/split/backslash-eol.sql"},
		{file: "testdata/split/latin1.sql"},
		{file: "testdata/split/latin1.sql", clientArgs: []string{"--default-character-set=latin1"}, opt: SplitOptions{Charset: "latin1"}},
		{file: "testdata/split/binary.sql"},
		{file: "testdata/split/nul.sql", clientArgs: []string{"--binary-mode"}, opt: SplitOptions{BinaryMode: true}},
		{file: "testdata/split/client.sql", clientArgs: []string{"--binary-mode"}, opt: SplitOptions{BinaryMode: true}},
		{file: "testdata/split/gbk.sql", clientArgs: []string{"--default-character-set=gbk"}, opt: SplitOptions{Charset: "gbk"}},
		{file: "testdata/split/sjis.sql", clientArgs: []string{"--default-character-set=sjis"}, opt: SplitOptions{Charset: "sjis"}},
		{file: "testdata/split/big5.sql", clientArgs: []string{"--default-character-set=big5"}, opt: SplitOptions{Charset: "big5"}},
		{file: "testdata/split/comments.sql", clientArgs: []string{"--comments"}, opt: SplitOptions{KeepComments: true}},
		{file: "testdata/split/routines.sql", clientArgs: []string{"--comments"}, opt: SplitOptions{KeepComments: true}},
	}
	sakila := "../../../shared/testdata/sakila"
	for _, f := range []string{"sakila-mv-schema.sql", "sakila-mv-data.sql", "sakila-mariadb-dump.sql"} {
		p := filepath.Join(sakila, f)
		if _, err := os.Stat(p); err != nil {
			t.Logf("skipping %s: %v", p, err)
			continue
		}
		cases = append(cases, clientCase{file: p},
			clientCase{file: p, clientArgs: []string{"--comments"}, opt: SplitOptions{KeepComments: true}})
	}
	return cases
}

// TestSplitMatchesClient is the differential proof: the same file goes through the real
// `mariadb` client and through the splitter; the commands the client sent to the server
// must equal, byte for byte and in order, what the splitter yields.
//
// The client talks to a real server through a recording proxy on a unix socket that
// decodes the client→server packets: COM_QUERY text and COM_INIT_DB names exactly as sent.
// (The server's general log would do for most of it, but it also records the statements
// that triggers and stored routines execute, and converts non-UTF-8 text.)
//
// Filter rule for the client's own traffic: the handshake, COM_QUIT and the
// "SELECT DATABASE()" that com_use() sends before COM_INIT_DB are dropped; everything else
// is kept. COM_INIT_DB x must match a USE statement with Arg x. The splitter follows
// splitter is driven the way the replayer drives it: every SET runs on a session of the same
// server, and after one that touches sql_mode the splitter is told the session's
// NO_BACKSLASH_ESCAPES and ANSI_QUOTES, read back from @@session.sql_mode.
func TestSplitMatchesClient(t *testing.T) {
	client := testsandbox.RequireTool(t, "mariadb")
	srv := testsandbox.Start(t)
	db, err := sql.Open("mysql", srv.DSN(""))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	dir, err := os.MkdirTemp("", "dsp-")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(dir)
	total := 0
	for i, c := range differentialCorpus(t) {
		name := fmt.Sprintf("%02d_%s%s", i, filepath.Base(c.file), strings.Join(c.clientArgs, ""))
		t.Run(name, func(t *testing.T) {
			want := clientQueries(t, client, srv.Socket, filepath.Join(dir, fmt.Sprintf("p%02d.sock", i)), c)
			ctx := context.Background()
			conn, err := db.Conn(ctx)
			if err != nil {
				t.Fatal(err)
			}
			defer conn.Close()
			got, err := splitterQueries(c.file, c.opt, conn)
			if err != nil {
				t.Fatalf("split %s: %v", c.file, err)
			}
			if len(want) == 0 {
				t.Fatalf("the client sent nothing for %s", c.file)
			}
			if d := cmp.Diff(want, got); d != "" {
				t.Errorf("%s: client (-) vs splitter (+):\n%s", c.file, d)
				return
			}
			total += len(want)
			t.Logf("%s: %d commands identical", c.file, len(want))
		})
	}
	t.Logf("%d commands identical in all", total)
}

// clientQueries runs the file through the client, via a recording proxy, and returns the
// commands it sent.
func clientQueries(t *testing.T, client, serverSocket, proxySocket string, c clientCase) []string {
	t.Helper()
	ln, err := net.Listen("unix", proxySocket)
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	recorded := make(chan []string, 1)
	go func() {
		conn, err := ln.Accept()
		if err != nil {
			recorded <- nil
			return
		}
		recorded <- proxyAndRecord(conn, serverSocket)
	}()
	in, err := os.Open(c.file)
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	args := append([]string{"--no-defaults", "--user=root", "--socket=" + proxySocket, "--force"}, c.clientArgs...)
	cmd := exec.CommandContext(ctx, client, args...)
	cmd.Stdin = in
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	_ = cmd.Run() // SQL errors are expected in places (--force); what was sent is what counts
	ln.Close()    // a client that never connected must not leave Accept waiting
	if stderr.Len() > 0 {
		t.Logf("client stderr: %s", firstLines(stderr.String(), 4))
	}
	var out []string
	for _, q := range <-recorded {
		if q == "Query\tSELECT DATABASE()" {
			continue
		}
		out = append(out, q)
	}
	return out
}

// proxyAndRecord forwards one client connection to the server and returns the commands
// the client sent: "Query\t<text>" for COM_QUERY, "Init DB\t<name>" for COM_INIT_DB.
func proxyAndRecord(client net.Conn, serverSocket string) []string {
	defer client.Close()
	server, err := net.Dial("unix", serverSocket)
	if err != nil {
		return nil
	}
	defer server.Close()
	go func() {
		_, _ = io.Copy(client, server)
		client.Close()
	}()
	var out []string
	r := bufio.NewReaderSize(io.TeeReader(client, server), 1<<16)
	var payload []byte
	for {
		var hdr [4]byte
		if _, err := io.ReadFull(r, hdr[:]); err != nil {
			return out
		}
		n := int(hdr[0]) | int(hdr[1])<<8 | int(hdr[2])<<16
		seq := hdr[3]
		buf := make([]byte, n)
		if _, err := io.ReadFull(r, buf); err != nil {
			return out
		}
		if seq == 0 {
			payload = payload[:0]
		}
		payload = append(payload, buf...)
		if n == 0xFFFFFF { // the command continues in the next packet
			continue
		}
		if seq != 0 && len(payload) == len(buf) {
			continue // handshake / authentication
		}
		if len(payload) == 0 {
			continue
		}
		switch payload[0] {
		case 0x03:
			out = append(out, "Query\t"+string(payload[1:]))
		case 0x02:
			out = append(out, "Init DB\t"+string(payload[1:]))
		case 0x01: // COM_QUIT
		default:
			out = append(out, fmt.Sprintf("Command 0x%02x\t%q", payload[0], payload[1:]))
		}
	}
}

func firstLines(s string, n int) string {
	lines := strings.SplitN(s, "\n", n+1)
	if len(lines) > n {
		lines = lines[:n]
	}
	return strings.Join(lines, " | ")
}

// splitterQueries returns what a replayer would send for the file, in the proxy's terms.
// With a session, SET statements run on it and sql_mode is read back after each one that
// touches it, as the replayer does; without one the splitter tracks sql_mode itself.
func splitterQueries(path string, opt SplitOptions, session *sql.Conn) ([]string, error) {
	if session == nil {
		opt.TrackSQLMode = true
	}
	opt.Force = true // the client runs with --force (clientQueries)
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []string
	sp := NewSplitter(f, opt)
	for sp.Next() {
		st := sp.Statement()
		switch {
		case st.Kind == KindSession && st.Verb == "USE" && st.Arg != "":
			// the client's use command: COM_INIT_DB (a USE the client does not treat as
			// its command, e.g. under --binary-mode, has no Arg and goes as a query)
			out = append(out, "Init DB\t"+st.Arg)
		case len(st.SQL) > 0:
			out = append(out, "Query\t"+string(st.SQL))
		}
		if session != nil && st.Kind == KindSession && st.Verb == "SET" {
			ctx := context.Background()
			_, _ = session.ExecContext(ctx, string(st.SQL)) // errors as under --force
			if TouchesSQLMode(st) {
				var mode string
				if err := session.QueryRowContext(ctx, "SELECT @@session.sql_mode").Scan(&mode); err != nil {
					return nil, err
				}
				m := parseSQLMode(mode)
				sp.SetNoBackslashEscapes(m.nbe)
				sp.SetANSIQuotes(m.ansi)
			}
		}
	}
	return out, sp.Err()
}

// TestSplitMatchesClientOnMariadbDump runs the differential check on what mariadb-dump
// itself writes: a database of tricky values, routines, a trigger, a view and an event
// (testdata/split/tricky-source.sql) is dumped in mariadb-dump's default, extended-insert
// off, hex-blob and gbk forms, and each dump goes through the client and the splitter.
func TestSplitMatchesClientOnMariadbDump(t *testing.T) {
	client := testsandbox.RequireTool(t, "mariadb")
	dumper := testsandbox.RequireTool(t, "mariadb-dump")
	srv := testsandbox.Start(t, "max_allowed_packet=64M")
	db, err := sql.Open("mysql", srv.DSN(""))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	dir, err := os.MkdirTemp("", "dsd-")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(dir)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()

	variants := []struct {
		name      string
		dumpArgs  []string
		clientArg []string
		opt       SplitOptions
	}{
		{name: "default"},
		{name: "skip-extended-insert", dumpArgs: []string{"--skip-extended-insert"}},
		{name: "hex-blob", dumpArgs: []string{"--hex-blob"}},
		{name: "comments", clientArg: []string{"--comments"}, opt: SplitOptions{KeepComments: true}},
		{name: "gbk", dumpArgs: []string{"--default-character-set=gbk"}, clientArg: []string{"--default-character-set=gbk"}, opt: SplitOptions{Charset: "gbk"}},
		// The splitter starts in utf8mb4 and must pick gbk up from the dump's
		// /*!40101 SET NAMES gbk */ (the client needs --default-character-set=gbk for that).
		{name: "gbk-followed", dumpArgs: []string{"--default-character-set=gbk"}, clientArg: []string{"--default-character-set=gbk"}},
		{name: "sjis-followed", dumpArgs: []string{"--default-character-set=sjis", "--skip-extended-insert"}, clientArg: []string{"--default-character-set=sjis"}},
		{name: "big5-followed", dumpArgs: []string{"--default-character-set=big5"}, clientArg: []string{"--default-character-set=big5"}},
	}
	for i, v := range variants {
		t.Run(v.name, func(t *testing.T) {
			// Each variant's replay rewrites the database (a sjis dump cannot hold every
			// character), so each dump starts from the source.
			load := exec.CommandContext(ctx, client, append(srv.ClientArgs(), "--max-allowed-packet=64M", "--default-character-set=utf8mb4")...)
			src, err := os.Open("testdata/split/tricky-source.sql")
			if err != nil {
				t.Fatal(err)
			}
			defer src.Close()
			load.Stdin = src
			if out, err := load.CombinedOutput(); err != nil {
				t.Fatalf("load the source database: %v: %s", err, out)
			}
			dump := filepath.Join(dir, v.name+".sql")
			args := append(append(append([]string{}, srv.ClientArgs()...), "--routines", "--triggers", "--events", "--skip-dump-date", "--databases", "tricky"), v.dumpArgs...)
			cmd := exec.CommandContext(ctx, dumper, args...)
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			out, err := cmd.Output()
			if err != nil {
				t.Fatalf("mariadb-dump %v: %v: %s", v.dumpArgs, err, stderr.String())
			}
			second5C := map[string]string{"gbk": "\x81\\", "sjis": "\x97\\", "big5": "\xa4\\"}
			for cs, ch := range second5C {
				if strings.HasPrefix(v.name, cs) && !bytes.Contains(out, []byte(ch)) {
					t.Fatalf("the %s dump holds no character whose second byte is 0x5C", cs)
				}
			}
			if err := os.WriteFile(dump, out, 0o644); err != nil {
				t.Fatal(err)
			}
			c := clientCase{file: dump, clientArgs: append([]string{"--max-allowed-packet=64M"}, v.clientArg...), opt: v.opt}
			want := clientQueries(t, client, srv.Socket, filepath.Join(dir, fmt.Sprintf("p%02d.sock", i)), c)
			conn, err := db.Conn(ctx)
			if err != nil {
				t.Fatal(err)
			}
			defer conn.Close()
			got, err := splitterQueries(dump, v.opt, conn)
			if err != nil {
				t.Fatalf("split: %v", err)
			}
			if len(want) < 20 {
				t.Fatalf("the client sent only %d commands", len(want))
			}
			if d := cmp.Diff(want, got); d != "" {
				t.Errorf("%s: client (-) vs splitter (+):\n%s", v.name, d)
				return
			}
			t.Logf("%s (%d bytes): %d commands identical", v.name, len(out), len(want))
		})
	}
}

// clientCommandCases are the client's own commands with unusual arguments: what get_arg()
// makes of quotes, backticks, backslashes and trailing text, for each command that takes
// one (issue 22, item 21). Each case runs alone, after databases with awkward names exist.
var clientCommandCases = []struct{ name, in string }{
	{"use backtick inside, no semicolon", "use a`b\n"},
	{"short use backtick inside", "\\u a`b\n"},
	{"use quoted doubled backtick", "use `a``b`\n"},
	{"use quoted doubled backtick, semicolon", "use `a``b`;\n"},
	{"use trailing text", "use test trailing words\n"},
	{"use trailing text, semicolon", "use test trailing;\n"},
	{"use single quotes", "use 'a b'\n"},
	{"use double quotes", "use \"a b\";\n"},
	{"use backslash escape", "use a\\`b\n"},
	{"use backslash in backticks", "use `a\\b`\n"},
	{"use quoted with trailing", "use `a b` x;\n"},
	{"use tab separated", "use\ttest\n"},
	{"USE upper, leading spaces", "   USE test ;\n"},
	{"use empty", "use\n"},
	{"use only semicolon", "use ;\n"},
	{"short use no space", "\\utest\n"},
	{"short use quoted", "\\u `a``b`\n"},
	{"use with comment", "use test -- comment\n"},
	{"use with hash", "use test # c\n"},
	{"delimiter quoted", "delimiter '//'\nSELECT 1//\ndelimiter ;\n"},
	{"delimiter backtick", "delimiter `;;`\nSELECT 1;;\ndelimiter ;\n"},
	{"delimiter with trailing", "delimiter $$ trailing\nSELECT 1$$\ndelimiter ;\n"},
	{"delimiter with backslash", "delimiter \\\\\nSELECT 1;\n"},
	{"short delimiter", "\\d //\nSELECT 1//\n\\d ;\nSELECT 2;\n"},
	{"DELIMITER upper, semicolon kept", "DELIMITER ;;\nSELECT 1;;\nDELIMITER ;\n"},
	{"delimiter long", "delimiter abcdefghijklmnopqrstuvwxyz\nSELECT 1abcdefghijklmno\ndelimiter ;\n"},
	{"delimiter quoted with a space", "delimiter 'a b'\nSELECT 1a b\ndelimiter ;\n"},
	{"delimiter double-quoted", "delimiter \"$$\"\nSELECT 1$$\ndelimiter ;\n"},
	{"delimiter tab", "delimiter\t//\nSELECT 1//\ndelimiter ;\n"},
	{"delimiter empty", "delimiter\nSELECT 1;\n"},
	{"use then statement on the line", "use test; SELECT 1;\n"},
	{"short use quoted trailing", "\\u 'a b' more\nSELECT 1;\n"},
	{"short use backslash", "\\u a\\`b\nSELECT 1;\n"},
	{"short use backslash in backticks", "\\u `a\\b`\nSELECT 1;\n"},
	{"short use doubled backtick", "\\u `a``b` x\nSELECT 1;\n"},
	{"short use tab", "\\u\ttest\nSELECT 1;\n"},
	{"use doubled quote in single quotes", "use 'a''b'\nSELECT 1;\n"},
	{"charset plain", "charset latin1\nSELECT 'é';\n"},
	{"charset quoted", "charset 'latin1'\nSELECT 1;\n"},
	{"charset trailing", "charset utf8mb4 x;\nSELECT 1;\n"},
	{"short charset", "\\C latin1\nSELECT 1;\n"},
	{"charset semicolon", "charset latin1;\nSELECT 1;\n"},
	{"charset upper case", "charset LATIN1\nSELECT 1;\n"},
	{"charset alias", "charset utf8\nSELECT 1;\n"},
	{"charset unknown", "charset nosuch\nSELECT 1;\n"},
	{"charset empty", "charset\nSELECT 1;\n"},
	{"short charset upper", "\\C GBK\nSELECT 1;\n"},
	{"charset gb18030", "charset gb18030\nSELECT 1;\n"},
	{"charset ucs2", "charset ucs2\nSELECT 1;\n"},
	{"charset utf32", "\\C utf32\nSELECT 1;\n"},
	{"charset binary", "charset binary\nSELECT 1;\n"},
	{"charset utf8mb3", "charset utf8mb3\nSELECT 1;\n"},
	{"charset quoted upper", "charset \"UTF8MB4\" x\nSELECT 1;\n"},
}

// TestClientCommandArgsMatchClient: for each case the commands the real client sends equal
// what the splitter yields (see TestSplitMatchesClient for the recording).
func TestClientCommandArgsMatchClient(t *testing.T) {
	client := testsandbox.RequireTool(t, "mariadb")
	srv := testsandbox.Start(t)
	db, err := sql.Open("mysql", srv.DSN(""))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for _, q := range []string{"CREATE DATABASE `a``b`", "CREATE DATABASE `a b`", "CREATE DATABASE `a\\b`", "CREATE DATABASE test"} {
		if _, err := db.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	dir, err := os.MkdirTemp("", "dsc-")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(dir)
	for i, tc := range clientCommandCases {
		t.Run(tc.name, func(t *testing.T) {
			file := filepath.Join(dir, fmt.Sprintf("c%02d.sql", i))
			if err := os.WriteFile(file, []byte(tc.in+"SELECT DATABASE() AS end;\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			c := clientCase{file: file}
			want := clientQueries(t, client, srv.Socket, filepath.Join(dir, fmt.Sprintf("p%02d.sock", i)), c)
			conn, err := db.Conn(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			defer conn.Close()
			got, err := splitterQueries(file, c.opt, conn)
			if err != nil {
				got = append(got, "error: "+err.Error())
			}
			if d := cmp.Diff(want, got); d != "" {
				t.Errorf("%q: client (-) vs splitter (+):\n%s", tc.in, d)
			}
		})
	}
}
