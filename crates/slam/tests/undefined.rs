//! Undefined arithmetic (issue 31, `cminus::ub`): every program of corpus/undefined gets, in
//! each `--undefined` mode, the verdict its header states; a violation through undefined
//! behaviour is marked in the report with the kind gcc's sanitizer reports for the compiled
//! run; an `error`-mode violation is confirmed by that sanitizer; task files choose the mode.

use serde_json::Value;
use std::path::PathBuf;
use std::process::Command;

const SLAM: &str = env!("CARGO_BIN_EXE_slam");

mod common;

fn corpus() -> PathBuf {
    common::root().join("corpus/undefined")
}

fn check(args: &[&str]) -> Value {
    let out = Command::new(SLAM).args(["check", "--format", "json", "--timeout", "60"]).args(args).output().unwrap();
    serde_json::from_slice(&out.stdout).unwrap_or(Value::Null)
}

/// The kind slam gives (`signed_overflow`, …) to a report of gcc's UBSan.
fn sanitizer_kind(report: &str) -> &'static str {
    if report.starts_with("shift exponent") || report.starts_with("left shift of negative") {
        "shift"
    } else if report.starts_with("division by zero") {
        "division_by_zero"
    } else {
        "signed_overflow"
    }
}

#[test]
fn corpus_verdicts_in_every_mode_agree_with_gcc() {
    let files = common::c_files(&corpus(), false);
    assert!(files.len() >= 10);
    let mut problems = Vec::new();
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap();
        for mode in ["wrap", "assume-none", "error"] {
            let want = text
                .lines()
                .find_map(|l| l.strip_prefix(&format!("// {mode}:")))
                .map(str::trim)
                .unwrap_or_else(|| panic!("{}: no `// {mode}:` header", f.display()));
            let json = check(&["--undefined", mode, f.to_str().unwrap()]);
            let got = json["verdict"].as_str().unwrap_or("none");
            let name = format!("{} --undefined {mode}", f.file_name().unwrap().to_string_lossy());
            if got != want {
                problems.push(format!("{name}: expected {want}, got {got} ({})", json["detail"]));
                continue;
            }
            if got != "VIOLATION" {
                continue;
            }
            let conf = &json["confirmation"];
            if conf["status"] != "executed" {
                problems.push(format!("{name}: not confirmed by execution: {conf}"));
            }
            let ubsan = conf["run"]["undefined"].as_str();
            let cex = &json["counterexample"];
            match mode {
                // the trace marks the undefined operation the compiled run also went through
                "wrap" => match (cex["undefined"]["kind"].as_str(), ubsan) {
                    (Some(k), Some(r)) if k == sanitizer_kind(r) => {
                        if !cex["steps"].as_array().unwrap().iter().any(|s| s["undefined"] == true) {
                            problems.push(format!("{name}: no step is marked"));
                        }
                    }
                    (None, None) => {}
                    (k, r) => problems.push(format!("{name}: slam says {k:?}, the sanitizer {r:?}")),
                },
                // the error is the undefined operation when no path without one reaches
                // reach_error (the program is not a VIOLATION under assume-none)
                "error" if !text.contains("// assume-none: VIOLATION") => {
                    let msg = cex["message"].as_str().unwrap_or("");
                    if !msg.ends_with("(undefined behaviour)") {
                        problems.push(format!("{name}: the error is {msg:?}"));
                    }
                }
                "error" => {}
                _ => {
                    if ubsan.is_some() || !cex["undefined"].is_null() {
                        problems.push(format!("{name}: an assume-none violation through undefined behaviour"));
                    }
                }
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn the_no_overflow_property_reports_the_overflow_only() {
    let c = corpus();
    let bug = check(&["--property", "no-overflow", c.join("add_overflow.c").to_str().unwrap()]);
    assert_eq!(bug["verdict"], "VIOLATION", "{bug}");
    assert!(bug["counterexample"]["message"].as_str().unwrap().starts_with("signed overflow in `x + 10`"));
    // a division by zero is no overflow, and reach_error() is not this property's error
    let other = check(&["--property", "no-overflow", c.join("div_by_zero.c").to_str().unwrap()]);
    assert_eq!(other["verdict"], "SAFE", "{other}");
    let prp = c.join("tasks/no-overflow.prp");
    let out = Command::new(SLAM)
        .args(["check", "--format", "svcomp", "--property", prp.to_str().unwrap()])
        .arg(c.join("shl_overflow.c"))
        .output()
        .unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stdout).lines().next(), Some("FALSE(no-overflow)"));
}

#[test]
fn a_task_file_chooses_the_mode_and_says_so() {
    let tasks = corpus().join("tasks");
    let unlabelled = check(&[tasks.join("add_overflow_unlabelled.yml").to_str().unwrap()]);
    assert_eq!(unlabelled["verdict"], "SAFE", "{unlabelled}");
    assert_eq!(unlabelled["undefined"]["mode"], "assume-none", "{unlabelled}");
    let overflows = check(&[tasks.join("add_overflow_overflows.yml").to_str().unwrap()]);
    assert_eq!(overflows["verdict"], "VIOLATION", "{overflows}");
    assert_eq!(overflows["undefined"]["mode"], "wrap", "{overflows}");
    // the text says which mode and why
    let out = Command::new(SLAM).arg("check").arg(tasks.join("add_overflow_unlabelled.yml")).output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("Undefined arithmetic: assume-none (the task file does not say its program overflows"),
        "{text}"
    );
    // --undefined on the command line wins over the task file
    let wrap = check(&["--undefined", "wrap", tasks.join("add_overflow_unlabelled.yml").to_str().unwrap()]);
    assert_eq!(wrap["verdict"], "VIOLATION", "{wrap}");
}

/// The entry's uninitialised pointers under the task semantics (`cminus::indeterminate`):
/// corpus/undefined/uninitialised states each program's `assume-none` verdict; a violation
/// that needs the pointer's value is confirmed by the interpreter, and the compiled run is
/// said not to control it.
#[test]
fn uninitialised_pointers_of_the_entry_are_null_or_objects_of_their_own() {
    let files = common::c_files(&corpus().join("uninitialised"), false);
    assert!(files.len() >= 3);
    let mut problems = Vec::new();
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap();
        let want = text.lines().find_map(|l| l.strip_prefix("// assume-none:")).map(str::trim).unwrap();
        let json = check(&["--undefined", "assume-none", f.to_str().unwrap()]);
        let name = f.file_name().unwrap().to_string_lossy().to_string();
        let got = json["verdict"].as_str().unwrap_or("none");
        if got != want {
            problems.push(format!("{name}: expected {want}, got {got} ({})", json["detail"]));
            continue;
        }
        let conf = &json["confirmation"];
        match conf["status"].as_str() {
            None | Some("executed") => {}
            Some("interpreter_only") if conf["reason"].to_string().contains("uninitialised pointer") => {}
            Some(_) => problems.push(format!("{name}: {conf}")),
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
