package server_test

import (
	"encoding/json"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/swaggest/jsonschema-go"

	"portal/server"
	"portal/server/api"
	"portal/server/portal"
)

// The document's schemas come from the project's own reflector (server/api_schema.go), which
// reads the tags swaggest/jsonschema-go reads. This test reflects every body type of every
// operation with that library too, told only the document's conventions (component names,
// envelopes inline, which fields are required, one example), and holds the two to the same
// schema: a tag the reflector reads differently from the library fails here. The components
// where they differ on purpose are listed with why (docs/architecture.md, "The OpenAPI schemas").
var crosscheckDiffers = map[string]string{
	// The outer type's own description wins over the one of the type it embeds.
	"MFAReply": "description", "MovementHit": "description",
	"PayoutDraftSectionEdit": "description", "PayoutDraftSectionsEdit": "description",
	// Types that describe themselves (oaSchemaer): the library sees only their Go fields.
	"Count": "self-described", "StateReasons": "self-described", "MFAConfiguration": "self-described field",
}

func TestSchemasAsSwaggestReadsThem(t *testing.T) {
	s := portal.New(server.Deps{})
	var doc struct {
		Components struct {
			Schemas map[string]json.RawMessage `json:"schemas"`
		} `json:"components"`
	}
	if err := json.Unmarshal(s.OpenAPIJSON(), &doc); err != nil {
		t.Fatal(err)
	}
	ours := doc.Components.Schemas
	var replies, requests []reflect.Type
	for _, op := range s.APIOperations() {
		for _, b := range []reflect.Type{op.Body, op.Form} {
			if b != nil {
				requests = append(requests, b)
			}
		}
		for _, rs := range op.Responses {
			if rs.Type != nil {
				replies = append(replies, rs.Type)
			}
		}
	}
	lib := map[string]json.RawMessage{}
	reflectAll(t, replies, false, ours, lib)
	reflectAll(t, requests, true, ours, lib)

	checked := 0
	for name, o := range ours {
		why, differs := crosscheckDiffers[name]
		l, ok := lib[name]
		if !ok {
			if !differs {
				t.Errorf("%s: the library reflects no component of that name", name)
			}
			continue
		}
		var a, b any
		_ = json.Unmarshal(o, &a)
		_ = json.Unmarshal(l, &b)
		crosscheckNorm(a, b)
		same := reflect.DeepEqual(a, b)
		switch {
		case !same && !differs:
			t.Errorf("%s: the document and swaggest/jsonschema-go read its Go type differently:%s", name, crosscheckDiff("", a, b))
		case same && differs:
			t.Errorf("%s is listed as differing (%s) but reads the same now: take it off crosscheckDiffers", name, why)
		case same:
			checked++
		}
	}
	t.Logf("%d of %d components read the same by both, %d differ on purpose", checked, len(ours), len(crosscheckDiffers))
}

// reflectAll reflects types with the library into lib, by component name.
func reflectAll(t *testing.T, types []reflect.Type, request bool, ours, lib map[string]json.RawMessage) {
	t.Helper()
	var r jsonschema.Reflector
	for _, ty := range types {
		sc, err := r.Reflect(reflect.New(ty).Elem().Interface(),
			jsonschema.RootRef,
			jsonschema.DefinitionsPrefix("#/components/schemas/"),
			jsonschema.InterceptDefName(func(t reflect.Type, def string) string {
				if t.Kind() != reflect.Struct || t.Name() == "" || strings.Contains(t.Name(), "[") {
					return def // the envelopes: named TypeN by the library, inline in the document
				}
				n := api.TypeName(t)
				if _, ok := ours[n+"Input"]; request && ok {
					n += "Input"
				}
				return n
			}),
			// A nil slice or map is never sent: the handlers send [] and {}.
			jsonschema.InterceptNullability(func(p jsonschema.InterceptNullabilityParams) {
				if k := p.Type.Kind(); k == reflect.Slice || k == reflect.Map || k == reflect.Pointer {
					p.Schema.RemoveType(jsonschema.Null)
				}
			}),
			jsonschema.InterceptProp(func(p jsonschema.InterceptPropParams) error {
				if !p.Processed || p.Field.Name == "_" {
					return nil
				}
				// A reply's field is required unless omitempty; a request's only when tagged.
				_, opts, _ := strings.Cut(p.Field.Tag.Get("json"), ",")
				required := !request && !strings.Contains(opts, "omitempty") && !strings.Contains(opts, "omitzero")
				if tag := p.Field.Tag.Get("required"); tag != "" {
					required = tag == "true"
				}
				p.ParentSchema.Required = slices.DeleteFunc(p.ParentSchema.Required, func(n string) bool { return n == p.Name })
				if required {
					p.ParentSchema.Required = append(p.ParentSchema.Required, p.Name)
				}
				// OpenAPI's single example, where JSON Schema has a list.
				if len(p.PropertySchema.Examples) == 1 {
					p.PropertySchema.WithExtraPropertiesItem("example", p.PropertySchema.Examples[0])
					p.PropertySchema.Examples = nil
				}
				return nil
			}),
		)
		if err != nil {
			t.Fatalf("%v: %v", ty, err)
		}
		for name, d := range sc.Definitions {
			if _, seen := lib[name]; !seen {
				lib[name], _ = json.Marshal(d)
			}
		}
	}
}

// crosscheckNorm walks the document's schema a and the library's b together: an enum the
// library leaves as an @name (the document's lists kept in Go) is compared by name only, and
// required lists in any order.
func crosscheckNorm(a, b any) {
	am, aok := a.(map[string]any)
	bm, bok := b.(map[string]any)
	if !aok || !bok {
		as, aok := a.([]any)
		bs, bok := b.([]any)
		if aok && bok && len(as) == len(bs) {
			for i := range as {
				crosscheckNorm(as[i], bs[i])
			}
		}
		return
	}
	if e, ok := bm["enum"].([]any); ok && len(e) == 1 {
		if s, _ := e[0].(string); strings.HasPrefix(s, "@") {
			delete(am, "enum")
			delete(bm, "enum")
			// The document puts a list field's values on its items.
			if items, ok := am["items"].(map[string]any); ok {
				delete(items, "enum")
			}
		}
	}
	for _, m := range []map[string]any{am, bm} {
		if r, ok := m["required"].([]any); ok {
			slices.SortFunc(r, func(x, y any) int { return strings.Compare(x.(string), y.(string)) })
		}
	}
	for k, v := range am {
		crosscheckNorm(v, bm[k])
	}
}

// crosscheckDiff lists where a and b differ, a line per path.
func crosscheckDiff(at string, a, b any) string {
	am, aok := a.(map[string]any)
	bm, bok := b.(map[string]any)
	if aok && bok {
		keys := map[string]bool{}
		for k := range am {
			keys[k] = true
		}
		for k := range bm {
			keys[k] = true
		}
		out := ""
		for _, k := range slices.Sorted(maps.Keys(keys)) {
			out += crosscheckDiff(at+"/"+k, am[k], bm[k])
		}
		return out
	}
	if reflect.DeepEqual(a, b) {
		return ""
	}
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	return fmt.Sprintf("\n  %s: document %s, library %s", at, ja, jb)
}
