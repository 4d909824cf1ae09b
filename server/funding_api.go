package server

import (
	"strings"
	"time"

	"github.com/gofiber/fiber/v3"

	"portal/access"
	"portal/provider"
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
func apiFundingService(s *Server) *APIProblem {
	if s.Funding == nil || s.Crypto == nil {
		return &APIProblem{Status: fiber.StatusNotFound, Code: APICodeNotFound, Title: APIMsgNotFound}
	}
	return nil
}

// fundingAPIAccess checks membership and permission for a change; ok false
// means the answer has been sent.
func (s *Server) fundingAPIAccess(c fiber.Ctx, a *APICaller, p access.Permission) (orgID string, ok bool, err error) {
	orgID = APIPathOrg(c)
	if _, ok, err = s.APIAccess(c, a, orgID, p); !ok {
		return orgID, false, err
	}
	if p := apiFundingService(s); p != nil {
		return orgID, false, APIErrors(c, p.Status, *p)
	}
	return orgID, true, nil
}

// apiFundingRead is a read of the funding area needing perm.
func apiFundingRead[B APIEnvelope](perm access.Permission, read func(*Server, fiber.Ctx, APIOrgCall) (B, error)) APIRead[B] {
	return APIRead[B]{Perms: []access.Permission{perm}, Service: apiFundingService, Read: read}
}

// apiFundingInstructions answers the instructions keyed by virtual account
// number, each entry carrying it too (spec 000 §3).
func (s *Server) apiFundingInstructions(c fiber.Ctx, r APIOrgCall) (APIDataBody[map[string]provider.FundingInstruction], error) {
	list, err := s.Funding.FundingInstructions(c.Context(), r.OrgID)
	out := make(map[string]provider.FundingInstruction, len(list))
	for _, f := range list {
		out[f.VirtualAccountNumber] = f
	}
	return APIDataOf(out), err
}

type apiAcceptChanges struct {
	_                 struct{} `description:"The configuration the user saw."`
	ConfigurationUUID string   `json:"configuration_uuid" description:"uuid of the instruction shown." format:"uuid"`
}

func (s *Server) apiAcceptFundingChanges(c fiber.Ctx, a *APICaller) error {
	orgID, ok, err := s.fundingAPIAccess(c, a, access.AccountsFunding)
	if !ok {
		return err
	}
	acct := strings.Clone(c.Params(fundingAPIAccountParam))
	var body apiAcceptChanges
	if p := DecodeJSON(c, &body); p != nil {
		return APIErrors(c, p.Status, *p)
	}
	if strings.TrimSpace(body.ConfigurationUUID) == "" {
		return APIErrors(c, fiber.StatusUnprocessableEntity, APIField("configuration_uuid", fundingAPIMsgUUIDMissing))
	}
	if err := s.Funding.AcceptFundingChanges(c.Context(), orgID, acct, body.ConfigurationUUID); err != nil {
		return APIProviderFail(c, err, APITexts{provider.ECONFLICT: {Source: &APISource{Pointer: "/configuration_uuid"}}})
	}
	f, err := s.Funding.FundingInstruction(c.Context(), orgID, acct)
	if err != nil {
		return APIProviderFail(c, err, nil)
	}
	return APIData(c, f)
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

func (s *Server) apiCryptoToken(c fiber.Ctx, r APIOrgCall) (APIDataBody[apiCryptoToken], error) {
	var out APIDataBody[apiCryptoToken]
	acct := strings.Clone(c.Query(cryptoAPIAccountQuery))
	if acct == "" {
		return out, APIRefuse(fiber.StatusUnprocessableEntity, APIProblem{Status: fiber.StatusUnprocessableEntity, Code: APICodeInvalid,
			Title: cryptoAPIAccountQuery + " is required", Source: &APISource{Parameter: cryptoAPIAccountQuery}})
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

func (s *Server) apiCryptoBeneficiaries(c fiber.Ctx, r APIOrgCall) (APIDataBody[[]apiCryptoBeneficiary], error) {
	list, err := s.Funding.FundingInstructions(c.Context(), r.OrgID)
	if err != nil {
		return APIDataBody[[]apiCryptoBeneficiary]{}, err
	}
	out := []apiCryptoBeneficiary{}
	for _, f := range list {
		if f.Beneficiary.Crypto() {
			out = append(out, apiCryptoBeneficiary{VirtualAccountNumber: f.VirtualAccountNumber, CurrencyISO: f.CurrencyISO, Beneficiary: f.Beneficiary})
		}
	}
	return APIDataOf(out), nil
}

var apiReplyFundingForbidden = APIErrorReply(fiber.StatusForbidden,
	"Code forbidden when the role lacks the permission; MissingScope when the credential lacks the scope; invalid_csrf when a cookie-authenticated change lacks X-CSRF-Token.")

func apiFundingOperations() []APIOp {
	accountParam := OAParameter{Name: fundingAPIAccountParam, In: "path", Required: true, Description: "Virtual account number of an account the organisation owns.", Schema: OAString("")}
	return []APIOp{
		APIReadOp(APIOp{
			ID: "listFundingInstructions", Path: "/collection/organisations/{id}/funding_instructions", Tag: "Funding",
			Summary: "List funding instructions", Description: "How to fund each account the organisation owns or shares. Needs accounts:funding.",
			Auth: APIBearer, Scopes: APIScopesDashboard, Params: []OAParameter{APIOrgIDParam},
			Responses: []APIResponse{APIReplyUnauthorized, apiReplyFundingForbidden, APIReplyNotFound},
		}, "The instructions keyed by virtual account number (possibly none).", apiFundingRead(access.AccountsFunding, (*Server).apiFundingInstructions)),
		{
			ID: "acceptFundingChanges", Method: fiber.MethodPut, Path: "/collection/organisations/{id}/funding_instructions/{accountNumber}/accept_changes", Tag: "Funding",
			Summary: "Acknowledge changed funding instructions", Description: "\"I got it!\": acknowledges the account's current, changed configuration. Acknowledging it again changes nothing. Needs accounts:funding.",
			Auth: APIBearer, Scopes: APIScopesDashboard, Params: []OAParameter{APIOrgIDParam, accountParam},
			Body: APIBody[apiAcceptChanges](),
			Responses: []APIResponse{APIDataOK[provider.FundingInstruction]("The instruction, now unchanged."),
				APIReplyUnauthorized, apiReplyFundingForbidden,
				APIErrorReply(fiber.StatusNotFound, "Not a member, no such organisation, or an account the organisation does not own or without instructions."),
				APIErrorReply(fiber.StatusConflict, "The configuration is older than the current one (code conflict): show the instructions again."),
				APIErrorReply(fiber.StatusUnprocessableEntity, "configuration_uuid missing (code invalid)."),
				APIErrorReply(fiber.StatusUnsupportedMediaType, "The body is not application/json.")},
			Handler: (*Server).apiAcceptFundingChanges,
		},
		APIReadOp(APIOp{
			ID: "getCryptoToken", Path: "/crypto/organisations/{id}/c2c/token", Tag: "Crypto",
			Summary: "Get a crypto partner widget token", Description: "A token, valid 10 minutes, that opens the partner's widgets for one crypto account: history always, wallets with crypto:manage. Needs crypto:read.",
			Auth: APIBearer, Scopes: APIScopesDashboard,
			Params: []OAParameter{APIOrgIDParam, {Name: cryptoAPIAccountQuery, In: "query", Required: true, Description: "An account with a crypto funding beneficiary.", Schema: OAString("")}},
			Responses: []APIResponse{APIReplyUnauthorized, apiReplyFundingForbidden,
				APIErrorReply(fiber.StatusNotFound, "Not a member, no such organisation, or no crypto account of that number."),
				APIErrorReply(fiber.StatusUnprocessableEntity, "virtual_account_number missing (code invalid).")},
		}, "The token and the widget addresses it opens.", apiFundingRead(access.CryptoRead, (*Server).apiCryptoToken)),
		APIReadOp(APIOp{
			ID: "listCryptoBeneficiaries", Path: "/crypto/organisations/{id}/beneficiaries", Tag: "Crypto",
			Summary: "List crypto funding beneficiaries", Description: "The accounts funded through a crypto wallet, with network and address. Needs crypto:read.",
			Auth: APIBearer, Scopes: APIScopesDashboard, Params: []OAParameter{APIOrgIDParam},
			Responses: []APIResponse{APIReplyUnauthorized, apiReplyFundingForbidden, APIReplyNotFound},
		}, "The beneficiaries by account (possibly none).", apiFundingRead(access.CryptoRead, (*Server).apiCryptoBeneficiaries)),
	}
}
