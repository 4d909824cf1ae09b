//go:build race

package reference

// raceDivisor shrinks the long concurrent runs under the race detector,
// which makes each memory access about ten times dearer: a hundred
// goroutines meeting on the store is what it needs to see, and the full
// count (for the invariants' sake) runs in the plain test pass.
const raceDivisor = 5
