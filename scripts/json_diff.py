#!/usr/bin/env python3
"""Compares two outputs of the screwsmith CLI that must be byte-identical, and when they are not, names
what differs: the level (by its number) or the Daily Bench (by its number and date), and the field path.

Two kinds of file:
  * a level set ({"format": …, "levels": [{"number": …}, …]}, what `screwsmith bake` writes);
  * JSON lines (one object per line, what `screwsmith daily --sweep N --benches` prints).

    scripts/json_diff.py EXPECTED GOT [--names "x86_64,aarch64"]   exit 0 identical, 1 different
    scripts/json_diff.py --self-test                               a changed field must be named
"""
import json
import sys
import tempfile
from pathlib import Path

# At most this many differences are listed per file: a wholly different run would flood the log.
MAX_LISTED = 20


def field_diffs(a, b, path=""):
    """Yields (path, a, b) for every leaf where a and b differ, in document order."""
    if isinstance(a, dict) and isinstance(b, dict):
        for key in list(a) + [k for k in b if k not in a]:
            sub = f"{path}.{key}" if path else key
            if key not in a or key not in b:
                yield sub, a.get(key, "<absent>"), b.get(key, "<absent>")
            else:
                yield from field_diffs(a[key], b[key], sub)
    elif isinstance(a, list) and isinstance(b, list):
        for i in range(max(len(a), len(b))):
            sub = f"{path}[{i}]"
            if i >= len(a) or i >= len(b):
                yield sub, a[i] if i < len(a) else "<absent>", b[i] if i < len(b) else "<absent>"
            else:
                yield from field_diffs(a[i], b[i], sub)
    elif type(a) is not type(b) or a != b:
        yield path, a, b


def records(text):
    """(label, value) pairs: the header and levels of a level set, or the lines of a JSON-lines file."""
    try:
        doc = json.loads(text)
    except json.JSONDecodeError:
        doc = None  # more than one value: JSON lines
    if isinstance(doc, dict) and isinstance(doc.get("levels"), list):
        head = {k: v for k, v in doc.items() if k != "levels"}
        return [("the set's header", head)] + [
            (f"level {lv.get('number', f'#{i + 1}')}", lv) for i, lv in enumerate(doc["levels"])
        ]
    out = []
    for i, line in enumerate(text.splitlines()):
        value = json.loads(line)
        if isinstance(value, dict) and "bench" in value:
            label = f"bench {value['bench']}" + (f" ({value['date']})" if "date" in value else "")
        else:
            label = f"line {i + 1}"
        out.append((label, value))
    return out


def compare(expected, got, names=("expected", "got")):
    """Lines naming every difference (empty when the bytes are identical)."""
    if expected == got:
        return []
    try:
        a, b = records(expected.decode()), records(got.decode())
    except (UnicodeDecodeError, json.JSONDecodeError) as e:
        return [f"not comparable as JSON ({e}); the bytes differ"]
    diffs = []
    if len(a) != len(b):
        diffs.append(f"{len(a)} records in {names[0]}, {len(b)} in {names[1]}")
    for (label_a, va), (label_b, vb) in zip(a, b):
        if label_a != label_b:
            diffs.append(f"{label_a} in {names[0]} where {names[1]} has {label_b}")
            continue
        for path, x, y in field_diffs(va, vb):
            diffs.append(f"{label_a}: {path or '(value)'}: {json.dumps(x)} ({names[0]}) != {json.dumps(y)} ({names[1]})")
    if not diffs:
        offset = next(i for i, (x, y) in enumerate(zip(expected + b"\0", got + b"\1")) if x != y)
        line = expected[:offset].count(b"\n") + 1
        diffs.append(f"equal values, different bytes (formatting): first at byte {offset}, line {line}")
    return diffs


def self_test():
    """Each changed field must be reported with its level or bench and its path; identical files pass."""
    level_set = {"format": 1, "levels": [
        {"number": 7, "seed": 1, "screws": [{"id": 1, "color": 2}], "measure": {"difficulty": 3}},
        {"number": 8, "seed": 2, "screws": [{"id": 1, "color": 4}], "measure": {"difficulty": 5}},
    ]}
    benches = [{"bench": 97, "date": "2026-11-30", "level": {"seed": 5, "screws": [1, 2]}},
               {"bench": 98, "date": "2026-12-01", "level": {"seed": 6, "screws": [3]}}]

    def dump_set(doc):
        return json.dumps(doc, indent=2).encode()

    def dump_lines(rows):
        return "".join(json.dumps(r) + "\n" for r in rows).encode()

    cases = []
    changed = json.loads(json.dumps(level_set))
    changed["levels"][1]["screws"][0]["color"] = 5
    cases.append((dump_set(level_set), dump_set(changed), "level 8: screws[0].color: 4"))
    changed = json.loads(json.dumps(level_set))
    changed["levels"][0]["measure"]["difficulty"] = 4
    cases.append((dump_set(level_set), dump_set(changed), "level 7: measure.difficulty"))
    changed = json.loads(json.dumps(benches))
    changed[0]["level"]["screws"].append(9)
    cases.append((dump_lines(benches), dump_lines(changed), "bench 97 (2026-11-30): level.screws[2]"))
    cases.append((dump_set(level_set), json.dumps(level_set).encode(), "formatting"))
    failed = 0
    for a, b, must in cases:
        found = compare(a, b)
        if not any(must in line for line in found):
            print(f"FAIL self-test: expected a line naming {must!r}, got {found}", file=sys.stderr)
            failed += 1
    for same in (dump_set(level_set), dump_lines(benches)):
        if compare(same, same):
            print("FAIL self-test: identical files reported as different", file=sys.stderr)
            failed += 1
    with tempfile.TemporaryDirectory() as tmp:
        p, q = Path(tmp, "a.json"), Path(tmp, "b.json")
        p.write_bytes(dump_set(level_set))
        q.write_bytes(dump_set(level_set).replace(b'"seed": 2', b'"seed": 3'))
        if main([str(p), str(q)]) != 1:
            print("FAIL self-test: a different file did not exit 1", file=sys.stderr)
            failed += 1
    print(f"json_diff self-test: {len(cases) + 3 - failed}/{len(cases) + 3} cases caught")
    return 1 if failed else 0


def main(argv):
    if argv == ["--self-test"]:
        return self_test()
    names = ("expected", "got")
    if len(argv) == 4 and argv[2] == "--names":
        names = tuple(argv[3].split(",", 1))
        argv = argv[:2]
    if len(argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    expected, got = Path(argv[0]).read_bytes(), Path(argv[1]).read_bytes()
    diffs = compare(expected, got, names)
    for line in diffs[:MAX_LISTED]:
        print(f"  DIFFERENT {line}")
    if len(diffs) > MAX_LISTED:
        print(f"  … and {len(diffs) - MAX_LISTED} more differences")
    return 1 if diffs else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
