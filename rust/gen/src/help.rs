//! Invisible help (docs/design.md §2): after 3 losses on the same level, the next try plays a copy with one colour
//! fewer — every screw and crate of one colour takes another colour. Fewer colours means fewer crates to
//! wait for, so the rail fills more slowly. Always a copy: the cached baked level is never touched.
//!
//! Why the copy keeps the crate order: a level without a stored queue shuffles it from its seed, and a
//! copy with one colour fewer would shuffle a *new* order nobody measured (and a reshuffled copy can
//! come out harder than its level). The copy's queue is the level's own queue, the recoloured colour
//! taking the removed colour's places, stored explicitly.
//!
//! Why it is measured and stored: a recolouring can still make a board harder. The bake measures the
//! copy with the same trials as the level, proves it on its rail, and keeps it only when it
//! [`helps`]; it tries the least-used → most-common recolouring first and, when that does not help, every
//! other one ([`choose_help`]). A level no recolouring helps is not shipped.

use std::sync::Arc;

use thiserror::Error;

use screwsmith_rules::level::{HelpData, LevelData, Measure, SolveStatus};
use screwsmith_rules::sim::{crate_queue, CompiledLevel};
use screwsmith_solver::{solve_shared, SolveOptions};

/// Losses on one level after which the next try uses the help copy.
pub const LOSSES_BEFORE_HELP: u32 = 3;

/// How much lower (in basis points of fail rate: 1000 = 10 points) the copy's human fail rate must be.
pub const HELP_MARGIN_BP: u32 = 1000;

/// Measures a help copy with `opts` (the level's own measuring options; the editor adds its cancel
/// flag): `None` when it is not a valid level or not readable (the player must read the copy as well as
/// the level). The bake, the validator and the editor's verdict all measure copies here.
pub fn measure_copy(copy: &LevelData, opts: &SolveOptions) -> Option<Measure> {
    let compiled = Arc::new(CompiledLevel::new(copy.clone()).ok()?);
    let measure = solve_shared(&compiled, opts).to_measure();
    let mut measured = copy.clone();
    measured.measure = Some(measure.clone());
    screwsmith_readability::audit::check_level(&measured).ok()?;
    Some(measure)
}

/// Whether a level with this many saved losses should be played as its help copy.
pub fn needs_help(losses: u32) -> bool {
    losses >= LOSSES_BEFORE_HELP
}

/// `(least used, most common)` palette colours, or `None` with fewer than two colours. Ties go to the
/// lower palette index for "most common" and the higher index for "least used", so the choice is stable.
pub fn help_colours(level: &LevelData) -> Option<(u8, u8)> {
    let counts = level.colour_counts();
    if counts.len() < 2 {
        return None;
    }
    let most = counts
        .iter()
        .max_by(|a, b| a.1.cmp(b.1).then(b.0.cmp(a.0)))
        .map(|(&c, _)| c)?;
    let least = counts
        .iter()
        .filter(|(&c, _)| c != most)
        .min_by(|a, b| a.1.cmp(b.1).then(b.0.cmp(a.0)))
        .map(|(&c, _)| c)?;
    Some((least, most))
}

/// Every recolouring `(from, to)` a help copy may use, the least-used → most-common one first, then the
/// others in palette order. Counts stay multiples of 3 whichever colour goes (both counts were).
pub fn recolourings(level: &LevelData) -> Vec<(u8, u8)> {
    let Some(first) = help_colours(level) else {
        return Vec::new();
    };
    let mut out = vec![first];
    for &from in &level.colors {
        for &to in &level.colors {
            if from != to && (from, to) != first {
                out.push((from, to));
            }
        }
    }
    out
}

/// The level with colour `from` recoloured to `to`: screws, and the crate queue in the level's own order
/// (stored explicitly). The level's measure and help no longer describe this board and are dropped.
pub fn recoloured(level: &LevelData, from: u8, to: u8) -> LevelData {
    let mut copy = level.clone();
    for s in &mut copy.screws {
        if s.color == from {
            s.color = to;
        }
    }
    let queue = crate_queue(level)
        .into_iter()
        .map(|c| if c == from { to } else { c })
        .collect();
    copy.crate_queue = Some(queue);
    copy.colors.retain(|&c| c != from);
    copy.measure = None;
    copy.help = None;
    copy
}

/// The help copy the game plays: the stored recolouring with its stored measure; for a level without a
/// stored help (a hand-made level) the least-used → most-common recolouring, unmeasured; a one-colour
/// level is left as it is.
pub fn help_copy(level: &LevelData) -> LevelData {
    if let Some(h) = &level.help {
        let mut copy = recoloured(level, h.from, h.to);
        copy.measure = Some(h.measure.clone());
        return copy;
    }
    match help_colours(level) {
        Some((least, most)) => recoloured(level, least, most),
        None => level.clone(),
    }
}

/// A stored rate in basis points (0.3750 → 3750): the help rule compares integers, never floats.
pub fn basis_points(rate: f64) -> u32 {
    (screwsmith_solver::round_stored(rate.clamp(0.0, 1.0)) * 10_000.0).round() as u32
}

/// The help rule: the copy is proven, its human fail rate is at most the level's minus 10
/// points (0 % where the level is at most 10 %), and its competent win rate is not lower.
pub fn helps(level: &Measure, copy: &Measure) -> bool {
    let fail = basis_points(level.human_fail_rate);
    let copy_fail = basis_points(copy.human_fail_rate);
    let win = |m: &Measure| basis_points(m.competent_win_rate.unwrap_or(0.0));
    let allowed = fail.saturating_sub(HELP_MARGIN_BP);
    copy.status == SolveStatus::Proven && copy_fail <= allowed && win(copy) >= win(level)
}

/// Why a level has no help copy to ship.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum HelpError {
    #[error("level {level}: the level has no measure to compare a help copy with")]
    Unmeasured { level: u32 },
    #[error("level {level}: fewer than two colours, no recolouring to help with")]
    OneColour { level: u32 },
    #[error("level {level}: none of {tried} recolourings helps (fail ≤ level − 10 points, or 0 % at ≤ 10 %, competent win not lower)")]
    NoHelpingRecolouring { level: u32, tried: usize },
}

/// Chooses the stored help copy: the least-used → most-common recolouring when it [`helps`], else the
/// easiest helping one of all the others (lowest human fail rate, then highest competent win rate, then
/// the first in [`recolourings`] order). `measure` measures a copy (the bake plugs in the solver; `None`
/// when it cannot be measured).
pub fn choose_help(
    level: &LevelData,
    mut measure: impl FnMut(&LevelData) -> Option<Measure>,
) -> Result<HelpData, HelpError> {
    let n = level.number;
    let own = level
        .measure
        .as_ref()
        .ok_or(HelpError::Unmeasured { level: n })?;
    let options = recolourings(level);
    let Some((&(from, to), others)) = options.split_first() else {
        return Err(HelpError::OneColour { level: n });
    };
    let first = measure(&recoloured(level, from, to));
    if let Some(m) = first.filter(|m| helps(own, m)) {
        return Ok(HelpData {
            from,
            to,
            measure: m,
        });
    }
    let mut best: Option<HelpData> = None;
    for &(from, to) in others {
        let Some(m) = measure(&recoloured(level, from, to)).filter(|m| helps(own, m)) else {
            continue;
        };
        let key = |m: &Measure| {
            (
                basis_points(m.human_fail_rate),
                u32::MAX - basis_points(m.competent_win_rate.unwrap_or(0.0)),
            )
        };
        if best.as_ref().is_none_or(|b| key(&m) < key(&b.measure)) {
            best = Some(HelpData {
                from,
                to,
                measure: m,
            });
        }
    }
    best.ok_or(HelpError::NoHelpingRecolouring {
        level: n,
        tried: options.len(),
    })
}
