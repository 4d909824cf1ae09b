package main

import (
	"testing"
)

func envMap(m map[string]string) func(string) string {
	return func(k string) string { return m[k] }
}

func TestLoadConfigMode(t *testing.T) {
	cases := []struct {
		name    string
		env     map[string]string
		mode    string
		sandbox bool
		err     bool
	}{
		{"unset is production", nil, "production", false, false},
		{"blank is production", map[string]string{"PORTAL_ENV": "  "}, "production", false, false},
		{"sandbox asked for", map[string]string{"PORTAL_ENV": "sandbox"}, "sandbox", true, false},
		{"production asked for", map[string]string{"PORTAL_ENV": "production"}, "production", false, false},
		{"anything else refused", map[string]string{"PORTAL_ENV": "staging"}, "", false, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c, err := loadConfig(envMap(tc.env))
			if tc.err {
				if err == nil {
					t.Fatalf("want an error, got mode %q", c.Mode)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if c.Mode != tc.mode || c.server("memory").Sandbox() != tc.sandbox {
				t.Errorf("mode %q sandbox %v, want %q %v", c.Mode, c.server("memory").Sandbox(), tc.mode, tc.sandbox)
			}
		})
	}
}
