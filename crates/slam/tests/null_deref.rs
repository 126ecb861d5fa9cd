//! The null-dereference property (`slam check --property null-deref`, the gate's built-in
//! rule `null-deref`): every program of corpus/null-deref gets the verdict its header states,
//! a violation comes with a trace the interpreter replays, and the gate checks a project with
//! the property among its rules.

use serde_json::Value;
use std::path::PathBuf;
use std::process::Command;

const SLAM: &str = env!("CARGO_BIN_EXE_slam");

mod common;

fn corpus() -> PathBuf {
    common::root().join("corpus/null-deref")
}

#[test]
fn corpus_verdicts_under_the_null_deref_property() {
    let files = common::c_files(&corpus(), false);
    assert!(files.len() >= 6);
    let mut problems = Vec::new();
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap();
        let want = common::header(&text, "expect").expect("an expect header").to_string();
        let mut cmd = Command::new(SLAM);
        cmd.args(["check", "--format", "json", "--timeout", "60"]).arg(f);
        // a rule's violation needing a NULL from outside is judged as a NULL dereference is
        let rule = common::header(&text, "rule");
        match rule {
            Some(r) => cmd.arg("--rule").arg(common::root().join(r)),
            None => cmd.args(["--property", "null-deref"]),
        };
        if let Some(entry) = common::header(&text, "entry") {
            cmd.args(["--entry", entry]);
        }
        let out = cmd.output().unwrap();
        let json: Value = serde_json::from_slice(&out.stdout).unwrap_or(Value::Null);
        let got = json["verdict"].as_str().unwrap_or("none").to_string();
        if got != want {
            problems.push(format!("{}: expected {want}, got {got} ({})", f.display(), json["reason"]));
            continue;
        }
        if let Some(reason) = common::header(&text, "reason") {
            if json["reason"] != reason {
                problems.push(format!("{}: expected the reason {reason}, got {}", f.display(), json["reason"]));
            }
        }
        if want == "VIOLATION" {
            let message = json["counterexample"]["message"].as_str().unwrap_or("");
            if rule.is_none() && !message.starts_with("null dereference: ") {
                problems.push(format!("{}: the error is {message:?}", f.display()));
            }
            if let Some(m) = common::header(&text, "message") {
                if message != m {
                    problems.push(format!("{}: the error is {message:?}, not {m:?}", f.display()));
                }
            }
            if json["counterexample"]["replay"]["confirmed"] != Value::Bool(true) {
                problems.push(format!(
                    "{}: the trace is not replayed: {}",
                    f.display(),
                    json["counterexample"]["replay"]
                ));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn the_gate_checks_the_built_in_null_deref_rule() {
    let dir = std::env::temp_dir().join(format!("slam-null-deref-gate-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("src")).unwrap();
    for f in ["deep_error_path_bug.c", "deep_error_path_ok.c"] {
        std::fs::copy(corpus().join(f), dir.join("src").join(f)).unwrap();
    }
    std::fs::write(
        dir.join("slam.toml"),
        "sources = [\"src\"]\nrules = [\"null-deref\", \"reach_error\"]\n[limits]\ntime = 60\n",
    )
    .unwrap();
    let out = Command::new(SLAM)
        .args(["gate", "-j", "2", "--no-cache", "--json", "out.json", "--format", "sarif", "-o", "out.sarif"])
        .current_dir(&dir)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(10), "{}", String::from_utf8_lossy(&out.stdout));
    let report: Value = serde_json::from_str(&std::fs::read_to_string(dir.join("out.json")).unwrap()).unwrap();
    let verdict = |file: &str, rule: &str| {
        report["checks"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["file"].as_str().is_some_and(|f| f.ends_with(file)) && c["rule"] == rule)
            .map(|c| c["result"]["verdict"].as_str().unwrap().to_string())
    };
    assert_eq!(verdict("deep_error_path_bug.c", "null-deref").as_deref(), Some("VIOLATION"));
    assert_eq!(verdict("deep_error_path_ok.c", "null-deref").as_deref(), Some("SAFE"));
    // reach_error is a property of its own: these programs never call it
    assert_eq!(verdict("deep_error_path_bug.c", "reach_error").as_deref(), Some("SAFE"));
    let sarif: Value = serde_json::from_str(&std::fs::read_to_string(dir.join("out.sarif")).unwrap()).unwrap();
    let results = sarif["runs"][0]["results"].as_array().unwrap();
    assert_eq!(results.len(), 1, "{results:?}");
    assert_eq!(results[0]["ruleId"], "null-deref");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A path feasible only when a pointer in the object the entry's caller passed points into an
/// object the run allocates later (`realloc(lc->cvec)` freeing the `copy` just made) is no
/// violation: the search's path solver and Newton both end UNKNOWN on it, naming the aliasing,
/// though the replay follows the model's pointer there (the gate's false alarm on linenoise's
/// `linenoiseAddCompletion`, whose clean form this is).
#[test]
fn a_path_needing_the_callers_pointer_into_the_runs_allocation_is_no_violation() {
    let file = common::root().join("crates/slam/tests/fixtures/realloc_caller_array.c");
    let rule = common::root().join("specs/memory.slic");
    for engine in ["search", "cegar"] {
        let out = Command::new(SLAM)
            .args(["check", "--format", "json", "--timeout", "20", "--entry", "add_completion", "--engine", engine])
            .arg(&file)
            .arg("--rule")
            .arg(&rule)
            .output()
            .unwrap();
        let json: Value = serde_json::from_slice(&out.stdout).unwrap_or(Value::Null);
        assert_eq!(json["verdict"], "UNKNOWN", "{engine}: {json}");
        if engine == "cegar" {
            let detail = json["detail"].as_str().unwrap_or("");
            assert!(detail.contains("feasible only if pointers in the objects the entry's caller passed"), "{detail}");
        }
    }
}
