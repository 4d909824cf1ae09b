package accounts

import (
	"github.com/gofiber/fiber/v3"

	"portal/access"
	"portal/provider"
	"portal/server/api"
)

// The accounts area's operations of the API table (tags "Virtual bank" and
// "FX"). Their schemas are reflected from the provider's types.

const (
	tagVirtualBank = "Virtual bank"
	tagFX          = "FX"
)

var (
	apiAccountNumberParam = api.Parameter{Name: "accountNumber", In: "path", Required: true,
		Description: "Virtual account number; an account the organisation neither owns nor shares answers 404.",
		Schema:      api.String("").WithExample("4520011000000015")}
	apiCreatedAfterParam = api.Parameter{Name: apiQueryCreatedAfter, In: "query",
		Description: "Inclusive start: YYYY-MM-DD (midnight UTC), YYYY-MM-DD HH:mm:ss (UTC) or RFC 3339.", Schema: api.String("")}
	apiCreatedBeforeParam = api.Parameter{Name: apiQueryCreatedBefore, In: "query",
		Description: "Exclusive end, in the same forms as created_after.", Schema: api.String("")}
	apiReplyAccountForbidden = api.ErrorReply(fiber.StatusForbidden,
		"Code forbidden when the role lacks the permission, or when the account is shared with the organisation rather than owned by it "+
			"(title \"Please reach out to account owner for account information\": its movements, summary, transfers and statements are the owner's); "+
			"MissingScope or invalid_csrf as for every call.")
	apiReplyAccountNotFound = api.ErrorReply(fiber.StatusNotFound,
		"Not a member of the organisation or no such organisation (not told apart), or an account it cannot read (title \"An error occurred while accessing this account.\").")
	apiReplyAccountsDown = api.ErrorReply(fiber.StatusServiceUnavailable,
		"Code unavailable: the account list or the ledger cannot be read now (title \"Accounts information is temporarily unavailable.\" or \"We are unable to access account information.\").")
	apiReplyBadQuery = api.ErrorReply(fiber.StatusUnprocessableEntity, "A query parameter is invalid (source.parameter names it).")
)

func (s area) apiOperations() []api.Op {
	// read is the entry of a read of the area: the organisation's id in the
	// path, the area's error replies.
	read := func(id, path, tag, summary, desc string, params []api.Parameter, extra ...api.Response) api.Op {
		rs := []api.Response{api.ReplyUnauthorized, apiReplyAccountForbidden, apiReplyAccountNotFound, apiReplyAccountsDown}
		return api.Op{ID: id, Path: path, Tag: tag, Summary: summary, Description: desc,
			Auth: api.Bearer, Scopes: api.ScopesDashboard, Params: api.OrgParams(params...),
			Responses: append(rs, extra...)}
	}
	const fx = "/fx/organisations/{id}"
	return []api.Op{
		api.ReadOp(read("listAccounts", "/virtual_bank/organisations/{id}/accounts", tagVirtualBank, "List the organisation's accounts",
			"Owned accounts first, then shared ones, each by name.", nil),
			"The accounts (possibly none).", apiAccountRead(s.Server, s.apiListAccounts, nil)),
		api.ReadOp(read("getAccountSummary", "/virtual_bank/organisations/{id}/accounts/{accountNumber}/summary", tagVirtualBank, "Get an account's balance summary",
			"Opening balance at created_after (0 when absent), closing balance at created_before (now when absent) and the current balance.",
			[]api.Parameter{apiAccountNumberParam, apiCreatedAfterParam, apiCreatedBeforeParam}, apiReplyBadQuery),
			"The summary.", apiAccountRead(s.Server, s.apiAccountSummary, apiAccountTexts)),
		api.ReadOp(read("listAccountMovements", "/virtual_bank/organisations/{id}/accounts/{accountNumber}/movements", tagVirtualBank, "List an account's transactions",
			"Newest first, one page at a time: pass meta.cursor_next as cursor_after for older entries, meta.cursor_prev as cursor_before for newer ones. "+
				"Changing a filter starts again without a cursor.",
			[]api.Parameter{apiAccountNumberParam,
				{Name: apiQuerySort, In: "query", Description: "Only -date (newest first).", Schema: api.String("").WithEnum("-date")},
				{Name: apiQueryCursorAfter, In: "query", Description: "Page after this cursor (older entries).", Schema: api.String("")},
				{Name: apiQueryCursorBefore, In: "query", Description: "Page before this cursor (newer entries).", Schema: api.String("")},
				apiCreatedAfterParam, apiCreatedBeforeParam,
				{Name: apiQueryEntryType, In: "query", Description: "Only entries of this type.", Schema: api.String("").WithEnum(provider.EntryTypes()...)},
				{Name: apiQueryLimit, In: "query", Description: "Page size, 1 to 200; default 50.", Schema: api.Integer("")},
			}, apiReplyBadQuery),
			"One page of entries.", apiAccountRead(s.Server, s.apiMovements, apiAccountTexts)),
		api.ReadOp(read("searchMovements", "/virtual_bank/organisations/{id}/movements/search", tagVirtualBank, "Search the organisation's transactions",
			"Entries of every account the organisation owns or shares whose reference, order id, entry id or end-to-end id equals q exactly "+
				"(after trimming), newest first, paged like the account transactions.",
			[]api.Parameter{
				{Name: apiQuerySearch, In: "query", Required: true, Description: "Reference, order id, entry id or end-to-end id; exact match, 1 to 200 characters after trimming.",
					Schema: api.String("").WithExample("E2E-2026-0001")},
				{Name: apiQueryCursorAfter, In: "query", Description: "Page after this cursor (older hits).", Schema: api.String("")},
				{Name: apiQueryCursorBefore, In: "query", Description: "Page before this cursor (newer hits).", Schema: api.String("")},
				{Name: apiQueryLimit, In: "query", Description: "Page size, 1 to 200; default 50.", Schema: api.Integer("")},
			}, apiReplyBadQuery),
			"One page of matching entries.", apiAccountRead(s.Server, s.apiSearchMovements, nil)),
		{
			ID: "createInterAccountMovement", Method: fiber.MethodPost, Path: "/virtual_bank/organisations/{id}/inter_account_movements", Tag: tagVirtualBank,
			Summary: "Transfer between the organisation's own accounts",
			Description: "Books the transfer at once, converting at the quoted rate (markup included) when the currencies differ. " +
				"Idempotent per organisation and Idempotency-Key: the same key and body books once and replays the result (200); the same key with another body is 409.",
			Auth: api.Bearer, Scopes: api.ScopesDashboard, Needs: []access.Permission{access.AccountsManage}, Service: apiLedgerService(s.Server),
			Params: []api.Parameter{api.OrgIDParam, {Name: apiHeaderIdempotency, In: "header", Required: true,
				Description: "A unique key per intended transfer (for example a UUID), 1 to 255 characters; send the same key when retrying.", Schema: api.String("")}},
			Body: api.Body[apiTransferBody](),
			Responses: []api.Response{
				api.OK[api.DataBody[provider.TransferResult]](fiber.StatusCreated, "Booked."),
				api.OK[api.DataBody[provider.TransferResult]](fiber.StatusOK, "Booked earlier with the same key and body: the first result."),
				api.ErrorReply(fiber.StatusBadRequest, "No Idempotency-Key header, or the body is not JSON."),
				api.ReplyUnauthorized, apiReplyAccountForbidden, api.ReplyNotFound,
				api.ErrorReply(fiber.StatusConflict, "The Idempotency-Key was used for a different transfer."),
				apiReplyAccountsDown,
				api.ErrorReply(fiber.StatusUnprocessableEntity, "Refused; source.pointer names the field: /from_account_number, /to_account_number, /amount, /end_to_end_id, "+
					"/debit_amount (e.g. \"Insufficient funds\") or /credit_account_number. No pointer: a form-level error such as \"FX Rate not supported.\"."),
			},
			Handler: s.apiTransfer,
		},
		api.ReadOp(read("getExchangeRate", fx+"/exchange_rate", tagFX, "Quote an exchange rate",
			"The organisation's rate for paying pay_currency to buy buy_currency, markup included.",
			[]api.Parameter{{Name: apiQueryBuyCurrency, In: "query", Required: true, Description: "Currency to buy.", Schema: api.String("").WithExample("GBP")},
				{Name: apiQueryPayCurrency, In: "query", Required: true, Description: "Currency to pay with.", Schema: api.String("").WithExample("EUR")}},
			apiReplyBadQuery),
			"The quote.", apiAccountRead(s.Server, s.apiExchangeRate, api.Texts{provider.ENOTFOUND: {Title: msgFXNotSupported}})),
		api.ReadOp(read("listMarkups", fx+"/markups", tagFX, "List the organisation's FX markups",
			"Markups by currency pair; ANY is a wildcard.", nil),
			"The markups.", apiAccountRead(s.Server, s.apiMarkups, nil)),
		api.ReadOp(read("listCurrencies", fx+"/currencies", tagFX, "List the currencies with exchange rates",
			"Every currency exchange_rate can quote.", nil),
			"The currencies.", apiAccountRead(s.Server, s.apiCurrencies, nil)),
	}
}
