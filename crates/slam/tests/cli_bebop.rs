//! `slam bebop` end to end: verdicts, exit codes, the printed trace and diagnostics.

use std::process::Command;

fn root() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn slam(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_slam")).args(args).current_dir(root()).output().expect("slam runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn fig1_label_r_reachable_prints_the_trace() {
    let (code, out, _) = slam(&["bebop", "corpus/bp/fig1.bp", "--label", "R"]);
    assert_eq!(code, 10);
    assert!(out.starts_with("Label R reachable by following path:\n"), "{out}");
    let lines: Vec<u32> = out
        .lines()
        .filter_map(|l| l.trim_start().strip_prefix("Line "))
        .map(|l| l.split_whitespace().next().unwrap().parse().unwrap())
        .collect();
    assert_eq!(lines, [6, 7, 20, 21, 20, 24, 22, 8, 9, 20, 21, 20, 24, 22, 10, 11, 12]);
    // Indentation shows the call depth: line 21's recursive call is one level below line 20.
    assert!(out.contains("\n    Line 20 State g=1 a1=1 a2=0"), "{out}");
    assert!(out.contains("\n      Line 24 State g=1 a1=0 a2=1"), "{out}");
    assert!(out.contains("  Line 6 State g=1"), "{out}");
}

#[test]
fn json_output_carries_the_trace_and_labels() {
    let (code, out, _) = slam(&["bebop", "corpus/bp/fig1.bp", "--label", "R", "--json"]);
    assert_eq!(code, 10);
    let v: serde_json::Value = serde_json::from_str(&out).expect("valid JSON");
    assert_eq!(v["reachable"], true);
    assert_eq!(v["trace"][0]["line"], 6);
    assert_eq!(v["trace"][0]["state"]["g"], true);
    assert_eq!(v["trace"].as_array().unwrap().len(), 17);
    assert_eq!(v["labels"][0]["label"], "R");
}

#[test]
fn unreachable_label_exits_0() {
    let dir = std::env::temp_dir().join(format!("slam-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join("u.bp");
    std::fs::write(&f, "decl g;\nmain()\nbegin\n  g := 0;\n  if (g) then L: skip; fi\nend\n").unwrap();
    let (code, out, _) = slam(&["bebop", f.to_str().unwrap(), "--label", "L"]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("Label L is not reachable"), "{out}");
    assert!(out.contains("main:L unreachable"), "{out}");
}

#[test]
fn malformed_program_exits_2_with_location() {
    let dir = std::env::temp_dir().join(format!("slam-cli-bad-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join("bad.bp");
    std::fs::write(&f, "main()\nbegin\n  x := 1;\nend\n").unwrap();
    let (code, _, err) = slam(&["bebop", f.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("bad.bp:3:3: error: undeclared variable `x`"), "{err}");
    assert!(err.contains("3 |   x := 1;"), "{err}");
}

#[test]
fn missing_label_is_an_input_error() {
    let (code, _, err) = slam(&["bebop", "corpus/bp/fig1.bp", "--label", "NOPE"]);
    assert_eq!(code, 2);
    assert!(err.contains("no label `NOPE`"), "{err}");
}

#[test]
fn other_tools_dialect_checks() {
    // `if e then` without parentheses, `_` for ignored results, a constrain over an
    // unassigned primed variable (it keeps its value): corpus/bp/satabs_dialect.bp.
    let (code, out, _) = slam(&["bebop", "corpus/bp/satabs_dialect.bp", "--label", "L1"]);
    assert_eq!(code, 10, "{out}");
    assert!(out.contains("_, y := pair(g)"), "{out}");
    let (code, out, _) = slam(&["bebop", "corpus/bp/satabs_dialect.bp", "--label", "L2"]);
    assert_eq!(code, 0, "{out}");
    let (code, out, _) = slam(&["bebop", "corpus/bp/satabs_dialect.bp"]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("Assertion failure is not reachable"), "{out}");
}
