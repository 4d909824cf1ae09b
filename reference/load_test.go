package reference

import (
	"testing"

	"portal/reference/demo"
)

// The demo cannot import the store, so it writes the invitation link out; it must be the
// link the store sends.
func TestDemoInvitationLinkIsTheStores(t *testing.T) {
	if want := InvitationLinkPrefix + demo.InvitationToken; demo.InvitationLink != want {
		t.Errorf("demo.InvitationLink %q, the store links %q", demo.InvitationLink, want)
	}
}
