//! The work behind Godot's `DailyBench`: the date argument ("" = today UTC) is validated on the main
//! thread so a bad date is refused at once; the bench is then generated on a [`super::Job`] thread with
//! the job's cancel flag. Also the share text parts.

use time::Date;

use screwsmith_gen::daily::bench::{DailyBench, DailyError};
use screwsmith_gen::daily::date::{bench_number, parse_date, today_utc};
use screwsmith_gen::daily::ShareParts;

use super::error::{narrow, ViewError};
use super::job::JobContext;

/// A bench generation ready to hand to [`super::Job::start`]. The result is the bench's JSON with the
/// level as JSON text under `level_json` (what `GameSim.load_json` takes), or `{error, cancelled}`.
pub fn prepare(
    date_text: &str,
) -> Result<impl FnOnce(&JobContext) -> serde_json::Value + Send + 'static, ViewError> {
    let day = bench_day(date_text)?;
    Ok(
        move |ctx: &JobContext| match DailyBench::for_date(day, Some(ctx.cancel_flag())) {
            Ok(bench) => {
                ctx.set_progress(1.0);
                let mut json = bench.to_json();
                let level = json
                    .as_object_mut()
                    .and_then(|o| o.remove("level"))
                    .unwrap_or_default();
                json["level_json"] = serde_json::Value::String(level.to_string());
                json
            }
            Err(e) => serde_json::json!({
                "error": e.to_string(),
                "cancelled": e == DailyError::Cancelled,
            }),
        },
    )
}

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
    use screwsmith_gen::daily::DateError;

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
    fn the_job_returns_the_bench_with_its_level_as_json_text() {
        let work = prepare("2026-11-30").unwrap();
        let out = work(&JobContext::default());
        assert_eq!(out["bench"], 97);
        assert_eq!(out["proven"], true);
        let level =
            screwsmith_rules::level::parse_level(out["level_json"].as_str().unwrap()).unwrap();
        assert_eq!(level.number, 97);
        assert!(out.get("level").is_none());
        assert!(
            prepare("2026-08-25").is_err(),
            "refused before any thread starts"
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
