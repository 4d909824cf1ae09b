package reference

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"os"
	"portal/reference/demo"
	"strings"
	"testing"
	"time"

	"portal/provider"
)

const newPassword = "N3w-password!"

func requestReset(t *testing.T, s *Store, email string) string {
	t.Helper()
	wantErr(t, s.RequestPasswordReset(context.Background(), email), "", "")
	m := latestOutbox(t, s)
	if m.Kind != provider.OutboxEmail || m.Subject != "Reset your password" {
		t.Fatalf("newest outbox message = %+v, want the reset e-mail", m)
	}
	return tokenFromLink(t, m.Link, "/passwords/reset/")
}

func TestPasswordReset(t *testing.T) {
	t.Parallel()
	runAuthCases(t, []authCase{
		{"reset, once", func(t *testing.T, s *Store, _ *testClock) {
			ctx := context.Background()
			token := requestReset(t, s, "admin@demo.example")
			if m := latestOutbox(t, s); m.To != "admin@demo.example" || !strings.Contains(m.Body, "1 hour") {
				t.Errorf("e-mail = %+v", m)
			}
			if raw, err := base64.RawURLEncoding.DecodeString(token); err != nil || len(raw) != 32 {
				t.Errorf("token %q is not 32 bytes of base64url (%v)", token, err)
			}
			wantErr(t, s.CheckResetToken(ctx, token), "", "")
			u, err := s.ResetPassword(ctx, token, newPassword)
			wantErr(t, err, "", "")
			if u.ID != demo.UserAdminID || u.Email != "admin@demo.example" {
				t.Errorf("ResetPassword returned %+v", u)
			}
			if _, err := s.Authenticate(ctx, "admin@demo.example", newPassword); err != nil {
				t.Errorf("new password refused: %v", err)
			}
			if _, err := s.Authenticate(ctx, "admin@demo.example", demo.Password); !errors.Is(err, provider.ErrInvalidCredentials) {
				t.Errorf("old password: %v", err)
			}
			wantErr(t, s.CheckResetToken(ctx, token), provider.ENOTFOUND, "")
			_, err = s.ResetPassword(ctx, token, "An0ther-password")
			wantErr(t, err, provider.ENOTFOUND, "")
		}},
		{"e-mail compared case-insensitively", func(t *testing.T, s *Store, _ *testClock) {
			token := requestReset(t, s, "  Finance@Demo.EXAMPLE ")
			u, err := s.ResetPassword(context.Background(), token, newPassword)
			wantErr(t, err, "", "")
			if u.ID != demo.UserFinanceID {
				t.Errorf("user %s", u.ID)
			}
		}},
		{"hashed at rest", func(t *testing.T, s *Store, _ *testClock) {
			token := requestReset(t, s, "admin@demo.example")
			dump := dumpTable(t, s, "password_tokens")
			if strings.Contains(dump, token) {
				t.Errorf("password_tokens holds the raw token:\n%s", dump)
			}
			sum := sha256.Sum256([]byte(token))
			if !strings.Contains(dump, hex.EncodeToString(sum[:])) {
				t.Errorf("password_tokens does not hold SHA-256(token):\n%s", dump)
			}
		}},
		{"valid until just before an hour", func(t *testing.T, s *Store, clock *testClock) {
			token := requestReset(t, s, "admin@demo.example")
			clock.Advance(provider.ResetTokenTTL - time.Second)
			_, err := s.ResetPassword(context.Background(), token, newPassword)
			wantErr(t, err, "", "")
		}},
		{"expired after an hour", func(t *testing.T, s *Store, clock *testClock) {
			token := requestReset(t, s, "admin@demo.example")
			clock.Advance(provider.ResetTokenTTL)
			wantErr(t, s.CheckResetToken(context.Background(), token), provider.EEXPIRED, "")
			_, err := s.ResetPassword(context.Background(), token, newPassword)
			wantErr(t, err, provider.EEXPIRED, "")
			if _, err := s.Authenticate(context.Background(), "admin@demo.example", demo.Password); err != nil {
				t.Errorf("an expired token changed the password: %v", err)
			}
		}},
		{"long-expired tokens are cleaned up", func(t *testing.T, s *Store, clock *testClock) {
			token := requestReset(t, s, "admin@demo.example")
			clock.Advance(provider.ResetTokenTTL + tokenRetention - time.Second)
			requestReset(t, s, "finance@demo.example")
			wantErr(t, s.CheckResetToken(context.Background(), token), provider.EEXPIRED, "")
			clock.Advance(2 * time.Second)
			requestReset(t, s, "finance@demo.example")
			wantErr(t, s.CheckResetToken(context.Background(), token), provider.ENOTFOUND, "")
		}},
		{"a newer request replaces the older link", func(t *testing.T, s *Store, _ *testClock) {
			first := requestReset(t, s, "admin@demo.example")
			second := requestReset(t, s, "admin@demo.example")
			wantErr(t, s.CheckResetToken(context.Background(), first), provider.ENOTFOUND, "")
			wantErr(t, s.CheckResetToken(context.Background(), second), "", "")
		}},
		{"weak password refused, token kept", func(t *testing.T, s *Store, _ *testClock) {
			token := requestReset(t, s, "admin@demo.example")
			for _, pw := range []string{"", "Sh0rt!", "alllower1!", "ALLUPPER1!", "NoDigits!!", "NoSymbol11"} {
				_, err := s.ResetPassword(context.Background(), token, pw)
				wantErr(t, err, provider.EINVALID, "Password is not valid")
			}
			wantErr(t, s.CheckResetToken(context.Background(), token), "", "")
		}},
		{"unknown, disabled and invited addresses send nothing", func(t *testing.T, s *Store, _ *testClock) {
			before := outboxCount(t, s)
			for _, email := range []string{"nobody@demo.example", "disabled@demo.example", demo.InvitedEmail, "", "not an e-mail"} {
				wantErr(t, s.RequestPasswordReset(context.Background(), email), "", "")
			}
			if n := outboxCount(t, s); n != before {
				t.Errorf("outbox grew from %d to %d", before, n)
			}
			if dump := dumpTable(t, s, "password_tokens"); strings.Contains(dump, "reset") {
				t.Errorf("a reset token was stored:\n%s", dump)
			}
		}},
		{"user disabled after the request", func(t *testing.T, s *Store, _ *testClock) {
			token := requestReset(t, s, "admin@demo.example")
			if _, err := s.write.ExecContext(context.Background(), `UPDATE users SET disabled = 1 WHERE id = ?`, demo.UserAdminID); err != nil {
				t.Fatal(err)
			}
			wantErr(t, s.CheckResetToken(context.Background(), token), provider.ENOTFOUND, "")
			_, err := s.ResetPassword(context.Background(), token, newPassword)
			wantErr(t, err, provider.ENOTFOUND, "")
		}},
		{"unknown and malformed tokens", func(t *testing.T, s *Store, _ *testClock) {
			for _, tok := range []string{"", "nope", strings.Repeat("A", 43), strings.Repeat("x", 5000), demo.InvitationToken} {
				wantErr(t, s.CheckResetToken(context.Background(), tok), provider.ENOTFOUND, "")
			}
		}},
	})
}

func TestInvitation(t *testing.T) {
	t.Parallel()
	runAuthCases(t, []authCase{
		{"accept once", func(t *testing.T, s *Store, _ *testClock) {
			ctx := context.Background()
			inv, err := s.CheckInvitation(ctx, demo.InvitationToken)
			wantErr(t, err, "", "")
			if inv.Email != demo.InvitedEmail || !inv.ExpiresAt.Equal(authStart.Add(provider.InvitationTTL)) {
				t.Errorf("invitation = %+v", inv)
			}
			// No password yet: logging in fails like any wrong password, not as an internal error.
			if _, err := s.Authenticate(ctx, demo.InvitedEmail, ""); !errors.Is(err, provider.ErrInvalidCredentials) {
				t.Errorf("Authenticate before accepting: %v", err)
			}
			if _, err := s.Authenticate(ctx, demo.InvitedEmail, demo.Password); !errors.Is(err, provider.ErrInvalidCredentials) {
				t.Errorf("Authenticate before accepting: %v", err)
			}
			u, err := s.AcceptInvitation(ctx, demo.InvitationToken, newPassword)
			wantErr(t, err, "", "")
			if u.Email != demo.InvitedEmail || u.FirstName != "Clara" || u.LastName != "Winther" || u.SkipMFA || u.MFAEnabled {
				t.Errorf("accepted user %+v; want the invited person with the invitation's names, who must still set up MFA", u)
			}
			if got, err := s.Authenticate(ctx, demo.InvitedEmail, newPassword); err != nil || got.ID != u.ID {
				t.Errorf("Authenticate after accepting: %+v, %v", got, err)
			}
			if ms, err := s.Memberships(ctx, u.ID); err != nil || len(ms) != 1 || ms[0].Organisation.ID != demo.Org1ID ||
				ms[0].Role != provider.RoleObserver || !ms[0].Default {
				t.Errorf("memberships after accepting: %+v, %v", ms, err)
			}
			_, err = s.CheckInvitation(ctx, demo.InvitationToken)
			wantErr(t, err, provider.ENOTFOUND, "")
			_, err = s.AcceptInvitation(ctx, demo.InvitationToken, "An0ther-password")
			wantErr(t, err, provider.ENOTFOUND, "")
		}},
		{"weak password refused, invitation kept", func(t *testing.T, s *Store, _ *testClock) {
			_, err := s.AcceptInvitation(context.Background(), demo.InvitationToken, "password")
			wantErr(t, err, provider.EINVALID, "Password is not valid")
			_, err = s.CheckInvitation(context.Background(), demo.InvitationToken)
			wantErr(t, err, "", "")
		}},
		{"expired after 7 days", func(t *testing.T, s *Store, clock *testClock) {
			clock.Advance(provider.InvitationTTL - time.Second)
			_, err := s.CheckInvitation(context.Background(), demo.InvitationToken)
			wantErr(t, err, "", "")
			clock.Advance(time.Second)
			_, err = s.CheckInvitation(context.Background(), demo.InvitationToken)
			wantErr(t, err, provider.EEXPIRED, "")
			_, err = s.AcceptInvitation(context.Background(), demo.InvitationToken, newPassword)
			wantErr(t, err, provider.EEXPIRED, "")
		}},
		{"a reset token is not an invitation", func(t *testing.T, s *Store, _ *testClock) {
			token := requestReset(t, s, "admin@demo.example")
			_, err := s.CheckInvitation(context.Background(), token)
			wantErr(t, err, provider.ENOTFOUND, "")
			_, err = s.AcceptInvitation(context.Background(), token, newPassword)
			wantErr(t, err, provider.ENOTFOUND, "")
		}},
		{"hashed at rest, link in the outbox", func(t *testing.T, s *Store, _ *testClock) {
			if dump := dumpTable(t, s, "password_tokens"); strings.Contains(dump, demo.InvitationToken) {
				t.Errorf("password_tokens holds the raw invitation token:\n%s", dump)
			}
			m := latestOutbox(t, s)
			if m.Kind != provider.OutboxEmail || m.To != demo.InvitedEmail || m.Link != "/invitations/accept/"+demo.InvitationToken || m.Subject == "" {
				t.Errorf("outbox = %+v", m)
			}
		}},
	})
}

func TestCheckPasswordRules(t *testing.T) {
	t.Parallel()
	tests := []struct {
		pw    string
		valid bool
	}{
		{"", false},
		{"Abcdef1!", true},
		{"Abcde1!", false}, // 7 characters
		{"abcdef1!", false},
		{"ABCDEF1!", false},
		{"Abcdefg!", false},
		{"Abcdefg1", false},
		{"Abcdef 1", true}, // a space is a symbol
		{demo.Password, true},
		{strings.Repeat("Ab1!", 16), true}, // 64 characters
		{strings.Repeat("Ab1!", 256), true},
		{strings.Repeat("Ab1!", 256) + "x", false}, // 1025 bytes
	}
	for _, tt := range tests {
		err := CheckPasswordRules(tt.pw)
		if (err == nil) != tt.valid {
			t.Errorf("CheckPasswordRules(%.20q) = %v, want valid %v", tt.pw, err, tt.valid)
		}
		if err != nil && (provider.ErrorCode(err) != provider.EINVALID || provider.ErrorMessage(err) != "Password is not valid") {
			t.Errorf("error %v", err)
		}
	}
}

// TestCheckPasswordRulesSharedCases runs the portal's shared rule table (the same cases the
// server's and the island's checkers run), so the store never refuses what the form allowed.
func TestCheckPasswordRulesSharedCases(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile("../testdata/password-rules.json")
	if errors.Is(err, os.ErrNotExist) {
		t.Skip("testdata/password-rules.json not present")
	}
	if err != nil {
		t.Fatal(err)
	}
	var table struct {
		Cases []struct {
			Name     string `json:"name"`
			Password string `json:"password"`
			Repeat   int    `json:"repeat"`
			Valid    bool   `json:"valid"`
		} `json:"cases"`
	}
	if err := json.Unmarshal(data, &table); err != nil {
		t.Fatal(err)
	}
	if len(table.Cases) == 0 {
		t.Fatal("no cases")
	}
	for _, c := range table.Cases {
		pw := c.Password
		if c.Repeat > 0 {
			pw = strings.Repeat(pw, c.Repeat)
		}
		if got := CheckPasswordRules(pw) == nil; got != c.Valid {
			t.Errorf("%s: valid = %v, want %v", c.Name, got, c.Valid)
		}
	}
}
