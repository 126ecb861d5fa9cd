//! Floating point end to end: logic over-approximates every float operation, so a bug that
//! depends on a float value must never be proved SAFE; it ends UNKNOWN (the interpreter's
//! replay does not follow the prover's path) or as a VIOLATION whose replay is confirmed.

use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The verdict and whether a counterexample's replay was confirmed.
fn check(src: &str, engine: &str) -> (String, Option<bool>) {
    // one directory per call: the tests run in parallel in one process
    static N: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let k = N.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
    let dir = std::env::temp_dir().join(format!("slam-floats-{}-{k}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join("p.c");
    std::fs::write(&f, src).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_slam"))
        .args(["check", "--format", "json", "--timeout", "60", "--engine", engine])
        .arg(&f)
        .current_dir(root())
        .output()
        .expect("slam runs");
    let _ = std::fs::remove_dir_all(&dir);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("check JSON");
    let confirmed = v["counterexample"]["replay"]["confirmed"].as_bool();
    (v["verdict"].as_str().unwrap().to_string(), confirmed)
}

const HEAD: &str =
    "void reach_error(void);\nint __VERIFIER_nondet_int(void);\ndouble __VERIFIER_nondet_double(void);\n";

#[test]
fn float_dependent_bugs_are_never_safe() {
    let bugs = [
        // reachable for x > 200
        "int main(void) { int x = __VERIFIER_nondet_int(); double d = x * 0.5; if (d > 100.0) reach_error(); return 0; }",
        // 0.1 + 0.2 != 0.3 in IEEE double
        "int main(void) { double a = 0.1; if (a + 0.2 != 0.3) reach_error(); return 0; }",
        // a NaN input compares unequal to itself
        "int main(void) { double d = __VERIFIER_nondet_double(); if (d != d) reach_error(); return 0; }",
        // truncation toward zero
        "int main(void) { int x = __VERIFIER_nondet_int(); if (x > 0 && x < 10 && (int)(x / 4.0) == 2) reach_error(); return 0; }",
    ];
    for b in bugs {
        for engine in ["cegar", "search"] {
            let (v, confirmed) = check(&format!("{HEAD}{b}\n"), engine);
            assert!(
                v == "UNKNOWN" || (v == "VIOLATION" && confirmed == Some(true)),
                "{engine}: {v} (replay confirmed: {confirmed:?}) for {b}"
            );
        }
    }
}

#[test]
fn floats_beside_the_property_keep_verdicts() {
    // the property reads only integers: SAFE
    let safe = "int main(void) { int n = 0; double s = 0; for (int i = 0; i < 3; i++) { s += i * 0.5; n++; } if (n > 3) reach_error(); return s > 1; }";
    for engine in ["cegar", "search"] {
        assert_eq!(check(&format!("{HEAD}{safe}\n"), engine).0, "SAFE", "{engine}");
    }
    // an integer bug after float code that does not branch: a confirmed violation
    let bug = "int main(void) { int x = __VERIFIER_nondet_int(); double s = x / 3.0 + 1.5f; if (x == 42) reach_error(); return s > 0; }";
    for engine in ["cegar", "search"] {
        assert_eq!(check(&format!("{HEAD}{bug}\n"), engine), ("VIOLATION".to_string(), Some(true)), "{engine}");
    }
}
