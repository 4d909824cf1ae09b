package search

import (
	"strconv"
	"strings"
	"time"

	"github.com/gofiber/fiber/v3"

	"portal/provider"
	"portal/server/api"
)

// The search call of spec 001 §7: by unique_identifier, start_date (default 1900-01-01) and
// end_date (default tomorrow), over the five kinds, the same lookups as the page.

const apiTag = "Search"

// APISearchGroup is one kind's answer.
type APISearchGroup struct {
	_        struct{}       `description:"One kind of record and what was found of it."`
	Kind     string         `json:"kind" description:"The kind, as the page's addresses name it." enum:"transactions,payouts,orders,payments,withdrawals"`
	Title    string         `json:"title" description:"The group's title." example:"Payout requests"`
	Searched bool           `json:"searched" description:"False when the role may not read this kind (then it has no hits)."`
	Total    int            `json:"total" description:"How many records match (transactions may have more than the hits listed)."`
	Hits     []APISearchHit `json:"hits" description:"The matches, newest first; at most 50."`
}

// APISearchHit is one found record.
type APISearchHit struct {
	_             struct{}  `description:"A matching record."`
	ID            string    `json:"id" description:"What the record's address uses: the entry id, the payout's or withdrawal's reference, the order's or payment's uuid." example:"POXK4M2Q7WZB3NA"`
	Reference     string    `json:"reference" description:"The provider's reference of the record (for a transaction its reference)."`
	EndToEndID    string    `json:"end_to_end_id" description:"The customer's end-to-end id (orders and payments: the order's merchant reference); empty when none."`
	Status        string    `json:"status" description:"The record's status code (for a transaction its entry type)."`
	Amount        string    `json:"amount" description:"Exact decimal amount." example:"125.50"`
	Currency      string    `json:"currency" description:"ISO 4217 code." example:"EUR"`
	AccountNumber string    `json:"account_number" description:"The virtual account involved; empty for a payment."`
	CreatedAt     time.Time `json:"created_at" description:"When it was created (UTC)."`
}

func (s area) apiOperations() []api.Op {
	str := func(name, desc, example string) api.Parameter {
		return api.Parameter{Name: name, In: "query", Description: desc, Schema: api.String("").WithExample(example)}
	}
	q := str(apiQText, "Reference, end-to-end id, uuid or the product's reference; exact match (the provider's references and uuids in any case), "+
		"at most "+strconv.Itoa(provider.MaxSearchQueryLen)+" characters after trimming. Without one nothing is found, as on the page.", "E2E-2026-0001")
	return []api.Op{
		api.ReadOp(api.Op{ID: "search", Path: "/search/organisations/{id}", Tag: apiTag, Summary: "Search the organisation's records",
			Description: "One identifier over the five kinds, in the page's order: account transactions, payout requests, collection orders, " +
				"collection order payments, withdrawals. Each kind is searched only when the role may read it (accounts:read, payouts:read, " +
				"collection_orders:read, withdrawals:read); the others answer searched false. Membership is enough for the call itself.",
			Auth: api.Bearer, Scopes: api.ScopesDashboard,
			Params: []api.Parameter{api.OrgIDParam, q,
				str(qStart, "First day of creation (UTC); default 1900-01-01.", "1900-01-01").WithFormat("date"),
				str(qEnd, "Last day of creation (UTC), included; default tomorrow.", "2030-12-31").WithFormat("date")},
			Responses: []api.Response{api.ReplyUnauthorized,
				api.ErrorReply(fiber.StatusForbidden, "MissingScope or invalid_csrf."),
				api.ReplyNotFound,
				api.ErrorReply(fiber.StatusUnprocessableEntity, "unique_identifier too long, or a date that cannot be read (source.parameter names it)."),
			}}, "The five groups.", api.Read[api.DataBody[[]APISearchGroup]]{Read: s.apiSearch}),
	}
}

func (s area) apiSearch(c fiber.Ctx, r api.OrgCall) (api.DataBody[[]APISearchGroup], error) {
	var out api.DataBody[[]APISearchGroup]
	q := strings.TrimSpace(c.Query(apiQText))
	if len([]rune(q)) > provider.MaxSearchQueryLen {
		return out, api.Refuse(fiber.StatusUnprocessableEntity, api.ParamProblem(apiQText,
			"Give a reference, end-to-end id or uuid of at most "+strconv.Itoa(provider.MaxSearchQueryLen)+" characters"))
	}
	after, before, bad := readPeriod(c, time.Now())
	if bad != "" {
		return out, api.Refuse(fiber.StatusUnprocessableEntity, api.ParamProblem(bad, msgBadDate))
	}
	groups := s.find(c, r.OrgID, r.Perms, query{q: q, after: after, before: before}, true)
	out.Data = make([]APISearchGroup, 0, len(groups))
	for _, g := range groups {
		if g.err != nil {
			return out, g.err
		}
		ag := APISearchGroup{Kind: g.key, Title: g.title, Searched: g.searched, Total: g.total, Hits: []APISearchHit{}}
		for _, h := range g.hits {
			ag.Hits = append(ag.Hits, APISearchHit{ID: h.id, Reference: h.reference, EndToEndID: h.endToEndID, Status: h.status,
				Amount: h.amount, Currency: h.currency, AccountNumber: h.account, CreatedAt: h.created})
		}
		out.Data = append(out.Data, ag)
	}
	return out, nil
}
