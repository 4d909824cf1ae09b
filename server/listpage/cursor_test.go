package listpage

import (
	"net/url"
	"testing"

	"portal/provider"
)

func TestCursorLinks(t *testing.T) {
	kept := url.Values{"status": {"failed"}}
	for _, tc := range []struct {
		name               string
		cur                Cursor
		hasNext            bool
		next, prev         string
		here, wantN, wantP string
	}{
		{"first page", Cursor{After: "a", Before: "b"}, true, "n1", "",
			"status=failed", "/l?a=n1&status=failed", ""},
		{"a later page", Cursor{After: "a", Before: "b", Value: "c3", Direction: provider.DirectionNext}, true, "n4", "p2",
			"a=c3&status=failed", "/l?a=n4&status=failed", "/l?b=p2&status=failed"},
		{"back from a later page", Cursor{After: "a", Before: "b", Value: "c3", Direction: provider.DirectionPrev}, false, "n4", "p2",
			"b=c3&status=failed", "", "/l?b=p2&status=failed"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.cur.Here(kept).Encode(); got != tc.here {
				t.Errorf("here %q, want %q", got, tc.here)
			}
			n, p := tc.cur.Pager("/l", kept, tc.hasNext, tc.next, tc.prev)
			if n != tc.wantN || p != tc.wantP {
				t.Errorf("pager %q %q, want %q %q", n, p, tc.wantN, tc.wantP)
			}
		})
	}
	if kept.Encode() != "status=failed" {
		t.Error("the kept query was changed")
	}
}

func TestLoadStaleCursor(t *testing.T) {
	invalid := provider.Errorf(provider.EINVALID, "Invalid cursor.")
	for _, tc := range []struct {
		name      string
		cur       Cursor
		first     error
		wantCalls []string
		wantValue string
		wantErr   bool
	}{
		{"a good cursor", Cursor{Value: "c"}, nil, []string{"c"}, "c", false},
		{"a stale cursor reads the first page", Cursor{Value: "c"}, invalid, []string{"c", ""}, "", false},
		{"invalid without a cursor is the answer", Cursor{}, invalid, []string{""}, "", true},
		{"another failure is the answer", Cursor{Value: "c"}, provider.Errorf(provider.EINTERNAL, "down"), []string{"c"}, "c", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var calls []string
			cur := tc.cur
			_, err := Load(&cur, func(cursor, _ string) (int, error) {
				calls = append(calls, cursor)
				if len(calls) == 1 {
					return 0, tc.first
				}
				return 1, nil
			})
			if (err != nil) != tc.wantErr || cur.Value != tc.wantValue || len(calls) != len(tc.wantCalls) {
				t.Errorf("calls %q, cursor %q, err %v", calls, cur.Value, err)
			}
			for i := range calls {
				if calls[i] != tc.wantCalls[i] {
					t.Errorf("call %d with %q, want %q", i, calls[i], tc.wantCalls[i])
				}
			}
		})
	}
}
