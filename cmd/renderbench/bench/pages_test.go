package bench

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strconv"
	"testing"

	"portal/server/accounts"
	"portal/server/createpayout"
	"portal/server/dashboard"
	"portal/server/payouts"
)

// propsTypes are the Go props types of the bench pages' components, as
// cmd/gentypes maps them to the TSX props types.
var propsTypes = map[string]reflect.Type{
	"SyntheticTransactions": reflect.TypeFor[SyntheticProps](),
	"Dashboard":             reflect.TypeFor[dashboard.DashboardProps](),
	"AccountTransactions":   reflect.TypeFor[accounts.AccountPageProps](),
	"Payouts":               reflect.TypeFor[payouts.PayoutsPageProps](),
	"CreatePayout":          reflect.TypeFor[createpayout.CreatePayoutProps](),
}

// TestPropsAreTheGoTypes reads every bench page's props into its Go props
// type and writes them back: a field the type no longer has, or one it has
// gained that the props lack, fails here rather than as a TypeError in the
// middle of `make bench`.
func TestPropsAreTheGoTypes(t *testing.T) {
	for _, p := range Pages {
		t.Run(p.Name, func(t *testing.T) {
			typ, ok := propsTypes[p.Component]
			if !ok {
				t.Fatalf("no Go props type for %s: add it to propsTypes", p.Component)
			}
			props, err := p.Props("../../..")
			if err != nil {
				t.Fatal(err)
			}
			v := reflect.New(typ)
			dec := json.NewDecoder(bytes.NewReader(props))
			dec.DisallowUnknownFields()
			if err := dec.Decode(v.Interface()); err != nil {
				t.Fatalf("props do not fit %s: %v", typ, err)
			}
			back, err := json.Marshal(v.Interface())
			if err != nil {
				t.Fatal(err)
			}
			var want, got any
			if err := json.Unmarshal(props, &want); err != nil {
				t.Fatal(err)
			}
			if err := json.Unmarshal(back, &got); err != nil {
				t.Fatal(err)
			}
			if path := firstDifference("props", want, got); path != "" {
				t.Errorf("the props and %s differ at %s (a field added, renamed or retyped since the props were written)", typ, path)
			}
		})
	}
}

// firstDifference is the path of the first place where two decoded JSON
// values differ, or "".
func firstDifference(path string, a, b any) string {
	switch a := a.(type) {
	case map[string]any:
		bm, ok := b.(map[string]any)
		if !ok {
			return path
		}
		for k := range a {
			if _, ok := bm[k]; !ok {
				return path + "." + k + " (dropped by the Go type)"
			}
		}
		for k, bv := range bm {
			av, ok := a[k]
			if !ok {
				return path + "." + k + " (missing from the props)"
			}
			if d := firstDifference(path+"."+k, av, bv); d != "" {
				return d
			}
		}
		return ""
	case []any:
		bs, ok := b.([]any)
		if !ok || len(a) != len(bs) {
			return path
		}
		for i := range a {
			if d := firstDifference(path+"["+strconv.Itoa(i)+"]", a[i], bs[i]); d != "" {
				return d
			}
		}
		return ""
	}
	if !reflect.DeepEqual(a, b) {
		return path
	}
	return ""
}

func TestFirstDifference(t *testing.T) {
	decode := func(s string) any {
		var v any
		if err := json.Unmarshal([]byte(s), &v); err != nil {
			t.Fatal(err)
		}
		return v
	}
	for _, c := range []struct{ a, b, want string }{
		{`{"a":[1,{"b":true}]}`, `{"a":[1,{"b":true}]}`, ""},
		{`{"a":1}`, `{"a":1,"from":""}`, "props.from (missing from the props)"},
		{`{"a":1,"old":2}`, `{"a":1}`, "props.old (dropped by the Go type)"},
		{`{"a":[1,{"b":true}]}`, `{"a":[1,{"b":false}]}`, "props.a[1].b"},
		{`{"a":[1]}`, `{"a":[1,2]}`, "props.a"},
		{`{"a":"1"}`, `{"a":1}`, "props.a"},
	} {
		if got := firstDifference("props", decode(c.a), decode(c.b)); got != c.want {
			t.Errorf("%s vs %s: %q, want %q", c.a, c.b, got, c.want)
		}
	}
}
