// Package rangepicker is the global date range picker (spec 000 §2, the
// top bar of every organisation page): its part of the layout, the page
// where a range typed without JavaScript comes back with its errors, and the
// form action that keeps the range in the session. The range itself (presets,
// custom ranges, DD-MM-YYYY) is package daterange; every area reads the
// session's range through the core (server.DateRange).
package rangepicker

import (
	"net/url"
	"strings"

	"github.com/gofiber/fiber/v3"

	"portal/access"
	"portal/daterange"
	"portal/server"
)

// area's handlers use the core's services through the server.
type area struct{ *server.Server }

// New is the date range picker for s.
func New(srv *server.Server) server.Area {
	s := area{srv}
	return server.Area{Name: "rangepicker", Routes: []*server.Route{
		// Every role holds dashboard:read, and every organisation page
		// shows the picker: the range is the user's, kept per session.
		{Name: "org.date_range", Method: "GET", Path: "/org/:org/date_range", Access: server.Dashboard,
			Perms: server.Perms(access.DashboardRead), Handler: s.dateRangePage},
		{Name: "org.date_range.submit", Method: "POST", Path: "/org/:org/date_range", Access: server.Dashboard,
			Perms: server.Perms(access.DashboardRead), Handler: s.dateRangeSubmit},
	}, Shell: map[server.ShellPart]func(fiber.Ctx) any{
		server.ShellPartDateRange: func(c fiber.Ctx) any { return s.picker(c) },
	}}
}

// ShellDateRange is the top bar's picker: the session's range and what the
// form needs. Dates are DD-MM-YYYY as shown; Today (YYYY-MM-DD) is the
// server's day, so the island computes nothing from the browser's clock.
type ShellDateRange struct {
	Type     string              `json:"type"`
	Label    string              `json:"label"`
	From     string              `json:"from"`
	To       string              `json:"to"`
	Today    string              `json:"today"`
	MinYear  int                 `json:"minYear"`
	MaxYear  int                 `json:"maxYear"`
	Presets  []daterange.Preset  `json:"presets"`
	Action   string              `json:"action"`
	ReturnTo string              `json:"returnTo"`
	CSRF     string              `json:"csrf"`
	Errors   map[string]string   `json:"errors,omitempty"`
	Values   *DateRangeFormValue `json:"values,omitempty"`
}

// DateRangeFormValue is what the user typed, sent back with the errors.
type DateRangeFormValue struct {
	Type string `json:"type"`
	From string `json:"from"`
	To   string `json:"to"`
}

// picker builds the picker's props for the current request.
func (s area) picker(c fiber.Ctx) ShellDateRange {
	r := s.DateRange(c)
	now := s.Now()
	id := server.Req(c).Org.Org.ID
	return ShellDateRange{
		Type: r.Type, Label: daterange.Label(r.Type),
		From: r.From.Format(daterange.DisplayLayout), To: r.To.Format(daterange.DisplayLayout),
		Today: now.Format(daterange.APILayout), MinYear: daterange.MinYear, MaxYear: now.Year() + 1,
		Presets: daterange.Presets(), Action: s.Path("org.date_range.submit", id),
		ReturnTo: returnPath(id, string(c.Request().URI().RequestURI())), CSRF: server.Req(c).CSRF(),
	}
}

// returnPath accepts a local path inside the organisation as the place to
// go back to after choosing a range (never another site, never another
// organisation, never the picker's own page); anything else is the
// organisation's dashboard.
func returnPath(orgID, target string) string {
	home := server.OrgHome(orgID)
	t, ok := server.SafeRedirect(target)
	if !ok {
		return home
	}
	u, err := url.Parse(t)
	if err != nil || u.Scheme != "" || u.Host != "" || u.Opaque != "" {
		return home
	}
	if u.Path != home && !strings.HasPrefix(u.Path, home+"/") || u.Path == home+"/date_range" || strings.Contains(u.Path, "/../") {
		return home
	}
	return u.RequestURI()
}

// DateRangePageProps are the props of templates/pages/rangepicker/DateRange.tsx:
// the picker as a page, where the form comes back with its errors without
// JavaScript.
type DateRangePageProps struct {
	Shell server.ShellProps `json:"shell"`
	Form  ShellDateRange    `json:"form"`
}

func (s area) dateRangePage(c fiber.Ctx) error {
	return s.renderDateRangePage(c, fiber.StatusOK, nil, nil, c.Query("return_to"))
}

func (s area) renderDateRangePage(c fiber.Ctx, status int, errs map[string]string, typed *DateRangeFormValue, ret string) error {
	f := s.picker(c)
	f.ReturnTo = returnPath(server.Req(c).Org.Org.ID, ret)
	f.Errors, f.Values = errs, typed
	title := "Date range"
	if len(errs) > 0 {
		title = "Error: " + title
	}
	return s.Render(c, server.View{Status: status, Title: title, Page: pageDateRange.With(DateRangePageProps{Form: f})})
}

// dateRangeSubmit keeps the chosen range in the session and goes back; an
// invalid custom range comes back as the picker's page with the errors and
// what was typed.
func (s area) dateRangeSubmit(c fiber.Ctx) error {
	typed := &DateRangeFormValue{Type: c.FormValue(daterange.FieldType), From: c.FormValue(daterange.FieldFrom), To: c.FormValue(daterange.FieldTo)}
	ret := c.FormValue("return_to")
	r, errs := daterange.FromForm(typed.Type, typed.From, typed.To, s.Now())
	if len(errs) > 0 {
		return s.renderDateRangePage(c, fiber.StatusUnprocessableEntity, errs, typed, ret)
	}
	if err := s.SetDateRange(c, r); err != nil {
		return err
	}
	return server.Redirect(c, returnPath(server.Req(c).Org.Org.ID, ret))
}
