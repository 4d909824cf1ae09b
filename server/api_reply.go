package server

import (
	"reflect"
	"strings"

	"github.com/gofiber/fiber/v3"
)

// The bodies the API sends, and the check that ties them to the document.
// An operation's table entry names the Go type of each reply (apiOK,
// apiDataOK) and of its request body (apiBody); the document's schemas are
// reflected from those types (api_schema.go). Handlers send through apiSend
// (apiData, apiErrors) and decode through decodeJSON, which note the Go
// type on the request, and apiHandler compares it with the entry: a
// handler that sends another type than documented, or a status that is not
// documented, is logged as apiMsgUndocumented, which fails the tests.

// apiDataBody is the success body {"data": …}.
type apiDataBody[D any] struct {
	Data D `json:"data"`
}

// apiPageBody is {"data": …, "meta": …}: data with its paging or totals.
type apiPageBody[D, M any] struct {
	Data D `json:"data"`
	Meta M `json:"meta"`
}

// apiEnvelope is a body that reads answer with: apiDataBody or apiPageBody.
type apiEnvelope interface{ envelope() }

func (apiDataBody[D]) envelope()    {}
func (apiPageBody[D, M]) envelope() {}

// apiDataOf wraps data.
func apiDataOf[D any](data D) apiDataBody[D] { return apiDataBody[D]{Data: data} }

// apiPage wraps data and meta.
func apiPage[D, M any](data D, meta M) apiPageBody[D, M] {
	return apiPageBody[D, M]{Data: data, Meta: meta}
}

// apiErrorBody is the body of every error reply.
type apiErrorBody struct {
	_      struct{}     `name:"Errors" description:"Error reply: a field error carries a source pointer, a form-level error none."`
	Errors []apiProblem `json:"errors" description:"The problems, at least one."`
}

// Request locals naming the Go types of the bodies decoded and sent.
type (
	apiSentKey    struct{}
	apiDecodedKey struct{}
)

// apiSend answers status with body as JSON.
func apiSend[B any](c fiber.Ctx, status int, body B) error {
	c.Locals(apiSentKey{}, reflect.TypeFor[B]())
	return c.Status(status).JSON(body)
}

// apiData answers 200 {"data": v}.
func apiData[D any](c fiber.Ctx, v D) error {
	return apiSend(c, fiber.StatusOK, apiDataBody[D]{Data: v})
}

// apiOK documents a success reply with a body of type B.
func apiOK[B any](status int, desc string) apiResponse {
	return apiResponse{Status: status, Description: desc, Type: reflect.TypeFor[B]()}
}

// apiDataOK documents a 200 {"data": D}.
func apiDataOK[D any](desc string) apiResponse {
	return apiOK[apiDataBody[D]](fiber.StatusOK, desc)
}

// apiBody names the Go type of an operation's JSON request body.
func apiBody[B any]() reflect.Type { return reflect.TypeFor[B]() }

// apiMsgUndocumented is logged for a reply its operation does not document.
const apiMsgUndocumented = "api reply undocumented"

// apiCheckReply compares what op's handler sent and decoded with op's
// entry. The reply has gone out by now, so a difference is only logged: it
// is a bug of the entry or the handler, for the tests to find.
func (s *Server) apiCheckReply(c fiber.Ctx, op *apiOp) {
	status := c.Response().StatusCode()
	if status == fiber.StatusInternalServerError {
		return // apiInternal: the one reply every operation may give
	}
	sent, _ := c.Locals(apiSentKey{}).(reflect.Type)
	decoded, _ := c.Locals(apiDecodedKey{}).(reflect.Type)
	var problem string
	switch want := op.response(status); {
	case want == nil:
		problem = "status not documented"
	case sent != want.Type:
		problem = "body is " + oaTypeString(sent) + ", documented " + oaTypeString(want.Type)
	case decoded != nil && decoded != op.Body:
		problem = "request body read as " + oaTypeString(decoded) + ", documented " + oaTypeString(op.Body)
	default:
		return
	}
	s.Logger.Error(apiMsgUndocumented, "request_id", req(c).ID, "op", op.ID, "status", status, "problem", problem)
}

// response is op's documented reply with status, or nil.
func (op *apiOp) response(status int) *apiResponse {
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
