#!/usr/bin/env bash
# Installs what dumpscope's demo and tests need and this machine lacks: a MariaDB server and
# client (sandboxes, differential tests), sysstat (iostat is the oracle for the sampler),
# fio (probe comparison), prometheus (promtool and a real server for the metrics tests),
# libisal-dev (ISA-L's gzip inflate, built in by scripts/gotags) and isal (igzip, for
# comparing against it).
# Debian/Ubuntu; needs root (or sudo). Does nothing when all exist.
set -euo pipefail
need=()
have() { command -v "$1" >/dev/null 2>&1 || [ -x "/usr/sbin/$1" ]; }
have mariadbd || have mysqld || need+=(mariadb-server)
have mariadb || need+=(mariadb-client)
have mariadb-dump || need+=(mariadb-client)
have iostat || need+=(sysstat)
have fio || need+=(fio)
have zstd || need+=(zstd)
have xz || need+=(xz-utils)
have bzip2 || need+=(bzip2)
have losetup || need+=(mount)
have findmnt || need+=(util-linux)
have mkfs.ext4 || need+=(e2fsprogs)
have prometheus || need+=(prometheus)
have promtool || need+=(prometheus)
[ -e /usr/include/isa-l/igzip_lib.h ] || need+=(libisal-dev)
have igzip || need+=(isal)
[ ${#need[@]} -eq 0 ] && exit 0
sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
echo "installing: ${need[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends $(printf '%s\n' "${need[@]}" | sort -u) >/dev/null
