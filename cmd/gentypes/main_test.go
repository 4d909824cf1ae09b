package main

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"portal/ssr/bundle"
)

// TestGeneratedFilesCurrent fails while a generated file differs from what
// the Go structs give now: a props struct changed without `go generate`.
func TestGeneratedFilesCurrent(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	files, err := generate(root)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range sortedKeys(files) {
		have, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(name)))
		if err != nil {
			t.Errorf("%s: %v; run `%s`", name, err, regenerate)
			continue
		}
		if !bytes.Equal(have, files[name]) {
			t.Errorf("%s is stale (it differs from the Go props structs): run `%s`\n%s",
				name, regenerate, firstDifference(string(have), string(files[name])))
		}
	}
}

func firstDifference(have, want string) string {
	h, w := strings.Split(have, "\n"), strings.Split(want, "\n")
	for i := 0; i < len(h) || i < len(w); i++ {
		var a, b string
		if i < len(h) {
			a = h[i]
		}
		if i < len(w) {
			b = w[i]
		}
		if a != b {
			return "first difference at line " + strconv.Itoa(i+1) + ":\n  file:      " + a + "\n  generated: " + b
		}
	}
	return ""
}

// Shapes for the encoding/json rules below.
type (
	base struct {
		Sandbox bool   `json:"sandbox"`
		CSRF    string `json:"csrf"`
		Base    string `json:"base,omitempty"`
	}
	page struct {
		base
		Next string `json:"next"`
	}
	overrides struct {
		base
		CSRF int `json:"csrf"` // shallower: hides base's
	}
	left  struct{ Name string }
	right struct{ Name string }
	tie   struct {
		left
		right
		Kept string `json:"kept"`
	}
	optional struct {
		*base
		Count  int64             `json:"count,string"`
		Panel  *left             `json:"panel"`
		Maybe  *left             `json:"maybe,omitempty"`
		Struct left              `json:"struct,omitempty"` // omitempty never leaves a struct out
		Zero   left              `json:"zero,omitzero"`
		Skip   string            `json:"-"`
		Raw    []byte            `json:"raw"`
		Any    any               `json:"any"`
		ByID   map[int][]*right  `json:"byId"`
		Inline struct{ A bool }  `json:"inline"`
		Quoted map[string]string `json:"data-x"`
		Mode   string            `json:"mode,omitempty" tstype:"'page' | 'opener'"`
	}
	marshals struct{ Self selfMarshal }
)

type selfMarshal struct{}

func (selfMarshal) MarshalJSON() ([]byte, error) { return []byte(`"x"`), nil }

func declare(t *testing.T, v reflect.Type) (string, *generator) {
	t.Helper()
	g := newGenerator(nil)
	g.use(v)
	return strings.Join(g.declarations(), "\n"), g
}

func TestEncodingJSONShapes(t *testing.T) {
	cases := []struct {
		name string
		typ  reflect.Type
		want []string // declarations that must appear
	}{
		{"an embedded struct is extended, its fields promoted", reflect.TypeFor[page](),
			[]string{"export interface page extends base {\n  next: string;\n}\n",
				"export interface base {\n  sandbox: boolean;\n  csrf: string;\n  base?: string;\n}\n"}},
		{"a shallower field hides a promoted one, so the rest is flattened", reflect.TypeFor[overrides](),
			[]string{"export interface overrides {\n  sandbox: boolean;\n  base?: string;\n  csrf: number;\n}\n"}},
		{"two promoted fields of one name at one depth both drop", reflect.TypeFor[tie](),
			[]string{"export interface tie {\n  kept: string;\n}\n"}},
		{"pointers, omitempty, omitzero, tags and maps", reflect.TypeFor[optional](),
			[]string{"export interface optional extends Partial<base> {\n" +
				"  count: string;\n" +
				"  panel: left | null;\n" +
				"  maybe?: left;\n" +
				"  struct: left;\n" +
				"  zero?: left;\n" +
				"  raw: string;\n" +
				"  any: unknown;\n" +
				"  byId: Record<string, (right | null)[]>;\n" +
				"  inline: {\n    A: boolean;\n  };\n" +
				"  \"data-x\": Record<string, string>;\n" +
				"  mode?: 'page' | 'opener';\n" +
				"}\n"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, g := declare(t, c.typ)
			if len(g.errs) > 0 {
				t.Fatal(g.errs)
			}
			for _, w := range c.want {
				if !strings.Contains(got, w) {
					t.Errorf("want\n%s\nin\n%s", w, got)
				}
			}
		})
	}
}

func TestSelfMarshalingTypesAreRefused(t *testing.T) {
	_, g := declare(t, reflect.TypeFor[marshals]())
	if len(g.errs) == 0 || !strings.Contains(g.errs[0], "marshals itself") {
		t.Fatalf("errors %q, want one about MarshalJSON", g.errs)
	}
}

func TestEveryPageNeedsPropsAndNamesMustExist(t *testing.T) {
	pkgs := []propsPackage{{
		pages:   map[string]reflect.Type{"Login": reflect.TypeFor[page](), "Gone": reflect.TypeFor[page]()},
		islands: map[string]reflect.Type{"NoSuchIsland": reflect.TypeFor[base]()},
	}}
	_, err := propsTS(nil, pkgs, []bundle.Page{{Name: "Login", Path: "Login.tsx"}, {Name: "Unlisted", Path: "Unlisted.tsx"}}, []string{"CopyText"})
	if err == nil {
		t.Fatal("no error")
	}
	for _, want := range []string{"templates/pages/Unlisted.tsx has no props type", "names page Gone", "names island NoSuchIsland"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q lacks %q", err, want)
		}
	}
}
