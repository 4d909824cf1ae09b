package api

import (
	"time"

	"github.com/gofiber/fiber/v3"
)

// The API's date and time parameters (created_after inclusive,
// created_before exclusive), read the same way by every operation.

// TimePattern is what Time reads, for the document: a date, a date
// and time without zone (UTC) with a space or a T, or RFC 3339 (TestAPITimePattern
// holds the two together).
const TimePattern = `^[0-9]{4}-[0-9]{2}-[0-9]{2}([ T][0-9]{2}:[0-9]{2}:[0-9]{2}|T[0-9]{2}:[0-9]{2}:[0-9]{2}(\.[0-9]+)?(Z|[+-][0-9]{2}:[0-9]{2}))?$`

// TimeParam documents a time query parameter that Time reads.
func TimeParam(name, desc string) Parameter {
	return Parameter{Name: name, In: "query", Description: desc, Schema: &Schema{Type: "string", Pattern: TimePattern}}
}

// WithExample is p with an example value.
func (p Parameter) WithExample(v any) Parameter {
	s := *p.Schema
	s.Example = v
	p.Schema = &s
	return p
}

// WithFormat is p with its schema's format.
func (p Parameter) WithFormat(f string) Parameter {
	s := *p.Schema
	s.Format = f
	p.Schema = &s
	return p
}

// Time reads a time parameter (empty: the zero time): a date (its midnight, UTC), a date
// and time "YYYY-MM-DD HH:mm:ss" (UTC, the spec's API form) or RFC 3339.
func Time(v string) (time.Time, bool) {
	if v == "" {
		return time.Time{}, true
	}
	for _, layout := range []string{time.RFC3339, "2006-01-02 15:04:05", "2006-01-02T15:04:05", "2006-01-02"} {
		if t, err := time.ParseInLocation(layout, v, time.UTC); err == nil {
			return t.UTC(), true
		}
	}
	return time.Time{}, false
}

// The period's query parameters.
const (
	apiQueryCreatedAfter  = "created_after"
	apiQueryCreatedBefore = "created_before"
)

// ParamProblem is the refusal of a query parameter (422, source.parameter).
func ParamProblem(param, title string) Problem {
	return Problem{Status: fiber.StatusUnprocessableEntity, Code: CodeInvalid, Title: title, Source: &Source{Parameter: param}}
}

// apiRange reads created_after and created_before; a problem is returned
// for the caller to send.
func apiRange(c fiber.Ctx) (after, before time.Time, p *Problem) {
	for _, q := range []struct {
		name string
		dst  *time.Time
	}{{apiQueryCreatedAfter, &after}, {apiQueryCreatedBefore, &before}} {
		if v := c.Query(q.name); v != "" {
			t, ok := Time(v)
			if !ok {
				pp := ParamProblem(q.name, "Must be a date (YYYY-MM-DD) or a date and time (YYYY-MM-DD HH:mm:ss, UTC)")
				return after, before, &pp
			}
			*q.dst = t
		}
	}
	if !after.IsZero() && !before.IsZero() && before.Before(after) {
		pp := ParamProblem(apiQueryCreatedBefore, "created_before must not be before created_after")
		return after, before, &pp
	}
	return after, before, nil
}
