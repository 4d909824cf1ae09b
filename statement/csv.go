// Package statement writes account statements from a stream of ledger rows: CSV (RFC 4180,
// guarded against formula injection), ISO 20022 camt.053.001.08 XML and SWIFT MT940. Its CSV writer
// (WriteRecords) is the one every export uses, payout reports included. Writers take one row
// at a time from an iterator and write through a buffered writer, so a statement of any
// length is produced in constant memory.
package statement

import (
	"bufio"
	"io"
	"regexp"
	"strings"
	"time"
)

// Row is one ledger entry of a statement. Amount and RunningBalance are exact decimal strings
// (package money), Amount signed: negative for money leaving the account.
type Row struct {
	ID             string
	Date           time.Time
	Reference      string
	OrderID        string
	EntryType      string
	Amount         string
	RunningBalance string
	Currency       string
}

// Rows yields a statement's rows in booking order. Next returns false when there are no more
// rows or on error; Err tells which.
type Rows interface {
	Next() bool
	Row() Row
	Err() error
}

// CSVHeader is the header row of every CSV statement.
var CSVHeader = []string{"date", "id", "reference", "order_id", "entry_type", "amount", "running_balance", "currency"}

// DateLayout is how the CSV writes times: UTC, to the second, ISO 8601.
const DateLayout = "2006-01-02T15:04:05Z"

// plainNumber is a decimal number as package money writes it. A spreadsheet reads such a
// cell as a number, never as a formula, so it stays as it is: a negative amount keeps its
// exact value and its minus sign.
var plainNumber = regexp.MustCompile(`^-?[0-9]+(\.[0-9]+)?$`)

// EscapeCell guards one cell against formula injection: text starting with =, +, -, @, tab
// or carriage return gets a leading apostrophe, which spreadsheets show as text and never
// evaluate. Plain decimal numbers are exempt (see plainNumber).
func EscapeCell(s string) string {
	if s == "" || plainNumber.MatchString(s) {
		return s
	}
	switch s[0] {
	case '=', '+', '-', '@', '\t', '\r':
		return "'" + s
	}
	return s
}

// writeField writes one RFC 4180 field: quoted when it holds a quote, comma, CR or LF, with
// quotes doubled.
func writeField(w *bufio.Writer, s string) error {
	if !strings.ContainsAny(s, "\",\r\n") {
		_, err := w.WriteString(s)
		return err
	}
	if err := w.WriteByte('"'); err != nil {
		return err
	}
	for {
		i := strings.IndexByte(s, '"')
		if i < 0 {
			break
		}
		if _, err := w.WriteString(s[:i+1]); err != nil {
			return err
		}
		if err := w.WriteByte('"'); err != nil {
			return err
		}
		s = s[i+1:]
	}
	if _, err := w.WriteString(s); err != nil {
		return err
	}
	return w.WriteByte('"')
}

func writeRecord(w *bufio.Writer, fields ...string) error {
	for i, f := range fields {
		if i > 0 {
			if err := w.WriteByte(','); err != nil {
				return err
			}
		}
		if err := writeField(w, EscapeCell(f)); err != nil {
			return err
		}
	}
	// RFC 4180 ends records with CRLF.
	_, err := w.WriteString("\r\n")
	return err
}

// Records yields the records of a table, one at a time: the one CSV writer of every export
// (statements, payout reports) reads its rows through it.
type Records interface {
	Next() bool
	Record() []string
	Err() error
}

// WriteRecords writes header and every record (RFC 4180, CRLF, each cell guarded by
// EscapeCell) and returns how many records it wrote. Text is UTF-8 without a byte-order mark.
func WriteRecords(out io.Writer, header []string, recs Records) (int, error) {
	w := bufio.NewWriterSize(out, 32<<10)
	if err := writeRecord(w, header...); err != nil {
		return 0, err
	}
	n := 0
	for recs.Next() {
		if err := writeRecord(w, recs.Record()...); err != nil {
			return n, err
		}
		n++
	}
	if err := recs.Err(); err != nil {
		return n, err
	}
	return n, w.Flush()
}

// statementRecords reads statement rows as CSV records.
type statementRecords struct {
	Rows
	rec [8]string
}

func (s *statementRecords) Record() []string {
	r := s.Row()
	s.rec = [8]string{r.Date.UTC().Format(DateLayout), r.ID, r.Reference, r.OrderID, r.EntryType, r.Amount, r.RunningBalance, r.Currency}
	return s.rec[:]
}

// WriteCSV writes a statement: the header and every row, and returns how many rows it wrote.
func WriteCSV(out io.Writer, rows Rows) (int, error) {
	return WriteRecords(out, CSVHeader, &statementRecords{Rows: rows})
}

// SliceRows iterates over rows held in memory (tests, small statements).
type SliceRows struct {
	rows []Row
	i    int
}

// NewSliceRows returns an iterator over rows.
func NewSliceRows(rows []Row) *SliceRows { return &SliceRows{rows: rows} }

func (s *SliceRows) Next() bool { s.i++; return s.i <= len(s.rows) }
func (s *SliceRows) Row() Row   { return s.rows[s.i-1] }
func (s *SliceRows) Err() error { return nil }
