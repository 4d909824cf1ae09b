package session

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/redis/go-redis/v9"

	"portal/redisdown"
)

// indexScript adds a handle to its user's index before the session itself is
// written (Put writes two keys in two slots, see RedisStore), so a session
// never exists unindexed: a crash between the steps leaves only a stale
// member, which pruneScript removes once it is due.
//
// The index is a sorted set scored by each session's expiry as of its latest
// write (ZADD GT keeps the latest), read from the Redis clock. It lives as
// long as the longest session in it: PEXPIRE NX gives a new index a TTL,
// PEXPIRE GT only ever extends it (both need Redis 7).
//
// KEYS: index key. ARGV: ttl ms, handle. Returns the index size.
var indexScript = redis.NewScript(`
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZADD', KEYS[1], 'GT', now + tonumber(ARGV[1]), ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[1], 'NX')
redis.call('PEXPIRE', KEYS[1], ARGV[1], 'GT')
return redis.call('ZCARD', KEYS[1])
`)

// pruneScript removes the handles in ARGV whose sessions were found missing,
// but only those whose recorded expiry has passed: a missing session that is
// not yet due is a Put between its two steps, and dropping its handle would
// leave a live session that DeleteUser cannot find.
//
// KEYS: index key. ARGV: handles. Returns how many it removed.
var pruneScript = redis.NewScript(`
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local n = 0
for _, h in ipairs(ARGV) do
  local due = redis.call('ZSCORE', KEYS[1], h)
  if due and tonumber(due) <= now then
    n = n + redis.call('ZREM', KEYS[1], h)
  end
end
return n
`)

// pruneAbove is the index size at which Put sweeps out members whose
// sessions expired: an always-active user's index never expires, and
// without this would collect one member per login forever.
const pruneAbove = 32

// RedisStore keeps sessions in Redis under prefix+"s:{"+handle+"}", with a
// sorted set prefix+"user:{"+userID+"}" of each user's session handles. No
// key or value holds a session id.
//
// The braces are Redis Cluster hash tags: every command touches keys of one
// tag only, so the store works on a standalone server, behind Sentinel and
// on a Cluster alike. A session and its user's index live in different
// slots, so no step spans both: Put indexes first and writes second, and
// DeleteUser and ListUser read the index, then the sessions one key each
// (pipelined), then change the index. What that gives up against one
// transaction is written at DeleteUser.
type RedisStore struct {
	client redis.UniversalClient
	prefix string
}

// NewRedisStore returns a Store on client (a single server, a Sentinel
// failover client or a Cluster client). An empty prefix means "sess:",
// giving keys sess:s:{handle} and sess:user:{uid}. A prefix must not hold
// braces: they would become the hash tag instead of the handle or user.
func NewRedisStore(client redis.UniversalClient, prefix string) *RedisStore {
	if prefix == "" {
		prefix = "sess:"
	}
	if strings.ContainsAny(prefix, "{}") {
		panic(fmt.Sprintf("session: key prefix %q holds a brace, which would change the hash tag", prefix))
	}
	return &RedisStore{client: client, prefix: prefix}
}

func (r *RedisStore) sessionKey(handle string) string { return r.prefix + "s:{" + handle + "}" }
func (r *RedisStore) userKey(userID string) string    { return r.prefix + "user:{" + userID + "}" }

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
	return r.put(ctx, s, ttl, false)
}

// Update implements Store.
func (r *RedisStore) Update(ctx context.Context, s *Session, ttl time.Duration) error {
	return r.put(ctx, s, ttl, true)
}

func (r *RedisStore) put(ctx context.Context, s *Session, ttl time.Duration, mustExist bool) error {
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
	var n int64
	if s.UserID != "" {
		// Index first: should the write below fail or never come, the index
		// holds a handle without a session, which pruning removes; the other
		// order could leave a session that DeleteUser does not know of.
		n, err = indexScript.Run(ctx, r.client, []string{r.userKey(s.UserID)}, ttl.Milliseconds(), h).Int64()
		if err != nil {
			return fmt.Errorf("session: put: index: %w", redisdown.Mark(err))
		}
	}
	// SET XX: an Update must not bring back a session ended meanwhile.
	args := redis.SetArgs{TTL: ttl}
	if mustExist {
		args.Mode = "XX"
	}
	err = r.client.SetArgs(ctx, r.sessionKey(h), data, args).Err()
	if errors.Is(err, redis.Nil) {
		return ErrNotFound
	}
	if err != nil {
		return fmt.Errorf("session: put: %w", redisdown.Mark(err))
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
	// that second step fail, the stale handle is pruned once it is due.
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
	if err := r.client.ZRem(ctx, r.userKey(s.UserID), handle).Err(); err != nil {
		return fmt.Errorf("session: delete: unindex: %w", redisdown.Mark(err))
	}
	return nil
}

// DeleteUser implements Store.
//
// Every session Put before DeleteUser reads the index is in it (Put indexes
// first) and is ended. A login racing it is ended too when its session is
// written before DeleteUser reads that handle, and otherwise survives as a
// login made after the change, as it would after a transaction; either way
// its handle stays indexed (missing sessions are pruned only once due), so
// the next DeleteUser finds it. Sessions merely touched meanwhile fail their
// Update (SET XX).
func (r *RedisStore) DeleteUser(ctx context.Context, userID, except string) (int, error) {
	idx := r.userKey(userID)
	hs, err := r.client.ZRange(ctx, idx, 0, -1).Result()
	if err != nil {
		return 0, fmt.Errorf("session: delete user: %w", redisdown.Mark(err))
	}
	vals, err := r.getEach(ctx, hs)
	if err != nil {
		return 0, fmt.Errorf("session: delete user: %w", redisdown.Mark(err))
	}
	var doomed, foreign, missing []string
	for i, h := range hs {
		switch s := decodeAny(vals[i]); {
		case s == nil:
			missing = append(missing, h)
		case s.UserID != userID:
			foreign = append(foreign, h)
		case h != except:
			doomed = append(doomed, h)
		}
	}
	if len(doomed) > 0 {
		// One DEL per key: the sessions are in as many slots as there are.
		_, err := r.client.Pipelined(ctx, func(p redis.Pipeliner) error {
			for _, h := range doomed {
				p.Del(ctx, r.sessionKey(h))
			}
			return nil
		})
		if err != nil {
			return 0, fmt.Errorf("session: delete user: %w", redisdown.Mark(err))
		}
	}
	if err := r.unindex(ctx, idx, append(doomed, foreign...), missing); err != nil {
		return 0, fmt.Errorf("session: delete user: %w", redisdown.Mark(err))
	}
	return len(doomed), nil
}

// ListUser implements Store. It also removes handles of expired sessions from
// the index.
func (r *RedisStore) ListUser(ctx context.Context, userID string) ([]*Session, error) {
	idx := r.userKey(userID)
	hs, err := r.client.ZRange(ctx, idx, 0, -1).Result()
	if err != nil {
		return nil, fmt.Errorf("session: list user: %w", redisdown.Mark(err))
	}
	if len(hs) == 0 {
		return nil, nil
	}
	vals, err := r.getEach(ctx, hs)
	if err != nil {
		return nil, fmt.Errorf("session: list user: %w", redisdown.Mark(err))
	}
	var out []*Session
	var foreign, missing []string
	for i, v := range vals {
		switch s := decodeAny(v); {
		case s == nil:
			missing = append(missing, hs[i])
		case s.UserID != userID:
			foreign = append(foreign, hs[i])
		default:
			out = append(out, s)
		}
	}
	if err := r.unindex(ctx, idx, foreign, missing); err != nil {
		return nil, fmt.Errorf("session: list user: prune: %w", redisdown.Mark(err))
	}
	sortByLastSeen(out)
	return out, nil
}

// unindex removes from idx the handles whose sessions belong elsewhere (or
// were ended here) and, of those found missing, the ones that are due.
func (r *RedisStore) unindex(ctx context.Context, idx string, gone, missing []string) error {
	if len(gone) > 0 {
		if err := r.client.ZRem(ctx, idx, toAny(gone)...).Err(); err != nil {
			return err
		}
	}
	if len(missing) > 0 {
		return pruneScript.Run(ctx, r.client, []string{idx}, toAny(missing)...).Err()
	}
	return nil
}

// getEach reads the sessions of handles hs, nil where one is missing. One GET
// per key rather than MGET, which a Cluster refuses across slots.
func (r *RedisStore) getEach(ctx context.Context, hs []string) ([]any, error) {
	out := make([]any, len(hs))
	if len(hs) == 0 {
		return out, nil
	}
	cmds := make([]*redis.StringCmd, len(hs))
	_, err := r.client.Pipelined(ctx, func(p redis.Pipeliner) error {
		for i, h := range hs {
			cmds[i] = p.Get(ctx, r.sessionKey(h))
		}
		return nil
	})
	if err != nil && !errors.Is(err, redis.Nil) {
		return nil, err
	}
	for i, c := range cmds {
		v, err := c.Result()
		switch {
		case err == nil:
			out[i] = v
		case !errors.Is(err, redis.Nil):
			return nil, err
		}
	}
	return out, nil
}

// Ping implements Store.
func (r *RedisStore) Ping(ctx context.Context) error {
	if err := r.client.Ping(ctx).Err(); err != nil {
		return fmt.Errorf("session: ping: %w", redisdown.Mark(err))
	}
	return nil
}

// decodeAny decodes a stored session, nil when v is missing or unreadable.
func decodeAny(v any) *Session {
	str, ok := v.(string)
	if !ok {
		return nil
	}
	s, err := decode([]byte(str))
	if err != nil {
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
