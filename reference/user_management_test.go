package reference

import (
	"context"
	"errors"
	"strings"
	"testing"

	"portal/provider"
)

func errField(err error) string {
	var fe *provider.FieldError
	if errors.As(err, &fe) {
		return fe.Field
	}
	return ""
}

// The list pages by e-mail both ways without gaps or repeats, each organisation its own.
func TestOrganisationUsersPaging(t *testing.T) {
	t.Parallel()
	s := seededStore(t)
	ctx := context.Background()
	for _, org := range []string{DemoOrg1ID, DemoOrg2ID} {
		var emails []string
		q := provider.UserQuery{Limit: 7}
		var pages []provider.UserPage
		for {
			pg, err := s.OrganisationUsers(ctx, org, q)
			if err != nil {
				t.Fatal(err)
			}
			pages = append(pages, pg)
			for _, u := range pg.Users {
				emails = append(emails, u.Email)
			}
			if !pg.HasNext {
				break
			}
			q.Cursor, q.Direction = pg.CursorNext, provider.DirectionNext
		}
		if len(emails) != pages[0].Total || len(pages) < 3 {
			t.Fatalf("%s: %d users over %d pages, total %d", org, len(emails), len(pages), pages[0].Total)
		}
		for i := 1; i < len(emails); i++ {
			if emails[i-1] >= emails[i] {
				t.Fatalf("%s: %q before %q", org, emails[i-1], emails[i])
			}
		}
		// Back from the last page to the first.
		last := pages[len(pages)-1]
		back, err := s.OrganisationUsers(ctx, org, provider.UserQuery{Limit: 7, Cursor: last.CursorPrev, Direction: provider.DirectionPrev})
		if err != nil || back.Users[0].Email != pages[len(pages)-2].Users[0].Email {
			t.Fatalf("%s: back: %v", org, err)
		}
	}
	if _, err := s.OrganisationUsers(ctx, DemoOrg1ID, provider.UserQuery{Cursor: "x"}); provider.ErrorCode(err) != provider.EINVALID {
		t.Errorf("bad cursor: %v", err)
	}
	if _, err := s.OrganisationUser(ctx, DemoOrg2ID, DemoUserAdminID); provider.ErrorCode(err) != provider.ENOTFOUND {
		t.Errorf("another organisation's user: %v", err)
	}
}

// Creating: a new person is invited (no password, an invitation link); someone with a login
// is added and told; a member again, an unassignable role or bad fields are refused by field.
func TestCreateUser(t *testing.T) {
	t.Parallel()
	s, _ := authStore(t)
	ctx := context.Background()
	in := provider.UserInput{FirstName: " Ada ", LastName: "Lovelace", Email: " Ada@Example.org ", Role: provider.RoleFinance}
	u, err := s.CreateUser(ctx, DemoOrg2ID, in)
	if err != nil || u.Email != "ada@example.org" || u.FirstName != "Ada" || !u.Invited || u.Role != provider.RoleFinance {
		t.Fatalf("create: %+v %v", u, err)
	}
	m := latestOutbox(t, s)
	if m.To != "ada@example.org" || !strings.HasPrefix(m.Link, InvitationLinkPrefix) || !strings.Contains(m.Body, "Atlantic Freight Ltd") {
		t.Fatalf("invitation: %+v", m)
	}
	if _, err := s.CheckInvitation(ctx, strings.TrimPrefix(m.Link, InvitationLinkPrefix)); err != nil {
		t.Fatalf("the link is no invitation: %v", err)
	}
	if ms, _ := s.Memberships(ctx, u.ID); len(ms) != 1 || !ms[0].Default {
		t.Errorf("first membership not the default: %+v", ms)
	}
	// An existing login: added, told, names kept.
	existing := provider.UserInput{FirstName: "X", LastName: "Y", Email: "observer@demo.example", Role: provider.RoleAdmin}
	u, err = s.CreateUser(ctx, DemoOrg2ID, existing)
	if err != nil || u.ID != DemoUserObserverID || u.FirstName != "Freja" || u.Invited {
		t.Fatalf("existing: %+v %v", u, err)
	}
	if m := latestOutbox(t, s); m.To != "observer@demo.example" || m.Link != "/login" {
		t.Errorf("notice: %+v", m)
	}
	if ms, _ := s.Memberships(ctx, DemoUserObserverID); len(ms) != 2 || ms[0].Default == ms[1].Default {
		t.Errorf("memberships: %+v", ms)
	}
	for _, tc := range []struct {
		in    provider.UserInput
		field string
	}{
		{existing, provider.FieldEmail},
		{provider.UserInput{FirstName: "", LastName: "a", Email: "a@b.example", Role: "observer"}, provider.FieldFirstName},
		{provider.UserInput{FirstName: "a", LastName: " ", Email: "a@b.example", Role: "observer"}, provider.FieldLastName},
		{provider.UserInput{FirstName: "a", LastName: "b", Email: "a@b", Role: "observer"}, provider.FieldEmail},
		{provider.UserInput{FirstName: "a", LastName: "b", Email: "a@b.example", Role: "default"}, provider.FieldRole},
		{provider.UserInput{FirstName: "a", LastName: "b", Email: "a@b.example", Role: ""}, provider.FieldRole},
		{provider.UserInput{FirstName: strings.Repeat("a", 101), LastName: "b", Email: "a@b.example", Role: "observer"}, provider.FieldFirstName},
	} {
		if _, err := s.CreateUser(ctx, DemoOrg2ID, tc.in); provider.ErrorCode(err) != provider.EINVALID || errField(err) != tc.field {
			t.Errorf("%+v: %v, want a field error on %s", tc.in, err, tc.field)
		}
	}
}

// Updating: names and role; a role no longer assignable only when unchanged; not a member is
// not found.
func TestUpdateUser(t *testing.T) {
	t.Parallel()
	s := seededStore(t)
	ctx := context.Background()
	u, err := s.UpdateUser(ctx, DemoOrg1ID, DemoUserFinanceID, provider.UserInput{FirstName: "Lars", LastName: "Holm", Email: "ignored@x.example", Role: provider.RoleAdminReviewer})
	if err != nil || u.Role != provider.RoleAdminReviewer || u.Email != "finance@demo.example" {
		t.Fatalf("update: %+v %v", u, err)
	}
	if _, err := s.UpdateUser(ctx, DemoOrg1ID, DemoUserFinanceID, provider.UserInput{FirstName: "a", LastName: "b", Role: "default"}); errField(err) != provider.FieldRole {
		t.Errorf("default: %v", err)
	}
	// The default demo user keeps default when it is sent back unchanged.
	if u, err := s.UpdateUser(ctx, DemoOrg1ID, DemoUserDefaultID, provider.UserInput{FirstName: "Mads", LastName: "K", Role: "default"}); err != nil || u.LastName != "K" {
		t.Errorf("unchanged unassignable role: %+v %v", u, err)
	}
	if _, err := s.UpdateUser(ctx, DemoOrg2ID, DemoUserFinanceID, provider.UserInput{FirstName: "a", LastName: "b", Role: "observer"}); provider.ErrorCode(err) != provider.ENOTFOUND {
		t.Errorf("not a member: %v", err)
	}
}

// The profile: an address in use is refused; a change tells the old address and voids
// unspent reset links.
func TestUpdateProfile(t *testing.T) {
	t.Parallel()
	s, _ := authStore(t)
	ctx := context.Background()
	if _, err := s.UpdateProfile(ctx, DemoUserFinanceID, provider.UserInput{FirstName: "a", LastName: "b", Email: "ADMIN@demo.example"}); errField(err) != provider.FieldEmail {
		t.Fatalf("taken: %v", err)
	}
	if err := s.RequestPasswordReset(ctx, "finance@demo.example"); err != nil {
		t.Fatal(err)
	}
	reset := strings.TrimPrefix(latestOutbox(t, s).Link, ResetLinkPrefix)
	u, err := s.UpdateProfile(ctx, DemoUserFinanceID, provider.UserInput{FirstName: "Lars", LastName: "Holm", Email: "lars@finance.example"})
	if err != nil || u.Email != "lars@finance.example" {
		t.Fatalf("update: %+v %v", u, err)
	}
	if m := latestOutbox(t, s); m.To != "finance@demo.example" || !strings.Contains(m.Body, "lars@finance.example") {
		t.Errorf("old address not told: %+v", m)
	}
	if err := s.CheckResetToken(ctx, reset); provider.ErrorCode(err) != provider.ENOTFOUND {
		t.Errorf("reset link still works: %v", err)
	}
	// Names only: nobody is told.
	n := outboxSize(t, s)
	if _, err := s.UpdateProfile(ctx, DemoUserFinanceID, provider.UserInput{FirstName: "L", LastName: "H", Email: "LARS@finance.example"}); err != nil {
		t.Fatal(err)
	}
	if outboxSize(t, s) != n {
		t.Error("a message for a change of names")
	}
}

func outboxSize(t *testing.T, s *Store) int {
	t.Helper()
	msgs, err := s.Outbox(context.Background(), 100)
	if err != nil {
		t.Fatal(err)
	}
	return len(msgs)
}
