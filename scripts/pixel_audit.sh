#!/usr/bin/env bash
# The rendered-pixel readability audit: the board drawn by the real engine with the Mobile renderer
# (Forward Mobile on Vulkan, what phones run; Mesa's lavapipe here) and with Compatibility (OpenGL 3,
# the fallback), both under Xvfb, then measured by the core (`screwsmith audit pixels`): screw on plate
# ΔE ≥ 11 (≥ 9 protan/deutan), touching plates ≥ 6, drawn colours within 3 of the palette, and the two
# renderers' frames of the same screens agreeing over the board band (`screwsmith audit agree`). A
# covered screw is measured dimmed against the plate it is seen through, an uncovered one bright on its
# own: what covers it is the rules' answer. Then each bug switch is rendered and must fail the audit.
#
#   scripts/pixel_audit.sh            the CI subset: levels 1 and 36 at their opening state on all 8
#                                     audited devices, level 11 along its solution on the phone (a
#                                     loosened screw's collar), switches on level 1 (covered screws
#                                     left unseen: level 36; a grey collar: level 11) on the phone
#   scripts/pixel_audit.sh --all      every shipped level, opening state + 2 states along its stored
#                                     solution, 8 devices (hours on software Vulkan)
#   scripts/pixel_audit.sh [--all] --levels 1,36,180 --states 2 --devices 0,3,7 [--keep DIR]
#
# Needs xvfb-run and mesa-vulkan-drivers (apt-get install xvfb mesa-vulkan-drivers), the debug
# extension (scripts/build_gdext.sh) and an imported project (scripts/godot_check.sh imports). The CLI
# is the debug build `cargo test` makes (CLI=... to use another).
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
GODOT=$("$ROOT/scripts/godot_check.sh" --binary)
CLI="${CLI:-${CARGO_TARGET_DIR:-$ROOT/target}/debug/screwsmith}"
LEVELS=1,36
STATES=0
DEVICES=all
SWITCH_LEVELS=1
SWITCH_DEVICES=0
# States along level 11's solution rendered for the collar: one of them has a loosened screw standing.
COLLAR_STATES=14
KEEP=""
# A run that hangs (a frame never drawn) is stopped: the subset renders in minutes.
LIMIT=600
while [ $# -gt 0 ]; do
    case "$1" in
        --all) LEVELS=all STATES=2 LIMIT=0 ;;
        --levels) LEVELS=$2; shift ;;
        --states) STATES=$2; shift ;;
        --devices) DEVICES=$2; shift ;;
        --keep) KEEP=$2; shift ;;
        *) echo "unknown argument $1" >&2; exit 2 ;;
    esac
    shift
done
command -v xvfb-run >/dev/null || { echo "needs xvfb-run: apt-get install xvfb" >&2; exit 2; }
[ -x "$CLI" ] || cargo build -q -p screwsmith-cli --manifest-path "$ROOT/Cargo.toml"
OUT="${KEEP:-$(mktemp -d "${TMPDIR:-/tmp}/screwsmith-pixels.XXXXXX")}"
mkdir -p "$OUT"
RUN_ID="$$-$RANDOM"

renderer_args() {
    case "$1" in
        mobile) echo "--rendering-method mobile --rendering-driver vulkan" ;;
        compatibility) echo "--rendering-method gl_compatibility --rendering-driver opengl3" ;;
    esac
}

# render NAME RENDERER LEVELS DEVICES STATES [SWITCH]: frames into $OUT/NAME, log in $OUT/NAME.log.
# The screen is larger than the largest audited device (1290×2796) so no window is clipped.
render() {
    local name=$1 renderer=$2
    local rc=0
    # shellcheck disable=SC2046
    xvfb-run -a -s "-screen 0 1700x2900x24" timeout "$LIMIT" "$GODOT" --path "$ROOT/godot_project" \
        $(renderer_args "$renderer") -s res://tests/pixels/render_frames.gd -- \
        "--save=user://pixels/$RUN_ID-$name.json" "--out=$OUT/$name" "--renderer=$renderer" \
        "--levels=$3" "--devices=$4" "--states=$5" "--switch=${6:-}" >"$OUT/$name.log" 2>&1 || rc=$?
    grep -E "^render_frames: " "$OUT/$name.log" | sed "s/^/  $name: /"
    if [ "$rc" = 124 ]; then
        echo "  $name: the engine was still running after $LIMIT s and was stopped" >&2
        return 1
    fi
    "$ROOT/scripts/godot_check.sh" --scan "$OUT/$name.log" "render $name"
}

failed=0
started=$SECONDS
# The two renderers in parallel (one core each).
render mobile mobile "$LEVELS" "$DEVICES" "$STATES" & mobile_pid=$!
render compatibility compatibility "$LEVELS" "$DEVICES" "$STATES" || failed=1
wait $mobile_pid || failed=1
echo "rendered in $((SECONDS - started)) s"
"$CLI" audit pixels "$OUT/mobile" "$OUT/compatibility" || failed=1
"$CLI" audit agree "$OUT/mobile" "$OUT/compatibility" || failed=1

# A loosened rusty screw's collar: level 11 along its solution (a state with one standing) on the
# phone, both renderers, must pass too.
render collar-mobile mobile 11 "$SWITCH_DEVICES" "$COLLAR_STATES" & pid=$!
render collar-compatibility compatibility 11 "$SWITCH_DEVICES" "$COLLAR_STATES" || failed=1
wait $pid || failed=1
"$CLI" audit pixels "$OUT/collar-mobile" "$OUT/collar-compatibility" || failed=1

# Bug switches: each must make the audit fail, on both renderers. Covered screws left under their
# plates are shown on level 36, which opens with screws under plates; a loosened screw's collar in
# a plate's grey on level 11 along its solution (switch:levels[:states]).
started=$SECONDS
for entry in linear-vertex-colour:$SWITCH_LEVELS one-tint-per-layer:$SWITCH_LEVELS covered-underneath:36 \
    grey-collar:11:$COLLAR_STATES; do
    switch=${entry%%:*} rest=${entry#*:}
    levels=${rest%%:*} states=0
    [ "$rest" != "$levels" ] && states=${rest#*:}
    render "$switch-mobile" mobile "$levels" "$SWITCH_DEVICES" "$states" "$switch" & pid=$!
    render "$switch-compatibility" compatibility "$levels" "$SWITCH_DEVICES" "$states" "$switch" || failed=1
    wait $pid || failed=1
    if "$CLI" audit pixels --expect-failure --show 1 "$OUT/$switch-mobile" "$OUT/$switch-compatibility"; then
        echo "switch $switch: caught on both renderers"
    else
        echo "switch $switch: NOT caught" >&2
        failed=1
    fi
done
echo "switches rendered and audited in $((SECONDS - started)) s"
[ -n "$KEEP" ] || rm -rf "$OUT"
exit $failed
