package server

import (
	"net/netip"
	"slices"
	"testing"
)

func TestParseTrustedProxies(t *testing.T) {
	cases := []struct {
		in   string
		want []string
		err  bool
	}{
		{"", nil, false},
		{"10.0.0.5", []string{"10.0.0.5/32"}, false},
		{"10.0.0.5, 192.168.1.7/24 2001:db8::1", []string{"10.0.0.5/32", "192.168.1.0/24", "2001:db8::1/128"}, false},
		{"::ffff:10.0.0.5", []string{"10.0.0.5/32"}, false},
		{"10.0.0.300", nil, true},
		{"proxy.internal", nil, true},
		{"fe80::1%eth0", nil, true},
	}
	for _, tc := range cases {
		got, err := ParseTrustedProxies(tc.in)
		if tc.err {
			if err == nil {
				t.Errorf("%q: want an error, got %v", tc.in, got)
			}
			continue
		}
		if err != nil {
			t.Errorf("%q: %v", tc.in, err)
			continue
		}
		var s []string
		for _, p := range got {
			s = append(s, p.String())
		}
		if !slices.Equal(s, tc.want) {
			t.Errorf("%q: %v, want %v", tc.in, s, tc.want)
		}
	}
}

func TestForwardedClient(t *testing.T) {
	proxies, _ := ParseTrustedProxies("10.0.0.0/8, 2001:db8::/32")
	s := &Server{Deps: Deps{Config: Config{TrustedProxies: proxies}}}
	a := netip.MustParseAddr
	cases := []struct {
		name string
		peer string
		xff  []string
		want string
	}{
		{"untrusted peer: its header is ignored", "203.0.113.9", []string{"198.51.100.1"}, "203.0.113.9"},
		{"trusted peer without a header", "10.0.0.2", nil, "10.0.0.2"},
		{"trusted peer names the client", "10.0.0.2", []string{"198.51.100.1"}, "198.51.100.1"},
		{"entries the client wrote are not believed", "10.0.0.2", []string{"1.1.1.1, 8.8.8.8, 198.51.100.1"}, "198.51.100.1"},
		{"a chain of trusted proxies", "10.0.0.2", []string{"198.51.100.1, 10.1.2.3, 10.9.9.9"}, "198.51.100.1"},
		{"several header lines in order", "10.0.0.2", []string{"6.6.6.6, 198.51.100.1", "10.1.2.3"}, "198.51.100.1"},
		{"garbage to the left of the client", "10.0.0.2", []string{"<script>, 198.51.100.1"}, "198.51.100.1"},
		{"garbage from a trusted hop: the last hop known", "10.0.0.2", []string{"198.51.100.1, unknown"}, "10.0.0.2"},
		{"an empty entry", "10.0.0.2", []string{"198.51.100.1,"}, "10.0.0.2"},
		{"with ports", "10.0.0.2", []string{"[2001:db9::7]:4711, 10.1.2.3:80"}, "2001:db9::7"},
		{"IPv6 proxy", "2001:db8::1", []string{"198.51.100.1"}, "198.51.100.1"},
		{"IPv4-mapped client", "10.0.0.2", []string{"::ffff:198.51.100.1"}, "198.51.100.1"},
		{"only trusted hops: the leftmost", "10.0.0.2", []string{"10.5.5.5, 10.6.6.6"}, "10.5.5.5"},
	}
	for _, tc := range cases {
		if got := forwardedClient(a(tc.peer), tc.xff, s.trustedProxy); got.String() != tc.want {
			t.Errorf("%s: %s, want %s", tc.name, got, tc.want)
		}
	}
}
