package receivers

import (
	"context"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"portal/htmlq"
	"portal/provider"
	"portal/server"
	"portal/server/auth"
	"portal/server/servertest"
)

// Deleting without JavaScript: the confirmation asks in the spec's words, its form deletes
// and comes back to the same list page with 'Successfully removed {name}'; 'No, keep it'
// leads back to the receiver. A second submit finds nothing to delete.
func TestDeleteWithTheConfirmationPage(t *testing.T) {
	h := newHarness(t)
	c := h.LoggedIn("operations_member@demo.example")
	list := all(t, h, servertest.OrgNordic)
	r := list[pageSize+3] // on the second page
	_, doc := c.Page(base(servertest.OrgNordic))
	second := htmlq.Attr(servertest.PagerLink(doc, "next"), "href")
	_, doc = c.Page(second + "&receiver=" + r.ID)
	del := servertest.LinkByText(panelOf(doc), "Delete receiver "+r.FullName)
	if del == nil {
		t.Fatal("no Delete receiver")
	}
	res, doc := c.Page(htmlq.Attr(del, "href"))
	if res.StatusCode != 200 || htmlq.VisibleText(htmlq.Find(doc, htmlq.ByTag("h1"))) != "Delete receiver?" {
		t.Fatalf("confirmation: %d %q", res.StatusCode, htmlq.VisibleText(htmlq.Find(doc, htmlq.ByTag("h1"))))
	}
	action := base(servertest.OrgNordic) + "/" + r.ID + "/delete"
	fields, form := servertest.PostForm(t, doc, action)
	if got := htmlq.VisibleText(htmlq.Find(form, htmlq.ByTag("p"))); !strings.Contains(got, r.FullName) || !strings.Contains(got, "contact list") ||
		!strings.Contains(got, "cannot be restored") {
		t.Errorf("text %q", got)
	}
	if b := htmlq.Find(form, htmlq.ByTag("button")); htmlq.VisibleText(b) != "Yes, delete receiver" {
		t.Errorf("submit %q", htmlq.VisibleText(b))
	}
	keep := servertest.LinkByText(form, "No, keep it")
	if keep == nil || !strings.Contains(htmlq.Attr(keep, "href"), "receiver="+r.ID) || !strings.Contains(htmlq.Attr(keep, "href"), "cursor_next=") {
		t.Errorf("No, keep it: %v", keep)
	}
	if fields.Get("_csrf") == "" || fields.Get(fieldReturnTo) != second {
		t.Errorf("fields %v, want return_to %s", fields, second)
	}
	res = c.Do("POST", action, fields)
	if res.Header.Get("Location") != second {
		t.Errorf("back to %s, want %s", res.Header.Get("Location"), second)
	}
	_, doc = servertest.Follow(t, c, res)
	if fl := servertest.Flashes(doc); !slices.Equal(fl, []string{"Successfully removed " + r.FullName}) {
		t.Errorf("flashes %v", fl)
	}
	if htmlq.Find(doc, htmlq.ByID("receiver-"+r.ID)) != nil {
		t.Error("the deleted receiver is still listed")
	}
	if _, err := h.Store.Receiver(context.Background(), servertest.OrgNordic, r.ID); provider.ErrorCode(err) != provider.ENOTFOUND {
		t.Errorf("still stored: %v", err)
	}
	if res := c.Do("POST", action, fields); res.StatusCode != http.StatusNotFound {
		t.Errorf("second submit: %d", res.StatusCode)
	}
	// A return_to elsewhere is ignored.
	other := list[0]
	res = c.Do("POST", base(servertest.OrgNordic)+"/"+other.ID+"/delete", url.Values{"_csrf": {fields.Get("_csrf")}, fieldReturnTo: {"https://evil.example/"}})
	if res.Header.Get("Location") != base(servertest.OrgNordic) {
		t.Errorf("return_to elsewhere: %s", res.Header.Get("Location"))
	}
}

// Without receivers:manage neither the confirmation nor the POST deletes (the route's
// permission is the check, not the hidden button); without the CSRF token nothing is
// deleted either.
func TestDeleteNeedsThePermissionAndTheToken(t *testing.T) {
	h := newHarness(t)
	r := first(t, h, servertest.OrgNordic, nil)
	action := base(servertest.OrgNordic) + "/" + r.ID + "/delete"
	c := h.LoggedIn("observer@demo.example")
	tok := c.CSRF(base(servertest.OrgNordic))
	servertest.Refused(t, c, action, url.Values{"_csrf": {tok}}, http.StatusSeeOther, "/org/"+servertest.OrgNordic)
	admin := h.LoggedIn("admin@demo.example")
	if res := admin.Do("POST", action, url.Values{}); res.StatusCode == http.StatusSeeOther {
		t.Errorf("POST without the token: %d", res.StatusCode)
	}
	if _, err := h.Store.Receiver(context.Background(), servertest.OrgNordic, r.ID); err != nil {
		t.Errorf("deleted anyway: %v", err)
	}
}

// failingDelete makes DeleteReceiver fail as a broken connection would.
type failingDelete struct{ inner }

// inner is the provider a fake wraps (an embedded interface named apart from it).
type inner = provider.Receivers

func (failingDelete) DeleteReceiver(context.Context, string, string) (provider.Receiver, error) {
	return provider.Receiver{}, context.DeadlineExceeded
}

// When the provider cannot delete: 'Error while deleting the receiver - ...' (spec 001 §8).
func TestDeleteFails(t *testing.T) {
	h := servertest.NewWith(t, func(d *server.Deps) { d.Receivers = failingDelete{d.Receivers} }, auth.New, New)
	c := h.LoggedIn("admin@demo.example")
	r := first(t, h, servertest.OrgNordic, nil)
	tok := c.CSRF(base(servertest.OrgNordic))
	_, doc := servertest.Follow(t, c, c.Do("POST", base(servertest.OrgNordic)+"/"+r.ID+"/delete", url.Values{"_csrf": {tok}}))
	if fl := servertest.Flashes(doc); !slices.Equal(fl, []string{"Error while deleting the receiver - Something went wrong"}) {
		t.Errorf("flashes %v", fl)
	}
}

// The dialog of the island posts the same form: its props carry the spec's words, the
// action, the token and the list page to come back to.
func TestDialogProps(t *testing.T) {
	h := newHarness(t)
	c := h.LoggedIn("admin@demo.example")
	r := first(t, h, servertest.OrgNordic, nil)
	_, doc := c.Page(base(servertest.OrgNordic) + "?sort=created_at&receiver=" + r.ID)
	island := htmlq.Find(panelOf(doc), func(n *html.Node) bool { return n.Data == "script" && htmlq.Attr(n, "type") == "application/json" })
	if island == nil {
		t.Fatal("no island props")
	}
	props := htmlq.Text(island)
	for _, want := range []string{`"title":"Delete receiver?"`, `"submit":"Yes, delete receiver"`, `"back":"No, keep it"`,
		`"action":"` + base(servertest.OrgNordic) + "/" + r.ID + `/delete"`, `"returnTo":"` + base(servertest.OrgNordic) + `?sort=created_at"`} {
		if !strings.Contains(props, want) {
			t.Errorf("props lack %s: %s", want, props)
		}
	}
}
