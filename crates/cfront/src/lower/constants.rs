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

    pub(super) fn char_constant(&self, s: &str, span: Span) -> Res<(Expr, Type)> {
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
            (Type::Float { .. }, _) | (_, Type::Float { .. }) => {
                return self.unsupported(span, "floating-point arithmetic is not supported")
            }
            (_, Type::Bool) => self.truth(e, from),
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
            _ => match fold(&e) {
                Some(v) => Expr::Bool(v != 0),
                None => Expr::bin(BinOp::Ne, e, Self::zero_of(t)),
            },
        }
    }

    pub(super) fn check_scalar(&self, t: &Type, span: Span) -> Res<()> {
        match t {
            Type::Float { .. } => self.unsupported(span, "floating-point arithmetic is not supported"),
            t if t.is_scalar() => Ok(()),
            t => self.err(span, format!("scalar value expected, found {}", print::type_str(t))),
        }
    }
}
