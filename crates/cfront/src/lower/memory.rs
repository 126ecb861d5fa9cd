//! The library functions that write memory through their arguments: `memset`, `bzero`,
//! `memcpy`, `memmove` (and their `__builtin_` forms). An external function never writes
//! memory, so left external they would be silently dropped (`x = 1; memset(&x, 0, 4);` would
//! keep `x == 1`). What C-- expresses with the objects' own types is lowered to assignments
//! (the typed memory model stays exact): whole objects of a known type (arrays of them, an
//! array of structs: element by element in a loop), copies between pointers of one type,
//! and for `memset` a byte pattern that fits every scalar in the object — with a constant
//! size that is a multiple of the object's size, or a size known only at run time (a loop
//! over `n / sizeof(T)` elements; a partial last element is clobbered). Everything else is
//! lowered **byte by byte** through `unsigned char` pointers (`mem_bytes`), exact whatever
//! the types — such a program needs byte memory (`cminus::punning`). Only a constant size
//! that is negative or larger than 4096 bytes is modelled soundly, not exactly: what the
//! call may write is *clobbered* (`cminus::names::clobbered`: unknown to the proofs, a run
//! through it is unmodelled), and an object with pointer parts written so is "not
//! supported" (slam does not invent pointer values). The call itself is kept before the
//! assignments (SLIC rules watch it).

use super::{const_expr, Lowerer, Res, Want};
use cminus::*;
use lang_c::ast::*;
use lang_c::span::{Node, Span};

/// The most scalar assignments one call may become.
const MAX_LEAVES: usize = 4096;

/// The longest string literal (with its NUL) `strcpy` copies byte by byte.
const UNROLLED_BYTES: usize = 256;

/// Up to this many elements, a copy or fill of a constant count is written element by element
/// instead of as a loop.
pub(super) const UNROLLED_ELEMENTS: usize = 16;

/// The functions modelled here, by the name the program calls.
pub(super) fn is_memory_fn(n: &str) -> bool {
    matches!(n.strip_prefix("__builtin_").unwrap_or(n), "memset" | "memcpy" | "memmove" | "bzero" | "explicit_bzero")
}

/// Element `i` of the objects at `p`.
fn elem(p: &Expr, i: Expr) -> Lval {
    match i {
        Expr::Int(0) => super::deref(p.clone()),
        i => Lval::Deref(Box::new(Expr::bin(BinOp::Add, p.clone(), i))),
    }
}

/// The argument under pointer casts (`(void *)&s`, `(char *)buf`): the object's own type.
fn uncast(mut e: &Node<Expression>) -> &Node<Expression> {
    while let Expression::Cast(c) = &e.node {
        if c.node.type_name.node.declarator.is_none() {
            break;
        }
        e = &c.node.expression;
    }
    e
}

/// The number of bytes a memory function writes: a constant, or a `size_t` value.
#[derive(Clone)]
enum Size {
    Const(i128),
    Var(Expr),
}

/// The destination of a memory function: pointer `p` (of type `pt`) to objects of type `t`
/// (`tsize` bytes each, 0 when unknown); `object`: the whole object the pointer is known to
/// point into (`&x`, an array), if any.
#[derive(Clone)]
struct MemDest {
    p: Expr,
    pt: Type,
    t: Type,
    tsize: u64,
    size: Size,
    /// The size is a product with a constant multiple of `tsize` (`k * sizeof(T)`): whole
    /// objects only.
    whole: bool,
    object: Option<(Lval, Type)>,
}

impl MemDest {
    /// How many whole objects of type `t` the call writes, when exact: a constant count, or
    /// the `size_t` expression `n / sizeof(t)` (with whether a partial object follows).
    fn count(&self, st: &Type) -> Option<(Expr, Option<usize>, bool)> {
        if self.tsize == 0 {
            return None;
        }
        match &self.size {
            Size::Const(v) if *v >= 0 && (*v as u64).is_multiple_of(self.tsize) => {
                let k = (*v as u64 / self.tsize) as usize;
                Some((Expr::Int(k as i128), Some(k), false))
            }
            Size::Const(_) => None,
            Size::Var(n) => {
                let k = if self.tsize == 1 {
                    n.clone()
                } else {
                    Expr::bin(BinOp::Div, n.clone(), const_expr(self.tsize as i128, st))
                };
                Some((k, None, self.tsize > 1 && !self.whole))
            }
        }
    }
}

impl Lowerer<'_> {
    /// `memcpy`, `memmove`, `memset` and `bzero` (and their `__builtin_` forms): the library
    /// call, then its effect (see the module doc).
    pub(super) fn memory_fn(
        &mut self,
        n: &str,
        c: &Node<CallExpression>,
        span: Span,
        want: &Want,
    ) -> Res<Option<(Expr, Type)>> {
        let args = &c.node.arguments;
        let base = n.strip_prefix("__builtin_").unwrap_or(n);
        let nargs = if base.ends_with("bzero") { 2 } else { 3 };
        if args.len() != nargs {
            return self.err(span, format!("{n} takes {nargs} arguments"));
        }
        let size_arg = &args[nargs - 1];
        let csize = self.const_int(size_arg).ok();
        // the destination: objects of type t, a pointer p to them
        let (p0, pt0) = self.rv(uncast(&args[0]))?;
        let Type::Ptr(t0) = pt0.clone() else { return self.err(args[0].span, format!("{n} needs a pointer")) };
        let object = self.known_object(&p0);
        self.set_loc(span);
        let p0 = self.keep_pointer(p0, &pt0)?;
        // an array's elements are the objects (`memset(&table, 0, sizeof table)`)
        let (mut p, mut pt, mut t) = (p0.clone(), pt0.clone(), *t0);
        while let Type::Array(e, Some(_)) = &t {
            let e = (**e).clone();
            pt = Type::ptr(e.clone());
            p = super::addr_of(Lval::Index(Box::new(super::deref(p)), Box::new(Expr::Int(0))));
            t = e;
        }
        let tsize = self.size_align(&t).filter(|(s, _)| *s > 0 && !matches!(t, Type::Void)).map_or(0, |x| x.0);
        let st = self.size_t();
        let src = if base == "memcpy" || base == "memmove" {
            let (s, sty) = self.rv(uncast(&args[1]))?;
            self.set_loc(span);
            Some((self.keep_pointer(s, &sty)?, sty))
        } else {
            None
        };
        let byte = if base == "memset" {
            let (v, vt) = self.rv(&args[1])?;
            let vi = self.conv(v.clone(), &vt, &Type::INT, args[1].span)?;
            let b = self.conv(v, &vt, &Type::int(8, false), args[1].span)?;
            Some((vi, b))
        } else {
            None
        };
        let size = match csize {
            Some(v) => Size::Const(v),
            None => {
                let (v, vt) = self.rv(size_arg)?;
                let v = self.conv(v, &vt, &st, size_arg.span)?;
                self.set_loc(span);
                if let Some(c) = self.fold_known(&v) {
                    // a size computed into variables just before (CIL's temporaries)
                    Size::Const(c)
                } else {
                    let tmp = self.new_temp(st.clone())?;
                    self.emit(StmtKind::Assign(Lval::var(&tmp), v))?;
                    Size::Var(Expr::var(&tmp))
                }
            }
        };
        self.set_loc(span);
        let vp = Type::ptr(Type::Void);
        let mut call_args = vec![self.conv(p0.clone(), &pt0, &vp, span)?];
        match (&src, &byte) {
            (Some((s, sty)), _) => call_args.push(self.conv(s.clone(), sty, &vp, span)?),
            (_, Some((vi, _))) => call_args.push(vi.clone()),
            _ => {}
        }
        call_args.push(match &size {
            Size::Const(v) => const_expr(*v, &st),
            Size::Var(e) => e.clone(),
        });
        self.emit(StmtKind::Call { ret: None, callee: n.to_string(), args: call_args })?;
        let whole = tsize > 0 && self.multiple_of(size_arg, tsize);
        let d = MemDest { p, pt, t, tsize, size, whole, object };
        let fill = byte.map(|b| b.1).unwrap_or(Expr::Int(0));
        let exact = match &src {
            Some((s, sty)) => self.mem_copy(base, s, sty, &d)?,
            None => self.mem_fill(fill.clone(), &d)?,
        };
        if !exact && !self.mem_bytes(base, src.as_ref().map(|x| &x.0), &fill, &d)? {
            self.clobber_dest(n, &d, span)?;
        }
        if base.ends_with("bzero") {
            return self.value_for_want(Expr::Int(0), Type::Void, want, span);
        }
        let r = self.conv(p0, &pt0, &vp, span)?;
        self.value_for_want(r, vp, want, span)
    }

    /// Whether a size expression is a product with a constant multiple of `tsize`
    /// (`n * sizeof(T)`, `sizeof(T) * n`), under casts.
    fn multiple_of(&mut self, e: &Node<Expression>, tsize: u64) -> bool {
        match &e.node {
            Expression::Cast(c) => self.multiple_of(&c.node.expression, tsize),
            Expression::BinaryOperator(b) if b.node.operator.node == BinaryOperator::Multiply => {
                [&b.node.lhs, &b.node.rhs].into_iter().any(|x| {
                    self.const_int(x).is_ok_and(|v| v > 0 && (v as u64).is_multiple_of(tsize))
                        || self.multiple_of(x, tsize)
                })
            }
            _ => false,
        }
    }

    /// The whole object a destination pointer is known to point into: `&x`, `&x.f`, an array
    /// `a` (as `&a[i]`).
    fn known_object(&self, p: &Expr) -> Option<(Lval, Type)> {
        let e = p.uncast();
        let Expr::AddrOf(l) = e else { return None };
        let proc = self.current_proc();
        let obj = match l {
            Lval::Index(b, _) if matches!(self.prog.type_of_lval(proc.as_ref(), b), Some(Type::Array(..))) => {
                b.as_ref().clone()
            }
            l => l.clone(),
        };
        let t = self.prog.type_of_lval(proc.as_ref(), &obj)?;
        Some((obj, t))
    }

    /// `memcpy`/`memmove` from `s`, exactly when it has the destination's pointer type: member
    /// by member where the object has only scalars, for `memmove` away from the overlap.
    /// `false`: not exact (nothing emitted).
    fn mem_copy(&mut self, base: &str, s: &Expr, sty: &Type, d: &MemDest) -> Res<bool> {
        let st = self.size_t();
        let Some((k, kconst, partial)) = d.count(&st) else { return Ok(false) };
        if *sty != d.pt || (partial && !self.clobberable(d)) {
            return Ok(false);
        }
        let (p2, s2) = (d.p.clone(), s.clone());
        let t2 = d.t.clone();
        // member by member where the object has only scalars (the engine reasons about
        // scalar assignments best), else the whole object
        let copy = move |l: &mut Self, i: Expr| {
            let (d, src) = (elem(&p2, i.clone()), elem(&s2, i));
            let (mut dl, mut sl) = (vec![], vec![]);
            if l.scalar_leaves(d.clone(), &t2, &mut dl) && l.scalar_leaves(src.clone(), &t2, &mut sl) {
                for ((d, _), (src, _)) in dl.into_iter().zip(sl) {
                    l.emit(StmtKind::Assign(d, Expr::Lval(src)))?;
                }
                Ok(())
            } else {
                l.emit(StmtKind::Assign(d, Expr::Lval(src)))
            }
        };
        let mut copy2 = copy.clone();
        let mut copy = copy;
        if base == "memmove" && kconst != Some(1) {
            // overlapping objects: copy away from the overlap
            let forward = Expr::bin(BinOp::Le, d.p.clone(), s.clone());
            let k2 = k.clone();
            self.emit_if(
                forward,
                &mut |l: &mut Self| l.each_element_upto(k.clone(), kconst, false, &mut copy),
                &mut |l: &mut Self| l.each_element_upto(k2.clone(), kconst, true, &mut copy2),
            )?;
        } else {
            self.each_element_upto(k, kconst, false, &mut copy)?;
        }
        if partial {
            self.clobber_partial(d)?;
        }
        Ok(true)
    }

    /// `memset` (with a byte value that fills each scalar with a known value) or `bzero`,
    /// exactly; `false`: not exact (nothing emitted).
    fn mem_fill(&mut self, byte: Expr, d: &MemDest) -> Res<bool> {
        let st = self.size_t();
        let Some((k, kconst, partial)) = d.count(&st) else { return Ok(false) };
        if partial && !self.clobberable(d) {
            return Ok(false);
        }
        // the assignments of one object, checked before any code is emitted
        let mut leaves = vec![];
        if !self.scalar_leaves(elem(&d.p, Expr::Int(0)), &d.t, &mut leaves) {
            return Ok(false);
        }
        if leaves.iter().any(|(_, lt)| self.byte_pattern(&byte, lt).is_none()) {
            return Ok(false);
        }
        let (p2, t) = (d.p.clone(), d.t.clone());
        self.each_element_upto(k, kconst, false, &mut |l: &mut Self, i: Expr| {
            let mut leaves = vec![];
            l.scalar_leaves(elem(&p2, i), &t, &mut leaves);
            for (lv, lt) in leaves {
                let v = l.byte_pattern(&byte, &lt).unwrap_or(Expr::Int(0));
                l.emit(StmtKind::Assign(lv, v))?;
            }
            Ok(())
        })?;
        if partial {
            self.clobber_partial(d)?;
        }
        Ok(true)
    }

    /// The call byte by byte, exact whatever the objects' types (the program then needs byte
    /// memory, `cminus::punning`): a copy of a constant size is one assignment of an
    /// `unsigned char[n]` (an aggregate assignment reads before it writes: `memmove`'s
    /// semantics, also for overlapping objects), a fill of a constant size one byte
    /// assignment per byte, a run-time size a loop over the bytes (for `memmove` away from
    /// the overlap). `false` (nothing emitted) for a negative or too large constant size.
    fn mem_bytes(&mut self, base: &str, src: Option<&Expr>, fill: &Expr, d: &MemDest) -> Res<bool> {
        let uchar = Type::int(8, false);
        let bytes_at = |p: &Expr| Expr::Cast(Type::ptr(uchar.clone()), Box::new(p.clone()));
        let (dp, sp) = (bytes_at(&d.p), src.map(bytes_at));
        match (&d.size, &sp) {
            (Size::Const(v), _) if *v < 0 || *v as usize > MAX_LEAVES => Ok(false),
            (Size::Const(0), _) => Ok(true),
            (Size::Const(v), Some(sp)) => {
                let arr = Type::ptr(Type::Array(Box::new(uchar.clone()), Some(*v as u64)));
                let whole = |p: &Expr| super::deref(Expr::Cast(arr.clone(), Box::new(p.clone())));
                self.emit(StmtKind::Assign(whole(&dp), Expr::Lval(whole(sp))))?;
                Ok(true)
            }
            (Size::Const(v), None) => {
                for k in 0..*v {
                    self.emit(StmtKind::Assign(elem(&dp, Expr::Int(k)), fill.clone()))?;
                }
                Ok(true)
            }
            (Size::Var(n), _) => {
                let (dp2, sp2, fill2) = (dp.clone(), sp.clone(), fill.clone());
                let mut one = move |l: &mut Self, i: Expr| {
                    let v = match &sp2 {
                        Some(s) => Expr::Lval(elem(s, i.clone())),
                        None => fill2.clone(),
                    };
                    l.emit(StmtKind::Assign(elem(&dp2, i), v))
                };
                match &sp {
                    Some(s) if base == "memmove" => {
                        let forward = Expr::bin(BinOp::Le, dp.clone(), s.clone());
                        let mut back = one.clone();
                        let (n1, n2) = (n.clone(), n.clone());
                        self.emit_if(
                            forward,
                            &mut |l: &mut Self| l.each_element_upto(n1.clone(), None, false, &mut one),
                            &mut |l: &mut Self| l.each_element_upto(n2.clone(), None, true, &mut back),
                        )?;
                    }
                    _ => self.each_element_upto(n.clone(), None, false, &mut one)?,
                }
                Ok(true)
            }
        }
    }

    /// Whether a partly written object of the destination's type can be clobbered (it has
    /// only scalar parts and no pointer); otherwise the call is lowered byte by byte.
    fn clobberable(&mut self, d: &MemDest) -> bool {
        let mut leaves = vec![];
        self.scalar_leaves(elem(&d.p, Expr::Int(0)), &d.t, &mut leaves) && !leaves.iter().any(|(_, lt)| lt.is_pointer())
    }

    /// After an exact loop over `n / sizeof(t)` objects: when `n` is no multiple of the
    /// object's size, the object after them is partly written — clobbered.
    fn clobber_partial(&mut self, d: &MemDest) -> Res<()> {
        let Size::Var(n) = &d.size else { return Ok(()) };
        let st = self.size_t();
        let sz = const_expr(d.tsize as i128, &st);
        let rest = Expr::bin(BinOp::Ne, Expr::bin(BinOp::Rem, n.clone(), sz.clone()), const_expr(0, &st));
        let at = elem(&d.p, Expr::bin(BinOp::Div, n.clone(), sz));
        let t = d.t.clone();
        let span = Span::none();
        self.emit_if(rest, &mut |l: &mut Self| l.clobber_object(at.clone(), &t, span), &mut |_| Ok(()))
    }

    /// What a memory function writes inexactly: the whole known object, else the objects
    /// `p[0 .. ⌈n / sizeof *p⌉)` (bytes when the pointee's size is unknown) — clobbered.
    fn clobber_dest(&mut self, n: &str, d: &MemDest, span: Span) -> Res<()> {
        if let Some((obj, t)) = &d.object {
            return self.clobber_object(obj.clone(), t, span);
        }
        let (p, t, tsize) = if d.tsize == 0 {
            let b = Type::int(8, false);
            (Expr::Cast(Type::ptr(b.clone()), Box::new(d.p.clone())), b, 1)
        } else {
            (d.p.clone(), d.t.clone(), d.tsize)
        };
        let st = self.size_t();
        let (k, kconst) = match &d.size {
            Size::Const(v) if *v < 0 => return self.unsupported(span, format!("{n} of {v} bytes is not supported")),
            Size::Const(v) => {
                let k = (*v as u64).div_ceil(tsize) as usize;
                (Expr::Int(k as i128), Some(k))
            }
            Size::Var(e) => {
                let sz = const_expr(tsize as i128, &st);
                let one = const_expr(1, &st);
                let k = if tsize == 1 {
                    e.clone()
                } else {
                    Expr::bin(BinOp::Div, Expr::bin(BinOp::Add, e.clone(), Expr::bin(BinOp::Sub, sz.clone(), one)), sz)
                };
                (k, None)
            }
        };
        // checked before any code: an object with pointer parts cannot be clobbered
        let mut leaves = vec![];
        if !self.scalar_leaves(elem(&p, Expr::Int(0)), &t, &mut leaves) || leaves.iter().any(|(_, lt)| lt.is_pointer())
        {
            return self.unsupported(
                span,
                format!("{n} writing an object of type {} inexactly is not supported", print::type_str(&t)),
            );
        }
        if kconst == Some(1) {
            return self.clobber_object(elem(&p, Expr::Int(0)), &t, span);
        }
        let bytes = match kconst {
            Some(k) => const_expr((k as u64 * tsize) as i128, &st),
            None if tsize == 1 => k.clone(),
            None => Expr::bin(BinOp::Mul, k.clone(), const_expr(tsize as i128, &st)),
        };
        self.clobber_loop((p.clone(), bytes), k, kconst.is_some(), &mut |l: &mut Self, i: Expr| {
            l.clobber_object(elem(&p, i), &t, span)
        })
    }

    /// `body(i)` (clobbers) for `i` from 0 up to `k`, a loop that may also stop early: which
    /// bytes a clobber leaves as they were is one of its outcomes anyway, so the exit needs no
    /// test — and the refinement does not unroll the loop to reach its end. Before it,
    /// `__slam_clobbered_bytes(p, n)` (`names::CLOBBERED_BYTES`, `extent`: the pointer and
    /// the `size_t` number of bytes the loop may write) tells the interpreter every byte the
    /// loop may write, so a replay that takes the early exit does not read old values there.
    fn clobber_loop(
        &mut self,
        extent: (Expr, Expr),
        k: Expr,
        int_index: bool,
        body: &mut dyn FnMut(&mut Self, Expr) -> Res<()>,
    ) -> Res<()> {
        let vp = Type::ptr(Type::Void);
        let st = self.size_t();
        let callee = cminus::names::CLOBBERED_BYTES.to_string();
        self.funcs.entry(callee.clone()).or_insert(FuncType {
            ret: Type::Void,
            params: vec![vp.clone(), st],
            variadic: false,
        });
        let args = vec![Expr::Cast(vp, Box::new(extent.0)), extent.1];
        self.emit(StmtKind::Call { ret: None, callee, args })?;
        self.early_exit_loop(k, int_index, body)
    }

    /// `body(i)` for `i` from 0 up to `k`, a loop whose exit is a nondeterministic choice at
    /// every trip (no test: it may stop at any `i <= k`).
    pub(super) fn early_exit_loop(
        &mut self,
        k: Expr,
        int_index: bool,
        body: &mut dyn FnMut(&mut Self, Expr) -> Res<()>,
    ) -> Res<()> {
        let it = if int_index { Type::INT } else { self.size_t() };
        let i = self.new_temp(it.clone())?;
        let iv = Expr::var(&i);
        let (head, stay, leave) = (self.fresh_label(), self.fresh_label(), self.fresh_label());
        self.emit(StmtKind::Assign(Lval::var(&i), const_expr(0, &it)))?;
        self.place_label(&head);
        self.emit(StmtKind::Goto(vec![stay.clone(), leave.clone()]))?;
        self.place_label(&stay);
        self.emit(StmtKind::Assume(Expr::bin(BinOp::Lt, iv.clone(), k)))?;
        body(self, iv.clone())?;
        self.emit(StmtKind::Assign(Lval::var(&i), Expr::bin(BinOp::Add, iv, const_expr(1, &it))))?;
        self.goto(&head)?;
        self.place_label(&leave);
        self.emit(StmtKind::Skip)
    }

    /// `x := __slam_clobbered_T(x)` for every scalar of the object (arrays element by element
    /// in a loop); "not supported" when it has pointer parts or parts of unknown layout.
    pub(super) fn clobber_object(&mut self, obj: Lval, t: &Type, span: Span) -> Res<()> {
        if let Type::Array(e, Some(k)) = t {
            let e = (**e).clone();
            let st = self.size_t();
            let bytes = const_expr(self.size_align(t).map_or(0, |x| x.0) as i128, &st);
            let at = Expr::AddrOf(obj.clone());
            return self.clobber_loop((at, bytes), Expr::Int(*k as i128), true, &mut |l: &mut Self, i: Expr| {
                l.clobber_object(Lval::Index(Box::new(obj.clone()), Box::new(i)), &e, span)
            });
        }
        let mut leaves = vec![];
        if !self.scalar_leaves(obj, t, &mut leaves) || leaves.iter().any(|(_, lt)| lt.is_pointer()) {
            return self.unsupported(
                span,
                format!("a library call writing an object of type {} inexactly is not supported", print::type_str(t)),
            );
        }
        for (lv, lt) in leaves {
            let callee = cminus::names::clobbered(&lt);
            self.funcs.entry(callee.clone()).or_insert(FuncType { ret: lt.clone(), params: vec![lt], variadic: false });
            self.emit(StmtKind::Call { ret: Some(lv.clone()), callee, args: vec![Expr::Lval(lv)] })?;
        }
        Ok(())
    }

    /// `body(i)` for every element index `i` in `0..count`: straight for up to
    /// [`UNROLLED_ELEMENTS`], else a loop (upwards, or downwards for `memmove` onto a higher
    /// address).
    pub(super) fn each_element(
        &mut self,
        count: usize,
        backward: bool,
        body: &mut dyn FnMut(&mut Self, Expr) -> Res<()>,
    ) -> Res<()> {
        self.each_element_upto(Expr::Int(count as i128), Some(count), backward, body)
    }

    /// [`Self::each_element`] for `count` elements, a constant (`Some`, also given as
    /// `k`) or a `size_t` value known at run time (`k`).
    fn each_element_upto(
        &mut self,
        k: Expr,
        count: Option<usize>,
        backward: bool,
        body: &mut dyn FnMut(&mut Self, Expr) -> Res<()>,
    ) -> Res<()> {
        match count {
            Some(0) => return Ok(()),
            // a few elements straight: a loop would need predicates over its index (one per
            // trip) before anything about the elements can be proved
            Some(c) if c <= UNROLLED_ELEMENTS => {
                let order: Vec<usize> = if backward { (0..c).rev().collect() } else { (0..c).collect() };
                for i in order {
                    body(self, Expr::Int(i as i128))?;
                }
                return Ok(());
            }
            _ => {}
        }
        let it = if count.is_some() { Type::INT } else { self.size_t() };
        let i = self.new_temp(it.clone())?;
        let (zero, one) = (const_expr(0, &it), const_expr(1, &it));
        let iv = Expr::var(&i);
        let (head, stay, leave) = (self.fresh_label(), self.fresh_label(), self.fresh_label());
        self.emit(StmtKind::Assign(Lval::var(&i), if backward { k.clone() } else { zero.clone() }))?;
        self.place_label(&head);
        self.emit(StmtKind::Goto(vec![stay.clone(), leave.clone()]))?;
        self.place_label(&stay);
        if backward {
            self.emit(StmtKind::Assume(Expr::bin(BinOp::Gt, iv.clone(), zero.clone())))?;
            self.emit(StmtKind::Assign(Lval::var(&i), Expr::bin(BinOp::Sub, iv.clone(), one)))?;
            body(self, iv.clone())?;
        } else {
            self.emit(StmtKind::Assume(Expr::bin(BinOp::Lt, iv.clone(), k.clone())))?;
            body(self, iv.clone())?;
            self.emit(StmtKind::Assign(Lval::var(&i), Expr::bin(BinOp::Add, iv.clone(), one)))?;
        }
        self.goto(&head)?;
        self.place_label(&leave);
        let done = if backward { Expr::bin(BinOp::Le, iv, zero) } else { Expr::bin(BinOp::Ge, iv, k) };
        self.emit(StmtKind::Assume(done))
    }

    /// A pointer used several times: in a temporary unless it is a variable's address.
    pub(super) fn keep_pointer(&mut self, p: Expr, t: &Type) -> Res<Expr> {
        if matches!(p, Expr::AddrOf(Lval::Var(_))) {
            return Ok(p);
        }
        let tmp = self.new_temp(t.clone())?;
        self.emit(StmtKind::Assign(Lval::var(&tmp), p))?;
        Ok(Expr::var(&tmp))
    }

    /// The scalar parts of an object, floats included (every member of a union too: all its
    /// bytes are set).
    /// `false` when an object has a part that is not a complete scalar, struct or array, or too
    /// many parts.
    pub(super) fn scalar_leaves(&self, l: Lval, t: &Type, out: &mut Vec<(Lval, Type)>) -> bool {
        if out.len() > MAX_LEAVES {
            return false;
        }
        match t {
            Type::Int { .. } | Type::Bool | Type::Ptr(_) | Type::Float { .. } => {
                out.push((l, t.clone()));
                true
            }
            Type::Struct(s) => {
                let Some(sd) = self.prog.struct_def(s).filter(|d| d.complete) else { return false };
                let fields = sd.fields.clone();
                fields.iter().all(|f| self.scalar_leaves(Lval::Field(Box::new(l.clone()), f.name.clone()), &f.ty, out))
            }
            Type::Array(e, Some(n)) => (0..*n)
                .all(|i| self.scalar_leaves(Lval::Index(Box::new(l.clone()), Box::new(Expr::Int(i as i128))), e, out)),
            _ => false,
        }
    }

    /// The value of a scalar whose every byte is `byte` (an `unsigned char`), if C-- says it
    /// exactly: 0 for any scalar; a constant pattern for whole-byte integers; a variable byte
    /// only into a one-byte integer.
    fn byte_pattern(&self, byte: &Expr, t: &Type) -> Option<Expr> {
        let c = super::fold(byte);
        if c == Some(0) {
            return Some(match t {
                Type::Bool => Expr::Bool(false),
                Type::Ptr(_) => Expr::Cast(t.clone(), Box::new(Expr::Int(0))),
                // all bytes zero: +0.0
                Type::Float { .. } => Expr::Float(FloatOp::Lit(0), t.clone(), vec![]),
                t => const_expr(0, t),
            });
        }
        let Type::Int { bits, .. } = t else {
            return match (t, c) {
                (Type::Bool, Some(1)) => Some(Expr::Bool(true)),
                _ => None,
            };
        };
        if !matches!(bits, 8 | 16 | 32 | 64) {
            return None;
        }
        match c {
            Some(c) => {
                let mut v: i128 = 0;
                for _ in 0..bits / 8 {
                    v = (v << 8) | c;
                }
                Some(const_expr(interp::wrap(v, t), t))
            }
            None if *bits == 8 => Some(Expr::Cast(t.clone(), Box::new(byte.clone()))),
            None => None,
        }
    }
}

/// Library functions that write through pointer arguments (strings, input) in a way C-- does
/// not express: the name, the first written argument, whether every later pointer argument
/// is written too (`scanf`'s `&x`, …), and the argument that bounds the bytes written (`n` of
/// `read(fd, buf, n)`, `snprintf(buf, n, …)`). Left external they would write nothing.
const WRITERS: &[(&str, usize, bool, Option<usize>)] = &[
    ("strcpy", 0, false, None),
    ("stpcpy", 0, false, None),
    ("strncpy", 0, false, Some(2)),
    ("stpncpy", 0, false, Some(2)),
    ("strcat", 0, false, None),
    ("strncat", 0, false, None),
    ("sprintf", 0, false, None),
    ("snprintf", 0, false, Some(1)),
    ("vsprintf", 0, false, None),
    ("vsnprintf", 0, false, Some(1)),
    ("fgets", 0, false, Some(1)),
    ("gets", 0, false, None),
    ("fread", 0, false, None),
    ("read", 1, false, Some(2)),
    ("pread", 1, false, Some(2)),
    ("recv", 1, false, Some(2)),
    ("recvfrom", 1, false, Some(2)),
    ("sscanf", 2, true, None),
    ("fscanf", 2, true, None),
    ("scanf", 1, true, None),
];

/// An input function whose result counts what it wrote: the buffer argument, the argument
/// that bounds the count, and for `fread` the argument giving an item's size (its result
/// counts items).
#[derive(Clone, Copy)]
pub(super) struct Counted {
    buf: usize,
    bound: usize,
    item: Option<usize>,
}

impl Counted {
    /// The argument that bounds the count (bytes, or items for `fread`).
    pub(super) fn bound(self) -> usize {
        self.bound
    }
}

/// The input functions whose result counts the bytes or items they wrote (`read`, `fread`).
pub(super) fn counted_input(n: &str) -> Option<Counted> {
    match n {
        "read" | "pread" | "recv" | "recvfrom" => Some(Counted { buf: 1, bound: 2, item: None }),
        "fread" => Some(Counted { buf: 0, bound: 2, item: Some(1) }),
        _ => None,
    }
}

/// Whether writer `n` reads input (what it writes is the environment's choice: any
/// characters), not text it makes of its arguments.
fn is_input(n: &str) -> bool {
    matches!(n, "fgets" | "gets" | "fread" | "read" | "pread" | "recv" | "recvfrom" | "fscanf" | "scanf")
}

/// The argument that bounds what writer `n` writes, if any.
pub(super) fn size_arg(n: &str) -> Option<usize> {
    WRITERS.iter().find(|w| w.0 == n).and_then(|w| w.3)
}

/// Whether `n` is one of the [`WRITERS`].
pub(super) fn is_writer(n: &str) -> bool {
    WRITERS.iter().any(|w| w.0 == n)
}

impl Lowerer<'_> {
    /// After a call of one of the [`WRITERS`]: what it may write becomes unknown — for input
    /// (`read`, `fgets`, `scanf`) every character of a destination `char` array and the
    /// scalar behind `&x` become `Nondet`; text made of the arguments (`strcpy`, `sprintf`,
    /// `sscanf`) is clobbered there (`names::clobbered`); any other object
    /// behind `&x` or an array clobbered (`names::clobbered`), and behind a pointer of unknown
    /// extent the bytes `p[0 .. n)` the size argument bounds, clobbered. A destination slam
    /// cannot bound (`strcpy` into a pointer) is "not supported", never silently left
    /// unchanged. `read` & co. return -1 … n.
    pub(super) fn havoc_written(&mut self, n: &str, args: &[Expr], ret: Option<&Lval>) -> Res<()> {
        let Some(&(_, first, rest, bound)) = WRITERS.iter().find(|w| w.0 == n) else { return Ok(()) };
        let last = if rest { args.len() } else { (first + 1).min(args.len()) };
        if let (Some(r), Some(k), true) = (ret, bound, matches!(n, "read" | "pread" | "recv" | "recvfrom")) {
            // at most n bytes, or -1 on error (into a signed result: an unsigned one keeps
            // whatever it is)
            let proc = self.current_proc();
            if let (Some(rt @ Type::Int { signed: true, .. }), Some(size)) =
                (self.prog.type_of_lval(proc.as_ref(), r), args.get(k))
            {
                let v = Expr::Lval(r.clone());
                let n = Expr::Cast(rt.clone(), Box::new(size.clone()));
                let lo = Expr::bin(BinOp::Ge, v.clone(), const_expr(-1, &rt));
                let hi = Expr::bin(BinOp::Le, v, n);
                self.emit(StmtKind::Assume(Expr::bin(BinOp::And, lo, hi)))?;
            }
        }
        if let (Some(c), Some(r)) = (counted_input(n), ret) {
            return self.input_prefix(c, args, r);
        }
        if matches!(n, "strcpy" | "stpcpy") && args.len() == 2 && self.copy_literal(n, &args[0], &args[1], ret)? {
            return Ok(());
        }
        if n == "strcpy" && args.len() == 2 && self.copy_string(&args[0], &args[1], ret)? {
            return Ok(());
        }
        for a in args.iter().take(last).skip(first) {
            let a = a.uncast();
            let Expr::AddrOf(l) = a else {
                // `snprintf(NULL, 0, …)` (the length of the text): nothing written
                if *a == Expr::Int(0) && bound.and_then(|k| args.get(k)).and_then(super::fold) == Some(0) {
                    continue;
                }
                let Some(size) = bound.and_then(|k| args.get(k)) else {
                    // text written through a pointer of unknown extent (`sprintf(p, …)`): any
                    // number of characters from `p` on, clobbered
                    return self.clobber_unbounded(n, a);
                };
                // the size as it was at the call: the result may have overwritten a variable it reads
                if ret.is_some_and(|r| reads_base(size, r)) {
                    return self.unsupported(
                        Span::none(),
                        format!("{n} whose result overwrites its own size argument is not supported"),
                    );
                }
                self.clobber_through(n, a, size)?;
                continue;
            };
            // `buf` decays to `&buf[0]`; `&buf` and `&x` name the object itself
            let (obj, at_start) = match l {
                Lval::Index(b, i) if **i == Expr::Int(0) => (b.as_ref().clone(), true),
                l => (l.clone(), false),
            };
            let proc = self.current_proc();
            let ty = self.prog.type_of_lval(proc.as_ref(), &obj);
            match ty {
                // text bounded by a size (`snprintf(buf, n, …)` into an array): the bytes
                // `buf[0 .. n)`, clobbered; the rest of the array keeps its values
                Some(Type::Array(_, Some(_)))
                    if !is_input(n)
                        && at_start
                        && bound
                            .is_some_and(|k| args.get(k).is_some_and(|s| !ret.is_some_and(|r| reads_base(s, r)))) =>
                {
                    self.clobber_through(n, a, &args[bound.unwrap()])?
                }
                // text the call makes of its arguments (`strcpy`, `sprintf`): clobbered — an
                // invented text would let a replay confirm a path the real text forbids
                Some(t @ Type::Array(_, Some(_))) if !is_input(n) => self.clobber_object(obj, &t, Span::none())?,
                Some(t) if t.is_scalar() && rest && !at_start && !is_input(n) => {
                    self.clobber_object(obj, &t, Span::none())?
                }
                // input: any characters
                Some(Type::Array(e, Some(len))) if matches!(*e, Type::Int { bits: 8, .. }) => {
                    for i in 0..(len as usize).min(MAX_LEAVES) {
                        let item = Lval::Index(Box::new(obj.clone()), Box::new(Expr::Int(i as i128)));
                        self.input_write(n, item, &e)?;
                    }
                    if len as usize > MAX_LEAVES {
                        return self.unsupported(
                            Span::none(),
                            format!("{n} into an array of {len} characters is not supported"),
                        );
                    }
                }
                // `&x` of scanf & co. (a string writer needs the whole array)
                Some(t) if t.is_scalar() && rest && !at_start => self.input_write(n, obj, &t)?,
                // another object the call may write (a struct read with `read(fd, &hdr, n)`,
                // an element inside an array): all of it
                // (an array of unknown length, a flexible array member: the bytes the size
                // bounds)
                Some(_) if bound.is_some() => match self.known_object(a) {
                    Some((obj, t)) if !matches!(t, Type::Array(_, None)) => {
                        self.clobber_object(obj, &t, Span::none())?
                    }
                    _ => self.clobber_through(n, a, &args[bound.unwrap()])?,
                },
                _ => {
                    return self.unsupported(
                        Span::none(),
                        format!("{n} writing through a pointer slam cannot bound is not supported"),
                    )
                }
            }
        }
        Ok(())
    }

    /// `lv := ` a value input function `n` wrote: for an integer, `__slam_out_T_n()`
    /// (`names::lib_output`, so that a compiled run knows whose value it is: fed when the
    /// harness defines `n` — `scanf` —, else the library's own), else `nondet`.
    fn input_write(&mut self, n: &str, lv: Lval, t: &Type) -> Res<()> {
        if matches!(t, Type::Int { .. } | Type::Bool) {
            return self.lib_output(n, lv, t);
        }
        self.emit(StmtKind::Assign(lv, Expr::Nondet(t.clone())))
    }

    /// What an input function whose result `r` counts what it read wrote (`read(fd, buf, n)`,
    /// `fread(buf, size, k, f)`): exactly the bytes `buf[0 .. r)` (`r * size` for `fread`)
    /// become the environment's choice (`cminus::names::input`: the interpreter asks for
    /// each one, so a replay's bytes are its inputs), whatever the destination's type (bytes through an
    /// `unsigned char *` unless it points to one-byte integers); the bytes after them keep
    /// their values. `fread`'s partial item after the `r` whole ones (C leaves its value
    /// indeterminate) may change too: up to `size - 1` further bytes, as many as the
    /// environment chooses. A result slam cannot read as a count (`read` into an unsigned
    /// variable) gives any prefix of `buf[0 .. n)`.
    fn input_prefix(&mut self, c: Counted, args: &[Expr], r: &Lval) -> Res<()> {
        let (Some(dst), Some(bound)) = (args.get(c.buf), args.get(c.bound)) else { return Ok(()) };
        let proc = self.current_proc();
        let st = self.size_t();
        // the pointer under the conversion to the parameter's `void *`
        let own = dst.uncast();
        let (p, pt) = match (self.prog.type_of(proc.as_ref(), own), self.prog.type_of(proc.as_ref(), dst)) {
            (Some(pt @ Type::Ptr(_)), _) if matches!(pt.pointee(), Some(Type::Int { bits: 8, .. })) => {
                (own.clone(), pt)
            }
            (_, Some(Type::Ptr(_))) => {
                let b = Type::ptr(Type::int(8, false));
                (Expr::Cast(b.clone(), Box::new(dst.clone())), b)
            }
            _ => {
                return self.unsupported(
                    Span::none(),
                    "an input function writing through a value that is not a pointer is not supported",
                )
            }
        };
        let t = pt.pointee().cloned().unwrap_or(Type::CHAR);
        let p = self.keep_pointer(p, &pt)?;
        let rt = self.prog.type_of_lval(proc.as_ref(), r);
        let rv = Expr::Lval(r.clone());
        let callee = cminus::names::input(&t);
        self.funcs.entry(callee.clone()).or_insert(FuncType { ret: t.clone(), params: vec![], variadic: false });
        let put = |p: Expr, _t: Type| {
            let callee = callee.clone();
            move |l: &mut Self, i: Expr| {
                l.emit(StmtKind::Call { ret: Some(elem(&p, i)), callee: callee.clone(), args: vec![] })
            }
        };
        match (c.item, rt) {
            // read & co.: r bytes when r > 0 (the result was assumed to lie in -1 .. n)
            (None, Some(Type::Int { signed: true, .. })) => {
                let k = Expr::Cast(st.clone(), Box::new(rv.clone()));
                let pos = Expr::bin(
                    BinOp::Gt,
                    rv.clone(),
                    Expr::Cast(self.prog.type_of(proc.as_ref(), &rv).unwrap_or(Type::INT), Box::new(Expr::Int(0))),
                );
                let mut body = put(p.clone(), t.clone());
                self.emit_if(
                    pos,
                    &mut |l: &mut Self| l.each_element_upto(k.clone(), None, false, &mut body),
                    &mut |_| Ok(()),
                )
            }
            // fread: r items of `size` bytes, r <= k, then part of one more
            (Some(item), Some(rt @ Type::Int { .. })) => {
                let Some(size) = args.get(item) else { return Ok(()) };
                let size = self.keep_size(size)?;
                let nitems = match self.prog.type_of(proc.as_ref(), bound) {
                    Some(t) if t == rt => bound.clone(),
                    _ => Expr::Cast(rt.clone(), Box::new(bound.clone())),
                };
                self.emit(StmtKind::Assume(Expr::bin(BinOp::Le, rv.clone(), nitems.clone())))?;
                let bytes = self.new_temp(st.clone())?;
                let whole = Expr::bin(BinOp::Mul, Expr::Cast(st.clone(), Box::new(rv.clone())), size.clone());
                self.emit(StmtKind::Assign(Lval::var(&bytes), whole))?;
                let mut body = put(p.clone(), t.clone());
                self.each_element_upto(Expr::var(&bytes), None, false, &mut body)?;
                if super::fold(&size) == Some(1) {
                    return Ok(());
                }
                let rest = Expr::bin(BinOp::Sub, size, const_expr(1, &st));
                let at = Expr::bin(BinOp::Add, p, Expr::var(&bytes));
                let mut body = put(at.clone(), t);
                self.emit_if(
                    Expr::bin(BinOp::Lt, rv, nitems),
                    &mut |l: &mut Self| l.early_exit_loop(rest.clone(), false, &mut body),
                    &mut |_| Ok(()),
                )
            }
            // a count slam cannot read: any prefix of the n bytes (n items)
            _ => {
                let mut n = self.keep_size(bound)?;
                if let Some(size) = c.item.and_then(|k| args.get(k)) {
                    n = Expr::bin(BinOp::Mul, n, Expr::Cast(st.clone(), Box::new(size.clone())));
                }
                let mut body = put(p, t);
                self.early_exit_loop(n, false, &mut body)
            }
        }
    }

    /// `strcpy(d, "text")` (and `stpcpy`): the literal's bytes and its NUL, one assignment
    /// each — exact in every engine and in the interpreter, and loop-free. The result is
    /// `d` (`stpcpy`: the address of the NUL). `false` (nothing emitted) when the source is
    /// no string literal or a long one (the text is clobbered then).
    fn copy_literal(&mut self, n: &str, d: &Expr, src: &Expr, ret: Option<&Lval>) -> Res<bool> {
        let sl = src.uncast();
        let Expr::AddrOf(Lval::Index(b, i)) = sl else { return Ok(false) };
        let (Lval::Var(name), Expr::Int(0)) = (b.as_ref(), i.as_ref()) else { return Ok(false) };
        let Some(bytes) = self.strings.iter().find(|(_, v)| *v == name).map(|(k, _)| k.clone()) else {
            return Ok(false);
        };
        if bytes.len() > UNROLLED_BYTES {
            return Ok(false);
        }
        let dl = d.uncast();
        let proc = self.current_proc();
        // the destination's own characters where it has them (`buf` as `buf[k]`)
        let (p, t) = match self.prog.type_of(proc.as_ref(), dl) {
            Some(pt @ Type::Ptr(_)) if matches!(pt.pointee(), Some(Type::Int { bits: 8, .. })) => {
                let t = pt.pointee().cloned().unwrap_or(Type::CHAR);
                (self.keep_pointer(dl.clone(), &pt)?, t)
            }
            _ => {
                let pt = Type::ptr(Type::CHAR);
                (self.keep_pointer(Expr::Cast(pt.clone(), Box::new(d.clone())), &pt)?, Type::CHAR)
            }
        };
        for (k, b) in bytes.iter().enumerate() {
            let v = const_expr(interp::wrap(*b as i128, &t), &t);
            self.emit(StmtKind::Assign(elem(&p, Expr::Int(k as i128)), v))?;
        }
        if let Some(r) = ret {
            let rt = self.prog.type_of_lval(proc.as_ref(), r).unwrap_or(Type::ptr(Type::CHAR));
            let at = if n == "stpcpy" { Expr::bin(BinOp::Add, p, Expr::Int(bytes.len() as i128 - 1)) } else { p };
            self.emit(StmtKind::Assign(r.clone(), Expr::Cast(rt, Box::new(at))))?;
        }
        Ok(true)
    }

    /// A size argument as a `size_t` value fixed before the writes (a temporary unless it is
    /// a constant).
    fn keep_size(&mut self, size: &Expr) -> Res<Expr> {
        let st = self.size_t();
        if let Some(v) = super::fold(size) {
            return Ok(const_expr(v, &st));
        }
        let tmp = self.new_temp(st.clone())?;
        self.emit(StmtKind::Assign(Lval::var(&tmp), Expr::Cast(st, Box::new(size.clone()))))?;
        Ok(Expr::var(&tmp))
    }

    /// The characters from `p` on that a string writer without a bound writes (`strcpy`,
    /// `sprintf` into a pointer): a clobber loop of any length (`clobber_loop`: the
    /// interpreter stops there as unmodelled); "not supported" when `p` does not point to
    /// characters.
    pub(super) fn clobber_unbounded(&mut self, n: &str, p: &Expr) -> Res<()> {
        let proc = self.current_proc();
        let (p, pt) = match self.prog.type_of(proc.as_ref(), p) {
            Some(pt @ Type::Ptr(_)) if matches!(pt.pointee(), Some(Type::Int { bits: 8, .. })) => (p.clone(), pt),
            Some(Type::Ptr(_)) => {
                let c = Type::ptr(Type::CHAR);
                (Expr::Cast(c.clone(), Box::new(p.clone())), c)
            }
            _ => {
                return self.unsupported(
                    Span::none(),
                    format!("{n} writing through a pointer slam cannot bound is not supported"),
                )
            }
        };
        let t = pt.pointee().cloned().unwrap_or(Type::CHAR);
        let p = self.keep_pointer(p, &pt)?;
        let st = self.size_t();
        let all = Expr::Cast(st, Box::new(Expr::Int(-1)));
        self.clobber_loop((p.clone(), all.clone()), all, false, &mut |l: &mut Self, i: Expr| {
            l.clobber_object(elem(&p, i), &t, Span::none())
        })
    }

    /// The bytes `p[0 .. size)` a library call writes behind pointer `p` (elements of `p`'s
    /// pointee type when it has a size), clobbered.
    fn clobber_through(&mut self, n: &str, p: &Expr, size: &Expr) -> Res<()> {
        let proc = self.current_proc();
        let Some(pt @ Type::Ptr(_)) = self.prog.type_of(proc.as_ref(), p) else {
            return self.unsupported(
                Span::none(),
                format!("{n} writing through a pointer slam cannot bound is not supported"),
            );
        };
        let t = pt.pointee().cloned().unwrap_or(Type::Void);
        let tsize = self.size_align(&t).filter(|(s, _)| *s > 0 && !matches!(t, Type::Void)).map_or(0, |x| x.0);
        let st = self.size_t();
        let size = match super::fold(size) {
            Some(v) => Size::Const(v),
            None => {
                let tmp = self.new_temp(st.clone())?;
                self.emit(StmtKind::Assign(Lval::var(&tmp), Expr::Cast(st, Box::new(size.clone()))))?;
                Size::Var(Expr::var(&tmp))
            }
        };
        let p = self.keep_pointer(p.clone(), &pt)?;
        let d = MemDest { p, pt, t, tsize, size, whole: false, object: None };
        self.clobber_dest(n, &d, Span::none())
    }
}

/// Whether `e` reads the variable `l` is based on (`x` of `x`, `x.f`, `x[i]`); any
/// dereference counts as a read of it too (it may alias).
pub(super) fn reads_base(e: &Expr, l: &Lval) -> bool {
    fn base(l: &Lval) -> Option<&str> {
        match l {
            Lval::Var(v) => Some(v),
            Lval::Field(b, _) | Lval::Index(b, _) => base(b),
            Lval::Deref(_) => None,
        }
    }
    fn reads(e: &Expr, v: Option<&str>) -> bool {
        match e {
            Expr::Lval(l) | Expr::AddrOf(l) => lval_reads(l, v),
            Expr::Unary(_, a) | Expr::Cast(_, a) => reads(a, v),
            Expr::Binary(_, a, b) => reads(a, v) || reads(b, v),
            _ => false,
        }
    }
    fn lval_reads(l: &Lval, v: Option<&str>) -> bool {
        match l {
            Lval::Var(x) => v.is_none_or(|v| v == x),
            Lval::Deref(_) => true,
            Lval::Field(b, _) => lval_reads(b, v),
            Lval::Index(b, i) => lval_reads(b, v) || reads(i, v),
        }
    }
    reads(e, base(l))
}
