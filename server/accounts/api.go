package accounts

import (
	"errors"
	"strconv"
	"strings"
	"time"

	"github.com/gofiber/fiber/v3"

	"portal/access"
	"portal/provider"
	"portal/server"
	"portal/server/api"
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

// apiLedgerService answers the accounts calls when the provider has no
// ledger.
func apiLedgerService(s *server.Server) func() *api.Problem {
	return func() *api.Problem {
		if s.Ledger == nil {
			return &api.Problem{Status: fiber.StatusServiceUnavailable, Code: api.CodeUnavailable, Title: msgAccountUnavailable}
		}
		return nil
	}
}

// apiAccountRead is a read of the accounts area: accounts:read, with the
// ledger.
func apiAccountRead[B api.Envelope](srv *server.Server, read func(fiber.Ctx, api.OrgCall) (B, error), texts api.Texts) api.Read[B] {
	return api.Read[B]{Perms: []access.Permission{access.AccountsRead}, Service: apiLedgerService(srv), Texts: texts,
		Read: read}
}

// apiAccountOf finds the readable account of the organisation named by the
// path; an unknown one is refused 404, a shared one 403 (its movements are
// the owner's).
func (s area) apiAccountOf(c fiber.Ctx, orgID string) (provider.Account, error) {
	number := strings.Clone(c.Params("accountNumber"))
	accts, err := s.Provider.Accounts(c.Context(), orgID)
	if err != nil {
		return provider.Account{}, s.apiAccountsDown(c, err)
	}
	for _, a := range accts {
		if a.AccountNumber == number && !a.Owner {
			return provider.Account{}, apiSharedRefusal()
		}
		if a.AccountNumber == number {
			return a, nil
		}
	}
	return provider.Account{}, api.Refuse(fiber.StatusNotFound, api.Problem{Status: fiber.StatusNotFound, Code: api.CodeNotFound, Title: apiMsgAccountNotFound})
}

// apiSharedRefusal refuses a call on the movements of an account the
// organisation does not own.
func apiSharedRefusal() error {
	return api.Refuse(fiber.StatusForbidden, api.Problem{Status: fiber.StatusForbidden, Code: api.CodeForbidden, Title: server.MsgSharedAccount})
}

// apiAccountsDown is the refusal of a failed account list, with the spec's
// text (000 §8); the cause is logged.
func (s area) apiAccountsDown(c fiber.Ctx, err error) error {
	s.Logger.Error("accounts list", "request_id", server.Req(c).ID, "err", err)
	return api.Refuse(fiber.StatusServiceUnavailable, api.Problem{Status: fiber.StatusServiceUnavailable, Code: api.CodeUnavailable, Title: server.MsgAccountsDown})
}

// apiAccountTexts: the ledger's not found is the account's.
var apiAccountTexts = api.Texts{provider.ENOTFOUND: {Title: apiMsgAccountNotFound}}

func (s area) apiListAccounts(c fiber.Ctx, r api.OrgCall) (api.DataBody[[]provider.Account], error) {
	accts, err := s.Provider.Accounts(c.Context(), r.OrgID)
	if err != nil {
		return api.DataBody[[]provider.Account]{}, s.apiAccountsDown(c, err)
	}
	if accts == nil {
		accts = []provider.Account{}
	}
	return api.DataOf(accts), nil
}

func (s area) apiAccountSummary(c fiber.Ctx, r api.OrgCall) (api.DataBody[provider.AccountSummary], error) {
	var out api.DataBody[provider.AccountSummary]
	acct, after, before, err := s.apiAccountRange(c, r.OrgID)
	if err != nil {
		return out, err
	}
	out.Data, err = s.Ledger.AccountSummary(c.Context(), r.OrgID, acct.AccountNumber, after, before)
	return out, err
}

// apiAccountRange is the account a call names and the period it asks for.
func (s area) apiAccountRange(c fiber.Ctx, orgID string) (acct provider.Account, after, before time.Time, err error) {
	if acct, err = s.apiAccountOf(c, orgID); err != nil {
		return acct, after, before, err
	}
	after, before, err = api.ReadRange(c)
	return acct, after, before, err
}

// apiCursor reads cursor_after or cursor_before (not both) and limit.
func apiCursor(c fiber.Ctx) (cursor, direction string, limit int, err error) {
	ca, cb := c.Query(apiQueryCursorAfter), c.Query(apiQueryCursorBefore)
	switch {
	case ca != "" && cb != "":
		return "", "", 0, api.Refuse(fiber.StatusUnprocessableEntity, api.ParamProblem(apiQueryCursorBefore, "Give cursor_after or cursor_before, not both"))
	case cb != "":
		cursor, direction = cb, provider.DirectionPrev
	case ca != "":
		cursor, direction = ca, provider.DirectionNext
	}
	if v := c.Query(apiQueryLimit); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > provider.MaxMovementLimit {
			return "", "", 0, api.Refuse(fiber.StatusUnprocessableEntity,
				api.ParamProblem(apiQueryLimit, "Must be a number from 1 to "+strconv.Itoa(provider.MaxMovementLimit)))
		}
		limit = n
	}
	return cursor, direction, limit, nil
}

func (s area) apiMovements(c fiber.Ctx, r api.OrgCall) (api.PageBody[[]provider.Entry, api.PageMeta], error) {
	var out api.PageBody[[]provider.Entry, api.PageMeta]
	acct, after, before, err := s.apiAccountRange(c, r.OrgID)
	if err != nil {
		return out, err
	}
	f := provider.MovementFilter{CreatedAfter: after, CreatedBefore: before}
	if v := c.Query(apiQuerySort); v != "" && v != "-date" {
		return out, api.Refuse(fiber.StatusUnprocessableEntity, api.ParamProblem(apiQuerySort, "Only -date (newest first) is supported"))
	}
	if v := c.Query(apiQueryEntryType); v != "" {
		if !provider.ValidEntryType(v) {
			return out, api.Refuse(fiber.StatusUnprocessableEntity, api.ParamProblem(apiQueryEntryType, "Unknown entry type"))
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
	return api.Page(page.Entries, api.PageMeta{CursorNext: page.CursorNext, CursorPrev: page.CursorPrev,
		HasNextPage: page.HasNext, Total: page.Total}), nil
}

// apiTransferBody is the spec's transfer payload.
type apiTransferBody struct {
	_          struct{} `name:"TransferRequest" description:"The transfer payload: a debit of amount from one of the organisation's own accounts to another."`
	From       string   `json:"from_account_number" required:"true" description:"Account to debit; owned by the organisation."`
	To         string   `json:"to_account_number" required:"true" description:"Account to credit; owned by the organisation, not the same account."`
	Amount     string   `json:"amount" required:"true" description:"Debit in the from-account's currency, without thousands separators, at most its decimals, above 0 and below 1e13." example:"1000.00"`
	EndToEndID string   `json:"end_to_end_id" required:"true" description:"End-to-end id, 1 to 140 characters; shown as the entries' reference."`
}

func (s area) apiTransfer(c fiber.Ctx, a *api.Caller) error {
	id := a.OrgID
	key := strings.TrimSpace(c.Get(apiHeaderIdempotency))
	if key == "" || len(key) > apiMaxIdempotencyKeyLn {
		return api.Errors(c, fiber.StatusBadRequest, api.Problem{Status: fiber.StatusBadRequest, Code: api.CodeInvalid,
			Title: "Send an Idempotency-Key header (1 to 255 characters) with every transfer"})
	}
	var body apiTransferBody
	if p := api.DecodeJSON(c, &body); p != nil {
		return api.Errors(c, p.Status, *p)
	}
	accts, err := s.Provider.Accounts(c.Context(), id)
	if err != nil {
		return api.ProviderFail(c, s.apiAccountsDown(c, err), nil)
	}
	// The account is the caller's copy of the organisation's accounts, so the
	// same checks as the form's apply.
	o := &server.OrgContext{Accounts: accts}
	if o.Shared(strings.TrimSpace(body.From)) || o.Shared(strings.TrimSpace(body.To)) {
		return api.Errors(c, fiber.StatusForbidden, api.Problem{Status: fiber.StatusForbidden, Code: api.CodeForbidden, Title: server.MsgSharedAccount})
	}
	in, errs := s.validateTransfer(o, strings.TrimSpace(body.From), strings.TrimSpace(body.To), body.Amount, strings.TrimSpace(body.EndToEndID))
	if len(errs) == 0 {
		if _, fxErr := s.fxHint(c.Context(), id, in, false); fxErr != "" {
			return api.Errors(c, fiber.StatusUnprocessableEntity, api.Problem{Status: fiber.StatusUnprocessableEntity,
				Code: api.CodeInvalid, Title: fxErr})
		}
	}
	if len(errs) > 0 {
		var ps []api.Problem
		for _, f := range []string{fFrom, fTo, fAmount, fEndToEnd} {
			if m, ok := errs[f]; ok {
				ps = append(ps, api.Field(f, m)) // the form fields are the body's names
			}
		}
		return api.Errors(c, fiber.StatusUnprocessableEntity, ps...)
	}
	res, err := s.Ledger.Transfer(c.Context(), id, provider.TransferRequest{From: in.from.AccountNumber, To: in.to.AccountNumber,
		Amount: in.amount.String(), EndToEndID: strings.TrimSpace(body.EndToEndID), IdempotencyKey: key})
	if err != nil {
		if p := api.ProviderProblem(err, nil); p != nil {
			// The provider's field names are the spec's pointers (000 §5).
			var fe *provider.FieldError
			if errors.As(err, &fe) {
				p.Source = &api.Source{Pointer: "/" + fe.Field}
			}
			return api.Errors(c, p.Status, *p)
		}
		return err
	}
	status := fiber.StatusCreated
	if res.Replayed {
		status = fiber.StatusOK
	}
	return api.Send(c, status, api.DataOf(res))
}

func (s area) apiExchangeRate(c fiber.Ctx, r api.OrgCall) (api.DataBody[provider.FXRate], error) {
	var out api.DataBody[provider.FXRate]
	buy, pay := strings.TrimSpace(c.Query(apiQueryBuyCurrency)), strings.TrimSpace(c.Query(apiQueryPayCurrency))
	var ps []api.Problem
	if pay == "" {
		ps = append(ps, api.ParamProblem(apiQueryPayCurrency, "Give the currency to pay with"))
	}
	if buy == "" {
		ps = append(ps, api.ParamProblem(apiQueryBuyCurrency, "Give the currency to buy"))
	}
	if len(ps) > 0 {
		return out, api.Refuse(fiber.StatusUnprocessableEntity, ps...)
	}
	var err error
	out.Data, err = s.Ledger.ExchangeRate(c.Context(), r.OrgID, pay, buy)
	return out, err
}

func (s area) apiMarkups(c fiber.Ctx, r api.OrgCall) (api.DataBody[[]provider.Markup], error) {
	ms, err := s.Ledger.Markups(c.Context(), r.OrgID)
	return api.DataOf(ms), err
}

func (s area) apiCurrencies(c fiber.Ctx, r api.OrgCall) (api.DataBody[[]provider.Currency], error) {
	cs, err := s.Ledger.Currencies(c.Context(), r.OrgID)
	return api.DataOf(cs), err
}

// apiSearchMovements is the spec's movements/search (000 §7): the
// organisation's readable accounts' entries matching q exactly.
func (s area) apiSearchMovements(c fiber.Ctx, r api.OrgCall) (api.PageBody[[]provider.MovementHit, api.PageMeta], error) {
	var out api.PageBody[[]provider.MovementHit, api.PageMeta]
	f := provider.MovementSearch{Query: strings.TrimSpace(c.Query(apiQuerySearch))}
	if f.Query == "" || len([]rune(f.Query)) > provider.MaxSearchQueryLen {
		return out, api.Refuse(fiber.StatusUnprocessableEntity, api.ParamProblem(apiQuerySearch,
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
	return api.Page(page.Entries, api.PageMeta{CursorNext: page.CursorNext, CursorPrev: page.CursorPrev,
		HasNextPage: page.HasNext, Total: page.Total}), nil
}
