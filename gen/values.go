package gen

import (
	"math/bits"
	"strconv"
	"time"
)

// rng is wyrand: one add and one 64×64→128 multiply per value, good enough statistically
// for test data and several times faster than math/rand/v2's sources in this loop.
// Deterministic for a seed; not safe for concurrent use.
type rng struct{ s uint64 }

func newRNG(seed int64, stream string) *rng {
	// Mix the stream name in so every table has its own sequence: one table's row count
	// does not shift another table's values.
	h := uint64(seed) ^ 0x9e3779b97f4a7c15
	for i := 0; i < len(stream); i++ {
		h = (h ^ uint64(stream[i])) * 0x100000001b3
	}
	r := &rng{s: h}
	r.next()
	return r
}

func (r *rng) next() uint64 {
	r.s += 0xa0761d6478bd642f
	hi, lo := bits.Mul64(r.s, r.s^0xe7037ed1a0b428db)
	return hi ^ lo
}

// intn returns a uniform value in [0, n) (Lemire's multiply-shift, bias below 2^-64·n).
func (r *rng) intn(n int64) int64 {
	hi, _ := bits.Mul64(r.next(), uint64(n))
	return int64(hi)
}

// between returns a uniform value in [lo, hi].
func (r *rng) between(lo, hi int64) int64 { return lo + r.intn(hi-lo+1) }

// percent reports true with probability p/100.
func (r *rng) percent(p int64) bool { return r.intn(100) < p }

// appendDigits appends n uniform decimal digits. Each multiply by 10 moves the next digit
// of the 64-bit fraction into the high word, so one random value yields 11 digits (the
// low-order digits of a 64-bit fraction are still uniform enough at 11).
func (r *rng) appendDigits(dst []byte, n int) []byte {
	for n > 0 {
		x := r.next()
		m := min(n, 11)
		for range m {
			var d uint64
			d, x = bits.Mul64(x, 10)
			dst = append(dst, byte('0'+d))
		}
		n -= m
	}
	return dst
}

// escapeByte (read-only) marks the bytes mysql_real_escape_string rewrites. MariaDB's mariadb-dump
// escapes byte by byte over a utf8mb4 connection, also for BLOB columns without
// --hex-blob: invalid UTF-8 and high bytes pass through raw (checked against 10.11).
var escapeByte = [256]byte{0: '0', '\n': 'n', '\r': 'r', '\\': '\\', '\'': '\'', '"': '"', 0x1a: 'Z'}

// appendQuoted appends s as a single-quoted SQL string literal, escaped exactly as
// mariadb-dump writes it: \0 \n \r \\ \' \" \Z, everything else (tabs, UTF-8, raw bytes
// 0x01–0xFF) verbatim.
func appendQuoted[S string | []byte](dst []byte, s S) []byte {
	dst = append(dst, '\'')
	start := 0
	for i := 0; i < len(s); i++ {
		if e := escapeByte[s[i]]; e != 0 {
			dst = append(dst, s[start:i]...)
			dst = append(dst, '\\', e)
			start = i + 1
		}
	}
	dst = append(dst, s[start:]...)
	return append(dst, '\'')
}

// appendCents appends a DECIMAL(…,2) value given in hundredths, as the server prints it.
func appendCents(dst []byte, cents int64) []byte {
	if cents < 0 {
		dst = append(dst, '-')
		cents = -cents
	}
	dst = strconv.AppendInt(dst, cents/100, 10)
	frac := cents % 100
	return append(dst, '.', byte('0'+frac/10), byte('0'+frac%10))
}

// appendFixed appends v/10^scale with exactly scale decimals (DECIMAL(p,scale) output).
func appendFixed(dst []byte, v int64, scale int) []byte {
	p := int64(1)
	for range scale {
		p *= 10
	}
	dst = strconv.AppendInt(dst, v/p, 10)
	dst = append(dst, '.')
	frac := strconv.AppendInt(nil, v%p+p, 10) // leading 1 keeps the zeros
	return append(dst, frac[1:]...)
}

// Datetimes are generated as seconds since the epoch, UTC (the dump sets TIME_ZONE='+00:00',
// so TIMESTAMP columns print in UTC too).
const (
	epoch2016 = 1451606400 // 2016-01-01 00:00:00 UTC
	epoch2026 = 1767225600 // 2026-01-01 00:00:00 UTC
)

func append2(dst []byte, v int) []byte { return append(dst, byte('0'+v/10), byte('0'+v%10)) }

// appendDatetime appends 'YYYY-MM-DD HH:MM:SS' (quoted), plus .ffffff when micros ≥ 0.
func appendDatetime(dst []byte, unixSec int64, micros int64) []byte {
	t := time.Unix(unixSec, 0).UTC()
	y, mo, d := t.Date()
	h, mi, s := t.Clock()
	dst = append(dst, '\'')
	dst = strconv.AppendInt(dst, int64(y), 10)
	dst = append(dst, '-')
	dst = append2(dst, int(mo))
	dst = append(dst, '-')
	dst = append2(dst, d)
	dst = append(dst, ' ')
	dst = append2(dst, h)
	dst = append(dst, ':')
	dst = append2(dst, mi)
	dst = append(dst, ':')
	dst = append2(dst, s)
	if micros >= 0 {
		dst = append(dst, '.')
		m := strconv.AppendInt(nil, micros+1000000, 10)
		dst = append(dst, m[1:]...)
	}
	return append(dst, '\'')
}

// appendDate appends 'YYYY-MM-DD' for the given day since 1970-01-01.
func appendDate(dst []byte, day int64) []byte {
	dt := appendDatetime(nil, day*86400, -1)
	dst = append(dst, dt[:11]...) // the opening quote and the date
	return append(dst, '\'')
}

// appendQuarter appends q/4 as the server prints a FLOAT holding it: shortest form
// (0.25, 3, 12.5). Quarters are exact in binary, so the value and its text round-trip.
func appendQuarter(dst []byte, q int64) []byte {
	return strconv.AppendFloat(dst, float64(q)/4, 'f', -1, 32)
}
