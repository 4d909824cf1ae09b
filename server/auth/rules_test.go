package auth

import (
	"strings"
	"testing"

	"portal/provider"
	"portal/session"
)

// The tests of this area's rules that need no server: the other tests are
// of package auth_test, on servertest.

// Spec 000 §4: /mfa-verify only when MFA is enabled, configured or TOTP.
func TestMFARouting(t *testing.T) {
	for _, tc := range []struct {
		name string
		u    provider.User
		want bool
	}{
		{"nothing", provider.User{}, false},
		{"phone alone", provider.User{HasPhone: true}, false},
		{"TOTP", provider.User{HasVerifySetup: true}, true},
		{"configured", provider.User{MFAConfigured: true}, true},
		{"enabled", provider.User{MFAEnabled: true}, true},
		{"all", provider.User{HasPhone: true, HasVerifySetup: true, MFAConfigured: true, MFAEnabled: true}, true},
	} {
		if got := hasSecondFactor(&tc.u); got != tc.want {
			t.Errorf("%s: verify = %v, want %v", tc.name, got, tc.want)
		}
	}
}

func TestMFACodeHelpers(t *testing.T) {
	for raw, want := range map[string]bool{"123456": true, "123 456": true, "123-456": true, " 123456 ": true,
		"12345": false, "1234567": false, "12345a": false, "": false} {
		if _, ok := totpCode(raw); ok != want {
			t.Errorf("totpCode(%q) ok = %v", raw, ok)
		}
	}
	if got := groupSecret("JBSWY3DPEHPK3PXP12"); got != "JBSW Y3DP EHPK 3PXP 12" {
		t.Errorf("groupSecret: %q", got)
	}
	// The lock's words: TestTooMany (package server).
}

// setupOpen, the rule both the pages and the API apply at login scope.
func TestSetupOpen(t *testing.T) {
	none := provider.User{}
	totp := provider.User{HasVerifySetup: true}
	phone := provider.User{HasPhone: true}
	both := provider.User{HasVerifySetup: true, HasPhone: true, MFAConfigured: true, MFAEnabled: true}
	push := provider.User{MFAConfigured: true, MFAEnabled: true}
	login := func(confirmed ...string) *session.Session {
		s := &session.Session{Scope: session.ScopeLogin}
		for _, f := range confirmed {
			markConfirmed(s, f)
		}
		return s
	}
	for _, c := range []struct {
		name string
		u    provider.User
		sess *session.Session
		want bool
	}{
		{"no factor yet", none, login(), true},
		{"authenticator from before", totp, login(), false},
		{"phone from before", phone, login(), false},
		{"push device", push, login(), false},
		{"authenticator confirmed by this login", totp, login(factorTOTP), true},
		{"phone confirmed by this login", phone, login(factorPhone), true},
		{"authenticator confirmed, phone from before", both, login(factorTOTP), false},
		{"the other factor confirmed here only", totp, login(factorPhone), false},
		{"fully authenticated", push, &session.Session{Scope: session.ScopeDashboard}, true},
	} {
		if got := setupOpen(&c.u, c.sess); got != c.want {
			t.Errorf("%s: setupOpen = %v, want %v", c.name, got, c.want)
		}
	}
	s := login(factorTOTP, factorTOTP, factorPhone)
	if v := s.Values[valConfirmed]; strings.Count(v, factorTOTP) != 1 || !confirmedHere(s, factorPhone) {
		t.Errorf("marks %q", v)
	}
}
