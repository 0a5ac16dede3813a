//! `LevelEditor.shipped_curve(levels_json)`: the shipped levels' curve the editor's verdict card plots
//! (`screwsmith_editor::curve`: each level's difficulty by number, the band steps, each band's mean
//! fail rate and competent win rate). Its own file: one call the card makes, once, with the text of
//! `levels/levels.json` (read through `FileAccess`, so it works in an exported project too).

use godot::prelude::*;
use screwsmith_editor as editor;

use crate::convert;
use crate::level_editor::LevelEditor;

#[godot_api(secondary)]
impl LevelEditor {
    /// `{points: [{number, band, target_band, difficulty, human_fail_rate, competent_win_rate}],
    /// bands: [{band, levels, mean_difficulty, mean_fail, mean_competent, target_score}], max_band,
    /// spike_max_fail, competent_floor}`, or `{error}` when the text is not a level file.
    #[func]
    fn shipped_curve(&self, levels_json: GString) -> VarDictionary {
        crate::calls::count();
        match editor::curve_of_text(&levels_json.to_string()).map(|c| c.to_json()) {
            Ok(serde_json::Value::Object(o)) => convert::json_object(&o),
            Ok(_) => VarDictionary::new(),
            Err(e) => {
                godot_error!("LevelEditor.shipped_curve: {e}");
                vdict! { "error" => &GString::from(e.to_string().as_str()) }
            }
        }
    }
}
