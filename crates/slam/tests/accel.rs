//! Acceleration of counting loops (issue 30, item 2; `newton::accel`, `engine::accel`): a bug
//! ten million loop trips deep is found with the loop accelerated and confirmed by the
//! compiled run; a counting loop whose proof needs `x % 2 == 0` is proved SAFE with the
//! counter's modular predicate, and is not without it.

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

const SLAM: &str = env!("CARGO_BIN_EXE_slam");

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn check(args: &[&str], env: &[(&str, &str)]) -> Value {
    let out = Command::new(SLAM)
        .current_dir(root())
        .args(["check", "--format", "json", "--timeout", "30"])
        .args(args)
        .envs(env.iter().copied())
        .output()
        .unwrap();
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!("{e}: {}\n{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr))
    })
}

fn gcc() -> bool {
    Command::new("gcc").arg("-dumpfullversion").output().is_ok_and(|o| o.status.success())
}

#[test]
fn a_bug_ten_million_trips_deep_is_a_violation_confirmed_by_execution() {
    if !gcc() {
        eprintln!("note: gcc not found; the deep violation cannot be confirmed");
        return;
    }
    let j = check(&["corpus/accel/deep_counter_bug.c", "--engine", "cegar"], &[]);
    assert_eq!(j["verdict"], "VIOLATION", "{j}");
    assert_eq!(j["confirmation"]["status"], "executed", "{j}");
    assert!(j["detail"].as_str().unwrap().contains("10000000 trips"), "{j}");
}

#[test]
fn a_deep_violation_no_run_confirms_is_unknown() {
    let j = check(&["corpus/accel/deep_counter_bug.c", "--engine", "cegar", "--confirm", "none"], &[]);
    assert_eq!(j["verdict"], "UNKNOWN", "{j}");
    assert_eq!(j["reason"], "not_confirmed", "{j}");
}

#[test]
fn a_counting_loop_is_proved_safe_with_the_counters_predicates() {
    let j = check(&["corpus/accel/phase_parity_ok.c", "--engine", "cegar"], &[("SLAM_NO_HORN_PREDICATES", "1")]);
    assert_eq!(j["verdict"], "SAFE", "{j}");
    let without = check(
        &["corpus/accel/phase_parity_ok.c", "--engine", "cegar"],
        &[("SLAM_NO_HORN_PREDICATES", "1"), ("SLAM_NO_ACCELERATION", "1")],
    );
    assert_eq!(without["verdict"], "UNKNOWN", "{without}");
}
