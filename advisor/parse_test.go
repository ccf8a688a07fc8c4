package advisor

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// capturesDir holds the shared, byte-for-byte captures (../shared/testdata/captures/
// SOURCES.md says where each came from). Tests read them in place.
const capturesDir = "../../shared/testdata/captures"

func readCapture(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(capturesDir, name))
	if errors.Is(err, os.ErrNotExist) {
		t.Skipf("capture %s not found under %s (the shared test data is not checked out)", name, capturesDir)
	}
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestParseEngineStatusCaptures: every innodb-status capture, with the values read off
// each file by hand.
func TestParseEngineStatusCaptures(t *testing.T) {
	p := ptr[int64]
	tests := []struct {
		file string
		want EngineStatus
	}{
		{"innodb-status-mariadb-10.5.8.txt", EngineStatus{LSN: 51756, LogFlushedLSN: 51756, PagesFlushedTo: p(45142), LastCheckpoint: 45130,
			BufferPoolPages: 8065, FreeBuffers: 7752, DatabasePages: 313, ModifiedPages: 162}},
		{"innodb-status-mariadb-10.7.3.txt", EngineStatus{LSN: 45630, LogFlushedLSN: 45494, PagesFlushedTo: p(42197), LastCheckpoint: 42185,
			BufferPoolPages: 8112, FreeBuffers: 7819, DatabasePages: 293, ModifiedPages: 26}},
		{"innodb-status-mysql-5.6.12.txt", EngineStatus{LSN: 1666626, LogFlushedLSN: 1666626, PagesFlushedTo: p(1666626), LastCheckpoint: 1666626,
			BufferPoolPages: 8191, FreeBuffers: 8002, DatabasePages: 189, ModifiedPages: 0}},
		{"innodb-status-mysql-5.7.34.txt", EngineStatus{LSN: 12672763, LogFlushedLSN: 12672763, PagesFlushedTo: p(12664791), LastCheckpoint: 12664782,
			BufferPoolPages: 8192, FreeBuffers: 7744, DatabasePages: 448, ModifiedPages: 58}},
		{"innodb-status-mysql-5.7.7.txt", EngineStatus{LSN: 2055430492, LogFlushedLSN: 2055430492, PagesFlushedTo: p(2055430492), LastCheckpoint: 2055430492,
			BufferPoolPages: 8191, FreeBuffers: 0, DatabasePages: 8129, ModifiedPages: 0}},
		{"innodb-status-mysql-8.0.12.txt", EngineStatus{LSN: 23102842, LogFlushedLSN: 23102842, PagesFlushedTo: p(22702156), LastCheckpoint: 22702156,
			BufferPoolPages: 8192, FreeBuffers: 7040, DatabasePages: 1147, ModifiedPages: 315}},
		{"innodb-status-mysql-8.1.0.txt", EngineStatus{LSN: 20847697, LogFlushedLSN: 20847697, PagesFlushedTo: p(19699957), LastCheckpoint: 19699957,
			BufferPoolPages: 4096, FreeBuffers: 2850, DatabasePages: 1242, ModifiedPages: 755}},
		{"innodb-status-mysql-9.2.0.txt", EngineStatus{LSN: 21228847, LogFlushedLSN: 21228599, PagesFlushedTo: p(20024923), LastCheckpoint: 20024923,
			BufferPoolPages: 4096, FreeBuffers: 2836, DatabasePages: 1260, ModifiedPages: 651}},
		{"innodb-status-percona-server-5.5.20-xtradb.txt", EngineStatus{LSN: 1687931, LogFlushedLSN: 1687931, LastCheckpoint: 1687931,
			MaxCheckpointAge: p(7782360), CheckpointAge: p(0),
			BufferPoolPages: 8191, FreeBuffers: 7985, DatabasePages: 206, ModifiedPages: 0}},
		{"innodb-status-percona-server-8.0.32-24.txt", EngineStatus{LSN: 32368884, LogFlushedLSN: 32368884, PagesFlushedTo: p(32298273), LastCheckpoint: 32298273,
			MaxCheckpointAge: p(7945216), CheckpointAge: p(70611),
			BufferPoolPages: 1023, FreeBuffers: 653, DatabasePages: 361, ModifiedPages: 113}},
	}
	seen := map[string]bool{}
	for _, tt := range tests {
		seen[tt.file] = true
		t.Run(tt.file, func(t *testing.T) {
			got, err := ParseEngineStatus(readCapture(t, tt.file))
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("ParseEngineStatus (-want +got):\n%s", diff)
			}
		})
	}
	// A new capture must get a row here.
	all, _ := filepath.Glob(filepath.Join(capturesDir, "innodb-status-*.txt"))
	for _, f := range all {
		if !seen[filepath.Base(f)] {
			t.Errorf("capture %s has no expected values in this table", filepath.Base(f))
		}
	}
}

// TestParseEngineStatusShapes covers shapes not among the captures: CRLF line ends, the
// pre-5.5 two-halves LSN, per-instance buffer pool sections that must not override the
// totals, and text that is not engine status at all.
func TestParseEngineStatusShapes(t *testing.T) {
	tests := []struct {
		name    string
		text    string
		want    EngineStatus
		wantErr error
	}{
		{
			name: "crlf",
			text: "---\r\nLOG\r\n---\r\nLog sequence number 100\r\nLast checkpoint at  90\r\n",
			want: EngineStatus{LSN: 100, LastCheckpoint: 90},
		},
		{
			name: "two halves",
			text: "LOG\n---\nLog sequence number 1 5\nLog flushed up to   1 5\nLast checkpoint at  0 7\n",
			want: EngineStatus{LSN: 1<<32 | 5, LogFlushedLSN: 1<<32 | 5, LastCheckpoint: 7},
		},
		{
			name: "individual pools ignored",
			text: "LOG\n---\nLog sequence number 10\nLast checkpoint at 9\n" +
				"----------------------\nBUFFER POOL AND MEMORY\n----------------------\n" +
				"Buffer pool size   200\nModified db pages  20\n" +
				"----------------------\nINDIVIDUAL BUFFER POOL INFO\n----------------------\n" +
				"---BUFFER POOL 0\nBuffer pool size   100\nModified db pages  15\n",
			want: EngineStatus{LSN: 10, LastCheckpoint: 9, BufferPoolPages: 200, ModifiedPages: 20},
		},
		{
			name:    "not engine status",
			text:    "Variable_name\tValue\nUptime\t3\n",
			wantErr: ErrNoLogSection,
		},
		{
			name:    "lsn outside LOG section",
			text:    "TRANSACTIONS\n------------\nLog sequence number 5\nLast checkpoint at 4\n",
			wantErr: ErrNoLogSection,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ParseEngineStatus(tt.text)
			if !errors.Is(err, tt.wantErr) {
				t.Fatalf("err = %v, want %v", err, tt.wantErr)
			}
			if err != nil {
				return
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// TestParseGlobalRowsCaptures: every global-status/variables capture, row count and
// a handful of values read off the files by hand.
func TestParseGlobalRowsCaptures(t *testing.T) {
	tests := []struct {
		file     string
		wantRows int
		want     map[string]string
	}{
		{"global-status-mysql-8.0.30.txt", 486, map[string]string{
			"Innodb_redo_log_current_lsn":    "31758453",
			"Innodb_redo_log_checkpoint_lsn": "31758453",
			"Innodb_redo_log_resize_status":  "OK",
			"Innodb_os_log_written":          "147968",
			"Innodb_buffer_pool_pages_total": "8192",
			"Uptime":                         "152",
		}},
		{"global-status-percona-server-8.0.29.txt", 529, map[string]string{
			"Innodb_checkpoint_age":          "0",
			"Innodb_checkpoint_max_age":      "80576000",
			"Innodb_lsn_current":             "31778525",
			"Innodb_buffer_pool_pages_dirty": "3",
			"Uptime":                         "1711",
		}},
		{"global-status-percona-server-8.0.32-24.txt", 539, map[string]string{
			"Innodb_checkpoint_age":            "70611",
			"Innodb_checkpoint_max_age":        "7945216",
			"Innodb_redo_log_current_lsn":      "32368884",
			"Innodb_redo_log_checkpoint_lsn":   "32298273",
			"Innodb_redo_log_capacity_resized": "10485760",
			"Binlog_snapshot_file":             "mysql-bin.000002",
			"Tls_library_version":              "OpenSSL 3.0.2 15 Mar 2022",
			"Uptime":                           "108232",
		}},
		{"global-variables-mysql-8.0.21-vertical.txt", 576, map[string]string{
			"innodb_log_file_size":           "50331648",
			"innodb_log_files_in_group":      "2",
			"innodb_flush_log_at_trx_commit": "1",
			"version":                        "8.0.21",
			"version_comment":                "MySQL Community Server - GPL",
			"admin_address":                  "",
			"wait_timeout":                   "28800",
		}},
		{"global-variables-percona-server-8.0.32-24.txt", 708, map[string]string{
			"innodb_log_file_size":      "5242880",
			"innodb_log_files_in_group": "2",
			"innodb_redo_log_capacity":  "104857600",
			"version":                   "8.0.32-24",
			"version_comment":           "Percona Server (GPL), Release 24, Revision e5c6e9d2",
			"admin_address":             "",
			"datadir":                   "/tmp/12345/data/",
			// pt-summary's own lines, space-separated
			"pt-summary-internal-current_time": "2023-07-12 17:25",
		}},
	}
	seen := map[string]bool{}
	for _, tt := range tests {
		seen[tt.file] = true
		t.Run(tt.file, func(t *testing.T) {
			rows, err := ParseGlobalRows(strings.NewReader(readCapture(t, tt.file)))
			if err != nil {
				t.Fatal(err)
			}
			if len(rows) != tt.wantRows {
				t.Errorf("rows = %d, want %d", len(rows), tt.wantRows)
			}
			got := map[string]string{}
			for k := range tt.want {
				if v, ok := rows[k]; ok {
					got[k] = v
				}
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
	all, _ := filepath.Glob(filepath.Join(capturesDir, "global-*.txt"))
	for _, f := range all {
		if !seen[filepath.Base(f)] {
			t.Errorf("capture %s has no expected values in this table", filepath.Base(f))
		}
	}
}

func TestParseGlobalRowsVerticalMultiline(t *testing.T) {
	in := "*************************** 1. row ***************************\n" +
		"Variable_name: key\n        Value: -----BEGIN\nabc\n-----END\n" +
		"*************************** 2. row ***************************\n" +
		"Variable_name: Uptime\n        Value: 7\n"
	got, err := ParseGlobalRows(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"key": "-----BEGIN\nabc\n-----END", "Uptime": "7"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

func TestNumericStatus(t *testing.T) {
	got := NumericStatus(map[string]string{"Uptime": "7", "Innodb_redo_log_enabled": "ON", "Ssl_version": "", "Load": "0.5"})
	want := map[string]float64{"Uptime": 7, "Load": 0.5}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

func TestDetectFlavor(t *testing.T) {
	tests := []struct {
		version, comment string
		flavor           string
		v                Version
	}{
		{"10.11.6-MariaDB-0+deb12u1", "Debian 12", FlavorMariaDB, Version{10, 11, 6}},
		{"5.5.5-10.5.8-MariaDB-1:10.5.8+maria~focal", "mariadb.org binary distribution", FlavorMariaDB, Version{10, 5, 8}},
		{"11.4.2-MariaDB", "MariaDB Server", FlavorMariaDB, Version{11, 4, 2}},
		{"8.0.32-24", "Percona Server (GPL), Release 24, Revision e5c6e9d2", FlavorPercona, Version{8, 0, 32}},
		{"5.7.34-37-log", "Percona Server (GPL), Release 37, Revision 7c516e9", FlavorPercona, Version{5, 7, 34}},
		{"8.0.21-0ubuntu0.20.04.2", "(Ubuntu)", FlavorMySQL, Version{8, 0, 21}},
		{"8.4.3", "MySQL Community Server - GPL", FlavorMySQL, Version{8, 4, 3}},
		{"9.2.0-commercial", "MySQL Enterprise Server - Commercial", FlavorMySQL, Version{9, 2, 0}},
	}
	for _, tt := range tests {
		flavor, v, err := DetectFlavor(tt.version, tt.comment)
		if err != nil {
			t.Errorf("%s: %v", tt.version, err)
			continue
		}
		if flavor != tt.flavor || v != tt.v {
			t.Errorf("DetectFlavor(%q, %q) = %s %v, want %s %v", tt.version, tt.comment, flavor, v, tt.flavor, tt.v)
		}
	}
	if _, _, err := DetectFlavor("", ""); err == nil {
		t.Error("empty version: want an error")
	}
}

func TestCapabilitiesFor(t *testing.T) {
	tests := []struct {
		flavor     string
		v          Version
		redo       RedoSource
		capVar     string
		filesInGrp bool
	}{
		{FlavorMySQL, Version{5, 7, 44}, RedoFromEngineStatus, "innodb_log_file_size", true},
		{FlavorMySQL, Version{8, 0, 29}, RedoFromEngineStatus, "innodb_log_file_size", true},
		{FlavorMySQL, Version{8, 0, 30}, RedoFromRedoLSNStatus, "innodb_redo_log_capacity", false},
		{FlavorMySQL, Version{8, 4, 0}, RedoFromRedoLSNStatus, "innodb_redo_log_capacity", false},
		{FlavorMySQL, Version{9, 2, 0}, RedoFromRedoLSNStatus, "innodb_redo_log_capacity", false},
		{FlavorMariaDB, Version{10, 4, 30}, RedoFromCheckpointAgeStatus, "innodb_log_file_size", true},
		{FlavorMariaDB, Version{10, 11, 6}, RedoFromCheckpointAgeStatus, "innodb_log_file_size", false},
		{FlavorMariaDB, Version{11, 4, 2}, RedoFromCheckpointAgeStatus, "innodb_log_file_size", false},
		{FlavorPercona, Version{5, 7, 34}, RedoFromCheckpointAgeStatus, "innodb_log_file_size", true},
		{FlavorPercona, Version{8, 0, 29}, RedoFromCheckpointAgeStatus, "innodb_log_file_size", true},
		{FlavorPercona, Version{8, 0, 32}, RedoFromCheckpointAgeStatus, "innodb_redo_log_capacity", false},
	}
	for _, tt := range tests {
		c := CapabilitiesFor(tt.flavor, tt.v)
		if c.Redo != tt.redo || c.RedoCapacityVariable != tt.capVar || c.LogFilesInGroup != tt.filesInGrp {
			t.Errorf("%s %v: redo=%s capVar=%s filesInGroup=%v, want %s %s %v", tt.flavor, tt.v,
				c.Redo, c.RedoCapacityVariable, c.LogFilesInGroup, tt.redo, tt.capVar, tt.filesInGrp)
		}
		if c.NeedsEngineStatus != (tt.redo == RedoFromEngineStatus) {
			t.Errorf("%s %v: NeedsEngineStatus=%v with redo source %s", tt.flavor, tt.v, c.NeedsEngineStatus, c.Redo)
		}
	}
}

// TestMaxCheckpointAge checks the derivation against the values servers print.
func TestMaxCheckpointAge(t *testing.T) {
	tests := []struct {
		name     string
		flavor   string
		v        Version
		capacity int64
		files    int64
		want     int64
		tolPct   float64
	}{
		// Percona 5.5.20 capture: 2 × 5 MiB files, "Max checkpoint age 7782360".
		{"xtradb 5.5", FlavorPercona, Version{5, 5, 20}, 2 * 5 << 20, 2, 7782360, 0},
		// MariaDB 10.11, 4 MiB: Innodb_checkpoint_max_age as the sandbox reports it.
		{"mariadb 10.11 4M", FlavorMariaDB, Version{10, 11, 6}, 4 << 20, 1, 2679645, 0},
		// Percona 8.0.32 capture: current capacity 10 MiB, "Max checkpoint age 7945216".
		{"percona 8.0.32", FlavorPercona, Version{8, 0, 32}, 10 << 20, 1, 7945216, 1},
	}
	for _, tt := range tests {
		got := MaxCheckpointAgeBytes(tt.flavor, tt.v, tt.capacity, tt.files, 16384, 0)
		diffPct := 100 * float64(got-tt.want) / float64(tt.want)
		if diffPct < -tt.tolPct || diffPct > tt.tolPct {
			t.Errorf("%s: MaxCheckpointAgeBytes = %d, want %d (±%.1f %%), off by %.2f %%", tt.name, got, tt.want, tt.tolPct, diffPct)
		}
	}
	if got := MaxCheckpointAgeBytes(FlavorMySQL, Version{5, 7, 0}, 0, 2, 16384, 0); got != 0 {
		t.Errorf("unknown capacity: got %d, want 0", got)
	}
}
