package auth

import (
	"strings"
	"time"

	"github.com/gofiber/fiber/v3"

	"portal/mfa"
	"portal/provider"
	"portal/server"
	"portal/server/api"
	"portal/session"
)

// The MFA calls of spec 000 §7 ("Authentication"): finishing a login
// (mfa_tokens, mfa/verify_*) and setting up second factors (mfa/register*,
// request_sms, confirm_phone_number, *_totp_factor).
//
// They apply the MFA screens' rules (mfa*.go) and share their counters, so
// a code typed on a page and one sent here count together: wrong codes on
// mfaAttemptsKey ("mfa:user:"+id; the 5th wrong code in 15 minutes locks
// both for 15 minutes), SMS sends on "mfa:sms:"+id, push requests on
// "mfa:push:"+id. SMS codes and push approvals are bound to the login by
// the session's handle (loginID), as on the screens.
//
// Completing MFA rotates the session (apiCompleteMFA): docs/security.md asks for
// a new id at MFA completion, and the session id is the refresh token, so
// the reply sets a new portal_refresh cookie and carries a new access token
// (and csrf_token) naming the new session. The login-scope token and the
// old refresh cookie stop working at once; nothing else holds the old id.

// Limits of the API's MFA calls that the screens do not have.
const (
	// Approval status polls per login: the spec polls every 2 s while a
	// request is pending (2 minutes each), a few requests per login.
	approvalPollLimit  = 300
	approvalPollWindow = 15 * time.Minute
	// Setup reads (request_totp_factor, configuration) per user.
	mfaReadLimit  = 60
	mfaReadWindow = 15 * time.Minute
)

// mfaReadLimitOf limits a user's setup reads.
func mfaReadLimitOf(userID string) server.RateLimit {
	return server.RateLimit{Key: "mfa:read:" + userID, Limit: mfaReadLimit, Window: mfaReadWindow}
}

// apiCodeReauth: a setup call at scope dashboard without a recent password
// check (apiSetup).
const apiCodeReauth = "reauthentication_required"

// Texts of the API's MFA calls that the screens word differently.
const (
	apiMsgReauth          = "Confirm your password first."
	apiMsgReauthMore      = "Adding or changing a second factor needs the password again: call reauthenticate."
	apiMsgSetupClosed     = "Verify this login with your second factor first."
	apiMsgSetupClosedMore = "This user has a second factor already: adding another one needs a verified login (scope dashboard)."
	apiMsgTOTPSetUp       = "The authenticator app is set up."
	apiMsgPhoneConfirmed  = "Your phone number is confirmed."
	apiMsgApprovalMissing = "approval_request_id is required"
	apiMsgTOTPNotStarted  = "No authenticator app is being set up: start one with POST request_totp_factor."
)

// apiMFAReply is the body of the MFA calls that may complete MFA: their own
// fields, and the new credential (tokenReply) when MFA completed.
type apiMFAReply struct {
	_          struct{} `description:"The reply of a call that may complete MFA. When it did, the session is fully authenticated under a new id and the credential's fields are set: access_token, token_type and expires_in for a bearer caller; only scope and csrf_token for a caller authenticated by the session cookie, which keeps using its (new) cookie."`
	Status     string   `json:"status,omitempty" description:"The push approval poll's status: pending: keep polling; approved: done; denied or expired: stop." enum:"@approval_states"`
	Message    string   `json:"message,omitempty" description:"Setup: what was set up." example:"The authenticator app is set up."`
	MFAEnabled *bool    `json:"mfa_enabled,omitempty" description:"Setup: both the authenticator and the phone are set up."`
	*tokenReply
}

// apiMFA wraps every MFA operation: without the provider's Auth it answers
// not found (as the screens do), and a login-scope session older than
// loginScopeTTL is ended: 401 EXPIRED_AUTHENTICATION, log in again.
func (s area) apiMFA(h func(c fiber.Ctx, a *api.Caller) error) api.HandlerFunc {
	return func(c fiber.Ctx, a *api.Caller) error {
		if s.Auth == nil {
			return api.Error(c, fiber.StatusNotFound, api.CodeNotFound, api.MsgNotFound)
		}
		if a.Session.Scope == session.ScopeLogin && s.Sessions.Now().Sub(a.Session.CreatedAt) > loginScopeTTL {
			if err := s.Sessions.Destroy(c.Context(), a.Session); err != nil {
				return err
			}
			if a.ViaCookie() {
				server.Req(c).Session = nil
				s.ClearSessionCookie(c)
			} else {
				s.clearRefreshCookie(c)
			}
			s.Logger.Info("api mfa login expired", "request_id", server.Req(c).ID, "user_id", a.User.ID)
			return api.Errors(c, fiber.StatusUnauthorized, *api.Expired())
		}
		return h(c, a)
	}
}

// apiSetup wraps the setup operations: at login scope (password only) they
// are open only while setupOpen, as on the screens; a user who has a factor
// from before must verify with it first, or setup would be a side door. At
// dashboard scope they need the password again (reauthenticate), as the
// screens need /reauth: a stolen access token alone must not add a factor.
func (s area) apiSetup(h func(c fiber.Ctx, a *api.Caller) error) api.HandlerFunc {
	return s.apiMFA(func(c fiber.Ctx, a *api.Caller) error {
		if !setupOpen(&a.User, a.Session) {
			return api.Errors(c, fiber.StatusForbidden, api.Problem{Status: fiber.StatusForbidden, Code: api.CodeMissingScope,
				Title: apiMsgSetupClosed, Detail: apiMsgSetupClosedMore})
		}
		if a.Session.Scope == session.ScopeDashboard && !s.recentlyAuthenticated(a.Session) {
			return api.Errors(c, fiber.StatusForbidden, api.Problem{Status: fiber.StatusForbidden, Code: apiCodeReauth,
				Title: apiMsgReauth, Detail: apiMsgReauthMore})
		}
		return h(c, a)
	})
}

// apiCheckCode checks one code, counted against the user's wrong codes
// (mfaAttempt, shared with the screens). ok true: the code was right and
// nothing is written yet. Otherwise the answer is written: 429 once
// locked, 422 with wrong's text on field for a wrong code, or the mapped
// provider error (texts) for anything else.
func (s area) apiCheckCode(c fiber.Ctx, a *api.Caller, field string, wrong func(error) string, texts api.Texts,
	check func() error) (ok bool, err error) {
	at, locked, err := s.mfaAttempt(c, a.User.ID)
	if err != nil {
		return false, s.APIUnavailable(c, err)
	}
	if locked != "" {
		return false, api.Error(c, fiber.StatusTooManyRequests, api.CodeTooMany, locked)
	}
	cerr := check()
	if cerr == nil {
		at.succeeded(c.Context())
		return true, nil
	}
	if provider.ErrorCode(cerr) != provider.EINVALID {
		return false, api.ProviderFail(c, cerr, texts)
	}
	locked, note, err := at.failed(c)
	if err != nil {
		return false, err
	}
	if locked != "" {
		return false, api.Error(c, fiber.StatusTooManyRequests, api.CodeTooMany, locked)
	}
	p := api.Field(field, wrong(cerr))
	p.Detail = note
	return false, api.Errors(c, fiber.StatusUnprocessableEntity, p)
}

// apiCompleteMFA turns the caller's login into a fully authenticated
// session, as completeMFA does for the screens: a new session id (the old
// one, its tokens and its refresh cookie stop working), scope dashboard,
// the login's MFA state dropped, the wrong-code count forgotten. A bearer
// caller gets a new refresh cookie and access token; a caller authenticated
// by the page session cookie gets a new cookie and, in the body, the new
// session's csrf_token.
func (s area) apiCompleteMFA(c fiber.Ctx, a *api.Caller, how string, reply apiMFAReply) error {
	ctx := c.Context()
	// One completion per login, even for two requests racing with the same
	// approved request: the second would otherwise mint a second session.
	res, err := s.Limiter.Hit(ctx, "mfa:done:"+a.Session.Handle(), 1, loginScopeTTL)
	if err != nil {
		return s.APIUnavailable(c, err)
	}
	if !res.Allowed {
		return api.Errors(c, fiber.StatusUnauthorized, *api.Expired())
	}
	sess := a.Session
	sess.Scope = session.ScopeDashboard
	for _, k := range mfaValues {
		delete(sess.Values, k)
	}
	n, err := s.Sessions.Rotate(ctx, sess)
	if err != nil {
		return err
	}
	if err := s.Limiter.Reset(ctx, mfaAttemptsKey(n.UserID)); err != nil {
		s.Logger.Warn("mfa limiter reset failed", "request_id", server.Req(c).ID, "err", err)
	}
	if a.ViaCookie() {
		s.SetSessionCookie(c, n.ID)
		server.Req(c).Session = n
		reply.tokenReply = &tokenReply{Scope: n.Scope, CSRFToken: server.MaskedCSRF(n)}
	} else {
		s.setRefreshCookie(c, n.ID)
		tr := s.tokenReply(a.User, n)
		reply.tokenReply = &tr
	}
	s.Logger.Info("api mfa completed", "request_id", server.Req(c).ID, "user_id", n.UserID, "method", how, "session", n.Handle())
	return api.Send(c, fiber.StatusOK, reply)
}

// Login verification.

// apiMFACreateApproval asks the user's device to approve this login.
func (s area) apiMFACreateApproval(c fiber.Ctx, a *api.Caller) error {
	if sent, err := s.APIGate(c, tooManySends, pushLimitOf(a.User.ID)); sent {
		return err
	}
	ap, err := s.Auth.CreateApproval(c.Context(), a.User.ID, a.Session.Handle())
	if err != nil {
		return api.ProviderFail(c, err, nil)
	}
	return api.Send(c, fiber.StatusCreated, apiApproval{ID: ap.ID, Status: ap.Status})
}

// apiApproval is the body of a new push request.
type apiApproval struct {
	_      struct{} `description:"A push approval request."`
	ID     string   `json:"approval_request_id" description:"Its id, for getMfaTokenStatus."`
	Status string   `json:"status" description:"Its status." enum:"@approval_states"`
}

// apiMFAApprovalStatus is the approval poll (spec 000 §4: every 2 s while
// pending). It only reads: an approved request is turned into the login by
// apiMFACompleteApproval, a POST.
func (s area) apiMFAApprovalStatus(c fiber.Ctx, a *api.Caller) error {
	id := strings.Clone(c.Query("approval_request_id"))
	if id == "" {
		return api.Errors(c, fiber.StatusUnprocessableEntity, api.Problem{Status: fiber.StatusUnprocessableEntity,
			Code: api.CodeInvalid, Title: apiMsgApprovalMissing, Source: &api.Source{Parameter: "approval_request_id"}})
	}
	ap, sent, err := s.apiLoginApproval(c, a, id)
	if sent {
		return err
	}
	return api.Send(c, fiber.StatusOK, apiMFAReply{Status: ap.Status})
}

// apiApprovalRequest is the body of completeMfaToken.
type apiApprovalRequest struct {
	_  struct{} `description:"A push approval request to finish the login with."`
	ID string   `json:"approval_request_id" required:"true" description:"approval_request_id from createMfaToken."`
}

// apiMFACompleteApproval finishes the login when its push request was
// approved, and otherwise only tells the status.
func (s area) apiMFACompleteApproval(c fiber.Ctx, a *api.Caller) error {
	var in apiApprovalRequest
	if prob := api.DecodeJSON(c, &in); prob != nil {
		return api.Errors(c, prob.Status, *prob)
	}
	if in.ID == "" {
		return api.Errors(c, fiber.StatusUnprocessableEntity, api.Field("approval_request_id", apiMsgApprovalMissing))
	}
	ap, sent, err := s.apiLoginApproval(c, a, in.ID)
	if sent {
		return err
	}
	if ap.Status == provider.ApprovalApproved {
		return s.apiCompleteMFA(c, a, methodAuthy, apiMFAReply{Status: ap.Status})
	}
	return api.Send(c, fiber.StatusOK, apiMFAReply{Status: ap.Status})
}

// apiLoginApproval reads this login's push request, counted against the
// login's poll limit; sent true means the refusal is written.
func (s area) apiLoginApproval(c fiber.Ctx, a *api.Caller, id string) (provider.Approval, bool, error) {
	if sent, err := s.APIGate(c, "requests",
		server.RateLimit{Key: "mfa:poll:" + a.Session.Handle(), Limit: approvalPollLimit, Window: approvalPollWindow}); sent {
		return provider.Approval{}, true, err
	}
	ap, err := s.Auth.Approval(c.Context(), a.User.ID, a.Session.Handle(), id)
	if err != nil {
		return provider.Approval{}, true, api.ProviderFail(c, err, nil)
	}
	return ap, false, nil
}

// apiCodeRequest is the body of the calls that check a code.
type apiCodeRequest struct {
	_    struct{} `description:"A code the user typed."`
	Code string   `json:"code" required:"true" description:"The code; spaces are ignored." example:"123456"`
}

// apiMFATokenRequest is the body of mfa_tokens/verify.
type apiMFATokenRequest struct {
	_        struct{} `description:"A code the user typed."`
	MFAToken string   `json:"mfa_token" required:"true" description:"An authenticator code (6 digits) or the SMS login code; spaces are ignored." example:"123456"`
}

// apiMFAVerify checks mfa_token: six digits are an authenticator code,
// anything else an SMS login code.
func (s area) apiMFAVerify(c fiber.Ctx, a *api.Caller) error {
	var in apiMFATokenRequest
	if prob := api.DecodeJSON(c, &in); prob != nil {
		return api.Errors(c, prob.Status, *prob)
	}
	if strings.TrimSpace(in.MFAToken) == "" {
		return api.Errors(c, fiber.StatusUnprocessableEntity, api.Field("mfa_token", msgCodeRequired))
	}
	if code, ok := totpCode(in.MFAToken); ok {
		return s.apiVerifyTOTP(c, a, "mfa_token", code)
	}
	return s.apiVerifySMS(c, a, "mfa_token", smsCode(in.MFAToken))
}

// apiMFAVerifyTOTP is verify_totp_factor: an authenticator code finishes
// the login.
func (s area) apiMFAVerifyTOTP(c fiber.Ctx, a *api.Caller) error {
	code, ok, err := apiTOTPIn(c)
	if !ok {
		return err
	}
	return s.apiVerifyTOTP(c, a, "code", code)
}

// apiTOTPIn reads an authenticator code from the body's code; ok false
// means the refusal (malformed body, no code, not six digits) is written.
func apiTOTPIn(c fiber.Ctx) (code string, ok bool, err error) {
	var in apiCodeRequest
	if prob := api.DecodeJSON(c, &in); prob != nil {
		return "", false, api.Errors(c, prob.Status, *prob)
	}
	code, valid := totpCode(in.Code)
	switch {
	case strings.TrimSpace(in.Code) == "":
		return "", false, api.Errors(c, fiber.StatusUnprocessableEntity, api.Field("code", msgCodeRequired))
	case !valid:
		return "", false, api.Errors(c, fiber.StatusUnprocessableEntity, api.Field("code", msgTOTPFormat))
	}
	return code, true, nil
}

// apiMFAVerifySMS is verify_sms: the login code sent for this login
// finishes it.
func (s area) apiMFAVerifySMS(c fiber.Ctx, a *api.Caller) error {
	var in apiCodeRequest
	if prob := api.DecodeJSON(c, &in); prob != nil {
		return api.Errors(c, prob.Status, *prob)
	}
	if strings.TrimSpace(in.Code) == "" {
		return api.Errors(c, fiber.StatusUnprocessableEntity, api.Field("code", msgCodeRequired))
	}
	return s.apiVerifySMS(c, a, "code", smsCode(in.Code))
}

func (s area) apiVerifyTOTP(c fiber.Ctx, a *api.Caller, field, code string) error {
	ok, err := s.apiCheckCode(c, a, field, func(error) string { return msgTOTPFailed }, nil, func() error {
		return s.Auth.VerifyTOTP(c.Context(), a.User.ID, code)
	})
	if !ok {
		return err
	}
	return s.apiCompleteMFA(c, a, methodAuthenticator, apiMFAReply{})
}

func (s area) apiVerifySMS(c fiber.Ctx, a *api.Caller, field, code string) error {
	if len(code) < provider.SMSCodeLength {
		return api.Errors(c, fiber.StatusUnprocessableEntity, api.Field(field, msgSMSCodeShort()))
	}
	wrong := func(err error) string {
		if m := provider.ErrorMessage(err); m != "" {
			return m
		}
		return msgSMSCodeInvalid
	}
	ok, err := s.apiCheckCode(c, a, field, wrong, nil, func() error {
		return s.Auth.VerifyLoginSMS(c.Context(), a.User.ID, a.Session.Handle(), code)
	})
	if !ok {
		return err
	}
	return s.apiCompleteMFA(c, a, methodSMS, apiMFAReply{})
}

// apiMFARequestLoginSMS sends a login code, bound to this login, to the
// user's confirmed phone.
func (s area) apiMFARequestLoginSMS(c fiber.Ctx, a *api.Caller) error {
	if sent, err := s.APIGate(c, tooManySends, smsLimit(a.User.ID)); sent {
		return err
	}
	if err := s.Auth.SendLoginSMS(c.Context(), a.User.ID, a.Session.Handle()); err != nil {
		return api.ProviderFail(c, err, nil)
	}
	return api.Send(c, fiber.StatusOK, api.Message{Message: msgSMSSent})
}

// apiMFAConfiguration is the login flow's MFA configuration check (spec
// 000 §4), open at login scope, where the customer calls are not.
type apiMFAConfiguration struct {
	_              struct{} `description:"The user's MFA state."`
	SkipMFA        bool     `json:"skip_mfa" description:"The user logs in without MFA."`
	MFAEnabled     bool     `json:"mfa_enabled" description:"Both the authenticator and the phone are set up."`
	MFAConfigured  bool     `json:"mfa_configured" description:"MFA is configured."`
	HasVerifySetup bool     `json:"has_verify_setup" description:"An authenticator app is set up."`
	HasPhone       bool     `json:"has_phone" description:"A phone is confirmed."`
	Next           mfaNext  `json:"next" description:"What the login does next: done (scope dashboard), verify (with a method set up) or setup (none yet, or a first setup under way)."`
}

// Values of apiMFAConfiguration.Next.
const (
	apiNextDone   mfaNext = "done"
	apiNextVerify mfaNext = "verify"
	apiNextSetup  mfaNext = "setup"
)

// mfaNext is what a login does next; its schema lists the values.
type mfaNext string

func (mfaNext) OASchema(*api.Reflector) *api.Schema {
	return api.String("").WithEnum(string(apiNextDone), string(apiNextVerify), string(apiNextSetup))
}

func (s area) apiMFAConfiguration(c fiber.Ctx, a *api.Caller) error {
	if sent, err := s.APIGate(c, "requests", mfaReadLimitOf(a.User.ID)); sent {
		return err
	}
	u := a.User
	next := apiNextVerify
	switch {
	case a.Session.Scope == session.ScopeDashboard:
		next = apiNextDone
	case setupOpen(&u, a.Session) && !(totpActive(&u) && phoneActive(&u)):
		next = apiNextSetup // none yet, or a first setup goes on until both are set up
	}
	return api.Send(c, fiber.StatusOK, apiMFAConfiguration{SkipMFA: u.SkipMFA, MFAEnabled: u.MFAEnabled,
		MFAConfigured: u.MFAConfigured, HasVerifySetup: u.HasVerifySetup, HasPhone: u.HasPhone, Next: next})
}

// Setup.

// apiPhoneRequest is the body of register, register_phone_number and
// request_sms.
type apiPhoneRequest struct {
	_           struct{} `description:"A phone number."`
	Cellphone   string   `json:"cellphone" required:"true" description:"The national number; spaces, dashes, dots and brackets are ignored." example:"20 12 34 56"`
	CountryCode string   `json:"country_code" required:"false" description:"ISO 3166-1 alpha-2 country; dk when left out." example:"dk"`
}

// apiMFARegisterPhone registers the number as the user's pending phone and
// sends it a confirmation code (confirm_phone_number takes it). The
// country code defaults to dk (spec 000 §9).
func (s area) apiMFARegisterPhone(c fiber.Ctx, a *api.Caller) error {
	var in apiPhoneRequest
	if prob := api.DecodeJSON(c, &in); prob != nil {
		return api.Errors(c, prob.Status, *prob)
	}
	country := strings.ToLower(strings.TrimSpace(in.CountryCode))
	if country == "" {
		country = mfa.DefaultCountry
	}
	typed := strings.TrimSpace(in.Cellphone)
	var ps []api.Problem
	if _, ok := mfa.CallingCode(country); !ok {
		ps = append(ps, api.Field("country_code", msgCountryRequired))
	}
	number, ok := mfa.NormalizeNumber(typed)
	switch {
	case typed == "":
		ps = append(ps, api.Field("cellphone", msgNumberRequired))
	case !ok:
		ps = append(ps, api.Field("cellphone", msgNumberInvalid))
	}
	if len(ps) > 0 {
		return api.Errors(c, fiber.StatusUnprocessableEntity, ps...)
	}
	if sent, err := s.APIGate(c, tooManySends, smsLimit(a.User.ID)); sent {
		return err
	}
	if err := s.Auth.RegisterPhone(c.Context(), a.User.ID, country, number); err != nil {
		return s.apiRegistrationFail(c, err, "cellphone")
	}
	return api.Send(c, fiber.StatusOK, api.Message{Message: msgSMSSent})
}

// apiRegistrationFail answers a failed registration with the spec's texts
// (000 §8): an existing MFA (409), the provider's words for invalid input
// (422 on field), "Unknow error" for any other explained failure.
func (s area) apiRegistrationFail(c fiber.Ctx, err error, field string) error {
	unknown := api.Problem{Status: fiber.StatusUnprocessableEntity, Code: api.CodeInvalid, Title: msgUnknownError}
	texts := api.Texts{provider.ECONFLICT: {Title: msgMFARegistered}, provider.ENOTFOUND: unknown, provider.EEXPIRED: unknown}
	if provider.ErrorCode(err) == provider.EINVALID {
		texts[provider.EINVALID] = api.Problem{Title: s.registrationError(c, err), Source: &api.Source{Pointer: "/" + field}}
	}
	return api.ProviderFail(c, err, texts)
}

// apiRegisteredTexts: confirming a factor that is active already.
var apiRegisteredTexts = api.Texts{provider.ECONFLICT: {Title: msgMFARegistered}}

// apiMFAConfirmPhone confirms the pending phone with the code sent to it.
func (s area) apiMFAConfirmPhone(c fiber.Ctx, a *api.Caller) error {
	var in apiCodeRequest
	if prob := api.DecodeJSON(c, &in); prob != nil {
		return api.Errors(c, prob.Status, *prob)
	}
	code := smsCode(in.Code)
	if code == "" {
		return api.Errors(c, fiber.StatusUnprocessableEntity, api.Field("code", msgCodeRequired))
	}
	// Spec 000 §8: phone verification shows the server text under the field.
	wrong := func(err error) string { return s.registrationError(c, err) }
	ok, err := s.apiCheckCode(c, a, "code", wrong, apiRegisteredTexts, func() error {
		return s.Auth.ConfirmPhone(c.Context(), a.User.ID, code)
	})
	if !ok {
		return err
	}
	return s.apiAfterFactor(c, a, factorPhone, apiMsgPhoneConfirmed)
}

// apiTOTPFactor is a pending authenticator secret: typed in (secret) or
// scanned (qr_svg, an inline SVG of uri).
type apiTOTPFactor struct {
	_      struct{} `description:"A pending authenticator secret."`
	Secret string   `json:"secret" description:"Base32 secret (no padding), to type into the app."`
	URI    string   `json:"uri" description:"otpauth://totp/… key URI (SHA-1, 6 digits, 30 s)."`
	QRSVG  string   `json:"qr_svg,omitempty" description:"The URI as a QR code: a self-contained inline SVG, safe to insert as markup."`
}

// apiMFARequestTOTP shows the user's pending authenticator secret. It
// creates nothing (a GET): logging in starts one for a user who goes on to
// setup, and apiMFAStartTOTP starts one otherwise.
func (s area) apiMFARequestTOTP(c fiber.Ctx, a *api.Caller) error {
	if sent, err := s.APIGate(c, "requests", mfaReadLimitOf(a.User.ID)); sent {
		return err
	}
	enr, err := s.Auth.PendingTOTP(c.Context(), a.User.ID)
	if provider.ErrorCode(err) == provider.ENOTFOUND {
		return api.Error(c, fiber.StatusNotFound, api.CodeNotFound, apiMsgTOTPNotStarted)
	}
	return s.apiTOTPFactor(c, enr, err, fiber.StatusOK)
}

// apiMFAStartTOTP starts the user's pending authenticator secret, or shows
// the one still pending.
func (s area) apiMFAStartTOTP(c fiber.Ctx, a *api.Caller) error {
	enr, err := s.Auth.StartTOTP(c.Context(), a.User.ID)
	return s.apiTOTPFactor(c, enr, err, fiber.StatusCreated)
}

func (s area) apiTOTPFactor(c fiber.Ctx, enr provider.TOTPEnrollment, err error, status int) error {
	if err != nil {
		return s.apiRegistrationFail(c, err, "code")
	}
	svg, err := mfa.QRSVG(enr.URI)
	if err != nil {
		// The secret can still be typed in: setup works without the picture.
		s.Logger.Error("qr code failed", "request_id", server.Req(c).ID, "err", err)
	}
	return api.Send(c, status, apiTOTPFactor{Secret: enr.Secret, URI: enr.URI, QRSVG: svg})
}

// apiMFAValidateTOTP confirms the pending authenticator with a code from it.
func (s area) apiMFAValidateTOTP(c fiber.Ctx, a *api.Caller) error {
	code, ok, err := apiTOTPIn(c)
	if !ok {
		return err
	}
	ok, err = s.apiCheckCode(c, a, "code", func(error) string { return msgTOTPFailed },
		apiRegisteredTexts, func() error {
			return s.Auth.ConfirmTOTP(c.Context(), a.User.ID, code)
		})
	if !ok {
		return err
	}
	return s.apiAfterFactor(c, a, factorTOTP, apiMsgTOTPSetUp)
}

// apiAfterFactor follows a confirmed factor as afterFactor does on the
// screens: the session records that it confirmed the factor (setupOpen),
// the user's other sessions end (an MFA change); at login scope, once both
// the authenticator and the phone are set up, the login is complete (spec
// 000 §2: the user moves on).
func (s area) apiAfterFactor(c fiber.Ctx, a *api.Caller, factor, done string) error {
	ctx := c.Context()
	markConfirmed(a.Session, factor)
	if err := s.Sessions.Save(ctx, a.Session); err != nil {
		return err
	}
	u, err := s.Provider.UserByID(ctx, a.User.ID)
	if err != nil {
		return err
	}
	if _, err := s.Sessions.DestroyUser(ctx, u.ID, a.Session); err != nil {
		return err
	}
	enabled := totpActive(&u) && phoneActive(&u)
	reply := apiMFAReply{Message: done, MFAEnabled: &enabled}
	if enabled && a.Session.Scope == session.ScopeLogin {
		a.User = u
		return s.apiCompleteMFA(c, a, "setup", reply)
	}
	return api.Send(c, fiber.StatusOK, reply)
}
