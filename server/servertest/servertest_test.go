package servertest_test

import (
	"net/http"
	"os"
	"slices"
	"testing"

	"portal/server"
	"portal/server/auth"
	"portal/server/servertest"
)

func TestMain(m *testing.M) { os.Exit(servertest.Main(m)) }

func routeNames(s *server.Server) []string {
	var names []string
	for _, r := range s.Routes() {
		names = append(names, r.Name)
	}
	return names
}

// With no areas named, New mounts the defaults: the form logs in (auth) and
// an organisation page's range picker answers. With areas named, exactly
// those are mounted, the defaults among them once.
func TestNewDefaultAreas(t *testing.T) {
	h := servertest.New(t)
	c := h.LoggedIn("admin@demo.example")
	if res := c.Get("/org/" + servertest.OrgNordic + "/date_range"); res.StatusCode != http.StatusOK {
		t.Errorf("the range picker's page: %d", res.StatusCode)
	}
	if names := routeNames(h.Srv); !slices.Contains(names, "login") || !slices.Contains(names, "org.date_range") {
		t.Errorf("routes %v", names)
	}
	named := servertest.New(t, auth.New)
	if names := routeNames(named.Srv); slices.Contains(names, "org.date_range") {
		t.Errorf("the range picker mounted beside the areas named: %v", names)
	}
}
