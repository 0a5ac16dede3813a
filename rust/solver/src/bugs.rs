//! Breaking switches for the bounds of the proof search, compiled only with the `bug-switches`
//! feature (the solver's own tests turn it on; no shipping build does). Each one makes a bound claim
//! "no win" where a win may exist, so the differential tests can show that they catch such a bound.

/// Which bound to break. All off is the real search.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Bugs {
    /// [`crate::horizon`]: count the screws of colours with an active crate as if they had to wait on
    /// the rail too.
    pub horizon_counts_open: bool,
    /// [`crate::reach`]: let a covering part move off a screw only by falling, never by swinging away.
    pub reach_needs_fall: bool,
    /// [`crate::reach`]: ask for one seal more than the pull being looked at needs (an off-by-one in
    /// the queue arithmetic).
    pub reach_one_seal_more: bool,
    /// [`crate::prover`]: at the first stretch's mark, ask the start's questions about the state the
    /// search is at, not about the start (the copy's moves not undone).
    pub mark_skips_undo: bool,
    /// [`crate::reach`]: a question cut short by its work ([`crate::reach::Ask::work`]) answers "no
    /// win" instead of "not settled".
    pub cut_short_is_dead: bool,
}
