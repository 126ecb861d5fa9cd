//! Lvalues: variables, fields, array items, dereferences.

use super::*;

impl<'o> Lowerer<'o> {
    // ---------------------------------------------------------------- lvalues

    /// The lvalue of `e` and its type; one arm per C lvalue form, the longer forms in helpers.
    pub(super) fn lv(&mut self, e: &Node<Expression>) -> Res<(Lval, Type)> {
        match &e.node {
            Expression::Identifier(id) => {
                let n = &id.node.name;
                match self.lookup(n).cloned() {
                    Some(Sym::Var { name, ty }) => Ok((Lval::Var(name), ty)),
                    Some(Sym::Func(_)) => self.err(e.span, format!("function '{n}' is not an lvalue")),
                    Some(_) => self.err(e.span, format!("'{n}' is not an lvalue")),
                    None => self.err(e.span, format!("use of undeclared identifier '{n}'")),
                }
            }
            Expression::Member(m) => self.member_lv(e, m),
            Expression::UnaryOperator(u) if u.node.operator.node == UnaryOperator::Indirection => {
                let (p, pt) = self.rv(&u.node.operand)?;
                match pt {
                    Type::Ptr(t) => Ok((deref(p), *t)),
                    t => self.err(e.span, format!("indirection of a non-pointer of type {}", print::type_str(&t))),
                }
            }
            Expression::BinaryOperator(b) if b.node.operator.node == BinaryOperator::Index => self.index_lv(e, b),
            Expression::CompoundLiteral(cl) => {
                let t = self.type_name(&cl.node.type_name)?;
                let tmp = self.new_temp(t.clone())?;
                let t = self.local_init_list(Lval::Var(tmp.clone()), &t, &cl.node.initializer_list)?;
                self.fx().locals.iter_mut().for_each(|v| {
                    if v.name == tmp {
                        v.ty = t.clone();
                    }
                });
                Ok((Lval::Var(tmp), t))
            }
            Expression::StringLiteral(s) => {
                let (e, pt) = self.string_literal(&s.node);
                let elem = pt.pointee().cloned().unwrap_or(Type::CHAR);
                match e {
                    Expr::AddrOf(Lval::Index(b, _)) => {
                        let n = string_values(&s.node).len() as u64 + 1;
                        Ok((*b, Type::Array(Box::new(elem), Some(n))))
                    }
                    _ => unreachable!(),
                }
            }
            Expression::Statement(_) | Expression::Call(_) => {
                // an rvalue used where an lvalue is needed (e.g. `f().x`): use a temporary
                let (v, t) = self.rv_noconv(e)?;
                let tmp = self.new_temp(t.clone())?;
                self.emit(StmtKind::Assign(Lval::Var(tmp.clone()), v))?;
                Ok((Lval::Var(tmp), t))
            }
            _ => self.err(e.span, "expression is not an lvalue"),
        }
    }

    /// `a[i]` (or `i[a]`): an array lvalue indexed, else a dereference of pointer plus index.
    fn index_lv(&mut self, e: &Node<Expression>, b: &Node<BinaryOperatorExpression>) -> Res<(Lval, Type)> {
        let (mut arr, mut idx) = (&b.node.lhs, &b.node.rhs);
        let lt = self.type_of_sizeof(arr)?;
        if lt.is_integer() {
            std::mem::swap(&mut arr, &mut idx);
        }
        let at = self.type_of_sizeof(arr)?;
        if let Type::Array(elem, _) = at {
            if self.is_lvalue_expr(arr) {
                let (l, _) = self.lv(arr)?;
                let (i, it) = self.rv(idx)?;
                self.check_int(&it, idx.span)?;
                return Ok((Lval::Index(Box::new(l), Box::new(i)), *elem));
            }
        }
        let (p, pt) = self.rv(arr)?;
        let (i, it) = self.rv(idx)?;
        self.check_int(&it, idx.span)?;
        match pt {
            Type::Ptr(t) => {
                let addr = if fold(&i) == Some(0) { p } else { Expr::bin(BinOp::Add, p, i) };
                Ok((deref(addr), *t))
            }
            t => self.err(e.span, format!("subscript of a non-array of type {}", print::type_str(&t))),
        }
    }

    /// `s.f` or `p->f`: the field path to `f` (through anonymous members) in a complete struct.
    fn member_lv(&mut self, e: &Node<Expression>, m: &Node<MemberExpression>) -> Res<(Lval, Type)> {
        let (base, bt) = match m.node.operator.node {
            MemberOperator::Direct => self.lv(&m.node.expression)?,
            MemberOperator::Indirect => {
                let (p, pt) = self.rv(&m.node.expression)?;
                match pt {
                    Type::Ptr(t) => (deref(p), *t),
                    t => {
                        return self.err(
                            m.node.expression.span,
                            format!("'->' applied to a non-pointer of type {}", print::type_str(&t)),
                        )
                    }
                }
            }
        };
        let Type::Struct(sname) = &bt else {
            return self.err(e.span, format!("member access on a non-struct of type {}", print::type_str(&bt)));
        };
        let f = &m.node.identifier.node.name;
        if !self.prog.struct_def(sname).map(|s| s.complete).unwrap_or(false) {
            return self.err(e.span, format!("member access into incomplete type 'struct {sname}'"));
        }
        let Some(path) = self.find_field(sname, f) else {
            return self.err(m.node.identifier.span, format!("no member named '{f}' in 'struct {sname}'"));
        };
        let mut l = base;
        let mut t = bt.clone();
        for (fname, ft) in path {
            l = Lval::Field(Box::new(l), fname);
            t = ft;
        }
        Ok((l, t))
    }

    pub(super) fn is_lvalue_expr(&self, e: &Node<Expression>) -> bool {
        match &e.node {
            Expression::Identifier(id) => {
                matches!(self.lookup(&id.node.name), Some(Sym::Var { .. }))
            }
            Expression::Member(_) | Expression::CompoundLiteral(_) | Expression::StringLiteral(_) => true,
            Expression::UnaryOperator(u) => u.node.operator.node == UnaryOperator::Indirection,
            Expression::BinaryOperator(b) => b.node.operator.node == BinaryOperator::Index,
            _ => false,
        }
    }

    pub(super) fn check_int(&self, t: &Type, span: Span) -> Res<()> {
        if t.is_integer() {
            Ok(())
        } else {
            self.err(span, format!("integer expected, found {}", print::type_str(t)))
        }
    }
}
