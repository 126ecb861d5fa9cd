//! Locations and diagnostics, scopes and names, emission of C-- statements.

use super::*;

impl<'o> Lowerer<'o> {
    // ---------------------------------------------------------------- locations, errors

    pub(super) fn loc(&mut self, span: Span) -> Loc {
        if span.is_none() {
            return self.cur_loc;
        }
        let (f, line, col) = self.map.locate_idx(span.start);
        let fid = match self.file_ids.get(f as usize).copied().flatten() {
            Some(id) => id,
            None => {
                let name = self.map.files[f as usize].clone();
                let id = match self.prog.files.iter().position(|x| *x == name) {
                    Some(i) => i as u32,
                    None => {
                        self.prog.files.push(name);
                        (self.prog.files.len() - 1) as u32
                    }
                };
                if (f as usize) < self.file_ids.len() {
                    self.file_ids[f as usize] = Some(id);
                }
                id
            }
        };
        Loc { file: fid, line, col }
    }

    pub(super) fn err<T>(&self, span: Span, msg: impl Into<String>) -> Res<T> {
        Err(self.diag(span, msg))
    }

    /// Valid C that slam does not model: the answer is UNKNOWN, not an input error.
    pub(super) fn unsupported<T>(&self, span: Span, msg: impl Into<String>) -> Res<T> {
        Err(self.diag(span, msg).with_kind(crate::DiagKind::Unsupported))
    }

    pub(super) fn unsupported_diag(&self, span: Span, msg: impl Into<String>) -> Diagnostic {
        self.diag(span, msg).with_kind(crate::DiagKind::Unsupported)
    }

    pub(super) fn diag(&self, span: Span, msg: impl Into<String>) -> Diagnostic {
        let (file, line, col) = if span.is_none() {
            let l = self.cur_loc;
            (self.prog.files.get(l.file as usize).cloned().unwrap_or_default(), l.line, l.col)
        } else {
            self.map.locate(span.start)
        };
        Diagnostic { file, line, col, message: msg.into(), kind: crate::DiagKind::Semantic }
    }

    pub(super) fn set_loc(&mut self, span: Span) {
        self.cur_loc = self.loc(span);
    }

    // ---------------------------------------------------------------- scopes and names

    pub(super) fn lookup(&self, name: &str) -> Option<&Sym> {
        self.scopes.iter().rev().find_map(|s| s.syms.get(name))
    }

    pub(super) fn bind(&mut self, name: &str, s: Sym) {
        self.scopes.last_mut().unwrap().syms.insert(name.to_string(), s);
    }

    pub(super) fn fx(&mut self) -> &mut FnCtx {
        self.f.as_mut().expect("inside a function")
    }

    pub(super) fn fresh_label(&mut self) -> String {
        self.label_n += 1;
        format!("{FRESH_PREFIX}{}", self.label_n)
    }

    pub(super) fn user_label(name: &str) -> String {
        let rest = name.strip_prefix(FRESH_PREFIX).unwrap_or("x");
        if !rest.is_empty() && rest.chars().all(|c| c.is_ascii_digit()) {
            format!("{name}_c")
        } else {
            name.to_string()
        }
    }

    pub(super) fn name_taken(&self, n: &str) -> bool {
        self.f.as_ref().map(|f| f.used.contains(n)).unwrap_or(false) || self.prog.global(n).is_some()
    }

    pub(super) fn fresh_var_name(&self, base: &str) -> String {
        if !self.name_taken(base) {
            return base.to_string();
        }
        let mut i = 1;
        loop {
            let n = format!("{base}_{i}");
            if !self.name_taken(&n) {
                return n;
            }
            i += 1;
        }
    }

    pub(super) fn new_local(&mut self, c_name: &str, ty: Type) -> String {
        let name = self.fresh_var_name(c_name);
        let loc = self.cur_loc;
        let f = self.fx();
        f.used.insert(name.clone());
        f.locals.push(Var { name: name.clone(), c_name: c_name.to_string(), ty, loc, init: Init::Zero });
        name
    }

    pub(super) fn new_temp(&mut self, ty: Type) -> Res<String> {
        if self.f.is_none() || self.const_mode {
            return Err(self.diag(Span::none(), "expression is not a compile-time constant"));
        }
        let n = self.fx().tmp_n;
        self.fx().tmp_n += 1;
        let ty = if ty == Type::Void { Type::INT } else { ty };
        Ok(self.new_local(&cminus::names::temp(n), ty))
    }

    pub(super) fn fresh_global_name(&self, base: &str) -> String {
        if self.prog.global(base).is_none() {
            return base.to_string();
        }
        let mut i = 2;
        loop {
            let n = format!("{base}__{i}");
            if self.prog.global(&n).is_none() {
                return n;
            }
            i += 1;
        }
    }

    // ---------------------------------------------------------------- emission

    pub(super) fn emit(&mut self, kind: StmtKind) -> Res<()> {
        if self.f.is_none() || self.const_mode {
            return Err(self.diag(Span::none(), "expression is not a compile-time constant"));
        }
        let loc = self.cur_loc;
        let learned = match &kind {
            StmtKind::Assign(Lval::Var(v), e) => Some((v.clone(), self.known_value(v, e))),
            _ => None,
        };
        let f = self.fx();
        let labels = std::mem::take(&mut f.pending);
        if !labels.is_empty() {
            f.known.clear();
        }
        match (&kind, learned) {
            (_, Some((v, Some(c)))) => {
                f.known.insert(v, c);
            }
            (_, Some((v, None))) => {
                f.known.remove(&v);
            }
            (StmtKind::Assume(_) | StmtKind::Skip | StmtKind::Goto(_), _) => {}
            // a call, a write into memory: any variable may have changed
            _ => f.known.clear(),
        }
        f.body.push(Stmt { id: StmtId(0), loc, labels, kind });
        Ok(())
    }

    /// The constant `v := e` gives `v` (a scalar local or formal of the function being
    /// lowered), as `v`'s type holds it.
    fn known_value(&mut self, v: &str, e: &Expr) -> Option<i128> {
        let c = self.fold_known(e)?;
        let f = self.f.as_ref()?;
        let t = f.locals.iter().chain(&f.formals).find(|x| x.name == v)?.ty.clone();
        match t {
            Type::Int { .. } | Type::Bool => Some(cminus::interp::wrap(c, &t)),
            Type::Ptr(_) => Some(cminus::interp::wrap(c, &Type::int(self.long_bits(), false))),
            _ => None,
        }
    }

    /// The value of an integer expression over constants and the variables known to hold
    /// constants here (`FnCtx::known`); a pointer cast of an integer keeps its value, as gcc's.
    pub(super) fn fold_known(&self, e: &Expr) -> Option<i128> {
        let f = self.f.as_ref()?;
        let ptr = Type::int(self.long_bits(), false);
        fold_with(e, &|n| f.known.get(n).copied(), &ptr)
    }

    pub(super) fn place_label(&mut self, l: &str) {
        let f = self.fx();
        if f.pending.is_empty() {
            if let Some(last) = f.body.last() {
                if last.labels.is_empty() && last.kind == StmtKind::Goto(vec![l.to_string()]) {
                    f.body.pop();
                }
            }
        }
        f.pending.push(l.to_string());
    }

    pub(super) fn goto(&mut self, l: &str) -> Res<()> {
        self.emit(StmtKind::Goto(vec![l.to_string()]))
    }
}
