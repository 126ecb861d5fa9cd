//! Fourier–Motzkin elimination of one variable from a conjunction of linear comparisons.
//!
//! Newton carries each condition of an infeasible path back alone, and a condition that
//! reads a variable stops where the variable gets a nondeterministic value (`n := nondet`).
//! When the path's contradiction needs two conditions together across such a havoc —
//! `i >= n` and `0 < n` with `i == 0` before `n` was chosen — no single weakest precondition
//! carries it: the fact is `∃n. i >= n ∧ 0 < n`, that is `1 <= i`, the interpolant at the
//! havoc. This module computes that projection for comparisons that are linear in the
//! eliminated variable (over the integers: `a < b` is `a + 1 <= b`); anything else is left
//! out. The results are only predicates for the abstraction: a useless one costs time, never
//! soundness.

use cminus::{BinOp, Expr, Lval, UnOp};
use std::collections::BTreeMap;

/// A linear combination of opaque terms (keyed by their printed form) and a constant.
#[derive(Clone, Debug, Default)]
struct Lin {
    terms: BTreeMap<String, (i128, Expr)>,
    c: i128,
}

impl Lin {
    fn scale(&self, k: i128) -> Option<Lin> {
        let mut out = Lin { c: self.c.checked_mul(k)?, ..Lin::default() };
        for (key, (a, e)) in &self.terms {
            out.terms.insert(key.clone(), (a.checked_mul(k)?, e.clone()));
        }
        Some(out)
    }
    fn add(&self, o: &Lin) -> Option<Lin> {
        let mut out = self.clone();
        out.c = out.c.checked_add(o.c)?;
        for (key, (a, e)) in &o.terms {
            let slot = out.terms.entry(key.clone()).or_insert((0, e.clone()));
            slot.0 = slot.0.checked_add(*a)?;
        }
        out.terms.retain(|_, (a, _)| *a != 0);
        Some(out)
    }
    fn coef(&self, key: &str) -> i128 {
        self.terms.get(key).map_or(0, |(a, _)| *a)
    }
}

/// The linear form of an integer expression; other subexpressions are opaque terms.
fn lin(e: &Expr) -> Option<Lin> {
    match e {
        Expr::Int(n) => Some(Lin { c: *n, ..Lin::default() }),
        Expr::Binary(BinOp::Add, a, b) => lin(a)?.add(&lin(b)?),
        Expr::Binary(BinOp::Sub, a, b) => lin(a)?.add(&lin(b)?.scale(-1)?),
        Expr::Unary(UnOp::Neg, a) => lin(a)?.scale(-1),
        Expr::Binary(BinOp::Mul, a, b) => match (a.as_ref(), b.as_ref()) {
            (Expr::Int(k), x) | (x, Expr::Int(k)) => lin(x)?.scale(*k),
            _ => opaque(e),
        },
        Expr::Bool(_) | Expr::Nondet(_) | Expr::Float(..) => None,
        _ => opaque(e),
    }
}

fn opaque(e: &Expr) -> Option<Lin> {
    let mut l = Lin::default();
    l.terms.insert(cminus::print_expr(e), (1, e.clone()));
    Some(l)
}

/// `form <= 0` or `form == 0`.
#[derive(Clone, Debug)]
struct Atom {
    form: Lin,
    eq: bool,
}

/// A comparison as an atom over the integers (`!=` and non-linear forms: none).
fn atom(e: &Expr) -> Option<Atom> {
    let Expr::Binary(op, a, b) = e else { return None };
    let (l, r) = (lin(a)?, lin(b)?);
    let diff = |x: &Lin, y: &Lin| x.add(&y.scale(-1)?);
    Some(match op {
        BinOp::Le => Atom { form: diff(&l, &r)?, eq: false },
        BinOp::Lt => Atom { form: diff(&l, &r)?.add(&Lin { c: 1, ..Lin::default() })?, eq: false },
        BinOp::Ge => Atom { form: diff(&r, &l)?, eq: false },
        BinOp::Gt => Atom { form: diff(&r, &l)?.add(&Lin { c: 1, ..Lin::default() })?, eq: false },
        BinOp::Eq => Atom { form: diff(&l, &r)?, eq: true },
        _ => return None,
    })
}

/// `lhs <= rhs` (or `==`) with the positive terms on the left, the negative on the right.
fn to_expr(a: &Atom) -> Option<Expr> {
    let side = |sign: i128| -> Option<Expr> {
        let mut parts: Vec<Expr> = Vec::new();
        for (k, e) in a.form.terms.values() {
            if k.signum() == sign {
                let m = k.abs();
                parts.push(if m == 1 {
                    e.clone()
                } else {
                    Expr::Binary(BinOp::Mul, Box::new(Expr::Int(m)), Box::new(e.clone()))
                });
            }
        }
        if a.form.c.signum() == sign {
            parts.push(Expr::Int(a.form.c.abs()));
        }
        let mut it = parts.into_iter();
        let first = it.next().unwrap_or(Expr::Int(0));
        Some(it.fold(first, |x, y| Expr::Binary(BinOp::Add, Box::new(x), Box::new(y))))
    };
    if a.form.terms.is_empty() {
        return None; // a constant fact: no predicate
    }
    let op = if a.eq { BinOp::Eq } else { BinOp::Le };
    Some(Expr::Binary(op, Box::new(side(1)?), Box::new(side(-1)?)))
}

/// The comparisons that follow from `atoms` without the variable `x` (its value chosen
/// anew): an equality in `x` is substituted into the others, else every lower bound is
/// combined with every upper bound. Atoms that read `x` non-linearly (under a cast, an
/// index) give nothing.
pub fn eliminate(atoms: &[Expr], x: &Lval) -> Vec<Expr> {
    let key = cminus::print_expr(&Expr::Lval(x.clone()));
    let parsed: Vec<Atom> = atoms.iter().filter_map(atom).filter(|a| a.form.coef(&key) != 0).collect();
    // Only atoms where `x` appears as a term of its own (not inside an opaque term).
    let parsed: Vec<Atom> =
        parsed.into_iter().filter(|a| a.form.terms.iter().all(|(k, _)| k == &key || !k.contains(&key))).collect();
    let mut out = Vec::new();
    if let Some(def) = parsed.iter().find(|a| a.eq && a.form.coef(&key).abs() == 1) {
        // x = -(rest)/c: substitute into the others.
        let c = def.form.coef(&key);
        for a in parsed.iter().filter(|a| !std::ptr::eq(*a, def)) {
            let k = a.form.coef(&key);
            // a.form - (k / c) * def.form eliminates x (c is ±1).
            if let Some(f) = def.form.scale(-k * c).and_then(|d| a.form.add(&d)) {
                out.extend(to_expr(&Atom { form: f, eq: a.eq }));
            }
        }
        return out;
    }
    let lower: Vec<&Atom> = parsed.iter().filter(|a| !a.eq && a.form.coef(&key) < 0).collect();
    let upper: Vec<&Atom> = parsed.iter().filter(|a| !a.eq && a.form.coef(&key) > 0).collect();
    for lo in &lower {
        for up in &upper {
            let (a1, a2) = (-lo.form.coef(&key), up.form.coef(&key));
            let f = lo.form.scale(a2).and_then(|l| up.form.scale(a1).and_then(|u| l.add(&u)));
            if let Some(f) = f {
                out.extend(to_expr(&Atom { form: f, eq: false }));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(s: &str) -> Expr {
        // `a OP b` over variables and integers, enough for the tests.
        let toks: Vec<&str> = s.split(' ').collect();
        let term = |t: &str| t.parse::<i128>().map(Expr::Int).unwrap_or_else(|_| Expr::var(t));
        let op = match toks[1] {
            "<" => BinOp::Lt,
            "<=" => BinOp::Le,
            ">" => BinOp::Gt,
            ">=" => BinOp::Ge,
            _ => BinOp::Eq,
        };
        Expr::Binary(op, Box::new(term(toks[0])), Box::new(term(toks[2])))
    }

    #[test]
    fn bounds_on_both_sides_give_their_combination() {
        // ∃n. i >= n ∧ 0 < n  ⇔  1 <= i
        let out = eliminate(&[parse("i >= n"), parse("0 < n")], &Lval::var("n"));
        let printed: Vec<String> = out.iter().map(cminus::print_expr).collect();
        assert_eq!(printed, vec!["1 <= i"]);
    }

    #[test]
    fn an_equality_is_substituted() {
        // ∃b. b == a + 2 ∧ b < 3  ⇔  a + 3 <= 3 … printed with the terms on their sides
        let sum = Expr::Binary(BinOp::Add, Box::new(Expr::var("a")), Box::new(Expr::Int(2)));
        let def = Expr::Binary(BinOp::Eq, Box::new(Expr::var("b")), Box::new(sum));
        let out = eliminate(&[def, parse("b < 3")], &Lval::var("b"));
        let printed: Vec<String> = out.iter().map(cminus::print_expr).collect();
        assert_eq!(printed, vec!["a <= 0"]);
    }

    #[test]
    fn one_sided_bounds_give_nothing() {
        assert!(eliminate(&[parse("n < 5"), parse("n < i")], &Lval::var("n")).is_empty());
    }
}

/// Leaves of an addition/subtraction tree.
fn leaves(e: &Expr) -> usize {
    match e {
        Expr::Binary(BinOp::Add | BinOp::Sub, a, b) => leaves(a) + leaves(b),
        Expr::Unary(UnOp::Neg, a) => leaves(a),
        _ => 1,
    }
}

/// `e` with the constants of a sum folded (`x + 1 - 1` is `x`, `d + 1 + 1 - 1` is `d + 1`),
/// when that makes it shorter; valid in modular arithmetic too (a ring identity), so the
/// predicate keeps its meaning.
pub fn fold_sum(e: &Expr) -> Expr {
    if !matches!(e, Expr::Binary(BinOp::Add | BinOp::Sub, ..)) {
        return e.clone();
    }
    let Some(l) = lin(e) else { return e.clone() };
    let mut out: Option<Expr> = None;
    let mut push = |op: BinOp, x: Expr| {
        out = Some(match out.take() {
            None if op == BinOp::Add => x,
            None => Expr::Unary(UnOp::Neg, Box::new(x)),
            Some(acc) => Expr::Binary(op, Box::new(acc), Box::new(x)),
        })
    };
    for (k, t) in l.terms.values().filter(|(k, _)| *k > 0) {
        push(
            BinOp::Add,
            if *k == 1 { t.clone() } else { Expr::Binary(BinOp::Mul, Box::new(Expr::Int(*k)), Box::new(t.clone())) },
        );
    }
    for (k, t) in l.terms.values().filter(|(k, _)| *k < 0) {
        let m = -k;
        push(
            BinOp::Sub,
            if m == 1 { t.clone() } else { Expr::Binary(BinOp::Mul, Box::new(Expr::Int(m)), Box::new(t.clone())) },
        );
    }
    if l.c > 0 {
        push(BinOp::Add, Expr::Int(l.c));
    } else if l.c < 0 {
        push(BinOp::Sub, Expr::Int(-l.c));
    }
    let folded = out.unwrap_or(Expr::Int(0));
    if leaves(&folded) < leaves(e) {
        folded
    } else {
        e.clone()
    }
}

#[cfg(test)]
mod fold_tests {
    use super::*;

    #[test]
    fn constants_that_cancel_are_folded() {
        let x = || Box::new(Expr::var("x"));
        let one = || Box::new(Expr::Int(1));
        let e = Expr::Binary(BinOp::Sub, Box::new(Expr::Binary(BinOp::Add, x(), one())), one());
        assert_eq!(cminus::print_expr(&fold_sum(&e)), "x");
        let e2 = Expr::Binary(BinOp::Add, x(), one());
        assert_eq!(fold_sum(&e2), e2);
    }
}
