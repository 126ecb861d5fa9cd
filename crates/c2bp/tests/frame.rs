//! An unknown write into memory (`x := __slam_written_u8(x)` after a call of a function slam
//! has no body for) keeps a predicate exactly where the write misses every byte the predicate
//! reads (the frame rule of `ProcAbs::framed_by_write`), and leaves it unknown elsewhere. A
//! predicate that reads the write's own address variables goes through the weakest
//! precondition (the write can reach it only through values that keep it).

use c2bp::{abstract_program, parse_preds, Options};

const SRC: &str = r#"
extern void reach_error(void);
extern void touch(unsigned char *c);
struct S { int a; unsigned char b; };
struct S x, y;
struct H { struct S *p; };
int main(void) {
  struct H h;
  y.a = 3;
  touch(&h.p->b);
  if (y.a != 3) reach_error();
  return 0;
}
"#;

fn abstraction(ilp32: bool) -> String {
    let data_model = if ilp32 { cfront::DataModel::Ilp32 } else { cfront::DataModel::Lp64 };
    let opts = cfront::Options { data_model, bytes: true, ..cfront::Options::default() };
    let prog = cfront::lower_str("t.c", SRC, &opts).unwrap_or_else(|e| panic!("{e:?}"));
    let ps = parse_preds(&prog, "main: h.p == &x\nglobal: y.a == 3\n").unwrap_or_else(|e| panic!("{e:?}"));
    let (b, _) = abstract_program(&prog, &ps, &Options::default()).unwrap();
    bp::print(&b)
}

#[test]
fn an_unknown_write_keeps_what_it_cannot_reach() {
    for ilp32 in [false, true] {
        let text = abstraction(ilp32);
        // `h.p` points to `x`: the byte written is `x.b`, apart from `y.a`; else it may be
        // any byte, `y.a`'s among them.
        assert!(
            text.contains("{y.a == 3} := schoose[{h.p == &x} & {y.a == 3}, {h.p == &x} & !{y.a == 3}]")
                || text.contains(", schoose[{h.p == &x} & {y.a == 3}, {h.p == &x} & !{y.a == 3}]"),
            "ilp32 {ilp32}:\n{text}"
        );
        // `h.p == &x` reads the write's address: it goes through the weakest precondition,
        // not the frame rule (which would make it unknown wherever it is false).
        assert!(!text.contains("{h.p == &x} & {h.p == &x}"), "ilp32 {ilp32}:\n{text}");
        if !ilp32 {
            // Whatever byte of `h` the write may hit, `h.p` cannot become or stop being `&x`
            // (x is a global, h a local: far apart in the 64-bit address map).
            assert!(text.contains("{h.p == &x}, {y.a == 3} := {h.p == &x}, schoose["), "{text}");
        }
    }
}

const BELOW: &str = r#"
extern void reach_error(void);
extern void touch(unsigned char *c);
struct L { unsigned char minor; unsigned char control; int context; };
struct L *top(void);
int main(void) {
  struct L *sp = top();
  struct L *q = sp - 1;
  unsigned char *m = &sp->minor;
  touch(&q->control);
  if (*m != 3) reach_error();
  return 0;
}
"#;

#[test]
fn a_write_just_below_a_pointer_misses_the_bytes_at_it() {
    // `q->control` is 7 bytes below `sp->minor`, at `m`: apart in every state (memory's
    // addresses wrap around, so even where `sp` is 0..7 the two bytes differ), and the
    // predicate keeps its value wherever `q == sp - 1` and `m == &sp->minor` hold.
    let opts = cfront::Options { bytes: true, ..cfront::Options::default() };
    let prog = cfront::lower_str("t.c", BELOW, &opts).unwrap_or_else(|e| panic!("{e:?}"));
    let ps = parse_preds(&prog, "main: q == sp - 1\nmain: m == &sp->minor\nmain: *m == 3\n")
        .unwrap_or_else(|e| panic!("{e:?}"));
    let (b, _) = abstract_program(&prog, &ps, &Options::default()).unwrap();
    let text = bp::print(&b);
    assert!(
        text.contains("{*m == 3} := schoose[{q == sp - 1} & {m == &sp->minor} & {*m == 3}, {q == sp - 1} & {m == &sp->minor} & !{*m == 3}]"),
        "{text}"
    );
}
