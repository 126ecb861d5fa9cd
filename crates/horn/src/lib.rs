//! The Horn-clause engine: a C-- program (after instrumentation) as constrained Horn clauses,
//! solved by Spacer through [`logic::horn`], whose solutions are validated before a SAFE.
//!
//! - **Relations**: one per cut point of each procedure the entry reaches — its first
//!   statement, every loop head (targets of the back edges of a depth-first walk of the CFG)
//!   and every call of a defined procedure — over the scalar globals and the procedure's
//!   scalar formals and locals that are not in memory, and the memory when the program uses
//!   memory. In a procedure other than the entry a relation also keeps the values the
//!   procedure was entered with (globals, formals, memory), so that its exit relates them to
//!   the values it returns: procedure summaries `entry_q(in)` and `exit_q(in, out)`, which
//!   make recursion sound (Horn clauses are least fixpoints), except where a recursive
//!   procedure keeps locals in memory (one address for every frame): UNKNOWN.
//! - **Clauses**: one per path between two cut points, executed by `logic::State` (the one C
//!   semantics of the project); a call at the start of a segment is `exit_q` in the body, and
//!   its cut point's relation implies `entry_q` of the arguments. Every error statement is a
//!   query. What `logic` cannot express is over-approximated (the lvalue gets an unknown
//!   value, an assumption that cannot be translated is dropped): SAFE is lost, never made up.
//!   External functions are modelled as everywhere else in slam (docs/c2bp.md): an
//!   allocator returns a fresh object or NULL, anything else an unknown result; what they
//!   write through pointers the front end made explicit.
//! - **Verdicts**: SAFE only with Spacer's solution validated clause by clause
//!   (`logic::horn`); a derivation of `false` is UNKNOWN ("not replayed": this engine builds no
//!   counterexample); everything else UNKNOWN with the reason.

use cminus::{Expr, Lval, Proc, Program, Stmt, StmtId, StmtKind, Type};
use engine::{EngineKind, Outcome, StopReason, Strategies};
use logic::formula::{self, Formula};
use logic::horn::{Arg, Atom, Horn, HornResult, HornStats, Kind, RelId};
use logic::{Env, State, Term};
use std::collections::{BTreeSet, HashMap, HashSet};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

mod preds;
pub use preds::{predicates, PredicateSource, Predicates};

#[derive(Clone, Debug)]
pub struct Options {
    pub time: Option<Duration>,
    /// Set by someone else (a portfolio) to stop the check.
    pub cancel: Option<Arc<AtomicBool>>,
    /// Clauses (paths between cut points) the encoding may make before it gives up.
    pub max_clauses: usize,
    /// Spacer on the integer reading alone, with all of the time (`logic::horn::Horn::
    /// solve_routes`): the default portfolio's short try.
    pub integer_only: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options { time: None, cancel: None, max_clauses: 20_000, integer_only: false }
    }
}

/// A loop head's invariant as Spacer found it (validated), in Z3's words over the
/// procedure's variable names (`pre.x`: the value of `x` when the procedure was entered).
#[derive(Clone, Debug)]
pub struct LoopInvariant {
    pub proc: String,
    pub head: StmtId,
    pub text: String,
}

/// What a run found, besides its outcome.
#[derive(Clone, Debug, Default)]
pub struct Report {
    pub relations: usize,
    pub clauses: usize,
    /// Statements or conditions over-approximated (an unknown value, a dropped assumption).
    pub over_approximated: usize,
    pub spacer_secs: f64,
    pub validation_secs: f64,
    pub invariants: Vec<LoopInvariant>,
}

/// Check every error statement the entry reaches.
pub fn check(prog: &Program, opts: &Options) -> Outcome {
    check_with_report(prog, opts).0
}

/// [`check`] and what the run found.
pub fn check_with_report(prog: &Program, opts: &Options) -> (Outcome, Report) {
    let start = Instant::now();
    let mut report = Report::default();
    let instrumented;
    let prog = match in_mode_asked(prog) {
        Some(p) => {
            instrumented = p;
            &instrumented
        }
        None => prog,
    };
    let (reason, detail) = match run(prog, opts, start, &mut report) {
        Ok(()) => {
            let mut d = format!(
                "Spacer's solution, validated clause by clause ({} relations, {} clauses)",
                report.relations, report.clauses
            );
            for inv in report.invariants.iter().take(4) {
                let t: String = inv.text.chars().take(240).collect();
                d.push_str(&format!("; loop head in `{}`: {t}", inv.proc));
            }
            (StopReason::Safe, d)
        }
        Err((r, d)) => (r, d),
    };
    let strategies = Strategies {
        abstraction: "horn clauses (cut points, procedure summaries)".into(),
        checker: "Spacer (Z3), solutions validated".into(),
        refiner: "none".into(),
    };
    let outcome = Outcome::of_engine(EngineKind::Horn, reason, detail, strategies, start.elapsed().as_secs_f64());
    (outcome, report)
}

/// The program with the paths through undefined behaviour cut, when it was lowered in gcc's
/// semantics but the answer is asked with them cut (`Program::answer_undefined`, SV-COMP's
/// reading of unreach-call): this engine only proves, and a proof in the semantics asked is
/// the answer. It is also the one Spacer finds: `x + y` that cannot wrap bounds the integer
/// reading, and a loop that adds to `x` is proved without an upper bound on `x`.
fn in_mode_asked(prog: &Program) -> Option<Program> {
    use cminus::ub::{instrument, Kinds, UbMode};
    if prog.answer_undefined != Some(UbMode::AssumeNone) {
        return None;
    }
    let mut p = prog.clone();
    instrument(&mut p, UbMode::AssumeNone, Kinds::All);
    p.answer_undefined = None;
    Some(p)
}

type Fail = (StopReason, String);

fn unknown(why: impl Into<String>) -> Fail {
    (StopReason::Unknown, why.into())
}

/// The variables a procedure's relations range over.
struct ProcSig {
    /// Scalar formals not in memory (the summary's inputs besides globals and memory).
    formals: Vec<String>,
    /// Scalar formals and locals not in memory (formals first).
    vars: Vec<String>,
    /// The result, when the procedure returns a scalar.
    ret: Option<Type>,
    cuts: BTreeSet<usize>,
    rels: HashMap<usize, RelId>,
    entry: Option<RelId>,
    exit: Option<RelId>,
}

struct Enc<'a, 'p, 'ctx> {
    prog: &'p Program,
    env: Env<'p, 'ctx>,
    horn: Horn<'ctx>,
    entry: String,
    /// Scalar globals not in memory (with the allocation watermark when the program allocates).
    globals: Vec<(String, Type)>,
    mem: bool,
    sigs: HashMap<String, ProcSig>,
    opts: &'a Options,
    start: Instant,
    over: std::cell::Cell<usize>,
    tags: u64,
}

fn run(prog: &Program, opts: &Options, start: Instant, report: &mut Report) -> Result<(), Fail> {
    let ctx = logic::new_context();
    let (enc, procs) = encode(&ctx, prog, opts, start)?;
    report.over_approximated = enc.over.get();
    let left = opts.time.map(|t| t.saturating_sub(start.elapsed())).unwrap_or(Duration::from_secs(3600));
    if left.is_zero() {
        return Err((StopReason::TimeLimit, "time limit while encoding".into()));
    }
    let mut stats = HornStats::default();
    let res = enc.horn.solve_routes(left, opts.cancel.clone(), &mut stats, opts.integer_only);
    report.relations = stats.relations;
    report.clauses = stats.clauses;
    report.spacer_secs = stats.spacer_secs;
    report.validation_secs = stats.validation_secs;
    match res {
        HornResult::Safe(sol) => {
            for p in &procs {
                let sig = &enc.sigs[&p.name];
                for (&i, &r) in &sig.rels {
                    if i == 0 || matches!(p.body[i].kind, StmtKind::Call { .. }) {
                        continue;
                    }
                    let names = enc.param_names(p);
                    report.invariants.push(LoopInvariant {
                        proc: p.name.clone(),
                        head: p.body[i].id,
                        text: logic::horn::show(&enc.horn, r, &sol[r.0], &names),
                    });
                }
            }
            report.invariants.sort_by_key(|i| i.head);
            Ok(())
        }
        HornResult::Unsafe => Err(unknown("horn found a counterexample; not replayed")),
        HornResult::Unknown(why) if why.contains("time limit") => Err((StopReason::TimeLimit, why)),
        HornResult::Unknown(why) => Err(unknown(why)),
    }
}

/// The program's Horn clauses (in `ctx`), and the procedures they encode.
fn encode<'a, 'p, 'ctx>(
    ctx: &'ctx logic::Context,
    prog: &'p Program,
    opts: &'a Options,
    start: Instant,
) -> Result<(Enc<'a, 'p, 'ctx>, Vec<&'p Proc>), Fail> {
    let entry = prog.proc(&prog.entry).ok_or_else(|| unknown(format!("no entry procedure `{}`", prog.entry)))?;
    let reach = prog.procs_reachable_from(&entry.name);
    let procs: Vec<&Proc> = prog.procs.iter().filter(|p| reach.contains(&p.name)).collect();
    let env = Env::new(ctx, prog);
    // calls of the entry and recursion through memory
    let callees = |p: &Proc| -> BTreeSet<String> {
        p.body
            .iter()
            .filter_map(|s| match &s.kind {
                StmtKind::Call { callee, .. } if prog.proc(callee).is_some() => Some(callee.clone()),
                _ => None,
            })
            .collect()
    };
    let graph: HashMap<String, BTreeSet<String>> = procs.iter().map(|p| (p.name.clone(), callees(p))).collect();
    if graph.values().any(|c| c.contains(&entry.name)) {
        return Err(unknown(format!("the entry `{}` is called (not encoded)", entry.name)));
    }
    for p in &procs {
        if recursive(&graph, &p.name) {
            let scope = Some(p.name.clone());
            if p.formals.iter().chain(&p.locals).any(|v| env.layout.in_memory(&scope, &v.name)) {
                return Err(unknown(format!(
                    "recursive procedure `{}` keeps locals in memory (one address for all frames)",
                    p.name
                )));
            }
        }
    }
    let allocates = procs.iter().any(|p| {
        p.body.iter().any(|s| {
            matches!(&s.kind, StmtKind::Call { callee, .. } if cminus::pointsto::extern_allocation(prog, callee).is_some())
        })
    });
    let mut globals: Vec<(String, Type)> = prog
        .globals
        .iter()
        .filter(|g| g.ty.is_scalar() && !env.layout.in_memory(&None, &g.name))
        .map(|g| (g.name.clone(), g.ty.clone()))
        .collect();
    if allocates && !globals.iter().any(|g| g.0 == cminus::names::ALLOC_TOP) {
        globals.push((cminus::names::ALLOC_TOP.to_string(), Type::Ptr(Box::new(Type::Void))));
    }
    let mem = allocates || procs.iter().any(|p| proc_uses_memory(&env.layout, p));
    let mut enc = Enc {
        prog,
        env,
        horn: Horn::new(ctx),
        entry: entry.name.clone(),
        globals,
        mem,
        sigs: HashMap::new(),
        opts,
        start,
        over: std::cell::Cell::new(0),
        tags: 0,
    };
    for p in &procs {
        enc.declare(p);
    }
    enc.initial(entry)?;
    for p in &procs {
        enc.encode_proc(p)?;
    }
    Ok((enc, procs))
}

/// Whether `p` can call itself.
fn recursive(graph: &HashMap<String, BTreeSet<String>>, p: &str) -> bool {
    let mut seen = HashSet::new();
    let mut stack: Vec<&str> = graph.get(p).into_iter().flatten().map(String::as_str).collect();
    while let Some(q) = stack.pop() {
        if q == p {
            return true;
        }
        if seen.insert(q) {
            stack.extend(graph.get(q).into_iter().flatten().map(String::as_str));
        }
    }
    false
}

/// Whether the encoding of `prog` carries the memory in its relations: the program allocates,
/// or a procedure the entry reaches reads or writes memory. The integer reading (which decides
/// most of what Spacer proves in a few seconds) leaves the memory out, so the default
/// portfolio asks this engine only about programs without it.
pub fn uses_memory(prog: &Program) -> bool {
    let ctx = logic::new_context();
    let env = Env::new(&ctx, prog);
    let reach = prog.procs_reachable_from(&prog.entry);
    let procs = prog.procs.iter().filter(|p| reach.contains(&p.name));
    let mut procs = procs.peekable();
    procs.peek().is_none()
        || procs.any(|p| {
            proc_uses_memory(&env.layout, p)
                || p.body.iter().any(|s| {
                    matches!(&s.kind, StmtKind::Call { callee, .. } if cminus::pointsto::extern_allocation(prog, callee).is_some())
                })
        })
}

/// Whether `p` keeps a formal or local in memory or reads or writes memory. (Globals in memory
/// that no statement reads or writes — the strings of `__assert_fail`'s arguments, whose
/// addresses only are taken — need no memory in the relations: a cut point's memory is then
/// any memory, an over-approximation.)
fn proc_uses_memory(layout: &logic::mem::Layout, p: &Proc) -> bool {
    let scope = Some(p.name.clone());
    let in_mem = |v: &str| layout.in_memory(&scope, v) || layout.in_memory(&None, v);
    p.formals.iter().chain(&p.locals).any(|v| layout.in_memory(&scope, &v.name))
        || p.body.iter().any(|s| stmt_uses_memory(s, &in_mem))
}

/// Whether `e` reads memory: through `*`, a field or an index, or a variable that lives in
/// memory (`in_mem`); `&x` takes an address only.
fn expr_uses_memory(e: &Expr, in_mem: &dyn Fn(&str) -> bool) -> bool {
    match e {
        Expr::Lval(l) => lval_uses_memory(l, in_mem),
        Expr::AddrOf(l) => !matches!(l, Lval::Var(_)),
        Expr::Unary(_, a) | Expr::Cast(_, a) => expr_uses_memory(a, in_mem),
        Expr::Binary(_, a, b) => expr_uses_memory(a, in_mem) || expr_uses_memory(b, in_mem),
        Expr::Float(_, _, xs) => xs.iter().any(|x| expr_uses_memory(x, in_mem)),
        Expr::Int(_) | Expr::Bool(_) | Expr::FuncAddr(_) | Expr::Nondet(_) => false,
    }
}

fn lval_uses_memory(l: &Lval, in_mem: &dyn Fn(&str) -> bool) -> bool {
    match l {
        Lval::Var(v) => in_mem(v),
        Lval::Deref(_) | Lval::Field(..) | Lval::Index(..) => true,
    }
}

fn stmt_uses_memory(s: &Stmt, in_mem: &dyn Fn(&str) -> bool) -> bool {
    match &s.kind {
        StmtKind::Assign(l, e) => lval_uses_memory(l, in_mem) || expr_uses_memory(e, in_mem),
        StmtKind::Call { ret, args, .. } => {
            ret.as_ref().is_some_and(|l| lval_uses_memory(l, in_mem))
                || args.iter().any(|a| expr_uses_memory(a, in_mem))
        }
        StmtKind::Return(Some(e)) | StmtKind::Assume(e) => expr_uses_memory(e, in_mem),
        _ => false,
    }
}

/// Loop heads: targets of back edges of a depth-first walk from the first statement.
fn loop_heads(p: &Proc) -> BTreeSet<usize> {
    let cfg = cminus::cfg::Cfg::build(p);
    let n = p.body.len();
    let mut heads = BTreeSet::new();
    if n == 0 {
        return heads;
    }
    // 0 new, 1 on the stack, 2 done
    let mut state = vec![0u8; n];
    let mut stack: Vec<(usize, Vec<usize>)> = Vec::new();
    let succ = |i: usize| -> Vec<usize> { cfg.succs(i).into_iter().flatten().collect() };
    state[0] = 1;
    stack.push((0, succ(0)));
    while let Some((i, rest)) = stack.last_mut() {
        let i = *i;
        match rest.pop() {
            Some(j) => match state[j] {
                0 => {
                    state[j] = 1;
                    let s = succ(j);
                    stack.push((j, s));
                }
                1 => {
                    heads.insert(j);
                }
                _ => {}
            },
            None => {
                state[i] = 2;
                stack.pop();
            }
        }
    }
    heads
}

/// One path being executed from a cut point.
#[derive(Clone)]
struct Path<'ctx> {
    st: State<'ctx>,
    conds: Vec<Formula<'ctx>>,
    body: Vec<Atom<'ctx>>,
    /// The procedure's entry values (globals, formals, memory) for the relations of a
    /// procedure other than the entry.
    pre: Vec<Arg<'ctx>>,
}

impl<'a, 'p, 'ctx> Enc<'a, 'p, 'ctx> {
    fn is_entry(&self, p: &str) -> bool {
        p == self.entry
    }

    fn mem_kind(&self) -> Kind {
        Kind::Mem { bytes: self.env.bytes() }
    }

    fn declare(&mut self, p: &Proc) {
        let scope = Some(p.name.clone());
        let reg = |v: &cminus::Var| v.ty.is_scalar() && !self.env.layout.in_memory(&scope, &v.name);
        let formals: Vec<String> = p.formals.iter().filter(|v| reg(v)).map(|v| v.name.clone()).collect();
        let vars: Vec<String> = p.formals.iter().chain(&p.locals).filter(|v| reg(v)).map(|v| v.name.clone()).collect();
        let ret = p.ret.is_scalar().then(|| p.ret.clone());
        let mut cuts = loop_heads(p);
        cuts.insert(0);
        for (i, s) in p.body.iter().enumerate() {
            if matches!(&s.kind, StmtKind::Call { callee, .. } if self.prog.proc(callee).is_some()) {
                cuts.insert(i);
            }
        }
        let g = self.globals.len();
        let m = usize::from(self.mem);
        let mk = self.mem_kind();
        let kinds = |ints: usize| -> Vec<Kind> {
            let mut k = vec![Kind::Int; ints];
            if m == 1 {
                k.push(mk);
            }
            k
        };
        let entry_kinds = kinds(g + formals.len());
        let mut rels = HashMap::new();
        for &c in &cuts {
            let mut k = Vec::new();
            if !self.is_entry(&p.name) {
                k.extend(entry_kinds.iter().copied());
            }
            k.extend(kinds(g + vars.len()));
            rels.insert(c, self.horn.relation(&format!("{}@{c}", p.name), &k));
        }
        let (entry, exit) = if self.is_entry(&p.name) {
            (None, None)
        } else {
            let e = self.horn.relation(&format!("entry_{}", p.name), &entry_kinds);
            let mut k = entry_kinds.clone();
            k.extend(kinds(g + usize::from(ret.is_some())));
            let x = self.horn.relation(&format!("exit_{}", p.name), &k);
            (Some(e), Some(x))
        };
        self.sigs.insert(p.name.clone(), ProcSig { formals, vars, ret, cuts, rels, entry, exit });
    }

    /// Names of the parameters of a cut point's relation in `p` (for showing invariants).
    fn param_names(&self, p: &Proc) -> Vec<String> {
        let sig = &self.sigs[&p.name];
        let c_name = |n: &str| -> String {
            p.formals
                .iter()
                .chain(&p.locals)
                .find(|v| v.name == n)
                .or_else(|| self.prog.globals.iter().find(|v| v.name == n))
                .map(|v| v.c_name.clone())
                .unwrap_or_else(|| n.to_string())
        };
        let mut out = Vec::new();
        let cur: Vec<String> = self
            .globals
            .iter()
            .map(|g| c_name(&g.0))
            .chain(sig.vars.iter().map(|v| c_name(v)))
            .chain(self.mem.then(|| "mem".to_string()))
            .collect();
        if !self.is_entry(&p.name) {
            out.extend(
                self.globals
                    .iter()
                    .map(|g| c_name(&g.0))
                    .chain(sig.formals.iter().map(|v| c_name(v)))
                    .chain(self.mem.then(|| "mem".to_string()))
                    .map(|n| format!("pre.{n}")),
            );
        }
        out.extend(cur);
        out
    }

    fn over_approx(&self) {
        self.over.set(self.over.get() + 1);
    }

    fn tag(&mut self, hint: &str) -> String {
        self.tags += 1;
        format!("{hint}{}.", self.tags)
    }

    /// Globals, then the named locals, then the memory, as read in `st`.
    fn read(&self, st: &State<'ctx>, locals: &[String], extra: Option<Term<'ctx>>) -> Vec<Arg<'ctx>> {
        let gv = st.global_view();
        let mut out: Vec<Arg> = self.globals.iter().map(|g| Arg::Int(gv.var(&self.env, &g.0))).collect();
        out.extend(locals.iter().map(|v| Arg::Int(st.var(&self.env, v))));
        if let Some(t) = extra {
            out.push(Arg::Int(t));
        }
        if self.mem {
            out.push(Arg::Mem(st.mem.clone()));
        }
        out
    }

    fn out_of_time(&self) -> bool {
        self.opts.time.is_some_and(|t| self.start.elapsed() >= t)
            || self.opts.cancel.as_ref().is_some_and(|c| c.load(Ordering::Relaxed))
    }

    fn add(&mut self, body: Vec<Atom<'ctx>>, conds: &[Formula<'ctx>], head: Option<Atom<'ctx>>) -> Result<(), Fail> {
        if self.horn.clauses().len() >= self.opts.max_clauses {
            return Err(unknown(format!("more than {} paths between cut points", self.opts.max_clauses)));
        }
        if self.horn.clauses().len() % 256 == 0 && self.out_of_time() {
            if self.opts.cancel.as_ref().is_some_and(|c| c.load(Ordering::Relaxed)) {
                return Err((StopReason::Unknown, "stopped while encoding: another engine answered first".into()));
            }
            return Err((StopReason::TimeLimit, "time limit while encoding".into()));
        }
        let refs: Vec<&Formula> = conds.iter().collect();
        let c = formula::and(self.env.ctx, &refs);
        self.horn.add(body, c, head);
        Ok(())
    }

    /// The entry's first cut point holds of the initial state: globals initialised, pointer
    /// parameters to fresh distinct objects (as the other engines start).
    fn initial(&mut self, entry: &Proc) -> Result<(), Fail> {
        let env = &self.env;
        let mut st = State::new(env, "init.", Some(&entry.name));
        st.init_globals(env);
        let mut conds = Vec::new();
        let mut k = 0;
        for f in &entry.formals {
            if let Type::Ptr(_) = &f.ty {
                let v = st.read(env, &Lval::var(&f.name)).map_err(|e| unknown(e.to_string()))?;
                conds.push(formula::eq(&v, &env.int(env.layout.map.fresh_base + k * env.layout.map.fresh_stride)));
                k += 1;
            }
        }
        let sig = &self.sigs[&entry.name];
        let head = (sig.rels[&0], self.read(&st, &sig.vars, None));
        self.add(Vec::new(), &conds, Some(head))
    }

    fn encode_proc(&mut self, p: &'p Proc) -> Result<(), Fail> {
        let cuts: Vec<usize> = self.sigs[&p.name].cuts.iter().copied().collect();
        if p.body.is_empty() {
            return Err(unknown(format!("`{}` has no statements", p.name)));
        }
        let entry = self.is_entry(&p.name);
        // entry_p implies the first cut point (locals other than formals unknown)
        if !entry {
            let tag = self.tag("in");
            let st = State::new(&self.env, &tag, Some(&p.name));
            let sig = &self.sigs[&p.name];
            let pre = self.read(&st, &sig.formals, None);
            let cur = self.read(&st, &sig.vars, None);
            let (e, r0) = (sig.entry.expect("non-entry"), sig.rels[&0]);
            let mut args = pre.clone();
            args.extend(cur);
            self.add(vec![(e, pre)], &[], Some((r0, args)))?;
        }
        for c in cuts {
            let tag = self.tag("c");
            let ptag = self.tag("pre");
            let st = State::new(&self.env, &tag, Some(&p.name));
            let sig = &self.sigs[&p.name];
            let pre: Vec<Arg> = if entry {
                Vec::new()
            } else {
                let pst = State::new(&self.env, &ptag, Some(&p.name));
                self.read(&pst, &sig.formals, None)
            };
            let mut args = pre.clone();
            args.extend(self.read(&st, &sig.vars, None));
            let r = sig.rels[&c];
            let path = Path { st, conds: Vec::new(), body: vec![(r, args)], pre };
            self.walk(p, c, true, path)?;
        }
        Ok(())
    }

    /// Execute `p` from statement `i` along every path to the next cut points.
    fn walk(&mut self, p: &'p Proc, i: usize, first: bool, mut path: Path<'ctx>) -> Result<(), Fail> {
        let n = p.body.len();
        if i >= n {
            return self.returns(p, path, None);
        }
        if !first && self.sigs[&p.name].cuts.contains(&i) {
            let r = self.sigs[&p.name].rels[&i];
            let mut args = path.pre.clone();
            args.extend(self.read(&path.st, &self.sigs[&p.name].vars, None));
            return self.add(path.body, &path.conds, Some((r, args)));
        }
        let s = &p.body[i];
        let env = &self.env;
        match &s.kind {
            StmtKind::Assign(l, e) => {
                if path.st.assign(env, l, e).is_err() {
                    self.havoc(&mut path.st, l);
                }
            }
            StmtKind::Assume(e) => match path.st.cond(env, e) {
                Ok(c) => path.conds.push(c),
                Err(_) => self.over_approx(),
            },
            StmtKind::Skip => {}
            StmtKind::Goto(ls) => {
                let targets: Vec<usize> = ls.iter().filter_map(|l| p.label_index(l)).collect();
                if targets.len() != ls.len() {
                    return Err(unknown(format!("a `goto` in `{}` to a label it does not have", p.name)));
                }
                for t in targets {
                    self.walk(p, t, false, path.clone())?;
                }
                return Ok(());
            }
            StmtKind::Error(_) => return self.add(path.body, &path.conds, None),
            StmtKind::Halt => return Ok(()),
            StmtKind::Return(e) => {
                let v = match e {
                    Some(e) => match path.st.int(env, e) {
                        Ok(v) => Some(v),
                        Err(_) => {
                            self.over_approx();
                            Some(env.fresh_int("ret"))
                        }
                    },
                    None => None,
                };
                return self.returns(p, path, v);
            }
            StmtKind::Call { ret, callee, args } => match self.prog.proc(callee) {
                Some(q) => {
                    debug_assert!(first, "a call of a defined procedure is a cut point");
                    self.call(q, ret.as_ref(), args, &mut path)?;
                }
                None => self.external(&mut path, callee, ret.as_ref()),
            },
        }
        self.walk(p, i + 1, false, path)
    }

    /// The end of `p` (a `return`, or falling off its end) with the returned value `v`.
    fn returns(&mut self, p: &Proc, path: Path<'ctx>, v: Option<Term<'ctx>>) -> Result<(), Fail> {
        if self.is_entry(&p.name) {
            return Ok(());
        }
        let sig = &self.sigs[&p.name];
        let x = sig.exit.expect("non-entry");
        let v = match (&sig.ret, v) {
            (Some(t), Some(v)) => Some(logic::sym::norm(&self.env, v, t)),
            (Some(t), None) => Some(self.env.fresh_of("noret", Some(t))),
            (None, _) => None,
        };
        let mut args = path.pre.clone();
        args.extend(self.read(&path.st, &[], v));
        self.add(path.body, &path.conds, Some((x, args)))
    }

    /// A call of a defined procedure `q` at the start of a segment: its cut point implies
    /// `entry_q` of the arguments; the path goes on with `exit_q` in its body.
    fn call(&mut self, q: &Proc, ret: Option<&Lval>, args: &[Expr], path: &mut Path<'ctx>) -> Result<(), Fail> {
        let tag = self.tag("callee");
        let env = &self.env;
        let mut cs = path.st.enter(&q.name, 0, &tag);
        for (f, a) in q.formals.iter().zip(args) {
            let v = match path.st.int(env, a) {
                Ok(v) => v,
                Err(_) => {
                    self.over_approx();
                    env.fresh_int("arg")
                }
            };
            if cs.assign_value(env, &Lval::var(&f.name), v).is_err() {
                self.over_approx();
                self.havoc(&mut cs, &Lval::var(&f.name));
            }
        }
        let sig = &self.sigs[&q.name];
        let (e, x, ret_ty) =
            (sig.entry.expect("non-entry callee"), sig.exit.expect("non-entry callee"), sig.ret.clone());
        let input = self.read(&cs, &sig.formals, None);
        self.add(path.body.clone(), &path.conds, Some((e, input.clone())))?;
        // the callee's results: fresh globals, result and memory
        let env = &self.env;
        for (g, t) in &self.globals {
            cs.set_global(env, g, env.fresh_of("g_out", Some(t)));
        }
        let r = ret_ty.as_ref().map(|t| env.fresh_of("r_out", Some(t)));
        cs.set_mem(env.fresh_mem("m_out"));
        let mut exit_args = input;
        exit_args.extend(self.read(&cs, &[], r.clone()));
        path.body.push((x, exit_args));
        let mut back = cs.leave(&path.st);
        if let Some(l) = ret {
            match r {
                Some(v) if back.assign_value(env, l, v.clone()).is_ok() => {}
                _ => {
                    self.over_approx();
                    self.havoc(&mut back, l);
                }
            }
        }
        path.st = back;
        Ok(())
    }

    /// An external function, as c2bp and Newton model it: an allocator returns a fresh object
    /// (or NULL when it may fail) and moves the watermark, anything else an unknown result;
    /// memory is left alone (the front end made writes through pointers explicit).
    fn external(&mut self, path: &mut Path<'ctx>, callee: &str, ret: Option<&Lval>) {
        let env = &self.env;
        if let Some(a) = cminus::pointsto::extern_allocation(self.prog, callee) {
            let r = env.fresh_of("alloc", Some(&Type::Ptr(Box::new(Type::Void))));
            path.conds.push(path.st.alloc_guarantee(env, &r, a.may_fail));
            path.st.advance_alloc_top(env, &r);
            if let Some(l) = ret {
                if path.st.assign_value(env, l, r).is_err() {
                    self.over_approx();
                    self.havoc(&mut path.st, l);
                }
            }
            return;
        }
        if let Some(l) = ret {
            self.havoc(&mut path.st, l);
        }
    }

    /// An unknown value in `l` (an unknown memory when `l` cannot be written).
    fn havoc(&self, st: &mut State<'ctx>, l: &Lval) {
        let env = &self.env;
        let ok = match st.type_of_lval(env, l) {
            Ok(t) if t.is_scalar() => st.assign_value(env, l, env.fresh_of("havoc", Some(&t))).is_ok(),
            Ok(t) => st.assign(env, l, &Expr::Nondet(t)).is_ok(),
            Err(_) => false,
        };
        if !ok {
            self.over_approx();
            st.set_mem(env.fresh_mem("havoc_mem"));
        }
    }
}

#[cfg(test)]
mod tests;
