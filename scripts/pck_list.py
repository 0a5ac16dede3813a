#!/usr/bin/env python3
"""Lists the files in a Godot 4 .pck (pack format 2, Godot 4.0-4.4; unencrypted directory).

    python3 scripts/pck_list.py PACK.pck        one res:// path and size per line

Godot has no command that lists a pack, and the export checks need to see what went in (levels and
fonts) and what stayed out (tests).
"""
import struct
import sys

PACK_DIR_ENCRYPTED = 1


def entries(path):
    with open(path, "rb") as f:
        data = f.read()
    magic = data.find(b"GDPC")
    if magic < 0:
        raise SystemExit(f"{path}: no GDPC header")
    pos = magic + 4
    version, major, minor, patch, flags = struct.unpack_from("<5I", data, pos)
    if version != 2:
        raise SystemExit(f"{path}: pack format {version}, this lister reads 2 (Godot 4.0-4.4)")
    if flags & PACK_DIR_ENCRYPTED:
        raise SystemExit(f"{path}: encrypted directory")
    pos += 20 + 8 + 16 * 4  # version fields, file base, reserved
    (count,) = struct.unpack_from("<I", data, pos)
    pos += 4
    for _ in range(count):
        (length,) = struct.unpack_from("<I", data, pos)
        pos += 4
        name = data[pos:pos + length].rstrip(b"\0").decode("utf-8")
        pos += length
        _offset, size = struct.unpack_from("<QQ", data, pos)
        pos += 16 + 16 + 4  # offset, size, md5, flags
        yield name, size


def main():
    if len(sys.argv) != 2:
        raise SystemExit(__doc__)
    for name, size in entries(sys.argv[1]):
        print(f"{name}\t{size}")


if __name__ == "__main__":
    main()
