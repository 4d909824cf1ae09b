package auth_test

import (
	"context"
	"net"
	"strconv"
	"testing"

	"portal/provider"
	"portal/server"
	"portal/server/servertest"
)

// Failed logins and the refusal that follows are recorded with the client address the
// trusted-proxy rules give, in the organisation of the person whose address was typed.
func TestAuditFailedLoginsAndLockout(t *testing.T) {
	proxies, _ := server.ParseTrustedProxies("127.0.0.1")
	h := newHarness(t, func(d *server.Deps) { d.Config.LoginIPLimit, d.Config.TrustedProxies = 2, proxies })
	n := newNetClient(t, "http://"+net.JoinHostPort("127.0.0.1", strconv.Itoa(serve(t, h, "127.0.0.1:0").Port)))
	for i, want := range []int{401, 401, 429} {
		if got := loginAttempt(t, n, emailObserver, "X-Forwarded-For", "198.51.100.9"); got != want {
			t.Fatalf("attempt %d: %d, want %d", i+1, got, want)
		}
	}
	entries := func(kind provider.AuditKind) []provider.AuditEntry {
		p, err := h.Store.AuditEntries(context.Background(), servertest.OrgNordic, provider.AuditFilter{Kind: kind, Email: emailObserver})
		if err != nil {
			t.Fatal(err)
		}
		return p.Entries
	}
	failed, locked := entries(provider.AuditLoginFailed), entries(provider.AuditLockout)
	if len(failed) != 2 || len(locked) != 1 {
		t.Fatalf("%d failed logins and %d lockouts recorded, want 2 and 1", len(failed), len(locked))
	}
	for _, e := range append(failed, locked...) {
		if e.Actor.ClientIP != "198.51.100.9" || e.Actor.Path != "/login" || e.Actor.Role != provider.RoleObserver {
			t.Errorf("%s entry's actor %+v", e.Kind, e.Actor)
		}
	}
	if v, err := h.Store.VerifyAudit(context.Background(), ""); err != nil || !v.OK {
		t.Errorf("verify %+v %v", v, err)
	}
}
