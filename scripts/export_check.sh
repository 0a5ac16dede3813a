#!/usr/bin/env bash
# Exports the game the way a player gets it, and tests what came out:
#   1. the shipping preset "Linux" with the debug and the release export template of the same
#      engine build (../shared/tools/godot/templates/linux_{debug,release}.x86_64, installed where
#      Godot looks for them); the release export carries the release extension library
#      (scripts/build_gdext.sh release: [profile.mobile]);
#   2. both shipping packs hold levels.json, the fonts and the .gdextension, and no tests (the
#      CI preset's pack, which holds them, must fail the same check: the check can fail); the
#      release library holds no class documentation text (the debug one must: the check can fail);
#   3. both shipping games run headless (the extension loads from beside the binary, the menu opens,
#      no error line); the release game under Xvfb draws the menu with Compatibility and with Mobile:
#      one frame each saved as PNG (Movie Maker mode; build/export/linux_menu.png and
#      linux_menu_mobile.png), both non-blank and agreeing (screwsmith audit agree);
#   4. the CI-only preset "Linux CI tests" (the same game plus tests/) exported with both templates,
#      and engine suites run inside those games (scripts/godot_check.sh --exported): first
#      tests/exported/build_check.gd (an export template of the expected kind, the expected library
#      beside the binary), then $EXPORTED_DEBUG_TESTS / $EXPORTED_RELEASE_TESTS (below); the board
#      benchmark runs in the release game;
#   5. the Android preset's pack (--export-pack: no Android template or SDK needed) and its file list.
# Every run fails on scripts/godot_check.sh's error lines (which include "Can't open dynamic
# library" and "Error loading extension").
#
#   scripts/export_check.sh [OUT_DIR]     (default: build/export; needs scripts/build_gdext.sh debug
#                                          and release first)
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
OUT="$(mkdir -p "${1:-$ROOT/build/export}" && cd "${1:-$ROOT/build/export}" && pwd)"
CHECK="$ROOT/scripts/godot_check.sh"
GODOT=$("$CHECK" --binary)
VERSION=$("$GODOT" --version | tail -1 | sed -E 's/^([0-9]+\.[0-9]+(\.[0-9]+)?\.[a-z]+).*/\1/')
TEMPLATES="${XDG_DATA_HOME:-$HOME/.local/share}/godot/export_templates/$VERSION"
SHARED_TEMPLATES="$(dirname "$GODOT")/templates"
CI_PRESET="Linux CI tests"
fail() { echo "FAIL export: $*" >&2; exit 1; }

# The suites each exported test game runs after build_check.gd, chosen to prove the point without
# running every suite three times (the editor run, scripts/godot_check.sh, runs them all): the debug
# template proves the export packs and loads what the suites need; the release template is what
# players run, so it gets the extension, every stored solution, every scene, a level played by taps
# through the real input path, a loss, the animations, the board benchmark, and the licences
# screen (its texts are plain files the export must carry).
# RUN in a save path becomes the run's own folder (as in godot_check.sh). EXPORTED_SUITES=all runs every
# suite of scripts/godot_check.sh in both exported games instead (none needs the editor: see README).
EXPORTED_DEBUG_TESTS=(
    "res://tests/run_all.gd"
)
EXPORTED_RELEASE_TESTS=(
    "res://tests/run_all.gd"
    "res://tests/e2e/play_test.gd -- --save=user://e2e/RUN/play.json --phase=first"
    "res://tests/e2e/lose_test.gd -- --save=user://e2e/RUN/lose.json"
    "res://tests/e2e/motion_test.gd -- --save=user://e2e/RUN/motion.json"
    "res://tests/bench/board_bench.gd -- --save=user://e2e/RUN/bench_play.json --motion=play"
    "res://tests/e2e/licences_test.gd -- --save=user://e2e/RUN/licences.json"
)

echo "== export templates for $VERSION"
for kind in debug release; do
    if [ ! -f "$TEMPLATES/linux_$kind.x86_64" ]; then
        [ -f "$SHARED_TEMPLATES/linux_$kind.x86_64" ] \
            || fail "no linux_$kind.x86_64 template in $TEMPLATES or $SHARED_TEMPLATES"
        mkdir -p "$TEMPLATES"
        cp "$SHARED_TEMPLATES/linux_$kind.x86_64" "$TEMPLATES/"
    fi
    echo "$TEMPLATES/linux_$kind.x86_64"
done

# export PRESET debug|release DIR BINARY: one export, checked for the binary, its pack and the
# extension library the .gdextension lists for that kind.
export_game() {
    local preset=$1 kind=$2 dir=$3 binary=$4 lib started=$SECONDS
    rm -rf "${dir:?}" && mkdir -p "$dir"
    "$GODOT" --headless --path "$ROOT/godot_project" "--export-$kind" "$preset" "$dir/$binary" \
        >"$dir.export.log" 2>&1 || { cat "$dir.export.log" >&2; fail "$preset ($kind) export"; }
    "$CHECK" --scan-errors "$dir.export.log" "$preset ($kind) export"
    lib=$("$ROOT/scripts/build_gdext.sh" --name linux "$kind" x86_64)
    for f in "$binary" "${binary%.*}.pck" "$lib"; do
        [ -f "$dir/$f" ] || fail "$preset ($kind): $f is not beside the exported binary"
    done
    python3 "$ROOT/scripts/pck_list.py" "$dir/${binary%.*}.pck" >"$dir.pack.txt"
    echo "  $preset ($kind): $(wc -l <"$dir.pack.txt") files in the pack, $lib" \
        "$(stat -c %s "$dir/$lib") bytes ($((SECONDS - started)) s)"
}

# check_pack LIST: what a shipping pack must hold, and no tests.
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
    # The licences screen reads these at run time (plain files: exported by the include filter).
    local text
    for text in licences/rust_crates.txt fonts/OFL.txt; do
        grep -q "^$text[[:space:]]" "$list" || fail "$list: no $text"
    done
    if grep "^tests/" "$list"; then fail "$list: the tests were exported"; fi
    # The boot splash and the window icon (project.godot) are read as images at start, not imported:
    # the export must carry the files themselves (the launcher icons go to the store package).
    local art
    for art in store/splash.png store/icon.png; do
        grep -q "^$art[[:space:]]" "$list" || fail "$list: no $art (boot splash / icon)"
    done
}

# run_game BINARY LOG [ARGS…]: the exported game headless for 300 frames on its own save file
# (the player's user://save.json is left alone); it must load the extension and print no error.
run_game() {
    local game=$1 log=$2
    shift 2
    "$game" --headless --quit-after 300 "$@" -- --save=user://export_check.json >"$log" 2>&1 \
        || { cat "$log" >&2; fail "$game exited with an error"; }
    grep -q "Initialize godot-rust" "$log" || fail "$game: the extension did not load"
    sed 's/^/  /' "$log" | head -3
    "$CHECK" --scan-errors "$log" "$game"
}

# class_docs LIBRARY: how many of the class-documentation markers the library holds as text (the XML
# gdext's register-docs compiles in for the editor's help, and one sentence of GameSim's /// doc).
DOC_MARKERS=('<method name="' 'One game of one Screwsmith level')
class_docs() {
    local n=0 marker
    for marker in "${DOC_MARKERS[@]}"; do
        if grep -aqF "$marker" "$1"; then n=$((n + 1)); fi
    done
    echo $n
}

echo "== the shipping preset \"Linux\", debug and release templates"
for kind in debug release; do
    export_game "Linux" "$kind" "$OUT/linux_$kind" screwsmith.x86_64
    check_pack "$OUT/linux_$kind.pack.txt"
    run_game "$OUT/linux_$kind/screwsmith.x86_64" "$OUT/run_headless_$kind.log"
done
echo "  both shipping packs: levels, fonts, .gdextension, no tests/"

echo "== class docs: in the editor's (debug) library only"
debug_lib="$OUT/linux_debug/$("$ROOT/scripts/build_gdext.sh" --name linux debug x86_64)"
release_lib="$OUT/linux_release/$("$ROOT/scripts/build_gdext.sh" --name linux release x86_64)"
# The debug library must hold every marker, or the check below could not see docs if they were there.
[ "$(class_docs "$debug_lib")" = "${#DOC_MARKERS[@]}" ] \
    || fail "the debug library lacks the class docs the editor shows (register-docs off?)"
[ "$(class_docs "$release_lib")" = 0 ] \
    || fail "the shipping library holds class documentation text (built without --no-default-features?)"
echo "  debug library: ${#DOC_MARKERS[@]}/${#DOC_MARKERS[@]} doc markers; release library: 0, $(stat -c %s "$release_lib") bytes"

echo "== the release game under Xvfb: one frame of the menu"
if command -v xvfb-run >/dev/null; then
    rm -rf "$OUT/movie" && mkdir -p "$OUT/movie"
    xvfb-run -a -s "-screen 0 800x1700x24" "$OUT/linux_release/screwsmith.x86_64" \
        --rendering-method gl_compatibility --rendering-driver opengl3 --resolution 720x1600 \
        --fixed-fps 10 --write-movie "$OUT/movie/frame.png" --quit-after 20 \
        -- --save=user://export_check.json >"$OUT/run_xvfb.log" 2>&1 \
        || { cat "$OUT/run_xvfb.log" >&2; fail "the exported game under Xvfb"; }
    "$CHECK" --scan-errors "$OUT/run_xvfb.log" "exported game (Xvfb)"
    last=$(ls "$OUT"/movie/frame*.png | sort | tail -1)
    cp "$last" "$OUT/linux_menu.png"
    grep -E "OpenGL API" "$OUT/run_xvfb.log" | sed 's/^/  /'
    echo "  $OUT/linux_menu.png"
else
    echo "SKIPPED: no xvfb-run (apt-get install xvfb)"
fi

# --- renderers: the release game's menu drawn by Mobile as well, checked against Compatibility's ---
# Mobile (Forward Mobile on Vulkan: what phones run; Mesa's lavapipe here, mesa-vulkan-drivers) draws
# the same first frames; both must be non-blank and agree (`screwsmith audit agree`: over the board
# band, median ΔE ≤ 2, p95 ≤ 8, mean L* within 2). Its own block: the board itself is compared in
# scripts/pixel_audit.sh.
echo "== the release game under Xvfb with the Mobile renderer, compared with Compatibility"
if command -v xvfb-run >/dev/null && [ -f "$OUT/linux_menu.png" ]; then
    rm -rf "$OUT/movie_mobile" && mkdir -p "$OUT/movie_mobile"
    xvfb-run -a -s "-screen 0 800x1700x24" "$OUT/linux_release/screwsmith.x86_64" \
        --rendering-method mobile --rendering-driver vulkan --resolution 720x1600 \
        --fixed-fps 10 --write-movie "$OUT/movie_mobile/frame.png" --quit-after 20 \
        -- --save=user://export_check_mobile.json >"$OUT/run_xvfb_mobile.log" 2>&1 \
        || { cat "$OUT/run_xvfb_mobile.log" >&2; fail "the exported game under Xvfb (Mobile)"; }
    "$CHECK" --scan-errors "$OUT/run_xvfb_mobile.log" "exported game (Xvfb, Mobile)"
    grep -q "Forward Mobile" "$OUT/run_xvfb_mobile.log" || fail "the exported game did not start Forward Mobile"
    last=$(ls "$OUT"/movie_mobile/frame*.png | sort | tail -1)
    cp "$last" "$OUT/linux_menu_mobile.png"
    grep -E "Forward Mobile" "$OUT/run_xvfb_mobile.log" | sed 's/^/  /'
    "${CLI:-${CARGO_TARGET_DIR:-$ROOT/target}/debug/screwsmith}" audit agree \
        "$OUT/linux_menu_mobile.png" "$OUT/linux_menu.png" | sed 's/^/  /' \
        || fail "the Mobile and Compatibility frames of the exported game differ (or one is blank)"
else
    echo "SKIPPED: no xvfb-run, or no Compatibility frame to compare with"
fi
# --- end renderers ---

echo "== the CI-only preset \"$CI_PRESET\": the engine suites inside the exported games"
failed=0
for kind in debug release; do
    dir="$OUT/ci_$kind"
    export_game "$CI_PRESET" "$kind" "$dir" screwsmith_tests.x86_64
    grep -q "^tests/run_all.gd" "$dir.pack.txt" || fail "$CI_PRESET ($kind): no tests in its pack"
    # The no-tests check must refuse this pack (or it could not catch tests in a shipping one).
    if (check_pack "$dir.pack.txt" >/dev/null 2>&1); then
        fail "check_pack passed a pack that holds tests/"
    fi
    if [ "${EXPORTED_SUITES:-}" = all ]; then
        mapfile -t tests < <("$CHECK" --list)
    elif [ "$kind" = release ]; then
        tests=("${EXPORTED_RELEASE_TESTS[@]}")
    else
        tests=("${EXPORTED_DEBUG_TESTS[@]}")
    fi
    GODOT_LOGS="$OUT/logs_$kind" "$CHECK" --exported "$dir/screwsmith_tests.x86_64" \
        "res://tests/exported/build_check.gd -- --expect=$kind" "${tests[@]}" || failed=1
done
[ $failed = 0 ] || fail "an engine suite failed inside an exported game (logs: $OUT/logs_*)"

echo "== Android: --export-pack (the pack an Android export would ship)"
"$GODOT" --headless --path "$ROOT/godot_project" --export-pack "Android" "$OUT/android.pck" \
    >"$OUT/export_android.log" 2>&1 || { cat "$OUT/export_android.log" >&2; fail "Android pack"; }
python3 "$ROOT/scripts/pck_list.py" "$OUT/android.pck" >"$OUT/android_pack.txt"
check_pack "$OUT/android_pack.txt"
echo "  $(wc -l <"$OUT/android_pack.txt") files in android.pck:"
sed 's/^/    /' "$OUT/android_pack.txt"
