package server

import (
	"github.com/gofiber/fiber/v3"

	"portal/provider"
)

// The accounts area's operations of the API table (tags "Virtual bank" and
// "FX"). Schemas are inline: the area adds no named schema to the document.

const (
	tagVirtualBank = "Virtual bank"
	tagFX          = "FX"
)

var (
	apiAccountNumberParam = oaParameter{Name: "accountNumber", In: "path", Required: true,
		Description: "Virtual account number; an account the organisation neither owns nor shares answers 404.",
		Schema:      oaString("").withExample("4520011000000015")}
	apiCreatedAfterParam = oaParameter{Name: apiQueryCreatedAfter, In: "query",
		Description: "Inclusive start: YYYY-MM-DD (midnight UTC), YYYY-MM-DD HH:mm:ss (UTC) or RFC 3339.", Schema: oaString("")}
	apiCreatedBeforeParam = oaParameter{Name: apiQueryCreatedBefore, In: "query",
		Description: "Exclusive end, in the same forms as created_after.", Schema: oaString("")}
	apiReplyAccountForbidden = apiErrorReply(fiber.StatusForbidden,
		"Code forbidden when the role lacks the permission; MissingScope or invalid_csrf as for every call.")
	apiReplyAccountNotFound = apiErrorReply(fiber.StatusNotFound,
		"Not a member of the organisation or no such organisation (not told apart), or an account it cannot read (title \"An error occurred while accessing this account.\").")
	apiReplyAccountsDown = apiErrorReply(fiber.StatusServiceUnavailable,
		"Code unavailable: the account list or the ledger cannot be read now (title \"Accounts information is temporarily unavailable.\" or \"We are unable to access account information.\").")
	apiReplyBadQuery = apiErrorReply(fiber.StatusUnprocessableEntity, "A query parameter is invalid (source.parameter names it).")
)

func oaAccountSchema() *oaSchema {
	return oaObject("A virtual bank account as the organisation sees it.",
		oaField("account_number", oaString("Virtual account number (also called virtual_account_number).")),
		oaField("name", oaString("Account name.")),
		oaField("currency_code", oaString("ISO 4217 code, or the crypto asset.").withExample("EUR")),
		oaField("currency_name", oaString("Currency name.")),
		oaField("balance", oaString("Current balance: exact decimal with the currency's decimals.").withExample("125000.00")),
		oaField("owner", oaBool("false for an account shared with the organisation by its owner.")))
}

func oaEntrySchema() *oaSchema {
	return oaObject("One ledger entry of the account (spec: transaction entry).", oaEntryProps()...)
}

func oaEntryProps() []oaProp {
	return []oaProp{
		oaField("id", oaString("Entry id.")),
		oaField("date", oaString("When it was booked (UTC).").withFormat("date-time")),
		oaField("reference", oaString("Reference, e.g. the transfer's end-to-end id.")),
		oaField("order_id", oaString("The movement this entry belongs to.")),
		oaField("entry_type", oaString("Entry type.").withEnum(provider.EntryTypes()...)),
		oaField("amount", oaString("Signed amount, negative when money left the account.").withExample("-250.00")),
		oaField("running_balance", oaString("Balance right after this entry.")),
		oaField("currency", oaString("Currency of the account.")),
	}
}

func oaTransferPayload() *oaSchema {
	return oaObject("The transfer payload: a debit of amount from one of the organisation's own accounts to another.",
		oaField("from_account_number", oaString("Account to debit; owned by the organisation.")),
		oaField("to_account_number", oaString("Account to credit; owned by the organisation, not the same account.")),
		oaField("amount", oaString("Debit in the from-account's currency, without thousands separators, at most its decimals, above 0 and below 1e13.").withExample("1000.00")),
		oaField("end_to_end_id", oaString("End-to-end id, 1 to 140 characters; shown as the entries' reference.")))
}

func oaTransferResult() *oaSchema {
	return oaObject("A booked transfer.",
		oaField("id", oaString("Transfer id.")),
		oaField("from_account_number", oaString("")),
		oaField("to_account_number", oaString("")),
		oaField("debit_amount", oaString("Amount debited, in debit_currency.")),
		oaField("debit_currency", oaString("")),
		oaField("credit_amount", oaString("Amount credited after conversion (rounded down), in credit_currency.")),
		oaField("credit_currency", oaString("")),
		oaField("exchange_rate", oaString("Rate applied, markup included; 1 for the same currency.")),
		oaField("end_to_end_id", oaString("")),
		oaField("created_at", oaString("").withFormat("date-time")),
		oaField("entries", oaArray(oaEntrySchema(), "Every ledger line of the transfer, conversion lines included.")))
}

func oaFXRate() *oaSchema {
	return oaObject("An exchange rate quote with the organisation's markup applied.",
		oaField("pay_currency", oaString("Currency paid.").withExample("EUR")),
		oaField("buy_currency", oaString("Currency bought.").withExample("GBP")),
		oaField("exchange_rate", oaString("Units of buy_currency per unit of pay_currency (10 decimals).").withExample("0.8521948818")),
		oaField("reciprocal_exchange_rate", oaString("Units of pay_currency per unit of buy_currency.")),
		oaField("utc_time", oaString("When the quote was made.").withFormat("date-time")))
}

func apiAccountOperations() []apiOp {
	read := func(id, path, tag, summary, desc, ok string, schema *oaSchema, params []oaParameter, h apiHandlerFunc, extra ...apiResponse) apiOp {
		rs := []apiResponse{{Status: fiber.StatusOK, Description: ok, Schema: schema},
			apiReplyUnauthorized, apiReplyAccountForbidden, apiReplyAccountNotFound, apiReplyAccountsDown}
		return apiOp{ID: id, Method: fiber.MethodGet, Path: path, Tag: tag, Summary: summary, Description: desc,
			Auth: apiBearer, Scopes: apiScopesDashboard, Params: append([]oaParameter{apiOrgIDParam}, params...),
			Responses: append(rs, extra...), Handler: h}
	}
	const vb = "/virtual_bank/organisations/{id}"
	const fx = "/fx/organisations/{id}"
	return []apiOp{
		read("listAccounts", vb+"/accounts", tagVirtualBank, "List the organisation's accounts",
			"Owned accounts first, then shared ones, each by name. Needs accounts:read.",
			"The accounts (possibly none).", oaData(oaArray(oaAccountSchema(), "")), nil, (*Server).apiListAccounts),
		read("getAccountSummary", vb+"/accounts/{accountNumber}/summary", tagVirtualBank, "Get an account's balance summary",
			"Opening balance at created_after (0 when absent), closing balance at created_before (now when absent) and the current balance. Needs accounts:read.",
			"The summary.", oaData(oaObject("Balances of the account.",
				oaField("opening_balance", oaString("")), oaField("closing_balance", oaString("")),
				oaField("current_balance", oaString("")), oaField("currency_code", oaString("")))),
			[]oaParameter{apiAccountNumberParam, apiCreatedAfterParam, apiCreatedBeforeParam}, (*Server).apiAccountSummary, apiReplyBadQuery),
		read("listAccountMovements", vb+"/accounts/{accountNumber}/movements", tagVirtualBank, "List an account's transactions",
			"Newest first, one page at a time: pass meta.cursor_next as cursor_after for older entries, meta.cursor_prev as cursor_before for newer ones. "+
				"Changing a filter starts again without a cursor. Needs accounts:read.",
			"One page of entries.", oaObject("",
				oaField("data", oaArray(oaEntrySchema(), "")),
				oaField("meta", oaObject("Paging.",
					oaField("cursor_next", oaString("Cursor of the next (older) page; empty when there is none.")),
					oaField("cursor_prev", oaString("Cursor of the previous (newer) page; empty on the newest page.")),
					oaField("has_next_page", oaBool("Whether older entries exist.")),
					oaField("total", oaInteger("Entries matching the filters, across all pages."))))),
			[]oaParameter{apiAccountNumberParam,
				{Name: apiQuerySort, In: "query", Description: "Only -date (newest first).", Schema: oaString("").withEnum("-date")},
				{Name: apiQueryCursorAfter, In: "query", Description: "Page after this cursor (older entries).", Schema: oaString("")},
				{Name: apiQueryCursorBefore, In: "query", Description: "Page before this cursor (newer entries).", Schema: oaString("")},
				apiCreatedAfterParam, apiCreatedBeforeParam,
				{Name: apiQueryEntryType, In: "query", Description: "Only entries of this type.", Schema: oaString("").withEnum(provider.EntryTypes()...)},
				{Name: apiQueryLimit, In: "query", Description: "Page size, 1 to 200; default 50.", Schema: oaInteger("")},
			}, (*Server).apiMovements, apiReplyBadQuery),
		read("searchMovements", vb+"/movements/search", tagVirtualBank, "Search the organisation's transactions",
			"Entries of every account the organisation owns or shares whose reference, order id, entry id or end-to-end id equals q exactly "+
				"(after trimming), newest first, paged like the account transactions. Needs accounts:read.",
			"One page of matching entries.", oaObject("",
				oaField("data", oaArray(oaObject("A matching entry with its account.",
					append([]oaProp{oaField("account_number", oaString("The account the entry belongs to."))}, oaEntryProps()...)...), "")),
				oaField("meta", oaObject("Paging.",
					oaField("cursor_next", oaString("Cursor of the next (older) page; empty when there is none.")),
					oaField("cursor_prev", oaString("Cursor of the previous (newer) page; empty on the first page.")),
					oaField("has_next_page", oaBool("Whether older hits exist.")),
					oaField("total", oaInteger("Hits across all pages."))))),
			[]oaParameter{
				{Name: apiQuerySearch, In: "query", Required: true, Description: "Reference, order id, entry id or end-to-end id; exact match, 1 to 200 characters after trimming.",
					Schema: oaString("").withExample("E2E-2026-0001")},
				{Name: apiQueryCursorAfter, In: "query", Description: "Page after this cursor (older hits).", Schema: oaString("")},
				{Name: apiQueryCursorBefore, In: "query", Description: "Page before this cursor (newer hits).", Schema: oaString("")},
				{Name: apiQueryLimit, In: "query", Description: "Page size, 1 to 200; default 50.", Schema: oaInteger("")},
			}, (*Server).apiSearchMovements, apiReplyBadQuery),
		{
			ID: "createInterAccountMovement", Method: fiber.MethodPost, Path: vb + "/inter_account_movements", Tag: tagVirtualBank,
			Summary: "Transfer between the organisation's own accounts",
			Description: "Books the transfer at once, converting at the quoted rate (markup included) when the currencies differ. Needs accounts:manage. " +
				"Idempotent per organisation and Idempotency-Key: the same key and body books once and replays the result (200); the same key with another body is 409.",
			Auth: apiBearer, Scopes: apiScopesDashboard,
			Params: []oaParameter{apiOrgIDParam, {Name: apiHeaderIdempotency, In: "header", Required: true,
				Description: "A unique key per intended transfer (for example a UUID), 1 to 255 characters; send the same key when retrying.", Schema: oaString("")}},
			Body: oaTransferPayload(),
			Responses: []apiResponse{
				{Status: fiber.StatusCreated, Description: "Booked.", Schema: oaData(oaTransferResult())},
				{Status: fiber.StatusOK, Description: "Booked earlier with the same key and body: the first result.", Schema: oaData(oaTransferResult())},
				apiErrorReply(fiber.StatusBadRequest, "No Idempotency-Key header, or the body is not JSON."),
				apiReplyUnauthorized, apiReplyAccountForbidden, apiReplyNotFound,
				apiErrorReply(fiber.StatusConflict, "The Idempotency-Key was used for a different transfer."),
				apiReplyAccountsDown,
				apiErrorReply(fiber.StatusUnprocessableEntity, "Refused; source.pointer names the field: /from_account_number, /to_account_number, /amount, /end_to_end_id, "+
					"/debit_amount (e.g. \"Insufficient funds\") or /credit_account_number. No pointer: a form-level error such as \"FX Rate not supported.\"."),
			},
			Handler: (*Server).apiTransfer,
		},
		read("getExchangeRate", fx+"/exchange_rate", tagFX, "Quote an exchange rate",
			"The organisation's rate for paying pay_currency to buy buy_currency, markup included. Needs accounts:read.",
			"The quote.", oaData(oaFXRate()),
			[]oaParameter{{Name: apiQueryBuyCurrency, In: "query", Required: true, Description: "Currency to buy.", Schema: oaString("").withExample("GBP")},
				{Name: apiQueryPayCurrency, In: "query", Required: true, Description: "Currency to pay with.", Schema: oaString("").withExample("EUR")}},
			(*Server).apiExchangeRate, apiReplyBadQuery),
		read("listMarkups", fx+"/markups", tagFX, "List the organisation's FX markups",
			"Markups by currency pair; ANY is a wildcard. Needs accounts:read.",
			"The markups.", oaData(oaArray(oaObject("An FX markup.",
				oaField("id", oaString("")), oaField("buy_currency_iso", oaString("Currency bought, or ANY.")),
				oaField("pay_currency_iso", oaString("Currency paid, or ANY."))), "")), nil, (*Server).apiMarkups),
		read("listCurrencies", fx+"/currencies", tagFX, "List the currencies with exchange rates",
			"Every currency exchange_rate can quote. Needs accounts:read.",
			"The currencies.", oaData(oaArray(oaObject("A currency.",
				oaField("iso_code", oaString("").withExample("EUR")), oaField("name", oaString("").withExample("Euro"))), "")),
			nil, (*Server).apiCurrencies),
	}
}
