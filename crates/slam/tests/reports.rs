//! Reports people and tools read (issue #9): the HTML report in a real browser, SV-COMP
//! witnesses against slam's structural schemas, task files and `--format svcomp`.

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn tmpdir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("slam-reports-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// Run `slam check` in `dir` (so that file names in reports are short); returns (exit, stdout).
/// `slam check` in `dir`; with `--engine cegar` unless `args` name an engine: these reports
/// show the CEGAR loop's iterations and predicates, and on two cores the default portfolio
/// lets whichever engine is first answer.
fn check(dir: &Path, args: &[&str]) -> (i32, String) {
    let engine: &[&str] = if args.contains(&"--engine") { &[] } else { &["--engine", "cegar"] };
    let out = Command::new(env!("CARGO_BIN_EXE_slam"))
        .arg("check")
        .args(args)
        .args(engine)
        .current_dir(dir)
        .output()
        .unwrap();
    (out.status.code().unwrap_or(-1), String::from_utf8_lossy(&out.stdout).into_owned())
}

fn copy_corpus(dir: &Path, name: &str) {
    std::fs::copy(root().join("corpus/c").join(name), dir.join(name)).unwrap();
}

const CHROMIUM: &str = "/usr/bin/chromium";

fn chromium(args: &[&str]) -> String {
    let profile = tmpdir("chromium-profile");
    let out = Command::new(CHROMIUM)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .args(args)
        .output()
        .expect("chromium runs");
    let _ = std::fs::remove_dir_all(&profile);
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The steps the page embeds (its own data: file index, line, …).
fn page_steps(html: &str) -> Vec<Value> {
    let start = html.find("id=\"steps-data\">").expect("steps data") + "id=\"steps-data\">".len();
    let end = start + html[start..].find("</script>").unwrap();
    serde_json::from_str::<Value>(&html[start..end]).unwrap().as_array().unwrap().clone()
}

/// The value of attribute `attr` of the first element whose class list contains `class`.
/// An attribute of the first tag in `html`.
fn attr_of_tag(html: &str, attr: &str) -> Option<String> {
    let tag = &html[..html.find('>')?];
    let k = format!("{attr}=\"");
    let i = tag.find(&k)? + k.len();
    Some(tag[i..i + tag[i..].find('"')?].to_string())
}

fn attr_of_class(dom: &str, class_word: &str, attr: &str) -> Option<String> {
    let mut rest = dom;
    while let Some(i) = rest.find("class=\"") {
        let tag_start = rest[..i].rfind('<')?;
        let tag_end = i + rest[i..].find('>')?;
        let tag = &rest[tag_start..tag_end];
        let cls_start = i + 7;
        let cls = &rest[cls_start..cls_start + rest[cls_start..].find('"')?];
        if cls.split_whitespace().any(|c| c == class_word) {
            let key = format!("{attr}=\"");
            let a = tag.find(&key)? + key.len();
            return Some(tag[a..a + tag[a..].find('"')?].to_string());
        }
        rest = &rest[tag_end..];
    }
    None
}

#[test]
fn html_report_clicks_a_step_in_a_real_browser() {
    if !Path::new(CHROMIUM).exists() {
        println!("skipped: {CHROMIUM} is not installed (apt-get install chromium)");
        return;
    }
    let dir = tmpdir("html");
    copy_corpus(&dir, "svcomp_header.c");
    let (code, _) = check(&dir, &["svcomp_header.c", "--html", "report.html"]);
    assert_eq!(code, 10);
    let html = std::fs::read_to_string(dir.join("report.html")).unwrap();
    let steps = page_steps(&html);
    assert!(steps.len() >= 4, "{steps:?}");
    // The page clicks the step named in the URL on load (the handler a person's click runs).
    for n in [1usize, steps.len() - 1] {
        let url = format!("file://{}#step={n}", dir.join("report.html").display());
        let dom = chromium(&["--dump-dom", &url]);
        assert!(dom.contains(&format!("data-selected-step=\"{n}\"")), "step {n} not selected");
        assert_eq!(attr_of_class(&dom, "sel", "data-step").as_deref(), Some(n.to_string().as_str()));
        let want = format!("L{}-{}", steps[n]["file"], steps[n]["line"]);
        assert_eq!(attr_of_class(&dom, "current", "id"), Some(want), "highlighted source line of step {n}");
        // The variables panel shows the step.
        assert!(dom.contains(&format!("<b>Step {}</b>", n + 1)));
    }
    // The trace and source panes fit the window below the header, whatever its height: the
    // page sizes them (the bottom of the source pane is not cut off).
    let url = format!("file://{}#step=1", dir.join("report.html").display());
    let dom = chromium(&["--dump-dom", "--window-size=1200,800", &url]);
    let main = &dom[dom.find("<main").expect("main")..];
    let style = attr_of_tag(main, "style").expect("main sized by the page");
    let px: f64 =
        style.trim_start_matches("height:").trim().trim_end_matches(';').trim_end_matches("px").parse().unwrap();
    assert!((420.0..800.0).contains(&px), "{style}");
    let shot = dir.join("shot.png");
    chromium(&[
        &format!("--screenshot={}", shot.display()),
        "--window-size=1200,800",
        &format!("file://{}#step=3", dir.join("report.html").display()),
    ]);
    assert!(std::fs::metadata(&shot).map(|m| m.len() > 10_000).unwrap_or(false), "screenshot written");
    let _ = std::fs::remove_dir_all(&dir);
}

fn yaml_as_json(path: &Path) -> Value {
    serde_yaml::from_str::<Value>(&std::fs::read_to_string(path).unwrap()).unwrap()
}

fn assert_schema(schema: &str, doc: &Value) {
    let schema: Value = serde_json::from_str(
        &std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/schemas").join(schema)).unwrap(),
    )
    .unwrap();
    let compiled = jsonschema::JSONSchema::compile(&schema).expect("schema compiles");
    let msgs: Vec<String> = match compiled.validate(doc) {
        Ok(()) => Vec::new(),
        Err(errors) => errors.map(|e| format!("{} at {}", e, e.instance_path)).collect(),
    };
    assert!(msgs.is_empty(), "witness does not match {schema}: {msgs:#?}\n{doc:#}");
}

#[test]
fn violation_witness_matches_schema_and_follows_the_trace() {
    let dir = tmpdir("vw");
    copy_corpus(&dir, "svcomp_header.c");
    let (code, out) = check(&dir, &["svcomp_header.c", "--format", "json", "--witness", "w.yml"]);
    assert_eq!(code, 10);
    let report: Value = serde_json::from_str(&out).unwrap();
    let w = yaml_as_json(&dir.join("w.yml"));
    assert_schema("witness-2.0-violation.schema.json", &w);
    // The waypoints' lines appear in the reported trace, in order; returns are at their call.
    let lines: Vec<u64> =
        report["counterexample"]["steps"].as_array().unwrap().iter().map(|s| s["line"].as_u64().unwrap()).collect();
    let mut at = 0;
    let mut calls = Vec::new();
    let segments = w[0]["content"].as_array().unwrap();
    for seg in segments {
        let wp = &seg["segment"][0]["waypoint"];
        let line = wp["location"]["line"].as_u64().unwrap();
        assert_eq!(wp["location"]["file_name"], "svcomp_header.c");
        match wp["type"].as_str().unwrap() {
            "function_return" => assert_eq!(calls.pop(), Some(line)),
            kind => {
                let found = lines[at..].iter().position(|&l| l == line);
                assert!(found.is_some(), "{kind} waypoint at line {line} not in the trace after step {at}: {lines:?}");
                at += found.unwrap();
                if kind == "function_enter" {
                    calls.push(line);
                }
            }
        }
    }
    let last = &segments.last().unwrap()["segment"][0]["waypoint"];
    assert_eq!(last["type"], "target");
    // The target is the call of reach_error() in __VERIFIER_assert (line 8).
    assert_eq!(last["location"]["line"], 8);
    assert!(segments.iter().any(|s| s["segment"][0]["waypoint"]["type"] == "assumption"));

    // GraphML: keys declared, one entry and one violation node, edges between known nodes.
    let (code, _) = check(&dir, &["svcomp_header.c", "--witness", "w.graphml", "--witness-format", "graphml"]);
    assert_eq!(code, 10);
    let g = std::fs::read_to_string(dir.join("w.graphml")).unwrap();
    check_graphml(&g, "violation_witness");
    assert_eq!(g.matches("<data key=\"violation\">true</data>").count(), 1);
    let _ = std::fs::remove_dir_all(&dir);
}

fn check_graphml(g: &str, kind: &str) {
    assert!(g.starts_with("<?xml"));
    for key in [
        "witness-type",
        "sourcecodelang",
        "producer",
        "specification",
        "programfile",
        "programhash",
        "architecture",
        "creationtime",
        "entry",
        "violation",
        "startline",
        "control",
        "assumption",
        "enterFunction",
        "returnFromFunction",
        "invariant",
    ] {
        assert!(g.contains(&format!("id=\"{key}\"")), "key {key} declared");
    }
    assert!(g.contains(&format!("<data key=\"witness-type\">{kind}</data>")));
    assert_eq!(g.matches("<data key=\"entry\">true</data>").count(), 1);
    // Every data key used is declared; every edge joins declared nodes.
    let nodes: Vec<&str> = g.split("<node id=\"").skip(1).map(|s| &s[..s.find('"').unwrap()]).collect();
    for e in g.split("<edge source=\"").skip(1) {
        let src = &e[..e.find('"').unwrap()];
        let t = &e[e.find("target=\"").unwrap() + 8..];
        let tgt = &t[..t.find('"').unwrap()];
        assert!(nodes.contains(&src) && nodes.contains(&tgt), "edge {src} -> {tgt}");
    }
    for d in g.split("<data key=\"").skip(1) {
        let k = &d[..d.find('"').unwrap()];
        assert!(g.contains(&format!("id=\"{k}\"")), "data key {k} declared");
    }
    assert_eq!(g.matches("<graphml").count(), 1);
    assert!(g.trim_end().ends_with("</graphml>"));
}

#[test]
fn correctness_witness_has_invariants() {
    let dir = tmpdir("cw");
    copy_corpus(&dir, "do_while_retry.c");
    let (code, out) = check(&dir, &["do_while_retry.c", "--witness", "w.yml", "--format", "svcomp"]);
    assert_eq!(code, 0);
    assert_eq!(out.lines().next(), Some("TRUE"));
    let w = yaml_as_json(&dir.join("w.yml"));
    assert_schema("witness-2.0-correctness.schema.json", &w);
    let invs = w[0]["content"].as_array().unwrap();
    assert!(!invs.is_empty(), "a loop invariant from the proof: {w:#}");
    assert_eq!(invs[0]["invariant"]["type"], "loop_invariant");
    let (code, _) = check(&dir, &["do_while_retry.c", "--witness", "w.graphml", "--witness-format", "graphml"]);
    assert_eq!(code, 0);
    let g = std::fs::read_to_string(dir.join("w.graphml")).unwrap();
    check_graphml(&g, "correctness_witness");
    assert!(g.contains("<data key=\"invariant\">"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn sv_comp_task_files() {
    let dir = tmpdir("task");
    std::fs::create_dir_all(dir.join("tasks")).unwrap();
    std::fs::create_dir_all(dir.join("properties")).unwrap();
    std::fs::write(dir.join("properties/unreach-call.prp"), "CHECK( init(main()), LTL(G ! call(reach_error())) )\n")
        .unwrap();
    std::fs::write(dir.join("properties/valid-memsafety.prp"), "CHECK( init(main()), LTL(G valid-free) )\n").unwrap();
    std::fs::copy(root().join("corpus/c/svcomp_header.c"), dir.join("tasks/bug.c")).unwrap();
    std::fs::copy(root().join("corpus/c/do_while_retry.c"), dir.join("tasks/ok.c")).unwrap();
    let task = |file: &str, prp: &str, expected: bool| {
        format!(
            "format_version: '2.0'\ninput_files: '{file}'\nproperties:\n  - property_file: ../properties/{prp}\n    expected_verdict: {expected}\noptions:\n  language: C\n  data_model: ILP32\n"
        )
    };
    std::fs::write(dir.join("tasks/bug.yml"), task("bug.c", "unreach-call.prp", false)).unwrap();
    std::fs::write(dir.join("tasks/ok.yml"), task("ok.c", "unreach-call.prp", true)).unwrap();
    std::fs::write(dir.join("tasks/mem.yml"), task("ok.c", "valid-memsafety.prp", true)).unwrap();
    let (code, out) = check(&dir, &["tasks/bug.yml", "--format", "svcomp"]);
    assert_eq!((code, out.lines().next()), (10, Some("FALSE(unreach-call)")));
    let (code, out) = check(&dir, &["tasks/ok.yml", "--format", "svcomp"]);
    assert_eq!((code, out.lines().next()), (0, Some("TRUE")));
    let (code, out) = check(&dir, &["tasks/mem.yml", "--format", "svcomp"]);
    assert_eq!((code, out.lines().next()), (5, Some("UNKNOWN")));
    let _ = std::fs::remove_dir_all(&dir);
}

/// SV-COMP ships preprocessed `.i` files, many for i386: `slam check x.i --ilp32` and a task
/// file with `data_model: ILP32` naming the `.i` both work, with locations in the `.i`.
#[test]
fn sv_comp_preprocessed_ilp32_tasks() {
    let dir = tmpdir("task-i");
    std::fs::create_dir_all(dir.join("properties")).unwrap();
    std::fs::write(dir.join("properties/unreach-call.prp"), "CHECK( init(main()), LTL(G ! call(reach_error())) )\n")
        .unwrap();
    std::fs::copy(root().join("corpus/c/input_preprocessed_ilp32.i"), dir.join("down.i")).unwrap();
    let (code, out) = check(&dir, &["down.i", "--ilp32", "--format", "svcomp"]);
    assert_eq!((code, out.lines().next()), (10, Some("FALSE(unreach-call)")), "{out}");
    std::fs::write(
        dir.join("down.yml"),
        "format_version: '2.0'\ninput_files: 'down.i'\nproperties:\n  - property_file: properties/unreach-call.prp\n    expected_verdict: false\noptions:\n  language: C\n  data_model: ILP32\n",
    )
    .unwrap();
    let (code, out) = check(&dir, &["down.yml", "--format", "json"]);
    assert_eq!(code, 10, "{out}");
    let j: Value = serde_json::from_str(&out).unwrap();
    // the error site is a line of the .i (where `reach_error();` is), not of the original .c
    let text = std::fs::read_to_string(dir.join("down.i")).unwrap();
    let line = text.lines().position(|l| l.contains("k == 4")).unwrap() + 1;
    let err = j.pointer("/counterexample/error").or_else(|| j.get("error")).cloned().unwrap_or(Value::Null);
    let found = format!("{j}");
    assert!(
        found.contains(&format!("\"line\":{line}")) && found.contains("down.i"),
        "line {line} of down.i expected: {err}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// The property: `--property`, and a task's unreach-call property, make a failed `assert` end
/// the run like `abort()` (only `reach_error()` is the error); by default a program without
/// `reach_error` checks its assertions.
#[test]
fn property_flag_and_task_property() {
    let dir = tmpdir("property");
    copy_corpus(&dir, "assert_glibc.c");
    let (code, _) = check(&dir, &["assert_glibc.c"]);
    assert_eq!(code, 10);
    let (code, _) = check(&dir, &["assert_glibc.c", "--property", "assertions"]);
    assert_eq!(code, 10);
    let (code, out) = check(&dir, &["assert_glibc.c", "--property", "unreach-call"]);
    assert_eq!(code, 0, "{out}");
    std::fs::write(dir.join("unreach-call.prp"), "CHECK( init(main()), LTL(G ! call(reach_error())) )\n").unwrap();
    std::fs::write(
        dir.join("t.yml"),
        "format_version: '2.0'\ninput_files: 'assert_glibc.c'\nproperties:\n  - property_file: unreach-call.prp\n    expected_verdict: true\n",
    )
    .unwrap();
    let (code, out) = check(&dir, &["t.yml", "--format", "svcomp"]);
    assert_eq!((code, out.lines().next()), (0, Some("TRUE")));
    let _ = std::fs::remove_dir_all(&dir);
}

fn has_temp(text: &str) -> bool {
    text.match_indices("__t").any(|(i, _)| text[i + 3..].chars().next().is_some_and(|c| c.is_ascii_digit()))
}

#[test]
fn json_lists_every_input_and_no_temporaries() {
    let dir = tmpdir("inputs");
    copy_corpus(&dir, "svcomp_header.c");
    copy_corpus(&dir, "alias_bug.c");
    // `int x = __VERIFIER_nondet_int();`: the input is named by the variable.
    let (code, out) = check(&dir, &["svcomp_header.c", "--format", "json"]);
    assert_eq!(code, 10);
    let r: Value = serde_json::from_str(&out).unwrap();
    let inputs = r["counterexample"]["inputs"].as_array().unwrap();
    assert_eq!(inputs.len(), 1, "{inputs:?}");
    assert_eq!(inputs[0]["name"], "x");
    let x = inputs[0]["value"].as_i64().unwrap();
    assert!(x > 10, "the bug needs x > 10: {x}");
    // A nondet value inside an expression (`nondet() ? &x : &y`): named by its source; the
    // predicates over the front end's temporary for the `?:` are counted, not shown.
    let (code, out) = check(&dir, &["alias_bug.c", "--format", "json"]);
    assert_eq!(code, 10);
    let r: Value = serde_json::from_str(&out).unwrap();
    let inputs = r["counterexample"]["inputs"].as_array().unwrap();
    assert!(inputs.iter().any(|i| i["name"] == "__VERIFIER_nondet_int()" && i["value"] != 0), "{inputs:?}");
    assert!(!has_temp(&out), "{out}");
    assert!(r["internal_predicates"].as_u64().unwrap() >= 1, "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn property_files_slam_does_not_check_are_unknown() {
    let dir = tmpdir("prp");
    copy_corpus(&dir, "svcomp_header.c");
    std::fs::write(dir.join("unreach-call.prp"), "CHECK( init(main()), LTL(G ! call(reach_error())) )\n").unwrap();
    std::fs::write(dir.join("memsafety.prp"), "CHECK( init(main()), LTL(G valid-free) )\n").unwrap();
    std::fs::write(dir.join("empty.prp"), "\n").unwrap();
    let (code, out) = check(&dir, &["svcomp_header.c", "--format", "svcomp", "--property", "unreach-call.prp"]);
    assert_eq!((code, out.lines().next()), (10, Some("FALSE(unreach-call)")));
    let (code, out) = check(&dir, &["svcomp_header.c", "--format", "svcomp", "--property", "memsafety.prp"]);
    assert_eq!((code, out.lines().next()), (5, Some("UNKNOWN")));
    // A SLIC rule is no SV-COMP property: its violation is a bare FALSE.
    let c = root().join("corpus/check/callee_magic_ioctl.c");
    let rule = root().join("specs/spinlock.slic");
    let (code, out) = check(&dir, &[c.to_str().unwrap(), "--rule", rule.to_str().unwrap(), "--format", "svcomp"]);
    assert_eq!((code, out.lines().next()), (10, Some("FALSE")), "{out}");
    let (code, _) = check(&dir, &["svcomp_header.c", "--property", "empty.prp"]);
    assert_eq!(code, 2);
    let (code, _) = check(&dir, &["svcomp_header.c", "--property", "missing.prp"]);
    assert_eq!(code, 2);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn error_label_reachability() {
    let dir = tmpdir("label");
    std::fs::write(
        dir.join("lab.c"),
        "extern int __VERIFIER_nondet_int(void);\nint main(void) {\n  int x = __VERIFIER_nondet_int();\n  int y = 0;\n  if (x > 5) y = 1;\n  if (y && x < 3) {\n  ERROR: return 1;\n  }\n  if (x == 7) {\n  TARGET: y = 2;\n  }\n  return 0;\n}\n",
    )
    .unwrap();
    let (code, _) = check(&dir, &["lab.c", "--error-label", "ERROR"]);
    assert_eq!(code, 0, "ERROR is unreachable");
    let (code, out) = check(&dir, &["lab.c", "--error-label", "TARGET", "--format", "json", "--witness", "w.yml"]);
    assert_eq!(code, 10);
    // The witness claims the label's property, not unreach-call.
    let w = yaml_as_json(&dir.join("w.yml"));
    assert_schema("witness-2.0-violation.schema.json", &w);
    assert_eq!(w[0]["metadata"]["task"]["specification"], "G ! label(TARGET)");
    let r: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(r["counterexample"]["message"], "label TARGET reached");
    assert_eq!(r["counterexample"]["inputs"][0]["value"], 7);
    let (code, _) = check(&dir, &["lab.c", "--error-label", "NOPE"]);
    assert_eq!(code, 2, "a label that is not there is an input error");
    // The unreach-label property of older tasks.
    std::fs::write(dir.join("label.prp"), "CHECK( init(main()), LTL(G ! label(TARGET)) )\n").unwrap();
    let (code, out) = check(&dir, &["lab.c", "--property", "label.prp", "--format", "svcomp"]);
    assert_eq!((code, out.lines().next()), (10, Some("FALSE(unreach-label)")), "the label's property, in its words");
    let (code, out) = check(&dir, &["lab.c", "--error-label", "TARGET", "--format", "svcomp"]);
    assert_eq!((code, out.lines().next()), (10, Some("FALSE(unreach-label)")));
    std::fs::write(dir.join("label.prp"), "CHECK( init(main()), LTL(G ! label(ERROR)) )\n").unwrap();
    let (code, out) = check(&dir, &["lab.c", "--property", "label.prp", "--format", "svcomp"]);
    assert_eq!((code, out.lines().next()), (0, Some("TRUE")));
    let _ = std::fs::remove_dir_all(&dir);
}

/// The HTML report in words: the rule's description, its state by name with the meaning of
/// its variables, codes in hex as well as decimal, every value one unbreakable token.
#[test]
fn html_report_explains_the_rule_and_shows_codes_in_hex() {
    let dir = tmpdir("html-rule");
    let c = root().join("corpus/check/callee_magic_ioctl.c");
    let rule = root().join("specs/spinlock.slic");
    let (code, _) = check(&dir, &[c.to_str().unwrap(), "--rule", rule.to_str().unwrap(), "--html", "r.html"]);
    assert_eq!(code, 10);
    let html = std::fs::read_to_string(dir.join("r.html")).unwrap();
    assert!(html.contains("KeAcquireSpinLock and KeReleaseSpinLock alternate on every spin lock"), "description");
    // the rule's state by name, and what its variables are
    assert!(html.contains("slic_s := locked (1)") && html.contains("slic_s = unlocked (0)"), "state names");
    assert!(html.contains("<code>slic_s</code>: the rule&#39;s state `s` (0: unlocked, 1: locked)"));
    assert!(html.contains("<code>slic_obj</code>: the object the rule tracks (argument 1 of KeAcquireSpinLock"));
    // the IOCTL code in hex too, in the inputs and on the trace
    assert!(html.contains("<code class=\"v\">code = 2236419 (0x222003)</code>"), "inputs");
    assert!(html.contains("<span class=\"v\">code = 2236419 (0x222003)</span>"), "trace");
    // a step's line (number, source, place) does not wrap; its values wrap between tokens only
    assert!(
        html.contains(".step{white-space:nowrap}.step .vals{display:block;white-space:normal}.v{white-space:nowrap}")
    );
    let steps = page_steps(&html);
    let shown: Vec<&str> =
        steps.iter().flat_map(|s| s["shown"].as_array().unwrap()).map(|v| v.as_str().unwrap()).collect();
    assert!(shown.contains(&"locked (1)") && shown.contains(&"2236419 (0x222003)"), "{shown:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The SAFE page says what was proved and shows the program, the loops' invariants marked.
#[test]
fn html_safe_page_says_what_was_proved_and_shows_the_source() {
    let dir = tmpdir("html-safe");
    copy_corpus(&dir, "do_while_retry.c");
    let (code, _) = check(&dir, &["do_while_retry.c", "--html", "r.html"]);
    assert_eq!(code, 0);
    let html = std::fs::read_to_string(dir.join("r.html")).unwrap();
    assert!(html.contains("The property holds: No call of reach_error()"), "what was proved");
    let src = &html[html.find("<section id=\"source\">").expect("the source")..];
    let text = std::fs::read_to_string(dir.join("do_while_retry.c")).unwrap();
    assert_eq!(src.matches("<div class=\"ln").count(), text.lines().count(), "every line shown");
    let inv = &src[src.find("class=\"ln inv\"").expect("a loop's line marked")..];
    let line: usize = inv[inv.find("id=\"L0-").unwrap() + 7..].split('"').next().unwrap().parse().unwrap();
    let l = text.lines().nth(line - 1).unwrap().trim_start();
    assert!(l.starts_with("do") || l.starts_with("while") || l.starts_with("for") || l.contains("while"), "{l}");
    assert!(inv.contains("title=\"loop invariant: "), "{}", &inv[..200]);
    // With a rule: the rule's description.
    let c = root().join("corpus/check/spinlock_loop.c");
    let rule = root().join("specs/spinlock.slic");
    let (code, _) = check(&dir, &[c.to_str().unwrap(), "--rule", rule.to_str().unwrap(), "--html", "s.html"]);
    assert_eq!(code, 0);
    let html = std::fs::read_to_string(dir.join("s.html")).unwrap();
    assert!(html.contains("The property holds: spinlock.slic — KeAcquireSpinLock and KeReleaseSpinLock alternate"));
    assert!(html.contains("<section id=\"source\">") && html.contains("spinlock_loop.c"));
    let _ = std::fs::remove_dir_all(&dir);
}
