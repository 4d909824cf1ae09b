package statement

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"regexp"
	"strings"
	"testing"
	"time"

	"portal/money"
)

// The structural checks of camt.053.001.08 for what WriteCAMT053 emits: each element's
// children in the XSD's sequence order with their cardinalities, and the simple types of the
// leaves (patterns of the XSD's types). Written from the ISO 20022 message definition
// (BankToCustomerStatementV08); no schema file or network is needed at test time.

type child struct {
	name     string
	min, max int // max 0 = unbounded
}

var camtSeq = map[string][]child{
	"Document":      {{"BkToCstmrStmt", 1, 1}},
	"BkToCstmrStmt": {{"GrpHdr", 1, 1}, {"Stmt", 1, 0}, {"SplmtryData", 0, 0}},
	"GrpHdr":        {{"MsgId", 1, 1}, {"CreDtTm", 1, 1}, {"MsgRcpt", 0, 1}, {"MsgPgntn", 0, 1}, {"OrgnlBizQry", 0, 1}, {"AddtlInf", 0, 1}},
	"Stmt": {{"Id", 1, 1}, {"StmtPgntn", 0, 1}, {"ElctrncSeqNb", 0, 1}, {"RptgSeq", 0, 1}, {"LglSeqNb", 0, 1}, {"CreDtTm", 0, 1},
		{"FrToDt", 0, 1}, {"CpyDplctInd", 0, 1}, {"RptgSrc", 0, 1}, {"Acct", 1, 1}, {"RltdAcct", 0, 1}, {"Intrst", 0, 0},
		{"Bal", 1, 0}, {"TxsSummry", 0, 1}, {"Ntry", 0, 0}, {"AddtlStmtInf", 0, 1}},
	"FrToDt":    {{"FrDtTm", 1, 1}, {"ToDtTm", 1, 1}},
	"Acct":      {{"Id", 1, 1}, {"Tp", 0, 1}, {"Ccy", 0, 1}, {"Nm", 0, 1}, {"Prxy", 0, 1}, {"Ownr", 0, 1}, {"Svcr", 0, 1}},
	"Acct/Id":   {{"Othr", 1, 1}},
	"Othr":      {{"Id", 1, 1}, {"SchmeNm", 0, 1}, {"Issr", 0, 1}},
	"Bal":       {{"Tp", 1, 1}, {"CdtLine", 0, 0}, {"Amt", 1, 1}, {"CdtDbtInd", 1, 1}, {"Dt", 1, 1}, {"Avlbty", 0, 0}},
	"Bal/Tp":    {{"CdOrPrtry", 1, 1}, {"SubTp", 0, 1}},
	"CdOrPrtry": {{"Cd", 1, 1}},
	"Bal/Dt":    {{"Dt", 1, 1}},
	"Ntry": {{"NtryRef", 0, 1}, {"Amt", 1, 1}, {"CdtDbtInd", 1, 1}, {"RvslInd", 0, 1}, {"Sts", 1, 1}, {"BookgDt", 0, 1},
		{"ValDt", 0, 1}, {"AcctSvcrRef", 0, 1}, {"Avlbty", 0, 0}, {"BkTxCd", 1, 1}, {"ComssnWvrInd", 0, 1}, {"AddtlInfInd", 0, 1},
		{"AmtDtls", 0, 1}, {"Chrgs", 0, 1}, {"TechInptChanl", 0, 1}, {"Intrst", 0, 1}, {"CardTx", 0, 1}, {"NtryDtls", 0, 0},
		{"AddtlNtryInf", 0, 1}},
	"Sts":      {{"Cd", 1, 1}},
	"BookgDt":  {{"DtTm", 1, 1}},
	"ValDt":    {{"Dt", 1, 1}},
	"BkTxCd":   {{"Domn", 0, 1}, {"Prtry", 0, 1}},
	"Prtry":    {{"Cd", 1, 1}, {"Issr", 0, 1}},
	"NtryDtls": {{"Btch", 0, 1}, {"TxDtls", 0, 0}},
	"TxDtls":   {{"Refs", 0, 1}},
	"Refs": {{"MsgId", 0, 1}, {"AcctSvcrRef", 0, 1}, {"PmtInfId", 0, 1}, {"InstrId", 0, 1}, {"EndToEndId", 0, 1},
		{"UETR", 0, 1}, {"TxId", 0, 1}},
}

var (
	reISODateTime = regexp.MustCompile(`^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})?$`)
	reISODate     = regexp.MustCompile(`^\d{4}-\d{2}-\d{2}$`)
	reAmount      = regexp.MustCompile(`^\d{1,13}(\.\d{1,5})?$`) // 18 digits, 5 fraction digits, not negative
	reCcy         = regexp.MustCompile(`^[A-Z]{3}$`)
)

// leafCheck validates the text of leaf elements by their path suffix.
func leafCheck(path, text string) error {
	max := func(n int) error {
		if len([]rune(text)) < 1 || len([]rune(text)) > n {
			return fmt.Errorf("%s: length %d not in 1..%d", path, len([]rune(text)), n)
		}
		return nil
	}
	last := path[strings.LastIndex(path, "/")+1:]
	switch {
	case last == "CreDtTm" || last == "FrDtTm" || last == "ToDtTm" || last == "DtTm":
		if !reISODateTime.MatchString(text) {
			return fmt.Errorf("%s: %q is not an ISODateTime", path, text)
		}
	case strings.HasSuffix(path, "Dt/Dt"):
		if !reISODate.MatchString(text) {
			return fmt.Errorf("%s: %q is not an ISODate", path, text)
		}
	case last == "Amt":
		if !reAmount.MatchString(text) {
			return fmt.Errorf("%s: %q is not an ActiveOrHistoricCurrencyAndAmount", path, text)
		}
	case last == "CdtDbtInd":
		if text != "CRDT" && text != "DBIT" {
			return fmt.Errorf("%s: %q is not CRDT or DBIT", path, text)
		}
	case last == "Ccy":
		if !reCcy.MatchString(text) {
			return fmt.Errorf("%s: %q is not a currency code", path, text)
		}
	case strings.HasSuffix(path, "Sts/Cd"):
		if text != "BOOK" {
			return fmt.Errorf("%s: %q", path, text)
		}
	case strings.HasSuffix(path, "CdOrPrtry/Cd"):
		if text != "OPBD" && text != "CLBD" {
			return fmt.Errorf("%s: balance code %q", path, text)
		}
	case last == "AddtlNtryInf":
		return max(500)
	case last == "Nm":
		return max(140)
	default:
		return max(35)
	}
	return nil
}

type node struct {
	name     string
	attrs    []xml.Attr
	children []*node
	text     string
}

func parseXML(t *testing.T, b []byte) *node {
	t.Helper()
	d := xml.NewDecoder(bytes.NewReader(b))
	root := &node{}
	stack := []*node{root}
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("not well-formed XML: %v", err)
		}
		switch v := tok.(type) {
		case xml.StartElement:
			if v.Name.Space != CAMTNamespace {
				t.Fatalf("%s in namespace %q", v.Name.Local, v.Name.Space)
			}
			n := &node{name: v.Name.Local, attrs: v.Attr}
			top := stack[len(stack)-1]
			top.children = append(top.children, n)
			stack = append(stack, n)
		case xml.EndElement:
			stack = stack[:len(stack)-1]
		case xml.CharData:
			stack[len(stack)-1].text += string(v)
		}
	}
	if len(root.children) != 1 || root.children[0].name != "Document" {
		t.Fatal("the root element must be Document")
	}
	return root.children[0]
}

// validate walks n against camtSeq and leafCheck and returns every problem.
func validate(n *node, parent string, path string) []string {
	var errs []string
	key := n.name
	if _, ok := camtSeq[parent+"/"+n.name]; ok {
		key = parent + "/" + n.name
	}
	seq, hasSeq := camtSeq[key]
	if !hasSeq {
		if len(n.children) > 0 {
			return []string{path + ": unexpected children"}
		}
		if err := leafCheck(path, n.text); err != nil {
			errs = append(errs, err.Error())
		}
		if n.name == "Amt" {
			if len(n.attrs) != 1 || n.attrs[0].Name.Local != "Ccy" || !reCcy.MatchString(n.attrs[0].Value) {
				errs = append(errs, path+": Amt needs a Ccy attribute")
			}
		}
		return errs
	}
	if strings.TrimSpace(n.text) != "" {
		errs = append(errs, path+": text in a complex element")
	}
	i := 0
	for _, c := range seq {
		count := 0
		for i < len(n.children) && n.children[i].name == c.name {
			errs = append(errs, validate(n.children[i], n.name, path+"/"+c.name)...)
			count++
			i++
		}
		if count < c.min || (c.max > 0 && count > c.max) {
			errs = append(errs, fmt.Sprintf("%s: %d × %s, want %d..%d", path, count, c.name, c.min, c.max))
		}
	}
	if i < len(n.children) {
		errs = append(errs, fmt.Sprintf("%s: %s not allowed here", path, n.children[i].name))
	}
	return errs
}

func findAll(n *node, name string) []*node {
	var out []*node
	for _, c := range n.children {
		if c.name == name {
			out = append(out, c)
		}
	}
	return out
}

func sub(n *node, names ...string) *node {
	for _, name := range names {
		f := findAll(n, name)
		if len(f) == 0 {
			return nil
		}
		n = f[0]
	}
	return n
}

func TestCAMT053Structure(t *testing.T) {
	from := time.Date(2026, 10, 1, 0, 0, 0, 0, time.UTC)
	rows := []Row{
		{ID: "101", Date: from.Add(time.Hour), Reference: "INV <1> & co", OrderID: "ord-1", EntryType: "collection", Amount: "250.00", RunningBalance: "1250.00", Currency: "EUR"},
		{ID: "102", Date: from.Add(2 * time.Hour), EntryType: "payout_fee", Amount: "-1.50", RunningBalance: "1248.50", Currency: "EUR"},
		{ID: "103", Date: from.Add(3 * time.Hour), Reference: "E2E-9", EntryType: "payout", Amount: "-48.50", RunningBalance: "1200.00", Currency: "EUR"},
	}
	h := Header{MessageID: "stmt-0001", StatementID: "stmt-0001", CreatedAt: from.AddDate(0, 1, 0), From: from, To: from.AddDate(0, 1, 0),
		AccountNumber: "4520011000000015", AccountName: "Main EUR", Currency: "EUR", OpeningBalance: "1000.00", ClosingBalance: "1200.00", Servicer: "Portal"}
	var b bytes.Buffer
	n, err := WriteCAMT053(&b, h, NewSliceRows(rows))
	if err != nil || n != 3 {
		t.Fatalf("n=%d err=%v", n, err)
	}
	doc := parseXML(t, b.Bytes())
	if errs := validate(doc, "", "Document"); len(errs) > 0 {
		t.Fatalf("camt.053.001.08 structure:\n%s\n%s", strings.Join(errs, "\n"), b.String())
	}

	stmt := sub(doc, "BkToCstmrStmt", "Stmt")
	bals := findAll(stmt, "Bal")
	if len(bals) != 2 || sub(bals[0], "Tp", "CdOrPrtry", "Cd").text != "OPBD" || sub(bals[1], "Tp", "CdOrPrtry", "Cd").text != "CLBD" {
		t.Fatal("want an opening (OPBD) and a closing (CLBD) booked balance")
	}
	signed := func(n *node) money.Amount {
		a := money.MustParse(sub(n, "Amt").text, 2)
		if sub(n, "CdtDbtInd").text == "DBIT" {
			a = a.Neg()
		}
		return a
	}
	sum := signed(bals[0])
	ntry := findAll(stmt, "Ntry")
	if len(ntry) != len(rows) {
		t.Fatalf("%d entries, want %d", len(ntry), len(rows))
	}
	for i, e := range ntry {
		if sub(e, "BookgDt", "DtTm").text != rows[i].Date.Format(camtTime) || sub(e, "AcctSvcrRef").text != rows[i].ID ||
			sub(e, "BkTxCd", "Prtry", "Cd").text != rows[i].EntryType {
			t.Errorf("entry %d does not match its row", i)
		}
		sum = sum.Add(signed(e))
	}
	if sum.Cmp(signed(bals[1])) != 0 {
		t.Fatalf("opening + entries = %s, closing %s", sum, signed(bals[1]).String())
	}
	if got := sub(ntry[0], "AddtlNtryInf").text; got != "INV <1> & co" {
		t.Fatalf("escaped text: %q", got)
	}

	// A negative closing balance is written as an amount with DBIT, never a signed amount.
	h.ClosingBalance = "-5.00"
	b.Reset()
	if _, err := WriteCAMT053(&b, h, NewSliceRows(nil)); err != nil {
		t.Fatal(err)
	}
	doc = parseXML(t, b.Bytes())
	if errs := validate(doc, "", "Document"); len(errs) > 0 {
		t.Fatal(errs)
	}
	if c := findAll(sub(doc, "BkToCstmrStmt", "Stmt"), "Bal")[1]; sub(c, "Amt").text != "5.00" || sub(c, "CdtDbtInd").text != "DBIT" {
		t.Fatal("negative balance")
	}
}

// The validator itself must reject what camt.053 forbids.
func TestCAMT053ValidatorRejects(t *testing.T) {
	for name, doc := range map[string]string{
		"missing BkTxCd":  `<Document xmlns="` + CAMTNamespace + `"><BkToCstmrStmt><GrpHdr><MsgId>m</MsgId><CreDtTm>2026-01-01T00:00:00Z</CreDtTm></GrpHdr><Stmt><Id>s</Id><Acct><Id><Othr><Id>1</Id></Othr></Id></Acct><Bal><Tp><CdOrPrtry><Cd>OPBD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">1.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2026-01-01</Dt></Dt></Bal><Ntry><Amt Ccy="EUR">1.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts></Ntry></Stmt></BkToCstmrStmt></Document>`,
		"negative amount": `<Document xmlns="` + CAMTNamespace + `"><BkToCstmrStmt><GrpHdr><MsgId>m</MsgId><CreDtTm>2026-01-01T00:00:00Z</CreDtTm></GrpHdr><Stmt><Id>s</Id><Acct><Id><Othr><Id>1</Id></Othr></Id></Acct><Bal><Tp><CdOrPrtry><Cd>OPBD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">-1.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2026-01-01</Dt></Dt></Bal></Stmt></BkToCstmrStmt></Document>`,
		"order":           `<Document xmlns="` + CAMTNamespace + `"><BkToCstmrStmt><GrpHdr><CreDtTm>2026-01-01T00:00:00Z</CreDtTm><MsgId>m</MsgId></GrpHdr><Stmt><Id>s</Id><Acct><Id><Othr><Id>1</Id></Othr></Id></Acct><Bal><Tp><CdOrPrtry><Cd>OPBD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">1.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2026-01-01</Dt></Dt></Bal></Stmt></BkToCstmrStmt></Document>`,
		"six decimals":    `<Document xmlns="` + CAMTNamespace + `"><BkToCstmrStmt><GrpHdr><MsgId>m</MsgId><CreDtTm>2026-01-01T00:00:00Z</CreDtTm></GrpHdr><Stmt><Id>s</Id><Acct><Id><Othr><Id>1</Id></Othr></Id></Acct><Bal><Tp><CdOrPrtry><Cd>OPBD</Cd></CdOrPrtry></Tp><Amt Ccy="USD">1.000000</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2026-01-01</Dt></Dt></Bal></Stmt></BkToCstmrStmt></Document>`,
	} {
		if errs := validate(parseXML(t, []byte(doc)), "", "Document"); len(errs) == 0 {
			t.Errorf("%s: accepted", name)
		}
	}
	if CAMTSupported("USDT", 6) || CAMTSupported("ETH", 18) || !CAMTSupported("EUR", 2) {
		t.Error("CAMTSupported")
	}
}
