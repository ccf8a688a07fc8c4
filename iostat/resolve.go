package iostat

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"golang.org/x/sys/unix"
)

// ResolveOptions say where procfs and sysfs are mounted ("" → /proc, /sys), so tests
// resolve on fixture trees.
type ResolveOptions struct {
	ProcRoot string
	SysRoot  string

	// devOf returns the device number of the filesystem holding path (stat(2) st_dev);
	// nil → unix.Stat. Tests inject it to resolve fixture paths that do not exist here.
	devOf func(path string) (major, minor uint32, err error)
}

func (o ResolveOptions) withDefaults() ResolveOptions {
	if o.ProcRoot == "" {
		o.ProcRoot = "/proc"
	}
	if o.SysRoot == "" {
		o.SysRoot = "/sys"
	}
	if o.devOf == nil {
		o.devOf = statDev
	}
	return o
}

func statDev(path string) (uint32, uint32, error) {
	var st unix.Stat_t
	if err := unix.Stat(path, &st); err != nil {
		return 0, 0, &os.PathError{Op: "stat", Path: path, Err: err}
	}
	return unix.Major(uint64(st.Dev)), unix.Minor(uint64(st.Dev)), nil // st_dev is int32 on darwin
}

// Role of a device found under another one.
const RoleMember = "member"

// ResolveDir returns the block devices under dir: first the device its filesystem sits on
// (Role [role], FSType and MountPoint set), then every device under that one, depth
// first (Role ["member"]): a partition's disk, an md or dm device's members (sysfs
// slaves/), a loop device's backing file's device. Each carries its identity from sysfs.
//
// A directory on a filesystem without a block device (tmpfs, an overlay, NFS) is one
// entry whose Kind is the filesystem type and whose Notes say what that means; an
// overlay's upper directory is resolved in turn. Unreadable sysfs files cost their
// field and add a note. The error is for a dir that cannot be stat'ed at all.
func ResolveDir(o ResolveOptions, dir string, role string) ([]Device, error) {
	o = o.withDefaults()
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, fmt.Errorf("resolve %s: %w", dir, err)
	}
	if real, err := filepath.EvalSymlinks(abs); err == nil {
		abs = real
	}
	major, minor, err := o.devOf(abs)
	if err != nil {
		return nil, fmt.Errorf("resolve %s: %w", dir, err)
	}
	majMin := fmt.Sprintf("%d:%d", major, minor)
	m, mountErr := findMount(filepath.Join(o.ProcRoot, "self", "mountinfo"), majMin, abs)

	if major == 0 { // an anonymous device: no block device of its own
		return resolveVirtualFS(o, m, mountErr, abs, majMin, role)
	}
	r := resolver{o: o, seen: map[string]bool{}}
	r.walkMajMin(majMin, []string{role})
	if len(r.out) > 0 {
		top := &r.out[0]
		if mountErr != nil {
			top.Notes = append(top.Notes, fmt.Sprintf("filesystem type unknown: %v", mountErr))
		} else {
			top.FSType, top.MountPoint = m.fsType, m.mountPoint
		}
	}
	return r.out, nil
}

// resolveVirtualFS handles st_dev major 0: btrfs (its source device), overlay (its upper
// directory), and filesystems with no device at all.
func resolveVirtualFS(o ResolveOptions, m mount, mountErr error, dir, majMin, role string) ([]Device, error) {
	if mountErr != nil {
		return []Device{{Name: majMin, MajMin: majMin, Role: []string{role}, Kind: "unknown",
			Notes: []string{fmt.Sprintf("%s is on device %s, which has no block device, and its filesystem is unknown: %v", dir, majMin, mountErr)}}}, nil
	}
	here := Device{Name: m.source, MajMin: majMin, Role: []string{role}, Kind: m.fsType, FSType: m.fsType, MountPoint: m.mountPoint}
	switch {
	case m.fsType == "btrfs" && strings.HasPrefix(m.source, "/dev/"):
		// btrfs gives every filesystem an anonymous st_dev; its device is the mount source.
		var st unix.Stat_t
		if err := unix.Stat(m.source, &st); err == nil && st.Mode&unix.S_IFMT == unix.S_IFBLK {
			r := resolver{o: o, seen: map[string]bool{}}
			r.walkMajMin(fmt.Sprintf("%d:%d", unix.Major(uint64(st.Rdev)), unix.Minor(uint64(st.Rdev))), []string{role})
			if len(r.out) > 0 {
				r.out[0].FSType, r.out[0].MountPoint = m.fsType, m.mountPoint
				r.out[0].Notes = append(r.out[0].Notes, "btrfs: a multi-device filesystem lists only its first device here")
				return r.out, nil
			}
		}
		here.Notes = append(here.Notes, fmt.Sprintf("btrfs on %s: device not found", m.source))
	case m.fsType == "overlay":
		upper := m.superOpts["upperdir"]
		here.Notes = append(here.Notes, fmt.Sprintf("%s is on an overlay filesystem (a container's root?): writes land in its upper directory %q", dir, upper))
		if upper != "" {
			rest, err := ResolveDir(o, upper, RoleMember)
			if err != nil {
				here.Notes = append(here.Notes, fmt.Sprintf("upper directory not resolved: %v", err))
				return []Device{here}, nil
			}
			return append([]Device{here}, rest...), nil
		}
	case m.fsType == "tmpfs" || m.fsType == "ramfs":
		here.Notes = append(here.Notes, fmt.Sprintf("%s is on %s: the data lives in memory, no disk is involved and fsync costs nothing; a restore here measures nothing about a disk", dir, m.fsType))
	case strings.HasPrefix(m.fsType, "nfs") || m.fsType == "cifs" || m.fsType == "smb3" || strings.HasPrefix(m.fsType, "fuse"):
		here.Notes = append(here.Notes, fmt.Sprintf("%s is on %s (%s): no local block device; its latency is the network's and the server's", dir, m.fsType, m.source))
	default:
		here.Notes = append(here.Notes, fmt.Sprintf("%s is on %s, which has no block device dumpscope knows how to follow", dir, m.fsType))
	}
	return []Device{here}, nil
}

type mount struct {
	majMin, mountPoint, fsType, source string
	superOpts                          map[string]string
}

// findMount returns the mountinfo entry for a directory: the entry with its device
// number whose mount point is the longest prefix of dir, else the longest prefix alone.
// Format: proc(5) /proc/[pid]/mountinfo.
func findMount(path, majMin, dir string) (mount, error) {
	fh, err := os.Open(path)
	if err != nil {
		return mount{}, err
	}
	defer fh.Close()
	var byDev, byPrefix mount
	sc := bufio.NewScanner(fh)
	sc.Buffer(make([]byte, 0, 64*1024), 1024*1024)
	lineNo := 0
	for sc.Scan() {
		lineNo++
		f := strings.Fields(sc.Text())
		sep := -1
		for i, x := range f {
			if x == "-" && i >= 6 {
				sep = i
				break
			}
		}
		if sep < 0 || len(f) < sep+3 {
			return mount{}, fmt.Errorf("%s line %d: not a mountinfo line", path, lineNo)
		}
		m := mount{majMin: f[2], mountPoint: unescapeMount(f[4]), fsType: f[sep+1], source: unescapeMount(f[sep+2]), superOpts: map[string]string{}}
		if len(f) > sep+3 {
			for _, opt := range strings.Split(f[sep+3], ",") {
				k, v, _ := strings.Cut(opt, "=")
				m.superOpts[k] = v
			}
		}
		if !under(dir, m.mountPoint) {
			continue
		}
		// Later entries over-mount earlier ones at the same point: >= keeps the last.
		if m.majMin == majMin && len(m.mountPoint) >= len(byDev.mountPoint) {
			byDev = m
		}
		if len(m.mountPoint) >= len(byPrefix.mountPoint) {
			byPrefix = m
		}
	}
	if err := sc.Err(); err != nil {
		return mount{}, fmt.Errorf("%s: %w", path, err)
	}
	if byDev.fsType != "" {
		return byDev, nil
	}
	if byPrefix.fsType != "" {
		return byPrefix, nil
	}
	return mount{}, fmt.Errorf("%s: no mount holds %s", path, dir)
}

func under(dir, mountPoint string) bool {
	return mountPoint == "/" || dir == mountPoint || strings.HasPrefix(dir, mountPoint+"/")
}

var octalEscape = regexp.MustCompile(`\\[0-7]{3}`)

// unescapeMount undoes mountinfo's octal escapes (\040 for a space).
func unescapeMount(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	return octalEscape.ReplaceAllStringFunc(s, func(e string) string {
		n, _ := strconv.ParseUint(e[1:], 8, 8)
		return string(rune(n))
	})
}

// resolver walks sysfs from one device down to the disks.
type resolver struct {
	o    ResolveOptions
	seen map[string]bool
	out  []Device
}

func (r *resolver) walkMajMin(majMin string, role []string) {
	dir, err := filepath.EvalSymlinks(filepath.Join(r.o.SysRoot, "dev", "block", majMin))
	if err != nil {
		r.out = append(r.out, Device{Name: majMin, MajMin: majMin, Role: role, Kind: "unknown",
			Notes: []string{fmt.Sprintf("unknown block device %s: %v", majMin, err)}})
		return
	}
	r.walk(dir, role)
}

// walk adds the device whose sysfs directory is dir, then what is under it.
func (r *resolver) walk(dir string, role []string) {
	name := filepath.Base(dir)
	if r.seen[name] {
		return
	}
	r.seen[name] = true
	d := Device{Name: name, Role: role}
	d.MajMin, _ = readTrim(filepath.Join(dir, "dev"))

	var below []string // sysfs directories of the devices under this one
	identityDir := dir
	switch {
	case exists(filepath.Join(dir, "partition")):
		d.Kind = "partition"
		identityDir = filepath.Dir(dir)
		d.Members = []string{filepath.Base(identityDir)}
		below = []string{identityDir}
	case exists(filepath.Join(dir, "md")):
		d.Kind, d.Transport = "md", "md"
		d.Detail, _ = readTrim(filepath.Join(dir, "md", "level"))
		below = r.slaves(dir, &d)
	case exists(filepath.Join(dir, "dm")):
		d.Kind, d.Transport = "dm", "dm"
		d.Detail, _ = readTrim(filepath.Join(dir, "dm", "name"))
		below = r.slaves(dir, &d)
	case strings.HasPrefix(name, "loop"):
		d.Kind, d.Transport = "loop", "loop"
		below = r.loopBacking(dir, &d)
	default:
		d.Kind = "disk"
		below = r.slaves(dir, &d) // a disk with slaves is unusual (bcache); follow them
	}
	r.identity(identityDir, &d)
	r.out = append(r.out, d)
	for _, b := range below {
		r.walk(b, []string{RoleMember})
	}
}

// slaves lists an md/dm device's members from sysfs slaves/.
func (r *resolver) slaves(dir string, d *Device) []string {
	entries, err := os.ReadDir(filepath.Join(dir, "slaves"))
	if err != nil {
		if d.Kind != "disk" && !errors.Is(err, os.ErrNotExist) {
			d.Notes = append(d.Notes, fmt.Sprintf("members unknown: %v", err))
		}
		return nil
	}
	var dirs []string
	for _, e := range entries {
		d.Members = append(d.Members, e.Name())
		p, err := filepath.EvalSymlinks(filepath.Join(dir, "slaves", e.Name()))
		if err != nil || !exists(filepath.Join(p, "dev")) {
			p, err = filepath.EvalSymlinks(filepath.Join(r.o.SysRoot, "class", "block", e.Name()))
		}
		if err != nil {
			d.Notes = append(d.Notes, fmt.Sprintf("member %s not found in sysfs", e.Name()))
			continue
		}
		dirs = append(dirs, p)
	}
	return dirs
}

// loopBacking follows a loop device to the device holding its backing file.
func (r *resolver) loopBacking(dir string, d *Device) []string {
	backing, err := readTrim(filepath.Join(dir, "loop", "backing_file"))
	if err != nil {
		d.Notes = append(d.Notes, "loop device with no backing file (not attached?)")
		return nil
	}
	d.BackingFile = backing
	d.Notes = append(d.Notes, "loop device: its queue flags are the loop driver's; the backing file's device is listed below it")
	major, minor, err := r.o.devOf(strings.TrimSuffix(backing, " (deleted)"))
	if err != nil {
		d.Notes = append(d.Notes, fmt.Sprintf("backing file's device unknown: %v", err))
		return nil
	}
	if major == 0 {
		d.Notes = append(d.Notes, fmt.Sprintf("backing file is on a filesystem without a block device (%d:%d)", major, minor))
		return nil
	}
	p, err := filepath.EvalSymlinks(filepath.Join(r.o.SysRoot, "dev", "block", fmt.Sprintf("%d:%d", major, minor)))
	if err != nil {
		d.Notes = append(d.Notes, fmt.Sprintf("backing file's device %d:%d not in sysfs", major, minor))
		return nil
	}
	d.Members = []string{filepath.Base(p)}
	return []string{p}
}

// identity fills model, transport and queue flags from a whole device's sysfs directory.
func (r *resolver) identity(dir string, d *Device) {
	name := filepath.Base(dir)
	if d.Transport == "" {
		d.Transport = transport(name, dir)
	}
	if d.Kind == "disk" || d.Kind == "partition" {
		d.Model, _ = readTrim(filepath.Join(dir, "device", "model"))
		if d.Model == "" && d.Transport == "nvme" {
			// A namespace's device link may point at a subsystem; the controller model
			// is in /sys/class/nvme/nvmeX/model.
			if ctrl := nvmeController.FindString(name); ctrl != "" {
				d.Model, _ = readTrim(filepath.Join(r.o.SysRoot, "class", "nvme", ctrl, "model"))
			}
		}
	}
	q := filepath.Join(dir, "queue")
	if rot, err := readTrim(filepath.Join(q, "rotational")); err == nil {
		v := rot == "1"
		d.Rotational = &v
	} else {
		d.Notes = append(d.Notes, fmt.Sprintf("rotational unknown: %v", err))
	}
	var err error
	if d.WriteCache, err = readTrim(filepath.Join(q, "write_cache")); err != nil {
		d.Notes = append(d.Notes, fmt.Sprintf("write cache unknown: %v", err))
	}
	d.LogicalBlockBytes = readInt(filepath.Join(q, "logical_block_size"), d)
	d.PhysicalBlockBytes = readInt(filepath.Join(q, "physical_block_size"), d)
	if s, err := readTrim(filepath.Join(q, "scheduler")); err == nil {
		d.Scheduler = currentScheduler(s)
	}
	switch {
	case d.Kind != "disk":
	case d.Transport == "virtio" || d.Transport == "xen":
		d.Notes = append(d.Notes, fmt.Sprintf("virtual disk (%s): its rotational flag and model describe the hypervisor's device, not the drive under it; measurement (dumpscope probe, observed await) decides the class", d.Transport))
	case d.Rotational != nil && *d.Rotational && d.Model == "":
		d.Notes = append(d.Notes, "rotational=1 with no model, as virtual disks report themselves: the flag may not describe the drive under it; measurement (dumpscope probe, observed await) decides the class")
	}
}

var nvmeController = regexp.MustCompile(`^nvme[0-9]+`)

// transport infers the bus from the kernel name and the device's sysfs path.
func transport(name, dir string) string {
	switch {
	case strings.HasPrefix(name, "nvme") || strings.Contains(dir, "/nvme/"):
		return "nvme"
	case strings.HasPrefix(name, "vd") || strings.Contains(dir, "/virtio"):
		return "virtio"
	case strings.HasPrefix(name, "xvd") || strings.Contains(dir, "/vbd-"):
		return "xen"
	case strings.Contains(dir, "/ata"):
		return "sata"
	case strings.Contains(dir, "/end_device-") || strings.Contains(dir, "/expander-"):
		return "sas"
	case strings.Contains(dir, "/host") && strings.Contains(dir, "/target"):
		return "scsi"
	}
	return ""
}

// currentScheduler picks the bracketed entry of queue/scheduler ("none [mq-deadline]").
func currentScheduler(s string) string {
	if i := strings.IndexByte(s, '['); i >= 0 {
		if j := strings.IndexByte(s[i:], ']'); j > 0 {
			return s[i+1 : i+j]
		}
	}
	return strings.TrimSpace(s)
}

func readTrim(path string) (string, error) {
	b, err := os.ReadFile(path)
	return strings.TrimSpace(string(b)), err
}

func readInt(path string, d *Device) int64 {
	s, err := readTrim(path)
	if err == nil {
		var n int64
		if n, err = strconv.ParseInt(s, 10, 64); err == nil {
			return n
		}
	}
	d.Notes = append(d.Notes, fmt.Sprintf("%s unknown: %v", filepath.Base(path), err))
	return 0
}

func exists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// MergeDevices merges the chains of several directories (datadir, redo, binlog) into
// one list: a device that appears in several keeps its first position and collects
// every role ("member" only when it has no other).
func MergeDevices(lists ...[]Device) []Device {
	var out []Device
	at := map[string]int{}
	for _, l := range lists {
		for _, d := range l {
			i, ok := at[d.Name]
			if !ok {
				at[d.Name] = len(out)
				out = append(out, d)
				continue
			}
			for _, r := range d.Role {
				if !contains(out[i].Role, r) {
					out[i].Role = append(out[i].Role, r)
				}
			}
			if out[i].FSType == "" {
				out[i].FSType, out[i].MountPoint = d.FSType, d.MountPoint
			}
		}
	}
	for i := range out {
		if len(out[i].Role) > 1 && contains(out[i].Role, RoleMember) {
			var r []string
			for _, x := range out[i].Role {
				if x != RoleMember {
					r = append(r, x)
				}
			}
			out[i].Role = r
		}
	}
	return out
}

// SampleNames are the devices worth sampling in a chain: every block device in it except
// partitions (iostat's default shows whole devices; a partition's disk is in the chain).
func SampleNames(devs []Device) []string {
	var names []string
	for _, d := range devs {
		switch d.Kind {
		case "disk", "md", "dm", "loop":
			names = append(names, d.Name)
		}
	}
	return names
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// ListDevices returns every whole device in sysRoot/block with its identity, each
// followed by what is under it (as ResolveDir lists it), each device once.
func ListDevices(o ResolveOptions) ([]Device, error) {
	o = o.withDefaults()
	entries, err := os.ReadDir(filepath.Join(o.SysRoot, "block"))
	if err != nil {
		return nil, fmt.Errorf("list devices: %w", err)
	}
	r := resolver{o: o, seen: map[string]bool{}}
	for _, e := range entries {
		dir, err := filepath.EvalSymlinks(filepath.Join(o.SysRoot, "block", e.Name()))
		if err != nil {
			continue
		}
		if size, _ := readTrim(filepath.Join(dir, "size")); size == "0" {
			continue // an unattached loop device, an uninitialised zram
		}
		r.walk(dir, nil)
	}
	return r.out, nil
}
