//! The pruned cube search (`Options::prune`, docs/c2bp.md "Pruning the cube search") skips
//! only work whose answer is known. With `Options::verify_prune` every pruned answer is also
//! computed by the search it skips and the two must agree (the abstraction panics if not):
//! that is the check, statement by statement, on generated programs and on hand-written ones
//! full of `x := nondet`. The boolean programs are compared whole too: the same text where
//! no ImpliesF ran by unsat cores (whose cubes follow the models Z3 picks, which depend on
//! every earlier query in the procedure's context, so that skipping a query may change
//! which cover of the same valuations is found), and always the same reachable statements
//! and error reachability (Bebop).

use c2bp::{abstract_program, Options, Pred, Strategy};
use cfront::gen::Gen;

type Run = (String, u64, (Vec<u32>, bool));

fn both(prog: &cminus::Program, preds: &[Pred]) -> (Run, Run) {
    let run = |prune: bool| {
        let opts = Options { strategy: Strategy::Cartesian, prune, verify_prune: prune, ..Options::default() };
        let (b, st) = abstract_program(prog, preds, &opts).expect("abstraction");
        (bp::print(&b), st.prover.queries, reachable(&b))
    };
    (run(false), run(true))
}

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

#[test]
fn pruning_keeps_the_abstraction_of_generated_programs() {
    let n: u64 = std::env::var("SLAM_PRUNE_N").ok().and_then(|s| s.parse().ok()).unwrap_or(24);
    let (mut compared, mut same_text) = (0, 0);
    for seed in 0..n {
        let mut g = Gen::new(seed);
        let src = g.program();
        let Ok(prog) = cfront::lower_str("gen.c", &src, &cfront::Options::default()) else { continue };
        let mut text = String::new();
        for (scope, c) in &g.conds.clone() {
            text.push_str(&format!("{}: {c}\n", scope.as_deref().unwrap_or("global")));
        }
        // Predicates over the inputs (`x`, `y` of main, each `x := nondet`) as well.
        for _ in 0..3 {
            let c = g.atom(&["x".into(), "y".into()]);
            text.push_str(&format!("main: {c}\n"));
        }
        let Ok(preds) = c2bp::parse_preds(&prog, &text) else { continue };
        let ((plain, _, r_plain), (pruned, _, r_pruned)) = both(&prog, &preds);
        assert_eq!(r_plain, r_pruned, "seed {seed}: the pruned abstraction reaches other statements\n{src}\n{text}");
        same_text += usize::from(plain == pruned);
        compared += 1;
    }
    assert!(compared >= n / 2, "only {compared} programs compared");
    eprintln!("{compared} programs, {same_text} with the same text");
}

/// Inputs read into variables that predicates relate to each other and to constants: the
/// facts about a variable just read are never fixed, except where a fact about the others
/// fixes them whatever the value (`x < y` with `y` the least `int`).
const NONDET: &str = r#"
int __VERIFIER_nondet_int(void);
unsigned __VERIFIER_nondet_uint(void);
void reach_error(void);
int g;
int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = __VERIFIER_nondet_int();
  unsigned u = __VERIFIER_nondet_uint();
  int z;
  if (y == -2147483647 - 1) { x = __VERIFIER_nondet_int(); if (x < y) reach_error(); }
  z = __VERIFIER_nondet_int();
  u = __VERIFIER_nondet_uint();
  if (x + 1 < y && z == x && u <= 4000000000u) { g = __VERIFIER_nondet_int(); }
  y = __VERIFIER_nondet_int();
  if (g > x) reach_error();
  return 0;
}
"#;

const NONDET_PREDS: &str = "
main: x < y
main: x + 1 < y
main: y == -2147483647 - 1
main: z == x
main: u <= 4000000000
main: u < 5
main: x == 3
main: (int)(x <= y) == 0
global: g > 0
main: g > x
main: y - x <= 2
main: z - y < x
";

#[test]
fn pruning_keeps_the_abstraction_of_reads_of_inputs() {
    let prog = cfront::lower_str("nondet.c", NONDET, &cfront::Options::default()).expect("lowers");
    let preds = c2bp::parse_preds(&prog, NONDET_PREDS).expect("predicates parse");
    let ((plain, q_plain, _), (pruned, _, _)) = both(&prog, &preds);
    assert_eq!(plain, pruned, "the pruned abstraction differs");
    // Without the verification, the pruned searches are skipped.
    let opts = Options { strategy: Strategy::Cartesian, ..Options::default() };
    let (b, st) = abstract_program(&prog, &preds, &opts).expect("abstraction");
    assert_eq!(bp::print(&b), plain);
    let q_pruned = st.prover.queries;
    assert!(q_pruned < q_plain, "pruning saved no query: {q_pruned} against {q_plain}");
}
