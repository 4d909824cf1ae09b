package bench

import (
	"bytes"
	"encoding/json"
	"net/url"
	"os"
	"testing"
	"time"

	"portal/reference"
	"portal/server"
	"portal/server/payouts"
)

// PayoutsFixture is the props file cmd/renderbench measures the Payouts page
// with (Makefile, bench): 100 rows of the demo data.
const PayoutsFixture = "../../../testdata/bench/payouts.json"

// payoutsClock is the store's clock for the fixture: the demo data are seeded
// relative to it, so the captured page is the same every day.
var payoutsClock = func() time.Time { return time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC) }

// TestPayoutsFixture checks testdata/bench/payouts.json against the props the
// real Payouts handler gives today for the demo data seeded at payoutsClock,
// over the 100 days before it. Regenerate it:
//
//	go test ./cmd/renderbench/bench -run TestPayoutsFixture -update
func TestPayoutsFixture(t *testing.T) {
	got := capturedPayoutsProps(t)
	if len(got.Rows) != 100 || got.Next == "" || got.Create == "" || got.Export == "" {
		t.Fatalf("the fixture page has %d rows (next %q), create %q, export %q", len(got.Rows), got.Next, got.Create, got.Export)
	}
	b, err := json.MarshalIndent(got, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	if *update {
		if err := os.WriteFile(PayoutsFixture, append(b, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("wrote %s", PayoutsFixture)
		return
	}
	gb, _ := json.Marshal(got)
	if want := payoutsFixture(t); !bytes.Equal(gb, want) {
		t.Fatalf("%s is not what the Payouts handler renders today; regenerate it with\n\tgo test ./cmd/renderbench/bench -run TestPayoutsFixture -update\nhandler: %s\nfile:    %s",
			PayoutsFixture, gb, want)
	}
}

// payoutsFixture is testdata/bench/payouts.json, compact.
func payoutsFixture(tb testing.TB) []byte {
	return readFixture(tb, PayoutsFixture, "TestPayoutsFixture")
}

func capturedPayoutsProps(t *testing.T) PayoutsView {
	t.Helper()
	now := payoutsClock()
	rng := url.Values{"type": {"custom"}, "from": {now.AddDate(0, 0, -100).Format("02-01-2006")}, "to": {now.Format("02-01-2006")},
		"return_to": {"/org/" + fixtureOrg + "/payouts"}}
	raw := capturePage(t, "Payouts", payoutsClock, func(d *server.Deps, store *reference.Store) { d.Payouts = store },
		"POST /org/"+fixtureOrg+"/date_range?"+rng.Encode(), "/org/"+fixtureOrg+"/payouts")
	var p PayoutsView
	decodeStrict(t, raw, &p)
	fixShell(t, &p.Shell)
	return p
}

// TestPayoutsTwinVariants renders the Payouts twin and the TSX page (goja)
// with props that take the page's other branches: a filter error, the list's
// failure, no rows, text that needs escaping, a first and a last page, the
// buttons left out.
func TestPayoutsTwinVariants(t *testing.T) {
	checkVariants(t, "Payouts", payoutsFixture(t), []twinVariant[PayoutsView]{
		{"fixture", func(*PayoutsView) {}},
		{"amount errors", func(p *PayoutsView) {
			p.Filters.Errors = map[string]string{"amountFrom": "Enter an amount of 0 or more", "amountTo": "Amount to must not be less than Amount from"}
			p.Filters.AmountFrom, p.Filters.AmountTo = "-1", `<"&'>`
			p.Rows, p.Total, p.Next, p.Prev = nil, 0, "", ""
		}},
		{"list failure, oldest first, no buttons", func(p *PayoutsView) {
			p.Failure = "Error while fetching the payout requests"
			p.Filters.Sort, p.Create, p.Export = "date", "", ""
		}},
		{"no rows, one of them", func(p *PayoutsView) {
			p.Rows, p.Total, p.Next = []payouts.PayoutRow{}, 0, ""
		}},
		{"one row, escaping, both pages", func(p *PayoutsView) {
			p.Rows = p.Rows[:1]
			p.Rows[0].Open, p.Rows[0].BusinessUnit, p.Rows[0].Reason, p.Rows[0].Note = true, "", "", `Payment <b>"&"</b>`
			p.Total, p.Prev = 1, "/org/x/payouts?cursor_before=a%2Fb&state=rejected"
			p.Filters.Clear = ""
		}},
	})
}
