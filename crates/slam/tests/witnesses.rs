//! Every witness the corpus produces, checked the way the SV-COMP validators read it: the
//! YAML format 2.0 against its schema (`tests/schemas`) and as a YAML 1.1 loader sees it, the
//! locations at the points validators match; GraphML 1.0 with witnesslint's checks (its key
//! table is vendored in `tests/data`, see `tests/data/ORIGIN.md`).

use serde_json::Value;
use sha2::{Digest, Sha256};
use std::path::{Path, PathBuf};
use std::process::Command;

mod common;
use common::root;

/// A corpus program: its path, the rule its header names (`// rule: specs/x.slic`) and the
/// engine that checks it: CEGAR for `corpus/c` and `corpus/check` (deterministic: the
/// portfolio's answer depends on which engine is first), the search for the deep bugs of
/// `corpus/search` (its counterexamples are witnessed too).
struct Program {
    path: PathBuf,
    rule: Option<PathBuf>,
    engine: &'static str,
    ilp32: bool,
}

fn corpus() -> Vec<Program> {
    let mut out = Vec::new();
    for (dir, engine) in [("corpus/c", "cegar"), ("corpus/check", "cegar"), ("corpus/search", "search")] {
        for path in common::c_files(&root().join(dir), false) {
            let text = std::fs::read_to_string(&path).unwrap();
            // Programs expected to be UNKNOWN give no witness.
            if text.lines().any(|l| l.trim() == "// expect: UNKNOWN") {
                continue;
            }
            if engine == "search" && !text.lines().any(|l| l.trim() == "// expect: VIOLATION") {
                continue;
            }
            let rule = text.lines().find_map(|l| l.strip_prefix("// rule:")).map(|r| root().join(r.trim()));
            let ilp32 = text.lines().take(15).any(|l| l.trim() == "// data_model: ILP32");
            out.push(Program { path, rule, engine, ilp32 });
        }
    }
    out
}

fn sha256(bytes: &[u8]) -> String {
    Sha256::digest(bytes).iter().map(|b| format!("{b:02x}")).collect()
}

/// Run `slam check` in the program's directory; the witness text, if one was written.
fn witness(p: &Program, format: &str, out: &Path) -> Option<String> {
    let _ = std::fs::remove_file(out);
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_slam"));
    cmd.current_dir(p.path.parent().unwrap())
        .arg("check")
        .arg(p.path.file_name().unwrap())
        .args(["--timeout", "60", "--witness"])
        .arg(out)
        .args(["--witness-format", format, "--engine", p.engine]);
    if p.ilp32 {
        cmd.arg("--ilp32");
    }
    if let Some(r) = &p.rule {
        cmd.arg("--rule").arg(r);
    }
    let o = cmd.output().unwrap();
    let code = o.status.code().unwrap_or(-1);
    let stderr = String::from_utf8_lossy(&o.stderr);
    match std::fs::read_to_string(out) {
        Ok(t) => {
            assert!(code == 0 || code == 10, "{}: a witness for exit {code}", p.path.display());
            Some(t)
        }
        Err(_) => {
            // No witness: UNKNOWN, or SAFE without an invariant worth stating — said on stderr.
            assert!(stderr.contains("not written"), "{}: no witness and no note: {stderr}", p.path.display());
            assert!(code != 10, "{}: a violation always has a witness", p.path.display());
            None
        }
    }
}

fn schema(name: &str) -> jsonschema::JSONSchema {
    let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/schemas").join(name)).unwrap();
    jsonschema::JSONSchema::compile(&serde_json::from_str(&text).unwrap()).expect("schema compiles")
}

/// Byte offset of a 1-based line and column.
fn offset(text: &str, line: u64, col: u64) -> usize {
    let start: usize = text.split_inclusive('\n').take(line as usize - 1).map(str::len).sum();
    start + col as usize - 1
}

/// The text before `at`, without trailing white space and comments.
fn before(text: &str, at: usize) -> &str {
    let mut t = text[..at].trim_end();
    loop {
        if t.ends_with("*/") {
            t = t[..t.rfind("/*").unwrap()].trim_end();
        } else if let Some(nl) = t.rfind('\n') {
            let last = &t[nl + 1..];
            match last.find("//") {
                Some(c) if !last[..c].contains('"') => t = t[..nl + 1 + c].trim_end(),
                _ => return t,
            }
        } else {
            return t;
        }
    }
}

fn is_temp_or_ghost(c: &str) -> bool {
    c.contains("slic_")
        || c.contains('$')
        || c.match_indices("__t").any(|(i, _)| c[i + 3..].chars().next().is_some_and(|d| d.is_ascii_digit()))
}

fn check_yaml(p: &Program, text: &str) -> (usize, usize) {
    let name = p.path.file_name().unwrap().to_string_lossy().into_owned();
    let src = std::fs::read_to_string(&p.path).unwrap();
    // A YAML 1.1 loader reads an unquoted date as a timestamp; the schema wants a string.
    let ct = text.lines().find(|l| l.trim_start().starts_with("creation_time:")).expect("creation_time");
    let v = ct.split_once(':').unwrap().1.trim();
    assert!(v.starts_with('\'') || v.starts_with('"'), "{name}: creation_time not quoted: {ct}");
    let w: Value = serde_yaml::from_str(text).unwrap();
    let entry = &w[0];
    let violation = entry["entry_type"] == "violation_sequence";
    let compiled =
        schema(if violation { "witness-2.0-violation.schema.json" } else { "witness-2.0-correctness.schema.json" });
    if let Err(errors) = compiled.validate(&w) {
        let msgs: Vec<String> = errors.map(|e| format!("{e} at {}", e.instance_path)).collect();
        panic!("{name}: witness does not match the schema: {msgs:#?}\n{text}");
    }
    let content = entry["content"].as_array().unwrap();
    assert!(!content.is_empty(), "{name}: empty content");
    // The task: the C file checked, hashed.
    let task = &entry["metadata"]["task"];
    assert_eq!(task["input_files"], serde_json::json!([name]), "{name}");
    assert_eq!(task["input_file_hashes"][&name].as_str(), Some(sha256(src.as_bytes()).as_str()), "{name}");
    if p.rule.is_some() {
        assert_ne!(task["specification"], "G ! call(reach_error())", "{name}: a rule check is not unreach-call");
    } else {
        assert_eq!(task["specification"], "G ! call(reach_error())", "{name}");
    }
    let check_loc = |kind: &str, loc: &Value| {
        assert_eq!(loc["file_name"].as_str(), Some(name.as_str()), "{name}: {kind} in another file");
        let at = offset(&src, loc["line"].as_u64().unwrap(), loc["column"].as_u64().unwrap());
        let here = &src[at..];
        match kind {
            "loop_invariant" => assert!(
                ["while", "for", "do"].iter().any(|k| here.starts_with(k)),
                "{name}: loop invariant not at a loop keyword: {:?}",
                &here[..here.len().min(30)]
            ),
            "function_enter" | "function_return" => {
                assert!(here.starts_with(')'), "{name}: {kind} not at a call's `)`: {:?}", &here[..here.len().min(30)])
            }
            "assumption" | "target" | "location_invariant" => {
                let b = before(&src, at);
                assert!(
                    b.ends_with([';', '{', '}', ':', ')']) || b.ends_with("else") || b.ends_with("do"),
                    "{name}: {kind} not at a statement's start: …{:?} | {:?}",
                    &b[b.len().saturating_sub(30)..],
                    &here[..here.len().min(30)]
                );
                assert!(!here.starts_with(['=', '(', ')']), "{name}: {kind} inside a statement");
            }
            _ => {}
        }
    };
    let mut n = (0, 0);
    if violation {
        // Format 2.0: a segment is avoid waypoints then exactly one follow waypoint; the
        // target ends the final segment and appears nowhere else.
        for (i, seg) in content.iter().enumerate() {
            let seg = seg["segment"].as_array().unwrap();
            let (last, rest) = seg.split_last().unwrap();
            assert_eq!(last["waypoint"]["action"], "follow", "{name}: segment {i} does not end with follow");
            assert!(rest.iter().all(|w| w["waypoint"]["action"] == "avoid"), "{name}: segment {i}");
            let final_segment = i + 1 == content.len();
            assert_eq!(last["waypoint"]["type"] == "target", final_segment, "{name}: target in segment {i}");
            assert!(rest.iter().all(|w| w["waypoint"]["type"] != "target"), "{name}: segment {i}");
        }
        let wps: Vec<&Value> = content.iter().map(|s| &s["segment"][0]["waypoint"]).collect();
        assert_eq!(wps.iter().filter(|w| w["type"] == "target").count(), 1, "{name}");
        assert_eq!(wps.last().unwrap()["type"], "target", "{name}");
        for w in &wps {
            let kind = w["type"].as_str().unwrap();
            check_loc(kind, &w["location"]);
            if let Some(c) = w["constraint"]["value"].as_str() {
                assert!(!is_temp_or_ghost(c), "{name}: {c}");
            }
            if kind == "function_return" {
                if let Some(c) = w["constraint"]["value"].as_str() {
                    assert!(c.starts_with("\\result"), "{name}: {c}");
                }
            }
        }
        n.0 += 1;
    } else {
        for inv in content {
            let inv = &inv["invariant"];
            check_loc(inv["type"].as_str().unwrap(), &inv["location"]);
            let v = inv["value"].as_str().unwrap();
            assert!(!is_temp_or_ghost(v) && v != "1", "{name}: {v}");
        }
        n.1 += 1;
    }
    n
}

/// witnesslint's checks of a GraphML witness (those that do not need a C parser).
fn check_graphml(p: &Program, g: &str) {
    let name = p.path.file_name().unwrap().to_string_lossy().into_owned();
    let src = std::fs::read_to_string(&p.path).unwrap();
    let table =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/witnesslint-graphml-keys.txt"))
            .unwrap();
    let known: Vec<(&str, &str)> = table
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.split_once(' ').unwrap())
        .collect();
    let attr = |tag: &str, a: &str| -> Option<String> {
        let k = format!("{a}=\"");
        let i = tag.find(&k)? + k.len();
        Some(tag[i..i + tag[i..].find('"')?].to_string())
    };
    // Keys: defined once, for the element witnesslint expects.
    let mut defined = Vec::new();
    for k in g.split("<key ").skip(1) {
        let tag = &k[..k.find('>').unwrap()];
        let (id, dom) = (attr(tag, "id").unwrap(), attr(tag, "for").unwrap());
        let want = known.iter().find(|(n, _)| *n == id).map(|(_, d)| *d);
        assert_eq!(want, Some(dom.as_str()), "{name}: key {id} for {dom}");
        assert!(!defined.contains(&id), "{name}: key {id} defined twice");
        defined.push(id);
    }
    let data = |key: &str| -> Vec<String> {
        let open = format!("<data key=\"{key}\">");
        g.split(&open).skip(1).map(|d| d[..d.find("</data>").unwrap()].to_string()).collect()
    };
    for d in g.split("<data key=\"").skip(1) {
        let k = &d[..d.find('"').unwrap()];
        assert!(defined.iter().any(|x| x == k), "{name}: data key {k} not defined");
    }
    let kind = data("witness-type");
    assert_eq!(kind.len(), 1, "{name}");
    assert_eq!(data("sourcecodelang"), vec!["C"], "{name}");
    assert_eq!(data("programfile"), vec![name.clone()], "{name}: programfile");
    assert_eq!(data("programhash"), vec![sha256(src.as_bytes())], "{name}: programhash");
    let arch = data("architecture");
    assert!(arch == ["32bit"] || arch == ["64bit"], "{name}: {arch:?}");
    let ct = data("creationtime");
    assert_eq!(ct.len(), 1);
    let c = ct[0].as_bytes();
    assert!(c.len() >= 19 && c[4] == b'-' && c[7] == b'-' && c[10] == b'T' && c[13] == b':', "{name}: {ct:?}");
    let spec = data("specification");
    assert_eq!(spec.len(), 1);
    if p.rule.is_none() {
        assert_eq!(spec[0], "CHECK( init(main()), LTL(G ! call(reach_error())) )", "{name}");
    } else {
        assert!(!spec[0].contains("reach_error"), "{name}: {spec:?}");
    }
    // Nodes unique, one entry; edges between nodes.
    let nodes: Vec<String> = g.split("<node id=\"").skip(1).map(|s| s[..s.find('"').unwrap()].to_string()).collect();
    let mut uniq = nodes.clone();
    uniq.sort();
    uniq.dedup();
    assert_eq!(uniq.len(), nodes.len(), "{name}: duplicate node ids");
    assert_eq!(data("entry"), vec!["true"], "{name}");
    for e in g.split("<edge ").skip(1) {
        let tag = &e[..e.find('>').unwrap()];
        for end in ["source", "target"] {
            let n = attr(tag, end).unwrap();
            assert!(nodes.contains(&n), "{name}: edge {end} {n} is not a node");
        }
    }
    let lines = src.lines().count() as u64;
    for l in data("startline") {
        let l: u64 = l.parse().unwrap();
        assert!((1..=lines).contains(&l), "{name}: startline {l}");
    }
    // Nodes are declared before an edge names them (witnesslint reads in document order).
    for e in g.split("<edge ").skip(1).map(|e| &e[..e.find('>').unwrap()]) {
        let at = g.find(&format!("<edge {e}>")).unwrap();
        for end in ["source", "target"] {
            let n = attr(e, end).unwrap();
            let decl = g.find(&format!("<node id=\"{n}\"")).unwrap();
            assert!(decl < at, "{name}: edge to {n} before the node");
        }
    }
    // witnesslint --checkCallstack: each returnFromFunction returns from the innermost
    // function entered and not yet returned from.
    let mut stack: Vec<String> = Vec::new();
    for e in g.split("<edge ").skip(1) {
        let body = &e[..e.find("</edge>").unwrap()];
        let value = |key: &str| {
            let open = format!("<data key=\"{key}\">");
            body.find(&open).map(|i| body[i + open.len()..].split("</data>").next().unwrap().to_string())
        };
        if let Some(f) = value("enterFunction") {
            stack.push(f);
        }
        if let Some(f) = value("returnFromFunction") {
            assert_eq!(stack.pop().as_deref(), Some(f.as_str()), "{name}: return from {f} not the innermost call");
        }
    }
    if kind[0] == "violation_witness" {
        assert_eq!(data("violation"), vec!["true"], "{name}");
        // The violation node ends the path: no edge leaves it.
        let vnode = g[..g.find("<data key=\"violation\">true").unwrap()].rsplit("<node id=\"").next().unwrap();
        let vnode = &vnode[..vnode.find('"').unwrap()];
        assert!(!g.contains(&format!("<edge source=\"{vnode}\"")), "{name}: an edge leaves the violation node");
        for a in data("assumption") {
            assert!(a.ends_with(';') && !is_temp_or_ghost(&a), "{name}: {a}");
        }
    } else {
        assert_eq!(kind[0], "correctness_witness");
        assert!(!data("invariant").is_empty(), "{name}: a correctness witness without invariants");
    }
}

#[test]
fn every_corpus_witness_validates() {
    let progs = corpus();
    let dir = std::env::temp_dir().join(format!("slam-witnesses-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // Two workers: the machine is shared.
    let chunks: Vec<Vec<&Program>> = {
        let mut c = vec![Vec::new(), Vec::new()];
        for (i, p) in progs.iter().enumerate() {
            c[i % 2].push(p);
        }
        c
    };
    let counts: Vec<(usize, usize, usize)> = std::thread::scope(|s| {
        let handles: Vec<_> = chunks
            .iter()
            .enumerate()
            .map(|(w, chunk)| {
                let dir = &dir;
                s.spawn(move || {
                    let mut n = (0, 0, 0);
                    for p in chunk {
                        let y = dir.join(format!("w{w}.yml"));
                        let mut violations = 0;
                        if let Some(text) = witness(p, "yaml", &y) {
                            let (v, c) = check_yaml(p, &text);
                            violations = v;
                            n.0 += v;
                            n.1 += c;
                        }
                        let g = dir.join(format!("w{w}.graphml"));
                        match witness(p, "graphml", &g) {
                            Some(text) => {
                                check_graphml(p, &text);
                                n.2 += 1;
                            }
                            // (a SAFE may come from the portfolio's CEGAR loop, with
                            // invariants, in one run and from the search, without, in the
                            // other: only a violation's witness is certain)
                            None => {
                                assert_eq!(violations, 0, "{}: a violation without a GraphML witness", p.path.display())
                            }
                        }
                    }
                    n
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    let (v, c, g) = counts.iter().fold((0, 0, 0), |a, b| (a.0 + b.0, a.1 + b.1, a.2 + b.2));
    println!("{v} violation and {c} correctness witnesses (YAML), {g} GraphML witnesses checked");
    assert!(v >= 20 && c >= 3 && g >= v, "too few witnesses: {v} {c} {g}");
    let _ = std::fs::remove_dir_all(&dir);
}
