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
use std::collections::HashSet;
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

    /// Solve with Spacer within `timeout` (and until `cancel` is set), then validate.
    pub fn solve(&self, timeout: Duration, cancel: Option<Arc<AtomicBool>>, stats: &mut HornStats) -> HornResult<'ctx> {
        stats.relations = self.rels.len();
        stats.clauses = self.clauses.len();
        if cancel.as_ref().is_some_and(|c| c.load(Ordering::Relaxed)) {
            return HornResult::Unknown("cancelled".into());
        }
        let t0 = Instant::now();
        let relnames: HashSet<String> = self.rels.iter().map(|r| r.decl.name()).collect();
        // Spacer's preprocessing inlines and slices relations, and their solutions then come
        // back existentially quantified: keep every relation as declared.
        for (k, v) in
            [("fp.xform.inline_eager", "false"), ("fp.xform.inline_linear", "false"), ("fp.xform.slice", "false")]
        {
            z3::set_global_param(k, v);
        }
        let Some(solver) = Solver::new_for_logic(self.ctx, "HORN") else {
            return HornResult::Unknown("Z3 has no solver for logic HORN".into());
        };
        let mut p = Params::new(self.ctx);
        p.set_u32("timeout", timeout.as_millis().clamp(1, u32::MAX as u128) as u32);
        solver.set_params(&p);
        let mut fresh = 0usize;
        for c in &self.clauses {
            let mut body: Vec<Bool> = c.body.iter().map(|a| self.apply(a)).collect();
            body.push(c.constraint.clone());
            let brefs: Vec<&Bool> = body.iter().collect();
            let head = match &c.head {
                Some(a) => self.apply(a),
                None => Bool::from_bool(self.ctx, false),
            };
            let imp = Bool::and(self.ctx, &brefs).implies(&head);
            let imp = match abstract_functions(self.ctx, &imp, &relnames, &mut fresh) {
                Ok(f) => f,
                Err(e) => return HornResult::Unknown(e),
            };
            let vars = free_constants(&imp, &relnames);
            let vrefs: Vec<&dyn Ast<'ctx>> = vars.iter().map(|v| v as &dyn Ast<'ctx>).collect();
            let q = ast::forall_const(self.ctx, &vrefs, &[], &imp);
            if std::env::var("SLAM_HORN_DEBUG").is_ok() {
                eprintln!("clause: {q}");
            }
            solver.assert(&q);
        }
        // A timer and the caller's flag both end the check through the interrupt watcher.
        let stop = Arc::new(AtomicBool::new(false));
        let done = Arc::new(AtomicBool::new(false));
        let timer = {
            let (stop, done, cancel) = (stop.clone(), done.clone(), cancel.clone());
            let deadline = Instant::now() + timeout;
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
        stats.spacer_secs = t0.elapsed().as_secs_f64();
        if stop.load(Ordering::Relaxed) {
            // The context may have been interrupted: ask it nothing more.
            let why =
                if cancel.as_ref().is_some_and(|c| c.load(Ordering::Relaxed)) { "cancelled" } else { "time limit" };
            return HornResult::Unknown(format!("Spacer stopped: {why}"));
        }
        match r {
            SatResult::Unsat => HornResult::Unsafe,
            SatResult::Unknown => HornResult::Unknown(format!(
                "Spacer: {}",
                solver.get_reason_unknown().unwrap_or_else(|| "unknown".into())
            )),
            SatResult::Sat => {
                let Some(model) = solver.get_model() else {
                    return HornResult::Unknown("Spacer gave no model".into());
                };
                if std::env::var("SLAM_HORN_DEBUG").is_ok() {
                    eprintln!("model: {model}");
                }
                let mut sol = Vec::new();
                for r in &self.rels {
                    let refs: Vec<&dyn Ast<'ctx>> = r.params.iter().map(|d| d as &dyn Ast<'ctx>).collect();
                    let app = r.decl.apply(&refs).as_bool().expect("Boolean");
                    // Spacer leaves out relations that hold of nothing; parameters stay
                    // symbolic (a completed model would give them values).
                    if !r.params.is_empty() && model.get_func_interp(&r.decl).is_none() {
                        sol.push(Bool::from_bool(self.ctx, false));
                        continue;
                    }
                    match model.eval(&app, r.params.is_empty()) {
                        Some(f) => {
                            if std::env::var("SLAM_HORN_DEBUG").is_ok() {
                                eprintln!("{} := {f}", r.name);
                            }
                            sol.push(f)
                        }
                        None => return HornResult::Unknown(format!("no interpretation of `{}`", r.name)),
                    }
                }
                let left = timeout.saturating_sub(t0.elapsed()).max(Duration::from_secs(1));
                let t1 = Instant::now();
                let v = self.validate(&sol, left, cancel);
                stats.validation_secs = t1.elapsed().as_secs_f64();
                match v {
                    Ok(()) => HornResult::Safe(sol),
                    Err(e) => HornResult::Unknown(format!("Spacer's solution did not validate: {e}")),
                }
            }
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
        let mut prover = Prover::new(self.ctx, timeout).with_cancel(cancel);
        for (i, c) in self.clauses.iter().enumerate() {
            let mut conj: Vec<Formula> = c.body.iter().map(|a| self.instance(sol, a)).collect();
            conj.push(c.constraint.clone());
            if let Some(h) = &c.head {
                conj.push(self.instance(sol, h).not());
            }
            let refs: Vec<&Formula> = conj.iter().collect();
            match prover.is_sat(&Bool::and(self.ctx, &refs)) {
                Some(false) => {}
                Some(true) => return Err(format!("clause {i} does not hold")),
                None => return Err(format!("clause {i} could not be checked")),
            }
        }
        Ok(())
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

    /// x := 0; while (x < 100) x += 2; assert(x != 101)
    fn counter<'c>(ctx: &'c Context, bad: i64) -> Horn<'c> {
        let mut h = Horn::new(ctx);
        let inv = h.relation("loop", &[Kind::Int]);
        let (x, x1) = (bv(ctx, "x"), bv(ctx, "x1"));
        let c = |v: i64| BV::from_i64(ctx, v, 64);
        h.add(vec![], formula::eq(&x, &c(0)), Some((inv, vec![Arg::Int(x.clone())])));
        let step = formula::and(ctx, &[&x.bvult(&c(100)), &formula::eq(&x1, &x.bvadd(&c(2)))]);
        h.add(vec![(inv, vec![Arg::Int(x.clone())])], step, Some((inv, vec![Arg::Int(x1.clone())])));
        let out = formula::and(ctx, &[&x.bvuge(&c(100)), &formula::eq(&x, &c(bad))]);
        h.add(vec![(inv, vec![Arg::Int(x.clone())])], out, None);
        h
    }

    #[test]
    fn a_counting_loop_is_safe_with_a_validated_invariant() {
        let ctx = crate::new_context();
        let h = counter(&ctx, 101);
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
        let h = counter(&ctx, 100);
        let mut st = HornStats::default();
        assert!(matches!(h.solve(Duration::from_secs(30), None, &mut st), HornResult::Unsafe));
    }

    #[test]
    fn a_set_cancel_flag_or_no_time_is_unknown() {
        let ctx = crate::new_context();
        let h = counter(&ctx, 101);
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
