package server

import "testing"

// The sandbox hands out every user's codes and links, so it must be asked
// for by name: an unset or misspelt environment is production.
func TestConfigSandboxOnlyWhenAsked(t *testing.T) {
	for env, want := range map[string]bool{"": false, "production": false, "sandbox": true, "Sandbox": false, "dev": false} {
		if got := (Config{Env: env}).Sandbox(); got != want {
			t.Errorf("Env %q: Sandbox() = %v, want %v", env, got, want)
		}
	}
}
