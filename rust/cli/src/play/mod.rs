//! `screwsmith play`: the real game in a terminal, over `GameSim` — no rules of its own.
//!
//! - [`app`]: the interaction state machine (cursor, typed screw ids, keys → moves), unit-tested.
//! - [`draw`]: renders an [`app::App`] with ratatui.
//! - [`terminal`]: the event loop (raw mode, mouse capture, restore on exit).

pub mod app;
pub mod draw;
pub mod terminal;
