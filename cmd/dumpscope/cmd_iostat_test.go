package main

import (
	"bytes"
	"encoding/json"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/dumpscope/dumpscope/iostat"
)

func runCmd(f func([]string, stdio) int, args ...string) (code int, out, errOut string) {
	var o, e bytes.Buffer
	code = f(args, stdio{In: strings.NewReader(""), Out: &o, Err: &e})
	return code, o.String(), e.String()
}

func TestIostatUsage(t *testing.T) {
	tests := []struct {
		args     []string
		wantCode int
		wantErr  string
	}{
		{[]string{"-q"}, exitUsage, "unknown flag -q"},
		{[]string{"0"}, exitUsage, `interval "0": want more than 0 seconds`},
		{[]string{"1", "2", "3"}, exitUsage, `"3": INTERVAL and COUNT already given`},
		{[]string{"1", "0.5"}, exitUsage, `count "0.5": want a whole number`},
		{[]string{"1", "vda"}, exitUsage, `device "vda" after the interval`},
		{[]string{"-h"}, exitUsage, "unknown flag -h"},
		{[]string{"--help"}, exitOK, ""},
		{[]string{"sdz-no-such", "0.1", "1"}, exitFailure, `no such device "sdz-no-such"`},
		{[]string{"-p", "sdz-no-such", "0.1", "1"}, exitFailure, "sdz-no-such is not a whole device"},
	}
	for _, tt := range tests {
		code, _, errOut := runCmd(runIostat, tt.args...)
		if code != tt.wantCode || !strings.Contains(errOut, tt.wantErr) {
			t.Errorf("iostat %q: code %d, stderr %q; want %d and %q", tt.args, code, errOut, tt.wantCode, tt.wantErr)
		}
	}
}

// TestIostatReport prints one real report for this machine's devices and checks its
// shape: the header line, the avg-cpu block and iostat's device header.
func TestIostatReport(t *testing.T) {
	code, out, errOut := runCmd(runIostat, "-x", "1", "1")
	if code != exitOK {
		t.Fatalf("code %d: %s", code, errOut)
	}
	lines := strings.Split(out, "\n")
	if !strings.HasPrefix(lines[0], "Linux ") || lines[1] != "" || lines[2] != "" {
		t.Errorf("header block: %q", lines[:3])
	}
	if lines[3] != "avg-cpu:  %user   %nice %system %iowait  %steal   %idle" {
		t.Errorf("avg-cpu header: %q", lines[3])
	}
	if !strings.HasPrefix(lines[6], "Device            r/s     rkB/s") || !strings.HasSuffix(out, "\n\n\n") {
		t.Errorf("device block: %q", out)
	}
}

func TestProbeCommand(t *testing.T) {
	dir := t.TempDir()
	code, out, errOut := runCmd(runProbe, "--dir", dir, "--duration", "200ms", "--block", "4k", "--json")
	if code != exitOK {
		t.Fatalf("code %d: %s", code, errOut)
	}
	var res iostat.ProbeResult
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	if res.Dir != dir || res.BlockBytes != 4096 || res.Mode != "fdatasync" || res.Ops == 0 || res.Class == "" {
		t.Errorf("result %+v", res)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("probe left %v", entries)
	}
	for _, bad := range [][]string{{"--block", "x"}, {"--duration", "-1s"}, {"extra"}} {
		if code, _, _ := runCmd(runProbe, bad...); code != exitUsage {
			t.Errorf("probe %q: code %d, want %d", bad, code, exitUsage)
		}
	}
}

func TestDevicesCommand(t *testing.T) {
	dir := t.TempDir()
	code, out, errOut := runCmd(runDevices, "--datadir", dir, "--json")
	if code != exitOK {
		t.Fatalf("code %d: %s", code, errOut)
	}
	var devs []iostat.Device
	if err := json.Unmarshal([]byte(out), &devs); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	if len(devs) == 0 || devs[0].Role[0] != "datadir" {
		t.Errorf("devices %+v", devs)
	}
	code, out, _ = runCmd(runDevices, "--datadir", dir)
	if code != exitOK || !strings.HasPrefix(out, "NAME ") || !strings.Contains(out, "datadir") {
		t.Errorf("text output (code %d):\n%s", code, out)
	}
	if code, _, errOut := runCmd(runDevices, "--datadir", dir+"/missing"); code != exitFailure || !strings.Contains(errOut, "no such file") {
		t.Errorf("missing dir: code %d, %s", code, errOut)
	}
}

// TestIostatGrammar runs sysstat's argument forms that dumpscope used to refuse or
// misread: a fractional interval after a device (once taken for a device, running
// forever), -t, -m, -z, -p and --json.
func TestIostatGrammar(t *testing.T) {
	names, err := iostat.DeviceNames("/proc")
	if err != nil || len(names) == 0 {
		t.Skipf("no /proc/diskstats: %v", err)
	}
	dev := names[0]
	code, out, errOut := runCmd(runIostat, dev, "0.2", "2")
	if code != exitOK || strings.Count(out, "\n"+dev+" ") != 2 {
		t.Errorf("iostat %s 0.2 2: code %d, want two %s lines:\n%s%s", dev, code, dev, out, errOut)
	}
	code, out, _ = runCmd(runIostat, "-t", "-m", "-d", dev, "0.1", "1")
	if code != exitOK || !strings.Contains(out, "rMB/s") || strings.Contains(out, "avg-cpu") || !strings.Contains(out, time.Now().Format("01/02/06")) {
		t.Errorf("iostat -t -m -d: code %d:\n%s", code, out)
	}
	code, out, _ = runCmd(runIostat, "--json", "-xz", "0.1", "2")
	var r iostat.JSONReport
	if lines := strings.Split(strings.TrimSpace(out), "\n"); code != exitOK || len(lines) != 2 || json.Unmarshal([]byte(lines[1]), &r) != nil || r.CPU == nil {
		t.Errorf("iostat --json: code %d, want two JSON lines with avg-cpu:\n%s", code, out)
	}
}
