//! The statement cache across rounds and ImpliesF by unsat cores.
//!
//! A cache warmed with fewer predicates must give the boolean program the abstraction
//! computes from scratch (a dependency missing from a statement's key would show as a
//! difference; the boolean strategy's AllSAT order may differ, so there the reachable
//! statements are compared). ImpliesF without an AllSAT table (more than 256 valuations) must stay sound
//! and find the one-literal facts of branch conditions.

use c2bp::{abstract_program, Cache, Options, Strategy};
use cfront::gen::Gen;
use std::sync::Arc;

/// The reachable statements (by origin) and whether an error is.
fn reachable(b: &bp::Program) -> (Vec<u32>, bool) {
    let (_, cfg) = bp::load(&bp::print(b)).expect("c2bp output is a valid boolean program");
    let an = bebop::check(&cfg, &bebop::Options::default());
    let mut v: Vec<u32> =
        cfg.nodes.iter().enumerate().filter(|(i, _)| an.is_reachable(*i)).filter_map(|(_, n)| n.origin).collect();
    v.sort();
    v.dedup();
    (v, !an.error_vertices().is_empty())
}

fn error_reachable(b: &bp::Program) -> bool {
    let (_, cfg) = bp::load(&bp::print(b)).expect("c2bp output is a valid boolean program");
    !bebop::check(&cfg, &bebop::Options::default()).error_vertices().is_empty()
}

#[test]
fn a_warm_cache_gives_the_abstraction_from_scratch() {
    let mut compared = 0;
    for seed in 0..14u64 {
        let mut g = Gen::new(seed);
        let src = g.program();
        let Ok(prog) = cfront::lower_str("gen.c", &src, &cfront::Options::default()) else { continue };
        let text: String = g
            .conds
            .clone()
            .iter()
            .map(|(scope, c)| format!("{}: {c}\n", scope.as_deref().unwrap_or("global")))
            .collect();
        let Ok(preds) = c2bp::parse_preds(&prog, &text) else { continue };
        if preds.len() < 2 {
            continue;
        }
        for strategy in [Strategy::Cartesian, Strategy::Boolean] {
            let plain = Options { strategy, ..Options::default() };
            let (fresh, _) = abstract_program(&prog, &preds, &plain).expect("abstraction");
            let cache = Arc::new(Cache::new());
            let cached = Options { cache: Some(cache), ..plain.clone() };
            // Rounds as the loop has them: the predicates grow (halves, then all).
            let half = preds.len() / 2;
            abstract_program(&prog, &preds[..half], &cached).expect("abstraction");
            let (warm, stats) = abstract_program(&prog, &preds, &cached).expect("abstraction");
            // Cartesian: the same text. Boolean: AllSAT lists its valuations in the order Z3
            // finds them, which depends on the context's history, so the same reachability.
            let same = |a: &bp::Program, b: &bp::Program| match strategy {
                Strategy::Cartesian => bp::print(a) == bp::print(b),
                Strategy::Boolean => reachable(a) == reachable(b),
            };
            assert!(same(&fresh, &warm), "seed {seed}, {strategy:?}: the cached abstraction differs\n{src}\n{text}");
            let (again, again_stats) = abstract_program(&prog, &preds, &cached).expect("abstraction");
            assert!(same(&fresh, &again));
            assert_eq!(again_stats.abstracted, 0, "seed {seed}: the same predicates re-abstract nothing");
            assert!(stats.abstracted + stats.reused > 0);
            compared += 1;
        }
    }
    assert!(compared >= 16, "only {compared} programs compared");
}

/// `x == t1` … `x == t10` over unknown `ti`: 2^10 valuations, no AllSAT table.
fn many_equalities(body: &str) -> (cminus::Program, Vec<c2bp::Pred>) {
    let mut src = String::from("extern int __VERIFIER_nondet_int(void);\nextern void reach_error(void);\nint main(void) {\n  int x = __VERIFIER_nondet_int();\n");
    let mut text = String::new();
    for i in 1..=10 {
        src.push_str(&format!("  int t{i} = __VERIFIER_nondet_int();\n"));
        text.push_str(&format!("main: x == t{i}\n"));
    }
    src.push_str(body);
    src.push_str("  return 0;\n}\n");
    let prog = cfront::lower_str("eq.c", &src, &cfront::Options::default()).expect("lowers");
    let preds = c2bp::parse_preds(&prog, &text).expect("predicates parse");
    (prog, preds)
}

#[test]
fn implies_f_by_cores_is_precise_on_branch_conditions() {
    // Unreachable: the inner condition contradicts the outer one (a one-literal fact).
    let (prog, preds) = many_equalities("  if (x == t3) { if (x != t3) reach_error(); }\n");
    let (b, _) = abstract_program(&prog, &preds, &Options::default()).expect("abstraction");
    assert!(!error_reachable(&b), "{}", bp::print(&b));
}

#[test]
fn implies_f_by_cores_stays_sound() {
    // Reachable (x == t3 == t7): the abstraction must keep the error.
    let (prog, preds) = many_equalities("  if (x == t3) { if (x == t7) reach_error(); }\n");
    let (b, _) = abstract_program(&prog, &preds, &Options::default()).expect("abstraction");
    assert!(error_reachable(&b));
    // Reachable after an assignment that keeps x == t3 (x := t3).
    let (prog, preds) = many_equalities("  x = t3;\n  if (x == t3) reach_error();\n");
    let (b, _) = abstract_program(&prog, &preds, &Options::default()).expect("abstraction");
    assert!(error_reachable(&b));
}

/// A global predicate over a variable no call, return or other statement reads (`h`)
/// re-abstracts nothing: calls and returns depend only on the predicates they read (before,
/// every call and return was recomputed for any new predicate), and the warm abstraction is
/// the one from scratch.
#[test]
fn a_predicate_no_call_reads_leaves_calls_and_returns_cached() {
    let src = "extern int __VERIFIER_nondet_int(void);\nextern void reach_error(void);\nint g; int h;\n\
               int f(int a) { if (a > 0) g = 1; return a + 1; }\n\
               int main(void) {\n  int x = __VERIFIER_nondet_int();\n  int y = f(x);\n  if (y == 1) reach_error();\n  if (g == 1) reach_error();\n  return 0;\n}\n";
    let prog = cfront::lower_str("calls.c", src, &cfront::Options::default()).expect("lowers");
    let round1 = c2bp::parse_preds(&prog, "main: x == 0\nmain: y == 1\nf: a > 0\nf: $ret == 1\nglobal: g == 1\n")
        .expect("predicates parse");
    let round2 = c2bp::parse_preds(
        &prog,
        "main: x == 0\nmain: y == 1\nf: a > 0\nf: $ret == 1\nglobal: g == 1\nglobal: h == 0\n",
    )
    .expect("predicates parse");
    let cached = Options { cache: Some(Arc::new(Cache::new())), ..Options::default() };
    let (_, first) = abstract_program(&prog, &round1, &cached).expect("abstraction");
    assert!(first.abstracted > 0);
    let (warm, stats) = abstract_program(&prog, &round2, &cached).expect("abstraction");
    assert_eq!(stats.abstracted, 0, "re-abstracted {} statements for a predicate none reads", stats.abstracted);
    assert_eq!(stats.reused, first.abstracted);
    let (fresh, _) = abstract_program(&prog, &round2, &Options::default()).expect("abstraction");
    assert_eq!(bp::print(&warm), bp::print(&fresh));
}
