//! `SaveData.use_library(library)`: tells the save which boards the level numbers stand for, so a loss
//! count belongs to the board it was counted on (the rule is
//! `screwsmith_play::save::SaveData::use_boards`). Its own file: one call, made once after both are
//! loaded.

use godot::prelude::*;
use screwsmith_play::save::BoardKeys;

use crate::level_library::LevelLibrary;
use crate::save_data::SaveData;

#[godot_api(secondary)]
impl SaveData {
    /// Call once after `open()` with the loaded `LevelLibrary`; until then losses count per number.
    /// Past the baked set the keys follow the endless levels the library serves.
    #[func]
    fn use_library(&mut self, library: Gd<LevelLibrary>) {
        crate::calls::count();
        let bound = library.bind();
        let keys = bound
            .library
            .as_ref()
            .map(|set| BoardKeys::of(set).with_endless(bound.endless.keys()))
            .unwrap_or_default();
        self.data.use_boards(keys);
    }
}
