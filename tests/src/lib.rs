//! `screwsmith-checks`: static checks of everything `cargo test` cannot compile — the Godot project
//! (GDScript, scenes, `res://` paths, signal targets, translation keys), the bundled font subsets and
//! the export presets. No Godot binary is needed: the files are parsed here, and GDScript is handed
//! to `gdtoolkit` (`gdparse`, `gdlint`) when it is installed.
//!
//! - [`design_refs`]: citations of docs/design.md, and pointers out of the repository.
//! - [`dict_keys`]: dictionary keys GDScript reads, and the keys Rust and the scripts write.
//! - [`godot_cfg`]: Godot's ConfigFile text (export presets, the `.gdextension`).
//! - [`history`]: issue numbers in comments and docs (there must be none).
//! - [`layers`]: the crate layering and the check over `cargo metadata`.
//! - [`limits`]: constants found by their value, for "each limit once".
//! - [`project`]: where things are, and walking the project's files.
//! - [`tscn`]: a parser for the parts of Godot's text scene format the checks read.
//! - [`store_art`]: the store icons and boot splash drawn from one SVG.
//! - [`strings`]: the translation CSV and the string literals of scripts.
//! - [`tools`]: running Python tools (skip locally when missing, fail under `CI=true`).

pub mod design_refs;
pub mod dict_keys;
pub mod godot_cfg;
pub mod history;
pub mod layers;
pub mod limits;
pub mod project;
pub mod store_art;
pub mod strings;
pub mod tools;
pub mod tscn;
