package portal

import (
	"testing"

	"golang.org/x/net/html"

	"portal/htmlq"
	"portal/server/servertest"
)

// A dialog's opener island loads its code on the opener's first focus or click (the page's
// first load is lighter by the dialog's code), and at once when the address opens the
// dialog as the page loads.
func TestDialogOpenersLoadOnFirstUse(t *testing.T) {
	h := newHarness(t)
	c := h.LoggedIn("admin@demo.example")
	org := "/org/" + servertest.OrgNordic
	for _, tc := range []struct {
		page, island, load string
	}{
		{org + "/payouts", "PayoutWizard", "interaction"},
		{org + "/payouts?createManualPayout=select_product", "PayoutWizard", ""},
		{org + "/accounts/4520011000000015", "TransferDialog", "interaction"},
		{org + "/accounts/4520011000000015", "StatementExport", "interaction"},
		{org + "/exported_statements", "StatementExport", "interaction"},
		{org + "/exported_statements?download_statement=1", "StatementExport", ""},
		{org + "/exported_payouts", "PayoutExport", "interaction"},
		{org + "/exported_payouts?download_payouts=1", "PayoutExport", ""},
	} {
		t.Run(tc.page+" "+tc.island, func(t *testing.T) {
			res, doc := c.Page(tc.page)
			if res.StatusCode != 200 {
				t.Fatalf("status %d", res.StatusCode)
			}
			el := htmlq.Find(doc, func(n *html.Node) bool { return htmlq.Attr(n, "data-island") == tc.island })
			if el == nil {
				t.Fatalf("no %s island", tc.island)
			}
			if got := htmlq.Attr(el, "data-load"); got != tc.load {
				t.Errorf("data-load %q, want %q", got, tc.load)
			}
		})
	}
}
