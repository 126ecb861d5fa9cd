//! Horn as a predicate source for CEGAR (issue 30): loop programs whose spurious traces
//! Newton cannot rule out are decided by the atoms of Spacer's invariants.

use engine::{IterationResult, Runner, StopReason, Verdict};
use std::time::Duration;

fn program(src: &str) -> cminus::Program {
    cfront::lower_str("t.c", src, &cfront::Options::default()).expect("lowers")
}

fn check(src: &str, oracle: bool) -> engine::Outcome {
    let p = program(src);
    let preds = engine::initial_predicates(&p, None);
    let mut r = Runner::new(p).with_predicates(preds).with_time_limit(Duration::from_secs(60));
    if oracle {
        r = r.with_oracle(Box::new(horn::PredicateSource::default()));
    }
    r.run()
}

const STEP2: &str = r#"
int main(void) {
    int i = 0;
    int n = __VERIFIER_nondet_int();
    while (i < n) i += 2;
    if (i % 2 != 0) reach_error();
    return 0;
}
"#;

const STEP2B: &str = r#"
int main(void) {
    unsigned x = 0;
    while (__VERIFIER_nondet_int()) { x += 2; }
    if (x == 7) reach_error();
    return 0;
}
"#;

const TWO: &str = r#"
int main(void) {
    int i = 0, j = 0;
    while (__VERIFIER_nondet_int()) { i += 1; j += 2; }
    if (j != 2 * i) reach_error();
    return 0;
}
"#;

#[test]
fn explore() {
    for (name, src) in [("step2", STEP2), ("step2b", STEP2B), ("two", TWO)] {
        for oracle in [false, true] {
            let o = check(src, oracle);
            eprintln!("{name} oracle={oracle}: {:?} {:?} {} iters={} {:?}", o.verdict, o.reason, o.detail, o.iterations.len(),
                o.iterations.iter().map(|i| (i.result, i.added.iter().map(|p| p.line()).collect::<Vec<_>>(), i.oracle.clone())).collect::<Vec<_>>());
        }
    }
}
