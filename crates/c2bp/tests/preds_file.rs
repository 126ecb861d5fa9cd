//! The `--preds FILE` format: what it accepts and where it says an error is.

use c2bp::{parse_preds, Pred};
use cminus::{print::print_expr as show, Program};

fn lower(src: &str) -> Program {
    cfront::lower_str("t.c", src, &cfront::Options::default()).unwrap_or_else(|e| panic!("{e:?}"))
}

const SRC: &str = "struct s { int f; int a[4]; }; struct s g; int *q;\n\
                   int f(int x, struct s *p) { int y = x; return y; }\n\
                   int main(void) { return f(1, &g); }\n";

fn parse(text: &str) -> Result<Vec<String>, Vec<String>> {
    let prog = lower(SRC);
    parse_preds(&prog, text)
        .map(|ps: Vec<Pred>| ps.iter().map(|p| format!("{:?} {}", p.scope, show(&p.expr))).collect())
        .map_err(|es| es.iter().map(|e| e.to_string()).collect())
}

#[test]
fn c_expressions_in_scopes() {
    let ok = parse("global: g.f == 1 && *q != 0\nf: p->a[x + 1] <= -2 || !(y == pre(x))\nf: $ret == 1\n").unwrap();
    assert_eq!(ok.len(), 3);
    assert!(ok[0].starts_with("None "), "{ok:?}");
    assert!(ok[1].starts_with("Some(\"f\") "), "{ok:?}");
}

#[test]
fn errors_carry_line_and_column() {
    let errs = parse("global: g.f == zz\nnope: x == 1\nf: (x == 1\nf: 1.f == 2\nglobal: &(1) == 0\n").unwrap_err();
    assert_eq!(
        errs,
        vec![
            "1:16: unknown variable `zz`",
            "2:1: unknown procedure `nope` (use `global` for global predicates)",
            "3:11: expected `)`",
            "4:5: `.` needs an lvalue",
            "5:10: `&` needs an lvalue",
        ]
    );
}
