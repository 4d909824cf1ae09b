package api

import (
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"testing"
)

// TestAPITimePattern: the document's pattern for time parameters takes
// exactly what Time reads.
func TestAPITimePattern(t *testing.T) {
	re := regexp.MustCompile(TimePattern)
	for _, v := range []string{"2026-11-01", "2026-11-01 10:00:00", "2026-11-01T10:00:00", "2026-11-01T10:00:00Z",
		"2026-11-01T10:00:00.5+02:00", "2026-11-01 10:00", "01.11.2026", "2026-11-01Z", "2026-11-01 10:00:00Z", "yesterday"} {
		_, ok := Time(v)
		if re.MatchString(v) != ok {
			t.Errorf("%q: pattern %v, Time %v", v, re.MatchString(v), ok)
		}
	}
}

// probeConstrained carries a tag of each constraint kind the reflector reads.
type probeConstrained struct {
	_    struct{} `name:"Probe" minProperties:"1" maxProperties:"2"`
	Name string   `json:"name" required:"true" minLength:"1" maxLength:"5" pattern:"^[a-z]+$"`
	Size int      `json:"size" minimum:"1" maximum:"50"`
	Day  string   `json:"day" format:"date"`
	Kind string   `json:"kind" enum:"a,b"`
}

// TestOpenAPIConstraintTags: each kind of constraint reaches the schema;
// a request body requires only what is tagged required, and a type that is
// a reply too gets a request component of its own.
func TestOpenAPIConstraintTags(t *testing.T) {
	r := NewReflector()
	typ := reflect.TypeFor[probeConstrained]()
	r.schema(typ)
	ref := r.RequestSchema(typ)
	if ref.Ref != oaRefPrefix+"ProbeInput" {
		t.Fatalf("request component %q", ref.Ref)
	}
	reply, req := r.components["Probe"], r.components["ProbeInput"]
	if !slices.Equal(reply.Required, []string{"name", "size", "day", "kind"}) || !slices.Equal(req.Required, []string{"name"}) {
		t.Errorf("required: reply %v, request %v", reply.Required, req.Required)
	}
	n := func(p *int) string {
		if p == nil {
			return "-"
		}
		return strconv.Itoa(*p)
	}
	name, size := req.Properties["name"], req.Properties["size"]
	for _, c := range []struct{ kind, got, want string }{
		{"minProperties", n(req.MinProperties), "1"},
		{"maxProperties", n(req.MaxProperties), "2"},
		{"minLength", n(name.MinLength), "1"},
		{"maxLength", n(name.MaxLength), "5"},
		{"pattern", name.Pattern, "^[a-z]+$"},
		{"minimum", n(size.Minimum), "1"},
		{"maximum", n(size.Maximum), "50"},
		{"format", req.Properties["day"].Format, "date"},
		{"enum", req.Properties["kind"].Enum[1], "b"},
	} {
		if c.got != c.want {
			t.Errorf("%s: %s, want %s", c.kind, c.got, c.want)
		}
	}
}
