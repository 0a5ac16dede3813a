#!/usr/bin/env bash
# A still screen costs nothing, measured in a game drawn by a real renderer (Xvfb, the Mobile
# renderer on Mesa's software Vulkan): tests/e2e/idle_test.gd counts the frames drawn over 5 s of
# idle on every screen (and catches its breaking case, an animation that never stops), then the
# game idles on its menu for 10 s and the CPU it used is read from /proc/<pid>/stat.
# Usage: scripts/idle_check.sh [GAME]  (default: the editor binary on godot_project; CI passes the
# exported "Linux CI tests" release game). Needs xvfb-run and mesa-vulkan-drivers.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
CHECK="$ROOT/scripts/godot_check.sh"
GAME=${1:-$("$CHECK" --binary)}
WHERE=()
[ $# -ge 1 ] || WHERE=(--path "$ROOT/godot_project")
RENDER=(--rendering-method mobile --rendering-driver vulkan)
LOGS=$(mktemp -d "${TMPDIR:-/tmp}/screwsmith-idle.XXXXXX")
XVFB=(xvfb-run -a -s "-screen 0 800x1700x24")

"${XVFB[@]}" timeout 300 "$GAME" "${WHERE[@]}" "${RENDER[@]}" --resolution 720x1600 \
    -s res://tests/e2e/idle_test.gd -- --save="user://e2e/idle-$$/save.json" >"$LOGS/idle.log" 2>&1 || true
grep -E "^idle_test: |Vulkan|OpenGL" "$LOGS/idle.log" | sed 's/^/  /'
"$CHECK" --scan "$LOGS/idle.log" idle_test

# CPU while the menu stands still: utime + stime ticks over 10 s, after 5 s to start.
"${XVFB[@]}" bash -c '
    "$@" &
    pid=$!
    sleep 5
    ticks() { awk "{print \$14 + \$15}" /proc/$pid/stat; }
    a=$(ticks); sleep 10; b=$(ticks)
    hz=$(getconf CLK_TCK)
    echo "  idle menu: $(( (b - a) * 100 / (10 * hz) )) % of a core over 10 s ($((b - a)) ticks at $hz Hz)"
    kill $pid; wait $pid 2>/dev/null || true
' idle "$GAME" "${WHERE[@]}" "${RENDER[@]}" --resolution 720x1600 -- --save="user://e2e/idle-$$/cpu.json"
