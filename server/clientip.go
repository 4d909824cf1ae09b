package server

import (
	"net"
	"net/netip"
	"strings"

	"github.com/gofiber/fiber/v3"
)

// ClientIP is the address the per-address limits (log in, refresh, forgotten
// password) count. It is the connection's peer, unless that peer is one of
// Config.TrustedProxies: then X-Forwarded-For is read from the right. Each
// proxy appends the peer it saw, so the rightmost entry that is not itself a
// trusted proxy is the client; anything to its left was sent by the client
// and is not believed. A peer that is no trusted proxy gets its header
// ignored, so a client cannot spread its attempts over made-up addresses.
//
// Fiber's own TrustProxy/ProxyHeader is not used: its c.IP() returns the
// header's first (leftmost, client-written) entry, or the raw header.
func (s *Server) ClientIP(c fiber.Ctx) string {
	peer := peerAddr(c)
	if !peer.IsValid() {
		return c.IP()
	}
	var xff []string
	for _, v := range c.Request().Header.PeekAll(fiber.HeaderXForwardedFor) {
		xff = append(xff, string(v))
	}
	return forwardedClient(peer, xff, s.trustedProxy).String()
}

// forwardedClient walks the X-Forwarded-For header lines xff (in the order
// received) from the right while the hop is a trusted proxy.
func forwardedClient(peer netip.Addr, xff []string, trusted func(netip.Addr) bool) netip.Addr {
	client := peer
	for i := len(xff) - 1; i >= 0 && trusted(client); i-- {
		entries := strings.Split(xff[i], ",")
		for j := len(entries) - 1; j >= 0; j-- {
			a, ok := parseHop(entries[j])
			if !ok {
				// Not an address, so no proxy of ours wrote it: the hop
				// that handed it over is the last one known.
				return client
			}
			client = a
			if !trusted(client) {
				return client
			}
		}
	}
	return client
}

func peerAddr(c fiber.Ctx) netip.Addr {
	if t, ok := c.RequestCtx().RemoteAddr().(*net.TCPAddr); ok {
		if a, ok := netip.AddrFromSlice(t.IP); ok {
			return a.Unmap()
		}
	}
	return netip.Addr{}
}

// parseHop reads one X-Forwarded-For entry: an address, possibly with a
// port ("192.0.2.1:4711", "[2001:db8::1]:4711").
func parseHop(s string) (netip.Addr, bool) {
	s = strings.TrimSpace(s)
	if a, err := netip.ParseAddr(s); err == nil && a.Zone() == "" {
		return a.Unmap(), true
	}
	if ap, err := netip.ParseAddrPort(s); err == nil && ap.Addr().Zone() == "" {
		return ap.Addr().Unmap(), true
	}
	return netip.Addr{}, false
}

func (s *Server) trustedProxy(a netip.Addr) bool {
	for _, p := range s.Config.TrustedProxies {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

// ParseTrustedProxies reads PORTAL_TRUSTED_PROXIES: addresses and CIDR
// ranges separated by commas or spaces ("10.0.0.5, 192.168.1.0/24").
func ParseTrustedProxies(s string) ([]netip.Prefix, error) {
	var out []netip.Prefix
	for _, f := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' }) {
		if p, err := netip.ParsePrefix(f); err == nil {
			out = append(out, p.Masked())
			continue
		}
		a, err := netip.ParseAddr(f)
		if err != nil || a.Zone() != "" {
			return nil, &net.ParseError{Type: "trusted proxy (IP address or CIDR range)", Text: f}
		}
		a = a.Unmap()
		out = append(out, netip.PrefixFrom(a, a.BitLen()))
	}
	return out, nil
}
