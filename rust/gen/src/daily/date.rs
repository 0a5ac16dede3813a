//! Bench numbers from calendar dates (docs/design.md §5): whole days since 2026-08-26 UTC, plus one.
//! Date arithmetic is the `time` crate's (leap years and month lengths are not ours to get wrong).

use thiserror::Error;
use time::macros::{date, format_description};
use time::{Date, OffsetDateTime};

/// The day of Bench #1.
pub const FIRST_BENCH_DAY: Date = date!(2026 - 08 - 26);

/// Why a date cannot name a bench.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum DateError {
    #[error("'{0}' is not a date of the form YYYY-MM-DD")]
    Malformed(String),
    #[error("{0}: no such day")]
    NoSuchDay(String),
    #[error("{0} is before the first bench (2026-08-26)")]
    BeforeFirstBench(String),
    #[error("bench number {0} is out of range")]
    OutOfRange(i64),
}

/// Parses `YYYY-MM-DD`; a date of that form that the calendar does not have (2026-02-29) is
/// [`DateError::NoSuchDay`], not a malformed one.
pub fn parse_date(text: &str) -> Result<Date, DateError> {
    let t = text.trim();
    let shaped = t.len() == 10
        && t.bytes().enumerate().all(|(i, b)| {
            if i == 4 || i == 7 {
                b == b'-'
            } else {
                b.is_ascii_digit()
            }
        });
    Date::parse(t, format_description!("[year]-[month]-[day]")).map_err(|_| {
        if shaped {
            DateError::NoSuchDay(t.to_string())
        } else {
            DateError::Malformed(text.to_string())
        }
    })
}

/// `YYYY-MM-DD`.
pub fn format_date(d: Date) -> String {
    d.format(format_description!("[year]-[month]-[day]"))
        .expect("a calendar date always formats")
}

/// Today in UTC.
pub fn today_utc() -> Date {
    OffsetDateTime::now_utc().date()
}

/// The bench number of a date: 1 on 2026-08-26.
pub fn bench_number(d: Date) -> Result<u32, DateError> {
    let days = (d - FIRST_BENCH_DAY).whole_days();
    if days < 0 {
        return Err(DateError::BeforeFirstBench(format_date(d)));
    }
    u32::try_from(days + 1).map_err(|_| DateError::OutOfRange(days + 1))
}

/// The date of a bench number (its inverse).
pub fn bench_date(number: u32) -> Result<Date, DateError> {
    if number == 0 {
        return Err(DateError::OutOfRange(0));
    }
    FIRST_BENCH_DAY
        .checked_add(time::Duration::days(number as i64 - 1))
        .ok_or(DateError::OutOfRange(number as i64))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn n(s: &str) -> u32 {
        bench_number(parse_date(s).unwrap()).unwrap()
    }

    #[test]
    /// Expected values cross-checked with Python's `datetime` (an independent calendar implementation).
    fn golden_bench_numbers() {
        assert_eq!(n("2026-08-26"), 1);
        assert_eq!(n("2026-08-27"), 2);
        assert_eq!(n("2026-11-30"), 97);
        assert_eq!(n("2026-12-31"), 128);
        assert_eq!(n("2027-01-01"), 129);
        assert_eq!(n("2028-02-28"), 552);
        assert_eq!(n("2028-02-29"), 553, "leap day");
        assert_eq!(n("2028-03-01"), 554);
        assert_eq!(n("2028-12-31"), 859);
        assert_eq!(n("2036-08-26"), 3654);
    }

    #[test]
    fn dates_before_the_first_bench_and_garbage_are_errors() {
        assert_eq!(
            bench_number(parse_date("2026-08-25").unwrap()),
            Err(DateError::BeforeFirstBench("2026-08-25".into()))
        );
        for bad in ["", "26-08-26", "tomorrow", "2026-8-26", "2026/08/26"] {
            assert!(
                matches!(parse_date(bad), Err(DateError::Malformed(_))),
                "{bad}"
            );
        }
        for no_day in [
            "2026-13-01",
            "2026-02-30",
            "2027-02-29",
            "2026-04-31",
            "2026-00-10",
        ] {
            assert_eq!(
                parse_date(no_day).unwrap_err().to_string(),
                format!("{no_day}: no such day")
            );
        }
    }

    #[test]
    fn bench_date_inverts_bench_number() {
        for k in [1u32, 2, 97, 128, 129, 550, 3650] {
            assert_eq!(bench_number(bench_date(k).unwrap()).unwrap(), k);
        }
        assert!(bench_date(0).is_err());
    }
}
