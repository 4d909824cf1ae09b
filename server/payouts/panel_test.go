package payouts

import (
	"context"
	"net/http"
	"net/url"
	"portal/htmlq"
	"portal/server/auth"
	"portal/server/createpayout"
	"portal/server/listpage"
	"portal/server/rangepicker"
	"slices"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"portal/provider"
	"portal/reference/demo"
	"portal/server"
	"portal/server/batches"
	"portal/server/payoutdrafts"
	"portal/server/payoutreports"
	"portal/server/servertest"
)

// panelOf is the details panel of a page.
func panelOf(doc *html.Node) *html.Node { return htmlq.Find(doc, htmlq.ByID("payout-panel")) }

type tabInfo struct {
	label, href string
	errors      int
	current     bool
}

// tabsOf are the panel's tabs as rendered without JavaScript: links, the open one marked.
func tabsOf(t *testing.T, panel *html.Node) []tabInfo {
	t.Helper()
	nav := htmlq.Find(panel, func(n *html.Node) bool { return n.Data == "nav" && htmlq.Attr(n, "aria-label") == "Payout sections" })
	if nav == nil {
		t.Fatal("no Payout sections nav")
	}
	var out []tabInfo
	for _, a := range htmlq.FindAll(nav, htmlq.ByTag("a")) {
		ti := tabInfo{href: htmlq.Attr(a, "href"), current: htmlq.Attr(a, "aria-current") == "page"}
		ti.label = servertest.ReadText(a)
		if badge := htmlq.Find(a, func(n *html.Node) bool {
			return n.Data == "span" && strings.Contains(htmlq.Attr(n, "class"), "bg-red-700")
		}); badge != nil {
			ti.errors, _ = strconv.Atoi(strings.Fields(servertest.ReadText(badge))[0])
			ti.label = strings.TrimSpace(strings.TrimSuffix(ti.label, servertest.ReadText(badge)))
		}
		out = append(out, ti)
	}
	return out
}

func tabLabelsOf(ts []tabInfo) []string {
	var out []string
	for _, t := range ts {
		out = append(out, t.label)
	}
	return out
}

// The panel of each kind of payout: its tabs by the spec's rules (Summary only for reason
// codes other than customer or merchant requests in a mapped status; the intermediary tabs
// only with all four fields), each tab's error count, the status message word for word,
// where badges lead.
func TestPanelTabsAndMessages(t *testing.T) {
	h := newHarness(t)
	c := h.LoggedIn("observer@demo.example")
	base := []string{"Payout Request", "Sender", "History", "Receiver Bank", "Receiver"}
	withSummary := append([]string{"Summary"}, base...)
	inter := []string{"Intermediary Agent", "Intermediary Agent Account"}
	cases := []struct {
		name    string
		f       provider.PayoutFilter
		pick    func(provider.PayoutRequest) bool
		tabs    []string
		message string
	}{
		{"rejected, invalid creditor", provider.PayoutFilter{StateCategory: "rejected", ReasonCode: provider.ReasonInvalidCreditor}, nil,
			withSummary, provider.MsgPayoutRejected},
		{"rejected, missing capability", provider.PayoutFilter{StateCategory: "rejected", ReasonCode: provider.ReasonMissingCapability}, nil,
			withSummary, "Sorry, we could not process this payout request."},
		{"cancelled by the customer", provider.PayoutFilter{StateCategory: "cancelled"}, nil, base, ""},
		{"rejected at the merchant's request", provider.PayoutFilter{ReasonCode: provider.ReasonRequestedByMerchant}, nil, base, ""},
		{"pending", provider.PayoutFilter{StateCategory: "pending"}, nil, withSummary, "The payout request is Pending waiting future execution."},
		{"action required", provider.PayoutFilter{StateCategory: "action_required"}, nil, withSummary,
			"An action is needed in order to process this request. Please refer to the reason code for more information."},
		{"returned, invalid account", provider.PayoutFilter{StateCategory: "returned", ReasonCode: provider.ReasonInvalidCreditorAccount}, nil,
			withSummary, "This payout has been returned."},
		{"returned, invalid receiver", provider.PayoutFilter{StateCategory: "returned", ReasonCode: provider.ReasonInvalidCreditor}, nil,
			withSummary, "This payout has been returned."},
		{"completed", provider.PayoutFilter{StateCategory: "completed"}, func(p provider.PayoutRequest) bool { return !p.HasIntermediary() }, base, ""},
		{"completed with intermediary", provider.PayoutFilter{StateCategory: "completed"}, provider.PayoutRequest.HasIntermediary,
			append(slices.Clone(base), inter...), ""},
		{"received", provider.PayoutFilter{StateCategory: "received"}, nil, base, ""},
		{"processing", provider.PayoutFilter{StateCategory: "processing"}, nil, base, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if tc.pick == nil {
				tc.pick = func(p provider.PayoutRequest) bool { return !p.HasIntermediary() }
			}
			p := onePayout(t, h, servertest.OrgNordic, tc.f, tc.pick)
			res, doc := c.Page(payoutsPath(servertest.OrgNordic) + "/" + p.UniqueReference)
			if res.StatusCode != 200 {
				t.Fatalf("status %d", res.StatusCode)
			}
			panel := panelOf(doc)
			if got := servertest.ReadText(htmlq.Find(panel, htmlq.ByID("payout-panel-title"))); got != "Payout "+p.UniqueReference {
				t.Fatalf("title %q", got)
			}
			tabs := tabsOf(t, panel)
			if !slices.Equal(tabLabelsOf(tabs), tc.tabs) || !tabs[0].current {
				t.Fatalf("tabs %v, want %v (first open)", tabLabelsOf(tabs), tc.tabs)
			}
			msg := htmlq.Find(panel, func(n *html.Node) bool {
				return n.Data == "p" && strings.Contains(htmlq.Attr(n, "class"), "border-l-4")
			})
			if servertest.ReadText(msg) != tc.message {
				t.Errorf("message %q, want %q", servertest.ReadText(msg), tc.message)
			}
			// Error counts: the pointers of the tab's sections.
			for _, ti := range tabs {
				want := 0
				for id, label := range tabLabels {
					if label == ti.label {
						for _, sec := range errorSections[id] {
							want += len(p.Errors[sec])
						}
					}
				}
				if ti.errors != want {
					t.Errorf("%s shows %d errors, want %d", ti.label, ti.errors, want)
				}
			}
			// The row is marked in the list when it is on the page.
			if row := htmlq.Find(doc, htmlq.ByID("payout-"+p.UniqueReference)); row != nil && htmlq.Attr(htmlq.Find(row, htmlq.ByTag("a")), "aria-current") != "true" {
				t.Error("the open payout's row is not marked")
			}
		})
	}
}

// Reason code badges open their section by spec 001 §4's mapping; error badges on a field
// open Summary; every tab is reachable by its link, and an unknown tab shows the first.
func TestPanelBadgesAndTabLinks(t *testing.T) {
	h := newHarness(t)
	c := h.LoggedIn("observer@demo.example")
	sections := map[string]string{provider.ReasonInvalidCreditor: "Receiver", provider.ReasonInvalidUltimateDebtor: "Sender",
		provider.ReasonInvalidCreditorAccount: "Receiver Bank", provider.ReasonInvalidGeneralData: "Payout Request",
		provider.ReasonMissingCapability: "Payout Request"}
	for code, want := range sections {
		p := onePayout(t, h, servertest.OrgNordic, provider.PayoutFilter{StateCategory: "rejected", ReasonCode: code}, nil)
		_, doc := c.Page(payoutsPath(servertest.OrgNordic) + "/" + p.UniqueReference + "?state=rejected")
		panel := panelOf(doc)
		badge := htmlq.Find(panel, func(n *html.Node) bool {
			return n.Data == "a" && strings.HasPrefix(servertest.ReadText(n), p.ReasonCodes[0].Symbol+" · "+provider.ReasonName(code))
		})
		var tabHref string
		for _, ti := range tabsOf(t, panel) {
			if ti.label == want {
				tabHref = ti.href
			}
		}
		if badge == nil || htmlq.Attr(badge, "href") != tabHref || !strings.Contains(tabHref, "state=rejected") {
			t.Errorf("%s: badge %v leads to %q, want the %s tab %q", code, badge != nil, htmlq.Attr(badge, "href"), want, tabHref)
			continue
		}
		// The section it opens has the error badge on the field, which leads to Summary.
		_, doc = c.Page(tabHref)
		panel = panelOf(doc)
		tabs := tabsOf(t, panel)
		if !slices.ContainsFunc(tabs, func(ti tabInfo) bool { return ti.current && ti.label == want }) {
			t.Errorf("%s: %s is not open", code, want)
		}
		errBadge := htmlq.Find(htmlq.Find(panel, htmlq.ByTag("section")), func(n *html.Node) bool { return n.Data == "a" && strings.HasPrefix(servertest.ReadText(n), "Error") })
		if errBadge == nil || htmlq.Attr(errBadge, "href") != tabs[0].href || tabs[0].label != "Summary" {
			t.Errorf("%s: error badge %v → %q", code, errBadge != nil, htmlq.Attr(errBadge, "href"))
		}
	}
	// Waiting for its date: the badge leads to Payout Request, whose state says when.
	p := onePayout(t, h, servertest.OrgNordic, provider.PayoutFilter{StateCategory: "pending"}, nil)
	_, doc := c.Page(payoutsPath(servertest.OrgNordic) + "/" + p.UniqueReference + "?tab=payout_request")
	panel := panelOf(doc)
	note := "Payment will be executed on " + listpage.Day(p.RequestedExecutionDate)
	if !strings.Contains(servertest.ReadText(panel), note) || !strings.Contains(servertest.ReadText(htmlq.Find(panel, htmlq.ByTag("section"))), "Current state "+note) {
		t.Errorf("pending payout does not say %q", note)
	}
	// Insufficient funds points nowhere: a badge without a link.
	p = onePayout(t, h, servertest.OrgNordic, provider.PayoutFilter{StateCategory: "action_required"}, nil)
	_, doc = c.Page(payoutsPath(servertest.OrgNordic) + "/" + p.UniqueReference)
	if htmlq.Find(panelOf(doc), func(n *html.Node) bool {
		return n.Data == "a" && strings.Contains(servertest.ReadText(n), "Insufficient funds")
	}) != nil {
		t.Error("insufficient funds badge is a link")
	}
	// Every tab by its link; History lists the transitions; an unknown tab shows the first.
	p = onePayout(t, h, servertest.OrgNordic, provider.PayoutFilter{StateCategory: "completed"}, provider.PayoutRequest.HasIntermediary)
	for _, id := range tabIDs(p) {
		_, doc := c.Page(payoutsPath(servertest.OrgNordic) + "/" + p.UniqueReference + "?tab=" + id)
		sec := htmlq.Find(panelOf(doc), htmlq.ByTag("section"))
		if servertest.ReadText(htmlq.Find(sec, htmlq.ByTag("h3"))) != tabLabels[id] {
			t.Errorf("tab %s shows %q", id, servertest.ReadText(htmlq.Find(sec, htmlq.ByTag("h3"))))
		}
		if id == tabHistory && len(htmlq.FindAll(htmlq.Find(sec, htmlq.ByTag("tbody")), htmlq.ByTag("tr"))) != len(p.StatusTransitions) {
			t.Errorf("history lists %d of %d transitions", len(htmlq.FindAll(sec, htmlq.ByTag("tr")))-1, len(p.StatusTransitions))
		}
		if id == provider.SectionIntermediaryAgent && !strings.Contains(servertest.ReadText(sec), p.IntermediaryAgent.BankBIC) {
			t.Error("intermediary agent's BIC missing")
		}
	}
	_, doc = c.Page(payoutsPath(servertest.OrgNordic) + "/" + p.UniqueReference + "?tab=summary")
	if ts := tabsOf(t, panelOf(doc)); !ts[0].current || ts[0].label != "Payout Request" {
		t.Error("a tab the payout lacks does not fall back to the first")
	}
}

// A payout of another organisation, or none, answers not found, and the panel says the
// spec's words; the list is still there.
func TestPanelNotFound(t *testing.T) {
	h := newHarness(t)
	c := h.LoggedIn("admin@demo.example")
	foreign := onePayout(t, h, servertest.OrgAtlantic, provider.PayoutFilter{StateCategory: "processing"}, nil)
	for _, ref := range []string{foreign.UniqueReference, "PO-NOPE"} {
		res, doc := c.Page(payoutsPath(servertest.OrgNordic) + "/" + ref)
		alert := htmlq.Find(panelOf(doc), func(n *html.Node) bool { return htmlq.Attr(n, "role") == "alert" })
		if res.StatusCode != http.StatusNotFound || servertest.ReadText(alert) != "Something went wrong" || len(servertest.ListRows(doc)) == 0 {
			t.Errorf("%s: %d %q", ref, res.StatusCode, servertest.ReadText(alert))
		}
		if strings.Contains(servertest.ReadText(doc), foreign.EndToEndID) {
			t.Error("another organisation's payout is shown")
		}
	}
}

// failing wraps the store's payouts: the list or one payout fails.
type failing struct {
	inner
	list, detail bool
}

// inner names the embedded payouts, whose own name would clash with the method Payouts.
type inner = provider.Payouts

func (f failing) Payouts(ctx context.Context, org string, pf provider.PayoutFilter) (provider.PayoutPage, error) {
	if f.list {
		return provider.PayoutPage{}, context.DeadlineExceeded
	}
	return f.inner.Payouts(ctx, org, pf)
}

func (f failing) Payout(ctx context.Context, org, ref string) (provider.PayoutRequest, error) {
	if f.detail {
		return provider.PayoutRequest{}, context.DeadlineExceeded
	}
	return f.inner.Payout(ctx, org, ref)
}

// The list's and the detail's failures in the spec's words (001 §8).
func TestFailures(t *testing.T) {
	for _, tc := range []struct {
		name         string
		list, detail bool
	}{{"list", true, false}, {"detail", false, true}} {
		t.Run(tc.name, func(t *testing.T) {
			h := servertest.NewWith(t, func(d *server.Deps) { d.Payouts = failing{d.Payouts, tc.list, tc.detail} },
				auth.New, rangepicker.New, New, createpayout.New, payoutdrafts.New, batches.New, payoutreports.New)
			c := h.LoggedIn("admin@demo.example")
			p := onePayout(t, h, servertest.OrgNordic, provider.PayoutFilter{}, nil)
			_, doc := c.Page(payoutsPath(servertest.OrgNordic) + "/" + p.UniqueReference)
			alerts := htmlq.FindAll(doc, func(n *html.Node) bool { return htmlq.Attr(n, "role") == "alert" })
			var said []string
			for _, a := range alerts {
				said = append(said, servertest.ReadText(a))
			}
			want := "Something went wrong"
			if tc.list {
				want = "Error while fetching the payout requests"
				if len(servertest.ListRows(doc)) != 0 || panelOf(doc) == nil {
					t.Error("a failed list shows rows, or the panel went with it")
				}
			}
			if !slices.Contains(said, want) {
				t.Errorf("alerts %v, want %q", said, want)
			}
		})
	}
}

// Without JavaScript every state of the panel is an address: the tabs are links with the
// list's query kept, and Close returns to the list at the row.
func TestPanelLinksKeepTheList(t *testing.T) {
	h := newHarness(t)
	c := h.LoggedIn("observer@demo.example")
	p := onePayout(t, h, servertest.OrgNordic, provider.PayoutFilter{StateCategory: "completed", CurrencyCode: "EUR"}, nil)
	q := url.Values{"state": {"completed"}, "currency": {"EUR"}, "account": {demo.AccountOrg1EUR}}
	_, doc := c.Page(payoutsPath(servertest.OrgNordic) + "/" + p.UniqueReference + "?" + q.Encode())
	panel := panelOf(doc)
	closeLink := htmlq.Find(panel, func(n *html.Node) bool { return n.Data == "a" && strings.HasPrefix(servertest.ReadText(n), "Close") })
	u, _ := url.Parse(htmlq.Attr(closeLink, "href"))
	if u.Path != payoutsPath(servertest.OrgNordic) || u.Query().Encode() != q.Encode() || u.Fragment != "payout-"+p.UniqueReference {
		t.Errorf("close %s", htmlq.Attr(closeLink, "href"))
	}
	for _, ti := range tabsOf(t, panel) {
		u, _ := url.Parse(ti.href)
		if u.Query().Get("currency") != "EUR" || u.Fragment != "payout-panel" {
			t.Errorf("tab %s: %s", ti.label, ti.href)
		}
	}
}

// TestPanelSectionMessages: an error about a section as a whole (no field named) is the
// section's message, never a field labelled with its pointer ("/"); the Summary lists it
// without a field name either.
func TestPanelSectionMessages(t *testing.T) {
	h := newHarness(t)
	c := h.LoggedIn("admin@demo.example")
	// The example: a demo payout rejected with an error about its payout request
	// as a whole.
	const ref = "PO-0001-S0050"
	p, err := h.Store.Payout(context.Background(), servertest.OrgNordic, ref)
	if err != nil || !slices.ContainsFunc(p.Errors[provider.SectionPayoutRequest], func(e provider.PayoutError) bool { return e.Pointer == "/" }) {
		t.Fatalf("%s has no section-level error: %v %v", ref, p.Errors, err)
	}
	base := "/org/" + servertest.OrgNordic + "/payouts/" + ref
	_, doc := c.Page(base + "?tab=" + provider.SectionPayoutRequest)
	panel := panelOf(doc)
	for _, dt := range htmlq.FindAll(panel, htmlq.ByTag("dt")) {
		if strings.TrimSpace(servertest.ReadText(dt)) == "/" {
			t.Fatal("a field labelled /")
		}
	}
	if !strings.Contains(servertest.ReadText(panel), "Rejected.") {
		t.Errorf("the section's message is missing: %q", servertest.ReadText(panel))
	}
	_, doc = c.Page(base + "?tab=summary")
	if s := servertest.ReadText(panelOf(doc)); strings.Contains(s, "/: ") || strings.Contains(s, "/:") {
		t.Errorf("the summary names a field /: %q", s)
	}
}
