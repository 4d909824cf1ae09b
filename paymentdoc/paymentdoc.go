// Package paymentdoc is the payment document of a completed payout (spec 001 §2 "download
// the payment document of a completed payout"): who paid whom, how much, when, under which
// references. The document is laid out once, into pages of labelled lines (Build), and that
// one layout is written as a PDF (WritePDF, with go-pdf/fpdf) and shown as HTML on the
// preview page, so the preview's pages are the PDF's pages, line for line.
package paymentdoc

import (
	"fmt"
	"io"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/go-pdf/fpdf"

	"portal/country"
	"portal/daterange"
	"portal/money"
	"portal/provider"
)

// Line is one labelled value; a long value is already broken into Wrapped lines.
type Line struct {
	Label   string   `json:"label"`
	Wrapped []string `json:"wrapped"`
}

// Section is a titled group of lines.
type Section struct {
	Title string `json:"title"`
	Lines []Line `json:"lines"`
}

// Page is one page of the document.
type Page struct {
	Number   int       `json:"number"`
	Sections []Section `json:"sections"`
}

// Document is the laid-out payment document.
type Document struct {
	Title     string    `json:"title"`
	Issuer    string    `json:"issuer"`
	Reference string    `json:"reference"`
	Generated time.Time `json:"generated"`
	Pages     []Page    `json:"pages"`
}

// ErrNotCompleted: only a completed payout has a payment document.
var ErrNotCompleted = provider.Errorf(provider.ECONFLICT, "Only a completed payout has a payment document.")

// Layout of a page, in rows of one line each: what fits between the header and the footer
// of an A4 page at the sizes WritePDF uses (a section title takes titleRows).
const (
	rowsPerPage = 38
	titleRows   = 2
	wrapAt      = 58 // characters of a value line (the value column at 10 pt)
	timeLayout  = "02-01-2006 15:04:05 UTC"
	dayLayout   = "02-01-2006"
)

// Filename is what the document of payout p is saved as.
func Filename(p provider.PayoutRequest) string {
	return "payment-document-" + p.UniqueReference + ".pdf"
}

// wrap breaks s into lines of at most n characters, at spaces where it can.
func wrap(s string, n int) []string {
	s = strings.Join(strings.Fields(s), " ")
	var out []string
	for utf8.RuneCountInString(s) > n {
		r := []rune(s)
		cut := n
		for i := n; i > n/2; i-- {
			if r[i] == ' ' {
				cut = i
				break
			}
		}
		out = append(out, strings.TrimSpace(string(r[:cut])))
		s = strings.TrimSpace(string(r[cut:]))
	}
	return append(out, s)
}

type builder struct{ sections []Section }

// section adds a section of the lines whose value is not empty.
func (b *builder) section(title string, pairs ...string) {
	s := Section{Title: title, Lines: []Line{}}
	for i := 0; i+1 < len(pairs); i += 2 {
		if v := strings.TrimSpace(pairs[i+1]); v != "" {
			s.Lines = append(s.Lines, Line{Label: pairs[i], Wrapped: wrap(v, wrapAt)})
		}
	}
	if len(s.Lines) > 0 {
		b.sections = append(b.sections, s)
	}
}

func joinNonEmpty(sep string, parts ...string) string {
	var out []string
	for _, p := range parts {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return strings.Join(out, sep)
}

// address is a party's postal address: its address lines, or else its street or address.
func address(p provider.Party) string {
	street := joinNonEmpty(", ", p.AddressLines...)
	if street == "" {
		street = joinNonEmpty(", ", p.StreetName, p.Address)
	}
	return joinNonEmpty(", ", street, joinNonEmpty(" ", p.PostalCode, p.City), p.State, country.Name(p.CountryCode))
}

func partyName(p provider.Party) string {
	if p.FullName != "" {
		return p.FullName
	}
	return p.Name
}

// Build lays out the document of payout p, paid from org's account; generated is when.
// Total debited is amount plus fee, exactly.
// ErrNotCompleted unless p is completed.
func Build(p provider.PayoutRequest, org provider.Organisation, generated time.Time) (Document, error) {
	if p.Status != provider.PayoutCompleted {
		return Document{}, ErrNotCompleted
	}
	amount, err := money.ParseCurrency(p.Amount, p.Currency)
	if err != nil {
		return Document{}, fmt.Errorf("paymentdoc: amount: %w", err)
	}
	fee, err := money.ParseCurrency(p.Fee, p.Currency)
	if err != nil {
		return Document{}, fmt.Errorf("paymentdoc: fee: %w", err)
	}
	total := amount.Add(fee).String()
	shown := func(v string) string { return money.Group(v) + " " + p.Currency }
	var completed time.Time
	for _, t := range p.StatusTransitions {
		if t.Name == provider.StateCompleted {
			completed = t.Timestamp
		}
	}
	if completed.IsZero() {
		completed = p.Timestamp
	}
	b := &builder{}
	b.section("Payment",
		"Reference", p.UniqueReference,
		"End-to-end ID", p.EndToEndID,
		"Status", "Completed",
		"Completed on", completed.UTC().Format(timeLayout),
		"Created on", p.CreatedAt.UTC().Format(timeLayout),
		"Requested execution date", daterange.DisplayDay(p.RequestedExecutionDate),
		"Source", provider.SourceWords(p.Source),
		"Batch", p.BatchID)
	b.section("Amounts",
		"Amount paid out", shown(amount.String()),
		"Fee", shown(fee.String()),
		"Total debited", shown(total))
	b.section("Payer",
		"Organisation", org.Name,
		"Address", joinNonEmpty(", ", org.Line1, org.Line2, joinNonEmpty(" ", org.PostalCode, org.City), org.State, country.Name(org.CountryISO)),
		"Account debited", p.DebtorAccount,
		"Website", p.Debtor.Website)
	s := p.UltimateDebtor
	b.section("Sender",
		"Name", partyName(s), "Type", provider.PartyWords(s.Type), "Address", address(s), "E-mail", s.Email, "Phone", s.MobileNumber,
		"Country of residence", country.Shown(s.CountryOfResidenceCode), "ID", joinNonEmpty(" ", s.IDType, s.IDNumber))
	r := p.Creditor
	b.section("Receiver",
		"Name", partyName(r), "Type", provider.PartyWords(r.Type), "Address", address(r), "E-mail", r.Email, "Phone", r.MobileNumber)
	a := p.CreditorAccount
	b.section("Receiver bank",
		"IBAN", a.IBAN, "Account number", a.AccountNumber, "Bank", a.BankName, "BIC", a.BankBIC,
		"Clearing", joinNonEmpty(" ", a.BankClearingSystemCode, a.BankClearingSystemID), "Branch", a.BankBranchID,
		"Country", country.Shown(a.CountryCode))
	if p.HasIntermediary() {
		b.section("Intermediary bank",
			"Bank", p.IntermediaryAgent.BankName, "BIC", p.IntermediaryAgent.BankBIC,
			"IBAN", p.IntermediaryAgentAccount.IBAN, "Account number", p.IntermediaryAgentAccount.AccountNumber)
	}
	b.section("Payment details",
		"Transfer type", p.LocalInstrument, "Purpose code", p.PurposeCode, "Business unit", p.BusinessUnitName)
	var history []string
	for _, t := range p.StatusTransitions {
		history = append(history, t.Timestamp.UTC().Format(timeLayout), provider.StateWords(t.Name))
	}
	b.section("History", history...)

	d := Document{Title: "Payment document", Issuer: strings.ToUpper(provider.ProductName[:1]) + provider.ProductName[1:],
		Reference: p.UniqueReference, Generated: generated.UTC()}
	d.Pages = paginate(b.sections)
	return d, nil
}

// paginate puts sections on pages of rowsPerPage rows; a section that does not fit goes on
// over the page, its title repeated.
func paginate(sections []Section) []Page {
	pages := []Page{{Number: 1, Sections: []Section{}}}
	left := rowsPerPage
	for _, s := range sections {
		cur := Section{Title: s.Title, Lines: []Line{}}
		for _, l := range s.Lines {
			need := len(l.Wrapped)
			if len(cur.Lines) == 0 {
				need += titleRows
			}
			if need > left {
				if len(cur.Lines) > 0 {
					pages[len(pages)-1].Sections = append(pages[len(pages)-1].Sections, cur)
					cur = Section{Title: s.Title + " (continued)", Lines: []Line{}}
				}
				pages = append(pages, Page{Number: len(pages) + 1, Sections: []Section{}})
				left = rowsPerPage
				need = len(l.Wrapped) + titleRows
			}
			cur.Lines = append(cur.Lines, l)
			left -= need
		}
		if len(cur.Lines) > 0 {
			pages[len(pages)-1].Sections = append(pages[len(pages)-1].Sections, cur)
		}
	}
	return pages
}

// WritePDF writes d as an A4 PDF, one PDF page per Page. The standard fonts carry
// Windows-1252: text outside it prints as '.', which the HTML preview shows as it is.
func WritePDF(w io.Writer, d Document) error {
	pdf := fpdf.New("P", "mm", "A4", "")
	pdf.SetAutoPageBreak(false, 0)
	pdf.SetMargins(20, 20, 20)
	pdf.SetCreationDate(d.Generated)
	pdf.SetModificationDate(d.Generated)
	tr := pdf.UnicodeTranslatorFromDescriptor("")
	pdf.SetTitle(d.Title+" "+d.Reference, true)
	pdf.SetAuthor(d.Issuer, true)
	pdf.SetCreator(d.Issuer+" portal", true)
	n := len(d.Pages)
	const row = 6.0
	for _, pg := range d.Pages {
		pdf.AddPage()
		pdf.SetFont("Helvetica", "B", 16)
		pdf.CellFormat(0, 9, tr(d.Issuer+" · "+d.Title), "", 1, "L", false, 0, "")
		pdf.SetFont("Helvetica", "", 10)
		pdf.CellFormat(0, 6, tr("Reference "+d.Reference+"   Generated "+d.Generated.Format(timeLayout)), "", 1, "L", false, 0, "")
		pdf.Line(20, 37, 190, 37)
		pdf.SetY(42)
		for _, s := range pg.Sections {
			pdf.SetFont("Helvetica", "B", 12)
			pdf.CellFormat(0, row*titleRows-2, tr(s.Title), "", 1, "L", false, 0, "")
			pdf.Ln(2)
			for _, l := range s.Lines {
				for i, v := range l.Wrapped {
					label := ""
					if i == 0 {
						label = l.Label
					}
					pdf.SetFont("Helvetica", "", 9)
					pdf.CellFormat(52, row, tr(label), "", 0, "L", false, 0, "")
					pdf.SetFont("Helvetica", "", 10)
					pdf.CellFormat(0, row, tr(v), "", 1, "L", false, 0, "")
				}
			}
		}
		pdf.SetY(282)
		pdf.SetFont("Helvetica", "", 8)
		pdf.CellFormat(0, 5, tr(fmt.Sprintf("%s · %s · page %d of %d", d.Title, d.Reference, pg.Number, n)), "", 0, "C", false, 0, "")
	}
	if err := pdf.Error(); err != nil {
		return fmt.Errorf("paymentdoc: %w", err)
	}
	return pdf.Output(w)
}
