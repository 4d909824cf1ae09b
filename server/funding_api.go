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

// fundingAPIAccess checks membership and permission; ok false means the
// answer has been sent.
func (s *Server) fundingAPIAccess(c fiber.Ctx, a *apiCaller, p access.Permission) (orgID string, set access.Set, ok bool, err error) {
	orgID = apiPathOrg(c)
	if set, ok, err = s.apiAccess(c, a, orgID, p); !ok {
		return orgID, set, false, err
	}
	if s.Funding == nil || s.Crypto == nil {
		return orgID, set, false, apiError(c, fiber.StatusNotFound, apiCodeNotFound, apiMsgNotFound)
	}
	return orgID, set, true, nil
}

// apiFundingInstructions answers the instructions keyed by virtual account
// number, each entry carrying it too (spec 000 §3).
func (s *Server) apiFundingInstructions(c fiber.Ctx, a *apiCaller) error {
	orgID, _, ok, err := s.fundingAPIAccess(c, a, access.AccountsFunding)
	if !ok {
		return err
	}
	list, err := s.Funding.FundingInstructions(c.Context(), orgID)
	if err != nil {
		return err
	}
	out := make(map[string]provider.FundingInstruction, len(list))
	for _, f := range list {
		out[f.VirtualAccountNumber] = f
	}
	return apiData(c, out)
}

type apiAcceptChanges struct {
	ConfigurationUUID string `json:"configuration_uuid"`
}

func (s *Server) apiAcceptFundingChanges(c fiber.Ctx, a *apiCaller) error {
	orgID, _, ok, err := s.fundingAPIAccess(c, a, access.AccountsFunding)
	if !ok {
		return err
	}
	acct := strings.Clone(c.Params(fundingAPIAccountParam))
	var body apiAcceptChanges
	if p := decodeJSON(c, &body); p != nil {
		return apiErrors(c, p.Status, *p)
	}
	if strings.TrimSpace(body.ConfigurationUUID) == "" {
		return apiErrors(c, fiber.StatusUnprocessableEntity, apiField("configuration_uuid", fundingAPIMsgUUIDMissing))
	}
	if err := s.Funding.AcceptFundingChanges(c.Context(), orgID, acct, body.ConfigurationUUID); err != nil {
		return apiProviderFail(c, err, apiTexts{provider.ECONFLICT: {Source: &apiSource{Pointer: "/configuration_uuid"}}})
	}
	f, err := s.Funding.FundingInstruction(c.Context(), orgID, acct)
	if err != nil {
		return apiProviderFail(c, err, nil)
	}
	return apiData(c, f)
}

// apiCryptoToken is the partner widget token of one account, with the
// widget addresses it opens.
type apiCryptoToken struct {
	Token      string    `json:"token"`
	ExpiresAt  time.Time `json:"expires_at"`
	Manage     bool      `json:"manage"`
	HistoryURL string    `json:"history_url"`
	WalletsURL string    `json:"wallets_url,omitempty"`
}

func (s *Server) apiCryptoToken(c fiber.Ctx, a *apiCaller) error {
	orgID, set, ok, err := s.fundingAPIAccess(c, a, access.CryptoRead)
	if !ok {
		return err
	}
	acct := strings.Clone(c.Query(cryptoAPIAccountQuery))
	if acct == "" {
		return apiErrors(c, fiber.StatusUnprocessableEntity, apiProblem{Status: fiber.StatusUnprocessableEntity, Code: apiCodeInvalid,
			Title: cryptoAPIAccountQuery + " is required", Source: &apiSource{Parameter: cryptoAPIAccountQuery}})
	}
	tok, err := s.Crypto.CryptoToken(c.Context(), orgID, acct, set.Has(access.CryptoManage))
	if err != nil {
		return apiProviderFail(c, err, nil)
	}
	base, _ := s.cryptoWidgetBase()
	q := "?token=" + tok.Token // base64url: nothing to escape
	out := apiCryptoToken{Token: tok.Token, ExpiresAt: tok.ExpiresAt, Manage: tok.Manage, HistoryURL: base + "/history" + q}
	if tok.Manage {
		out.WalletsURL = base + "/wallets" + q
	}
	return apiData(c, out)
}

// apiCryptoBeneficiary is one account's crypto funding beneficiary.
type apiCryptoBeneficiary struct {
	VirtualAccountNumber string               `json:"virtual_account_number"`
	CurrencyISO          string               `json:"currency_iso"`
	Beneficiary          provider.Beneficiary `json:"beneficiary"`
}

func (s *Server) apiCryptoBeneficiaries(c fiber.Ctx, a *apiCaller) error {
	orgID, _, ok, err := s.fundingAPIAccess(c, a, access.CryptoRead)
	if !ok {
		return err
	}
	list, err := s.Funding.FundingInstructions(c.Context(), orgID)
	if err != nil {
		return err
	}
	out := []apiCryptoBeneficiary{}
	for _, f := range list {
		if f.Beneficiary.Crypto() {
			out = append(out, apiCryptoBeneficiary{VirtualAccountNumber: f.VirtualAccountNumber, CurrencyISO: f.CurrencyISO, Beneficiary: f.Beneficiary})
		}
	}
	return apiData(c, out)
}

// Schemas of the funding operations, written inline: the document's named
// schemas belong to the core.
func fundingBeneficiarySchema() *oaSchema {
	return oaObject("Where to send money to fund the account: bank fields for a fiat account, network and wallet for a crypto one; fields that do not apply are empty.",
		oaField("full_name", oaString("Beneficiary name.")),
		oaField("iban", oaString("IBAN.")),
		oaField("bank_name", oaString("Bank name.")),
		oaField("bank_address", oaString("Bank address.")),
		oaField("account_number", oaString("Bank account number.")),
		oaField("sort_code", oaString("Sort code.")),
		oaField("swift_code", oaString("SWIFT/BIC.")),
		oaField("crypto_network", oaString("Crypto network.").withExample("Tron (TRC20)")),
		oaField("wallet_address", oaString("Wallet address.")))
}

func fundingInstructionSchema() *oaSchema {
	return oaObject("How to fund one virtual account.",
		oaField("uuid", oaString("The current funding configuration; accept_changes names it.").withFormat("uuid")),
		oaField("virtual_account_number", oaString("The account.")),
		oaField("currency_iso", oaString("Currency of the account.").withExample("EUR")),
		oaField("changed", oaBool("The configuration changed and is not yet acknowledged (\"I got it!\").")),
		oaField("funding_reference", oaString("Reference to quote when sending money.")),
		oaField("beneficiary", fundingBeneficiarySchema()))
}

var apiReplyFundingForbidden = apiErrorReply(fiber.StatusForbidden,
	"Code forbidden when the role lacks the permission; MissingScope when the credential lacks the scope; invalid_csrf when a cookie-authenticated change lacks X-CSRF-Token.")

func apiFundingOperations() []apiOp {
	keyed := &oaSchema{Type: "object", Description: "Instructions keyed by virtual account number.", AdditionalProperties: fundingInstructionSchema()}
	accountParam := oaParameter{Name: fundingAPIAccountParam, In: "path", Required: true, Description: "Virtual account number of an account the organisation owns.", Schema: oaString("")}
	return []apiOp{
		{
			ID: "listFundingInstructions", Method: fiber.MethodGet, Path: "/collection/organisations/{id}/funding_instructions", Tag: "Funding",
			Summary: "List funding instructions", Description: "How to fund each account the organisation owns or shares. Needs accounts:funding.",
			Auth: apiBearer, Scopes: apiScopesDashboard, Params: []oaParameter{apiOrgIDParam},
			Responses: []apiResponse{{Status: fiber.StatusOK, Description: "The instructions (possibly none).", Schema: oaData(keyed)},
				apiReplyUnauthorized, apiReplyFundingForbidden, apiReplyNotFound},
			Handler: (*Server).apiFundingInstructions,
		},
		{
			ID: "acceptFundingChanges", Method: fiber.MethodPut, Path: "/collection/organisations/{id}/funding_instructions/{accountNumber}/accept_changes", Tag: "Funding",
			Summary: "Acknowledge changed funding instructions", Description: "\"I got it!\": acknowledges the account's current, changed configuration. Acknowledging it again changes nothing. Needs accounts:funding.",
			Auth: apiBearer, Scopes: apiScopesDashboard, Params: []oaParameter{apiOrgIDParam, accountParam},
			Body: oaObject("The configuration the user saw.", oaField("configuration_uuid", oaString("uuid of the instruction shown.").withFormat("uuid"))),
			Responses: []apiResponse{{Status: fiber.StatusOK, Description: "The instruction, now unchanged.", Schema: oaData(fundingInstructionSchema())},
				apiReplyUnauthorized, apiReplyFundingForbidden,
				apiErrorReply(fiber.StatusNotFound, "Not a member, no such organisation, or an account the organisation does not own or without instructions."),
				apiErrorReply(fiber.StatusConflict, "The configuration is older than the current one (code conflict): show the instructions again."),
				apiErrorReply(fiber.StatusUnprocessableEntity, "configuration_uuid missing (code invalid)."),
				apiErrorReply(fiber.StatusUnsupportedMediaType, "The body is not application/json.")},
			Handler: (*Server).apiAcceptFundingChanges,
		},
		{
			ID: "getCryptoToken", Method: fiber.MethodGet, Path: "/crypto/organisations/{id}/c2c/token", Tag: "Crypto",
			Summary: "Get a crypto partner widget token", Description: "A token, valid 10 minutes, that opens the partner's widgets for one crypto account: history always, wallets with crypto:manage. Needs crypto:read.",
			Auth: apiBearer, Scopes: apiScopesDashboard,
			Params: []oaParameter{apiOrgIDParam, {Name: cryptoAPIAccountQuery, In: "query", Required: true, Description: "An account with a crypto funding beneficiary.", Schema: oaString("")}},
			Responses: []apiResponse{{Status: fiber.StatusOK, Description: "The token and the widget addresses it opens.", Schema: oaData(oaObject("A partner widget token.",
				oaField("token", oaString("Opaque token for the widget URL.")),
				oaField("expires_at", oaString("When it stops working.").withFormat("date-time")),
				oaField("manage", oaBool("Whether it opens the wallets widget.")),
				oaField("history_url", oaString("The history widget with the token.")),
				oaOptional("wallets_url", oaString("The wallets widget with the token (crypto:manage only)."))))},
				apiReplyUnauthorized, apiReplyFundingForbidden,
				apiErrorReply(fiber.StatusNotFound, "Not a member, no such organisation, or no crypto account of that number."),
				apiErrorReply(fiber.StatusUnprocessableEntity, "virtual_account_number missing (code invalid).")},
			Handler: (*Server).apiCryptoToken,
		},
		{
			ID: "listCryptoBeneficiaries", Method: fiber.MethodGet, Path: "/crypto/organisations/{id}/beneficiaries", Tag: "Crypto",
			Summary: "List crypto funding beneficiaries", Description: "The accounts funded through a crypto wallet, with network and address. Needs crypto:read.",
			Auth: apiBearer, Scopes: apiScopesDashboard, Params: []oaParameter{apiOrgIDParam},
			Responses: []apiResponse{{Status: fiber.StatusOK, Description: "The beneficiaries by account (possibly none).", Schema: oaData(oaArray(oaObject("One account's crypto beneficiary.",
				oaField("virtual_account_number", oaString("The account.")),
				oaField("currency_iso", oaString("Currency of the account.").withExample("USDT")),
				oaField("beneficiary", fundingBeneficiarySchema())), ""))},
				apiReplyUnauthorized, apiReplyFundingForbidden, apiReplyNotFound},
			Handler: (*Server).apiCryptoBeneficiaries,
		},
	}
}
