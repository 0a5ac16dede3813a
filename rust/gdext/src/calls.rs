//! How many calls GDScript makes into the extension. Each call across the engine boundary costs
//! 13–30 µs in a debug build, most of a tap frame once there are a dozen of them, so the board
//! benchmark counts them per tap (`GameSim.extension_calls()`). Every `#[func]` of every class starts
//! with [`count`] (checked by `tests/calls_counted.rs`); the counter itself is the one exception.

use std::sync::atomic::{AtomicU64, Ordering};

static CALLS: AtomicU64 = AtomicU64::new(0);

/// One call from GDScript arrived.
#[inline]
pub fn count() {
    CALLS.fetch_add(1, Ordering::Relaxed);
}

/// Calls counted since the library loaded.
pub fn total() -> u64 {
    CALLS.load(Ordering::Relaxed)
}
