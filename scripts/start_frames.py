#!/usr/bin/env python3
"""Frames during start, as the main thread lives them: runs an exported game RUNS times with
`--start-probe=FRAMES` (scripts/start_probe.gd prints one line per start) and prints the medians of
its figures. Fails when the median run's longest frame after the first is over LIMIT_MS (wall time on
a shared machine: the median over runs, not one run, is what is judged).

    scripts/start_frames.py BINARY [RUNS] [FRAMES] [LIMIT_MS] [-- EXTRA USER ARGS]
                                                     (scripts/cold_start.sh calls it; 7, 60, 50)
"""
import re
import statistics
import subprocess
import sys

FIELDS = ("app_ready_began_ms", "app_ready_ms", "scene_to_first_frame_ms", "first_frame_ms",
          "longest_frame_ms", "mean_frame_ms")


def one_start(binary, frames, extra):
    out = subprocess.run([binary, "--headless", "--", "--save=user://cold_start.json",
                          f"--start-probe={frames}", *extra],
                         capture_output=True, text=True, timeout=120)
    line = next((l for l in out.stdout.splitlines() if l.startswith("start_probe: ")), None)
    if out.returncode != 0 or line is None:
        sys.exit(f"FAIL start frames: {binary} gave no start_probe line (status {out.returncode})\n"
                 f"{out.stdout[-2000:]}{out.stderr[-2000:]}")
    return {k: float(v) for k, v in re.findall(r"(\w+)=([-\d.]+)", line)}


def main(argv):
    extra = argv[argv.index("--") + 1:] if "--" in argv else []
    argv = argv[:argv.index("--")] if "--" in argv else argv
    binary = argv[0]
    runs, frames, limit = (int(argv[1]) if len(argv) > 1 else 7, int(argv[2]) if len(argv) > 2 else 60,
                           float(argv[3]) if len(argv) > 3 else 50.0)
    starts = [one_start(binary, frames, extra) for _ in range(runs)]
    med = {k: statistics.median(s[k] for s in starts) for k in FIELDS}
    longest = [s["longest_frame_ms"] for s in starts]
    print(f"start frames ({runs} starts, {frames} frames after the first, headless, wall ms, medians): "
          f"engine to App._ready {med['app_ready_began_ms']:.1f}, App._ready {med['app_ready_ms']:.1f}, "
          f"main scene to first frame {med['scene_to_first_frame_ms']:.1f}, first frame at "
          f"{med['first_frame_ms']:.1f}; frames after it: mean {med['mean_frame_ms']:.1f}, longest "
          f"{med['longest_frame_ms']:.1f} (per start {min(longest):.1f}-{max(longest):.1f}; limit {limit:g})")
    if med["longest_frame_ms"] > limit:
        sys.exit(f"FAIL start frames: the median start's longest frame is {med['longest_frame_ms']:.1f} ms "
                 f"(limit {limit:g} ms)")


if __name__ == "__main__":
    main(sys.argv[1:])
