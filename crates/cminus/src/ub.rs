//! Undefined behaviour of C's arithmetic (C11 6.5p5, 6.5.5p6, 6.5.7p3–4, 6.3.1.4p1), and the
//! three ways a check treats it ([`UbMode`]).
//!
//! C-- computes as gcc -O0 does on x86: signed arithmetic wraps. A path through undefined
//! behaviour is then honest about what the compiled program did, but the standard promises
//! nothing there (an optimising compiler may remove the path), and SV-COMP labels its tasks
//! as if no overflow happened. [`checks`] writes, for each operation a statement evaluates,
//! the C-- condition under which it is defined — plain C-- that every engine already
//! understands, itself free of undefined behaviour (wider types, unsigned arithmetic and
//! short-circuit guards) — and [`instrument`] turns them into `assume`s (`assume-none`) or
//! errors (`error`). The interpreter records the first undefined operation of a run
//! ([`Undefined`]) in every mode.

use crate::{print_expr, BinOp, Expr, FloatOp, Proc, Program, Stmt, StmtId, StmtKind, Type, UnOp};

/// What a check does with undefined behaviour.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum UbMode {
    /// gcc -O0's semantics: signed arithmetic wraps; the run goes on (the trace marks it).
    #[default]
    Wrap,
    /// No undefined behaviour happens: a path through it is infeasible (the SV-COMP reading
    /// of unreach-call tasks).
    AssumeNone,
    /// The first undefined operation is itself the violation.
    Error,
}

impl UbMode {
    pub fn by_name(name: &str) -> Option<UbMode> {
        match name {
            "wrap" => Some(UbMode::Wrap),
            "assume-none" => Some(UbMode::AssumeNone),
            "error" => Some(UbMode::Error),
            _ => None,
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            UbMode::Wrap => "wrap",
            UbMode::AssumeNone => "assume-none",
            UbMode::Error => "error",
        }
    }
}

/// The kinds of undefined behaviour slam tells apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum UbKind {
    /// A signed `+ - *`, unary `-`, `/ %` of the minimum by -1, or `<<`, whose mathematical
    /// result the type cannot hold (SV-COMP's no-overflow property).
    SignedOverflow,
    /// A shift by a negative amount or by the width or more, or a left shift of a negative
    /// value.
    Shift,
    /// `/` or `%` by zero.
    DivisionByZero,
    /// A floating value converted to an integer type that cannot hold its integral part.
    FloatToInt,
}

impl UbKind {
    pub fn describe(self) -> &'static str {
        match self {
            UbKind::SignedOverflow => "signed overflow",
            UbKind::Shift => "shift out of range",
            UbKind::DivisionByZero => "division by zero",
            UbKind::FloatToInt => "floating-point value out of the integer type's range",
        }
    }
}

/// The first undefined operation of a concrete run: the statement, how many times the run had
/// executed it before (so a trace can mark the right visit), the kind and the operation.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Undefined {
    pub stmt: StmtId,
    pub visit: usize,
    pub kind: UbKind,
    /// The operation as C-- prints it (`x + y`).
    pub what: String,
}

/// One condition a statement's evaluation needs: `defined` is true exactly when the operation
/// (evaluated, under short-circuit guards) is defined.
#[derive(Clone, Debug, PartialEq)]
pub struct Check {
    pub kind: UbKind,
    pub defined: Expr,
    /// The operation as C-- prints it.
    pub what: String,
}

/// Which kinds `instrument` checks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kinds {
    /// Every kind (`--undefined assume-none|error`).
    All,
    /// Signed overflow only (`--property no-overflow`).
    Overflow,
}

impl Kinds {
    fn keeps(self, k: UbKind) -> bool {
        self == Kinds::All || k == UbKind::SignedOverflow
    }
}

/// Insert, before every statement, the conditions of its operations: `assume(defined)`
/// under `AssumeNone`, a branch to an `error` where not defined under `Error` (the message
/// says the kind and the operation); nothing under `Wrap`. Inserted statements get fresh ids
/// and the location of the statement, and take over its labels.
pub fn instrument(p: &mut Program, mode: UbMode, kinds: Kinds) {
    if mode == UbMode::Wrap {
        return;
    }
    let mut plan = Vec::new();
    for (pi, q) in p.procs.iter().enumerate() {
        for (si, s) in q.body.iter().enumerate() {
            let cs: Vec<Check> = checks(p, q, s).into_iter().filter(|c| kinds.keeps(c.kind)).collect();
            if !cs.is_empty() {
                plan.push((pi, si, cs));
            }
        }
    }
    // ids from the back, as the insertions were once made
    let mut inserts = Vec::with_capacity(plan.len());
    for (pi, si, cs) in plan.into_iter().rev() {
        let loc = p.procs[pi].body[si].loc;
        let mut labels = std::mem::take(&mut p.procs[pi].body[si].labels);
        let mut new = Vec::new();
        for c in cs {
            let id = p.fresh_stmt_id();
            match mode {
                UbMode::AssumeNone => {
                    new.push(Stmt { id, loc, labels: std::mem::take(&mut labels), kind: StmtKind::Assume(c.defined) })
                }
                _ => {
                    let (bad, ok) = (format!("__ub{}", id.0), format!("__noub{}", id.0));
                    let goto = StmtKind::Goto(vec![bad.clone(), ok.clone()]);
                    new.push(Stmt { id, loc, labels: std::mem::take(&mut labels), kind: goto });
                    let not = Expr::negate(c.defined.clone());
                    new.push(Stmt { id: p.fresh_stmt_id(), loc, labels: vec![bad], kind: StmtKind::Assume(not) });
                    let msg = format!("{} in `{}` {UB_SUFFIX}", c.kind.describe(), c.what);
                    new.push(Stmt { id: p.fresh_stmt_id(), loc, labels: vec![], kind: StmtKind::Error(msg) });
                    new.push(Stmt { id: p.fresh_stmt_id(), loc, labels: vec![ok], kind: StmtKind::Assume(c.defined) });
                }
            }
        }
        inserts.push((pi, si, new));
    }
    crate::guard::insert_before(p, inserts);
}

/// The kind of undefined behaviour an `error` statement of [`instrument`] reports, from its
/// message (`None` for other errors).
pub fn error_kind(msg: &str) -> Option<UbKind> {
    if !msg.ends_with(UB_SUFFIX) {
        return None;
    }
    [UbKind::SignedOverflow, UbKind::Shift, UbKind::DivisionByZero, UbKind::FloatToInt]
        .into_iter()
        .find(|k| msg.starts_with(k.describe()))
}

/// How the message of an undefined-behaviour error ends.
const UB_SUFFIX: &str = "(undefined behaviour)";

/// The conditions of the operations statement `s` evaluates, innermost first.
pub fn checks(p: &Program, q: &Proc, s: &Stmt) -> Vec<Check> {
    let mut w = Walk { p, q, out: Vec::new() };
    match &s.kind {
        StmtKind::Assign(l, e) => {
            w.expr(e, None);
            w.lval(l, None);
        }
        StmtKind::Assume(e) | StmtKind::Return(Some(e)) => w.expr(e, None),
        StmtKind::Call { ret, args, .. } => {
            for a in args {
                w.expr(a, None);
            }
            if let Some(l) = ret {
                w.lval(l, None);
            }
        }
        _ => {}
    }
    w.out
}

struct Walk<'a> {
    p: &'a Program,
    q: &'a Proc,
    out: Vec<Check>,
}

fn int(n: i128) -> Expr {
    Expr::Int(n)
}

fn and(a: Expr, b: Expr) -> Expr {
    Expr::bin(BinOp::And, a, b)
}

fn or(a: Expr, b: Expr) -> Expr {
    Expr::bin(BinOp::Or, a, b)
}

/// A literal of type `t` (C-- reads a bare literal as `int` when it fits `int`).
fn lit(n: i128, t: &Type) -> Expr {
    if *t == Type::INT {
        int(n)
    } else {
        Expr::Cast(t.clone(), Box::new(int(n)))
    }
}

/// `e` converted to `t` unless it has that type already.
fn conv(e: &Expr, from: &Type, t: &Type) -> Expr {
    if from == t {
        e.clone()
    } else {
        Expr::Cast(t.clone(), Box::new(e.clone()))
    }
}

/// The value of a literal operand (`5`, `(long) 5`).
fn literal(e: &Expr) -> Option<i128> {
    match e {
        Expr::Int(n) => Some(*n),
        Expr::Cast(Type::Int { .. }, inner) => literal(inner),
        _ => None,
    }
}

fn bounds(bits: u16, signed: bool) -> (i128, i128) {
    if signed {
        (-(1i128 << (bits - 1)), (1i128 << (bits - 1)) - 1)
    } else {
        (0, (1i128 << bits) - 1)
    }
}

impl Walk<'_> {
    fn ty(&self, e: &Expr) -> Option<Type> {
        match e {
            // as logic reads literals: `int` when they fit, else the 64-bit type they fit
            Expr::Int(n) if i32::try_from(*n).is_err() => {
                Some(if i64::try_from(*n).is_ok() { Type::int(64, true) } else { Type::int(64, false) })
            }
            _ => self.p.type_of(Some(self.q), e),
        }
    }

    fn push(&mut self, guard: &Option<Expr>, kind: UbKind, cond: Expr, op: &Expr) {
        if cond == Expr::Bool(true) {
            return;
        }
        let defined = match guard {
            Some(g) => or(Expr::negate(g.clone()), cond),
            None => cond,
        };
        self.out.push(Check { kind, defined, what: print_expr(op) });
    }

    fn lval(&mut self, l: &crate::Lval, g: Option<&Expr>) {
        match l {
            crate::Lval::Var(_) => {}
            crate::Lval::Deref(e) => self.expr(e, g),
            crate::Lval::Field(b, _) => self.lval(b, g),
            crate::Lval::Index(b, i) => {
                self.lval(b, g);
                self.expr(i, g);
            }
        }
    }

    /// The checks of `e`'s operations; `g` is the condition under which `e` is evaluated.
    fn expr(&mut self, e: &Expr, g: Option<&Expr>) {
        let guard = g.cloned();
        match e {
            Expr::Lval(l) | Expr::AddrOf(l) => self.lval(l, g),
            Expr::Binary(op @ (BinOp::And | BinOp::Or), a, b) => {
                self.expr(a, g);
                // the right operand runs only when the left does not decide
                let when = if *op == BinOp::And { (**a).clone() } else { Expr::negate((**a).clone()) };
                let g2 = match g {
                    Some(g) => and(g.clone(), when),
                    None => when,
                };
                self.expr(b, Some(&g2));
            }
            Expr::Binary(op, a, b) => {
                self.expr(a, g);
                self.expr(b, g);
                self.binary(&guard, e, *op, a, b);
            }
            Expr::Unary(op, a) => {
                self.expr(a, g);
                if *op == UnOp::Neg {
                    if let Some(t @ Type::Int { bits, signed: true }) = self.ty(e) {
                        let x = conv(a, &self.ty(a).unwrap_or(t.clone()), &t);
                        let (min, _) = bounds(bits, true);
                        let cond = match literal(&x) {
                            Some(n) => Expr::Bool(n != min),
                            None => Expr::bin(BinOp::Ne, x, lit(min, &t)),
                        };
                        self.push(&guard, UbKind::SignedOverflow, cond, e);
                    }
                }
            }
            Expr::Cast(_, a) => self.expr(a, g),
            Expr::Float(op, t, xs) => {
                for x in xs {
                    self.expr(x, g);
                }
                if let (FloatOp::Conv, Type::Int { bits, signed }, [x]) = (op, t, xs.as_slice()) {
                    if let Some(Type::Float { bits: fb @ (32 | 64) }) = self.ty(x) {
                        let cond = float_fits(x, fb, *bits, *signed);
                        self.push(&guard, UbKind::FloatToInt, cond, e);
                    }
                }
            }
            Expr::Int(_) | Expr::Bool(_) | Expr::FuncAddr(_) | Expr::Nondet(_) => {}
        }
    }

    /// The checks of the arithmetic operator `op` itself (its operands are checked).
    fn binary(&mut self, g: &Option<Expr>, e: &Expr, op: BinOp, a: &Expr, b: &Expr) {
        let (Some(ta), Some(tb)) = (self.ty(a), self.ty(b)) else { return };
        if !ta.is_integer() || !tb.is_integer() {
            return; // pointer arithmetic, floats (computed by `Expr::Float`)
        }
        let shift = matches!(op, BinOp::Shl | BinOp::Shr);
        let t = if shift { crate::promote(&ta) } else { crate::arith_conv(&ta, &tb) };
        let Type::Int { bits, signed } = t else { return };
        if bits > 64 {
            return;
        }
        let (min, max) = bounds(bits, signed);
        let x = conv(a, &ta, &t);
        let (kx, ky) = (literal(a), literal(b));
        match op {
            BinOp::Add | BinOp::Sub | BinOp::Mul if signed => {
                let y = conv(b, &tb, &t);
                let cond = overflow_free(op, &x, &y, kx, ky, bits, &t);
                self.push(g, UbKind::SignedOverflow, cond, e);
            }
            BinOp::Div | BinOp::Rem => {
                let y = conv(b, &tb, &t);
                let nonzero = match ky {
                    Some(k) => Expr::Bool(k != 0),
                    None => Expr::bin(BinOp::Ne, y.clone(), lit(0, &t)),
                };
                self.push(g, UbKind::DivisionByZero, nonzero, e);
                if signed {
                    let cond = match (kx, ky) {
                        (_, Some(k)) if k != -1 => Expr::Bool(true),
                        (Some(n), _) if n != min => Expr::Bool(true),
                        (Some(_), Some(_)) => Expr::Bool(false),
                        _ => or(Expr::bin(BinOp::Ne, x, lit(min, &t)), Expr::bin(BinOp::Ne, y, lit(-1, &t))),
                    };
                    self.push(g, UbKind::SignedOverflow, cond, e);
                }
            }
            BinOp::Shl | BinOp::Shr => {
                let in_range = match ky {
                    Some(k) => Expr::Bool((0..bits as i128).contains(&k)),
                    None => {
                        let below = Expr::bin(BinOp::Lt, b.clone(), lit(bits as i128, &crate::promote(&tb)));
                        match tb {
                            Type::Int { signed: true, .. } => {
                                and(Expr::bin(BinOp::Ge, b.clone(), lit(0, &crate::promote(&tb))), below)
                            }
                            _ => below,
                        }
                    }
                };
                self.push(g, UbKind::Shift, in_range, e);
                if op == BinOp::Shl && signed {
                    let nonneg = match kx {
                        Some(n) => Expr::Bool(n >= 0),
                        None => Expr::bin(BinOp::Ge, x.clone(), lit(0, &t)),
                    };
                    self.push(g, UbKind::Shift, nonneg, e);
                    // x * 2^y fits: x <= MAX >> y (the shift amount is in range here)
                    let cond = match (kx, ky) {
                        (Some(n), Some(k)) if (0..bits as i128).contains(&k) => Expr::Bool(n << k <= max),
                        (Some(0), _) => Expr::Bool(true),
                        (_, Some(k)) if (0..bits as i128).contains(&k) => Expr::bin(BinOp::Le, x, lit(max >> k, &t)),
                        _ => Expr::bin(BinOp::Le, x, Expr::bin(BinOp::Shr, lit(max, &t), b.clone())),
                    };
                    self.push(g, UbKind::SignedOverflow, cond, e);
                }
            }
            _ => {}
        }
    }
}

/// `x op y` (signed, `bits` wide, of type `t`) has its mathematical value: literals give
/// single comparisons; up to 32 bits the operation is done in `long long`; 64-bit operations
/// compare against the bounds without leaving the type (multiplication through `unsigned
/// long` and a division back).
fn overflow_free(op: BinOp, x: &Expr, y: &Expr, kx: Option<i128>, ky: Option<i128>, bits: u16, t: &Type) -> Expr {
    let (min, max) = bounds(bits, true);
    let le = |a: Expr, n: i128| Expr::bin(BinOp::Le, a, lit(n, t));
    let ge = |a: Expr, n: i128| Expr::bin(BinOp::Ge, a, lit(n, t));
    let eq = |a: Expr, n: i128| Expr::bin(BinOp::Eq, a, lit(n, t));
    if let (Some(a), Some(b)) = (kx, ky) {
        let r = match op {
            BinOp::Add => a + b,
            BinOp::Sub => a - b,
            _ => a * b,
        };
        return Expr::Bool((min..=max).contains(&r));
    }
    // one literal operand: the other's range
    let one = match (op, kx, ky) {
        (BinOp::Add, Some(k), None) => Some((y, k, false)),
        (BinOp::Add | BinOp::Sub, None, Some(k)) => Some((x, if op == BinOp::Sub { -k } else { k }, false)),
        (BinOp::Mul, Some(k), None) => Some((y, k, true)),
        (BinOp::Mul, None, Some(k)) => Some((x, k, true)),
        _ => None,
    };
    if let Some((v, k, mul)) = one {
        if !mul {
            return match k.cmp(&0) {
                std::cmp::Ordering::Equal => Expr::Bool(true),
                std::cmp::Ordering::Greater => le(v.clone(), max - k),
                std::cmp::Ordering::Less => ge(v.clone(), min - k),
            };
        }
        return match k {
            0 | 1 => Expr::Bool(true),
            -1 => Expr::bin(BinOp::Ne, v.clone(), lit(min, t)),
            k if k > 0 => and(
                ge(v.clone(), min.div_euclid(k) + (min.rem_euclid(k) != 0) as i128),
                le(v.clone(), max.div_euclid(k)),
            ),
            k => {
                // v * k in [min, max] with k < -1: v in [ceil(max / k), floor(min / k)]
                let (lo, hi) = (ceil_div(max, k), floor_div(min, k));
                and(ge(v.clone(), lo), le(v.clone(), hi))
            }
        };
    }
    // x - 0 with a literal x: `0 - y` is negation
    if let (BinOp::Sub, Some(0)) = (op, kx) {
        return Expr::bin(BinOp::Ne, y.clone(), lit(min, t));
    }
    if bits <= 32 {
        let w = Type::int(64, true);
        let r = Expr::bin(op, Expr::Cast(w.clone(), Box::new(x.clone())), Expr::Cast(w.clone(), Box::new(y.clone())));
        return and(
            Expr::bin(BinOp::Ge, r.clone(), Expr::Cast(w.clone(), Box::new(int(min)))),
            Expr::bin(BinOp::Le, r, Expr::Cast(w, Box::new(int(max)))),
        );
    }
    let zero = || lit(0, t);
    match op {
        // y > 0 → x <= max - y, and y < 0 → x >= min - y
        BinOp::Add => and(
            or(
                Expr::bin(BinOp::Le, y.clone(), zero()),
                Expr::bin(BinOp::Le, x.clone(), Expr::bin(BinOp::Sub, lit(max, t), y.clone())),
            ),
            or(
                Expr::bin(BinOp::Ge, y.clone(), zero()),
                Expr::bin(BinOp::Ge, x.clone(), Expr::bin(BinOp::Sub, lit(min, t), y.clone())),
            ),
        ),
        // y < 0 → x <= max + y, and y > 0 → x >= min + y
        BinOp::Sub => and(
            or(
                Expr::bin(BinOp::Ge, y.clone(), zero()),
                Expr::bin(BinOp::Le, x.clone(), Expr::bin(BinOp::Add, lit(max, t), y.clone())),
            ),
            or(
                Expr::bin(BinOp::Le, y.clone(), zero()),
                Expr::bin(BinOp::Ge, x.clone(), Expr::bin(BinOp::Add, lit(min, t), y.clone())),
            ),
        ),
        _ => {
            // x == 0, or neither min * -1 nor the wrapped product divided back differs
            let u = Type::int(64, false);
            let prod = Expr::Cast(
                t.clone(),
                Box::new(Expr::bin(
                    BinOp::Mul,
                    Expr::Cast(u.clone(), Box::new(x.clone())),
                    Expr::Cast(u, Box::new(y.clone())),
                )),
            );
            or(
                eq(x.clone(), 0),
                and(
                    and(
                        or(Expr::bin(BinOp::Ne, x.clone(), lit(-1, t)), Expr::bin(BinOp::Ne, y.clone(), lit(min, t))),
                        or(Expr::bin(BinOp::Ne, y.clone(), lit(-1, t)), Expr::bin(BinOp::Ne, x.clone(), lit(min, t))),
                    ),
                    Expr::bin(BinOp::Eq, Expr::bin(BinOp::Div, prod, x.clone()), y.clone()),
                ),
            )
        }
    }
}

fn floor_div(a: i128, b: i128) -> i128 {
    let q = a / b;
    if (a % b != 0) && ((a < 0) != (b < 0)) {
        q - 1
    } else {
        q
    }
}

fn ceil_div(a: i128, b: i128) -> i128 {
    let q = a / b;
    if (a % b != 0) && ((a < 0) == (b < 0)) {
        q + 1
    } else {
        q
    }
}

/// The floating value `x` (`fb` bits) truncates to a value of the integer type: NaN and
/// values whose integral part is out of range do not (comparisons with NaN are false).
fn float_fits(x: &Expr, fb: u16, bits: u16, signed: bool) -> Expr {
    let ft = Type::Float { bits: fb };
    let lit_f = |v: f64| -> Expr {
        let pattern = if fb == 32 { (v as f32).to_bits() as u64 } else { v.to_bits() };
        Expr::Float(FloatOp::Lit(pattern), ft.clone(), vec![])
    };
    let exact = |v: f64| if fb == 32 { (v as f32) as f64 == v } else { true };
    let cmp = |op: FloatOp, v: f64| Expr::Float(op, Type::Bool, vec![x.clone(), lit_f(v)]);
    let hi = if signed { 2f64.powi(bits as i32 - 1) } else { 2f64.powi(bits as i32) };
    // the lowest value that truncates into range: above min - 1 (or at min, when min - 1 and
    // everything between are not representable)
    let lo = if signed {
        let min = -(2f64.powi(bits as i32 - 1));
        if exact(min - 1.0) && min - 1.0 != min {
            cmp(FloatOp::Gt, min - 1.0)
        } else {
            cmp(FloatOp::Ge, min)
        }
    } else {
        cmp(FloatOp::Gt, -1.0)
    };
    and(lo, cmp(FloatOp::Lt, hi))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn division_bounds_round_toward_the_range() {
        assert_eq!(floor_div(-7, 2), -4);
        assert_eq!(ceil_div(-7, 2), -3);
        assert_eq!(floor_div(7, -2), -4);
        assert_eq!(ceil_div(7, -2), -3);
        assert_eq!(floor_div(6, 3), 2);
        assert_eq!(ceil_div(6, 3), 2);
    }

    #[test]
    fn modes_by_name() {
        for m in [UbMode::Wrap, UbMode::AssumeNone, UbMode::Error] {
            assert_eq!(UbMode::by_name(m.name()), Some(m));
        }
        assert_eq!(UbMode::by_name("trap"), None);
    }
}
