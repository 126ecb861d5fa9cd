//! The c2bp lecture's examples (seed 002): the boolean programs of its slides.

use c2bp::{abstract_program, parse_preds, Options, Strategy};

fn lower(src: &str) -> cminus::Program {
    cfront::lower_str("t.c", src, &cfront::Options::default()).unwrap_or_else(|e| panic!("{e:?}"))
}

fn abs(src: &str, preds: &str, strategy: Strategy) -> (cminus::Program, bp::Program) {
    let prog = lower(src);
    let ps = parse_preds(&prog, preds).unwrap_or_else(|e| panic!("{e:?}"));
    let opts = Options { strategy, ..Options::default() };
    let (b, _) = abstract_program(&prog, &ps, &opts).unwrap();
    // Every abstraction is a valid boolean program that prints and parses back.
    let text = bp::print(&b);
    assert_eq!(bp::parse(&text).as_ref(), Ok(&b), "{text}");
    bp::load(&text).unwrap_or_else(|e| panic!("{e:?}\n{text}"));
    (prog, b)
}

fn error_reachable(b: &bp::Program) -> bool {
    let (_, cfg) = bp::load(&bp::print(b)).unwrap();
    let an = bebop::check(&cfg, &bebop::Options::default());
    !an.error_vertices().is_empty()
}

const CMP: &str = r#"
int g;
void cmp(int a, int b) {
  if (a == b) g = 0; else g = 1;
}
int main(int x, int y) {
  cmp(x, y);
  if (!g) { if (x != y) reach_error(); }
  return 0;
}
"#;

#[test]
fn cmp_main_with_the_slides_predicates_is_safe() {
    for strategy in [Strategy::Cartesian, Strategy::Boolean] {
        let (_, b) = abs(CMP, "global: g == 0\nmain: x == y\ncmp: a == b\n", strategy);
        let text = bp::print(&b);
        // Slide 21: cmp takes {a == b}; g==0 becomes T or F on each branch; main passes {x == y}.
        assert!(text.contains("void cmp({a == b})"), "{text}");
        if strategy == Strategy::Cartesian {
            assert!(text.contains("cmp({x == y});"), "{text}");
            assert!(text.contains("{g == 0} := 1;"), "{text}");
        }
        assert!(!error_reachable(&b), "{text}");
    }
}

#[test]
fn cmp_main_without_the_callee_predicate_is_not_proved() {
    let (_, b) = abs(CMP, "global: g == 0\nmain: x == y\n", Strategy::Cartesian);
    assert!(error_reachable(&b), "{}", bp::print(&b));
}

/// The text of the statement abstracting the C statement on `line` (all of them, joined).
fn stmts_at_line(c: &cminus::Program, b: &bp::Program, line: u32) -> String {
    let ids: Vec<u32> = c.procs.iter().flat_map(|p| &p.body).filter(|s| s.loc.line == line).map(|s| s.id.0).collect();
    let mut out = Vec::new();
    fn walk(ss: &[bp::Stmt], ids: &[u32], out: &mut Vec<String>) {
        for s in ss {
            if s.origin.is_some_and(|o| ids.contains(&o)) {
                let mut s2 = s.clone();
                s2.origin = None;
                s2.labels.clear();
                let p = bp::Program {
                    globals: vec![],
                    procs: vec![bp::Proc {
                        name: "x".into(),
                        returns: 0,
                        formals: vec![],
                        locals: vec![],
                        enforce: None,
                        body: vec![s2],
                        pos: bp::Pos::default(),
                    }],
                };
                let text = bp::print(&p);
                out.push(text.lines().nth(2).unwrap_or("").trim().to_string());
            }
        }
    }
    for p in &b.procs {
        walk(&p.body, &ids, &mut out);
    }
    out.join(" / ")
}

#[test]
fn slide23_increment_with_y_lt_4_and_y_lt_5() {
    let src = "int y;\nint main() {\n  y = y + 1;\n  return 0;\n}\n";
    let (c, b) = abs(src, "global: y < 4\nglobal: y < 5\n", Strategy::Cartesian);
    assert_eq!(
        stmts_at_line(&c, &b, 3),
        // Slide 23 (over mathematical integers) has y<4 become false when y<4 or y<5 was
        // false before. C's int wraps: from y == INT_MAX (both false) y + 1 == INT_MIN makes
        // y<4 true, so only y == 4 (!{y<4} & {y<5}) still makes it false. y<5 takes y<4's
        // value (the second schoose is {y < 4} under the enforced y<4 => y<5).
        "{y < 4}, {y < 5} := schoose[0, !{y < 4} & {y < 5}], schoose[{y < 4}, !{y < 4} & {y < 5}];"
    );
}

#[test]
fn slide29_increment_with_x_eq_y() {
    let src = "int x, y;\nint main() {\n  y = y + 1;\n  return 0;\n}\n";
    let (c, b) = abs(src, "global: x == y\n", Strategy::Cartesian);
    assert_eq!(stmts_at_line(&c, &b, 3), "{x == y} := schoose[0, {x == y}];");
}

#[test]
fn slide30_assume_with_x_eq_2_and_x_lt_5() {
    let src = "int x;\nint main() {\n  __VERIFIER_assume(x < 2);\n  return 0;\n}\n";
    let (c, b) = abs(src, "global: x == 2\nglobal: x < 5\n", Strategy::Cartesian);
    assert_eq!(stmts_at_line(&c, &b, 3), "assume(!{x == 2} & {x < 5});");
}

#[test]
fn slide38_assignment_through_a_pointer_considers_the_alias() {
    let src = "int x;\nint *p;\nint main() {\n  p = __VERIFIER_nondet_int() ? &x : 0;\n  *p = 3;\n  return 0;\n}\n";
    let (c, b) = abs(src, "global: x == 5\nglobal: p == &x\n", Strategy::Cartesian);
    // If p points to x, x becomes 3 (not 5); otherwise x == 5 is unchanged.
    assert_eq!(stmts_at_line(&c, &b, 5), "{x == 5} := schoose[{x == 5} & !{p == &x}, !{x == 5} | {p == &x}];");
}

#[test]
fn slide41_return_predicates_with_pre_values() {
    let src = r#"
int R(int f) {
  int r = f + 1;
  f = 0;
  return r;
}
int main() {
  int x = 1;
  x = R(x);
  if (x != 2) reach_error();
  return 0;
}
"#;
    let preds = "main: x == 1\nmain: x == 2\nR: f == pre(f)\nR: r == pre(f) + 1\nR: $ret == pre(f) + 1\n";
    for strategy in [Strategy::Cartesian, Strategy::Boolean] {
        let (_, b) = abs(src, preds, strategy);
        let text = bp::print(&b);
        // R's signature: the formal predicate in, the return predicates out.
        assert!(text.contains("R({f == f$pre})"), "{text}");
        assert!(text.contains("return "), "{text}");
        assert!(!error_reachable(&b), "{text}");
    }
    // Without R's predicates the caller cannot know x == 2 afterwards.
    let (_, b) = abs(src, "main: x == 1\nmain: x == 2\n", Strategy::Cartesian);
    assert!(error_reachable(&b), "{}", bp::print(&b));
}

/// A call whose return facts contradict the caller's (floppy_simpl4's pattern): after
/// `x = f(k)` with `x == 7 && x == g` before and `f` returning 5, the state with `t$1`
/// (`$ret == g`) true is inconsistent; `schoose` would take its positive side and keep
/// `x == 7`, a transition no execution has and refinement cannot remove. The update's
/// consistency clause blocks it.
#[test]
fn an_update_from_inconsistent_facts_is_blocked() {
    let src = "int g;
int f(int k) { if (k) return 5; return g; }
int main(int k) {
  int x;
  x = g;
  if (g != 7) return 0;
  x = f(k);
  if (x == 7 && k) reach_error();
  return 0;
}
";
    let preds = "main: x == 7\nmain: x == g\nglobal: g == 7\nmain: k == 0\nf: $ret == 7\nf: $ret == g\nf: k == 0\n";
    let (_, b) = abs(src, preds, Strategy::Cartesian);
    let text = bp::print(&b);
    assert!(text.contains("constrain !("), "{text}");
    assert!(!error_reachable(&b), "{text}");
}

/// The lecture's return predicates over dereferences of formals: a procedure that may write
/// through its pointer formal but leaves `p->st` alone on some path returns what it knows
/// about `*p`, so the caller's facts about the object survive the call (before, a void
/// callee returned nothing, every caller predicate over the object became unknown, and the
/// refinement had nothing new to add).
#[test]
fn facts_about_the_object_behind_a_formal_survive_the_call() {
    let src = "struct s { int st; int n; };
void step(struct s *p, int ev) { if (p->st == 1) { if (ev) p->st = 2; } p->n = ev; }
int main(int ev) {
  struct s j;
  j.st = 0;
  step(&j, ev);
  if (j.st != 0) reach_error();
  return 0;
}
";
    let preds = "main: j.st == 0\nstep: p->st == 0\nstep: p->st == 1\n";
    let (_, b) = abs(src, preds, Strategy::Cartesian);
    let text = bp::print(&b);
    assert!(text.contains("bool<2> step("), "{text}");
    assert!(!error_reachable(&b), "{text}");
}
