use super::*;
use engine::Verdict;

fn lower(src: &str) -> Program {
    let full = format!(
        "extern float __VERIFIER_nondet_float(void); extern double __VERIFIER_nondet_double(void);
         extern int __VERIFIER_nondet_int(void); extern unsigned __VERIFIER_nondet_uint(void);
         extern void abort(void); void reach_error(void);
         void assume_abort_if_not(int c) {{ if (!c) abort(); }}
         {src}"
    );
    cfront::lower_str("t.c", &full, &cfront::Options::default()).expect("lowers")
}

fn run(src: &str) -> Outcome {
    let opts = Options { time: Some(Duration::from_secs(20)), ..Options::default() };
    check(&lower(src), &opts)
}

fn safe(src: &str) {
    let o = run(src);
    assert_eq!(o.verdict, Verdict::Safe, "{:?} {}", o.reason, o.detail);
    assert_eq!(o.engine, EngineKind::Interval);
}

fn not_safe(src: &str) {
    let o = run(src);
    assert_ne!(o.verdict, Verdict::Safe, "{}", o.detail);
    assert_ne!(o.verdict, Verdict::Violation, "the analysis never reports a violation");
}

#[test]
fn a_polynomial_over_an_input_range_is_proved_by_splitting() {
    // floats-cdfpl's square root series: the bounds need the input split, not just intervals
    safe(
        "int main() { float x = __VERIFIER_nondet_float(); assume_abort_if_not(x >= 0.0f && x < 1.0f);
           float r = 1.0f + 0.5f*x - 0.125f*x*x + 0.0625f*x*x*x - 0.0390625f*x*x*x*x;
           if (!(r >= 0.0f && r < 1.5f)) reach_error(); return 0; }",
    );
}

#[test]
fn a_bound_that_one_input_breaks_is_not_proved() {
    // r reaches 1.5 only near x = 1: still not SAFE
    not_safe(
        "int main() { float x = __VERIFIER_nondet_float(); assume_abort_if_not(x >= 0.0f && x <= 1.0f);
           float r = 1.0f + 0.5f*x;
           if (!(r < 1.5f)) reach_error(); return 0; }",
    );
}

#[test]
fn nan_inputs_reach_errors_that_ranges_miss() {
    // without the range check, x may be NaN: x < 2 and x >= 2 are both false
    not_safe(
        "int main() { double x = __VERIFIER_nondet_double();
           if (x < 2.0) return 0; if (x >= 2.0) return 0; reach_error(); return 0; }",
    );
    safe(
        "int main() { double x = __VERIFIER_nondet_double(); assume_abort_if_not(x == x);
           if (x < 2.0) return 0; if (x >= 2.0) return 0; reach_error(); return 0; }",
    );
}

#[test]
fn an_input_range_inside_the_whole_line_is_found() {
    // the split of [-inf, inf] must not overflow the order of the doubles (it did: SAFE)
    not_safe(
        "int main() { double a = __VERIFIER_nondet_double(); assume_abort_if_not(a >= 0.69 && a <= 0.71);
           reach_error(); return 0; }",
    );
    not_safe(
        "int main() { float a = __VERIFIER_nondet_float(); assume_abort_if_not(a >= -1e30f && a <= -1e29f);
           reach_error(); return 0; }",
    );
}

#[test]
fn float_rounding_is_gccs() {
    // 0.1f + 0.2f == 0.3f in binary32 (and 0.1 + 0.2 != 0.3 in binary64)
    safe("int main() { float a = 0.1f, b = 0.2f; if (a + b != 0.3f) reach_error(); return 0; }");
    safe("int main() { double a = 0.1, b = 0.2; if (a + b == 0.3) reach_error(); return 0; }");
    not_safe("int main() { double a = 0.1, b = 0.2; if (a + b != 0.3) reach_error(); return 0; }");
}

#[test]
fn small_integer_ranges_are_enumerated() {
    // the loop bound is an input of 1..1000: every value is run
    safe(
        "int main() { int n = __VERIFIER_nondet_int(); assume_abort_if_not(n >= 1 && n <= 1000);
           long long s = 0; for (int i = 1; i <= n; i++) s += i;
           if (2 * s != (long long)n * (n + 1)) reach_error(); return 0; }",
    );
    not_safe(
        "int main() { int n = __VERIFIER_nondet_int(); assume_abort_if_not(n >= 1 && n <= 1000);
           int s = 0; for (int i = 1; i <= n; i++) s += i;
           if (s == 500500) reach_error(); return 0; }",
    );
}

#[test]
fn wrapping_and_division_by_zero() {
    not_safe("int main() { unsigned x = __VERIFIER_nondet_uint(); if (x + 1u < x) reach_error(); return 0; }");
    // a division whose divisor may be zero is not passed over
    not_safe("int main() { int x = __VERIFIER_nondet_int(); int y = 10 / x; return y; }");
    safe("int main() { int x = __VERIFIER_nondet_int(); if (x == 0) return 0; int y = 10 / x; if (y > 10) reach_error(); return 0; }");
}

#[test]
fn arrays_indexed_in_bounds_and_conversions() {
    safe(
        "double T[4] = {0.0, 0.5, 1.0, 1.5};
         int main() { double x = __VERIFIER_nondet_double(); assume_abort_if_not(x >= 0.0 && x < 3.0);
           int i = (int) x; if (i < 0 || i > 2) reach_error(); double v = T[i] + (x - i) * (T[i+1] - T[i]);
           if (v < 0.0 || v > 1.5) reach_error(); return 0; }",
    );
    // the conversion of a float out of int's range is undefined: never SAFE past it
    not_safe("int main() { double x = __VERIFIER_nondet_double(); assume_abort_if_not(x >= 0.0); int i = (int) x; return i; }");
}

#[test]
fn pointers_stop_the_analysis() {
    let o = run("int main() { int x = __VERIFIER_nondet_int(); int *p = &x; if (*p != x) reach_error(); return 0; }");
    assert_eq!(o.reason, StopReason::Unsupported, "{}", o.detail);
}

#[test]
fn calls_and_recursion() {
    safe(
        "double f(double x) { return x * x; }
         int fact(int n) { return n <= 1 ? 1 : n * fact(n - 1); }
         int main() { double a = __VERIFIER_nondet_double(); assume_abort_if_not(a > -2.0 && a < 2.0);
           if (f(a) < 0.0 || f(a) >= 4.0) reach_error(); if (fact(5) != 120) reach_error(); return 0; }",
    );
}

#[test]
fn a_box_cut_by_the_time_limit_is_not_closed() {
    // one box, no input to split: the time limit must not turn it into SAFE
    let p = lower(
        "int main() { unsigned x = 0; for (unsigned i = 0; i < 4000000000u; i++) x += i; if (x == 7) return 1; return 0; }",
    );
    let o =
        check(&p, &Options { time: Some(Duration::from_millis(200)), box_steps: u64::MAX / 2, ..Options::default() });
    assert_eq!(o.reason, StopReason::TimeLimit, "{}", o.detail);
}

#[test]
fn an_input_per_loop_trip_is_bounded() {
    // `while (nondet())` forks without end: the analysis gives up within its time
    let p = lower(
        "int main() { unsigned x = 5; while (__VERIFIER_nondet_int()) x += 8; if ((x & 5) != 5) reach_error(); return 0; }",
    );
    let t0 = Instant::now();
    let o = check(&p, &Options { time: Some(Duration::from_secs(2)), ..Options::default() });
    assert_ne!(o.verdict, Verdict::Safe);
    assert!(t0.elapsed() < Duration::from_secs(12), "{:?}", t0.elapsed());
}
