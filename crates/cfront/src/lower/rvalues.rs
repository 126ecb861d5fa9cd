//! Rvalues: every C expression form, lowered to side-effect-free C-- expressions and statements.

use super::*;

impl<'o> Lowerer<'o> {
    // ---------------------------------------------------------------- rvalues

    /// An rvalue, with arrays and functions decayed to pointers.
    pub(super) fn rv(&mut self, e: &Node<Expression>) -> Res<(Expr, Type)> {
        let (x, t) = self.rv_noconv(e)?;
        if is_wide(&t) && fold(&x).is_none() {
            return self.unsupported(e.span, INT128_UNSUPPORTED);
        }
        Ok((x, t))
    }

    pub(super) fn decay(&self, l: Lval, t: Type) -> (Expr, Type) {
        match t {
            Type::Array(elem, _) => (Expr::AddrOf(Lval::Index(Box::new(l), Box::new(Expr::Int(0)))), Type::Ptr(elem)),
            t => (Expr::Lval(l), t),
        }
    }

    /// The value of `e` and its type, without the usual conversions; one arm per C expression
    /// form, the longer forms in helpers.
    pub(super) fn rv_noconv(&mut self, e: &Node<Expression>) -> Res<(Expr, Type)> {
        match &e.node {
            Expression::Identifier(id) => self.identifier_rv(e, id),
            Expression::Constant(c) => match &c.node {
                Constant::Integer(i) => self.integer_constant(i, c.span),
                Constant::Character(s) => self.char_constant(s, c.span),
                Constant::Float(f) => self.float_constant(f, c.span),
            },
            Expression::StringLiteral(s) => Ok(self.string_literal(&s.node)),
            Expression::Member(_) | Expression::CompoundLiteral(_) => {
                let (l, t) = self.lv(e)?;
                Ok(self.decay(l, t))
            }
            Expression::Call(c) => {
                self.set_loc(e.span);
                match self.call(c, e.span, Want::Value)? {
                    Some(v) => Ok(v),
                    None => Ok((Expr::Int(0), Type::Void)),
                }
            }
            Expression::SizeOfTy(s) => {
                let t = self.type_name(&s.node.0)?;
                self.sizeof(&t, e.span)
            }
            Expression::SizeOfVal(s) if self.vla_named(&s.node.0).is_some() => {
                let (len, lt, elem) = self.vla_named(&s.node.0).unwrap();
                if self.f.is_none() || self.const_mode {
                    return self.err(e.span, "expression is not a compile-time constant");
                }
                let size_t = self.size_t();
                let n = self.conv(Expr::Lval(Lval::Var(len)), &lt, &size_t, e.span)?;
                let (es, _) = self.sizeof(&elem, e.span)?;
                Ok((Expr::Binary(BinOp::Mul, Box::new(n), Box::new(es)), size_t))
            }
            Expression::SizeOfVal(s) => {
                let t = self.type_of_sizeof(&s.node.0)?;
                self.sizeof(&t, e.span)
            }
            Expression::AlignOf(a) => {
                let t = self.type_name(&a.node.0)?;
                match self.size_align(&t) {
                    // gcc aligns an atomic type of 1, 2, 4, 8 or 16 bytes to its size
                    // (`_Atomic long long` is 8-aligned on i386, where `long long` is 4)
                    Some((sz, al)) if is_atomic(&a.node.0.node) && sz.is_power_of_two() && sz <= 16 => {
                        Ok((const_expr(al.max(sz) as i128, &self.size_t()), self.size_t()))
                    }
                    Some((_, al)) => Ok((const_expr(al as i128, &self.size_t()), self.size_t())),
                    None => self.err(e.span, "alignof of an incomplete type"),
                }
            }
            Expression::OffsetOf(o) => self.offsetof(o),
            Expression::UnaryOperator(u) => self.unary(u, e),
            Expression::Cast(c) => self.cast_rv(e, c),
            Expression::BinaryOperator(b) => self.binary(b, e),
            Expression::Conditional(c) => self.conditional(e, c),
            Expression::Comma(es) => {
                let n = es.len();
                for x in &es[..n - 1] {
                    self.effect(x)?;
                }
                self.rv_noconv(&es[n - 1])
            }
            Expression::Statement(s) => self.stmt_expr(s),
            Expression::GenericSelection(_) => self.unsupported(e.span, "_Generic is not supported"),
            Expression::VaArg(v) => self.va_arg(v, e.span),
        }
    }

    /// `c ? a : b`: a constant condition selects its branch, else both branches assign one
    /// temporary of the common type.
    fn conditional(&mut self, e: &Node<Expression>, c: &Node<ConditionalExpression>) -> Res<(Expr, Type)> {
        // a constant condition selects its branch (also in constant expressions)
        if !has_side_effects(&c.node.condition.node) {
            if let Ok(v) = self.const_int(&c.node.condition) {
                let tt = self.type_of_expr(&c.node.then_expression)?;
                let et = self.type_of_expr(&c.node.else_expression)?;
                let chosen = if v != 0 { &c.node.then_expression } else { &c.node.else_expression };
                let (x, xt) = self.rv(chosen)?;
                if is_arith(&tt) && is_arith(&et) {
                    let rt = arith_conv(&tt, &et);
                    let (x, xt) = self.bool_to_int(x, xt);
                    return Ok((self.conv(x, &xt, &rt, e.span)?, rt));
                }
                return Ok((x, xt));
            }
        }
        let tt = self.type_of_expr(&c.node.then_expression)?;
        let et = self.type_of_expr(&c.node.else_expression)?;
        let decayed = |t: Type| match t {
            Type::Array(el, _) => Type::Ptr(el),
            Type::Func(f) => Type::Ptr(Box::new(Type::Func(f))),
            t => t,
        };
        let (tt, et) = (decayed(tt), decayed(et));
        let rt = if tt == Type::Void || et == Type::Void {
            Type::Void
        } else if tt.is_pointer() {
            tt.clone()
        } else if et.is_pointer() {
            et.clone()
        } else if is_arith(&tt) && is_arith(&et) {
            arith_conv(&tt, &et)
        } else {
            tt.clone()
        };
        let tmp = if rt == Type::Void { None } else { Some(self.new_temp(rt.clone())?) };
        let (te, ee) = (&c.node.then_expression, &c.node.else_expression);
        let rt2 = rt.clone();
        let tmp2 = tmp.clone();
        self.gen_if(
            &c.node.condition,
            &mut |s: &mut Self| s.assign_or_effect(tmp.as_ref(), &rt, te),
            &mut |s: &mut Self| s.assign_or_effect(tmp2.as_ref(), &rt2, ee),
        )?;
        Ok(match tmp {
            Some(t) => (Expr::Lval(Lval::Var(t)), rt),
            None => (Expr::Int(0), Type::Void),
        })
    }

    /// `(T) x`: a cast to `void` is evaluated for effect; constants fold into the target type.
    fn cast_rv(&mut self, e: &Node<Expression>, c: &Node<CastExpression>) -> Res<(Expr, Type)> {
        let t = self.type_name(&c.node.type_name)?;
        if t == Type::Void {
            self.effect(&c.node.expression)?;
            return Ok((Expr::Int(0), Type::Void));
        }
        let (x, xt) = self.rv(&c.node.expression)?;
        if xt == t {
            return Ok((x, t));
        }
        let r = match (&xt, &t) {
            (_, Type::Bool) => self.truth(x, &xt),
            (Type::Float { .. }, _) | (_, Type::Float { .. }) => self.conv(x, &xt, &t, e.span)?,
            (Type::Ptr(_), Type::Ptr(_)) => self.conv(x, &xt, &t, e.span)?,
            (_, Type::Int { .. }) | (_, Type::Ptr(_)) => match fold(&x).or_else(|| self.fold_address(&x)) {
                Some(v) if t.is_integer() => const_expr(interp::wrap(v, &t), &t),
                _ => Expr::Cast(t.clone(), Box::new(x)),
            },
            _ => self.conv(x, &xt, &t, e.span)?,
        };
        Ok((r, t))
    }

    /// `offsetof(T, designator)`: members and constant array indices, laid out as gcc does.
    fn offsetof(&mut self, o: &Node<OffsetOfExpression>) -> Res<(Expr, Type)> {
        // members and constant array indices, laid out as gcc does
        let mut cur = self.type_name(&o.node.type_name)?;
        let mut off: i128 = 0;
        /// One step of the designator: a member name, or an array index.
        type Step<'a> = (Result<String, &'a Node<Expression>>, Span);
        let mut steps: Vec<Step> = vec![(Ok(o.node.designator.node.base.node.name.clone()), o.node.designator.span)];
        for m in &o.node.designator.node.members {
            match &m.node {
                OffsetMember::Member(id) | OffsetMember::IndirectMember(id) => {
                    steps.push((Ok(id.node.name.clone()), m.span))
                }
                OffsetMember::Index(i) => steps.push((Err(i), m.span)),
            }
        }
        for (step, span) in steps {
            let i = match step {
                Ok(f) => {
                    (off, cur) = self.offsetof_member(cur, off, &f, span)?;
                    continue;
                }
                Err(i) => i,
            };
            let Type::Array(elem, _) = &cur else {
                return self.err(span, "offsetof: subscript of a non-array");
            };
            let elem = (**elem).clone();
            let k = self.const_int(i)?;
            let Some((es, _)) = self.size_align(&elem) else {
                return self.err(span, "offsetof: element of incomplete type");
            };
            off += k * es as i128;
            cur = elem;
        }
        Ok((const_expr(off, &self.size_t()), self.size_t()))
    }

    /// A name as a value: a variable (arrays decay), an enum constant, a function's address,
    /// or `__func__` and its GNU spellings.
    fn identifier_rv(&mut self, e: &Node<Expression>, id: &Node<Identifier>) -> Res<(Expr, Type)> {
        let n = &id.node.name;
        match self.lookup(n).cloned() {
            Some(Sym::Var { name, .. }) if self.const_globals_fold && self.const_globals.contains_key(&name) => {
                let (v, t) = self.const_globals[&name].clone();
                Ok((const_expr(v, &t), t))
            }
            Some(Sym::Var { name, ty }) => Ok(self.decay(Lval::Var(name), ty)),
            Some(Sym::Enum(v, t)) => Ok((Expr::Int(v), t)),
            Some(Sym::Func(f)) => {
                self.check_address_taken(&f, e.span)?;
                let ft =
                    self.funcs.get(&f).cloned().unwrap_or(FuncType { ret: Type::INT, params: vec![], variadic: true });
                Ok((Expr::FuncAddr(f), Type::ptr(Type::Func(Box::new(ft)))))
            }
            Some(Sym::Typedef(_)) => self.err(e.span, format!("unexpected type name '{n}'")),
            None if n == "__func__" || n == "__FUNCTION__" || n == "__PRETTY_FUNCTION__" => {
                let fname = self.f.as_ref().map(|f| f.name.clone()).unwrap_or_default();
                Ok(self.string_literal(&[format!("\"{fname}\"")]))
            }
            None => self.err(e.span, format!("use of undeclared identifier '{n}'")),
        }
    }

    /// The variable-length array that `e` names, if it is one: the temporary holding its
    /// length, the length's type, and the element type.
    pub(super) fn vla_named(&self, e: &Node<Expression>) -> Option<(String, Type, Type)> {
        let Expression::Identifier(id) = &e.node else {
            return None;
        };
        match self.lookup(&id.node.name) {
            Some(Sym::Var { name, .. }) => self.vlas.get(name).cloned(),
            _ => None,
        }
    }

    /// The type of `e` without array decay (a variable-length array is its C-- pointer: the
    /// callers that need its C type, `sizeof` and `typeof`, ask [`Self::vla_named`] first).
    pub(super) fn type_of_sizeof(&mut self, e: &Node<Expression>) -> Res<Type> {
        // sizeof does not decay arrays
        if let Expression::Identifier(id) = &e.node {
            if let Some(Sym::Var { ty, .. }) = self.lookup(&id.node.name) {
                return Ok(ty.clone());
            }
        }
        if self.is_lvalue_expr(e) {
            let saved = self.f.as_ref().map(|f| (f.body.len(), f.pending.clone()));
            let saved_const = self.const_mode;
            if self.f.is_some() {
                self.const_mode = false;
            }
            let r = self.lv(e);
            self.const_mode = saved_const;
            if let (Some(f), Some((n, p))) = (self.f.as_mut(), saved) {
                f.body.truncate(n);
                f.pending = p;
            }
            return Ok(r?.1);
        }
        self.type_of_expr(e)
    }

    pub(super) fn sizeof(&self, t: &Type, span: Span) -> Res<(Expr, Type)> {
        match self.size_align(t) {
            Some((s, _)) => Ok((const_expr(s as i128, &self.size_t()), self.size_t())),
            None => self.err(span, format!("sizeof of incomplete type {}", print::type_str(t))),
        }
    }

    pub(super) fn assign_or_effect(&mut self, tmp: Option<&String>, t: &Type, e: &Node<Expression>) -> Res<()> {
        match tmp {
            Some(v) => self.assign_into(Lval::Var(v.clone()), t, e),
            None => self.effect(e),
        }
    }

    pub(super) fn stmt_expr(&mut self, s: &Node<Statement>) -> Res<(Expr, Type)> {
        let Statement::Compound(items) = &s.node else {
            return self.err(s.span, "statement expression without a block");
        };
        self.scopes.push(Scope::default());
        let n = items.len();
        let mut result = (Expr::Int(0), Type::Void);
        for (i, it) in items.iter().enumerate() {
            match &it.node {
                BlockItem::Statement(st) if i + 1 == n => {
                    if let Statement::Expression(Some(e)) = &st.node {
                        self.set_loc(st.span);
                        let (x, t) = self.rv_noconv(e)?;
                        if t != Type::Void {
                            let tmp = self.new_temp(t.clone())?;
                            self.emit(StmtKind::Assign(Lval::Var(tmp.clone()), x))?;
                            result = (Expr::Lval(Lval::Var(tmp)), t);
                        }
                    } else {
                        self.stmt(st)?;
                    }
                }
                BlockItem::Statement(st) => self.stmt(st)?,
                BlockItem::Declaration(d) => self.local_decl(d)?,
                BlockItem::StaticAssert(_) => {}
            }
        }
        self.scopes.pop();
        Ok(result)
    }

    pub(super) fn unary(&mut self, u: &Node<UnaryOperatorExpression>, e: &Node<Expression>) -> Res<(Expr, Type)> {
        let op = &u.node.operand;
        match u.node.operator.node {
            UnaryOperator::PostIncrement | UnaryOperator::PostDecrement => {
                let (l, t) = self.lv(op)?;
                self.check_scalar(&t, op.span)?;
                let tmp = self.new_temp(t.clone())?;
                self.set_loc(e.span);
                self.emit(StmtKind::Assign(Lval::Var(tmp.clone()), Expr::Lval(l.clone())))?;
                let inc = u.node.operator.node == UnaryOperator::PostIncrement;
                self.incr(l, &t, inc, e.span)?;
                Ok((Expr::Lval(Lval::Var(tmp)), t))
            }
            UnaryOperator::PreIncrement | UnaryOperator::PreDecrement => {
                let (l, t) = self.lv(op)?;
                self.check_scalar(&t, op.span)?;
                self.set_loc(e.span);
                let inc = u.node.operator.node == UnaryOperator::PreIncrement;
                self.incr(l.clone(), &t, inc, e.span)?;
                Ok((Expr::Lval(l), t))
            }
            UnaryOperator::Address => {
                if self.vla_named(op).is_some() {
                    return self.unsupported(e.span, "the address of a variable-length array is not supported");
                }
                if let Expression::Identifier(id) = &op.node {
                    if let Some(Sym::Func(_)) = self.lookup(&id.node.name) {
                        return self.rv_noconv(op);
                    }
                }
                if let Expression::UnaryOperator(inner) = &op.node {
                    if inner.node.operator.node == UnaryOperator::Indirection {
                        let (p, pt) = self.rv(&inner.node.operand)?;
                        return Ok((p, pt));
                    }
                }
                let (l, t) = self.lv(op)?;
                Ok((addr_of(l), Type::ptr(t)))
            }
            UnaryOperator::Indirection => {
                let (p, pt) = self.rv(op)?;
                match pt {
                    Type::Ptr(t) => match *t {
                        Type::Func(f) => Ok((p, Type::Ptr(Box::new(Type::Func(f))))),
                        t => Ok(self.decay(deref(p), t)),
                    },
                    t => self.err(e.span, format!("indirection of a non-pointer of type {}", print::type_str(&t))),
                }
            }
            UnaryOperator::Plus | UnaryOperator::Minus if self.type_of_expr(op)?.is_float() => {
                let (x, t) = self.rv(op)?;
                if u.node.operator.node == UnaryOperator::Plus {
                    return Ok((x, t));
                }
                Ok((self.float_op(FloatOp::Neg, t.clone(), vec![x]), t))
            }
            UnaryOperator::Plus => {
                let (x, t) = self.rv(op)?;
                self.check_int(&t, op.span)?;
                let pt = promote(&t);
                Ok((self.conv(x, &t, &pt, e.span)?, pt))
            }
            UnaryOperator::Minus | UnaryOperator::Complement => {
                let (x, t) = self.rv(op)?;
                self.check_int(&t, op.span)?;
                let pt = promote(&t);
                let x = self.conv(x, &t, &pt, e.span)?;
                let uop = if u.node.operator.node == UnaryOperator::Minus { UnOp::Neg } else { UnOp::BitNot };
                let r = Expr::Unary(uop, Box::new(x));
                Ok(match fold(&r) {
                    Some(v) => (const_expr(interp::wrap(v, &pt), &pt), pt),
                    None => (r, pt),
                })
            }
            UnaryOperator::Negate => {
                let (x, t) = self.rv(op)?;
                self.check_scalar(&t, op.span)?;
                Ok((Expr::negate(self.truth(x, &t)), Type::Bool))
            }
        }
    }

    pub(super) fn incr(&mut self, l: Lval, t: &Type, inc: bool, span: Span) -> Res<()> {
        let cur = Expr::Lval(l.clone());
        let new = match t {
            Type::Ptr(_) => Expr::bin(if inc { BinOp::Add } else { BinOp::Sub }, cur, Expr::Int(1)),
            Type::Bool => Expr::Bool(inc),
            Type::Float { .. } => {
                let one = self.conv(Expr::Int(1), &Type::INT, t, span)?;
                self.float_op(if inc { FloatOp::Add } else { FloatOp::Sub }, t.clone(), vec![cur, one])
            }
            _ => {
                let pt = promote(t);
                let c = self.conv(cur, t, &pt, span)?;
                let r = Expr::bin(if inc { BinOp::Add } else { BinOp::Sub }, c, const_expr(1, &pt));
                self.conv(r, &pt, t, span)?
            }
        };
        self.emit(StmtKind::Assign(l, new))
    }

    pub(super) fn bool_to_int(&self, e: Expr, t: Type) -> (Expr, Type) {
        if t == Type::Bool {
            (Expr::Cast(Type::INT, Box::new(e)), Type::INT)
        } else {
            (e, t)
        }
    }

    /// Arithmetic on two lowered operands.
    pub(super) fn arith(&self, op: BinOp, a: Expr, ta: Type, b: Expr, tb: Type, span: Span) -> Res<(Expr, Type)> {
        let (a, ta) = self.bool_to_int(a, ta);
        let (b, tb) = self.bool_to_int(b, tb);
        self.check_scalar(&ta, span)?;
        self.check_scalar(&tb, span)?;
        match (&ta, &tb) {
            (Type::Ptr(_), Type::Ptr(_)) if op == BinOp::Sub => {
                let lt = Type::int(self.long_bits(), true);
                return Ok((Expr::bin(BinOp::Sub, a, b), lt));
            }
            (Type::Ptr(_), Type::Int { .. }) if matches!(op, BinOp::Add | BinOp::Sub) => {
                return Ok((Expr::bin(op, a, b), ta));
            }
            (Type::Int { .. }, Type::Ptr(_)) if op == BinOp::Add => {
                return Ok((Expr::bin(op, b, a), tb));
            }
            (Type::Ptr(_), _) | (_, Type::Ptr(_)) => {
                return self.err(span, format!("invalid operands to '{}' (pointer arithmetic)", op.symbol()));
            }
            _ => {}
        }
        if ta.is_float() || tb.is_float() {
            let Some(fop) = FloatOp::arithmetic(op) else {
                return self.err(span, format!("invalid operands to '{}' (floating point)", op.symbol()));
            };
            let t = arith_conv(&ta, &tb);
            let a = self.conv(a, &ta, &t, span)?;
            let b = self.conv(b, &tb, &t, span)?;
            return Ok((self.float_op(fop, t.clone(), vec![a, b]), t));
        }
        let t = if matches!(op, BinOp::Shl | BinOp::Shr) { promote(&ta) } else { arith_conv(&ta, &tb) };
        let tbc = if matches!(op, BinOp::Shl | BinOp::Shr) { promote(&tb) } else { t.clone() };
        let a = self.conv(a, &ta, &t, span)?;
        let b = self.conv(b, &tb, &tbc, span)?;
        let r = Expr::bin(op, a, b);
        if let Some(v) = fold(&r) {
            if !matches!(op, BinOp::Div | BinOp::Rem) || fold(&r).is_some() {
                return Ok((const_expr(interp::wrap(v, &t), &t), t));
            }
        }
        Ok((r, t))
    }

    pub(super) fn compare(&self, op: BinOp, a: Expr, ta: Type, b: Expr, tb: Type, span: Span) -> Res<Expr> {
        let (a, ta) = self.bool_to_int(a, ta);
        let (b, tb) = self.bool_to_int(b, tb);
        self.check_scalar(&ta, span)?;
        self.check_scalar(&tb, span)?;
        let r = match (&ta, &tb) {
            (Type::Ptr(_), Type::Ptr(_)) => {
                let b = if ta != tb { self.conv(b, &tb, &ta, span)? } else { b };
                Expr::bin(op, a, b)
            }
            (Type::Ptr(_), _) => Expr::bin(op, a, self.conv(b, &tb, &ta, span)?),
            (_, Type::Ptr(_)) => Expr::bin(op, self.conv(a, &ta, &tb, span)?, b),
            _ if ta.is_float() || tb.is_float() => {
                let t = arith_conv(&ta, &tb);
                let (a, b) = (self.conv(a, &ta, &t, span)?, self.conv(b, &tb, &t, span)?);
                let fop = FloatOp::comparison(op).expect("a comparison");
                return Ok(match self.float_op(fop, Type::Bool, vec![a, b]) {
                    Expr::Int(v) => Expr::Bool(v != 0),
                    r => r,
                });
            }
            _ => {
                let t = arith_conv(&ta, &tb);
                Expr::bin(op, self.conv(a, &ta, &t, span)?, self.conv(b, &tb, &t, span)?)
            }
        };
        Ok(match fold(&r) {
            Some(v) => Expr::Bool(v != 0),
            None => r,
        })
    }

    pub(super) fn binop_of(op: &BinaryOperator) -> Option<BinOp> {
        Some(match op {
            BinaryOperator::Multiply | BinaryOperator::AssignMultiply => BinOp::Mul,
            BinaryOperator::Divide | BinaryOperator::AssignDivide => BinOp::Div,
            BinaryOperator::Modulo | BinaryOperator::AssignModulo => BinOp::Rem,
            BinaryOperator::Plus | BinaryOperator::AssignPlus => BinOp::Add,
            BinaryOperator::Minus | BinaryOperator::AssignMinus => BinOp::Sub,
            BinaryOperator::ShiftLeft | BinaryOperator::AssignShiftLeft => BinOp::Shl,
            BinaryOperator::ShiftRight | BinaryOperator::AssignShiftRight => BinOp::Shr,
            BinaryOperator::BitwiseAnd | BinaryOperator::AssignBitwiseAnd => BinOp::BitAnd,
            BinaryOperator::BitwiseXor | BinaryOperator::AssignBitwiseXor => BinOp::BitXor,
            BinaryOperator::BitwiseOr | BinaryOperator::AssignBitwiseOr => BinOp::BitOr,
            BinaryOperator::Less => BinOp::Lt,
            BinaryOperator::Greater => BinOp::Gt,
            BinaryOperator::LessOrEqual => BinOp::Le,
            BinaryOperator::GreaterOrEqual => BinOp::Ge,
            BinaryOperator::Equals => BinOp::Eq,
            BinaryOperator::NotEquals => BinOp::Ne,
            _ => return None,
        })
    }

    pub(super) fn binary(&mut self, b: &Node<BinaryOperatorExpression>, e: &Node<Expression>) -> Res<(Expr, Type)> {
        let op = &b.node.operator.node;
        let (lhs, rhs) = (&b.node.lhs, &b.node.rhs);
        if *op == BinaryOperator::BitwiseAnd {
            if let Some(r) = self.ctype_macro(lhs, rhs)? {
                return Ok(r);
            }
        }
        match op {
            BinaryOperator::Index => {
                let (l, t) = self.lv(e)?;
                Ok(self.decay(l, t))
            }
            BinaryOperator::LogicalAnd | BinaryOperator::LogicalOr => {
                if !has_side_effects(&rhs.node) {
                    let (a, ta) = self.rv(lhs)?;
                    self.check_scalar(&ta, lhs.span)?;
                    let (c, tc) = self.rv(rhs)?;
                    self.check_scalar(&tc, rhs.span)?;
                    let bo = if *op == BinaryOperator::LogicalAnd { BinOp::And } else { BinOp::Or };
                    let r = Expr::bin(bo, self.truth(a, &ta), self.truth(c, &tc));
                    return Ok(match fold(&r) {
                        Some(v) => (Expr::Bool(v != 0), Type::Bool),
                        None => (r, Type::Bool),
                    });
                }
                let tmp = self.new_temp(Type::INT)?;
                let (t1, t2) = (tmp.clone(), tmp.clone());
                self.gen_if(
                    e,
                    &mut |s: &mut Self| s.emit(StmtKind::Assign(Lval::Var(t1.clone()), Expr::Int(1))),
                    &mut |s: &mut Self| s.emit(StmtKind::Assign(Lval::Var(t2.clone()), Expr::Int(0))),
                )?;
                Ok((Expr::Lval(Lval::Var(tmp)), Type::INT))
            }
            BinaryOperator::Assign => {
                let (l, t) = self.lv(lhs)?;
                self.set_loc(e.span);
                self.assign_into(l.clone(), &t, rhs)?;
                Ok(self.decay(l, t))
            }
            _ => {
                let bo = Self::binop_of(op).expect("binary operator");
                if compound_assign(op).is_some() {
                    let (l, t) = self.lv(lhs)?;
                    let (r, rt) = self.rv(rhs)?;
                    self.set_loc(e.span);
                    let (v, vt) = self.arith(bo, Expr::Lval(l.clone()), t.clone(), r, rt, e.span)?;
                    let v = self.conv(v, &vt, &t, e.span)?;
                    self.emit(StmtKind::Assign(l.clone(), v))?;
                    return Ok((Expr::Lval(l), t));
                }
                let (a, ta) = self.rv(lhs)?;
                let (c, tc) = self.rv(rhs)?;
                if bo.is_comparison() {
                    Ok((self.compare(bo, a, ta, c, tc, e.span)?, Type::Bool))
                } else {
                    self.arith(bo, a, ta, c, tc, e.span)
                }
            }
        }
    }

    /// `l := e` with the conversion to `t`; calls assign their result directly.
    pub(super) fn assign_into(&mut self, l: Lval, t: &Type, e: &Node<Expression>) -> Res<()> {
        if let Expression::Call(c) = &e.node {
            self.set_loc(e.span);
            if self.call(c, e.span, Want::Into(l.clone(), t.clone()))?.is_none() {
                return Ok(());
            }
            unreachable!("Want::Into returns None");
        }
        let (v, vt) = self.rv(e)?;
        if vt == Type::Void {
            return self.err(e.span, "void value used in an assignment");
        }
        let v = self.conv(v, &vt, t, e.span)?;
        self.emit(StmtKind::Assign(l, v))
    }

    /// Lower an expression for its side effects only.
    pub(super) fn effect(&mut self, e: &Node<Expression>) -> Res<()> {
        self.set_loc(e.span);
        match &e.node {
            Expression::Call(c) => {
                self.call(c, e.span, Want::Effect)?;
                Ok(())
            }
            Expression::UnaryOperator(u)
                if matches!(
                    u.node.operator.node,
                    UnaryOperator::PostIncrement
                        | UnaryOperator::PostDecrement
                        | UnaryOperator::PreIncrement
                        | UnaryOperator::PreDecrement
                ) =>
            {
                let (l, t) = self.lv(&u.node.operand)?;
                self.check_scalar(&t, u.node.operand.span)?;
                self.set_loc(e.span);
                let inc = matches!(u.node.operator.node, UnaryOperator::PostIncrement | UnaryOperator::PreIncrement);
                self.incr(l, &t, inc, e.span)
            }
            Expression::BinaryOperator(b) if b.node.operator.node == BinaryOperator::Assign => {
                let (l, t) = self.lv(&b.node.lhs)?;
                self.set_loc(e.span);
                self.assign_into(l, &t, &b.node.rhs)
            }
            Expression::BinaryOperator(b)
                if matches!(b.node.operator.node, BinaryOperator::LogicalAnd | BinaryOperator::LogicalOr) =>
            {
                if !has_side_effects(&b.node.rhs.node) {
                    self.effect(&b.node.lhs)
                } else if b.node.operator.node == BinaryOperator::LogicalAnd {
                    let rhs = &b.node.rhs;
                    self.gen_if(&b.node.lhs, &mut |s: &mut Self| s.effect(rhs), &mut |_s: &mut Self| Ok(()))
                } else {
                    let rhs = &b.node.rhs;
                    self.gen_if(&b.node.lhs, &mut |_s: &mut Self| Ok(()), &mut |s: &mut Self| s.effect(rhs))
                }
            }
            Expression::Conditional(c) => {
                let (te, ee) = (&c.node.then_expression, &c.node.else_expression);
                self.gen_if(&c.node.condition, &mut |s: &mut Self| s.effect(te), &mut |s: &mut Self| s.effect(ee))
            }
            Expression::Comma(es) => {
                for x in es.iter() {
                    self.effect(x)?;
                }
                Ok(())
            }
            Expression::Cast(c) => self.effect(&c.node.expression),
            _ => {
                self.rv_noconv(e)?;
                Ok(())
            }
        }
    }
}

/// Whether a type name is atomic (`_Atomic T` or `_Atomic(T)`).
fn is_atomic(t: &lang_c::ast::TypeName) -> bool {
    use lang_c::ast::{SpecifierQualifier, TypeQualifier, TypeSpecifier};
    t.specifiers.iter().any(|s| match &s.node {
        SpecifierQualifier::TypeQualifier(q) => matches!(q.node, TypeQualifier::Atomic),
        SpecifierQualifier::TypeSpecifier(ts) => matches!(ts.node, TypeSpecifier::Atomic(_)),
        _ => false,
    })
}
