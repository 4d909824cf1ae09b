package reference

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"
	"unicode/utf8"

	"portal/currency"
	"portal/money"
	"portal/provider"
	"portal/statement"
)

// Reading an uploaded batch CSV (spec 001 §5 "Batch upload", §8 "Batch upload failure"): the
// file must be UTF-8 (a byte-order mark is dropped), RFC 4180, with the header row of one of
// the organisation's schemas and at least one row. Every row is checked with the field rules
// of the payout wizard; what needs the store (the debtor account is the organisation's, the
// end-to-end id is not taken) is checked by CreateBatch afterwards. Nothing here writes.

// Texts of a refused file; the spec's detail lines end with a full stop.
const (
	msgBatchNotUTF8   = "The file is not UTF-8 encoded."
	msgBatchNotCSV    = "The file is not a valid CSV file (line %d)."
	msgBatchHeader    = "The header row does not match a batch template. Download a CSV template and keep its header row."
	msgBatchEmpty     = "The file has no payout rows."
	msgBatchTooLarge  = provider.MsgBatchFileTooLarge + "."
	msgBatchRowsWrong = "%d of %d rows have errors."
	msgBatchRowWrong  = "1 of %d rows has errors."
	msgBatchMore      = "%d more errors are listed in the error report."
	batchDetailErrors = 10
	maxBatchCell      = 1000
)

// batchRow is one data row of the file: its line, its cells as uploaded, the payout it
// stands for and what is wrong with it.
type batchRow struct {
	line   int
	cells  []string
	payout provider.PayoutCreate
	errs   []batchFieldError
}

type batchFieldError struct{ field, label, msg string }

// batchFile is a file that could be read: its schema and rows.
type batchFile struct {
	schema provider.BatchSchema
	header []string
	rows   []batchRow
}

func refusal(details ...string) *provider.BatchUploadError {
	return &provider.BatchUploadError{Code: provider.EINVALID, Details: details}
}

// parseBatchFile reads content against the organisation's schemas. A file that cannot be
// read at all is a refusal; otherwise every row comes back with its field errors.
func parseBatchFile(content []byte, fams []provider.ProductFamily, today time.Time) (*batchFile, *provider.BatchUploadError) {
	if len(content) > provider.MaxBatchFileBytes {
		return nil, refusal(msgBatchTooLarge)
	}
	content = bytes.TrimPrefix(content, []byte("\xef\xbb\xbf"))
	if bytes.HasPrefix(content, []byte{0xff, 0xfe}) || bytes.HasPrefix(content, []byte{0xfe, 0xff}) || !utf8.Valid(content) {
		return nil, refusal(msgBatchNotUTF8)
	}
	if bytes.IndexByte(content, 0) >= 0 {
		return nil, refusal(fmt.Sprintf(msgBatchNotCSV, 1+bytes.Count(content[:bytes.IndexByte(content, 0)], []byte("\n"))))
	}
	r := csv.NewReader(bytes.NewReader(content))
	r.FieldsPerRecord = -1
	r.ReuseRecord = false
	header, err := r.Read()
	if errors.Is(err, io.EOF) {
		return nil, refusal(msgBatchEmpty)
	}
	if err != nil {
		return nil, refusal(notCSV(err))
	}
	for i := range header {
		header[i] = strings.TrimSpace(header[i])
	}
	candidates := schemasByHeader(fams, header)
	if len(candidates) == 0 {
		return nil, refusal(msgBatchHeader)
	}
	// Rows are large; sized once from the line count, the slice is not copied as it grows.
	f := &batchFile{schema: candidates[0], header: header, rows: make([]batchRow, 0, bytes.Count(content, []byte("\n"))+1)}
	seen := map[string]int{}
	for {
		rec, err := r.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, refusal(notCSV(err))
		}
		line, _ := r.FieldPos(0)
		if len(f.rows) == 0 {
			// The corridors of a transfer type share their columns: the first row's receiver
			// country picks the corridor, and the other rows must have it too.
			f.schema = pickSchema(candidates, header, rec)
		}
		row := batchRow{line: line, cells: rec}
		if len(rec) != len(header) {
			row.errs = append(row.errs, batchFieldError{"", "", fmt.Sprintf("The row has %d fields; the header has %d", len(rec), len(header))})
		} else {
			checkBatchRow(&row, f.schema, today)
			e2e := row.payout.EndToEndID
			if prev, dup := seen[e2e]; dup && e2e != "" {
				row.addErr(f.schema, "end_to_end_id", fmt.Sprintf("%s (also on line %d)", provider.MsgPayoutE2EUnique, prev))
			} else if e2e != "" {
				seen[e2e] = line
			}
		}
		f.rows = append(f.rows, row)
	}
	if len(f.rows) == 0 {
		return nil, refusal(msgBatchEmpty)
	}
	return f, nil
}

func notCSV(err error) string {
	var pe *csv.ParseError
	if errors.As(err, &pe) {
		return fmt.Sprintf(msgBatchNotCSV, pe.Line)
	}
	return fmt.Sprintf(msgBatchNotCSV, 1)
}

func pickSchema(candidates []provider.BatchSchema, header, rec []string) provider.BatchSchema {
	for i, h := range header {
		if h != "creditor.country_code" || i >= len(rec) {
			continue
		}
		for _, c := range candidates {
			if strings.EqualFold(strings.TrimSpace(rec[i]), c.Country.ISO) {
				return c
			}
		}
	}
	return candidates[0]
}

func (r *batchRow) addErr(sc provider.BatchSchema, field, msg string) {
	label := field
	for _, f := range sc.Fields {
		if f.Name == field {
			label = f.Label
		}
	}
	r.errs = append(r.errs, batchFieldError{field, label, msg})
}

// checkBatchRow checks each cell by its field's kind and fills the row's payout. The rules
// are the wizard's (spec 001 §5): required fields, the amount input rules with the
// currency's decimals, IBAN check digits, dates, end-to-end ID letters, digits, - and _.
func checkBatchRow(row *batchRow, sc provider.BatchSchema, today time.Time) {
	p := &row.payout
	p.Source, p.LocalInstrument, p.Currency = provider.SourceCSV, sc.LocalInstrument, sc.Currency.ISO
	p.Creditor.Type = sc.CreditorType
	for i, fl := range sc.Fields {
		v := strings.TrimSpace(row.cells[i])
		bad := func(format string, args ...any) { row.addErr(sc, fl.Name, fmt.Sprintf(format, args...)) }
		if v == "" {
			if fl.AccessType == provider.FieldRequired {
				bad("%s is required", fl.Label)
			}
			continue
		}
		if len(v) > maxBatchCell || (fl.UIField != uiText && len(v) > 140) {
			bad("%s is too long", fl.Label)
			continue
		}
		if strings.ContainsAny(v, "\r\n\t") {
			bad("%s must be on one line", fl.Label)
			continue
		}
		if value, msg := checkField(fl, v, sc, today); msg != "" {
			bad("%s", msg)
		} else {
			setBatchField(p, fl.Name, value)
		}
	}
	p.CreditorAccount.CountryCode = p.Creditor.CountryCode
}

// checkField checks one non-empty value by its kind and returns it as stored.
func checkField(fl provider.BatchSchemaField, v string, sc provider.BatchSchema, today time.Time) (string, string) {
	switch fl.UIField {
	case uiText:
		if len(v) > 140 {
			return "", fl.Label + " must be at most 140 characters"
		}
	case uiEndToEndID:
		if !endToEndPattern.MatchString(v) {
			return "", "End-to-end ID may contain only letters, numbers, - or _"
		}
	case uiAmount:
		a, err := money.ParseInput(v, currency.Decimals(sc.Currency.ISO))
		var ie *money.InputError
		if errors.As(err, &ie) {
			return "", ie.Msg
		}
		return a.String(), ""
	case uiCurrency:
		if strings.ToUpper(v) != sc.Currency.ISO {
			return "", "Currency must be " + sc.Currency.ISO
		}
		return sc.Currency.ISO, ""
	case uiDate, uiDateOfBirth:
		d, err := time.Parse(time.DateOnly, v)
		switch {
		case err != nil:
			return "", fl.Label + " must be a date written YYYY-MM-DD"
		case fl.UIField == uiDate && d.Before(today):
			return "", fl.Label + " must not be in the past"
		case fl.UIField == uiDateOfBirth && !d.Before(today):
			return "", fl.Label + " must be in the past"
		}
	case uiPurposeCode:
		if !purposePattern.MatchString(v) {
			return "", "Purpose code must be 4 capital letters or digits, e.g. PC02"
		}
	case uiCountry:
		if strings.ToUpper(v) != sc.Country.ISO {
			return "", fl.Label + " must be " + sc.Country.ISO + " (" + sc.Country.Name + ")"
		}
		return sc.Country.ISO, ""
	case uiIBAN:
		iban := strings.ToUpper(strings.ReplaceAll(v, " ", ""))
		if !validIBAN(iban) {
			return "", "IBAN is not valid"
		}
		return iban, ""
	case uiBIC:
		if !bicPattern.MatchString(strings.ToUpper(v)) {
			return "", "BIC is not valid"
		}
		return strings.ToUpper(v), ""
	case uiEmail:
		if !emailLikeSimple.MatchString(v) {
			return "", fl.Label + " is not valid"
		}
	case uiAccountNumber:
		if !digits8.MatchString(v) {
			return "", fl.Label + " must have 8 digits"
		}
	case uiSortCode:
		code := strings.NewReplacer("-", "", " ", "").Replace(v)
		if !digits6.MatchString(code) {
			return "", fl.Label + " must have 6 digits"
		}
		return code, ""
	case uiCreditorType:
		if v != provider.CreditorPrivate && v != provider.CreditorOrganization {
			return "", fl.Label + " must be private or organization"
		}
	}
	return v, ""
}

// setBatchField puts a checked value where the payout request carries it.
func setBatchField(p *provider.PayoutCreate, name, v string) {
	c, a := &p.Creditor, &p.CreditorAccount
	var dst *string
	switch name {
	case "end_to_end_id":
		dst = &p.EndToEndID
	case "debtor_account":
		dst = &p.AccountNumber
	case "amount":
		dst = &p.Amount
	case "currency":
		dst = &p.Currency
	case "requested_execution_date":
		dst = &p.RequestedExecutionDate
	case "purpose_code":
		dst = &p.PurposeCode
	case "creditor.full_name":
		dst = &c.FullName
	case "creditor.email":
		dst = &c.Email
	case "creditor.birthdate":
		dst = &c.Birthdate
	case "creditor.city":
		dst = &c.City
	case "creditor.postal_code":
		dst = &c.PostalCode
	case "creditor.country_code":
		dst = &c.CountryCode
	case "creditor.type":
		dst = &c.Type
	case "creditor_account.iban":
		dst = &a.IBAN
	case "creditor_account.bank_bic":
		dst = &a.BankBIC
	case "creditor_account.bank_name":
		dst = &a.BankName
	case "creditor_account.account_number":
		dst = &a.AccountNumber
	case "creditor_account.bank_clearing_system_id":
		dst = &a.BankClearingSystemID
	case "creditor.address_line":
		c.AddressLines = []string{v}
		return
	default:
		return
	}
	*dst = v
}

// errorCell is the error report's cell of a row: the line and each field with its error.
func (r batchRow) errorCell() string {
	var parts []string
	for _, e := range r.errs {
		if e.field == "" {
			parts = append(parts, e.msg)
			continue
		}
		parts = append(parts, fmt.Sprintf("%s (%s): %s", e.label, e.field, e.msg))
	}
	if len(parts) == 0 {
		return ""
	}
	return fmt.Sprintf("Line %d: %s", r.line, strings.Join(parts, "; "))
}

// refuseRows is the refusal of a readable file with wrong rows: the detail lines (how many
// rows, the first errors) and the error report, or nil when every row is right.
func (f *batchFile) refuseRows() *provider.BatchUploadError {
	wrong, total := 0, 0
	var details []string
	for _, r := range f.rows {
		if len(r.errs) > 0 {
			wrong++
		}
		for _, e := range r.errs {
			total++
			if total <= batchDetailErrors {
				label := e.label
				if label == "" {
					label = "Row"
				}
				details = append(details, fmt.Sprintf("Line %d, %s: %s.", r.line, label, e.msg))
			}
		}
	}
	if wrong == 0 {
		return nil
	}
	head := fmt.Sprintf(msgBatchRowsWrong, wrong, len(f.rows))
	if wrong == 1 {
		head = fmt.Sprintf(msgBatchRowWrong, len(f.rows))
	}
	details = append([]string{head}, details...)
	if total > batchDetailErrors {
		details = append(details, fmt.Sprintf(msgBatchMore, total-batchDetailErrors))
	}
	var buf bytes.Buffer
	_, _ = statement.WriteRecords(&buf, append(append([]string{}, f.header...), "errors"), &batchReport{rows: f.rows, width: len(f.header)})
	return &provider.BatchUploadError{Code: provider.EINVALID, Details: details, Report: buf.Bytes(), Meta: f.meta()}
}

func (f *batchFile) meta() provider.BatchUploadMeta {
	return provider.BatchUploadMeta{LocalInstrument: f.schema.LocalInstrument, Currency: f.schema.Currency, Country: f.schema.Country,
		TotalPayoutRequests: len(f.rows)}
}

// batchReport yields the uploaded rows, each with its error cell (statement.WriteRecords
// guards every cell against formula injection).
type batchReport struct {
	rows  []batchRow
	width int
	i     int
	rec   []string
}

func (b *batchReport) Next() bool { b.i++; return b.i <= len(b.rows) }
func (b *batchReport) Err() error { return nil }
func (b *batchReport) Record() []string {
	r := b.rows[b.i-1]
	b.rec = append(b.rec[:0], r.cells...)
	for len(b.rec) < b.width {
		b.rec = append(b.rec, "")
	}
	return append(b.rec[:b.width], r.errorCell())
}
