package reference

import (
	"portal/reference/demo"
	"portal/reference/seeddata"
)

// Short names the store's tests use for the demo's ids and accounts.

func demoAccounts() []seeddata.Account { return demo.Accounts() }
func seedID(name string) string        { return demo.ID(name) }

func pow10i(n int) int64 {
	v := int64(1)
	for range n {
		v *= 10
	}
	return v
}
