//! Globals that hold a constant (`engine::constants`): folded only when every statement
//! outside the entry's straight-line prefix sees the one value, and the loop's verdicts on
//! such programs are right both ways.

use engine::constants::{constant_globals, fold};

fn lower(src: &str) -> cminus::Program {
    cfront::lower_str("c.c", src, &cfront::Options::default()).expect("lowers")
}

const HARNESS: &str = "
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int NP, DC, s, twice, late, taken;
int *p;
void init(void) { NP = 1; DC = 2; s = NP; twice = 1; }
void again(void) { twice = 1; }
void step(void) { if (s == NP) s = DC; }
int main(void) {
  NP = 0;
  init();
  again();
  p = &taken;
  taken = 3;
  late = 4;
  if (__VERIFIER_nondet_int()) late = 5;
  step();
  again();
  if (s != NP && s != DC) reach_error();
  return 0;
}
";

#[test]
fn constants_assigned_in_the_prefix_and_never_again_are_folded() {
    let prog = lower(HARNESS);
    let c = constant_globals(&prog);
    let mut names: Vec<&str> = c.keys().map(String::as_str).collect();
    names.sort();
    // `s` changes later, `twice` is written by a procedure called twice, `late` after the
    // prefix, `taken` has its address taken.
    assert_eq!(names, ["DC", "NP"]);
    assert_eq!(c["NP"], cminus::Expr::Int(1));
    assert_eq!(c["DC"], cminus::Expr::Int(2));
}

#[test]
fn folding_keeps_the_prefix_and_the_statement_ids() {
    let prog = lower(HARNESS);
    let (folded, _) = fold(&prog);
    let step = folded.proc("step").expect("step");
    let text: String = step.body.iter().map(|s| format!("{:?}\n", s.kind)).collect();
    assert!(!text.contains("\"NP\"") && !text.contains("\"DC\""), "{text}");
    // The prefix's own writes stay (NP = 0 before init, NP = 1 in it).
    let init = folded.proc("init").expect("init");
    assert!(init
        .body
        .iter()
        .any(|s| matches!(&s.kind, cminus::StmtKind::Assign(cminus::Lval::Var(v), _) if v == "NP")));
    let ids =
        |p: &cminus::Program| -> Vec<u32> { p.procs.iter().flat_map(|q| q.body.iter().map(|s| s.id.0)).collect() };
    assert_eq!(ids(&prog), ids(&folded));
}

#[test]
fn a_global_read_after_the_prefix_with_another_value_is_not_folded() {
    // `K` is 1 after the prefix but written again later: not a constant.
    let prog = lower(
        "extern int __VERIFIER_nondet_int(void);\nextern void reach_error(void);\nint K;\n\
         int main(void) { K = 1; if (__VERIFIER_nondet_int()) K = 2; if (K == 2) reach_error(); return 0; }\n",
    );
    assert!(constant_globals(&prog).is_empty());
    let preds = engine::initial_predicates(&prog, None);
    let out = engine::Runner::new(prog).with_predicates(preds).with_iteration_limit(20).run();
    assert_eq!(out.verdict, engine::Verdict::Violation);
}

#[test]
fn the_loop_proves_and_refutes_with_folded_constants() {
    let prog = lower(HARNESS);
    let preds = engine::initial_predicates(&prog, None);
    let out = engine::Runner::new(prog).with_predicates(preds).with_iteration_limit(20).run();
    assert_eq!(out.verdict, engine::Verdict::Safe, "{}", out.detail);
    let bad = HARNESS.replace("if (s != NP && s != DC)", "if (s == DC)");
    let prog = lower(&bad);
    let preds = engine::initial_predicates(&prog, None);
    let out = engine::Runner::new(prog).with_predicates(preds).with_iteration_limit(20).run();
    assert_eq!(out.verdict, engine::Verdict::Violation, "{}", out.detail);
}
