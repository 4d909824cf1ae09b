package reference

import (
	"context"
	"portal/reference/demo"
	"testing"
	"time"

	"portal/provider"
)

func TestPushApprovals(t *testing.T) {
	t.Parallel()
	uid := demo.UserMFAAuthyID
	create := func(t *testing.T, s *Store, login string) provider.Approval {
		t.Helper()
		a, err := s.CreateApproval(context.Background(), uid, login)
		wantErr(t, err, "", "")
		return a
	}
	status := func(t *testing.T, s *Store, login, id string) string {
		t.Helper()
		a, err := s.Approval(context.Background(), uid, login, id)
		wantErr(t, err, "", "")
		return a.Status
	}
	pendingIDs := func(t *testing.T, s *Store) []string {
		t.Helper()
		list, err := s.PendingApprovals(context.Background())
		wantErr(t, err, "", "")
		var ids []string
		for _, a := range list {
			if a.Email == "" || a.Status != provider.ApprovalPending || a.UserID == "" {
				t.Errorf("pending approval %+v", a)
			}
			ids = append(ids, a.ID)
		}
		return ids
	}
	runAuthCases(t, []authCase{
		{"approve", func(t *testing.T, s *Store, _ *testClock) {
			a := create(t, s, "login-a")
			if a.ID == "" || a.Status != provider.ApprovalPending || a.Email != "mfa-authy@demo.example" || !a.CreatedAt.Equal(authStart) {
				t.Errorf("created %+v", a)
			}
			if ids := pendingIDs(t, s); len(ids) != 1 || ids[0] != a.ID {
				t.Errorf("pending = %v, want [%s]", ids, a.ID)
			}
			wantErr(t, s.DecideApproval(context.Background(), a.ID, true), "", "")
			if st := status(t, s, "login-a", a.ID); st != provider.ApprovalApproved {
				t.Errorf("status %q", st)
			}
			if ids := pendingIDs(t, s); len(ids) != 0 {
				t.Errorf("decided request still pending: %v", ids)
			}
			wantErr(t, s.DecideApproval(context.Background(), a.ID, false), provider.ECONFLICT, "")
			if st := status(t, s, "login-a", a.ID); st != provider.ApprovalApproved {
				t.Errorf("status after a late deny %q", st)
			}
		}},
		{"deny", func(t *testing.T, s *Store, _ *testClock) {
			a := create(t, s, "login-a")
			wantErr(t, s.DecideApproval(context.Background(), a.ID, false), "", "")
			if st := status(t, s, "login-a", a.ID); st != provider.ApprovalDenied {
				t.Errorf("status %q", st)
			}
			wantErr(t, s.DecideApproval(context.Background(), a.ID, true), provider.ECONFLICT, "")
		}},
		{"expires after ApprovalTTL", func(t *testing.T, s *Store, clock *testClock) {
			a := create(t, s, "login-a")
			clock.Advance(provider.ApprovalTTL - time.Second)
			if st := status(t, s, "login-a", a.ID); st != provider.ApprovalPending {
				t.Errorf("status before expiry %q", st)
			}
			clock.Advance(time.Second)
			if st := status(t, s, "login-a", a.ID); st != provider.ApprovalExpired {
				t.Errorf("status at expiry %q, want expired", st)
			}
			if ids := pendingIDs(t, s); len(ids) != 0 {
				t.Errorf("expired request listed as pending: %v", ids)
			}
			wantErr(t, s.DecideApproval(context.Background(), a.ID, true), provider.ECONFLICT, "")
			if st := status(t, s, "login-a", a.ID); st != provider.ApprovalExpired {
				t.Errorf("an expired request was approved: %q", st)
			}
			// The login can ask again.
			if b := create(t, s, "login-a"); b.ID == a.ID || b.Status != provider.ApprovalPending {
				t.Errorf("new request after expiry = %+v", b)
			}
		}},
		{"bound to user and login", func(t *testing.T, s *Store, _ *testClock) {
			a := create(t, s, "login-a")
			ctx := context.Background()
			_, err := s.Approval(ctx, uid, "login-b", a.ID)
			wantErr(t, err, provider.ENOTFOUND, "")
			_, err = s.Approval(ctx, demo.UserMFATOTPID, "login-a", a.ID)
			wantErr(t, err, provider.ENOTFOUND, "")
			_, err = s.Approval(ctx, uid, "login-a", "no-such-id")
			wantErr(t, err, provider.ENOTFOUND, "")
			wantErr(t, s.DecideApproval(ctx, "no-such-id", true), provider.ENOTFOUND, "")
		}},
		{"same login reuses its pending request", func(t *testing.T, s *Store, _ *testClock) {
			a := create(t, s, "login-a")
			b := create(t, s, "login-a")
			if a.ID != b.ID {
				t.Errorf("second request for one login: %s then %s", a.ID, b.ID)
			}
			wantErr(t, s.DecideApproval(context.Background(), a.ID, false), "", "")
			if c := create(t, s, "login-a"); c.ID == a.ID {
				t.Error("a decided request was handed out again")
			}
		}},
		{"push bombing capped", func(t *testing.T, s *Store, clock *testClock) {
			for i := range MaxPendingApprovals {
				create(t, s, "login-"+string(rune('a'+i)))
			}
			_, err := s.CreateApproval(context.Background(), uid, "login-z")
			wantErr(t, err, provider.ECONFLICT, msgTooManyApprovals)
			clock.Advance(provider.ApprovalTTL)
			create(t, s, "login-z")
		}},
		{"no push device", func(t *testing.T, s *Store, _ *testClock) {
			_, err := s.CreateApproval(context.Background(), demo.UserMFATOTPID, "login-a")
			wantErr(t, err, provider.EINVALID, msgPushNotSetUp)
			_, err = s.CreateApproval(context.Background(), uid, "")
			wantErr(t, err, provider.EINVALID, "")
			_, err = s.CreateApproval(context.Background(), "no-such-user", "login-a")
			wantErr(t, err, provider.ENOTFOUND, "")
		}},
		{"finished requests are cleaned up after a day", func(t *testing.T, s *Store, clock *testClock) {
			a := create(t, s, "login-a")
			clock.Advance(provider.ApprovalTTL + approvalRetention + time.Second)
			create(t, s, "login-b")
			_, err := s.Approval(context.Background(), uid, "login-a", a.ID)
			wantErr(t, err, provider.ENOTFOUND, "")
		}},
		{"pending list newest first, across users", func(t *testing.T, s *Store, clock *testClock) {
			if _, err := s.write.ExecContext(context.Background(),
				`INSERT INTO push_devices (user_id, created_at) VALUES (?, ?)`, demo.UserMFATOTPID, formatTime(clock.Now())); err != nil {
				t.Fatal(err)
			}
			a := create(t, s, "login-a")
			clock.Advance(time.Second)
			b, err := s.CreateApproval(context.Background(), demo.UserMFATOTPID, "login-b")
			wantErr(t, err, "", "")
			if ids := pendingIDs(t, s); len(ids) != 2 || ids[0] != b.ID || ids[1] != a.ID {
				t.Errorf("pending = %v, want [%s %s]", ids, b.ID, a.ID)
			}
		}},
	})
}
