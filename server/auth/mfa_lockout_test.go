package auth_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"portal/provider"
	"portal/ratelimit"
	"portal/reference/demo"
	"portal/server"
	"portal/server/auth"
	"portal/server/servertest"
	"portal/session"
)

// countingAuth counts the login codes that reach the provider.
type countingAuth struct {
	provider.Auth
	checks atomic.Int32
}

func (a *countingAuth) VerifyTOTP(ctx context.Context, userID, code string) error {
	a.checks.Add(1)
	return a.Auth.VerifyTOTP(ctx, userID, code)
}

// lockHook runs onLock once, right after the MFA counter of an account was
// reset or blocked: the moment at which a lock is being written.
type lockHook struct {
	ratelimit.Limiter
	once   sync.Once
	onLock func()
}

func (l *lockHook) fire(key string) {
	if strings.HasPrefix(key, "mfa:user:") && l.onLock != nil {
		l.once.Do(l.onLock)
	}
}

func (l *lockHook) Reset(ctx context.Context, key string) error {
	err := l.Limiter.Reset(ctx, key)
	l.fire(key)
	return err
}

func (l *lockHook) Block(ctx context.Context, key string, d time.Duration) error {
	err := l.Limiter.Block(ctx, key, d)
	l.fire(key)
	return err
}

// Wrong codes sent in parallel past the limit are all refused, and no more
// than the limit ever reach the provider: also a code that arrives while the
// lock is being written.
func TestMFALockoutCannotBeRaced(t *testing.T) {
	noSlowDown(t)
	counting := &countingAuth{}
	hook := &lockHook{}
	h := newHarness(t, func(d *server.Deps) {
		counting.Auth = d.Auth
		d.Auth = counting
		hook.Limiter = d.Limiter
		d.Limiter = hook
	})
	c := h.Client()
	c.Login(emailMFATOTP)
	tok := c.CSRF("/mfa-verify")
	wrong := url.Values{"_csrf": {tok}, "code": {wrongTOTP(t, demo.TOTPSecret)}}
	// send posts a code without the client's t.Fatal, so goroutines may use it.
	send := func(form url.Values) int {
		r := httptest.NewRequest("POST", "http://portal.test/mfa-verify/totp", strings.NewReader(form.Encode()))
		r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		for _, ck := range c.Jar.Cookies(base) {
			r.AddCookie(ck)
		}
		res, err := h.Srv.App().Test(r, servertest.FiberTestConfig())
		if err != nil {
			t.Error(err)
			return 0
		}
		res.Body.Close()
		return res.StatusCode
	}

	for i := 1; i < auth.MFAMaxAttempts; i++ {
		if got := send(wrong); got != http.StatusUnprocessableEntity {
			t.Fatalf("wrong code %d: status %d", i, got)
		}
	}
	var during int
	hook.onLock = func() { during = send(wrong) }

	const parallel = 12
	statuses := make([]int, parallel)
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i := range parallel {
		wg.Go(func() {
			<-start
			statuses[i] = send(wrong)
		})
	}
	close(start)
	wg.Wait()

	for i, st := range statuses {
		if st != http.StatusTooManyRequests {
			t.Errorf("parallel wrong code %d: status %d, want 429", i, st)
		}
	}
	if during != http.StatusTooManyRequests {
		t.Errorf("a code sent while the lock was written: status %d, want 429", during)
	}
	if n := counting.checks.Load(); n != auth.MFAMaxAttempts {
		t.Errorf("%d codes reached the provider, want exactly %d", n, auth.MFAMaxAttempts)
	}
	if got := send(url.Values{"_csrf": {tok}, "code": {totpNow(t)}}); got != http.StatusTooManyRequests {
		t.Errorf("right code after the lock: %d", got)
	}
	if scopeOf(t, h, c) != session.ScopeLogin {
		t.Error("a locked account finished MFA")
	}
}
