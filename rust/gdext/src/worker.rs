//! The adapter half of background work: a core [`Job`] whose JSON result becomes a Dictionary on the main
//! thread. `LevelSolver` and `DailyBench` (Nodes) each own one, start it with plain core data, and call
//! [`deliver`] from `process` / `poll()` to emit `progress` and `finished`.

use godot::prelude::*;
use screwsmith_core::view::{Job, JobOutcome, Poll};

use crate::convert;

/// What a poll means for the node's signals.
pub enum Delivery {
    /// Nothing to emit.
    Nothing,
    /// Emit `progress(fraction)`.
    Progress(f32),
    /// Emit `finished(dictionary)`: the work's JSON, or `{error: "..."}` when it failed.
    Finished(VarDictionary),
}

/// Polls `job` without blocking and says what to emit.
pub fn deliver(job: &mut Job<serde_json::Value>) -> Delivery {
    match job.poll() {
        Poll::Idle | Poll::Running(None) => Delivery::Nothing,
        Poll::Running(Some(p)) => Delivery::Progress(p),
        Poll::Finished(JobOutcome::Done(value)) => Delivery::Finished(match value {
            serde_json::Value::Object(o) => convert::json_object(&o),
            other => vdict! { "result" => &convert::json(&other) },
        }),
        Poll::Finished(JobOutcome::Failed(message)) => {
            godot_error!("background job failed: {message}");
            Delivery::Finished(vdict! { "error" => &GString::from(message.as_str()) })
        }
    }
}
