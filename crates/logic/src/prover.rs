//! Satisfiability and validity queries with a cache, a per-query timeout and statistics.

use crate::sym::Term;
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use z3::ast::{Ast, Bool};
use z3::{Context, Params, SatResult, Solver};

/// Query statistics, in one shape for every strategy.
#[derive(Clone, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
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
    /// The per-query timeout (kept for a new solver, see [`Prover::begin`]).
    timeout_ms: u32,
    /// `solver` is Z3's general solver (needed once floating-point terms exist).
    general: bool,
    /// Ask the other solver where the first answers unknown ([`Prover::with_second_opinion`]).
    second_opinion: bool,
    /// Keyed by the formula itself: Z3 hash-conses terms, so equal formulas are one AST with
    /// one id (printing a formula for a key was exponential on shared terms and hung).
    cache: HashMap<Bool<'ctx>, Option<bool>>,
    pub stats: ProverStats,
    /// Set by the caller to stop the work: every later query answers "unknown" at once.
    cancel: Option<Arc<AtomicBool>>,
}

impl<'ctx> Prover<'ctx> {
    /// `timeout`: the limit for one query; a query that hits it answers "unknown".
    pub fn new(ctx: &'ctx Context, timeout: Duration) -> Prover<'ctx> {
        // The logic of the encoding (measured: 1.5x faster than the default solver on the corpus).
        let timeout_ms = timeout.as_millis().min(u32::MAX as u128) as u32;
        let solver = Solver::new_for_logic(ctx, "QF_AUFBV").unwrap_or_else(|| Solver::new(ctx));
        Self::set_timeout(ctx, &solver, timeout_ms);
        Prover {
            ctx,
            solver,
            timeout_ms,
            general: false,
            second_opinion: false,
            cache: HashMap::new(),
            stats: ProverStats::default(),
            cancel: None,
        }
    }

    fn set_timeout(ctx: &'ctx Context, solver: &Solver<'ctx>, ms: u32) {
        let mut p = Params::new(ctx);
        p.set_u32("timeout", ms);
        solver.set_params(&p);
    }

    /// Open a query's scope. The solver for `QF_AUFBV` does not know floating point: it
    /// answers *sat* with a wrong model on a formula it cannot read (measured on Z3 4.8.12),
    /// so once the context has floating-point terms (see [`crate::fp`]) the prover moves to
    /// Z3's general solver for good.
    fn begin(&mut self) {
        if !self.general && crate::fp::used_on(self.ctx) {
            self.solver = Solver::new(self.ctx);
            Self::set_timeout(self.ctx, &self.solver, self.timeout_ms);
            self.general = true;
        }
        self.solver.push();
    }

    /// Where the first solver answers unknown, ask the other one (Z3's general solver or
    /// the solver for `QF_AUFBV`, with its own timeout) before answering unknown: neither is
    /// faster on every query.
    pub fn with_second_opinion(mut self) -> Self {
        self.second_opinion = true;
        self
    }

    /// Z3's general solver first (in a scope: its incremental core), the solver for the logic
    /// as the second opinion. For the few large queries of path simulation, memory as long
    /// chains of byte stores read at symbolic addresses: on the full NT driver floppy2's
    /// paths the logic's solver timed out at 10 s on six of seven queries the general solver
    /// answered in 0.2–8 s.
    pub fn prefer_general(mut self) -> Self {
        if !self.general {
            self.solver = Solver::new(self.ctx);
            Self::set_timeout(self.ctx, &self.solver, self.timeout_ms);
            self.general = true;
        }
        self
    }

    /// The other solver's answer on `fs` (with the solver, for its model), where
    /// [`Prover::with_second_opinion`] asks for it and the work is not cancelled.
    fn second_check(&mut self, fs: &[&Bool<'ctx>]) -> Option<(SatResult, Solver<'ctx>)> {
        if !self.second_opinion || self.cancel.as_ref().is_some_and(|c| c.load(Ordering::Relaxed)) {
            return None;
        }
        let g = if self.general {
            // (the logic's solver misreads floating point, see `begin`)
            if crate::fp::used_on(self.ctx) {
                return None;
            }
            Solver::new_for_logic(self.ctx, "QF_AUFBV")?
        } else {
            Solver::new(self.ctx)
        };
        Self::set_timeout(self.ctx, &g, self.timeout_ms);
        g.push();
        for f in fs {
            g.assert(f);
        }
        self.stats.queries += 1;
        let r = match &self.cancel {
            Some(cancel) => interrupt::during(self.ctx, cancel, || g.check()),
            None => g.check(),
        };
        Some((r, g))
    }

    /// Stop answering (every query "unknown") once `cancel` is set: a time limit stops the
    /// work that uses this prover (a running query is bounded by its own timeout).
    pub fn with_cancel(mut self, cancel: Option<Arc<AtomicBool>>) -> Self {
        self.cancel = cancel;
        self
    }

    /// Is `f` satisfiable? `None` when Z3 could not tell (timeout, incompleteness).
    pub fn is_sat(&mut self, f: &Bool<'ctx>) -> Option<bool> {
        // The flag first: once it is set the context may have been interrupted, and an
        // interrupted context fails every later simplification (a null term).
        if self.cancel.as_ref().is_some_and(|c| c.load(Ordering::Relaxed)) {
            self.stats.unknown += 1;
            return None;
        }
        let f = f.simplify();
        if let Some(b) = f.as_bool() {
            return Some(b);
        }
        let key = f.clone();
        self.stats.queries += 1;
        if let Some(r) = self.cache.get(&key) {
            self.stats.cache_hits += 1;
            return *r;
        }
        let t0 = Instant::now();
        self.begin();
        self.solver.assert(&f);
        let mut r = satisfiable(self.check());
        self.dump_if_slow(t0, r);
        self.solver.pop(1);
        if r.is_none() {
            r = self.second_check(&[&f]).and_then(|(r, _)| satisfiable(r));
        }
        if r.is_none() {
            self.stats.unknown += 1;
        }
        self.stats.time_secs += t0.elapsed().as_secs_f64();
        self.cache.insert(key, r);
        r
    }

    /// With `SLAM_DUMP_SLOW_QUERIES=DIR` in the environment, a query that took more than a
    /// second (`SLAM_DUMP_SLOW_SECS`, if set) or ended unknown is written to `DIR` as SMT-LIB
    /// (a debugging aid: how hard the formulas of a stage are can only be judged by looking at
    /// them).
    fn dump_if_slow(&self, t0: Instant, r: Option<bool>) {
        let Some(dir) = std::env::var_os("SLAM_DUMP_SLOW_QUERIES") else { return };
        let secs = t0.elapsed().as_secs_f64();
        let limit = std::env::var("SLAM_DUMP_SLOW_SECS").ok().and_then(|s| s.parse().ok()).unwrap_or(1.0);
        if secs < limit && r.is_some() {
            return;
        }
        static N: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
        let n = N.fetch_add(1, Ordering::Relaxed);
        let what = match r {
            Some(true) => "sat",
            Some(false) => "unsat",
            None => "unknown",
        };
        let path = std::path::Path::new(&dir).join(format!("q{}-{n}-{what}-{secs:.1}s.smt2", std::process::id()));
        let _ = std::fs::write(path, format!("{}\n(check-sat)\n", self.solver));
    }

    /// Is `f` valid? Unknown counts as "not known to be valid" (the sound answer for
    /// abstraction); callers that need the difference use [`Self::is_sat`].
    pub fn is_valid(&mut self, f: &Bool<'ctx>) -> bool {
        self.is_sat(&f.not()) == Some(false)
    }

    /// `solver.check()`, interrupted by Z3 when the cancel flag is set while it runs (it then
    /// answers unknown), so that a limit stops a long query instead of waiting for its timeout.
    fn check(&self) -> SatResult {
        match &self.cancel {
            Some(cancel) => interrupt::during(self.ctx, cancel, || self.solver.check()),
            None => self.solver.check(),
        }
    }

    /// `solver.check_assumptions(a)`, interruptible like [`Self::check`], and unknown at once
    /// when the cancel flag is already set (a core's deletion loop then ends at the limit).
    fn check_assuming(&self, a: &[Bool<'ctx>]) -> SatResult {
        match &self.cancel {
            Some(cancel) if cancel.load(Ordering::Relaxed) => SatResult::Unknown,
            Some(cancel) => interrupt::during(self.ctx, cancel, || self.solver.check_assumptions(a)),
            None => self.solver.check_assumptions(a),
        }
    }

    /// All valuations of `atoms` under which `f` is satisfiable (AllSAT with blocking
    /// clauses). `None` when Z3 gives up or there are more than `limit`.
    pub fn all_models(&mut self, f: &Bool<'ctx>, atoms: &[Bool<'ctx>], limit: usize) -> Option<Vec<Vec<bool>>> {
        let t0 = Instant::now();
        self.begin();
        self.solver.assert(f);
        let mut out = Vec::new();
        let res = loop {
            self.stats.queries += 1;
            let t1 = Instant::now();
            let r = self.check();
            self.dump_if_slow(t1, satisfiable(r));
            match r {
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

    /// The smallest `k` such that `conds[..k]` is unsatisfiable (binary search), `None` if
    /// all of them together are satisfiable or Z3 cannot tell.
    pub fn first_unsat_prefix(&mut self, conds: &[Bool<'ctx>]) -> Option<usize> {
        self.first_unsat_prefix_after(conds, 0)
    }

    /// [`Self::first_unsat_prefix`] where `conds[..known]` is known to be satisfiable (a
    /// path's axioms: the search need not halve them).
    pub fn first_unsat_prefix_after(&mut self, conds: &[Bool<'ctx>], known: usize) -> Option<usize> {
        let sat = |p: &mut Self, k: usize| -> Option<bool> {
            let refs: Vec<&Bool> = conds[..k].iter().collect();
            p.is_sat(&Bool::and(p.ctx, &refs))
        };
        if sat(self, conds.len())? {
            return None;
        }
        let (mut lo, mut hi) = (known.min(conds.len().saturating_sub(1)), conds.len()); // sat(lo) holds, sat(hi) fails
        while hi - lo > 1 {
            let mid = (lo + hi) / 2;
            match sat(self, mid) {
                Some(true) => lo = mid,
                Some(false) => hi = mid,
                None => return None,
            }
        }
        Some(hi)
    }

    /// A minimal unsatisfiable subset of `conds` (indices), from Z3's unsat core shrunk by
    /// deletion; `None` if the conjunction is satisfiable or Z3 cannot tell.
    pub fn minimal_core(&mut self, conds: &[Bool<'ctx>]) -> Option<Vec<usize>> {
        self.minimal_core_given(&[], conds)
    }

    /// [`Self::minimal_core`] of `conds` under `facts`, which are asserted as they are (not
    /// tracked, not minimised): Z3 simplifies with plain assertions and not with tracked
    /// ones, and a path's axioms (the initial memory) are true anyway.
    pub fn minimal_core_given(&mut self, facts: &[Bool<'ctx>], conds: &[Bool<'ctx>]) -> Option<Vec<usize>> {
        let t0 = Instant::now();
        let tracks: Vec<Bool> = (0..conds.len()).map(|i| Bool::new_const(self.ctx, format!("track!{i}"))).collect();
        self.begin();
        for f in facts {
            self.solver.assert(f);
        }
        for (c, t) in conds.iter().zip(&tracks) {
            self.solver.assert(&t.implies(c));
        }
        self.stats.queries += 1;
        let core: Option<Vec<usize>> = match self.check_assuming(&tracks) {
            SatResult::Unsat => {
                let core = self.solver.get_unsat_core();
                Some((0..conds.len()).filter(|&i| core.iter().any(|c| *c == tracks[i])).collect())
            }
            _ => None,
        };
        let mut core = match core {
            Some(c) => c,
            None => {
                self.solver.pop(1);
                self.stats.time_secs += t0.elapsed().as_secs_f64();
                return None;
            }
        };
        // Deletion: drop each element whose absence keeps the rest unsatisfiable.
        let mut i = 0;
        while i < core.len() {
            let trial: Vec<Bool> =
                core.iter().enumerate().filter(|(j, _)| *j != i).map(|(_, &k)| tracks[k].clone()).collect();
            self.stats.queries += 1;
            if self.check_assuming(&trial) == SatResult::Unsat {
                core.remove(i);
            } else {
                i += 1;
            }
        }
        self.solver.pop(1);
        self.stats.time_secs += t0.elapsed().as_secs_f64();
        Some(core)
    }

    /// Values of `terms` in a model of `conds` (`None` if unsatisfiable or unknown), each read
    /// as a signed 64-bit number (the interpreter converts it to the type that asks for it).
    pub fn model_values(&mut self, conds: &[Bool<'ctx>], terms: &[Term<'ctx>]) -> Option<Vec<i128>> {
        let t0 = Instant::now();
        self.begin();
        for c in conds {
            self.solver.assert(c);
        }
        self.stats.queries += 1;
        let values = |m: z3::Model<'ctx>| -> Vec<i128> {
            terms
                .iter()
                .map(|t| m.eval(t, true).and_then(|v| v.as_u64()).map(|v| i128::from(v as i64)).unwrap_or(0))
                .collect()
        };
        let r = self.check();
        let mut out = match r {
            SatResult::Sat => self.solver.get_model().map(values),
            _ => None,
        };
        self.solver.pop(1);
        if r == SatResult::Unknown {
            let refs: Vec<&Bool> = conds.iter().collect();
            if let Some((SatResult::Sat, g)) = self.second_check(&refs) {
                out = g.get_model().map(values);
            }
        }
        self.stats.time_secs += t0.elapsed().as_secs_f64();
        out
    }

    /// The values of `atoms` in a model of `f`; `None` if `f` is unsatisfiable or Z3 cannot
    /// tell (c2bp's implicant enumeration: one valuation at a time, with blocking clauses).
    pub fn model_bools(&mut self, f: &Bool<'ctx>, atoms: &[Bool<'ctx>]) -> Option<Vec<bool>> {
        if self.cancel.as_ref().is_some_and(|c| c.load(Ordering::Relaxed)) {
            self.stats.unknown += 1;
            return None;
        }
        let t0 = Instant::now();
        self.begin();
        self.solver.assert(f);
        self.stats.queries += 1;
        let out = match self.check() {
            SatResult::Sat => self
                .solver
                .get_model()
                .map(|m| atoms.iter().map(|a| m.eval(a, true).and_then(|v| v.as_bool()).unwrap_or(false)).collect()),
            SatResult::Unsat => None,
            SatResult::Unknown => {
                self.stats.unknown += 1;
                None
            }
        };
        self.solver.pop(1);
        self.stats.time_secs += t0.elapsed().as_secs_f64();
        out
    }

    /// Does `a` imply `b`?
    pub fn implies(&mut self, a: &Bool<'ctx>, b: &Bool<'ctx>) -> bool {
        self.is_valid(&a.implies(b))
    }
}

/// Z3 checks a stop flag may interrupt. One watcher thread (started on first use) looks at
/// the flags of the running checks every 20 ms and interrupts the contexts whose flag is set.
pub(crate) mod interrupt {
    use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
    use std::sync::{Arc, Mutex, Once};
    use std::time::Duration;
    use z3::{Context, ContextHandle};

    struct Running {
        id: u64,
        cancel: Arc<AtomicBool>,
        handle: ContextHandle<'static>,
    }

    static RUNNING: Mutex<Vec<Running>> = Mutex::new(Vec::new());
    static NEXT: AtomicU64 = AtomicU64::new(0);
    static WATCHER: Once = Once::new();

    fn running() -> std::sync::MutexGuard<'static, Vec<Running>> {
        RUNNING.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Run `check` (a query on `ctx`) where the watcher can interrupt it.
    pub(crate) fn during<R>(ctx: &Context, cancel: &Arc<AtomicBool>, check: impl FnOnce() -> R) -> R {
        WATCHER.call_once(|| {
            let _ = std::thread::Builder::new().name("z3-interrupt".into()).spawn(|| loop {
                std::thread::sleep(Duration::from_millis(20));
                for r in running().iter().filter(|r| r.cancel.load(Ordering::Relaxed)) {
                    r.handle.interrupt();
                }
            });
        });
        let id = NEXT.fetch_add(1, Ordering::Relaxed);
        // SAFETY: the handle only borrows `ctx`; it leaves RUNNING (under the lock the
        // watcher holds while using it) before this function returns, so before `ctx` can be
        // dropped. An interrupt leaves the context cancelled for good; it only fires once the
        // flag is set, and from then on the prover asks Z3 nothing that could fail (queries
        // answer unknown before simplifying).
        let handle: ContextHandle<'static> = unsafe { std::mem::transmute(ctx.handle()) };
        running().push(Running { id, cancel: cancel.clone(), handle });
        // Leaves RUNNING however `check` ends (a panic unwinding past here too).
        struct Leave(u64);
        impl Drop for Leave {
            fn drop(&mut self) {
                running().retain(|r| r.id != self.0);
            }
        }
        let _leave = Leave(id);
        check()
    }
}

/// A solver's answer as "satisfiable?": `None` when it does not know.
fn satisfiable(r: SatResult) -> Option<bool> {
    match r {
        SatResult::Sat => Some(true),
        SatResult::Unsat => Some(false),
        SatResult::Unknown => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use z3::ast::BV;

    /// The facts are background: the core is of the conditions alone, minimal, and `None`
    /// when the conditions are satisfiable with the facts.
    #[test]
    fn a_core_given_facts_names_only_conditions() {
        let ctx = crate::new_context();
        let mut prover = Prover::new(&ctx, Duration::from_secs(5));
        let x = BV::new_const(&ctx, "x", 8);
        let y = BV::new_const(&ctx, "y", 8);
        let k = |v: u64| BV::from_u64(&ctx, v, 8);
        let facts = [x._eq(&k(1))];
        let conds = [y._eq(&k(2)), x._eq(&k(2)), y.bvugt(&k(0))];
        assert_eq!(prover.minimal_core_given(&facts, &conds), Some(vec![1]));
        let conds = [y._eq(&k(2)), x.bvult(&k(5)), y._eq(&k(3))];
        assert_eq!(prover.minimal_core_given(&facts, &conds), Some(vec![0, 2]));
        assert_eq!(prover.minimal_core_given(&facts, &conds[..2]), None);
    }

    /// Setting the flag interrupts a query Z3 is working on (it answers unknown long before
    /// its own timeout), and later queries answer unknown without touching the interrupted
    /// context (which would fail).
    #[test]
    fn the_cancel_flag_interrupts_a_running_query() {
        let ctx = crate::new_context();
        let cancel = Arc::new(AtomicBool::new(false));
        let mut prover = Prover::new(&ctx, Duration::from_secs(600)).with_cancel(Some(cancel.clone()));
        // Factor a 62-bit semiprime: hard for bit-blasting.
        let x = BV::new_const(&ctx, "x", 64);
        let y = BV::new_const(&ctx, "y", 64);
        let n = BV::from_u64(&ctx, 3_037_000_493 * 1_518_500_249, 64);
        let small = BV::from_u64(&ctx, 1 << 32, 64);
        let one = BV::from_u64(&ctx, 1, 64);
        let hard = Bool::and(
            &ctx,
            &[&x.bvmul(&y)._eq(&n), &x.bvugt(&one), &y.bvugt(&one), &x.bvult(&small), &y.bvult(&small)],
        );
        let flag = cancel.clone();
        let setter = std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(300));
            flag.store(true, Ordering::Relaxed);
        });
        let t0 = Instant::now();
        assert_eq!(prover.is_sat(&hard), None);
        assert!(t0.elapsed() < Duration::from_secs(60), "not interrupted: {:?}", t0.elapsed());
        setter.join().unwrap();
        let easy = x._eq(&y);
        assert_eq!(prover.is_sat(&easy), None);
    }
}
