package payoutreports

// The address the tests expect, written out: the pages build it from the route table.
func documentURL(orgID, ref string) string { return "/org/" + orgID + "/payouts/" + ref + "/document" }
