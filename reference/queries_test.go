package reference

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// sqlLike matches a Go string that is a statement or a piece of one: it starts with a
// statement's verb, or holds a clause keyword as SQL writes it (upper case).
var sqlLike = regexp.MustCompile(`^\s*(SELECT|INSERT|UPDATE|DELETE|WITH|CREATE|REPLACE|DROP|ALTER|PRAGMA)\b|\b(FROM|WHERE|JOIN|ORDER BY|GROUP BY|VALUES|RETURNING|ON CONFLICT|LIMIT)\b`)

// sqlBuilders are the files allowed to put SQL together in Go: the list filters' conditions
// and keyset paging, which depend on what a request asks for and so cannot be one fixed
// text. Everything they build is a fragment spliced into a named query.
var sqlBuilders = []string{"where.go", "keyset.go"}

// TestNoSQLOutsideQueryFiles holds the store to its rule: its SQL is in queries/*.sql and
// nowhere else in Go, the store's sub-packages included (the engine plumbing of db aside).
func TestNoSQLOutsideQueryFiles(t *testing.T) {
	allowed := sqlBuilders
	var files []string
	err := filepath.WalkDir(".", func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (path == "db" || path == "testdata" || path == "migrations" || path == "queries") {
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(path, ".go") && !strings.HasSuffix(path, "_test.go") {
			files = append(files, path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	for _, path := range files {
		if slices.Contains(allowed, path) {
			continue
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			lit, ok := n.(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			if s, err := strconv.Unquote(lit.Value); err == nil && sqlLike.MatchString(s) {
				t.Errorf("%s: SQL in Go: %.60q; name it in queries/*.sql", fset.Position(lit.Pos()), s)
			}
			return true
		})
	}
}

// TestEveryQueryIsUsed keeps the query files to what the code runs: every named query is
// looked up by some package variable.
func TestEveryQueryIsUsed(t *testing.T) {
	if unused := storeQueries.Unused(); len(unused) > 0 {
		t.Errorf("named queries nothing runs:\n%s", strings.Join(unused, "\n"))
	}
}
