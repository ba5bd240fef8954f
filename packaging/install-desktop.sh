#!/usr/bin/env bash
# Register a frozen m3desk with the Linux desktop (freedesktop.org): menu entry, icon, and the
# .m3c/.m3m/.m3e file types, so that a double-click on a sheet opens m3desk.
#
#   packaging/install-desktop.sh [--bundle DIR] [--prefix PREFIX] [--uninstall]
#
#   --bundle DIR     the one-folder bundle holding the m3desk executable
#                    (default: the repo's dist/m3desk, i.e. what build.sh made)
#   --prefix PREFIX  install under PREFIX/share (default: $XDG_DATA_HOME, i.e. ~/.local/share,
#                    for the current user only; use /usr/local for everyone, as root)
#   --uninstall      remove what an install put there
#
# What goes where (the freedesktop.org specs; see packaging/README.md):
#   applications/org.m3desk.M3desk.desktop        Exec= points at the bundle
#   mime/packages/org.m3desk.M3desk.xml           the three MIME types and their globs
#   icons/hicolor/<n>x<n>/apps/org.m3desk.M3desk.png and scalable/apps/...svg
#   icons/hicolor/<n>x<n>/mimetypes/application-x-m3desk-*.png   file icons for the documents
# then refreshes the MIME, desktop and icon caches when those tools are installed. The app
# itself is not copied: move the bundle first (e.g. to ~/.local/opt/m3desk) if dist/ is temporary.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(dirname "$HERE")"
APP_ID="org.m3desk.M3desk"
MIME_TYPES=(application/x-m3desk-character application/x-m3desk-monster application/x-m3desk-encounter)

bundle="$ROOT/dist/m3desk"
data_dir="${XDG_DATA_HOME:-$HOME/.local/share}"
uninstall=0
per_user=1  # 0 with --prefix: then leave the user's own settings (mimeapps.list) alone
while [[ $# -gt 0 ]]; do
    case "$1" in
        --bundle) bundle="$2"; shift 2 ;;
        --prefix) data_dir="$2/share"; per_user=0; shift 2 ;;
        --uninstall) uninstall=1; shift ;;
        -h|--help) sed -n '2,19p' "$0"; exit 0 ;;
        *) echo "install-desktop.sh: unknown option $1" >&2; exit 2 ;;
    esac
done

icons_src="$ROOT/resources/icons"
sizes=()
for dir in "$icons_src"/hicolor/*x*/; do sizes+=("$(basename "$dir")"); done

apps_dir="$data_dir/applications"
mime_dir="$data_dir/mime"
hicolor="$data_dir/icons/hicolor"

# Each file this script owns, relative to $data_dir (used by install and uninstall alike).
owned=("applications/$APP_ID.desktop" "mime/packages/$APP_ID.xml"
       "icons/hicolor/scalable/apps/$APP_ID.svg")
for size in "${sizes[@]}"; do
    owned+=("icons/hicolor/$size/apps/$APP_ID.png")
    for mime in "${MIME_TYPES[@]}"; do owned+=("icons/hicolor/$size/mimetypes/${mime//\//-}.png"); done
done

refresh_caches() {
    # Each tool is optional: without it the desktop picks the files up later (or on next login).
    if command -v update-mime-database >/dev/null; then update-mime-database "$mime_dir"; fi
    if command -v update-desktop-database >/dev/null; then update-desktop-database -q "$apps_dir"; fi
    if command -v gtk-update-icon-cache >/dev/null && [[ -f "$hicolor/index.theme" ]]; then
        gtk-update-icon-cache -q -t -f "$hicolor" || true  # a stale cache only delays the icon
    fi
}

if [[ $uninstall -eq 1 ]]; then
    for file in "${owned[@]}"; do rm -f "$data_dir/$file"; done
    mkdir -p "$mime_dir/packages" "$apps_dir"
    refresh_caches
    echo "m3desk desktop integration removed from $data_dir"
    exit 0
fi

executable="$(cd "$bundle" 2>/dev/null && pwd)/m3desk" || true
if [[ ! -x "$executable" ]]; then
    echo "install-desktop.sh: no m3desk executable in '$bundle' (run packaging/build.sh first)" >&2
    exit 1
fi

# Desktop Entry spec, "The Exec key": quote the path; inside the quotes escape \ " ` $ with a
# backslash; then, as for every string value, write each backslash twice.
quoted="$executable"
for ch in '\' '"' '`' '$'; do quoted="${quoted//"$ch"/\\$ch}"; done
exec_value="\"${quoted//\\/\\\\}\" %F"
try_exec_value="${executable//\\/\\\\}"

install -d "$apps_dir" "$mime_dir/packages" "$hicolor/scalable/apps"
# Copy the entry line by line (no sed: a path may contain its special characters).
while IFS= read -r line || [[ -n "$line" ]]; do
    case "$line" in
        Exec=*) printf 'Exec=%s\n' "$exec_value" ;;
        TryExec=*) printf 'TryExec=%s\n' "$try_exec_value" ;;
        *) printf '%s\n' "$line" ;;
    esac
done < "$ROOT/resources/desktop/$APP_ID.desktop" > "$apps_dir/$APP_ID.desktop"
chmod 644 "$apps_dir/$APP_ID.desktop"
install -m 644 "$ROOT/resources/desktop/$APP_ID.xml" "$mime_dir/packages/$APP_ID.xml"
install -m 644 "$icons_src/m3desk.svg" "$hicolor/scalable/apps/$APP_ID.svg"
for size in "${sizes[@]}"; do
    png="$icons_src/hicolor/$size/apps/$APP_ID.png"
    install -D -m 644 "$png" "$hicolor/$size/apps/$APP_ID.png"
    # The documents show the app's icon (the MIME spec's default icon name for a type is the
    # type with "/" replaced by "-").
    for mime in "${MIME_TYPES[@]}"; do
        install -D -m 644 "$png" "$hicolor/$size/mimetypes/${mime//\//-}.png"
    done
done

refresh_caches
# Make m3desk the user's default for its own types (it is normally the only handler anyway).
# xdg-mime writes ~/.config/mimeapps.list whatever the prefix, so only for a per-user install.
if [[ $per_user -eq 1 ]] && command -v xdg-mime >/dev/null; then
    xdg-mime default "$APP_ID.desktop" "${MIME_TYPES[@]}" 2>/dev/null || true
fi
echo "m3desk registered in $data_dir (Exec: $executable)"
