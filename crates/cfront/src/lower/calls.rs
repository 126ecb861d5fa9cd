//! Calls: direct, through function pointers, to externals and to the error functions.

use super::*;

/// The function a call names (`None`: a call through a pointer), or (`Break`) the result
/// of a call that a builtin lowered.
type Callee = std::ops::ControlFlow<Option<(Expr, Type)>, Option<String>>;

impl<'o> Lowerer<'o> {
    // ---------------------------------------------------------------- calls

    pub(super) fn func_type_of(&self, name: &str) -> Option<FuncType> {
        self.funcs.get(name).cloned()
    }

    pub(super) fn call(&mut self, c: &Node<CallExpression>, span: Span, want: Want) -> Res<Option<(Expr, Type)>> {
        let callee = &c.node.callee;
        let args = &c.node.arguments;
        let direct = match self.direct_callee(c, span, &want)? {
            std::ops::ControlFlow::Break(r) => return Ok(r),
            std::ops::ControlFlow::Continue(d) => d,
        };
        let (fp, ft) = self.callee_type(callee, &direct)?;
        let vals = self.call_args(args, &ft)?;
        if ft.params.len() > args.len() && !ft.params.is_empty() {
            return self.err(span, format!("too few arguments in call (expected {})", ft.params.len()));
        }
        self.set_loc(span);
        let (ret_lv, result) = match want {
            Want::Effect => (None, None),
            Want::Into(l, t) => {
                if ft.ret == Type::Void {
                    return self.err(span, "void value used in an assignment");
                }
                if t == ft.ret {
                    (Some(l), None)
                } else {
                    let tmp = self.new_temp(ft.ret.clone())?;
                    self.emit_call(direct.clone(), fp.clone(), Some(Lval::Var(tmp.clone())), vals, &ft)?;
                    let v = self.conv(Expr::Lval(Lval::Var(tmp)), &ft.ret, &t, span)?;
                    self.emit(StmtKind::Assign(l, v))?;
                    return Ok(None);
                }
            }
            Want::Value => {
                if ft.ret == Type::Void {
                    (None, Some((Expr::Int(0), Type::Void)))
                } else {
                    let tmp = self.new_temp(ft.ret.clone())?;
                    (Some(Lval::Var(tmp.clone())), Some((Expr::Lval(Lval::Var(tmp)), ft.ret.clone())))
                }
            }
        };
        self.emit_call(direct, fp, ret_lv, vals, &ft)?;
        Ok(result)
    }

    /// The function a call names directly (`None`: a call through a pointer), declaring an
    /// unknown name implicitly; `Break` with the result when a builtin lowered the call.
    fn direct_callee(&mut self, c: &Node<CallExpression>, span: Span, want: &Want) -> Res<Callee> {
        use std::ops::ControlFlow::{Break, Continue};
        let callee = &c.node.callee;
        let mut direct: Option<String> = None;
        if let Expression::Identifier(id) = &callee.node {
            let mut n = id.node.name.clone();
            // gcc's `__builtin_memcmp` is the library's `memcmp` (unless this program defines
            // a `memcmp` of its own: then which one gcc calls is gcc's choice)
            if let Some(plain) = library_builtin(&n) {
                if !self.defined_fns.contains(plain) && self.lookup(&n).is_none() {
                    n = plain.to_string();
                }
            }
            match self.lookup(&n) {
                Some(Sym::Var { .. }) => {}
                Some(Sym::Func(f)) => direct = Some(f.clone()),
                Some(_) => return self.err(callee.span, format!("'{n}' is not a function")),
                None => {
                    if let Some(r) = self.builtin_call(&n, c, span, want)? {
                        return Ok(Break(r));
                    }
                    self.check_unmodelled(&n, callee.span)?;
                    // implicit declaration: int n(), except that gcc gives a library
                    // function it knows its own return type (`malloc` returns a pointer)
                    let ret = match implicit_builtin_return(&n) {
                        Some(t) => t,
                        // the length functions count in `size_t` (a negative length would
                        // read before the string)
                        None if matches!(n.as_str(), "strlen" | "strnlen" | "strspn" | "strcspn") => self.size_t(),
                        None => Type::INT,
                    };
                    self.funcs.entry(n.clone()).or_insert(FuncType { ret, params: vec![], variadic: true });
                    direct = Some(n);
                }
            }
            if let Some(f) = &direct {
                // the error functions are the error whatever their body
                if !self.defined_fns.contains(f) || exit::is_error_fn(f) {
                    if let Some(r) = self.builtin_call(f, c, span, want)? {
                        return Ok(Break(r));
                    }
                    self.check_unmodelled(f, callee.span)?;
                }
            }
        }
        Ok(Continue(direct))
    }

    /// `fork()`/`vfork()`: -1 (no child), 0 (in the child) or a child's id, chosen
    /// nondeterministically. Each process goes on with a copy of the state (the rule's too),
    /// so one run of the model is one process's run, the child's or the parent's — what a
    /// rule about one process's own calls (locks, files, memory) is about. Properties *across*
    /// processes (a descriptor the child closes is still open in the parent — which this
    /// gets right — or memory shared with `MAP_SHARED`) are not what SLIC rules state.
    fn fork_result(&mut self, ret: Option<&Lval>) -> Res<()> {
        let Some(r) = ret else { return Ok(()) };
        let proc = self.current_proc();
        if let Some(rt @ Type::Int { signed: true, .. }) = self.prog.type_of_lval(proc.as_ref(), r) {
            let lo = Expr::bin(BinOp::Ge, Expr::Lval(r.clone()), super::const_expr(-1, &rt));
            self.emit(StmtKind::Assume(lo))?;
        }
        Ok(())
    }

    /// The called value and its function type: the function itself for a direct call, else
    /// the callee expression, which must be a pointer to a function.
    fn callee_type(&mut self, callee: &Node<Expression>, direct: &Option<String>) -> Res<(Expr, FuncType)> {
        Ok(match direct {
            Some(f) => (
                Expr::FuncAddr(f.clone()),
                self.func_type_of(f).unwrap_or(FuncType { ret: Type::INT, params: vec![], variadic: true }),
            ),
            None => {
                let (fp, t) = self.rv(callee)?;
                match t {
                    Type::Ptr(inner) => match *inner {
                        Type::Func(ft) => (fp, *ft),
                        t => {
                            return self.err(
                                callee.span,
                                format!("called object of type {} is not a function", print::type_str(&Type::ptr(t))),
                            )
                        }
                    },
                    t => {
                        return self.err(
                            callee.span,
                            format!("called object of type {} is not a function", print::type_str(&t)),
                        )
                    }
                }
            }
        })
    }

    /// The arguments converted to the parameter types; those past the parameters (variadic
    /// or unprototyped) get the default promotions.
    fn call_args(&mut self, args: &[Node<Expression>], ft: &FuncType) -> Res<Vec<Expr>> {
        let mut vals = vec![];
        for (i, a) in args.iter().enumerate() {
            let (v, t) = self.rv(a)?;
            let v = match ft.params.get(i) {
                Some(pt) => match self.transparent_union_member(pt) {
                    // a pointer passed for glibc's `__SOCKADDR_ARG`: the pointer itself
                    Some(m) if t.is_pointer() => self.conv(v, &t, &m, a.span)?,
                    _ => self.conv(v, &t, pt, a.span)?,
                },
                None => {
                    let (v, t) = self.bool_to_int(v, t);
                    let pt = match &t {
                        t if t.is_integer() => promote(t),
                        Type::Float { bits: 32 } => Type::Float { bits: 64 },
                        t => t.clone(),
                    };
                    self.conv(v, &t, &pt, a.span)?
                }
            };
            vals.push(v);
        }
        Ok(vals)
    }

    /// Whether the function being lowered is variadic.
    pub(super) fn current_variadic(&self) -> bool {
        self.f.as_ref().and_then(|f| self.funcs.get(&f.name)).is_some_and(|ft| ft.variadic)
    }

    /// The reader state of the current (variadic) function for `va_list` `ap`: its cursor and
    /// argument copy are made on first use. A second `va_list` is not supported (the model
    /// keeps one cursor per function).
    pub(super) fn va_reader(&mut self, ap: &Node<Expression>, span: Span) -> Res<VaReader> {
        let fname = self.f.as_ref().map(|f| f.name.clone()).unwrap_or_default();
        let (l, _) = self.lv(ap)?;
        let text = print::print_lval(&l);
        if !self.va_readers.contains_key(&fname) {
            let cursor = self.new_local(&cminus::names::va_cursor(&fname), Type::INT);
            let arr = Type::Array(Box::new(Type::int(64, true)), Some(cminus::names::VA_MAX as u64));
            let locals = self.new_local(&cminus::names::va_locals(&fname), arr);
            let loc = self.cur_loc;
            self.va_readers.insert(fname.clone(), VaReader { ap: None, cursor, locals, loc });
        }
        let r = self.va_readers.get_mut(&fname).expect("inserted");
        match &r.ap {
            Some(a) if *a != text => {
                return self.unsupported(span, "a second va_list in one variadic function is not supported")
            }
            Some(_) => {}
            None => r.ap = Some(text),
        }
        Ok(r.clone())
    }

    /// `va_arg(ap, T)` in a variadic function: the next of the arguments the call passed
    /// (each call fills `names::va_args(f)`, the function copies it at entry, see
    /// `functions::pass_variadic_args`), as a `T`. Pointers and floating-point values are
    /// kept as they are (the cell holds the pointer, or the bit pattern of the `double`);
    /// integers are converted. Elsewhere (a function handed a `va_list`) it is not supported.
    pub(super) fn va_arg(&mut self, v: &Node<VaArgExpression>, span: Span) -> Res<(Expr, Type)> {
        if !self.current_variadic() {
            return self.unsupported(span, "va_arg outside the variadic function is not supported");
        }
        let t = self.type_name(&v.node.type_name)?;
        if !t.is_scalar() {
            return self.unsupported(span, "va_arg of an aggregate is not supported");
        }
        let r = self.va_reader(&v.node.va_list, span)?;
        self.set_loc(span);
        let tmp = self.new_temp(t.clone())?;
        let item = Lval::Index(Box::new(Lval::var(&r.locals)), Box::new(Expr::Lval(Lval::var(&r.cursor))));
        let value = match &t {
            Type::Int { .. } | Type::Bool => Expr::Cast(t.clone(), Box::new(Expr::Lval(item))),
            // the pointer or the bit pattern itself (`double` arguments are stored as bits)
            _ => Expr::Cast(t.clone(), Box::new(Expr::Lval(item))),
        };
        self.emit(StmtKind::Assign(Lval::var(&tmp), value))?;
        let next = Expr::bin(BinOp::Add, Expr::Lval(Lval::var(&r.cursor)), Expr::Int(1));
        self.emit(StmtKind::Assign(Lval::var(&r.cursor), next))?;
        Ok((Expr::Lval(Lval::var(&tmp)), t))
    }

    /// The member a pointer argument is passed as when the parameter has the shape of a GNU
    /// `transparent_union` (a union of pointers, as glibc's `__SOCKADDR_ARG` for `bind`,
    /// `accept`, `getpeername`…): the first, which the ABI passes (ISO C cannot pass a pointer
    /// for a union parameter, so the shape is enough to tell).
    pub(super) fn transparent_union_member(&self, t: &Type) -> Option<Type> {
        let Type::Struct(u) = t else { return None };
        let d = self.prog.struct_def(u)?;
        (d.is_union && d.complete && !d.fields.is_empty() && d.fields.iter().all(|f| f.ty.is_pointer()))
            .then(|| d.fields[0].ty.clone())
    }

    pub(super) fn emit_call(
        &mut self,
        direct: Option<String>,
        fp: Expr,
        ret: Option<Lval>,
        args: Vec<Expr>,
        ft: &FuncType,
    ) -> Res<()> {
        match direct {
            Some(f) if f == "realloc" && args.len() == 2 && !self.defined_fns.contains(&f) => {
                // glibc's realloc(p, 0) with p not NULL frees the block and returns NULL
                // (C17 7.22.3.5p3 leaves it to the implementation); realloc(NULL, 0) is
                // malloc(0), and every other call the allocation
                let null = Expr::Cast(Type::ptr(Type::Void), Box::new(Expr::Int(0)));
                let zero = super::const_expr(0, &self.size_t());
                let frees = Expr::bin(
                    BinOp::And,
                    Expr::bin(BinOp::Ne, args[0].clone(), null),
                    Expr::bin(BinOp::Eq, args[1].clone(), zero),
                );
                let declared_free = self.funcs.contains_key("free");
                let (old, ret_then, rt) = (args[0].clone(), ret.clone(), ft.ret.clone());
                let (ret_else, args_else) = (ret, args);
                self.emit_if(
                    frees,
                    &mut |s| {
                        if declared_free {
                            s.emit(StmtKind::Call { ret: None, callee: "free".into(), args: vec![old.clone()] })?;
                        }
                        match &ret_then {
                            Some(r) => {
                                s.emit(StmtKind::Assign(r.clone(), Expr::Cast(rt.clone(), Box::new(Expr::Int(0)))))
                            }
                            None => Ok(()),
                        }
                    },
                    &mut |s| s.direct_call(&f, ret_else.clone(), args_else.clone()),
                )
            }
            Some(f) => self.direct_call(&f, ret, args),
            None => {
                let k = self.indirect.len();
                let proc = self.f.as_ref().map(|f| f.name.clone()).unwrap_or_default();
                self.indirect.push(IndirectCall { proc, fp, args: args.clone(), ret: ret.clone() });
                self.emit(StmtKind::Call { ret, callee: format!("#indirect{k}"), args })
            }
        }
    }

    /// A call of the function `f` by name, with what a library function writes.
    fn direct_call(&mut self, f: &str, ret: Option<Lval>, args: Vec<Expr>) -> Res<()> {
        let f = f.to_string();
        let writes = !self.defined_fns.contains(&f);
        // a writer's size argument as it is at the call, whatever its result overwrites
        let mut args = args;
        // an input function's result counts what it wrote: kept, also when the program drops it
        let ret = match (ret, memory::counted_input(&f)) {
            (None, Some(_)) if writes => {
                let t = self.funcs.get(&f).map_or(Type::INT, |ft| ft.ret.clone());
                Some(Lval::var(&self.new_temp(t)?))
            }
            (ret, _) => ret,
        };
        let bound = memory::size_arg(&f).or(memory::counted_input(&f).map(|c| c.bound()));
        if let (true, Some(r), Some(k)) = (writes, ret.as_ref(), bound) {
            if args.get(k).is_some_and(|a| memory::reads_base(a, r)) {
                let st = self.size_t();
                let tmp = self.new_temp(st.clone())?;
                self.emit(StmtKind::Assign(Lval::var(&tmp), Expr::Cast(st, Box::new(args[k].clone()))))?;
                args[k] = Expr::var(&tmp);
            }
        }
        // the arguments a model reads after the call as they were before it: the result may
        // overwrite a variable they read (`p = strcpy(p, s)`)
        if let (true, Some(r)) = (writes && (memory::is_writer(&f) || f == "strlen"), ret.as_ref()) {
            let proc = self.current_proc();
            for a in args.iter_mut().filter(|a| memory::reads_base(a, r)) {
                let Some(t) = self.prog.type_of(proc.as_ref(), a) else { continue };
                let tmp = self.new_temp(t)?;
                self.emit(StmtKind::Assign(Lval::var(&tmp), a.clone()))?;
                *a = Expr::var(&tmp);
            }
        }
        // glibc's `errno` (`*__errno_location()`): one int object, never NULL
        if writes && f == "__errno_location" && args.is_empty() {
            return self.errno_location(ret.as_ref());
        }
        if writes && self.abs_call(&f, ret.as_ref(), &args)? {
            return Ok(());
        }
        // <ctype.h> in the "C" locale (`lower/ctype.rs`)
        if writes && self.c_locale && self.ctype_call(&f, ret.as_ref(), &args)? {
            return Ok(());
        }
        // a C library function with documented out-parameters (`cminus::outparams`)
        if writes && self.modelled_call(&f, ret.as_ref(), &args)? {
            return Ok(());
        }
        if let (true, "strlen", Some(r), [s]) = (writes, f.as_str(), ret.as_ref(), args.as_slice()) {
            if self.strlen_call(&f, r, s)? {
                return Ok(());
            }
        }
        if let (true, Some(r)) = (writes, ret.as_ref()) {
            if self.compare_call(&f, r, &args)? {
                return Ok(());
            }
        }
        self.emit(StmtKind::Call { ret: ret.clone(), callee: f.clone(), args: args.clone() })?;
        if writes {
            if memory::is_writer(&f) {
                self.havoc_written(&f, &args, ret.as_ref())?;
            } else {
                self.havoc_unknown_call(&f, &args)?;
            }
            self.allocated_through_first(&f, &args, ret.as_ref())?;
            if matches!(f.as_str(), "fork" | "vfork") {
                self.fork_result(ret.as_ref())?;
            }
        }
        Ok(())
    }

    /// Calls with a meaning of their own (verification conventions, GNU builtins).
    /// `Ok(None)`: not a builtin.
    pub(super) fn builtin_call(
        &mut self,
        n: &str,
        c: &Node<CallExpression>,
        span: Span,
        want: &Want,
    ) -> Res<Option<Option<(Expr, Type)>>> {
        let args = &c.node.arguments;
        let void_result = |want: &Want| match want {
            Want::Value => Some((Expr::Int(0), Type::Void)),
            _ => None,
        };
        if let Some(r) = self.gnu_builtin(n, c, span, want)? {
            return Ok(Some(r));
        }
        // under unreach-call a failed assertion ends the run like abort()
        let asserts_halt = self.property != Property::Assertions;
        match n {
            "reach_error" | "__VERIFIER_error" if !self.property.reach_error_is_error() => {
                self.end_with(args, span, StmtKind::Halt)?;
                Ok(Some(void_result(want)))
            }
            "reach_error" | "__VERIFIER_error" => {
                self.end_with(args, span, StmtKind::Error(n.to_string()))?;
                Ok(Some(void_result(want)))
            }
            "__assert_fail" | "__assert" | "__assert_rtn" | "_assert" | "__assert_func" if asserts_halt => {
                self.end_with(args, span, StmtKind::Halt)?;
                Ok(Some(void_result(want)))
            }
            "__assert_fail" | "__assert" | "__assert_rtn" | "_assert" | "__assert_func" => {
                let msg = assert_fail_message(args);
                self.set_loc(span);
                self.emit(StmtKind::Error(msg))?;
                Ok(Some(void_result(want)))
            }
            "assert" | "__VERIFIER_assert" => {
                self.assert_call(n, args, span, asserts_halt)?;
                Ok(Some(void_result(want)))
            }
            "exit" => {
                for a in args {
                    self.effect(a)?;
                }
                self.set_loc(span);
                self.run_atexit_handlers()?;
                self.emit(StmtKind::Halt)?;
                Ok(Some(void_result(want)))
            }
            "abort"
            | "pthread_exit"
            | "thrd_exit"
            | "quick_exit"
            | "_exit"
            | "_Exit"
            | "__builtin_abort"
            | "__builtin_trap"
            | "__builtin_unreachable"
            | "__VERIFIER_silent_exit"
            | "panic"
            | "BUG"
            | "KeBugCheck"
            | "KeBugCheckEx" => {
                self.end_with(args, span, StmtKind::Halt)?;
                Ok(Some(void_result(want)))
            }
            "__VERIFIER_assume" | "__CPROVER_assume" | "assume_abort_if_not" | "__builtin_assume" => {
                self.assume_call(n, args, span)?;
                Ok(Some(void_result(want)))
            }
            "__builtin_expect" | "__builtin_expect_with_probability" => {
                let Some(a0) = args.first() else {
                    return self.err(span, "__builtin_expect needs arguments");
                };
                for a in &args[1..] {
                    self.effect(a)?;
                }
                let r = self.rv_for_want(a0, want)?;
                Ok(Some(r))
            }
            // 1 for an integer constant expression, as gcc folds it (also at -O0); 0 otherwise,
            // which gcc's documentation allows for anything it does not fold
            "__builtin_constant_p" => {
                let k = args.first().is_some_and(|a| self.const_int(a).is_ok());
                Ok(Some(self.value_for_want(Expr::Int(k as i128), Type::INT, want, span)?))
            }
            _ if is_nondet_name(n) => Ok(Some(self.nondet_call(n, args, span, want)?)),
            _ => Ok(None),
        }
    }

    /// The arguments evaluated for their effects, then statement `kind` (the call's end:
    /// an error or a halt).
    fn end_with(&mut self, args: &[Node<Expression>], span: Span, kind: StmtKind) -> Res<()> {
        for a in args {
            self.effect(a)?;
        }
        self.set_loc(span);
        self.emit(kind)
    }

    /// `assert(c)`: where `c` is false, the error (or, when `halt`, the end of the run).
    fn assert_call(&mut self, n: &str, args: &[Node<Expression>], span: Span, halt: bool) -> Res<()> {
        let Some(cond) = args.first() else {
            return self.err(span, format!("{n} needs one argument"));
        };
        let msg = "assertion failed".to_string();
        self.gen_if(cond, &mut |_s: &mut Self| Ok(()), &mut |s: &mut Self| {
            s.set_loc(span);
            s.emit(if halt { StmtKind::Halt } else { StmtKind::Error(msg.clone()) })
        })
    }

    /// `__VERIFIER_assume(c)` & co.: paths where `c` is false are cut.
    fn assume_call(&mut self, n: &str, args: &[Node<Expression>], span: Span) -> Res<()> {
        let Some(cond) = args.first() else {
            return self.err(span, format!("{n} needs one argument"));
        };
        let (v, t) = self.rv(cond)?;
        self.check_scalar(&t, cond.span)?;
        self.set_loc(span);
        let b = self.truth(v, &t);
        self.emit(StmtKind::Assume(b))
    }

    /// `__VERIFIER_nondet_T()` & co.: a nondeterministic value of the declared (else the
    /// name's) return type.
    fn nondet_call(
        &mut self,
        n: &str,
        args: &[Node<Expression>],
        span: Span,
        want: &Want,
    ) -> Res<Option<(Expr, Type)>> {
        for a in args {
            self.effect(a)?;
        }
        let t = match self.funcs.get(n) {
            Some(ft) => ft.ret.clone(),
            None => nondet_type(n, self.long_bits()),
        };
        if t == Type::Void {
            return Ok(match want {
                Want::Value => Some((Expr::Int(0), Type::Void)),
                _ => None,
            });
        }
        self.value_for_want(Expr::Nondet(t.clone()), t, want, span)
    }

    pub(super) fn value_for_want(&mut self, v: Expr, t: Type, want: &Want, span: Span) -> Res<Option<(Expr, Type)>> {
        match want {
            Want::Effect => Ok(None),
            Want::Value => Ok(Some((v, t))),
            Want::Into(l, lt) => {
                let v = self.conv(v, &t, lt, span)?;
                self.set_loc(span);
                self.emit(StmtKind::Assign(l.clone(), v))?;
                Ok(None)
            }
        }
    }

    pub(super) fn rv_for_want(&mut self, e: &Node<Expression>, want: &Want) -> Res<Option<(Expr, Type)>> {
        match want {
            Want::Effect => {
                self.effect(e)?;
                Ok(None)
            }
            Want::Value => Ok(Some(self.rv(e)?)),
            Want::Into(l, t) => {
                self.assign_into(l.clone(), t, e)?;
                Ok(None)
            }
        }
    }
}

/// The error message of a failed `assert`: with the asserted expression's text when the
/// first argument is a string literal.
fn assert_fail_message(args: &[Node<Expression>]) -> String {
    match args.first().map(|a| &a.node) {
        Some(Expression::StringLiteral(s)) => {
            format!("assertion failed: {}", String::from_utf8_lossy(&decode_string(&s.node)))
        }
        _ => "assertion failed".to_string(),
    }
}

/// The return type gcc gives a library function called without a declaration, where it is
/// not `int` (gcc uses its built-in prototype and warns, `-Wbuiltin-declaration-mismatch`):
/// a pointer result would otherwise be truncated to an `int`.
/// The C library function a GNU builtin is another name of (gcc's "Other Builtins": "GCC
/// includes built-in versions of many of the functions in the standard C library … whose
/// names start with the `__builtin_` prefix"), for the library functions whose meaning slam
/// gives by name (its models, or an unknown external function).
fn library_builtin(name: &str) -> Option<&str> {
    let plain = name.strip_prefix("__builtin_")?;
    matches!(
        plain,
        "malloc"
            | "calloc"
            | "realloc"
            | "free"
            | "abort"
            | "exit"
            | "_exit"
            | "abs"
            | "labs"
            | "llabs"
            | "memchr"
            | "memcmp"
            | "bcmp"
            | "mempcpy"
            | "strcat"
            | "strncat"
            | "strchr"
            | "strrchr"
            | "strcmp"
            | "strncmp"
            | "strcpy"
            | "strncpy"
            | "stpcpy"
            | "stpncpy"
            | "strlen"
            | "strnlen"
            | "strdup"
            | "strndup"
            | "strstr"
            | "strpbrk"
            | "strspn"
            | "strcspn"
            | "index"
            | "rindex"
            | "printf"
            | "fprintf"
            | "sprintf"
            | "snprintf"
            | "puts"
            | "fputs"
            | "putchar"
            | "fputc"
            | "putc"
    )
    .then_some(plain)
}

fn implicit_builtin_return(name: &str) -> Option<Type> {
    let void_ptr = || Type::ptr(Type::Void);
    let char_ptr = || Type::ptr(Type::CHAR);
    Some(match name {
        "malloc" | "calloc" | "realloc" | "alloca" | "__builtin_alloca" | "memcpy" | "memmove" | "memset"
        | "memchr" | "mempcpy" => void_ptr(),
        "strcpy" | "strncpy" | "strcat" | "strncat" | "strchr" | "strrchr" | "strstr" | "strdup" | "strndup"
        | "stpcpy" | "strpbrk" | "index" | "rindex" => char_ptr(),
        _ => return None,
    })
}
