package server

import "testing"

// TestAPIPathMatch: the method check matches paths as Fiber routes them.
func TestAPIPathMatch(t *testing.T) {
	for _, c := range []struct {
		path, op string
		want     bool
	}{
		{"/api/v1/authentication/token", "/authentication/token", true},
		{"/api/v1/Authentication/TOKEN", "/authentication/token", true},
		{"/api/v1/authentication/token/", "/authentication/token", true},
		{"/api/v1/authentication/token/refresh", "/authentication/token", false},
		{"/api/v1/customer/organisations/abc/roles", "/customer/organisations/{id}/roles", true},
		{"/api/v1/customer/organisations/abc", "/customer/organisations/{id}/roles", false},
		{"/api/v1/customer", "/customer/organisations/{id}/roles", false},
	} {
		if got := apiPathMatch(c.path, "/api/v1", c.op); got != c.want {
			t.Errorf("%s ~ %s: %v", c.path, c.op, got)
		}
	}
}
