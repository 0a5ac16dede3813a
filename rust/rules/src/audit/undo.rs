//! UndoAudit (docs/design.md §6): random play on every level; before each move a snapshot, then apply, undo and
//! compare. The solver backtracks with this undo, so a solver verdict is only as good as this audit.
//!
//! Random walks lose after about 16 moves, so they never reach a level's end game (the last crates, the
//! cascades that finish a level). A second walk therefore follows the level's stored solution to its
//! last move, taking random detours off it (one to [`UndoAuditConfig::max_detour`] audited moves) and
//! undoing back onto it, where the whole board must equal the snapshot taken before the detour.
//!
//! Four bug switches prove it can fail: `legacy_crate_undo` (the real crate-undo bug),
//! `corrupt_snapshot` (the snapshot drops crate ids), `sticky_locks` (undo forgets to close the
//! locks a removed key opened) and `forgetful_bomb_undo` (undo keeps the bomb counters the move left).

use std::sync::Arc;

use serde::Serialize;

use crate::rng::Rng;
use crate::sim::{CompiledLevel, GameSim, Move, Snapshot, Status};

/// Audit settings.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct UndoAuditConfig {
    /// Most moves per level.
    pub max_moves: u32,
    /// Chance (percent) that a move is a wrench tap, when one is legal. docs/design.md §6.1: 15 %.
    pub wrench_percent: u32,
    pub seed: u32,
    /// Bug switch: legacy crate restore in undo.
    pub legacy_crate_undo: bool,
    /// Bug switch: undo leaves the bomb counters as the move left them.
    pub forgetful_bomb_undo: bool,
    /// Bug switch: the pre-move snapshot drops crate ids.
    pub corrupt_snapshot: bool,
    /// Bug switch: undo leaves opened locks open.
    pub sticky_locks: bool,
    /// Also walk the stored solution (when the level has one) with detours.
    pub solution_walk: bool,
    /// Chance (percent) of a detour before each solution move.
    pub detour_percent: u32,
    /// Most moves in one detour.
    pub max_detour: u32,
}

impl Default for UndoAuditConfig {
    fn default() -> Self {
        UndoAuditConfig {
            max_moves: 60,
            wrench_percent: 15,
            seed: 0x5C2E_3001,
            legacy_crate_undo: false,
            forgetful_bomb_undo: false,
            corrupt_snapshot: false,
            sticky_locks: false,
            solution_walk: true,
            detour_percent: 30,
            max_detour: 3,
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
    /// Moves audited per level, in level order (random walk + solution walk with its detours).
    pub moves_per_level: Vec<u64>,
    /// Levels whose solution walk reached its last move and won.
    pub reached_end: usize,
    pub mismatches: Vec<Mismatch>,
}

impl UndoAuditReport {
    /// Fewest and median moves audited on one level (`(0, 0)` for no level).
    pub fn moves_min_median(&self) -> (u64, u64) {
        let mut v = self.moves_per_level.clone();
        v.sort_unstable();
        (
            v.first().copied().unwrap_or(0),
            v.get(v.len() / 2).copied().unwrap_or(0),
        )
    }

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

/// One level: the random walk, then the solution walk.
fn audit_level(level: &Arc<CompiledLevel>, cfg: &UndoAuditConfig, report: &mut UndoAuditReport) {
    let number = level.data.number;
    let before = report.moves;
    let mut rng = Rng::new(cfg.seed ^ number.wrapping_mul(0x9E37_79B9));
    let mut sim = new_sim(level, cfg);
    for _ in 0..cfg.max_moves {
        let Some(mv) = random_move(&sim, cfg, &mut rng) else {
            break;
        };
        audit_move(level, &mut sim, mv, cfg, report);
    }
    if cfg.solution_walk {
        solution_walk(level, cfg, &mut rng, report);
    }
    report.moves_per_level.push(report.moves - before);
}

fn new_sim(level: &Arc<CompiledLevel>, cfg: &UndoAuditConfig) -> GameSim {
    let mut sim = GameSim::new(Arc::clone(level));
    sim.set_legacy_crate_undo(cfg.legacy_crate_undo);
    sim.set_sticky_locks(cfg.sticky_locks);
    sim.set_forgetful_bomb_undo(cfg.forgetful_bomb_undo);
    sim
}

/// A random legal move (a wrench tap with `wrench_percent` chance when one is legal), or none.
fn random_move(sim: &GameSim, cfg: &UndoAuditConfig, rng: &mut Rng) -> Option<Move> {
    let legal = sim.legal_moves();
    if legal.is_empty() {
        return None;
    }
    let wrenches: Vec<Move> = legal.iter().copied().filter(|m| m.is_wrench()).collect();
    let taps: Vec<Move> = legal.iter().copied().filter(|m| !m.is_wrench()).collect();
    let use_wrench =
        !wrenches.is_empty() && (taps.is_empty() || rng.chance_percent(cfg.wrench_percent));
    let pool = if use_wrench { &wrenches } else { &taps };
    rng.pick(pool).copied()
}

/// The stored solution move by move, each audited; before each, with `detour_percent` chance, a detour
/// of audited random moves that is then undone back onto the solution and compared with the snapshot
/// taken before it. Counts the level in `reached_end` when the walk wins.
fn solution_walk(
    level: &Arc<CompiledLevel>,
    cfg: &UndoAuditConfig,
    rng: &mut Rng,
    report: &mut UndoAuditReport,
) {
    let Some(solution) = level.data.measure.as_ref().map(|m| m.solution.clone()) else {
        return;
    };
    if solution.is_empty() {
        return;
    }
    let mut sim = new_sim(level, cfg);
    for &step in &solution {
        if cfg.max_detour > 0 && rng.chance_percent(cfg.detour_percent) {
            let on_path = snapshot(&sim, cfg);
            let depth = 1 + rng.below(cfg.max_detour);
            let mut taken = 0;
            for _ in 0..depth {
                let Some(mv) = random_move(&sim, cfg, rng) else {
                    break;
                };
                audit_move(level, &mut sim, mv, cfg, report);
                taken += 1;
            }
            for _ in 0..taken {
                let _ = sim.undo();
            }
            let fields = on_path.diff(&Snapshot::capture(&sim));
            if !fields.is_empty() {
                report.mismatches.push(Mismatch {
                    level: level.data.number,
                    move_index: sim.history().len() as u32,
                    mv: step,
                    fields,
                });
                sim = replay(level, &sim, cfg); // the history is back on the path
            }
        }
        if sim.status() != Status::Playing
            || audit_move(level, &mut sim, step, cfg, report).is_none()
        {
            return; // the stored solution stopped replaying: validate reports that, not this audit
        }
    }
    report.reached_end += (sim.status() == Status::Won) as usize;
}

/// The pre-move snapshot (corrupted under the `corrupt_snapshot` switch).
fn snapshot(sim: &GameSim, cfg: &UndoAuditConfig) -> Snapshot {
    let s = Snapshot::capture(sim);
    if cfg.corrupt_snapshot {
        s.without_crate_ids()
    } else {
        s
    }
}

/// Snapshot, apply, undo, compare, apply again; `None` when the move is refused.
fn audit_move(
    level: &Arc<CompiledLevel>,
    sim: &mut GameSim,
    mv: Move,
    cfg: &UndoAuditConfig,
    report: &mut UndoAuditReport,
) -> Option<()> {
    let move_index = sim.history().len() as u32;
    let before = snapshot(sim, cfg);
    let rec = *sim.apply(mv).ok()?;
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
    let fields = before.diff(&Snapshot::capture(sim));
    if !fields.is_empty() {
        report.mismatches.push(Mismatch {
            level: level.data.number,
            move_index,
            mv,
            fields,
        });
        // Continue from a clean replay so one mismatch does not cascade into every later move.
        *sim = replay(level, sim, cfg);
    }
    sim.apply(mv).expect("the same move is legal again");
    Some(())
}

/// Rebuilds a game by replaying the moves of `from` on a fresh sim (its history is intact even when
/// its undo restored the wrong state).
fn replay(level: &Arc<CompiledLevel>, from: &GameSim, cfg: &UndoAuditConfig) -> GameSim {
    let mut sim = new_sim(level, cfg);
    for rec in from.history() {
        let _ = sim.play(rec.screw, rec.wrench);
    }
    sim
}
