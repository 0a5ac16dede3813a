//! `ReadabilityAudit.rail_looks()`: the rail tray's look for each warning a change's result names in
//! `rail_state` (`screwsmith_readability::rail_looks`, audited there), read once by the HUD.

use godot::prelude::*;
use screwsmith_readability::rail_looks::{RailLook, RailLooks};

use crate::readability_audit::ReadabilityAudit;

#[godot_api(secondary)]
impl ReadabilityAudit {
    /// `{safe, one_free, full}`, each `{tray: Color, rim: Color, rim_width: int}`.
    #[func]
    fn rail_looks(&self) -> VarDictionary {
        crate::calls::count();
        let [safe, one_free, full] = RailLooks::shipped().named().map(|(_, look)| row(look));
        vdict! { "safe" => &safe, "one_free" => &one_free, "full" => &full }
    }
}

fn row(look: RailLook) -> VarDictionary {
    let colour = |c: [u8; 3]| Color::from_rgba8(c[0], c[1], c[2], 255);
    vdict! {
        "tray" => colour(look.tray),
        "rim" => colour(look.rim),
        "rim_width" => i64::from(look.rim_width),
    }
}
