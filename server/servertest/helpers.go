package servertest

import "portal/server"

// LoggedIn is a new client logged in as email through the form.
func (h *Harness) LoggedIn(email string) *Client {
	h.T.Helper()
	c := h.Client()
	c.Login(email)
	return c
}

// Edits is one edit of the dependencies (NewWith) that makes each of edits
// in turn, for a package's harness that tests change in several ways.
func Edits(edits ...func(*server.Deps)) func(*server.Deps) {
	return func(d *server.Deps) {
		for _, e := range edits {
			e(d)
		}
	}
}
