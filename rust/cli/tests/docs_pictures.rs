//! The pictures README.md shows under `docs/pictures/` are what the commands it names produce today:
//! every `screwsmith render … --out docs/pictures/NAME` line of the README is run into a temporary
//! directory and its output compared byte for byte with the committed file. A picture no command
//! names, a command whose picture is not shown, or a stale file fails the test.

use std::path::{Path, PathBuf};
use std::process::Command;

const DIR: &str = "docs/pictures/";

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The README's picture commands: the arguments after `screwsmith`, and the committed output path.
fn commands(readme: &str) -> Vec<(Vec<String>, String)> {
    readme
        .lines()
        .filter_map(|line| {
            let rest = line.trim().strip_prefix("screwsmith ")?;
            let args: Vec<String> = rest.split_whitespace().map(str::to_string).collect();
            let out = args.iter().position(|a| a == "--out")?;
            let path = args.get(out + 1)?.clone();
            path.starts_with(DIR).then_some((args, path))
        })
        .collect()
}

#[test]
fn readme_pictures_are_fresh_and_each_is_made_by_a_named_command() {
    let root = root();
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let cmds = commands(&readme);
    assert!(
        cmds.len() >= 2,
        "README names a designer picture and a solution strip: {cmds:?}"
    );
    let tmp = std::env::temp_dir().join(format!("screwsmith-docs-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).unwrap();
    for (args, path) in &cmds {
        assert!(
            readme.contains(&format!("]({path})")),
            "README shows {path}"
        );
        let name = Path::new(path).file_name().unwrap();
        let fresh = tmp.join(name);
        let args: Vec<&str> = args
            .iter()
            .map(|a| {
                if a == path {
                    fresh.to_str().unwrap()
                } else {
                    a
                }
            })
            .collect();
        let run = Command::new(env!("CARGO_BIN_EXE_screwsmith"))
            .args(&args)
            .current_dir(&root)
            .output()
            .unwrap();
        assert!(
            run.status.success(),
            "screwsmith {}: {}",
            args.join(" "),
            String::from_utf8_lossy(&run.stderr)
        );
        assert!(
            std::fs::read(root.join(path)).ok() == std::fs::read(&fresh).ok(),
            "{path} is stale: run `screwsmith {}` (as README.md names it)",
            args.join(" ").replace(fresh.to_str().unwrap(), path)
        );
    }
    for entry in std::fs::read_dir(root.join(DIR)).unwrap() {
        let name = entry.unwrap().file_name().to_string_lossy().to_string();
        assert!(
            cmds.iter().any(|(_, p)| p == &format!("{DIR}{name}")),
            "{DIR}{name} is made by no command README.md names"
        );
    }
    std::fs::remove_dir_all(tmp).ok();
}

#[test]
fn the_command_reader_finds_picture_commands_only() {
    let text = "    screwsmith render --level 3 --out docs/pictures/a.png\n\
                screwsmith render --level 3 --out elsewhere.png\n\
                cargo test\n";
    let cmds = commands(text);
    assert_eq!(cmds.len(), 1);
    assert_eq!(cmds[0].1, "docs/pictures/a.png");
}
