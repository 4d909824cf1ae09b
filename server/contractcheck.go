//go:build contractcheck

package server

import (
	"errors"
	"net/http"
	"slices"
	"sync"

	"github.com/gofiber/fiber/v3"
	"github.com/valyala/fasthttp/fasthttpadaptor"

	"portal/server/internal/apicontract"
)

// The contract check of the browser flows (docs/api.md): with -tags contractcheck, every
// /api/v1 and /api/v2 exchange, as sent and as answered (the edge's refusals included),
// is validated with the validator the Go tests use, and GET contractCheckPath reports the
// tally. Only a sandbox portal starts with it: it keeps bodies in memory and tells anyone
// who asks how the API answered.

// contractCheckPath is where the tally is read (e2e/run.mjs, at the end of a run).
const contractCheckPath = "/__contract"

// contractTally is the tally contractCheckPath answers.
type contractTally struct {
	Replies    int      `json:"replies"`
	Operations []string `json:"operations"`
	Violations []string `json:"violations"`
}

func init() { contractCheck = newContractCheck }

func newContractCheck(s *Server) (fiber.Handler, error) {
	if !s.Config.Sandbox() {
		return nil, errors.New("a portal built with -tags contractcheck starts only with PORTAL_ENV=sandbox")
	}
	c, err := apicontract.Load(s.OpenAPIJSON())
	if err != nil {
		return nil, err
	}
	var mu sync.Mutex
	tally := contractTally{Operations: []string{}, Violations: []string{}}
	ops := map[string]bool{}
	s.app.Get(contractCheckPath, func(ctx fiber.Ctx) error {
		mu.Lock()
		defer mu.Unlock()
		out := tally
		out.Operations = slices.Sorted(func(yield func(string) bool) {
			for k := range ops {
				if !yield(k) {
					return
				}
			}
		})
		if out.Operations == nil {
			// slices.Sorted of nothing is nil, which would be JSON null.
			out.Operations = []string{}
		}
		return ctx.JSON(out)
	})
	return func(ctx fiber.Ctx) error {
		if !apicontract.InScope(ctx.Path()) {
			return ctx.Next()
		}
		body := slices.Clone(ctx.Request().Body()) // as sent: Body() would decode a compressed one
		var req http.Request
		convErr := fasthttpadaptor.ConvertRequest(ctx.RequestCtx(), &req, true)
		// The reply is checked as the client gets it: an error the layers below return is
		// answered here, as the error handler would once this returned.
		if err := ctx.Next(); err != nil {
			if herr := s.handleError(ctx, err); herr != nil {
				return herr
			}
		}
		res := ctx.Response()
		raw, err := res.BodyUncompressed()
		if err != nil {
			raw = res.Body()
		}
		hdr := http.Header{}
		for k, v := range res.Header.All() {
			hdr.Add(string(k), string(v))
		}
		var op string
		var problems []string
		if convErr != nil {
			problems = []string{"contract: the request could not be read: " + convErr.Error()}
		} else {
			op, problems = c.Check(&req, body, apicontract.Reply{Status: res.StatusCode(), Header: hdr, Body: slices.Clone(raw)})
		}
		mu.Lock()
		tally.Replies++
		if op != "" {
			ops[op] = true
		}
		tally.Violations = append(tally.Violations, problems...)
		mu.Unlock()
		for _, p := range problems {
			s.Logger.Error("contract violation", "detail", p)
		}
		return nil
	}, nil
}
