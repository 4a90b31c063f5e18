#!/usr/bin/env bash
# The Debian package (issue 20): cpack builds it from this build tree; `dpkg -x` installs it into a temporary
# root; from there the CLI reads the bundled sample (a session's "sample:" paths resolve to the installed copy)
# and the GUI exports a chart headless. Checks the package's metadata (shlibdeps found Qt and ReadStat), the
# desktop entry, the MIME type and the man pages.
# Usage: test_package.sh BUILD_DIR
set -euo pipefail
BUILD=$(cd "$1" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

cpack --config "$BUILD/CPackConfig.cmake" -B "$tmp/out" >"$tmp/cpack.log" 2>&1 || { cat "$tmp/cpack.log"; fail "cpack"; }
deb=$(ls "$tmp"/out/*.deb)
echo "package: $(basename "$deb") ($(du -h "$deb" | cut -f1))"
info=$(dpkg-deb --info "$deb")
grep -q "^ Package: rr-explorer$" <<<"$info" || fail "package name"
grep -q "^  parameters that keep it" <<<"$info" || fail "description: $(grep -A3 '^ Description' <<<"$info")"
for dep in libqt6widgets6 libqt6charts6 libreadstat1 libsodium23 libpq5 qt6-qpa-plugins; do
  grep -q "^ Depends:.*$dep" <<<"$info" || fail "Depends lacks $dep: $(grep '^ Depends' <<<"$info")"
done

root=$tmp/root
dpkg -x "$deb" "$root"
for f in usr/bin/rr-explorer usr/bin/rr-explorer-cli; do [ -x "$root/$f" ] || fail "$f missing"; done
for f in usr/share/applications/rr-explorer.desktop usr/share/icons/hicolor/scalable/apps/rr-explorer.svg \
         usr/share/mime/packages/rr-explorer.xml usr/share/rr-explorer/data/adult.data.csv \
         usr/share/man/man1/rr-explorer-cli.1.gz usr/share/man/man1/rr-explorer.1.gz \
         usr/share/doc/rr-explorer/README.md; do
  [ -f "$root/$f" ] || fail "$f missing"
done
# Nothing of the build or the source tree inside, and the Python module stays out.
if dpkg-deb --contents "$deb" | grep -Eq "CMakeFiles|\.o$|rr_explorer_core|/tests/"; then fail "build files in the package"; fi

grep -q "^Exec=rr-explorer %F$" "$root/usr/share/applications/rr-explorer.desktop" || fail "desktop Exec"
grep -q "^MimeType=application/x-rr-explorer-session;" "$root/usr/share/applications/rr-explorer.desktop" || fail "desktop MimeType"
python3 - "$root/usr/share/mime/packages/rr-explorer.xml" <<'PY' || fail "MIME type"
import sys, xml.etree.ElementTree as ET
ns = {"m": "http://www.freedesktop.org/standards/shared-mime-info"}
t = ET.parse(sys.argv[1]).getroot().find("m:mime-type", ns)
assert t.get("type") == "application/x-rr-explorer-session"
assert t.find("m:magic/m:match", ns).get("value") == '"rr-explorer-session"'
PY
# The man pages render and name every command.
MANWIDTH=100 man -l "$root/usr/share/man/man1/rr-explorer-cli.1.gz" >"$tmp/cli.txt" 2>/dev/null || fail "man rr-explorer-cli"
for c in describe risk reidentification optimize randomize reconstruct anonymize anatomy basket; do
  grep -q "^   $c$" "$tmp/cli.txt" || fail "man page lacks a section for $c"
done
grep -q -- "--knows" "$tmp/cli.txt" || fail "man page lacks optimize's --knows"
MANWIDTH=100 man -l "$root/usr/share/man/man1/rr-explorer.1.gz" | grep -q -- "--export-chart" || fail "man rr-explorer"

# Run from the installed root, away from the source tree.
cd "$tmp"
"$root/usr/bin/rr-explorer-cli" describe --data "$root/usr/share/rr-explorer/data/adult.data.csv" >describe.json
python3 -c 'import json,sys; j=json.load(open("describe.json")); assert j["rows"] == 32561, j["rows"]' || fail "describe"
cat >session.json <<'JSON'
{"format": "rr-explorer-session", "version": 1, "data": ["sample:adult.data.csv", "sample:adult.test.csv"],
 "roles": {"quasiIdentifiers": ["education", "marital-status", "sex", "race"], "sensitive": "workclass"},
 "missingPolicy": "drop-incomplete", "mode": "qi", "p": {"education": 0.6}, "tau": 0.3333333333333333}
JSON
"$root/usr/bin/rr-explorer-cli" risk --session session.json >risk.json
python3 -c 'import json; j=json.load(open("risk.json")); assert j["rows"] == 45222, j["rows"]' || fail "risk --session"
QT_QPA_PLATFORM=offscreen XDG_RUNTIME_DIR=$tmp "$root/usr/bin/rr-explorer" --session session.json --export-chart risk \
  --out risk.png >export.log 2>&1 || { cat export.log; fail "headless export"; }
[ "$(head -c 8 risk.png | od -An -tx1 | tr -d ' \n')" = "89504e470d0a1a0a" ] || fail "risk.png is not a PNG"
echo "package test passed"
