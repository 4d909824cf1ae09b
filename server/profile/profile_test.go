package profile

import (
	"context"
	"net/http"
	"net/url"
	"os"
	"slices"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"portal/htmlq"
	"portal/reference"
	"portal/reference/demo"
	"portal/server/auth"
	"portal/server/servertest"
	"portal/server/users"
)

func TestMain(m *testing.M) { os.Exit(servertest.Main(m)) }

var profilePath = "/org/" + servertest.OrgNordic + "/settings/profile"

func newHarness(t *testing.T) *servertest.Harness { return servertest.New(t, auth.New, New) }

// followed GETs the target of a 303.
func followed(t *testing.T, c *servertest.Client, res *http.Response) *html.Node {
	t.Helper()
	if res.StatusCode != http.StatusSeeOther {
		t.Fatalf("status %d, want 303", res.StatusCode)
	}
	loc, _, _ := strings.Cut(res.Header.Get("Location"), "#")
	_, doc := c.Page(loc)
	return doc
}

// sessionHandles are the handles the page offers to end (the other sessions).
func sessionHandles(doc *html.Node) []string {
	var out []string
	for _, in := range htmlq.FindAll(doc, func(n *html.Node) bool { return n.Data == "input" && htmlq.Attr(n, "name") == "session" }) {
		out = append(out, htmlq.Attr(in, "value"))
	}
	return out
}

// The profile shows the user's names, e-mail and created date, the password row with Reset
// Password, and the sessions: this one marked, with its device.
func TestProfileView(t *testing.T) {
	h := newHarness(t)
	c := h.LoggedIn("finance@demo.example")
	res, doc := c.Page(profilePath)
	if res.StatusCode != http.StatusOK {
		t.Fatalf("status %d", res.StatusCode)
	}
	main := htmlq.VisibleText(doc)
	for _, want := range []string{"My Profile", "Lars", "Holm", "finance@demo.example", "Created", "Reset Password", "This session"} {
		if !strings.Contains(main, want) {
			t.Errorf("page lacks %q", want)
		}
	}
	pw := htmlq.Find(doc, htmlq.ByID("current-password-row"))
	if !htmlq.HasAttr(pw, "disabled") {
		t.Error("the password row is not disabled")
	}
	if len(sessionHandles(doc)) != 0 || htmlq.Find(doc, func(n *html.Node) bool { return htmlq.Attr(n, "action") == profilePath+"/sessions/end_others" }) != nil {
		t.Error("a lone session is offered to be ended")
	}
	// Every user has a profile, whatever their role.
	if res := h.LoggedIn("default@demo.example").Get(profilePath); res.StatusCode != http.StatusOK {
		t.Errorf("default role: %d", res.StatusCode)
	}
}

// Editing names: the spec's messages beside the fields, then "Profile updated"; the shell
// shows the new name on the next page.
func TestProfileEditNames(t *testing.T) {
	h := newHarness(t)
	c := h.LoggedIn("finance@demo.example")
	_, doc := c.Page(profilePath + "/edit")
	if htmlq.Attr(htmlq.Find(doc, htmlq.ByID("first_name")), "value") != "Lars" {
		t.Fatal("the form is not filled in")
	}
	res := c.PostForm(profilePath, url.Values{"first_name": {""}, "last_name": {"  "}, "email": {"nope"}}, profilePath)
	doc = servertest.Parse(t, res)
	if res.StatusCode != http.StatusUnprocessableEntity || servertest.FieldError(doc, "first_name") != users.MsgFirstNameRequired ||
		servertest.FieldError(doc, "last_name") != users.MsgLastNameRequired || servertest.FieldError(doc, "email") != users.MsgEmailInvalid {
		t.Fatalf("errors: %d %q %q %q", res.StatusCode, servertest.FieldError(doc, "first_name"), servertest.FieldError(doc, "last_name"), servertest.FieldError(doc, "email"))
	}
	if htmlq.Attr(htmlq.Find(doc, htmlq.ByID("email")), "value") != "nope" {
		t.Error("the typed email is gone")
	}
	res = c.PostForm(profilePath, url.Values{"first_name": {"Lasse"}, "last_name": {"Holm"}, "email": {"FINANCE@demo.example"}}, profilePath)
	doc = followed(t, c, res)
	if !slices.Contains(servertest.Flashes(doc), msgProfileUpdated) || !strings.Contains(htmlq.VisibleText(doc), "Lasse Holm") {
		t.Errorf("flashes %q", servertest.Flashes(doc))
	}
}

// Changing the e-mail needs the password again (unless confirmed moments ago); then the
// change is saved, the old address is told, and the user's other sessions end.
func TestProfileEmailChange(t *testing.T) {
	h := newHarness(t)
	c := h.LoggedIn("finance@demo.example")
	other := h.LoggedIn("finance@demo.example")
	form := url.Values{"first_name": {"Lars"}, "last_name": {"Holm"}, "email": {"lars@new.example"}}
	res := c.PostForm(profilePath, form, profilePath)
	doc := servertest.Parse(t, res)
	if res.StatusCode != http.StatusUnprocessableEntity || servertest.FieldError(doc, "password") != msgPasswordForEmail {
		t.Fatalf("without password: %d %q", res.StatusCode, servertest.FieldError(doc, "password"))
	}
	form.Set("password", "wrong-Passw0rd!")
	res = c.PostForm(profilePath, form, profilePath)
	if doc = servertest.Parse(t, res); servertest.FieldError(doc, "password") != auth.MsgReauthWrong {
		t.Fatalf("wrong password: %q", servertest.FieldError(doc, "password"))
	}
	// Another user's address is refused by the provider, on the field.
	form.Set("password", demo.Password)
	form.Set("email", "admin@demo.example")
	res = c.PostForm(profilePath, form, profilePath)
	if doc = servertest.Parse(t, res); res.StatusCode != http.StatusUnprocessableEntity || servertest.FieldError(doc, "email") == "" {
		t.Fatalf("taken address: %d", res.StatusCode)
	}
	if u, _ := h.Store.UserByEmail(context.Background(), "finance@demo.example"); u.ID == "" {
		t.Fatal("changed anyway")
	}
	// The right password a moment ago: no need to give it again.
	form.Del("password")
	form.Set("email", "lars@new.example")
	res = c.PostForm(profilePath, form, profilePath)
	doc = followed(t, c, res)
	if !slices.Contains(servertest.Flashes(doc), msgProfileUpdated) || !strings.Contains(htmlq.VisibleText(doc), "lars@new.example") {
		t.Fatalf("flashes %q", servertest.Flashes(doc))
	}
	if n, _ := servertest.OutboxEmails(t, h.Store, "finance@demo.example"); n != 1 {
		t.Errorf("old address told %d times", n)
	}
	if res := other.Get(profilePath); res.StatusCode != http.StatusSeeOther || !strings.HasPrefix(res.Header.Get("Location"), "/login") {
		t.Errorf("other session after the change: %d %s", res.StatusCode, res.Header.Get("Location"))
	}
	if res := c.Get(profilePath); res.StatusCode != http.StatusOK {
		t.Errorf("own session after the change: %d", res.StatusCode)
	}
}

// Reset Password mails a reset link to the user's address (the forgot password flow).
func TestProfileResetPassword(t *testing.T) {
	h := newHarness(t)
	c := h.LoggedIn("finance@demo.example")
	res := c.PostForm(profilePath+"/reset_password", url.Values{}, profilePath)
	doc := followed(t, c, res)
	if !slices.Contains(servertest.Flashes(doc), "Reset password email has been sent") {
		t.Errorf("flashes %q", servertest.Flashes(doc))
	}
	n, link := servertest.OutboxEmails(t, h.Store, "finance@demo.example")
	if n != 1 || !strings.HasPrefix(link, reference.ResetLinkPrefix) {
		t.Fatalf("outbox %d %q", n, link)
	}
	if err := h.Store.CheckResetToken(context.Background(), strings.TrimPrefix(link, reference.ResetLinkPrefix)); err != nil {
		t.Errorf("the link does not work: %v", err)
	}
}

// Ending another session logs it out on its next request, page or API; the session in use
// carries on and cannot be ended from the list; another user's session cannot be ended.
func TestEndSessions(t *testing.T) {
	h := newHarness(t)
	a := h.LoggedIn("finance@demo.example")
	b := h.LoggedIn("finance@demo.example")
	stranger := h.LoggedIn("observer@demo.example")
	api := h.APILoggedIn("finance@demo.example")
	apiPath := "/api/v1/customer/current_user"
	api.Call("GET", apiPath, nil).Expect(t, http.StatusOK, "")

	_, doc := a.Page(profilePath)
	handles := sessionHandles(doc)
	if len(handles) != 2 || !strings.Contains(htmlq.VisibleText(doc), "API client") {
		t.Fatalf("other sessions offered: %d", len(handles))
	}
	_, bdoc := b.Page(profilePath)
	// b's own session is the one of a's list that b does not offer.
	bHandle := ""
	for _, hd := range handles {
		if !slices.Contains(sessionHandles(bdoc), hd) {
			bHandle = hd
		}
	}
	if bHandle == "" {
		t.Fatal("b's session not found")
	}
	// The stranger cannot end it.
	res := stranger.PostForm(profilePath+"/sessions/end", url.Values{"session": {bHandle}}, profilePath)
	if doc := followed(t, stranger, res); !slices.Contains(servertest.Flashes(doc), msgSessionGone) {
		t.Errorf("stranger: %q", servertest.Flashes(doc))
	}
	if res := b.Get(profilePath); res.StatusCode != http.StatusOK {
		t.Fatalf("b ended by a stranger: %d", res.StatusCode)
	}
	res = a.PostForm(profilePath+"/sessions/end", url.Values{"session": {bHandle}}, profilePath)
	if doc := followed(t, a, res); !slices.Contains(servertest.Flashes(doc), msgSessionEnded) {
		t.Errorf("flashes %q", servertest.Flashes(doc))
	}
	if res := b.Get(profilePath); res.StatusCode != http.StatusSeeOther || !strings.HasPrefix(res.Header.Get("Location"), "/login") {
		t.Errorf("b after being ended: %d %s", res.StatusCode, res.Header.Get("Location"))
	}
	// The session in use is not ended from the list.
	_, doc = a.Page(profilePath)
	own := ""
	for _, s := range sessionsOf(t, h, "finance@demo.example") {
		if !slices.Contains(sessionHandles(doc), s) {
			own = s
		}
	}
	res = a.PostForm(profilePath+"/sessions/end", url.Values{"session": {own}}, profilePath)
	if doc := followed(t, a, res); !slices.Contains(servertest.Flashes(doc), msgCurrentNotEndable) {
		t.Errorf("own: %q", servertest.Flashes(doc))
	}
	// All others: the API client's token and refresh stop working.
	res = a.PostForm(profilePath+"/sessions/end_others", url.Values{}, profilePath)
	if doc := followed(t, a, res); !slices.Contains(servertest.Flashes(doc), msgOthersEnded) {
		t.Errorf("flashes %q", servertest.Flashes(doc))
	}
	if r := api.Call("GET", apiPath, nil); r.StatusCode != http.StatusUnauthorized {
		t.Errorf("API after end all others: %d", r.StatusCode)
	}
	if res := a.Get(profilePath); res.StatusCode != http.StatusOK {
		t.Errorf("a after ending the others: %d", res.StatusCode)
	}
	if res := stranger.Get("/org/" + servertest.OrgNordic); res.StatusCode == http.StatusSeeOther && strings.HasPrefix(res.Header.Get("Location"), "/login") {
		t.Error("another user's session ended")
	}
}

// sessionsOf are the handles of the user's live sessions.
func sessionsOf(t *testing.T, h *servertest.Harness, email string) []string {
	t.Helper()
	u, err := h.Store.UserByEmail(context.Background(), email)
	if err != nil {
		t.Fatal(err)
	}
	list, err := h.Sessions.ListUser(context.Background(), u.ID)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, s := range list {
		out = append(out, s.Handle())
	}
	return out
}
