package search

import (
	"net/url"
	"time"

	"github.com/gofiber/fiber/v3"

	"portal/access"
	"portal/provider"
	"portal/server"
	"portal/server/accounts"
	"portal/server/collections"
	"portal/server/payouts"
	"portal/server/withdrawals"
)

// paymentLabel is a payment status as the payment's details show it.
func paymentLabel(status string) string {
	if l, ok := provider.PaymentStatusLabel(status); ok {
		return l
	}
	return provider.CollectionStatusName(status)
}

// The five record kinds and what finds them: the page and the API run the same lookups, so
// what a user may see is decided once.

// Kinds of records, as the results' addresses name them (search/{kind}/{id}).
const (
	kindTransactions = "transactions"
	kindPayouts      = "payouts"
	kindOrders       = "orders"
	kindPayments     = "payments"
	kindWithdrawals  = "withdrawals"
)

// kind is one group of the results: its title and the permission that shows it (the same
// the kind's own pages need).
type kind struct {
	key, title string
	perm       access.Permission
}

// kinds are the groups in the spec's order.
var kinds = []kind{
	{kindTransactions, "Account Transactions", access.AccountsRead},
	{kindPayouts, "Payout requests", access.PayoutsRead},
	{kindOrders, "Collection Orders", access.CollectionOrdersRead},
	{kindPayments, "Collection Order Payments", access.CollectionOrdersRead},
	{kindWithdrawals, "Withdrawals", access.WithdrawalsRead},
}

// hit is one found record, with its provider's values (the API's) and its own page.
type hit struct {
	id, reference, endToEndID, status, amount, currency, account string
	// label is the status as the kind's own pages show it.
	label   string
	created time.Time
	href    string
}

// found is one group's answer: searched is false when the user may not read the kind (it
// is then not shown), err when the provider failed.
type found struct {
	kind
	searched bool
	hits     []hit
	// total counts every match: transactions may have more than the first page's hits.
	total int
	err   error
}

// query is a search: the trimmed text and the creation period (after inclusive, before
// exclusive).
type query struct {
	q             string
	after, before time.Time
}

// The spec's default period: from 1900-01-01 to tomorrow (its whole day).
var defaultStart = time.Date(1900, 1, 1, 0, 0, 0, 0, time.UTC)

func defaultEnd(now time.Time) time.Time {
	y, m, d := now.UTC().Date()
	return time.Date(y, m, d+1, 0, 0, 0, 0, time.UTC)
}

// Query parameters of the page and the API.
const (
	qText      = "q"
	qStart     = "start_date"
	qEnd       = "end_date"
	apiQText   = "unique_identifier"
	dateLayout = "2006-01-02"
)

// readPeriod reads start_date and end_date (YYYY-MM-DD, both days included); the parameter
// at fault is named when one is not a date or the end comes before the start.
func readPeriod(c fiber.Ctx, now time.Time) (after, before time.Time, bad string) {
	after, end := defaultStart, defaultEnd(now)
	for _, p := range []struct {
		name string
		dst  *time.Time
	}{{qStart, &after}, {qEnd, &end}} {
		if v := c.Query(p.name); v != "" {
			t, err := time.ParseInLocation(dateLayout, v, time.UTC)
			if err != nil {
				return after, end, p.name
			}
			*p.dst = t
		}
	}
	if end.Before(after) {
		return after, end, qEnd
	}
	return after, end.AddDate(0, 0, 1), ""
}

// keep is the query the results' links carry: the text and the dates as given.
func keep(c fiber.Ctx, q string) url.Values {
	v := url.Values{qText: {q}}
	for _, k := range []string{qStart, qEnd} {
		if s := c.Query(k); s != "" {
			v.Set(k, s)
		}
	}
	return v
}

// within is whether t falls in q's period.
func (q query) within(t time.Time) bool { return !t.Before(q.after) && t.Before(q.before) }

// find runs the lookups of the kinds the permissions allow, for the organisation orgID. With
// transactions false the Account Transactions group is left to the caller (the page pages
// it), and only its permission is recorded.
func (s area) find(c fiber.Ctx, orgID string, can access.Set, q query, transactions bool) []found {
	ctx := c.Context()
	out := make([]found, 0, len(kinds))
	for _, k := range kinds {
		f := found{kind: k, searched: can.Has(k.perm), hits: []hit{}}
		if !f.searched || q.q == "" || len([]rune(q.q)) > provider.MaxSearchQueryLen {
			out = append(out, f)
			continue
		}
		add := func(h hit) {
			if q.within(h.created) {
				f.hits = append(f.hits, h)
			}
		}
		switch k.key {
		case kindTransactions:
			if !transactions {
				break
			}
			if s.Ledger == nil {
				f.searched = false
				break
			}
			page, err := s.Ledger.SearchMovements(ctx, orgID, provider.MovementSearch{Query: q.q, CreatedAfter: q.after, CreatedBefore: q.before})
			f.err, f.total = err, page.Total
			for _, e := range page.Entries {
				add(hit{id: e.ID, reference: e.Reference, status: e.EntryType, label: e.EntryType, amount: e.Amount, currency: e.Currency,
					account: e.AccountNumber, created: e.Date, href: accounts.EntryHref(s.Server, orgID, e.AccountNumber, e.ID)})
			}
		case kindPayouts:
			if s.Payouts == nil {
				f.searched = false
				break
			}
			ps, err := s.Payouts.FindPayouts(ctx, orgID, q.q)
			f.err = err
			for _, p := range ps {
				add(hit{id: p.UniqueReference, reference: p.UniqueReference, endToEndID: p.EndToEndID, status: p.Status, label: payouts.StatusLabel(p),
					amount: p.Amount, currency: p.Currency, account: p.DebtorAccount, created: p.CreatedAt,
					href: s.Path("org.payout", orgID, p.UniqueReference) + "#payout-panel"})
			}
		case kindOrders:
			if s.Collections == nil {
				f.searched = false
				break
			}
			os, err := s.Collections.FindCollectionOrders(ctx, orgID, q.q)
			f.err = err
			for _, o := range os {
				add(hit{id: o.UUID, reference: o.UniqueReference, endToEndID: o.Reference, status: o.Status, label: provider.CollectionStatusName(o.Status), amount: o.Amount,
					currency: o.CurrencyCode, account: o.VirtualAccountNumber, created: o.CreatedAt,
					href: s.Path("org.collection_order", orgID, o.UUID) + "#order-panel"})
			}
		case kindPayments:
			if s.Collections == nil {
				f.searched = false
				break
			}
			ps, err := s.Collections.FindCollectionPayments(ctx, orgID, q.q)
			f.err = err
			for _, p := range ps {
				add(hit{id: p.UUID, reference: p.UniqueReference, endToEndID: p.Order.Reference, status: p.Status, label: paymentLabel(p.Status), amount: p.Order.Amount,
					currency: p.Order.Currency, created: p.CreatedAt, href: collections.PaymentHref(s.Server, orgID, p) + "#order-panel"})
			}
		case kindWithdrawals:
			if s.Withdrawals == nil {
				f.searched = false
				break
			}
			ws, err := s.Withdrawals.FindWithdrawals(ctx, orgID, q.q)
			f.err = err
			for _, w := range ws {
				add(hit{id: w.Reference, reference: w.Reference, endToEndID: w.ExternalReference, status: w.Status, label: withdrawals.StatusLabel(w.Status), amount: w.Amount,
					currency: w.CurrencyCode, account: w.DebtorAccountNumber, created: w.CreatedAt,
					href: s.Path("org.withdrawal", orgID, w.Reference) + "#withdrawal-panel"})
			}
		}
		if f.err != nil {
			s.Logger.Error("search", "kind", k.key, "request_id", server.Req(c).ID, "err", f.err)
			f.hits = []hit{}
		}
		if k.key != kindTransactions {
			f.total = len(f.hits)
		}
		out = append(out, f)
	}
	return out
}
