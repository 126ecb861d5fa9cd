//! The loop's limits and strategies on small programs.

use engine::{Runner, StopReason, Verdict};
use std::time::{Duration, Instant};

fn program(src: &str) -> cminus::Program {
    cfront::lower_str("t.c", src, &cfront::Options::default()).expect("lowers")
}

const CMP: &str = r#"
int g;
void cmp(int a, int b) { if (a == b) g = 0; else g = 1; }
int main(int x, int y) { cmp(x, y); if (!g) { if (x != y) reach_error(); } return 0; }
"#;

const BUG: &str = r#"
int check(int v) { if (v == 1234) reach_error(); return v; }
int main(void) { int n = __VERIFIER_nondet_int(); if (n > 1000) check(n); return 0; }
"#;

fn run(src: &str, f: impl FnOnce(Runner) -> Runner) -> engine::Outcome {
    let p = program(src);
    let preds = engine::initial_predicates(&p, None);
    f(Runner::new(p).with_predicates(preds)).run()
}

#[test]
fn lecture_cmp_is_safe_after_refinement() {
    let o = run(CMP, |r| r);
    assert_eq!(o.verdict, Verdict::Safe, "{}", o.detail);
    assert!(o.iterations.len() >= 2, "needs a refinement");
    assert!(o.proof.is_some());
    // Every round records the same statistics; they serialise (for the report's JSON).
    #[cfg(feature = "serde")]
    {
        let json = serde_json::to_string(&o).expect("serialises");
        assert!(json.contains("\"verdict\":\"SAFE\""));
        assert!(json.contains("\"abstraction\""));
    }
}

#[test]
fn bug_needing_one_input_value_has_it_in_the_counterexample() {
    let o = run(BUG, |r| r);
    assert_eq!(o.verdict, Verdict::Violation, "{}", o.detail);
    let cex = o.counterexample.expect("counterexample");
    let has_value = cex.steps.iter().flat_map(|s| &s.values).any(|v| v.value == 1234);
    assert!(has_value, "the trace shows v = 1234: {:?}", cex.steps);
}

#[test]
fn iteration_limit() {
    let o = run(CMP, |r| r.with_iteration_limit(1));
    assert_eq!(o.reason, StopReason::IterationLimit);
    assert_eq!(o.verdict, Verdict::Unknown);
    assert_eq!(o.iterations.len(), 1);
}

#[test]
fn memory_limit() {
    let o = run(CMP, |r| r.with_memory_limit(1));
    assert_eq!(o.reason, StopReason::MemoryLimit, "{}", o.detail);
}

#[test]
fn time_limit_is_honoured_promptly() {
    // A loop whose proof needs many rounds; a tiny time budget must stop it quickly.
    let src = r#"
int main(void) {
  int i = 0, n = __VERIFIER_nondet_int();
  int a = 0, b = 0;
  while (i < n) { a = a + 2; b = b + 1; i++; if (a != 2 * b) reach_error(); }
  return 0;
}"#;
    let t0 = Instant::now();
    let o = run(src, |r| r.with_time_limit(Duration::from_millis(1)));
    assert!(t0.elapsed() < Duration::from_secs(2), "took {:?}", t0.elapsed());
    assert_eq!(o.reason, StopReason::TimeLimit, "{}", o.detail);
}

#[test]
fn explicit_checker_agrees_with_bebop() {
    for src in [CMP, BUG] {
        let a = run(src, |r| r);
        let b = run(src, |r| r.with_checker(engine::checker_by_name("explicit").expect("explicit")));
        assert_eq!(a.verdict, b.verdict, "bebop: {}; explicit: {}", a.detail, b.detail);
        assert_eq!(b.strategies.checker, "explicit");
    }
}

#[test]
fn boolean_abstraction_proves_cmp() {
    let o = run(CMP, |r| r.with_abstractor(engine::abstractor_by_name("boolean").expect("boolean")));
    assert_eq!(o.verdict, Verdict::Safe, "{}", o.detail);
    assert!(o.iterations.iter().all(|i| i.abstraction_strategy == "boolean"));
}

#[test]
fn initial_predicates_from_error_guards() {
    let p = program("int g; int main(int x) { if (x > 3 && g == 2) reach_error(); return 0; }");
    let preds = engine::initial_predicates(&p, None);
    let lines: Vec<String> = preds.list().iter().map(|p| p.line()).collect();
    assert!(lines.contains(&"main: x <= 3".to_string()), "{lines:?}");
    assert!(lines.contains(&"global: g == 2".to_string()), "{lines:?}");
}

#[test]
fn strategies_by_name() {
    for a in engine::Abstraction::ALL {
        assert_eq!(engine::abstractor_by_name(a.name()).expect("exists").name(), a.name());
        assert_eq!(a.build(&engine::StrategyOptions { cube_length: 2 }).name(), a.name());
    }
    for c in engine::Checker::ALL {
        assert_eq!(engine::checker_by_name(c.name()).expect("exists").name(), c.name());
    }
    for r in engine::RefinerKind::ALL {
        assert_eq!(engine::refiner_by_name(r.name()).expect("exists").name(), r.name());
    }
    assert!(engine::checker_by_name("nope").is_none());
}

#[test]
fn procedures_the_entry_cannot_reach_are_not_abstracted() {
    // `other` is an API function of the same unit with an error of its own; from `main` it
    // never runs, so it is neither abstracted nor a reason for a violation.
    let other = "int g;\nvoid other(int x) { int s = 0; while (s < x) { s = s + 2; if (s == 6) g = 1; } if (g) reach_error(); }\n";
    let main = "int main(void) { int a = 5; if (a != 5) reach_error(); return 0; }\n";
    let with_other = run(&format!("{other}{main}"), |r| r);
    assert_eq!(with_other.verdict, Verdict::Safe, "{}", with_other.detail);
    let alone = run(&format!("int g;\n{main}"), |r| r);
    assert_eq!(with_other.iterations[0].abstraction.size, alone.iterations[0].abstraction.size);
    // Reached through a function pointer stored in a global, it is abstracted and its error found.
    let hooked = run(&format!("{other}void (*hook)(int) = other;\nint main(void) {{ hook(7); return 0; }}\n"), |r| r);
    assert_eq!(hooked.verdict, Verdict::Violation, "{}", hooked.detail);
}

#[test]
fn no_error_statement_the_entry_can_reach_is_safe_before_any_round() {
    // `check` holds the only error and nothing calls it: nothing to abstract.
    let src = "void check(int v) { if (v == 3) reach_error(); }\nint main(void) { int s = 0; for (int i = 0; i < 9; i++) s += i; return s; }\n";
    let o = run(src, |r| r);
    assert_eq!(o.verdict, Verdict::Safe, "{}", o.detail);
    assert!(o.iterations.is_empty(), "{} rounds", o.iterations.len());
    assert_eq!(o.detail, engine::NO_ERROR_REACHABLE);
    // Called, the error is checked as usual.
    let called = run(&src.replace("return s;", "check(5); return s;"), |r| r);
    assert_eq!(called.verdict, Verdict::Safe, "{}", called.detail);
    assert!(!called.iterations.is_empty());
}
