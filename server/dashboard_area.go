package server

// dashboard area: see areas.go. The global date range picker (its form
// action and no-JavaScript page), the dashboard with its widgets, the crypto
// banner's Close, and the statistics API.

import (
	"encoding/json"
	"math/big"
	"net/url"
	"reflect"
	"strings"

	"github.com/gofiber/fiber/v3"

	"portal/access"
	"portal/currency"
	"portal/daterange"
	"portal/money"
	"portal/provider"
)

// DashboardArea is the organisation's dashboard and its statistics API.
func DashboardArea(s *Server) Area {
	P := func(ps ...access.Permission) []access.Permission { return ps }
	return Area{Name: "dashboard", Routes: []*Route{
		{Name: "org.dashboard", Method: "GET", Path: "/org/:org", Access: Dashboard, Perms: P(access.DashboardRead), Handler: s.dashboard,
			Nav: &NavEntry{Slot: NavDashboard, Label: "Dashboard", Icon: "home"}},
		{Name: "org.crypto_banner.close", Method: "POST", Path: "/org/:org/crypto_banner/close", Access: Dashboard,
			Perms: P(access.CryptoRead), Gate: cryptoBannerGate, GateName: "flag crypto_funding", Handler: s.cryptoBannerClose},
	}, API: apiDashboardOperations()}
}

// DateRangeArea is the global date range picker: its part of the layout
// (shellDateRange), its page (without JavaScript) and form.
func DateRangeArea(s *Server) Area {
	P := func(ps ...access.Permission) []access.Permission { return ps }
	return Area{Name: "daterange", Routes: []*Route{
		// Every role holds dashboard:read, and every organisation page
		// shows the picker: the range is the user's, kept per session.
		{Name: "org.date_range", Method: "GET", Path: "/org/:org/date_range", Access: Dashboard,
			Perms: P(access.DashboardRead), Handler: s.dateRangePage},
		{Name: "org.date_range.submit", Method: "POST", Path: "/org/:org/date_range", Access: Dashboard,
			Perms: P(access.DashboardRead), Handler: s.dateRangeSubmit},
	}, Shell: map[ShellPart]func(fiber.Ctx) any{
		ShellPartDateRange: func(c fiber.Ctx) any { return s.shellDateRange(c) },
	}}
}

func cryptoBannerGate(o *OrgContext) bool { return o.Flags.On(provider.FlagCryptoFunding) }

// ── Date range picker ────────────────────────────────────────────────────

// ShellDateRange is the top bar's picker: the session's range and what the
// form needs. Dates are DD-MM-YYYY as shown; Today (YYYY-MM-DD) is the
// server's day, so the island computes nothing from the browser's clock.
type ShellDateRange struct {
	Type     string              `json:"type"`
	Label    string              `json:"label"`
	From     string              `json:"from"`
	To       string              `json:"to"`
	Today    string              `json:"today"`
	MinYear  int                 `json:"minYear"`
	MaxYear  int                 `json:"maxYear"`
	Presets  []daterange.Preset  `json:"presets"`
	Action   string              `json:"action"`
	ReturnTo string              `json:"returnTo"`
	CSRF     string              `json:"csrf"`
	Errors   map[string]string   `json:"errors,omitempty"`
	Values   *DateRangeFormValue `json:"values,omitempty"`
}

// DateRangeFormValue is what the user typed, sent back with the errors.
type DateRangeFormValue struct {
	Type string `json:"type"`
	From string `json:"from"`
	To   string `json:"to"`
}

// shellDateRange builds the picker's props for the current request.
func (s *Server) shellDateRange(c fiber.Ctx) ShellDateRange {
	r := s.DateRange(c)
	now := s.Now()
	id := Req(c).Org.Org.ID
	return ShellDateRange{
		Type: r.Type, Label: daterange.Label(r.Type),
		From: r.From.Format(daterange.DisplayLayout), To: r.To.Format(daterange.DisplayLayout),
		Today: now.Format(daterange.APILayout), MinYear: daterange.MinYear, MaxYear: now.Year() + 1,
		Presets: daterange.Presets(), Action: "/org/" + id + "/date_range",
		ReturnTo: returnPath(id, string(c.Request().URI().RequestURI())), CSRF: MaskedCSRF(Req(c).Session),
	}
}

// returnPath accepts a local path inside the organisation as the place to
// go back to after choosing a range (never another site, never another
// organisation, never the picker's own page); anything else is the
// organisation's dashboard.
func returnPath(orgID, target string) string {
	home := "/org/" + orgID
	t, ok := safeRedirect(target)
	if !ok {
		return home
	}
	u, err := url.Parse(t)
	if err != nil || u.Scheme != "" || u.Host != "" || u.Opaque != "" {
		return home
	}
	if u.Path != home && !strings.HasPrefix(u.Path, home+"/") || u.Path == home+"/date_range" || strings.Contains(u.Path, "/../") {
		return home
	}
	return u.RequestURI()
}

// DateRangePageProps are the props of templates/pages/DateRange.tsx: the
// picker as a page, where the form comes back with its errors without
// JavaScript.
type DateRangePageProps struct {
	Shell ShellProps     `json:"shell"`
	Form  ShellDateRange `json:"form"`
}

func (s *Server) dateRangePage(c fiber.Ctx) error {
	return s.renderDateRangePage(c, fiber.StatusOK, nil, nil, c.Query("return_to"))
}

func (s *Server) renderDateRangePage(c fiber.Ctx, status int, errs map[string]string, typed *DateRangeFormValue, ret string) error {
	sh, err := s.Shell(c)
	if err != nil {
		return err
	}
	f := s.shellDateRange(c)
	f.ReturnTo = returnPath(Req(c).Org.Org.ID, ret)
	f.Errors, f.Values = errs, typed
	title := "Date range"
	if len(errs) > 0 {
		title = "Error: " + title
	}
	return s.Render(c, View{Status: status, Page: "DateRange", Title: title, Props: DateRangePageProps{Shell: sh, Form: f}})
}

// dateRangeSubmit keeps the chosen range in the session and goes back; an
// invalid custom range comes back as the picker's page with the errors and
// what was typed.
func (s *Server) dateRangeSubmit(c fiber.Ctx) error {
	typed := &DateRangeFormValue{Type: c.FormValue(daterange.FieldType), From: c.FormValue(daterange.FieldFrom), To: c.FormValue(daterange.FieldTo)}
	ret := c.FormValue("return_to")
	r, errs := daterange.FromForm(typed.Type, typed.From, typed.To, s.Now())
	if len(errs) > 0 {
		return s.renderDateRangePage(c, fiber.StatusUnprocessableEntity, errs, typed, ret)
	}
	if err := s.SetDateRange(c, r); err != nil {
		return err
	}
	return Redirect(c, returnPath(Req(c).Org.Org.ID, ret))
}

// ── Crypto banner ────────────────────────────────────────────────────────

func cryptoBannerKey(orgID string) string { return "crypto_banner_closed:" + orgID }

func (s *Server) cryptoBannerClose(c fiber.Ctx) error {
	rq := Req(c)
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
	return Redirect(c, "/org/"+rq.Org.Org.ID)
}

// ── Dashboard ────────────────────────────────────────────────────────────

// DashboardProps are the props of templates/pages/Dashboard.tsx. A widget
// the user may not see is nil, so the page cannot show it by mistake.
type DashboardProps struct {
	Shell ShellProps `json:"shell"`
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

func (s *Server) dashboard(c fiber.Ctx) error {
	sh, err := s.Shell(c)
	if err != nil {
		return err
	}
	rq := Req(c)
	o := rq.Org
	r := s.DateRange(c)
	p := DashboardProps{Shell: sh, Current: r.IsDefault(), RangeLabel: daterange.Label(r.Type)}
	if !p.Current {
		return s.Render(c, View{Page: "Dashboard", Title: "Dashboard · " + o.Org.Name, Props: p})
	}
	base := "/org/" + o.Org.ID
	if o.Can(access.AccountsRead) {
		p.Accounts = accountsWidget(base, o.Accounts)
		if o.AccountsErr != nil {
			p.Accounts.Error = msgAccountsDown
		}
	}
	if o.Config.FXWidgetEnabled {
		p.FX = s.fxWidget(c, o)
	}
	if o.Products.PayoutProductsCount > 0 && o.Can(access.PayoutsRead) {
		p.Payouts = s.payoutStats(c, base, r)
	}
	if o.Products.CollectionProductsCount > 0 && o.Can(access.CollectionOrdersRead) {
		p.Collections = s.collectionStats(c, base, r)
	}
	if o.Flags.On(provider.FlagCryptoFunding) && o.Can(access.CryptoRead) && rq.Session.Values[cryptoBannerKey(o.Org.ID)] == "" {
		p.Crypto = &CryptoBanner{Href: base + "/crypto_funding", CloseAction: base + "/crypto_banner/close", CSRF: MaskedCSRF(rq.Session)}
	}
	return s.Render(c, View{Page: "Dashboard", Title: "Dashboard · " + o.Org.Name, Props: p})
}

func accountsWidget(base string, accounts []provider.Account) *AccountsWidget {
	w := &AccountsWidget{Cards: []AccountCard{}}
	for _, a := range accounts {
		card := AccountCard{Number: a.AccountNumber, Name: a.Name, Currency: a.CurrencyCode,
			Flag: currency.Country(a.CurrencyCode), Balance: formatBalance(a.Balance, a.CurrencyCode)}
		if a.Owner {
			card.Href = base + "/accounts/" + a.AccountNumber
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

func (s *Server) fxWidget(c fiber.Ctx, o *OrgContext) *FXWidget {
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
			s.Logger.Warn("dashboard fx rate", "request_id", Req(c).ID, "pair", main+buy, "err", err)
			return &FXWidget{Main: main, Rates: []FXRow{}, Error: msgFXError}
		default:
			row.Rate = roundDecimal(q.ExchangeRate, currency.Decimals(buy))
			if row.Rate == "" {
				row.Error = msgFXNotAvailable
			}
		}
		w.Rates = append(w.Rates, row)
	}
	return w
}

func pct(p float64) string { return big.NewFloat(p).Text('f', 2) }

func (s *Server) payoutStats(c fiber.Ctx, base string, r daterange.Range) *PayoutStatsWidget {
	fail := &PayoutStatsWidget{Categories: []StatLink{}, Reasons: []ReasonTable{}, Error: msgStatsError}
	if s.Stats == nil {
		return fail
	}
	id := Req(c).Org.Org.ID
	cats, err := s.Stats.PayoutStateCategoryCounts(c.Context(), id, r.After(), r.Before())
	if err == nil {
		var groups []provider.ReasonCodeGroup
		if groups, err = s.Stats.PayoutReasonCodeReport(c.Context(), id, r.After(), r.Before()); err == nil {
			w := &PayoutStatsWidget{Total: cats.Total, Categories: []StatLink{}, Reasons: []ReasonTable{}}
			for _, cat := range cats.Categories {
				w.Categories = append(w.Categories, StatLink{Code: cat.Code, Name: cat.Name, Count: cat.Count,
					Percentage: pct(cat.Percentage), Href: base + "/payouts?" + url.Values{"state": {cat.Code}}.Encode()})
			}
			for _, g := range groups {
				if len(g.Items) == 0 {
					continue
				}
				t := ReasonTable{State: StatLink{Code: g.State.Code, Name: g.State.Name, Count: g.State.Count,
					Percentage: pct(g.State.Percentage), Href: base + "/payouts?" + url.Values{"state": {g.State.Code}}.Encode()}}
				for _, it := range g.Items {
					// reasonCode first, as the spec writes the link.
					href := base + "/payouts?reasonCode=" + url.QueryEscape(it.Code) + "&state=" + url.QueryEscape(g.State.Code)
					t.Reasons = append(t.Reasons, StatLink{Code: it.Code, Name: it.Name, Count: it.Count, Percentage: pct(it.Percentage), Href: href})
				}
				w.Reasons = append(w.Reasons, t)
			}
			return w
		}
	}
	s.Logger.Warn("dashboard payout stats", "request_id", Req(c).ID, "err", err)
	return fail
}

func (s *Server) collectionStats(c fiber.Ctx, base string, r daterange.Range) *CollectionsWidget {
	w := &CollectionsWidget{Statuses: []StatLink{}, AllHref: base + "/collections/orders"}
	if s.Stats == nil {
		w.Error = msgCollectionsError
		return w
	}
	counts, err := s.Stats.CollectionOrderStatusCounts(c.Context(), Req(c).Org.Org.ID, r.After(), r.Before())
	if err != nil {
		s.Logger.Warn("dashboard collection stats", "request_id", Req(c).ID, "err", err)
		w.Error = msgCollectionsError
		return w
	}
	w.Total = counts.Total
	for _, st := range counts.Statuses {
		w.Statuses = append(w.Statuses, StatLink{Code: st.Code, Name: st.Name, Count: st.Count, Percentage: pct(st.Percentage),
			Href: base + "/collections/orders?" + url.Values{"status": {st.Code}}.Encode()})
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

// ── JSON API ─────────────────────────────────────────────────────────────

func apiDashboardOperations() []APIOp {
	window := []OAParameter{
		{Name: "created_after", In: "query", Description: "Start of the period, inclusive: YYYY-MM-DD (UTC midnight), YYYY-MM-DD HH:mm:ss (UTC) or RFC 3339.", Schema: OAString("").withExample("2026-10-24")},
		{Name: "created_before", In: "query", Description: "End of the period, exclusive, in the same forms. Open when left out.", Schema: OAString("").withExample("2026-11-23")},
	}
	orgHeader := OAParameter{Name: APIHeaderOrganisation, In: "header", Required: true,
		Description: "The organisation; a non-member gets 404, as for an unknown one.", Schema: OAString("").WithFormat("uuid")}
	forbidden := APIErrorReply(fiber.StatusForbidden, "Code forbidden when the role lacks the permission; MissingScope or invalid_csrf as for every call.")
	invalid := APIErrorReply(fiber.StatusUnprocessableEntity, "A date parameter that cannot be read (source.parameter names it).")
	unavailable := APIErrorReply(fiber.StatusServiceUnavailable, "Statistics are not available here (code unavailable).")
	stats := func(id, path, summary, desc string, org OAParameter) APIOp {
		return APIOp{ID: id, Path: path, Tag: "Statistics", Summary: summary, Description: desc,
			Auth: APIBearer, Scopes: APIScopesDashboard, Params: append([]OAParameter{org}, window...),
			Responses: []APIResponse{APIReplyUnauthorized, forbidden, APIReplyNotFound, invalid, unavailable}}
	}
	return []APIOp{
		APIReadOp(stats("getPayoutReasonCodesReport", "/payouts/payout_requests/stats/reason_codes_reports", "Payout reason codes by state",
			"For each payout state category (returned, rejected, action_required, received, processing, pending, completed, in that order), the payout requests created in the period per reason code. Needs payouts:read.",
			orgHeader),
			"data maps each state to its reason-code items and meta (the state's count and share of all payout requests).",
			apiStatsRead(access.PayoutsRead, apiStatsHeaderOrg, (*Server).apiPayoutReasonCodes)),
		APIReadOp(stats("getPayoutStateCategoryCountsReport", "/payouts/payout_requests/stats/state_category_counts_reports", "Payout requests by state category",
			"The payout requests created in the period per state category, as [code, name, count] in the dashboard's order, with the total in meta. Needs payouts:read.",
			orgHeader),
			"The counts.", apiStatsRead(access.PayoutsRead, apiStatsHeaderOrg, (*Server).apiPayoutStateCategoryCounts)),
		APIReadOp(stats("getCollectionOrderStatusCountsReport", "/collection/organisations/{id}/stats/orders/status_counts_reports", "Collection orders by status",
			"The collection orders created in the period per status (statuses without orders left out). created_after defaults to 30 days back. Needs collection_orders:read.",
			APIOrgIDParam),
			"The counts.", apiStatsRead(access.CollectionOrdersRead, nil, (*Server).apiCollectionStatusCounts)),
	}
}

// apiStatsRead is a statistics read: one permission, the statistics
// service, the organisation in the path or (org) elsewhere.
func apiStatsRead[B APIEnvelope](perm access.Permission, org func(*Server, fiber.Ctx, *APICaller) (string, error),
	read func(*Server, fiber.Ctx, APIOrgCall) (B, error)) APIRead[B] {
	return APIRead[B]{Org: org, Perms: []access.Permission{perm}, Read: read, Service: func(s *Server) *APIProblem {
		if s.Stats == nil {
			return &APIProblem{Status: fiber.StatusServiceUnavailable, Code: apiCodeUnavailable, Title: "Statistics are not available"}
		}
		return nil
	}}
}

// apiStatsHeaderOrg: the payout statistics name the organisation in
// X-Organisation-ID.
func apiStatsHeaderOrg(_ *Server, c fiber.Ctx, _ *APICaller) (string, error) {
	return strings.Clone(c.Get(APIHeaderOrganisation)), nil
}

// apiCount is one counted reason code.
type apiCount struct {
	_          struct{} `description:"One reason code."`
	ID         string   `json:"id" description:"Code."`
	Name       string   `json:"name" description:"Display name."`
	Count      int      `json:"count" description:"How many."`
	Percentage float64  `json:"percentage" description:"Share in percent, two decimals."`
}

// apiStateReasons is one state of the reason codes report.
type apiStateReasons struct {
	_     struct{}   `description:"One state."`
	Items []apiCount `json:"items" description:"Most frequent first."`
	Meta  struct {
		Count      int     `json:"count" description:"Payout requests in this state."`
		Percentage float64 `json:"percentage" description:"Share of all payout requests."`
	} `json:"meta"`
}

// orderedStates is a JSON object whose keys keep the dashboard's order.
type orderedStates struct {
	keys []string
	vals []apiStateReasons
}

func (orderedStates) OASchema(r *oaReflector) *OASchema {
	return &OASchema{Type: "object", Description: "Keyed by state category, in the dashboard's order.",
		AdditionalProperties: r.schema(reflect.TypeFor[apiStateReasons]())}
}

func (o orderedStates) MarshalJSON() ([]byte, error) {
	var b strings.Builder
	b.WriteByte('{')
	for i, k := range o.keys {
		if i > 0 {
			b.WriteByte(',')
		}
		kb, _ := json.Marshal(k)
		vb, err := json.Marshal(o.vals[i])
		if err != nil {
			return nil, err
		}
		b.Write(kb)
		b.WriteByte(':')
		b.Write(vb)
	}
	b.WriteByte('}')
	return []byte(b.String()), nil
}

func (s *Server) apiPayoutReasonCodes(c fiber.Ctx, r APIOrgCall) (APIDataBody[orderedStates], error) {
	var out orderedStates
	after, before, err := APIReadRange(c)
	if err != nil {
		return APIDataOf(out), err
	}
	groups, err := s.Stats.PayoutReasonCodeReport(c.Context(), r.OrgID, after, before)
	if err != nil {
		return APIDataOf(out), err
	}
	for _, g := range groups {
		v := apiStateReasons{Items: []apiCount{}}
		v.Meta.Count, v.Meta.Percentage = g.State.Count, g.State.Percentage
		for _, it := range g.Items {
			v.Items = append(v.Items, apiCount{ID: it.Code, Name: it.Name, Count: it.Count, Percentage: it.Percentage})
		}
		out.keys, out.vals = append(out.keys, g.State.Code), append(out.vals, v)
	}
	return APIDataOf(out), nil
}

// apiCountMeta is the total of a counts report.
type apiCountMeta struct {
	Count int `json:"count" description:"All counted in the period."`
}

// apiCategoryCount is one state category, sent as [code, name, count].
type apiCategoryCount struct {
	Code, Name string
	Count      int
}

func (c apiCategoryCount) MarshalJSON() ([]byte, error) {
	return json.Marshal([3]any{c.Code, c.Name, c.Count})
}

func (apiCategoryCount) OASchema(*oaReflector) *OASchema {
	three := 3
	return &OASchema{Type: "array", Description: "[code, name, count]", MinItems: &three, MaxItems: &three,
		PrefixItems: []*OASchema{OAString("State category code."), OAString("Display name."), OAInteger("Payout requests.")}}
}

func (s *Server) apiPayoutStateCategoryCounts(c fiber.Ctx, r APIOrgCall) (APIPageBody[[]apiCategoryCount, apiCountMeta], error) {
	var out APIPageBody[[]apiCategoryCount, apiCountMeta]
	after, before, err := APIReadRange(c)
	if err != nil {
		return out, err
	}
	counts, err := s.Stats.PayoutStateCategoryCounts(c.Context(), r.OrgID, after, before)
	if err != nil {
		return out, err
	}
	data := make([]apiCategoryCount, 0, len(counts.Categories))
	for _, cat := range counts.Categories {
		data = append(data, apiCategoryCount{cat.Code, cat.Name, cat.Count})
	}
	return APIPage(data, apiCountMeta{Count: counts.Total}), nil
}

// apiStatusCount is one collection order status with its count.
type apiStatusCount struct {
	Status     string  `json:"status" description:"Order status."`
	Name       string  `json:"name" description:"Display name."`
	Count      int     `json:"count" description:"Orders."`
	Percentage float64 `json:"percentage" description:"Share in percent."`
}

func (s *Server) apiCollectionStatusCounts(c fiber.Ctx, r APIOrgCall) (APIPageBody[[]apiStatusCount, apiCountMeta], error) {
	var out APIPageBody[[]apiStatusCount, apiCountMeta]
	after, before, err := APIReadRange(c)
	if err != nil {
		return out, err
	}
	if c.Query("created_after") == "" {
		after = s.Now().AddDate(0, 0, -30)
	}
	counts, err := s.Stats.CollectionOrderStatusCounts(c.Context(), r.OrgID, after, before)
	if err != nil {
		return out, err
	}
	data := make([]apiStatusCount, 0, len(counts.Statuses))
	for _, st := range counts.Statuses {
		data = append(data, apiStatusCount{Status: st.Code, Name: st.Name, Count: st.Count, Percentage: st.Percentage})
	}
	return APIPage(data, apiCountMeta{Count: counts.Total}), nil
}
