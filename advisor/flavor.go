package advisor

import (
	"fmt"
	"strconv"
	"strings"
)

// Server flavours as recorded in ServerInfo.Flavor and the run record's server.flavor.
const (
	FlavorMySQL   = "mysql"
	FlavorMariaDB = "mariadb"
	FlavorPercona = "percona"
)

// Version is a server's numeric release, e.g. 8.0.32 or 10.11.6.
type Version struct {
	Major, Minor, Patch int
}

func (v Version) String() string { return fmt.Sprintf("%d.%d.%d", v.Major, v.Minor, v.Patch) }

// AtLeast reports whether v ≥ major.minor.patch.
func (v Version) AtLeast(major, minor, patch int) bool {
	if v.Major != major {
		return v.Major > major
	}
	if v.Minor != minor {
		return v.Minor > minor
	}
	return v.Patch >= patch
}

// DetectFlavor reads the flavour and release from @@version and @@version_comment.
// MariaDB says "-MariaDB" in @@version ("10.11.6-MariaDB-0+deb12u1"; 5.5-era builds
// under replication prefix it with "5.5.5-", which is skipped). Percona Server says
// "Percona" in @@version_comment ("Percona Server (GPL), Release 24, Revision …");
// everything else is treated as MySQL.
func DetectFlavor(version, versionComment string) (flavor string, v Version, err error) {
	flavor = FlavorMySQL
	switch {
	case strings.Contains(strings.ToLower(version), "mariadb"):
		flavor = FlavorMariaDB
		version = strings.TrimPrefix(version, "5.5.5-")
	case strings.Contains(strings.ToLower(versionComment), "percona"):
		flavor = FlavorPercona
	}
	v, err = parseVersion(version)
	if err != nil {
		return flavor, v, fmt.Errorf("@@version %q: %w", version, err)
	}
	return flavor, v, nil
}

// parseVersion reads the leading "X.Y.Z" of a version string, ignoring any suffix.
func parseVersion(s string) (Version, error) {
	var parts [3]int
	rest := s
	for i := range parts {
		n := 0
		for n < len(rest) && rest[n] >= '0' && rest[n] <= '9' {
			n++
		}
		if n == 0 {
			if i >= 2 { // "8.0" without a patch level
				break
			}
			return Version{}, fmt.Errorf("no numeric release")
		}
		parts[i], _ = strconv.Atoi(rest[:n])
		rest = rest[n:]
		if i < 2 {
			if !strings.HasPrefix(rest, ".") {
				break
			}
			rest = rest[1:]
		}
	}
	return Version{parts[0], parts[1], parts[2]}, nil
}

// RedoSource says where a flavour/version exposes its LSN and checkpoint.
type RedoSource string

const (
	// RedoFromCheckpointAgeStatus: Innodb_checkpoint_age (and usually
	// Innodb_checkpoint_max_age) plus Innodb_lsn_current / Innodb_lsn_last_checkpoint in
	// SHOW GLOBAL STATUS — MariaDB and Percona Server (XtraDB heritage).
	RedoFromCheckpointAgeStatus RedoSource = "status-checkpoint-age"
	// RedoFromRedoLSNStatus: Innodb_redo_log_current_lsn − Innodb_redo_log_checkpoint_lsn
	// (MySQL ≥ 8.0.30).
	RedoFromRedoLSNStatus RedoSource = "status-redo-lsn"
	// RedoFromEngineStatus: the LOG section of SHOW ENGINE INNODB STATUS ("Log sequence
	// number", "Last checkpoint at") — MySQL 5.7 and 8.0 before 8.0.30.
	RedoFromEngineStatus RedoSource = "engine-innodb-status"
)

// Capabilities is what one flavour/version offers the sampler and the rules. It is a
// table, not a guess: the sampler still falls back at run time when a counter the table
// promises is absent (Percona 8.0 builds without Innodb_checkpoint_max_age).
type Capabilities struct {
	Redo RedoSource
	// MaxCheckpointAgeStatus: Innodb_checkpoint_max_age is in SHOW GLOBAL STATUS.
	MaxCheckpointAgeStatus bool
	// RedoCapacityVariable is "innodb_redo_log_capacity" (MySQL/Percona ≥ 8.0.30) or
	// "innodb_log_file_size" (multiplied by innodb_log_files_in_group where
	// LogFilesInGroup).
	RedoCapacityVariable string
	// LogFilesInGroup: innodb_log_files_in_group multiplies the file size. MariaDB 10.5
	// writes one redo file whatever the variable says (it was deprecated in 10.5 and
	// removed in 10.6).
	LogFilesInGroup bool
	// RedoCapacityDynamic: the redo size can change without a restart
	// (innodb_redo_log_capacity in MySQL ≥ 8.0.30; innodb_log_file_size in MariaDB ≥ 10.9).
	RedoCapacityDynamic bool
	// NeedsEngineStatus: SHOW ENGINE INNODB STATUS must be read every tick.
	NeedsEngineStatus bool
	// RedoLogStatusCounters: the Innodb_redo_log_* family (MySQL/Percona ≥ 8.0.30).
	RedoLogStatusCounters bool
	// SkipsNeighborFlushOnSSD: MariaDB ≥ 10.4.4 (MDEV-17380) ignores innodb_flush_neighbors for
	// non-rotational devices, so advising to turn it off there has no effect.
	SkipsNeighborFlushOnSSD bool
	// DoublewriteDynamic: innodb_doublewrite can be changed with SET GLOBAL
	// (MySQL ≥ 8.0.30 between ON/DETECT_ONLY-family values, MariaDB ≥ 11.4 fast modes).
	DoublewriteDynamic bool
	// RedoLogDisable: ALTER INSTANCE DISABLE INNODB REDO_LOG exists (MySQL ≥ 8.0.21).
	RedoLogDisable bool
}

// CapabilitiesFor returns the capability table row for a flavour and release.
//
//	flavour/release        redo source                 max age         capacity
//	MySQL 5.7              engine status LOG section   derived         log_file_size × files_in_group
//	MySQL 8.0 < 8.0.30     engine status LOG section   derived         log_file_size × files_in_group
//	MySQL ≥ 8.0.30, 8.4, 9 Innodb_redo_log_*_lsn       derived         innodb_redo_log_capacity
//	MariaDB 10.x < 10.5    Innodb_checkpoint_age       status          log_file_size × files_in_group
//	MariaDB ≥ 10.5, 11.x   Innodb_checkpoint_age       status          innodb_log_file_size (one file)
//	Percona 5.7, 8.0       Innodb_checkpoint_age       status (some 8.0 builds lack it: derived)
//	Percona ≥ 8.0.30       as 8.0, plus Innodb_redo_log_*; capacity innodb_redo_log_capacity
func CapabilitiesFor(flavor string, v Version) Capabilities {
	switch flavor {
	case FlavorMariaDB:
		return Capabilities{
			Redo:                    RedoFromCheckpointAgeStatus,
			MaxCheckpointAgeStatus:  true,
			RedoCapacityVariable:    "innodb_log_file_size",
			LogFilesInGroup:         !v.AtLeast(10, 5, 0),
			RedoCapacityDynamic:     v.AtLeast(10, 9, 0),
			SkipsNeighborFlushOnSSD: v.AtLeast(10, 4, 4),
			DoublewriteDynamic:      v.AtLeast(11, 4, 0),
		}
	case FlavorPercona:
		c := Capabilities{
			Redo:                   RedoFromCheckpointAgeStatus,
			MaxCheckpointAgeStatus: true,
			RedoCapacityVariable:   "innodb_log_file_size",
			LogFilesInGroup:        true,
			RedoLogDisable:         v.AtLeast(8, 0, 21),
		}
		if v.AtLeast(8, 0, 30) {
			c.RedoCapacityVariable = "innodb_redo_log_capacity"
			c.LogFilesInGroup = false
			c.RedoCapacityDynamic = true
			c.RedoLogStatusCounters = true
			c.DoublewriteDynamic = true
		}
		return c
	default:
		c := Capabilities{
			Redo:                 RedoFromEngineStatus,
			RedoCapacityVariable: "innodb_log_file_size",
			LogFilesInGroup:      true,
			NeedsEngineStatus:    true,
			RedoLogDisable:       v.AtLeast(8, 0, 21),
		}
		if v.AtLeast(8, 0, 30) {
			c.Redo = RedoFromRedoLSNStatus
			c.RedoCapacityVariable = "innodb_redo_log_capacity"
			c.LogFilesInGroup = false
			c.RedoCapacityDynamic = true
			c.NeedsEngineStatus = false
			c.RedoLogStatusCounters = true
			c.DoublewriteDynamic = true
		}
		return c
	}
}

// InnoDB constants the derivations below use (storage/innobase/include/log0log.h,
// log0types.h). Page size is innodb_page_size, 16 KiB by default.
const (
	logFileHeaderBytes5x   = 2048  // LOG_FILE_HDR_SIZE, MySQL 5.7/8.0 and MariaDB < 10.8
	logFileHeaderBytes108  = 12288 // log_t::START_OFFSET, MariaDB ≥ 10.8
	logBlockBytes          = 512   // OS_FILE_LOG_BLOCK_SIZE
	freePerThreadPages     = 4     // LOG_CHECKPOINT_FREE_PER_THREAD
	extraFreePages         = 8     // LOG_CHECKPOINT_EXTRA_FREE
	mariaDBMarginPages     = 48    // log_t::set_capacity: 48 pages of headroom
	mysql8030LogFiles      = 32    // LOG_N_FILES
	mysql8030WriterMargin  = 0.05  // LOG_EXTRA_WRITER_MARGIN_PCT / 100
	mysql8030NextFileEarly = 0.10  // LOG_NEXT_FILE_EARLIER_MARGIN / 100
)

// RedoCapacityBytes is the redo capacity from the server's variables (names lower-case),
// 0 when the variables are missing.
func RedoCapacityBytes(c Capabilities, vars map[string]string) int64 {
	size, err := strconv.ParseInt(vars[c.RedoCapacityVariable], 10, 64)
	if err != nil || size <= 0 {
		return 0
	}
	if !c.LogFilesInGroup {
		return size
	}
	files, err := strconv.ParseInt(vars["innodb_log_files_in_group"], 10, 64)
	if err != nil || files <= 0 {
		files = 2 // the default of every version that has the variable
	}
	return size * files
}

// MaxCheckpointAgeBytes derives InnoDB's maximum checkpoint age — the redo distance at
// which user threads stop and wait for a checkpoint — for servers that do not report it
// (MySQL, some Percona 8.0 builds). It returns 0 for an unknown capacity. capacityBytes
// is the total over logFiles files (1 for MariaDB ≥ 10.5 and MySQL ≥ 8.0.30, where it is
// ignored); pageBytes is innodb_page_size; threadConcurrency is innodb_thread_concurrency.
//
// MySQL 5.7 (log0log.cc log_calc_max_ages) and XtraDB/Percona 5.x:
//
//	capacity  = files × (file_size − 2048)          (LOG_FILE_HDR_SIZE per file)
//	capacity −= capacity / 10                        ("add extra safety")
//	free      = 4 pages × (10 + thread_concurrency) + 8 pages
//	margin    = capacity − free;  margin −= margin / 10
//	max_checkpoint_age = margin
//
// This reproduces "Max checkpoint age 7782360" of the Percona 5.5.20 capture exactly
// (2 × 5 MiB files, 16 KiB pages, concurrency 0).
//
// MariaDB ≥ 10.5 (log0log.cc log_t::set_capacity): one file, header 2048 bytes (12288
// from 10.8), capacity −= capacity/10, margin = capacity − 48 pages, margin −= margin/10.
// For a 4 MiB file on 10.11 that is 2679645 bytes, which is what Innodb_checkpoint_max_age
// reports (DESIGN.md: "≈ 2.7 MB for a 4 MB log").
//
// MySQL 8.0.11–8.0.29 (log0chkp.cc log_calc_max_ages + log_get_free_check_capacity):
//
//	real     = files × file_size − 2048 × files
//	writer   = real − min(real/10, 256 × 4 pages)
//	freeChk  = writer − writer × 5 %                 (extra_margin)
//	conc     = 4 pages × (10 + thread_concurrency) + 8 pages + writer × 5 %
//	max age  = freeChk − conc
//
// MySQL ≥ 8.0.30 (log0files_capacity.cc hard_logical_capacity_for_physical): the hard
// logical capacity is capacity × 30/32 − 31 × 2048 − 10 % of one 1/32 file; the soft
// capacity is 95 % of that, and threads stop at soft − conc (conc as above, 5 % of soft).
// The Percona 8.0.32 capture (capacity 10 MiB) prints 7945216; this gives 7.99 MB, 0.7 %
// off (the omitted LOG_EXTRA_SAFETY_MARGIN and rounding).
func MaxCheckpointAgeBytes(flavor string, v Version, capacityBytes, logFiles, pageBytes, threadConcurrency int64) int64 {
	if capacityBytes <= 0 {
		return 0
	}
	if logFiles <= 0 {
		logFiles = 1
	}
	if pageBytes <= 0 {
		pageBytes = 16384
	}
	conc := freePerThreadPages*pageBytes*(10+threadConcurrency) + extraFreePages*pageBytes
	switch {
	case flavor == FlavorMariaDB && v.AtLeast(10, 5, 0):
		hdr := int64(logFileHeaderBytes5x)
		if v.AtLeast(10, 8, 0) {
			hdr = logFileHeaderBytes108
		}
		c := capacityBytes - hdr
		c -= c / 10
		m := c - mariaDBMarginPages*pageBytes
		m -= m / 10
		return max(m, 0)
	case flavor != FlavorMariaDB && v.AtLeast(8, 0, 30):
		fileBytes := capacityBytes / mysql8030LogFiles
		hard := capacityBytes*(mysql8030LogFiles-2)/mysql8030LogFiles -
			(mysql8030LogFiles-1)*logFileHeaderBytes5x -
			int64(mysql8030NextFileEarly*float64(fileBytes))
		soft := int64(float64(hard) * (1 - mysql8030WriterMargin))
		conc += int64(mysql8030WriterMargin * float64(soft))
		return max(alignDown(soft-conc, logBlockBytes), 0)
	case flavor == FlavorMySQL && v.AtLeast(8, 0, 0):
		real := capacityBytes - logFiles*logFileHeaderBytes5x
		writer := real - min(real/10, 256*freePerThreadPages*pageBytes)
		writer = alignDown(writer, logBlockBytes)
		extra := alignDown(int64(float64(writer)*mysql8030WriterMargin), logBlockBytes)
		conc += alignDown(int64(float64(writer)*mysql8030WriterMargin), logBlockBytes)
		return max(alignDown(writer-extra-conc, logBlockBytes), 0)
	default:
		// MySQL 5.7, Percona 5.x/8.0 < 8.0.30 (XtraDB-style), MariaDB < 10.5.
		c := capacityBytes - logFiles*logFileHeaderBytes5x
		c -= c / 10
		m := c - conc
		m -= m / 10
		return max(m, 0)
	}
}

func alignDown(n, a int64) int64 { return n - n%a }

// MaxCheckpointAgeFromVariables is MaxCheckpointAgeBytes with its inputs taken from the
// server's variables (names lower-case): innodb_log_files_in_group where the version has
// it (2 when unset), innodb_page_size and innodb_thread_concurrency. The sampler, the redo
// rules and the dashboard derive the maximum this one way for servers whose status does
// not report it.
func MaxCheckpointAgeFromVariables(flavor string, v Version, c Capabilities, capacityBytes int64, vars map[string]string) int64 {
	files := int64(1)
	if c.LogFilesInGroup {
		if files = variableInt(vars, "innodb_log_files_in_group"); files <= 0 {
			files = 2
		}
	}
	return MaxCheckpointAgeBytes(flavor, v, capacityBytes, files, variableInt(vars, "innodb_page_size"), variableInt(vars, "innodb_thread_concurrency"))
}

// variableInt reads an integer variable (0 when missing or not a number; a value written
// as a float, 1e3, is taken whole).
func variableInt(vars map[string]string, name string) int64 {
	s := strings.TrimSpace(vars[name])
	if n, err := strconv.ParseInt(s, 10, 64); err == nil {
		return n
	}
	f, _ := strconv.ParseFloat(s, 64)
	return int64(f)
}
