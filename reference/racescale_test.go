package reference

// raceScaled is n, or a fifth of it under the race detector: a few hundred
// goroutines meeting on the store is what the detector needs to see, and
// the full count (for the invariants' sake) runs in the plain test pass.
func raceScaled(n int) int {
	if underRace {
		return max(n/5, 20)
	}
	return n
}
