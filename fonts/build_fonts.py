#!/usr/bin/env python3
"""Build the bundled Noto subsets from the characters the game actually shows.

Why: some Android builds fall back to no CJK font at all (every glyph becomes tofu), so the game
bundles its own fonts; full Noto CJK is ~20 MB per face, so each face is cut down to the characters
the translation file and the scenes use (~200 KB for all five).

Inputs:  godot_project/translations/strings.csv (one column per locale) and the text of every
         .tscn / .gd under godot_project/ (string literals with non-ASCII characters), and the
         licence texts the licences screen shows (into the Latin face);
         Debian's fonts-noto-core (NotoSans-Regular.ttf) and fonts-noto-cjk
         (NotoSansCJK-Regular.ttc, faces picked by name with --font-number).
Outputs: fonts/*.ttf|otf and identical copies in godot_project/fonts/ (Godot can only load fonts
         inside the project), plus fonts/charset-*.txt listing what each face holds.

Reproducible: same inputs give the same bytes (fontTools keeps the source's head.modified unless
asked to recalculate it; we never ask). CI re-runs this script and fails if git sees a change.
"""

import csv
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

from fontTools.ttLib import TTCollection

ROOT = Path(__file__).resolve().parent.parent
PROJECT = ROOT / "godot_project"
CSV = PROJECT / "translations" / "strings.csv"
OUT = ROOT / "fonts"
PROJECT_FONTS = PROJECT / "fonts"

NOTO_SANS = Path(os.environ.get("NOTO_SANS", "/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf"))
NOTO_CJK = Path(os.environ.get("NOTO_CJK", "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"))

# Locale column -> (face name inside the .ttc, output file). Each CJK face gets exactly the
# characters of its own column, because Han characters are drawn differently per language.
CJK_FACES = {
    "ja": ("Noto Sans CJK JP", "NotoSansJP-Subset.otf"),
    "zh_CN": ("Noto Sans CJK SC", "NotoSansSC-Subset.otf"),
    "zh_TW": ("Noto Sans CJK TC", "NotoSansTC-Subset.otf"),
    "ko": ("Noto Sans CJK KR", "NotoSansKR-Subset.otf"),
}
LATIN_FILE = "NotoSans-Subset.ttf"

# The Latin face always carries printable ASCII (numbers and level names are formatted at run
# time), the Turkish letters and basic Cyrillic (the declared scripts of the Latin face, cheap),
# plus every character any string uses that Noto Sans has.
# The licences screen shows English legal texts read at run time: the characters of the files it
# reads (LICENCE_TEXTS) are added below, and these are the non-ASCII ones of Godot's own texts
# (Engine.get_license_info and friends, only known to the engine: licences_test.gd checks every
# character it shows has a glyph, so a new one fails there).
GODOT_LICENCE_CHARS = "©óöøÅ"
LATIN_BASE = (
    [chr(c) for c in range(0x20, 0x7F)]
    + list(GODOT_LICENCE_CHARS)
    + list("ÇçĞğİıÖöŞşÜüÂâÎîÛû")
    + [chr(c) for c in range(0x0410, 0x0450)]
    + ["Ё", "ё"]
)

COMMON_ARGS = [
    # pyftsubset's default layout features are the ones HarfBuzz (Godot's shaper) turns on for
    # horizontal text; "*" also kept 'aalt' and the width/ruby alternates, whose glyph closure made the
    # CJK faces about 22 % larger for nothing the game draws.
    "--name-IDs=*",  # keep the copyright/licence name records (IDs 0, 13, 14)
    "--name-languages=*",
    "--no-hinting",
    "--notdef-outline",
]

# Plain texts the licences screen reads (their characters go into the Latin face).
LICENCE_TEXTS = [PROJECT / "licences" / "rust_crates.txt", ROOT / "fonts" / "OFL.txt"]

LITERAL = re.compile(r'"((?:[^"\\\n]|\\.)*)"')


def translation_columns():
    with CSV.open(encoding="utf-8", newline="") as f:
        rows = list(csv.reader(f))
    header, body = rows[0], rows[1:]
    return {locale: "".join(row[i] for row in body) for i, locale in enumerate(header) if i > 0}


def project_literals():
    """Non-ASCII text in scenes and scripts (the static checks keep UI text in the CSV, but a
    symbol drawn by a script must still be covered)."""
    text = []
    for path in sorted(PROJECT.rglob("*")):
        if path.suffix in (".tscn", ".gd", ".tres") and ".godot" not in path.parts:
            for literal in LITERAL.findall(path.read_text(encoding="utf-8")):
                text.append("".join(c for c in literal if ord(c) > 0x7E))
    return "".join(text)


def face_number(name):
    collection = TTCollection(str(NOTO_CJK), lazy=True)
    for i, font in enumerate(collection.fonts):
        if font["name"].getDebugName(4) == name:
            return i
    sys.exit(f"{NOTO_CJK}: no face named {name!r}")


def cmap_of(path, number=None):
    if number is None:
        from fontTools.ttLib import TTFont

        return set(TTFont(str(path), lazy=True).getBestCmap())
    return set(TTCollection(str(NOTO_CJK), lazy=True).fonts[number].getBestCmap())


def subset(source, chars, out_name, number=None):
    chars = sorted(set(chars) - {"\n", "\r", "\t"})
    charset = OUT / ("charset-" + out_name.rsplit(".", 1)[0] + ".txt")
    charset.write_text("".join(chars) + "\n", encoding="utf-8")
    # `python -m fontTools.subset` is pyftsubset, run by the same interpreter that imported fontTools.
    args = [sys.executable, "-m", "fontTools.subset", str(source), f"--text-file={charset}", f"--output-file={OUT / out_name}"]
    if number is not None:
        args.append(f"--font-number={number}")
    subprocess.run(args + COMMON_ARGS, check=True)
    shutil.copyfile(OUT / out_name, PROJECT_FONTS / out_name)
    return len(chars)


def main():
    for source in (NOTO_SANS, NOTO_CJK):
        if not source.exists():
            sys.exit(f"{source} missing: apt-get install fonts-noto-core fonts-noto-cjk")
    PROJECT_FONTS.mkdir(exist_ok=True)
    shutil.copyfile(OUT / "OFL.txt", PROJECT_FONTS / "OFL.txt")
    columns = translation_columns()
    extra = project_literals()
    everything = "".join(columns.values()) + extra
    latin_cmap = cmap_of(NOTO_SANS)
    licences = "".join(p.read_text(encoding="utf-8") for p in LICENCE_TEXTS)
    latin = LATIN_BASE + [c for c in everything + licences if ord(c) in latin_cmap]
    sizes = {LATIN_FILE: subset(NOTO_SANS, latin, LATIN_FILE)}
    for locale, (face, out_name) in CJK_FACES.items():
        number = face_number(face)
        # Characters the Latin face already draws are left to it (it is first in the chain).
        own = [c for c in columns[locale] + extra if ord(c) not in latin_cmap]
        sizes[out_name] = subset(NOTO_CJK, own, out_name, number)
    total = 0
    for name, count in sizes.items():
        size = (OUT / name).stat().st_size
        total += size
        print(f"{name}: {count} characters, {size} bytes")
    print(f"total: {total} bytes")


if __name__ == "__main__":
    main()
