//! Screw against plate, plate against plate: the palette audit keeps screw colours apart
//! from each other, but a screw must also stand out from the plate it sits on, and two touching plates
//! of different parts must read as two. Checked in every replayed state (a swing changes a plate's tint
//! and what touches it), for what the player sees there:
//!
//! - every screw in the board whose colour is known: bright when accessible, against the tint of its
//!   part's plate; dimmed when covered, against the tint of the plate it is seen through (the view
//!   draws it on that plate's face, [`GameSim::cover_part`]); each plate in its current pose: CIE76
//!   ΔE ≥ 11 normal, ≥ 9 after protan / deutan simulation (the palette's own floors, [`floor`]);
//! - every two parts whose visible plates touch (the topmost plate of a cell next to the topmost plate of
//!   a neighbouring cell, or two plates of one layer over the same cell): ΔE of their tints ≥
//!   [`PLATE_FLOOR`]. The game draws no outline between plates beyond a shadow, so the tint is all
//!   that tells them apart.
//!
//! Bug switches (tests in `tests/plate_contrast.rs`): [`super::plates::PlateTints::all`] (every plate
//! one near-white metal: white screws melt into it) and
//! [`super::plates::PlateTints::one_tint_per_layer`] (touching panels of a layer share a tint).

use std::collections::BTreeSet;

use screwsmith_rules::cells::bits;
use screwsmith_rules::sim::GameSim;
use serde::Serialize;

use super::colour_vision::{delta_e, Vision};
use super::palette::Palette;
use super::palette_audit::{floor, Shade};
use super::plates::PlateTints;

/// Touching plates of different parts: the smallest ΔE (normal vision) between their tints.
pub const PLATE_FLOOR: f64 = 6.0;

/// A screw too close in colour to the plate it sits on.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ScrewOnPlate {
    pub state: usize,
    pub screw: u16,
    /// The part whose plate it was measured against: its own, or the one it is seen through.
    pub part: u16,
    pub shade: Shade,
    pub vision: Vision,
    pub delta_e: f64,
    pub floor: f64,
}

/// Two touching plates too close in tint.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PlatesTouch {
    pub state: usize,
    /// Part ids, lower first.
    pub a: u16,
    pub b: u16,
    pub delta_e: f64,
    pub floor: f64,
}

/// What one level's replay has found so far: each screw and each pair is reported once, at its first
/// failing state.
#[derive(Debug, Default)]
pub struct PlateContrast {
    screws_reported: u128,
    pairs_reported: BTreeSet<(u16, u16)>,
    pub screws: Vec<ScrewOnPlate>,
    pub plates: Vec<PlatesTouch>,
}

impl PlateContrast {
    /// Checks one state of the replay.
    pub fn check(&mut self, sim: &GameSim, state: usize, palette: &Palette, tints: &PlateTints) {
        self.check_screws(sim, state, palette, tints);
        self.check_plates(sim, state, tints);
    }

    fn check_screws(&mut self, sim: &GameSim, state: usize, palette: &Palette, tints: &PlateTints) {
        let level = sim.level();
        for i in bits(level.all_screws() & !sim.removed_mask() & !self.screws_reported) {
            let s = &level.screws()[i as usize];
            if !sim.is_known(i as u8) {
                continue; // a "?" cap: its colour is not drawn yet
            }
            let Some(colour) = palette.colour(s.color) else {
                continue; // the palette check reports it
            };
            let (shade, rgb, under) = match sim.cover_part(i as u8) {
                None => (Shade::Bright, colour.bright, s.part as usize),
                Some(cover) => (Shade::Dimmed, colour.dimmed, cover),
            };
            let part = &level.parts()[under];
            let tint = tints.tint(part.layer, part.id, sim.pose(under));
            let worst = Vision::ALL
                .into_iter()
                .map(|v| (v, delta_e(rgb, tint, v)))
                .find(|&(v, d)| d < floor(v));
            if let Some((vision, d)) = worst {
                self.screws_reported |= 1u128 << i;
                self.screws.push(ScrewOnPlate {
                    state,
                    screw: s.id,
                    part: part.id,
                    shade,
                    vision,
                    delta_e: d,
                    floor: floor(vision),
                });
            }
        }
    }

    fn check_plates(&mut self, sim: &GameSim, state: usize, tints: &PlateTints) {
        let level = sim.level();
        let (w, h) = (level.data().width as usize, level.data().height as usize);
        let mut top: Vec<Option<usize>> = vec![None; w * h];
        let mut pairs: BTreeSet<(usize, usize)> = BTreeSet::new();
        for layer in level.parts_by_layer() {
            for &p in layer {
                for c in bits(sim.poses()[p as usize]) {
                    let c = c as usize;
                    if let Some(q) = top[c] {
                        if level.parts()[q].layer == level.parts()[p as usize].layer {
                            pairs.insert((q.min(p as usize), q.max(p as usize)));
                        }
                    }
                    top[c] = Some(p as usize);
                }
            }
        }
        for (a, b) in side_by_side(&top, w) {
            pairs.insert((a.min(b), a.max(b)));
        }
        for (a, b) in pairs {
            let (pa, pb) = (&level.parts()[a], &level.parts()[b]);
            let key = (pa.id.min(pb.id), pa.id.max(pb.id));
            if self.pairs_reported.contains(&key) {
                continue;
            }
            let ta = tints.tint(pa.layer, pa.id, sim.pose(a));
            let tb = tints.tint(pb.layer, pb.id, sim.pose(b));
            let d = delta_e(ta, tb, Vision::Normal);
            if d < PLATE_FLOOR {
                self.pairs_reported.insert(key);
                self.plates.push(PlatesTouch {
                    state,
                    a: key.0,
                    b: key.1,
                    delta_e: d,
                    floor: PLATE_FLOOR,
                });
            }
        }
    }
}

/// Every two different plates drawn on top of side-by-side cells (`top`: the topmost part of each
/// cell of a `w`-wide board), as (left or upper, right or lower), cell by cell.
pub fn side_by_side(top: &[Option<usize>], w: usize) -> impl Iterator<Item = (usize, usize)> + '_ {
    (0..top.len()).flat_map(move |c| {
        let right = (c % w + 1 < w).then_some(c + 1);
        let down = (c + w < top.len()).then_some(c + w);
        [right, down]
            .into_iter()
            .flatten()
            .filter_map(move |n| match (top[c], top[n]) {
                (Some(a), Some(b)) if a != b => Some((a, b)),
                _ => None,
            })
    })
}
