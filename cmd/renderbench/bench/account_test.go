package bench

import (
	"bytes"
	"encoding/json"
	"net/url"
	"os"
	"testing"

	"portal/reference"
	"portal/reference/demo"
	"portal/server"
	"portal/server/accounts"
)

// AccountFixture is the props file of the AccountTransactions bench page
// (Pages): a page of the demo EUR account's movements.
const AccountFixture = "../../../testdata/bench/account.json"

// accountView is the account page's props with the shell's picker typed,
// so fixShell can fix what moves with the clock or the session.
type accountView struct {
	Shell ShellView `json:"shell"`
	accounts.AccountPageProps
}

// TestAccountFixture checks testdata/bench/account.json against the props
// the real account handler gives today for the demo data seeded at
// payoutsClock, over the 30 days before it. Regenerate it:
//
//	go test ./cmd/renderbench/bench -run TestAccountFixture -update
func TestAccountFixture(t *testing.T) {
	got := capturedAccountProps(t)
	if got.Account == nil || len(got.Account.Rows) == 0 {
		t.Fatalf("the fixture page shows no movements: %+v", got.Account)
	}
	if *update {
		b, err := json.MarshalIndent(got, "", "  ")
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(AccountFixture, append(b, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("wrote %s", AccountFixture)
		return
	}
	gb, _ := json.Marshal(got)
	if want := readFixture(t, AccountFixture, "TestAccountFixture"); !bytes.Equal(gb, want) {
		t.Fatalf("%s is not what the account handler renders today; regenerate it with\n\tgo test ./cmd/renderbench/bench -run TestAccountFixture -update\nhandler: %s\nfile:    %s",
			AccountFixture, gb, want)
	}
}

func capturedAccountProps(t *testing.T) accountView {
	t.Helper()
	now := payoutsClock()
	rng := url.Values{"type": {"custom"}, "from": {now.AddDate(0, 0, -29).Format("02-01-2006")}, "to": {now.Format("02-01-2006")},
		"return_to": {"/org/" + fixtureOrg}}
	raw := capturePage(t, "AccountTransactions", payoutsClock, func(d *server.Deps, store *reference.Store) { d.Ledger, d.Funding = store, store },
		"POST /org/"+fixtureOrg+"/date_range?"+rng.Encode(), "/org/"+fixtureOrg+"/accounts/"+demo.AccountOrg1EUR)
	var p accountView
	decodeStrict(t, raw, &p)
	fixShell(t, &p.Shell)
	if p.Account == nil {
		t.Fatalf("no account on the page: %s", raw)
	}
	// Tokens and the transfer's idempotency key are random per response.
	if b := p.Account.Buttons; b.Transfer == nil || b.Export == nil {
		t.Errorf("the fixture user has no transfer or export button: %+v", b)
	} else {
		b.Transfer.CSRF, b.Transfer.IdempotencyKey, b.Export.CSRF = fixtureCSRF, "00000000-0000-4000-8000-000000000000", fixtureCSRF
		// The export form's last day is the server's today, not the store's
		// clock: pinned like the picker's, or the fixture goes stale overnight.
		b.Export.Max = "2026-11-22"
	}
	// The funding dialog's props are untyped in the shell (its island's).
	if f, ok := p.Shell.Funding.(map[string]any); ok {
		f["csrf"] = fixtureCSRF
	} else {
		t.Errorf("the account page's shell has no funding dialog: %#v", p.Shell.Funding)
	}
	return p
}
