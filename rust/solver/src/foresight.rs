//! The competent player's look ahead: a short search over what a player sees, and the value of a board.
//!
//! Only moves of screws whose colour the player knows are searched (`GameSim::is_known`): such a move
//! goes where the visible crates, rail and queue say, so playing it in the sim reveals nothing the
//! player could not work out. A hidden screw's line is not searched: where it lands is the expectation
//! over the colours not yet seen, and the sim is asked only what its removal uncovers, which no colour
//! decides ([`hidden_tap_value`]). Every line first takes the free moves (a known screw an active crate
//! takes: progress that uses no rail place) and then branches [`DEPTH`] moves deep, keeping the best
//! line: the game is a puzzle with no opponent, so the player may follow whichever line it finds.

use screwsmith_rules::cells::{bits, Mask};
use screwsmith_rules::level::validate::PALETTE_SIZE;
use screwsmith_rules::sim::crates::CRATE_SIZE;
use screwsmith_rules::sim::rail::EMPTY;
use screwsmith_rules::sim::{GameSim, Status};

/// Moves searched ahead after the move being judged (each line also takes every free move first). Why
/// none: one more won 0.2 points more of the baked set's trials (99.2 % against 99.0 %) at twice the
/// cost, and two more did not win the Daily Bench the competent player lost most often to the shallow
/// one; the bake plays this player on every curated candidate.
pub const DEPTH: u8 = 0;

/// The value of a won board; a lost one is its negative.
pub const WIN: i32 = 1 << 24;

/// Value of one screw in a crate, and the cost of one on the rail.
const IN_CRATE: i32 = 100;
const ON_RAIL: i32 = 40;
/// Extra cost of a rail screw per crate its colour waits behind in the queue.
const PER_WAIT: i32 = 6;
/// Cost of a lock still closed: its screw is one the player cannot take yet, so of two moves alike the
/// one that frees a key's screws is better.
const CLOSED_LOCK: i32 = 5;

/// What a rail with this many free places costs beyond its screws: the last places are the ones a
/// hidden screw or an unlucky queue takes, and with none free only a crate's screw may move.
fn danger(free: i32) -> i32 {
    match free {
        i32::MIN..=0 => 400,
        1 => 150,
        2 => 50,
        _ => 0,
    }
}

/// The value of the board as it stands, from what the player sees.
pub fn value(sim: &GameSim) -> i32 {
    match sim.status() {
        Status::Won => return WIN,
        Status::Lost => return -WIN,
        Status::Playing => {}
    }
    let rail = sim.rail();
    let level = sim.level();
    let queue = sim.queue_preview();
    let mut rail_cost = 0;
    for &s in rail.slots().iter().filter(|&&s| s != EMPTY) {
        let color = level.screws()[s as usize].color;
        let wait = queue
            .iter()
            .position(|&c| c == color)
            .unwrap_or(queue.len()) as i32;
        rail_cost += ON_RAIL + PER_WAIT * wait;
    }
    let on_rail = rail.occupancy() as i32;
    let removed = sim.removed_mask().count_ones() as i32;
    let free = rail.len() as i32 - on_rail;
    let closed = sim.locked_mask().count_ones() as i32;
    IN_CRATE * (removed - on_rail) - rail_cost - danger(free) - CLOSED_LOCK * closed
}

/// The best value the player can reach from here: the free moves, then up to `depth` known moves.
pub fn best_line(sim: &mut GameSim, depth: u8) -> i32 {
    let free = take_free_moves(sim);
    let mut best = value(sim);
    if depth > 0 && sim.status() == Status::Playing {
        for (i, w) in known_moves(sim) {
            if sim.play(i, w).is_ok() {
                best = best.max(best_line(sim, depth - 1));
                let _ = sim.undo();
            }
        }
    }
    for _ in 0..free {
        let _ = sim.undo();
    }
    best
}

/// Plays known screws an active crate takes until none is left; returns how many were played.
fn take_free_moves(sim: &mut GameSim) -> usize {
    let mut played = 0;
    while sim.status() == Status::Playing {
        let free = sim.tappable_mask() & sim.revealed_mask() & sim.accepted_screws();
        let Some(i) = first_move(sim, free) else {
            break;
        };
        if sim.play(i.0, i.1).is_err() {
            break;
        }
        played += 1;
    }
    played
}

/// The lowest screw of `mask` that a move can take now (a bolt needs a wrench charge; a rusty screw's
/// loosening counts as its move).
fn first_move(sim: &GameSim, mask: Mask) -> Option<(u8, bool)> {
    let bolts = sim.level().bolts();
    bits(mask).map(|i| i as u8).find_map(|i| {
        if bolts >> i & 1 == 0 {
            Some((i, false))
        } else {
            (sim.wrench_charges() > 0).then_some((i, true))
        }
    })
}

/// The legal moves of screws whose colour the player knows.
fn known_moves(sim: &GameSim) -> Vec<(u8, bool)> {
    let mut out = Vec::new();
    sim.for_each_legal(|i, w| {
        if sim.is_known(i) {
            out.push((i, w));
        }
    });
    out
}

/// The value of tapping hidden screw `i`: where it lands ([`hidden_value`]), plus what the tap
/// uncovers. Which screws a removal uncovers depends only on which screws are gone, never on a colour,
/// so the player can see it; each known screw it uncovers that an active crate takes now is a free move
/// more. The tap is played and undone on `ahead` for that mask alone.
pub fn hidden_tap_value(ahead: &mut GameSim, i: u8, wrench: bool) -> i32 {
    let landing = hidden_value(ahead);
    if landing == -WIN {
        return landing;
    }
    let before = ahead.accessible_mask();
    let wanted = ahead.revealed_mask() & ahead.accepted_screws() & !ahead.locked_mask();
    if ahead.play(i, wrench).is_err() {
        return landing;
    }
    let uncovered = ahead.accessible_mask() & !before & wanted;
    let _ = ahead.undo();
    landing + IN_CRATE * uncovered.count_ones() as i32
}

/// The expected value of tapping a hidden screw, from the colours not yet seen: each colour has three
/// screws per crate of it in the queue, and the player has seen the known ones. The screw lands in a
/// crate with the share of unseen screws whose colour an active crate takes, else on the rail (a full
/// rail loses); a bomb it counts to zero loses whatever the colour.
fn hidden_value(sim: &GameSim) -> i32 {
    let level = sim.level();
    let mut unseen = [0i32; PALETTE_SIZE as usize];
    for &c in level.queue() {
        unseen[c as usize & 15] += CRATE_SIZE as i32;
    }
    for (i, s) in level.screws().iter().enumerate() {
        if sim.is_known(i as u8) {
            unseen[s.color as usize & 15] -= 1;
        }
    }
    let total: i32 = unseen.iter().map(|&n| n.max(0)).sum();
    let taken: i32 = (0..PALETTE_SIZE)
        .filter(|&c| sim.crate_accepts(c))
        .map(|c| unseen[c as usize].max(0))
        .sum();
    // A hidden screw is never a bomb, so its tap counts every uncovered bomb down: one at its last
    // move goes off, and one at two leaves the next move no choice.
    let bombs = level.bombs().iter().filter(|&&b| sim.is_accessible(b));
    match bombs.filter_map(|&b| sim.bomb_left(b)).min() {
        Some(0..=1) => return -WIN,
        Some(2) => return value(sim) - danger(0),
        _ => {}
    }
    let now = value(sim);
    let rail = sim.rail();
    let free = rail.len() as i32 - rail.occupancy() as i32;
    let into_crate = now + IN_CRATE;
    let onto_rail = if free <= 0 {
        -WIN
    } else {
        now - ON_RAIL - PER_WAIT * (sim.queue_preview().len() as i32 / 2) - danger(free - 1)
            + danger(free)
    };
    if total == 0 {
        return onto_rail;
    }
    ((taken as i64 * into_crate as i64 + (total - taken) as i64 * onto_rail as i64) / total as i64)
        as i32
}
