//! Variable-length arrays (`T a[n]`, lowered as a never-failing allocation of exactly `n`
//! elements, `cminus::names::VLA_ALLOC`): an access out of their bounds is undefined
//! behaviour and must get the verdict the same access to a fixed-size array gets — never a
//! VIOLATION from a value read past the end — and a size that is not positive stops the run.

use cminus::interp::{run, Outcome};
use engine::{Runner, Verdict};

fn lower(src: &str) -> cminus::Program {
    cfront::lower_str("t.c", src, &cfront::Options::default()).expect("lowers")
}

fn check(src: &str) -> engine::Outcome {
    let p = lower(src);
    let preds = engine::initial_predicates(&p, None);
    Runner::new(p).with_predicates(preds).with_time_limit(std::time::Duration::from_secs(30)).run()
}

/// The program with `DECL` as a VLA of `n` elements and as a fixed array of 10 (and `n` 10).
fn twins(src: &str) -> [String; 2] {
    [src.replace("DECL", "int a[n];"), src.replace("DECL", "int a[10]; n = 10;")]
}

const HEADER: &str = "extern void reach_error(void);\nextern int __VERIFIER_nondet_int(void);\n";

#[test]
fn a_read_past_the_end_is_no_violation() {
    // gcc reads whatever lies past the array; C says undefined. The interpreter stops at the
    // access (UNKNOWN), as for a fixed array; without the VLA's bound it would read an
    // unknown value and confirm a VIOLATION.
    let src = format!(
        "{HEADER}int main(void) {{\n  int n = __VERIFIER_nondet_int();\n  if (n < 1 || n > 1000) return 0;\n  DECL\n  \
         a[n - 1] = 0;\n  if (a[n] != 0) reach_error();\n  return 0;\n}}\n"
    );
    let [vla, fixed] = twins(&src);
    let (v, f) = (check(&vla), check(&fixed));
    assert_eq!(v.verdict, Verdict::Unknown, "VLA: {}", v.detail);
    assert_eq!(f.verdict, Verdict::Unknown, "fixed: {}", f.detail);
}

#[test]
fn a_write_past_the_end_is_judged_as_for_a_fixed_array() {
    // slam checks reachability, not memory safety: a write past the end does not change
    // another object in its memory model, for a fixed array as for a VLA.
    for body in [
        "a[0] = 0;\n  a[n] = 1;\n  if (a[0] != 0) reach_error();",
        "int x = 0;\n  for (int i = 0; i <= n; i++) a[i] = 1;\n  if (x != 0) reach_error();",
    ] {
        let src = format!(
            "{HEADER}int main(void) {{\n  int n = __VERIFIER_nondet_int();\n  if (n < 1 || n > 1000) return 0;\n  DECL\n  {body}\n  return 0;\n}}\n"
        );
        let [vla, fixed] = twins(&src);
        let (v, f) = (check(&vla), check(&fixed));
        assert_eq!(v.verdict, f.verdict, "{body}: VLA {} / fixed {}", v.detail, f.detail);
    }
}

#[test]
fn the_interpreter_stops_at_an_access_out_of_bounds() {
    let src = format!(
        "{HEADER}int get(int *p, int k) {{ return p[k]; }}\nint main(void) {{\n  int n = __VERIFIER_nondet_int();\n  \
         int k = __VERIFIER_nondet_int();\n  if (n < 1 || n > 1000) return 0;\n  int a[n];\n  \
         for (int i = 0; i < n; i++) a[i] = i;\n  if (k >= 0 && get(a, k) != k) reach_error();\n  return 0;\n}}\n"
    );
    let p = lower(&src);
    let r = run(&p, &[4, 3], 100_000);
    assert!(matches!(r.outcome, Outcome::Returned(Some(0))), "{:?}", r.outcome);
    for k in [4, 5, 100] {
        let r = run(&p, &[4, k], 100_000);
        match &r.outcome {
            Outcome::Stuck { reason, unmodelled: false, .. } if reason.contains("out of bounds") => {}
            o => panic!("k = {k}: {o:?}"),
        }
    }
}

#[test]
fn a_size_that_is_not_positive_stops_the_run() {
    // Undefined in C (gcc happens to accept 0): the run stops there, for every engine, and
    // is not an error.
    let src = format!(
        "{HEADER}int main(void) {{\n  int n = __VERIFIER_nondet_int();\n  if (n > LIMIT) return 0;\n  int a[n];\n  \
         a[0] = 1;\n  reach_error();\n  return 0;\n}}\n"
    );
    let p = lower(&src.replace("LIMIT", "0"));
    for n in [0, -1] {
        let r = run(&p, &[n], 1000);
        assert!(matches!(&r.outcome, Outcome::Stuck { reason, .. } if reason.contains("assume")), "{:?}", r.outcome);
    }
    assert_eq!(check(&src.replace("LIMIT", "0")).verdict, Verdict::Safe);
    assert_eq!(check(&src.replace("LIMIT", "1")).verdict, Verdict::Violation);
}
