//! The initial state of a program's globals: the one definition that abstraction (c2bp) and
//! path simulation (Newton) share, so that both start from the same facts.

use crate::{Env, State};
use cminus::{Expr, Init, Lval, Type};

/// Array items written one by one (past them, only initialised items that are not zero).
/// C's static storage is zero everywhere; the other cells of longer arrays keep the memory
/// the state starts from (c2bp starts from zero memory, which is exactly C's, or unknown
/// memory when a global's contents are unknown; Newton from unknown memory, because its
/// memory array also holds the entry's objects, and its counterexamples are replayed).
pub const INIT_ITEMS: u64 = 256;

impl<'ctx> State<'ctx> {
    /// Write every global's initial value (C's: zero unless initialised; a partially
    /// initialised aggregate is zero in the rest) into this state.
    pub fn init_globals(&mut self, env: &Env<'_, 'ctx>) {
        for g in &env.prog.globals {
            self.init_global(env, &Lval::var(&g.name), &g.ty, &g.init);
        }
        // No allocation yet: the watermark at the bottom of the allocations' addresses.
        self.set_global(env, cminus::names::ALLOC_TOP, env.int(env.layout.map.alloc_min));
    }

    fn init_global(&mut self, env: &Env<'_, 'ctx>, l: &Lval, ty: &Type, init: &Init) {
        let field = |f: &str| Lval::Field(Box::new(l.clone()), f.to_string());
        let item = |i: u64| Lval::Index(Box::new(l.clone()), Box::new(Expr::Int(i as i128)));
        match (init, ty) {
            (Init::Zero, Type::Struct(s)) => {
                if let Some(d) = env.prog.struct_def(s) {
                    for f in &d.fields {
                        self.init_global(env, &field(&f.name), &f.ty, &Init::Zero);
                    }
                    if cminus::unions::is_mixed(d) {
                        // All zeros: every member reads exactly (tag 0).
                        let _ = self.clear_tag(env, l);
                    }
                }
            }
            (Init::Zero, Type::Array(e, Some(n))) => {
                for i in 0..(*n).min(INIT_ITEMS) {
                    self.init_global(env, &item(i), e, &Init::Zero);
                }
            }
            (Init::Zero, t) if t.is_scalar() => {
                let _ = self.write(env, l, env.int(0));
            }
            (Init::Expr(Expr::Nondet(_)), t) if t.is_aggregate() => self.unknown_contents(env, l, t),
            (Init::Expr(e), t) if t.is_scalar() => {
                if let Ok(v) = self.int(env, e) {
                    let _ = self.write(env, l, v);
                }
            }
            (Init::List(items), Type::Struct(s)) => {
                let Some(d) = env.prog.struct_def(s) else { return };
                if d.is_union {
                    // All members share their storage: zero it, then write the member the
                    // initialiser names (writing the others' zeros would overwrite it).
                    self.init_global(env, l, ty, &Init::Zero);
                    for (f, it) in d.fields.iter().zip(items) {
                        if !cminus::unions::is_zero(it) {
                            self.init_global(env, &field(&f.name), &f.ty, it);
                        }
                    }
                    return;
                }
                for (i, f) in d.fields.iter().enumerate() {
                    let it = items.get(i).cloned().unwrap_or(Init::Zero);
                    self.init_global(env, &field(&f.name), &f.ty, &it);
                }
            }
            (Init::List(items), Type::Array(e, n)) => {
                for i in 0..n.unwrap_or(items.len() as u64).min(INIT_ITEMS) {
                    let it = items.get(i as usize).cloned().unwrap_or(Init::Zero);
                    self.init_global(env, &item(i), e, &it);
                }
                // Past `INIT_ITEMS`, the items that are not zero (zero memory has the others;
                // leaving a non-zero one out would make c2bp see a zero there).
                for (i, it) in items.iter().enumerate().skip(INIT_ITEMS as usize) {
                    if !matches!(it, Init::Zero | Init::Expr(Expr::Int(0))) {
                        self.init_global(env, &item(i as u64), e, it);
                    }
                }
            }
            // unions, and aggregates initialised by one expression: the memory's contents
            (Init::Zero | Init::Expr(_) | Init::List(_), _) => {}
        }
    }

    /// Unknown contents (an `extern` aggregate defined elsewhere): a fresh value in every
    /// scalar cell, in the order the interpreter asks for them (fields, then items). Cells
    /// past `INIT_ITEMS` items and union members keep the memory the state starts from: an
    /// abstraction must then start from unknown memory ([`starts_unknown`]).
    fn unknown_contents(&mut self, env: &Env<'_, 'ctx>, l: &Lval, ty: &Type) {
        match ty {
            Type::Struct(s) => {
                let Some(d) = env.prog.struct_def(s) else { return };
                if d.is_union {
                    return;
                }
                for f in &d.fields {
                    self.unknown_contents(env, &Lval::Field(Box::new(l.clone()), f.name.clone()), &f.ty);
                }
            }
            Type::Array(e, Some(n)) => {
                for i in 0..(*n).min(INIT_ITEMS) {
                    self.unknown_contents(env, &Lval::Index(Box::new(l.clone()), Box::new(Expr::Int(i as i128))), e);
                }
            }
            t if t.is_scalar() => {
                let v = env.fresh_of("init", Some(t));
                let _ = self.write(env, l, v);
            }
            _ => {}
        }
    }
}

/// Whether the program's initial memory cannot start as all zeros for an abstraction: some
/// global has unknown aggregate contents (see [`State::init_globals`]).
pub fn starts_unknown(prog: &cminus::Program) -> bool {
    prog.globals.iter().any(|g| cminus::Type::is_unknown_aggregate(&g.init, &g.ty))
}
