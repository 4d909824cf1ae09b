package server

import (
	"reflect"
	"strings"

	"github.com/gofiber/fiber/v3"
)

// The bodies the API sends, and the check that ties them to the document.
// An operation's table entry names the Go type of each reply (APIOK,
// APIDataOK) and of its request body (APIBody); the document's schemas are
// reflected from those types (api_schema.go). Handlers send through APISend
// (APIData, APIErrors) and decode through DecodeJSON, which note the Go
// type on the request, and apiHandler compares it with the entry: a
// handler that sends another type than documented, or a status that is not
// documented, is logged as APIMsgUndocumented, which fails the tests.

// APIDataBody is the success body {"data": …}.
type APIDataBody[D any] struct {
	Data D `json:"data"`
}

// APIPageBody is {"data": …, "meta": …}: data with its paging or totals.
type APIPageBody[D, M any] struct {
	Data D `json:"data"`
	Meta M `json:"meta"`
}

// APIEnvelope is a body that reads answer with: APIDataBody or APIPageBody.
type APIEnvelope interface{ envelope() }

func (APIDataBody[D]) envelope()    {}
func (APIPageBody[D, M]) envelope() {}

// APIPageMeta is the paging of a list read a page at a time (spec 000 §7).
type APIPageMeta struct {
	_           struct{} `description:"Paging."`
	CursorNext  string   `json:"cursor_next" description:"Cursor of the next (older) page, for cursor_after; empty when there is none."`
	CursorPrev  string   `json:"cursor_prev" description:"Cursor of the previous (newer) page, for cursor_before; empty on the first page."`
	HasNextPage bool     `json:"has_next_page" description:"Whether older items exist."`
	Total       int      `json:"total" description:"Items matching the filters, across all pages."`
}

// APIDataOf wraps data.
func APIDataOf[D any](data D) APIDataBody[D] { return APIDataBody[D]{Data: data} }

// APIPage wraps data and meta.
func APIPage[D, M any](data D, meta M) APIPageBody[D, M] {
	return APIPageBody[D, M]{Data: data, Meta: meta}
}

// apiErrorBody is the body of every error reply.
type apiErrorBody struct {
	_      struct{}     `name:"Errors" description:"Error reply: a field error carries a source pointer, a form-level error none."`
	Errors []APIProblem `json:"errors" description:"The problems, at least one."`
}

// APIMessage is a reply that only says what happened.
type APIMessage struct {
	_       struct{} `description:"What happened, ready to show."`
	Message string   `json:"message" description:"The text." example:"SMS has been sent"`
}

// Request locals naming the Go types of the bodies decoded and sent.
type (
	apiSentKey    struct{}
	apiDecodedKey struct{}
)

// APISend answers status with body as JSON.
func APISend[B any](c fiber.Ctx, status int, body B) error {
	c.Locals(apiSentKey{}, reflect.TypeFor[B]())
	return c.Status(status).JSON(body)
}

// APIData answers 200 {"data": v}.
func APIData[D any](c fiber.Ctx, v D) error {
	return APISend(c, fiber.StatusOK, APIDataBody[D]{Data: v})
}

// APIOK documents a success reply with a body of type B.
func APIOK[B any](status int, desc string) APIResponse {
	return APIResponse{Status: status, Description: desc, Type: reflect.TypeFor[B]()}
}

// APIDataOK documents a 200 {"data": D}.
func APIDataOK[D any](desc string) APIResponse {
	return APIOK[APIDataBody[D]](fiber.StatusOK, desc)
}

// APIBody names the Go type of an operation's JSON request body.
func APIBody[B any]() reflect.Type { return reflect.TypeFor[B]() }

// APIMsgUndocumented is logged for a reply its operation does not document.
const APIMsgUndocumented = "api reply undocumented"

// apiCheckReply compares what op's handler sent and decoded with op's
// entry. The reply has gone out by now, so a difference is only logged: it
// is a bug of the entry or the handler, for the tests to find.
func (s *Server) apiCheckReply(c fiber.Ctx, op *APIOp) {
	status := c.Response().StatusCode()
	if status == fiber.StatusInternalServerError {
		return // apiInternal: the one reply every operation may give
	}
	sent, _ := c.Locals(apiSentKey{}).(reflect.Type)
	decoded, _ := c.Locals(apiDecodedKey{}).(reflect.Type)
	var problem string
	switch want := op.Response(status); {
	case want == nil:
		problem = "status not documented"
	case sent != want.Type:
		problem = "body is " + oaTypeString(sent) + ", documented " + oaTypeString(want.Type)
	case decoded != nil && decoded != op.Body:
		problem = "request body read as " + oaTypeString(decoded) + ", documented " + oaTypeString(op.Body)
	default:
		return
	}
	s.Logger.Error(APIMsgUndocumented, "request_id", Req(c).ID, "op", op.ID, "status", status, "problem", problem)
}

// Response is op's documented reply with status, or nil.
func (op *APIOp) Response(status int) *APIResponse {
	for i := range op.Responses {
		if op.Responses[i].Status == status {
			return &op.Responses[i]
		}
	}
	return nil
}

func oaTypeString(t reflect.Type) string {
	if t == nil {
		return "none"
	}
	return strings.ReplaceAll(t.String(), "portal/", "")
}
