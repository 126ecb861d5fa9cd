//! The atoms of a Horn solution's formula as C-- expressions: Spacer's invariants, taken apart
//! into the comparisons they are made of, become predicates for CEGAR (issue 30). A formula
//! of the integer reading (linear integer arithmetic over the relation's integer parameters)
//! or of the bit-vector clauses (64-bit terms over its bit-vector parameters) is read the same
//! way: every parameter is the C-- variable `names` gives it, arithmetic is C's operators,
//! integer `mod` is `%`, unsigned and signed comparisons are C's comparisons (the variable's
//! type decides). That is a guess, not a translation: a predicate only adds precision to the
//! abstraction, so an atom whose C reading differs (wrap-around, a negative remainder) costs
//! time, never soundness. Atoms over a parameter without a name (the memory, the values a
//! procedure was entered with) or over anything else this reading does not know are dropped.

use cminus::{BinOp, Expr, UnOp};
use std::collections::HashMap;
use z3::ast::{Ast, Dynamic};
use z3::{AstKind, DeclKind};

/// The comparisons of the Boolean formula `f` (through `and`, `or`, `not`, `=>`, Boolean
/// `ite` and `=`), each as a C-- comparison when all its terms can be read; appended to
/// `out` without duplicates.
pub(super) fn atoms(f: &Dynamic<'_>, names: &HashMap<String, String>, out: &mut Vec<Expr>) {
    if f.kind() != AstKind::App {
        return;
    }
    let d = f.decl();
    let ch = f.children();
    let boolean = |c: &Dynamic| c.as_bool().is_some();
    match d.kind() {
        DeclKind::AND | DeclKind::OR | DeclKind::NOT | DeclKind::IMPLIES | DeclKind::XOR => {
            ch.iter().for_each(|c| atoms(c, names, out));
        }
        DeclKind::ITE if boolean(&ch[1]) => ch.iter().for_each(|c| atoms(c, names, out)),
        DeclKind::EQ | DeclKind::IFF if ch.len() == 2 && boolean(&ch[0]) => {
            ch.iter().for_each(|c| atoms(c, names, out));
        }
        _ => {
            if let Some(e) = comparison(f, names) {
                if !out.contains(&e) {
                    out.push(e);
                }
            }
        }
    }
}

/// Single-bit atoms `(t & 2^k) == c` with `k >= 3` — Spacer's bit-vector invariants bound a
/// value bit by bit (`bits 19 to 31 of n are 0`) — replaced by one range per term, `t < 2^k`
/// with the lowest such `k`: one predicate instead of a dozen that each say little to the
/// abstraction. Parity and the other low bits stay.
pub(super) fn ranges(out: &mut Vec<Expr>) {
    let mut low: Vec<(Expr, u32)> = Vec::new();
    out.retain(|e| {
        if let Expr::Binary(BinOp::Eq | BinOp::Ne, a, _) = e {
            if let Expr::Binary(BinOp::BitAnd, t, m) = &**a {
                if let Expr::Int(m) = **m {
                    if m > 0 && m.count_ones() == 1 && m.trailing_zeros() >= 3 {
                        let k = m.trailing_zeros();
                        match low.iter_mut().find(|(u, _)| u == &**t) {
                            Some((_, j)) => *j = (*j).min(k),
                            None => low.push(((**t).clone(), k)),
                        }
                        return false;
                    }
                }
            }
        }
        true
    });
    for (t, k) in low {
        let e = Expr::Binary(BinOp::Lt, Box::new(t), Box::new(Expr::Int(1i128 << k)));
        if !out.contains(&e) {
            out.push(e);
        }
    }
}

/// One comparison of integer or bit-vector terms.
fn comparison(f: &Dynamic<'_>, names: &HashMap<String, String>) -> Option<Expr> {
    let d = f.decl();
    let ch = f.children();
    if ch.len() != 2 {
        return None;
    }
    let op = match d.kind() {
        DeclKind::EQ => BinOp::Eq,
        DeclKind::DISTINCT => BinOp::Ne,
        DeclKind::LE | DeclKind::SLEQ | DeclKind::ULEQ => BinOp::Le,
        DeclKind::LT | DeclKind::SLT | DeclKind::ULT => BinOp::Lt,
        DeclKind::GE | DeclKind::SGEQ | DeclKind::UGEQ => BinOp::Ge,
        DeclKind::GT | DeclKind::SGT | DeclKind::UGT => BinOp::Gt,
        _ => return None,
    };
    if matches!(op, BinOp::Eq | BinOp::Ne) {
        // bits of a term: `((_ extract h l) t) = c` is `(t & mask) == c << l`
        for (x, c) in [(&ch[0], &ch[1]), (&ch[1], &ch[0])] {
            if let (Some((h, l, t)), Some(v)) = (narrow_extract(x), c.as_bv().and_then(|b| b.as_u64())) {
                let bits = h - l + 1;
                let mask: i128 = ((1i128 << bits) - 1) << l;
                let masked = Expr::Binary(BinOp::BitAnd, Box::new(term(&t, names)?), Box::new(Expr::Int(mask)));
                return Some(Expr::Binary(op, Box::new(masked), Box::new(Expr::Int((v as i128) << l))));
            }
        }
    }
    let (a, b) = (term(&ch[0], names)?, term(&ch[1], names)?);
    Some(tidy(op, a, b))
}

/// `a op b` in a readable form: a constant on the right (`x - y <= 0` stays, `0 <= x - y`
/// becomes `x - y >= 0`), and `t + -c op k` as `t op k + c`.
fn tidy(op: BinOp, a: Expr, b: Expr) -> Expr {
    let (op, a, b) = match (&a, &b) {
        (Expr::Int(_), e) if !matches!(e, Expr::Int(_)) => (flip(op), b, a),
        _ => (op, a, b),
    };
    match (a, b) {
        (Expr::Binary(BinOp::Add, x, c), Expr::Int(k)) if matches!(*c, Expr::Int(_)) => {
            let Expr::Int(c) = *c else { unreachable!() };
            match k.checked_sub(c) {
                Some(r) => Expr::Binary(op, x, Box::new(Expr::Int(r))),
                None => Expr::Binary(
                    op,
                    Box::new(Expr::Binary(BinOp::Add, x, Box::new(Expr::Int(c)))),
                    Box::new(Expr::Int(k)),
                ),
            }
        }
        (a, b) => Expr::Binary(op, Box::new(a), Box::new(b)),
    }
}

fn flip(op: BinOp) -> BinOp {
    match op {
        BinOp::Lt => BinOp::Gt,
        BinOp::Le => BinOp::Ge,
        BinOp::Gt => BinOp::Lt,
        BinOp::Ge => BinOp::Le,
        op => op,
    }
}

/// An integer or bit-vector term as a C-- expression.
fn term(e: &Dynamic<'_>, names: &HashMap<String, String>) -> Option<Expr> {
    if e.kind() == AstKind::Numeral {
        if let Some(i) = e.as_int() {
            return i.as_i64().map(|v| Expr::Int(v as i128));
        }
        let b = e.as_bv()?;
        let v = b.as_u64()?;
        // a 64-bit value is a canonical term: signed; a narrower one is read unsigned
        return Some(Expr::Int(if b.get_size() == 64 { v as i64 as i128 } else { v as i128 }));
    }
    if e.kind() != AstKind::App {
        return None;
    }
    let d = e.decl();
    let ch = e.children();
    let bin = |op: BinOp| -> Option<Expr> {
        let mut it = ch.iter();
        let first = term(it.next()?, names)?;
        it.try_fold(first, |acc, c| Some(Expr::Binary(op, Box::new(acc), Box::new(term(c, names)?))))
    };
    match d.kind() {
        DeclKind::UNINTERPRETED if ch.is_empty() => names.get(&d.name()).map(|n| Expr::var(n)),
        DeclKind::ADD | DeclKind::BADD => {
            // `a + -1*b` is `a - b`
            let mut it = ch.iter();
            let mut acc = term(it.next()?, names)?;
            for c in it {
                acc = match negated(c, names) {
                    Some(t) => Expr::Binary(BinOp::Sub, Box::new(acc), Box::new(t)),
                    None => Expr::Binary(BinOp::Add, Box::new(acc), Box::new(term(c, names)?)),
                };
            }
            Some(acc)
        }
        DeclKind::SUB | DeclKind::BSUB => bin(BinOp::Sub),
        DeclKind::MUL | DeclKind::BMUL => match negated(e, names) {
            Some(t) => Some(Expr::Unary(UnOp::Neg, Box::new(t))),
            None => bin(BinOp::Mul),
        },
        DeclKind::UMINUS | DeclKind::BNEG => Some(Expr::Unary(UnOp::Neg, Box::new(term(&ch[0], names)?))),
        DeclKind::MOD
        | DeclKind::REM
        | DeclKind::BSREM
        | DeclKind::BUREM
        | DeclKind::BSMOD
        | DeclKind::BSREM_I
        | DeclKind::BUREM_I
        | DeclKind::BSMOD_I => bin(BinOp::Rem),
        DeclKind::IDIV | DeclKind::BSDIV | DeclKind::BUDIV | DeclKind::BSDIV_I | DeclKind::BUDIV_I => bin(BinOp::Div),
        // the low bits of a canonical term, or its extension: the C value itself
        DeclKind::SIGN_EXT | DeclKind::ZERO_EXT => term(&ch[0], names),
        DeclKind::EXTRACT if extract_bits(e).is_some_and(|(h, l)| l == 0 && h >= 31) => term(&ch[0], names),
        DeclKind::BAND => bin(BinOp::BitAnd),
        DeclKind::BOR => bin(BinOp::BitOr),
        DeclKind::BXOR => bin(BinOp::BitXor),
        DeclKind::BSHL => bin(BinOp::Shl),
        DeclKind::BLSHR | DeclKind::BASHR => bin(BinOp::Shr),
        DeclKind::CONCAT if ch.len() == 2 && ch[0].as_bv().and_then(|z| z.as_u64()) == Some(0) => term(&ch[1], names),
        _ => None,
    }
}

/// The bits `(h, l)` of an `extract`.
pub(super) fn extract_bits(e: &Dynamic<'_>) -> Option<(u32, u32)> {
    // The crate gives no access to the declaration's indices: Z3 shares equal terms, so the
    // extract of the same width at the right offset is this very term.
    let w = e.as_bv()?.get_size();
    let t = e.children().first()?.as_bv()?;
    (0..=t.get_size().checked_sub(w)?)
        .map(|l| (l + w - 1, l))
        .find(|&(h, l)| t.extract(h, l) == e.as_bv().expect("a bit-vector"))
}

/// `(h, l, t)` when `e` is `((_ extract h l) t)` of fewer than 32 bits.
fn narrow_extract<'c>(e: &Dynamic<'c>) -> Option<(u32, u32, Dynamic<'c>)> {
    if e.kind() != AstKind::App || e.decl().kind() != DeclKind::EXTRACT {
        return None;
    }
    let (h, l) = extract_bits(e)?;
    (h - l < 31).then(|| (h, l, e.children()[0].clone()))
}

/// `t` when `e` is `-1 * t` (or `t * -1`).
fn negated(e: &Dynamic<'_>, names: &HashMap<String, String>) -> Option<Expr> {
    if e.kind() != AstKind::App || !matches!(e.decl().kind(), DeclKind::MUL | DeclKind::BMUL) {
        return None;
    }
    let ch = e.children();
    if ch.len() != 2 {
        return None;
    }
    let minus_one = |c: &Dynamic| {
        c.kind() == AstKind::Numeral
            && (c.as_int().and_then(|i| i.as_i64()) == Some(-1)
                || c.as_bv().is_some_and(|b| b.get_size() == 64 && b.as_u64() == Some(u64::MAX)))
    };
    if minus_one(&ch[0]) {
        term(&ch[1], names)
    } else if minus_one(&ch[1]) {
        term(&ch[0], names)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use z3::ast::BV;

    fn read(f: &z3::ast::Bool<'_>, names: &[(&str, &str)]) -> Vec<String> {
        let map: HashMap<String, String> = names.iter().map(|(a, b)| (a.to_string(), b.to_string())).collect();
        let mut out = Vec::new();
        atoms(&Dynamic::from_ast(f), &map, &mut out);
        ranges(&mut out);
        out.iter().map(cminus::print_expr).collect()
    }

    #[test]
    fn bits_and_linear_atoms() {
        let ctx = crate::new_context();
        let x = BV::new_const(&ctx, "p0", 64);
        let y = BV::new_const(&ctx, "p1", 64);
        let parity = x.extract(0, 0)._eq(&BV::from_u64(&ctx, 0, 1));
        let high = x.extract(31, 31)._eq(&BV::from_u64(&ctx, 1, 1)).not();
        let le = x.bvsle(&y.bvadd(&BV::from_i64(&ctx, 3, 64)));
        let f = z3::ast::Bool::and(&ctx, &[&parity, &high, &le]);
        assert_eq!(read(&f, &[("p0", "x"), ("p1", "y")]), ["(x & 1) == 0", "x <= y + 3", "x < 2147483648"]);
        // unnamed parameters drop the atom
        assert_eq!(read(&le, &[("p0", "x")]), Vec::<String>::new());
    }

    #[test]
    fn integer_atoms() {
        use z3::ast::Int;
        let ctx = crate::new_context();
        let i = Int::new_const(&ctx, "q0");
        let n = Int::new_const(&ctx, "q1");
        let two = Int::from_i64(&ctx, 2);
        let even = i.modulo(&two)._eq(&Int::from_i64(&ctx, 0));
        let diff = Int::add(&ctx, &[&i, &Int::mul(&ctx, &[&Int::from_i64(&ctx, -1), &n])]).le(&Int::from_i64(&ctx, 0));
        let f = z3::ast::Bool::or(&ctx, &[&even, &diff.not()]);
        assert_eq!(read(&f, &[("q0", "i"), ("q1", "n")]), ["i % 2 == 0", "i - n <= 0"]);
    }
}
