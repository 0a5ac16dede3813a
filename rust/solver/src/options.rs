//! What a caller can tune about a solve: budgets, the verify switch, cancellation and progress.
//!
//! Everything here is plain data behind `Arc`s, so a `SolveOptions` can be handed to a background thread
//! (the game runs the solver off the main thread and may cancel it when the player leaves the screen).

use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// Nodes (moves played) per search: docs/design.md §3's 120,000, raised so that every barely
/// solvable board of the `proofs` benchmark is proven, the hardest needing 387,241 moves of the reduced
/// search. On the shipped set the raise plays no extra move (every search there ends below 120,000);
/// only a search that would have given up pays, at the reduced search's ≈ 5 million moves a second.
pub const DEFAULT_NODE_LIMIT: u64 = 400_000;
/// docs/design.md §3: 24 human trials.
pub const DEFAULT_TRIALS: u32 = 24;
/// Budget of the blunder rate (states visited plus winnability nodes): a quarter for the exact count,
/// which fits the hand-made and warm-up levels, the rest for the sampled walks of larger ones. Sized so
/// a 60-screw level verifies in a fraction of a second (the generator verifies 200 winners).
pub const DEFAULT_BLUNDER_NODE_LIMIT: u64 = 400_000;

/// Called with the fraction done, 0.0..=1.0 (display only; never feeds a result).
pub type ProgressFn = Arc<dyn Fn(f32) + Send + Sync>;

/// How to solve. `Default` is docs/design.md §3's seed settings without the full verification.
#[derive(Clone)]
pub struct SolveOptions {
    /// DFS nodes (moves played) per rail size before giving up with `SearchExhausted`.
    pub node_limit: u64,
    /// Human (and competent-player) trials.
    pub trials: u32,
    /// Also run stage 4 (min rail, unique solution, replay) and the blunder rate: the expensive designer
    /// metrics. Off by default so the generator can measure hundreds of candidates per level cheaply.
    pub verify: bool,
    /// Budget of the blunder-rate enumeration (only runs when `verify`).
    pub blunder_node_limit: u64,
    /// Also play the competent player's trials in stage 2. Its win rate ranks nothing: the bake's
    /// search turns this off for the hundreds of candidates it ranks by the human figures, and
    /// [`crate::measure_competent`] plays them for the few it curates (identical figures).
    pub competent: bool,
    /// Set to `true` from any thread to stop the search; the report then says `cancelled`.
    pub cancel: Option<Arc<AtomicBool>>,
    /// Progress reports for a UI.
    pub progress: Option<ProgressFn>,
}

impl Default for SolveOptions {
    fn default() -> Self {
        SolveOptions {
            node_limit: DEFAULT_NODE_LIMIT,
            trials: DEFAULT_TRIALS,
            verify: false,
            blunder_node_limit: DEFAULT_BLUNDER_NODE_LIMIT,
            competent: true,
            cancel: None,
            progress: None,
        }
    }
}

impl fmt::Debug for SolveOptions {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SolveOptions")
            .field("node_limit", &self.node_limit)
            .field("trials", &self.trials)
            .field("verify", &self.verify)
            .field("blunder_node_limit", &self.blunder_node_limit)
            .field("competent", &self.competent)
            .field("cancel", &self.cancel.is_some())
            .field("progress", &self.progress.is_some())
            .finish()
    }
}

impl SolveOptions {
    /// The seed settings plus full verification (what the baker runs on a level about to ship).
    pub fn verifying() -> Self {
        SolveOptions {
            verify: true,
            ..Default::default()
        }
    }

    /// Whether the caller asked to stop.
    #[inline]
    pub fn is_cancelled(&self) -> bool {
        self.cancel
            .as_ref()
            .is_some_and(|c| c.load(Ordering::Relaxed))
    }

    /// Reports progress, clamped to 0..=1.
    pub fn report_progress(&self, done: f32) {
        if let Some(p) = &self.progress {
            p(done.clamp(0.0, 1.0));
        }
    }
}
