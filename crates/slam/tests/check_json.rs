//! `slam check --format json` against its documentation (docs/check-json.md): every field the
//! program writes is documented, every documented field is written, and the enumerated
//! values are the documented ones.

use serde_json::Value;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The documented object: the `jsonc` block of docs/check-json.md.
fn documented() -> String {
    let doc = std::fs::read_to_string(root().join("docs/check-json.md")).unwrap();
    let start = doc.find("```jsonc").expect("a jsonc block") + "```jsonc".len();
    let end = start + doc[start..].find("```").expect("its end");
    doc[start..end].to_string()
}

/// The field names of the documented object, by nesting: `path` is the chain of enclosing
/// field names (`counterexample.steps`), read from the block's indentation-free structure by
/// tracking `{`/`[` after each `"name":`.
fn documented_fields(block: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let mut stack: Vec<Option<String>> = Vec::new();
    let mut last_key: Option<String> = None;
    let b = block.as_bytes();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'/' if b.get(i + 1) == Some(&b'/') => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
                continue;
            }
            b'"' => {
                let s = i + 1;
                let e = s + block[s..].find('"').unwrap();
                let word = &block[s..e];
                i = e + 1;
                let rest = block[i..].trim_start();
                if rest.starts_with(':') {
                    let path: Vec<&str> = stack.iter().flatten().map(String::as_str).collect();
                    let mut full = path.join(".");
                    if !full.is_empty() {
                        full.push('.');
                    }
                    full.push_str(word);
                    out.insert(full);
                    last_key = Some(word.to_string());
                }
                continue;
            }
            b'{' | b'[' => stack.push(last_key.take()),
            b'}' | b']' => {
                stack.pop();
                last_key = None;
            }
            b',' => last_key = None,
            _ => {}
        }
        i += 1;
    }
    out
}

fn written_fields(v: &Value, path: &str, out: &mut BTreeSet<String>) {
    match v {
        Value::Object(m) => {
            for (k, x) in m {
                let full = if path.is_empty() { k.clone() } else { format!("{path}.{k}") };
                out.insert(full.clone());
                written_fields(x, &full, out);
            }
        }
        Value::Array(a) => a.iter().for_each(|x| written_fields(x, path, out)),
        _ => {}
    }
}

fn check_json(args: &[&str]) -> Value {
    let out = Command::new(env!("CARGO_BIN_EXE_slam")).arg("check").args(args).current_dir(root()).output().unwrap();
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&out.stdout)))
}

#[test]
fn check_json_matches_its_documentation() {
    let doc = documented_fields(&documented());
    assert!(doc.contains("counterexample.steps.values.written") && doc.contains("iteration_stats.model_check"));
    let violation = check_json(&[
        "corpus/check/callee_magic_ioctl.c",
        "--rule",
        "specs/spinlock.slic",
        "-I",
        "corpus/include",
        "--format",
        "json",
        "--engine",
        "cegar",
    ]);
    let safe = check_json(&[
        "corpus/check/spinlock_loop.c",
        "--rule",
        "specs/spinlock.slic",
        "--format",
        "json",
        "--engine",
        "cegar",
    ]);
    // The search engine writes its statistics (and no iterations).
    let deep = check_json(&["corpus/search/nested_loops_bug.c", "--format", "json", "--engine", "search"]);
    assert_eq!(deep["engine"], "search");
    assert!(deep["search"]["runs"].as_u64().is_some_and(|n| n >= 1), "{deep}");
    // The structural engine writes its statistics.
    let structural = check_json(&[
        "corpus/null-deref/config_lookup_bug.c",
        "--property",
        "null-deref",
        "--format",
        "json",
        "--engine",
        "structural",
    ]);
    assert_eq!(structural["engine"], "structural");
    assert!(structural["structural"]["inlinings"].as_u64().is_some_and(|n| n >= 1), "{structural}");
    // A violation through undefined behaviour marks it.
    let overflow = check_json(&["corpus/undefined/add_overflow.c", "--format", "json"]);
    assert_eq!(overflow["counterexample"]["undefined"]["kind"], "signed_overflow", "{overflow}");
    // A predicate oracle asked (the counters' steps) writes its record.
    let oracle = check_json(&["corpus/accel/phase_parity_ok.c", "--format", "json", "--engine", "cegar"]);
    assert!(
        oracle["iteration_stats"].as_array().is_some_and(|a| a.iter().any(|i| i["oracle"].is_object())),
        "{oracle}"
    );
    let mut written = BTreeSet::new();
    for v in [&violation, &safe, &deep, &structural, &overflow, &oracle] {
        written_fields(v, "", &mut written);
        assert!(["SAFE", "VIOLATION", "UNKNOWN"].contains(&v["verdict"].as_str().unwrap()));
    }
    // The documentation elides the repeated stage statistics (`{ …, "size": 83 }`).
    let undocumented: Vec<&String> = written
        .iter()
        .filter(|f| !doc.contains(*f))
        .filter(|f| {
            let stage = ["iteration_stats.model_check.", "iteration_stats.refinement."];
            !stage
                .iter()
                .any(|s| f.strip_prefix(s).is_some_and(|k| doc.contains(&format!("iteration_stats.abstraction.{k}"))))
        })
        .collect();
    assert!(undocumented.is_empty(), "written but not documented: {undocumented:?}");
    // Without gcc no executable runs: its fields are not written (issue 28's tests skip).
    let gcc = Command::new("gcc").arg("-dumpfullversion").output().is_ok_and(|o| o.status.success());
    let unwritten: Vec<&String> =
        doc.iter().filter(|f| !written.contains(*f)).filter(|f| gcc || !f.starts_with("confirmation.run")).collect();
    assert!(unwritten.is_empty(), "documented but never written: {unwritten:?}");
    assert_eq!(violation["verdict"], "VIOLATION");
    assert_eq!(safe["verdict"], "SAFE");
    assert_eq!(violation["counterexample"]["replay"]["confirmed"], true);
    assert_eq!(violation["engine"], "cegar");
}
