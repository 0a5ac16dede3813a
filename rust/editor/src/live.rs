//! [`LiveVerdict`]: at most one verdict in flight, always of the latest edit. A new request cancels the
//! stale run (its thread sees the cancel flag and ends on its own; its result is never delivered) and
//! starts a fresh one, so a designer painting fast never waits for verdicts of levels already gone.
//! Polled without blocking from the thread that owns it (Godot's main thread).

use screwsmith_rules::level::{HelpData, LevelData, Measure};

use super::verdict::{verdict, Verdict};
use screwsmith_play::view::{Job, JobOutcome, Poll, ViewError};

/// The verdict of the latest requested level, worked out on a plain thread.
#[derive(Debug, Default)]
pub struct LiveVerdict {
    job: Job<Verdict>,
    started: u64,
    /// The latest delivered verdict's measure and help copy (cleared by each request).
    stored: Option<(Measure, Option<HelpData>)>,
}

impl LiveVerdict {
    /// Starts measuring `level`, cancelling (and dropping) a run still working on an older level.
    pub fn request(&mut self, level: &LevelData) -> Result<(), ViewError> {
        if self.job.is_running() {
            // Job's Drop sets the cancel flag; the old thread ends at its next check.
            self.job = Job::default();
        }
        let level = level.clone();
        self.started += 1;
        self.stored = None;
        self.job.start("screwsmith-verdict", move |ctx| {
            verdict(&level, ctx.cancel_flag())
        })
    }

    /// Whether a verdict is being worked out.
    pub fn is_running(&self) -> bool {
        self.job.is_running()
    }

    /// How many runs were started (each edit one; stale ones included).
    pub fn started(&self) -> u64 {
        self.started
    }

    /// `level` (the one last requested) as it would be saved: with the measure and help copy its
    /// verdict found, so `screwsmith validate --file` checks it like a shipped level; unchanged while
    /// no verdict of it has arrived or it is not proven.
    pub fn measured(&self, level: &LevelData) -> LevelData {
        let mut out = level.clone();
        if let Some((measure, help)) = &self.stored {
            out.measure = Some(measure.clone());
            out.help = help.clone();
        }
        out
    }

    /// The finished verdict, once; never blocks. A verdict whose work panicked comes back as `Err`.
    pub fn poll(&mut self) -> Option<Result<Verdict, String>> {
        match self.job.poll() {
            Poll::Finished(JobOutcome::Done(v)) => {
                self.stored = v.stored.clone();
                Some(Ok(v))
            }
            Poll::Finished(JobOutcome::Failed(m)) => Some(Err(m)),
            Poll::Idle | Poll::Running(_) => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{load_level_text, Edit, EditedLevel};
    use std::time::{Duration, Instant};

    fn wait(live: &mut LiveVerdict) -> Verdict {
        let until = Instant::now() + Duration::from_secs(60);
        while Instant::now() < until {
            if let Some(v) = live.poll() {
                return v.unwrap();
            }
            std::thread::sleep(Duration::from_millis(1));
        }
        panic!("no verdict");
    }

    #[test]
    fn only_the_latest_levels_verdict_arrives() {
        let large = load_level_text(include_str!("../../rules/tests/levels/large.json")).unwrap();
        let mut small = EditedLevel::blank(3, 1);
        small
            .edit(&Edit::AddPart {
                layer: 0,
                cell: [0, 0],
            })
            .unwrap();
        for x in 0..3u8 {
            if x > 0 {
                small
                    .edit(&Edit::Paint {
                        part: 1,
                        cell: [x, 0],
                    })
                    .unwrap();
            }
            small
                .edit(&Edit::AddScrew {
                    part: 1,
                    cell: [x, 0],
                    color: 1,
                    kind: None,
                    hidden: None,
                })
                .unwrap();
        }
        let mut live = LiveVerdict::default();
        live.request(&large).unwrap();
        live.request(small.level()).unwrap();
        let v = wait(&mut live);
        assert_eq!(v.rail_slots, small.level().rail_slots);
        assert_eq!(v.status.as_deref(), Some("proven"));
        assert_eq!(live.started(), 2);
        assert!(
            live.poll().is_none(),
            "one verdict per request that was not replaced"
        );
        assert!(live.measured(small.level()).measure.is_some());
        live.request(&large).unwrap();
        assert_eq!(
            live.measured(small.level()).measure,
            None,
            "a request clears it"
        );
    }
}
