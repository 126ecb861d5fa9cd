//! Time c2bp on generated programs (cfront::gen), both strategies, for scripts/bench-c2bp.
//! Prints per strategy: median and total time, prover queries, cache hit rate.
use cfront::gen::Gen;
use std::time::Instant;

fn main() {
    let n: u64 = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(30);
    let mut cases = Vec::new();
    for seed in 0..n {
        let mut g = Gen::new(seed);
        let src = g.program();
        let prog = cfront::lower_str("gen.c", &src, &cfront::Options::default()).expect("generated C lowers");
        let mut text = String::new();
        for (scope, c) in &g.conds {
            text.push_str(&format!("{}: {c}\n", scope.as_deref().unwrap_or("global")));
        }
        let preds = c2bp::parse_preds(&prog, &text).expect("generated predicates parse");
        cases.push((prog, preds));
    }
    for strategy in [c2bp::Strategy::Cartesian, c2bp::Strategy::Boolean] {
        let mut times = Vec::new();
        let (mut queries, mut hits, mut preds, mut stmts) = (0u64, 0u64, 0usize, 0usize);
        for (prog, ps) in &cases {
            let opts = c2bp::Options { strategy, ..Default::default() };
            let t0 = Instant::now();
            let (_, st) = c2bp::abstract_program(prog, ps, &opts).expect("abstraction");
            times.push(t0.elapsed().as_secs_f64());
            queries += st.prover.queries;
            hits += st.prover.cache_hits;
            preds += st.predicates;
            stmts += st.bp_statements;
        }
        times.sort_by(|a, b| a.total_cmp(b));
        println!(
            "{strategy:?}: {} programs, {preds} predicates, {stmts} bp statements; median {:.3}s, total {:.2}s; {queries} queries, cache hits {:.0}%",
            cases.len(),
            times[times.len() / 2],
            times.iter().sum::<f64>(),
            100.0 * hits as f64 / queries.max(1) as f64
        );
    }
}
