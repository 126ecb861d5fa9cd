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

/// `f` with the subformula `atom` replaced by the constant `value`.
pub fn substitute<'ctx>(f: &Formula<'ctx>, atom: &Formula<'ctx>, value: bool) -> Formula<'ctx> {
    let v = Bool::from_bool(f.get_ctx(), value);
    f.substitute(&[(atom, &v)])
}

/// What `f` says of its subformula `atom` by simplification alone: `Some(true)` when `f` with
/// `atom` false simplifies to false (so `f` implies `atom`), `Some(false)` when `f` with `atom`
/// true does (`f` implies `!atom`), else `None` (also when `f` does not mention `atom`).
pub fn decides<'ctx>(f: &Formula<'ctx>, atom: &Formula<'ctx>) -> Option<bool> {
    let refutes = |v: bool| substitute(f, atom, v).simplify().as_bool() == Some(false);
    if refutes(false) {
        // `f` false whatever `atom` is: it decides nothing about it
        (!refutes(true)).then_some(true)
    } else if refutes(true) {
        Some(false)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decides_reads_what_a_formula_forces_of_an_atom() {
        let ctx = crate::new_context();
        let ok = atom(&ctx, "ok");
        let other = atom(&ctx, "other");
        let x = z3::ast::BV::new_const(&ctx, "x", 64);
        let zero = z3::ast::BV::from_u64(&ctx, 0, 64);
        let addr = ite(&ok, &z3::ast::BV::from_u64(&ctx, 0x5010_0000, 64), &zero);
        // `p != NULL` with `p = ok ? obj : NULL`
        assert_eq!(decides(&not(&eq(&addr, &zero)), &ok), Some(true));
        assert_eq!(decides(&eq(&addr, &zero), &ok), Some(false));
        // a condition that does not force the outcome
        assert_eq!(decides(&or(&ctx, &[&ok, &other]), &ok), None);
        assert_eq!(decides(&eq(&x, &zero), &ok), None);
        // a contradiction decides nothing
        let f = Bool::from_bool(&ctx, false);
        assert_eq!(decides(&f, &ok), None);
        // substitution: `p == 0` under `ok` is false
        assert_eq!(substitute(&eq(&addr, &zero), &ok, true).simplify().as_bool(), Some(false));
    }
}
