//! The one camera model: board → world → screen. The Godot board scene takes its camera and every size
//! from here (through `ReadabilityAudit.camera(...)` in the extension), so the audit measures what the
//! game draws.
//!
//! World: the board lies on the XZ plane, one cell = 1.0 unit; cell `(x, y)` of layer `l` has the centre of
//! its panel's top face at `(x + 0.5 - w/2, l * layer_height, y + 0.5 - h/2)`. A panel is a slab
//! `panel_thickness` thick under that face; a screw is a cylinder standing on it, `screw_height` tall,
//! and its tap collider has radius `screw_radius` (larger than the drawn head, the thumb's margin).
//!
//! Camera: perspective, looking straight down (-Y) with screen-up = -Z (row 0 at the top), vertical
//! field of view `fov_y_deg` and Godot's default keep-height aspect, so a narrow phone sees less
//! horizontally. The HUD takes a band at the top (crates) and one at the bottom (rail), below/above the
//! safe-area insets; their sizes follow Godot's `canvas_items` stretch with `expand` aspect over a
//! 720×1280 base (UI scale = min(w/720, h/1280)). The camera distance is the smallest at which the whole
//! board, up to the top of a screw on its highest layer, fits between the bands (with a margin), and the
//! camera is shifted so the board is centred in that free rectangle.

use serde::Serialize;

use super::devices::Device;
use super::marks::{MarkGeometry, MARK_RADIUS};
use screwsmith_rules::sim::rail::MAX_RAIL;
use screwsmith_rules::sim::CompiledLevel;

/// Vertical field of view. Narrow, so lower layers shrink only a little (a top-down puzzle, not a
/// diorama): with 40° the top layer of a 4-layer stack is about 5 % larger than the bottom one.
pub const FOV_Y_DEG: f64 = 40.0;
/// Height between layers' top faces.
pub const LAYER_HEIGHT: f64 = 0.4;
/// Panel slab thickness (under its top face).
pub const PANEL_THICKNESS: f64 = 0.1;
/// Screw cylinder height above its panel. Below `LAYER_HEIGHT - PANEL_THICKNESS`, so a covered screw
/// never pokes through the panel above it (tested).
pub const SCREW_HEIGHT: f64 = 0.22;
/// Tap collider radius (cells). 0.9 of a cell across: forgiving for thumbs, and neighbours on one layer
/// keep a 0.1-cell gap, so a tap between two screws is never ambiguous.
pub const SCREW_RADIUS: f64 = 0.45;
/// Radius of the drawn screw head, inside the collider.
pub const HEAD_RADIUS: f64 = 0.34;
/// A covered screw is drawn as a flat head this tall, lying [`COVERED_CLEARANCE`] above the top face of
/// the plate it is seen through: seen from above it reads as the screw under that plate (dimmed,
/// without a shadow or a standing head), and it is depth-tested like everything else, so it costs an
/// opaque disc, not a translucent plate.
pub const COVERED_HEIGHT: f64 = 0.026;
/// The gap between a covered screw's flat head and the plate face under it (clear of the plate's hole
/// decals, 0.004 above its face).
pub const COVERED_CLEARANCE: f64 = 0.006;
/// How far below its layer a plate lies for each screw of another plate on its layer that lies in its
/// cells (`parts()`'s `beneath`): a hanging plate may swing over a plate of its own layer, which it
/// does not cover, and in one plane the two would be drawn in an arbitrary order. Far under the gap to
/// the layer below (a standing screw there tops out `LAYER_HEIGHT - SCREW_HEIGHT` under this face).
pub const SAME_LAYER_SINK: f64 = 0.02;
/// The most steps of [`SAME_LAYER_SINK`] a plate sinks (`beneath` counts at most this many screws).
pub const SAME_LAYER_SINK_STEPS: u8 = 3;
/// A covered screw's flat head is this fraction of a standing head's radius: smaller, slotless and
/// without a shadow, it reads as under the plate without its colour (the purples' bright and dimmed
/// forms are close in lightness).
pub const COVERED_SCALE: f64 = 0.8;
/// Godot's stretch base size (portrait); HUD sizes below are in these base pixels.
pub const BASE_WIDTH: f64 = 720.0;
pub const BASE_HEIGHT: f64 = 1280.0;
/// The HUD, piece by piece, in base pixels (the 720-wide canvas), sized for the thumb on the smallest
/// audited phone (720×1600 at 2 px/dp, where one base pixel is half a dp). The scene builds exactly these
/// rows (godot_project/scripts/board/hud.gd sizes its controls from [`Hud`]); the band heights below are
/// their sums, so the board is fitted into what the HUD really leaves.
///
/// Padding above, between and below the HUD's rows.
pub const HUD_PAD_BASE: f64 = 8.0;
/// Free space on the left and right of the HUD rows.
pub const HUD_SIDE_BASE: f64 = 16.0;
/// The title bar: level title and move counter (text only: its 52 base px are 26 dp on the smallest
/// phone, too small for a button, so the bar's buttons moved into the tool row).
pub const BAR_BASE: f64 = 52.0;
/// An active crate: a box with its three holes. 176 of 720 = 24.4 % of a phone's width.
pub const CRATE_WIDTH_BASE: f64 = 176.0;
pub const CRATE_HEIGHT_BASE: f64 = 88.0;
/// Space between two crates.
pub const CRATE_GAP_BASE: f64 = 16.0;
/// The queue row: "Next" and the upcoming crates, small.
pub const QUEUE_ROW_BASE: f64 = 32.0;
/// A rail place (square). 88 of 720 = 12.2 % of a phone's width.
pub const PLACE_BASE: f64 = 88.0;
/// Space between two rail places, and the tray's rim around them.
pub const PLACE_GAP_BASE: f64 = 8.0;
/// A tool button (square): 96 base px = 48 dp on the 720×1600 phone, more everywhere else.
pub const TOOL_BASE: f64 = 96.0;
/// The buttons of the tool row, all squares of the tool size: pause, restart, hint, screwdriver, wrench.
/// Pause and restart sit there (not in the title bar) so every button the board has is a 48-dp target.
pub const TOOL_ROW_BUTTONS: f64 = 5.0;
/// A tool button on a wide canvas, where the tool row shares the rail's row: five [`TOOL_BASE`] squares
/// there would leave the tablet's rail places under their floor; on a wide canvas one base pixel is
/// at least 0.84 dp, so 80 base px stay above 48 dp (the HUD sizes audit checks every device).
pub const TOOL_WIDE_BASE: f64 = 80.0;
/// A canvas at least this wide (in base pixels: a tablet, a landscape window) puts the tools beside the
/// rail and the queue beside the crates instead of under them, so each band loses a row and the board
/// keeps its size on a screen that is short for its width.
pub const WIDE_MIN_BASE_WIDTH: f64 = 850.0;
/// The rail tray: a place and its rim above and below.
pub const TRAY_BASE: f64 = PLACE_BASE + 2.0 * PLACE_GAP_BASE;
/// Crates band: title bar, crates, queue row, each with its padding.
pub const HUD_TOP_BASE: f64 = HUD_PAD_BASE
    + BAR_BASE
    + HUD_PAD_BASE
    + CRATE_HEIGHT_BASE
    + HUD_PAD_BASE
    + QUEUE_ROW_BASE
    + HUD_PAD_BASE;
/// Crates band on a wide canvas: the queue sits beside the crates.
pub const HUD_TOP_WIDE_BASE: f64 =
    HUD_PAD_BASE + BAR_BASE + HUD_PAD_BASE + CRATE_HEIGHT_BASE + HUD_PAD_BASE;
/// Rail band on a phone: the rail tray, and the tool buttons under it.
pub const HUD_BOTTOM_BASE: f64 = HUD_PAD_BASE + TRAY_BASE + HUD_PAD_BASE + TOOL_BASE + HUD_PAD_BASE;
/// Rail band on a wide canvas: tray and tools side by side.
pub const HUD_BOTTOM_WIDE_BASE: f64 = HUD_PAD_BASE + TRAY_BASE + HUD_PAD_BASE;
/// Free space kept between the board and the HUD bands or the screen sides.
pub const MARGIN_BASE: f64 = 12.0;

/// Safe-area insets in pixels.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, serde::Deserialize)]
pub struct Insets {
    pub top: f64,
    pub bottom: f64,
    pub left: f64,
    pub right: f64,
}

/// A world point.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize)]
pub struct Vec3 {
    pub x: f64,
    pub y: f64,
    pub z: f64,
}

impl Vec3 {
    pub const fn new(x: f64, y: f64, z: f64) -> Self {
        Vec3 { x, y, z }
    }
}

/// A circle in screen pixels (y downward).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct ScreenCircle {
    pub x: f64,
    pub y: f64,
    pub r: f64,
}

/// The sizes the camera model is built from. [`CameraParams::default`] is what ships; the audit's bug
/// switches change a field to prove the audit catches the result.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct CameraParams {
    pub fov_y_deg: f64,
    pub layer_height: f64,
    pub panel_thickness: f64,
    pub screw_height: f64,
    pub screw_radius: f64,
    pub head_radius: f64,
    pub hud_top_base: f64,
    pub hud_bottom_base: f64,
    pub hud_top_wide_base: f64,
    pub hud_bottom_wide_base: f64,
    pub margin_base: f64,
    /// The lock, key and bomb badges' radius (cells; `marks::MARK_RADIUS`): the mark audit's size
    /// switch shrinks it.
    pub mark_radius: f64,
    /// Whether the board is fitted between the HUD bands (true) or to the whole safe area (the bug
    /// a scene has when it forgets the HUD).
    pub fit_between_hud: bool,
}

impl Default for CameraParams {
    fn default() -> Self {
        CameraParams {
            fov_y_deg: FOV_Y_DEG,
            layer_height: LAYER_HEIGHT,
            panel_thickness: PANEL_THICKNESS,
            screw_height: SCREW_HEIGHT,
            screw_radius: SCREW_RADIUS,
            head_radius: HEAD_RADIUS,
            hud_top_base: HUD_TOP_BASE,
            hud_bottom_base: HUD_BOTTOM_BASE,
            hud_top_wide_base: HUD_TOP_WIDE_BASE,
            hud_bottom_wide_base: HUD_BOTTOM_WIDE_BASE,
            margin_base: MARGIN_BASE,
            mark_radius: MARK_RADIUS,
            fit_between_hud: true,
        }
    }
}

/// The free rectangle for the board, in pixels.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Rect {
    pub left: f64,
    pub top: f64,
    pub right: f64,
    pub bottom: f64,
}

/// The HUD's layout for one viewport, in base pixels (multiply by `ui` for viewport pixels): what the
/// board scene builds and what the HUD tests measure.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Hud {
    /// Viewport pixels per base pixel (Godot's `canvas_items` stretch, `expand` aspect).
    pub ui: f64,
    /// Tools beside the rail and the queue beside the crates (a wide canvas) instead of under them.
    pub wide: bool,
    pub crate_width: f64,
    pub crate_height: f64,
    /// A rail place's side: [`PLACE_BASE`], or less when seven places and the tools must share a row.
    pub place: f64,
    pub tool: f64,
    /// Crates band and rail band heights, without safe-area insets.
    pub top: f64,
    pub bottom: f64,
}

impl Hud {
    /// The layout for a `viewport_w × viewport_h` viewport with the band heights of `p`.
    pub fn for_viewport(p: &CameraParams, viewport_w: f64, viewport_h: f64) -> Hud {
        let ui = (viewport_w.max(1.0) / BASE_WIDTH).min(viewport_h.max(1.0) / BASE_HEIGHT);
        let base_w = viewport_w.max(1.0) / ui;
        let wide = base_w >= WIDE_MIN_BASE_WIDTH;
        // The row the rail shares: the tray's rim, the gaps between the largest rail's places, and on a
        // wide canvas the two tools and their gaps.
        // The tools' row as the scene lays it beside the tray: the buttons HUD_PAD_BASE apart, and
        // two pads between the tray and the first.
        let tools = if wide {
            TOOL_ROW_BUTTONS * (TOOL_WIDE_BASE + HUD_PAD_BASE) + HUD_PAD_BASE
        } else {
            0.0
        };
        let rail = MAX_RAIL as f64;
        let room = base_w - 2.0 * HUD_SIDE_BASE - tools - (rail + 1.0) * PLACE_GAP_BASE;
        Hud {
            ui,
            wide,
            crate_width: CRATE_WIDTH_BASE,
            crate_height: CRATE_HEIGHT_BASE,
            place: PLACE_BASE.min(room / rail),
            tool: if wide { TOOL_WIDE_BASE } else { TOOL_BASE },
            top: if wide {
                p.hud_top_wide_base
            } else {
                p.hud_top_base
            },
            bottom: if wide {
                p.hud_bottom_wide_base
            } else {
                p.hud_bottom_base
            },
        }
    }
}

/// A camera for one viewport and one board: what the Godot scene sets on its `Camera3D`, plus what the
/// audit needs to project.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Camera {
    pub viewport_w: f64,
    pub viewport_h: f64,
    pub board_w: u8,
    pub board_h: u8,
    pub fov_y_deg: f64,
    pub position: Vec3,
    pub target: Vec3,
    /// Screen-up in the world: -Z.
    pub up: Vec3,
    pub layer_height: f64,
    pub panel_thickness: f64,
    pub screw_radius: f64,
    pub screw_height: f64,
    pub head_radius: f64,
    /// The lock, key and bomb badges (world units, like the head).
    pub marks: MarkGeometry,
    /// Pixels from the top edge the crates band reaches down to (safe-area inset included).
    pub hud_top_px: f64,
    /// Pixels from the bottom edge the rail band reaches up to (safe-area inset included).
    pub hud_bottom_px: f64,
    pub insets: Insets,
    /// The HUD those bands hold.
    pub hud: Hud,
    /// Focal length in pixels (keep-height: from the vertical FOV and the viewport height).
    pub focal_px: f64,
}

impl Camera {
    /// The shipped camera for a viewport and a board whose highest layer is `max_layer`.
    pub fn for_viewport(
        viewport_w: f64,
        viewport_h: f64,
        board_w: u8,
        board_h: u8,
        max_layer: u8,
        insets: Insets,
    ) -> Camera {
        Camera::with_params(
            &CameraParams::default(),
            viewport_w,
            viewport_h,
            board_w,
            board_h,
            max_layer,
            insets,
        )
    }

    /// A camera built from explicit sizes (the audit's bug switches).
    pub fn with_params(
        p: &CameraParams,
        viewport_w: f64,
        viewport_h: f64,
        board_w: u8,
        board_h: u8,
        max_layer: u8,
        insets: Insets,
    ) -> Camera {
        let (w, h) = (viewport_w.max(1.0), viewport_h.max(1.0));
        let hud = Hud::for_viewport(p, w, h);
        let ui = hud.ui;
        let hud_top_px = insets.top + hud.top * ui;
        let hud_bottom_px = insets.bottom + hud.bottom * ui;
        let margin = p.margin_base * ui;
        let (band_top, band_bottom) = if p.fit_between_hud {
            (hud_top_px, hud_bottom_px)
        } else {
            (insets.top, insets.bottom)
        };
        let free = Rect {
            left: insets.left + margin,
            top: band_top + margin,
            right: w - insets.right - margin,
            bottom: h - band_bottom - margin,
        };
        let avail_w = (free.right - free.left).max(1.0);
        let avail_h = (free.bottom - free.top).max(1.0);
        let focal_px = (h / 2.0) / (p.fov_y_deg.to_radians() / 2.0).tan();
        // The nearest thing to the camera is the top of a screw on the highest layer.
        let top = max_layer as f64 * p.layer_height + p.screw_height;
        let (bw, bh) = (board_w.max(1) as f64, board_h.max(1) as f64);
        let depth_top = focal_px * (bw / avail_w).max(bh / avail_h);
        let distance = top + depth_top;
        // Shift the camera so the board's centre at the top height lands on the free rectangle's centre.
        let (cx_px, cy_px) = (
            (free.left + free.right) / 2.0,
            (free.top + free.bottom) / 2.0,
        );
        let cam_x = -(cx_px - w / 2.0) * depth_top / focal_px;
        let cam_z = -(cy_px - h / 2.0) * depth_top / focal_px;
        Camera {
            viewport_w: w,
            viewport_h: h,
            board_w,
            board_h,
            fov_y_deg: p.fov_y_deg,
            position: Vec3::new(cam_x, distance, cam_z),
            target: Vec3::new(cam_x, 0.0, cam_z),
            up: Vec3::new(0.0, 0.0, -1.0),
            layer_height: p.layer_height,
            panel_thickness: p.panel_thickness,
            screw_radius: p.screw_radius,
            screw_height: p.screw_height,
            head_radius: p.head_radius,
            marks: MarkGeometry::of(p),
            hud_top_px,
            hud_bottom_px,
            insets,
            hud,
            focal_px,
        }
    }

    /// The camera a device gets for a level (its board size and highest layer).
    pub fn for_level(params: &CameraParams, level: &CompiledLevel, device: &Device) -> Camera {
        Camera::with_params(
            params,
            device.width as f64,
            device.height as f64,
            level.data().width,
            level.data().height,
            level.max_layer(),
            device.insets,
        )
    }

    /// Centre of the top face of cell `(x, y)` on `layer`.
    pub fn cell_to_world(&self, x: u8, y: u8, layer: u8) -> Vec3 {
        cell_to_world(x, y, layer, self.board_w, self.board_h, self.layer_height)
    }

    /// Screen pixel `(x, y)` of a world point, and its depth along the view axis. `None` for points at
    /// or behind the camera plane.
    pub fn world_to_screen(&self, p: Vec3) -> Option<(f64, f64, f64)> {
        let depth = self.position.y - p.y;
        if depth <= 1e-9 {
            return None;
        }
        let k = self.focal_px / depth;
        Some((
            self.viewport_w / 2.0 + (p.x - self.position.x) * k,
            self.viewport_h / 2.0 + (p.z - self.position.z) * k,
            depth,
        ))
    }

    /// Pixels per world unit at a height.
    pub fn scale_at(&self, y: f64) -> f64 {
        self.focal_px / (self.position.y - y).max(1e-9)
    }

    /// The tap collider of a screw in cell `(x, y)` on `layer`, on screen. The collider is a vertical
    /// cylinder; seen from straight above, its top disc is an exact circle and the part the raycast
    /// hits first, so that disc is what the audit measures.
    pub fn screw_circle(&self, x: u8, y: u8, layer: u8) -> ScreenCircle {
        self.disc(x, y, layer, self.screw_radius)
    }

    /// The drawn head (for pictures).
    pub fn head_circle(&self, x: u8, y: u8, layer: u8) -> ScreenCircle {
        self.disc(x, y, layer, self.head_radius)
    }

    /// The screen circle of a covered screw's flat head at cell `(x, y)`, drawn on the plate of layer
    /// `cover` (the plate it is seen through).
    pub fn covered_head_circle(&self, x: u8, y: u8, cover: u8) -> ScreenCircle {
        let mut c = self.cell_to_world(x, y, cover);
        c.y += COVERED_CLEARANCE + COVERED_HEIGHT;
        let (sx, sy, _) = self.world_to_screen(c).unwrap_or((0.0, 0.0, 0.0));
        ScreenCircle {
            x: sx,
            y: sy,
            r: self.head_radius * COVERED_SCALE * self.scale_at(c.y),
        }
    }

    fn disc(&self, x: u8, y: u8, layer: u8, radius: f64) -> ScreenCircle {
        let mut c = self.cell_to_world(x, y, layer);
        c.y += self.screw_height;
        let (sx, sy, _) = self.world_to_screen(c).unwrap_or((0.0, 0.0, 0.0));
        ScreenCircle {
            x: sx,
            y: sy,
            r: radius * self.scale_at(c.y),
        }
    }

    /// The screen rectangle of cell `(x, y)`'s top face on `layer`.
    pub fn cell_rect(&self, x: u8, y: u8, layer: u8) -> Rect {
        let c = self.cell_to_world(x, y, layer);
        let k = self.scale_at(c.y);
        let (sx, sy, _) = self.world_to_screen(c).unwrap_or((0.0, 0.0, 0.0));
        Rect {
            left: sx - 0.5 * k,
            top: sy - 0.5 * k,
            right: sx + 0.5 * k,
            bottom: sy + 0.5 * k,
        }
    }

    /// Where screws may be tapped: the safe area minus the HUD bands.
    pub fn tappable_area(&self) -> Rect {
        Rect {
            left: self.insets.left,
            top: self.hud_top_px,
            right: self.viewport_w - self.insets.right,
            bottom: self.viewport_h - self.hud_bottom_px,
        }
    }
}

/// Centre of the top face of cell `(x, y)` on `layer` of a `board_w × board_h` board (the world
/// convention of `docs/godot-api.md`).
pub fn cell_to_world(x: u8, y: u8, layer: u8, board_w: u8, board_h: u8, layer_height: f64) -> Vec3 {
    Vec3::new(
        x as f64 + 0.5 - board_w as f64 / 2.0,
        layer as f64 * layer_height,
        y as f64 + 0.5 - board_h as f64 / 2.0,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn phone() -> Camera {
        Camera::for_viewport(
            1080.0,
            2400.0,
            7,
            10,
            3,
            Insets {
                top: 95.0,
                bottom: 63.0,
                ..Default::default()
            },
        )
    }

    #[test]
    fn covered_screws_never_poke_through_the_panel_above() {
        let p = CameraParams::default();
        assert!(p.screw_height < p.layer_height - p.panel_thickness);
        assert!(p.head_radius < p.screw_radius && p.screw_radius < 0.5);
    }

    #[test]
    fn a_sunk_plate_stays_clear_of_the_layer_below() {
        // Sunk its most, a plate's face stays over the standing screws and the covered heads (lying
        // on that face) of the layer under it, and its underside over that layer's face.
        let p = CameraParams::default();
        let sink = SAME_LAYER_SINK * f64::from(SAME_LAYER_SINK_STEPS);
        assert!(sink > 0.0);
        assert!(p.layer_height - sink > p.screw_height);
        assert!(p.layer_height - sink - p.panel_thickness > COVERED_CLEARANCE + COVERED_HEIGHT);
    }

    #[test]
    fn world_convention_matches_the_api_contract() {
        let c = cell_to_world(0, 0, 2, 7, 10, LAYER_HEIGHT);
        assert_eq!(c, Vec3::new(-3.0, 0.8, -4.5));
        let cam = phone();
        // Row 0 is at the top of the screen, column 0 on the left.
        let a = cam.screw_circle(0, 0, 0);
        let b = cam.screw_circle(6, 9, 0);
        assert!(a.x < b.x && a.y < b.y);
        assert_eq!(cam.up, Vec3::new(0.0, 0.0, -1.0));
        assert_eq!(cam.target.y, 0.0);
        assert_eq!(
            (cam.target.x, cam.target.z),
            (cam.position.x, cam.position.z)
        );
    }

    #[test]
    fn the_board_fits_between_the_hud_bands() {
        for (w, h) in [(720.0, 1600.0), (1080.0, 2400.0), (1620.0, 2160.0)] {
            for (bw, bh) in [(3, 3), (7, 10), (7, 4), (2, 10)] {
                let cam = Camera::for_viewport(w, h, bw, bh, 3, Insets::default());
                let area = cam.tappable_area();
                let top_left = cam.cell_rect(0, 0, 3);
                let bottom_right = cam.cell_rect(bw - 1, bh - 1, 3);
                let eps = 1e-6;
                assert!(top_left.left >= area.left - eps, "{w}x{h} {bw}x{bh}");
                assert!(top_left.top >= area.top - eps, "{w}x{h} {bw}x{bh}");
                assert!(
                    bottom_right.bottom <= area.bottom + eps,
                    "{w}x{h} {bw}x{bh}"
                );
                assert!(bottom_right.right <= area.right + eps, "{w}x{h} {bw}x{bh}");
                // The fit is tight on one axis: the board is as large as it can be.
                let (l, r) = (top_left.left, bottom_right.right);
                let (t, b) = (top_left.top, bottom_right.bottom);
                let ui = (w / BASE_WIDTH).min(h / BASE_HEIGHT);
                let slack_x = (area.right - area.left - 2.0 * MARGIN_BASE * ui) - (r - l);
                let slack_y = (area.bottom - area.top - 2.0 * MARGIN_BASE * ui) - (b - t);
                assert!(slack_x.min(slack_y) < 0.05 * w, "{w}x{h} {bw}x{bh}");
            }
        }
    }

    /// Keep-height: the same board on a narrower viewport of the same height looks smaller.
    #[test]
    fn narrow_phones_see_less_horizontally() {
        let wide = Camera::for_viewport(1290.0, 2796.0, 7, 8, 2, Insets::default());
        let narrow = Camera::for_viewport(1080.0, 2796.0, 7, 8, 2, Insets::default());
        assert_eq!(wide.focal_px, narrow.focal_px);
        assert!(narrow.position.y > wide.position.y);
    }

    #[test]
    fn lower_layers_look_smaller() {
        let cam = phone();
        let top = cam.screw_circle(3, 5, 3);
        let bottom = cam.screw_circle(3, 5, 0);
        assert!(top.r > bottom.r);
        assert!(top.r / bottom.r < 1.1, "a gentle perspective");
    }

    #[test]
    fn forgetting_the_hud_puts_the_board_under_it() {
        let p = CameraParams {
            fit_between_hud: false,
            ..Default::default()
        };
        let cam = Camera::with_params(&p, 1080.0, 2400.0, 3, 10, 1, Insets::default());
        assert!(cam.screw_circle(1, 0, 1).y < cam.hud_top_px);
    }
}
