//go:build !amd64

package bytescan

func index(b []byte, c1, c2, m, v byte) int { return indexGeneric(b, c1, c2, m, v) }
