//! One test per construct of the lowering: the printed C-- (snapshot style) and CFG shapes.

use cminus::cfg::Cfg;
use cminus::{print_proc, PrintOptions, Program, StmtKind};

fn lower(src: &str) -> Program {
    let src = if src.contains("main(") { src.to_string() } else { format!("{src}\nint main(void) {{ return 0; }}") };
    let p = cfront::lower_str("t.c", &src, &cfront::Options::default())
        .unwrap_or_else(|d| panic!("lowering failed: {d:?}"));
    assert!(p.validate().is_empty(), "{:?}", p.validate());
    p
}

fn proc_text(p: &Program, name: &str) -> String {
    print_proc(p, p.proc(name).expect("proc"), &PrintOptions::default())
}

#[track_caller]
fn snap(src: &str, name: &str, expected: &str) {
    let p = lower(src);
    let got = proc_text(&p, name);
    assert_eq!(got.trim(), expected.trim(), "\n--- got ---\n{got}");
}

/// The seed lecture's example (slides 14 and 15).
#[test]
fn lecture_cmp_main() {
    let src = "int g;
void cmp(int a, int b) { if (a == b) g = 0; else g = 1; }
int main(int x, int y) { cmp(x, y); if (!g) { if (x != y) assert(0); } }";
    snap(
        src,
        "cmp",
        "void cmp(int a, int b) {
  goto L1, L2;
L1:
  assume(a == b);
  g := 0;
  goto L3;
L2:
  assume(a != b);
  g := 1;
L3:
  return;
}",
    );
    snap(
        src,
        "main",
        "int main(int x, int y) {
  cmp(x, y);
  goto L4, L5;
L4:
  assume(g == 0);
  goto L7, L8;
L7:
  assume(x != y);
  error(\"assertion failed\");
L8:
  assume(x == y);
  goto L6;
L5:
  assume(g != 0);
L6:
  return 0;
}",
    );
    let p = lower(src);
    let cfg = Cfg::build(p.proc("cmp").unwrap());
    assert_eq!(cfg.succs(0), vec![Some(1), Some(4)]);
    assert_eq!(cfg.succs(3), vec![Some(6)]);
    assert_eq!(cfg.succs(6), vec![None]);
}

#[test]
fn side_effects_into_temporaries() {
    snap(
        "int f(int x) { int y = x++ + 2; y += x; return y; }",
        "f",
        "int f(int x) {
  int y;
  int __t0;
  __t0 := x;
  x := x + 1;
  y := __t0 + 2;
  y := y + x;
  return y;
}",
    );
}

#[test]
fn while_with_and_break_continue() {
    snap(
        "int w(int n) { int s = 0; while (n > 0 && s < 10) { s += n; n--; if (s == 3) continue; if (s == 7) break; } return s; }",
        "w",
        "int w(int n) {
  int s;
  s := 0;
L1:
  goto L5, L6;
L6:
  assume(n <= 0);
  goto L2;
L5:
  assume(n > 0);
  goto L7, L8;
L8:
  assume(s >= 10);
  goto L2;
L7:
  assume(s < 10);
  s := s + n;
  n := n - 1;
  goto L9, L10;
L9:
  assume(s == 3);
  goto L1;
L10:
  assume(s != 3);
  goto L12, L13;
L12:
  assume(s == 7);
  goto L2;
L13:
  assume(s != 7);
  goto L1;
L2:
  return s;
}",
    );
}

#[test]
fn do_while_and_for() {
    snap(
        "int g; int d(int n) { do { n--; } while (n); for (int i = 0; i < 3; i++) g++; return n; }",
        "d",
        "int d(int n) {
  int i;
L1:
  n := n - 1;
  goto L4, L5;
L5:
  assume(n == 0);
  goto L3;
L4:
  assume(n != 0);
  goto L1;
L3:
  i := 0;
L6:
  goto L9, L10;
L10:
  assume(i >= 3);
  goto L8;
L9:
  assume(i < 3);
  g := g + 1;
  i := i + 1;
  goto L6;
L8:
  return n;
}",
    );
}

#[test]
fn switch_fallthrough_default() {
    snap(
        "int sw(int c) { int r = 0; switch (c) { case 1: r = 1; case 2: r += 2; break; default: r = 9; } return r; }",
        "sw",
        "int sw(int c) {
  int r;
  r := 0;
  goto L5, L6, L7;
L5:
  assume(c == 1);
  goto L2;
L6:
  assume(c == 2);
  goto L3;
L7:
  assume(c != 1 && c != 2);
  goto L4;
L2:
  r := 1;
L3:
  r := r + 2;
  goto L1;
L4:
  r := 9;
L1:
  return r;
}",
    );
}

#[test]
fn switch_without_default_goes_to_exit() {
    let p = lower("int s(int c) { switch (c + 1) { case 3: return 1; } return 0; }");
    let t = proc_text(&p, "s");
    assert!(t.contains("__t0 := c + 1;"), "{t}");
    assert!(t.contains("assume(__t0 != 3);"), "{t}");
}

#[test]
fn conditional_expression() {
    snap(
        "int t(int a, int b) { return a > b ? a : b; }",
        "t",
        "int t(int a, int b) {
  int __t0;
  goto L1, L2;
L1:
  assume(a > b);
  __t0 := a;
  goto L3;
L2:
  assume(a <= b);
  __t0 := b;
L3:
  return __t0;
}",
    );
}

#[test]
fn logical_operators_with_side_effects_become_control_flow() {
    let p = lower("int lo(int a, int b) { int r = a && (b = 3); return r + b; }");
    let t = proc_text(&p, "lo");
    assert!(t.contains("b := 3;"), "{t}");
    assert!(t.contains("assume(a == 0);") && t.contains("assume(b != 0);"), "{t}");
    // a pure && in a value context stays an expression
    let p = lower("int pu(int a, int b) { int r = a && b; return r; }");
    assert!(proc_text(&p, "pu").contains("r := (int)(a != 0 && b != 0);"));
}

#[test]
fn goto_and_labels() {
    snap(
        "int gt(int a) { if (a) goto done; a = 5; done: return a; }",
        "gt",
        "int gt(int a) {
  goto L1, L2;
L1:
  assume(a != 0);
  goto done;
L2:
  assume(a == 0);
  a := 5;
done:
  return a;
}",
    );
}

#[test]
fn fields_pointers_arrays() {
    snap(
        "struct S { int a; struct S *next; int arr[3]; };
int fld(struct S *p, struct S s) { p->next->a = s.arr[1]; int *q = &s.arr[2]; *q = p[1].a; return (*p).a; }",
        "fld",
        "int fld(struct S *p, struct S s) {
  int *q;
  p->next->a := s.arr[1];
  q := &s.arr[2];
  *q := (p + 1)->a;
  return p->a;
}",
    );
}

#[test]
fn external_calls_and_casts() {
    let p = lower(
        "int ext(int); int callext(int a) { return ext(a) + ext(2); }
unsigned char cast(int x) { return (unsigned char)x + (long)x; }",
    );
    assert_eq!(p.externs.len(), 1);
    assert_eq!(p.externs[0].name, "ext");
    let t = proc_text(&p, "callext");
    assert!(t.contains("__t0 := ext(a);") && t.contains("__t1 := ext(2);"), "{t}");
    assert!(proc_text(&p, "cast").contains("return (uchar)((long)(uchar)x + (long)x);"));
}

#[test]
fn function_pointer_calls_use_points_to() {
    let p = lower(
        "int f(int x) { return x; } int ext(int); int g;
int main(void) { int (*fp)(int) = f; if (g) fp = ext; return fp(1); }",
    );
    let t = proc_text(&p, "main");
    assert!(t.contains("assume(fp == &ext);") && t.contains("__t0 := ext(1);"), "{t}");
    assert!(t.contains("assume(fp == &f);") && t.contains("__t0 := f(1);"), "{t}");
    // a pointer with no known target is a havoc of the result
    let p = lower("int main(void) { int (*fp)(void); return fp(); }");
    assert!(proc_text(&p, "main").contains("__t0 := nondet<int>;"));
}

#[test]
fn dispatch_table_in_struct() {
    let p = lower(
        "struct ops { void (*run)(int); }; int seen;
void a(int x) { seen = x; } void b(int x) { seen = -x; } void c(void) {}
struct ops tab[2] = { { a }, { b } };
int main(void) { int i = __VERIFIER_nondet_int(); tab[i & 1].run(3); return seen; }",
    );
    let t = proc_text(&p, "main");
    assert!(t.contains("a(3);") && t.contains("b(3);") && !t.contains("c("), "{t}");
}

#[test]
fn verification_conventions() {
    // with assertions as the property (a program mentioning reach_error gets unreach-call)
    let opts = cfront::Options { property: Some(cfront::Property::Assertions), ..Default::default() };
    let lower = |src: &str| cfront::lower_str("t.c", src, &opts).unwrap();
    let p = lower(
        "int main(void) { int x = __VERIFIER_nondet_int(); unsigned u = __VERIFIER_nondet_uint();
__VERIFIER_assume(x > 0 && x < 10);
if (x == 5) reach_error();
if (x == 6) __VERIFIER_error();
if (x == 7) abort();
if (x == 8) exit(1);
assert(u != 3);
return 0; }",
    );
    let t = proc_text(&p, "main");
    assert!(t.contains("x := nondet<int>;"), "{t}");
    assert!(t.contains("u := nondet<uint>;"), "{t}");
    assert!(t.contains("assume(x > 0 && x < 10);"), "{t}");
    assert!(t.contains("error(\"reach_error\");"), "{t}");
    assert!(t.contains("error(\"__VERIFIER_error\");"), "{t}");
    assert_eq!(t.matches("halt;").count(), 2, "{t}");
    assert!(t.contains("error(\"assertion failed\");"), "{t}");
}

#[test]
fn glibc_assert_is_an_error() {
    let p = lower("#include <assert.h>\nint main(void) { int x = __VERIFIER_nondet_int(); assert(x != 4); return 0; }");
    let t = proc_text(&p, "main");
    assert!(t.contains("error(\"assertion failed: x != 4\");"), "{t}");
}

#[test]
fn static_locals_become_globals() {
    let p = lower("int tick(void) { static int n = 3; return ++n; } int main(void) { return tick(); }");
    let g = p.global("tick::n").expect("static local");
    assert_eq!(g.c_name, "n");
    assert_eq!(g.init, cminus::Init::Expr(cminus::Expr::Int(3)));
    assert!(proc_text(&p, "tick").contains("tick::n := tick::n + 1;"));
}

#[test]
fn global_and_local_initialisers() {
    let p = lower(
        "struct P { int x; int y; }; struct P gp = { .y = 2 }; int ga[4] = { 1, [2] = 5 };
char *s = \"hi\"; int z;
int main(void) { struct P lp = { 7 }; int la[3] = { 1 }; return lp.x + la[2]; }",
    );
    let text = cminus::print_program(&p, &PrintOptions::default());
    assert!(text.contains("struct P gp = {0, 2};"), "{text}");
    assert!(text.contains("int ga[4] = {1, 0, 5};"), "{text}");
    assert!(text.contains("int z = 0;"), "{text}");
    assert!(text.contains("char *s = &__str0[0];"), "{text}");
    let t = proc_text(&p, "main");
    assert!(t.contains("lp.x := 7;") && t.contains("lp.y := 0;"), "{t}");
    assert!(t.contains("la[0] := 1;") && t.contains("la[2] := 0;"), "{t}");
}

#[test]
fn enums_typedefs_sizeof_data_models() {
    let src = "typedef enum { A, B = 5, C } e_t; typedef struct { char c; long l; int *p; } T;
int main(void) { e_t e = C; return e + sizeof(T) + sizeof(long) + sizeof(int[3][2]); }";
    let p = lower(src);
    let t = proc_text(&p, "main");
    // no enumerator is negative: gcc makes the enum unsigned int
    assert!(t.contains("uint e;") && t.contains("e := (uint)6;"), "{t}");
    assert!(t.contains("(ulong)24 + (ulong)8 + (ulong)24"), "{t}");
    let opts = cfront::Options { data_model: cfront::DataModel::Ilp32, ..Default::default() };
    let p = cfront::lower_str("t.c", src, &opts).unwrap();
    let t = proc_text(&p, "main");
    assert!(t.contains("(uint)12 + (uint)4 + (uint)24"), "{t}");
}

#[test]
fn gnu_extensions() {
    let p = lower(
        "__extension__ typedef unsigned long long u64;
struct __attribute__((packed)) h { int a; };
#define max(a, b) ({ typeof(a) _a = (a); typeof(b) _b = (b); _a > _b ? _a : _b; })
int main(void) { unsigned long v; int m = max(1, __VERIFIER_nondet_int());
asm volatile(\"mov %%cr0, %0\" : \"=r\"(v));
if (__builtin_expect(m > 2, 0)) return 1;
return __builtin_popcount(m); }",
    );
    let t = proc_text(&p, "main");
    assert!(t.contains("v := nondet<ulong>;"), "{t}");
    // a builtin is modelled, never an external function
    assert!(p.extern_fn("__builtin_popcount").is_none());
    let r = cminus::interp::run(&p, &[2], 10_000);
    assert_eq!(r.outcome, cminus::interp::Outcome::Returned(Some(1)));
}

#[test]
fn string_literals_and_compound_literals() {
    let p = lower(
        "struct P { int x, y; }; int len(const char *s) { int n = 0; while (*s++) n++; return n; }
int main(void) { struct P q = (struct P){ 1, 2 }; return len(\"abc\") + q.y; }",
    );
    assert!(p.global("__str0").is_some());
    let r = cminus::interp::run(&p, &[], 10_000);
    assert_eq!(r.outcome, cminus::interp::Outcome::Returned(Some(5)));
}

#[test]
fn several_files_resolve_calls_by_name() {
    let p = cfront::lower_strs(
        &[
            ("a.c", "int helper(int); int counter; int main(void) { return helper(2) + counter; }"),
            ("b.c", "extern int counter; static int k = 3; int helper(int x) { counter = 1; return x * k; }"),
        ],
        &cfront::Options::default(),
    )
    .unwrap();
    assert!(p.externs.is_empty());
    assert_eq!(p.files, vec!["a.c".to_string(), "b.c".to_string()]);
    let r = cminus::interp::run(&p, &[], 10_000);
    assert_eq!(r.outcome, cminus::interp::Outcome::Returned(Some(7)));
    let h = p.proc("helper").unwrap();
    assert_eq!(p.files[h.body[0].loc.file as usize], "b.c");
}

#[test]
fn locations_point_into_the_c_source() {
    let p = lower("int main(void) {\n  int x = 1;\n  if (x)\n    x = 2;\n  return x;\n}\n");
    let m = p.proc("main").unwrap();
    let assign2 = m.body.iter().find(|s| matches!(&s.kind, StmtKind::Assign(_, cminus::Expr::Int(2)))).unwrap();
    assert_eq!((assign2.loc.line, assign2.loc.col), (4, 5));
    let ret = m.body.iter().find(|s| matches!(s.kind, StmtKind::Return(_))).unwrap();
    assert_eq!(ret.loc.line, 5);
    // ids are unique, dense and can be looked up
    for (pi, pr) in p.procs.iter().enumerate() {
        for (si, s) in pr.body.iter().enumerate() {
            assert_eq!(p.stmt(s.id), Some((pi, si)));
        }
    }
    let mut p2 = p.clone();
    let fresh = p2.fresh_stmt_id();
    assert!(p.stmt(fresh).is_none());
}

#[test]
fn lowering_is_deterministic() {
    let src =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../corpus/c/ntdrv_irp_dispatch.c")).unwrap();
    let a = lower(&src);
    let b = lower(&src);
    assert_eq!(a, b);
}

#[test]
fn cfg_shape_of_a_loop() {
    let p = lower("int main(void) { int i = 0; while (i < 3) i++; return i; }");
    let m = p.proc("main").unwrap();
    let cfg = Cfg::build(m);
    // i := 0; L: goto a, b; b: assume(!); goto exit; a: assume; i := i+1; goto L; exit: return
    assert_eq!(m.body.len(), 8, "{}", proc_text(&p, "main"));
    assert_eq!(cfg.succs(1).len(), 2);
    assert_eq!(cfg.succs(6), vec![Some(1)]);
    assert!(cfg.unreachable().is_empty());
    assert_eq!(cfg.graph.edge_count(), 9);
}

#[test]
fn points_to_and_alias_queries() {
    let p = lower(
        "int x, y; struct S { int a; int b; } s;
int main(void) { int *p = &x; int *q = &y; int **pp = &p; if (__VERIFIER_nondet_int()) *pp = q;
int *r = &s.a; *p = 1; *r = 2; return *p; }",
    );
    let mut pt = cminus::pointsto::PointsTo::analyze(&p);
    use cminus::pointsto::Obj;
    use cminus::{Expr, Lval};
    let pts = pt.points_to("main", &Expr::var("p"));
    assert_eq!(pts, vec![Obj::Global("x".into()), Obj::Global("y".into())]);
    let star_p = Lval::Deref(Box::new(Expr::var("p")));
    assert!(pt.may_alias(&star_p, &Lval::var("x"), "main"));
    assert!(pt.may_alias(&star_p, &Lval::var("y"), "main"));
    assert!(!pt.may_alias(&star_p, &Lval::var("s"), "main"));
    let sa = Lval::Field(Box::new(Lval::var("s")), "a".into());
    let sb = Lval::Field(Box::new(Lval::var("s")), "b".into());
    assert!(!pt.may_alias(&sa, &sb, "main"));
    let star_r = Lval::Deref(Box::new(Expr::var("r")));
    assert!(pt.may_alias(&star_r, &sa, "main"));
    assert!(!pt.may_alias(&Lval::var("x"), &Lval::var("y"), "main"));
}

#[test]
fn distinct_members_overlap_where_a_struct_pointer_may_point_into_the_middle_of_one() {
    // `q` is made from a `char *` one byte into `s`: `q->a` is `s.b`. `struct T` is only ever
    // pointed to whole, so its distinct members at two bases stay apart; so do `S`'s at
    // congruent bases (one pointer plus integers).
    let p = lower(
        "struct S { char a; char b; } s; struct T { int a; int b; } t, u;
int main(void) { struct S *q = (struct S *)((char *)&s + 1); struct T *w = &t;
if (__VERIFIER_nondet_int()) w = &u; q->a = 5; w->a = 1; return s.b + t.b + (q + 1)->b; }",
    );
    assert_eq!(cminus::punning::misaligned_structs(&p).into_iter().collect::<Vec<_>>(), vec!["S".to_string()]);
    let mut pt = cminus::pointsto::PointsTo::analyze(&p);
    use cminus::{BinOp, Expr, Lval};
    let field = |b: Lval, f: &str| Lval::Field(Box::new(b), f.into());
    let deref = |e: Expr| Lval::Deref(Box::new(e));
    let q_a = field(deref(Expr::var("q")), "a");
    assert!(pt.may_alias(&q_a, &field(Lval::var("s"), "b"), "main"));
    let q1_b = field(deref(Expr::bin(BinOp::Add, Expr::var("q"), Expr::Int(1))), "b");
    assert!(!pt.may_alias(&q_a, &q1_b, "main"));
    assert!(!pt.may_alias(&field(deref(Expr::var("w")), "a"), &field(Lval::var("t"), "b"), "main"));
}

#[test]
fn interpreter_nondet_order_and_outcomes() {
    let p = lower("int main(int a) { int b = __VERIFIER_nondet_int(); if (a + b == 10) reach_error(); return a - b; }");
    let r = cminus::interp::run(&p, &[4, 6], 1000);
    assert!(matches!(r.outcome, cminus::interp::Outcome::Error { .. }));
    let r = cminus::interp::run(&p, &[4, 1], 1000);
    assert_eq!(r.outcome, cminus::interp::Outcome::Returned(Some(3)));
    assert_eq!(r.inputs_used, vec![4, 1]);
    let p = lower("int main(void) { int *p = 0; return *p; }");
    assert!(matches!(cminus::interp::run(&p, &[], 100).outcome, cminus::interp::Outcome::Stuck { .. }));
    let p = lower("int main(void) { while (1) {} }");
    assert_eq!(cminus::interp::run(&p, &[], 100).outcome, cminus::interp::Outcome::StepLimit);
}

#[test]
fn a_loop_that_changes_nothing_ends_at_the_step_limit_at_once() {
    // a busy wait on memory nothing in the run writes: its second round is its first again
    let p = lower(
        "struct pool { int alive; }; int wait_all(struct pool *p, int n) { while (p->alive != n) {} return 0; }\n\
         int main(int n) { struct pool q; q.alive = 0; return wait_all(&q, n); }",
    );
    let r = cminus::interp::run(&p, &[3], 1_000_000);
    assert_eq!(r.outcome, cminus::interp::Outcome::StepLimit);
    assert!(r.trace.len() < 100, "{} steps", r.trace.len());
    assert_eq!(cminus::interp::run(&p, &[0], 1_000_000).outcome, cminus::interp::Outcome::Returned(Some(0)));
    // a loop that counts, or reads an input each round, goes on to its end
    let p = lower("int main(int n) { int i = 0; while (i < n) { i++; } while (__VERIFIER_nondet_int()) {} return i; }");
    assert_eq!(
        cminus::interp::run(&p, &[500, 1, 1, 1, 0], 1_000_000).outcome,
        cminus::interp::Outcome::Returned(Some(500))
    );
    // a loop whose round writes the same value again still changes nothing the run can see,
    // but its write is counted: it ends at the step limit itself
    let p = lower("int g; int main(void) { while (g == 0) { g = 0; } return 1; }");
    let r = cminus::interp::run(&p, &[], 10_000);
    assert_eq!(r.outcome, cminus::interp::Outcome::StepLimit);
    assert!(r.trace.len() >= 9_000);
}

#[test]
fn a_goto_looks_through_the_null_guard_before_a_branch_condition() {
    // the null-dereference property puts a guard (`goto __null, __nonnull`) before the
    // branch's own condition at its label: a target is feasible only when the guard's
    // non-NULL side and the condition after it both hold
    let mut p = cfront::lower_str(
        "prog.c",
        "struct s { int x; }; int f(struct s *p) { if (p->x > 5) return 1; return 0; }",
        &cfront::Options { entry: "f".into(), ..Default::default() },
    )
    .unwrap();
    cminus::guard::assert_non_null(&mut p);
    // every answer 0: `p->x` is 0, and a choice between feasible targets takes the first
    let r = cminus::interp::run_oracle(&p, &mut |_| 0, 10_000);
    assert_eq!(r.outcome, cminus::interp::Outcome::Returned(Some(0)), "{:?}", r.outcome);
    let r = cminus::interp::run_oracle(&p, &mut |e| if e.ty.is_pointer() { 0 } else { 9 }, 10_000);
    assert_eq!(r.outcome, cminus::interp::Outcome::Returned(Some(1)), "{:?}", r.outcome);
}

#[test]
fn the_statements_an_error_may_follow() {
    // `check` may reach the error; after main's call of it, only `done` runs
    let p = lower(
        "extern void reach_error(void); extern int __VERIFIER_nondet_int(void);
void done(void) { }
void check(int x) { if (x == 3) reach_error(); }
int main(void) { int a = __VERIFIER_nondet_int(); check(a); done(); return 0; }",
    );
    let may = cminus::cfg::may_reach_error(&p);
    let ids = |name: &str| p.proc(name).unwrap().body.iter().map(|s| s.id).collect::<Vec<_>>();
    // nothing in `done` leads to an error, nor does main after the call of `check`
    assert!(ids("done").iter().all(|id| !may.contains(id)));
    let main = p.proc("main").unwrap();
    let call =
        main.body.iter().position(|s| matches!(&s.kind, StmtKind::Call { callee, .. } if callee == "check")).unwrap();
    assert!(may.contains(&main.body[0].id) && may.contains(&main.body[call].id));
    assert!(main.body[call + 1..].iter().all(|s| !may.contains(&s.id)));
    // `check`'s test may (its branch leads to the error)
    assert!(may.contains(&p.proc("check").unwrap().body[0].id));
    // a callee whose return leads to an error at one call site: its statements may
    let p = lower(
        "extern void reach_error(void);
int g;
void set(void) { g = 1; }
int main(void) { set(); if (g) reach_error(); return 0; }",
    );
    let may = cminus::cfg::may_reach_error(&p);
    assert!(p.proc("set").unwrap().body.iter().all(|s| may.contains(&s.id)));
}
