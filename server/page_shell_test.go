package server

import (
	"reflect"
	"testing"
)

type shellDirect struct {
	Shell ShellProps
	Title string
}

type shellHead struct {
	Shell ShellProps
}

type shellEmbedded struct {
	shellHead
	Rows []string
}

type shellBehindPointer struct {
	*shellHead
}

type shellOtherType struct {
	Shell string
}

// The layout comes from the route: Render fills the props' Shell (Page.With's shell) when
// the props have one and the handler left it empty, and leaves every other props alone.
func TestPageWithShell(t *testing.T) {
	sh := ShellProps{Org: ShellOrg{ID: "org-1", Name: "Atlantic"}}
	for _, tc := range []struct {
		name  string
		with  PageWith
		want  any // the props after the shell is filled; nil: no shell to fill
		props any
	}{
		{"own field", Page[shellDirect]{name: "A"}.With(shellDirect{Title: "t"}), shellDirect{Shell: sh, Title: "t"}, nil},
		{"embedded struct's field", Page[shellEmbedded]{name: "B"}.With(shellEmbedded{Rows: []string{"r"}}),
			shellEmbedded{shellHead: shellHead{Shell: sh}, Rows: []string{"r"}}, nil},
		{"set by the handler", Page[shellDirect]{name: "C"}.With(shellDirect{Shell: ShellProps{Query: "kept"}}), nil, shellDirect{Shell: ShellProps{Query: "kept"}}},
		{"behind a pointer", Page[shellBehindPointer]{name: "D"}.With(shellBehindPointer{}), nil, shellBehindPointer{}},
		{"Shell of another type", Page[shellOtherType]{name: "E"}.With(shellOtherType{}), nil, shellOtherType{}},
		{"not a struct", Page[[]string]{name: "F"}.With([]string{"x"}), nil, []string{"x"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.want == nil {
				if tc.with.shell != nil {
					t.Fatalf("a shell to fill in %#v", tc.with.props)
				}
				if !reflect.DeepEqual(tc.with.props, tc.props) {
					t.Errorf("props %#v, want %#v", tc.with.props, tc.props)
				}
				return
			}
			if tc.with.shell == nil {
				t.Fatal("no shell to fill")
			}
			if got := tc.with.shell(sh); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("filled %#v, want %#v", got, tc.want)
			}
		})
	}
}
