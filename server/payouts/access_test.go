package payouts

import (
	"testing"

	"golang.org/x/net/html"

	"portal/access"
	"portal/htmlq"
	"portal/provider"
	"portal/server/servertest"
)

// What each role sees and may do on the page (spec 001 §6): payouts:read opens it,
// payouts:manage cancels (and runs test cases), exports:download offers the payment
// document of a completed payout, exports:manage Export to CSV.
func TestRoles(t *testing.T) {
	h := newHarness(t)
	completed := onePayout(t, h, servertest.OrgNordic, provider.PayoutFilter{StateCategory: provider.PayoutCompleted}, nil)
	processing := onePayout(t, h, servertest.OrgNordic, provider.PayoutFilter{StateCategory: provider.PayoutProcessing},
		func(p provider.PayoutRequest) bool { return p.CurrentStateName == provider.StateHalted })
	has := func(doc *html.Node, name string) bool {
		return htmlq.Find(doc, func(n *html.Node) bool { return n.Data == "a" && servertest.ReadText(n) == name }) != nil
	}
	h.EachRole(t, servertest.OrgNordic, payoutsPath(servertest.OrgNordic)+"/"+completed.UniqueReference, access.PayoutsRead,
		func(t *testing.T, perms access.Set, c *servertest.Client, doc *html.Node) {
			dl := htmlq.Find(panelOf(doc), func(n *html.Node) bool { return n.Data == "a" && servertest.ReadText(n) == "Download payment document" })
			if (dl != nil) != perms.Has(access.ExportsDownload) ||
				(dl != nil && htmlq.Attr(dl, "href") != payoutsPath(servertest.OrgNordic)+"/"+completed.UniqueReference+"/document/preview") {
				t.Errorf("payment document: %v", dl != nil)
			}
			if has(doc, "Export to CSV") != perms.Has(access.ExportsManage) {
				t.Errorf("Export to CSV: %v", has(doc, "Export to CSV"))
			}
			if has(doc, "Create payout") != perms.Has(access.PayoutsManage) {
				t.Errorf("Create payout: %v", has(doc, "Create payout"))
			}
			_, doc = c.Page(payoutsPath(servertest.OrgNordic) + "/" + processing.UniqueReference)
			panel := panelOf(doc)
			manage := perms.Has(access.PayoutsManage)
			if has(panel, "Cancel payout") != manage || (htmlq.Find(panel, htmlq.ByID("payout-test-case")) != nil) != manage {
				t.Errorf("cancel %v, test case %v; payouts:manage %v", has(panel, "Cancel payout"), htmlq.Find(panel, htmlq.ByID("payout-test-case")) != nil, manage)
			}
			if has(panel, "Download payment document") {
				t.Error("payment document of a payout not completed")
			}
		})
}
