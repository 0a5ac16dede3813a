#!/usr/bin/env python3
"""The SIGKILL fault test: a phone ends an app without a word, and nothing played may be lost.

The game (the exported "Linux CI tests" build, or the editor binary with --project) runs
res://tests/e2e/kill_play.gd, which plays by taps from the menu's Continue and prints what it is
doing. This script SIGKILLs it at moments drawn from a seeded xorshift32 (during the start, mid-tap,
mid-animation, around the save's writes), starts it again on the same save, and checks each start:

- the save parses (the game's own reading says "loaded"; json.load here agrees);
- Continue opens the level that was being played, at the last move the HUD showed or at the one
  that was in flight (a tap, the screwdriver, a win);
- the stars of every level won so far are all still there;
- no temporary file piles up (only the fixed temp names may exist after a kill; none after a
  clean exit) and no save was moved aside as corrupt.

Usage: kill_test.py GAME [--project DIR] [--kills 20] [--seed 1] [--dir DIR]
Exit 0 when every kill passes; every failure is printed with the child's last lines.
"""

import argparse
import json
import os
import re
import select
import shutil
import signal
import subprocess
import sys
import time

SCRIPT = "res://tests/e2e/kill_play.gd"
LINE = re.compile(r"^kill_play: (\w+) ?(.*)$")
TEMP_NAMES = {
    "save.json.tmp",
    "save.json.level-journal.tmp",
    "save.json.daily-journal.tmp",
    "daily_bench.json.tmp",
}
START_TIMEOUT = 60.0


class Xorshift32:
    """The project's generator (no floats, reproducible by seed)."""

    def __init__(self, seed):
        self.state = seed or 1

    def next(self):
        x = self.state
        x ^= (x << 13) & 0xFFFFFFFF
        x ^= x >> 17
        x ^= (x << 5) & 0xFFFFFFFF
        self.state = x
        return x


def fields(rest):
    return dict(part.split("=", 1) for part in rest.split() if "=" in part)


class Child:
    """One run of the game, its stdout read line by line without blocking."""

    def __init__(self, cmd):
        self.started = time.monotonic()
        self.proc = subprocess.Popen(
            cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, bufsize=0
        )
        self.lines = []
        self._buf = b""

    def pump(self, timeout):
        """Reads what is there (waiting at most `timeout` s); False once the output ended."""
        fd = self.proc.stdout.fileno()
        ready, _, _ = select.select([fd], [], [], max(0.0, timeout))
        if not ready:
            return True
        chunk = os.read(fd, 65536)
        if not chunk:
            return False
        self._buf += chunk
        *whole, self._buf = self._buf.split(b"\n")
        self.lines.extend(w.decode("utf-8", "replace") for w in whole)
        return True

    def wait_for(self, kind, timeout):
        """Reads until a `kill_play: <kind>` line (True) or the timeout / end of output (False)."""
        until = time.monotonic() + timeout
        while time.monotonic() < until:
            if any(LINE.match(l) and LINE.match(l).group(1) == kind for l in self.lines):
                return True
            if not self.pump(until - time.monotonic()):
                return any(LINE.match(l) and LINE.match(l).group(1) == kind for l in self.lines)
        return False

    def run_for(self, seconds):
        until = time.monotonic() + seconds
        while time.monotonic() < until and self.pump(until - time.monotonic()):
            pass

    def kill(self):
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait()
        while self.pump(0.0) and self._buf:
            pass
        self.run_for(0.05)

    def events(self):
        for line in self.lines:
            m = LINE.match(line)
            if m:
                yield m.group(1), m.group(2)


class Expectation:
    """What the next start must show, followed through the killed run's lines."""

    def __init__(self):
        self.level = None
        self.moves = {0}
        # A move in flight may have won the level: then the next level at its start.
        self.may_have_won = False
        self.stars = {}

    def follow(self, child):
        for kind, rest in child.events():
            f = fields(rest)
            if kind in ("resumed", "moved"):
                self.level = int(f["level"])
                self.moves = {int(f["moves"])}
                self.may_have_won = False
            elif kind == "moving":
                self.moves = {min(self.moves), int(f["to"])} | self.moves
                self.may_have_won = True
            elif kind == "won":
                level = int(f["level"])
                self.stars[level] = max(self.stars.get(level, 0), int(f["stars"]))
                self.level, self.moves, self.may_have_won = level + 1, {0}, False

    def judge(self, child):
        """The faults the start in `child` shows (empty: it passed)."""
        faults = []
        events = list(child.events())
        saved = [r for k, r in events if k == "save"]
        if not saved or not saved[0].endswith(" loaded"):
            faults.append(f"the save did not read back as loaded: {saved}")
        start = [fields(r) for k, r in events if k == "start"]
        resumed = [fields(r) for k, r in events if k == "resumed"]
        if not start or not resumed:
            return faults + ["the game did not reach the resumed board"]
        stars = [int(s) for s in start[0]["stars"].split(",")]
        for level, best in sorted(self.stars.items()):
            if level <= len(stars) and stars[level - 1] < best:
                faults.append(f"level {level}: {stars[level - 1]} stars, had {best}")
        if any(s != 3 for s in stars[:11]):
            faults.append(f"levels 1-11 lost stars: {stars[:11]}")
        level, moves = int(resumed[0]["level"]), int(resumed[0]["moves"])
        if self.level is None:
            return faults
        ok = level == self.level and moves in self.moves
        won_in_flight = (
            self.may_have_won
            and level == self.level + 1
            and moves == 0
            and self.level <= len(stars)
            and stars[self.level - 1] > 0
        )
        if not (ok or won_in_flight):
            faults.append(
                f"Continue opened level {level} at {moves} moves; expected level {self.level} at "
                f"{sorted(self.moves)}" + (" or the next level" if self.may_have_won else "")
            )
        return faults


def temp_files(save_dir):
    names = os.listdir(save_dir) if os.path.isdir(save_dir) else []
    temps = [n for n in names if n.endswith(".tmp")]
    corrupt = [n for n in names if ".corrupt-" in n]
    return temps, corrupt


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("game", help="the exported game (or the Godot editor binary with --project)")
    ap.add_argument("--project", help="the project directory (only for the editor binary)")
    ap.add_argument("--kills", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--dir", default="kill_test", help="the save's directory under user://")
    ap.add_argument(
        "--break-journal",
        action="store_true",
        help="the breaking case: delete the attempt journals after every kill (a game that keeps"
        " its attempt only on pause); the test must then fail",
    )
    args = ap.parse_args()

    rng = Xorshift32(args.seed)
    save = f"user://{args.dir}/seed{args.seed}/save.json"
    base = [args.game, "--headless"] + (["--path", args.project] if args.project else [])
    base += ["-s", SCRIPT, "--", f"--save={save}"]
    expect = Expectation()
    save_dir = None
    failures = 0
    started = time.monotonic()

    def spawn(phase, seed):
        return Child(base + [f"--phase={phase}", f"--seed={seed}"])

    for k in range(args.kills + 1):
        last = k == args.kills
        phase = "fresh" if k == 0 else ("last" if last else "play")
        child = spawn(phase, rng.next() % 100000 + 1)
        if not child.wait_for("resumed", START_TIMEOUT):
            child.kill()
            print(f"FAIL kill {k}: no resumed board within {START_TIMEOUT:.0f} s; its output:")
            print("\n".join("    " + l for l in child.lines[-30:]))
            return 1
        if save_dir is None:
            saved = [r for kind, r in child.events() if kind == "save"]
            save_dir = os.path.dirname(saved[0].rsplit(" ", 1)[0])
        faults = [] if k == 0 else expect.judge(child)
        errors = [l for l in child.lines if "SCRIPT ERROR" in l or l.startswith("FAIL")]
        faults += [f"the game reported: {e}" for e in errors]
        if last:
            child.run_for(20.0)
            rc = child.proc.wait(timeout=30)
            faults += [] if rc == 0 else [f"the last run exited {rc}"]
            temps, corrupt = temp_files(save_dir)
            if temps or corrupt:
                faults.append(f"left behind after a clean exit: {temps + corrupt}")
        else:
            # Every fourth kill lands during the start (the journal's first write, the menu);
            # the others 0.2-2.7 s into play.
            pick = rng.next()
            delay = (pick % 1000) / 1000.0 if k % 4 == 3 else 0.2 + (pick % 2500) / 1000.0
            if k % 4 == 3:
                child.kill()
                expect.follow(child)
                child = spawn("play", rng.next() % 100000 + 1)
            child.run_for(delay)
            child.kill()
        try:
            with open(os.path.join(save_dir, "save.json")) as f:
                if json.load(f).get("version") != 1:
                    faults.append("save.json: not version 1")
        except (OSError, ValueError) as e:
            faults.append(f"save.json does not parse: {e}")
        temps, corrupt = temp_files(save_dir)
        if not set(temps) <= TEMP_NAMES or corrupt:
            faults.append(f"temporary or corrupt files: {temps + corrupt}")
        tail = next((f"{kind} {r}" for kind, r in reversed(list(child.events()))), "-")
        if faults:
            failures += 1
            print(f"FAIL kill {k}: " + "; ".join(faults))
            print("\n".join("    " + l for l in child.lines[-12:]))
        elif last:
            print(f"run {k}: resumed and exited cleanly, no temporary file left")
        else:
            print(f"kill {k}: passed, killed {delay:.2f} s in (last: {tail})")
        if not last:
            expect.follow(child)
            if args.break_journal:
                for name in ("save.json.level-journal", "save.json.daily-journal"):
                    if os.path.exists(os.path.join(save_dir, name)):
                        os.remove(os.path.join(save_dir, name))
    total = time.monotonic() - started
    print(
        f"kill_test: {args.kills - failures if failures <= args.kills else 0}/{args.kills} kills "
        f"passed, seed {args.seed}, {total:.0f} s"
    )
    print(f"kill_test: {failures} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
