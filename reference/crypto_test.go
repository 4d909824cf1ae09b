package reference

import (
	"context"
	"testing"
	"time"

	"portal/provider"
)

func TestCryptoTokens(t *testing.T) {
	t.Parallel()
	s := seededStore(t)
	ctx := context.Background()
	now := time.Now().UTC()
	s.now = func() time.Time { return now }

	for _, c := range []struct {
		name, org, acct string
		code            string
	}{
		{"crypto account", DemoOrg1ID, DemoAccountOrg1USDT, ""},
		{"fiat account", DemoOrg1ID, DemoAccountOrg1EUR, provider.ENOTFOUND},
		{"other organisation's wallet", DemoOrg2ID, DemoAccountOrg1USDT, provider.ENOTFOUND},
		{"unknown account", DemoOrg1ID, "4520010000000000", provider.ENOTFOUND},
	} {
		_, err := s.CryptoToken(ctx, c.org, c.acct, false)
		if provider.ErrorCode(err) != c.code || (c.code == "" && err != nil) {
			t.Errorf("%s: err %v, want code %q", c.name, err, c.code)
		}
	}

	read, err := s.CryptoToken(ctx, DemoOrg1ID, DemoAccountOrg1USDT, false)
	if err != nil {
		t.Fatal(err)
	}
	manage, err := s.CryptoToken(ctx, DemoOrg1ID, DemoAccountOrg1USDT, true)
	if err != nil {
		t.Fatal(err)
	}
	if len(read.Token) < 40 || read.Token == manage.Token || !read.ExpiresAt.Equal(now.Add(provider.CryptoTokenTTL)) {
		t.Fatalf("tokens %+v %+v", read, manage)
	}
	var stored int
	if err := s.read.QueryRowContext(ctx, `SELECT count(*) FROM crypto_widget_tokens WHERE token_hash IN (?, ?)`,
		read.Token, manage.Token).Scan(&stored); err != nil || stored != 0 {
		t.Errorf("a token is stored in clear (%d rows, %v)", stored, err)
	}

	g, err := s.ResolveCryptoToken(ctx, manage.Token)
	if err != nil || g.OrganisationID != DemoOrg1ID || g.VirtualAccountNumber != DemoAccountOrg1USDT || !g.Manage ||
		g.WalletAddress == "" || g.CryptoNetwork == "" || g.CurrencyISO != "USDT" {
		t.Fatalf("resolve manage token: %+v %v", g, err)
	}
	if g, err := s.ResolveCryptoToken(ctx, read.Token); err != nil || g.Manage {
		t.Errorf("resolve read token: %+v %v", g, err)
	}

	tampered := []byte(read.Token)
	tampered[3] ^= 1
	for _, c := range []struct{ name, token string }{
		{"empty", ""},
		{"tampered", string(tampered)},
		{"truncated", read.Token[:len(read.Token)-1]},
		{"extended", read.Token + "A"},
		{"the hash instead of the token", tokenHash(read.Token)},
	} {
		if _, err := s.ResolveCryptoToken(ctx, c.token); provider.ErrorCode(err) != provider.EUNAUTHORIZED ||
			provider.ErrorMessage(err) != provider.MsgCryptoTokenInvalid {
			t.Errorf("%s: %v; want EUNAUTHORIZED", c.name, err)
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
	// Issuing a new token clears the expired ones.
	if _, err := s.CryptoToken(ctx, DemoOrg1ID, DemoAccountOrg1USDT, false); err != nil {
		t.Fatal(err)
	}
	if err := s.read.QueryRowContext(ctx, `SELECT count(*) FROM crypto_widget_tokens`).Scan(&stored); err != nil || stored != 1 {
		t.Errorf("%d tokens left after expiry, want 1 (%v)", stored, err)
	}
}
