package listpage

import (
	"net/url"
	"strings"

	"github.com/gofiber/fiber/v3"

	"portal/provider"
	"portal/server"
)

// Cursor is the page of a list a request asks for: the cursor of the
// parameter before (the previous page), else of after (the next page).
type Cursor struct {
	// After and Before name the query parameters.
	After, Before string
	// Value and Direction are the provider's; both "" for the first page.
	Value, Direction string
}

// ReadCursor reads the cursor parameters after and before.
func ReadCursor(c fiber.Ctx, after, before string) Cursor {
	cur := Cursor{After: after, Before: before}
	if v := c.Query(before); v != "" {
		cur.Value, cur.Direction = strings.Clone(v), provider.DirectionPrev
	} else if v := c.Query(after); v != "" {
		cur.Value, cur.Direction = strings.Clone(v), provider.DirectionNext
	}
	return cur
}

// Here is kept with this page's cursor: the query a link that must come back
// to this very page keeps (a details panel's Close).
func (cur Cursor) Here(kept url.Values) url.Values {
	here := server.WithQuery(kept)
	switch cur.Direction {
	case provider.DirectionPrev:
		here.Set(cur.Before, cur.Value)
	case provider.DirectionNext:
		here.Set(cur.After, cur.Value)
	}
	return here
}

// Load reads the page at cur with load. A cursor the provider refuses (a
// stale or edited link: the rows it pointed at are gone) is no error to show
// anyone: the first page of the same filters is read instead, and cur says
// so.
func Load[P any](cur *Cursor, load func(cursor, direction string) (P, error)) (P, error) {
	pg, err := load(cur.Value, cur.Direction)
	if provider.ErrorCode(err) == provider.EINVALID && cur.Value != "" {
		cur.Value, cur.Direction = "", ""
		pg, err = load("", "")
	}
	return pg, err
}

// Pager is the list's links to its neighbouring pages: kept with the cursor
// of the next page (when there is one) or of the previous page; "" where
// there is none.
func (cur Cursor) Pager(path string, kept url.Values, hasNext bool, next, prev string) (nextHref, prevHref string) {
	if hasNext && next != "" {
		nextHref = server.Link(path, server.WithQuery(kept, cur.After, next, cur.Before, ""), "")
	}
	if prev != "" {
		prevHref = server.Link(path, server.WithQuery(kept, cur.Before, prev, cur.After, ""), "")
	}
	return nextHref, prevHref
}
