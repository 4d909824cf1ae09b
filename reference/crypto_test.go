package reference

import (
	"context"
	"encoding/binary"
	"path/filepath"
	"testing"
	"time"

	"portal/provider"
	"portal/reference/demo"
)

func TestCryptoTokens(t *testing.T) {
	t.Parallel()
	s := seededStore(t)
	ctx := context.Background()
	now := time.Now().UTC()
	s.clock = func() time.Time { return now }

	for _, c := range []struct {
		name, org, acct string
		code            string
	}{
		{"crypto account", demo.Org1ID, demo.AccountOrg1USDT, ""},
		{"fiat account", demo.Org1ID, demo.AccountOrg1EUR, provider.ENOTFOUND},
		{"other organisation's wallet", demo.Org2ID, demo.AccountOrg1USDT, provider.ENOTFOUND},
		{"unknown account", demo.Org1ID, "4520010000000000", provider.ENOTFOUND},
	} {
		_, err := s.CryptoToken(ctx, c.org, demo.UserAdminID, c.acct, false)
		if provider.ErrorCode(err) != c.code || (c.code == "" && err != nil) {
			t.Errorf("%s: err %v, want code %q", c.name, err, c.code)
		}
	}

	read, err := s.CryptoToken(ctx, demo.Org1ID, demo.UserObserverID, demo.AccountOrg1USDT, false)
	if err != nil {
		t.Fatal(err)
	}
	manage, err := s.CryptoToken(ctx, demo.Org1ID, demo.UserAdminID, demo.AccountOrg1USDT, true)
	if err != nil {
		t.Fatal(err)
	}
	if len(read.Token) < 40 || read.Token == manage.Token || !read.ExpiresAt.Equal(now.Add(provider.CryptoTokenTTL)) {
		t.Fatalf("tokens %+v %+v", read, manage)
	}

	g, err := s.ResolveCryptoToken(ctx, manage.Token)
	if err != nil || g.OrganisationID != demo.Org1ID || g.VirtualAccountNumber != demo.AccountOrg1USDT || !g.Manage ||
		g.WalletAddress == "" || g.CryptoNetwork == "" || g.CurrencyISO != "USDT" ||
		g.UserID != demo.UserAdminID || g.Role != provider.RoleAdmin || !g.ExpiresAt.Equal(manage.ExpiresAt) {
		t.Fatalf("resolve manage token: %+v %v", g, err)
	}
	if g, err := s.ResolveCryptoToken(ctx, read.Token); err != nil || g.Manage || g.UserID != demo.UserObserverID || g.Role != provider.RoleObserver {
		t.Errorf("resolve read token: %+v %v", g, err)
	}

	// Re-encoded with a field changed but the signature kept: scope, expiry, account and
	// user are all under the signature.
	resign := func(edit func(b []byte) []byte) string {
		b, err := cryptoTokenEncoding.DecodeString(read.Token)
		if err != nil {
			t.Fatal(err)
		}
		return cryptoTokenEncoding.EncodeToString(edit(b))
	}
	tampered := []byte(read.Token)
	tampered[3] ^= 1
	for _, c := range []struct{ name, token string }{
		{"empty", ""},
		{"tampered", string(tampered)},
		{"truncated", read.Token[:len(read.Token)-1]},
		{"extended", read.Token + "A"},
		{"the hash instead of the token", tokenHash(read.Token)},
		{"too long", string(make([]byte, cryptoTokenMaxLen+4))},
		{"scope raised", resign(func(b []byte) []byte { b[9] |= cryptoTokenManage; return b })},
		{"expiry moved", resign(func(b []byte) []byte {
			binary.BigEndian.PutUint64(b[1:9], uint64(now.Add(time.Hour).UnixNano()))
			return b
		})},
		{"account changed", resign(func(b []byte) []byte { b[cryptoTokenFixed+1+len(demo.Org1ID)+1+15]++; return b })},
		{"tag only", resign(func(b []byte) []byte { return b[len(b)-cryptoTokenTag:] })},
		{"padded", read.Token + "=="},
	} {
		if _, err := s.ResolveCryptoToken(ctx, c.token); provider.ErrorCode(err) != provider.EUNAUTHORIZED ||
			provider.ErrorMessage(err) != provider.MsgCryptoTokenInvalid {
			t.Errorf("%s: %v; want EUNAUTHORIZED", c.name, err)
		}
	}

	// The user is bound: a token for someone not (or no longer) an active member opens nothing.
	for _, user := range []string{demo.UserNoOrgID, demo.UserDisabledID, "someone-else"} {
		tok, err := s.CryptoToken(ctx, demo.Org1ID, user, demo.AccountOrg1USDT, false)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.ResolveCryptoToken(ctx, tok.Token); provider.ErrorCode(err) != provider.EUNAUTHORIZED {
			t.Errorf("token of %s: %v; want EUNAUTHORIZED", user, err)
		}
	}

	now = now.Add(provider.CryptoTokenTTL - time.Second)
	if _, err := s.ResolveCryptoToken(ctx, read.Token); err != nil {
		t.Errorf("a second before expiry: %v", err)
	}
	now = now.Add(time.Second)
	if _, err := s.ResolveCryptoToken(ctx, read.Token); provider.ErrorCode(err) != provider.EUNAUTHORIZED {
		t.Errorf("at expiry: %v; want EUNAUTHORIZED", err)
	}
}

// TestCryptoTokenWritesNothing: issuing a token, the API's GET, commits nothing to the
// database, and the key it is signed with is the store's: kept across restarts, and
// another store's tokens are refused.
func TestCryptoTokenWritesNothing(t *testing.T) {
	skipOnPostgres(t, "counts commits with PRAGMA data_version")
	t.Parallel()
	path := filepath.Join(t.TempDir(), "portal.db")
	s := openTestStoreNoCleanup(t, path)
	ctx := context.Background()
	if _, err := demo.Seed(ctx, s, demo.Options{}); err != nil {
		t.Fatal(err)
	}
	// data_version is per connection and moves when another one commits: pin one.
	conn, err := s.read.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	version := func() (v int64) {
		if err := conn.QueryRowContext(ctx, `PRAGMA data_version`).Scan(&v); err != nil {
			t.Fatal(err)
		}
		return v
	}
	before := version()
	tok, err := s.CryptoToken(ctx, demo.Org1ID, demo.UserAdminID, demo.AccountOrg1USDT, true)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.ResolveCryptoToken(ctx, tok.Token); err != nil {
		t.Fatal(err)
	}
	if after := version(); after != before {
		t.Errorf("issuing a token wrote to the database (data_version %d → %d)", before, after)
	}
	conn.Close()
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}

	again := openTestStore(t, path)
	if _, err := again.ResolveCryptoToken(ctx, tok.Token); err != nil {
		t.Errorf("after a restart: %v", err)
	}
	other := seededStore(t)
	if _, err := other.ResolveCryptoToken(ctx, tok.Token); provider.ErrorCode(err) != provider.EUNAUTHORIZED {
		t.Errorf("another store's token: %v; want EUNAUTHORIZED", err)
	}
}
