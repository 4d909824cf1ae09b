package reference

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"portal/payoutfield"
	"portal/provider"
	"portal/statement"
)

// Reading an uploaded batch CSV (spec 001 §5 "Batch upload", §8 "Batch upload failure"): the
// file must be UTF-8 (a byte-order mark is dropped), RFC 4180, with the header row of one of
// the organisation's schemas and at least one row. Every row is checked with the field rules
// of the payout wizard; what needs the store (the end-to-end id is not taken) is checked by
// CreateBatch afterwards. Nothing here writes.

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
	msgBatchOneLine   = "%s must be on one line"
	batchDetailErrors = 10
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
	schema *batchSchema
	header []string
	rows   []batchRow
}

func refusal(details ...string) *provider.BatchUploadError {
	return &provider.BatchUploadError{Code: provider.EINVALID, Details: details}
}

// parseBatchFile reads content against the organisation's schemas. A file that cannot be
// read at all is a refusal; otherwise every row comes back with its field errors.
func parseBatchFile(content []byte, schemas []*batchSchema, today time.Time) (*batchFile, *provider.BatchUploadError) {
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
	var candidates []*batchSchema
	for _, b := range schemas {
		if slices.Equal(b.header(), header) {
			candidates = append(candidates, b)
		}
	}
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
			f.schema = pickSchema(candidates, rec)
		}
		row := batchRow{line: line, cells: rec}
		if len(rec) != len(header) {
			row.errs = append(row.errs, batchFieldError{"", "", fmt.Sprintf("The row has %d fields; the header has %d", len(rec), len(header))})
		} else {
			f.schema.checkRow(&row, today)
			e2e := row.payout.EndToEndID
			if prev, dup := seen[e2e]; dup && e2e != "" {
				row.addErr(f.schema, "end_to_end_id", fmt.Sprintf("%s (also on line %d)", payoutfield.MsgE2EUnique, prev))
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

// pickSchema chooses among schemas with the same columns (the corridors of a transfer type
// ask for the same fields): the one whose corridor's country the first row names, as the
// IBAN's country (the receiver's bank is where the corridor pays out) or else in a country
// column; the first one otherwise.
func pickSchema(candidates []*batchSchema, rec []string) *batchSchema {
	for _, kind := range []string{provider.UIIBAN, provider.UICountry} {
		for _, b := range candidates {
			for i, c := range b.columns {
				if i >= len(rec) || b.prod.country == "" || c.field.UIField != kind {
					continue
				}
				if v := strings.ToUpper(strings.TrimSpace(rec[i])); v == b.prod.country || (kind == provider.UIIBAN && strings.HasPrefix(v, b.prod.country)) {
					return b
				}
			}
		}
	}
	return candidates[0]
}

// addErr records msg against the column named column.
func (r *batchRow) addErr(b *batchSchema, column, msg string) {
	label := column
	for _, c := range b.columns {
		if c.name == column {
			label = c.field.Label
		}
	}
	r.errs = append(r.errs, batchFieldError{column, label, msg})
}

// checkRow checks each cell with the wizard's rules for its field (payoutfield.Check: the
// required fields, the amount with the currency's decimals, the IBAN's check digits, dates,
// the end-to-end ID's letters, digits, - and _, the choices of the organisation's accounts,
// business units, countries and purpose codes) and builds the row's payout from the values
// as stored, the way a published draft's is built. What needs the store (an end-to-end ID
// already taken) is checked by CreateBatch afterwards.
func (b *batchSchema) checkRow(row *batchRow, today time.Time) {
	values := map[string]map[string]string{}
	for i, c := range b.columns {
		v := row.cells[i]
		// A quoted CSV cell may hold a line break, which no input of the wizard can.
		if strings.ContainsAny(strings.TrimSpace(v), "\r\n") {
			row.addErr(b, c.name, fmt.Sprintf(msgBatchOneLine, c.field.Label))
			continue
		}
		if c.field.UIField == provider.UIDateOfBirth {
			v = csvDateOfBirth(v)
		}
		stored, msg := payoutfield.Check(c.check, v, today)
		if msg != "" {
			row.addErr(b, c.name, msg)
			continue
		}
		if values[c.field.Section] == nil {
			values[c.field.Section] = map[string]string{}
		}
		values[c.field.Section][c.field.Name] = stored
	}
	p := payoutOfSections(values, b.fam.id, b.prod.currency, b.prod.country)
	p.Source = provider.SourceCSV
	row.payout = p
}

// csvDateOfBirth reads a date of birth typed as the wizard asks for it (DD MM YYYY, with
// spaces, dots, slashes or dashes) as YYYY-MM-DD; anything else is left for the check.
func csvDateOfBirth(v string) string {
	parts := strings.FieldsFunc(strings.TrimSpace(v), func(r rune) bool { return r == ' ' || r == '.' || r == '/' || r == '-' })
	if len(parts) != 3 || len(parts[0]) == 4 {
		return v
	}
	return payoutfield.ComposeDate(parts[0], parts[1], parts[2])
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
				// Each detail line ends with one full stop (spec 001 §8), whatever the message.
				details = append(details, fmt.Sprintf("Line %d, %s: %s.", r.line, label, strings.TrimSuffix(e.msg, ".")))
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

func (f *batchFile) meta() provider.BatchUploadMeta { return f.schema.meta(len(f.rows)) }

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
