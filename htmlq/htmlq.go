// Package htmlq queries parsed HTML by structure, for tests that check pages
// the way a browser sees them rather than as strings.
package htmlq

import (
	"strings"

	"golang.org/x/net/html"
)

// Find returns the first element (depth first) that matches.
func Find(n *html.Node, match func(*html.Node) bool) *html.Node {
	if n.Type == html.ElementNode && match(n) {
		return n
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if f := Find(c, match); f != nil {
			return f
		}
	}
	return nil
}

// FindAll returns every matching element in document order.
func FindAll(n *html.Node, match func(*html.Node) bool) []*html.Node {
	var out []*html.Node
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode && match(n) {
			out = append(out, n)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(n)
	return out
}

// Attr is the value of an attribute ("" when absent).
func Attr(n *html.Node, name string) string {
	for _, a := range n.Attr {
		if a.Key == name {
			return a.Val
		}
	}
	return ""
}

// HasAttr reports whether the attribute is present (boolean attributes).
func HasAttr(n *html.Node, name string) bool {
	for _, a := range n.Attr {
		if a.Key == name {
			return true
		}
	}
	return false
}

// Text is the element's text content, exactly.
func Text(n *html.Node) string {
	var b strings.Builder
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.TextNode {
			b.WriteString(n.Data)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(n)
	return b.String()
}

// VisibleText is the text content with white space collapsed, as read.
func VisibleText(n *html.Node) string { return strings.Join(strings.Fields(Text(n)), " ") }

// ByTag matches elements by tag name.
func ByTag(tag string) func(*html.Node) bool { return func(n *html.Node) bool { return n.Data == tag } }

// ByID matches the element with an id.
func ByID(id string) func(*html.Node) bool {
	return func(n *html.Node) bool { return Attr(n, "id") == id }
}
