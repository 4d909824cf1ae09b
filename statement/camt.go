package statement

import (
	"bufio"
	"encoding/xml"
	"fmt"
	"io"
	"regexp"
	"strings"
	"time"
	"unicode/utf8"
)

// CAMTNamespace is the namespace of ISO 20022 camt.053.001.08 (BankToCustomerStatementV08).
const CAMTNamespace = "urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"

// Header is what a camt.053 or MT940 statement says besides its entries.
type Header struct {
	// MessageID and StatementID identify the message and the statement (max 35 characters).
	MessageID   string
	StatementID string
	CreatedAt   time.Time
	// From is inclusive, To exclusive (the period's end as an instant).
	From, To       time.Time
	AccountNumber  string
	AccountName    string
	Currency       string
	OpeningBalance string
	ClosingBalance string
	// Servicer names the account servicer in the proprietary bank transaction codes.
	Servicer string
	// ChargesOnly marks a statement of the charges alone: MT940, whose balances must add up
	// with the entries, then opens at zero and closes at the charges' sum.
	ChargesOnly bool
}

var camtCurrency = regexp.MustCompile(`^[A-Z]{3}$`)

// CAMTSupported reports whether camt.053 can carry amounts of this currency: its code must be
// an ISO 4217 style three-letter code and its amounts have at most 5 decimals
// (ActiveOrHistoricCurrencyAndAmount). Crypto assets such as USDT or ETH are not.
func CAMTSupported(currency string, decimals int) bool {
	return camtCurrency.MatchString(currency) && decimals <= 5
}

// camtAmount splits a signed decimal into its absolute value and credit/debit indicator.
func camtAmount(s string) (abs, ind string) {
	if strings.HasPrefix(s, "-") {
		return s[1:], "DBIT"
	}
	return s, "CRDT"
}

type xw struct {
	w   *bufio.Writer
	err error
}

func (x *xw) raw(s string) {
	if x.err == nil {
		_, x.err = x.w.WriteString(s)
	}
}

// text writes s escaped for XML text and attribute values; text without a character to
// escape (most of it) is written as it is, without a copy.
func (x *xw) text(s string) {
	if x.err != nil {
		return
	}
	if !strings.ContainsAny(s, "<>&'\"\r\n\t") && utf8.ValidString(s) {
		_, x.err = x.w.WriteString(s)
		return
	}
	x.err = xml.EscapeText(x.w, []byte(s))
}

// el writes <name>text</name>.
func (x *xw) el(name, text string) {
	x.raw("<")
	x.raw(name)
	x.raw(">")
	x.text(text)
	x.raw("</")
	x.raw(name)
	x.raw(">")
}

func (x *xw) amt(ccy, value string) {
	x.raw(`<Amt Ccy="`)
	x.text(ccy)
	x.raw(`">`)
	x.text(value)
	x.raw(`</Amt>`)
}

const camtTime = "2006-01-02T15:04:05Z"
const camtDate = "2006-01-02"

// max35 cuts identifiers to Max35Text.
func max35(s string) string {
	if len(s) > 35 {
		return s[:35]
	}
	return s
}

func (x *xw) balance(code, ccy, value string, at time.Time) {
	abs, ind := camtAmount(value)
	x.raw("<Bal><Tp><CdOrPrtry>")
	x.el("Cd", code)
	x.raw("</CdOrPrtry></Tp>")
	x.amt(ccy, abs)
	x.el("CdtDbtInd", ind)
	x.raw("<Dt>")
	x.el("Dt", at.UTC().Format(camtDate))
	x.raw("</Dt></Bal>")
}

// WriteCAMT053 writes a camt.053.001.08 document: the opening booked balance (OPBD) at From,
// the closing booked balance (CLBD) on the last day of the period, and one booked entry per
// row. It returns how many entries it wrote.
func WriteCAMT053(out io.Writer, h Header, rows Rows) (int, error) {
	w := bufio.NewWriterSize(out, 32<<10)
	x := &xw{w: w}
	x.raw(xml.Header)
	x.raw(`<Document xmlns="` + CAMTNamespace + `"><BkToCstmrStmt><GrpHdr>`)
	x.el("MsgId", max35(h.MessageID))
	x.el("CreDtTm", h.CreatedAt.UTC().Format(camtTime))
	x.raw("</GrpHdr><Stmt>")
	x.el("Id", max35(h.StatementID))
	x.el("CreDtTm", h.CreatedAt.UTC().Format(camtTime))
	x.raw("<FrToDt>")
	x.el("FrDtTm", h.From.UTC().Format(camtTime))
	// ToDtTm is inclusive in ISO 20022: the last second of the half-open period.
	x.el("ToDtTm", h.To.UTC().Add(-time.Second).Format(camtTime))
	x.raw("</FrToDt><Acct><Id><Othr>")
	x.el("Id", h.AccountNumber)
	x.raw("</Othr></Id>")
	x.el("Ccy", h.Currency)
	if h.AccountName != "" {
		x.el("Nm", h.AccountName)
	}
	x.raw("</Acct>")
	x.balance("OPBD", h.Currency, h.OpeningBalance, h.From)
	x.balance("CLBD", h.Currency, h.ClosingBalance, h.To.Add(-time.Second))
	n := 0
	for x.err == nil && rows.Next() {
		r := rows.Row()
		if r.Currency != h.Currency {
			return n, fmt.Errorf("statement: entry %s in %s on a %s statement", r.ID, r.Currency, h.Currency)
		}
		abs, ind := camtAmount(r.Amount)
		x.raw("<Ntry>")
		x.el("NtryRef", max35(r.ID))
		x.amt(h.Currency, abs)
		x.el("CdtDbtInd", ind)
		x.raw("<Sts><Cd>BOOK</Cd></Sts><BookgDt>")
		x.el("DtTm", r.Date.UTC().Format(camtTime))
		x.raw("</BookgDt><ValDt>")
		x.el("Dt", r.Date.UTC().Format(camtDate))
		x.raw("</ValDt>")
		x.el("AcctSvcrRef", max35(r.ID))
		x.raw("<BkTxCd><Prtry>")
		x.el("Cd", r.EntryType)
		if h.Servicer != "" {
			x.el("Issr", h.Servicer)
		}
		x.raw("</Prtry></BkTxCd>")
		if r.Reference != "" || r.OrderID != "" {
			x.raw("<NtryDtls><TxDtls><Refs>")
			x.el("AcctSvcrRef", max35(r.ID))
			if r.Reference != "" {
				x.el("EndToEndId", max35(r.Reference))
			}
			if r.OrderID != "" {
				x.el("TxId", max35(r.OrderID))
			}
			x.raw("</Refs></TxDtls></NtryDtls>")
		}
		if r.Reference != "" {
			x.el("AddtlNtryInf", r.Reference)
		}
		x.raw("</Ntry>")
		n++
	}
	if x.err != nil {
		return n, x.err
	}
	if err := rows.Err(); err != nil {
		return n, err
	}
	x.raw("</Stmt></BkToCstmrStmt></Document>\n")
	if x.err != nil {
		return n, x.err
	}
	return n, w.Flush()
}
