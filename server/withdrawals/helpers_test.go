package withdrawals

import (
	"context"
	"net/http"
	"os"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"portal/htmlq"
	"portal/provider"
	"portal/reference"
	"portal/server/auth"
	"portal/server/servertest"
)

func TestMain(m *testing.M) { os.Exit(servertest.Main(m)) }

const (
	orgNordic   = servertest.OrgNordic
	orgAtlantic = servertest.OrgAtlantic
	acctEUR     = reference.DemoAccountOrg1EUR
	acctGBP     = reference.DemoAccountOrg1GBP
)

var (
	find    = htmlq.Find
	findAll = htmlq.FindAll
	attr    = htmlq.Attr
	byTag   = htmlq.ByTag
	byID    = htmlq.ByID
)

func newHarness(t *testing.T) *servertest.Harness { return servertest.New(t, auth.New, New) }

func listPath(org string) string { return "/org/" + org + "/accounts/withdrawals" }

func login(h *servertest.Harness, email string) *servertest.Client {
	c := h.Client()
	c.Login(email)
	return c
}

// text is what a reader of n gets, without <script> content (island props).
func text(n *html.Node) string {
	if n == nil {
		return ""
	}
	var b strings.Builder
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode && n.Data == "script" {
			return
		}
		if n.Type == html.TextNode {
			b.WriteString(n.Data)
			b.WriteByte(' ')
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(n)
	return strings.Join(strings.Fields(b.String()), " ")
}

func rows(doc *html.Node) []*html.Node {
	return findAll(doc, func(n *html.Node) bool { return n.Data == "tr" && htmlq.HasAttr(n, "data-status") })
}

// follow GETs a redirect's target.
func follow(t *testing.T, c *servertest.Client, res *http.Response) (*http.Response, *html.Node) {
	t.Helper()
	if res.StatusCode != http.StatusSeeOther {
		t.Fatalf("status %d, want 303", res.StatusCode)
	}
	loc, _, _ := strings.Cut(res.Header.Get("Location"), "#")
	return c.Page(loc)
}

func balance(t *testing.T, h *servertest.Harness, account string) string {
	t.Helper()
	accts, err := h.Store.Accounts(context.Background(), orgNordic)
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range accts {
		if a.AccountNumber == account {
			return a.Balance
		}
	}
	t.Fatalf("no account %s", account)
	return ""
}

// withdrawal is the newest of Nordic's withdrawals that pick takes.
func withdrawal(t *testing.T, h *servertest.Harness, pick func(provider.WithdrawalRequest) bool) provider.WithdrawalRequest {
	t.Helper()
	page, err := h.Store.Withdrawals(context.Background(), orgNordic, provider.WithdrawalFilter{Limit: provider.MaxWithdrawalLimit})
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range page.Withdrawals {
		if pick(w) {
			return w
		}
	}
	t.Fatal("no such withdrawal")
	return provider.WithdrawalRequest{}
}
