package server_test

import (
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/gofiber/fiber/v3"

	"portal/server"
	"portal/server/servertest"
)

// TestAreaOffAnswersNotFound: an area whose service is not configured (Area.Off), or one
// route of it (Route.Off), keeps its guards (a visitor is sent to log in) and then
// answers the not-found page, without its handler running.
func TestAreaOffAnswersNotFound(t *testing.T) {
	const path = "/org/" + servertest.OrgNordic + "/people"
	served := func(c fiber.Ctx) error { return c.SendString("served") }
	for _, tc := range []struct {
		name string
		area server.Area
		want int
	}{
		{"on", server.Area{Name: "x", Routes: []*server.Route{{Name: "x.people", Method: "GET", Path: "/org/:org/people",
			Access: server.Dashboard, Handler: served}}}, http.StatusOK},
		{"area off", server.Area{Name: "x", Off: true, Routes: []*server.Route{{Name: "x.people", Method: "GET",
			Path: "/org/:org/people", Access: server.Dashboard, Handler: served}}}, http.StatusNotFound},
		{"route not offered", server.Area{Name: "x", Routes: []*server.Route{{Name: "x.people", Method: "GET",
			Path: "/org/:org/people", Access: server.Dashboard, Off: true, Handler: served}}}, http.StatusNotFound},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a := tc.area
			h := servertest.NewWith(t, nil, append(slices.Clone(coreAreas), func(*server.Server) server.Area { return a })...)
			if r := h.Client().Get(path); r.StatusCode != http.StatusSeeOther || !strings.HasPrefix(r.Header.Get("Location"), "/login") {
				t.Fatalf("logged out: %d to %q, want a redirect to log in", r.StatusCode, r.Header.Get("Location"))
			}
			if r := h.LoggedIn("admin@demo.example").Get(path); r.StatusCode != tc.want {
				t.Errorf("logged in: %d, want %d", r.StatusCode, tc.want)
			}
		})
	}
}
