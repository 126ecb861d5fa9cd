//! A formal that lives in memory (its address is taken) is bound from the caller's predicates
//! both ways: `p != NULL` in the caller makes the callee's `p == NULL` false at entry. In ILP32
//! byte memory a pointer is four bytes: a 64-bit value stored there and read back would lose
//! its high half, and the binding could only say "true or unknown" (the full NT driver
//! diskperf ended "no new predicates" on it).

use c2bp::{abstract_program, parse_preds, Options};

const SRC: &str = r#"
extern void reach_error(void);
extern void *memcpy(void *, const void *, unsigned long);
struct D { int t; int f; };
char buf[64];
void logerr(struct D *d) {
  if (d == 0) reach_error();
  memcpy(buf, &d, sizeof(struct D *));
}
void reg(struct D *d) { logerr(d); }
int main(void) { struct D dev; dev.t = 1; reg(&dev); return 0; }
"#;

fn abstraction(ilp32: bool) -> String {
    let data_model = if ilp32 { cfront::DataModel::Ilp32 } else { cfront::DataModel::Lp64 };
    let opts = cfront::Options { data_model, bytes: true, ..cfront::Options::default() };
    let prog = cfront::lower_str("t.c", SRC, &opts).unwrap_or_else(|e| panic!("{e:?}"));
    let ps = parse_preds(&prog, "logerr: d == 0\nreg: d == 0\n").unwrap_or_else(|e| panic!("{e:?}"));
    let (b, _) = abstract_program(&prog, &ps, &Options::default()).unwrap();
    bp::print(&b)
}

#[test]
fn a_formal_in_memory_is_bound_both_ways() {
    for ilp32 in [false, true] {
        let text = abstraction(ilp32);
        assert!(text.contains("logerr({d == 0});"), "ilp32 {ilp32}:\n{text}");
        assert!(text.contains("reg(0);"), "ilp32 {ilp32}:\n{text}");
    }
}
