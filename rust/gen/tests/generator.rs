//! Every candidate the generator can make, for any level, shape and seed, is a level the loader accepts
//! and the buried-screw pass clears — generation bugs are caught here, not by players.

use proptest::prelude::*;
use screwsmith_gen::tuned::level_specs;
use screwsmith_gen::{build, candidate, target_for, GenError, MACHINES};
use screwsmith_rules::level::turn::hang_cells;
use screwsmith_rules::level::ScrewKind;
use screwsmith_rules::CompiledLevel;
use screwsmith_solver::buried_screws;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn any_candidate_loads_and_has_no_buried_screw(n in 1u32..=200, which in 0usize..192) {
        let spec = level_specs(n)[which];
        // A candidate with no place for a lock or no line to time a bomb is given up before it is
        // measured (the search counts it); every other one must build.
        let level = match build(&spec) {
            Err(GenError::NoLockPlace | GenError::NoHumanWin) => return Ok(()),
            other => other.expect("builds"),
        };
        prop_assert_eq!(level.band, target_for(n));
        let m = &MACHINES[level.machine as usize];
        prop_assert_eq!((level.width, level.height), (m.width(), m.height()));
        prop_assert!(level.colors.len() <= 6);
        let bolts = level.screws.iter().filter(|s| s.kind == ScrewKind::Bolt).count();
        prop_assert!(level.wrench_charges as usize >= bolts);
        let compiled = CompiledLevel::new(level).map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert!(buried_screws(&compiled).is_empty(), "level {n} candidate {which} buries a screw");
    }

    #[test]
    fn daily_boards_load_for_any_seed(machine in 0u8..16, band in 1u8..=8, seed: u32) {
        let level = candidate(machine, band, seed).expect("builds");
        let compiled = CompiledLevel::new(level).map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert!(buried_screws(&compiled).is_empty());
    }
}

#[test]
fn hang_poses_hang_from_their_screw() {
    for spec in level_specs(150).iter().step_by(11) {
        let level = match build(spec) {
            Err(GenError::NoLockPlace | GenError::NoHumanWin) => continue,
            other => other.unwrap(),
        };
        for p in &level.parts {
            for (sid, cells) in &p.hang {
                let s = level.screws.iter().find(|s| s.id == *sid).unwrap();
                assert!(cells.contains(&s.cell));
                assert_eq!(
                    cells,
                    &hang_cells(&p.rest, s.cell, level.width, level.height),
                    "a pose is the rest shape turned about its screw as gravity turns it"
                );
            }
        }
    }
}

/// Every machine's board stays readable under the full 4 layers on every device the audit knows: the
/// smallest possible collider is above the floor (10 rows failed on the 4:3 tablet).
#[test]
fn every_machine_is_readable_under_four_layers() {
    use screwsmith_readability::{devices, worst_case_fraction, CameraParams, MIN_FRACTION};
    for m in &MACHINES {
        let (fraction, device) = worst_case_fraction(
            m.width(),
            m.height(),
            3,
            devices(),
            &CameraParams::default(),
        )
        .unwrap();
        assert!(
            fraction >= MIN_FRACTION,
            "{}: {fraction} on device {device}",
            m.name
        );
    }
}
