//! `ReadabilityAudit` (RefCounted): the one camera model, the world convention, the palette and the
//! per-level readability audit, for the board scene. Everything is `screwsmith_play::view::readability`
//! and `screwsmith_readability`; this file only converts.

use godot::prelude::*;
use screwsmith_play::view::readability::{self, PixelRect};
use screwsmith_readability::camera::{
    Camera, Vec3, COVERED_CLEARANCE, COVERED_HEIGHT, COVERED_SCALE, SAME_LAYER_SINK,
};
use screwsmith_readability::colour_vision::Rgb8;
use screwsmith_readability::marks::{BombLook, Mark, MarkColours};
use screwsmith_readability::Palette;

use crate::convert;
use crate::last_error::LastError;

/// Sizes, camera and colours for the board scene — never computed in GDScript. A refused call returns
/// `{}` / `Vector3.ZERO` and leaves the reason in `last_error()`.
#[derive(GodotClass)]
#[class(init, tool, base = RefCounted)]
pub struct ReadabilityAudit {
    base: Base<RefCounted>,
    error: LastError,
}

#[godot_api]
impl ReadabilityAudit {
    /// The camera for a viewport and a board: `{fov_y_deg, position, target, up, layer_height,
    /// screw_radius, screw_height, head_radius, covered_height, covered_clearance, covered_scale,
    /// same_layer_sink, panel_thickness, hud_top_px, hud_bottom_px, hud_wide, crate_width, crate_height, place_size,
    /// tool_size, mark_radius, mark_rim, mark_digit, mark_lock, mark_key, mark_bomb}` (Vector3 for
    /// the points, the marks' centres Vector2 (x, z) beside the screw's, in world units like the
    /// head; set the Camera3D's `keep_aspect` to KEEP_HEIGHT). The HUD sizes are in the viewport's
    /// units: the HUD builds its crates, rail places and tool buttons at exactly these sizes
    /// (`hud_wide`: tools beside the rail).
    #[func]
    fn camera(
        &mut self,
        viewport: Vector2i,
        board_width: i64,
        board_height: i64,
        max_layer: i64,
    ) -> VarDictionary {
        crate::calls::count();
        self.camera_for(
            "ReadabilityAudit.camera",
            viewport,
            None,
            board_width,
            board_height,
            max_layer,
        )
    }

    /// `camera(...)` for a screen whose safe area (`DisplayServer.get_display_safe_area()`, mapped to
    /// viewport pixels) is `safe_area`: the HUD bands start inside it and the board fits between them
    /// (the insets the readability audit measures each device with). Refused when the safe area is
    /// empty or reaches outside the viewport.
    #[func]
    fn camera_in_safe_area(
        &mut self,
        viewport: Vector2i,
        safe_area: Rect2i,
        board_width: i64,
        board_height: i64,
        max_layer: i64,
    ) -> VarDictionary {
        crate::calls::count();
        let call = "ReadabilityAudit.camera_in_safe_area";
        let safe = Some(safe_area);
        self.camera_for(call, viewport, safe, board_width, board_height, max_layer)
    }

    /// World centre of cell (x, y) on `layer` of a board (row 0 at the top of the screen, -Z).
    #[func]
    fn cell_to_world(
        &mut self,
        x: i64,
        y: i64,
        layer: i64,
        board_width: i64,
        board_height: i64,
    ) -> Vector3 {
        crate::calls::count();
        let result = readability::cell_to_world(x, y, layer, board_width, board_height);
        self.error
            .check("ReadabilityAudit.cell_to_world", result)
            .map_or(Vector3::ZERO, vector)
    }

    /// The shipped screw colours: `{index, name, bright: Color, dimmed: Color, pattern}` (the dimmed
    /// colour is for blocked screws; the pattern is the colour-blind head mark).
    #[func]
    fn palette(&self) -> Array<VarDictionary> {
        crate::calls::count();
        Palette::shipped()
            .colours
            .iter()
            .map(|c| {
                vdict! {
                    "index" => c.index,
                    "name" => &GString::from(c.name.as_str()),
                    "bright" => Color::from_rgba8(c.bright[0], c.bright[1], c.bright[2], 255),
                    "dimmed" => Color::from_rgba8(c.dimmed[0], c.dimmed[1], c.dimmed[2], 255),
                    "pattern" => &GString::from(c.pattern.name()),
                }
            })
            .collect()
    }

    /// The lock, key and bomb marks' colours (`screwsmith_readability::marks::MarkColours`):
    /// `{tags: [{shape, tint: Color, glyph: Color}], rim: Color, bomb, bomb_warning,
    /// bomb_warning_still}`, each bomb look `{fill, digit, rim}` (Colors). A screw row's `key_tag`
    /// and `lock_tag` index `tags`.
    #[func]
    fn marks(&self) -> VarDictionary {
        crate::calls::count();
        let c = MarkColours::shipped();
        let tags: Array<VarDictionary> = c
            .tags
            .iter()
            .map(|t| {
                vdict! {
                    "shape" => &GString::from(t.shape.name()),
                    "tint" => colour(t.tint),
                    "glyph" => colour(t.glyph),
                }
            })
            .collect();
        let look = |l: BombLook| {
            vdict! { "fill" => colour(l.fill), "digit" => colour(l.digit), "rim" => colour(l.rim) }
        };
        vdict! {
            "tags" => &tags,
            "rim" => colour(c.rim),
            "bomb" => &look(c.bomb),
            "bomb_warning" => &look(c.bomb_warning),
            "bomb_warning_still" => &look(c.bomb_warning_still),
        }
    }

    /// The readability audit of a level (along its stored solution) at one resolution:
    /// `{passed, device, level, states, smallest, smallest_vs_guideline, failures, warnings}`.
    #[func]
    fn audit_level(&mut self, level_json: GString, width_px: i64, height_px: i64) -> VarDictionary {
        crate::calls::count();
        let result = readability::audit_level(&level_json.to_string(), width_px, height_px);
        self.error
            .check("ReadabilityAudit.audit_level", result)
            .and_then(|json| json.as_object().map(convert::json_object))
            .unwrap_or_default()
    }

    /// The audited devices: `{name, width, height, scale, insets: [top, bottom, left, right]}` (scale:
    /// pixels per dp / pt). The HUD test renders the board at each of their sizes.
    #[func]
    fn devices(&self) -> Array<VarDictionary> {
        crate::calls::count();
        screwsmith_readability::devices()
            .iter()
            .map(|d| {
                let i = d.insets;
                vdict! {
                    "name" => &GString::from(d.name.as_str()),
                    "width" => d.width as i64,
                    "height" => d.height as i64,
                    "scale" => d.scale,
                    "insets" => &PackedFloat64Array::from(&[i.top, i.bottom, i.left, i.right]),
                }
            })
            .collect()
    }

    /// The smallest on-screen sizes (window pixels) the HUD may show on a `width × height` screen:
    /// `{crate, place, tool}` (crate and rail place widths, tool button side): 24 % and 12 % of a
    /// phone's width, 48 dp / pt (`screwsmith_readability::hud_sizes`).
    #[func]
    fn hud_floors(&mut self, width_px: i64, height_px: i64) -> VarDictionary {
        crate::calls::count();
        let result = readability::hud_floors(width_px, height_px);
        self.error
            .check("ReadabilityAudit.hud_floors", result)
            .map(|f| {
                vdict! {
                    "crate" => f.min_crate_px,
                    "place" => f.min_place_px,
                    "tool" => f.min_tool_px,
                }
            })
            .unwrap_or_default()
    }

    /// The HUD's sizes the camera model does not scale, in canvas pixels
    /// (`screwsmith_readability::hud_sizes::HUD_LAYOUT`): `{tray_pad, tool_gap_phone, queue_crate:
    /// Vector2, sheet_width, sheet_row, card_width, card_inset, card_art_height, banner_gap,
    /// pointer_bob, caption_min_font: int}`. The board's scripts define no size of their own.
    #[func]
    fn hud_layout(&self) -> VarDictionary {
        crate::calls::count();
        let l = screwsmith_readability::hud_sizes::HUD_LAYOUT;
        vdict! {
            "tray_pad" => l.tray_pad,
            "tool_gap_phone" => l.tool_gap_phone,
            "queue_crate" => Vector2::new(l.queue_crate_width as f32, l.queue_crate_height as f32),
            "sheet_width" => l.sheet_width,
            "sheet_row" => l.sheet_row,
            "card_width" => l.card_width,
            "card_inset" => l.card_inset,
            "card_art_height" => l.card_art_height,
            "banner_gap" => l.banner_gap,
            "pointer_bob" => l.pointer_bob,
            "caption_min_font" => l.caption_min_font as i64,
        }
    }

    /// Why the last call was refused; "" after a call that succeeded.
    #[func]
    fn last_error(&self) -> GString {
        crate::calls::count();
        self.error.get()
    }
}

impl ReadabilityAudit {
    /// The checked camera as the Dictionary `camera(...)` documents; `{}` (and `last_error`) when
    /// refused.
    fn camera_for(
        &mut self,
        call: &str,
        viewport: Vector2i,
        safe_area: Option<Rect2i>,
        board_width: i64,
        board_height: i64,
        max_layer: i64,
    ) -> VarDictionary {
        let safe = safe_area.map(|r| PixelRect {
            x: r.position.x.into(),
            y: r.position.y.into(),
            width: r.size.x.into(),
            height: r.size.y.into(),
        });
        let board = (board_width, board_height, max_layer);
        let result =
            readability::camera_in_safe_area(viewport.x.into(), viewport.y.into(), safe, board);
        self.error
            .check(call, result)
            .map(|c| camera_dictionary(&c))
            .unwrap_or_default()
    }
}

/// The camera model's answer as the Dictionary `camera(...)` documents.
fn camera_dictionary(c: &Camera) -> VarDictionary {
    vdict! {
        "fov_y_deg" => c.fov_y_deg,
        "position" => vector(c.position),
        "target" => vector(c.target),
        "up" => vector(c.up),
        "layer_height" => c.layer_height,
        "screw_radius" => c.screw_radius,
        "screw_height" => c.screw_height,
        "head_radius" => c.head_radius,
        "covered_height" => COVERED_HEIGHT,
        "covered_clearance" => COVERED_CLEARANCE,
        "covered_scale" => COVERED_SCALE,
        "same_layer_sink" => SAME_LAYER_SINK,
        "panel_thickness" => c.panel_thickness,
        "hud_top_px" => c.hud_top_px,
        "hud_bottom_px" => c.hud_bottom_px,
        "hud_wide" => c.hud.wide,
        "crate_width" => c.hud.crate_width * c.hud.ui,
        "crate_height" => c.hud.crate_height * c.hud.ui,
        "place_size" => c.hud.place * c.hud.ui,
        "tool_size" => c.hud.tool * c.hud.ui,
        "mark_radius" => c.marks.radius,
        "mark_rim" => c.marks.rim,
        "mark_digit" => c.marks.digit,
        "mark_lock" => centre(c, Mark::Lock),
        "mark_key" => centre(c, Mark::Key),
        "mark_bomb" => centre(c, Mark::Bomb),
    }
}

/// A mark's centre beside its screw's, as (world x, world z).
fn centre(c: &Camera, mark: Mark) -> Vector2 {
    let (x, z) = c.marks.centre(mark);
    Vector2::new(x as f32, z as f32)
}

fn colour(c: Rgb8) -> Color {
    Color::from_rgba8(c[0], c[1], c[2], 255)
}

fn vector(v: Vec3) -> Vector3 {
    Vector3::new(v.x as f32, v.y as f32, v.z as f32)
}
