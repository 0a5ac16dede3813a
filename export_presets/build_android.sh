#!/usr/bin/env bash
# Cross-build the extension for an Android export (arm64-v8a) and install it in godot_project/bin/
# under the name screwsmith.gdextension lists for `android.<profile>.arm64`. The build itself (NDK
# clang as linker, -Wl,-z,max-page-size=16384 for 16 KB pages) is scripts/build_gdext.sh's.
#
#   export_presets/build_android.sh [release|debug]   release for --export-release (default),
#                                                     debug for --export-debug
# Needs: ANDROID_NDK_HOME (NDK r27+) and `rustup target add aarch64-linux-android`.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
# The oldest Android the library links against = the preset's gradle_build/min_sdk (a test checks).
export ANDROID_API="${ANDROID_API:-24}"
rustup target add aarch64-linux-android >/dev/null
"$ROOT/scripts/build_gdext.sh" "${1:-release}" android
