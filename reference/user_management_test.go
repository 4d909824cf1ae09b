package reference

import (
	"context"
	"errors"
	"portal/reference/demo"
	"slices"
	"strings"
	"sync"
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
	for _, org := range []string{demo.Org1ID, demo.Org2ID} {
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
	if _, err := s.OrganisationUsers(ctx, demo.Org1ID, provider.UserQuery{Cursor: "x"}); provider.ErrorCode(err) != provider.EINVALID {
		t.Errorf("bad cursor: %v", err)
	}
	if _, err := s.OrganisationUser(ctx, demo.Org2ID, demo.UserAdminID); provider.ErrorCode(err) != provider.ENOTFOUND {
		t.Errorf("another organisation's user: %v", err)
	}
}

// Creating invites: a new address and one with a login get the same answer and the same
// e-mail; the person is no member and their record is untouched until they accept; a member
// again, a live invitation again, an unassignable role or bad fields are refused by field.
func TestCreateUser(t *testing.T) {
	t.Parallel()
	s, _ := authStore(t)
	ctx := context.Background()
	in := provider.UserInput{FirstName: " Ada ", LastName: "Lovelace", Email: " Ada@Example.org ", Role: provider.RoleFinance}
	u, err := s.CreateUser(ctx, demo.Org2ID, in)
	if err != nil || u.Email != "ada@example.org" || u.FirstName != "Ada" || !u.Invited || u.Role != provider.RoleFinance {
		t.Fatalf("create: %+v %v", u, err)
	}
	newMail := latestOutbox(t, s)
	if newMail.To != "ada@example.org" || !strings.HasPrefix(newMail.Link, InvitationLinkPrefix) || !strings.Contains(newMail.Body, "Atlantic Freight Ltd") {
		t.Fatalf("invitation: %+v", newMail)
	}
	if inv, err := s.CheckInvitation(ctx, strings.TrimPrefix(newMail.Link, InvitationLinkPrefix)); err != nil || inv.LoginRequired {
		t.Fatalf("the link is no invitation to choose a password: %+v %v", inv, err)
	}
	if _, err := s.UserByEmail(ctx, "ada@example.org"); provider.ErrorCode(err) != provider.ENOTFOUND {
		t.Errorf("a login exists before the invitation is accepted: %v", err)
	}

	// An existing login of another organisation: the same answer, the names typed, no member.
	before, err := s.UserByID(ctx, demo.UserObserverID)
	if err != nil {
		t.Fatal(err)
	}
	existing := provider.UserInput{FirstName: "X", LastName: "Y", Email: "observer@demo.example", Role: provider.RoleAdmin}
	got, err := s.CreateUser(ctx, demo.Org2ID, existing)
	if err != nil || got.ID == demo.UserObserverID || got.FirstName != "X" || got.LastName != "Y" || !got.Invited || got.Disabled {
		t.Fatalf("existing: %+v %v", got, err)
	}
	oldMail := latestOutbox(t, s)
	if oldMail.To != "observer@demo.example" || oldMail.Subject != newMail.Subject || oldMail.Body != newMail.Body ||
		!strings.HasPrefix(oldMail.Link, InvitationLinkPrefix) {
		t.Errorf("the e-mail differs for an address with a login: %+v vs %+v", oldMail, newMail)
	}
	if ms, _ := s.Memberships(ctx, demo.UserObserverID); len(ms) != 1 || ms[0].Organisation.ID != demo.Org1ID {
		t.Errorf("a member before accepting: %+v", ms)
	}
	if after, _ := s.UserByID(ctx, demo.UserObserverID); after != before {
		t.Errorf("the person's record changed: %+v, was %+v", after, before)
	}
	if inv, err := s.CheckInvitation(ctx, strings.TrimPrefix(oldMail.Link, InvitationLinkPrefix)); err != nil || !inv.LoginRequired {
		t.Errorf("the link does not ask to log in: %+v %v", inv, err)
	}
	for _, tc := range []struct {
		in    provider.UserInput
		field string
	}{
		{existing, provider.FieldEmail}, // a live invitation
		{provider.UserInput{FirstName: "a", LastName: "b", Email: "atlantic-admin@demo.example", Role: "observer"}, provider.FieldEmail},
		{provider.UserInput{FirstName: "", LastName: "a", Email: "a@b.example", Role: "observer"}, provider.FieldFirstName},
		{provider.UserInput{FirstName: "a", LastName: " ", Email: "a@b.example", Role: "observer"}, provider.FieldLastName},
		{provider.UserInput{FirstName: "a", LastName: "b", Email: "a@b", Role: "observer"}, provider.FieldEmail},
		{provider.UserInput{FirstName: "a", LastName: "b", Email: "a@b.example", Role: "default"}, provider.FieldRole},
		{provider.UserInput{FirstName: "a", LastName: "b", Email: "a@b.example", Role: ""}, provider.FieldRole},
		{provider.UserInput{FirstName: strings.Repeat("a", 101), LastName: "b", Email: "a@b.example", Role: "observer"}, provider.FieldFirstName},
	} {
		if _, err := s.CreateUser(ctx, demo.Org2ID, tc.in); provider.ErrorCode(err) != provider.EINVALID || errField(err) != tc.field {
			t.Errorf("%+v: %v, want a field error on %s", tc.in, err, tc.field)
		}
	}
}

// Accepting: a new address chooses a password and becomes a member with the invitation's
// names; an address with a login cannot choose one, and joins by logging in, as itself only.
func TestAcceptInvitations(t *testing.T) {
	t.Parallel()
	s, _ := authStore(t)
	ctx := context.Background()
	invite := func(email, first string) string {
		t.Helper()
		if _, err := s.CreateUser(ctx, demo.Org2ID, provider.UserInput{FirstName: first, LastName: "Typed", Email: email, Role: provider.RoleObserver}); err != nil {
			t.Fatal(err)
		}
		return strings.TrimPrefix(latestOutbox(t, s).Link, InvitationLinkPrefix)
	}
	fresh := invite("new.person@example.org", "New")
	u, err := s.AcceptInvitation(ctx, fresh, newPassword)
	if err != nil || u.FirstName != "New" || u.LastName != "Typed" {
		t.Fatalf("accept: %+v %v", u, err)
	}
	if m, err := s.Membership(ctx, u.ID, demo.Org2ID); err != nil || m.Role != provider.RoleObserver || !m.Default {
		t.Errorf("membership: %+v %v", m, err)
	}
	if page, _ := s.OrganisationUsers(ctx, demo.Org2ID, provider.UserQuery{Limit: 100}); !slices.ContainsFunc(page.Users, func(o provider.OrgUser) bool {
		return o.ID == u.ID && !o.Invited
	}) {
		t.Error("the accepted person is not listed as a member")
	}

	login := invite("observer@demo.example", "X")
	if _, err := s.AcceptInvitation(ctx, login, newPassword); provider.ErrorCode(err) != provider.ECONFLICT {
		t.Fatalf("a password chosen for an address with a login: %v", err)
	}
	if _, err := s.Authenticate(ctx, "observer@demo.example", demo.Password); err != nil {
		t.Fatalf("the person's password changed: %v", err)
	}
	if _, err := s.JoinInvitation(ctx, login, demo.UserFinanceID); provider.ErrorCode(err) != provider.EFORBIDDEN {
		t.Errorf("joined as someone else: %v", err)
	}
	inv, err := s.JoinInvitation(ctx, login, demo.UserObserverID)
	if err != nil || inv.OrganisationID != demo.Org2ID {
		t.Fatalf("join: %+v %v", inv, err)
	}
	if m, err := s.Membership(ctx, demo.UserObserverID, demo.Org2ID); err != nil || m.Role != provider.RoleObserver || m.Default {
		t.Errorf("membership after joining: %+v %v", m, err)
	}
	if me, _ := s.UserByID(ctx, demo.UserObserverID); me.FirstName != "Freja" {
		t.Errorf("joining took the names the admin typed: %+v", me)
	}
	if _, err := s.JoinInvitation(ctx, login, demo.UserObserverID); provider.ErrorCode(err) != provider.ENOTFOUND {
		t.Errorf("joined twice: %v", err)
	}
}

// Updating: a pending invitation's names and role; a member's role only (their names are
// theirs); a role no longer assignable only when unchanged; not a member is not found.
func TestUpdateUser(t *testing.T) {
	t.Parallel()
	s := seededStore(t)
	ctx := context.Background()
	u, err := s.UpdateUser(ctx, demo.Org1ID, demo.UserFinanceID, provider.UserInput{Email: "ignored@x.example", Role: provider.RoleAdminReviewer})
	if err != nil || u.Role != provider.RoleAdminReviewer || u.Email != "finance@demo.example" {
		t.Fatalf("update: %+v %v", u, err)
	}
	before, _ := s.UserByID(ctx, demo.UserFinanceID)
	for _, in := range []provider.UserInput{
		{FirstName: "Someone", LastName: before.LastName, Role: provider.RoleObserver},
		{FirstName: before.FirstName, LastName: "Else", Role: provider.RoleObserver},
	} {
		if _, err := s.UpdateUser(ctx, demo.Org1ID, demo.UserFinanceID, in); provider.ErrorCode(err) != provider.EFORBIDDEN || errField(err) == "" {
			t.Errorf("%+v: another person's names changed: %v", in, err)
		}
	}
	if after, _ := s.UserByID(ctx, demo.UserFinanceID); after != before {
		t.Errorf("names changed: %+v", after)
	}
	if _, err := s.UpdateUser(ctx, demo.Org1ID, demo.UserFinanceID, provider.UserInput{Role: "default"}); errField(err) != provider.FieldRole {
		t.Errorf("default: %v", err)
	}
	// The default demo user keeps default when it is sent back unchanged, names repeated.
	if u, err := s.UpdateUser(ctx, demo.Org1ID, demo.UserDefaultID, provider.UserInput{FirstName: "Mads", LastName: "Kristensen", Role: "default"}); err != nil || u.Role != "default" {
		t.Errorf("unchanged unassignable role: %+v %v", u, err)
	}
	// The invitation is the organisation's own: its names can be corrected.
	if u, err := s.UpdateUser(ctx, demo.Org1ID, demo.UserInvitedID, provider.UserInput{FirstName: "Klara", LastName: "Winther", Role: provider.RoleFinance}); err != nil ||
		u.FirstName != "Klara" || u.Role != provider.RoleFinance || !u.Invited {
		t.Errorf("invitation: %+v %v", u, err)
	}
	if _, err := s.UpdateUser(ctx, demo.Org1ID, demo.UserInvitedID, provider.UserInput{FirstName: "", LastName: "W", Role: provider.RoleFinance}); errField(err) != provider.FieldFirstName {
		t.Errorf("invitation without a first name: %v", err)
	}
	if _, err := s.UpdateUser(ctx, demo.Org2ID, demo.UserFinanceID, provider.UserInput{FirstName: "a", LastName: "b", Role: "observer"}); provider.ErrorCode(err) != provider.ENOTFOUND {
		t.Errorf("not a member: %v", err)
	}
}

// The last active admin keeps the role, however the demotions meet: two admins of one
// organisation demoting each other at the same moment, many times, always leave one.
func TestLastAdminConcurrent(t *testing.T) {
	t.Parallel()
	s := seededStore(t)
	ctx := context.Background()
	admins := orgAdmins(t, s, demo.Org2ID)
	if len(admins) < 2 {
		t.Fatalf("Atlantic's admins: %v", admins)
	}
	first, second := admins[0], admins[1]
	for _, id := range admins[1:] {
		if _, err := s.UpdateUser(ctx, demo.Org2ID, id, provider.UserInput{Role: provider.RoleObserver}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := s.UpdateUser(ctx, demo.Org2ID, first, provider.UserInput{Role: provider.RoleObserver}); provider.ErrorCode(err) != provider.EFORBIDDEN ||
		errField(err) != provider.FieldRole {
		t.Fatalf("the last admin demoted: %v", err)
	}
	for round := range 20 {
		for _, id := range []string{first, second} {
			if _, err := s.UpdateUser(ctx, demo.Org2ID, id, provider.UserInput{Role: provider.RoleAdmin}); err != nil {
				t.Fatal(err)
			}
		}
		var wg sync.WaitGroup
		errs := make([]error, 2)
		for i, id := range []string{first, second} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, errs[i] = s.UpdateUser(ctx, demo.Org2ID, id, provider.UserInput{Role: provider.RoleObserver})
			}()
		}
		wg.Wait()
		ok := 0
		for _, err := range errs {
			switch provider.ErrorCode(err) {
			case "":
				ok++
			case provider.EFORBIDDEN:
			default:
				t.Fatalf("round %d: %v", round, err)
			}
		}
		if n := len(orgAdmins(t, s, demo.Org2ID)); ok != 1 || n != 1 {
			t.Fatalf("round %d: %d demotions passed, %d admins left", round, ok, n)
		}
	}
}

// orgAdmins are the members of orgID who may manage its users.
func orgAdmins(t *testing.T, s *Store, orgID string) []string {
	t.Helper()
	page, err := s.OrganisationUsers(context.Background(), orgID, provider.UserQuery{Limit: provider.MaxUserLimit})
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, u := range page.Users {
		if !u.Invited && !u.Disabled && isAdmin(u.Role) {
			out = append(out, u.ID)
		}
	}
	return out
}

// The profile: an address in use is refused; a change tells the old address and voids
// unspent reset links.
func TestUpdateProfile(t *testing.T) {
	t.Parallel()
	s, _ := authStore(t)
	ctx := context.Background()
	if _, err := s.UpdateProfile(ctx, demo.UserFinanceID, provider.UserInput{FirstName: "a", LastName: "b", Email: "ADMIN@demo.example"}); errField(err) != provider.FieldEmail {
		t.Fatalf("taken: %v", err)
	}
	if err := s.RequestPasswordReset(ctx, "finance@demo.example"); err != nil {
		t.Fatal(err)
	}
	reset := strings.TrimPrefix(latestOutbox(t, s).Link, ResetLinkPrefix)
	u, err := s.UpdateProfile(ctx, demo.UserFinanceID, provider.UserInput{FirstName: "Lars", LastName: "Holm", Email: "lars@finance.example"})
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
	if _, err := s.UpdateProfile(ctx, demo.UserFinanceID, provider.UserInput{FirstName: "L", LastName: "H", Email: "LARS@finance.example"}); err != nil {
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
