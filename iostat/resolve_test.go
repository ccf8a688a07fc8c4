package iostat

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/dumpscope/dumpscope/internal/testsandbox"
)

// fixtureDevs stands in for stat(2) on paths of the fixture machines.
func fixtureDevs(m map[string]string) func(string) (uint32, uint32, error) {
	return func(path string) (uint32, uint32, error) {
		for p := path; ; p = filepath.Dir(p) {
			if mm, ok := m[p]; ok {
				var major, minor uint32
				fmt.Sscanf(mm, "%d:%d", &major, &minor)
				return major, minor, nil
			}
			if p == "/" {
				return 0, 0, &os.PathError{Op: "stat", Path: path, Err: os.ErrNotExist}
			}
		}
	}
}

func b(v bool) *bool { return &v }

const virtualNote = "virtual disk (virtio): its rotational flag and model describe the hypervisor's device, not the drive under it; measurement (dumpscope probe, observed await) decides the class"
const loopNote = "loop device: its queue flags are the loop driver's; the backing file's device is listed below it"

func TestResolveDirFixtures(t *testing.T) {
	pm981 := "SAMSUNG MZVLB1T0HBLR-000L7"
	nvme := func(name, majMin string, role string, model string) Device {
		return Device{Name: name, MajMin: majMin, Role: []string{role}, Kind: "disk", Transport: "nvme", Model: model,
			Rotational: b(false), WriteCache: "write back", LogicalBlockBytes: 512, PhysicalBlockBytes: 512, Scheduler: "none"}
	}
	nvmePart := func(name, majMin, disk, model string) Device {
		d := nvme(name, majMin, RoleMember, model)
		d.Kind, d.Members = "partition", []string{disk}
		return d
	}
	tests := []struct {
		name string
		dir  string
		devs map[string]string
		want []Device
	}{
		{"seed002: md RAID1 of two NVMe partitions", "seed002", map[string]string{"/var/lib/mysql": "9:127"}, []Device{
			{Name: "md127", MajMin: "9:127", Role: []string{"datadir"}, Kind: "md", Transport: "md", Detail: "raid1",
				Members: []string{"nvme0n1p3", "nvme1n1p3"}, Rotational: b(false), WriteCache: "write back",
				LogicalBlockBytes: 512, PhysicalBlockBytes: 512, FSType: "xfs", MountPoint: "/"},
			nvmePart("nvme0n1p3", "259:3", "nvme0n1", pm981),
			nvme("nvme0n1", "259:0", RoleMember, pm981),
			nvmePart("nvme1n1p3", "259:7", "nvme1n1", pm981),
			nvme("nvme1n1", "259:4", RoleMember, pm981),
		}},
		{"seed002: /boot on a partition", "seed002", map[string]string{"/boot": "259:2"}, []Device{
			func() Device {
				d := nvmePart("nvme0n1p2", "259:2", "nvme0n1", pm981)
				d.Role, d.FSType, d.MountPoint = []string{"datadir"}, "xfs", "/boot"
				return d
			}(),
			nvme("nvme0n1", "259:0", RoleMember, pm981),
		}},
		{"nvme-dm: LVM on an NVMe partition", "nvme-dm", map[string]string{"/var/lib/mysql": "253:0"}, []Device{
			{Name: "dm-0", MajMin: "253:0", Role: []string{"datadir"}, Kind: "dm", Transport: "dm", Detail: "vg0-root",
				Members: []string{"nvme0n1p3"}, Rotational: b(false), WriteCache: "write back",
				LogicalBlockBytes: 512, PhysicalBlockBytes: 512, FSType: "ext4", MountPoint: "/"},
			nvmePart("nvme0n1p3", "259:3", "nvme0n1", "Samsung SSD 990 PRO 2TB"),
			nvme("nvme0n1", "259:0", RoleMember, "Samsung SSD 990 PRO 2TB"),
		}},
		{"nvme-dm: overlay followed to its upper directory", "nvme-dm", map[string]string{
			"/var/lib/docker/overlay2/abc/merged": "0:52", "/var/lib/docker": "253:0"}, []Device{
			{Name: "overlay", MajMin: "0:52", Role: []string{"datadir"}, Kind: "overlay", FSType: "overlay",
				MountPoint: "/var/lib/docker/overlay2/abc/merged", Notes: []string{
					`/var/lib/docker/overlay2/abc/merged/var/lib/mysql is on an overlay filesystem (a container's root?): writes land in its upper directory "/var/lib/docker/overlay2/abc/diff"`}},
			{Name: "dm-0", MajMin: "253:0", Role: []string{RoleMember}, Kind: "dm", Transport: "dm", Detail: "vg0-root",
				Members: []string{"nvme0n1p3"}, Rotational: b(false), WriteCache: "write back",
				LogicalBlockBytes: 512, PhysicalBlockBytes: 512, FSType: "ext4", MountPoint: "/"},
			nvmePart("nvme0n1p3", "259:3", "nvme0n1", "Samsung SSD 990 PRO 2TB"),
			nvme("nvme0n1", "259:0", RoleMember, "Samsung SSD 990 PRO 2TB"),
		}},
		{"nvme-dm: tmpfs", "nvme-dm", map[string]string{"/run": "0:25"}, []Device{
			{Name: "tmpfs", MajMin: "0:25", Role: []string{"datadir"}, Kind: "tmpfs", FSType: "tmpfs", MountPoint: "/run",
				Notes: []string{"/run/mysqld is on tmpfs: the data lives in memory, no disk is involved and fsync costs nothing; a restore here measures nothing about a disk"}},
		}},
		{"nvme-dm: NFS (escaped mount point)", "nvme-dm", map[string]string{"/mnt/backup dumps": "0:53"}, []Device{
			{Name: "fileserver:/export/dumps", MajMin: "0:53", Role: []string{"datadir"}, Kind: "nfs4", FSType: "nfs4", MountPoint: "/mnt/backup dumps",
				Notes: []string{"/mnt/backup dumps/db is on nfs4 (fileserver:/export/dumps): no local block device; its latency is the network's and the server's"}},
		}},
		{"virtio-loop: a loop device backed by a file on a virtio disk", "virtio-loop", map[string]string{
			"/srv/data": "7:0", "/": "254:1"}, []Device{
			{Name: "loop0", MajMin: "7:0", Role: []string{"datadir"}, Kind: "loop", Transport: "loop",
				BackingFile: "/var/lib/images/data.img", Members: []string{"vda1"}, Rotational: b(true), WriteCache: "write back",
				LogicalBlockBytes: 512, PhysicalBlockBytes: 512, Scheduler: "none", FSType: "ext4", MountPoint: "/srv/data",
				Notes: []string{loopNote}},
			{Name: "vda1", MajMin: "254:1", Role: []string{RoleMember}, Kind: "partition", Transport: "virtio", Members: []string{"vda"},
				Rotational: b(true), WriteCache: "write back", LogicalBlockBytes: 512, PhysicalBlockBytes: 4096, Scheduler: "mq-deadline"},
			{Name: "vda", MajMin: "254:0", Role: []string{RoleMember}, Kind: "disk", Transport: "virtio",
				Rotational: b(true), WriteCache: "write back", LogicalBlockBytes: 512, PhysicalBlockBytes: 4096, Scheduler: "mq-deadline",
				Notes: []string{virtualNote}},
		}},
		{"unknown device number", "virtio-loop", map[string]string{"/": "8:16"}, []Device{
			{Name: "8:16", MajMin: "8:16", Role: []string{"datadir"}, Kind: "unknown", FSType: "ext4", MountPoint: "/",
				Notes: []string{"unknown block device 8:16: lstat testdata/virtio-loop/sys/dev/block/8:16: no such file or directory"}},
		}},
	}
	dirs := map[string]string{
		"seed002: /boot on a partition":                                "/boot/grub2",
		"nvme-dm: overlay followed to its upper directory":             "/var/lib/docker/overlay2/abc/merged/var/lib/mysql",
		"nvme-dm: tmpfs":                                               "/run/mysqld",
		"nvme-dm: NFS (escaped mount point)":                           "/mnt/backup dumps/db",
		"virtio-loop: a loop device backed by a file on a virtio disk": "/srv/data/mysql",
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := dirs[tt.name]
			if dir == "" {
				dir = "/var/lib/mysql"
			}
			o := ResolveOptions{ProcRoot: filepath.Join("testdata", tt.dir, "t0", "proc"),
				SysRoot: filepath.Join("testdata", tt.dir, "sys"), devOf: fixtureDevs(tt.devs)}
			got, err := ResolveDir(o, dir, "datadir")
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("ResolveDir(%s) (-want +got):\n%s", dir, diff)
			}
		})
	}
}

// TestResolveDirBadInput: unreadable sysfs files cost a field and leave a note.
func TestResolveDirBadInput(t *testing.T) {
	sys := t.TempDir()
	if err := os.CopyFS(sys, os.DirFS("testdata/virtio-loop/sys")); err != nil {
		t.Fatal(err)
	}
	vda := filepath.Join(sys, "devices/pci0000:00/0000:00:02.0/virtio1/block/vda")
	os.Remove(filepath.Join(vda, "queue", "rotational"))
	os.WriteFile(filepath.Join(vda, "queue", "logical_block_size"), []byte("garbage\n"), 0o644)
	o := ResolveOptions{ProcRoot: "testdata/virtio-loop/t0/proc", SysRoot: sys, devOf: fixtureDevs(map[string]string{"/": "254:0"})}
	got, err := ResolveDir(o, "/var/lib/mysql", "datadir")
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || got[0].Rotational != nil || got[0].LogicalBlockBytes != 0 || got[0].PhysicalBlockBytes != 4096 {
		t.Fatalf("got %+v", got)
	}
	want := []string{
		"rotational unknown: open " + filepath.Join(vda, "queue", "rotational") + ": no such file or directory",
		`logical_block_size unknown: strconv.ParseInt: parsing "garbage": invalid syntax`,
		virtualNote,
	}
	if diff := cmp.Diff(want, got[0].Notes); diff != "" {
		t.Errorf("notes (-want +got):\n%s", diff)
	}

	if _, err := ResolveDir(ResolveOptions{}, filepath.Join(t.TempDir(), "missing"), "datadir"); err == nil {
		t.Error("ResolveDir on a missing directory: want an error")
	}
}

func TestMergeDevices(t *testing.T) {
	data := []Device{{Name: "md127", Role: []string{"datadir"}, Kind: "md"}, {Name: "nvme0n1", Role: []string{RoleMember}, Kind: "disk"}}
	binlog := []Device{{Name: "nvme0n1p2", Role: []string{"binlog"}, Kind: "partition"}, {Name: "nvme0n1", Role: []string{RoleMember}, Kind: "disk"}}
	redo := []Device{{Name: "nvme0n1", Role: []string{"redo"}, Kind: "disk"}}
	got := MergeDevices(data, binlog, redo)
	want := []Device{
		{Name: "md127", Role: []string{"datadir"}, Kind: "md"},
		{Name: "nvme0n1", Role: []string{"redo"}, Kind: "disk"},
		{Name: "nvme0n1p2", Role: []string{"binlog"}, Kind: "partition"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"md127", "nvme0n1"}, SampleNames(got)); diff != "" {
		t.Errorf("SampleNames (-want +got):\n%s", diff)
	}
}

// TestResolveDirReal resolves a temp directory on this machine and checks the device
// against findmnt's answer (util-linux), and /dev/shm against tmpfs.
func TestResolveDirReal(t *testing.T) {
	findmnt := testsandbox.RequireTool(t, "findmnt")
	dir := t.TempDir()
	out, err := exec.Command(findmnt, "-n", "-o", "MAJ:MIN,FSTYPE", "-T", dir).Output()
	if err != nil {
		t.Fatalf("findmnt: %v", err)
	}
	f := strings.Fields(string(out))
	got, err := ResolveDir(ResolveOptions{}, dir, "datadir")
	if err != nil {
		t.Fatal(err)
	}
	if len(got) == 0 {
		t.Fatal("no devices")
	}
	if got[0].FSType != f[1] {
		t.Errorf("fs type %q, findmnt says %q", got[0].FSType, f[1])
	}
	if strings.HasPrefix(f[0], "0:") {
		t.Logf("%s is on %s (no block device): %+v", dir, f[1], got)
	} else if got[0].MajMin != f[0] {
		t.Errorf("device %s (%s), findmnt says %s", got[0].MajMin, got[0].Name, f[0])
	}
	t.Logf("%s: %+v", dir, got)
	if st, err := os.Stat("/dev/shm"); err == nil && st.IsDir() {
		shm, err := ResolveDir(ResolveOptions{}, "/dev/shm", "datadir")
		if err != nil {
			t.Fatal(err)
		}
		if len(shm) != 1 || shm[0].Kind != "tmpfs" || len(shm[0].Notes) == 0 {
			t.Errorf("/dev/shm: %+v", shm)
		}
	}
}

// TestResolveDirRealLoop mounts an ext4 filesystem on a loop device of our own and
// resolves a directory in it: the chain must be the loop device (its backing file, the
// mount) and then the device holding the backing file, as findmnt sees it.
func TestResolveDirRealLoop(t *testing.T) {
	losetup := testsandbox.RequireTool(t, "losetup")
	mkfs := testsandbox.RequireTool(t, "mkfs.ext4")
	findmnt := testsandbox.RequireTool(t, "findmnt")
	if os.Geteuid() != 0 {
		testsandbox.Unavailable(t, "mounting a loop device needs root")
	}
	tmp := t.TempDir()
	img, mnt := filepath.Join(tmp, "fs.img"), filepath.Join(tmp, "mnt")
	run := func(name string, args ...string) string {
		t.Helper()
		out, err := exec.Command(name, args...).CombinedOutput()
		if err != nil {
			t.Fatalf("%s %q: %v: %s", name, args, err, out)
		}
		return strings.TrimSpace(string(out))
	}
	if err := os.WriteFile(img, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(img, 32<<20); err != nil {
		t.Fatal(err)
	}
	dev := run(losetup, "--find", "--show", img)
	t.Cleanup(func() { exec.Command(losetup, "-d", dev).Run() })
	run(mkfs, "-q", dev)
	if err := os.Mkdir(mnt, 0o755); err != nil {
		t.Fatal(err)
	}
	run("mount", dev, mnt)
	t.Cleanup(func() { exec.Command("umount", mnt).Run() })
	datadir := filepath.Join(mnt, "mysql")
	if err := os.Mkdir(datadir, 0o755); err != nil {
		t.Fatal(err)
	}

	got, err := ResolveDir(ResolveOptions{}, datadir, "datadir")
	if err != nil {
		t.Fatal(err)
	}
	hostDev := strings.Fields(run(findmnt, "-n", "-o", "MAJ:MIN", "-T", tmp))[0]
	if len(got) < 2 {
		t.Fatalf("chain %+v", got)
	}
	top, member := got[0], got[1]
	if top.Name != filepath.Base(dev) || top.Kind != "loop" || top.BackingFile != img || top.FSType != "ext4" ||
		top.MountPoint != mnt || len(top.Members) != 1 || top.Members[0] != member.Name {
		t.Errorf("loop device: %+v", top)
	}
	if member.MajMin != hostDev || member.Role[0] != RoleMember {
		t.Errorf("backing device %s (%s), findmnt says %s", member.MajMin, member.Name, hostDev)
	}
}

// extractTTAR unpacks the files of a ttar archive (prometheus/procfs's text archive
// format: "Path:", "Lines: N", N lines, "Mode:") under dst.
func extractTTAR(t *testing.T, archive, dst string) {
	t.Helper()
	b, err := os.ReadFile(archive)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(b), "\n")
	for i := 0; i < len(lines); i++ {
		switch {
		case strings.HasPrefix(lines[i], "Directory: "):
			if err := os.MkdirAll(filepath.Join(dst, strings.TrimPrefix(lines[i], "Directory: ")), 0o755); err != nil {
				t.Fatal(err)
			}
		case strings.HasPrefix(lines[i], "Path: "):
			path := filepath.Join(dst, strings.TrimPrefix(lines[i], "Path: "))
			var n int
			if _, err := fmt.Sscanf(lines[i+1], "Lines: %d", &n); err != nil {
				t.Fatalf("%s line %d: %v", archive, i+2, err)
			}
			content := strings.Join(lines[i+2:i+2+n], "\n") + "\n"
			if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
				t.Fatal(err)
			}
			i += 1 + n
		}
	}
}

// TestIdentityCapture reads the queue attributes of procfs's real sysfs capture (sda, a
// rotational disk on bfq; nvme0n1) in place of a live /sys.
func TestIdentityCapture(t *testing.T) {
	archive := "../../shared/testdata/captures/sysblock-queue-sda-nvme0n1-procfs-fixture.ttar"
	if _, err := os.Stat(archive); err != nil {
		t.Skipf("capture not present: %v", err)
	}
	root := t.TempDir()
	extractTTAR(t, archive, root)
	sys := filepath.Join(root, "fixtures", "sys")
	r := resolver{o: ResolveOptions{SysRoot: sys}.withDefaults(), seen: map[string]bool{}}
	r.walk(filepath.Join(sys, "block", "sda"), []string{"datadir"})
	r.walk(filepath.Join(sys, "devices/pci0000:00/0000:00:02.1/0000:01:00.0/nvme/nvme0/nvme0n1"), []string{"redo"})
	want := []Device{
		{Name: "sda", Role: []string{"datadir"}, Kind: "disk", Rotational: b(true), WriteCache: "write back",
			LogicalBlockBytes: 512, PhysicalBlockBytes: 512, Scheduler: "bfq",
			Notes: []string{"rotational=1 with no model, as virtual disks report themselves: the flag may not describe the drive under it; measurement (dumpscope probe, observed await) decides the class"}},
		{Name: "nvme0n1", Role: []string{"redo"}, Kind: "disk", Transport: "nvme", Rotational: b(false), WriteCache: "write back",
			LogicalBlockBytes: 512, PhysicalBlockBytes: 512, Scheduler: "none"},
	}
	if diff := cmp.Diff(want, r.out); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

func TestTransport(t *testing.T) {
	tests := []struct{ name, dir, want string }{
		{"sda", "/sys/devices/pci0000:00/0000:00:17.0/ata1/host0/target0:0:0/0:0:0:0/block/sda", "sata"},
		{"sdb", "/sys/devices/pci0000:00/0000:00:01.0/0000:01:00.0/host6/port-6:0/expander-6:0/port-6:0:0/end_device-6:0:0/target6:0:0/6:0:0:0/block/sdb", "sas"},
		{"sdc", "/sys/devices/pci0000:00/0000:00:03.0/0000:02:00.0/host2/target2:2:0/2:2:0:0/block/sdc", "scsi"},
		{"nvme0n1", "/sys/devices/pci0000:00/0000:00:1d.0/0000:3d:00.0/nvme/nvme0/nvme0n1", "nvme"},
		{"vda", "/sys/devices/pci0000:00/0000:00:02.0/virtio1/block/vda", "virtio"},
		{"xvda", "/sys/devices/vbd-51712/block/xvda", "xen"},
		{"zram0", "/sys/devices/virtual/block/zram0", ""},
	}
	for _, tt := range tests {
		if got := transport(tt.name, tt.dir); got != tt.want {
			t.Errorf("transport(%s) = %q, want %q", tt.name, got, tt.want)
		}
	}
}
