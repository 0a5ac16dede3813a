//! `screwsmith daily` end to end: the same date twice gives identical JSON with the documented keys;
//! bad dates exit 2 with a message; a short sweep proves every bench.

use std::process::Command;

use screwsmith_gen::daily::bench::JSON_KEYS;

fn screwsmith(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_screwsmith"))
        .args(args)
        .output()
        .expect("screwsmith runs")
}

#[test]
fn same_date_twice_gives_identical_json() {
    let a = screwsmith(&["daily", "--date", "2028-02-29", "--json"]);
    let b = screwsmith(&["daily", "--date", "2028-02-29", "--json"]);
    assert!(a.status.success(), "{}", String::from_utf8_lossy(&a.stderr));
    assert_eq!(a.stdout, b.stdout);
    let v: serde_json::Value = serde_json::from_slice(&a.stdout).unwrap();
    for key in JSON_KEYS {
        assert!(v.get(key).is_some(), "missing {key}");
    }
    assert_eq!(v["bench"], 553);
    assert_eq!(v["date"], "2028-02-29");
    assert_eq!(v["proven"], true);
}

#[test]
fn bad_dates_exit_2() {
    for bad in ["2026-08-25", "2027-02-29", "yesterday"] {
        let out = screwsmith(&["daily", "--date", bad]);
        assert_eq!(out.status.code(), Some(2), "{bad}");
        assert!(!out.stderr.is_empty());
    }
}

#[test]
fn a_short_sweep_proves_every_bench() {
    let out = screwsmith(&["daily", "--date", "2026-12-25", "--sweep", "40"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(text.contains("daily sweep: 40 benches from #122"), "{text}");
    assert!(text.contains("last resort (unproven): 0"), "{text}");
}

#[test]
fn a_sweep_as_json_reports_the_window_and_no_unsolvable_bench() {
    let out = screwsmith(&["daily", "--date", "2026-12-01", "--sweep", "40", "--json"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["days"], 40);
    assert_eq!(v["unsolvable_served"], 0);
    assert!(v["in_window"].as_f64().unwrap() >= 0.9, "{v}");
    let served: u64 = v["histogram"]
        .as_object()
        .unwrap()
        .values()
        .map(|n| n.as_u64().unwrap())
        .sum();
    assert_eq!(served, 40);
    assert!(v["median_ms"].as_f64().unwrap() > 0.0);
}

/// `--sweep N --benches` prints, line by line in date order, exactly what `--json` prints for each date
/// (so two machines' sweeps compare line by line, and a line names its bench and date).
#[test]
fn a_sweep_of_benches_is_the_per_date_json_in_order() {
    let sweep = screwsmith(&["daily", "--date", "2026-12-30", "--sweep", "3", "--benches"]);
    assert!(
        sweep.status.success(),
        "{}",
        String::from_utf8_lossy(&sweep.stderr)
    );
    let text = String::from_utf8(sweep.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3, "{text}");
    for (line, date) in lines.iter().zip(["2026-12-30", "2026-12-31", "2027-01-01"]) {
        let one = screwsmith(&["daily", "--date", date, "--json"]);
        assert_eq!(
            format!("{line}\n").as_bytes(),
            one.stdout.as_slice(),
            "{date}"
        );
    }
    let without = screwsmith(&["daily", "--benches"]);
    assert_eq!(without.status.code(), Some(2), "--benches needs --sweep");
}
