package reference

import (
	"context"
	"portal/reference/demo"
	"testing"

	"portal/provider"
)

func TestFundingInstructions(t *testing.T) {
	t.Parallel()
	s := seededStore(t)
	ctx := context.Background()

	list, err := s.FundingInstructions(ctx, demo.Org1ID)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]provider.FundingInstruction{}
	for _, f := range list {
		got[f.VirtualAccountNumber] = f
	}
	if len(got) != 5 || got[demo.AccountOrg2GBP].UUID != "" {
		t.Fatalf("org 1 sees %d instructions (%v); want its own 5 only", len(got), list)
	}
	if usdt := got[demo.AccountOrg1USDT]; !usdt.Beneficiary.Crypto() || usdt.CurrencyISO != "USDT" {
		t.Errorf("USDT instruction %+v: want a crypto wallet", usdt)
	}
	if eur := got[demo.AccountOrg1EUR]; eur.Beneficiary.Crypto() || eur.Beneficiary.IBAN == "" || eur.Changed {
		t.Errorf("EUR instruction %+v: want an unchanged bank beneficiary", eur)
	}

	cases := []struct {
		name, org, acct, uuid string
		code                  string
	}{
		{"unknown account", demo.Org1ID, "0000", "x", provider.ENOTFOUND},
		{"other organisation's account", demo.Org1ID, demo.AccountOrg2GBP, seedID("funding/" + demo.AccountOrg2GBP), provider.ENOTFOUND},
		{"shared account has none", demo.Org1ID, demo.AccountPartnerPool, "x", provider.ENOTFOUND},
		{"older configuration", demo.Org1ID, demo.AccountOrg1GBP, "11111111-1111-4111-8111-111111111111", provider.ECONFLICT},
		{"current configuration", demo.Org1ID, demo.AccountOrg1GBP, got[demo.AccountOrg1GBP].UUID, ""},
		{"again: a no-op", demo.Org1ID, demo.AccountOrg1GBP, got[demo.AccountOrg1GBP].UUID, ""},
	}
	for _, c := range cases {
		err := s.AcceptFundingChanges(ctx, c.org, c.acct, c.uuid)
		if provider.ErrorCode(err) != c.code || (c.code == "" && err != nil) {
			t.Errorf("%s: err %v, want code %q", c.name, err, c.code)
		}
	}
	gbp, err := s.FundingInstruction(ctx, demo.Org1ID, demo.AccountOrg1GBP)
	if err != nil || gbp.Changed {
		t.Errorf("GBP after accepting: %+v %v; want changed false", gbp, err)
	}
	if _, err := s.FundingInstruction(ctx, demo.Org2ID, demo.AccountOrg1EUR); provider.ErrorMessage(err) != provider.MsgFundingUnavailable {
		t.Errorf("cross-organisation read: %v", err)
	}
}
