//! `LevelEditor` (Node): the Godot face of the level editor's core (`screwsmith_editor`). The
//! editor view sends edits as JSON (`{"op": "paint", ...}`), draws `level()`, and hears `verdict` after
//! each change; the verdict is worked out on a Rust thread (`LiveVerdict`, which cancels a stale run)
//! and delivered here, polled on the main thread, so no engine object is touched off it.
//!
//! The Daily Bench of a date opens the same way: `open_daily` generates it on a Rust thread (the
//! Daily Bench's own work, `screwsmith_play::view::daily`), and the level arrives by `daily_opened`.
//!
//! Two histories: `apply` returns the inverse edit for the Godot editor's `EditorUndoRedoManager` (the
//! level's own history in the editor), and `edit`/`undo`/`redo` keep the core's history for a view with
//! no editor around it (headless tests).
//!
//! A refused call (an edit, an undo past the start, a file that is not a level, a bad date) is a
//! designer's everyday refusal, said in the editor's status line from `last_error()`: it is kept, not
//! logged as an engine error. Only a verdict that could not be worked out is logged.

use godot::prelude::*;
use screwsmith_editor::{self as editor, Edit, EditedLevel, LiveVerdict};
use screwsmith_play::view::{daily, JobOutcome, Poll};

use crate::convert;
use crate::last_error::LastError;
use crate::worker::JsonJob;

/// One level being edited, and its live verdict.
#[derive(GodotClass)]
#[class(tool, base = Node)]
pub struct LevelEditor {
    base: Base<Node>,
    model: EditedLevel,
    live: LiveVerdict,
    /// A Daily Bench being generated for `open_daily`.
    daily: JsonJob,
    /// The number of the level document open now: every opened level (blank, file, bench) is a new
    /// one, so an edit the Godot editor's history undoes after an open cannot touch the new level.
    document: u64,
    error: LastError,
}

#[godot_api]
impl INode for LevelEditor {
    fn init(base: Base<Node>) -> Self {
        LevelEditor {
            base,
            model: EditedLevel::blank(6, 8),
            live: LiveVerdict::default(),
            daily: JsonJob::default(),
            document: 0,
            error: LastError::default(),
        }
    }

    fn process(&mut self, _delta: f64) {
        self.poll();
    }
}

#[godot_api]
impl LevelEditor {
    /// The verdict of the level as it stands (see `screwsmith_editor::Verdict` for the keys).
    #[signal]
    fn verdict(verdict: VarDictionary);
    /// The level changed (an edit, undo, redo or load).
    #[signal]
    fn level_changed();
    /// The Daily Bench `open_daily` asked for: `{bench, date, machine, band, seed, proven, difficulty}`
    /// once its level is open, or `{error, cancelled}`.
    #[signal]
    fn daily_opened(result: VarDictionary);

    /// Starts a blank `width × height` level (history cleared).
    #[func]
    fn new_blank(&mut self, width: i64, height: i64) {
        crate::calls::count();
        let (w, h) = (width.clamp(1, 255) as u8, height.clamp(1, 255) as u8);
        self.open(EditedLevel::blank(w, h));
    }

    /// Opens a level: a one-level file, a bare level object, or one level of a level file (by its
    /// position, 0-based, for the shipped set and a day's bench). History cleared; not validated (the
    /// verdict says what is wrong). `false` on text that is not a level (see `last_error()`).
    #[func]
    fn load_json(&mut self, text: GString, index: i64) -> bool {
        crate::calls::count();
        let text = text.to_string();
        let loaded = editor::load_level_at(&text, Some(index.max(0) as usize));
        let Some(level) = self.error.keep(loaded) else {
            return false;
        };
        self.open(EditedLevel::new(level));
        true
    }

    /// Generates the Daily Bench of `date` ("YYYY-MM-DD"; "" = today UTC) on a thread and opens it
    /// when it is made (`daily_opened`; history cleared). `false` for a bad date or while one is being
    /// made (see `last_error()`).
    #[func]
    fn open_daily(&mut self, date: GString) -> bool {
        crate::calls::count();
        let started = daily::prepare(&date.to_string())
            .and_then(|work| self.daily.start("screwsmith-editor-daily", work));
        self.error.keep(started).is_some()
    }

    /// Whether a Daily Bench is being made for `open_daily`.
    #[func]
    fn is_opening_daily(&self) -> bool {
        crate::calls::count();
        self.daily.is_running()
    }

    /// The level as a one-level file (a level object of format 1), what `save` writes.
    #[func]
    fn level_json(&self) -> GString {
        crate::calls::count();
        GString::from(editor::one_level_file(self.model.level()).as_str())
    }

    /// The level as a Dictionary (the level file's keys), for drawing.
    #[func]
    fn level(&self) -> VarDictionary {
        crate::calls::count();
        match serde_json::to_value(self.model.level()) {
            Ok(serde_json::Value::Object(o)) => convert::json_object(&o),
            _ => VarDictionary::new(),
        }
    }

    /// The crate queue as it will be played, first crate first (palette colours): the explicit one, or
    /// the one the seed shuffles; for the queue list (a drag sends a `move_crate` edit).
    #[func]
    fn crate_queue(&self) -> PackedInt32Array {
        crate::calls::count();
        screwsmith_rules::sim::crate_queue(self.model.level())
            .iter()
            .map(|&c| i32::from(c))
            .collect()
    }

    /// The lock and bomb marks the canvas draws: `[{screw, locked_by, unlocks, bomb}]` for every screw
    /// that is locked (`locked_by`: its key screw), holds keys (`unlocks`: the screws it locks) or
    /// carries a bomb (`bomb`: its count); `locked_by` and `bomb` are null when absent.
    #[func]
    fn screw_marks(&self) -> VarArray {
        crate::calls::count();
        editor::screw_marks(self.model.level())
            .iter()
            .map(|m| convert::json(&serde_json::to_value(m).unwrap_or_default()))
            .collect()
    }

    /// What the last edit changed besides what it asked for, one line each: the locks it cleared
    /// because it deleted their key screw. Empty when nothing else changed (and after an undo, which
    /// puts the whole level back).
    #[func]
    fn edit_notes(&self) -> PackedStringArray {
        crate::calls::count();
        self.model
            .opened_locks()
            .iter()
            .map(|o| GString::from(o.to_string().as_str()))
            .collect()
    }

    /// `{max_moves, max_bombs}`: the largest count a bomb may start at, and the most bombs in a level
    /// (the level file's limits), for the bomb field's range.
    #[func]
    fn bomb_limits(&self) -> VarDictionary {
        crate::calls::count();
        use screwsmith_rules::level::validate::{MAX_BOMBS, MAX_BOMB_MOVES};
        vdict! {
            "max_moves" => i64::from(MAX_BOMB_MOVES),
            "max_bombs" => MAX_BOMBS as i64,
        }
    }

    /// Applies one edit (JSON) without recording it; returns the edit that undoes it (JSON), or "" when
    /// the edit is refused (the level is unchanged; see `last_error()`).
    #[func]
    fn apply(&mut self, edit_json: GString) -> GString {
        crate::calls::count();
        self.apply_edit(&edit_json)
    }

    /// The number of the level document open now (a new one at every open; see `apply_in`).
    #[func]
    fn document(&self) -> i64 {
        crate::calls::count();
        self.document as i64
    }

    /// `apply` for an edit made on document `document`: refused (""; see `last_error()`) when another
    /// level has been opened since, so the Godot editor's history never applies one level's edit to
    /// another.
    #[func]
    fn apply_in(&mut self, document: i64, edit_json: GString) -> GString {
        crate::calls::count();
        let open = editor::same_document(document.max(0) as u64, self.document);
        if self.error.keep(open).is_none() {
            return GString::new();
        }
        self.apply_edit(&edit_json)
    }

    /// Applies one edit and records it in the level's own history. `false` when refused.
    #[func]
    fn edit(&mut self, edit_json: GString) -> bool {
        crate::calls::count();
        let done = Edit::from_json(&edit_json.to_string()).and_then(|e| self.model.edit(&e));
        self.record(done)
    }

    /// Takes back the last recorded edit. `false` when there is none.
    #[func]
    fn undo(&mut self) -> bool {
        crate::calls::count();
        let done = self.model.undo();
        self.record(done)
    }

    /// Applies again the last edit undone. `false` when there is none.
    #[func]
    fn redo(&mut self) -> bool {
        crate::calls::count();
        let done = self.model.redo();
        self.record(done)
    }

    /// Saves the level as `<dir>/<name>.json` (atomically), with the measure and help copy of its
    /// verdict when that has arrived; returns the path, or "" (see `last_error()`).
    #[func]
    fn save(&mut self, dir: GString, name: GString) -> GString {
        crate::calls::count();
        let dir = std::path::PathBuf::from(dir.to_string());
        let level = self.live.measured(self.model.level());
        let saved = editor::save_custom(&dir, &name.to_string(), &level);
        match self.error.keep(saved) {
            Some(path) => GString::from(path.to_string_lossy().as_ref()),
            None => GString::new(),
        }
    }

    /// Whether a verdict is being worked out.
    #[func]
    fn is_measuring(&self) -> bool {
        crate::calls::count();
        self.live.is_running()
    }

    /// Emits `verdict` if the latest one is ready (and opens a Daily Bench that is made); never
    /// blocks. Called from `_process` in the tree.
    #[func]
    fn poll(&mut self) {
        crate::calls::count();
        self.poll_daily();
        if let Some(result) = self.live.poll() {
            let dict = match result {
                Ok(v) => match v.to_json() {
                    serde_json::Value::Object(o) => convert::json_object(&o),
                    _ => VarDictionary::new(),
                },
                Err(message) => {
                    godot_error!("LevelEditor verdict failed: {message}");
                    vdict! { "error" => &GString::from(message.as_str()) }
                }
            };
            self.signals().verdict().emit(&dict);
        }
    }

    /// The screws a plate of a higher layer covers, the level at rest (the canvas dims them).
    #[func]
    fn covered_screws(&self) -> PackedInt32Array {
        crate::calls::count();
        editor::covered_screws(self.model.level())
            .into_iter()
            .map(i32::from)
            .collect()
    }

    /// The palette colours a level may use, as the game ships them (the panel's swatches).
    #[func]
    fn shipped_colours(&self) -> PackedInt32Array {
        crate::calls::count();
        editor::shipped_colours()
            .iter()
            .map(|&c| i32::from(c))
            .collect()
    }

    /// Why the last call was refused; "" after a call that succeeded.
    #[func]
    fn last_error(&self) -> GString {
        crate::calls::count();
        self.error.get()
    }
}

impl LevelEditor {
    /// One edit applied, its inverse returned as JSON ("" when refused).
    fn apply_edit(&mut self, edit_json: &GString) -> GString {
        let applied = Edit::from_json(&edit_json.to_string()).and_then(|e| self.model.apply(&e));
        match self.error.keep(applied) {
            Some(inverse) => {
                self.changed();
                GString::from(serde_json::to_string(&inverse).unwrap_or_default().as_str())
            }
            None => GString::new(),
        }
    }

    /// A newly opened level: a new document, its verdict started.
    fn open(&mut self, model: EditedLevel) {
        self.model = model;
        self.document += 1;
        self.changed();
    }

    /// A change happened: tell the view, and start the verdict of the new level (cancelling a stale one).
    fn changed(&mut self) {
        let started = self.live.request(self.model.level());
        self.error.check("LevelEditor.verdict", started);
        self.signals().level_changed().emit();
    }

    /// Opens the Daily Bench `open_daily` started, once it is made.
    fn poll_daily(&mut self) {
        let Poll::Finished(outcome) = self.daily.poll() else {
            return;
        };
        let mut result = match outcome {
            JobOutcome::Done(serde_json::Value::Object(o)) => o,
            JobOutcome::Done(_) => serde_json::Map::new(),
            JobOutcome::Failed(message) => {
                let mut o = serde_json::Map::new();
                o.insert("error".into(), message.into());
                o
            }
        };
        if let Some(serde_json::Value::String(text)) = result.remove("level_json") {
            match editor::load_level_text(&text) {
                Ok(level) => self.open(EditedLevel::new(level)),
                Err(e) => {
                    result.insert("error".into(), e.to_string().into());
                }
            }
        }
        let dict = convert::json_object(&result);
        self.signals().daily_opened().emit(&dict);
    }

    fn record(&mut self, done: Result<(), editor::EditError>) -> bool {
        let ok = self.error.keep(done).is_some();
        if ok {
            self.changed();
        }
        ok
    }
}
