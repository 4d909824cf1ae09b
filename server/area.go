package server

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/gofiber/fiber/v3"

	"portal/daterange"
	"portal/server/api"
)

// Area is one part of the portal: the page routes it serves and the JSON API
// operations it answers, each entry beside its handlers. The core mounts
// what the areas give it and nothing else, so a part is added or removed by
// listing it in the composition (package portal), never by a name the core
// knows.
type Area struct {
	// Name says which area a duplicate route or slot came from.
	Name   string
	Routes []*Route
	API    []api.Op
	// Shell builds, per request, the props of the layout's places the area
	// fills (ShellPart); a builder answers nil when the user sees nothing
	// there.
	Shell map[ShellPart]func(c fiber.Ctx) any
	// Off says the service the area's pages need is not configured: every route keeps its
	// guards and then answers the not-found page (as Route.Off does for one route), and every
	// organisation read and change of the API its checks and then 404 not found (api.Op.Off),
	// so no handler checks its service first.
	Off bool
}

// AreaFunc builds an area for one server: its handlers close over s, the
// core's services (Render, Req, the API helpers).
type AreaFunc func(s *Server) Area

// addAreas builds the areas in the composition's order. That order is the
// order of the API reference; the sidebar's comes from the slots
// (NavSlot), and the router's from the patterns (mountOrder), so neither
// depends on it.
func (s *Server) addAreas(fs []AreaFunc) {
	names := map[string]string{}    // route name → area
	patterns := map[string]string{} // method and path → area
	slots := map[NavSlot]string{}   // sidebar slot → area
	ops := map[string]string{}      // operation id → area
	parts := map[ShellPart]string{} // layout place → area
	s.shellParts = map[ShellPart]func(fiber.Ctx) any{}
	for _, f := range append([]AreaFunc{coreArea}, fs...) {
		a := f(s)
		for part, build := range a.Shell {
			if shellPartField[part] == nil {
				panic(fmt.Sprintf("server: area %s fills a layout place the shell does not have (%d)", a.Name, part))
			}
			if prev, ok := parts[part]; ok {
				panic(fmt.Sprintf("server: layout place %d of area %s is taken by area %s", part, a.Name, prev))
			}
			parts[part] = a.Name
			s.shellParts[part] = build
		}
		for _, r := range a.Routes {
			if a.Off {
				r.Off = true
			}
			key := r.Method + " " + r.Path
			for _, dup := range []struct {
				seen map[string]string
				key  string
			}{{names, r.Name}, {patterns, key}} {
				if prev, ok := dup.seen[dup.key]; ok {
					panic(fmt.Sprintf("server: route %s (%s) of area %s is also in area %s", r.Name, key, a.Name, prev))
				}
				dup.seen[dup.key] = a.Name
			}
			if r.Nav != nil {
				if _, ok := navSlots[r.Nav.Slot]; !ok {
					panic(fmt.Sprintf("server: route %s of area %s has a sidebar entry without a slot", r.Name, a.Name))
				}
				if prev, ok := slots[r.Nav.Slot]; ok {
					panic(fmt.Sprintf("server: sidebar slot of route %s (area %s) is taken by area %s", r.Name, a.Name, prev))
				}
				slots[r.Nav.Slot] = a.Name
			}
			s.routes = append(s.routes, r)
		}
		for _, op := range a.API {
			if a.Off {
				op.Off = true
			}
			if op.Read != nil && op.Auth != api.Bearer {
				panic(fmt.Sprintf("server: API read %s of area %s needs a bearer caller", op.ID, a.Name))
			}
			if prev, ok := ops[op.ID]; ok {
				panic(fmt.Sprintf("server: API operation %s of area %s is also in area %s", op.ID, a.Name, prev))
			}
			ops[op.ID] = a.Name
			s.apiOps = append(s.apiOps, op)
		}
	}
	s.apiOps = api.WithCommonReplies(s.apiOps, apiEdgeReplies())
}

// coreArea is what the core serves itself: the API reference page, built
// from every area's operations, the cookie consent choice and the saved forms.
func coreArea(s *Server) Area {
	return Area{Name: "core", Routes: append([]*Route{
		{Name: "docs", Method: "GET", Path: "/docs", Access: Public, Handler: s.docs},
		{Name: "docs.operation", Method: "GET", Path: "/docs/:operation", Access: Public, Handler: s.docsOperation},
		{Name: "cookie_consent", Method: "POST", Path: consentPath, Access: Public, Handler: s.cookieConsent},
		{Name: "org.alerts.dismiss", Method: "POST", Path: alertDismissPath, Access: Dashboard, Handler: s.dismissAlert},
	}, s.savedFormRoutes()...)}
}

// mountOrder is the order Fiber tries routes in, which picks the first
// pattern that matches: a fixed segment before a parameter at the first
// place two patterns differ (/accounts/withdrawals before
// /accounts/:account), whichever area registered first.
func mountOrder[T any](items []T, path func(T) string) []T {
	out := slices.Clone(items)
	slices.SortStableFunc(out, func(a, b T) int { return cmp.Compare(patternRank(path(a)), patternRank(path(b))) })
	return out
}

// patternRank spells a pattern's segments as 0 (fixed), 1 (parameter) or 2
// (wildcard), so that comparing two ranks puts the more specific first.
func patternRank(p string) string {
	var b strings.Builder
	for _, seg := range strings.Split(strings.Trim(p, "/"), "/") {
		switch {
		case strings.HasPrefix(seg, ":") || strings.HasPrefix(seg, "{"):
			b.WriteByte('1')
		case strings.HasPrefix(seg, "*") || strings.HasPrefix(seg, "+"):
			b.WriteByte('2')
		default:
			b.WriteByte('0')
		}
	}
	return b.String()
}

// sessionDateRange is the session key of the global date range.
const sessionDateRange = "date_range"

// DateRange is the session's global date range (spec 000 §2): every page
// that filters by date reads it here, so they all agree; the date range
// picker sets it (SetDateRange).
func (s *Server) DateRange(c fiber.Ctx) daterange.Range {
	var enc string
	if sess := Req(c).Session; sess != nil {
		enc = sess.Values[sessionDateRange]
	}
	return daterange.Decode(enc, s.Now())
}

// Now is the server's clock for date ranges (UTC days).
func (s *Server) Now() time.Time { return time.Now().UTC() }

// SetDateRange keeps r as the session's global date range.
func (s *Server) SetDateRange(c fiber.Ctx, r daterange.Range) error {
	sess := Req(c).Session
	if sess.Values == nil {
		sess.Values = map[string]string{}
	}
	sess.Values[sessionDateRange] = r.Encode()
	return s.Sessions.Save(c.Context(), sess)
}
