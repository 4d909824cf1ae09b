package bench

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"

	"portal/server/createpayout"
	"portal/ssr/bundle"
)

// Page is one page the benchmark renders, and where its props come from.
// The props are never a copy made for the benchmark: each source is kept
// current by a test that fails when the page's Go props change (see
// Pages), so the benchmark cannot go stale unnoticed.
type Page struct {
	// Name is the page's name in the report and for cmd/renderbench -page.
	Name string
	// Component is the TSX page rendered (templates/pages, or this
	// package's pages folder).
	Component string
	// Props reads the page's props JSON (compact, as a handler passes it),
	// with root the project root.
	Props func(root string) ([]byte, error)
}

// Pages are the bench pages, in the order the report prints them. Where
// their props come from, and what keeps those current:
//   - the synthetic 100-row table: built here (Synthetic);
//   - Dashboard, AccountTransactions, Payouts: files captured from the real
//     handlers on a seeded store (TestDashboardFixture, TestAccountFixture,
//     TestPayoutsFixture fail when a handler's props change);
//   - the payout wizard's steps: the PayoutWizard island vectors' pages
//     (testdata/islands/PayoutWizard.json), which server and island tests
//     render and hydrate, read through the page's Go props type: a field
//     the type no longer has fails, one it gained gets its zero value, as
//     from a handler that leaves it empty.
//
// TestPropsAreTheGoTypes reads every one back into its page's Go props type.
var Pages = []Page{
	{Name: "SyntheticTransactions", Component: "SyntheticTransactions", Props: func(string) ([]byte, error) { return SyntheticJSON(100), nil }},
	{Name: "Dashboard", Component: "Dashboard", Props: file("testdata/bench/dashboard.json")},
	{Name: "AccountTransactions", Component: "AccountTransactions", Props: file("testdata/bench/account.json")},
	{Name: "Payouts", Component: "Payouts", Props: file("testdata/bench/payouts.json")},
	wizardStep("select_product"),
	wizardStep("creditor"),
	wizardStep("creditor_account"),
	wizardStep("summary"),
	wizardStep("done"),
}

// PagesDir holds the pages only the benchmark renders (relative to the
// project root): the production bundle (cmd/build) leaves them out.
const PagesDir = "cmd/renderbench/bench/pages"

// BundleOptions builds the server bundle the benchmark measures: the
// portal's pages and islands plus PagesDir, without CSS.
func BundleOptions(root, outDir string) bundle.Options {
	return bundle.Options{Root: root, OutDir: outDir, SkipCSS: true, ExtraPagesDir: PagesDir}
}

// PageNamed is the bench page of that name.
func PageNamed(name string) (Page, bool) {
	for _, p := range Pages {
		if p.Name == name {
			return p, true
		}
	}
	return Page{}, false
}

func file(rel string) func(root string) ([]byte, error) {
	return func(root string) ([]byte, error) {
		b, err := os.ReadFile(filepath.Join(root, rel))
		if err != nil {
			return nil, err
		}
		return compact(rel, b)
	}
}

// compact drops an indented file's whitespace, which a handler's
// json.Marshal does not write and goja and node would otherwise parse.
func compact(what string, b []byte) ([]byte, error) {
	var buf bytes.Buffer
	if err := json.Compact(&buf, b); err != nil {
		return nil, fmt.Errorf("%s is not valid JSON: %w", what, err)
	}
	return buf.Bytes(), nil
}

// throughType is raw read strictly into T and written back as a handler's
// json.Marshal writes it.
func throughType[T any](what string, raw []byte) ([]byte, error) {
	var v T
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&v); err != nil {
		return nil, fmt.Errorf("%s: the props do not fit %T: %w", what, v, err)
	}
	return json.Marshal(v)
}

// WizardVectors holds the payout wizard's island vectors, whose page props
// the wizard's bench pages render.
const WizardVectors = "testdata/islands/PayoutWizard.json"

// wizardStep is the CreatePayout page at one step of the wizard: the first
// vector case whose page shows that step.
func wizardStep(step string) Page {
	return Page{Name: "CreatePayout/" + step, Component: "CreatePayout", Props: func(root string) ([]byte, error) {
		b, err := os.ReadFile(filepath.Join(root, WizardVectors))
		if err != nil {
			return nil, err
		}
		var v struct {
			Cases []struct {
				Page      string          `json:"page"`
				PageProps json.RawMessage `json:"pageProps"`
			} `json:"cases"`
		}
		if err := json.Unmarshal(b, &v); err != nil {
			return nil, fmt.Errorf("%s: %w", WizardVectors, err)
		}
		for _, c := range v.Cases {
			var p struct {
				Wizard struct {
					Step string `json:"step"`
				} `json:"wizard"`
			}
			if c.Page != "CreatePayout" || json.Unmarshal(c.PageProps, &p) != nil || p.Wizard.Step != step {
				continue
			}
			return throughType[createpayout.CreatePayoutProps](WizardVectors, c.PageProps)
		}
		return nil, fmt.Errorf("%s has no CreatePayout case at step %q", WizardVectors, step)
	}}
}
