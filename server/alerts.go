package server

import (
	"slices"
	"strings"

	"github.com/gofiber/fiber/v3"

	"portal/provider"
	"portal/session"
)

// Dismissing an alert banner: on a phone the banners would push every page's heading down
// a screen, so an informational or warning banner can be put away for the rest of the
// session. Error banners stay: they say something is wrong. A plain form POST (CSRF
// checked like every POST) that goes back to the page, so it works without JavaScript.
const (
	alertDismissPath = "/org/:org/alerts/dismiss"
	// dismissedKey holds the dismissed alert ids of the session, comma separated.
	dismissedKey = "dismissed_alerts"
	// maxDismissed bounds what a session keeps: the oldest go first.
	maxDismissed = 20
)

// dismissible: the kinds of banner a person may put away.
func dismissible(kind string) bool { return kind != "error" }

func dismissedAlerts(sess *session.Session) []string {
	if sess == nil || sess.Values[dismissedKey] == "" {
		return nil
	}
	return strings.Split(sess.Values[dismissedKey], ",")
}

// shownAlerts are the banners of the page: all but those dismissed in this session.
func shownAlerts(sess *session.Session, all []ShellAlert) []ShellAlert {
	gone := dismissedAlerts(sess)
	out := []ShellAlert{}
	for _, a := range all {
		a.Dismissible = dismissible(a.Type)
		if a.Dismissible && slices.Contains(gone, a.ID) {
			continue
		}
		out = append(out, a)
	}
	return out
}

func (s *Server) dismissAlert(c fiber.Ctx) error {
	rq := Req(c)
	back, ok := SafeRedirect(c.FormValue("back"))
	if !ok {
		back = "/"
	}
	id := strings.TrimSpace(c.FormValue("id"))
	if id == "" || strings.ContainsRune(id, ',') || len(id) > 100 || rq.Session == nil {
		return Redirect(c, back)
	}
	// Only a banner the organisation shows, and one that may be put away.
	if rq.Org == nil || !slices.ContainsFunc(rq.Org.Alerts, func(a provider.Alert) bool { return a.ID == id && dismissible(a.AlertType) }) {
		return Redirect(c, back)
	}
	gone := dismissedAlerts(rq.Session)
	if !slices.Contains(gone, id) {
		gone = append(gone, id)
		if len(gone) > maxDismissed {
			gone = gone[len(gone)-maxDismissed:]
		}
		if rq.Session.Values == nil {
			rq.Session.Values = map[string]string{}
		}
		rq.Session.Values[dismissedKey] = strings.Join(gone, ",")
		if err := s.Sessions.Save(c.Context(), rq.Session); err != nil {
			return err
		}
	}
	return Redirect(c, back)
}
