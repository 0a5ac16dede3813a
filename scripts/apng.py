#!/usr/bin/env python3
"""Puts the frames an engine script rendered (DIR/frames.json: [{"file", "ms"}, ...]) together as
one animated PNG, with Pillow's APNG writer: it stores each frame as the rectangle that changed
since the one before and merges repeated frames into one longer one. Every frame is drawn with one
256-colour palette made from a sample of the frames (the board's flat colours lose nothing a
viewer sees; undithered, so a still area stays byte-equal from frame to frame): a whole level's clip
is a few hundred kB, small enough to commit. Needs Pillow (python3 -m pip install pillow).

    scripts/apng.py DIR OUT.png
"""
import json
import sys
from pathlib import Path


def main() -> int:
    if len(sys.argv) != 3:
        print(__doc__.strip().splitlines()[-1].strip(), file=sys.stderr)
        return 2
    try:
        from PIL import Image
    except ImportError:
        print("apng.py needs Pillow: python3 -m pip install pillow", file=sys.stderr)
        return 2
    folder, out = Path(sys.argv[1]), Path(sys.argv[2])
    try:
        frames = json.loads((folder / "frames.json").read_text())
        images = [Image.open(folder / f["file"]).convert("RGB") for f in frames]
    except (OSError, ValueError, KeyError) as err:
        print(f"apng.py: cannot read the frames in {folder}: {err}", file=sys.stderr)
        return 1
    if not images:
        print(f"apng.py: {folder}/frames.json lists no frame", file=sys.stderr)
        return 1
    # One palette for the whole clip: from up to 8 frames spread over it, side by side.
    sample = images[:: max(1, len(images) // 8)][:8]
    width, height = images[0].size
    sheet = Image.new("RGB", (width * len(sample), height))
    for k, image in enumerate(sample):
        sheet.paste(image, (k * width, 0))
    palette = sheet.quantize(colors=256)
    frames_p = [image.quantize(palette=palette, dither=Image.Dither.NONE) for image in images]
    frames_p[0].save(
        out,
        format="PNG",
        save_all=True,
        append_images=frames_p[1:],
        duration=[int(f["ms"]) for f in frames],
        loop=0,
        optimize=True,
    )
    seconds = sum(int(f["ms"]) for f in frames) / 1000
    print(f"apng.py: {len(images)} frames, {seconds:.1f} s, {out.stat().st_size} bytes -> {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
