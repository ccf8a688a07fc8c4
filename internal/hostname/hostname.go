// Package hostname answers "is the server on this machine?" from its @@hostname, the one
// check behind everything dumpscope reads locally about a server: its disks'
// /proc/diskstats, its process's CPU, its datadir's free space. Two checks used to
// disagree (an exact match refused "db1" against "db1.example.com", which the other
// accepted), so the space check and the device metrics could each believe the opposite.
package hostname

import "strings"

// Same reports whether the server's host name (SELECT @@hostname) and this machine's
// (os.Hostname) name one host. Case and a trailing root dot do not count. A short name
// matches any name whose first label it is ("db1" and "db1.example.com": distributions
// set the kernel's host name with or without the domain, and MySQL reports the kernel's
// as it is); two fully qualified names must be equal ("db1.a.com" is not "db1.b.com").
// An empty name matches nothing: an unknown host is not this one.
func Same(server, local string) bool {
	a := strings.ToLower(strings.TrimSuffix(strings.TrimSpace(server), "."))
	b := strings.ToLower(strings.TrimSuffix(strings.TrimSpace(local), "."))
	if a == "" || b == "" {
		return false
	}
	if a == b {
		return true
	}
	if strings.Contains(a, ".") && strings.Contains(b, ".") {
		return false
	}
	shortA, _, _ := strings.Cut(a, ".")
	shortB, _, _ := strings.Cut(b, ".")
	return shortA == shortB
}
