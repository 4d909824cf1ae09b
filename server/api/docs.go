package api

// /docs: the API Reference, server-rendered pages (no JavaScript) built from
// the same OpenAPI document that /api/openapi.json serves. One page held
// every operation and weighed far over the 14 KB compressed that any page
// may (docs/architecture.md, Budgets), so /docs is now an index (the
// credentials, the errors, every tag with its operations) and each
// operation has a page of its own, /docs/<operationId>. Even the largest
// tag on one page would be over the budget with gzip, one operation is
// well within it.

// DocsIndex is the index's path; an operation's page is under it.
const DocsIndex = "/docs"

// DocsProps are the props of templates/pages/Docs.tsx, the index.
type DocsProps struct {
	Sandbox bool `json:"sandbox"`
	// Login is the way in for a visitor who is not logged in: it comes
	// back here afterwards (spec 000: /login?fromDocs).
	Login   string       `json:"login,omitempty"`
	Home    string       `json:"home"`
	Intro   string       `json:"intro"`
	Bases   []string     `json:"bases"`
	SpecURL string       `json:"specUrl"`
	Schemes []DocsScheme `json:"schemes"`
	Errors  []DocsField  `json:"errors"`
	Groups  []DocsGroup  `json:"groups"`
}

// DocsOperationProps are the props of templates/pages/DocsOperation.tsx:
// one operation on its own page, with the way back to the index.
type DocsOperationProps struct {
	Sandbox bool   `json:"sandbox"`
	Login   string `json:"login,omitempty"`
	Home    string `json:"home"`
	// Index is the reference's index; Group is the operation's tag there
	// (a place on the index), Errors and Credentials the index's sections
	// an operation's page refers to.
	Index       string       `json:"index"`
	Group       DocsLink     `json:"group"`
	Errors      string       `json:"errors"`
	Credentials string       `json:"credentials"`
	Endpoint    DocsEndpoint `json:"endpoint"`
	// Prev and Next are the operations before and after this one in the
	// index's order, to read on without going back.
	Prev *DocsEntry `json:"prev,omitempty"`
	Next *DocsEntry `json:"next,omitempty"`
}

// DocsLink is a titled link.
type DocsLink struct {
	Title string `json:"title"`
	Href  string `json:"href"`
}

// DocsScheme is one way to authenticate.
type DocsScheme struct {
	Name string `json:"name"`
	Text string `json:"text"`
}

// DocsGroup is one tag of the document with its operations, as the index
// lists them.
type DocsGroup struct {
	ID        string      `json:"id"`
	Title     string      `json:"title"`
	Endpoints []DocsEntry `json:"endpoints"`
}

// DocsEntry is one operation as the index lists it: its one-line summary
// and a link to its page.
type DocsEntry struct {
	ID      string `json:"id"`
	Href    string `json:"href"`
	Method  string `json:"method"`
	Path    string `json:"path"`
	Summary string `json:"summary"`
}

// DocsEndpoint is one operation.
type DocsEndpoint struct {
	ID          string         `json:"id"`
	Method      string         `json:"method"`
	Path        string         `json:"path"`
	Summary     string         `json:"summary"`
	Description string         `json:"description,omitempty"`
	Auth        string         `json:"auth"`
	Params      []DocsParam    `json:"params"`
	Body        []DocsField    `json:"body"`
	Responses   []DocsResponse `json:"responses"`
}

// DocsParam is one path, query or header parameter.
type DocsParam struct {
	Name        string `json:"name"`
	In          string `json:"in"`
	Type        string `json:"type"`
	Required    bool   `json:"required"`
	Description string `json:"description,omitempty"`
}

// DocsField is one field of a JSON body, nested fields by dotted name.
type DocsField struct {
	Name        string `json:"name"`
	Type        string `json:"type"`
	Required    bool   `json:"required"`
	Description string `json:"description,omitempty"`
}

// DocsResponse is one status an endpoint answers with.
type DocsResponse struct {
	Status      string      `json:"status"`
	Reason      string      `json:"reason"`
	Description string      `json:"description"`
	Body        string      `json:"body"` // "none", "error list" or "JSON"
	Headers     []DocsParam `json:"headers,omitempty"`
	Fields      []DocsField `json:"fields,omitempty"`
}
