//! `GameSim` (RefCounted): one game of one level for the board view. Each change (`tap`, `wrench_tap`,
//! `screwdriver`, `undo`, `restart`) returns one Dictionary: the ordered events to animate, with what
//! each needs to play, the rows it changed, the HUD's rows and the tools. Rules, checks, the event order
//! and the one diff live in `screwsmith_play::view` (`Session`, `events`, `diff`, `move_result`).

use godot::prelude::*;
use screwsmith_play::view::{board, EventKind, MoveResult, Place, PoseKind, Session, ViewError};
use screwsmith_rules::sim::GameSim as CoreSim;

use screwsmith_play::save::keeper::Keeper;

use crate::calls;
use crate::convert;
use crate::last_error::LastError;

/// One game of one Screwsmith level. Load a level with `load_json` (e.g. from `LevelLibrary.level_json`),
/// draw `state()`, then call `tap` / `wrench_tap` / `screwdriver` and play the result each returns. A
/// refused call returns `false` or `{}` and leaves the reason in `last_error()`.
#[derive(GodotClass)]
#[class(init, tool, base = RefCounted)]
pub struct GameSim {
    base: Base<RefCounted>,
    session: Session,
    error: LastError,
    /// Where every change is kept, with the level (or bench) number it is kept as.
    journal: Option<(Keeper, u32)>,
}

#[godot_api]
impl GameSim {
    /// Event `kind`: the tapped screw left (`dest`, `index`, `bolt`, `color`, `fill` once it lands).
    #[constant]
    const EVENT_SCREW_MOVED: i64 = EventKind::ScrewMoved as i64;
    /// Event `kind`: the crate in `slot` sealed (`crate`; `refilled`: a crate follows it in this move).
    #[constant]
    const EVENT_CRATE_SEALED: i64 = EventKind::CrateSealed as i64;
    /// Event `kind`: the next queued crate moved into `slot` (`crate`, `color`).
    #[constant]
    const EVENT_CRATE_PULLED: i64 = EventKind::CratePulled as i64;
    /// Event `kind`: a rail screw flowed from `place` into the crate in `slot` (`color`, `fill`).
    #[constant]
    const EVENT_RAIL_FLOWED: i64 = EventKind::RailFlowed as i64;
    /// Event `kind`: a part swung, fell or came back (`before`, `after` part rows; `pivot` cell or null).
    #[constant]
    const EVENT_PART_CHANGED: i64 = EventKind::PartChanged as i64;
    /// Event `kind`: a hidden screw's colour became known (`removed`: it also left the board).
    #[constant]
    const EVENT_SCREW_REVEALED: i64 = EventKind::ScrewRevealed as i64;
    /// Event `kind`: every screw is out.
    #[constant]
    const EVENT_LEVEL_WON: i64 = EventKind::LevelWon as i64;
    /// Event `kind`: a screw found neither a crate nor a rail place, or a bomb went off (`bomb`: that
    /// screw's id, -1 for a full rail).
    #[constant]
    const EVENT_LEVEL_LOST: i64 = EventKind::LevelLost as i64;
    /// Event `kind`: the move counted down the bomb on `screw` to `left` moves.
    #[constant]
    const EVENT_BOMB_TICK: i64 = EventKind::BombTicked as i64;
    /// Event `kind`: the move removed the bomb screw `screw` (`left` moves on it): defused.
    #[constant]
    const EVENT_BOMB_DEFUSED: i64 = EventKind::BombDefused as i64;
    /// Event `kind`: the move removed `key`, which held `screw`'s key: its lock opened.
    #[constant]
    const EVENT_LOCK_OPENED: i64 = EventKind::LockOpened as i64;
    /// Event `kind`: undo put the key back: `screw`'s lock closed again.
    #[constant]
    const EVENT_LOCK_CLOSED: i64 = EventKind::LockClosed as i64;
    /// Event `kind`: undo took back the move on `screw`.
    #[constant]
    const EVENT_UNDONE: i64 = EventKind::Undone as i64;
    /// Event `kind`: undo put `screw` back on the board from `from` at `index`.
    #[constant]
    const EVENT_SCREW_RETURNED: i64 = EventKind::ScrewReturned as i64;
    /// Event `kind`: undo took a flowed screw out of the crate in `slot` back to rail `place`.
    #[constant]
    const EVENT_FLOW_RETURNED: i64 = EventKind::FlowReturned as i64;
    /// A screw's `dest` / `from`: a crate slot (`index` = slot).
    #[constant]
    const PLACE_CRATE: i64 = Place::Crate as i64;
    /// A screw's `dest` / `from`: a rail place (`index` = place).
    #[constant]
    const PLACE_RAIL: i64 = Place::Rail as i64;
    /// A screw's `dest`: loosened in its hole (a rusty screw's first tap; `index` = -1).
    #[constant]
    const PLACE_LOOSENED: i64 = Place::Loosened as i64;
    /// A screw's `dest`: nowhere, the level is lost (`index` = -1).
    #[constant]
    const PLACE_LOST: i64 = Place::Lost as i64;
    /// A part row's `pose`: held by two or more screws (its resting cells).
    #[constant]
    const POSE_REST: i64 = PoseKind::Rest as i64;
    /// A part row's `pose`: swung about its last screw (the row's cells are the swung ones).
    #[constant]
    const POSE_HANG: i64 = PoseKind::Hang as i64;
    /// A part row's `pose`: no screw left, fell off (no cells; not drawn).
    #[constant]
    const POSE_FALLEN: i64 = PoseKind::Fallen as i64;
    /// A part row's `pose`: never had screws, a fixed frame.
    #[constant]
    const POSE_FRAME: i64 = PoseKind::Frame as i64;

    /// Loads one level object (or a level file holding exactly one level). On failure the previous game
    /// stays and `last_error()` says why.
    #[func]
    fn load_json(&mut self, level_json: GString) -> bool {
        calls::count();
        let result = self.session.load_json(&level_json.to_string());
        self.error.check("GameSim.load_json", result).is_some()
    }

    /// The whole board now, as a change's result with every row and no events: what a view draws
    /// first. `{}` before a level loads.
    #[func]
    fn state(&mut self) -> VarDictionary {
        calls::count();
        let result = self.session.state();
        self.result("GameSim.state", result)
    }

    /// A finger tap on a screw (by id): the move's result, or `{}` when refused (covered, a bolt, game
    /// over, ...).
    #[func]
    fn tap(&mut self, screw_id: i64) -> VarDictionary {
        calls::count();
        let result = self.session.tap(screw_id);
        self.result("GameSim.tap", result)
    }

    /// The board's tap on screw `screw_id`, by finger or (`wrench`) with the armed wrench: the move's
    /// result, or — when the rules turn it down for a reason a player can cause — a result with nothing
    /// moved and `refusal` saying why (no engine error: a refused tap is a line on screen). `{}` (and
    /// `last_error`) only for a fault, an id no screw has.
    #[func]
    fn play(&mut self, screw_id: i64, wrench: bool) -> VarDictionary {
        calls::count();
        let result = self.session.tap_or_refusal(screw_id, wrench);
        self.result("GameSim.play", result)
    }

    /// A wrench tap on a bolt (by id): spends a wrench charge. The move's result, or `{}`.
    #[func]
    fn wrench_tap(&mut self, screw_id: i64) -> VarDictionary {
        calls::count();
        let result = self.session.wrench_tap(screw_id);
        self.result("GameSim.wrench_tap", result)
    }

    /// The player's screwdriver: takes back the last move exactly, only while playing and at most
    /// `SaveData.screwdriver_uses()` times per attempt. The undo's result, or `{}` (and `last_error`).
    #[func]
    fn screwdriver(&mut self) -> VarDictionary {
        calls::count();
        let result = self.session.screwdriver();
        self.result("GameSim.screwdriver", result)
    }

    /// The lose panel's "Undo last move": takes back the move that filled the rail (a screwdriver use)
    /// while the loss is not counted yet. The undo's result, or `{}` (and `last_error`).
    #[func]
    fn rescue(&mut self) -> VarDictionary {
        calls::count();
        let result = self.session.rescue();
        self.result("GameSim.rescue", result)
    }

    /// `true` exactly once for a lost board: record the loss in the save now (the player leaves the
    /// board, or the app is closed on it). The board then stays lost and the rescue is refused.
    #[func]
    fn settle_loss(&mut self) -> bool {
        calls::count();
        self.session.settle_loss()
    }

    /// The player was shown a hint (it caps a win's stars at 2): a result with no events and no rows
    /// (the board did not move), `hints_used` counting it.
    #[func]
    fn note_hint(&mut self) -> VarDictionary {
        calls::count();
        let result = self.session.note_hint();
        self.result("GameSim.note_hint", result)
    }

    /// Takes the board back to the point after its first `moves` moves (a lost hint's `last_winnable`):
    /// the rows it changed, no events; the attempt then counts as helped. `{}` when refused.
    #[func]
    fn rewind(&mut self, moves: i64) -> VarDictionary {
        calls::count();
        let result = self.session.rewind(moves);
        self.result("GameSim.rewind", result)
    }

    /// The moves played so far, oldest first, as `{screw, wrench}` rows (what `HintJob.start` takes).
    #[func]
    fn history(&self) -> Array<VarDictionary> {
        calls::count();
        self.read(|g| {
            let moves: Vec<board::MoveView> =
                board::history(g).into_iter().map(Into::into).collect();
            convert::rows(&moves, convert::move_row)
        })
    }

    /// Screwdriver uses left this attempt.
    #[func]
    fn screwdriver_left(&self) -> i64 {
        calls::count();
        i64::from(self.session.screwdriver_left())
    }

    /// Screwdriver uses taken this attempt (stars are earned by this).
    #[func]
    fn screwdriver_used(&self) -> i64 {
        calls::count();
        i64::from(self.session.screwdriver_used())
    }

    /// Whether the screwdriver button should be enabled now.
    #[func]
    fn screwdriver_ready(&self) -> bool {
        calls::count();
        self.session.screwdriver_ready()
    }

    /// Takes back the last move exactly, with no limit (the editor preview steps with this; the game's
    /// button calls `screwdriver`). The undo's result, or `{}` when there is nothing to undo.
    #[func]
    fn undo(&mut self) -> VarDictionary {
        calls::count();
        let result = self.session.undo();
        self.result("GameSim.undo", result)
    }

    /// Undoes every move (a new attempt): the rows it changed and no events. `{}` before a level loads.
    #[func]
    fn restart(&mut self) -> VarDictionary {
        calls::count();
        let result = self.session.restart();
        self.result("GameSim.restart", result)
    }

    /// Why the last call was refused; "" after a call that succeeded.
    #[func]
    fn last_error(&self) -> GString {
        calls::count();
        self.error.get()
    }

    /// The loaded level's number (0 before any level loads).
    #[func]
    fn level_number(&self) -> i64 {
        calls::count();
        self.read(|g| g.level().data().number as i64)
    }

    /// Board width in cells.
    #[func]
    fn width(&self) -> i64 {
        calls::count();
        self.read(|g| g.level().data().width as i64)
    }

    /// Board height in cells.
    #[func]
    fn height(&self) -> i64 {
        calls::count();
        self.read(|g| g.level().data().height as i64)
    }

    /// Places on the rail.
    #[func]
    fn rail_slots(&self) -> i64 {
        calls::count();
        self.read(|g| g.level().data().rail_slots as i64)
    }

    /// Active crate slots.
    #[func]
    fn crate_slots(&self) -> i64 {
        calls::count();
        self.read(|g| g.level().data().crate_slots as i64)
    }

    /// The level's palette indices.
    #[func]
    fn colors(&self) -> PackedInt32Array {
        calls::count();
        self.read(|g| g.level().data().colors.iter().map(|&c| c as i32).collect())
    }

    /// Every screw: `{id, part, x, y, layer, color (-1 while unknown), known, accessible, removed, kind,
    /// touches, hidden, bomb}`. A hidden screw's colour is never sent before it is known.
    #[func]
    fn screws(&self) -> Array<VarDictionary> {
        calls::count();
        self.read(|g| convert::rows(&board::screws(g), convert::screw))
    }

    /// Moves left on screw `screw_id`'s countdown bomb (its count when defused), -1 for a screw without
    /// one or an unknown id.
    #[func]
    fn screw_bomb(&self, screw_id: i64) -> i64 {
        calls::count();
        self.read(|g| {
            u16::try_from(screw_id)
                .ok()
                .and_then(|id| g.level().screw_index(id))
                .and_then(|i| g.bomb_left(i))
                .map_or(-1, i64::from)
        })
    }

    /// Why the game was lost: "rail_full" or "bomb" ("" while it is not lost), for the lose panel.
    #[func]
    fn loss(&self) -> GString {
        calls::count();
        self.read(|g| GString::from(g.loss().map_or("", |l| l.name())))
    }

    /// Every part with its current cells: `{id, layer, cells: Array[Vector2i], pose}`.
    #[func]
    fn parts(&self) -> Array<VarDictionary> {
        calls::count();
        self.read(|g| convert::rows(&board::parts(g), convert::part))
    }

    /// Every pose each part can take on the board (rows as in `parts()`): the pose it starts in and
    /// the hang about each of its screws as the last one left. The board draws these plates while
    /// nothing moves, so a swing never builds one in a tap's frame.
    #[func]
    fn part_poses(&self) -> Array<VarDictionary> {
        calls::count();
        self.read(|g| convert::rows(&board::part_poses(g), convert::part))
    }

    /// The active crate slots: `{slot, id, color, fill, active}`.
    #[func]
    fn crates(&self) -> Array<VarDictionary> {
        calls::count();
        self.read(|g| convert::rows(&board::crates(g), convert::crate_row))
    }

    /// Colours of the crates still queued, next first.
    #[func]
    fn queue_preview(&self) -> PackedInt32Array {
        calls::count();
        self.read(|g| g.queue_preview().iter().map(|&c| c as i32).collect())
    }

    /// Screw id per rail place, -1 where free.
    #[func]
    fn rail(&self) -> PackedInt32Array {
        calls::count();
        self.read(|g| board::rail_ids(g).into())
    }

    /// Colour per rail place, -1 where free.
    #[func]
    fn rail_colors(&self) -> PackedInt32Array {
        calls::count();
        self.read(|g| board::rail_colors(g).into())
    }

    /// Wrench charges left.
    #[func]
    fn wrench_charges(&self) -> i64 {
        calls::count();
        self.read(|g| g.wrench_charges() as i64)
    }

    /// Moves made (a loosening tap counts).
    #[func]
    fn move_count(&self) -> i64 {
        calls::count();
        self.read(|g| g.moves() as i64)
    }

    /// "playing", "won" or "lost" ("" before any level loads).
    #[func]
    fn status(&self) -> GString {
        calls::count();
        self.read(|g| GString::from(g.status().name()))
    }

    /// Legal moves now: `{screw, wrench}` (empty once the game is over).
    #[func]
    fn legal_moves(&self) -> Array<VarDictionary> {
        calls::count();
        self.read(|g| convert::rows(&board::legal_moves(g), convert::move_row))
    }

    /// The level's stored solution, same shape as `legal_moves` (empty when none is stored).
    #[func]
    fn solution(&self) -> Array<VarDictionary> {
        calls::count();
        self.read(|g| convert::rows(&board::solution(g), convert::move_row))
    }

    /// How many calls GDScript has made into the extension so far, every class together (this one
    /// not counted): the board benchmark prints the calls per tap.
    #[func]
    fn extension_calls() -> i64 {
        i64::try_from(calls::total()).unwrap_or(i64::MAX)
    }
}

impl GameSim {
    /// Appends the attempt's change (if any) to the journal before the call that made it returns. A
    /// won or lost board is not recorded: the save records the result, then removes the journal.
    fn keep_change(&mut self) {
        let Some((journal, level)) = self.journal.as_mut() else {
            return;
        };
        let board = journal.board().to_string();
        let Some(now) = self.session.attempt_on(*level, board) else {
            return;
        };
        // A refused write is the storage's state, told on screen (`SaveData.storage()`), not a fault.
        crate::save_storage::report(&journal.record(&now));
    }

    /// The game behind this object (the save keeps the attempt it is in: `SaveData.keep_in_progress`).
    pub(crate) fn session(&self) -> &Session {
        &self.session
    }

    /// Loads `level_json` and replays the attempt `save` kept on it (`save_resume.rs`). A failure is
    /// reported only when `last` (no other kept attempt is left to try).
    pub(crate) fn resume_result(
        &mut self,
        level_json: &str,
        saved: &screwsmith_play::save::InProgress,
        last: bool,
    ) -> VarDictionary {
        let result = self.session.resume(level_json, saved);
        if result.is_err() && !last {
            return VarDictionary::new();
        }
        self.result("GameSim.resume", result)
    }

    /// From now on every change is kept by `journal` as attempt `level` (`save_journal.rs`).
    pub(crate) fn keep_journal(&mut self, journal: Keeper, level: u32) {
        self.journal = Some((journal, level));
    }

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

    /// A change's result as the Dictionary `tap()` documents; `{}` (and `last_error`) when refused.
    fn result(&mut self, call: &str, result: Result<MoveResult, ViewError>) -> VarDictionary {
        if result.as_ref().is_ok_and(|r| r.refusal.is_none()) {
            self.keep_change();
        }
        self.error
            .check(call, result)
            .map(|r| convert::move_result(&r))
            .unwrap_or_default()
    }
}
