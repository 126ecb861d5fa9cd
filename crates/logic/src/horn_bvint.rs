//! An exact reading of a quantifier-free bit-vector formula in integer arithmetic, for the
//! validation of Horn solutions: a bit-vector query the bit-blasting prover could not answer
//! in time (a 64-bit `x % 3` in a loop's invariant: the division circuit) is often
//! answered at once by Z3's arithmetic solver.
//!
//! Every bit-vector term of width `w` is read as the integer `-2^(w-1) ≤ s < 2^(w-1)` its
//! bits stand for in two's complement (signed: C--'s terms are sign extensions of C's
//! values, which this reading keeps as they are); each operation as what it does to that
//! integer (`bvadd`: the sum, wrapped into the range only where its bounds do not fit;
//! `extract`: a remainder; unsigned operations through `s + 2^w` for a negative `s`), so that
//! every model of the bit-vector formula gives a model of the integer one (the same values,
//! read as integers). An unsatisfiable integer reading therefore means an unsatisfiable
//! bit-vector formula: the only answer taken from it. Constants, results of uninterpreted
//! functions and reads of memories (arrays, read cell by cell) are ranged to their width. Anything not read exactly (bit-wise `and`/`or`
//! except masks of low bits, shifts by a variable, equalities of memories, quantifiers,
//! floating point) makes the reading fail: the caller then keeps "could not be checked".

use std::collections::HashMap;
use z3::ast::{Ast, Bool, Dynamic, Int};
use z3::{AstKind, Context, DeclKind, FuncDecl, SatResult, Solver, Sort, SortKind};

/// `2^k` as an integer (`k ≤ 128`).
fn pow2<'c>(ctx: &'c Context, k: u32) -> Option<Int<'c>> {
    match k {
        0..=127 => Int::from_str(ctx, &(1u128 << k).to_string()),
        128 => Int::from_str(ctx, "340282366920938463463374607431768211456"),
        _ => None,
    }
}

/// The bounds `[lo, hi]` known of an integer (`None`: none).
type Range = Option<(i128, i128)>;

pub(super) struct ToInt<'ctx> {
    ctx: &'ctx Context,
    side: Vec<Bool<'ctx>>,
    /// Term → its reading (a bit-vector as its signed value) and the bounds of that value.
    memo: HashMap<Dynamic<'ctx>, (Dynamic<'ctx>, Range)>,
    funs: HashMap<String, FuncDecl<'ctx>>,
}

/// The signed values of width `w`.
fn full(w: u32) -> Range {
    (w <= 127).then(|| (-(1i128 << (w - 1)), (1i128 << (w - 1)) - 1))
}

fn within(r: Range, w: u32) -> bool {
    match (r, full(w)) {
        (Some((lo, hi)), Some((a, b))) => a <= lo && hi <= b,
        (Some(_), None) => w == 128,
        _ => false,
    }
}

fn add_r(a: Range, b: Range) -> Range {
    let ((a0, a1), (b0, b1)) = (a?, b?);
    Some((a0.checked_add(b0)?, a1.checked_add(b1)?))
}

fn neg_r(a: Range) -> Range {
    let (a0, a1) = a?;
    Some((a1.checked_neg()?, a0.checked_neg()?))
}

fn mul_r(a: Range, b: Range) -> Range {
    let ((a0, a1), (b0, b1)) = (a?, b?);
    let ps = [a0.checked_mul(b0)?, a0.checked_mul(b1)?, a1.checked_mul(b0)?, a1.checked_mul(b1)?];
    Some((*ps.iter().min()?, *ps.iter().max()?))
}

impl<'ctx> ToInt<'ctx> {
    pub fn new(ctx: &'ctx Context) -> Self {
        ToInt { ctx, side: Vec::new(), memo: HashMap::new(), funs: HashMap::new() }
    }

    /// The integer reading of `f` with its range side conditions, or `None`.
    pub fn formula(&mut self, f: &Bool<'ctx>) -> Option<Bool<'ctx>> {
        let b = self.tr(&Dynamic::from_ast(f))?.0.as_bool()?;
        let mut all: Vec<&Bool<'ctx>> = self.side.iter().collect();
        all.push(&b);
        Some(Bool::and(self.ctx, &all))
    }

    fn num(&self, v: i128) -> Int<'ctx> {
        Int::from_str(self.ctx, &v.to_string()).expect("a numeral")
    }

    /// The signed reading of a bit-vector term and its bounds.
    fn int(&mut self, e: &Dynamic<'ctx>) -> Option<(Int<'ctx>, Range)> {
        let (d, r) = self.tr(e)?;
        Some((d.as_int()?, r))
    }

    /// Its unsigned value (`s + 2^w` when negative).
    fn unsigned(&mut self, e: &Dynamic<'ctx>) -> Option<(Int<'ctx>, Range)> {
        let w = Self::width(e)?;
        let (s, r) = self.int(e)?;
        if r.is_some_and(|(lo, _)| lo >= 0) {
            return Some((s, r));
        }
        let top = pow2(self.ctx, w)?;
        let u = s.lt(&Int::from_i64(self.ctx, 0)).ite(&Int::add(self.ctx, &[&s, &top]), &s);
        Some((u, (w <= 126).then(|| (0, (1i128 << w) - 1))))
    }

    /// The signed value of width `w` of the integer `v` (C's wrap-around), kept as it is when
    /// its bounds fit.
    fn swrap(&self, v: Int<'ctx>, r: Range, w: u32) -> Option<(Int<'ctx>, Range)> {
        if within(r, w) {
            return Some((v, r));
        }
        let half = pow2(self.ctx, w - 1)?;
        let m = Int::add(self.ctx, &[&v, &half]).modulo(&pow2(self.ctx, w)?);
        Some((Int::sub(self.ctx, &[&m, &half]), full(w)))
    }

    fn width(e: &Dynamic<'ctx>) -> Option<u32> {
        e.as_bv().map(|b| b.get_size())
    }

    /// The integer sort a sort is read as (Booleans stay, bit-vectors are integers, arrays of
    /// bit-vectors are arrays of integers).
    fn sort(&self, s: &Sort<'ctx>) -> Option<Sort<'ctx>> {
        match s.kind() {
            SortKind::Bool => Some(Sort::bool(self.ctx)),
            SortKind::BV => Some(Sort::int(self.ctx)),
            SortKind::Array => {
                let ok = s.array_domain()?.kind() == SortKind::BV && s.array_range()?.kind() == SortKind::BV;
                let int = Sort::int(self.ctx);
                ok.then(|| Sort::array(self.ctx, &int, &int))
            }
            _ => None,
        }
    }

    /// `-2^(w-1) ≤ s < 2^(w-1)` for a term of width `w` read as `s`.
    fn ranged(&mut self, s: &Int<'ctx>, w: u32) -> Option<()> {
        let half = pow2(self.ctx, w.checked_sub(1)?)?;
        self.side.push(s.ge(&half.unary_minus()));
        self.side.push(s.lt(&half));
        Some(())
    }

    fn tr(&mut self, e: &Dynamic<'ctx>) -> Option<(Dynamic<'ctx>, Range)> {
        if let Some(v) = self.memo.get(e) {
            return Some(v.clone());
        }
        let v = self.tr_of(e)?;
        self.memo.insert(e.clone(), v.clone());
        Some(v)
    }

    fn tr_of(&mut self, e: &Dynamic<'ctx>) -> Option<(Dynamic<'ctx>, Range)> {
        let ctx = self.ctx;
        let dy = |(i, r): (Int<'ctx>, Range)| Some((Dynamic::from_ast(&i), r));
        let bo = |b: Bool<'ctx>| Some((Dynamic::from_ast(&b), None));
        match e.kind() {
            AstKind::Numeral => {
                let w = Self::width(e)?;
                let text = e.to_string();
                let u = if let Some(h) = text.strip_prefix("#x") {
                    u128::from_str_radix(h, 16).ok()?
                } else if let Some(b) = text.strip_prefix("#b") {
                    u128::from_str_radix(b, 2).ok()?
                } else {
                    return None;
                };
                if w < 128 && u >> w != 0 {
                    return None;
                }
                // two's complement
                let v: i128 = if w < 128 && u >> (w - 1) != 0 {
                    (u as i128).wrapping_sub(1i128 << (w - 1)).wrapping_sub(1i128 << (w - 1))
                } else {
                    u as i128
                };
                return dy((self.num(v), Some((v, v))));
            }
            AstKind::App => {}
            _ => return None,
        }
        let d = e.decl();
        let ch = e.children();
        let w = Self::width(e);
        let bools = |s: &mut Self| -> Option<Vec<Bool<'ctx>>> { ch.iter().map(|c| s.tr(c)?.0.as_bool()).collect() };
        let ints = |s: &mut Self| -> Option<Vec<(Int<'ctx>, Range)>> { ch.iter().map(|c| s.int(c)).collect() };
        let zero = Int::from_i64(ctx, 0);
        match d.kind() {
            DeclKind::TRUE => bo(Bool::from_bool(ctx, true)),
            DeclKind::FALSE => bo(Bool::from_bool(ctx, false)),
            DeclKind::AND => {
                let xs = bools(self)?;
                bo(Bool::and(ctx, &xs.iter().collect::<Vec<_>>()))
            }
            DeclKind::OR => {
                let xs = bools(self)?;
                bo(Bool::or(ctx, &xs.iter().collect::<Vec<_>>()))
            }
            DeclKind::NOT => bo(self.tr(&ch[0])?.0.as_bool()?.not()),
            DeclKind::IMPLIES => {
                let xs = bools(self)?;
                bo(xs[0].implies(&xs[1]))
            }
            DeclKind::XOR => {
                let xs = bools(self)?;
                bo(xs[0].xor(&xs[1]))
            }
            DeclKind::IFF => {
                let xs = bools(self)?;
                bo(xs[0]._eq(&xs[1]))
            }
            DeclKind::EQ | DeclKind::DISTINCT => {
                // memories compared as wholes: their readings may differ where no address of
                // the width is (not read exactly)
                if ch.len() != 2 || ch.iter().any(|c| c.sort_kind() == SortKind::Array) {
                    return None;
                }
                let (a, b) = (self.tr(&ch[0])?.0, self.tr(&ch[1])?.0);
                let f = a._eq(&b);
                bo(if d.kind() == DeclKind::DISTINCT { f.not() } else { f })
            }
            DeclKind::ITE => {
                let c = self.tr(&ch[0])?.0.as_bool()?;
                let ((a, ra), (b, rb)) = (self.tr(&ch[1])?, self.tr(&ch[2])?);
                let r = match (ra, rb) {
                    (Some((a0, a1)), Some((b0, b1))) => Some((a0.min(b0), a1.max(b1))),
                    _ => None,
                };
                Some((c.ite(&a, &b), r))
            }
            DeclKind::SLEQ | DeclKind::SGEQ | DeclKind::SLT | DeclKind::SGT => {
                let xs = ints(self)?;
                let (a, b) = (&xs[0].0, &xs[1].0);
                bo(match d.kind() {
                    DeclKind::SLEQ => a.le(b),
                    DeclKind::SGEQ => a.ge(b),
                    DeclKind::SLT => a.lt(b),
                    _ => a.gt(b),
                })
            }
            DeclKind::ULEQ | DeclKind::UGEQ | DeclKind::ULT | DeclKind::UGT => {
                let (a, b) = (self.unsigned(&ch[0])?.0, self.unsigned(&ch[1])?.0);
                bo(match d.kind() {
                    DeclKind::ULEQ => a.le(&b),
                    DeclKind::UGEQ => a.ge(&b),
                    DeclKind::ULT => a.lt(&b),
                    _ => a.gt(&b),
                })
            }
            DeclKind::BADD | DeclKind::BSUB | DeclKind::BMUL => {
                let xs = ints(self)?;
                let terms: Vec<&Int<'ctx>> = xs.iter().map(|x| &x.0).collect();
                let mut r = xs[0].1;
                for x in &xs[1..] {
                    r = match d.kind() {
                        DeclKind::BADD => add_r(r, x.1),
                        DeclKind::BSUB => add_r(r, neg_r(x.1)),
                        _ => mul_r(r, x.1),
                    };
                }
                let v = match d.kind() {
                    DeclKind::BADD => Int::add(ctx, &terms),
                    DeclKind::BSUB => Int::sub(ctx, &terms),
                    _ => Int::mul(ctx, &terms),
                };
                dy(self.swrap(v, r, w?)?)
            }
            DeclKind::BNEG => {
                let (a, r) = self.int(&ch[0])?;
                dy(self.swrap(a.unary_minus(), neg_r(r), w?)?)
            }
            // ~a = -a - 1, never out of range
            DeclKind::BNOT => {
                let (a, r) = self.int(&ch[0])?;
                let minus_one = Int::from_i64(ctx, -1);
                dy((Int::sub(ctx, &[&minus_one, &a]), add_r(neg_r(r), Some((-1, -1)))))
            }
            DeclKind::BAND if ch.len() == 2 => {
                // a mask of low bits (fewer than the width): a remainder, never negative
                let (k, other) = match (low_mask(&ch[0]), low_mask(&ch[1])) {
                    (Some(k), _) => (k, &ch[1]),
                    (_, Some(k)) => (k, &ch[0]),
                    _ => return None,
                };
                if k >= w? || k > 126 {
                    return None;
                }
                let (a, _) = self.int(other)?;
                dy((a.modulo(&pow2(ctx, k)?), Some((0, (1i128 << k) - 1))))
            }
            DeclKind::SIGN_EXT => self.tr(&ch[0]),
            DeclKind::ZERO_EXT => dy(self.unsigned(&ch[0])?),
            DeclKind::EXTRACT => {
                let (h, l) = super::atoms::extract_bits(e)?;
                let wr = h - l + 1;
                if l == 0 {
                    let (a, r) = self.int(&ch[0])?;
                    return dy(self.swrap(a, r, wr)?);
                }
                let (u, r) = self.unsigned(&ch[0])?;
                let v = u.div(&pow2(ctx, l)?);
                let r = r.map(|(lo, hi)| (lo >> l, hi >> l));
                dy(self.swrap(v, r, wr)?)
            }
            DeclKind::CONCAT => {
                let (mut acc, mut r) = self.unsigned(&ch[0])?;
                for c in &ch[1..] {
                    let wx = Self::width(c)?;
                    let (x, rx) = self.unsigned(c)?;
                    acc = Int::add(ctx, &[&Int::mul(ctx, &[&acc, &pow2(ctx, wx)?]), &x]);
                    r = add_r(mul_r(r, (wx <= 126).then(|| (1i128 << wx, 1i128 << wx))), rx);
                }
                dy(self.swrap(acc, r, w?)?)
            }
            DeclKind::BUDIV | DeclKind::BUREM => {
                let w = w?;
                let ((a, ra), (b, _)) = (self.unsigned(&ch[0])?, self.unsigned(&ch[1])?);
                let b0 = b._eq(&zero);
                let v = if d.kind() == DeclKind::BUDIV {
                    let ones = Int::sub(ctx, &[&pow2(ctx, w)?, &Int::from_i64(ctx, 1)]);
                    b0.ite(&ones, &a.div(&b))
                } else {
                    b0.ite(&a, &a.modulo(&b))
                };
                let r = ra.map(|(_, hi)| (0, hi.max(if d.kind() == DeclKind::BUDIV { i128::MAX } else { 0 })));
                let r = if d.kind() == DeclKind::BUDIV { None } else { r };
                dy(self.swrap(v, r, w)?)
            }
            DeclKind::BSDIV | DeclKind::BSREM | DeclKind::BSMOD => {
                let xs = ints(self)?;
                let w = w?;
                let ((sa, ra), (sb, rb)) = (xs[0].clone(), xs[1].clone());
                // by a positive constant: Z3's remainder is the one of a positive divisor
                if let Some((c, c1)) = rb.filter(|(c, c1)| c == c1 && *c > 0) {
                    let _ = c1;
                    let cc = self.num(c);
                    return match d.kind() {
                        DeclKind::BSMOD => dy((sa.modulo(&cc), Some((0, c - 1)))),
                        DeclKind::BSREM => {
                            let na = sa.lt(&zero);
                            let r = sa.unary_minus().modulo(&cc).unary_minus();
                            dy((na.ite(&r, &sa.modulo(&cc)), Some((-(c - 1), c - 1))))
                        }
                        _ => {
                            // truncation: floor for a >= 0, -floor(-a / c) below
                            let na = sa.lt(&zero);
                            let q = na.ite(&sa.unary_minus().div(&cc).unary_minus(), &sa.div(&cc));
                            let r = ra.map(|(lo, hi)| (lo.min(0), hi.max(0)));
                            dy(self.swrap(q, r, w)?)
                        }
                    };
                }
                let (na, nb) = (sa.lt(&zero), sb.lt(&zero));
                let abs = |x: &Int<'ctx>, neg: &Bool<'ctx>| neg.ite(&x.unary_minus(), x);
                let (aa, ab) = (abs(&sa, &na), abs(&sb, &nb));
                let b0 = sb._eq(&zero);
                let v = match d.kind() {
                    DeclKind::BSDIV => {
                        // truncating division; by zero: -1 for a >= 0, 1 for a < 0
                        let q = aa.div(&ab);
                        let q = na.xor(&nb).ite(&q.unary_minus(), &q);
                        let by0 = na.ite(&Int::from_i64(ctx, 1), &Int::from_i64(ctx, -1));
                        b0.ite(&by0, &q)
                    }
                    DeclKind::BSREM => {
                        // the sign of the dividend; by zero: the dividend
                        let r = aa.modulo(&ab);
                        b0.ite(&sa, &na.ite(&r.unary_minus(), &r))
                    }
                    _ => {
                        // the sign of the divisor; by zero: the dividend
                        let r = aa.modulo(&ab);
                        let u = na.ite(&r.unary_minus(), &r);
                        let m = u._eq(&zero).ite(&zero, &na._eq(&nb).ite(&u, &Int::add(ctx, &[&u, &sb])));
                        b0.ite(&sa, &m)
                    }
                };
                // (the minimum divided by -1 wraps)
                dy(self.swrap(v, None, w)?)
            }
            DeclKind::BSHL | DeclKind::BLSHR | DeclKind::BASHR => {
                let w = w?;
                let k = ch[1].as_bv()?.as_u64()?;
                if k >= w as u64 {
                    let (a, _) = self.int(&ch[0])?;
                    return dy(match d.kind() {
                        DeclKind::BASHR => (a.lt(&zero).ite(&Int::from_i64(ctx, -1), &zero), Some((-1, 0))),
                        _ => (zero, Some((0, 0))),
                    });
                }
                let k = k as u32;
                let p = pow2(ctx, k)?;
                match d.kind() {
                    DeclKind::BSHL => {
                        let (a, r) = self.int(&ch[0])?;
                        let r = mul_r(r, (k <= 126).then(|| (1i128 << k, 1i128 << k)));
                        dy(self.swrap(Int::mul(ctx, &[&a, &p]), r, w)?)
                    }
                    DeclKind::BLSHR => {
                        let (u, r) = self.unsigned(&ch[0])?;
                        let r = r.map(|(lo, hi)| (lo >> k, hi >> k));
                        dy(self.swrap(u.div(&p), r, w)?)
                    }
                    _ => {
                        let (a, r) = self.int(&ch[0])?;
                        dy((a.div(&p), r.map(|(lo, hi)| (lo >> k, hi >> k))))
                    }
                }
            }
            DeclKind::SELECT => {
                let m = self.tr(&ch[0])?.0.as_array()?;
                let i = self.tr(&ch[1])?.0;
                let r = m.select(&i).as_int()?;
                let w = w?;
                self.ranged(&r, w)?;
                dy((r, full(w)))
            }
            DeclKind::STORE => {
                let m = self.tr(&ch[0])?.0.as_array()?;
                let (i, v) = (self.tr(&ch[1])?.0, self.tr(&ch[2])?.0);
                Some((Dynamic::from_ast(&m.store(&i, &v)), None))
            }
            DeclKind::UNINTERPRETED => {
                let s = self.sort(&e.get_sort())?;
                let name = format!("bvint!{}", d.name());
                let r = if ch.is_empty() {
                    FuncDecl::new(ctx, name.as_str(), &[], &s).apply(&[])
                } else {
                    let args: Vec<Dynamic<'ctx>> = ch.iter().map(|c| Some(self.tr(c)?.0)).collect::<Option<_>>()?;
                    if !self.funs.contains_key(&name) {
                        let sorts: Vec<Sort<'ctx>> =
                            ch.iter().map(|c| self.sort(&c.get_sort())).collect::<Option<_>>()?;
                        let refs: Vec<&Sort<'ctx>> = sorts.iter().collect();
                        self.funs.insert(name.clone(), FuncDecl::new(ctx, name.as_str(), &refs, &s));
                    }
                    let refs: Vec<&dyn Ast<'ctx>> = args.iter().map(|a| a as &dyn Ast<'ctx>).collect();
                    self.funs[&name].apply(&refs)
                };
                match (r.as_int(), w) {
                    (Some(i), Some(w)) => {
                        self.ranged(&i, w)?;
                        Some((r, full(w)))
                    }
                    _ => Some((r, None)),
                }
            }
            _ => {
                if std::env::var("SLAM_HORN_DEBUG").is_ok() {
                    eprintln!("bvint: not read: {:?} `{}`", d.kind(), d.name());
                }
                None
            }
        }
    }
}

/// `k` when `e` is the numeral `2^k - 1` (`k ≥ 1`) of a width above `k`.
fn low_mask(e: &Dynamic<'_>) -> Option<u32> {
    if e.kind() != AstKind::Numeral {
        return None;
    }
    let v = e.as_bv()?.as_u64()?;
    let k = (v.wrapping_add(1)).trailing_zeros();
    (v != 0 && v.wrapping_add(1).is_power_of_two()).then_some(k)
}

/// Is `f` unsatisfiable, by its integer reading within `timeout`? `Some(true)`: unsatisfiable
/// (for certain: every model of `f` is one of its reading); `None`: not read or not decided.
pub(super) fn unsat<'ctx>(ctx: &'ctx Context, f: &Bool<'ctx>, timeout: std::time::Duration) -> Option<bool> {
    let g = ToInt::new(ctx).formula(f)?;
    let solver = Solver::new(ctx);
    let mut p = z3::Params::new(ctx);
    p.set_u32("timeout", timeout.as_millis().clamp(1, u32::MAX as u128) as u32);
    solver.set_params(&p);
    solver.assert(&g);
    let r = solver.check();
    if std::env::var("SLAM_HORN_DEBUG").is_ok() {
        eprintln!("bvint: {r:?} {}", solver.get_reason_unknown().unwrap_or_default());
    }
    match r {
        SatResult::Unsat => Some(true),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use z3::ast::BV;

    /// Every operation read exactly: for 8-bit numerals, `op(a, b) = r` (r as Z3 computes
    /// it) holds in the integer reading, and `op(a, b) = r + 1` does not.
    #[test]
    fn operations_are_read_exactly() {
        let ctx = crate::new_context();
        let vals: [i64; 7] = [0, 1, 3, -1, -2, -128, 127];
        type Op = for<'c> fn(&BV<'c>, &BV<'c>) -> BV<'c>;
        let ops: Vec<(&str, Op)> = vec![
            ("add", |a, b| a.bvadd(b)),
            ("sub", |a, b| a.bvsub(b)),
            ("mul", |a, b| a.bvmul(b)),
            ("udiv", |a, b| a.bvudiv(b)),
            ("urem", |a, b| a.bvurem(b)),
            ("sdiv", |a, b| a.bvsdiv(b)),
            ("srem", |a, b| a.bvsrem(b)),
            ("smod", |a, b| a.bvsmod(b)),
            ("neg", |a, _| a.bvneg()),
            ("not", |a, _| a.bvnot()),
            ("sext", |a, _| a.extract(3, 0).sign_ext(4)),
            ("zext", |a, _| a.extract(4, 0).zero_ext(3)),
            ("extract", |a, _| a.extract(6, 2).zero_ext(3)),
            ("concat", |a, b| a.extract(3, 0).concat(&b.extract(7, 4))),
            ("shl3", |a, _| a.bvshl(&BV::from_u64(a.get_ctx(), 3, 8))),
            ("lshr3", |a, _| a.bvlshr(&BV::from_u64(a.get_ctx(), 3, 8))),
            ("ashr3", |a, _| a.bvashr(&BV::from_u64(a.get_ctx(), 3, 8))),
            ("ashr9", |a, _| a.bvashr(&BV::from_u64(a.get_ctx(), 9, 8))),
            ("mask", |a, _| a.bvand(&BV::from_u64(a.get_ctx(), 15, 8))),
            ("ite", |a, b| a.bvslt(b).ite(a, b)),
        ];
        for (name, op) in &ops {
            for &x in &vals {
                for &y in &vals {
                    // variables pinned to the values: the reading of the operation, not of numerals
                    let (a, b) = (BV::new_const(&ctx, "a", 8), BV::new_const(&ctx, "b", 8));
                    let pin = Bool::and(&ctx, &[&a._eq(&BV::from_i64(&ctx, x, 8)), &b._eq(&BV::from_i64(&ctx, y, 8))]);
                    let r = op(&BV::from_i64(&ctx, x, 8), &BV::from_i64(&ctx, y, 8)).simplify();
                    let t = std::time::Duration::from_secs(10);
                    let differs = Bool::and(&ctx, &[&pin, &op(&a, &b)._eq(&r).not()]);
                    assert_eq!(unsat(&ctx, &differs, t), Some(true), "{name}({x}, {y}) = {r} not read");
                    let other = r.bvadd(&BV::from_u64(&ctx, 1, 8)).simplify();
                    let wrong = Bool::and(&ctx, &[&pin, &op(&a, &b)._eq(&other)]);
                    assert_eq!(unsat(&ctx, &wrong, t), Some(true), "{name}({x}, {y}) = {other} read");
                    // and the comparisons
                    let cmp = Bool::and(&ctx, &[&pin, &a.bvslt(&b)._eq(&Bool::from_bool(&ctx, x < y)).not()]);
                    assert_eq!(unsat(&ctx, &cmp, t), Some(true), "{x} <s {y}");
                    let ucmp =
                        Bool::and(&ctx, &[&pin, &a.bvult(&b)._eq(&Bool::from_bool(&ctx, (x as u8) < (y as u8))).not()]);
                    assert_eq!(unsat(&ctx, &ucmp, t), Some(true), "{x} <u {y}");
                }
            }
        }
    }

    /// What the validation needs it for: `x % 3 == 0` is kept by `x += 3` without overflow, at
    /// 64 bits.
    #[test]
    fn a_remainder_invariant_is_checked() {
        let ctx = crate::new_context();
        let x = BV::new_const(&ctx, "x", 32).sign_ext(32);
        let three = BV::from_u64(&ctx, 3, 64);
        let zero = BV::from_u64(&ctx, 0, 64);
        let next = x.bvadd(&three).extract(31, 0).sign_ext(32);
        let no_overflow = x.bvslt(&BV::from_i64(&ctx, i32::MAX as i64 - 3, 64));
        let q = Bool::and(&ctx, &[&x.bvsmod(&three)._eq(&zero), &no_overflow, &next.bvsmod(&three)._eq(&zero).not()]);
        assert_eq!(unsat(&ctx, &q, std::time::Duration::from_secs(10)), Some(true));
        // and a wrong one is not proved
        let q = Bool::and(&ctx, &[&x.bvsmod(&three)._eq(&zero), &next.bvsmod(&BV::from_u64(&ctx, 2, 64))._eq(&zero)]);
        assert_eq!(unsat(&ctx, &q, std::time::Duration::from_secs(10)), None);
    }
}
