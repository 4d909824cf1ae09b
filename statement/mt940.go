package statement

import (
	"bufio"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"

	"portal/currency"
)

// MT940 limits of the SWIFT field formats and of one message (docs/areas/accounts.md).
const (
	mt940LineMax   = 65   // one line of :86: (6*65x)
	mt940Lines86   = 6    // lines of :86:
	mt940RefMax    = 16   // 16x: :20:, and :61:'s references
	mt940AmountMax = 15   // 15d, the decimal comma included
	mt940PageMax   = 2000 // characters of one message's text block: longer statements get pages
)

var mt940Currency = regexp.MustCompile(`^[A-Z]{3}$`)

// MT940Supported reports whether MT940 can carry amounts of this currency: its fields take an
// ISO 4217 three-letter code (3!a), so crypto assets such as USDT cannot be written.
func MT940Supported(code string) bool { return mt940Currency.MatchString(code) }

// amount is a signed amount in minor units of a currency with dec decimals.
type amount struct {
	minor int64
	dec   int
}

// parseAmount reads an exact decimal string (package money's) into minor units without
// allocating: the writer sums every entry to carry the balance from page to page.
func parseAmount(s string, dec int) (amount, error) {
	a := amount{dec: dec}
	neg := strings.HasPrefix(s, "-")
	if neg {
		s = s[1:]
	}
	intPart, frac, _ := strings.Cut(s, ".")
	if intPart == "" || len(frac) > dec || len(intPart)+dec > 18 {
		return a, fmt.Errorf("statement: amount %q for %d decimals", s, dec)
	}
	for i := 0; i < len(intPart)+dec; i++ {
		var c byte = '0'
		if i < len(intPart) {
			c = intPart[i]
		} else if j := i - len(intPart); j < len(frac) {
			c = frac[j]
		}
		if c < '0' || c > '9' {
			return a, fmt.Errorf("statement: amount %q", s)
		}
		a.minor = a.minor*10 + int64(c-'0')
	}
	if neg {
		a.minor = -a.minor
	}
	return a, nil
}

// appendMT940Amount appends the D/C mark's subject: the absolute value with a decimal comma,
// which SWIFT writes even without decimals ("1250,"). It fails past the 15 characters of 15d.
func appendMT940Amount(b []byte, a amount) ([]byte, error) {
	m := a.minor
	if m < 0 {
		m = -m
	}
	var digits [20]byte
	d := strconv.AppendInt(digits[:0], m, 10)
	whole := max(len(d)-a.dec, 1)
	if whole+1+a.dec > mt940AmountMax {
		return b, fmt.Errorf("statement: amount of %d digits does not fit MT940", len(d))
	}
	if len(d) > a.dec {
		b = append(b, d[:len(d)-a.dec]...)
	} else {
		b = append(b, '0')
	}
	b = append(b, ',')
	for i := len(d); i < a.dec; i++ {
		b = append(b, '0')
	}
	return append(b, d[max(0, len(d)-a.dec):]...), nil
}

func dcMark(a amount) byte {
	if a.minor < 0 {
		return 'D'
	}
	return 'C'
}

// swiftX reports whether c is in the SWIFT X character set: letters, digits and
// / - ? : ( ) . , ' + and space.
func swiftX(c byte) bool {
	switch {
	case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9':
		return true
	}
	return strings.IndexByte("/-?:().,'+ ", c) >= 0
}

// asciiFor are the replacements of characters that neither are in the X set nor decompose
// into a letter of it.
var asciiFor = map[rune]string{
	'ß': "ss", 'æ': "ae", 'Æ': "AE", 'ø': "o", 'Ø': "O", 'œ': "oe", 'Œ': "OE", 'ð': "d", 'Ð': "D",
	'þ': "th", 'Þ': "TH", 'ł': "l", 'Ł': "L", 'đ': "d", 'Đ': "D", 'ı': "i",
	'_': "-", '&': "+", '"': "'", '‘': "'", '’': "'", '“': "'", '”': "'", '–': "-", '—': "-",
	'\t': " ", '\r': " ", '\n': " ", '€': "EUR", '£': "GBP", '$': "USD",
}

// appendX appends s in the SWIFT X character set: accented letters lose their accents (NFD,
// combining marks dropped), a few letters and signs are spelt out (asciiFor), and anything
// else becomes '.'. In a value (value true) '/' becomes '-' as well, because a slash ends a
// :61: reference and starts a subfield of :86:.
func appendX(b []byte, s string, value bool) []byte {
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			i++
			switch {
			case c == '/' && value:
				b = append(b, '-')
			case swiftX(c):
				b = append(b, c)
			default:
				if r, ok := asciiFor[rune(c)]; ok {
					b = append(b, r...)
				} else {
					b = append(b, '.')
				}
			}
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size
		if rep, ok := asciiFor[r]; ok {
			b = append(b, rep...)
			continue
		}
		var one, dec [16]byte
		n := utf8.EncodeRune(one[:], r)
		base := norm.NFD.Append(dec[:0], one[:n]...)
		if len(base) > 0 && base[0] < utf8.RuneSelf && swiftX(base[0]) && base[0] != '/' {
			b = append(b, base[0])
		} else {
			b = append(b, '.')
		}
	}
	return b
}

// cutRef is the first 16 characters of an X text (16x); "NONREF" when there is none, as
// SWIFT asks.
func cutRef(b []byte) []byte {
	if len(b) == 0 {
		return append(b, "NONREF"...)
	}
	return b[:min(len(b), mt940RefMax)]
}

// mt940Type is the :61: transaction type identification code of an entry type: N and a
// SWIFT code (NCHG charges, NCOL collection, NTRF transfer, NRTI returned item, NMSC other).
func mt940Type(entryType string) string {
	switch entryType {
	case "collection_fee", "collection_refund_fee", "payout_fee", "incident_charges_fee", "monthly_fee",
		"minimum_processing_fee":
		return "NCHG"
	case "collection":
		return "NCOL"
	case "payout", "collection_refund", "inter_account_transfer", "funding":
		return "NTRF"
	case "payout_returned", "payout_cancelled", "refund_canceled", "refund_returned":
		return "NRTI"
	}
	return "NMSC"
}

const mt940Date = "060102"

type mt940Writer struct {
	w    *bufio.Writer
	h    Header
	dec  int
	ref  []byte // :20:, the same on every page
	page int    // pages opened
	size int    // characters of the open page
	line []byte // one entry's :61: and :86:, built before it is written
	x    []byte // scratch for transliteration
	err  error
}

func (m *mt940Writer) write(b []byte) {
	if m.err == nil {
		_, m.err = m.w.Write(b)
		m.size += len(b)
	}
}

func (m *mt940Writer) writeString(s string) {
	if m.err == nil {
		_, m.err = m.w.WriteString(s)
		m.size += len(s)
	}
}

// balance writes :60F:, :60M:, :62F:, :62M: or :64: (tag with its colons).
func (m *mt940Writer) balance(tag string, at time.Time, a amount) {
	b := append(m.line[:0], tag...)
	b = append(b, dcMark(a))
	b = at.UTC().AppendFormat(b, mt940Date)
	b = append(b, m.h.Currency...)
	b, err := appendMT940Amount(b, a)
	if err != nil && m.err == nil {
		m.err = err
	}
	m.line = append(b, "\r\n"...)
	m.write(m.line)
}

// open starts a page: a message of its own with the statement's reference, account, page
// number, and the balance carried from the previous page (:60M:) or the opening one (:60F:).
func (m *mt940Writer) open(at time.Time, bal amount) {
	m.page++
	m.size = 0
	if m.page > 99999 && m.err == nil {
		m.err = fmt.Errorf("statement: more than 99999 MT940 pages")
	}
	m.writeString(":20:")
	m.write(m.ref)
	m.writeString("\r\n:25:")
	m.x = appendX(m.x[:0], m.h.AccountNumber, false)
	m.write(m.x[:min(len(m.x), 35)])
	// :28C: statement number/sequence number (5n[/5n]): one statement, numbered pages.
	m.line = append(m.line[:0], "\r\n:28C:00001/"...)
	for d := 10000; d >= 1; d /= 10 {
		m.line = append(m.line, byte('0'+m.page/d%10))
	}
	m.line = append(m.line, "\r\n"...)
	m.write(m.line)
	tag := ":60F:"
	if m.page > 1 {
		tag = ":60M:"
	}
	m.balance(tag, at, bal)
}

// entry builds the :61: and :86: of one row into m.line.
func (m *mt940Writer) entry(r Row, a amount) error {
	b := m.line[:0]
	b = append(b, ":61:"...)
	// Value date (YYMMDD) and entry date (MMDD): the ledger books at once, so they are one day.
	b = r.Date.UTC().AppendFormat(b, mt940Date)
	b = r.Date.UTC().AppendFormat(b, "0102")
	b = append(b, dcMark(a))
	b, err := appendMT940Amount(b, a)
	if err != nil {
		return err
	}
	b = append(b, mt940Type(r.EntryType)...)
	// Reference for the account owner: the end-to-end reference, else the order id; the
	// servicer's reference after //: the entry id (its first 16 characters; whole in :86:).
	ref := r.Reference
	if ref == "" {
		ref = r.OrderID
	}
	m.x = appendX(m.x[:0], ref, true)
	b = append(b, cutRef(m.x)...)
	b = append(b, "//"...)
	m.x = appendX(m.x[:0], r.ID, true)
	b = append(b, cutRef(m.x)...)
	b = append(b, "\r\n"...)
	// :86: information to the account owner, in /CODE/ subfields: the entry type, the whole
	// entry id, the reference and the order id.
	m.x = append(m.x[:0], "/TYPE/"...)
	m.x = appendX(m.x, r.EntryType, true)
	m.x = append(m.x, "/ID/"...)
	m.x = appendX(m.x, r.ID, true)
	if r.Reference != "" {
		m.x = append(m.x, "/EREF/"...)
		m.x = appendX(m.x, r.Reference, true)
	}
	if r.OrderID != "" {
		m.x = append(m.x, "/ORDR/"...)
		m.x = appendX(m.x, r.OrderID, true)
	}
	m.line = append86(append(b, ":86:"...), m.x)
	return nil
}

// append86 appends text as :86: lines of at most 65 characters, at most 6 of them (the rest
// is cut). A line never starts with ':' or '-', which would read as a new field or the end of
// the message: the line before it ends a character or more earlier. text is changed only
// when a whole line's worth of them leaves no earlier place to end.
func append86(b, text []byte) []byte {
	for n := 0; n < mt940Lines86 && len(text) > 0; n++ {
		cut := min(len(text), mt940LineMax)
		for cut < len(text) && cut > 1 && (text[cut] == ':' || text[cut] == '-') {
			cut--
		}
		if cut == 1 && len(text) > 1 && (text[1] == ':' || text[1] == '-') {
			// A run of them as long as a line: the next line's first one becomes a dot.
			cut = min(len(text), mt940LineMax)
			if cut < len(text) {
				text[cut] = '.'
			}
		}
		b = append(b, text[:cut]...)
		b = append(b, "\r\n"...)
		text = text[cut:]
	}
	return b
}

// WriteMT940 writes a SWIFT MT940 customer statement, its text block only (fields :20: to
// :64:, CRLF lines, each message ended by a '-' line): the opening balance at From (:60F:),
// one :61: and :86: per row, the closing balance on the period's last day (:62F:) and, for a
// statement of the whole account, the closing available balance (:64:). A statement longer
// than a message's 2,000 characters continues in further pages: each page closes with an
// intermediate balance (:62M:) that the next opens with (:60M:), as SWIFT pages a statement.
// Every balance is carried by summing the rows, so each page adds up. With h.ChargesOnly the
// statement is a ledger of the charges alone: it opens at zero and closes at their sum. Text
// is transliterated to the SWIFT X character set. It returns how many entries it wrote.
func WriteMT940(out io.Writer, h Header, rows Rows) (int, error) {
	m := &mt940Writer{w: bufio.NewWriterSize(out, 32<<10), h: h, dec: currency.Decimals(h.Currency)}
	if !MT940Supported(h.Currency) {
		return 0, fmt.Errorf("statement: MT940 cannot carry %s", h.Currency)
	}
	m.ref = append(m.ref, cutRef(appendX(nil, strings.ReplaceAll(h.StatementID, "-", ""), true))...)
	bal := amount{dec: m.dec}
	if !h.ChargesOnly {
		var err error
		if bal, err = parseAmount(h.OpeningBalance, m.dec); err != nil {
			return 0, err
		}
	}
	last := h.To.Add(-time.Second)
	m.open(h.From, bal)
	n := 0
	pageDay := h.From
	for m.err == nil && rows.Next() {
		r := rows.Row()
		if r.Currency != h.Currency {
			return n, fmt.Errorf("statement: entry %s in %s on a %s statement", r.ID, r.Currency, h.Currency)
		}
		a, err := parseAmount(r.Amount, m.dec)
		if err != nil {
			return n, err
		}
		if err := m.entry(r, a); err != nil {
			return n, err
		}
		// Room for the entry and the closing balances (:62M: or :62F: and :64:, a '-').
		if n > 0 && m.size+len(m.line)+80 > mt940PageMax {
			m.balance(":62M:", pageDay, bal)
			m.writeString("-\r\n")
			m.open(pageDay, bal)
			if err := m.entry(r, a); err != nil {
				return n, err
			}
		}
		m.write(m.line)
		bal.minor += a.minor
		pageDay = r.Date
		n++
	}
	if m.err != nil {
		return n, m.err
	}
	if err := rows.Err(); err != nil {
		return n, err
	}
	if !h.ChargesOnly && h.ClosingBalance != "" {
		closing, err := parseAmount(h.ClosingBalance, m.dec)
		if err != nil {
			return n, err
		}
		if closing != bal {
			return n, fmt.Errorf("statement: entries sum to %d, the closing balance is %s", bal.minor, h.ClosingBalance)
		}
	}
	m.balance(":62F:", last, bal)
	if !h.ChargesOnly {
		m.balance(":64:", last, bal)
	}
	m.writeString("-\r\n")
	if m.err != nil {
		return n, m.err
	}
	return n, m.w.Flush()
}
