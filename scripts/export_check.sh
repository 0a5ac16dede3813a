#!/usr/bin/env bash
# Exports the game the way an export-template CI would, and checks what came out:
#   1. Linux (preset "Linux") with the debug export template of the same engine build
#      (../shared/tools/godot/templates/linux_debug.x86_64, installed where Godot looks for it);
#   2. the exported game runs headless: it loads the extension from beside the binary and the
#      main menu, with no error line (scanned like the engine tests);
#   3. its pack holds levels.json and the fonts, and no tests;
#   4. once under Xvfb (Compatibility renderer) it draws the menu: one frame saved as PNG
#      (Movie Maker mode of the exported game), default build/export/linux_menu.png;
#   5. the Android preset's pack (--export-pack: no Android template or SDK needed) and its file list.
#
#   scripts/export_check.sh [OUT_DIR]     (default: build/export; needs scripts/build_gdext.sh first)
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
OUT="$(mkdir -p "${1:-$ROOT/build/export}" && cd "${1:-$ROOT/build/export}" && pwd)"
GODOT=$("$ROOT/scripts/godot_check.sh" --binary)
VERSION=$("$GODOT" --version | tail -1 | sed -E 's/^([0-9]+\.[0-9]+(\.[0-9]+)?\.[a-z]+).*/\1/')
TEMPLATES="${XDG_DATA_HOME:-$HOME/.local/share}/godot/export_templates/$VERSION"
SHARED_TEMPLATE="$(dirname "$GODOT")/templates/linux_debug.x86_64"
fail() { echo "FAIL export: $*" >&2; exit 1; }

echo "== export template for $VERSION"
if [ ! -f "$TEMPLATES/linux_debug.x86_64" ]; then
    [ -f "$SHARED_TEMPLATE" ] || fail "no template at $TEMPLATES or $SHARED_TEMPLATE"
    mkdir -p "$TEMPLATES"
    cp "$SHARED_TEMPLATE" "$TEMPLATES/linux_debug.x86_64"
fi
echo "$TEMPLATES/linux_debug.x86_64"

echo "== export Linux (debug)"
rm -rf "$OUT/linux" && mkdir -p "$OUT/linux"
"$GODOT" --headless --path "$ROOT/godot_project" --export-debug "Linux" "$OUT/linux/screwsmith.x86_64" \
    >"$OUT/export_linux.log" 2>&1 || { cat "$OUT/export_linux.log" >&2; fail "Linux export"; }
ls -l "$OUT/linux" | sed 's/^/  /'
LIB=$("$ROOT/scripts/build_gdext.sh" --name linux debug x86_64)
for f in screwsmith.x86_64 screwsmith.pck "$LIB"; do
    [ -f "$OUT/linux/$f" ] || fail "$f is not beside the exported binary"
done

echo "== the Linux pack"
python3 "$ROOT/scripts/pck_list.py" "$OUT/linux/screwsmith.pck" >"$OUT/linux_pack.txt"
echo "  $(wc -l <"$OUT/linux_pack.txt") files"
check_pack() {
    local list=$1
    # Paths are stored without "res://"; a font travels as its imported .fontdata.
    grep -q "^levels/levels.json" "$list" || fail "$list: no levels.json"
    local face
    for face in NotoSans-Subset.ttf NotoSansJP-Subset.otf NotoSansSC-Subset.otf \
        NotoSansTC-Subset.otf NotoSansKR-Subset.otf; do
        grep -q "^.godot/imported/$face-.*\.fontdata" "$list" || fail "$list: no $face"
    done
    grep -q "^screwsmith.gdextension" "$list" || fail "$list: no .gdextension"
    if grep "^tests/" "$list"; then fail "$list: the tests were exported"; fi
}
check_pack "$OUT/linux_pack.txt"

echo "== the exported game, headless (300 frames)"
# Its own save file: the player's user://save.json is left alone.
"$OUT/linux/screwsmith.x86_64" --headless --quit-after 300 -- --save=user://export_check.json \
    >"$OUT/run_headless.log" 2>&1 \
    || { cat "$OUT/run_headless.log" >&2; fail "the exported game exited with an error"; }
grep -q "Initialize godot-rust" "$OUT/run_headless.log" || fail "the extension did not load"
sed 's/^/  /' "$OUT/run_headless.log" | head -5
"$ROOT/scripts/godot_check.sh" --scan-errors "$OUT/run_headless.log" "exported game"

echo "== the exported game under Xvfb: one frame of the menu"
if command -v xvfb-run >/dev/null; then
    rm -rf "$OUT/movie" && mkdir -p "$OUT/movie"
    xvfb-run -a -s "-screen 0 800x1700x24" "$OUT/linux/screwsmith.x86_64" \
        --rendering-method gl_compatibility --rendering-driver opengl3 --resolution 720x1600 \
        --fixed-fps 10 --write-movie "$OUT/movie/frame.png" --quit-after 20 \
        -- --save=user://export_check.json >"$OUT/run_xvfb.log" 2>&1 || { cat "$OUT/run_xvfb.log" >&2; fail "the exported game under Xvfb"; }
    "$ROOT/scripts/godot_check.sh" --scan-errors "$OUT/run_xvfb.log" "exported game (Xvfb)"
    last=$(ls "$OUT"/movie/frame*.png | sort | tail -1)
    cp "$last" "$OUT/linux_menu.png"
    grep -E "OpenGL API" "$OUT/run_xvfb.log" | sed 's/^/  /'
    echo "  $OUT/linux_menu.png"
else
    echo "SKIPPED: no xvfb-run (apt-get install xvfb)"
fi

echo "== Android: --export-pack (the pack an Android export would ship)"
"$GODOT" --headless --path "$ROOT/godot_project" --export-pack "Android" "$OUT/android.pck" \
    >"$OUT/export_android.log" 2>&1 || { cat "$OUT/export_android.log" >&2; fail "Android pack"; }
python3 "$ROOT/scripts/pck_list.py" "$OUT/android.pck" >"$OUT/android_pack.txt"
check_pack "$OUT/android_pack.txt"
echo "  $(wc -l <"$OUT/android_pack.txt") files in android.pck:"
sed 's/^/    /' "$OUT/android_pack.txt"
