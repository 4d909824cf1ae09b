package servertest

import (
	"context"
	"errors"

	"portal/provider"
)

// Providers that fail in one way, for the tests of the pages that must
// carry on or word the failure (put in place with NewWith).

// FXFailingLedger is the ledger with a rate feed that does not quote DKK
// (the provider's not found) and, with Fail, is down for USD.
type FXFailingLedger struct {
	provider.Ledger
	Fail bool
}

func (f FXFailingLedger) ExchangeRate(ctx context.Context, org, pay, buy string) (provider.FXRate, error) {
	if f.Fail && buy == "USD" {
		return provider.FXRate{}, errors.New("rate feed down")
	}
	if buy == "DKK" {
		return provider.FXRate{}, provider.Errorf(provider.ENOTFOUND, "FX Rate not supported.")
	}
	return f.Ledger.ExchangeRate(ctx, org, pay, buy)
}
