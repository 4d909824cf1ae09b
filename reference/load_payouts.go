package reference

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"

	"portal/currency"
	"portal/money"
	"portal/provider"
	"portal/reference/seeddata"
)

var (
	qSeedBusinessUnitInsert = sq("seed-business-unit-insert")
	qSeedPayoutInsert       = sq("seed-payout-insert")
)

func (r loadRules) PayoutInstruments(code string) []string {
	var out []string
	for _, c := range payoutCorridors[code] {
		out = append(out, c.instrument)
	}
	return out
}

func (r loadRules) PayoutFee(code string) money.Amount { return payoutFee(code) }

func (r loadRules) PayoutLimit(code string) money.Amount {
	return money.MustParse(payoutLimit, currency.Decimals(code))
}

func (r loadRules) CheckPayout(code, instr, purpose string, amount money.Amount, sections provider.PayoutSections) (bool, string, map[string][]provider.PayoutError) {
	selected, errs := selectCapability(code, instr, sections.CreditorAccount.CountryCode)
	if errs != nil {
		return false, provider.ReasonMissingCapability, errs
	}
	reason, errs := validatePayout(&payoutRow{code: code, instr: selected, amount: amount, purpose: purpose, sections: sections})
	return true, reason, errs
}

// loadPayouts writes a history's business units and payout requests, in order.
func loadPayouts(ctx context.Context, tx *sql.Tx, h seeddata.History) error {
	for _, u := range h.BusinessUnits {
		if _, err := tx.ExecContext(ctx, qSeedBusinessUnitInsert, u.ID, u.OrganisationID, u.Name); err != nil {
			return fmt.Errorf("reference: seed business units: %w", err)
		}
	}
	js := func(v any) string { b, _ := json.Marshal(v); return string(b) }
	for i, p := range h.Payouts {
		errs := p.Errors
		if errs == nil {
			errs = map[string][]provider.PayoutError{}
		}
		updated := p.Created
		if n := len(p.Transitions); n > 0 {
			updated = p.Transitions[n-1].Timestamp
		}
		var reserved, released any
		if p.ReservedTx != "" {
			reserved = p.ReservedTx
		}
		if p.ReleasedTx != "" {
			released = p.ReleasedTx
		}
		if _, err := tx.ExecContext(ctx, qSeedPayoutInsert, p.ID, p.OrganisationID, p.AccountNumber, p.State, p.ReasonCode,
			p.Amount.String(), p.Currency, formatTime(p.Created), p.UniqueReference, p.EndToEndID, amountKey(p.Amount), p.Fee.String(),
			p.PurposeCode, p.LocalInstrument, p.BusinessUnit, p.RequestedExecutionDate, p.Source, p.BatchID, p.CreatorName,
			js(p.Sections), js(errs), js(nonNil(p.Transitions)), js(nonNil(p.Cancellations)), js(nonNil(p.Reviews)),
			formatTime(updated), reserved, released, dueArg(p.Due)); err != nil {
			return fmt.Errorf("reference: seed payout %d (%s): %w", i, p.UniqueReference, err)
		}
	}
	return nil
}
