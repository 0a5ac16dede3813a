#!/usr/bin/env bash
# Renders the game's screens with the real engine into docs/screenshots/ (or DIR): every screen in
# English and Japanese on a phone (720×1600), a tablet (1640×2360) and an iPhone 14 (1170×2532) with
# its safe-area insets (devices.json: 141 px top, 102 px bottom). The pictures come from the project's
# own renderer, Mobile (Forward Mobile on Vulkan, what phones run), on Mesa's software Vulkan
# (lavapipe): needs Xvfb and mesa-vulkan-drivers (apt-get install xvfb mesa-vulkan-drivers).
# RENDERER=compatibility draws them with the fallback (OpenGL 3, llvmpipe) instead; the two draw the
# board alike (scripts/pixel_audit.sh measures it). Build the extension first
# (scripts/build_gdext.sh) and import once (scripts/godot_check.sh does both checks). The level clip
# (an animated PNG) needs Pillow: python3 -m pip install pillow.
#
#   scripts/screenshots.sh [DIR]
#   ONLY=onboarding|pause|daily scripts/screenshots.sh [DIR]   only that part of shoot.gd (its
#                                                              --only), on every device and language
#   ONLY=marks scripts/screenshots.sh [DIR]                    only the marks (mark_shots.gd)
#   ONLY=refusals scripts/screenshots.sh [DIR]                 only refused taps and the rail
#                                                              (refusal_shots.gd)
#   ONLY=looks scripts/screenshots.sh [DIR]                    only hidden caps, a loosened screw,
#                                                              the hint at an edge, a win (look_shots.gd)
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
OUT="$(mkdir -p "${1:-$ROOT/docs/screenshots}" && cd "${1:-$ROOT/docs/screenshots}" && pwd)"
GODOT=$("$ROOT/scripts/godot_check.sh" --binary)
LOGS=$(mktemp -d "${TMPDIR:-/tmp}/screwsmith-screenshots.XXXXXX")
command -v xvfb-run >/dev/null || { echo "needs xvfb-run: apt-get install xvfb" >&2; exit 2; }
if [ "${RENDERER:-mobile}" = compatibility ]; then
    RENDER=(--rendering-method gl_compatibility --rendering-driver opengl3)
else
    RENDER=(--rendering-method mobile --rendering-driver vulkan)
fi

# render_phone SCRIPT LOG ARGS...: runs tests/screenshots/SCRIPT.gd in a phone-sized window under
# Xvfb (its own arguments after --), its output in LOG.
render_phone() {
    local script=$1 log=$2
    shift 2
    xvfb-run -a -s "-screen 0 1700x2600x24" \
        "$GODOT" --path "$ROOT/godot_project" "${RENDER[@]}" \
        --resolution 720x1600 -s "res://tests/screenshots/$script.gd" \
        -- "$@" >"$log" 2>&1 || true
}

# name size insets
DEVICES=(
    "phone 720x1600 -"
    "tablet 1640x2360 -"
    "iphone 1170x2532 141,102,0,0"
)
ONLY="${ONLY:-}"
failed=0
for device in "${DEVICES[@]}"; do
    { [ "$ONLY" = marks ] || [ "$ONLY" = refusals ] || [ "$ONLY" = looks ]; } && break
    read -r name size insets <<<"$device"
    for lang in en ja; do
        # Own save file: user:// is shared by every checkout of the project on this machine.
        args=("--save=user://shots/$$-$name-$lang.json" "--out=$OUT" "--name=$name" "--size=$size" "--lang=$lang")
        [ "$insets" != "-" ] && args+=("--safe-insets=$insets")
        [ -n "$ONLY" ] && args+=("--only=$ONLY")
        log="$LOGS/$name-$lang.log"
        xvfb-run -a -s "-screen 0 1700x2600x24" \
            "$GODOT" --path "$ROOT/godot_project" "${RENDER[@]}" \
            --resolution "$size" -s res://tests/screenshots/shoot.gd \
            -- "${args[@]}" >"$log" 2>&1 || true
        grep -E "^shoot: |^FAIL|OpenGL API|Forward Mobile" "$log" | sed "s/^/  $name $lang: /"
        "$ROOT/scripts/godot_check.sh" --scan "$log" "screenshots $name $lang" || failed=1
    done
done
# phone_shots SCRIPT KEY LABEL: tests/screenshots/SCRIPT.gd on the phone, in English and Japanese;
# left out when ONLY names another part (KEY: the ONLY that names this one; "" for none).
phone_shots() {
    local script=$1 key=$2 label=$3 lang log
    [ -n "$ONLY" ] && [ "$ONLY" != "$key" ] && return
    for lang in en ja; do
        log="$LOGS/$script-$lang.log"
        render_phone "$script" "$log" "--save=user://shots/$$-$label-$lang.json" "--out=$OUT" \
            --name=phone --size=720x1600 "--lang=$lang"
        grep -E "^$script: |^FAIL" "$log" | sed "s/^/  $label $lang: /"
        "$ROOT/scripts/godot_check.sh" --scan "$log" "$script $lang" || failed=1
    done
}
# The hint, Rewind and the rescue (hint_shots.gd).
phone_shots hint_shots "" hints
# The lock, key and bomb marks on a hand-made board (mark_shots.gd): the locks with their keys, a lock
# opening (mid-animation), the bomb warning (and its still look), the bomb's lose panel.
phone_shots mark_shots marks marks
# What a player must not guess (look_shots.gd): hidden screws' caps, a loosened rusty screw among
# stuck ones, the hint's ring at the board's edge, a win's celebration.
phone_shots look_shots looks looks
# A refused tap (a locked screw linked to its key under a plate, a bolt without the wrench) and the
# rail at one free place and full (refusal_shots.gd).
phone_shots refusal_shots refusals refusals
[ -n "$ONLY" ] && exit $failed
# One move as a frame strip (tests/screenshots/motion_strip.gd): the animator's clock held at fixed
# times from the tap, each frame rendered and set side by side.
log="$LOGS/motion_strip.log"
render_phone motion_strip "$log" --save=user://shots/motion.json "--out=$OUT"
grep -E "^motion_strip: |^FAIL" "$log" | sed "s/^/  strip: /"
"$ROOT/scripts/godot_check.sh" --scan "$log" "motion strip" || failed=1
# The plates (tests/screenshots/view_shots.gd): a plate swinging as itself, as a frame strip, and
# covered screws seen dimmed through the plates over them on levels 2, 3 and 36.
log="$LOGS/view_shots.log"
render_phone view_shots "$log" --save=user://shots/view.json "--out=$OUT"
grep -E "^view_shots: |^FAIL" "$log" | sed "s/^/  plates: /"
"$ROOT/scripts/godot_check.sh" --scan "$log" "view shots" || failed=1
# A whole level played by its stored solution at the animations' real speed (tests/screenshots/
# level_clip.gd renders the frames, scripts/apng.py makes them one animated PNG; needs Pillow).
frames=$(mktemp -d "${TMPDIR:-/tmp}/screwsmith-clip.XXXXXX")
log="$LOGS/level_clip.log"
render_phone level_clip "$log" --save=user://shots/clip.json "--frames=$frames"
grep -E "^level_clip: |^FAIL" "$log" | sed "s/^/  clip: /"
"$ROOT/scripts/godot_check.sh" --scan "$log" "level clip" || failed=1
python3 "$ROOT/scripts/apng.py" "$frames" "$OUT/level_clip.png" || failed=1
rm -rf "$frames"
exit $failed
