package api

import (
	"encoding/json"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"portal/provider"
)

// Types for TestOAReflector.
type (
	oaTestInner struct {
		_    struct{} `description:"The inner thing."`
		Code string   `json:"code" enum:"a,b"`
	}
	oaTestExtra struct {
		Token string `json:"token,omitempty" required:"true" description:"Set when present."`
	}
	oaTestFlat struct {
		Flat string `json:"flat"`
	}
	oaTestReply struct {
		_       struct{}          `name:"Renamed" description:"A reply."`
		ID      string            `json:"id" format:"uuid" description:"Its id."`
		Count   int               `json:"count" example:"3"`
		Share   float64           `json:"share"`
		On      bool              `json:"on,omitempty"`
		At      time.Time         `json:"at"`
		Later   time.Time         `json:"later,omitzero"`
		Inner   oaTestInner       `json:"inner" description:"Beside the reference."`
		Many    []oaTestInner     `json:"many"`
		ByKey   map[string]int    `json:"by_key"`
		Any     any               `json:"any"`
		Maybe   *bool             `json:"maybe,omitempty"`
		Role    string            `json:"role" enum:"@roles"`
		Hidden  string            `json:"-"`
		Anon    struct{ N int }   `json:"anon"`
		Default string            `json:"default" required:"false"`
		Nested  oaTestDataBodyInt `json:"nested"`
		Hooked  *oaTestHooked     `json:"hooked,omitempty"`
		oaTestFlat
		*oaTestExtra
	}
	oaTestDataBodyInt = DataBody[int]
	// oaTestHooked describes itself, as the feature flags do.
	oaTestHooked map[string]bool
)

func (oaTestHooked) OASchema(*Reflector) *Schema {
	s := &Schema{Type: "object", AdditionalProperties: Bool("")}
	for _, f := range provider.KnownFlags() {
		s.WithProperty(f, Bool(""), true)
	}
	return s
}

func TestOAReflector(t *testing.T) {
	r := NewReflector()
	ref := r.schema(reflect.TypeFor[oaTestReply]())
	if ref.Ref != oaRefPrefix+"Renamed" {
		t.Fatalf("named struct: %+v", ref)
	}
	s := r.components["Renamed"]
	if s.Type != "object" || s.Description != "A reply." {
		t.Errorf("component %+v", s)
	}
	wantOrder := []string{"id", "count", "share", "on", "at", "later", "inner", "many", "by_key", "any", "maybe", "role",
		"anon", "default", "nested", "hooked", "flat", "token"}
	if !slices.Equal(s.PropertyNames(), wantOrder) {
		t.Errorf("properties %v, want the fields' order %v", s.PropertyNames(), wantOrder)
	}
	// omitempty, omitzero and required:"false" make a field optional; a field
	// of a struct embedded by pointer is optional whatever its tags say.
	wantRequired := []string{"id", "count", "share", "at", "inner", "many", "by_key", "any", "role", "anon", "nested", "flat"}
	if !slices.Equal(s.Required, wantRequired) {
		t.Errorf("required %v, want %v", s.Required, wantRequired)
	}
	p := s.Properties
	check := func(name string, ok bool) {
		t.Helper()
		if !ok {
			b, _ := json.Marshal(p[name])
			t.Errorf("%s: %s", name, b)
		}
	}
	check("id", p["id"].Type == "string" && p["id"].Format == "uuid" && p["id"].Description == "Its id.")
	check("count", p["count"].Type == "integer" && p["count"].Example == 3)
	check("share", p["share"].Type == "number")
	check("on", p["on"].Type == "boolean")
	check("at", p["at"].Type == "string" && p["at"].Format == "date-time")
	check("inner", p["inner"].Ref == oaRefPrefix+"OaTestInner" && p["inner"].Description == "Beside the reference.")
	check("many", p["many"].Type == "array" && p["many"].Items.Ref == oaRefPrefix+"OaTestInner" && p["many"].Items.Description == "")
	check("by_key", p["by_key"].Type == "object" && p["by_key"].AdditionalProperties.Type == "integer")
	check("any", p["any"].Type == "")
	check("maybe", p["maybe"].Type == "boolean")
	check("role", slices.Contains(p["role"].Enum, "admin"))
	check("anon", p["anon"].Type == "object" && p["anon"].Properties["N"].Type == "integer")
	check("nested", p["nested"].Type == "object" && p["nested"].Properties["data"].Type == "integer")
	check("token", p["token"].Description == "Set when present.")
	check("hooked", p["hooked"].Type == "object" && p["hooked"].Properties[provider.FlagCanaryUI] != nil)
	inner := r.components["OaTestInner"]
	if inner == nil || inner.Description != "The inner thing." || !slices.Equal(inner.Properties["code"].Enum, []string{"a", "b"}) {
		t.Errorf("inner component %+v", inner)
	}
	// The same type met again is the same reference, built once.
	if again := r.schema(reflect.TypeFor[[]oaTestInner]()); again.Items.Ref != oaRefPrefix+"OaTestInner" || len(r.components) != 2 {
		t.Errorf("again %+v, %d components", again, len(r.components))
	}

	// What the reflector cannot describe is refused when the document is
	// built, never guessed.
	for name, typ := range map[string]reflect.Type{
		"pointer without omitempty": reflect.TypeFor[struct {
			P *int `json:"p"`
		}](),
		"encodes itself": reflect.TypeFor[json.RawMessage](),
		"unknown enum": reflect.TypeFor[struct {
			E string `enum:"@nope"`
		}](),
		"example not int": reflect.TypeFor[struct {
			N int `example:"x"`
		}](),
		"int map keys": reflect.TypeFor[map[int]string](),
		"example on a ref": reflect.TypeFor[struct {
			I oaTestInner `example:"x"`
		}](),
	} {
		func() {
			defer func() {
				if p := recover(); p == nil || !strings.HasPrefix(p.(string), "openapi: ") {
					t.Errorf("%s: no panic (%v)", name, p)
				}
			}()
			NewReflector().schema(typ)
		}()
	}
	// Two types with one component name.
	func() {
		defer func() {
			if recover() == nil {
				t.Error("two types named Renamed accepted")
			}
		}()
		type other struct {
			_ struct{} `name:"Renamed"`
		}
		r.schema(reflect.TypeFor[other]())
	}()
}
