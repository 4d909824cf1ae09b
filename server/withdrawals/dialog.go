package withdrawals

import (
	"context"
	"net/url"
	"strings"

	"github.com/gofiber/fiber/v3"

	"portal/currency"
	"portal/provider"
	"portal/server"
	"portal/server/listpage"
	"portal/withdrawalrule"
)

// The withdrawal dialog (spec 001 §2 "Withdrawal dialog", §5, §8): form, review, confirm,
// then the result. With JavaScript it is islands/WithdrawalDialog.tsx over the JSON API;
// without, the "Withdraw funds" link opens the form page, whose POST stores the review and
// leads to the review page, whose POST confirms it. The review page shows the result once
// the review is confirmed, so a reload or a second confirm shows the same withdrawal.

// Texts of the dialog: the spec's (001 §2, §8) and the words it leaves to us.
const (
	msgValidationError = "Validation Error"
	msgSomethingWrong  = "Something went wrong"
	msgE2EUnique       = "End-to-end ID must be unique"
	msgOverLimit       = "Amount exceeds (withdrawal request) limit"
	msgResultSuffix    = " will be sent for processing after review."
	msgFormExpired     = "This review has expired or was changed. Please start the withdrawal again."
	msgNoAccounts      = "No withdrawal account is linked to this account."
)

// Form field names of the pages: the island's and withdrawalrule's.
const (
	fAccount    = withdrawalrule.FieldAccount
	fWithdrawal = withdrawalrule.FieldWithdrawal
	fAmount     = withdrawalrule.FieldAmount
	fEndToEnd   = withdrawalrule.FieldEndToEnd
	fCurrency   = "currency_code"
	fIntent     = "intent"
	qReview     = "review"
)

// WithdrawalDebtor is a virtual account the form offers, with what the island needs to check
// and format amounts, and the withdrawal accounts it may send to (active links only).
type WithdrawalDebtor struct {
	Number      string   `json:"number"`
	Label       string   `json:"label"`
	Currency    string   `json:"currency"`
	Decimals    int      `json:"decimals"`
	Withdrawals []string `json:"withdrawals"`
}

// WithdrawalOption is a withdrawal account the form offers.
type WithdrawalOption struct {
	ID       string `json:"id"`
	Label    string `json:"label"`
	Currency string `json:"currency"`
}

// WithdrawalDialogProps are the props of islands/WithdrawalDialog.tsx: the "Withdraw funds"
// button. Href is the form page, which the button opens without JavaScript.
type WithdrawalDialogProps struct {
	Href     string             `json:"href"`
	OrgID    string             `json:"orgId"`
	CSRF     string             `json:"csrf"`
	Accounts []WithdrawalDebtor `json:"accounts"`
	Options  []WithdrawalOption `json:"options"`
	// Currency is the amount's currency before an account is chosen (spec 001 §9: EUR).
	Currency string `json:"currency"`
	// Account is chosen at the start ("" for none).
	Account string `json:"account"`
}

// WithdrawalForm is what the user typed and what is wrong with it.
type WithdrawalForm struct {
	Account    string            `json:"account"`
	Withdrawal string            `json:"withdrawal"`
	Amount     string            `json:"amount"`
	EndToEndID string            `json:"endToEndId"`
	Errors     map[string]string `json:"errors"`
	FormError  string            `json:"formError"`
}

// WithdrawalFormPageProps are the props of templates/pages/withdrawals/WithdrawalForm.tsx.
type WithdrawalFormPageProps struct {
	Shell    server.ShellProps  `json:"shell"`
	Action   string             `json:"action"`
	Back     string             `json:"back"`
	Accounts []WithdrawalDebtor `json:"accounts"`
	// Options are the withdrawal accounts of the chosen account; Hint says why there are
	// none.
	Options  []WithdrawalOption `json:"options"`
	Hint     string             `json:"hint"`
	Currency string             `json:"currency"`
	Form     WithdrawalForm     `json:"form"`
}

// WithdrawalProblem is one line of the error step: a field's label and the message.
type WithdrawalProblem struct {
	Field   string `json:"field"`
	Message string `json:"message"`
}

// WithdrawalReviewView is a stored review as the user confirms it.
type WithdrawalReviewView struct {
	Account     string           `json:"account"`
	Amount      string           `json:"amount"`
	Converted   string           `json:"converted"`
	Rate        string           `json:"rate"`
	NoRate      string           `json:"noRate"`
	EndToEndID  string           `json:"endToEndId"`
	Beneficiary []WithdrawalLine `json:"beneficiary"`
	// Fields are posted back with the confirm: the values confirmed, which the provider
	// holds against the review.
	Fields []WithdrawalHidden `json:"fields"`
}

// WithdrawalHidden is a hidden field of the confirm form.
type WithdrawalHidden struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

// WithdrawalReviewPageProps are the props of templates/pages/withdrawals/WithdrawalReview.tsx:
// the review with its Confirm, or (Reference set) the result, or (Title set) the error list.
type WithdrawalReviewPageProps struct {
	Shell     server.ShellProps    `json:"shell"`
	Action    string               `json:"action"`
	Back      string               `json:"back"`
	List      string               `json:"list"`
	Review    WithdrawalReviewView `json:"review"`
	Reference string               `json:"reference"`
	Detail    string               `json:"detail"`
	Result    string               `json:"result"`
	// Title is 'Validation Error' over Problems, or 'Something went wrong' over Detail text.
	Title    string              `json:"title"`
	Problems []WithdrawalProblem `json:"problems"`
	Message  string              `json:"message"`
}

// fieldLabels name the provider's fields on the error list.
var fieldLabels = map[string]string{
	provider.FieldWithdrawalDebtor:     "Account",
	provider.FieldWithdrawalCreditor:   "Withdrawal account",
	provider.FieldWithdrawalAmount:     "Amount",
	provider.FieldWithdrawalCurrency:   "Currency",
	provider.FieldWithdrawalEndToEndID: "End-to-end ID",
}

// formField is the form's field of a provider field.
var formField = map[string]string{
	provider.FieldWithdrawalDebtor:     fAccount,
	provider.FieldWithdrawalCreditor:   fWithdrawal,
	provider.FieldWithdrawalAmount:     fAmount,
	provider.FieldWithdrawalCurrency:   fAmount,
	provider.FieldWithdrawalEndToEndID: fEndToEnd,
}

// userMessage is the one place a provider's words become the spec's (001 §8).
func userMessage(msg string) string {
	switch msg {
	case provider.MsgWithdrawalE2EUsed:
		return msgE2EUnique
	case provider.MsgWithdrawalOverLimit:
		return msgOverLimit
	}
	return msg
}

// problemsOf lists a provider refusal field by field; none for another error.
func problemsOf(err error) []WithdrawalProblem {
	var out []WithdrawalProblem
	for _, fe := range provider.FieldErrors(err) {
		out = append(out, WithdrawalProblem{Field: fieldLabels[fe.Field], Message: userMessage(fe.Err.Message)})
	}
	return out
}

// debtorsOf are the owned accounts with at least one active link, with their links.
func debtorsOf(o *server.OrgContext, links []provider.WithdrawalAuthorization, creditors []provider.WithdrawalAccount) []WithdrawalDebtor {
	known := map[string]bool{}
	for _, a := range creditors {
		known[a.UUID] = true
	}
	out := []WithdrawalDebtor{}
	for _, a := range o.OwnedAccounts() {
		d := WithdrawalDebtor{Number: a.AccountNumber, Label: accountLabel(a), Currency: a.CurrencyCode,
			Decimals: currency.Decimals(a.CurrencyCode), Withdrawals: []string{}}
		for _, l := range links {
			if l.VirtualAccountNumber == a.AccountNumber && l.Status == provider.AuthorizationActive && known[l.WithdrawalAccountUUID] {
				d.Withdrawals = append(d.Withdrawals, l.WithdrawalAccountUUID)
			}
		}
		if len(d.Withdrawals) > 0 {
			out = append(out, d)
		}
	}
	return out
}

func optionsOf(creditors []provider.WithdrawalAccount) []WithdrawalOption {
	out := []WithdrawalOption{}
	for _, a := range creditors {
		label := a.Label + " · " + a.EffectiveCurrency() + " · " + shorten(a.Number())
		out = append(out, WithdrawalOption{ID: a.UUID, Label: label, Currency: a.EffectiveCurrency()})
	}
	return out
}

// choices reads what the form offers; ok false means the organisation has no withdrawal
// accounts (the list page says so).
func (s area) choices(ctx context.Context, o *server.OrgContext) ([]WithdrawalDebtor, []WithdrawalOption, bool, error) {
	creditors, err := s.Withdrawals.WithdrawalAccounts(ctx, o.Org.ID)
	if err != nil || len(creditors) == 0 {
		return nil, nil, false, err
	}
	links, err := s.Withdrawals.WithdrawalAuthorizations(ctx, o.Org.ID, provider.AuthorizationActive)
	if err != nil {
		return nil, nil, false, err
	}
	return debtorsOf(o, links, creditors), optionsOf(creditors), true, nil
}

// dialogProps are the "Withdraw funds" button's, with account chosen when it can withdraw.
func (s area) dialogProps(c fiber.Ctx, o *server.OrgContext, creditors []provider.WithdrawalAccount, account string) *WithdrawalDialogProps {
	links, err := s.Withdrawals.WithdrawalAuthorizations(c.Context(), o.Org.ID, provider.AuthorizationActive)
	if err != nil {
		s.Logger.Error("withdrawal links", "request_id", server.Req(c).ID, "err", err)
		return nil
	}
	p := &WithdrawalDialogProps{Href: s.base(o.Org.ID) + "/new", OrgID: o.Org.ID, CSRF: server.Req(c).CSRF(),
		Accounts: debtorsOf(o, links, creditors), Options: optionsOf(creditors), Currency: provider.WithdrawalDefaultCurrency}
	for _, d := range p.Accounts {
		if d.Number == account {
			p.Account = account
		}
	}
	return p
}

func findDebtor(list []WithdrawalDebtor, number string) (WithdrawalDebtor, bool) {
	for _, d := range list {
		if d.Number == number {
			return d, true
		}
	}
	return WithdrawalDebtor{}, false
}

// renderForm shows the form page with f; the withdrawal accounts offered are the chosen
// account's.
func (s area) renderForm(c fiber.Ctx, status int, f WithdrawalForm) error {
	o := server.Req(c).Org
	debtors, options, ok, err := s.choices(c.Context(), o)
	if err != nil {
		return err
	}
	if !ok {
		return server.Redirect(c, s.base(o.Org.ID))
	}
	p := WithdrawalFormPageProps{Action: s.base(o.Org.ID) + "/new", Back: s.base(o.Org.ID), Accounts: debtors,
		Options: []WithdrawalOption{}, Currency: provider.WithdrawalDefaultCurrency, Form: f}
	if d, found := findDebtor(debtors, f.Account); found {
		p.Currency = d.Currency
		for _, opt := range options {
			for _, id := range d.Withdrawals {
				if id == opt.ID {
					p.Options = append(p.Options, opt)
				}
			}
		}
	} else {
		p.Form.Account = ""
	}
	if p.Form.Account == "" {
		p.Hint = "Choose the account first, then Show withdrawal accounts."
	} else if len(p.Options) == 0 {
		p.Hint = msgNoAccounts
	}
	return s.Render(c, server.View{Status: status, Title: "Withdraw funds · " + o.Org.Name, Page: pageWithdrawalForm.With(p)})
}

// formPage is the form: empty, with ?account= chosen, or with ?review= filled in from a
// review (the review page's Back).
func (s area) formPage(c fiber.Ctx) error {
	o := server.Req(c).Org
	f := WithdrawalForm{Account: strings.Clone(c.Query(qAccount)), Errors: map[string]string{}}
	if id := c.Query(qReview); id != "" {
		if r, err := s.Withdrawals.WithdrawalReview(c.Context(), o.Org.ID, id); err == nil {
			f.Account, f.Withdrawal, f.Amount, f.EndToEndID = r.DebtorAccountNumber, r.CreditorAccount.ID, r.Amount, r.EndToEndID
		}
	}
	return s.renderForm(c, fiber.StatusOK, f)
}

// createOf is the provider's request for what the form holds.
func createOf(f WithdrawalForm, code string, by provider.User) provider.WithdrawalCreate {
	return provider.WithdrawalCreate{DebtorAccount: f.Account, CreditorAccountID: f.Withdrawal, Amount: f.Amount, CurrencyCode: code,
		EndToEndID: strings.TrimSpace(f.EndToEndID), CreatedBy: by.ID}
}

func (s area) formSubmit(c fiber.Ctx) error {
	rq := server.Req(c)
	o := rq.Org
	f := WithdrawalForm{Account: strings.TrimSpace(c.FormValue(fAccount)), Withdrawal: strings.TrimSpace(c.FormValue(fWithdrawal)),
		Amount: strings.TrimSpace(c.FormValue(fAmount)), EndToEndID: strings.TrimSpace(c.FormValue(fEndToEnd)), Errors: map[string]string{}}
	if c.FormValue(fIntent) == "account" {
		// "Show withdrawal accounts": the form again for the chosen account, nothing stored.
		f.Withdrawal = ""
		return s.renderForm(c, fiber.StatusOK, f)
	}
	debtors, _, ok, err := s.choices(c.Context(), o)
	if err != nil {
		return err
	}
	if !ok {
		return server.Redirect(c, s.base(o.Org.ID))
	}
	d, found := findDebtor(debtors, f.Account)
	dec, code := 2, provider.WithdrawalDefaultCurrency
	if found {
		dec, code = d.Decimals, d.Currency
	}
	f.Errors = withdrawalrule.Form(f.Account, f.Withdrawal, f.Amount, f.EndToEndID, dec)
	if len(f.Errors) > 0 {
		return s.renderForm(c, fiber.StatusUnprocessableEntity, f)
	}
	r, err := s.Withdrawals.ReviewWithdrawal(c.Context(), o.Org.ID, createOf(f, code, *rq.User))
	if probs := provider.FieldErrors(err); len(probs) > 0 {
		for _, fe := range probs {
			if k := formField[fe.Field]; k != "" && f.Errors[k] == "" {
				f.Errors[k] = userMessage(fe.Err.Message)
			}
		}
		return s.renderForm(c, fiber.StatusUnprocessableEntity, f)
	}
	if err != nil {
		s.Logger.Error("withdrawal review", "request_id", rq.ID, "err", err)
		f.FormError = msgSomethingWrong
		return s.renderForm(c, fiber.StatusServiceUnavailable, f)
	}
	return server.Redirect(c, s.base(o.Org.ID)+"/reviews/"+url.PathEscape(r.ID))
}

// reviewView lays out a stored review for the review page.
func reviewView(o *server.OrgContext, r provider.WithdrawalReview) WithdrawalReviewView {
	v := WithdrawalReviewView{Account: r.DebtorAccountNumber, Amount: listpage.AmountCode(r.Amount, r.CurrencyCode), EndToEndID: r.EndToEndID,
		Beneficiary: beneficiaryLines(r.CreditorAccount, func(l, v string, _ bool) WithdrawalLine { return WithdrawalLine{Label: l, Value: v} })}
	for _, a := range o.Accounts {
		if a.AccountNumber == r.DebtorAccountNumber {
			v.Account = accountLabel(a)
		}
	}
	switch {
	case !r.RateAvailable:
		v.NoRate = provider.MsgWithdrawalNoRate
	case r.ConvertedCurrency != r.CurrencyCode:
		v.Converted = listpage.AmountCode(r.ConvertedAmount, r.ConvertedCurrency)
		v.Rate = rateText(r.CurrencyCode, r.ConvertedCurrency, r.ExchangeRate)
	}
	v.Fields = []WithdrawalHidden{{fAccount, r.DebtorAccountNumber}, {fWithdrawal, r.CreditorAccount.ID}, {fAmount, r.Amount},
		{fCurrency, r.CurrencyCode}, {fEndToEnd, r.EndToEndID}}
	return v
}

// reviewProps loads the review of the path; nil with the not-found page sent.
func (s area) reviewProps(c fiber.Ctx) (*provider.WithdrawalReview, WithdrawalReviewPageProps, error) {
	o := server.Req(c).Org
	id := strings.Clone(c.Params("review"))
	r, err := s.Withdrawals.WithdrawalReview(c.Context(), o.Org.ID, id)
	if provider.ErrorCode(err) == provider.ENOTFOUND {
		return nil, WithdrawalReviewPageProps{}, s.NotFound(c)
	}
	if err != nil {
		return nil, WithdrawalReviewPageProps{}, err
	}
	here := s.base(o.Org.ID) + "/reviews/" + url.PathEscape(r.ID)
	p := WithdrawalReviewPageProps{Action: here, Back: s.base(o.Org.ID) + "/new?" + url.Values{qReview: {r.ID}}.Encode(),
		List: s.base(o.Org.ID), Review: reviewView(o, r), Problems: []WithdrawalProblem{}}
	if r.WithdrawalReference != "" {
		p.Reference = r.WithdrawalReference
		p.Detail = s.base(o.Org.ID) + "/" + url.PathEscape(r.WithdrawalReference) + "#withdrawal-panel"
		p.Result = "Your withdrawal request " + r.WithdrawalReference + msgResultSuffix
	}
	return &r, p, nil
}

func (s area) renderReview(c fiber.Ctx, status int, p WithdrawalReviewPageProps) error {
	title := "Review withdrawal"
	switch {
	case p.Reference != "":
		title = "Withdrawal requested"
	case p.Title != "":
		title = p.Title
	}
	return s.Render(c, server.View{Status: status, Title: title + " · " + server.Req(c).Org.Org.Name, Page: pageWithdrawalReview.With(p)})
}

func (s area) reviewPage(c fiber.Ctx) error {
	r, p, err := s.reviewProps(c)
	if r == nil {
		return err
	}
	return s.renderReview(c, fiber.StatusOK, p)
}

// confirmSubmit books the review with the values the page posted; the provider refuses them
// if they are not the review's.
func (s area) confirmSubmit(c fiber.Ctx) error {
	rq := server.Req(c)
	r, p, err := s.reviewProps(c)
	if r == nil {
		return err
	}
	req := provider.WithdrawalCreate{DebtorAccount: c.FormValue(fAccount), CreditorAccountID: c.FormValue(fWithdrawal),
		Amount: c.FormValue(fAmount), CurrencyCode: c.FormValue(fCurrency), EndToEndID: c.FormValue(fEndToEnd), ReviewID: r.ID,
		CreatedBy: rq.User.ID}
	_, err = s.Withdrawals.CreateWithdrawal(c.Context(), rq.Org.Org.ID, req)
	if err == nil {
		return server.Redirect(c, p.Action)
	}
	p.Title = msgSomethingWrong
	if p.Problems = problemsOf(err); len(p.Problems) > 0 {
		p.Title = msgValidationError
	} else if code := provider.ErrorCode(err); code == provider.ECONFLICT {
		p.Message, p.Problems = msgFormExpired, []WithdrawalProblem{}
	} else {
		p.Problems = []WithdrawalProblem{}
		if code == provider.EINTERNAL {
			s.Logger.Error("withdrawal confirm", "request_id", rq.ID, "err", err)
		}
	}
	return s.renderReview(c, fiber.StatusUnprocessableEntity, p)
}
