package server

import (
	"errors"
	"strconv"
	"strings"

	"github.com/gofiber/fiber/v3"

	"portal/access"
	"portal/provider"
)

// Virtual bank and FX operations (spec 000 §7). Every call checks
// membership first (404 for a non-member, as for an unknown organisation),
// then the permission (403).

const (
	apiHeaderIdempotency   = "Idempotency-Key"
	apiMsgAccountNotFound  = msgAccountError
	apiQueryCreatedAfter   = "created_after"
	apiQueryCreatedBefore  = "created_before"
	apiQueryEntryType      = "filter[entry_type]"
	apiQueryCursorAfter    = "cursor_after"
	apiQueryCursorBefore   = "cursor_before"
	apiQuerySort           = "sort"
	apiQueryLimit          = "limit"
	apiQuerySearch         = "q"
	apiQueryBuyCurrency    = "buy_currency"
	apiQueryPayCurrency    = "pay_currency"
	apiMaxIdempotencyKeyLn = 255
)

// apiOrgAllowed checks membership and one permission for a change; ok
// false means the answer has been sent.
func (s *Server) apiOrgAllowed(c fiber.Ctx, a *APICaller, p access.Permission) (string, bool, error) {
	id := APIPathOrg(c)
	if _, ok, err := s.APIAccess(c, a, id, p); !ok {
		return id, false, err
	}
	if p := apiLedgerService(s); p != nil {
		return id, false, APIErrors(c, p.Status, *p)
	}
	return id, true, nil
}

// apiLedgerService answers the accounts calls when the provider has no
// ledger.
func apiLedgerService(s *Server) *APIProblem {
	if s.Ledger == nil {
		return &APIProblem{Status: fiber.StatusServiceUnavailable, Code: apiCodeUnavailable, Title: msgAccountUnavailable}
	}
	return nil
}

// apiAccountRead is a read of the accounts area: accounts:read, with the
// ledger.
func apiAccountRead[B APIEnvelope](read func(*Server, fiber.Ctx, APIOrgCall) (B, error), texts APITexts) APIRead[B] {
	return APIRead[B]{Perms: []access.Permission{access.AccountsRead}, Service: apiLedgerService, Texts: texts, Read: read}
}

// apiAccountOf finds the readable account of the organisation named by the
// path; an unknown one is refused 404.
func (s *Server) apiAccountOf(c fiber.Ctx, orgID string) (provider.Account, error) {
	number := strings.Clone(c.Params("accountNumber"))
	accts, err := s.Provider.Accounts(c.Context(), orgID)
	if err != nil {
		return provider.Account{}, s.apiAccountsDown(c, err)
	}
	for _, a := range accts {
		if a.AccountNumber == number {
			return a, nil
		}
	}
	return provider.Account{}, APIRefuse(fiber.StatusNotFound, APIProblem{Status: fiber.StatusNotFound, Code: APICodeNotFound, Title: apiMsgAccountNotFound})
}

// apiAccountsDown is the refusal of a failed account list, with the spec's
// text (000 §8); the cause is logged.
func (s *Server) apiAccountsDown(c fiber.Ctx, err error) error {
	s.Logger.Error("accounts list", "request_id", Req(c).ID, "err", err)
	return APIRefuse(fiber.StatusServiceUnavailable, APIProblem{Status: fiber.StatusServiceUnavailable, Code: apiCodeUnavailable, Title: MsgAccountsDown})
}

// apiAccountTexts: the ledger's not found is the account's.
var apiAccountTexts = APITexts{provider.ENOTFOUND: {Title: apiMsgAccountNotFound}}

func (s *Server) apiListAccounts(c fiber.Ctx, r APIOrgCall) (APIDataBody[[]provider.Account], error) {
	accts, err := s.Provider.Accounts(c.Context(), r.OrgID)
	if err != nil {
		return APIDataBody[[]provider.Account]{}, s.apiAccountsDown(c, err)
	}
	if accts == nil {
		accts = []provider.Account{}
	}
	return APIDataOf(accts), nil
}

func (s *Server) apiAccountSummary(c fiber.Ctx, r APIOrgCall) (APIDataBody[provider.AccountSummary], error) {
	var out APIDataBody[provider.AccountSummary]
	acct, err := s.apiAccountOf(c, r.OrgID)
	if err != nil {
		return out, err
	}
	after, before, err := APIReadRange(c)
	if err != nil {
		return out, err
	}
	out.Data, err = s.Ledger.AccountSummary(c.Context(), r.OrgID, acct.AccountNumber, after, before)
	return out, err
}

// APIPageMeta is the paging of a list read a page at a time (spec 000 §7).
type APIPageMeta struct {
	_           struct{} `description:"Paging."`
	CursorNext  string   `json:"cursor_next" description:"Cursor of the next (older) page, for cursor_after; empty when there is none."`
	CursorPrev  string   `json:"cursor_prev" description:"Cursor of the previous (newer) page, for cursor_before; empty on the first page."`
	HasNextPage bool     `json:"has_next_page" description:"Whether older items exist."`
	Total       int      `json:"total" description:"Items matching the filters, across all pages."`
}

// apiCursor reads cursor_after or cursor_before (not both) and limit.
func apiCursor(c fiber.Ctx) (cursor, direction string, limit int, err error) {
	ca, cb := c.Query(apiQueryCursorAfter), c.Query(apiQueryCursorBefore)
	switch {
	case ca != "" && cb != "":
		return "", "", 0, APIRefuse(fiber.StatusUnprocessableEntity, apiParamProblem(apiQueryCursorBefore, "Give cursor_after or cursor_before, not both"))
	case cb != "":
		cursor, direction = cb, provider.DirectionPrev
	case ca != "":
		cursor, direction = ca, provider.DirectionNext
	}
	if v := c.Query(apiQueryLimit); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > provider.MaxMovementLimit {
			return "", "", 0, APIRefuse(fiber.StatusUnprocessableEntity,
				apiParamProblem(apiQueryLimit, "Must be a number from 1 to "+strconv.Itoa(provider.MaxMovementLimit)))
		}
		limit = n
	}
	return cursor, direction, limit, nil
}

func (s *Server) apiMovements(c fiber.Ctx, r APIOrgCall) (APIPageBody[[]provider.Entry, APIPageMeta], error) {
	var out APIPageBody[[]provider.Entry, APIPageMeta]
	acct, err := s.apiAccountOf(c, r.OrgID)
	if err != nil {
		return out, err
	}
	after, before, err := APIReadRange(c)
	if err != nil {
		return out, err
	}
	f := provider.MovementFilter{CreatedAfter: after, CreatedBefore: before}
	if v := c.Query(apiQuerySort); v != "" && v != "-date" {
		return out, APIRefuse(fiber.StatusUnprocessableEntity, apiParamProblem(apiQuerySort, "Only -date (newest first) is supported"))
	}
	if v := c.Query(apiQueryEntryType); v != "" {
		if !provider.ValidEntryType(v) {
			return out, APIRefuse(fiber.StatusUnprocessableEntity, apiParamProblem(apiQueryEntryType, "Unknown entry type"))
		}
		f.EntryType = v
	}
	if f.Cursor, f.Direction, f.Limit, err = apiCursor(c); err != nil {
		return out, err
	}
	page, err := s.Ledger.Movements(c.Context(), r.OrgID, acct.AccountNumber, f)
	if err != nil {
		return out, err
	}
	return APIPage(page.Entries, APIPageMeta{CursorNext: page.CursorNext, CursorPrev: page.CursorPrev,
		HasNextPage: page.HasNext, Total: page.Total}), nil
}

// apiTransferBody is the spec's transfer payload.
type apiTransferBody struct {
	_          struct{} `name:"TransferRequest" description:"The transfer payload: a debit of amount from one of the organisation's own accounts to another."`
	From       string   `json:"from_account_number" description:"Account to debit; owned by the organisation."`
	To         string   `json:"to_account_number" description:"Account to credit; owned by the organisation, not the same account."`
	Amount     string   `json:"amount" description:"Debit in the from-account's currency, without thousands separators, at most its decimals, above 0 and below 1e13." example:"1000.00"`
	EndToEndID string   `json:"end_to_end_id" description:"End-to-end id, 1 to 140 characters; shown as the entries' reference."`
}

func (s *Server) apiTransfer(c fiber.Ctx, a *APICaller) error {
	id, ok, err := s.apiOrgAllowed(c, a, access.AccountsManage)
	if !ok {
		return err
	}
	key := strings.TrimSpace(c.Get(apiHeaderIdempotency))
	if key == "" || len(key) > apiMaxIdempotencyKeyLn {
		return APIErrors(c, fiber.StatusBadRequest, APIProblem{Status: fiber.StatusBadRequest, Code: APICodeInvalid,
			Title: "Send an Idempotency-Key header (1 to 255 characters) with every transfer"})
	}
	var body apiTransferBody
	if p := DecodeJSON(c, &body); p != nil {
		return APIErrors(c, p.Status, *p)
	}
	accts, err := s.Provider.Accounts(c.Context(), id)
	if err != nil {
		return APIProviderFail(c, s.apiAccountsDown(c, err), nil)
	}
	// The account is the caller's copy of the organisation's accounts, so the
	// same checks as the form's apply.
	o := &OrgContext{Accounts: accts}
	in, errs := s.validateTransfer(o, strings.TrimSpace(body.From), strings.TrimSpace(body.To), body.Amount, strings.TrimSpace(body.EndToEndID))
	if len(errs) == 0 {
		if _, fxErr := s.fxHint(c.Context(), id, in, false); fxErr != "" {
			return APIErrors(c, fiber.StatusUnprocessableEntity, APIProblem{Status: fiber.StatusUnprocessableEntity,
				Code: APICodeInvalid, Title: fxErr})
		}
	}
	if len(errs) > 0 {
		var ps []APIProblem
		for _, f := range []string{fFrom, fTo, fAmount, fEndToEnd} {
			if m, ok := errs[f]; ok {
				ps = append(ps, APIField(f, m)) // the form fields are the body's names
			}
		}
		return APIErrors(c, fiber.StatusUnprocessableEntity, ps...)
	}
	res, err := s.Ledger.Transfer(c.Context(), id, provider.TransferRequest{From: in.from.AccountNumber, To: in.to.AccountNumber,
		Amount: in.amount.String(), EndToEndID: strings.TrimSpace(body.EndToEndID), IdempotencyKey: key})
	if err != nil {
		if p := APIProviderProblem(err, nil); p != nil {
			// The provider's field names are the spec's pointers (000 §5).
			var fe *provider.FieldError
			if errors.As(err, &fe) {
				p.Source = &APISource{Pointer: "/" + fe.Field}
			}
			return APIErrors(c, p.Status, *p)
		}
		return err
	}
	status := fiber.StatusCreated
	if res.Replayed {
		status = fiber.StatusOK
	}
	return APISend(c, status, APIDataOf(res))
}

func (s *Server) apiExchangeRate(c fiber.Ctx, r APIOrgCall) (APIDataBody[provider.FXRate], error) {
	var out APIDataBody[provider.FXRate]
	buy, pay := strings.TrimSpace(c.Query(apiQueryBuyCurrency)), strings.TrimSpace(c.Query(apiQueryPayCurrency))
	var ps []APIProblem
	if pay == "" {
		ps = append(ps, apiParamProblem(apiQueryPayCurrency, "Give the currency to pay with"))
	}
	if buy == "" {
		ps = append(ps, apiParamProblem(apiQueryBuyCurrency, "Give the currency to buy"))
	}
	if len(ps) > 0 {
		return out, APIRefuse(fiber.StatusUnprocessableEntity, ps...)
	}
	var err error
	out.Data, err = s.Ledger.ExchangeRate(c.Context(), r.OrgID, pay, buy)
	return out, err
}

func (s *Server) apiMarkups(c fiber.Ctx, r APIOrgCall) (APIDataBody[[]provider.Markup], error) {
	ms, err := s.Ledger.Markups(c.Context(), r.OrgID)
	return APIDataOf(ms), err
}

func (s *Server) apiCurrencies(c fiber.Ctx, r APIOrgCall) (APIDataBody[[]provider.Currency], error) {
	cs, err := s.Ledger.Currencies(c.Context(), r.OrgID)
	return APIDataOf(cs), err
}

// apiSearchMovements is the spec's movements/search (000 §7): the
// organisation's readable accounts' entries matching q exactly.
func (s *Server) apiSearchMovements(c fiber.Ctx, r APIOrgCall) (APIPageBody[[]provider.MovementHit, APIPageMeta], error) {
	var out APIPageBody[[]provider.MovementHit, APIPageMeta]
	f := provider.MovementSearch{Query: strings.TrimSpace(c.Query(apiQuerySearch))}
	if f.Query == "" || len([]rune(f.Query)) > provider.MaxSearchQueryLen {
		return out, APIRefuse(fiber.StatusUnprocessableEntity, apiParamProblem(apiQuerySearch,
			"Give a reference, order id, entry id or end-to-end id (1 to "+strconv.Itoa(provider.MaxSearchQueryLen)+" characters)"))
	}
	var err error
	if f.Cursor, f.Direction, f.Limit, err = apiCursor(c); err != nil {
		return out, err
	}
	page, err := s.Ledger.SearchMovements(c.Context(), r.OrgID, f)
	if err != nil {
		return out, err
	}
	return APIPage(page.Entries, APIPageMeta{CursorNext: page.CursorNext, CursorPrev: page.CursorPrev,
		HasNextPage: page.HasNext, Total: page.Total}), nil
}
