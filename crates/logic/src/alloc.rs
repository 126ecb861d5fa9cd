//! The allocation watermark (`cminus::names::ALLOC_TOP`): what makes an allocation fresh.
//!
//! Every allocation's object lies at or above `alloc_min` (`mem::AddressMap`) (apart from every variable and
//! every entry-parameter object) and below `alloc_end` (apart from every function), at an
//! address aligned as glibc's `malloc` aligns (its integer, in typed memory); the
//! watermark `top` starts at `alloc_min`, an allocation returns NULL (if it may fail) or an
//! address `r` with `top <= r`, and then `top` is `r + 1`. So the addresses of earlier
//! allocations are below `top` and a new one differs from all of them: `x < top` holds of an
//! allocated `x` from its allocation on, and `x < top` before an allocation refutes
//! `result == x` after it. Addresses are never reused (see the doc of `ALLOC_TOP`). The
//! model bounds an execution to fewer than `(alloc_end - alloc_min) / 16` allocations (about
//! 10^16; 1.4·10^8 in ILP32 byte memory):
//! past that, a fallible allocation returns NULL and an infallible one (`alloca`) blocks.

use crate::formula::{self, Formula};
use crate::{Env, State, Term};
use cminus::names::ALLOC_TOP;

impl<'ctx> State<'ctx> {
    /// The watermark in this state.
    pub fn alloc_top(&self, env: &Env<'_, 'ctx>) -> Term<'ctx> {
        self.var(env, ALLOC_TOP)
    }

    /// What an allocation guarantees of its result `r` in this state (before the watermark
    /// moves): NULL (if it may fail), or an address in `[max(top, alloc_min), alloc_end)`
    /// whose integer is a multiple of `cminus::layout::MALLOC_ALIGN` (glibc's guarantee).
    pub fn alloc_guarantee(&self, env: &Env<'_, 'ctx>, r: &Term<'ctx>, may_fail: bool) -> Formula<'ctx> {
        let top = self.alloc_top(env);
        let map = env.layout.map;
        let mask = env.int(cminus::layout::MALLOC_ALIGN as i64 - 1);
        let aligned = formula::eq(&env.address_int(r).bvand(&mask), &env.int(0));
        let obj = formula::and(
            env.ctx,
            &[
                &env.addr_ge(r, &env.int(map.alloc_min)),
                &env.addr_ge(r, &top),
                &env.addr_lt(r, &env.int(map.alloc_end)),
                &aligned,
            ],
        );
        if may_fail {
            formula::or(env.ctx, &[&obj, &formula::eq(r, &env.int(0))])
        } else {
            obj
        }
    }

    /// What holds of the watermark in every reachable state: it is at least `alloc_min`.
    pub fn alloc_top_invariant(&self, env: &Env<'_, 'ctx>) -> Formula<'ctx> {
        env.addr_ge(&self.alloc_top(env), &env.int(env.layout.map.alloc_min))
    }

    /// Move the watermark past the allocation's result `r` (unchanged when `r` is NULL).
    pub fn advance_alloc_top(&mut self, env: &Env<'_, 'ctx>, r: &Term<'ctx>) {
        let top = self.alloc_top(env);
        let next = formula::ite(&formula::eq(r, &env.int(0)), &top, &r.bvadd(&env.int(1)));
        self.set_global(env, ALLOC_TOP, next);
    }
}
