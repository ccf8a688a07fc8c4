// Command funclen lists the longest functions and files of the module, the measure the
// architecture issue uses: `go run ./scripts/funclen [-n 15]`. Test files are left out.
package main

import (
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

type entry struct {
	name  string
	lines int
}

func main() {
	n := flag.Int("n", 15, "how many of each to list")
	flag.Parse()
	var funcs, files []entry
	fset := token.NewFileSet()
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata") && path != "." {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		files = append(files, entry{path, fset.Position(f.End()).Line})
		for _, decl := range f.Decls {
			fd, ok := decl.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			name := fd.Name.Name
			if fd.Recv != nil && len(fd.Recv.List) > 0 {
				t := fd.Recv.List[0].Type
				if s, ok := t.(*ast.StarExpr); ok {
					t = s.X
				}
				if id, ok := t.(*ast.Ident); ok {
					name = id.Name + "." + name
				}
			}
			lines := fset.Position(fd.End()).Line - fset.Position(fd.Pos()).Line + 1
			funcs = append(funcs, entry{filepath.Dir(path) + " " + name, lines})
		}
		return nil
	})
	if err != nil {
		fmt.Fprintln(os.Stderr, "funclen:", err)
		os.Exit(1)
	}
	for _, list := range []struct {
		title string
		es    []entry
	}{{"functions", funcs}, {"files", files}} {
		sort.Slice(list.es, func(i, j int) bool { return list.es[i].lines > list.es[j].lines })
		fmt.Printf("longest %s:\n", list.title)
		for i, e := range list.es {
			if i == *n {
				break
			}
			fmt.Printf("  %5d  %s\n", e.lines, e.name)
		}
	}
}
