package auth

import (
	"fmt"
	"strings"

	"github.com/gofiber/fiber/v3"

	"portal/mfa"
	"portal/provider"
	"portal/server"
	"portal/session"
)

// MfaSetupProps are the props of templates/pages/auth/MfaSetup.tsx.
type MfaSetupProps struct {
	Sandbox bool   `json:"sandbox"`
	CSRF    string `json:"csrf"`
	// Base is the page's path (/mfa-setup or /new-mfa-setup); the forms post
	// to Base+"/totp", Base+"/phone", Base+"/phone/confirm".
	Base string `json:"base"`
	// Dashboard: a fully authenticated user adding methods (from the banner).
	Dashboard bool                `json:"dashboard"`
	TOTP      MfaTOTPProps        `json:"totp"`
	Phone     MfaPhoneProps       `json:"phone"`
	Errors    map[string]string   `json:"errors"`
	Alert     string              `json:"alert,omitempty"`
	Note      string              `json:"note,omitempty"`
	Flashes   []server.ShellFlash `json:"flashes"`
	Outbox    string              `json:"outbox,omitempty"`
}

// MfaTOTPProps is the authenticator section.
type MfaTOTPProps struct {
	Active bool `json:"active"`
	// QR is an inline SVG made here from the otpauth URI (trusted markup,
	// no external service); empty if it could not be made.
	QR string `json:"qr,omitempty"`
	// Secret is the base32 secret in groups of four, for typing by hand.
	Secret string `json:"secret,omitempty"`
	// Error is why no secret could be started.
	Error string `json:"error,omitempty"`
	// Start: no secret was started yet; the page offers a button (a POST)
	// to start one, since showing the page changes nothing.
	Start bool `json:"start,omitempty"`
}

// MfaPhoneProps is the phone section.
type MfaPhoneProps struct {
	Active bool `json:"active"`
	// Pending: a number was registered and its code sent; "Enable MFA"
	// (confirm the code) is enabled only then.
	Pending     bool            `json:"pending"`
	CountryCode string          `json:"countryCode"`
	Number      string          `json:"number"`
	Display     string          `json:"display,omitempty"` // "+45 12345678"
	Countries   []CountryOption `json:"countries"`
}

// CountryOption is one choice of the country code select.
type CountryOption struct {
	Code string `json:"code"` // ISO 3166-1 alpha-2, lower case (spec: default dk)
	Name string `json:"name"`
	Dial string `json:"dial"` // "+45"
}

// phoneCountries is the country code select: the countries the provider
// accepts (package mfa), by name.
var phoneCountries = func() []CountryOption {
	var out []CountryOption
	for _, c := range mfa.Countries() {
		out = append(out, CountryOption{Code: c.ISO, Name: c.Name, Dial: "+" + c.CallingCode})
	}
	return out
}()

func countryByCode(code string) (CountryOption, bool) {
	for _, c := range phoneCountries {
		if c.Code == code {
			return c, true
		}
	}
	return CountryOption{}, false
}

// qrSVG renders the otpauth URI as an inline SVG (trusted, server-made).
var qrSVG = mfa.QRSVG

// Field texts of the phone form (ours: the spec names the rule only).
const (
	msgCountryRequired = "Select a country code"
	msgNumberRequired  = "Enter your phone number"
	msgRequestSMSFirst = "Request an SMS first: choose the country code and enter your number."
)

var msgNumberInvalid = fmt.Sprintf("Enter a phone number of %d to %d digits, for example 20 12 34 56",
	mfa.MinPhoneDigits, mfa.MaxPhoneDigits)

// What the provider's user record says is set up. has_verify_setup is the
// authenticator (the spec's "TOTP" in the login check), has_phone a
// confirmed phone.
func totpActive(u *provider.User) bool  { return u.HasVerifySetup }
func phoneActive(u *provider.User) bool { return u.HasPhone }

// hasSecondFactor is the login's MFA configuration check (spec 000 §4):
// MFA enabled, configured, or TOTP goes to /mfa-verify, anything else to
// setup. A phone alone (a setup left half way) goes to setup, whose guard
// still asks for that phone's code before anything can be added
// (setupOpen).
func hasSecondFactor(u *provider.User) bool {
	return u.MFAEnabled || u.MFAConfigured || u.HasVerifySetup
}

func setupBase(c fiber.Ctx) string {
	if strings.HasPrefix(c.Path(), "/new-mfa-setup") {
		return "/new-mfa-setup"
	}
	return "/mfa-setup"
}

// Factors as valConfirmed names them.
const (
	factorTOTP  = "totp"
	factorPhone = "phone"
)

// confirmedHere reports whether this session confirmed the factor.
func confirmedHere(sess *session.Session, factor string) bool {
	for f := range strings.SplitSeq(sess.Values[valConfirmed], ",") {
		if f == factor {
			return true
		}
	}
	return false
}

// markConfirmed records that this session confirmed the factor (a POST that
// checked its code); the caller saves the session.
func markConfirmed(sess *session.Session, factor string) {
	if confirmedHere(sess, factor) {
		return
	}
	v := sess.Values[valConfirmed]
	if v != "" {
		v += ","
	}
	setValue(sess, valConfirmed, v+factor)
}

// setupOpen keeps setup from being a side door around /mfa-verify. At
// dashboard scope the user is fully authenticated (re-authentication is
// asked separately). At login scope only the password was checked, so setup
// is open only while every factor the user has was confirmed by this very
// login: a user with no factor yet may start, and one part-way through setup
// (authenticator done, phone pending) may finish, but a factor from earlier
// must be used to verify. Decided from the stored factors on every request,
// never from a mark left by showing a page.
func setupOpen(u *provider.User, sess *session.Session) bool {
	if sess.Scope != session.ScopeLogin {
		return true
	}
	if totpActive(u) && !confirmedHere(sess, factorTOTP) || phoneActive(u) && !confirmedHere(sess, factorPhone) {
		return false
	}
	// The flags without both factors confirmed here: a factor the record
	// shows only by its flags (a push device), or a setup finished elsewhere.
	if (u.MFAEnabled || u.MFAConfigured) && !(confirmedHere(sess, factorTOTP) && confirmedHere(sess, factorPhone)) {
		return false
	}
	return true
}

// setupOnly wraps the setup screens and actions: at login scope they are
// open only while setupOpen (else: verify).
func (s area) setupOnly(h fiber.Handler) fiber.Handler {
	return func(c fiber.Ctx) error {
		if !setupOpen(server.Req(c).User, server.Req(c).Session) {
			return server.Redirect(c, "/mfa-verify")
		}
		return h(c)
	}
}

type setupForm struct {
	Errors  map[string]string
	Alert   string
	Note    string
	Country string
	Number  string
}

func (s area) mfaSetupGet(c fiber.Ctx) error {
	return s.setupPage(c, setupForm{}, fiber.StatusOK)
}

func (s area) setupPage(c fiber.Ctx, f setupForm, status int) error {
	rq := server.Req(c)
	u := rq.User
	sess := rq.Session
	p := MfaSetupProps{Sandbox: s.Config.Sandbox(), CSRF: server.Req(c).CSRF(), Base: setupBase(c),
		Dashboard: sess.Scope == session.ScopeDashboard, Errors: f.Errors, Alert: f.Alert, Note: f.Note,
		Outbox: s.outboxLink(c)}
	if p.Errors == nil {
		p.Errors = map[string]string{}
	}
	p.TOTP.Active = totpActive(u)
	if !p.TOTP.Active {
		enr, err := s.Auth.PendingTOTP(c.Context(), u.ID)
		switch {
		case provider.ErrorCode(err) == provider.ECONFLICT:
			p.TOTP.Active = true
		case provider.ErrorCode(err) == provider.ENOTFOUND:
			p.TOTP.Start = true
		case err != nil:
			p.TOTP.Error = s.registrationError(c, err)
		default:
			p.TOTP.Secret = groupSecret(enr.Secret)
			svg, err := qrSVG(enr.URI)
			if err != nil {
				// The secret is on the page as text: setup still works.
				s.Logger.Error("qr code failed", "request_id", rq.ID, "err", err)
			}
			p.TOTP.QR = svg
		}
	}
	p.Phone = MfaPhoneProps{Active: phoneActive(u), CountryCode: mfa.DefaultCountry, Countries: phoneCountries}
	if cc, num, ok := strings.Cut(sess.Values[valPhone], "|"); ok {
		p.Phone.Pending, p.Phone.CountryCode, p.Phone.Number = true, cc, num
		if co, ok := countryByCode(cc); ok {
			p.Phone.Display = co.Dial + " " + num
		}
	}
	if f.Country != "" {
		p.Phone.CountryCode = f.Country
	}
	if f.Number != "" {
		p.Phone.Number = f.Number
	}
	fl, err := s.PopFlashes(c)
	if err != nil {
		return err
	}
	p.Flashes = fl
	title := "Set up two-factor authentication"
	if len(p.Errors) > 0 || p.Alert != "" {
		title = "Error: " + title
	}
	return s.Render(c, server.View{Status: status, Title: title, Page: pageMfaSetup.With(p)})
}

// groupSecret shows a base32 secret in groups of four ("JBSW Y3DP ...").
func groupSecret(secret string) string {
	var b strings.Builder
	for i, r := range secret {
		if i > 0 && i%4 == 0 {
			b.WriteByte(' ')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// startAuthenticator creates the user's pending authenticator secret when
// a login goes on to setup, so that the setup page (which creates nothing
// when shown) has a QR code to show at once. Should it fail, the page
// offers to start one (mfaSetupStartTOTP).
func (s area) startAuthenticator(c fiber.Ctx, userID string) {
	if s.Auth == nil {
		return
	}
	if _, err := s.Auth.StartTOTP(c.Context(), userID); err != nil && provider.ErrorCode(err) != provider.ECONFLICT {
		s.Logger.Warn("totp start at login failed", "request_id", server.Req(c).ID, "user_id", userID, "err", err)
	}
}

// mfaSetupStartTOTP is "Set up the authenticator app": it creates the
// pending secret, which the page then shows.
func (s area) mfaSetupStartTOTP(c fiber.Ctx) error {
	_, err := s.Auth.StartTOTP(c.Context(), server.Req(c).Session.UserID)
	if err != nil && provider.ErrorCode(err) != provider.ECONFLICT {
		return s.setupPage(c, setupForm{Alert: s.registrationError(c, err)}, fiber.StatusUnprocessableEntity)
	}
	return server.Redirect(c, setupBase(c)+"#totp-title")
}

// mfaSetupTOTP confirms the authenticator with a code from it.
func (s area) mfaSetupTOTP(c fiber.Ctx) error {
	raw := c.FormValue("totp_code")
	code, valid := totpCode(raw)
	switch {
	case strings.TrimSpace(raw) == "":
		return s.setupPage(c, setupForm{Errors: map[string]string{"totp_code": msgCodeRequired}}, fiber.StatusUnprocessableEntity)
	case !valid:
		return s.setupPage(c, setupForm{Errors: map[string]string{"totp_code": msgTOTPFormat}}, fiber.StatusUnprocessableEntity)
	}
	sess := server.Req(c).Session
	ok, err := s.setupCheck(c, "totp_code", func(error) string { return msgTOTPFailed }, func() error {
		return s.Auth.ConfirmTOTP(c.Context(), sess.UserID, code)
	})
	if !ok {
		return err
	}
	markConfirmed(sess, factorTOTP)
	return s.afterFactor(c, "The authenticator app is set up.")
}

// mfaSetupPhone registers the number and sends its confirmation code
// ("Request SMS").
func (s area) mfaSetupPhone(c fiber.Ctx) error {
	sess := server.Req(c).Session
	country := strings.ToLower(strings.TrimSpace(c.FormValue("country_code")))
	typed := strings.TrimSpace(c.FormValue("cellphone"))
	f := setupForm{Country: country, Number: typed, Errors: map[string]string{}}
	if _, known := countryByCode(country); !known {
		f.Errors["country_code"] = msgCountryRequired
		f.Country = ""
	}
	number, valid := mfa.NormalizeNumber(typed)
	switch {
	case typed == "":
		f.Errors["cellphone"] = msgNumberRequired
	case !valid:
		f.Errors["cellphone"] = msgNumberInvalid
	}
	if len(f.Errors) > 0 {
		return s.setupPage(c, f, fiber.StatusUnprocessableEntity)
	}
	msg, err := s.CountLimits(c, tooManySends, smsLimit(sess.UserID))
	if err != nil {
		return err
	}
	if msg != "" {
		f.Alert = msg
		return s.setupPage(c, f, fiber.StatusTooManyRequests)
	}
	err = s.Auth.RegisterPhone(c.Context(), sess.UserID, country, number)
	if err != nil {
		if provider.ErrorCode(err) == provider.EINVALID {
			f.Errors["cellphone"] = s.registrationError(c, err)
		} else {
			f.Alert = s.registrationError(c, err)
		}
		return s.setupPage(c, f, fiber.StatusUnprocessableEntity)
	}
	setValue(sess, valPhone, country+"|"+number)
	session.AddFlash(sess, session.FlashSuccess, msgSMSSent)
	if err := s.Sessions.Save(c.Context(), sess); err != nil {
		return err
	}
	return server.Redirect(c, setupBase(c)+"#phone-title")
}

// mfaSetupConfirmPhone is "Enable MFA": confirm the phone with the code
// sent to it.
func (s area) mfaSetupConfirmPhone(c fiber.Ctx) error {
	sess := server.Req(c).Session
	if sess.Values[valPhone] == "" {
		// The button is disabled until then; this is its server side.
		return s.setupPage(c, setupForm{Alert: msgRequestSMSFirst}, fiber.StatusUnprocessableEntity)
	}
	token := smsCode(c.FormValue("token"))
	switch {
	case token == "":
		return s.setupPage(c, setupForm{Errors: map[string]string{"token": msgCodeRequired}}, fiber.StatusUnprocessableEntity)
	case len(token) < provider.SMSCodeLength:
		return s.setupPage(c, setupForm{Errors: map[string]string{"token": msgSMSCodeShort()}}, fiber.StatusUnprocessableEntity)
	}
	// Spec 000 §8: phone verification shows the server text under the field.
	wrong := func(err error) string { return s.registrationError(c, err) }
	ok, err := s.setupCheck(c, "token", wrong, func() error {
		return s.Auth.ConfirmPhone(c.Context(), sess.UserID, token)
	})
	if !ok {
		return err
	}
	delete(sess.Values, valPhone)
	markConfirmed(sess, factorPhone)
	return s.afterFactor(c, "Your phone number is confirmed.")
}

// setupCheck has the provider check a confirmation code (check), counted
// against the account's wrong codes. ok true: the code was right and
// nothing is written yet. Otherwise the page is: the lock, unchecked, once
// the account is locked; for a refused code (counted) the lock once it is
// reached, else wrong's text under field; the registration error for
// anything else.
func (s area) setupCheck(c fiber.Ctx, field string, wrong func(error) string, check func() error) (ok bool, err error) {
	a, locked, err := s.mfaAttempt(c, server.Req(c).Session.UserID)
	if err != nil {
		return false, err
	}
	if locked != "" {
		return false, s.setupPage(c, setupForm{Alert: locked}, fiber.StatusTooManyRequests)
	}
	cerr := check()
	switch provider.ErrorCode(cerr) {
	case "":
		a.succeeded(c.Context())
		return true, nil
	case provider.EINVALID:
		locked, note, err := a.failed(c)
		if err != nil {
			return false, err
		}
		if locked != "" {
			return false, s.setupPage(c, setupForm{Alert: locked}, fiber.StatusTooManyRequests)
		}
		return false, s.setupPage(c, setupForm{Note: note, Errors: map[string]string{field: wrong(cerr)}}, fiber.StatusUnprocessableEntity)
	}
	return false, s.setupPage(c, setupForm{Alert: s.registrationError(c, cerr)}, fiber.StatusUnprocessableEntity)
}

// afterFactor follows a confirmed method: the user's other sessions end (an
// MFA change); with both the authenticator and the phone set up the user
// moves on (spec 000 §2), otherwise the page reloads.
func (s area) afterFactor(c fiber.Ctx, done string) error {
	ctx := c.Context()
	sess := server.Req(c).Session
	u, err := s.Provider.UserByID(ctx, sess.UserID)
	if err != nil {
		return err
	}
	if _, err := s.Sessions.DestroyUser(ctx, u.ID, sess); err != nil {
		return err
	}
	if !totpActive(&u) || !phoneActive(&u) {
		session.AddFlash(sess, session.FlashSuccess, done)
		if err := s.Sessions.Save(ctx, sess); err != nil {
			return err
		}
		return server.Redirect(c, setupBase(c))
	}
	session.AddFlash(sess, session.FlashSuccess, "Two-factor authentication is set up.")
	if sess.Scope == session.ScopeLogin {
		return s.completeMFA(c, "setup")
	}
	if err := s.Sessions.Save(ctx, sess); err != nil {
		return err
	}
	return server.Redirect(c, "/")
}
