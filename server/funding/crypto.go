package funding

import (
	"encoding/json"
	"net/url"
	"strings"
	"time"

	"github.com/gofiber/fiber/v3"

	"portal/access"
	"portal/provider"
	"portal/server"
)

// cryptoWidgetBase is the partner widget's base URL and the CSP source that
// allows exactly it in a frame: the configured partner's origin, or 'self'
// for the sandbox's own widget. A configuration that is neither an absolute
// http(s) URL nor a local path falls back to the sandbox widget.
func (s area) cryptoWidgetBase() (base, frameSrc string) {
	raw := strings.TrimRight(strings.TrimSpace(s.Config.CryptoWidgetURL), "/")
	if u, err := url.Parse(raw); err == nil && raw != "" {
		if (u.Scheme == "https" || u.Scheme == "http") && u.Host != "" && u.User == nil {
			return raw, u.Scheme + "://" + u.Host
		}
		if p, ok := server.SafeRedirect(raw); ok && u.Scheme == "" && u.Host == "" {
			return p, "'self'"
		}
	}
	return cryptoWidgetSandboxBase, "'self'"
}

// CryptoFundingProps are the props of templates/pages/funding/CryptoFunding.tsx.
type CryptoFundingProps struct {
	Shell    server.ShellProps `json:"shell"`
	Accounts []FundingAccount  `json:"accounts"`
	Account  string            `json:"account"`
	Message  string            `json:"message"`
	Frames   []CryptoFrame     `json:"frames"`
}

// CryptoFrame is one embedded partner widget.
type CryptoFrame struct {
	ID      string `json:"id"`
	Heading string `json:"heading"`
	Title   string `json:"title"`
	Src     string `json:"src"`
}

// cryptoAccounts are the readable accounts whose funding beneficiary is a
// crypto wallet (spec 000 §2 Crypto funding), in the organisation's order.
func (s area) cryptoAccounts(c fiber.Ctx, o *server.OrgContext) ([]FundingAccount, error) {
	list, err := s.Funding.FundingInstructions(c.Context(), o.Org.ID)
	if err != nil {
		return nil, err
	}
	wallet := map[string]bool{}
	for _, f := range list {
		if f.Beneficiary.Crypto() {
			wallet[f.VirtualAccountNumber] = true
		}
	}
	out := []FundingAccount{}
	for _, a := range o.Accounts {
		if wallet[a.AccountNumber] {
			out = append(out, FundingAccount{Value: a.AccountNumber, Label: fundingAccountLabel(a)})
		}
	}
	return out, nil
}

// The partner token is minted only by a POST (cryptoFundingOpen, the
// page's "Show crypto funding" form) and kept in the session; the page, a
// GET, shows the frames while that token is still good and otherwise just
// the form, so opening or reloading the page writes nothing. Without
// JavaScript this is the same form and a redirect.

// cryptoTokenReuseMin is how long a kept token must still last for the page
// to frame it again; a shorter-lived one could expire as the frames load.
const cryptoTokenReuseMin = time.Minute

func cryptoTokenKey(orgID string) string { return "crypto_token:" + orgID }

// keptCryptoToken is the partner token a session holds for one organisation.
type keptCryptoToken struct {
	UserID  string    `json:"u"`
	Account string    `json:"a"`
	Manage  bool      `json:"m"`
	Token   string    `json:"t"`
	Expires time.Time `json:"e"`
}

// keptToken is the session's token for the account, if it was minted for
// this user with the rights the role grants now and lasts a while yet.
func keptToken(c fiber.Ctx, o *server.OrgContext, acct string) (string, bool) {
	rq := server.Req(c)
	var k keptCryptoToken
	if rq.Session == nil || rq.User == nil || json.Unmarshal([]byte(rq.Session.Values[cryptoTokenKey(o.Org.ID)]), &k) != nil {
		return "", false
	}
	ok := k.Token != "" && k.UserID == rq.User.ID && k.Account == acct && k.Manage == o.Can(access.CryptoManage) &&
		time.Until(k.Expires) >= cryptoTokenReuseMin
	return k.Token, ok
}

func (s area) cryptoFundingPage(c fiber.Ctx) error {
	if s.Funding == nil || s.Crypto == nil {
		return s.NotFound(c)
	}
	o := server.Req(c).Org
	accounts, err := s.cryptoAccounts(c, o)
	if err != nil {
		return err
	}
	p := CryptoFundingProps{Accounts: accounts, Message: cryptoMsgSelect, Frames: []CryptoFrame{}}
	acct := strings.Clone(c.Query(fundingAccountField))
	if !listedAccount(accounts, acct) {
		return s.Render(c, server.View{Title: cryptoTitle + " · " + o.Org.Name, Page: pageCryptoFunding.With(p)})
	}
	p.Account = acct
	tok, ok := keptToken(c, o, acct)
	if !ok {
		p.Message = cryptoMsgOpen
		return s.Render(c, server.View{Title: cryptoTitle + " · " + o.Org.Name, Page: pageCryptoFunding.With(p)})
	}
	p.Message = ""
	base, frameSrc := s.cryptoWidgetBase()
	q := "?token=" + url.QueryEscape(tok)
	if o.Can(access.CryptoManage) {
		p.Frames = append(p.Frames, CryptoFrame{ID: "crypto-wallets", Heading: "Wallets", Title: "Crypto wallets (partner widget)", Src: base + "/wallets" + q})
	}
	p.Frames = append(p.Frames, CryptoFrame{ID: "crypto-history", Heading: "History", Title: "Crypto funding history (partner widget)", Src: base + "/history" + q})
	server.SetFramePolicy(c, frameSrc, "'none'")
	return s.Render(c, server.View{Title: cryptoTitle + " · " + o.Org.Name, Page: pageCryptoFunding.With(p)})
}

func listedAccount(accounts []FundingAccount, acct string) bool {
	for _, a := range accounts {
		if a.Value == acct {
			return true
		}
	}
	return false
}

// cryptoFundingOpen mints a partner token for the chosen account, keeps it
// in the session and goes back to the page, which frames it.
func (s area) cryptoFundingOpen(c fiber.Ctx) error {
	if s.Funding == nil || s.Crypto == nil {
		return s.NotFound(c)
	}
	rq := server.Req(c)
	o := rq.Org
	page := s.Path("org.crypto_funding", o.Org.ID)
	accounts, err := s.cryptoAccounts(c, o)
	if err != nil {
		return err
	}
	acct := strings.Clone(c.FormValue(fundingAccountField))
	if !listedAccount(accounts, acct) {
		return server.Redirect(c, page)
	}
	if _, ok := keptToken(c, o, acct); ok {
		return server.Redirect(c, page+"?"+fundingAccountField+"="+url.QueryEscape(acct))
	}
	manage := o.Can(access.CryptoManage)
	tok, err := s.Crypto.CryptoToken(c.Context(), o.Org.ID, rq.User.ID, acct, manage)
	if provider.ErrorCode(err) == provider.ENOTFOUND {
		return server.Redirect(c, page)
	}
	if err != nil {
		return err
	}
	k, err := json.Marshal(keptCryptoToken{UserID: rq.User.ID, Account: acct, Manage: tok.Manage, Token: tok.Token, Expires: tok.ExpiresAt})
	if err != nil {
		return err
	}
	if rq.Session.Values == nil {
		rq.Session.Values = map[string]string{}
	}
	rq.Session.Values[cryptoTokenKey(o.Org.ID)] = string(k)
	if err := s.Sessions.Save(c.Context(), rq.Session); err != nil {
		return err
	}
	return server.Redirect(c, page+"?"+fundingAccountField+"="+url.QueryEscape(acct))
}

// The sandbox partner widget: what the partner would show inside the frame.
type cryptoWidgetKind int

const (
	cryptoWidgetWallets cryptoWidgetKind = iota
	cryptoWidgetHistory
)

// CryptoWidgetProps are the props of templates/pages/funding/CryptoWidget.tsx.
type CryptoWidgetProps struct {
	Heading  string          `json:"heading"`
	Error    string          `json:"error"`
	Network  string          `json:"network"`
	Wallet   string          `json:"wallet"`
	Currency string          `json:"currency"`
	Account  string          `json:"account"`
	Deposits []CryptoDeposit `json:"deposits"`
	History  bool            `json:"history"`
}

// CryptoDeposit is one funding entry of the account.
type CryptoDeposit struct {
	Date      string `json:"date"`
	Reference string `json:"reference"`
	Amount    string `json:"amount"`
}

// cryptoWidgetDeposits is how many of the latest deposits the widget lists.
const cryptoWidgetDeposits = 20

const cryptoMsgNoManage = "This link does not open crypto wallets."

func (s area) cryptoWidget(kind cryptoWidgetKind) fiber.Handler {
	return func(c fiber.Ctx) error {
		if !s.Config.Sandbox() || s.Crypto == nil || s.Ledger == nil {
			return s.NotFound(c)
		}
		// Framed by the portal only; the token in the URL must not leave in a Referer.
		server.SetFramePolicy(c, "'none'", "'self'")
		c.Set("X-Frame-Options", "SAMEORIGIN")
		c.Set("Referrer-Policy", "no-referrer")
		p := CryptoWidgetProps{Heading: "Crypto wallets", History: kind == cryptoWidgetHistory, Deposits: []CryptoDeposit{}}
		if p.History {
			p.Heading = "Crypto deposits"
		}
		fail := func(status int, msg string) error {
			p.Error = msg
			return s.Render(c, server.View{Status: status, Title: p.Heading, Page: pageCryptoWidget.With(p)})
		}
		g, err := s.Crypto.ResolveCryptoToken(c.Context(), c.Query("token"))
		if provider.ErrorCode(err) == provider.EUNAUTHORIZED {
			return fail(fiber.StatusForbidden, provider.ErrorMessage(err))
		}
		if err != nil {
			return err
		}
		// The token's scope, and the rights the user's role grants now: a signed token
		// outlives a role change, the widget does not serve past it.
		perms := access.For(g.Role)
		if !perms.Has(access.CryptoRead) {
			return fail(fiber.StatusForbidden, provider.MsgCryptoTokenInvalid)
		}
		if kind == cryptoWidgetWallets && (!g.Manage || !perms.Has(access.CryptoManage)) {
			return fail(fiber.StatusForbidden, cryptoMsgNoManage)
		}
		p.Network, p.Wallet, p.Currency, p.Account = g.CryptoNetwork, g.WalletAddress, g.CurrencyISO, g.VirtualAccountNumber
		if p.History {
			page, err := s.Ledger.Movements(c.Context(), g.OrganisationID, g.VirtualAccountNumber,
				provider.MovementFilter{EntryType: provider.EntryFunding, Limit: cryptoWidgetDeposits})
			if provider.ErrorCode(err) == provider.ENOTFOUND {
				return fail(fiber.StatusForbidden, provider.MsgCryptoTokenInvalid)
			}
			if err != nil {
				return err
			}
			for _, e := range page.Entries {
				p.Deposits = append(p.Deposits, CryptoDeposit{Date: e.Date.UTC().Format("02-01-2006 15:04"),
					Reference: e.Reference, Amount: e.Amount + " " + e.Currency})
			}
		}
		return s.Render(c, server.View{Title: p.Heading, Page: pageCryptoWidget.With(p)})
	}
}
