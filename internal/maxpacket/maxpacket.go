// Package maxpacket is what max_allowed_packet means for a dump's statements, for the
// three places that speak of it: the importer, which refuses a statement the server
// would reject with ER_NET_PACKET_TOO_LARGE (1153) before sending it; the
// max-allowed-packet rule, which warns before the restore reaches it; and split, which
// prints the setting a dump needs. They used to compute it three times, and the rule
// let through the statement exactly max_allowed_packet bytes long that the importer
// (rightly) refused: it forgot the command byte.
//
// The server compares max_allowed_packet with a packet's payload: for a statement,
// COM_QUERY's command byte plus the SQL (the 4-byte packet header is not counted;
// MariaDB sql/sql_parse.cc, MySQL "Replication and max_allowed_packet"). It rounds the
// setting down to a multiple of 1024 and accepts at most 1 GiB.
package maxpacket

const (
	// CommandBytes is what a COM_QUERY payload carries besides the SQL: the command byte.
	CommandBytes = 1
	// StepBytes is the multiple the server rounds max_allowed_packet down to.
	StepBytes = 1024
	// LimitBytes is the largest max_allowed_packet any server accepts (1 GiB).
	LimitBytes = 1 << 30

	mib = 1 << 20
)

// Fits reports whether a statement of sqlBytes passes a server whose max_allowed_packet
// is settingBytes.
func Fits(sqlBytes, settingBytes int64) bool { return sqlBytes+CommandBytes <= settingBytes }

// Needed is the smallest max_allowed_packet that lets a statement of sqlBytes through:
// its payload rounded up to the server's step. It may exceed LimitBytes, which no server
// accepts.
func Needed(sqlBytes int64) int64 {
	return (sqlBytes + CommandBytes + StepBytes - 1) / StepBytes * StepBytes
}

// Advised is the max_allowed_packet dumpscope recommends for a dump whose largest
// statement is sqlBytes: 1 MiB of room above it (a statement re-made by a later dump of
// the same data is rarely the same size), rounded up to a power-of-two MiB that reads
// well in my.cnf (64M, 128M), and at most LimitBytes. Above LimitBytes - 1 MiB no
// setting is enough with room to spare: callers say to re-create the dump with smaller
// statements when !Fits(sqlBytes, LimitBytes).
func Advised(sqlBytes int64) int64 {
	want := sqlBytes + CommandBytes + mib
	n := int64(mib)
	for n < want && n < LimitBytes {
		n *= 2
	}
	return n
}
