package search

import (
	"context"
	"net/http"
	"net/url"
	"os"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"portal/htmlq"
	"portal/provider"
	demodata "portal/reference/demo"
	"portal/server/accounts"
	"portal/server/auth"
	"portal/server/collections"
	"portal/server/createpayout"
	"portal/server/payouts"
	"portal/server/servertest"
	"portal/server/statements"
	"portal/server/withdrawals"
)

func TestMain(m *testing.M) { os.Exit(servertest.Main(m)) }

// newHarness mounts the search page, auth to log in through the form and
// the areas its hits link to.
func newHarness(t *testing.T) *servertest.Harness {
	return servertest.New(t, auth.New, New, accounts.New, statements.New, payouts.New, createpayout.New, collections.New, withdrawals.New)
}

const (
	acctEUR = demodata.AccountOrg1EUR
	acctGBP = demodata.AccountOrg1GBP
)

func accountPath(number string) string { return "/org/" + servertest.OrgNordic + "/accounts/" + number }

// searchHits are the result links of the Account Transactions group.
func searchHits(doc *html.Node) []string {
	sec := htmlq.Find(doc, func(n *html.Node) bool {
		return n.Data == "section" && htmlq.Attr(n, "aria-labelledby") == "search-transactions"
	})
	if sec == nil {
		return nil
	}
	var out []string
	for _, tr := range servertest.Rows(sec) {
		out = append(out, htmlq.Attr(htmlq.Find(tr, htmlq.ByTag("a")), "href"))
	}
	return out
}

func noResult(doc *html.Node) bool { return htmlq.Find(doc, htmlq.ByID("no-result")) != nil }

func searchPath(org, q string) string {
	return "/org/" + org + "/search?" + url.Values{"q": {q}}.Encode()
}

// follow GETs path and, when the search moves on (303), the page it moves to: the
// address the user ends at, its status and page.
func follow(t *testing.T, c *servertest.Client, path string) (string, int, *html.Node) {
	t.Helper()
	r := c.Get(path)
	if r.StatusCode == http.StatusSeeOther {
		path = r.Header.Get("Location")
		r = c.Get(path)
	}
	return path, r.StatusCode, servertest.Parse(t, r)
}

func TestSearchAccountTransactions(t *testing.T) {
	h := newHarness(t)
	ctx := context.Background()
	res, err := h.Store.Transfer(ctx, servertest.OrgNordic, provider.TransferRequest{From: acctEUR, To: acctGBP, Amount: "3.00",
		EndToEndID: "SEARCH-NORDIC", IdempotencyKey: "search-1"})
	if err != nil {
		t.Fatal(err)
	}
	eurEntry, gbpEntry := res.Entries[0].ID, res.Entries[len(res.Entries)-1].ID
	entryLink := func(number, id string) string {
		return "/org/" + servertest.OrgNordic + "/accounts/" + number + "?entry=" + id + "#entry-panel"
	}
	// An old entry: outside the default date range, far past the first page.
	var oldID, oldRef string
	if err := h.DB().QueryRow(`SELECT seq, reference FROM ledger_entries WHERE account_number = ? AND reference <> ''
		ORDER BY created_at, seq LIMIT 1`, acctEUR).Scan(&oldID, &oldRef); err != nil {
		t.Fatal(err)
	}
	var atlanticRef string
	if err := h.DB().QueryRow(`SELECT reference FROM ledger_entries WHERE account_number = ? AND reference <> '' LIMIT 1`,
		demodata.AccountOrg2GBP).Scan(&atlanticRef); err != nil {
		t.Fatal(err)
	}

	cases := []struct {
		name, user, org, q string
		want               []string // result links, newest first; nil: the no-result state
	}{
		{"end-to-end id", "observer@demo.example", servertest.OrgNordic, "SEARCH-NORDIC", []string{entryLink(acctGBP, gbpEntry), entryLink(acctEUR, eurEntry)}},
		{"trimmed", "observer@demo.example", servertest.OrgNordic, "  SEARCH-NORDIC ", []string{entryLink(acctGBP, gbpEntry), entryLink(acctEUR, eurEntry)}},
		{"order id", "observer@demo.example", servertest.OrgNordic, res.ID, []string{entryLink(acctGBP, gbpEntry), entryLink(acctEUR, eurEntry)}},
		{"entry id", "observer@demo.example", servertest.OrgNordic, eurEntry, []string{entryLink(acctEUR, eurEntry)}},
		{"no hit", "observer@demo.example", servertest.OrgNordic, "NOTHING-LIKE-THIS", nil},
		{"other organisation's reference", "multi@demo.example", servertest.OrgNordic, atlanticRef, nil},
		{"own reference in the other organisation", "multi@demo.example", servertest.OrgAtlantic, "SEARCH-NORDIC", nil},
		{"without accounts:read", "default@demo.example", servertest.OrgNordic, "SEARCH-NORDIC", nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := h.LoggedIn(tc.user)
			_, status, doc := follow(t, c, searchPath(tc.org, tc.q))
			if status != http.StatusOK {
				t.Fatalf("status %d", status)
			}
			got := searchHits(doc)
			if strings.Join(got, " ") != strings.Join(tc.want, " ") {
				t.Errorf("hits %v, want %v", got, tc.want)
			}
			if noResult(doc) != (tc.want == nil) {
				t.Errorf("no-result state shown: %v", noResult(doc))
			}
			groups := htmlq.FindAll(htmlq.Find(doc, htmlq.ByTag("main")), htmlq.ByTag("li"))
			if tc.user == "default@demo.example" {
				if len(groups) != 0 {
					t.Errorf("groups without a read permission: %q", htmlq.VisibleText(htmlq.Find(doc, htmlq.ByTag("main"))))
				}
			} else if len(groups) != 5 || htmlq.VisibleText(groups[0]) != "Account Transactions: "+strconv.Itoa(len(tc.want))+" found" {
				t.Errorf("groups %q", htmlq.VisibleText(htmlq.Find(doc, htmlq.ByTag("main"))))
			}
		})
	}

	t.Run("old entry opens its panel", func(t *testing.T) {
		c := h.LoggedIn("observer@demo.example")
		_, _, doc := follow(t, c, searchPath(servertest.OrgNordic, oldID))
		hits := searchHits(doc)
		if len(hits) != 1 || hits[0] != entryLink(acctEUR, oldID) {
			t.Fatalf("hits %v", hits)
		}
		r, page := c.Page(strings.TrimSuffix(hits[0], "#entry-panel"))
		if r.StatusCode != http.StatusOK {
			t.Fatalf("status %d", r.StatusCode)
		}
		panel := htmlq.Find(page, htmlq.ByID("entry-panel"))
		if panel == nil || !strings.Contains(htmlq.VisibleText(panel), "Transaction details") || !strings.Contains(htmlq.VisibleText(panel), oldID) ||
			!strings.Contains(htmlq.VisibleText(panel), oldRef) || strings.Contains(htmlq.VisibleText(panel), "not on this page") {
			t.Fatalf("panel %q", htmlq.VisibleText(panel))
		}
		for _, tr := range servertest.Rows(page) {
			if htmlq.Attr(tr, "id") == "entry-"+oldID {
				t.Fatal("the old entry is in the default range's list")
			}
		}
		// The entry of another account is not shown under this one.
		_, other := c.Page(accountPath(acctGBP) + "?entry=" + oldID)
		if p := htmlq.Find(other, htmlq.ByID("entry-panel")); p == nil || !strings.Contains(htmlq.VisibleText(p), "not on this page") {
			t.Errorf("foreign entry panel %q", htmlq.VisibleText(p))
		}
	})
}

func TestSearchPageResultsPaging(t *testing.T) {
	h := newHarness(t)
	// 26 transfers with one end-to-end id: 52 hits, more than one page of 50.
	for i := 0; i < 26; i++ {
		if _, err := h.Store.Transfer(context.Background(), servertest.OrgNordic, provider.TransferRequest{From: acctEUR, To: acctGBP,
			Amount: "1.00", EndToEndID: "SEARCH-MANY", IdempotencyKey: "many-" + strconv.Itoa(i)}); err != nil {
			t.Fatal(err)
		}
	}
	c := h.LoggedIn("observer@demo.example")
	at, _, doc := follow(t, c, searchPath(servertest.OrgNordic, "SEARCH-MANY"))
	first := searchHits(doc)
	if len(first) != 50 || servertest.LinkByText(doc, "Previous results") != nil {
		t.Fatalf("first page: %d hits", len(first))
	}
	next := servertest.LinkByText(doc, "Next results")
	if next == nil {
		t.Fatal("no next link")
	}
	u, _ := url.Parse(htmlq.Attr(next, "href"))
	if u.Path != strings.Split(at, "?")[0] || u.Query().Get("q") != "SEARCH-MANY" || u.Query().Get("cursor_after") == "" {
		t.Fatalf("next link %q", htmlq.Attr(next, "href"))
	}
	_, doc2 := c.Page(u.RequestURI())
	second := searchHits(doc2)
	if len(second) != 2 || second[0] == first[49] || servertest.LinkByText(doc2, "Next results") != nil {
		t.Fatalf("second page %v", second)
	}
	groups := htmlq.FindAll(htmlq.Find(doc2, htmlq.ByTag("main")), htmlq.ByTag("li"))
	if htmlq.VisibleText(groups[0]) != "Account Transactions: 52 found" {
		t.Errorf("group %q", htmlq.VisibleText(groups[0]))
	}
	prev := servertest.LinkByText(doc2, "Previous results")
	if prev == nil {
		t.Fatal("no previous link")
	}
	_, _, back := follow(t, c, htmlq.Attr(prev, "href"))
	if again := searchHits(back); strings.Join(again, " ") != strings.Join(first, " ") {
		t.Error("previous results are not the first page")
	}
	// A mangled cursor starts again from the newest hits.
	_, _, bad := follow(t, c, searchPath(servertest.OrgNordic, "SEARCH-MANY")+"&cursor_after=garbage")
	if again := searchHits(bad); len(again) != 50 || again[0] != first[0] {
		t.Error("a bad cursor did not start again")
	}
}
