package main

func runWatch(args []string, s stdio) int {
	s.Err.Write([]byte("not implemented yet\n"))
	return exitFailure
}

func runAdvise(args []string, s stdio) int {
	s.Err.Write([]byte("not implemented yet\n"))
	return exitFailure
}
