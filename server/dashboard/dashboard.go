// Package dashboard is the organisation's dashboard (spec 000 §2
// "Dashboard"): the accounts, FX, payout and collection widgets, the crypto
// banner and its Close, and the statistics API behind the widgets.
package dashboard

import (
	"math/big"
	"net/url"
	"strings"

	"github.com/gofiber/fiber/v3"

	"portal/access"
	"portal/currency"
	"portal/daterange"
	"portal/money"
	"portal/provider"
	"portal/server"
)

// area's handlers use the core's services through the server.
type area struct{ *server.Server }

// New is the dashboard of s.
func New(srv *server.Server) server.Area {
	s := area{srv}
	return server.Area{Name: "dashboard", Routes: []*server.Route{
		{Name: "org.dashboard", Method: "GET", Path: "/org/:org", Access: server.Dashboard, Perms: server.Perms(access.DashboardRead), Handler: s.dashboard,
			Nav: &server.NavEntry{Slot: server.NavDashboard, Label: "Dashboard", Icon: "home"}},
		{Name: "org.crypto_banner.close", Method: "POST", Path: "/org/:org/crypto_banner/close", Access: server.Dashboard,
			Perms: server.Perms(access.CryptoRead), Gate: cryptoBannerGate, GateName: "flag crypto_funding", Handler: s.cryptoBannerClose},
	}, API: s.apiOperations()}
}

func cryptoBannerGate(o *server.OrgContext) bool { return o.Flags.On(provider.FlagCryptoFunding) }

// ── Crypto banner ────────────────────────────────────────────────────────

func cryptoBannerKey(orgID string) string { return "crypto_banner_closed:" + orgID }

func (s area) cryptoBannerClose(c fiber.Ctx) error {
	rq := server.Req(c)
	if rq.Session.Values == nil {
		rq.Session.Values = map[string]string{}
	}
	rq.Session.Values[cryptoBannerKey(rq.Org.Org.ID)] = "1"
	if err := s.Sessions.Save(c.Context(), rq.Session); err != nil {
		return err
	}
	// The island closes the banner at once and only needs to know it stuck.
	if strings.Contains(c.Get(fiber.HeaderAccept), fiber.MIMEApplicationJSON) {
		return c.SendStatus(fiber.StatusNoContent)
	}
	return server.Redirect(c, s.Path("org.dashboard", rq.Org.Org.ID))
}

// ── Dashboard ────────────────────────────────────────────────────────────

// DashboardProps are the props of templates/pages/dashboard/Dashboard.tsx. A widget
// the user may not see is nil, so the page cannot show it by mistake.
type DashboardProps struct {
	Shell server.ShellProps `json:"shell"`
	// Current is false when the global range is not the past 30 days: the
	// page then offers only to switch back.
	Current     bool               `json:"current"`
	RangeLabel  string             `json:"rangeLabel"`
	Accounts    *AccountsWidget    `json:"accounts"`
	FX          *FXWidget          `json:"fx"`
	Payouts     *PayoutStatsWidget `json:"payouts"`
	Collections *CollectionsWidget `json:"collections"`
	Crypto      *CryptoBanner      `json:"crypto"`
}

type AccountsWidget struct {
	Cards []AccountCard `json:"cards"`
	// Error is the spec's text when the account list failed.
	Error string `json:"error,omitempty"`
}

type AccountCard struct {
	Number   string `json:"number"`
	Name     string `json:"name"`
	Currency string `json:"currency"`
	Flag     string `json:"flag"`
	Balance  string `json:"balance"`
	// Href is empty for an account the organisation does not own.
	Href string `json:"href,omitempty"`
}

type FXWidget struct {
	Main  string  `json:"main"`
	Rates []FXRow `json:"rates"`
	Error string  `json:"error,omitempty"`
}

type FXRow struct {
	Pay  string `json:"pay"`
	Buy  string `json:"buy"`
	Rate string `json:"rate,omitempty"`
	// Error is the spec's text for a pair the provider does not quote.
	Error string `json:"error,omitempty"`
}

type StatLink struct {
	Code       string `json:"code"`
	Name       string `json:"name"`
	Count      int    `json:"count"`
	Percentage string `json:"percentage"`
	Href       string `json:"href"`
}

type ReasonTable struct {
	State   StatLink   `json:"state"`
	Reasons []StatLink `json:"reasons"`
}

type PayoutStatsWidget struct {
	Total      int           `json:"total"`
	Categories []StatLink    `json:"categories"`
	Reasons    []ReasonTable `json:"reasons"`
	Error      string        `json:"error,omitempty"`
}

type CollectionsWidget struct {
	Total    int        `json:"total"`
	Statuses []StatLink `json:"statuses"`
	AllHref  string     `json:"allHref"`
	Error    string     `json:"error,omitempty"`
}

type CryptoBanner struct {
	Href        string `json:"href"`
	CloseAction string `json:"closeAction"`
	CSRF        string `json:"csrf"`
}

// Texts of spec 000 §8 and our own where the spec has none.
const (
	msgFXError          = "Error loading FX Rates"
	msgFXNotAvailable   = "Exchange rate is not available."
	msgStatsError       = "Error loading category count stats"
	msgCollectionsError = "Error loading collection order stats"
)

func (s area) dashboard(c fiber.Ctx) error {
	rq := server.Req(c)
	o := rq.Org
	r := s.DateRange(c)
	p := DashboardProps{Current: r.IsDefault(), RangeLabel: daterange.Label(r.Type)}
	if !p.Current {
		return s.Render(c, server.View{Title: "Dashboard · " + o.Org.Name, Page: pageDashboard.With(p)})
	}
	if o.Can(access.AccountsRead) {
		p.Accounts = s.accountsWidget(o.Org.ID, o.Accounts)
		if o.AccountsErr != nil {
			p.Accounts.Error = server.MsgAccountsDown
		}
	}
	if o.Config.FXWidgetEnabled {
		p.FX = s.fxWidget(c, o)
	}
	if o.Products.PayoutProductsCount > 0 && o.Can(access.PayoutsRead) {
		p.Payouts = s.payoutStats(c, r)
	}
	if o.Products.CollectionProductsCount > 0 && o.Can(access.CollectionOrdersRead) {
		p.Collections = s.collectionStats(c, r)
	}
	if o.Flags.On(provider.FlagCryptoFunding) && o.Can(access.CryptoRead) && rq.Session.Values[cryptoBannerKey(o.Org.ID)] == "" {
		p.Crypto = &CryptoBanner{Href: s.Path("org.crypto_funding", o.Org.ID), CloseAction: s.Path("org.crypto_banner.close", o.Org.ID), CSRF: rq.CSRF()}
	}
	return s.Render(c, server.View{Title: "Dashboard · " + o.Org.Name, Page: pageDashboard.With(p)})
}

func (s area) accountsWidget(orgID string, accounts []provider.Account) *AccountsWidget {
	w := &AccountsWidget{Cards: []AccountCard{}}
	for _, a := range accounts {
		card := AccountCard{Number: a.AccountNumber, Name: a.Name, Currency: a.CurrencyCode,
			Flag: currency.Country(a.CurrencyCode), Balance: formatBalance(a.Balance, a.CurrencyCode)}
		if a.Owner {
			card.Href = s.Path("org.account", orgID, a.AccountNumber)
		}
		w.Cards = append(w.Cards, card)
	}
	return w
}

// fxPairs are the rates the widget shows: each other owned fiat currency
// bought with the main one, the currency of the first owned fiat account.
func fxPairs(accounts []provider.Account) (main string, buys []string) {
	seen := map[string]bool{}
	for _, a := range accounts {
		cur := strings.ToUpper(a.CurrencyCode)
		if !a.Owner || currency.Crypto(cur) || seen[cur] {
			continue
		}
		seen[cur] = true
		if main == "" {
			main = cur
		} else {
			buys = append(buys, cur)
		}
	}
	return main, buys
}

func (s area) fxWidget(c fiber.Ctx, o *server.OrgContext) *FXWidget {
	main, buys := fxPairs(o.Accounts)
	w := &FXWidget{Main: main, Rates: []FXRow{}}
	if s.Ledger == nil {
		w.Error = msgFXError
		return w
	}
	for _, buy := range buys {
		row := FXRow{Pay: main, Buy: buy}
		q, err := s.Ledger.ExchangeRate(c.Context(), o.Org.ID, main, buy)
		switch {
		case provider.ErrorCode(err) == provider.ENOTFOUND:
			row.Error = msgFXNotAvailable
		case err != nil:
			s.Logger.Warn("dashboard fx rate", "request_id", server.Req(c).ID, "pair", main+buy, "err", err)
			return &FXWidget{Main: main, Rates: []FXRow{}, Error: msgFXError}
		default:
			row.Rate = money.FormatRate(q.ExchangeRate)
			if row.Rate == "" {
				row.Error = msgFXNotAvailable
			}
		}
		w.Rates = append(w.Rates, row)
	}
	return w
}

func pct(p float64) string { return big.NewFloat(p).Text('f', 2) }

func (s area) payoutStats(c fiber.Ctx, r daterange.Range) *PayoutStatsWidget {
	fail := &PayoutStatsWidget{Categories: []StatLink{}, Reasons: []ReasonTable{}, Error: msgStatsError}
	if s.Stats == nil {
		return fail
	}
	id := server.Req(c).Org.Org.ID
	payouts := s.Path("org.payouts", id)
	cats, err := s.Stats.PayoutStateCategoryCounts(c.Context(), id, r.After(), r.Before())
	if err == nil {
		var groups []provider.ReasonCodeGroup
		if groups, err = s.Stats.PayoutReasonCodeReport(c.Context(), id, r.After(), r.Before()); err == nil {
			w := &PayoutStatsWidget{Total: cats.Total, Categories: []StatLink{}, Reasons: []ReasonTable{}}
			for _, cat := range cats.Categories {
				w.Categories = append(w.Categories, StatLink{Code: cat.Code, Name: cat.Name, Count: cat.Count,
					Percentage: pct(cat.Percentage), Href: payouts + "?" + url.Values{"state": {cat.Code}}.Encode()})
			}
			for _, g := range groups {
				if len(g.Items) == 0 {
					continue
				}
				t := ReasonTable{State: StatLink{Code: g.State.Code, Name: g.State.Name, Count: g.State.Count,
					Percentage: pct(g.State.Percentage), Href: payouts + "?" + url.Values{"state": {g.State.Code}}.Encode()}}
				for _, it := range g.Items {
					// reasonCode first, as the spec writes the link.
					href := payouts + "?reasonCode=" + url.QueryEscape(it.Code) + "&state=" + url.QueryEscape(g.State.Code)
					t.Reasons = append(t.Reasons, StatLink{Code: it.Code, Name: it.Name, Count: it.Count, Percentage: pct(it.Percentage), Href: href})
				}
				w.Reasons = append(w.Reasons, t)
			}
			return w
		}
	}
	s.Logger.Warn("dashboard payout stats", "request_id", server.Req(c).ID, "err", err)
	return fail
}

func (s area) collectionStats(c fiber.Ctx, r daterange.Range) *CollectionsWidget {
	orders := s.Path("org.collection_orders", server.Req(c).Org.Org.ID)
	w := &CollectionsWidget{Statuses: []StatLink{}, AllHref: orders}
	if s.Stats == nil {
		w.Error = msgCollectionsError
		return w
	}
	counts, err := s.Stats.CollectionOrderStatusCounts(c.Context(), server.Req(c).Org.Org.ID, r.After(), r.Before())
	if err != nil {
		s.Logger.Warn("dashboard collection stats", "request_id", server.Req(c).ID, "err", err)
		w.Error = msgCollectionsError
		return w
	}
	w.Total = counts.Total
	for _, st := range counts.Statuses {
		w.Statuses = append(w.Statuses, StatLink{Code: st.Code, Name: st.Name, Count: st.Count, Percentage: pct(st.Percentage),
			Href: orders + "?" + url.Values{"status": {st.Code}}.Encode()})
	}
	return w
}

// ── Number formatting ────────────────────────────────────────────────────

// formatBalance shows a balance with thousands grouped and 2 to 4 decimals
// for fiat (spec 000 §9), up to the asset's own decimals for crypto; zeros
// beyond the second decimal are dropped. A value that is not a decimal is
// shown as it came.
func formatBalance(amount, code string) string {
	max := 4
	if currency.Crypto(code) {
		max = currency.Decimals(code)
	}
	s := roundDecimal(amount, max)
	if s == "" {
		return amount
	}
	whole, frac, _ := strings.Cut(s, ".")
	for len(frac) > 2 && frac[len(frac)-1] == '0' {
		frac = frac[:len(frac)-1]
	}
	for len(frac) < 2 {
		frac += "0"
	}
	return money.Group(whole + "." + frac)
}

// roundDecimal rounds a decimal string to dec places, halves away from
// zero; "" when it is not a plain decimal.
func roundDecimal(v string, dec int) string {
	v = strings.TrimSpace(v)
	if v == "" || strings.ContainsAny(v, "eE/") {
		return ""
	}
	r, ok := new(big.Rat).SetString(v)
	if !ok {
		return ""
	}
	out := r.FloatString(dec)
	if out == "-0" || strings.HasPrefix(out, "-0.") && strings.Trim(out[3:], "0") == "" {
		out = strings.TrimPrefix(out, "-")
	}
	return out
}
