//! The lock checks of a level file: every `locked_by` names another screw of the level, and following
//! keys from lock to key never comes back to where it started. Each screw names at most one key, so the
//! locks form chains; a chain that closes on itself is a set of screws none of which can ever be turned
//! first, which is a broken level, not a hard one.

use std::collections::BTreeMap;

use super::data::LevelData;
use super::error::Problem;

/// Every lock fault of `level`, as `(field, problem)` in screw order: an unknown key, a screw locked by
/// itself, and each lock cycle once (named at its screw that comes first in the file).
pub(crate) fn lock_faults(level: &LevelData) -> Vec<(String, Problem)> {
    let index: BTreeMap<u16, usize> = level
        .screws
        .iter()
        .enumerate()
        .map(|(i, s)| (s.id, i))
        .collect();
    // The key of each screw as a file index, for the locks whose key is a screw of the level.
    let key: Vec<Option<usize>> = level
        .screws
        .iter()
        .map(|s| s.locked_by.and_then(|k| index.get(&k).copied()))
        .collect();
    let mut out = Vec::new();
    for (i, s) in level.screws.iter().enumerate() {
        let Some(k) = s.locked_by else { continue };
        let field = format!("screws[{i}].locked_by");
        if !index.contains_key(&k) {
            out.push((
                field,
                Problem::UnknownKey {
                    screw: s.id,
                    key: k,
                },
            ));
        } else if k == s.id {
            out.push((field, Problem::SelfKey { screw: s.id }));
        } else if let Some(cycle) = cycle_from(i, &key) {
            if cycle.iter().all(|&j| j >= i) {
                let ids = cycle.iter().map(|&j| level.screws[j].id).collect();
                out.push((
                    field,
                    Problem::LockCycle {
                        screw: s.id,
                        cycle: ids,
                    },
                ));
            }
        }
    }
    out
}

/// The screws of the lock cycle through `start` (file indices, from `start` along its keys), when
/// following keys from it comes back to it; at most one step per screw, so it always ends.
fn cycle_from(start: usize, key: &[Option<usize>]) -> Option<Vec<usize>> {
    let mut path = vec![start];
    let mut at = key[start]?;
    for _ in 0..key.len() {
        if at == start {
            return Some(path);
        }
        path.push(at);
        at = key[at]?;
    }
    None
}
