#!/usr/bin/env bash
# The rules on the architecture phones use: the CLI cross-built for aarch64-unknown-linux-gnu, run under
# qemu-user, must give what the x86_64 build gives. Every board a player sees is made by these rules, so
# a difference here would mean two players on the same day (or level) get different boards.
#   1. `validate --strict` of the shipped level set (every stored value recomputed, every solution
#      replayed, the curve targets) on aarch64;
#   2. a bake of a subset of levels ($BAKE_LEVELS: levels from every band) on both architectures:
#      byte-identical files;
#   3. the Daily Benches of a sweep of dates ($SWEEP_DAYS from $SWEEP_FROM: two year ends, a leap
#      day), each whole bench as JSON, on both: byte-identical;
#   4. fresh levels past the baked set ($ENDLESS_LEVELS, each `solve --level N --json` with its wall
#      times dropped) on both: identical boards, solutions and measures;
#   5. the golden vectors (the xorshift32 sequences, bench numbers, machines and seeds of fixed dates:
#      the `golden` tests of screwsmith-rules and screwsmith-gen) run on aarch64.
# A difference is named by scripts/json_diff.py: the level or bench, and the field path.
#
# The profile is dev (the test profile: opt-level 2 everywhere, what `cargo test` builds on x86_64):
# the rules use integers and IEEE floats without fast-math, so the optimisation level cannot change a
# result, and one profile lets the CLI and the golden tests' builds share every dependency.
#
#   scripts/arm64_check.sh [OUT_DIR]     (default build/arm64; needs gcc-aarch64-linux-gnu, qemu-user
#                                         and `rustup target add aarch64-unknown-linux-gnu`)
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
OUT="$(mkdir -p "${1:-$ROOT/build/arm64}" && cd "${1:-$ROOT/build/arm64}" && pwd)"
TARGET=aarch64-unknown-linux-gnu
BAKE_LEVELS="${BAKE_LEVELS:-1-8,41-48,81-88,121-128,161-168,193-200}"
SWEEP_FROM="${SWEEP_FROM:-2026-08-26}"
SWEEP_DAYS="${SWEEP_DAYS:-730}"
ENDLESS_LEVELS="${ENDLESS_LEVELS:-201 202 230}"
SYSROOT="${AARCH64_SYSROOT:-/usr/aarch64-linux-gnu}"
export CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_LINKER="${CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_LINKER:-aarch64-linux-gnu-gcc}"
export CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_RUNNER="qemu-aarch64 -L $SYSROOT"
fail() { echo "FAIL arm64: $*" >&2; exit 1; }
cd "$ROOT"

command -v "$CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_LINKER" >/dev/null \
    || fail "no $CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_LINKER (apt-get install gcc-aarch64-linux-gnu)"
command -v qemu-aarch64 >/dev/null || fail "no qemu-aarch64 (apt-get install qemu-user)"
rustup target list --installed | grep -qx "$TARGET" \
    || fail "no $TARGET standard library (rustup target add $TARGET)"
python3 scripts/json_diff.py --self-test >/dev/null || fail "scripts/json_diff.py --self-test"

# took LABEL START: one line of the stage's own timing table.
took() { echo "  $1: $((SECONDS - $2)) s"; }

echo "== the CLI for $TARGET and for the host (dev profile)"
t=$SECONDS
cargo build -q -p screwsmith-cli --target "$TARGET"
cargo build -q -p screwsmith-cli
DIR="${CARGO_TARGET_DIR:-target}"
HOST="$DIR/debug/screwsmith"
ARM="$DIR/$TARGET/debug/screwsmith"
if command -v file >/dev/null; then
    file -b "$ARM" | grep -q "ARM aarch64" || fail "$ARM is not an aarch64 binary"
fi
arm() { qemu-aarch64 -L "$SYSROOT" "$ARM" "$@"; }
took "build" $t

echo "== aarch64: validate --strict"
t=$SECONDS
arm validate --strict | tail -1
took "validate --strict" $t

echo "== bake of levels $BAKE_LEVELS: x86_64 and aarch64 byte-identical"
t=$SECONDS
"$HOST" bake --levels "$BAKE_LEVELS" --out "$OUT/bake.x86_64.json" >"$OUT/bake.x86_64.log" 2>&1 \
    || { cat "$OUT/bake.x86_64.log" >&2; fail "x86_64 bake"; }
arm bake --levels "$BAKE_LEVELS" --out "$OUT/bake.aarch64.json" >"$OUT/bake.aarch64.log" 2>&1 \
    || { cat "$OUT/bake.aarch64.log" >&2; fail "aarch64 bake"; }
python3 scripts/json_diff.py "$OUT/bake.x86_64.json" "$OUT/bake.aarch64.json" --names x86_64,aarch64 \
    || fail "the bake of levels $BAKE_LEVELS differs between x86_64 and aarch64 (above)"
echo "  $(grep -c '"number"' "$OUT/bake.x86_64.json") levels, $(stat -c %s "$OUT/bake.x86_64.json") bytes identical"
took "bake" $t

echo "== Daily Benches of $SWEEP_DAYS days from $SWEEP_FROM: x86_64 and aarch64 byte-identical"
t=$SECONDS
sweep=(daily --date "$SWEEP_FROM" --sweep "$SWEEP_DAYS" --benches)
"$HOST" "${sweep[@]}" >"$OUT/daily.x86_64.jsonl" || fail "x86_64 daily sweep"
arm "${sweep[@]}" >"$OUT/daily.aarch64.jsonl" || fail "aarch64 daily sweep"
[ "$(wc -l <"$OUT/daily.x86_64.jsonl")" = "$SWEEP_DAYS" ] || fail "the x86_64 sweep printed no line for some date"
python3 scripts/json_diff.py "$OUT/daily.x86_64.jsonl" "$OUT/daily.aarch64.jsonl" --names x86_64,aarch64 \
    || fail "the Daily Benches differ between x86_64 and aarch64 (above)"
echo "  $SWEEP_DAYS benches, $(stat -c %s "$OUT/daily.x86_64.jsonl") bytes identical"
took "daily sweep" $t

echo "== fresh levels $ENDLESS_LEVELS past the baked set: x86_64 and aarch64 identical"
t=$SECONDS
# The report's wall times are the only fields a machine may change.
untimed() { python3 -c 'import json, sys
r = json.load(sys.stdin)
for k in ("seconds", "generation_seconds"):
    r.pop(k, None)
print(json.dumps(r, sort_keys=True))'; }
: >"$OUT/endless.x86_64.jsonl"
: >"$OUT/endless.aarch64.jsonl"
for n in $ENDLESS_LEVELS; do
    "$HOST" solve --level "$n" --json | untimed >>"$OUT/endless.x86_64.jsonl" || fail "x86_64 solve --level $n"
    arm solve --level "$n" --json | untimed >>"$OUT/endless.aarch64.jsonl" || fail "aarch64 solve --level $n"
done
grep -q '"fresh": true' "$OUT/endless.x86_64.jsonl" || fail "no fresh level among $ENDLESS_LEVELS"
python3 scripts/json_diff.py "$OUT/endless.x86_64.jsonl" "$OUT/endless.aarch64.jsonl" --names x86_64,aarch64 \
    || fail "a fresh level past the baked set differs between x86_64 and aarch64 (above)"
echo "  $(grep -c '"fresh": true' "$OUT/endless.x86_64.jsonl") fresh levels identical"
took "fresh levels" $t

echo "== aarch64: the golden vectors (xorshift32, bench numbers, machines, seeds)"
t=$SECONDS
cargo test -q -p screwsmith-rules -p screwsmith-gen --lib --test daily --target "$TARGET" golden \
    >"$OUT/golden.log" 2>&1 || { cat "$OUT/golden.log" >&2; fail "a golden vector differs on aarch64"; }
# A renamed test would leave the filter matching nothing, and an empty run passes: count them.
ran=$(grep -oE '^test result: ok\. [0-9]+ passed' "$OUT/golden.log" | awk '{s += $4} END {print s + 0}')
[ "$ran" -ge 4 ] || { cat "$OUT/golden.log" >&2; fail "only $ran golden tests ran (expected ≥ 4)"; }
echo "  $ran golden tests passed under qemu-aarch64"
took "golden vectors" $t
