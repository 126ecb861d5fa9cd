//! The allocation watermark (`cminus::names::ALLOC_TOP`): what makes an allocation fresh.
//!
//! Every allocation's object lies at or above [`ALLOC_MIN`] (apart from every variable and
//! every entry-parameter object) and below [`ALLOC_END`] (apart from every function); the
//! watermark `top` starts at `ALLOC_MIN`, an allocation returns NULL (if it may fail) or an
//! address `r` with `top <= r`, and then `top` is `r + 1`. So the addresses of earlier
//! allocations are below `top` and a new one differs from all of them: `x < top` holds of an
//! allocated `x` from its allocation on, and `x < top` before an allocation refutes
//! `result == x` after it. Addresses are never reused (see the doc of `ALLOC_TOP`). The
//! model bounds an execution to fewer than `ALLOC_END - ALLOC_MIN` (about 10^18) allocations:
//! past that, a fallible allocation returns NULL and an infallible one (`alloca`) blocks.

use crate::formula::{self, Formula};
use crate::mem::ALLOC_MIN;
use crate::{Env, State, Term};
use cminus::names::ALLOC_TOP;

/// Allocated addresses lie below this one (below every function address).
pub const ALLOC_END: i64 = crate::mem::FUNC_BASE - 1;

impl<'ctx> State<'ctx> {
    /// The watermark in this state.
    pub fn alloc_top(&self, env: &Env<'_, 'ctx>) -> Term<'ctx> {
        self.var(env, ALLOC_TOP)
    }

    /// What an allocation guarantees of its result `r` in this state (before the watermark
    /// moves): NULL (if it may fail), or an address in `[max(top, ALLOC_MIN), ALLOC_END)`.
    pub fn alloc_guarantee(&self, env: &Env<'_, 'ctx>, r: &Term<'ctx>, may_fail: bool) -> Formula<'ctx> {
        let top = self.alloc_top(env);
        let obj = formula::and(
            env.ctx,
            &[&env.addr_ge(r, &env.int(ALLOC_MIN)), &env.addr_ge(r, &top), &env.addr_lt(r, &env.int(ALLOC_END))],
        );
        if may_fail {
            formula::or(env.ctx, &[&obj, &formula::eq(r, &env.int(0))])
        } else {
            obj
        }
    }

    /// What holds of the watermark in every reachable state: it is at least `ALLOC_MIN`.
    pub fn alloc_top_invariant(&self, env: &Env<'_, 'ctx>) -> Formula<'ctx> {
        env.addr_ge(&self.alloc_top(env), &env.int(ALLOC_MIN))
    }

    /// Move the watermark past the allocation's result `r` (unchanged when `r` is NULL).
    pub fn advance_alloc_top(&mut self, env: &Env<'_, 'ctx>, r: &Term<'ctx>) {
        let top = self.alloc_top(env);
        let next = formula::ite(&formula::eq(r, &env.int(0)), &top, &r.bvadd(&env.int(1)));
        self.set_global(env, ALLOC_TOP, next);
    }
}
