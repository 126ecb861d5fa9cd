//! Differential test of the integer encoding against gcc: random C expressions over variables
//! of every integer type (LP64) are compiled and run with gcc, and the logic must prove that
//! each expression has exactly the value gcc printed, given the variables' values; the
//! concrete interpreter must compute the same values.
//!
//! gcc runs with `-fwrapv`, so that signed overflow wraps as slam models it (two's complement)
//! instead of being folded as undefined. Expressions avoid the behaviour that still traps:
//! divisors are
//! `(e & 15) + 2`, shift amounts `e & 7`.

use logic::formula;
use std::fmt::Write as _;
mod common;
use common::{gcc_lines, have_gcc, Rng};

/// The variables: name, C type, and whether the type is signed with its width.
const VARS: [(&str, &str); 8] = [
    ("uc", "unsigned char"),
    ("sc", "signed char"),
    ("us", "unsigned short"),
    ("ss", "short"),
    ("ui", "unsigned int"),
    ("si", "int"),
    ("ul", "unsigned long"),
    ("sl", "long"),
];

/// A small deterministic generator (xorshift), so that a failure names its seed.
fn value(r: &mut Rng) -> String {
    // Boundary values are where wrap-around shows.
    const EDGES: [&str; 10] = ["0", "1", "-1", "127", "128", "255", "65535", "2147483647", "-2147483648", "4294967295"];
    match r.below(3) {
        0 => EDGES[r.below(EDGES.len() as u64) as usize].to_string(),
        1 => format!("{}", r.below(300) as i64 - 150),
        _ => format!("{}UL", r.next()),
    }
}

fn expr(r: &mut Rng, depth: u32) -> String {
    if depth == 0 || r.below(4) == 0 {
        return match r.below(5) {
            0 => value(r),
            _ => VARS[r.below(VARS.len() as u64) as usize].0.to_string(),
        };
    }
    let a = expr(r, depth - 1);
    let b = expr(r, depth - 1);
    match r.below(16) {
        0 => format!("({a} + {b})"),
        1 => format!("({a} - {b})"),
        2 => format!("({a} * {b})"),
        3 => format!("({a} / (({b} & 15) + 2))"),
        4 => format!("({a} % (({b} & 15) + 2))"),
        5 => format!("({a} << ({b} & 7))"),
        6 => format!("({a} >> ({b} & 7))"),
        7 => format!("({a} & {b})"),
        8 => format!("({a} | {b})"),
        9 => format!("({a} ^ {b})"),
        10 => format!("(~{a})"),
        11 => format!("(- {a})"),
        12 => format!("({a} < {b})"),
        13 => format!("({a} >= {b})"),
        14 => format!("({a} == {b})"),
        _ => format!("(({}) {a})", VARS[r.below(VARS.len() as u64) as usize].1),
    }
}

#[test]
fn integer_expressions_agree_with_gcc() {
    if !have_gcc() {
        return;
    }
    let seeds: u64 = std::env::var("SLAM_ARITH_SEEDS").ok().and_then(|s| s.parse().ok()).unwrap_or(4);
    for seed in 0..seeds {
        check_seed(0x2545_F491_4F6C_DD1D ^ (seed.wrapping_mul(0x9E37_79B9_7F4A_7C15)), 250);
    }
}

fn check_seed(seed: u64, n: usize) {
    let mut r = Rng(seed);
    let inits: Vec<String> = VARS.iter().map(|_| value(&mut r)).collect();
    let exprs: Vec<String> = (0..n).map(|_| expr(&mut r, 3)).collect();
    let mut decls = String::new();
    for ((v, t), i) in VARS.iter().zip(&inits) {
        writeln!(decls, "{t} {v} = ({t})({i});").unwrap();
    }
    // gcc's values.
    let mut c = format!("#include <stdio.h>\n{decls}int main(void) {{\n");
    for e in &exprs {
        writeln!(c, "  printf(\"%lld\\n\", (long long)({e}));").unwrap();
    }
    c.push_str("  return 0;\n}\n");
    let dir = std::env::temp_dir().join(format!("slam-gcc-arith-{}-{seed:x}", std::process::id()));
    let want: Vec<i64> = gcc_lines(&dir, "t", &c, &["-w", "-fwrapv"]).iter().map(|l| l.parse().unwrap()).collect();
    assert_eq!(want.len(), n);

    // The same expressions through cfront and the logic.
    let mut p = decls.clone();
    for i in 0..n {
        writeln!(p, "long long r{i};").unwrap();
    }
    p.push_str("void f(void) {\n");
    for (i, e) in exprs.iter().enumerate() {
        writeln!(p, "  r{i} = (long long)({e});").unwrap();
    }
    p.push_str("}\nint main(void) { f(); return 0; }\n");
    let prog = cfront::lower_str("t.c", &p, &Default::default()).unwrap();
    let ctx = logic::new_context();
    let env = logic::Env::new(&ctx, &prog);
    let mut pr = logic::Prover::new(&ctx, std::time::Duration::from_secs(10));
    let mut st = logic::State::new(&env, "s.", Some("f"));
    for (g, v) in VARS.iter().zip(&want_inits(&decls, &dir)) {
        st.write(&env, &cminus::Lval::var(g.0), env.int(*v)).unwrap();
    }
    let f = prog.proc("f").unwrap();
    let mut checked = 0;
    for s in &f.body {
        if let cminus::StmtKind::Assign(cminus::Lval::Var(name), e) = &s.kind {
            let Some(i) = name.strip_prefix('r').and_then(|k| k.parse::<usize>().ok()) else { continue };
            let v = st.int(&env, e).unwrap();
            assert!(
                pr.is_valid(&formula::eq(&v, &env.int(want[i]))),
                "seed {seed:#x}: r{i} = {} should be {} (gcc)\n  C--: {}",
                exprs[i],
                want[i],
                cminus::print_expr(e)
            );
            checked += 1;
        }
    }
    assert_eq!(checked, n, "every expression is lowered to one assignment");

    // The interpreter (Newton's replay reference) computes the same values.
    let mut q = p.replace("int main(void) { f(); return 0; }", "void reach_error(void);\nint main(void) {\n  f();\n");
    for (i, w) in want.iter().enumerate() {
        writeln!(q, "  if (r{i} != {w}LL) reach_error();").unwrap();
    }
    q.push_str("  return 0;\n}\n");
    let prog = cfront::lower_str("t.c", &q, &Default::default()).unwrap();
    let run = cminus::interp::run(&prog, &[], 1_000_000);
    assert!(
        matches!(run.outcome, cminus::interp::Outcome::Returned(_)),
        "seed {seed:#x}: the interpreter disagrees with gcc: {:?}",
        run.outcome
    );
}

/// The variables' initial values as gcc computes them (after conversion to their types).
fn want_inits(decls: &str, dir: &std::path::Path) -> Vec<i64> {
    let mut c = format!("#include <stdio.h>\n{decls}int main(void) {{\n");
    for (v, _) in VARS {
        writeln!(c, "  printf(\"%lld\\n\", (long long){v});").unwrap();
    }
    c.push_str("  return 0;\n}\n");
    gcc_lines(dir, "init", &c, &["-w"]).iter().map(|l| l.parse().unwrap()).collect()
}
