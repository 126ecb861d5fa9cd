//! Abstraction of one procedure: every C-- statement becomes boolean-program statements over
//! the predicates in scope, with the same control flow and the same statement ids.

use crate::preds::{Pred, RET};
use crate::{Options, Shared, Strategy};
use bp::{Expr as BExpr, Stmt as BStmt, StmtKind as BKind};
use cminus::names::ALLOC_TOP;
use cminus::{BinOp, Expr, Lval, Proc, Stmt, StmtKind, Type};
use logic::formula::{self, Formula};
use logic::{Env, Prover, State, Term};
use std::collections::{BTreeSet, HashMap, HashSet};

/// Names of variables an expression mentions (under `*`, `&` and indices too).
pub(crate) fn vars_of(e: &Expr) -> BTreeSet<String> {
    e.var_names()
}

pub(crate) fn lval_vars(l: &Lval) -> BTreeSet<String> {
    vars_of(&Expr::Lval(l.clone()))
}

/// Lvalues read by an expression (outermost first).
fn reads(e: &Expr) -> Vec<Lval> {
    let mut v = Vec::new();
    e.visit_lvals(&mut |l| v.push(l.clone()));
    v
}

/// A statement's effect for [`ProcAbs::abstract_writes`]: from `s0` to `s1`, in states where
/// `guarantee` holds; `vars` the variables it reads and writes; each affected predicate's
/// candidates share a variable with `base` or with the predicate (not `reg`: see the cone of
/// WP in [`ProcAbs::assign`]).
struct Writes<'a, 'ctx> {
    s0: &'a State<'ctx>,
    s1: &'a State<'ctx>,
    guarantee: Option<Formula<'ctx>>,
    /// Byte memory: the write's bytes are apart from those of the predicates' reads that the
    /// points-to analysis separates from it ([`ProcAbs::separation`]).
    apart: Option<Formula<'ctx>>,
    vars: &'a BTreeSet<String>,
    base: &'a BTreeSet<String>,
    reg: Option<&'a str>,
    /// `l := nondet`: the target and the fresh value it receives (see
    /// [`ProcAbs::fresh_cannot_fix`]).
    fresh: Option<(&'a Lval, Term<'ctx>, Type)>,
}

/// An allocator's call: whether it may return NULL, and whether its statement also moves
/// the allocation watermark (when the result goes to memory; else a statement of its own
/// follows, see `ProcAbs::advance_top`).
#[derive(Clone, Copy)]
struct Alloc {
    may_fail: bool,
    advance: bool,
}

/// A predicate in scope with its boolean-variable name.
#[derive(Clone)]
pub(crate) struct InScope {
    pub name: String,
    pub pred: Pred,
    pub vars: BTreeSet<String>,
}

pub(crate) struct ProcAbs<'s, 'p, 'ctx> {
    pub sh: &'s Shared,
    pub proc: &'p Proc,
    pub env: Env<'p, 'ctx>,
    pub prover: Prover<'ctx>,
    pub opts: &'s Options,
    /// Globals first, then this procedure's predicates (formal predicates first).
    pub scope: Vec<InScope>,
    pub pointsto: cminus::pointsto::PointsTo,
    /// AllSAT valuations per candidate set (keyed by the candidates' formulas).
    pub valuation_cache: std::collections::HashMap<String, Option<Vec<Vec<bool>>>>,
    /// Candidate sets (by their formulas) with more joint valuations than an AllSAT table
    /// holds: every superset has at least as many (see [`ProcAbs::valuation_tables`]).
    pub overflowed: Vec<BTreeSet<String>>,
}

fn t() -> BExpr {
    BExpr::Const(true)
}
fn f() -> BExpr {
    BExpr::Const(false)
}

fn or_all(v: Vec<BExpr>) -> BExpr {
    let mut it = v.into_iter();
    match it.next() {
        None => f(),
        Some(first) => it.fold(first, |a, b| BExpr::bin(bp::BinOp::Or, a, b)),
    }
}
fn and_all(v: Vec<BExpr>) -> BExpr {
    let mut it = v.into_iter();
    match it.next() {
        None => t(),
        Some(first) => it.fold(first, |a, b| BExpr::bin(bp::BinOp::And, a, b)),
    }
}

/// `!e`, without double negations.
fn negate(e: BExpr) -> BExpr {
    match e {
        BExpr::Const(b) => BExpr::Const(!b),
        BExpr::Not(inner) => *inner,
        // De Morgan, so that ImpliedByF reads as a cube: !(a | !b) = !a & b.
        BExpr::Bin(bp::BinOp::Or, a, b) => BExpr::bin(bp::BinOp::And, negate(*a), negate(*b)),
        other => BExpr::not(other),
    }
}

/// `schoose[pos, neg]`, simplified where the answer is known.
fn choose(pos: BExpr, neg: BExpr) -> BExpr {
    match (&pos, &neg) {
        (BExpr::Const(true), _) => t(),
        (_, BExpr::Const(true)) => f(),
        (BExpr::Const(false), BExpr::Const(false)) => BExpr::Nondet,
        // schoose[e, !e] is just e.
        (p, BExpr::Not(n)) if **n == *p => pos,
        (BExpr::Not(p), n) if **p == *n => BExpr::Not(p.clone()),
        _ => BExpr::schoose(pos, neg),
    }
}

/// The states from which an update's `schoose[pos, neg]` right-hand sides are consistent:
/// `!(pos & neg)` for each. `pos` implies the predicate's new value and `neg` its negation, so
/// no concrete state satisfies both; without the clause, such an abstract state (inconsistent
/// facts, e.g. a callee's return facts that contradict the caller's) takes `pos` and the
/// checker follows a transition no execution has, which refinement cannot remove (its
/// predicates are all there already).
fn consistent(rhs: &[BExpr]) -> Option<BExpr> {
    rhs.iter()
        .filter_map(|e| match e {
            BExpr::Schoose(p, n) if !disjoint(p, n) => {
                Some(BExpr::not(BExpr::bin(bp::BinOp::And, (**p).clone(), (**n).clone())))
            }
            _ => None,
        })
        .reduce(|a, b| BExpr::bin(bp::BinOp::And, a, b))
}

/// Whether two disjunctions of cubes can never hold together (every pair of cubes has a
/// complementary literal), so that `!(p & n)` says nothing; `false` when unsure.
fn disjoint(p: &BExpr, n: &BExpr) -> bool {
    fn cubes(e: &BExpr, out: &mut Vec<Vec<(String, bool)>>) -> bool {
        match e {
            BExpr::Const(false) => true,
            BExpr::Bin(bp::BinOp::Or, a, b) => cubes(a, out) && cubes(b, out),
            e => {
                let mut c = Vec::new();
                let ok = lits(e, &mut c);
                out.push(c);
                ok
            }
        }
    }
    fn lits(e: &BExpr, out: &mut Vec<(String, bool)>) -> bool {
        match e {
            BExpr::Const(true) => true,
            BExpr::Var(v) => {
                out.push((v.clone(), true));
                true
            }
            BExpr::Not(inner) => match &**inner {
                BExpr::Var(v) => {
                    out.push((v.clone(), false));
                    true
                }
                _ => false,
            },
            BExpr::Bin(bp::BinOp::And, a, b) => lits(a, out) && lits(b, out),
            _ => false,
        }
    }
    let (mut pc, mut nc) = (Vec::new(), Vec::new());
    if !cubes(p, &mut pc) || !cubes(n, &mut nc) {
        return false;
    }
    pc.iter().all(|a| nc.iter().all(|b| a.iter().any(|(v, s)| b.iter().any(|(w, t)| v == w && s != t))))
}

/// The least and greatest values of an integer type and zero, as the 64-bit patterns of
/// their canonical forms (sign- or zero-extended); only zero for other scalar types.
fn extremes(ty: &Type) -> Vec<i64> {
    match ty {
        Type::Int { bits, signed } if (1..=64).contains(bits) => {
            let b = u32::from(*bits);
            let (lo, hi) =
                if *signed { (i64::MIN >> (64 - b), i64::MAX >> (64 - b)) } else { (0, (u64::MAX >> (64 - b)) as i64) };
            let mut v = vec![lo, hi, 0];
            v.sort_unstable();
            v.dedup();
            v
        }
        Type::Bool => vec![0, 1],
        _ => vec![0],
    }
}

fn combinations(n: usize, k: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    let mut cur = Vec::new();
    fn go(start: usize, n: usize, k: usize, cur: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
        if cur.len() == k {
            out.push(cur.clone());
            return;
        }
        for i in start..n {
            cur.push(i);
            go(i + 1, n, k, cur, out);
            cur.pop();
        }
    }
    go(0, n, k, &mut cur, &mut out);
    out
}

/// Candidate facts for ImpliesF: a boolean-program literal and its meaning.
type Cands<'ctx> = Vec<(BExpr, Formula<'ctx>, BTreeSet<String>)>;

/// The candidates' valuations any state has, and those a state violating φ has.
type ValuationTables = (Vec<Vec<bool>>, Vec<Vec<bool>>);

/// Candidate `i`'s boolean variable, negated unless `pos`.
fn literal(cands: &Cands<'_>, i: usize, pos: bool) -> BExpr {
    if pos {
        cands[i].0.clone()
    } else {
        negate(cands[i].0.clone())
    }
}

/// The caller's side of a call that has returned (see `ProcAbs::state_after_call`).
struct AfterCall<'ctx> {
    /// The state after the call, its result stored.
    s1: State<'ctx>,
    /// The state when the callee has returned, before its result is stored.
    s_back: State<'ctx>,
    /// The returned value.
    r: Term<'ctx>,
    /// The globals the callee may modify.
    mods: std::collections::HashSet<String>,
    /// Whether the callee may write memory.
    writes_mem: bool,
}

impl<'s, 'p, 'ctx> ProcAbs<'s, 'p, 'ctx> {
    fn ctx(&self) -> &'ctx logic::Context {
        self.env.ctx
    }

    /// The state at the start of a statement (constants tagged `s`).
    /// A stable formal (never assigned, not in memory) is its `pre(f)` ghost all along.
    fn pre(&self) -> State<'ctx> {
        let mut st = State::new(&self.env, "s.", Some(&self.proc.name));
        if let Some(stable) = self.sh.stable.get(&self.proc.name) {
            for f in stable {
                if let Ok(v) = st.int(&self.env, &Expr::var(f)) {
                    st.set_var(&self.env, &crate::pre_var(f), v);
                }
            }
        }
        st
    }

    /// A predicate's meaning in a state (global predicates in the global scope).
    fn meaning(&self, st: &State<'ctx>, p: &Pred) -> Option<Formula<'ctx>> {
        let r = if p.scope.is_none() { st.global_view().cond(&self.env, &p.expr) } else { st.cond(&self.env, &p.expr) };
        r.ok()
    }

    fn cands(&self, st: &State<'ctx>, only: impl Fn(&InScope) -> bool) -> Cands<'ctx> {
        self.scope
            .iter()
            .filter(|s| only(s))
            .filter_map(|s| self.meaning(st, &s.pred).map(|m| (BExpr::Var(s.name.clone()), m, s.vars.clone())))
            .collect()
    }

    /// Keep the candidates that share a variable with `vars` (at most 14, the first ones),
    /// without those that cannot help decide a formula over `vars`: a literal `x == t` (or
    /// `x != t`) where `x` is a local register that neither `vars` nor another sharing
    /// candidate reads. Such a literal leaves `x` free, so it says nothing of `t` (both
    /// `∃x. x == t` and `∃x. x != t` hold): no consistent cube needs it, and leaving it out is
    /// exact. A rule's guard predicates are of this kind (`__t3 == slic_obj`, one per call
    /// site, all sharing `slic_obj`): they took the 14 places, and hundreds of queries, at
    /// every assignment and test of any of them.
    fn relevant(&self, c: &Cands<'ctx>, vars: &BTreeSet<String>) -> Cands<'ctx> {
        let sharing: Vec<&(BExpr, Formula<'ctx>, BTreeSet<String>)> =
            c.iter().filter(|(_, _, v)| !v.is_disjoint(vars)).collect();
        let mut readers: HashMap<&str, usize> = HashMap::new();
        for (_, _, v) in &sharing {
            for x in v {
                *readers.entry(x.as_str()).or_default() += 1;
            }
        }
        sharing
            .into_iter()
            .filter(|(lit, _, _)| {
                let BExpr::Var(name) = lit else { return true };
                let Some(sc) = self.scope.iter().find(|sc| sc.name == *name) else { return true };
                match self.free_register(&sc.pred) {
                    Some(x) => vars.contains(&x) || readers.get(x.as_str()).copied().unwrap_or(0) > 1,
                    None => true,
                }
            })
            .take(14)
            .cloned()
            .collect()
    }

    /// The register `x` of a local predicate `x == t` or `x != t` (`t` not reading `x`)
    /// whose value ranges over everything `t` can be: a local of this procedure (not a
    /// formal, whose value a stable formal's `pre` copy shares), not in memory, and of the
    /// type of `t` (pointers under pointer casts, or one integer type) — a widened `x` could
    /// not equal every `t`.
    fn free_register(&self, p: &Pred) -> Option<String> {
        p.scope.as_ref()?;
        let Expr::Binary(BinOp::Eq | BinOp::Ne, a, b) = &p.expr else { return None };
        let prog = &self.sh.prog;
        for (x_side, other) in [(a, b), (b, a)] {
            let mut inner = x_side.as_ref();
            while let Expr::Cast(Type::Ptr(_), e) = inner {
                inner = e;
            }
            let Expr::Lval(Lval::Var(x)) = inner else { continue };
            if !self.proc.locals.iter().any(|v| v.name == *x) || self.in_memory(x) || vars_of(other).contains(x) {
                continue;
            }
            let (Some(tx), Some(to)) = (prog.type_of(Some(self.proc), inner), prog.type_of(Some(self.proc), other))
            else {
                continue;
            };
            let fits = match (&tx, &to) {
                (Type::Ptr(_), Type::Ptr(_)) => true,
                (Type::Int { .. }, Type::Int { .. }) => tx == to && inner == x_side.as_ref(),
                _ => false,
            };
            if fits {
                return Some(x.clone());
            }
        }
        None
    }

    /// The valuations of the candidates that some state has (and, with `extra`, that some
    /// state satisfying `extra` has), projected by AllSAT; `None` if there are too many.
    fn valuations(&mut self, cands: &Cands<'ctx>, extra: Option<&Formula<'ctx>>) -> Option<Vec<Vec<bool>>> {
        let ctx = self.ctx();
        let atoms: Vec<Formula> = (0..cands.len()).map(|i| formula::atom(ctx, format!("cand!{i}"))).collect();
        let mut defs: Vec<Formula> = atoms.iter().zip(cands).map(|(a, c)| formula::iff(a, &c.1)).collect();
        if let Some(e) = extra {
            defs.push(e.clone());
        }
        let refs: Vec<&Formula> = defs.iter().collect();
        self.prover.all_models(&formula::and(ctx, &refs), &atoms, 256)
    }

    /// ImpliesF(φ): the disjunction of the cubes over the candidates (up to the cube length)
    /// that imply φ, skipping inconsistent cubes and extensions of cubes already found.
    ///
    /// When the candidates have few joint valuations, two AllSAT runs (the valuations any
    /// state has, and those a state violating φ has) decide every cube without further
    /// queries: a cube is consistent iff some valuation extends it, and implies φ iff no
    /// violating valuation does. Otherwise each cube is one validity query.
    fn implies_f(&mut self, phi: &Formula<'ctx>, cands: &Cands<'ctx>) -> BExpr {
        if self.prover.is_valid(phi) {
            return t();
        }
        // Without candidates no cube but the empty one exists, and it implies φ only when φ
        // is valid: the answer is `false` whatever else is asked (an assumption over memory
        // no predicate reads cost four queries of up to 0.3 s each).
        if cands.is_empty() {
            return f();
        }
        if self.prover.is_sat(phi) == Some(false) {
            return f();
        }
        let n = cands.len();
        let k = match self.opts.strategy {
            Strategy::Cartesian => self.opts.cube_length.min(n),
            Strategy::Boolean => n,
        };
        let q0 = self.prover.stats.queries;
        let t0 = std::time::Instant::now();
        let tables = self.valuation_tables(phi, cands);
        let t_tables = t0.elapsed().as_secs_f64();
        let q_tables = self.prover.stats.queries - q0;
        // Boolean: with the tables, ImpliesF is "no valuation a violating state has": the
        // weakest formula over the predicates that implies φ (it holds in every valuation a
        // cube of any length proves, so it is at least as precise as the cartesian one).
        if let (Strategy::Boolean, Some((_, bad))) = (self.opts.strategy, &tables) {
            let minterms: Vec<BExpr> = bad
                .iter()
                .map(|v| and_all(v.iter().enumerate().map(|(i, &pos)| literal(cands, i, pos)).collect()))
                .collect();
            return if minterms.is_empty() { t() } else { BExpr::not(or_all(minterms)) };
        }
        // Without tables the boolean strategy falls back to cubes of the cartesian length.
        let k = k.min(self.opts.cube_length.max(if tables.is_some() { k } else { 0 }));
        let q1 = self.prover.stats.queries;
        let found = match (&tables, self.opts.strategy) {
            (None, Strategy::Cartesian) if n > 3 => self.implicants_by_cores(phi, cands),
            _ => self.implying_cubes(phi, cands, k, &tables),
        };
        tracing::debug!(
            n,
            tables = tables.is_some(),
            q_tables,
            t_tables,
            unknown = self.prover.stats.unknown,
            q_search = self.prover.stats.queries - q1,
            cubes = found.len(),
            "implies_f"
        );
        or_all(
            found
                .into_iter()
                .map(|cube| and_all(cube.into_iter().map(|(i, pos)| literal(cands, i, pos)).collect()))
                .collect(),
        )
    }

    /// The valuations of the candidates any state has (cached per candidate list) and those
    /// a state violating φ has; `None` when either AllSAT run finds too many.
    fn valuation_tables(&mut self, phi: &Formula<'ctx>, cands: &Cands<'ctx>) -> Option<ValuationTables> {
        let texts: Vec<String> = cands.iter().map(|c| c.1.to_string()).collect();
        let key: String = texts.join("\u{1}");
        let all = match self.valuation_cache.get(&key) {
            Some(v) => v.clone(),
            // Pruning: a superset of candidates that overflowed overflows too (each of its
            // valuations any state has restricts to one of the subset's, and every one of
            // the subset's is so obtained, from the same state), so the AllSAT run would
            // only find that out after 257 models.
            None if self.opts.prune && {
                let set: BTreeSet<String> = texts.iter().cloned().collect();
                self.overflowed.iter().any(|o| o.is_subset(&set))
            } =>
            {
                if self.opts.verify_prune {
                    let unknown = self.prover.stats.unknown;
                    let v = self.valuations(cands, None);
                    assert!(
                        v.is_none() || self.prover.stats.unknown != unknown,
                        "pruning: a superset of overflowing candidates has an AllSAT table"
                    );
                }
                None
            }
            None => {
                let unknown = self.prover.stats.unknown;
                let v = self.valuations(cands, None);
                if v.is_none() && self.prover.stats.unknown == unknown {
                    self.overflowed.push(texts.iter().cloned().collect());
                }
                self.valuation_cache.insert(key, v.clone());
                v
            }
        };
        match all {
            Some(all) => self.valuations(cands, Some(&formula::not(phi))).map(|bad| (all, bad)),
            None => None,
        }
    }

    /// Cubes over the candidates that imply φ, found one valuation at a time: a valuation of
    /// the candidates that some state satisfying φ has is either *good* (every state with it
    /// satisfies φ: the minimal unsat core of its literals and ¬φ is a cube implying φ, which
    /// covers it and is blocked) or *mixed* (blocked alone). Finished, the cubes cover every
    /// good valuation (the precision of the exact abstraction's ImpliesF); the cost follows the
    /// number of cubes and mixed valuations, not the C(n, k)·2^k cubes of enumeration, which
    /// with 14 candidates and no AllSAT table (more than 256 valuations: `x == t1`, …,
    /// `x == t14` over unknown `ti`) took 80,000 queries per abstraction. After
    /// `CORE_ROUNDS` rounds it stops with the cubes found and the one-literal cubes: any set
    /// of cubes that imply φ is sound, fewer only less precise.
    fn implicants_by_cores(&mut self, phi: &Formula<'ctx>, cands: &Cands<'ctx>) -> Vec<Vec<(usize, bool)>> {
        const CORE_ROUNDS: usize = 64;
        let ctx = self.ctx();
        let atoms: Vec<Formula> = (0..cands.len()).map(|i| formula::atom(ctx, format!("imp!{i}"))).collect();
        let mut parts: Vec<Formula> = atoms.iter().zip(cands).map(|(a, c)| formula::iff(a, &c.1)).collect();
        parts.push(phi.clone());
        let not_phi = formula::not(phi);
        let mut found: Vec<Vec<(usize, bool)>> = Vec::new();
        let mut complete = false;
        for _ in 0..CORE_ROUNDS {
            let refs: Vec<&Formula> = parts.iter().collect();
            let Some(v) = self.prover.model_bools(&formula::and(ctx, &refs), &atoms) else {
                // Unsatisfiable: every valuation is covered or blocked (unknown: stop, sound).
                complete = self.prover.is_sat(&formula::and(ctx, &refs)) == Some(false);
                break;
            };
            let mut lits: Vec<Formula> = v
                .iter()
                .enumerate()
                .map(|(i, &pos)| if pos { cands[i].1.clone() } else { formula::not(&cands[i].1) })
                .collect();
            lits.push(not_phi.clone());
            let block: Vec<(usize, bool)> = match self.prover.minimal_core(&lits) {
                Some(core) => {
                    let cube: Vec<(usize, bool)> =
                        core.into_iter().filter(|&i| i < v.len()).map(|i| (i, v[i])).collect();
                    found.push(cube.clone());
                    cube
                }
                None => v.iter().copied().enumerate().collect(),
            };
            let lits: Vec<Formula> =
                block.iter().map(|&(i, pos)| if pos { atoms[i].clone() } else { formula::not(&atoms[i]) }).collect();
            let refs: Vec<&Formula> = lits.iter().collect();
            parts.push(formula::not(&formula::and(ctx, &refs)));
        }
        if !complete {
            for cube in self.implying_cubes(phi, cands, 1, &None) {
                if !found.contains(&cube) {
                    found.push(cube);
                }
            }
        }
        found
    }

    /// The cubes of up to `k` candidates that imply φ, shortest first, skipping extensions
    /// of cubes already found and of inconsistent ones.
    fn implying_cubes(
        &mut self,
        phi: &Formula<'ctx>,
        cands: &Cands<'ctx>,
        k: usize,
        tables: &Option<ValuationTables>,
    ) -> Vec<Vec<(usize, bool)>> {
        let n = cands.len();
        let mut found: Vec<Vec<(usize, bool)>> = Vec::new();
        let mut bad_cubes: Vec<Vec<(usize, bool)>> = Vec::new();
        let subset = |a: &[(usize, bool)], b: &[(usize, bool)]| a.iter().all(|x| b.contains(x));
        for len in 1..=k {
            for combo in combinations(n, len) {
                for mask in 0..(1u32 << len) {
                    let cube: Vec<(usize, bool)> =
                        combo.iter().enumerate().map(|(j, &i)| (i, (mask >> j) & 1 == 1)).collect();
                    if found.iter().any(|c| subset(c, &cube)) || bad_cubes.iter().any(|c| subset(c, &cube)) {
                        continue;
                    }
                    let (consistent, implies) = self.decide_cube(phi, cands, tables, &cube);
                    if !consistent {
                        bad_cubes.push(cube);
                    } else if implies {
                        found.push(cube);
                    }
                }
            }
        }
        found
    }

    /// Whether `cube` is consistent and whether it implies φ: from the tables when there
    /// are some, else by a satisfiability and a validity query.
    fn decide_cube(
        &mut self,
        phi: &Formula<'ctx>,
        cands: &Cands<'ctx>,
        tables: &Option<ValuationTables>,
        cube: &[(usize, bool)],
    ) -> (bool, bool) {
        let extends = |v: &[bool], cube: &[(usize, bool)]| cube.iter().all(|&(i, pos)| v[i] == pos);
        match tables {
            Some((all, bad)) => (all.iter().any(|v| extends(v, cube)), !bad.iter().any(|v| extends(v, cube))),
            None => {
                let lits: Vec<Formula> = cube
                    .iter()
                    .map(|&(i, pos)| if pos { cands[i].1.clone() } else { formula::not(&cands[i].1) })
                    .collect();
                let refs: Vec<&Formula> = lits.iter().collect();
                let c = formula::and(self.ctx(), &refs);
                if self.prover.is_sat(&c) == Some(false) {
                    (false, false)
                } else {
                    (true, self.prover.implies(&c, phi))
                }
            }
        }
    }

    /// After `l := v` with `v` a fresh (nondeterministic) value: whether no consistent cube
    /// over the state before the statement can imply the predicate `p` (with `positive`) or
    /// its negation (without) afterwards, so that ImpliesF of that side is `false` without a
    /// search. Sound and exact: the candidates are facts about the state `s0` before the
    /// statement, in which `v` does not occur; a cube `c` implies `φ(v, ȳ)` iff it implies
    /// `∀v. φ(v, ȳ)`. We look for values `w1..wk` of `v` — the type's extremes and zero, models'
    /// values of `v` itself, and terms `±y + k`, `y - z + k` over the predicate's other
    /// variables converted to `v`'s type: each a value `nondet` can give, so each `φ(wi)` is
    /// φ in a real successor — such that `φ(w1, ȳ) ∧ … ∧ φ(wk, ȳ)` is unsatisfiable:
    /// then for every state `ȳ` some `wi` violates φ, so every consistent cube has a state
    /// with a successor violating φ, and ImpliesF — the enumeration, the unsat cores and the
    /// AllSAT tables alike, which only ever return consistent cubes that imply φ — returns
    /// `false`. When the values run out (`FRESH_ROUNDS`) or the prover cannot tell, the
    /// search runs as before. This is the issue's "an `x := nondet` cannot fix a fact about
    /// `x`", decided rather than assumed: `x < y` after `x := nondet` *is* fixed false by
    /// `y == INT_MIN`, and the witnesses then fail to refute and the search finds that cube.
    fn fresh_cannot_fix(
        &mut self,
        s0: &State<'ctx>,
        (l, v, ty): (&Lval, &Term<'ctx>, &Type),
        p: &Pred,
        positive: bool,
    ) -> bool {
        const FRESH_ROUNDS: usize = 4;
        // φ (or ¬φ) in the state after `l := w`.
        let side_at = |me: &Self, w: &Term<'ctx>| -> Option<Formula<'ctx>> {
            let mut st = s0.clone();
            st.write(&me.env, l, w.clone()).ok()?;
            let m = me.meaning(&st, p)?;
            Some(if positive { m } else { formula::not(&m) })
        };
        let Some(phi_v) = side_at(self, v) else { return false };
        let not_phi_v = formula::not(&phi_v);
        // The first witnesses: the type's extremes and zero (values `nondet` can give).
        let mut at_witnesses: Vec<Formula<'ctx>> = Vec::new();
        for w in extremes(ty) {
            match side_at(self, &self.env.int(w)) {
                Some(f) => at_witnesses.push(f),
                None => return false,
            }
        }
        for round in 0..=FRESH_ROUNDS {
            if !at_witnesses.is_empty() {
                let refs: Vec<&Formula<'ctx>> = at_witnesses.iter().collect();
                if self.prover.is_sat(&formula::and(self.ctx(), &refs)) == Some(false) {
                    return true;
                }
            }
            if round == FRESH_ROUNDS {
                break;
            }
            // A state where every witness satisfies φ, and a value of `v` violating φ there.
            let mut conds = at_witnesses.clone();
            conds.push(not_phi_v.clone());
            // None: unsatisfiable (that state keeps φ whatever `v` is: a cube may fix φ)
            // or unknown; either way the search decides.
            let Some(vals) = self.prover.model_values(&conds, std::slice::from_ref(v)) else { return false };
            match side_at(self, &self.env.int(vals[0] as i64)) {
                Some(f) => at_witnesses.push(f),
                None => return false,
            }
        }
        // Values that depend on the state: `±y + k` and `y - z + k` for the predicate's other
        // variables (`x = n - 3` violates `n - x <= 2` whatever `n` is), converted to the
        // type of the fresh value (every value of which `nondet` can give).
        let others: Vec<String> =
            vars_of(&p.expr).into_iter().filter(|y| !matches!(l, Lval::Var(x) if x == y)).collect();
        if others.is_empty() || others.len() > 3 {
            return false;
        }
        let var = |y: &String| Expr::Lval(Lval::var(y));
        let mut terms: Vec<Expr> = Vec::new();
        for y in &others {
            terms.push(var(y));
            terms.push(Expr::Unary(cminus::UnOp::Neg, Box::new(var(y))));
            for z in others.iter().filter(|z| *z != y) {
                terms.push(Expr::Binary(cminus::BinOp::Sub, Box::new(var(y)), Box::new(var(z))));
            }
        }
        for t in terms {
            for k in -3..=3 {
                let e = Expr::Cast(
                    ty.clone(),
                    Box::new(Expr::Binary(cminus::BinOp::Add, Box::new(t.clone()), Box::new(Expr::Int(i128::from(k))))),
                );
                let Ok(w) = s0.int(&self.env, &e) else { continue };
                if let Some(f) = side_at(self, &w) {
                    at_witnesses.push(f);
                }
            }
        }
        let refs: Vec<&Formula<'ctx>> = at_witnesses.iter().collect();
        self.prover.is_sat(&formula::and(self.ctx(), &refs)) == Some(false)
    }

    /// The answer of ImpliesF(φ) that [`Self::fresh_cannot_fix`] found without a search:
    /// `false`; with `Options::verify_prune` (tests) the search runs too and must agree.
    fn verify_unfixable(&mut self, phi: &Formula<'ctx>, cands: &Cands<'ctx>) -> BExpr {
        if self.opts.verify_prune {
            let unknown = self.prover.stats.unknown;
            let searched = self.implies_f(phi, cands);
            assert!(
                searched == f() || self.prover.stats.unknown != unknown,
                "pruning: a cube fixes a fact about a fresh value: {searched:?} for {phi}"
            );
        }
        f()
    }

    /// The abstract value of a predicate whose concrete meaning after the statement is `post`.
    fn update(&mut self, post: &Formula<'ctx>, cands: &Cands<'ctx>) -> BExpr {
        let pos = self.implies_f(post, cands);
        if pos == t() {
            return t();
        }
        let neg = self.implies_f(&formula::not(post), cands);
        choose(pos, neg)
    }

    /// Exact relation (Boolean abstraction): `targets := * constrain R`, with R the
    /// disjunction of all satisfiable (pre-cube, post-cube) combinations.
    fn exact_assign(
        &mut self,
        names: &[String],
        posts: &[Formula<'ctx>],
        cands: &Cands<'ctx>,
        extra: Option<&Formula<'ctx>>,
    ) -> Option<BStmt> {
        let ctx = self.ctx();
        let mut atoms = Vec::new();
        let mut defs = Vec::new();
        let mut lits: Vec<BExpr> = Vec::new();
        for (i, (lit, m, _)) in cands.iter().enumerate() {
            let a = formula::atom(ctx, format!("pre!{i}"));
            defs.push(formula::iff(&a, m));
            atoms.push(a);
            lits.push(lit.clone());
        }
        for (i, (n, m)) in names.iter().zip(posts).enumerate() {
            let a = formula::atom(ctx, format!("post!{i}"));
            defs.push(formula::iff(&a, m));
            atoms.push(a);
            lits.push(BExpr::Primed(n.clone()));
        }
        if let Some(e) = extra {
            defs.push(e.clone());
        }
        let refs: Vec<&Formula> = defs.iter().collect();
        let models = self.prover.all_models(&formula::and(ctx, &refs), &atoms, 4096)?;
        let cubes = models
            .into_iter()
            .map(|vals| {
                and_all(
                    vals.iter().zip(&lits).map(|(v, l)| if *v { l.clone() } else { BExpr::not(l.clone()) }).collect(),
                )
            })
            .collect();
        Some(BStmt::new(BKind::Assign {
            lhs: names.to_vec(),
            rhs: vec![BExpr::Nondet; names.len()],
            constrain: Some(or_all(cubes)),
        }))
    }

    /// Which predicates in scope an assignment to `lv` may change (points-to prunes).
    fn affected_by_write(&mut self, lv: &Lval) -> Vec<usize> {
        let proc = self.proc.name.clone();
        let mut out = Vec::new();
        let lv_reg = match lv {
            Lval::Var(x) if !self.in_memory(x) => Some(x.clone()),
            _ => None,
        };
        let scope = self.scope.clone();
        for (i, s) in scope.iter().enumerate() {
            let mut hit = false;
            for r in reads(&s.pred.expr) {
                hit |= match (&lv_reg, &r) {
                    (Some(x), Lval::Var(y)) => x == y && self.same_scope(x, &s.pred),
                    (Some(_), _) => false,
                    (None, r) => {
                        let r_reg = matches!(r, Lval::Var(y) if !self.in_memory(y));
                        !r_reg && self.may_alias(lv, r, &proc)
                    }
                };
            }
            if hit {
                out.push(i);
            }
        }
        out
    }

    fn same_scope(&self, x: &str, p: &Pred) -> bool {
        // A local of this procedure shadows a global of the same name.
        let local = self.proc.var(x).is_some();
        p.scope.is_some() || !local
    }

    fn in_memory(&self, x: &str) -> bool {
        let scope = logic::mem::Layout::scope(&self.sh.prog, Some(&self.proc.name), x);
        self.env.layout.in_memory(&scope, x)
    }

    /// May-alias by the points-to analysis, which places the entry's pointer parameters in
    /// their harness objects (apart from every variable and allocation, as every engine and
    /// the interpreter start) and takes memory from outside the program as any object.
    fn may_alias(&mut self, a: &Lval, b: &Lval, proc: &str) -> bool {
        self.pointsto.may_alias(a, b, proc)
    }

    /// Abstract `lv := e` (also used with a fresh value for calls of external functions).
    /// `alloc`: the value is an allocator's result, a fresh object apart from every variable
    /// and every earlier allocation (as the interpreter and Newton have it): NULL if it may
    /// fail, else at or above the allocation watermark (`logic::alloc`); with `advance`, this
    /// statement also moves the watermark past it (else [`ProcAbs::advance_top`] follows).
    fn assign(&mut self, s: &Stmt, lv: &Lval, e: &Expr, alloc: Option<Alloc>) -> Vec<BStmt> {
        let mut affected = self.affected_by_write(lv);
        let advance = alloc.is_some_and(|a| a.advance);
        if advance {
            for i in self.top_readers() {
                if !affected.contains(&i) {
                    affected.push(i);
                }
            }
        }
        // `l := nondet` into memory: the predicates that do not read `l` itself keep their
        // value where the write misses every byte they read (the frame rule, below).
        let framed = match e {
            Expr::Nondet(_) if alloc.is_none() && !matches!(lv, Lval::Var(x) if !self.in_memory(x)) => {
                let (framed, direct) = self.framed_by_write(lv, &affected);
                affected = direct;
                framed
            }
            _ => Vec::new(),
        };
        if affected.is_empty() {
            return self.with_framed(s, lv, vec![self.stamp(s, BKind::Skip)], framed);
        }
        let out = self.assign_affected(s, lv, e, alloc, affected);
        self.with_framed(s, lv, out, framed)
    }

    /// The predicates among `affected` that a write of an unknown value to the memory lvalue
    /// `lv` changes only where it overwrites a byte they read (none of their reads is `lv`
    /// itself, nor a variable `lv`'s address reads), each with the condition that it does not:
    /// their footprints ([`State::footprint`]) are apart from `lv`'s. Byte memory only. The
    /// rest, returned second, go through the weakest precondition as any assignment.
    fn framed_by_write(&mut self, lv: &Lval, affected: &[usize]) -> (Vec<(usize, Formula<'ctx>)>, Vec<usize>) {
        let s0 = self.pre();
        let Some((a, n)) = s0.footprint(&self.env, lv) else { return (Vec::new(), affected.to_vec()) };
        let lv_vars = lval_vars(lv);
        let (mut framed, mut direct) = (Vec::new(), Vec::new());
        for &i in affected {
            if !self.scope[i].vars.is_disjoint(&lv_vars) {
                // The write's address depends on what the predicate reads (`h.p->b` and
                // `h.p == &x`): the predicate may keep its value where the write reaches its
                // bytes (only values that keep it let the write get there), which the
                // weakest precondition sees and the frame rule does not.
                direct.push(i);
                continue;
            }
            let p = &self.scope[i].pred;
            let view = if p.scope.is_none() { s0.global_view() } else { s0.clone() };
            let mut apart = Vec::new();
            let mut ok = true;
            for r in reads(&p.expr) {
                if r == *lv {
                    ok = false;
                    break;
                }
                if matches!(&r, Lval::Var(y) if !self.in_memory(y)) {
                    continue;
                }
                match view.footprint(&self.env, &r) {
                    Some((b, m)) => apart.push(self.env.apart((&a, n), (&b, m))),
                    None => {
                        ok = false;
                        break;
                    }
                }
            }
            if ok {
                let refs: Vec<&Formula> = apart.iter().collect();
                framed.push((i, formula::and(self.ctx(), &refs)));
            } else {
                direct.push(i);
            }
        }
        (framed, direct)
    }

    /// `out` (the abstraction of a write, a skip or one parallel assignment) with the framed
    /// predicates ([`Self::framed_by_write`]) assigned too: `p := schoose[F(apart) ∧ p,
    /// F(apart) ∧ ¬p]`, with F(apart) the cubes that imply the write misses p's bytes — sound
    /// (in such a state p keeps its value). ImpliesF of p's weakest precondition is more
    /// precise only where the write reaches p's bytes and p holds whatever they become (a
    /// write into bits p does not read, or one whose address depends on p's own variables,
    /// which [`Self::framed_by_write`] leaves to it).
    /// F(apart) is computed once per condition (predicates reading the same lvalues share
    /// it), so an unknown write into a struct costs a few queries per lvalue read instead of
    /// two ImpliesF searches per predicate.
    fn with_framed(
        &mut self,
        s: &Stmt,
        lv: &Lval,
        mut out: Vec<BStmt>,
        framed: Vec<(usize, Formula<'ctx>)>,
    ) -> Vec<BStmt> {
        if framed.is_empty() {
            return out;
        }
        let s0 = self.pre();
        let all = self.cands(&s0, |c| !c.vars.contains(ALLOC_TOP));
        let mut known: Vec<(Formula<'ctx>, BExpr)> = Vec::new();
        let (mut names, mut rhs) = (Vec::new(), Vec::new());
        for (i, apart) in framed {
            let miss = match known.iter().find(|(f, _)| *f == apart) {
                Some((_, b)) => b.clone(),
                None => {
                    let mut vars: BTreeSet<String> = self.scope[i].vars.clone();
                    vars.extend(lval_vars(lv));
                    let cands = self.relevant(&all, &vars);
                    let b = self.implies_f(&apart, &cands);
                    known.push((apart, b.clone()));
                    b
                }
            };
            if miss == t() {
                continue; // the write never reaches it: unchanged
            }
            let name = self.scope[i].name.clone();
            let var = BExpr::Var(name.clone());
            names.push(name);
            rhs.push(if miss == f() {
                BExpr::Nondet
            } else {
                BExpr::schoose(
                    BExpr::bin(bp::BinOp::And, miss.clone(), var.clone()),
                    BExpr::bin(bp::BinOp::And, miss, BExpr::not(var)),
                )
            });
        }
        if names.is_empty() {
            return out;
        }
        let single = out.len() == 1;
        match out.first_mut().map(|b| &mut b.kind) {
            Some(BKind::Assign { lhs, rhs: r, .. }) if single => {
                lhs.extend(names);
                r.extend(rhs);
            }
            Some(k @ BKind::Skip) if single => *k = BKind::Assign { lhs: names, rhs, constrain: None },
            _ => out.push(self.stamp(s, BKind::Assign { lhs: names, rhs, constrain: None })),
        }
        out
    }

    /// [`Self::assign`] for the predicates `affected` (not empty).
    fn assign_affected(
        &mut self,
        s: &Stmt,
        lv: &Lval,
        e: &Expr,
        alloc: Option<Alloc>,
        affected: Vec<usize>,
    ) -> Vec<BStmt> {
        let advance = alloc.is_some_and(|a| a.advance);
        let s0 = self.pre();
        let mut s1 = s0.clone();
        // `l := nondet` (not an allocation): the fresh value, kept for the pruning of
        // `fresh_cannot_fix`; `State::assign` of a scalar is this same `write`.
        let mut fresh = None;
        let scalar = s0.type_of_lval(&self.env, lv).is_ok_and(|t| !t.is_aggregate());
        let written = match e {
            Expr::Nondet(ty) if alloc.is_none() && scalar && self.opts.prune => s0
                .int(&self.env, e)
                .and_then(|v| s1.write(&self.env, lv, v.clone()).map(|()| v))
                .map(|v| fresh = Some((lv, v, ty.clone()))),
            _ => s1.assign(&self.env, lv, e),
        };
        if written.is_err() {
            // Untranslatable: the affected predicates become unknown (sound).
            let names: Vec<String> = affected.iter().map(|&i| self.scope[i].name.clone()).collect();
            let n = names.len();
            return vec![self.stamp(s, BKind::Assign { lhs: names, rhs: vec![BExpr::Nondet; n], constrain: None })];
        }
        let mut fresh_obj: Option<Formula<'ctx>> = None;
        if let Some(a) = alloc {
            match s1.read(&self.env, lv) {
                Ok(r) => {
                    fresh_obj = Some(formula::and(
                        self.ctx(),
                        &[&s0.alloc_guarantee(&self.env, &r, a.may_fail), &s0.alloc_top_invariant(&self.env)],
                    ));
                    if advance {
                        s1.advance_alloc_top(&self.env, &r);
                    }
                }
                Err(_) if advance => {
                    let names: Vec<String> = affected.iter().map(|&i| self.scope[i].name.clone()).collect();
                    let n = names.len();
                    return vec![
                        self.stamp(s, BKind::Assign { lhs: names, rhs: vec![BExpr::Nondet; n], constrain: None })
                    ];
                }
                Err(_) => {}
            }
        }
        let mut vars = lval_vars(lv);
        vars.extend(vars_of(e));
        if advance {
            vars.insert(ALLOC_TOP.to_string());
        }
        // The cone of WP: through `x := e` with `x` a register, WP(φ) = φ[e/x] reads e's
        // variables and φ's others, not `x`; facts about the old `x` are candidates only when
        // `e` reads it (otherwise they crowd out the candidates that matter: `x == t1`, …,
        // `x == t10` with unknown `ti` have 2^10 valuations and no AllSAT table).
        let reg = match lv {
            Lval::Var(x) if !self.in_memory(x) && !vars_of(e).contains(x) => Some(x.clone()),
            _ => None,
        };
        let base = if reg.is_none() { vars.clone() } else { vars_of(e) };
        // An allocation's result is decided by facts about the watermark and the predicate's
        // other variables alone (`slic_obj < top`, `slic_obj == 0`): no other candidates.
        let narrow = alloc.map(|_| {
            let mut n = lval_vars(lv);
            n.insert(ALLOC_TOP.to_string());
            n
        });
        let apart = self.separation(&s0, lv, &affected);
        let w = Writes {
            s0: &s0,
            s1: &s1,
            guarantee: fresh_obj,
            apart,
            vars: &vars,
            base: &base,
            reg: reg.as_deref(),
            fresh,
        };
        self.abstract_writes(s, &affected, w, narrow.as_ref())
    }

    /// Byte memory: what the points-to analysis knows of the write `lv` and the memory the
    /// `affected` predicates read, as a formula over the state before it: each read it
    /// separates from the write (another object, another field of one struct) has bytes
    /// apart from the write's. The analysis already decides which predicates a write
    /// affects at all ([`Self::affected_by_write`]); within an affected predicate, its other
    /// reads keep their values only if the weakest precondition is told so — else
    /// `p->cur->minor == 3` is lost at every write through `p->cur - 1` because the write
    /// might, for all the predicates say, overwrite `p->cur` itself.
    fn separation(&mut self, s0: &State<'ctx>, lv: &Lval, affected: &[usize]) -> Option<Formula<'ctx>> {
        if !self.env.layout.bytes || matches!(lv, Lval::Var(x) if !self.in_memory(x)) {
            return None;
        }
        let ty = s0.type_of_lval(&self.env, lv).ok()?;
        let (a, n) = match s0.footprint(&self.env, lv) {
            Some(f) => f,
            None if ty.is_aggregate() => (s0.addr(&self.env, lv).ok()?, cminus::layout::size_of(&self.sh.prog, &ty)?),
            None => return None,
        };
        let proc = self.proc.name.clone();
        let mut seen = BTreeSet::new();
        let mut facts = Vec::new();
        for &i in affected {
            let p = self.scope[i].pred.clone();
            let global = p.scope.is_none();
            // a global predicate's names are the globals even where a local shadows them
            if global && vars_of(&p.expr).iter().any(|x| self.proc.var(x).is_some()) {
                continue;
            }
            let view = if global { s0.global_view() } else { s0.clone() };
            for r in reads(&p.expr) {
                if r == *lv || matches!(&r, Lval::Var(y) if !self.in_memory(y)) {
                    continue;
                }
                if !seen.insert((global, cminus::print_lval(&r))) || self.may_alias(lv, &r, &proc) {
                    continue;
                }
                if let Some((b, m)) = view.footprint(&self.env, &r) {
                    facts.push(self.env.apart((&a, n), (&b, m)));
                }
            }
        }
        if facts.is_empty() {
            return None;
        }
        let refs: Vec<&Formula> = facts.iter().collect();
        Some(formula::and(self.ctx(), &refs))
    }

    /// The predicates in scope that read the allocation watermark.
    fn top_readers(&self) -> Vec<usize> {
        (0..self.scope.len()).filter(|&i| self.scope[i].vars.contains(ALLOC_TOP)).collect()
    }

    /// The watermark moves past an allocation's result, which `l` (a register, assigned by
    /// the statement before) holds, or which was dropped (`l` is `None`): `top := l + 1`
    /// unless `l` is NULL, knowing that `l` is NULL or at or above `top`. A statement of its
    /// own, so that the cartesian abstraction relates the result to the new watermark
    /// (`slic_ret == slic_obj` before gives `slic_obj < top` after). Nothing when no
    /// predicate reads the watermark.
    fn advance_top(&mut self, s: &Stmt, l: Option<&Lval>, may_fail: bool) -> Vec<BStmt> {
        let affected = self.top_readers();
        if affected.is_empty() {
            return Vec::new();
        }
        let s0 = self.pre();
        let mut s1 = s0.clone();
        let r = match l {
            Some(l) => match s0.read(&self.env, l) {
                Ok(r) => r,
                Err(_) => {
                    let names: Vec<String> = affected.iter().map(|&i| self.scope[i].name.clone()).collect();
                    let n = names.len();
                    return vec![
                        self.stamp(s, BKind::Assign { lhs: names, rhs: vec![BExpr::Nondet; n], constrain: None })
                    ];
                }
            },
            None => self.env.fresh_int("alloc"),
        };
        let guarantee = formula::and(
            self.ctx(),
            &[&s0.alloc_guarantee(&self.env, &r, may_fail), &s0.alloc_top_invariant(&self.env)],
        );
        s1.advance_alloc_top(&self.env, &r);
        let mut vars: BTreeSet<String> = l.map(lval_vars).unwrap_or_default();
        vars.insert(ALLOC_TOP.to_string());
        let w = Writes {
            s0: &s0,
            s1: &s1,
            guarantee: Some(guarantee),
            apart: None,
            vars: &vars,
            base: &vars,
            reg: None,
            fresh: None,
        };
        self.abstract_writes(s, &affected, w, Some(&vars))
    }

    /// The abstraction of a statement (`w`) that may change the `affected` predicates. With
    /// `narrow`, a candidate for a predicate reads only that predicate's variables and
    /// `narrow`'s.
    fn abstract_writes(
        &mut self,
        s: &Stmt,
        affected: &[usize],
        w: Writes<'_, 'ctx>,
        narrow: Option<&BTreeSet<String>>,
    ) -> Vec<BStmt> {
        let Writes { s0, s1, guarantee, apart, vars, base, reg, fresh } = w;
        let within = |c: &BTreeSet<String>, p: &BTreeSet<String>| {
            narrow.is_none_or(|n| c.iter().all(|v| p.contains(v) || n.contains(v)))
        };
        let mut names = Vec::new();
        let mut posts = Vec::new();
        let mut rel_vars = vars.clone();
        for &i in affected {
            let p = self.scope[i].pred.clone();
            rel_vars.extend(self.scope[i].vars.iter().cloned());
            names.push(self.scope[i].name.clone());
            posts.push(self.meaning(s1, &p));
        }
        // Facts about the watermark decide only what the watermark or an allocation decides
        // (`x < top` and `y < top` say nothing of `x == y`): elsewhere they are no
        // candidates, which keeps the candidates (and queries) of every other statement as
        // they were without them.
        let with_top = guarantee.is_some() || rel_vars.contains(ALLOC_TOP);
        let all = self.cands(s0, |c| with_top || !c.vars.contains(ALLOC_TOP));
        let guarantee = match (guarantee, apart) {
            (Some(g), Some(a)) => Some(formula::and(self.ctx(), &[&g, &a])),
            (g, a) => g.or(a),
        };
        let guarded = |post: &Formula<'ctx>| match &guarantee {
            Some(a) => formula::implies(a, post),
            None => post.clone(),
        };
        if self.opts.strategy == Strategy::Boolean && posts.iter().all(Option::is_some) {
            let affected_vars: BTreeSet<String> =
                affected.iter().flat_map(|&i| self.scope[i].vars.iter().cloned()).collect();
            let narrowed: Cands<'ctx> = all.iter().filter(|c| within(&c.2, &affected_vars)).cloned().collect();
            let cands = self.relevant(&narrowed, &rel_vars);
            let posts: Vec<Formula> = posts.iter().flatten().cloned().collect();
            if let Some(st) = self.exact_assign(&names, &posts, &cands, guarantee.as_ref()) {
                return vec![self.stamp_stmt(s, st)];
            }
        }
        let mut rhs = Vec::new();
        for (k, &i) in affected.iter().enumerate() {
            let mut v = base.clone();
            v.extend(self.scope[i].vars.iter().filter(|y| Some(y.as_str()) != reg).cloned());
            let pv = &self.scope[i].vars;
            let narrowed: Cands<'ctx> = all.iter().filter(|c| within(&c.2, pv)).cloned().collect();
            let cands = self.relevant(&narrowed, &v);
            rhs.push(match &posts[k] {
                Some(post) => {
                    // ImpliesF(A ⇒ φ) and ImpliesF(A ⇒ ¬φ) with A the allocation's guarantee.
                    // After `l := nondet`, a side no cube can imply is `false` without search.
                    let p = self.scope[i].pred.clone();
                    // Over fewer than 4 candidates the search costs a handful of queries
                    // (AllSAT tables of at most 8 valuations): refuting first would cost more.
                    let search_costs = cands.len() >= 4;
                    let unfixable = |me: &mut Self, positive: bool| {
                        search_costs
                            && fresh
                                .as_ref()
                                .is_some_and(|(l, v, ty)| me.fresh_cannot_fix(s0, (l, v, ty), &p, positive))
                    };
                    let pos = if unfixable(self, true) {
                        self.verify_unfixable(&guarded(post), &cands)
                    } else {
                        self.implies_f(&guarded(post), &cands)
                    };
                    if pos == t() {
                        t()
                    } else {
                        let neg = if unfixable(self, false) {
                            self.verify_unfixable(&guarded(&formula::not(post)), &cands)
                        } else {
                            self.implies_f(&guarded(&formula::not(post)), &cands)
                        };
                        choose(pos, neg)
                    }
                }
                None => BExpr::Nondet,
            });
        }
        let constrain = consistent(&rhs);
        vec![self.stamp(s, BKind::Assign { lhs: names, rhs, constrain })]
    }

    fn assume(&mut self, s: &Stmt, e: &Expr) -> Vec<BStmt> {
        let s0 = self.pre();
        let Ok(c) = s0.cond(&self.env, e) else { return vec![self.stamp(s, BKind::Skip)] };
        let v = vars_of(e);
        // watermark facts as candidates only for a condition on the watermark (see
        // `abstract_writes`)
        let all = self.cands(&s0, |c| v.contains(ALLOC_TOP) || !c.vars.contains(ALLOC_TOP));
        let cands = self.relevant(&all, &v);
        if self.opts.strategy == Strategy::Boolean {
            let atoms: Vec<Formula> = cands.iter().map(|(_, m, _)| m.clone()).collect();
            if let Some(models) = self.prover.all_models(&c, &atoms, 4096) {
                let cubes = models
                    .into_iter()
                    .map(|vals| {
                        and_all(
                            vals.iter()
                                .zip(&cands)
                                .map(|(v, (l, _, _))| if *v { l.clone() } else { BExpr::not(l.clone()) })
                                .collect(),
                        )
                    })
                    .collect();
                return vec![self.stamp(s, BKind::Assume(or_all(cubes)))];
            }
        }
        // assume(ImpliedByF(e)) = assume(!ImpliesF(!e))
        let neg = self.implies_f(&formula::not(&c), &cands);
        let cond = negate(neg);
        vec![self.stamp(s, BKind::Assume(cond))]
    }

    fn stamp(&self, s: &Stmt, kind: BKind) -> BStmt {
        self.stamp_stmt(s, BStmt::new(kind))
    }
    fn stamp_stmt(&self, s: &Stmt, mut b: BStmt) -> BStmt {
        b.origin = Some(s.id.0);
        b
    }

    fn ret_preds(&self, callee: &str) -> &[Pred] {
        self.sh.rets.get(callee).map(|v| v.as_slice()).unwrap_or(&[])
    }

    fn ret(&mut self, s: &Stmt, e: Option<&Expr>) -> Vec<BStmt> {
        let rets: Vec<Pred> = self.ret_preds(&self.proc.name).to_vec();
        if rets.is_empty() {
            return vec![self.stamp(s, BKind::Return(vec![]))];
        }
        let s0 = self.pre();
        let mut s1 = s0.clone();
        if let Some(e) = e {
            if s1.assign(&self.env, &Lval::var(RET), e).is_err() {
                return vec![self.stamp(s, BKind::Return(vec![BExpr::Nondet; rets.len()]))];
            }
        }
        let all = self.cands(&s0, |_| true);
        let mut vals = Vec::new();
        for r in &rets {
            let mentions_ret = vars_of(&r.expr).contains(RET);
            if e.is_none() && mentions_ret {
                vals.push(BExpr::Nondet);
                continue;
            }
            let mut v = e.map(vars_of).unwrap_or_default();
            v.extend(vars_of(&r.expr));
            // The formal behind a `pre(f)` ghost shares its candidates.
            let behind: Vec<String> = self
                .proc
                .formals
                .iter()
                .filter(|f| v.contains(&crate::pre_var(&f.name)))
                .map(|f| f.name.clone())
                .collect();
            v.extend(behind);
            let cands = self.relevant(&all, &v);
            vals.push(match self.meaning(&s1, r) {
                Some(post) => self.update(&post, &cands),
                None => BExpr::Nondet,
            });
        }
        vec![self.stamp(s, BKind::Return(vals))]
    }

    /// A call of a procedure with a body: arguments from the callee's formal predicates,
    /// results into temporaries, then the caller's predicates that the call may change are
    /// recomputed from the facts that hold after it: the caller's other predicates (before
    /// the call), the global predicates (after it) and the callee's return predicates.
    fn call(&mut self, s: &Stmt, ret: Option<&Lval>, callee: &str, args: &[Expr]) -> Vec<BStmt> {
        let Some(q) = self.sh.prog.proc(callee) else { return vec![self.stamp(s, BKind::Skip)] };
        let s0 = self.pre();
        let (bargs, actuals) = self.call_arguments(&s0, q, callee, args);
        // Results.
        let rets: Vec<Pred> = self.ret_preds(callee).to_vec();
        let temps: Vec<String> = (0..rets.len()).map(|i| format!("t${i}")).collect();
        let bname = self.sh.bp_callee_name(callee);
        let mut out = vec![self.stamp(s, BKind::Call { lhs: temps.clone(), proc: bname, args: bargs })];
        let after = self.state_after_call(&s0, callee, ret);
        let affected = self.affected_by_call(callee, ret, &after.mods, after.writes_mem);
        if affected.is_empty() {
            return out;
        }
        let mut facts = self.facts_after_call(&s0, &after, &affected);
        // Facts from the callee's return predicates, stored in the temporaries.
        let mut retv = after.s1.enter(callee, 1, "callee.");
        retv.set_var(&self.env, RET, after.r.clone());
        for (f, v) in &actuals {
            retv.set_var(&self.env, &crate::pre_var(f), v.clone());
        }
        for (tname, rp) in temps.iter().zip(&rets) {
            if let Ok(m) = retv.cond(&self.env, &rp.expr) {
                let mut v = vars_of(&rp.expr);
                if let Some(l) = ret {
                    v.extend(lval_vars(l));
                }
                v.remove(RET);
                facts.push((BExpr::Var(tname.clone()), m, v));
            }
        }
        // The watermark only moves up.
        let monotone = after.mods.contains(ALLOC_TOP).then(|| {
            let (before, now) = (s0.alloc_top(&self.env), after.s1.alloc_top(&self.env));
            formula::and(self.ctx(), &[&self.env.addr_ge(&now, &before), &s0.alloc_top_invariant(&self.env)])
        });
        let mut upd = self.recompute_after_call(ret, &after.s1, &affected, &facts, monotone.as_ref());
        upd.origin = Some(s.id.0);
        out.push(upd);
        out
    }

    /// The boolean arguments of a call: each of the callee's formal predicates, evaluated on
    /// the callee's entry state (formals bound to the actuals), as an update from the caller's
    /// predicates (unknown when an actual cannot be bound). Also the actuals' values by formal.
    fn call_arguments(
        &mut self,
        s0: &State<'ctx>,
        q: &Proc,
        callee: &str,
        args: &[Expr],
    ) -> (Vec<BExpr>, Vec<(String, Term<'ctx>)>) {
        let all_pre = self.cands(s0, |_| true);
        let mut entry = s0.enter(callee, 1, "callee.");
        let mut bound = true;
        let mut actuals = Vec::new();
        for (fml, a) in q.formals.iter().zip(args) {
            match s0.int(&self.env, a) {
                Ok(v) => {
                    entry.set_var(&self.env, &crate::pre_var(&fml.name), v.clone());
                    if entry.assign_value(&self.env, &Lval::var(&fml.name), v.clone()).is_err() {
                        bound = false;
                    }
                    actuals.push((fml.name.clone(), v));
                }
                Err(_) => bound = false,
            }
        }
        let formal_preds: Vec<Pred> = self.sh.formals.get(callee).cloned().unwrap_or_default();
        let mut bargs = Vec::new();
        for fp in &formal_preds {
            let mut v: BTreeSet<String> = BTreeSet::new();
            for a in args {
                v.extend(vars_of(a));
            }
            // The globals the formal predicate reads (`table[0].id == id`): the caller's
            // facts about them decide it too.
            v.extend(vars_of(&fp.expr).into_iter().filter(|x| q.var(x).is_none()));
            let cands = self.relevant(&all_pre, &v);
            let m = if bound { entry.cond(&self.env, &fp.expr).ok() } else { None };
            bargs.push(match m {
                Some(m) => self.update(&m, &cands),
                None => BExpr::Nondet,
            });
        }
        (bargs, actuals)
    }

    /// The caller's state after the call: the globals the callee modifies and (if it may write
    /// memory) memory are fresh, and the result is stored in the call's target.
    fn state_after_call(&self, s0: &State<'ctx>, callee: &str, ret: Option<&Lval>) -> AfterCall<'ctx> {
        let mut s1 = s0.clone();
        let mods = self.sh.mod_globals.get(callee).cloned().unwrap_or_default();
        for g in &mods {
            let fresh = self.env.fresh_int("gpost");
            s1.set_global(&self.env, g, fresh);
        }
        let writes_mem = self.sh.writes_mem.get(callee).copied().unwrap_or(true);
        if writes_mem {
            s1.set_mem(self.env.fresh_mem("mempost"));
        }
        let r = self.env.fresh_int("ret");
        // The state when the callee has returned, before its result is stored: what the
        // callee's (global) predicates describe at the return point.
        let s_back = s1.clone();
        if let Some(l) = ret {
            if s1.type_of_lval(&self.env, l).is_ok_and(|t| t.is_aggregate()) {
                // A struct returned by value: the cells of the callee's `$ret` (memory after
                // the call is fresh: the callee wrote them), as the return facts describe.
                let callee_ret = s1.enter(callee, 1, "callee.").addr(&self.env, &Lval::var(RET));
                if callee_ret.and_then(|a| s1.assign_value(&self.env, l, a)).is_err() {
                    s1.set_mem(self.env.fresh_mem("mempost"));
                }
            } else if s1.write(&self.env, l, r.clone()).is_err() {
                // leave it: predicates reading it become unknown below
            }
        }
        AfterCall { s1, s_back, r, mods, writes_mem }
    }

    /// Which caller predicates (indices into the scope) may change? Global predicates are
    /// kept up to date by the callee itself, except for the store of the result, which the
    /// caller does: a global one changes here if it reads the call's target (or memory, when
    /// the target is in memory). A local one changes if it reads the call's target, a global
    /// the callee modifies, or memory the callee (or the target) may write.
    fn affected_by_call(
        &mut self,
        callee: &str,
        ret: Option<&Lval>,
        mods: &HashSet<String>,
        writes_mem: bool,
    ) -> Vec<usize> {
        // The memory lvalues of local predicates the callee cannot write (points-to: none of
        // the objects they may reside in is among those the callee writes).
        let mut untouched: Vec<Lval> = Vec::new();
        if let Some(Some(written)) = self.sh.mem_writes.get(callee) {
            let proc = self.proc.name.clone();
            let lvals: Vec<Lval> =
                self.scope.iter().filter(|sc| sc.pred.scope.is_some()).flat_map(|sc| reads(&sc.pred.expr)).collect();
            let closed = self.sh.closed_ptrs.get(&proc).cloned().unwrap_or_default();
            // Only reads the points-to analysis places exactly: in named objects, or behind
            // pointers that hold nothing but their addresses.
            fn exact(l: &Lval, closed: &std::collections::HashSet<String>) -> bool {
                match l {
                    Lval::Var(_) => true,
                    Lval::Deref(b) => matches!(b.as_ref(), Expr::Lval(Lval::Var(v)) if closed.contains(v)),
                    Lval::Field(b, _) | Lval::Index(b, _) => exact(b, closed),
                }
            }
            for l in lvals.into_iter().filter(|l| exact(l, &closed)) {
                let locs = self.pointsto.locations(&proc, &l);
                if !cminus::pointsto::unknown(&locs)
                    && locs.iter().all(|o| !written.contains(o))
                    && !untouched.contains(&l)
                {
                    untouched.push(l);
                }
            }
        }
        let is_mem = |l: &Lval| !matches!(l, Lval::Var(y) if !self.in_memory(y));
        let lhs_in_mem = ret.is_some_and(is_mem);
        let mut affected = Vec::new();
        for (i, sc) in self.scope.iter().enumerate() {
            if sc.pred.scope.is_none() {
                let hit =
                    ret.is_some() && reads(&sc.pred.expr).iter().any(|l| Some(l) == ret || (is_mem(l) && lhs_in_mem));
                if hit {
                    affected.push(i);
                }
                continue;
            }
            let hit = reads(&sc.pred.expr).iter().any(|l| {
                Some(l) == ret
                    || matches!(l, Lval::Var(y) if !is_mem(l) && self.proc.var(y).is_none() && mods.contains(y))
                    || (is_mem(l) && ((writes_mem && !untouched.contains(l)) || lhs_in_mem))
            });
            if hit {
                affected.push(i);
            }
        }
        affected
    }

    /// The facts after the call from the caller's predicates: unaffected local ones hold as
    /// before, global ones describe the state the callee returned, and an affected local
    /// one's old value is a fact about the state before the call.
    fn facts_after_call(&self, s0: &State<'ctx>, after: &AfterCall<'ctx>, affected: &[usize]) -> Cands<'ctx> {
        let mut facts: Cands<'ctx> = Vec::new();
        for (i, sc) in self.scope.iter().enumerate() {
            if sc.pred.scope.is_some() && !affected.contains(&i) {
                if let Some(m) = self.meaning(s0, &sc.pred) {
                    facts.push((BExpr::Var(sc.name.clone()), m, sc.vars.clone()));
                }
            } else if sc.pred.scope.is_none() {
                // A global predicate's value is a fact about the state the callee returned.
                let at = if affected.contains(&i) { &after.s_back } else { &after.s1 };
                if let Some(m) = self.meaning(at, &sc.pred) {
                    facts.push((BExpr::Var(sc.name.clone()), m, sc.vars.clone()));
                }
            } else if let Some(m) = self.meaning(s0, &sc.pred) {
                // An affected predicate's old value is a fact about the state before the call.
                facts.push((BExpr::Var(sc.name.clone()), m, sc.vars.clone()));
            }
        }
        facts
    }

    /// The parallel assignment that recomputes the affected predicates on the state `s1`
    /// after the call from the relevant facts (the return facts always being relevant).
    fn recompute_after_call(
        &mut self,
        ret: Option<&Lval>,
        s1: &State<'ctx>,
        affected: &[usize],
        facts: &Cands<'ctx>,
        guarantee: Option<&Formula<'ctx>>,
    ) -> BStmt {
        let mut names = Vec::new();
        let mut rhs = Vec::new();
        for &i in affected {
            let sc = self.scope[i].clone();
            let mut v = sc.vars.clone();
            if let Some(l) = ret {
                v.extend(lval_vars(l));
            }
            let mut cands = self.relevant(facts, &v);
            // Return facts are always relevant to the call's target.
            for (k, fact) in facts.iter().enumerate() {
                if matches!(&fact.0, BExpr::Var(n) if n.starts_with("t$")) && !cands.iter().any(|c| c.0 == facts[k].0) {
                    cands.push(fact.clone());
                }
            }
            names.push(sc.name.clone());
            rhs.push(match (self.meaning(s1, &sc.pred), guarantee) {
                (Some(post), None) => self.update(&post, &cands),
                (Some(post), Some(g)) => {
                    let pos = self.implies_f(&formula::implies(g, &post), &cands);
                    if pos == t() {
                        t()
                    } else {
                        let neg = self.implies_f(&formula::implies(g, &formula::not(&post)), &cands);
                        choose(pos, neg)
                    }
                }
                (None, _) => BExpr::Nondet,
            });
        }
        let constrain = consistent(&rhs);
        BStmt::new(BKind::Assign { lhs: names, rhs, constrain })
    }

    /// Enforce clauses under `key`, from the cache across rounds or computed by `compute`
    /// (stored only when no prover query answered unknown meanwhile).
    fn cached_clauses(&mut self, key: String, compute: impl FnOnce(&mut Self) -> Vec<BExpr>) -> Vec<BExpr> {
        if let Some(c) = self.opts.cache.as_ref().and_then(|c| c.get_clauses(&key)) {
            return c;
        }
        let unknown = self.prover.stats.unknown;
        let found = compute(self);
        if let Some(c) = &self.opts.cache {
            if self.prover.stats.unknown == unknown {
                c.put_clauses(key, found.clone());
            }
        }
        found
    }

    /// The boolean-program statements for one C-- statement (labels on the first).
    pub fn stmt(&mut self, s: &Stmt) -> Vec<BStmt> {
        let mut out = match &s.kind {
            StmtKind::Assign(lv, e) => self.assign(s, lv, e, None),
            StmtKind::Assume(e) => self.assume(s, e),
            StmtKind::Goto(ls) => vec![self.stamp(s, BKind::Goto(ls.clone()))],
            StmtKind::Skip => vec![self.stamp(s, BKind::Skip)],
            StmtKind::Error(_) => vec![self.stamp(s, BKind::Assert(f()))],
            StmtKind::Halt => vec![self.stamp(s, BKind::Assume(f()))],
            StmtKind::Return(e) => self.ret(s, e.as_ref()),
            StmtKind::Call { ret, callee, args } => {
                if self.sh.prog.proc(callee).is_some() {
                    self.call(s, ret.as_ref(), callee, args)
                } else {
                    // An external function: returns an unknown value, leaves memory alone; an
                    // allocator returns a fresh object and moves the watermark.
                    let alloc = cminus::pointsto::extern_allocation(&self.sh.prog, callee).map(|a| a.may_fail);
                    match (ret, alloc) {
                        (Some(l), None) => {
                            let ty = self.pre().type_of_lval(&self.env, l).unwrap_or(Type::INT);
                            self.assign(s, l, &Expr::Nondet(ty), None)
                        }
                        (Some(l), Some(may_fail)) => {
                            let ty = self.pre().type_of_lval(&self.env, l).unwrap_or(Type::INT);
                            let register = matches!(l, Lval::Var(x) if !self.in_memory(x));
                            let a = Alloc { may_fail, advance: !register };
                            let mut out = self.assign(s, l, &Expr::Nondet(ty), Some(a));
                            if register {
                                out.extend(self.advance_top(s, Some(l), may_fail));
                            }
                            out
                        }
                        (None, Some(may_fail)) => {
                            let out = self.advance_top(s, None, may_fail);
                            if out.is_empty() {
                                vec![self.stamp(s, BKind::Skip)]
                            } else {
                                out
                            }
                        }
                        (None, None) => vec![self.stamp(s, BKind::Skip)],
                    }
                }
            }
        };
        if let Some(first) = out.first_mut() {
            first.labels = s.labels.clone();
        }
        out
    }

    /// `enforce`: the combinations of one or two predicates in scope that cannot hold
    /// together (e.g. `x == 1` and `x == 2`), so the boolean program never explores them.
    /// The clauses of each predicate and pair are kept in the cache across calls.
    pub fn enforce(&mut self) -> Option<BExpr> {
        let s0 = self.pre();
        let all = self.cands(&s0, |_| true);
        let names: Vec<String> = self
            .scope
            .iter()
            .filter(|sc| self.meaning(&s0, &sc.pred).is_some())
            .map(|sc| format!("{}\u{1}{}", sc.pred.scope.as_deref().unwrap_or(""), sc.name))
            .collect();
        let mut clauses = Vec::new();
        for (i, (li, mi, _)) in all.iter().enumerate() {
            let key = format!("enforce\u{1}{}\u{1}{}", self.proc.name, names[i]);
            clauses.extend(self.cached_clauses(key, |me| {
                let mut found = Vec::new();
                if me.prover.is_valid(mi) {
                    found.push(li.clone());
                } else if me.prover.is_sat(mi) == Some(false) {
                    found.push(BExpr::not(li.clone()));
                }
                found
            }));
        }
        for i in 0..all.len() {
            for j in i + 1..all.len() {
                if all[i].2.is_disjoint(&all[j].2) {
                    continue;
                }
                let key = format!("enforce\u{1}{}\u{1}{}\u{1}{}", self.proc.name, names[i], names[j]);
                clauses.extend(self.cached_clauses(key, |me| {
                    let mut found = Vec::new();
                    for (pi, pj) in [(true, true), (true, false), (false, true), (false, false)] {
                        let a = if pi { all[i].1.clone() } else { formula::not(&all[i].1) };
                        let b = if pj { all[j].1.clone() } else { formula::not(&all[j].1) };
                        if me.prover.is_sat(&formula::and(me.ctx(), &[&a, &b])) == Some(false) {
                            let la = if pi { all[i].0.clone() } else { BExpr::not(all[i].0.clone()) };
                            let lb = if pj { all[j].0.clone() } else { BExpr::not(all[j].0.clone()) };
                            found.push(BExpr::not(BExpr::bin(bp::BinOp::And, la, lb)));
                        }
                    }
                    found
                }));
            }
        }
        if clauses.is_empty() {
            None
        } else {
            Some(and_all(clauses))
        }
    }

    /// The cache key of a statement's abstraction ([`crate::Cache`]): the procedure, the
    /// statement, the strategy and the predicates in scope its abstraction reads, in scope
    /// order (which decides the candidates ImpliesF takes). `None` when the statement needs
    /// no prover.
    pub fn cache_key(&mut self, s: &Stmt) -> Option<String> {
        let sharing = |scope: &[InScope], v: &BTreeSet<String>| -> Vec<usize> {
            (0..scope.len()).filter(|&i| !scope[i].vars.is_disjoint(v)).collect()
        };
        let mut extra = String::new();
        let deps: Vec<usize> = match &s.kind {
            StmtKind::Assign(lv, e) => self.assign_deps(lv, e),
            StmtKind::Assume(e) => sharing(&self.scope, &vars_of(e)),
            StmtKind::Call { ret: Some(l), callee, .. } if self.sh.prog.proc(callee).is_none() => {
                let mut deps = self.assign_deps(l, &Expr::Int(0));
                if cminus::pointsto::extern_allocation(&self.sh.prog, callee).is_some() {
                    // the watermark's readers and the candidates of their new values
                    let mut v = lval_vars(l);
                    v.insert(ALLOC_TOP.to_string());
                    for i in self.top_readers() {
                        v.extend(self.scope[i].vars.iter().cloned());
                    }
                    for i in sharing(&self.scope, &v) {
                        if !deps.contains(&i) {
                            deps.push(i);
                        }
                    }
                    deps.sort_unstable();
                }
                deps
            }
            StmtKind::Call { ret: None, callee, .. } if self.sh.prog.proc(callee).is_none() => return None,
            StmtKind::Call { callee, ret, args } => {
                let f = self.sh.formals.get(callee).into_iter().flatten();
                for p in f.chain(self.ret_preds(callee)) {
                    extra.push_str(&crate::pred_name(&p.expr));
                    extra.push('\u{2}');
                }
                self.call_deps(callee, ret.as_ref(), args)
            }
            StmtKind::Return(e) => {
                let mut v = e.as_ref().map(vars_of).unwrap_or_default();
                for p in self.ret_preds(&self.proc.name) {
                    extra.push_str(&crate::pred_name(&p.expr));
                    extra.push('\u{2}');
                    v.extend(vars_of(&p.expr));
                }
                // `ret` reads, for each return predicate, the candidates sharing a variable
                // with the returned expression, with that predicate or with a formal behind
                // one of its `pre(f)` ghosts
                for f in &self.proc.formals {
                    if v.contains(&crate::pre_var(&f.name)) {
                        v.insert(f.name.clone());
                    }
                }
                sharing(&self.scope, &v)
            }
            _ => return None,
        };
        let mut key = format!(
            "{}\u{1}{:?}\u{1}{:?}\u{1}{:?}\u{1}{}\u{1}{}\u{1}{extra}",
            self.proc.name, s.id, s.kind, self.opts.strategy, self.opts.cube_length, self.opts.prune
        );
        for i in deps {
            key.push('\u{1}');
            key.push_str(self.scope[i].pred.scope.as_deref().unwrap_or(""));
            key.push(':');
            key.push_str(&self.scope[i].name);
        }
        Some(key)
    }

    /// The predicates a call's abstraction reads (`call`): those sharing a variable with an
    /// argument (the candidates of the formal predicates' values), those the call may change
    /// (`affected_by_call`: each is decided on its own), and those sharing a variable with
    /// one of these or with the call's target (the candidates of their new values). Any other
    /// predicate is neither recomputed nor a candidate, so adding one (a global predicate
    /// the callee does not touch) leaves the call's abstraction as it was.
    fn call_deps(&mut self, callee: &str, ret: Option<&Lval>, args: &[Expr]) -> Vec<usize> {
        let mods = self.sh.mod_globals.get(callee).cloned().unwrap_or_default();
        let writes_mem = self.sh.writes_mem.get(callee).copied().unwrap_or(true);
        let affected = self.affected_by_call(callee, ret, &mods, writes_mem);
        let mut v: BTreeSet<String> = args.iter().flat_map(vars_of).collect();
        // The globals a formal predicate reads (`call_arguments` takes their candidates too).
        if let Some(q) = self.sh.prog.proc(callee) {
            for fp in self.sh.formals.get(callee).into_iter().flatten() {
                v.extend(vars_of(&fp.expr).into_iter().filter(|x| q.var(x).is_none()));
            }
        }
        if let Some(l) = ret {
            v.extend(lval_vars(l));
        }
        for &i in &affected {
            v.extend(self.scope[i].vars.iter().cloned());
        }
        (0..self.scope.len()).filter(|i| affected.contains(i) || !self.scope[*i].vars.is_disjoint(&v)).collect()
    }

    /// The predicates an assignment's abstraction reads: those it may change, and those
    /// sharing a variable with the assignment or with one of those.
    fn assign_deps(&mut self, lv: &Lval, e: &Expr) -> Vec<usize> {
        let affected = self.affected_by_write(lv);
        if affected.is_empty() {
            return Vec::new();
        }
        let mut v = lval_vars(lv);
        v.extend(vars_of(e));
        for &i in &affected {
            v.extend(self.scope[i].vars.iter().cloned());
        }
        (0..self.scope.len()).filter(|i| affected.contains(i) || !self.scope[*i].vars.is_disjoint(&v)).collect()
    }

    /// The run's start (the entry's first statement, when nothing calls the entry): the global
    /// predicates from the globals' initialisers, and the entry's predicates over its formals
    /// (and globals) from the harness every other engine starts from — each pointer parameter
    /// the address of a fresh object of its own (`layout.map.fresh_base`, as Newton, the
    /// structural engine and the interpreter), whose contents are unknown.
    pub fn initial_state(&mut self) -> Option<BStmt> {
        let prog = &self.sh.prog;
        let formals: BTreeSet<String> = self.proc.formals.iter().map(|f| f.name.clone()).collect();
        let over_formals = |s: &InScope| {
            s.pred.scope.is_some()
                && s.vars.iter().any(|v| formals.contains(v))
                && s.vars
                    .iter()
                    .all(|v| formals.contains(v) || (self.proc.var(v).is_none() && prog.global(v).is_some()))
        };
        let chosen: Vec<InScope> =
            self.scope.iter().filter(|s| s.pred.scope.is_none() || over_formals(s)).cloned().collect();
        if chosen.is_empty() {
            return None;
        }
        // C's static storage is zero, unless a global's contents are unknown (an `extern`
        // aggregate defined elsewhere): then every cell not written by the initialisers is.
        let mut globals = State::new(&self.env, "init.", None);
        if logic::starts_unknown(prog) {
            globals.set_mem(self.env.fresh_mem("initmem"));
        } else {
            globals.set_mem(self.env.zero_mem());
        }
        globals.init_globals(&self.env);
        // The harness: the parameters' objects hold unknown contents, so the memory is unknown
        // here (globals outside memory keep their initial values).
        let mut entry = State::new(&self.env, "init.", Some(&self.proc.name));
        entry.set_mem(self.env.fresh_mem("entrymem"));
        entry.init_globals(&self.env);
        let map = self.env.layout.map;
        let mut fresh = 0;
        for f in &self.proc.formals {
            if let Type::Ptr(_) = &f.ty {
                let base = self.env.int(map.fresh_base + fresh * map.fresh_stride);
                fresh += 1;
                if entry.write(&self.env, &Lval::var(&f.name), base).is_err() {
                    // a formal the logic cannot write: its predicates stay unknown
                    entry = State::new(&self.env, "init.", Some(&self.proc.name));
                    entry.set_mem(self.env.fresh_mem("entrymem"));
                    break;
                }
            }
        }
        let mut names = Vec::new();
        let mut vals = Vec::new();
        for g in chosen {
            let st = if g.pred.scope.is_none() { &globals } else { &entry };
            let v = match self.meaning(st, &g.pred) {
                Some(m) if self.prover.is_valid(&m) => t(),
                Some(m) if self.prover.is_sat(&m) == Some(false) => f(),
                _ => BExpr::Nondet,
            };
            names.push(g.name.clone());
            vals.push(v);
        }
        Some(BStmt::new(BKind::Assign { lhs: names, rhs: vals, constrain: None }))
    }
}
