//! Structural abstraction (seed 003: Babić's Calysto): every error site of a program checked
//! on a bit-precise symbolic form of its procedures, calls abstracted and refined by inlining.
//!
//! - **The form**: each procedure is unrolled ([`form::unroll`]: loops run at most `unroll`
//!   times, longer paths are cut and counted) and encoded over Z3 bit-vectors through `logic`:
//!   a guard per statement instance (its path condition), the state where paths meet merged by
//!   gated φ (`logic::State::merge`), a choice variable per nondeterministic `goto`.
//! - **Abstraction**: a call of a defined procedure is at first a summary: its result, the
//!   globals and the memory it may write are unconstrained; reaching such a call is itself a
//!   potential error site when the callee can reach an error statement.
//! - **Refinement**: a model of an error site's guard gives a path (the edges true in it);
//!   when that path goes through abstracted calls, those calls are inlined (the callee's form,
//!   encoded in the caller's context) and every site is checked again. A site whose guard is
//!   unsatisfiable has no violation on the analysed paths.
//! - **Verdicts**: a path with no abstraction left is handed to Newton (`check_path`) and the
//!   interpreter replays it from the entry: only then VIOLATION. A model that does not replay
//!   (memory the encoding havocs, a call that cannot be inlined) is dropped and counted. No
//!   violation is UNKNOWN `bounded`, never SAFE: the paths cut by the bound were not analysed.

pub mod form;

use cminus::{Expr, Lval, Proc, Program, StmtId, StmtKind, Type};
use engine::{EngineKind, Outcome, ReplayCheck, StopReason, Strategies, StructuralStats};
use form::Form;
use logic::formula::{self, Formula};
use logic::{Env, Prover, State, Term};
use newton::PathStep;
use std::collections::{HashMap, HashSet};
use std::rc::Rc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

#[derive(Clone, Debug)]
pub struct Options {
    /// How many times a loop body is analysed on a path (the thesis: once).
    pub unroll: usize,
    pub time: Option<Duration>,
    /// Time limit of one prover query.
    pub query_timeout: Duration,
    /// Set by someone else (a portfolio) to stop the check.
    pub cancel: Option<Arc<AtomicBool>>,
    /// Calls nested deeper than this are not inlined (their reports are dropped).
    pub max_depth: usize,
    /// Rounds of refinement.
    pub max_rounds: usize,
    /// Models of one site tried in one round before the site is left undecided.
    pub attempts: usize,
    /// Statements the replay may run.
    pub max_steps: u64,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            unroll: 1,
            time: None,
            query_timeout: Duration::from_secs(10),
            cancel: None,
            max_depth: 16,
            max_rounds: 64,
            attempts: 4,
            max_steps: 200_000,
        }
    }
}

/// A call instance: the instances of the calls inlined around it, then its own instance.
type CallKey = Vec<usize>;

/// A potential error: an error statement's instance, or a call left abstract whose callee
/// can reach an error statement.
struct Site<'ctx> {
    key: CallKey,
    guard: Formula<'ctx>,
    stmt: StmtId,
}

/// What the path walk needs of an encoded instance.
struct Node {
    stmt: StmtId,
    kind: NodeKind,
    /// (index of the edge's guard in `Enc::edges`, successor instance)
    edges: Vec<(usize, usize)>,
}

enum NodeKind {
    Plain,
    Error,
    Return,
    Inlined(Box<Tree>),
    /// An abstracted call of a defined procedure: its key, and whether it can be inlined.
    Abstract(CallKey, bool),
}

/// One encoded procedure instance: its nodes by instance index.
struct Tree {
    nodes: HashMap<usize, Node>,
}

/// How the walk of a model's path ended.
enum End {
    Error(StmtId),
    Returned,
    /// At an abstract call whose callee may fail, or nowhere (a model the walk cannot follow).
    Stopped,
}

/// The encoding of the entry under one set of inlined calls.
struct Enc<'a, 'p, 'ctx> {
    prog: &'p Program,
    env: Env<'p, 'ctx>,
    opts: &'a Options,
    forms: &'a mut HashMap<String, Option<Rc<Form>>>,
    inlined: &'a HashSet<CallKey>,
    may_fail: &'a HashSet<String>,
    sites: Vec<Site<'ctx>>,
    edges: Vec<Formula<'ctx>>,
    frames: u64,
    /// Counter of the encoding's own variables (choices, unmodelled conditions).
    names: u64,
    allocs: i64,
    cut: usize,
}

/// Check every error site of `prog` from its entry.
pub fn check(prog: &Program, opts: &Options) -> Outcome {
    let start = Instant::now();
    let mut stats = StructuralStats { unroll: opts.unroll.max(1), ..StructuralStats::default() };
    let end = run(prog, opts, start, &mut stats);
    let strategies = Strategies {
        abstraction: "structural".into(),
        checker: format!("bit-vector SMT (loops unrolled {} times)", stats.unroll),
        refiner: "inlining".into(),
    };
    let mut o =
        Outcome::of_engine(EngineKind::Structural, end.reason, end.detail, strategies, start.elapsed().as_secs_f64());
    o.counterexample = end.counterexample;
    o.replay = end.replay;
    o.structural = Some(stats);
    o
}

struct Ending {
    reason: StopReason,
    detail: String,
    counterexample: Option<newton::Counterexample>,
    replay: Option<ReplayCheck>,
}

impl Ending {
    fn new(reason: StopReason, detail: impl Into<String>) -> Ending {
        Ending { reason, detail: detail.into(), counterexample: None, replay: None }
    }
}

/// Procedures that can reach an error statement (through their calls).
fn may_fail(prog: &Program) -> HashSet<String> {
    let mut out: HashSet<String> = prog
        .procs
        .iter()
        .filter(|p| p.body.iter().any(|s| matches!(s.kind, StmtKind::Error(_))))
        .map(|p| p.name.clone())
        .collect();
    loop {
        let before = out.len();
        for p in &prog.procs {
            if !out.contains(&p.name)
                && p.body.iter().any(|s| matches!(&s.kind, StmtKind::Call { callee, .. } if out.contains(callee)))
            {
                out.insert(p.name.clone());
            }
        }
        if out.len() == before {
            return out;
        }
    }
}

fn run(prog: &Program, opts: &Options, start: Instant, stats: &mut StructuralStats) -> Ending {
    let Some(entry) = prog.proc(&prog.entry) else {
        return Ending::new(StopReason::Unsupported, format!("no entry procedure `{}`", prog.entry));
    };
    let may_fail = may_fail(prog);
    if !may_fail.contains(&entry.name) {
        stats.procedures_summarised = 0;
        return Ending::new(
            StopReason::Bounded,
            format!(
                "no violation within the bound (loops unrolled {} times): the entry reaches no error statement",
                stats.unroll
            ),
        );
    }
    let timed_out = || {
        opts.time.is_some_and(|t| start.elapsed() >= t)
            || opts.cancel.as_ref().is_some_and(|c| c.load(Ordering::Relaxed))
    };
    let ctx = logic::new_context();
    let mut prover = Prover::new(&ctx, opts.query_timeout).with_cancel(opts.cancel.clone());
    let mut forms: HashMap<String, Option<Rc<Form>>> = HashMap::new();
    let mut inlined: HashSet<CallKey> = HashSet::new();
    // Sites decided for good: unsatisfiable guards stay so when calls are inlined (an inlined
    // call constrains what its summary left free), violations stay violations.
    let mut no_violation: HashSet<CallKey> = HashSet::new();
    let mut violated: HashSet<CallKey> = HashSet::new();
    let mut first: Option<(newton::Counterexample, ReplayCheck)> = None;
    let mut out_of_time = false;
    let mut last_undecided;
    let mut last_bounded;
    let mut round = 0;
    loop {
        round += 1;
        let mut enc = Enc {
            prog,
            env: Env::new(&ctx, prog),
            opts,
            forms: &mut forms,
            inlined: &inlined,
            may_fail: &may_fail,
            sites: Vec::new(),
            edges: Vec::new(),
            frames: 0,
            names: 0,
            allocs: 0,
            cut: 0,
        };
        let tree = match enc.encode_entry(entry) {
            Ok(t) => t,
            Err(why) => return Ending::new(StopReason::Unsupported, why),
        };
        stats.cut = enc.cut;
        let mut refine: HashSet<CallKey> = HashSet::new();
        let mut undecided = 0;
        let mut bounded = 0;
        let sites = std::mem::take(&mut enc.sites);
        for site in &sites {
            if violated.contains(&site.key) {
                continue;
            }
            if no_violation.contains(&site.key) {
                bounded += 1;
                continue;
            }
            stats.sites += 1;
            let mut blocks: Vec<Formula> = Vec::new();
            let mut decided = false;
            for _ in 0..opts.attempts {
                if timed_out() {
                    out_of_time = true;
                    break;
                }
                let mut conj: Vec<&Formula> = vec![&site.guard];
                conj.extend(blocks.iter());
                let q = formula::and(&ctx, &conj);
                match prover.is_sat(&q) {
                    Some(false) => {
                        no_violation.insert(site.key.clone());
                        bounded += 1;
                        decided = true;
                        break;
                    }
                    None => break,
                    Some(true) => {}
                }
                let Some(on) = prover.model_bools(&q, &enc.edges) else { break };
                let mut path = Vec::new();
                let mut abstracted = Vec::new();
                let mut used = Vec::new();
                let end = walk(&tree, 0, &on, &mut path, &mut abstracted, &mut used);
                let refinable: Vec<CallKey> = abstracted.iter().filter(|(_, r)| *r).map(|(k, _)| k.clone()).collect();
                if !refinable.is_empty() {
                    // The model depends on summaries: inline them and check again next round.
                    refine.extend(refinable);
                    decided = true;
                    undecided += 1;
                    break;
                }
                let confirmed = match end {
                    End::Error(stmt) if stmt == site.stmt && abstracted.is_empty() => confirm(prog, &path, stmt, opts),
                    _ => None,
                };
                match confirmed {
                    Some(c) => {
                        violated.insert(site.key.clone());
                        if first.is_none() {
                            first = Some(c);
                        }
                        decided = true;
                        break;
                    }
                    None => {
                        stats.dropped += 1;
                        let taken: Vec<&Formula> = used.iter().map(|&e| &enc.edges[e]).collect();
                        blocks.push(formula::not(&formula::and(&ctx, &taken)));
                    }
                }
            }
            if !decided {
                undecided += 1;
            }
            if out_of_time {
                break;
            }
        }
        drop(enc);
        last_undecided = undecided;
        last_bounded = bounded;
        stats.procedures_summarised = forms.values().filter(|f| f.is_some()).count();
        if out_of_time || refine.is_empty() || round >= opts.max_rounds {
            break;
        }
        stats.refinements += 1;
        stats.inlinings += refine.len();
        inlined.extend(refine);
    }
    stats.violated = violated.len();
    stats.bounded = last_bounded;
    stats.undecided = last_undecided;
    stats.prover_queries = prover.stats.queries;
    stats.prover_secs = prover.stats.time_secs;
    if let Some((cex, replay)) = first {
        let mut e = Ending::new(StopReason::Violation, cex.message.clone());
        e.counterexample = Some(cex);
        e.replay = Some(replay);
        return e;
    }
    if out_of_time {
        return Ending::new(
            StopReason::TimeLimit,
            format!("the time limit was hit after {} error sites (no violation found so far)", stats.sites),
        );
    }
    let mut detail = format!("no violation within the bound (loops unrolled {} times)", stats.unroll);
    let mut notes = Vec::new();
    if stats.cut > 0 {
        notes.push(format!("{} loop back edges cut", stats.cut));
    }
    if stats.dropped > 0 {
        notes.push(format!("{} reports dropped (they did not replay)", stats.dropped));
    }
    if stats.undecided > 0 {
        notes.push(format!("{} error sites undecided", stats.undecided));
    }
    if !notes.is_empty() {
        detail = format!("{detail}: {}", notes.join(", "));
    }
    Ending::new(StopReason::Bounded, detail)
}

/// Newton on the concrete path, then the interpreter from the entry: the counterexample and
/// its replay when both agree that the error is reached.
fn confirm(
    prog: &Program,
    path: &[PathStep],
    error: StmtId,
    opts: &Options,
) -> Option<(newton::Counterexample, ReplayCheck)> {
    let nopts = newton::Options { query_timeout: opts.query_timeout, cancel: opts.cancel.clone() };
    let (verdict, _) = newton::check_path(prog, path, &[], &nopts);
    let cex = match verdict {
        newton::Verdict::Feasible(cex) => cex,
        other => {
            tracing::debug!(steps = path.len(), "dropped: Newton says {other:?}");
            return None;
        }
    };
    let run = newton::replay(prog, &cex, opts.max_steps);
    let want: Vec<StmtId> = path.iter().map(|p| p.stmt).collect();
    let confirmed =
        matches!(&run.outcome, cminus::interp::Outcome::Error { stmt, .. } if *stmt == error) && run.trace == want;
    if !confirmed {
        tracing::debug!(steps = path.len(), "dropped: the replay ends {:?}", run.outcome);
    }
    confirmed.then(|| {
        (
            *cex,
            ReplayCheck {
                confirmed,
                outcome: format!("{:?}", run.outcome),
                steps: run.trace.len(),
                undefined: run.undefined.clone(),
            },
        )
    })
}

/// Follow the model (`on`: the value of every edge guard) from the tree's entry instance.
fn walk(
    tree: &Tree,
    depth: usize,
    on: &[bool],
    path: &mut Vec<PathStep>,
    abstracted: &mut Vec<(CallKey, bool)>,
    used: &mut Vec<usize>,
) -> End {
    let mut ix = 0;
    // A path of an acyclic form visits each instance at most once.
    for _ in 0..=tree.nodes.len() {
        let Some(node) = tree.nodes.get(&ix) else { return End::Stopped };
        path.push(PathStep { stmt: node.stmt, depth });
        match &node.kind {
            NodeKind::Error => return End::Error(node.stmt),
            NodeKind::Return => return End::Returned,
            NodeKind::Inlined(t) => match walk(t, depth + 1, on, path, abstracted, used) {
                End::Returned => {}
                other => return other,
            },
            NodeKind::Abstract(k, r) => abstracted.push((k.clone(), *r)),
            NodeKind::Plain => {}
        }
        match node.edges.iter().find(|(e, _)| on[*e]) {
            Some(&(e, next)) => {
                used.push(e);
                ix = next;
            }
            None => return End::Stopped,
        }
    }
    End::Stopped
}

impl<'a, 'p, 'ctx> Enc<'a, 'p, 'ctx> {
    fn form(&mut self, p: &Proc) -> Option<Rc<Form>> {
        let unroll = self.opts.unroll;
        self.forms.entry(p.name.clone()).or_insert_with(|| form::unroll(p, unroll).map(Rc::new)).clone()
    }

    /// The entry: globals initialised, pointer parameters to fresh distinct objects.
    fn encode_entry(&mut self, entry: &'p Proc) -> Result<Tree, String> {
        if self.form(entry).is_none() {
            return Err(format!("the loops of `{}` cannot be unrolled within the bound", entry.name));
        }
        let env = &self.env;
        let mut st = State::new(env, "s.", Some(&entry.name));
        let init_mem = st.mem.clone();
        st.init_globals(env);
        let mut axioms = Vec::new();
        // the globals' initial values as facts about the initial memory (`Env::peel_stores`)
        if let Some(facts) = env.peel_stores(&st.mem, &init_mem) {
            st.set_mem(init_mem);
            axioms.extend(facts);
        }
        let mut k = 0;
        for f in &entry.formals {
            if let Type::Ptr(_) = &f.ty {
                let v = st.read(env, &Lval::var(&f.name)).map_err(|e| e.to_string())?;
                axioms.push(formula::eq(&v, &env.int(env.layout.map.fresh_base + k * env.layout.map.fresh_stride)));
                k += 1;
            }
        }
        let refs: Vec<&Formula> = axioms.iter().collect();
        let g0 = formula::and(self.env.ctx, &refs);
        let (tree, _) = self.encode_proc(entry, &[], st, g0, 0);
        Ok(tree)
    }

    /// Encode `q` from `st0` under guard `g0`; returns its tree and, when it can return, the
    /// guard, state and value at its exit.
    #[allow(clippy::type_complexity)]
    fn encode_proc(
        &mut self,
        q: &'p Proc,
        ctx: &[usize],
        st0: State<'ctx>,
        g0: Formula<'ctx>,
        depth: usize,
    ) -> (Tree, Option<(Formula<'ctx>, State<'ctx>, Option<Term<'ctx>>)>) {
        let form = self.form(q).expect("the caller checked that the form exists");
        self.cut += form.cut;
        let mut inc: Vec<Vec<(Formula<'ctx>, State<'ctx>)>> = vec![Vec::new(); form.insts.len()];
        if !form.insts.is_empty() {
            inc[0].push((g0, st0));
        }
        let mut rets: Vec<(Formula<'ctx>, State<'ctx>, Option<Term<'ctx>>)> = Vec::new();
        let mut nodes = HashMap::new();
        for &ix in &form.order {
            let ins = std::mem::take(&mut inc[ix]);
            if ins.is_empty() {
                continue;
            }
            let (mut g, mut st) = self.join(ins);
            let s = &q.body[form.insts[ix].stmt];
            let mut kind = NodeKind::Plain;
            let mut goes_on = true;
            match &s.kind {
                StmtKind::Assign(l, e) => {
                    if st.assign(&self.env, l, e).is_err() {
                        self.havoc_lval(&mut st, l);
                    }
                }
                StmtKind::Assume(e) => {
                    let c = st
                        .cond(&self.env, e)
                        .unwrap_or_else(|_| formula::atom(self.env.ctx, self.fresh_name("unmodelled")));
                    g = formula::and(self.env.ctx, &[&g, &c]);
                }
                StmtKind::Goto(_) | StmtKind::Skip => {}
                StmtKind::Error(_) => {
                    let mut key = ctx.to_vec();
                    key.push(ix);
                    self.sites.push(Site { key, guard: g.clone(), stmt: s.id });
                    kind = NodeKind::Error;
                    goes_on = false;
                }
                StmtKind::Halt => goes_on = false,
                StmtKind::Return(e) => {
                    let v = e.as_ref().map(|e| st.int(&self.env, e).unwrap_or_else(|_| self.env.fresh_int("ret")));
                    rets.push((g.clone(), st.clone(), v));
                    kind = NodeKind::Return;
                    goes_on = false;
                }
                StmtKind::Call { ret, callee, args } => {
                    let mut key = ctx.to_vec();
                    key.push(ix);
                    match self.prog.proc(callee) {
                        Some(cq) => {
                            let can = depth < self.opts.max_depth
                                && key.len() <= self.opts.max_depth
                                && self.form(cq).is_some();
                            if can && self.inlined.contains(&key) {
                                self.frames += 1;
                                let mut cs = st.enter(&cq.name, self.frames, "s.");
                                for (f, a) in cq.formals.iter().zip(args) {
                                    let v = st.int(&self.env, a).unwrap_or_else(|_| self.env.fresh_int("arg"));
                                    if cs.assign_value(&self.env, &Lval::var(&f.name), v).is_err() {
                                        self.havoc_lval(&mut cs, &Lval::var(&f.name));
                                    }
                                }
                                let (t, exit) = self.encode_proc(cq, &key, cs, g.clone(), depth + 1);
                                kind = NodeKind::Inlined(Box::new(t));
                                match exit {
                                    Some((eg, es, rv)) => {
                                        let mut back = es.leave(&st);
                                        if let (Some(l), Some(v)) = (ret, rv) {
                                            if back.assign_value(&self.env, l, v).is_err() {
                                                self.havoc_lval(&mut back, l);
                                            }
                                        }
                                        g = eg;
                                        st = back;
                                    }
                                    None => goes_on = false,
                                }
                            } else {
                                if self.may_fail.contains(&cq.name) {
                                    self.sites.push(Site { key: key.clone(), guard: g.clone(), stmt: s.id });
                                }
                                kind = NodeKind::Abstract(key, can);
                                self.summary(&mut st, ret.as_ref());
                            }
                        }
                        None => self.external(&mut st, callee, ret.as_ref()),
                    }
                }
            }
            let mut edges = Vec::new();
            if goes_on {
                let succs = &form.insts[ix].succs;
                let guards = self.choices(&g, succs.len());
                for (ge, &t) in guards.into_iter().zip(succs) {
                    self.edges.push(ge.clone());
                    edges.push((self.edges.len() - 1, t));
                    inc[t].push((ge, st.clone()));
                }
            }
            nodes.insert(ix, Node { stmt: s.id, kind, edges });
        }
        let exit = if rets.is_empty() {
            None
        } else {
            let guards: Vec<&Formula> = rets.iter().map(|r| &r.0).collect();
            let eg = formula::or(self.env.ctx, &guards);
            let mut it = rets.into_iter().rev();
            let (_, mut st, mut v) = it.next().expect("non-empty");
            for (g, s, rv) in it {
                st = State::merge(&self.env, &g, &s, &st);
                v = match (rv, v) {
                    (Some(a), Some(b)) => Some(formula::ite(&g, &a, &b)),
                    _ => None,
                };
            }
            Some((eg, st, v))
        };
        (Tree { nodes }, exit)
    }

    /// The guard and the gated-φ state where incoming edges meet.
    fn join(&self, mut ins: Vec<(Formula<'ctx>, State<'ctx>)>) -> (Formula<'ctx>, State<'ctx>) {
        if ins.len() == 1 {
            return ins.pop().expect("one");
        }
        let guards: Vec<&Formula> = ins.iter().map(|i| &i.0).collect();
        let g = formula::or(self.env.ctx, &guards);
        let mut it = ins.into_iter().rev();
        let (_, mut st) = it.next().expect("non-empty");
        for (gi, si) in it {
            st = State::merge(&self.env, &gi, &si, &st);
        }
        (g, st)
    }

    /// The guards of `n` mutually exclusive edges out of a statement with guard `g`: one
    /// choice variable per edge but the last (a model names the one edge taken).
    fn choices(&mut self, g: &Formula<'ctx>, n: usize) -> Vec<Formula<'ctx>> {
        if n <= 1 {
            return vec![g.clone(); n];
        }
        let atoms: Vec<Option<Formula>> =
            (0..n).map(|i| (i + 1 < n).then(|| formula::atom(self.env.ctx, self.fresh_name("choice")))).collect();
        let mut out = Vec::new();
        let mut before: Vec<Formula> = Vec::new();
        for a in &atoms {
            let mut conj: Vec<Formula> = vec![g.clone()];
            conj.extend(before.iter().cloned());
            if let Some(a) = a {
                conj.push(a.clone());
                before.push(formula::not(a));
            }
            let refs: Vec<&Formula> = conj.iter().collect();
            out.push(formula::and(self.env.ctx, &refs));
        }
        out
    }

    fn fresh_name(&mut self, hint: &str) -> String {
        self.names += 1;
        format!("{hint}!{}", self.names)
    }

    /// What a call left abstract may do: return anything, write any global and any memory.
    fn summary(&mut self, st: &mut State<'ctx>, ret: Option<&Lval>) {
        let env = &self.env;
        for g in &self.prog.globals {
            if g.ty.is_scalar() && !env.layout.in_memory(&None, &g.name) {
                st.set_global(env, &g.name, env.fresh_of("summary", Some(&g.ty)));
            }
        }
        st.set_mem(env.fresh_mem("summary_mem"));
        if let Some(l) = ret {
            self.havoc_lval(st, l);
        }
    }

    /// An unknown value in `l` (an unknown memory when `l` cannot be written).
    fn havoc_lval(&mut self, st: &mut State<'ctx>, l: &Lval) {
        let env = &self.env;
        let ok = match st.type_of_lval(env, l) {
            Ok(t) if t.is_scalar() => st.assign_value(env, l, env.fresh_of("havoc", Some(&t))).is_ok(),
            Ok(t) => st.assign(env, l, &Expr::Nondet(t)).is_ok(),
            Err(_) => false,
        };
        if !ok {
            st.set_mem(env.fresh_mem("havoc_mem"));
        }
    }

    /// An external function, as Newton models it: an allocator returns a fresh object (or
    /// NULL when it may fail), anything else an unknown result; memory is left alone.
    fn external(&mut self, st: &mut State<'ctx>, callee: &str, ret: Option<&Lval>) {
        let env = &self.env;
        let v = if let Some(a) = cminus::pointsto::extern_allocation(self.prog, callee) {
            self.allocs += 1;
            let obj = env.int(env.layout.map.alloc_min + self.allocs * env.layout.map.alloc_stride);
            if a.may_fail {
                let c = env.fresh_of("alloc_fails", Some(&Type::INT));
                Some(formula::ite(&formula::eq(&c, &env.int(0)), &obj, &env.int(0)))
            } else {
                Some(obj)
            }
        } else {
            self.prog.extern_fn(callee).filter(|e| e.ty.ret.is_scalar()).map(|e| env.fresh_of("ext", Some(&e.ty.ret)))
        };
        let Some(l) = ret else { return };
        match (st.type_of_lval(env, l), v) {
            (Ok(t), Some(v)) if t.is_scalar() => {
                if st.write(env, l, v).is_err() {
                    self.havoc_lval(st, l);
                }
            }
            _ => self.havoc_lval(st, l),
        }
    }
}
