#!/usr/bin/env bash
# The Debian packages the tests drive, checked in well under a second before anything slow runs. Run as root on
# Debian (as CI runs), the missing ones are installed; otherwise this stops with the one command that installs
# them. `--check` only checks, even as root. SYSTEM_ROOT (empty by default) is where the file system is looked
# at, so the check itself can be tested against a folder that lacks some packages.
set -euo pipefail

root="${SYSTEM_ROOT:-}"
missing=()
# Browser tests drive Debian's Chromium; no browser is downloaded.
[ -x "$root/usr/bin/chromium" ] || missing+=(chromium)
# Suites that share one database between server processes use Debian's PostgreSQL beside the embedded one.
compgen -G "$root/usr/lib/postgresql/*/bin/initdb" >/dev/null || missing+=(postgresql)
# Quotation PDFs are checked by their text.
[ -x "$root/usr/bin/pdftotext" ] || missing+=(poppler-utils)
# The buyers' answers are read from a real IMAP server: Dovecot and its IMAP service.
{ [ -x "$root/usr/sbin/dovecot" ] && [ -x "$root/usr/lib/dovecot/imap" ]; } || missing+=(dovecot-imapd)
# Files are shown to reach the disk before a request is acknowledged, by tracing the server's system calls.
[ -x "$root/usr/bin/strace" ] || missing+=(strace)

[ "${#missing[@]}" -eq 0 ] && exit 0

if [ "${1:-}" != "--check" ] && [ "$EUID" -eq 0 ] && [ -z "$root" ] && [ -x /usr/bin/apt-get ]; then
  echo "Installing the system packages the tests need: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}"
  exit 0
fi

echo "The tests need system packages that are missing (${missing[*]}); install them with:" \
  "sudo apt-get update && sudo apt-get install -y --no-install-recommends ${missing[*]}" >&2
exit 1
