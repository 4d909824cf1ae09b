package reference

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strings"
	"testing"
)

// seedFile reports the seeding surface: Load (load*.go), which writes a seeddata.Set across
// every domain and so is Store's own (docs/store.md, "Demo data").
func seedFile(name string) bool {
	return name == "load.go" || strings.HasPrefix(name, "load_")
}

// The layout of docs/store.md ("One type per domain"): outside store.go and the seed files no
// method is Store's own (each belongs to its domain's service), and only the ledger's file
// opens a booker itself, so every other domain that moves money goes through s.ledger.
func TestOneTypePerDomain(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") || seedFile(name) {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncDecl:
				if n.Recv == nil || name == "store.go" {
					break
				}
				if star, ok := n.Recv.List[0].Type.(*ast.StarExpr); ok {
					if id, ok := star.X.(*ast.Ident); ok && id.Name == "Store" {
						t.Errorf("%s: %s is a method of *Store; give it to its domain's service", fset.Position(n.Pos()), n.Name.Name)
					}
				}
			case *ast.CallExpr:
				if id, ok := n.Fun.(*ast.Ident); ok && id.Name == "newBooker" && name != "ledger.go" {
					t.Errorf("%s: newBooker outside the ledger; use s.ledger.booker", fset.Position(n.Pos()))
				}
			}
			return true
		})
	}
}

// The store holds no demo data: no file of the package (tests aside) imports reference/demo,
// which decides what the demo is; the store only writes the seeddata.Set it is handed.
func TestStoreDoesNotImportDemo(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range f.Imports {
			if imp.Path.Value == `"portal/reference/demo"` {
				t.Errorf("%s imports portal/reference/demo: demo data belongs in reference/demo, handed to Load", name)
			}
		}
	}
}
