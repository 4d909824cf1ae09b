//go:build !race

package reference

const underRace = false
