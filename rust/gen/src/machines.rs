//! The 16 machines (docs/design.md §4): named silhouettes a level's panels are cut from. Level `n` uses machine
//! `((n-1)/4) % 16`, so four levels in a row share a machine and the player sees it change.
//!
//! Why ASCII art: a designer can read and edit a silhouette in the source, and the tests check every
//! one against the board limits (≤ 7 × 10, so cells stay big on a phone) and for room for screws.

use screwsmith_rules::cells::{cell_bit, Mask};

/// A machine: a name and a silhouette (`#` = part of the machine, `.` = empty), one string per row.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Machine {
    pub name: &'static str,
    pub art: &'static [&'static str],
}

impl Machine {
    /// Board width (the silhouette's row length).
    pub fn width(&self) -> u8 {
        self.art[0].len() as u8
    }

    /// Board height (rows).
    pub fn height(&self) -> u8 {
        self.art.len() as u8
    }

    /// The silhouette as a cell mask on a `width × height` board.
    pub fn mask(&self) -> Mask {
        let w = self.width();
        let mut m = 0;
        for (y, row) in self.art.iter().enumerate() {
            for (x, ch) in row.bytes().enumerate() {
                if ch == b'#' {
                    m |= cell_bit(w, x as u8, y as u8);
                }
            }
        }
        m
    }
}

/// Number of machines.
pub const MACHINE_COUNT: usize = 16;

/// The machine of level `n` (1-based): four levels per machine, cycling through all 16.
pub fn machine_for_level(n: u32) -> u8 {
    ((n.max(1) - 1) / 4 % MACHINE_COUNT as u32) as u8
}

/// The machine with index `i` (wraps around).
pub fn machine(i: u8) -> &'static Machine {
    &MACHINES[i as usize % MACHINE_COUNT]
}

/// The silhouettes. Every one is 6–7 wide and 8–9 tall with at least 40 cells: the top band needs about
/// 36 screw cells, and no two screws share a cell (different layers in one cell would overlap on screen).
/// Nine rows, not ten: on the 4:3 tablet a 10-row board under 4 layers shrinks screw colliders to 8.47 %
/// of the screen width, under the readability audit's 8.5 % floor (docs/design.md §6).
pub const MACHINES: [Machine; MACHINE_COUNT] = [
    Machine {
        name: "Typewriter",
        art: &[
            ".#####.", ".#####.", "#######", "#######", "#######", "#######", "#######", "##...##",
        ],
    },
    Machine {
        name: "Radio",
        art: &[
            "..#....", "...#...", "#######", "#######", "#######", "#######", "#######", "#######",
            "#.....#",
        ],
    },
    Machine {
        name: "Alarm Clock",
        art: &[
            "##...##", "#######", ".#####.", "#######", "#######", "#######", "#######", ".#####.",
            ".#...#.",
        ],
    },
    Machine {
        name: "Toaster",
        art: &[
            ".##.##.", ".##.##.", "#######", "#######", "#######", "#######", "#######", "#######",
        ],
    },
    Machine {
        name: "Robot",
        art: &[
            "..###..", "..###..", "#######", "#######", "#######", "#######", ".##.##.", ".##.##.",
            "###.###",
        ],
    },
    Machine {
        name: "Camera",
        art: &[
            ".##....", "#######", "#######", "#######", "#######", "#######", "#######", "#######",
        ],
    },
    Machine {
        name: "Sewing Machine",
        art: &[
            "######.", "######.", "##..##.", "##..##.", "##..###", "#######", "#######", "#######",
            "#######",
        ],
    },
    Machine {
        name: "Gramophone",
        art: &[
            "###....", "####...", ".####..", "..###..", "#######", "#######", "#######", "#######",
            "#######",
        ],
    },
    Machine {
        name: "Telephone",
        art: &[
            "#######", "##...##", ".#####.", "#######", "#######", "#######", "#######", "#######",
            "#######",
        ],
    },
    Machine {
        name: "Lantern",
        art: &[
            "..##..", "######", "######", "######", "######", "######", "######", "######",
            "######",
        ],
    },
    Machine {
        name: "Kettle",
        art: &[
            "..##...", ".####..", "######.", "#######", "#######", "#######", "######.", "######.",
            ".####..",
        ],
    },
    Machine {
        name: "Jukebox",
        art: &[
            ".#####.", "#######", "#######", "#######", "#######", "#######", "#######", "#######",
            "##...##",
        ],
    },
    Machine {
        name: "Locomotive",
        art: &[
            "#..####", "#..####", "#######", "#######", "#######", "#######", "#######", ".#.#.#.",
        ],
    },
    Machine {
        name: "Rocket",
        art: &[
            "..##..", ".####.", ".####.", "######", "######", "######", "######", "######",
            "##..##",
        ],
    },
    Machine {
        name: "Windmill",
        art: &[
            "#.....#", "##...##", "..###..", ".#####.", ".#####.", "#######", "#######", "#######",
            "#######",
        ],
    },
    Machine {
        name: "Coffee Grinder",
        art: &[
            "...##..", "..####.", "#######", "#######", "######.", "######.", "######.", "######.",
            "#######",
        ],
    },
];

#[cfg(test)]
mod tests {
    use super::*;
    use screwsmith_rules::cells::{MAX_HEIGHT, MAX_WIDTH};
    use std::collections::BTreeSet;

    #[test]
    fn every_machine_fits_the_board_limits_and_has_room_for_screws() {
        for m in &MACHINES {
            assert!(m.width() >= 6 && m.width() <= MAX_WIDTH, "{}", m.name);
            assert!(m.height() >= 8 && m.height() < MAX_HEIGHT, "{}", m.name);
            for row in m.art {
                assert_eq!(row.len() as u8, m.width(), "{}: ragged row {row}", m.name);
                assert!(row.bytes().all(|c| c == b'#' || c == b'.'), "{}", m.name);
            }
            assert!(
                m.mask().count_ones() >= 40,
                "{}: {}",
                m.name,
                m.mask().count_ones()
            );
        }
    }

    #[test]
    fn names_are_unique() {
        let names: BTreeSet<_> = MACHINES.iter().map(|m| m.name).collect();
        assert_eq!(names.len(), MACHINE_COUNT);
    }

    #[test]
    fn four_levels_per_machine_cycling() {
        assert_eq!(machine_for_level(1), 0);
        assert_eq!(machine_for_level(4), 0);
        assert_eq!(machine_for_level(5), 1);
        assert_eq!(machine_for_level(64), 15);
        assert_eq!(machine_for_level(65), 0);
        assert_eq!(machine_for_level(200), 49 % 16);
    }
}
