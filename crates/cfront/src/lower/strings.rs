//! `strlen` and `strcpy` of C library strings, exact for strings shorter than
//! [`EXACT_CHARS`] and sound beyond (docs/cminus.md, "String and input functions").
//!
//! An exact model of either is a loop over the characters up to the NUL, which the
//! refinement would unroll one round per character; these are loop-free instead:
//!
//! ```text
//! r = strlen(s);    ~>   p := s; t := strlen(p);
//!                        assume((t <= 0 || p[0] != 0) && … && (t <= 15 || p[15] != 0) && p[t] == 0);
//!                        r := t;
//! strcpy(d, s);     ~>   c := s[0]; d[0] := c; if (c != 0) { c := s[1]; d[1] := c; if (c != 0) { …
//!                        … if (c != 0) clobber d[16 ..] } … }
//! ```
//!
//! `strlen`'s result is a NUL at or after the string's end with no NUL among the first 16
//! characters before it: the string's length when it is shorter than 16, otherwise one of
//! the NULs from its end on (the length among them). The call stays external (its result
//! is any value to the engines, the library's own in a compiled run); the interpreter
//! computes the real length where every byte up to the NUL is defined.
//! `strcpy` copies the first 16 characters one by one and clobbers the rest of the
//! destination when the string goes on (`Lowerer::clobber_unbounded`).

use super::{const_expr, Lowerer, Res};
use cminus::*;

/// Strings shorter than this (without their NUL) are modelled exactly.
pub(super) const EXACT_CHARS: usize = 16;

impl Lowerer<'_> {
    /// A pointer argument as a pointer to its own characters: `None` when it does not point to
    /// one-byte integers (another object read as a string is left to the call's old model).
    fn char_pointer(&self, e: &Expr) -> Option<(Expr, Type)> {
        let own = e.uncast();
        let proc = self.current_proc();
        match self.prog.type_of(proc.as_ref(), own)? {
            pt @ Type::Ptr(_) if matches!(pt.pointee(), Some(Type::Int { bits: 8, .. })) => {
                let t = pt.pointee().cloned()?;
                Some((own.clone(), t))
            }
            _ => None,
        }
    }

    /// The bytes (with the NUL) of the string literal `p` is the start of, if it is one.
    fn literal_at(&self, p: &Expr) -> Option<&[u8]> {
        let Expr::AddrOf(Lval::Index(b, i)) = p else { return None };
        let (Lval::Var(name), Expr::Int(0)) = (b.as_ref(), i.as_ref()) else { return None };
        self.strings.iter().find(|(_, v)| *v == name).map(|(k, _)| k.as_slice())
    }

    /// `ret = strlen(s)` with the model above; `Ok(false)` (nothing emitted) when `s` does not
    /// point to characters or the result is an unknown type.
    pub(super) fn strlen_call(&mut self, f: &str, ret: &Lval, s: &Expr) -> Res<bool> {
        let Some((p, ct)) = self.char_pointer(s) else { return Ok(false) };
        let proc = self.current_proc();
        let Some(rt @ Type::Int { .. }) = self.prog.type_of_lval(proc.as_ref(), ret) else { return Ok(false) };
        // of a string literal (which no run may write): its length, as gcc folds it
        if let Some(n) = self.literal_at(&p).and_then(|bytes| bytes.iter().position(|&b| b == 0)) {
            self.emit(StmtKind::Call { ret: None, callee: f.to_string(), args: vec![p] })?;
            return self.emit(StmtKind::Assign(ret.clone(), const_expr(n as i128, &rt))).map(|()| true);
        }
        let p = self.keep_pointer(p, &Type::ptr(ct.clone()))?;
        // the result in a temporary, assigned after the model: the model's `assume` is no
        // branch condition, and the initial predicates (the atoms of the conditions that guard
        // an error, found walking back through `assume`s) must not take its 33 atoms
        let t = Lval::var(&self.new_temp(rt.clone())?);
        self.emit(StmtKind::Call { ret: Some(t.clone()), callee: f.to_string(), args: vec![p.clone()] })?;
        let r = Expr::Lval(t);
        let nul = const_expr(0, &ct);
        let at = |i: Expr| Expr::Lval(Lval::Deref(Box::new(Expr::bin(BinOp::Add, p.clone(), i))));
        // the last conjunct read last: the interpreter evaluates `&&` and `||` lazily, so a run
        // whose result is wrong stops at the first character it contradicts, inside the object
        let mut cond = Expr::bin(BinOp::Eq, at(r.clone()), nul.clone());
        for i in (0..EXACT_CHARS).rev() {
            let before = Expr::bin(BinOp::Le, r.clone(), const_expr(i as i128, &rt));
            let char_i = Expr::bin(BinOp::Ne, at(Expr::Int(i as i128)), nul.clone());
            cond = Expr::bin(BinOp::And, Expr::bin(BinOp::Or, before, char_i), cond);
        }
        self.emit(StmtKind::Assume(cond))?;
        self.emit(StmtKind::Assign(ret.clone(), r))?;
        Ok(true)
    }

    /// `ret = memcmp(a, b, n)`, `strcmp(a, b)` or `strncmp(a, b, n)`: the result's sign is the
    /// sign of the first difference of the bytes read as `unsigned char` (C17 7.24.4), 0 when
    /// there is none — exact over the first [`EXACT_CHARS`] bytes, any value when they are all
    /// equal and the comparison goes on. Its magnitude is the library's (any value to the
    /// engines; glibc's byte difference in the interpreter). `Ok(false)` (nothing emitted):
    /// not one of these, or a result of an unknown type.
    pub(super) fn compare_call(&mut self, f: &str, ret: &Lval, args: &[Expr]) -> Res<bool> {
        let (bounded, strings) = match (f, args.len()) {
            ("memcmp", 3) => (true, false),
            ("strcmp", 2) => (false, true),
            ("strncmp", 3) => (true, true),
            _ => return Ok(false),
        };
        let proc = self.current_proc();
        let Some(rt @ Type::Int { signed: true, .. }) = self.prog.type_of_lval(proc.as_ref(), ret) else {
            return Ok(false);
        };
        let uchar = Type::Int { bits: 8, signed: false };
        let bytes = Type::ptr(uchar.clone());
        let pa = self.keep_pointer(Expr::Cast(bytes.clone(), Box::new(args[0].clone())), &bytes)?;
        let pb = self.keep_pointer(Expr::Cast(bytes.clone(), Box::new(args[1].clone())), &bytes)?;
        let st = self.size_t();
        // the count: a constant bounds the model, else it is read after the call as before
        let n = if bounded {
            match args[2].uncast() {
                Expr::Int(k) if *k >= 0 => Some(Ok(*k)),
                _ => {
                    let t = self.new_temp(st.clone())?;
                    self.emit(StmtKind::Assign(Lval::var(&t), Expr::Cast(st.clone(), Box::new(args[2].clone()))))?;
                    Some(Err(Expr::var(&t)))
                }
            }
        } else {
            None
        };
        let t = Lval::var(&self.new_temp(rt.clone())?);
        let mut call_args = vec![pa.clone(), pb.clone()];
        if bounded {
            call_args.push(args[2].clone());
        }
        self.emit(StmtKind::Call { ret: Some(t.clone()), callee: f.to_string(), args: call_args })?;
        let r = Expr::Lval(t);
        let zero = const_expr(0, &rt);
        let r_is = |op| Expr::bin(op, r.clone(), zero.clone());
        let at = |p: &Expr, i: usize| {
            Expr::Lval(Lval::Deref(Box::new(Expr::bin(BinOp::Add, p.clone(), Expr::Int(i as i128)))))
        };
        // from the last byte the model looks at back to the first: `rest` is what holds when
        // bytes 0 .. i are equal (and, for strings, no NUL among them)
        let limit = match &n {
            Some(Ok(k)) => (*k as usize).min(EXACT_CHARS),
            _ => EXACT_CHARS,
        };
        let mut rest = match &n {
            Some(Ok(k)) if (*k as usize) <= EXACT_CHARS => r_is(BinOp::Eq),
            _ => Expr::Bool(true),
        };
        for i in (0..limit).rev() {
            let (a, b) = (at(&pa, i), at(&pb, i));
            let less = Expr::bin(BinOp::And, Expr::bin(BinOp::Lt, a.clone(), b.clone()), r_is(BinOp::Lt));
            let more = Expr::bin(BinOp::And, Expr::bin(BinOp::Gt, a.clone(), b.clone()), r_is(BinOp::Gt));
            let next = if strings {
                let nul = Expr::bin(BinOp::Eq, a.clone(), const_expr(0, &uchar));
                Expr::bin(
                    BinOp::Or,
                    Expr::bin(BinOp::And, nul.clone(), r_is(BinOp::Eq)),
                    Expr::bin(BinOp::And, Expr::negate(nul), rest),
                )
            } else {
                rest
            };
            let same = Expr::bin(BinOp::And, Expr::bin(BinOp::Eq, a, b), next);
            let step = Expr::bin(BinOp::Or, less, Expr::bin(BinOp::Or, more, same));
            // a count read at run time ends the comparison where it says
            rest = match &n {
                Some(Err(nv)) => {
                    let ended = Expr::bin(BinOp::Le, nv.clone(), const_expr(i as i128, &st));
                    Expr::bin(
                        BinOp::Or,
                        Expr::bin(BinOp::And, ended.clone(), r_is(BinOp::Eq)),
                        Expr::bin(BinOp::And, Expr::negate(ended), step),
                    )
                }
                _ => step,
            };
        }
        self.emit(StmtKind::Assume(rest))?;
        self.emit(StmtKind::Assign(ret.clone(), r))?;
        Ok(true)
    }

    /// `strcpy(d, s)` of a string that is no literal, into characters: the first
    /// [`EXACT_CHARS`] characters one by one up to the NUL, the rest clobbered; the result
    /// is `d`. `Ok(false)` (nothing emitted) when either side is not characters.
    pub(super) fn copy_string(&mut self, d: &Expr, s: &Expr, ret: Option<&Lval>) -> Res<bool> {
        let (Some((dp, dt)), Some((sp, st))) = (self.char_pointer(d), self.char_pointer(s)) else { return Ok(false) };
        let dp = self.keep_pointer(dp, &Type::ptr(dt.clone()))?;
        let sp = self.keep_pointer(sp, &Type::ptr(st.clone()))?;
        let c = Lval::var(&self.new_temp(st.clone())?);
        // what the string writes past its first characters: the rest of an array it is copied
        // into (all of it: the bounds stay the array's), else any number of characters on
        let own = d.uncast();
        let proc = self.current_proc();
        let array = match own {
            Expr::AddrOf(Lval::Index(b, i)) if **i == Expr::Int(0) => match self.prog.type_of_lval(proc.as_ref(), b) {
                Some(t @ Type::Array(_, Some(_))) => Some((b.as_ref().clone(), t)),
                _ => None,
            },
            _ => None,
        };
        self.copy_chars_from(0, &dp, &dt, &sp, (&c, &st), &array)?;
        if let Some(r) = ret {
            let proc = self.current_proc();
            let rt = self.prog.type_of_lval(proc.as_ref(), r).unwrap_or(Type::ptr(Type::CHAR));
            self.emit(StmtKind::Assign(r.clone(), Expr::Cast(rt, Box::new(dp))))?;
        }
        Ok(true)
    }

    /// Character `i` on of a string copy (see [`Lowerer::copy_string`]).
    fn copy_chars_from(
        &mut self,
        i: usize,
        dp: &Expr,
        dt: &Type,
        sp: &Expr,
        c: (&Lval, &Type),
        array: &Option<(Lval, Type)>,
    ) -> Res<()> {
        let at = |p: &Expr| match i {
            0 => Lval::Deref(Box::new(p.clone())),
            i => Lval::Deref(Box::new(Expr::bin(BinOp::Add, p.clone(), Expr::Int(i as i128)))),
        };
        if let (EXACT_CHARS, Some((a, t))) = (i, array) {
            return self.clobber_object(a.clone(), t, lang_c::span::Span::none());
        }
        if i == EXACT_CHARS {
            let rest = Expr::bin(BinOp::Add, dp.clone(), Expr::Int(i as i128));
            return self.clobber_unbounded("strcpy", &rest);
        }
        let (cl, st) = c;
        let cv = Expr::Lval(cl.clone());
        self.emit(StmtKind::Assign(cl.clone(), Expr::Lval(at(sp))))?;
        let copied = if dt == st { cv.clone() } else { Expr::Cast(dt.clone(), Box::new(cv.clone())) };
        self.emit(StmtKind::Assign(at(dp), copied))?;
        let more = Expr::bin(BinOp::Ne, cv, const_expr(0, st));
        self.emit_if(more, &mut |l: &mut Self| l.copy_chars_from(i + 1, dp, dt, sp, c, array), &mut |_| Ok(()))
    }
}
