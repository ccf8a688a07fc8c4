package rules

import "github.com/dumpscope/dumpscope/advisor"

// Default returns every rule, in the order findings of the same tick are reported:
// the restore-stopping one first, then redo and device causes, then settings, then CPU.
func Default() []advisor.Rule {
	return []advisor.Rule{
		MaxAllowedPacket{},
		DiskFilling{},
		RedoLogTooSmall{},
		SyncWriteLatency{},
		FlushLogAtTrxCommit{},
		AutocommitPerRow{},
		BinlogDuringImport{},
		DoublewriteDuringImport{},
		IOCapacityLow{},
		FlushNeighborsOnSSD{},
		BufferPoolSmall{},
		LogBufferWaits{},
		FlushMethod{},
		RotationalDevice{},
		ClientCPUBound{},
		ServerCPUBound{},
		SerialReplayIdleCores{},
	}
}
