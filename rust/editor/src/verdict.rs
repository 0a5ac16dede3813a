//! The live verdict the editor shows after each edit: is the level valid (and if not, every fault, each
//! with the screws and parts it names, for highlighting); which screws are buried (also while only
//! colour accounting is wrong, from the board alone); proven, unsolvable or not
//! known on its own rail; the minimum rail and uniqueness; the 24-trial human fail rate, peak rail,
//! competent win rate, difficulty score and the band it fits; and the readability audit on the 8
//! devices along its solution. Every number is the solver's, the curve's or the audit's own: the
//! verdict only gathers them.
//!
//! It runs on a plain thread (the Godot `LevelEditor` polls it); a newer edit cancels a stale run through
//! the cancel flag, and a cancelled verdict says so instead of guessing.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

use serde::Serialize;

use screwsmith_gen::curve::{report_spike_check, target_for, target_raw, MAX_BAND};
use screwsmith_gen::help::choose_help;
use screwsmith_readability::{audit_level, AuditConfig};
use screwsmith_rules::level::one_piece::one_piece_faults;
use screwsmith_rules::level::validate::validate_all;
use screwsmith_rules::level::{HelpData, LevelData, LevelError, Measure, Problem};
use screwsmith_rules::sim::CompiledLevel;
use screwsmith_solver::{buried_screws, solve_shared, SolveOptions};

use super::causes::{buried_causes, fault_words, name_colours, unsolvable_cause, Cause};
use super::shipping::shipping_warnings;

/// What the editor shows about the level as it stands.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Verdict {
    /// The level passes every check of the file format.
    pub valid: bool,
    /// The first fault, as `screwsmith validate` words it.
    pub error: Option<String>,
    /// Every fault, in the order the validation finds them (the first is `error`).
    pub errors: Vec<Fault>,
    /// Screws any fault names (highlighted on the grid).
    pub error_screws: Vec<u16>,
    /// Parts any fault names.
    pub error_parts: Vec<u16>,
    /// Screws that can never be removed.
    pub buried: Vec<u16>,
    /// Why the level cannot be finished, in a designer's words (`causes`): a buried screw's cause
    /// each, or for an unsolvable level with none, what the search tried.
    pub causes: Vec<Cause>,
    /// What `screwsmith validate --file` would refuse beyond the level format (`shipping`): the band
    /// or machine apart from the number's, a colour the game does not ship, two screws in one cell.
    pub warnings: Vec<Cause>,
    /// The worst finding, which the card's headline is coloured by: `fault` (invalid, broken,
    /// unsolvable), `warning` (not known, curation's gate, readability, a band other than the one
    /// wanted, a shipping warning) or `ok`.
    pub severity: String,
    /// `proven`, `unsolvable`, `search_exhausted` (not known) or `broken`; `None` when invalid.
    pub status: Option<String>,
    pub rail_slots: u8,
    pub min_rail: Option<u8>,
    pub unique: Option<bool>,
    pub human_fail_rate: Option<f64>,
    pub average_peak_rail: Option<f64>,
    pub competent_win_rate: Option<f64>,
    pub difficulty: Option<u8>,
    /// The band whose target score is nearest the measured raw score.
    pub fits_band: Option<u8>,
    /// The band the level is made for (its own `band`; the curve's band at its number when that is
    /// not a band).
    pub target_band: u8,
    /// Why curation would refuse the board at its number (the no-spikes rule, the band's ceiling for
    /// the competent player, a competent player that wins less than the shallow one), as the bake
    /// asks it; `None` when it would take it.
    pub spike: Option<String>,
    /// Readability failures along the solution: `{kind, screw, device | vision, ...}` each.
    pub readability: Vec<serde_json::Value>,
    /// Screws any readability failure names.
    pub unreadable_screws: Vec<u16>,
    /// The invisible-help copy the level would ship with, in words ("after three losses in a row, the
    /// next try turns colour 3 (blue) into colour 0 (red)"), or why it has none.
    pub help: Option<String>,
    /// A newer edit stopped this run: whatever is `None` was not measured.
    pub cancelled: bool,
    /// Wall-clock time of the verdict, milliseconds (display only).
    pub millis: u64,
    /// What a saved file stores so `screwsmith validate --file` can check it like a shipped level: the
    /// measure (solve + verify) and the help copy. Not part of the signal's JSON.
    #[serde(skip)]
    pub stored: Option<(Measure, Option<HelpData>)>,
}

/// One validation fault and what it is about.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Fault {
    /// As `screwsmith validate` words it.
    pub message: String,
    pub screws: Vec<u16>,
    pub parts: Vec<u16>,
}

impl Fault {
    fn of(level: &LevelData, e: &LevelError) -> Fault {
        let (screws, parts) = targets(level, e);
        Fault {
            message: fault_words(level, e),
            screws,
            parts,
        }
    }
}

/// Every fault of the level's structure and shapes (what `CompiledLevel::new` refuses, and parts in
/// more than one piece), in the order the checks find them. A hang pose that is no turn of its plate
/// plays and is measured, so it is a warning (`shipping`), not a fault: the designer sees what the
/// painted pose does before the hang tool gives it back its shape.
fn faults(level: &LevelData) -> Vec<Fault> {
    let mut found = validate_all(level);
    found.extend(one_piece_faults(level));
    found.iter().map(|e| Fault::of(level, e)).collect()
}

/// The union of the ids the faults name, sorted.
fn named(faults: &[Fault], ids: impl Fn(&Fault) -> &[u16]) -> Vec<u16> {
    let set: std::collections::BTreeSet<u16> = faults.iter().flat_map(ids).copied().collect();
    set.into_iter().collect()
}

impl Verdict {
    /// The verdict as the editor's `verdict` signal carries it.
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::to_value(self).expect("a verdict always serialises")
    }
}

/// Which screws and parts a validation fault is about.
fn targets(level: &LevelData, e: &LevelError) -> (Vec<u16>, Vec<u16>) {
    let (mut screws, mut parts) = (Vec::new(), Vec::new());
    if let LevelError::Invalid { field, problem, .. } = e {
        let index = |prefix: &str| -> Option<usize> {
            field.strip_prefix(prefix)?.split(']').next()?.parse().ok()
        };
        if let Some(s) = index("screws[").and_then(|i| level.screws.get(i)) {
            screws.push(s.id);
        }
        if let Some(p) = index("parts[").and_then(|i| level.parts.get(i)) {
            parts.push(p.id);
        }
        match problem {
            Problem::ColourCount { color, .. } | Problem::QueueMismatch { color, .. } => screws
                .extend(
                    level
                        .screws
                        .iter()
                        .filter(|s| s.color == *color)
                        .map(|s| s.id),
                ),
            Problem::Overlap { other, .. } => parts.push(*other),
            Problem::NotOnePiece { part, .. } => parts.push(*part),
            Problem::HangForForeignScrew { screw }
            | Problem::HangMissesPivot { screw }
            | Problem::UnknownKey { screw, .. }
            | Problem::SelfKey { screw } => screws.push(*screw),
            // Every screw of the cycle is part of the fault: breaking any one lock fixes it.
            Problem::LockCycle { cycle, .. } => screws.extend(cycle),
            // Too many bombs: every bomb is one the designer might take off.
            Problem::TooLarge { .. } if field == "bombs" => screws.extend(
                level
                    .screws
                    .iter()
                    .filter(|s| s.bomb.is_some())
                    .map(|s| s.id),
            ),
            _ => {}
        }
    }
    screws.sort_unstable();
    screws.dedup();
    parts.sort_unstable();
    parts.dedup();
    (screws, parts)
}

/// Measures a help copy as the bake does (`screwsmith_gen::help::measure_copy`, default options),
/// stopped by a newer edit.
fn measure_copy(copy: &LevelData, cancel: &Arc<AtomicBool>) -> Option<Measure> {
    let opts = SolveOptions {
        cancel: Some(Arc::clone(cancel)),
        ..SolveOptions::default()
    };
    screwsmith_gen::help::measure_copy(copy, &opts)
}

/// The band (1..=8) whose target raw score is nearest `raw`.
fn nearest_band(raw: f64) -> u8 {
    (1..=MAX_BAND)
        .min_by(|&a, &b| {
            (target_raw(a) - raw)
                .abs()
                .total_cmp(&(target_raw(b) - raw).abs())
        })
        .unwrap_or(1)
}

/// Measures `level` (stops early when `cancel` is set).
pub fn verdict(level: &LevelData, cancel: Arc<AtomicBool>) -> Verdict {
    let start = Instant::now();
    let mut v = Verdict {
        valid: false,
        error: None,
        errors: Vec::new(),
        error_screws: Vec::new(),
        error_parts: Vec::new(),
        buried: Vec::new(),
        causes: Vec::new(),
        warnings: shipping_warnings(level),
        severity: String::new(),
        status: None,
        rail_slots: level.rail_slots,
        min_rail: None,
        unique: None,
        human_fail_rate: None,
        average_peak_rail: None,
        competent_win_rate: None,
        difficulty: None,
        fits_band: None,
        target_band: wanted_band(level),
        spike: None,
        readability: Vec::new(),
        unreadable_screws: Vec::new(),
        help: None,
        cancelled: false,
        millis: 0,
        stored: None,
    };
    let errors = faults(level);
    if !errors.is_empty() {
        v.error_screws = named(&errors, |f| &f.screws);
        v.error_parts = named(&errors, |f| &f.parts);
        v.error = errors.first().map(|f| f.message.clone());
        v.errors = errors;
        // A board whose only faults are colour counts still shows what is buried on it.
        if let Ok(board) = CompiledLevel::geometry(level.clone()) {
            let buried = buried_screws(&board);
            v.buried = buried.iter().map(|b| b.screw).collect();
            v.causes = buried_causes(&buried);
        }
        return finished(v, start);
    }
    let compiled = match CompiledLevel::new(level.clone()) {
        Ok(c) => Arc::new(c),
        Err(e) => {
            // Unreachable after `faults` found none; kept so a new check can never panic here.
            v.errors = vec![Fault::of(level, &e)];
            v.error = Some(e.to_string());
            return finished(v, start);
        }
    };
    v.valid = true;
    let opts = SolveOptions {
        cancel: Some(Arc::clone(&cancel)),
        ..SolveOptions::verifying()
    };
    let mut report = solve_shared(&compiled, &opts);
    v.buried = report.buried.iter().map(|b| b.screw).collect();
    v.causes = buried_causes(&report.buried);
    v.status = Some(
        serde_json::to_value(report.status)
            .ok()
            .and_then(|s| s.as_str().map(String::from))
            .unwrap_or_default(),
    );
    v.cancelled = report.cancelled || cancel.load(Ordering::Relaxed);
    if v.buried.is_empty() && !v.cancelled {
        // Curation's own gate, as the bake and the endless levels ask it (it plays the competent
        // player first when the search deferred it).
        v.spike = report_spike_check(&compiled, &mut report)
            .err()
            .map(|e| e.to_string());
        v.human_fail_rate = Some(report.human_fail_rate);
        v.average_peak_rail = Some(report.average_peak_rail);
        v.competent_win_rate = report.competent_win_rate;
        v.difficulty = Some(report.difficulty);
        v.min_rail = report.min_rail_slots_required;
        v.unique = report.unique_solution;
        v.fits_band = report.raw_score().map(nearest_band);
    }
    if v.status.as_deref() == Some("proven") && !v.cancelled {
        let mut measured = level.clone();
        measured.measure = Some(report.to_measure());
        let help = choose_help(&measured, |copy| measure_copy(copy, &cancel));
        v.help = Some(match &help {
            Ok(h) => name_colours(&format!(
                "after three losses in a row, the next try turns colour {} into colour {}",
                h.from, h.to
            )),
            Err(e) => e.to_string(),
        });
        v.cancelled |= cancel.load(Ordering::Relaxed);
        if !v.cancelled {
            v.stored = Some((report.to_measure(), help.ok()));
        }
    }
    if let (Some(solution), false) = (report.solution.as_deref(), v.cancelled) {
        let audit = audit_level(&compiled, solution, &AuditConfig::default());
        for f in &audit.failures {
            let value = serde_json::to_value(f).unwrap_or_default();
            if let Some(s) = value.get("screw").and_then(|s| s.as_u64()) {
                v.unreadable_screws.push(s as u16);
            }
            if !v.readability.contains(&value) {
                v.readability.push(value);
            }
        }
        v.unreadable_screws.sort_unstable();
        v.unreadable_screws.dedup();
    }
    if v.status.as_deref() == Some("unsolvable") && v.causes.is_empty() {
        v.causes.push(unsolvable_cause(level.rail_slots));
    }
    finished(v, start)
}

/// The verdict with its severity and its time; a proven level's warnings say why it is not "ok".
fn finished(mut v: Verdict, start: Instant) -> Verdict {
    if v.status.as_deref() == Some("proven") && !v.cancelled {
        v.warnings.extend(measure_warnings(&v));
    }
    v.severity = severity(&v).into();
    v.millis = start.elapsed().as_millis() as u64;
    v
}

/// What a proven level's measure says against it: a band other than the one wanted, curation's
/// gate, readability failures.
fn measure_warnings(v: &Verdict) -> Vec<Cause> {
    let mut out = Vec::new();
    let mut say = |text: String, screws: Vec<u16>| out.push(Cause::about(text, screws));
    if let Some(fits) = v.fits_band.filter(|&b| b != v.target_band) {
        let (want, how) = (
            v.target_band,
            if fits < v.target_band {
                "easier"
            } else {
                "harder"
            },
        );
        say(
            format!("it plays like band {fits}, {how} than band {want} it is made for (Level settings: band wanted, or change the level)"),
            vec![],
        );
    }
    if let Some(spike) = &v.spike {
        say(format!("curation would refuse it: {spike}"), vec![]);
    }
    if !v.readability.is_empty() {
        say(
            format!(
                "{} readability failures: a device cannot read some screws",
                v.readability.len()
            ),
            v.unreadable_screws.clone(),
        );
    }
    out
}

/// The band the level is made for: its own, or the curve's at its number when its own is no band.
fn wanted_band(level: &LevelData) -> u8 {
    if (1..=MAX_BAND).contains(&level.band) {
        level.band
    } else {
        target_for(level.number)
    }
}

/// The worst finding of a verdict: `fault`, `warning` or `ok` (see [`Verdict::severity`]).
fn severity(v: &Verdict) -> &'static str {
    match v.status.as_deref() {
        _ if !v.valid => "fault",
        Some("broken") | Some("unsolvable") => "fault",
        Some("proven") if !v.cancelled => {
            // `measure_warnings` put the band, curation's gate and readability there.
            let warned = !v.warnings.is_empty() || !v.buried.is_empty();
            if warned {
                "warning"
            } else {
                "ok"
            }
        }
        _ => "warning",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Edit, EditedLevel, NewScrew};
    use screwsmith_gen::curve::WALL_LEVEL;

    fn never() -> Arc<AtomicBool> {
        Arc::new(AtomicBool::new(false))
    }

    fn three_screws() -> EditedLevel {
        crate::model::tests::three_screws_of(0)
    }

    #[test]
    fn a_small_valid_level_is_proven_and_measured() {
        let v = verdict(three_screws().level(), never());
        assert!(v.valid, "{v:?}");
        assert_eq!(v.status.as_deref(), Some("proven"));
        assert_eq!(v.min_rail, Some(1));
        assert_eq!(v.human_fail_rate, Some(0.0));
        assert!(v.difficulty.is_some() && v.fits_band.is_some());
        assert_eq!(v.target_band, 1);
        assert!(!v.cancelled);
    }

    /// One cause, starting with `start`, and the headline a fault's.
    fn says_one_cause(v: &Verdict, start: &str) {
        assert_eq!(v.causes.len(), 1, "{:?}", v.causes);
        assert!(v.causes[0].text.starts_with(start), "{}", v.causes[0].text);
        assert_eq!(v.severity, "fault");
    }

    /// Red screws under a plate held by three yellow ones, red's crate first, one crate place: the
    /// yellows must wait on the rail, and two places are too few.
    fn rail_too_short() -> EditedLevel {
        let mut e = EditedLevel::blank(3, 2);
        let row = |y: u8| (0..3).map(move |x| [x, y]);
        let screws = |y: u8, color: u8| {
            row(y)
                .map(|cell| NewScrew {
                    cell,
                    color,
                    ..NewScrew::default()
                })
                .collect::<Vec<_>>()
        };
        e.edit(&Edit::NewPart {
            layer: 0,
            cells: row(0).collect(),
            screws: screws(0, 0),
        })
        .unwrap();
        e.edit(&Edit::NewPart {
            layer: 1,
            cells: row(0).chain(row(1)).collect(),
            screws: screws(1, 1),
        })
        .unwrap();
        for edit in [
            Edit::SetQueue {
                queue: Some(vec![0, 1]),
            },
            Edit::SetCrateSlots { slots: 1 },
            Edit::SetRail { slots: 2 },
        ] {
            e.edit(&edit).unwrap();
        }
        e
    }

    #[test]
    fn the_verdict_asks_what_curation_asks() {
        // Three screws, one of them hidden, at a number of the last band: the shallow human and
        // the competent player win every trial, which the no-spikes rule allows but the band's
        // ceiling for the competent player does not. The bake would refuse it; so does the card.
        let mut level = three_screws().level().clone();
        level.screws[0].hidden = true;
        level.number = (37..=200)
            .find(|&n| target_for(n) == MAX_BAND && n != WALL_LEVEL)
            .expect("a band-8 level");
        let v = verdict(&level, never());
        assert_eq!(v.status.as_deref(), Some("proven"), "{v:?}");
        assert_eq!(v.competent_win_rate, Some(1.0));
        let refused = v.spike.as_deref().expect("curation refuses it");
        assert!(refused.contains("ceiling"), "{refused}");
        assert!(v
            .warnings
            .iter()
            .any(|w| w.text.starts_with("curation would refuse it")));
        assert_eq!(v.severity, "warning");
        // Nothing hidden: the player sees the whole board, and no ceiling applies.
        level.screws[0].hidden = false;
        assert_eq!(verdict(&level, never()).spike, None);
    }

    #[test]
    fn an_unsolvable_level_says_what_the_search_tried_and_places_nothing() {
        let mut e = rail_too_short();
        let v = verdict(e.level(), never());
        assert_eq!(v.status.as_deref(), Some("unsolvable"), "{v:?}");
        assert!(v.buried.is_empty());
        says_one_cause(&v, "no order of taps clears the board with 2 rail places");
        assert_eq!(v.fits_band, None, "an unsolvable level fits no band");
        // A third rail place lets the yellows wait: proven.
        e.edit(&Edit::SetRail { slots: 3 }).unwrap();
        let v = verdict(e.level(), never());
        assert_eq!(v.status.as_deref(), Some("proven"), "{v:?}");
        assert!(v.causes.is_empty());
    }

    #[test]
    fn a_bolt_without_a_wrench_charge_is_broken_and_says_why() {
        let mut e = three_screws();
        e.edit(&Edit::from_json(r#"{"op":"set_screw","screw":2,"kind":"bolt"}"#).unwrap())
            .unwrap();
        let v = verdict(e.level(), never());
        assert_eq!(v.status.as_deref(), Some("broken"), "{v:?}");
        assert_eq!(v.buried, vec![2]);
        says_one_cause(&v, "screw 2 is a bolt with no wrench");
        // One wrench charge frees it: proven, and nothing to say.
        e.edit(&Edit::SetWrench { charges: 1 }).unwrap();
        let v = verdict(e.level(), never());
        assert_eq!(v.status.as_deref(), Some("proven"));
        assert!(v.causes.is_empty() && v.warnings.is_empty(), "{v:?}");
    }

    #[test]
    fn a_proven_level_of_two_colours_stores_its_measure_and_help() {
        let mut e = three_screws();
        let edits = [
            r#"{"op":"add_part","layer":0,"cell":[0,2]}"#,
            r#"{"op":"paint","part":2,"cell":[1,2]}"#,
            r#"{"op":"paint","part":2,"cell":[2,2]}"#,
            r#"{"op":"add_screw","part":2,"cell":[0,2],"color":1}"#,
            r#"{"op":"add_screw","part":2,"cell":[1,2],"color":1}"#,
            r#"{"op":"add_screw","part":2,"cell":[2,2],"color":1}"#,
        ];
        for text in edits {
            e.edit(&Edit::from_json(text).unwrap()).unwrap();
        }
        let v = verdict(e.level(), never());
        let (measure, help) = v.stored.clone().expect("a proven level is stored");
        assert_eq!(Some(measure.difficulty), v.difficulty);
        assert!(help.is_some(), "{:?}", v.help);
        // One colour has no help copy, and the verdict says why.
        let one = verdict(three_screws().level(), never());
        assert!(one.stored.unwrap().1.is_none());
        assert!(one.help.is_some());
    }

    /// Three screws of colour 0, the third recoloured 4: two colour counts off a multiple of 3.
    fn recoloured() -> EditedLevel {
        let mut e = three_screws();
        e.edit(&Edit::SetScrew {
            screw: 3,
            color: Some(4),
            kind: None,
            hidden: None,
        })
        .unwrap();
        e
    }

    #[test]
    fn a_colour_count_fault_names_every_screw_of_that_colour() {
        let e = recoloured();
        let v = verdict(e.level(), never());
        assert!(!v.valid);
        assert!(
            v.error.as_deref().unwrap().contains("not a multiple of 3"),
            "{v:?}"
        );
        assert_eq!(v.errors[0].screws, vec![1, 2]);
        // Colour 4's lone screw is the second fault's.
        assert_eq!(v.error_screws, vec![1, 2, 3]);
        assert_eq!(v.status, None);
    }

    #[test]
    fn every_fault_is_named_and_a_buried_screw_still_found() {
        // Colour 0 has two screws, and a frame on layer 1 covers screw 1: both at once.
        let mut e = recoloured();
        e.edit(&Edit::AddPart {
            layer: 1,
            cell: [0, 0],
        })
        .unwrap();
        let v = verdict(e.level(), never());
        assert!(!v.valid);
        let messages: Vec<&str> = v.errors.iter().map(|f| f.message.as_str()).collect();
        assert_eq!(messages.len(), 2, "{messages:?}");
        assert!(
            messages[0].contains("colour 0 (red) has 2 screws"),
            "{messages:?}"
        );
        assert!(
            messages[1].contains("colour 4 (purple) has 1 screws"),
            "{messages:?}"
        );
        assert_eq!(v.errors[0].screws, vec![1, 2]);
        assert_eq!(v.errors[1].screws, vec![3]);
        assert_eq!(v.error_screws, vec![1, 2, 3]);
        assert_eq!(v.error.as_deref(), Some(messages[0]));
        assert_eq!(v.buried, vec![1], "the frame buries screw 1");
        assert_eq!(v.status, None);
        // The buried screw's cause, in a designer's words, and the headline's colour.
        says_one_cause(
            &v,
            "screw 1 can never come out: plate 2 covers it and has no screws",
        );
    }

    #[test]
    fn a_broken_shape_and_a_bad_cell_are_both_named() {
        let mut e = three_screws();
        e.edit(&Edit::Paint {
            part: 1,
            cell: [3, 1],
        })
        .unwrap();
        e.edit(&Edit::SetSize {
            width: 3,
            height: 4,
        })
        .unwrap();
        let v = verdict(e.level(), never());
        let text: Vec<&str> = v.errors.iter().map(|f| f.message.as_str()).collect();
        assert!(
            text.iter().any(|m| m.contains("outside the 3x4 board")),
            "{text:?}"
        );
        assert!(text.iter().any(|m| m.contains("not one piece")), "{text:?}");
        assert_eq!(v.error_parts, vec![1]);
        assert!(v.buried.is_empty(), "no board to read: a cell is off it");
    }

    #[test]
    fn a_screw_outside_its_part_is_named() {
        let mut e = three_screws();
        e.edit(&Edit::Erase {
            part: 1,
            cell: [2, 0],
        })
        .unwrap();
        let v = verdict(e.level(), never());
        assert_eq!(v.error_screws, vec![3], "{v:?}");
    }

    #[test]
    fn a_buried_screw_is_named_and_the_level_broken() {
        // The rules' buried-screw fixture (a screw under a part it holds up).
        let text = include_str!("../../rules/tests/levels/buried.json");
        let level = crate::load_level_text(text).unwrap();
        let v = verdict(&level, never());
        assert!(v.valid);
        assert_eq!(v.status.as_deref(), Some("broken"));
        assert!(!v.buried.is_empty());
    }

    /// `three_screws` with its screws' locks and bombs set directly (a level opened from a file, which
    /// the edits would have refused).
    fn marked(set: impl Fn(&mut LevelData)) -> LevelData {
        let mut level = three_screws().level().clone();
        set(&mut level);
        level
    }

    #[test]
    fn lock_and_bomb_faults_name_their_screws() {
        let cases: [(LevelData, &str, Vec<u16>); 5] = [
            (
                marked(|l| l.screws[1].locked_by = Some(9)),
                "screw 2 is locked by screw 9, which is not a screw",
                vec![2],
            ),
            (
                marked(|l| l.screws[2].locked_by = Some(3)),
                "screw 3 is locked by itself",
                vec![3],
            ),
            (
                marked(|l| {
                    l.screws[0].locked_by = Some(3);
                    l.screws[2].locked_by = Some(1);
                }),
                "lock cycle (1 locked by 3 locked by 1)",
                vec![1, 3],
            ),
            (
                marked(|l| l.screws[0].bomb = Some(0)),
                "screw 1's bomb: 0 is under the minimum of 1",
                vec![1],
            ),
            (
                marked(|l| l.screws[1].bomb = Some(100)),
                "screw 2's bomb: 100 is over the limit of 99",
                vec![2],
            ),
        ];
        for (level, words, screws) in cases {
            let v = verdict(&level, never());
            assert!(!v.valid);
            let fault = &v.errors[0];
            assert!(fault.message.contains(words), "{words}: {:?}", v.errors);
            assert_eq!(fault.screws, screws, "{}", fault.message);
            assert_eq!(v.error_screws, screws);
        }
    }

    #[test]
    fn a_fifth_bomb_names_every_bomb() {
        let mut level = three_screws().level().clone();
        for i in 0..3 {
            let mut more = level.screws[i].clone();
            more.id += 3;
            more.cell[1] = 1;
            level.screws.push(more);
        }
        level.parts[0].rest.extend([[0, 1], [1, 1], [2, 1]]);
        for s in level.screws.iter_mut().take(5) {
            s.bomb = Some(9);
        }
        let v = verdict(&level, never());
        assert!(
            v.error
                .as_deref()
                .unwrap()
                .contains("bombs: 5 is over the limit of 4"),
            "{v:?}"
        );
        assert_eq!(v.errors[0].screws, vec![1, 2, 3, 4, 5]);
        level.screws[4].bomb = None;
        assert!(verdict(&level, never()).valid, "four bombs are allowed");
    }

    #[test]
    fn a_cancelled_run_says_so_and_guesses_nothing() {
        let v = verdict(three_screws().level(), Arc::new(AtomicBool::new(true)));
        assert!(v.cancelled);
        assert_eq!(v.difficulty, None);
        assert_eq!(v.min_rail, None);
    }

    #[test]
    fn nearest_band_picks_the_closest_target() {
        for band in 1..=MAX_BAND {
            // Bands that share a target are equally near; the chosen one has that very target.
            assert_eq!(target_raw(nearest_band(target_raw(band))), target_raw(band));
        }
    }
}
