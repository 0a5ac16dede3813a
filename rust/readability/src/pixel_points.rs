//! Where the rendered-pixel audit looks in a frame: every known screw's head and a spot of the plate
//! around it (its own for an uncovered screw, standing bright; the one it is seen through for a covered
//! screw, whose dimmed head lies flat on that plate's face), and a spot of every visible plate's top
//! face, found through the one camera model (the same the Godot board points its camera with), for one
//! replayed state.
//!
//! The spots keep clear of what the board draws on a plate besides its tint (see
//! `godot_project/scripts/board/`): a screw's head and its shadow (to the lower right) and the hole it
//! sits in (the cell's centre; rim 0.3 of a cell), and every plate above: the line of sight to a spot
//! must miss that plate's top, walls and shadow by [`CLEARANCE`]. A plate is sampled at a cell centre
//! without a hole, else at a corner of one of its cells.

use screwsmith_rules::cells::bits;
use screwsmith_rules::level::ScrewKind;
use screwsmith_rules::sim::GameSim;

use super::camera::{Camera, ScreenCircle, Vec3};
use super::colour_vision::Rgb8;
use super::palette::Palette;
use super::palette_audit::Shade;
use super::plate_contrast::side_by_side;

/// How far from a cell's centre a corner spot lies, in cells.
pub const CORNER: f64 = 0.33;
/// Radius of a plate spot, in cells.
pub const SPOT: f64 = 0.035;
/// The head ring sampled, as fractions of the head radius: inside the flat top (0.86), outside most
/// of the slot's width.
pub const HEAD_RING: (f64, f64) = (0.3, 0.7);
/// How far a loosened rusty screw's head has risen, as a fraction of the screw height (the board
/// raises it on its thread).
pub const LOOSENED_RISE: f64 = 0.25;
/// A loosened rusty screw's steel collar (`screw_view.gd`: a flat ring from the head's radius to 1.28
/// of it, this far above the plate's face, in world units) and the ring of it sampled, as fractions
/// of the head radius: clear of the raised head however the perspective shifts it, inside the
/// collar's outer edge.
pub const COLLAR_LIFT: f64 = 0.02;
pub const COLLAR_RING: (f64, f64) = (1.12, 1.24);
/// Where the board draws a plate's shadow (`plate_mesh.gd`, `board_world.gd`): shifted by this in
/// cells (light from the upper left), its outline on the cell lines (the plate's gap to them, 0.045,
/// less the shadow's growth, 0.04), this far under the plate's bottom.
pub const SHADOW_SHIFT: (f64, f64) = (0.09, 0.13);
pub const SHADOW_DROP: f64 = 0.03;
/// How far a spot keeps from another plate's outline, wall or shadow, in cells.
pub const CLEARANCE: f64 = 0.07;
/// Spot candidates in a cell, in order: the centre, then corners (upper left first: a screw's shadow
/// falls to the lower right, so the lower-right corner is only tried in a cell without a screw).
const CANDIDATES: [(i32, i32); 5] = [(0, 0), (-1, -1), (1, -1), (-1, 1), (1, 1)];

/// A screw head and where its plate is sampled.
#[derive(Debug, Clone, PartialEq)]
pub struct ScrewSpot {
    pub screw: u16,
    pub part: u16,
    pub shade: Shade,
    pub head: ScreenCircle,
    /// The ring of the head sampled, in pixels.
    pub ring: (f64, f64),
    pub plate: ScreenCircle,
    /// The palette colour the head must show; `None` for a rusty screw not yet loosened (the board
    /// mixes rust into it on purpose).
    pub colour: Option<Rgb8>,
    /// A loosened rusty screw standing on its plate: where its collar is, and the ring of it sampled
    /// in pixels (what tells it, from above, from a stuck one and from a normal screw).
    pub collar: Option<(ScreenCircle, (f64, f64))>,
}

/// A spot on a plate's top face.
#[derive(Debug, Clone, PartialEq)]
pub struct PlateSpot {
    pub part: u16,
    pub at: ScreenCircle,
    pub tint: Rgb8,
}

/// Everything measured in one frame.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Spots {
    pub screws: Vec<ScrewSpot>,
    pub plates: Vec<PlateSpot>,
    /// Touching plates of different parts, as indices into `plates`.
    pub touching: Vec<(usize, usize)>,
    /// Plates and screws left unmeasured: no spot of their plate is seen in its own lit tint (a
    /// sliver of a low plate under the shadow of the one above).
    pub unlit: usize,
}

/// The spots of `sim`'s state seen through `camera`.
pub fn spots(sim: &GameSim, camera: &Camera, palette: &Palette) -> Spots {
    let level = sim.level();
    let (w, h) = (level.data().width as usize, level.data().height as usize);
    let parts = level.parts();
    // The plate drawn on top of each cell, and whether two plates of that layer share it (then
    // neither is sampled there).
    let mut top: Vec<Option<usize>> = vec![None; w * h];
    let mut shared = vec![false; w * h];
    for layer in level.parts_by_layer() {
        for &p in layer {
            for c in bits(sim.poses()[p as usize]) {
                let c = c as usize;
                shared[c] = top[c].is_some_and(|q| parts[q].layer == parts[p as usize].layer);
                top[c] = Some(p as usize);
            }
        }
    }
    // The cells of a part's screws (a hole, or the head a hanging plate still turns on) and of the
    // covered screws seen through it (their heads lie on its face).
    let mut seen_through = vec![0u128; parts.len()];
    for i in bits(level.all_screws() & !sim.removed_mask()) {
        if let Some(q) = sim.cover_part(i as u8) {
            seen_through[q] |= level.screws()[i as usize].cell;
        }
    }
    let holes = |p: usize| -> u128 {
        bits(parts[p].screws).fold(seen_through[p], |m, i| m | level.screws()[i as usize].cell)
    };
    // Whether the world point (x, z) lies within `margin` of part q's current cells.
    let near_part = |q: usize, x: f64, z: f64, margin: f64| {
        [(-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0), (1.0, 1.0)]
            .iter()
            .any(|&(mx, mz)| {
                let cx = (x + mx * margin + w as f64 / 2.0).floor();
                let cz = (z + mz * margin + h as f64 / 2.0).floor();
                cx >= 0.0
                    && cz >= 0.0
                    && (cx as usize) < w
                    && (cz as usize) < h
                    && sim.poses()[q] >> (cz as usize * w + cx as usize) & 1 == 1
            })
    };
    // Whether a point on part p's top face, (x, z) in world units, is seen in p's own lit tint: the
    // line of sight from the camera meets no plate above p (its top, walls or shadow) on the way.
    let lit = |p: usize, x: f64, z: f64| {
        let layer = parts[p].layer;
        let y = layer as f64 * camera.layer_height;
        let eye = camera.position;
        let along = |height: f64| {
            let k = (eye.y - height) / (eye.y - y);
            (eye.x + (x - eye.x) * k, eye.z + (z - eye.z) * k)
        };
        parts.iter().enumerate().all(|(q, other)| {
            if q == p || other.layer <= layer || sim.poses()[q] == 0 {
                return true;
            }
            let top_q = other.layer as f64 * camera.layer_height;
            let bottom = top_q - camera.panel_thickness;
            let (sx, sz) = along(bottom - SHADOW_DROP);
            [top_q, (top_q + bottom) / 2.0, bottom]
                .into_iter()
                .map(along)
                .chain([(sx - SHADOW_SHIFT.0, sz - SHADOW_SHIFT.1)])
                .all(|(qx, qz)| !near_part(q, qx, qz, CLEARANCE))
        })
    };
    let spot = |x: f64, z: f64, layer: u8, r: f64| -> ScreenCircle {
        let c = Vec3::new(x, layer as f64 * camera.layer_height, z);
        let (sx, sy, _) = camera.world_to_screen(c).unwrap_or((0.0, 0.0, 0.0));
        ScreenCircle {
            x: sx,
            y: sy,
            r: r * camera.scale_at(c.y),
        }
    };
    // The first lit candidate spot of part p in cell c (`hole`: the cell has a screw hole, so its
    // centre and lower-right corner are out).
    let spot_in = |p: usize, c: usize, hole: bool| -> Option<ScreenCircle> {
        let centre = camera.cell_to_world((c % w) as u8, (c / w) as u8, 0);
        CANDIDATES
            .iter()
            .filter(|&&(dx, dy)| !hole || (dx, dy) != (0, 0) && (dx, dy) != (1, 1))
            .map(|&(dx, dy)| (centre.x + dx as f64 * CORNER, centre.z + dy as f64 * CORNER))
            .find(|&(x, z)| lit(p, x, z))
            .map(|(x, z)| spot(x, z, parts[p].layer, SPOT))
    };

    let mut out = Spots::default();
    let mut plate_of = vec![None; parts.len()];
    for (p, part) in parts.iter().enumerate() {
        let holes = holes(p);
        let mut seen = bits(sim.poses()[p])
            .map(|c| c as usize)
            .filter(|&c| top[c] == Some(p) && !shared[c])
            .peekable();
        if seen.peek().is_none() {
            continue; // wholly under other plates
        }
        let Some(at) = seen.find_map(|c| spot_in(p, c, holes >> c & 1 == 1)) else {
            out.unlit += 1;
            continue;
        };
        plate_of[p] = Some(out.plates.len());
        out.plates.push(PlateSpot {
            part: part.id,
            at,
            tint: palette.plates.tint(part.layer, part.id, sim.pose(p)),
        });
    }

    for i in bits(level.all_screws() & !sim.removed_mask()) {
        let s = &level.screws()[i as usize];
        let c = s.cell.trailing_zeros() as usize;
        // A covered screw is seen through the plate over it, lying on that plate's face: it is
        // measured there, dimmed, against that plate; an uncovered one standing on its own plate,
        // bright. What covers it is the rules' answer, never this picture's.
        let cover = sim.cover_part(i as u8);
        let p = cover.unwrap_or(s.part as usize);
        if !sim.is_known(i as u8) || shared[c] {
            continue; // a "?" cap, or two plates of a layer over one cell
        }
        let Some(plate) = spot_in(p, c, true) else {
            out.unlit += 1;
            continue;
        };
        let Some(colour) = palette.colour(s.color) else {
            continue;
        };
        let (shade, rgb) = match cover {
            None => (Shade::Bright, colour.bright),
            Some(_) => (Shade::Dimmed, colour.dimmed),
        };
        // A loosened rusty screw's head has lost its rust; standing, it has risen on its thread.
        let loosened = sim.touches(i as u8) > 0;
        let mut head = match cover {
            None => camera.head_circle(s.xy[0], s.xy[1], s.layer),
            Some(q) => camera.covered_head_circle(s.xy[0], s.xy[1], parts[q].layer),
        };
        if loosened && cover.is_none() {
            let mut c = camera.cell_to_world(s.xy[0], s.xy[1], s.layer);
            c.y += camera.screw_height * (1.0 + LOOSENED_RISE);
            let (sx, sy, _) = camera.world_to_screen(c).unwrap_or((0.0, 0.0, 0.0));
            head = ScreenCircle {
                x: sx,
                y: sy,
                r: camera.head_radius * camera.scale_at(c.y),
            };
        }
        let collar = (s.kind == ScrewKind::Rusty && loosened && cover.is_none()).then(|| {
            let mut c = camera.cell_to_world(s.xy[0], s.xy[1], s.layer);
            c.y += COLLAR_LIFT;
            let (sx, sy, _) = camera.world_to_screen(c).unwrap_or((0.0, 0.0, 0.0));
            let r = camera.head_radius * camera.scale_at(c.y);
            let ring = (r * COLLAR_RING.0, r * COLLAR_RING.1);
            (ScreenCircle { x: sx, y: sy, r }, ring)
        });
        out.screws.push(ScrewSpot {
            screw: s.id,
            part: parts[p].id,
            shade,
            ring: (head.r * HEAD_RING.0, head.r * HEAD_RING.1),
            head,
            plate,
            colour: (s.kind != ScrewKind::Rusty || loosened).then_some(rgb),
            collar,
        });
    }

    // Touching plates: a cell's top plate against its right and lower neighbours' (as the core's
    // plate-contrast check pairs them), each pair once.
    let mut pairs = std::collections::BTreeSet::new();
    for (a, b) in side_by_side(&top, w) {
        if let (Some(sa), Some(sb)) = (plate_of[a], plate_of[b]) {
            pairs.insert((sa.min(sb), sa.max(sb)));
        }
    }
    out.touching = pairs.into_iter().collect();
    out
}
