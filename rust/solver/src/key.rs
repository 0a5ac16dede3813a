//! The DFS state key: every field that changes how the rest of the game can go, and nothing that does not.
//!
//! docs/design.md §3's warning is the reason this file exists on its own: a key that forgets a field silently
//! deletes a mechanic (a key without touch counts merged "rusty screw loosened" with "untouched" and made
//! every rusty level unsolvable). Included: per screw removed / loosened (touches) / colour known; the
//! active crate slots (colour and fill, in slot order, since "the leftmost crate of a colour with room"
//! depends on the order of same-coloured crates); the queue position; wrench charges; the rail.
//! Canonicalised: the rail as a sorted multiset of colours, because rail order and which of two
//! same-coloured screws sits where never change what can happen next (flows take any three of a colour;
//! the leftmost free place is only where the view draws it).
//!
//! The bomb counters are in the key too: they are not decided by the masks (the same screws removed
//! in another order count a bomb down a different number of times), and a counter at 1 and at 5 have
//! different futures. A removed bomb's counter is kept as `NONE`: once defused it changes nothing.
//!
//! Locks need no field: the removed flags already decide them. A screw's lock is closed exactly while
//! its key screw (its `locked_by`) is on the board, and that is one bit of `removed`. By induction over
//! moves: at the start every lock is closed and nothing is removed; a move that removes a screw opens
//! exactly the locks whose key it is; no move puts a screw back; undo puts back the one screw it took
//! and closes exactly the locks that move opened. So two states with equal `removed` have equal locks
//! (`GameSim`'s closed-lock mask is a cache of that function, and the undo audit's `sticky_locks`
//! switch proves a stale cache is caught).

use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};

use screwsmith_rules::level::validate::MAX_BOMBS;
use screwsmith_rules::sim::rail::{EMPTY, MAX_RAIL};
use screwsmith_rules::sim::{crates::MAX_SLOTS, GameSim};

/// Marks an empty crate slot or rail place in the key.
const NONE: u8 = u8::MAX;

/// A canonical game state for transposition tables.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct StateKey {
    removed: u128,
    loosened: u128,
    revealed: u128,
    /// `(colour, fill)` per active slot, `(NONE, 0)` for an empty one.
    crates: [(u8, u8); MAX_SLOTS],
    next_crate: u16,
    wrench: u8,
    /// Colours on the rail, sorted, `NONE`-padded.
    rail: [u8; MAX_RAIL],
    /// Moves left per bomb (by rank), `NONE` for a removed one.
    bombs: [u8; MAX_BOMBS],
}

impl StateKey {
    /// The key of the sim's current state.
    pub fn of(sim: &GameSim) -> Self {
        let level = sim.level();
        let mut crates = [(NONE, 0); MAX_SLOTS];
        for (k, c) in crates.iter_mut().zip(sim.crates()) {
            if c.is_active() {
                *k = (c.color, c.fill);
            }
        }
        let mut rail = [NONE; MAX_RAIL];
        let mut n = 0;
        for &s in sim.rail().slots() {
            if s != EMPTY {
                rail[n] = level.screws()[s as usize].color;
                n += 1;
            }
        }
        rail[..n].sort_unstable();
        let mut bombs = sim.bomb_clocks().0;
        for (k, &i) in level.bombs().iter().enumerate() {
            if sim.is_removed(i) {
                bombs[k] = NONE;
            }
        }
        StateKey {
            removed: sim.removed_mask(),
            loosened: sim.loosened_mask(),
            revealed: sim.revealed_mask(),
            crates,
            next_crate: sim.next_crate(),
            wrench: sim.wrench_charges(),
            rail,
            bombs,
        }
    }
}

/// A fast, deterministic hasher for state keys (FxHash's multiply-rotate). The tables it backs are only
/// ever probed for membership, never iterated, so no result depends on its order.
#[derive(Default, Clone, Copy)]
pub struct KeyHasher(u64);

const SEED: u64 = 0x51_7c_c1_b7_27_22_0a_95;

impl Hasher for KeyHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word));
        }
    }
    #[inline]
    fn write_u8(&mut self, n: u8) {
        self.write_u64(n as u64);
    }
    #[inline]
    fn write_u16(&mut self, n: u16) {
        self.write_u64(n as u64);
    }
    #[inline]
    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(SEED);
    }
    #[inline]
    fn write_u128(&mut self, n: u128) {
        self.write_u64(n as u64);
        self.write_u64((n >> 64) as u64);
    }
    #[inline]
    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }
    #[inline]
    fn finish(&self) -> u64 {
        self.0
    }
}

/// Membership set of state keys.
pub type KeySet = HashSet<StateKey, BuildHasherDefault<KeyHasher>>;
/// State key → memoised value (lookups only).
pub type KeyMap<V> = HashMap<StateKey, V, BuildHasherDefault<KeyHasher>>;

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use screwsmith_rules::level::parse_level;
    use screwsmith_rules::sim::CompiledLevel;

    fn sim(name: &str) -> GameSim {
        let path = format!(
            "{}/../rules/tests/levels/{name}.json",
            env!("CARGO_MANIFEST_DIR")
        );
        let text = std::fs::read_to_string(path).expect("level file");
        GameSim::new(Arc::new(
            CompiledLevel::new(parse_level(&text).expect("valid")).expect("compiles"),
        ))
    }

    #[test]
    fn a_loosened_rusty_screw_changes_the_key() {
        let mut sim = sim("rusty");
        let start = StateKey::of(&sim);
        sim.tap(1).expect("accessible");
        assert_eq!(sim.touches(0), 1);
        assert_ne!(
            StateKey::of(&sim),
            start,
            "touch counts are part of the key"
        );
        sim.undo().expect("undo");
        assert_eq!(StateKey::of(&sim), start);
    }

    #[test]
    fn states_that_differ_only_in_a_bomb_counter_have_different_keys() {
        // bomb.json with screw 2's bomb at 9: screw 2 lies under panel 1 (held by screw 1). Removing
        // screw 1 then screw 3 counts screw 2's bomb on the second move; screw 3 then screw 1 never
        // (it is covered until the last move). Same screws out, same crates: only the counter differs.
        let mut data = parse_level(
            &std::fs::read_to_string(format!(
                "{}/../rules/tests/levels/bomb.json",
                env!("CARGO_MANIFEST_DIR")
            ))
            .expect("level file"),
        )
        .expect("valid");
        data.screws[1].bomb = Some(9);
        let level = Arc::new(CompiledLevel::new(data).expect("compiles"));
        let mut a = GameSim::new(Arc::clone(&level));
        let mut b = GameSim::new(level);
        a.tap(1).unwrap();
        a.tap(3).unwrap();
        b.tap(3).unwrap();
        b.tap(1).unwrap();
        assert_eq!(a.removed_mask(), b.removed_mask());
        assert_eq!(a.crates(), b.crates());
        let s2 = a.level().screw_index(2).unwrap();
        assert_eq!((a.bomb_left(s2), b.bomb_left(s2)), (Some(8), Some(9)));
        assert_ne!(
            StateKey::of(&a),
            StateKey::of(&b),
            "only the counter differs"
        );
        // A defused bomb's counter is not kept: screws 1 and 3 were removed at other counts.
        assert_ne!(a.bomb_clocks().0[0], b.bomb_clocks().0[0]);
        a.tap(2).unwrap();
        b.tap(2).unwrap();
        assert_eq!(StateKey::of(&a), StateKey::of(&b), "every bomb defused");
    }

    #[test]
    fn rail_order_does_not_matter_but_colours_do() {
        let mut a = sim("mid");
        let mut b = sim("mid");
        let moves: Vec<_> = a.legal_moves();
        // Find two accessible screws of different colours that both go to the rail.
        let level = a.level().clone();
        let mut pair = None;
        'outer: for (x, &mx) in moves.iter().enumerate() {
            for &my in &moves[x + 1..] {
                let cx = level.screws()[level.screw_index(mx.screw()).unwrap() as usize].color;
                let cy = level.screws()[level.screw_index(my.screw()).unwrap() as usize].color;
                if cx != cy && !a.crate_accepts(cx) && !a.crate_accepts(cy) {
                    pair = Some((mx, my));
                    break 'outer;
                }
            }
        }
        let (mx, my) = pair.expect("mid.json has two rail-bound screws of different colours");
        a.apply(mx).unwrap();
        a.apply(my).unwrap();
        b.apply(my).unwrap();
        b.apply(mx).unwrap();
        assert_ne!(a.rail(), b.rail(), "the places differ");
        assert_eq!(StateKey::of(&a), StateKey::of(&b), "the futures do not");
        a.undo().unwrap();
        b.undo().unwrap();
        assert_ne!(
            StateKey::of(&a),
            StateKey::of(&b),
            "different screws removed"
        );
    }
}
