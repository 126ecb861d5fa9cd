//! Function definitions, and the end of lowering: entry, unreachable failures, externals.

use super::*;

impl<'o> Lowerer<'o> {
    // ---------------------------------------------------------------- functions

    pub(super) fn func_def(&mut self, fd: &Node<FunctionDefinition>) -> Res<()> {
        self.set_loc(fd.span);
        let (base, _storage) = self.decl_specs(&fd.node.specifiers, fd.span)?;
        let mut info = self.declarator(base, &fd.node.declarator)?;
        if !fd.node.declarations.is_empty() {
            self.kr_parameters(&mut info, &fd.node.declarations)?;
        }
        let Some(c_name) = info.name.clone() else {
            return self.err(fd.span, "function definition without a name");
        };
        let name = self.fn_name(&c_name);
        let Type::Func(ft) = &info.ty else {
            return self.err(fd.span, "function definition with a non-function type");
        };
        let ft = (**ft).clone();
        if self.lowered_fns.contains(&name) {
            return self.err(info.name_span, format!("redefinition of function '{c_name}'"));
        }
        self.lowered_fns.insert(name.clone());
        self.vlas.clear();
        self.funcs.insert(name.clone(), ft.clone());
        self.bind(&c_name, Sym::Func(name.clone()));
        let loc = self.loc(info.name_span);
        self.f = Some(FnCtx {
            name: name.clone(),
            ret: ft.ret.clone(),
            formals: vec![],
            locals: vec![],
            body: vec![],
            pending: vec![],
            used: HashSet::new(),
            breaks: vec![],
            conts: vec![],
            switches: vec![],
            tmp_n: 0,
            known: HashMap::new(),
        });
        self.scopes.push(Scope::default());
        self.bind_formals(info.params.unwrap_or_default(), loc);
        self.stmt(&fd.node.statement)?;
        self.scopes.pop();
        self.implicit_return(fd.span, &name, &ft)?;
        let f = self.f.take().unwrap();
        self.check_goto_targets(&f.body)?;
        self.prog.procs.push(Proc {
            name,
            formals: f.formals,
            locals: f.locals,
            ret: ft.ret,
            variadic: ft.variadic,
            body: f.body,
            loc,
        });
        Ok(())
    }

    /// The formals of the function being lowered, each bound in the current scope under a
    /// fresh variable name (`__argN` when unnamed).
    fn bind_formals(&mut self, params: Vec<(Option<String>, Type)>, loc: Loc) {
        for (i, (pn, pt)) in params.iter().enumerate() {
            let c_name = pn.clone().unwrap_or_else(|| format!("__arg{i}"));
            let vname = self.fresh_var_name(&c_name);
            let f = self.fx();
            f.used.insert(vname.clone());
            f.formals.push(Var { name: vname.clone(), c_name: c_name.clone(), ty: pt.clone(), loc, init: Init::Zero });
            self.bind(&c_name, Sym::Var { name: vname, ty: pt.clone() });
        }
    }

    /// The return at the end of a body that can fall off its end: nothing for `void`, 0 for
    /// `main`, else a nondeterministic (or uninitialised) value.
    fn implicit_return(&mut self, span: Span, name: &str, ft: &FuncType) -> Res<()> {
        let needs_return = {
            let f = self.f.as_ref().unwrap();
            !f.pending.is_empty() || f.body.last().map(|s| !s.kind.is_terminator()).unwrap_or(true)
        };
        if needs_return {
            self.cur_loc = self.loc(Span { start: span.end.saturating_sub(1), end: span.end });
            let r = if ft.ret == Type::Void {
                None
            } else if name == "main" {
                Some(const_expr(0, &ft.ret))
            } else if ft.ret.is_scalar() {
                Some(Expr::Nondet(ft.ret.clone()))
            } else {
                let tmp = self.new_temp(ft.ret.clone())?;
                Some(Expr::Lval(Lval::Var(tmp)))
            };
            self.emit(StmtKind::Return(r))?;
        }
        Ok(())
    }

    /// Every goto target must exist.
    fn check_goto_targets(&self, body: &[Stmt]) -> Res<()> {
        let labels: HashSet<&String> = body.iter().flat_map(|s| s.labels.iter()).collect();
        for s in body {
            if let StmtKind::Goto(ls) = &s.kind {
                for l in ls {
                    if !labels.contains(l) {
                        let file = self.prog.files.get(s.loc.file as usize).cloned().unwrap_or_default();
                        return Err(Diagnostic {
                            file,
                            line: s.loc.line,
                            col: s.loc.col,
                            message: format!("use of undeclared label '{l}'"),
                            kind: crate::DiagKind::Semantic,
                        });
                    }
                }
            }
        }
        Ok(())
    }

    /// The types of an old-style definition's parameters, from its declaration list
    /// (undeclared ones stay `int`); arrays and functions decay as in a prototype.
    pub(super) fn kr_parameters(&mut self, info: &mut DeclInfo, decls: &[Node<Declaration>]) -> Res<()> {
        let Some(params) = info.params.as_mut() else {
            return self.err(decls[0].span, "parameter declarations without a parameter list");
        };
        let mut params = std::mem::take(params);
        for d in decls {
            let (base, _) = self.decl_specs(&d.node.specifiers, d.span)?;
            for id in &d.node.declarators {
                let pi = self.declarator(base.clone(), &id.node.declarator)?;
                let Some(pos) = params.iter().position(|p| p.0.is_some() && p.0 == pi.name) else {
                    return self.err(
                        pi.name_span,
                        format!("declaration of '{}', which is not a parameter", pi.name.unwrap_or_default()),
                    );
                };
                params[pos].1 = match pi.ty {
                    Type::Array(e, _) => Type::Ptr(e),
                    Type::Func(f) => Type::Ptr(Box::new(Type::Func(f))),
                    t => t,
                };
            }
        }
        if let Type::Func(ft) = &mut info.ty {
            ft.params = params.iter().map(|p| p.1.clone()).collect();
        }
        info.params = Some(params);
        Ok(())
    }

    // ---------------------------------------------------------------- the end

    /// Keep the diagnostics of the functions that failed to lower and that the entry may
    /// reach (all of them when there is no entry); forget the others — an unsupported
    /// construct in a function that never runs cannot change the verdict.
    /// Globals whose declaration failed are kept with Zero initialisers, so their diagnostics
    /// stay when reachable code or an initialiser mentions them.
    pub(super) fn drop_unreachable_failures(&mut self) {
        let failed = std::mem::take(&mut self.failed_fns);
        let reach = crate::reach::reachable(&self.prog, &self.opts.entry, &self.indirect);
        let mut kept: Vec<Diagnostic> = failed
            .into_iter()
            .filter(|(f, _)| reach.as_ref().is_none_or(|r| r.funcs.contains(f)))
            .map(|(_, d)| d)
            .collect();
        for (names, d) in std::mem::take(&mut self.failed_globals) {
            if reach.as_ref().is_none_or(|r| names.iter().any(|n| r.vars.contains(n))) {
                kept.push(d);
            }
        }
        self.diags.append(&mut kept);
    }

    /// A file-scope declaration failed: a typedef's reason is reported where the name is used;
    /// a global's only if reachable code uses it (see `drop_unreachable_failures`); anything
    /// else (a struct, a global that was not declared yet) right away.
    pub(super) fn failed_declaration(&mut self, decl: &Node<Declaration>, d: Diagnostic) {
        let names: Vec<String> =
            decl.node.declarators.iter().filter_map(|id| declarator_name(&id.node.declarator.node)).collect();
        let is_typedef = decl.node.specifiers.iter().any(
            |s| matches!(&s.node, DeclarationSpecifier::StorageClass(c) if c.node == StorageClassSpecifier::Typedef),
        );
        let all_functions = decl.node.declarators.iter().all(|id| {
            let dd = &id.node.declarator.node;
            matches!(dd.kind.node, DeclaratorKind::Identifier(_))
                && dd
                    .derived
                    .iter()
                    .any(|x| matches!(x.node, DerivedDeclarator::Function(_) | DerivedDeclarator::KRFunction(_)))
        });
        if names.is_empty() {
            self.diags.push(d);
        } else if all_functions && !is_typedef {
            // prototypes (`double _Complex cexp(double _Complex);`): an error if called
            for n in names {
                let n = self.fn_name(&n);
                self.failed_fns.push((n, d.clone()));
            }
        } else if is_typedef {
            for n in names {
                if !matches!(self.lookup(&n), Some(Sym::Typedef(_))) {
                    self.failed_typedefs.insert(n, d.clone());
                }
            }
        } else {
            let mut globals = vec![];
            for n in &names {
                match self.lookup(n) {
                    Some(Sym::Var { name, .. }) => globals.push(name.clone()),
                    Some(Sym::Func(_)) => {}
                    _ => {
                        self.diags.push(d);
                        return;
                    }
                }
            }
            self.failed_globals.push((globals, d));
        }
    }

    pub(super) fn finish(mut self) -> Result<Program, Vec<Diagnostic>> {
        self.entry_runs_atexit_handlers();
        self.drop_unreachable_failures();
        self.declare_externs();
        self.extern_globals_start_unknown();
        self.resolve_indirect_calls();
        self.halt_after_noreturn_calls();
        // after the calls through pointers became direct calls: they pass arguments too
        self.pass_variadic_args();
        self.calls_to_error_fns();
        for p in &mut self.prog.procs {
            simplify(p);
        }
        self.prog.renumber();
        self.check_entry_defined();
        if !self.diags.is_empty() {
            return Err(self.diags);
        }
        Ok(self.prog)
    }

    /// The variadic arguments of every call of a function that reads them with `va_arg`:
    /// written to the global `names::va_args(f)` just before the call, copied by `f` at its
    /// entry into its own array (a call it makes may refill the global). A call passing more
    /// than `names::VA_MAX` of them is not supported.
    fn pass_variadic_args(&mut self) {
        let readers = std::mem::take(&mut self.va_readers);
        let long = Type::int(64, true);
        for (f, r) in &readers {
            let Some(named) = self.prog.proc(f).map(|p| p.formals.len()) else { continue };
            let g = self.fresh_global_name(&cminus::names::va_args(f));
            let arr = Type::Array(Box::new(long.clone()), Some(cminus::names::VA_MAX as u64));
            self.prog.globals.push(Var { name: g.clone(), c_name: g.clone(), ty: arr, loc: r.loc, init: Init::Zero });
            let item = |a: &str, k: usize| Lval::Index(Box::new(Lval::var(a)), Box::new(Expr::Int(k as i128)));
            let mut too_many = None;
            let mut most = 0;
            for p in &mut self.prog.procs {
                let mut body = Vec::with_capacity(p.body.len());
                for s in std::mem::take(&mut p.body) {
                    let StmtKind::Call { callee, args, .. } = &s.kind else {
                        body.push(s);
                        continue;
                    };
                    if callee != f {
                        body.push(s);
                        continue;
                    }
                    let extra: Vec<Expr> = args.iter().skip(named).cloned().collect();
                    if extra.len() > cminus::names::VA_MAX {
                        too_many = Some(s.loc);
                    }
                    most = most.max(extra.len().min(cminus::names::VA_MAX));
                    let mut labels = s.labels.clone();
                    for (k, e) in extra.into_iter().take(cminus::names::VA_MAX).enumerate() {
                        let kind = StmtKind::Assign(item(&g, k), e);
                        body.push(Stmt { id: s.id, loc: s.loc, labels: std::mem::take(&mut labels), kind });
                    }
                    body.push(Stmt { labels, ..s });
                }
                p.body = body;
            }
            if let Some(p) = self.prog.procs.iter_mut().find(|p| &p.name == f) {
                let loc = p.body.first().map(|s| s.loc).unwrap_or(r.loc);
                // (the first statement keeps its labels: a jump back there does not copy again;
                // only as many cells as some call passes: reading more is undefined in C)
                let mut copy: Vec<Stmt> = (0..most)
                    .map(|k| Stmt {
                        id: StmtId(0),
                        loc,
                        labels: vec![],
                        kind: StmtKind::Assign(item(&r.locals, k), Expr::Lval(item(&g, k))),
                    })
                    .collect();
                copy.append(&mut p.body);
                p.body = copy;
            }
            if let Some(loc) = too_many {
                let file = self.prog.files.get(loc.file as usize).cloned().unwrap_or_default();
                let msg = format!(
                    "a call of {f} with more than {} variadic arguments is not supported",
                    cminus::names::VA_MAX
                );
                self.diags.push(Diagnostic::new(&file, loc.line, loc.col, msg).with_kind(crate::DiagKind::Unsupported));
            }
        }
    }

    /// Externs: every called or referenced function without a body is declared with its known
    /// type (or `int f(...)` when it was never declared), so later phases can model it.
    fn declare_externs(&mut self) {
        for n in referenced_functions(&self.prog, &self.indirect) {
            if self.prog.proc(&n).is_none() {
                let mut ty =
                    self.funcs.get(&n).cloned().unwrap_or(FuncType { ret: Type::INT, params: vec![], variadic: true });
                // a transparent union parameter takes the pointer its callers pass
                for p in &mut ty.params {
                    if let Some(m) = self.transparent_union_member(p) {
                        *p = m;
                    }
                }
                self.prog.externs.push(Extern { name: n, ty });
            }
        }
    }

    /// Globals only declared `extern` have an unknown initial value (structs and arrays too:
    /// another unit defines them).
    fn extern_globals_start_unknown(&mut self) {
        let mut streams = Vec::new();
        for g in &mut self.prog.globals {
            if !self.extern_only.contains(&g.name) {
                continue;
            }
            if matches!(g.name.as_str(), "stdin" | "stdout" | "stderr") && g.ty.is_pointer() {
                // The C environment's standard streams: open, distinct, never NULL.
                let obj = cminus::names::stream_object(&g.name);
                g.init = Init::Expr(Expr::Cast(g.ty.clone(), Box::new(Expr::AddrOf(Lval::var(&obj)))));
                streams.push(Var {
                    name: obj.clone(),
                    c_name: obj,
                    ty: Type::Array(Box::new(Type::CHAR), Some(1)),
                    loc: g.loc,
                    init: Init::Zero,
                });
            } else if g.ty.is_scalar() || g.ty.is_aggregate() {
                g.init = Init::Expr(Expr::Nondet(g.ty.clone()));
            }
        }
        self.prog.globals.extend(streams);
    }

    /// A call of an external function declared `_Noreturn` ends the path: returning from it
    /// is undefined (C11 6.7.4p8), so no run goes on after it.
    fn halt_after_noreturn_calls(&mut self) {
        if self.noreturn.is_empty() {
            return;
        }
        for pi in 0..self.prog.procs.len() {
            let body = std::mem::take(&mut self.prog.procs[pi].body);
            let mut out = Vec::with_capacity(body.len());
            for s in body {
                let ends = matches!(&s.kind, StmtKind::Call { callee, .. }
                    if self.noreturn.contains(callee) && !self.defined_fns.contains(callee));
                let loc = s.loc;
                out.push(s);
                if ends {
                    out.push(Stmt { id: StmtId(0), loc, labels: vec![], kind: StmtKind::Halt });
                }
            }
            self.prog.procs[pi].body = out;
        }
    }

    /// Calls through function pointers: each `#indirect<k>` placeholder becomes a branch over the
    /// targets the points-to analysis allows (with a matching arity), each guarded by
    /// `assume(fp == &f)`.
    fn resolve_indirect_calls(&mut self) {
        if self.indirect.is_empty() {
            return;
        }
        let mut pt = PointsTo::analyze_with(&self.prog, &self.indirect);
        let indirect = std::mem::take(&mut self.indirect);
        for pi in 0..self.prog.procs.len() {
            let body = std::mem::take(&mut self.prog.procs[pi].body);
            let pname = self.prog.procs[pi].name.clone();
            let mut out = vec![];
            for s in body {
                let StmtKind::Call { callee, .. } = &s.kind else {
                    out.push(s);
                    continue;
                };
                let Some(k) = callee.strip_prefix("#indirect") else {
                    out.push(s);
                    continue;
                };
                let ic = &indirect[k.parse::<usize>().unwrap()];
                let targets = self.indirect_call_targets(&mut pt, &pname, ic);
                self.expand_indirect_call(&pname, ic, &targets, &s, &mut out);
            }
            self.prog.procs[pi].body = out;
        }
    }

    /// The functions an indirect call in `pname` may reach whose arity fits its arguments —
    /// or, when none does, those with more parameters than the call has arguments: a call
    /// through an unprototyped pointer (`void (*f)()`) with too few arguments is undefined
    /// (C11 6.5.2.2p6), but gcc makes it, so it must not disappear (the missing arguments
    /// are unknown values, `expand_indirect_call`).
    fn indirect_call_targets(&self, pt: &mut PointsTo, pname: &str, ic: &IndirectCall) -> Vec<String> {
        let nargs = ic.args.len();
        let all = pt.call_targets(pname, &ic.fp);
        let fits = |f: &String| match self.prog.func_type(f) {
            Some(ft) => ft.params.len() == nargs || (ft.variadic && ft.params.len() <= nargs),
            None => false,
        };
        let exact: Vec<String> = all.iter().filter(|f| fits(f)).cloned().collect();
        if !exact.is_empty() {
            return exact;
        }
        all.into_iter().filter(|f| self.prog.func_type(f).is_some_and(|ft| ft.params.len() > nargs)).collect()
    }

    /// Replaces the placeholder statement `s` by the dispatch over `targets` (appended to `out`):
    /// with no target the result is havocked, with one the call is guarded by an assume, with
    /// several a nondeterministic goto picks one guarded call and all meet at a fresh label.
    fn expand_indirect_call(
        &mut self,
        pname: &str,
        ic: &IndirectCall,
        targets: &[String],
        s: &Stmt,
        out: &mut Vec<Stmt>,
    ) {
        let mk = |kind: StmtKind, labels: Vec<String>| Stmt { id: StmtId(0), loc: s.loc, labels, kind };
        let mut labels = s.labels.clone();
        if self.property == crate::Property::NullDeref {
            // a call through a NULL function pointer dereferences NULL
            let fp = match &ic.fp {
                Expr::Cast(_, inner) => (**inner).clone(),
                e => e.clone(),
            };
            let ty = self.prog.type_of(self.prog.proc(pname), &fp).unwrap_or(Type::ptr(Type::Void));
            let null = Expr::Cast(ty, Box::new(Expr::Int(0)));
            // named as `cminus::guard`'s labels: the check's own branch, not the program's
            self.label_n += 1;
            let n = self.label_n;
            let (bad, ok) = (
                format!("{}{FRESH_PREFIX}{n}", cminus::guard::NULL_LABEL),
                format!("{}{FRESH_PREFIX}{n}", cminus::guard::NONNULL_LABEL),
            );
            let what = format!("{}: a call through {}", cminus::guard::NULL_DEREF, cminus::print_expr(&fp));
            out.push(mk(StmtKind::Goto(vec![bad.clone(), ok.clone()]), std::mem::take(&mut labels)));
            out.push(mk(StmtKind::Assume(Expr::bin(BinOp::Eq, fp.clone(), null.clone())), vec![bad]));
            out.push(mk(StmtKind::Error(what), vec![]));
            out.push(mk(StmtKind::Assume(Expr::bin(BinOp::Ne, fp, null)), vec![ok]));
        }
        if targets.is_empty() {
            // no known target: havoc the result (documented in docs/cminus.md)
            let kind = match &ic.ret {
                Some(r) => {
                    let t = self.prog.type_of_lval(self.prog.proc(pname), r).unwrap_or(Type::INT);
                    StmtKind::Assign(r.clone(), Expr::Nondet(t))
                }
                None => StmtKind::Skip,
            };
            out.push(mk(kind, labels));
            return;
        }
        let done = {
            self.label_n += 1;
            format!("{FRESH_PREFIX}{}", self.label_n)
        };
        let mut tl = vec![];
        for _ in targets {
            self.label_n += 1;
            tl.push(format!("{FRESH_PREFIX}{}", self.label_n));
        }
        if targets.len() > 1 {
            out.push(mk(StmtKind::Goto(tl.clone()), std::mem::take(&mut labels)));
        }
        for (i, f) in targets.iter().enumerate() {
            let mut ls = if targets.len() > 1 { vec![tl[i].clone()] } else { std::mem::take(&mut labels) };
            ls.extend(std::mem::take(&mut labels));
            let fe = match self.prog.func_type(f) {
                Some(_) => Expr::FuncAddr(f.clone()),
                None => continue,
            };
            let fp = match &ic.fp {
                Expr::Cast(_, inner) => (**inner).clone(),
                e => e.clone(),
            };
            out.push(mk(StmtKind::Assume(Expr::bin(BinOp::Eq, fp, fe)), ls));
            // parameters the call has no argument for: unknown values
            let mut args = ic.args.clone();
            if let Some(ft) = self.prog.func_type(f) {
                args.extend(ft.params.iter().skip(args.len()).map(|t| Expr::Nondet(t.clone())));
            }
            out.push(mk(StmtKind::Call { ret: ic.ret.clone(), callee: f.clone(), args }, vec![]));
            if i + 1 < targets.len() {
                out.push(mk(StmtKind::Goto(vec![done.clone()]), vec![]));
            }
        }
        if targets.len() > 1 {
            out.push(mk(StmtKind::Skip, vec![done]));
        }
    }

    /// A program without its entry function cannot be checked: say so (unless lowering already
    /// failed for another reason).
    fn check_entry_defined(&mut self) {
        if self.diags.is_empty() && self.prog.proc(&self.prog.entry).is_none() {
            let entry = self.prog.entry.clone();
            self.diags.push(Diagnostic {
                file: self.prog.files.first().cloned().unwrap_or_default(),
                line: 1,
                col: 1,
                message: format!("entry function '{entry}' is not defined"),
                kind: crate::DiagKind::NoEntry,
            });
        }
    }
}

/// Every function named in the program — called directly, or whose address is taken in a global
/// initializer, a statement or an indirect call's function pointer — once each, in order of
/// first mention.
fn referenced_functions(prog: &Program, indirect: &[IndirectCall]) -> Vec<String> {
    let mut names = vec![];
    for g in &prog.globals {
        walk_init(&g.init, &mut |n| names.push(n.to_string()));
    }
    for p in &prog.procs {
        for s in &p.body {
            match &s.kind {
                StmtKind::Call { callee, args, ret } => {
                    if !callee.starts_with('#') {
                        names.push(callee.clone());
                    }
                    for a in args {
                        walk_expr(a, &mut |n| names.push(n.to_string()));
                    }
                    if let Some(r) = ret {
                        walk_lval(r, &mut |n| names.push(n.to_string()));
                    }
                }
                StmtKind::Assign(l, e) => {
                    walk_lval(l, &mut |n| names.push(n.to_string()));
                    walk_expr(e, &mut |n| names.push(n.to_string()));
                }
                StmtKind::Return(Some(e)) | StmtKind::Assume(e) => walk_expr(e, &mut |n| names.push(n.to_string())),
                _ => {}
            }
        }
    }
    for ic in indirect {
        walk_expr(&ic.fp, &mut |n| names.push(n.to_string()));
    }
    let mut seen = HashSet::new();
    names.retain(|n| seen.insert(n.clone()));
    names
}

/// Reports every function whose address `e` takes.
fn walk_expr(e: &Expr, out: &mut dyn FnMut(&str)) {
    match e {
        Expr::FuncAddr(f) => out(f),
        Expr::Lval(l) | Expr::AddrOf(l) => walk_lval(l, out),
        Expr::Unary(_, a) | Expr::Cast(_, a) => walk_expr(a, out),
        Expr::Binary(_, a, b) => {
            walk_expr(a, out);
            walk_expr(b, out);
        }
        _ => {}
    }
}

/// Reports every function whose address is taken inside lvalue `l`.
fn walk_lval(l: &Lval, out: &mut dyn FnMut(&str)) {
    match l {
        Lval::Var(_) => {}
        Lval::Deref(e) => walk_expr(e, out),
        Lval::Field(b, _) => walk_lval(b, out),
        Lval::Index(b, e) => {
            walk_lval(b, out);
            walk_expr(e, out);
        }
    }
}

/// Reports every function whose address is taken inside initializer `i`.
fn walk_init(i: &Init, out: &mut dyn FnMut(&str)) {
    match i {
        Init::Expr(e) => walk_expr(e, out),
        Init::List(v) => v.iter().for_each(|x| walk_init(x, out)),
        Init::Zero => {}
    }
}
