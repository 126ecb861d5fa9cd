//! The BDD encoding of states and transfer functions (Table 3).
//!
//! **Variable layout.** Only the variables in scope matter at a vertex, so BDD variables are
//! not given per program variable but per *slot*: globals take slots `0..G`, and the locals of
//! every procedure (formals, return slots, declared locals, in that order) reuse slots
//! `G..G+L`, where `L` is the largest number of locals of one procedure. Each slot has three
//! adjacent BDD variables: `e` (value at procedure entry), `c` (current value) and `n` (next
//! value), so renaming `n → c` or `e → c` keeps the variable order and costs O(BDD size).
//! After the slots come the *callee area*: `in_i` for the i-th formal and `out_j` for the
//! j-th return value of a callee, through which calls, returns and summaries pass values
//! between two frames that share slots. The number of BDD variables is `3(G+L) + K`, however
//! many procedures and variables the program has — this is what makes Bebop's running time
//! on T(N) linear.

use biodivine_lib_bdd::{Bdd, BddVariable, BddVariableSet};
use bp::cfg::{CExpr, Cfg, VarId};
use bp::BinOp;
use std::collections::HashMap;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Copy {
    E,
    C,
    N,
}

pub struct Layout {
    pub vs: BddVariableSet,
    /// Slot of every program variable.
    pub slot: Vec<usize>,
    pub nslots: usize,
    /// Size of the `in` part of the callee area (largest number of formals).
    pub max_formals: usize,
}

impl Layout {
    pub fn new(cfg: &Cfg) -> Layout {
        let g = cfg.globals.len();
        let mut slot = vec![0; cfg.vars.len()];
        for (i, &v) in cfg.globals.iter().enumerate() {
            slot[v] = i;
        }
        let mut max_locals = 0;
        let mut max_formals = 0;
        let mut max_rets = 0;
        for p in &cfg.procs {
            let mut k = 0;
            for v in p.scope_locals() {
                slot[v] = g + k;
                k += 1;
            }
            max_locals = max_locals.max(k);
            max_formals = max_formals.max(p.formals.len());
            max_rets = max_rets.max(p.rets.len());
        }
        let nslots = g + max_locals;
        let total = 3 * nslots + max_formals + max_rets;
        let vs = BddVariableSet::new_anonymous(total.max(1) as u16);
        Layout { vs, slot, nslots, max_formals }
    }

    pub fn var(&self, v: VarId, copy: Copy) -> BddVariable {
        let base = 3 * self.slot[v];
        BddVariable::from_index(match copy {
            Copy::E => base,
            Copy::C => base + 1,
            Copy::N => base + 2,
        })
    }
    pub fn arg_in(&self, i: usize) -> BddVariable {
        BddVariable::from_index(3 * self.nslots + i)
    }
    pub fn ret_out(&self, j: usize) -> BddVariable {
        BddVariable::from_index(3 * self.nslots + self.max_formals + j)
    }

    /// `a ⇔ b` for two BDD variables.
    pub fn equiv(&self, a: BddVariable, b: BddVariable) -> Bdd {
        self.vs.mk_var(a).iff(&self.vs.mk_var(b))
    }

    /// Encode an expression as the pair (may be true, may be false): with `*` and `schoose`
    /// an expression denotes a relation, and each occurrence of `*` chooses independently,
    /// so the pair is exact. Variables are read in the `c` copy, primed ones in `n`.
    pub fn expr(&self, e: &CExpr) -> (Bdd, Bdd) {
        self.expr_with(e, &|v, primed| self.var(v, if primed { Copy::N } else { Copy::C }))
    }

    pub fn expr_with(&self, e: &CExpr, var: &dyn Fn(VarId, bool) -> BddVariable) -> (Bdd, Bdd) {
        match e {
            CExpr::Const(b) => {
                if *b {
                    (self.vs.mk_true(), self.vs.mk_false())
                } else {
                    (self.vs.mk_false(), self.vs.mk_true())
                }
            }
            CExpr::Nondet => (self.vs.mk_true(), self.vs.mk_true()),
            CExpr::Var(v) => {
                let x = self.vs.mk_var(var(*v, false));
                let nx = x.not();
                (x, nx)
            }
            CExpr::Primed(v) => {
                let x = self.vs.mk_var(var(*v, true));
                let nx = x.not();
                (x, nx)
            }
            CExpr::Not(a) => {
                let (t, f) = self.expr_with(a, var);
                (f, t)
            }
            CExpr::Schoose(p, n) => {
                // 1 if p, else 0 if n, else either.
                let (pt, pf) = self.expr_with(p, var);
                let (_nt, nf) = self.expr_with(n, var);
                (pt.or(&pf.and(&nf)), pf)
            }
            CExpr::Bin(op, a, b) => {
                let (at, af) = self.expr_with(a, var);
                let (bt, bf) = self.expr_with(b, var);
                match op {
                    BinOp::And => (at.and(&bt), af.or(&bf)),
                    BinOp::Or => (at.or(&bt), af.and(&bf)),
                    BinOp::Implies => (af.or(&bt), at.and(&bf)),
                    BinOp::Eq => (at.and(&bt).or(&af.and(&bf)), at.and(&bf).or(&af.and(&bt))),
                    BinOp::Ne | BinOp::Xor => (at.and(&bf).or(&af.and(&bt)), at.and(&bt).or(&af.and(&bf))),
                }
            }
        }
    }

    /// The relation "`target` takes a value the expression may have": (t → T) ∧ (¬t → F).
    pub fn bind(&self, target: BddVariable, (t, f): &(Bdd, Bdd)) -> Bdd {
        let x = self.vs.mk_var(target);
        x.imp(t).and(&x.not().imp(f))
    }
}

/// A renaming that keeps the variable order (checked by the BDD library), in O(BDD size).
pub struct Rename(HashMap<BddVariable, BddVariable>);

impl Rename {
    pub fn new(pairs: impl IntoIterator<Item = (BddVariable, BddVariable)>) -> Rename {
        Rename(pairs.into_iter().filter(|(a, b)| a != b).collect())
    }
    pub fn apply(&self, mut b: Bdd) -> Bdd {
        if !self.0.is_empty() {
            // SAFETY: every renaming built in this crate maps a copy to an adjacent or later
            // free position whose source was quantified away first, so the order is kept;
            // the library checks this and panics otherwise (never undefined behaviour).
            unsafe { b.rename_variables(&self.0) };
        }
        b
    }
}
