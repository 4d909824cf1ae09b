package accounts

import (
	"context"
	"errors"
	"strings"

	"github.com/gofiber/fiber/v3"
	"github.com/google/uuid"

	"portal/currency"
	"portal/money"
	"portal/provider"
	"portal/server"
	"portal/session"
)

// The transfer between the organisation's own accounts (spec 000 §2
// "Transfer dialog", §5 "Transfer"). Without JavaScript it is a page with a
// form posted here; with it, islands/TransferDialog.tsx shows the same
// fields in a dialog and posts to the JSON API (inter_account_movements).
// Either way the form carries an idempotency key made when it was rendered,
// so a double submit or a retry books once.

// TransferAccount is an account the form offers, with what the island needs
// to format amounts.
type TransferAccount struct {
	Number   string `json:"number"`
	Name     string `json:"name"`
	Currency string `json:"currency"`
	Decimals int    `json:"decimals"`
}

// TransferButtonProps are the props of islands/TransferDialog.tsx.
type TransferButtonProps struct {
	Href           string            `json:"href"`
	OrgID          string            `json:"orgId"`
	CSRF           string            `json:"csrf"`
	Accounts       []TransferAccount `json:"accounts"`
	From           string            `json:"from"`
	IdempotencyKey string            `json:"idempotencyKey"`
}

// TransferForm is what the user typed and what is wrong with it.
type TransferForm struct {
	From           string            `json:"from"`
	To             string            `json:"to"`
	Amount         string            `json:"amount"`
	EndToEndID     string            `json:"endToEndId"`
	IdempotencyKey string            `json:"idempotencyKey"`
	Errors         map[string]string `json:"errors"`
	// FormError is a form-level error (the spec's third place for errors).
	FormError string `json:"formError"`
	// Hint is the currency-conversion hint, when the currencies differ.
	Hint *FXHint `json:"hint"`
}

// FXHint is the currency-conversion hint of the form.
type FXHint struct {
	Rate      string `json:"rate"`
	Converted string `json:"converted,omitempty"`
}

// TransferPageProps are the props of templates/pages/accounts/AccountTransfer.tsx.
type TransferPageProps struct {
	Shell    server.ShellProps `json:"shell"`
	Action   string            `json:"action"`
	Back     string            `json:"back"`
	Accounts []TransferAccount `json:"accounts"`
	Form     TransferForm      `json:"form"`
}

// Transfer form fields. The server's provider errors name debit_amount and
// credit_account_number; the spec puts them on the amount and from fields.
const (
	fFrom     = "from_account_number"
	fTo       = "to_account_number"
	fAmount   = "amount"
	fEndToEnd = "end_to_end_id"
	fKey      = "idempotency_key"
)

// maxEndToEndID is the provider's limit (and ISO 20022's EndToEndId is 35;
// the provider takes up to 140).
const maxEndToEndID = 140

func ownedTransferAccounts(o *server.OrgContext) []TransferAccount {
	out := []TransferAccount{}
	for _, a := range o.OwnedAccounts() {
		out = append(out, TransferAccount{Number: a.AccountNumber, Name: a.Name, Currency: a.CurrencyCode,
			Decimals: currency.Decimals(a.CurrencyCode)})
	}
	return out
}

func findTransferAccount(list []TransferAccount, number string) (TransferAccount, bool) {
	for _, a := range list {
		if a.Number == number {
			return a, true
		}
	}
	return TransferAccount{}, false
}

// transferButton is the Transfer button of the account page: a link to the
// form page, which the island turns into the dialog.
func (s area) transferButton(c fiber.Ctx, o *server.OrgContext, number string) *TransferButtonProps {
	accts := ownedTransferAccounts(o)
	p := &TransferButtonProps{Href: s.Path("org.account.transfer", o.Org.ID, number), OrgID: o.Org.ID,
		CSRF: server.Req(c).CSRF(), Accounts: accts, IdempotencyKey: uuid.NewString()}
	if _, ok := findTransferAccount(accts, number); ok {
		p.From = number
	}
	return p
}

func (s area) transferPage(c fiber.Ctx) error {
	o := server.Req(c).Org
	number := strings.Clone(c.Params("account"))
	if _, ok := s.findAccount(o, number); !ok {
		return s.accountPage(c) // the account page's error, with its status
	}
	if o.Shared(number) {
		return s.sharedRefused(c)
	}
	f := TransferForm{IdempotencyKey: uuid.NewString(), Errors: map[string]string{}}
	if _, ok := findTransferAccount(ownedTransferAccounts(o), number); ok {
		f.From = number
	}
	return s.renderTransfer(c, fiber.StatusOK, f)
}

func (s area) renderTransfer(c fiber.Ctx, status int, f TransferForm) error {
	o := server.Req(c).Org
	number := strings.Clone(c.Params("account"))
	back := s.Path("org.account", o.Org.ID, number)
	return s.Render(c, server.View{Status: status, Title: "Transfer · " + o.Org.Name,
		Page: pageAccountTransfer.With(TransferPageProps{Action: s.Path("org.account.transfer.submit", o.Org.ID, number), Back: back, Accounts: ownedTransferAccounts(o), Form: f})})
}

// transferInput is a transfer request checked against the organisation's
// accounts, before the provider sees it.
type transferInput struct {
	from, to provider.Account
	amount   money.Amount
}

// validateTransfer checks the four fields as the form and the API both
// need; errors are keyed by form field.
func (s area) validateTransfer(o *server.OrgContext, from, to, amount, e2e string) (transferInput, map[string]string) {
	errs := map[string]string{}
	var in transferInput
	owned := func(n string) (provider.Account, bool) {
		a, ok := s.findAccount(o, n)
		return a, ok && a.Owner
	}
	var okFrom bool
	if from == "" {
		errs[fFrom] = "Choose the account to transfer from"
	} else if in.from, okFrom = owned(from); !okFrom {
		errs[fFrom] = "Choose one of your organisation's accounts"
	}
	if to == "" {
		errs[fTo] = "Choose the account to transfer to"
	} else if a, ok := owned(to); !ok {
		errs[fTo] = "Choose one of your organisation's accounts"
	} else if to == from {
		errs[fTo] = "Choose a different account to transfer to"
	} else {
		in.to = a
	}
	// Decimals of the source currency, 2 while it is unknown (000 §5).
	dec := 2
	if okFrom {
		dec = currency.Decimals(in.from.CurrencyCode)
	}
	a, err := money.ParseInput(amount, dec)
	var ie *money.InputError
	if errors.As(err, &ie) {
		errs[fAmount] = ie.Msg
	} else {
		in.amount = a
	}
	switch {
	case strings.TrimSpace(e2e) == "":
		errs[fEndToEnd] = "Enter an end-to-end id"
	case len(e2e) > maxEndToEndID:
		errs[fEndToEnd] = "Enter an end-to-end id of at most 140 characters"
	}
	return in, errs
}

// fxHint quotes the conversion of a valid transfer; nil when the currencies
// are the same. The error is the text to show.
func (s area) fxHint(ctx context.Context, orgID string, in transferInput, amountOK bool) (*FXHint, string) {
	if in.from.CurrencyCode == "" || in.to.CurrencyCode == "" || in.from.CurrencyCode == in.to.CurrencyCode {
		return nil, ""
	}
	r, err := s.Ledger.ExchangeRate(ctx, orgID, in.from.CurrencyCode, in.to.CurrencyCode)
	if provider.ErrorCode(err) == provider.ENOTFOUND {
		return nil, msgFXNotSupported
	}
	if err != nil {
		return nil, msgFXFailed
	}
	rate, err := money.ParseRate(r.ExchangeRate)
	if err != nil {
		return nil, msgFXUnavailable
	}
	buyDec := currency.Decimals(in.to.CurrencyCode)
	h := &FXHint{Rate: "1 " + in.from.CurrencyCode + " = " + money.FormatRate(rate.String()) + " " + in.to.CurrencyCode}
	if amountOK {
		h.Converted = money.Group(in.amount.String()) + " " + in.from.CurrencyCode + " converts to " +
			money.Group(in.amount.Convert(rate, buyDec).String()) + " " + in.to.CurrencyCode
	}
	return h, ""
}

func (s area) transferSubmit(c fiber.Ctx) error {
	o := server.Req(c).Org
	number := strings.Clone(c.Params("account"))
	if _, ok := s.findAccount(o, number); !ok {
		return s.accountPage(c)
	}
	if o.Shared(number) || o.Shared(strings.TrimSpace(c.FormValue(fFrom))) || o.Shared(strings.TrimSpace(c.FormValue(fTo))) {
		return s.sharedRefused(c)
	}
	f := TransferForm{
		From: strings.TrimSpace(c.FormValue(fFrom)), To: strings.TrimSpace(c.FormValue(fTo)),
		Amount: strings.TrimSpace(c.FormValue(fAmount)), EndToEndID: strings.TrimSpace(c.FormValue(fEndToEnd)),
		IdempotencyKey: strings.TrimSpace(c.FormValue(fKey)),
	}
	if _, err := uuid.Parse(f.IdempotencyKey); err != nil {
		// Only a tampered form lacks the key: give it a fresh one and ask again.
		f.IdempotencyKey = uuid.NewString()
		f.Errors = map[string]string{}
		f.FormError = "The form expired. Please submit it again."
		return s.renderTransfer(c, fiber.StatusUnprocessableEntity, f)
	}
	in, errs := s.validateTransfer(o, f.From, f.To, f.Amount, f.EndToEndID)
	f.Errors = errs
	if s.Ledger == nil {
		f.FormError = msgAccountUnavailable
		return s.renderTransfer(c, fiber.StatusServiceUnavailable, f)
	}
	hint, fxErr := s.fxHint(c.Context(), o.Org.ID, in, errs[fAmount] == "")
	f.Hint = hint
	if fxErr != "" {
		f.FormError = fxErr
	}
	if c.FormValue("intent") == "quote" {
		// "Show exchange rate": the form again with the hint, nothing booked;
		// only the account choices matter for a quote.
		for k := range f.Errors {
			if k != fFrom && k != fTo {
				delete(f.Errors, k)
			}
		}
		return s.renderTransfer(c, fiber.StatusOK, f)
	}
	if len(errs) > 0 || fxErr != "" {
		return s.renderTransfer(c, fiber.StatusUnprocessableEntity, f)
	}
	_, err := s.Ledger.Transfer(c.Context(), o.Org.ID, provider.TransferRequest{From: in.from.AccountNumber,
		To: in.to.AccountNumber, Amount: in.amount.String(), EndToEndID: f.EndToEndID, IdempotencyKey: f.IdempotencyKey})
	if err != nil {
		field, msg, known := transferErrorField(err)
		if !known {
			s.Logger.Error("transfer", "request_id", server.Req(c).ID, "err", err)
			return s.FlashRedirect(c, session.FlashError, msgTransferFailed, s.Path("org.account", o.Org.ID, number))
		}
		f.FormError = msgTransferFailed
		if field != "" {
			f.Errors[field] = msg
		} else {
			f.FormError = msgTransferFailed + ": " + msg
		}
		return s.renderTransfer(c, fiber.StatusUnprocessableEntity, f)
	}
	return s.FlashRedirect(c, session.FlashSuccess, msgTransferOK, s.Path("org.account", o.Org.ID, number))
}

// transferErrorField places a provider refusal of a transfer: debit_amount
// on the amount field, credit_account_number on the from field (000 §5),
// anything else at form level (field ""). known is false for an internal
// error, whose text must not reach the user.
func transferErrorField(err error) (field, msg string, known bool) {
	code := provider.ErrorCode(err)
	if code == provider.EINTERNAL || code == provider.EUNAUTHORIZED {
		return "", "", false
	}
	msg = provider.ErrorMessage(err)
	var fe *provider.FieldError
	if errors.As(err, &fe) {
		switch fe.Field {
		case provider.FieldDebitAmount:
			return fAmount, msg, true
		case provider.FieldCreditAccountNumber:
			return fFrom, msg, true
		}
	}
	return "", msg, true
}
