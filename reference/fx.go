package reference

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math/big"
	"sort"
	"strings"

	"portal/money"
	"portal/provider"
	"portal/reference/db"
)

var (
	qFXMarkup  = sq("fx-markup")
	qFXMarkups = sq("fx-markups")
)

// usdMid is the reference provider's mid-market rate book: US dollars per unit of each
// supported currency, as exact decimal strings. A real provider streams these; the reference
// one keeps them fixed so a quote and the transfer booked after it use the same rate.
var usdMid = map[string]string{
	"USD": "1", "EUR": "1.0850", "GBP": "1.2700", "DKK": "0.1455", "SEK": "0.0950", "NOK": "0.0930",
	"CHF": "1.1300", "PLN": "0.2500", "CZK": "0.0435", "JPY": "0.0067", "AUD": "0.6600", "CAD": "0.7350",
	"USDT": "1.0000", "USDC": "1.0000", "BTC": "65000", "ETH": "3200",
}

func midRat(code string) (*big.Rat, bool) {
	s, ok := usdMid[strings.ToUpper(code)]
	if !ok {
		return nil, false
	}
	r, ok := new(big.Rat).SetString(s)
	return r, ok
}

var errFXNotSupported = provider.Errorf(provider.ENOTFOUND, "FX Rate not supported.")

// quote returns the rate (buy units per pay unit) with orgID's markup applied, rounded down
// to money.RateDecimals. Same currency is 1 with no markup.
func quote(ctx context.Context, q db.DBTX, orgID, pay, buy string) (money.Rate, error) {
	pay, buy = strings.ToUpper(pay), strings.ToUpper(buy)
	p, ok1 := midRat(pay)
	b, ok2 := midRat(buy)
	if !ok1 || !ok2 {
		return money.Rate{}, errFXNotSupported
	}
	if pay == buy {
		return money.RateFromRat(big.NewRat(1, 1)), nil
	}
	bps, err := markupBPS(ctx, q, orgID, pay, buy)
	if err != nil {
		return money.Rate{}, err
	}
	r := new(big.Rat).Quo(p, b)
	r.Mul(r, big.NewRat(int64(10000-bps), 10000))
	return money.RateFromRat(r), nil
}

// markupBPS picks the most specific markup row ('ANY' is the wildcard); none means 0.
func markupBPS(ctx context.Context, q db.DBTX, orgID, pay, buy string) (int, error) {
	var bps int
	err := q.QueryRowContext(ctx, qFXMarkup, orgID, pay, buy).Scan(&bps)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("reference: fx markup: %w", err)
	}
	return bps, nil
}

// ExchangeRate implements provider.Ledger.
func (s *FundingService) ExchangeRate(ctx context.Context, orgID, pay, buy string) (provider.FXRate, error) {
	if err := s.orgs.organisationExists(ctx, orgID); err != nil {
		return provider.FXRate{}, err
	}
	r, err := quote(ctx, s.read, orgID, pay, buy)
	if err != nil {
		return provider.FXRate{}, err
	}
	return provider.FXRate{
		PayCurrency: strings.ToUpper(pay), BuyCurrency: strings.ToUpper(buy),
		ExchangeRate: r.String(), ReciprocalExchangeRate: r.Reciprocal().String(),
		UTCTime: s.now().UTC(),
	}, nil
}

// currencyNames are the English names of the currencies in usdMid.
var currencyNames = map[string]string{
	"USD": "US Dollar", "EUR": "Euro", "GBP": "Pound Sterling", "DKK": "Danish Krone", "SEK": "Swedish Krona",
	"NOK": "Norwegian Krone", "CHF": "Swiss Franc", "PLN": "Polish Zloty", "CZK": "Czech Koruna", "JPY": "Japanese Yen",
	"AUD": "Australian Dollar", "CAD": "Canadian Dollar", "USDT": "Tether", "USDC": "USD Coin", "BTC": "Bitcoin",
	"ETH": "Ether",
}

// Currencies implements provider.Ledger: the reference rate book's currencies.
func (s *FundingService) Currencies(ctx context.Context, orgID string) ([]provider.Currency, error) {
	if err := s.orgs.organisationExists(ctx, orgID); err != nil {
		return nil, err
	}
	out := make([]provider.Currency, 0, len(usdMid))
	for code := range usdMid {
		out = append(out, provider.Currency{ISOCode: code, Name: currencyNames[code]})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ISOCode < out[j].ISOCode })
	return out, nil
}

// Markups implements provider.Ledger.
func (s *FundingService) Markups(ctx context.Context, orgID string) ([]provider.Markup, error) {
	if err := s.orgs.organisationExists(ctx, orgID); err != nil {
		return nil, err
	}
	return collect(ctx, s.read, "fx markups", qFXMarkups, []any{orgID}, func(sc scanner) (provider.Markup, error) {
		var m provider.Markup
		err := sc.Scan(&m.ID, &m.BuyCurrencyISO, &m.PayCurrencyISO)
		return m, err
	})
}
