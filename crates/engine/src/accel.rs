//! Predicates from the closed forms of counting loops (issue 30, item 2): the predicate
//! oracle that is asked before the Horn engine's ([`crate::PredicateOracle`]).
//!
//! A *counter* is an integer variable whose every assignment in its procedure is a constant
//! (`x := 0`) or a constant step (`x := x + c`, `x := x - c`). After `k` steps from `x0` a
//! counter holds `x0 + Σ c` (mod 2^w): when every step is a multiple of `g > 1`, `x ≡ x0
//! (mod g)` holds forever; a loop that steps by 1 up to a threshold `N` and by `g` beyond it
//! keeps `x ≡ N (mod g)` beyond it. The oracle offers `x % g == r` for the residues of the
//! counter's constant assignments and of the constants it is compared with, `g` each step
//! larger than 1 (and their gcd): what Newton, which refines one trip per round, does not
//! find. Like every oracle, its predicates only add precision: they decide nothing.

use crate::{OracleAnswer, PredicateOracle};
use cminus::pred::Pred;
use cminus::{BinOp, Expr, Lval, Program, StmtKind, Type};
use std::collections::BTreeSet;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

/// The oracle ([`predicates`]).
#[derive(Default)]
pub struct Counters;

impl PredicateOracle for Counters {
    fn name(&self) -> &str {
        "acceleration"
    }

    fn predicates(&mut self, prog: &Program, _budget: Duration, _cancel: Arc<AtomicBool>) -> OracleAnswer {
        let preds = predicates(prog);
        let note = format!("{} predicates from the steps of counters", preds.len());
        OracleAnswer { preds, note }
    }
}

fn strip(e: &Expr) -> &Expr {
    match e {
        Expr::Cast(Type::Int { .. }, inner) => strip(inner),
        _ => e,
    }
}

fn is_var(e: &Expr, v: &str) -> bool {
    matches!(strip(e), Expr::Lval(Lval::Var(n)) if n == v)
}

fn constant(e: &Expr) -> Option<i128> {
    match strip(e) {
        Expr::Int(n) => Some(*n),
        Expr::Unary(cminus::UnOp::Neg, inner) => constant(inner).map(|n| -n),
        _ => None,
    }
}

/// What an assignment `v := e` does to `v`: `Ok(Some(c))` a step by `c`, `Ok(None)` a
/// constant (`Some` in the second slot), `Err` anything else.
fn classify(v: &str, e: &Expr) -> Result<(Option<i128>, Option<i128>), ()> {
    if let Some(k) = constant(e) {
        return Ok((None, Some(k)));
    }
    match strip(e) {
        Expr::Binary(BinOp::Add, a, b) if is_var(a, v) => constant(b).map(|c| (Some(c), None)).ok_or(()),
        Expr::Binary(BinOp::Add, a, b) if is_var(b, v) => constant(a).map(|c| (Some(c), None)).ok_or(()),
        Expr::Binary(BinOp::Sub, a, b) if is_var(a, v) => constant(b).map(|c| (Some(-c), None)).ok_or(()),
        _ => Err(()),
    }
}

fn gcd(a: i128, b: i128) -> i128 {
    if b == 0 {
        a.abs()
    } else {
        gcd(b, a % b)
    }
}

/// The constants `v` is compared with in `e`.
fn compared(e: &Expr, v: &str, out: &mut BTreeSet<i128>) {
    match e {
        Expr::Binary(op, a, b) => {
            if matches!(op, BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge | BinOp::Eq | BinOp::Ne) {
                if is_var(a, v) {
                    out.extend(constant(b));
                }
                if is_var(b, v) {
                    out.extend(constant(a));
                }
            }
            compared(a, v, out);
            compared(b, v, out);
        }
        Expr::Unary(_, a) | Expr::Cast(_, a) => compared(a, v, out),
        _ => {}
    }
}

/// The bounds `v < C` / `v <= C` / `v > C` / `v >= C` that `e` puts on `v`, as `(op, C)` with
/// `v` on the left.
fn bounds(e: &Expr, v: &str, out: &mut BTreeSet<(Cmp, i128)>) {
    match e {
        Expr::Binary(op, a, b) => {
            let flip = |o: &BinOp| match o {
                BinOp::Lt => Some(Cmp::Gt),
                BinOp::Le => Some(Cmp::Ge),
                BinOp::Gt => Some(Cmp::Lt),
                BinOp::Ge => Some(Cmp::Le),
                _ => None,
            };
            let direct = |o: &BinOp| flip(o).map(Cmp::flipped);
            if let (true, Some(c), Some(o)) = (is_var(a, v), constant(b), direct(op)) {
                out.insert((o, c));
            }
            if let (true, Some(c), Some(o)) = (is_var(b, v), constant(a), flip(op)) {
                out.insert((o, c));
            }
            bounds(a, v, out);
            bounds(b, v, out);
        }
        Expr::Unary(_, a) | Expr::Cast(_, a) => bounds(a, v, out),
        _ => {}
    }
}

/// A comparison of a counter with a constant, the counter on the left.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
enum Cmp {
    Lt,
    Le,
    Gt,
    Ge,
}

impl Cmp {
    fn flipped(self) -> Cmp {
        match self {
            Cmp::Lt => Cmp::Gt,
            Cmp::Le => Cmp::Ge,
            Cmp::Gt => Cmp::Lt,
            Cmp::Ge => Cmp::Le,
        }
    }

    fn op(self) -> BinOp {
        match self {
            Cmp::Lt => BinOp::Lt,
            Cmp::Le => BinOp::Le,
            Cmp::Gt => BinOp::Gt,
            Cmp::Ge => BinOp::Ge,
        }
    }
}

/// The bound a counter keeps past the loop that compares it with `c`: a counter whose steps
/// all go up (at most `up`) and that only steps while `v < c` never exceeds `c + up - 1`, so
/// `v < c + up` is inductive where `v < c` is not (what Newton, one trip per round, approaches
/// as `v + up < c`, `v + 2·up < c`, …); downwards alike. `None` when the bound leaves the type.
fn exit_bound(cmp: Cmp, c: i128, up: Option<i128>, down: Option<i128>, bits: u16, signed: bool) -> Option<(Cmp, i128)> {
    let (cmp, k) = match (cmp, up, down) {
        (Cmp::Lt | Cmp::Le, Some(s), None) => (cmp, c + s),
        (Cmp::Gt | Cmp::Ge, None, Some(s)) => (cmp, c - s),
        _ => return None,
    };
    let (lo, hi) = if signed { (-(1i128 << (bits - 1)), (1i128 << (bits - 1)) - 1) } else { (0, (1i128 << bits) - 1) };
    (lo..=hi).contains(&k).then_some((cmp, k))
}

/// The modular predicates of every counter of every procedure (at most 8 per counter), and
/// its exit bounds ([`exit_bound`], at most 4 per counter).
pub fn predicates(prog: &Program) -> Vec<Pred> {
    let mut out: Vec<Pred> = Vec::new();
    for p in &prog.procs {
        let vars: Vec<(&str, &Type)> = p.locals.iter().map(|v| (v.name.as_str(), &v.ty)).collect();
        for (v, ty) in vars {
            let Type::Int { bits, signed } = ty else { continue };
            let (mut steps, mut inits) = (BTreeSet::new(), BTreeSet::new());
            let mut counter = true;
            let mut consts = BTreeSet::new();
            let mut guards = BTreeSet::new();
            for s in &p.body {
                match &s.kind {
                    StmtKind::Assign(Lval::Var(n), e) if n == v => match classify(v, e) {
                        Ok((Some(c), _)) => {
                            steps.insert(c);
                        }
                        Ok((None, Some(k))) => {
                            inits.insert(k);
                        }
                        _ => counter = false,
                    },
                    StmtKind::Assume(e) => {
                        compared(e, v, &mut consts);
                        bounds(e, v, &mut guards);
                    }
                    StmtKind::Call { ret: Some(Lval::Var(n)), .. } if n == v => counter = false,
                    _ => {}
                }
                if !counter {
                    break;
                }
            }
            if !counter || steps.is_empty() {
                continue;
            }
            let mut moduli: BTreeSet<i128> =
                steps.iter().map(|c: &i128| c.abs()).filter(|&g| g > 1 && g <= 64).collect();
            let g = steps.iter().fold(0, |a, &c| gcd(a, c));
            if g > 1 && g <= 64 {
                moduli.insert(g);
            }
            let lit = |k: i128| match signed {
                true => Expr::Int(k),
                false => Expr::Cast(Type::Int { bits: *bits, signed: false }, Box::new(Expr::Int(k))),
            };
            let up = steps.iter().all(|&c| c > 0).then(|| steps.iter().copied().max()).flatten();
            let down = steps.iter().all(|&c| c < 0).then(|| steps.iter().map(|c| -c).max()).flatten();
            let exits: BTreeSet<(Cmp, i128)> =
                guards.iter().filter_map(|&(cmp, c)| exit_bound(cmp, c, up, down, *bits, *signed)).collect();
            for (cmp, k) in exits.into_iter().take(4) {
                let e = Expr::Binary(cmp.op(), Box::new(Expr::var(v)), Box::new(lit(k)));
                out.push(Pred::local(&p.name, e));
            }
            let mut n = 0;
            for m in moduli {
                // `x % 2 == 1` is `!(x % 2 == 0)`: one residue per modulus 2
                let mut residues: BTreeSet<i128> = inits.iter().chain(&consts).map(|k| k.rem_euclid(m)).collect();
                if m == 2 && !residues.is_empty() {
                    residues = [0].into_iter().collect();
                }
                for r in residues {
                    if n >= 8 {
                        break;
                    }
                    let e = Expr::Binary(
                        BinOp::Eq,
                        Box::new(Expr::Binary(BinOp::Rem, Box::new(Expr::var(v)), Box::new(lit(m)))),
                        Box::new(lit(r)),
                    );
                    out.push(Pred::local(&p.name, e));
                    n += 1;
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn preds(src: &str) -> Vec<String> {
        let p = cfront::lower_str("t.c", src, &cfront::Options::default()).expect("lowers");
        predicates(&p).iter().map(|q| cminus::print_expr(&q.expr)).collect()
    }

    #[test]
    fn a_counter_stepping_by_two_is_even_and_stops_below_the_bound_plus_two() {
        let v = preds("int main(void) { int i = 0; while (i < 1000) i += 2; return i; }");
        assert_eq!(v, ["i < 1002", "i % 2 == 0"]);
    }

    #[test]
    fn a_counter_keeps_its_exit_bound_in_either_direction() {
        assert_eq!(preds("int main(void) { int i = 0; while (i < 1000) i += 1; return i; }"), ["i < 1001"]);
        let v = preds("int main(void) { int i = 10; while (i >= 0) i -= 3; return i; }");
        assert_eq!(v[0], "i >= -3", "{v:?}");
        assert!(preds("int main(int n) { int i = 0; while (i < 1000) i += n; return i; }").is_empty());
    }

    #[test]
    fn a_bound_beyond_the_type_is_not_offered() {
        let v = preds("int main(void) { unsigned char c = 0; while (c < 255) c += 2; return c; }");
        assert!(!v.iter().any(|p| p.contains('<')), "{v:?}");
    }

    #[test]
    fn steps_by_three_from_a_threshold_give_its_residue() {
        let v = preds(
            "int main(void) { unsigned x = 0; while (x < 100000u) { if (x < 10u) x++; else x += 3; } return 0; }",
        );
        assert!(v.iter().any(|p| p.contains("% (uint)3 == (uint)1")), "{v:?}");
    }
}
