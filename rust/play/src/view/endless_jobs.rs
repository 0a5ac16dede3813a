//! The schedule behind Godot's `EndlessLevels`: one worker makes the endless levels asked for, one at a
//! time — the level the player opens before the ones made ahead — and each finished level (or the cycle
//! level, when the work failed, ran out of time or panicked) goes on the [`Shelf`] the level library
//! serves from. Engine-free, so the adapter only converts, calls and emits `level_ready`; the order,
//! the skipping of levels already made or being made, the fallback and cancelling are tested here with
//! a stand-in generator.
//!
//! Why an opened level stops the level being made instead of queueing behind it: the player waits
//! under a spinner for the opened one, and a generation may take up to the whole time budget. So
//! [`EndlessJobs::want`] with `now` stops any other level's job at once (its thread is told to stop),
//! starts the opened level on a fresh thread, and asks for the stopped level again right after it.
//! The stopped job's result is discarded whatever it is — a stopped generation serves the cycle level,
//! which is not what that level is; a finished one is already in the cache file, so making it again
//! reads it back — and until its thread has ended it is only polled, never waited for. Why not run both
//! side by side: on a phone's few cores the opened level would share them with a level nobody waits for.

use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

use screwsmith_gen::endless::{self as gen_endless, EndlessError, TIME_BUDGET};
use screwsmith_gen::library::Library;
use screwsmith_rules::level::LevelData;

use super::endless::{endless_number, prepare_with, EndlessLevel, Shelf, Wanted};
use super::error::ViewError;
use super::job::{Job, JobOutcome, Poll};

/// Makes level `n` within a budget, stopping when the flag is set: the real generator, or a test's.
pub type Generate =
    Arc<dyn Fn(u32, Duration, Arc<AtomicBool>) -> Result<LevelData, EndlessError> + Send + Sync>;

/// A level that just became ready on the shelf: what `level_ready(number, fresh)` says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ready {
    pub number: u32,
    /// False when the cycle level serves it.
    pub fresh: bool,
}

/// The endless levels' worker and its queue.
pub struct EndlessJobs {
    job: Job<EndlessLevel>,
    /// The level the job makes and its cycle level (served if the work panics).
    making: Option<(u32, LevelData)>,
    /// Jobs stopped for an opened level, until their threads have ended (results discarded).
    stopped: Vec<Job<EndlessLevel>>,
    wanted: Wanted,
    cache: Option<PathBuf>,
    budget: Duration,
    generate: Generate,
}

impl Default for EndlessJobs {
    /// The real generator, no cache on disk, the generator's own time budget.
    fn default() -> Self {
        Self::with_generator(Arc::new(|n, budget, cancel| {
            gen_endless::generate(n, budget, Some(cancel)).map(|fresh| fresh.level)
        }))
    }
}

impl EndlessJobs {
    /// A schedule over another generator (tests).
    pub fn with_generator(generate: Generate) -> Self {
        EndlessJobs {
            job: Job::default(),
            making: None,
            stopped: Vec::new(),
            wanted: Wanted::default(),
            cache: None,
            budget: TIME_BUDGET,
            generate,
        }
    }

    /// Where made levels are kept on disk (`None`: nowhere).
    pub fn set_cache(&mut self, cache: Option<PathBuf>) {
        self.cache = cache;
    }

    /// How long a generation may take before the cycle level serves.
    pub fn set_budget(&mut self, budget: Duration) {
        self.budget = budget;
    }

    /// Level `n` is wanted: `now` (opened: made before any other, starting at once — another level
    /// being made is stopped and asked for again right after it) or later (made once nothing opened
    /// waits). Nothing to do for a level on the shelf or being made. Refused for a baked number.
    pub fn want(
        &mut self,
        set: &Library,
        shelf: &Shelf,
        n: i64,
        now: bool,
    ) -> Result<(), ViewError> {
        let n = endless_number(n)?;
        if shelf.get(n).is_none() && self.making_number() != Some(n) {
            if now {
                self.wanted.now(n);
                self.stop_for_opened();
            } else {
                self.wanted.later(n);
            }
            self.start_next(set, shelf)?;
        }
        Ok(())
    }

    /// Stops the level being made (another than the one just opened) and asks for it again after the
    /// opened one; a job that already ended is taken as usual by the next [`EndlessJobs::finish`].
    fn stop_for_opened(&mut self) {
        if !self.job.is_running() || self.job.has_ended() {
            return;
        }
        if let Some((m, _)) = self.making.take() {
            self.wanted.again(m);
        }
        let stopped = std::mem::take(&mut self.job);
        stopped.cancel();
        self.stopped.push(stopped);
    }

    /// Starts the first level asked for that is not on the shelf, when no job runs.
    pub fn start_next(&mut self, set: &Library, shelf: &Shelf) -> Result<(), ViewError> {
        if self.job.is_running() {
            return Ok(());
        }
        let Some(n) = self.wanted.next(|n| shelf.get(n).is_some()) else {
            return Ok(());
        };
        let cycle = set.level(n)?.clone();
        let generate = Arc::clone(&self.generate);
        let work = prepare_with(
            set,
            i64::from(n),
            self.cache.clone(),
            self.budget,
            move |n, budget, cancel| generate(n, budget, cancel),
        )?;
        self.job.start("screwsmith-endless", work)?;
        self.making = Some((n, cycle));
        Ok(())
    }

    /// Takes a finished level onto the shelf (a cancelled one is not kept, and says not fresh); never
    /// blocks. Call [`EndlessJobs::start_next`] after it for the next level asked for.
    pub fn finish(&mut self, shelf: &mut Shelf) -> Option<Ready> {
        self.stopped
            .retain_mut(|job| !matches!(job.poll(), Poll::Finished(_)));
        let level = match self.job.poll() {
            Poll::Finished(outcome) => self.making.take().map(|(n, cycle)| match outcome {
                JobOutcome::Done(level) => level,
                JobOutcome::Failed(why) => EndlessLevel::cycle(n, cycle, why),
            }),
            Poll::Idle | Poll::Running(_) => None,
        }?;
        let ready = Ready {
            number: level.number,
            fresh: level.fresh(),
        };
        shelf.put(level);
        Some(ready)
    }

    /// Forgets the levels asked for and stops the one being made; [`EndlessJobs::finish`] still delivers
    /// it (the cycle level, not kept).
    pub fn cancel(&mut self) {
        self.wanted = Wanted::default();
        self.job.cancel();
    }

    /// Whether a level is being made (or made and not yet taken by [`EndlessJobs::finish`]).
    pub fn is_running(&self) -> bool {
        self.job.is_running()
    }

    /// Whether [`EndlessJobs::finish`] still has work to collect: a level being made, or a stopped
    /// job whose thread has not been seen to end.
    pub fn needs_polling(&self) -> bool {
        self.job.is_running() || !self.stopped.is_empty()
    }

    /// How many stopped jobs have not been seen to end.
    pub fn stopping(&self) -> usize {
        self.stopped.len()
    }

    /// The level being made.
    pub fn making_number(&self) -> Option<u32> {
        self.making.as_ref().map(|(n, _)| *n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::Ordering;
    use std::time::Instant;

    use screwsmith_gen::library::board_key;

    fn library() -> Library {
        Library::from_json(include_str!("../../../../levels/levels.json")).unwrap()
    }

    /// A stand-in generator: level 1's board numbered `n`, made once `gate` opens (or the work is
    /// cancelled: then it fails as the real one does); `fail` makes every level fail, `panic` panic.
    fn stand_in(gate: Arc<AtomicBool>, fail: bool, panic: bool) -> Generate {
        let board = library().level(1).unwrap().clone();
        Arc::new(move |n, _budget, cancel: Arc<AtomicBool>| {
            while !gate.load(Ordering::SeqCst) && !cancel.load(Ordering::SeqCst) {
                std::thread::sleep(Duration::from_millis(1));
            }
            assert!(!panic, "the stand-in generator panics");
            if cancel.load(Ordering::SeqCst) {
                return Err(EndlessError::Cancelled);
            }
            if fail {
                return Err(EndlessError::Baked(n));
            }
            let mut level = board.clone();
            level.number = n;
            Ok(level)
        })
    }

    fn open() -> Arc<AtomicBool> {
        Arc::new(AtomicBool::new(true))
    }

    /// Polls as `_process` does (finish, then start the next) until no job runs: every level made.
    fn settle(jobs: &mut EndlessJobs, set: &Library, shelf: &mut Shelf) -> Vec<Ready> {
        let until = Instant::now() + Duration::from_secs(60);
        let mut ready = Vec::new();
        while jobs.is_running() {
            assert!(Instant::now() < until, "the stand-in work never finished");
            ready.extend(jobs.finish(shelf));
            jobs.start_next(set, shelf).unwrap();
            std::thread::sleep(Duration::from_millis(1));
        }
        ready
    }

    /// A schedule whose stand-in work waits for `gate`, over the shipped set and an empty shelf; the
    /// levels in `wanted` asked for in order (`true`: opened now).
    fn gated(wanted: &[(i64, bool)]) -> (Library, Shelf, Arc<AtomicBool>, EndlessJobs) {
        let (set, shelf) = (library(), Shelf::default());
        let gate = Arc::new(AtomicBool::new(false));
        let mut jobs = EndlessJobs::with_generator(stand_in(gate.clone(), false, false));
        for &(n, now) in wanted {
            jobs.want(&set, &shelf, n, now).unwrap();
        }
        (set, shelf, gate, jobs)
    }

    fn fresh(number: u32) -> Ready {
        Ready {
            number,
            fresh: true,
        }
    }

    #[test]
    fn an_opened_level_goes_before_the_levels_made_ahead() {
        let (set, mut shelf, gate, mut jobs) = gated(&[(202, false), (203, false)]);
        assert_eq!(
            jobs.making_number(),
            Some(202),
            "the first asked for runs at once"
        );
        jobs.want(&set, &shelf, 207, true).unwrap();
        gate.store(true, Ordering::SeqCst);
        let order = settle(&mut jobs, &set, &mut shelf);
        assert_eq!(order, [fresh(207), fresh(202), fresh(203)]);
        for n in [202, 203, 207] {
            assert_eq!(shelf.get(n).unwrap().level.number, n);
        }
    }

    #[test]
    fn a_level_on_the_shelf_or_being_made_is_not_made_again() {
        let (set, mut shelf, gate, mut jobs) = gated(&[(201, true), (201, true), (201, false)]);
        gate.store(true, Ordering::SeqCst);
        assert_eq!(settle(&mut jobs, &set, &mut shelf), [fresh(201)]);
        jobs.want(&set, &shelf, 201, true).unwrap();
        assert!(!jobs.is_running(), "on the shelf: nothing to make");
        assert_eq!(settle(&mut jobs, &set, &mut shelf), []);
    }

    #[test]
    fn a_failed_or_panicking_generation_serves_the_cycle_level() {
        let set = library();
        for (fail, panic) in [(true, false), (false, true)] {
            let mut shelf = Shelf::default();
            let mut jobs = EndlessJobs::with_generator(stand_in(open(), fail, panic));
            jobs.want(&set, &shelf, 230, true).unwrap();
            let ready = settle(&mut jobs, &set, &mut shelf);
            assert_eq!(
                ready,
                [Ready {
                    number: 230,
                    fresh: false
                }],
                "fail {fail} panic {panic}"
            );
            let served = shelf.get(230).expect("the cycle level is kept");
            let cycle = set.level(230).unwrap();
            assert_eq!(board_key(&served.level), board_key(cycle));
            assert!(served.fell_back.is_some());
        }
    }

    #[test]
    fn cancelling_forgets_the_queue_and_keeps_nothing_of_the_stopped_level() {
        let (set, mut shelf, _gate, mut jobs) = gated(&[(210, true), (211, false)]);
        jobs.cancel();
        let ready = settle(&mut jobs, &set, &mut shelf);
        assert_eq!(
            ready,
            [Ready {
                number: 210,
                fresh: false
            }],
            "still delivered"
        );
        assert!(shelf.is_empty(), "a stopped level is not what level 210 is");
        assert_eq!(jobs.making_number(), None);
    }

    #[test]
    fn an_opened_level_stops_the_level_made_ahead_and_starts_at_once() {
        let (set, mut shelf, gate, mut jobs) = gated(&[(206, false), (204, false)]);
        assert_eq!(jobs.making_number(), Some(206));
        jobs.want(&set, &shelf, 203, true).unwrap();
        assert_eq!(jobs.making_number(), Some(203), "no wait behind 206");
        assert_eq!(jobs.stopping(), 1);
        // The stopped job ends on its own while 203 is still being made, and delivers nothing.
        let until = Instant::now() + Duration::from_secs(60);
        while jobs.stopping() > 0 {
            assert!(Instant::now() < until, "the stopped job never ended");
            assert_eq!(jobs.finish(&mut shelf), None);
            std::thread::sleep(Duration::from_millis(1));
        }
        assert!(shelf.get(206).is_none(), "a stopped level is not kept");
        assert!(jobs.needs_polling(), "203 is still being made");
        gate.store(true, Ordering::SeqCst);
        let order = settle(&mut jobs, &set, &mut shelf);
        assert_eq!(
            order,
            [fresh(203), fresh(206), fresh(204)],
            "206 made again"
        );
        assert!(!jobs.needs_polling());
    }

    #[test]
    fn a_level_made_ahead_never_stops_anything() {
        let (_set, _shelf, _gate, mut jobs) = gated(&[(203, true), (206, false), (207, false)]);
        assert_eq!((jobs.making_number(), jobs.stopping()), (Some(203), 0));
        jobs.cancel();
    }

    /// A generator deaf to its stop flag: level 206 waits for `gate` whatever happens, every other level
    /// is made at once. Each call is logged.
    fn deaf(gate: Arc<AtomicBool>, calls: Arc<std::sync::Mutex<Vec<u32>>>) -> Generate {
        let board = library().level(1).unwrap().clone();
        Arc::new(move |n, _budget, _cancel| {
            calls.lock().unwrap().push(n);
            while n == 206 && !gate.load(Ordering::SeqCst) {
                std::thread::sleep(Duration::from_millis(1));
            }
            let mut level = board.clone();
            level.number = n;
            Ok(level)
        })
    }

    #[test]
    fn a_stopped_job_that_does_not_stop_neither_holds_the_opened_level_nor_counts() {
        let (set, mut shelf) = (library(), Shelf::default());
        let gate = Arc::new(AtomicBool::new(false));
        let calls = Arc::new(std::sync::Mutex::new(Vec::new()));
        let mut jobs = EndlessJobs::with_generator(deaf(gate.clone(), calls.clone()));
        jobs.want(&set, &shelf, 206, false).unwrap();
        jobs.want(&set, &shelf, 203, true).unwrap();
        // 203 is served while the stopped 206 still runs; then 206 starts again and waits too.
        let until = Instant::now() + Duration::from_secs(60);
        let mut ready = Vec::new();
        while shelf.get(203).is_none() {
            assert!(Instant::now() < until, "203 was never served");
            ready.extend(jobs.finish(&mut shelf));
            jobs.start_next(&set, &shelf).unwrap();
            std::thread::sleep(Duration::from_millis(1));
        }
        assert_eq!(ready, [fresh(203)]);
        assert_eq!(jobs.stopping(), 1, "the deaf job still runs");
        gate.store(true, Ordering::SeqCst);
        ready.extend(settle(&mut jobs, &set, &mut shelf));
        while jobs.needs_polling() {
            assert!(Instant::now() < until, "the stopped job never ended");
            ready.extend(jobs.finish(&mut shelf));
            std::thread::sleep(Duration::from_millis(1));
        }
        assert_eq!(
            ready,
            [fresh(203), fresh(206)],
            "the stopped run said nothing"
        );
        let mut made = calls.lock().unwrap().clone();
        made.sort();
        assert_eq!(made, [203, 206, 206]);
    }

    #[test]
    fn a_baked_number_is_refused_with_a_typed_error() {
        let (set, shelf) = (library(), Shelf::default());
        let mut jobs = EndlessJobs::with_generator(stand_in(open(), false, false));
        for n in [0, 1, 200, -5] {
            assert!(matches!(
                jobs.want(&set, &shelf, n, true),
                Err(ViewError::OutOfRange { .. })
            ));
        }
        assert!(!jobs.is_running());
    }
}
