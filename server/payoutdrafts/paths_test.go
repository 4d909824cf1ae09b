package payoutdrafts

// The address the tests expect, written out: the pages build it from the route table.
func draftPath(orgID, id string) string { return "/org/" + orgID + "/payout_drafts/" + id }
