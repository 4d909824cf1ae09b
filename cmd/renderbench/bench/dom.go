package bench

import (
	"bytes"
	"fmt"
	"slices"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// SameDOM reports whether two HTML fragments parse to the same tree: the
// same elements, attributes (in any order, any quoting) and text. It is how
// a twin is checked: html/template escapes ' and > and writes <path></path>
// where preact writes other bytes for the same document.
func SameDOM(a, b []byte) error {
	ta, err := parse(a)
	if err != nil {
		return err
	}
	tb, err := parse(b)
	if err != nil {
		return err
	}
	return sameNodes("", ta, tb)
}

func parse(b []byte) ([]*html.Node, error) {
	body := &html.Node{Type: html.ElementNode, Data: "body", DataAtom: atom.Body}
	return html.ParseFragment(bytes.NewReader(b), body)
}

func sameNodes(path string, a, b []*html.Node) error {
	for i := 0; i < len(a) || i < len(b); i++ {
		if i >= len(a) {
			return fmt.Errorf("%s: extra node %s in the second", path, describe(b[i]))
		}
		if i >= len(b) {
			return fmt.Errorf("%s: extra node %s in the first", path, describe(a[i]))
		}
		p := fmt.Sprintf("%s/%s[%d]", path, a[i].Data, i)
		if err := sameNode(p, a[i], b[i]); err != nil {
			return err
		}
	}
	return nil
}

func sameNode(path string, a, b *html.Node) error {
	if a.Type != b.Type || a.Data != b.Data || a.Namespace != b.Namespace {
		return fmt.Errorf("%s: %s != %s", path, describe(a), describe(b))
	}
	if a.Type == html.ElementNode {
		if aa, ba := attrs(a), attrs(b); aa != ba {
			return fmt.Errorf("%s: attributes %s != %s", path, aa, ba)
		}
	}
	return sameNodes(path, kids(a), kids(b))
}

func attrs(n *html.Node) string {
	s := make([]string, len(n.Attr))
	for i, a := range n.Attr {
		s[i] = fmt.Sprintf("%s:%s=%q", a.Namespace, a.Key, a.Val)
	}
	slices.Sort(s)
	return strings.Join(s, " ")
}

func kids(n *html.Node) []*html.Node {
	var out []*html.Node
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		out = append(out, c)
	}
	return out
}

func describe(n *html.Node) string {
	switch n.Type {
	case html.TextNode:
		return fmt.Sprintf("text %q", n.Data)
	case html.ElementNode:
		return "<" + n.Data + ">"
	case html.CommentNode:
		return fmt.Sprintf("comment %q", n.Data)
	}
	return fmt.Sprintf("node type %d %q", n.Type, n.Data)
}
