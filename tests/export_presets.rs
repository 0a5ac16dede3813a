//! Export presets: `godot_project/export_presets.cfg` is a byte-identical copy of
//! `export_presets/export_presets.cfg` (the reviewed source); Android exports arm64-v8a only and
//! iOS arm64; the cross-build scripts (through `scripts/build_gdext.sh`) use the NDK clang linker
//! with 16 KB pages and give the iOS library an `@rpath` install name.

use screwsmith_checks::project::{project_dir, read, repo_root};
use std::collections::BTreeMap;

/// `[section]` → key → raw value, for Godot's ConfigFile text.
fn parse_cfg(text: &str) -> BTreeMap<String, BTreeMap<String, String>> {
    let mut out: BTreeMap<String, BTreeMap<String, String>> = BTreeMap::new();
    let mut current = String::new();
    for line in text.lines().map(str::trim) {
        if let Some(name) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
            current = name.to_string();
            out.entry(current.clone()).or_default();
        } else if let Some((k, v)) = line.split_once('=') {
            out.entry(current.clone())
                .or_default()
                .insert(k.to_string(), v.to_string());
        }
    }
    out
}

fn presets() -> BTreeMap<String, BTreeMap<String, String>> {
    parse_cfg(&read(
        &repo_root().join("export_presets/export_presets.cfg"),
    ))
}

/// The `[preset.N]` section and its options for the preset with `platform`.
fn preset(platform: &str) -> (BTreeMap<String, String>, BTreeMap<String, String>) {
    let all = presets();
    let (name, section) = all
        .iter()
        .find(|(_, s)| s.get("platform").map(String::as_str) == Some(&format!("\"{platform}\"")))
        .unwrap_or_else(|| panic!("no {platform} preset"));
    let options = all
        .get(&format!("{name}.options"))
        .cloned()
        .unwrap_or_default();
    (section.clone(), options)
}

#[test]
fn project_copy_is_identical_to_the_source() {
    assert_eq!(
        read(&project_dir().join("export_presets.cfg")),
        read(&repo_root().join("export_presets/export_presets.cfg")),
        "copy export_presets/export_presets.cfg to godot_project/"
    );
}

#[test]
fn android_exports_arm64_v8a_only() {
    let (section, options) = preset("Android");
    for (arch, on) in [
        ("arm64-v8a", "true"),
        ("armeabi-v7a", "false"),
        ("x86", "false"),
        ("x86_64", "false"),
    ] {
        assert_eq!(
            options
                .get(&format!("architectures/{arch}"))
                .map(String::as_str),
            Some(on),
            "{arch}"
        );
    }
    assert!(
        section["include_filter"].contains("json"),
        "levels.json must be exported"
    );
    assert_eq!(
        options["permissions/vibrate"], "true",
        "haptics need VIBRATE"
    );
}

#[test]
fn ios_exports_arm64() {
    let (section, options) = preset("iOS");
    assert_eq!(options["architectures/arm64"], "true");
    assert!(section["include_filter"].contains("json"));
}

/// The export scripts delegate to the one extension build script, which must cross-link the way
/// the stores require.
#[test]
fn build_scripts_use_the_required_toolchain_settings() {
    let build = read(&repo_root().join("scripts/build_gdext.sh"));
    assert!(build.contains("-Wl,-z,max-page-size=16384"), "16 KB pages");
    assert!(build.contains("CARGO_TARGET_AARCH64_LINUX_ANDROID_LINKER"));
    assert!(
        build.contains("aarch64-linux-android${ANDROID_API:-24}-clang"),
        "NDK clang linker"
    );
    assert!(build.contains("aarch64-apple-ios"));
    assert!(build.contains("-install_name,@rpath/"), "iOS install name");
    let android = read(&repo_root().join("export_presets/build_android.sh"));
    assert!(android.contains("scripts/build_gdext.sh\" \"${1:-release}\" android"));
    let ios = read(&repo_root().join("export_presets/build_ios.sh"));
    assert!(ios.contains("scripts/build_gdext.sh\" \"${1:-release}\" ios"));
}

/// The scripts' default API level / deployment target must be the presets' minimum, or the library
/// would need a newer OS than the app claims to support.
#[test]
fn build_script_minimums_match_the_presets() {
    let (_, android) = preset("Android");
    let min_sdk = android["gradle_build/min_sdk"]
        .trim_matches('"')
        .to_string();
    let script = read(&repo_root().join("export_presets/build_android.sh"));
    assert!(
        script.contains(&format!("ANDROID_API=\"${{ANDROID_API:-{min_sdk}}}\"")),
        "build_android.sh default API != min_sdk {min_sdk}"
    );
    let (_, ios) = preset("iOS");
    let min_ios = ios["application/min_ios_version"]
        .trim_matches('"')
        .to_string();
    let script = read(&repo_root().join("export_presets/build_ios.sh"));
    assert!(
        script.contains(&format!("${{IPHONEOS_DEPLOYMENT_TARGET:-{min_ios}}}")),
        "build_ios.sh deployment target != min_ios_version {min_ios}"
    );
}

#[test]
fn cfg_parser_reads_sections() {
    let cfg = parse_cfg("[preset.0]\nplatform=\"Android\"\n[preset.0.options]\na/b=true\n");
    assert_eq!(cfg["preset.0"]["platform"], "\"Android\"");
    assert_eq!(cfg["preset.0.options"]["a/b"], "true");
}
