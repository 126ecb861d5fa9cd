//! Formulas over terms: the connectives the other crates use, so that only `logic` names
//! Z3. A [`Formula`] lives in one [`Context`] (one per thread).

use crate::Term;
use z3::ast::{Ast, Bool};

/// The solver context formulas and terms live in (one per thread: [`crate::new_context`]).
pub type Context = z3::Context;

/// The memory of a symbolic state (cells to values).
pub type Memory<'ctx> = z3::ast::Array<'ctx>;

/// A propositional formula over C-- terms.
pub type Formula<'ctx> = Bool<'ctx>;

/// A fresh propositional variable named `name`.
pub fn atom<'ctx>(ctx: &'ctx Context, name: impl Into<String>) -> Formula<'ctx> {
    Bool::new_const(ctx, name.into())
}

pub fn and<'ctx>(ctx: &'ctx Context, fs: &[&Formula<'ctx>]) -> Formula<'ctx> {
    Bool::and(ctx, fs)
}

pub fn or<'ctx>(ctx: &'ctx Context, fs: &[&Formula<'ctx>]) -> Formula<'ctx> {
    Bool::or(ctx, fs)
}

pub fn not<'ctx>(f: &Formula<'ctx>) -> Formula<'ctx> {
    f.not()
}

pub fn implies<'ctx>(a: &Formula<'ctx>, b: &Formula<'ctx>) -> Formula<'ctx> {
    a.implies(b)
}

/// `a` if and only if `b`.
pub fn iff<'ctx>(a: &Formula<'ctx>, b: &Formula<'ctx>) -> Formula<'ctx> {
    a._eq(b)
}

/// Equality of two terms (both in canonical form, so bit-vector equality is C's `==`).
pub fn eq<'ctx>(a: &Term<'ctx>, b: &Term<'ctx>) -> Formula<'ctx> {
    a._eq(b)
}

/// `c ? a : b` on terms.
pub fn ite<'ctx>(c: &Formula<'ctx>, a: &Term<'ctx>, b: &Term<'ctx>) -> Term<'ctx> {
    c.ite(a, b)
}
