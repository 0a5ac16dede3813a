//! [`GameSim`]: the rules of docs/design.md §2 and their exact undo.
//!
//! State is a few bitmasks over screws (removed, loosened, revealed), the cached cover of each layer, the
//! active crate slots, the rail, the bomb clocks and three counters. A tap is O(parts on one layer) at worst; undo
//! restores copies from the move record. Nothing here uses floats or hash maps.

use std::sync::Arc;

use crate::cells::{bits, Mask};
use crate::level::validate::{check_rail_slots, MAX_LAYERS};
use crate::level::{LevelData, LevelError, ScrewKind};

use super::bombs::{BombClocks, Loss};
use super::compiled::{CompiledLevel, CELLS};
use super::crates::{CrateSlot, CRATE_SIZE, MAX_SLOTS};
use super::moves::{Move, MoveError};
use super::pose::Pose;
use super::rail::{Rail, EMPTY};
use super::record::{Dest, Flow, MoveRecord, Pulled, Sealed, MAX_CASCADE, MAX_FLOWS};

const LAYERS: usize = MAX_LAYERS as usize;

/// Whether the level is still being played.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Status {
    Playing,
    /// Every screw removed without a loss.
    Won,
    /// A removed screw found neither a crate nor a rail place, a bomb went off, or a move left no
    /// legal move with screws still on the board ([`GameSim::loss`] says which).
    Lost,
}

impl Status {
    /// Lower-case name for messages and JSON.
    pub fn name(self) -> &'static str {
        match self {
            Status::Playing => "playing",
            Status::Won => "won",
            Status::Lost => "lost",
        }
    }
}

/// One game of one level.
#[derive(Debug, Clone)]
pub struct GameSim {
    level: Arc<CompiledLevel>,
    removed: Mask,
    loosened: Mask,
    revealed: Mask,
    /// Locks closed now: screws whose key screw is still on the board. It follows from `removed` alone
    /// (a lock is closed exactly while its key is not removed); kept as a mask so the legal moves stay
    /// one AND away, set from the level at the start and changed only where a key leaves or comes back.
    closed: Mask,
    /// Cells each part covers now.
    pose: Vec<Mask>,
    /// Union of the poses of each layer's parts.
    layer_cover: [Mask; LAYERS],
    /// Union of the covers of the layers above each layer.
    above: [Mask; LAYERS],
    /// Screws whose cell no part above covers, removed or not: kept up to date when a pose changes, so
    /// the legal moves are one AND away (the solver asks for them at every state).
    uncovered: Mask,
    crates: [CrateSlot; MAX_SLOTS],
    /// Queue index of the next crate to pull (its id is this + 1).
    next_crate: u16,
    rail: Rail,
    wrench: u8,
    /// Moves left on each bomb (see [`super::bombs`]).
    bombs: BombClocks,
    moves: u32,
    status: Status,
    history: Vec<MoveRecord>,
    /// The undo audit's bug switch (see [`GameSim::set_legacy_crate_undo`]): compiled only with the
    /// `undo-audit` feature, so the game's library has no legacy path.
    #[cfg(feature = "undo-audit")]
    legacy_crate_undo: bool,
    /// The undo audit's lock switch (see [`GameSim::set_sticky_locks`]).
    #[cfg(feature = "undo-audit")]
    sticky_locks: bool,
    /// The undo audit's second bug switch (see [`GameSim::set_forgetful_bomb_undo`]).
    #[cfg(feature = "undo-audit")]
    forgetful_bomb_undo: bool,
}

impl GameSim {
    /// A new game of a compiled level.
    pub fn new(level: Arc<CompiledLevel>) -> Self {
        let rail = level.data.rail_slots;
        Self::start(level, rail)
    }

    /// A new game of a compiled level with a rail of `rail_slots` places instead of the level's own:
    /// the solver's proofs on other rail sizes share one compiled level (nothing is copied, validated or
    /// compiled again). The size is checked like the level file's `rail_slots`.
    pub fn with_rail(level: Arc<CompiledLevel>, rail_slots: u8) -> Result<Self, LevelError> {
        check_rail_slots(&level.data, rail_slots)?;
        Ok(Self::start(level, rail_slots))
    }

    fn start(level: Arc<CompiledLevel>, rail_slots: u8) -> Self {
        let data = &level.data;
        let mut crates = [CrateSlot::EMPTY; MAX_SLOTS];
        let mut next_crate = 0u16;
        for slot in crates.iter_mut().take(data.crate_slots as usize) {
            if let Some(&color) = level.queue.get(next_crate as usize) {
                next_crate += 1;
                *slot = CrateSlot {
                    id: next_crate,
                    color,
                    fill: 0,
                };
            }
        }
        let revealed = level
            .screws
            .iter()
            .enumerate()
            .filter(|(_, s)| !s.hidden)
            .fold(0u128, |m, (i, _)| m | 1u128 << i);
        let mut sim = GameSim {
            pose: level.parts.iter().map(|p| p.rest).collect(),
            removed: 0,
            loosened: 0,
            revealed,
            closed: level.locked,
            layer_cover: [0; LAYERS],
            above: [0; LAYERS],
            uncovered: 0,
            crates,
            next_crate,
            rail: Rail::new(rail_slots),
            wrench: data.wrench_charges,
            bombs: BombClocks::start(&level),
            moves: 0,
            status: Status::Playing,
            history: Vec::with_capacity(level.screws.len() * 2),
            #[cfg(feature = "undo-audit")]
            legacy_crate_undo: false,
            #[cfg(feature = "undo-audit")]
            sticky_locks: false,
            #[cfg(feature = "undo-audit")]
            forgetful_bomb_undo: false,
            level,
        };
        for p in 0..sim.pose.len() {
            sim.pose[p] = sim.part_pose(p);
        }
        for l in 0..LAYERS {
            sim.recompute_layer(l);
        }
        sim.recompute_above();
        sim.uncovered = sim
            .level
            .screws
            .iter()
            .enumerate()
            .filter(|(_, s)| sim.above[s.layer as usize] & s.cell == 0)
            .fold(0, |m, (i, _)| m | 1u128 << i);
        sim
    }

    /// Validates, compiles and starts a level.
    pub fn from_level(data: LevelData) -> Result<Self, LevelError> {
        Ok(Self::new(Arc::new(CompiledLevel::new(data)?)))
    }

    /// [`GameSim::with_rail`] for a level not behind an `Arc`: copies the compiled level once (no
    /// validation or compilation). Callers that try several rails should share one `Arc` instead.
    pub fn with_rail_slots(level: &CompiledLevel, rail_slots: u8) -> Result<Self, LevelError> {
        Self::with_rail(Arc::new(level.clone()), rail_slots)
    }

    /// Bug switch for the undo audit: restore crates the legacy way, assuming every pulled crate still
    /// sits in a slot a sealed crate vacated. Breaks when a crate pulled in a move also seals in it.
    /// Only the audit (feature `undo-audit`: the CLI and the tests) can turn it on.
    #[cfg(feature = "undo-audit")]
    pub fn set_legacy_crate_undo(&mut self, on: bool) {
        self.legacy_crate_undo = on;
    }

    /// Bug switch for the undo audit: undo leaves the locks a key's removal opened open, as a cache
    /// of opened locks that forgot to close again would. Only the audit can turn it on.
    #[cfg(feature = "undo-audit")]
    pub fn set_sticky_locks(&mut self, on: bool) {
        self.sticky_locks = on;
    }

    /// Bug switch for the undo audit: undo leaves the bomb counters as the move left them (the way
    /// a loosened rusty screw was once forgotten). Only the audit can turn it on.
    #[cfg(feature = "undo-audit")]
    pub fn set_forgetful_bomb_undo(&mut self, on: bool) {
        self.forgetful_bomb_undo = on;
    }

    // ---- queries -------------------------------------------------------------------------------

    /// The compiled level.
    #[inline]
    pub fn level(&self) -> &Arc<CompiledLevel> {
        &self.level
    }
    #[inline]
    pub fn status(&self) -> Status {
        self.status
    }
    pub fn moves(&self) -> u32 {
        self.moves
    }
    #[inline]
    pub fn wrench_charges(&self) -> u8 {
        self.wrench
    }
    #[inline]
    pub fn rail(&self) -> &Rail {
        &self.rail
    }
    /// Moves left on each bomb, by rank in [`CompiledLevel::bombs`].
    #[inline]
    pub fn bomb_clocks(&self) -> &BombClocks {
        &self.bombs
    }
    /// Moves left on screw `i`'s bomb (its count when it was defused), or `None` for a screw without one.
    pub fn bomb_left(&self, i: u8) -> Option<u8> {
        let k = self.level.bombs.iter().position(|&b| b == i)?;
        Some(self.bombs.0[k])
    }
    /// Why the game was lost, or `None` while it is not lost.
    pub fn loss(&self) -> Option<Loss> {
        if self.status != Status::Lost {
            return None;
        }
        if self.history.last().is_some_and(|r| r.dest == Dest::Lost) {
            return Some(Loss::RailFull);
        }
        Some(
            self.bombs
                .gone_off(&self.level, self.removed)
                .map_or(Loss::NoLegalMove, Loss::Bomb),
        )
    }
    /// Active crate slots (`crate_slots` of them; empty ones have id 0).
    #[inline]
    pub fn crates(&self) -> &[CrateSlot] {
        &self.crates[..self.level.data.crate_slots as usize]
    }
    /// The crate-id counter: id of the next crate to pull, minus one (= queue index).
    #[inline]
    pub fn next_crate(&self) -> u16 {
        self.next_crate
    }
    /// Colours of the crates still queued, next first.
    pub fn queue_preview(&self) -> &[u8] {
        &self.level.queue[self.next_crate as usize..]
    }
    #[inline]
    pub fn removed_mask(&self) -> Mask {
        self.removed
    }
    #[inline]
    pub fn loosened_mask(&self) -> Mask {
        self.loosened
    }
    #[inline]
    pub fn revealed_mask(&self) -> Mask {
        self.revealed
    }
    /// Cells each part covers now (0 for a fallen part).
    #[inline]
    pub fn poses(&self) -> &[Mask] {
        &self.pose
    }
    /// Cached union of poses per layer.
    #[inline]
    pub fn layer_covers(&self) -> &[Mask; LAYERS] {
        &self.layer_cover
    }
    /// The undo stack, oldest first.
    pub fn history(&self) -> &[MoveRecord] {
        &self.history
    }
    /// Room for `moves` more moves in the undo stack: a playout to the end (the solver's trials) then
    /// grows it once instead of doubling its way up from a copy's exact size.
    pub fn reserve_moves(&mut self, moves: usize) {
        self.history.reserve(moves);
    }
    /// The last move's record (what the view animates).
    pub fn last_record(&self) -> Option<&MoveRecord> {
        self.history.last()
    }
    /// Whether screw `i` is still in the board.
    #[inline]
    pub fn is_removed(&self, i: u8) -> bool {
        self.removed >> i & 1 == 1
    }
    /// Taps a screw has taken and kept (1 for a loosened rusty screw).
    #[inline]
    pub fn touches(&self, i: u8) -> u8 {
        (self.loosened >> i & 1) as u8
    }
    /// Whether the player knows screw `i`'s colour.
    #[inline]
    pub fn is_known(&self, i: u8) -> bool {
        self.revealed >> i & 1 == 1
    }
    /// Whether no part on a higher layer covers screw `i`'s cell (removed screws are not accessible).
    #[inline]
    pub fn is_accessible(&self, i: u8) -> bool {
        let s = &self.level.screws[i as usize];
        !self.is_removed(i) && self.above[s.layer as usize] & s.cell == 0
    }
    /// Screws in the board that nothing covers.
    #[inline]
    pub fn accessible_mask(&self) -> Mask {
        self.uncovered & !self.removed
    }
    /// Screws whose lock is closed: their key screw is still on the board, so no tap turns them.
    #[inline]
    pub fn locked_mask(&self) -> Mask {
        self.closed
    }
    /// Whether screw `i`'s lock is closed (false for a screw without a lock).
    #[inline]
    pub fn is_locked(&self, i: u8) -> bool {
        self.closed >> i & 1 == 1
    }
    /// Screws a move can turn now: accessible and not locked.
    #[inline]
    pub fn tappable_mask(&self) -> Mask {
        self.accessible_mask() & !self.closed
    }
    /// Highest number of screws on the rail right now.
    #[inline]
    pub fn rail_occupancy(&self) -> u8 {
        self.rail.occupancy()
    }

    /// Whether an active crate of `color` has room: a removed screw of that colour would go there, not to
    /// the rail. The players the solver simulates ask this; it is the same test [`GameSim::play`] makes.
    #[inline]
    pub fn crate_accepts(&self, color: u8) -> bool {
        self.accepting_slot(color).is_some()
    }

    /// The screws whose colour some active crate has room for: [`GameSim::crate_accepts`] for every
    /// screw at once, for a player that asks it of every legal move.
    #[inline]
    pub fn accepted_screws(&self) -> Mask {
        let slots = self.level.data.crate_slots as usize;
        self.crates[..slots]
            .iter()
            .filter(|c| c.has_room())
            .fold(0, |m, c| {
                m | self.level.colour_screws[c.color as usize & 15]
            })
    }

    /// The leftmost active crate slot of `color` with room: where a removed screw of that colour goes.
    #[inline]
    pub fn accepting_slot(&self, color: u8) -> Option<usize> {
        let slots = self.level.data.crate_slots as usize;
        self.crates[..slots]
            .iter()
            .position(|c| c.has_room() && c.color == color)
    }

    /// Whether a removed screw of `color` would fill the crate [`GameSim::accepting_slot`] names, and
    /// so seal it (pulling the next crate and letting the rail flow): what the solver's players and
    /// move ordering ask before a move, decided here once.
    #[inline]
    pub fn seals(&self, color: u8) -> bool {
        self.accepting_slot(color)
            .is_some_and(|k| self.crates[k].fill + 1 >= CRATE_SIZE)
    }

    /// Every legal move right now, taps first (screw order), then wrench taps. Empty once the game is over.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut out = Vec::new();
        self.for_each_legal(|i, wrench| {
            let id = self.level.screws[i as usize].id;
            out.push(if wrench {
                Move::Wrench(id)
            } else {
                Move::Tap(id)
            });
        });
        out
    }

    /// Whether some move would be legal while playing: a tappable screw that is not a bolt, or a
    /// tappable bolt with a wrench charge left.
    #[inline]
    fn any_move_left(&self) -> bool {
        let acc = self.tappable_mask();
        acc & !self.level.bolts != 0 || (self.wrench > 0 && acc & self.level.bolts != 0)
    }

    /// Calls `f(screw_index, is_wrench)` for each legal move, without allocating (the solver's path).
    #[inline]
    pub fn for_each_legal(&self, mut f: impl FnMut(u8, bool)) {
        if self.status != Status::Playing {
            return;
        }
        let acc = self.tappable_mask();
        for i in bits(acc & !self.level.bolts) {
            f(i as u8, false);
        }
        if self.wrench > 0 {
            for i in bits(acc & self.level.bolts) {
                f(i as u8, true);
            }
        }
    }

    // ---- moves ---------------------------------------------------------------------------------

    /// Plays a move by screw id.
    pub fn apply(&mut self, mv: Move) -> Result<&MoveRecord, MoveError> {
        let i = self
            .level
            .screw_index(mv.screw())
            .ok_or(MoveError::UnknownScrew(mv.screw()))?;
        self.play(i, mv.is_wrench())
    }

    /// A finger tap on screw `id`.
    pub fn tap(&mut self, id: u16) -> Result<&MoveRecord, MoveError> {
        self.apply(Move::Tap(id))
    }

    /// A wrench tap on screw `id`.
    pub fn wrench_tap(&mut self, id: u16) -> Result<&MoveRecord, MoveError> {
        self.apply(Move::Wrench(id))
    }

    /// Plays a move by screw index: the fast path for the solver. Rejected moves change nothing.
    pub fn play(&mut self, i: u8, wrench: bool) -> Result<&MoveRecord, MoveError> {
        let Some(screw) = self.level.screws.get(i as usize) else {
            return Err(MoveError::UnknownScrew(i as u16));
        };
        let (id, part, color, kind, key) =
            (screw.id, screw.part, screw.color, screw.kind, screw.key);
        if self.status != Status::Playing {
            return Err(MoveError::GameOver(self.status.name()));
        }
        if self.is_removed(i) {
            return Err(MoveError::AlreadyRemoved(id));
        }
        if !self.is_accessible(i) {
            return Err(MoveError::NotAccessible(id));
        }
        if let Some(k) = key.filter(|_| self.is_locked(i)) {
            let key = self.level.screws[k as usize].id;
            return Err(MoveError::Locked { screw: id, key });
        }
        let bolt = kind == ScrewKind::Bolt;
        if wrench {
            // With no charge left the wrench is the fault, whatever it was aimed at.
            if self.wrench == 0 {
                return Err(MoveError::NoWrenchCharges);
            }
            if !bolt {
                return Err(MoveError::WrenchOnNonBolt(id));
            }
        } else if bolt {
            return Err(MoveError::BoltNeedsWrench(id));
        }

        let bit = 1u128 << i;
        let mut rec = MoveRecord {
            screw: i,
            wrench,
            dest: Dest::Loosened,
            was_revealed: self.revealed & bit != 0,
            sealed: [Sealed::default(); MAX_CASCADE],
            n_sealed: 0,
            pulled: [Pulled::default(); MAX_CASCADE],
            n_pulled: 0,
            flows: [Flow::default(); MAX_FLOWS],
            n_flows: 0,
            opened: 0,
            crates_before: self.crates,
            next_crate_before: self.next_crate,
            rail_before: self.rail,
            status_before: self.status,
            bombs_before: self.bombs,
        };
        self.revealed |= bit;
        self.moves += 1;
        let loosening = kind == ScrewKind::Rusty && self.loosened & bit == 0;
        // The bombs this move counts down: uncovered as it is made, and not the one it removes
        // (removing a bomb defuses it). Read before the move changes any pose.
        let ticking = if self.level.bomb_mask == 0 {
            0 // most levels: no bomb to count down
        } else {
            let defused = if loosening { 0 } else { bit };
            self.level.bomb_mask & self.accessible_mask() & !defused
        };

        if loosening {
            self.loosened |= bit;
            if ticking != 0 && self.bombs.tick(&self.level, ticking).is_some() {
                self.status = Status::Lost;
            }
            self.history.push(rec);
            return Ok(self.history.last().expect("just pushed"));
        }

        // Kept in a local for the win test below: reading the mask back from memory right after
        // writing it stalls the store forwarding of a 128-bit value (seen in the solver's profile).
        let removed = self.removed | bit;
        self.removed = removed;
        if self.closed != 0 {
            rec.opened = self.level.screws[i as usize].locks & self.closed;
            self.closed &= !rec.opened;
        }
        if wrench {
            self.wrench -= 1;
        }
        self.update_part(part as usize);

        if let Some(slot) = self.accepting_slot(color) {
            rec.dest = Dest::Crate(slot as u8);
            self.crates[slot].fill += 1;
            if self.crates[slot].fill == CRATE_SIZE {
                self.seal_cascade(slot, &mut rec);
            }
        } else if let Some(place) = self.rail.push(i) {
            rec.dest = Dest::Rail(place);
        } else {
            rec.dest = Dest::Lost;
            self.status = Status::Lost;
        }
        if ticking != 0
            && self.status == Status::Playing
            && self.bombs.tick(&self.level, ticking).is_some()
        {
            self.status = Status::Lost;
        }
        if self.status == Status::Playing && removed == self.level.all_screws {
            self.status = Status::Won;
        }
        // A board where nothing can be tapped is over: the player could only stare at it. Only a
        // removal can get here (a loosen changes no cover, lock or charge).
        if self.status == Status::Playing && !self.any_move_left() {
            self.status = Status::Lost;
        }
        self.history.push(rec);
        Ok(self.history.last().expect("just pushed"))
    }

    /// Seals the full crate in `slot`, pulls the next queued crate into it, lets rail screws of its
    /// colour flow in left to right, and repeats while that fills it.
    fn seal_cascade(&mut self, slot: usize, rec: &mut MoveRecord) {
        loop {
            let done = self.crates[slot];
            rec.sealed[rec.n_sealed as usize] = Sealed {
                slot: slot as u8,
                id: done.id,
                color: done.color,
            };
            rec.n_sealed += 1;
            self.crates[slot] = CrateSlot::EMPTY;
            let Some(&color) = self.level.queue.get(self.next_crate as usize) else {
                return;
            };
            self.next_crate += 1;
            let id = self.next_crate;
            rec.pulled[rec.n_pulled as usize] = Pulled {
                slot: slot as u8,
                id,
            };
            rec.n_pulled += 1;
            let mut fill = 0;
            for place in 0..self.rail.len as usize {
                let s = self.rail.places[place];
                if fill < CRATE_SIZE && s != EMPTY && self.level.screws[s as usize].color == color {
                    fill += 1;
                    self.rail.places[place] = EMPTY;
                    rec.flows[rec.n_flows as usize] = Flow {
                        rail_place: place as u8,
                        screw: s,
                        slot: slot as u8,
                    };
                    rec.n_flows += 1;
                }
            }
            self.crates[slot] = CrateSlot { id, color, fill };
            if fill < CRATE_SIZE {
                return;
            }
        }
    }

    /// Takes back the last move exactly (docs/design.md §2's undo contract).
    pub fn undo(&mut self) -> Result<MoveRecord, MoveError> {
        let rec = self.history.pop().ok_or(MoveError::NothingToUndo)?;
        let bit = 1u128 << rec.screw;
        self.moves -= 1;
        if !rec.was_revealed {
            self.revealed &= !bit;
        }
        self.restore_bombs(&rec);
        if rec.dest == Dest::Loosened {
            self.status = rec.status_before;
            self.loosened &= !bit;
            return Ok(rec);
        }
        self.removed &= !bit;
        self.close_locks(rec.opened);
        if rec.wrench {
            self.wrench += 1;
        }
        let part = self.level.screws[rec.screw as usize].part as usize;
        self.update_part(part);
        self.restore_crates(&rec);
        self.rail = rec.rail_before;
        self.status = rec.status_before;
        Ok(rec)
    }

    /// Closes again the locks a move opened (the key is back on the board).
    #[cfg(not(feature = "undo-audit"))]
    fn close_locks(&mut self, opened: Mask) {
        self.closed |= opened;
    }

    /// Closes again the locks a move opened, unless the audit's lock switch is on.
    #[cfg(feature = "undo-audit")]
    fn close_locks(&mut self, opened: Mask) {
        if !self.sticky_locks {
            self.closed |= opened;
        }
    }

    /// The bomb counters as they were before the move: the record keeps them whole.
    #[cfg(not(feature = "undo-audit"))]
    fn restore_bombs(&mut self, rec: &MoveRecord) {
        self.bombs = rec.bombs_before;
    }

    /// The bomb counters as they were before the move, or left as they are under the bug switch.
    #[cfg(feature = "undo-audit")]
    fn restore_bombs(&mut self, rec: &MoveRecord) {
        if !self.forgetful_bomb_undo {
            self.bombs = rec.bombs_before;
        }
    }

    /// The crates as they were before the move: the record keeps them whole.
    #[cfg(not(feature = "undo-audit"))]
    fn restore_crates(&mut self, rec: &MoveRecord) {
        self.exact_restore_crates(rec);
    }

    /// The crates as they were before the move, or the legacy way when the audit's bug switch is on.
    #[cfg(feature = "undo-audit")]
    fn restore_crates(&mut self, rec: &MoveRecord) {
        if self.legacy_crate_undo {
            self.legacy_restore_crates(rec);
        } else {
            self.exact_restore_crates(rec);
        }
    }

    fn exact_restore_crates(&mut self, rec: &MoveRecord) {
        self.crates = rec.crates_before;
        self.next_crate = rec.next_crate_before;
    }

    /// The legacy crate restore, kept only as the undo audit's bug switch: it assumes each pulled crate
    /// still sits in a slot a sealed crate vacated, so it empties those slots, puts the sealed crates
    /// back as they were just before their last screw, and rewinds the crate-id counter. When a crate
    /// pulled in the move sealed in the same move (rail flow), it puts back the wrong crate.
    #[cfg(feature = "undo-audit")]
    fn legacy_restore_crates(&mut self, rec: &MoveRecord) {
        for s in rec.sealed().iter().take(rec.pulled().len()) {
            self.crates[s.slot as usize] = CrateSlot::EMPTY;
        }
        for s in rec.sealed() {
            self.crates[s.slot as usize] = CrateSlot {
                id: s.id,
                color: s.color,
                fill: CRATE_SIZE - 1,
            };
        }
        if rec.sealed().is_empty() {
            if let Dest::Crate(slot) = rec.dest {
                self.crates[slot as usize].fill -= 1;
            }
        }
        self.next_crate -= rec.pulled().len() as u16;
    }

    /// Undoes every move (the UI's restart keeps the same game object).
    pub fn restart(&mut self) {
        while self.undo().is_ok() {}
    }

    // ---- poses ---------------------------------------------------------------------------------

    /// Part `p`'s pose given the screws left in it: a frame never had screws; with none left it has
    /// fallen; with one left it hangs from that screw (unless its authored hang pose is the rest pose);
    /// with two or more it rests. The only definition of a swing.
    pub fn pose(&self, p: usize) -> Pose {
        self.pose_with(p, self.removed)
    }

    /// Part `p`'s pose if exactly the screws in `removed` were out: what a move would do to it, asked
    /// without playing the move.
    pub fn pose_with(&self, p: usize, removed: Mask) -> Pose {
        let part = &self.level.parts[p];
        if part.screws == 0 {
            return Pose::Frame;
        }
        let left = part.screws & !removed;
        // None, one (clearing the lowest bit leaves none) or more: no population count, which
        // baseline x86-64 has no instruction for and the solver asks this at every move.
        if left == 0 {
            Pose::Fallen
        } else if left & (left - 1) == 0 {
            let last = left.trailing_zeros() as u8;
            if self.level.screws[last as usize].hang == part.rest {
                Pose::Rest
            } else {
                Pose::Hang(last)
            }
        } else {
            Pose::Rest
        }
    }

    /// The cells part `p` covers in its [`GameSim::pose`].
    fn part_pose(&self, p: usize) -> Mask {
        self.pose_cells(p, self.pose(p))
    }

    /// The cells part `p` covers in `pose`.
    pub fn pose_cells(&self, p: usize, pose: Pose) -> Mask {
        match pose {
            Pose::Rest | Pose::Frame => self.level.parts[p].rest,
            Pose::Hang(screw) => self.level.screws[screw as usize].hang,
            Pose::Fallen => 0,
        }
    }

    fn update_part(&mut self, p: usize) {
        let pose = self.part_pose(p);
        if pose != self.pose[p] {
            self.pose[p] = pose;
            let layer = self.level.parts[p].layer as usize;
            let before = self.above;
            self.recompute_layer(layer);
            self.recompute_above();
            // Only the layers below the part see another cover, and only on the cells that changed.
            for (l, (&was, &now)) in before.iter().zip(&self.above).enumerate().take(layer) {
                for c in bits((was ^ now) & self.level.screw_cells[l]) {
                    let screws = self.level.screws_at[l * CELLS + c as usize];
                    if now >> c & 1 == 1 {
                        self.uncovered &= !screws;
                    } else {
                        self.uncovered |= screws;
                    }
                }
            }
        }
    }

    fn recompute_layer(&mut self, l: usize) {
        self.layer_cover[l] = self.level.parts_by_layer[l]
            .iter()
            .fold(0, |m, &p| m | self.pose[p as usize]);
    }

    fn recompute_above(&mut self) {
        let mut acc = 0;
        for l in (0..LAYERS).rev() {
            self.above[l] = acc;
            acc |= self.layer_cover[l];
        }
    }
}
