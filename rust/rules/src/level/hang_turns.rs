//! Every hanging pose of a shipped level is its part's rest shape turned about the screw that holds it
//! ([`super::turn`]): a plate never takes a shape it does not have.
//!
//! A *shipping* rule, like [`super::one_piece`]: the rules play any pose, and hand-made proof boards
//! (`rust/solver/benches/boards/`) and test fixtures keep theirs. The generator makes only turns;
//! curation, `screwsmith validate` and the Daily Bench's serve check refuse any other pose.

use super::data::LevelData;
use super::error::{LevelError, Problem};
use super::turn::turn_of;

/// Every hang pose that is no quarter turn of its part's rest shape about its screw, in part order then
/// screw order, each an error naming the level, the part and the screw (`parts[i].hang.<screw>`). A pose
/// for a screw the level does not have is the structural validation's fault, not this rule's.
pub fn hang_turn_faults(level: &LevelData) -> Vec<LevelError> {
    let mut out = Vec::new();
    for (i, p) in level.parts.iter().enumerate() {
        for (&sid, pose) in &p.hang {
            let Some(screw) = level.screws.iter().find(|s| s.id == sid) else {
                continue;
            };
            if turn_of(&p.rest, screw.cell, pose, level.width, level.height).is_none() {
                out.push(LevelError::Invalid {
                    level: level.number,
                    field: format!("parts[{i}].hang.{sid}"),
                    problem: Problem::HangNotATurn {
                        part: p.id,
                        screw: sid,
                    },
                });
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::fixture::one_part;
    use crate::level::turn::hang_cells;

    /// An L-shaped part held by two screws on a 6 × 6 board, its poses the given ones.
    fn l_level(hang_1: Vec<[u8; 2]>, hang_2: Vec<[u8; 2]>) -> LevelData {
        let rest = vec![[1, 1], [1, 2], [1, 3], [2, 3]];
        one_part(
            6,
            6,
            rest,
            &[(1, [1, 1]), (2, [2, 3])],
            vec![(1, hang_1), (2, hang_2)],
        )
    }

    #[test]
    fn gravitys_turns_pass() {
        let rest = vec![[1, 1], [1, 2], [1, 3], [2, 3]];
        let level = l_level(
            hang_cells(&rest, [1, 1], 6, 6),
            hang_cells(&rest, [2, 3], 6, 6),
        );
        assert!(hang_turn_faults(&level).is_empty());
    }

    #[test]
    fn the_bounding_box_pose_is_refused_by_level_part_and_screw() {
        let rest = vec![[1, 1], [1, 2], [1, 3], [2, 3]];
        // The old pose of screw 2: the L's 2 × 3 box hanging from the screw, a shape the part lacks.
        let boxed = vec![[2, 3], [3, 3], [2, 4], [3, 4], [2, 5], [3, 5]];
        let level = l_level(hang_cells(&rest, [1, 1], 6, 6), boxed);
        let faults = hang_turn_faults(&level);
        assert_eq!(
            faults,
            vec![LevelError::Invalid {
                level: 7,
                field: "parts[0].hang.2".into(),
                problem: Problem::HangNotATurn { part: 1, screw: 2 },
            }]
        );
        let text = faults[0].to_string();
        assert!(text.contains("level 7") && text.contains("part 1") && text.contains("screw 2"));
    }

    #[test]
    fn any_quarter_turn_is_a_turn_not_only_gravitys() {
        use crate::level::turn::{on_board, turned, QuarterTurn};
        let rest = vec![[1, 1], [1, 2], [1, 3], [2, 3]];
        let half = on_board(&turned(&rest, [2, 3], QuarterTurn::Half), 6, 6);
        let level = l_level(rest.clone(), half);
        assert!(hang_turn_faults(&level).is_empty());
    }
}
