package replay

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestLocalInfileNames: the file a LOAD DATA LOCAL statement names, as the server asks
// for it, and a refusal for anything whose file this scan cannot be sure of.
func TestLocalInfileNames(t *testing.T) {
	tests := []struct {
		q    string
		want []string // nil: refused
	}{
		{`LOAD DATA LOCAL INFILE '/tmp/a.csv' INTO TABLE t`, []string{"/tmp/a.csv"}},
		{"load data\n low_priority local infile \"/tmp/a b.csv\" into table t", []string{"/tmp/a b.csv"}},
		{`LOAD XML CONCURRENT LOCAL INFILE 'x.xml' INTO TABLE t`, []string{"x.xml"}},
		{`LOAD DATA LOCAL INFILE 'it''s.csv' INTO TABLE t`, []string{"it's.csv"}},
		{`LOAD DATA LOCAL INFILE 'a\\b\n.csv' INTO TABLE t`, []string{"a\\b\n.csv", `a\\b\n.csv`}},
		{`LOAD DATA LOCAL INFILE /*!99999 '/tmp/a.csv' */ '/etc/shadow' INTO TABLE t`, nil},
		{`LOAD DATA /*!50000 LOCAL */ INFILE '/tmp/a.csv' INTO TABLE t`, nil},
		{`LOAD DATA LOCAL INFILE 'Reader::rows' INTO TABLE t`, nil},
		{`LOAD DATA LOCAL INFILE @f INTO TABLE t`, nil},
		{`LOAD DATA LOCAL INFILE '/tmp/a.csv`, nil},
	}
	for _, tt := range tests {
		got, err := localInfileNames([]byte(tt.q))
		if tt.want == nil {
			if err == nil {
				t.Errorf("%s: names %q, want a refusal", tt.q, got)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", tt.q, err)
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tt.q, diff)
		}
	}
}

// TestAllowLocalFilesCounts: a file two running statements name stays allowed until the
// second ends.
func TestAllowLocalFilesCounts(t *testing.T) {
	r1 := allowLocalFiles([]string{"/x"})
	r2 := allowLocalFiles([]string{"/x"})
	r1()
	localFiles.Lock()
	n := localFiles.n["/x"]
	localFiles.Unlock()
	if n != 1 {
		t.Errorf("after one release: count %d, want 1", n)
	}
	r2()
	if _, ok := localFiles.n["/x"]; ok {
		t.Error("still counted after both releases")
	}
}
