// Package listpage is what the list pages with a details panel (payouts, collection orders,
// withdrawals, batches) share: the display of amounts, days and moments
// (spec 000 §9: DD-MM-YYYY, times in UTC, amounts with the currency's decimals, grouped).
package listpage

import (
	"time"

	"portal/daterange"
	"portal/money"
)

// Amount shows an exact amount with its currency's decimals, grouped ("1,250.00"); an amount
// that does not read is shown grouped as it is.
func Amount(amount, code string) string {
	if a, err := money.ParseCurrency(amount, code); err == nil {
		amount = a.String()
	}
	return money.Group(amount)
}

// AmountCode is Amount followed by the currency's code ("1,250.00 EUR").
func AmountCode(amount, code string) string { return Amount(amount, code) + " " + code }

// RowTime is a list row's day (DD-MM-YYYY) and time of day ("15:04 UTC").
func RowTime(t time.Time) (date, clock string) {
	t = t.UTC()
	return t.Format(daterange.DisplayLayout), t.Format("15:04") + " UTC"
}

// DateTimeLayout is a moment as the panels show it, in UTC.
const DateTimeLayout = "02-01-2006 15:04:05"

// Moment shows a time as DD-MM-YYYY HH:MM:SS UTC ("" for the zero time).
func Moment(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format(DateTimeLayout) + " UTC"
}

// Day shows a YYYY-MM-DD date as DD-MM-YYYY ("" and what does not read stay as they are).
func Day(s string) string { return daterange.DisplayDay(s) }
