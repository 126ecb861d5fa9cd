//! Uninitialised pointers of the entry procedure's aggregate locals, read as the task
//! semantics reads them (`--undefined assume-none`).
//!
//! A harness `main` often declares objects it never fills and hands them to the code under
//! check (`DEVICE_OBJECT devobj; … Dispatch(&devobj, irp)`, which follows
//! `devobj.DeviceExtension`). In gcc's semantics such a pointer holds whatever the stack held:
//! the logic lets it be any address, so every store through it may alias every object of the
//! program — paths the abstraction cannot refute and no replay can build. Dereferencing an
//! indeterminate pointer is undefined behaviour, so under `assume-none` no run the answer is
//! about depends on where it points; SV-COMP reads an uninitialised variable as a
//! nondeterministic value. [`initialise`] gives each such pointer member, at the entry, the
//! value of `__slam_indeterminate()` ([`names::INDETERMINATE`]): NULL or an object of its own,
//! exactly what slam makes of `__VERIFIER_nondet_pointer()` — one reading every engine, the
//! points-to analysis and the interpreter already share. A run that stores to the member
//! before reading it never sees the value. A compiled run cannot be handed the value, so a
//! violation through it is confirmed by the interpreter only (`exec`).
//!
//! Covered: pointer members (not function pointers) of struct and array locals of the entry,
//! through nested structs, the first member of unions and the first [`ARRAY_ELEMENTS`]
//! elements of arrays, at most [`MEMBERS`] in all; the rest keep any value.

use crate::*;

/// Elements of an array local (or member) whose pointers are given a value.
pub const ARRAY_ELEMENTS: u64 = 4;
/// Pointer members given a value, over all locals of the entry.
pub const MEMBERS: usize = 128;

/// Insert, at the start of the entry procedure, `t := __slam_indeterminate(); x.f := (T *) t`
/// for each pointer member `x.f` of an aggregate local `x` (see the module doc). Returns how
/// many members were given a value.
pub fn initialise(p: &mut Program) -> usize {
    let Some(pi) = p.procs.iter().position(|q| q.name == p.entry) else { return 0 };
    let members = members(p);
    if members.is_empty() {
        return 0;
    }
    if p.extern_fn(names::INDETERMINATE).is_none() {
        let ty = FuncType { ret: Type::Ptr(Box::new(Type::Void)), params: vec![], variadic: false };
        p.externs.push(Extern { name: names::INDETERMINATE.to_string(), ty });
    }
    let loc = p.procs[pi].body.first().map_or(p.procs[pi].loc, |s| s.loc);
    let mut new = Vec::new();
    let mut temps = Vec::new();
    for (k, (lv, ty)) in members.iter().enumerate() {
        let t = format!("__slam_ind{k}");
        temps.push(Var {
            name: t.clone(),
            c_name: t.clone(),
            ty: Type::Ptr(Box::new(Type::Void)),
            loc,
            init: Init::Zero,
        });
        let call =
            StmtKind::Call { callee: names::INDETERMINATE.to_string(), args: vec![], ret: Some(Lval::Var(t.clone())) };
        new.push(Stmt { id: p.fresh_stmt_id(), loc, labels: vec![], kind: call });
        let value = match ty {
            Type::Ptr(t0) if matches!(**t0, Type::Void) => Expr::var(&t),
            _ => Expr::Cast(ty.clone(), Box::new(Expr::var(&t))),
        };
        new.push(Stmt { id: p.fresh_stmt_id(), loc, labels: vec![], kind: StmtKind::Assign(lv.clone(), value) });
    }
    let n = members.len();
    let q = &mut p.procs[pi];
    q.locals.extend(temps);
    q.body.splice(0..0, new);
    n
}

/// The names of the struct members some expression of the program reads.
fn fields_read<'a>(p: &'a Program) -> std::collections::HashSet<&'a str> {
    let mut out = std::collections::HashSet::new();
    // (every member on the way: `p->v[1]` reads `v`)
    let mut add = |mut l: &'a Lval| loop {
        match l {
            Lval::Field(b, f) => {
                out.insert(f.as_str());
                l = b;
            }
            Lval::Index(b, _) => l = b,
            Lval::Var(_) | Lval::Deref(_) => break,
        }
    };
    for s in p.procs.iter().flat_map(|q| &q.body) {
        match &s.kind {
            StmtKind::Assign(l, e) => {
                l.visit_subexprs(&mut add);
                e.visit_lvals(&mut add);
            }
            StmtKind::Call { ret, args, .. } => {
                if let Some(l) = ret {
                    l.visit_subexprs(&mut add);
                }
                args.iter().for_each(|a| a.visit_lvals(&mut add));
            }
            StmtKind::Assume(e) | StmtKind::Return(Some(e)) => e.visit_lvals(&mut add),
            _ => {}
        }
    }
    out
}

/// The member an lvalue names last (`d.v[2]`: `v`), none for an element of a variable.
fn last_field(l: &Lval) -> Option<&str> {
    match l {
        Lval::Field(_, f) => Some(f),
        Lval::Index(b, _) => last_field(b),
        _ => None,
    }
}

/// The pointer members [`initialise`] gives a value, with their types: those of the entry's
/// aggregate locals that the program reads somewhere (by name; the others would cost the
/// engines an object each and change nothing), at most [`MEMBERS`].
pub fn members(p: &Program) -> Vec<(Lval, Type)> {
    let Some(entry) = p.proc(&p.entry) else { return Vec::new() };
    let mut members = Vec::new();
    for v in &entry.locals {
        if v.ty.is_aggregate() {
            pointer_members(p, Lval::Var(v.name.clone()), &v.ty, 0, &mut members);
        }
    }
    let read = fields_read(p);
    members.retain(|(lv, _)| match last_field(lv) {
        Some(f) => read.contains(f),
        None => true,
    });
    members.truncate(MEMBERS);
    members
}

/// The pointer members of an object `lv` of type `ty`, with their types, in declaration order.
fn pointer_members(p: &Program, lv: Lval, ty: &Type, depth: usize, out: &mut Vec<(Lval, Type)>) {
    if out.len() >= 8 * MEMBERS || depth > 8 {
        return;
    }
    match ty {
        Type::Ptr(t) if !matches!(**t, Type::Func(_)) => out.push((lv, ty.clone())),
        Type::Array(e, Some(n)) if e.is_pointer() || e.is_aggregate() => {
            for i in 0..(*n).min(ARRAY_ELEMENTS) {
                let el = Lval::Index(Box::new(lv.clone()), Box::new(Expr::Int(i as i128)));
                pointer_members(p, el, e, depth + 1, out);
            }
        }
        Type::Struct(s) => {
            let Some(d) = p.struct_def(s).filter(|d| d.complete) else { return };
            // a union's members share their bytes: only the first is given values
            let fields = if d.is_union { &d.fields[..d.fields.len().min(1)] } else { &d.fields[..] };
            for f in fields {
                if layout::is_bit_field(p, s, &f.name) {
                    continue;
                }
                pointer_members(p, Lval::Field(Box::new(lv.clone()), f.name.clone()), &f.ty, depth + 1, out);
            }
        }
        _ => {}
    }
}
