package payouts

import (
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"golang.org/x/net/html"

	"portal/daterange"
	"portal/htmlq"
	"portal/provider"
	"portal/server/accounts"
	"portal/server/auth"
	"portal/server/batches"
	"portal/server/collections"
	"portal/server/createpayout"
	"portal/server/dashboard"
	"portal/server/funding"
	"portal/server/payoutdrafts"
	"portal/server/payoutreports"
	"portal/server/rangepicker"
	"portal/server/servertest"
	"portal/server/statements"
)

// Every status filter, in both demo organisations, walked through the pages: the status
// select offers exactly the provider's statuses, each filtered list holds only rows of that
// status with that label (a cancelled payout never under Rejected), its total is the
// dashboard's count for the status and the dashboard links to that very filter, the API's
// state_category answers the same rows with that status, and the statuses add up to the
// whole list.
func TestEveryStatusFilterReturnsWhatItSays(t *testing.T) {
	h := servertest.New(t, auth.New, rangepicker.New, dashboard.New, New, createpayout.New, accounts.New, collections.New, funding.New, payoutdrafts.New, batches.New, payoutreports.New, statements.New)
	for _, tc := range []struct{ org, user string }{
		{servertest.OrgNordic, "admin@demo.example"},
		{servertest.OrgAtlantic, "atlantic-ops@demo.example"},
	} {
		t.Run(tc.user, func(t *testing.T) {
			// The session's default range is the past 30 days: the dashboard's period.
			c := h.LoggedIn(tc.user)
			counts, links, dashTotal := dashboardPayoutCounts(t, c, tc.org)
			_, doc := c.Page(payoutsPath(tc.org))
			values, _ := options(htmlq.Find(doc, htmlq.ByID("state")))
			want := append([]string{""}, provider.PayoutStatusCodes()...)
			if strings.Join(values, ",") != strings.Join(want, ",") {
				t.Fatalf("status filter offers %v, want %v", values, want)
			}
			whole := listTotal(t, doc)
			if whole != dashTotal {
				t.Errorf("the list holds %d payouts, the dashboard counts %d", whole, dashTotal)
			}
			a := h.APILoggedIn(tc.user)
			sum, seenCancelled, seenWaiting := 0, false, false
			for _, st := range provider.PayoutStatuses() {
				href := payoutsPath(tc.org) + "?" + url.Values{"state": {st.Code}}.Encode()
				if links[st.Label] != href {
					t.Errorf("%s: dashboard links to %q, want %q", st.Code, links[st.Label], href)
				}
				rows, total := walkList(t, c, href)
				if total != counts[st.Label] || len(rows) != total {
					t.Errorf("%s: %d rows, total %d, dashboard %d", st.Code, len(rows), total, counts[st.Label])
				}
				for ref, shown := range rows {
					if shown[0] != st.Code || shown[1] != st.Label {
						t.Errorf("%s: row %s is %q %q", st.Code, ref, shown[0], shown[1])
					}
				}
				if api := apiStatusOf(t, a, tc.org, st.Code); len(api) != total {
					t.Errorf("%s: the API answers %d payouts, the page %d", st.Code, len(api), total)
				} else {
					for ref, status := range api {
						if status != st.Code || rows[ref][0] != st.Code {
							t.Errorf("%s: API row %s has status %q", st.Code, ref, status)
						}
					}
				}
				seenCancelled = seenCancelled || (st.Code == provider.StatusCancelled && total > 0)
				seenWaiting = seenWaiting || (st.Code == provider.StatusPendingApproval && total > 0)
				sum += total
			}
			if sum != whole {
				t.Errorf("statuses add up to %d, the whole list is %d", sum, whole)
			}
			if !seenCancelled {
				t.Error("the demo has no cancelled payout in the period: nothing shows Cancelled apart")
			}
			if !seenWaiting {
				t.Error("the demo has no draft or batch waiting for approval in the period: nothing shows Pending approval")
			}
		})
	}
}

// dashboardPayoutCounts reads the dashboard's payout table: count and link per status label,
// and the total.
func dashboardPayoutCounts(t *testing.T, c *servertest.Client, org string) (map[string]int, map[string]string, int) {
	t.Helper()
	res, doc := c.Page("/org/" + org)
	if res.StatusCode != 200 {
		t.Fatalf("dashboard %d", res.StatusCode)
	}
	table := htmlq.Find(servertest.Section(t, doc, "payouts-title"), htmlq.ByTag("table"))
	counts, links := map[string]int{}, map[string]string{}
	for _, tr := range htmlq.FindAll(htmlq.Find(table, htmlq.ByTag("tbody")), htmlq.ByTag("tr")) {
		a := htmlq.Find(tr, htmlq.ByTag("a"))
		n, err := strconv.Atoi(servertest.ReadText(htmlq.Find(tr, htmlq.ByTag("td"))))
		if err != nil {
			t.Fatal(err)
		}
		counts[servertest.ReadText(a)], links[servertest.ReadText(a)] = n, htmlq.Attr(a, "href")
	}
	if len(counts) != len(provider.PayoutStatuses()) {
		t.Errorf("dashboard lists %v, want one row per status", counts)
	}
	total, err := strconv.Atoi(servertest.ReadText(htmlq.Find(htmlq.Find(table, htmlq.ByTag("tfoot")), htmlq.ByTag("td"))))
	if err != nil {
		t.Fatal(err)
	}
	return counts, links, total
}

// listTotal is the total the payouts page says it holds.
func listTotal(t *testing.T, doc *html.Node) int {
	t.Helper()
	count := servertest.ReadText(htmlq.Find(doc, htmlq.ByID("payouts-count")))
	n, err := strconv.Atoi(strings.Fields(count)[0])
	if err != nil {
		t.Fatalf("count %q", count)
	}
	return n
}

// walkList follows the list's Next links from href and returns each row's status and label
// by reference, and the total the first page states.
func walkList(t *testing.T, c *servertest.Client, href string) (map[string][2]string, int) {
	t.Helper()
	rows := map[string][2]string{}
	total := -1
	for href != "" {
		res, doc := c.Page(href)
		if res.StatusCode != 200 {
			t.Fatalf("%s: %d", href, res.StatusCode)
		}
		if total < 0 {
			total = listTotal(t, doc)
		}
		for _, r := range servertest.ListRows(doc) {
			ref := strings.TrimPrefix(htmlq.Attr(r, "id"), "payout-")
			if _, dup := rows[ref]; dup {
				t.Fatalf("%s listed twice", ref)
			}
			rows[ref] = [2]string{htmlq.Attr(r, "data-status"), statusCellLabel(r)}
		}
		href = ""
		if next := servertest.LinkByText(doc, "Next page"); next != nil {
			href = htmlq.Attr(next, "href")
		}
	}
	return rows, total
}

// statusCellLabel is the status badge's text of a row: the first span of its last cell.
func statusCellLabel(row *html.Node) string {
	cells := htmlq.FindAll(row, htmlq.ByTag("td"))
	if len(cells) == 0 {
		return ""
	}
	return servertest.ReadText(htmlq.Find(cells[len(cells)-1], htmlq.ByTag("span")))
}

// apiStatusOf lists through the API every payout of org in the session's default range with
// state_category status, each reference with its status field.
func apiStatusOf(t *testing.T, a *servertest.APIClient, org, status string) map[string]string {
	t.Helper()
	out := map[string]string{}
	r := daterange.DefaultRange(time.Now())
	q := url.Values{"created_after": {r.After().Format(time.RFC3339)}, "created_before": {r.Before().Format(time.RFC3339)},
		"state_category": {status}, "page_size": {"500"}}
	for {
		r := a.Call("GET", "/api/v1"+apiListPath+"?"+q.Encode(), nil, hdrOrg, org)
		r.Expect(t, 200, "")
		for _, d := range r.JSON["data"].([]any) {
			row := d.(map[string]any)
			ref := row[provider.UniqueReferenceField].(string)
			if ref == "" { // waiting for approval: the page names it by its id too
				ref = row["id"].(string)
			}
			out[ref] = row["status"].(string)
		}
		meta := r.JSON["meta"].(map[string]any)
		if meta["has_next_page"] != true {
			return out
		}
		q.Set("cursor_after", meta["cursor_next"].(string))
	}
}
