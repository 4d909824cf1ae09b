package demo

import (
	"fmt"
	"time"

	"portal/provider"
	"portal/reference/seeddata"
)

// FXMarkups are the demo organisations' FX markups in basis points.
func FXMarkups() []seeddata.FXMarkup {
	m := func(org, pay, buy string, bps int) seeddata.FXMarkup {
		return seeddata.FXMarkup{ID: ID("markup/" + org + "/" + pay + "/" + buy), OrganisationID: org, Pay: pay, Buy: buy, BPS: bps}
	}
	return []seeddata.FXMarkup{m(Org1ID, "ANY", "ANY", 40), m(Org1ID, "EUR", "GBP", 25), m(Org2ID, "ANY", "ANY", 75)}
}

// PayoutReports are exported payout reports for both demo organisations, enough to page
// (20 a page), over every owned account and several filter sets: most are ready, a few
// failed. None is left queued, so a fresh portal has no job waiting in the background.
func PayoutReports() []seeddata.PayoutReport {
	filters := [][]string{{}, {provider.PayoutCompleted}, {provider.PayoutRejected, provider.PayoutReturned}, {},
		{provider.PayoutProcessing, provider.PayoutPending}, {provider.PayoutCompleted, provider.PayoutReturned}}
	spans := []int{30, 7, 90, 14, 60}
	requester := map[string]string{Org1ID: UserFinanceID, Org2ID: UserMultiID}
	counts := map[string]int{Org1ID: 25, Org2ID: 22}
	var reports []seeddata.PayoutReport
	for _, o := range Organisations() {
		var accounts []string
		for _, a := range Accounts() {
			if a.Owner == o.ID {
				accounts = append(accounts, a.AccountNumber)
			}
		}
		for i := range counts[o.ID] {
			id := ID(fmt.Sprintf("payout-report/%s/%d", o.ID, i))
			reports = append(reports, seeddata.PayoutReport{
				ID: id, FileID: ID("payout-report-file/" + id), OrganisationID: o.ID,
				AccountNumber: accounts[i%len(accounts)], RequestedBy: requester[o.ID],
				StateCategories: filters[i%len(filters)], Age: time.Duration(i*55+25) * time.Hour,
				Days: spans[i%len(spans)], Failed: i%9 == 4})
		}
	}
	return reports
}
