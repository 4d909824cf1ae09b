package api

import (
	"reflect"
	"strings"

	"github.com/gofiber/fiber/v3"
)

// The bodies the API sends, and the check that ties them to the document.
// An operation's table entry names the Go type of each reply (OK,
// DataOK) and of its request body (Body); the document's schemas are
// reflected from those types (schema.go). Handlers send through Send
// (Data, Errors) and decode through DecodeJSON, which note the Go
// type on the request, and the router compares them with the entry (ReplyProblem): a
// handler that sends another type than documented, or a status that is not
// documented, is logged as MsgUndocumented, which fails the tests.

// DataBody is the success body {"data": …}.
type DataBody[D any] struct {
	Data D `json:"data"`
}

// PageBody is {"data": …, "meta": …}: data with its paging or totals.
type PageBody[D, M any] struct {
	Data D `json:"data"`
	Meta M `json:"meta"`
}

// Envelope is a body that reads answer with: DataBody or PageBody.
type Envelope interface{ envelope() }

func (DataBody[D]) envelope()    {}
func (PageBody[D, M]) envelope() {}

// PageMeta is the paging of a list read a page at a time (spec 000 §7).
type PageMeta struct {
	_           struct{} `description:"Paging."`
	CursorNext  string   `json:"cursor_next" description:"Cursor of the next (older) page, for cursor_after; empty when there is none."`
	CursorPrev  string   `json:"cursor_prev" description:"Cursor of the previous (newer) page, for cursor_before; empty on the first page."`
	HasNextPage bool     `json:"has_next_page" description:"Whether older items exist."`
	Total       int      `json:"total" description:"Items matching the filters, across all pages."`
}

// DataOf wraps data.
func DataOf[D any](data D) DataBody[D] { return DataBody[D]{Data: data} }

// Page wraps data and meta.
func Page[D, M any](data D, meta M) PageBody[D, M] {
	return PageBody[D, M]{Data: data, Meta: meta}
}

// ErrorBody is the body of every error reply.
type ErrorBody struct {
	_      struct{}  `name:"Errors" description:"Error reply: a field error carries a source pointer, a form-level error none."`
	Errors []Problem `json:"errors" description:"The problems, at least one."`
}

// Message is a reply that only says what happened.
type Message struct {
	_       struct{} `description:"What happened, ready to show."`
	Message string   `json:"message" description:"The text." example:"SMS has been sent"`
}

// Request locals naming the Go types of the bodies decoded and sent.
type (
	apiSentKey    struct{}
	apiDecodedKey struct{}
)

// Send answers status with body as JSON.
func Send[B any](c fiber.Ctx, status int, body B) error {
	c.Locals(apiSentKey{}, reflect.TypeFor[B]())
	return c.Status(status).JSON(body)
}

// Data answers 200 {"data": v}.
func Data[D any](c fiber.Ctx, v D) error {
	return Send(c, fiber.StatusOK, DataBody[D]{Data: v})
}

// OK documents a success reply with a body of type B.
func OK[B any](status int, desc string) Response {
	return Response{Status: status, Description: desc, Type: reflect.TypeFor[B]()}
}

// DataOK documents a 200 {"data": D}.
func DataOK[D any](desc string) Response {
	return OK[DataBody[D]](fiber.StatusOK, desc)
}

// Body names the Go type of an operation's JSON request body.
func Body[B any]() reflect.Type { return reflect.TypeFor[B]() }

// MsgUndocumented is logged for a reply its operation does not document.
const MsgUndocumented = "api reply undocumented"

// ReplyProblem compares what op's handler sent and decoded with op's
// entry: "" when they agree. The reply has gone out by now, so a difference
// is only logged: it is a bug of the entry or the handler, for the tests to
// find.
func (op *Op) ReplyProblem(c fiber.Ctx) string {
	status := c.Response().StatusCode()
	if status == fiber.StatusInternalServerError {
		return "" // the one reply every operation may give
	}
	sent, _ := c.Locals(apiSentKey{}).(reflect.Type)
	decoded, _ := c.Locals(apiDecodedKey{}).(reflect.Type)
	switch want := op.Response(status); {
	case want == nil:
		return "status not documented"
	case sent != want.Type:
		return "body is " + TypeString(sent) + ", documented " + TypeString(want.Type)
	case decoded != nil && decoded != op.Body:
		return "request body read as " + TypeString(decoded) + ", documented " + TypeString(op.Body)
	}
	return ""
}

// Response is op's documented reply with status, or nil.
func (op *Op) Response(status int) *Response {
	for i := range op.Responses {
		if op.Responses[i].Status == status {
			return &op.Responses[i]
		}
	}
	return nil
}

func TypeString(t reflect.Type) string {
	if t == nil {
		return "none"
	}
	return strings.ReplaceAll(t.String(), "portal/", "")
}
