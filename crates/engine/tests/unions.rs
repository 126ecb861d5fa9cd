//! Unions read through a member of another kind than the one written: such a program needs
//! byte memory (`cminus::punning`), where every member is a view of the union's bytes as gcc
//! lays them out (little-endian), so the verdict is gcc's.

use engine::{Runner, Verdict};

fn run(src: &str) -> engine::Outcome {
    let p = cfront::lower_str("t.c", src, &cfront::Options::default()).expect("lowers");
    let preds = engine::initial_predicates(&p, None);
    Runner::new(p).with_predicates(preds).run()
}

const STRUCT_OVER_INT: &str = r#"
struct P { short a; short b; };
union V { int x; struct P s; };
int main(void) {
  union V v = {.s = {1, 2}};
  if (v.x CMP 0x20001) reach_error();
  return 0;
}
"#;

#[test]
fn an_int_read_over_a_struct_member_is_exact() {
    // gcc: v.x is 0x20001, so `==` is a bug (found and replayed byte by byte) and `!=` is
    // not: never a VIOLATION (the refinement does not find the proof's predicates over the
    // union's bytes yet: UNKNOWN, no new predicates).
    let o = run(&STRUCT_OVER_INT.replace("CMP", "=="));
    assert_eq!(o.verdict, Verdict::Violation, "==: {}", o.detail);
    let o = run(&STRUCT_OVER_INT.replace("CMP", "!="));
    assert_ne!(o.verdict, Verdict::Violation, "!=: {}", o.detail);
}

#[test]
fn bytes_read_through_a_char_array_member_are_exact() {
    let src = r#"
union B { unsigned int i; unsigned char c[4]; };
int main(void) {
  union B b;
  b.i = 0x11223344;
  if (b.c[1] != 0x33) reach_error();
  return 0;
}
"#;
    // little-endian: c[1] is 0x33, and c[2] is 0x22
    let o = run(src);
    assert_eq!(o.verdict, Verdict::Safe, "{}", o.detail);
    let o = run(&src.replace("b.c[1] != 0x33", "b.c[2] == 0x22"));
    assert_eq!(o.verdict, Verdict::Violation, "{}", o.detail);
}

#[test]
fn a_tagged_variant_reads_the_member_it_wrote() {
    // The common use of a union with a struct member: exact (SAFE and VIOLATION decided).
    let src = r#"
struct P { int a; int b; };
struct msg { int kind; union { int ival; struct P pair; } u; };
int value(struct msg *m) { return m->kind == 0 ? m->u.ival : m->u.pair.a + m->u.pair.b; }
int main(void) {
  struct msg m;
  m.kind = __VERIFIER_nondet_int();
  if (m.kind == 0) m.u.ival = 7; else { m.u.pair.a = 3; m.u.pair.b = 4; }
  if (value(&m) != 7) reach_error();
  BUG
  return 0;
}
"#;
    let ok = run(&src.replace("BUG", ""));
    assert_eq!(ok.verdict, Verdict::Safe, "{}", ok.detail);
    let bug = run(&src.replace("BUG", "m.u.pair.b = 5; if (m.kind != 0 && value(&m) == 8) reach_error();"));
    assert_eq!(bug.verdict, Verdict::Violation, "{}", bug.detail);
}
