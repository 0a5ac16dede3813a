#!/usr/bin/env python3
"""Write (or check) the licences of the Rust crates linked into the game's extension.

Why: the extension (rust/gdext, a cdylib) links third-party crates into the shipped game; their
licences (MIT, Apache-2.0, …) ask that the notice and licence text ship with it. The game's
licences screen shows godot_project/licences/rust_crates.txt, which this script generates from the
crate graph, so the list follows Cargo.lock instead of being kept by hand.

Which crates: what the shipping build links — `cargo tree` of screwsmith-gdext alone with
--no-default-features (as `scripts/build_gdext.sh release` builds it), NORMAL dependencies only, for
the shipping targets: dev-dependencies are never linked, build dependencies and proc-macro crates run
only while compiling. `cargo tree -p` resolves features for that one package, so a dependency another
workspace member turns on (the CLI's PNG decoder for the pixel audit) is not listed; `cargo metadata`
(which resolves the whole workspace at once) supplies each listed crate's licence, authors and
source folder. The project's own workspace crates are named but carry the project's licence.

Licence texts: every LICENSE*/LICENCE*/COPYING*/NOTICE* file a crate ships in its source (the
registry checkout `cargo metadata` points at), printed once per distinct text with the crates it
belongs to; a crate that ships none is listed with its SPDX expression and authors only.

Usage:
  python3 scripts/licences.py               write godot_project/licences/rust_crates.txt
  python3 scripts/licences.py --check [F]   exit 1 when F (default: the committed list) is not what
                                            the crate graph gives now (CI runs this)
  python3 scripts/licences.py --self-test   prove --check catches a stale list (a crate dropped, a
                                            version changed, a licence text edited) and passes the
                                            fresh one
"""

import json
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "godot_project" / "licences" / "rust_crates.txt"
ROOT_CRATE = "screwsmith-gdext"
# The targets the extension ships for (scripts/build_gdext.sh: the Linux host build CI exports,
# Android and iOS).
TARGETS = ["x86_64-unknown-linux-gnu", "aarch64-linux-android", "aarch64-apple-ios"]
LICENCE_PREFIXES = ("license", "licence", "copying", "notice")


def metadata() -> dict:
    cmd = ["cargo", "metadata", "--format-version", "1", "--locked", "--no-default-features"]
    for target in TARGETS:
        cmd += ["--filter-platform", target]
    return json.loads(subprocess.run(cmd, cwd=ROOT, check=True, capture_output=True).stdout)


def shipped() -> set:
    """(name, version) of every package the shipping build of ROOT_CRATE links, as `cargo tree`
    resolves that one package with --no-default-features for the shipping targets."""
    cmd = ["cargo", "tree", "--locked", "-p", ROOT_CRATE, "--no-default-features", "-e", "normal",
           "--prefix", "none", "--format", "{p}"]
    for target in TARGETS:
        cmd += ["--target", target]
    out = subprocess.run(cmd, cwd=ROOT, check=True, capture_output=True, text=True).stdout
    found = set()
    for line in out.splitlines():
        words = line.split()
        if len(words) >= 2 and words[1].startswith("v"):
            found.add((words[0], words[1][1:]))
    return found


def linked_packages(meta: dict) -> list:
    """The packages reachable from ROOT_CRATE by normal dependencies in the shipping build, minus
    proc-macros."""
    linked = shipped()
    packages = {p["id"]: p for p in meta["packages"]}
    nodes = {n["id"]: n for n in meta["resolve"]["nodes"]}
    root = next(p["id"] for p in meta["packages"] if p["name"] == ROOT_CRATE)
    seen, todo = set(), [root]
    while todo:
        pid = todo.pop()
        if pid in seen:
            continue
        seen.add(pid)
        for dep in nodes[pid]["deps"]:
            normal = any(k["kind"] is None for k in dep["dep_kinds"])
            macro = any("proc-macro" in t["kind"] for t in packages[dep["pkg"]]["targets"])
            dep_pkg = packages[dep["pkg"]]
            if normal and not macro and (dep_pkg["name"], dep_pkg["version"]) in linked:
                todo.append(dep["pkg"])
    seen.discard(root)
    return sorted((packages[p] for p in seen), key=lambda p: (p["name"], p["version"]))


def licence_files(package: dict) -> list:
    """(file name, text) of the licence files the crate ships, by name."""
    folder = Path(package["manifest_path"]).parent
    found = []
    for path in sorted(folder.iterdir(), key=lambda p: p.name):
        if path.is_file() and path.name.lower().startswith(LICENCE_PREFIXES):
            text = path.read_text(encoding="utf-8", errors="replace").strip()
            found.append((path.name, text))
    return found


def render(meta: dict) -> str:
    members = set(meta["workspace_members"])
    crates = linked_packages(meta)
    own = [p for p in crates if p["id"] in members]
    third = [p for p in crates if p["id"] not in members]
    lines = [
        "Rust crates linked into the Screwsmith extension (screwsmith-gdext).",
        "Generated by scripts/licences.py from the crate graph (normal dependencies of the",
        "shipping build for " + ", ".join(TARGETS) + "); do not edit by hand.",
        "",
        "The game's own crates (the project's licence): "
        + ", ".join(f"{p['name']} {p['version']}" for p in own),
        "",
        f"{len(third)} third-party crates:",
        "",
    ]
    texts = {}
    for p in third:
        authors = ", ".join(p.get("authors") or []) or "(no authors listed)"
        lines.append(f"{p['name']} {p['version']} — {p.get('license') or 'no SPDX expression'}")
        lines.append(f"    by {authors}")
        if p.get("repository"):
            lines.append(f"    {p['repository']}")
        files = licence_files(p)
        if not files:
            spdx = p.get("license") or ""
            ids = [w for w in spdx.replace("(", " ").replace(")", " ").split() if w not in ("OR", "AND", "WITH")]
            lines.append("    (ships no licence file; its licence text: "
                         + ", ".join(f"https://spdx.org/licenses/{i}.html" for i in ids) + ")")
        for name, text in files:
            texts.setdefault(text, []).append(f"{p['name']} {p['version']} ({name})")
    lines += ["", "Licence texts, each once, with the crates that ship it:", ""]
    for text, owners in texts.items():
        lines.append("=" * 72)
        lines.append("Shipped by: " + "; ".join(owners))
        lines.append("=" * 72)
        lines.append(text)
        lines.append("")
    return "\n".join(lines).rstrip() + "\n"


def check(path: Path, fresh: str) -> bool:
    committed = path.read_text(encoding="utf-8") if path.exists() else ""
    if committed == fresh:
        return True
    old, new = set(committed.splitlines()), set(fresh.splitlines())
    gone = sorted(old - new)[:5]
    added = sorted(new - old)[:5]
    print(f"{path} is stale: run python3 scripts/licences.py and commit it", file=sys.stderr)
    for line in gone:
        print(f"  - {line[:100]}", file=sys.stderr)
    for line in added:
        print(f"  + {line[:100]}", file=sys.stderr)
    return False


def self_test(fresh: str) -> bool:
    """--check must pass the fresh list and fail each stale variant."""
    first_crate = next(l for l in fresh.splitlines() if " — " in l)
    name, version = first_crate.split(" — ")[0].split(" ")
    stale = {
        "a crate dropped": fresh.replace(first_crate + "\n", "", 1),
        "a version changed": fresh.replace(f"{name} {version}", f"{name} 0.0.0-stale", 1),
        "a licence text edited": fresh.replace("Permission", "Permision", 1),
        "missing file": None,
    }
    ok = True
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "rust_crates.txt"
        path.write_text(fresh, encoding="utf-8")
        if not check(path, fresh):
            print("self-test: the fresh list was called stale", file=sys.stderr)
            ok = False
        for what, text in stale.items():
            if text is None:
                path.unlink()
            else:
                assert text != fresh, what
                path.write_text(text, encoding="utf-8")
            if check(path, fresh):
                print(f"self-test: {what} was not caught", file=sys.stderr)
                ok = False
    print("licences self-test: " + ("ok" if ok else "FAILED"))
    return ok


def main() -> int:
    args = sys.argv[1:]
    fresh = render(metadata())
    if args[:1] == ["--check"]:
        path = Path(args[1]) if len(args) > 1 else OUT
        return 0 if check(path, fresh) else 1
    if args[:1] == ["--self-test"]:
        return 0 if self_test(fresh) else 1
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(fresh, encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)} ({fresh.count(' — ')} crates, {len(fresh)} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
