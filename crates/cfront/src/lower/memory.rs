//! The library functions that write memory through their arguments: `memset`, `bzero`,
//! `memcpy`, `memmove` (and their `__builtin_` forms). An external function never writes
//! memory, so left external they would be silently dropped (`x = 1; memset(&x, 0, 4);` would
//! keep `x == 1`). The cases C-- expresses exactly are lowered to assignments: whole objects
//! (or arrays of them, in a loop) of a known type, a constant size that is a multiple of the
//! object's size, and for `memset` a byte pattern that fits every scalar in the object. Anything else
//! is "not supported". The call itself is kept before the assignments (SLIC rules watch it).

use super::{const_expr, Lowerer, Res, Want};
use cminus::*;
use lang_c::ast::*;
use lang_c::span::{Node, Span};

/// The most scalar assignments one call may become.
const MAX_LEAVES: usize = 4096;

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

/// The destination of a memory function: pointer `p` (of type `pt`) to `count` objects of
/// type `t`, `size` bytes in all.
#[derive(Clone)]
struct MemDest {
    p: Expr,
    pt: Type,
    t: Type,
    count: usize,
    size: i128,
}

impl Lowerer<'_> {
    /// `memcpy`, `memmove`, `memset` and `bzero` (and their `__builtin_` forms) with a
    /// constant size over whole objects: the library call, then its effect as assignments.
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
        let unsupported = |s: &Self, why: &str| s.unsupported(span, format!("{n} {why} is not supported"));
        let size_arg = &args[nargs - 1];
        let size = match self.const_int(size_arg) {
            Ok(v) => v,
            Err(_) => return unsupported(self, "with a size that is not a constant"),
        };
        // the destination: an object of type t, a pointer p to it
        let (p, pt) = self.rv(uncast(&args[0]))?;
        let Type::Ptr(t) = pt.clone() else { return self.err(args[0].span, format!("{n} needs a pointer")) };
        let t = *t;
        let Some((tsize, _)) = self.size_align(&t).filter(|(s, _)| *s > 0 && !matches!(t, Type::Void)) else {
            return unsupported(self, &format!("on an object of type {}", print::type_str(&t)));
        };
        if size < 0 || !(size as u64).is_multiple_of(tsize) {
            return unsupported(self, &format!("of {size} bytes over objects of {tsize} bytes"));
        }
        let count = (size as u64 / tsize) as usize;
        self.set_loc(span);
        let p = self.keep_pointer(p, &pt)?;
        let d = MemDest { p: p.clone(), pt: pt.clone(), t, count, size };
        if base == "memcpy" || base == "memmove" {
            self.mem_copy(n, base, &args[1], &d, span)?;
        } else {
            self.mem_fill(n, base, args, &d, span)?;
        }
        if base.ends_with("bzero") {
            return self.value_for_want(Expr::Int(0), Type::Void, want, span);
        }
        let vp = Type::ptr(Type::Void);
        let r = self.conv(p, &pt, &vp, span)?;
        self.value_for_want(r, vp, want, span)
    }

    /// `memcpy`/`memmove` from `src`, of the same pointer type as the destination: member
    /// by member where the object has only scalars, for `memmove` away from the overlap.
    fn mem_copy(&mut self, n: &str, base: &str, src: &Node<Expression>, d: &MemDest, span: Span) -> Res<()> {
        let unsupported = |s: &Self, why: &str| s.unsupported(span, format!("{n} {why} is not supported"));
        let MemDest { p, pt, t, count, size } = d.clone();
        let (s, st) = self.rv(uncast(src))?;
        if st != pt {
            return unsupported(self, &format!("from {} to {}", print::type_str(&st), print::type_str(&pt)));
        }
        self.set_loc(span);
        let s = self.keep_pointer(s, &st)?;
        let vp = Type::ptr(Type::Void);
        let call_args = vec![self.conv(p.clone(), &pt, &vp, span)?, self.conv(s.clone(), &st, &vp, span)?];
        self.library_call(n, call_args, size)?;
        let (p2, s2) = (p.clone(), s.clone());
        let t2 = t.clone();
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
        if base == "memmove" && count > 1 {
            // overlapping objects: copy away from the overlap
            let forward = Expr::bin(BinOp::Le, p.clone(), s.clone());
            self.emit_if(forward, &mut |l: &mut Self| l.each_element(count, false, &mut copy), &mut |l: &mut Self| {
                l.each_element(count, true, &mut copy2)
            })?;
        } else {
            self.each_element(count, false, &mut copy)?;
        }
        Ok(())
    }

    /// `memset` (with a byte value that fills each scalar with a known value) or `bzero`.
    fn mem_fill(&mut self, n: &str, base: &str, args: &[Node<Expression>], d: &MemDest, span: Span) -> Res<()> {
        let unsupported = |s: &Self, why: &str| s.unsupported(span, format!("{n} {why} is not supported"));
        let MemDest { p, pt, t, count, size } = d.clone();
        let vp = Type::ptr(Type::Void);
        let mut call_args = vec![self.conv(p.clone(), &pt, &vp, span)?];
        let byte = if base == "memset" {
            let (v, vt) = self.rv(&args[1])?;
            call_args.push(self.conv(v.clone(), &vt, &Type::INT, args[1].span)?);
            let v = self.conv(v, &vt, &Type::int(8, false), args[1].span)?;
            self.set_loc(span);
            v
        } else {
            Expr::Int(0)
        };
        // the assignments of one object, checked before any code is emitted
        let mut leaves = vec![];
        if !self.scalar_leaves(elem(&p, Expr::Int(0)), &t, &mut leaves) {
            return unsupported(self, &format!("of an object of type {}", print::type_str(&t)));
        }
        for (_, lt) in &leaves {
            if self.byte_pattern(&byte, lt).is_none() {
                return unsupported(self, &format!("of this byte value into a {}", print::type_str(lt)));
            }
        }
        self.library_call(n, call_args, size)?;
        let p2 = p.clone();
        self.each_element(count, false, &mut |l: &mut Self, i: Expr| {
            let mut leaves = vec![];
            l.scalar_leaves(elem(&p2, i), &t, &mut leaves);
            for (lv, lt) in leaves {
                let v = l.byte_pattern(&byte, &lt).unwrap_or(Expr::Int(0));
                l.emit(StmtKind::Assign(lv, v))?;
            }
            Ok(())
        })?;
        Ok(())
    }

    /// The call itself stays, as a call of an external function (which writes nothing): SLIC
    /// rules watch calls of `memcpy` & co.; the assignments that follow are its effect.
    fn library_call(&mut self, n: &str, mut args: Vec<Expr>, size: i128) -> Res<()> {
        let st = self.size_t();
        args.push(const_expr(size, &st));
        self.emit(StmtKind::Call { ret: None, callee: n.to_string(), args })
    }

    /// `body(i)` for every element index `i` in `0..count`: straight for one object, else a
    /// loop (upwards, or downwards for `memmove` onto a higher address).
    pub(super) fn each_element(
        &mut self,
        count: usize,
        backward: bool,
        body: &mut dyn FnMut(&mut Self, Expr) -> Res<()>,
    ) -> Res<()> {
        if count == 1 {
            return body(self, Expr::Int(0));
        }
        let i = self.new_temp(Type::INT)?;
        let k = Expr::Int(count as i128);
        let iv = Expr::var(&i);
        let (head, stay, leave) = (self.fresh_label(), self.fresh_label(), self.fresh_label());
        self.emit(StmtKind::Assign(Lval::var(&i), if backward { k.clone() } else { Expr::Int(0) }))?;
        self.place_label(&head);
        self.emit(StmtKind::Goto(vec![stay.clone(), leave.clone()]))?;
        self.place_label(&stay);
        if backward {
            self.emit(StmtKind::Assume(Expr::bin(BinOp::Gt, iv.clone(), Expr::Int(0))))?;
            self.emit(StmtKind::Assign(Lval::var(&i), Expr::bin(BinOp::Sub, iv.clone(), Expr::Int(1))))?;
            body(self, iv.clone())?;
        } else {
            self.emit(StmtKind::Assume(Expr::bin(BinOp::Lt, iv.clone(), k.clone())))?;
            body(self, iv.clone())?;
            self.emit(StmtKind::Assign(Lval::var(&i), Expr::bin(BinOp::Add, iv.clone(), Expr::Int(1))))?;
        }
        self.goto(&head)?;
        self.place_label(&leave);
        let done = if backward { Expr::bin(BinOp::Le, iv, Expr::Int(0)) } else { Expr::bin(BinOp::Ge, iv, k) };
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

    /// The scalar parts of an object (every member of a union too: all its bytes are set).
    /// `false` when an object has a part that is not a complete scalar, struct or array, or too
    /// many parts.
    pub(super) fn scalar_leaves(&self, l: Lval, t: &Type, out: &mut Vec<(Lval, Type)>) -> bool {
        if out.len() > MAX_LEAVES {
            return false;
        }
        match t {
            Type::Int { .. } | Type::Bool | Type::Ptr(_) => {
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
/// not express: the name, the first written argument, and whether every later pointer
/// argument is written too (`scanf`'s `&x`, …). Left external they would write nothing.
const WRITERS: &[(&str, usize, bool)] = &[
    ("strcpy", 0, false),
    ("stpcpy", 0, false),
    ("strncpy", 0, false),
    ("strcat", 0, false),
    ("strncat", 0, false),
    ("sprintf", 0, false),
    ("snprintf", 0, false),
    ("vsprintf", 0, false),
    ("vsnprintf", 0, false),
    ("fgets", 0, false),
    ("gets", 0, false),
    ("fread", 0, false),
    ("read", 1, false),
    ("pread", 1, false),
    ("recv", 1, false),
    ("recvfrom", 1, false),
    ("sscanf", 2, true),
    ("fscanf", 2, true),
    ("scanf", 1, true),
];

/// Whether `n` is one of the [`WRITERS`].
pub(super) fn is_writer(n: &str) -> bool {
    WRITERS.iter().any(|w| w.0 == n)
}

impl Lowerer<'_> {
    /// After a call of one of the [`WRITERS`]: what it may write becomes unknown — every
    /// character of a destination `char` array, the scalar behind `&x`. A destination slam
    /// cannot follow (a pointer to an object of unknown size) is "not supported", never
    /// silently left unchanged.
    pub(super) fn havoc_written(&mut self, n: &str, args: &[Expr]) -> Res<()> {
        let Some(&(_, first, rest)) = WRITERS.iter().find(|w| w.0 == n) else { return Ok(()) };
        let last = if rest { args.len() } else { (first + 1).min(args.len()) };
        for a in args.iter().take(last).skip(first) {
            let mut a = a;
            while let Expr::Cast(_, inner) = a {
                a = inner;
            }
            let Expr::AddrOf(l) = a else {
                return self.unsupported(Span::none(), format!("{n} writes through a pointer slam cannot follow"));
            };
            // `buf` decays to `&buf[0]`; `&buf` and `&x` name the object itself
            let (obj, at_start) = match l {
                Lval::Index(b, i) if **i == Expr::Int(0) => (b.as_ref().clone(), true),
                l => (l.clone(), false),
            };
            let proc = self.current_proc();
            let ty = self.prog.type_of_lval(proc.as_ref(), &obj);
            match ty {
                Some(Type::Array(e, Some(len))) if matches!(*e, Type::Int { bits: 8, .. }) => {
                    for i in 0..(len as usize).min(MAX_LEAVES) {
                        let item = Lval::Index(Box::new(obj.clone()), Box::new(Expr::Int(i as i128)));
                        self.emit(StmtKind::Assign(item, Expr::Nondet((*e).clone())))?;
                    }
                    if len as usize > MAX_LEAVES {
                        return self.unsupported(Span::none(), format!("{n} into an array of {len} characters"));
                    }
                }
                // `&x` of scanf & co. (a string writer needs the whole array)
                Some(t) if t.is_scalar() && rest && !at_start => self.emit(StmtKind::Assign(obj, Expr::Nondet(t)))?,
                _ => return self.unsupported(Span::none(), format!("{n} writes through a pointer slam cannot follow")),
            }
        }
        Ok(())
    }
}
