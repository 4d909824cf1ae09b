package payouts

import (
	"net/url"
	"slices"
	"strings"
	"testing"

	"portal/htmlq"
	"portal/provider"
	"portal/server/servertest"
)

// Without JavaScript the reference, the end-to-end id and the receiver's IBAN or account
// number are plain text in the panel, and every copy button is invisible (no dead button).
func TestPanelCopyValuesAreText(t *testing.T) {
	h := newHarness(t)
	c := h.LoggedIn("observer@demo.example")
	p := onePayout(t, h, servertest.OrgNordic, provider.PayoutFilter{StateCategory: "completed"}, func(p provider.PayoutRequest) bool {
		return p.EndToEndID != "" && (p.CreditorAccount.IBAN != "" || p.CreditorAccount.AccountNumber != "")
	})
	at := payoutsPath(servertest.OrgNordic) + "/" + url.PathEscape(p.UniqueReference)
	check := func(tab string, want ...string) {
		t.Helper()
		_, doc := c.Page(at + "?tab=" + tab)
		panel := panelOf(doc)
		got := servertest.CopyValues(panel)
		for _, w := range want {
			if w != "" && !strings.Contains(strings.Join(got, "\n"), w) {
				t.Errorf("tab %s: %q is not a copy value (have %q)", tab, w, got)
			}
		}
		for _, b := range htmlq.FindAll(panel, htmlq.ByTag("button")) {
			if strings.HasPrefix(servertest.ReadText(b), "Copy") && !slices.Contains(strings.Fields(htmlq.Attr(b, "class")), "invisible") {
				t.Errorf("tab %s: a visible copy button without JavaScript", tab)
			}
		}
	}
	check(provider.SectionPayoutRequest, p.UniqueReference, p.EndToEndID)
	check(provider.SectionReceiverBank, p.UniqueReference, p.CreditorAccount.IBAN, p.CreditorAccount.AccountNumber)
}
