package servertest

import (
	"encoding/csv"
	"maps"
	"net/http"
	"testing"
	"time"

	"golang.org/x/net/html"

	"portal/daterange"
	"portal/htmlq"
)

// What the export areas' tests share (statements, payout reports).

// CheckFormVector runs an export form's rules (check: the values, today, the accounts
// owned) on one case of its vectors and reports errors other than the case's.
func CheckFormVector[V, R any](t testing.TB, c FormVector[V], check func(V, time.Time, []string) (R, map[string]string)) {
	t.Helper()
	today, _ := time.Parse(daterange.APILayout, c.Max)
	if _, errs := check(c.Values, today, c.Accounts); !maps.Equal(errs, c.Errors) {
		t.Errorf("%s: %v, want %v", c.Name, errs, c.Errors)
	}
}

// ExportRows are an export list's rows (those carrying data-state).
func ExportRows(doc *html.Node) []*html.Node {
	return htmlq.FindAll(doc, func(n *html.Node) bool { return n.Data == "tr" && htmlq.HasAttr(n, "data-state") })
}

// SummaryLink is the error summary's link to the field with id, nil when there is none.
func SummaryLink(doc *html.Node, id string) *html.Node {
	return htmlq.Find(doc, func(n *html.Node) bool { return n.Data == "a" && htmlq.Attr(n, "href") == "#"+id })
}

// ReadCSV is a CSV download's records; the body is closed.
func ReadCSV(t testing.TB, res *http.Response) [][]string {
	t.Helper()
	defer res.Body.Close()
	recs, err := csv.NewReader(res.Body).ReadAll()
	if err != nil {
		t.Fatalf("csv: %v", err)
	}
	return recs
}
