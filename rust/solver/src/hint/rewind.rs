//! Where a lost game was lost: the last point of its history from which a win still existed.
//!
//! Winnability is monotone along a history (a win after `k` moves is a win after `k - 1`: play move `k`
//! first), so the points split into a winnable prefix and a lost suffix, and one boundary is all there is
//! to find. The probes walk back from the end with a doubling step (`n-1, n-2, n-4, …, 0`) and then
//! bisect the last gap. Probes near the end search small games and settle the states that earlier probes
//! would otherwise explore again (the shared table); the start, the most expensive state to search, is
//! probed only when every later doubling point is lost. A player who has just lost typically sealed it a
//! few moves before the rail filled, so a rewind costs a handful of cheap probes.

use screwsmith_rules::sim::{GameSim, Move};

use super::{Probes, Rewind};
use crate::dfs::Stop;

/// The last winnable point of `moves`, given that the state after all of them has no win. `sim` holds
/// the state after `moves`; it is left at some point of the same history.
pub(crate) fn last_winnable(sim: &mut GameSim, moves: &[Move], probes: &mut Probes) -> Rewind {
    let n = moves.len();
    // `lost`: a point known lost; `won`: a point known winnable, with its line.
    let mut lost = n;
    let mut won = None;
    let mut step = 1;
    while won.is_none() {
        if lost == 0 {
            return Rewind::Never;
        }
        let k = n.saturating_sub(step).min(lost - 1);
        match probe(sim, moves, k, probes) {
            Ok(Some(line)) => won = Some((k, line)),
            Ok(None) => lost = k,
            Err(stop) => return Rewind::Unknown(stop),
        }
        step *= 2;
    }
    let Some((mut at, mut line)) = won else {
        return Rewind::Never; // unreachable: the loop ends with a win or returns
    };
    while lost - at > 1 {
        let mid = at + (lost - at) / 2;
        match probe(sim, moves, mid, probes) {
            Ok(Some(l)) => (at, line) = (mid, l),
            Ok(None) => lost = mid,
            Err(stop) => return Rewind::Unknown(stop),
        }
    }
    Rewind::To { moves: at, line }
}

/// Moves the sim to the point after `k` of `moves` (undoing or replaying) and searches it.
fn probe(
    sim: &mut GameSim,
    moves: &[Move],
    k: usize,
    probes: &mut Probes,
) -> Result<Option<Vec<Move>>, Stop> {
    while sim.history().len() > k {
        let _ = sim.undo();
    }
    while sim.history().len() < k {
        // The moves replayed once already, so each is legal at its point.
        if sim.apply(moves[sim.history().len()]).is_err() {
            return Err(Stop::Limit); // unreachable; never loop on it
        }
    }
    probes.win_from(sim)
}
