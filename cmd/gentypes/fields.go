package main

import (
	"reflect"
	"sort"
	"strings"
)

// jsonField is one member of the JSON object that encoding/json writes for a
// struct, after its rules for embedding, tags and name conflicts.
type jsonField struct {
	name      string
	goName    string
	index     []int // path from the outer struct, as reflect's FieldByIndex
	typ       reflect.Type
	tagged    bool // the name came from a json tag
	omitEmpty bool
	omitZero  bool
	quoted    bool // ",string": the value is written as a JSON string
	// tsType is the field's tstype tag: a TS type narrower than the Go one
	// (string literals for a string that takes a few values).
	tsType string
	// viaPointer: reached through an embedded pointer, which leaves the field
	// out of the JSON when nil.
	viaPointer bool
	// owner is the struct that declares the field, for its doc comment.
	owner reflect.Type
}

// jsonFields lists t's JSON members in the order encoding/json writes them.
// It follows encoding/json's typeFields: fields of untagged embedded structs
// are promoted breadth first, a shallower field hides a deeper one of the
// same name, at equal depth a tagged one wins, and an unresolved tie drops
// every field of that name.
func jsonFields(t reflect.Type) []jsonField {
	type walk struct {
		typ        reflect.Type
		index      []int
		viaPointer bool
	}
	var current []walk
	next := []walk{{typ: t}}
	var count, nextCount map[reflect.Type]int
	visited := map[reflect.Type]bool{}
	var fields []jsonField

	for len(next) > 0 {
		current, next = next, current[:0]
		count, nextCount = nextCount, map[reflect.Type]int{}
		for _, w := range current {
			if visited[w.typ] {
				continue
			}
			visited[w.typ] = true
			for i := 0; i < w.typ.NumField(); i++ {
				sf := w.typ.Field(i)
				if sf.Anonymous {
					et := sf.Type
					if et.Kind() == reflect.Pointer {
						et = et.Elem()
					}
					if !sf.IsExported() && et.Kind() != reflect.Struct {
						continue
					}
					// An unexported embedded struct still lends its exported fields.
				} else if !sf.IsExported() {
					continue
				}
				tag := sf.Tag.Get("json")
				if tag == "-" {
					continue
				}
				name, opts, _ := strings.Cut(tag, ",")
				index := append(append([]int(nil), w.index...), i)
				ft := sf.Type
				if ft.Name() == "" && ft.Kind() == reflect.Pointer {
					ft = ft.Elem()
				}
				if name != "" || !sf.Anonymous || ft.Kind() != reflect.Struct {
					f := jsonField{
						name:       name,
						goName:     sf.Name,
						index:      index,
						typ:        sf.Type,
						tagged:     name != "",
						omitEmpty:  hasOpt(opts, "omitempty"),
						omitZero:   hasOpt(opts, "omitzero"),
						quoted:     hasOpt(opts, "string") && quotable(ft),
						tsType:     sf.Tag.Get("tstype"),
						viaPointer: w.viaPointer,
						owner:      w.typ,
					}
					if f.name == "" {
						f.name = sf.Name
					}
					fields = append(fields, f)
					if count[w.typ] > 1 {
						// The same struct embedded twice at this depth: its
						// fields conflict with themselves and drop out below.
						fields = append(fields, fields[len(fields)-1])
					}
					continue
				}
				nextCount[ft]++
				if nextCount[ft] == 1 {
					next = append(next, walk{typ: ft, index: index,
						viaPointer: w.viaPointer || sf.Type.Kind() == reflect.Pointer})
				}
			}
		}
	}

	sort.SliceStable(fields, func(i, j int) bool {
		a, b := fields[i], fields[j]
		if a.name != b.name {
			return a.name < b.name
		}
		if len(a.index) != len(b.index) {
			return len(a.index) < len(b.index)
		}
		if a.tagged != b.tagged {
			return a.tagged
		}
		return lessIndex(a.index, b.index)
	})
	out := fields[:0]
	for i := 0; i < len(fields); {
		j := i + 1
		for j < len(fields) && fields[j].name == fields[i].name {
			j++
		}
		group := fields[i:j]
		// Sorted by depth then tag: the first dominates unless the second
		// is just as deep and just as tagged.
		if len(group) == 1 || len(group[0].index) != len(group[1].index) || group[0].tagged != group[1].tagged {
			out = append(out, group[0])
		}
		i = j
	}
	sort.Slice(out, func(i, j int) bool { return lessIndex(out[i].index, out[j].index) })
	return out
}

func lessIndex(a, b []int) bool {
	for k := range a {
		if k >= len(b) {
			return false
		}
		if a[k] != b[k] {
			return a[k] < b[k]
		}
	}
	return len(a) < len(b)
}

func hasOpt(opts, want string) bool {
	for opts != "" {
		var o string
		o, opts, _ = strings.Cut(opts, ",")
		if o == want {
			return true
		}
	}
	return false
}

// quotable says whether ",string" applies to a field of type t.
func quotable(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Bool,
		reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64, reflect.String:
		return true
	}
	return false
}
