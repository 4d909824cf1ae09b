package reference

import (
	"context"
	"sync"
	"testing"
	"time"
)

// Two stores on one database, as two portals would be, claim the payout processor's due jobs
// at once: each job goes to one of them. Later in the day than the seed, so its payouts'
// next steps are due.
func TestJobsClaimedOnceAcrossStores(t *testing.T) {
	t.Parallel()
	later := authStart.Add(30 * 24 * time.Hour)
	path := copyTemplate(t, &templateAuth, Options{Argon2Params: cheapParams, Now: func() time.Time { return authStart }})
	stores := make([]*Store, 2)
	for i := range stores {
		s, err := Open(context.Background(), path, Options{Argon2Params: cheapParams, Now: func() time.Time { return later }})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		stores[i] = s
	}
	ctx := context.Background()
	var mu sync.Mutex
	claimed := map[string]int{}
	var wg sync.WaitGroup
	for _, s := range stores {
		for range 2 {
			wg.Go(func() {
				for {
					jobs, err := payoutJobs.claimMany(ctx, s.core, 3, formatTime(later))
					if err != nil {
						t.Error(err)
						return
					}
					if len(jobs) == 0 {
						return
					}
					mu.Lock()
					for _, j := range jobs {
						claimed[j.id]++
					}
					mu.Unlock()
				}
			})
		}
	}
	wg.Wait()
	if len(claimed) == 0 {
		t.Fatal("no payout job was due: the test claims nothing")
	}
	for id, n := range claimed {
		if n != 1 {
			t.Errorf("payout %s claimed %d times", id, n)
		}
	}
	t.Logf("%d jobs claimed once each by 2 stores", len(claimed))
}
