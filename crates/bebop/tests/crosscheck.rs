//! Bebop against the explicit-state reference checker on generated boolean programs.
//!
//! `SLAM_SEED=n cargo test -p bebop --test crosscheck` replays one seed (and prints its
//! program); `SLAM_CROSSCHECK_N=k` changes the number of programs.

use bebop::{check, explicit, Options};
use bp::cfg::{Cfg, NodeKind};

fn all_options() -> Vec<Options> {
    let mut v = Vec::new();
    for live_ranges in [true, false] {
        for mod_ref in [true, false] {
            v.push(Options { live_ranges, mod_ref, cancel: None });
        }
    }
    v
}

fn describe(cfg: &Cfg, v: usize) -> String {
    let n = &cfg.nodes[v];
    format!("vertex {v} `{}` of {} (labels {:?})", n.text, cfg.procs[n.proc].name, n.labels)
}

/// Everything checked for one generated program.
fn check_seed(seed: u64) -> Result<(), String> {
    let prog = bp::gen::program(seed);
    let text = bp::print(&prog);
    match bp::parse(&text) {
        Ok(back) if back == prog => {}
        Ok(_) => return Err("the printed program parses back to a different program".into()),
        Err(e) => return Err(format!("the printed program does not parse: {e}")),
    }
    let cfg = bp::cfg::build(&prog).map_err(|e| format!("the generated program is rejected: {e:?}"))?;
    let reference = explicit::analyse(&cfg);
    let reach = reference.reachable();
    let dist = reference.shortest_distances();
    for (v, d) in dist.iter().enumerate() {
        if d.is_some() != reach[v] {
            return Err(format!("explicit BFS and RHS disagree on {}", describe(&cfg, v)));
        }
    }
    // Targets for traces: labelled vertices and Err vertices.
    let mut targets: Vec<usize> = cfg.labels.iter().map(|(_, _, n)| *n).collect();
    targets.extend(cfg.procs.iter().map(|p| p.err));
    targets.sort_unstable();
    targets.dedup();
    for opts in all_options() {
        let mut an = check(&cfg, &opts);
        for (v, &r) in reach.iter().enumerate() {
            if an.is_reachable(v) != r {
                return Err(format!(
                    "{opts:?}: bebop says {} is {}reachable, the explicit checker says {}reachable",
                    describe(&cfg, v),
                    if an.is_reachable(v) { "" } else { "un" },
                    if r { "" } else { "un" }
                ));
            }
        }
        for &v in &targets {
            let t = an.trace_to(&[v]);
            match (reach[v], t) {
                (false, None) => {}
                (false, Some(_)) => return Err(format!("{opts:?}: a trace to unreachable {}", describe(&cfg, v))),
                (true, None) => return Err(format!("{opts:?}: no trace to reachable {}", describe(&cfg, v))),
                (true, Some(t)) => {
                    if t.steps.last().map(|s| s.node) != Some(v) {
                        return Err(format!("{opts:?}: the trace to {} ends elsewhere", describe(&cfg, v)));
                    }
                    explicit::replay(&cfg, &t)
                        .map_err(|e| format!("{opts:?}: the trace to {} does not replay: {e}", describe(&cfg, v)))?;
                    let len = explicit::hierarchical_len(&cfg, &t);
                    if Some(len) != dist[v] {
                        return Err(format!(
                            "{opts:?}: the trace to {} has {len} hierarchical steps, the shortest has {:?}",
                            describe(&cfg, v),
                            dist[v]
                        ));
                    }
                }
            }
        }
    }
    Ok(())
}

fn check_caught(seed: u64) -> Result<(), String> {
    std::panic::catch_unwind(|| check_seed(seed)).unwrap_or_else(|p| {
        let msg = p.downcast_ref::<String>().cloned().or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()));
        Err(format!("panic: {}", msg.unwrap_or_default()))
    })
}

/// Check the seeds on a few threads; panic with every failing seed and the first program.
fn run(seeds: Vec<u64>) {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get()).clamp(1, 4);
    let chunks: Vec<Vec<u64>> =
        (0..threads).map(|t| seeds.iter().copied().skip(t).step_by(threads).collect()).collect();
    let mut failures: Vec<(u64, String)> = std::thread::scope(|sc| {
        let hs: Vec<_> = chunks
            .iter()
            .map(|c| {
                sc.spawn(move || c.iter().filter_map(|&s| check_caught(s).err().map(|e| (s, e))).collect::<Vec<_>>())
            })
            .collect();
        hs.into_iter().flat_map(|h| h.join().expect("checker thread")).collect()
    });
    failures.sort();
    if !failures.is_empty() {
        let mut msg = format!("{} of {} generated programs failed:\n", failures.len(), seeds.len());
        for (seed, e) in failures.iter().take(20) {
            msg.push_str(&format!("  seed {seed}: {e}\n"));
        }
        let (seed, _) = &failures[0];
        msg.push_str(&format!(
            "program of seed {seed} (replay with SLAM_SEED={seed}):\n{}",
            bp::print(&bp::gen::program(*seed))
        ));
        panic!("{msg}");
    }
}

#[test]
fn bebop_agrees_with_the_explicit_checker() {
    if let Ok(s) = std::env::var("SLAM_SEED") {
        let seed: u64 = s.parse().expect("SLAM_SEED is a number");
        eprintln!("{}", bp::print(&bp::gen::program(seed)));
        run(vec![seed]);
        return;
    }
    let n: u64 = std::env::var("SLAM_CROSSCHECK_N").ok().and_then(|s| s.parse().ok()).unwrap_or(800);
    run((0..n).collect());
}

#[test]
fn generated_programs_use_every_statement_kind() {
    use bp::StmtKind;
    fn walk(ss: &[bp::Stmt], seen: &mut [bool; 11]) {
        for s in ss {
            let k = match &s.kind {
                StmtKind::Skip => 0,
                StmtKind::Print(_) => 1,
                StmtKind::Goto(_) => 2,
                StmtKind::Return(_) => 3,
                StmtKind::Assign { constrain: None, .. } => 4,
                StmtKind::Assign { constrain: Some(_), .. } => 5,
                StmtKind::If { arms, els } => {
                    for (_, b) in arms {
                        walk(b, seen);
                    }
                    if let Some(e) = els {
                        walk(e, seen);
                    }
                    6
                }
                StmtKind::While { body, .. } => {
                    walk(body, seen);
                    7
                }
                StmtKind::Assert(_) | StmtKind::Assume(_) => 8,
                StmtKind::Call { lhs, .. } => 9 + usize::from(!lhs.is_empty()),
                StmtKind::Dead(_) => 0,
            };
            seen[k] = true;
        }
    }
    let mut seen = [false; 11];
    let mut enforce = false;
    let mut recursive = false;
    for seed in 0..200 {
        let p = bp::gen::program(seed);
        for pr in &p.procs {
            walk(&pr.body, &mut seen);
            enforce |= pr.enforce.is_some();
        }
        let cfg = bp::cfg::build(&p).unwrap();
        recursive |= cfg.nodes.iter().any(|n| matches!(&n.kind, NodeKind::Call { callee, .. } if *callee == n.proc));
    }
    assert!(seen.iter().all(|&b| b), "{seen:?}");
    assert!(enforce && recursive);
}

#[test]
fn replay_rejects_broken_traces() {
    let src = include_str!("../../../corpus/bp/fig1.bp");
    let (_, cfg) = bp::load(src).expect("fig1 loads");
    let mut an = check(&cfg, &Options::default());
    let t = an.trace_to(&cfg.label_nodes("R")).expect("R is reachable");
    explicit::replay(&cfg, &t).expect("the real trace replays");
    assert_eq!(
        explicit::hierarchical_len(&cfg, &t),
        explicit::analyse(&cfg).shortest_distances()[t.steps.last().unwrap().node].unwrap()
    );
    // g must be 1 at main's entry.
    let g = cfg.globals[0];
    let mut bad = t.clone();
    for (v, b) in bad.steps[0].state.iter_mut() {
        if *v == g {
            *b = !*b;
        }
    }
    assert!(explicit::replay(&cfg, &bad).is_err(), "a wrong initial value");
    // A step left out.
    let mut bad = t.clone();
    bad.steps.remove(3);
    assert!(explicit::replay(&cfg, &bad).is_err(), "a missing step");
    // A wrong depth.
    let mut bad = t.clone();
    bad.steps[2].depth += 1;
    assert!(explicit::replay(&cfg, &bad).is_err(), "a wrong depth");
    // Not starting at main.
    let mut bad = t.clone();
    bad.steps.remove(0);
    assert!(explicit::replay(&cfg, &bad).is_err(), "a late start");
    // An impossible value in the middle: R needs g = 1 at the `if (g)`.
    let mut bad = t;
    let last = bad.steps.len() - 2;
    bad.steps[last].state.retain(|(v, _)| *v != g);
    bad.steps[last].state.push((g, false));
    assert!(explicit::replay(&cfg, &bad).is_err(), "g = 0 before R");
}

#[test]
fn explicit_checker_on_small_programs() {
    // Recursion with a summary reused from two call sites, `enforce` at entry and return.
    let src = "decl g;\n\
               void f(x)\nbegin\n  enforce x | g;\n  skip;\nend\n\
               main()\nbegin\n  f(0);\n  A: f(1);\n  B: skip;\nend\n";
    let (_, cfg) = bp::load(src).expect("loads");
    let r = explicit::reachable(&cfg);
    let node = |l: &str| cfg.label_nodes(l)[0];
    // f(0) needs g = 1 at entry; f(1) is fine.
    assert!(r[node("A")] && r[node("B")]);
    let src2 = src.replace("  f(0);\n", "  assume(!g);\n  f(0);\n");
    let (_, cfg2) = bp::load(&src2).expect("loads");
    let r2 = explicit::reachable(&cfg2);
    assert!(!r2[cfg2.label_nodes("A")[0]]);
    for cfg in [&cfg, &cfg2] {
        let r = explicit::reachable(cfg);
        for opts in all_options() {
            let an = check(cfg, &opts);
            assert!((0..cfg.nodes.len()).all(|v| an.is_reachable(v) == r[v]));
        }
    }
}
