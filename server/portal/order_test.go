package portal

import (
	"testing"

	"portal/server"
)

// TestAreasInSidebarOrder: the composition lists the areas in the order of
// their first sidebar item (the core orders the sidebar itself, so this is
// for the reader).
func TestAreasInSidebarOrder(t *testing.T) {
	srv := New(server.Deps{})
	last, lastName := server.NavSlot(0), ""
	for _, f := range Areas {
		a := f(srv)
		first := server.NavSlot(0)
		for _, r := range a.Routes {
			if r.Nav != nil && (first == 0 || r.Nav.Slot < first) {
				first = r.Nav.Slot
			}
		}
		if first == 0 {
			continue
		}
		if first < last {
			t.Errorf("%s (first sidebar item %d) is listed after %s (%d)", a.Name, first, lastName, last)
		}
		last, lastName = first, a.Name
	}
}
