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

/// `project.godot`'s `[application]` section.
fn application() -> BTreeMap<String, String> {
    godot_cfg::parse(&read(&project_dir().join("project.godot")))
        .remove("application")
        .expect("project.godot has [application]")
}

/// The version name and build number live in `project.godot` (`config/version`,
/// `config/version_code`); each store preset's copy must match, or a store would get one version and
/// the game would show another.
fn version_mismatches(
    app: &BTreeMap<String, String>,
    android: &BTreeMap<String, String>,
    ios: &BTreeMap<String, String>,
) -> Vec<String> {
    let name = app.get("config/version").cloned().unwrap_or_default();
    let code = app.get("config/version_code").cloned().unwrap_or_default();
    let mut out = Vec::new();
    if name.is_empty() || code.parse::<u32>().map_or(true, |c| c == 0) {
        out.push(format!(
            "project.godot: version {name:?}, version_code {code:?}"
        ));
    }
    for (preset, options, key, want) in [
        ("Android", android, "version/name", &name),
        ("Android", android, "version/code", &code),
        ("iOS", ios, "application/short_version", &name),
        ("iOS", ios, "application/version", &code),
    ] {
        let got = options.get(key).map(String::as_str).unwrap_or("<unset>");
        if got != want.as_str() {
            out.push(format!(
                "{preset} {key} = {got:?}, project.godot says {want:?}"
            ));
        }
    }
    out
}

#[test]
fn the_presets_carry_the_projects_version() {
    let (_, android) = preset("Android");
    let (_, ios) = preset("iOS");
    let app = application();
    assert_eq!(
        version_mismatches(&app, &android, &ios),
        Vec::<String>::new()
    );
    // The check can fail: a preset a build behind, and a project without a build number.
    let mut behind = android.clone();
    behind.insert("version/code".into(), "0".into());
    let found = version_mismatches(&app, &behind, &ios);
    assert!(
        found.iter().any(|m| m.contains("Android version/code")),
        "{found:?}"
    );
    let mut no_code = app.clone();
    no_code.remove("config/version_code");
    assert!(!version_mismatches(&no_code, &android, &ios).is_empty());
}

/// The size a Godot icon option names (`…_192x192`, `…_1024x1024`).
fn size_in_key(key: &str) -> Option<u32> {
    let (w, h) = key.rsplit_once('_')?.1.split_once('x')?;
    (w == h).then(|| w.parse().ok()).flatten()
}

/// Every icon option `keys` of a preset: set, a PNG under res:// that exists, of the size the
/// option names, and without an alpha channel when `opaque` (the App Store refuses one).
fn icon_problems(options: &BTreeMap<String, String>, keys: &[&str], opaque: bool) -> Vec<String> {
    let mut out = Vec::new();
    for key in keys {
        let Some(res) = options.get(*key).filter(|v| !v.is_empty()) else {
            out.push(format!("{key} is not set"));
            continue;
        };
        let Some(bytes) = res
            .strip_prefix("res://")
            .and_then(|p| std::fs::read(project_dir().join(p)).ok())
        else {
            out.push(format!("{key} = {res}: no such file"));
            continue;
        };
        let want = size_in_key(key).expect("icon options name their size");
        match screwsmith_checks::store_art::png_info(&bytes) {
            Some((w, h, alpha)) if (w, h) == (want, want) && !(opaque && alpha) => {}
            Some((w, h, alpha)) => out.push(format!(
                "{key} = {res}: {w}x{h}{}, expected {want}x{want}{}",
                if alpha { " with alpha" } else { "" },
                if opaque { " opaque" } else { "" }
            )),
            None => out.push(format!("{key} = {res}: not a PNG")),
        }
    }
    out
}

const ANDROID_ICONS: &[&str] = &[
    "launcher_icons/main_192x192",
    "launcher_icons/adaptive_foreground_432x432",
    "launcher_icons/adaptive_background_432x432",
];

/// The iOS preset's icons (Godot 4.4): the 1024 base and App Store icons and every per-size one it
/// offers, so no size falls back to a scaled copy of something else.
const IOS_ICONS: &[&str] = &[
    "icons/icon_1024x1024",
    "icons/app_store_1024x1024",
    "icons/iphone_120x120",
    "icons/iphone_180x180",
    "icons/ipad_152x152",
    "icons/ipad_167x167",
    "icons/ios_128x128",
    "icons/ios_136x136",
    "icons/ios_192x192",
    "icons/notification_40x40",
    "icons/notification_60x60",
    "icons/notification_76x76",
    "icons/notification_114x114",
    "icons/settings_58x58",
    "icons/settings_87x87",
    "icons/spotlight_80x80",
    "icons/spotlight_120x120",
];

#[test]
fn the_store_presets_have_every_launcher_icon() {
    let (_, android) = preset("Android");
    let (_, ios) = preset("iOS");
    assert_eq!(
        icon_problems(&android, ANDROID_ICONS, false),
        Vec::<String>::new()
    );
    assert_eq!(icon_problems(&ios, IOS_ICONS, true), Vec::<String>::new());
    // The check can fail: an icon left out, one of the wrong size, one with alpha for the App Store.
    let mut broken = ios.clone();
    broken.remove("icons/settings_58x58");
    broken.insert(
        "icons/iphone_120x120".into(),
        ios["icons/iphone_180x180"].clone(),
    );
    broken.insert(
        "icons/app_store_1024x1024".into(),
        "res://store/android/main_192.png".into(),
    );
    let found = icon_problems(&broken, IOS_ICONS, true);
    assert_eq!(found.len(), 3, "{found:?}");
    assert!(
        found[0].contains("app_store") && found[0].contains("with alpha"),
        "{found:?}"
    );
}

/// The boot splash is the game's own (not Godot's logo) on the menu's colour, and the window icon
/// is the store icon.
#[test]
fn the_boot_splash_and_window_icon_are_the_games() {
    let app = application();
    for key in ["boot_splash/image", "config/icon"] {
        let res = app
            .get(key)
            .unwrap_or_else(|| panic!("project.godot: no {key}"));
        let path = project_dir().join(res.strip_prefix("res://").expect("a res:// path"));
        let bytes = std::fs::read(&path).unwrap_or_else(|_| panic!("{key} = {res}: no such file"));
        assert!(
            screwsmith_checks::store_art::png_info(&bytes).is_some(),
            "{key}: not a PNG"
        );
        assert!(
            res.starts_with("res://store/"),
            "{key} = {res}: not drawn by store_art"
        );
    }
    assert_eq!(
        app.get("boot_splash/show_image").map(String::as_str),
        Some("true")
    );
    assert!(
        app.contains_key("boot_splash/bg_color"),
        "the splash's background colour"
    );
}
