package server

import (
	"cmp"
	"slices"
	"strings"
	"time"

	"github.com/gofiber/fiber/v3"

	"portal/access"
	"portal/currency"
	"portal/session"
)

// NavSlot is a place in the sidebar. The spec fixes the menu (000 §2
// Shell), so the core lists its places in order and an area's route names
// the one it fills: the sidebar's order cannot depend on which area was
// listed or registered first, and two areas cannot claim one place.
type NavSlot int

// The sidebar's places, in the spec's order.
const (
	_ NavSlot = iota
	NavDashboard
	NavCryptoFunding
	NavPayouts // "Payout requests" or "Payouts"
	NavPayoutDrafts
	NavBatches
	NavReceivers
	NavCollectionOrders
	NavAccountFunding
	NavWithdrawals
	NavAccountLinks // one link per owned account
	NavExportedPayouts
	NavExportedStatements
	NavUsers
	NavProfile
	NavAudit
)

// navSlots names each place's section ("" = top level).
var navSlots = map[NavSlot]string{
	NavDashboard: "", NavCryptoFunding: "",
	NavPayouts: "Payouts", NavPayoutDrafts: "Payouts", NavBatches: "Payouts", NavReceivers: "Payouts",
	NavCollectionOrders: "Collections",
	NavAccountFunding:   "Accounts", NavWithdrawals: "Accounts", NavAccountLinks: "Accounts",
	NavExportedPayouts: "Exports", NavExportedStatements: "Exports",
	NavUsers:   "",
	NavProfile: "Settings",
	NavAudit:   "Settings",
}

// NavEntry puts a route in the sidebar.
type NavEntry struct {
	Slot     NavSlot                  // where it goes; its section follows
	Label    string                   // shown text
	LabelFor func(*OrgContext) string // label that depends on settings
	Icon     string
	// Show is a condition of the sidebar only, beyond the route's guards
	// (crypto funding's "separate condition").
	Show func(*OrgContext) bool
	// PerAccount lists one link per owned account.
	PerAccount bool
}

// NavItem is the sidebar as props.
type NavItem struct {
	Label    string    `json:"label"`
	Href     string    `json:"href,omitempty"`
	Icon     string    `json:"icon,omitempty"`
	Active   bool      `json:"active,omitempty"`
	Flag     string    `json:"flag,omitempty"`   // country code for a currency flag
	Detail   string    `json:"detail,omitempty"` // "No. {number}"
	Children []NavItem `json:"children,omitempty"`
}

// section says when a whole sidebar section shows, beyond its items' own
// guards (spec 000 §2 Shell).
type section struct {
	Icon string
	Show func(*OrgContext) bool
}

var sections = map[string]section{
	"Payouts":     {"payouts", func(o *OrgContext) bool { return o.Products.PayoutProductsCount > 0 }},
	"Collections": {"collections", func(o *OrgContext) bool { return o.Products.CollectionProductsCount > 0 }},
	"Accounts":    {"accounts", func(o *OrgContext) bool { return len(o.OwnedAccounts()) > 0 }},
	"Exports":     {"exports", nil},
	"Settings":    {"settings", nil},
}

// Sidebar builds the navigation from the route table for one organisation
// context, in slot order; path marks the active item.
func Sidebar(routes []*Route, o *OrgContext, path string) []NavItem {
	base := OrgHome(o.Org.ID)
	// Never null, as the layout expects, even where no area gives this role
	// an item (a server of a few areas, in tests).
	out := []NavItem{}
	at := map[string]int{} // section name → index in out
	var nav []*Route
	for _, r := range routes {
		if r.Nav != nil {
			nav = append(nav, r)
		}
	}
	slices.SortStableFunc(nav, func(a, b *Route) int { return cmp.Compare(a.Nav.Slot, b.Nav.Slot) })
	for _, r := range nav {
		n := r.Nav
		section := navSlots[n.Slot]
		if !r.allowed(o) || (n.Show != nil && !n.Show(o)) {
			continue
		}
		if sec, ok := sections[section]; ok && sec.Show != nil && !sec.Show(o) {
			continue
		}
		var items []NavItem
		if n.PerAccount {
			for _, a := range o.OwnedAccounts() {
				items = append(items, NavItem{Label: a.Name, Href: base + "/accounts/" + a.AccountNumber,
					Flag: currency.Country(a.CurrencyCode), Detail: "No. " + a.AccountNumber})
			}
		} else {
			label := n.Label
			if n.LabelFor != nil {
				label = n.LabelFor(o)
			}
			items = []NavItem{{Label: label, Href: base + strings.TrimPrefix(r.Path, "/org/:org"), Icon: n.Icon}}
		}
		if section == "" {
			out = append(out, items...)
			continue
		}
		i, ok := at[section]
		if !ok {
			i = len(out)
			at[section] = i
			out = append(out, NavItem{Label: section, Icon: sections[section].Icon})
		}
		out[i].Children = append(out[i].Children, items...)
	}
	markActive(out, path, base)
	return out
}

// markActive highlights the item whose link is the longest prefix of path.
// The organisation home is every page's prefix, so it is the current page
// only on itself: a page with no item of its own (search, a payout's
// details reached from search) highlights nothing rather than the dashboard.
func markActive(items []NavItem, path, home string) {
	var best *NavItem
	var walk func([]NavItem)
	walk = func(list []NavItem) {
		for i := range list {
			it := &list[i]
			if it.Href != "" && (path == it.Href || it.Href != home && strings.HasPrefix(path, it.Href+"/")) {
				if best == nil || len(it.Href) > len(best.Href) {
					best = it
				}
			}
			walk(it.Children)
		}
	}
	walk(items)
	if best != nil {
		best.Active = true
	}
}

// ShellProps are the props of the authenticated layout, shared by every
// organisation page.
type ShellProps struct {
	Sandbox bool         `json:"sandbox"`
	CSRF    string       `json:"csrf"`
	User    ShellUser    `json:"user"`
	Org     ShellOrg     `json:"org"`
	Orgs    []ShellOrg   `json:"orgs"`
	Nav     []NavItem    `json:"nav"`
	Alerts  []ShellAlert `json:"alerts"`
	// Here is the page's address, where dismissing a banner returns ("" without one).
	Here      string       `json:"here,omitempty"`
	MFABanner bool         `json:"mfaBanner"`
	Flashes   []ShellFlash `json:"flashes"`
	Query     string       `json:"query"`
	Role      string       `json:"role"`
	// Funding is the account funding dialog's part (ShellPartFunding).
	Funding any `json:"funding,omitempty" tstype:"IslandProps['AccountFunding']"`
	// DateRange is the top bar's date range picker's part
	// (ShellPartDateRange).
	DateRange any `json:"dateRange,omitempty" tstype:"IslandProps['DateRangePicker']"`
	// Session is what the idle-timeout warning needs (islands/IdleWarning.tsx).
	// Nil only in fixtures that build props by hand.
	Session *ShellSession `json:"session,omitempty"`
}

// ShellSession tells the idle-timeout warning when the session ends. Times
// are seconds, counted from when the page was rendered.
type ShellSession struct {
	// EndsIn is how long the session lasts without another request: the
	// idle timeout left, or the absolute one when that comes first.
	EndsIn int `json:"endsIn"`
	// Idle is how long a request keeps the session at least (the idle
	// timeout less the touch interval: sessions are re-saved at most that
	// often); AbsoluteIn is when it ends however active it is.
	Idle       int `json:"idle"`
	AbsoluteIn int `json:"absoluteIn"`
	// Kept is how long "Stay logged in" keeps the session: the refresh
	// saves it, so the whole idle timeout.
	Kept int `json:"kept"`
	// Warn is how long before the end the warning opens (WCAG 2.2.1 asks
	// for at least 20 seconds to answer; the portal gives 60).
	Warn int `json:"warn"`
	// Login is where to log in again and come back to this page; CSRF the
	// page's token, which "Stay logged in" sends to the token refresh
	// endpoint.
	Login string `json:"login"`
	CSRF  string `json:"csrf"`
}

// idleWarningLead is ShellSession.Warn.
const idleWarningLead = 60 * time.Second

// renderSlack is taken off EndsIn for the time between the render and the
// warning's start in the browser, so the countdown errs early.
const renderSlack = 2 * time.Second

func (s *Server) shellSession(c fiber.Ctx, sess *session.Session, csrf string) *ShellSession {
	cfg := s.Sessions.Config()
	now := s.Sessions.Now()
	idleLeft := cfg.IdleTimeout - now.Sub(sess.LastSeen)
	absLeft := cfg.AbsoluteTimeout - now.Sub(sess.CreatedAt)
	secs := func(d time.Duration) int { return max(int(d/time.Second), 0) }
	return &ShellSession{EndsIn: secs(min(idleLeft, absLeft) - renderSlack), Idle: secs(cfg.IdleTimeout - cfg.TouchInterval - renderSlack),
		AbsoluteIn: secs(absLeft - renderSlack), Kept: secs(cfg.IdleTimeout - renderSlack), Warn: secs(idleWarningLead),
		Login: LoginURL(c, true), CSRF: csrf}
}

// ShellPart is a place in the layout of the organisation pages
// (templates/components/Shell.tsx) that an area fills with the props of the
// island the layout puts there (Area.Shell). The layout is the core's, so
// it lists its places, as NavSlot does the sidebar's; what goes in them is
// the areas' business, built per request, so the core knows no feature.
type ShellPart int

// The layout's places. A part no area fills is left out of the page.
const (
	_ ShellPart = iota
	// ShellPartDateRange is the top bar's global date range picker (island
	// DateRangePicker).
	ShellPartDateRange
	// ShellPartFunding is the account funding dialog that the sidebar's
	// link with the same href opens (island AccountFunding).
	ShellPartFunding
)

// shellPartField is where each place's props go in ShellProps.
var shellPartField = map[ShellPart]func(*ShellProps) *any{
	ShellPartDateRange: func(p *ShellProps) *any { return &p.DateRange },
	ShellPartFunding:   func(p *ShellProps) *any { return &p.Funding },
}

type ShellUser struct {
	Name  string `json:"name"`
	Email string `json:"email"`
}

type ShellOrg struct {
	ID      string `json:"id"`
	Name    string `json:"name"`
	Current bool   `json:"current,omitempty"`
}

type ShellAlert struct {
	ID      string `json:"id"`
	Type    string `json:"type"`
	Message string `json:"message"`
	// Dismissible: an info or warning banner, which the person may put away for the session.
	Dismissible bool `json:"dismissible"`
}

type ShellFlash struct {
	Kind string `json:"kind"`
	Text string `json:"text"`
}

// shell builds the layout props for an organisation page; it pops the
// session's flash messages (shown once). Render calls it for every page of an
// organisation route whose props have the field Shell (Page.With), so a handler
// never does.
func (s *Server) shell(c fiber.Ctx) (ShellProps, error) {
	rq := Req(c)
	o := rq.Org
	u := rq.User
	p := ShellProps{
		Sandbox: s.Config.Sandbox(),
		CSRF:    rq.CSRF(),
		User:    ShellUser{Name: strings.TrimSpace(u.FirstName + " " + u.LastName), Email: u.Email},
		Org:     ShellOrg{ID: o.Org.ID, Name: o.Org.Name},
		Nav:     Sidebar(s.routes, o, c.Path()),
		Role:    access.Label(o.Role),
		// Spec: the banner shows when MFA is configured but neither enabled
		// nor skipped.
		MFABanner: u.MFAConfigured && !u.MFAEnabled && !u.SkipMFA,
		Query:     c.Query("q"),
	}
	for part, build := range s.shellParts {
		// An area's builder answers nil (not a nil pointer) for nothing.
		*shellPartField[part](&p) = build(c)
	}
	for _, m := range o.Memberships {
		p.Orgs = append(p.Orgs, ShellOrg{ID: m.Organisation.ID, Name: m.Organisation.Name, Current: m.Organisation.ID == o.Org.ID})
	}
	var alerts []ShellAlert
	for _, a := range o.Alerts {
		alerts = append(alerts, ShellAlert{ID: a.ID, Type: a.AlertType, Message: a.AlertMessage})
	}
	p.Alerts = shownAlerts(rq.Session, alerts)
	if slices.ContainsFunc(p.Alerts, func(a ShellAlert) bool { return a.Dismissible }) {
		if here, ok := SafeRedirect(string(c.Request().URI().RequestURI())); ok && c.Method() == fiber.MethodGet {
			p.Here = here
		}
	}
	flashes, err := s.PopFlashes(c)
	if err != nil {
		return p, err
	}
	p.Flashes = flashes
	// After PopFlashes, which may have saved the session just now.
	p.Session = s.shellSession(c, rq.Session, p.CSRF)
	return p, nil
}

func (s *Server) PopFlashes(c fiber.Ctx) ([]ShellFlash, error) {
	sess := Req(c).Session
	if sess == nil {
		return nil, nil
	}
	fl := session.PopFlashes(sess)
	if len(fl) == 0 {
		return nil, nil
	}
	out := make([]ShellFlash, len(fl))
	for i, f := range fl {
		out[i] = ShellFlash{Kind: f.Kind, Text: f.Text}
	}
	return out, s.Sessions.Save(c.Context(), sess)
}

// Flash stores a one-shot message for the next page (Post/Redirect/Get).
func (s *Server) Flash(c fiber.Ctx, kind, text string) error {
	sess := Req(c).Session
	if sess == nil {
		return nil
	}
	session.AddFlash(sess, kind, text)
	return s.Sessions.Save(c.Context(), sess)
}
