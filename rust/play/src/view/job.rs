//! [`Job`]: work on a plain `std::thread` over core data, collected by polling from the thread that owns
//! it. The Godot classes that solve or generate (`LevelSolver`, `DailyBench`) hold one and poll it each
//! frame on the main thread: engine objects are never touched off the main thread, and the main thread
//! never blocks. A panic in the work comes back as [`JobOutcome::Failed`], never as a crash.

use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;

use super::error::ViewError;

/// What the work sees: its cancel flag (to pass to the solver) and a progress fraction to publish.
#[derive(Debug, Clone, Default)]
pub struct JobContext {
    cancel: Arc<AtomicBool>,
    /// `f32` bits of the fraction done, 0..=1.
    progress: Arc<AtomicU32>,
}

impl JobContext {
    /// The shared cancel flag (what `SolveOptions::cancel` takes).
    pub fn cancel_flag(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.cancel)
    }

    /// Whether the owner asked to stop.
    pub fn is_cancelled(&self) -> bool {
        self.cancel.load(Ordering::Relaxed)
    }

    /// Publishes the fraction done, clamped to 0..=1 (NaN counts as 0).
    pub fn set_progress(&self, fraction: f32) {
        let f = if fraction.is_nan() {
            0.0
        } else {
            fraction.clamp(0.0, 1.0)
        };
        self.progress.store(f.to_bits(), Ordering::Relaxed);
    }

    fn progress(&self) -> f32 {
        f32::from_bits(self.progress.load(Ordering::Relaxed))
    }
}

/// How a finished job ended.
#[derive(Debug, Clone, PartialEq)]
pub enum JobOutcome<T> {
    /// The work returned (it may have stopped early on cancel; the value says so).
    Done(T),
    /// The work panicked; the panic message.
    Failed(String),
}

/// What one poll saw.
#[derive(Debug, Clone, PartialEq)]
pub enum Poll<T> {
    /// No job.
    Idle,
    /// Still running; `Some(fraction)` when progress moved since the last poll.
    Running(Option<f32>),
    /// Just finished: delivered exactly once, then the slot is idle again.
    Finished(JobOutcome<T>),
}

/// At most one background job and its result, owned by one thread.
#[derive(Debug)]
pub struct Job<T> {
    running: Option<(JoinHandle<T>, JobContext)>,
    reported: f32,
}

impl<T> Default for Job<T> {
    fn default() -> Self {
        Job {
            running: None,
            reported: 0.0,
        }
    }
}

impl<T: Send + 'static> Job<T> {
    /// Starts `work` on a new thread named `name`. Refused while a job runs or when the OS has no thread.
    pub fn start(
        &mut self,
        name: &str,
        work: impl FnOnce(&JobContext) -> T + Send + 'static,
    ) -> Result<(), ViewError> {
        if self.running.is_some() {
            return Err(ViewError::Busy);
        }
        let ctx = JobContext::default();
        let inner = ctx.clone();
        let handle = std::thread::Builder::new()
            .name(name.into())
            .spawn(move || work(&inner))
            .map_err(|e| ViewError::Job(format!("cannot start a thread: {e}")))?;
        self.running = Some((handle, ctx));
        self.reported = 0.0;
        Ok(())
    }

    /// Whether a job is running (or finished but not yet polled).
    pub fn is_running(&self) -> bool {
        self.running.is_some()
    }

    /// Whether the running job's thread has ended (its result waits for [`Job::poll`]).
    pub fn has_ended(&self) -> bool {
        self.running
            .as_ref()
            .is_some_and(|(handle, _)| handle.is_finished())
    }

    /// Asks the running job to stop; its (partial) result still arrives through [`Job::poll`].
    pub fn cancel(&self) {
        if let Some((_, ctx)) = &self.running {
            ctx.cancel.store(true, Ordering::Relaxed);
        }
    }

    /// Never blocks: reports progress, or collects the result once the thread has ended.
    pub fn poll(&mut self) -> Poll<T> {
        let Some((handle, ctx)) = &self.running else {
            return Poll::Idle;
        };
        if !handle.is_finished() {
            let p = ctx.progress();
            let moved = p != self.reported;
            self.reported = p;
            return Poll::Running(moved.then_some(p));
        }
        let (handle, _) = self.running.take().expect("checked above");
        Poll::Finished(match handle.join() {
            Ok(v) => JobOutcome::Done(v),
            Err(panic) => JobOutcome::Failed(panic_message(panic.as_ref())),
        })
    }
}

impl<T> Drop for Job<T> {
    /// A dropped owner (the node left the tree) cancels its job and lets the thread end on its own.
    fn drop(&mut self) {
        if let Some((_, ctx)) = &self.running {
            ctx.cancel.store(true, Ordering::Relaxed);
        }
    }
}

fn panic_message(p: &(dyn std::any::Any + Send)) -> String {
    p.downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| p.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "the job panicked".into())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::{Duration, Instant};

    fn wait<T: Send + 'static>(job: &mut Job<T>) -> JobOutcome<T> {
        let until = Instant::now() + Duration::from_secs(10);
        while Instant::now() < until {
            if let Poll::Finished(o) = job.poll() {
                return o;
            }
            std::thread::sleep(Duration::from_millis(1));
        }
        panic!("job did not finish");
    }

    #[test]
    fn delivers_the_result_once_then_idles() {
        let mut job = Job::default();
        assert_eq!(job.poll(), Poll::Idle);
        job.start("sum", |_| (1..=10).sum::<u32>()).unwrap();
        assert!(job.is_running());
        assert_eq!(wait(&mut job), JobOutcome::Done(55));
        assert!(!job.is_running());
        assert_eq!(job.poll(), Poll::Idle);
    }

    #[test]
    fn refuses_a_second_job_while_one_runs() {
        let mut job = Job::default();
        job.start("spin", |ctx| while !ctx.is_cancelled() {})
            .unwrap();
        assert_eq!(job.start("other", |_| ()), Err(ViewError::Busy));
        job.cancel();
        assert_eq!(wait(&mut job), JobOutcome::Done(()));
    }

    #[test]
    fn cancel_reaches_the_work_and_its_result_still_arrives() {
        let mut job = Job::default();
        job.start("count", |ctx| {
            let mut n = 0u64;
            while !ctx.cancel_flag().load(Ordering::Relaxed) {
                n += 1;
                std::hint::spin_loop();
            }
            n
        })
        .unwrap();
        job.cancel();
        assert!(matches!(wait(&mut job), JobOutcome::Done(_)));
    }

    #[test]
    fn progress_is_reported_when_it_moves() {
        let mut job = Job::default();
        let (tx, rx) = std::sync::mpsc::channel::<()>();
        job.start("progress", move |ctx| {
            ctx.set_progress(0.5);
            rx.recv().ok();
        })
        .unwrap();
        let until = Instant::now() + Duration::from_secs(10);
        let mut seen = None;
        while seen.is_none() && Instant::now() < until {
            if let Poll::Running(Some(p)) = job.poll() {
                seen = Some(p);
            }
        }
        assert_eq!(seen, Some(0.5));
        assert_eq!(
            job.poll(),
            Poll::Running(None),
            "unchanged progress is not re-reported"
        );
        tx.send(()).unwrap();
        assert_eq!(wait(&mut job), JobOutcome::Done(()));
    }

    #[test]
    fn a_panic_in_the_work_becomes_a_failure() {
        let mut job: Job<()> = Job::default();
        job.start("boom", |_| panic!("solver exploded")).unwrap();
        assert_eq!(wait(&mut job), JobOutcome::Failed("solver exploded".into()));
    }

    #[test]
    fn progress_is_clamped() {
        let ctx = JobContext::default();
        ctx.set_progress(3.0);
        assert_eq!(ctx.progress(), 1.0);
        ctx.set_progress(f32::NAN);
        assert_eq!(ctx.progress(), 0.0);
    }
}
