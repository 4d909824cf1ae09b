package main

import (
	"context"
	"fmt"
	"log/slog"
	"net"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/redis/go-redis/v9"
)

// Short enough that a request during a Redis outage fails (and answers
// 503) well under half a second instead of go-redis's defaults (5 s dial,
// 3 s read, 3 retries with backoff, 5 dials per attempt); long enough for a healthy Redis on the
// same network, which answers in a millisecond.
const (
	redisDialTimeout = 200 * time.Millisecond
	redisIOTimeout   = 300 * time.Millisecond
	redisMaxRetries  = 1
	// One dial per attempt: go-redis otherwise dials 5 times, 100 ms apart,
	// before a command even fails (most of the 1.7 s of an outage).
	redisDialerRetries = 1
)

// The REDIS_URL schemes beyond go-redis's own redis:// and rediss://.
const (
	schemeSentinel = "redis-sentinel"
	schemeCluster  = "redis-cluster"
)

// redisOptions parses REDIS_URL into options for redis.NewUniversalClient
// and bounds every wait the client may make, in every mode. A timeout set in
// the URL (dial_timeout=…) is kept: the operator chose it. go-redis redials
// on the next command, so no restart is needed once Redis is back.
//
//	redis://[[user]:password@]host:port/db        one server (rediss:// for TLS)
//	redis-sentinel://[[user]:password@]s1:26379,s2:26379/master
//	redis-cluster://[[user]:password@]host1:6379,host2:6379
//
// The credentials are the Redis servers'; the sentinels' go in
// sentinel_password (and sentinel_username). A Sentinel URL may choose the
// database with db=; a Cluster has only database 0.
func redisOptions(raw string) (*redis.UniversalOptions, error) {
	scheme, _, ok := strings.Cut(raw, "://")
	if !ok {
		return nil, fmt.Errorf("want redis://, redis-sentinel:// or redis-cluster://, got %q", redactURL(raw))
	}
	var opt *redis.UniversalOptions
	var err error
	switch scheme {
	case "redis", "rediss":
		opt, err = standaloneOptions(raw)
	case schemeSentinel, schemeCluster:
		opt, err = multiHostOptions(scheme, raw)
	default:
		return nil, fmt.Errorf("unknown scheme %q: want redis, rediss, %s or %s", scheme, schemeSentinel, schemeCluster)
	}
	if err != nil {
		return nil, err
	}
	bound(opt)
	return opt, nil
}

// bound sets the short waits wherever the URL left go-redis's defaults
// (zero here: go-redis fills them in when the client is built).
func bound(opt *redis.UniversalOptions) {
	if opt.DialTimeout == 0 {
		opt.DialTimeout = redisDialTimeout
	}
	if opt.ReadTimeout == 0 {
		opt.ReadTimeout = redisIOTimeout
	}
	if opt.WriteTimeout == 0 {
		opt.WriteTimeout = redisIOTimeout
	}
	if opt.MaxRetries == 0 {
		opt.MaxRetries = redisMaxRetries
	}
	if opt.DialerRetries == 0 {
		opt.DialerRetries = redisDialerRetries
	}
	opt.MinRetryBackoff = 8 * time.Millisecond
	opt.MaxRetryBackoff = 64 * time.Millisecond
}

// standaloneOptions keeps go-redis's own parser for redis:// URLs, and every
// option it reads; a value equal to go-redis's default counts as unset.
func standaloneOptions(raw string) (*redis.UniversalOptions, error) {
	o, err := redis.ParseURL(raw)
	if err != nil {
		return nil, err
	}
	def, _ := redis.ParseURL("redis://localhost")
	unset := func(v, d time.Duration) time.Duration {
		if v == d {
			return 0
		}
		return v
	}
	retries := o.MaxRetries
	if retries == def.MaxRetries {
		retries = 0
	}
	dialerRetries := o.DialerRetries
	if dialerRetries == def.DialerRetries {
		dialerRetries = 0
	}
	return &redis.UniversalOptions{
		Addrs: []string{o.Addr}, DB: o.DB, ClientName: o.ClientName, Protocol: o.Protocol,
		Username: o.Username, Password: o.Password, TLSConfig: o.TLSConfig,
		DialTimeout: unset(o.DialTimeout, def.DialTimeout), ReadTimeout: unset(o.ReadTimeout, def.ReadTimeout),
		WriteTimeout: unset(o.WriteTimeout, def.WriteTimeout), MaxRetries: retries, DialerRetries: dialerRetries,
		PoolFIFO: o.PoolFIFO, PoolSize: o.PoolSize, PoolTimeout: o.PoolTimeout,
		MinIdleConns: o.MinIdleConns, MaxIdleConns: o.MaxIdleConns, MaxActiveConns: o.MaxActiveConns,
		ConnMaxIdleTime: o.ConnMaxIdleTime, ConnMaxLifetime: o.ConnMaxLifetime,
		ContextTimeoutEnabled: o.ContextTimeoutEnabled,
	}, nil
}

// multiHostOptions parses the Sentinel and Cluster forms by hand: net/url
// takes one host per URL and cannot hold bracketed IPv6 addresses in a list.
func multiHostOptions(scheme, raw string) (*redis.UniversalOptions, error) {
	rest := strings.TrimPrefix(raw, scheme+"://")
	if i := strings.IndexByte(rest, '#'); i >= 0 {
		return nil, fmt.Errorf("%s URL: a fragment (#…) has no meaning", scheme)
	}
	rest, query, _ := strings.Cut(rest, "?")
	hosts, path, _ := strings.Cut(rest, "/")
	opt := &redis.UniversalOptions{}
	if at := strings.LastIndexByte(hosts, '@'); at >= 0 {
		user, pass, err := userinfo(hosts[:at])
		if err != nil {
			return nil, fmt.Errorf("%s URL: %w", scheme, err)
		}
		opt.Username, opt.Password = user, pass
		hosts = hosts[at+1:]
	}
	defPort := "6379"
	if scheme == schemeSentinel {
		defPort = "26379"
	}
	addrs, err := hostList(hosts, defPort)
	if err != nil {
		return nil, fmt.Errorf("%s URL: %w", scheme, err)
	}
	opt.Addrs = addrs
	switch scheme {
	case schemeSentinel:
		name, err := url.PathUnescape(strings.TrimSuffix(path, "/"))
		if err != nil || name == "" || strings.Contains(name, "/") {
			return nil, fmt.Errorf("%s URL: want the master's name as the path (…:26379/mymaster), got %q", scheme, path)
		}
		opt.MasterName = name
	case schemeCluster:
		if path != "" {
			return nil, fmt.Errorf("%s URL: a Cluster has only database 0, so the URL takes no path; got %q", scheme, "/"+path)
		}
		opt.IsClusterMode = true // even with a single seed
	}
	if err := queryOptions(scheme, query, opt); err != nil {
		return nil, err
	}
	return opt, nil
}

func userinfo(s string) (user, pass string, err error) {
	u, p, hasPass := strings.Cut(s, ":")
	if user, err = url.PathUnescape(u); err != nil {
		return "", "", fmt.Errorf("bad user name escape: %w", err)
	}
	if !hasPass {
		// redis://secret@host is how go-redis reads a bare password too.
		return "", user, nil
	}
	if pass, err = url.PathUnescape(p); err != nil {
		return "", "", fmt.Errorf("bad password escape: %w", err)
	}
	return user, pass, nil
}

// hostList splits "h1:p1,h2:p2" (a missing port is defPort).
func hostList(s, defPort string) ([]string, error) {
	if s == "" {
		return nil, fmt.Errorf("no host: want host:port[,host:port…]")
	}
	var out []string
	for _, h := range strings.Split(s, ",") {
		if h == "" {
			return nil, fmt.Errorf("empty host in %q", s)
		}
		host, port, err := net.SplitHostPort(h)
		if err != nil {
			if !strings.Contains(err.Error(), "missing port") {
				return nil, fmt.Errorf("bad host %q: %w", h, err)
			}
			host, port = strings.Trim(h, "[]"), defPort
		}
		if host == "" {
			return nil, fmt.Errorf("bad host %q: no host name", h)
		}
		if n, err := strconv.Atoi(port); err != nil || n < 1 || n > 65535 {
			return nil, fmt.Errorf("bad host %q: port %q is not 1–65535", h, port)
		}
		out = append(out, net.JoinHostPort(host, port))
	}
	return out, nil
}

// queryOptions reads the few settings these forms take; anything else is an
// error rather than silently ignored.
func queryOptions(scheme, query string, opt *redis.UniversalOptions) error {
	q, err := url.ParseQuery(query)
	if err != nil {
		return fmt.Errorf("%s URL: bad query: %w", scheme, err)
	}
	for key, vs := range q {
		if len(vs) != 1 {
			return fmt.Errorf("%s URL: %s given %d times", scheme, key, len(vs))
		}
		v := vs[0]
		var err error
		switch key {
		case "dial_timeout":
			opt.DialTimeout, err = positiveDuration(v)
		case "read_timeout":
			opt.ReadTimeout, err = positiveDuration(v)
		case "write_timeout":
			opt.WriteTimeout, err = positiveDuration(v)
		case "max_retries":
			opt.MaxRetries, err = strconv.Atoi(v)
		case "pool_size":
			opt.PoolSize, err = strconv.Atoi(v)
		case "db":
			if scheme != schemeSentinel {
				return fmt.Errorf("%s URL: a Cluster has only database 0; drop db=%s", scheme, v)
			}
			opt.DB, err = strconv.Atoi(v)
			if err == nil && opt.DB < 0 {
				err = fmt.Errorf("negative")
			}
		case "sentinel_username", "sentinel_password":
			if scheme != schemeSentinel {
				return fmt.Errorf("%s URL: %s is for Sentinel URLs", scheme, key)
			}
			if key == "sentinel_username" {
				opt.SentinelUsername = v
			} else {
				opt.SentinelPassword = v
			}
		default:
			return fmt.Errorf("%s URL: unknown option %q (known: dial_timeout, read_timeout, write_timeout, max_retries, pool_size, db, sentinel_username, sentinel_password)", scheme, key)
		}
		if err != nil {
			return fmt.Errorf("%s URL: %s=%q: %v", scheme, key, v, err)
		}
	}
	return nil
}

// positiveDuration takes "250ms" or, as go-redis does, plain seconds ("3").
func positiveDuration(v string) (time.Duration, error) {
	d, err := time.ParseDuration(v)
	if err != nil {
		n, nerr := strconv.Atoi(v)
		if nerr != nil {
			return 0, fmt.Errorf("want a duration like 250ms")
		}
		d = time.Duration(n) * time.Second
	}
	if d <= 0 {
		return 0, fmt.Errorf("want a positive duration")
	}
	return d, nil
}

// redisMode names what opt connects to, for the start-up log line.
func redisMode(opt *redis.UniversalOptions) string {
	switch {
	case opt.MasterName != "":
		return "sentinel"
	case opt.IsClusterMode || len(opt.Addrs) > 1:
		return "cluster"
	default:
		return "standalone"
	}
}

// redactURL keeps a password out of an error message.
func redactURL(raw string) string {
	if at := strings.LastIndexByte(raw, '@'); at >= 0 {
		if i := strings.Index(raw, "://"); i >= 0 && i < at {
			return raw[:i+3] + "…@" + raw[at+1:]
		}
		return "…@" + raw[at+1:]
	}
	return raw
}

// redisLogger routes go-redis's own messages ("failed to dial …", pool and Sentinel notices)
// into the portal's log instead of the standard logger. During an outage go-redis writes one
// line per failed dial, which is every request; the operator needs to see that Redis is down,
// not thousands of copies of it, so at most one line per interval is written, with the count
// of those held back since the last one.
type redisLogger struct {
	log      *slog.Logger
	interval time.Duration
	now      func() time.Time

	mu      sync.Mutex
	last    time.Time
	dropped int
}

func newRedisLogger(log *slog.Logger) *redisLogger {
	return &redisLogger{log: log, interval: 10 * time.Second, now: time.Now}
}

func (l *redisLogger) Printf(_ context.Context, format string, v ...any) {
	l.mu.Lock()
	now := l.now()
	if !l.last.IsZero() && now.Sub(l.last) < l.interval {
		l.dropped++
		l.mu.Unlock()
		return
	}
	dropped := l.dropped
	l.last, l.dropped = now, 0
	l.mu.Unlock()
	l.log.Warn("redis client", "detail", fmt.Sprintf(format, v...), "similar_lines_held_back", dropped)
}
