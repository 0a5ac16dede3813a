#!/usr/bin/env bash
# Cross-build the extension for an iOS export (aarch64-apple-ios) on macOS with Xcode and install it in
# godot_project/bin/ under the name screwsmith.gdextension lists for `ios.<profile>`. The library is a
# .dylib with an @rpath install name (scripts/build_gdext.sh sets it at link time); Godot's iOS
# exporter wraps it into a .framework with its Info.plist inside the Xcode project it writes.
#
#   export_presets/build_ios.sh [release|debug]
# Needs: macOS, Xcode command-line tools and `rustup target add aarch64-apple-ios`.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
[ "$(uname -s)" = Darwin ] || { echo "iOS builds need macOS with Xcode" >&2; exit 2; }
# The oldest iOS the library links against = the preset's application/min_ios_version (a test checks).
export IPHONEOS_DEPLOYMENT_TARGET="${IPHONEOS_DEPLOYMENT_TARGET:-14.0}"
rustup target add aarch64-apple-ios >/dev/null
"$ROOT/scripts/build_gdext.sh" "${1:-release}" ios
