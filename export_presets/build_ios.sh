#!/usr/bin/env bash
# Cross-build the extension for iOS (aarch64-apple-ios) on macOS with Xcode and put it where
# screwsmith.gdextension points (every `ios.*` entry under res://bin/): a .dylib gets an @rpath
# install name (Godot's exporter wraps it as a framework); a listed .framework is built here with
# Info.plist and install name (the App Store accepts dynamic code only as frameworks).
# Usage: export_presets/build_ios.sh
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
TARGET=aarch64-apple-ios
[ "$(uname -s)" = Darwin ] || { echo "iOS builds need macOS with Xcode" >&2; exit 2; }
export IPHONEOS_DEPLOYMENT_TARGET="${IPHONEOS_DEPLOYMENT_TARGET:-14.0}" # = min_ios_version

# shellcheck source=export_presets/lib.sh
. "$ROOT/export_presets/lib.sh"
build_extension "$TARGET"
for dest in $(gdextension_paths 'ios\.'); do
  path="$ROOT/godot_project/${dest#res://}"
  case "$path" in
    *.framework)
      name="$(basename "$path" .framework)"
      rm -rf "$path" && mkdir -p "$path"
      cp "target/$TARGET/$PROFILE/libscrewsmith_gdext.dylib" "$path/$name"
      install_name_tool -id "@rpath/$name.framework/$name" "$path/$name"
      # Bundle identifiers allow letters, digits, "-" and "." only.
      sed -e "s/@NAME@/$name/g" -e "s/@ID@/$(echo "$name" | tr -c 'A-Za-z0-9.\n' '-')/g" -e "s/@MIN_IOS@/$IPHONEOS_DEPLOYMENT_TARGET/g" \
        "$ROOT/export_presets/ios_Info.plist.in" > "$path/Info.plist"
      echo "installed $dest"
      ;;
    *.dylib)
      # Godot's iOS exporter wraps a listed .dylib into a .framework itself; it needs an @rpath name.
      install_library "target/$TARGET/$PROFILE/libscrewsmith_gdext.dylib" "$dest"
      install_name_tool -id "@rpath/$(basename "$path")" "$path"
      ;;
    *.a) install_library "target/$TARGET/$PROFILE/libscrewsmith_gdext.a" "$dest" ;;
    *) echo "unknown iOS library kind: $dest" >&2; exit 2 ;;
  esac
done
