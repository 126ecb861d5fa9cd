//! `slam gate` and `slam merge` on corpus/codebase: summary, exit codes, SARIF (validated
//! against tests/fixtures/sarif-2.1.0-subset.schema.json), JUnit, the cache, shards,
//! baselines, project-file errors.

use serde_json::Value;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

const SLAM: &str = env!("CARGO_BIN_EXE_slam");

fn corpus() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus/codebase")
}

/// A temporary project holding `corpus/<name>` and the rules (`specs`), as a user's checkout
/// would: the corpus folder's path in it (`tag` names the temporary directory).
fn corpus_project(name: &str, tag: &str) -> PathBuf {
    let corpus_dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus");
    let dir = std::env::temp_dir().join(format!("slam-gate-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    copy_dir(&corpus_dir.join(name), &dir.join("corpus").join(name));
    copy_dir(&corpus_dir.join("../specs"), &dir.join("specs"));
    dir.join("corpus").join(name)
}

/// The rows of a corpus folder's `expected.txt` (no comments, no blank lines), split into words.
fn expected_rows(dir: &Path) -> Vec<Vec<String>> {
    std::fs::read_to_string(dir.join("expected.txt"))
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.split_whitespace().map(str::to_string).collect())
        .collect()
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        let name = e.file_name();
        if name.to_string_lossy().starts_with(".slam-cache") {
            continue;
        }
        if e.path().is_dir() {
            copy_dir(&e.path(), &to.join(&name));
        } else {
            std::fs::copy(e.path(), to.join(&name)).unwrap();
        }
    }
}

/// A fresh copy of the corpus project (the gate writes its cache there; tests change files).
fn project(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("slam-gate-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    copy_dir(&corpus(), &dir);
    // the rule path in slam.toml is inside the project; nothing outside is needed
    dir
}

struct Run {
    code: i32,
    stdout: String,
    stderr: String,
    secs: f64,
}

fn gate(dir: &Path, args: &[&str]) -> Run {
    let t = Instant::now();
    let out = Command::new(SLAM).arg("gate").args(["-j", "2"]).args(args).current_dir(dir).output().unwrap();
    Run {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        secs: t.elapsed().as_secs_f64(),
    }
}

fn read_json(p: &Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(p).unwrap()).unwrap()
}

fn verdicts(report: &Value) -> BTreeMap<String, String> {
    report["checks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| (c["id"].as_str().unwrap().to_string(), c["result"]["verdict"].as_str().unwrap().to_string()))
        .collect()
}

fn expected() -> BTreeMap<String, String> {
    std::fs::read_to_string(corpus().join("expected.txt"))
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let (id, v) = l.rsplit_once(' ').unwrap();
            (id.to_string(), v.to_string())
        })
        .collect()
}

/// Validate against the official SARIF 2.1.0 schema (tests/data, see ORIGIN.md) and slam's
/// stricter subset (tests/fixtures).
fn validate_sarif(v: &Value) {
    for schema in ["tests/data/sarif-schema-2.1.0.json", "tests/fixtures/sarif-2.1.0-subset.schema.json"] {
        let schema_json: Value = read_json(&Path::new(env!("CARGO_MANIFEST_DIR")).join(schema));
        let compiled = jsonschema::JSONSchema::compile(&schema_json).expect("the schema compiles");
        let result: Result<(), Vec<String>> =
            compiled.validate(v).map_err(|errors| errors.map(|e| format!("{} at {}", e, e.instance_path)).collect());
        if let Err(msgs) = result {
            panic!("SARIF does not validate against {schema}:\n{}", msgs.join("\n"));
        }
    }
}

fn line_of(file: &Path, needle: &str, nth: usize) -> u64 {
    let text = std::fs::read_to_string(file).unwrap();
    text.lines().enumerate().filter(|(_, l)| l.contains(needle)).nth(nth).map(|(i, _)| i as u64 + 1).unwrap()
}

#[test]
fn corpus_summary_sarif_junit() {
    let dir = project("corpus");
    let r =
        gate(&dir, &["--no-cache", "--format", "sarif", "-o", "out.sarif", "--junit", "out.xml", "--json", "out.json"]);
    assert_eq!(r.code, 10, "exit code\n{}\n{}", r.stdout, r.stderr);
    // the summary table: header, one row per check, the traces, the totals
    assert!(r.stdout.starts_with("CHECK"), "{}", r.stdout);
    assert!(r.stdout.contains("drivers/serial.c:serial_write  lock"), "{}", r.stdout);
    assert!(r.stdout.contains("VIOLATION in drivers/serial.c (entry serial_write, rule lock)"), "{}", r.stdout);
    assert!(r.stdout.contains("Trace (file:line"), "{}", r.stdout);
    assert!(r.stdout.contains("10 checks: 7 safe, 3 violations, 0 unknown, 0 errors"), "{}", r.stdout);
    // progress lines on a non-terminal
    assert!(r.stderr.contains("[10/10]"), "{}", r.stderr);
    // the legacy file is excluded (it does not compile)
    assert!(!r.stdout.contains("legacy"));

    let json = read_json(&dir.join("out.json"));
    assert_eq!(verdicts(&json), expected());

    let sarif = read_json(&dir.join("out.sarif"));
    validate_sarif(&sarif);
    let run = &sarif["runs"][0];
    assert_eq!(run["tool"]["driver"]["name"], "slam");
    let rules: Vec<&str> =
        run["tool"]["driver"]["rules"].as_array().unwrap().iter().map(|r| r["id"].as_str().unwrap()).collect();
    assert_eq!(rules, vec!["lock", "reach_error"]);
    // Code scanning shows each rule's description and help.
    for r in run["tool"]["driver"]["rules"].as_array().unwrap() {
        let full = r["fullDescription"]["text"].as_str().unwrap();
        assert!(full.len() > 20 && r["help"]["text"].as_str().unwrap().starts_with(full), "{r}");
    }
    assert!(run["tool"]["driver"]["rules"][0]["fullDescription"]["text"]
        .as_str()
        .unwrap()
        .contains("KeAcquireSpinLock and KeReleaseSpinLock alternate"));
    // One finding once, under the rule that found it: blk_submit's reach_error() is not
    // reported a second time by the lock check (which stops at the program's own error).
    let results = run["results"].as_array().unwrap();
    assert_eq!(results.len(), 2);
    assert!(results.iter().all(|r| r["properties"]["check"] != "drivers/blk.c:blk_submit:lock"));
    // Outside a repository, paths are relative to the project's base id, which is declared.
    assert!(run["originalUriBaseIds"]["PROJECTROOT"].is_object(), "{run}");
    let serial = results.iter().find(|r| r["properties"]["check"] == "drivers/serial.c:serial_write:lock").unwrap();
    assert_eq!(serial["ruleId"], "lock");
    assert_eq!(
        serial["message"]["text"],
        "The driver is calling KeAcquireSpinLock after already acquiring the spin lock. (entry serial_write)"
    );
    // the location is the second acquire, the violating call
    let acquire2 = line_of(&dir.join("drivers/serial.c"), "KeAcquireSpinLock(&fifo_lock", 1);
    let loc = &serial["locations"][0]["physicalLocation"];
    assert_eq!(loc["artifactLocation"]["uri"], "drivers/serial.c");
    assert_eq!(loc["artifactLocation"]["uriBaseId"], "PROJECTROOT");
    assert_eq!(loc["region"]["startLine"].as_u64(), Some(acquire2));
    // the code flow walks from the entry to that call, through drain()
    let flow = serial["codeFlows"][0]["threadFlows"][0]["locations"].as_array().unwrap();
    assert!(flow.len() >= 3, "{flow:?}");
    let lines: Vec<u64> =
        flow.iter().map(|l| l["location"]["physicalLocation"]["region"]["startLine"].as_u64().unwrap()).collect();
    assert_eq!(*lines.last().unwrap(), acquire2);
    assert!(lines.contains(&line_of(&dir.join("drivers/serial.c"), "fifo_count = 0", 0)), "{lines:?}");
    assert!(flow.iter().any(|l| l["nestingLevel"] == 1));
    assert!(serial["partialFingerprints"]["slam/v1"].as_str().is_some_and(|f| f.len() == 32));
    let blk = results.iter().find(|r| r["properties"]["check"] == "drivers/blk.c:blk_submit:reach_error").unwrap();
    let text = blk["codeFlows"][0]["threadFlows"][0]["locations"][0]["location"]["message"]["text"].as_str().unwrap();
    assert!(text.contains("sector = 1024"), "{text}");
    // How each violation was confirmed (issue 28): the checks' programs run, built by gcc.
    let gcc = Command::new("gcc").arg("-dumpfullversion").output().is_ok_and(|o| o.status.success());
    for r in [serial, blk] {
        let c = &r["properties"]["confirmation"];
        assert_eq!(c["status"], if gcc { "executed" } else { "interpreter_only" }, "{r}");
        assert!(c["summary"].as_str().is_some_and(|s| s.starts_with("confirmed by")), "{c}");
    }

    // JUnit: one test case per check, violations as failures
    let xml = std::fs::read_to_string(dir.join("out.xml")).unwrap();
    assert_eq!(xml.matches("<testcase ").count(), 10);
    assert_eq!(xml.matches("<failure ").count(), 3);
    assert!(xml.contains("<testsuites name=\"slam gate\" tests=\"10\" failures=\"3\" errors=\"0\" skipped=\"0\""));
    assert!(xml.contains("<testsuite name=\"drivers/serial.c\" tests=\"4\" failures=\"1\""));
    assert_eq!(xml.matches("<testsuite ").count(), xml.matches("</testsuite>").count());

    // a broken SARIF does not validate: the schema checks something
    let mut bad = sarif.clone();
    bad["runs"][0]["results"][0]["level"] = Value::from("fatal");
    let schema =
        read_json(&Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/sarif-2.1.0-subset.schema.json"));
    assert!(!jsonschema::JSONSchema::compile(&schema).unwrap().is_valid(&bad));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn cache_skips_unchanged_checks() {
    let dir = project("cache");
    let first = gate(&dir, &["--json", "a.json"]);
    assert_eq!(first.code, 10);
    let a = read_json(&dir.join("a.json"));
    assert_eq!(a["stats"]["run"], 10);
    assert_eq!(a["stats"]["cached"], 0);

    // unchanged: no check runs again
    let second = gate(&dir, &["--json", "b.json"]);
    assert_eq!(second.code, 10);
    let b = read_json(&dir.join("b.json"));
    assert_eq!(b["stats"]["run"], 0, "{}", second.stdout);
    assert_eq!(b["stats"]["cached"], 10);
    assert_eq!(verdicts(&a), verdicts(&b));
    eprintln!("first run {:.2} s, cached run {:.2} s", first.secs, second.secs);
    assert!(second.secs < first.secs, "cached {:.2} s vs {:.2} s", second.secs, first.secs);

    // change one file (lines shift): only its checks whose results show places run (the
    // violation with its trace); the others are the same program, and the fingerprint is the same
    let serial = dir.join("drivers/serial.c");
    let text = std::fs::read_to_string(&serial).unwrap();
    std::fs::write(&serial, format!("/* a new comment\n   of two lines */\n{text}")).unwrap();
    let third = gate(&dir, &["--json", "c.json"]);
    let c = read_json(&dir.join("c.json"));
    assert_eq!(c["stats"]["run"], 1, "{}", third.stdout);
    assert_eq!(c["stats"]["cached"], 9);
    let rerun: Vec<&str> = c["checks"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|x| x["cached"] == false)
        .map(|x| x["id"].as_str().unwrap())
        .collect();
    assert_eq!(rerun, ["drivers/serial.c:serial_write:lock"]);
    let check = |r: &Value, id: &str| r["checks"].as_array().unwrap().iter().find(|x| x["id"] == id).unwrap().clone();
    let write = check(&c, "drivers/serial.c:serial_write:lock");
    assert_eq!(write["fingerprint"], check(&a, "drivers/serial.c:serial_write:lock")["fingerprint"]);
    // its trace names the lines of the changed file
    let last = write["result"]["counterexample"]["steps"].as_array().unwrap().last().unwrap().clone();
    assert_eq!(last["line"].as_u64(), Some(line_of(&serial, "KeAcquireSpinLock(&fifo_lock", 1)));
    assert!(c["checks"].as_array().unwrap().iter().all(|x| x["key_scope"] == "check"), "{c}");

    // a corrupt entry and a foreign entry are ignored and rebuilt
    let mut files = 0;
    for d in std::fs::read_dir(dir.join(".slam-cache/v2")).unwrap() {
        let d = d.unwrap().path();
        let name = d.file_name().unwrap().to_string_lossy().into_owned();
        if name.len() == 2 {
            files += std::fs::read_dir(d).unwrap().count();
        } else {
            // the checks' last times (the order of the next run), the units' digests
            assert!(name == "times.json" || name == "digests", "{name}");
        }
    }
    assert_eq!(files, 18, "10 entries, 7 under the program digest (no place shown), serial_write's new one");
    let entries = |i: usize| -> Vec<PathBuf> {
        ["key", "key_program"]
            .iter()
            .filter_map(|k| c["checks"][i][k].as_str())
            .map(|key| dir.join(".slam-cache/v2").join(&key[..2]).join(format!("{key}.json")))
            .collect()
    };
    for e in entries(0) {
        std::fs::write(e, "{ not json").unwrap();
    }
    // a valid entry of another check, its verdict changed, filed under this check's keys
    let other = std::fs::read_to_string(&entries(2)[0]).unwrap().replace("SAFE", "VIOLATION");
    for e in entries(1) {
        std::fs::write(e, &other).unwrap();
    }
    // this entry's own verdict changed without updating its digest
    for e in entries(4) {
        let edited = std::fs::read_to_string(&e).unwrap().replace("SAFE", "VIOLATION");
        assert!(edited.contains("VIOLATION"));
        std::fs::write(e, edited).unwrap();
    }
    let fourth = gate(&dir, &["--json", "d.json"]);
    let d = read_json(&dir.join("d.json"));
    assert_eq!(d["stats"]["run"], 3, "{}", fourth.stdout);
    assert_eq!(verdicts(&d), expected());

    // --no-cache runs everything
    let fifth = gate(&dir, &["--no-cache", "--json", "e.json"]);
    assert_eq!(fifth.code, 10);
    assert_eq!(read_json(&dir.join("e.json"))["stats"]["run"], 10);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn shards_cover_the_run_and_merge() {
    let dir = project("shards");
    let all = gate(&dir, &["--json", "all.json", "--sarif", "all.sarif"]);
    assert_eq!(all.code, 10);
    let all_v = verdicts(&read_json(&dir.join("all.json")));
    let mut union = BTreeMap::new();
    for k in 1..=3 {
        let r = gate(
            &dir,
            &["--shard", &format!("{k}/3"), "--json", &format!("s{k}.json"), "--sarif", &format!("s{k}.sarif")],
        );
        assert!(r.code == 0 || r.code == 10, "{}", r.stderr);
        let v = verdicts(&read_json(&dir.join(format!("s{k}.json"))));
        assert!(!v.is_empty());
        for (id, verdict) in v {
            assert!(union.insert(id.clone(), verdict).is_none(), "{id} in two shards");
        }
    }
    assert_eq!(union, all_v);

    let out = Command::new(SLAM)
        .args(["merge", "s1.sarif", "s2.sarif", "s3.sarif", "-o", "merged.sarif"])
        .current_dir(&dir)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let merged = read_json(&dir.join("merged.sarif"));
    validate_sarif(&merged);
    let ids = |v: &Value| {
        let mut x: Vec<String> = v["runs"][0]["results"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| format!("{} {}", r["properties"]["check"], r["partialFingerprints"]["slam/v1"]))
            .collect();
        x.sort();
        x
    };
    assert_eq!(ids(&merged), ids(&read_json(&dir.join("all.sarif"))));
    // ci.md: the merged report is the unsharded one, in the same order.
    let order = |v: &Value| -> Vec<Value> {
        v["runs"][0]["results"].as_array().unwrap().iter().map(|r| r["properties"]["check"].clone()).collect()
    };
    assert_eq!(order(&merged), order(&read_json(&dir.join("all.sarif"))));
    assert_eq!(
        merged["runs"][0]["tool"]["driver"]["rules"],
        read_json(&dir.join("all.sarif"))["runs"][0]["tool"]["driver"]["rules"]
    );
    assert_eq!(merged["runs"][0]["properties"]["checks"], 10);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn baseline_reports_only_new_violations() {
    let dir = project("baseline");
    // the old report knows only the reach_error violation
    let old = gate(&dir, &["--rule", "reach_error", "--format", "sarif", "-o", "old.sarif"]);
    assert_eq!(old.code, 10);
    let r = gate(&dir, &["--baseline", "old.sarif", "--format", "sarif", "-o", "new.sarif", "--json", "new.json"]);
    assert_eq!(r.code, 10, "{}", r.stdout);
    assert!(r.stdout.contains("3 violations (2 new)"), "{}", r.stdout);
    let sarif = read_json(&dir.join("new.sarif"));
    validate_sarif(&sarif);
    let results = sarif["runs"][0]["results"].as_array().unwrap();
    // The lock rule's new finding; blk_submit's reach_error() is the reach_error check's
    // (unchanged), not reported again under the lock rule.
    assert_eq!(results.len(), 1);
    assert!(results.iter().all(|r| r["baselineState"] == "new" && r["ruleId"] == "lock"));
    // against a baseline that has them all: nothing new, exit 0
    let same = gate(&dir, &["--baseline", "new.sarif", "--sarif", "none.sarif"]);
    let again = gate(&dir, &["--baseline", "none.sarif"]);
    assert_eq!(same.code, 10, "new.sarif lacks the reach_error violation: {}", same.stdout);
    assert_eq!(again.code, 10);
    let all = gate(&dir, &["--format", "sarif", "-o", "full.sarif"]);
    assert_eq!(all.code, 10);
    let r = gate(&dir, &["--baseline", "full.sarif"]);
    assert_eq!(r.code, 0, "{}", r.stdout);
    assert!(r.stdout.contains("3 violations (0 new)"), "{}", r.stdout);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn project_file_errors_name_key_and_line() {
    let dir = project("config");
    let toml = dir.join("slam.toml");
    let text = std::fs::read_to_string(&toml).unwrap();
    std::fs::write(&toml, text.replace("iterations = 50", "iterations = 50\nwall_time = 3")).unwrap();
    let r = gate(&dir, &[]);
    assert_eq!(r.code, 2);
    let line = line_of(&toml, "wall_time", 0);
    assert!(r.stderr.contains(&format!("slam.toml:{line}:1: error: unknown field `wall_time`")), "{}", r.stderr);
    std::fs::write(&toml, text.replace("data_model = \"lp64\"", "data_model = \"lp65\"")).unwrap();
    let r = gate(&dir, &[]);
    assert_eq!(r.code, 2);
    let line = line_of(&toml, "data_model", 0);
    assert!(r.stderr.contains(&format!("slam.toml:{line}:14: error: bad value for `data_model`")), "{}", r.stderr);
    // usage errors: 1
    std::fs::write(&toml, &text).unwrap();
    assert_eq!(gate(&dir, &["--shard", "4/3"]).code, 1);
    assert_eq!(gate(&dir, &["--format", "xml"]).code, 1);
    // a missing input names the file: 2
    let r = gate(&dir, &["drivers/nope.c"]);
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("nope.c"), "{}", r.stderr);
    // a unit that does not parse names the file and line: 2
    let r = gate(&dir, &["drivers/legacy/old.c", "--exclude", "none"]);
    assert_eq!(r.code, 2, "{}", r.stdout);
    assert!(r.stderr.contains("drivers/legacy/old.c:2:13: syntax error"), "{}", r.stderr);
    // a unit of data only that slam does not model is a warning: it has nothing to check
    let table = dir.join("drivers/table.c");
    std::fs::write(
        &table,
        "struct p { int x, y; };\nstruct q { struct p p; int z; };\nstruct q t = { .p.x = 4, 5 };\n",
    )
    .unwrap();
    let r = gate(&dir, &["drivers/table.c", "--no-cache"]);
    assert_eq!(r.code, 0, "{}\n{}", r.stdout, r.stderr);
    assert!(r.stderr.contains("drivers/table.c:3:"), "{}", r.stderr);
    assert!(r.stderr.contains("warning"), "{}", r.stderr);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn limits_give_unknown_and_fail_on_unknown() {
    let dir = project("limits");
    // net.c alone, a time limit too short for any check: UNKNOWN (time limit), never a hang
    let args = ["drivers/net.c", "-I", "include", "-D", "NET_RETRIES=3", "--timeout", "0.001", "--no-cache"];
    let r = gate(&dir, &args);
    assert_eq!(r.code, 0, "{}\n{}", r.stdout, r.stderr);
    assert!(r.stdout.contains("UNKNOWN (time limit)"), "{}", r.stdout);
    let mut with = args.to_vec();
    with.push("--fail-on-unknown");
    let r = gate(&dir, &with);
    assert_eq!(r.code, 5, "{}", r.stdout);
    assert!(r.secs < 30.0);
    // cut short by a limit: not cached with --retry-limits
    let retry = ["drivers/net.c", "-I", "include", "-D", "NET_RETRIES=3", "--timeout", "0.001", "--retry-limits"];
    let r = gate(&dir, &retry);
    assert!(r.stdout.contains("2 run, 0 from the cache"), "{}", r.stdout);
    let r = gate(&dir, &retry);
    assert!(r.stdout.contains("2 run, 0 from the cache"), "{}", r.stdout);
    // by default (and with --cache-limits, the default's old flag) cached like any check
    let keep = ["drivers/net.c", "-I", "include", "-D", "NET_RETRIES=3", "--timeout", "0.001"];
    let r = gate(&dir, &keep);
    assert!(r.stdout.contains("2 run, 0 from the cache"), "{}", r.stdout);
    let r = gate(&dir, &keep);
    assert!(r.stdout.contains("0 run, 2 from the cache"), "{}", r.stdout);
    assert!(r.stdout.contains("UNKNOWN (time limit)"), "{}", r.stdout);
    let mut flag = keep.to_vec();
    flag.push("--cache-limits");
    let r = gate(&dir, &flag);
    assert!(r.stdout.contains("0 run, 2 from the cache"), "{}", r.stdout);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn sarif_paths_from_the_repository_root_and_notifications_with_a_region() {
    // A project in a subfolder of a repository: result paths are relative to the repository
    // root (as code scanning resolves them); an input error is a notification at its line.
    let repo = std::env::temp_dir().join(format!("slam-gate-repo-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&repo);
    let proj = repo.join("sub/proj");
    std::fs::create_dir_all(repo.join(".git")).unwrap();
    std::fs::create_dir_all(proj.join("src")).unwrap();
    std::fs::write(proj.join("src/bad.c"), "int main(void) {\n  int x = 1;\n  return y + x;\n}\n").unwrap();
    std::fs::write(
        proj.join("src/bug.c"),
        "extern void reach_error(void);\nint main(void) {\n  int a = 1;\n  if (a == 1) reach_error();\n  return 0;\n}\n",
    )
    .unwrap();
    std::fs::write(proj.join("slam.toml"), "sources = [\"src\"]\nrules = [\"reach_error\"]\n").unwrap();
    let r = gate(&proj, &["--no-cache", "--format", "sarif", "-o", "out.sarif"]);
    assert_eq!(r.code, 10, "{}\n{}", r.stdout, r.stderr);
    let sarif = read_json(&proj.join("out.sarif"));
    validate_sarif(&sarif);
    let run = &sarif["runs"][0];
    let res = &run["results"][0]["locations"][0]["physicalLocation"];
    assert_eq!(res["artifactLocation"]["uri"], "sub/proj/src/bug.c");
    assert_eq!(res["region"]["startLine"], 4);
    let note = &run["invocations"][0]["toolExecutionNotifications"][0];
    let loc = &note["locations"][0]["physicalLocation"];
    assert_eq!(loc["artifactLocation"]["uri"], "sub/proj/src/bad.c");
    assert_eq!(loc["region"]["startLine"], 3);
    assert_eq!(loc["region"]["startColumn"], 10);
    let text = serde_json::to_string(&sarif).unwrap();
    assert!(!text.contains(&repo.display().to_string()), "an absolute path of the machine: {text}");
    let _ = std::fs::remove_dir_all(&repo);
}

/// A header forced with `-include` (compile_commands.json) is read by the check and is part of
/// the cache key: changing it re-runs the check.
#[test]
fn forced_include_is_read_and_keys_the_cache() {
    let dir = std::env::temp_dir().join(format!("slam-gate-forced-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("slam.toml"), "compile_commands = \"compile_commands.json\"\nrules = [\"reach_error\"]\n")
        .unwrap();
    let db = serde_json::json!([{
        "directory": dir.display().to_string(),
        "file": "u.c",
        "arguments": ["gcc", "-include", "cfg.h", "-c", "u.c"]
    }]);
    std::fs::write(dir.join("compile_commands.json"), db.to_string()).unwrap();
    std::fs::write(
        dir.join("u.c"),
        "extern void reach_error(void);\nint main(void) {\n  if (LIMIT > 5) reach_error();\n  return 0;\n}\n",
    )
    .unwrap();
    std::fs::write(dir.join("cfg.h"), "#define LIMIT 3\n").unwrap();
    let first = gate(&dir, &["--json", "a.json"]);
    assert_eq!(first.code, 0, "{}\n{}", first.stdout, first.stderr);
    let a = read_json(&dir.join("a.json"));
    assert_eq!(verdicts(&a).values().collect::<Vec<_>>(), ["SAFE"]);
    std::fs::write(dir.join("cfg.h"), "#define LIMIT 9\n").unwrap();
    let second = gate(&dir, &["--json", "b.json"]);
    let b = read_json(&dir.join("b.json"));
    assert_eq!(b["stats"]["run"], 1, "the changed header re-runs the check: {}", second.stdout);
    assert_eq!(verdicts(&b).values().collect::<Vec<_>>(), ["VIOLATION"]);
    assert_eq!(second.code, 10);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A unit the front end rejects is reported once, naming the checks it covers (every entry
/// and rule), in the summary and as one SARIF notification — not once per check.
#[test]
fn a_front_end_error_is_reported_once_per_unit() {
    let dir = std::env::temp_dir().join(format!("slam-gate-once-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("src")).unwrap();
    std::fs::write(dir.join("src/a.c"), "int f1(int x) { return x + 1; }\nint f2(int x) { return x }\n").unwrap();
    std::fs::write(dir.join("slam.toml"), "sources = [\"src\"]\nrules = [\"reach_error\", \"null-deref\"]\n").unwrap();
    let r = gate(&dir, &["--no-cache", "--format", "sarif", "-o", "out.sarif"]);
    assert_eq!(r.code, 2, "{}\n{}", r.stdout, r.stderr);
    let text = String::from_utf8(std::fs::read(dir.join("out.sarif")).unwrap()).unwrap();
    let sarif: Value = serde_json::from_str(&text).unwrap();
    validate_sarif(&sarif);
    let notes = sarif["runs"][0]["invocations"][0]["toolExecutionNotifications"].as_array().unwrap();
    assert_eq!(notes.len(), 1, "{notes:?}");
    assert_eq!(notes[0]["properties"]["checks"].as_array().unwrap().len(), 4);
    let summary = gate(&dir, &["--no-cache"]);
    assert_eq!(summary.stdout.matches("ERROR src/a.c").count(), 1, "{}", summary.stdout);
    assert!(summary.stdout.contains("(4 checks: entries f1, f2; rules null-deref, reach_error)"), "{}", summary.stdout);
    // An input error is a function of the input: cached like a verdict.
    let first = gate(&dir, &[]);
    assert!(first.stdout.contains("4 run, 0 from the cache"), "{}", first.stdout);
    let second = gate(&dir, &[]);
    assert!(second.stdout.contains("0 run, 4 from the cache"), "{}", second.stdout);
    assert_eq!(second.code, 2);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A fresh copy of corpus/program (a whole program: two units, three roots).
fn program_project(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("slam-gate-prog-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus");
    copy_dir(&corpus.join("program"), &dir.join("corpus/program"));
    copy_dir(&corpus.join("../specs"), &dir.join("specs"));
    dir.join("corpus/program")
}

#[test]
fn whole_program_from_its_roots() {
    let dir = program_project("roots");
    let r = gate(&dir, &["--no-cache", "--json", "out.json", "--sarif", "out.sarif"]);
    assert_eq!(r.code, 10, "{}\n{}", r.stdout, r.stderr);
    let report = read_json(&dir.join("out.json"));
    let v = verdicts(&report);
    // the lock/unlock pair split over stats_lock/stats_unlock is seen in its callers; the
    // signal handler (a root: passed to signal) returns with the lock held when hits > 100,
    // which its check sees because a root other than main starts with unknown globals
    let want: BTreeMap<String, String> = [
        ("server:main:pthread_mutex", "SAFE"),
        ("server:on_hup:pthread_mutex", "VIOLATION"),
        ("server:worker:pthread_mutex", "SAFE"),
    ]
    .iter()
    .map(|(a, b)| (a.to_string(), b.to_string()))
    .collect();
    assert_eq!(v, want, "{}", r.stdout);
    let prog = &report["programs"][0];
    assert_eq!(prog["name"], "server");
    assert_eq!(prog["units"], serde_json::json!(["src/server.c", "src/stats.c"]));
    let checks = report["checks"].as_array().unwrap();
    let worker = checks.iter().find(|c| c["entry"] == "worker").unwrap();
    assert_eq!(worker["mode"], "program");
    assert_eq!(
        worker["entry_reason"],
        "thread start routine passed to pthread_create at src/server.c:20 (through spawn)"
    );
    assert!(r.stdout.contains("Mode: whole program server."), "{}", r.stdout);
    assert!(r.stdout.contains("  on_hup: callback passed to signal at src/server.c:32"), "{}", r.stdout);
    let sarif = read_json(&dir.join("out.sarif"));
    validate_sarif(&sarif);
    let res = &sarif["runs"][0]["results"][0];
    assert_eq!(res["properties"]["entryReason"], "callback passed to signal at src/server.c:32");
    assert_eq!(res["properties"]["mode"], "program");
    // `unit:function` excludes drop an entry
    let r = gate(&dir, &["--no-cache", "--exclude", "server:on_hup", "--json", "out2.json"]);
    assert_eq!(r.code, 0, "{}\n{}", r.stdout, r.stderr);
    assert_eq!(verdicts(&read_json(&dir.join("out2.json"))).len(), 2);
    // the same units checked one by one: each lock wrapper alone breaks the rule
    std::fs::write(dir.join("units.toml"), "sources = [\"src\"]\nrules = [\"../../specs/pthread_mutex.slic\"]\n")
        .unwrap();
    let r = gate(&dir, &["--no-cache", "--no-wrappers", "--config", "units.toml", "--json", "u.json"]);
    let v = verdicts(&read_json(&dir.join("u.json")));
    assert_eq!(v["src/stats.c:stats_lock:pthread_mutex"], "VIOLATION", "{}", r.stdout);
    assert_eq!(v["src/stats.c:stats_unlock:pthread_mutex"], "VIOLATION", "{}", r.stdout);
    assert!(r.stdout.contains("Mode: units (2 units, each checked on its own)."), "{}", r.stdout);
    // by default each is judged a lock wrapper (docs/ci.md "Lock wrappers")
    let r = gate(&dir, &["--no-cache", "--config", "units.toml", "--json", "w.json"]);
    let v = verdicts(&read_json(&dir.join("w.json")));
    assert_eq!(v["src/stats.c:stats_lock:pthread_mutex"], "SAFE", "{}", r.stdout);
    assert_eq!(v["src/stats.c:stats_unlock:pthread_mutex"], "SAFE", "{}", r.stdout);
    let _ = std::fs::remove_dir_all(dir.parent().unwrap().parent().unwrap());
}

#[test]
fn a_program_needs_main_and_units() {
    let dir = program_project("nomain");
    std::fs::write(dir.join("slam.toml"), "sources = [\"src\"]\n[programs]\nlib = [\"src/stats.c\"]\n").unwrap();
    let r = gate(&dir, &["--no-cache"]);
    assert_eq!(r.code, 2, "{}\n{}", r.stdout, r.stderr);
    assert!(r.stderr.contains("program `lib`: none of its units defines `main`"), "{}", r.stderr);
    std::fs::write(dir.join("slam.toml"), "sources = [\"src\"]\n[programs]\nx = [\"nothing/*.c\"]\n").unwrap();
    let r = gate(&dir, &["--no-cache"]);
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("program `x`: its units (nothing/*.c) match none of the inputs"), "{}", r.stderr);
    let _ = std::fs::remove_dir_all(dir.parent().unwrap().parent().unwrap());
}

/// A unit of three entries for the per-check cache: `put` reaches the static `fill` and the
/// global `limit`, `get` reaches neither, `scan` reaches `copy_out`, which does not lower.
const PER_CHECK_UNIT: &str = r#"#include <string.h>
void lock(int *l);
void unlock(int *l);
int mutex;
int limit = 4;
int table[8];

static void fill(int v) {
    table[0] = v;
}

int put(int v) {
    lock(&mutex);
    if (v > limit)
        fill(v);
    unlock(&mutex);
    return 0;
}

int get(int i) {
    const char *why = "get";
    if (i < 0)
        i = 0;
    lock(&mutex);
    int v = table[i & 7];
    unlock(&mutex);
    return why[0] + v;
}

static void copy_out(char *to, const char *from, unsigned long n) {
    _Complex double z = n;
    (void)z;
    strcpy(to, from);
}

int scan(char *to, const char *from, unsigned long n) {
    copy_out(to, from, n);
    return 0;
}
"#;

const PER_CHECK_RULE: &str = "state { enum { free, held } s = free; }\n\
    lock.entry { if (s == held) abort \"locked twice\"; else s = held; }\n\
    unlock.entry { if (s == free) abort \"unlocked while free\"; else s = free; }\n";

/// The cache key of a check covers the part of the program its entry reaches: an edit
/// re-runs only the checks whose entries reach the edited function or global; a string
/// literal added elsewhere or lines moved by an edit above change nothing else; a check that
/// reaches a function that does not lower is keyed by the unit's text.
#[test]
fn a_one_line_edit_reruns_only_the_checks_that_reach_it() {
    let dir = std::env::temp_dir().join(format!("slam-gate-per-check-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let unit = dir.join("store.c");
    std::fs::write(&unit, PER_CHECK_UNIT).unwrap();
    std::fs::write(dir.join("lock.slic"), PER_CHECK_RULE).unwrap();
    let args = ["store.c", "--rule", "lock.slic", "--json", "r.json"];
    let run = |what: &str| -> Value {
        let r = gate(&dir, &args);
        assert!(r.code == 0 || r.code == 10, "{what}: {}{}", r.stdout, r.stderr);
        read_json(&dir.join("r.json"))
    };
    let rerun = |r: &Value| -> Vec<String> {
        r["checks"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|c| c["cached"] == false)
            .map(|c| c["entry"].as_str().unwrap().to_string())
            .collect()
    };
    let edit = |from: &str, to: &str| {
        let text = std::fs::read_to_string(&unit).unwrap();
        assert!(text.contains(from), "{from}");
        std::fs::write(&unit, text.replacen(from, to, 1)).unwrap();
    };
    let first = run("first");
    assert_eq!(rerun(&first), ["get", "put", "scan"]);
    let scope = |r: &Value, entry: &str| -> String {
        let c = r["checks"].as_array().unwrap().iter().find(|c| c["entry"] == entry).unwrap();
        c["key_scope"].as_str().unwrap().to_string()
    };
    assert_eq!(scope(&first, "put"), "check");
    assert_eq!(scope(&first, "get"), "check");
    assert_eq!(scope(&first, "scan"), "unit: reaches copy_out, which did not lower");
    let verdict = |r: &Value, entry: &str| -> String {
        let c = r["checks"].as_array().unwrap().iter().find(|c| c["entry"] == entry).unwrap();
        c["result"]["verdict"].as_str().unwrap().to_string()
    };
    assert_eq!(verdict(&first, "put"), "SAFE");
    assert_eq!(verdict(&first, "get"), "SAFE");
    assert!(rerun(&run("unchanged")).is_empty());

    // the static function only `put` reaches: `put` again (and `scan`, keyed by the text),
    // and the new verdict is the edited program's
    edit("    table[0] = v;\n", "    table[0] = v;\n    lock(&mutex);\n");
    let r = run("fill");
    assert_eq!(rerun(&r), ["put", "scan"]);
    assert_eq!(verdict(&r, "put"), "VIOLATION");
    // a branch in `fill`: the front end's labels after it (in `get`) are numbered anew
    edit("    table[0] = v;\n", "    if (v < 0)\n        v = 0;\n    table[0] = v;\n");
    assert_eq!(rerun(&run("branch")), ["put", "scan"]);
    // a global only `put` reads
    edit("int limit = 4;", "int limit = 5;");
    assert_eq!(rerun(&run("limit")), ["put", "scan"]);
    // a string literal in `put`: `get`'s literal, further down, is numbered anew
    edit("int put(int v) {\n", "int put(int v) {\n    const char *tag = \"put\";\n");
    assert_eq!(rerun(&run("literal")), ["put", "scan"]);
    // `put`'s violation shows lines: an edit above it moves them, so it runs again
    edit("int mutex;\n", "int mutex;\n\n");
    let r = run("lines");
    assert_eq!(rerun(&r), ["put", "scan"]);
    let steps = |r: &Value| {
        let c = r["checks"].as_array().unwrap().iter().find(|c| c["entry"] == "put").unwrap();
        c["result"]["counterexample"]["steps"].as_array().unwrap().last().unwrap()["line"].as_u64().unwrap()
    };
    assert_eq!(steps(&r), line_of(&unit, "    lock(&mutex);", 0));
    let _ = std::fs::remove_dir_all(&dir);
}

const NO_EVENT_UNIT: &str = r#"
void lock(int *m);
void unlock(int *m);
int mutex;
int count;

static void bump(void) {
    count++;
}

int locked_bump(void) {
    lock(&mutex);
    bump();
    unlock(&mutex);
    return count;
}

int plain_bump(void) {
    bump();
    return count;
}
"#;

/// A check whose entry reaches no error statement of its rule is answered by the gate itself,
/// with the engine's own test and words: the same verdict, reason and detail as `slam check`
/// gives it — and without a child process (the other checks, run with a `--slam` that cannot
/// check anything, fail).
#[test]
fn a_check_that_reaches_no_event_is_decided_without_a_child() {
    let dir = std::env::temp_dir().join(format!("slam-gate-no-event-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("counter.c"), NO_EVENT_UNIT).unwrap();
    std::fs::write(dir.join("lock.slic"), PER_CHECK_RULE).unwrap();
    let check = |entry: &str| -> Value {
        let out = Command::new(SLAM)
            .args(["check", "counter.c", "--rule", "lock.slic", "--format", "json", "--entry", entry])
            .current_dir(&dir)
            .output()
            .unwrap();
        serde_json::from_slice(&out.stdout).unwrap()
    };
    let child = check("plain_bump");
    assert_eq!(child["verdict"], "SAFE");
    assert!(child["detail"].as_str().unwrap().starts_with("no error statement is reachable from the entry"));
    assert_eq!(check("locked_bump")["verdict"], "SAFE");
    // CEGAR alone: in the portfolio the search's interval analysis may answer first (0
    // iterations) on a loaded machine
    let cegar = Command::new(SLAM)
        .args(["check", "counter.c", "--rule", "lock.slic", "--format", "json", "--entry", "locked_bump"])
        .args(["--engine", "cegar"])
        .current_dir(&dir)
        .output()
        .unwrap();
    let cegar: Value = serde_json::from_slice(&cegar.stdout).unwrap();
    assert_eq!(cegar["iterations"], 1, "locked_bump needs the abstraction");

    // `--slam` names a program that is no slam: every check it runs is an error
    let r = gate(&dir, &["counter.c", "--rule", "lock.slic", "--no-cache", "--slam", "/bin/false", "--json", "r.json"]);
    let report = read_json(&dir.join("r.json"));
    let result = |entry: &str| -> Value {
        report["checks"].as_array().unwrap().iter().find(|c| c["entry"] == entry).unwrap()["result"].clone()
    };
    let decided = result("plain_bump");
    for field in ["verdict", "reason", "detail"] {
        assert_eq!(decided[field], child[field], "{field}: {}{}", r.stdout, r.stderr);
    }
    assert_eq!(result("locked_bump")["verdict"], "ERROR", "{}", r.stdout);
}

/// A whole program's checks are keyed per root as units' checks are: by the part of the
/// program the root reaches (lowered as its check lowers it). An edit in the signal handler
/// re-runs the checks of the roots that reach it (main takes its address), not the worker's.
#[test]
fn a_programs_checks_are_keyed_per_root() {
    let dir = program_project("keys");
    let run = |what: &str| -> Value {
        let r = gate(&dir, &["--json", "out.json"]);
        assert_eq!(r.code, 10, "{what}: {}\n{}", r.stdout, r.stderr);
        read_json(&dir.join("out.json"))
    };
    let rerun = |r: &Value| -> Vec<String> {
        r["checks"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|c| c["cached"] == false)
            .map(|c| c["entry"].as_str().unwrap().to_string())
            .collect()
    };
    let first = run("first");
    assert_eq!(rerun(&first), ["main", "on_hup", "worker"]);
    for c in first["checks"].as_array().unwrap() {
        assert_eq!(c["key_scope"], "check", "{c}");
    }
    assert!(rerun(&run("unchanged")).is_empty());
    // the signal handler: main reaches it (it takes its address), the worker does not
    let server = dir.join("src/server.c");
    let text = std::fs::read_to_string(&server).unwrap();
    std::fs::write(&server, text.replacen("    reloads++;\n", "    reloads += 2;\n", 1)).unwrap();
    let r = run("edit");
    assert_eq!(rerun(&r), ["main", "on_hup"]);
    assert_eq!(verdicts(&r)["server:on_hup:pthread_mutex"], "VIOLATION");
    assert_eq!(verdicts(&r)["server:worker:pthread_mutex"], "SAFE");
    let _ = std::fs::remove_dir_all(dir.parent().unwrap().parent().unwrap());
}

/// corpus/gate-pairs: lock protocols split over API functions, unit by unit. Acquire and
/// release wrappers (also a conditional one, one built on another and a pause/resume in one)
/// are SAFE as lock wrappers, also one that takes and releases a helper lock next to the one
/// it keeps (`pause_threads`); a missing unlock on an error path, a second lock through a
/// wrapper, an inconsistent wrapper (also next to a lock it does take for its caller, and one
/// that keeps its helper on one path) and a double release stay violations (docs/ci.md).
#[test]
fn lock_wrappers_in_units_mode() {
    let dir = corpus_project("gate-pairs", "pairs");
    let want: BTreeMap<String, (String, bool)> = expected_rows(&dir)
        .into_iter()
        .map(|w| (w[0].clone(), (w[1].clone(), w.get(2).map(String::as_str) == Some("wrapper"))))
        .collect();
    let r = gate(&dir, &["--json", "out.json", "--sarif", "out.sarif"]);
    assert_eq!(r.code, 10, "{}\n{}", r.stdout, r.stderr);
    let report = read_json(&dir.join("out.json"));
    let got: BTreeMap<String, (String, bool)> = report["checks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            let judged = c["wrapper"]["judged"].as_bool() == Some(true);
            (c["id"].as_str().unwrap().to_string(), (c["result"]["verdict"].as_str().unwrap().to_string(), judged))
        })
        .collect();
    assert_eq!(got, want, "{}", r.stdout);
    let checks = report["checks"].as_array().unwrap();
    let by = |e: &str| checks.iter().find(|c| c["entry"] == e).unwrap();
    assert_eq!(by("cache_lock")["wrapper"]["kind"], "acquire");
    assert_eq!(by("cache_unlock")["wrapper"]["kind"], "release");
    assert_eq!(by("cache_lock")["result"]["reason"], "wrapper");
    assert!(by("cache_lock")["wrapper"]["unit_detail"].as_str().unwrap().contains("still held"));
    // the missing unlock: its own check's hold at the return, and why it is no wrapper
    let put = by("cache_put");
    assert!(put["result"]["detail"].as_str().unwrap().contains("still held"), "{put}");
    assert!(put["wrapper"]["reason"].as_str().unwrap().contains("not a lock wrapper"), "{put}");
    assert!(r.stdout.contains("SAFE (lock wrapper)"), "{}", r.stdout);
    assert!(r.stdout.contains("Lock wrappers ("), "{}", r.stdout);
    assert!(r.stdout.contains("Lock wrapper? not a lock wrapper"), "{}", r.stdout);
    let sarif = read_json(&dir.join("out.sarif"));
    validate_sarif(&sarif);
    assert_eq!(sarif["runs"][0]["results"].as_array().unwrap().len(), 6);
    let notes = sarif["runs"][0]["invocations"][0]["toolExecutionNotifications"].as_array().unwrap();
    assert_eq!(notes.iter().filter(|n| n["properties"]["reason"] == "wrapper").count(), 6);
    // pause_threads' shape: the helper it takes and releases next to the lock it keeps
    let pause = by("workers_pause");
    assert!(pause["wrapper"]["reason"].as_str().unwrap().contains("Helpers: `init_lock`"), "{pause}");
    let fast = by("workers_pause_fast");
    assert!(fast["wrapper"]["reason"].as_str().unwrap().contains("not a lock wrapper"), "{fast}");
    // a second run takes both checks of every entry from the cache, with the same verdicts
    let again = gate(&dir, &["--json", "again.json"]);
    assert!(again.stdout.contains("0 run, 13 from the cache"), "{}", again.stdout);
    assert_eq!(verdicts(&read_json(&dir.join("again.json"))), verdicts(&report));
    // a line added above everything moves every line: the entries judged lock wrappers keep
    // that verdict from the cache (their program is the same), the violations, which name
    // lines, run again
    let src = dir.join("src/cache.c");
    let text = std::fs::read_to_string(&src).unwrap();
    std::fs::write(&src, format!("/* a line above everything */\n{text}")).unwrap();
    let shifted = gate(&dir, &["--json", "shifted.json"]);
    assert!(shifted.stdout.contains("6 run, 7 from the cache"), "{}", shifted.stdout);
    let moved = read_json(&dir.join("shifted.json"));
    assert_eq!(verdicts(&moved), verdicts(&report));
    let lock = moved["checks"].as_array().unwrap().iter().find(|c| c["entry"] == "cache_lock").unwrap();
    assert_eq!((lock["cached"].as_bool(), lock["wrapper"]["kind"].as_str()), (Some(true), Some("acquire")), "{lock}");
    // without the wrapper reading every wrapper is the violation its own check finds
    let off = gate(&dir, &["--no-cache", "--no-wrappers", "--json", "off.json"]);
    let v = verdicts(&read_json(&dir.join("off.json")));
    assert_eq!(v.values().filter(|x| *x == "VIOLATION").count(), 12, "{}", off.stdout);
    let _ = std::fs::remove_dir_all(dir.parent().unwrap().parent().unwrap());
}

/// corpus/tracked-object: the mutex a violation is about lies behind a pointer argument, after
/// the first member of a struct (global, local, allocated or an argument's), in an array in
/// an argument's struct. Unit by unit, every planted violation is found and confirmed by the
/// program gcc built; the balanced entries stay non-violations (issue 29's recall, docs/ci.md
/// "A mutex behind a pointer").
#[test]
fn mutexes_behind_pointers_unit_by_unit() {
    let dir = corpus_project("tracked-object", "tracked");
    let want: BTreeMap<String, (String, Option<String>)> =
        expected_rows(&dir).into_iter().map(|w| (w[0].clone(), (w[1].clone(), w.get(2).cloned()))).collect();
    let r = gate(&dir, &["--json", "out.json"]);
    assert_eq!(r.code, 10, "{}\n{}", r.stdout, r.stderr);
    let report = read_json(&dir.join("out.json"));
    let got: BTreeMap<String, (String, Option<String>)> = report["checks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            let status = c["result"]["confirmation"]["status"].as_str().map(str::to_string);
            (c["id"].as_str().unwrap().to_string(), (c["result"]["verdict"].as_str().unwrap().to_string(), status))
        })
        .collect();
    assert_eq!(got, want, "{}", r.stdout);
    let _ = std::fs::remove_dir_all(dir.parent().unwrap().parent().unwrap());
}

/// corpus/gate-recall/tiny: planted bugs on error paths (a lost return after an unlock, a
/// double free after a failed `pthread_create`, fopen's NULL unchecked, a double fclose, a
/// missing unlock), each a patch applied to the clean project, as scripts/gate-recall does
/// on real projects. At the defaults (only the rules), the clean project has no violation
/// and every patch gives a VIOLATION in its planted function.
#[test]
fn planted_bugs_are_found_at_the_defaults() {
    let corpus_dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus");
    let dir = std::env::temp_dir().join(format!("slam-gate-recall-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    copy_dir(&corpus_dir.join("gate-recall/tiny"), &dir);
    copy_dir(&corpus_dir.join("../specs"), &dir.join("specs"));
    let args = [
        "src",
        "--rule",
        "specs/pthread_mutex.slic",
        "--rule",
        "specs/file.slic",
        "--rule",
        "specs/memory.slic",
        "--no-progress",
        "--json",
        "out.json",
    ];
    let violations = |dir: &Path| -> Vec<(String, String)> {
        let report = read_json(&dir.join("out.json"));
        report["checks"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|c| c["result"]["verdict"] == "VIOLATION")
            .map(|c| (c["entry"].as_str().unwrap().to_string(), c["rule"].as_str().unwrap().to_string()))
            .collect()
    };
    let r = gate(&dir, &args);
    assert_eq!(r.code, 0, "the clean project: {}\n{}", r.stdout, r.stderr);
    assert!(violations(&dir).is_empty());
    // every thread-starting entry gets a verdict: pthread_create starts nothing in units mode
    assert!(!r.stdout.contains("concurrency is not supported"), "{}", r.stdout);
    let mut bugs: Vec<PathBuf> = std::fs::read_dir(dir.join("bugs")).unwrap().map(|e| e.unwrap().path()).collect();
    bugs.sort();
    assert_eq!(bugs.len(), 5);
    for bug in &bugs {
        let text = std::fs::read_to_string(bug).unwrap();
        let header = |key: &str| text.lines().find_map(|l| l.strip_prefix(key)).map(|v| v.trim().to_string()).unwrap();
        let (function, rule) = (header("Function:"), header("Rule:"));
        let patch = |reverse: bool| {
            let mut cmd = Command::new("patch");
            cmd.args(["-s", "-p1", "-i"]).arg(bug).current_dir(&dir);
            if reverse {
                cmd.arg("-R");
            }
            assert!(cmd.status().unwrap().success(), "{}", bug.display());
        };
        patch(false);
        let r = gate(&dir, &args);
        patch(true);
        assert_eq!(r.code, 10, "{}: {}\n{}", bug.display(), r.stdout, r.stderr);
        assert_eq!(violations(&dir), vec![(function.clone(), rule.clone())], "{}: {}", bug.display(), r.stdout);
    }
}
