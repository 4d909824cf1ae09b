package receivers

// The address the tests expect, written out: the pages build it from the route table.
func base(orgID string) string { return "/org/" + orgID + "/receivers" }
