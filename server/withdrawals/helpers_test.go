package withdrawals

import (
	"context"
	"os"
	"testing"

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
var text = servertest.ReadText

var rows = servertest.ListRows

// follow GETs a redirect's target.
var follow = servertest.Follow

func balance(t *testing.T, h *servertest.Harness, account string) string {
	t.Helper()
	return h.Balance(t, orgNordic, account)
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
