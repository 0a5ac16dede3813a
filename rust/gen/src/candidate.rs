//! One candidate level from (machine, shape, mechanics, seed): BSP panels per layer, screws in panel
//! cells, hanging poses (the rest shape turned about the screw, [`hang_cells`]), colours in multiples of three, then the mechanics (locks placed by
//! [`crate::locks`], bombs placed and timed by [`crate::bombs`]). Pure and deterministic: the same
//! inputs give the same level on every platform (xorshift32, no hash maps, no floats).
//!
//! Layers are built top first, so the screws of upper panels claim their cells before the panels they
//! cover: no two screws ever share a cell, even on different layers (they would overlap on screen when
//! both are accessible). Each layer's BSP is cut with its own random splits, so panel edges of different
//! layers do not line up and an upper panel overlaps several lower ones.

use thiserror::Error;

use super::bombs::{first_human_win, place_bombs, time_bombs};
use super::bsp::{partition, Rect};
use super::locks::place_locks;
use super::machines::machine;
use super::mechanics::Mechanics;
use super::shape::{panels_per_layer, Shape};
use screwsmith_rules::cells::{cell_bit, Mask};
use screwsmith_rules::level::one_piece::pieces;
use screwsmith_rules::level::turn::hang_cells;
use screwsmith_rules::level::validate::{MAX_PARTS, MAX_SCREWS};
use screwsmith_rules::level::{Cell, LevelData, PartData, ScrewData, ScrewKind};
use screwsmith_rules::rng::Rng;

/// Palette indices a level may use: six, the readability palette's ceiling (docs/design.md §6).
pub const PALETTE: [u8; 6] = [0, 1, 2, 3, 4, 5];

/// Smallest panel side a BSP cut may leave: a 2 × 2 panel still takes two screws apart.
const MIN_SIDE: u8 = 2;
/// Fewest machine cells a panel needs to be kept: two screws and a cell of body.
const MIN_PANEL_CELLS: usize = 3;

/// Why a candidate could not be built (the tuner skips it and counts it).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum GenError {
    #[error("only {0} screws fit (need at least one colour's three)")]
    TooFewScrews(usize),
    /// The board refused to load (a generator bug: every candidate is valid by construction).
    #[error("the candidate does not load: {0}")]
    Invalid(String),
    /// Every pair tried for a lock closed on itself through the board (see [`crate::locks`]).
    #[error("no place for a lock whose key can leave")]
    NoLockPlace,
    /// A board with a lock or a bomb that no trial of the shallow human wins (see [`build`]).
    #[error("no human trial wins the board with its locks and bombs")]
    NoHumanWin,
}

/// Everything that decides a candidate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CandidateSpec {
    pub number: u32,
    pub machine: u8,
    pub band: u8,
    pub shape: Shape,
    pub mechanics: Mechanics,
    pub seed: u32,
}

/// A panel while it is being built.
#[derive(Debug, Clone, PartialEq)]
struct Panel {
    layer: u8,
    cells: Vec<Cell>,
    screws: Vec<Cell>,
}

/// Builds the candidate. Structural validity is by construction; the caller still runs
/// [`screwsmith_rules::sim::CompiledLevel::new`] and the buried-screw pass on it, so a generator bug is caught there.
pub fn build(spec: &CandidateSpec) -> Result<LevelData, GenError> {
    let m = machine(spec.machine);
    let (width, height, silhouette) = (m.width(), m.height(), m.mask());
    let mut rng = Rng::new(spec.seed);
    let mut used: Mask = 0; // cells holding a screw, over all layers
    let mut panels: Vec<Panel> = Vec::new();
    let wanted = panels_per_layer(&spec.shape);
    for layer in (0..spec.shape.layers).rev() {
        let want = wanted[layer as usize] as usize;
        let mut layer_panels = cut_layer(layer, want, width, height, silhouette, &mut rng);
        for p in &mut layer_panels {
            place_screws(
                p,
                spec.shape.density.min,
                spec.shape.density.max,
                width,
                &mut used,
                &mut rng,
            );
        }
        trim(&mut layer_panels, want, width, &mut used, &mut rng);
        panels.extend(layer_panels);
    }
    panels.sort_by_key(|p| p.layer);
    balance_to_triples(&mut panels, width, &mut used, &mut rng);
    let total: usize = panels.iter().map(|p| p.screws.len()).sum();
    if total < 3 {
        return Err(GenError::TooFewScrews(total));
    }
    let mut level = assemble(spec, panels, width, height, &mut rng);
    // Locks and bombs last, each drawing from the rng only when the level gets one: a board without
    // them is the board it was before they existed.
    place_locks(&mut level, spec.mechanics.locks, &mut rng)?;
    place_bombs(&mut level, spec.mechanics.bombs, &mut rng);
    if spec.mechanics.locks + spec.mechanics.bombs > 0 {
        // A board every human trial loses ships in no band (the no-spikes cap, docs/design.md §4), and with
        // a lock or a bomb its measure would cost a full search: given up here, for the price of the
        // trials. Otherwise the first human win is the line the bombs are timed from.
        let line = first_human_win(&level)?.ok_or(GenError::NoHumanWin)?;
        time_bombs(&mut level, &line)?;
    }
    Ok(level)
}

/// One layer's panels: BSP leaves of the whole board clipped to the machine. Upper layers shave a row or
/// column off some leaves so they cover only part of what lies below.
fn cut_layer(
    layer: u8,
    want: usize,
    width: u8,
    height: u8,
    silhouette: Mask,
    rng: &mut Rng,
) -> Vec<Panel> {
    let depth = usize::BITS - want.max(1).leading_zeros(); // 2^depth > want: leaves to spare for trimming
    let root = Rect {
        x: 0,
        y: 0,
        w: width,
        h: height,
    };
    let mut out = Vec::new();
    for leaf in partition(root, depth, MIN_SIDE, rng) {
        let r = if layer > 0 { shave(leaf, rng) } else { leaf };
        let cells: Vec<Cell> = (r.y..r.y + r.h)
            .flat_map(|y| (r.x..r.x + r.w).map(move |x| [x, y]))
            .filter(|c| silhouette & cell_bit(width, c[0], c[1]) != 0)
            .collect();
        // A rectangle clipped to the silhouette can fall apart (or touch itself at a corner only): the
        // panel keeps its largest 4-connected piece, so every part is drawn and read as one plate. An
        // unclipped rectangle is one piece already.
        let whole = cells.len() == r.w as usize * r.h as usize;
        let cells = if whole {
            cells
        } else {
            pieces(&cells).into_iter().next().unwrap_or_default()
        };
        if cells.len() >= MIN_PANEL_CELLS {
            out.push(Panel {
                layer,
                cells,
                screws: Vec::new(),
            });
        }
    }
    out
}

/// Drops one edge row or column of a rectangle (half the time, when it stays at least 2 × 2).
fn shave(r: Rect, rng: &mut Rng) -> Rect {
    match rng.below(6) {
        0 if r.w > MIN_SIDE => Rect {
            x: r.x + 1,
            w: r.w - 1,
            ..r
        },
        1 if r.w > MIN_SIDE => Rect { w: r.w - 1, ..r },
        2 if r.h > MIN_SIDE => Rect {
            y: r.y + 1,
            h: r.h - 1,
            ..r
        },
        3 if r.h > MIN_SIDE => Rect { h: r.h - 1, ..r },
        _ => r,
    }
}

/// Free (screwless) cells of a panel, in the panel's cell order.
fn free_cells(p: &Panel, width: u8, used: Mask) -> Vec<Cell> {
    p.cells
        .iter()
        .copied()
        .filter(|c| used & cell_bit(width, c[0], c[1]) == 0)
        .collect()
}

/// Puts `min..=max` screws (as many as fit) in distinct free cells of the panel.
fn place_screws(p: &mut Panel, min: u8, max: u8, width: u8, used: &mut Mask, rng: &mut Rng) {
    let mut free = free_cells(p, width, *used);
    rng.shuffle(&mut free);
    let want = min as usize + rng.below((max - min) as u32 + 1) as usize;
    for c in free.into_iter().take(want) {
        *used |= cell_bit(width, c[0], c[1]);
        p.screws.push(c);
    }
}

/// Removes a panel and its screws together (no orphan screws, no orphan screw cells).
fn remove_panel(panels: &mut Vec<Panel>, i: usize, width: u8, used: &mut Mask) {
    let p = panels.remove(i);
    for c in p.screws {
        *used &= !cell_bit(width, c[0], c[1]);
    }
}

/// Trims a layer to `want` panels: panels with fewer than two screws go first (one screw would start
/// hanging, none would be a fixed frame burying what lies under it), then random ones.
fn trim(panels: &mut Vec<Panel>, want: usize, width: u8, used: &mut Mask, rng: &mut Rng) {
    while let Some(i) = panels.iter().position(|p| p.screws.len() < 2) {
        remove_panel(panels, i, width, used);
    }
    while panels.len() > want {
        let i = rng.below(panels.len() as u32) as usize;
        remove_panel(panels, i, width, used);
    }
}

/// Makes the screw total a multiple of 3 (every colour's count must be): drop the extra screws from
/// panels that keep at least two, else add the missing ones where cells are free, else drop the smallest
/// panel and try again. Each round either finishes or removes a panel, so it always ends.
fn balance_to_triples(panels: &mut Vec<Panel>, width: u8, used: &mut Mask, rng: &mut Rng) {
    loop {
        let total: usize = panels.iter().map(|p| p.screws.len()).sum();
        if total > MAX_SCREWS || panels.len() > MAX_PARTS {
            if let Some(i) = (0..panels.len()).min_by_key(|&i| panels[i].screws.len()) {
                remove_panel(panels, i, width, used);
                continue;
            }
        }
        let extra = total % 3;
        if extra == 0 {
            return;
        }
        let spare: usize = panels
            .iter()
            .map(|p| p.screws.len().saturating_sub(2))
            .sum();
        if spare >= extra {
            for _ in 0..extra {
                let candidates: Vec<usize> = (0..panels.len())
                    .filter(|&i| panels[i].screws.len() > 2)
                    .collect();
                let i = *rng.pick(&candidates).expect("spare screws counted above");
                let c = panels[i].screws.pop().expect("has > 2 screws");
                *used &= !cell_bit(width, c[0], c[1]);
            }
            return;
        }
        let missing = 3 - extra;
        let room: usize = panels
            .iter()
            .map(|p| free_cells(p, width, *used).len())
            .sum();
        if room >= missing {
            for _ in 0..missing {
                let candidates: Vec<usize> = (0..panels.len())
                    .filter(|&i| !free_cells(&panels[i], width, *used).is_empty())
                    .collect();
                let i = *rng.pick(&candidates).expect("free cells counted above");
                let c = free_cells(&panels[i], width, *used)[0];
                *used |= cell_bit(width, c[0], c[1]);
                panels[i].screws.push(c);
            }
            return;
        }
        match (0..panels.len()).min_by_key(|&i| panels[i].screws.len()) {
            Some(i) => remove_panel(panels, i, width, used),
            None => return,
        }
    }
}

/// Ids, hanging poses, colours and mechanics: the finished level.
fn assemble(
    spec: &CandidateSpec,
    panels: Vec<Panel>,
    width: u8,
    height: u8,
    rng: &mut Rng,
) -> LevelData {
    let mut parts = Vec::with_capacity(panels.len());
    let mut screws = Vec::new();
    for (pi, p) in panels.iter().enumerate() {
        let id = pi as u16 + 1;
        let mut part = PartData {
            id,
            layer: p.layer,
            rest: p.cells.clone(),
            hang: Default::default(),
        };
        for &cell in &p.screws {
            let sid = screws.len() as u16 + 1;
            part.hang
                .insert(sid, hang_cells(&p.cells, cell, width, height));
            screws.push(ScrewData {
                locked_by: None,
                id: sid,
                part: id,
                cell,
                color: 0,
                kind: ScrewKind::Normal,
                hidden: false,
                bomb: None,
            });
        }
        parts.push(part);
    }
    let colors = paint(&mut screws, spec.shape.colours, rng);
    let wrench_charges = apply_mechanics(&mut screws, &spec.mechanics, rng);
    LevelData {
        number: spec.number,
        seed: spec.seed,
        machine: spec.machine,
        band: spec.band,
        width,
        height,
        rail_slots: spec.shape.rail_slots,
        crate_slots: spec.shape.crate_slots,
        wrench_charges,
        colors,
        parts,
        screws,
        crate_queue: None,
        measure: None,
        help: None,
    }
}

/// Colours: `total/3` crates shared among up to `colours` palette colours, each colour at least one crate;
/// the screw labels are shuffled over the board. Returns the palette indices used, ascending.
fn paint(screws: &mut [ScrewData], colours: u8, rng: &mut Rng) -> Vec<u8> {
    let crates = screws.len() / 3;
    let n = (colours as usize).clamp(1, PALETTE.len()).min(crates);
    let mut palette = PALETTE.to_vec();
    rng.shuffle(&mut palette);
    let mut colors: Vec<u8> = palette[..n].to_vec();
    colors.sort_unstable();
    let mut per_colour = vec![1usize; n];
    for _ in n..crates {
        per_colour[rng.below(n as u32) as usize] += 1;
    }
    let mut labels: Vec<u8> = Vec::with_capacity(screws.len());
    for (c, &k) in colors.iter().zip(&per_colour) {
        labels.extend(std::iter::repeat_n(*c, 3 * k));
    }
    rng.shuffle(&mut labels);
    for (s, c) in screws.iter_mut().zip(labels) {
        s.color = c;
    }
    colors
}

/// Marks random screws hidden, rusty and bolt (a bolt is never also rusty). Returns the wrench charges:
/// one per bolt, so every bolt can come out.
fn apply_mechanics(screws: &mut [ScrewData], m: &Mechanics, rng: &mut Rng) -> u8 {
    let mut order: Vec<usize> = (0..screws.len()).collect();
    rng.shuffle(&mut order);
    for &i in order.iter().take(m.hidden as usize) {
        screws[i].hidden = true;
    }
    rng.shuffle(&mut order);
    let mut it = order.iter();
    for &i in it.by_ref().take(m.rusty as usize) {
        screws[i].kind = ScrewKind::Rusty;
    }
    let mut bolts = 0u8;
    for &i in it.take(m.bolts as usize) {
        screws[i].kind = ScrewKind::Bolt;
        bolts += 1;
    }
    bolts
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::curve::MAX_BAND;
    use crate::machines::MACHINE_COUNT;
    use crate::mechanics::for_level;
    use crate::shape::shapes_for;
    use screwsmith_rules::sim::CompiledLevel;
    use std::collections::BTreeSet;

    fn specs() -> impl Iterator<Item = CandidateSpec> {
        (1..=MAX_BAND).flat_map(|band| {
            shapes_for(band)
                .into_iter()
                .enumerate()
                .flat_map(move |(si, shape)| {
                    (0..3u32).map(move |k| CandidateSpec {
                        number: band as u32 * 25,
                        machine: ((band as usize * 5 + si + k as usize) % MACHINE_COUNT) as u8,
                        band,
                        shape,
                        mechanics: for_level(band as u32 * 25),
                        seed: 1 + band as u32 * 1000 + si as u32 * 31 + k,
                    })
                })
        })
    }

    /// The specs' levels, without the candidates given up for want of a lock place or a winning line
    /// to time a bomb from (the search counts those and moves on); every other error fails.
    fn built() -> impl Iterator<Item = (CandidateSpec, LevelData)> {
        specs().filter_map(|spec| match build(&spec) {
            Ok(level) => Some((spec, level)),
            Err(GenError::NoLockPlace | GenError::NoHumanWin) => None,
            Err(e) => panic!("{spec:?}: {e}"),
        })
    }

    #[test]
    fn few_candidates_are_given_up_for_a_lock_or_a_bomb() {
        let (all, kept) = (specs().count(), built().count());
        assert!(kept * 10 >= all * 8, "{kept} of {all} built");
    }

    #[test]
    fn every_candidate_passes_the_structural_validation() {
        for (spec, level) in built() {
            CompiledLevel::new(level).unwrap_or_else(|e| panic!("{spec:?}: {e}"));
        }
    }

    #[test]
    fn every_candidate_keeps_the_shipping_rules() {
        for (spec, level) in built() {
            screwsmith_rules::level::shipping::check_shipping(&level)
                .unwrap_or_else(|e| panic!("{spec:?}: {e}"));
        }
        // Over many seeds too: a machine's silhouette cuts rectangles in every way a seed can.
        for seed in 1..400u32 {
            let spec = CandidateSpec {
                seed,
                machine: (seed % MACHINE_COUNT as u32) as u8,
                ..specs().nth(seed as usize % 40).unwrap()
            };
            if let Ok(level) = build(&spec) {
                screwsmith_rules::level::shipping::check_shipping(&level)
                    .unwrap_or_else(|e| panic!("{spec:?}: {e}"));
            }
        }
    }

    #[test]
    fn no_two_screws_share_a_cell_and_every_panel_holds_two() {
        for (spec, level) in built() {
            let cells: BTreeSet<Cell> = level.screws.iter().map(|s| s.cell).collect();
            assert_eq!(cells.len(), level.screws.len(), "{spec:?}");
            for p in &level.parts {
                let n = level.screws.iter().filter(|s| s.part == p.id).count();
                assert!(n >= 2, "{spec:?}: part {} has {n} screws", p.id);
                assert_eq!(p.hang.len(), n, "every screw has a hanging pose");
            }
        }
    }

    #[test]
    fn shape_limits_hold() {
        for (spec, level) in built() {
            assert!(level.colors.len() <= spec.shape.colours as usize);
            assert!(level.colors.len() <= PALETTE.len());
            let layers: BTreeSet<u8> = level.parts.iter().map(|p| p.layer).collect();
            assert!(layers.len() <= spec.shape.layers as usize);
            assert!(level.parts.len() <= spec.shape.panels as usize);
            let bolts = level
                .screws
                .iter()
                .filter(|s| s.kind == ScrewKind::Bolt)
                .count();
            assert!(level.wrench_charges as usize >= bolts);
            for (c, n) in level.colour_counts() {
                assert_eq!(n % 3, 0, "colour {c}");
            }
        }
    }

    #[test]
    fn same_spec_same_level() {
        for spec in specs().step_by(7) {
            assert_eq!(build(&spec), build(&spec));
        }
        let spec = specs().next().unwrap();
        let other = CandidateSpec {
            seed: spec.seed + 1,
            ..spec
        };
        assert_ne!(build(&spec).unwrap().screws, build(&other).unwrap().screws);
    }

    #[test]
    fn removing_a_panel_frees_its_screw_cells() {
        let mut used: Mask = 0;
        let mut rng = Rng::new(5);
        let mut panels = vec![
            Panel {
                layer: 0,
                cells: vec![[0, 0], [1, 0], [2, 0]],
                screws: vec![],
            },
            Panel {
                layer: 0,
                cells: vec![[0, 1], [1, 1], [2, 1]],
                screws: vec![],
            },
        ];
        for p in &mut panels {
            place_screws(p, 2, 2, 3, &mut used, &mut rng);
        }
        assert_eq!(used.count_ones(), 4);
        trim(&mut panels, 1, 3, &mut used, &mut rng);
        assert_eq!(panels.len(), 1);
        let left: Mask = panels[0]
            .screws
            .iter()
            .fold(0, |m, c| m | cell_bit(3, c[0], c[1]));
        assert_eq!(used, left, "the trimmed panel's screw cells are free again");
    }
}
