package importer

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/klauspost/compress/gzip"

	"github.com/dumpscope/dumpscope/importer/split"
	"github.com/dumpscope/dumpscope/importer/transform"
)

// TestSummarizeDumpTrailingGarbage: `dumpscope split` of a .gz with trailing garbage
// summarises the whole dump and says, once, what it ignored after it.
func TestSummarizeDumpTrailingGarbage(t *testing.T) {
	sql := "CREATE TABLE a (id INT);\nINSERT INTO a VALUES (1),(2);\n"
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	zw.Write([]byte(sql))
	zw.Close()
	b.WriteString("garbage\n")
	path := filepath.Join(t.TempDir(), "d.sql.gz")
	if err := os.WriteFile(path, b.Bytes(), 0o600); err != nil {
		t.Fatal(err)
	}
	sum, err := SummarizeDump(path, nil, transform.Options{}, "", split.SplitOptions{Charset: "utf8mb4"})
	if err != nil {
		t.Fatal(err)
	}
	var text strings.Builder
	sum.WriteText(&text)
	if sum.Rows != 2 || strings.Count(text.String(), "trailing garbage") != 1 || !strings.Contains(sum.InputWarning, path+": gzip input: the 8 bytes from compressed offset") {
		t.Errorf("rows %d, input warning %q, text:\n%s\nwant 2 rows and one warning line", sum.Rows, sum.InputWarning, text.String())
	}
}
