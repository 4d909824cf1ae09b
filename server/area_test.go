package server_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/gofiber/fiber/v3"

	"portal/server"
	"portal/server/api"
)

// TestMountOrderMostSpecificFirst: Fiber answers with the first pattern that
// matches, so a route whose fixed segment another area's parameter also
// matches (/accounts/withdrawals, /accounts/:account) must still be the one
// that answers its own path, whatever the order the areas are listed in.
func TestMountOrderMostSpecificFirst(t *testing.T) {
	listed := slices.Clone(coreAreas)
	reversed := make([]server.AreaFunc, len(listed))
	for i, a := range listed {
		reversed[len(listed)-1-i] = a
	}
	for name, areas := range map[string][]server.AreaFunc{"listed": listed, "reversed": reversed} {
		mounted := server.New(server.Deps{}, areas...).App().GetRoutes(true)
		for _, r := range mounted {
			sample := r.Path
			for _, seg := range strings.Split(r.Path, "/") {
				if strings.HasPrefix(seg, ":") {
					sample = strings.Replace(sample, seg, "sample", 1)
				}
			}
			for _, first := range mounted {
				if first.Method == r.Method && fiber.RoutePatternMatch(sample, first.Path) {
					if first.Path != r.Path {
						t.Errorf("%s: %s %s is answered by %s", name, r.Method, sample, first.Path)
					}
					break
				}
			}
		}
	}
}

// TestAreasRefuseDuplicates: a route, sidebar slot or API operation given
// by two areas stops the server from starting.
func TestAreasRefuseDuplicates(t *testing.T) {
	again := func(a server.Area) server.AreaFunc { return func(*server.Server) server.Area { return a } }
	for name, extra := range map[string]server.Area{
		// The dashboard's entries: an area of coreAreas.
		"route name": {Name: "x", Routes: []*server.Route{{Name: "org.dashboard", Method: "GET", Path: "/org/:org/people"}}},
		"pattern":    {Name: "x", Routes: []*server.Route{{Name: "x.users", Method: "GET", Path: "/org/:org"}}},
		"slot": {Name: "x", Routes: []*server.Route{{Name: "x.users", Method: "GET", Path: "/org/:org/people",
			Nav: &server.NavEntry{Slot: server.NavDashboard, Label: "People"}}}},
		"no slot":   {Name: "x", Routes: []*server.Route{{Name: "x.users", Method: "GET", Path: "/org/:org/people", Nav: &server.NavEntry{Label: "People"}}}},
		"operation": {Name: "x", API: []api.Op{{ID: "createToken", Method: "GET", Path: "/x"}}},
	} {
		t.Run(name, func(t *testing.T) {
			defer func() {
				if recover() == nil {
					t.Error("accepted")
				}
			}()
			server.New(server.Deps{}, append(slices.Clone(coreAreas), again(extra))...)
		})
	}
}
