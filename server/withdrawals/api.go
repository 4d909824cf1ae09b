package withdrawals

import (
	"strconv"
	"strings"

	"github.com/gofiber/fiber/v3"

	"portal/access"
	"portal/provider"
	"portal/server"
	"portal/server/api"
)

// The withdrawal calls of the JSON API (spec 001 §7 "Withdrawals"): the list with its filter,
// page, sort and dates, one withdrawal, create, the withdrawal accounts, their links
// (filtered by status) and the exchange rate; plus the review the dialog confirms (the spec
// names no path for it). Reads are api.ReadOp reads (membership 404, then the permission
// 403); the two writes check the same declared on the operation (api.Op.Needs), which the router checks first.

const (
	apiTag                 = "Withdrawals"
	apiHeaderIdempotency   = "Idempotency-Key"
	apiSchemeVirtual       = "VirtualAccount"
	apiMaxIdempotencyKeyLn = 255
)

// apiAccountRef is the spec's debtor_account and creditor_account objects.
type apiDebtorAccount struct {
	_          struct{} `name:"WithdrawalDebtorAccount" description:"The virtual account to debit."`
	SchemeName string   `json:"scheme_name" required:"true" description:"Always VirtualAccount." enum:"VirtualAccount"`
	ID         string   `json:"id" required:"true" description:"The virtual account number; one the organisation owns."`
}

type apiCreditorAccount struct {
	_  struct{} `name:"WithdrawalCreditorRef" description:"The withdrawal account to send to."`
	ID string   `json:"id" required:"true" description:"The withdrawal account's uuid, actively linked to the debtor account." format:"uuid"`
}

// apiCreateBody is the spec's create payload (001 §7), plus the review being confirmed.
type apiCreateBody struct {
	_               struct{}           `name:"WithdrawalCreateRequest" description:"A withdrawal: amount in the debtor account's currency."`
	EndToEndID      string             `json:"end_to_end_id" required:"true" description:"The customer's reference: 1 to 35 letters, digits, - or _, unique in the organisation."`
	Amount          string             `json:"amount" required:"true" description:"To debit, in currency_code, without thousands separators, at most its decimals." example:"1500.00"`
	CurrencyCode    string             `json:"currency_code" required:"true" description:"The debtor account's currency." example:"EUR"`
	CreditorAccount apiCreditorAccount `json:"creditor_account" required:"true"`
	DebtorAccount   apiDebtorAccount   `json:"debtor_account" required:"true"`
	ReviewID        string             `json:"review_id,omitempty" description:"The review being confirmed (createWithdrawalReview). With it, the body must be the review's and the review's rate is booked; without it an Idempotency-Key header is required." format:"uuid"`
}

func (b apiCreateBody) request(by string) provider.WithdrawalCreate {
	return provider.WithdrawalCreate{DebtorAccount: strings.TrimSpace(b.DebtorAccount.ID), CreditorAccountID: strings.TrimSpace(b.CreditorAccount.ID),
		Amount: strings.TrimSpace(b.Amount), CurrencyCode: strings.TrimSpace(b.CurrencyCode), EndToEndID: strings.TrimSpace(b.EndToEndID),
		ReviewID: strings.TrimSpace(b.ReviewID), CreatedBy: by}
}

// apiPointer is the body field each provider field is about.
var apiPointer = map[string]string{
	provider.FieldWithdrawalDebtor:     "debtor_account/id",
	provider.FieldWithdrawalCreditor:   "creditor_account/id",
	provider.FieldWithdrawalAmount:     "amount",
	provider.FieldWithdrawalCurrency:   "currency_code",
	provider.FieldWithdrawalEndToEndID: "end_to_end_id",
}

// apiRead is a read of the withdrawals service needing withdrawals:read.
func apiRead[B api.Envelope](srv *server.Server, read func(fiber.Ctx, *server.Server, api.OrgCall) (B, error)) api.Read[B] {
	return api.Read[B]{Perms: []access.Permission{access.WithdrawalsRead},
		Read: func(c fiber.Ctx, r api.OrgCall) (B, error) { return read(c, srv, r) }}
}

// apiFilter reads the list's query, every problem at once.
func apiFilter(c fiber.Ctx) (provider.WithdrawalFilter, error) {
	var f provider.WithdrawalFilter
	var err error
	if f.CreatedAfter, f.CreatedBefore, err = api.ReadRange(c); err != nil {
		return f, err
	}
	q := func(name string) string { return strings.TrimSpace(strings.Clone(c.Query(name))) }
	var probs []api.Problem
	f.DebtorAccountNumber, f.Reference = q("filter[debtor_account_number]"), q("filter[reference]")
	if v := q("filter[status]"); v != "" {
		if !provider.ValidWithdrawalStatus(v) {
			probs = append(probs, api.ParamProblem("filter[status]", "Unknown status"))
		}
		f.Status = v
	}
	switch v := q("sort"); v {
	case "", provider.WithdrawalSortNewest, provider.WithdrawalSortOldest:
		f.Sort = v
	default:
		probs = append(probs, api.ParamProblem("sort", "Sort by -created_at (newest first) or created_at"))
	}
	var p *api.Problem
	if f.Cursor, f.Direction, p = api.Cursors(c, "page[cursor_after]", "page[cursor_before]"); p != nil {
		probs = append(probs, *p)
	}
	if v := q("page[size]"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > provider.MaxWithdrawalLimit {
			probs = append(probs, api.ParamProblem("page[size]", "Must be between 1 and "+strconv.Itoa(provider.MaxWithdrawalLimit)))
		}
		f.Limit = n
	}
	if len(probs) > 0 {
		return f, api.Refuse(fiber.StatusUnprocessableEntity, probs...)
	}
	return f, nil
}

func apiList(c fiber.Ctx, s *server.Server, r api.OrgCall) (api.PageBody[[]provider.WithdrawalRequest, api.PageMeta], error) {
	var out api.PageBody[[]provider.WithdrawalRequest, api.PageMeta]
	f, err := apiFilter(c)
	if err != nil {
		return out, err
	}
	page, err := s.Withdrawals.Withdrawals(c.Context(), r.OrgID, f)
	if provider.ErrorCode(err) == provider.EINVALID {
		return out, api.Refuse(fiber.StatusUnprocessableEntity, api.ParamProblem("page[cursor_after]", provider.ErrorMessage(err)))
	}
	if err != nil {
		return out, err
	}
	return api.Page(page.Withdrawals, api.PageMeta{CursorNext: page.CursorNext, CursorPrev: page.CursorPrev,
		HasNextPage: page.HasNext, Total: page.Total}), nil
}

func apiGet(c fiber.Ctx, s *server.Server, r api.OrgCall) (api.DataBody[provider.WithdrawalRequest], error) {
	w, err := s.Withdrawals.Withdrawal(c.Context(), r.OrgID, strings.Clone(c.Params("withdrawal")))
	return api.DataOf(w), err
}

func apiAccounts(c fiber.Ctx, s *server.Server, r api.OrgCall) (api.DataBody[[]provider.WithdrawalAccount], error) {
	a, err := s.Withdrawals.WithdrawalAccounts(c.Context(), r.OrgID)
	return api.DataOf(a), err
}

func apiAuthorizations(c fiber.Ctx, s *server.Server, r api.OrgCall) (api.DataBody[[]provider.WithdrawalAuthorization], error) {
	status := strings.TrimSpace(c.Query("filter[status]"))
	if status != "" && status != provider.AuthorizationActive && status != provider.AuthorizationInactive {
		return api.DataBody[[]provider.WithdrawalAuthorization]{}, api.Refuse(fiber.StatusUnprocessableEntity,
			api.ParamProblem("filter[status]", "Must be active or inactive"))
	}
	a, err := s.Withdrawals.WithdrawalAuthorizations(c.Context(), r.OrgID, status)
	return api.DataOf(a), err
}

func apiRate(c fiber.Ctx, s *server.Server, r api.OrgCall) (api.DataBody[provider.FXRate], error) {
	var out api.DataBody[provider.FXRate]
	pay, buy := strings.TrimSpace(c.Query("pay_currency")), strings.TrimSpace(c.Query("buy_currency"))
	var ps []api.Problem
	if pay == "" {
		ps = append(ps, api.ParamProblem("pay_currency", "Give the currency to pay with"))
	}
	if buy == "" {
		ps = append(ps, api.ParamProblem("buy_currency", "Give the currency to buy"))
	}
	if len(ps) > 0 {
		return out, api.Refuse(fiber.StatusUnprocessableEntity, ps...)
	}
	if s.Ledger == nil {
		return out, api.Refuse(fiber.StatusNotFound, api.Problem{Status: fiber.StatusNotFound, Code: api.CodeNotFound,
			Title: provider.MsgWithdrawalNoRate})
	}
	var err error
	out.Data, err = s.Ledger.ExchangeRate(c.Context(), r.OrgID, pay, buy)
	return out, err
}

// apiRateTexts: a pair without a rate is the spec's text (001 §8).
var apiRateTexts = api.Texts{provider.ENOTFOUND: {Title: provider.MsgWithdrawalNoRate}}

// apiRefused answers a provider refusal of a review or a create: each field's problem with
// the spec's words and a pointer into the body, or the mapped error.
func apiRefused(c fiber.Ctx, err error) error {
	if fes := provider.FieldErrors(err); len(fes) > 0 {
		var ps []api.Problem
		for _, fe := range fes {
			ps = append(ps, api.Field(apiPointer[fe.Field], userMessage(fe.Err.Message)))
		}
		return api.Errors(c, fiber.StatusUnprocessableEntity, ps...)
	}
	return api.ProviderFail(c, err, nil)
}

// apiManage is what the two calls need.
var apiManage = []access.Permission{access.WithdrawalsRead, access.WithdrawalsManage}

// apiWrite reads the body of a call the router has checked (apiManage); ok false means the
// answer has been sent.
func (s area) apiWrite(c fiber.Ctx, a *api.Caller) (string, apiCreateBody, bool, error) {
	var body apiCreateBody
	id := a.OrgID
	if p := api.DecodeJSON(c, &body); p != nil {
		return "", body, false, api.Errors(c, p.Status, *p)
	}
	if body.DebtorAccount.SchemeName != apiSchemeVirtual {
		return "", body, false, api.Errors(c, fiber.StatusUnprocessableEntity,
			api.Field("debtor_account/scheme_name", "scheme_name must be VirtualAccount"))
	}
	return id, body, true, nil
}

func (s area) apiReview(c fiber.Ctx, a *api.Caller) error {
	orgID, body, ok, err := s.apiWrite(c, a)
	if !ok {
		return err
	}
	body.ReviewID = ""
	r, err := s.Withdrawals.ReviewWithdrawal(c.Context(), orgID, body.request(a.User.ID))
	if err != nil {
		return apiRefused(c, err)
	}
	return api.Send(c, fiber.StatusCreated, api.DataOf(r))
}

func (s area) apiCreate(c fiber.Ctx, a *api.Caller) error {
	orgID, body, ok, err := s.apiWrite(c, a)
	if !ok {
		return err
	}
	req := body.request(a.User.ID)
	req.IdempotencyKey = strings.TrimSpace(c.Get(apiHeaderIdempotency))
	if req.ReviewID == "" && (req.IdempotencyKey == "" || len(req.IdempotencyKey) > apiMaxIdempotencyKeyLn) {
		return api.Errors(c, fiber.StatusBadRequest, api.Problem{Status: fiber.StatusBadRequest, Code: api.CodeInvalid,
			Title: "Send review_id, or an Idempotency-Key header (1 to 255 characters)"})
	}
	w, err := s.Withdrawals.CreateWithdrawal(c.Context(), orgID, req)
	if err != nil {
		return apiRefused(c, err)
	}
	status := fiber.StatusCreated
	if w.Replayed {
		status = fiber.StatusOK
	}
	return api.Send(c, status, api.DataOf(w))
}

func (s area) apiOperations() []api.Op {
	forbidden := api.ErrorReply(fiber.StatusForbidden, "The role lacks withdrawals:read (code forbidden), or MissingScope / invalid_csrf.")
	forbiddenManage := api.ErrorReply(fiber.StatusForbidden, "The role lacks withdrawals:manage (code forbidden), or MissingScope / invalid_csrf.")
	notFound := api.ErrorReply(fiber.StatusNotFound, "No such organisation or withdrawal, or not the caller's (not told apart).")
	refused := api.ErrorReply(fiber.StatusUnprocessableEntity,
		"Refused, field by field (source.pointer): 'End-to-end ID must be unique', 'Amount exceeds (withdrawal request) limit', "+
			"'Exchange rate is not available', 'Insufficient funds', the form's rules.")
	read := func(id, path, summary, desc string, params []api.Parameter, more ...api.Response) api.Op {
		return api.Op{ID: id, Path: path, Tag: apiTag, Summary: summary, Description: desc,
			Auth: api.Bearer, Scopes: api.ScopesDashboard, Params: params,
			Responses: append([]api.Response{api.ReplyUnauthorized, forbidden}, more...)}
	}
	bad := api.ErrorReply(fiber.StatusUnprocessableEntity, "A query parameter is wrong (source.parameter names it).")
	return []api.Op{
		api.ReadOp(read("listWithdrawals", "/withdrawals/organisations/{id}/withdrawals", "List withdrawals",
			"The organisation's withdrawal requests, newest first unless sort=created_at, cursor paged with the total.",
			api.OrgParams(api.QueryParam("filter[debtor_account_number]", "Only those debiting this virtual account."),
				api.Parameter{Name: "filter[status]", In: "query", Description: "Status.",
					Schema: api.String("").WithEnum(provider.WithdrawalStatuses()...)},
				api.QueryParam("filter[reference]", "The withdrawal's reference."),
				api.QueryParam("page[cursor_after]", "cursor_next of a page: the page after it."),
				api.QueryParam("page[cursor_before]", "cursor_prev of a page: the page before it."),
				api.Parameter{Name: "page[size]", In: "query", Description: "Rows per page, 1 to " + strconv.Itoa(provider.MaxWithdrawalLimit) +
					" (default " + strconv.Itoa(provider.DefaultWithdrawalLimit) + ").", Schema: api.Integer("").WithRange(1, provider.MaxWithdrawalLimit)},
				api.Parameter{Name: "sort", In: "query", Description: "-created_at (default) or created_at.",
					Schema: api.String("").WithEnum(provider.WithdrawalSortNewest, provider.WithdrawalSortOldest)},
				api.TimeParam("created_after", "Created at or after: YYYY-MM-DD (UTC midnight), YYYY-MM-DD HH:mm:ss (UTC) or RFC 3339."),
				api.TimeParam("created_before", "Created before, in the same forms.")),
			api.ReplyNotFound, bad),
			"One page: data, and meta with total, cursor_next, cursor_prev and has_next_page.", apiRead(s.Server, apiList)),
		api.ReadOp(read("getWithdrawal", "/withdrawals/organisations/{id}/withdrawals/{withdrawal}", "Get a withdrawal",
			"One withdrawal request by its id or reference, with its status transitions and creditor account.",
			api.OrgParams(api.Parameter{Name: "withdrawal", In: "path", Required: true, Schema: api.String(""),
				Description: "The withdrawal's id or reference. Another organisation's answers 404, as an unknown one does."}),
			notFound), "The withdrawal.", apiRead(s.Server, apiGet)),
		api.ReadOp(read("listWithdrawalAccounts", "/withdrawals/organisations/{id}/withdrawal_accounts", "List withdrawal accounts",
			"The bank and crypto accounts the organisation can withdraw to, by label.", api.OrgParams(), api.ReplyNotFound),
			"The withdrawal accounts.", apiRead(s.Server, apiAccounts)),
		api.ReadOp(read("listWithdrawalAccountAuthorizations", "/withdrawals/organisations/{id}/withdrawal_account_authorizations",
			"List withdrawal account links",
			"Which virtual account may withdraw to which withdrawal account; only active links allow it.",
			api.OrgParams(api.Parameter{Name: "filter[status]", In: "query", Description: "Only links in this status (the dialog asks for active).",
				Schema: api.String("").WithEnum(provider.AuthorizationActive, provider.AuthorizationInactive)}),
			api.ReplyNotFound, bad),
			"The links.", apiRead(s.Server, apiAuthorizations)),
		api.ReadOp(read("getWithdrawalExchangeRate", "/withdrawals/organisations/{id}/exchange_rate", "Exchange rate of a withdrawal",
			"buy_currency units per pay_currency unit with the organisation's markup: what a withdrawal from a pay_currency account "+
				"to a buy_currency withdrawal account converts at. 404 'Exchange rate is not available' for a pair without one.",
			api.OrgParams(api.QueryParam("pay_currency", "The debtor account's currency."), api.QueryParam("buy_currency", "The withdrawal account's currency.")),
			api.ErrorReply(fiber.StatusNotFound, "No such organisation, or Exchange rate is not available for the pair."), bad),
			"The rate.", api.Read[api.DataBody[provider.FXRate]]{Perms: []access.Permission{access.WithdrawalsRead},
				Texts: apiRateTexts,
				Read: func(c fiber.Ctx, r api.OrgCall) (api.DataBody[provider.FXRate], error) {
					return apiRate(c, s.Server, r)
				}}),
		{
			ID: "createWithdrawalReview", Method: fiber.MethodPost, Path: "/withdrawals/organisations/{id}/withdrawal_reviews", Tag: apiTag,
			Summary: "Review a withdrawal",
			Description: "Checks a withdrawal (the create body, without review_id) and stores what the customer confirms: the amount, " +
				"the converted amount at the quoted rate and the beneficiary, for 15 minutes. rate_available false: the pair has no rate " +
				"and the review cannot be confirmed. Moves no money.",
			Auth: api.Bearer, Scopes: api.ScopesDashboard, Needs: apiManage,
			Params: api.OrgParams(), Body: api.Body[apiCreateBody](),
			Responses: []api.Response{api.OK[api.DataBody[provider.WithdrawalReview]](fiber.StatusCreated, "The review."),
				api.ReplyUnauthorized, forbiddenManage, api.ReplyNotFound, refused},
			Handler: s.apiReview,
		},
		{
			ID: "createWithdrawal", Method: fiber.MethodPost, Path: "/withdrawals/organisations/{id}/withdrawals", Tag: apiTag, Summary: "Create a withdrawal",
			Description: "Debits the virtual account by amount and sends it (converted when the withdrawal account's currency differs) " +
				"to the withdrawal account; the withdrawal is received, then reviewed by the provider. With review_id the body must be " +
				"that review's (409 otherwise: changing the amount or beneficiary after review invalidates the confirmation) and its " +
				"rate is booked. Idempotent per review, or per Idempotency-Key: a repeat answers 200 with the same withdrawal and moves " +
				"nothing.",
			Auth: api.Bearer, Scopes: api.ScopesDashboard, Needs: apiManage,
			Params: api.OrgParams(api.Parameter{Name: apiHeaderIdempotency, In: "header", Schema: api.String(""),
				Description: "Required without review_id: 1 to 255 characters, one per withdrawal."}),
			Body: api.Body[apiCreateBody](),
			Responses: []api.Response{
				api.OK[api.DataBody[provider.WithdrawalRequest]](fiber.StatusCreated, "Booked."),
				api.OK[api.DataBody[provider.WithdrawalRequest]](fiber.StatusOK, "Booked before by the same review or key."),
				api.ErrorReply(fiber.StatusBadRequest, "Neither review_id nor an Idempotency-Key header."),
				api.ReplyUnauthorized, forbiddenManage,
				api.ErrorReply(fiber.StatusNotFound, "No such organisation or review, or not the caller's."),
				api.ErrorReply(fiber.StatusConflict, "The body is not the review's, the review expired, or the key was used for another withdrawal."),
				refused},
			Handler: s.apiCreate,
		},
	}
}
