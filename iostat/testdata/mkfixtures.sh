#!/bin/bash
# Writes the fixture trees under iostat/testdata: minimal /proc and /sys files in the
# kernel's formats (the real captures in ../shared/testdata/captures are the reference for
# the formats; their values are not copied). Run from iostat/testdata; it rewrites the
# case directories. Every number that a test asserts is derived in the comments below.
set -euo pipefail
cd "$(dirname "$0")"

# put FILE CONTENT: one sysfs/procfs attribute file.
put() { mkdir -p "$(dirname "$1")"; printf '%s\n' "$2" >"$1"; }
# link TARGET NAME: a relative symlink, as sysfs has them.
link() { mkdir -p "$(dirname "$2")"; ln -sfn "$1" "$2"; }
# queue DIR ROT WCACHE LBS PBS SCHED
queue() {
	put "$1/queue/rotational" "$2"; put "$1/queue/write_cache" "$3"
	put "$1/queue/logical_block_size" "$4"; put "$1/queue/physical_block_size" "$5"
	[ -n "$6" ] && put "$1/queue/scheduler" "$6"; return 0
}
# disk SYS DEVPATH NAME MAJ:MIN: a whole device under sys/devices, linked from block/ and dev/block/.
disk() {
	put "$1/$2/dev" "$4"
	put "$1/$2/uevent" "$(printf 'MAJOR=%s\nMINOR=%s\nDEVNAME=%s\nDEVTYPE=disk' "${4%:*}" "${4#*:}" "$3")"
	link "../$2" "$1/block/$3"
	link "../../$2" "$1/dev/block/$4"
}
# part SYS DISKPATH NAME MAJ:MIN NUMBER
part() {
	put "$1/$2/$3/dev" "$4"; put "$1/$2/$3/partition" "$5"
	put "$1/$2/$3/uevent" "$(printf 'MAJOR=%s\nMINOR=%s\nDEVNAME=%s\nDEVTYPE=partition\nPARTN=%s' "${4%:*}" "${4#*:}" "$3" "$5")"
	link "../../$2/$3" "$1/dev/block/$4"
}
# pstat FILE PID COMM UTIME STIME: /proc/<pid>/stat (fields after stime as on 6.x).
pstat() { put "$1" "$2 ($3) S 1 $2 $2 0 -1 4194560 5000 0 12 0 $4 $5 0 0 20 0 30 0 1234 2147483648 40000 18446744073709551615 1 1 0 0 0 0 0 4096 26345 0 0 0 17 3 0 0 0 0 0"; }

rm -rf seed002 nvme-dm virtio-loop

# --- seed002: CentOS 8.3 (kernel 4.18: 18 fields, no flush), md RAID1 of two NVMe
# (seed 002's slow server, Samsung PM981 MZVLB1T0HBLR), 16 CPUs, t1 = t0 + 100 s.
# Deltas over 100 s reproduce the seed's iostat -x line:
#   nvme0n1: Δw 143160 (1431.60/s) Δwmerge 29007 (290.07/s, %wrqm 16.85)
#            Δwsect 6284370 (31421.85 kB/s, wareq-sz 21.95) Δwticks 57264 (w_await 0.40)
#            Δweighted 26000 (aqu-sz 0.26) Δio_ticks 71400 (%util 71.40)
#   nvme1n1: Δw 143157 (1431.57/s) Δwmerge 29007 Δwsect 6284344 (31421.72 kB/s)
#            Δwticks 143157 (w_await 1.00) Δweighted 115000 (aqu-sz 1.15) Δio_ticks 99680 (%util 99.68)
#   avg-cpu: of 160000 jiffies, user 1280 (0.80) sys+irq+softirq 432 (0.27) iowait 7584 (4.74) idle 150704 (94.19)
#   mysqld (pid 4242) 1200 ticks (12 % of a core); dumpscope (pid 4243) 300 ticks (3 %).
S=seed002/sys
N0=devices/pci0000:00/0000:00:01.1/0000:01:00.0/nvme/nvme0
N1=devices/pci0000:00/0000:00:01.2/0000:02:00.0/nvme/nvme1
for i in 0 1; do
	eval "C=\$N$i"
	put "$S/$C/model" "SAMSUNG MZVLB1T0HBLR-000L7              "
	put "$S/$C/transport" "pcie"
	link "../../$C" "$S/class/nvme/nvme$i"
	base=$((i * 4))
	disk "$S" "$C/nvme${i}n1" "nvme${i}n1" "259:$base"
	link "../../nvme$i" "$S/$C/nvme${i}n1/device"
	queue "$S/$C/nvme${i}n1" 0 "write back" 512 512 "[none] mq-deadline kyber bfq"
	for p in 1 2 3; do part "$S" "$C/nvme${i}n1" "nvme${i}n1p$p" "259:$((base + p))" "$p"; done
	link "../../../../../$C/nvme${i}n1/nvme${i}n1p3" "$S/devices/virtual/block/md127/slaves/nvme${i}n1p3"
done
disk "$S" devices/virtual/block/md127 md127 9:127
queue "$S/devices/virtual/block/md127" 0 "write back" 512 512 ""
put "$S/devices/virtual/block/md127/md/level" raid1
put "$S/devices/virtual/block/md127/md/array_state" clean

T=seed002/t0/proc; put "$T/diskstats" "$(cat <<'X'
 259       0 nvme0n1 120000 30 9000000 20000 5000000 1000000 220000000 2000000 0 3000000 2500000 1000 0 800000 500
 259       1 nvme0n1p1 200 0 10000 40 10 0 80 2 0 60 42 0 0 0 0
 259       2 nvme0n1p2 300 0 12000 50 20 0 160 4 0 80 54 0 0 0 0
 259       3 nvme0n1p3 119500 30 8978000 19910 4999970 1000000 219999760 1999994 0 2999860 2499904 1000 0 800000 500
 259       4 nvme1n1 118000 25 8800000 21000 5000000 1000000 220000000 3000000 0 3500000 4000000 1000 0 800000 600
 259       5 nvme1n1p1 200 0 10000 40 10 0 80 2 0 60 42 0 0 0 0
 259       6 nvme1n1p2 300 0 12000 50 20 0 160 4 0 80 54 0 0 0 0
 259       7 nvme1n1p3 117500 25 8778000 20910 4999970 1000000 219999760 2999994 0 3499860 3999904 1000 0 800000 600
   9     127 md127 237000 0 17556000 0 6000000 0 219999760 0 0 0 0 2000 0 1600000 0
X
)"
put "$T/stat" "$(cat <<'X'
cpu  1000000 500 300000 90000000 200000 10000 20000 0 0 0
cpu0 62500 31 18750 5625000 12500 625 1250 0 0 0
intr 123456789 0 0
ctxt 987654321
btime 1616690000
processes 120000
procs_running 2
procs_blocked 1
softirq 5555555 0 0 0 0 0 0 0 0 0 0
X
)"
pstat "$T/4242/stat" 4242 mysqld 50000 20000
pstat "$T/4243/stat" 4243 dumpscope 700 300
T=seed002/t1/proc; put "$T/diskstats" "$(cat <<'X'
 259       0 nvme0n1 120000 30 9000000 20000 5143160 1029007 226284370 2057264 1 3071400 2526000 1000 0 800000 500
 259       1 nvme0n1p1 200 0 10000 40 10 0 80 2 0 60 42 0 0 0 0
 259       2 nvme0n1p2 300 0 12000 50 20 0 160 4 0 80 54 0 0 0 0
 259       3 nvme0n1p3 119500 30 8978000 19910 5143130 1029007 226284130 2057258 1 3071260 2525904 1000 0 800000 500
 259       4 nvme1n1 118000 25 8800000 21000 5143157 1029007 226284344 3143157 2 3599680 4115000 1000 0 800000 600
 259       5 nvme1n1p1 200 0 10000 40 10 0 80 2 0 60 42 0 0 0 0
 259       6 nvme1n1p2 300 0 12000 50 20 0 160 4 0 80 54 0 0 0 0
 259       7 nvme1n1p3 117500 25 8778000 20910 5143127 1029007 226284104 3143151 2 3599540 4114904 1000 0 800000 600
   9     127 md127 237000 0 17556000 0 6143160 0 226284130 0 0 0 0 2000 0 1600000 0
X
)"
put "$T/stat" "$(cat <<'X'
cpu  1001280 500 300400 90150704 207584 10012 20020 0 0 0
cpu0 62580 31 18777 5634419 12974 626 1251 0 0 0
intr 124456789 0 0
ctxt 988654321
btime 1616690000
processes 120100
procs_running 1
procs_blocked 1
softirq 5655555 0 0 0 0 0 0 0 0 0 0
X
)"
pstat "$T/4242/stat" 4242 mysqld 50900 20300
pstat "$T/4243/stat" 4243 dumpscope 900 400

# --- nvme-dm: kernel ≥ 5.5 (20 fields), a Samsung 990 PRO with three partitions and LVM
# (dm-0 vg0-root, dm-1 vg0-swap) on nvme0n1p3; t1 = t0 + 10 s.
#   nvme0n1: Δr 5000 Δrmerge 1000 Δrsect 400000 Δrticks 1500 → r/s 500 rkB/s 20000 rrqm/s 100
#            %rrqm 16.67 r_await 0.30 rareq-sz 40; Δw 20000 Δwmerge 5000 Δwsect 1280000
#            Δwticks 10000 → w/s 2000 wkB/s 64000 wrqm/s 500 %wrqm 20 w_await 0.50 wareq-sz 32;
#            Δd 100 Δdsect 204800 Δdticks 50 → d/s 10 dkB/s 10240 d_await 0.50 dareq-sz 1024;
#            Δf 2000 Δfticks 1000 → f/s 200 f_await 0.50; Δweighted 12000 aqu-sz 1.20; Δio 6000 %util 60
#   dm-0:    its weighted-ticks counter wraps at 2^32: 4294967000 → 704 is Δ 1000 (aqu-sz 0.10).
S=nvme-dm/sys
C=devices/pci0000:00/0000:00:1d.0/0000:3d:00.0/nvme/nvme0
put "$S/$C/model" "Samsung SSD 990 PRO 2TB                 "
put "$S/$C/transport" "pcie"
link "../../$C" "$S/class/nvme/nvme0"
disk "$S" "$C/nvme0n1" nvme0n1 259:0
link "../../nvme0" "$S/$C/nvme0n1/device"
queue "$S/$C/nvme0n1" 0 "write back" 512 512 "[none] mq-deadline kyber bfq"
for p in 1 2 3; do part "$S" "$C/nvme0n1" "nvme0n1p$p" "259:$p" "$p"; done
for i in 0 1; do
	disk "$S" "devices/virtual/block/dm-$i" "dm-$i" "253:$i"
	queue "$S/devices/virtual/block/dm-$i" 0 "write back" 512 512 ""
	put "$S/devices/virtual/block/dm-$i/dm/uuid" "LVM-$i"
	link "../../../../pci0000:00/0000:00:1d.0/0000:3d:00.0/nvme/nvme0/nvme0n1/nvme0n1p3" "$S/devices/virtual/block/dm-$i/slaves/nvme0n1p3"
done
put "$S/devices/virtual/block/dm-0/dm/name" vg0-root
put "$S/devices/virtual/block/dm-1/dm/name" vg0-swap

T=nvme-dm/t0/proc; put "$T/diskstats" "$(cat <<'X'
 259       0 nvme0n1 1000000 20000 80000000 300000 4000000 1000000 256000000 2000000 0 1200000 2400000 20000 0 4096000 10000 400000 200000
 259       1 nvme0n1p1 300 0 20000 30 2 0 16 1 0 40 31 0 0 0 0 0 0
 259       2 nvme0n1p2 200 0 9000 20 1 0 8 1 0 30 21 0 0 0 0 0 0
 259       3 nvme0n1p3 999500 20000 79971000 299950 3999997 1000000 255999976 1999998 0 1199930 2399948 20000 0 4096000 10000 0 0
 253       0 dm-0 1019000 0 79900000 310000 4990000 0 255900000 2600000 0 1190000 4294967000 19000 0 4000000 11000 0 0
 253       1 dm-1 500 0 71000 90 10 0 99976 3 0 60 93 0 0 0 0 0 0
X
)"
T=nvme-dm/t1/proc; put "$T/diskstats" "$(cat <<'X'
 259       0 nvme0n1 1005000 21000 80400000 301500 4020000 1005000 257280000 2010000 2 1206000 2412000 20100 0 4300800 10050 402000 201000
 259       1 nvme0n1p1 300 0 20000 30 2 0 16 1 0 40 31 0 0 0 0 0 0
 259       2 nvme0n1p2 200 0 9000 20 1 0 8 1 0 30 21 0 0 0 0 0 0
 259       3 nvme0n1p3 1004500 21000 80371000 301450 4019997 1005000 257279976 2009998 2 1205930 2411948 20100 0 4300800 10050 0 0
 253       0 dm-0 1025000 0 80300000 311600 5015000 0 257180000 2615000 2 1196000 704 19100 0 4204800 11060 0 0
 253       1 dm-1 500 0 71000 90 10 0 99976 3 0 60 93 0 0 0 0 0 0
X
)"

# --- virtio-loop: a KVM guest (kernel ≥ 5.5), virtio disk vda (rotational=1, no model:
# the flag lies), loop0 backed by /var/lib/images/data.img, loop1 and zram0 unused;
# t1 = t0 + 1 s, and loop0 was detached and re-attached in between (counters reset).
S=virtio-loop/sys
V=devices/pci0000:00/0000:00:02.0/virtio1
put "$S/$V/vendor" 0x1af4
put "$S/$V/device" 0x0002
disk "$S" "$V/block/vda" vda 254:0
link "../../../virtio1" "$S/$V/block/vda/device"
queue "$S/$V/block/vda" 1 "write back" 512 4096 "none [mq-deadline] kyber bfq"
part "$S" "$V/block/vda" vda1 254:1 1
for i in 0 1; do
	disk "$S" "devices/virtual/block/loop$i" "loop$i" "7:$i"
	queue "$S/devices/virtual/block/loop$i" 1 "write back" 512 512 "[none] mq-deadline kyber bfq"
done
put "$S/devices/virtual/block/loop0/loop/backing_file" /var/lib/images/data.img
disk "$S" devices/virtual/block/zram0 zram0 253:0
queue "$S/devices/virtual/block/zram0" 0 "write through" 4096 4096 ""

T=virtio-loop/t0/proc; put "$T/diskstats" "$(cat <<'X'
   7       0 loop0 5000 0 400000 900 20000 0 1600000 30000 0 25000 31000 0 0 0 0 0 0
   7       1 loop1 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
 254       0 vda 32903 5394 1376658 7465 18677 12016 1678024 11500 0 11116 19970 6563 76 629800 737 3771 266
 254       1 vda1 32000 5394 1370000 7400 18677 12016 1678024 11500 0 11000 18900 6563 76 629800 737 0 0
 253       0 zram0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
X
)"
T=virtio-loop/t1/proc; put "$T/diskstats" "$(cat <<'X'
   7       0 loop0 10 0 80 1 4 0 32 1 0 3 2 0 0 0 0 0 0
   7       1 loop1 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
 254       0 vda 32906 5394 1376714 7466 18705 12083 1678784 11526 0 11130 20000 6565 76 629816 737 3774 268
 254       1 vda1 32003 5394 1370056 7401 18705 12083 1678784 11526 0 11014 18930 6565 76 629816 737 0 0
 253       0 zram0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
X
)"

# --- mountinfo (proc(5) format) for ResolveDir, in each case's t0/proc/self.
put seed002/t0/proc/self/mountinfo "$(cat <<'X'
22 1 9:127 / / rw,relatime shared:1 - xfs /dev/md127 rw,attr2,inode64,logbufs=8,logbsize=32k,noquota
23 22 0:21 / /proc rw,nosuid,nodev,noexec,relatime shared:12 - proc proc rw
24 22 0:22 / /sys rw,nosuid,nodev,noexec,relatime shared:2 - sysfs sysfs rw
25 22 0:23 / /dev/shm rw,nosuid,nodev shared:3 - tmpfs tmpfs rw
26 22 259:2 / /boot rw,relatime shared:4 - xfs /dev/nvme0n1p2 rw,attr2,inode64,noquota
X
)"
put nvme-dm/t0/proc/self/mountinfo "$(cat <<'X'
22 1 253:0 / / rw,relatime shared:1 - ext4 /dev/mapper/vg0-root rw,errors=remount-ro
25 22 0:25 / /run rw,nosuid,nodev,noexec,relatime shared:5 - tmpfs tmpfs rw,size=3280572k,mode=755
26 22 259:2 / /boot rw,relatime shared:4 - ext4 /dev/nvme0n1p2 rw
40 22 0:52 / /var/lib/docker/overlay2/abc/merged rw,relatime - overlay overlay rw,lowerdir=/var/lib/docker/overlay2/l/X:/var/lib/docker/overlay2/l/Y,upperdir=/var/lib/docker/overlay2/abc/diff,workdir=/var/lib/docker/overlay2/abc/work
41 22 0:53 / /mnt/backup\040dumps rw,relatime - nfs4 fileserver:/export/dumps rw,vers=4.2
X
)"
put virtio-loop/t0/proc/self/mountinfo "$(cat <<'X'
22 1 254:1 / / rw,relatime shared:1 - ext4 /dev/vda1 rw,discard
30 22 7:0 / /srv/data rw,relatime shared:7 - ext4 /dev/loop0 rw
X
)"
