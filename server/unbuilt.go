package server

// Unbuilt are the spec's screens that no area serves yet: their routes are
// guarded like any other (so the sidebar and the guards already apply) and
// then answer not found. An area issue that builds one of them moves its
// entry from here into the area, with a handler; the core refuses a route
// listed twice, so the entry cannot be left behind. Every screen of both
// spec documents has its area now, so the list is empty.
func Unbuilt(s *Server) Area {
	return Area{Name: "unbuilt"}
}
