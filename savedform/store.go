package savedform

import (
	"context"
	"crypto/subtle"
	"encoding/json"
	"errors"
	"sync"
	"time"

	"github.com/redis/go-redis/v9"
)

// NewStore is a Redis store on client, or one in process memory when
// client is nil (a portal that keeps its sessions in process).
func NewStore(client redis.UniversalClient) Store {
	if client == nil {
		return NewMemoryStore(MemoryCap)
	}
	return &RedisStore{client: client, prefix: "portal:saved:"}
}

// RedisStore keeps each form under prefix+"{"+key(id)+"}" with a TTL, and
// its claimant under the same key + ":claim": the braces are a Redis Cluster
// hash tag, so the two keys share a slot and Delete's one DEL of both works
// on a Cluster too.
type RedisStore struct {
	client redis.UniversalClient
	prefix string
}

// formKey is the key of form id; its claim key appends ":claim".
func (r *RedisStore) formKey(id string) string { return r.prefix + "{" + key(id) + "}" }

// Put implements Store.
func (r *RedisStore) Put(ctx context.Context, id string, f *Form, ttl time.Duration) error {
	b, err := json.Marshal(f)
	if err != nil {
		return err
	}
	return r.client.Set(ctx, r.formKey(id), b, ttl).Err()
}

// Claim implements Store. SET NX makes the first claimant the owner even
// when two requests race.
func (r *RedisStore) Claim(ctx context.Context, id, owner, claimant string) (*Form, error) {
	if !wellFormedID(id) || claimant == "" {
		return nil, ErrNotFound
	}
	k := r.formKey(id)
	b, err := r.client.Get(ctx, k).Bytes()
	if errors.Is(err, redis.Nil) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, err
	}
	f, err := ownedBy(b, owner)
	if err != nil {
		return nil, err
	}
	if err := r.client.SetNX(ctx, k+":claim", claimant, TTL).Err(); err != nil {
		return nil, err
	}
	first, err := r.client.Get(ctx, k+":claim").Result()
	if errors.Is(err, redis.Nil) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, err
	}
	if first != claimant {
		return nil, ErrNotFound
	}
	return f, nil
}

// ownedBy decodes a kept form when it is owner's, before any claim: another
// user's look must not claim it away from its owner.
func ownedBy(b []byte, owner string) (*Form, error) {
	var f Form
	if err := json.Unmarshal(b, &f); err != nil {
		return nil, err
	}
	if owner == "" || subtle.ConstantTimeCompare([]byte(owner), []byte(f.Owner)) != 1 {
		return nil, ErrNotFound
	}
	return &f, nil
}

// Delete implements Store.
func (r *RedisStore) Delete(ctx context.Context, id string) error {
	if !wellFormedID(id) {
		return nil
	}
	k := r.formKey(id)
	return r.client.Del(ctx, k, k+":claim").Err()
}

// MemoryCap bounds how many forms a memory store holds: past it, the
// oldest goes, so a flood of posts costs memory of at most this many forms.
const MemoryCap = 10_000

// MemoryStore keeps saved forms in process memory.
type MemoryStore struct {
	mu    sync.Mutex
	forms map[string]*memForm
	cap   int
	// Now is the clock; tests replace it.
	Now func() time.Time
}

type memForm struct {
	data    []byte
	claim   string
	expires time.Time
}

// NewMemoryStore holds at most capacity forms.
func NewMemoryStore(capacity int) *MemoryStore {
	return &MemoryStore{forms: map[string]*memForm{}, cap: capacity, Now: time.Now}
}

// Put implements Store.
func (m *MemoryStore) Put(ctx context.Context, id string, f *Form, ttl time.Duration) error {
	b, err := json.Marshal(f)
	if err != nil {
		return err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	now := m.Now()
	if len(m.forms) >= m.cap {
		m.evict(now)
	}
	m.forms[key(id)] = &memForm{data: b, expires: now.Add(ttl)}
	return nil
}

// evict drops expired forms, and the one closest to expiry if none had.
func (m *MemoryStore) evict(now time.Time) {
	var oldest string
	for k, f := range m.forms {
		if !now.Before(f.expires) {
			delete(m.forms, k)
			continue
		}
		if oldest == "" || f.expires.Before(m.forms[oldest].expires) {
			oldest = k
		}
	}
	if len(m.forms) >= m.cap && oldest != "" {
		delete(m.forms, oldest)
	}
}

// Claim implements Store.
func (m *MemoryStore) Claim(ctx context.Context, id, owner, claimant string) (*Form, error) {
	if !wellFormedID(id) || claimant == "" {
		return nil, ErrNotFound
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	k := key(id)
	f, ok := m.forms[k]
	if !ok || !m.Now().Before(f.expires) {
		delete(m.forms, k)
		return nil, ErrNotFound
	}
	out, err := ownedBy(f.data, owner)
	if err != nil {
		return nil, err
	}
	if f.claim == "" {
		f.claim = claimant
	}
	if f.claim != claimant {
		return nil, ErrNotFound
	}
	return out, nil
}

// Delete implements Store.
func (m *MemoryStore) Delete(ctx context.Context, id string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	delete(m.forms, key(id))
	return nil
}
