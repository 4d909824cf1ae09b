package main

import (
	"bytes"
	"fmt"
	"html"
	"io"
	"net/http"
	"net/url"
	"regexp"
	"sort"
	"strings"
	"sync"
	"time"
)

// A pageKind is one page of the mixed workload: its name and the URL it is
// requested at, taken from the links of the pages before it (discover).
type pageKind struct {
	name, url string
	// mark is what its body must hold besides the shell (a panel, an
	// island), so a page that lost its content is not measured as one.
	mark string
}

// minBody is the smallest body a page of the mix may answer: the not-found
// page is about 3 KB, a logged-in page 25 KB or more.
const minBody = 8 << 10

var (
	hrefRe       = regexp.MustCompile(`href="([^"]+)"`)
	accountRe    = regexp.MustCompile(`^/org/[^/]+/accounts/[0-9]+$`)
	payoutsRe    = regexp.MustCompile(`^/org/[^/]+/payouts$`)
	ordersRe     = regexp.MustCompile(`^/org/[^/]+/collections/orders$`)
	payoutRowRe  = regexp.MustCompile(`^/org/[^/]+/payouts/([^/?#]+)#payout-panel$`)
	createRe     = regexp.MustCompile(`^/org/[^/]+/payouts/create$`)
	refreshRe    = regexp.MustCompile(`<meta http-equiv="refresh" content="0;url=([^"]+)">`)
	searchFormRe = regexp.MustCompile(`<form role="search" method="get" action="([^"]+)"`)
)

// discover walks the logged-in portal from start (where the login sent the
// client) the way a user would and returns the mix: the dashboard, the
// first account's transactions, the payouts list with the first row's panel
// open, the collection orders, the search for that payout's reference (the
// form's action, where the server sends it) and the create-payout page. No
// URL is built from a route: each comes from a link, a form or a redirect.
func discover(cl *http.Client, base, start string) ([]pageKind, error) {
	dash, body, err := land(cl, base, start)
	if err != nil {
		return nil, fmt.Errorf("dashboard: %w", err)
	}
	l, err := firstLinks(body, "the dashboard", link{accountRe, "account link"}, link{payoutsRe, "payouts link"},
		link{ordersRe, "collection orders link"})
	if err != nil {
		return nil, err
	}
	account, payouts, orders := l[0], l[1], l[2]
	form := searchFormRe.FindSubmatch(body)
	if form == nil || !bytes.Contains(body, []byte(`name="q"`)) {
		return nil, fmt.Errorf("no search form on the dashboard")
	}
	list, err := get(cl, base+payouts)
	if err != nil {
		return nil, fmt.Errorf("payouts list: %w", err)
	}
	l, err = firstLinks(list, "the payouts page", link{payoutRowRe, "payout row's panel link"}, link{createRe, "create-payout link"})
	if err != nil {
		return nil, err
	}
	panel, create := l[0], l[1]
	ref, err := url.PathUnescape(panel[strings.LastIndexByte(panel, '/')+1:])
	if err != nil {
		return nil, err
	}
	// Submitting the search form: with a hit the server sends the client
	// to the results with the first record open; that page is measured.
	search, _, err := land(cl, base, html.UnescapeString(string(form[1]))+"?"+url.Values{"q": {ref}}.Encode())
	if err != nil {
		return nil, fmt.Errorf("search for %s: %w", ref, err)
	}
	return []pageKind{
		{name: "dashboard", url: dash},
		{name: "account transactions", url: base + account},
		{name: "payout panel", url: base + panel, mark: `id="payout-panel"`},
		{name: "collection orders", url: base + orders},
		{name: "search results", url: search, mark: ref},
		{name: "create payout", url: base + create, mark: `data-island="PayoutWizard"`},
	}, nil
}

// A link is what a link of a page looks like (re) and what it is called.
type link struct {
	re   *regexp.Regexp
	what string
}

// firstLinks is, for each of links, the first href of page matching its
// re, the fragment cut off; it fails naming the first link page (called
// where) lacks.
func firstLinks(page []byte, where string, links ...link) ([]string, error) {
	hrefs := hrefRe.FindAllSubmatch(page, -1)
	out := make([]string, len(links))
	for i, l := range links {
		for _, m := range hrefs {
			if h := html.UnescapeString(string(m[1])); l.re.MatchString(h) {
				out[i], _, _ = strings.Cut(h, "#")
				break
			}
		}
		if out[i] == "" {
			return nil, fmt.Errorf("no %s on %s", l.what, where)
		}
	}
	return out, nil
}

// land requests ref (a path or a URL) and follows the server's redirects and
// meta refreshes (at most five) to the page that answers; it returns that
// page's URL and body.
func land(cl *http.Client, base, ref string) (string, []byte, error) {
	b0, _ := url.Parse(base)
	r, err := url.Parse(ref)
	if err != nil {
		return "", nil, err
	}
	u := b0.ResolveReference(r).String()
	for range 5 {
		res, err := cl.Get(u)
		if err != nil {
			return "", nil, err
		}
		b, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode/100 == 3 {
			next, err := res.Location()
			if err != nil {
				return "", nil, fmt.Errorf("GET %s: %d without a Location", u, res.StatusCode)
			}
			u = next.String()
			continue
		}
		if m := refreshRe.FindSubmatch(b); m != nil && res.StatusCode == http.StatusOK {
			// A splash (the login's) moves on by its meta refresh.
			next, err := res.Request.URL.Parse(html.UnescapeString(string(m[1])))
			if err != nil {
				return "", nil, err
			}
			u = next.String()
			continue
		}
		if err := check(res, b, ""); err != nil {
			return "", nil, fmt.Errorf("GET %s: %w", u, err)
		}
		return u, b, nil
	}
	return "", nil, fmt.Errorf("more than 5 redirects or refreshes from %s", ref)
}

func get(cl *http.Client, u string) ([]byte, error) {
	res, err := cl.Get(u)
	if err != nil {
		return nil, err
	}
	b, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if err := check(res, b, ""); err != nil {
		return nil, fmt.Errorf("GET %s: %w", u, err)
	}
	return b, nil
}

// check says whether a page answered as a page of the mix must: 200, HTML,
// a whole document of at least minBody bytes, holding mark.
func check(res *http.Response, body []byte, mark string) error {
	switch {
	case res.StatusCode != http.StatusOK:
		return fmt.Errorf("status %d (%s)", res.StatusCode, res.Header.Get("Location"))
	case !strings.HasPrefix(res.Header.Get("Content-Type"), "text/html"):
		return fmt.Errorf("Content-Type %q", res.Header.Get("Content-Type"))
	case len(body) < minBody || !bytes.Contains(body, []byte("</html>")):
		return fmt.Errorf("a body of %d B, not a whole page", len(body))
	case mark != "" && !bytes.Contains(body, []byte(mark)):
		return fmt.Errorf("no %q in the page", mark)
	}
	return nil
}

// verify requests every page of the mix once and fails unless each answers
// 200 with the page it should.
func verify(cl *http.Client, mix []pageKind) error {
	for _, k := range mix {
		res, err := cl.Get(k.url)
		if err != nil {
			return fmt.Errorf("%s: %w", k.name, err)
		}
		b, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if err := check(res, b, k.mark); err != nil {
			return fmt.Errorf("%s (GET %s): %w", k.name, k.url, err)
		}
	}
	return nil
}

// kindResult is what the clients measured of one page kind: the latencies
// of its 200 answers, and its failures (any other status, a transport error).
type kindResult struct {
	lat      []time.Duration
	errors   int
	firstErr string
}

// hammer has conc clients request the mix in turn, each starting at its
// own page, until dur has passed. Every answer but a 200 counts as an
// error of its kind; the clients go on. elapsed runs to the last answer.
func hammer(cl *http.Client, mix []pageKind, conc int, dur time.Duration) (res []kindResult, elapsed time.Duration) {
	var mu sync.Mutex
	res = make([]kindResult, len(mix))
	start := time.Now()
	deadline := start.Add(dur)
	var wg sync.WaitGroup
	for i := range conc {
		wg.Add(1)
		go func() {
			defer wg.Done()
			mine := make([]kindResult, len(mix))
			for n := i; time.Now().Before(deadline); n++ {
				k := n % len(mix)
				t0 := time.Now()
				// As a browser asks: the server compresses every page, and that is part of its cost.
				req, _ := http.NewRequest(http.MethodGet, mix[k].url, nil)
				req.Header.Set("Accept-Encoding", "br, gzip")
				r, err := cl.Do(req)
				if err == nil {
					_, _ = io.Copy(io.Discard, r.Body)
					r.Body.Close()
					if r.StatusCode != http.StatusOK {
						err = fmt.Errorf("status %d", r.StatusCode)
					}
				}
				if err != nil {
					if mine[k].errors == 0 {
						mine[k].firstErr = err.Error()
					}
					mine[k].errors++
					continue
				}
				mine[k].lat = append(mine[k].lat, time.Since(t0))
			}
			mu.Lock()
			for k := range mine {
				res[k].lat = append(res[k].lat, mine[k].lat...)
				if res[k].errors == 0 {
					res[k].firstErr = mine[k].firstErr
				}
				res[k].errors += mine[k].errors
			}
			mu.Unlock()
		}()
	}
	wg.Wait()
	return res, time.Since(start)
}

// figures is the pages/s and the percentiles of a set of latencies.
type figures struct {
	rate     float64
	p50, p99 time.Duration
}

func figuresOf(lat []time.Duration, elapsed time.Duration) figures {
	if len(lat) == 0 {
		return figures{}
	}
	s := append([]time.Duration(nil), lat...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	p := func(q float64) time.Duration { return s[int(q*float64(len(s)-1))] }
	return figures{rate: float64(len(s)) / elapsed.Seconds(), p50: p(0.50), p99: p(0.99)}
}
