package runrecord

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/dumpscope/dumpscope/advisor"
	"github.com/dumpscope/dumpscope/iostat"
)

// specExample returns the jsonc example of ../shared/RUN-RECORD.md with its comments
// stripped: the format document's own example must validate.
func specExample(t *testing.T) []byte {
	t.Helper()
	b, err := os.ReadFile("../../shared/RUN-RECORD.md")
	if errors.Is(err, os.ErrNotExist) {
		t.Skip("../../shared/RUN-RECORD.md not found (the shared documents are not checked out)")
	}
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile("(?s)```jsonc\n(.*?)```").FindSubmatch(b)
	if m == nil {
		t.Fatal("RUN-RECORD.md: no ```jsonc block")
	}
	// The example has no "//" inside strings, so a comment runs from "//" to end of line.
	return regexp.MustCompile(`(?m)//.*$`).ReplaceAll(m[1], nil)
}

func TestValidateSpecExample(t *testing.T) {
	doc := specExample(t)
	if err := Validate(doc); err != nil {
		t.Fatalf("the spec's example does not validate: %v", err)
	}
	rec, err := Read(bytes.NewReader(doc))
	if err != nil {
		t.Fatal(err)
	}
	// Read must keep what the example says, numbers as numbers.
	if got := rec.Server.Variables["innodb_log_file_size"]; got != float64(134217728) {
		t.Errorf("variables.innodb_log_file_size = %v (%T)", got, got)
	}
	if got := rec.Samples[0].Devices["nvme0n1"].WAwaitMs; got != 0.40 {
		t.Errorf("samples[0].devices.nvme0n1.w_await = %v, want 0.40", got)
	}
	if rec.Samples[0].Devices["nvme0n1"].FAwaitMs != nil {
		t.Error("f_await null must read as nil")
	}
	if got := rec.Server.ServerInfo(100).Variables["innodb_log_file_size"]; got != "1073741824" {
		t.Errorf("variables at t=100 with the change applied: innodb_log_file_size = %q", got)
	}
	if got := rec.Server.ServerInfo(0).Variables["innodb_log_file_size"]; got != "134217728" {
		t.Errorf("variables at t=0: innodb_log_file_size = %q", got)
	}
}

func sampleRecord() *Record {
	start := time.Date(2026, 12, 2, 13, 5, 26, 0, time.UTC)
	r := New("0.1.0", start, []string{"dumpscope", "watch", "-u", "root", "-psecret", "--record", "x.json"}, 1)
	r.EndedAt = start.Add(3 * time.Second)
	r.Server = ServerFromInfo(advisor.ServerInfo{Flavor: "mariadb", Version: "10.11.6-MariaDB",
		Variables: map[string]string{"innodb_log_file_size": "4194304", "innodb_flush_method": "O_DIRECT"}})
	r.Server.VariableChanges = []advisor.VariableChange{{T: 2, Name: "innodb_io_capacity", Value: int64(2000)}}
	rot := false
	r.Devices = []iostat.Device{{Name: "vda", Role: []string{"datadir"}, Kind: "disk", Rotational: &rot}}
	f := 1.5
	r.Samples = []advisor.Snapshot{
		{T: 1, Import: &advisor.ImportProgress{Bytes: 10}, InnoDB: &advisor.InnoDB{LSN: 100, RedoCapacityBytes: 4 << 20},
			Devices: map[string]iostat.DeviceStats{"vda": {WPerSec: 3, FPerSec: &f}},
			CPU:     &iostat.CPUStats{IdlePct: 90}, Status: map[string]float64{"Uptime": 3}},
		{T: 2, Import: &advisor.ImportProgress{Bytes: 20}},
	}
	cleared := 2.0
	r.Findings = []advisor.Finding{{ID: "redo-log-too-small", Severity: advisor.SeverityCritical, Title: "t",
		Evidence: map[string]any{"checkpoint_age_pct": 93.0}, Recommendation: "r", FiredAt: 1, ClearedAt: &cleared}}
	return r
}

func TestWriteReadRoundTrip(t *testing.T) {
	r := sampleRecord()
	if err := ValidateRecord(r); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "run.json")
	if err := WriteFile(path, r); err != nil {
		t.Fatal(err)
	}
	got, err := ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	// JSON numbers come back as float64 in the any-typed maps.
	want := sampleRecord()
	want.Server.Variables["innodb_log_file_size"] = float64(4194304)
	want.Server.VariableChanges[0].Value = float64(2000)
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("round trip (-want +got):\n%s", diff)
	}
	if strings.Contains(strings.Join(got.Command, " "), "secret") {
		t.Errorf("command kept the password: %q", got.Command)
	}
}

func TestReadIgnoresUnknownFields(t *testing.T) {
	doc := `{"format":"dumpscope-run","version":1,"started_at":"2026-12-02T13:05:26Z","future":{"x":1},
		"server":{"flavor":"mysql","version":"8.4.0","new_field":true},
		"samples":[{"t":1,"innodb":{"lsn":5,"new_counter":7}}]}`
	if err := Validate([]byte(doc)); err != nil {
		t.Fatalf("Validate: %v", err)
	}
	rec, err := Read(strings.NewReader(doc))
	if err != nil {
		t.Fatal(err)
	}
	if rec.Samples[0].InnoDB.LSN != 5 || rec.Devices != nil || rec.Probe != nil {
		t.Errorf("read %+v", rec)
	}
}

func TestReadRejectsOtherFormats(t *testing.T) {
	for _, doc := range []string{
		`{"format":"something-else","version":1}`,
		`{"format":"dumpscope-run","version":3}`,
		`not json`,
	} {
		if _, err := Read(strings.NewReader(doc)); err == nil {
			t.Errorf("Read(%s): want an error", doc)
		}
	}
}

// TestValidateCatches: each mutation of a valid record breaks one rule of the format.
func TestValidateCatches(t *testing.T) {
	base := `{"format":"dumpscope-run","version":1,"started_at":"2026-12-02T13:05:26Z","ended_at":"2026-12-02T13:06:00Z",
"command":["dumpscope","watch"],"interval_seconds":1,
"server":{"flavor":"mariadb","version":"10.11.6","variables":{"a":1}},
"samples":[{"t":1,"import":{"bytes":5,"statements":1,"rows":1},"devices":{"vda":{"w_s":1,"f_s":null}},"innodb":{"lsn":1},"status":{"Uptime":1}},
           {"t":2,"import":{"bytes":6,"statements":1,"rows":1}}],
"findings":[{"id":"x","severity":"warn","title":"t","recommendation":"r","evidence":{},"fired_at":1,"cleared_at":null}],
"outcome":{"status":"ok"}}`
	if err := Validate([]byte(base)); err != nil {
		t.Fatalf("base record: %v", err)
	}
	tests := []struct{ name, from, to, wantInErr string }{
		{"format", `"dumpscope-run"`, `"dumpscope"`, "/format"},
		{"version as string", `"version":1`, `"version":"1"`, "/version"},
		{"missing started_at", `"started_at":"2026-12-02T13:05:26Z",`, ``, "missing property 'started_at'"},
		{"bad time", `"2026-12-02T13:05:26Z"`, `"yesterday"`, "date-time"},
		{"ended before started", `13:06:00Z`, `13:00:00Z`, "before started_at"},
		{"password in command", `"dumpscope","watch"`, `"dumpscope","watch","-phunter2"`, "password"},
		{"flavor", `"mariadb"`, `"postgres"`, "/server/flavor"},
		{"samples missing", `"samples":[`, `"samplez":[`, "missing property 'samples'"},
		{"t not increasing", `{"t":2,`, `{"t":1,`, "samples[1].t"},
		{"import not cumulative", `"bytes":6`, `"bytes":4`, "cumulative"},
		{"device column string", `"w_s":1`, `"w_s":"1"`, "/samples/0/devices/vda/w_s"},
		{"null non-flush column", `"w_s":1`, `"w_s":null`, "/samples/0/devices/vda/w_s"},
		{"status text", `"Uptime":1`, `"Uptime":"ON"`, "/samples/0/status/Uptime"},
		{"innodb string", `"lsn":1`, `"lsn":"1"`, "/samples/0/innodb/lsn"},
		{"severity", `"warn"`, `"urgent"`, "severity"},
		{"cleared before fired", `"cleared_at":null`, `"cleared_at":0.5`, "before fired_at"},
		{"outcome", `"status":"ok"`, `"status":"fine"`, "/outcome/status"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if !strings.Contains(base, tt.from) {
				t.Fatalf("base has no %q", tt.from)
			}
			doc := strings.Replace(base, tt.from, tt.to, 1)
			err := Validate([]byte(doc))
			if err == nil || !errors.Is(err, ErrInvalid) || !strings.Contains(err.Error(), tt.wantInErr) {
				t.Errorf("Validate = %v, want an ErrInvalid naming %q", err, tt.wantInErr)
			}
		})
	}
}

func TestRedactCommand(t *testing.T) {
	tests := []struct{ in, want []string }{
		{[]string{"dumpscope", "import", "-u", "root", "-psecret", "d.sql"}, []string{"dumpscope", "import", "-u", "root", "-p***", "d.sql"}},
		{[]string{"watch", "--password=s3cr=t", "-h", "db"}, []string{"watch", "--password=***", "-h", "db"}},
		{[]string{"watch", "-password=x"}, []string{"watch", "-password=***"}},
		{[]string{"watch", "-p", "dump.sql", "-h", "db"}, []string{"watch", "-p", "dump.sql", "-h", "db"}},
		{[]string{"watch", "--password", "dump.sql"}, []string{"watch", "--password", "dump.sql"}},
		{[]string{"watch", "-p", "-h", "db"}, []string{"watch", "-p", "-h", "db"}},
		{[]string{"import", "-parallel=4", "-P", "3307", "--progress"}, []string{"import", "-parallel=4", "-P", "3307", "--progress"}},
		{[]string{"import", "--dsn=app:pw@tcp(db:3306)/x"}, []string{"import", "--dsn=app:***@tcp(db:3306)/x"}},
		{[]string{"import", "mysql://app:pw@db/x"}, []string{"import", "mysql://app:***@db/x"}},
		{[]string{"import", "dump.sql.gz"}, []string{"import", "dump.sql.gz"}},
	}
	for _, tt := range tests {
		in := append([]string(nil), tt.in...)
		got := RedactCommand(tt.in)
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("RedactCommand(%q) (-want +got):\n%s", tt.in, diff)
		}
		if diff := cmp.Diff(in, tt.in); diff != "" {
			t.Errorf("RedactCommand modified its input")
		}
	}
}

func TestEnvInfersInterval(t *testing.T) {
	rec := &Record{Samples: []advisor.Snapshot{{T: 0}, {T: 2}, {T: 4}, {T: 6}}, Host: &advisor.HostInfo{Cores: 8}}
	env := rec.Env()
	if env.IntervalSeconds != 2 || env.Host.Cores != 8 {
		t.Errorf("Env() = interval %v, cores %d; want 2 s from the samples' spacing, 8 cores", env.IntervalSeconds, env.Host.Cores)
	}
	rec.IntervalSeconds = 1
	if got := rec.Env().IntervalSeconds; got != 1 {
		t.Errorf("recorded interval_seconds ignored: got %v", got)
	}
}
