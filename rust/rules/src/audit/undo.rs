//! UndoAudit (SPEC §6): random play on every level; before each move a snapshot, then apply, undo and
//! compare. The solver backtracks with this undo, so a solver verdict is only as good as this audit.
//!
//! Two bug switches prove it can fail: `legacy_crate_undo` (the real crate-undo bug) and
//! `corrupt_snapshot` (the snapshot drops crate ids).

use std::sync::Arc;

use serde::Serialize;

use crate::rng::Rng;
use crate::sim::{CompiledLevel, GameSim, Move, Snapshot};

/// Audit settings.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct UndoAuditConfig {
    /// Most moves per level.
    pub max_moves: u32,
    /// Chance (percent) that a move is a wrench tap, when one is legal. SPEC: 15 %.
    pub wrench_percent: u32,
    pub seed: u32,
    /// Bug switch: legacy crate restore in undo.
    pub legacy_crate_undo: bool,
    /// Bug switch: the pre-move snapshot drops crate ids.
    pub corrupt_snapshot: bool,
}

impl Default for UndoAuditConfig {
    fn default() -> Self {
        UndoAuditConfig {
            max_moves: 60,
            wrench_percent: 15,
            seed: 0x5C2E_3001,
            legacy_crate_undo: false,
            corrupt_snapshot: false,
        }
    }
}

/// One move whose undo did not restore the state.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Mismatch {
    pub level: u32,
    pub move_index: u32,
    #[serde(rename = "move")]
    pub mv: Move,
    pub fields: Vec<&'static str>,
}

/// What the audit checked and found.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct UndoAuditReport {
    pub levels: usize,
    pub moves: u64,
    /// Moves that sealed at least one crate (the dangerous ones for undo).
    pub seals: u64,
    /// Moves in which a crate pulled in the move sealed in the same move.
    pub cascades: u64,
    pub wrench_moves: u64,
    pub mismatches: Vec<Mismatch>,
}

impl UndoAuditReport {
    /// Whether undo was exact everywhere.
    pub fn passed(&self) -> bool {
        self.mismatches.is_empty()
    }
}

/// Runs the audit over `levels`.
pub fn run(levels: &[Arc<CompiledLevel>], cfg: &UndoAuditConfig) -> UndoAuditReport {
    let mut report = UndoAuditReport {
        levels: levels.len(),
        ..Default::default()
    };
    for level in levels {
        audit_level(level, cfg, &mut report);
    }
    report
}

fn audit_level(level: &Arc<CompiledLevel>, cfg: &UndoAuditConfig, report: &mut UndoAuditReport) {
    let number = level.data.number;
    let mut rng = Rng::new(cfg.seed ^ number.wrapping_mul(0x9E37_79B9));
    let mut sim = GameSim::new(Arc::clone(level));
    sim.set_legacy_crate_undo(cfg.legacy_crate_undo);
    for move_index in 0..cfg.max_moves {
        let legal = sim.legal_moves();
        if legal.is_empty() {
            break;
        }
        let wrenches: Vec<Move> = legal.iter().copied().filter(|m| m.is_wrench()).collect();
        let taps: Vec<Move> = legal.iter().copied().filter(|m| !m.is_wrench()).collect();
        let use_wrench =
            !wrenches.is_empty() && (taps.is_empty() || rng.chance_percent(cfg.wrench_percent));
        let pool = if use_wrench { &wrenches } else { &taps };
        let mv = *rng.pick(pool).expect("pool is not empty");

        let mut before = Snapshot::capture(&sim);
        if cfg.corrupt_snapshot {
            before = before.without_crate_ids();
        }
        let rec = *sim.apply(mv).expect("a legal move is accepted");
        report.moves += 1;
        report.wrench_moves += mv.is_wrench() as u64;
        if rec.n_sealed > 0 {
            report.seals += 1;
        }
        if rec
            .sealed()
            .iter()
            .any(|s| rec.pulled().iter().any(|p| p.id == s.id))
        {
            report.cascades += 1;
        }
        sim.undo().expect("a move was just made");
        let after = Snapshot::capture(&sim);
        let fields = before.diff(&after);
        if !fields.is_empty() {
            report.mismatches.push(Mismatch {
                level: number,
                move_index,
                mv,
                fields,
            });
            // Continue from a clean replay so one mismatch does not cascade into every later move.
            sim = replay(level, &sim, cfg);
        }
        sim.apply(mv).expect("the same move is legal again");
    }
}

/// Rebuilds a game by replaying the moves of `from` on a fresh sim (its history is intact even when
/// its undo restored the wrong state).
fn replay(level: &Arc<CompiledLevel>, from: &GameSim, cfg: &UndoAuditConfig) -> GameSim {
    let mut sim = GameSim::new(Arc::clone(level));
    sim.set_legacy_crate_undo(cfg.legacy_crate_undo);
    for rec in from.history() {
        let _ = sim.play(rec.screw, rec.wrench);
    }
    sim
}
