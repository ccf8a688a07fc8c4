package replay

import (
	"context"
	"fmt"
	"strings"

	"github.com/dumpscope/dumpscope/importer/sqlscan"
)

// keySession is the session state a CREATE TABLE's held-back key definitions were read
// under: the character set their bytes are in (names, COMMENT text) and the sql_mode that
// reads their strings (NO_BACKSLASH_ESCAPES). The ALTER TABLE … ADD KEY that adds them
// runs under it, whatever the dump has set by then (a later SET NAMES latin1 read `clé`
// as `clÃ©`, or ERROR 1072; TestReviewX7DeferredKeysLaterSession). A resume reads it
// again at the skipped CREATE, where the control connection has replayed the dump's
// session statements before it (TestReviewX7DeferredKeysLaterSessionResume).
type keySession struct {
	known                                       bool
	sqlMode, charsetClient, collationConnection string
}

// keySessionQuery reads a keySession's values on a connection.
const keySessionQuery = "SELECT @@SESSION.sql_mode, @@SESSION.character_set_client, @@SESSION.collation_connection"

// readKeySession reads c's keySession.
func readKeySession(ctx context.Context, c Conn) (keySession, error) {
	var s keySession
	if err := c.QueryRowContext(ctx, keySessionQuery).Scan(&s.sqlMode, &s.charsetClient, &s.collationConnection); err != nil {
		return s, fmt.Errorf("--defer-indexes: read the session's sql_mode and character set: %w", err)
	}
	s.known = true
	return s, nil
}

// setKeySession sets s on c.
func setKeySession(ctx context.Context, c Conn, s keySession) error {
	for _, v := range []string{s.sqlMode, s.charsetClient, s.collationConnection} {
		if strings.ContainsAny(v, `'\`) {
			return fmt.Errorf("--defer-indexes: unexpected session value %q", v)
		}
	}
	q := "SET SESSION sql_mode = '" + s.sqlMode + "', character_set_client = '" + s.charsetClient + "', collation_connection = '" + s.collationConnection + "'"
	if _, err := c.ExecContext(ctx, q); err != nil {
		return fmt.Errorf("--defer-indexes: %s: %w", q, err)
	}
	return nil
}

// underKeySession runs f on c under want (when known), putting c's own session back after.
func underKeySession(ctx context.Context, c Conn, want keySession, f func() error) error {
	if !want.known {
		return f()
	}
	cur, err := readKeySession(ctx, c)
	if err != nil {
		return err
	}
	if cur == want {
		return f()
	}
	if err := setKeySession(ctx, c, want); err != nil {
		return err
	}
	ferr := f()
	if err := setKeySession(ctx, c, cur); err != nil && ferr == nil {
		return err
	}
	return ferr
}

// foreignRefs returns what the FOREIGN KEYs of a CREATE TABLE reference.
func foreignRefs(q []byte, syn sqlscan.Syntax) []foreignRef {
	defs, _ := tableDefinitions(q, syn)
	var refs []foreignRef
	for _, d := range defs {
		if _, _, _, ref := classifyDefinition(q[d[0]:d[1]], syn); ref.table != "" {
			refs = append(refs, ref)
		}
	}
	return refs
}
