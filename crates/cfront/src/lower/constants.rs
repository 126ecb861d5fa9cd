//! Integer and string constants, and the usual conversions between C types.

use super::*;

impl<'o> Lowerer<'o> {
    // ---------------------------------------------------------------- constants

    pub(super) fn const_int(&mut self, e: &Node<Expression>) -> Res<i128> {
        let saved = self.const_mode;
        self.const_mode = true;
        let r = self.rv(e);
        self.const_mode = saved;
        let (x, _) = r?;
        match fold(&x) {
            Some(v) => Ok(v),
            None => self.err(e.span, "expression is not a compile-time constant"),
        }
    }

    /// The type of an expression, without emitting its code.
    pub(super) fn type_of_expr(&mut self, e: &Node<Expression>) -> Res<Type> {
        let saved_body = self.f.as_ref().map(|f| (f.body.len(), f.pending.clone()));
        let saved_const = self.const_mode;
        let saved_strings = self.prog.globals.len();
        // a dry run: statements it emits are dropped again
        let was_const = self.const_mode;
        if self.f.is_some() {
            self.const_mode = false;
        }
        let r = self.rv_noconv(e);
        self.const_mode = saved_const || was_const;
        if let (Some(f), Some((n, p))) = (self.f.as_mut(), saved_body) {
            f.body.truncate(n);
            f.pending = p;
        }
        let _ = saved_strings;
        Ok(r?.1)
    }

    pub(super) fn integer_constant(&self, c: &Integer, span: Span) -> Res<(Expr, Type)> {
        let digits: String = c.number.chars().filter(|&ch| ch != '\'').collect();
        let (radix, body) = match c.base {
            IntegerBase::Decimal => (10, digits.as_str()),
            IntegerBase::Octal => (8, digits.trim_start_matches('0')),
            IntegerBase::Hexadecimal => (16, digits.as_str()),
            IntegerBase::Binary => (2, digits.as_str()),
        };
        let v = if body.is_empty() {
            0
        } else {
            match u128::from_str_radix(body, radix) {
                Ok(v) if v <= u64::MAX as u128 => v as i128,
                _ => return self.err(span, "integer constant is too large"),
            }
        };
        let lb = self.long_bits();
        let dec = matches!(c.base, IntegerBase::Decimal);
        let u = c.suffix.unsigned;
        let mut cands: Vec<Type> = vec![];
        let min = c.suffix.size as u8;
        if min == 0 {
            cands.push(Type::int(32, true));
            if u || !dec {
                cands.push(Type::int(32, false));
            }
        }
        if min <= 1 {
            cands.push(Type::int(lb, true));
            if u || !dec {
                cands.push(Type::int(lb, false));
            }
        }
        cands.push(Type::int(64, true));
        cands.push(Type::int(64, false));
        let t = cands
            .into_iter()
            .filter(|t| !u || matches!(t, Type::Int { signed: false, .. }))
            .find(|t| interp::wrap(v, t) == v)
            .unwrap_or(Type::int(64, false));
        Ok((const_expr(v, &t), t))
    }

    /// A floating constant (decimal or hexadecimal) as the bit pattern of its value in its
    /// type, correctly rounded as gcc reads it; `long double` keeps the nearest `double`
    /// (no stage computes with it).
    pub(super) fn float_constant(&self, f: &lang_c::ast::Float, span: Span) -> Res<(Expr, Type)> {
        use lang_c::ast::{FloatBase, FloatFormat};
        let t = match f.suffix.format {
            FloatFormat::Float => Type::Float { bits: 32 },
            FloatFormat::Double => Type::Float { bits: 64 },
            FloatFormat::LongDouble => Type::Float { bits: 128 },
            FloatFormat::TS18661Format(_) => return self.unsupported(span, "_FloatN constants are not supported"),
        };
        if f.suffix.imaginary {
            return self.unsupported(span, "imaginary constants are not supported");
        }
        let text: String = f.number.chars().filter(|&c| c != '\'').collect();
        let bits = match f.base {
            FloatBase::Decimal => match &t {
                Type::Float { bits: 32 } => text.parse::<f32>().ok().map(|v| v.to_bits() as u64),
                _ => text.parse::<f64>().ok().map(f64::to_bits),
            },
            FloatBase::Hexadecimal => match hex_float(&text, &t) {
                Some(b) => Some(b),
                None => {
                    return self
                        .unsupported(span, "hexadecimal floating constants that need rounding are not supported")
                }
            },
        };
        match bits {
            Some(b) => Ok((Expr::Float(FloatOp::Lit(b), t.clone(), vec![]), t)),
            None => self.err(span, format!("malformed floating constant '{}'", f.number)),
        }
    }

    /// A floating-point operation; operands that are constants fold into a constant, computed
    /// as the interpreter (and gcc) would.
    pub(super) fn float_op(&self, op: FloatOp, t: Type, xs: Vec<Expr>) -> Expr {
        let consts: Option<Vec<(i128, Type)>> = xs
            .iter()
            .map(|x| match x {
                Expr::Float(FloatOp::Lit(b), ft, _) => Some((*b as i128, ft.clone())),
                x => fold(x).map(|v| (v, Type::int(64, true))),
            })
            .collect();
        if let Some(cs) = consts {
            let from = cs.first().map(|c| match &c.1 {
                Type::Float { .. } => c.1.clone(),
                _ => self.prog_type_of(&xs[0]),
            });
            let vals: Vec<i128> = cs.iter().map(|c| c.0).collect();
            if let Some(v) = interp::fold_float(op, from.as_ref(), &t, &vals) {
                return match &t {
                    Type::Float { .. } => Expr::Float(FloatOp::Lit(v as u64), t, vec![]),
                    t => const_expr(v, t),
                };
            }
        }
        Expr::Float(op, t, xs)
    }

    /// The C type of a lowered integer expression (for folding).
    fn prog_type_of(&self, e: &Expr) -> Type {
        match e {
            Expr::Cast(t, _) => t.clone(),
            Expr::Bool(_) => Type::Bool,
            _ => Type::INT,
        }
    }

    pub(super) fn char_constant(&self, s: &str, span: Span) -> Res<(Expr, Type)> {
        let prefix = literals::Prefix::of(s);
        if prefix != literals::Prefix::Narrow {
            // `L'x'`, `u'x'`, `U'x'`: one element of the prefix's type
            let t = prefix.elem();
            return match literals::wide_units(literals::body(s, '\''), prefix).as_slice() {
                [u] => Ok((const_expr(interp::wrap(i128::from(*u), &t), &t), t)),
                _ => self.unsupported(span, "a wide character constant of more than one element is not supported"),
            };
        }
        let start = s.find('\'').map(|i| i + 1).unwrap_or(0);
        let end = s.rfind('\'').unwrap_or(s.len());
        if start > end {
            return self.err(span, "malformed character constant");
        }
        let bytes = decode_escapes(&s[start..end]);
        let v = match bytes.as_slice() {
            [b] => *b as i8 as i128,
            _ => {
                let mut v: i128 = 0;
                for b in &bytes {
                    v = (v << 8) | *b as i128;
                }
                v
            }
        };
        Ok((Expr::Int(v), Type::INT))
    }

    pub(super) fn string_literal(&mut self, pieces: &[String]) -> (Expr, Type) {
        let prefix = literals::Prefix::of_pieces(pieces);
        if prefix != literals::Prefix::Narrow {
            return self.wide_string_literal(pieces, prefix);
        }
        let mut bytes = decode_string(pieces);
        bytes.push(0);
        let name = match self.strings.get(&bytes) {
            Some(n) => n.clone(),
            None => {
                let n = self.fresh_global_name(&cminus::names::string_literal(self.strings.len()));
                let ty = Type::Array(Box::new(Type::CHAR), Some(bytes.len() as u64));
                let init =
                    Init::List(bytes.iter().map(|b| Init::Expr(const_expr(*b as i8 as i128, &Type::CHAR))).collect());
                self.prog.globals.push(Var { name: n.clone(), c_name: n.clone(), ty, loc: self.cur_loc, init });
                self.strings.insert(bytes, n.clone());
                n
            }
        };
        (Expr::AddrOf(Lval::Index(Box::new(Lval::Var(name)), Box::new(Expr::Int(0)))), Type::ptr(Type::CHAR))
    }

    /// An `L`, `u` or `U` string literal: a global array of its elements and a NUL.
    fn wide_string_literal(&mut self, pieces: &[String], prefix: literals::Prefix) -> (Expr, Type) {
        let elem = prefix.elem();
        let mut units = wide_string_units(pieces, prefix);
        units.push(0);
        let key = (prefix, units);
        let name = match self.wide_strings.get(&key) {
            Some(n) => n.clone(),
            None => {
                let n = self
                    .fresh_global_name(&cminus::names::string_literal(self.strings.len() + self.wide_strings.len()));
                let ty = Type::Array(Box::new(elem.clone()), Some(key.1.len() as u64));
                let init = Init::List(
                    key.1.iter().map(|u| Init::Expr(const_expr(interp::wrap(i128::from(*u), &elem), &elem))).collect(),
                );
                self.prog.globals.push(Var { name: n.clone(), c_name: n.clone(), ty, loc: self.cur_loc, init });
                self.wide_strings.insert(key, n.clone());
                n
            }
        };
        (Expr::AddrOf(Lval::Index(Box::new(Lval::Var(name)), Box::new(Expr::Int(0)))), Type::ptr(elem))
    }

    // ---------------------------------------------------------------- conversions

    pub(super) fn zero_of(t: &Type) -> Expr {
        match t {
            Type::Bool => Expr::Bool(false),
            t => const_expr(0, t),
        }
    }

    /// Convert a value of type `from` to type `to` (implicit conversion).
    pub(super) fn conv(&self, e: Expr, from: &Type, to: &Type, span: Span) -> Res<Expr> {
        if from == to || *to == Type::Void {
            return Ok(e);
        }
        Ok(match (from, to) {
            (_, Type::Bool) => self.truth(e, from),
            (Type::Float { .. } | Type::Int { .. } | Type::Bool, Type::Float { .. })
            | (Type::Float { .. }, Type::Int { .. }) => {
                if is_wide(from) || is_wide(to) {
                    return self.unsupported(span, INT128_UNSUPPORTED);
                }
                self.float_op(FloatOp::Conv, to.clone(), vec![e])
            }
            (Type::Int { .. } | Type::Bool, Type::Int { .. }) => match fold(&e) {
                Some(v) => const_expr(interp::wrap(v, to), to),
                None if is_wide(to) || is_wide(from) => return self.unsupported(span, INT128_UNSUPPORTED),
                None => Expr::Cast(to.clone(), Box::new(e)),
            },
            (Type::Ptr(_), Type::Int { .. }) => match self.fold_address(&e) {
                Some(v) => const_expr(interp::wrap(v, to), to),
                None => Expr::Cast(to.clone(), Box::new(e)),
            },
            (Type::Int { .. } | Type::Bool, Type::Ptr(_)) => match fold(&e) {
                Some(v) => Expr::Cast(to.clone(), Box::new(Expr::Int(v))),
                None => Expr::Cast(to.clone(), Box::new(e)),
            },
            (Type::Ptr(_), Type::Ptr(_)) => match e {
                Expr::Cast(Type::Ptr(_), inner) => Expr::Cast(to.clone(), inner),
                Expr::FuncAddr(_) => e,
                e => Expr::Cast(to.clone(), Box::new(e)),
            },
            (Type::Struct(a), Type::Struct(b)) if a == b => e,
            (Type::Array(..), Type::Ptr(_)) => e,
            _ => return self.err(span, format!("cannot convert {} to {}", print::type_str(from), print::type_str(to))),
        })
    }

    /// `offsetof` one member further: the member's type and the offset so far.
    pub(super) fn offsetof_member(&self, cur: Type, off: i128, f: &str, span: Span) -> Res<(i128, Type)> {
        let Type::Struct(s) = &cur else {
            return self.err(span, "offsetof of a non-struct");
        };
        let Some(path) = self.find_field(s, f) else {
            return self.err(span, format!("no member named '{f}'"));
        };
        let (mut off, mut cur, mut sn) = (off, cur.clone(), s.clone());
        for (fname, ft) in path {
            let Some(fo) = self.field_offset(&sn, &fname) else {
                return self.err(span, format!("offsetof in incomplete type 'struct {sn}'"));
            };
            off += fo as i128;
            if let Type::Struct(n) = &ft {
                sn = n.clone();
            }
            cur = ft;
        }
        Ok((off, cur))
    }

    /// The value of a pointer that is a constant address (`&((T *)0)->f`), if it is one.
    pub(super) fn fold_address(&self, e: &Expr) -> Option<i128> {
        match e {
            Expr::AddrOf(l) => self.constant_address(l).map(|a| a.0),
            Expr::Cast(Type::Ptr(_), inner) => fold(inner).or_else(|| self.fold_address(inner)),
            _ => None,
        }
    }

    /// A `Bool` expression that is true when the scalar `e` is non-zero.
    pub(super) fn truth(&self, e: Expr, t: &Type) -> Expr {
        match t {
            Type::Bool => e,
            Type::Ptr(_) => Expr::bin(BinOp::Ne, e, Expr::Cast(t.clone(), Box::new(Expr::Int(0)))),
            Type::Float { .. } => {
                let zero = self.float_op(FloatOp::Conv, t.clone(), vec![Expr::Int(0)]);
                match self.float_op(FloatOp::Ne, Type::Bool, vec![e, zero]) {
                    Expr::Int(v) => Expr::Bool(v != 0),
                    r => r,
                }
            }
            _ => match fold(&e) {
                Some(v) => Expr::Bool(v != 0),
                None => Expr::bin(BinOp::Ne, e, Self::zero_of(t)),
            },
        }
    }

    pub(super) fn check_scalar(&self, t: &Type, span: Span) -> Res<()> {
        match t {
            t if t.is_scalar() => Ok(()),
            t => self.err(span, format!("scalar value expected, found {}", print::type_str(t))),
        }
    }
}

/// The value of a hexadecimal floating constant (`0x1.8p3`) in `t`, when it is exact there
/// (every digit fits the significand, the exponent the normal range); `None` else.
fn hex_float(text: &str, t: &Type) -> Option<u64> {
    let s = text.trim_start_matches("0x").trim_start_matches("0X");
    let (mant, exp) = match s.find(['p', 'P']) {
        Some(i) => (&s[..i], s[i + 1..].parse::<i32>().ok()?),
        None => (s, 0),
    };
    let (int, frac) = mant.split_once('.').unwrap_or((mant, ""));
    let mut m: u64 = 0;
    for c in int.chars().chain(frac.chars()) {
        m = m.checked_mul(16)?.checked_add(c.to_digit(16)? as u64)?;
    }
    let mut e2 = exp.checked_sub(4 * frac.len() as i32)?;
    if m == 0 {
        return Some(0);
    }
    while m & 1 == 0 {
        m >>= 1;
        e2 += 1;
    }
    let (prec, min_exp, max_exp) = if *t == (Type::Float { bits: 32 }) { (24, -126, 127) } else { (53, -1022, 1023) };
    let top = e2 + 63 - m.leading_zeros() as i32;
    if m >= 1u64 << prec || top < min_exp || top > max_exp || e2 < -1022 {
        return None;
    }
    let v = m as f64 * 2f64.powi(e2);
    Some(if prec == 24 { (v as f32).to_bits() as u64 } else { v.to_bits() })
}
