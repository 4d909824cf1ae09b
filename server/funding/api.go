package funding

import (
	"strings"
	"time"

	"github.com/gofiber/fiber/v3"

	"portal/access"
	"portal/provider"
	"portal/server"
	"portal/server/api"
)

// Funding and crypto operations of the API (spec 000 §7). Each checks
// membership first (404 for a non-member, as for an unknown organisation),
// then the permission (403).

const (
	fundingAPIAccountParam   = "accountNumber"
	cryptoAPIAccountQuery    = "virtual_account_number"
	fundingAPIMsgUUIDMissing = "configuration_uuid is required"
)

// fundingOff says the provider offers neither funding nor crypto: the
// area's calls answer 404.
func fundingOff(s *server.Server) bool { return s.Funding == nil || s.Crypto == nil }

// apiFundingRead is a read of the funding area needing perm.
func apiFundingRead[B api.Envelope](srv *server.Server, perm access.Permission, read func(fiber.Ctx, api.OrgCall) (B, error)) api.Read[B] {
	return api.Read[B]{Perms: []access.Permission{perm}, Off: fundingOff(srv),
		Read: read}
}

// apiFundingInstructions answers the instructions keyed by virtual account
// number, each entry carrying it too (spec 000 §3).
func (s area) apiFundingInstructions(c fiber.Ctx, r api.OrgCall) (api.DataBody[map[string]provider.FundingInstruction], error) {
	list, err := s.Funding.FundingInstructions(c.Context(), r.OrgID)
	out := make(map[string]provider.FundingInstruction, len(list))
	for _, f := range list {
		out[f.VirtualAccountNumber] = f
	}
	return api.DataOf(out), err
}

type apiAcceptChanges struct {
	_                 struct{} `description:"The configuration the user saw."`
	ConfigurationUUID string   `json:"configuration_uuid" required:"true" description:"uuid of the instruction shown." format:"uuid"`
}

func (s area) apiAcceptFundingChanges(c fiber.Ctx, a *api.Caller) error {
	orgID := a.OrgID
	acct := strings.Clone(c.Params(fundingAPIAccountParam))
	var body apiAcceptChanges
	if p := api.DecodeJSON(c, &body); p != nil {
		return api.Errors(c, p.Status, *p)
	}
	if strings.TrimSpace(body.ConfigurationUUID) == "" {
		return api.Errors(c, fiber.StatusUnprocessableEntity, api.Field("configuration_uuid", fundingAPIMsgUUIDMissing))
	}
	if err := s.Funding.AcceptFundingChanges(c.Context(), orgID, acct, body.ConfigurationUUID); err != nil {
		return api.ProviderFail(c, err, api.Texts{provider.ECONFLICT: {Source: &api.Source{Pointer: "/configuration_uuid"}}})
	}
	f, err := s.Funding.FundingInstruction(c.Context(), orgID, acct)
	if err != nil {
		return api.ProviderFail(c, err, nil)
	}
	return api.Data(c, f)
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

func (s area) apiCryptoToken(c fiber.Ctx, r api.OrgCall) (api.DataBody[apiCryptoToken], error) {
	var out api.DataBody[apiCryptoToken]
	acct := strings.Clone(c.Query(cryptoAPIAccountQuery))
	if acct == "" {
		return out, api.Refuse(fiber.StatusUnprocessableEntity, api.ParamProblem(cryptoAPIAccountQuery, cryptoAPIAccountQuery+" is required"))
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

func (s area) apiCryptoBeneficiaries(c fiber.Ctx, r api.OrgCall) (api.DataBody[[]apiCryptoBeneficiary], error) {
	list, err := s.Funding.FundingInstructions(c.Context(), r.OrgID)
	if err != nil {
		return api.DataBody[[]apiCryptoBeneficiary]{}, err
	}
	out := []apiCryptoBeneficiary{}
	for _, f := range list {
		if f.Beneficiary.Crypto() {
			out = append(out, apiCryptoBeneficiary{VirtualAccountNumber: f.VirtualAccountNumber, CurrencyISO: f.CurrencyISO, Beneficiary: f.Beneficiary})
		}
	}
	return api.DataOf(out), nil
}

var apiReplyFundingForbidden = api.ErrorReply(fiber.StatusForbidden,
	"Code forbidden when the role lacks the permission; MissingScope when the credential lacks the scope; invalid_csrf when a cookie-authenticated change lacks X-CSRF-Token.")

func (s area) apiOperations() []api.Op {
	accountParam := api.Parameter{Name: fundingAPIAccountParam, In: "path", Required: true, Description: "Virtual account number of an account the organisation owns.", Schema: api.String("")}
	return []api.Op{
		api.ReadOp(api.Op{
			ID: "listFundingInstructions", Path: "/collection/organisations/{id}/funding_instructions", Tag: "Funding",
			Summary: "List funding instructions", Description: "How to fund each account the organisation owns or shares.",
			Auth: api.Bearer, Scopes: api.ScopesDashboard, Params: []api.Parameter{api.OrgIDParam},
			Responses: []api.Response{api.ReplyUnauthorized, apiReplyFundingForbidden, api.ReplyNotFound},
		}, "The instructions keyed by virtual account number (possibly none).", apiFundingRead(s.Server, access.AccountsFunding, s.apiFundingInstructions)),
		{
			ID: "acceptFundingChanges", Method: fiber.MethodPut, Path: "/collection/organisations/{id}/funding_instructions/{accountNumber}/accept_changes", Tag: "Funding",
			Summary: "Acknowledge changed funding instructions", Description: "\"I got it!\": acknowledges the account's current, changed configuration. Acknowledging it again changes nothing.",
			Auth: api.Bearer, Scopes: api.ScopesDashboard, Needs: []access.Permission{access.AccountsFunding}, Off: fundingOff(s.Server),
			Params: []api.Parameter{api.OrgIDParam, accountParam}, Body: api.Body[apiAcceptChanges](),
			Responses: []api.Response{api.DataOK[provider.FundingInstruction]("The instruction, now unchanged."),
				api.ReplyUnauthorized, apiReplyFundingForbidden,
				api.ErrorReply(fiber.StatusNotFound, "Not a member, no such organisation, or an account the organisation does not own or without instructions."),
				api.ErrorReply(fiber.StatusConflict, "The configuration is older than the current one (code conflict): show the instructions again."),
				api.ErrorReply(fiber.StatusUnprocessableEntity, "configuration_uuid missing (code invalid)."),
				api.ErrorReply(fiber.StatusUnsupportedMediaType, "The body is not application/json.")},
			Handler: s.apiAcceptFundingChanges,
		},
		api.ReadOp(api.Op{
			ID: "getCryptoToken", Path: "/crypto/organisations/{id}/c2c/token", Tag: "Crypto",
			Summary: "Get a crypto partner widget token", Description: "A token, valid 10 minutes, that opens the partner's widgets for one crypto account: history always, wallets with crypto:manage.",
			Auth: api.Bearer, Scopes: api.ScopesDashboard,
			Params: []api.Parameter{api.OrgIDParam, {Name: cryptoAPIAccountQuery, In: "query", Required: true, Description: "An account with a crypto funding beneficiary.", Schema: api.String("")}},
			Responses: []api.Response{api.ReplyUnauthorized, apiReplyFundingForbidden,
				api.ErrorReply(fiber.StatusNotFound, "Not a member, no such organisation, or no crypto account of that number."),
				api.ErrorReply(fiber.StatusUnprocessableEntity, "virtual_account_number missing (code invalid).")},
		}, "The token and the widget addresses it opens.", apiFundingRead(s.Server, access.CryptoRead, s.apiCryptoToken)),
		api.ReadOp(api.Op{
			ID: "listCryptoBeneficiaries", Path: "/crypto/organisations/{id}/beneficiaries", Tag: "Crypto",
			Summary: "List crypto funding beneficiaries", Description: "The accounts funded through a crypto wallet, with network and address.",
			Auth: api.Bearer, Scopes: api.ScopesDashboard, Params: []api.Parameter{api.OrgIDParam},
			Responses: []api.Response{api.ReplyUnauthorized, apiReplyFundingForbidden, api.ReplyNotFound},
		}, "The beneficiaries by account (possibly none).", apiFundingRead(s.Server, access.CryptoRead, s.apiCryptoBeneficiaries)),
	}
}
