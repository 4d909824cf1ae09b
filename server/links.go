package server

import (
	"net/url"
	"slices"
)

// Links and queries of the list pages (a filter form, cursor pages, a details panel), for
// every area: one rule for what an empty value means.

// Link is path with q's parameters (encoded, sorted) and a fragment.
func Link(path string, q url.Values, frag string) string {
	if e := q.Encode(); e != "" {
		path += "?" + e
	}
	return path + frag
}

// WithQuery is a copy of q with each key of kv set to the value after it. An empty value
// deletes the key: a link never carries "cursor=" or "tab=", which would read as a value.
func WithQuery(q url.Values, kv ...string) url.Values {
	out := url.Values{}
	for k, vs := range q {
		out[k] = slices.Clone(vs)
	}
	for i := 0; i+1 < len(kv); i += 2 {
		if kv[i+1] == "" {
			out.Del(kv[i])
		} else {
			out.Set(kv[i], kv[i+1])
		}
	}
	return out
}
