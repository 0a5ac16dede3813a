//! Invisible help (SPEC §2): after 3 losses on the same level, the player gets a copy in which the
//! least-used colour is recoloured to the most common colour. Fewer colours means fewer crates to wait for,
//! so the rail fills more slowly. Always a copy: the cached baked level is never touched.

use screwsmith_rules::level::LevelData;

/// Losses on one level after which the next try uses the help copy.
pub const LOSSES_BEFORE_HELP: u32 = 3;

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

/// The help copy: every screw and queued crate of the least-used colour takes the most common colour;
/// the colour leaves the level's colour list. Counts stay multiples of 3 (both were), so the crates still
/// match. The stored measurement no longer describes this board and is dropped.
pub fn help_copy(level: &LevelData) -> LevelData {
    let mut copy = level.clone();
    let Some((least, most)) = help_colours(level) else {
        return copy;
    };
    for s in &mut copy.screws {
        if s.color == least {
            s.color = most;
        }
    }
    if let Some(queue) = &mut copy.crate_queue {
        for c in queue.iter_mut() {
            if *c == least {
                *c = most;
            }
        }
    }
    copy.colors.retain(|&c| c != least);
    copy.measure = None;
    copy
}
