//! Fresh levels past the baked set keep the baked levels' promise of invisible help (docs/design.md
//! §2.7): each stores a help copy proven on its rail, the copy the game plays wins with its stored
//! solution, measuring that copy again gives the stored figures, and its shallow-human fail rate is at
//! least 10 points below the level's (or 0 %) with a competent win rate no lower. A few levels in the
//! default tests; levels 201–300 in the long sweep (`.ci/run`, release profile).

use std::sync::Arc;
use std::time::Duration;

use screwsmith_gen::endless::generate;
use screwsmith_gen::help::{basis_points, help_copy, measure_copy};
use screwsmith_rules::level::SolveStatus;
use screwsmith_rules::sim::CompiledLevel;
use screwsmith_solver::{replays_to_win, SolveOptions};

/// Generous: the test judges boards, not speed (a loaded machine must not turn it into a fallback).
const ROOMY: Duration = Duration::from_secs(600);

/// What is wrong with level `n`'s help copy, if anything.
fn help_problem(n: u32) -> Option<String> {
    let fresh = match generate(n, ROOMY, None) {
        Ok(f) => f,
        Err(e) => return Some(format!("level {n} is not served fresh: {e}")),
    };
    let own = fresh.level.measure.as_ref()?;
    let Some(help) = &fresh.level.help else {
        return Some(format!("level {n}: no help copy stored"));
    };
    if help.measure.status != SolveStatus::Proven {
        return Some(format!("level {n}: the help copy is not proven"));
    }
    let (fail, copy_fail) = (
        basis_points(own.human_fail_rate),
        basis_points(help.measure.human_fail_rate),
    );
    if copy_fail != 0 && copy_fail + 1000 > fail {
        return Some(format!(
            "level {n}: fail {fail} bp -> {copy_fail} bp with help, not 10 points lower nor 0"
        ));
    }
    let win =
        |m: &screwsmith_rules::level::Measure| basis_points(m.competent_win_rate.unwrap_or(0.0));
    if win(&help.measure) < win(own) {
        return Some(format!(
            "level {n}: competent win {} bp -> {} bp with help",
            win(own),
            win(&help.measure)
        ));
    }
    let copy = help_copy(&fresh.level);
    let compiled = Arc::new(CompiledLevel::new(copy.clone()).expect("the copy is a valid level"));
    if !replays_to_win(&compiled, Some(&help.measure.solution)) {
        return Some(format!("level {n}: the copy's solution does not win it"));
    }
    let mut unmeasured = copy;
    unmeasured.measure = None;
    let again = measure_copy(&unmeasured, &SolveOptions::default());
    (again.as_ref() != Some(&help.measure))
        .then(|| format!("level {n}: measured again, the copy gives other figures"))
}

/// Every problem over `levels`, on two threads (the machine's cores).
fn problems(levels: std::ops::RangeInclusive<u32>) -> Vec<String> {
    let all: Vec<u32> = levels.collect();
    let (a, b) = all.split_at(all.len() / 2);
    let mut found: Vec<String> = std::thread::scope(|s| {
        let other = s.spawn(|| {
            b.iter()
                .filter_map(|&n| help_problem(n))
                .collect::<Vec<_>>()
        });
        let mut mine: Vec<String> = a.iter().filter_map(|&n| help_problem(n)).collect();
        mine.extend(other.join().expect("the sweep thread"));
        mine
    });
    found.sort();
    found
}

#[test]
fn the_first_fresh_levels_ship_a_help_copy_that_helps() {
    assert_eq!(problems(201..=204), Vec::<String>::new());
}

#[test]
#[ignore = "long sweep: .ci/run runs it in the release profile"]
fn levels_201_to_300_each_ship_a_help_copy_that_helps() {
    assert_eq!(problems(201..=300), Vec::<String>::new());
}
