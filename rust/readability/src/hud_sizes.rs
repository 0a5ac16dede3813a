//! The HUD against the thumb: how large the crates, the rail's places, the tool buttons and the board's
//! other buttons (pause, restart) are on one device, and the floors they must reach. The crates and the
//! rail are what a player reads every tap; the tools are touched. [`HUD_LAYOUT`] holds the HUD's other
//! sizes (gaps, the pause sheet's rows, the cards' widths), so no board or HUD script defines a size. The sizes come from the camera model's [`Hud`](crate::camera::Hud) — the layout the
//! board scene builds — and the engine's HUD test measures the same floors in the rendered scene.

use serde::Serialize;

use super::camera::{Camera, CameraParams, PLACE_GAP_BASE};
use super::devices::Device;

/// An active crate spans at least 24 % of a phone's width (its three holes must read at a glance).
pub const MIN_CRATE_FRACTION: f64 = 0.24;
/// A rail place spans at least 12 % of a phone's width.
pub const MIN_PLACE_FRACTION: f64 = 0.12;
/// A tool button is at least 48 dp (pt on iOS) on every device: Material's touch target, above Apple's 44.
pub const MIN_TOOL_POINTS: f64 = 48.0;
/// A screen this tall for its width (height / width) is a phone; below, a tablet. On a tablet the width
/// fractions would ask for crates a hand wide: there the floors are the phone's sizes in dp instead
/// ([`MIN_CRATE_FRACTION`] and [`MIN_PLACE_FRACTION`] of a 360-dp phone).
pub const PHONE_MIN_ASPECT: f64 = 1.6;
/// The phone the tablet floors are taken from, in dp.
pub const PHONE_DP_WIDTH: f64 = 360.0;

/// The HUD's sizes that do not depend on the screen, in canvas pixels (the project's 720 × 1280 base,
/// which Godot's `canvas_items` stretch scales to the window): what the camera model does not size
/// itself. `ReadabilityAudit.hud_layout()` hands them to the board's scripts.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct HudLayout {
    /// The rail tray's rim around its places: the gap the camera model leaves between places.
    pub tray_pad: f64,
    /// The gap between two tools on a phone (tools under the rail), so their names have room.
    pub tool_gap_phone: f64,
    /// One upcoming crate in the queue row (it only shows the colour order).
    pub queue_crate_width: f64,
    pub queue_crate_height: f64,
    /// The pause sheet's width and the height of each of its rows (a thumb-sized switch or button).
    pub sheet_width: f64,
    pub sheet_row: f64,
    /// A mechanic's intro card: its width, the margin its picture and text keep inside it, the
    /// picture's height.
    pub card_width: f64,
    pub card_inset: f64,
    pub card_art_height: f64,
    /// The hint banner's gap above the HUD's bottom band.
    pub banner_gap: f64,
    /// How far the onboarding pointer bobs.
    pub pointer_bob: f64,
    /// The smallest font a tool's caption may shrink to (the engine test checks every language fits).
    pub caption_min_font: f64,
}

/// The one set of [`HudLayout`] sizes.
pub const HUD_LAYOUT: HudLayout = HudLayout {
    tray_pad: PLACE_GAP_BASE,
    tool_gap_phone: 24.0,
    queue_crate_width: 40.0,
    queue_crate_height: 26.0,
    sheet_width: 560.0,
    sheet_row: 96.0,
    card_width: 600.0,
    card_inset: 24.0,
    card_art_height: 200.0,
    banner_gap: 12.0,
    pointer_bob: 14.0,
    caption_min_font: 18.0,
};

/// The HUD's sizes on one device, in pixels, and the floors they must reach.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct HudSizes {
    pub crate_px: f64,
    pub place_px: f64,
    pub tool_px: f64,
    /// The pause button (it opens the sheet with resume, restart, settings and leave).
    pub pause_px: f64,
    pub restart_px: f64,
    /// The hint button, in the tool row.
    pub hint_px: f64,
    pub min_crate_px: f64,
    pub min_place_px: f64,
    pub min_tool_px: f64,
}

impl HudSizes {
    /// The camera model's HUD on `device` (any board: the HUD does not depend on it).
    pub fn of(params: &CameraParams, device: &Device) -> HudSizes {
        let cam = Camera::with_params(
            params,
            device.width as f64,
            device.height as f64,
            1,
            1,
            0,
            device.insets,
        );
        let hud = cam.hud;
        let floors = floors(device.width as f64, device.height as f64, device.scale);
        HudSizes {
            crate_px: hud.crate_width * hud.ui,
            place_px: hud.place * hud.ui,
            tool_px: hud.tool * hud.ui,
            // Both sit in the tool row at its size (camera::TOOL_ROW_BUTTONS).
            pause_px: hud.tool * hud.ui,
            restart_px: hud.tool * hud.ui,
            hint_px: hud.tool * hud.ui,
            ..floors
        }
    }

    /// What is below its floor, in words (empty when the HUD passes).
    pub fn failures(&self) -> Vec<String> {
        let mut out = Vec::new();
        for (what, px, floor) in [
            ("crate", self.crate_px, self.min_crate_px),
            ("rail place", self.place_px, self.min_place_px),
            ("tool button", self.tool_px, self.min_tool_px),
            ("pause button", self.pause_px, self.min_tool_px),
            ("restart button", self.restart_px, self.min_tool_px),
            ("hint button", self.hint_px, self.min_tool_px),
        ] {
            if px + 1e-9 < floor {
                out.push(format!("{what} {px:.1} px, floor {floor:.1} px"));
            }
        }
        out
    }
}

/// The floors in pixels on a `width × height` screen of `scale` pixels per dp / pt (the measured fields
/// are zero).
pub fn floors(width: f64, height: f64, scale: f64) -> HudSizes {
    let phone = height / width.max(1.0) >= PHONE_MIN_ASPECT;
    let reference = if phone { width } else { PHONE_DP_WIDTH * scale };
    HudSizes {
        crate_px: 0.0,
        place_px: 0.0,
        tool_px: 0.0,
        pause_px: 0.0,
        restart_px: 0.0,
        hint_px: 0.0,
        min_crate_px: MIN_CRATE_FRACTION * reference,
        min_place_px: MIN_PLACE_FRACTION * reference,
        min_tool_px: MIN_TOOL_POINTS * scale,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::camera::Insets;
    use crate::camera::{
        BAR_BASE, CRATE_GAP_BASE, CRATE_HEIGHT_BASE, HUD_BOTTOM_BASE, HUD_BOTTOM_WIDE_BASE,
        HUD_PAD_BASE, HUD_SIDE_BASE, HUD_TOP_BASE, HUD_TOP_WIDE_BASE, PLACE_GAP_BASE,
        QUEUE_ROW_BASE, TOOL_BASE, TOOL_ROW_BUTTONS, TRAY_BASE,
    };
    use crate::devices::devices;

    /// What in a layout breaks the canvas or the thumb: the pause sheet's rows are touched (each at
    /// least a tool button's floor), the sheet and the cards fit the narrowest canvas inside the HUD's
    /// side margins, and the tray's rim is the gap the camera model counts between places (else the
    /// rail would not fit the row it was sized for).
    fn layout_faults(l: &HudLayout) -> Vec<&'static str> {
        let room = crate::camera::BASE_WIDTH - 2.0 * HUD_SIDE_BASE;
        [
            (
                l.sheet_row < MIN_TOOL_POINTS,
                "sheet row under a tool's floor",
            ),
            (l.sheet_width > room, "sheet wider than the canvas"),
            (l.card_width > room, "card wider than the canvas"),
            (
                l.card_width <= 2.0 * l.card_inset,
                "card inset eats the card",
            ),
            (
                l.tray_pad != PLACE_GAP_BASE,
                "tray rim is not the camera's place gap",
            ),
        ]
        .into_iter()
        .filter_map(|(bad, what)| bad.then_some(what))
        .collect()
    }

    #[test]
    fn the_layout_fits_the_canvas_and_the_thumb() {
        assert_eq!(layout_faults(&HUD_LAYOUT), Vec::<&str>::new());
        let broken = HudLayout {
            sheet_row: 40.0,
            card_width: crate::camera::BASE_WIDTH,
            tray_pad: 4.0,
            ..HUD_LAYOUT
        };
        assert_eq!(
            layout_faults(&broken),
            [
                "sheet row under a tool's floor",
                "card wider than the canvas",
                "tray rim is not the camera's place gap"
            ]
        );
    }

    #[test]
    fn every_audited_device_passes_the_floors() {
        for device in devices() {
            let sizes = HudSizes::of(&CameraParams::default(), device);
            assert!(
                sizes.failures().is_empty(),
                "{}: {:?}",
                device.name,
                sizes.failures()
            );
        }
    }

    /// The switch that breaks it: the old HUD (crates of three 34-px squares, 34-px rail places, tools
    /// as a line of text) fails every phone.
    #[test]
    fn the_old_hud_fails() {
        let device = &devices()[0];
        let old = HudSizes {
            crate_px: 3.0 * 34.0 + 16.0,
            place_px: 34.0,
            tool_px: 40.0,
            pause_px: 52.0,
            restart_px: 52.0,
            hint_px: 52.0,
            ..floors(device.width as f64, device.height as f64, device.scale)
        };
        assert_eq!(old.failures().len(), 6, "{:?}", old.failures());
    }

    /// The switch that breaks it: a hint button the size of the queue row (a small button beside the
    /// upcoming crates) is below 48 dp on every audited device, and the audit names it.
    #[test]
    fn a_hint_button_in_the_queue_row_fails_every_device() {
        for device in devices() {
            let mut sizes = HudSizes::of(&CameraParams::default(), device);
            let ui = crate::camera::Hud::for_viewport(
                &CameraParams::default(),
                device.width as f64,
                device.height as f64,
            )
            .ui;
            sizes.hint_px = QUEUE_ROW_BASE * ui;
            let failures = sizes.failures();
            assert!(
                failures.len() == 1 && failures[0].starts_with("hint button"),
                "{}: {failures:?}",
                device.name
            );
        }
    }

    /// The switch that breaks it: the menu button in the 52-px title bar (where it sat before the tool row) is below
    /// 48 dp on every audited device, and the audit names it.
    #[test]
    fn a_pause_button_in_the_title_bar_fails_every_device() {
        for device in devices() {
            let mut sizes = HudSizes::of(&CameraParams::default(), device);
            let ui = sizes.tool_px / TOOL_BASE;
            sizes.pause_px = BAR_BASE * ui;
            let failures = sizes.failures();
            assert!(
                failures.len() == 1 && failures[0].starts_with("pause button"),
                "{}: {failures:?}",
                device.name
            );
        }
    }

    #[test]
    fn phones_use_width_fractions_and_tablets_the_phone_s_dp() {
        let phone = floors(1080.0, 2400.0, 2.625);
        assert_eq!(phone.min_crate_px, 0.24 * 1080.0);
        assert_eq!(phone.min_tool_px, 48.0 * 2.625);
        let tablet = floors(1620.0, 2160.0, 2.0);
        assert_eq!(tablet.min_place_px, 0.12 * 360.0 * 2.0);
    }

    /// The rows the scene builds fit the bands and the width on every device: three crates side by
    /// side; seven places in the tray (beside the two tools on a wide canvas).
    #[test]
    fn the_rows_fit_their_bands_and_the_width() {
        assert_eq!(
            HUD_TOP_BASE,
            4.0 * HUD_PAD_BASE + BAR_BASE + CRATE_HEIGHT_BASE + QUEUE_ROW_BASE
        );
        assert_eq!(HUD_BOTTOM_BASE, 3.0 * HUD_PAD_BASE + TRAY_BASE + TOOL_BASE);
        assert_eq!(
            HUD_TOP_WIDE_BASE,
            HUD_TOP_BASE - QUEUE_ROW_BASE - HUD_PAD_BASE
        );
        // The wide rail band holds the tools beside the tray.
        const { assert!(HUD_BOTTOM_WIDE_BASE >= 2.0 * HUD_PAD_BASE + TOOL_BASE) };
        for device in devices() {
            let cam = Camera::for_viewport(
                device.width as f64,
                device.height as f64,
                1,
                1,
                0,
                device.insets,
            );
            let hud = cam.hud;
            let base_w = device.width as f64 / hud.ui;
            let room = base_w - 2.0 * HUD_SIDE_BASE;
            assert!(
                3.0 * hud.crate_width + 2.0 * CRATE_GAP_BASE <= room,
                "{}",
                device.name
            );
            let tool_row = TOOL_ROW_BUTTONS * hud.tool + (TOOL_ROW_BUTTONS - 1.0) * HUD_PAD_BASE;
            assert!(tool_row <= room, "{}: tool row {tool_row}", device.name);
            let mut rail = 7.0 * hud.place + 8.0 * PLACE_GAP_BASE;
            if hud.wide {
                rail += TOOL_ROW_BUTTONS * (hud.tool + HUD_PAD_BASE) + HUD_PAD_BASE;
            }
            assert!(
                rail <= room + 1e-9,
                "{}: rail row {rail} > {room}",
                device.name
            );
        }
    }

    #[test]
    fn a_tablet_puts_the_tools_beside_the_rail() {
        let tablet = devices().iter().find(|d| d.width == 1620).expect("iPad");
        let cam = Camera::for_viewport(
            tablet.width as f64,
            tablet.height as f64,
            7,
            9,
            3,
            tablet.insets,
        );
        assert!(cam.hud.wide);
        assert_eq!(cam.hud.bottom, HUD_BOTTOM_WIDE_BASE);
        assert_eq!(cam.hud.top, HUD_TOP_WIDE_BASE);
        let phone = Camera::for_viewport(720.0, 1600.0, 7, 9, 3, Insets::default());
        assert!(!phone.hud.wide);
        assert_eq!(phone.hud.place, crate::camera::PLACE_BASE);
    }
}
