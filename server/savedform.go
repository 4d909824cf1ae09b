package server

import (
	"errors"
	"net/url"
	"slices"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/gofiber/fiber/v3"

	"portal/savedform"
	"portal/session"
)

// Saved forms (issue 17 item 5): a page form under /org/… posted after the
// session ended is kept for savedform.TTL, and after the user logs in again
// (MFA included) the core's "Check and send again" page lists it with a
// button that posts it, with a fresh CSRF token, to where it was going. It
// is never sent by itself. See README "Saved forms".
//
// Planting a form for a victim to confirm later is what this must not
// allow, so a post is kept only when the browser says it came from a page
// of this origin (Sec-Fetch-Site, else Origin) as a top-level navigation,
// and it is bound to that browser by a random id in an HttpOnly,
// SameSite=Strict cookie; the first logged-in session of that browser to
// open it owns it.

const (
	// savedFormPath is the page that shows a kept form, under its
	// organisation.
	savedFormPath = "/saved_form"
	// SavedFormMarker marks a post from that page: the kept form is used up.
	SavedFormMarker = "_saved_form"
	// savedFormIPLimit bounds how many forms one address may have kept per
	// savedFormWindow, against filling the store with posts.
	savedFormIPLimit   = 30
	savedFormWindow    = 15 * time.Minute
	formURLEncodedMIME = "application/x-www-form-urlencoded"
	// savedFormDiscardRoute is the one form under /org/ never kept: a
	// discard that arrives late has nothing to discard.
	savedFormDiscardRoute = "org.saved_form.discard"
)

// notListed are the fields a kept form carries without showing them,
// unless the route's FormLabels names them: what a page puts in hidden
// inputs and button values for the server, not what the user typed.
var notListed = []string{"idempotency_key", "intent", "return", "return_to", "next", "redirect_url"}

func (s *Server) savedFormCookie() string {
	if s.Config.TLS {
		return "__Host-portal_saved_form"
	}
	return "portal_saved_form"
}

// formOwnerCookie names, as a tag only this server can make, the user of
// the browser's last logged-in page: a form kept after that session ended
// is that user's (keepExpiredForm), offered to no one else (savedForm).
// It lives as long as the browser session, like the session cookie.
func (s *Server) formOwnerCookie() string {
	if s.Config.TLS {
		return "__Host-portal_form_owner"
	}
	return "portal_form_owner"
}

func (s *Server) formOwner(userID string) string {
	if s.Tokens == nil || userID == "" {
		return ""
	}
	return s.Tokens.Tag("saved form owner", userID)
}

// noteFormOwner keeps the form-owner cookie naming the logged-in user.
func (s *Server) noteFormOwner(c fiber.Ctx, sess *session.Session) {
	if sess.Scope != session.ScopeDashboard {
		return
	}
	owner := s.formOwner(sess.UserID)
	if owner == "" || c.Cookies(s.formOwnerCookie()) == owner {
		return
	}
	c.Cookie(&fiber.Cookie{Name: s.formOwnerCookie(), Value: owner, Path: "/", HTTPOnly: true, Secure: s.Config.TLS,
		SameSite: fiber.CookieSameSiteStrictMode, SessionOnly: true})
}

func (s *Server) setSavedFormCookie(c fiber.Ctx, id string) {
	c.Cookie(&fiber.Cookie{Name: s.savedFormCookie(), Value: id, Path: "/", HTTPOnly: true, Secure: s.Config.TLS,
		SameSite: fiber.CookieSameSiteStrictMode, MaxAge: int(savedform.TTL / time.Second)})
}

func (s *Server) clearSavedFormCookie(c fiber.Ctx) {
	c.Cookie(&fiber.Cookie{Name: s.savedFormCookie(), Value: "", Path: "/", HTTPOnly: true, Secure: s.Config.TLS,
		SameSite: fiber.CookieSameSiteStrictMode, MaxAge: -1})
}

// sameOriginNavigation reports whether the browser says this request is a
// page of this origin navigating here (a form submitted in a page of ours):
// Sec-Fetch-Site same-origin, or, from a browser that does not send it, an
// Origin of this host. A request that says neither is not taken as ours.
// A fetch (Sec-Fetch-Mode other than navigate) is an island's, not a form
// the user submitted.
func (s *Server) sameOriginNavigation(c fiber.Ctx) bool {
	if m := c.Get("Sec-Fetch-Mode"); m != "" && m != "navigate" {
		return false
	}
	if d := c.Get("Sec-Fetch-Dest"); d != "" && d != "document" {
		return false
	}
	site, origin := c.Get("Sec-Fetch-Site"), c.Get(fiber.HeaderOrigin)
	if site == "" && origin == "" {
		return false
	}
	if site != "" && site != "same-origin" {
		return false
	}
	if origin != "" {
		u, err := url.Parse(origin)
		if err != nil || u.Host != c.Host() || (u.Scheme != "https" && (s.Config.TLS || u.Scheme != "http")) {
			return false
		}
	}
	return true
}

// postRoute is the page form route a POST to path reaches, if any: a
// Dashboard route under an organisation (the forms the guards send to log
// in), matched as Fiber would.
func (s *Server) postRoute(path string) *Route {
	for _, r := range mountOrder(s.routes, func(r *Route) string { return r.Path }) {
		if r.Method == fiber.MethodPost && r.Access == Dashboard && r.Org() && r.Handler != nil && !r.Off &&
			r.Name != savedFormDiscardRoute && patternMatch(r.Path, path) {
			return r
		}
	}
	return nil
}

// patternMatch matches a route pattern of fixed and :param segments (the
// only kinds page form routes use) against a path.
func patternMatch(pattern, path string) bool {
	ps, xs := strings.Split(strings.Trim(pattern, "/"), "/"), strings.Split(strings.Trim(path, "/"), "/")
	if len(ps) != len(xs) {
		return false
	}
	for i, p := range ps {
		switch {
		case strings.HasPrefix(p, ":"):
			if xs[i] == "" {
				return false
			}
		case strings.ContainsAny(p, "*+"):
			return false
		case p != xs[i]:
			return false
		}
	}
	return true
}

// keepExpiredForm is the CSRF check's answer to a stale page form under
// /org/… that may be kept: it keeps it and sends the user to log in (or,
// already logged in again in this browser, straight to the form). handled
// is false when the form is not one to keep; the caller answers as before.
func (s *Server) keepExpiredForm(c fiber.Ctx) (handled bool, err error) {
	if c.Method() != fiber.MethodPost || !strings.HasPrefix(c.Path(), "/org/") {
		return false, nil
	}
	ct, _, _ := strings.Cut(c.Get(fiber.HeaderContentType), ";")
	if !strings.EqualFold(strings.TrimSpace(ct), formURLEncodedMIME) || !s.sameOriginNavigation(c) {
		return false, nil
	}
	path := strings.Clone(c.Path())
	r := s.postRoute(path)
	if r == nil {
		return false, nil
	}
	var fields []savedform.Field
	for k, v := range c.Request().PostArgs().All() {
		fields = append(fields, savedform.Field{Name: string(k), Value: string(v)})
	}
	// Without an owner nobody could be offered the form again.
	owner := c.Cookies(s.formOwnerCookie())
	if owner == "" {
		return false, nil
	}
	kept, dropped, ok := savedform.Keep(fields)
	if !ok {
		return false, nil
	}
	res, err := s.Limiter.Hit(c.Context(), "saved:ip:"+s.ClientIP(c), savedFormIPLimit, savedFormWindow)
	if err != nil || !res.Allowed {
		return false, nil // the "form expired" page, as without this
	}
	f := &savedform.Form{Action: path, Fields: kept, Dropped: dropped, Return: s.sameOriginReferer(c), Created: time.Now().UTC(),
		Owner: strings.Clone(owner)}
	// One kept form per browser: a newer post replaces the older.
	if old := c.Cookies(s.savedFormCookie()); old != "" {
		if err := s.SavedForms.Delete(c.Context(), old); err != nil {
			return false, err
		}
	}
	id := savedform.NewID()
	if err := s.SavedForms.Put(c.Context(), id, f, savedform.TTL); err != nil {
		return false, err
	}
	s.setSavedFormCookie(c, id)
	org := orgOfFormPath(path)
	rq := Req(c)
	s.Logger.Info("form kept after session end", "request_id", rq.ID, "path", path, "fields", len(kept), "dropped", len(dropped))
	page := "/org/" + org + savedFormPath
	if sess := rq.Session; sess != nil && sess.UserID != "" && sess.Scope == session.ScopeDashboard {
		// Logged in again already (the page was older than this login):
		// this session owns the form at once.
		if _, err := s.SavedForms.Claim(c.Context(), id, s.formOwner(sess.UserID), sess.Handle()); err != nil && !errors.Is(err, savedform.ErrNotFound) {
			return false, err
		}
		return true, Redirect(c, page)
	}
	return true, Redirect(c, "/login?"+url.Values{"expired": {"1"}, "redirect_url": {page}}.Encode())
}

// sameOriginReferer is the local page (path and query) the form was on,
// when the browser's Referer names this origin.
func (s *Server) sameOriginReferer(c fiber.Ctx) string {
	u, err := url.Parse(c.Get(fiber.HeaderReferer))
	if err != nil || u.Host != c.Host() {
		return ""
	}
	t, ok := SafeRedirect(u.RequestURI())
	if !ok || len(t) > 2048 {
		return ""
	}
	return t
}

func orgOfFormPath(p string) string {
	rest := strings.TrimPrefix(p, "/org/")
	org, _, _ := strings.Cut(rest, "/")
	return org
}

// forgetUsedForm drops the kept form once its page's button has posted it
// (SavedFormMarker), with a valid token, to where it was going: it is sent,
// and going back to the page must not offer it again.
func (s *Server) forgetUsedForm(c fiber.Ctx) error {
	ct, _, _ := strings.Cut(c.Get(fiber.HeaderContentType), ";")
	if !strings.EqualFold(strings.TrimSpace(ct), formURLEncodedMIME) || c.FormValue(SavedFormMarker) == "" {
		return nil
	}
	id := c.Cookies(s.savedFormCookie())
	if id == "" {
		return nil
	}
	s.clearSavedFormCookie(c)
	return s.SavedForms.Delete(c.Context(), id)
}

// SavedFormProps are the props of templates/pages/SavedForm.tsx.
type SavedFormProps struct {
	Shell ShellProps `json:"shell"`
	// Action is where the form was going; Fields what it carried (every
	// one is posted again); Listed what the page shows of them, labelled.
	Action string           `json:"action,omitempty"`
	Fields []SavedFormField `json:"fields"`
	Listed []SavedFormValue `json:"listed"`
	// Dropped are the labels of fields left out as secrets: type them again.
	Dropped []string `json:"dropped"`
	// Discard is the discard form's action; Back where the form was posted from.
	Discard string `json:"discard"`
	Back    string `json:"back,omitempty"`
	// Kept is when the form was kept ("15:04 UTC"), Until when it goes.
	Kept  string `json:"kept"`
	Until string `json:"until"`
	// Marker is the name of the field that marks the post as this page's.
	Marker string `json:"marker"`
	// Gone: there is no kept form (none, expired, used, another login's);
	// Minutes is how long one is kept, Home the organisation's home.
	Gone    bool   `json:"gone"`
	Minutes int    `json:"minutes"`
	Home    string `json:"home"`
}

// SavedFormField is one name=value the form posts again.
type SavedFormField struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

// SavedFormValue is one shown value with its label.
type SavedFormValue struct {
	Label string `json:"label"`
	Value string `json:"value"`
}

// errNoSavedForm: nothing to show here (none, expired, used, another
// login's, another organisation's, or a route this role may not post).
var errNoSavedForm = errors.New("no saved form")

// savedForm is the kept form of this browser for the current session and
// organisation, and the route it goes to.
func (s *Server) savedForm(c fiber.Ctx) (string, *savedform.Form, *Route, error) {
	rq := Req(c)
	id := c.Cookies(s.savedFormCookie())
	if id == "" {
		return "", nil, nil, errNoSavedForm
	}
	f, err := s.SavedForms.Claim(c.Context(), id, s.formOwner(rq.Session.UserID), rq.Session.Handle())
	if errors.Is(err, savedform.ErrNotFound) {
		return id, nil, nil, errNoSavedForm
	}
	if err != nil {
		return id, nil, nil, err
	}
	r := s.postRoute(f.Action)
	if r == nil || orgOfFormPath(f.Action) != rq.Org.Org.ID || !r.allowed(rq.Org) {
		return id, nil, nil, errNoSavedForm
	}
	return id, f, r, nil
}

// savedFormPage shows the kept form: its values, labelled, and a button
// that sends them again; nothing is sent until the user presses it.
func (s *Server) savedFormPage(c fiber.Ctx) error {
	_, f, r, err := s.savedForm(c)
	if err != nil && !errors.Is(err, errNoSavedForm) {
		return err
	}
	home := OrgHome(Req(c).Org.Org.ID)
	p := SavedFormProps{Fields: []SavedFormField{}, Listed: []SavedFormValue{}, Dropped: []string{}, Home: home,
		Discard: home + savedFormPath + "/discard", Marker: SavedFormMarker, Minutes: int(savedform.TTL / time.Minute)}
	c.Set(fiber.HeaderCacheControl, "no-store")
	if f == nil {
		// Nothing (any more): say so rather than land somewhere unexplained
		// after a login that took longer than the form was kept.
		p.Gone = true
		return s.Render(c, View{Title: "Nothing to send again · " + Req(c).Org.Org.Name, Page: pageSavedForm.With(p)})
	}
	p.Action, p.Back = f.Action, f.Return
	p.Kept, p.Until = f.Created.UTC().Format("15:04 UTC"), f.Created.Add(savedform.TTL).UTC().Format("15:04 UTC")
	for _, fl := range f.Fields {
		if fl.Name == SavedFormMarker {
			continue
		}
		p.Fields = append(p.Fields, SavedFormField{Name: fl.Name, Value: fl.Value})
		if label := r.formLabel(fl.Name); label != "" {
			p.Listed = append(p.Listed, SavedFormValue{Label: label, Value: fl.Value})
		}
	}
	for _, d := range f.Dropped {
		p.Dropped = append(p.Dropped, humanize(d))
	}
	return s.Render(c, View{Title: "Check and send again · " + Req(c).Org.Org.Name, Page: pageSavedForm.With(p)})
}

// savedFormDiscard forgets the kept form and goes back where it came from.
func (s *Server) savedFormDiscard(c fiber.Ctx) error {
	id, f, _, err := s.savedForm(c)
	if err != nil && !errors.Is(err, errNoSavedForm) {
		return err
	}
	back := OrgHome(Req(c).Org.Org.ID)
	if f != nil && f.Return != "" && orgOfFormPath(f.Return) == Req(c).Org.Org.ID {
		back = f.Return
	}
	if id != "" {
		s.clearSavedFormCookie(c)
		if err := s.SavedForms.Delete(c.Context(), id); err != nil {
			return err
		}
	}
	return Redirect(c, back)
}

// formLabel is how the saved form page names a field of this route's
// form: the route's FormLabels, else the name in words; "" hides it.
func (r *Route) formLabel(name string) string {
	if l, ok := r.FormLabels[name]; ok {
		return l
	}
	if strings.HasPrefix(name, "_") || slices.Contains(notListed, name) {
		return ""
	}
	return humanize(name)
}

// humanize spells a field name for people: end_to_end_id → "End to end id".
func humanize(name string) string {
	w := strings.TrimSpace(strings.NewReplacer("_", " ", "-", " ", "[", " ", "]", "").Replace(name))
	if w == "" {
		return name
	}
	r, n := utf8.DecodeRuneInString(w)
	return string(unicode.ToUpper(r)) + w[n:]
}

// savedFormRoutes are the core's routes of the saved form page.
func (s *Server) savedFormRoutes() []*Route {
	return []*Route{
		{Name: "org.saved_form", Method: "GET", Path: "/org/:org/saved_form", Access: Dashboard, Handler: s.savedFormPage},
		{Name: savedFormDiscardRoute, Method: "POST", Path: "/org/:org/saved_form/discard", Access: Dashboard, Handler: s.savedFormDiscard},
	}
}
