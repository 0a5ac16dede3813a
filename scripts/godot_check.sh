#!/usr/bin/env bash
# Runs the game's engine tests in the real Godot and fails on anything the engine reports.
#
#   scripts/godot_check.sh [--project DIR] [TEST …]   import DIR (default godot_project), then run each
#                                                     TEST (a res:// SceneTree script, optionally with
#                                                     " -- args"; default: every test in ENGINE_TESTS)
#   scripts/godot_check.sh --exported GAME [TEST …]   run each TEST inside an exported game (GAME: its
#                                                     binary, from a preset that exports tests/, e.g.
#                                                     "Linux CI tests"; no import; default: run_all.gd)
#   scripts/godot_check.sh --scan LOG NAME            scan one finished test's log (exit 1 on a finding)
#   scripts/godot_check.sh --scan-errors LOG NAME     only the error lines (a run that is not a test)
#   scripts/godot_check.sh --self-test                prove the scan and the runner catch a broken script
#   scripts/godot_check.sh --binary                   print the Godot binary it would use
#   scripts/godot_check.sh --list                     print ENGINE_TESTS, one per line
#
# Godot often exits 0 after a script error, so a run fails on a non-zero exit code AND on any
# `SCRIPT ERROR`, `ERROR:`, `Parse Error`, leaked-instance or still-in-use line, or a library that did not
# load ("Can't open dynamic library", "Error loading extension") in its output, AND when the
# test's last words ("<name>: 0 failure(s)") are missing (a test that stopped early passed nothing).
# Tests that make deliberate bad calls silence the engine's error printing around them
# (Engine.print_error_messages) so every ERROR line left in a log is a real one.
#
# The binary: $GODOT, else `godot` on PATH, else the shared build beside the repository
# (../shared/tools/godot/godot, how CI lays out its clone).
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
PROJECT="$ROOT/godot_project"
LOGS="${GODOT_LOGS:-$(mktemp -d "${TMPDIR:-/tmp}/screwsmith-godot-logs.XXXXXX")}"
# The tests' save files live under the project's user:// folder, which every checkout of the
# project on a machine shares: each run takes its own subfolder.
RUN_ID="run-$$-$RANDOM"

# Every engine test CI runs, in order. "-- args" are the script's own arguments (OS.get_cmdline_user_args);
# RUN in a save path becomes this run's own folder.
ENGINE_TESTS=(
    "res://tests/run_all.gd"
    "res://tests/hint_job_test.gd"
    "res://tests/e2e/play_test.gd -- --save=user://e2e/RUN/play.json --phase=first"
    "res://tests/e2e/play_test.gd -- --save=user://e2e/RUN/play.json --phase=restart"
    "res://tests/e2e/lose_test.gd -- --save=user://e2e/RUN/lose.json"
    "res://tests/e2e/playtest_test.gd -- --save=user://e2e/RUN/playtest.json"
    "res://tests/e2e/screens_test.gd -- --save=user://e2e/RUN/screens.json"
    "res://tests/e2e/defects_test.gd -- --save=user://e2e/RUN/defects.json"
    "res://tests/bench/board_bench.gd -- --save=user://e2e/RUN/bench.json"
    "res://tests/bench/board_bench.gd -- --save=user://e2e/RUN/bench_play.json --motion=play"
    "res://tests/bench/board_bench.gd -- --save=user://e2e/RUN/bench_off.json --motion=off"
    "res://tests/e2e/hud_test.gd -- --save=user://e2e/RUN/hud.json"
    "res://tests/e2e/motion_test.gd -- --save=user://e2e/RUN/motion.json"
    "res://tests/e2e/saves_test.gd -- --save=user://e2e/RUN/continue.json --phase=continue"
    "res://tests/e2e/saves_test.gd -- --save=user://e2e/RUN/newer/save.json --phase=newer"
    "res://tests/e2e/pause_test.gd -- --save=user://e2e/RUN/pause.json"
    "res://tests/e2e/resume_test.gd -- --save=user://e2e/RUN/resume.json --phase=close"
    "res://tests/e2e/resume_test.gd -- --save=user://e2e/RUN/resume.json --phase=resume"
    "res://tests/e2e/resume_test.gd -- --save=user://e2e/RUN/tampered.json --phase=tampered"
    "res://tests/e2e/onboarding_test.gd -- --save=user://e2e/RUN/guide.json --phase=guide"
    "res://tests/e2e/onboarding_test.gd -- --save=user://e2e/RUN/cards.json --phase=cards"
    "res://tests/e2e/onboarding_test.gd -- --save=user://e2e/RUN/mechanics.json --phase=mechanics"
    "res://tests/e2e/onboarding_test.gd -- --save=user://e2e/RUN/captions.json --phase=captions"
    "res://tests/e2e/editor_test.gd -- --out=user://e2e/RUN/editor"
    "res://tests/e2e/editor_widgets_test.gd"
    "res://tests/e2e/editor_designer_test.gd -- --out=user://e2e/RUN/designer"
    "res://tests/e2e/hint_test.gd -- --save=user://e2e/RUN/hint.json"
    "res://tests/e2e/rewind_test.gd -- --save=user://e2e/RUN/rewind.json"
    "res://tests/e2e/rescue_test.gd -- --save=user://e2e/RUN/rescue.json"
    "res://tests/e2e/marks_test.gd -- --save=user://e2e/RUN/marks.json"
    "res://tests/e2e/refusals_test.gd -- --save=user://e2e/RUN/refusals.json"
    "res://tests/bench/hint_bench.gd -- --save=user://e2e/RUN/hint_bench.json"
    "res://tests/e2e/daily_test.gd -- --save=user://e2e/RUN/daily/save.json"
    "res://tests/e2e/endless_test.gd -- --save=user://e2e/RUN/endless/save.json --phase=fresh --endless-budget-ms=600000"
    "res://tests/e2e/endless_test.gd -- --save=user://e2e/RUN/endless_fallback/save.json --phase=fallback --endless-budget-ms=0"
    "res://tests/e2e/endless_test.gd -- --save=user://e2e/RUN/endless_resume/save.json --phase=close --endless-budget-ms=600000"
    "res://tests/e2e/endless_test.gd -- --save=user://e2e/RUN/endless_resume/save.json --phase=resume --endless-budget-ms=600000"
    "res://tests/e2e/endless_test.gd -- --save=user://e2e/RUN/endless_preempt/save.json --phase=preempt --endless-budget-ms=600000"
    "res://tests/e2e/licences_test.gd -- --save=user://e2e/RUN/licences.json"
    "res://tests/e2e/storage_test.gd -- --save=user://e2e/RUN/full/save.json --small-disk=256"
)

# The lines that mean the engine saw something wrong (grep -E).
# The last two are how an exported game says its extension library is missing or broken (gdext's own
# CI fails on them too); they usually follow "ERROR:", but a template may print them alone.
FAIL_PATTERN="SCRIPT ERROR|ERROR:|Parse Error|leaked|still in use at exit|Can't open dynamic library|Error loading extension"

godot_binary() {
    if [ -n "${GODOT:-}" ]; then
        echo "$GODOT"
    elif command -v godot >/dev/null 2>&1; then
        command -v godot
    elif [ -x "$ROOT/../shared/tools/godot/godot" ]; then
        echo "$(cd "$ROOT/../shared/tools/godot" && pwd)/godot"
    else
        echo "no Godot binary: set GODOT, put godot on PATH or place ../shared/tools/godot/godot" >&2
        return 1
    fi
}

# scan_errors LOG NAME: prints the engine's error lines in a log; returns 1 when there are any.
scan_errors() {
    local log=$1 name=$2
    if grep -nE "$FAIL_PATTERN" "$log" >"$log.findings"; then
        echo "FAIL $name: the engine reported errors:" >&2
        sed 's/^/    /' "$log.findings" | head -40 >&2
        return 1
    fi
}

# scan LOG NAME: scan_errors, and the test's result line must say 0 failures.
scan() {
    local log=$1 name=$2 bad=0
    scan_errors "$log" "$name" || bad=1
    if ! grep -qE "^[a-z_]+: 0 failure\(s\)$" "$log"; then
        echo "FAIL $name: no '<test>: 0 failure(s)' line (the test failed or stopped early)" >&2
        grep -E "^FAIL|failure\(s\)" "$log" | head -20 | sed 's/^/    /' >&2 || true
        bad=1
    fi
    return $bad
}

# cli_binary: the screwsmith CLI ($SCREWSMITH_CLI, else the debug build in the target dir, which
# `cargo test --workspace` makes before CI runs this; built here when it is missing).
cli_binary() {
    if [ -n "${SCREWSMITH_CLI:-}" ]; then
        echo "$SCREWSMITH_CLI"
        return
    fi
    local dir=${CARGO_TARGET_DIR:-target}
    [[ $dir = /* ]] || dir=$ROOT/$dir
    [ -x "$dir/debug/screwsmith" ] || (cd "$ROOT" && cargo build -q -p screwsmith-cli) >&2
    echo "$dir/debug/screwsmith"
}

# check_saved_levels LOG NAME: every level file a test saved ("<test>: saved level PATH", the level
# editor's test) must pass the designer's CLI as a one-level file: `validate --file` (its stored
# measure and help copy recomputed, its solution replayed) and `solve --file --verify` (proven).
check_saved_levels() {
    local log=$1 name=$2 bad=0 path cli
    sed -nE 's/^[a-z_]+: saved level (.+)$/\1/p' "$log" >"$log.saved"
    [ -s "$log.saved" ] || return 0
    cli=$(cli_binary)
    while IFS= read -r path; do
        if ! "$cli" validate --file "$path" >"$log.validate" 2>&1; then
            echo "FAIL $name: the saved level $path fails screwsmith validate --file:" >&2
            sed 's/^/    /' "$log.validate" | head -20 >&2
            bad=1
        elif ! "$cli" solve --file "$path" --verify --json >"$log.solve" 2>&1 \
            || ! grep -q '"status": "proven"' "$log.solve"; then
            echo "FAIL $name: the saved level $path is not proven by screwsmith solve --file --verify:" >&2
            grep -vE '^ +[{}]|"tap"' "$log.solve" | head -20 | sed 's/^/    /' >&2
            bad=1
        else
            echo "  $name: saved level $path passes screwsmith validate --file and solve --file --verify"
        fi
    done <"$log.saved"
    return $bad
}

# small_disk ARGS...: with `--small-disk=KB` among a test's arguments, mounts a tmpfs of KB on the
# folder of its `--save=user://…` (a phone's storage filling up under the game: needs root, as CI and
# the development machines run) and prints the mount point; prints nothing otherwise.
small_disk() {
    local kb="" save="" arg dir
    for arg in "$@"; do
        case "$arg" in
            --small-disk=*) kb=${arg#--small-disk=} ;;
            --save=user://*) save=${arg#--save=user://} ;;
        esac
    done
    [ -n "$kb" ] || return 0
    dir="${XDG_DATA_HOME:-$HOME/.local/share}/godot/app_userdata/Screwsmith/$(dirname "$save")"
    mkdir -p "$dir"
    mount -t tmpfs -o "size=${kb}k" tmpfs "$dir" || {
        echo "FAIL: cannot mount a ${kb} KiB tmpfs on $dir (root needed)" >&2
        return 1
    }
    echo "$dir"
}

# run_test GODOT PROJECT "res://x.gd [-- args]": one headless run, log kept under $LOGS. An empty
# PROJECT runs GODOT as an exported game (its pack beside it, no --path).
run_test() {
    local godot=$1 project=$2 spec=$3
    local script=${spec%% *} args=()
    [ "$script" != "$spec" ] && read -r -a args <<<"${spec#* }"
    args=("${args[@]/\/RUN\///$RUN_ID/}")
    local name
    name=$(basename "$script" .gd)$(printf '%s' "${args[*]:-}" | { grep -o -- '--phase=[a-z]*' || true; } | tr -d '\n-')
    local log="$LOGS/$name.log" rc=0
    mkdir -p "$LOGS"
    # A script error stops the test's coroutine but not the engine: the timeout ends such a run.
    local where=()
    [ -n "$project" ] && where=(--path "$project")
    local started=$SECONDS disk
    disk=$(small_disk "${args[@]}") || return 1
    timeout 240 "$godot" --headless "${where[@]}" -s "$script" "${args[@]}" >"$log" 2>&1 || rc=$?
    [ -z "$disk" ] || umount "$disk"
    echo "  ($((SECONDS - started)) s)"
    grep -E "^[a-z_]+: |^FAIL" "$log" | sed 's/^/  /' || true
    echo
    if [ $rc -ne 0 ]; then
        echo "FAIL $name: exit code $rc (log: $log)" >&2
        scan "$log" "$name" || true
        return 1
    fi
    scan "$log" "$name" && check_saved_levels "$log" "$name"
}

# What the first import of a fresh clone prints, and only then: project.godot names the translations
# (written by importing strings.csv) and a theme whose fonts the import has not made yet, and Godot loads
# both before it scans: 6 × "Cannot open file" + 6 × "Failed loading resource" (translations), for each
# of the 5 fonts "Cannot open file" + "Failed loading resource" of its imported data (its committed
# .import names it) and "Failed loading resource" of the font, then 2 × the theme's "Parse Error" +
# "Failed loading resource" + "Error loading custom project theme", and for each of the theme's 2 switch
# icons "Unable to open file" + "Failed loading resource" of its imported texture and "Failed loading
# resource" of the SVG — 37 lines. Every later start, the import's second run included, prints none of
# them.
FIRST_IMPORT_LINES="Unable to open file: res://\.godot/imported/switch_(on|off)\.svg-[0-9a-f]+\.ctex\.|Cannot open file 'res://translations/strings\.[a-zA-Z_]+\.translation'|Cannot open file 'res://\.godot/imported/[A-Za-z-]+\.(ttf|otf)-[0-9a-f]+\.fontdata'|Failed loading resource: res://(translations/strings\.[a-zA-Z_]+\.translation|theme/main_theme\.tres|theme/switch_(on|off)\.svg|\.godot/imported/switch_(on|off)\.svg-[0-9a-f]+\.ctex|fonts/[A-Za-z-]+\.(ttf|otf)|\.godot/imported/[A-Za-z-]+\.(ttf|otf)-[0-9a-f]+\.fontdata)\.|Error loading custom project theme 'res://theme/main_theme\.tres'|res://theme/main_theme\.tres:[0-9]+ - Parse Error: \[ext_resource\] referenced non-existent resource at: res://fonts/"

# import_findings LOG: writes LOG.findings, the error lines that are not FIRST_IMPORT_LINES; returns 0
# when there are any.
import_findings() {
    grep -nE "$FAIL_PATTERN" "$1" | grep -vE "$FIRST_IMPORT_LINES" >"$1.findings"
}

# import PROJECT: the editor's first scan. It may print FIRST_IMPORT_LINES (above); any other error
# line fails it.
import_project() {
    local godot=$1 project=$2 log="$LOGS/import.log"
    mkdir -p "$LOGS"
    timeout 600 "$godot" --headless --path "$project" --import >"$log" 2>&1 || {
        echo "FAIL import (log: $log)" >&2
        tail -20 "$log" >&2
        return 1
    }
    if import_findings "$log"; then
        echo "FAIL import: error lines other than a fresh clone's first-import ones:" >&2
        sed 's/^/    /' "$log.findings" | head -40 >&2
        return 1
    fi
    local first
    first=$(grep -cE "$FIRST_IMPORT_LINES" "$log" || true)
    [ "$first" = 0 ] || echo "import: $first lines of a first import (fonts, translations, theme not imported yet)"
}

# exported GAME [TEST …]: each TEST inside the exported game GAME (default: run_all.gd).
exported() {
    local game tests=("${@:2}") failed=0
    game=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
    [ -x "$game" ] || { echo "no exported game at $1" >&2; return 1; }
    echo "exported game: $game"
    [ ${#tests[@]} -gt 0 ] || tests=("res://tests/run_all.gd")
    for spec in "${tests[@]}"; do
        echo "== $spec (exported)"
        run_test "$game" "" "$spec" || failed=1
    done
    return $failed
}

check() {
    local godot tests=("$@") failed=0
    godot=$(godot_binary)
    echo "godot: $godot ($("$godot" --version 2>/dev/null | tail -1))"
    [ ${#tests[@]} -gt 0 ] || tests=("${ENGINE_TESTS[@]}")
    import_project "$godot" "$PROJECT"
    for spec in "${tests[@]}"; do
        echo "== $spec"
        run_test "$godot" "$PROJECT" "$spec" || failed=1
    done
    return $failed
}

# The runner must fail when a game script makes a broken call: break a copy of the project (a call
# to a method that does not exist, in the main menu's _ready, which run_all.gd instantiates) and
# expect the check to fail with SCRIPT ERROR; the unbroken copy must pass. Also the scan alone on
# canned lines, one per pattern.
self_test() {
    local tmp dir
    tmp=$(mktemp -d)
    trap 'rm -rf "$tmp"' RETURN
    local canned=(
        "SCRIPT ERROR: Invalid call. Nonexistent function 'x' in base 'Nil'."
        "ERROR: Condition \"p_id < 0\" is true."
        "Parse Error: Identifier \"foo\" not declared in the current scope."
        "WARNING: ObjectDB instances leaked at exit (run with --verbose for details)."
        "ERROR: 1 resources still in use at exit."
        "Can't open dynamic library: libscrewsmith_gdext.linux.release.x86_64.so."
        "Error loading extension: res://screwsmith.gdextension"
    )
    local i=0 line
    for line in "${canned[@]}"; do
        printf 'run_all: 0 failure(s)\n%s\n' "$line" >"$tmp/canned$i.log"
        if scan "$tmp/canned$i.log" "canned $i" 2>/dev/null; then
            echo "self-test FAILED: the scan let through: $line" >&2
            return 1
        fi
        i=$((i + 1))
    done
    printf 'run_all: replayed 200 stored solutions\n' >"$tmp/silent.log"
    if scan "$tmp/silent.log" silent 2>/dev/null; then
        echo "self-test FAILED: a log without the final '0 failure(s)' line passed" >&2
        return 1
    fi
    printf "ERROR: Cannot open file 'res://translations/strings.en.translation'.\n" >"$tmp/import.log"
    if import_findings "$tmp/import.log"; then
        echo "self-test FAILED: the import refused a fresh clone's first-import line" >&2
        return 1
    fi
    printf "ERROR: Cannot open file 'res://levels/levels.json'.\n" >>"$tmp/import.log"
    if ! import_findings "$tmp/import.log"; then
        echo "self-test FAILED: the import let through an error that is not a first-import line" >&2
        return 1
    fi
    # A saved level the CLI refuses fails the run; one it takes passes (level 1, as a one-level file).
    python3 - "$ROOT/levels/levels.json" "$tmp" <<'PY'
import json, sys
level = json.load(open(sys.argv[1]))["levels"][0]
json.dump(level, open(sys.argv[2] + "/good.json", "w"))
level["screws"][0]["color"] = (level["screws"][0]["color"] + 1) % 16
json.dump(level, open(sys.argv[2] + "/bad.json", "w"))
PY
    printf 'editor_test: saved level %s\n' "$tmp/good.json" >"$tmp/saved-good.log"
    check_saved_levels "$tmp/saved-good.log" saved-good >/dev/null || {
        echo "self-test FAILED: a saved level the CLI takes was refused" >&2
        return 1
    }
    printf 'editor_test: saved level %s\n' "$tmp/bad.json" >"$tmp/saved-bad.log"
    if check_saved_levels "$tmp/saved-bad.log" saved-bad 2>/dev/null; then
        echo "self-test FAILED: a saved level the CLI refuses passed" >&2
        return 1
    fi
    printf 'run_all: replayed 200 stored solutions\nrun_all: 0 failure(s)\n' >"$tmp/clean.log"
    scan "$tmp/clean.log" clean || { echo "self-test FAILED: a clean log was refused" >&2; return 1; }

    local godot
    godot=$(godot_binary)
    dir="$tmp/project"
    cp -a "$PROJECT" "$dir"
    LOGS="$tmp/logs-good" PROJECT="$dir" check "res://tests/run_all.gd" >"$tmp/good.out" 2>&1 || {
        cat "$tmp/good.out" >&2
        echo "self-test FAILED: the unbroken project copy did not pass" >&2
        return 1
    }
    # One broken call in a game script that otherwise parses (Godot prints SCRIPT ERROR, may exit 0).
    sed -i 's/^func _ready() -> void:$/func _ready() -> void:\n\tApp.call("no_such_method_in_app")/' \
        "$dir/scripts/main_menu.gd"
    grep -q no_such_method_in_app "$dir/scripts/main_menu.gd" || {
        echo "self-test FAILED: could not break main_menu.gd" >&2
        return 1
    }
    if LOGS="$tmp/logs-broken" PROJECT="$dir" check "res://tests/run_all.gd" >"$tmp/broken.out" 2>&1; then
        cat "$tmp/broken.out" >&2
        echo "self-test FAILED: a broken GDScript call passed the check" >&2
        return 1
    fi
    grep -q "no_such_method_in_app" "$tmp/broken.out" || {
        cat "$tmp/broken.out" >&2
        echo "self-test FAILED: the check failed, but not because of the broken call" >&2
        return 1
    }
    echo "self-test: the scan flags ${#canned[@]} kinds of error line and a missing result line;"
    echo "self-test: the import passes a first import's lines and nothing else;"
    echo "self-test: a saved level must pass screwsmith validate --file and solve --file --verify;"
    echo "self-test: the unbroken project passes, the broken call fails the check:"
    grep -E "FAIL|no_such_method" "$tmp/broken.out" | head -4 | sed 's/^/    /'
}

case "${1:-}" in
    --self-test) self_test ;;
    --scan) scan "$2" "$3" ;;
    --scan-errors) scan_errors "$2" "$3" ;;
    --binary) godot_binary ;;
    --list) printf '%s\n' "${ENGINE_TESTS[@]}" ;;
    --exported) shift; exported "$@" ;;
    --project) PROJECT=$(cd "$2" && pwd); shift 2; check "$@" ;;
    *) check "$@" ;;
esac
