package server_test

import "portal/reference/demo"

// Names of the demo data that this package's tests share with the tests
// that moved to the area packages (which keep their own).
const (
	emailAdmin = "admin@demo.example"
	acctEUR    = demo.AccountOrg1EUR
)
