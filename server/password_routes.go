package server

// passwordRoutes are the forgot/reset password and invitation screens
// (spec 000 §2, 001 §2).
func (s *Server) passwordRoutes() []*Route {
	return []*Route{
		{Name: "passwords.forgot", Method: "GET", Path: "/passwords/forgot", Access: GuestOnly},
		{Name: "passwords.reset", Method: "GET", Path: "/passwords/reset/:token", Access: GuestOnly},
		{Name: "invitations.accept", Method: "GET", Path: "/invitations/accept/:token", Access: GuestOnly},
		{Name: "invitations.expired", Method: "GET", Path: "/invitations/expired", Access: GuestOnly},
	}
}
