//! Where a candidate's locks go: a lock is worth its screw only when it changes the order of play.
//!
//! The locked screw is one the player wants early (uncovered at the start, its colour's crate open
//! or near the front of the queue); its key is one they would otherwise take late (covered at the
//! start, its colour's crate far down the queue). Opening the lock then means digging for the key and,
//! most often, parking it on the rail: pressure the player can see and plan for.
//!
//! Each lock takes two screws no other lock uses, so keys never chain and a cycle of keys cannot
//! happen. A lock can still close on itself through the board (the key under a part only its locked
//! screw holds): the solver's buried-screw pass names every such screw, and the pair is not used.

use std::sync::Arc;

use screwsmith_rules::level::{LevelData, ScrewKind};
use screwsmith_rules::rng::Rng;
use screwsmith_rules::sim::{CompiledLevel, GameSim};
use screwsmith_solver::buried_screws;

use super::candidate::GenError;

/// Pairs tried per lock before the candidate is given up: the pass costs a compile each, and a
/// board where this many of its best pairs close on themselves has no good place for a lock.
const PAIRS_PER_LOCK: usize = 48;

/// Puts `locks` locks on the level (none: the level and `rng` are untouched, so boards without locks
/// are what they were before locks existed).
pub fn place_locks(level: &mut LevelData, locks: u8, rng: &mut Rng) -> Result<(), GenError> {
    if locks == 0 {
        return Ok(());
    }
    let mut compiled =
        CompiledLevel::new(level.clone()).map_err(|e| GenError::Invalid(e.to_string()))?;
    let queue = compiled.queue().to_vec();
    let open = compiled.data().crate_slots as usize;
    let uncovered = GameSim::new(Arc::new(compiled.clone())).accessible_mask();
    // How far down the queue a colour's first crate is (0: open at the start).
    let wait = |color: u8| {
        let first = queue
            .iter()
            .position(|&c| c == color)
            .unwrap_or(queue.len());
        if first < open {
            0
        } else {
            first - open + 1
        }
    };
    let n = level.screws.len();
    let is_uncovered = |i: usize| uncovered >> i & 1 == 1;
    let mut order: Vec<usize> = (0..n).collect();
    rng.shuffle(&mut order);
    // Wanted early: uncovered first, then the shortest wait. A hidden screw's colour is not known, so
    // the player does not want it for its crate: never locked.
    let mut want_early: Vec<usize> = order
        .iter()
        .copied()
        .filter(|&i| !level.screws[i].hidden)
        .collect();
    want_early.sort_by_key(|&i| (!is_uncovered(i), wait(level.screws[i].color)));
    // Taken late: covered first, then the longest wait.
    let mut take_late = order;
    take_late.sort_by_key(|&i| {
        (
            is_uncovered(i),
            std::cmp::Reverse(wait(level.screws[i].color)),
        )
    });
    let mut used = vec![false; n];
    for _ in 0..locks {
        let mut tried = 0;
        let mut placed = false;
        'pairs: for &l in &want_early {
            // A locked bolt would ask for the key and the wrench at once: one thing at a time.
            if used[l] || level.screws[l].kind == ScrewKind::Bolt {
                continue;
            }
            for &k in &take_late {
                if used[k] || l == k || level.screws[l].part == level.screws[k].part {
                    continue;
                }
                if tried == PAIRS_PER_LOCK {
                    break 'pairs;
                }
                tried += 1;
                let key = Some(level.screws[k].id);
                if opens(&mut compiled, l as u8, key) {
                    level.screws[l].locked_by = key;
                    used[l] = true;
                    used[k] = true;
                    placed = true;
                    break 'pairs;
                }
            }
        }
        if !placed {
            return Err(GenError::NoLockPlace);
        }
    }
    Ok(())
}

/// Whether every screw of the level can still leave with screw `screw` locked by `key`: the lock
/// loads, and the buried-screw pass (locks included) names no screw. A lock that fails is taken off
/// again.
fn opens(compiled: &mut CompiledLevel, screw: u8, key: Option<u16>) -> bool {
    let ok = compiled.set_lock(screw, key).is_ok() && buried_screws(compiled).is_empty();
    if !ok {
        let _ = compiled.set_lock(screw, None); // taking a lock off never faults
    }
    ok
}

/// The level's locks as (locked screw id, key screw id), in screw order.
pub fn locks_of(level: &LevelData) -> Vec<(u16, u16)> {
    level
        .screws
        .iter()
        .filter_map(|s| s.locked_by.map(|k| (s.id, k)))
        .collect()
}
