//! A loss count belongs to a board, not a number: after a rebake changes level n's board,
//! its loss count starts again and help turns off; stars stay with the number. Two level sets that
//! differ in one board prove it.

#[path = "../../rules/tests/common/mod.rs"]
mod common;

use common::*;
use screwsmith_gen::library::Library;
use screwsmith_play::save::{BoardKeys, SaveData, LOSSES_BEFORE_HELP};
use screwsmith_rules::level::LevelFile;

/// A set of `names`, numbered 1, 2, … in order.
fn set(names: &[&str]) -> Library {
    let levels = names
        .iter()
        .enumerate()
        .map(|(i, name)| {
            let mut l = level(name);
            l.number = i as u32 + 1;
            l
        })
        .collect();
    Library::new(LevelFile { format: 1, levels })
}

fn lose(save: &mut SaveData, n: u32, times: u32) {
    for _ in 0..times {
        save.record_loss(n).unwrap();
    }
}

#[test]
fn a_rebaked_board_starts_its_loss_count_again_and_keeps_its_stars() {
    let old = set(&["mid", "cascade", "chain"]);
    let new = set(&["mid", "overflow", "chain"]); // level 2 is a different board now
    let mut save = SaveData::default();
    save.use_boards(BoardKeys::of(&old));
    save.record_win(2, 0, false).unwrap();
    lose(&mut save, 2, LOSSES_BEFORE_HELP);
    lose(&mut save, 3, LOSSES_BEFORE_HELP);
    assert!(save.needs_help(2) && save.needs_help(3));

    // The saved file, read back by a build with the rebaked set.
    let mut after = SaveData::from_json(&save.to_json()).unwrap();
    after.use_boards(BoardKeys::of(&new));
    assert_eq!(after.losses(2), 0, "level 2's losses were on the old board");
    assert!(!after.needs_help(2));
    assert_eq!(after.stars(2), 3, "stars stay with the number");
    assert!(after.is_unlocked(3));
    assert_eq!(
        after.losses(3),
        LOSSES_BEFORE_HELP,
        "level 3's board is unchanged"
    );
    assert!(after.needs_help(3));
    // A loss on the new board counts from one.
    assert_eq!(after.record_loss(2).unwrap(), 1);

    // Beyond 200 a number replays a baked board: its key is that board's.
    let keys = BoardKeys::of(&new);
    assert_eq!(
        keys.key(2),
        Some(screwsmith_gen::library::board_key(new.level(2).unwrap()))
    );
    assert_eq!(keys.key(4), None, "not in this 3-level set");
}

#[test]
fn the_old_set_back_again_finds_its_losses_only_if_they_were_not_restarted() {
    let old = set(&["mid", "cascade"]);
    let new = set(&["mid", "overflow"]);
    let mut save = SaveData::default();
    save.use_boards(BoardKeys::of(&old));
    lose(&mut save, 2, 2);
    save.use_boards(BoardKeys::of(&new));
    assert_eq!(save.losses(2), 0);
    save.use_boards(BoardKeys::of(&old));
    assert_eq!(save.losses(2), 2, "nothing was recorded on the new board");
    save.use_boards(BoardKeys::of(&new));
    lose(&mut save, 2, 1);
    save.use_boards(BoardKeys::of(&old));
    assert_eq!(
        save.losses(2),
        0,
        "a loss on the new board restarted the count"
    );
}

/// Telling the save its boards reads no level (the game does it at start); a level's key is worked out
/// when its loss count is first asked for, from that level alone.
#[test]
fn the_boards_of_a_loaded_set_are_read_only_when_asked_for() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../levels/levels.json");
    let lib = Library::from_json(&std::fs::read_to_string(path).unwrap()).unwrap();
    let mut save = SaveData::default();
    save.use_boards(BoardKeys::of(&lib));
    assert_eq!(lib.levels_read(), 0);
    lose(&mut save, 5, 1);
    assert_eq!(save.losses(5), 1);
    assert_eq!(lib.levels_read(), 1);
    assert_eq!(
        BoardKeys::of(&lib).key(5),
        Some(screwsmith_gen::library::board_key(lib.level(5).unwrap()))
    );
}
