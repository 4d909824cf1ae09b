package servertest

import (
	"net/url"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"portal/htmlq"
)

// Queries of the portal's pages that the tests of several areas share.

// Rows are the rows of the first table body under n (nil: none).
func Rows(n *html.Node) []*html.Node {
	tbody := htmlq.Find(n, htmlq.ByTag("tbody"))
	if tbody == nil {
		return nil
	}
	return htmlq.FindAll(tbody, htmlq.ByTag("tr"))
}

// LinkByText is the first link under n whose visible text is text.
func LinkByText(n *html.Node, text string) *html.Node {
	return htmlq.Find(n, func(n *html.Node) bool { return n.Data == "a" && htmlq.VisibleText(n) == text })
}

// Section is the <section> the heading with id labels.
func Section(t testing.TB, doc *html.Node, id string) *html.Node {
	t.Helper()
	s := htmlq.Find(doc, func(n *html.Node) bool { return n.Data == "section" && htmlq.Attr(n, "aria-labelledby") == id })
	if s == nil {
		t.Fatalf("no section labelled by %s", id)
	}
	return s
}

// Present says which of the ids are on the page.
func Present(doc *html.Node, ids ...string) map[string]bool {
	out := map[string]bool{}
	for _, id := range ids {
		if htmlq.Find(doc, htmlq.ByID(id)) != nil {
			out[id] = true
		}
	}
	return out
}

// IslandProps is the JSON props of the page's first island of that name ("" when none).
func IslandProps(t testing.TB, doc *html.Node, name string) string {
	t.Helper()
	island := htmlq.Find(doc, func(n *html.Node) bool { return htmlq.Attr(n, "data-island") == name })
	if island == nil {
		return ""
	}
	props := htmlq.Find(doc, htmlq.ByID(htmlq.Attr(island, "data-props")))
	if props == nil {
		t.Fatalf("island %s has no props", name)
	}
	return htmlq.VisibleText(props)
}

// FieldError is the error shown beside the form field with id (Form.tsx's
// "{id}-error"), "" for none.
func FieldError(doc *html.Node, id string) string {
	return strings.TrimPrefix(htmlq.VisibleText(htmlq.Find(doc, htmlq.ByID(id+"-error"))), "Error: ")
}

// PostForm is the form under n that posts to action, and the values of its inputs: what
// submitting it sends (a confirmation page's form).
func PostForm(t testing.TB, n *html.Node, action string) (url.Values, *html.Node) {
	t.Helper()
	form := htmlq.Find(n, func(n *html.Node) bool {
		return n.Data == "form" && htmlq.Attr(n, "method") == "post" && htmlq.Attr(n, "action") == action
	})
	if form == nil {
		t.Fatalf("no form posting to %s", action)
	}
	v := url.Values{}
	for _, in := range htmlq.FindAll(form, htmlq.ByTag("input")) {
		v.Set(htmlq.Attr(in, "name"), htmlq.Attr(in, "value"))
	}
	return v, form
}

// DashboardWidgets lists the dashboard's widget sections on a page, by the id of their heading
// (the dashboard's own tests and the range picker's, which changes what they show).
func DashboardWidgets(doc *html.Node) map[string]bool {
	return Present(doc, "accounts-title", "fx-title", "payouts-title", "collections-title", "crypto-title", "range-title")
}
