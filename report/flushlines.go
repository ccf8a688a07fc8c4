package report

import (
	"fmt"

	"github.com/dumpscope/dumpscope/advisor"
	"github.com/dumpscope/dumpscope/runrecord"
)

// flushLines are the checkpoint-age chart's reference lines for the server that ran:
// InnoDB's async point (7/8 everywhere) and its sync point, which is 15/16 on MySQL,
// Percona and MariaDB < 10.5 but the maximum itself on MariaDB ≥ 10.5
// (advisor.FlushPoints). A MariaDB chart with MySQL's 15/16 line showed a sync point the
// server does not have.
func flushLines(rec *runrecord.Record) []hline {
	flavor, v, _ := advisor.DetectFlavor(rec.Server.Version, "")
	if rec.Server.Flavor != "" && flavor != advisor.FlavorMariaDB {
		flavor = rec.Server.Flavor
	}
	async, sync := advisor.FlushPoints(flavor, v)
	lines := []hline{{100 * async, "7/8: aggressive (async) flushing", true}}
	if sync >= 1 {
		return append(lines, hline{100 * sync, "the maximum: sync flushing (MariaDB ≥ 10.5)", false})
	}
	return append(lines, hline{100 * sync, fmt.Sprintf("15/16: sync flushing (%s)", flavorName(flavor)), false})
}

func flavorName(flavor string) string {
	switch flavor {
	case advisor.FlavorMariaDB:
		return "MariaDB < 10.5"
	case advisor.FlavorPercona:
		return "Percona Server"
	}
	return "MySQL"
}
