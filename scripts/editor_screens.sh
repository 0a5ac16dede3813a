#!/usr/bin/env bash
# Screenshots of the level editor inside the real Godot editor (the full window, Mobile renderer on
# Vulkan under Xvfb, 1600×1000): the Screwsmith main screen with a shipped level open, a part being
# painted (a real mouse drag with xdotool), a fault ringed and selected from the verdict card, the
# verdict card, and a lock with its key and a bomb (the key picked with Pick key and a real click:
# editor_locks_pick.png while the key screw is hovered, editor_locks.png once it is locked) —
# docs/screenshots/editor_*.png (and editor_verdict_card.png, the card cut out).
#
#   scripts/editor_screens.sh [OUT_DIR] [LEVEL] [SIZE]   (default docs/screenshots, level 47, 1600x1000;
#                                                         another SIZE names its files editor_SIZE_*.png)
#
# The plugin's editor_screens.gd (active only with SCREWSMITH_EDITOR_SCREENS set) puts the editor in
# each state and says "editor_screens: ready NAME" on stdout; this script then takes the picture with
# ImageMagick's `import -window root` and answers with NAME.done. Needs the debug library
# (scripts/build_gdext.sh debug host), Xvfb, xdotool and ImageMagick (apt-get install xvfb xdotool
# imagemagick mesa-vulkan-drivers).
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
OUT="$(mkdir -p "${1:-$ROOT/docs/screenshots}" && cd "${1:-$ROOT/docs/screenshots}" && pwd)"
LEVEL="${2:-47}"
SIZE="${3:-1600x1000}"
# The default size keeps the pictures' old names; another one carries its size in theirs.
PREFIX=editor
[ "$SIZE" = 1600x1000 ] || PREFIX="editor_$SIZE"
GODOT="${GODOT:-$("$ROOT/scripts/godot_check.sh" --binary)}"
for tool in Xvfb xdotool import convert; do
    command -v "$tool" >/dev/null || { echo "needs $tool (apt-get install xvfb xdotool imagemagick)" >&2; exit 2; }
done
WORK=$(mktemp -d)
LOG="$WORK/editor.log"
DISPLAY_NUMBER=${EDITOR_SCREENS_DISPLAY:-:77}
Xvfb "$DISPLAY_NUMBER" -screen 0 "${SIZE}x24" >"$WORK/xvfb.log" 2>&1 &
XVFB=$!
GODOT_PID=""
# The editor rewrites project.godot when it opens the project: the committed one is put back.
cp "$ROOT/godot_project/project.godot" "$WORK/project.godot"
cleanup() {
    [ -n "$GODOT_PID" ] && kill "$GODOT_PID" 2>/dev/null || true
    [ -n "$GODOT_PID" ] && wait "$GODOT_PID" 2>/dev/null || true
    cp "$WORK/project.godot" "$ROOT/godot_project/project.godot"
    kill "$XVFB" 2>/dev/null || true
    rm -rf "$WORK"
}
trap cleanup EXIT
# A run stopped by a signal (timeout, Ctrl+C) still puts project.godot back.
trap 'exit 1' INT TERM
export DISPLAY=$DISPLAY_NUMBER
sleep 1
SCREWSMITH_EDITOR_SCREENS="$WORK" SCREWSMITH_EDITOR_LEVEL="$LEVEL" \
    "$GODOT" -e --path "$ROOT/godot_project" --rendering-method mobile --rendering-driver vulkan \
    --resolution "$SIZE" --position 0,0 >"$LOG" 2>&1 &
GODOT_PID=$!

shoot() {
    local name=$1
    import -window root "$OUT/${PREFIX}_$name.png"
    echo "  ${PREFIX}_$name.png"
    if [ "$name" = verdict ] && [ -n "$CROP" ]; then
        # The verdict card, cut out at full size.
        convert "$OUT/${PREFIX}_$name.png" -crop "$CROP" +repage "$OUT/${PREFIX}_verdict_card.png"
        echo "  ${PREFIX}_verdict_card.png"
    fi
}

CROP=""
deadline=$((SECONDS + 300))
handled=0
while [ $SECONDS -lt $deadline ]; do
    if ! kill -0 "$GODOT_PID" 2>/dev/null; then
        echo "the editor exited early:" >&2
        tail -30 "$LOG" >&2
        exit 1
    fi
    if grep -qE "SCRIPT ERROR|Parse Error" "$LOG"; then
        echo "the editor reported a script error:" >&2
        grep -nE -A2 "SCRIPT ERROR|Parse Error" "$LOG" | head -20 >&2
        exit 1
    fi
    mapfile -t lines < <(grep -E "^editor_screens: " "$LOG" || true)
    while [ $handled -lt ${#lines[@]} ]; do
        line=${lines[$handled]}
        handled=$((handled + 1))
        read -r _ what a b c d e <<<"$line"
        case "$what" in
            ready) shoot "$a"; touch "$WORK/$a.done" ;;
            crop) CROP="$((c + 8))x$((d + 8))+$((a - 4))+$((b - 4))" ;;
            drag)
                xdotool mousemove "$a" "$b"; sleep 0.3
                xdotool mousedown 1; sleep 0.2
                xdotool mousemove $(((a + c) / 2)) $(((b + d) / 2)); sleep 0.2
                xdotool mousemove "$c" "$d"; sleep 0.3
                xdotool mouseup 1; sleep 0.3
                touch "$WORK/$e.dragged" ;;
            hover)
                xdotool mousemove "$a" "$b"; sleep 0.3
                xdotool mousemove $((a + 1)) "$b"; sleep 0.3
                touch "$WORK/$c.hovered" ;;
            click)
                xdotool mousemove "$a" "$b"; sleep 0.3
                xdotool click 1; sleep 0.3
                touch "$WORK/$c.clicked" ;;
            finished)
                grep -nE "SCRIPT ERROR|ERROR:" "$LOG" | head -20 >&2 || true
                exit 0 ;;
            failed:) echo "$line" >&2; exit 1 ;;
            *) echo "$line" ;;
        esac
    done
    sleep 0.5
done
echo "timed out; the editor said:" >&2
tail -40 "$LOG" >&2
exit 1
