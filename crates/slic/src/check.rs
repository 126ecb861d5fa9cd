//! Typing of rule expressions and their translation to C-- expressions.
//!
//! The same code checks a rule on its own (program types unknown: [`Ty::Any`]) and
//! translates it at an instrumentation site (program types known), so that both report
//! the same errors.

use crate::ast::*;
use crate::Diagnostic;
use cminus::{arith_conv, print, promote, BinOp, Expr, Lval, Program, Type, UnOp};
use std::collections::HashMap;

/// The type of a rule expression.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ty {
    /// A value of the rule's enum (a C-- `int`).
    Enum(usize),
    /// A C-- value of this type.
    C(Type),
    /// `NULL`.
    Null,
    /// Unknown (checking a rule without a program).
    Any,
}

/// What `$n` / `$return` mean at a site: the expression and its type, or why there is none.
pub type SlotFn<'a> = dyn Fn(Slot) -> Result<(Expr, Ty), String> + 'a;

/// The scope in which a rule expression is translated.
pub struct Env<'a> {
    pub rule: &'a Rule,
    /// The program, when instrumenting.
    pub prog: Option<&'a Program>,
    /// State variable → the name of its global in the program.
    pub globals: &'a HashMap<String, String>,
    pub slots: &'a SlotFn<'a>,
    /// When true, only constants are allowed (initial values).
    pub constant: bool,
}

/// A condition, kept as a tree of `&&`, `||`, `!` so that branches test atomic predicates.
#[derive(Clone, Debug)]
pub enum Cond {
    Atom(Expr),
    And(Box<Cond>, Box<Cond>),
    Or(Box<Cond>, Box<Cond>),
    Not(Box<Cond>),
}

impl Env<'_> {
    fn diag(&self, pos: Pos, m: impl Into<String>) -> Diagnostic {
        Diagnostic {
            file: self.rule.files.get(pos.file as usize).cloned().unwrap_or_default(),
            line: pos.line,
            col: pos.col,
            message: m.into(),
            kind: crate::DiagKind::Semantic,
        }
    }

    pub fn describe(&self, t: &Ty) -> String {
        match t {
            Ty::Enum(k) => {
                let cs: Vec<&str> = self.rule.enums[*k].constants.iter().map(|(n, _)| n.as_str()).collect();
                format!("enum {{{}}}", cs.join(", "))
            }
            Ty::C(t) => print::type_str(t),
            Ty::Null => "NULL".into(),
            Ty::Any => "a program value".into(),
        }
    }

    fn state_ty(&self, v: &StateVar) -> Ty {
        match v.ty {
            StateType::Enum(k) => Ty::Enum(k),
            StateType::Int => Ty::C(Type::INT),
            StateType::Bool => Ty::C(Type::Bool),
        }
    }

    /// Translate an expression; one arm per SLIC expression form, the longer forms in helpers.
    pub fn expr(&self, e: &RExpr) -> Result<(Expr, Ty), Diagnostic> {
        match &e.kind {
            RExprKind::Int(v) => {
                if i32::try_from(*v).is_ok() {
                    Ok((Expr::Int(*v), Ty::C(Type::INT)))
                } else {
                    let t = Type::int(64, true);
                    Ok((Expr::Cast(t.clone(), Box::new(Expr::Int(*v))), Ty::C(t)))
                }
            }
            RExprKind::Bool(b) => Ok((Expr::Bool(*b), Ty::C(Type::Bool))),
            RExprKind::Null => Ok((Expr::Cast(Type::ptr(Type::Void), Box::new(Expr::Int(0))), Ty::Null)),
            RExprKind::Name(n) => self.name_expr(e, n),
            RExprKind::Slot(s) => {
                if self.constant {
                    return Err(self.diag(e.pos, format!("the initial value must be a constant, not `{s}`")));
                }
                (self.slots)(*s).map_err(|m| self.diag(e.pos, m))
            }
            RExprKind::Unary(UnOp::Not, a) => {
                let c = self.cond(a)?;
                Ok((cond_expr(&Cond::Not(Box::new(c))), Ty::C(Type::Bool)))
            }
            RExprKind::Unary(op, a) => {
                let (x, t) = self.expr(a)?;
                let t = self.int_operand(&t, a.pos, if *op == UnOp::Neg { "-" } else { "~" })?;
                Ok((Expr::Unary(*op, Box::new(x)), t))
            }
            RExprKind::Binary(op @ (BinOp::And | BinOp::Or), _, _) => {
                let _ = op;
                let c = self.cond(e)?;
                Ok((cond_expr(&c), Ty::C(Type::Bool)))
            }
            RExprKind::Binary(op, a, b) if op.is_comparison() => {
                let (x, y) = self.compare(*op, a, b, e.pos)?;
                Ok((Expr::bin(*op, x, y), Ty::C(Type::Bool)))
            }
            RExprKind::Binary(op, a, b) => {
                let (x, ta) = self.expr(a)?;
                let (y, tb) = self.expr(b)?;
                let ta = self.int_operand(&ta, a.pos, op.symbol())?;
                let tb = self.int_operand(&tb, b.pos, op.symbol())?;
                match (&ta, &tb) {
                    (Ty::C(ta), Ty::C(tb)) => {
                        let t = if matches!(op, BinOp::Shl | BinOp::Shr) { promote(ta) } else { arith_conv(ta, tb) };
                        let tbc = if matches!(op, BinOp::Shl | BinOp::Shr) { promote(tb) } else { t.clone() };
                        Ok((Expr::bin(*op, conv(x, ta, &t), conv(y, tb, &tbc)), Ty::C(t)))
                    }
                    _ => Ok((Expr::bin(*op, x, y), Ty::Any)),
                }
            }
            RExprKind::Deref(a) => {
                let (x, t) = self.expr(a)?;
                match t {
                    Ty::Any => Ok((Expr::Lval(Lval::Deref(Box::new(x))), Ty::Any)),
                    Ty::C(Type::Ptr(inner)) if *inner != Type::Void && !matches!(*inner, Type::Func(_)) => {
                        Ok((Expr::Lval(Lval::Deref(Box::new(x))), Ty::C(*inner)))
                    }
                    t => Err(self.diag(e.pos, format!("cannot dereference a value of type {}", self.describe(&t)))),
                }
            }
            RExprKind::Field(a, f, arrow) => self.field_expr(e, a, f, *arrow),
            RExprKind::Index(a, i) => self.index_expr(e, a, i),
            RExprKind::AddrOf(a) => {
                let (x, t) = self.expr(a)?;
                match (as_lval(x), t) {
                    (Some(l), Ty::C(t)) if self.in_memory(a) => Ok((Expr::AddrOf(l), Ty::C(Type::ptr(t)))),
                    (Some(l), Ty::Any) if self.in_memory(a) => Ok((Expr::AddrOf(l), Ty::Any)),
                    _ => {
                        Err(self
                            .diag(e.pos, "`&` takes a global variable of the program (or a member or element of one)"))
                    }
                }
            }
            RExprKind::Cast(to, a) => self.cast_expr(e, to, a),
        }
    }

    /// `(to) a`: casts between scalar types; a null or literal 0 becomes a null pointer.
    fn cast_expr(&self, e: &RExpr, to: &Type, a: &RExpr) -> Result<(Expr, Ty), Diagnostic> {
        let (x, t) = self.expr(a)?;
        match (&t, to) {
            (_, Type::Void) => Err(self.diag(e.pos, "cast to void in a rule expression")),
            (Ty::Enum(_), _) => Err(self.diag(e.pos, "an enum state value cannot be cast")),
            (Ty::C(ft), _) if !ft.is_scalar() => {
                Err(self.diag(e.pos, format!("cannot cast a value of type {}", self.describe(&t))))
            }
            (Ty::Null, Type::Ptr(_)) => Ok((Expr::Cast(to.clone(), Box::new(Expr::Int(0))), Ty::C(to.clone()))),
            (Ty::C(Type::Int { .. }), Type::Ptr(_)) if x == Expr::Int(0) => {
                Ok((Expr::Cast(to.clone(), Box::new(Expr::Int(0))), Ty::C(to.clone())))
            }
            (Ty::C(ft), Type::Bool) => Ok((truth(x, ft), Ty::C(Type::Bool))),
            _ => Ok((Expr::Cast(to.clone(), Box::new(x)), Ty::C(to.clone()))),
        }
    }

    /// `a[i]`: indexing an array variable or a pointer.
    fn index_expr(&self, e: &RExpr, a: &RExpr, i: &RExpr) -> Result<(Expr, Ty), Diagnostic> {
        let (x, t) = self.expr(a)?;
        let (iv, it) = self.expr(i)?;
        self.int_operand(&it, i.pos, "[]")?;
        match t {
            Ty::Any => Ok((Expr::Lval(Lval::Deref(Box::new(Expr::bin(BinOp::Add, x, iv)))), Ty::Any)),
            Ty::C(Type::Array(el, _)) => match as_lval(x) {
                Some(l) => Ok((Expr::Lval(Lval::Index(Box::new(l), Box::new(iv))), Ty::C(*el))),
                None => Err(self.diag(e.pos, "indexing needs an array variable")),
            },
            Ty::C(Type::Ptr(el)) if *el != Type::Void => {
                Ok((Expr::Lval(Lval::Deref(Box::new(Expr::bin(BinOp::Add, x, iv)))), Ty::C(*el)))
            }
            t => Err(self.diag(e.pos, format!("cannot index a value of type {}", self.describe(&t)))),
        }
    }

    /// `a.f` or `a->f`: the base must be a struct (or a pointer to one) with field `f`.
    fn field_expr(&self, e: &RExpr, a: &RExpr, f: &str, arrow: bool) -> Result<(Expr, Ty), Diagnostic> {
        let (x, t) = self.expr(a)?;
        if t == Ty::Any {
            let base = if arrow { Lval::Deref(Box::new(x)) } else { as_lval(x).unwrap_or(Lval::var("?")) };
            return Ok((Expr::Lval(Lval::Field(Box::new(base), f.to_string())), Ty::Any));
        }
        let (base, st) = match (&t, arrow) {
            (Ty::C(Type::Ptr(inner)), true) => match &**inner {
                Type::Struct(s) => (Lval::Deref(Box::new(x)), s.clone()),
                _ => {
                    return Err(self.diag(
                        e.pos,
                        format!("`->{f}` on a value of type {}, not a pointer to a struct", self.describe(&t)),
                    ))
                }
            },
            (Ty::C(Type::Struct(s)), false) => match as_lval(x) {
                Some(l) => (l, s.clone()),
                None => return Err(self.diag(e.pos, format!("`.{f}` needs a struct variable"))),
            },
            _ => {
                let op = if arrow { "->" } else { "." };
                return Err(self.diag(e.pos, format!("`{op}{f}` on a value of type {}", self.describe(&t))));
            }
        };
        let ft = self.prog.and_then(|p| p.field_type(&st, f)).cloned();
        match ft {
            Some(ft) => Ok((Expr::Lval(Lval::Field(Box::new(base), f.to_string())), Ty::C(ft))),
            None => Err(self.diag(e.pos, format!("struct {st} has no field `{f}`"))),
        }
    }

    /// A name: an enum constant, a state variable or a global variable of the program.
    fn name_expr(&self, e: &RExpr, n: &str) -> Result<(Expr, Ty), Diagnostic> {
        if let Some((k, v)) = self.rule.enum_const(n) {
            return Ok((Expr::Int(v), Ty::Enum(k)));
        }
        if let Some(v) = self.rule.state_var(n) {
            if self.constant {
                return Err(
                    self.diag(e.pos, format!("the initial value must be a constant, not the state variable `{n}`"))
                );
            }
            let g = self.globals.get(n).cloned().unwrap_or_else(|| n.to_string());
            return Ok((Expr::Lval(Lval::Var(g)), self.state_ty(v)));
        }
        if self.constant {
            return Err(self.diag(e.pos, format!("unknown constant `{n}` in an initial value")));
        }
        let Some(p) = self.prog else {
            return Ok((Expr::Lval(Lval::Var(n.to_string())), Ty::Any));
        };
        let g = p.global(n).or_else(|| p.globals.iter().find(|g| g.c_name == *n));
        match g {
            Some(g) => Ok((Expr::Lval(Lval::Var(g.name.clone())), Ty::C(g.ty.clone()))),
            None => Err(self.diag(
                e.pos,
                format!("unknown identifier `{n}`: not a state variable, an enum constant or a global variable of the program"),
            )),
        }
    }

    /// Whether `a` names memory of the program (a global, a member or element of one, or what
    /// a pointer points to) rather than a state variable or a slot, whose address `&` cannot take.
    fn in_memory(&self, a: &RExpr) -> bool {
        match &a.kind {
            RExprKind::Name(n) => self.rule.state_var(n).is_none() && self.rule.enum_const(n).is_none(),
            RExprKind::Field(x, _, false) | RExprKind::Index(x, _) => self.in_memory(x),
            RExprKind::Field(_, _, true) | RExprKind::Deref(_) => true,
            _ => false,
        }
    }

    fn int_operand(&self, t: &Ty, pos: Pos, op: &str) -> Result<Ty, Diagnostic> {
        match t {
            Ty::Any => Ok(Ty::Any),
            Ty::C(t) if t.is_integer() => Ok(Ty::C(t.clone())),
            t => {
                Err(self
                    .diag(pos, format!("type mismatch: operator `{op}` needs an integer, found {}", self.describe(t))))
            }
        }
    }

    /// The operands of a comparison, converted to a common type.
    fn compare(&self, op: BinOp, a: &RExpr, b: &RExpr, pos: Pos) -> Result<(Expr, Expr), Diagnostic> {
        let (x, ta) = self.expr(a)?;
        let (y, tb) = self.expr(b)?;
        let eq = matches!(op, BinOp::Eq | BinOp::Ne);
        let zero = |e: &Expr| *e == Expr::Int(0);
        let mismatch = || {
            self.diag(
                pos,
                format!("type mismatch: `{}` between {} and {}", op.symbol(), self.describe(&ta), self.describe(&tb)),
            )
        };
        match (&ta, &tb) {
            (Ty::Any, _) | (_, Ty::Any) => Ok((x, y)),
            (Ty::Enum(p), Ty::Enum(q)) if p == q => Ok((x, y)),
            (Ty::Enum(_), _) | (_, Ty::Enum(_)) => Err(mismatch()),
            (Ty::Null, Ty::Null) if eq => Ok((Expr::Int(0), Expr::Int(0))),
            (Ty::Null, Ty::C(t @ Type::Ptr(_))) if eq => Ok((Expr::Cast(t.clone(), Box::new(Expr::Int(0))), y)),
            (Ty::C(t @ Type::Ptr(_)), Ty::Null) if eq => Ok((x, Expr::Cast(t.clone(), Box::new(Expr::Int(0))))),
            (Ty::C(Type::Int { .. }), Ty::C(t @ Type::Ptr(_))) if eq && zero(&x) => {
                Ok((Expr::Cast(t.clone(), Box::new(Expr::Int(0))), y))
            }
            (Ty::C(t @ Type::Ptr(_)), Ty::C(Type::Int { .. })) if eq && zero(&y) => {
                Ok((x, Expr::Cast(t.clone(), Box::new(Expr::Int(0)))))
            }
            (Ty::C(p @ Type::Ptr(_)), Ty::C(q @ Type::Ptr(_))) => Ok((x, conv(y, q, p))),
            (Ty::C(p), Ty::C(q)) if p.is_integer() && q.is_integer() => {
                let (x, p) = bool_to_int(x, p);
                let (y, q) = bool_to_int(y, q);
                let t = arith_conv(&p, &q);
                Ok((conv(x, &p, &t), conv(y, &q, &t)))
            }
            _ => Err(mismatch()),
        }
    }

    /// Translate a condition.
    pub fn cond(&self, e: &RExpr) -> Result<Cond, Diagnostic> {
        match &e.kind {
            RExprKind::Binary(BinOp::And, a, b) => Ok(Cond::And(Box::new(self.cond(a)?), Box::new(self.cond(b)?))),
            RExprKind::Binary(BinOp::Or, a, b) => Ok(Cond::Or(Box::new(self.cond(a)?), Box::new(self.cond(b)?))),
            RExprKind::Unary(UnOp::Not, a) => Ok(Cond::Not(Box::new(self.cond(a)?))),
            _ => {
                let (x, t) = self.expr(e)?;
                match t {
                    Ty::Any => Ok(Cond::Atom(x)),
                    Ty::C(t) if t.is_scalar() => Ok(Cond::Atom(truth(x, &t))),
                    Ty::Null => Ok(Cond::Atom(Expr::Bool(false))),
                    t => Err(self.diag(
                        e.pos,
                        format!(
                            "type mismatch: a condition must be a boolean, an integer or a pointer, found {}",
                            self.describe(&t)
                        ),
                    )),
                }
            }
        }
    }

    /// Check an assignment `var = value` and translate it to `(global, expr)`.
    pub fn assign(&self, var: &str, value: &RExpr, pos: Pos) -> Result<(String, Expr), Diagnostic> {
        let Some(sv) = self.rule.state_var(var) else {
            let what = if self.rule.enum_const(var).is_some() { "an enum constant" } else { "not a state variable" };
            return Err(self
                .diag(pos, format!("unknown state variable `{var}` ({what}); only state variables can be assigned")));
        };
        let g = self.globals.get(var).cloned().unwrap_or_else(|| var.to_string());
        let (x, t) = self.expr(value)?;
        let ok = |e: Expr| Ok((g.clone(), e));
        let mismatch = || {
            self.diag(
                value.pos,
                format!(
                    "type mismatch: state variable `{var}` has type {}, but the value has type {}",
                    self.describe(&self.state_ty(sv)),
                    self.describe(&t)
                ),
            )
        };
        match (sv.ty, &t) {
            (_, Ty::Any) => ok(x),
            (StateType::Enum(k), Ty::Enum(j)) if k == *j => ok(x),
            (StateType::Int, Ty::C(ct)) if ct.is_integer() => ok(conv(x, ct, &Type::INT)),
            (StateType::Bool, Ty::C(ct)) if ct.is_integer() => ok(truth(x, ct)),
            _ => Err(mismatch()),
        }
    }
}

fn as_lval(e: Expr) -> Option<Lval> {
    match e {
        Expr::Lval(l) => Some(l),
        _ => None,
    }
}

fn bool_to_int(e: Expr, t: &Type) -> (Expr, Type) {
    if *t == Type::Bool {
        (Expr::Cast(Type::INT, Box::new(e)), Type::INT)
    } else {
        (e, t.clone())
    }
}

/// Implicit conversion of `e` from `from` to `to`.
pub fn conv(e: Expr, from: &Type, to: &Type) -> Expr {
    if from == to {
        return e;
    }
    match (&e, to) {
        (Expr::Int(v), Type::Int { .. }) if cminus::interp::wrap(*v, to) == *v && *to == Type::INT => e,
        (_, Type::Bool) => truth(e, from),
        _ => Expr::Cast(to.clone(), Box::new(e)),
    }
}

/// A `Bool` expression that holds when the scalar `e` is non-zero.
pub fn truth(e: Expr, t: &Type) -> Expr {
    match t {
        Type::Bool => e,
        Type::Ptr(_) => Expr::bin(BinOp::Ne, e, Expr::Cast(t.clone(), Box::new(Expr::Int(0)))),
        _ => match e {
            Expr::Int(v) => Expr::Bool(v != 0),
            e if *t == Type::INT => Expr::bin(BinOp::Ne, e, Expr::Int(0)),
            e => Expr::bin(BinOp::Ne, e, Expr::Cast(t.clone(), Box::new(Expr::Int(0)))),
        },
    }
}

/// A condition as one expression.
pub fn cond_expr(c: &Cond) -> Expr {
    match c {
        Cond::Atom(e) => e.clone(),
        Cond::And(a, b) => Expr::bin(BinOp::And, cond_expr(a), cond_expr(b)),
        Cond::Or(a, b) => Expr::bin(BinOp::Or, cond_expr(a), cond_expr(b)),
        Cond::Not(a) => Expr::negate(cond_expr(a)),
    }
}
