package reference

import (
	"context"
	"errors"
	"path/filepath"
	"testing"
	"time"

	"portal/provider"
	"portal/reference/demo"
)

func TestAuthenticate(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := seededStore(t)
	tests := []struct {
		name     string
		email    string
		password string
		wantID   string // "" means ErrInvalidCredentials
	}{
		{"right password", "admin@demo.example", demo.Password, demo.UserAdminID},
		{"wrong password", "admin@demo.example", "Demo-Passw0rd?", ""},
		{"empty password", "admin@demo.example", "", ""},
		{"unknown e-mail", "nobody@demo.example", demo.Password, ""},
		{"e-mail case-insensitive", "Admin@Demo.EXAMPLE", demo.Password, demo.UserAdminID},
		{"e-mail with spaces", "  finance@demo.example ", demo.Password, demo.UserFinanceID},
		{"disabled user, right password", "disabled@demo.example", demo.Password, ""},
		{"user without organisation", "noorg@demo.example", demo.Password, demo.UserNoOrgID},
		{"password case matters", "admin@demo.example", "demo-passw0rd!", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			u, err := s.Authenticate(ctx, tt.email, tt.password)
			if tt.wantID == "" {
				if !errors.Is(err, provider.ErrInvalidCredentials) {
					t.Fatalf("Authenticate = %+v, %v; want ErrInvalidCredentials", u, err)
				}
				if u != (provider.User{}) {
					t.Errorf("a failed login returned user %+v", u)
				}
				return
			}
			if err != nil {
				t.Fatalf("Authenticate: %v", err)
			}
			if u.ID != tt.wantID {
				t.Errorf("user id = %s, want %s", u.ID, tt.wantID)
			}
		})
	}
}

func TestAuthenticateCorruptHashIsInternal(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := seededStore(t)
	if _, err := s.write.ExecContext(ctx, `UPDATE users SET password_hash = 'garbage' WHERE id = ?`, demo.UserAdminID); err != nil {
		t.Fatal(err)
	}
	// A broken row is the operator's problem, not "wrong password": it must reach the logs.
	_, err := s.Authenticate(ctx, "admin@demo.example", demo.Password)
	if provider.ErrorCode(err) != provider.EINTERNAL || !errors.Is(err, ErrMalformedHash) {
		t.Errorf("err = %v (code %s), want an internal error wrapping ErrMalformedHash", err, provider.ErrorCode(err))
	}
}

func TestUserLookups(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := seededStore(t)

	u, err := s.UserByID(ctx, demo.UserObserverID)
	if err != nil || u.Email != "observer@demo.example" || u.FirstName != "Freja" {
		t.Errorf("UserByID = %+v, %v", u, err)
	}
	u, err = s.UserByEmail(ctx, "OBSERVER@demo.example")
	if err != nil || u.ID != demo.UserObserverID {
		t.Errorf("UserByEmail = %+v, %v", u, err)
	}
	// Disabled users are found, so a session check can see the flag and end the session.
	u, err = s.UserByID(ctx, demo.UserDisabledID)
	if err != nil || !u.Disabled {
		t.Errorf("UserByID(disabled) = %+v, %v", u, err)
	}

	for _, tc := range []struct {
		name   string
		lookup func() (provider.User, error)
	}{
		{"unknown id", func() (provider.User, error) { return s.UserByID(ctx, "5d2e8f40-0000-4000-8000-999999999999") }},
		{"unknown email", func() (provider.User, error) { return s.UserByEmail(ctx, "ghost@demo.example") }},
		{"empty email", func() (provider.User, error) { return s.UserByEmail(ctx, "") }},
	} {
		if _, err := tc.lookup(); provider.ErrorCode(err) != provider.ENOTFOUND {
			t.Errorf("%s: err = %v, want ENOTFOUND", tc.name, err)
		}
	}
}

// TestAuthenticateTimingWithDefaults checks, on the production argon2 settings, that a login
// for an unknown e-mail or a disabled user costs an argon2 run like a real one. Without the
// dummy hash the unknown case would answer in well under a millisecond against tens of
// milliseconds, so a generous 0.4 ratio separates the two without flaking on a busy machine.
func TestAuthenticateTimingWithDefaults(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "portal.db")
	seed := openTestStoreNoCleanup(t, path)
	if _, err := demo.Seed(ctx, seed, demo.Options{}); err != nil {
		t.Fatal(err)
	}
	seed.Close()

	s, err := Open(ctx, testStorePath(t, path), Options{}) // production defaults, dummy hash included
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	for _, id := range []string{demo.UserAdminID, demo.UserDisabledID} {
		h, err := HashPassword(demo.Password, DefaultArgon2Params)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.write.ExecContext(ctx, `UPDATE users SET password_hash = ? WHERE id = ?`, h, id); err != nil {
			t.Fatal(err)
		}
	}

	// The three are timed in turns, best of several rounds each, so a busy machine slows
	// them alike rather than whichever ran while it was busiest.
	cases := []struct{ name, email, password string }{
		{"known user, wrong password", "admin@demo.example", "wrong password"},
		{"unknown e-mail", "nobody@demo.example", "wrong password"},
		{"disabled user", "disabled@demo.example", demo.Password},
	}
	best := make([]time.Duration, len(cases))
	for i := range best {
		best[i] = time.Duration(1<<63 - 1)
	}
	for range 7 {
		for i, tc := range cases {
			start := time.Now()
			_, _ = s.Authenticate(ctx, tc.email, tc.password)
			best[i] = min(best[i], time.Since(start))
		}
	}
	for i, tc := range cases[1:] {
		if got, known := best[i+1], best[0]; float64(got) < 0.4*float64(known) {
			t.Errorf("%s took %v, a known user's wrong password %v: the difference reveals which e-mails exist", tc.name, got, known)
		}
	}
	if _, err := s.Authenticate(ctx, "admin@demo.example", demo.Password); err != nil {
		t.Errorf("right password with default-cost hash: %v", err)
	}
}
