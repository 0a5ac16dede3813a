//! Where a candidate's countdown bombs go and what they count from.
//!
//! A bomb sits on a screw covered at the start when the board has one, so uncovering it is the
//! decision (its clock runs only while it is uncovered, see the rules' `sim::bombs`). Its count is
//! tight but fair: the bomb is first placed at the largest count the file allows, the solver's
//! shallow human plays the level's own trial seeds until one wins (the line the solver stores as the
//! level's solution when a trial wins), and the count becomes the moves that line makes while the
//! bomb is uncovered, plus one, plus a margin that shrinks with the band. That line still wins under
//! the new count (no move of it depends on a count), so the same trial wins the solver's measure and
//! the level stays proven without a search.

use std::sync::Arc;

use screwsmith_rules::level::validate::MAX_BOMB_MOVES;
use screwsmith_rules::level::{LevelData, ScrewKind};
use screwsmith_rules::rng::Rng;
use screwsmith_rules::sim::{CompiledLevel, GameSim, Move};
use screwsmith_solver::human::Human;
use screwsmith_solver::trial::play_trial;
use screwsmith_solver::{trial_seed, SolveOptions};

use super::candidate::GenError;

/// The count a bomb is placed at before it is timed: the largest the file allows, so the timing line
/// is the one the level would have without the bomb's pressure.
pub const UNTIMED: u8 = MAX_BOMB_MOVES;

/// Moves a bomb allows beyond what the timing line needs. Why these: band 4 is still the easy stretch
/// (levels 1-35 fail at most 3 %), so a human who uncovers the bomb a little earlier than the line
/// still has room; from band 5 up the count closes in, and the top band leaves one move to spare.
pub fn margin(band: u8) -> u8 {
    match band {
        0..=4 => 6,
        5 => 4,
        6 => 3,
        7 => 2,
        _ => 1,
    }
}

/// Marks `bombs` screws as bombs at the [`UNTIMED`] count: plain screws (a rusty bomb's loosening
/// tap would count too, a hidden one's count would sit on a "?"), not in a lock, covered at the start
/// first. No bombs: the level and `rng` are untouched.
pub fn place_bombs(level: &mut LevelData, bombs: u8, rng: &mut Rng) {
    if bombs == 0 {
        return;
    }
    let mut keys = vec![false; level.screws.len()];
    for s in &level.screws {
        if let Some(k) = s.locked_by {
            if let Some(i) = level.screws.iter().position(|t| t.id == k) {
                keys[i] = true;
            }
        }
    }
    let mut order: Vec<usize> = (0..level.screws.len())
        .filter(|&i| {
            let s = &level.screws[i];
            s.kind == ScrewKind::Normal && !s.hidden && s.locked_by.is_none() && !keys[i]
        })
        .collect();
    rng.shuffle(&mut order);
    order.sort_by_key(|&i| !covered_at_start(level, i));
    for &i in order.iter().take(bombs as usize) {
        level.screws[i].bomb = Some(UNTIMED);
    }
}

/// Whether a part on a higher layer rests over screw `i`'s cell.
fn covered_at_start(level: &LevelData, i: usize) -> bool {
    let s = &level.screws[i];
    let layer = level.parts.iter().find(|p| p.id == s.part).map(|p| p.layer);
    level
        .parts
        .iter()
        .any(|p| Some(p.layer) > layer && p.rest.contains(&s.cell))
}

/// Sets every bomb's count from `line`, a winning line of the level as placed (at [`UNTIMED`]):
/// the moves it makes while each bomb is uncovered, plus one, plus the band's [`margin`].
pub fn time_bombs(level: &mut LevelData, line: &[Move]) -> Result<(), GenError> {
    let counts = counts_for(level, line)?;
    let margin = margin(level.band);
    for (s, ticks) in level.screws.iter_mut().zip(counts) {
        if let Some(ticks) = ticks {
            s.bomb = Some(ticks.saturating_add(1 + margin).min(MAX_BOMB_MOVES));
        }
    }
    Ok(())
}

/// The first winning trial of the solver's shallow human over the level's trial seeds, as the
/// solver plays them (the line it stores as the level's solution), or `None` when every trial loses.
pub fn first_human_win(level: &LevelData) -> Result<Option<Vec<Move>>, GenError> {
    let compiled =
        CompiledLevel::new(level.clone()).map_err(|e| GenError::Invalid(e.to_string()))?;
    let mut sim = GameSim::new(Arc::new(compiled));
    let mut human = Human::default();
    let mut line = Vec::new();
    Ok((0..SolveOptions::default().trials).find_map(|t| {
        let result = play_trial(
            &mut sim,
            &mut human,
            trial_seed(level.seed, t),
            Some(&mut line),
        );
        result.won.then(|| std::mem::take(&mut line))
    }))
}

/// Per screw, the moves `line` makes while that screw's bomb is uncovered and on the board (`None`
/// for a screw without a bomb), read from the rules' own clocks.
pub fn counts_for(level: &LevelData, line: &[Move]) -> Result<Vec<Option<u8>>, GenError> {
    let mut sim =
        GameSim::from_level(level.clone()).map_err(|e| GenError::Invalid(e.to_string()))?;
    for &m in line {
        sim.apply(m).map_err(|e| GenError::Invalid(e.to_string()))?;
    }
    Ok((0..level.screws.len())
        .map(|i| {
            let start = level.screws[i].bomb?;
            Some(start - sim.bomb_left(i as u8).unwrap_or(start))
        })
        .collect())
}
