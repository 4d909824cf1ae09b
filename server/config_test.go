package server

import (
	"testing"
)

// The sandbox hands out every user's codes and links, so it must be asked
// for by name: an unset or misspelt environment is production.
func TestConfigSandboxOnlyWhenAsked(t *testing.T) {
	for env, want := range map[string]bool{"": false, "production": false, "sandbox": true, "Sandbox": false, "dev": false} {
		if got := (Config{Env: env}).Sandbox(); got != want {
			t.Errorf("Env %q: Sandbox() = %v, want %v", env, got, want)
		}
	}
}

func TestConfigOutboxServing(t *testing.T) {
	cases := []struct {
		cfg  Config
		want string
	}{
		{Config{}, "nowhere (production)"},
		{Config{Env: "production", OutboxShared: true}, "nowhere (production)"},
		{Config{Env: "sandbox"}, "to loopback connections only"},
		{Config{Env: "sandbox", OutboxShared: true}, "to every client (shared demo)"},
	}
	for _, tc := range cases {
		if got := tc.cfg.OutboxServing(); got != tc.want {
			t.Errorf("%+v: %q, want %q", tc.cfg, got, tc.want)
		}
	}
}
