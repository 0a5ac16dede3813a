//! Invisible help copies and the library's numbering: the baked level is never mutated.

#[path = "../../rules/tests/common/mod.rs"]
mod common;

use common::*;
use screwsmith_gen::help::{
    choose_help, help_colours, help_copy, needs_help, recolourings, recoloured, HelpError,
};
use screwsmith_rules::level::{HelpData, Measure, SolveStatus};
use screwsmith_rules::sim::crate_queue;
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
fn the_copy_keeps_the_crate_order_the_recoloured_colour_in_the_removed_ones_places() {
    let mid = level("mid");
    assert!(mid.crate_queue.is_none(), "mid shuffles its queue from its seed");
    let queue = crate_queue(&mid);
    let copy = help_copy(&mid);
    let want: Vec<u8> = queue.iter().map(|&c| if c == 4 { 0 } else { c }).collect();
    assert_eq!(copy.crate_queue.as_ref(), Some(&want), "stored explicitly");
    assert_eq!(CompiledLevel::new(copy).unwrap().queue(), want.as_slice());
}

fn measured(fail: f64, win: f64) -> Measure {
    Measure {
        status: SolveStatus::Proven,
        human_fail_rate: fail,
        average_peak_rail: 2.0,
        min_rail_slots: None,
        unique: None,
        taps: 30,
        difficulty: 5,
        blunder_rate: None,
        competent_win_rate: Some(win),
        competent_min_rail: None,
        solution: vec![],
    }
}

#[test]
fn the_stored_help_is_what_the_game_plays() {
    let mut mid = level("mid");
    mid.measure = Some(measured(0.5, 0.5));
    mid.help = Some(HelpData {
        from: 2,
        to: 3,
        measure: measured(0.25, 0.75),
    });
    let copy = help_copy(&mid);
    assert_eq!(copy.colors, vec![0, 1, 3, 4]);
    assert_eq!(copy.measure, Some(measured(0.25, 0.75)));
    assert_eq!(copy.help, None);
    assert_eq!(copy, {
        let mut c = recoloured(&mid, 2, 3);
        c.measure = Some(measured(0.25, 0.75));
        c
    });
}

#[test]
fn the_default_recolouring_is_kept_when_it_helps_else_the_easiest_other() {
    let mut mid = level("mid");
    mid.measure = Some(measured(0.5, 0.6));
    let all = recolourings(&mid);
    assert_eq!(all.len(), 5 * 4);
    assert_eq!(all[0], (4, 0));
    // The default helps: it is the only one measured.
    let mut calls = 0;
    let h = choose_help(&mid, |_| {
        calls += 1;
        Some(measured(0.25, 0.6))
    })
    .unwrap();
    assert_eq!((h.from, h.to, calls), (4, 0, 1));
    // The default makes it harder; two others help, 1 → 2 the most (ties on fail go to higher win).
    let fail_of = |copy: &screwsmith_rules::LevelData| {
        let gone: Vec<u8> = mid.colors.iter().copied().filter(|c| !copy.colors.contains(c)).collect();
        let to = copy.colour_counts().iter().find(|(_, &n)| n == 12).map(|(&c, _)| c).unwrap();
        match (gone[0], to) {
            (4, 0) => measured(0.9, 0.6),
            (1, 2) => measured(0.1, 0.7),
            (3, 2) => measured(0.1, 0.65),
            (0, 1) => measured(0.05, 0.5), // easier for the human, but the competent player loses more
            _ => measured(0.45, 0.6),      // only 5 points lower
        }
    };
    let h = choose_help(&mid, |c| Some(fail_of(c))).unwrap();
    assert_eq!((h.from, h.to), (1, 2));
    // Nothing helps: the level is not shipped.
    assert_eq!(
        choose_help(&mid, |_| Some(measured(0.45, 0.6))),
        Err(HelpError::NoHelpingRecolouring {
            level: 8,
            tried: 20
        })
    );
    assert_eq!(choose_help(&mid, |_| None).unwrap_err().to_string().contains("none of 20"), true);
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
