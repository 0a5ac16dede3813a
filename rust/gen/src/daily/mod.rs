//! Daily Bench (docs/design.md §5): the same proven board for everyone on a given UTC date, made on the device with
//! no server.
//!
//! - [`bench`]: the board of a date, with the fallback ladder.
//! - [`clock`]: the bench of a moment and the countdown to the next.
//! - [`date`]: bench numbers from dates.
//! - [`score`]: what an attempt scores (actions, fewer is better).
//! - [`share`]: the shareable result text.

pub mod bench;
pub mod clock;
pub mod date;
pub mod score;
pub mod share;

pub use clock::{bench_at, Countdown};
pub use date::{bench_number, parse_date, DateError, FIRST_BENCH_DAY};
pub use share::ShareParts;
