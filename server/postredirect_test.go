package server

import "testing"

func TestReturnInto(t *testing.T) {
	const under, fallback = "/org/1/payouts/PO-1", "/org/1/payouts/PO-1#payout-panel"
	for _, tc := range []struct{ r, want string }{
		{"", fallback},
		{under, under},
		{under + "?state=failed", under + "?state=failed"},
		{under + "#payout-panel", under + "#payout-panel"},
		{under + "/cancel", under + "/cancel"},
		{under + "0", fallback},                    // another payout whose reference starts alike
		{"/org/1/payouts/PO", fallback},            // above it
		{"https://evil.example" + under, fallback}, // another site
		{under + "?x=\r\nSet-Cookie:a", fallback},  // a header splitter
		{under + "/..\\evil.example", fallback},    // a backslash
	} {
		if got := returnInto(tc.r, under, fallback); got != tc.want {
			t.Errorf("return_to %q: %q, want %q", tc.r, got, tc.want)
		}
	}
}
