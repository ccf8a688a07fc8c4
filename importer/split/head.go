package split

import (
	"bytes"
	"strings"
)

// Head is a statement's first 200 bytes on one line (runs of white space as one
// space, invalid UTF-8 as ?): how errors and findings quote it.
func Head(q []byte) string {
	const n = 200
	if len(q) > n {
		q = q[:n]
	}
	return strings.Join(strings.Fields(string(bytes.ToValidUTF8(q, []byte("?")))), " ")
}
