package checkpoint

import (
	"context"
	"encoding/hex"
	"fmt"
	"slices"
	"strings"

	"github.com/dumpscope/dumpscope/importer/sqlscan"
)

// The session's character set. The intents compare and send table names on the dump's
// own connection, whose character_set_client and character_set_results are whatever the
// dump last set (SET NAMES latin1, SET CHARACTER SET sjis). The catalog of
// non-transactional tables, the intent rows and the names CHECKSUM TABLE is sent are
// therefore kept in UTF-8 whatever the session has, and a key read from the dump's text
// is converted from the session's character set before it is compared (difffuzz seed
// 80106). Each costs round trips only where a name is not ASCII: one to read the
// session's character set, and where it is not UTF-8, one per name converted and two
// SETs around CHECKSUM TABLE.

// utf8Hex is s, made valid UTF-8 (names of the catalog are), in hexadecimal.
func utf8Hex(s string) string { return hex.EncodeToString([]byte(strings.ToValidUTF8(s, "?"))) }

// hexOf is s in hexadecimal, for CONVERT(UNHEX(?) USING utf8mb4): a UTF-8 name sent as
// itself whatever the session's character_set_client.
func hexOf(s string) string { return hex.EncodeToString([]byte(s)) }

// unhex reads back a column read as HEX(…) (utf8Hex's counterpart).
func unhex(s string) (string, error) {
	b, err := hex.DecodeString(s)
	return string(b), err
}

// clientCharset is the session's character_set_client, checked to be a plain name (it
// is sent back in a SET).
func clientCharset(ctx context.Context, c Conn) (string, error) {
	var cs string
	if err := c.QueryRowContext(ctx, "SELECT @@SESSION.character_set_client").Scan(&cs); err != nil {
		return "", fmt.Errorf("read character_set_client: %w", err)
	}
	for _, r := range cs {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_') {
			return "", fmt.Errorf("character_set_client %q is not a character set name", cs)
		}
	}
	return cs, nil
}

// utf8Charset reports whether text in the character set cs is UTF-8 byte for byte.
func utf8Charset(cs string) bool {
	switch strings.ToLower(cs) {
	case "utf8mb4", "utf8mb3", "utf8":
		return true
	}
	return false
}

// serverKeys is keys (sqlscan.TableKey, read from the dump's text in the session's
// character_set_client) as the server names the tables, in UTF-8 like the catalog
// (readNonTransactional): a key that is not ASCII, under a session that is not UTF-8
// (SET NAMES latin1 names Ñ with the byte D1), is converted by the server from that
// character set, as its parser converts the names of a statement. Keys all ASCII, or a
// UTF-8 session: keys as they are, no round trip.
func serverKeys(ctx context.Context, c Conn, keys []string) ([]string, error) {
	if !slices.ContainsFunc(keys, func(k string) bool { return !sqlscan.IsASCII(k) }) {
		return keys, nil
	}
	cs, err := clientCharset(ctx, c)
	if err != nil || utf8Charset(cs) {
		return keys, err
	}
	out := make([]string, len(keys))
	for i, k := range keys {
		if sqlscan.IsASCII(k) {
			out[i] = k
			continue
		}
		db, name := sqlscan.TableKey(k).Names()
		if db, err = convertUTF8(ctx, c, cs, db); err != nil {
			return nil, err
		}
		if name, err = convertUTF8(ctx, c, cs, name); err != nil {
			return nil, err
		}
		out[i] = string(sqlscan.TableKeyOf(db, name))
	}
	return out, nil
}

// convertUTF8 is s, text in the character set cs, in UTF-8, as the server converts it.
func convertUTF8(ctx context.Context, c Conn, cs, s string) (string, error) {
	if sqlscan.IsASCII(s) || utf8Charset(cs) {
		return s, nil
	}
	var h string
	if err := c.QueryRowContext(ctx, "SELECT HEX(CONVERT(CONVERT(UNHEX(?) USING "+cs+") USING utf8mb4))", hexOf(s)).Scan(&h); err != nil {
		return "", fmt.Errorf("read the name %s in character set %s: %w", s, cs, err)
	}
	return unhex(h)
}

// sessionUTF8 is s, text of the dump in the session's character_set_client, in UTF-8
// (serverKeys).
func sessionUTF8(ctx context.Context, c Conn, s string) (string, error) {
	if sqlscan.IsASCII(s) {
		return s, nil
	}
	cs, err := clientCharset(ctx, c)
	if err != nil {
		return "", err
	}
	return convertUTF8(ctx, c, cs, s)
}
