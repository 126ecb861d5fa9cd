//! The object a rule tracks, behind a pointer or at an offset in a struct (corpus/tracked-object,
//! issue 29's recall): `slam check --entry E` confirms every violation of its expected.txt —
//! the replay maps the model's tracked object to an object and a byte offset, and the program
//! gcc built reaches the same error — in typed and byte memory, LP64 and ILP32.

use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// (entry, verdict, confirmation) of every line of expected.txt.
fn expected() -> Vec<(String, String, Option<String>)> {
    std::fs::read_to_string(root().join("corpus/tracked-object/expected.txt"))
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let mut w = l.split_whitespace();
            let id = w.next().unwrap();
            let entry = id.split(':').nth(1).unwrap().to_string();
            (entry, w.next().unwrap().to_string(), w.next().map(str::to_string))
        })
        .collect()
}

fn check(entry: &str, extra: &[&str]) -> serde_json::Value {
    let out = Command::new(env!("CARGO_BIN_EXE_slam"))
        .args(["check", "corpus/tracked-object/src/mutexes.c", "--rule", "specs/pthread_mutex.slic"])
        .args(["--entry", entry, "--format", "json", "--timeout", "60"])
        .args(extra)
        .current_dir(root())
        .output()
        .expect("slam runs");
    serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("{entry}: {e}: {}", String::from_utf8_lossy(&out.stderr)))
}

#[test]
fn every_violation_is_confirmed_by_the_compiled_run() {
    let cases = expected();
    assert!(cases.iter().filter(|c| c.1 == "VIOLATION").count() >= 7, "{cases:?}");
    for extra in [&[][..], &["--memory", "bytes"][..], &["--memory", "bytes", "--ilp32"][..]] {
        for (entry, verdict, how) in &cases {
            let v = check(entry, extra);
            let what = format!("{entry} {extra:?}: {}", v["detail"]);
            if verdict == "VIOLATION" {
                assert_eq!(v["verdict"], "VIOLATION", "{what}");
                assert_eq!(v["counterexample"]["replay"]["confirmed"], true, "{what}");
                assert_eq!(v["confirmation"]["status"].as_str(), how.as_deref(), "{what}");
            } else {
                // no wrong violation of a balanced entry (SAFE, or UNKNOWN where the gate says so)
                assert_ne!(v["verdict"], "VIOLATION", "{what}");
            }
        }
    }
}
