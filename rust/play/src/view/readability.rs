//! The checked calls behind Godot's `ReadabilityAudit`: GDScript's ints narrowed to the board limits, then
//! the one camera model (`readability::camera`), the shipped palette, and the per-level audit at the
//! viewport size the game runs at.

use screwsmith_readability::camera::{
    cell_to_world as world_of, Camera, Insets, Vec3, LAYER_HEIGHT,
};
use screwsmith_readability::devices::{Device, Platform};
use screwsmith_readability::hud_sizes::{floors, HudSizes};
use screwsmith_readability::{audit_stored, AuditConfig};
use screwsmith_rules::cells::{MAX_HEIGHT, MAX_WIDTH};
use screwsmith_rules::level::parse_level;
use screwsmith_rules::level::validate::MAX_LAYERS;
use screwsmith_rules::sim::CompiledLevel;

use super::error::{narrow, ViewError};

/// Largest viewport side accepted (pixels): beyond any phone or tablet, and keeps the maths finite.
pub const MAX_VIEWPORT: u32 = 16_384;
/// dp width of the generic phone [`device_for`] assumes for a resolution not in the device list.
pub const GENERIC_DP_WIDTH: f64 = 360.0;

fn board(board_width: i64, board_height: i64) -> Result<(u8, u8), ViewError> {
    Ok((
        narrow("board width", board_width, 1, MAX_WIDTH)?,
        narrow("board height", board_height, 1, MAX_HEIGHT)?,
    ))
}

fn viewport(width: i64, height: i64) -> Result<(u32, u32), ViewError> {
    Ok((
        narrow("viewport width", width, 1, MAX_VIEWPORT)?,
        narrow("viewport height", height, 1, MAX_VIEWPORT)?,
    ))
}

/// The board scene's camera for a viewport (no safe-area insets: the project applies them to the HUD).
pub fn camera(
    viewport_w: i64,
    viewport_h: i64,
    board_width: i64,
    board_height: i64,
    max_layer: i64,
) -> Result<Camera, ViewError> {
    let board = (board_width, board_height, max_layer);
    camera_in_safe_area(viewport_w, viewport_h, None, board)
}

/// A rectangle in viewport pixels, as GDScript's `Rect2i` gives it (position and size).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PixelRect {
    pub x: i64,
    pub y: i64,
    pub width: i64,
    pub height: i64,
}

/// [`camera`] for a screen whose safe area (`DisplayServer.get_display_safe_area()` mapped to viewport
/// pixels) is `safe`: its insets are what the rectangle leaves at each edge, so the HUD bands start
/// inside it and the board fits between them (the insets the readability audit measures each device
/// with); `None` is the whole viewport. `board` is (board width, board height, max layer). Every
/// argument is checked first; then a rectangle that is empty or reaches outside the viewport is
/// refused ([`ViewError::SafeArea`]).
pub fn camera_in_safe_area(
    viewport_w: i64,
    viewport_h: i64,
    safe: Option<PixelRect>,
    board: (i64, i64, i64),
) -> Result<Camera, ViewError> {
    let (w, h) = viewport(viewport_w, viewport_h)?;
    let (bw, bh) = self::board(board.0, board.1)?;
    let layer = narrow("max layer", board.2, 0, MAX_LAYERS - 1)?;
    let insets = match safe {
        Some(safe) => insets_of(w, h, safe)?,
        None => Insets::default(),
    };
    Ok(Camera::for_viewport(
        w as f64, h as f64, bw, bh, layer, insets,
    ))
}

/// The insets a safe-area rectangle leaves at each edge of a `w × h` viewport.
fn insets_of(w: u32, h: u32, safe: PixelRect) -> Result<Insets, ViewError> {
    let (vw, vh) = (i64::from(w), i64::from(h));
    let (end_x, end_y) = (
        safe.x.saturating_add(safe.width),
        safe.y.saturating_add(safe.height),
    );
    if safe.width <= 0 || safe.height <= 0 || safe.x < 0 || safe.y < 0 || end_x > vw || end_y > vh {
        return Err(ViewError::SafeArea {
            x: safe.x,
            y: safe.y,
            width: safe.width,
            height: safe.height,
            viewport_w: vw,
            viewport_h: vh,
        });
    }
    Ok(Insets {
        top: safe.y as f64,
        bottom: (vh - end_y) as f64,
        left: safe.x as f64,
        right: (vw - end_x) as f64,
    })
}

/// World centre of a cell (one cell is one world unit: docs/design.md §2.1).
pub fn cell_to_world(
    x: i64,
    y: i64,
    layer: i64,
    board_width: i64,
    board_height: i64,
) -> Result<Vec3, ViewError> {
    let (bw, bh) = board(board_width, board_height)?;
    Ok(world_of(
        narrow("x", x, 0, bw - 1)?,
        narrow("y", y, 0, bh - 1)?,
        narrow("layer", layer, 0, MAX_LAYERS - 1)?,
        bw,
        bh,
        LAYER_HEIGHT,
    ))
}

/// The audited device with this resolution, or a generic Android phone of it (360 dp wide, 160 ppi per
/// dp-scale) when the list has none.
pub fn device_for(width: u32, height: u32) -> Device {
    let cfg = AuditConfig::default();
    cfg.devices
        .into_iter()
        .find(|d| d.width == width && d.height == height)
        .unwrap_or_else(|| {
            let scale = width as f64 / GENERIC_DP_WIDTH;
            Device {
                name: format!("{width}x{height}"),
                platform: Platform::Android,
                width,
                height,
                scale,
                ppi: 160.0 * scale,
                insets: Insets::default(),
            }
        })
}

/// The HUD's floors (crate and rail place widths, tool button side, in pixels) on the audited device of
/// this resolution, or a generic phone of it.
pub fn hud_floors(width_px: i64, height_px: i64) -> Result<HudSizes, ViewError> {
    let (w, h) = viewport(width_px, height_px)?;
    let device = device_for(w, h);
    Ok(floors(w as f64, h as f64, device.scale))
}

/// The readability audit of one level (its stored solution, state by state) at one resolution, as JSON:
/// the `LevelReadability` fields plus `passed` and `device`.
pub fn audit_level(
    level_json: &str,
    width_px: i64,
    height_px: i64,
) -> Result<serde_json::Value, ViewError> {
    let (w, h) = viewport(width_px, height_px)?;
    let level = CompiledLevel::new(parse_level(level_json)?)?;
    let device = device_for(w, h);
    let cfg = AuditConfig {
        devices: vec![device.clone()],
        ..AuditConfig::default()
    };
    let report = audit_stored(&level, &cfg);
    let mut json = serde_json::to_value(&report).expect("the audit report serialises");
    json["passed"] = report.passed().into();
    json["device"] = device.name.into();
    Ok(json)
}
