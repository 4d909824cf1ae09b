package server

import (
	"net/url"
	"testing"
)

func TestLinkAndWithQuery(t *testing.T) {
	list := url.Values{"state": {"pending"}, "cursor_after": {"c1"}}
	for _, tc := range []struct {
		name string
		got  string
		want string
	}{
		{"keeps the query, sorted", Link("/p", list, ""), "/p?cursor_after=c1&state=pending"},
		{"no query, no question mark", Link("/p", nil, "#x"), "/p#x"},
		{"a value replaces", Link("/p", WithQuery(list, "state", "failed"), ""), "/p?cursor_after=c1&state=failed"},
		{"an empty value deletes", Link("/p", WithQuery(list, "cursor_after", ""), "#panel"), "/p?state=pending#panel"},
		{"several pairs in order", Link("/p", WithQuery(list, "cursor_after", "", "cursor_before", "c0"), ""), "/p?cursor_before=c0&state=pending"},
	} {
		if tc.got != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, tc.got, tc.want)
		}
	}
	if list.Get("cursor_after") != "c1" {
		t.Error("WithQuery changed its argument")
	}
}
