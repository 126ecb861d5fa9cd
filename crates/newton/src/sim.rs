//! Path simulation: a symbolic store per call frame, path conditions from every `assume`,
//! feasibility by Z3, and predicates from a minimal unsat core carried back along the path.

use crate::accel::{self, Segment};
use crate::{CexStep, Counterexample, Options, PathStep, Predicate, Stats, Undecided, Value, Verdict};
use cminus::{Expr, Lval, Program, Stmt, StmtKind, Type};
use logic::formula::{self, Formula};
use logic::Term;
use logic::{Env, Prover, State};
use std::collections::{BTreeSet, HashMap};
use std::ops::ControlFlow;
use std::time::Instant;

// Entry pointer parameters point to fresh objects (as in the interpreter), objects from
// allocators (malloc, fopen…) are one per call on the path: both where the memory layout's
// address map puts them (`logic::mem::AddressMap`), far apart and from every variable.
/// Cells (typed memory) of an allocated object whose initial contents a counterexample
/// records; in byte memory, bytes ([`OBJECT_BYTES`]).
const ALLOC_CELLS: i64 = 64;
/// Bytes of an entry-parameter object or an allocated object whose initial contents a
/// counterexample records, in byte memory.
const OBJECT_BYTES: i64 = 256;
/// The first element of the object an entry pointer parameter points to is recorded up to
/// this many bytes (byte memory) or cells (typed memory): a struct such as a thread pool's
/// holds mutexes and condition variables of 40-odd cells each before the fields a path reads.
const PARAM_LIMIT: i64 = 4096;

/// The first `n` cells (typed memory) or bytes (byte memory) of the object at `base` in the
/// initial memory, by offset: what a counterexample records of an object's contents.
fn initial_contents<'ctx>(env: &Env<'_, 'ctx>, mem: &logic::Memory<'ctx>, base: i64, n: i64) -> Vec<(i64, Term<'ctx>)> {
    (0..n)
        .map(|k| {
            let a = env.int(base + k);
            let t = if env.bytes() { env.load_bytes(mem, &a, 1).zero_ext(56) } else { env.select(mem, &a) };
            (k, t)
        })
        .collect()
}

/// An `assume` on the path: its formula, and where it came from.
struct Cond<'ctx> {
    step: usize,
    formula: Formula<'ctx>,
    expr: Expr,
}

struct Frame<'ctx> {
    proc: String,
    state: State<'ctx>,
    /// The caller's frame index and the call step, and where the result goes.
    caller: Option<(usize, usize, Option<Lval>)>,
    /// The state right after entry (formals bound), for uninitialised locals.
    entry: State<'ctx>,
}

/// What the simulation records per step, for the counterexample.
#[derive(Default)]
struct Record<'ctx> {
    reads: Vec<(String, Term<'ctx>)>,
    writes: Vec<(String, Term<'ctx>)>,
    nondets: Vec<Term<'ctx>>,
}

struct Sim<'p, 'ctx> {
    prog: &'p Program,
    env: Env<'p, 'ctx>,
    index: HashMap<cminus::StmtId, (usize, usize)>,
    frames: Vec<Frame<'ctx>>,
    /// Frame index (into `all_frames`) of every path step.
    frame_of: Vec<usize>,
    /// Every frame that ran: procedure, call step in the parent (None for the entry), parent
    /// frame, and the step of its `return` (if it returned).
    all_frames: Vec<FrameInfo>,
    conds: Vec<Cond<'ctx>>,
    axioms: Vec<Formula<'ctx>>,
    /// The first `init_facts` axioms are the globals' initial bytes (`Env::peel_stores`).
    init_facts: usize,
    records: Vec<Record<'ctx>>,
    entry_params: Vec<(String, Term<'ctx>)>,
    init_nondets: Vec<Term<'ctx>>,
    /// (procedure, variable, frame number) → initial value term.
    uninit: Vec<(String, String, usize, Term<'ctx>)>,
    /// Initial memory cells of the objects entry pointer parameters point to.
    param_cells: Vec<(usize, i64, Term<'ctx>)>,
    /// Pointers converted to integers along the path, with the integers, in path order.
    addresses: Vec<(Term<'ctx>, Term<'ctx>)>,
    /// Initial memory cells of the objects of allocations: (allocation index, cell, value).
    alloc_cells: Vec<(usize, i64, Term<'ctx>)>,
    /// The objects the entry's caller built ([`outside_objects`]): per pointer to one, "it is
    /// that object" and "it is NULL or that object" (for the model a counterexample is taken
    /// from, never for a proof), and their initial cells as (allocation slot, cell, value).
    outside: Vec<(Formula<'ctx>, Formula<'ctx>)>,
    outside_cells: Vec<(usize, i64, Term<'ctx>)>,
    /// The memory at the entry (before the globals' initialisers): objects' initial cells.
    init_mem: logic::Memory<'ctx>,
    /// Indices into `all_frames` of the frames on the stack.
    frame_ids: Vec<usize>,
    /// The caller's state at each call of a defined procedure, by path step.
    call_states: HashMap<usize, State<'ctx>>,
    /// Calls and allocations so far (frame numbers, object addresses).
    calls: u64,
    allocs: i64,
    /// "The allocation succeeds" of each fallible allocation on the path, in path order (the
    /// condition of its `ite(ok, address, NULL)`), with the number of conditions before it:
    /// see [`fix_allocations`].
    alloc_ok: Vec<(Formula<'ctx>, usize)>,
    /// The segments to accelerate ([`crate::accel`]), the state at the start of the current
    /// one, and the segments accelerated with their extra trips `j`.
    plan: Vec<Segment>,
    snapshot: Option<State<'ctx>>,
    accelerated: Vec<(Segment, Term<'ctx>)>,
}

#[derive(Clone)]
struct FrameInfo {
    proc: String,
    call_step: Option<usize>,
    parent: Option<usize>,
    return_step: Option<usize>,
    /// Actuals of the call, by formal name (for carrying predicates across the entry).
    actuals: Vec<(String, Expr)>,
}

fn stmt<'a>(
    prog: &'a Program,
    index: &HashMap<cminus::StmtId, (usize, usize)>,
    id: cminus::StmtId,
) -> Option<(&'a cminus::Proc, &'a Stmt)> {
    let &(p, s) = index.get(&id)?;
    Some((&prog.procs[p], &prog.procs[p].body[s]))
}

/// Decide whether `path` (a C-- path from the entry to an error statement) is feasible.
pub fn check_path(prog: &Program, path: &[PathStep], known: &[Predicate], opts: &Options) -> (Verdict, Stats) {
    let t0 = Instant::now();
    let ctx = logic::new_context();
    let mut prover =
        Prover::new(&ctx, opts.query_timeout).with_cancel(opts.cancel.clone()).prefer_general().with_second_opinion();
    let mut stats = Stats { path_length: path.len(), ..Stats::default() };
    let verdict = match simulate(prog, path, &ctx) {
        Err(why) => Verdict::Unknown(why),
        Ok(sim) => decide(&sim, path, known, &mut prover),
    };
    stats.prover = prover.stats.clone();
    stats.time_secs = t0.elapsed().as_secs_f64();
    (verdict, stats)
}

/// Inputs that drive the program along `path` (a path from the entry that need not end at
/// an error): `Ok(Some(_))` with the model's values (replayable with [`replay`]), `Ok(None)`
/// when no input does, `Err` when the prover or the logic cannot tell. The under-approximation
/// search asks this for each branch it has not taken yet.
pub fn solve_path(prog: &Program, path: &[PathStep], opts: &Options) -> Result<Option<Counterexample>, Undecided> {
    let ctx = logic::new_context();
    let mut prover =
        Prover::new(&ctx, opts.query_timeout).with_cancel(opts.cancel.clone()).prefer_general().with_second_opinion();
    let sim = simulate(prog, path, &ctx)?;
    let mut pf = path_formulas(&sim);
    let sat = pf.saturate(&mut prover, &[]);
    // Bound to a name so that the prover's borrows end before `ctx` is dropped.
    #[allow(clippy::let_and_return)]
    let answer = match sat {
        Some(true) => match model_formulas(&sim, &mut pf, &mut prover) {
            (_, false) => Err(Undecided::other(ALIASED_OUTSIDE)),
            (conds, true) => counterexample(&sim, path, &conds, &mut prover)
                .map(Some)
                .ok_or_else(|| Undecided::other("no model for a satisfiable path")),
        },
        Some(false) => Ok(None),
        None => Err(Undecided::other("the prover could not decide the path's feasibility")),
    };
    answer
}

fn simulate<'p, 'ctx>(
    prog: &'p Program,
    path: &[PathStep],
    ctx: &'ctx logic::Context,
) -> Result<Sim<'p, 'ctx>, Undecided> {
    simulate_with(prog, path, ctx, Vec::new())
}

/// [`simulate`], with the segments of `plan` accelerated ([`crate::accel`]).
fn simulate_with<'p, 'ctx>(
    prog: &'p Program,
    path: &[PathStep],
    ctx: &'ctx logic::Context,
    plan: Vec<Segment>,
) -> Result<Sim<'p, 'ctx>, Undecided> {
    let mut sim = start(prog, ctx)?;
    sim.plan = plan;
    for (i, step) in path.iter().enumerate() {
        if sim.plan.iter().any(|g| g.start == i) {
            sim.snapshot = sim.frames.last().map(|f| f.state.clone());
        }
        let (proc, s) = stmt(prog, &sim.index, step.stmt)
            .ok_or_else(|| Undecided::other(format!("unknown statement {}", step.stmt)))?;
        if step.depth + 1 != sim.frames.len() || sim.frames.last().map(|f| f.proc.as_str()) != Some(proc.name.as_str())
        {
            return Err(Undecided::other(format!(
                "path step {i} ({}) does not follow the calls and returns",
                step.stmt
            )));
        }
        let fid = *sim.frame_ids.last().expect("a frame");
        sim.frame_of.push(fid);
        let top = sim.frames.len() - 1;
        let mut rec = Record { reads: reads(&sim.env, &sim.frames[top].state, &s.kind), ..Record::default() };
        let next = path.get(i + 1);
        match &s.kind {
            StmtKind::Assign(l, e) => {
                let env = &sim.env;
                sim.frames[top].state.assign(env, l, e)?;
                if let Ok(v) = sim.frames[top].state.read(env, l) {
                    rec.writes.push((cminus::print_lval(l), v));
                }
            }
            StmtKind::Assume(e) => {
                let f = sim.frames[top].state.cond(&sim.env, e)?;
                sim.conds.push(Cond { step: i, formula: f, expr: e.clone() });
            }
            StmtKind::Goto(labels) => {
                if let Some(n) = next {
                    let ok = stmt(prog, &sim.index, n.stmt)
                        .is_some_and(|(p2, s2)| p2.name == proc.name && s2.labels.iter().any(|l| labels.contains(l)));
                    if !ok {
                        return Err(Undecided::other(format!(
                            "path step {} is not a target of the goto at step {i}",
                            i + 1
                        )));
                    }
                }
            }
            StmtKind::Skip => {}
            StmtKind::Error(_) => {
                if i + 1 != path.len() {
                    return Err(Undecided::other("the path goes on after an error statement"));
                }
            }
            StmtKind::Halt => return Err(Undecided::other("the path goes on after a halt")),
            StmtKind::Return(e) => leave(&mut sim, &mut rec, i, fid, e.as_ref())?,
            StmtKind::Call { ret, callee, args } => match prog.proc(callee) {
                Some(q) => {
                    if next.map(|n| n.depth) != Some(step.depth + 1) {
                        return Err(Undecided::other(format!("the path does not enter {callee} at step {i}")));
                    }
                    enter(&mut sim, q, args, ret, i, fid)?;
                }
                None => external_call(&mut sim, &mut rec, callee, args, ret.as_ref())?,
            },
        }
        rec.nondets = sim.env.take_fresh();
        sim.records.push(rec);
        if let Some(&g) = sim.plan.iter().find(|g| g.end == i + 1) {
            if let Some(s0) = sim.snapshot.take() {
                accelerate(&mut sim, path, g, s0)?;
            }
        }
    }
    sim.addresses = sim.env.take_addresses();
    // Uninitialised locals of the entry frame.
    let entry = prog.proc(&prog.entry).expect("checked by start");
    let entry_state = sim.frames.first().map(|f| f.entry.clone());
    if let Some(es) = entry_state {
        for l in &entry.locals {
            if let Ok(v) = es.read(&sim.env, &Lval::var(&l.name)) {
                sim.uninit.push((entry.name.clone(), l.name.clone(), 0, v));
            }
        }
    }
    Ok(sim)
}

/// The most extra trips of one accelerated segment: a run needs them all, and a compiled
/// run does about 10^9 simple trips in its time limit.
const MAX_EXTRA_TRIPS: u64 = 1 << 36;

/// After the first trip of segment `g` (state `s0` at its start, the current state after it):
/// when every variable it assigns steps by a constant (or is written before it is read), the
/// state after `1 + j` trips, `j` fresh, with the segment's conditions on the last trip too
/// ([`crate::accel`]). A segment that does not count is left as one trip.
fn accelerate<'ctx>(sim: &mut Sim<'_, 'ctx>, path: &[PathStep], g: Segment, s0: State<'ctx>) -> Result<(), Undecided> {
    let prog = sim.prog;
    let top = sim.frames.len() - 1;
    let s1 = sim.frames[top].state.clone();
    if s1.mem != s0.mem {
        return Ok(());
    }
    let proc = prog.proc(&sim.frames[top].proc);
    let env = &sim.env;
    // (variable, its value at the start, its step as a 64-bit number, the type's width)
    let mut steps: Vec<(String, Term<'ctx>, i64, u32)> = Vec::new();
    for v in accel::assigned(prog, path, g) {
        let l = Lval::var(&v);
        let Some(Type::Int { bits, .. }) = prog.type_of_lval(proc, &l) else {
            if accel::written_first(prog, path, g, &v) {
                continue;
            }
            return Ok(());
        };
        let w = u32::from(bits).min(64);
        let (t0, t1) = (s0.read(env, &l)?, s1.read(env, &l)?);
        let mask = if w == 64 { -1i64 } else { ((1u64 << w) - 1) as i64 };
        let d = t1.bvsub(&t0).bvand(&env.int(mask));
        match logic::sym::numeral(&d) {
            Some(c) => {
                // the step as a signed number of the type's width
                let c = c as u64 & mask as u64;
                let c = if w < 64 && c >> (w - 1) == 1 { c as i64 - (1i64 << w) } else { c as i64 };
                steps.push((v, t0, c, w));
            }
            None if accel::written_first(prog, path, g, &v) => {}
            None => return Ok(()),
        }
    }
    if steps.iter().all(|(_, _, c, _)| *c == 0) {
        return Ok(());
    }
    let j = env.fresh_int("accel");
    env.take_fresh();
    // the counters' total step stays within their type's range (no wrap-around between the
    // first trip and the last, where the conditions are checked)
    let mut bound = MAX_EXTRA_TRIPS;
    for (_, _, c, w) in &steps {
        if *c != 0 {
            let range: u128 = (1u128 << w) - 1;
            bound = bound.min((range / c.unsigned_abs() as u128).min(u64::MAX as u128) as u64);
        }
    }
    sim.axioms.push(j.bvule(&env.int(bound as i64)));
    // the state at the start of the last trip, then the last trip
    let mut st = s0;
    for (v, t0, c, _) in &steps {
        st.set_var(env, v, t0.bvadd(&j.bvmul(&env.int(*c))));
    }
    for (k, p) in path[g.start..g.end].iter().enumerate() {
        let Some((pi, si)) = prog.stmt(p.stmt) else { return Ok(()) };
        match &prog.procs[pi].body[si].kind {
            StmtKind::Assign(l, e) => st.assign(env, l, e)?,
            StmtKind::Assume(e) => {
                let f = st.cond(env, e)?;
                sim.conds.push(Cond { step: g.start + k, formula: f, expr: e.clone() });
            }
            _ => {}
        }
    }
    env.take_fresh();
    sim.frames[top].state = st;
    sim.accelerated.push((g, j));
    Ok(())
}

/// A path with its loop trips accelerated ([`crate::accel`]): `Ok(Some(_))` when the
/// accelerated path is feasible, with the model's values and the number of extra trips of
/// each accelerated segment. The counterexample's steps end where the first accelerated
/// segment starts (the interpreter goes on alone from there: its branches are the ones the
/// state takes) and the oracle's steps after a segment are those of the run with every trip;
/// the counterexample is a candidate until a run reaches the error.
pub fn check_accelerated(
    prog: &Program,
    path: &[PathStep],
    opts: &Options,
) -> Result<Option<accel::Accelerated>, Undecided> {
    let plan = accel::segments(prog, path);
    if plan.is_empty() {
        return Ok(None);
    }
    let ctx = logic::new_context();
    let mut prover =
        Prover::new(&ctx, opts.query_timeout).with_cancel(opts.cancel.clone()).prefer_general().with_second_opinion();
    let sim = simulate_with(prog, path, &ctx, plan)?;
    if sim.accelerated.is_empty() {
        return Ok(None);
    }
    let mut pf = path_formulas(&sim);
    #[allow(clippy::let_and_return)]
    let answer = match pf.saturate(&mut prover, &[]) {
        Some(true) => {
            let all = &pf.all;
            let mut terms = model_terms(&sim);
            let n = terms.len();
            terms.extend(sim.accelerated.iter().map(|(_, j)| j.clone()));
            let Some(vals) = prover.model_values(all, &terms) else {
                return Err(Undecided::other("no model for a satisfiable accelerated path"));
            };
            let trips: Vec<(Segment, u64)> =
                sim.accelerated.iter().zip(&vals[n..]).map(|((g, _), v)| (*g, *v as u64)).collect();
            let mut it = vals[..n].iter().copied();
            let Some(mut cex) = counterexample_from(&sim, path, &mut it) else {
                return Err(Undecided::other("no model for a satisfiable accelerated path"));
            };
            let shift = |s: usize| -> usize {
                trips
                    .iter()
                    .filter(|(g, _)| g.end <= s)
                    .fold(s, |acc, (g, j)| acc.saturating_add((*j as usize).saturating_mul(g.len())))
            };
            for e in &mut cex.oracle {
                if e.0 < usize::MAX - 1 {
                    e.0 = shift(e.0);
                }
            }
            if let Some((g, _)) = trips.first() {
                cex.steps.truncate(g.start);
            }
            Ok(Some((cex, trips)))
        }
        Some(false) => Ok(None),
        None => Err(Undecided::other("the prover could not decide the accelerated path")),
    };
    answer
}

/// The state at the entry: globals initialised (`logic::INIT_ITEMS`; memory unknown
/// elsewhere), pointer parameters pointing to fresh objects whose cells come from the initial
/// memory.
fn start<'p, 'ctx>(prog: &'p Program, ctx: &'ctx logic::Context) -> Result<Sim<'p, 'ctx>, Undecided> {
    let env = Env::new(ctx, prog);
    let index = prog.stmt_index();
    let entry = prog.proc(&prog.entry).ok_or_else(|| Undecided::other("no entry procedure"))?;
    let mut st = State::new(&env, "v.", Some(&entry.name));
    let init_mem = st.mem.clone();
    st.init_globals(&env);
    let init_nondets = env.take_fresh();
    let mut axioms = Vec::new();
    // The globals' initial values as facts about the initial memory, not stores over it.
    if let Some(facts) = env.peel_stores(&st.mem, &init_mem) {
        st.set_mem(init_mem.clone());
        axioms.extend(facts);
    }
    let init_facts = axioms.len();
    let mut entry_params = Vec::new();
    let mut fresh_ptrs = 0;
    let mut param_cells = Vec::new();
    for (i, f) in entry.formals.iter().enumerate() {
        let v = st.read(&env, &Lval::var(&f.name))?;
        if let Type::Ptr(pointee) = &f.ty {
            let map = env.layout.map;
            let base = map.fresh_base + fresh_ptrs * map.fresh_stride;
            axioms.push(formula::eq(&v, &env.int(base)));
            // the path's terms carry the address itself, so that a read through the
            // parameter is seen apart from writes elsewhere when the terms are built
            // (`Env::load_bytes`); `v` stays the input the model answers for
            let _ = st.write(&env, &Lval::var(&f.name), env.int(base));
            fresh_ptrs += 1;
            let n = if env.bytes() {
                (env.layout.size(prog, pointee) as i64).min(PARAM_LIMIT)
            } else {
                (logic::mem::cells(prog, pointee) as i64).min(PARAM_LIMIT)
            };
            // a pointer to a scalar is to an array as often as not (`const char *str`, which
            // `strlen` reads on): its first elements, as far as the replay reads from the model
            // (`Answers::object_bytes`) and the interpreter's object reaches
            let n = if pointee.is_scalar() {
                let items = cminus::interp::PARAM_ITEMS as i64;
                if env.bytes() {
                    (n * items).min(OBJECT_BYTES)
                } else {
                    (n * items).min(ALLOC_CELLS)
                }
            } else {
                n
            };
            param_cells.extend(initial_contents(&env, &init_mem, base, n).into_iter().map(|(k, t)| (i, k, t)));
        }
        entry_params.push((f.c_name.clone(), v));
    }
    let mut outside = Vec::new();
    let mut outside_cells = Vec::new();
    let mask = env.int(cminus::layout::MALLOC_ALIGN as i64 - 1);
    for o in outside_objects(prog, &env.layout) {
        let p = env.load(&init_mem, &env.int(o.holder + o.off), &Type::Ptr(Box::new(o.pointee.clone())));
        let (null, it) = (formula::eq(&p, &env.int(0)), formula::eq(&p, &env.int(o.base)));
        let aligned = formula::eq(&env.address_int(&env.int(o.base)).bvand(&mask), &env.int(0));
        outside.push((
            formula::and(ctx, &[&it, &aligned]),
            formula::and(ctx, &[&formula::or(ctx, &[&null, &it]), &aligned]),
        ));
        outside_cells
            .extend(initial_contents(&env, &init_mem, o.base, o.recorded).into_iter().map(|(k, t)| (o.slot, k, t)));
    }
    Ok(Sim {
        prog,
        env,
        index,
        frames: vec![Frame { proc: entry.name.clone(), state: st.clone(), caller: None, entry: st }],
        frame_ids: vec![0],
        frame_of: Vec::new(),
        all_frames: vec![FrameInfo {
            proc: entry.name.clone(),
            call_step: None,
            parent: None,
            return_step: None,
            actuals: Vec::new(),
        }],
        conds: Vec::new(),
        axioms,
        init_facts,
        records: Vec::new(),
        entry_params,
        init_nondets,
        uninit: Vec::new(),
        param_cells,
        addresses: Vec::new(),
        alloc_cells: Vec::new(),
        outside,
        outside_cells,
        init_mem,
        call_states: HashMap::new(),
        calls: 0,
        allocs: 0,
        alloc_ok: Vec::new(),
        plan: Vec::new(),
        snapshot: None,
        accelerated: Vec::new(),
    })
}

/// The scalar values a statement reads, before it runs (for the trace).
fn reads<'ctx>(env: &Env<'_, 'ctx>, st: &State<'ctx>, kind: &StmtKind) -> Vec<(String, Term<'ctx>)> {
    let mut lvs: Vec<Lval> = Vec::new();
    let mut add = |e: &Expr| e.visit_lvals(&mut |l| lvs.push(l.clone()));
    match kind {
        StmtKind::Assign(_, e) | StmtKind::Assume(e) | StmtKind::Return(Some(e)) => add(e),
        StmtKind::Call { args, .. } => args.iter().for_each(&mut add),
        _ => {}
    }
    let mut out: Vec<(String, Term<'ctx>)> = Vec::new();
    for l in lvs {
        if st.type_of_lval(env, &l).is_ok_and(|t| t.is_scalar()) {
            if let Ok(v) = st.read(env, &l) {
                let name = cminus::print_lval(&l);
                if !out.iter().any(|(n, _)| *n == name) {
                    out.push((name, v));
                }
            }
        }
    }
    out
}

/// `return e` at step `i` of frame `fid`: back to the caller's state, the result written.
fn leave<'ctx>(
    sim: &mut Sim<'_, 'ctx>,
    rec: &mut Record<'ctx>,
    i: usize,
    fid: usize,
    e: Option<&Expr>,
) -> Result<(), Undecided> {
    let env = &sim.env;
    let top = sim.frames.len() - 1;
    let v = match e {
        Some(e) => Some(sim.frames[top].state.int(env, e)?),
        None => None,
    };
    let fr = sim.frames.pop().expect("a frame");
    sim.all_frames[fid].return_step = Some(i);
    sim.frame_ids.pop();
    let Some((caller_ix, _, ret_lval)) = fr.caller else {
        return Err(Undecided::other("the entry procedure returns before the error"));
    };
    let mut back = fr.state.leave(&sim.frames[caller_ix].state);
    if let (Some(l), Some(v)) = (ret_lval, v) {
        back.assign_value(env, &l, v.clone())?;
        if back.type_of_lval(env, &l).is_ok_and(|t| t.is_scalar()) {
            rec.writes.push((cminus::print_lval(&l), v));
        }
    }
    sim.frames[caller_ix].state = back;
    Ok(())
}

/// A call of a defined procedure at step `i` of frame `fid`: a new frame, formals bound to
/// the actuals' values.
fn enter(
    sim: &mut Sim<'_, '_>,
    q: &cminus::Proc,
    args: &[Expr],
    ret: &Option<Lval>,
    i: usize,
    fid: usize,
) -> Result<(), Undecided> {
    let env = &sim.env;
    let top = sim.frames.len() - 1;
    let caller_state = sim.frames[top].state.clone();
    sim.call_states.insert(i, caller_state.clone());
    sim.calls += 1;
    let calls = sim.calls;
    let mut st = caller_state.enter(&q.name, calls, "v.");
    let mut actuals = Vec::new();
    for (f, a) in q.formals.iter().zip(args) {
        let v = caller_state.int(env, a)?;
        st.assign_value(env, &Lval::var(&f.name), v)?;
        actuals.push((f.name.clone(), a.clone()));
    }
    for l in &q.locals {
        if let Ok(v) = st.read(env, &Lval::var(&l.name)) {
            sim.uninit.push((q.name.clone(), l.name.clone(), calls as usize, v));
        }
    }
    sim.all_frames.push(FrameInfo {
        proc: q.name.clone(),
        call_step: Some(i),
        parent: Some(fid),
        return_step: None,
        actuals,
    });
    sim.frame_ids.push(sim.all_frames.len() - 1);
    sim.frames.push(Frame { proc: q.name.clone(), state: st.clone(), caller: Some((top, i, ret.clone())), entry: st });
    Ok(())
}

/// A call of an external function: an unknown result (a fresh object for an allocator, NULL
/// or fresh for a fallible one), memory left alone.
fn external_call<'ctx>(
    sim: &mut Sim<'_, 'ctx>,
    rec: &mut Record<'ctx>,
    callee: &str,
    args: &[Expr],
    ret: Option<&Lval>,
) -> Result<(), Undecided> {
    let prog = sim.prog;
    let env = &sim.env;
    let top = sim.frames.len() - 1;
    let caller_state = sim.frames[top].state.clone();
    for a in args {
        let _ = caller_state.int(env, a);
    }
    // The object's cells hold what the initial memory holds there (nothing writes an object
    // before it exists); the replay reads them from there.
    let (init_mem, alloc_cells, allocs, axioms) =
        (&sim.init_mem, &mut sim.alloc_cells, &mut sim.allocs, &mut sim.axioms);
    let mut fresh_obj = || {
        *allocs += 1;
        let map = env.layout.map;
        let base = map.alloc_min + *allocs * map.alloc_stride;
        // glibc aligns what it allocates (in typed memory the address's integer is unknown)
        let mask = env.int(cminus::layout::MALLOC_ALIGN as i64 - 1);
        axioms.push(formula::eq(&env.address_int(&env.int(base)).bvand(&mask), &env.int(0)));
        let n = if env.bytes() { OBJECT_BYTES } else { ALLOC_CELLS };
        let k = *allocs as usize - 1;
        alloc_cells.extend(initial_contents(env, init_mem, base, n).into_iter().map(|(off, t)| (k, off, t)));
        env.int(base)
    };
    let mut ok_choice = None;
    let v = if let Some(a) = cminus::pointsto::extern_allocation(prog, callee) {
        if a.may_fail {
            // The interpreter's `Ask::AllocFails`: non-zero is NULL.
            let c = env.fresh_of("ext", Some(&Type::INT));
            let obj = fresh_obj();
            let ok = formula::eq(&c, &env.int(0));
            let v = formula::ite(&ok, &obj, &env.int(0));
            ok_choice = Some(ok);
            Some(v)
        } else {
            Some(fresh_obj())
        }
    } else {
        // The interpreter asks for a scalar result even when it is unused.
        prog.extern_fn(callee).filter(|e| e.ty.ret.is_scalar()).map(|e| env.fresh_of("ext", Some(&e.ty.ret)))
    };
    let before = sim.conds.len();
    sim.alloc_ok.extend(ok_choice.map(|ok| (ok, before)));
    if let (Some(l), Some(v)) = (ret, v) {
        let ty = caller_state.type_of_lval(env, l).unwrap_or(Type::INT);
        if ty.is_scalar() {
            sim.frames[top].state.write(env, l, v.clone())?;
            rec.writes.push((cminus::print_lval(l), v));
        }
    }
    if let Some(l) = ret {
        let ty = caller_state.type_of_lval(env, l).unwrap_or(Type::INT);
        if ty.is_aggregate() {
            // A struct returned by an unknown function: unknown contents.
            sim.frames[top].state.assign(env, l, &Expr::Nondet(ty))?;
        }
    }
    Ok(())
}

/// A path's formulas ([`path_formulas`]): the axioms, then one per condition. Of the
/// globals' initial bytes only those the path reads at constant addresses are among the
/// axioms at first; those it may read at other addresses are added when a model reads them
/// ([`PathFormulas::saturate`]), the rest never (`Env::split_facts`).
struct PathFormulas<'ctx> {
    all: Vec<Formula<'ctx>>,
    /// Per formula, the earlier ones a core that contains it must also contain.
    deps: Vec<Vec<usize>>,
    /// How many axioms lead `all`.
    nax: usize,
    /// Initial bytes not in `all` yet, with their addresses.
    pending: Vec<(u64, Formula<'ctx>)>,
    /// The path's reads of the initial memory at addresses that are not constants.
    reads: Vec<Term<'ctx>>,
    /// The globals' address ranges: a byte a model reads brings its whole object's.
    spans: Vec<(u64, u64)>,
}

/// Rounds of [`PathFormulas::saturate`] before every pending byte is added at once.
const SATURATE_ROUNDS: usize = 8;

impl<'ctx> PathFormulas<'ctx> {
    /// Adds `facts` as leading axioms.
    fn add(&mut self, facts: Vec<Formula<'ctx>>) {
        let m = facts.len();
        for d in &mut self.deps {
            d.iter_mut().for_each(|j| *j += m);
        }
        self.deps.splice(0..0, vec![Vec::new(); m]);
        self.all.splice(0..0, facts);
        self.nax += m;
    }

    /// Whether `all ∧ extra` is satisfiable, with the pending initial bytes that its models
    /// read added until a model reads none (it is then a model with every byte: each fixes a
    /// cell no formula reads). `None` when the prover cannot tell.
    fn saturate(&mut self, prover: &mut Prover<'ctx>, extra: &[Formula<'ctx>]) -> Option<bool> {
        for round in 0.. {
            let fs: Vec<Formula> = self.all.iter().chain(extra).cloned().collect();
            let refs: Vec<&Formula> = fs.iter().collect();
            let sat = prover.is_sat(&formula::and(prover.ctx, &refs))?;
            if !sat || self.pending.is_empty() {
                return Some(sat);
            }
            let take: Vec<(u64, u64)> = if round >= SATURATE_ROUNDS {
                vec![(0, u64::MAX)]
            } else {
                let vals = prover.model_values(&fs, &self.reads)?;
                vals.iter()
                    .map(|&v| {
                        let a = v as i64 as u64;
                        let k = self.spans.partition_point(|&(s, _)| s <= a);
                        match k.checked_sub(1).map(|k| self.spans[k]) {
                            Some((s, e)) if a < e => (s, e),
                            _ => (a, a.saturating_add(1)),
                        }
                    })
                    .collect()
            };
            let (add, keep): (Vec<_>, Vec<_>) = std::mem::take(&mut self.pending)
                .into_iter()
                .partition(|(a, _)| take.iter().any(|&(s, e)| s <= *a && *a < e));
            self.pending = keep;
            if add.is_empty() {
                return Some(true);
            }
            tracing::trace!(added = add.len(), pending = self.pending.len(), "initial bytes a model reads");
            self.add(add.into_iter().map(|(_, f)| f).collect());
        }
        unreachable!("the loop returns")
    }
}

/// The path's formulas ([`PathFormulas`]), with the outcomes of allocations the path decides
/// substituted ([`fix_allocations`]).
fn path_formulas<'ctx>(sim: &Sim<'_, 'ctx>) -> PathFormulas<'ctx> {
    let mut all: Vec<Formula> = sim.axioms.clone();
    let nax = all.len();
    all.extend(sim.conds.iter().map(|c| c.formula.clone()));
    let (all, deps) = fix_allocations(&sim.alloc_ok, &all, nax);
    let nf = sim.init_facts;
    let split = sim.env.split_facts(&sim.init_mem, &all[..nf], &all[nf..]);
    let mut kept = split.kept;
    let dropped = nf - kept.len();
    tracing::trace!(
        facts = nf,
        kept = kept.len(),
        lazy = split.reads.len(),
        "the globals' initial bytes the path can observe"
    );
    let (pending, spans) =
        if split.reads.is_empty() { (Vec::new(), Vec::new()) } else { (split.pending, sim.env.global_spans()) };
    if dropped == 0 {
        return PathFormulas { all, deps, nax, pending, reads: split.reads, spans };
    }
    // (fix_allocations gives the conditions' dependencies only: indices at or past `nax`)
    let mut out_deps: Vec<Vec<usize>> = vec![Vec::new(); kept.len()];
    out_deps.extend(deps[nf..].iter().map(|d| d.iter().map(|&j| j - dropped).collect()));
    kept.extend_from_slice(&all[nf..]);
    PathFormulas { all: kept, deps: out_deps, nax: nax - dropped, pending, reads: split.reads, spans }
}

/// Conditions after an allocation that are tried for deciding its outcome: the check of a
/// result comes right after the call (C--'s NULL guards and the program's own `if`), and
/// every try costs two simplifications of the condition.
const DECIDING_WINDOW: usize = 16;

/// `all` (formulas `first..` are the path's conditions in path order) with the outcome of
/// each fallible allocation substituted into the conditions after the first one that decides
/// it by simplification (`p != NULL` right after `p = malloc(…)`, within [`DECIDING_WINDOW`]
/// conditions after the allocation; `choices` holds each allocation's "it succeeds" with the
/// number of conditions before it): the object's address is then
/// a constant in the memory terms where it was `ite(ok, address, NULL)`, which made Z3 split
/// cases at every access through it (queries of minutes on the NT drivers, a tenth of a
/// second with the outcomes substituted). Exact: a condition is rewritten only under an
/// earlier one that implies the outcome, so every prefix's conjunction is equivalent to the
/// original one, and a model of it is a model of the original. `deps[i]` lists the
/// conditions formula `i` was rewritten under (and theirs): an unsat core that contains `i`
/// holds only with them ([`with_deps`]).
fn fix_allocations<'ctx>(
    choices: &[(Formula<'ctx>, usize)],
    all: &[Formula<'ctx>],
    first: usize,
) -> (Vec<Formula<'ctx>>, Vec<Vec<usize>>) {
    let mut out = all.to_vec();
    let mut deps: Vec<Vec<usize>> = vec![Vec::new(); all.len()];
    // (choice, its outcome, the condition that decided it)
    let mut fixed: Vec<(usize, bool, usize)> = Vec::new();
    let mut open: Vec<usize> = (0..choices.len()).collect();
    for i in first..all.len() {
        let mut f = all[i].clone();
        let mut d: BTreeSet<usize> = BTreeSet::new();
        for &(k, v, j) in &fixed {
            let g = formula::substitute(&f, &choices[k].0, v);
            if g != f {
                d.insert(j);
                d.extend(deps[j].iter().copied());
                f = g;
            }
        }
        deps[i] = d.into_iter().collect();
        let c = i - first;
        open.retain(|&k| {
            let (ok, start) = (&choices[k].0, choices[k].1);
            if c < start {
                return true; // not allocated yet
            }
            if c >= start + DECIDING_WINDOW {
                return false;
            }
            match formula::decides(&f, ok) {
                Some(v) => {
                    fixed.push((k, v, i));
                    false
                }
                None => true,
            }
        });
        out[i] = f;
    }
    (out, deps)
}

/// `core` (indices of formulas) with the conditions its formulas were rewritten under.
fn with_deps(core: Vec<usize>, deps: &[Vec<usize>]) -> Vec<usize> {
    let mut all: BTreeSet<usize> = core.iter().copied().collect();
    for &i in &core {
        all.extend(deps.get(i).into_iter().flatten().copied());
    }
    all.into_iter().collect()
}

fn decide<'ctx>(sim: &Sim<'_, 'ctx>, path: &[PathStep], known: &[Predicate], prover: &mut Prover<'ctx>) -> Verdict {
    let mut pf = path_formulas(sim);
    if !sim.outside.is_empty() {
        // A model where the caller's pointers are objects of their own first: it is the one
        // a counterexample needs, and Z3 finds it where the unconstrained path, whose
        // pointers may alias anything, costs seconds (thpool_add_work: 9 s against 0.1 s).
        let apart: Vec<Formula> = sim.outside.iter().map(|(it, _)| it.clone()).collect();
        if pf.saturate(prover, &apart) == Some(true) {
            let with: Vec<Formula> = pf.all.iter().cloned().chain(apart).collect();
            if let Some(c) = counterexample(sim, path, &with, prover) {
                if let v @ Verdict::Feasible(_) = confirm(sim.prog, path, c) {
                    return v;
                }
            }
        }
    }
    // (the axioms — the entry's objects, the globals' initial bytes — have a model)
    let k = loop {
        match prover.first_unsat_prefix_after(&pf.all, pf.nax) {
            Some(k) => break k,
            None => {
                // Satisfiable (or unknown): confirm and read a model.
                let pending = pf.pending.len();
                match pf.saturate(prover, &[]) {
                    Some(true) => {
                        let (conds, apart) = model_formulas(sim, &mut pf, prover);
                        return match counterexample(sim, path, &conds, prover) {
                            Some(c) => match confirm(sim.prog, path, c) {
                                Verdict::Unknown(mut u) if !apart => {
                                    u.message = format!("{ALIASED_OUTSIDE}; {}", u.message);
                                    Verdict::Unknown(u)
                                }
                                // a replay follows such pointers wherever the model points
                                // them, also into an object the run allocates later: no
                                // caller can build that
                                Verdict::Feasible(_) if !apart => Verdict::Unknown(Undecided::other(ALIASED_OUTSIDE)),
                                v => v,
                            },
                            None => Verdict::Unknown(Undecided::other("no model for a satisfiable path")),
                        };
                    }
                    // the initial bytes a model read make the path infeasible: its prefix again
                    Some(false) if pf.pending.len() < pending => continue,
                    _ => {
                        return Verdict::Unknown(Undecided::other("the prover could not decide the path's feasibility"))
                    }
                }
            }
        }
    };
    let (all, deps, nax) = (&pf.all, &pf.deps, pf.nax);
    let core = prover
        .minimal_core_given(&all[..nax], &all[nax..k])
        .map(|c| with_deps(c.into_iter().map(|i| i + nax).collect(), deps))
        .unwrap_or_else(|| (0..k).collect());
    let core_conds: Vec<usize> = core.into_iter().filter(|&i| i >= nax).map(|i| i - nax).collect();
    let at = sim.conds.get(k.saturating_sub(1 + nax)).map(|c| c.step).unwrap_or(0);
    tracing::debug!(
        core = ?core_conds
            .iter()
            .map(|&c| {
                let cond = &sim.conds[c];
                let line = stmt(sim.prog, &sim.index, path[cond.step].stmt).map_or(0, |(_, s)| s.loc.line);
                format!("{}@{line}: {}", sim.all_frames[sim.frame_of[cond.step]].proc, cminus::print_expr(&cond.expr))
            })
            .collect::<Vec<_>>(),
        "the path's unsatisfiable core"
    );
    let mut preds = predicates(sim, path, &core_conds, known);
    if preds.is_empty() {
        // The core's facts are known already: fall back to every condition of the
        // infeasible prefix (more predicates, but progress).
        let all_conds: Vec<usize> = (0..k.saturating_sub(nax)).collect();
        preds = predicates(sim, path, &all_conds, known);
    }
    if preds.is_empty() {
        // Conditions that contradict each other only together, across a havoc.
        preds = joint_predicates(sim, path, &core_conds, known);
    }
    preds.retain(|p| !constant(sim, p));
    if preds.is_empty() {
        Verdict::NoNewPredicates { at }
    } else {
        Verdict::Infeasible { at, preds }
    }
}

/// Longest a prover may think about whether one candidate predicate is [`constant`].
const CONSTANT_QUERY: std::time::Duration = std::time::Duration::from_millis(500);

/// Whether a predicate has the same value in every state: true or false whatever its
/// variables and memory hold (`&(sp - 1)->Control == &sp->MinorFunction`, `(x | 32) == 3`).
/// Such a predicate tells the abstraction nothing it does not know (c2bp's queries decide the
/// arithmetic themselves) and costs a boolean variable in every query of its scope, so it is
/// not offered. A query the prover cannot decide in [`CONSTANT_QUERY`] keeps the predicate.
fn constant(sim: &Sim<'_, '_>, p: &Predicate) -> bool {
    let env = &sim.env;
    let st = State::new(env, "k.", p.scope.as_deref());
    let Ok(c) = st.cond(env, &p.expr) else { return false };
    let mut prover = Prover::new(env.ctx, CONSTANT_QUERY);
    prover.is_sat(&c) == Some(false) || prover.is_sat(&c.not()) == Some(false)
}

/// Why a path whose model needs the pointers the entry's caller filled to alias is no
/// violation ([`model_formulas`]'s `false`).
const ALIASED_OUTSIDE: &str = "the path is feasible only if pointers in the objects the entry's caller passed point \
     into each other or into other objects (a replay builds each as NULL or an object of its own)";

/// The formulas a counterexample's model is taken from: `all`, with the axioms of the objects
/// the entry's caller built ([`OutsideObject`]: each pointer to one that object, else NULL or
/// that object) when they keep it satisfiable; `false` when both make it unsatisfiable (the
/// path needs the caller's pointers to alias, which no replay builds).
fn model_formulas<'ctx>(
    sim: &Sim<'_, 'ctx>,
    pf: &mut PathFormulas<'ctx>,
    prover: &mut Prover<'ctx>,
) -> (Vec<Formula<'ctx>>, bool) {
    if sim.outside.is_empty() {
        return (pf.all.clone(), true);
    }
    // every such pointer an object first (a NULL from the caller is no violation of the
    // code's own, `null_from_outside`), then NULL or an object
    let mut apart = true;
    for nullable in [false, true] {
        let extra: Vec<Formula> =
            sim.outside.iter().map(|(it, or_null)| if nullable { or_null } else { it }.clone()).collect();
        match pf.saturate(prover, &extra) {
            Some(true) => return (pf.all.iter().cloned().chain(extra).collect(), true),
            Some(false) => apart = !nullable && apart,
            None => apart = true,
        }
    }
    (pf.all.clone(), apart)
}

/// A VIOLATION is only reported when the interpreter, fed the model's values, follows the
/// path to the same error: the logic's integers are unbounded and its bitwise operators
/// uninterpreted, so a model can be wrong about the C program.
fn confirm(prog: &Program, path: &[PathStep], cex: Counterexample) -> Verdict {
    let run = replay(prog, &cex, (path.len() as u64 + 10) * 2);
    let want: Vec<cminus::StmtId> = path.iter().map(|s| s.stmt).collect();
    let same_error = matches!(&run.outcome, cminus::interp::Outcome::Error { stmt, .. } if *stmt == cex.error_stmt);
    if same_error && run.trace == want {
        return Verdict::Feasible(Box::new(cex));
    }
    let k = run.trace.iter().zip(&want).take_while(|(a, b)| a == b).count();
    let unmodelled = matches!(run.outcome, cminus::interp::Outcome::Stuck { unmodelled: true, .. });
    let kind = if unmodelled { crate::UndecidedKind::Unsupported } else { crate::UndecidedKind::Other };
    let unknown_write = path[..(k + 1).min(path.len())].iter().find_map(|s| {
        let (pi, si) = prog.stmt(s.stmt)?;
        let st = &prog.procs[pi].body[si];
        match &st.kind {
            cminus::StmtKind::Call { callee, .. } if cminus::names::is_unknown_write(callee) => Some(st.loc.line),
            _ => None,
        }
    });
    if let Some(line) = unknown_write {
        // the prover's model lets a function without a body write through a pointer
        return Verdict::Unknown(Undecided {
            kind: crate::UndecidedKind::Unsupported,
            message: format!(
                "the path is feasible only if a function slam has no body for (called at line {line}) writes \
                 through its pointer argument: slam proves what holds whatever such a function writes, and \
                 reports only violations that need no such write"
            ),
        });
    }
    if let Some(line) = unfed_uninitialised_read(prog, &run, k) {
        // the model's value of that memory is not handed to the replay, which reads 0 there
        return Verdict::Unknown(Undecided {
            kind,
            message: format!(
                "the path reads memory no statement initialised (at line {line}: part of a variable, or an \
                 allocation through another type) whose value in the prover's model the replay cannot feed (it \
                 reads 0 there); the interpreter then leaves the path at step {k} ({:?})",
                run.outcome
            ),
        });
    }
    // a pointer the model gives that is no place of an object the replay builds (an address
    // past an object, into an allocation of typed memory, nowhere): the run took another object
    let layout = logic::mem::Layout::new(prog);
    let allocs = alloc_types(prog, &layout, &cex);
    let objects = Objects::new(prog, &layout, &allocs);
    let unresolved = run
        .choices
        .iter()
        .find(|c| c.ty.is_pointer() && c.value != 0 && c.step <= k && objects.resolve(c.value).is_none());
    if let Some(c) = unresolved {
        let at = match c.step {
            usize::MAX => "before the first step".to_string(),
            s => format!("at step {s}"),
        };
        return Verdict::Unknown(Undecided {
            kind,
            message: format!(
                "the path is feasible for the prover, but its model gives a pointer ({at}, {:?}) the address {:#x}, \
                 which the replay cannot map to an object and an offset in it; the interpreter fed the model's values \
                 leaves the path at step {k} ({:?})",
                c.ask, c.value, run.outcome
            ),
        });
    }
    Verdict::Unknown(Undecided {
        kind,
        message: format!(
            "the path is feasible for the prover, but the interpreter fed its values leaves it at step {k} ({:?}); \
         the logic and the interpreter disagree on the C semantics of this path",
            run.outcome
        ),
    })
}

/// The line of the first read of uninitialised memory (up to step `k`) whose value a replay
/// cannot take from the model (`Ask::Uninit(None)`: part of a variable, or an allocation read
/// through a type the counterexample does not record), if the replay made one.
fn unfed_uninitialised_read(prog: &Program, run: &cminus::interp::Run, k: usize) -> Option<u32> {
    let c = run.choices.iter().find(|c| c.step <= k && c.ask == cminus::interp::Ask::Uninit(None))?;
    let id = run.trace.get(c.step)?;
    let (pi, si) = prog.stmt(*id)?;
    Some(prog.procs[pi].body[si].loc.line)
}

/// The counterexample of a feasible path from one model of its conditions: the values at
/// each step, the oracle of nondeterministic choices and the initial state.
fn counterexample<'ctx>(
    sim: &Sim<'_, 'ctx>,
    path: &[PathStep],
    conds: &[Formula<'ctx>],
    prover: &mut Prover<'ctx>,
) -> Option<Counterexample> {
    let terms = model_terms(sim);
    let vals = prover.model_values(conds, &terms)?;
    // The values come in the order of `model_terms`.
    counterexample_from(sim, path, &mut vals.into_iter())
}

/// [`counterexample`] from the model's values of [`model_terms`], in order.
fn counterexample_from(
    sim: &Sim<'_, '_>,
    path: &[PathStep],
    it: &mut impl Iterator<Item = i128>,
) -> Option<Counterexample> {
    let (steps, mut oracle) = step_values(sim, path, it)?;
    let mut inputs = Vec::new();
    for (k, (n, _)) in sim.entry_params.iter().enumerate() {
        let v = it.next()?;
        oracle.push((usize::MAX, k, v));
        inputs.push(Value { name: n.clone(), value: v, written: false });
    }
    for k in 0..sim.init_nondets.len() {
        oracle.push((usize::MAX - 1, k, it.next()?));
    }
    let mut uninit = Vec::new();
    for (p, v, f, _) in &sim.uninit {
        uninit.push((p.clone(), v.clone(), *f, it.next()?));
    }
    let mut param_memory = Vec::new();
    for (p, k, _) in &sim.param_cells {
        param_memory.push((*p, *k, it.next()?));
    }
    // The interpreter asks once per distinct non-NULL pointer, in order of first conversion.
    let mut seen_addr = Vec::new();
    let mut addresses = Vec::new();
    for _ in &sim.addresses {
        let (a, v) = (it.next()?, it.next()?);
        if a != 0 && !seen_addr.contains(&a) {
            seen_addr.push(a);
            addresses.push(v);
        }
    }
    let last = path.last()?;
    let (_, s) = stmt(sim.prog, &sim.index, last.stmt)?;
    let message = match &s.kind {
        StmtKind::Error(m) => m.clone(),
        _ => String::new(),
    };
    let mut alloc_memory = Vec::new();
    for (a, k, _) in sim.alloc_cells.iter().chain(&sim.outside_cells) {
        alloc_memory.push((*a, *k, it.next()?));
    }
    Some(Counterexample {
        steps,
        error_stmt: s.id,
        message,
        inputs,
        oracle,
        uninit,
        param_memory,
        addresses,
        alloc_memory,
    })
}

/// Every term whose value the counterexample needs, to evaluate them in one model: per
/// step its reads, writes and nondeterministic values, then the initial state's terms.
fn model_terms<'ctx>(sim: &Sim<'_, 'ctx>) -> Vec<Term<'ctx>> {
    let mut terms: Vec<Term> = Vec::new();
    let shown = shows_values(sim);
    for r in &sim.records {
        if shown {
            terms.extend(r.reads.iter().map(|(_, t)| t.clone()));
            terms.extend(r.writes.iter().map(|(_, t)| t.clone()));
        }
        terms.extend(r.nondets.iter().cloned());
    }
    terms.extend(sim.entry_params.iter().map(|(_, t)| t.clone()));
    terms.extend(sim.init_nondets.iter().cloned());
    terms.extend(sim.uninit.iter().map(|(_, _, _, t)| t.clone()));
    terms.extend(sim.param_cells.iter().map(|(_, _, t)| t.clone()));
    for (a, v) in &sim.addresses {
        terms.push(a.clone());
        terms.push(v.clone());
    }
    terms.extend(sim.alloc_cells.iter().map(|(_, _, t)| t.clone()));
    terms.extend(sim.outside_cells.iter().map(|(_, _, t)| t.clone()));
    terms
}

/// The most values read and written along a path that a counterexample shows at its steps.
/// Z3 evaluates each in a model in time that grows with the path (a 952-step path of
/// memcached's `item_get_locked`: 17,572 values, 2.5 ms each, 44 s, and the evaluation does not
/// look at the interrupt); a longer path's steps show none. Its replay checks it all the same.
const SHOWN_VALUES_MAX: usize = 2_000;

/// Whether the counterexample of `sim`'s path shows the values its steps read and write.
fn shows_values(sim: &Sim<'_, '_>) -> bool {
    sim.records.iter().map(|r| r.reads.len() + r.writes.len()).sum::<usize>() <= SHOWN_VALUES_MAX
}

/// One entry of [`Counterexample::oracle`]: (step, occurrence, value).
type OracleEntry = (usize, usize, i128);

/// The counterexample's steps with their read and written values, and the oracle entries
/// of the steps' nondeterministic values, taken from the model values `it`.
fn step_values(
    sim: &Sim<'_, '_>,
    path: &[PathStep],
    it: &mut impl Iterator<Item = i128>,
) -> Option<(Vec<CexStep>, Vec<OracleEntry>)> {
    let mut steps = Vec::new();
    let mut oracle = Vec::new();
    let shown = shows_values(sim);
    for (i, (r, step)) in sim.records.iter().zip(path).enumerate() {
        let (proc, s) = stmt(sim.prog, &sim.index, step.stmt)?;
        let mut values: Vec<Value> = Vec::new();
        for (n, _) in r.reads.iter().filter(|_| shown) {
            values.push(Value { name: c_name(proc, n), value: it.next()?, written: false });
        }
        for (n, _) in r.writes.iter().filter(|_| shown) {
            values.push(Value { name: c_name(proc, n), value: it.next()?, written: true });
        }
        for k in 0..r.nondets.len() {
            oracle.push((i, k, it.next()?));
        }
        steps.push(CexStep { stmt: s.id, proc: proc.name.clone(), depth: step.depth, loc: s.loc, values });
    }
    Some((steps, oracle))
}

/// The C name of a printed lvalue: variables renamed by the front end get their C name back.
fn c_name(proc: &cminus::Proc, printed: &str) -> String {
    match proc.var(printed) {
        Some(v) => v.c_name.clone(),
        None => printed.to_string(),
    }
}

/// Replay a counterexample on the C-- interpreter, feeding it the model's values: the
/// nondeterministic values by (step, occurrence), uninitialised variables and the objects
/// behind entry pointer parameters from the model's initial state, branch choices from the
/// path, and pointer values that are addresses of variables as pointers to them.
pub fn replay(prog: &Program, cex: &Counterexample, max_steps: u64) -> cminus::interp::Run {
    replay_observed(prog, cex, max_steps, &mut |_, _| 0, &mut |_, _| {})
}

/// [`replay`], with an observer of every statement and state (see
/// [`cminus::interp::run_observed`]). Past the end of `cex`'s steps (from the start, when it
/// has none) the run goes on with `fill`'s value for each input, entry parameter and
/// uninitialised variable (given the request and its occurrence at its step, the keys of
/// [`Counterexample::oracle`]), zero for other choices, and the first feasible branch.
pub fn replay_observed(
    prog: &Program,
    cex: &Counterexample,
    max_steps: u64,
    fill: &mut dyn FnMut(&cminus::interp::Event, usize) -> i128,
    observe: &mut dyn FnMut(&cminus::Stmt, &mut dyn cminus::interp::Peek),
) -> cminus::interp::Run {
    let layout = logic::mem::Layout::new(prog);
    let mut answers = Answers::new(prog, &layout, cex, fill);
    let mut answer = |e: &cminus::interp::Event| answers.answer(e);
    let allocs = alloc_types(prog, &layout, cex);
    let objects = Objects::new(prog, &layout, &allocs);
    let resolve = |a: i64| objects.resolve(a);
    cminus::interp::run_observed(prog, &mut answer, Some(&resolve), max_steps, observe)
}

/// [`replay`] with the answers changed: `change(k, event, answer)` gives the value of the
/// run's `k`-th choice in place of the counterexample's `answer` (exec's check that a trace
/// does not depend on the values a compiled run does not control).
pub fn replay_changed(
    prog: &Program,
    cex: &Counterexample,
    max_steps: u64,
    change: &mut dyn FnMut(usize, &cminus::interp::Event, i64) -> i64,
) -> cminus::interp::Run {
    let mut fill = |_: &cminus::interp::Event, _: usize| 0;
    let layout = logic::mem::Layout::new(prog);
    let mut answers = Answers::new(prog, &layout, cex, &mut fill);
    let mut k = 0usize;
    let mut answer = |e: &cminus::interp::Event| {
        let v = change(k, e, answers.answer(e));
        k += 1;
        v
    };
    let allocs = alloc_types(prog, &layout, cex);
    let objects = Objects::new(prog, &layout, &allocs);
    let resolve = |a: i64| objects.resolve(a);
    cminus::interp::run_observed(prog, &mut answer, Some(&resolve), max_steps, &mut |_, _| {})
}

/// Where a NULL that a path needs comes from, when it comes from outside the code slam
/// checks ([`null_from_outside`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OutsideNull {
    /// Read from the object the entry's `i`-th parameter points to: its caller filled it.
    Param(usize),
    /// Returned by a function without a body that is not documented to return NULL
    /// ([`cminus::guard::may_return_null`]); the line of the call.
    Call { callee: String, line: u32 },
    /// A pointer global's initial NULL, which `setter` (a procedure of the program) assigns:
    /// an entry other than `main` may be called after it.
    Global { global: String, setter: String },
    /// A NULL in the unknown initial contents of a global (one defined in another unit,
    /// `extern`, or one a root run mid-run starts without): for an entry other than `main`,
    /// the code that fills it is not the code slam checks.
    Initial,
}

/// Whether the error of `cex` needs a NULL pointer from outside the code slam checks: read
/// from the unknown contents of an entry parameter's object, or returned by a function
/// without a body that no documentation says returns NULL (glibc's `__ctype_b_loc`). The
/// replay reads such a NULL, and with every one a valid pointer instead (to a fresh object
/// of its own, zero-filled: what a caller passing a well-formed object, or a library keeping
/// its contract, hands over; a NULL pointer read from such an object is replaced the same
/// way, as the next node of a caller's list) the run no longer reaches the error; the first
/// such NULL, if so. A NULL the function makes itself (a failed `malloc`, a constant, a pointer it never
/// set, `getenv`'s) reaches the error either way. Nor is a NULL the code tests itself: when the
/// run with valid pointers leaves the trace at a branch of the program on whether a pointer
/// is NULL, the trace is a path the code handles (its mistakes there are its own): `None`.
/// `rule_from`: the first statement id of a rule's instrumentation (whose `$1 == NULL` tests
/// are the rule's, not the program's).
pub fn null_from_outside(
    prog: &Program,
    cex: &Counterexample,
    max_steps: u64,
    rule_from: Option<u32>,
) -> Option<OutsideNull> {
    // (a global's unknown initial contents are from outside for NULL dereferences in an
    // entry other than `main`, as its initial NULL below)
    let initial = prog.entry != "main" && rule_from.is_none();
    if let Some(source) = outside_run(prog, cex, max_steps, rule_from, &[], initial) {
        return Some(source);
    }
    // An entry other than `main` is called by a client at some point of its run: a pointer
    // global still NULL from its initialiser, which other code of the program sets
    // (`linenoiseHistoryAdd` makes `history`), may have been set up by it first. For NULL
    // dereferences only: a rule's violation on an object at a NULL global's offset (a mutex
    // `&item_locks[k]`) names that object, and a run with the global valid tracks another one.
    if prog.entry == "main" || rule_from.is_some() {
        return None;
    }
    let unset = unset_pointer_globals(prog);
    if unset.is_empty() {
        return None;
    }
    // one at a time, and only where the trace first leaves the path at a statement that reads
    // the global (the NULL test before the dereference): a replay may leave it for other
    // reasons once a global holds something else
    unset.iter().take(FRESH_GLOBALS_TRIED).find_map(|(i, setter)| {
        outside_run(prog, cex, max_steps, rule_from, &[*i], initial)?;
        Some(OutsideNull::Global { global: prog.globals[*i].c_name.clone(), setter: setter.clone() })
    })
}

/// How many pointer globals [`null_from_outside`] tries (one replay each).
const FRESH_GLOBALS_TRIED: usize = 16;

/// Whether `e` reads or takes the address of variable `v` (by name).
fn expr_mentions(e: &cminus::Expr, v: &str) -> bool {
    use cminus::Expr;
    match e {
        Expr::Lval(l) | Expr::AddrOf(l) => lval_mentions(l, v),
        Expr::Unary(_, a) | Expr::Cast(_, a) => expr_mentions(a, v),
        Expr::Binary(_, a, b) => expr_mentions(a, v) || expr_mentions(b, v),
        Expr::Float(_, _, args) => args.iter().any(|a| expr_mentions(a, v)),
        _ => false,
    }
}

fn lval_mentions(l: &cminus::Lval, v: &str) -> bool {
    use cminus::Lval;
    match l {
        Lval::Var(x) => x == v,
        Lval::Deref(e) => expr_mentions(e, v),
        Lval::Field(b, _) => lval_mentions(b, v),
        Lval::Index(b, i) => lval_mentions(b, v) || expr_mentions(i, v),
    }
}

/// Whether statement `st` mentions variable `v` (by name) in any of its expressions.
fn stmt_mentions(st: &cminus::Stmt, v: &str) -> bool {
    use cminus::StmtKind;
    match &st.kind {
        StmtKind::Assign(l, e) => lval_mentions(l, v) || expr_mentions(e, v),
        StmtKind::Call { ret, args, .. } => {
            ret.as_ref().is_some_and(|l| lval_mentions(l, v)) || args.iter().any(|a| expr_mentions(a, v))
        }
        StmtKind::Return(Some(e)) | StmtKind::Assume(e) => expr_mentions(e, v),
        _ => false,
    }
}

/// The pointer globals of the C program whose initialiser is NULL and that a procedure of the
/// program assigns (by name), with the first such procedure (by name). Not slam's own (the
/// library models' `__slam_` tables).
fn unset_pointer_globals(prog: &Program) -> Vec<(usize, String)> {
    use cminus::{Expr, Init, Lval, StmtKind};
    fn null(e: &Expr) -> bool {
        match e {
            Expr::Int(0) => true,
            Expr::Cast(t, inner) => (t.is_pointer() || t.is_integer()) && null(inner),
            _ => false,
        }
    }
    let mut out = vec![];
    for (i, g) in prog.globals.iter().enumerate() {
        let starts_null = match &g.init {
            Init::Zero => true,
            Init::Expr(e) => null(e),
            Init::List(_) => false,
        };
        let c_named =
            g.c_name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') && !g.c_name.starts_with("__slam");
        if !g.ty.is_pointer()
            || !starts_null
            || !c_named
            || prog.globals.iter().position(|h| h.name == g.name) != Some(i)
        {
            continue;
        }
        let setter = prog
            .procs
            .iter()
            .filter(|q| !q.formals.iter().chain(&q.locals).any(|v| v.name == g.name))
            .filter(|q| {
                q.body.iter().any(|st| match &st.kind {
                    StmtKind::Assign(Lval::Var(v), e) => *v == g.name && !null(e),
                    StmtKind::Call { ret: Some(Lval::Var(v)), .. } => *v == g.name,
                    _ => false,
                })
            })
            .map(|q| q.name.clone())
            .min();
        if let Some(setter) = setter {
            out.push((i, setter));
        }
    }
    out
}

/// [`null_from_outside`]'s run: the replay with every NULL from outside made a valid pointer,
/// and the pointer globals `fresh` pointing to fresh objects from the start; the source of
/// the first such NULL (a global of `fresh` first) when the error is then no longer reached.
fn outside_run(
    prog: &Program,
    cex: &Counterexample,
    max_steps: u64,
    rule_from: Option<u32>,
    fresh: &[usize],
    initial: bool,
) -> Option<OutsideNull> {
    use cminus::interp::{Ask, Outcome};
    use std::cell::RefCell;
    let map = logic::mem::Layout::new(prog).map;
    // the last allocation slots: a run never makes that many allocations itself
    let slots = (map.alloc_end - map.alloc_min) / map.alloc_stride;
    // per allocation of the run (the interpreter's numbering: every call of an external
    // function that returns an object, `pointsto::extern_allocation`), the call when it is
    // one of a function without a body that is not documented to return NULL
    let allocs: RefCell<Vec<Option<OutsideNull>>> = RefCell::new(Vec::new());
    // a global made valid is the source (named by the caller)
    let mut first =
        fresh.first().map(|&i| OutsideNull::Global { global: prog.globals[i].c_name.clone(), setter: String::new() });
    // the entry parameter behind each object its caller built (`outside_objects`): a NULL read
    // from one is from outside as one read from the parameter's own object is
    let mut outside_root: HashMap<usize, usize> = HashMap::new();
    for (slot, _, _, holder, _) in outside_slots(prog) {
        let root = match holder {
            OutsideHolder::Param(i) => Some(i),
            OutsideHolder::Outside(o) => outside_root.get(&o).copied(),
        };
        outside_root.extend(root.map(|i| (slot, i)));
    }
    let run = {
        let mut fakes = 0i64;
        // the allocation number of each fresh object handed out, and where its NULL came
        // from: a NULL read from such an object is from outside too (the next node of a
        // caller's list)
        let mut fake_objects: HashMap<usize, OutsideNull> = HashMap::new();
        let mut change = |e: &cminus::interp::Event, v: i64| -> i64 {
            let room = fakes + 2 < slots;
            let made = match &e.ask {
                Ask::UninitAlloc { alloc, .. } => {
                    fake_objects.get(alloc).cloned().or_else(|| outside_root.get(alloc).map(|&i| OutsideNull::Param(i)))
                }
                _ => None,
            };
            let mut fake = |source: OutsideNull, first: &mut Option<OutsideNull>| {
                first.get_or_insert(source.clone());
                fakes += 1;
                fake_objects.insert((slots - fakes - 1) as usize, source);
                map.alloc_min + (slots - fakes) * map.alloc_stride
            };
            match &e.ask {
                // a NULL pointer read from a parameter's object: a fresh object instead
                Ask::UninitParam { param, .. } if v == 0 && e.ty.is_pointer() && room => {
                    fake(OutsideNull::Param(*param), &mut first)
                }
                // a NULL pointer in a global's unknown initial contents (asked before the
                // first statement): the same, when `initial`
                Ask::Nondet if e.step == usize::MAX && initial && v == 0 && e.ty.is_pointer() && room => {
                    fake(OutsideNull::Initial, &mut first)
                }
                // a NULL pointer read from the object such a function returned: the same
                Ask::UninitAlloc { alloc, .. } if v == 0 && e.ty.is_pointer() && room => {
                    match made.or_else(|| allocs.borrow().get(*alloc).cloned().flatten()) {
                        Some(source) => fake(source, &mut first),
                        None => v,
                    }
                }
                // such a function's pointer result (a fallible allocation): it succeeds instead
                Ask::AllocFails { heap: false } if v != 0 => match allocs.borrow().last().cloned().flatten() {
                    Some(source) => {
                        first.get_or_insert(source);
                        0
                    }
                    None => v,
                },
                _ => v,
            }
        };
        let mut fill = |_: &cminus::interp::Event, _: usize| 0;
        let layout = logic::mem::Layout::new(prog);
        let mut answers = Answers::new(prog, &layout, cex, &mut fill);
        let mut answer = |e: &cminus::interp::Event| {
            let v = answers.answer(e);
            change(e, v)
        };
        let alloc_tys = alloc_types(prog, &layout, cex);
        let objects = Objects::new(prog, &layout, &alloc_tys);
        let resolve = |a: i64| objects.resolve(a);
        let mut observe = |st: &cminus::Stmt, _: &mut dyn cminus::interp::Peek| {
            if let cminus::StmtKind::Call { callee, .. } = &st.kind {
                if cminus::pointsto::extern_allocation(prog, callee).is_some() {
                    let undocumented = !cminus::guard::may_return_null(callee);
                    let source = undocumented.then(|| OutsideNull::Call { callee: callee.clone(), line: st.loc.line });
                    allocs.borrow_mut().push(source);
                }
            }
        };
        cminus::interp::run_observed_fresh_globals(prog, &mut answer, Some(&resolve), max_steps, &mut observe, fresh)
    };
    let source = first?;
    let reached = matches!(run.outcome, Outcome::Error { stmt, .. } if stmt == cex.error_stmt);
    if reached {
        return None;
    }
    // Where the run with valid pointers leaves the trace: a branch of the program's own code
    // on whether a pointer is NULL (`if (q->rear == NULL) { …; return; }`) is a path the code
    // expects and handles itself, and its mistakes there are the code's.
    let original = replay(prog, cex, max_steps);
    let split = original.trace.iter().zip(&run.trace).position(|(a, b)| a != b);
    if let Some(&g) = fresh.first() {
        // a global made valid must be what the run first leaves the trace on
        let at = split.unwrap_or(run.trace.len().min(original.trace.len()).saturating_sub(1));
        let reads = original
            .trace
            .get(at)
            .and_then(|&id| prog.stmt_ref(id))
            .is_some_and(|st| stmt_mentions(st, &prog.globals[g].name));
        if !reads {
            return None;
        }
    }
    let tested = split.and_then(|i| original.trace.get(i)).and_then(|&id| {
        let (pi, si) = prog.stmt(id)?;
        let st = &prog.procs[pi].body[si];
        let guard = st
            .labels
            .iter()
            .any(|l| l.starts_with(cminus::guard::NULL_LABEL) || l.starts_with(cminus::guard::NONNULL_LABEL));
        let rule_code = rule_from.is_some_and(|from| st.id.0 >= from);
        match &st.kind {
            cminus::StmtKind::Assume(c) if !guard && !rule_code => Some(tests_null(c)),
            _ => None,
        }
    });
    (tested != Some(true)).then_some(source)
}

/// Whether a branch condition compares a pointer with NULL (`p == (T *)0`, `p != (T *)0`,
/// also inside `!`, `&&`, `||`).
fn tests_null(e: &cminus::Expr) -> bool {
    use cminus::{BinOp, Expr, UnOp};
    fn null(e: &Expr) -> bool {
        match e {
            Expr::Cast(t, inner) => t.is_pointer() && (matches!(**inner, Expr::Int(0)) || null(inner)),
            _ => false,
        }
    }
    match e {
        Expr::Binary(BinOp::Eq | BinOp::Ne, a, b) => null(a) || null(b),
        Expr::Binary(BinOp::And | BinOp::Or, a, b) => tests_null(a) || tests_null(b),
        Expr::Unary(UnOp::Not, a) => tests_null(a),
        _ => false,
    }
}

/// An object whose initial contents the model gives: an entry parameter's, an allocation's.
#[derive(Clone, Copy)]
enum Obj {
    Param(usize),
    Alloc(usize),
}

/// Records in `cex` that a read of an entry parameter's object or of an allocation's (the
/// request `e`) gave `value`, where [`replay`] looks for it (cells in typed memory, bytes in
/// byte memory, `bytes`: `Program::memory`'s): a run's own choice of such contents
/// (the search's) replays. Other requests and reads no cell stands for are left alone.
pub fn record_read(prog: &Program, bytes: bool, cex: &mut Counterexample, e: &cminus::interp::Event, value: i128) {
    use cminus::interp::Ask;
    let (obj, off, elem) = match &e.ask {
        Ask::UninitParam { param, off } => {
            let pointee = prog.proc(&prog.entry).and_then(|p| p.formals.get(*param)).and_then(|f| f.ty.pointee());
            (Obj::Param(*param), *off, pointee.cloned())
        }
        Ask::UninitAlloc { alloc, elem, off } => (Obj::Alloc(*alloc), *off, Some(elem.clone())),
        _ => return,
    };
    let mem = match obj {
        Obj::Param(_) => &mut cex.param_memory,
        Obj::Alloc(_) => &mut cex.alloc_memory,
    };
    let k = match obj {
        Obj::Param(k) | Obj::Alloc(k) => k,
    };
    if bytes {
        let n = cminus::layout::size_of(prog, e.ty).unwrap_or(0).min(16);
        mem.extend((0..n).map(|i| (k, (off + i) as i64, value >> (8 * i) & 0xff)));
    } else if let Some(c) = elem.and_then(|t| typed_cell(prog, &Type::Array(Box::new(t), None), off, e.ty)) {
        mem.push((k, c, value));
    }
}

/// The model's answers to the interpreter's requests during [`replay_observed`], with the
/// counters of the requests answered so far.
struct Answers<'a> {
    prog: &'a Program,
    cex: &'a Counterexample,
    fill: &'a mut dyn FnMut(&cminus::interp::Event, usize) -> i128,
    oracle: HashMap<(usize, usize), i128>,
    uninit: HashMap<(String, String, usize), i128>,
    param_mem: HashMap<(usize, i64), i128>,
    alloc_mem: HashMap<(usize, i64), i128>,
    /// What a counterexample records of each [`OutsideObject`], by slot.
    outside: HashMap<usize, i64>,
    entry: Option<&'a cminus::Proc>,
    /// The model's memory is bytes (else typed cells).
    bytes: bool,
    /// Per step, how many nondeterministic values it has asked for.
    seen: HashMap<usize, usize>,
    init_k: usize,
    addr_k: usize,
}

impl<'a> Answers<'a> {
    fn new(
        prog: &'a Program,
        layout: &logic::mem::Layout,
        cex: &'a Counterexample,
        fill: &'a mut dyn FnMut(&cminus::interp::Event, usize) -> i128,
    ) -> Answers<'a> {
        Answers {
            prog,
            cex,
            fill,
            oracle: cex.oracle.iter().map(|&(s, k, v)| ((s, k), v)).collect(),
            uninit: cex.uninit.iter().map(|(p, v, f, x)| ((p.clone(), v.clone(), *f), *x)).collect(),
            param_mem: cex.param_memory.iter().map(|&(p, k, v)| ((p, k), v)).collect(),
            alloc_mem: cex.alloc_memory.iter().map(|&(a, k, v)| ((a, k), v)).collect(),
            outside: outside_objects(prog, layout).into_iter().map(|o| (o.slot, o.recorded)).collect(),
            entry: prog.proc(&prog.entry),
            bytes: layout.bytes,
            seen: HashMap::new(),
            init_k: 0,
            addr_k: 0,
        }
    }

    /// The labels of the counterexample's statement at step `i` (none past its end).
    fn labels_of(&self, i: usize) -> Vec<String> {
        self.cex.steps.get(i).and_then(|s| self.prog.stmt_ref(s.stmt)).map(|s| s.labels.clone()).unwrap_or_default()
    }

    /// The model's initial contents of an entry parameter's object or an allocation (an
    /// array of `pointee`) for a read of type `e.ty` at byte `off`: the model's cell there
    /// ([`typed_cell`]); a read no cell stands for gets 0 while the counterexample lasts,
    /// then `fill`'s value.
    fn object_memory(&mut self, e: &cminus::interp::Event, obj: Obj, pointee: Option<&Type>, off: u64) -> i128 {
        if self.bytes {
            return self.object_bytes(e, obj, off);
        }
        let cell = pointee.and_then(|t| typed_cell(self.prog, &Type::Array(Box::new(t.clone()), None), off, e.ty));
        let mem = match obj {
            Obj::Param(_) => &self.param_mem,
            Obj::Alloc(_) => &self.alloc_mem,
        };
        let k = match obj {
            Obj::Param(k) | Obj::Alloc(k) => k,
        };
        let past = e.step >= self.cex.steps.len();
        let callers = self.callers(obj, e.ty);
        match cell.map(|c| mem.get(&(k, c))) {
            Some(Some(&v)) => v,
            // (past the counterexample, what no model gave of an object the entry's caller
            // filled: the filler's, which may hand over an object the caller built,
            // `outside_slots`)
            Some(None) if past && callers => (self.fill)(e, 0),
            Some(None) => 0,
            None if past => (self.fill)(e, 0),
            None => 0,
        }
    }

    /// Whether a read of type `ty` from `obj` is of what the entry's caller filled: a pointer
    /// (which may be to an object the caller built), or an integer of a parameter's object or
    /// of an object the caller built (a compiled run's harness writes those).
    fn callers(&self, obj: Obj, ty: &Type) -> bool {
        let int = matches!(ty, Type::Int { .. } | Type::Bool);
        ty.is_pointer()
            || int
                && match obj {
                    Obj::Param(_) => true,
                    Obj::Alloc(k) => self.outside.contains_key(&k),
                }
    }

    fn mem_of(&self, obj: Obj) -> &HashMap<(usize, i64), i128> {
        match obj {
            Obj::Param(_) => &self.param_mem,
            Obj::Alloc(_) => &self.alloc_mem,
        }
    }

    /// [`Answers::object_memory`] in byte memory, where the counterexample records the first
    /// [`OBJECT_BYTES`] bytes of the object (of a parameter's, its first element up to
    /// [`PARAM_LIMIT`] bytes): the read's bytes, little-endian (past them, 0
    /// while the counterexample lasts, then `fill`'s value).
    fn object_bytes(&mut self, e: &cminus::interp::Event, obj: Obj, off: u64) -> i128 {
        let k = match obj {
            Obj::Param(k) | Obj::Alloc(k) => k,
        };
        let n = cminus::layout::size_of(self.prog, e.ty).unwrap_or(0).min(16);
        // (a parameter's first element is recorded whole, up to PARAM_LIMIT bytes)
        let limit = match obj {
            Obj::Param(i) => {
                let pointee = self.entry.and_then(|p| p.formals.get(i)).and_then(|f| f.ty.pointee());
                let size = pointee.and_then(|t| cminus::layout::size_of(self.prog, t)).unwrap_or(0) as i64;
                OBJECT_BYTES.max(size.min(PARAM_LIMIT))
            }
            Obj::Alloc(k) => self.outside.get(&k).copied().unwrap_or(OBJECT_BYTES),
        };
        let past = e.step >= self.cex.steps.len();
        if off + n > limit as u64 {
            return if past { (self.fill)(e, 0) } else { 0 };
        }
        if past && self.callers(obj, e.ty) && (0..n).all(|i| !self.mem_of(obj).contains_key(&(k, (off + i) as i64))) {
            return (self.fill)(e, 0);
        }
        let mem = self.mem_of(obj);
        (0..n).fold(0i128, |v, i| {
            let b = mem.get(&(k, (off + i) as i64)).copied().unwrap_or(0) & 0xff;
            v | b << (8 * i)
        })
    }

    /// The value for request `e`: from the model while the counterexample lasts, then from
    /// `fill` (or zero).
    fn answer(&mut self, e: &cminus::interp::Event) -> i64 {
        use cminus::interp::Ask;
        let cex = self.cex;
        let v: i128 = match &e.ask {
            Ask::EntryParam(i) => match self.oracle.get(&(usize::MAX, *i)) {
                Some(&v) => v,
                None if cex.steps.is_empty() => (self.fill)(e, *i),
                None => 0,
            },
            Ask::Address => {
                self.addr_k += 1;
                cex.addresses.get(self.addr_k - 1).copied().unwrap_or(0)
            }
            Ask::Nondet | Ask::AllocFails { .. } if e.step == usize::MAX => {
                self.init_k += 1;
                self.oracle.get(&(usize::MAX - 1, self.init_k - 1)).copied().unwrap_or(0)
            }
            Ask::Nondet | Ask::AllocFails { .. } => {
                let k = self.seen.entry(e.step).or_insert(0);
                *k += 1;
                let k = *k;
                match self.oracle.get(&(e.step, k - 1)) {
                    Some(&v) => v,
                    None if e.ask == Ask::Nondet && e.step >= cex.steps.len() => (self.fill)(e, k - 1),
                    None => 0,
                }
            }
            Ask::Uninit(Some((Some(p), v, f))) => match self.uninit.get(&(p.clone(), v.clone(), *f)) {
                Some(&x) => x,
                None if e.step >= cex.steps.len() => (self.fill)(e, 0),
                None => 0,
            },
            Ask::Uninit(_) => 0,
            Ask::UninitParam { param, off } => {
                let pointee = self.entry.and_then(|p| p.formals.get(*param)).and_then(|f| f.ty.pointee().cloned());
                self.object_memory(e, Obj::Param(*param), pointee.as_ref(), *off)
            }
            Ask::UninitAlloc { alloc, elem, off } => self.object_memory(e, Obj::Alloc(*alloc), Some(elem), *off),
            Ask::Goto(labels) => {
                let next = self.labels_of(e.step + 1);
                labels.iter().position(|l| next.contains(l)).unwrap_or(0) as i128
            }
        };
        v as i64
    }
}

/// The objects of a program by address, for the replay's pointer choices: the globals'
/// and the locals' (frame 0) bases and sizes, worked out once. Redis's `acl.c` has
/// thousands of globals; looking each up by name for every address a run resolves took
/// seconds of a check's from-outside test.
pub(crate) struct Objects<'a> {
    prog: &'a Program,
    layout: &'a logic::mem::Layout,
    allocs: &'a HashMap<usize, Type>,
    /// Per global of `prog.globals`: its base and size.
    globals: Vec<(i64, i64)>,
    /// Per local: its procedure's and its own index (formals first), base and size.
    locals: Vec<(usize, usize, i64, i64)>,
}

impl<'a> Objects<'a> {
    pub(crate) fn new(prog: &'a Program, layout: &'a logic::mem::Layout, allocs: &'a HashMap<usize, Type>) -> Self {
        let size = |t: &Type| layout.size(prog, t).max(1) as i64;
        let globals = prog.globals.iter().map(|g| (layout.base(&None, &g.name), size(&g.ty))).collect();
        let mut locals = Vec::new();
        for (pi, p) in prog.procs.iter().enumerate() {
            let scope = Some(p.name.clone());
            for (vi, v) in p.formals.iter().chain(&p.locals).enumerate() {
                locals.push((pi, vi, layout.base(&scope, &v.name), size(&v.ty)));
            }
        }
        Objects { prog, layout, allocs, globals, locals }
    }

    /// The object and byte offset at address `a` of the logic's memory layout: inside a
    /// global, an allocation, the object an entry pointer parameter points to, or a local in
    /// some frame. In typed memory the address's offset within the object is in cells, turned
    /// into bytes along the object's type ([`cell_byte_offset`]; an allocation's is the type
    /// the program gives it, [`alloc_types`], and without one only its start resolves).
    /// `None` when `a` is in no object, or the offset is no place a byte offset stands for.
    pub(crate) fn resolve(&self, a: i64) -> Option<cminus::interp::Address> {
        use cminus::interp::{Address, Target};
        let (prog, layout) = (self.prog, self.layout);
        let at = |target: Target, t: Option<&Type>, d: i64| -> Option<Address> {
            let off = match t {
                _ if d == 0 => 0,
                _ if layout.bytes => d as u64,
                Some(t) => cell_byte_offset(prog, t, d as u64)?,
                None => return None,
            };
            Some(Address { target, off })
        };
        for (g, &(base, size)) in prog.globals.iter().zip(&self.globals) {
            let d = a - base;
            if (0..size).contains(&d) {
                return at(Target::Global(g.name.clone()), Some(&g.ty), d);
            }
        }
        let map = layout.map;
        if a > map.alloc_min && a < map.alloc_end && a - map.alloc_min >= map.alloc_stride {
            let (k, d) = ((a - map.alloc_min) / map.alloc_stride - 1, (a - map.alloc_min) % map.alloc_stride);
            let obj = self.allocs.get(&(k as usize)).cloned().map(|t| Type::Array(Box::new(t), None));
            return at(Target::Alloc(k as usize), obj.as_ref(), d);
        }
        if let Some(entry) = prog.proc(&prog.entry) {
            // the k-th pointer parameter's object is at `fresh_base + k * fresh_stride` (`start`)
            let ptrs = entry.formals.iter().enumerate().filter_map(|(i, f)| f.ty.pointee().map(|t| (i, t)));
            for (k, (i, pointee)) in ptrs.enumerate() {
                let d = a - (map.fresh_base + k as i64 * map.fresh_stride);
                if (0..map.fresh_stride).contains(&d) {
                    let obj = Type::Array(Box::new(pointee.clone()), None);
                    return at(Target::Param(i), Some(&obj), d);
                }
            }
        }
        for &(pi, vi, base, size) in &self.locals {
            let d = a - base;
            if d >= 0 && d % map.frame_stride < size {
                let p = &prog.procs[pi];
                let Some(v) = p.formals.iter().chain(&p.locals).nth(vi) else { continue };
                let frame = (d / map.frame_stride) as usize;
                let target = Target::Local { proc: p.name.clone(), var: v.name.clone(), frame };
                return at(target, Some(&v.ty), d % map.frame_stride);
            }
        }
        None
    }
}

/// How deep the objects an entry's caller hands over are built: the objects the entry's
/// pointer parameters point to are depth 0, the objects their pointer fields point to depth
/// 1, and theirs depth 2 (a list's second node).
const OUTSIDE_DEPTH: usize = 2;
/// At most this many such objects, and pointer fields read per object (the first ones).
const OUTSIDE_OBJECTS: usize = 32;
const OUTSIDE_FIELDS: usize = 16;
/// At most this many cells or bytes of them are recorded in a counterexample, in all.
const OUTSIDE_RECORDED: i64 = 16 * 1024;

/// An object the entry's caller built and left a pointer to in an object it passed (a
/// thread pool's `q->has_jobs`): in units mode the caller is unknown, and a pointer read from
/// the unknown contents of an argument's object is any value in the logic — a proof holds
/// for every one. A counterexample's model, though, must be one the replay can build: such
/// a pointer is NULL or this object, an allocation slot of its own (distinct from every other
/// object: the caller's structure does not alias itself), as the interpreter makes an
/// allocation a pointer value names before it happens. Only pointer fields of a known
/// pointee type (not `void *`, not a function, not in a union or a bit-field) are built.
pub(crate) struct OutsideObject {
    /// The allocation slot (the interpreter's [`cminus::interp::Target::Alloc`] number) and
    /// its base address in the logic.
    pub slot: usize,
    pub base: i64,
    pub pointee: Type,
    /// The base of the object holding the pointer, and the pointer's offset there (cells in
    /// typed memory, bytes in byte memory).
    holder: i64,
    off: i64,
    /// The same place as the interpreter sees it: the holding object, the byte offset.
    pub in_obj: OutsideHolder,
    pub byte_off: u64,
    /// How much of it a counterexample records: its type's size, at least what an
    /// allocation's records ([`OBJECT_BYTES`], [`ALLOC_CELLS`]), at most [`PARAM_LIMIT`].
    pub recorded: i64,
}

/// The objects an entry's caller hands over beyond the parameters' own ([`OutsideObject`]),
/// breadth first: the same list for the path's logic and for the replay of its model. Their
/// slots are from the middle of the allocation area (a run's own allocations take the first
/// ones, [`null_from_outside`]'s stand-ins the last).
pub(crate) fn outside_objects(prog: &Program, layout: &logic::mem::Layout) -> Vec<OutsideObject> {
    let map = layout.map;
    let first_slot = ((map.alloc_end - map.alloc_min) / map.alloc_stride / 2) as usize;
    let Some(entry) = prog.proc(&prog.entry) else { return Vec::new() };
    if entry.name == "main" {
        return Vec::new();
    }
    let least = if layout.bytes { OBJECT_BYTES } else { ALLOC_CELLS };
    let mut budget = OUTSIDE_RECORDED;
    // (the holder and its base, type, depth, how much of it a counterexample records)
    let mut queue: std::collections::VecDeque<(OutsideHolder, i64, Type, usize, i64)> = Default::default();
    let ptrs = entry.formals.iter().enumerate().filter_map(|(i, f)| Some((i, f.ty.pointee()?)));
    for (k, (i, t)) in ptrs.enumerate() {
        let base = map.fresh_base + k as i64 * map.fresh_stride;
        queue.push_back((OutsideHolder::Param(i), base, t.clone(), 0, PARAM_LIMIT));
    }
    let mut out: Vec<OutsideObject> = Vec::new();
    while let Some((in_obj, holder, t, depth, limit)) = queue.pop_front() {
        if depth >= OUTSIDE_DEPTH {
            continue;
        }
        let mut fields = Vec::new();
        pointer_fields(prog, layout, &t, (0, 0), limit, &mut fields, 0);
        for (off, byte_off, pointee) in fields.into_iter().take(OUTSIDE_FIELDS) {
            if out.len() >= OUTSIDE_OBJECTS {
                return out;
            }
            let slot = first_slot + out.len();
            let base = map.alloc_min + (slot as i64 + 1) * map.alloc_stride;
            let recorded = least.max((layout.size(prog, &pointee) as i64).min(PARAM_LIMIT));
            if budget < recorded {
                return out;
            }
            budget -= recorded;
            queue.push_back((OutsideHolder::Outside(slot), base, pointee.clone(), depth + 1, recorded));
            out.push(OutsideObject { slot, base, pointee, holder, off, in_obj, byte_off, recorded });
        }
    }
    out
}

/// Where a pointer to an [`OutsideObject`] is stored: in the object the entry's i-th
/// parameter points to, or in another outside object (its allocation slot); with the
/// pointer's byte offset there (gcc's layout, the interpreter's offsets).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OutsideHolder {
    Param(usize),
    Outside(usize),
}

/// The objects an entry's caller hands over ([`OutsideObject`]) as (allocation slot, base
/// address in the logic, pointee type, where the pointer to it is stored and at which byte
/// offset): a replayed pointer with that address is that slot's object, which a compiled
/// run's harness builds too, and which the search hands its runs.
pub fn outside_slots(prog: &Program) -> Vec<(usize, i64, Type, OutsideHolder, u64)> {
    outside_objects(prog, &logic::mem::Layout::new(prog))
        .into_iter()
        .map(|o| (o.slot, o.base, o.pointee, o.in_obj, o.byte_off))
        .collect()
}

/// The pointers to objects of a known type inside an object of type `t` at `at` (the
/// model's units, and gcc's bytes), before `limit` (the model's units), with their pointee
/// types: struct members (not bit-fields), the first elements of arrays; not inside unions
/// (their members share the bytes).
fn pointer_fields(
    prog: &Program,
    layout: &logic::mem::Layout,
    t: &Type,
    at: (i64, u64),
    limit: i64,
    out: &mut Vec<(i64, u64, Type)>,
    depth: usize,
) {
    let (off, bytes) = at;
    if off >= limit || out.len() >= OUTSIDE_FIELDS || depth > 8 {
        return;
    }
    match t {
        Type::Ptr(p) => {
            let known = !matches!(**p, Type::Void | Type::Func(_))
                && cminus::layout::size_of(prog, p).is_some()
                && off + layout.size(prog, t) as i64 <= limit;
            if known {
                out.push((off, bytes, (**p).clone()));
            }
        }
        Type::Array(e, Some(n)) => {
            let (per, per_bytes) = (layout.size(prog, e) as i64, cminus::layout::size_of(prog, e).unwrap_or(0));
            for i in 0..(*n).min(4) {
                let at = (off + i as i64 * per, bytes + i * per_bytes);
                pointer_fields(prog, layout, e, at, limit, out, depth + 1);
            }
        }
        Type::Struct(s) => {
            let Some(d) = prog.struct_def(s).filter(|d| !d.is_union && d.complete) else { return };
            for f in &d.fields {
                if cminus::layout::is_bit_field(prog, s, &f.name) {
                    continue;
                }
                let Some(b) = cminus::layout::field_offset(prog, s, &f.name) else { continue };
                let at = (off + layout.field_offset(prog, s, &f.name) as i64, bytes + b);
                pointer_fields(prog, layout, &f.ty, at, limit, out, depth + 1);
            }
        }
        _ => {}
    }
}

/// The type of each allocation of the counterexample's steps, in the order the allocator
/// calls happen (the interpreter's [`cminus::interp::Target::Alloc`] numbers): the pointee of
/// the pointer type the program gives the result — the variable's, or the one cast its
/// procedure converts it to (`q := (struct Q *)__t0`) —, none when that is not one type
/// (only `void *`, several casts); and the pointee type of each [`OutsideObject`]'s slot.
/// Typed memory needs it to read an offset into an allocation in bytes.
fn alloc_types(prog: &Program, layout: &logic::mem::Layout, cex: &Counterexample) -> HashMap<usize, Type> {
    let mut out = Vec::new();
    for step in &cex.steps {
        let Some((pi, si)) = prog.stmt(step.stmt) else { continue };
        let proc = &prog.procs[pi];
        let StmtKind::Call { callee, ret, .. } = &proc.body[si].kind else { continue };
        if cminus::pointsto::extern_allocation(prog, callee).is_none() {
            continue;
        }
        let mut tys: Vec<&Type> = Vec::new();
        if let Some(Lval::Var(v)) = ret {
            let declared = proc.var(v).or_else(|| prog.global(v)).and_then(|d| d.ty.pointee());
            tys.extend(declared.filter(|t| !matches!(t, Type::Void)));
            for s in &proc.body {
                if let StmtKind::Assign(_, Expr::Cast(Type::Ptr(t), e)) = &s.kind {
                    let of_v = matches!(&**e, Expr::Lval(Lval::Var(w)) if w == v);
                    if of_v && !matches!(**t, Type::Void) && !tys.contains(&&**t) {
                        tys.push(t);
                    }
                }
            }
        }
        out.push(match tys.as_slice() {
            [t] => Some((*t).clone()),
            _ => None,
        });
    }
    let mut types: HashMap<usize, Type> = out.into_iter().enumerate().filter_map(|(k, t)| Some((k, t?))).collect();
    types.extend(outside_objects(prog, layout).into_iter().map(|o| (o.slot, o.pointee)));
    types
}

/// The byte offset of cell `cell` of the typed logic model (`logic::mem::cells`) in an object
/// of type `ty`: the array element holding the cell, then the field holding it, down to the
/// sub-object that starts at the cell. `None` inside a scalar, a bit-field or a union (whose
/// members share their cells), past an array's end.
pub fn cell_byte_offset(prog: &Program, ty: &Type, cell: u64) -> Option<u64> {
    use cminus::layout;
    let mut t = ty;
    let mut c = cell;
    let mut off = 0u64;
    while c > 0 {
        match t {
            Type::Array(e, n) => {
                let per = logic::mem::cells(prog, e);
                let i = c / per.max(1);
                if per == 0 || n.is_some_and(|n| i >= n) {
                    return None;
                }
                off += i * layout::size_of(prog, e)?;
                c %= per;
                t = e;
            }
            Type::Struct(s) => {
                let d = prog.struct_def(s)?;
                if d.is_union {
                    return None;
                }
                let f = d.fields.iter().find(|f| {
                    let first = logic::mem::field_offset(prog, s, &f.name);
                    (first..first + logic::mem::cells(prog, &f.ty)).contains(&c)
                })?;
                if layout::is_bit_field(prog, s, &f.name) {
                    return None;
                }
                off += layout::field_offset(prog, s, &f.name)?;
                c -= logic::mem::field_offset(prog, s, &f.name);
                t = &f.ty;
            }
            _ => return None,
        }
    }
    Some(off)
}

/// The cell of the typed logic model (`logic::mem::cells`: a scalar takes one cell, a struct
/// the sum of its fields', an array its elements') that a read of type `access` at byte
/// `byte_off` of an object of type `obj_ty` reads: the array element holding the byte, then
/// the field holding it, down to a scalar leaf that starts there with the access's size (a
/// union: the first member with such a leaf). `None` when no leaf fits (a read that straddles
/// or splits scalars).
pub fn typed_cell(prog: &Program, obj_ty: &Type, byte_off: u64, access: &Type) -> Option<i64> {
    use cminus::layout;
    let want = layout::size_of(prog, access)?;
    let mut t = obj_ty;
    let mut off = byte_off;
    let mut cell = 0i64;
    loop {
        match t {
            Type::Array(e, n) => {
                let size = layout::size_of(prog, e)?;
                if size == 0 {
                    return None;
                }
                let i = off / size;
                if n.is_some_and(|n| i >= n) {
                    return None;
                }
                cell += (i * logic::mem::cells(prog, e)) as i64;
                off %= size;
                t = e;
            }
            Type::Struct(s) => {
                let d = prog.struct_def(s)?;
                if d.is_union {
                    let inner = d.fields.iter().find_map(|f| typed_cell(prog, &f.ty, off, access))?;
                    return Some(cell + inner);
                }
                let f = d.fields.iter().find(|f| {
                    let Some(bit) = layout::field_bit_offset(prog, s, &f.name) else { return false };
                    let size = layout::size_of(prog, &f.ty).unwrap_or(0);
                    if layout::is_bit_field(prog, s, &f.name) {
                        // a bit-field is read at the byte holding its first bit, at its own type
                        bit / 8 == off && f.ty == *access
                    } else {
                        bit % 8 == 0 && bit / 8 <= off && off < bit / 8 + size
                    }
                })?;
                let bit = layout::field_bit_offset(prog, s, &f.name)?;
                cell += logic::mem::field_offset(prog, s, &f.name) as i64;
                if layout::is_bit_field(prog, s, &f.name) {
                    return Some(cell);
                }
                off -= bit / 8;
                t = &f.ty;
            }
            t if t.is_scalar() => {
                return (off == 0 && layout::size_of(prog, t) == Some(want)).then_some(cell);
            }
            _ => return None,
        }
    }
}

// ---------------------------------------------------------------------------------------
// Predicates.

/// Replace every occurrence of lvalue `from` by `to`.
fn subst(e: &Expr, from: &Lval, to: &Expr) -> Expr {
    match e {
        Expr::Lval(l) if l == from => to.clone(),
        Expr::Lval(l) => Expr::Lval(subst_lval(l, from, to)),
        Expr::AddrOf(l) => Expr::AddrOf(subst_lval(l, from, to)),
        Expr::Unary(o, a) => Expr::Unary(*o, Box::new(subst(a, from, to))),
        Expr::Cast(t, a) => Expr::Cast(t.clone(), Box::new(subst(a, from, to))),
        Expr::Binary(o, a, b) => Expr::Binary(*o, Box::new(subst(a, from, to)), Box::new(subst(b, from, to))),
        Expr::Float(o, t, xs) => Expr::Float(*o, t.clone(), xs.iter().map(|x| subst(x, from, to)).collect()),
        e => e.clone(),
    }
}
fn subst_lval(l: &Lval, from: &Lval, to: &Expr) -> Lval {
    // A struct copied whole (`l := r`): `l.f` becomes `r.f`.
    if let (true, Expr::Lval(r)) = (l == from, to) {
        return r.clone();
    }
    match l {
        Lval::Var(_) => l.clone(),
        Lval::Deref(e) => Lval::Deref(Box::new(subst(e, from, to))),
        Lval::Field(b, f) => Lval::Field(Box::new(subst_lval(b, from, to)), f.clone()),
        Lval::Index(b, i) => Lval::Index(Box::new(subst_lval(b, from, to)), Box::new(subst(i, from, to))),
    }
}
/// The weakest precondition of `phi` through a write `b.f := e` to an integer member of a
/// union, for the other integer members `b.g` that `phi` reads: they share `f`'s bits (see
/// [`cminus::unions`]). `None` when `phi` reads no such member or `e` is nondeterministic.
fn union_sibling_wp(prog: &Program, proc: &str, l: &Lval, e: &Expr, phi: &Expr) -> Option<Expr> {
    let Lval::Field(b, f) = l else { return None };
    let d = cminus::unions::union_def(prog, &prog.type_of_lval(prog.proc(proc), b)?)?;
    let Type::Int { bits, .. } = d.fields.iter().find(|x| &x.name == f)?.ty else { return None };
    if e.has_nondet() {
        return None;
    }
    let ulong = Type::Int { bits: 64, signed: false };
    let cast = |t: &Type, x: Expr| Expr::Cast(t.clone(), Box::new(x));
    let and = |x: Expr, m: i128| Expr::Binary(cminus::BinOp::BitAnd, Box::new(x), Box::new(Expr::Int(m)));
    let mut out = phi.clone();
    for g in d.fields.iter().filter(|g| &g.name != f) {
        let Type::Int { bits: gbits, .. } = g.ty else { continue };
        let r = Lval::Field(b.clone(), g.name.clone());
        if !mentions(&out, &r) {
            continue;
        }
        let value = if gbits <= bits {
            cast(&g.ty, e.clone())
        } else {
            let mask = (1i128 << bits) - 1;
            let high = and(cast(&ulong, Expr::Lval(r.clone())), (u64::MAX as i128) ^ mask);
            let low = and(cast(&ulong, e.clone()), mask);
            cast(&g.ty, Expr::Binary(cminus::BinOp::BitOr, Box::new(high), Box::new(low)))
        };
        out = subst(&out, &r, &value);
    }
    (out != *phi).then_some(out)
}

/// Whether `e` reads `l` or a part of it (a field or item of a struct `l`).
fn mentions(e: &Expr, l: &Lval) -> bool {
    fn within(x: &Lval, l: &Lval) -> bool {
        x == l || matches!(x, Lval::Field(b, _) | Lval::Index(b, _) if within(b, l))
    }
    let mut hit = false;
    e.visit_lvals(&mut |x| hit |= within(x, l));
    hit
}

/// A predicate in its positive form: casts to bool dropped, then the canonical form
/// (`cminus::pred::canonical`: `!e` → `e`, `a != b` → `a == b`, `a >= b` → `a < b`, …).
fn normalise(e: Expr) -> Expr {
    match e {
        Expr::Unary(cminus::UnOp::Not, a) | Expr::Cast(Type::Bool, a) => normalise(*a),
        e => match cminus::pred::canonical(tidy(&e)) {
            Expr::Binary(op, a, b) if op.is_comparison() => {
                Expr::Binary(op, Box::new(crate::fm::fold_sum(&a)), Box::new(crate::fm::fold_sum(&b)))
            }
            e => e,
        },
    }
}

/// `(&x)->f` as `x.f` (`*&l` is `l`) throughout.
fn tidy(e: &Expr) -> Expr {
    fn lv(l: &Lval) -> Lval {
        match l {
            Lval::Deref(b) => match b.as_ref() {
                Expr::AddrOf(inner) => lv(inner),
                other => Lval::Deref(Box::new(tidy(other))),
            },
            Lval::Var(_) => l.clone(),
            Lval::Field(b, f) => Lval::Field(Box::new(lv(b)), f.clone()),
            Lval::Index(b, i) => Lval::Index(Box::new(lv(b)), Box::new(tidy(i))),
        }
    }
    match e {
        Expr::Lval(l) => Expr::Lval(lv(l)),
        Expr::AddrOf(l) => Expr::AddrOf(lv(l)),
        Expr::Unary(o, a) => Expr::Unary(*o, Box::new(tidy(a))),
        Expr::Cast(t, a) => Expr::Cast(t.clone(), Box::new(tidy(a))),
        Expr::Binary(o, a, b) => Expr::Binary(*o, Box::new(tidy(a)), Box::new(tidy(b))),
        Expr::Float(o, t, xs) => Expr::Float(*o, t.clone(), xs.iter().map(tidy).collect()),
        e => e.clone(),
    }
}

/// Whether a comparison of two addresses has the same value in every state: addresses of
/// named objects (no pointer read on the way), or of two members of one object behind one
/// pointer (`&p->refs == &p->opened`).
fn static_address_comparison(e: &Expr) -> bool {
    fn has_deref(l: &Lval) -> bool {
        match l {
            Lval::Deref(_) => true,
            Lval::Var(_) => false,
            Lval::Field(b, _) => has_deref(b),
            Lval::Index(b, i) => has_deref(b) || !matches!(i.as_ref(), Expr::Int(_)),
        }
    }
    let Expr::Binary(cminus::BinOp::Eq, a, b) = e else { return false };
    match (a.as_ref(), b.as_ref()) {
        (Expr::AddrOf(x), Expr::AddrOf(y)) => {
            (!has_deref(x) && !has_deref(y))
                || matches!((x, y), (Lval::Field(bx, fx), Lval::Field(by, fy)) if bx == by && fx != fy)
        }
        _ => false,
    }
}

struct PredSet<'a> {
    prog: &'a Program,
    known: BTreeSet<(Option<String>, String)>,
    out: Vec<Predicate>,
}

impl PredSet<'_> {
    /// Add a predicate in procedure `proc`'s scope (global if it mentions only globals).
    fn add(&mut self, proc: &str, e: &Expr) {
        if e.has_nondet() {
            return;
        }
        let e = normalise(e.clone());
        let vs = var_names_of(&e);
        if vs.is_empty() || matches!(e, Expr::Bool(_) | Expr::Int(_)) || static_address_comparison(&e) {
            return;
        }
        let p = self.prog.proc(proc);
        let local =
            vs.iter().any(|v| p.is_some_and(|p| p.var(v).is_some()) || v == cminus::RET_VAR || v.ends_with("$pre"));
        let scope = if local { Some(proc.to_string()) } else { None };
        if self.prog.type_of(if local { p } else { None }, &e).is_none()
            && !vs.iter().any(|v| v == cminus::RET_VAR || v.ends_with("$pre"))
        {
            return;
        }
        let key = (scope.clone(), cminus::print_expr(&e));
        if self.known.insert(key) {
            self.out.push(Predicate { expr: e, scope });
        }
    }
}

/// New predicates from the core conditions: each condition where it was assumed, and its
/// weakest preconditions back along the path — through assignments, into callees whose
/// result it depends on (as a predicate over `$ret` and `pre(f)`), and out through the entry
/// of its procedure (formals replaced by the actuals).
fn predicates(sim: &Sim, path: &[PathStep], core: &[usize], known: &[Predicate]) -> Vec<Predicate> {
    let set = PredSet {
        prog: sim.prog,
        known: known.iter().map(|p| (p.scope.clone(), cminus::print_expr(&normalise(p.expr.clone())))).collect(),
        out: Vec::new(),
    };
    let mut walk = BackWalk { sim, path, set, pointsto: None };
    for &c in core {
        let cond = &sim.conds[c];
        let fid = sim.frame_of[cond.step];
        walk.walk_back(cond.step, fid, cond.expr.clone(), 0);
    }
    walk.set.out
}

/// At most this many comparisons are carried together by [`joint_predicates`].
const JOINT_ATOMS: usize = 24;

/// New predicates from the core conditions of one frame carried back *together*: where a
/// variable they read gets a nondeterministic value, it is eliminated from their conjunction
/// ([`crate::fm`]: `i >= n ∧ 0 < n` across `n := nondet` gives `1 <= i`), and the results
/// go on back along the path. Newton's walk carries each condition alone and stops at the
/// havoc, so a contradiction that needs two conditions and the value a variable had before
/// the havoc yields no predicate there. Frames other than the conditions' are not entered:
/// the joint walk stops at a call that may change what the conditions read.
fn joint_predicates(sim: &Sim, path: &[PathStep], core: &[usize], known: &[Predicate]) -> Vec<Predicate> {
    let mut set = PredSet {
        prog: sim.prog,
        known: known.iter().map(|p| (p.scope.clone(), cminus::print_expr(&normalise(p.expr.clone())))).collect(),
        out: Vec::new(),
    };
    let frames: BTreeSet<usize> = core.iter().map(|&c| sim.frame_of[sim.conds[c].step]).collect();
    for fid in frames {
        let proc = sim.all_frames[fid].proc.clone();
        let mut conds: Vec<(usize, Expr)> = core
            .iter()
            .map(|&c| &sim.conds[c])
            .filter(|c| sim.frame_of[c.step] == fid)
            .map(|c| (c.step, c.expr.clone()))
            .collect();
        if conds.len() < 2 {
            continue;
        }
        conds.sort_by_key(|c| c.0);
        let mut atoms: Vec<Expr> = Vec::new();
        let mut j = conds.last().map_or(0, |c| c.0) + 1;
        while j > 0 {
            j -= 1;
            if sim.frame_of[j] != fid {
                continue;
            }
            let Some((_, s)) = stmt(sim.prog, &sim.index, path[j].stmt) else { break };
            match &s.kind {
                StmtKind::Assign(l, e) if atoms.iter().any(|a| mentions(a, l)) => {
                    if is_memory(sim, &proc, l) && atoms.iter().any(|a| !memory_reads(sim, &proc, a).is_empty()) {
                        break; // aliasing: left to Newton's walk
                    }
                    if e.has_nondet() {
                        let (with, without): (Vec<Expr>, Vec<Expr>) = atoms.into_iter().partition(|a| mentions(a, l));
                        atoms = without;
                        for a in crate::fm::eliminate(&with, l) {
                            set.add(&proc, &a);
                            atoms.push(a);
                        }
                    } else {
                        atoms = atoms.iter().map(|a| subst(a, l, e)).collect();
                        for a in &atoms {
                            set.add(&proc, a);
                        }
                    }
                }
                StmtKind::Call { ret, .. } => {
                    let reads_ret = ret.as_ref().is_some_and(|l| atoms.iter().any(|a| mentions(a, l)));
                    let reads_shared = atoms.iter().any(|a| {
                        !memory_reads(sim, &proc, a).is_empty()
                            || var_names_of(a).iter().any(|v| sim.prog.proc(&proc).is_some_and(|p| p.var(v).is_none()))
                    });
                    if reads_ret || reads_shared {
                        break;
                    }
                }
                _ => {}
            }
            atoms.extend(conds.iter().filter(|c| c.0 == j).map(|c| c.1.clone()));
            atoms.truncate(JOINT_ATOMS);
        }
    }
    set.out
}

/// The walk of conditions back along a path, collecting the predicates it meets in `set`.
struct BackWalk<'w, 'p, 'ctx> {
    sim: &'w Sim<'p, 'ctx>,
    path: &'w [PathStep],
    set: PredSet<'p>,
    /// The program's points-to analysis, computed when a write of one type meets a read of
    /// another ([`Self::may_overlap`]).
    pointsto: Option<cminus::pointsto::PointsTo>,
}

impl BackWalk<'_, '_, '_> {
    /// Carry `phi` (true just before step `i`, in frame `fid`) back to the start of the path.
    fn walk_back(&mut self, i: usize, fid: usize, phi: Expr, nest: usize) {
        let sim = self.sim;
        let proc = sim.all_frames[fid].proc.clone();
        self.set.add(&proc, &phi);
        if nest > 3 {
            return;
        }
        let mut phi = phi;
        let mut j = i;
        while j > 0 {
            j -= 1;
            let fj = sim.frame_of[j];
            if fj != fid {
                continue;
            }
            let Some((_, s)) = stmt(sim.prog, &sim.index, self.path[j].stmt) else { return };
            let step = match &s.kind {
                StmtKind::Assign(l, e) => self.back_through_assign(j, fid, l, e, &mut phi, nest),
                StmtKind::Call { ret, callee, .. } => self.back_through_call(j, fid, ret.as_ref(), callee, &phi, nest),
                _ => ControlFlow::Continue(()),
            };
            if step.is_break() {
                return;
            }
        }
        self.out_to_caller(fid, phi, nest);
    }

    /// The weakest precondition of `phi` through the assignment `l := e` at step `j` of frame
    /// `fid`, in place. Breaks the walk when `phi` reads a nondeterministic value.
    fn back_through_assign(
        &mut self,
        j: usize,
        fid: usize,
        l: &Lval,
        e: &Expr,
        phi: &mut Expr,
        nest: usize,
    ) -> ControlFlow<()> {
        let sim = self.sim;
        let proc = sim.all_frames[fid].proc.as_str();
        // Morris: a write through memory may hit another lvalue the predicate reads;
        // the alias condition is a predicate of its own, carried back from here.
        if is_memory(sim, proc, l) && nest < 3 {
            for r in memory_reads(sim, proc, phi) {
                if r == *l {
                    continue;
                }
                // overlapping bytes of different types only for the predicate's own reads
                // (not those of alias conditions: they multiply)
                let bytes = sim.env.bytes() && nest == 0 && self.may_overlap(proc, l, &r);
                if !bytes && !self.may_alias(proc, l, &r) {
                    // the abstraction prunes the same way: the condition would only add
                    // predicates that are false wherever they are evaluated
                    continue;
                }
                if let Some((c, same)) = alias_condition(sim.prog, bytes, proc, l, &r) {
                    self.walk_back(j, fid, c, nest + 1);
                    if same && !e.has_nondet() {
                        self.set.add(proc, &subst(phi, &r, e));
                    }
                }
            }
        }
        if mentions(phi, l) {
            if e.has_nondet() {
                return ControlFlow::Break(());
            }
            *phi = subst(phi, l, e);
            self.set.add(proc, phi);
        }
        if let Some(after) = union_sibling_wp(sim.prog, proc, l, e, phi) {
            *phi = after;
            self.set.add(proc, phi);
        }
        ControlFlow::Continue(())
    }

    /// May the write `w` and the read `r` (both in `proc`) name the same object, by the
    /// points-to analysis? A write of one type that the analysis keeps apart from the read
    /// needs no alias condition (c2bp's abstraction prunes the same pairs).
    fn may_alias(&mut self, proc: &str, w: &Lval, r: &Lval) -> bool {
        let pt = self.pointsto.get_or_insert_with(|| cminus::pointsto::PointsTo::analyze(self.sim.prog));
        pt.may_alias(w, r, proc)
    }

    /// May the write `w` reach bytes of the read `r` (both in `proc`, of different types), by
    /// the points-to analysis? (Memory it knows nothing about may overlap anything.) The
    /// byte-overlap condition is offered only then: it would be noise for the abstraction,
    /// which prunes the same way. False for lvalues of one type.
    fn may_overlap(&mut self, proc: &str, w: &Lval, r: &Lval) -> bool {
        let p = self.sim.prog.proc(proc);
        let (tw, tr) = (self.sim.prog.type_of_lval(p, w), self.sim.prog.type_of_lval(p, r));
        if tw == tr {
            // one type: the alias condition is their addresses' equality (no analysis needed)
            return false;
        }
        self.may_alias(proc, w, r)
    }

    /// `phi` back through the call at step `j` of frame `fid`. If it reads the call's result,
    /// it goes into the callee and the walk of this frame ends; else, if it reads globals or
    /// memory the callee may change, the walk goes on through the callee's body (and ends
    /// here); else it skips the call.
    fn back_through_call(
        &mut self,
        j: usize,
        fid: usize,
        ret: Option<&Lval>,
        callee: &str,
        phi: &Expr,
        nest: usize,
    ) -> ControlFlow<()> {
        let sim = self.sim;
        let proc = sim.all_frames[fid].proc.as_str();
        let child = sim.all_frames.iter().position(|f| f.call_step == Some(j));
        let reads_result = ret.is_some_and(|l| mentions(phi, l));
        if !reads_result {
            // Globals (and memory) the predicate reads may change in the callee: carry
            // it through the callee's body, from its return back to its entry and on.
            let caller = sim.prog.proc(proc);
            let nonlocal = var_names_of(phi).iter().any(|v| caller.is_none_or(|p| p.var(v).is_none()))
                || !memory_reads(sim, proc, phi).is_empty();
            if let (true, Some(g)) = (nonlocal, child) {
                if let Some(r) = sim.all_frames[g].return_step {
                    if sim.prog.proc(callee).is_some() {
                        self.through_pointer_arguments(j, fid, g, r, phi, nest);
                        // The caller's registers keep their values across the call: where
                        // the callee has locals of the same names (a recursive call) and the
                        // path gives them constant values, the callee sees the constants.
                        // `v == c` is what makes them the same: a predicate of the caller.
                        let inner = match constant_registers(sim, j, proc, callee, phi) {
                            Some((inner, values)) => {
                                for eq in values {
                                    self.walk_back(j, fid, eq, nest + 1);
                                }
                                inner
                            }
                            None => phi.clone(),
                        };
                        // The walk only moves back along the path: no nesting.
                        self.walk_back(r + 1, g, inner, nest);
                        return ControlFlow::Break(());
                    }
                }
            }
            return ControlFlow::Continue(());
        }
        let Some(l) = ret else { return ControlFlow::Continue(()) };
        if cminus::pointsto::extern_allocation(sim.prog, callee).is_some() {
            // `l == x` after an allocation: the path needs `x` at or above the watermark
            // before it (the result is NULL or fresh), so `x < top` is what separates it
            // from an object allocated earlier (`logic::alloc`); carried back to where `x`
            // got its value (an earlier allocation's result, `a := (int *)t`).
            if let Some(x) = compared_with(sim.prog, proc, phi, l) {
                let top = Expr::var(cminus::names::ALLOC_TOP);
                self.walk_back(j, fid, Expr::bin(cminus::BinOp::Lt, x, top), nest + 1);
            }
            return ControlFlow::Break(());
        }
        if let Some(g) = child.filter(|_| sim.prog.proc(callee).is_some()) {
            self.back_into_callee(g, callee, l, phi, nest);
        }
        ControlFlow::Break(())
    }

    /// `phi` (in frame `fid`, after the call at step `j` that made frame `g`, returning at
    /// step `r`) reads memory through a local pointer `v` of the caller that the callee may
    /// write through a pointer argument `a` (its formal `f`): over the callee's names (`v`
    /// as `f`) it is a predicate of the callee, carried back from its return (and from its
    /// entry out to this call as a fact about `a`), and `v == a` is a predicate of the
    /// caller at the call — the lecture's return predicates over dereferences of formals.
    fn through_pointer_arguments(&mut self, j: usize, fid: usize, g: usize, r: usize, phi: &Expr, nest: usize) {
        let sim = self.sim;
        if nest > 2 {
            return;
        }
        let phi = &tidy(phi);
        let caller = sim.prog.proc(&sim.all_frames[fid].proc);
        let is_local = |v: &str| caller.is_some_and(|p| p.var(v).is_some());
        // The local each memory read starts from: behind a pointer (`q->opened`: bases) or
        // an object of the caller itself (`e.state`: roots, passed by address as `&e`).
        let mut bases: BTreeSet<String> = BTreeSet::new();
        let mut roots: BTreeSet<String> = BTreeSet::new();
        for l in memory_reads(sim, &sim.all_frames[fid].proc, phi) {
            let mut l = &l;
            while let Lval::Field(b, _) | Lval::Index(b, _) = l {
                l = b;
            }
            match l {
                Lval::Deref(b) => match b.as_ref() {
                    Expr::Lval(Lval::Var(v)) if is_local(v) => {
                        bases.insert(v.clone());
                    }
                    _ => {}
                },
                Lval::Var(v) if is_local(v) => {
                    roots.insert(v.clone());
                }
                _ => {}
            }
        }
        let actuals = sim.all_frames[g].actuals.clone();
        for v in &roots {
            for (f, a) in &actuals {
                if a != &Expr::AddrOf(Lval::var(v)) {
                    continue;
                }
                let psi = subst(phi, &Lval::var(v), &Expr::Lval(Lval::Deref(Box::new(Expr::var(f)))));
                if var_names_of(&psi).iter().all(|x| x == f || !is_local(x)) {
                    self.walk_back(r, g, psi, nest + 1);
                }
            }
        }
        for v in &bases {
            for (f, a) in &actuals {
                let ta = caller.and_then(|p| sim.prog.type_of(Some(p), a));
                if !matches!(ta, Some(Type::Ptr(_)))
                    || ta != caller.and_then(|p| sim.prog.type_of(Some(p), &Expr::var(v)))
                {
                    continue;
                }
                let psi = subst(phi, &Lval::var(v), &Expr::var(f));
                if var_names_of(&psi).iter().any(|x| x != f && is_local(x)) {
                    continue;
                }
                self.walk_back(r, g, psi, nest + 1);
                if a != &Expr::var(v) {
                    let alias = Expr::bin(cminus::BinOp::Eq, Expr::var(v), a.clone());
                    self.walk_back(j, fid, alias, nest + 1);
                }
            }
        }
    }

    /// `phi` reads the result `l` of the call that made frame `g`: over the callee's names
    /// (the result is `$ret`, actuals that are plain variables are `pre(formal)`) it is a
    /// predicate of the callee, carried back from the callee's return statement.
    fn back_into_callee(&mut self, g: usize, callee: &str, l: &Lval, phi: &Expr, nest: usize) {
        let sim = self.sim;
        let info = &sim.all_frames[g];
        let mut rho = subst(phi, l, &Expr::var(cminus::RET_VAR));
        for (f, a) in &info.actuals {
            if let Expr::Lval(al @ Lval::Var(_)) = a {
                rho = subst(&rho, al, &Expr::var(&cminus::pre_var(f)));
            }
        }
        let callee_p = sim.prog.proc(callee);
        let ok = var_names_of(&rho).iter().all(|v| {
            v == cminus::RET_VAR
                || v.ends_with("$pre")
                || (sim.prog.global(v).is_some() && callee_p.is_some_and(|p| p.var(v).is_none()))
        });
        if !ok {
            return;
        }
        self.set.add(callee, &rho);
        if let Some(r) = info.return_step {
            if let Some((_, rs)) = stmt(sim.prog, &sim.index, self.path[r].stmt) {
                if let StmtKind::Return(Some(e)) = &rs.kind {
                    let inner = subst(&rho, &Lval::var(cminus::RET_VAR), e);
                    self.walk_back(r, g, inner, nest + 1);
                }
            }
        }
    }

    /// At the start of frame `fid`: `phi` out through the call into the caller (formals
    /// replaced by the actuals), unless it still reads other locals of the callee.
    fn out_to_caller(&mut self, fid: usize, phi: Expr, nest: usize) {
        let sim = self.sim;
        let info = &sim.all_frames[fid];
        if let (Some(cs), Some(parent)) = (info.call_step, info.parent) {
            let callee = sim.prog.proc(&info.proc);
            let mut out = phi;
            for (f, a) in &info.actuals {
                out = subst(&out, &Lval::var(f), a);
                out = subst(&out, &Lval::var(&cminus::pre_var(f)), a);
            }
            let locals_left = var_names_of(&out)
                .iter()
                .any(|v| callee.is_some_and(|p| p.var(v).is_some()) && !info.actuals.iter().any(|(f, _)| f == v));
            if !locals_left {
                self.walk_back(cs, parent, out, nest);
            }
        }
    }
}

/// `phi` with every local register of `proc` it reads replaced by the constant the path
/// gives it at the call of `callee` at step `j` (cast to its type), and the equalities
/// `v == c`; `None` if it reads none, one without a constant value, or one whose name the
/// callee does not have (only a name the callee shares — a recursive call's — would be
/// misread inside it).
fn constant_registers(sim: &Sim, j: usize, proc: &str, callee: &str, phi: &Expr) -> Option<(Expr, Vec<Expr>)> {
    let p = sim.prog.proc(proc)?;
    let st = sim.call_states.get(&j)?;
    let mut out = phi.clone();
    let mut values = Vec::new();
    for v in var_names_of(phi) {
        let Some(var) = p.var(&v) else { continue };
        if sim.prog.proc(callee).is_none_or(|q| q.var(&v).is_none()) {
            // not a name of the callee's: the walk leaves it alone (constants from one path
            // would unroll a loop around the call)
            return None;
        }
        if is_memory(sim, proc, &Lval::var(&v)) || !var.ty.is_scalar() || var.ty.is_pointer() {
            return None;
        }
        let n = logic::sym::numeral(&st.read(&sim.env, &Lval::var(&v)).ok()?)?;
        let c = Expr::Cast(var.ty.clone(), Box::new(Expr::Int(n)));
        out = subst(&out, &Lval::var(&v), &c);
        values.push(Expr::bin(cminus::BinOp::Eq, Expr::var(&v), c));
    }
    (!values.is_empty()).then_some((out, values))
}

/// `x` (as a `void *`) when `phi` is `l == x` or `x == l`, with `l` a pointer (under pointer
/// casts) and `x` a pointer that does not read `l`.
fn compared_with(prog: &Program, proc: &str, phi: &Expr, l: &Lval) -> Option<Expr> {
    fn strip(e: &Expr) -> &Expr {
        match e {
            Expr::Cast(Type::Ptr(_), inner) => strip(inner),
            e => e,
        }
    }
    let Expr::Binary(cminus::BinOp::Eq | cminus::BinOp::Ne, a, b) = normalise(phi.clone()) else { return None };
    let p = prog.proc(proc);
    let is_ptr = |e: &Expr| matches!(prog.type_of(p, e), Some(Type::Ptr(_)));
    let x = match (strip(&a), strip(&b)) {
        (Expr::Lval(r), _) if r == l => b,
        (_, Expr::Lval(r)) if r == l => a,
        _ => return None,
    };
    if mentions(&x, l) || !is_ptr(&x) || !is_ptr(&Expr::Lval(l.clone())) || matches!(strip(&x), Expr::Int(_)) {
        return None;
    }
    let void_ptr = Type::Ptr(Box::new(Type::Void));
    Some(match *x {
        Expr::Cast(Type::Ptr(ref t), ref inner) if **t == Type::Void => Expr::Cast(void_ptr, inner.clone()),
        x if prog.type_of(p, &x) == Some(void_ptr.clone()) => x,
        x => Expr::Cast(void_ptr, Box::new(x)),
    })
}

/// Whether an lvalue lives in memory (as opposed to a variable held in a register).
fn is_memory(sim: &Sim, proc: &str, l: &Lval) -> bool {
    match l {
        Lval::Var(v) => {
            let scope = logic::mem::Layout::scope(sim.prog, Some(proc), v);
            sim.env.layout.in_memory(&scope, v)
        }
        _ => true,
    }
}

/// The memory lvalues an expression reads.
fn memory_reads(sim: &Sim, proc: &str, e: &Expr) -> Vec<Lval> {
    let mut out: Vec<Lval> = Vec::new();
    e.visit_lvals(&mut |l| {
        if is_memory(sim, proc, l) && !out.contains(l) {
            out.push(l.clone());
        }
    });
    out
}

/// When does a write to `w` change the value of `r` (both in `proc`)? Of one scalar type:
/// when they are the same lvalue (and `r` then reads the value written: true second). Of
/// different types, in byte memory (`bytes`): when their bytes overlap ([`byte_overlap`]).
fn alias_condition(prog: &Program, bytes: bool, proc: &str, w: &Lval, r: &Lval) -> Option<(Expr, bool)> {
    let p = prog.proc(proc);
    let (tw, tr) = (prog.type_of_lval(p, w)?, prog.type_of_lval(p, r)?);
    if !tr.is_scalar() {
        return None;
    }
    if !tw.is_scalar() {
        // an aggregate written whole (a struct assignment, `memcpy`'s byte array): in byte
        // memory the read keeps its value where it lies outside the written bytes
        return if bytes { byte_overlap(prog, p, (w, &tw), (r, &tr)).map(|c| (c, false)) } else { None };
    }
    if tw != tr {
        return if bytes { byte_overlap(prog, p, (w, &tw), (r, &tr)).map(|c| (c, false)) } else { None };
    }
    use cminus::BinOp::Eq;
    let same = match (w, r) {
        (Lval::Deref(a), Lval::Deref(b)) => Expr::bin(Eq, (**a).clone(), (**b).clone()),
        (Lval::Deref(a), other) | (other, Lval::Deref(a)) => Expr::bin(Eq, (**a).clone(), Expr::AddrOf(other.clone())),
        (Lval::Index(a, i), Lval::Index(b, k)) if a == b => Expr::bin(Eq, (**i).clone(), (**k).clone()),
        (Lval::Field(a, f), Lval::Field(b, g)) if f == g => match (a.as_ref(), b.as_ref()) {
            (Lval::Deref(x), Lval::Deref(y)) => Expr::bin(Eq, (**x).clone(), (**y).clone()),
            _ => Expr::bin(Eq, Expr::AddrOf(w.clone()), Expr::AddrOf(r.clone())),
        },
        _ => Expr::bin(Eq, Expr::AddrOf(w.clone()), Expr::AddrOf(r.clone())),
    };
    Some((same, true))
}

/// The `n` bytes of `w` and the `m` bytes of `r` share an address: `(u64)&r - (u64)&w + (m - 1)
/// < n + m - 1`, unsigned at the width of memory's addresses (they are `a + k` modulo 2^64),
/// the negation of `logic::Env::apart`. None for a bit-field (its bytes are not its type's).
fn byte_overlap(
    prog: &Program,
    p: Option<&cminus::Proc>,
    (w, tw): (&Lval, &Type),
    (r, tr): (&Lval, &Type),
) -> Option<Expr> {
    let bit_field = |l: &Lval| match l {
        Lval::Field(b, f) => match prog.type_of_lval(p, b) {
            Some(Type::Struct(s)) => cminus::layout::is_bit_field(prog, &s, f),
            _ => true,
        },
        _ => false,
    };
    if bit_field(w) || bit_field(r) {
        return None;
    }
    let (n, m) = (cminus::layout::size_of(prog, tw)?, cminus::layout::size_of(prog, tr)?);
    if n == 0 || m == 0 {
        return None;
    }
    let u64t = Type::int(64, false);
    let addr = |l: &Lval| {
        let a = match l {
            Lval::Deref(p) => (**p).clone(),
            l => Expr::AddrOf(l.clone()),
        };
        Expr::Cast(u64t.clone(), Box::new(a))
    };
    let k = |v: u64| Expr::Cast(u64t.clone(), Box::new(Expr::Int(i128::from(v))));
    let d = Expr::bin(cminus::BinOp::Sub, addr(r), addr(w));
    Some(Expr::bin(cminus::BinOp::Lt, Expr::bin(cminus::BinOp::Add, d, k(m - 1)), k(n + m - 1)))
}

fn var_names_of(e: &Expr) -> BTreeSet<String> {
    e.var_names()
}

#[cfg(test)]
mod tests {
    use super::{fix_allocations, typed_cell, with_deps};
    use cminus::Type;
    use logic::formula;

    #[test]
    fn an_allocation_outcome_is_substituted_only_after_the_condition_that_decides_it() {
        let ctx = logic::new_context();
        let [ok, x, y, z, a] = ["ok", "x", "y", "z", "a"].map(|n| formula::atom(&ctx, n));
        let all = vec![
            a.clone(),                                    // an axiom
            formula::or(&ctx, &[&formula::not(&ok), &z]), // before the check: left alone
            formula::and(&ctx, &[&ok, &x]),               // `p != NULL`: decides `ok`
            formula::or(&ctx, &[&formula::not(&ok), &y]), // rewritten under it
            z.clone(),                                    // does not mention `ok`
        ];
        let (out, deps) = fix_allocations(&[(ok.clone(), 0)], &all, 1);
        assert!(out[0] == all[0] && out[1] == all[1] && out[2] == all[2] && out[4] == all[4]);
        assert!(out[3] != all[3]);
        assert_eq!(formula::decides(&out[3], &ok), None, "no `ok` left in it");
        assert_eq!(deps, vec![vec![], vec![], vec![], vec![2], vec![]]);
        // a core with the rewritten condition holds only with the one that decided it
        assert_eq!(with_deps(vec![3, 4], &deps), vec![2, 3, 4]);
        assert_eq!(with_deps(vec![1, 4], &deps), vec![1, 4]);
    }

    #[test]
    fn byte_offsets_map_to_the_typed_cells() {
        let src = "struct in { short a; int b; };\nstruct s { char c; int x; struct in n[2]; union { int i; char k[4]; } u; long l; };\nint main(void) { return 0; }\n";
        let p = cfront::lower_str("t.c", src, &cfront::Options::default()).unwrap();
        let s = Type::Struct("s".into());
        let arr = Type::Array(Box::new(s.clone()), None);
        let int = Type::INT;
        // c: cell 0; x (byte 4): cell 1; n[0].a (byte 8): 2, n[0].b (12): 3, n[1].a (16): 4,
        // n[1].b (20): 5; u (24): 6 — its `int` or its first `char`, 5 cells with the tag of a
        // mixed union —; l (32): 11; 12 cells in all
        assert_eq!(typed_cell(&p, &s, 0, &Type::CHAR), Some(0));
        assert_eq!(typed_cell(&p, &s, 4, &int), Some(1));
        assert_eq!(typed_cell(&p, &s, 12, &int), Some(3));
        assert_eq!(typed_cell(&p, &s, 16, &Type::int(16, true)), Some(4));
        assert_eq!(typed_cell(&p, &s, 20, &int), Some(5));
        assert_eq!(typed_cell(&p, &s, 24, &int), Some(6));
        assert_eq!(typed_cell(&p, &s, 24, &Type::CHAR), Some(6));
        assert_eq!(typed_cell(&p, &s, 25, &Type::CHAR), Some(7));
        assert_eq!(typed_cell(&p, &s, 32, &Type::int(64, true)), Some(11));
        // the second element of an array of them
        assert_eq!(typed_cell(&p, &arr, 40 + 4, &int), Some(13));
        // no scalar starts there with that size
        assert_eq!(typed_cell(&p, &s, 5, &int), None);
        assert_eq!(typed_cell(&p, &s, 4, &Type::int(64, true)), None);
    }
}
