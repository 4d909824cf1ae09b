package dashboard

import (
	"context"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"portal/htmlq"
	"portal/provider"
	"portal/reference/demo"
)

// bannerForms are the Dismiss forms of the shell's banners, by alert id.
func bannerForms(doc *html.Node) map[string]*html.Node {
	out := map[string]*html.Node{}
	for _, f := range htmlq.FindAll(doc, func(n *html.Node) bool {
		return n.Data == "form" && htmlq.Attr(n, "action") == "/org/"+demo.Org1ID+"/alerts/dismiss"
	}) {
		if id := htmlq.Find(f, func(n *html.Node) bool { return htmlq.Attr(n, "name") == "id" }); id != nil {
			out[htmlq.Attr(id, "value")] = f
		}
	}
	return out
}

// Info and warning banners can be put away for the session by a form POST and stay away
// on every page of the session; an error banner has no Dismiss and cannot be dismissed
// by a forged post; another session still sees them all.
func TestDismissAlerts(t *testing.T) {
	h := newHarness(t)
	ctx := context.Background()
	h.Exec(`INSERT INTO alerts (id, organisation_id, alert_type, alert_message, created_at)
		VALUES ('alert-error', ?, 'error', 'Payouts to Atlantis are stopped.', '2099-01-01T00:00:00.000000000Z')`, demo.Org1ID)
	alerts, err := h.Store.Alerts(ctx, demo.Org1ID)
	if err != nil || len(alerts) != 3 {
		t.Fatalf("alerts %v %v", alerts, err)
	}
	home := "/org/" + demo.Org1ID
	c := h.LoggedIn("admin@demo.example")
	_, doc := c.Page(home + "?tab=x")
	forms := bannerForms(doc)
	for _, a := range alerts {
		_, has := forms[a.ID]
		if has == (a.AlertType == provider.AlertError) {
			t.Errorf("%s banner %q: Dismiss %v", a.AlertType, a.AlertMessage, has)
		}
	}
	info := alerts[0]
	f := forms[info.ID]
	if f == nil {
		t.Fatal("no Dismiss on the info banner")
	}
	back := htmlq.Attr(htmlq.Find(f, func(n *html.Node) bool { return htmlq.Attr(n, "name") == "back" }), "value")
	if back != home+"?tab=x" {
		t.Errorf("back %q", back)
	}
	res := c.PostForm(htmlq.Attr(f, "action"), url.Values{"id": {info.ID}, "back": {back}}, home)
	if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != back {
		b, _ := io.ReadAll(res.Body)
		t.Fatalf("dismiss: %d %q %s", res.StatusCode, res.Header.Get("Location"), b)
	}
	// The error banner cannot be put away, even by a forged post.
	res = c.PostForm(htmlq.Attr(f, "action"), url.Values{"id": {"alert-error"}, "back": {home}}, home)
	if res.StatusCode != http.StatusSeeOther {
		t.Fatalf("forged dismiss: %d", res.StatusCode)
	}
	_, doc = c.Page(home)
	main := htmlq.VisibleText(htmlq.Find(doc, htmlq.ByTag("header")))
	if strings.Contains(main, info.AlertMessage) || !strings.Contains(main, alerts[1].AlertMessage) || !strings.Contains(main, "Payouts to Atlantis are stopped.") {
		t.Errorf("after dismissing: %q", main)
	}
	// Another session of the same person still sees every banner.
	_, doc = h.LoggedIn("admin@demo.example").Page(home)
	if !strings.Contains(htmlq.VisibleText(htmlq.Find(doc, htmlq.ByTag("header"))), info.AlertMessage) {
		t.Error("dismissed in another session")
	}
	// Without the CSRF token: refused like any form.
	if res := c.Do("POST", htmlq.Attr(f, "action"), url.Values{"id": {alerts[1].ID}, "back": {home}}); res.StatusCode != http.StatusForbidden {
		t.Errorf("without CSRF: %d", res.StatusCode)
	}
}
