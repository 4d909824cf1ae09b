// Package bench holds the render benchmark's (cmd/renderbench) pages and
// their props (Pages), and what it measures the goja renderer against:
// html/template twins of TSX pages (the synthetic 100-row transactions page,
// the shell + dashboard page and the 100-row Payouts page), the node twin of
// the JSX runtime (node-render.mjs), and a DOM comparison that proves a twin
// renders the same page.
package bench

import (
	"encoding/json"
	"fmt"
	"html/template"
	"regexp"
)

// Twin is an html/template page that produces the same DOM as a TSX page.
type Twin struct {
	Template *template.Template
	// Data decodes the page's props into what the template executes on. It
	// runs once, outside the timed loop: a Go handler would already hold
	// its data as structs.
	Data func(props []byte) (any, error)
}

// Twins are the pages that have an html/template twin, by page name. To
// compare another page, add its template here (cmd/renderbench -page).
var Twins = map[string]Twin{
	"SyntheticTransactions": {Template: syntheticTemplate, Data: decode[SyntheticProps]},
	"Dashboard":             {Template: dashboardTemplate, Data: decode[DashboardView]},
	"Payouts":               {Template: payoutsTemplate, Data: decode[PayoutsView]},
}

func decode[T any](props []byte) (any, error) {
	var v T
	if err := json.Unmarshal(props, &v); err != nil {
		return nil, fmt.Errorf("decode props: %w", err)
	}
	return v, nil
}

// markup drops the line breaks and indentation that keep a template
// readable, so they do not become text nodes (a tag must therefore stay on
// one line).
func markup(name, src string, funcs ...template.FuncMap) *template.Template {
	t := template.New(name)
	for _, f := range funcs {
		t.Funcs(f)
	}
	return template.Must(t.Parse(regexp.MustCompile(`\n\t*`).ReplaceAllString(src, "")))
}
