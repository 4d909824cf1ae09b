package server

import (
	"testing"

	"portal/reference/demo"
)

// Names of the demo data and helpers that this package's tests share with
// the tests that moved to the area packages (which keep their own).

const (
	emailAdmin = "admin@demo.example"
	acctEUR    = demo.AccountOrg1EUR
)

func loggedIn(t *testing.T, h *harness, email string) *client {
	t.Helper()
	c := h.client()
	c.Login(email)
	return c
}
