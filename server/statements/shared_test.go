package statements

import (
	"context"
	"net/http"
	"net/url"
	"testing"
	"time"

	"portal/daterange"
	"portal/htmlq"
	"portal/provider"
	"portal/reference/demo"
	"portal/server"
	"portal/server/api"
	"portal/server/servertest"
)

// A statement of an account shared with the organisation (not owned by it) is refused 403,
// through the form (which comes back with the spec's sentence beside the account) and the
// API (code forbidden, pointing at the account), in both organisations it is shared with;
// nothing is queued.
func TestStatementOfSharedAccountRefused(t *testing.T) {
	h := newHarness(t)
	now := time.Now().UTC()
	for _, tc := range []struct{ org, user string }{
		{servertest.OrgNordic, "finance@demo.example"},
		{servertest.OrgAtlantic, "atlantic-ops@demo.example"},
	} {
		t.Run(tc.user, func(t *testing.T) {
			before := statementCount(t, h, tc.org)
			c := h.LoggedIn(tc.user)
			base := "/org/" + tc.org + "/exported_statements"
			csrf := c.CSRF(base + "?download_statement=1")
			form := url.Values{"_csrf": {csrf}, "account": {demo.AccountPartnerPool}, "kind": {provider.KindTransactions},
				"from": {now.AddDate(0, 0, -7).Format(daterange.DisplayLayout)}, "to": {now.Format(daterange.DisplayLayout)}}
			res := c.Do("POST", base, form)
			doc := servertest.Parse(t, res)
			if res.StatusCode != http.StatusForbidden {
				t.Fatalf("form: %d", res.StatusCode)
			}
			if got := servertest.FieldError(doc, "statement-account"); got != server.MsgSharedAccount {
				t.Errorf("account error %q", got)
			}
			if servertest.SummaryLink(doc, "statement-account") == nil {
				t.Error("the error summary does not link to the account")
			}
			if htmlq.Attr(htmlq.Find(doc, htmlq.ByID("statement-from")), "value") != form.Get("from") {
				t.Error("typed period lost")
			}

			a := h.APILoggedIn(tc.user)
			path := "/api/v2/virtual_bank/organisations/" + tc.org + "/statements"
			for _, kind := range []string{provider.KindTransactions, provider.KindCharges} {
				r := a.Call("POST", path, map[string]string{"virtual_account_number": demo.AccountPartnerPool, "kind": kind,
					"created_after": now.AddDate(0, 0, -7).Format(daterange.APILayout), "created_before": now.AddDate(0, 0, 1).Format(daterange.APILayout)})
				r.Expect(t, http.StatusForbidden, api.CodeForbidden)
				h.CheckReply(t, "POST", "/virtual_bank/organisations/{id}/statements", r)
				e := r.FirstError(t)
				if e["title"] != server.MsgSharedAccount || e["source"].(map[string]any)["pointer"] != "/virtual_account_number" {
					t.Errorf("%s: %v", kind, e)
				}
			}
			if after := statementCount(t, h, tc.org); after != before {
				t.Errorf("statements %d → %d", before, after)
			}
		})
	}
}

// statementCount is how many statements org has in the store.
func statementCount(t *testing.T, h *servertest.Harness, org string) int {
	t.Helper()
	page, err := h.Store.Statements(context.Background(), org, provider.StatementFilter{})
	if err != nil {
		t.Fatal(err)
	}
	return page.Total
}
