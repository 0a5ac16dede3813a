#!/usr/bin/env bash
# Instructions of the proof search on every `proofs` benchmark board (callgrind, repeatable where wall
# time on a shared machine is not): the shipped search against the one without the horizon and reach
# bounds, and their ratio. One line a board: name, verdict, moves and instructions of each, ratio.
#   scripts/proof_instructions.sh [FILTER]     # FILTER: a substring of the board's path
set -euo pipefail
cd "$(dirname "$0")/.."
command -v valgrind >/dev/null || { echo "needs valgrind (apt-get install valgrind)" >&2; exit 2; }
cargo build -q --release -p screwsmith-solver --example prove_board
bin=target/release/examples/prove_board
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
count() { # board search -> "verdict moves instructions"
  local res
  res=$(valgrind --tool=callgrind --callgrind-out-file="$out/cg" --toggle-collect='prove_board::prove' \
    "$bin" "$1" "$2" 2>/dev/null)
  echo "$res $(awk '/^totals:/ {print $2}' "$out/cg")"
}
printf '%-28s %5s %9s %13s %9s %13s %6s\n' board wins "red. n" "red. instr" "bound n" "bound instr" ratio
for f in rust/solver/benches/boards/*.json rust/solver/benches/boards/{large,shipped}/*.json; do
  [[ "$f" == *"${1:-}"* ]] || continue
  read -r rw rn ri < <(count "$f" reduced)
  read -r bw bn bi < <(count "$f" bounded)
  [ "$rw" = "$bw" ] || { echo "$f: verdicts differ ($rw, $bw)" >&2; exit 1; }
  name=${f#rust/solver/benches/boards/}
  awk -v n="${name%.json}" -v w="$bw" -v rn="$rn" -v ri="$ri" -v bn="$bn" -v bi="$bi" \
    'BEGIN { printf "%-28s %5s %9d %13d %9d %13d %6.2f\n", n, w, rn, ri, bn, bi, bi / ri }'
done
