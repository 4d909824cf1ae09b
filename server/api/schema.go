package api

import (
	"encoding"
	"encoding/json"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

// The schemas of the OpenAPI document are reflected from the Go types the
// handlers decode and encode, the way encoding/json sees them, so the
// document cannot describe a field the reply does not have. Tags on the Go
// type carry the words (the names swaggest/jsonschema-go reads too):
//
//	description:"…"  the field's (or, on a `_ struct{}` field, the type's) text
//	example:"…"      an example, read as the field's JSON type
//	enum:"a,b"       the allowed values; enum:"@name" takes them from oaEnums
//	format:"…"       uuid, email, password, date… (time.Time is date-time)
//	required:"…"     "true" or "false" overrides the default: a field is
//	                 required unless its json tag says omitempty or omitzero
//	name:"…"         on a `_ struct{}` field: the component name, instead of
//	                 the Go name without its api prefix
//	minLength, maxLength, pattern, minimum, maximum: the bounds the
//	                 handler checks, on the field; minProperties and
//	                 maxProperties on a `_ struct{}` field, for the object
//
// In a request body a field is required only when tagged required:"true":
// encoding/json leaves a missing field at its zero value, so only what the
// handler refuses without is required. A type that is also a reply's
// (where every field without omitempty is always sent) gets a request
// component of its own, named with an Input suffix.
//
// A named struct type becomes a component (#/components/schemas/Name); an
// anonymous or generic one (the {data, meta} envelopes) is written inline.
// A type that encodes itself (json.Marshaler) or whose shape depends on
// values (feature flags) describes itself with an OASchema method.

// oaSchemaer is a type that gives its own schema; r reflects the types it is
// made of.
type oaSchemaer interface {
	OASchema(r *Reflector) *Schema
}

// Schema is t's schema, as for any type the handlers send (an area's
// self-describing type reflects the types inside with it).
func (r *Reflector) Schema(t reflect.Type) *Schema { return r.schema(t) }

// Reflector turns Go types into schemas into schemas, collecting the named ones.
type Reflector struct {
	// components are the named schemas met so far, by name.
	components map[string]*Schema
	names      map[oaKey]string
	// request is set while a request body is reflected.
	request bool
}

// oaKey is a named type as a reply or as a request body describes it.
type oaKey struct {
	t       reflect.Type
	request bool
}

func NewReflector() *Reflector {
	return &Reflector{components: map[string]*Schema{}, names: map[oaKey]string{}}
}

// RequestSchema is the schema of a request body of type t.
func (r *Reflector) RequestSchema(t reflect.Type) *Schema {
	r.request = true
	defer func() { r.request = false }()
	return r.schema(t)
}

var (
	oaTimeType      = reflect.TypeFor[time.Time]()
	oaSchemaerType  = reflect.TypeFor[oaSchemaer]()
	oaMarshalerType = reflect.TypeFor[json.Marshaler]()
	oaTextType      = reflect.TypeFor[encoding.TextMarshaler]()
)

// schema is t's schema: a $ref for a named struct, else a fresh inline
// schema the caller may add to.
func (r *Reflector) schema(t reflect.Type) *Schema {
	if t.Kind() == reflect.Pointer {
		return r.schema(t.Elem()) // nullability is the field's business (omitempty)
	}
	if t.Implements(oaSchemaerType) {
		return reflect.Zero(t).Interface().(oaSchemaer).OASchema(r)
	}
	if t == oaTimeType {
		return &Schema{Type: "string", Format: "date-time"}
	}
	for _, m := range []reflect.Type{oaMarshalerType, oaTextType} {
		if t.Implements(m) || reflect.PointerTo(t).Implements(m) {
			panic("openapi: " + t.String() + " encodes itself: give it an OASchema method")
		}
	}
	switch t.Kind() {
	case reflect.String:
		return &Schema{Type: "string"}
	case reflect.Bool:
		return &Schema{Type: "boolean"}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return &Schema{Type: "integer"}
	case reflect.Float32, reflect.Float64:
		return &Schema{Type: "number"}
	case reflect.Slice, reflect.Array:
		if t.Elem().Kind() == reflect.Uint8 {
			panic("openapi: " + t.String() + ": bytes are encoded as base64; say so with an OASchema method")
		}
		return &Schema{Type: "array", Items: r.schema(t.Elem())}
	case reflect.Map:
		if t.Key().Kind() != reflect.String {
			panic("openapi: " + t.String() + ": only string keys")
		}
		return &Schema{Type: "object", AdditionalProperties: r.schema(t.Elem())}
	case reflect.Interface:
		return &Schema{} // any JSON value
	case reflect.Struct:
		if t.Name() == "" || strings.Contains(t.Name(), "[") {
			return r.object(t)
		}
		return r.component(t)
	}
	panic("openapi: cannot describe " + t.String())
}

// component returns a $ref to t's named schema, building it on first use.
func (r *Reflector) component(t reflect.Type) *Schema {
	key := oaKey{t, r.request}
	if name, ok := r.names[key]; ok {
		return oaRef(name)
	}
	name := TypeName(t)
	if _, asReply := r.names[oaKey{t, false}]; r.request && asReply {
		name += "Input"
	}
	if r.components[name] != nil {
		panic("openapi: two types are named " + name + "; one of them needs a `_ struct{} name:\"…\"` field")
	}
	r.names[key] = name
	r.components[name] = &Schema{} // a placeholder while a recursive type is built
	*r.components[name] = *r.object(t)
	return oaRef(name)
}

// TypeName is a named struct's component name.
func TypeName(t reflect.Type) string {
	for f := range t.Fields() {
		if f.Name == "_" {
			if n := f.Tag.Get("name"); n != "" {
				return n
			}
		}
	}
	n := t.Name()
	// The API's own types carry an api or API prefix that the document
	// leaves out (apiStatement, PageMeta: Statement, PageMeta).
	for _, prefix := range []string{"api", "API"} {
		if rest, ok := strings.CutPrefix(n, prefix); ok && rest != "" {
			n = rest
			break
		}
	}
	first, size := utf8.DecodeRuneInString(n)
	return string(unicode.ToUpper(first)) + n[size:]
}

// object is a struct's properties, in field order (which /docs keeps).
func (r *Reflector) object(t reflect.Type) *Schema {
	s := &Schema{Type: "object", Properties: map[string]*Schema{}}
	r.fields(s, t, false)
	return s
}

// fields adds t's fields to s as encoding/json would encode them: embedded
// structs without a json name are flattened; optional marks every field of
// one embedded by pointer, which is left out when the pointer is nil.
func (r *Reflector) fields(s *Schema, t reflect.Type, optional bool) {
	for f := range t.Fields() {
		if f.Name == "_" {
			if d := f.Tag.Get("description"); d != "" && s.Description == "" {
				s.Description = d
			}
			s.MinProperties = oaBound(t.String(), f.Tag, "minProperties", s.MinProperties)
			s.MaxProperties = oaBound(t.String(), f.Tag, "maxProperties", s.MaxProperties)
			continue
		}
		name, opts, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "-" && opts == "" {
			continue
		}
		ft := f.Type
		if f.Anonymous && name == "" {
			byPointer := ft.Kind() == reflect.Pointer
			if byPointer {
				ft = ft.Elem()
			}
			if ft.Kind() == reflect.Struct && !ft.Implements(oaSchemaerType) && ft != oaTimeType {
				r.fields(s, ft, optional || byPointer)
				continue
			}
		}
		if !f.IsExported() {
			continue
		}
		if name == "" {
			name = f.Name
		}
		if s.Properties[name] != nil {
			panic("openapi: " + t.String() + ": two fields named " + name)
		}
		omitted := false
		for o := range strings.SplitSeq(opts, ",") {
			switch o {
			case "omitempty", "omitzero":
				omitted = true
			case "string":
				panic("openapi: " + t.String() + "." + f.Name + ": the string option is not described")
			}
		}
		if ft.Kind() == reflect.Pointer && !omitted {
			// A nil pointer would be sent as null, which no schema here allows.
			panic("openapi: " + t.String() + "." + f.Name + ": a pointer field needs omitempty")
		}
		required := !omitted && !r.request
		switch f.Tag.Get("required") {
		case "true":
			required = true
		case "false":
			required = false
		}
		s.Properties[name] = r.field(t, f)
		s.order = append(s.order, name)
		if required && !optional {
			s.Required = append(s.Required, name)
		}
	}
}

// field is a struct field's schema with the field's tags applied.
func (r *Reflector) field(t reflect.Type, f reflect.StructField) *Schema {
	s := r.schema(f.Type)
	at := t.String() + "." + f.Name
	desc := f.Tag.Get("description")
	if s.Ref != "" {
		// JSON Schema 2020-12 lets a description stand beside $ref.
		for _, k := range []string{"example", "enum", "format"} {
			if f.Tag.Get(k) != "" {
				panic("openapi: " + at + ": " + k + " belongs on the fields of " + strings.TrimPrefix(s.Ref, oaRefPrefix))
			}
		}
		if desc != "" {
			s = &Schema{Ref: s.Ref, Description: desc}
		}
		return s
	}
	if desc != "" {
		s.Description = desc
	}
	if v := f.Tag.Get("format"); v != "" {
		s.Format = v
	}
	if v := f.Tag.Get("enum"); v != "" {
		if s.Type == "array" && s.Items != nil && s.Items.Ref == "" {
			// A list of allowed values: each item is one of them.
			items := *s.Items
			items.Enum = oaEnumValues(at, v)
			s.Items = &items
		} else {
			s.Enum = oaEnumValues(at, v)
		}
	}
	if v, ok := f.Tag.Lookup("example"); ok {
		s.Example = oaExample(at, s.Type, v)
	}
	s.MinLength = oaBound(at, f.Tag, "minLength", s.MinLength)
	s.MaxLength = oaBound(at, f.Tag, "maxLength", s.MaxLength)
	s.Minimum = oaBound(at, f.Tag, "minimum", s.Minimum)
	s.Maximum = oaBound(at, f.Tag, "maximum", s.Maximum)
	if v := f.Tag.Get("pattern"); v != "" {
		if _, err := regexp.Compile(v); err != nil {
			panic("openapi: " + at + ": pattern: " + err.Error())
		}
		s.Pattern = v
	}
	return s
}

// oaBound reads the whole-number tag key, or keeps was.
func oaBound(at string, tag reflect.StructTag, key string, was *int) *int {
	v, ok := tag.Lookup(key)
	if !ok {
		return was
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		panic("openapi: " + at + ": " + key + " " + strconv.Quote(v) + " is not a whole number")
	}
	return &n
}

func oaEnumValues(at, tag string) []string {
	if name, ok := strings.CutPrefix(tag, "@"); ok {
		list := oaEnums[name]
		if list == nil {
			panic("openapi: " + at + ": no enum list " + name)
		}
		return list()
	}
	return strings.Split(tag, ",")
}

func oaExample(at, typ, v string) any {
	var (
		out any
		err error
	)
	switch typ {
	case "integer":
		out, err = strconv.Atoi(v)
	case "number":
		out, err = strconv.ParseFloat(v, 64)
	case "boolean":
		out, err = strconv.ParseBool(v)
	default:
		out = v
	}
	if err != nil {
		panic("openapi: " + at + ": example " + strconv.Quote(v) + " is not " + typ)
	}
	return out
}

// Components are the named schemas met so far, by name.
func (r *Reflector) Components() map[string]*Schema { return r.components }
