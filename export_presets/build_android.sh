#!/usr/bin/env bash
# Cross-build the extension for Android arm64-v8a and put it where screwsmith.gdextension points
# (every `android.*.arm64` entry under res://bin/). Needs: rustup target aarch64-linux-android and an
# Android NDK (r27+; ANDROID_NDK_HOME or ANDROID_NDK_ROOT). Usage: export_presets/build_android.sh
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
TARGET=aarch64-linux-android
API="${ANDROID_API:-24}" # = gradle_build/min_sdk in export_presets.cfg
NDK="${ANDROID_NDK_HOME:-${ANDROID_NDK_ROOT:-}}"
[ -d "$NDK" ] || { echo "set ANDROID_NDK_HOME to an Android NDK" >&2; exit 2; }
case "$(uname -s)" in
  Linux) HOST=linux-x86_64 ;;
  Darwin) HOST=darwin-x86_64 ;; # the NDK ships universal binaries under this name
  *) echo "unsupported build host $(uname -s)" >&2; exit 2 ;;
esac
BIN="$NDK/toolchains/llvm/prebuilt/$HOST/bin"
# The NDK's clang is the linker; 16 KB pages are required on Android 15+ devices.
export CARGO_TARGET_AARCH64_LINUX_ANDROID_LINKER="$BIN/${TARGET}${API}-clang"
export CARGO_TARGET_AARCH64_LINUX_ANDROID_RUSTFLAGS="-C link-arg=-Wl,-z,max-page-size=16384"
export CC_aarch64_linux_android="$BIN/${TARGET}${API}-clang"
export AR_aarch64_linux_android="$BIN/llvm-ar"

# shellcheck source=export_presets/lib.sh
. "$ROOT/export_presets/lib.sh"
build_extension "$TARGET"
for dest in $(gdextension_paths 'android\..*arm64'); do
  install_library "target/$TARGET/$PROFILE/libscrewsmith_gdext.so" "$dest"
done
