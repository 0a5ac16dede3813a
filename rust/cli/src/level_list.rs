//! `--levels`: one syntax for every command that takes a set of level numbers — `N`, `A-B`, or a comma
//! list of them (`1-35,36,101-200`) — each number checked against the largest level that exists, so a
//! typo never runs for ever or selects nothing in silence.

use crate::error::CliError;

/// Inclusive ranges of level numbers, each inside `1..=max`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LevelList {
    ranges: Vec<(u32, u32)>,
}

impl LevelList {
    /// Parses `spec`; `what` names the levels that exist (`"the set"`, `"the file"`) in the error.
    pub fn parse(spec: &str, max: u32, what: &str) -> Result<Self, CliError> {
        let bad = |part: &str| {
            CliError::arg(format!(
                "--levels {spec:?}: {part:?} is not N or A-B with 1 <= A <= B"
            ))
        };
        let ranges = spec
            .split(',')
            .map(|part| {
                let part = part.trim();
                let (a, b) = part.split_once('-').unwrap_or((part, part));
                let a: u32 = a.trim().parse().map_err(|_| bad(part))?;
                let b: u32 = b.trim().parse().map_err(|_| bad(part))?;
                if a == 0 || a > b {
                    return Err(bad(part));
                }
                if b > max {
                    return Err(CliError::arg(format!(
                        "--levels {spec:?}: level {b} is past the end of {what} (levels 1-{max})"
                    )));
                }
                Ok((a, b))
            })
            .collect::<Result<_, _>>()?;
        Ok(LevelList { ranges })
    }

    pub fn contains(&self, n: u32) -> bool {
        self.ranges.iter().any(|&(a, b)| (a..=b).contains(&n))
    }

    /// Every number named, ascending, once.
    pub fn numbers(&self) -> Vec<u32> {
        let mut v: Vec<u32> = self.ranges.iter().flat_map(|&(a, b)| a..=b).collect();
        v.sort_unstable();
        v.dedup();
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_ranges_and_single_numbers_parse() {
        let l = LevelList::parse("1-3, 7,2-4", 200, "the set").unwrap();
        assert_eq!(l.numbers(), [1, 2, 3, 4, 7]);
        assert!(l.contains(7) && !l.contains(5));
        assert_eq!(
            LevelList::parse("1-200", 200, "x").unwrap().numbers().len(),
            200
        );
    }

    #[test]
    fn bad_and_out_of_range_lists_fail_naming_the_part() {
        for bad in ["0-3", "5-2", "x", "1-", "", "1,,2", "-1"] {
            assert!(LevelList::parse(bad, 200, "the set").is_err(), "{bad}");
        }
        let e = LevelList::parse("1-4294967295", 200, "the set")
            .unwrap_err()
            .to_string();
        assert!(e.contains("past the end of the set (levels 1-200)"), "{e}");
    }
}
