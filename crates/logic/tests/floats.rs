//! Floating point in the logic and the interpreter agrees with gcc's executables (x86-64
//! SSE, -O0) bit for bit: arithmetic, comparisons, negation, conversions between the formats
//! and to and from integers, `fabs`, `sqrt` and the roundings of glibc, on special values (zeros, subnormals, infinities, quiet and
//! signalling NaNs with payloads, values at the edges of the integer types) and random ones.

use cminus::{Expr, FloatOp, Type};
use std::fmt::Write as _;
mod common;
use common::{gcc_lines, have_gcc, Rng};
use z3::ast::Ast as _;

const F32: Type = Type::Float { bits: 32 };
const F64: Type = Type::Float { bits: 64 };

fn lit(bits: u64, t: &Type) -> Expr {
    Expr::Float(FloatOp::Lit(bits), t.clone(), vec![])
}

/// xorshift, so that the values are the same on every run.
fn patterns32(r: &mut Rng) -> Vec<u64> {
    let mut v: Vec<u64> = vec![
        0x0000_0000,
        0x8000_0000,
        0x3f80_0000,
        0xbf80_0000,
        0x3f00_0000,
        0x3fc0_0000,
        0x4040_0000,
        0x3dcc_cccd, // 0.1f
        0x0000_0001,
        0x007f_ffff,
        0x0080_0000,
        0x7f7f_ffff,
        0x7f80_0000,
        0xff80_0000,
        0x7fc0_0000,
        0xffc0_0123,
        0x7f80_0001,
        0xffa0_0002,
        0x4b80_0000,
        0x4b80_0001,
        0x4f00_0000,
        0xcf00_0000,
        0x4f80_0000,
        0x5f00_0000,
        0xdf00_0000,
        0x5f80_0000,
        0x46ff_fe00,
        0xc700_0000,
    ];
    v.extend((0..6).map(|_| r.next() & 0xffff_ffff));
    v
}

fn patterns64(r: &mut Rng) -> Vec<u64> {
    let mut v: Vec<u64> = vec![
        0,
        0x8000_0000_0000_0000,
        1f64.to_bits(),
        (-1f64).to_bits(),
        0.5f64.to_bits(),
        0.1f64.to_bits(),
        3f64.to_bits(),
        1,
        0x000f_ffff_ffff_ffff,
        0x0010_0000_0000_0000,
        f64::MAX.to_bits(),
        f64::INFINITY.to_bits(),
        f64::NEG_INFINITY.to_bits(),
        0x7ff8_0000_0000_0000,
        0xfff8_0000_0000_4321,
        0x7ff0_0000_0000_0001,
        0xfff4_0000_0000_0002,
        2147483647.5f64.to_bits(),
        (-2147483648.9f64).to_bits(),
        4294967295.0f64.to_bits(),
        9223372036854775808.0f64.to_bits(),
        (-9223372036854775808.0f64).to_bits(),
        18446744073709549568.0f64.to_bits(),
        18446744073709551616.0f64.to_bits(),
        (f32::MAX as f64).to_bits(),
        3.4028235677973366e38f64.to_bits(), // rounds to FLT_MAX or infinity: the tie
        1.401298464324817e-45f64.to_bits(),
        7.006492321624085e-46f64.to_bits(), // half the smallest float subnormal
        (-0.75f64).to_bits(),
        65535.99f64.to_bits(),
    ];
    v.extend((0..6).map(|_| r.next()));
    v
}

/// Integer values converted to the floating types (as `long`, and as `unsigned long`).
fn integers(r: &mut Rng) -> Vec<u64> {
    let mut v: Vec<u64> = vec![
        0,
        1,
        u64::MAX,
        (1 << 24) + 1,
        (1 << 53) + 1,
        i64::MAX as u64,
        i64::MIN as u64,
        0x8000_0080_0000_0001,
        0x8000_0000_0000_0400,
        0xffff_ff7f_ffff_ffff,
        (-16777217i64) as u64,
    ];
    v.extend((0..6).map(|_| r.next()));
    v
}

const ARITH: [(FloatOp, &str); 4] =
    [(FloatOp::Add, "+"), (FloatOp::Sub, "-"), (FloatOp::Mul, "*"), (FloatOp::Div, "/")];
const CMP: [(FloatOp, &str); 6] = [
    (FloatOp::Eq, "=="),
    (FloatOp::Ne, "!="),
    (FloatOp::Lt, "<"),
    (FloatOp::Le, "<="),
    (FloatOp::Gt, ">"),
    (FloatOp::Ge, ">="),
];
/// The integer types floats are converted to: C name, width, signedness, and the range of
/// doubles whose conversion C defines (`lo < d < hi`).
const INTS: [(&str, u16, bool, &str, &str); 6] = [
    ("int", 32, true, "-2147483649.0", "2147483648.0"),
    ("unsigned", 32, false, "-1.0", "4294967296.0"),
    ("long", 64, true, "-9223372036854777856.0", "9223372036854775808.0"),
    ("unsigned long", 64, false, "-1.0", "18446744073709551616.0"),
    ("short", 16, true, "-32769.0", "32768.0"),
    ("unsigned char", 8, false, "-1.0", "256.0"),
];

/// One operation to compare: the expression, and the C statement printing gcc's result.
struct Case {
    expr: Expr,
    /// The result's type (for the interpreter's fold) and the operands' type.
    from: Type,
    to: Type,
    xs: Vec<i128>,
    /// `None`: C leaves the result undefined, and the C program prints "u".
    c: String,
}

fn cname(t: &Type) -> &'static str {
    if *t == F32 {
        "float"
    } else {
        "double"
    }
}

fn cases() -> Vec<Case> {
    let mut r = Rng(0x9E37_79B9_7F4A_7C15);
    let mut out = Vec::new();
    for (t, pats) in [(F32, patterns32(&mut r)), (F64, patterns64(&mut r))] {
        let bits = |t: &Type, x: &str| {
            if *t == F32 {
                format!("pr32({x})")
            } else {
                format!("pr64({x})")
            }
        };
        let of = |t: &Type, p: u64| {
            if *t == F32 {
                format!("f32(0x{p:x}u)")
            } else {
                format!("f64(0x{p:x}ull)")
            }
        };
        for &a in &pats {
            for &b in &pats {
                for (op, sym) in ARITH {
                    out.push(Case {
                        expr: Expr::Float(op, t.clone(), vec![lit(a, &t), lit(b, &t)]),
                        from: t.clone(),
                        to: t.clone(),
                        xs: vec![a as i128, b as i128],
                        c: format!(
                            "{{ volatile {} x = {}, y = {}; {}; }}",
                            cname(&t),
                            of(&t, a),
                            of(&t, b),
                            bits(&t, &format!("x {sym} y"))
                        ),
                    });
                }
                for (op, sym) in CMP {
                    out.push(Case {
                        expr: Expr::Float(op, Type::Bool, vec![lit(a, &t), lit(b, &t)]),
                        from: t.clone(),
                        to: Type::Bool,
                        xs: vec![a as i128, b as i128],
                        c: format!("{{ volatile {} x = {}, y = {}; pi(x {sym} y); }}", cname(&t), of(&t, a), of(&t, b)),
                    });
                }
            }
            let other = if t == F32 { F64 } else { F32 };
            let x = format!("volatile {} x = {};", cname(&t), of(&t, a));
            let suffix = if t == F32 { "f" } else { "" };
            let unary = [
                (FloatOp::Neg, t.clone(), bits(&t, "-x")),
                (FloatOp::Abs, t.clone(), bits(&t, &format!("fabs{suffix}(x)"))),
                (FloatOp::Sqrt, t.clone(), bits(&t, &format!("sqrt{suffix}(x)"))),
                (FloatOp::Trunc, t.clone(), bits(&t, &format!("trunc{suffix}(x)"))),
                (FloatOp::Floor, t.clone(), bits(&t, &format!("floor{suffix}(x)"))),
                (FloatOp::Ceil, t.clone(), bits(&t, &format!("ceil{suffix}(x)"))),
                (FloatOp::Round, t.clone(), bits(&t, &format!("round{suffix}(x)"))),
                (FloatOp::Conv, other.clone(), bits(&other, &format!("({})x", cname(&other)))),
                (FloatOp::Conv, Type::Bool, "pi((_Bool)x)".to_string()),
            ];
            for (op, to, c) in unary {
                out.push(Case {
                    expr: Expr::Float(op, to.clone(), vec![lit(a, &t)]),
                    from: t.clone(),
                    to,
                    xs: vec![a as i128],
                    c: format!("{{ {x} {c}; }}"),
                });
            }
            for (name, w, signed, lo, hi) in INTS {
                let to = Type::Int { bits: w, signed };
                out.push(Case {
                    expr: Expr::Float(FloatOp::Conv, to.clone(), vec![lit(a, &t)]),
                    from: t.clone(),
                    to,
                    xs: vec![a as i128],
                    c: format!("{{ {x} if ((double)x > {lo} && (double)x < {hi}) pi(({name})x); else pu(); }}"),
                });
            }
        }
    }
    for v in integers(&mut r) {
        for (name, signed) in [("long", true), ("unsigned long", false)] {
            let from = Type::Int { bits: 64, signed };
            let n = if signed { v as i64 as i128 } else { v as i128 };
            for to in [F32, F64] {
                out.push(Case {
                    expr: Expr::Float(
                        FloatOp::Conv,
                        to.clone(),
                        vec![Expr::Cast(from.clone(), Box::new(Expr::Int(n)))],
                    ),
                    from: from.clone(),
                    to: to.clone(),
                    xs: vec![n],
                    c: format!(
                        "{{ volatile {name} x = ({name})0x{v:x}ull; {}; }}",
                        if to == F32 { "pr32(x)" } else { "pr64(x)" }
                    ),
                });
            }
        }
    }
    out
}

const PRELUDE: &str = r#"#include <stdio.h>
#include <string.h>
#include <math.h>
static float f32(unsigned u) { float f; memcpy(&f, &u, 4); return f; }
static double f64(unsigned long long u) { double f; memcpy(&f, &u, 8); return f; }
static void pr32(float f) { unsigned u; memcpy(&u, &f, 4); printf("%u\n", u); }
static void pr64(double f) { unsigned long long u; memcpy(&u, &f, 8); printf("%llu\n", u); }
static void pi(long long v) { printf("%lld\n", v); }
static void pu(void) { printf("u\n"); }
int main(void) {
"#;

/// gcc's results, one per case (`None`: undefined).
fn gcc_results(cases: &[Case]) -> Option<Vec<Option<i128>>> {
    if !have_gcc() {
        return None;
    }
    let mut c = PRELUDE.to_string();
    for k in cases {
        writeln!(c, "  {}", k.c).unwrap();
    }
    c.push_str("  return 0;\n}\n");
    let dir = std::env::temp_dir().join(format!("slam-floats-{}", std::process::id()));
    let lines: Vec<Option<i128>> = gcc_lines(&dir, "t", &c, &["-O0", "-w"])
        .iter()
        .map(|l| if l == "u" { None } else { Some(l.parse().unwrap()) })
        .collect();
    assert_eq!(lines.len(), cases.len());
    Some(lines)
}

/// The canonical form of gcc's value of a result of type `t`, as the logic holds it.
fn canonical(v: i128, t: &Type) -> i128 {
    match t {
        Type::Int { bits, signed: true } => (v << (128 - bits)) >> (128 - bits),
        Type::Int { bits, signed: false } => v & ((1 << bits) - 1),
        _ => v,
    }
}

#[test]
fn floating_point_agrees_with_gcc() {
    let cases = cases();
    let Some(want) = gcc_results(&cases) else { return };
    let prog = cfront::lower_str("t.c", "int main(void) { return 0; }\n", &Default::default()).unwrap();
    let ctx = logic::new_context();
    let env = logic::Env::new(&ctx, &prog);
    let st = logic::State::new(&env, "s.", Some("main"));
    let mut wrong = Vec::new();
    for (k, w) in cases.iter().zip(&want) {
        let Some(w) = *w else { continue };
        let w = canonical(w, &k.to);
        let got = st.int(&env, &k.expr).unwrap().simplify().as_u64().map(|v| canonical(v as i128, &k.to));
        let interp = cminus::interp::fold_float(
            match &k.expr {
                Expr::Float(op, ..) => *op,
                _ => unreachable!(),
            },
            Some(&k.from),
            &k.to,
            &k.xs,
        )
        .map(|v| canonical(v, &k.to));
        if got != Some(w) || interp != Some(w) {
            wrong.push(format!("{}: gcc {w:#x}, logic {got:x?}, interpreter {interp:x?}", k.c));
        }
    }
    assert!(
        wrong.is_empty(),
        "{} of {} disagree:\n{}",
        wrong.len(),
        cases.len(),
        wrong[..wrong.len().min(30)].join("\n")
    );
}

#[test]
fn a_model_of_a_float_path_is_a_float_input() {
    let prog = cfront::lower_str("t.c", "float x;\nint main(void) { return 0; }\n", &Default::default()).unwrap();
    let ctx = logic::new_context();
    let env = logic::Env::new(&ctx, &prog);
    let mut pr = logic::Prover::new(&ctx, std::time::Duration::from_secs(20));
    let st = logic::State::new(&env, "s.", Some("main"));
    let x = Expr::var("x");
    let gt = |a: Expr, b: Expr| Expr::Float(FloatOp::Gt, Type::Bool, vec![a, b]);
    let lt = |a: Expr, b: Expr| Expr::Float(FloatOp::Lt, Type::Bool, vec![a, b]);
    let sq = Expr::Float(FloatOp::Mul, F32, vec![x.clone(), x.clone()]);
    let conds = [
        st.cond(&env, &gt(x.clone(), lit(1.0f32.to_bits() as u64, &F32))).unwrap(),
        st.cond(&env, &lt(x.clone(), lit(2.0f32.to_bits() as u64, &F32))).unwrap(),
        st.cond(&env, &gt(sq, lit(3.99f32.to_bits() as u64, &F32))).unwrap(),
    ];
    let xv = st.int(&env, &x).unwrap();
    let vals = pr.model_values(&conds, &[xv]).expect("satisfiable");
    let v = f32::from_bits(vals[0] as u32);
    assert!(v > 1.0 && v < 2.0 && v * v > 3.99, "{v} ({:#x})", vals[0]);
}
