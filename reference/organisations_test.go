package reference

import (
	"context"
	"fmt"
	"portal/reference/demo"
	"sync"
	"testing"

	"portal/provider"
)

func TestMembershipCrossOrganisation(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := seededStore(t)
	tests := []struct {
		name     string
		user     string
		org      string
		wantRole string // "" means ENOTFOUND
	}{
		{"member of org 1", demo.UserAdminID, demo.Org1ID, provider.RoleAdmin},
		{"org 1 user asks for org 2", demo.UserAdminID, demo.Org2ID, ""},
		{"org 1 observer asks for org 2", demo.UserObserverID, demo.Org2ID, ""},
		{"multi in org 1", demo.UserMultiID, demo.Org1ID, provider.RoleAdmin},
		{"multi in org 2", demo.UserMultiID, demo.Org2ID, provider.RoleObserver},
		{"no organisation at all", demo.UserNoOrgID, demo.Org1ID, ""},
		{"organisation that does not exist", demo.UserAdminID, "0b6a3c1e-0000-4000-8000-000000000099", ""},
		{"unknown user", "nobody", demo.Org1ID, ""},
		{"empty ids", "", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, err := s.Membership(ctx, tt.user, tt.org)
			if tt.wantRole == "" {
				if provider.ErrorCode(err) != provider.ENOTFOUND {
					t.Errorf("Membership = %+v, %v; want ENOTFOUND", m, err)
				}
				return
			}
			if err != nil || m.Role != tt.wantRole || m.Organisation.ID != tt.org {
				t.Errorf("Membership = %+v, %v; want role %s in %s", m, err, tt.wantRole, tt.org)
			}
		})
	}
}

func TestSetDefaultOrganisation(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := seededStore(t)

	defaults := func(user string) []string {
		t.Helper()
		ms, err := s.Memberships(ctx, user)
		if err != nil {
			t.Fatal(err)
		}
		var ids []string
		for _, m := range ms {
			if m.Default {
				ids = append(ids, m.Organisation.ID)
			}
		}
		return ids
	}

	tests := []struct {
		name     string
		user     string
		org      string
		wantCode string
		wantDefs []string
	}{
		{"switch multi to org 1", demo.UserMultiID, demo.Org1ID, "", []string{demo.Org1ID}},
		{"again is a no-op", demo.UserMultiID, demo.Org1ID, "", []string{demo.Org1ID}},
		{"back to org 2", demo.UserMultiID, demo.Org2ID, "", []string{demo.Org2ID}},
		{"non-member refused, default kept", demo.UserAdminID, demo.Org2ID, provider.ENOTFOUND, []string{demo.Org1ID}},
		{"no organisation", demo.UserNoOrgID, demo.Org1ID, provider.ENOTFOUND, nil},
		{"unknown organisation", demo.UserMultiID, "0b6a3c1e-0000-4000-8000-000000000099", provider.ENOTFOUND, []string{demo.Org2ID}},
	}
	for _, tt := range tests { // in order: each case starts where the last one left off
		t.Run(tt.name, func(t *testing.T) {
			err := s.SetDefaultOrganisation(ctx, tt.user, tt.org)
			if provider.ErrorCode(err) != tt.wantCode {
				t.Fatalf("SetDefaultOrganisation: %v, want code %q", err, tt.wantCode)
			}
			if got := defaults(tt.user); fmt.Sprint(got) != fmt.Sprint(tt.wantDefs) {
				t.Errorf("defaults = %v, want %v", got, tt.wantDefs)
			}
		})
	}
}

func TestSetDefaultOrganisationConcurrent(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := seededStore(t)
	var wg sync.WaitGroup
	for i := range 20 {
		wg.Go(func() {
			org := demo.Org1ID
			if i%2 == 1 {
				org = demo.Org2ID
			}
			if err := s.SetDefaultOrganisation(ctx, demo.UserMultiID, org); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	ms, err := s.Memberships(ctx, demo.UserMultiID)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, m := range ms {
		if m.Default {
			n++
		}
	}
	if n != 1 {
		t.Errorf("%d defaults after concurrent switches, want exactly 1", n)
	}
}

func TestOrganisationReadsUnknownOrganisation(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := seededStore(t)
	const unknown = "0b6a3c1e-0000-4000-8000-000000000099"
	calls := map[string]func() error{
		"Configuration":      func() error { _, err := s.Configuration(ctx, unknown); return err },
		"ContractedProducts": func() error { _, err := s.ContractedProducts(ctx, unknown); return err },
		"FeatureFlags":       func() error { _, err := s.FeatureFlags(ctx, unknown); return err },
		"Alerts":             func() error { _, err := s.Alerts(ctx, unknown); return err },
		"Accounts":           func() error { _, err := s.Accounts(ctx, unknown); return err },
	}
	for name, call := range calls {
		if err := call(); provider.ErrorCode(err) != provider.ENOTFOUND {
			t.Errorf("%s(unknown org) = %v, want ENOTFOUND", name, err)
		}
	}
}

// TestConcurrentReads runs the portal's per-request reads from 20 goroutines at once; with
// -race it also checks the Store keeps no unguarded state.
func TestConcurrentReads(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := seededStore(t)
	var wg sync.WaitGroup
	errs := make(chan error, 20)
	for i := range 20 {
		wg.Go(func() {
			user, org, accounts := demo.UserAdminID, demo.Org1ID, 6
			if i%2 == 1 {
				user, org, accounts = demo.UserMultiID, demo.Org2ID, 3
			}
			for range 10 {
				if _, err := s.UserByID(ctx, user); err != nil {
					errs <- err
					return
				}
				if _, err := s.Memberships(ctx, user); err != nil {
					errs <- err
					return
				}
				if _, err := s.Membership(ctx, user, org); err != nil {
					errs <- err
					return
				}
				if _, err := s.Configuration(ctx, org); err != nil {
					errs <- err
					return
				}
				if _, err := s.FeatureFlags(ctx, org); err != nil {
					errs <- err
					return
				}
				if _, err := s.Alerts(ctx, org); err != nil {
					errs <- err
					return
				}
				got, err := s.Accounts(ctx, org)
				if err != nil {
					errs <- err
					return
				}
				if len(got) != accounts {
					errs <- fmt.Errorf("goroutine %d: %d accounts for %s, want %d", i, len(got), org, accounts)
					return
				}
			}
			if _, err := s.Authenticate(ctx, "admin@demo.example", demo.Password); err != nil {
				errs <- err
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}
