package reference

import (
	"context"
	"fmt"
	"portal/reference/demo"
	"sync/atomic"
	"testing"
	"time"

	"portal/provider"
	"portal/reference/db"
)

// tickingStore is a copy of the auth template on a clock that moves a microsecond at every
// reading, as a real clock does between two calls, unlike the tests' frozen clocks.
func tickingStore(t testing.TB) *Store {
	t.Helper()
	var ticks atomic.Int64
	now := func() time.Time { return authStart.Add(time.Duration(ticks.Add(1)) * time.Microsecond) }
	path := copyTemplate(t, &templateAuth, Options{Argon2Params: cheapParams, Now: func() time.Time { return authStart }})
	s, err := Open(context.Background(), path, Options{Argon2Params: cheapParams, Now: now})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// payoutWrites creates n payouts, runs the processor until they are completed, and returns the
// write transactions each cost on average.
func payoutWrites(t testing.TB, s *Store, round, n int) float64 {
	t.Helper()
	ctx := context.Background()
	// What the seed left due is not ours to count.
	if _, err := s.runPayoutJobs(ctx, toCompleted); err != nil {
		t.Fatal(err)
	}
	db.ResetStats(s.write)
	refs := make([]string, n)
	for i := range refs {
		p, err := s.CreatePayout(ctx, demo.Org1ID, validSEPA(fmt.Sprintf("W-%d-%d", round, i), "1.00"))
		if err != nil {
			t.Fatal(err)
		}
		refs[i] = p.UniqueReference
	}
	if _, err := s.runPayoutJobs(ctx, toCompleted); err != nil {
		t.Fatal(err)
	}
	for _, ref := range refs {
		if p, err := s.Payout(ctx, demo.Org1ID, ref); err != nil || p.CurrentStateName != provider.StateCompleted {
			t.Fatalf("payout %s is %s (%v), want completed", ref, p.CurrentStateName, err)
		}
	}
	return float64(db.StatsOf(s.write).Commits) / float64(n)
}

// A payout's automatic steps run in one commit: creating it is one write, taking it from
// created to completed another; the claims, 32 payouts each, add little.
func TestPayoutStepsChainInOneCommit(t *testing.T) {
	t.Parallel()
	const n = 64
	if got := payoutWrites(t, tickingStore(t), 0, n); got > 2+4.0/n {
		t.Errorf("%.2f writes per payout, want 2 (and the claims)", got)
	}
}

// BenchmarkPayoutWrites reports the write transactions per payout from its creation to
// completed. Budget: 2 (plus the claims, a thirty-second each).
func BenchmarkPayoutWrites(b *testing.B) {
	s := tickingStore(b)
	var per float64
	for round := 0; b.Loop(); round++ {
		// Each round its own end-to-end ids: a repeated one is a replay, which creates nothing.
		per = payoutWrites(b, s, round, 64)
	}
	b.ReportMetric(per, "writes/payout")
}
