// Command pdfcheck prints what a PDF holds as JSON ({"pages": ["text of page 1", …]}), read
// by a PDF reader library (package pdftext), for the browser flows, which check the payment
// document they download: go run ./e2e/pdfcheck file.pdf
package main

import (
	"encoding/json"
	"fmt"
	"os"

	"portal/paymentdoc/pdftext"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: pdfcheck file.pdf")
		os.Exit(2)
	}
	b, err := os.ReadFile(os.Args[1])
	if err == nil {
		var pages []string
		if pages, err = pdftext.Read(b); err == nil {
			err = json.NewEncoder(os.Stdout).Encode(map[string]any{"pages": pages})
		}
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
