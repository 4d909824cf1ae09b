package passwords

import (
	"context"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"portal/provider"
	"portal/reference"
	"portal/reference/demo"
	"portal/server/servertest"
)

// An invitation to an address with a login: the link asks to log in (no password is
// chosen, even by a forged post), the join page accepts it for that login only, and only
// its POST makes the person a member.
func TestInvitationToALogin(t *testing.T) {
	h := newHarness(t)
	ctx := context.Background()
	const email = "observer@demo.example"
	if _, err := h.Store.CreateUser(ctx, servertest.OrgAtlantic, provider.UserInput{FirstName: "X", LastName: "Y", Email: email,
		Role: provider.RoleFinance}); err != nil {
		t.Fatal(err)
	}
	_, link := servertest.OutboxEmails(t, h.Srv.Auth, email)
	token := strings.TrimPrefix(link, reference.InvitationLinkPrefix)
	join := JoinPath(token)

	guest := h.Client()
	res, doc := guest.Page(link)
	if res.StatusCode != http.StatusOK || res.Header.Get("Referrer-Policy") != "no-referrer" {
		t.Fatalf("invitation page: %d", res.StatusCode)
	}
	if a := find(doc, func(n *html.Node) bool { return n.Data == "a" && attr(n, "href") == join }); a == nil || text(a) != "Log in to accept" {
		t.Fatal("no 'Log in to accept' link to the join page")
	}
	if find(doc, func(n *html.Node) bool { return attr(n, "name") == "password" }) != nil {
		t.Fatal("a password field for an address with a login")
	}
	tok := guest.CSRF("/login")
	res = guest.Do("POST", link, url.Values{"_csrf": {tok}, "password": {newPassword}, "password_confirmation": {newPassword}})
	if res.StatusCode != http.StatusConflict {
		t.Fatalf("forged password post: %d", res.StatusCode)
	}
	if _, err := h.Store.Authenticate(ctx, email, demo.Password); err != nil {
		t.Fatalf("the person's password changed: %v", err)
	}
	if res := guest.Get(join); res.StatusCode != http.StatusSeeOther || !strings.HasPrefix(res.Header.Get("Location"), "/login?") {
		t.Fatalf("join as a guest: %d %q", res.StatusCode, res.Header.Get("Location"))
	}

	other := h.LoggedIn("finance@demo.example")
	res, doc = other.Page(join)
	if res.StatusCode != http.StatusForbidden || !strings.Contains(text(find(doc, byTag("main"))), provider.MsgInvitationOtherEmail) {
		t.Fatalf("another login: %d", res.StatusCode)
	}
	res = other.PostForm(join, url.Values{}, "/org/"+servertest.OrgNordic)
	if res.StatusCode != http.StatusForbidden {
		t.Fatalf("another login's post: %d", res.StatusCode)
	}
	if _, err := h.Store.Membership(ctx, demo.UserObserverID, servertest.OrgAtlantic); provider.ErrorCode(err) == "" {
		t.Fatal("a member before accepting")
	}

	me := h.LoggedIn(email)
	res, doc = me.Page(join)
	if res.StatusCode != http.StatusOK || res.Header.Get("Referrer-Policy") != "no-referrer" ||
		!strings.Contains(text(find(doc, byTag("h1"))), "Atlantic Freight Ltd") {
		t.Fatalf("join page: %d", res.StatusCode)
	}
	form := find(doc, func(n *html.Node) bool { return n.Data == "form" && attr(n, "action") == join })
	if form == nil {
		t.Fatal("no accept form")
	}
	res = me.PostForm(join, url.Values{}, join)
	if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != "/org/"+servertest.OrgAtlantic {
		t.Fatalf("accept: %d %q", res.StatusCode, res.Header.Get("Location"))
	}
	if _, doc = me.Page(res.Header.Get("Location")); !slices.Contains(servertest.Flashes(doc), "You joined Atlantic Freight Ltd.") {
		t.Errorf("flashes %q", servertest.Flashes(doc))
	}
	m, err := h.Store.Membership(ctx, demo.UserObserverID, servertest.OrgAtlantic)
	if err != nil || m.Role != provider.RoleFinance || m.Default {
		t.Fatalf("membership %+v %v", m, err)
	}
	if u, _ := h.Store.UserByEmail(ctx, email); u.FirstName == "X" {
		t.Error("joining took the names the admin typed")
	}
	// Spent: the link and the join page both say it expired.
	if res, doc := me.Page(join); res.StatusCode != http.StatusOK || !strings.Contains(text(find(doc, byTag("h1"))), msgLinkExpired) {
		t.Errorf("spent join page: %d", res.StatusCode)
	}
}
