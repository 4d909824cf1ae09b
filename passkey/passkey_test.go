package passkey_test

import (
	"errors"
	"testing"

	"portal/passkey"
	"portal/passkey/passkeytest"
	"portal/provider"
)

const origin = "https://portal.test"

// register runs a whole registration through go-webauthn and returns the stored passkey.
func register(t *testing.T, rp *passkey.RP, a passkey.Account, auth *passkeytest.Authenticator) provider.Passkey {
	t.Helper()
	opts, state, err := rp.BeginRegistration(a)
	if err != nil {
		t.Fatal(err)
	}
	resp, err := auth.Create(opts, origin)
	if err != nil {
		t.Fatal(err)
	}
	np, err := rp.FinishRegistration(a, state, resp)
	if err != nil {
		t.Fatalf("finish registration: %v", err)
	}
	return provider.Passkey{ID: "k1", CredentialID: np.CredentialID, Record: np.Record, SignCount: np.SignCount, Name: "Laptop"}
}

func TestCeremonies(t *testing.T) {
	rp, err := passkey.New(origin, "Portal")
	if err != nil || rp == nil || rp.ID() != "portal.test" {
		t.Fatalf("relying party %v %v", rp, err)
	}
	alice := passkey.Account{UserID: "user-a", Email: "a@example.com", Name: "A"}
	auth := &passkeytest.Authenticator{}
	alice.Keys = []provider.Passkey{register(t, rp, alice, auth)}

	login := func(t *testing.T, a passkey.Account, au *passkeytest.Authenticator, at string, state func(string) string) error {
		t.Helper()
		opts, st, err := rp.BeginLogin(a)
		if err != nil {
			t.Fatal(err)
		}
		resp, err := au.Get(opts, at)
		if err != nil {
			t.Fatal(err)
		}
		if state != nil {
			st = state(st)
		}
		use, err := rp.FinishLogin(a, st, resp)
		if err == nil && (string(use.CredentialID) != string(auth.CredentialID) || use.SignCount != au.Counter) {
			t.Errorf("use %+v, counter %d", use, au.Counter)
		}
		return err
	}

	if err := login(t, alice, auth, origin, nil); err != nil {
		t.Fatalf("login: %v", err)
	}
	cases := []struct {
		name  string
		at    string
		state func(string) string
	}{
		{"another origin", "https://evil.test", nil},
		{"no ceremony begun", origin, func(string) string { return "" }},
		{"the state of another challenge", origin, func(string) string {
			_, st, _ := rp.BeginLogin(alice)
			return st
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if err := login(t, alice, auth, tc.at, tc.state); !errors.Is(err, passkey.ErrRefused) {
				t.Fatalf("want refused, got %v", err)
			}
		})
	}

	// Bob's ceremony lists Bob's keys only: Alice's credential is not one of them.
	t.Run("another user's credential", func(t *testing.T) {
		bob := passkey.Account{UserID: "user-b", Email: "b@example.com", Name: "B"}
		bob.Keys = []provider.Passkey{register(t, rp, bob, &passkeytest.Authenticator{})}
		if err := login(t, bob, auth, origin, nil); !errors.Is(err, passkey.ErrRefused) {
			t.Fatalf("want refused, got %v", err)
		}
		// Alice's state handed to Bob's finish.
		opts, st, _ := rp.BeginLogin(alice)
		resp, _ := auth.Get(opts, origin)
		if _, err := rp.FinishLogin(bob, st, resp); !errors.Is(err, passkey.ErrRefused) {
			t.Fatalf("want refused, got %v", err)
		}
	})

	t.Run("registration from another origin", func(t *testing.T) {
		opts, state, _ := rp.BeginRegistration(alice)
		resp, _ := (&passkeytest.Authenticator{}).Create(opts, "https://evil.test")
		if _, err := rp.FinishRegistration(alice, state, resp); !errors.Is(err, passkey.ErrRefused) {
			t.Fatalf("want refused, got %v", err)
		}
	})
}

func TestNoPublicURLNoPasskeys(t *testing.T) {
	if rp, err := passkey.New("", "Portal"); rp != nil || err != nil {
		t.Fatalf("%v %v", rp, err)
	}
}
