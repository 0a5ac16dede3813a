#!/usr/bin/env bash
# Cold start, measured as a phone pays it: CPU time (user + sys) and peak memory (max RSS) from process
# start to the main scene's first frames, in the exported release game (shipping preset "Linux",
# release template, the release extension library), against floors exported with the same template:
#   empty      an empty Godot project (one Node as main scene): the engine's own start;
#   empty+ext  the same project with screwsmith.gdextension and the release library, no scene using
#              it: what loading the extension costs (class registration, method tables);
#   game       the game to the menu's first frames.
# The three are run alternately (RUNS rounds), headless, each to its second frame (--quit-after 2);
# the table gives medians, the game's ratio to the empty floor, and the load average (timings on a
# shared machine are noisy: compare within one run). Then the game's frames during start
# (scripts/start_frames.py, the probe scripts/start_probe.gd built into the game): it fails when the
# median start has a frame over 50 ms, and its breaking case (one frame held up 120 ms) must fail.
#
#   [PARTS=1] scripts/cold_start.sh [OUT_DIR] [RUNS]   (default build/cold_start, 9; needs
#                                                       scripts/build_gdext.sh release host first)
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
OUT="$(mkdir -p "${1:-$ROOT/build/cold_start}" && cd "${1:-$ROOT/build/cold_start}" && pwd)"
RUNS="${2:-9}"
CHECK="$ROOT/scripts/godot_check.sh"
GODOT=$("$CHECK" --binary)
VERSION=$("$GODOT" --version | tail -1 | sed -E 's/^([0-9]+\.[0-9]+(\.[0-9]+)?\.[a-z]+).*/\1/')
TEMPLATES="${XDG_DATA_HOME:-$HOME/.local/share}/godot/export_templates/$VERSION"
LIB=$("$ROOT/scripts/build_gdext.sh" --name linux release x86_64)
fail() { echo "FAIL cold start: $*" >&2; exit 1; }

[ -f "$ROOT/godot_project/bin/$LIB" ] || fail "no godot_project/bin/$LIB (scripts/build_gdext.sh release host)"
if [ ! -f "$TEMPLATES/linux_release.x86_64" ]; then
    mkdir -p "$TEMPLATES"
    cp "$(dirname "$GODOT")/templates/linux_release.x86_64" "$TEMPLATES/" \
        || fail "no linux_release.x86_64 export template"
fi

# floor_project DIR WITH_EXTENSION: an empty project exported like the game (same preset options).
floor_project() {
    local dir=$1 ext=$2
    rm -rf "$dir" && mkdir -p "$dir"
    cat >"$dir/project.godot" <<'EOF'
config_version=5

[application]

config/name="Empty"
run/main_scene="res://main.tscn"
config/features=PackedStringArray("4.3", "Mobile")

[rendering]

renderer/rendering_method="mobile"
EOF
    printf '[gd_scene format=3]\n\n[node name="Main" type="Node"]\n' >"$dir/main.tscn"
    sed -n '/^\[preset\.2\]/,/^\[preset\.3\]/p' "$ROOT/export_presets/export_presets.cfg" \
        | sed '/^\[preset\.3\]/d; s/^\[preset\.2/[preset.0/; s/^include_filter=.*/include_filter=""/' \
        >"$dir/export_presets.cfg"
    if [ "$ext" = yes ]; then
        cp "$ROOT/godot_project/screwsmith.gdextension" "$dir/"
        mkdir -p "$dir/bin" && cp "$ROOT/godot_project/bin/$LIB" "$dir/bin/"
    fi
    "$GODOT" --headless --path "$dir" --import >"$dir.import.log" 2>&1 || true
}

# export_release PROJECT_DIR OUT_DIR: the "Linux" preset with the release template.
export_release() {
    rm -rf "$2" && mkdir -p "$2"
    "$GODOT" --headless --path "$1" --export-release "Linux" "$2/game.x86_64" >"$2.export.log" 2>&1 \
        || { cat "$2.export.log" >&2; fail "export of $1"; }
    [ -f "$2/game.x86_64" ] || fail "export of $1 wrote no binary"
}

echo "== exporting (release template $TEMPLATES/linux_release.x86_64)"
floor_project "$OUT/empty_project" no
floor_project "$OUT/empty_ext_project" yes
export_release "$OUT/empty_project" "$OUT/empty"
export_release "$OUT/empty_ext_project" "$OUT/empty_ext"
export_release "$ROOT/godot_project" "$OUT/game"

kinds=("empty=$OUT/empty/game.x86_64" "empty_ext=$OUT/empty_ext/game.x86_64" "game=$OUT/game/game.x86_64")

# PARTS=1 adds rows for copies of the game with one part taken out, to see what that part costs:
# levels10 ships the first 10 levels instead of 200 (the level library read, parsed and validated at
# start), no_translations drops the six translations, no_theme the theme (and with it the fonts).
# variant NAME EDIT: a copy of the project, EDIT run inside it, exported.
variant() {
    rm -rf "$OUT/v_$1" && cp -a "$ROOT/godot_project" "$OUT/v_$1"
    (cd "$OUT/v_$1" && eval "$2")
    export_release "$OUT/v_$1" "$OUT/$1"
    kinds+=("$1=$OUT/$1/game.x86_64")
}
if [ "${PARTS:-}" = 1 ]; then
    variant levels10 "python3 -c \"import json; p='levels/levels.json'; d=json.load(open(p)); \
d['levels'] = d['levels'][:10]; open(p, 'w').write(json.dumps(d, indent=2))\""
    variant no_translations "sed -i '/^locale\/translations=/d' project.godot"
    variant no_theme "sed -i '/^theme\/custom=/d' project.godot"
fi

# Each once (the page cache warm, the output scanned for errors), then RUNS alternating rounds.
for k in "${kinds[@]}"; do
    "${k#*=}" --headless --quit-after 2 -- --save=user://cold_start.json >"$OUT/${k%%=*}.log" 2>&1 \
        || { cat "$OUT/${k%%=*}.log" >&2; fail "${k%%=*} exited with an error"; }
    # A part taken out may leave a script complaining (a missing translation's format string): only
    # the three measured builds must start clean.
    case "${k%%=*}" in
        empty | empty_ext | game) "$CHECK" --scan-errors "$OUT/${k%%=*}.log" "cold start (${k%%=*})" ;;
    esac
done
python3 "$ROOT/scripts/cold_start_table.py" "$RUNS" "${kinds[@]}"

echo "== frames during start (the game, headless)"
python3 "$ROOT/scripts/start_frames.py" "$OUT/game/game.x86_64" "$RUNS" 60 50
if python3 "$ROOT/scripts/start_frames.py" "$OUT/game/game.x86_64" 3 60 50 -- --start-probe-stall=120 \
    >"$OUT/stall.log" 2>&1; then
    cat "$OUT/stall.log" >&2
    fail "the start-frame check passed its breaking case (a frame held up 120 ms)"
fi
echo "  breaking case: $(grep '^FAIL' "$OUT/stall.log")"
