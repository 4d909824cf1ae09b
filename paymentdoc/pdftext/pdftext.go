// Package pdftext reads a PDF back with a PDF reader library (ledongthuc/pdf): its page
// count and each page's text. The tests of the payment document and the browser flows
// (e2e/pdfcheck) check the files the portal serves with it, rather than trusting the
// writer.
package pdftext

import (
	"bytes"
	"fmt"

	"github.com/ledongthuc/pdf"
)

// Read parses a PDF and returns the text of each page, in order.
func Read(b []byte) (pages []string, err error) {
	defer func() {
		// The reader panics on some malformed input: that is a failed read, not a crash.
		if r := recover(); r != nil {
			pages, err = nil, fmt.Errorf("pdftext: %v", r)
		}
	}()
	r, err := pdf.NewReader(bytes.NewReader(b), int64(len(b)))
	if err != nil {
		return nil, fmt.Errorf("pdftext: %w", err)
	}
	for i := 1; i <= r.NumPage(); i++ {
		p := r.Page(i)
		if p.V.IsNull() {
			return nil, fmt.Errorf("pdftext: page %d missing", i)
		}
		text, err := p.GetPlainText(nil)
		if err != nil {
			return nil, fmt.Errorf("pdftext: page %d: %w", i, err)
		}
		pages = append(pages, text)
	}
	return pages, nil
}
