//go:build !race

package reference

const raceDivisor = 1
