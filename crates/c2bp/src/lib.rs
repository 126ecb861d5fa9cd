//! c2bp: predicate abstraction of a C-- program into a boolean program (`bp::Program`) with
//! the same control flow, whose behaviours include every behaviour of the C program as seen
//! through the predicates (the c2bp lecture, slides 16–44).
//!
//! - Assignments: each predicate `e` the statement may change (points-to prunes) becomes
//!   `e := schoose[ImpliesF(WP(s,e)), ImpliesF(WP(s,!e))]`; the others stay unchanged.
//! - `assume(e)` becomes `assume(ImpliedByF(e))`; gotos stay; error statements become
//!   `assert(0)`, halts `assume(0)`.
//! - Procedures: a signature per procedure (formal predicates: its predicates over formals
//!   and globals; return predicates: over `$ret` and globals, given or derived from the
//!   callers' predicates over the call's target); see [`abs`] for calls and returns.
//! - `enforce`: the inconsistent combinations of predicates in each scope.
//!
//! Two strategies: [`Strategy::Cartesian`] (cubes up to a length, default 3) and
//! [`Strategy::Boolean`] (exact: all satisfiable pre/post valuations, by AllSAT).
//! Procedures are abstracted in parallel (rayon), one Z3 context per thread; the output does
//! not depend on the number of threads.

mod abs;
pub mod preds;

pub use preds::{parse_expr, parse_preds, pre_var, Pred, PredError, RET};

use abs::{vars_of, InScope, ProcAbs};
use cminus::{Expr, Lval, Program, StmtKind, Type, Var};
use logic::{Env, Prover, ProverStats};
use rayon::prelude::*;
use std::collections::{BTreeSet, HashMap, HashSet};
use std::time::{Duration, Instant};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Strategy {
    Cartesian,
    Boolean,
}

#[derive(Clone, Debug)]
pub struct Options {
    pub strategy: Strategy,
    /// Longest cube ImpliesF tries (Cartesian).
    pub cube_length: usize,
    /// Time limit of one prover query.
    pub query_timeout: Duration,
    /// Set by the caller to stop the abstraction (its prover answers "unknown" from then on).
    pub cancel: Option<std::sync::Arc<std::sync::atomic::AtomicBool>>,
    /// Abstractions of statements from earlier calls (the iterations of one CEGAR loop, one
    /// program): a statement is abstracted again only when the predicates it depends on
    /// changed.
    pub cache: Option<std::sync::Arc<Cache>>,
    /// Skip the cube searches whose answer is known without them (docs/c2bp.md, "Pruning
    /// the cube search"); the boolean program is the same either way. `false` only to
    /// compare (tests).
    pub prune: bool,
    /// Tests: compute every pruned answer the long way too and panic if they differ.
    pub verify_prune: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            strategy: Strategy::Cartesian,
            cube_length: 3,
            query_timeout: Duration::from_secs(5),
            cancel: None,
            cache: None,
            prune: true,
            verify_prune: false,
        }
    }
}

/// The boolean-program statements of C-- statements, keyed by everything their abstraction
/// reads: the procedure, the statement, the strategy, and the predicates in scope it depends
/// on (those it may change and those sharing a variable with it or with them; all of them for
/// calls and returns, with the callee's signature). An abstraction that met an "unknown"
/// prover answer is not kept (it may be less precise than the next one would be).
#[derive(Default)]
pub struct Cache {
    map: std::sync::Mutex<HashMap<String, Vec<bp::Stmt>>>,
    /// `enforce` clauses per predicate and per pair of predicates of a procedure.
    clauses: std::sync::Mutex<HashMap<String, Vec<bp::Expr>>>,
}

impl std::fmt::Debug for Cache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Cache")
    }
}

impl Cache {
    pub fn new() -> Cache {
        Cache::default()
    }
    pub(crate) fn get(&self, key: &str) -> Option<Vec<bp::Stmt>> {
        self.map.lock().unwrap_or_else(|e| e.into_inner()).get(key).cloned()
    }
    pub(crate) fn put(&self, key: String, v: Vec<bp::Stmt>) {
        self.map.lock().unwrap_or_else(|e| e.into_inner()).insert(key, v);
    }
    pub(crate) fn get_clauses(&self, key: &str) -> Option<Vec<bp::Expr>> {
        self.clauses.lock().unwrap_or_else(|e| e.into_inner()).get(key).cloned()
    }
    pub(crate) fn put_clauses(&self, key: String, v: Vec<bp::Expr>) {
        self.clauses.lock().unwrap_or_else(|e| e.into_inner()).insert(key, v);
    }
}

#[derive(Clone, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Stats {
    pub prover: ProverStats,
    pub predicates: usize,
    pub bp_statements: usize,
    /// C-- statements whose abstraction was taken from the cache / computed (with a cache:
    /// only those whose abstraction needs the prover count).
    pub reused: usize,
    pub abstracted: usize,
    pub time_secs: f64,
}

#[derive(Clone, Debug, thiserror::Error)]
pub enum C2bpError {
    #[error("predicate `{0}` does not type-check in its scope")]
    BadPredicate(String),
    /// `Options::cancel` was set: the abstraction stopped part way and is no abstraction.
    #[error("cancelled")]
    Cancelled,
}

/// What every procedure's abstraction needs to know about the others.
pub(crate) struct Shared {
    /// The program with a `$ret` local in every procedure that returns a value.
    pub prog: Program,
    pub globals: Vec<Pred>,
    /// Per procedure: formal predicates first, then the other local predicates.
    pub locals: HashMap<String, Vec<Pred>>,
    pub formals: HashMap<String, Vec<Pred>>,
    pub rets: HashMap<String, Vec<Pred>>,
    /// Scalar globals (not in memory) each procedure may modify, transitively.
    pub mod_globals: HashMap<String, HashSet<String>>,
    /// Whether each procedure may write memory, transitively.
    pub writes_mem: HashMap<String, bool>,
    /// The objects (points-to) each procedure may write, transitively; `None` when some
    /// write's target is unknown to the points-to analysis.
    pub mem_writes: HashMap<String, Option<BTreeSet<cminus::pointsto::Obj>>>,
    /// Per procedure, its pointer locals that only ever hold addresses of named objects
    /// ([`closed_pointers`]): the points-to sets of reads through them are complete.
    pub closed_ptrs: HashMap<String, HashSet<String>>,
    pub pointsto: cminus::pointsto::PointsTo,
    /// Per procedure, the formals equal to their `pre(f)` ghost everywhere in its body.
    pub stable: HashMap<String, HashSet<String>>,
    /// Whether the program calls its entry (then its calls go to [`ENTRY_CALLED`]).
    pub entry_called: bool,
}

impl Shared {
    /// The boolean program's name of a procedure called by the program: the entry's copy
    /// without the run's start ([`ENTRY_CALLED`]) when the program calls the entry.
    pub fn bp_callee_name(&self, proc: &str) -> String {
        if proc == self.prog.entry && self.entry_called {
            ENTRY_CALLED.to_string()
        } else {
            self.bp_name(proc)
        }
    }

    /// The boolean program's name of a procedure: the entry is `main`.
    pub fn bp_name(&self, proc: &str) -> String {
        if proc == self.prog.entry {
            "main".to_string()
        } else if proc == "main" {
            "main$c".to_string()
        } else {
            proc.to_string()
        }
    }
}

/// The boolean-variable name of a predicate: its C-- text, `$ret` for the return value.
pub fn pred_name(e: &Expr) -> String {
    cminus::print_expr(e).replace(RET, "$ret")
}

/// The boolean procedure of the entry's calls when the program calls its entry (recursion
/// into `main`, or a recursive function checked as an entry): a copy of `main` without the
/// run's start (the globals' initial values, the harness's parameters), which hold at the
/// run's start only.
pub const ENTRY_CALLED: &str = "main$called";

/// Abstract `prog` over `preds`.
pub fn abstract_program(prog: &Program, preds: &[Pred], opts: &Options) -> Result<(bp::Program, Stats), C2bpError> {
    let t0 = Instant::now();
    let sh = prepare(prog, preds)?;
    let results: Vec<(bp::Proc, ProverStats, (usize, usize), usize)> =
        sh.prog.procs.par_iter().map(|p| abstract_proc(&sh, p, opts)).collect();
    // a cancelled abstraction skipped statements: it must not be checked
    if cancelled(opts) {
        return Err(C2bpError::Cancelled);
    }
    let mut stats = Stats::default();
    let mut procs = Vec::new();
    for (bp_proc, ps, (reused, abstracted), start) in results {
        stats.prover.add(&ps);
        stats.reused += reused;
        stats.abstracted += abstracted;
        stats.bp_statements += count_stmts(&bp_proc.body);
        if sh.entry_called && sh.prog.proc(&sh.prog.entry).is_some_and(|e| sh.bp_name(&e.name) == bp_proc.name) {
            // the entry's calls go to the copy without the run's start
            let mut called = bp_proc.clone();
            called.name = ENTRY_CALLED.to_string();
            called.body.drain(..start);
            procs.push(called);
        }
        procs.push(bp_proc);
    }
    stats.predicates = sh.globals.len() + sh.locals.values().map(Vec::len).sum::<usize>();
    let out = bp::Program { globals: sh.globals.iter().map(|p| pred_name(&p.expr)).collect(), procs };
    stats.time_secs = t0.elapsed().as_secs_f64();
    Ok((out, stats))
}

fn cancelled(opts: &Options) -> bool {
    opts.cancel.as_ref().is_some_and(|c| c.load(std::sync::atomic::Ordering::Relaxed))
}

fn count_stmts(ss: &[bp::Stmt]) -> usize {
    ss.len()
}

/// The boolean procedure of `p`, the prover's statistics, the statements reused and
/// abstracted, and how many statements at its start are the run's start (the entry's).
fn abstract_proc(sh: &Shared, p: &cminus::Proc, opts: &Options) -> (bp::Proc, ProverStats, (usize, usize), usize) {
    let ctx = logic::new_context();
    let env = Env::new(&ctx, &sh.prog);
    let prover = Prover::new(&ctx, opts.query_timeout).with_cancel(opts.cancel.clone());
    let mut scope: Vec<InScope> = Vec::new();
    for g in &sh.globals {
        scope.push(InScope { name: pred_name(&g.expr), pred: g.clone(), vars: vars_of(&g.expr) });
    }
    let locals = sh.locals.get(&p.name).cloned().unwrap_or_default();
    for l in &locals {
        scope.push(InScope { name: pred_name(&l.expr), pred: l.clone(), vars: vars_of(&l.expr) });
    }
    let mut pa = ProcAbs {
        sh,
        proc: p,
        env,
        prover,
        opts,
        scope,
        pointsto: sh.pointsto.clone(),
        valuation_cache: HashMap::new(),
        overflowed: Vec::new(),
    };
    let mut body = Vec::new();
    // The run's start (the entry's calls go to a copy without it: `ENTRY_CALLED`).
    if p.name == sh.prog.entry {
        if let Some(init) = pa.initial_state() {
            body.push(init);
        }
    }
    let start = body.len();
    let (mut reused, mut abstracted) = (0, 0);
    for s in &p.body {
        // cancelled (a time limit): the queries answer "unknown" at once, but building them
        // for the rest of a large program took seconds; `abstract_program` says `Cancelled`
        if cancelled(opts) {
            break;
        }
        let key = opts.cache.as_ref().and_then(|_| pa.cache_key(s));
        if let (Some(c), Some(k)) = (&opts.cache, &key) {
            if let Some(v) = c.get(k) {
                body.extend(v);
                reused += 1;
                continue;
            }
        }
        let unknown = pa.prover.stats.unknown;
        let (q0, t0) = (pa.prover.stats.queries, std::time::Instant::now());
        let v = pa.stmt(s);
        tracing::trace!(
            stmt = %s.id,
            queries = pa.prover.stats.queries - q0,
            secs = t0.elapsed().as_secs_f64(),
            text = %cminus::print::stmt_str(&s.kind),
            "c2bp statement"
        );
        if key.is_some() || opts.cache.is_none() {
            abstracted += 1;
        }
        if let (Some(c), Some(k)) = (&opts.cache, key) {
            if pa.prover.stats.unknown == unknown {
                c.put(k, v.clone());
            }
        }
        body.extend(v);
    }
    let enforce = pa.enforce();
    let nformals = sh.formals.get(&p.name).map(Vec::len).unwrap_or(0);
    let formals: Vec<String> = locals[..nformals].iter().map(|l| pred_name(&l.expr)).collect();
    let mut bp_locals: Vec<String> = locals[nformals..].iter().map(|l| pred_name(&l.expr)).collect();
    // Temporaries for the results of calls.
    let max_rets = p
        .body
        .iter()
        .filter_map(|s| match &s.kind {
            StmtKind::Call { callee, .. } => sh.rets.get(callee).map(Vec::len),
            _ => None,
        })
        .max()
        .unwrap_or(0);
    bp_locals.extend((0..max_rets).map(|i| format!("t${i}")));
    let returns = sh.rets.get(&p.name).map(Vec::len).unwrap_or(0);
    let stats = pa.prover.stats.clone();
    let proc = bp::Proc {
        name: sh.bp_name(&p.name),
        returns,
        formals,
        locals: bp_locals,
        enforce,
        body,
        pos: bp::Pos::default(),
    };
    (proc, stats, (reused, abstracted), start)
}

/// Classify the predicates, derive return predicates, compute MOD sets and points-to.
fn prepare(prog: &Program, preds: &[Pred]) -> Result<Shared, C2bpError> {
    let mut prog = prog.clone();
    add_ghosts(&mut prog);
    let Classified { globals, formals, others, mut rets } = classify(&prog, preds)?;
    derive_return_preds(&prog, &formals, &others, &mut rets);
    let stable = stable_formals(&prog);
    derive_memory_return_preds(&prog, &stable, &formals, &mut rets);
    let mut locals: HashMap<String, Vec<Pred>> = HashMap::new();
    for p in &prog.procs {
        let mut v = formals.get(&p.name).cloned().unwrap_or_default();
        v.extend(others.get(&p.name).cloned().unwrap_or_default());
        locals.insert(p.name.clone(), v);
    }
    let (mod_globals, writes_mem) = mod_sets(&prog);
    let mut pointsto = cminus::pointsto::PointsTo::analyze(&prog);
    let mem_writes = mem_write_objects(&prog, &mut pointsto);
    let closed_ptrs = closed_pointers(&prog);
    let entry_called = prog.entry_is_called();
    Ok(Shared {
        prog,
        globals,
        locals,
        formals,
        rets,
        mod_globals,
        writes_mem,
        mem_writes,
        closed_ptrs,
        pointsto,
        stable,
        entry_called,
    })
}

/// Per procedure, its formals that keep their entry value throughout (never assigned, never
/// in memory): there `f` and its ghost `pre(f)` are the same value.
pub fn stable_formals(prog: &Program) -> HashMap<String, HashSet<String>> {
    let layout = logic::mem::Layout::new(prog);
    let mut out = HashMap::new();
    for p in &prog.procs {
        let scope = Some(p.name.clone());
        let mut s: HashSet<String> =
            p.formals.iter().filter(|f| !layout.in_memory(&scope, &f.name)).map(|f| f.name.clone()).collect();
        for st in &p.body {
            match &st.kind {
                StmtKind::Assign(Lval::Var(v), _) | StmtKind::Call { ret: Some(Lval::Var(v)), .. } => {
                    s.remove(v);
                }
                _ => {}
            }
        }
        out.insert(p.name.clone(), s);
    }
    out
}

/// Return predicates about memory the caller can see (the c2bp lecture's return predicates
/// over dereferences of formals): a callee's predicate over formals that reads through a
/// pointer (`j->st == 5`) also describes, at the return, the caller's object behind the
/// actual (`(&j)->st == 5`) when the formals it names are stable; as a return predicate over
/// `pre(f)` the caller's facts about that object survive the call.
fn derive_memory_return_preds(
    prog: &Program,
    stable: &HashMap<String, HashSet<String>>,
    formals: &HashMap<String, Vec<Pred>>,
    rets: &mut HashMap<String, Vec<Pred>>,
) {
    for p in &prog.procs {
        let Some(st) = stable.get(&p.name) else { continue };
        for pr in formals.get(&p.name).into_iter().flatten() {
            let vars = vars_of(&pr.expr);
            let mine: Vec<&String> = vars.iter().filter(|v| p.formals.iter().any(|f| &f.name == *v)).collect();
            if mine.is_empty() || !mine.iter().all(|v| st.contains(*v)) || !reads_through_pointer(&pr.expr) {
                continue;
            }
            let mut e = pr.expr.clone();
            for v in mine {
                e = subst_var(&e, v, &pre_var(v));
            }
            push_new(rets.entry(p.name.clone()).or_default(), Pred::local(&p.name, e));
        }
    }
}

/// Whether an expression reads memory through a pointer (`*p`, `p->f`, `p[i]` on a pointer).
fn reads_through_pointer(e: &Expr) -> bool {
    let mut hit = false;
    e.visit_lvals(&mut |l| {
        fn deref(l: &Lval) -> bool {
            match l {
                Lval::Deref(_) => true,
                Lval::Var(_) => false,
                Lval::Field(b, _) => deref(b),
                Lval::Index(b, _) => deref(b),
            }
        }
        hit |= deref(l);
    });
    hit
}

/// Adds to every procedure the ghost locals `pre(f)` of its formals and the `$ret` local.
fn add_ghosts(prog: &mut Program) {
    for p in &mut prog.procs {
        // Ghosts for pre(f): never assigned, bound to the actual at each call.
        let ghosts: Vec<Var> = p
            .formals
            .iter()
            .map(|f| Var {
                name: pre_var(&f.name),
                c_name: format!("pre({})", f.c_name),
                init: cminus::Init::Zero,
                ..f.clone()
            })
            .collect();
        for g in ghosts {
            if p.var(&g.name).is_none() {
                p.locals.push(g);
            }
        }
        if p.ret != Type::Void && p.var(RET).is_none() {
            p.locals.push(Var {
                name: RET.to_string(),
                c_name: "$ret".to_string(),
                ty: p.ret.clone(),
                loc: p.loc,
                init: cminus::Init::Zero,
            });
        }
    }
}

/// The predicates sorted by what they speak of; per procedure name for the local kinds.
struct Classified {
    globals: Vec<Pred>,
    /// Predicates over a procedure's formals only (not of the entry procedure).
    formals: HashMap<String, Vec<Pred>>,
    others: HashMap<String, Vec<Pred>>,
    /// Predicates over a procedure's return value (and the `pre` ghosts).
    rets: HashMap<String, Vec<Pred>>,
}

/// Adds `p` to `v` unless a predicate with the same name is there already.
fn push_new(v: &mut Vec<Pred>, p: Pred) {
    if !v.iter().any(|q| pred_name(&q.expr) == pred_name(&p.expr)) {
        v.push(p);
    }
}

/// Type-checks the predicates and sorts them into global, formal, return and other ones.
fn classify(prog: &Program, preds: &[Pred]) -> Result<Classified, C2bpError> {
    let mut c =
        Classified { globals: Vec::new(), formals: HashMap::new(), others: HashMap::new(), rets: HashMap::new() };
    for pr in preds {
        let vars = vars_of(&pr.expr);
        let proc = pr.scope.as_deref().and_then(|n| prog.proc(n));
        let local_vars: Vec<&String> = vars.iter().filter(|v| proc.is_some_and(|p| p.var(v).is_some())).collect();
        // Type check.
        let ok = prog.type_of(proc, &pr.expr).is_some();
        if !ok {
            return Err(C2bpError::BadPredicate(pred_name(&pr.expr)));
        }
        match proc {
            None => push_new(&mut c.globals, Pred::global(pr.expr.clone())),
            Some(_) if local_vars.is_empty() => push_new(&mut c.globals, Pred::global(pr.expr.clone())),
            Some(p) => {
                let mentions_ret = vars.contains(RET);
                let is_formal = |v: &str| p.formals.iter().any(|f| f.name == v || pre_var(&f.name) == v);
                let is_pre = |v: &str| p.formals.iter().any(|f| pre_var(&f.name) == v);
                let only_formals = local_vars.iter().all(|v| is_formal(v));
                let entry = c.rets.entry(p.name.clone()).or_default();
                if mentions_ret && local_vars.iter().all(|v| *v == RET || is_pre(v)) {
                    push_new(entry, pr.clone());
                } else if only_formals && !mentions_ret && p.name != prog.entry {
                    push_new(c.formals.entry(p.name.clone()).or_default(), pr.clone());
                } else {
                    push_new(c.others.entry(p.name.clone()).or_default(), pr.clone());
                }
            }
        }
    }
    Ok(c)
}

/// Return predicates derived from callers: a caller's predicate over the call's target
/// (and globals) speaks about the callee's return value.
fn derive_return_preds(
    prog: &Program,
    formals: &HashMap<String, Vec<Pred>>,
    others: &HashMap<String, Vec<Pred>>,
    rets: &mut HashMap<String, Vec<Pred>>,
) {
    let global_names: HashSet<String> = prog.globals.iter().map(|g| g.name.clone()).collect();
    for q in &prog.procs {
        for s in &q.body {
            let StmtKind::Call { ret: Some(Lval::Var(x)), callee, .. } = &s.kind else { continue };
            let Some(callee_p) = prog.proc(callee) else { continue };
            if callee_p.ret == Type::Void {
                continue;
            }
            let mut derived = Vec::new();
            for p in formals.get(&q.name).into_iter().chain(others.get(&q.name)).flatten() {
                let vars = vars_of(&p.expr);
                if vars.contains(x) && vars.iter().all(|v| v == x || (global_names.contains(v) && q.var(v).is_none())) {
                    derived.push(Pred::local(callee, subst_var(&p.expr, x, RET)));
                }
            }
            let entry = rets.entry(callee.clone()).or_default();
            for d in derived {
                push_new(entry, d);
            }
        }
    }
}

fn subst_var(e: &Expr, from: &str, to: &str) -> Expr {
    fn lv(l: &Lval, from: &str, to: &str) -> Lval {
        match l {
            Lval::Var(v) if v == from => Lval::var(to),
            Lval::Var(v) => Lval::var(v),
            Lval::Deref(e) => Lval::Deref(Box::new(subst_var(e, from, to))),
            Lval::Field(l, f) => Lval::Field(Box::new(lv(l, from, to)), f.clone()),
            Lval::Index(l, i) => Lval::Index(Box::new(lv(l, from, to)), Box::new(subst_var(i, from, to))),
        }
    }
    match e {
        Expr::Lval(l) => Expr::Lval(lv(l, from, to)),
        Expr::AddrOf(l) => Expr::AddrOf(lv(l, from, to)),
        Expr::Unary(o, a) => Expr::Unary(*o, Box::new(subst_var(a, from, to))),
        Expr::Cast(t, a) => Expr::Cast(t.clone(), Box::new(subst_var(a, from, to))),
        Expr::Binary(o, a, b) => Expr::Binary(*o, Box::new(subst_var(a, from, to)), Box::new(subst_var(b, from, to))),
        Expr::Float(o, t, xs) => Expr::Float(*o, t.clone(), xs.iter().map(|x| subst_var(x, from, to)).collect()),
        e => e.clone(),
    }
}

/// The objects each procedure may write through memory, transitively (with [`mod_sets`]'s
/// notion of a memory write); `None` where a target is unknown to the points-to analysis
/// (a value from outside the program) or a struct is returned (its `$ret` object).
fn mem_write_objects(
    prog: &Program,
    pt: &mut cminus::pointsto::PointsTo,
) -> HashMap<String, Option<BTreeSet<cminus::pointsto::Obj>>> {
    let layout = logic::mem::Layout::new(prog);
    let mut out: HashMap<String, Option<BTreeSet<cminus::pointsto::Obj>>> = HashMap::new();
    let mut calls: HashMap<String, BTreeSet<String>> = HashMap::new();
    for p in &prog.procs {
        let mut objs = Some(BTreeSet::new());
        let mut write = |l: &Lval, objs: &mut Option<BTreeSet<cminus::pointsto::Obj>>| {
            let in_mem = match l {
                Lval::Var(v) if p.var(v).is_none() => layout.in_memory(&None, v),
                Lval::Var(v) => layout.in_memory(&Some(p.name.clone()), v),
                _ => true,
            };
            if !in_mem {
                return;
            }
            let locs = pt.locations(&p.name, l);
            match objs {
                Some(set) if !cminus::pointsto::unknown(&locs) => set.extend(locs),
                _ => *objs = None,
            }
        };
        for s in &p.body {
            match &s.kind {
                StmtKind::Assign(l, _) => write(l, &mut objs),
                StmtKind::Return(Some(_)) if p.ret.is_aggregate() => objs = None,
                StmtKind::Call { ret, callee, .. } => {
                    if let Some(l) = ret {
                        write(l, &mut objs);
                    }
                    if prog.proc(callee).is_some() {
                        calls.entry(p.name.clone()).or_default().insert(callee.clone());
                    }
                }
                _ => {}
            }
        }
        out.insert(p.name.clone(), objs);
    }
    let mut changed = true;
    while changed {
        changed = false;
        for p in &prog.procs {
            for c in calls.get(&p.name).cloned().unwrap_or_default() {
                let theirs = out.get(&c).cloned().flatten();
                let mine = out.get_mut(&p.name).expect("every procedure has a write set");
                match (mine.as_mut(), theirs) {
                    (None, _) => {}
                    (Some(_), None) => {
                        *mine = None;
                        changed = true;
                    }
                    (Some(m), Some(t)) => {
                        let before = m.len();
                        m.extend(t);
                        changed |= m.len() != before;
                    }
                }
            }
        }
    }
    out
}

/// Per procedure, the pointer locals (not formals, not in memory) every assignment of which
/// stores the address of a named object (`&x`, `&x.f`, `&a[i]`, no pointer read on the way) or
/// another such local. The points-to analysis places a read through them exactly; through
/// any other pointer a value from outside the program (an entry's argument, an external
/// function's result) may point to an object it does not know.
fn closed_pointers(prog: &Program) -> HashMap<String, HashSet<String>> {
    fn named(l: &Lval) -> bool {
        match l {
            Lval::Var(_) => true,
            Lval::Deref(_) => false,
            Lval::Field(b, _) | Lval::Index(b, _) => named(b),
        }
    }
    let layout = logic::mem::Layout::new(prog);
    let mut out = HashMap::new();
    for p in &prog.procs {
        let scope = Some(p.name.clone());
        let mut set: HashSet<String> = p
            .locals
            .iter()
            .filter(|v| matches!(v.ty, Type::Ptr(_)) && !layout.in_memory(&scope, &v.name))
            .map(|v| v.name.clone())
            .collect();
        loop {
            let before = set.len();
            for st in &p.body {
                match &st.kind {
                    StmtKind::Assign(Lval::Var(v), e) if set.contains(v) => {
                        let ok = match e {
                            Expr::AddrOf(l) => named(l),
                            Expr::Lval(Lval::Var(w)) => set.contains(w),
                            Expr::Cast(_, inner) => matches!(inner.as_ref(), Expr::AddrOf(l) if named(l)),
                            _ => false,
                        };
                        if !ok {
                            set.remove(v);
                        }
                    }
                    StmtKind::Call { ret: Some(Lval::Var(v)), .. } => {
                        set.remove(v);
                    }
                    _ => {}
                }
            }
            if set.len() == before {
                break;
            }
        }
        out.insert(p.name.clone(), set);
    }
    out
}

/// Scalar globals modified and whether memory is written, per procedure, transitively (the
/// effects a call has on its caller's predicates).
pub fn mod_sets(prog: &Program) -> (HashMap<String, HashSet<String>>, HashMap<String, bool>) {
    let layout = logic::mem::Layout::new(prog);
    let mut mods: HashMap<String, HashSet<String>> = HashMap::new();
    let mut mem: HashMap<String, bool> = HashMap::new();
    let mut calls: HashMap<String, BTreeSet<String>> = HashMap::new();
    for p in &prog.procs {
        let mut m = HashSet::new();
        let mut w = false;
        let write = |l: &Lval, m: &mut HashSet<String>, w: &mut bool| match l {
            Lval::Var(v) if p.var(v).is_none() => {
                if layout.in_memory(&None, v) {
                    *w = true;
                } else {
                    m.insert(v.clone());
                }
            }
            Lval::Var(v) => {
                if layout.in_memory(&Some(p.name.clone()), v) {
                    *w = true;
                }
            }
            _ => *w = true,
        };
        for s in &p.body {
            match &s.kind {
                StmtKind::Assign(l, _) => write(l, &mut m, &mut w),
                // A struct result is stored in the callee's `$ret` object, in memory.
                StmtKind::Return(Some(_)) if p.ret.is_aggregate() => w = true,
                StmtKind::Call { ret, callee, .. } => {
                    if let Some(l) = ret {
                        write(l, &mut m, &mut w);
                    }
                    // An allocation moves the watermark.
                    if cminus::pointsto::extern_allocation(prog, callee).is_some() {
                        m.insert(cminus::names::ALLOC_TOP.to_string());
                    }
                    calls.entry(p.name.clone()).or_default().insert(callee.clone());
                }
                _ => {}
            }
        }
        mods.insert(p.name.clone(), m);
        mem.insert(p.name.clone(), w);
    }
    let mut changed = true;
    while changed {
        changed = false;
        for p in &prog.procs {
            for c in calls.get(&p.name).cloned().unwrap_or_default() {
                if prog.proc(&c).is_none() {
                    continue;
                }
                let cm = mods.get(&c).cloned().unwrap_or_default();
                let cw = mem.get(&c).copied().unwrap_or(false);
                let pm = mods.get_mut(&p.name).expect("every procedure has a MOD set");
                let before = pm.len();
                pm.extend(cm);
                if pm.len() != before {
                    changed = true;
                }
                if cw && !mem[&p.name] {
                    mem.insert(p.name.clone(), true);
                    changed = true;
                }
            }
        }
    }
    (mods, mem)
}

/// One abstract state of a procedure (a valuation of predicates in its scope) to check for
/// consistency with [`inconsistent_cores`].
pub struct AbstractState {
    /// The C-- procedure whose scope the local predicates belong to.
    pub proc: String,
    pub literals: Vec<(Pred, bool)>,
}

/// For each abstract state, the indices of a minimal subset of its literals that no concrete
/// state satisfies together (`None` when the state is consistent, or the prover cannot
/// tell). Such a subset is a valid `enforce` clause of the procedure: SLAM's Constrain
/// refinement (Ball, Cook, Das, Rajamani, TACAS 2004) removes the abstract states a spurious
/// trace passes through when the imprecision is the abstraction's, not a missing predicate.
/// Literals whose predicates the logic cannot encode are left out (a smaller conjunction:
/// still a sound clause when unsatisfiable).
pub fn inconsistent_cores(prog: &Program, states: &[AbstractState], timeout: Duration) -> Vec<Option<Vec<usize>>> {
    let mut prog = prog.clone();
    add_ghosts(&mut prog);
    let ctx = logic::new_context();
    let env = Env::new(&ctx, &prog);
    let mut prover = Prover::new(&ctx, timeout);
    let mut out = Vec::new();
    for s in states {
        if prog.proc(&s.proc).is_none() {
            out.push(None);
            continue;
        }
        let st = logic::State::new(&env, "s.", Some(&s.proc));
        let mut fs = Vec::new();
        let mut index = Vec::new();
        for (i, (p, val)) in s.literals.iter().enumerate() {
            let m = if p.scope.is_none() { st.global_view().cond(&env, &p.expr) } else { st.cond(&env, &p.expr) };
            if let Ok(m) = m {
                fs.push(if *val { m } else { logic::formula::not(&m) });
                index.push(i);
            }
        }
        let refs: Vec<&logic::formula::Formula> = fs.iter().collect();
        if fs.is_empty() || prover.is_sat(&logic::formula::and(&ctx, &refs)) != Some(false) {
            out.push(None);
            continue;
        }
        out.push(prover.minimal_core(&fs).map(|core| core.into_iter().map(|k| index[k]).collect()));
    }
    out
}
