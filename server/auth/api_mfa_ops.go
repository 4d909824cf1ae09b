package auth

import (
	"fmt"
	"reflect"

	"github.com/gofiber/fiber/v3"

	"portal/provider"
	"portal/server/api"
	"portal/session"
)

// The MFA operations' entries in the operation table (apiMFAOperations); their
// schemas are reflected from the request and reply types.

var (
	// apiScopesLogin: finishing a login; a verified session has nothing to
	// finish.
	apiScopesLogin = []string{session.ScopeLogin}
	// Setup runs at login scope (a first login) or dashboard (adding a
	// method); see apiSetup.
	apiScopesSetup = api.ScopesAny
)

const apiTagMFA = "Multi-factor authentication"

// Descriptions shared by the MFA operations.
const (
	oaDescLogin = " Needs a login-scope credential (the password step passed); a login-scope session lasts 10 minutes from the password step, then answers 401 EXPIRED_AUTHENTICATION."
	oaDescSetup = " At login scope only while every second factor the user has was confirmed by this login (a user with none may start, and finish what this login began); " +
		"a user with a factor from before verifies with it first (403 MissingScope)."
	oaDescCodes = " Wrong codes count per user together with the portal's MFA pages: the 5th wrong code within 15 minutes locks code checks for 15 minutes (429)."
	oaDescDone  = " Completing MFA replaces the session: its id (the portal_refresh cookie) and CSRF token are new, the login-scope token stops working, " +
		"and the reply carries an access token with scope dashboard (a caller authenticated by the session cookie gets a new cookie, and only scope and csrf_token)."
)

var (
	oaDescReauth = fmt.Sprintf(" At scope dashboard (adding a method) only within %d minutes of reauthenticate (403 reauthentication_required).",
		int(reauthWindow.Minutes()))
	apiReplyMFAUnauthorized = api.ErrorReply(fiber.StatusUnauthorized,
		"No valid credential, or the login-scope session ran past 10 minutes: code EXPIRED_AUTHENTICATION (log in again), invalid_token or unauthenticated otherwise.")
	apiReplyMFAForbidden = api.ErrorReply(fiber.StatusForbidden,
		"Code MissingScope when the credential lacks the scope (or, for setup, the user must verify first); reauthentication_required for setup at scope dashboard "+
			"without a recent reauthenticate; invalid_csrf when a cookie-authenticated call lacks X-CSRF-Token.")
	apiReplyCodeBad = api.ErrorReply(fiber.StatusUnprocessableEntity,
		"The code is missing, malformed or wrong, with a source pointer to the field; a wrong authenticator code reads \"TOTP validation failed. Please try again.\"")
	apiReplyCodeLocked       = api.ReplyTooMany("Too many wrong codes for this user: checks are locked for 15 minutes.")
	apiReplyRegistered       = api.ErrorReply(fiber.StatusConflict, "\"This user already has an MFA registered\" (code conflict).")
	apiReplyApprovalNotFound = api.ErrorReply(fiber.StatusNotFound, "No such request for this login (code not_found), or no MFA here.")
)

// apiReplyDone documents the reply of a call that may complete MFA.
func apiReplyDone(desc string) api.Response {
	return api.OK[apiMFAReply](fiber.StatusOK, desc).With(map[string]api.Header{"Set-Cookie": {
		Description: "When MFA completed: portal_refresh=<new session id> for a bearer caller, the new page session cookie for a cookie caller.", Schema: api.String("")}})
}

func (s area) apiMFAOperations() []api.Op {
	code := api.Body[apiCodeRequest]()
	return []api.Op{
		{
			ID: "getMfaConfiguration", Method: fiber.MethodGet, Path: "/authentication/mfa/configuration", Tag: apiTagMFA,
			Summary: "Get the MFA configuration",
			Description: "The login flow's MFA configuration check (spec: skip_mfa goes on, a configured method goes to verification, else to setup), " +
				"open at login scope where the customer calls are not.",
			Auth: api.Bearer, Scopes: api.ScopesAny,
			Responses: []api.Response{api.OK[apiMFAConfiguration](fiber.StatusOK, "The user's MFA state and what the login does next."),
				api.ReplyUnauthorized, api.ReplyForbidden, api.ReplyNoAuth, api.ReplyTooMany("Too many reads."), api.ReplyUnavailable},
			Handler: s.apiMFA(s.apiMFAConfiguration),
		},
		{
			ID: "reauthenticate", Method: fiber.MethodPost, Path: "/authentication/reauthenticate", Tag: apiTagMFA,
			Summary: "Confirm the password again",
			Description: "The portal's /reauth for the API: adding or changing a second factor at scope dashboard (the setup calls) needs the password again, " +
				"and this confirmation holds for " + fmt.Sprint(int(reauthWindow.Minutes())) + " minutes, for the session behind the credential. Attempts count on the per-account login limit.",
			Auth: api.Bearer, Scopes: api.ScopesDashboard, Body: api.Body[apiReauthRequest](),
			Responses: []api.Response{api.OK[apiReauthReply](fiber.StatusOK, "Confirmed."),
				api.ErrorReply(fiber.StatusBadRequest, "The body is not a JSON object (code invalid_json)."),
				api.ReplyUnauthorized, api.ReplyForbidden,
				api.ErrorReply(fiber.StatusUnsupportedMediaType, "The body is not sent as application/json."),
				api.ErrorReply(fiber.StatusUnprocessableEntity, "The password is missing (code invalid) or wrong (code invalid_credentials), with source pointer /password."),
				api.ReplyTooMany("Too many attempts for this account (shared with logging in and the portal's /reauth)."),
				api.ErrorReply(fiber.StatusServiceUnavailable, "The attempt counter is unavailable; the check is refused rather than left uncounted.")},
			Handler: s.apiReauthenticate,
		},
		{
			ID: "createMfaToken", Method: fiber.MethodPost, Path: "/authentication/mfa_tokens", Tag: apiTagMFA,
			Summary:     "Send a push approval request",
			Description: "Asks the user's device (Authy) to approve this login; poll getMfaTokenStatus every 2 seconds while it is pending, then finish with completeMfaToken. No body." + oaDescLogin,
			Auth:        api.Bearer, Scopes: apiScopesLogin,
			Responses: []api.Response{api.OK[apiApproval](fiber.StatusCreated, "The request, pending."),
				apiReplyMFAUnauthorized, apiReplyMFAForbidden, api.ReplyNoAuth,
				api.ErrorReply(fiber.StatusUnprocessableEntity, "Push approval is not set up for this user (code invalid)."),
				api.ErrorReply(fiber.StatusConflict, "Too many requests are waiting for a decision (code conflict)."),
				api.ReplyTooMany(fmt.Sprintf("More than %d requests in %d minutes (push bombing).", pushLimit, int(pushWindow.Minutes()))),
				api.ReplyUnavailable},
			Handler: s.apiMFA(s.apiMFACreateApproval),
		},
		{
			ID: "getMfaTokenStatus", Method: fiber.MethodGet, Path: "/authentication/mfa_tokens/status", Tag: apiTagMFA,
			Summary: "Poll a push approval request",
			Description: "The status of this login's request; it changes nothing. Once approved, completeMfaToken (a POST) finishes the login. " +
				"A caller authenticated by the session cookie sends X-CSRF-Token here too: polls count against a limit of the login." + oaDescLogin,
			Auth: api.Bearer, Scopes: apiScopesLogin, CookieCSRF: true,
			Params: []api.Parameter{{Name: "approval_request_id", In: "query", Required: true,
				Description: "approval_request_id from createMfaToken.", Schema: api.String("")}},
			Responses: []api.Response{api.OK[apiMFAReply](fiber.StatusOK, "The status: pending, approved (finish with completeMfaToken), denied or expired."),
				apiReplyMFAUnauthorized, apiReplyMFAForbidden, apiReplyApprovalNotFound,
				api.ErrorReply(fiber.StatusUnprocessableEntity, "approval_request_id missing (source.parameter)."),
				api.ReplyTooMany("Too many polls for this login."), api.ReplyUnavailable},
			Handler: s.apiMFA(s.apiMFAApprovalStatus),
		},
		{
			ID: "completeMfaToken", Method: fiber.MethodPost, Path: "/authentication/mfa_tokens/complete", Tag: apiTagMFA,
			Summary: "Finish the login with an approved push request",
			Description: "When this login's request is approved, completes MFA (once: a later call answers 401); otherwise only tells the status, as getMfaTokenStatus does." +
				oaDescDone + oaDescLogin,
			Auth: api.Bearer, Scopes: apiScopesLogin, Body: api.Body[apiApprovalRequest](),
			Responses: []api.Response{apiReplyDone("The status; with the credential when approved (MFA is complete)."),
				api.ErrorReply(fiber.StatusBadRequest, "The body is not a JSON object (code invalid_json)."),
				apiReplyMFAUnauthorized, apiReplyMFAForbidden, apiReplyApprovalNotFound,
				api.ErrorReply(fiber.StatusUnsupportedMediaType, "The body is not sent as application/json."),
				api.ErrorReply(fiber.StatusUnprocessableEntity, "approval_request_id missing (source pointer /approval_request_id)."),
				api.ReplyTooMany("Too many polls for this login."), api.ReplyUnavailable},
			Handler: s.apiMFA(s.apiMFACompleteApproval),
		},
		s.apiVerifyOp("verifyMfaToken", "/authentication/mfa_tokens/verify", "Verify an MFA code",
			"Six digits are checked as an authenticator (TOTP) code, anything else as the SMS login code sent for this login. "+
				"Each code works once.", api.Body[apiMFATokenRequest](), s.apiMFAVerify),
		{
			ID: "requestMfaTokenSms", Method: fiber.MethodPost, Path: "/authentication/mfa_tokens/request_sms", Tag: apiTagMFA,
			Summary: "Send an SMS login code",
			Description: fmt.Sprintf("Sends a %d-digit code, valid %d minutes and only for this login, to the user's confirmed phone; a new send replaces the code. No body.",
				provider.SMSCodeLength, int(provider.SMSCodeTTL.Minutes())) + oaDescLogin,
			Auth: api.Bearer, Scopes: apiScopesLogin,
			Responses: apiSMSResponses("The user has no confirmed phone (code invalid)."),
			Handler:   s.apiMFA(s.apiMFARequestLoginSMS),
		},
		s.apiVerifyOp("verifyTotpFactor", "/authentication/mfa/verify_totp_factor", "Verify an authenticator code",
			"Checks a code from the user's authenticator app (6 digits, 30 s steps, one step of drift); each code works once.",
			code, s.apiMFAVerifyTOTP),
		s.apiVerifyOp("verifySms", "/authentication/mfa/verify_sms", "Verify an SMS login code",
			"Checks and spends the SMS login code sent for this login (requestMfaTokenSms).", code, s.apiMFAVerifySMS),
		s.apiRegisterOp("registerMfa", "/authentication/mfa/register", "Register a phone for MFA",
			"Stores the number as the user's pending phone and sends it a confirmation code (confirm it with confirmPhoneNumber)."),
		s.apiRegisterOp("registerPhoneNumber", "/authentication/mfa/register_phone_number", "Register a phone number",
			"The same as registerMfa, under the name the setup screen uses."),
		s.apiRegisterOp("requestSetupSms", "/authentication/mfa/request_sms", "Request a confirmation SMS",
			"The setup screen's \"request SMS\": registers the number (again) and sends a new confirmation code; the previous code stops working."),
		s.apiConfirmOp("confirmPhoneNumber", "/authentication/mfa/confirm_phone_number", "Confirm the phone number",
			"Confirms the pending phone with the code sent to it. The user's other sessions end (an MFA change). "+
				"At login scope, once the authenticator is set up too, MFA is complete.",
			"Confirmed, with message and mfa_enabled; with the credential when this completed MFA.", s.apiMFAConfirmPhone),
		{
			ID: "requestTotpFactor", Method: fiber.MethodGet, Path: "/authentication/mfa/request_totp_factor", Tag: apiTagMFA,
			Summary: "Show the authenticator app being set up",
			Description: "The user's pending authenticator secret, as text to type in and as a QR code, the same on every call until confirmed (validateTotpFactor). " +
				"It creates nothing: logging in starts one for a user with no second factor; startTotpFactor starts one otherwise." + oaDescSetup + oaDescReauth,
			Auth: api.Bearer, Scopes: apiScopesSetup,
			Responses: []api.Response{api.OK[apiTOTPFactor](fiber.StatusOK, "The pending secret."),
				apiReplyMFAUnauthorized, apiReplyMFAForbidden,
				api.ErrorReply(fiber.StatusNotFound, "No secret is pending: start one with startTotpFactor (code not_found); or no MFA here."),
				apiReplyRegistered, api.ReplyTooMany("Too many reads."), api.ReplyUnavailable},
			Handler: s.apiSetup(s.apiMFARequestTOTP),
		},
		{
			ID: "startTotpFactor", Method: fiber.MethodPost, Path: "/authentication/mfa/request_totp_factor", Tag: apiTagMFA,
			Summary:     "Start setting up an authenticator app",
			Description: "Creates the user's pending authenticator secret, or returns the one still pending. No body." + oaDescSetup + oaDescReauth,
			Auth:        api.Bearer, Scopes: apiScopesSetup,
			Responses: []api.Response{api.OK[apiTOTPFactor](fiber.StatusCreated, "The pending secret."),
				apiReplyMFAUnauthorized, apiReplyMFAForbidden, api.ReplyNoAuth, apiReplyRegistered, api.ReplyUnavailable},
			Handler: s.apiSetup(s.apiMFAStartTOTP),
		},
		s.apiConfirmOp("validateTotpFactor", "/authentication/mfa/validate_totp_factor", "Confirm the authenticator app",
			"Activates the pending secret with a code from the app. The user's other sessions end (an MFA change). "+
				"At login scope, once the phone is confirmed too, MFA is complete.",
			"Set up, with message and mfa_enabled; with the credential when this completed MFA.", s.apiMFAValidateTOTP),
	}
}

// apiCodeResponses are the replies of an operation that checks a code.
func apiCodeResponses(ok api.Response) []api.Response {
	return []api.Response{ok,
		api.ErrorReply(fiber.StatusBadRequest, "The body is not a JSON object (code invalid_json)."),
		apiReplyMFAUnauthorized, apiReplyMFAForbidden, api.ReplyNoAuth,
		api.ErrorReply(fiber.StatusUnsupportedMediaType, "The body is not sent as application/json."),
		apiReplyCodeBad, apiReplyCodeLocked, api.ReplyUnavailable}
}

// apiSMSResponses are the replies of an operation that sends an SMS.
func apiSMSResponses(invalid string) []api.Response {
	return []api.Response{api.OK[api.Message](fiber.StatusOK, "\"SMS has been sent\"."),
		apiReplyMFAUnauthorized, apiReplyMFAForbidden, api.ReplyNoAuth,
		api.ErrorReply(fiber.StatusUnprocessableEntity, invalid),
		api.ReplyTooMany(fmt.Sprintf("More than %d SMS in %d minutes for this user.", smsSendLimit, int(smsSendWindow.Minutes()))),
		api.ReplyUnavailable}
}

// apiVerifyOp is an operation that finishes a login with a code of the
// user's second factor.
func (s area) apiVerifyOp(id, path, summary, desc string, body reflect.Type, h func(fiber.Ctx, *api.Caller) error) api.Op {
	return api.Op{
		ID: id, Method: fiber.MethodPost, Path: path, Tag: apiTagMFA, Summary: summary,
		Description: desc + oaDescCodes + oaDescDone + oaDescLogin,
		Auth:        api.Bearer, Scopes: apiScopesLogin, Body: body,
		Responses: apiCodeResponses(apiReplyDone("MFA completed.")),
		Handler:   s.apiMFA(h),
	}
}

// apiConfirmOp is a setup operation that activates a pending factor with a
// code; done describes its reply.
func (s area) apiConfirmOp(id, path, summary, desc, done string, h func(fiber.Ctx, *api.Caller) error) api.Op {
	return api.Op{
		ID: id, Method: fiber.MethodPost, Path: path, Tag: apiTagMFA, Summary: summary,
		Description: desc + oaDescCodes + oaDescDone + oaDescSetup + oaDescReauth,
		Auth:        api.Bearer, Scopes: apiScopesSetup, Body: api.Body[apiCodeRequest](),
		Responses: append(apiCodeResponses(apiReplyDone(done)), apiReplyRegistered),
		Handler:   s.apiSetup(h),
	}
}

func (s area) apiRegisterOp(id, path, summary, desc string) api.Op {
	return api.Op{
		ID: id, Method: fiber.MethodPost, Path: path, Tag: apiTagMFA, Summary: summary,
		Description: desc + fmt.Sprintf(" The code has %d digits and works %d minutes.", provider.SMSCodeLength, int(provider.SMSCodeTTL.Minutes())) + oaDescSetup + oaDescReauth,
		Auth:        api.Bearer, Scopes: apiScopesSetup, Body: api.Body[apiPhoneRequest](),
		Responses: append(apiSMSResponses("Field errors with source pointers (/country_code, /cellphone); another refusal reads \"Unknow error\"."),
			apiReplyRegistered,
			api.ErrorReply(fiber.StatusBadRequest, "The body is not a JSON object (code invalid_json)."),
			api.ErrorReply(fiber.StatusUnsupportedMediaType, "The body is not sent as application/json.")),
		Handler: s.apiSetup(s.apiMFARegisterPhone),
	}
}
