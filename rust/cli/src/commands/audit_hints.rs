//! `screwsmith audit hints`: a hint at every state the shallow-human trials of a level set
//! pass through, timed one by one on this thread — the latency the game's worker would see — and, with
//! `--check`, each answer re-proved by a fresh full search (exit 1 when one is unsound). Per band: the
//! latency and node distributions (median, p99, max), answers that were not known within the node
//! limit, and how often a shallow player is already lost-in-waiting before the rail fills.

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::{Duration, Instant};

use clap::{Args, ValueEnum};
use screwsmith_rules::CompiledLevel;
use screwsmith_solver::hint::check::{check, Finding, CHECK_NODES};
use screwsmith_solver::hint::paths::human_paths;
use screwsmith_solver::hint::{hint, Hint, HintBug, HintOptions, Rewind, DEFAULT_HINT_NODES};
use screwsmith_solver::options::DEFAULT_TRIALS;

use super::audit_readability::select;
use crate::error::CliError;
use crate::input::{compiled_levels, levels_path};

#[derive(Args)]
pub struct HintsArgs {
    /// Level file (default: levels/levels.json).
    #[arg(long)]
    file: Option<PathBuf>,
    /// Level numbers, e.g. `1-35,36,101-200` (default: all).
    #[arg(long)]
    levels: Option<String>,
    /// Shallow-human trials per level.
    #[arg(long, default_value_t = DEFAULT_TRIALS)]
    trials: u32,
    /// Moves a hint's searches may play, over all of them.
    #[arg(long, default_value_t = DEFAULT_HINT_NODES)]
    node_limit: u64,
    /// Time each hint this many times and keep the fastest: on a shared machine the slower runs measure
    /// other processes' preemptions, not the search.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=100))]
    repeat: u32,
    /// Also re-prove every answer with a fresh full search (exit 1 when one is unsound).
    #[arg(long)]
    check: bool,
    /// Bug switch: break the hint on purpose (the check must then fail).
    #[arg(long, value_enum)]
    bug: Option<BugArg>,
    /// Print the report as JSON.
    #[arg(long)]
    json: bool,
}

#[derive(Clone, Copy, ValueEnum)]
enum BugArg {
    FirstLegalMove,
    RewindOneLate,
    ExhaustedIsLost,
}

impl From<BugArg> for HintBug {
    fn from(b: BugArg) -> Self {
        match b {
            BugArg::FirstLegalMove => HintBug::FirstLegalMove,
            BugArg::RewindOneLate => HintBug::RewindOneLate,
            BugArg::ExhaustedIsLost => HintBug::ExhaustedIsLost,
        }
    }
}

/// What one band (or the whole set) saw.
#[derive(Default)]
struct Band {
    times: Vec<Duration>,
    nodes: Vec<u64>,
    unknown: u32,
    /// States still being played whose hint is "lost".
    lost_playing: u32,
    playing: u32,
    trials: u32,
    lost_trials: u32,
    /// Lost trials whose win was gone at least one move before the rail filled, and those moves.
    waiting_trials: u32,
    waiting_moves: u64,
    /// Lost trials whose rewind point was not found within the node limit.
    rewind_unknown: u32,
    unsettled: u32,
    unsound: Vec<String>,
}

/// The value at `q` (0..=1) of sorted values, nearest rank.
fn quantile<T: Copy + Default>(sorted: &[T], q: f64) -> T {
    if sorted.is_empty() {
        return T::default();
    }
    let rank = (q * sorted.len() as f64).ceil() as usize;
    sorted[rank.clamp(1, sorted.len()) - 1]
}

impl Band {
    fn add(&mut self, other: &Band) {
        self.times.extend(&other.times);
        self.nodes.extend(&other.nodes);
        self.unknown += other.unknown;
        self.lost_playing += other.lost_playing;
        self.playing += other.playing;
        self.trials += other.trials;
        self.lost_trials += other.lost_trials;
        self.waiting_trials += other.waiting_trials;
        self.waiting_moves += other.waiting_moves;
        self.rewind_unknown += other.rewind_unknown;
        self.unsettled += other.unsettled;
        self.unsound.extend(other.unsound.iter().cloned());
    }

    fn json(&mut self, name: &str) -> serde_json::Value {
        self.times.sort();
        self.nodes.sort();
        let ms = |d: Duration| d.as_secs_f64() * 1e3;
        serde_json::json!({
            "band": name,
            "states": self.times.len(),
            "ms_median": ms(quantile(&self.times, 0.5)),
            "ms_p99": ms(quantile(&self.times, 0.99)),
            "ms_max": ms(quantile(&self.times, 1.0)),
            "nodes_median": quantile(&self.nodes, 0.5),
            "nodes_p99": quantile(&self.nodes, 0.99),
            "nodes_max": quantile(&self.nodes, 1.0),
            "unknown": self.unknown,
            "playing_states": self.playing,
            "playing_states_lost": self.lost_playing,
            "trials": self.trials,
            "lost_trials": self.lost_trials,
            "lost_in_waiting_trials": self.waiting_trials,
            "waiting_moves_mean": self.waiting_moves as f64 / self.waiting_trials.max(1) as f64,
            "rewind_unknown": self.rewind_unknown,
            "unsettled": self.unsettled,
            "unsound": self.unsound.len(),
        })
    }
}

pub fn run(args: HintsArgs) -> Result<ExitCode, CliError> {
    let path = levels_path(args.file)?;
    let levels = select(compiled_levels(&path)?, args.levels.as_deref())?;
    let opts = HintOptions {
        bug: args.bug.map(HintBug::from),
        ..HintOptions::new(args.node_limit, None)
    };
    let started = Instant::now();
    let mut bands: Vec<Band> = Vec::new();
    for level in &levels {
        let band = level.data().band as usize;
        if bands.len() <= band {
            bands.resize_with(band + 1, Band::default);
        }
        let how = How {
            trials: args.trials,
            repeat: args.repeat,
            check: args.check,
        };
        audit_level(level, &how, &opts, &mut bands[band]);
    }
    let mut all = Band::default();
    for b in &bands {
        all.add(b);
    }
    let mut rows: Vec<serde_json::Value> = bands
        .iter_mut()
        .enumerate()
        .filter(|(_, b)| !b.times.is_empty())
        .map(|(n, b)| b.json(&n.to_string()))
        .collect();
    rows.push(all.json("all"));
    let unsound = all.unsound.len();
    if args.json {
        let value = serde_json::json!({
            "levels": levels.len(),
            "checked": args.check,
            "repeat": args.repeat,
            "bands": rows,
            "unsound_list": all.unsound,
            "seconds": started.elapsed().as_secs_f64(),
        });
        say!("{}", serde_json::to_string_pretty(&value).expect("json"));
    } else {
        print_text(&rows, &all.unsound, args.check)?;
        say!(
            "{} levels in {:.1?}; each hint timed alone on this thread, the fastest of {} runs",
            levels.len(),
            started.elapsed(),
            args.repeat
        );
    }
    Ok(if unsound == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// Trials per level, timing runs per hint, and whether to check.
struct How {
    trials: u32,
    repeat: u32,
    check: bool,
}

/// Hints (and checks) every point of every trial of one level into its band.
fn audit_level(level: &Arc<CompiledLevel>, how: &How, opts: &HintOptions, band: &mut Band) {
    for path in human_paths(level, how.trials) {
        band.trials += 1;
        for k in path.points() {
            let moves = &path.moves[..k];
            let mut fastest = Duration::MAX;
            let mut answer = None;
            for _ in 0..how.repeat {
                let started = Instant::now();
                answer = hint(level, moves, opts).ok();
                fastest = fastest.min(started.elapsed());
            }
            let Some(report) = answer else {
                continue; // unreachable: a trial's moves are legal and only its end can be won
            };
            band.times.push(fastest);
            band.nodes.push(report.nodes);
            let end = k == path.moves.len();
            if !end {
                band.playing += 1;
            }
            match &report.hint {
                Hint::Unknown(_) => band.unknown += 1,
                Hint::Lost(rewind) if end => {
                    band.lost_trials += 1;
                    match rewind {
                        Rewind::To { moves: last, .. } if last + 1 < k => {
                            band.waiting_trials += 1;
                            band.waiting_moves += (k - 1 - last) as u64;
                        }
                        Rewind::Unknown(_) => band.rewind_unknown += 1,
                        _ => {}
                    }
                }
                Hint::Lost(_) => band.lost_playing += 1,
                Hint::Move { .. } => {}
            }
            if how.check {
                match check(level, moves, &report.hint, CHECK_NODES) {
                    Finding::Sound => {}
                    Finding::Unsettled(_) => band.unsettled += 1,
                    Finding::Unsound(u) => band.unsound.push(format!(
                        "level {} trial {} after {k} moves: {u}",
                        level.data().number,
                        path.trial
                    )),
                }
            }
        }
    }
}

fn print_text(
    rows: &[serde_json::Value],
    unsound: &[String],
    checked: bool,
) -> Result<(), CliError> {
    for u in unsound.iter().take(20) {
        say!("UNSOUND {u}");
    }
    say!(
        "{:>4} {:>7} {:>8} {:>8} {:>8} {:>8} {:>9} {:>9} {:>5} {:>14} {:>16}",
        "band",
        "states",
        "ms med",
        "ms p99",
        "ms max",
        "nodes md",
        "nodes p99",
        "nodes max",
        "unkn",
        "lost playing",
        "lost in waiting"
    );
    for r in rows {
        say!(
            "{:>4} {:>7} {:>8.3} {:>8.3} {:>8.3} {:>8} {:>9} {:>9} {:>5} {:>14} {:>16}",
            r["band"].as_str().unwrap_or_default(),
            r["states"],
            r["ms_median"].as_f64().unwrap_or_default(),
            r["ms_p99"].as_f64().unwrap_or_default(),
            r["ms_max"].as_f64().unwrap_or_default(),
            r["nodes_median"],
            r["nodes_p99"],
            r["nodes_max"],
            r["unknown"],
            format!("{}/{}", r["playing_states_lost"], r["playing_states"]),
            format!("{}/{} lost", r["lost_in_waiting_trials"], r["lost_trials"]),
        );
    }
    if checked {
        let unsettled: u64 = rows
            .last()
            .and_then(|r| r["unsettled"].as_u64())
            .unwrap_or_default();
        say!(
            "check: {} unsound, {unsettled} not settled by the full search",
            unsound.len()
        );
    }
    Ok(())
}
