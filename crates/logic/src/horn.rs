//! Constrained Horn clauses: relations over C-- values (64-bit terms in canonical form and
//! memories), rules `body ∧ constraint → head` and queries `body ∧ constraint → false`,
//! solved by Z3's Spacer (a solver for logic `HORN`, each clause universally closed over its
//! free constants).
//!
//! **Soundness**: Spacer's "satisfiable" is never taken on trust. Its model gives one formula
//! per relation (over the relation's parameters); each formula is substituted into every
//! clause and every clause is checked valid by an ordinary quantifier-free solver
//! ([`crate::Prover`]). Only then is the answer [`HornResult::Safe`]; a solution that does not
//! validate (or cannot be checked) is [`HornResult::Unknown`] with the reason.
//!
//! Uninterpreted functions of the encoding (`addr_to_int`, `punned`) are not relations:
//! Spacer sees each application as a fresh universally quantified value (an
//! over-approximation: the clauses then hold of more states), while the validation checks the
//! original clauses.

use crate::formula::{Context, Formula, Memory};
use crate::{Prover, Term};
use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use z3::ast::{self, Ast, Bool, Dynamic};
use z3::{AstKind, DeclKind, FuncDecl, Params, SatResult, Solver, Sort};

/// A relation of a [`Horn`] system.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RelId(pub usize);

/// The kind of one parameter of a relation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A C-- integer or pointer ([`Term`], 64 bits).
    Int,
    /// A memory: cells of bytes (`bytes`) or of 64-bit values, addressed by 64-bit terms.
    Mem { bytes: bool },
}

/// One argument of a relation application.
#[derive(Clone, Debug)]
pub enum Arg<'ctx> {
    Int(Term<'ctx>),
    Mem(Memory<'ctx>),
}

impl<'ctx> Arg<'ctx> {
    fn dynamic(&self) -> Dynamic<'ctx> {
        match self {
            Arg::Int(t) => Dynamic::from_ast(t),
            Arg::Mem(m) => Dynamic::from_ast(m),
        }
    }
}

/// An application of a relation to arguments.
pub type Atom<'ctx> = (RelId, Vec<Arg<'ctx>>);

struct Relation<'ctx> {
    name: String,
    decl: FuncDecl<'ctx>,
    /// Placeholders the solution's formula is stated over (one per parameter).
    params: Vec<Dynamic<'ctx>>,
}

/// `body ∧ constraint → head` (a query when `head` is `None`).
#[derive(Clone)]
pub struct Clause<'ctx> {
    pub body: Vec<Atom<'ctx>>,
    pub constraint: Formula<'ctx>,
    pub head: Option<Atom<'ctx>>,
}

/// The answer of [`Horn::solve`].
#[derive(Clone, Debug)]
pub enum HornResult<'ctx> {
    /// A validated solution: for each relation (by [`RelId`]), a formula over its parameters
    /// ([`Horn::params`]) that makes every clause valid.
    Safe(Vec<Formula<'ctx>>),
    /// Spacer derived `false`: some query is reachable (not replayed here).
    Unsafe,
    /// Unknown with the reason (time limit, cancelled, Spacer gave up, a solution that did not
    /// validate).
    Unknown(String),
}

/// Candidate invariants of [`Horn::candidate_atoms`]: for each relation (by [`RelId`]), the
/// atoms of Spacer's solution as C-- comparisons. Not validated.
#[derive(Clone, Debug)]
pub struct Candidates {
    pub atoms: Vec<Vec<cminus::Expr>>,
    /// Which reading Spacer solved: `integer reading` or `bit-vector clauses`.
    pub route: &'static str,
}

/// Spacer's model of the integer reading: a formula per relation over its integer parameters
/// (`iparams`), and the map that reads those back as bit-vector parameters.
struct LiaModel<'ctx> {
    formulas: Vec<Formula<'ctx>>,
    iparams: Vec<Vec<Dynamic<'ctx>>>,
    back: HashMap<String, ast::BV<'ctx>>,
}

#[path = "horn_atoms.rs"]
mod atoms;
#[path = "horn_bvint.rs"]
mod bvint;

/// Z3's global parameters of every solve. Spacer's preprocessing inlines and slices relations,
/// and their solutions then come back existentially quantified: keep every relation as
/// declared (unless `SLAM_HORN_XFORM`); then `SLAM_HORN_PARAMS`.
fn configure() {
    for (k, v) in [("fp.xform.inline_eager", "false"), ("fp.xform.inline_linear", "false"), ("fp.xform.slice", "false")]
    {
        if std::env::var("SLAM_HORN_XFORM").is_err() {
            z3::set_global_param(k, v);
        }
    }
    if let Ok(extra) = std::env::var("SLAM_HORN_PARAMS") {
        for kv in extra.split(',') {
            if let Some((k, v)) = kv.split_once('=') {
                z3::set_global_param(k, v);
            }
        }
    }
}

/// `SLAM_HORN_DUMP=prefix`: write each system handed to Spacer to `prefix.N.int.smt2` and
/// `prefix.N.bv.smt2` (`N` counts the systems of the process) (for experiments with the `z3` binary).
fn dump(solver: &Solver<'_>, which: &str) {
    if let Ok(prefix) = std::env::var("SLAM_HORN_DUMP") {
        static N: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let n = N.fetch_add(1, Ordering::Relaxed);
        let text = format!("(set-logic HORN)\n{solver}\n(check-sat)\n");
        let _ = std::fs::write(format!("{prefix}.{n}.{which}.smt2"), text);
    }
}

/// A system of constrained Horn clauses in one context.
pub struct Horn<'ctx> {
    ctx: &'ctx Context,
    rels: Vec<Relation<'ctx>>,
    clauses: Vec<Clause<'ctx>>,
}

/// Statistics of one solve.
#[derive(Clone, Debug, Default)]
pub struct HornStats {
    pub relations: usize,
    pub clauses: usize,
    pub spacer_secs: f64,
    pub validation_secs: f64,
}

impl<'ctx> Horn<'ctx> {
    pub fn new(ctx: &'ctx Context) -> Horn<'ctx> {
        Horn { ctx, rels: Vec::new(), clauses: Vec::new() }
    }

    /// Declare a relation with parameters of the given kinds.
    pub fn relation(&mut self, name: &str, kinds: &[Kind]) -> RelId {
        let k = self.rels.len();
        let bv = Sort::bitvector(self.ctx, crate::sym::WIDTH);
        let sorts: Vec<Sort> = kinds
            .iter()
            .map(|kind| match kind {
                Kind::Int => bv.clone(),
                Kind::Mem { bytes } => {
                    Sort::array(self.ctx, &bv, &Sort::bitvector(self.ctx, if *bytes { 8 } else { 64 }))
                }
            })
            .collect();
        let srefs: Vec<&Sort> = sorts.iter().collect();
        let full = format!("horn!{k}!{name}");
        let decl = FuncDecl::new(self.ctx, full.as_str(), &srefs, &Sort::bool(self.ctx));
        let params = kinds
            .iter()
            .enumerate()
            .map(|(i, kind)| match kind {
                Kind::Int => Dynamic::from_ast(&ast::BV::new_const(self.ctx, format!("{full}!p{i}"), 64)),
                Kind::Mem { bytes } => Dynamic::from_ast(&ast::Array::new_const(
                    self.ctx,
                    format!("{full}!p{i}"),
                    &bv,
                    &Sort::bitvector(self.ctx, if *bytes { 8 } else { 64 }),
                )),
            })
            .collect();
        self.rels.push(Relation { name: name.to_string(), decl, params });
        RelId(k)
    }

    /// The name a relation was declared with.
    pub fn name(&self, r: RelId) -> &str {
        &self.rels[r.0].name
    }

    pub fn relations(&self) -> usize {
        self.rels.len()
    }

    pub fn clauses(&self) -> &[Clause<'ctx>] {
        &self.clauses
    }

    /// The parameters a solution's formula for `r` is stated over, as terms (memories are
    /// `None`).
    pub fn params(&self, r: RelId) -> Vec<Option<Term<'ctx>>> {
        self.rels[r.0].params.iter().map(|p| p.as_bv()).collect()
    }

    /// Add `body ∧ constraint → head` (`head: None` is a query: `body ∧ constraint → false`).
    pub fn add(&mut self, body: Vec<Atom<'ctx>>, constraint: Formula<'ctx>, head: Option<Atom<'ctx>>) {
        self.clauses.push(Clause { body, constraint, head });
    }

    fn apply(&self, a: &Atom<'ctx>) -> Bool<'ctx> {
        let args: Vec<Dynamic> = a.1.iter().map(Arg::dynamic).collect();
        let refs: Vec<&dyn Ast<'ctx>> = args.iter().map(|d| d as &dyn Ast<'ctx>).collect();
        self.rels[a.0 .0].decl.apply(&refs).as_bool().expect("a relation is Boolean")
    }

    /// The formula of `a` under a solution (the relation's formula with its parameters
    /// replaced by the arguments).
    fn instance(&self, sol: &[Formula<'ctx>], a: &Atom<'ctx>) -> Formula<'ctx> {
        let args: Vec<Dynamic> = a.1.iter().map(Arg::dynamic).collect();
        let pairs: Vec<(&Dynamic, &Dynamic)> = self.rels[a.0 .0].params.iter().zip(&args).collect();
        sol[a.0 .0].substitute(&pairs)
    }

    /// Solve with Spacer within `timeout` (and until `cancel` is set), then validate: first
    /// the integer reading of the clauses (half of the time; a quarter when relations have
    /// memory parameters), then the exact bit-vector clauses.
    pub fn solve(&self, timeout: Duration, cancel: Option<Arc<AtomicBool>>, stats: &mut HornStats) -> HornResult<'ctx> {
        self.solve_routes(timeout, cancel, stats, false)
    }

    /// [`Horn::solve`] by the integer reading alone when `integer_only` (all of the time, and
    /// nothing more when it finds no solution): a short try that gives up at once when the
    /// integer reading derives `false`.
    pub fn solve_routes(
        &self,
        timeout: Duration,
        cancel: Option<Arc<AtomicBool>>,
        stats: &mut HornStats,
        integer_only: bool,
    ) -> HornResult<'ctx> {
        stats.relations = self.rels.len();
        stats.clauses = self.clauses.len();
        if cancel.as_ref().is_some_and(|c| c.load(Ordering::Relaxed)) {
            return HornResult::Unknown("cancelled".into());
        }
        let t0 = Instant::now();
        configure();
        let mut why_int = String::new();
        if integer_only || std::env::var("SLAM_HORN_NO_LIA").is_err() {
            let share = if integer_only { timeout } else { self.lia_share(timeout) };
            match self.solve_lia(share, timeout, &cancel, stats) {
                Ok(sol) => return HornResult::Safe(sol),
                Err((why, true)) => return HornResult::Unknown(why),
                Err((why, false)) => {
                    if std::env::var("SLAM_HORN_DEBUG").is_ok() {
                        eprintln!("integer reading: {why} after {:.2} s", t0.elapsed().as_secs_f64());
                    }
                    why_int = format!(" (integer reading: {why})")
                }
            }
        }
        if integer_only {
            return HornResult::Unknown(format!("the integer reading found no solution{why_int}"));
        }
        let left = timeout.saturating_sub(t0.elapsed());
        if left < Duration::from_millis(100) {
            return HornResult::Unknown(format!("Spacer stopped: time limit{why_int}"));
        }
        let r = self.solve_bv(left, &cancel, stats);
        stats.spacer_secs = t0.elapsed().as_secs_f64() - stats.validation_secs;
        match r {
            HornResult::Unknown(why) => HornResult::Unknown(format!("{why}{why_int}")),
            r => r,
        }
    }

    /// The clauses as universally closed implications (applications of functions that are
    /// not relations abstracted).
    fn closed(&self) -> Result<Vec<Bool<'ctx>>, String> {
        let relnames: HashSet<String> = self.rels.iter().map(|r| r.decl.name()).collect();
        let mut fresh = 0usize;
        let mut out = Vec::new();
        for c in &self.clauses {
            let imp = self.implication(c).simplify();
            let imp = abstract_functions(self.ctx, &imp, &relnames, &mut fresh)?;
            let vars = free_constants(&imp, &relnames);
            let vrefs: Vec<&dyn Ast<'ctx>> = vars.iter().map(|v| v as &dyn Ast<'ctx>).collect();
            out.push(ast::forall_const(self.ctx, &vrefs, &[], &imp));
        }
        Ok(out)
    }

    fn implication(&self, c: &Clause<'ctx>) -> Bool<'ctx> {
        let mut body: Vec<Bool> = c.body.iter().map(|a| self.apply(a)).collect();
        body.push(c.constraint.clone());
        let brefs: Vec<&Bool> = body.iter().collect();
        let head = match &c.head {
            Some(a) => self.apply(a),
            None => Bool::from_bool(self.ctx, false),
        };
        conj_all(self.ctx, &brefs).implies(&head)
    }

    /// `solver.check()` within `budget` (Z3's own timeout, after which the context stays
    /// usable), interrupted when `cancel` is set or a grace period past the budget (the
    /// context is then unusable: the second result is `true`).
    fn bounded_check(
        &self,
        solver: &Solver<'ctx>,
        budget: Duration,
        cancel: &Option<Arc<AtomicBool>>,
    ) -> (SatResult, bool) {
        let mut p = Params::new(self.ctx);
        p.set_u32("timeout", budget.as_millis().clamp(1, u32::MAX as u128) as u32);
        solver.set_params(&p);
        let stop = Arc::new(AtomicBool::new(false));
        let done = Arc::new(AtomicBool::new(false));
        let timer = {
            let (stop, done, cancel) = (stop.clone(), done.clone(), cancel.clone());
            let deadline = Instant::now() + budget + Duration::from_secs(2);
            std::thread::spawn(move || {
                while !done.load(Ordering::Relaxed) {
                    if Instant::now() >= deadline || cancel.as_ref().is_some_and(|c| c.load(Ordering::Relaxed)) {
                        stop.store(true, Ordering::Relaxed);
                        return;
                    }
                    std::thread::sleep(Duration::from_millis(20));
                }
            })
        };
        let r = crate::prover::interrupt::during(self.ctx, &stop, || solver.check());
        done.store(true, Ordering::Relaxed);
        let _ = timer.join();
        (r, stop.load(Ordering::Relaxed))
    }

    fn stopped_why(cancel: &Option<Arc<AtomicBool>>) -> String {
        let why = if cancel.as_ref().is_some_and(|c| c.load(Ordering::Relaxed)) { "cancelled" } else { "time limit" };
        format!("Spacer stopped: {why}")
    }

    /// Validate `sol` within what is left of `budget` since `t0`.
    fn checked(
        &self,
        sol: Vec<Formula<'ctx>>,
        t0: Instant,
        budget: Duration,
        cancel: &Option<Arc<AtomicBool>>,
        stats: &mut HornStats,
    ) -> Result<Vec<Formula<'ctx>>, String> {
        let left = budget.saturating_sub(t0.elapsed()).max(Duration::from_secs(1));
        let t1 = Instant::now();
        let v = self.validate(&sol, left, cancel.clone());
        stats.validation_secs += t1.elapsed().as_secs_f64();
        v.map(|()| sol).map_err(|e| format!("Spacer's solution did not validate: {e}"))
    }

    /// The exact bit-vector clauses.
    fn solve_bv(&self, budget: Duration, cancel: &Option<Arc<AtomicBool>>, stats: &mut HornStats) -> HornResult<'ctx> {
        let t0 = Instant::now();
        match self.bv_model(budget, cancel) {
            Ok(sol) => match self.checked(sol, t0, budget, cancel, stats) {
                Ok(sol) => HornResult::Safe(sol),
                Err(e) => HornResult::Unknown(e),
            },
            Err(r) => r,
        }
    }

    /// Spacer's solution of the bit-vector clauses, not validated (`Err`: `Unsafe` or
    /// `Unknown` with the reason).
    fn bv_model(
        &self,
        budget: Duration,
        cancel: &Option<Arc<AtomicBool>>,
    ) -> Result<Vec<Formula<'ctx>>, HornResult<'ctx>> {
        let Some(solver) = Solver::new_for_logic(self.ctx, "HORN") else {
            return Err(HornResult::Unknown("Z3 has no solver for logic HORN".into()));
        };
        self.closed().map_err(HornResult::Unknown)?.iter().for_each(|c| solver.assert(c));
        dump(&solver, "bv");
        let (r, stopped) = self.bounded_check(&solver, budget, cancel);
        if stopped {
            // The context may have been interrupted: ask it nothing more.
            return Err(HornResult::Unknown(Self::stopped_why(cancel)));
        }
        match r {
            SatResult::Unsat => Err(HornResult::Unsafe),
            SatResult::Unknown => Err(HornResult::Unknown(format!(
                "Spacer: {}",
                solver.get_reason_unknown().unwrap_or_else(|| "unknown".into())
            ))),
            SatResult::Sat => {
                let model = solver.get_model().ok_or_else(|| HornResult::Unknown("Spacer gave no model".into()))?;
                let params: Vec<Vec<Dynamic<'ctx>>> = self.rels.iter().map(|r| r.params.clone()).collect();
                let decls: Vec<&FuncDecl<'ctx>> = self.rels.iter().map(|r| &r.decl).collect();
                self.interpretations(&model, &decls, &params).map_err(HornResult::Unknown)
            }
        }
    }

    /// The formula of each relation (`decls[k]` over `params[k]`) in Spacer's model.
    fn interpretations(
        &self,
        model: &z3::Model<'ctx>,
        decls: &[&FuncDecl<'ctx>],
        params: &[Vec<Dynamic<'ctx>>],
    ) -> Result<Vec<Formula<'ctx>>, String> {
        let mut sol = Vec::new();
        for (k, d) in decls.iter().enumerate() {
            let ps = &params[k];
            // Spacer leaves out relations that hold of nothing; parameters stay symbolic (a
            // completed model would give them values).
            if !ps.is_empty() && model.get_func_interp(d).is_none() {
                sol.push(Bool::from_bool(self.ctx, false));
                continue;
            }
            let refs: Vec<&dyn Ast<'ctx>> = ps.iter().map(|p| p as &dyn Ast<'ctx>).collect();
            let app = d.apply(&refs).as_bool().expect("a relation is Boolean");
            let f = model
                .eval(&app, ps.is_empty())
                .ok_or_else(|| format!("no interpretation of `{}`", self.rels[k].name))?;
            sol.push(f);
        }
        Ok(sol)
    }

    /// The share of `timeout` of the integer reading: half, a quarter when relations have
    /// memory parameters (left out of it: what it proves then says nothing of them).
    fn lia_share(&self, timeout: Duration) -> Duration {
        let has_mem = self.rels.iter().any(|r| r.params.iter().any(|p| p.as_bv().is_none()));
        if has_mem {
            timeout / 4
        } else {
            timeout / 2
        }
    }

    /// The integer reading (module [`lia`]): a validated solution, or why not (`true`: the
    /// context can no longer be used).
    ///
    /// Spacer has `budget`; the validation of its solution what is left of it or, when that
    /// is more, half of what is left of `total` (a solution found quickly whose validation
    /// needs the integer reading of its queries: loops-crafted-1/sumt6, 6 s of CPU).
    fn solve_lia(
        &self,
        budget: Duration,
        total: Duration,
        cancel: &Option<Arc<AtomicBool>>,
        stats: &mut HornStats,
    ) -> Result<Vec<Formula<'ctx>>, (String, bool)> {
        let t0 = Instant::now();
        let m = self.lia_model(budget, cancel)?;
        let b = lia::Back { ctx: self.ctx, params: &m.back };
        let mut sol = Vec::new();
        for (k, f) in m.formulas.iter().enumerate() {
            let f = b
                .bool(&Dynamic::from_ast(f))
                .ok_or_else(|| (format!("cannot read back the solution of `{}`: {f}", self.rels[k].name), false))?;
            if std::env::var("SLAM_HORN_DEBUG").is_ok() {
                eprintln!("integer solution of `{}`: {}\n  read back: {f}", self.rels[k].name, m.formulas[k]);
            }
            sol.push(f);
        }
        let validation = budget.max(t0.elapsed() + total.saturating_sub(t0.elapsed()) / 2);
        self.checked(sol, t0, validation + Duration::from_secs(2), cancel, stats).map_err(|e| (e, false))
    }

    /// Spacer's solution of the integer reading, over the integer parameters (not read back,
    /// not validated), or why not (`true`: the context can no longer be used).
    fn lia_model(&self, budget: Duration, cancel: &Option<Arc<AtomicBool>>) -> Result<LiaModel<'ctx>, (String, bool)> {
        use z3::ast::Int;
        let int = Sort::int(self.ctx);
        let mut irels: HashMap<String, FuncDecl<'ctx>> = HashMap::new();
        let mut iparams: Vec<Vec<Dynamic<'ctx>>> = Vec::new();
        let mut back: HashMap<String, ast::BV<'ctx>> = HashMap::new();
        // Memories are left out of the integer relations (a read of memory is any integer).
        for (k, r) in self.rels.iter().enumerate() {
            let bvs: Vec<ast::BV> = r.params.iter().filter_map(|p| p.as_bv()).collect();
            let sorts: Vec<&Sort> = bvs.iter().map(|_| &int).collect();
            let name = format!("horni!{k}");
            irels.insert(r.decl.name(), FuncDecl::new(self.ctx, name.as_str(), &sorts, &Sort::bool(self.ctx)));
            let ps: Vec<Int> = (0..bvs.len()).map(|i| Int::new_const(self.ctx, format!("{name}!p{i}"))).collect();
            for (p, b) in ps.iter().zip(&bvs) {
                back.insert(p.to_string(), b.sign_ext(64));
            }
            iparams.push(ps.iter().map(|p| Dynamic::from_ast(p)).collect());
        }
        let inames: HashSet<String> = irels.values().map(|d| d.name()).collect();
        // Spacer's arithmetic interpolation (the default, `iuc.arith=1`) did not find
        // `i <= 1000000` for `for (i = 0; i < 1000000; i++);` in 5 s; with Farkas lemmas
        // from the core (`iuc.arith=0`) it does at once (measured on the SV-COMP loop sample).
        // (Z3 reads the global parameter when the check starts; only Spacer reads it.)
        let Some(solver) = Solver::new_for_logic(self.ctx, "HORN") else {
            return Err(("Z3 has no solver for logic HORN".into(), false));
        };
        for c in &self.clauses {
            let imp = self.implication(c);
            let mut tr = lia::ToInt::new(self.ctx, &irels);
            let ib = tr.bool(&Dynamic::from_ast(&imp));
            let side: Vec<&Bool> = tr.side.iter().collect();
            let full = if side.is_empty() { ib } else { conj_all(self.ctx, &side).implies(&ib) };
            let vars = free_constants(&full, &inames);
            let vrefs: Vec<&dyn Ast<'ctx>> = vars.iter().map(|v| v as &dyn Ast<'ctx>).collect();
            let q = ast::forall_const(self.ctx, &vrefs, &[], &full);
            if std::env::var("SLAM_HORN_DEBUG").is_ok() {
                eprintln!("int clause: {q}\n  from {imp}");
            }
            solver.assert(&q);
        }
        dump(&solver, "int");
        z3::set_global_param("fp.spacer.iuc.arith", "0");
        let (r, stopped) = self.bounded_check(&solver, budget, cancel);
        z3::set_global_param("fp.spacer.iuc.arith", "1");
        if stopped {
            return Err((Self::stopped_why(cancel), true));
        }
        match r {
            SatResult::Unsat => Err(("derives false".into(), false)),
            SatResult::Unknown => {
                Err((format!("Spacer: {}", solver.get_reason_unknown().unwrap_or_else(|| "unknown".into())), false))
            }
            SatResult::Sat => {
                let model = solver.get_model().ok_or_else(|| ("no model".to_string(), false))?;
                let decls: Vec<&FuncDecl<'ctx>> = self.rels.iter().map(|r| &irels[&r.decl.name()]).collect();
                let formulas = self.interpretations(&model, &decls, &iparams).map_err(|e| (e, false))?;
                Ok(LiaModel { formulas, iparams, back })
            }
        }
    }

    /// Candidate invariants for predicate abstraction (issue 30): Spacer's solution, from
    /// the integer reading (its share of `timeout`) or else the bit-vector clauses, **not
    /// validated** (a predicate only adds precision), taken apart into its atoms as C--
    /// comparisons (module `atoms`). `names[k][i]` is the C-- variable of parameter `i` of
    /// relation `k` (`None`: atoms over it are dropped). One list of atoms per relation.
    pub fn candidate_atoms(
        &self,
        timeout: Duration,
        cancel: Option<Arc<AtomicBool>>,
        stats: &mut HornStats,
        names: &[Vec<Option<String>>],
    ) -> Result<Candidates, String> {
        stats.relations = self.rels.len();
        stats.clauses = self.clauses.len();
        if cancel.as_ref().is_some_and(|c| c.load(Ordering::Relaxed)) {
            return Err("cancelled".into());
        }
        let t0 = Instant::now();
        configure();
        let mut why_int = String::new();
        if std::env::var("SLAM_HORN_NO_LIA").is_err() {
            match self.lia_model(self.lia_share(timeout), &cancel) {
                Ok(m) => {
                    stats.spacer_secs = t0.elapsed().as_secs_f64();
                    let mut per = Vec::new();
                    for (k, f) in m.formulas.iter().enumerate() {
                        // the integer parameters are the bit-vector ones without the memories
                        let bv_names = self.rels[k]
                            .params
                            .iter()
                            .zip(names.get(k).into_iter().flatten().chain(std::iter::repeat(&None)))
                            .filter(|(p, _)| p.as_bv().is_some())
                            .map(|(_, n)| n);
                        let map: HashMap<String, String> = m.iparams[k]
                            .iter()
                            .zip(bv_names)
                            .filter_map(|(p, n)| Some((p.to_string(), n.clone()?)))
                            .collect();
                        let mut out = Vec::new();
                        atoms::atoms(&Dynamic::from_ast(f), &map, &mut out);
                        atoms::ranges(&mut out);
                        per.push(out);
                    }
                    return Ok(Candidates { atoms: per, route: "integer reading" });
                }
                Err((why, true)) => return Err(why),
                Err((why, false)) => why_int = format!(" (integer reading: {why})"),
            }
        }
        let left = timeout.saturating_sub(t0.elapsed());
        if left < Duration::from_millis(100) {
            return Err(format!("Spacer stopped: time limit{why_int}"));
        }
        let r = self.bv_model(left, &cancel);
        stats.spacer_secs = t0.elapsed().as_secs_f64();
        match r {
            Ok(sol) => {
                let mut per = Vec::new();
                for (k, f) in sol.iter().enumerate() {
                    let map: HashMap<String, String> = self.rels[k]
                        .params
                        .iter()
                        .zip(names.get(k).into_iter().flatten().chain(std::iter::repeat(&None)))
                        .filter_map(|(p, n)| Some((p.to_string(), n.clone()?)))
                        .collect();
                    let mut out = Vec::new();
                    atoms::atoms(&Dynamic::from_ast(f), &map, &mut out);
                    atoms::ranges(&mut out);
                    if std::env::var("SLAM_HORN_DEBUG").is_ok() {
                        eprintln!("candidate `{}`: {f}\n  names {map:?}\n  atoms {out:?}", self.rels[k].name);
                    }
                    per.push(out);
                }
                Ok(Candidates { atoms: per, route: "bit-vector clauses" })
            }
            Err(HornResult::Unsafe) => Err(format!("Spacer derives false{why_int}")),
            Err(HornResult::Unknown(why)) => Err(format!("{why}{why_int}")),
            Err(HornResult::Safe(_)) => unreachable!("bv_model gives no Safe as an error"),
        }
    }

    /// Check that `sol` makes every clause valid (quantifier-free queries, one per clause).
    pub fn validate(
        &self,
        sol: &[Formula<'ctx>],
        timeout: Duration,
        cancel: Option<Arc<AtomicBool>>,
    ) -> Result<(), String> {
        if sol.len() != self.rels.len() {
            return Err("a solution needs one formula per relation".into());
        }
        for (k, f) in sol.iter().enumerate() {
            if has_quantifier(f) {
                return Err(format!("the formula of `{}` has a quantifier", self.rels[k].name));
            }
        }
        // Each clause: the exact integer reading of the query briefly (module `bvint`: what
        // bit-blasting finds hard, a remainder by 3 at 64 bits, is often easy for the
        // arithmetic solver), the bit-vector prover briefly, the integer reading with half of
        // what is left, the bit-vector prover with the rest.
        let deadline = Instant::now() + timeout;
        let quick = (timeout / 4).min(Duration::from_secs(2));
        let mut fast = Prover::new(self.ctx, quick).with_cancel(cancel.clone());
        for (i, c) in self.clauses.iter().enumerate() {
            // (a portfolio whose other engine answered waits for this one to stop; and a
            // thousand clauses each decided in milliseconds overran the time by seconds)
            if cancel.as_ref().is_some_and(|c| c.load(Ordering::Relaxed)) {
                return Err("cancelled".into());
            }
            if Instant::now() >= deadline {
                return Err(format!("time limit while validating (clause {i} of {})", self.clauses.len()));
            }
            let mut conj: Vec<Formula> = c.body.iter().map(|a| self.instance(sol, a)).collect();
            conj.push(c.constraint.clone());
            if let Some(h) = &c.head {
                conj.push(self.instance(sol, h).not());
            }
            let refs: Vec<&Formula> = conj.iter().collect();
            let q = conj_all(self.ctx, &refs);
            let left = || deadline.saturating_duration_since(Instant::now());
            let stopped = || cancel.as_ref().is_some_and(|c| c.load(Ordering::Relaxed));
            if bvint::unsat(self.ctx, &q, (left() / 4).min(Duration::from_secs(1))) == Some(true) {
                continue;
            }
            match fast.is_sat(&q) {
                Some(false) => continue,
                Some(true) => return Err(format!("clause {i} does not hold")),
                None if stopped() || left().is_zero() => return Err(format!("clause {i} could not be checked")),
                None => {}
            }
            if bvint::unsat(self.ctx, &q, left() / 2) == Some(true) {
                continue;
            }
            if stopped() || left() < Duration::from_millis(50) {
                return Err(format!("clause {i} could not be checked"));
            }
            match Prover::new(self.ctx, left()).with_cancel(cancel.clone()).is_sat(&q) {
                Some(false) => {}
                Some(true) => return Err(format!("clause {i} does not hold")),
                None => return Err(format!("clause {i} could not be checked")),
            }
        }
        Ok(())
    }
}

/// The conjunction of `xs`: `true` when there is none, the one when there is one (Z3's `and`
/// of no arguments prints as a bare `and`, which made the dumped systems hard to read).
pub(crate) fn conj_all<'ctx>(ctx: &'ctx Context, xs: &[&Bool<'ctx>]) -> Bool<'ctx> {
    match xs {
        [] => Bool::from_bool(ctx, true),
        [x] => (*x).clone(),
        _ => Bool::and(ctx, xs),
    }
}

/// The disjunction of `xs` (`false` when there is none), as [`conj`].
pub(crate) fn disj<'ctx>(ctx: &'ctx Context, xs: &[&Bool<'ctx>]) -> Bool<'ctx> {
    match xs {
        [] => Bool::from_bool(ctx, false),
        [x] => (*x).clone(),
        _ => Bool::or(ctx, xs),
    }
}

/// Every application of an uninterpreted function that is not a relation replaced by a
/// fresh constant (outermost applications; their arguments go with them).
fn abstract_functions<'ctx>(
    ctx: &'ctx Context,
    f: &Bool<'ctx>,
    rels: &HashSet<String>,
    fresh: &mut usize,
) -> Result<Bool<'ctx>, String> {
    let mut apps: Vec<Dynamic<'ctx>> = Vec::new();
    let mut seen: HashSet<Dynamic<'ctx>> = HashSet::new();
    let mut stack = vec![Dynamic::from_ast(f)];
    while let Some(e) = stack.pop() {
        if !seen.insert(e.clone()) {
            continue;
        }
        match e.kind() {
            AstKind::Quantifier => return Err("a clause has a quantifier".into()),
            AstKind::App => {
                let d = e.decl();
                if d.kind() == DeclKind::UNINTERPRETED && e.num_children() > 0 && !rels.contains(&d.name()) {
                    apps.push(e);
                    continue;
                }
                stack.extend(e.children());
            }
            _ => {}
        }
    }
    if apps.is_empty() {
        return Ok(f.clone());
    }
    let subs: Vec<Dynamic> = apps
        .iter()
        .map(|a| {
            *fresh += 1;
            let name = format!("horn!uf!{fresh}");
            match a.as_bv() {
                Some(b) => Ok(Dynamic::from_ast(&ast::BV::new_const(ctx, name, b.get_size()))),
                None => match a.as_bool() {
                    Some(_) => Ok(Dynamic::from_ast(&Bool::new_const(ctx, name))),
                    None => Err(format!("an application of `{}` of an unexpected sort", a.decl().name())),
                },
            }
        })
        .collect::<Result<_, String>>()?;
    let pairs: Vec<(&Dynamic, &Dynamic)> = apps.iter().zip(&subs).collect();
    Ok(f.substitute(&pairs))
}

/// The uninterpreted constants of `f` (its free variables).
fn free_constants<'ctx>(f: &Bool<'ctx>, rels: &HashSet<String>) -> Vec<Dynamic<'ctx>> {
    let mut out = Vec::new();
    let mut seen: HashSet<Dynamic<'ctx>> = HashSet::new();
    let mut stack = vec![Dynamic::from_ast(f)];
    while let Some(e) = stack.pop() {
        if !seen.insert(e.clone()) {
            continue;
        }
        if e.kind() != AstKind::App {
            continue;
        }
        let d = e.decl();
        if e.num_children() == 0 {
            if d.kind() == DeclKind::UNINTERPRETED && !rels.contains(&d.name()) {
                out.push(e);
            }
            continue;
        }
        stack.extend(e.children());
    }
    out
}

fn has_quantifier(f: &Bool<'_>) -> bool {
    let mut seen: HashSet<Dynamic> = HashSet::new();
    let mut stack = vec![Dynamic::from_ast(f)];
    while let Some(e) = stack.pop() {
        if !seen.insert(e.clone()) {
            continue;
        }
        match e.kind() {
            AstKind::Quantifier | AstKind::Var => return true,
            AstKind::App => stack.extend(e.children()),
            _ => {}
        }
    }
    false
}

/// A readable form of a solution's formula for `r` (parameters named by `names`).
pub fn show(h: &Horn<'_>, r: RelId, f: &Formula<'_>, names: &[String]) -> String {
    let mut s = f.to_string();
    let mut pairs: Vec<(String, &String)> =
        h.rels[r.0].params.iter().map(|p| p.to_string()).zip(names.iter()).collect();
    // longer placeholder names first (p10 before p1)
    pairs.sort_by_key(|(p, _)| std::cmp::Reverse(p.len()));
    for (p, n) in pairs {
        s = s.replace(&p, n);
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formula;
    use z3::ast::BV;

    fn bv<'c>(ctx: &'c Context, n: &str) -> Term<'c> {
        BV::new_const(ctx, n, 64)
    }

    /// x := 0; while (x < bound) x += 2; assert(x != bad)
    fn counter<'c>(ctx: &'c Context, bound: i64, bad: i64) -> Horn<'c> {
        let mut h = Horn::new(ctx);
        let inv = h.relation("loop", &[Kind::Int]);
        let (x, x1) = (bv(ctx, "x"), bv(ctx, "x1"));
        let c = |v: i64| BV::from_i64(ctx, v, 64);
        h.add(vec![], formula::eq(&x, &c(0)), Some((inv, vec![Arg::Int(x.clone())])));
        let step = formula::and(ctx, &[&x.bvult(&c(bound)), &formula::eq(&x1, &x.bvadd(&c(2)))]);
        h.add(vec![(inv, vec![Arg::Int(x.clone())])], step, Some((inv, vec![Arg::Int(x1.clone())])));
        let out = formula::and(ctx, &[&x.bvuge(&c(bound)), &formula::eq(&x, &c(bad))]);
        h.add(vec![(inv, vec![Arg::Int(x.clone())])], out, None);
        h
    }

    #[test]
    fn a_counting_loop_is_safe_with_a_validated_invariant() {
        let ctx = crate::new_context();
        let h = counter(&ctx, 100, 101);
        let mut st = HornStats::default();
        let res = h.solve(Duration::from_secs(30), None, &mut st);
        match res {
            HornResult::Safe(sol) => {
                assert_eq!(sol.len(), 1);
                assert!(h.validate(&sol, Duration::from_secs(10), None).is_ok());
                // a wrong solution does not validate
                let wrong = vec![Bool::from_bool(&ctx, false)];
                assert!(h.validate(&wrong, Duration::from_secs(10), None).is_err());
            }
            r => panic!("expected SAFE, got {r:?}"),
        };
    }

    #[test]
    fn a_reachable_query_is_unsafe() {
        let ctx = crate::new_context();
        let h = counter(&ctx, 10, 10);
        let mut st = HornStats::default();
        assert!(matches!(h.solve(Duration::from_secs(30), None, &mut st), HornResult::Unsafe));
    }

    #[test]
    fn a_set_cancel_flag_or_no_time_is_unknown() {
        let ctx = crate::new_context();
        let h = counter(&ctx, 100, 101);
        let mut st = HornStats::default();
        let cancel = Arc::new(AtomicBool::new(true));
        assert!(matches!(h.solve(Duration::from_secs(30), Some(cancel), &mut st), HornResult::Unknown(_)));
        // a hard system: factoring a semiprime, stopped by the flag while Spacer works
        let ctx = crate::new_context();
        let mut h = Horn::new(&ctx);
        let r = h.relation("r", &[Kind::Int, Kind::Int]);
        let (x, y) = (bv(&ctx, "x"), bv(&ctx, "y"));
        let n = BV::from_u64(&ctx, 3_037_000_493 * 1_518_500_249, 64);
        let small = BV::from_u64(&ctx, 1 << 32, 64);
        let one = BV::from_u64(&ctx, 1, 64);
        let init = formula::and(&ctx, &[&x.bvugt(&one), &y.bvugt(&one), &x.bvult(&small), &y.bvult(&small)]);
        h.add(vec![], init, Some((r, vec![Arg::Int(x.clone()), Arg::Int(y.clone())])));
        h.add(vec![(r, vec![Arg::Int(x.clone()), Arg::Int(y.clone())])], formula::eq(&x.bvmul(&y), &n), None);
        let cancel = Arc::new(AtomicBool::new(false));
        let flag = cancel.clone();
        let setter = std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(300));
            flag.store(true, Ordering::Relaxed);
        });
        let t0 = Instant::now();
        let res = h.solve(Duration::from_secs(600), Some(cancel), &mut st);
        setter.join().unwrap();
        assert!(matches!(res, HornResult::Unknown(_)), "{res:?}");
        assert!(t0.elapsed() < Duration::from_secs(60));
    }
}

/// The integer route: the clauses with every bit-vector term read as the mathematical integer
/// it stands for (wrap-around and bit operations ignored: a heuristic, since Spacer is far
/// better at linear integer arithmetic than at bit-vectors), and Spacer's integer solution
/// read back as bit-vector formulas (128-bit arithmetic on the sign-extended parameters),
/// which the ordinary validation then checks against the exact clauses. Nothing this route
/// computes is trusted.
mod lia {
    use super::*;
    use std::collections::HashMap;
    use z3::ast::{Int, BV};

    pub(super) struct ToInt<'h, 'ctx> {
        pub ctx: &'ctx Context,
        /// Bit-vector relation name → its integer relation.
        pub rels: &'h HashMap<String, FuncDecl<'ctx>>,
        pub side: Vec<Bool<'ctx>>,
        memo_i: HashMap<Dynamic<'ctx>, Int<'ctx>>,
        memo_b: HashMap<Dynamic<'ctx>, Bool<'ctx>>,
        ranged: HashSet<String>,
        fresh: usize,
    }

    impl<'h, 'ctx> ToInt<'h, 'ctx> {
        pub fn new(ctx: &'ctx Context, rels: &'h HashMap<String, FuncDecl<'ctx>>) -> Self {
            ToInt {
                ctx,
                rels,
                side: Vec::new(),
                memo_i: HashMap::new(),
                memo_b: HashMap::new(),
                ranged: HashSet::new(),
                fresh: 0,
            }
        }

        fn fresh_int(&mut self) -> Int<'ctx> {
            self.fresh += 1;
            Int::new_const(self.ctx, format!("horni!free!{}", self.fresh))
        }

        fn fresh_bool(&mut self) -> Bool<'ctx> {
            self.fresh += 1;
            Bool::new_const(self.ctx, format!("horni!freeb!{}", self.fresh))
        }

        /// The integer a narrow constant stands for, zero- or sign-extended.
        fn var(&mut self, name: &str, w: u32, signed: bool) -> Int<'ctx> {
            let n = format!("{name}!{}", if signed { 's' } else { 'u' });
            let v = Int::new_const(self.ctx, n.as_str());
            // Only the sign of unsigned values, and both bounds of `char` and `short` ones:
            // bounds on every variable make Spacer's lemmas about the bounds (measured: the
            // loop-invgen tasks time out with them), but a sum of `unsigned char` inputs is
            // bounded only by theirs (loop-invariants/linear-inequality-inv-a).
            if self.ranged.insert(n) {
                let (lo, hi) = match (signed, w) {
                    (false, 1..=16) => (Some(0), Some((1i64 << w) - 1)),
                    (true, 1..=16) => (Some(-(1i64 << (w - 1))), Some((1i64 << (w - 1)) - 1)),
                    (false, _) => (Some(0), None),
                    (true, _) => (None, None),
                };
                if let Some(lo) = lo {
                    self.side.push(v.ge(&Int::from_i64(self.ctx, lo)));
                }
                if let Some(hi) = hi {
                    self.side.push(v.le(&Int::from_i64(self.ctx, hi)));
                }
            }
            v
        }

        pub fn int(&mut self, e: &Dynamic<'ctx>) -> Int<'ctx> {
            if let Some(v) = self.memo_i.get(e) {
                return v.clone();
            }
            let v = self.int_of(e);
            self.memo_i.insert(e.clone(), v.clone());
            v
        }

        fn int_of(&mut self, e: &Dynamic<'ctx>) -> Int<'ctx> {
            let Some(b) = e.as_bv() else { return self.fresh_int() };
            let w = b.get_size();
            if e.kind() == AstKind::Numeral {
                let v = if w == 64 {
                    // two's complement (Z3 reads a numeral as unsigned)
                    b.as_u64().map(|v| Int::from_i64(self.ctx, v as i64))
                } else {
                    b.as_u64().map(|v| Int::from_u64(self.ctx, v))
                };
                return v.unwrap_or_else(|| self.fresh_int());
            }
            if e.kind() != AstKind::App {
                return self.fresh_int();
            }
            let d = e.decl();
            let ch = e.children();
            let ints = |s: &mut Self, ch: &[Dynamic<'ctx>]| -> Vec<Int<'ctx>> { ch.iter().map(|c| s.int(c)).collect() };
            match d.kind() {
                DeclKind::UNINTERPRETED if ch.is_empty() => self.var(&d.name(), w, w == 64),
                DeclKind::ZERO_EXT | DeclKind::SIGN_EXT => {
                    let signed = d.kind() == DeclKind::SIGN_EXT;
                    let c = &ch[0];
                    if c.kind() == AstKind::App && c.decl().kind() == DeclKind::UNINTERPRETED && c.num_children() == 0 {
                        let cw = c.as_bv().map(|x| x.get_size()).unwrap_or(64);
                        self.var(&c.decl().name(), cw, signed)
                    } else {
                        self.int(c)
                    }
                }
                DeclKind::EXTRACT => self.int(&ch[0]),
                // zero extension as the simplifier writes it
                DeclKind::CONCAT if ch.len() == 2 && ch[0].as_bv().and_then(|z| z.as_u64()) == Some(0) => {
                    let c = &ch[1];
                    if c.kind() == AstKind::App && c.decl().kind() == DeclKind::UNINTERPRETED && c.num_children() == 0 {
                        let cw = c.as_bv().map(|x| x.get_size()).unwrap_or(64);
                        self.var(&c.decl().name(), cw, false)
                    } else {
                        self.int(c)
                    }
                }
                DeclKind::BADD => {
                    let xs = ints(self, &ch);
                    let r: Vec<&Int> = xs.iter().collect();
                    Int::add(self.ctx, &r)
                }
                DeclKind::BSUB => {
                    let xs = ints(self, &ch);
                    let r: Vec<&Int> = xs.iter().collect();
                    Int::sub(self.ctx, &r)
                }
                // Products and quotients of variables are beyond linear arithmetic, on which
                // Spacer answers unknown for the whole system (loop-acceleration/phases_2-2):
                // any value (the integer reading only proposes).
                DeclKind::BMUL if ch.iter().filter(|c| c.kind() != AstKind::Numeral).count() > 1 => self.fresh_int(),
                DeclKind::BMUL => {
                    let xs = ints(self, &ch);
                    let r: Vec<&Int> = xs.iter().collect();
                    Int::mul(self.ctx, &r)
                }
                DeclKind::BNEG => self.int(&ch[0]).unary_minus(),
                DeclKind::ITE => {
                    let c = self.bool(&ch[0]);
                    let (a, b) = (self.int(&ch[1]), self.int(&ch[2]));
                    c.ite(&a, &b)
                }
                DeclKind::BSDIV
                | DeclKind::BUDIV
                | DeclKind::BSDIV_I
                | DeclKind::BUDIV_I
                | DeclKind::BSREM
                | DeclKind::BUREM
                | DeclKind::BSMOD
                | DeclKind::BSREM_I
                | DeclKind::BUREM_I
                | DeclKind::BSMOD_I
                    if ch[1].kind() != AstKind::Numeral =>
                {
                    self.fresh_int()
                }
                DeclKind::BSDIV | DeclKind::BUDIV | DeclKind::BSDIV_I | DeclKind::BUDIV_I => {
                    let (a, b) = (self.int(&ch[0]), self.int(&ch[1]));
                    a.div(&b)
                }
                DeclKind::BSREM
                | DeclKind::BUREM
                | DeclKind::BSMOD
                | DeclKind::BSREM_I
                | DeclKind::BUREM_I
                | DeclKind::BSMOD_I => {
                    let (a, b) = (self.int(&ch[0]), self.int(&ch[1]));
                    a.modulo(&b)
                }
                _ => self.fresh_int(),
            }
        }

        pub fn bool(&mut self, e: &Dynamic<'ctx>) -> Bool<'ctx> {
            if let Some(v) = self.memo_b.get(e) {
                return v.clone();
            }
            let v = self.bool_of(e);
            self.memo_b.insert(e.clone(), v.clone());
            v
        }

        fn bool_of(&mut self, e: &Dynamic<'ctx>) -> Bool<'ctx> {
            if e.kind() != AstKind::App {
                return self.fresh_bool();
            }
            let d = e.decl();
            let ch = e.children();
            let is_bv = |c: &Dynamic| c.as_bv().is_some();
            let bools =
                |s: &mut Self, ch: &[Dynamic<'ctx>]| -> Vec<Bool<'ctx>> { ch.iter().map(|c| s.bool(c)).collect() };
            let cmp = |s: &mut Self, f: fn(&Int<'ctx>, &Int<'ctx>) -> Bool<'ctx>| {
                let (a, b) = (s.int(&ch[0]), s.int(&ch[1]));
                f(&a, &b)
            };
            match d.kind() {
                DeclKind::TRUE => Bool::from_bool(self.ctx, true),
                DeclKind::FALSE => Bool::from_bool(self.ctx, false),
                DeclKind::AND => {
                    let xs = bools(self, &ch);
                    let r: Vec<&Bool> = xs.iter().collect();
                    conj_all(self.ctx, &r)
                }
                DeclKind::OR => {
                    let xs = bools(self, &ch);
                    let r: Vec<&Bool> = xs.iter().collect();
                    disj(self.ctx, &r)
                }
                DeclKind::NOT => self.bool(&ch[0]).not(),
                DeclKind::IMPLIES => {
                    let (a, b) = (self.bool(&ch[0]), self.bool(&ch[1]));
                    a.implies(&b)
                }
                DeclKind::XOR => {
                    let (a, b) = (self.bool(&ch[0]), self.bool(&ch[1]));
                    a.xor(&b)
                }
                DeclKind::ITE if !is_bv(&ch[1]) => {
                    let (c, a, b) = (self.bool(&ch[0]), self.bool(&ch[1]), self.bool(&ch[2]));
                    c.ite(&a, &b)
                }
                DeclKind::EQ | DeclKind::IFF if ch.len() == 2 && is_bv(&ch[0]) => cmp(self, |a, b| a._eq(b)),
                DeclKind::EQ | DeclKind::IFF if ch.len() == 2 && ch[0].as_bool().is_some() => {
                    let (a, b) = (self.bool(&ch[0]), self.bool(&ch[1]));
                    a._eq(&b)
                }
                DeclKind::DISTINCT if ch.len() == 2 && is_bv(&ch[0]) => cmp(self, |a, b| a._eq(b).not()),
                DeclKind::ULEQ | DeclKind::SLEQ => cmp(self, |a, b| a.le(b)),
                DeclKind::UGEQ | DeclKind::SGEQ => cmp(self, |a, b| a.ge(b)),
                DeclKind::ULT | DeclKind::SLT => cmp(self, |a, b| a.lt(b)),
                DeclKind::UGT | DeclKind::SGT => cmp(self, |a, b| a.gt(b)),
                DeclKind::UNINTERPRETED => {
                    if let Some(r) = self.rels.get(&d.name()) {
                        let args: Vec<Int> = ch.iter().filter(|c| c.as_bv().is_some()).map(|c| self.int(c)).collect();
                        let refs: Vec<&dyn Ast<'ctx>> = args.iter().map(|a| a as &dyn Ast<'ctx>).collect();
                        return r.apply(&refs).as_bool().expect("Boolean");
                    }
                    if ch.is_empty() {
                        return Bool::new_const(self.ctx, d.name());
                    }
                    self.fresh_bool()
                }
                _ => self.fresh_bool(),
            }
        }
    }

    /// The value of the integer numeral `e` when it is positive and below `2^63`.
    fn positive(e: &Dynamic<'_>) -> Option<u64> {
        if e.kind() != AstKind::Numeral {
            return None;
        }
        e.as_int()?.as_u64().filter(|v| *v > 0 && *v < 1 << 63)
    }

    /// `k` when `e` is the integer numeral `2^k` (`k < 64`).
    fn power_of_two(e: &Dynamic<'_>) -> Option<u32> {
        if e.kind() != AstKind::Numeral {
            return None;
        }
        let v = e.as_int()?.as_u64()?;
        (v.is_power_of_two() && v.trailing_zeros() < 64).then(|| v.trailing_zeros())
    }

    /// An integer formula over the integer parameters read back over the bit-vector ones.
    pub(super) struct Back<'h, 'ctx> {
        pub ctx: &'ctx Context,
        /// Integer parameter name → the bit-vector parameter, sign-extended to 128 bits.
        pub params: &'h HashMap<String, BV<'ctx>>,
    }

    impl<'h, 'ctx> Back<'h, 'ctx> {
        pub fn bv(&self, e: &Dynamic<'ctx>) -> Option<BV<'ctx>> {
            let i = e.as_int()?;
            if e.kind() == AstKind::Numeral {
                return i.as_i64().map(|v| BV::from_i64(self.ctx, v, 128));
            }
            if e.kind() != AstKind::App {
                return None;
            }
            let d = e.decl();
            let ch = e.children();
            let all = |ch: &[Dynamic<'ctx>]| -> Option<Vec<BV<'ctx>>> { ch.iter().map(|c| self.bv(c)).collect() };
            let fold = |xs: Vec<BV<'ctx>>, f: fn(&BV<'ctx>, &BV<'ctx>) -> BV<'ctx>| -> Option<BV<'ctx>> {
                let mut it = xs.into_iter();
                let first = it.next()?;
                Some(it.fold(first, |a, b| f(&a, &b)))
            };
            match d.kind() {
                DeclKind::UNINTERPRETED if ch.is_empty() => self.params.get(&d.name()).cloned(),
                DeclKind::ADD => fold(all(&ch)?, |a, b| a.bvadd(b)),
                DeclKind::SUB => fold(all(&ch)?, |a, b| a.bvsub(b)),
                DeclKind::MUL => fold(all(&ch)?, |a, b| a.bvmul(b)),
                DeclKind::UMINUS => Some(self.bv(&ch[0])?.bvneg()),
                // By a power of two (parity, the usual case), the low bits and an arithmetic
                // shift: exact for the integer `mod` and `div` by a positive divisor, and a
                // validation query the prover answers at once, where a 128-bit division
                // circuit took it longer than its time (loop-new/half).
                DeclKind::MOD if power_of_two(&ch[1]).is_some() => {
                    let a = self.bv(&ch[0])?;
                    Some(match power_of_two(&ch[1])? {
                        0 => BV::from_i64(self.ctx, 0, 128),
                        k => a.extract(k - 1, 0).zero_ext(128 - k),
                    })
                }
                DeclKind::IDIV if power_of_two(&ch[1]).is_some() => {
                    let a = self.bv(&ch[0])?;
                    let k = power_of_two(&ch[1])?;
                    Some(a.bvashr(&BV::from_u64(self.ctx, k as u64, 128)))
                }
                // Of a parameter by a positive constant: at the parameter's 64 bits (the
                // result is below the divisor), a quarter of the 128-bit division circuit.
                DeclKind::MOD if positive(&ch[1]).is_some() && self.param64(&ch[0]).is_some() => {
                    let a = self.param64(&ch[0])?;
                    let c = BV::from_u64(self.ctx, positive(&ch[1])?, 64);
                    Some(a.bvsmod(&c).zero_ext(64))
                }
                DeclKind::MOD => {
                    let (a, b) = (self.bv(&ch[0])?, self.bv(&ch[1])?);
                    Some(a.bvsmod(&b))
                }
                DeclKind::IDIV => {
                    let (a, b) = (self.bv(&ch[0])?, self.bv(&ch[1])?);
                    Some(a.bvsub(&a.bvsmod(&b)).bvsdiv(&b))
                }
                DeclKind::ITE => {
                    let c = self.bool(&ch[0])?;
                    Some(c.ite(&self.bv(&ch[1])?, &self.bv(&ch[2])?))
                }
                _ => None,
            }
        }

        /// The 64-bit bit-vector parameter an integer parameter `e` stands for.
        fn param64(&self, e: &Dynamic<'ctx>) -> Option<BV<'ctx>> {
            if e.kind() != AstKind::App || e.num_children() > 0 {
                return None;
            }
            let wide = self.params.get(&e.decl().name())?;
            let d = Dynamic::from_ast(wide);
            (d.kind() == AstKind::App && d.decl().kind() == DeclKind::SIGN_EXT).then(|| d.children()[0].as_bv())?
        }

        pub fn bool(&self, e: &Dynamic<'ctx>) -> Option<Bool<'ctx>> {
            if e.kind() != AstKind::App {
                return None;
            }
            let d = e.decl();
            let ch = e.children();
            let bools = |ch: &[Dynamic<'ctx>]| -> Option<Vec<Bool<'ctx>>> { ch.iter().map(|c| self.bool(c)).collect() };
            let two = || -> Option<(BV<'ctx>, BV<'ctx>)> { Some((self.bv(&ch[0])?, self.bv(&ch[1])?)) };
            let is_int = |c: &Dynamic| c.as_int().is_some();
            match d.kind() {
                DeclKind::TRUE => Some(Bool::from_bool(self.ctx, true)),
                DeclKind::FALSE => Some(Bool::from_bool(self.ctx, false)),
                DeclKind::AND => {
                    let xs = bools(&ch)?;
                    Some(Bool::and(self.ctx, &xs.iter().collect::<Vec<_>>()))
                }
                DeclKind::OR => {
                    let xs = bools(&ch)?;
                    Some(Bool::or(self.ctx, &xs.iter().collect::<Vec<_>>()))
                }
                DeclKind::NOT => Some(self.bool(&ch[0])?.not()),
                DeclKind::IMPLIES => Some(self.bool(&ch[0])?.implies(&self.bool(&ch[1])?)),
                DeclKind::ITE => Some(self.bool(&ch[0])?.ite(&self.bool(&ch[1])?, &self.bool(&ch[2])?)),
                DeclKind::EQ if ch.len() == 2 && is_int(&ch[0]) => two().map(|(a, b)| a._eq(&b)),
                DeclKind::EQ | DeclKind::IFF if ch.len() == 2 => Some(self.bool(&ch[0])?._eq(&self.bool(&ch[1])?)),
                DeclKind::LE => two().map(|(a, b)| a.bvsle(&b)),
                DeclKind::GE => two().map(|(a, b)| a.bvsge(&b)),
                DeclKind::LT => two().map(|(a, b)| a.bvslt(&b)),
                DeclKind::GT => two().map(|(a, b)| a.bvsgt(&b)),
                _ => None,
            }
        }
    }
}
