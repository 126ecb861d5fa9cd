//! Unions read through a member of another kind than the one written: `logic`'s typed cells
//! do not lay struct, array or pointer members out as bytes, so such a read is unknown there
//! (`cminus::unions`), while the interpreter's memory is bytes, so a replay computes what gcc
//! computes. The check must never be wrong: a VIOLATION only where gcc reaches the error (the
//! replay confirms it), never SAFE where it does.

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
fn an_int_read_over_a_struct_member_is_never_wrong() {
    // gcc: v.x is 0x20001, so `==` is a bug and `!=` is not. The typed cells cannot tell; the
    // interpreter's replay confirms the bug (it reads the struct's bytes as gcc does).
    let bug = run(&STRUCT_OVER_INT.replace("CMP", "=="));
    assert_eq!(bug.verdict, Verdict::Violation, "==: {}", bug.detail);
    let ok = run(&STRUCT_OVER_INT.replace("CMP", "!="));
    assert_ne!(ok.verdict, Verdict::Violation, "!=: {}", ok.detail);
}

#[test]
fn bytes_read_through_a_char_array_member_are_never_wrong() {
    let src = r#"
union B { unsigned int i; unsigned char c[4]; };
int main(void) {
  union B b;
  b.i = 0x11223344;
  if (b.c[1] != 0x33) reach_error();
  return 0;
}
"#;
    // gcc: b.c[1] is 0x33, no bug (SAFE would be right; the typed cells cannot prove it)
    let o = run(src);
    assert_ne!(o.verdict, Verdict::Violation, "{}", o.detail);
    // and where gcc does reach the error, the replay confirms it
    let bug = run(&src.replace("!= 0x33", "== 0x33"));
    assert_eq!(bug.verdict, Verdict::Violation, "{}", bug.detail);
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
