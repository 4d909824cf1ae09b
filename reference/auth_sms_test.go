package reference

import (
	"context"
	"portal/reference/demo"
	"strings"
	"testing"
	"time"

	"portal/provider"
)

const demoSMSTo = "+45 20123456"

func TestLoginSMS(t *testing.T) {
	t.Parallel()
	uid := demo.UserMFASMSID
	send := func(t *testing.T, s *Store, login string) string {
		t.Helper()
		wantErr(t, s.SendLoginSMS(context.Background(), uid, login), "", "")
		return lastSMSCode(t, s, demoSMSTo)
	}
	verify := func(s *Store, login, code string) error {
		return s.VerifyLoginSMS(context.Background(), uid, login, code)
	}
	runAuthCases(t, []authCase{
		{"right code once", func(t *testing.T, s *Store, _ *testClock) {
			code := send(t, s, "login-a")
			wantErr(t, verify(s, "login-a", code), "", "")
			wantErr(t, verify(s, "login-a", code), provider.EINVALID, "Invalid or expired code.")
		}},
		{"spaces typed in the code", func(t *testing.T, s *Store, _ *testClock) {
			code := send(t, s, "login-a")
			wantErr(t, verify(s, "login-a", " "+code[:3]+" "+code[3:]+" "), "", "")
		}},
		{"valid until just before 10 minutes", func(t *testing.T, s *Store, clock *testClock) {
			code := send(t, s, "login-a")
			clock.Advance(provider.SMSCodeTTL - time.Second)
			wantErr(t, verify(s, "login-a", code), "", "")
		}},
		{"expired at 10 minutes", func(t *testing.T, s *Store, clock *testClock) {
			code := send(t, s, "login-a")
			clock.Advance(provider.SMSCodeTTL)
			wantErr(t, verify(s, "login-a", code), provider.EINVALID, "Invalid or expired code.")
		}},
		{"another login's code refused", func(t *testing.T, s *Store, _ *testClock) {
			code := send(t, s, "login-a")
			wantErr(t, verify(s, "login-b", code), provider.EINVALID, "Invalid or expired code.")
			// Trying it elsewhere neither spends nor burns it for its own login.
			wantErr(t, verify(s, "login-a", code), "", "")
		}},
		{"another user's code refused", func(t *testing.T, s *Store, _ *testClock) {
			code := send(t, s, "login-a")
			err := s.VerifyLoginSMS(context.Background(), demo.UserMFATOTPID, "login-a", code)
			wantErr(t, err, provider.EINVALID, "")
		}},
		{"a new send replaces the login's code", func(t *testing.T, s *Store, _ *testClock) {
			first := send(t, s, "login-a")
			second := send(t, s, "login-a")
			if first != second {
				wantErr(t, verify(s, "login-a", first), provider.EINVALID, "")
			}
			wantErr(t, verify(s, "login-a", second), "", "")
		}},
		{"a send for another login leaves this one's code", func(t *testing.T, s *Store, _ *testClock) {
			a := send(t, s, "login-a")
			b := send(t, s, "login-b")
			wantErr(t, verify(s, "login-a", a), "", "")
			wantErr(t, verify(s, "login-b", b), "", "")
		}},
		{"a new send after expiry works", func(t *testing.T, s *Store, clock *testClock) {
			send(t, s, "login-a")
			clock.Advance(provider.SMSCodeTTL + time.Minute)
			code := send(t, s, "login-a")
			wantErr(t, verify(s, "login-a", code), "", "")
		}},
		{"burned after MaxCodeAttempts wrong codes", func(t *testing.T, s *Store, _ *testClock) {
			code := send(t, s, "login-a")
			for range MaxCodeAttempts {
				wantErr(t, verify(s, "login-a", otherCode(code)), provider.EINVALID, "")
			}
			wantErr(t, verify(s, "login-a", code), provider.EINVALID, "")
		}},
		{"short, long and empty codes", func(t *testing.T, s *Store, _ *testClock) {
			code := send(t, s, "login-a")
			for _, c := range []string{"", code[:6], code + "1", "abcdefg"} {
				wantErr(t, verify(s, "login-a", c), provider.EINVALID, "")
			}
		}},
		{"empty login id", func(t *testing.T, s *Store, _ *testClock) {
			wantErr(t, s.SendLoginSMS(context.Background(), uid, ""), provider.EINVALID, "")
			wantErr(t, verify(s, "", "1234567"), provider.EINVALID, "")
		}},
		{"user without a confirmed phone", func(t *testing.T, s *Store, _ *testClock) {
			before := outboxCount(t, s)
			wantErr(t, s.SendLoginSMS(context.Background(), demo.UserMFATOTPID, "login-a"), provider.EINVALID, "")
			wantErr(t, s.RegisterPhone(context.Background(), demo.UserMFANewID, "dk", "20123456"), "", "")
			wantErr(t, s.SendLoginSMS(context.Background(), demo.UserMFANewID, "login-a"), provider.EINVALID, "")
			if outboxCount(t, s) != before+1 { // the registration's code only
				t.Error("an SMS login code went to an unconfirmed phone")
			}
		}},
		{"hashed at rest", func(t *testing.T, s *Store, _ *testClock) {
			code := send(t, s, "login-a")
			if dump := dumpTable(t, s, "sms_login_codes"); strings.Contains(dump, code) || !strings.Contains(dump, "login-a") {
				t.Errorf("sms_login_codes holds the code in clear, or not the login:\n%s", dump)
			}
		}},
	})
}

func TestLoginSMSConcurrentSingleUse(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, _ := authStore(t)
	wantErr(t, s.SendLoginSMS(ctx, demo.UserMFASMSID, "login-a"), "", "")
	code := lastSMSCode(t, s, demoSMSTo)
	exactlyOnePasses(t, 10, func() error { return s.VerifyLoginSMS(ctx, demo.UserMFASMSID, "login-a", code) })
}

func TestSMSCodesAreRandomSevenDigits(t *testing.T) {
	t.Parallel()
	seen := map[string]bool{}
	for range 200 {
		c, err := newNumericCode(provider.SMSCodeLength)
		if err != nil {
			t.Fatal(err)
		}
		if len(c) != 7 || strings.Trim(c, "0123456789") != "" {
			t.Fatalf("code %q", c)
		}
		seen[c] = true
	}
	if len(seen) < 195 {
		t.Errorf("only %d distinct codes in 200", len(seen))
	}
}
