//! Soundness and precision of the abstraction on generated C programs.
//!
//! For each seeded random program and random predicates: every statement the concrete C--
//! interpreter executes (on many random inputs) must be reachable in the boolean program
//! (Bebop), and an error the interpreter reaches must be reachable there too; the `boolean`
//! abstraction must reach no statement the `cartesian` one does not. A failure prints the
//! seed, the program and the predicates; `SLAM_SEED=n` replays one seed.

use c2bp::{abstract_program, Options, Pred, Strategy};
use cfront::gen::{Gen, Rng};
use std::collections::BTreeSet;

fn reachable_origins(b: &bp::Program) -> (BTreeSet<u32>, bool) {
    let (_, cfg) = bp::load(&bp::print(b)).expect("c2bp output is a valid boolean program");
    let an = bebop::check(&cfg, &bebop::Options::default());
    let mut set = BTreeSet::new();
    for (i, n) in cfg.nodes.iter().enumerate() {
        if let Some(o) = n.origin {
            if an.is_reachable(i) {
                set.insert(o);
            }
        }
    }
    (set, !an.error_vertices().is_empty())
}

fn check_seed(seed: u64) -> Result<(), String> {
    let mut g = Gen::new(seed);
    let src = g.program();
    let prog = cfront::lower_str("gen.c", &src, &cfront::Options::default()).map_err(|e| format!("{e:?}\n{src}"))?;
    // Predicates: some of the program's conditions, and a few random ones.
    let mut preds: Vec<Pred> = Vec::new();
    let mut text = String::new();
    let conds = g.conds.clone();
    for (scope, c) in &conds {
        if g.rng.below(3) > 0 {
            text.push_str(&format!("{}: {c}\n", scope.as_deref().unwrap_or("global")));
        }
    }
    for _ in 0..2 {
        let c = g.atom(&["g0".into(), "g1".into()]);
        text.push_str(&format!("global: {c}\n"));
    }
    match c2bp::parse_preds(&prog, &text) {
        Ok(p) => preds.extend(p),
        Err(e) => return Err(format!("predicates do not parse: {e:?}\n{text}")),
    }
    // Concrete runs.
    let mut executed = BTreeSet::new();
    let mut error = false;
    let mut rng = Rng(seed ^ 0xDEAD);
    for _ in 0..60 {
        let inputs: Vec<i64> = (0..8).map(|_| rng.small()).collect();
        let run = cminus::interp::run(&prog, &inputs, 2_000);
        executed.extend(run.trace.iter().map(|s| s.0));
        if matches!(run.outcome, cminus::interp::Outcome::Error { .. }) {
            error = true;
        }
    }
    let mut per_strategy = Vec::new();
    for strategy in [Strategy::Cartesian, Strategy::Boolean] {
        let opts = Options { strategy, ..Options::default() };
        let (b, stats) = abstract_program(&prog, &preds, &opts).map_err(|e| e.to_string())?;
        if std::env::var("SLAM_SEED").is_ok() {
            eprintln!("{strategy:?}: {stats:?}\n{text}");
        }
        let (reach, err) = reachable_origins(&b);
        let missing: Vec<u32> = executed.difference(&reach).copied().collect();
        if !missing.is_empty() {
            return Err(format!(
                "{strategy:?}: statements executed concretely but unreachable in the abstraction: {missing:?}\n{src}\n{text}\n{}",
                bp::print(&b)
            ));
        }
        if error && !err {
            return Err(format!(
                "{strategy:?}: the C program reaches an error, the abstraction does not\n{src}\n{text}"
            ));
        }
        per_strategy.push(reach);
    }
    if !per_strategy[1].is_subset(&per_strategy[0]) {
        let extra: Vec<_> = per_strategy[1].difference(&per_strategy[0]).collect();
        return Err(format!("boolean reaches statements cartesian does not: {extra:?}\n{src}\n{text}"));
    }
    Ok(())
}

#[test]
fn abstraction_is_sound_and_boolean_is_at_least_as_precise() {
    let seeds: Vec<u64> = match std::env::var("SLAM_SEED") {
        Ok(s) => vec![s.parse().expect("SLAM_SEED is a number")],
        Err(_) => {
            let from: u64 = std::env::var("SLAM_C2BP_FROM").ok().and_then(|s| s.parse().ok()).unwrap_or(0);
            (from..std::env::var("SLAM_C2BP_N").ok().and_then(|s| s.parse().ok()).unwrap_or(40)).collect()
        }
    };
    let mut failures = Vec::new();
    for seed in seeds {
        let t0 = std::time::Instant::now();
        let r = check_seed(seed);
        if t0.elapsed().as_secs_f64() > 2.0 {
            eprintln!("seed {seed} took {:.1}s", t0.elapsed().as_secs_f64());
        }
        if let Err(e) = r {
            failures.push(format!("seed {seed} (replay with SLAM_SEED={seed}):\n{e}"));
        }
    }
    assert!(failures.is_empty(), "{} failure(s):\n{}", failures.len(), failures.join("\n\n"));
}

#[test]
#[ignore]
fn print_seed_program() {
    let seed: u64 = std::env::var("SLAM_SEED").unwrap().parse().unwrap();
    let mut g = Gen::new(seed);
    println!("{}", g.program());
}
