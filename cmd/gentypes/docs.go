package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"reflect"
	"strings"
)

// docs reads the doc comments of the module's Go types from their source,
// so the TS declarations say what the Go ones say.
type docs struct {
	root, module string
	pkgs         map[string]map[string]*ast.TypeSpec // import path -> type name -> spec
	specDoc      map[*ast.TypeSpec]string
}

func newDocs(root, module string) *docs {
	return &docs{root: root, module: module, pkgs: map[string]map[string]*ast.TypeSpec{}, specDoc: map[*ast.TypeSpec]string{}}
}

func (d *docs) spec(t reflect.Type) *ast.TypeSpec {
	if d == nil || t.Name() == "" {
		return nil
	}
	path := t.PkgPath()
	specs, ok := d.pkgs[path]
	if !ok {
		specs = d.parse(path)
		d.pkgs[path] = specs
	}
	return specs[t.Name()]
}

func (d *docs) parse(path string) map[string]*ast.TypeSpec {
	specs := map[string]*ast.TypeSpec{}
	rel, ok := strings.CutPrefix(path, d.module)
	if !ok || rel != "" && rel[0] != '/' {
		return specs // outside the module: no comments
	}
	dir := filepath.Join(d.root, filepath.FromSlash(strings.TrimPrefix(rel, "/")))
	ents, err := os.ReadDir(dir)
	if err != nil {
		return specs
	}
	fset := token.NewFileSet()
	for _, e := range ents {
		n := e.Name()
		if e.IsDir() || !strings.HasSuffix(n, ".go") || strings.HasSuffix(n, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, filepath.Join(dir, n), nil, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			continue
		}
		for _, decl := range f.Decls {
			gd, ok := decl.(*ast.GenDecl)
			if !ok || gd.Tok != token.TYPE {
				continue
			}
			for _, s := range gd.Specs {
				ts := s.(*ast.TypeSpec)
				specs[ts.Name.Name] = ts
				doc := ts.Doc
				if doc == nil && len(gd.Specs) == 1 {
					doc = gd.Doc
				}
				d.specDoc[ts] = doc.Text()
			}
		}
	}
	return specs
}

// typ is the doc comment of the named type t.
func (d *docs) typ(t reflect.Type) string {
	if s := d.spec(t); s != nil {
		return d.specDoc[s]
	}
	return ""
}

// field is the comment of struct t's field goName: its doc comment, or
// else its line comment.
func (d *docs) field(t reflect.Type, goName string) string {
	s := d.spec(t)
	if s == nil {
		return ""
	}
	st, ok := s.Type.(*ast.StructType)
	if !ok {
		return ""
	}
	for _, f := range st.Fields.List {
		for _, n := range f.Names {
			if n.Name == goName {
				if f.Doc != nil {
					return f.Doc.Text()
				}
				return f.Comment.Text()
			}
		}
	}
	return ""
}
