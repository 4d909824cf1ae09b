package server

import (
	"strings"
	"testing"
)

func TestPathFillsTheNamedRoute(t *testing.T) {
	s := New(Deps{}, func(*Server) Area {
		return Area{Name: "t", Routes: []*Route{
			{Name: "org.thing.submit", Method: "POST", Path: "/org/:org/things/:thing"},
			{Name: "org.thing", Method: "GET", Path: "/org/:org/things/:thing"},
			{Name: "org.things", Method: "GET", Path: "/org/:org/things"},
		}}
	})
	for _, tc := range []struct {
		name   string
		params []string
		want   string
	}{
		{"org.things", []string{"o1"}, "/org/o1/things"},
		// Each parameter path-escaped: a reference cannot add a segment or a query.
		{"org.thing", []string{"o1", "a/b?c"}, "/org/o1/things/a%2Fb%3Fc"},
		{"org.thing.submit", []string{"o1", "x"}, "/org/o1/things/x"},
	} {
		if got := s.Path(tc.name, tc.params...); got != tc.want {
			t.Errorf("Path(%q, %q) = %q, want %q", tc.name, tc.params, got, tc.want)
		}
	}
	for _, tc := range []struct {
		name   string
		params []string
		panics string
	}{
		{"org.nothing", nil, "no route named org.nothing"},
		{"org.thing", []string{"o1"}, "needs more parameters"},
		{"org.things", []string{"o1", "x"}, "takes fewer parameters"},
	} {
		func() {
			defer func() {
				if r, _ := recover().(string); !strings.Contains(r, tc.panics) {
					t.Errorf("Path(%q, %q) panicked with %q, want %q", tc.name, tc.params, r, tc.panics)
				}
			}()
			s.Path(tc.name, tc.params...)
		}()
	}
}
