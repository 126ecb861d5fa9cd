//! Interval analysis with input splitting: a prover for small numeric programs (floating
//! point above all) that the predicate engines cannot decide in time.
//!
//! The program runs on *abstract* values — an interval of integers in its C type, an interval
//! of floats with a NaN flag ([`value`]) — one path at a time: a branch whose condition the
//! intervals decide follows it, one they do not decide forks both ways, narrowing the
//! variables the condition compares. Every input (each `nondet` a path reads, keyed by its
//! statement and occurrence) ranges over a **box**; the first box is every input's whole
//! type. When a path of a box reaches an error statement, or an operation that could be
//! undefined, or the step budget, the box is split in two along one input — the widest of
//! those the undecided branches on that path depended on — and both halves are run again.
//! When every path of every box ends (returns, halts, or is cut by a false `assume`), no run
//! reaches an error: SAFE. A box whose inputs are all single values and still reaches an
//! error ends the analysis: finding violations is the other engines' work.
//!
//! This is sound for the programs it accepts: integer and float arithmetic as gcc computes it
//! (`value`), scalar variables and arrays of them indexed in bounds. Anything else it meets on
//! a path (pointers, structs, `long double`, reinterpreting casts) stops it with
//! [`StopReason::Unsupported`] and the other engines go on. Small ranges of integer inputs are
//! split down to single values, so the analysis also enumerates them, each run concrete.

pub mod value;

use cminus::{BinOp, Expr, FloatOp, Lval, Program, StmtId, StmtKind, Type, UnOp};
use engine::{EngineKind, Outcome, StopReason, Strategies};
use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use value::{AVal, FloatVal, IntTy, IntVal, Val};

/// Limits of one analysis.
#[derive(Clone, Debug)]
pub struct Options {
    pub time: Option<Duration>,
    pub cancel: Option<Arc<AtomicBool>>,
    /// Statements run for one box (all its paths) before it is split.
    pub box_steps: u64,
    /// Boxes run in all.
    pub max_boxes: usize,
}

impl Default for Options {
    fn default() -> Options {
        Options { time: None, cancel: None, box_steps: 1_000_000, max_boxes: 1_000_000 }
    }
}

/// What the analysis did, for the report.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    pub boxes: usize,
    pub paths: u64,
    pub steps: u64,
}

/// Prove that no error statement of `prog` is reachable. The outcome is SAFE, or UNKNOWN
/// with the reason the analysis stopped (never VIOLATION).
pub fn check(prog: &Program, opts: &Options) -> Outcome {
    analyse(prog, opts).outcome
}

/// The inputs of a path that reached an error with every input a single value: (statement,
/// occurrence at it, value — a float as its bit pattern). Not a violation by itself (a value
/// the analysis does not track, an uninitialised one, may have decided the path): a
/// candidate for an engine that replays it on the interpreter.
pub type Witness = Vec<(StmtId, u32, i128)>;

/// What [`analyse`] found: the outcome, and the inputs of a path to an error when it gave up
/// on one.
pub struct Analysis {
    pub outcome: Outcome,
    pub witness: Option<Witness>,
}

/// [`check`], with the candidate inputs of the path it gave up on.
pub fn analyse(prog: &Program, opts: &Options) -> Analysis {
    let start = Instant::now();
    let mut witness = None;
    let (reason, detail, stats) = match Ctx::new(prog) {
        Err(why) => (StopReason::Unsupported, why, Stats::default()),
        Ok(ctx) => ctx.prove(opts, start, &mut witness),
    };
    let strategies = Strategies {
        abstraction: "intervals".into(),
        checker: "interval interpreter".into(),
        refiner: "input splitting".into(),
    };
    tracing::debug!(
        ?reason,
        boxes = stats.boxes,
        paths = stats.paths,
        steps = stats.steps,
        "interval analysis: {detail}"
    );
    let outcome = Outcome::of_engine(EngineKind::Interval, reason, detail, strategies, start.elapsed().as_secs_f64());
    Analysis { outcome, witness }
}

/// A single value as the interpreter holds it (a float as its bit pattern; NaN the quiet one).
fn point_bits(v: &Val) -> i128 {
    match v {
        Val::Int(i) => i.lo,
        Val::Float(f) => {
            let x = f.range.map_or(f64::NAN, |r| r.0);
            if f.bits == 32 {
                (x as f32).to_bits() as i128
            } else {
                x.to_bits() as i128
            }
        }
    }
}

/// An input: the statement that reads it and how many times the path read there before.
type Key = (StmtId, u32);

/// The inputs' ranges of a box (an input not named ranges over its whole type).
type InputBox = HashMap<Key, Val>;

/// A variable's contents.
#[derive(Clone, Debug)]
enum Slot {
    V(AVal),
    Arr(Vec<Slot>),
    /// A value the analysis does not model (a pointer, a struct): using it stops the analysis.
    Opaque,
}

#[derive(Clone)]
struct Frame<'p> {
    proc: usize,
    pc: usize,
    vars: Vec<Slot>,
    /// Where the caller stores the returned value.
    ret: Option<&'p Lval>,
}

/// One path's state.
#[derive(Clone)]
struct State<'p> {
    globals: Vec<Slot>,
    frames: Vec<Frame<'p>>,
    /// Per input statement, the inputs read there so far.
    site_reads: HashMap<StmtId, u32>,
    /// The inputs read, in order, with their ranges.
    reads: Vec<(Key, Val)>,
    /// The inputs the undecided branches of this path depended on.
    blame: u64,
}

/// Why a path stopped before it ended.
enum Stop {
    /// Something the analysis does not model: the whole analysis stops.
    Unsupported(String),
    /// The path may reach an error, undefined behaviour, or a limit: the box is split.
    Open(String),
    /// The path reached an error statement (with every input a single value, a candidate
    /// violation for the engines that replay).
    Error(String),
}

fn unsupported<T>(what: impl Into<String>) -> Result<T, Stop> {
    Err(Stop::Unsupported(what.into()))
}

/// How one box ended.
enum BoxEnd<'p> {
    Closed,
    /// `budget`: the step budget ran out; `error`: an error statement was reached.
    Open {
        state: State<'p>,
        why: String,
        budget: bool,
        error: bool,
    },
    /// The time limit or the caller's stop.
    Stopped,
}

/// The most inputs one path reads, and the most paths waiting in a box: beyond them the box
/// is split (a loop that reads an input per trip forks without end).
const MAX_READS: usize = 4096;
const MAX_PENDING: usize = 65_536;

/// The program, indexed for the analysis.
struct Ctx<'p> {
    prog: &'p Program,
    procs: HashMap<&'p str, usize>,
    vars: Vec<HashMap<&'p str, usize>>,
    var_tys: Vec<Vec<&'p Type>>,
    labels: Vec<HashMap<&'p str, usize>>,
    globals: HashMap<&'p str, usize>,
    init: Vec<Slot>,
    /// Expression types by address (the program does not move during the analysis).
    types: RefCell<HashMap<usize, Option<Type>>>,
}

fn bit(i: usize) -> u64 {
    1u64 << i.min(63)
}

impl<'p> Ctx<'p> {
    fn new(prog: &'p Program) -> Result<Ctx<'p>, String> {
        let mut c = Ctx {
            prog,
            procs: prog.procs.iter().enumerate().map(|(i, p)| (p.name.as_str(), i)).collect(),
            vars: vec![],
            var_tys: vec![],
            labels: vec![],
            globals: prog.globals.iter().enumerate().map(|(i, g)| (g.name.as_str(), i)).collect(),
            init: vec![],
            types: RefCell::new(HashMap::new()),
        };
        for p in &prog.procs {
            let all: Vec<&cminus::Var> = p.formals.iter().chain(&p.locals).collect();
            c.vars.push(all.iter().enumerate().map(|(i, v)| (v.name.as_str(), i)).collect());
            c.var_tys.push(all.iter().map(|v| &v.ty).collect());
            c.labels.push(p.label_map());
        }
        if !c.procs.contains_key(prog.entry.as_str()) {
            return Err(format!("no entry procedure {}", prog.entry));
        }
        c.init = prog.globals.iter().map(|g| c.initial(&g.ty, &g.init)).collect();
        Ok(c)
    }

    /// A global's initial contents.
    fn initial(&self, ty: &Type, init: &cminus::Init) -> Slot {
        use cminus::Init;
        match (ty, init) {
            (Type::Array(t, Some(n)), Init::Zero) if *n <= 1 << 16 => {
                Slot::Arr((0..*n).map(|_| self.initial(t, &Init::Zero)).collect())
            }
            (Type::Array(t, Some(n)), Init::List(xs)) if *n <= 1 << 16 && xs.len() as u64 <= *n => {
                Slot::Arr((0..*n as usize).map(|i| self.initial(t, xs.get(i).unwrap_or(&Init::Zero))).collect())
            }
            (_, Init::Zero) => match IntTy::of(ty) {
                Some(t) => Slot::V(AVal { v: Val::Int(IntVal::point(0, t)), deps: 0 }),
                None => match ty {
                    Type::Float { bits: b @ (32 | 64) } => {
                        Slot::V(AVal { v: Val::Float(FloatVal::point(*b, 0.0)), deps: 0 })
                    }
                    _ => Slot::Opaque,
                },
            },
            (_, Init::Expr(Expr::Nondet(_))) => full_slot(ty),
            (_, Init::Expr(e)) if e.var_names().is_empty() => {
                // a constant: evaluated on an empty path (it reads no variable)
                let mut st =
                    State { globals: vec![], frames: vec![], site_reads: HashMap::new(), reads: vec![], blame: 0 };
                let ex = Exec { ctx: self, bx: &HashMap::new() };
                match ex.eval(&mut st, e, StmtId(u32::MAX)).and_then(|v| fit(v, ty)) {
                    Ok(v) => Slot::V(v),
                    Err(_) => Slot::Opaque,
                }
            }
            _ => Slot::Opaque,
        }
    }

    fn type_of(&self, proc: usize, e: &Expr) -> Option<Type> {
        let key = e as *const Expr as usize;
        if let Some(t) = self.types.borrow().get(&key) {
            return t.clone();
        }
        let t = self.prog.type_of(Some(&self.prog.procs[proc]), e);
        self.types.borrow_mut().insert(key, t.clone());
        t
    }

    fn prove(&self, opts: &Options, start: Instant, witness: &mut Option<Witness>) -> (StopReason, String, Stats) {
        let mut stats = Stats::default();
        // (a box first runs on a small budget; one that spends it on undecided branches is
        // split at once, one that spends it running determined code runs again on the whole)
        let small = (opts.box_steps / 50).max(1);
        let mut work: Vec<(InputBox, u64)> = vec![(HashMap::new(), small)];
        let ex_deadline = opts.time.map(|t| start + t);
        while let Some((bx, budget)) = work.pop() {
            if opts.cancel.as_ref().is_some_and(|c| c.load(Ordering::Relaxed)) {
                return (StopReason::Unknown, "stopped".into(), stats);
            }
            if ex_deadline.is_some_and(|d| Instant::now() >= d) {
                return (
                    StopReason::TimeLimit,
                    format!("the time limit was reached after {} boxes", stats.boxes),
                    stats,
                );
            }
            if stats.boxes >= opts.max_boxes {
                return (StopReason::Unknown, format!("{} boxes of inputs were not enough", stats.boxes), stats);
            }
            stats.boxes += 1;
            let ex = Exec { ctx: self, bx: &bx };
            let end = match ex.run_box(opts, budget, ex_deadline, &mut stats) {
                Ok(e) => e,
                Err(why) => return (StopReason::Unsupported, why, stats),
            };
            let (state, why, error) = match end {
                BoxEnd::Closed => continue,
                // (never `continue`: an unfinished box is not a closed one)
                BoxEnd::Stopped => {
                    let stopped = opts.cancel.as_ref().is_some_and(|c| c.load(Ordering::Relaxed));
                    let reason = if stopped { StopReason::Unknown } else { StopReason::TimeLimit };
                    return (reason, format!("the time limit was reached after {} boxes", stats.boxes), stats);
                }
                BoxEnd::Open { state, why, budget: spent, error } => {
                    let undecided = (0..state.reads.len()).any(|i| state.blame & bit(i) != 0);
                    if spent && budget < opts.box_steps && !undecided {
                        work.push((bx, opts.box_steps));
                        continue;
                    }
                    (state, why, error)
                }
            };
            // split the widest input the path's undecided branches depended on (any input
            // the path read when they depended on none)
            let splittable = |i: usize| state.reads[i].1.split().is_some();
            let blamed: Vec<usize> =
                (0..state.reads.len()).filter(|&i| state.blame & bit(i) != 0 && splittable(i)).collect();
            let cands =
                if blamed.is_empty() { (0..state.reads.len()).filter(|&i| splittable(i)).collect() } else { blamed };
            let Some(&i) = cands.iter().max_by(|&&a, &&b| {
                state.reads[a].1.log_width().total_cmp(&state.reads[b].1.log_width()).then(b.cmp(&a))
            }) else {
                // every input one value: the path is a run (when no unknown value decided it)
                if error {
                    *witness = Some(state.reads.iter().map(|(k, v)| (k.0, k.1, point_bits(v))).collect());
                }
                return (
                    StopReason::Unknown,
                    format!("a path with every input fixed to one value may reach {why}: left to the other engines"),
                    stats,
                );
            };
            let (key, v) = state.reads[i];
            let (a, b) = v.split().expect("splittable");
            let mut other = bx.clone();
            other.insert(key, b);
            let mut first = bx;
            first.insert(key, a);
            work.push((other, small));
            work.push((first, small));
        }
        let detail = format!(
            "interval analysis with input splitting: in {} boxes of inputs, every one of {} paths ({} statements) ends \
             without reaching an error",
            stats.boxes, stats.paths, stats.steps
        );
        (StopReason::Safe, detail, stats)
    }
}

/// The contents of a variable of type `ty` that may hold anything (uninitialised, an input).
fn full_slot(ty: &Type) -> Slot {
    match ty {
        Type::Array(t, Some(n)) if *n <= 1 << 16 => Slot::Arr((0..*n).map(|_| full_slot(t)).collect()),
        _ => match full(ty) {
            Some(v) => Slot::V(AVal { v, deps: 0 }),
            None => Slot::Opaque,
        },
    }
}

fn full(ty: &Type) -> Option<Val> {
    match ty {
        Type::Float { bits: b @ (32 | 64) } => Some(Val::Float(FloatVal::top(*b))),
        _ => IntTy::of(ty).map(|t| Val::Int(IntVal::full(t))),
    }
}

/// `v` stored into an object of type `ty` (integers converted as C converts them).
fn fit(v: AVal, ty: &Type) -> Result<AVal, Stop> {
    match (v.v, ty) {
        (Val::Int(i), _) if IntTy::of(ty).is_some() => {
            let t = IntTy::of(ty).expect("integer");
            Ok(AVal { v: Val::Int(if i.ty == t { i } else { IntVal::wrap(i.lo, i.hi, t) }), deps: v.deps })
        }
        (Val::Float(f), Type::Float { bits }) if f.bits == *bits => Ok(v),
        _ => unsupported(format!("a value stored into an object of type {}", cminus::print::type_str(ty))),
    }
}

fn as_int(v: AVal) -> Result<IntVal, Stop> {
    match v.v {
        Val::Int(i) => Ok(i),
        Val::Float(_) => unsupported("a floating value where an integer is expected"),
    }
}

fn as_float(v: AVal) -> Result<FloatVal, Stop> {
    match v.v {
        Val::Float(f) => Ok(f),
        Val::Int(_) => unsupported("an integer where a floating value is expected"),
    }
}

/// One box's run.
struct Exec<'c, 'p> {
    ctx: &'c Ctx<'p>,
    bx: &'c InputBox,
}

/// Where an lvalue is: a variable (`true`: global) and the index ranges into it.
struct Place {
    global: bool,
    var: usize,
    path: Vec<IntVal>,
    deps: u64,
}

impl<'c, 'p> Exec<'c, 'p> {
    fn run_box(
        &self,
        opts: &Options,
        budget: u64,
        deadline: Option<Instant>,
        stats: &mut Stats,
    ) -> Result<BoxEnd<'p>, String> {
        let ctx = self.ctx;
        let entry = ctx.procs[ctx.prog.entry.as_str()];
        let vars = ctx.var_tys[entry].iter().map(|t| full_slot(t)).collect();
        let first = State {
            globals: ctx.init.clone(),
            frames: vec![Frame { proc: entry, pc: 0, vars, ret: None }],
            site_reads: HashMap::new(),
            reads: vec![],
            blame: 0,
        };
        let mut stack = vec![first];
        let mut steps = 0u64;
        while let Some(mut st) = stack.pop() {
            stats.paths += 1;
            loop {
                steps += 1;
                stats.steps += 1;
                if steps > budget {
                    return Ok(BoxEnd::Open {
                        state: st,
                        why: "the step budget of a box".into(),
                        budget: true,
                        error: false,
                    });
                }
                if steps.is_multiple_of(4096)
                    && (deadline.is_some_and(|d| Instant::now() >= d)
                        || opts.cancel.as_ref().is_some_and(|c| c.load(Ordering::Relaxed)))
                {
                    return Ok(BoxEnd::Stopped);
                }
                match self.step(&mut st, &mut stack) {
                    Ok(true) => {}
                    Ok(false) => break,
                    Err(Stop::Unsupported(why)) => return Err(why),
                    Err(Stop::Open(why)) => return Ok(BoxEnd::Open { state: st, why, budget: false, error: false }),
                    Err(Stop::Error(why)) => return Ok(BoxEnd::Open { state: st, why, budget: false, error: true }),
                }
            }
        }
        Ok(BoxEnd::Closed)
    }

    /// Run one statement; `false` when the path ended without error.
    fn step(&self, st: &mut State<'p>, stack: &mut Vec<State<'p>>) -> Result<bool, Stop> {
        let ctx = self.ctx;
        let fr = st.frames.last().expect("a frame");
        let proc = &ctx.prog.procs[fr.proc];
        let Some(s) = proc.body.get(fr.pc) else { return unsupported("a procedure without return") };
        let site = s.id;
        match &s.kind {
            StmtKind::Assign(lv, e) => {
                let v = self.eval(st, e, site)?;
                self.write(st, lv, v, site)?;
                self.next(st);
            }
            StmtKind::Skip => self.next(st),
            StmtKind::Halt => return Ok(false),
            StmtKind::Error(_) => {
                let at = s.loc;
                return Err(Stop::Error(format!("the error at line {}", at.line)));
            }
            StmtKind::Assume(c) => {
                let av = self.eval(st, c, site)?;
                let v = as_int(av)?;
                if !v.may_nonzero() {
                    return Ok(false);
                }
                if v.may_zero() {
                    st.blame |= av.deps;
                    if !self.refine(st, c, true, site) {
                        return Ok(false);
                    }
                }
                self.next(st);
            }
            StmtKind::Goto(labels) => {
                let targets: Vec<usize> = labels
                    .iter()
                    .map(|l| ctx.labels[st.frames.last().expect("a frame").proc].get(l.as_str()).copied())
                    .collect::<Option<_>>()
                    .ok_or_else(|| Stop::Unsupported("a jump to an undefined label".into()))?;
                // a target whose leading `assume` is false here is not a path: no state is
                // forked for it (a concrete loop would leave one per trip)
                let body = &proc.body;
                let targets: Vec<usize> =
                    targets.into_iter().filter(|&t| !self.false_assume(st, body.get(t))).collect();
                if targets.is_empty() {
                    return Ok(false);
                }
                if stack.len() + targets.len() > MAX_PENDING {
                    return Err(Stop::Open(format!("{MAX_PENDING} paths waiting in one box")));
                }
                for &t in targets[1..].iter().rev() {
                    let mut other = st.clone();
                    other.frames.last_mut().expect("a frame").pc = t;
                    stack.push(other);
                }
                st.frames.last_mut().expect("a frame").pc = targets[0];
            }
            StmtKind::Call { ret, callee, args } => {
                let mut vals = Vec::with_capacity(args.len());
                for a in args {
                    vals.push(self.eval(st, a, site)?);
                }
                if let Some(&k) = ctx.procs.get(callee.as_str()) {
                    if st.frames.len() >= 1000 {
                        return Err(Stop::Open("a call depth of 1000".into()));
                    }
                    let tys = &ctx.var_tys[k];
                    let nformals = ctx.prog.procs[k].formals.len();
                    if vals.len() != nformals {
                        return unsupported(format!("a call of {callee} with {} arguments", vals.len()));
                    }
                    let mut vars = Vec::with_capacity(tys.len());
                    for (i, t) in tys.iter().enumerate() {
                        vars.push(match vals.get(i) {
                            Some(v) => Slot::V(fit(*v, t)?),
                            None => full_slot(t),
                        });
                    }
                    self.next(st);
                    st.frames.push(Frame { proc: k, pc: 0, vars, ret: ret.as_ref() });
                } else {
                    // an external function: returns anything of its type, leaves memory alone
                    if let Some(lv) = ret {
                        let Some(t) = ctx.prog.type_of_lval(Some(proc), lv) else {
                            return unsupported("an ill-typed call");
                        };
                        let v = self.input(st, &t, site)?;
                        self.write(st, lv, v, site)?;
                    }
                    self.next(st);
                }
            }
            StmtKind::Return(e) => {
                let v = match e {
                    Some(e) => Some(fit(self.eval(st, e, site)?, &proc.ret)?),
                    None => None,
                };
                let fr = st.frames.pop().expect("a frame");
                if st.frames.is_empty() {
                    return Ok(false);
                }
                if let (Some(lv), Some(v)) = (fr.ret, v) {
                    let caller = &ctx.prog.procs[st.frames.last().expect("a frame").proc];
                    let Some(t) = ctx.prog.type_of_lval(Some(caller), lv) else {
                        return unsupported("an ill-typed return");
                    };
                    self.write(st, lv, fit(v, &t)?, site)?;
                }
            }
        }
        Ok(true)
    }

    /// Whether `s` is an `assume` whose condition (with no input in it) is false in `st`.
    fn false_assume(&self, st: &mut State<'p>, s: Option<&cminus::Stmt>) -> bool {
        let Some(cminus::Stmt { kind: StmtKind::Assume(c), id, .. }) = s else { return false };
        if c.has_nondet() {
            return false;
        }
        match self.eval(st, c, *id) {
            Ok(AVal { v: Val::Int(i), .. }) => !i.may_nonzero(),
            _ => false,
        }
    }

    fn next(&self, st: &mut State) {
        st.frames.last_mut().expect("a frame").pc += 1;
    }

    /// A new input of type `ty` read at `site`: its range in the box.
    fn input(&self, st: &mut State, ty: &Type, site: StmtId) -> Result<AVal, Stop> {
        if st.reads.len() >= MAX_READS {
            return Err(Stop::Open(format!("{MAX_READS} inputs on one path")));
        }
        let n = st.site_reads.entry(site).or_insert(0);
        let key = (site, *n);
        *n += 1;
        let v = match self.bx.get(&key) {
            Some(v) => *v,
            None => match full(ty) {
                Some(v) => v,
                None => return unsupported(format!("an input of type {}", cminus::print::type_str(ty))),
            },
        };
        st.reads.push((key, v));
        Ok(AVal { v, deps: bit(st.reads.len() - 1) })
    }

    fn place(&self, st: &mut State<'p>, lv: &Lval, site: StmtId) -> Result<Place, Stop> {
        match lv {
            Lval::Var(name) => {
                let fr = st.frames.last();
                if let Some(&i) = fr.and_then(|f| self.ctx.vars[f.proc].get(name.as_str())) {
                    return Ok(Place { global: false, var: i, path: vec![], deps: 0 });
                }
                match self.ctx.globals.get(name.as_str()) {
                    Some(&i) => Ok(Place { global: true, var: i, path: vec![], deps: 0 }),
                    None => unsupported(format!("the variable {name}")),
                }
            }
            Lval::Index(base, i) => {
                let mut p = self.place(st, base, site)?;
                let iv = self.eval(st, i, site)?;
                p.deps |= iv.deps;
                p.path.push(as_int(iv)?);
                Ok(p)
            }
            Lval::Deref(_) => unsupported("a dereference"),
            Lval::Field(..) => unsupported("a struct member"),
        }
    }

    fn slot<'s>(&self, st: &'s mut State<'p>, p: &Place) -> &'s mut Slot {
        if p.global {
            &mut st.globals[p.var]
        } else {
            &mut st.frames.last_mut().expect("a frame").vars[p.var]
        }
    }

    fn read(&self, st: &mut State<'p>, lv: &Lval, site: StmtId) -> Result<AVal, Stop> {
        let p = self.place(st, lv, site)?;
        fn get(s: &Slot, path: &[IntVal]) -> Result<AVal, Stop> {
            match (s, path.split_first()) {
                (Slot::V(v), None) => Ok(*v),
                (Slot::Arr(xs), Some((i, rest))) => {
                    if i.lo < 0 || i.hi >= xs.len() as i128 {
                        return Err(Stop::Open("an index out of bounds".into()));
                    }
                    let mut acc: Option<AVal> = None;
                    for x in &xs[i.lo as usize..=i.hi as usize] {
                        let v = get(x, rest)?;
                        acc = Some(match acc {
                            None => v,
                            Some(a) => AVal { v: a.v.join(v.v), deps: a.deps | v.deps },
                        });
                    }
                    Ok(acc.expect("a non-empty range"))
                }
                (Slot::Arr(_), None) => unsupported("an array used as a value"),
                _ => unsupported("a value the analysis does not model"),
            }
        }
        let deps = p.deps;
        let v = get(self.slot(st, &p), &p.path)?;
        Ok(AVal { v: v.v, deps: v.deps | deps })
    }

    fn write(&self, st: &mut State<'p>, lv: &Lval, v: AVal, site: StmtId) -> Result<(), Stop> {
        let p = self.place(st, lv, site)?;
        fn put(s: &mut Slot, path: &[IntVal], v: AVal, strong: bool) -> Result<(), Stop> {
            match (s, path.split_first()) {
                (s @ Slot::V(_), None) => {
                    let Slot::V(old) = s else { unreachable!() };
                    if strong {
                        *old = v;
                    } else {
                        *old = AVal { v: old.v.join(v.v), deps: old.deps | v.deps };
                    }
                    Ok(())
                }
                (Slot::Arr(xs), Some((i, rest))) => {
                    if i.lo < 0 || i.hi >= xs.len() as i128 {
                        return Err(Stop::Open("an index out of bounds".into()));
                    }
                    let strong = strong && i.is_point();
                    for x in &mut xs[i.lo as usize..=i.hi as usize] {
                        put(x, rest, v, strong)?;
                    }
                    Ok(())
                }
                _ => unsupported("a store the analysis does not model"),
            }
        }
        let ty = {
            let fr = st.frames.last().expect("a frame");
            self.ctx.prog.type_of_lval(Some(&self.ctx.prog.procs[fr.proc]), lv)
        };
        let Some(ty) = ty else { return unsupported("an ill-typed store") };
        let v = fit(v, &ty)?;
        let path = p.path.clone();
        put(self.slot(st, &p), &path, v, true)
    }

    fn eval(&self, st: &mut State<'p>, e: &Expr, site: StmtId) -> Result<AVal, Stop> {
        let int = |i: IntVal, deps: u64| Ok(AVal { v: Val::Int(i), deps });
        match e {
            // (a constant keeps its value: a cast around it converts it, as in the interpreter)
            Expr::Int(v) => int(IntVal::point(*v, IntTy::INT), 0),
            Expr::Bool(b) => int(IntVal::point(*b as i128, IntTy::BOOL), 0),
            Expr::Lval(l) => self.read(st, l, site),
            Expr::Nondet(t) => self.input(st, t, site),
            Expr::Unary(op, a) => {
                let va = self.eval(st, a, site)?;
                let i = as_int(va)?;
                match op {
                    UnOp::Not => int(IntVal::bool(i.may_nonzero(), i.may_zero()), va.deps),
                    UnOp::Neg | UnOp::BitNot => {
                        let t = self.int_ty_of(st, e)?;
                        let (lo, hi) = if *op == UnOp::Neg { (-i.hi, -i.lo) } else { (-i.hi - 1, -i.lo - 1) };
                        int(IntVal::wrap(lo, hi, t), va.deps)
                    }
                }
            }
            Expr::Binary(op @ (BinOp::And | BinOp::Or), a, b) => {
                let va = self.eval(st, a, site)?;
                let x = as_int(va)?;
                let (x_f, x_t) = (x.may_zero(), x.may_nonzero());
                if (*op == BinOp::And && !x_t) || (*op == BinOp::Or && !x_f) {
                    return int(IntVal::bool(*op == BinOp::And, *op == BinOp::Or), va.deps);
                }
                let vb = self.eval(st, b, site)?;
                let y = as_int(vb)?;
                let (y_f, y_t) = (y.may_zero(), y.may_nonzero());
                let r = if *op == BinOp::And {
                    IntVal::bool(x_f || y_f, x_t && y_t)
                } else {
                    IntVal::bool(x_f && y_f, x_t || y_t)
                };
                int(r, va.deps | vb.deps)
            }
            Expr::Binary(op, a, b) => {
                let va = self.eval(st, a, site)?;
                let vb = self.eval(st, b, site)?;
                let deps = va.deps | vb.deps;
                let (x, y) = (as_int(va)?, as_int(vb)?);
                if op.is_comparison() {
                    let (f, t) = match op {
                        BinOp::Lt => (x.hi >= y.lo, x.lo < y.hi),
                        BinOp::Le => (x.hi > y.lo, x.lo <= y.hi),
                        BinOp::Gt => (x.lo <= y.hi, x.hi > y.lo),
                        BinOp::Ge => (x.lo < y.hi, x.hi >= y.lo),
                        _ => {
                            let may_eq = x.lo <= y.hi && y.lo <= x.hi;
                            let may_ne = !(x.is_point() && y.is_point() && x.lo == y.lo);
                            if *op == BinOp::Eq {
                                (may_ne, may_eq)
                            } else {
                                (may_eq, may_ne)
                            }
                        }
                    };
                    return int(IntVal::bool(f, t), deps);
                }
                let t = self.int_ty_of(st, e)?;
                int(int_arith(*op, x, y, t)?, deps)
            }
            Expr::Cast(t, a) => {
                let va = self.eval(st, a, site)?;
                match (va.v, IntTy::of(t)) {
                    (Val::Int(i), Some(t)) => int(IntVal::wrap(i.lo, i.hi, t), va.deps),
                    _ => unsupported(format!("a conversion to {}", cminus::print::type_str(t))),
                }
            }
            Expr::Float(op, t, xs) => self.float(st, *op, t, xs, site),
            Expr::AddrOf(_) => unsupported("an address"),
            Expr::FuncAddr(_) => unsupported("a function's address"),
        }
    }

    fn int_ty_of(&self, st: &State, e: &Expr) -> Result<IntTy, Stop> {
        let proc = st.frames.last().map(|f| f.proc).unwrap_or(0);
        match self.ctx.type_of(proc, e).as_ref().and_then(IntTy::of) {
            Some(t) => Ok(t),
            None => unsupported("arithmetic of a type the analysis does not model"),
        }
    }

    fn float(&self, st: &mut State<'p>, op: FloatOp, t: &Type, xs: &[Expr], site: StmtId) -> Result<AVal, Stop> {
        if let FloatOp::Lit(bits) = op {
            return match t {
                Type::Float { bits: b @ (32 | 64) } => Ok(AVal { v: Val::Float(FloatVal::of_bits(*b, bits)), deps: 0 }),
                _ => unsupported("a long double constant"),
            };
        }
        let mut vals = Vec::with_capacity(xs.len());
        let mut deps = 0;
        for x in xs {
            let v = self.eval(st, x, site)?;
            deps |= v.deps;
            vals.push(v);
        }
        let Some(&a) = vals.first() else { return unsupported("a floating operation without operand") };
        let v = match op {
            FloatOp::Conv => match (a.v, t) {
                (Val::Float(f), Type::Float { bits: b @ (32 | 64) }) => Val::Float(f.to_format(*b)),
                (Val::Int(i), Type::Float { bits: b @ (32 | 64) }) => Val::Float(FloatVal::of_int(i, *b)),
                (Val::Float(f), _) if IntTy::of(t).is_some() => match f.to_int(IntTy::of(t).expect("integer")) {
                    Some(i) => Val::Int(i),
                    None => {
                        st.blame |= deps;
                        return Err(Stop::Open("a conversion of a floating value an integer type cannot hold".into()));
                    }
                },
                _ => return unsupported(format!("a conversion to {}", cminus::print::type_str(t))),
            },
            _ if op.is_unary() => Val::Float(FloatVal::unary(op, as_float(a)?)),
            _ => {
                let Some(&b) = vals.get(1) else { return unsupported("a floating operation without operand") };
                let (x, y) = (as_float(a)?, as_float(b)?);
                if x.bits != y.bits {
                    return unsupported("floating operands of different formats");
                }
                if op.is_comparison() {
                    let (f, t) = FloatVal::compare(op, x, y);
                    Val::Int(IntVal::bool(f, t))
                } else {
                    let c = match op {
                        FloatOp::Add => '+',
                        FloatOp::Sub => '-',
                        FloatOp::Mul => '*',
                        _ => '/',
                    };
                    Val::Float(FloatVal::arith(c, x, y))
                }
            }
        };
        Ok(AVal { v, deps })
    }

    /// Narrow the variables `c` compares, given that `c` is `want`; `false` when no value
    /// is left (the path is infeasible).
    fn refine(&self, st: &mut State<'p>, c: &Expr, want: bool, site: StmtId) -> bool {
        match c {
            Expr::Unary(UnOp::Not, a) => self.refine(st, a, !want, site),
            Expr::Binary(BinOp::And, a, b) if want => self.refine(st, a, true, site) && self.refine(st, b, true, site),
            Expr::Binary(BinOp::Or, a, b) if !want => {
                self.refine(st, a, false, site) && self.refine(st, b, false, site)
            }
            Expr::Binary(op, a, b) if op.is_comparison() => {
                self.refine_cmp(st, *op, a, b, want, site) && self.refine_cmp(st, swap(*op), b, a, want, site)
            }
            Expr::Float(op, _, xs) if op.is_comparison() && xs.len() == 2 => {
                let bop = match op {
                    FloatOp::Eq => BinOp::Eq,
                    FloatOp::Ne => BinOp::Ne,
                    FloatOp::Lt => BinOp::Lt,
                    FloatOp::Le => BinOp::Le,
                    FloatOp::Gt => BinOp::Gt,
                    _ => BinOp::Ge,
                };
                self.refine_cmp(st, bop, &xs[0], &xs[1], want, site)
                    && self.refine_cmp(st, swap(bop), &xs[1], &xs[0], want, site)
            }
            _ => true,
        }
    }

    /// Narrow `x` (a scalar variable, possibly under a conversion that keeps every value) by
    /// `(x op e) == want`.
    fn refine_cmp(&self, st: &mut State<'p>, op: BinOp, x: &Expr, e: &Expr, want: bool, site: StmtId) -> bool {
        let Some(name) = refinable(x) else { return true };
        if e.has_nondet() {
            return true;
        }
        let Ok(ev) = self.eval(st, e, site) else { return true };
        let lv = Lval::Var(name.to_string());
        let Ok(p) = self.place(st, &lv, site) else { return true };
        let Slot::V(old) = self.slot(st, &p).clone() else { return true };
        let narrowed = match (old.v, ev.v) {
            (Val::Int(xi), Val::Int(ei)) => {
                if !matches!(x, Expr::Lval(_)) && !widening(x, xi.ty) {
                    return true;
                }
                narrow_int(xi, if want { op } else { negate(op) }, ei).map(Val::Int)
            }
            (Val::Float(xf), Val::Float(ef)) => narrow_float(xf, op, want, ef).map(Val::Float),
            _ => return true,
        };
        match narrowed {
            Some(v) => {
                *self.slot(st, &p) = Slot::V(AVal { v, deps: old.deps });
                true
            }
            None => false,
        }
    }
}

/// The variable `x` is, directly or under a conversion that keeps its value: an integer cast
/// (checked by [`widening`]) or a float widened to `double`.
fn refinable(x: &Expr) -> Option<&str> {
    match x {
        Expr::Lval(Lval::Var(n)) => Some(n),
        Expr::Cast(_, a) => match &**a {
            Expr::Lval(Lval::Var(n)) => Some(n),
            _ => None,
        },
        Expr::Float(FloatOp::Conv, Type::Float { bits: 64 }, xs) => match xs.first() {
            Some(Expr::Lval(Lval::Var(n))) => Some(n),
            _ => None,
        },
        _ => None,
    }
}

/// Whether the integer cast `x` keeps every value of a variable of type `from`.
fn widening(x: &Expr, from: IntTy) -> bool {
    let Expr::Cast(t, _) = x else { return false };
    match IntTy::of(t) {
        Some(to) if !to.bool_ && !from.bool_ => to.min() <= from.min() && from.max() <= to.max(),
        _ => false,
    }
}

fn swap(op: BinOp) -> BinOp {
    match op {
        BinOp::Lt => BinOp::Gt,
        BinOp::Le => BinOp::Ge,
        BinOp::Gt => BinOp::Lt,
        BinOp::Ge => BinOp::Le,
        o => o,
    }
}

fn negate(op: BinOp) -> BinOp {
    match op {
        BinOp::Lt => BinOp::Ge,
        BinOp::Le => BinOp::Gt,
        BinOp::Gt => BinOp::Le,
        BinOp::Ge => BinOp::Lt,
        BinOp::Eq => BinOp::Ne,
        _ => BinOp::Eq,
    }
}

/// `x` where `x op e` holds; `None` when empty.
fn narrow_int(x: IntVal, op: BinOp, e: IntVal) -> Option<IntVal> {
    let (mut lo, mut hi) = (x.lo, x.hi);
    match op {
        BinOp::Lt => hi = hi.min(e.hi - 1),
        BinOp::Le => hi = hi.min(e.hi),
        BinOp::Gt => lo = lo.max(e.lo + 1),
        BinOp::Ge => lo = lo.max(e.lo),
        BinOp::Eq => {
            lo = lo.max(e.lo);
            hi = hi.min(e.hi);
        }
        _ => {
            if e.is_point() && lo == e.lo {
                lo += 1;
            }
            if e.is_point() && hi == e.lo {
                hi -= 1;
            }
        }
    }
    (lo <= hi).then_some(IntVal { lo, hi, ty: x.ty })
}

/// `x` where `(x op e) == want` holds, as IEEE compares (NaN compares false, except `!=`).
fn narrow_float(x: FloatVal, op: BinOp, want: bool, e: FloatVal) -> Option<FloatVal> {
    // `x != e` tells nothing about x's range; a false comparison with a NaN `e` neither
    if (op == BinOp::Ne && want) || (!want && (e.nan || op == BinOp::Eq)) {
        return Some(x);
    }
    // the comparison that holds (with ordered operands), and whether x may still be NaN
    let (hold, nan_ok) = match (op, want) {
        (op, true) => (op, false),
        (BinOp::Ne, false) => (BinOp::Eq, false),
        (op, false) => (negate(op), true),
    };
    let bits = x.bits;
    let nan = x.nan && nan_ok;
    let range = match (x.range, e.range) {
        (Some((mut lo, mut hi)), Some((el, eh))) => {
            match hold {
                BinOp::Lt => hi = hi.min(FloatVal::below(bits, eh, true)),
                BinOp::Le => hi = hi.min(FloatVal::below(bits, eh, false)),
                BinOp::Gt => lo = lo.max(FloatVal::above(bits, el, true)),
                BinOp::Ge => lo = lo.max(FloatVal::above(bits, el, false)),
                _ => {
                    lo = lo.max(FloatVal::above(bits, el, false));
                    hi = hi.min(FloatVal::below(bits, eh, false));
                }
            }
            (lo <= hi).then_some((lo, hi))
        }
        _ => None,
    };
    (range.is_some() || nan).then_some(FloatVal { bits, range, nan })
}

/// Integer `x op y` in type `t`, as gcc -O0 computes it on x86-64 (wrapping); an operation
/// that may be undefined or trap (a division by zero, a shift out of range) opens the box.
fn int_arith(op: BinOp, x: IntVal, y: IntVal, t: IntTy) -> Result<IntVal, Stop> {
    let open = |why: &str| Err(Stop::Open(why.to_string()));
    let corners = |f: &dyn Fn(i128, i128) -> i128| {
        let c = [f(x.lo, y.lo), f(x.lo, y.hi), f(x.hi, y.lo), f(x.hi, y.hi)];
        (*c.iter().min().expect("4"), *c.iter().max().expect("4"))
    };
    let (lo, hi) = match op {
        BinOp::Add => (x.lo + y.lo, x.hi + y.hi),
        BinOp::Sub => (x.lo - y.hi, x.hi - y.lo),
        BinOp::Mul => corners(&|a, b| a * b),
        BinOp::Div | BinOp::Rem => {
            if y.may_zero() {
                return open("a division by zero");
            }
            if t.signed && x.lo <= t.min() && y.lo <= -1 && -1 <= y.hi {
                return open("a division of the minimum by -1");
            }
            if op == BinOp::Div {
                corners(&|a, b| a / b)
            } else if x.is_point() && y.is_point() {
                (x.lo % y.lo, x.lo % y.lo)
            } else {
                let m = y.lo.abs().max(y.hi.abs()) - 1;
                let small = y.lo.abs().min(y.hi.abs());
                if x.lo >= 0 && x.hi < small {
                    (x.lo, x.hi)
                } else if x.lo >= 0 {
                    (0, x.hi.min(m))
                } else if x.hi <= 0 {
                    (x.lo.max(-m), 0)
                } else {
                    (x.lo.max(-m), x.hi.min(m))
                }
            }
        }
        BinOp::Shl | BinOp::Shr => {
            if y.lo < 0 || y.hi >= t.bits as i128 {
                return open("a shift out of range");
            }
            if op == BinOp::Shr {
                if x.lo >= 0 {
                    (x.lo >> y.hi, x.hi >> y.lo)
                } else {
                    corners(&|a, b| a >> b)
                }
            } else {
                corners(&|a, b| a << b)
            }
        }
        BinOp::BitAnd | BinOp::BitOr | BinOp::BitXor => {
            if x.is_point() && y.is_point() {
                let r = match op {
                    BinOp::BitAnd => x.lo & y.lo,
                    BinOp::BitOr => x.lo | y.lo,
                    _ => x.lo ^ y.lo,
                };
                (r, r)
            } else if op == BinOp::BitAnd && (x.lo >= 0 || y.lo >= 0) {
                let cap = if x.lo >= 0 && y.lo >= 0 {
                    x.hi.min(y.hi)
                } else if x.lo >= 0 {
                    x.hi
                } else {
                    y.hi
                };
                (0, cap)
            } else if x.lo >= 0 && y.lo >= 0 {
                let m = x.hi.max(y.hi);
                let ones = if m == 0 { 0 } else { (1i128 << (128 - m.leading_zeros())) - 1 };
                let lo = if op == BinOp::BitOr { x.lo.max(y.lo) } else { 0 };
                (lo, ones)
            } else {
                return Ok(IntVal::full(t));
            }
        }
        _ => return unsupported("an operator the analysis does not model"),
    };
    Ok(IntVal::wrap(lo, hi, t))
}

#[cfg(test)]
mod tests;
