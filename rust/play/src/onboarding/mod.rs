//! A player's first hour: what the game introduces, and when — decided here, drawn by the
//! board.
//!
//! - [`intro`]: the one-card introductions. Which mechanics a level carries is read from its data
//!   (never a table of level numbers), so the first level of each mechanic in the baked set is where
//!   a player going in order meets its card; the wall is the level the curve calls the wall.
//! - [`bench_gate`]: a Daily Bench waits until the player has met in the levels everything it
//!   carries, and names the level that introduces what is missing.
//! - [`guide`]: level 1's guided taps — a pointer on a screw that goes straight into a crate, then on
//!   one that must go to the rail — chosen from the live `GameSim`, done once the player has made each
//!   kind of move.
//!
//! What the player has seen is kept in the save ([`crate::save::SaveData::seen_intros`]): each card
//! shows once; "Show introductions again" in the settings empties the set.

pub mod bench_gate;
pub mod guide;
pub mod intro;

pub use bench_gate::Unmet;
pub use guide::{GuideStep, GUIDED_LEVEL, GUIDE_ID};
pub use intro::{first_levels, Intro};
