package ratelimit

import (
	"context"
	"sync"
	"time"
)

// sweepEvery bounds how long expired windows of keys that are never hit
// again stay in memory.
const sweepEvery = time.Minute

// Memory is a Limiter for a single process. Its counts are lost on restart
// and not shared between instances, so it is only for development and for
// deployments that run one instance without Redis.
type Memory struct {
	mu        sync.Mutex
	windows   map[string]memWindow
	nextSweep time.Time
	now       func() time.Time
}

type memWindow struct {
	count int
	ends  time.Time
}

// NewMemory returns an empty in-process Limiter.
func NewMemory() *Memory {
	return &Memory{windows: make(map[string]memWindow), now: time.Now}
}

// Hit implements Limiter.
func (m *Memory) Hit(ctx context.Context, key string, limit int, window time.Duration) (Result, error) {
	if err := validate(key, limit, window); err != nil {
		return Result{}, err
	}
	if err := ctx.Err(); err != nil {
		return Result{}, err
	}
	now := m.now()
	m.mu.Lock()
	defer m.mu.Unlock()
	m.sweep(now)
	w, ok := m.windows[key]
	if !ok || !now.Before(w.ends) {
		w = memWindow{ends: now.Add(window)}
	}
	w.count++
	m.windows[key] = w
	return result(w.count, limit, w.ends.Sub(now)), nil
}

// Reset implements Limiter.
func (m *Memory) Reset(ctx context.Context, key string) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	delete(m.windows, key)
	return nil
}

// Block implements Limiter.
func (m *Memory) Block(ctx context.Context, key string, d time.Duration) error {
	if err := validate(key, 1, d); err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	now := m.now()
	m.mu.Lock()
	defer m.mu.Unlock()
	m.windows[key] = memWindow{count: blocked, ends: now.Add(d)}
	return nil
}

func (m *Memory) sweep(now time.Time) {
	if now.Before(m.nextSweep) {
		return
	}
	m.nextSweep = now.Add(sweepEvery)
	for k, w := range m.windows {
		if !now.Before(w.ends) {
			delete(m.windows, k)
		}
	}
}
