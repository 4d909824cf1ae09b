package passwords

import (
	"fmt"

	"github.com/gofiber/fiber/v3"

	"portal/provider"
	"portal/server/api"
)

// The password operations' entries in the operation table; their schemas
// are reflected from the request and reply types.

const apiTagPasswords = "Passwords and invitations"

var (
	apiTokenParam = api.Parameter{Name: "token", In: "query", Required: true,
		Description: "The token of the link (the last path segment of the e-mailed link).", Schema: api.String("")}
	apiReplyLinkBad     = api.ErrorReply(fiber.StatusNotFound, "Unknown or already used link (code not_found), or no such feature here.")
	apiReplyPasswordBad = api.ErrorReply(fiber.StatusUnprocessableEntity,
		"Field errors with source pointers: /password (\"Password is required\", \"Password is not valid\") and /password_confirmation "+
			"(\"Password confirmation is required\", \"Passwords must match\").")
	apiReplyTokenTooMany = api.ReplyTooMany(fmt.Sprintf("More than %d token calls from this address, or %d for this token, in %d minutes.",
		tokenIPLimit, tokenUseLimit, int(tokenIPWindow.Minutes())))
)

// linkCheck is the operation that checks an e-mailed link (a reset or an invitation) by its
// token: ok is its reply, expired the 403's description.
func linkCheck(id, path, summary, desc string, ok api.Response, expired string, h api.HandlerFunc) api.Op {
	return api.Op{ID: id, Method: fiber.MethodGet, Path: path, Tag: apiTagPasswords, Summary: summary, Description: desc,
		Auth: api.Public, Params: []api.Parameter{apiTokenParam},
		Responses: []api.Response{ok, api.ErrorReply(fiber.StatusForbidden, expired),
			apiReplyLinkBad, apiReplyTokenTooMany, api.ReplyUnavailable},
		Handler: h}
}

func (s area) apiOperations(reset, invitation *tokenPage) []api.Op {
	bodyErrors := []api.Response{
		api.ErrorReply(fiber.StatusBadRequest, "The body is not a JSON object (code invalid_json)."),
		api.ErrorReply(fiber.StatusUnsupportedMediaType, "The body is not sent as application/json."),
	}
	return []api.Op{
		{
			ID: "forgotPassword", Method: fiber.MethodPost, Path: "/authentication/passwords/forgot", Tag: apiTagPasswords,
			Summary: "Request a reset link",
			Description: fmt.Sprintf("E-mails a link to reset the password, valid %d minutes and once, when the address belongs to an active user. "+
				"The reply is the same whether or not it does. Limited per client address (%d per %d minutes) and per address typed (%d per hour), "+
				"together with the portal's forgot password page. Send the body as application/json.",
				int(provider.ResetTokenTTL.Minutes()), forgotIPLimit, int(forgotIPWindow.Minutes()), forgotEmailLimit),
			Auth: api.Public, Body: api.Body[apiForgotRequest](),
			Responses: append([]api.Response{
				api.OK[api.Message](fiber.StatusAccepted, "Accepted; if the address has an account, the link is on its way."),
				api.ReplyNoAuth,
				api.ErrorReply(fiber.StatusUnprocessableEntity, "Field error on /email (\"Email is required\", \"Must be a valid email\")."),
				api.ReplyTooMany("Too many requests from this address or for this e-mail address."),
				api.ReplyUnavailable}, bodyErrors...),
			Handler: s.apiPasswords(s.apiForgotPassword),
		},
		linkCheck("validateResetToken", "/authentication/passwords/validate_reset_token", "Check a reset link",
			"Whether the reset link can still be used.", api.OK[apiValidResetToken](fiber.StatusOK, "The link works."),
			"The link expired (code expired): title \"Your link expired\", detail \"This page has expired, please request a new reset password link here\".",
			s.apiPasswords(s.apiValidateResetToken(reset))),
		{
			ID: "resetPassword", Method: fiber.MethodPut, Path: "/authentication/passwords/reset", Tag: apiTagPasswords,
			Summary: "Set a new password with a reset link",
			Description: "Spends the link's token and sets the password (spec rules: at least 8 characters, upper and lower case, a number and a symbol). " +
				"Every session of the user ends, their tokens with them; the user logs in again, with MFA. Send the body as application/json.",
			Auth: api.Public, Body: api.Body[apiNewPasswordRequest](),
			Responses: append([]api.Response{
				api.OK[api.Message](fiber.StatusOK, "The password is set."),
				api.ErrorReply(fiber.StatusForbidden, "The link expired (code expired), with the spec's detail."),
				apiReplyLinkBad, apiReplyPasswordBad, apiReplyTokenTooMany, api.ReplyUnavailable}, bodyErrors...),
			Handler: s.apiPasswords(s.apiSetPassword(reset)),
		},
		linkCheck("validateInvitation", "/authentication/invitations/validate", "Check an invitation link",
			"Whether the invitation can still be accepted, and for which address.", api.OK[apiInvitation](fiber.StatusOK, "The invitation."),
			"The invitation expired (code expired).", s.apiPasswords(s.apiValidateInvitation(invitation))),
		{
			ID: "acceptInvitation", Method: fiber.MethodPut, Path: "/authentication/invitations/accept", Tag: apiTagPasswords,
			Summary: "Accept an invitation",
			Description: "Spends the invitation's token, creates the invited address's login with the password (the reset rules) and makes it " +
				"a member. The user logs in next, with MFA. An address that already has a login answers 409: it logs in and joins instead. " +
				"Send the body as application/json.",
			Auth: api.Public, Body: api.Body[apiNewPasswordRequest](),
			Responses: append([]api.Response{
				api.OK[api.Message](fiber.StatusOK, "\"New password created\"."),
				api.ErrorReply(fiber.StatusForbidden, "The invitation expired (code expired)."),
				api.ErrorReply(fiber.StatusConflict, "The address already has a login: log in to accept (code conflict)."),
				apiReplyLinkBad, apiReplyPasswordBad, apiReplyTokenTooMany, api.ReplyUnavailable}, bodyErrors...),
			Handler: s.apiPasswords(s.apiSetPassword(invitation)),
		},
	}
}
