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

// apiOrgAllowed checks membership and one permission; ok false means the
// answer has been sent.
func (s *Server) apiOrgAllowed(c fiber.Ctx, a *apiCaller, p access.Permission) (string, bool, error) {
	id := apiPathOrg(c)
	if _, ok, err := s.apiAccess(c, a, id, p); !ok {
		return id, false, err
	}
	if s.Ledger == nil {
		return id, false, apiError(c, fiber.StatusServiceUnavailable, apiCodeUnavailable, msgAccountUnavailable)
	}
	return id, true, nil
}

// apiAccountOf finds a readable account of the organisation; ok false means
// the 404 has been sent.
func (s *Server) apiAccountOf(c fiber.Ctx, orgID string) (provider.Account, []provider.Account, bool, error) {
	number := strings.Clone(c.Params("accountNumber"))
	accts, err := s.Provider.Accounts(c.Context(), orgID)
	if err != nil {
		return provider.Account{}, nil, false, s.apiAccountsDown(c, err)
	}
	for _, a := range accts {
		if a.AccountNumber == number {
			return a, accts, true, nil
		}
	}
	return provider.Account{}, accts, false, apiError(c, fiber.StatusNotFound, apiCodeNotFound, apiMsgAccountNotFound)
}

// apiAccountsDown answers a failed account list with the spec's text (000
// §8), logging the cause.
func (s *Server) apiAccountsDown(c fiber.Ctx, err error) error {
	s.Logger.Error("accounts list", "request_id", req(c).ID, "err", err)
	return apiError(c, fiber.StatusServiceUnavailable, apiCodeUnavailable, msgAccountsDown)
}

func (s *Server) apiListAccounts(c fiber.Ctx, a *apiCaller) error {
	id, ok, err := s.apiOrgAllowed(c, a, access.AccountsRead)
	if !ok {
		return err
	}
	accts, err := s.Provider.Accounts(c.Context(), id)
	if err != nil {
		return s.apiAccountsDown(c, err)
	}
	if accts == nil {
		accts = []provider.Account{}
	}
	return apiData(c, accts)
}

func (s *Server) apiAccountSummary(c fiber.Ctx, a *apiCaller) error {
	id, ok, err := s.apiOrgAllowed(c, a, access.AccountsRead)
	if !ok {
		return err
	}
	acct, _, ok, err := s.apiAccountOf(c, id)
	if !ok {
		return err
	}
	after, before, p := apiRange(c)
	if p != nil {
		return apiErrors(c, p.Status, *p)
	}
	sum, err := s.Ledger.AccountSummary(c.Context(), id, acct.AccountNumber, after, before)
	if err != nil {
		return apiProviderFail(c, err, apiTexts{provider.ENOTFOUND: {Title: apiMsgAccountNotFound}})
	}
	return apiData(c, sum)
}

// apiMovementsMeta is the spec's response meta of the transactions list.
type apiMovementsMeta struct {
	CursorNext  string `json:"cursor_next"`
	CursorPrev  string `json:"cursor_prev"`
	HasNextPage bool   `json:"has_next_page"`
	Total       int    `json:"total"`
}

func (s *Server) apiMovements(c fiber.Ctx, a *apiCaller) error {
	id, ok, err := s.apiOrgAllowed(c, a, access.AccountsRead)
	if !ok {
		return err
	}
	acct, _, ok, err := s.apiAccountOf(c, id)
	if !ok {
		return err
	}
	after, before, p := apiRange(c)
	if p != nil {
		return apiErrors(c, p.Status, *p)
	}
	f := provider.MovementFilter{CreatedAfter: after, CreatedBefore: before}
	if v := c.Query(apiQuerySort); v != "" && v != "-date" {
		return apiErrors(c, fiber.StatusUnprocessableEntity, apiParamProblem(apiQuerySort, "Only -date (newest first) is supported"))
	}
	if v := c.Query(apiQueryEntryType); v != "" {
		if !provider.ValidEntryType(v) {
			return apiErrors(c, fiber.StatusUnprocessableEntity, apiParamProblem(apiQueryEntryType, "Unknown entry type"))
		}
		f.EntryType = v
	}
	ca, cb := c.Query(apiQueryCursorAfter), c.Query(apiQueryCursorBefore)
	switch {
	case ca != "" && cb != "":
		return apiErrors(c, fiber.StatusUnprocessableEntity, apiParamProblem(apiQueryCursorBefore, "Give cursor_after or cursor_before, not both"))
	case cb != "":
		f.Cursor, f.Direction = cb, provider.DirectionPrev
	case ca != "":
		f.Cursor, f.Direction = ca, provider.DirectionNext
	}
	if v := c.Query(apiQueryLimit); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > provider.MaxMovementLimit {
			return apiErrors(c, fiber.StatusUnprocessableEntity,
				apiParamProblem(apiQueryLimit, "Must be a number from 1 to "+strconv.Itoa(provider.MaxMovementLimit)))
		}
		f.Limit = n
	}
	page, err := s.Ledger.Movements(c.Context(), id, acct.AccountNumber, f)
	if err != nil {
		return apiProviderFail(c, err, apiTexts{provider.ENOTFOUND: {Title: apiMsgAccountNotFound}})
	}
	c.Set(fiber.HeaderCacheControl, "no-store")
	return c.Status(fiber.StatusOK).JSON(fiber.Map{"data": page.Entries, "meta": apiMovementsMeta{
		CursorNext: page.CursorNext, CursorPrev: page.CursorPrev, HasNextPage: page.HasNext, Total: page.Total}})
}

// apiTransferBody is the spec's transfer payload.
type apiTransferBody struct {
	From       string `json:"from_account_number"`
	To         string `json:"to_account_number"`
	Amount     string `json:"amount"`
	EndToEndID string `json:"end_to_end_id"`
}

func (s *Server) apiTransfer(c fiber.Ctx, a *apiCaller) error {
	id, ok, err := s.apiOrgAllowed(c, a, access.AccountsManage)
	if !ok {
		return err
	}
	key := strings.TrimSpace(c.Get(apiHeaderIdempotency))
	if key == "" || len(key) > apiMaxIdempotencyKeyLn {
		return apiErrors(c, fiber.StatusBadRequest, apiProblem{Status: fiber.StatusBadRequest, Code: apiCodeInvalid,
			Title: "Send an Idempotency-Key header (1 to 255 characters) with every transfer"})
	}
	var body apiTransferBody
	if p := decodeJSON(c, &body); p != nil {
		return apiErrors(c, p.Status, *p)
	}
	accts, err := s.Provider.Accounts(c.Context(), id)
	if err != nil {
		return s.apiAccountsDown(c, err)
	}
	// The account is the caller's copy of the organisation's accounts, so the
	// same checks as the form's apply.
	o := &OrgContext{Accounts: accts}
	in, errs := s.validateTransfer(o, strings.TrimSpace(body.From), strings.TrimSpace(body.To), body.Amount, strings.TrimSpace(body.EndToEndID))
	if len(errs) == 0 {
		if _, fxErr := s.fxHint(c.Context(), id, in, false); fxErr != "" {
			return apiErrors(c, fiber.StatusUnprocessableEntity, apiProblem{Status: fiber.StatusUnprocessableEntity,
				Code: apiCodeInvalid, Title: fxErr})
		}
	}
	if len(errs) > 0 {
		var ps []apiProblem
		for _, f := range []string{fFrom, fTo, fAmount, fEndToEnd} {
			if m, ok := errs[f]; ok {
				ps = append(ps, apiField(f, m)) // the form fields are the body's names
			}
		}
		return apiErrors(c, fiber.StatusUnprocessableEntity, ps...)
	}
	res, err := s.Ledger.Transfer(c.Context(), id, provider.TransferRequest{From: in.from.AccountNumber, To: in.to.AccountNumber,
		Amount: in.amount.String(), EndToEndID: strings.TrimSpace(body.EndToEndID), IdempotencyKey: key})
	if err != nil {
		if p := apiProviderProblem(err, nil); p != nil {
			// The provider's field names are the spec's pointers (000 §5).
			var fe *provider.FieldError
			if errors.As(err, &fe) {
				p.Source = &apiSource{Pointer: "/" + fe.Field}
			}
			return apiErrors(c, p.Status, *p)
		}
		return err
	}
	status := fiber.StatusCreated
	if res.Replayed {
		status = fiber.StatusOK
	}
	return c.Status(status).JSON(fiber.Map{"data": res})
}

func (s *Server) apiExchangeRate(c fiber.Ctx, a *apiCaller) error {
	id, ok, err := s.apiOrgAllowed(c, a, access.AccountsRead)
	if !ok {
		return err
	}
	buy, pay := strings.TrimSpace(c.Query(apiQueryBuyCurrency)), strings.TrimSpace(c.Query(apiQueryPayCurrency))
	var ps []apiProblem
	if pay == "" {
		ps = append(ps, apiParamProblem(apiQueryPayCurrency, "Give the currency to pay with"))
	}
	if buy == "" {
		ps = append(ps, apiParamProblem(apiQueryBuyCurrency, "Give the currency to buy"))
	}
	if len(ps) > 0 {
		return apiErrors(c, fiber.StatusUnprocessableEntity, ps...)
	}
	r, err := s.Ledger.ExchangeRate(c.Context(), id, pay, buy)
	if err != nil {
		return apiProviderFail(c, err, apiTexts{provider.ENOTFOUND: {Title: msgFXNotSupported}})
	}
	return apiData(c, r)
}

func (s *Server) apiMarkups(c fiber.Ctx, a *apiCaller) error {
	id, ok, err := s.apiOrgAllowed(c, a, access.AccountsRead)
	if !ok {
		return err
	}
	ms, err := s.Ledger.Markups(c.Context(), id)
	if err != nil {
		return apiProviderFail(c, err, nil)
	}
	return apiData(c, ms)
}

func (s *Server) apiCurrencies(c fiber.Ctx, a *apiCaller) error {
	id, ok, err := s.apiOrgAllowed(c, a, access.AccountsRead)
	if !ok {
		return err
	}
	cs, err := s.Ledger.Currencies(c.Context(), id)
	if err != nil {
		return apiProviderFail(c, err, nil)
	}
	return apiData(c, cs)
}

// apiSearchMovements is the spec's movements/search (000 §7): the
// organisation's readable accounts' entries matching q exactly.
func (s *Server) apiSearchMovements(c fiber.Ctx, a *apiCaller) error {
	id, ok, err := s.apiOrgAllowed(c, a, access.AccountsRead)
	if !ok {
		return err
	}
	f := provider.MovementSearch{Query: strings.TrimSpace(c.Query(apiQuerySearch))}
	if f.Query == "" || len([]rune(f.Query)) > provider.MaxSearchQueryLen {
		return apiErrors(c, fiber.StatusUnprocessableEntity, apiParamProblem(apiQuerySearch,
			"Give a reference, order id, entry id or end-to-end id (1 to "+strconv.Itoa(provider.MaxSearchQueryLen)+" characters)"))
	}
	ca, cb := c.Query(apiQueryCursorAfter), c.Query(apiQueryCursorBefore)
	switch {
	case ca != "" && cb != "":
		return apiErrors(c, fiber.StatusUnprocessableEntity, apiParamProblem(apiQueryCursorBefore, "Give cursor_after or cursor_before, not both"))
	case cb != "":
		f.Cursor, f.Direction = cb, provider.DirectionPrev
	case ca != "":
		f.Cursor, f.Direction = ca, provider.DirectionNext
	}
	if v := c.Query(apiQueryLimit); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > provider.MaxMovementLimit {
			return apiErrors(c, fiber.StatusUnprocessableEntity,
				apiParamProblem(apiQueryLimit, "Must be a number from 1 to "+strconv.Itoa(provider.MaxMovementLimit)))
		}
		f.Limit = n
	}
	page, err := s.Ledger.SearchMovements(c.Context(), id, f)
	if err != nil {
		return apiProviderFail(c, err, nil)
	}
	c.Set(fiber.HeaderCacheControl, "no-store")
	return c.Status(fiber.StatusOK).JSON(fiber.Map{"data": page.Entries, "meta": apiMovementsMeta{
		CursorNext: page.CursorNext, CursorPrev: page.CursorPrev, HasNextPage: page.HasNext, Total: page.Total}})
}
