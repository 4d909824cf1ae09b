package reference

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"fmt"
	"math/rand/v2"
	"strings"
	"time"

	"portal/currency"
	"portal/money"
	"portal/provider"
	"portal/reference/db"
	"portal/reference/demo"
)

// Demo withdrawals (spec 001 §2 "Withdrawals"). Nordic Trading ApS has bank and crypto
// withdrawal accounts, one without a currency (it receives EUR), one whose currency has no
// exchange rate, an inactive link, per-currency limits, and about seventy withdrawals in
// every status over the last three months, enough to page in the default 30-day range.
// Atlantic Freight Ltd has none: its page is the spec's "unavailable" message.
//
// A withdrawal moves money, so the demo's are part of the ledger's history: withdrawalHistory
// gives seedLedger their debits and give-backs (booked in time order with the rest, so the
// running balances read right) and one extra opening funding per account for what they took,
// so every account still ends on its demo balance. seedWithdrawals then stores the requests,
// each pointing at the ledger transactions that moved its money.

type seedWithdrawalAccount struct {
	id                                                                 int
	kind, code, iban, number, bank, clearing, label, instrument, party string
}

// The uuid of a demo withdrawal account, by its short id.
func seedWithdrawalAccountUUID(id int) string { return demo.WithdrawalAccountID(id) }

func demoWithdrawalAccounts() []seedWithdrawalAccount {
	const party = "Nordic Trading ApS"
	return []seedWithdrawalAccount{
		{1001, "bank", "EUR", "FR7630006000011234567890189", "", "BNP Paribas", "", "BNP Paribas EUR", "SEPA", party},
		{1002, "bank", "DKK", "DK5000400440116243", "", "Danske Bank", "0040", "Danske Bank DKK", "Straksclearing", party},
		{1003, "bank", "GBP", "", "31926819", "HSBC UK", "404784", "HSBC UK GBP", "FPS", party},
		{1004, "crypto", "USDT", "", "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed", "Ethereum (ERC-20)", "", "Treasury wallet USDT", "ERC-20", party},
		{1005, "bank", "HUF", "HU42117730161111101800000000", "", "OTP Bank", "", "OTP Bank HUF", "HUF domestic", "Nordic Trading Kft."},
		{1006, "bank", "", "DE89370400440532013000", "", "Deutsche Bank", "", "Deutsche Bank (no currency set)", "SEPA", party},
		{1007, "bank", "USD", "", "80000000123456", "Barclays US", "026009593", "Barclays USD", "SWIFT", party},
	}
}

// demoWithdrawalLinks: virtual account → withdrawal account ids; a negative id is inactive.
var demoWithdrawalLinks = []struct {
	account string
	ids     []int
}{
	{demo.AccountOrg1EUR, []int{1001, 1002, 1005, 1006}},
	{demo.AccountOrg1GBP, []int{1003, 1001}},
	{demo.AccountOrg1USD, []int{1001, -1007}},
	{demo.AccountOrg1DKK, []int{1002}},
	{demo.AccountOrg1USDT, []int{1004}},
}

var demoWithdrawalLimits = map[string]string{"EUR": "50000.00", "GBP": "40000.00", "USD": "75000.00", "DKK": "350000.00", "USDT": "40000.000000"}

// seedWithdrawal is one demo withdrawal with its history.
type seedWithdrawal struct {
	provider.WithdrawalRequest
	amount, converted money.Amount
	released          time.Time // zero unless rejected or returned
}

// demoWithdrawals makes the demo withdrawals; the same now gives the same list, so the
// ledger's history and the requests agree.
func demoWithdrawals(ctx context.Context, q db.DBTX, now time.Time) ([]seedWithdrawal, error) {
	accts := map[int]seedWithdrawalAccount{}
	for _, a := range demoWithdrawalAccounts() {
		accts[a.id] = a
	}
	codes := map[string]string{}
	scale := map[string]int64{}
	for _, a := range demoAccounts() {
		codes[a.AccountNumber] = a.CurrencyCode
		b, _ := money.ParseCurrency(a.Balance, a.CurrencyCode)
		scale[a.AccountNumber] = b.Minor().Int64() / 150 // well inside the balance and the limit
	}
	type pair struct {
		account string
		to      seedWithdrawalAccount
	}
	var pairs []pair
	for _, l := range demoWithdrawalLinks {
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
	var out []seedWithdrawal
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
		to := provider.WithdrawalAccount{UUID: seedWithdrawalAccountUUID(p.to.id), ID: p.to.id, Kind: p.to.kind, Currency: p.to.code,
			IBAN: p.to.iban, AccountNumber: p.to.number, BankName: p.to.bank, BankClearingSystemID: p.to.clearing, Label: p.to.label,
			LocalInstrument: p.to.instrument, PartyIdentification: provider.PartyIdentification{Name: p.to.party}}
		rate, err := quote(ctx, q, demo.Org1ID, code, to.EffectiveCurrency())
		if err != nil {
			return nil, fmt.Errorf("reference: seed withdrawals: %w", err)
		}
		sum := sha256.Sum256([]byte(seedID(fmt.Sprintf("withdrawal/%d", i))))
		w := seedWithdrawal{amount: amount, converted: amount.Convert(rate, currency.Decimals(to.EffectiveCurrency()))}
		w.WithdrawalRequest = provider.WithdrawalRequest{ID: seedID(fmt.Sprintf("withdrawal/%d", i)),
			Reference: "WD" + strings.ToUpper(hex.EncodeToString(sum[:7])), ExternalReference: fmt.Sprintf("NTW-%04d", n-i),
			DebtorAccountNumber: p.account, Amount: amount.String(), CurrencyCode: code, ConvertedAmount: w.converted.String(),
			ConvertedCurrency: to.EffectiveCurrency(), ExchangeRate: rate.String(), CreatedAt: at, CreditorAccount: provider.CreditorOf(to)}
		step := func(status string, after time.Duration, reason string) {
			t := provider.WithdrawalTransition{Status: status, CreatedAt: at.Add(after)}
			if reason != "" {
				t.ReasonCode = &provider.WithdrawalReason{ID: reason, ExternalMessage: withdrawalReasons[reason]}
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
// postings; seedLedger adds the provider's side), with the extra opening funding that keeps
// each account's final balance.
func withdrawalHistory(ctx context.Context, q db.DBTX, now time.Time) ([]histEvent, error) {
	ws, err := demoWithdrawals(ctx, q, now)
	if err != nil {
		return nil, err
	}
	var evs []histEvent
	taken := map[string]money.Amount{}
	var order []string
	for _, w := range ws {
		evs = append(evs, histEvent{at: w.CreatedAt, kind: "withdrawal", ps: []posting{
			{account: w.DebtorAccountNumber, entryType: withdrawalEntryType(w.Status, -1), amount: w.amount.Neg(), reference: w.Reference, orderID: w.ID}}})
		if !w.released.IsZero() {
			typ := withdrawalEntryType(w.Status, +1)
			kind := typ
			evs = append(evs, histEvent{at: w.released, kind: kind, ps: []posting{
				{account: w.DebtorAccountNumber, entryType: typ, amount: w.amount, reference: w.Reference, orderID: w.ID}}})
			continue
		}
		if t, ok := taken[w.DebtorAccountNumber]; ok {
			taken[w.DebtorAccountNumber] = t.Add(w.amount)
		} else {
			taken[w.DebtorAccountNumber] = w.amount
			order = append(order, w.DebtorAccountNumber)
		}
	}
	start := now.Add(-seedHistoryDays*24*time.Hour - 30*time.Minute)
	for _, a := range order {
		evs = append(evs, histEvent{at: start, kind: "funding", ps: []posting{
			{account: a, entryType: provider.EntryFunding, amount: taken[a], reference: "Opening funding", orderID: "FND-WD-" + a[len(a)-4:]}}})
	}
	return evs, nil
}

// seedWithdrawals stores the withdrawal accounts, their links, the limits and the
// withdrawal requests whose money withdrawalHistory booked.
func seedWithdrawals(ctx context.Context, tx *sql.Tx, now time.Time) error {
	created := formatTime(now.Add(-(seedHistoryDays + 1) * 24 * time.Hour))
	for _, a := range demoWithdrawalAccounts() {
		if _, err := tx.ExecContext(ctx, `INSERT INTO withdrawal_accounts (uuid, id, organisation_id, kind, currency, iban,
			account_number, bank_name, bank_clearing_system_id, label, local_instrument, party_name, created_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, seedWithdrawalAccountUUID(a.id), a.id, demo.Org1ID, a.kind, a.code,
			a.iban, a.number, a.bank, a.clearing, a.label, a.instrument, a.party, created); err != nil {
			return fmt.Errorf("reference: seed withdrawal accounts: %w", err)
		}
	}
	for _, l := range demoWithdrawalLinks {
		for _, id := range l.ids {
			status := provider.AuthorizationActive
			if id < 0 {
				id, status = -id, provider.AuthorizationInactive
			}
			if _, err := tx.ExecContext(ctx, `INSERT INTO withdrawal_account_authorizations (id, organisation_id,
				virtual_account_number, withdrawal_account_uuid, status, created_at) VALUES (?, ?, ?, ?, ?, ?)`,
				seedID(fmt.Sprintf("withdrawal_link/%s/%d", l.account, id)), demo.Org1ID, l.account, seedWithdrawalAccountUUID(id),
				status, created); err != nil {
				return fmt.Errorf("reference: seed withdrawal links: %w", err)
			}
		}
	}
	for code, max := range demoWithdrawalLimits {
		if _, err := tx.ExecContext(ctx, `INSERT INTO withdrawal_limits (organisation_id, currency_code, max_amount) VALUES (?, ?, ?)`,
			demo.Org1ID, code, max); err != nil {
			return fmt.Errorf("reference: seed withdrawal limits: %w", err)
		}
	}
	ws, err := demoWithdrawals(ctx, tx, now)
	if err != nil {
		return err
	}
	for _, w := range ws {
		var debit, release string
		rows, err := tx.QueryContext(ctx, `SELECT DISTINCT t.id, t.kind FROM ledger_entries e JOIN ledger_transactions t ON t.id = e.transaction_id
			WHERE e.account_number = ? AND e.order_id = ? AND t.kind IN ('withdrawal', 'withdrawal_rejected', 'withdrawal_returned')`,
			w.DebtorAccountNumber, w.ID)
		if err != nil {
			return fmt.Errorf("reference: seed withdrawals: %w", err)
		}
		for rows.Next() {
			var id, kind string
			if err := rows.Scan(&id, &kind); err != nil {
				rows.Close()
				return fmt.Errorf("reference: seed withdrawals: %w", err)
			}
			if kind == "withdrawal" {
				debit = id
			} else {
				release = id
			}
		}
		rows.Close()
		if debit == "" || (release == "") != w.released.IsZero() {
			return fmt.Errorf("reference: seed withdrawal %s: ledger transactions missing", w.Reference)
		}
		if err := insertWithdrawal(ctx, tx, demo.Org1ID, w.WithdrawalRequest, "seed:"+w.ID, "", "", "", debit, release); err != nil {
			return err
		}
	}
	return nil
}
