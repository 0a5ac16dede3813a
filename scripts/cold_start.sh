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
# shared machine are noisy: compare within one run). With --benchmark, Godot's own start-up phases of
# the game (its --benchmark-file JSON) follow the table.
#
#   scripts/cold_start.sh [OUT_DIR] [RUNS]   (default build/cold_start, 9; needs
#                                             scripts/build_gdext.sh release host first)
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

# run KIND: one start to the second frame; appends "user sys maxrss_kib" to $OUT/KIND.times.
run() {
    local kind=$1 bin args=()
    case "$kind" in
        empty) bin="$OUT/empty/game.x86_64" ;;
        empty_ext) bin="$OUT/empty_ext/game.x86_64" ;;
        game) bin="$OUT/game/game.x86_64"; args=(-- --save=user://cold_start.json) ;;
    esac
    /usr/bin/time -f "%U %S %M" -o "$OUT/$kind.one" "$bin" --headless --quit-after 2 "${args[@]}" \
        >"$OUT/$kind.log" 2>&1 || { cat "$OUT/$kind.log" >&2; fail "$kind exited with an error"; }
    "$CHECK" --scan-errors "$OUT/$kind.log" "cold start ($kind)"
    tail -1 "$OUT/$kind.one" >>"$OUT/$kind.times"
}

KINDS=(empty empty_ext game)
for kind in "${KINDS[@]}"; do rm -f "$OUT/$kind.times"; run "$kind"; rm -f "$OUT/$kind.times"; done  # warm the page cache
load_before=$(cut -d' ' -f1 /proc/loadavg)
for ((i = 0; i < RUNS; i++)); do
    for kind in "${KINDS[@]}"; do run "$kind"; done
done
load_after=$(cut -d' ' -f1 /proc/loadavg)

python3 - "$OUT" "$RUNS" "$load_before" "$load_after" "${KINDS[@]}" <<'EOF'
import statistics, sys
out, runs, lb, la, *kinds = sys.argv[1:]
rows = {}
for k in kinds:
    t = [tuple(map(float, l.split())) for l in open(f"{out}/{k}.times")]
    cpu = sorted(u + s for u, s, _ in t)
    rss = sorted(m / 1024 for _, _, m in t)
    rows[k] = (statistics.median(cpu), cpu[0], cpu[-1], statistics.median(rss))
floor_cpu, floor_rss = rows["empty"][0], rows["empty"][3]
print(f"cold start to the second frame, headless, release template; {runs} alternating runs each; "
      f"load average {lb} -> {la}")
print(f"{'':10} {'CPU s (median)':>14} {'min-max':>13} {'x floor':>8} {'peak RSS MiB':>13} {'+ floor':>8}")
for k in kinds:
    cpu, lo, hi, rss = rows[k]
    print(f"{k:10} {cpu:14.3f} {lo:6.3f}-{hi:6.3f} {cpu / floor_cpu:8.2f} {rss:13.1f} {rss - floor_rss:+8.1f}")
g = rows["game"]
print(f"game / empty: {g[0] / floor_cpu:.2f}x CPU (target <= 1.6x), +{g[3] - floor_rss:.1f} MiB (target <= +30)")
EOF

if [ "${BENCHMARK:-}" = 1 ] || [ "${3:-}" = --benchmark ]; then
    echo "== the game's start-up phases (Godot --benchmark, ms)"
    "$OUT/game/game.x86_64" --headless --quit-after 2 --benchmark-file "$OUT/benchmark.json" \
        -- --save=user://cold_start.json >"$OUT/benchmark.log" 2>&1 || true
    python3 -c "
import json,sys
d=json.load(open('$OUT/benchmark.json'))
for cat, m in d.items():
    for name, v in (m.items() if isinstance(m, dict) else [(cat, m)]):
        print(f'  {cat:12} {name:40} {float(v)*1000 if float(v) < 100 else float(v):9.1f}')
" 2>/dev/null || echo "  (no --benchmark output from this template)"
fi
