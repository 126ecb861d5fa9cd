use super::*;
use engine::Verdict;

fn check_src(src: &str) -> (Outcome, Report) {
    let prog = cfront::lower_str("t.c", src, &cfront::Options::default()).expect("lowers");
    check_with_report(&prog, &Options { time: Some(Duration::from_secs(20)), ..Options::default() })
}

/// gcc: `x` steps 0, 2, …, 100 and the loop leaves with x == 100 (even, never 101).
#[test]
fn a_counting_loop_is_proved_safe() {
    let (o, r) = check_src(
        "void reach_error(void);\n\
         int main(void) { unsigned x = 0; while (x < 100) x += 2; if (x == 101) reach_error(); return 0; }\n",
    );
    assert_eq!(o.verdict, Verdict::Safe, "{}", o.detail);
    assert_eq!(o.engine, EngineKind::Horn);
    assert_eq!(r.invariants.len(), 1, "{:?}", r.invariants);
}

/// The same loop leaves with x == 100: the error is reachable, never SAFE.
#[test]
fn a_buggy_loop_is_not_safe() {
    let (o, _) = check_src(
        "void reach_error(void);\n\
         int main(void) { unsigned x = 0; while (x < 100) x += 2; if (x == 100) reach_error(); return 0; }\n",
    );
    assert_eq!(o.verdict, Verdict::Unknown, "{}", o.detail);
}

/// Wrap-around is C's: the unsigned char counter wraps past 255 and is 4 after the loop.
/// Read as integers it would be 260, and the integer reading's solution (`c == 250 + n`)
/// says the error is unreachable: the validation against the bit-vector clauses rejects it.
#[test]
fn the_integer_reading_cannot_make_up_a_proof() {
    let (o, _) = check_src(
        "void reach_error(void);\n\
         int main(void) { unsigned char c = 250; int n = 0; while (n < 10) { c++; n++; } if (c == 4) reach_error(); return 0; }\n",
    );
    assert_ne!(o.verdict, Verdict::Safe, "{}", o.detail);
}

/// A recursive function through summaries: sum(n) == n for the identity recursion.
#[test]
fn recursion_through_summaries() {
    let src = |cond: &str| {
        format!(
            "void reach_error(void);\n\
             extern int __VERIFIER_nondet_int(void);\n\
             int id(int n) {{ if (n <= 0) return 0; return id(n - 1) + 1; }}\n\
             int main(void) {{ int n = __VERIFIER_nondet_int(); if (n < 0 || n > 1000) return 0; int r = id(n); if ({cond}) reach_error(); return 0; }}\n"
        )
    };
    let (o, _) = check_src(&src("r != n"));
    assert_eq!(o.verdict, Verdict::Safe, "{}", o.detail);
    let (o, _) = check_src(&src("r == n"));
    assert_ne!(o.verdict, Verdict::Safe, "{}", o.detail);
}

/// Memory: a value stored through a pointer by a callee is read back (a loop over memory is
/// beyond Spacer's bit-vector route within the time on a loaded machine).
#[test]
fn memory_through_pointers() {
    let src = |cond: &str| {
        format!(
            "void reach_error(void);\n\
             void set(int *p, int v) {{ *p = v; }}\n\
             int main(void) {{ int a = 0; set(&a, 3); if ({cond}) reach_error(); return 0; }}\n"
        )
    };
    let (o, _) = check_src(&src("a != 3"));
    assert_eq!(o.verdict, Verdict::Safe, "{}", o.detail);
    let (o, _) = check_src(&src("a == 3"));
    assert_ne!(o.verdict, Verdict::Safe, "{}", o.detail);
}

/// A stop flag set before the check makes it UNKNOWN at once.
#[test]
fn a_set_cancel_flag_is_unknown() {
    let prog = cfront::lower_str(
        "t.c",
        "void reach_error(void);\nint main(void) { unsigned x = 0; while (x < 100) x += 2; if (x == 101) reach_error(); return 0; }\n",
        &cfront::Options::default(),
    )
    .expect("lowers");
    let o = check(&prog, &Options { cancel: Some(Arc::new(AtomicBool::new(true))), ..Options::default() });
    assert_eq!(o.verdict, Verdict::Unknown, "{}", o.detail);
}

fn check_in(src: &str, answer: Option<cminus::ub::UbMode>) -> Outcome {
    let mut prog = cfront::lower_str("t.c", src, &cfront::Options::default()).expect("lowers");
    prog.answer_undefined = answer;
    check_with_report(&prog, &Options { time: Some(Duration::from_secs(20)), ..Options::default() }).0
}

const ASSUME_NONE: Option<cminus::ub::UbMode> = Some(cminus::ub::UbMode::AssumeNone);

/// SV-COMP's loop-lit/afnp2014: `x` grows by `y` and `x >= y` holds, but in gcc's semantics
/// only with a bound on `x` (else `x + y` wraps), which the integer reading cannot find. The
/// program lowered in gcc's semantics with the answer asked without undefined behaviour
/// (`slam check`'s lazy assume-none) is proved in the mode asked.
#[test]
fn a_program_is_proved_in_the_mode_the_answer_is_asked_in() {
    let src = |cond: &str| {
        format!(
            "void reach_error(void);\n\
             extern int __VERIFIER_nondet_int(void);\n\
             int main(void) {{ int x = 1; int y = 0;\n\
               while (y < 1000 && __VERIFIER_nondet_int()) {{ x = x + y; y = y + 1; }}\n\
               if (!({cond})) reach_error(); return 0; }}\n"
        )
    };
    let o = check_in(&src("x >= y"), ASSUME_NONE);
    assert_eq!(o.verdict, Verdict::Safe, "{}", o.detail);
    let o = check_in(&src("x >= y + 1"), ASSUME_NONE);
    assert_ne!(o.verdict, Verdict::Safe, "{}", o.detail);
}

/// Safe only because a signed `x + 1` does not overflow: SAFE when the answer is asked
/// without undefined behaviour, never in gcc's semantics (where `y` wraps to INT_MIN).
#[test]
fn the_mode_asked_decides_what_safe_means() {
    let src = "void reach_error(void);\n\
               extern int __VERIFIER_nondet_int(void);\n\
               int main(void) { int x = __VERIFIER_nondet_int(); if (x > 0) { int y = x + 1; if (y <= 0) reach_error(); } return 0; }\n";
    let o = check_in(src, ASSUME_NONE);
    assert_eq!(o.verdict, Verdict::Safe, "{}", o.detail);
    let o = check_in(src, None);
    assert_ne!(o.verdict, Verdict::Safe, "{}", o.detail);
}

/// SV-COMP's loop-new/half: Spacer's integer invariant has `i mod 2`; read back as the low
/// bit (not a 128-bit division circuit) the validation checks it at once.
#[test]
fn a_parity_invariant_validates() {
    let src = |cond: &str| {
        format!(
            "void reach_error(void);\n\
             extern int __VERIFIER_nondet_int(void);\n\
             int main(void) {{ int i = 0; int n = 0; int k = __VERIFIER_nondet_int();\n\
               if (!(k <= 1000000 && k >= -1000000)) return 0;\n\
               for (i = 0; i < 2 * k; i++) {{ if (i % 2 == 0) n++; }}\n\
               if (!({cond})) reach_error(); return 0; }}\n"
        )
    };
    let o = check_in(&src("k < 0 || n == k"), ASSUME_NONE);
    assert_eq!(o.verdict, Verdict::Safe, "{}", o.detail);
    let o = check_in(&src("k < 0 || n == k + 1"), ASSUME_NONE);
    assert_ne!(o.verdict, Verdict::Safe, "{}", o.detail);
}

/// SV-COMP's loops-crafted-1/loopv1: `i % 3 == 0` at 64 bits is beyond the bit-blasting
/// prover's time; the exact integer reading of the validation query decides it.
#[test]
fn a_remainder_invariant_validates_in_integer_arithmetic() {
    let src = |cond: &str| {
        format!(
            "void reach_error(void);\n\
             extern int __VERIFIER_nondet_int(void);\n\
             int main(void) {{ int n = __VERIFIER_nondet_int(); int i = 0;\n\
               if (!(n <= 50000001)) return 0;\n\
               while (i < n) {{ if (__VERIFIER_nondet_int()) i = i + 6; else i = i + 3; }}\n\
               if (!({cond})) reach_error(); return 0; }}\n"
        )
    };
    let o = check_in(&src("i % 3 == 0"), ASSUME_NONE);
    assert_eq!(o.verdict, Verdict::Safe, "{}", o.detail);
    let o = check_in(&src("i % 6 == 0"), ASSUME_NONE);
    assert_ne!(o.verdict, Verdict::Safe, "{}", o.detail);
}

/// Memory in the relations only when a statement reads or writes it: SV-COMP's `reach_error`
/// passes string addresses to `__assert_fail` (no memory), a pointer's target is memory; the
/// integer reading with all of the time (`integer_only`) proves the first.
#[test]
fn string_addresses_are_not_memory_and_the_integer_reading_alone_proves() {
    let lower = |src: &str| cfront::lower_str("t.c", src, &cfront::Options::default()).expect("lowers");
    let strings = lower(
        "void __assert_fail(const char *, const char *, unsigned, const char *);\n\
         void reach_error(void) { __assert_fail(\"0\", \"t.c\", 3, \"reach_error\"); }\n\
         int main(void) { unsigned x = 0; while (x < 100) x += 2; if (x == 101) reach_error(); return 0; }\n",
    );
    assert!(!uses_memory(&strings));
    let o = check(&strings, &Options { time: Some(Duration::from_secs(20)), integer_only: true, ..Options::default() });
    assert_eq!(o.verdict, Verdict::Safe, "{}", o.detail);
    let pointer = lower(
        "void reach_error(void);\n\
         int main(void) { unsigned x = 0; unsigned *p = &x; while (*p < 100) *p += 2; if (x == 101) reach_error(); return 0; }\n",
    );
    assert!(uses_memory(&pointer));
}
