package server

import (
	"time"

	"github.com/gofiber/fiber/v3"

	"portal/daterange"
)

// area is one part of the portal built in its own files (accounts, funding,
// dashboard, statements): the handlers it gives to routes already in the
// table (found by route name, so the table keeps the sidebar's order) and
// the routes it adds, such as the POST targets of its forms.
type area struct {
	handlers map[string]fiber.Handler
	routes   []*Route
}

// areas lists the parts; each builds its own area value.
func (s *Server) areas() []area {
	return []area{s.accountsArea(), s.fundingArea(), s.dashboardArea(), s.statementsArea()}
}

// withAreas attaches the areas' handlers to the table and appends their
// routes. A handler for a name the table lacks is a programming error.
func (s *Server) withAreas(t []*Route) []*Route {
	byName := make(map[string]*Route, len(t))
	for _, r := range t {
		byName[r.Name] = r
	}
	for _, a := range s.areas() {
		for name, h := range a.handlers {
			r, ok := byName[name]
			if !ok {
				panic("server: area handler for unknown route " + name)
			}
			r.Handler = h
		}
		t = append(t, a.routes...)
	}
	return t
}

// apiAreaOperations are the areas' JSON API operations.
func apiAreaOperations() []APIOp {
	var ops []APIOp
	ops = append(ops, apiAccountOperations()...)
	ops = append(ops, apiFundingOperations()...)
	ops = append(ops, apiDashboardOperations()...)
	return append(ops, apiStatementOperations()...)
}

// sessionDateRange is the session key of the global date range.
const sessionDateRange = "date_range"

// DateRange is the session's global date range (spec 000 §2): every page
// that filters by date reads it here, so they all agree.
func (s *Server) DateRange(c fiber.Ctx) daterange.Range {
	var enc string
	if sess := Req(c).Session; sess != nil {
		enc = sess.Values[sessionDateRange]
	}
	return daterange.Decode(enc, s.Now())
}

// Now is the server's clock for date ranges (UTC days).
func (s *Server) Now() time.Time { return time.Now().UTC() }
