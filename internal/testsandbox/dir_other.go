//go:build !linux

package testsandbox

// tmpfsFreeBytes is 0 off Linux: the sandboxes stay in the system temp directory.
func tmpfsFreeBytes(string) uint64 { return 0 }
