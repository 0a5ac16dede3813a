//! `LevelEditor` (Node): the Godot face of the level editor's core (`screwsmith_app::editor`). The
//! editor view sends edits as JSON (`{"op": "paint", ...}`), draws `level()`, and hears `verdict` after
//! each change; the verdict is worked out on a Rust thread (`LiveVerdict`, which cancels a stale run)
//! and delivered here, polled on the main thread, so no engine object is touched off it.
//!
//! Two histories: `apply` returns the inverse edit for the Godot editor's `EditorUndoRedoManager` (the
//! level's own history in the editor), and `edit`/`undo`/`redo` keep the core's history for a view with
//! no editor around it (headless tests).

use godot::prelude::*;
use screwsmith_app::editor::{self, Edit, EditedLevel, LiveVerdict};

use crate::convert;
use crate::last_error::LastError;

/// One level being edited, and its live verdict.
#[derive(GodotClass)]
#[class(tool, base = Node)]
pub struct LevelEditor {
    base: Base<Node>,
    model: EditedLevel,
    live: LiveVerdict,
    error: LastError,
}

#[godot_api]
impl INode for LevelEditor {
    fn init(base: Base<Node>) -> Self {
        LevelEditor {
            base,
            model: EditedLevel::blank(6, 8),
            live: LiveVerdict::default(),
            error: LastError::default(),
        }
    }

    fn process(&mut self, _delta: f64) {
        self.poll();
    }
}

#[godot_api]
impl LevelEditor {
    /// The verdict of the level as it stands (see `screwsmith_app::editor::Verdict` for the keys).
    #[signal]
    fn verdict(verdict: VarDictionary);
    /// The level changed (an edit, undo, redo or load).
    #[signal]
    fn level_changed();

    /// Starts a blank `width × height` level (history cleared).
    #[func]
    fn new_blank(&mut self, width: i64, height: i64) {
        crate::calls::count();
        let (w, h) = (width.clamp(1, 255) as u8, height.clamp(1, 255) as u8);
        self.model = EditedLevel::blank(w, h);
        self.changed();
    }

    /// Opens a level: a one-level file, a bare level object, or one level of a level file (by its
    /// position, 0-based, for the shipped set and a day's bench). History cleared; not validated (the
    /// verdict says what is wrong). `false` on text that is not a level (see `last_error()`).
    #[func]
    fn load_json(&mut self, text: GString, index: i64) -> bool {
        crate::calls::count();
        let text = text.to_string();
        let loaded = editor::load_level_at(&text, Some(index.max(0) as usize));
        let Some(level) = self.error.check("LevelEditor.load_json", loaded) else {
            return false;
        };
        self.model = EditedLevel::new(level);
        self.changed();
        true
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

    /// Applies one edit (JSON) without recording it; returns the edit that undoes it (JSON), or "" when
    /// the edit is refused (the level is unchanged; see `last_error()`).
    #[func]
    fn apply(&mut self, edit_json: GString) -> GString {
        crate::calls::count();
        let applied = Edit::from_json(&edit_json.to_string()).and_then(|e| self.model.apply(&e));
        match self.error.check("LevelEditor.apply", applied) {
            Some(inverse) => {
                self.changed();
                GString::from(serde_json::to_string(&inverse).unwrap_or_default().as_str())
            }
            None => GString::new(),
        }
    }

    /// Applies one edit and records it in the level's own history. `false` when refused.
    #[func]
    fn edit(&mut self, edit_json: GString) -> bool {
        crate::calls::count();
        let done = Edit::from_json(&edit_json.to_string()).and_then(|e| self.model.edit(&e));
        self.record("LevelEditor.edit", done)
    }

    /// Takes back the last recorded edit. `false` when there is none.
    #[func]
    fn undo(&mut self) -> bool {
        crate::calls::count();
        let done = self.model.undo();
        self.record("LevelEditor.undo", done)
    }

    /// Applies again the last edit undone. `false` when there is none.
    #[func]
    fn redo(&mut self) -> bool {
        crate::calls::count();
        let done = self.model.redo();
        self.record("LevelEditor.redo", done)
    }

    /// Saves the level as `<dir>/<name>.json` (atomically), with the measure and help copy of its
    /// verdict when that has arrived; returns the path, or "" (see `last_error()`).
    #[func]
    fn save(&mut self, dir: GString, name: GString) -> GString {
        crate::calls::count();
        let dir = std::path::PathBuf::from(dir.to_string());
        let level = self.live.measured(self.model.level());
        let saved = editor::save_custom(&dir, &name.to_string(), &level);
        match self.error.check("LevelEditor.save", saved) {
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

    /// Emits `verdict` if the latest one is ready; never blocks. Called from `_process` in the tree.
    #[func]
    fn poll(&mut self) {
        crate::calls::count();
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
            self.base_mut().emit_signal("verdict", &[dict.to_variant()]);
        }
    }

    /// Why the last call was refused; "" after a call that succeeded.
    #[func]
    fn last_error(&self) -> GString {
        crate::calls::count();
        self.error.get()
    }
}

impl LevelEditor {
    /// A change happened: tell the view, and start the verdict of the new level (cancelling a stale one).
    fn changed(&mut self) {
        let started = self.live.request(self.model.level());
        self.error.check("LevelEditor.verdict", started);
        self.base_mut().emit_signal("level_changed", &[]);
    }

    fn record(&mut self, class: &str, done: Result<(), editor::EditError>) -> bool {
        let ok = self.error.check(class, done).is_some();
        if ok {
            self.changed();
        }
        ok
    }
}
