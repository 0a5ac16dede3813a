//! Audits: checks over a whole level set that must be able to fail. Each ships with the switch that
//! breaks it and a test that the audit catches the break.

pub mod undo;
