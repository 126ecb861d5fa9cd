//! Several translation units checked as one program (`slam check a.c b.c`): each unit's
//! `static` functions and objects are its own (C's internal linkage), so a call reaches the
//! caller's unit's static function, and a call of an external function never reaches
//! another unit's static one. Programs in corpus/units.

use std::path::{Path, PathBuf};
use std::process::Command;

fn units() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus/units")
}

/// The verdict of `slam check` over `files` (with `engine`), the replay's confirmation, and
/// the JSON report.
fn check(files: &[&str], engine: &str) -> (String, Option<bool>, serde_json::Value) {
    let out = Command::new(env!("CARGO_BIN_EXE_slam"))
        .args(["check", "--format", "json", "--timeout", "60", "--engine", engine])
        .args(files)
        .current_dir(units())
        .output()
        .expect("slam runs");
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("check JSON");
    let confirmed = v["counterexample"]["replay"]["confirmed"].as_bool();
    (v["verdict"].as_str().unwrap().to_string(), confirmed, v)
}

#[test]
fn each_unit_calls_its_own_static_function() {
    for engine in ["portfolio", "search"] {
        let (v, _, _) = check(&["statics_main.c", "statics_other_ok.c"], engine);
        assert_eq!(v, "SAFE", "{engine}");
        let (v, confirmed, json) = check(&["statics_main.c", "statics_other_bug.c"], engine);
        assert_eq!((v.as_str(), confirmed), ("VIOLATION", Some(true)), "{engine}");
        // the trace passes through both helpers, each named with its unit
        let steps = json["counterexample"]["steps"].as_array().unwrap();
        let fns: Vec<&str> = steps.iter().filter_map(|s| s["function"].as_str()).collect();
        assert!(fns.contains(&"helper@statics_main") && fns.contains(&"helper@statics_other_bug"), "{fns:?}");
    }
    // the CEGAR loop never proves the buggy pair
    let (v, _, _) = check(&["statics_main.c", "statics_other_bug.c"], "cegar");
    assert!(v == "VIOLATION" || v == "UNKNOWN", "{v}");
}

#[test]
fn an_external_call_does_not_reach_another_units_static_function() {
    for engine in ["portfolio", "cegar", "search"] {
        let (v, confirmed, _) = check(&["statics_extern_main.c", "statics_extern_other.c"], engine);
        assert_eq!((v.as_str(), confirmed), ("VIOLATION", Some(true)), "{engine}");
    }
}
