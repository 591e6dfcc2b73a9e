#!/usr/bin/env bash
# Debian packages the build and the tests need: Chromium (browser tests),
# Noto CJK and Liberation (the printables name both), poppler-utils (printable previews), redis-server (the rooms
# across processes; tests and benchmarks start their own on a free loopback port, never the system's service),
# nginx-light (the slow test that runs server/README.md's proxy example with its own config and temporary folder).
# Installs only what is missing; needs root (CI runs as root).
set -euo pipefail
missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
fc-list 2>/dev/null | grep -q "Noto Sans CJK JP" || missing+=(fonts-noto-cjk)
fc-list 2>/dev/null | grep -q "Liberation Sans" || missing+=(fonts-liberation)
fc-list 2>/dev/null | grep -q "DejaVu Sans" || missing+=(fonts-dejavu-core)
command -v pdftoppm >/dev/null 2>&1 || missing+=(poppler-utils)
command -v redis-server >/dev/null 2>&1 || missing+=(redis-server)
command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || missing+=(nginx-light)
if [ ${#missing[@]} -eq 0 ]; then exit 0; fi
if [ "$(id -u)" != 0 ]; then
  echo "setup-system: missing Debian packages: ${missing[*]}; run as root or: sudo apt-get install ${missing[*]}" >&2
  exit 1
fi
echo "setup-system: installing ${missing[*]}"
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
