//! The checked inputs of Godot's `DailyBench`: the date argument ("" = today UTC), validated on the main
//! thread so a bad date is refused at once, and the share text parts. The generation itself runs on a
//! [`super::Job`] once the core's real board maker (`DailyBench::for_date`) is wired in.

use time::Date;

use crate::daily::date::{bench_number, parse_date, today_utc};
use crate::daily::ShareParts;

use super::error::{narrow, ViewError};

/// The date a `start(date)` call means: "" is today in UTC; anything else must be a `YYYY-MM-DD` on or
/// after the first bench.
pub fn bench_day(text: &str) -> Result<Date, ViewError> {
    let day = if text.trim().is_empty() {
        today_utc()
    } else {
        parse_date(text)?
    };
    bench_number(day)?;
    Ok(day)
}

/// The share text parts for a finished bench (`share_parts(bench, moves)`).
pub fn share(bench: i64, moves: i64) -> Result<ShareParts, ViewError> {
    Ok(ShareParts {
        bench: narrow("bench number", bench, 1, u32::MAX)?,
        moves: narrow("move count", moves, 0, u32::MAX)?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::daily::DateError;

    #[test]
    fn dates_are_checked_before_any_thread_starts() {
        assert_eq!(bench_number(bench_day("2026-08-26").unwrap()), Ok(1));
        assert!(bench_day("").is_ok(), "today is after the first bench");
        assert_eq!(
            bench_day("26/08/2026"),
            Err(ViewError::Date(DateError::Malformed("26/08/2026".into())))
        );
        let early = bench_day("2026-08-25").unwrap_err();
        assert_eq!(
            early.to_string(),
            "2026-08-25 is before the first bench (2026-08-26)"
        );
    }

    #[test]
    fn share_parts_take_gdscript_ints() {
        assert_eq!(
            share(97, 23).unwrap().english(),
            "Screwsmith Bench #97 — 23 moves"
        );
        assert!(matches!(
            share(0, 3),
            Err(ViewError::OutOfRange {
                what: "bench number",
                ..
            })
        ));
        assert!(matches!(
            share(5, -1),
            Err(ViewError::OutOfRange {
                what: "move count",
                ..
            })
        ));
    }
}
