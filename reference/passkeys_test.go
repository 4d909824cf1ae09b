package reference

import (
	"context"
	"portal/reference/demo"
	"strings"
	"testing"

	"portal/provider"
)

// The counter rule of UsePasskey, one statement: up is accepted, equal or down refused
// when counters are in use, 0 after 0 accepted (an authenticator without a counter).
func TestUsePasskeyCounter(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, _ := authStore(t)
	uid := demo.UserMFATOTPID
	add := func(t *testing.T, id string, count uint32) []byte {
		t.Helper()
		cred := []byte("cred-" + id)
		if _, err := s.AddPasskey(ctx, uid, provider.NewPasskey{CredentialID: cred, Name: id, Record: []byte("{}"), SignCount: count}); err != nil {
			t.Fatal(err)
		}
		return cred
	}
	cases := []struct {
		name         string
		stored, uses uint32
		code         string
		msg          string
		after        uint32
	}{
		{"up", 5, 6, "", "", 6},
		{"equal", 5, 5, provider.EINVALID, provider.MsgPasskeyCloned, 5},
		{"down", 5, 2, provider.EINVALID, provider.MsgPasskeyCloned, 5},
		{"back to zero", 5, 0, provider.EINVALID, provider.MsgPasskeyCloned, 5},
		{"no counter", 0, 0, "", "", 0},
		{"a counter starts", 0, 1, "", "", 1},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			cred := add(t, tc.name, tc.stored)
			wantErr(t, s.UsePasskey(ctx, uid, cred, tc.uses), tc.code, tc.msg)
			keys, err := s.Passkeys(ctx, uid)
			if err != nil {
				t.Fatal(err)
			}
			for _, k := range keys {
				if k.Name == tc.name && k.SignCount != tc.after {
					t.Errorf("counter %d, want %d", k.SignCount, tc.after)
				}
			}
		})
	}
	wantErr(t, s.UsePasskey(ctx, demo.UserMFASMSID, []byte("cred-up"), 100), provider.ENOTFOUND, provider.MsgPasskeyNotFound)

	// Eight uses racing with one value: exactly one passes.
	cred := add(t, "race", 1)
	exactlyOnePasses(t, 8, func() error { return s.UsePasskey(ctx, uid, cred, 2) })
}

// Names: trimmed, required, at most 64 characters (counted as characters); renaming and
// removing find only the user's own passkeys.
func TestPasskeyNamesAndOwnership(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, _ := authStore(t)
	uid, other := demo.UserMFATOTPID, demo.UserMFASMSID
	_, err := s.AddPasskey(ctx, uid, provider.NewPasskey{CredentialID: []byte("c"), Name: "  ", Record: []byte("{}")})
	wantErr(t, err, provider.EINVALID, provider.MsgPasskeyNameRequired)
	_, err = s.AddPasskey(ctx, uid, provider.NewPasskey{CredentialID: []byte("c"), Name: strings.Repeat("ø", 65), Record: []byte("{}")})
	wantErr(t, err, provider.EINVALID, provider.MsgPasskeyNameTooLong)
	p, err := s.AddPasskey(ctx, uid, provider.NewPasskey{CredentialID: []byte("c"), Name: " " + strings.Repeat("ø", 64) + " ", Record: []byte("{}")})
	if err != nil || p.Name != strings.Repeat("ø", 64) {
		t.Fatalf("%q %v", p.Name, err)
	}
	_, err = s.AddPasskey(ctx, other, provider.NewPasskey{CredentialID: []byte("c"), Name: "mine", Record: []byte("{}")})
	wantErr(t, err, provider.ECONFLICT, provider.MsgPasskeyRegistered)
	wantErr(t, s.RenamePasskey(ctx, other, p.ID, "mine"), provider.ENOTFOUND, provider.MsgPasskeyNotFound)
	wantErr(t, s.RemovePasskey(ctx, other, p.ID), provider.ENOTFOUND, provider.MsgPasskeyNotFound)
	wantErr(t, s.RenamePasskey(ctx, uid, p.ID, " Laptop "), "", "")
	wantErr(t, s.RemovePasskey(ctx, uid, p.ID), "", "")
	if keys, _ := s.Passkeys(ctx, uid); len(keys) != 0 {
		t.Fatalf("left %v", keys)
	}
}
