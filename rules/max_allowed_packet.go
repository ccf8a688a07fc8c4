package rules

import (
	"fmt"
	"strconv"

	"github.com/dumpscope/dumpscope/advisor"
	"github.com/dumpscope/dumpscope/internal/maxpacket"
)

// MaxAllowedPacket fires when the dump holds a statement larger than the server's
// max_allowed_packet: that statement will fail with ER_NET_PACKET_TOO_LARGE (1153) and
// the restore stops there, so it needs no window — it fires on the first tick.
type MaxAllowedPacket struct{}

func (MaxAllowedPacket) ID() string { return "max-allowed-packet" }

func (r MaxAllowedPacket) Check(env *advisor.Env, w advisor.Window) *advisor.Finding {
	if env.Dump == nil || env.Dump.LargestStatementBytes <= 0 {
		return nil
	}
	limit, ok := varInt(env, "max_allowed_packet")
	if !ok || maxpacket.Fits(env.Dump.LargestStatementBytes, limit) {
		return nil
	}
	target := maxpacket.Advised(env.Dump.LargestStatementBytes)
	s := serverOf(env)
	rec := recommend(s, []change{{name: "max_allowed_packet", value: cnfBytes(target), setValue: strconv.FormatInt(target, 10)}},
		"keep it; it only bounds one packet's size.")
	rec += " SET GLOBAL applies to new connections: reconnect (dumpscope does) or restart the mysql client with --max-allowed-packet=" + cnfBytes(target) + "."
	if !maxpacket.Fits(env.Dump.LargestStatementBytes, maxpacket.LimitBytes) {
		rec = "the largest statement exceeds 1 GiB, the most any server accepts: re-create the dump with smaller statements (mysqldump --net-buffer-length)."
	}
	return &advisor.Finding{
		Severity: advisor.SeverityCritical,
		Title: fmt.Sprintf("The dump's largest statement (%s) exceeds max_allowed_packet (%s): it will fail",
			cnfBytes(env.Dump.LargestStatementBytes), cnfBytes(limit)),
		Evidence: map[string]any{
			"largest_statement_bytes":  env.Dump.LargestStatementBytes,
			"max_allowed_packet_bytes": limit,
			"recommended_bytes":        target,
		},
		Recommendation: rec,
	}
}
