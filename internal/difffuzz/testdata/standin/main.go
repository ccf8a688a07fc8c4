// Command standin stands in for `dumpscope import` in the fuzzer's own test: it pipes the
// script to the mariadb client, faithfully, except under --parallel, where it drops the
// last row of every one-line multi-row INSERT: the planted difference the fuzzer must
// find and shrink. Its errors read as dumpscope's ("line N: ERROR …"). With
// --standin-touch it first writes a row into the non-empty modes' unrelated database
// (the planted difference those modes must find).
package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"strings"
)

func main() {
	args := os.Args[1:]
	var socket, file string
	parallel, touch := false, false
	for i, a := range args {
		switch {
		case a == "--standin-touch":
			touch = true
		case a == "-S" && i+1 < len(args):
			socket = args[i+1]
		case a == "--parallel":
			parallel = true
		}
	}
	file = args[len(args)-1]
	data, err := os.ReadFile(file)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	if parallel {
		lines := bytes.Split(data, []byte("\n"))
		for i, l := range lines {
			if bytes.HasPrefix(l, []byte("INSERT INTO")) && bytes.HasSuffix(l, []byte(");")) {
				if j := bytes.LastIndex(l, []byte("),(")); j > 0 {
					lines[i] = append(l[:j+1:j+1], ';')
				}
			}
		}
		data = bytes.Join(lines, []byte("\n"))
	}
	if touch {
		data = append([]byte("INSERT INTO fz_read_ahead.k VALUES (9,'nine');"), data...) // on line 1: no line moves
	}
	cmd := exec.Command("mariadb", "--no-defaults", "--user=root", "--socket="+socket, "--default-character-set=utf8mb4")
	cmd.Stdin = bytes.NewReader(data)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err = cmd.Run()
	msg := regexp.MustCompile(`ERROR (\d+) \(([0-9A-Z]+)\) at line (\d+)`).ReplaceAllString(out.String(), "line $3: ERROR $1 ($2)")
	fmt.Fprint(os.Stderr, strings.TrimSpace(msg))
	if err != nil {
		os.Exit(1)
	}
}
