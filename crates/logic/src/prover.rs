//! Satisfiability and validity queries with a cache, a per-query timeout and statistics.

use std::collections::HashMap;
use std::time::{Duration, Instant};
use z3::ast::{Ast, Bool};
use z3::{Context, Params, SatResult, Solver};

/// Query statistics, in one shape for every strategy.
#[derive(Clone, Debug, Default, serde::Serialize)]
pub struct ProverStats {
    pub queries: u64,
    pub cache_hits: u64,
    pub unknown: u64,
    pub time_secs: f64,
}

impl ProverStats {
    pub fn add(&mut self, o: &ProverStats) {
        self.queries += o.queries;
        self.cache_hits += o.cache_hits;
        self.unknown += o.unknown;
        self.time_secs += o.time_secs;
    }
}

/// A prover bound to one Z3 context (one per thread).
pub struct Prover<'ctx> {
    pub ctx: &'ctx Context,
    solver: Solver<'ctx>,
    cache: HashMap<String, Option<bool>>,
    pub stats: ProverStats,
}

impl<'ctx> Prover<'ctx> {
    /// `timeout`: the limit for one query; a query that hits it answers "unknown".
    pub fn new(ctx: &'ctx Context, timeout: Duration) -> Prover<'ctx> {
        let solver = Solver::new(ctx);
        let mut p = Params::new(ctx);
        p.set_u32("timeout", timeout.as_millis().min(u32::MAX as u128) as u32);
        solver.set_params(&p);
        Prover { ctx, solver, cache: HashMap::new(), stats: ProverStats::default() }
    }

    /// Is `f` satisfiable? `None` when Z3 could not tell (timeout, incompleteness).
    pub fn is_sat(&mut self, f: &Bool<'ctx>) -> Option<bool> {
        let f = f.simplify();
        if let Some(b) = f.as_bool() {
            return Some(b);
        }
        let key = f.to_string();
        self.stats.queries += 1;
        if let Some(r) = self.cache.get(&key) {
            self.stats.cache_hits += 1;
            return *r;
        }
        let t0 = Instant::now();
        self.solver.push();
        self.solver.assert(&f);
        let r = match self.solver.check() {
            SatResult::Sat => Some(true),
            SatResult::Unsat => Some(false),
            SatResult::Unknown => {
                self.stats.unknown += 1;
                None
            }
        };
        self.solver.pop(1);
        self.stats.time_secs += t0.elapsed().as_secs_f64();
        self.cache.insert(key, r);
        r
    }

    /// Is `f` valid? Unknown counts as "not known to be valid" (the sound answer for
    /// abstraction); callers that need the difference use [`Self::is_sat`].
    pub fn is_valid(&mut self, f: &Bool<'ctx>) -> bool {
        self.is_sat(&f.not()) == Some(false)
    }

    /// All valuations of `atoms` under which `f` is satisfiable (AllSAT with blocking
    /// clauses). `None` when Z3 gives up or there are more than `limit`.
    pub fn all_models(&mut self, f: &Bool<'ctx>, atoms: &[Bool<'ctx>], limit: usize) -> Option<Vec<Vec<bool>>> {
        let t0 = Instant::now();
        self.solver.push();
        self.solver.assert(f);
        let mut out = Vec::new();
        let res = loop {
            self.stats.queries += 1;
            match self.solver.check() {
                SatResult::Unsat => break Some(()),
                SatResult::Unknown => {
                    self.stats.unknown += 1;
                    break None;
                }
                SatResult::Sat => {}
            }
            let Some(m) = self.solver.get_model() else { break None };
            let vals: Vec<bool> =
                atoms.iter().map(|a| m.eval(a, true).and_then(|v| v.as_bool()).unwrap_or(false)).collect();
            let lits: Vec<Bool> = atoms.iter().zip(&vals).map(|(a, v)| if *v { a.clone() } else { a.not() }).collect();
            let refs: Vec<&Bool> = lits.iter().collect();
            self.solver.assert(&Bool::and(self.ctx, &refs).not());
            out.push(vals);
            if out.len() > limit {
                break None;
            }
        };
        self.solver.pop(1);
        self.stats.time_secs += t0.elapsed().as_secs_f64();
        res.map(|_| out)
    }

    /// Does `a` imply `b`?
    pub fn implies(&mut self, a: &Bool<'ctx>, b: &Bool<'ctx>) -> bool {
        self.is_valid(&a.implies(b))
    }
}
