//! The abstract values: integer intervals in a C type, and floating-point intervals with a
//! NaN flag, with C's operations on them computed as gcc computes the concrete ones on x86-64
//! (fixed-width integers that wrap, IEEE binary32/binary64 rounded to nearest).
//!
//! Soundness rests on two facts. Integer `+ - *` and truncating `/` of a box of operands take
//! their extremes at the box's corners. IEEE rounding to nearest is monotone, so a float
//! operation that is monotone in each operand over the reals (`+ -`, and `* /` with the signs
//! fixed at the corners) takes its extremes at the corners too, each corner computed by the
//! host's own `f32`/`f64` arithmetic, which is gcc's. Whatever could break that (an infinite
//! operand, a divisor range holding zero) gives the whole range and NaN.

/// A C integer type (`_Bool` is `bool_`: one bit, conversions to it test against zero).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct IntTy {
    pub bits: u16,
    pub signed: bool,
    pub bool_: bool,
}

impl IntTy {
    pub const INT: IntTy = IntTy { bits: 32, signed: true, bool_: false };
    pub const BOOL: IntTy = IntTy { bits: 1, signed: false, bool_: true };

    pub fn of(t: &cminus::Type) -> Option<IntTy> {
        match t {
            cminus::Type::Bool => Some(IntTy::BOOL),
            cminus::Type::Int { bits, signed } if *bits <= 64 && *bits > 0 => {
                Some(IntTy { bits: *bits, signed: *signed, bool_: false })
            }
            _ => None,
        }
    }
    pub fn min(self) -> i128 {
        if self.signed {
            -(1i128 << (self.bits - 1))
        } else {
            0
        }
    }
    pub fn max(self) -> i128 {
        if self.signed {
            (1i128 << (self.bits - 1)) - 1
        } else {
            (1i128 << self.bits) - 1
        }
    }
    /// `v` reduced to the type as gcc's two's-complement arithmetic does.
    fn wrap1(self, v: i128) -> i128 {
        let sh = 128 - self.bits as u32;
        if self.signed {
            (v << sh) >> sh
        } else {
            (((v as u128) << sh) >> sh) as i128
        }
    }
}

/// Every integer of `ty` in `lo..=hi`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IntVal {
    pub lo: i128,
    pub hi: i128,
    pub ty: IntTy,
}

impl IntVal {
    pub fn point(v: i128, ty: IntTy) -> IntVal {
        IntVal { lo: v, hi: v, ty }
    }
    pub fn full(ty: IntTy) -> IntVal {
        IntVal { lo: ty.min(), hi: ty.max(), ty }
    }
    pub fn bool(can_false: bool, can_true: bool) -> IntVal {
        IntVal { lo: if can_false { 0 } else { 1 }, hi: if can_true { 1 } else { 0 }, ty: IntTy::BOOL }
    }
    pub fn is_point(&self) -> bool {
        self.lo == self.hi
    }
    pub fn may_zero(&self) -> bool {
        self.lo <= 0 && 0 <= self.hi
    }
    pub fn may_nonzero(&self) -> bool {
        !(self.lo == 0 && self.hi == 0)
    }
    /// The mathematical interval `lo..=hi` converted to `ty` (wrapping; a conversion to
    /// `_Bool` tests against zero).
    pub fn wrap(lo: i128, hi: i128, ty: IntTy) -> IntVal {
        if ty.bool_ {
            let z = lo <= 0 && 0 <= hi;
            let nz = !(lo == 0 && hi == 0);
            return IntVal::bool(z, nz);
        }
        if lo >= ty.min() && hi <= ty.max() {
            return IntVal { lo, hi, ty };
        }
        if hi.saturating_sub(lo) >= (1i128 << ty.bits) - 1 {
            return IntVal::full(ty);
        }
        let (a, b) = (ty.wrap1(lo), ty.wrap1(hi));
        if a <= b {
            IntVal { lo: a, hi: b, ty }
        } else {
            IntVal::full(ty)
        }
    }
    pub fn join(self, o: IntVal) -> IntVal {
        IntVal { lo: self.lo.min(o.lo), hi: self.hi.max(o.hi), ty: self.ty }
    }
}

/// Floating-point values of one format (`bits` 32 or 64): every value of the format in
/// `range` (the real interval; ±0 are the one value 0 here, see [`norm`]) and NaN when `nan`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FloatVal {
    pub bits: u16,
    pub range: Option<(f64, f64)>,
    pub nan: bool,
}

/// `-0.0` read as `0.0`: the intervals are over the reals, and the operations that tell the
/// zeros apart (a division by a range holding zero) give the whole range anyway.
fn norm(x: f64) -> f64 {
    if x == 0.0 {
        0.0
    } else {
        x
    }
}

impl FloatVal {
    pub fn top(bits: u16) -> FloatVal {
        FloatVal { bits, range: Some((f64::NEG_INFINITY, f64::INFINITY)), nan: true }
    }
    pub fn point(bits: u16, x: f64) -> FloatVal {
        if x.is_nan() {
            FloatVal { bits, range: None, nan: true }
        } else {
            FloatVal { bits, range: Some((norm(x), norm(x))), nan: false }
        }
    }
    /// The value of a bit pattern of the format.
    pub fn of_bits(bits: u16, pattern: u64) -> FloatVal {
        let x = if bits == 32 { f32::from_bits(pattern as u32) as f64 } else { f64::from_bits(pattern) };
        FloatVal::point(bits, x)
    }
    pub fn is_point(&self) -> bool {
        match self.range {
            Some((a, b)) => a == b && !self.nan,
            None => true,
        }
    }
    pub fn join(self, o: FloatVal) -> FloatVal {
        let range = match (self.range, o.range) {
            (Some((a, b)), Some((c, d))) => Some((a.min(c), b.max(d))),
            (r, None) | (None, r) => r,
        };
        FloatVal { bits: self.bits, range, nan: self.nan || o.nan }
    }
    fn finite(&self) -> bool {
        self.range.is_none_or(|(a, b)| a.is_finite() && b.is_finite())
    }
    /// `x` rounded to this format (the host's conversion rounds to nearest, as `cvtsd2ss`).
    fn round(&self, x: f64) -> f64 {
        if self.bits == 32 {
            norm(x as f32 as f64)
        } else {
            norm(x)
        }
    }

    /// `a op b` for `+ - * /` (`op` one of `'+' '-' '*' '/'`).
    pub fn arith(op: char, a: FloatVal, b: FloatVal) -> FloatVal {
        let bits = a.bits;
        let nan = a.nan || b.nan;
        let (Some((al, ah)), Some((bl, bh))) = (a.range, b.range) else {
            return FloatVal { bits, range: None, nan: true };
        };
        if !a.finite() || !b.finite() || (op == '/' && bl <= 0.0 && 0.0 <= bh) {
            return FloatVal::top(bits);
        }
        let f = |x: f64, y: f64| -> f64 {
            if bits == 32 {
                let (x, y) = (x as f32, y as f32);
                norm(match op {
                    '+' => x + y,
                    '-' => x - y,
                    '*' => x * y,
                    _ => x / y,
                } as f64)
            } else {
                norm(match op {
                    '+' => x + y,
                    '-' => x - y,
                    '*' => x * y,
                    _ => x / y,
                })
            }
        };
        let (lo, hi) = match op {
            '+' => (f(al, bl), f(ah, bh)),
            '-' => (f(al, bh), f(ah, bl)),
            _ => {
                let c = [f(al, bl), f(al, bh), f(ah, bl), f(ah, bh)];
                (c.iter().cloned().fold(f64::INFINITY, f64::min), c.iter().cloned().fold(f64::NEG_INFINITY, f64::max))
            }
        };
        if lo.is_nan() || hi.is_nan() {
            return FloatVal::top(bits);
        }
        FloatVal { bits, range: Some((lo, hi)), nan }
    }

    /// `-x`, `fabs`, `sqrt`, `trunc`, `floor`, `ceil`, `round`: all monotone (or, for
    /// `fabs`, monotone on each sign) and exact or correctly rounded in the format.
    pub fn unary(op: cminus::FloatOp, a: FloatVal) -> FloatVal {
        use cminus::FloatOp as F;
        let Some((lo, hi)) = a.range else { return a };
        let bits = a.bits;
        let (range, nan) = match op {
            F::Neg => (Some((norm(-hi), norm(-lo))), a.nan),
            F::Abs => {
                let r = if lo >= 0.0 {
                    (lo, hi)
                } else if hi <= 0.0 {
                    (norm(-hi), -lo)
                } else {
                    (0.0, (-lo).max(hi))
                };
                (Some(r), a.nan)
            }
            F::Sqrt => {
                let s = |x: f64| if bits == 32 { norm((x as f32).sqrt() as f64) } else { norm(x.sqrt()) };
                let r = (hi >= 0.0).then(|| (s(lo.max(0.0)), s(hi)));
                (r, a.nan || lo < 0.0)
            }
            F::Trunc => (Some((norm(lo.trunc()), norm(hi.trunc()))), a.nan),
            F::Floor => (Some((norm(lo.floor()), norm(hi.floor()))), a.nan),
            F::Ceil => (Some((norm(lo.ceil()), norm(hi.ceil()))), a.nan),
            _ => (Some((norm(lo.round()), norm(hi.round()))), a.nan),
        };
        FloatVal { bits, range, nan }
    }

    /// The conversion to another floating format.
    pub fn to_format(self, bits: u16) -> FloatVal {
        let mut r = FloatVal { bits, ..self };
        if let Some((lo, hi)) = self.range {
            r.range = Some((r.round(lo), r.round(hi)));
        }
        r
    }

    /// The conversion of an integer interval to the format (rounded to nearest: monotone).
    pub fn of_int(i: IntVal, bits: u16) -> FloatVal {
        let c = |v: i128| if bits == 32 { norm(v as f32 as f64) } else { norm(v as f64) };
        FloatVal { bits, range: Some((c(i.lo), c(i.hi))), nan: false }
    }

    /// The conversion to an integer type, truncating toward zero; `None` when some value of
    /// the interval does not fit (undefined in C; the interpreter stops there).
    pub fn to_int(self, ty: IntTy) -> Option<IntVal> {
        if ty.bool_ {
            let z = self.range.is_some_and(|(a, b)| a <= 0.0 && 0.0 <= b);
            let nz = self.nan || self.range.is_some_and(|(a, b)| a != 0.0 || b != 0.0);
            return Some(IntVal::bool(z, nz));
        }
        if self.nan {
            return None;
        }
        let (lo, hi) = self.range?;
        let (lo, hi) = (lo.trunc(), hi.trunc());
        let (min, max) = (ty.min() as f64, ty.max() as f64 + 1.0);
        if lo < min || hi >= max {
            return None;
        }
        Some(IntVal { lo: lo as i128, hi: hi as i128, ty })
    }

    /// `a cmp b` as `(can be false, can be true)`: a comparison with NaN is false, except `!=`.
    pub fn compare(op: cminus::FloatOp, a: FloatVal, b: FloatVal) -> (bool, bool) {
        use cminus::FloatOp as F;
        let nan = a.nan || b.nan;
        let (Some((al, ah)), Some((bl, bh))) = (a.range, b.range) else {
            return (op != F::Ne, op == F::Ne);
        };
        let (f, t) = match op {
            F::Lt => (ah >= bl, al < bh),
            F::Le => (ah > bl, al <= bh),
            F::Gt => (al <= bh, ah > bl),
            F::Ge => (al < bh, ah >= bl),
            F::Eq | F::Ne => {
                let may_eq = al <= bh && bl <= ah;
                let may_ne = !(al == ah && bl == bh && al == bl);
                if op == F::Eq {
                    (may_ne, may_eq)
                } else {
                    (may_eq, may_ne)
                }
            }
            _ => (true, true),
        };
        if op == F::Ne {
            (f, t || nan)
        } else {
            (f || nan, t)
        }
    }

    /// The number of values of the format in the interval, as a log2 (how much there is to
    /// split).
    pub fn log_width(&self) -> f64 {
        let n = match self.range {
            Some((a, b)) => (ord(self.bits, b) - ord(self.bits, a)) as f64 + 1.0, // (i128: no overflow)
            None => 0.0,
        };
        (n + self.nan as u8 as f64).log2()
    }

    /// Two halves of the interval (NaN apart first, then by the values' order), `None` for
    /// a single value.
    pub fn split(&self) -> Option<(FloatVal, FloatVal)> {
        let bits = self.bits;
        let (lo, hi) = self.range?;
        if self.nan {
            return Some((
                FloatVal { bits, range: None, nan: true },
                FloatVal { bits, range: Some((lo, hi)), nan: false },
            ));
        }
        let (a, b) = (ord(bits, lo), ord(bits, hi));
        if a >= b {
            return None;
        }
        let m = a + (b - a) / 2;
        Some((
            FloatVal { bits, range: Some((lo, of_ord(bits, m))), nan: false },
            FloatVal { bits, range: Some((of_ord(bits, m + 1), hi)), nan: false },
        ))
    }

    /// The largest value of the format below `x` (`strict`) or at most `x`.
    pub fn below(bits: u16, x: f64, strict: bool) -> f64 {
        let f = if bits == 32 { x as f32 as f64 } else { x };
        let ok = if strict { f < x } else { f <= x };
        if ok {
            norm(f)
        } else {
            of_ord(bits, ord(bits, f) - 1)
        }
    }
    /// The smallest value of the format above `x` (`strict`) or at least `x`.
    pub fn above(bits: u16, x: f64, strict: bool) -> f64 {
        let f = if bits == 32 { x as f32 as f64 } else { x };
        let ok = if strict { f > x } else { f >= x };
        if ok {
            norm(f)
        } else {
            of_ord(bits, ord(bits, f) + 1)
        }
    }
}

/// The position of a (non-NaN) value in the format's order: ±0 at 0, the infinities at the
/// ends.
fn ord(bits: u16, x: f64) -> i128 {
    let (mag, neg) = if bits == 32 {
        let b = (x as f32).to_bits();
        ((b & 0x7fff_ffff) as i128, b >> 31 == 1)
    } else {
        let b = x.to_bits();
        ((b & 0x7fff_ffff_ffff_ffff) as i128, b >> 63 == 1)
    };
    if neg {
        -mag
    } else {
        mag
    }
}

fn of_ord(bits: u16, o: i128) -> f64 {
    let mag = o.unsigned_abs() as u64;
    let v = if bits == 32 { f32::from_bits(mag as u32) as f64 } else { f64::from_bits(mag) };
    if o < 0 {
        -v
    } else {
        v
    }
}

/// An abstract value, with the inputs it depends on (bit `i`: the `i`-th input the path read;
/// bit 63 any later one) — used only to choose which input to split, never for soundness.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AVal {
    pub v: Val,
    pub deps: u64,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Val {
    Int(IntVal),
    Float(FloatVal),
}

impl Val {
    pub fn join(self, o: Val) -> Val {
        match (self, o) {
            (Val::Int(a), Val::Int(b)) => Val::Int(a.join(b)),
            (Val::Float(a), Val::Float(b)) => Val::Float(a.join(b)),
            (a, _) => a,
        }
    }
    pub fn is_point(&self) -> bool {
        match self {
            Val::Int(i) => i.is_point(),
            Val::Float(f) => f.is_point(),
        }
    }
    pub fn log_width(&self) -> f64 {
        match self {
            Val::Int(i) => ((i.hi - i.lo) as f64 + 1.0).log2(),
            Val::Float(f) => f.log_width(),
        }
    }
    pub fn split(&self) -> Option<(Val, Val)> {
        if let Val::Float(FloatVal { range: Some((a, b)), .. }) = self {
            // (never a NaN bound: a box must stay a set of values)
            assert!(!a.is_nan() && !b.is_nan(), "a float interval with a NaN bound");
        }
        match self {
            Val::Int(i) if i.lo < i.hi => {
                let m = i.lo + (i.hi - i.lo) / 2;
                Some((Val::Int(IntVal { hi: m, ..*i }), Val::Int(IntVal { lo: m + 1, ..*i })))
            }
            Val::Int(_) => None,
            Val::Float(f) => f.split().map(|(a, b)| (Val::Float(a), Val::Float(b))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cminus::FloatOp as F;

    #[test]
    fn wrap_keeps_what_fits_and_widens_what_straddles() {
        let u8t = IntTy { bits: 8, signed: false, bool_: false };
        assert_eq!(IntVal::wrap(250, 260, u8t), IntVal::full(u8t));
        assert_eq!(IntVal::wrap(256, 260, u8t), IntVal { lo: 0, hi: 4, ty: u8t });
        assert_eq!(IntVal::wrap(-3, -1, IntTy::INT), IntVal { lo: -3, hi: -1, ty: IntTy::INT });
        assert_eq!(IntVal::wrap(0, 5, IntTy::BOOL), IntVal::bool(true, true));
    }

    #[test]
    fn float_corners_are_gccs_roundings() {
        let a = FloatVal { bits: 32, range: Some((0.1f32 as f64, 0.3f32 as f64)), nan: false };
        let r = FloatVal::arith('*', a, a);
        assert_eq!(r.range, Some(((0.1f32 * 0.1f32) as f64, (0.3f32 * 0.3f32) as f64)));
        let z = FloatVal { bits: 64, range: Some((-1.0, 1.0)), nan: false };
        assert_eq!(FloatVal::arith('/', FloatVal::point(64, 1.0), z), FloatVal::top(64));
        assert_eq!(FloatVal::arith('+', FloatVal::top(64), z), FloatVal::top(64));
    }

    #[test]
    fn comparisons_with_nan_are_false_except_ne() {
        let n = FloatVal { bits: 64, range: None, nan: true };
        let one = FloatVal::point(64, 1.0);
        assert_eq!(FloatVal::compare(F::Lt, n, one), (true, false));
        assert_eq!(FloatVal::compare(F::Ne, n, one), (false, true));
        assert_eq!(FloatVal::compare(F::Eq, FloatVal::point(64, 0.0), FloatVal::point(64, -0.0)), (false, true));
    }

    #[test]
    fn splits_cover_the_interval_and_meet_nowhere() {
        let f = FloatVal { bits: 32, range: Some((-1.0, 1.0)), nan: false };
        let (a, b) = f.split().unwrap();
        let (al, ah) = a.range.unwrap();
        let (bl, bh) = b.range.unwrap();
        assert_eq!((al, bh), (-1.0, 1.0));
        assert!(ah < bl && FloatVal::above(32, ah, true) == bl, "{ah} {bl}");
        assert_eq!(FloatVal::below(32, 0.1, true), f32::from_bits(0.1f32.to_bits() - 1) as f64);
        assert_eq!(FloatVal::below(32, 0.1, false), f32::from_bits(0.1f32.to_bits() - 1) as f64);
        assert_eq!(FloatVal::above(32, 0.1, false), 0.1f32 as f64);
        assert_eq!(FloatVal::below(32, 1.0, true), f32::from_bits(1.0f32.to_bits() - 1) as f64);
        assert_eq!(FloatVal::above(32, 0.0, true), f32::from_bits(1) as f64);
        assert_eq!(FloatVal::below(64, 0.0, true), -f64::from_bits(1));
    }

    #[test]
    fn conversions_to_integers_refuse_what_does_not_fit() {
        let f = FloatVal { bits: 64, range: Some((-1.5, 2147483647.9)), nan: false };
        assert_eq!(f.to_int(IntTy::INT), Some(IntVal { lo: -1, hi: 2147483647, ty: IntTy::INT }));
        let g = FloatVal { bits: 64, range: Some((0.0, 2147483648.0)), nan: false };
        assert_eq!(g.to_int(IntTy::INT), None);
    }
}
