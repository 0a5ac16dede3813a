//! Export presets: `godot_project/export_presets.cfg` is a byte-identical copy of
//! `export_presets/export_presets.cfg` (the reviewed source); Android exports arm64-v8a only and
//! iOS arm64; the cross-build scripts (through `scripts/build_gdext.sh`) use the NDK clang linker
//! with 16 KB pages and give the iOS library an `@rpath` install name.

use screwsmith_checks::godot_cfg::{self, Config};
use screwsmith_checks::project::{project_dir, read, repo_root};
use std::collections::BTreeMap;

/// The preset only CI exports: the game plus `tests/`, to run the engine suites inside an exported
/// game (scripts/export_check.sh). Never a shipping preset.
const CI_PRESET: &str = "Linux CI tests";

fn presets() -> Config {
    godot_cfg::parse(&read(
        &repo_root().join("export_presets/export_presets.cfg"),
    ))
}

/// The `[preset.N]` section and its options for the preset with `platform`.
fn preset(platform: &str) -> (BTreeMap<String, String>, BTreeMap<String, String>) {
    let all = presets();
    let (name, section) = all
        .iter()
        .find(|(_, s)| {
            s.get("platform").map(String::as_str) == Some(platform)
                && s.get("name").map(String::as_str) != Some(CI_PRESET)
        })
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

/// The licences screen reads these plain text files at run time: Godot exports only resources unless
/// a preset's include filter names other files, so a preset without them ships a licences screen with
/// empty sections (and the game without the notices its fonts and crates require).
#[test]
fn every_preset_ships_the_licence_texts() {
    let all = presets();
    let exported: Vec<_> = all
        .values()
        .filter_map(|s| Some((s.get("name")?, s.get("include_filter")?)))
        .collect();
    assert_eq!(exported.len(), 4, "the four presets");
    for (name, filter) in exported {
        for file in ["licences/*.txt", "fonts/OFL.txt"] {
            assert!(
                filter.contains(file),
                "preset {name} does not export {file}"
            );
        }
    }
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

/// `[preset.N]` sections (not their options), by preset name.
fn presets_by_name() -> BTreeMap<String, BTreeMap<String, String>> {
    presets()
        .into_iter()
        .filter(|(section, _)| !section.ends_with(".options"))
        .map(|(_, s)| (s["name"].clone(), s))
        .collect()
}

/// A shipping preset leaves tests/ out (scripts/export_check.sh also reads the exported packs' file
/// lists); only the CI preset takes them in, and it is not runnable from the editor's one-click deploy.
#[test]
fn only_the_ci_preset_exports_the_tests() {
    let all = presets_by_name();
    assert!(all.contains_key(CI_PRESET), "no {CI_PRESET} preset");
    for (name, section) in &all {
        let excluded = section["exclude_filter"]
            .split(',')
            .any(|f| f.trim() == "tests/*");
        if name == CI_PRESET {
            assert!(!excluded, "{name} must export tests/");
            assert_eq!(section["runnable"], "false", "{name}");
            assert_eq!(section["platform"], "Linux", "{name}");
        } else {
            assert!(excluded, "shipping preset {name} must exclude tests/*");
        }
    }
}

/// The CI preset exports the same game as the shipping Linux preset: same filters (but tests/) and
/// the same options, so what runs the suites is what a player would get.
#[test]
fn the_ci_preset_is_the_linux_preset_plus_tests() {
    let all = presets();
    let section_of = |wanted: &str| {
        all.iter()
            .find(|(_, s)| s.get("name").map(String::as_str) == Some(wanted))
            .map(|(k, s)| (k.clone(), s.clone()))
            .unwrap_or_else(|| panic!("no preset {wanted}"))
    };
    let (ci_key, ci) = section_of(CI_PRESET);
    let (linux_key, linux) = section_of("Linux");
    for key in [
        "export_filter",
        "include_filter",
        "script_export_mode",
        "custom_features",
    ] {
        assert_eq!(ci[key], linux[key], "{key}");
    }
    assert_eq!(
        all[&format!("{ci_key}.options")],
        all[&format!("{linux_key}.options")],
        "options"
    );
}
