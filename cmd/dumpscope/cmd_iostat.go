package main

func runDevices(args []string, s stdio) int {
	s.Err.Write([]byte("not implemented yet\n"))
	return exitFailure
}

func runIostat(args []string, s stdio) int {
	s.Err.Write([]byte("not implemented yet\n"))
	return exitFailure
}

func runProbe(args []string, s stdio) int {
	s.Err.Write([]byte("not implemented yet\n"))
	return exitFailure
}
