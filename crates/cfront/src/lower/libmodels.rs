//! Calls of C library functions with documented out-parameters (`cminus::outparams`): the
//! call is kept (rules watch it), its result is kept in a temporary and held to the
//! documented range, and on success exactly the documented object is written with values of
//! its type, each `x := __slam_out_T_f()` (`cminus::names::lib_output`): an input to every
//! stage, which the interpreter asks for and a compiled run is fed (docs/cminus.md, "Library
//! functions with out-parameters").
//!
//! ```text
//! r = fstat(fd, &st);     ~>   t := fstat(fd, &st); assume(t == 0 || t == -1);
//!                              if (t == 0) { st.st_dev := __slam_out_u64_fstat(); …
//!                                            st.st_size := __slam_out_i64_fstat(); … }
//!                              r := t;
//! ```

use super::*;
use cminus::outparams::{Out, Range, Step};

impl Lowerer<'_> {
    /// The call `ret = f(args)` of a modelled library function, with its model. `Ok(false)`
    /// (nothing emitted) when `f`'s prototype does not have the model's shape.
    pub(super) fn modelled_call(&mut self, f: &str, ret: Option<&Lval>, args: &[Expr]) -> Res<bool> {
        let Some(ft) = self.func_type_of(f) else { return Ok(false) };
        let Some(m) = cminus::outparams::applies(&self.prog, f, &ft) else { return Ok(false) };
        if args.len() != ft.params.len() {
            return Ok(false);
        }
        let rt = ft.ret.clone();
        let t = self.new_temp(rt.clone())?;
        let tv = Expr::var(&t);
        self.emit(StmtKind::Call { ret: Some(Lval::var(&t)), callee: f.to_string(), args: args.to_vec() })?;
        let minus_one = const_expr(-1, &rt);
        let success = match m.result {
            Range::ZeroOrMinusOne => {
                let zero = Expr::bin(BinOp::Eq, tv.clone(), const_expr(0, &rt));
                let failed = Expr::bin(BinOp::Eq, tv.clone(), minus_one);
                self.emit(StmtKind::Assume(Expr::bin(BinOp::Or, zero.clone(), failed)))?;
                zero
            }
            Range::AtLeastMinusOne => {
                self.emit(StmtKind::Assume(Expr::bin(BinOp::Ge, tv.clone(), minus_one)))?;
                Expr::Bool(true)
            }
            Range::Any => Expr::Bool(true),
        };
        // a NULL constant where C allows one (`time(NULL)`, `strtol(s, NULL, 10)`): nothing written
        let null_arg = |arg: usize| {
            let a = args[arg].uncast();
            *a == Expr::Int(0)
        };
        match m.out {
            Out::Object { arg } | Out::Result { arg } | Out::EndPointer { arg, .. } if null_arg(arg) => {}
            Out::Object { arg } => {
                let pt = ft.params[arg].clone();
                let obj_t = pt.pointee().cloned().unwrap_or(Type::Void);
                let p = self.keep_pointer(args[arg].clone(), &pt)?;
                let nonnull = Expr::bin(BinOp::Ne, p.clone(), Expr::Cast(pt.clone(), Box::new(Expr::Int(0))));
                let cond = match (success, matches!(p, Expr::AddrOf(_))) {
                    (s, true) => s,
                    (Expr::Bool(true), false) => nonnull,
                    (s, false) => Expr::bin(BinOp::And, s, nonnull),
                };
                let leaves = cminus::outparams::leaves(&self.prog, &obj_t).unwrap_or_default();
                self.emit_if(
                    cond,
                    &mut |l: &mut Self| {
                        let mut range = vec![];
                        for leaf in &leaves {
                            let mut lv = deref(p.clone());
                            for s in &leaf.path {
                                lv = match s {
                                    Step::Field(n) => Lval::Field(Box::new(lv), n.clone()),
                                    Step::Index(i) => Lval::Index(Box::new(lv), Box::new(Expr::Int(*i as i128))),
                                };
                            }
                            l.lib_output(f, lv.clone(), &leaf.ty)?;
                            // the member's documented range (`tv_nsec`, `st_size`)
                            if let Some((lo, hi)) = cminus::outparams::bounds(leaf) {
                                let v = Expr::Lval(lv);
                                range.push(Expr::bin(BinOp::Ge, v.clone(), const_expr(lo, &leaf.ty)));
                                if let Some(hi) = hi {
                                    range.push(Expr::bin(BinOp::Le, v, const_expr(hi, &leaf.ty)));
                                }
                            }
                        }
                        match range.into_iter().reduce(|a, b| Expr::bin(BinOp::And, a, b)) {
                            Some(c) => l.emit(StmtKind::Assume(c)),
                            None => Ok(()),
                        }
                    },
                    &mut |_| Ok(()),
                )?;
            }
            Out::Fds { arg, n } => {
                let pt = ft.params[arg].clone();
                // `fds` (`&fds[0]`) of an `int` array: its elements by index, which the
                // abstraction tracks better than writes through a pointer
                let a = args[arg].uncast();
                let proc = self.current_proc();
                let array = match a {
                    Expr::AddrOf(Lval::Index(b, i)) if **i == Expr::Int(0) => {
                        match self.prog.type_of_lval(proc.as_ref(), b) {
                            Some(Type::Array(e, Some(len))) if *e == Type::INT && len as usize >= n => {
                                Some(b.as_ref().clone())
                            }
                            _ => None,
                        }
                    }
                    _ => None,
                };
                let p = match array {
                    Some(_) => Expr::Int(0),
                    None => self.keep_pointer(args[arg].clone(), &pt)?,
                };
                self.emit_if(
                    success,
                    &mut |l: &mut Self| {
                        let fd = |i: usize| match (&array, i) {
                            (Some(b), i) => Lval::Index(Box::new(b.clone()), Box::new(Expr::Int(i as i128))),
                            (None, 0) => deref(p.clone()),
                            (None, i) => Lval::Deref(Box::new(Expr::bin(BinOp::Add, p.clone(), Expr::Int(i as i128)))),
                        };
                        for i in 0..n {
                            l.lib_output(f, fd(i), &Type::INT)?;
                        }
                        // descriptors: not negative, all different
                        let mut c = Expr::Bool(true);
                        for i in 0..n {
                            let ge = Expr::bin(BinOp::Ge, Expr::Lval(fd(i)), Expr::Int(0));
                            c = if i == 0 { ge } else { Expr::bin(BinOp::And, c, ge) };
                            for j in 0..i {
                                let ne = Expr::bin(BinOp::Ne, Expr::Lval(fd(j)), Expr::Lval(fd(i)));
                                c = Expr::bin(BinOp::And, c, ne);
                            }
                        }
                        l.emit(StmtKind::Assume(c))
                    },
                    &mut |_| Ok(()),
                )?;
            }
            Out::Result { arg } => {
                let pt = ft.params[arg].clone();
                let p = self.keep_pointer(args[arg].clone(), &pt)?;
                let nonnull = Expr::bin(BinOp::Ne, p.clone(), Expr::Cast(pt.clone(), Box::new(Expr::Int(0))));
                let v = tv.clone();
                self.emit_if(
                    nonnull,
                    &mut |l: &mut Self| l.emit(StmtKind::Assign(deref(p.clone()), v.clone())),
                    &mut |_| Ok(()),
                )?;
            }
            Out::EndPointer { arg, from } => {
                let pt = ft.params[arg].clone();
                let Some(ct @ Type::Ptr(_)) = pt.pointee().cloned() else { return Ok(true) };
                let p = self.keep_pointer(args[arg].clone(), &pt)?;
                let nonnull = Expr::bin(BinOp::Ne, p.clone(), Expr::Cast(pt.clone(), Box::new(Expr::Int(0))));
                let s = Expr::Cast(ct.clone(), Box::new(args[from].clone()));
                let long = Type::Int { bits: (cminus::layout::ptr_bytes(&self.prog) * 8) as u16, signed: true };
                self.emit_if(
                    nonnull,
                    &mut |l: &mut Self| {
                        // an offset slam does not bound: unknown to the proofs, 0 for the
                        // interpreter (`Out::EndPointer`)
                        let k = l.new_temp(long.clone())?;
                        let callee = cminus::names::unknown_write(&long);
                        l.funcs.entry(callee.clone()).or_insert(FuncType {
                            ret: long.clone(),
                            params: vec![long.clone()],
                            variadic: false,
                        });
                        l.emit(StmtKind::Call { ret: Some(Lval::var(&k)), callee, args: vec![const_expr(0, &long)] })?;
                        l.emit(StmtKind::Assume(Expr::bin(BinOp::Ge, Expr::var(&k), const_expr(0, &long))))?;
                        let end = Expr::bin(BinOp::Add, s.clone(), Expr::var(&k));
                        l.emit(StmtKind::Assign(deref(p.clone()), end))
                    },
                    &mut |_| Ok(()),
                )?;
            }
            Out::Unknown => self.havoc_unknown_call(f, args)?,
        }
        if let Some(r) = ret {
            let proc = self.current_proc();
            let v = match self.prog.type_of_lval(proc.as_ref(), r) {
                Some(lt) if lt != rt => Expr::Cast(lt, Box::new(tv)),
                _ => tv,
            };
            self.emit(StmtKind::Assign(r.clone(), v))?;
        }
        Ok(true)
    }

    /// `lv := __slam_out_T_f()`: a value the library function `f` wrote.
    pub(super) fn lib_output(&mut self, f: &str, lv: Lval, t: &Type) -> Res<()> {
        let callee = cminus::names::lib_output(f, t);
        self.funcs.entry(callee.clone()).or_insert(FuncType { ret: t.clone(), params: vec![], variadic: false });
        self.emit(StmtKind::Call { ret: Some(lv), callee, args: vec![] })
    }

    /// `ret = __errno_location()` (glibc's `errno` is `*__errno_location()`): the address of
    /// one `int` object (`names::ERRNO`, 0 at startup as C says), never NULL. What library
    /// calls write into it is [`errno_set_by_library_calls`]'s.
    pub(super) fn errno_location(&mut self, ret: Option<&Lval>) -> Res<()> {
        let name = cminus::names::ERRNO;
        if !self.prog.globals.iter().any(|g| g.name == name) {
            self.prog.globals.push(Var {
                name: name.to_string(),
                c_name: name.to_string(),
                ty: Type::INT,
                loc: self.cur_loc,
                init: Init::Zero,
            });
        }
        if let Some(r) = ret {
            self.emit(StmtKind::Assign(r.clone(), Expr::AddrOf(Lval::var(name))))?;
        }
        Ok(())
    }
}

/// After every call of a C library function (a function without a body in the program), in
/// a program that uses `errno`: `__slam_errno := __slam_out_i32_errno()` — C lets any library
/// function set `errno` (C11 7.5p3: to a nonzero value, error or not, unless its description
/// says otherwise), so after one it holds a value the library chose: an input to every stage
/// that the interpreter asks for and a compiled run does not control (`names::lib_output`).
/// Between library calls `errno` holds what the program wrote. slam's own functions
/// (`__slam_…`), inputs (`__VERIFIER_…`) and builtins set nothing.
pub(crate) fn errno_set_by_library_calls(p: &mut Program) {
    let errno = cminus::names::ERRNO;
    if !p.globals.iter().any(|g| g.name == errno) {
        return;
    }
    let written = cminus::names::lib_output("errno", &Type::INT);
    let library = |p: &Program, callee: &str| {
        p.proc(callee).is_none()
            && !callee.starts_with("__slam")
            && !callee.starts_with("__VERIFIER_")
            && !callee.starts_with("__builtin")
            && callee != "__errno_location"
    };
    for pi in 0..p.procs.len() {
        let mut k = 0;
        while k < p.procs[pi].body.len() {
            let st = &p.procs[pi].body[k];
            let call = matches!(&st.kind, StmtKind::Call { callee, .. } if library(p, callee));
            if call {
                let loc = st.loc;
                let id = p.fresh_stmt_id();
                let set = Stmt {
                    id,
                    loc,
                    labels: vec![],
                    kind: StmtKind::Call { ret: Some(Lval::var(errno)), callee: written.clone(), args: vec![] },
                };
                p.procs[pi].body.insert(k + 1, set);
                k += 1;
            }
            k += 1;
        }
    }
    if p.extern_fn(&written).is_none() {
        p.externs
            .push(cminus::Extern { name: written, ty: FuncType { ret: Type::INT, params: vec![], variadic: false } });
    }
}

impl Lowerer<'_> {
    /// `r = abs(x)` (`labs`, `llabs`) of a function the program does not define: `x` when it is
    /// not negative, else `-x` — exactly glibc's result, and for the most negative value the
    /// negation's signed overflow, undefined as C says (the interpreter stops there). The call
    /// itself is not kept (no rule watches a pure function). `Ok(false)` (nothing emitted) for
    /// another shape of call.
    pub(super) fn abs_call(&mut self, f: &str, ret: Option<&Lval>, args: &[Expr]) -> Res<bool> {
        let ([x], "abs" | "labs" | "llabs") = (args, f) else { return Ok(false) };
        let Some(ft) = self.func_type_of(f) else { return Ok(false) };
        let (t @ Type::Int { signed: true, .. }, [Type::Int { .. }]) = (&ft.ret, ft.params.as_slice()) else {
            return Ok(false);
        };
        let Some(r) = ret else { return Ok(true) };
        let x = Expr::Cast(t.clone(), Box::new(x.clone()));
        let negative = Expr::bin(BinOp::Lt, x.clone(), const_expr(0, t));
        let minus = Expr::Unary(UnOp::Neg, Box::new(x.clone()));
        self.emit_if(
            negative,
            &mut |l: &mut Self| l.emit(StmtKind::Assign(r.clone(), minus.clone())),
            &mut |l: &mut Self| l.emit(StmtKind::Assign(r.clone(), x.clone())),
        )?;
        Ok(true)
    }
}
