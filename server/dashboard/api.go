package dashboard

import (
	"encoding/json"
	"reflect"
	"strings"

	"github.com/gofiber/fiber/v3"

	"portal/access"
	"portal/server"
	"portal/server/api"
)

// The statistics API (spec 000 §7): the counts behind the dashboard's
// widgets.

func (s area) apiOperations() []api.Op {
	window := []api.Parameter{
		api.TimeParam("created_after", "Start of the period, inclusive: YYYY-MM-DD (UTC midnight), YYYY-MM-DD HH:mm:ss (UTC) or RFC 3339.").WithExample("2026-10-24"),
		api.TimeParam("created_before", "End of the period, exclusive, in the same forms. Open when left out.").WithExample("2026-11-23"),
	}
	forbidden := api.ErrorReply(fiber.StatusForbidden, "Code forbidden when the role lacks the permission; MissingScope or invalid_csrf as for every call.")
	invalid := api.ErrorReply(fiber.StatusUnprocessableEntity, "A date parameter that cannot be read (source.parameter names it).")
	unavailable := api.ErrorReply(fiber.StatusServiceUnavailable, "Statistics are not available here (code unavailable).")
	stats := func(id, path, summary, desc string, org api.Parameter) api.Op {
		return api.Op{ID: id, Path: path, Tag: "Statistics", Summary: summary, Description: desc,
			Auth: api.Bearer, Scopes: api.ScopesDashboard, Params: append([]api.Parameter{org}, window...),
			Responses: []api.Response{api.ReplyUnauthorized, forbidden, api.ReplyNotFound, invalid, unavailable}}
	}
	return []api.Op{
		api.ReadOp(stats("getPayoutReasonCodesReport", "/payouts/payout_requests/stats/reason_codes_reports", "Payout reason codes by state",
			"For each payout state category (returned, rejected, action_required, received, processing, pending, completed, in that order), the payout requests created in the period per reason code.",
			api.OrgHeaderParam),
			"data maps each state to its reason-code items and meta (the state's count and share of all payout requests).",
			apiStatsRead(s.Server, access.PayoutsRead, api.HeaderOrg, s.apiPayoutReasonCodes)),
		api.ReadOp(stats("getPayoutStateCategoryCountsReport", "/payouts/payout_requests/stats/state_category_counts_reports", "Payout requests by state category",
			"The payout requests created in the period per state category, as [code, name, count] in the dashboard's order, with the total in meta.",
			api.OrgHeaderParam),
			"The counts.", apiStatsRead(s.Server, access.PayoutsRead, api.HeaderOrg, s.apiPayoutStateCategoryCounts)),
		api.ReadOp(stats("getCollectionOrderStatusCountsReport", "/collection/organisations/{id}/stats/orders/status_counts_reports", "Collection orders by status",
			"The collection orders created in the period per status (statuses without orders left out). created_after defaults to 30 days back.",
			api.OrgIDParam),
			"The counts.", apiStatsRead(s.Server, access.CollectionOrdersRead, nil, s.apiCollectionStatusCounts)),
	}
}

// apiStatsRead is a statistics read: one permission, the statistics
// service, the organisation in the path or (org) elsewhere.
func apiStatsRead[B api.Envelope](srv *server.Server, perm access.Permission, org func(fiber.Ctx, *api.Caller) (string, error),
	read func(fiber.Ctx, api.OrgCall) (B, error)) api.Read[B] {
	return api.Read[B]{Org: org, Perms: []access.Permission{perm},
		Read: read,
		Service: func() *api.Problem {
			if srv.Stats == nil {
				return &api.Problem{Status: fiber.StatusServiceUnavailable, Code: api.CodeUnavailable, Title: "Statistics are not available"}
			}
			return nil
		}}
}

// apiCount is one counted reason code.
type apiCount struct {
	_          struct{} `description:"One reason code."`
	ID         string   `json:"id" description:"Code."`
	Name       string   `json:"name" description:"Display name."`
	Count      int      `json:"count" description:"How many."`
	Percentage float64  `json:"percentage" description:"Share in percent, two decimals."`
}

// apiStateReasons is one state of the reason codes report.
type apiStateReasons struct {
	_     struct{}   `description:"One state."`
	Items []apiCount `json:"items" description:"Most frequent first."`
	Meta  struct {
		Count      int     `json:"count" description:"Payout requests in this state."`
		Percentage float64 `json:"percentage" description:"Share of all payout requests."`
	} `json:"meta"`
}

// orderedStates is a JSON object whose keys keep the dashboard's order.
type orderedStates struct {
	keys []string
	vals []apiStateReasons
}

func (orderedStates) OASchema(r *api.Reflector) *api.Schema {
	return &api.Schema{Type: "object", Description: "Keyed by state category, in the dashboard's order.",
		AdditionalProperties: r.Schema(reflect.TypeFor[apiStateReasons]())}
}

func (o orderedStates) MarshalJSON() ([]byte, error) {
	var b strings.Builder
	b.WriteByte('{')
	for i, k := range o.keys {
		if i > 0 {
			b.WriteByte(',')
		}
		kb, _ := json.Marshal(k)
		vb, err := json.Marshal(o.vals[i])
		if err != nil {
			return nil, err
		}
		b.Write(kb)
		b.WriteByte(':')
		b.Write(vb)
	}
	b.WriteByte('}')
	return []byte(b.String()), nil
}

func (s area) apiPayoutReasonCodes(c fiber.Ctx, r api.OrgCall) (api.DataBody[orderedStates], error) {
	var out orderedStates
	after, before, err := api.ReadRange(c)
	if err != nil {
		return api.DataOf(out), err
	}
	groups, err := s.Stats.PayoutReasonCodeReport(c.Context(), r.OrgID, after, before)
	if err != nil {
		return api.DataOf(out), err
	}
	for _, g := range groups {
		v := apiStateReasons{Items: []apiCount{}}
		v.Meta.Count, v.Meta.Percentage = g.State.Count, g.State.Percentage
		for _, it := range g.Items {
			v.Items = append(v.Items, apiCount{ID: it.Code, Name: it.Name, Count: it.Count, Percentage: it.Percentage})
		}
		out.keys, out.vals = append(out.keys, g.State.Code), append(out.vals, v)
	}
	return api.DataOf(out), nil
}

// apiCountMeta is the total of a counts report.
type apiCountMeta struct {
	Count int `json:"count" description:"All counted in the period."`
}

// apiCategoryCount is one state category, sent as [code, name, count].
type apiCategoryCount struct {
	Code, Name string
	Count      int
}

func (c apiCategoryCount) MarshalJSON() ([]byte, error) {
	return json.Marshal([3]any{c.Code, c.Name, c.Count})
}

func (apiCategoryCount) OASchema(*api.Reflector) *api.Schema {
	three := 3
	return &api.Schema{Type: "array", Description: "[code, name, count]", MinItems: &three, MaxItems: &three,
		PrefixItems: []*api.Schema{api.String("State category code."), api.String("Display name."), api.Integer("Payout requests.")}}
}

func (s area) apiPayoutStateCategoryCounts(c fiber.Ctx, r api.OrgCall) (api.PageBody[[]apiCategoryCount, apiCountMeta], error) {
	var out api.PageBody[[]apiCategoryCount, apiCountMeta]
	after, before, err := api.ReadRange(c)
	if err != nil {
		return out, err
	}
	counts, err := s.Stats.PayoutStateCategoryCounts(c.Context(), r.OrgID, after, before)
	if err != nil {
		return out, err
	}
	data := make([]apiCategoryCount, 0, len(counts.Categories))
	for _, cat := range counts.Categories {
		data = append(data, apiCategoryCount{cat.Code, cat.Name, cat.Count})
	}
	return api.Page(data, apiCountMeta{Count: counts.Total}), nil
}

// apiStatusCount is one collection order status with its count.
type apiStatusCount struct {
	Status     string  `json:"status" description:"Order status."`
	Name       string  `json:"name" description:"Display name."`
	Count      int     `json:"count" description:"Orders."`
	Percentage float64 `json:"percentage" description:"Share in percent."`
}

func (s area) apiCollectionStatusCounts(c fiber.Ctx, r api.OrgCall) (api.PageBody[[]apiStatusCount, apiCountMeta], error) {
	var out api.PageBody[[]apiStatusCount, apiCountMeta]
	after, before, err := api.ReadRange(c)
	if err != nil {
		return out, err
	}
	if c.Query("created_after") == "" {
		after = s.Now().AddDate(0, 0, -30)
	}
	counts, err := s.Stats.CollectionOrderStatusCounts(c.Context(), r.OrgID, after, before)
	if err != nil {
		return out, err
	}
	data := make([]apiStatusCount, 0, len(counts.Statuses))
	for _, st := range counts.Statuses {
		data = append(data, apiStatusCount{Status: st.Code, Name: st.Name, Count: st.Count, Percentage: st.Percentage})
	}
	return api.Page(data, apiCountMeta{Count: counts.Total}), nil
}
