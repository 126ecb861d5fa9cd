//! The calls with a meaning of their own: the error functions and the property, `atexit`,
//! GNU atomic/sync/overflow builtins (printed C--), and what is diagnosed "not supported".

mod common;

use common::{lower, lower_with, text};

fn body(src: &str) -> String {
    text(&lower(src), "main")
}

fn diags(src: &str) -> Vec<String> {
    match cfront::lower_str("t.c", src, &cfront::Options::default()) {
        Ok(_) => vec![],
        Err(d) => d.into_iter().map(|d| format!("{}:{}: {}", d.line, d.col, d.message)).collect(),
    }
}

#[test]
fn a_defined_reach_error_is_the_error() {
    let p = lower("void reach_error() {}\nint main() { reach_error(); return 0; }");
    assert!(text(&p, "main").contains("error(\"reach_error\");"), "{}", text(&p, "main"));
    // also through a function pointer
    let p = lower(
        "void reach_error() {} void ok(void) {}
int main() { void (*f)(void) = ok; if (__VERIFIER_nondet_int()) f = reach_error; f(); return 0; }",
    );
    let t = text(&p, "main");
    assert!(t.contains("assume(f == &reach_error);\n  error(\"reach_error\");"), "{t}");
}

#[test]
fn the_property_decides_what_a_failed_assert_is() {
    let src = "#include <assert.h>\nextern void reach_error(void);\nint main() { int x = __VERIFIER_nondet_int(); assert(x != 4); return 0; }";
    // the program mentions reach_error: unreach-call, a failed assert ends the run
    let t = text(&lower(src), "main");
    assert!(t.contains("halt;") && !t.contains("error("), "{t}");
    let opts = cfront::Options { property: Some(cfront::Property::Assertions), ..Default::default() };
    let t = text(&lower_with(src, &opts), "main");
    assert!(t.contains("error(\"assertion failed: x != 4\");"), "{t}");
    // no reach_error: assertions by default
    let t = text(
        &lower("#include <assert.h>\nint main() { int x = __VERIFIER_nondet_int(); assert(x != 4); return 0; }"),
        "main",
    );
    assert!(t.contains("error(\"assertion failed: x != 4\");"), "{t}");
    let opts = cfront::Options { property: Some(cfront::Property::UnreachCall), ..Default::default() };
    let t = text(
        &lower_with("int main() { int x = __VERIFIER_nondet_int(); __VERIFIER_assert(x != 4); return 0; }", &opts),
        "main",
    );
    assert!(t.contains("halt;") && !t.contains("error("), "{t}");
}

#[test]
fn atexit_handlers_run_in_reverse_at_exit_and_return() {
    let p = lower(
        "#include <stdlib.h>
int g; void h1(void) { g = g + 1; } void h2(void) { g = g * 3; }
int main() { atexit(h1); atexit(h2); if (__VERIFIER_nondet_int()) exit(g); return g; }",
    );
    let t = text(&p, "main");
    assert!(t.contains("__slam_atexit(&h1);\n  __slam_atexit(&h2);"), "{t}");
    assert!(t.contains("__slam_atexit_run();\n  halt;"), "{t}");
    assert!(t.contains("__atexit_status := g;\n  __slam_atexit_run();\n  return __atexit_status;"), "{t}");
    // the value returned is computed before the handlers run
    let r = cminus::interp::run(&p, &[0], 10_000);
    assert_eq!(r.outcome, cminus::interp::Outcome::Returned(Some(0)));
    // h2 runs first (g = 3), then h1 reaches the error: reverse order
    let p = lower(
        "#include <stdlib.h>
extern void reach_error(void); int g; void h1(void) { if (g == 3) reach_error(); } void h2(void) { g = g + 2; }
int main() { g = 1; atexit(h1); atexit(h2); return 0; }",
    );
    let r = cminus::interp::run(&p, &[], 10_000);
    assert!(matches!(r.outcome, cminus::interp::Outcome::Error { .. }), "{:?}", r.outcome);
}

#[test]
fn atomic_builtins_read_and_write_the_object() {
    let t = body(
        "int g; int main() { int v = __VERIFIER_nondet_int();
int old = __atomic_fetch_add(&g, v, __ATOMIC_SEQ_CST);
int e = 0; _Bool ok = __atomic_compare_exchange_n(&g, &e, 5, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
return __sync_lock_test_and_set(&g, 1); }",
    );
    for line in [
        "__t0 := g;",
        "g := __t0 + v;",
        "old := __t0;",
        "__t1 := 5;",
        "__t2 := g;",
        "__t3 := __t2 == e;",
        "assume(__t3);\n  g := __t1;",
        "assume(!__t3);\n  e := __t2;",
        "ok := __t3;",
        "__t4 := g;",
        "__t5 := 1;",
        "g := __t5;",
        "return __t4;",
    ] {
        assert!(t.contains(line), "missing {line:?} in\n{t}");
    }
}

#[test]
fn overflow_builtins_are_exact() {
    // up to 32 bits: computed exactly in 64 bits
    let t = body("int main() { int a = __VERIFIER_nondet_int(); short r; return __builtin_mul_overflow(a, 3u, &r); }");
    assert!(t.contains("__t1 := (long)a * (long)3;"), "{t}");
    assert!(t.contains("__t0 := __t1 < (long)-32768 || __t1 > (long)32767;"), "{t}");
    assert!(t.contains("r := (short)__t1;"), "{t}");
    // two unsigned 32-bit operands: the product in unsigned 64 bits
    let t = body(
        "int main() { unsigned a = __VERIFIER_nondet_uint(); unsigned r; return __builtin_mul_overflow(a, a, &r); }",
    );
    assert!(t.contains("__t1 := (ulong)a * (ulong)a;"), "{t}");
    assert!(t.contains("__t0 := __t1 > (ulong)4294967295;"), "{t}");
    // 64 bits: the carry out of the 64-bit magnitude, by division
    let t = body("int main() { unsigned long n = __VERIFIER_nondet_ulong(); unsigned long r; return __builtin_mul_overflow(n, 16ul, &r); }");
    assert!(t.contains("__t0 := n != (ulong)0 && n * (ulong)16 / n != (ulong)16;"), "{t}");
    assert!(t.contains("r := n * (ulong)16;"), "{t}");
    // a signed 64-bit operand: one case per sign
    let t = body("int main() { long a = __VERIFIER_nondet_long(); long r; return __builtin_add_overflow(a, 1, &r); }");
    assert!(
        t.contains(
            "a >= (long)0 && ((ulong)a + (ulong)1 < (ulong)a || (ulong)a + (ulong)1 > (ulong)9223372036854775807)"
        ),
        "{t}"
    );
    assert!(t.contains("r := (long)((ulong)a + (ulong)1);"), "{t}");
}

#[test]
fn unmodelled_calls_are_not_supported() {
    assert_eq!(
        diags("#include <pthread.h>\nvoid *w(void *a) { return a; }\nint main() { pthread_t t; pthread_create(&t, 0, w, 0); return 0; }"),
        vec!["3:27: concurrency is not supported: pthread_create"]
    );
    assert_eq!(
        diags("#include <setjmp.h>\njmp_buf b;\nint main() { if (setjmp(b)) return 1; longjmp(b, 1); }"),
        vec!["3:17: non-local jumps are not supported: _setjmp"]
    );
    assert_eq!(
        diags("int main() { return (int)(long)__builtin_return_address(0); }"),
        vec!["1:32: the GNU builtin __builtin_return_address is not supported"]
    );
    assert_eq!(
        diags("int main() { __atomic_fetch_add((int **)0, 1, 0); return 0; }"),
        vec!["1:33: __atomic_fetch_add on a non-integer object is not supported"]
    );
    assert_eq!(
        diags("int f(int x) { return __builtin_add_overflow(x, x, (__int128 *)0); }\nint main() { return f(1); }")
            .len(),
        1
    );
}

#[test]
fn types_compatible_p_where_the_lowered_types_decide() {
    let p = lower(
        "struct s { int a; } v; int arr[4];
int main() { return __builtin_types_compatible_p(typeof(arr), typeof(&arr[0])) * 10
  + __builtin_types_compatible_p(struct s, typeof(v)) * 3
  + __builtin_types_compatible_p(void, struct s); }",
    );
    assert!(text(&p, "main").contains("return 3;"), "{}", text(&p, "main"));
    // the kernel's __must_be_array: a constant expression in a bit-field width
    let p = lower(
        "int arr[4];
int main() { return sizeof(arr) / sizeof(arr[0]) + sizeof(struct { int : -!!(__builtin_types_compatible_p(typeof(arr), typeof(&arr[0]))); }); }",
    );
    assert!(text(&p, "main").contains("return "), "{}", text(&p, "main"));
    assert_eq!(
        diags("int main() { long a; return __builtin_types_compatible_p(typeof(a), long long); }"),
        vec!["1:29: __builtin_types_compatible_p of long and long is not supported (qualifiers, enums and integer type names are not kept)"]
    );
}

#[test]
fn typeof_keeps_array_types() {
    // gcc: sizeof(typeof(arr)) is the array's size
    let p = lower("int arr[4]; int main() { typeof(arr) b; return sizeof(typeof(arr)) + sizeof(b); }");
    assert!(text(&p, "main").contains("return 32;"), "{}", text(&p, "main"));
}

#[test]
fn thread_roots_make_pthread_create_an_external_call() {
    let src = "typedef unsigned long pthread_t;
int pthread_create(pthread_t *t, void *a, void *(*f)(void *), void *x);
void *w(void *x) { return x; }
int main() { pthread_t t; return pthread_create(&t, 0, w, 0); }";
    assert!(diags(src).iter().any(|d| d.contains("concurrency is not supported: pthread_create")), "{:?}", diags(src));
    let p = lower_with(src, &cfront::Options { thread_roots: true, ..Default::default() });
    let t = text(&p, "main");
    // the start routine is not called: it is an entry of its own
    assert!(t.contains("pthread_create(&t, (void *)0, &w, (void *)0)"), "{t}");
    assert!(!t.contains("w(("), "{t}");
}

#[test]
fn entry_mid_run_makes_changed_globals_unknown() {
    let src = "int hits; int limit = 5; int *where = &limit; const char *name = \"x\";
void on_signal(int s) { if (hits > limit) hits = 0; }
int main() { hits++; return 0; }";
    let opts = cfront::Options { entry: "on_signal".into(), entry_mid_run: true, ..Default::default() };
    let p = lower_with(src, &opts);
    let init = |n: &str| format!("{:?}", p.globals.iter().find(|g| g.c_name == n).expect(n).init);
    // assigned (hits) or address taken (limit): unknown; never changed (where, name): kept
    assert!(init("hits").contains("Nondet"), "{}", init("hits"));
    assert!(init("limit").contains("Nondet"), "{}", init("limit"));
    assert!(!init("where").contains("Nondet"), "{}", init("where"));
    assert!(!init("name").contains("Nondet"), "{}", init("name"));
    let p = lower_with(src, &cfront::Options { entry: "on_signal".into(), ..Default::default() });
    assert!(!format!("{:?}", p.globals).contains("Nondet"));
}

#[test]
fn asprintf_stores_a_fresh_string_or_null() {
    let t = body(
        "int asprintf(char **s, const char *f, ...);
int main() { char *s; if (asprintf(&s, \"%d\", 3) < 0) return 1; return s[0]; }",
    );
    assert!(t.contains("__slam_asprintf_buffer()"), "{t}");
    assert!(t.contains("s := __t"), "{t}");
    assert!(t.contains(":= -1;"), "{t}");
}

#[test]
fn fork_returns_minus_one_zero_or_a_child() {
    // one run of the model is one process's run: the parent's, the child's, or no child
    let t = body("#include <unistd.h>\nint main() { pid_t p = fork(); if (p == 0) return 1; return p < 0 ? 2 : 3; }");
    assert!(t.contains("fork()"), "{t}");
    assert!(t.contains(">= -1"), "{t}");
    let p = lower("#include <unistd.h>\nint main() { switch (vfork()) { case -1: return 2; case 0: _exit(0); default: return 0; } }");
    assert!(text(&p, "main").contains("vfork()"), "{}", text(&p, "main"));
}

#[test]
fn headers_see_no_128_bit_integers() {
    // a header takes its portable path instead of `__int128`, which slam does not model
    let t = body("int main() {\n#ifdef __SIZEOF_INT128__\n  return 128;\n#else\n  return 64;\n#endif\n}");
    assert!(t.contains("return 64;") && !t.contains("return 128;"), "{t}");
}

#[test]
fn a_library_builtin_is_the_library_function() {
    // gcc's `__builtin_memcmp` is `memcmp`; an implicit `strlen` counts in size_t
    let t = body("int main() { char a[2] = \"x\", b[2] = \"y\"; int r = __builtin_memcmp(a, b, 2); unsigned long n = strlen(a); return r + (int)n; }");
    assert!(t.contains(":= memcmp(") && !t.contains("__builtin_memcmp"), "{t}");
    let p = lower("int main() { char a[2] = \"x\"; return strlen(a) > 0; }");
    assert!(text(&p, "main").contains("ulong __t"), "{}", text(&p, "main"));
    // a program's own function of the library's name is not what gcc's builtin calls
    let d = diags("int memcmp(const void *a, const void *b, unsigned long n) { return 0; }\nint main() { char a[2], b[2]; return __builtin_memcmp(a, b, 2); }");
    assert!(d.iter().any(|m| m.contains("the GNU builtin __builtin_memcmp is not supported")), "{d:?}");
}

#[test]
fn a_comparison_result_has_the_sign_of_the_first_difference() {
    let t = body("#include <string.h>\nint main() { char a[3] = \"ab\", b[3] = \"ac\"; return memcmp(a, b, 2) < 0; }");
    // a constant count: two byte pairs, then equality
    assert!(t.contains("memcmp(") && t.contains("assume("), "{t}");
    assert!(t.contains("*(__t1 + 1) < *(__t2 + 1) && __t3 < 0"), "{t}");
    assert!(!t.contains("*(__t1 + 2)"), "{t}");
    // strcmp stops at a NUL
    let t = body("#include <string.h>\nint main() { char a[3] = \"ab\", b[3] = \"ac\"; return strcmp(a, b); }");
    assert!(t.contains("*(__t1 + 0) == (uchar)0 && __t3 == 0"), "{t}");
}
