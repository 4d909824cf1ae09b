//go:build race

package reference

// underRace: the race detector makes each memory access about ten times
// dearer, so the long concurrent runs shrink (see raceScaled).
const underRace = true
