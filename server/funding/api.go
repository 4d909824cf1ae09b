package funding

import (
	"strings"
	"time"

	"github.com/gofiber/fiber/v3"

	"portal/access"
	"portal/provider"
	"portal/server"
)

// Funding and crypto operations of the API (spec 000 §7). Each checks
// membership first (404 for a non-member, as for an unknown organisation),
// then the permission (403).

const (
	fundingAPIAccountParam   = "accountNumber"
	cryptoAPIAccountQuery    = "virtual_account_number"
	fundingAPIMsgUUIDMissing = "configuration_uuid is required"
)

// apiFundingService answers the funding and crypto calls when the provider
// offers neither.
var apiFundingService = server.APIService(func(s *server.Server) bool { return s.Funding != nil && s.Crypto != nil })

// apiFundingRead is a read of the funding area needing perm.
func apiFundingRead[B server.APIEnvelope](perm access.Permission, read func(fiber.Ctx, server.APIOrgCall) (B, error)) server.APIRead[B] {
	return server.APIRead[B]{Perms: []access.Permission{perm}, Service: apiFundingService,
		Read: func(_ *server.Server, c fiber.Ctx, r server.APIOrgCall) (B, error) { return read(c, r) }}
}

// apiFundingInstructions answers the instructions keyed by virtual account
// number, each entry carrying it too (spec 000 §3).
func (s area) apiFundingInstructions(c fiber.Ctx, r server.APIOrgCall) (server.APIDataBody[map[string]provider.FundingInstruction], error) {
	list, err := s.Funding.FundingInstructions(c.Context(), r.OrgID)
	out := make(map[string]provider.FundingInstruction, len(list))
	for _, f := range list {
		out[f.VirtualAccountNumber] = f
	}
	return server.APIDataOf(out), err
}

type apiAcceptChanges struct {
	_                 struct{} `description:"The configuration the user saw."`
	ConfigurationUUID string   `json:"configuration_uuid" required:"true" description:"uuid of the instruction shown." format:"uuid"`
}

func (s area) apiAcceptFundingChanges(c fiber.Ctx, a *server.APICaller) error {
	orgID := a.OrgID
	acct := strings.Clone(c.Params(fundingAPIAccountParam))
	var body apiAcceptChanges
	if p := server.DecodeJSON(c, &body); p != nil {
		return server.APIErrors(c, p.Status, *p)
	}
	if strings.TrimSpace(body.ConfigurationUUID) == "" {
		return server.APIErrors(c, fiber.StatusUnprocessableEntity, server.APIField("configuration_uuid", fundingAPIMsgUUIDMissing))
	}
	if err := s.Funding.AcceptFundingChanges(c.Context(), orgID, acct, body.ConfigurationUUID); err != nil {
		return server.APIProviderFail(c, err, server.APITexts{provider.ECONFLICT: {Source: &server.APISource{Pointer: "/configuration_uuid"}}})
	}
	f, err := s.Funding.FundingInstruction(c.Context(), orgID, acct)
	if err != nil {
		return server.APIProviderFail(c, err, nil)
	}
	return server.APIData(c, f)
}

// apiCryptoToken is the partner widget token of one account, with the
// widget addresses it opens.
type apiCryptoToken struct {
	_          struct{}  `description:"A partner widget token."`
	Token      string    `json:"token" description:"Opaque token for the widget URL."`
	ExpiresAt  time.Time `json:"expires_at" description:"When it stops working."`
	Manage     bool      `json:"manage" description:"Whether it opens the wallets widget."`
	HistoryURL string    `json:"history_url" description:"The history widget with the token."`
	WalletsURL string    `json:"wallets_url,omitempty" description:"The wallets widget with the token (crypto:manage only)."`
}

func (s area) apiCryptoToken(c fiber.Ctx, r server.APIOrgCall) (server.APIDataBody[apiCryptoToken], error) {
	var out server.APIDataBody[apiCryptoToken]
	acct := strings.Clone(c.Query(cryptoAPIAccountQuery))
	if acct == "" {
		return out, server.APIRefuse(fiber.StatusUnprocessableEntity, server.APIProblem{Status: fiber.StatusUnprocessableEntity, Code: server.APICodeInvalid,
			Title: cryptoAPIAccountQuery + " is required", Source: &server.APISource{Parameter: cryptoAPIAccountQuery}})
	}
	// A GET: the provider signs the token rather than storing it, so this writes nothing.
	tok, err := s.Crypto.CryptoToken(c.Context(), r.OrgID, r.Caller.User.ID, acct, r.Perms.Has(access.CryptoManage))
	if err != nil {
		return out, err
	}
	base, _ := s.cryptoWidgetBase()
	q := "?token=" + tok.Token // base64url: nothing to escape
	out.Data = apiCryptoToken{Token: tok.Token, ExpiresAt: tok.ExpiresAt, Manage: tok.Manage, HistoryURL: base + "/history" + q}
	if tok.Manage {
		out.Data.WalletsURL = base + "/wallets" + q
	}
	return out, nil
}

// apiCryptoBeneficiary is one account's crypto funding beneficiary.
type apiCryptoBeneficiary struct {
	_                    struct{}             `description:"One account's crypto beneficiary."`
	VirtualAccountNumber string               `json:"virtual_account_number" description:"The account."`
	CurrencyISO          string               `json:"currency_iso" description:"Currency of the account." example:"USDT"`
	Beneficiary          provider.Beneficiary `json:"beneficiary"`
}

func (s area) apiCryptoBeneficiaries(c fiber.Ctx, r server.APIOrgCall) (server.APIDataBody[[]apiCryptoBeneficiary], error) {
	list, err := s.Funding.FundingInstructions(c.Context(), r.OrgID)
	if err != nil {
		return server.APIDataBody[[]apiCryptoBeneficiary]{}, err
	}
	out := []apiCryptoBeneficiary{}
	for _, f := range list {
		if f.Beneficiary.Crypto() {
			out = append(out, apiCryptoBeneficiary{VirtualAccountNumber: f.VirtualAccountNumber, CurrencyISO: f.CurrencyISO, Beneficiary: f.Beneficiary})
		}
	}
	return server.APIDataOf(out), nil
}

var apiReplyFundingForbidden = server.APIErrorReply(fiber.StatusForbidden,
	"Code forbidden when the role lacks the permission; MissingScope when the credential lacks the scope; invalid_csrf when a cookie-authenticated change lacks X-CSRF-Token.")

func (s area) apiOperations() []server.APIOp {
	accountParam := server.OAParameter{Name: fundingAPIAccountParam, In: "path", Required: true, Description: "Virtual account number of an account the organisation owns.", Schema: server.OAString("")}
	return []server.APIOp{
		server.APIReadOp(server.APIOp{
			ID: "listFundingInstructions", Path: "/collection/organisations/{id}/funding_instructions", Tag: "Funding",
			Summary: "List funding instructions", Description: "How to fund each account the organisation owns or shares.",
			Auth: server.APIBearer, Scopes: server.APIScopesDashboard, Params: []server.OAParameter{server.APIOrgIDParam},
			Responses: []server.APIResponse{server.APIReplyUnauthorized, apiReplyFundingForbidden, server.APIReplyNotFound},
		}, "The instructions keyed by virtual account number (possibly none).", apiFundingRead(access.AccountsFunding, s.apiFundingInstructions)),
		{
			ID: "acceptFundingChanges", Method: fiber.MethodPut, Path: "/collection/organisations/{id}/funding_instructions/{accountNumber}/accept_changes", Tag: "Funding",
			Summary: "Acknowledge changed funding instructions", Description: "\"I got it!\": acknowledges the account's current, changed configuration. Acknowledging it again changes nothing.",
			Auth: server.APIBearer, Scopes: server.APIScopesDashboard, Needs: []access.Permission{access.AccountsFunding}, Service: apiFundingService,
			Params: []server.OAParameter{server.APIOrgIDParam, accountParam}, Body: server.APIBody[apiAcceptChanges](),
			Responses: []server.APIResponse{server.APIDataOK[provider.FundingInstruction]("The instruction, now unchanged."),
				server.APIReplyUnauthorized, apiReplyFundingForbidden,
				server.APIErrorReply(fiber.StatusNotFound, "Not a member, no such organisation, or an account the organisation does not own or without instructions."),
				server.APIErrorReply(fiber.StatusConflict, "The configuration is older than the current one (code conflict): show the instructions again."),
				server.APIErrorReply(fiber.StatusUnprocessableEntity, "configuration_uuid missing (code invalid)."),
				server.APIErrorReply(fiber.StatusUnsupportedMediaType, "The body is not application/json.")},
			Handler: func(_ *server.Server, c fiber.Ctx, a *server.APICaller) error { return s.apiAcceptFundingChanges(c, a) },
		},
		server.APIReadOp(server.APIOp{
			ID: "getCryptoToken", Path: "/crypto/organisations/{id}/c2c/token", Tag: "Crypto",
			Summary: "Get a crypto partner widget token", Description: "A token, valid 10 minutes, that opens the partner's widgets for one crypto account: history always, wallets with crypto:manage.",
			Auth: server.APIBearer, Scopes: server.APIScopesDashboard,
			Params: []server.OAParameter{server.APIOrgIDParam, {Name: cryptoAPIAccountQuery, In: "query", Required: true, Description: "An account with a crypto funding beneficiary.", Schema: server.OAString("")}},
			Responses: []server.APIResponse{server.APIReplyUnauthorized, apiReplyFundingForbidden,
				server.APIErrorReply(fiber.StatusNotFound, "Not a member, no such organisation, or no crypto account of that number."),
				server.APIErrorReply(fiber.StatusUnprocessableEntity, "virtual_account_number missing (code invalid).")},
		}, "The token and the widget addresses it opens.", apiFundingRead(access.CryptoRead, s.apiCryptoToken)),
		server.APIReadOp(server.APIOp{
			ID: "listCryptoBeneficiaries", Path: "/crypto/organisations/{id}/beneficiaries", Tag: "Crypto",
			Summary: "List crypto funding beneficiaries", Description: "The accounts funded through a crypto wallet, with network and address.",
			Auth: server.APIBearer, Scopes: server.APIScopesDashboard, Params: []server.OAParameter{server.APIOrgIDParam},
			Responses: []server.APIResponse{server.APIReplyUnauthorized, apiReplyFundingForbidden, server.APIReplyNotFound},
		}, "The beneficiaries by account (possibly none).", apiFundingRead(access.CryptoRead, s.apiCryptoBeneficiaries)),
	}
}
