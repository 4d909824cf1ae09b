package auth

import (
	"fmt"

	"github.com/gofiber/fiber/v3"

	"portal/provider"
	"portal/server"
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
	apiScopesSetup = server.APIScopesAny
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
	apiReplyMFAUnauthorized = server.APIErrorReply(fiber.StatusUnauthorized,
		"No valid credential, or the login-scope session ran past 10 minutes: code EXPIRED_AUTHENTICATION (log in again), invalid_token or unauthenticated otherwise.")
	apiReplyMFAForbidden = server.APIErrorReply(fiber.StatusForbidden,
		"Code MissingScope when the credential lacks the scope (or, for setup, the user must verify first); reauthentication_required for setup at scope dashboard "+
			"without a recent reauthenticate; invalid_csrf when a cookie-authenticated call lacks X-CSRF-Token.")
	apiReplyCodeBad = server.APIErrorReply(fiber.StatusUnprocessableEntity,
		"The code is missing, malformed or wrong, with a source pointer to the field; a wrong authenticator code reads \"TOTP validation failed. Please try again.\"")
	apiReplyCodeLocked       = server.APIReplyTooMany("Too many wrong codes for this user: checks are locked for 15 minutes.")
	apiReplyRegistered       = server.APIErrorReply(fiber.StatusConflict, "\"This user already has an MFA registered\" (code conflict).")
	apiReplyApprovalNotFound = server.APIErrorReply(fiber.StatusNotFound, "No such request for this login (code not_found), or no MFA here.")
)

// apiReplyDone documents the reply of a call that may complete MFA.
func apiReplyDone(desc string) server.APIResponse {
	return server.APIOK[apiMFAReply](fiber.StatusOK, desc).With(map[string]server.OAHeader{"Set-Cookie": {
		Description: "When MFA completed: portal_refresh=<new session id> for a bearer caller, the new page session cookie for a cookie caller.", Schema: server.OAString("")}})
}

func (s area) apiMFAOperations() []server.APIOp {
	code := server.APIBody[apiCodeRequest]()
	return []server.APIOp{
		{
			ID: "getMfaConfiguration", Method: fiber.MethodGet, Path: "/authentication/mfa/configuration", Tag: apiTagMFA,
			Summary: "Get the MFA configuration",
			Description: "The login flow's MFA configuration check (spec: skip_mfa goes on, a configured method goes to verification, else to setup), " +
				"open at login scope where the customer calls are not.",
			Auth: server.APIBearer, Scopes: server.APIScopesAny,
			Responses: []server.APIResponse{server.APIOK[apiMFAConfiguration](fiber.StatusOK, "The user's MFA state and what the login does next."),
				server.APIReplyUnauthorized, server.APIReplyForbidden, server.APIReplyNoAuth, server.APIReplyTooMany("Too many reads."), server.APIReplyUnavailable},
			Handler: s.apiMFA(s.apiMFAConfiguration),
		},
		{
			ID: "reauthenticate", Method: fiber.MethodPost, Path: "/authentication/reauthenticate", Tag: apiTagMFA,
			Summary: "Confirm the password again",
			Description: "The portal's /reauth for the API: adding or changing a second factor at scope dashboard (the setup calls) needs the password again, " +
				"and this confirmation holds for " + fmt.Sprint(int(reauthWindow.Minutes())) + " minutes, for the session behind the credential. Attempts count on the per-account login limit.",
			Auth: server.APIBearer, Scopes: server.APIScopesDashboard, Body: server.APIBody[apiReauthRequest](),
			Responses: []server.APIResponse{server.APIOK[apiReauthReply](fiber.StatusOK, "Confirmed."),
				server.APIErrorReply(fiber.StatusBadRequest, "The body is not a JSON object (code invalid_json)."),
				server.APIReplyUnauthorized, server.APIReplyForbidden,
				server.APIErrorReply(fiber.StatusUnsupportedMediaType, "The body is not sent as application/json."),
				server.APIErrorReply(fiber.StatusUnprocessableEntity, "The password is missing (code invalid) or wrong (code invalid_credentials), with source pointer /password."),
				server.APIReplyTooMany("Too many attempts for this account (shared with logging in and the portal's /reauth)."),
				server.APIErrorReply(fiber.StatusServiceUnavailable, "The attempt counter is unavailable; the check is refused rather than left uncounted.")},
			Handler: op(s.apiReauthenticate),
		},
		{
			ID: "createMfaToken", Method: fiber.MethodPost, Path: "/authentication/mfa_tokens", Tag: apiTagMFA,
			Summary:     "Send a push approval request",
			Description: "Asks the user's device (Authy) to approve this login; poll getMfaTokenStatus every 2 seconds while it is pending, then finish with completeMfaToken. No body." + oaDescLogin,
			Auth:        server.APIBearer, Scopes: apiScopesLogin,
			Responses: []server.APIResponse{server.APIOK[apiApproval](fiber.StatusCreated, "The request, pending."),
				apiReplyMFAUnauthorized, apiReplyMFAForbidden, server.APIReplyNoAuth,
				server.APIErrorReply(fiber.StatusUnprocessableEntity, "Push approval is not set up for this user (code invalid)."),
				server.APIErrorReply(fiber.StatusConflict, "Too many requests are waiting for a decision (code conflict)."),
				server.APIReplyTooMany(fmt.Sprintf("More than %d requests in %d minutes (push bombing).", pushLimit, int(pushWindow.Minutes()))),
				server.APIReplyUnavailable},
			Handler: s.apiMFA(s.apiMFACreateApproval),
		},
		{
			ID: "getMfaTokenStatus", Method: fiber.MethodGet, Path: "/authentication/mfa_tokens/status", Tag: apiTagMFA,
			Summary: "Poll a push approval request",
			Description: "The status of this login's request; it changes nothing. Once approved, completeMfaToken (a POST) finishes the login. " +
				"A caller authenticated by the session cookie sends X-CSRF-Token here too: polls count against a limit of the login." + oaDescLogin,
			Auth: server.APIBearer, Scopes: apiScopesLogin, CookieCSRF: true,
			Params: []server.OAParameter{{Name: "approval_request_id", In: "query", Required: true,
				Description: "approval_request_id from createMfaToken.", Schema: server.OAString("")}},
			Responses: []server.APIResponse{server.APIOK[apiMFAReply](fiber.StatusOK, "The status: pending, approved (finish with completeMfaToken), denied or expired."),
				apiReplyMFAUnauthorized, apiReplyMFAForbidden, apiReplyApprovalNotFound,
				server.APIErrorReply(fiber.StatusUnprocessableEntity, "approval_request_id missing (source.parameter)."),
				server.APIReplyTooMany("Too many polls for this login."), server.APIReplyUnavailable},
			Handler: s.apiMFA(s.apiMFAApprovalStatus),
		},
		{
			ID: "completeMfaToken", Method: fiber.MethodPost, Path: "/authentication/mfa_tokens/complete", Tag: apiTagMFA,
			Summary: "Finish the login with an approved push request",
			Description: "When this login's request is approved, completes MFA (once: a later call answers 401); otherwise only tells the status, as getMfaTokenStatus does." +
				oaDescDone + oaDescLogin,
			Auth: server.APIBearer, Scopes: apiScopesLogin, Body: server.APIBody[apiApprovalRequest](),
			Responses: []server.APIResponse{apiReplyDone("The status; with the credential when approved (MFA is complete)."),
				server.APIErrorReply(fiber.StatusBadRequest, "The body is not a JSON object (code invalid_json)."),
				apiReplyMFAUnauthorized, apiReplyMFAForbidden, apiReplyApprovalNotFound,
				server.APIErrorReply(fiber.StatusUnsupportedMediaType, "The body is not sent as application/json."),
				server.APIErrorReply(fiber.StatusUnprocessableEntity, "approval_request_id missing (source pointer /approval_request_id)."),
				server.APIReplyTooMany("Too many polls for this login."), server.APIReplyUnavailable},
			Handler: s.apiMFA(s.apiMFACompleteApproval),
		},
		{
			ID: "verifyMfaToken", Method: fiber.MethodPost, Path: "/authentication/mfa_tokens/verify", Tag: apiTagMFA,
			Summary: "Verify an MFA code",
			Description: "Six digits are checked as an authenticator (TOTP) code, anything else as the SMS login code sent for this login. " +
				"Each code works once." + oaDescCodes + oaDescDone + oaDescLogin,
			Auth: server.APIBearer, Scopes: apiScopesLogin, Body: server.APIBody[apiMFATokenRequest](),
			Responses: apiCodeResponses(apiReplyDone("MFA completed.")),
			Handler:   s.apiMFA(s.apiMFAVerify),
		},
		{
			ID: "requestMfaTokenSms", Method: fiber.MethodPost, Path: "/authentication/mfa_tokens/request_sms", Tag: apiTagMFA,
			Summary: "Send an SMS login code",
			Description: fmt.Sprintf("Sends a %d-digit code, valid %d minutes and only for this login, to the user's confirmed phone; a new send replaces the code. No body.",
				provider.SMSCodeLength, int(provider.SMSCodeTTL.Minutes())) + oaDescLogin,
			Auth: server.APIBearer, Scopes: apiScopesLogin,
			Responses: apiSMSResponses("The user has no confirmed phone (code invalid)."),
			Handler:   s.apiMFA(s.apiMFARequestLoginSMS),
		},
		{
			ID: "verifyTotpFactor", Method: fiber.MethodPost, Path: "/authentication/mfa/verify_totp_factor", Tag: apiTagMFA,
			Summary:     "Verify an authenticator code",
			Description: "Checks a code from the user's authenticator app (6 digits, 30 s steps, one step of drift); each code works once." + oaDescCodes + oaDescDone + oaDescLogin,
			Auth:        server.APIBearer, Scopes: apiScopesLogin, Body: code,
			Responses: apiCodeResponses(apiReplyDone("MFA completed.")),
			Handler:   s.apiMFA(s.apiMFAVerifyTOTP),
		},
		{
			ID: "verifySms", Method: fiber.MethodPost, Path: "/authentication/mfa/verify_sms", Tag: apiTagMFA,
			Summary:     "Verify an SMS login code",
			Description: "Checks and spends the SMS login code sent for this login (requestMfaTokenSms)." + oaDescCodes + oaDescDone + oaDescLogin,
			Auth:        server.APIBearer, Scopes: apiScopesLogin, Body: code,
			Responses: apiCodeResponses(apiReplyDone("MFA completed.")),
			Handler:   s.apiMFA(s.apiMFAVerifySMS),
		},
		s.apiRegisterOp("registerMfa", "/authentication/mfa/register", "Register a phone for MFA",
			"Stores the number as the user's pending phone and sends it a confirmation code (confirm it with confirmPhoneNumber)."),
		s.apiRegisterOp("registerPhoneNumber", "/authentication/mfa/register_phone_number", "Register a phone number",
			"The same as registerMfa, under the name the setup screen uses."),
		s.apiRegisterOp("requestSetupSms", "/authentication/mfa/request_sms", "Request a confirmation SMS",
			"The setup screen's \"request SMS\": registers the number (again) and sends a new confirmation code; the previous code stops working."),
		{
			ID: "confirmPhoneNumber", Method: fiber.MethodPost, Path: "/authentication/mfa/confirm_phone_number", Tag: apiTagMFA,
			Summary: "Confirm the phone number",
			Description: "Confirms the pending phone with the code sent to it. The user's other sessions end (an MFA change). " +
				"At login scope, once the authenticator is set up too, MFA is complete." + oaDescCodes + oaDescDone + oaDescSetup + oaDescReauth,
			Auth: server.APIBearer, Scopes: apiScopesSetup, Body: code,
			Responses: append(apiCodeResponses(apiReplyDone("Confirmed, with message and mfa_enabled; with the credential when this completed MFA.")), apiReplyRegistered),
			Handler:   s.apiSetup(s.apiMFAConfirmPhone),
		},
		{
			ID: "requestTotpFactor", Method: fiber.MethodGet, Path: "/authentication/mfa/request_totp_factor", Tag: apiTagMFA,
			Summary: "Show the authenticator app being set up",
			Description: "The user's pending authenticator secret, as text to type in and as a QR code, the same on every call until confirmed (validateTotpFactor). " +
				"It creates nothing: logging in starts one for a user with no second factor; startTotpFactor starts one otherwise." + oaDescSetup + oaDescReauth,
			Auth: server.APIBearer, Scopes: apiScopesSetup,
			Responses: []server.APIResponse{server.APIOK[apiTOTPFactor](fiber.StatusOK, "The pending secret."),
				apiReplyMFAUnauthorized, apiReplyMFAForbidden,
				server.APIErrorReply(fiber.StatusNotFound, "No secret is pending: start one with startTotpFactor (code not_found); or no MFA here."),
				apiReplyRegistered, server.APIReplyTooMany("Too many reads."), server.APIReplyUnavailable},
			Handler: s.apiSetup(s.apiMFARequestTOTP),
		},
		{
			ID: "startTotpFactor", Method: fiber.MethodPost, Path: "/authentication/mfa/request_totp_factor", Tag: apiTagMFA,
			Summary:     "Start setting up an authenticator app",
			Description: "Creates the user's pending authenticator secret, or returns the one still pending. No body." + oaDescSetup + oaDescReauth,
			Auth:        server.APIBearer, Scopes: apiScopesSetup,
			Responses: []server.APIResponse{server.APIOK[apiTOTPFactor](fiber.StatusCreated, "The pending secret."),
				apiReplyMFAUnauthorized, apiReplyMFAForbidden, server.APIReplyNoAuth, apiReplyRegistered, server.APIReplyUnavailable},
			Handler: s.apiSetup(s.apiMFAStartTOTP),
		},
		{
			ID: "validateTotpFactor", Method: fiber.MethodPost, Path: "/authentication/mfa/validate_totp_factor", Tag: apiTagMFA,
			Summary: "Confirm the authenticator app",
			Description: "Activates the pending secret with a code from the app. The user's other sessions end (an MFA change). " +
				"At login scope, once the phone is confirmed too, MFA is complete." + oaDescCodes + oaDescDone + oaDescSetup + oaDescReauth,
			Auth: server.APIBearer, Scopes: apiScopesSetup, Body: code,
			Responses: append(apiCodeResponses(apiReplyDone("Set up, with message and mfa_enabled; with the credential when this completed MFA.")), apiReplyRegistered),
			Handler:   s.apiSetup(s.apiMFAValidateTOTP),
		},
	}
}

// apiCodeResponses are the replies of an operation that checks a code.
func apiCodeResponses(ok server.APIResponse) []server.APIResponse {
	return []server.APIResponse{ok,
		server.APIErrorReply(fiber.StatusBadRequest, "The body is not a JSON object (code invalid_json)."),
		apiReplyMFAUnauthorized, apiReplyMFAForbidden, server.APIReplyNoAuth,
		server.APIErrorReply(fiber.StatusUnsupportedMediaType, "The body is not sent as application/json."),
		apiReplyCodeBad, apiReplyCodeLocked, server.APIReplyUnavailable}
}

// apiSMSResponses are the replies of an operation that sends an SMS.
func apiSMSResponses(invalid string) []server.APIResponse {
	return []server.APIResponse{server.APIOK[server.APIMessage](fiber.StatusOK, "\"SMS has been sent\"."),
		apiReplyMFAUnauthorized, apiReplyMFAForbidden, server.APIReplyNoAuth,
		server.APIErrorReply(fiber.StatusUnprocessableEntity, invalid),
		server.APIReplyTooMany(fmt.Sprintf("More than %d SMS in %d minutes for this user.", smsSendLimit, int(smsSendWindow.Minutes()))),
		server.APIReplyUnavailable}
}

func (s area) apiRegisterOp(id, path, summary, desc string) server.APIOp {
	return server.APIOp{
		ID: id, Method: fiber.MethodPost, Path: path, Tag: apiTagMFA, Summary: summary,
		Description: desc + fmt.Sprintf(" The code has %d digits and works %d minutes.", provider.SMSCodeLength, int(provider.SMSCodeTTL.Minutes())) + oaDescSetup + oaDescReauth,
		Auth:        server.APIBearer, Scopes: apiScopesSetup, Body: server.APIBody[apiPhoneRequest](),
		Responses: append(apiSMSResponses("Field errors with source pointers (/country_code, /cellphone); another refusal reads \"Unknow error\"."),
			apiReplyRegistered,
			server.APIErrorReply(fiber.StatusBadRequest, "The body is not a JSON object (code invalid_json)."),
			server.APIErrorReply(fiber.StatusUnsupportedMediaType, "The body is not sent as application/json.")),
		Handler: s.apiSetup(s.apiMFARegisterPhone),
	}
}
