#!/usr/bin/env bash
# Build the one-folder m3desk bundle into dist/m3desk/ from a clean state, then prove it starts:
# the frozen `m3desk --self-test` must print "self-test ok". Prints the bundle size.
#
#   packaging/build.sh            (from anywhere; uses the repo's .venv unless $PYTHON is set)
#
# About 25 s on the 2-vCPU reference box. Output: dist/m3desk/ (the app),
# build/pyinstaller/ (PyInstaller's work files and build.log).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
PYTHON="${PYTHON:-$ROOT/.venv/bin/python}"
WORK="build/pyinstaller"
DIST="dist"
BUNDLE="$DIST/m3desk"
started=$SECONDS

# Clean state: no stale files from an earlier build can hide a missing one.
rm -rf "$WORK" "$BUNDLE"
mkdir -p "$WORK"

echo "build.sh: freezing with $("$PYTHON" -m PyInstaller --version 2>/dev/null || echo '?') ($PYTHON)"
if ! "$PYTHON" -m PyInstaller --noconfirm --clean --log-level WARN \
        --workpath "$WORK" --distpath "$DIST" packaging/m3desk.spec > "$WORK/build.log" 2>&1; then
    tail -n 40 "$WORK/build.log" >&2
    echo "build.sh: PyInstaller failed (full log: $WORK/build.log)" >&2
    exit 1
fi
# The spec's own summary of what it pruned.
grep '^m3desk.spec:' "$WORK/build.log" | cut -c1-160 || true

# Smoke test the frozen app headless, with a throw-away profile so a real one is never touched.
profile="$(mktemp -d)"
trap 'rm -rf "$profile"' EXIT
set +e
output="$(QT_QPA_PLATFORM=offscreen M3DESK_HOME="$profile" "$BUNDLE/m3desk" --self-test 2>&1)"
status=$?
set -e
if [[ $status -ne 0 || "$output" != *"self-test ok"* ]]; then
    printf '%s\n' "$output" >&2
    echo "build.sh: the frozen self-test FAILED (exit status $status)" >&2
    exit 1
fi
grep 'self-test ok' <<< "$output"

size_mb="$(du -sm "$BUNDLE" | cut -f1)"
files="$(find "$BUNDLE" -type f | wc -l)"
echo "build.sh: OK - $BUNDLE is ${size_mb} MB in ${files} files, built in $((SECONDS - started)) s"
