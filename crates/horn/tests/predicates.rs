//! Horn as a predicate source for CEGAR (issue 30): loop programs whose spurious traces
//! Newton cannot rule out are decided by the atoms of Spacer's invariants.

use engine::{Runner, StopReason, Verdict};
use std::time::Duration;

fn program(src: &str) -> cminus::Program {
    cfront::lower_str("t.c", src, &cfront::Options::default()).expect("lowers")
}

fn check(src: &str, oracle: bool) -> engine::Outcome {
    let p = program(src);
    let preds = engine::initial_predicates(&p, None);
    // (Horn alone: without the built-in oracle of the counters' steps)
    let mut r = Runner::new(p).with_predicates(preds).with_time_limit(Duration::from_secs(60)).without_oracles();
    if oracle {
        r = r.with_oracle(Box::new(horn::PredicateSource::default()));
    }
    r.run()
}

const A: &str = r#"
void check(int c) { if (!c) reach_error(); }
int main(void) {
    unsigned n = 0, k;
    while (n < 0x7ffff) {
        k = 0;
        while (k < 5) k++;
        n++;
    }
    check(n % 2 == 1);
    return 0;
}
"#;

const B: &str = r#"
void check(int c) { if (!c) reach_error(); }
int main(void) {
    unsigned n = 0;
    while (n < 0x7ffff) n++;
    check(n % 2);
    return 0;
}
"#;

/// Newton refines one iteration of the loop per round (`n + 1 < 524287`, `n + 2 < …`) and
/// runs dry; Spacer's bit-vector invariant at the loop head (bits 19 to 31 of `n` are 0, bit
/// 0 is 1 at the exit) gives `n < 524288` and `(n & 1) == 1`, and the abstraction proves it.
#[test]
fn counter_unknown_without_horn_predicates_is_safe_with_them() {
    for src in [B, A] {
        let without = check(src, false);
        assert_eq!(without.verdict, Verdict::Unknown, "{}", without.detail);
        assert_eq!(without.reason, StopReason::NoNewPredicates, "{}", without.detail);
        assert!(without.iterations.iter().all(|i| i.oracle.is_none()));

        let with = check(src, true);
        assert_eq!(with.verdict, Verdict::Safe, "{}", with.detail);
        assert!(with.proof.is_some(), "SAFE comes from the abstraction");
        let asked: Vec<_> = with.iterations.iter().filter_map(|i| i.oracle.as_ref().map(|o| (i, o))).collect();
        assert_eq!(asked.len(), 1, "the oracle is asked once");
        let (it, o) = asked[0];
        assert_eq!(o.source, "horn");
        assert!(
            o.added > 0
                && o.added == it.added.iter().filter(|p| p.text.contains('&') || p.text.contains("524288")).count()
        );
        let texts: Vec<String> = it.added.iter().map(|p| p.line()).collect();
        assert!(texts.iter().any(|t| t == "main: n < 524288"), "{texts:?}");
        assert!(texts.iter().any(|t| t == "main: (n & 1) == 1"), "{texts:?}");
    }
}

/// The oracle's predicates are only predicates: on a program with a bug the check still ends
/// with a replayed VIOLATION, never SAFE.
#[test]
fn a_bug_stays_a_violation() {
    const BUG: &str = r#"
void check(int c) { if (!c) reach_error(); }
int main(void) {
    unsigned n = 0;
    while (n < 5) n++;
    check(n % 2 == 0);
    return 0;
}
"#;
    let o = check(BUG, true);
    assert_eq!(o.verdict, Verdict::Violation, "{}", o.detail);
    assert!(o.replay.as_ref().is_some_and(|r| r.confirmed));
}

/// The predicate source on its own: the atoms of the invariant in the scope of the loop's
/// procedure.
#[test]
fn atoms_of_the_invariant_in_their_scope() {
    let p = program(B);
    let opts = horn::Options { time: Some(Duration::from_secs(30)), ..horn::Options::default() };
    let r = horn::predicates(&p, &opts, 32);
    assert!(r.note.starts_with("Spacer's"), "{}", r.note);
    assert!(
        r.preds.iter().any(|p| p.scope.as_deref() == Some("main") && cminus::print_expr(&p.expr) == "n < 524288"),
        "{:?}",
        r.preds
    );
}

#[path = "../../engine/tests/common/mod.rs"]
mod common;

/// CEGAR with the Horn predicates on every corpus program with an `// expect:` header (4 s
/// each): no verdict contradicts the header. (`cargo test --release -p horn --test
/// predicates -- --ignored`: a few minutes.)
#[test]
#[ignore]
fn never_wrong_on_the_corpus() {
    let (mut decided, mut asked, mut wrong) = (0, 0, Vec::new());
    let cases = common::corpus();
    for case in &cases {
        let Ok((prog, preds)) = common::load(case) else { continue };
        let o = Runner::new(prog)
            .with_predicates(preds)
            .with_time_limit(Duration::from_secs(4))
            .with_oracle(Box::new(horn::PredicateSource::default()))
            .run();
        asked += usize::from(o.iterations.iter().any(|i| i.oracle.as_ref().is_some_and(|o| o.added > 0)));
        let got = match o.verdict {
            Verdict::Safe => "SAFE",
            Verdict::Violation => "VIOLATION",
            Verdict::Unknown => continue,
        };
        decided += 1;
        if got != case.expect {
            wrong.push(format!("{}: expected {}, got {got} ({})", case.name, case.expect, o.detail));
        }
    }
    eprintln!("decided {decided} of {} corpus programs; Horn predicates added in {asked}", cases.len());
    assert!(wrong.is_empty(), "wrong verdicts:\n{}", wrong.join("\n"));
}
