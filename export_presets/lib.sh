# Shared by build_android.sh and build_ios.sh (sourced, not run).
# The .gdextension file is the one list of library names: the scripts read their destinations
# from it instead of repeating them.

GDEXTENSION="$ROOT/godot_project/screwsmith.gdextension"
# The mobile profile (LTO, one codegen unit) when the workspace defines one, else release.
if grep -q '^\[profile\.mobile\]' "$ROOT/Cargo.toml"; then PROFILE=mobile; else PROFILE=release; fi

build_extension() {
  rustup target add "$1" >/dev/null
  (cd "$ROOT" && cargo build -p screwsmith-gdext --target "$1" --profile "$PROFILE")
}

# The res:// paths of the [libraries] entries whose key matches the regex $1.
gdextension_paths() {
  [ -f "$GDEXTENSION" ] || { echo "$GDEXTENSION missing" >&2; exit 2; }
  sed -n 's/^\('"$1"'[^ =]*\) *= *"\(res:\/\/bin\/[^"]*\)".*/\2/p' "$GDEXTENSION" | sort -u
}

install_library() {
  local dest="$ROOT/godot_project/${2#res://}"
  mkdir -p "$(dirname "$dest")"
  cp "$ROOT/$1" "$dest"
  echo "installed $2"
}
