#!/usr/bin/env bash
# Fetch GNOME Aisleriot's compiled game rules for the differential tests, without installing
# the GUI: guile-3.0 from Debian, then the aisleriot .deb downloaded and extracted into
# $AISLERIOT_GO_DIR (default /opt/aisleriot). Run as root on a fresh Debian machine.
set -euo pipefail

target=${AISLERIOT_GO_DIR:-/opt/aisleriot}
go_dir=$target/usr/lib/x86_64-linux-gnu/aisleriot/guile/3.0
export DEBIAN_FRONTEND=noninteractive

if ! command -v guile >/dev/null && ! command -v guile3.0 >/dev/null; then
    apt-get install -y -qq --no-install-recommends guile-3.0 >/dev/null \
        || { apt-get update -qq && apt-get install -y -qq --no-install-recommends guile-3.0 >/dev/null; }
fi

if [ -f "$go_dir/aisleriot/api.go" ]; then
    echo "aisleriot: compiled rules already in $go_dir"
    exit 0
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# apt-get download writes into the current directory; _apt may not write to a private one.
chmod 755 "$work"
cd "$work"
apt-get download aisleriot >/dev/null 2>&1 || { apt-get update -qq && apt-get download aisleriot; }
mkdir -p "$target"
dpkg -x aisleriot_*.deb "$target"
test -f "$go_dir/aisleriot/api.go"
echo "aisleriot: $(ls "$go_dir"/*.go | wc -l) games in $go_dir"
