//! Floating point as gcc computes it on x86-64: IEEE binary32 (`float`) and binary64
//! (`double`) in SSE registers, rounding to nearest with ties to even.
//!
//! A floating value is a [`Term`] holding its **bit pattern** (zero-extended), like every
//! other scalar, so memory, copies and unions need nothing new. Each operation converts its
//! operands to Z3's floating-point sort, computes, and converts the result back. SMT-LIB
//! leaves the bits of a NaN unspecified; the SSE unit does not, and a program may look at
//! them (through a union or `memcpy`), so they are computed here as the hardware makes them
//! (Intel SDM vol. 1, 4.8.3.5, and measured with gcc -O0):
//! - an operation with a NaN operand returns the first NaN operand, made quiet;
//! - an invalid operation on numbers (`0/0`, `inf - inf`) returns the *default NaN*, the
//!   negative quiet NaN (`0xffc00000`, `0xfff8000000000000`);
//! - a conversion between the two formats keeps a NaN's sign and the high bits of its
//!   payload, made quiet.
//!
//! `long double` (the x87 80-bit format) is not modelled: its results are unknown values,
//! and the interpreter stops at them.
//!
//! The `z3` crate (0.12) offers no floating-point conversions and no rounding mode but
//! toward zero, so the terms are built with `z3-sys` on the crate's context.

use crate::sym::{Term, WIDTH};
use std::cell::RefCell;
use std::collections::HashMap;
use std::mem::size_of;
use z3::ast::{Ast, Bool, Dynamic, BV};
use z3::Context;
use z3_sys as sys;

// `z3::Context` is a struct whose only field is the `Z3_context` pointer (z3 0.12): with the
// same size as that pointer, the field is at offset 0 (checked here at compile time).
const _: () = assert!(size_of::<Context>() == size_of::<sys::Z3_context>());

/// The raw context of `ctx`, for the `z3-sys` calls the crate does not wrap.
fn raw(ctx: &Context) -> sys::Z3_context {
    // SAFETY: see the assertion above: the struct is exactly its `Z3_context` field.
    unsafe { *(ctx as *const Context as *const sys::Z3_context) }
}

thread_local! {
    /// The contexts of this thread (their raw pointers) on which floating-point terms were
    /// made: the prover needs another solver for them (see [`crate::Prover`]). A context
    /// is per thread, so a thread-local set sees all of them.
    static USED: std::cell::RefCell<Vec<usize>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Were floating-point terms made on `ctx`? (A freed context's address may be reused by a
/// new one, which then only gets the general solver early.)
pub fn used_on(ctx: &Context) -> bool {
    let c = raw(ctx) as usize;
    USED.with(|u| u.borrow().contains(&c))
}

/// An IEEE binary format of C: `float` or `double`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Single,
    Double,
}

impl Format {
    /// The format of a C type of `bits` bits (`None`: `long double`, not modelled).
    pub fn of_bits(bits: u16) -> Option<Format> {
        match bits {
            32 => Some(Format::Single),
            64 => Some(Format::Double),
            _ => None,
        }
    }
    /// The width of the bit pattern.
    pub fn width(self) -> u32 {
        match self {
            Format::Single => 32,
            Format::Double => 64,
        }
    }
    /// The exponent field's width.
    fn ebits(self) -> u32 {
        match self {
            Format::Single => 8,
            Format::Double => 11,
        }
    }
    /// The fraction field's width (the significand without its hidden bit).
    fn fbits(self) -> u32 {
        self.width() - 1 - self.ebits()
    }
    /// The exponent bias.
    fn bias(self) -> u64 {
        (1 << (self.ebits() - 1)) - 1
    }
    /// The default NaN of the SSE unit: negative, quiet, payload 0.
    fn default_nan(self) -> u64 {
        self.sign_bit() | self.exp_mask() | self.quiet_bit()
    }
    fn sign_bit(self) -> u64 {
        1 << (self.width() - 1)
    }
    fn exp_mask(self) -> u64 {
        ((1 << self.ebits()) - 1) << self.fbits()
    }
    fn quiet_bit(self) -> u64 {
        1 << (self.fbits() - 1)
    }
    /// The bit pattern of 2^k (for |k| within the normal range).
    fn pow2(self, k: i64) -> u64 {
        ((self.bias() as i64 + k) as u64) << self.fbits()
    }
}

/// A floating-point value in the making: the FP term, and the bit pattern it has if it is a
/// NaN (Z3 does not keep a NaN's bits; the SSE unit does).
#[derive(Clone)]
struct FpVal<'ctx> {
    value: Dynamic<'ctx>,
    nan: BV<'ctx>,
}

/// Floating-point terms over one context: the rounding modes, made once, and the FP values
/// behind the bit patterns made here, so that a chain of operations stays in Z3's
/// floating-point theory instead of going through bits at every step (a round trip
/// `to_fp(to_ieee_bv(x))` costs the solver dearly: 6x on a Newton iteration).
pub struct Fpu<'ctx> {
    ctx: &'ctx Context,
    rne: Dynamic<'ctx>,
    rtz: Dynamic<'ctx>,
    /// One constant of each format, whose sort the conversions name (a sort obtained from a
    /// term lives as long as the term).
    single: Dynamic<'ctx>,
    double: Dynamic<'ctx>,
    /// Per bit pattern made by [`Fpu::bits`], its value.
    values: RefCell<HashMap<BV<'ctx>, FpVal<'ctx>>>,
    /// Per canonical term made by [`Fpu::term`], its pattern.
    patterns: RefCell<HashMap<Term<'ctx>, BV<'ctx>>>,
    /// Rounding modes made on demand (kept referenced).
    modes: RefCell<Vec<Dynamic<'ctx>>>,
}

impl<'ctx> Fpu<'ctx> {
    pub fn new(ctx: &'ctx Context) -> Fpu<'ctx> {
        let c = raw(ctx);
        USED.with(|u| {
            let mut u = u.borrow_mut();
            if !u.contains(&(c as usize)) {
                u.push(c as usize);
            }
        });
        // SAFETY: well-sorted calls on this context; `wrap` takes a reference to each result
        // (and asserts it is not null).
        unsafe {
            Fpu {
                ctx,
                rne: Dynamic::wrap(ctx, sys::Z3_mk_fpa_rne(c)),
                rtz: Dynamic::wrap(ctx, sys::Z3_mk_fpa_rtz(c)),
                single: Dynamic::from_ast(&z3::ast::Float::new_const_float32(ctx, "fp.single")),
                double: Dynamic::from_ast(&z3::ast::Float::new_const_double(ctx, "fp.double")),
                values: Default::default(),
                patterns: Default::default(),
                modes: Default::default(),
            }
        }
    }

    fn sort(&self, f: Format) -> sys::Z3_sort {
        let proto = match f {
            Format::Single => &self.single,
            Format::Double => &self.double,
        };
        // SAFETY: the sort of a live term of this context.
        unsafe { sys::Z3_get_sort(raw(self.ctx), proto.get_z3_ast()) }
    }

    /// Wrap a term the raw API made.
    fn dynamic(&self, a: sys::Z3_ast) -> Dynamic<'ctx> {
        // SAFETY: `a` was just made on this context; `wrap` takes a reference and panics on
        // null (a mis-sorted call, which is a bug here).
        unsafe { Dynamic::wrap(self.ctx, a) }
    }
    fn boolean(&self, a: sys::Z3_ast) -> Bool<'ctx> {
        // SAFETY: as in `dynamic`; the callers pass Boolean terms.
        unsafe { Bool::wrap(self.ctx, a) }
    }
    fn bv(&self, a: sys::Z3_ast) -> BV<'ctx> {
        // SAFETY: as in `dynamic`; the callers pass bit-vector terms.
        unsafe { BV::wrap(self.ctx, a) }
    }

    fn konst(&self, v: u64, f: Format) -> BV<'ctx> {
        BV::from_u64(self.ctx, v, f.width())
    }

    /// The low bits of a canonical term: the bit pattern of a value of format `f`.
    pub fn pattern(&self, x: &Term<'ctx>, f: Format) -> BV<'ctx> {
        if let Some(p) = self.patterns.borrow().get(x) {
            if p.get_size() == f.width() {
                return p.clone();
            }
        }
        if f.width() == WIDTH {
            x.clone()
        } else {
            x.extract(f.width() - 1, 0)
        }
    }

    /// A bit pattern as a canonical term.
    pub fn term(&self, p: &BV<'ctx>) -> Term<'ctx> {
        let w = p.get_size();
        if w == WIDTH {
            return p.clone();
        }
        let t = p.zero_ext(WIDTH - w);
        self.patterns.borrow_mut().insert(t.clone(), p.clone());
        t
    }

    /// Is `x` a canonical term made here for a pattern of `w` bits (so already of its type)?
    pub fn is_term_of(&self, x: &Term<'ctx>, w: u32) -> bool {
        self.patterns.borrow().get(x).is_some_and(|p| p.get_size() == w)
    }

    /// The value of a bit pattern.
    fn val(&self, p: &BV<'ctx>, f: Format) -> FpVal<'ctx> {
        if let Some(v) = self.values.borrow().get(p) {
            return v.clone();
        }
        let value = self.dynamic(unsafe { sys::Z3_mk_fpa_to_fp_bv(raw(self.ctx), p.get_z3_ast(), self.sort(f)) });
        FpVal { value, nan: p.clone() }
    }

    /// The bit pattern of a value.
    fn bits(&self, v: FpVal<'ctx>) -> BV<'ctx> {
        let c = raw(self.ctx);
        let nan = self.is_nan(&v.value);
        let number = self.bv(unsafe { sys::Z3_mk_fpa_to_ieee_bv(c, v.value.get_z3_ast()) });
        let p = nan.ite(&v.nan, &number);
        self.values.borrow_mut().insert(p.clone(), v);
        p
    }

    fn is_nan(&self, x: &Dynamic<'ctx>) -> Bool<'ctx> {
        self.boolean(unsafe { sys::Z3_mk_fpa_is_nan(raw(self.ctx), x.get_z3_ast()) })
    }

    /// The pattern made a quiet NaN (for a NaN pattern).
    fn quiet(&self, p: &BV<'ctx>, f: Format) -> BV<'ctx> {
        p.bvor(&self.konst(f.quiet_bit(), f))
    }

    /// `a op b` (`op` one of `+ - * /`) on patterns of format `f`, as SSE computes it.
    pub fn arith(&self, op: cminus::FloatOp, a: &BV<'ctx>, b: &BV<'ctx>, f: Format) -> BV<'ctx> {
        use cminus::FloatOp::*;
        let c = raw(self.ctx);
        let (x, y, rm) = (self.val(a, f), self.val(b, f), self.rne.get_z3_ast());
        let (xa, ya) = (x.value.get_z3_ast(), y.value.get_z3_ast());
        let value = self.dynamic(unsafe {
            match op {
                Add => sys::Z3_mk_fpa_add(c, rm, xa, ya),
                Sub => sys::Z3_mk_fpa_sub(c, rm, xa, ya),
                Mul => sys::Z3_mk_fpa_mul(c, rm, xa, ya),
                Div => sys::Z3_mk_fpa_div(c, rm, xa, ya),
                _ => unreachable!("arith is called for + - * / only"),
            }
        });
        // the first NaN operand made quiet, else (an invalid operation) the default NaN
        let nan = self.is_nan(&x.value).ite(
            &self.quiet(&x.nan, f),
            &self.is_nan(&y.value).ite(&self.quiet(&y.nan, f), &self.konst(f.default_nan(), f)),
        );
        self.bits(FpVal { value, nan })
    }

    /// `a op b` for a comparison `op`: IEEE's (every comparison with a NaN is false but `!=`).
    pub fn compare(&self, op: cminus::FloatOp, a: &BV<'ctx>, b: &BV<'ctx>, f: Format) -> Bool<'ctx> {
        use cminus::FloatOp::*;
        let c = raw(self.ctx);
        let (x, y) = (self.val(a, f), self.val(b, f));
        let (xa, ya) = (x.value.get_z3_ast(), y.value.get_z3_ast());
        let r = self.boolean(unsafe {
            match op {
                Eq | Ne => sys::Z3_mk_fpa_eq(c, xa, ya),
                Lt => sys::Z3_mk_fpa_lt(c, xa, ya),
                Le => sys::Z3_mk_fpa_leq(c, xa, ya),
                Gt => sys::Z3_mk_fpa_gt(c, xa, ya),
                Ge => sys::Z3_mk_fpa_geq(c, xa, ya),
                _ => unreachable!("compare is called for comparisons only"),
            }
        });
        if op == Ne {
            r.not()
        } else {
            r
        }
    }

    /// `-a`: the sign bit flipped (NaNs included, as `xorps` does).
    pub fn neg(&self, a: &BV<'ctx>, f: Format) -> BV<'ctx> {
        let x = self.val(a, f);
        let value = self.dynamic(unsafe { sys::Z3_mk_fpa_neg(raw(self.ctx), x.value.get_z3_ast()) });
        let nan = x.nan.bvxor(&self.konst(f.sign_bit(), f));
        self.bits(FpVal { value, nan })
    }

    /// `fabs`, `sqrt`, `trunc`, `floor`, `ceil`, `round` of a pattern of format `f`, as
    /// gcc -O0 and glibc compute them: `fabs` clears the sign bit (NaNs too); the others pass
    /// a NaN on quiet; `sqrt` of a number below zero is the default NaN.
    pub fn unary(&self, op: cminus::FloatOp, a: &BV<'ctx>, f: Format) -> BV<'ctx> {
        use cminus::FloatOp::*;
        if op == Neg {
            return self.neg(a, f);
        }
        let c = raw(self.ctx);
        let x = self.val(a, f);
        let xa = x.value.get_z3_ast();
        // SAFETY (each call): well-sorted terms of this context. Each result is wrapped (and
        // so referenced) at once: Z3 keeps an unreferenced result only until the next call.
        let rounded = |rm: sys::Z3_ast| self.dynamic(unsafe { sys::Z3_mk_fpa_round_to_integral(c, rm, xa) });
        let (value, nan) = match op {
            Abs => {
                let v = self.dynamic(unsafe { sys::Z3_mk_fpa_abs(c, xa) });
                (v, x.nan.bvand(&self.konst(!f.sign_bit() & ((f.sign_bit() << 1).wrapping_sub(1)), f)))
            }
            Sqrt => {
                let v = self.dynamic(unsafe { sys::Z3_mk_fpa_sqrt(c, self.rne.get_z3_ast(), xa) });
                (v, self.is_nan(&x.value).ite(&self.quiet(&x.nan, f), &self.konst(f.default_nan(), f)))
            }
            Trunc => (rounded(self.rtz.get_z3_ast()), self.quiet(&x.nan, f)),
            Floor => (rounded(self.mode(sys::Z3_mk_fpa_round_toward_negative)), self.quiet(&x.nan, f)),
            Ceil => (rounded(self.mode(sys::Z3_mk_fpa_round_toward_positive)), self.quiet(&x.nan, f)),
            Round => (rounded(self.mode(sys::Z3_mk_fpa_round_nearest_ties_to_away)), self.quiet(&x.nan, f)),
            _ => unreachable!("unary is called for one-operand operations only"),
        };
        self.bits(FpVal { value, nan })
    }

    /// A rounding mode term (kept alive by the terms that use it).
    fn mode(&self, make: unsafe extern "C" fn(sys::Z3_context) -> sys::Z3_ast) -> sys::Z3_ast {
        // SAFETY: a constant of this context; the wrapper holds a reference until the term
        // that uses it holds its own.
        let m = self.dynamic(unsafe { make(raw(self.ctx)) });
        let a = m.get_z3_ast();
        self.modes.borrow_mut().push(m);
        a
    }

    /// Is the value not zero (C's truth of a floating value: a NaN is true)?
    pub fn truth(&self, a: &BV<'ctx>, f: Format) -> Bool<'ctx> {
        let x = self.val(a, f);
        self.boolean(unsafe { sys::Z3_mk_fpa_is_zero(raw(self.ctx), x.value.get_z3_ast()) }).not()
    }

    /// The conversion of a pattern of format `from` to format `to` (exact to `double`,
    /// rounded to nearest to `float`); a NaN keeps its sign and its payload's high bits.
    pub fn convert(&self, a: &BV<'ctx>, from: Format, to: Format) -> BV<'ctx> {
        if from == to {
            return a.clone();
        }
        let x = self.val(a, from);
        let value = self.dynamic(unsafe {
            sys::Z3_mk_fpa_to_fp_float(raw(self.ctx), self.rne.get_z3_ast(), x.value.get_z3_ast(), self.sort(to))
        });
        // The NaN: sign, all-ones exponent, the fraction aligned at its top, quiet.
        let p = &x.nan;
        let sign = p.extract(from.width() - 1, from.width() - 1);
        let frac = p.extract(from.fbits() - 1, 0);
        let frac = if to.fbits() > from.fbits() {
            frac.concat(&BV::from_u64(self.ctx, 0, to.fbits() - from.fbits()))
        } else {
            frac.extract(from.fbits() - 1, from.fbits() - to.fbits())
        };
        let nan = sign
            .concat(&BV::from_u64(self.ctx, (1 << to.ebits()) - 1, to.ebits()))
            .concat(&frac)
            .bvor(&self.konst(to.quiet_bit(), to));
        self.bits(FpVal { value, nan })
    }

    /// The conversion of a canonical integer (`signed`: read as signed; every C integer type
    /// but `unsigned long` is) to format `to`, rounded to nearest.
    pub fn from_int(&self, x: &Term<'ctx>, signed: bool, to: Format) -> BV<'ctx> {
        let c = raw(self.ctx);
        let (rm, xa, s) = (self.rne.get_z3_ast(), x.get_z3_ast(), self.sort(to));
        let value = self.dynamic(unsafe {
            if signed {
                sys::Z3_mk_fpa_to_fp_signed(c, rm, xa, s)
            } else {
                sys::Z3_mk_fpa_to_fp_unsigned(c, rm, xa, s)
            }
        });
        // never a NaN
        self.bits(FpVal { value, nan: self.konst(to.default_nan(), to) })
    }

    /// The conversion of a value of format `f` to a `bits`-wide integer, truncating toward
    /// zero, as a canonical term, with the condition that C defines it (the truncated value
    /// fits the type; not a NaN).
    pub fn to_int(&self, a: &BV<'ctx>, f: Format, bits: u32, signed: bool) -> (Term<'ctx>, Bool<'ctx>) {
        let c = raw(self.ctx);
        let x = self.val(a, f).value;
        let rtz = self.rtz.get_z3_ast();
        let t = self.dynamic(unsafe { sys::Z3_mk_fpa_round_to_integral(c, rtz, x.get_z3_ast()) });
        let number = |p: u64| self.val(&self.konst(p, f), f).value;
        // the truncated value below 2^(bits-1) (signed) or 2^bits (unsigned) …
        let hi = number(f.pow2(if signed { bits - 1 } else { bits } as i64));
        let below_hi = self.boolean(unsafe { sys::Z3_mk_fpa_lt(c, t.get_z3_ast(), hi.get_z3_ast()) });
        // … and at least -2^(bits-1) (signed) or above -1 (unsigned: (-1, 0) truncates to 0)
        let lo_ok = if !signed {
            let lo = number(f.sign_bit() | f.pow2(0));
            self.boolean(unsafe { sys::Z3_mk_fpa_gt(c, x.get_z3_ast(), lo.get_z3_ast()) })
        } else {
            let lo = number(f.sign_bit() | f.pow2(bits as i64 - 1));
            self.boolean(unsafe { sys::Z3_mk_fpa_geq(c, t.get_z3_ast(), lo.get_z3_ast()) })
        };
        let defined = below_hi & lo_ok;
        let v = self.bv(unsafe {
            if signed {
                sys::Z3_mk_fpa_to_sbv(c, rtz, x.get_z3_ast(), WIDTH)
            } else {
                sys::Z3_mk_fpa_to_ubv(c, rtz, x.get_z3_ast(), WIDTH)
            }
        });
        (v, defined)
    }
}
