#!/usr/bin/env bash
# Builds the Screwsmith GDExtension (crate screwsmith-gdext) and copies it into godot_project/bin/ under
# the exact name godot_project/screwsmith.gdextension lists for that platform, profile and architecture.
#
#   scripts/build_gdext.sh [debug|release] [host|android|ios]   build + copy (default: debug host)
#   scripts/build_gdext.sh --list                               every "<feature key> <file>" this script
#                                                               can produce (tests compare it with the
#                                                               .gdextension's [libraries])
#   scripts/build_gdext.sh --name PLATFORM PROFILE [ARCH]       one file name (for export scripts)
#
# Profiles: debug = cargo's dev profile, with the class docs the editor shows (feature register-docs);
# release = [profile.mobile] (LTO, one codegen unit, opt-level 3 with the godot bindings at "s", symbols
# stripped, panic = "unwind" so gdext can catch panics in #[func]) and no class docs
# (--no-default-features: the docs are for the editor, a player's game never reads them).
# android needs ANDROID_NDK_HOME (API level: ANDROID_API, default 24) and `rustup target add
# aarch64-linux-android`; ios needs macOS with Xcode and `rustup target add aarch64-apple-ios`.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
BIN="$ROOT/godot_project/bin"
CRATE=screwsmith_gdext

# The one naming rule. Keys are Godot feature tags: platform.profile[.arch].
lib_file() {
    local platform=$1 profile=$2 arch=${3:-}
    case "$platform" in
        linux) echo "lib$CRATE.linux.$profile.$arch.so" ;;
        windows) echo "$CRATE.windows.$profile.$arch.dll" ;;
        macos) echo "lib$CRATE.macos.$profile.dylib" ;;
        android) echo "lib$CRATE.android.$profile.$arch.so" ;;
        ios) echo "lib$CRATE.ios.$profile.dylib" ;;
        *) echo "unknown platform $platform" >&2; return 2 ;;
    esac
}

list() {
    local profile
    for profile in debug release; do
        for arch in x86_64 arm64; do echo "linux.$profile.$arch $(lib_file linux "$profile" "$arch")"; done
        echo "windows.$profile.x86_64 $(lib_file windows "$profile" x86_64)"
        echo "macos.$profile $(lib_file macos "$profile")"
        echo "android.$profile.arm64 $(lib_file android "$profile" arm64)"
        echo "ios.$profile $(lib_file ios "$profile")"
    done
}

case "${1:-}" in
    --list) list; exit 0 ;;
    --name) shift; lib_file "$@"; exit 0 ;;
esac

PROFILE=${1:-debug}
TARGET=${2:-host}
case "$PROFILE" in
    debug) CARGO_PROFILE=dev; PROFILE_DIR=debug; FEATURES=() ;;
    release) CARGO_PROFILE=mobile; PROFILE_DIR=mobile; FEATURES=(--no-default-features) ;;
    *) echo "profile must be debug or release, not $PROFILE" >&2; exit 2 ;;
esac

TRIPLE=""
case "$TARGET" in
    host)
        case "$(uname -s)" in
            Linux) PLATFORM=linux; BUILT="lib$CRATE.so" ;;
            Darwin) PLATFORM=macos; BUILT="lib$CRATE.dylib" ;;
            MINGW* | MSYS* | CYGWIN*) PLATFORM=windows; BUILT="$CRATE.dll" ;;
            *) echo "unsupported host $(uname -s)" >&2; exit 2 ;;
        esac
        case "$(uname -m)" in
            x86_64 | amd64) ARCH=x86_64 ;;
            aarch64 | arm64) ARCH=arm64 ;;
            *) echo "unsupported host architecture $(uname -m)" >&2; exit 2 ;;
        esac
        ;;
    android)
        : "${ANDROID_NDK_HOME:?set ANDROID_NDK_HOME to the Android NDK}"
        PLATFORM=android; ARCH=arm64; TRIPLE=aarch64-linux-android; BUILT="lib$CRATE.so"
        NDK_BIN=$(echo "$ANDROID_NDK_HOME"/toolchains/llvm/prebuilt/*/bin)
        export CARGO_TARGET_AARCH64_LINUX_ANDROID_LINKER="$NDK_BIN/aarch64-linux-android${ANDROID_API:-24}-clang"
        # 16 KB pages: required for Android 15+ devices.
        export CARGO_TARGET_AARCH64_LINUX_ANDROID_RUSTFLAGS="-C link-arg=-Wl,-z,max-page-size=16384"
        ;;
    ios)
        PLATFORM=ios; ARCH=arm64; TRIPLE=aarch64-apple-ios; BUILT="lib$CRATE.dylib"
        NAME=$(lib_file ios "$PROFILE")
        export CARGO_TARGET_AARCH64_APPLE_IOS_RUSTFLAGS="-C link-arg=-Wl,-install_name,@rpath/$NAME"
        ;;
    *) echo "target must be host, android or ios, not $TARGET" >&2; exit 2 ;;
esac

cd "$ROOT"
OUT="${CARGO_TARGET_DIR:-$ROOT/target}"
if [ -n "$TRIPLE" ]; then
    cargo build -p screwsmith-gdext --profile "$CARGO_PROFILE" "${FEATURES[@]}" --target "$TRIPLE"
    OUT="$OUT/$TRIPLE"
else
    cargo build -p screwsmith-gdext --profile "$CARGO_PROFILE" "${FEATURES[@]}"
fi
DEST="$BIN/$(lib_file "$PLATFORM" "$PROFILE" "$ARCH")"
mkdir -p "$BIN"
# A new file renamed over the old, never the old one rewritten: a game or editor running with the
# library mapped keeps its copy (rewriting it in place crashed them with SIGSEGV), and the editor
# reloads the new one (reloadable = true).
cp "$OUT/$PROFILE_DIR/$BUILT" "$DEST.new"
mv -f "$DEST.new" "$DEST"
echo "$DEST"
