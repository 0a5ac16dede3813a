//! `GameSim` (RefCounted): one game of one level for the board view. Moves emit the signals the view
//! animates, then `state_changed`; the view redraws from the queries. Rules, checks and the event order
//! live in `screwsmith_app::view::Session`.

use godot::prelude::*;
use screwsmith_app::view::{board, Event, Session, ViewError};
use screwsmith_rules::sim::GameSim as CoreSim;

use crate::convert;
use crate::last_error::LastError;

/// One game of one Screwsmith level. Load a level with `load_json` (e.g. from `LevelLibrary.level_json`),
/// then call `tap` / `wrench_tap` / `undo` and listen to the signals. A refused call returns `false` (or
/// an empty value) and leaves the reason in `last_error()`.
#[derive(GodotClass)]
#[class(init, tool, base = RefCounted)]
pub struct GameSim {
    base: Base<RefCounted>,
    session: Session,
    error: LastError,
}

#[godot_api]
impl GameSim {
    /// A screw left the board or was loosened: `dest` is "crate" (index = crate slot), "rail"
    /// (index = rail place), "loosened" or "lost" (index = -1).
    #[signal]
    fn screw_moved(screw_id: i64, dest: GString, index: i64);
    /// A rail screw flowed from `rail_place` into the crate just pulled into `slot`.
    #[signal]
    fn rail_flowed(screw_id: i64, rail_place: i64, slot: i64);
    /// The crate in `slot` got its third screw and left.
    #[signal]
    fn crate_sealed(slot: i64, crate_id: i64);
    /// The next queued crate moved into `slot`.
    #[signal]
    fn crate_pulled(slot: i64, crate_id: i64, color: i64);
    /// A part swung, fell or came back: `pose` is "rest", "hang", "fallen" or "frame".
    #[signal]
    fn part_changed(part_id: i64, pose: GString);
    /// Every screw is out.
    #[signal]
    fn level_won();
    /// A screw found neither a crate nor a rail place.
    #[signal]
    fn level_lost();
    /// Undo took back the move on this screw.
    #[signal]
    fn undone(screw_id: i64);
    /// Undo put the screw back on the board from `from` ("crate", "rail", "loosened", "lost") at
    /// `index`, the place its move had sent it to.
    #[signal]
    fn screw_returned(screw_id: i64, from: GString, index: i64);
    /// Undo took a flowed screw out of the crate in `slot` back to its rail place (last flow first).
    #[signal]
    fn flow_returned(screw_id: i64, slot: i64, rail_place: i64);
    /// Always the last signal of a move, undo or restart: redraw from the queries.
    #[signal]
    fn state_changed();

    /// Loads one level object (or a level file holding exactly one level). On failure the previous game
    /// stays and `last_error()` says why.
    #[func]
    fn load_json(&mut self, level_json: GString) -> bool {
        let result = self.session.load_json(&level_json.to_string());
        self.error.check("GameSim.load_json", result).is_some()
    }

    /// A finger tap on a screw (by id). `false` when refused (covered, a bolt, game over, ...).
    #[func]
    fn tap(&mut self, screw_id: i64) -> bool {
        let events = self.session.tap(screw_id);
        self.emit("GameSim.tap", events)
    }

    /// A wrench tap on a bolt (by id): spends a wrench charge.
    #[func]
    fn wrench_tap(&mut self, screw_id: i64) -> bool {
        let events = self.session.wrench_tap(screw_id);
        self.emit("GameSim.wrench_tap", events)
    }

    /// The player's screwdriver: takes back the last move exactly, only while playing and at most
    /// `SaveData.screwdriver_uses()` times per attempt. `false` (and `last_error`) when refused.
    #[func]
    fn screwdriver(&mut self) -> bool {
        let events = self.session.screwdriver();
        self.emit("GameSim.screwdriver", events)
    }

    /// Screwdriver uses left this attempt.
    #[func]
    fn screwdriver_left(&self) -> i64 {
        i64::from(self.session.screwdriver_left())
    }

    /// Screwdriver uses taken this attempt (stars are earned by this).
    #[func]
    fn screwdriver_used(&self) -> i64 {
        i64::from(self.session.screwdriver_used())
    }

    /// Whether the screwdriver button should be enabled now.
    #[func]
    fn screwdriver_ready(&self) -> bool {
        self.session.screwdriver_ready()
    }

    /// Takes back the last move exactly, with no limit (the editor preview steps with this; the game's
    /// button calls `screwdriver`). `false` when there is nothing to undo.
    #[func]
    fn undo(&mut self) -> bool {
        let events = self.session.undo();
        self.emit("GameSim.undo", events)
    }

    /// Undoes every move; emits only `state_changed`.
    #[func]
    fn restart(&mut self) -> bool {
        let events = self.session.restart();
        self.emit("GameSim.restart", events)
    }

    /// Why the last call was refused; "" after a call that succeeded.
    #[func]
    fn last_error(&self) -> GString {
        self.error.get()
    }

    /// The loaded level's number (0 before any level loads).
    #[func]
    fn level_number(&self) -> i64 {
        self.read(|g| g.level().data().number as i64)
    }

    /// Board width in cells.
    #[func]
    fn width(&self) -> i64 {
        self.read(|g| g.level().data().width as i64)
    }

    /// Board height in cells.
    #[func]
    fn height(&self) -> i64 {
        self.read(|g| g.level().data().height as i64)
    }

    /// Places on the rail.
    #[func]
    fn rail_slots(&self) -> i64 {
        self.read(|g| g.level().data().rail_slots as i64)
    }

    /// Active crate slots.
    #[func]
    fn crate_slots(&self) -> i64 {
        self.read(|g| g.level().data().crate_slots as i64)
    }

    /// The level's palette indices.
    #[func]
    fn colors(&self) -> PackedInt32Array {
        self.read(|g| g.level().data().colors.iter().map(|&c| c as i32).collect())
    }

    /// Every screw: `{id, part, x, y, layer, color (-1 while unknown), known, accessible, removed, kind,
    /// touches, hidden}`. A hidden screw's colour is never sent before it is known.
    #[func]
    fn screws(&self) -> Array<VarDictionary> {
        self.read(|g| convert::rows(&board::screws(g), convert::screw))
    }

    /// Every part with its current cells: `{id, layer, cells: Array[Vector2i], pose}`.
    #[func]
    fn parts(&self) -> Array<VarDictionary> {
        self.read(|g| convert::rows(&board::parts(g), convert::part))
    }

    /// Every pose each part can take on the board (rows as in `parts()`): the pose it starts in and
    /// the hang about each of its screws as the last one left. The board draws these plates while
    /// nothing moves, so a swing never builds one in a tap's frame.
    #[func]
    fn part_poses(&self) -> Array<VarDictionary> {
        self.read(|g| convert::rows(&board::part_poses(g), convert::part))
    }

    /// The board's revision: it moves whenever a screw or part row changes (0 before any level).
    /// A view remembers the revision it drew and asks `screws_since` / `parts_since` for the rest.
    #[func]
    fn revision(&self) -> i64 {
        i64::try_from(self.session.revision()).unwrap_or(i64::MAX)
    }

    /// The screws (rows as in `screws()`) that changed after `revision`; every screw for 0 or for a
    /// revision of another level. A tap changes a few: the board redraws only those.
    #[func]
    fn screws_since(&self, revision: i64) -> Array<VarDictionary> {
        let rows = self.session.screws_since(revision);
        self.rows("GameSim.screws_since", rows, convert::screw)
    }

    /// The parts (rows as in `parts()`) that changed after `revision`; every part for 0.
    #[func]
    fn parts_since(&self, revision: i64) -> Array<VarDictionary> {
        let rows = self.session.parts_since(revision);
        self.rows("GameSim.parts_since", rows, convert::part)
    }

    /// The active crate slots: `{slot, id, color, fill, active}`.
    #[func]
    fn crates(&self) -> Array<VarDictionary> {
        self.read(|g| convert::rows(&board::crates(g), convert::crate_row))
    }

    /// Colours of the crates still queued, next first.
    #[func]
    fn queue_preview(&self) -> PackedInt32Array {
        self.read(|g| g.queue_preview().iter().map(|&c| c as i32).collect())
    }

    /// Screw id per rail place, -1 where free.
    #[func]
    fn rail(&self) -> PackedInt32Array {
        self.read(|g| board::rail_ids(g).into())
    }

    /// Colour per rail place, -1 where free.
    #[func]
    fn rail_colors(&self) -> PackedInt32Array {
        self.read(|g| board::rail_colors(g).into())
    }

    /// Wrench charges left.
    #[func]
    fn wrench_charges(&self) -> i64 {
        self.read(|g| g.wrench_charges() as i64)
    }

    /// Moves made (a loosening tap counts).
    #[func]
    fn move_count(&self) -> i64 {
        self.read(|g| g.moves() as i64)
    }

    /// "playing", "won" or "lost" ("" before any level loads).
    #[func]
    fn status(&self) -> GString {
        self.read(|g| GString::from(g.status().name()))
    }

    /// Legal moves now: `{screw, wrench}` (empty once the game is over).
    #[func]
    fn legal_moves(&self) -> Array<VarDictionary> {
        self.read(|g| convert::rows(&board::legal_moves(g), convert::move_row))
    }

    /// The level's stored solution, same shape as `legal_moves` (empty when none is stored).
    #[func]
    fn solution(&self) -> Array<VarDictionary> {
        self.read(|g| convert::rows(&board::solution(g), convert::move_row))
    }
}

impl GameSim {
    /// A query: the default value (and a logged `NoLevel`) before a level loads. Queries never change
    /// `last_error()`, so a script can read the state after a refused move and still see why.
    fn read<R: Default>(&self, f: impl FnOnce(&CoreSim) -> R) -> R {
        match self.session.game() {
            Ok(g) => f(g),
            Err(e) => {
                godot_error!("GameSim: {e}");
                R::default()
            }
        }
    }

    /// Rows of a query that takes arguments: an empty Array (and a logged error) when refused.
    fn rows<T>(
        &self,
        call: &str,
        rows: Result<Vec<T>, ViewError>,
        f: impl Fn(&T) -> VarDictionary,
    ) -> Array<VarDictionary> {
        match rows {
            Ok(rows) => convert::rows(&rows, f),
            Err(e) => {
                godot_error!("{call}: {e}");
                Array::new()
            }
        }
    }

    /// Emits a move's events as signals, in order; `false` (and `last_error`) when refused.
    fn emit(&mut self, call: &str, events: Result<Vec<Event>, ViewError>) -> bool {
        let Some(events) = self.error.check(call, events) else {
            return false;
        };
        for e in events {
            let mut s = self.signals();
            match e {
                Event::ScrewMoved { screw, dest, index } => {
                    s.screw_moved()
                        .emit(screw as i64, &GString::from(dest), index as i64)
                }
                Event::RailFlowed {
                    screw,
                    rail_place,
                    slot,
                } => s
                    .rail_flowed()
                    .emit(screw as i64, rail_place as i64, slot as i64),
                Event::CrateSealed { slot, crate_id } => {
                    s.crate_sealed().emit(slot as i64, crate_id as i64)
                }
                Event::CratePulled {
                    slot,
                    crate_id,
                    color,
                } => s
                    .crate_pulled()
                    .emit(slot as i64, crate_id as i64, color as i64),
                Event::PartChanged { part, pose } => s
                    .part_changed()
                    .emit(part as i64, &GString::from(pose.name())),
                Event::LevelWon => s.level_won().emit(),
                Event::LevelLost => s.level_lost().emit(),
                Event::Undone { screw } => s.undone().emit(screw as i64),
                Event::ScrewReturned { screw, from, index } => {
                    s.screw_returned()
                        .emit(screw as i64, &GString::from(from), index as i64)
                }
                Event::FlowReturned {
                    screw,
                    slot,
                    rail_place,
                } => s
                    .flow_returned()
                    .emit(screw as i64, slot as i64, rail_place as i64),
                Event::StateChanged => s.state_changed().emit(),
            }
        }
        true
    }
}
