#!/usr/bin/env python3
"""Runs exported games to their second frame in alternating rounds and prints the cold-start table:
median CPU time (user + system, from wait4: microseconds, not /usr/bin/time's 10 ms steps) and peak
RSS of each, as ratios to the first ("empty": the engine's floor).

    scripts/cold_start_table.py RUNS NAME=BINARY...      (scripts/cold_start.sh calls it)
"""
import os
import statistics
import subprocess
import sys


def start(binary):
    """CPU seconds and peak RSS (MiB) of one start to the second frame."""
    p = subprocess.Popen([binary, "--headless", "--quit-after", "2", "--", "--save=user://cold_start.json"],
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, ru = os.wait4(p.pid, 0)
    if status != 0:
        sys.exit(f"FAIL cold start: {binary} exited with status {status}")
    return ru.ru_utime + ru.ru_stime, ru.ru_maxrss / 1024


def main(argv):
    runs, kinds = int(argv[0]), [a.split("=", 1) for a in argv[1:]]
    samples = {name: [] for name, _ in kinds}
    load = [os.getloadavg()[0]]
    for _ in range(runs):
        for name, binary in kinds:
            samples[name].append(start(binary))
    load.append(os.getloadavg()[0])
    rows = {}
    for name, v in samples.items():
        cpu = [c for c, _ in v]
        rows[name] = (statistics.median(cpu), min(cpu), max(cpu), statistics.median(m for _, m in v))
    floor_cpu, floor_rss = rows[kinds[0][0]][0], rows[kinds[0][0]][3]
    print(f"cold start to the second frame, headless, release template; {runs} alternating runs each; "
          f"load average {load[0]:.1f} -> {load[1]:.1f}")
    print(f"{'':18} {'CPU ms (median)':>15} {'min-max':>11} {'x floor':>8} {'peak RSS MiB':>13} {'+ floor':>8}")
    for name, (cpu, lo, hi, rss) in rows.items():
        print(f"{name:18} {cpu * 1e3:15.1f} {lo * 1e3:5.0f}-{hi * 1e3:<5.0f} {cpu / floor_cpu:8.2f} "
              f"{rss:13.1f} {rss - floor_rss:+8.1f}")
    if "game" in rows:
        g = rows["game"]
        print(f"game / empty: {g[0] / floor_cpu:.2f}x CPU (target <= 1.6x), {g[3] - floor_rss:+.1f} MiB "
              f"(target <= +30)")


if __name__ == "__main__":
    main(sys.argv[1:])
