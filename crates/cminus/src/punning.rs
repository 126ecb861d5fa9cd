//! Which memory model a program needs: the typed one (one cell per scalar, exact while every
//! object is only ever accessed at its own type) or bytes (C's: objects are byte arrays).
//!
//! The typed model is the fast path of `logic`; it is exact for a program that never looks
//! at an object through a type that does not occur in it at that place. This module finds
//! the places where a program may do so, *soundly*: every access that could pun is found, so
//! a program judged [`MemoryModel::Typed`] reads every object only at a type it holds. A
//! program with such a place is [`MemoryModel::Bytes`], with the first place as the reason.
//!
//! An access may pun when (1) a pointer to `U` is converted to a pointer to `T` (looking
//! through `void *` in the same expression) and neither type holds the other at offset 0;
//! (2) a dereference at type `T` may reach (Andersen points-to) a variable whose type does not
//! hold `T` at some place, or an allocation also accessed at a type that neither holds nor is
//! held by `T`; (3) a union with members of different kinds (integers and pointers, structs,
//! arrays, floats) exists; (4) a library function's write was left inexact by the front end
//! (`names::clobbered`). Only the procedures a run from the entry may execute are looked at
//! (the points-to analysis still sees them all).

use crate::pointsto::{Obj, PointsTo};
use crate::{Expr, Lval, Program, StmtKind, Type};
use std::collections::HashMap;

/// The memory model a program needs.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub enum MemoryModel {
    #[default]
    /// Every object is accessed only at the types it holds: one cell per scalar is exact.
    Typed,
    /// Some access may read or write an object through another type (the reason says where).
    Bytes { reason: String },
}

impl MemoryModel {
    pub fn is_bytes(&self) -> bool {
        matches!(self, MemoryModel::Bytes { .. })
    }
}

/// The memory model `p` needs (see the module doc).
pub fn memory_model(p: &Program) -> MemoryModel {
    match first_pun(p) {
        Some(reason) => MemoryModel::Bytes { reason },
        None => MemoryModel::Typed,
    }
}

/// Whether two scalar types are views of the same bytes in the typed model: the same size
/// and both integers (or floats), or both pointers. A value converts exactly between them.
fn same_scalar(p: &Program, a: &Type, b: &Type) -> bool {
    let size = |t: &Type| crate::layout::size_of(p, t);
    match (a, b) {
        (Type::Ptr(_), Type::Ptr(_)) => true,
        (Type::Int { .. } | Type::Bool, Type::Int { .. } | Type::Bool) => size(a) == size(b),
        (Type::Float { bits: x }, Type::Float { bits: y }) => x == y,
        _ => false,
    }
}

/// Whether an object of type `outer` holds an object of type `inner` at offset 0 (itself,
/// its first field, its first element, recursively).
fn holds_at_start(p: &Program, outer: &Type, inner: &Type) -> bool {
    if outer == inner || (outer.is_scalar() && inner.is_scalar() && same_scalar(p, outer, inner)) {
        return true;
    }
    match outer {
        Type::Array(e, _) => holds_at_start(p, e, inner),
        Type::Struct(s) => match p.struct_def(s) {
            // a union holds each member at offset 0
            Some(d) if d.is_union => d.fields.iter().any(|f| holds_at_start(p, &f.ty, inner)),
            Some(d) => d.fields.first().is_some_and(|f| holds_at_start(p, &f.ty, inner)),
            None => false,
        },
        _ => false,
    }
}

/// Whether an object of type `outer` holds an object of type `inner` somewhere.
fn holds(p: &Program, outer: &Type, inner: &Type) -> bool {
    if holds_at_start(p, outer, inner) {
        return true;
    }
    match outer {
        Type::Array(e, _) => holds(p, e, inner),
        Type::Struct(s) => p.struct_def(s).is_some_and(|d| d.fields.iter().any(|f| holds(p, &f.ty, inner))),
        _ => false,
    }
}

/// Whether accesses at `a` and `b` may share an object in the typed model (one holds the
/// other, or either is `void`/incomplete/a function: no access happens at such a type).
fn compatible(p: &Program, a: &Type, b: &Type) -> bool {
    let opaque = |t: &Type| match t {
        Type::Void | Type::Func(_) => true,
        Type::Struct(s) => p.struct_def(s).is_none_or(|d| !d.complete),
        _ => false,
    };
    opaque(a) || opaque(b) || holds(p, a, b) || holds(p, b, a)
}

/// The first place where `p` may pun memory (see the module doc), in words. Only procedures
/// a run from the entry may execute count (`Program::procs_reachable_from`): a unit's other
/// API functions never run in its check, so their puns cannot make the typed model inexact.
fn first_pun(p: &Program) -> Option<String> {
    // (without the entry's body, e.g. before a harness is built, every procedure counts)
    let live = p.proc(&p.entry).map(|_| p.procs_reachable_from(&p.entry));
    let live = |proc: &&crate::Proc| live.as_ref().is_none_or(|l| l.contains(&proc.name));
    // (1) pointer conversions, (3) members of mixed unions, and (4) inexact library writes
    for proc in p.procs.iter().filter(live) {
        for s in &proc.body {
            let mut union = None;
            visit_lvals(&s.kind, &mut |l| {
                if let Lval::Field(b, _) = l {
                    let d = p.type_of_lval(Some(proc), b).and_then(|t| crate::unions::union_def(p, &t).cloned());
                    union = union.take().or(d.filter(crate::unions::is_mixed));
                }
            });
            if let Some(d) = union {
                return Some(format!(
                    "a member of union {} (members of different kinds) is accessed in {} (line {})",
                    d.name, proc.name, s.loc.line
                ));
            }
            if let StmtKind::Call { callee: func, .. } = &s.kind {
                // (slam's own models, such as the atexit table's overflow, write no memory)
                let model = p.files.get(s.loc.file as usize).is_some_and(|f| crate::names::is_model_file(f));
                if crate::names::is_clobbered(func) && !model {
                    return Some(format!("a library call in {} writes memory at another type", proc.name));
                }
            }
            let mut found = None;
            visit_exprs(&s.kind, &mut |e| {
                if found.is_none() {
                    found = pointer_pun(p, proc, e);
                }
            });
            if let Some(f) = found {
                return Some(format!("{f} in {} (line {})", proc.name, s.loc.line));
            }
        }
    }
    // (2) dereferences against the objects they may reach
    let mut pt = PointsTo::analyze(p);
    let mut alloc_types: HashMap<Obj, Type> = HashMap::new();
    for proc in p.procs.iter().filter(live) {
        for s in &proc.body {
            let mut derefs: Vec<Expr> = Vec::new();
            visit_lvals(&s.kind, &mut |l| collect_derefs(p, proc, l, &mut derefs));
            for e in derefs {
                let Some(Type::Ptr(t)) = p.type_of(Some(proc), &e) else { continue };
                for o in pt.points_to(&proc.name, &e) {
                    let declared = match &o {
                        Obj::Global(g) => p.global(g).map(|v| v.ty.clone()),
                        Obj::Local { proc: q, var } => p.proc(q).and_then(|q| q.var(var)).map(|v| v.ty.clone()),
                        // the harness's object for a parameter is typed by its accesses too
                        Obj::Alloc(_) | Obj::Harness(_) => {
                            let prev = alloc_types.entry(o.clone()).or_insert_with(|| (*t).clone());
                            if !compatible(p, prev, &t) {
                                return Some(format!(
                                    "an allocation is accessed as {} and as {} in {} (line {})",
                                    crate::print::type_str(prev),
                                    crate::print::type_str(&t),
                                    proc.name,
                                    s.loc.line
                                ));
                            }
                            if holds(p, &t, prev) {
                                *prev = (*t).clone();
                            }
                            None
                        }
                        Obj::Func(_) | Obj::Ret(_) | Obj::Unknown => None,
                    };
                    if let Some(d) = declared {
                        if !compatible(p, &d, &t) || (d.is_scalar() && t.is_scalar() && !same_scalar(p, &d, &t)) {
                            return Some(format!(
                                "an object of type {} is accessed as {} in {} (line {})",
                                crate::print::type_str(&d),
                                crate::print::type_str(&t),
                                proc.name,
                                s.loc.line
                            ));
                        }
                    }
                }
            }
        }
    }
    None
}

/// A conversion of a pointer to `U` into a pointer to an incompatible `T` (through `void *`
/// casts of the same expression).
fn pointer_pun(p: &Program, proc: &crate::Proc, e: &Expr) -> Option<String> {
    let Expr::Cast(Type::Ptr(t), inner) = e else { return None };
    let mut src = inner.as_ref();
    while let Expr::Cast(Type::Ptr(v), i) = src {
        if **v != Type::Void {
            break;
        }
        src = i;
    }
    let Some(Type::Ptr(u)) = p.type_of(Some(proc), src).map(decay) else { return None };
    if compatible(p, &u, t) && !(u.is_scalar() && t.is_scalar() && !same_scalar(p, &u, t)) {
        return None;
    }
    Some(format!(
        "a pointer to {} is converted to a pointer to {}",
        crate::print::type_str(&u),
        crate::print::type_str(t)
    ))
}

/// The struct types a pointer may point into the middle of (not a whole number of the
/// struct's size from the start of one): those a pointer of another type (`char *` after
/// arithmetic, `int *`, an integer) is converted to, looking through `void *` casts of the
/// same expression. Distinct members of such a struct at two bases may overlap
/// (`pointsto::PointsTo::may_alias`). A `void *` value converted to the struct's pointer is
/// taken to point at a whole struct (allocations, callbacks' contexts): a pointer into the
/// middle laundered through a `void *` variable is not seen.
pub fn misaligned_structs(p: &Program) -> std::collections::BTreeSet<String> {
    let mut out = std::collections::BTreeSet::new();
    let mut check = |proc: Option<&crate::Proc>, e: &Expr| {
        let Expr::Cast(Type::Ptr(t), inner) = e else { return };
        let Type::Struct(name) = t.as_ref() else { return };
        let mut src = inner.as_ref();
        while let Expr::Cast(Type::Ptr(v), i) = src {
            if **v != Type::Void {
                break;
            }
            src = i;
        }
        let whole = match p.type_of(proc, src).map(decay) {
            Some(Type::Ptr(u)) => *u == Type::Void || holds_at_start(p, &u, t),
            Some(Type::Int { .. }) => matches!(src, Expr::Int(_)),
            _ => true,
        };
        if !whole {
            out.insert(name.clone());
        }
    };
    for proc in &p.procs {
        for s in &proc.body {
            visit_exprs(&s.kind, &mut |e| check(Some(proc), e));
        }
    }
    fn inits(i: &crate::Init, f: &mut dyn FnMut(&Expr)) {
        match i {
            crate::Init::Zero => {}
            crate::Init::Expr(e) => walk_expr(e, f),
            crate::Init::List(xs) => xs.iter().for_each(|x| inits(x, f)),
        }
    }
    for g in &p.globals {
        inits(&g.init, &mut |e| check(None, e));
    }
    out
}

/// Arrays as the pointers they decay to.
fn decay(t: Type) -> Type {
    match t {
        Type::Array(e, _) => Type::Ptr(e),
        t => t,
    }
}

/// The pointer expressions an lvalue dereferences: `*e`, and `a[i]` on a pointer `a`.
fn collect_derefs(p: &Program, proc: &crate::Proc, l: &Lval, out: &mut Vec<Expr>) {
    match l {
        Lval::Var(_) => {}
        Lval::Deref(e) => out.push((**e).clone()),
        Lval::Field(b, _) => collect_derefs(p, proc, b, out),
        Lval::Index(b, _) => {
            if let Some(Type::Ptr(_)) = p.type_of_lval(Some(proc), b) {
                out.push(Expr::Lval((**b).clone()));
            }
            collect_derefs(p, proc, b, out)
        }
    }
}

/// Every expression of a statement, subexpressions included.
fn visit_exprs(k: &StmtKind, f: &mut dyn FnMut(&Expr)) {
    let walk = walk_expr;
    let lval = walk_lval;
    match k {
        StmtKind::Assign(l, e) => {
            lval(l, f);
            walk(e, f);
        }
        StmtKind::Call { ret, args, .. } => {
            if let Some(l) = ret {
                lval(l, f);
            }
            args.iter().for_each(|a| walk(a, f));
        }
        StmtKind::Return(Some(e)) | StmtKind::Assume(e) => walk(e, f),
        _ => {}
    }
}

/// `e` and its subexpressions, those of its lvalues included.
fn walk_expr(e: &Expr, f: &mut dyn FnMut(&Expr)) {
    f(e);
    match e {
        Expr::Unary(_, a) | Expr::Cast(_, a) => walk_expr(a, f),
        Expr::Binary(_, a, b) => {
            walk_expr(a, f);
            walk_expr(b, f);
        }
        Expr::Float(_, _, xs) => xs.iter().for_each(|x| walk_expr(x, f)),
        Expr::Lval(l) | Expr::AddrOf(l) => walk_lval(l, f),
        _ => {}
    }
}

/// The expressions inside an lvalue (addresses, indices).
fn walk_lval(l: &Lval, f: &mut dyn FnMut(&Expr)) {
    match l {
        Lval::Var(_) => {}
        Lval::Deref(e) => walk_expr(e, f),
        Lval::Field(b, _) => walk_lval(b, f),
        Lval::Index(b, i) => {
            walk_lval(b, f);
            walk_expr(i, f);
        }
    }
}

/// Every lvalue a statement reads or writes, subexpressions included (not those under `&`,
/// which compute an address and access nothing).
fn visit_lvals(k: &StmtKind, f: &mut dyn FnMut(&Lval)) {
    let mut exprs: Vec<&Expr> = Vec::new();
    match k {
        StmtKind::Assign(l, e) => {
            f(l);
            l.visit_subexprs(f);
            exprs.push(e);
        }
        StmtKind::Call { ret, args, .. } => {
            if let Some(l) = ret {
                f(l);
                l.visit_subexprs(f);
            }
            exprs.extend(args);
        }
        StmtKind::Return(Some(e)) | StmtKind::Assume(e) => exprs.push(e),
        _ => {}
    }
    for e in exprs {
        e.visit_lvals(f);
    }
}
