//! The bench clock: which bench a moment belongs to and how long until the next one. A bench day is a
//! UTC day, so the next bench arrives at UTC midnight; the player sees that moment in local time.
//! All of it is integer seconds (Unix time), so the countdown the game shows is computed here, tested,
//! and GDScript only formats it.

use time::{Date, OffsetDateTime};

use super::date::{bench_number, DateError};

/// Seconds in a UTC day (UTC has no daylight saving; leap seconds are not in Unix time).
pub const DAY_SECONDS: i64 = 86_400;

/// The largest UTC offset a device reports (+14:00 in Kiribati; -12:00 is the other end).
pub const MAX_OFFSET_MINUTES: i32 = 18 * 60;

/// The UTC date of a Unix time.
pub fn utc_date_of(unix: i64) -> Result<Date, DateError> {
    OffsetDateTime::from_unix_timestamp(unix)
        .map(OffsetDateTime::date)
        .map_err(|_| DateError::OutOfRange(unix))
}

/// The bench number on the UTC day of a Unix time.
pub fn bench_at(unix: i64) -> Result<u32, DateError> {
    bench_number(utc_date_of(unix)?)
}

/// Time left until the next bench, and when that is on the player's clock.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Countdown {
    /// The bench that is on now.
    pub bench: u32,
    /// Seconds until the next bench (1..=86400).
    pub seconds_left: u32,
    pub hours: u32,
    pub minutes: u32,
    pub seconds: u32,
    /// The next bench's start on the local clock (hour 0..=23, minute 0..=59).
    pub local_hour: u32,
    pub local_minute: u32,
}

impl Countdown {
    /// The countdown at `now` (Unix seconds) for a device `utc_offset_minutes` east of UTC (Godot's
    /// `Time.get_time_zone_from_system().bias`). An offset beyond ±18 h is refused.
    pub fn at(now: i64, utc_offset_minutes: i32) -> Result<Countdown, DateError> {
        if utc_offset_minutes.abs() > MAX_OFFSET_MINUTES {
            return Err(DateError::OutOfRange(i64::from(utc_offset_minutes)));
        }
        let bench = bench_at(now)?;
        let next = (now.div_euclid(DAY_SECONDS) + 1) * DAY_SECONDS;
        let left = next - now;
        let local = (next + i64::from(utc_offset_minutes) * 60).rem_euclid(DAY_SECONDS);
        // Every value below is < 86400 or a part of it: the conversions cannot fail.
        let part = |v: i64| u32::try_from(v).unwrap_or(0);
        Ok(Countdown {
            bench,
            seconds_left: part(left),
            hours: part(left / 3600),
            minutes: part(left % 3600 / 60),
            seconds: part(left % 60),
            local_hour: part(local / 3600),
            local_minute: part(local % 3600 / 60),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 2026-11-30 00:00:00 UTC, the first second of bench 97.
    const BENCH_97: i64 = 1_795_996_800;

    #[test]
    fn a_unix_time_names_its_utc_bench() {
        assert_eq!(bench_at(BENCH_97), Ok(97));
        assert_eq!(
            bench_at(BENCH_97 - 1),
            Ok(96),
            "the last second of the day before"
        );
        assert_eq!(bench_at(BENCH_97 + DAY_SECONDS - 1), Ok(97));
        assert!(matches!(bench_at(0), Err(DateError::BeforeFirstBench(_))));
        assert!(matches!(bench_at(i64::MAX), Err(DateError::OutOfRange(_))));
    }

    #[test]
    fn the_countdown_runs_to_utc_midnight() {
        let c = Countdown::at(BENCH_97 + 10 * 3600 + 30 * 60 + 15, 0).unwrap();
        assert_eq!(c.bench, 97);
        assert_eq!((c.hours, c.minutes, c.seconds), (13, 29, 45));
        assert_eq!(c.seconds_left, 13 * 3600 + 29 * 60 + 45);
        assert_eq!((c.local_hour, c.local_minute), (0, 0));
        let first = Countdown::at(BENCH_97, 0).unwrap();
        assert_eq!(first.seconds_left, 86_400, "a whole day at midnight");
        let last = Countdown::at(BENCH_97 - 1, 0).unwrap();
        assert_eq!((last.bench, last.seconds_left), (96, 1));
    }

    #[test]
    fn the_next_bench_is_shown_on_the_local_clock() {
        let noon = BENCH_97 + 12 * 3600;
        let tokyo = Countdown::at(noon, 9 * 60).unwrap();
        assert_eq!((tokyo.local_hour, tokyo.local_minute), (9, 0));
        let new_york = Countdown::at(noon, -5 * 60).unwrap();
        assert_eq!((new_york.local_hour, new_york.local_minute), (19, 0));
        let kathmandu = Countdown::at(noon, 5 * 60 + 45).unwrap();
        assert_eq!((kathmandu.local_hour, kathmandu.local_minute), (5, 45));
        assert_eq!(
            tokyo.seconds_left, new_york.seconds_left,
            "the same moment everywhere"
        );
        assert!(Countdown::at(noon, 19 * 60).is_err());
    }
}
