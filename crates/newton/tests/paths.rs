//! Newton on hand-built and generated paths.

use cminus::{Program, StmtKind};
use newton::{check_path, replay, PathStep, Verdict};

fn lower(src: &str) -> Program {
    cfront::lower_str("t.c", src, &cfront::Options::default()).unwrap_or_else(|e| panic!("{e:?}"))
}

/// Walk the C-- program structurally from the entry to the first error statement, taking at
/// each nondeterministic goto the target whose leading statement prints with the next string
/// of `choices` in it (assumes are not evaluated: the path may be infeasible).
fn walk(p: &Program, choices: &[&str]) -> Vec<PathStep> {
    let mut choices = choices.iter();
    let mut stack: Vec<(usize, usize)> = vec![(p.procs.iter().position(|q| q.name == p.entry).unwrap(), 0)];
    let mut out = Vec::new();
    for _ in 0..10_000 {
        let (pi, si) = *stack.last().unwrap();
        let proc = &p.procs[pi];
        let s = &proc.body[si];
        out.push(PathStep { stmt: s.id, depth: stack.len() - 1 });
        match &s.kind {
            StmtKind::Error(_) => return out,
            StmtKind::Goto(ls) => {
                let targets: Vec<usize> = ls.iter().map(|l| proc.label_index(l).unwrap()).collect();
                let t = if targets.len() == 1 {
                    targets[0]
                } else {
                    let want = choices.next().expect("a choice for every branch");
                    *targets
                        .iter()
                        .find(|&&t| stmt_text(&proc.body[t]).contains(want))
                        .unwrap_or_else(|| panic!("no target of {ls:?} matches {want}"))
                };
                stack.last_mut().unwrap().1 = t;
            }
            StmtKind::Call { callee, .. } if p.proc(callee).is_some() => {
                stack.last_mut().unwrap().1 += 1;
                stack.push((p.procs.iter().position(|q| &q.name == callee).unwrap(), 0));
            }
            StmtKind::Return(_) => {
                stack.pop();
            }
            _ => stack.last_mut().unwrap().1 += 1,
        }
    }
    panic!("no error statement reached")
}

fn stmt_text(s: &cminus::Stmt) -> String {
    match &s.kind {
        StmtKind::Assume(e) => cminus::print_expr(e),
        k => format!("{k:?}"),
    }
}

fn preds_text(v: &Verdict) -> Vec<String> {
    match v {
        Verdict::Infeasible { preds, .. } => preds
            .iter()
            .map(|p| format!("{}: {}", p.scope.as_deref().unwrap_or("global"), cminus::print_expr(&p.expr)))
            .collect(),
        other => panic!("expected an infeasible path, got {other:?}"),
    }
}

#[test]
fn cmp_example_yields_a_eq_b_in_cmp_and_x_eq_y_in_main() {
    let p = lower(
        "int g;\nvoid cmp(int a, int b) {\n  if (a == b) g = 0; else g = 1;\n}\n\
         int main(int x, int y) {\n  cmp(x, y);\n  if (!g) { if (x != y) reach_error(); }\n  return 0;\n}\n",
    );
    // cmp takes a == b, main takes g == 0 and then x != y: impossible.
    let path = walk(&p, &["a == b", "g == 0", "x != y"]);
    let (v, _) = check_path(&p, &path, &[], &Default::default());
    let preds = preds_text(&v);
    assert!(preds.contains(&"cmp: a == b".to_string()), "{preds:?}");
    assert!(preds.contains(&"main: x == y".to_string()), "{preds:?}");
}

#[test]
fn spinlock_loop_yields_npackets_eq_npacketsold() {
    let p = lower(
        r#"
int locked;
int nPackets, nPacketsOld;
void KeAcquireSpinLock(void) { if (locked) reach_error(); locked = 1; }
void KeReleaseSpinLock(void) { if (!locked) reach_error(); locked = 0; }
int main(void) {
  do {
    KeAcquireSpinLock();
    nPacketsOld = nPackets;
    if (__VERIFIER_nondet_int()) {
      KeReleaseSpinLock();
      nPackets++;
    }
  } while (nPackets != nPacketsOld);
  KeReleaseSpinLock();
  return 0;
}
"#,
    );
    // Skip the if, go round the loop (nPackets != nPacketsOld), acquire again: impossible.
    let text = cminus::print_program(&p, &Default::default());
    let path = walk(&p, &["locked == 0", "!__t", "!=", "!= 0"]);
    let (v, _) = check_path(&p, &path, &[], &Default::default());
    let preds = preds_text(&v);
    assert!(
        preds.iter().any(|s| s.contains("nPackets == nPacketsOld") || s.contains("nPacketsOld == nPackets")),
        "{preds:?}\n{text}"
    );
}

#[test]
fn feasible_bug_in_callee_gives_the_input_value_and_replays() {
    let p = lower(
        "int check(int v) {\n  if (v == 42) return 1;\n  return 0;\n}\n\
         int main(int input) {\n  if (check(input)) reach_error();\n  return 0;\n}\n",
    );
    let path = walk(&p, &["== 42", "!= 0"]);
    let (v, _) = check_path(&p, &path, &[], &Default::default());
    let Verdict::Feasible(cex) = v else { panic!("expected feasible, got {v:?}") };
    assert_eq!(cex.inputs.iter().find(|i| i.name == "input").map(|i| i.value), Some(42), "{:?}", cex.inputs);
    let run = replay(&p, &cex, 10_000);
    assert!(
        matches!(run.outcome, cminus::interp::Outcome::Error { stmt, .. } if stmt == cex.error_stmt),
        "{:?}",
        run.outcome
    );
    // The trace shows the callee's parameter with the value 42.
    assert!(cex.steps.iter().any(|s| s.proc == "check" && s.values.iter().any(|v| v.name == "v" && v.value == 42)));
}

#[test]
fn known_predicates_are_not_returned_again() {
    let p = lower("int main(int x) {\n  int y = x;\n  if (x != y) reach_error();\n  return 0;\n}\n");
    let path = walk(&p, &["!="]);
    let (v, _) = check_path(&p, &path, &[], &Default::default());
    let preds: Vec<newton::Predicate> = match v {
        Verdict::Infeasible { preds, .. } => preds,
        o => panic!("{o:?}"),
    };
    let (v2, _) = check_path(&p, &path, &preds, &Default::default());
    assert!(matches!(v2, Verdict::NoNewPredicates { .. }), "{v2:?}");
}

#[test]
fn pointers_to_struct_fields_and_arrays() {
    let p = lower(
        "struct s { int a; int b[4]; };\nint main(int i) {\n  struct s v; struct s *q = &v;\n  \
         __VERIFIER_assume(i >= 0 && i < 4);\n  q->a = 3; v.b[i] = 5;\n  if (v.a == 3 && q->b[i] == 5) reach_error();\n  return 0;\n}\n",
    );
    let path = walk(&p, &["== 3", "== 5"]);
    let (v, _) = check_path(&p, &path, &[], &Default::default());
    assert!(matches!(v, Verdict::Feasible(_)), "{v:?}\n{}", cminus::print_program(&p, &Default::default()));
    // And the aliasing makes the opposite claim infeasible.
    let p = lower("struct s { int a; };\nint main(void) {\n  struct s v; struct s *q = &v;\n  q->a = 3;\n  if (v.a != 3) reach_error();\n  return 0;\n}\n");
    let path = walk(&p, &["!= 3"]);
    let (v, _) = check_path(&p, &path, &[], &Default::default());
    assert!(matches!(v, Verdict::Infeasible { .. }), "{v:?}");
}

#[test]
fn recursion_frames_keep_their_own_locals() {
    // sum(n) = n + sum(n-1); the error needs sum(2) == 3, which holds: feasible, and the
    // frames' locals (three instances of n) must not be confused.
    let p = lower(
        "int sum(int n) {\n  int r;\n  if (n <= 0) return 0;\n  r = sum(n - 1);\n  return n + r;\n}\n\
         int main(void) {\n  int s = sum(2);\n  if (s == 3) reach_error();\n  return 0;\n}\n",
    );
    let run = cminus::interp::run(&p, &[], 1_000);
    assert!(matches!(run.outcome, cminus::interp::Outcome::Error { .. }), "{:?}", run.outcome);
    let mut depth = 0usize;
    let mut path = Vec::new();
    for &id in &run.trace {
        path.push(PathStep { stmt: id, depth });
        match p.stmt_ref(id).map(|s| &s.kind) {
            Some(StmtKind::Call { callee, .. }) if p.proc(callee).is_some() => depth += 1,
            Some(StmtKind::Return(_)) => depth -= 1,
            _ => {}
        }
    }
    let (v, _) = check_path(&p, &path, &[], &Default::default());
    let Verdict::Feasible(cex) = v else { panic!("{v:?}") };
    assert_eq!(cex.steps.iter().map(|s| s.depth).max(), Some(3));
    // Claiming sum(2) == 4 instead is infeasible, with a predicate over the result.
    let p2 = lower(
        "int sum(int n) {\n  int r;\n  if (n <= 0) return 0;\n  r = sum(n - 1);\n  return n + r;\n}\n\
         int main(void) {\n  int s = sum(2);\n  if (s == 4) reach_error();\n  return 0;\n}\n",
    );
    let mut path2 = Vec::new();
    for st in &path {
        let (pi, si) = p.stmt(st.stmt).unwrap();
        path2.push(PathStep { stmt: p2.procs[pi].body[si].id, depth: st.depth });
    }
    let (v, _) = check_path(&p2, &path2, &[], &Default::default());
    let preds = preds_text(&v);
    assert!(
        preds.iter().any(|s| s.contains("$ret") || s.contains("__slam_ret") || s.starts_with("main:")),
        "{preds:?}"
    );
}

#[test]
fn two_allocations_yield_the_watermark_predicate() {
    // The path needs b == a with b allocated after a: `a < top` before b's allocation is
    // what rules it out (cminus::names::ALLOC_TOP).
    let p = lower(
        "#include <stdlib.h>\nint main(void) {\n  void *a = malloc(4);\n  void *b = malloc(4);\n\
         if (a && a == b) reach_error();\n  return 0;\n}\n",
    );
    let path = walk(&p, &["a != (void *)0", "a == b"]);
    let (v, _) = check_path(&p, &path, &[], &Default::default());
    let preds = preds_text(&v);
    assert!(preds.contains(&"main: a < __slam_alloc_top".to_string()), "{preds:?}");
}

#[test]
fn allocations_the_path_checks_are_constants_and_the_path_replays() {
    // A driver's harness in byte memory: objects allocated, checked for NULL, linked through
    // pointers stored in memory and read back. Each allocation's outcome is fixed by its
    // check, and the path (through three objects) is feasible and replays.
    let src = "#include <stdlib.h>\nstruct dev { int state; struct dev *next; char name[16]; };\n\
               struct dev *head;\nint main(void) {\n\
               struct dev *a = malloc(sizeof(struct dev));\n  if (a == 0) return 1;\n\
               a->state = 1; a->next = 0; head = a;\n\
               struct dev *b = malloc(sizeof(struct dev));\n  if (b == 0) return 1;\n\
               b->state = 2; b->next = head; head = b;\n\
               struct dev *c = malloc(sizeof(struct dev));\n  if (c == 0) return 1;\n\
               c->state = 3; c->next = head; head = c;\n\
               struct dev *m = head->next;\n  if (m->state == 2) if (m->next->state == 1) reach_error();\n  return 0;\n}\n";
    for bytes in [false, true] {
        let opts = cfront::Options { bytes, ..cfront::Options::default() };
        let p = cfront::lower_str("t.c", src, &opts).unwrap_or_else(|e| panic!("{e:?}"));
        let path = walk(&p, &["a != ", "b != ", "c != ", "m != ", "m != "]);
        let (v, _) = check_path(&p, &path, &[], &Default::default());
        let Verdict::Feasible(cex) = v else { panic!("bytes {bytes}: {v:?}") };
        let run = replay(&p, &cex, 1000);
        assert!(matches!(run.outcome, cminus::interp::Outcome::Error { .. }), "bytes {bytes}: {:?}", run.outcome);
    }
}

#[test]
fn a_path_through_an_uninitialised_field_says_so() {
    // `s.p` is never written: the prover may take it to be `&g`, the replay reads 0 there
    // (the counterexample does not record part of a variable), so the path does not replay
    // and the reason names the uninitialised read instead of a disagreement of semantics.
    let p = lower(
        "struct S { int a; int *p; };\nint g;\nint main(void) {\n  struct S s;\n  s.a = 1;\n\
         if (s.p == &g) reach_error();\n  return 0;\n}\n",
    );
    let path = walk(&p, &["== &g"]);
    let (v, _) = check_path(&p, &path, &[], &Default::default());
    match v {
        Verdict::Unknown(why) => {
            assert!(why.message.contains("no statement initialised (at line 6"), "{}", why.message)
        }
        other => panic!("expected an undecided path, got {other:?}"),
    }
}

/// Lower `src` with entry `entry`, in typed memory where it is exact or in bytes, LP64 or
/// ILP32 (byte memory of ILP32 packs its addresses).
fn lower_entry(src: &str, entry: &str, bytes: bool, ilp32: bool) -> Program {
    let opts = cfront::Options {
        entry: entry.into(),
        bytes,
        data_model: if ilp32 { cminus::DataModel::Ilp32 } else { cminus::DataModel::Lp64 },
        ..Default::default()
    };
    cfront::lower_str("t.c", src, &opts).unwrap_or_else(|e| panic!("{e:?}"))
}

/// A `nondet` pointer (as the rule's prophecy `slic_obj := nondet` is) that the model makes
/// point at a member after the first — of a global, of the object an entry parameter points
/// to, of an element of an array in it, of a local struct — is the same place in the replay:
/// an object and a byte offset, in typed and byte memory.
#[test]
fn a_nondet_pointer_into_a_struct_replays_to_the_same_place() {
    let src = "extern void *__VERIFIER_nondet_pointer(void);\n\
         struct S { char c; long a; int b; } G;\n\
         struct R { int id; struct S s[3]; };\n\
         void global_member(void) {\n  int *o = __VERIFIER_nondet_pointer();\n  \
           if (o == &G.b) { *o = 5; if (G.b == 5) reach_error(); }\n}\n\
         void param_member(struct S *p) {\n  int *o = __VERIFIER_nondet_pointer();\n  \
           if (o == &p->b) { *o = 5; if (p->b == 5) reach_error(); }\n}\n\
         void param_object(int *p) {\n  int *o = __VERIFIER_nondet_pointer();\n  \
           if (o == p) { *o = 5; if (*p == 5) reach_error(); }\n}\n\
         void param_array_member(struct R *r) {\n  int *o = __VERIFIER_nondet_pointer();\n  \
           if (o == &r->s[2].b) { *o = 5; if (r->s[2].b == 5) reach_error(); }\n}\n\
         void local_member(void) {\n  struct S l;\n  l.b = 0;\n  int *o = __VERIFIER_nondet_pointer();\n  \
           if (o == &l.b) { *o = 5; if (l.b == 5) reach_error(); }\n}\n";
    for entry in ["global_member", "param_member", "param_object", "param_array_member", "local_member"] {
        for (bytes, ilp32) in [(false, false), (true, false), (true, true)] {
            let p = lower_entry(src, entry, bytes, ilp32);
            let path = walk(&p, &["o ==", "== 5"]);
            let (v, _) = check_path(&p, &path, &[], &Default::default());
            let what = format!("{entry} (bytes {bytes}, ilp32 {ilp32})");
            let Verdict::Feasible(cex) = v else { panic!("{what}: expected feasible, got {v:?}") };
            let run = replay(&p, &cex, 10_000);
            assert!(
                matches!(run.outcome, cminus::interp::Outcome::Error { stmt, .. } if stmt == cex.error_stmt),
                "{what}: {:?}",
                run.outcome
            );
        }
    }
}

/// A pointer read from the unknown contents of an entry parameter's object never resolves
/// into that object: the caller is not assumed to have built a struct pointing into itself
/// (in units mode such aliasing made false alarms). The path is feasible for the prover only
/// with that aliasing, so it is undecided, not a violation.
#[test]
fn a_pointer_read_from_an_entry_object_does_not_point_into_it() {
    let src = "struct T { int a; int *q; };\n\
         void h(struct T *p) {\n  if (p->q == &p->a) { *p->q = 5; if (p->a == 5) reach_error(); }\n}\n";
    for (bytes, ilp32) in [(false, false), (true, false), (true, true)] {
        let p = lower_entry(src, "h", bytes, ilp32);
        let path = walk(&p, &["==", "== 5"]);
        let (v, _) = check_path(&p, &path, &[], &Default::default());
        assert!(matches!(v, Verdict::Unknown(_)), "bytes {bytes}, ilp32 {ilp32}: {v:?}");
    }
}

/// A pointer the model places where the replay has no object (an offset into an allocation
/// of typed memory whose type the program does not say: `void *`) is named in the undecided
/// verdict.
#[test]
fn an_unresolvable_pointer_is_named_in_the_undecided_verdict() {
    let src = "#include <stdlib.h>\nextern void *__VERIFIER_nondet_pointer(void);\n\
         void f(void) {\n  void *v = malloc(8);\n  if (!v) return;\n  \
           int *o = __VERIFIER_nondet_pointer();\n  if (o == (int *)v + 1) reach_error();\n}\n";
    let p = lower_entry(src, "f", false, false);
    assert!(!p.memory.is_bytes(), "the test wants typed memory");
    let path = walk(&p, &["!=", "o =="]);
    let (v, _) = check_path(&p, &path, &[], &Default::default());
    let Verdict::Unknown(u) = v else { panic!("expected undecided, got {v:?}") };
    assert!(u.message.contains("cannot map to an object"), "{}", u.message);
    // in byte memory the offset is bytes: the same path is a violation
    let p = lower_entry(src, "f", true, false);
    let path = walk(&p, &["!=", "o =="]);
    let (v, _) = check_path(&p, &path, &[], &Default::default());
    assert!(matches!(v, Verdict::Feasible(_)), "{v:?}");
}

#[test]
fn predicates_with_the_same_value_in_every_state_are_not_offered() {
    // Back through `y = x | 32`, `y == 3` becomes `(x | 32) == 3`: false in every state (bit
    // 5 is set), so it would tell the abstraction nothing; `y == 3` itself is offered.
    let p = lower(
        "int g;\nvoid set(int x) {\n  int y = x | 32;\n  if (y == 3) g = 1;\n}\n\
         int main(int x) {\n  set(x);\n  if (g) reach_error();\n  return 0;\n}\n",
    );
    let path = walk(&p, &["== 3", "!= 0"]);
    let (v, _) = check_path(&p, &path, &[], &Default::default());
    let preds = preds_text(&v);
    assert!(preds.iter().any(|s| s.contains("y == 3")), "{preds:?}");
    assert!(!preds.iter().any(|s| s.contains("| 32")), "{preds:?}");
}

#[test]
fn a_write_of_another_type_offers_the_condition_that_its_bytes_overlap_the_read() {
    // In byte memory `*q = 5` (4 bytes) changes `x.b` (2 bytes) only where their bytes
    // overlap; the path is infeasible because they do not (q is `&x.a` or `&x.d`), and the
    // abstraction needs that condition as a predicate where the write happens.
    let src = "struct s { int a; short b; short c; int d; };\n\
               int main(void) {\n  struct s x;\n  x.b = 1;\n  int *q = &x.a;\n\
               if (__VERIFIER_nondet_int()) q = &x.d;\n  *q = 5;\n\
               if (x.b != 1) reach_error();\n  return 0;\n}\n";
    let opts = cfront::Options { bytes: true, ..cfront::Options::default() };
    let p = cfront::lower_str("t.c", src, &opts).unwrap_or_else(|e| panic!("{e:?}"));
    assert!(p.memory.is_bytes(), "the test wants byte memory");
    for choice in ["__t0", "!__t0"] {
        let path = walk(&p, &[choice, "!= 1"]);
        let (v, _) = check_path(&p, &path, &[], &Default::default());
        let preds = preds_text(&v);
        assert!(preds.iter().any(|s| s == "main: (ulong)&x.b - (ulong)q + (ulong)1 < (ulong)5"), "{choice}: {preds:?}");
    }
}
