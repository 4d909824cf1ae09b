package portal

import (
	"testing"

	"portal/server"
)

// TestAreasInSidebarOrder: the composition lists the areas in the order of
// their first sidebar item (the core orders the sidebar itself, so this is
// for the reader), with what no area builds yet last.
func TestAreasInSidebarOrder(t *testing.T) {
	srv := New(server.Deps{})
	last, lastName := server.NavSlot(0), ""
	for i, f := range Areas {
		a := f(srv)
		if a.Name == "unbuilt" {
			if i != len(Areas)-1 {
				t.Errorf("unbuilt is listed at %d, not last", i)
			}
			continue
		}
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
