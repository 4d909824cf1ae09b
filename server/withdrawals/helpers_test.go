package withdrawals

import (
	"context"
	"os"
	"testing"

	"portal/provider"
	"portal/reference/demo"
	"portal/server/auth"
	"portal/server/servertest"
)

func TestMain(m *testing.M) { os.Exit(servertest.Main(m)) }

const (
	acctEUR = demo.AccountOrg1EUR
	acctGBP = demo.AccountOrg1GBP
)

func newHarness(t *testing.T) *servertest.Harness { return servertest.New(t, auth.New, New) }

func listPath(org string) string { return "/org/" + org + "/accounts/withdrawals" }

func balance(t *testing.T, h *servertest.Harness, account string) string {
	t.Helper()
	return h.Balance(t, servertest.OrgNordic, account)
}

// withdrawal is the newest of Nordic's withdrawals that pick takes.
func withdrawal(t *testing.T, h *servertest.Harness, pick func(provider.WithdrawalRequest) bool) provider.WithdrawalRequest {
	t.Helper()
	page, err := h.Store.Withdrawals(context.Background(), servertest.OrgNordic, provider.WithdrawalFilter{Limit: provider.MaxWithdrawalLimit})
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
