package session

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/redis/go-redis/v9"

	"portal/redisdown"
)

// putScript writes a session and adds it to its user's index in one atomic
// step, so a crash or a concurrent DeleteUser never sees one without the
// other. With ARGV[4] = "XX" it writes only over an existing session (Update),
// and then leaves the index alone too.
//
// The index lives as long as the longest session in it: PEXPIRE NX gives a
// new index a TTL, PEXPIRE GT only ever extends it (both need Redis 7).
//
// KEYS: session key, [user index key]. ARGV: json, ttl ms, handle, mode.
// Returns -1 when XX found nothing, else the index size (0 without a user).
var putScript = redis.NewScript(`
local ok
if ARGV[4] == 'XX' then
  ok = redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2], 'XX')
else
  ok = redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
end
if not ok then return -1 end
if #KEYS < 2 then return 0 end
redis.call('SADD', KEYS[2], ARGV[3])
redis.call('PEXPIRE', KEYS[2], ARGV[2], 'NX')
redis.call('PEXPIRE', KEYS[2], ARGV[2], 'GT')
return redis.call('SCARD', KEYS[2])
`)

const (
	// pruneAbove is the index size at which Put sweeps out members whose
	// sessions expired: an always-active user's index never expires, and
	// without this would collect one member per login forever.
	pruneAbove = 32
	// watchRetries bounds DeleteUser's optimistic transaction when the user
	// keeps logging in or being touched while it runs.
	watchRetries = 20
)

// RedisStore keeps sessions in Redis under prefix+"s:"+handle, with a set
// prefix+"user:"+userID of each user's session handles. No key or value
// holds a session id.
type RedisStore struct {
	client *redis.Client
	prefix string
}

// NewRedisStore returns a Store on client. An empty prefix means "sess:",
// giving keys sess:s:{handle} and sess:user:{uid}. Session and index keys of one
// user are touched in one transaction, so on Redis Cluster they would need a
// shared hash tag; this store takes a single-node client.
func NewRedisStore(client *redis.Client, prefix string) *RedisStore {
	if prefix == "" {
		prefix = "sess:"
	}
	return &RedisStore{client: client, prefix: prefix}
}

func (r *RedisStore) sessionKey(handle string) string { return r.prefix + "s:" + handle }
func (r *RedisStore) userKey(userID string) string    { return r.prefix + "user:" + userID }

// Get implements Store.
func (r *RedisStore) Get(ctx context.Context, handle string) (*Session, error) {
	b, err := r.client.Get(ctx, r.sessionKey(handle)).Bytes()
	if errors.Is(err, redis.Nil) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("session: get: %w", redisdown.Mark(err))
	}
	return decode(b)
}

// Put implements Store.
func (r *RedisStore) Put(ctx context.Context, s *Session, ttl time.Duration) error {
	return r.put(ctx, s, ttl, "")
}

// Update implements Store.
func (r *RedisStore) Update(ctx context.Context, s *Session, ttl time.Duration) error {
	return r.put(ctx, s, ttl, "XX")
}

func (r *RedisStore) put(ctx context.Context, s *Session, ttl time.Duration, mode string) error {
	if err := checkPut(s, ttl); err != nil {
		return err
	}
	if ttl < time.Millisecond {
		ttl = time.Millisecond
	}
	data, err := encode(s)
	if err != nil {
		return err
	}
	h := s.Handle()
	keys := []string{r.sessionKey(h)}
	if s.UserID != "" {
		keys = append(keys, r.userKey(s.UserID))
	}
	n, err := putScript.Run(ctx, r.client, keys, data, ttl.Milliseconds(), h, mode).Int64()
	if err != nil {
		return fmt.Errorf("session: put: %w", redisdown.Mark(err))
	}
	if n < 0 {
		return ErrNotFound
	}
	if n > pruneAbove {
		// Best effort: a failed prune leaves only stale handles, which the next
		// Put, ListUser or DeleteUser removes.
		_, _ = r.ListUser(ctx, s.UserID)
	}
	return nil
}

// Delete implements Store.
func (r *RedisStore) Delete(ctx context.Context, handle string) error {
	// GETDEL ends the session atomically; the index entry goes next. Should
	// that second step fail, the stale handle is pruned on the next listing.
	b, err := r.client.GetDel(ctx, r.sessionKey(handle)).Bytes()
	if errors.Is(err, redis.Nil) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("session: delete: %w", redisdown.Mark(err))
	}
	s, err := decode(b)
	if err != nil || s.UserID == "" {
		return nil // gone is gone; an undecodable entry has no index to fix
	}
	if err := r.client.SRem(ctx, r.userKey(s.UserID), handle).Err(); err != nil {
		return fmt.Errorf("session: delete: unindex: %w", redisdown.Mark(err))
	}
	return nil
}

// DeleteUser implements Store.
//
// It watches the user's index, so a session created for the user while it
// runs (a login racing a password change) makes it start over rather than
// survive; sessions that are merely touched meanwhile fail their Update.
func (r *RedisStore) DeleteUser(ctx context.Context, userID, except string) (int, error) {
	idx := r.userKey(userID)
	for range watchRetries {
		var n int
		err := r.client.Watch(ctx, func(tx *redis.Tx) error {
			hs, err := tx.SMembers(ctx, idx).Result()
			if err != nil {
				return err
			}
			var doomed, stale []string
			owned, err := r.owned(ctx, tx, userID, hs)
			if err != nil {
				return err
			}
			for i, h := range hs {
				switch {
				case !owned[i]:
					stale = append(stale, h)
				case h != except:
					doomed = append(doomed, h)
				}
			}
			if len(doomed) == 0 && len(stale) == 0 {
				return nil
			}
			_, err = tx.TxPipelined(ctx, func(p redis.Pipeliner) error {
				if len(doomed) > 0 {
					p.Del(ctx, r.sessionKeys(doomed)...)
				}
				p.SRem(ctx, idx, toAny(append(doomed, stale...))...)
				return nil
			})
			n = len(doomed)
			return err
		}, idx)
		if errors.Is(err, redis.TxFailedErr) {
			continue
		}
		if err != nil {
			return 0, fmt.Errorf("session: delete user: %w", redisdown.Mark(err))
		}
		return n, nil
	}
	return 0, fmt.Errorf("session: delete user: index kept changing after %d attempts", watchRetries)
}

// ListUser implements Store. It also removes handles of expired sessions from
// the index.
func (r *RedisStore) ListUser(ctx context.Context, userID string) ([]*Session, error) {
	idx := r.userKey(userID)
	hs, err := r.client.SMembers(ctx, idx).Result()
	if err != nil {
		return nil, fmt.Errorf("session: list user: %w", redisdown.Mark(err))
	}
	if len(hs) == 0 {
		return nil, nil
	}
	vals, err := r.client.MGet(ctx, r.sessionKeys(hs)...).Result()
	if err != nil {
		return nil, fmt.Errorf("session: list user: %w", redisdown.Mark(err))
	}
	var out []*Session
	var stale []string
	for i, v := range vals {
		s := decodeOwned(v, userID)
		if s == nil {
			stale = append(stale, hs[i])
			continue
		}
		out = append(out, s)
	}
	if len(stale) > 0 {
		// SREM of a handle that was live when read but expired since is
		// harmless, and one re-added meanwhile (same random id) cannot happen.
		if err := r.client.SRem(ctx, idx, toAny(stale)...).Err(); err != nil {
			return nil, fmt.Errorf("session: list user: prune: %w", redisdown.Mark(err))
		}
	}
	sortByLastSeen(out)
	return out, nil
}

// Ping implements Store.
func (r *RedisStore) Ping(ctx context.Context) error {
	if err := r.client.Ping(ctx).Err(); err != nil {
		return fmt.Errorf("session: ping: %w", redisdown.Mark(err))
	}
	return nil
}

// owned reports, for each handle, whether its session is live and belongs to
// userID; only those may be ended in the user's name.
func (r *RedisStore) owned(ctx context.Context, c redis.Cmdable, userID string, hs []string) ([]bool, error) {
	out := make([]bool, len(hs))
	if len(hs) == 0 {
		return out, nil
	}
	vals, err := c.MGet(ctx, r.sessionKeys(hs)...).Result()
	if err != nil {
		return nil, err
	}
	for i, v := range vals {
		out[i] = decodeOwned(v, userID) != nil
	}
	return out, nil
}

func (r *RedisStore) sessionKeys(hs []string) []string {
	keys := make([]string, len(hs))
	for i, h := range hs {
		keys[i] = r.sessionKey(h)
	}
	return keys
}

func decodeOwned(v any, userID string) *Session {
	str, ok := v.(string)
	if !ok {
		return nil
	}
	s, err := decode([]byte(str))
	if err != nil || s.UserID != userID {
		return nil
	}
	return s
}

func toAny(ss []string) []any {
	out := make([]any, len(ss))
	for i, s := range ss {
		out[i] = s
	}
	return out
}

var (
	_ Store = (*RedisStore)(nil)
	_ Store = (*MemoryStore)(nil)
)
