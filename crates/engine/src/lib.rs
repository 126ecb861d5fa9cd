//! The CEGAR loop of slam: predicate abstraction (c2bp), model checking of the boolean
//! program (Bebop), path simulation (Newton), refinement — until the rule is proved, a real
//! bug is found, or a limit is hit.
//!
//! ```
//! let src = "void reach_error(void);
//!            int main(void) { int x = 0; while (x < 10) x++; if (x != 10) reach_error(); return 0; }";
//! let prog = cfront::lower_str("loop.c", src, &cfront::Options::default()).unwrap();
//! let preds = engine::initial_predicates(&prog, None);
//! let outcome = engine::Runner::new(prog)
//!     .with_predicates(preds)
//!     .with_iteration_limit(50)
//!     .with_time_limit(std::time::Duration::from_secs(60))
//!     .run();
//! assert_eq!(outcome.verdict, engine::Verdict::Safe, "{:?}", outcome.reason);
//! ```
//!
//! The loop reads like egg's `Runner`: a builder with limits, an [`Outcome`] with a
//! [`StopReason`], and one [`Iteration`] record per round. The stages are strategies
//! ([`Abstractor`], [`ModelChecker`], [`Refiner`]) chosen by name. The loop runs in a worker
//! thread; the calling thread enforces the time and memory limits (polling every 50 ms), so a
//! stage that does not return (a stuck prover query, a BDD blow-up) cannot hold the verdict
//! past the deadline. Prover queries are also given at most the time left.

pub mod accel;
pub mod constants;
pub mod constrain;
pub mod houdini;
pub mod invariants;
mod preds;
pub mod proof;
pub mod relevance;
pub mod strategy;

pub use preds::{
    atoms, canonical, error_guard_predicates, initial_predicates, normalise, PredInfo, PredSet, GUARD_WINDOW,
};
pub use strategy::{
    abstractor_by_name, checker_by_name, refiner_by_name, Abstraction, Abstractor, Checker, ModelChecker, Reach,
    Refiner, RefinerKind, StageCtx, StageError, StrategyOptions,
};

use bp::cfg::{Cfg, NodeId};
use cminus::Program;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc, Mutex};
use std::time::{Duration, Instant};

/// The answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "UPPERCASE"))]
pub enum Verdict {
    /// No error statement is reachable (proved by the final abstraction).
    Safe,
    /// An error statement is reachable: a feasible counterexample with concrete values.
    Violation,
    /// Neither could be established; see the [`StopReason`].
    Unknown,
}

/// Why the loop stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum StopReason {
    Safe,
    Violation,
    /// A spurious counterexample that no new predicate rules out.
    NoNewPredicates,
    IterationLimit,
    TimeLimit,
    MemoryLimit,
    /// The program (or its abstraction) needs something a stage does not support.
    Unsupported,
    /// A stage could not decide (e.g. a prover query answered `unknown`).
    Unknown,
    /// A bug in slam (a stage panicked or broke an invariant).
    InternalError,
    /// The structural engine found no violation on the paths it analysed: loops unrolled a
    /// bounded number of times, longer paths cut (never a proof).
    Bounded,
    /// slam's interpreter replayed a violation, but the program built by the real compiler,
    /// fed the same inputs, did not reach the error (`slam check --confirm exec`, the `exec`
    /// crate): slam's model of C and the compiler disagree.
    NotConfirmed,
    /// A NULL dereference, or a rule's violation, whose NULL comes from outside the code
    /// checked — the object a pointer parameter of the entry points to (its caller fills
    /// it), or a function without a body not documented to return NULL — and that a valid
    /// pointer there avoids.
    NullFromOutside,
}

impl StopReason {
    pub fn verdict(self) -> Verdict {
        match self {
            StopReason::Safe => Verdict::Safe,
            StopReason::Violation => Verdict::Violation,
            _ => Verdict::Unknown,
        }
    }
}

/// Statistics of one stage, in the same shape for every strategy (fields a strategy has no
/// use for stay 0).
#[derive(Clone, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct StageStats {
    pub time_secs: f64,
    pub prover_queries: u64,
    pub prover_cache_hits: u64,
    pub prover_unknown: u64,
    pub prover_secs: f64,
    /// Abstraction: boolean-program statements; model checking: CFG vertices; refinement:
    /// C-- path length.
    pub size: usize,
    /// Model checking: the peak number of BDD nodes (0 for explicit checkers).
    pub bdd_nodes: usize,
    /// Abstraction: C-- statements whose abstraction was reused from an earlier round.
    pub reused: usize,
}

/// How one round ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum IterationResult {
    /// No error vertex reachable in the boolean program.
    Safe,
    /// The abstract trace is feasible in C.
    Feasible,
    /// The trace is spurious; predicates were added.
    Refined,
    /// The trace is spurious but no new predicate was found.
    NoNewPredicates,
    /// The refiner or a stage could not decide.
    Unknown,
    /// The trace is spurious and no new predicate was found; the next round uses a more
    /// precise abstraction ([`Abstractor::more_precise`]) over the same predicates.
    MorePrecise,
    /// The trace is spurious and no new predicate was found, but some of its abstract states
    /// have no concrete state: the next rounds exclude them ([`constrain`]).
    Constrained,
    /// The trace is spurious and Newton found no new predicate; the predicate oracle (the
    /// atoms of the invariants Spacer finds for the program's Horn clauses,
    /// [`PredicateOracle`]) gave new ones.
    HornPredicates,
}

/// One round of the loop.
#[derive(Clone, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Iteration {
    /// 1-based.
    pub index: usize,
    /// Predicates the abstraction used.
    pub predicates: usize,
    /// The abstraction strategy of this round (it changes when refinement is stuck).
    pub abstraction_strategy: String,
    pub abstraction: StageStats,
    pub model_check: StageStats,
    pub refinement: Option<StageStats>,
    /// Statements of the abstract trace (boolean-program statements, calls expanded).
    pub trace_length: Option<usize>,
    /// Path step at which Newton found the trace infeasible.
    pub infeasible_at: Option<usize>,
    pub result: IterationResult,
    /// Predicates added by this round's refinement.
    pub added: Vec<PredInfo>,
    pub time_secs: f64,
    /// Resident memory at the end of the round.
    pub rss_mib: Option<f64>,
    /// When this round asked the predicate oracle ([`PredicateOracle`]): what it gave.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub oracle: Option<OracleStats>,
}

/// What the predicate oracle gave in a round ([`Iteration::oracle`]).
#[derive(Clone, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct OracleStats {
    /// The oracle's name (`horn`).
    pub source: String,
    pub time_secs: f64,
    /// Predicates it offered (atoms of its invariants, in their scopes).
    pub offered: usize,
    /// Of those, the ones that were new (in [`Iteration::added`]).
    pub added: usize,
    /// How it ended, in its words (which route of Spacer answered, or why none did).
    pub note: String,
}

/// What a [`PredicateOracle`] answers.
#[derive(Clone, Debug, Default)]
pub struct OracleAnswer {
    pub preds: Vec<cminus::pred::Pred>,
    pub note: String,
}

/// Another analysis asked for predicates when refinement is stuck (Newton found none and the
/// trace's abstract states are consistent): the `horn` crate's `PredicateSource` gives the
/// atoms of the inductive invariants Spacer finds. Its predicates only add precision to the
/// abstraction: they decide nothing (SAFE still needs an abstraction without a reachable
/// error, VIOLATION a feasible, replayed trace), so an oracle need not be right.
pub trait PredicateOracle: Send {
    fn name(&self) -> &str;
    /// Predicates for `prog` within `budget`, giving up when `cancel` is set.
    fn predicates(&mut self, prog: &Program, budget: Duration, cancel: Arc<AtomicBool>) -> OracleAnswer;
}

/// Whether the concrete interpreter, fed the counterexample's values, reaches the error.
#[derive(Clone, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct ReplayCheck {
    /// The interpreter reached the counterexample's error statement.
    pub confirmed: bool,
    /// How the interpreter's run ended.
    pub outcome: String,
    pub steps: usize,
    /// The first undefined operation the replay went through (gcc -O0's result computed on).
    pub undefined: Option<cminus::ub::Undefined>,
}

/// The names of the strategies a run used.
#[derive(Clone, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Strategies {
    pub abstraction: String,
    pub checker: String,
    pub refiner: String,
}

/// Which engine produced an outcome.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum EngineKind {
    /// Predicate abstraction and refinement (this crate).
    Cegar,
    /// Under-approximation search with refinement (the `search` crate).
    Search,
    /// Structural abstraction, bounded (the `structural` crate).
    Structural,
    /// Constrained Horn clauses solved by Spacer, solutions validated (the `horn` crate).
    Horn,
    /// Interval analysis with input splitting (the `interval` crate; proves only).
    Interval,
}

/// Statistics of an under-approximation search (see the `search` crate).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct SearchStats {
    /// Runs of the interpreter.
    pub runs: usize,
    /// Branches not taken that were solved for (feasible or not).
    pub solved: usize,
    /// Of those, the infeasible ones.
    pub infeasible: usize,
    /// Branches cut because their abstract state was covered already (over all rounds).
    pub cut: usize,
    /// Rounds of refinement (predicates added, search restarted).
    pub refinements: usize,
}

/// Statistics of the structural engine (see the `structural` crate).
#[derive(Clone, Debug, Default, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct StructuralStats {
    /// Loops were unrolled this many times.
    pub unroll: usize,
    /// Error sites (statement instances on the analysed paths) checked, over all rounds.
    pub sites: usize,
    /// Of the sites of the last round: violated (replayed), with no violation within the
    /// bound, undecided (prover unknown, attempts or rounds exhausted).
    pub violated: usize,
    pub bounded: usize,
    pub undecided: usize,
    /// Procedures whose unrolled form was computed (once each, reused by every check).
    pub procedures_summarised: usize,
    /// Calls refined by inlining the callee's form.
    pub inlinings: usize,
    /// Rounds of refinement.
    pub refinements: usize,
    /// Reports whose model did not replay (an abstraction that could not be refined, or
    /// memory the form does not model): not reported.
    pub dropped: usize,
    /// Loop back edges cut by the bound (statement instances whose further iterations were
    /// not analysed).
    pub cut: usize,
    pub prover_queries: u64,
    pub prover_secs: f64,
}

/// The result of a run.
#[derive(Clone, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Outcome {
    pub verdict: Verdict,
    pub reason: StopReason,
    /// A sentence for people: the rule's message, the limit hit, what was unsupported.
    pub detail: String,
    pub iterations: Vec<Iteration>,
    /// Every predicate at the end (initial ones first).
    pub predicates: Vec<PredInfo>,
    pub counterexample: Option<newton::Counterexample>,
    pub replay: Option<ReplayCheck>,
    pub strategies: Strategies,
    /// The engine whose answer this is.
    pub engine: EngineKind,
    /// The search's statistics, when the search engine answered.
    pub search: Option<SearchStats>,
    /// The structural engine's statistics, when it answered.
    pub structural: Option<StructuralStats>,
    pub time_secs: f64,
    pub peak_rss_mib: Option<f64>,
    /// For SAFE: the final boolean program, the proof (with [`Outcome::predicates`]).
    #[cfg_attr(feature = "serde", serde(skip))]
    pub proof: Option<bp::Program>,
    /// The loop invariants Houdini proved ([`houdini`]; part of a SAFE proof, since every
    /// abstraction assumed them).
    #[cfg_attr(feature = "serde", serde(skip))]
    pub proved_invariants: Vec<houdini::HeadInvariant>,
}

impl Outcome {
    /// The outcome of an engine other than the CEGAR loop (horn, structural, search): the
    /// verdict of `reason`, no rounds, predicates, counterexample or proof (fill in what the
    /// engine has), its peak memory now.
    pub fn of_engine(
        engine: EngineKind,
        reason: StopReason,
        detail: String,
        strategies: Strategies,
        time_secs: f64,
    ) -> Outcome {
        Outcome {
            verdict: reason.verdict(),
            reason,
            detail,
            iterations: Vec::new(),
            predicates: Vec::new(),
            counterexample: None,
            replay: None,
            strategies,
            engine,
            search: None,
            structural: None,
            time_secs,
            peak_rss_mib: rss_bytes().map(mib),
            proof: None,
            proved_invariants: Vec::new(),
        }
    }
}

/// Per-round material for people who study the loop (`slam check --save-dir`).
pub struct Artifacts<'a> {
    pub iteration: &'a Iteration,
    /// The predicates the abstraction used.
    pub predicates: &'a [PredInfo],
    pub bprog: &'a bp::Program,
    pub cfg: &'a Cfg,
    pub trace: Option<&'a bebop::Trace>,
    pub path: Option<&'a [newton::PathStep]>,
}

/// Called after every round (from the worker thread).
pub type Observer = Box<dyn FnMut(&Artifacts) + Send>;

/// The limits of a run.
#[derive(Clone, Debug)]
pub struct Limits {
    pub iterations: usize,
    pub time: Option<Duration>,
    pub memory_bytes: Option<u64>,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits { iterations: 100, time: None, memory_bytes: None }
    }
}

/// A time limit as a report says it: whole seconds as such (`10`), others to a tenth (`7.0`
/// for 6.97: a limit a share of another was cut from).
pub fn seconds(d: Duration) -> String {
    let s = d.as_secs_f64();
    if s.fract() == 0.0 {
        format!("{s:.0}")
    } else {
        format!("{s:.1}")
    }
}

/// Predicates one engine found, for another to take (the portfolio: the search's refinements
/// are offered to the CEGAR loop when its own refiner finds nothing new).
pub type SharedPredicates = Arc<Mutex<Vec<cminus::pred::Pred>>>;

/// The CEGAR loop, configured builder-style.
pub struct Runner {
    /// Predicates offered by another engine, taken when refinement is stuck.
    shared: Option<SharedPredicates>,
    /// Asked (once) for predicates when refinement is stuck.
    oracles: Vec<Box<dyn PredicateOracle>>,
    /// Set by someone else (a portfolio) to stop the run; it then ends UNKNOWN.
    stop: Option<Arc<AtomicBool>>,
    program: Program,
    preds: PredSet,
    limits: Limits,
    abstractor: Box<dyn Abstractor>,
    checker: Box<dyn ModelChecker>,
    refiner: Box<dyn Refiner>,
    query_timeout: Duration,
    replay_steps: u64,
    observer: Option<Observer>,
    /// When the time limit started counting (default: when `run` starts).
    started: Option<Instant>,
}

impl Runner {
    /// A runner for a program whose `error` statements are the property (instrumented with a
    /// rule, or the program's own `reach_error()`/`assert`). Defaults: cartesian c2bp, Bebop,
    /// Newton, 100 iterations, no time or memory limit, 10 s per prover query.
    pub fn new(program: Program) -> Runner {
        Runner {
            program,
            preds: PredSet::default(),
            limits: Limits::default(),
            abstractor: abstractor_by_name("cartesian").expect("cartesian exists"),
            checker: checker_by_name("bebop").expect("bebop exists"),
            refiner: refiner_by_name("newton").expect("newton exists"),
            query_timeout: Duration::from_secs(10),
            replay_steps: 1_000_000,
            observer: None,
            stop: None,
            shared: None,
            // the counters' modular predicates first (cheap); `SLAM_NO_ACCELERATION` switches
            // them off, and the accelerated paths too (for measuring what they decide)
            oracles: match std::env::var_os("SLAM_NO_ACCELERATION") {
                None => vec![Box::new(accel::Counters) as Box<dyn PredicateOracle>],
                Some(_) => Vec::new(),
            },
            started: None,
        }
    }

    /// Count the time limit (and the outcome's time) from `t` rather than from the start of
    /// `run`: `slam check --timeout` bounds the whole check, the front end's time included.
    pub fn with_start(mut self, t: Instant) -> Runner {
        self.started = Some(t);
        self
    }
    /// The initial predicates (see [`initial_predicates`]).
    pub fn with_predicates(mut self, preds: PredSet) -> Runner {
        self.preds = preds;
        self
    }
    pub fn with_iteration_limit(mut self, n: usize) -> Runner {
        self.limits.iterations = n;
        self
    }
    pub fn with_time_limit(mut self, t: Duration) -> Runner {
        self.limits.time = Some(t);
        self
    }
    pub fn with_memory_limit(mut self, bytes: u64) -> Runner {
        self.limits.memory_bytes = Some(bytes);
        self
    }
    pub fn with_limits(mut self, limits: Limits) -> Runner {
        self.limits = limits;
        self
    }
    /// The longest a single prover query may take (also cut to the time left).
    pub fn with_query_timeout(mut self, t: Duration) -> Runner {
        self.query_timeout = t;
        self
    }
    pub fn with_abstractor(mut self, a: Box<dyn Abstractor>) -> Runner {
        self.abstractor = a;
        self
    }
    pub fn with_checker(mut self, c: Box<dyn ModelChecker>) -> Runner {
        self.checker = c;
        self
    }
    pub fn with_refiner(mut self, r: Box<dyn Refiner>) -> Runner {
        self.refiner = r;
        self
    }
    /// Called after every round with the round's predicates, boolean program and trace.
    pub fn with_observer(mut self, f: Observer) -> Runner {
        self.observer = Some(f);
        self
    }

    /// The program the loop checks.
    /// The time limit of the whole run (see [`Runner::with_start`] for when it starts).
    pub fn time_limit(&self) -> Option<Duration> {
        self.limits.time
    }
    /// When the time limit started counting, if [`Runner::with_start`] set it.
    pub fn started(&self) -> Option<Instant> {
        self.started
    }
    pub fn program(&self) -> &Program {
        &self.program
    }
    /// A flag another thread sets to stop this run (cooperatively, as a time limit does).
    pub fn with_stop(mut self, stop: Arc<AtomicBool>) -> Runner {
        self.stop = Some(stop);
        self
    }

    /// Predicates another engine adds as it finds them; when Newton finds no new predicate,
    /// the loop takes the new ones among these before giving up.
    pub fn with_shared_predicates(mut self, shared: SharedPredicates) -> Runner {
        self.shared = Some(shared);
        self
    }

    /// No predicate oracles, not even the built-in one of the counters' steps
    /// ([`accel::Counters`]): to measure one source alone (add it with [`Runner::with_oracle`]).
    pub fn without_oracles(mut self) -> Runner {
        self.oracles.clear();
        self
    }

    /// Asked once for predicates ([`PredicateOracle`]), within a third of the time left (at
    /// most [`ORACLE_BUDGET`]): when refinement is stuck (after the trace's inconsistent
    /// abstract states, before a more precise abstraction), or from round [`ORACLE_ROUND`] on
    /// (a loop that Newton unrolls), whichever comes first. `SLAM_NO_HORN_PREDICATES` in the
    /// environment switches it off (for measuring what it decides).
    pub fn with_oracle(mut self, oracle: Box<dyn PredicateOracle>) -> Runner {
        if std::env::var_os("SLAM_NO_HORN_PREDICATES").is_none() {
            self.oracles.push(oracle);
        }
        self
    }

    /// Run the loop to a verdict or a limit.
    pub fn run(self) -> Outcome {
        let start = self.started.unwrap_or_else(Instant::now);
        let deadline = self.limits.time.map(|t| start + t);
        let strategies = Strategies {
            abstraction: self.abstractor.name().to_string(),
            checker: self.checker.name().to_string(),
            refiner: self.refiner.name().to_string(),
        };
        let progress = Arc::new(Mutex::new(Progress {
            iterations: Vec::new(),
            predicates: self.preds.list().to_vec(),
            stage: "start",
            index: 0,
            peak_rss: rss_bytes(),
            proved_invariants: Vec::new(),
        }));
        let cancel = Arc::new(AtomicBool::new(false));
        let limits = self.limits.clone();
        let worker = Worker {
            prog: self.program,
            preds: self.preds,
            limits: self.limits,
            deadline,
            abstractor: self.abstractor,
            checker: self.checker,
            refiner: self.refiner,
            query_timeout: self.query_timeout,
            replay_steps: self.replay_steps,
            observer: self.observer,
            progress: progress.clone(),
            cancel: cancel.clone(),
            shared: self.shared,
            oracles: self.oracles,
            consts: Default::default(),
            invariants_tried: false,
            abs_prog: None,
            constraints: Vec::new(),
            effects: None,
        };
        let (tx, rx) = mpsc::channel();
        let spawned = std::thread::Builder::new().name("cegar".into()).stack_size(256 << 20).spawn(move || {
            let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| worker.run()));
            let _ = tx.send(r.map_err(|p| panic_message(&*p)));
        });
        let end = match spawned {
            Err(e) => End::new(StopReason::InternalError, format!("cannot start the worker thread: {e}")),
            Ok(_handle) => supervise(&rx, deadline, &limits, &progress, &cancel, self.stop.as_deref()),
        };
        // On a limit the worker was cancelled: its stages stop (prover queries answer
        // "unknown", Bebop leaves its fixpoint), and it ends soon; wait for it, so that no
        // thread goes on working after `run` returns (a stage that does not look at the flag,
        // such as the explicit checker, is given a bounded grace and then left behind).
        if cancel.load(Ordering::Relaxed) {
            let _ = rx.recv_timeout(CANCEL_GRACE);
        }
        let p = lock(&progress);
        Outcome {
            verdict: end.reason.verdict(),
            reason: end.reason,
            detail: end.detail,
            iterations: p.iterations.clone(),
            predicates: p.predicates.clone(),
            counterexample: end.counterexample.map(|c| *c),
            replay: end.replay.map(|r| *r),
            strategies,
            engine: EngineKind::Cegar,
            search: None,
            structural: None,
            time_secs: start.elapsed().as_secs_f64(),
            peak_rss_mib: p.peak_rss.max(rss_bytes()).map(mib),
            proof: end.proof.map(|p| *p),
            proved_invariants: p.proved_invariants.clone(),
        }
    }
}

/// The supervising thread's side of a run: wait for the worker's end, checking the `stop`
/// flag and the time and memory limits every 50 ms (and recording the peak memory use); on a
/// stop or a limit, cancel the worker and end with that reason.
fn supervise(
    rx: &mpsc::Receiver<Result<End, String>>,
    deadline: Option<Instant>,
    limits: &Limits,
    progress: &Mutex<Progress>,
    cancel: &AtomicBool,
    stop: Option<&AtomicBool>,
) -> End {
    loop {
        let wait = match deadline {
            Some(d) => d.saturating_duration_since(Instant::now()).min(Duration::from_millis(50)),
            None => Duration::from_millis(50),
        };
        match rx.recv_timeout(wait) {
            Ok(Ok(end)) => return end,
            Ok(Err(msg)) => return End::new(StopReason::InternalError, format!("a stage panicked: {msg}")),
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                return End::new(StopReason::InternalError, "the worker thread vanished".into())
            }
            Err(mpsc::RecvTimeoutError::Timeout) => {}
        }
        if stop.is_some_and(|f| f.load(Ordering::Relaxed)) {
            cancel.store(true, Ordering::Relaxed);
            return End::new(StopReason::Unknown, "stopped: another engine answered first".into());
        }
        if let Some(end) = limit_reached(deadline, limits, progress, cancel) {
            return end;
        }
    }
}

/// Records the current memory use in `progress`. If the deadline has passed or the memory
/// limit is exceeded: cancels the worker, and gives the end of the run (saying where the
/// worker was).
fn limit_reached(
    deadline: Option<Instant>,
    limits: &Limits,
    progress: &Mutex<Progress>,
    cancel: &AtomicBool,
) -> Option<End> {
    let rss = rss_bytes();
    {
        let mut p = lock(progress);
        p.peak_rss = p.peak_rss.max(rss);
    }
    if deadline.is_some_and(|d| Instant::now() >= d) {
        cancel.store(true, Ordering::Relaxed);
        let p = lock(progress);
        let secs = seconds(limits.time.unwrap_or_default());
        return Some(End::new(
            StopReason::TimeLimit,
            format!("the time limit ({secs} s) was reached during {} of iteration {}", p.stage, p.index),
        ));
    }
    if let (Some(limit), Some(r)) = (limits.memory_bytes, rss) {
        if r > limit {
            cancel.store(true, Ordering::Relaxed);
            let p = lock(progress);
            return Some(End::new(
                StopReason::MemoryLimit,
                format!(
                    "memory use ({} MiB) exceeded the limit ({} MiB) during {} of iteration {}",
                    r >> 20,
                    limit >> 20,
                    p.stage,
                    p.index
                ),
            ));
        }
    }
    None
}

/// A poisoned lock is still read: its holder panicked, and that is reported on its own.
fn lock<T>(p: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    p.lock().unwrap_or_else(|e| e.into_inner())
}

fn panic_message(p: &(dyn std::any::Any + Send)) -> String {
    p.downcast_ref::<String>()
        .cloned()
        .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
        .unwrap_or_else(|| "(no message)".into())
}

fn mib(b: u64) -> f64 {
    b as f64 / (1024.0 * 1024.0)
}

/// How long `run` waits for a cancelled worker to stop.
const CANCEL_GRACE: Duration = Duration::from_secs(5);
/// The most time the loop invariants ([`houdini`]) may take before the first abstraction.
const HOUDINI_BUDGET: Duration = Duration::from_secs(5);
/// The most time the predicate oracle ([`PredicateOracle`]) may take (without a time limit;
/// with one, also at most a quarter of the time left).
pub const ORACLE_BUDGET: Duration = Duration::from_secs(12);
/// The round from which the predicate oracle is asked even when Newton found predicates (a
/// loop unrolled round by round); before, only when refinement is stuck.
pub const ORACLE_ROUND: usize = 4;

/// The detail of a check decided before any abstraction (`entry_reaches_an_error` is false).
pub const NO_ERROR_REACHABLE: &str =
    "no error statement is reachable from the entry (call graph, and the values the rule's state can take)";

/// The relevance test the loop starts with ([`relevance::no_error_reachable`]): can a run of
/// the entry reach an error statement? When not, the check is SAFE at once. Public so that
/// `slam gate` decides such checks with the very same test, without a child process.
pub fn entry_reaches_an_error(prog: &Program) -> bool {
    relevance::no_error_reachable(prog).is_none()
}

/// Resident memory of this process (Linux: VmRSS of /proc/self/status).
pub fn rss_bytes() -> Option<u64> {
    rss_bytes_of_status("/proc/self/status")
}

/// Resident memory of process `pid` (Linux: VmRSS of /proc/PID/status).
pub fn rss_bytes_of(pid: u32) -> Option<u64> {
    rss_bytes_of_status(&format!("/proc/{pid}/status"))
}

fn rss_bytes_of_status(path: &str) -> Option<u64> {
    let s = std::fs::read_to_string(path).ok()?;
    let line = s.lines().find(|l| l.starts_with("VmRSS:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}

/// What the worker shares with the supervising thread while it runs.
struct Progress {
    iterations: Vec<Iteration>,
    predicates: Vec<PredInfo>,
    stage: &'static str,
    index: usize,
    peak_rss: Option<u64>,
    proved_invariants: Vec<houdini::HeadInvariant>,
}

/// How the worker ended.
struct End {
    reason: StopReason,
    detail: String,
    counterexample: Option<Box<newton::Counterexample>>,
    replay: Option<Box<ReplayCheck>>,
    proof: Option<Box<bp::Program>>,
}

/// What a round of the loop concludes when it is not stopped: go on with refined
/// predicates, or stop with a verdict or a reason.
enum Next {
    Refined,
    Stop(End),
}

impl End {
    fn new(reason: StopReason, detail: String) -> End {
        End { reason, detail, counterexample: None, replay: None, proof: None }
    }
    fn stage(e: StageError) -> End {
        match e {
            StageError::Unsupported(m) => End::new(StopReason::Unsupported, m),
            StageError::Internal(m) => End::new(StopReason::InternalError, m),
            StageError::Cancelled => End::new(StopReason::TimeLimit, "cancelled".into()),
        }
    }
}

struct Worker {
    prog: Program,
    preds: PredSet,
    limits: Limits,
    deadline: Option<Instant>,
    abstractor: Box<dyn Abstractor>,
    checker: Box<dyn ModelChecker>,
    refiner: Box<dyn Refiner>,
    query_timeout: Duration,
    replay_steps: u64,
    observer: Option<Observer>,
    progress: Arc<Mutex<Progress>>,
    cancel: Arc<AtomicBool>,
    shared: Option<SharedPredicates>,
    /// Asked once when refinement is stuck; `None` once asked.
    oracles: Vec<Box<dyn PredicateOracle>>,
    /// The globals that hold a constant ([`constants`]), folded into the program and into
    /// every predicate the loop takes.
    consts: std::collections::HashMap<String, cminus::Expr>,
    /// Whether the loop-invariant candidates ([`invariants`]) were offered already.
    invariants_tried: bool,
    /// The program the abstraction is computed on: `prog` with its proved loop invariants
    /// assumed at the loop heads ([`houdini`]); `None` when there are none.
    abs_prog: Option<Program>,
    /// `enforce` clauses from inconsistent abstract states of spurious traces, added to
    /// every abstraction ([`constrain`]).
    constraints: Vec<constrain::Constraint>,
    /// What calls change of their callers' predicates ([`preds::into_callees`]), computed at
    /// the first refinement.
    effects: Option<preds::CallEffects>,
}

impl Worker {
    fn stage(&self, stage: &'static str, index: usize) -> Result<StageCtx, End> {
        if self.cancel.load(Ordering::Relaxed) {
            return Err(End::new(StopReason::TimeLimit, "cancelled".into()));
        }
        {
            let mut p = lock(&self.progress);
            p.stage = stage;
            p.index = index;
        }
        let mut query_timeout = self.query_timeout;
        if let Some(d) = self.deadline {
            let left = d.saturating_duration_since(Instant::now());
            if left.is_zero() {
                let secs = seconds(self.limits.time.unwrap_or_default());
                return Err(End::new(
                    StopReason::TimeLimit,
                    format!("the time limit ({secs} s) was reached before {stage} of iteration {index}"),
                ));
            }
            query_timeout = query_timeout.min(left + Duration::from_millis(10));
        }
        if let (Some(limit), Some(r)) = (self.limits.memory_bytes, rss_bytes()) {
            if r > limit {
                return Err(End::new(
                    StopReason::MemoryLimit,
                    format!(
                        "memory use ({} MiB) exceeded the limit ({} MiB) before {stage} of iteration {index}",
                        r >> 20,
                        limit >> 20
                    ),
                ));
            }
        }
        Ok(StageCtx { query_timeout, cancel: self.cancel.clone() })
    }

    fn deadline_passed(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    fn record(
        &mut self,
        it: Iteration,
        used: &[PredInfo],
        bprog: &bp::Program,
        cfg: &Cfg,
        trace: Option<&bebop::Trace>,
        path: Option<&[newton::PathStep]>,
    ) {
        if let Some(obs) = self.observer.as_mut() {
            obs(&Artifacts { iteration: &it, predicates: used, bprog, cfg, trace, path });
        }
        let mut p = lock(&self.progress);
        p.iterations.push(it);
        p.predicates = self.preds.list().to_vec();
    }

    fn run(mut self) -> End {
        self.drop_unreachable_procs();
        if !entry_reaches_an_error(&self.prog) {
            // Nothing to abstract: no error statement is reachable (a rule whose events the
            // entry never causes, or whose error states it never enters).
            return End::new(StopReason::Safe, NO_ERROR_REACHABLE.into());
        }
        self.fold_constants();
        self.prove_loop_invariants();
        for index in 1..=self.limits.iterations {
            let _span = tracing::info_span!("iteration", index).entered();
            match self.round(index) {
                Ok(Next::Refined) => {}
                Ok(Next::Stop(end)) | Err(end) => return end,
            }
        }
        End::new(StopReason::IterationLimit, format!("the iteration limit ({}) was reached", self.limits.iterations))
    }

    /// One round of CEGAR: abstract, check, and refine when the abstraction has an error
    /// trace. `Err` is a stop forced on the round (a limit, an unsupported input, a failed
    /// stage); `Ok(Next::Stop)` is the round's own conclusion.
    fn round(&mut self, index: usize) -> Result<Next, End> {
        let t0 = Instant::now();
        let used: Vec<PredInfo> = self.preds.list().to_vec();
        let (bprog, cfg, astats) = self.abstraction(index, used.len())?;
        let targets: Vec<NodeId> = cfg.procs.iter().map(|p| p.err).collect();
        let ctx = self.stage("model checking", index)?;
        let (reach, mstats) = self.checker.check(&cfg, &targets, &ctx).map_err(End::stage)?;
        tracing::info!(
            reachable = reach.reachable,
            secs = mstats.time_secs,
            "model checking ({})",
            self.checker.name()
        );
        let mut it = Iteration {
            index,
            predicates: used.len(),
            abstraction_strategy: self.abstractor.name().to_string(),
            abstraction: astats,
            model_check: mstats,
            refinement: None,
            trace_length: None,
            infeasible_at: None,
            result: IterationResult::Safe,
            added: Vec::new(),
            time_secs: 0.0,
            rss_mib: None,
            oracle: None,
        };
        let Some(trace) = reach.trace.filter(|_| reach.reachable) else {
            if reach.reachable {
                return Err(End::new(StopReason::InternalError, "no trace".into()));
            }
            it.time_secs = t0.elapsed().as_secs_f64();
            it.rss_mib = rss_bytes().map(mib);
            self.record(it, &used, &bprog, &cfg, None, None);
            let detail = format!(
                "no error statement is reachable in the abstraction over {} predicates (iteration {index})",
                used.len()
            );
            let mut end = End::new(StopReason::Safe, detail);
            end.proof = Some(Box::new(bprog));
            return Ok(Next::Stop(end));
        };
        let steps: Vec<(Option<u32>, usize)> = trace
            .steps
            .iter()
            .filter(|s| cfg.nodes[s.node].is_statement())
            .map(|s| (cfg.nodes[s.node].origin, s.depth))
            .collect();
        it.trace_length = Some(steps.len());
        let path = newton::path_from_trace(&self.prog, &steps);
        let next = self.refinement(&mut it, index, &path, (&trace, &cfg))?;
        it.time_secs = t0.elapsed().as_secs_f64();
        it.rss_mib = rss_bytes().map(mib);
        self.record(it, &used, &bprog, &cfg, Some(&trace), Some(&path));
        Ok(next)
    }

    /// The abstraction of the program over the current predicates, as a boolean program and
    /// its CFG.
    fn abstraction(&mut self, index: usize, npreds: usize) -> Result<(bp::Program, Cfg, StageStats), End> {
        let ctx = self.stage("abstraction", index)?;
        let (mut bprog, astats) = self
            .abstractor
            .abstract_program(self.abs_prog.as_ref().unwrap_or(&self.prog), &self.preds.preds(), &ctx)
            .map_err(End::stage)?;
        constrain::apply(&mut bprog, &self.constraints);
        tracing::info!(
            predicates = npreds,
            statements = astats.size,
            reused = astats.reused,
            queries = astats.prover_queries,
            cache_hits = astats.prover_cache_hits,
            secs = astats.time_secs,
            "abstraction ({})",
            self.abstractor.name()
        );
        let cfg = bp::cfg::build(&bprog).map_err(|errs| {
            let first = errs.first().map(|e| e.to_string()).unwrap_or_default();
            End::new(StopReason::InternalError, format!("the abstraction is not a valid boolean program: {first}"))
        })?;
        Ok((bprog, cfg, astats))
    }

    /// Refinement of an abstract error trace's C-- path: a replayed violation, new predicates
    /// (go on), or a stop.
    fn refinement(
        &mut self,
        it: &mut Iteration,
        index: usize,
        path: &[newton::PathStep],
        abstract_trace: (&bebop::Trace, &Cfg),
    ) -> Result<Next, End> {
        let ctx = self.stage("refinement", index)?;
        let known = self.preds.known();
        let (verdict, rstats) = self.refiner.refine(&self.prog, path, &known, &ctx);
        tracing::info!(path = path.len(), secs = rstats.time_secs, "refinement ({})", self.refiner.name());
        it.refinement = Some(rstats);
        // An infeasible path around loops: the same loops taken many times at once
        // (`newton::accel`), for a bug a million trips deep.
        if matches!(verdict, newton::Verdict::Infeasible { .. } | newton::Verdict::NoNewPredicates { .. }) {
            if let Some(end) = self.accelerated_violation(path, &ctx) {
                it.result = IterationResult::Feasible;
                return Ok(Next::Stop(end));
            }
        }
        let stop = match verdict {
            newton::Verdict::Feasible(cex) => {
                it.result = IterationResult::Feasible;
                Some(self.violation(cex))
            }
            newton::Verdict::Infeasible { at, preds } => {
                it.infeasible_at = Some(at);
                self.add_predicates(it, preds, index);
                let found: Vec<cminus::pred::Pred> = it.added.iter().map(PredInfo::pred).collect();
                self.add_predicates(it, preds::through_returns(&self.prog, &found), index);
                let found: Vec<cminus::pred::Pred> = it.added.iter().map(PredInfo::pred).collect();
                let fx = self.effects.get_or_insert_with(|| preds::CallEffects::of(&self.prog));
                let copies = preds::into_callees(&self.prog, fx, &found);
                self.add_predicates(it, copies, index);
                if it.added.is_empty() {
                    self.stuck(it, index, at, path, abstract_trace)
                } else {
                    it.result = IterationResult::Refined;
                    // Newton refines one loop iteration per round on loops whose proof needs
                    // an invariant: after a few rounds, ask for one
                    if index >= ORACLE_ROUND {
                        self.ask_oracle(it, index);
                    }
                    None
                }
            }
            newton::Verdict::NoNewPredicates { at } => {
                tracing::debug!(at, "the refiner found no new predicate");
                it.infeasible_at = Some(at);
                self.stuck(it, index, at, path, abstract_trace)
            }
            newton::Verdict::Unknown(why) => {
                it.result = IterationResult::Unknown;
                Some(self.undecided(&why, index))
            }
        };
        Ok(stop.map_or(Next::Refined, Next::Stop))
    }

    /// The violation of `path` with its loop trips accelerated ([`newton::check_accelerated`]),
    /// if that path is feasible. The interpreter replays it within its step limit; a bug
    /// deeper than that is left to the compiled run (`exec`): a violation whose replay did not
    /// reach the error is reported only when a compiled run does.
    fn accelerated_violation(&self, path: &[newton::PathStep], ctx: &StageCtx) -> Option<End> {
        if std::env::var_os("SLAM_NO_ACCELERATION").is_some() || newton::accel::segments(&self.prog, path).is_empty() {
            return None;
        }
        let opts = newton::Options { query_timeout: ctx.query_timeout, cancel: Some(ctx.cancel.clone()) };
        let t0 = Instant::now();
        let r = newton::check_accelerated(&self.prog, path, &opts);
        let secs = t0.elapsed().as_secs_f64();
        let (cex, trips) = match r {
            Ok(Some(x)) => x,
            Ok(None) => {
                tracing::debug!(secs, "the accelerated path is infeasible too");
                return None;
            }
            Err(why) => {
                tracing::debug!(secs, %why, "the accelerated path is undecided");
                return None;
            }
        };
        let trips: Vec<u64> = trips.iter().map(|(_, j)| j + 1).collect();
        tracing::info!(?trips, secs, "the path with its loops accelerated is feasible");
        let mut end = self.violation(Box::new(cex));
        if let Some(r) = &end.replay {
            // a run that ends elsewhere within the step limit refutes the candidate
            if !r.confirmed && r.outcome != describe_run(&cminus::interp::Outcome::StepLimit) {
                tracing::info!(outcome = %r.outcome, "the accelerated path does not replay");
                return None;
            }
            if !r.confirmed {
                end.detail = format!(
                    "{} (found with loops accelerated: {} trips; the interpreter's replay stops before the error: {})",
                    end.detail,
                    trips.iter().map(u64::to_string).collect::<Vec<_>>().join(", "),
                    r.outcome
                );
            }
        }
        Some(end)
    }

    /// A feasible counterexample, replayed on the interpreter.
    fn violation(&self, cex: Box<newton::Counterexample>) -> End {
        let run = newton::replay(&self.prog, &cex, self.replay_steps);
        let confirmed = matches!(run.outcome, cminus::interp::Outcome::Error { stmt, .. } if stmt == cex.error_stmt);
        let replay = ReplayCheck {
            confirmed,
            outcome: describe_run(&run.outcome),
            steps: run.trace.len(),
            undefined: run.undefined.clone(),
        };
        let mut end = End::new(StopReason::Violation, cex.message.clone());
        end.counterexample = Some(cex);
        end.replay = Some(Box::new(replay));
        end
    }

    /// Fold the globals that hold a constant into the program and the predicates.
    /// Procedures a run from the entry never executes are not abstracted (a unit's other
    /// API functions, a rule's handlers for events the entry cannot reach), nor are the
    /// predicates over their locals.
    fn drop_unreachable_procs(&mut self) {
        let keep = self.prog.procs_reachable_from(&self.prog.entry);
        if keep.len() == self.prog.procs.len() || !keep.contains(&self.prog.entry) {
            return;
        }
        let dropped = self.prog.procs.len() - keep.len();
        tracing::info!(dropped, "procedures the entry cannot reach are not abstracted");
        self.prog.procs.retain(|p| keep.contains(&p.name));
        let mut preds = PredSet::default();
        for p in self.preds.list() {
            let pred = p.pred();
            if pred.scope.as_ref().is_none_or(|s| keep.contains(s)) {
                preds.insert(&self.prog, pred, p.added_in);
            }
        }
        self.preds = preds;
        lock(&self.progress).predicates = self.preds.list().to_vec();
    }

    /// Loop invariants proved by Houdini ([`houdini`]) before the first abstraction, assumed
    /// at their loop heads by every abstraction (a tenth of the time limit at most, 5 s).
    fn prove_loop_invariants(&mut self) {
        let budget = self.limits.time.map_or(HOUDINI_BUDGET, |t| (t / 10).min(HOUDINI_BUDGET));
        let t0 = Instant::now();
        let r = houdini::prove(&self.prog, budget, Some(self.cancel.clone()));
        if r.candidates == 0 {
            return;
        }
        let proved: Vec<String> = r
            .proved
            .iter()
            .flat_map(|h| h.conjuncts.iter().map(move |c| format!("{}: {}", h.proc, cminus::print_expr(c))))
            .collect();
        tracing::info!(
            candidates = r.candidates,
            proved = proved.len(),
            queries = r.queries,
            secs = t0.elapsed().as_secs_f64(),
            gave_up = ?r.gave_up,
            "loop invariants (houdini)"
        );
        tracing::debug!(?proved, "loop invariants assumed at their heads");
        if !r.proved.is_empty() {
            self.abs_prog = Some(houdini::strengthen(&self.prog, &r.proved));
            lock(&self.progress).proved_invariants = r.proved;
        }
    }

    fn fold_constants(&mut self) {
        let (prog, consts) = constants::fold(&self.prog);
        if consts.is_empty() {
            return;
        }
        tracing::info!(globals = ?consts.keys().collect::<Vec<_>>(), "globals that hold a constant");
        let mut preds = PredSet::default();
        for p in self.preds.list() {
            preds.insert(&prog, constants::fold_pred(&prog, &consts, &p.pred()), p.added_in);
        }
        self.prog = prog;
        self.preds = preds;
        self.consts = consts;
        lock(&self.progress).predicates = self.preds.list().to_vec();
    }

    /// Add the refiner's predicates that are new (in canonical form) to the set.
    fn add_predicates(&mut self, it: &mut Iteration, preds: Vec<newton::Predicate>, index: usize) {
        let before = it.added.len();
        for pred in preds {
            let pred = constants::fold_pred(&self.prog, &self.consts, &pred);
            let text = format!("{}: {}", pred.scope.as_deref().unwrap_or("global"), c2bp::pred_name(&pred.expr));
            if self.preds.insert(&self.prog, pred, index) {
                it.added.push(self.preds.list().last().expect("just added").clone());
            } else {
                tracing::debug!(predicate = %text, "refiner's predicate is known, trivial or ill-typed");
            }
        }
        if it.added.len() > before {
            tracing::info!(added = ?it.added[before..].iter().map(PredInfo::line).collect::<Vec<_>>(), "new predicates");
        }
    }

    /// Why the refiner could not decide the path, as a stop.
    fn undecided(&self, why: &newton::Undecided, index: usize) -> End {
        if self.deadline_passed() {
            let secs = seconds(self.limits.time.unwrap_or_default());
            End::new(
                StopReason::TimeLimit,
                format!("the time limit ({secs} s) was reached during refinement of iteration {index}"),
            )
        } else if why.kind == newton::UndecidedKind::Unsupported {
            End::new(StopReason::Unsupported, format!("path simulation: {why}"))
        } else {
            End::new(StopReason::Unknown, format!("path simulation could not decide: {why}"))
        }
    }

    /// A spurious trace without new predicates: switch to a more precise abstraction if
    /// there is one (and go on), else stop.
    fn stuck(
        &mut self,
        it: &mut Iteration,
        index: usize,
        at: usize,
        path: &[newton::PathStep],
        (trace, cfg): (&bebop::Trace, &Cfg),
    ) -> Option<End> {
        let offered: Vec<cminus::pred::Pred> = self.shared.as_ref().map(|s| lock(s).clone()).unwrap_or_default();
        if !offered.is_empty() {
            self.add_predicates(it, offered, index);
            if !it.added.is_empty() {
                tracing::info!(added = it.added.len(), "no new predicates from Newton: took the search's");
                it.result = IterationResult::Refined;
                return None;
            }
        }
        // The abstraction's imprecision first, if the trace shows it: cheap, and it keeps
        // the abstraction that was fast so far.
        let found = constrain::from_trace(&self.prog, &self.preds.preds(), cfg, trace, self.query_timeout);
        let new: Vec<constrain::Constraint> = found.into_iter().filter(|c| !self.constraints.contains(c)).collect();
        if !new.is_empty() {
            tracing::info!(added = new.len(), "no new predicates: constraints from inconsistent abstract states");
            self.constraints.extend(new);
            it.result = IterationResult::Constrained;
            return None;
        }
        if self.ask_oracle(it, index) {
            it.result = IterationResult::HornPredicates;
            return None;
        }
        if let Some(precise) = self.abstractor.more_precise() {
            tracing::info!(
                from = self.abstractor.name(),
                to = precise.name(),
                "no new predicates: more precise abstraction"
            );
            self.abstractor = precise;
            it.result = IterationResult::MorePrecise;
            return None;
        }
        // last: guesses that generalise across loop iterations (costly for the abstraction,
        // so only when the most precise one is stuck too)
        if self.add_invariants(it, index) {
            it.result = IterationResult::Refined;
            return None;
        }
        it.result = IterationResult::NoNewPredicates;
        Some(End::new(StopReason::NoNewPredicates, self.stuck_detail(index, at, path)))
    }

    /// Once per check: the predicate oracle's predicates ([`PredicateOracle`]) join the set;
    /// whether any was new.
    fn ask_oracle(&mut self, it: &mut Iteration, index: usize) -> bool {
        while !self.oracles.is_empty() {
            let oracle = self.oracles.remove(0);
            if self.ask_one_oracle(it, index, oracle) {
                return true;
            }
        }
        false
    }

    fn ask_one_oracle(&mut self, it: &mut Iteration, index: usize, mut oracle: Box<dyn PredicateOracle>) -> bool {
        let left = self.deadline.map(|d| d.saturating_duration_since(Instant::now()));
        let budget = left.map_or(ORACLE_BUDGET, |l| (l / 3).min(ORACLE_BUDGET));
        if budget < Duration::from_millis(200) {
            return false;
        }
        lock(&self.progress).stage = "the predicate oracle";
        let t0 = Instant::now();
        // the program the abstraction sees: Houdini's invariants assumed help Spacer too
        let prog = self.abs_prog.as_ref().unwrap_or(&self.prog);
        let answer = oracle.predicates(prog, budget, self.cancel.clone());
        let before = it.added.len();
        let offered = answer.preds.len();
        self.add_predicates(it, answer.preds, index);
        let added = it.added.len() - before;
        let secs = t0.elapsed().as_secs_f64();
        tracing::info!(oracle = oracle.name(), offered, added, secs, note = %answer.note, "predicates from the oracle");
        it.oracle =
            Some(OracleStats { source: oracle.name().to_string(), time_secs: secs, offered, added, note: answer.note });
        added > 0
    }

    /// Once per check: the loop-invariant candidates of concrete runs ([`invariants`]) join
    /// the predicates; whether any was new.
    fn add_invariants(&mut self, it: &mut Iteration, index: usize) -> bool {
        if self.invariants_tried {
            return false;
        }
        self.invariants_tried = true;
        let before = it.added.len();
        let cancel = self.cancel.clone();
        let candidates = invariants::candidates(&self.prog, &move || cancel.load(Ordering::Relaxed));
        self.add_predicates(it, candidates, index);
        let n = it.added.len() - before;
        tracing::info!(added = n, "loop-invariant candidates from concrete runs");
        n > 0
    }

    fn stuck_detail(&self, index: usize, at: usize, path: &[newton::PathStep]) -> String {
        let place = path
            .get(at)
            .and_then(|s| self.prog.stmt_ref(s.stmt))
            .map(|s| {
                let file = self.prog.files.get(s.loc.file as usize).map(String::as_str).unwrap_or("?");
                format!(" at {file}:{}", s.loc.line)
            })
            .unwrap_or_default();
        format!(
            "the abstract counterexample of iteration {index} is infeasible{place}, but no new predicate rules it out"
        )
    }
}

fn describe_run(o: &cminus::interp::Outcome) -> String {
    use cminus::interp::Outcome as O;
    match o {
        O::Error { msg, .. } => format!("error: {msg}"),
        O::Halt { .. } => "halt".into(),
        O::Returned(v) => format!("returned {v:?}"),
        O::StepLimit => "step limit".into(),
        O::Stuck { reason, .. } => format!("stuck: {reason}"),
    }
}
