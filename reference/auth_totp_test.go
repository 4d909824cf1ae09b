package reference

import (
	"context"
	"net/url"
	"portal/reference/demo"
	"strings"
	"testing"
	"time"

	"portal/mfa"
	"portal/provider"
)

func mustCode(t *testing.T, secret string, at time.Time) string {
	t.Helper()
	c, err := mfa.Code(secret, at)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestTOTPEnrollment(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, clock := authStore(t)
	uid := demo.UserMFANewID

	wantErr(t, s.ConfirmTOTP(ctx, uid, "123456"), provider.EINVALID, "TOTP validation failed. Please try again.")

	_, err := s.PendingTOTP(ctx, uid)
	wantErr(t, err, provider.ENOTFOUND, msgTOTPNotStarted)
	enrol, err := s.StartTOTP(ctx, uid)
	if err != nil {
		t.Fatal(err)
	}
	if pending, err := s.PendingTOTP(ctx, uid); err != nil || pending != enrol {
		t.Errorf("PendingTOTP = %+v, %v; want the started %+v", pending, err, enrol)
	}
	if len(enrol.Secret) != 32 || strings.Contains(enrol.Secret, "=") {
		t.Errorf("secret %q is not 20 bytes of unpadded base32", enrol.Secret)
	}
	if want := mfa.URI(DefaultTOTPIssuer, "mfa-new@demo.example", enrol.Secret); enrol.URI != want {
		t.Errorf("URI = %s, want %s", enrol.URI, want)
	}
	if u, err := url.Parse(enrol.URI); err != nil || u.Query().Get("secret") != enrol.Secret {
		t.Errorf("URI %q does not carry the secret (%v)", enrol.URI, err)
	}
	again, err := s.StartTOTP(ctx, uid)
	if err != nil || again != enrol {
		t.Errorf("second StartTOTP = %+v, %v; want the pending %+v", again, err, enrol)
	}

	now := clock.Now()
	wrong := mustCode(t, enrol.Secret, now.Add(-5*time.Minute))
	wantErr(t, s.ConfirmTOTP(ctx, uid, wrong), provider.EINVALID, "TOTP validation failed. Please try again.")
	wantErr(t, s.VerifyTOTP(ctx, uid, mustCode(t, enrol.Secret, now)), provider.EINVALID, "") // pending is not active
	u, _ := s.UserByID(ctx, uid)
	if u.HasVerifySetup {
		t.Fatal("has_verify_setup before confirmation")
	}

	code := mustCode(t, enrol.Secret, now)
	wantErr(t, s.ConfirmTOTP(ctx, uid, code[:3]+" "+code[3:]), "", "")
	u, _ = s.UserByID(ctx, uid)
	if !u.HasVerifySetup || u.MFAConfigured || u.MFAEnabled || u.HasPhone {
		t.Errorf("after TOTP only: %+v; want has_verify_setup and MFA still off (phone missing)", u)
	}

	_, err = s.StartTOTP(ctx, uid)
	wantErr(t, err, provider.ECONFLICT, "This user already has an MFA registered")
	_, err = s.PendingTOTP(ctx, uid)
	wantErr(t, err, provider.ECONFLICT, "This user already has an MFA registered")
	wantErr(t, s.ConfirmTOTP(ctx, uid, code), provider.ECONFLICT, "This user already has an MFA registered")
	// The confirming code's step counts as used: it cannot also finish a login.
	wantErr(t, s.VerifyTOTP(ctx, uid, code), provider.EINVALID, msgTOTPReplayed)
	clock.Advance(30 * time.Second)
	wantErr(t, s.VerifyTOTP(ctx, uid, mustCode(t, enrol.Secret, clock.Now())), "", "")
}

func TestVerifyTOTP(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, clock := authStore(t)
	if _, err := s.write.ExecContext(ctx, `UPDATE users SET disabled = 1 WHERE id = ?`, demo.UserMFAAuthyID); err != nil {
		t.Fatal(err)
	}

	type attempt struct {
		offset time.Duration // code computed at now+offset
		raw    string        // or this literal code
		want   string        // error code, "" for success
		msg    string
	}
	tests := []struct {
		name     string
		user     string
		attempts []attempt
	}{
		{"current step", demo.UserMFATOTPID, []attempt{{want: ""}}},
		{"previous step (skew)", demo.UserMFATOTPID, []attempt{{offset: -30 * time.Second}}},
		{"next step (skew)", demo.UserMFATOTPID, []attempt{{offset: 30 * time.Second}}},
		{"two steps back", demo.UserMFATOTPID, []attempt{{offset: -60 * time.Second, want: provider.EINVALID, msg: msgTOTPFailed}}},
		{"two steps ahead", demo.UserMFATOTPID, []attempt{{offset: 60 * time.Second, want: provider.EINVALID, msg: msgTOTPFailed}}},
		{"replay of the same code", demo.UserMFATOTPID, []attempt{{}, {want: provider.EINVALID, msg: msgTOTPReplayed}}},
		{"older step after a newer one", demo.UserMFATOTPID, []attempt{
			{offset: 30 * time.Second}, {want: provider.EINVALID, msg: msgTOTPReplayed}, {offset: -30 * time.Second, want: provider.EINVALID}}},
		{"wrong then right", demo.UserMFATOTPID, []attempt{{raw: "000000", want: provider.EINVALID}, {}}},
		{"letters", demo.UserMFATOTPID, []attempt{{raw: "abcdef", want: provider.EINVALID}}},
		{"empty", demo.UserMFATOTPID, []attempt{{raw: " ", want: provider.EINVALID}}},
		{"seven digits", demo.UserMFATOTPID, []attempt{{raw: "1234567", want: provider.EINVALID}}},
		{"user without authenticator", demo.UserMFASMSID, []attempt{{want: provider.EINVALID, msg: msgTOTPFailed}}},
		{"unknown user", "no-such-user", []attempt{{want: provider.ENOTFOUND}}},
		{"disabled user", demo.UserMFAAuthyID, []attempt{{want: provider.EUNAUTHORIZED}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			// Each case starts well past every step the previous cases used.
			clock.Advance(5 * time.Minute)
			for i, a := range tt.attempts {
				code := a.raw
				if code == "" {
					code = mustCode(t, demo.TOTPSecret, clock.Now().Add(a.offset))
				}
				err := s.VerifyTOTP(ctx, tt.user, code)
				if provider.ErrorCode(err) != a.want || (a.msg != "" && provider.ErrorMessage(err) != a.msg) {
					t.Fatalf("attempt %d: VerifyTOTP = %v; want code %q message %q", i, err, a.want, a.msg)
				}
			}
		})
	}
}

func TestVerifyTOTPConcurrentOnce(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, clock := authStore(t)
	code := mustCode(t, demo.TOTPSecret, clock.Now())
	exactlyOnePasses(t, 10, func() error { return s.VerifyTOTP(ctx, demo.UserMFATOTPID, code) })
}

func TestRegisterPhoneValidation(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s, _ := authStore(t)
	tests := []struct {
		name, country, number string
		want, msg             string
		to                    string
	}{
		{"danish number with spaces", "dk", "20 12 34 56", "", "", "+45 20123456"},
		{"upper-case country, dashes", "SE", "070-123-45-67", "", "", "+46 0701234567"},
		{"finland three-digit code", "fi", "401234567", "", "", "+358 401234567"},
		{"us", "us", "(212) 555-0100", "", "", "+1 2125550100"},
		{"six digits is the minimum", "no", "123456", "", "", "+47 123456"},
		{"fourteen digits is the maximum", "de", "12345678901234", "", "", "+49 12345678901234"},
		{"five digits", "dk", "12345", provider.EINVALID, "Enter a valid phone number", ""},
		{"fifteen digits", "dk", "123456789012345", provider.EINVALID, "Enter a valid phone number", ""},
		{"letters", "dk", "2012abcd", provider.EINVALID, "Enter a valid phone number", ""},
		{"leading plus", "dk", "+4520123456", provider.EINVALID, "Enter a valid phone number", ""},
		{"empty number", "dk", "", provider.EINVALID, "Enter a valid phone number", ""},
		{"unknown country", "xx", "20123456", provider.EINVALID, msgCountryInvalid, ""},
		{"calling code instead of ISO", "45", "20123456", provider.EINVALID, msgCountryInvalid, ""},
		{"empty country", "", "20123456", provider.EINVALID, msgCountryInvalid, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := outboxCount(t, s)
			// Pending registrations replace each other, so one user serves every case.
			err := s.RegisterPhone(ctx, demo.UserMFANewID, tt.country, tt.number)
			wantErr(t, err, tt.want, tt.msg)
			if tt.want != "" {
				if outboxCount(t, s) != before {
					t.Error("a refused number was sent an SMS")
				}
				return
			}
			code := lastSMSCode(t, s, tt.to)
			if len(code) != provider.SMSCodeLength {
				t.Errorf("code %q", code)
			}
		})
	}
	// The phone stays unconfirmed until a code confirms it.
	if u, _ := s.UserByID(ctx, demo.UserMFANewID); u.HasPhone {
		t.Error("has_phone set without confirmation")
	}
	_, err := s.StartTOTP(ctx, "no-such-user")
	wantErr(t, err, provider.ENOTFOUND, "")
	wantErr(t, s.RegisterPhone(ctx, "no-such-user", "dk", "20123456"), provider.ENOTFOUND, "")
}

func TestConfirmPhone(t *testing.T) {
	t.Parallel()
	const to = "+45 20123456"
	tests := []struct {
		name string
		run  func(t *testing.T, s *Store, clock *testClock, code string)
	}{
		{"right code", func(t *testing.T, s *Store, _ *testClock, code string) {
			wantErr(t, s.ConfirmPhone(context.Background(), demo.UserMFANewID, code), "", "")
		}},
		{"wrong code, then right", func(t *testing.T, s *Store, _ *testClock, code string) {
			wantErr(t, s.ConfirmPhone(context.Background(), demo.UserMFANewID, otherCode(code)), provider.EINVALID, msgCodeInvalid)
			wantErr(t, s.ConfirmPhone(context.Background(), demo.UserMFANewID, code), "", "")
		}},
		{"just before expiry", func(t *testing.T, s *Store, clock *testClock, code string) {
			clock.Advance(provider.SMSCodeTTL - time.Second)
			wantErr(t, s.ConfirmPhone(context.Background(), demo.UserMFANewID, code), "", "")
		}},
		{"expired at 10 minutes", func(t *testing.T, s *Store, clock *testClock, code string) {
			clock.Advance(provider.SMSCodeTTL)
			wantErr(t, s.ConfirmPhone(context.Background(), demo.UserMFANewID, code), provider.EINVALID, msgCodeInvalid)
		}},
		{"burned after MaxCodeAttempts wrong codes", func(t *testing.T, s *Store, _ *testClock, code string) {
			for range MaxCodeAttempts {
				wantErr(t, s.ConfirmPhone(context.Background(), demo.UserMFANewID, otherCode(code)), provider.EINVALID, "")
			}
			wantErr(t, s.ConfirmPhone(context.Background(), demo.UserMFANewID, code), provider.EINVALID, msgCodeInvalid)
		}},
		{"a new registration replaces the code", func(t *testing.T, s *Store, _ *testClock, code string) {
			wantErr(t, s.RegisterPhone(context.Background(), demo.UserMFANewID, "dk", "20123456"), "", "")
			second := lastSMSCode(t, s, to)
			if second != code {
				wantErr(t, s.ConfirmPhone(context.Background(), demo.UserMFANewID, code), provider.EINVALID, "")
			}
			wantErr(t, s.ConfirmPhone(context.Background(), demo.UserMFANewID, second), "", "")
		}},
		{"another user's code", func(t *testing.T, s *Store, _ *testClock, code string) {
			wantErr(t, s.RegisterPhone(context.Background(), demo.UserObserverID, "dk", "20123456"), "", "")
			theirs := lastSMSCode(t, s, to)
			if theirs != code {
				wantErr(t, s.ConfirmPhone(context.Background(), demo.UserMFANewID, theirs), provider.EINVALID, "")
			}
			wantErr(t, s.ConfirmPhone(context.Background(), demo.UserMFANewID, code), "", "")
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			ctx := context.Background()
			s, clock := authStore(t)
			wantErr(t, s.ConfirmPhone(ctx, demo.UserMFANewID, "1234567"), provider.EINVALID, msgCodeInvalid) // nothing registered
			wantErr(t, s.RegisterPhone(ctx, demo.UserMFANewID, "dk", "20 12 34 56"), "", "")
			code := lastSMSCode(t, s, to)
			if strings.Contains(dumpTable(t, s, "phones"), code) {
				t.Error("the confirmation code is stored in clear")
			}
			tt.run(t, s, clock, code)

			u, _ := s.UserByID(ctx, demo.UserMFANewID)
			var confirmed bool
			if err := s.read.QueryRowContext(ctx, `SELECT confirmed FROM phones WHERE user_id = ?`, demo.UserMFANewID).Scan(&confirmed); err != nil {
				t.Fatal(err)
			}
			if u.HasPhone != confirmed {
				t.Errorf("has_phone %v but phone confirmed %v", u.HasPhone, confirmed)
			}
			if !confirmed {
				return
			}
			if u.MFAEnabled || u.MFAConfigured {
				t.Errorf("phone only turned MFA on: %+v", u)
			}
			wantErr(t, s.RegisterPhone(ctx, demo.UserMFANewID, "dk", "20123456"), provider.ECONFLICT, "This user already has an MFA registered")
			wantErr(t, s.ConfirmPhone(ctx, demo.UserMFANewID, code), provider.ECONFLICT, "")
		})
	}
}

// otherCode is a 7-digit code different from code.
func otherCode(code string) string {
	b := []byte(code)
	b[0] = '0' + (b[0]-'0'+1)%10
	return string(b)
}

func TestBothFactorsEnableMFA(t *testing.T) {
	t.Parallel()
	for _, order := range [][]string{{"totp", "phone"}, {"phone", "totp"}} {
		t.Run(strings.Join(order, "+"), func(t *testing.T) {
			t.Parallel()
			ctx := context.Background()
			s, clock := authStore(t)
			uid := demo.UserMFANewID
			for i, factor := range order {
				switch factor {
				case "totp":
					enrol, err := s.StartTOTP(ctx, uid)
					wantErr(t, err, "", "")
					wantErr(t, s.ConfirmTOTP(ctx, uid, mustCode(t, enrol.Secret, clock.Now())), "", "")
				case "phone":
					wantErr(t, s.RegisterPhone(ctx, uid, "dk", "20123456"), "", "")
					wantErr(t, s.ConfirmPhone(ctx, uid, lastSMSCode(t, s, "+45 20123456")), "", "")
				}
				u, err := s.UserByID(ctx, uid)
				if err != nil {
					t.Fatal(err)
				}
				last := i == len(order)-1
				if u.MFAEnabled != last || u.MFAConfigured != last || u.SkipMFA {
					t.Errorf("after %s: mfa_enabled %v, mfa_configured %v; want %v", factor, u.MFAEnabled, u.MFAConfigured, last)
				}
				if last && (!u.HasPhone || !u.HasVerifySetup) {
					t.Errorf("after both: %+v", u)
				}
			}
		})
	}
}
