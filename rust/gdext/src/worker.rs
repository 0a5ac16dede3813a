//! The adapter half of background work. A Node class that solves or generates (`LevelSolver`,
//! `DailyBench`) owns a core [`Job`] over plain core data, starts it from a `#[func]`, and calls [`poll`]
//! from `process` and from its own `poll()`: progress and the result arrive as the node's
//! typed `progress(fraction)` and `finished(result: Dictionary)` signals, on the main thread, never
//! blocking it.

use godot::prelude::*;
use screwsmith_play::view::{Job, JobOutcome, Poll};

use crate::convert;

/// The job type every worker node holds: its result is the JSON the `finished` Dictionary is made of.
pub type JsonJob = Job<serde_json::Value>;

/// What a worker node emits after a poll, each to its typed signal.
pub enum Emit {
    /// `progress(fraction)`: progress moved.
    Progress(f64),
    /// `finished(result)`, once when the job ends: the work's JSON object, or `{error: "..."}` if the
    /// work panicked.
    Finished(VarDictionary),
}

/// Polls `job` without blocking and says what the node emits. The node emits it through its typed
/// `self.signals()`, which reaches the object through `base_mut()`, so a handler may call back into the
/// node.
pub fn poll(job: &mut JsonJob) -> Option<Emit> {
    match job.poll() {
        Poll::Idle | Poll::Running(None) => None,
        Poll::Running(Some(p)) => Some(Emit::Progress(f64::from(p))),
        Poll::Finished(outcome) => Some(Emit::Finished(finished_dict(outcome))),
    }
}

fn finished_dict(outcome: JobOutcome<serde_json::Value>) -> VarDictionary {
    match outcome {
        JobOutcome::Done(serde_json::Value::Object(o)) => convert::json_object(&o),
        JobOutcome::Done(other) => vdict! { "result" => &convert::json(&other) },
        JobOutcome::Failed(message) => {
            godot_error!("background job failed: {message}");
            vdict! { "error" => &GString::from(message.as_str()) }
        }
    }
}

/// The part every worker node shares: the `_process` hook and the `is_running()` / `cancel()` / `poll()`
/// / `last_error()` funcs, for a class with fields `job: JsonJob` and `error: LastError`, base `Node`, and
/// `progress` / `finished` signals. The class itself only adds its `start(...)` (which builds the core
/// work and calls `self.job.start`) and its signals.
macro_rules! worker_node {
    ($class:ident) => {
        #[godot_api]
        impl INode for $class {
            fn process(&mut self, _delta: f64) {
                self.poll();
            }
        }

        #[godot_api(secondary)]
        impl $class {
            /// Whether a job is running (or finished and not yet delivered by `poll()`).
            #[func]
            fn is_running(&self) -> bool {
                $crate::calls::count();
                self.job.is_running()
            }

            /// Asks the job to stop; `finished` still arrives (saying it was cancelled).
            #[func]
            fn cancel(&mut self) {
                $crate::calls::count();
                self.job.cancel();
            }

            /// Emits `progress` / `finished` if they are ready; never blocks. Called from `_process`
            /// while the node is in the tree.
            #[func]
            fn poll(&mut self) {
                $crate::calls::count();
                match $crate::worker::poll(&mut self.job) {
                    Some($crate::worker::Emit::Progress(p)) => self.signals().progress().emit(p),
                    Some($crate::worker::Emit::Finished(d)) => self.signals().finished().emit(&d),
                    None => {}
                }
            }

            /// Why the last call was refused; "" after a call that succeeded.
            #[func]
            fn last_error(&self) -> GString {
                $crate::calls::count();
                self.error.get()
            }
        }
    };
}
pub(crate) use worker_node;
