package server

import (
	"fmt"
	"maps"
	"reflect"
)

// Page is one component under templates/pages together with the Go type of
// its props: a handler renders it only with a P (View{Page: page.With(p)}), so a handler that passes
// another page's props (or a page its own) does not compile. Each page is
// declared once, by the package that owns it, with NewPage; the declaration
// is also what cmd/gentypes writes the page's TS props type from.
type Page[P any] struct{ name string }

// NewPage declares the page name (the component templates/pages/<name>.tsx)
// with props of type P. Declare pages in package-level vars: a second
// declaration of one name panics at start-up.
func NewPage[P any](name string) Page[P] {
	declare(pageTypes, "page", name, reflect.TypeFor[P]())
	return Page[P]{name: name}
}

// Name is the page's component name.
func (p Page[P]) Name() string { return p.name }

// With is the page with its props, for a View: the one way to name the page
// a View renders, so that page and props cannot disagree.
func (p Page[P]) With(props P) PageWith {
	w := PageWith{name: p.name, props: props}
	if i := shellField(reflect.TypeFor[P]()); i != nil && reflect.ValueOf(&props).Elem().FieldByIndex(i).IsZero() {
		w.shell = func(sh ShellProps) any {
			reflect.ValueOf(&props).Elem().FieldByIndex(i).Set(reflect.ValueOf(sh))
			return props
		}
	}
	return w
}

// PageWith is a page and props of its type (Page.With).
type PageWith struct {
	name  string
	props any
	// shell, for props with the layout's field (Shell ShellProps) left empty, is the props
	// with that field filled in: the layout comes from the route (Render), not from each
	// handler.
	shell func(ShellProps) any
}

// shellField is the index of t's field Shell of type ShellProps (its own, or one of a
// struct it embeds by value), nil when it has none.
func shellField(t reflect.Type) []int {
	if t.Kind() != reflect.Struct {
		return nil
	}
	f, ok := t.FieldByName("Shell")
	if !ok || f.Type != reflect.TypeFor[ShellProps]() {
		return nil
	}
	for n := 1; n < len(f.Index); n++ {
		if t.FieldByIndex(f.Index[:n]).Type.Kind() != reflect.Struct {
			return nil // behind a pointer: not a field the props always have
		}
	}
	return f.Index
}

// Island declares an island (islands/<name>.tsx) whose props the server
// builds, with the Go type of those props, for cmd/gentypes; islands whose
// props a page puts together in TSX keep a TS type of their own and are not
// declared. The server never renders an island by name (its page does), so
// the declaration is only a type.
type Island[P any] struct{ name string }

// NewIsland declares the island name with props of type P; like NewPage,
// once per name.
func NewIsland[P any](name string) Island[P] {
	declare(islandTypes, "island", name, reflect.TypeFor[P]())
	return Island[P]{name: name}
}

// Name is the island's component name.
func (i Island[P]) Name() string { return i.name }

// The declared pages and islands by name, filled while the packages that
// declare them initialise.
var (
	pageTypes   = map[string]reflect.Type{}
	islandTypes = map[string]reflect.Type{}
)

func declare(table map[string]reflect.Type, kind, name string, t reflect.Type) {
	if prev, dup := table[name]; dup {
		panic(fmt.Sprintf("server: %s %s is declared twice (props %v and %v)", kind, name, prev, t))
	}
	table[name] = t
}

// PageTypes are the props types of every declared page, by page name: the
// pages of every package linked into the program (cmd/gentypes links the
// whole portal).
func PageTypes() map[string]reflect.Type { return maps.Clone(pageTypes) }

// IslandTypes are the props types of every declared island, by island name.
func IslandTypes() map[string]reflect.Type { return maps.Clone(islandTypes) }
