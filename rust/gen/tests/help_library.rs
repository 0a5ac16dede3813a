//! Invisible help copies and the library's numbering: the baked level is never mutated.

#[path = "../../rules/tests/common/mod.rs"]
mod common;

use common::*;
use screwsmith_gen::help::{help_colours, help_copy, needs_help};
use screwsmith_gen::library::{Library, LibraryError};
use screwsmith_rules::level::LevelFile;
use screwsmith_rules::CompiledLevel;

fn library() -> Library {
    let file = LevelFile {
        format: 1,
        levels: ALL.iter().map(|n| level(n)).collect(),
    };
    Library::from_json(&screwsmith_rules::level::to_json(&file)).unwrap()
}

#[test]
fn help_recolours_the_least_used_colour_to_the_most_common() {
    let mid = level("mid");
    // Five colours, six screws each: ties resolve to most = lowest index, least = highest index.
    assert_eq!(help_colours(&mid), Some((4, 0)));
    let copy = help_copy(&mid);
    assert_eq!(copy.colour_counts().get(&0), Some(&12));
    assert_eq!(copy.colour_counts().get(&4), None);
    assert_eq!(copy.colors, vec![0, 1, 2, 3]);
    assert!(copy.measure.is_none());
    let compiled = CompiledLevel::new(copy).expect("the copy is a valid level");
    assert_eq!(compiled.queue().iter().filter(|&&c| c == 0).count(), 4);
}

#[test]
fn help_adjusts_an_explicit_queue() {
    let copy = help_copy(&level("cascade"));
    assert_eq!(copy.crate_queue, Some(vec![0, 0]));
    CompiledLevel::new(copy).expect("queue still matches the counts");
}

#[test]
fn single_colour_levels_are_left_alone() {
    let l = level("rusty");
    assert_eq!(help_colours(&l), None);
    assert_eq!(help_copy(&l), l);
}

#[test]
fn help_after_three_losses_only() {
    assert!(!needs_help(0));
    assert!(!needs_help(2));
    assert!(needs_help(3));
    assert!(needs_help(9));
}

#[test]
fn the_cached_level_is_unchanged_by_help() {
    let lib = library();
    let before = lib.level_json(8).unwrap();
    let help = lib.help_level(8).unwrap();
    assert_ne!(serde_json::to_string(&help).unwrap(), before);
    assert_eq!(lib.level_json(8).unwrap(), before, "same bytes after help");
}

#[test]
fn missing_and_zero_levels_are_errors() {
    let lib = library();
    assert_eq!(lib.count(), ALL.len());
    assert_eq!(lib.level(0).unwrap_err(), LibraryError::Zero);
    assert_eq!(
        lib.level(50).unwrap_err(),
        LibraryError::Missing(50, ALL.len())
    );
    assert!(matches!(
        Library::from_json("{\"format\":1}"),
        Err(LibraryError::Level(_))
    ));
}
