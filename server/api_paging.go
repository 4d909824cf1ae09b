package server

import (
	"strconv"
	"strings"

	"github.com/gofiber/fiber/v3"

	"portal/provider"
)

// APIPagingNames are the query parameters a list reads its cursor page from: the payout
// list's (cursor_after, cursor_before, include_cursor, page_size) or the JSON:API-style
// ones of the drafts and batches (page[cursor_after], …, page[size]).
type APIPagingNames struct {
	After, Before, Include, Size string
}

// APIPageParams are the JSON:API-style paging parameters, the drafts' and the batches'.
var APIPageParams = APIPagingNames{After: "page[cursor_after]", Before: "page[cursor_before]",
	Include: "page[include_cursor]", Size: "page[size]"}

// apiCursorKey names the query parameter that carried the request's cursor,
// for APIProviderFail to point a refused cursor at.
type apiCursorKey struct{}

// APIPaging is a cursor page request as the provider's filters take it.
type APIPaging struct {
	Cursor        string
	Direction     string
	IncludeCursor bool
	Limit         int
}

// APIReadPaging reads a cursor page request (limit 1 to max; 0 when not given), with a
// problem per wrong parameter, named in source.parameter.
func APIReadPaging(c fiber.Ctx, n APIPagingNames, max int) (APIPaging, []APIProblem) {
	var p APIPaging
	var probs []APIProblem
	param := func(name, title string) {
		probs = append(probs, APIProblem{Status: fiber.StatusUnprocessableEntity, Code: APICodeInvalid, Title: title,
			Source: &APISource{Parameter: name}})
	}
	after, before := strings.Clone(c.Query(n.After)), strings.Clone(c.Query(n.Before))
	switch {
	case after != "" && before != "":
		param(n.Before, "Give "+n.After+" or "+n.Before+", not both")
	case after != "":
		p.Cursor, p.Direction = after, provider.DirectionNext
		c.Locals(apiCursorKey{}, n.After)
	case before != "":
		p.Cursor, p.Direction = before, provider.DirectionPrev
		c.Locals(apiCursorKey{}, n.Before)
	}
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
	if v := c.Query(n.Size); v != "" {
		l, err := strconv.Atoi(v)
		if err != nil || l < 1 || l > max {
			param(n.Size, "Must be between 1 and "+strconv.Itoa(max))
		}
		p.Limit = l
	}
	return p, probs
}

// APIReadPage is APIReadPaging for a list op that has read its filters with probs: it refuses
// (422) with the filters' problems and the paging's together, so a client learns all at once.
func APIReadPage(c fiber.Ctx, n APIPagingNames, max int, probs []APIProblem) (APIPaging, error) {
	p, more := APIReadPaging(c, n, max)
	if probs = append(probs, more...); len(probs) > 0 {
		return p, APIRefuse(fiber.StatusUnprocessableEntity, probs...)
	}
	return p, nil
}
