//! Every boolean program of `corpus/bp/`: the claims in its header (`// expect: reachable L`,
//! `// expect: unreachable L`, `// expect: error reachable`, `// expect: error unreachable`)
//! hold for Bebop under every option combination and for the explicit checker; Bebop agrees
//! with the explicit checker on every vertex; and every trace replays and is shortest.

use bebop::{check, explicit, Options};
use bp::cfg::Cfg;
use std::path::PathBuf;

#[derive(Debug)]
enum Claim {
    Label(String, bool),
    Error(bool),
}

fn claims(src: &str) -> Result<Vec<Claim>, String> {
    let mut out = Vec::new();
    for line in src.lines() {
        let Some(rest) = line.trim().strip_prefix("// expect:") else {
            continue;
        };
        let words: Vec<&str> = rest.split_whitespace().collect();
        out.push(match words.as_slice() {
            ["error", "reachable", ..] => Claim::Error(true),
            ["error", "unreachable", ..] => Claim::Error(false),
            ["reachable", l, ..] => Claim::Label(l.to_string(), true),
            ["unreachable", l, ..] => Claim::Label(l.to_string(), false),
            _ => return Err(format!("cannot read the claim `{line}`")),
        });
    }
    if out.is_empty() {
        return Err("no `// expect:` claim".into());
    }
    Ok(out)
}

fn corpus_files() -> Vec<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../corpus/bp");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("corpus/bp exists")
        .map(|e| e.expect("a directory entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "bp"))
        .collect();
    files.sort();
    files
}

fn all_options() -> Vec<Options> {
    let mut v = Vec::new();
    for live_ranges in [true, false] {
        for mod_ref in [true, false] {
            v.push(Options { live_ranges, mod_ref, cancel: None });
        }
    }
    v
}

/// Whether a claim holds, given per-vertex reachability.
fn claim_holds(cfg: &Cfg, c: &Claim, reach: &dyn Fn(usize) -> bool) -> Result<bool, String> {
    match c {
        Claim::Label(l, want) => {
            let nodes = cfg.label_nodes(l);
            if nodes.is_empty() {
                return Err(format!("no label `{l}`"));
            }
            Ok(nodes.iter().any(|&n| reach(n)) == *want)
        }
        Claim::Error(want) => Ok(cfg.procs.iter().any(|p| reach(p.err)) == *want),
    }
}

fn check_file(src: &str) -> Result<(), String> {
    let claims = claims(src)?;
    let (prog, cfg) = bp::load(src).map_err(|e| format!("rejected: {e:?}"))?;
    if bp::parse(&bp::print(&prog)).as_ref() != Ok(&prog) {
        return Err("print/parse round trip changes the program".into());
    }
    let reference = explicit::analyse(&cfg);
    let reach = reference.reachable();
    let dist = reference.shortest_distances();
    for c in &claims {
        if !claim_holds(&cfg, c, &|n| reach[n])? {
            return Err(format!("explicit checker: {c:?} does not hold"));
        }
    }
    let mut targets: Vec<usize> = cfg.labels.iter().map(|(_, _, n)| *n).collect();
    targets.extend(cfg.procs.iter().map(|p| p.err));
    for opts in all_options() {
        let mut an = check(&cfg, &opts);
        for c in &claims {
            if !claim_holds(&cfg, c, &|n| an.is_reachable(n))? {
                return Err(format!("bebop {opts:?}: {c:?} does not hold"));
            }
        }
        for (v, &r) in reach.iter().enumerate() {
            if an.is_reachable(v) != r {
                return Err(format!("bebop {opts:?} and the explicit checker disagree on vertex {v}"));
            }
        }
        for &t in &targets {
            let Some(tr) = an.trace_to(&[t]) else {
                if reach[t] {
                    return Err(format!("bebop {opts:?}: no trace to reachable vertex {t}"));
                }
                continue;
            };
            if tr.steps.last().map(|s| s.node) != Some(t) {
                return Err(format!("bebop {opts:?}: the trace to vertex {t} ends elsewhere"));
            }
            explicit::replay(&cfg, &tr)
                .map_err(|e| format!("bebop {opts:?}: the trace to {t} does not replay: {e}"))?;
            let len = explicit::hierarchical_len(&cfg, &tr);
            if Some(len) != dist[t] {
                return Err(format!("bebop {opts:?}: the trace to {t} has {len} steps, shortest {:?}", dist[t]));
            }
        }
    }
    Ok(())
}

#[test]
fn every_corpus_claim_holds() {
    let files = corpus_files();
    assert!(files.len() >= 25, "only {} corpus programs", files.len());
    let mut failures = Vec::new();
    for f in &files {
        let src = std::fs::read_to_string(f).expect("readable corpus file");
        if let Err(e) = check_file(&src) {
            failures.push(format!("{}: {e}", f.display()));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
