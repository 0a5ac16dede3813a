//! The level file's shape, exactly as docs/design.md §8 fixes it. Fields may be added (here, in code);
//! none may change meaning. An unknown field in a file is an error: a typo (`crate_que`) would otherwise
//! silently change the level. Cells are `[x, y]` with y growing downward (hanging poses hang down).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::moves::Move;

/// `[x, y]`, y downward.
pub type Cell = [u8; 2];

/// `{"format": 1, "levels": [...]}`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LevelFile {
    pub format: u32,
    pub levels: Vec<LevelData>,
}

fn default_crate_slots() -> u8 {
    2
}

/// One level. `screws[].color` and `crate_queue` hold palette indices that must appear in `colors`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LevelData {
    pub number: u32,
    pub seed: u32,
    pub machine: u8,
    pub band: u8,
    pub width: u8,
    pub height: u8,
    pub rail_slots: u8,
    #[serde(default = "default_crate_slots")]
    pub crate_slots: u8,
    #[serde(default)]
    pub wrench_charges: u8,
    pub colors: Vec<u8>,
    pub parts: Vec<PartData>,
    pub screws: Vec<ScrewData>,
    /// Explicit crate order (one entry per crate, a palette colour each). When absent the queue is
    /// shuffled from `seed` (see `sim::crate_queue`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub crate_queue: Option<Vec<u8>>,
    /// The stored SolveReport; the validator recomputes and compares every value.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub measure: Option<Measure>,
    /// The invisible-help copy the 4th try after three losses plays (docs/design.md §2): which colour is
    /// recoloured into which, and the copy's own measure. The validator recomputes it too.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub help: Option<HelpData>,
}

/// A level's stored help copy: every screw and crate of colour `from` becomes colour `to` (the crate
/// order otherwise kept), measured with the same trials as the level and proven on its rail.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HelpData {
    pub from: u8,
    pub to: u8,
    pub measure: Measure,
}

/// A panel. `hang` maps a screw id (JSON object keys are strings: `"7"`) to the cells the panel covers
/// while that screw is the last one holding it. A screw without an entry leaves the panel at rest.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PartData {
    pub id: u16,
    pub layer: u8,
    pub rest: Vec<Cell>,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub hang: BTreeMap<u16, Vec<Cell>>,
}

/// A screw, fixed in the world at `cell` (a cell of its part's rest pose).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScrewData {
    pub id: u16,
    pub part: u16,
    pub cell: Cell,
    pub color: u8,
    #[serde(default)]
    pub kind: ScrewKind,
    #[serde(default)]
    pub hidden: bool,
    /// The id of the screw that holds this screw's key: while that screw is on the board, this one
    /// cannot be turned. Removing the key screw opens every lock it holds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub locked_by: Option<u16>,
    /// A countdown bomb: the moves it allows while it is uncovered before it goes off (see
    /// `GameSim::play` for why only those moves count). Removing the screw defuses it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bomb: Option<u8>,
}

/// `normal` | `rusty` (first tap loosens, second removes) | `bolt` (wrench only).
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum ScrewKind {
    #[default]
    Normal,
    Rusty,
    Bolt,
}

/// The solver's verdict (docs/design.md §3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SolveStatus {
    /// A won human trial or the DFS found a win: the stored solution replays to it.
    Proven,
    /// The DFS explored the whole space without a win.
    Unsolvable,
    /// The DFS hit its node limit: "not proven", never "impossible".
    SearchExhausted,
    /// A screw can never become accessible: a design error, not a hard level.
    Broken,
}

impl SolveStatus {
    /// The verdict in words, as the file spells it.
    pub fn name(self) -> &'static str {
        match self {
            SolveStatus::Proven => "proven",
            SolveStatus::Unsolvable => "unsolvable",
            SolveStatus::SearchExhausted => "search exhausted (not proven)",
            SolveStatus::Broken => "broken",
        }
    }
}

/// The stored measurement of a level (the SolveReport's shippable part). Floats are stored rounded;
/// `screwsmith validate` recomputes each value and compares within the tolerances stated in the code.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Measure {
    pub status: SolveStatus,
    pub human_fail_rate: f64,
    pub average_peak_rail: f64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min_rail_slots: Option<u8>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unique: Option<bool>,
    pub taps: u32,
    pub difficulty: u8,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub blunder_rate: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub competent_win_rate: Option<f64>,
    /// Smallest rail on which the competent player wins at least half its trials (a designer metric
    /// next to `min_rail_slots`, which is perfect play).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub competent_min_rail: Option<u8>,
    /// Moves by screw id: `{"tap": 7}` or `{"wrench": 12}`.
    #[serde(default)]
    pub solution: Vec<Move>,
}

impl LevelData {
    /// Total taps a full clear takes: a rusty screw counts twice (docs/design.md §3).
    pub fn taps(&self) -> u32 {
        self.screws
            .iter()
            .map(|s| if s.kind == ScrewKind::Rusty { 2 } else { 1 })
            .sum()
    }

    /// Number of screws of each palette colour, in palette order.
    pub fn colour_counts(&self) -> BTreeMap<u8, usize> {
        let mut counts = BTreeMap::new();
        for s in &self.screws {
            *counts.entry(s.color).or_insert(0) += 1;
        }
        counts
    }
}
