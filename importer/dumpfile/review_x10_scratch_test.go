package dumpfile

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/klauspost/compress/flate"
)

// x10Member is a gzip member of data with the given flags' fields.
func x10Member(data []byte, name, comment string, extra []byte, hcrc bool) []byte {
	var b bytes.Buffer
	flg := byte(0)
	if extra != nil {
		flg |= 4
	}
	if name != "" {
		flg |= 8
	}
	if comment != "" {
		flg |= 16
	}
	if hcrc {
		flg |= 2
	}
	b.Write([]byte{0x1f, 0x8b, 8, flg, 0, 0, 0, 0, 0, 3})
	if extra != nil {
		binary.Write(&b, binary.LittleEndian, uint16(len(extra)))
		b.Write(extra)
	}
	if name != "" {
		b.WriteString(name)
		b.WriteByte(0)
	}
	if comment != "" {
		b.WriteString(comment)
		b.WriteByte(0)
	}
	if hcrc {
		binary.Write(&b, binary.LittleEndian, uint16(crc32.ChecksumIEEE(b.Bytes())))
	}
	fw, _ := flate.NewWriter(&b, 6)
	fw.Write(data)
	fw.Close()
	binary.Write(&b, binary.LittleEndian, crc32.ChecksumIEEE(data))
	binary.Write(&b, binary.LittleEndian, uint32(len(data)))
	return b.Bytes()
}

func TestReviewX10ScratchGzipFlips(t *testing.T) {
	if os.Getenv("X10_FUZZ") == "" {
		t.Skip()
	}
	r := rand.New(rand.NewPCG(1, uint64(len(os.Getenv("X10_FUZZ")))))
	dir := t.TempDir()
	inflaters := []string{""}
	if GzipInflater() == InflateISAL {
		inflaters = append(inflaters, "go")
	}
	n := 0
	for iter := 0; iter < 4000; iter++ {
		var file []byte
		members := 1 + r.IntN(3)
		for m := 0; m < members; m++ {
			var data []byte
			if r.IntN(4) > 0 {
				data = []byte(fmt.Sprintf("INSERT INTO t VALUES (%d,'%x');\n", iter, r.Uint64()))
				data = bytes.Repeat(data, 1+r.IntN(50))
			}
			var extra []byte
			if r.IntN(3) == 0 {
				extra = make([]byte, r.IntN(40))
			}
			name, comment := "", ""
			if r.IntN(2) == 0 {
				name = "dump.sql"
			}
			if r.IntN(4) == 0 {
				comment = "c"
			}
			file = append(file, x10Member(data, name, comment, extra, r.IntN(3) == 0)...)
		}
		flips := 1 + r.IntN(2)
		for f := 0; f < flips; f++ {
			i := r.IntN(len(file))
			switch r.IntN(3) {
			case 0:
				file[i] ^= 1 << r.IntN(8)
			case 1:
				file[i] = byte(r.IntN(256))
			default:
				if i < len(file)-1 {
					file = append(file[:i:i], file[i+1:]...) // drop a byte
				}
			}
		}
		path := filepath.Join(dir, fmt.Sprintf("f%d.sql.gz", iter))
		os.WriteFile(path, file, 0o644)
		cmd := exec.Command("zcat", path)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		want, zerr := cmd.Output()
		for _, env := range inflaters {
			t.Setenv(inflateEnv, env)
			in, got, err := openAndRead(t, path)
			warn := ""
			if in != nil {
				warn = in.Warning()
			}
			if in != nil && in.Format != FormatGzip {
				continue
			}
			zOK := zerr == nil
			ok := err == nil && warn == ""
			if ok && (!zOK || !bytes.Equal(got, want)) || (!ok && zOK) || (err == nil && !bytes.Equal(got, want) && zerr != nil && bytes.Contains(stderr.Bytes(), []byte("trailing garbage"))) {
				n++
				if n < 15 {
					t.Errorf("iter %d %q: zcat %v %q (%d bytes); dumpscope err %v warn %q (%d bytes, equal %v)\n% x", iter, env, zerr, stderr.String(), len(want), err, warn, len(got), bytes.Equal(got, want), file[:min(len(file), 64)])
				}
				os.WriteFile(fmt.Sprintf("/tmp/x10gz/f%d.gz", iter), file, 0o644)
			}
		}
	}
	t.Logf("%d differences", n)
}
