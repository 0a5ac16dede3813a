//! What each bound of the proof search did: how often it was asked, how often it settled the state
//! (no win, without expanding it), and the time it took. A bound that settles little for its cost is
//! one to ask less often, so these are kept per search ([`crate::prover::Prover::stats`]) and summed
//! over the process ([`totals`]), which the benchmarks and the bake print.
//!
//! The counters never feed a result: a search reads its own only to decide *where* a bound is asked
//! (which never changes a verdict), and the process totals are only printed.
//!
//! **Time.** Reading the clock costs tens of nanoseconds, as much as the dead-state bound itself, so
//! that bound is timed on one call in [`DEAD_SAMPLE`] and its time scaled up, and the reach bound
//! inside the search (asked tens of thousands of times, under a microsecond each) on one in
//! [`REACH_SAMPLE_TIME`]; the other bounds, asked far less often and costing
//! microseconds, are timed on every call.

use std::fmt;
use std::sync::atomic::{AtomicU64, Ordering};

/// One call in this many of the dead-state bound is timed.
pub const DEAD_SAMPLE: u64 = 256;

/// One question in this many of the reach bound inside the search is timed.
pub const REACH_SAMPLE_TIME: u64 = 16;

/// One bound's counters.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Hits {
    /// States (or searches, for the bounds on a search's start) it was asked about.
    pub asked: u64,
    /// Of those, the ones it showed to have no win.
    pub settled: u64,
    /// Time spent in it, in nanoseconds.
    pub ns: u64,
}

impl Hits {
    fn add(&mut self, other: &Hits) {
        self.asked += other.asked;
        self.settled += other.settled;
        self.ns += other.ns;
    }
}

/// Every bound's counters.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct BoundStats {
    /// [`crate::dead`], at every state (its time sampled, see the module doc).
    pub dead: Hits,
    /// [`crate::reach`] on a search's start.
    pub reach: Hits,
    /// [`crate::reach`] inside the search, near its start.
    pub reach_inner: Hits,
    /// [`crate::horizon`] on a search's start (building it included).
    pub horizon: Hits,
}

/// The bounds' names, in [`BoundStats::rows`] order.
pub const NAMES: [&str; 4] = ["dead", "reach", "reach inner", "horizon"];

impl BoundStats {
    /// The counters in [`NAMES`] order.
    pub fn rows(&self) -> [Hits; 4] {
        [self.dead, self.reach, self.reach_inner, self.horizon]
    }

    fn rows_mut(&mut self) -> [&mut Hits; 4] {
        [
            &mut self.dead,
            &mut self.reach,
            &mut self.reach_inner,
            &mut self.horizon,
        ]
    }

    /// Adds `other`'s counters to these.
    pub fn add(&mut self, other: &BoundStats) {
        for (a, b) in self.rows_mut().into_iter().zip(other.rows()) {
            a.add(&b);
        }
    }

    /// Adds these counters to the process totals.
    pub fn publish(&self) {
        for (k, h) in self.rows().iter().enumerate() {
            for (j, v) in [h.asked, h.settled, h.ns].into_iter().enumerate() {
                if v != 0 {
                    TOTALS[k * 3 + j].fetch_add(v, Ordering::Relaxed);
                }
            }
        }
    }
}

impl fmt::Display for BoundStats {
    /// One line per bound: settled of asked, the rate, the time and the time per question.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (name, h) in NAMES.iter().zip(self.rows()) {
            writeln!(
                f,
                "{name:<14} settled {:>10} of {:>11} asked ({:>5.1} %), {:>9.1} ms, {:>8.0} ns a question",
                h.settled,
                h.asked,
                h.settled as f64 * 100.0 / h.asked.max(1) as f64,
                h.ns as f64 / 1e6,
                h.ns as f64 / h.asked.max(1) as f64
            )?;
        }
        Ok(())
    }
}

static TOTALS: [AtomicU64; 12] = [const { AtomicU64::new(0) }; 12];

/// The counters of every search finished in this process so far (summed over threads).
pub fn totals() -> BoundStats {
    let mut out = BoundStats::default();
    for (k, h) in out.rows_mut().into_iter().enumerate() {
        h.asked = TOTALS[k * 3].load(Ordering::Relaxed);
        h.settled = TOTALS[k * 3 + 1].load(Ordering::Relaxed);
        h.ns = TOTALS[k * 3 + 2].load(Ordering::Relaxed);
    }
    out
}
