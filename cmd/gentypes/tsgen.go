package main

import (
	"encoding"
	"encoding/json"
	"fmt"
	"reflect"
	"regexp"
	"sort"
	"strings"
	"time"
)

// generator turns Go types into TypeScript declarations of the JSON that
// encoding/json writes for them. Named Go types become named TS
// declarations (interfaces for structs, aliases otherwise), so the shapes
// the TSX shares keep one name; anonymous ones are written inline.
type generator struct {
	docs  *docs
	named map[string]reflect.Type // TS name -> Go type
	order []reflect.Type          // in the order first met, for errors
	errs  []string
}

func newGenerator(d *docs) *generator {
	return &generator{docs: d, named: map[string]reflect.Type{}}
}

var (
	jsonMarshaler = reflect.TypeFor[json.Marshaler]()
	textMarshaler = reflect.TypeFor[encoding.TextMarshaler]()
	identRe       = regexp.MustCompile(`^[A-Za-z_$][A-Za-z0-9_$]*$`)
	timeType      = reflect.TypeFor[time.Time]()
)

func (g *generator) fail(format string, args ...any) {
	g.errs = append(g.errs, fmt.Sprintf(format, args...))
}

// use returns the TS type expression for t, registering the named types it
// needs.
func (g *generator) use(t reflect.Type) string {
	if t == timeType {
		return "string" // encoding/json writes RFC 3339
	}
	if implements(t, jsonMarshaler) || implements(t, textMarshaler) {
		// Its JSON is whatever its method writes; a TS shape for it must be
		// written by hand, so it has no place in props until then.
		g.fail("%s marshals itself (MarshalJSON or MarshalText): its JSON shape is unknown to the generator", t)
		return "unknown"
	}
	if t.Name() != "" && t.PkgPath() != "" {
		name := t.Name()
		if strings.ContainsRune(name, '[') {
			g.fail("%s is generic: instantiate it in a named type", t)
			return "unknown"
		}
		if prev, ok := g.named[name]; ok {
			if prev != t {
				g.fail("%s and %s would share the TS name %s: rename one", prev, t, name)
			}
		} else {
			g.named[name] = t
			g.order = append(g.order, t)
			g.body(t) // walk it now so every error shows up in one run
		}
		return name
	}
	return g.body(t)
}

func implements(t, iface reflect.Type) bool {
	return t.Implements(iface) || (t.Kind() != reflect.Pointer && reflect.PointerTo(t).Implements(iface))
}

// body returns the structure of t (not its name).
func (g *generator) body(t reflect.Type) string {
	switch t.Kind() {
	case reflect.Bool:
		return "boolean"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64:
		return "number"
	case reflect.String:
		return "string"
	case reflect.Interface:
		return "unknown"
	case reflect.Pointer:
		return g.use(t.Elem()) + " | null"
	case reflect.Slice, reflect.Array:
		if t.Kind() == reflect.Slice && t.Elem().Kind() == reflect.Uint8 && !implements(t.Elem(), jsonMarshaler) && !implements(t.Elem(), textMarshaler) {
			return "string" // base64
		}
		return array(g.use(t.Elem()))
	case reflect.Map:
		switch t.Key().Kind() {
		case reflect.String,
			reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
			reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		default:
			if !implements(t.Key(), textMarshaler) {
				g.fail("%s: encoding/json cannot write map keys of type %s", t, t.Key())
			}
		}
		return "Record<string, " + g.use(t.Elem()) + ">"
	case reflect.Struct:
		var b strings.Builder
		g.members(&b, t, "  ")
		if b.Len() == 0 {
			return "Record<string, never>"
		}
		return "{\n" + b.String() + "}"
	}
	g.fail("%s: encoding/json cannot write a %s", t, t.Kind())
	return "unknown"
}

func array(elem string) string {
	if strings.ContainsAny(elem, " |{") {
		return "(" + elem + ")[]"
	}
	return elem + "[]"
}

// heritage is what an interface extends: the named structs embedded whole
// (untagged, every promoted field kept), so the TS reads like the Go.
func (g *generator) heritage(t reflect.Type, fields []jsonField) (extends []string, skip map[int]bool) {
	skip = map[int]bool{}
	from := map[int]int{} // top-level index -> promoted fields kept
	for _, f := range fields {
		if len(f.index) > 1 {
			from[f.index[0]]++
		}
	}
	for i := 0; i < t.NumField(); i++ {
		sf := t.Field(i)
		et := sf.Type
		ptr := et.Kind() == reflect.Pointer
		if ptr {
			et = et.Elem()
		}
		name, _, _ := strings.Cut(sf.Tag.Get("json"), ",")
		if !sf.Anonymous || name != "" || sf.Tag.Get("json") == "-" || et.Kind() != reflect.Struct ||
			et.Name() == "" || et.PkgPath() == "" || from[i] == 0 || from[i] != len(jsonFields(et)) {
			continue
		}
		ts := g.use(et)
		if ptr {
			ts = "Partial<" + ts + ">" // a nil embedded pointer leaves its fields out
		}
		extends = append(extends, ts)
		skip[i] = true
	}
	return extends, skip
}

// members writes the TS members of struct t, one per line.
func (g *generator) members(b *strings.Builder, t reflect.Type, indent string) {
	g.fieldLines(b, jsonFields(t), nil, indent)
}

func (g *generator) fieldLines(b *strings.Builder, fields []jsonField, skip map[int]bool, indent string) {
	for _, f := range fields {
		if len(f.index) > 1 && skip[f.index[0]] {
			continue
		}
		typ := f.typ
		optional := f.viaPointer
		var ts string
		switch {
		case f.tsType != "":
			ts = f.tsType
		case f.quoted:
			ts = "string"
			if typ.Kind() == reflect.Pointer {
				ts = "string | null"
			}
		case typ.Kind() == reflect.Pointer && typ.Name() == "" && (f.omitEmpty || f.omitZero):
			// nil is left out, so the member is absent rather than null.
			ts = g.use(typ.Elem())
		default:
			ts = g.use(typ)
		}
		if f.omitEmpty && omittable(typ) || f.omitZero {
			optional = true
		}
		if f.owner != nil {
			if c := g.docs.field(f.owner, f.goName); c != "" {
				writeDoc(b, c, indent)
			}
		}
		b.WriteString(indent)
		b.WriteString(prop(f.name))
		if optional {
			b.WriteByte('?')
		}
		b.WriteString(": ")
		b.WriteString(strings.ReplaceAll(ts, "\n", "\n"+indent))
		b.WriteString(";\n")
	}
}

// omittable says whether ",omitempty" can leave a value of type t out:
// encoding/json's isEmptyValue never calls a struct empty.
func omittable(t reflect.Type) bool {
	return t.Kind() != reflect.Struct
}

func prop(name string) string {
	if identRe.MatchString(name) {
		return name
	}
	b, _ := json.Marshal(name)
	return string(b)
}

// declaration is the TS declaration of the named type t.
func (g *generator) declaration(t reflect.Type) string {
	var b strings.Builder
	if c := g.docs.typ(t); c != "" {
		writeDoc(&b, c, "")
	}
	if t.Kind() == reflect.Struct && !implements(t, jsonMarshaler) && !implements(t, textMarshaler) {
		fields := jsonFields(t)
		extends, skip := g.heritage(t, fields)
		b.WriteString("export interface " + t.Name())
		if len(extends) > 0 {
			b.WriteString(" extends " + strings.Join(extends, ", "))
		}
		b.WriteString(" {\n")
		g.fieldLines(&b, fields, skip, "  ")
		b.WriteString("}\n")
		return b.String()
	}
	fmt.Fprintf(&b, "export type %s = %s;\n", t.Name(), g.body(t))
	return b.String()
}

// declarations are every named type met so far, sorted by name.
func (g *generator) declarations() []string {
	// Writing a declaration can meet new types (through heritage), so walk
	// until no new name turns up.
	done := map[string]string{}
	for len(done) < len(g.named) {
		for name, t := range g.named {
			if _, ok := done[name]; !ok {
				done[name] = g.declaration(t)
			}
		}
	}
	names := make([]string, 0, len(done))
	for n := range done {
		names = append(names, n)
	}
	sort.Strings(names)
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = done[n]
	}
	return out
}

func writeDoc(b *strings.Builder, text, indent string) {
	text = strings.ReplaceAll(strings.TrimSpace(text), "*/", "*\\/")
	lines := strings.Split(text, "\n")
	if len(lines) == 1 {
		fmt.Fprintf(b, "%s/** %s */\n", indent, lines[0])
		return
	}
	b.WriteString(indent + "/**\n")
	for _, l := range lines {
		if l == "" {
			b.WriteString(indent + " *\n")
		} else {
			b.WriteString(indent + " * " + l + "\n")
		}
	}
	b.WriteString(indent + " */\n")
}
