//! The work behind Godot's `DailyBench`: the date argument ("" = today UTC) is validated on the main
//! thread so a bad date is refused at once; the bench is then generated on a [`super::Job`] thread with
//! the job's cancel flag — or read from the day's cache ([`super::daily_cache`]) when one is given and
//! holds that bench. Also the countdown to the next bench.

use std::path::PathBuf;

use time::Date;

use screwsmith_gen::daily::bench::{DailyBench, DailyError};
use screwsmith_gen::daily::clock::{utc_date_of, Countdown};
use screwsmith_gen::daily::date::{bench_number, parse_date, today_utc};

use super::daily_cache;
use super::error::{narrow, ViewError};
use super::job::JobContext;

/// A bench generation ready to hand to [`super::Job::start`]. The result is the bench's JSON with the
/// level as JSON text under `level_json` (what `GameSim.load_json` takes), or `{error, cancelled}`.
pub fn prepare(
    date_text: &str,
) -> Result<impl FnOnce(&JobContext) -> serde_json::Value + Send + 'static, ViewError> {
    prepare_cached(bench_day(date_text)?, None)
}

/// The bench of the UTC day of `now` (Unix seconds), served from the cache file at `cache` when it
/// holds that bench, else generated and written there. The result also says `cached: bool`, and
/// `cache_error` when the new cache could not be written (the bench is still delivered).
pub fn prepare_at(
    now: i64,
    cache: Option<PathBuf>,
) -> Result<impl FnOnce(&JobContext) -> serde_json::Value + Send + 'static, ViewError> {
    prepare_cached(utc_date_of(now)?, cache)
}

fn prepare_cached(
    day: Date,
    cache: Option<PathBuf>,
) -> Result<impl FnOnce(&JobContext) -> serde_json::Value + Send + 'static, ViewError> {
    let bench = bench_number(day)?;
    Ok(move |ctx: &JobContext| {
        if let Some(mut hit) = cache.as_deref().and_then(|p| daily_cache::read(p, bench)) {
            ctx.set_progress(1.0);
            hit["cached"] = true.into();
            return hit;
        }
        let mut json = generate(day, ctx);
        if json.get("error").is_none() {
            if let Some(path) = &cache {
                if let Err(e) = daily_cache::write(path, &json) {
                    json["cache_error"] = format!("{}: {e}", path.display()).into();
                }
            }
            json["cached"] = false.into();
        }
        json
    })
}

fn generate(day: Date, ctx: &JobContext) -> serde_json::Value {
    match DailyBench::for_date(day, Some(ctx.cancel_flag())) {
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
    }
}

/// The countdown to the next bench at `now` (Unix seconds) for a device `offset_minutes` east of UTC.
pub fn countdown(now: i64, offset_minutes: i64) -> Result<Countdown, ViewError> {
    let offset = narrow("UTC offset (minutes)", offset_minutes, -18 * 60, 18 * 60)?;
    Ok(Countdown::at(now, offset)?)
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
    fn a_second_run_on_the_same_day_reads_the_cache_and_another_day_replaces_it() {
        let dir = std::env::temp_dir().join(format!("screwsmith-prepare-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("daily_bench.json");
        // 2026-11-30 10:00 UTC and the next day.
        let day_97 = 1_795_996_800 + 10 * 3600;
        let first = prepare_at(day_97, Some(path.clone())).unwrap()(&JobContext::default());
        assert_eq!(
            (first["bench"].as_u64(), first["cached"].as_bool()),
            (Some(97), Some(false))
        );
        let written = std::fs::read(&path).unwrap();
        let again = prepare_at(day_97 + 3600, Some(path.clone())).unwrap()(&JobContext::default());
        assert_eq!(again["cached"], true);
        assert_eq!(again["level_json"], first["level_json"], "the same board");
        assert_eq!(
            std::fs::read(&path).unwrap(),
            written,
            "the cache is not rewritten"
        );
        std::fs::write(&path, "{damaged").unwrap();
        let repaired = prepare_at(day_97, Some(path.clone())).unwrap()(&JobContext::default());
        assert_eq!(
            repaired["cached"], false,
            "a damaged cache is generated again"
        );
        assert_eq!(std::fs::read(&path).unwrap(), written, "and written again");
        let next = prepare_at(day_97 + 86_400, Some(path.clone())).unwrap()(&JobContext::default());
        assert_eq!(
            (next["bench"].as_u64(), next["cached"].as_bool()),
            (Some(98), Some(false))
        );
        assert!(
            daily_cache::read(&path, 98).is_some(),
            "the new day's bench replaced it"
        );
        assert!(prepare_at(0, None).is_err(), "before the first bench");
    }

    #[test]
    fn the_countdown_takes_gdscript_ints() {
        let c = countdown(1_795_996_800 + 23 * 3600, 60).unwrap();
        assert_eq!((c.bench, c.hours, c.local_hour), (97, 1, 1));
        assert!(matches!(countdown(0, 0), Err(ViewError::Date(_))));
        assert!(matches!(
            countdown(1_795_996_800, 24 * 60),
            Err(ViewError::OutOfRange { .. })
        ));
    }
}
