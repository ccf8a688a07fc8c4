package importer

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
)

type compatMapper struct {
	flavor   string
	skipGTID bool
	gtidWhy  string
}

func newCompatMapper(flavor, gtid string, skipGTID bool) (compatMapper, error) {
	switch flavor {
	case "", "mariadb":
	default:
		return compatMapper{}, fmt.Errorf("--compat %q: the supported target is mariadb", flavor)
	}
	switch gtid {
	case "", "auto", "on", "off":
	default:
		return compatMapper{}, fmt.Errorf("--gtid-purged %q: expected auto, on or off", gtid)
	}
	return compatMapper{flavor: flavor, skipGTID: skipGTID || gtid == "off"}, nil
}

func (c *compatMapper) active() bool { return c.flavor != "" || c.skipGTID }

func (c *compatMapper) apply(t *Transform, st *Statement, q []byte) ([]byte, bool) {
	if c.skipGTID && st.Kind == KindSession && isGTIDPurged(q) {
		t.mapped(st, "SET @@GLOBAL.GTID_PURGED skipped (--gtid-purged)")
		return nil, true
	}
	return nil, false
}

// isGTIDPurged reports whether a SET statement assigns @@GLOBAL.GTID_PURGED.
func isGTIDPurged(q []byte) bool {
	return splitContainsFold(q, "gtid_purged")
}

// GTIDPurgedSkip decides --gtid-purged for a target: off always skips the dump's SET
// @@GLOBAL.GTID_PURGED, on never does, and auto skips it when the target cannot take it:
// it has no such variable (MariaDB: ERROR 1193), it has executed GTIDs of its own (ERROR
// 3546), or it is a member of a replication group (ERROR 3911).
func GTIDPurgedSkip(ctx context.Context, c Conn, policy string) (bool, error) {
	switch policy {
	case "off":
		return true, nil
	case "on":
		return false, nil
	}
	var executed sql.NullString
	if err := c.QueryRowContext(ctx, "SELECT @@GLOBAL.gtid_executed").Scan(&executed); err != nil {
		return true, nil // no gtid_executed: MariaDB, or GTIDs off; the SET would fail
	}
	if strings.TrimSpace(executed.String) != "" {
		return true, nil
	}
	var members int
	if err := c.QueryRowContext(ctx, "SELECT COUNT(*) FROM performance_schema.replication_group_members WHERE MEMBER_STATE = 'ONLINE'").Scan(&members); err == nil && members > 0 {
		return true, nil
	}
	return false, nil
}
