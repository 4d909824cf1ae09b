package server

// accounts area: see areas.go.

func (s *Server) accountsArea() area { return area{} }

func apiAccountOperations() []apiOp { return nil }
