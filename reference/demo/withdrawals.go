package demo

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"math/rand/v2"
	"strings"
	"time"

	"portal/currency"
	"portal/money"
	"portal/provider"
	"portal/reference/seeddata"
)

// Demo withdrawals (spec 001 §2 "Withdrawals"). Nordic Trading ApS has bank and crypto
// withdrawal accounts, one without a currency (it receives EUR), one whose currency has no
// exchange rate, an inactive link, per-currency limits, and about seventy withdrawals in
// every status over the last three months, enough to page in the default 30-day range.
// Atlantic Freight Ltd has none: its page is the spec's "unavailable" message.
//
// A withdrawal moves money, so the demo's are part of the ledger's history: withdrawalHistory
// gives the ledger history their debits and give-backs (booked in time order with the rest, so
// the running balances read right) and one extra opening funding per account for what they
// took, so every account still ends on its demo balance. withdrawalsOf then makes the requests,
// each pointing at the ledger transactions that moved its money.

type withdrawalAccount struct {
	id                                                                 int
	kind, code, iban, number, bank, clearing, label, instrument, party string
}

func withdrawalAccounts() []withdrawalAccount {
	const party = "Nordic Trading ApS"
	return []withdrawalAccount{
		{1001, "bank", "EUR", "FR7630006000011234567890189", "", "BNP Paribas", "", "BNP Paribas EUR", "SEPA", party},
		{1002, "bank", "DKK", "DK5000400440116243", "", "Danske Bank", "0040", "Danske Bank DKK", "Straksclearing", party},
		{1003, "bank", "GBP", "", "31926819", "HSBC UK", "404784", "HSBC UK GBP", "FPS", party},
		{1004, "crypto", "USDT", "", "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed", "Ethereum (ERC-20)", "", "Treasury wallet USDT", "ERC-20", party},
		{1005, "bank", "HUF", "HU42117730161111101800000000", "", "OTP Bank", "", "OTP Bank HUF", "HUF domestic", "Nordic Trading Kft."},
		{1006, "bank", "", "DE89370400440532013000", "", "Deutsche Bank", "", "Deutsche Bank (no currency set)", "SEPA", party},
		{1007, "bank", "USD", "", "80000000123456", "Barclays US", "026009593", "Barclays USD", "SWIFT", party},
	}
}

// withdrawalLinks: virtual account → withdrawal account ids; a negative id is inactive.
var withdrawalLinks = []struct {
	account string
	ids     []int
}{
	{AccountOrg1EUR, []int{1001, 1002, 1005, 1006}},
	{AccountOrg1GBP, []int{1003, 1001}},
	{AccountOrg1USD, []int{1001, -1007}},
	{AccountOrg1DKK, []int{1002}},
	{AccountOrg1USDT, []int{1004}},
}

var withdrawalLimits = []seeddata.WithdrawalLimit{
	{OrganisationID: Org1ID, CurrencyCode: "EUR", MaxAmount: "50000.00"},
	{OrganisationID: Org1ID, CurrencyCode: "GBP", MaxAmount: "40000.00"},
	{OrganisationID: Org1ID, CurrencyCode: "USD", MaxAmount: "75000.00"},
	{OrganisationID: Org1ID, CurrencyCode: "DKK", MaxAmount: "350000.00"},
	{OrganisationID: Org1ID, CurrencyCode: "USDT", MaxAmount: "40000.000000"},
}

// withdrawal is one demo withdrawal with its history.
type withdrawal struct {
	provider.WithdrawalRequest
	amount, converted money.Amount
	released          time.Time // zero unless rejected or returned
}

// withdrawals makes the demo withdrawals; the same now gives the same list, so the ledger's
// history and the requests agree.
func withdrawals(rules seeddata.Rules, now time.Time) ([]withdrawal, error) {
	accts := map[int]withdrawalAccount{}
	for _, a := range withdrawalAccounts() {
		accts[a.id] = a
	}
	codes := map[string]string{}
	scale := map[string]int64{}
	for _, a := range Accounts() {
		codes[a.AccountNumber] = a.CurrencyCode
		b, _ := money.ParseCurrency(a.Balance, a.CurrencyCode)
		scale[a.AccountNumber] = b.Minor().Int64() / 150 // well inside the balance and the limit
	}
	type pair struct {
		account string
		to      withdrawalAccount
	}
	var pairs []pair
	for _, l := range withdrawalLinks {
		for _, id := range l.ids {
			// Inactive links and the currency without a rate have no history.
			if id > 0 && accts[id].code != "HUF" {
				pairs = append(pairs, pair{l.account, accts[id]})
			}
		}
	}
	rng := rand.New(rand.NewPCG(16, 0x77d))
	reasons := []string{"invalid_creditor_account", "compliance_declined", ""}
	returns := []string{"account_closed", "beneficiary_name_mismatch"}
	var out []withdrawal
	const n = 72
	for i := range n {
		p := pairs[i%len(pairs)]
		// The newest 46 fall in the last 29 days (the page's default range), the rest before.
		var at time.Time
		if i < 46 {
			at = now.Add(-time.Duration(i)*15*time.Hour - time.Duration(20+rng.IntN(200))*time.Minute)
		} else {
			at = now.Add(-time.Duration(30+(i-46)*2)*24*time.Hour - time.Duration(rng.IntN(600))*time.Minute)
		}
		at = at.UTC().Truncate(time.Second)
		code := codes[p.account]
		dec := currency.Decimals(code)
		minor := scale[p.account]/5 + rng.Int64N(scale[p.account])
		if dec > 2 {
			minor -= minor % pow10i(dec-2) // whole cents, as people type them
		}
		amount := money.FromMinor(minor, dec)
		to := provider.WithdrawalAccount{UUID: WithdrawalAccountID(p.to.id), ID: p.to.id, Kind: p.to.kind, Currency: p.to.code,
			IBAN: p.to.iban, AccountNumber: p.to.number, BankName: p.to.bank, BankClearingSystemID: p.to.clearing, Label: p.to.label,
			LocalInstrument: p.to.instrument, PartyIdentification: provider.PartyIdentification{Name: p.to.party}}
		rate, err := rules.Quote(Org1ID, code, to.EffectiveCurrency())
		if err != nil {
			return nil, fmt.Errorf("demo: withdrawals: %w", err)
		}
		sum := sha256.Sum256([]byte(ID(fmt.Sprintf("withdrawal/%d", i))))
		w := withdrawal{amount: amount, converted: amount.Convert(rate, currency.Decimals(to.EffectiveCurrency()))}
		w.WithdrawalRequest = provider.WithdrawalRequest{ID: ID(fmt.Sprintf("withdrawal/%d", i)),
			Reference: "WD" + strings.ToUpper(hex.EncodeToString(sum[:7])), ExternalReference: fmt.Sprintf("NTW-%04d", n-i),
			DebtorAccountNumber: p.account, Amount: amount.String(), CurrencyCode: code, ConvertedAmount: w.converted.String(),
			ConvertedCurrency: to.EffectiveCurrency(), ExchangeRate: rate.String(), CreatedAt: at, CreditorAccount: provider.CreditorOf(to)}
		step := func(status string, after time.Duration, reason string) {
			t := provider.WithdrawalTransition{Status: status, CreatedAt: at.Add(after)}
			if reason != "" {
				t.ReasonCode = &provider.WithdrawalReason{ID: reason}
			}
			w.StatusTransitions = append(w.StatusTransitions, t)
			w.Status = status
			if status == provider.WithdrawalRejected || status == provider.WithdrawalReturned {
				w.released = t.CreatedAt
			}
		}
		step(provider.WithdrawalReceived, 0, "")
		age := now.Sub(at)
		switch k := i % 10; {
		case age < 3*time.Hour || i == 3:
			// Still waiting for review.
		case age < 26*time.Hour || k == 1:
			step(provider.WithdrawalProcessing, 2*time.Hour, "")
		case k == 2 || k == 6:
			step(provider.WithdrawalRejected, 40*time.Minute, reasons[(i/10)%len(reasons)])
		case k == 8:
			step(provider.WithdrawalProcessing, 2*time.Hour, "")
			step(provider.WithdrawalRejected, 5*time.Hour, reasons[(i/10+1)%len(reasons)])
		case k == 4 && age > 4*24*time.Hour:
			step(provider.WithdrawalProcessing, 2*time.Hour, "")
			step(provider.WithdrawalCompleted, 20*time.Hour, "")
			step(provider.WithdrawalReturned, 68*time.Hour, returns[(i/10)%len(returns)])
		default:
			step(provider.WithdrawalProcessing, 2*time.Hour, "")
			step(provider.WithdrawalCompleted, 20*time.Hour, "")
		}
		out = append(out, w)
	}
	return out, nil
}

// withdrawalHistory is the demo withdrawals' part of the ledger history (customer-side
// postings; the store adds the provider's side), with the extra opening funding that keeps
// each account's final balance.
func withdrawalHistory(rules seeddata.Rules, now time.Time) ([]seeddata.LedgerTransaction, error) {
	ws, err := withdrawals(rules, now)
	if err != nil {
		return nil, err
	}
	var evs []seeddata.LedgerTransaction
	taken := map[string]money.Amount{}
	var order []string
	for _, w := range ws {
		evs = append(evs, seeddata.LedgerTransaction{At: w.CreatedAt, Kind: "withdrawal", Postings: []seeddata.Posting{
			{Account: w.DebtorAccountNumber, EntryType: rules.WithdrawalEntryType(w.Status, -1), Amount: w.amount.Neg(), Reference: w.Reference, OrderID: w.ID}}})
		if !w.released.IsZero() {
			typ := rules.WithdrawalEntryType(w.Status, +1)
			evs = append(evs, seeddata.LedgerTransaction{At: w.released, Kind: typ, Postings: []seeddata.Posting{
				{Account: w.DebtorAccountNumber, EntryType: typ, Amount: w.amount, Reference: w.Reference, OrderID: w.ID}}})
			continue
		}
		if t, ok := taken[w.DebtorAccountNumber]; ok {
			taken[w.DebtorAccountNumber] = t.Add(w.amount)
		} else {
			taken[w.DebtorAccountNumber] = w.amount
			order = append(order, w.DebtorAccountNumber)
		}
	}
	start := now.Add(-HistoryDays*24*time.Hour - 30*time.Minute)
	for _, a := range order {
		evs = append(evs, seeddata.LedgerTransaction{At: start, Kind: "funding", Postings: []seeddata.Posting{
			{Account: a, EntryType: provider.EntryFunding, Amount: taken[a], Reference: "Opening funding", OrderID: "FND-WD-" + a[len(a)-4:]}}})
	}
	return evs, nil
}

// withdrawalsOf adds the withdrawal accounts, their links, the limits and the requests whose
// money the ledger history moved.
func withdrawalsOf(h *seeddata.History, now time.Time, rules seeddata.Rules) error {
	created := now.Add(-AccountsOpened)
	for _, a := range withdrawalAccounts() {
		h.WithdrawalAccounts = append(h.WithdrawalAccounts, seeddata.WithdrawalAccount{UUID: WithdrawalAccountID(a.id), ID: a.id,
			OrganisationID: Org1ID, Kind: a.kind, Currency: a.code, IBAN: a.iban, AccountNumber: a.number, BankName: a.bank,
			ClearingID: a.clearing, Label: a.label, LocalInstrument: a.instrument, PartyName: a.party, Created: created})
	}
	for _, l := range withdrawalLinks {
		for _, id := range l.ids {
			status := provider.AuthorizationActive
			if id < 0 {
				id, status = -id, provider.AuthorizationInactive
			}
			h.WithdrawalLinks = append(h.WithdrawalLinks, seeddata.WithdrawalLink{ID: ID(fmt.Sprintf("withdrawal_link/%s/%d", l.account, id)),
				OrganisationID: Org1ID, AccountNumber: l.account, WithdrawalAccountUUID: WithdrawalAccountID(id), Status: status, Created: created})
		}
	}
	h.WithdrawalLimits = append(h.WithdrawalLimits, withdrawalLimits...)
	ws, err := withdrawals(rules, now)
	if err != nil {
		return err
	}
	// The ledger transactions that moved each withdrawal's money, by its order id.
	debit, release := map[string]string{}, map[string]string{}
	for _, t := range h.Ledger {
		for _, p := range t.Postings {
			if p.OrderID == "" {
				continue
			}
			switch t.Kind {
			case provider.EntryWithdrawal:
				debit[p.Account+"/"+p.OrderID] = t.ID
			case provider.EntryWithdrawalRejected, provider.EntryWithdrawalReturned:
				release[p.Account+"/"+p.OrderID] = t.ID
			}
		}
	}
	for _, w := range ws {
		key := w.DebtorAccountNumber + "/" + w.ID
		if debit[key] == "" || (release[key] == "") != w.released.IsZero() {
			return fmt.Errorf("demo: withdrawal %s: ledger transactions missing", w.Reference)
		}
		h.Withdrawals = append(h.Withdrawals, seeddata.Withdrawal{OrganisationID: Org1ID, WithdrawalRequest: w.WithdrawalRequest,
			IdempotencyKey: "seed:" + w.ID, DebitTx: debit[key], ReleaseTx: release[key]})
	}
	return nil
}
