package main

import (
	"os"
	"syscall"

	"golang.org/x/sys/unix"
)

// Once SIGPIPE is in signal.Notify, Go delivers it for a write to any broken pipe or
// socket, not only stdout's: the driver's COM_QUIT on a connection the server already
// closed (wait_timeout, KILL, a restart) raises one too. Only a broken stdout or stderr
// means the reader went away (`dumpscope … | head`), so only that stops the import.

// isStopSignal reports whether sig asks the import to stop: every stop signal except a
// SIGPIPE that did not come from our own output.
func isStopSignal(sig os.Signal) bool {
	return sig != syscall.SIGPIPE || outputBroken(int(os.Stdout.Fd())) || outputBroken(int(os.Stderr.Fd()))
}

// outputBroken reports whether writing to fd would fail because its reader is gone: a
// pipe or socket whose other end closed polls POLLERR or POLLHUP; a terminal or a file
// never does.
func outputBroken(fd int) bool {
	fds := []unix.PollFd{{Fd: int32(fd), Events: unix.POLLOUT}}
	n, err := unix.Poll(fds, 0)
	return err == nil && n > 0 && fds[0].Revents&(unix.POLLERR|unix.POLLHUP) != 0
}
