//! Control flow: if, loops, switch, goto, break/continue, return.

use super::*;

impl<'o> Lowerer<'o> {
    // ---------------------------------------------------------------- control flow

    /// The condition as a `Bool` expression (side effects emitted first).
    pub(super) fn cond_expr(&mut self, c: &Node<Expression>) -> Res<Expr> {
        let (v, t) = self.rv(c)?;
        self.check_scalar(&t, c.span)?;
        let e = self.truth(v, &t);
        if !e.has_nondet() {
            return Ok(e);
        }
        // A branch reads its condition twice (`assume(c)` and `assume(!c)`): a nondeterministic
        // value in it is chosen once, into a temporary, so that both see the same value.
        let tmp = self.new_temp(Type::Bool)?;
        self.emit(StmtKind::Assign(Lval::var(&tmp), e))?;
        Ok(Expr::var(&tmp))
    }

    /// Jump to `lt` when `c` holds, to `lf` otherwise.
    pub(super) fn branch(&mut self, c: &Node<Expression>, lt: &str, lf: &str) -> Res<()> {
        match &c.node {
            Expression::BinaryOperator(b) if b.node.operator.node == BinaryOperator::LogicalAnd => {
                let m = self.fresh_label();
                self.branch(&b.node.lhs, &m, lf)?;
                self.place_label(&m);
                self.branch(&b.node.rhs, lt, lf)
            }
            Expression::BinaryOperator(b) if b.node.operator.node == BinaryOperator::LogicalOr => {
                let m = self.fresh_label();
                self.branch(&b.node.lhs, lt, &m)?;
                self.place_label(&m);
                self.branch(&b.node.rhs, lt, lf)
            }
            Expression::UnaryOperator(u) if u.node.operator.node == UnaryOperator::Negate => {
                self.branch(&u.node.operand, lf, lt)
            }
            _ => {
                self.set_loc(c.span);
                let e = self.cond_expr(c)?;
                self.set_loc(c.span);
                match e {
                    Expr::Bool(true) => self.goto(lt),
                    Expr::Bool(false) => self.goto(lf),
                    e => {
                        let (a, b) = (self.fresh_label(), self.fresh_label());
                        self.emit(StmtKind::Goto(vec![a.clone(), b.clone()]))?;
                        self.place_label(&b);
                        self.emit(StmtKind::Assume(Expr::negate(e.clone())))?;
                        self.goto(lf)?;
                        self.place_label(&a);
                        self.emit(StmtKind::Assume(e))?;
                        self.goto(lt)
                    }
                }
            }
        }
    }

    pub(super) fn gen_if(
        &mut self,
        c: &Node<Expression>,
        then_f: &mut dyn FnMut(&mut Self) -> Res<()>,
        else_f: &mut dyn FnMut(&mut Self) -> Res<()>,
    ) -> Res<()> {
        let (lt, lf, le) = (self.fresh_label(), self.fresh_label(), self.fresh_label());
        if is_compound_cond(&c.node) {
            self.branch(c, &lt, &lf)?;
            self.place_label(&lt);
            then_f(self)?;
            self.goto(&le)?;
            self.place_label(&lf);
            else_f(self)?;
            self.place_label(&le);
            return Ok(());
        }
        self.set_loc(c.span);
        let e = self.cond_expr(c)?;
        self.set_loc(c.span);
        if let Expr::Bool(b) = e {
            // a constant condition: the other branch is dead (but keeps its labels)
            if !b {
                self.goto(&lf)?;
            }
            self.place_label(&lt);
            then_f(self)?;
            self.goto(&le)?;
            self.place_label(&lf);
            else_f(self)?;
            self.place_label(&le);
            return Ok(());
        }
        self.emit(StmtKind::Goto(vec![lt.clone(), lf.clone()]))?;
        self.place_label(&lt);
        self.emit(StmtKind::Assume(e.clone()))?;
        then_f(self)?;
        self.goto(&le)?;
        self.place_label(&lf);
        self.set_loc(c.span);
        self.emit(StmtKind::Assume(Expr::negate(e)))?;
        else_f(self)?;
        self.place_label(&le);
        Ok(())
    }

    /// A loop test at the current point: continue into the body or jump to `exit`.
    pub(super) fn loop_test(&mut self, c: &Node<Expression>, exit: &str) -> Res<()> {
        let body = self.fresh_label();
        if is_compound_cond(&c.node) {
            self.branch(c, &body, exit)?;
            self.place_label(&body);
            return Ok(());
        }
        self.set_loc(c.span);
        let e = self.cond_expr(c)?;
        self.set_loc(c.span);
        match e {
            Expr::Bool(true) => Ok(()),
            Expr::Bool(false) => self.goto(exit),
            e => {
                let out = self.fresh_label();
                self.emit(StmtKind::Goto(vec![body.clone(), out.clone()]))?;
                self.place_label(&out);
                self.emit(StmtKind::Assume(Expr::negate(e.clone())))?;
                self.goto(exit)?;
                self.place_label(&body);
                self.emit(StmtKind::Assume(e))
            }
        }
    }

    /// Lowers statement `s`; one arm per C statement form, the longer forms in helpers.
    pub(super) fn stmt(&mut self, s: &Node<Statement>) -> Res<()> {
        self.set_loc(s.span);
        match &s.node {
            Statement::Labeled(ls) => self.labeled(ls),
            Statement::Compound(items) => {
                self.scopes.push(Scope::default());
                for it in items {
                    match &it.node {
                        BlockItem::Declaration(d) => self.local_decl(d)?,
                        BlockItem::Statement(st) => self.stmt(st)?,
                        BlockItem::StaticAssert(_) => {}
                    }
                }
                self.scopes.pop();
                Ok(())
            }
            Statement::Expression(Some(e)) => self.effect(e),
            Statement::Expression(None) => Ok(()),
            Statement::If(i) => {
                let (ts, es) = (&i.node.then_statement, &i.node.else_statement);
                self.gen_if(&i.node.condition, &mut |s: &mut Self| s.stmt(ts), &mut |s: &mut Self| match es {
                    Some(e) => s.stmt(e),
                    None => Ok(()),
                })
            }
            Statement::While(w) => self.while_loop(w, s.span),
            Statement::DoWhile(d) => self.do_while(d),
            Statement::For(f) => {
                self.scopes.push(Scope::default());
                let r = self.for_loop(f, s.span);
                self.scopes.pop();
                r
            }
            Statement::Goto(id) => {
                let l = Self::user_label(&id.node.name);
                self.goto(&l)
            }
            Statement::Continue => match self.f.as_ref().and_then(|f| f.conts.last()).cloned() {
                Some(l) => self.goto(&l),
                None => self.err(s.span, "'continue' outside a loop"),
            },
            Statement::Break => match self.f.as_ref().and_then(|f| f.breaks.last()).cloned() {
                Some(l) => self.goto(&l),
                None => self.err(s.span, "'break' outside a loop or switch"),
            },
            Statement::Return(e) => self.return_stmt(e, s.span),
            Statement::Switch(sw) => self.switch(sw),
            Statement::Asm(a) => match &a.node {
                AsmStatement::GnuBasic(_) => self.emit(StmtKind::Skip),
                AsmStatement::GnuExtended(g) => self.asm_extended(g, s.span),
            },
        }
    }

    /// Extended inline asm: its scalar outputs become nondeterministic, its inputs are
    /// evaluated for their effects.
    fn asm_extended(&mut self, g: &GnuExtendedAsmStatement, span: Span) -> Res<()> {
        let mut any = false;
        for o in &g.outputs {
            let (l, t) = self.lv(&o.node.variable_name)?;
            self.set_loc(span);
            if t.is_scalar() {
                self.emit(StmtKind::Assign(l, Expr::Nondet(t)))?;
                any = true;
            } else {
                return self.unsupported(o.span, "inline asm output of aggregate type is not supported");
            }
        }
        for i in &g.inputs {
            self.effect(&i.node.variable_name)?;
        }
        if !any {
            self.emit(StmtKind::Skip)?;
        }
        Ok(())
    }

    /// `return` with a value converted to the return type (evaluated only for effect in a
    /// `void` function).
    fn return_stmt(&mut self, e: &Option<Box<Node<Expression>>>, span: Span) -> Res<()> {
        let ret = self.fx().ret.clone();
        match e {
            None => self.emit(StmtKind::Return(None)),
            Some(e) if ret == Type::Void => {
                self.effect(e)?;
                self.set_loc(span);
                self.emit(StmtKind::Return(None))
            }
            Some(e) => {
                let (v, t) = self.rv(e)?;
                let v = self.conv(v, &t, &ret, e.span)?;
                self.set_loc(span);
                self.emit(StmtKind::Return(Some(v)))
            }
        }
    }

    /// `do body while (c)`: `continue` goes to the test after the body.
    fn do_while(&mut self, d: &Node<DoWhileStatement>) -> Res<()> {
        let (body, cont, exit) = (self.fresh_label(), self.fresh_label(), self.fresh_label());
        self.place_label(&body);
        self.fx().breaks.push(exit.clone());
        self.fx().conts.push(cont.clone());
        let r = self.stmt(&d.node.statement);
        self.fx().breaks.pop();
        self.fx().conts.pop();
        r?;
        self.place_label(&cont);
        self.loop_test(&d.node.expression, &exit)?;
        self.set_loc(d.node.expression.span);
        self.goto(&body)?;
        self.place_label(&exit);
        Ok(())
    }

    /// `while (c) body`: the test at the head, `break` to the exit, `continue` to the head.
    fn while_loop(&mut self, w: &Node<WhileStatement>, span: Span) -> Res<()> {
        let (head, exit) = (self.fresh_label(), self.fresh_label());
        self.place_label(&head);
        self.loop_test(&w.node.expression, &exit)?;
        self.fx().breaks.push(exit.clone());
        self.fx().conts.push(head.clone());
        let r = self.stmt(&w.node.statement);
        self.fx().breaks.pop();
        self.fx().conts.pop();
        r?;
        self.set_loc(span);
        self.goto(&head)?;
        self.place_label(&exit);
        Ok(())
    }

    /// A labelled statement: a user label, or a `case`/`default` of the enclosing switch.
    fn labeled(&mut self, ls: &Node<LabeledStatement>) -> Res<()> {
        match &ls.node.label.node {
            Label::Identifier(id) => {
                let l = Self::user_label(&id.node.name);
                self.place_label(&l);
            }
            Label::Case(_) | Label::CaseRange(_) | Label::Default => {
                let key = ls.node.label.span.start;
                let l = self.f.as_ref().and_then(|f| f.switches.last()).and_then(|m| m.get(&key)).cloned();
                match l {
                    Some(l) => self.place_label(&l),
                    None => return self.err(ls.node.label.span, "case label outside a switch"),
                }
            }
        }
        self.stmt(&ls.node.statement)
    }

    pub(super) fn for_loop(&mut self, f: &Node<ForStatement>, span: Span) -> Res<()> {
        match &f.node.initializer.node {
            ForInitializer::Empty | ForInitializer::StaticAssert(_) => {}
            ForInitializer::Expression(e) => self.effect(e)?,
            ForInitializer::Declaration(d) => self.local_decl(d)?,
        }
        let (head, cont, exit) = (self.fresh_label(), self.fresh_label(), self.fresh_label());
        self.place_label(&head);
        if let Some(c) = &f.node.condition {
            self.loop_test(c, &exit)?;
        }
        self.fx().breaks.push(exit.clone());
        self.fx().conts.push(cont.clone());
        let r = self.stmt(&f.node.statement);
        self.fx().breaks.pop();
        self.fx().conts.pop();
        r?;
        self.place_label(&cont);
        if let Some(st) = &f.node.step {
            self.effect(st)?;
        }
        self.set_loc(span);
        self.goto(&head)?;
        self.place_label(&exit);
        Ok(())
    }

    pub(super) fn switch(&mut self, sw: &Node<SwitchStatement>) -> Res<()> {
        let (v, t) = self.rv(&sw.node.expression)?;
        self.check_int(&t, sw.node.expression.span)?;
        let pt = promote(&t);
        let v = self.conv(v, &t, &pt, sw.node.expression.span)?;
        let x = match &v {
            Expr::Lval(Lval::Var(_)) | Expr::Int(_) => v,
            _ => {
                let tmp = self.new_temp(pt.clone())?;
                self.set_loc(sw.node.expression.span);
                self.emit(StmtKind::Assign(Lval::Var(tmp.clone()), v))?;
                Expr::Lval(Lval::Var(tmp))
            }
        };
        let exit = self.fresh_label();
        let cases = self.switch_cases(sw, &x, &pt)?;
        self.set_loc(sw.span);
        self.switch_dispatch(&cases.arms, cases.others, cases.default.as_ref().unwrap_or(&exit))?;
        self.fx().switches.push(cases.map);
        self.fx().breaks.push(exit.clone());
        let r = self.stmt(&sw.node.statement);
        self.fx().switches.pop();
        self.fx().breaks.pop();
        r?;
        self.place_label(&exit);
        Ok(())
    }

    /// A fresh target label for each case label of the switch on `x` (of promoted type `pt`),
    /// with the condition that selects it.
    fn switch_cases(&mut self, sw: &Node<SwitchStatement>, x: &Expr, pt: &Type) -> Res<SwitchCases> {
        let mut cases = vec![];
        collect_cases(&sw.node.statement, &mut cases);
        let mut sc = SwitchCases { map: HashMap::new(), arms: vec![], default: None, others: vec![] };
        for (key, lab) in &cases {
            let target = self.fresh_label();
            sc.map.insert(*key, target.clone());
            match &lab.node {
                Label::Case(e) => {
                    let c = self.const_int(e)?;
                    let c = const_expr(interp::wrap(c, pt), pt);
                    sc.arms.push((target, Expr::bin(BinOp::Eq, x.clone(), c.clone())));
                    sc.others.push(Expr::bin(BinOp::Ne, x.clone(), c));
                }
                Label::CaseRange(r) => {
                    let lo = self.const_int(&r.node.low)?;
                    let hi = self.const_int(&r.node.high)?;
                    let (lo, hi) = (const_expr(lo, pt), const_expr(hi, pt));
                    let inside = Expr::bin(
                        BinOp::And,
                        Expr::bin(BinOp::Le, lo.clone(), x.clone()),
                        Expr::bin(BinOp::Le, x.clone(), hi.clone()),
                    );
                    sc.arms.push((target, inside));
                    sc.others.push(Expr::bin(
                        BinOp::Or,
                        Expr::bin(BinOp::Lt, x.clone(), lo),
                        Expr::bin(BinOp::Gt, x.clone(), hi),
                    ));
                }
                Label::Default => sc.default = Some(target),
                Label::Identifier(_) => {}
            }
        }
        Ok(sc)
    }

    /// The switch's dispatch: a nondeterministic goto to one guard per case (assume its
    /// condition, go to its target) and to the default guard (assume no case matches, go to
    /// `default_target`).
    fn switch_dispatch(&mut self, arms: &[(String, Expr)], others: Vec<Expr>, default_target: &str) -> Res<()> {
        let mut dispatch = vec![];
        let mut guards = vec![];
        for (target, cond) in arms {
            let l = self.fresh_label();
            dispatch.push(l.clone());
            guards.push((l, cond.clone(), target.clone()));
        }
        let dl = self.fresh_label();
        dispatch.push(dl.clone());
        self.emit(StmtKind::Goto(dispatch))?;
        for (l, cond, target) in guards {
            self.place_label(&l);
            self.emit(StmtKind::Assume(cond))?;
            self.goto(&target)?;
        }
        self.place_label(&dl);
        if let Some(nc) = others.into_iter().reduce(|a, b| Expr::bin(BinOp::And, a, b)) {
            self.emit(StmtKind::Assume(nc))?;
        }
        self.goto(default_target)
    }
}

/// The case labels of a switch: per label (by its source offset) the target label, the
/// (target, condition) arms, the default's target, and the conditions that no case matches.
struct SwitchCases {
    map: HashMap<usize, String>,
    arms: Vec<(String, Expr)>,
    default: Option<String>,
    others: Vec<Expr>,
}
