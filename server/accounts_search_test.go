package server

import (
	"context"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"portal/provider"
	"portal/reference"
)

// searchHits are the result links of the Account Transactions group.
func searchHits(doc *html.Node) []string {
	sec := find(doc, func(n *html.Node) bool {
		return n.Data == "section" && attr(n, "aria-labelledby") == "search-transactions"
	})
	if sec == nil {
		return nil
	}
	var out []string
	for _, tr := range rowsOf(sec) {
		out = append(out, attr(find(tr, byTag("a")), "href"))
	}
	return out
}

func noResult(doc *html.Node) bool { return find(doc, byID("no-result")) != nil }

func searchPath(org, q string) string {
	return "/org/" + org + "/search?" + url.Values{"q": {q}}.Encode()
}

func TestSearchAccountTransactions(t *testing.T) {
	h := newHarness(t)
	ctx := context.Background()
	res, err := h.store.Transfer(ctx, orgNordic, provider.TransferRequest{From: acctEUR, To: acctGBP, Amount: "3.00",
		EndToEndID: "SEARCH-NORDIC", IdempotencyKey: "search-1"})
	if err != nil {
		t.Fatal(err)
	}
	eurEntry, gbpEntry := res.Entries[0].ID, res.Entries[len(res.Entries)-1].ID
	entryLink := func(number, id string) string {
		return "/org/" + orgNordic + "/accounts/" + number + "?entry=" + id + "#entry-panel"
	}
	// An old entry: outside the default date range, far past the first page.
	var oldID, oldRef string
	if err := h.db().QueryRow(`SELECT seq, reference FROM ledger_entries WHERE account_number = ? AND reference <> ''
		ORDER BY created_at, seq LIMIT 1`, acctEUR).Scan(&oldID, &oldRef); err != nil {
		t.Fatal(err)
	}
	var atlanticRef string
	if err := h.db().QueryRow(`SELECT reference FROM ledger_entries WHERE account_number = ? AND reference <> '' LIMIT 1`,
		reference.DemoAccountOrg2GBP).Scan(&atlanticRef); err != nil {
		t.Fatal(err)
	}

	cases := []struct {
		name, user, org, q string
		want               []string // result links, newest first; nil: the no-result state
	}{
		{"end-to-end id", "observer@demo.example", orgNordic, "SEARCH-NORDIC", []string{entryLink(acctGBP, gbpEntry), entryLink(acctEUR, eurEntry)}},
		{"trimmed", "observer@demo.example", orgNordic, "  SEARCH-NORDIC ", []string{entryLink(acctGBP, gbpEntry), entryLink(acctEUR, eurEntry)}},
		{"order id", "observer@demo.example", orgNordic, res.ID, []string{entryLink(acctGBP, gbpEntry), entryLink(acctEUR, eurEntry)}},
		{"entry id", "observer@demo.example", orgNordic, eurEntry, []string{entryLink(acctEUR, eurEntry)}},
		{"no hit", "observer@demo.example", orgNordic, "NOTHING-LIKE-THIS", nil},
		{"other organisation's reference", "multi@demo.example", orgNordic, atlanticRef, nil},
		{"own reference in the other organisation", "multi@demo.example", orgAtlantic, "SEARCH-NORDIC", nil},
		{"without accounts:read", "default@demo.example", orgNordic, "SEARCH-NORDIC", nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := h.client()
			c.Login(tc.user)
			r, doc := c.Page(searchPath(tc.org, tc.q))
			if r.StatusCode != http.StatusOK {
				t.Fatalf("status %d", r.StatusCode)
			}
			got := searchHits(doc)
			if strings.Join(got, " ") != strings.Join(tc.want, " ") {
				t.Errorf("hits %v, want %v", got, tc.want)
			}
			if noResult(doc) != (tc.want == nil) {
				t.Errorf("no-result state shown: %v", noResult(doc))
			}
			groups := findAll(find(doc, byTag("main")), byTag("li"))
			if len(groups) != 5 || text(groups[0]) != "Account Transactions: "+strconv.Itoa(len(tc.want))+" found" {
				t.Errorf("groups %q", text(find(doc, byTag("main"))))
			}
		})
	}

	t.Run("old entry opens its panel", func(t *testing.T) {
		c := h.client()
		c.Login("observer@demo.example")
		_, doc := c.Page(searchPath(orgNordic, oldID))
		hits := searchHits(doc)
		if len(hits) != 1 || hits[0] != entryLink(acctEUR, oldID) {
			t.Fatalf("hits %v", hits)
		}
		r, page := c.Page(strings.TrimSuffix(hits[0], "#entry-panel"))
		if r.StatusCode != http.StatusOK {
			t.Fatalf("status %d", r.StatusCode)
		}
		panel := find(page, byID("entry-panel"))
		if panel == nil || !strings.Contains(text(panel), "Transaction details") || !strings.Contains(text(panel), oldID) ||
			!strings.Contains(text(panel), oldRef) || strings.Contains(text(panel), "not on this page") {
			t.Fatalf("panel %q", text(panel))
		}
		for _, tr := range rowsOf(page) {
			if attr(tr, "id") == "entry-"+oldID {
				t.Fatal("the old entry is in the default range's list")
			}
		}
		// The entry of another account is not shown under this one.
		_, other := c.Page(accountPath(acctGBP) + "?entry=" + oldID)
		if p := find(other, byID("entry-panel")); p == nil || !strings.Contains(text(p), "not on this page") {
			t.Errorf("foreign entry panel %q", text(p))
		}
	})
}

func TestSearchMovementsAPI(t *testing.T) {
	h := newHarness(t)
	if _, err := h.store.Transfer(context.Background(), orgNordic, provider.TransferRequest{From: acctEUR, To: acctGBP, Amount: "2.00",
		EndToEndID: "API-SEARCH", IdempotencyKey: "api-search"}); err != nil {
		t.Fatal(err)
	}
	obs := h.api()
	obs.Login("observer@demo.example")
	def := h.api()
	def.Login("default@demo.example")
	doc := "/virtual_bank/organisations/{id}/movements/search"
	path := func(org, query string) string {
		return "/api/v2/virtual_bank/organisations/" + org + "/movements/search?" + query
	}
	cases := []struct {
		c      *apiClient
		url    string
		status int
		code   string
	}{
		{obs, path(orgNordic, "q=API-SEARCH"), 200, ""},
		{obs, path(orgNordic, "q=%20API-SEARCH%20&limit=1"), 200, ""},
		{obs, path(orgNordic, "q=%20%20"), 422, "invalid"},
		{obs, path(orgNordic, ""), 422, "invalid"},
		{obs, path(orgNordic, "q=x&limit=0"), 422, "invalid"},
		{obs, path(orgNordic, "q=x&cursor_after=a&cursor_before=b"), 422, "invalid"},
		{obs, path(orgAtlantic, "q=API-SEARCH"), 404, "not_found"},
		{def, path(orgNordic, "q=API-SEARCH"), 403, "forbidden"},
	}
	for _, tc := range cases {
		r := tc.c.Call("GET", tc.url, nil)
		r.Expect(t, tc.status, tc.code)
		checkReply(t, "GET", doc, r)
	}

	first := obs.Call("GET", path(orgNordic, "q=API-SEARCH&limit=1"), nil)
	meta, _ := first.JSON["meta"].(map[string]any)
	data, _ := first.JSON["data"].([]any)
	if len(data) != 1 || meta["total"] != float64(2) || meta["has_next_page"] != true {
		t.Fatalf("first page %s", first.Raw)
	}
	if hit := data[0].(map[string]any); hit["account_number"] != acctGBP || hit["reference"] != "API-SEARCH" {
		t.Errorf("hit %v", hit)
	}
	second := obs.Call("GET", path(orgNordic, "q=API-SEARCH&limit=1&cursor_after="+meta["cursor_next"].(string)), nil)
	data2, _ := second.JSON["data"].([]any)
	if len(data2) != 1 || data2[0].(map[string]any)["account_number"] != acctEUR {
		t.Errorf("second page %s", second.Raw)
	}
}

func TestSearchPageResultsPaging(t *testing.T) {
	h := newHarness(t)
	// 26 transfers with one end-to-end id: 52 hits, more than one page of 50.
	for i := 0; i < 26; i++ {
		if _, err := h.store.Transfer(context.Background(), orgNordic, provider.TransferRequest{From: acctEUR, To: acctGBP,
			Amount: "1.00", EndToEndID: "SEARCH-MANY", IdempotencyKey: "many-" + strconv.Itoa(i)}); err != nil {
			t.Fatal(err)
		}
	}
	c := h.client()
	c.Login("observer@demo.example")
	_, doc := c.Page(searchPath(orgNordic, "SEARCH-MANY"))
	first := searchHits(doc)
	if len(first) != 50 || linkByText(doc, "Previous results") != nil {
		t.Fatalf("first page: %d hits", len(first))
	}
	next := linkByText(doc, "Next results")
	if next == nil {
		t.Fatal("no next link")
	}
	u, _ := url.Parse(attr(next, "href"))
	if u.Query().Get("q") != "SEARCH-MANY" || u.Query().Get("cursor_after") == "" {
		t.Fatalf("next link %q", attr(next, "href"))
	}
	_, doc2 := c.Page(u.RequestURI())
	second := searchHits(doc2)
	if len(second) != 2 || second[0] == first[49] || linkByText(doc2, "Next results") != nil {
		t.Fatalf("second page %v", second)
	}
	groups := findAll(find(doc2, byTag("main")), byTag("li"))
	if text(groups[0]) != "Account Transactions: 52 found" {
		t.Errorf("group %q", text(groups[0]))
	}
	prev := linkByText(doc2, "Previous results")
	if prev == nil {
		t.Fatal("no previous link")
	}
	_, back := c.Page(attr(prev, "href"))
	if again := searchHits(back); strings.Join(again, " ") != strings.Join(first, " ") {
		t.Error("previous results are not the first page")
	}
	// A mangled cursor starts again from the newest hits.
	_, bad := c.Page(searchPath(orgNordic, "SEARCH-MANY") + "&cursor_after=garbage")
	if again := searchHits(bad); len(again) != 50 || again[0] != first[0] {
		t.Error("a bad cursor did not start again")
	}
}
