package statement

import (
	"bytes"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"
)

// The field formats of SWIFT's MT940 (Standards MT, category 9) for what WriteMT940 emits, as
// regular expressions: 16x, 35x, 5n[/5n], 1!a6!n3!a15d, the :61: subfields
// 6!n[4!n]2a[1!a]15d1!a3!c16x[//16x] and the X character set. A test runs every line against
// them, so the examples below are checked field by field and not only as text.
var (
	xText      = `[A-Za-z0-9/\-?:().,'+ ]`
	mt940Field = map[string]*regexp.Regexp{
		"20":  regexp.MustCompile(`^` + xText + `{1,16}$`),
		"25":  regexp.MustCompile(`^` + xText + `{1,35}$`),
		"28C": regexp.MustCompile(`^[0-9]{1,5}(/[0-9]{1,5})?$`),
		"60F": regexp.MustCompile(`^[CD][0-9]{6}[A-Z]{3}[0-9,]{2,15}$`),
		"60M": regexp.MustCompile(`^[CD][0-9]{6}[A-Z]{3}[0-9,]{2,15}$`),
		"62F": regexp.MustCompile(`^[CD][0-9]{6}[A-Z]{3}[0-9,]{2,15}$`),
		"62M": regexp.MustCompile(`^[CD][0-9]{6}[A-Z]{3}[0-9,]{2,15}$`),
		"64":  regexp.MustCompile(`^[CD][0-9]{6}[A-Z]{3}[0-9,]{2,15}$`),
		"61":  regexp.MustCompile(`^[0-9]{6}([0-9]{4})?R?[CD][A-Z]?[0-9,]{2,15}[NFS][A-Z0-9]{3}[^/]{1,16}(//` + xText + `{1,16})?$`),
		"86":  regexp.MustCompile(`^` + xText + `{1,65}$`),
	}
	mt940Tag = regexp.MustCompile(`^:([0-9]{2}[A-Z]?):(.*)$`)
)

// checkMT940 checks every line of an MT940 text against the field formats, the order of the
// fields in each message, line lengths (:61: 80 characters with its tag, :86: 6 lines of 65)
// and the 2,000-character message size. It returns the problems.
func checkMT940(out string) []string {
	var errs []string
	if !strings.HasSuffix(out, "-\r\n") {
		errs = append(errs, "does not end with a '-' line")
	}
	order := regexp.MustCompile(`^20 25 28C 60[FM]( 61( 86)?)* 62[FM]( 64)?$`)
	for i, msg := range strings.Split(strings.TrimSuffix(out, "-\r\n"), "-\r\n") {
		if len(msg) > mt940PageMax {
			errs = append(errs, fmt.Sprintf("message %d has %d characters", i+1, len(msg)))
		}
		var tags []string
		var tag string
		lines86 := 0
		for _, line := range strings.Split(strings.TrimSuffix(msg, "\r\n"), "\r\n") {
			if strings.ContainsAny(line, "\r\n") {
				errs = append(errs, fmt.Sprintf("bare CR or LF in %q", line))
			}
			value := line
			if m := mt940Tag.FindStringSubmatch(line); m != nil {
				tag, value = m[1], m[2]
				tags = append(tags, tag)
				lines86 = 0
				if tag == "61" && len(line) > 80 {
					errs = append(errs, fmt.Sprintf(":61: of %d characters", len(line)))
				}
			} else if tag != "86" {
				errs = append(errs, fmt.Sprintf("continuation line %q after :%s:", line, tag))
				continue
			} else if strings.HasPrefix(line, ":") || strings.HasPrefix(line, "-") {
				errs = append(errs, fmt.Sprintf("line starts with ':' or '-': %q", line))
			}
			if tag == "86" {
				lines86++
				if lines86 > 6 {
					errs = append(errs, ":86: of more than 6 lines")
				}
			}
			re, ok := mt940Field[tag]
			if !ok {
				errs = append(errs, "unexpected field :"+tag+":")
			} else if !re.MatchString(value) {
				errs = append(errs, fmt.Sprintf(":%s: %q does not match %s", tag, value, re))
			}
		}
		if !order.MatchString(strings.Join(tags, " ")) {
			errs = append(errs, "field order "+strings.Join(tags, " "))
		}
	}
	return errs
}

var mt940Header = Header{StatementID: "9f3c2a10-5b7e-4c1d-8e2f-0a1b2c3d4e5f", From: time.Date(2026, 10, 1, 0, 0, 0, 0, time.UTC),
	To: time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC), AccountNumber: "4520011000000015", Currency: "EUR",
	OpeningBalance: "1000.00", ClosingBalance: "1186.75"}

// TestWriteMT940 compares whole files with the shape of SWIFT's published MT940 example
// (a customer statement with an opening, entries with their :86:, closing and closing
// available balances), written out by hand.
func TestWriteMT940(t *testing.T) {
	at := time.Date(2026, 10, 2, 9, 30, 0, 0, time.UTC)
	rows := []Row{
		{ID: "1b6f0c1e-aaaa-4bbb-8ccc-000000000001", Date: at, Reference: "NTW-0001", OrderID: "ORD-7", EntryType: "collection",
			Amount: "200.00", Currency: "EUR"},
		{ID: "1b6f0c1e-aaaa-4bbb-8ccc-000000000002", Date: at.AddDate(0, 0, 1), Reference: "ORD-7", EntryType: "collection_fee",
			Amount: "-1.25", Currency: "EUR"},
		{ID: "e3", Date: at.AddDate(0, 0, 30), EntryType: "payout", Amount: "-12.00", Currency: "EUR"},
	}
	for _, c := range []struct {
		name string
		h    Header
		rows []Row
		want string
	}{
		{"transactions", mt940Header, rows, "" +
			":20:9f3c2a105b7e4c1d\r\n:25:4520011000000015\r\n:28C:00001/00001\r\n:60F:C261001EUR1000,00\r\n" +
			":61:2610021002C200,00NCOLNTW-0001//1b6f0c1e-aaaa-4b\r\n:86:/TYPE/collection/ID/1b6f0c1e-aaaa-4bbb-8ccc-000000000001/EREF/NT\r\nW-0001/ORDR/ORD-7\r\n" +
			":61:2610031003D1,25NCHGORD-7//1b6f0c1e-aaaa-4b\r\n:86:/TYPE/collection-fee/ID/1b6f0c1e-aaaa-4bbb-8ccc-000000000002/EREF\r\n/ORD-7\r\n" +
			":61:2611011101D12,00NTRFNONREF//e3\r\n:86:/TYPE/payout/ID/e3\r\n" +
			":62F:C261031EUR1186,75\r\n:64:C261031EUR1186,75\r\n-\r\n"},
		{"empty period, negative balance", Header{StatementID: "s-1", From: mt940Header.From, To: mt940Header.To,
			AccountNumber: "1", Currency: "GBP", OpeningBalance: "-5000.00", ClosingBalance: "-5000.00"}, nil, "" +
			":20:s1\r\n:25:1\r\n:28C:00001/00001\r\n:60F:D261001GBP5000,00\r\n:62F:D261031GBP5000,00\r\n:64:D261031GBP5000,00\r\n-\r\n"},
		{"charges only: a ledger of the charges from zero", Header{StatementID: "c", From: mt940Header.From, To: mt940Header.To,
			AccountNumber: "1", Currency: "EUR", OpeningBalance: "1000.00", ClosingBalance: "1186.75", ChargesOnly: true},
			rows[1:2], "" +
				":20:c\r\n:25:1\r\n:28C:00001/00001\r\n:60F:C261001EUR0,00\r\n" +
				":61:2610031003D1,25NCHGORD-7//1b6f0c1e-aaaa-4b\r\n:86:/TYPE/collection-fee/ID/1b6f0c1e-aaaa-4bbb-8ccc-000000000002/EREF\r\n/ORD-7\r\n" +
				":62F:D261031EUR1,25\r\n-\r\n"},
		{"amount under one", Header{StatementID: "k", From: mt940Header.From, To: mt940Header.To,
			AccountNumber: "1", Currency: "USD", OpeningBalance: "0.00", ClosingBalance: "0.05"},
			[]Row{{ID: "k1", Date: at, EntryType: "correction", Amount: "0.05", Currency: "USD"}}, "" +
				":20:k\r\n:25:1\r\n:28C:00001/00001\r\n:60F:C261001USD0,00\r\n:61:2610021002C0,05NMSCNONREF//k1\r\n:86:/TYPE/correction/ID/k1\r\n" +
				":62F:C261031USD0,05\r\n:64:C261031USD0,05\r\n-\r\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			var b bytes.Buffer
			n, err := WriteMT940(&b, c.h, NewSliceRows(c.rows))
			if err != nil || n != len(c.rows) {
				t.Fatalf("n=%d err=%v", n, err)
			}
			if b.String() != c.want {
				t.Fatalf("got\n%s\nwant\n%s", b.String(), c.want)
			}
			if errs := checkMT940(b.String()); len(errs) > 0 {
				t.Fatal(strings.Join(errs, "\n"))
			}
		})
	}
}

func TestMT940Transliteration(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"Plain ref-42 (a/b) ok?", "Plain ref-42 (a-b) ok?"},
		{"Ærø Straße Café Łódź Øst", "AEro Strasse Cafe Lodz Ost"},
		{"Zürich Åre naïve façade", "Zurich Are naive facade"},
		{"a_b & c \"q\" ‘s’", "a-b + c 'q' 's'"},
		{"tab\there\r\nline", "tab here  line"},
		{"emoji ✓ 😀 #1 ; * = @ %", "emoji . . .1 . . . . ."},
		{"€5 £3", "EUR5 GBP3"},
		{"北京", ".."},
	} {
		if got := string(appendX(nil, c.in, true)); got != c.want {
			t.Errorf("appendX(%q) = %q, want %q", c.in, got, c.want)
		}
		for i := 0; i < len(c.want); i++ {
			if !swiftX(c.want[i]) {
				t.Errorf("%q: %q is not in the X set", c.want, c.want[i])
			}
		}
	}
	if got := string(appendX(nil, "a/b", false)); got != "a/b" {
		t.Errorf("a slash outside values stays: %q", got)
	}
}

func TestMT940Amounts(t *testing.T) {
	for _, c := range []struct {
		in   string
		dec  int
		want string
		err  bool
	}{
		{"0.00", 2, "C0,00", false}, {"-0.01", 2, "D0,01", false}, {"12.5", 2, "C12,50", false},
		{"1250", 0, "C1250,", false}, {"0.005", 3, "C0,005", false}, {"-999999999999.99", 2, "D999999999999,99", false},
		{"1000000000000.00", 2, "", true}, // 16 characters: past 15d
		{"1.234", 2, "", true}, {"1e5", 2, "", true}, {"", 2, "", true}, {"-", 2, "", true},
	} {
		a, err := parseAmount(c.in, c.dec)
		var b []byte
		if err == nil {
			b, err = appendMT940Amount([]byte{dcMark(a)}, a)
		}
		if (err != nil) != c.err || (err == nil && string(b) != c.want) {
			t.Errorf("%q/%d: %q, %v; want %q (error %v)", c.in, c.dec, b, err, c.want, c.err)
		}
	}
}

// A long :86: keeps to 6 lines of 65 characters, no line starting with ':' or '-', and a
// long statement is paged: :62M: closes a page with the balance the next opens with (:60M:).
func TestMT940LimitsAndPages(t *testing.T) {
	if got := string(append86(nil, []byte("x"+strings.Repeat("-", 140)))); strings.Contains(got, "\r\n-") || len(got) != 141+3*2 {
		t.Fatalf("a run of dashes: %q", got)
	}
	long := strings.Repeat("ab-:", 200)
	var rows []Row
	for i := 0; i < 40; i++ {
		rows = append(rows, Row{ID: fmt.Sprintf("id-%d", i), Date: mt940Header.From.Add(time.Duration(i) * time.Hour),
			Reference: long, OrderID: "----::::" + long, EntryType: "payout_fee", Amount: "-0.25", Currency: "EUR"})
	}
	h := mt940Header
	h.ClosingBalance = "990.00"
	var b bytes.Buffer
	if _, err := WriteMT940(&b, h, NewSliceRows(rows)); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	if errs := checkMT940(out); len(errs) > 0 {
		t.Fatal(strings.Join(errs, "\n"))
	}
	pages := strings.Count(out, ":20:")
	if pages < 3 || strings.Count(out, ":60M:") != pages-1 || strings.Count(out, ":62M:") != pages-1 ||
		strings.Count(out, ":61:") != len(rows) || !strings.Contains(out, fmt.Sprintf(":28C:00001/%05d\r\n", pages)) {
		t.Fatalf("%d pages:\n%s", pages, out)
	}
	// Each page's opening balance is the closing one of the page before.
	closes := regexp.MustCompile(`:62M:(.*)\r\n-\r\n:20:[^\r]*\r\n:25:[^\r]*\r\n:28C:[^\r]*\r\n:60M:(.*)\r\n`).FindAllStringSubmatch(out, -1)
	if len(closes) != pages-1 {
		t.Fatalf("%d page breaks", len(closes))
	}
	for _, m := range closes {
		if m[1] != m[2] {
			t.Errorf("page closes at %s, the next opens at %s", m[1], m[2])
		}
	}
}

func TestMT940Refuses(t *testing.T) {
	rows := func(r ...Row) Rows { return NewSliceRows(r) }
	for name, c := range map[string]struct {
		h    Header
		rows Rows
	}{
		"crypto currency":   {Header{Currency: "USDT", OpeningBalance: "0.000000"}, rows()},
		"other currency":    {mt940Header, rows(Row{ID: "x", Amount: "1.00", Currency: "GBP"})},
		"balances disagree": {mt940Header, rows(Row{ID: "x", Amount: "1.00", Currency: "EUR"})},
		"bad amount":        {mt940Header, rows(Row{ID: "x", Amount: "1,00", Currency: "EUR"})},
	} {
		if _, err := WriteMT940(&bytes.Buffer{}, c.h, c.rows); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
	if MT940Supported("USDT") || !MT940Supported("EUR") {
		t.Error("MT940Supported")
	}
}
