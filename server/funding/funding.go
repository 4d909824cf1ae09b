// Package funding is how an organisation funds its accounts (spec 000 §2
// "Account funding", "Crypto funding", §7): the account funding dialog
// (shown by the layout on every page for a user who may fund accounts; its
// no-JavaScript form is the page /org/{id}/account_funding), crypto funding
// with the partner's widgets in frames (crypto.go), the sandbox's own partner
// widget, and their API (api.go).
package funding

import (
	"net/url"
	"strings"

	"github.com/gofiber/fiber/v3"

	"portal/access"
	"portal/provider"
	"portal/server"
	"portal/session"
)

// area's handlers use the core's services through the server.
type area struct{ *server.Server }

// New is account funding and crypto funding of s, with the sandbox's crypto
// partner widget, and their API.
func New(srv *server.Server) server.Area {
	s := area{srv}
	return server.Area{Name: "funding", Routes: []*server.Route{
		{Name: "org.crypto_funding", Method: "GET", Path: "/org/:org/crypto_funding", Access: server.Dashboard, Perms: server.Perms(access.CryptoRead),
			Handler: s.cryptoFundingPage,
			Nav:     &server.NavEntry{Slot: server.NavCryptoFunding, Label: "Crypto funding", Icon: "crypto", Show: func(o *server.OrgContext) bool { return o.Flags.On(provider.FlagCryptoFunding) }}},
		{Name: "org.account_funding", Method: "GET", Path: "/org/:org/account_funding", Access: server.Dashboard,
			Perms: server.Perms(access.AccountsFunding), Off: s.Funding == nil, Handler: s.accountFundingPage, Nav: &server.NavEntry{Slot: server.NavAccountFunding, Label: "Account funding"}},
		{Name: "org.account_funding.accept", Method: "POST", Path: "/org/:org/account_funding/accept", Access: server.Dashboard,
			Perms: server.Perms(access.AccountsFunding), Off: s.Funding == nil, Handler: s.acceptFundingPost},
		// Mints the partner token: the page itself is a GET and changes nothing.
		{Name: "org.crypto_funding.open", Method: "POST", Path: "/org/:org/crypto_funding", Access: server.Dashboard,
			Perms: server.Perms(access.CryptoRead), Handler: s.cryptoFundingOpen},
		// The partner's side: the token in the URL is the only credential, as
		// it would be at a real partner.
		{Name: "sandbox.crypto_widget.wallets", Method: "GET", Path: "/sandbox/crypto-widget/wallets", Access: server.Public,
			Handler: s.cryptoWidget(cryptoWidgetWallets)},
		{Name: "sandbox.crypto_widget.history", Method: "GET", Path: "/sandbox/crypto-widget/history", Access: server.Public,
			Handler: s.cryptoWidget(cryptoWidgetHistory)},
	}, API: s.apiOperations(), Shell: map[server.ShellPart]func(fiber.Ctx) any{server.ShellPartFunding: s.shellFunding}}
}

// Texts of the funding screens: the spec's (000 §2, §8) and ours where it is silent.
const (
	fundingTitle            = "Account funding"
	fundingMsgSelect        = "Select account to see the funding instructions."
	fundingMsgChanged       = "The funding instructions of this account have changed. Please use the new details below from now on."
	fundingMsgAccepted      = "Thank you: the new funding instructions are noted."
	cryptoTitle             = "Crypto funding"
	cryptoMsgSelect         = "Select an account to enable crypto funding options."
	cryptoMsgOpen           = "Choose Show crypto funding to open the partner's widgets for this account."
	fundingReturnField      = "return"
	fundingAccountField     = "account"
	fundingWidth            = 436 // spec 000 §9
	cryptoWidgetSandboxBase = "/sandbox/crypto-widget"
)

// FundingRow is one line of a funding instruction's description list.
type FundingRow struct {
	Term  string `json:"term"`
	Value string `json:"value"`
}

// fundingRows lists the fields of an instruction that apply, in the order a
// payer needs them; islands/lib/funding.ts does the same from the API's
// JSON (shared vectors: testdata/funding-rows.json).
func fundingRows(f provider.FundingInstruction) []FundingRow {
	b := f.Beneficiary
	rows := []FundingRow{}
	for _, r := range []FundingRow{
		{"Funding reference", f.FundingReference},
		{"Beneficiary name", b.FullName},
		{"IBAN", b.IBAN},
		{"Account number", b.AccountNumber},
		{"Sort code", b.SortCode},
		{"SWIFT", b.SwiftCode},
		{"Bank name", b.BankName},
		{"Bank address", b.BankAddress},
		{"Crypto network", b.CryptoNetwork},
		{"Wallet address", b.WalletAddress},
	} {
		if strings.TrimSpace(r.Value) != "" {
			rows = append(rows, r)
		}
	}
	return rows
}

// FundingAccount is an account as a choice of the selectors.
type FundingAccount struct {
	Value string `json:"value"`
	Label string `json:"label"`
}

func fundingAccountLabel(a provider.Account) string {
	return a.Name + " (" + a.CurrencyCode + ") · No. " + a.AccountNumber
}

// ShellFunding is what the shell's account funding island needs: present
// only when the sidebar shows the "Account funding" link.
type ShellFunding struct {
	OrgID    string           `json:"orgId"`
	CSRF     string           `json:"csrf"`
	Href     string           `json:"href"`
	Width    int              `json:"width"`
	Accounts []FundingAccount `json:"accounts"`
}

// shellFunding builds the island's props, nil when the user may not fund
// accounts or the organisation owns none (the sidebar hides the link then).
func (s area) shellFunding(c fiber.Ctx) any {
	o := server.Req(c).Org
	if s.Funding == nil || !o.Can(access.AccountsFunding) {
		return nil
	}
	owned := o.OwnedAccounts()
	if len(owned) == 0 {
		return nil
	}
	f := &ShellFunding{OrgID: o.Org.ID, CSRF: server.Req(c).CSRF(), Href: s.fundingPath(o.Org.ID), Width: fundingWidth}
	for _, a := range owned {
		f.Accounts = append(f.Accounts, FundingAccount{Value: a.AccountNumber, Label: fundingAccountLabel(a)})
	}
	return f
}

// AccountFundingProps are the props of templates/pages/funding/AccountFunding.tsx.
type AccountFundingProps struct {
	Shell    server.ShellProps `json:"shell"`
	Accounts []FundingAccount  `json:"accounts"`
	Account  string            `json:"account"`
	Return   string            `json:"return"`
	// Message is the text in place of instructions: the spec's prompt before
	// a choice, or "not available".
	Message     string         `json:"message"`
	Instruction *FundingDetail `json:"instruction,omitempty"`
	AcceptURL   string         `json:"acceptUrl"`
}

// FundingDetail is one account's instruction as shown.
type FundingDetail struct {
	UUID          string       `json:"uuid"`
	Changed       bool         `json:"changed"`
	ChangedNotice string       `json:"changedNotice"`
	Rows          []FundingRow `json:"rows"`
}

func isOwned(o *server.OrgContext, number string) bool {
	for _, a := range o.OwnedAccounts() {
		if a.AccountNumber == number {
			return true
		}
	}
	return false
}

func (s area) fundingPath(orgID string) string { return s.Path("org.account_funding", orgID) }

// fundingReturn is where "Done, close window" goes without JavaScript: the
// page the user came from (the return field the page carries, else the
// Referer of the first visit), only as a local path and never this page
// itself; else the dashboard.
func (s area) fundingReturn(c fiber.Ctx, orgID, given string) string {
	self := s.fundingPath(orgID)
	ok := func(p string) bool {
		p, valid := server.SafeRedirect(p)
		return valid && p != self && !strings.HasPrefix(p, self+"?") && !strings.HasPrefix(p, self+"/")
	}
	if ok(given) {
		return given
	}
	if ref, err := url.Parse(c.Get(fiber.HeaderReferer)); err == nil && ref.Host != "" && ref.Host == string(c.Request().Host()) {
		if p := ref.RequestURI(); ok(p) {
			return p
		}
	}
	return server.OrgHome(orgID)
}

func (s area) fundingPageURL(orgID, account, ret string) string {
	q := url.Values{}
	if account != "" {
		q.Set(fundingAccountField, account)
	}
	if ret != "" {
		q.Set(fundingReturnField, ret)
	}
	if len(q) == 0 {
		return s.fundingPath(orgID)
	}
	return s.fundingPath(orgID) + "?" + q.Encode()
}

// accountFundingPage is the account funding dialog as a page: choosing an
// account is a GET form, acknowledging a changed configuration a POST.
func (s area) accountFundingPage(c fiber.Ctx) error {
	rq := server.Req(c)
	o := rq.Org
	p := AccountFundingProps{Accounts: []FundingAccount{}, Message: fundingMsgSelect,
		Return: s.fundingReturn(c, o.Org.ID, c.Query(fundingReturnField)), AcceptURL: s.fundingPath(o.Org.ID) + "/accept"}
	for _, a := range o.OwnedAccounts() {
		p.Accounts = append(p.Accounts, FundingAccount{Value: a.AccountNumber, Label: fundingAccountLabel(a)})
	}
	if acct := strings.Clone(c.Query(fundingAccountField)); acct != "" {
		p.Message = provider.MsgFundingUnavailable
		if isOwned(o, acct) {
			p.Account = acct
			f, err := s.Funding.FundingInstruction(c.Context(), o.Org.ID, acct)
			switch provider.ErrorCode(err) {
			case "":
				p.Message = ""
				p.Instruction = &FundingDetail{UUID: f.UUID, Changed: f.Changed, Rows: fundingRows(f)}
				if f.Changed {
					p.Instruction.ChangedNotice = fundingMsgChanged
				}
			case provider.ENOTFOUND:
			default:
				return err
			}
		}
	}
	return s.Render(c, server.View{Title: fundingTitle + " · " + o.Org.Name, Page: pageAccountFunding.With(p)})
}

// acceptFundingPost is "I got it!" without JavaScript.
func (s area) acceptFundingPost(c fiber.Ctx) error {
	o := server.Req(c).Org
	acct := strings.Clone(c.FormValue(fundingAccountField))
	ret := s.fundingReturn(c, o.Org.ID, c.FormValue(fundingReturnField))
	if !isOwned(o, acct) {
		return s.FlashRedirect(c, session.FlashError, provider.MsgFundingUnavailable, s.fundingPageURL(o.Org.ID, "", ret))
	}
	err := s.Funding.AcceptFundingChanges(c.Context(), o.Org.ID, acct, c.FormValue("configuration_uuid"))
	kind, text := session.FlashSuccess, fundingMsgAccepted
	switch provider.ErrorCode(err) {
	case "":
	case provider.ECONFLICT, provider.ENOTFOUND:
		kind, text = session.FlashError, provider.ErrorMessage(err)
	default:
		return err
	}
	return s.FlashRedirect(c, kind, text, s.fundingPageURL(o.Org.ID, acct, ret))
}
