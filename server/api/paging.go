package api

import (
	"strconv"

	"github.com/gofiber/fiber/v3"

	"portal/provider"
)

// PagingNames are the query parameters a list reads its cursor page from: the payout
// list's (cursor_after, cursor_before, include_cursor, page_size), the JSON:API-style
// ones of the drafts and batches (page[cursor_after], …, page[size]), or the receivers'
// and members' without include_cursor.
type PagingNames struct {
	After, Before, Include, Size string
}

// PageParams are the JSON:API-style paging parameters, the drafts' and the batches'.
var PageParams = PagingNames{After: "page[cursor_after]", Before: "page[cursor_before]",
	Include: "page[include_cursor]", Size: "page[size]"}

// apiCursorKey names the query parameter that carried the request's cursor,
// for ProviderFail to point a refused cursor at.
type apiCursorKey struct{}

// Paging is a cursor page request as the provider's filters take it.
type Paging struct {
	Cursor        string
	Direction     string
	IncludeCursor bool
	Limit         int
}

// apiReadPaging reads a cursor page request (limit 1 to max; 0 when not given), with a
// problem per wrong parameter, named in source.parameter. A list without include_cursor
// leaves n.Include "".
func apiReadPaging(c fiber.Ctx, n PagingNames, max int) (Paging, []Problem) {
	var p Paging
	var probs []Problem
	param := func(name, title string) { probs = append(probs, ParamProblem(name, title)) }
	var prob *Problem
	if p.Cursor, p.Direction, prob = Cursors(c, n.After, n.Before); prob != nil {
		probs = append(probs, *prob)
	}
	switch p.Direction {
	case provider.DirectionNext:
		c.Locals(apiCursorKey{}, n.After)
	case provider.DirectionPrev:
		c.Locals(apiCursorKey{}, n.Before)
	}
	if n.Include != "" {
		switch c.Query(n.Include) {
		case "", "false":
		case "true":
			if p.Direction != provider.DirectionNext {
				param(n.Include, n.Include+" goes with "+n.After)
			}
			p.IncludeCursor = true
		default:
			param(n.Include, "Must be true or false")
		}
	}
	if v := c.Query(n.Size); v != "" {
		l, err := strconv.Atoi(v)
		if err != nil || l < 1 || l > max {
			param(n.Size, "Must be between 1 and "+strconv.Itoa(max))
		}
		p.Limit = l
	}
	return p, probs
}

// ReadPage is apiReadPaging for a list op that has read its filters with probs: it refuses
// (422) with the filters' problems and the paging's together, so a client learns all at once.
func ReadPage(c fiber.Ctx, n PagingNames, max int, probs []Problem) (Paging, error) {
	p, more := apiReadPaging(c, n, max)
	if probs = append(probs, more...); len(probs) > 0 {
		return p, Refuse(fiber.StatusUnprocessableEntity, probs...)
	}
	return p, nil
}

// Cursors reads a list call's cursor pair, the parameters named after and before (not
// both): the cursor and its provider.Direction…, or the problem to answer.
func Cursors(c fiber.Ctx, after, before string) (cursor, direction string, p *Problem) {
	a, b := c.Query(after), c.Query(before)
	switch {
	case a != "" && b != "":
		prob := ParamProblem(before, "Give "+after+" or "+before+", not both")
		return "", "", &prob
	case a != "":
		return string([]byte(a)), provider.DirectionNext, nil
	case b != "":
		return string([]byte(b)), provider.DirectionPrev, nil
	}
	return "", "", nil
}
