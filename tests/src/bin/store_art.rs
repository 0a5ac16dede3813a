//! Writes the store icons and the boot splash (`godot_project/store/`) from `art/store_icon.svg`:
//! `cargo run -p screwsmith-checks --bin store_art`. `tests/store_art.rs` fails until the committed
//! files are what this writes.

use std::process::ExitCode;

use screwsmith_checks::store_art::{out_dir, parse, render, source_path, TARGETS};

fn main() -> ExitCode {
    match write_all() {
        Ok(n) => {
            println!("{n} files in {}", out_dir().display());
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("store_art: {e}");
            ExitCode::from(2)
        }
    }
}

fn write_all() -> Result<usize, Box<dyn std::error::Error>> {
    let svg = std::fs::read_to_string(source_path())?;
    let tree = parse(&svg)?;
    for target in TARGETS {
        let path = out_dir().join(target.file);
        std::fs::create_dir_all(path.parent().expect("a file under store/"))?;
        std::fs::write(&path, render(&tree, *target)?)?;
    }
    // Godot neither imports nor lists a folder holding .gdignore: the exporters read these as images.
    std::fs::write(out_dir().join(".gdignore"), "")?;
    Ok(TARGETS.len())
}
