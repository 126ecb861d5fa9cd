//! Under-approximation search with refinement (seed 004: Visser, Pasareanu and Pelánek,
//! "Going from Concrete to Symbolic Model Checking via Predicate Abstraction"), in its forward
//! symbolic-execution variant, and a portfolio that runs it next to the CEGAR loop.
//!
//! The search turns CEGAR around. It runs the concrete interpreter, so every behaviour it sees
//! is feasible and every error it reaches is real, however deep in a loop. The inputs of the
//! next run come from the prover: for a branch a run did not take, Newton solves the run's
//! path up to that branch followed by the branch's condition ([`newton::solve_path`]).
//! States are stored by their abstraction: the valuation of the predicates at the branch. A
//! branch not taken whose abstract state is covered already is cut — that cut is what makes
//! the search an under-approximation. When a round ends with cuts left, the abstraction is
//! refined: the cut branches' conditions become predicates, at that branch only
//! ([`Refinement::Local`]) or in its whole procedure ([`Refinement::Global`]), and the search
//! starts again. The answer is SAFE only when a round explored every branch with no cut, no
//! undecided query and no run stopped by the step limit; VIOLATION only with a run of the
//! interpreter that reaches the error; otherwise UNKNOWN with the reason.

pub mod portfolio;
pub mod testgen;

use cminus::interp::{Ask, Event, Peek};
use cminus::{Expr, Program, Stmt, StmtId, StmtKind};
use engine::{EngineKind, Outcome, PredSet, ReplayCheck, SearchStats, StopReason, Strategies};
use newton::{CexStep, Counterexample, PathStep};
use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Where a refinement puts the predicates it adds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum Refinement {
    /// At the branch that was cut only (the paper's "locally for the transition").
    #[default]
    Local,
    /// In the whole procedure of the branch (the paper's "globally").
    Global,
}

impl Refinement {
    pub fn name(self) -> &'static str {
        match self {
            Refinement::Local => "local",
            Refinement::Global => "global",
        }
    }
}

/// The limits and choices of a search.
#[derive(Clone, Debug)]
pub struct Options {
    pub time: Option<Duration>,
    /// Interpreter runs, over all rounds.
    pub max_runs: usize,
    /// Statements per run.
    pub max_steps: u64,
    /// Rounds of refinement before giving up.
    pub max_refinements: usize,
    pub refinement: Refinement,
    /// Time limit of one prover query.
    pub query_timeout: Duration,
    /// Set by someone else (a portfolio) to stop the search.
    pub cancel: Option<Arc<AtomicBool>>,
    /// Where the predicates refinement adds are offered to another engine (the portfolio's
    /// CEGAR loop).
    pub shared: Option<engine::SharedPredicates>,
    /// The structural engine's loop bound (`portfolio::run` passes it on).
    pub unroll: usize,
    /// Run the Horn engine after the interval analysis and before the rounds (the default
    /// portfolio's second thread does; see [`by_horn`]).
    pub horn_first: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            time: None,
            max_runs: 20_000,
            max_steps: 200_000,
            max_refinements: 16,
            refinement: Refinement::Local,
            query_timeout: Duration::from_secs(10),
            cancel: None,
            shared: None,
            unroll: 1,
            horn_first: false,
        }
    }
}

/// Search `prog` (its `error` statements are the property) from the abstraction over `preds`
/// (the CEGAR loop's initial predicates, or those it found). The outcome's predicates are
/// `preds` and those the search added.
pub fn search(prog: &Program, preds: PredSet, opts: &Options) -> Outcome {
    match decided_by_one_run(prog, &preds, opts) {
        Some(o) => o,
        None => search_rounds(prog, preds, opts),
    }
}

/// The answer of [`determined`] as the search's outcome, when it decides.
pub(crate) fn decided_by_one_run(prog: &Program, preds: &PredSet, opts: &Options) -> Option<Outcome> {
    // (a program whose entry reaches no error statement is answered by the engines' own
    // relevance test, in its words)
    if !engine::entry_reaches_an_error(prog) {
        return None;
    }
    let start = Instant::now();
    let end = determined(prog, opts)?;
    let mut s = Search::new(prog, preds.clone(), opts, start);
    s.stats.runs = 1;
    Some(outcome(s, end, opts, start))
}

/// [`search`] without [`determined`] first (the portfolio asks it before it starts the engines).
/// The interval analysis goes first ([`by_intervals`]), then the Horn engine when asked
/// ([`by_horn`]); the rounds have the time left.
pub(crate) fn search_rounds(prog: &Program, preds: PredSet, opts: &Options) -> Outcome {
    let t0 = Instant::now();
    // Shallow errors first: the provers below take seconds where they do not decide.
    let mut probe = Search::new(prog, preds.clone(), opts, t0);
    let probe_time = share_of(opts, PROBE_SHARE, PROBE_TIME);
    if let Some(end) = probe.random_runs_for(probe_time, PROBE_RUNS, None) {
        return outcome(probe, end, opts, t0);
    }
    match by_intervals(prog, opts) {
        Intervals::Proved(o) => return *o,
        // its inputs of a path to an error: often a real one, so run before the Horn engine
        Intervals::Candidate(w) => {
            if let Some(end) = probe.random_runs_for(t0.elapsed() + PROBE_TIME, 1, Some(&w)) {
                return outcome(probe, end, opts, t0);
            }
        }
        Intervals::Nothing => {}
    }
    if opts.horn_first {
        if let Some(o) = by_horn(prog, opts) {
            return o;
        }
    }
    let probed = probe.stats.runs;
    let mut opts = opts.clone();
    opts.time = opts.time.map(|t| t.saturating_sub(t0.elapsed()));
    let opts = &opts;
    let start = Instant::now();
    let mut s = Search::new(prog, preds, opts, start);
    // (the probe's runs count, and the random runs go on with the seeds after them)
    s.stats.runs = probed;
    let end = s.rounds();
    outcome(s, end, opts, start)
}

/// A stage's time: its share (`1/share`) of the search's time, at most `cap` (`cap` with no
/// time limit).
fn share_of(opts: &Options, share: u32, cap: Duration) -> Duration {
    opts.time.map_or(cap, |t| (t / share).min(cap))
}

/// The probe of random runs before the provers of [`search_rounds`]: at most this many runs,
/// this long, and this share of the search's time.
const PROBE_RUNS: usize = 200;
const PROBE_TIME: Duration = Duration::from_millis(500);
const PROBE_SHARE: u32 = 50;

/// The most time [`by_intervals`] takes, and its share of the search's time.
const INTERVAL_TIME: Duration = Duration::from_secs(3);
const INTERVAL_SHARE: u32 = 10;

/// What the interval analysis gives the search.
pub(crate) enum Intervals {
    /// SAFE: its outcome is the answer.
    Proved(Box<Outcome>),
    /// The inputs of a path to an error it could not split further: the first run the
    /// search tries ([`Search::random_runs_for`]).
    Candidate(interval::Witness),
    Nothing,
}

/// The interval analysis with input splitting (`interval`), for a tenth of the search's time
/// and at most [`INTERVAL_TIME`]. It decides the small numeric programs the predicate engines
/// cannot (float arithmetic, loops bounded by small input ranges) and stops at once at the
/// first pointer or struct it meets.
pub(crate) fn by_intervals(prog: &Program, opts: &Options) -> Intervals {
    if !engine::entry_reaches_an_error(prog) {
        return Intervals::Nothing;
    }
    let time = share_of(opts, INTERVAL_SHARE, INTERVAL_TIME);
    let a = interval::analyse(
        prog,
        &interval::Options { time: Some(time), cancel: opts.cancel.clone(), ..Default::default() },
    );
    let o = a.outcome;
    tracing::info!("interval analysis: {:?} in {:.2} s: {}", o.reason, o.time_secs, o.detail);
    match (o.verdict == engine::Verdict::Safe, a.witness) {
        (true, _) => Intervals::Proved(Box::new(o)),
        (false, Some(w)) => Intervals::Candidate(w),
        (false, None) => Intervals::Nothing,
    }
}

/// The most time [`by_horn`] takes, and its share of the search's time.
const HORN_TIME: Duration = Duration::from_secs(3);
const HORN_SHARE: u32 = 10;

/// The Horn engine (`horn`: Spacer's inductive invariants, validated) for a tenth of the
/// search's time and at most [`HORN_TIME`], on programs without memory
/// ([`horn::uses_memory`]): the loops whose proof is a linear invariant that refinement does
/// not find (a counter stepping by 2 against a bound set before the loop).
/// Its SAFE is the answer; anything else leaves the time to the rounds (a stop flag set while
/// it ran is the rounds' too).
pub(crate) fn by_horn(prog: &Program, opts: &Options) -> Option<Outcome> {
    // (a program with memory — heap, pointers, arrays — is left to the other engines: the
    // integer reading leaves memory out, and the seconds went to the search's runs)
    if !engine::entry_reaches_an_error(prog) || horn::uses_memory(prog) {
        return None;
    }
    let time = share_of(opts, HORN_SHARE, HORN_TIME);
    let o = horn::check(
        prog,
        &horn::Options { time: Some(time), cancel: opts.cancel.clone(), integer_only: true, ..Default::default() },
    );
    tracing::info!("horn: {:?} in {:.2} s: {}", o.reason, o.time_secs, o.detail);
    (o.verdict == engine::Verdict::Safe).then_some(o)
}

fn outcome(s: Search, end: End, opts: &Options, start: Instant) -> Outcome {
    let strategies = Strategies {
        abstraction: "under-approximation".into(),
        checker: "interpreter".into(),
        refiner: opts.refinement.name().into(),
    };
    let mut o =
        Outcome::of_engine(EngineKind::Search, end.reason, end.detail, strategies, start.elapsed().as_secs_f64());
    o.predicates = s.preds.list().to_vec();
    o.counterexample = end.counterexample;
    o.replay = end.replay;
    o.search = Some(s.stats.clone());
    o
}

/// The most runs on random inputs before the first round ([`Search::random_runs`]).
const RANDOM_RUNS: usize = 1_000;

/// The most runs of the round that enumerates paths without cuts ([`Search::enumerate_or`]).
const ENUMERATED_RUNS: usize = 2_000;

/// The most statements [`determined`] runs a program that makes no choice.
const DETERMINED_STEPS: u64 = 20_000_000;

/// A program that makes no choice at all — no input, no allocation that may fail, no
/// uninitialised read, no address it looks at, no nondeterministic branch — has one run:
/// when that run ends (returns or halts) without an error and without undefined behaviour,
/// no error is reachable. Its first choice stops the probe at once, so a program with
/// inputs costs nothing here; one without runs up to [`DETERMINED_STEPS`] (a counting loop
/// of a million trips), further than the search's runs go. A deep error is left to the
/// search and the other engines (its trace would be as long as the run).
fn determined(prog: &Program, opts: &Options) -> Option<End> {
    if opts.cancel.as_ref().is_some_and(|c| c.load(Ordering::Relaxed)) {
        return None;
    }
    let mut asked = false;
    let mut fill = |_: &Event, _: usize| {
        asked = true;
        0
    };
    let run = newton::replay_observed(prog, &empty_inputs(), DETERMINED_STEPS, &mut fill, &mut |_, _| {});
    if asked || !run.choices.is_empty() || run.undefined.is_some() {
        return None;
    }
    use cminus::interp::Outcome as Run;
    matches!(run.outcome, Run::Returned(_) | Run::Halt { .. }).then(|| {
        End::new(
            StopReason::Safe,
            format!(
                "the program makes no choice (no input, no allocation that may fail, no uninitialised read, no \
                 address it looks at): its one run ends after {} statements without reaching an error",
                run.trace.len()
            ),
        )
    })
}

/// How a search ended.
struct End {
    reason: StopReason,
    detail: String,
    counterexample: Option<Counterexample>,
    replay: Option<ReplayCheck>,
}

impl End {
    fn new(reason: StopReason, detail: impl Into<String>) -> End {
        End { reason, detail: detail.into(), counterexample: None, replay: None }
    }
}

/// The next run: inputs solved for a path (none for the first run).
struct Plan {
    inputs: Counterexample,
    /// The path the inputs were solved for; the run must follow it.
    path: Vec<PathStep>,
    /// Branches before this trace position were explored from an earlier run.
    bound: usize,
}

/// A branch a run did not take: the branching statement, the first statement of the branch
/// and the abstract state at the branch.
type Key = (StmtId, StmtId, Vec<Option<bool>>);

/// The abstraction that stores states: predicates valued at branches.
#[derive(Default)]
struct Abstraction {
    global: Vec<Expr>,
    by_proc: HashMap<String, Vec<Expr>>,
    /// Predicates of local refinement, valued at one branch only.
    at: HashMap<StmtId, Vec<Expr>>,
}

impl Abstraction {
    fn of(preds: &PredSet) -> Abstraction {
        let mut a = Abstraction::default();
        for p in preds.list() {
            match &p.scope {
                None => a.global.push(p.expr.clone()),
                Some(f) => a.by_proc.entry(f.clone()).or_default().push(p.expr.clone()),
            }
        }
        a
    }

    /// The abstract state before `stmt` runs: each predicate's truth (`None`: it reads
    /// something not chosen yet).
    fn value(&self, stmt: StmtId, peek: &mut dyn Peek) -> Vec<Option<bool>> {
        let proc = peek.proc_name().to_string();
        let local = self.by_proc.get(&proc).into_iter().flatten();
        let here = self.at.get(&stmt).into_iter().flatten();
        self.global.iter().chain(local).chain(here).map(|e| peek.value(e).map(|v| v != 0)).collect()
    }
}

/// One run of the interpreter and the abstract states it passed at branches and assumes.
struct Ran {
    run: cminus::interp::Run,
    alpha: HashMap<usize, Vec<Option<bool>>>,
    /// The trace position of the first statement that ran after the run's first choice
    /// (input, uninitialised read, …): before it, every branch was determined.
    first_choice: usize,
    /// The plan's inputs and those the run chose past its path.
    inputs: Counterexample,
}

struct Search<'p> {
    prog: &'p Program,
    opts: &'p Options,
    start: Instant,
    /// Statement → (procedure index, index in its body).
    at: HashMap<StmtId, (usize, usize)>,
    procs: HashMap<&'p str, usize>,
    labels: Vec<HashMap<&'p str, usize>>,
    preds: PredSet,
    abs: Abstraction,
    stats: SearchStats,
    /// Branches explored (taken, or scheduled) in this round.
    covered: HashSet<Key>,
    /// Branches cut in this round: (branching statement, procedure, the branch's conditions).
    cuts: Vec<(StmtId, String, Vec<Expr>)>,
    /// Why this round cannot be exhaustive, if it cannot.
    incomplete: Option<String>,
    /// Test generation ([`testgen`]): every run is kept, and an error does not end the round.
    cover: Option<Vec<cminus::interp::Run>>,
    /// No branch is cut ([`Search::enumerate_or`]).
    enumerate: bool,
    /// The objects an entry's caller built behind its arguments' pointers
    /// (`newton::outside_slots`): where the pointer is stored → the object's address. A run
    /// reads such a pointer as that object (mostly) or NULL, as a caller's well-formed
    /// structure holds them.
    outside: HashMap<(newton::OutsideHolder, u64), i64>,
    /// The logic's memory is bytes (else typed cells): how a run's reads are recorded.
    bytes: bool,
    /// The statements from which an error may still be reached (`cminus::cfg`): a run the
    /// interpreter cannot go on with anywhere else has nothing left to find.
    may_err: HashSet<StmtId>,
}

impl<'p> Search<'p> {
    fn new(prog: &'p Program, preds: PredSet, opts: &'p Options, start: Instant) -> Search<'p> {
        let mut at = HashMap::new();
        for (pi, p) in prog.procs.iter().enumerate() {
            for (si, s) in p.body.iter().enumerate() {
                at.insert(s.id, (pi, si));
            }
        }
        Search {
            prog,
            opts,
            start,
            at,
            procs: prog.procs.iter().enumerate().map(|(i, p)| (p.name.as_str(), i)).collect(),
            labels: prog.procs.iter().map(|p| p.label_map()).collect(),
            abs: Abstraction::of(&preds),
            preds,
            stats: SearchStats::default(),
            covered: HashSet::new(),
            cuts: Vec::new(),
            incomplete: None,
            cover: None,
            enumerate: false,
            outside: newton::outside_slots(prog)
                .into_iter()
                .map(|(_, base, _, holder, off)| ((holder, off), base))
                .collect(),
            bytes: prog.memory.is_bytes(),
            may_err: cminus::cfg::may_reach_error(prog),
        }
    }

    /// Runs on random inputs before the first round (at most [`RANDOM_RUNS`], and a tenth
    /// of the time limit): an error one of them reaches is a violation the solver need not
    /// find — the paths of floating-point programs cost Z3 seconds each. `None` when none is.
    fn random_runs(&mut self) -> Option<End> {
        let budget = share_of(self.opts, 10, Duration::from_secs(3));
        self.random_runs_for(budget, RANDOM_RUNS, None)
    }

    /// [`Search::random_runs`] until `budget` after the search's start, at most `max` runs;
    /// the first run on `candidate`'s inputs when given (the interval analysis's witness).
    fn random_runs_for(&mut self, budget: Duration, max: usize, candidate: Option<&interval::Witness>) -> Option<End> {
        for n in 0..max {
            if self.cancelled() || self.start.elapsed() >= budget {
                return None;
            }
            let plan = Plan { inputs: empty_inputs(), path: Vec::new(), bound: 0 };
            let ran = match (candidate, n) {
                (Some(w), 0) => self.run_given(&plan, w),
                _ => self.run(&plan),
            };
            self.stats.runs += 1;
            if let cminus::interp::Outcome::Error { stmt, msg } = &ran.run.outcome {
                let path = self.path_of(&ran.run.trace)?;
                // (the run's inputs are the witness: the path's formula may cost Z3 more than
                // the whole search)
                let end = self.violation_with(&ran.inputs, &path, *stmt, msg, false);
                if end.reason == StopReason::Violation {
                    return Some(end);
                }
            }
            if ran.run.choices.is_empty() {
                return None; // every run is this one
            }
        }
        None
    }

    /// Search, refine, search again, until an answer or a limit.
    fn rounds(&mut self) -> End {
        if self.cover.is_none() {
            if let Some(end) = self.random_runs() {
                return end;
            }
        }
        loop {
            self.covered.clear();
            self.cuts.clear();
            self.incomplete = None;
            if let Some(end) = self.round() {
                return end;
            }
            // A stop during the last run's branches cut the round short.
            if self.cancelled() {
                return End::new(StopReason::Unknown, "stopped: another engine answered first");
            }
            // (a round that is not exhaustive but cut branches is refined as any other: a
            // later round may reach an error behind those branches)
            if let Some(why) = self.incomplete.as_ref().filter(|_| self.cuts.is_empty()) {
                return End::new(StopReason::Unknown, format!("the search is not exhaustive: {why}"));
            }
            if self.cuts.is_empty() {
                return End::new(
                    StopReason::Safe,
                    format!(
                        "every branch of every run was explored or is infeasible ({} runs): no error is reachable",
                        self.stats.runs
                    ),
                );
            }
            if self.stats.refinements >= self.opts.max_refinements {
                let end = End::new(
                    StopReason::IterationLimit,
                    format!(
                        "{} branches were cut by the abstraction after {} refinements (the limit)",
                        self.cuts.len(),
                        self.stats.refinements
                    ),
                );
                return self.enumerate_or(end);
            }
            if let Some(end) = self.limit() {
                return end;
            }
            let cut = self.cuts.len();
            if !self.refine() {
                // Refinement stops early at a limit: that is the reason then.
                if let Some(end) = self.limit() {
                    return end;
                }
                let end = End::new(
                    StopReason::NoNewPredicates,
                    format!("{cut} branches were cut by the abstraction and no new predicate tells their states apart"),
                );
                return self.enumerate_or(end);
            }
            self.stats.refinements += 1;
        }
    }

    /// When refinement is exhausted: one more round that cuts nothing (every branch not taken
    /// is solved, whatever the abstract state) with at most [`ENUMERATED_RUNS`] runs. A
    /// program with few paths — loops bounded by inputs of small ranges, by constants — is
    /// decided so where no predicate tells its loop's trips apart. Else `fallback`.
    fn enumerate_or(&mut self, fallback: End) -> End {
        if self.cancelled() || self.limit().is_some() {
            return fallback;
        }
        self.enumerate = true;
        self.covered.clear();
        self.cuts.clear();
        self.incomplete = None;
        let before = self.stats.runs;
        if let Some(end) = self.round() {
            return end;
        }
        match &self.incomplete {
            None if self.cuts.is_empty() => End::new(
                StopReason::Safe,
                format!(
                    "every path was run ({} runs without the abstraction's cuts, after {} refinements): no error is \
                     reachable",
                    self.stats.runs - before,
                    self.stats.refinements
                ),
            ),
            Some(why) => End { detail: format!("{}; every path, without cuts: {why}", fallback.detail), ..fallback },
            None => fallback,
        }
    }

    /// One depth-first round from the first run; `Some` when it decides or hits a limit.
    fn round(&mut self) -> Option<End> {
        let first = Plan { inputs: empty_inputs(), path: Vec::new(), bound: 0 };
        let mut stack = vec![first];
        let before = self.stats.runs;
        while let Some(plan) = stack.pop() {
            if let Some(end) = self.limit() {
                return Some(end);
            }
            if self.enumerate && self.stats.runs - before >= ENUMERATED_RUNS {
                self.not_exhaustive(&format!("more than {ENUMERATED_RUNS} paths"));
                return None;
            }
            let ran = self.run(&plan);
            self.stats.runs += 1;
            let Some(path) = self.path_of(&ran.run.trace) else {
                self.not_exhaustive("a run's calls and returns could not be followed");
                continue;
            };
            let mut bound = plan.bound;
            let followed = plan.path.iter().zip(&path).take_while(|(a, b)| a.stmt == b.stmt).count();
            // The interpreter left the path the prover solved for, or stopped on it (a
            // failing assume the prover took for satisfiable, such as one over a float): that
            // branch was not explored after all.
            // A run the interpreter cannot go on with (an unmodelled value) where no error can
            // follow, on the path the prover solved for (as far as either goes), is complete: nothing
            // after the stop could change the verdict (what follows the statement cannot
            // reach an error either: `may_reach_error` is closed under successors).
            let spent = followed == path.len().min(plan.path.len())
                && matches!(ran.run.outcome, cminus::interp::Outcome::Stuck { unmodelled: true, stmt, .. } if !self.may_err.contains(&stmt));
            let stopped_on_path = !plan.path.is_empty()
                && path.len() <= plan.path.len()
                && !spent
                && matches!(ran.run.outcome, cminus::interp::Outcome::Stuck { .. });
            if (followed < plan.path.len() && !spent) || stopped_on_path {
                self.not_exhaustive("the interpreter and the logic disagree on a path");
                bound = bound.min(followed);
            }
            use cminus::interp::Outcome as Run;
            match &ran.run.outcome {
                Run::Error { .. } if self.cover.is_some() => {}
                Run::Error { stmt, msg } => return Some(self.violation(&ran.inputs, &path, *stmt, msg)),
                Run::StepLimit => self.not_exhaustive("a run reached the step limit"),
                Run::Stuck { unmodelled: true, .. } if spent => {}
                Run::Stuck { unmodelled: true, reason, .. } => {
                    self.not_exhaustive(&format!("the interpreter does not model: {reason}"))
                }
                Run::Stuck { reason, stmt, .. } if !ran.run.outcome.is_failed_assume() => {
                    // (also a replay whose model the interpreter rejects: an address no run
                    // of the C program has)
                    if let Some(s) = self.stmt(*stmt) {
                        tracing::debug!(line = s.loc.line, stmt = %cminus::print::stmt_str(&s.kind), reason, "a run ended in undefined behaviour");
                    }
                    self.not_exhaustive(&format!("a run ended in undefined behaviour: {reason}"))
                }
                _ => {}
            }
            let children = self.branches(&ran, &path, bound);
            if let Some(runs) = &mut self.cover {
                runs.push(ran.run);
            }
            // Depth first: the deepest branch is explored next.
            stack.extend(children);
        }
        None
    }

    fn out_of_time(&self) -> bool {
        self.opts.time.is_some_and(|t| self.start.elapsed() >= t)
    }

    fn limit(&self) -> Option<End> {
        if self.cancelled() {
            return Some(End::new(StopReason::Unknown, "stopped: another engine answered first"));
        }
        if let Some(t) = self.opts.time {
            if self.out_of_time() {
                let secs = engine::seconds(t);
                return Some(End::new(
                    StopReason::TimeLimit,
                    format!("the time limit ({secs} s) was reached after {} runs of the search", self.stats.runs),
                ));
            }
        }
        if self.stats.runs >= self.opts.max_runs {
            return Some(End::new(
                StopReason::IterationLimit,
                format!("the search reached its limit of {} runs", self.opts.max_runs),
            ));
        }
        None
    }

    fn cancelled(&self) -> bool {
        self.opts.cancel.as_ref().is_some_and(|c| c.load(Ordering::Relaxed))
    }

    fn not_exhaustive(&mut self, why: &str) {
        if self.incomplete.is_none() {
            self.incomplete = Some(why.to_string());
        }
    }

    fn stmt(&self, id: StmtId) -> Option<&'p Stmt> {
        let &(p, s) = self.at.get(&id)?;
        self.prog.procs[p].body.get(s)
    }

    /// Run the interpreter with the plan's inputs, storing the abstract state at every
    /// branch and assume.
    fn run(&self, plan: &Plan) -> Ran {
        self.run_given(plan, &[])
    }

    /// A run whose inputs are `given` (statement, occurrence at it, value) where it names
    /// them (the interval analysis's candidate), else a fixed pseudo-random sequence per run
    /// (zeros for every input would, e.g., never let a scheduler pick a thread).
    fn run_given(&self, plan: &Plan, given: &[(StmtId, u32, i128)]) -> Ran {
        let given: HashMap<(StmtId, u32), i128> = given.iter().map(|&(s, k, v)| ((s, k), v)).collect();
        let at = std::cell::Cell::new(StmtId(u32::MAX));
        let mut seen: HashMap<StmtId, u32> = HashMap::new();
        let mut alpha = HashMap::new();
        let mut k = 0usize;
        let abs = &self.abs;
        let mut observe = |s: &Stmt, peek: &mut dyn Peek| {
            at.set(s.id);
            let branch = matches!(&s.kind, StmtKind::Goto(ls) if ls.len() > 1);
            if branch || matches!(s.kind, StmtKind::Assume(_)) {
                alpha.insert(k, abs.value(s.id, peek));
            }
            k += 1;
        };
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15 ^ (self.stats.runs as u64).wrapping_mul(0x2545_f491_4f6c_dd1d));
        // The values chosen here, kept so that the run can be replayed (its counterexample).
        let mut inputs = plan.inputs.clone();
        let (outside, bytes) = (&self.outside, self.bytes);
        // every other run reads the integers the caller filled as 0 (a polling loop on a
        // count of threads, `while (pool->alive) sleep(1);`, ends at once), the others as
        // random values
        let zero_filled = self.stats.runs.is_multiple_of(2);
        let mut fill = |e: &Event, k: usize| {
            let mut v = rng.value(e.ty);
            let holder = match &e.ask {
                Ask::UninitParam { param, off } => Some((newton::OutsideHolder::Param(*param), *off)),
                Ask::UninitAlloc { alloc, off, .. } => Some((newton::OutsideHolder::Outside(*alloc), *off)),
                _ => None,
            };
            if let Some(h) = holder {
                // what the entry's caller filled (the replay asks only for that): a pointer
                // is the object the caller built there (NULL one run in four), an integer
                // the random value
                if e.ty.is_pointer() {
                    v = match outside.get(&h) {
                        Some(&base) if !rng.next().is_multiple_of(4) => base as i128,
                        _ => 0,
                    };
                } else if zero_filled {
                    v = 0;
                }
                newton::record_read(self.prog, bytes, &mut inputs, e, v);
            }
            match &e.ask {
                Ask::EntryParam(i) => inputs.oracle.push((usize::MAX, *i, v)),
                Ask::Nondet => {
                    // (counted only when something is given: the ordinary runs pay nothing)
                    if !given.is_empty() {
                        let n = seen.entry(at.get()).or_insert(0);
                        if let Some(&g) = given.get(&(at.get(), *n)) {
                            v = g;
                        }
                        *n += 1;
                    }
                    inputs.oracle.push((e.step, k, v));
                }
                Ask::Uninit(Some((Some(p), var, f))) => inputs.uninit.push((p.clone(), var.clone(), *f, v)),
                _ => {}
            }
            v
        };
        let run = newton::replay_observed(self.prog, &plan.inputs, self.opts.max_steps, &mut fill, &mut observe);
        // The statement after the one that made the first choice (a choice made while a
        // statement runs — an uninitialised read in a failing assume — decides that statement
        // already; one made before the first statement: 0).
        let first_choice = run.choices.first().map_or(usize::MAX, |c| c.step.wrapping_add(1));
        Ran { run, alpha, first_choice, inputs }
    }

    /// The run's trace as a path with call depths (what Newton reads).
    fn path_of(&self, trace: &[StmtId]) -> Option<Vec<PathStep>> {
        let entry = *self.procs.get(self.prog.entry.as_str())?;
        let mut stack = vec![entry];
        let mut out = Vec::with_capacity(trace.len());
        for &id in trace {
            let &(p, si) = self.at.get(&id)?;
            // A procedure that fell off its end returned without a statement of its own.
            while stack.len() > 1 && *stack.last()? != p {
                stack.pop();
            }
            out.push(PathStep { stmt: id, depth: stack.len() - 1 });
            match &self.prog.procs[p].body[si].kind {
                StmtKind::Call { callee, .. } => {
                    if let Some(&c) = self.procs.get(callee.as_str()) {
                        stack.push(c);
                    }
                }
                StmtKind::Return(_) if stack.len() > 1 => {
                    stack.pop();
                }
                _ => {}
            }
        }
        Some(out)
    }

    /// The branches the run did not take, from position `bound` on: each is cut (its
    /// abstract state is covered), infeasible, or a plan for a later run.
    fn branches(&mut self, ran: &Ran, path: &[PathStep], bound: usize) -> Vec<Plan> {
        let mut plans = Vec::new();
        let trace = &ran.run.trace;
        // Before the run's first choice the state is the one initial state, so a branch the
        // run did not take there cannot be taken by any run: nothing to solve or cut.
        // (The statement at `first_choice` may itself be the choice: it is not skipped.)
        let determined = ran.first_choice.saturating_sub(1).min(trace.len());
        for i in bound.max(determined)..trace.len() {
            let Some(alpha) = ran.alpha.get(&i) else { continue };
            let Some(s) = self.stmt(trace[i]) else { continue };
            let proc_name = self.prog.procs[self.at[&s.id].0].name.clone();
            let alternatives = match &s.kind {
                StmtKind::Goto(_) => {
                    let taken = trace.get(i + 1).copied();
                    if let Some(t) = taken {
                        self.covered.insert((s.id, t, alpha.clone()));
                    }
                    self.targets(s).into_iter().filter(|t| Some(t.0) != taken).collect()
                }
                // The run stopped at a failing assume: inputs that pass it.
                StmtKind::Assume(c) if i + 1 == trace.len() && ran.run.outcome.is_failed_assume() => {
                    vec![(s.id, Vec::new(), vec![c.clone()])]
                }
                _ => continue,
            };
            for (target, assumes, conds) in alternatives {
                if self.cancelled() {
                    // The branches left are unexplored: this round proves nothing.
                    self.not_exhaustive("stopped: another engine answered first");
                    return plans;
                }
                if self.out_of_time() {
                    // Each solve builds the path's initial memory before its first query
                    // (seconds on a unit with large initialised arrays): none past the limit.
                    self.not_exhaustive("the time limit was reached");
                    return plans;
                }
                let key = (s.id, target, alpha.clone());
                if !self.enumerate && self.covered.contains(&key) {
                    self.stats.cut += 1;
                    self.cuts.push((s.id, proc_name.clone(), conds));
                    continue;
                }
                self.covered.insert(key);
                if i >= MAX_SOLVED_PATH {
                    // Its formula could take Z3 longer than any limit to even simplify (and a
                    // simplification cannot be interrupted).
                    self.not_exhaustive(&format!("a branch after {MAX_SOLVED_PATH} steps was not solved"));
                    continue;
                }
                let mut want: Vec<PathStep> = path[..=i].to_vec();
                let depth = path[i].depth;
                want.extend(assumes.iter().map(|&stmt| PathStep { stmt, depth }));
                if let Some(plan) = self.solve(want, i) {
                    plans.push(plan);
                }
            }
        }
        plans
    }

    /// The targets of a branch: (first statement, the statements the path takes into it —
    /// the first one and the assumes that lead it —, their conditions).
    fn targets(&self, s: &Stmt) -> Vec<(StmtId, Vec<StmtId>, Vec<Expr>)> {
        let StmtKind::Goto(labels) = &s.kind else { return Vec::new() };
        let pi = self.at[&s.id].0;
        let body = &self.prog.procs[pi].body;
        let mut out: Vec<(StmtId, Vec<StmtId>, Vec<Expr>)> = Vec::new();
        for l in labels {
            let Some(&k) = self.labels[pi].get(l.as_str()) else { continue };
            let Some(first) = body.get(k) else { continue };
            if out.iter().any(|t| t.0 == first.id) {
                continue;
            }
            let mut steps = vec![first.id];
            let mut conds = Vec::new();
            let mut j = k;
            while let Some(StmtKind::Assume(c)) = body.get(j).map(|s| &s.kind) {
                conds.push(c.clone());
                if j > k {
                    steps.push(body[j].id);
                }
                j += 1;
                if body.get(j).is_none_or(|s| !s.labels.is_empty()) {
                    break;
                }
            }
            out.push((first.id, steps, conds));
        }
        out
    }

    /// Inputs for `want`, or `None` (infeasible, or undecided: then the round is not exhaustive).
    fn solve(&mut self, want: Vec<PathStep>, branch_at: usize) -> Option<Plan> {
        self.stats.solved += 1;
        let nopts = newton::Options { query_timeout: self.query_timeout(), cancel: self.opts.cancel.clone() };
        match newton::solve_path(self.prog, &want, &nopts) {
            Ok(Some(inputs)) => Some(Plan { inputs, path: want, bound: branch_at + 1 }),
            Ok(None) => {
                self.stats.infeasible += 1;
                None
            }
            Err(why) => {
                self.not_exhaustive(&format!("a branch could not be decided ({why})"));
                None
            }
        }
    }

    fn query_timeout(&self) -> Duration {
        match self.opts.time {
            Some(t) => {
                self.opts.query_timeout.min(t.saturating_sub(self.start.elapsed())).max(Duration::from_millis(10))
            }
            None => self.opts.query_timeout,
        }
    }

    /// A run reached an error: the counterexample, with values from Newton when it can give
    /// them, and replayed.
    fn violation(&mut self, inputs: &Counterexample, path: &[PathStep], error: StmtId, msg: &str) -> End {
        self.violation_with(inputs, path, error, msg, true)
    }

    /// [`Self::violation`]; `newton_values`: Newton's values along the path where it is short
    /// (else the run's own inputs alone are the witness).
    fn violation_with(
        &mut self,
        inputs: &Counterexample,
        path: &[PathStep],
        error: StmtId,
        msg: &str,
        newton_values: bool,
    ) -> End {
        let nopts = newton::Options { query_timeout: self.query_timeout(), cancel: self.opts.cancel.clone() };
        // Newton gives the values along the path (for people reading the trace); a long
        // path's formula costs more than it tells, so the run alone is the witness then.
        let verdict = match newton_values && path.len() <= NEWTON_VALUES_UP_TO {
            true => Some(newton::check_path(self.prog, path, &[], &nopts).0),
            false => None,
        };
        let cex = match verdict {
            Some(newton::Verdict::Feasible(c)) => *c,
            // The run itself is the witness: its inputs, and the path for its branches.
            _ => {
                let mut c = inputs.clone();
                c.steps = path.iter().filter_map(|p| self.cex_step(p)).collect();
                c.error_stmt = error;
                c.message = msg.to_string();
                c
            }
        };
        let run = newton::replay(self.prog, &cex, self.opts.max_steps);
        let want: Vec<StmtId> = path.iter().map(|p| p.stmt).collect();
        let confirmed =
            matches!(&run.outcome, cminus::interp::Outcome::Error { stmt, .. } if *stmt == error) && run.trace == want;
        let replay = ReplayCheck {
            confirmed,
            outcome: format!("{:?}", run.outcome),
            steps: run.trace.len(),
            undefined: run.undefined.clone(),
        };
        if !confirmed {
            let mut end = End::new(StopReason::Unknown, "a run reached an error, but its inputs do not replay it");
            end.replay = Some(replay);
            return end;
        }
        End { reason: StopReason::Violation, detail: msg.to_string(), counterexample: Some(cex), replay: Some(replay) }
    }

    fn cex_step(&self, p: &PathStep) -> Option<CexStep> {
        let &(pi, si) = self.at.get(&p.stmt)?;
        let proc = &self.prog.procs[pi];
        let s = &proc.body[si];
        Some(CexStep { stmt: s.id, proc: proc.name.clone(), depth: p.depth, loc: s.loc, values: Vec::new() })
    }

    /// Refine the abstraction at the cut branches: first with the conditions of the branches
    /// that were cut; when those are all predicates already, with the conditions of every
    /// branch of the cut branches' procedures (what decides which way the code after the cut
    /// goes: the paper's predicates of branch coverage). `false` when nothing is new.
    fn refine(&mut self) -> bool {
        // One entry per (site, conditions): a loop cuts the same branch thousands of times.
        let mut cuts = std::mem::take(&mut self.cuts);
        let mut seen = HashSet::new();
        cuts.retain(|(site, _, conds)| seen.insert((*site, conds.clone())));
        let mut added = false;
        for (site, proc, conds) in &cuts {
            added |= self.add_predicates(*site, proc, conds.clone());
        }
        if added {
            return true;
        }
        let mut sites: Vec<(StmtId, String)> = cuts.iter().map(|(s, p, _)| (*s, p.clone())).collect();
        sites.sort();
        sites.dedup();
        for (site, proc) in &sites {
            if self.limit().is_some() {
                return false;
            }
            let Some(&pi) = self.procs.get(proc.as_str()) else { continue };
            let conds: Vec<Expr> = self.prog.procs[pi]
                .body
                .iter()
                .filter(|s| matches!(&s.kind, StmtKind::Goto(ls) if ls.len() > 1))
                .flat_map(|s| self.targets(s))
                .flat_map(|t| t.2)
                .collect();
            added |= self.add_predicates(*site, proc, conds);
        }
        if added {
            return true;
        }
        // Last, one step of weakest preconditions (the paper's refinement): each predicate
        // of a cut procedure through each assignment there to a variable it reads, so that
        // states a loop's counter tells apart (`total == 30`, `total + 10 == 30`, …) are
        // different abstract states.
        for (site, proc) in &sites {
            if self.limit().is_some() {
                return false;
            }
            let Some(&pi) = self.procs.get(proc.as_str()) else { continue };
            let mut preds: Vec<Expr> = self.abs.global.clone();
            preds.extend(self.abs.by_proc.get(proc).into_iter().flatten().cloned());
            preds.extend(self.abs.at.get(site).into_iter().flatten().cloned());
            let mut wps = Vec::new();
            for s in &self.prog.procs[pi].body {
                let StmtKind::Assign(cminus::Lval::Var(x), e) = &s.kind else { continue };
                // (Any predicate is sound here: it only decides which states are the same.)
                if matches!(e, Expr::Nondet(_)) {
                    continue;
                }
                for p in &preds {
                    if p.var_names().contains(x) {
                        let wp = p.subst_var(x, e);
                        // Bounded, so that a loop's `i := i + 1` cannot grow predicates
                        // without end over the rounds.
                        if cminus::print::print_expr(&wp).len() <= MAX_WP_TEXT && !wps.contains(&wp) {
                            wps.push(wp);
                        }
                    }
                }
            }
            added |= self.add_predicates(*site, proc, wps);
        }
        added
    }

    /// Add predicates at `site` (local) or in `proc` (global); `true` if one was new.
    fn add_predicates(&mut self, site: StmtId, proc: &str, conds: Vec<Expr>) -> bool {
        let round = self.stats.refinements + 1;
        let mut added = false;
        for c in conds {
            let list = match self.opts.refinement {
                Refinement::Local => self.abs.at.entry(site).or_default(),
                Refinement::Global => self.abs.by_proc.entry(proc.to_string()).or_default(),
            };
            if list.len() >= MAX_PREDICATES || list.contains(&c) {
                continue;
            }
            list.push(c.clone());
            added = true;
            if let Some(shared) = &self.opts.shared {
                let pred = cminus::pred::Pred { expr: c.clone(), scope: Some(proc.to_string()) };
                shared.lock().unwrap_or_else(|e| e.into_inner()).push(pred);
            }
            self.preds.insert(self.prog, cminus::pred::Pred { expr: c, scope: Some(proc.to_string()) }, round);
        }
        added
    }
}

/// The longest run prefix whose branch the search solves for.
const MAX_SOLVED_PATH: usize = 20_000;

/// The most predicates refinement keeps at one site (local) or in one procedure (global):
/// past it, states the predicates cannot tell apart stay cut and the search ends UNKNOWN.
const MAX_PREDICATES: usize = 64;

/// The longest weakest precondition (as printed) that refinement adds as a predicate.
const MAX_WP_TEXT: usize = 80;

/// A small deterministic generator (xorshift) for the inputs a run chooses itself: runs are
/// reproducible, and the values are small, boundary or arbitrary.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }

    fn value(&mut self, t: &cminus::Type) -> i128 {
        let r = self.next();
        if let cminus::Type::Float { bits: bits @ (32 | 64) } = t {
            return self.float(r, *bits);
        }
        let v: i128 = match r % 8 {
            0 => 0,
            1 => 1,
            2 => -1,
            3 | 4 => (r >> 8) as i128 % 16,
            _ => (r >> 8) as i128,
        };
        match t {
            cminus::Type::Bool => v & 1,
            cminus::Type::Ptr(_) => 0,
            t if t.is_scalar() => cminus::interp::wrap(v, t),
            _ => 0,
        }
    }
}

impl Rng {
    /// A float's bit pattern: any pattern (NaNs, infinities and subnormals among them), a
    /// value uniform in [-1, 1], [-2, 2], [-10, 10] or [-1000, 1000], or a small integer —
    /// where the thresholds of numeric programs are.
    fn float(&mut self, r: u64, bits: u16) -> i128 {
        let unit = (self.next() >> 11) as f64 / (1u64 << 53) as f64 * 2.0 - 1.0;
        let v = match r % 6 {
            0 => return if bits == 32 { (r >> 16) as u32 as i128 } else { (r >> 2) as i128 },
            1 => unit,
            2 => unit * 2.0,
            3 => unit * 10.0,
            4 => unit * 1000.0,
            _ => ((r >> 8) % 33) as f64 - 16.0,
        };
        if bits == 32 {
            (v as f32).to_bits() as i128
        } else {
            v.to_bits() as i128
        }
    }
}

/// The longest path whose counterexample gets Newton's values (longer ones keep the run's
/// inputs only).
const NEWTON_VALUES_UP_TO: usize = 2_000;

/// The inputs of the first run: no values chosen (the interpreter takes zeros and the first
/// feasible branch).
fn empty_inputs() -> Counterexample {
    Counterexample {
        steps: Vec::new(),
        error_stmt: StmtId(0),
        message: String::new(),
        inputs: Vec::new(),
        oracle: Vec::new(),
        uninit: Vec::new(),
        param_memory: Vec::new(),
        addresses: Vec::new(),
        alloc_memory: Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lower(src: &str) -> Program {
        cfront::lower_str("t.c", src, &cfront::Options::default()).expect("lowers")
    }

    #[test]
    fn the_interval_analysis_hands_its_path_to_an_error_to_the_search() {
        // the error needs x within a rounding of 1.0f (0x3f7ffffe already rounds r up to 1.5):
        // the analysis splits down to one such value
        let p = lower(
            "float __VERIFIER_nondet_float(void); void abort(void); void reach_error(void);
             int main(void) { float x = __VERIFIER_nondet_float(); if (!(x >= 0.0f && x <= 1.0f)) abort();
               float r = 1.0f + 0.5f * x; if (!(r < 1.5f)) reach_error(); return 0; }",
        );
        let opts = Options { time: Some(Duration::from_secs(20)), ..Options::default() };
        let Intervals::Candidate(w) = by_intervals(&p, &opts) else { panic!("no candidate") };
        assert_eq!(w.len(), 1);
        assert!(w[0].2 >= 0x3f7f_fffe && w[0].2 <= 1.0f32.to_bits() as i128, "{w:?}");
        let s = Search::new(&p, PredSet::default(), &opts, Instant::now());
        let plan = Plan { inputs: empty_inputs(), path: Vec::new(), bound: 0 };
        let ran = s.run_given(&plan, &w);
        assert!(matches!(ran.run.outcome, cminus::interp::Outcome::Error { .. }), "{:?}", ran.run.outcome);
        // and the whole search answers with it at once
        let o = search(&p, PredSet::default(), &opts);
        assert_eq!(o.verdict, engine::Verdict::Violation, "{}", o.detail);
    }

    #[test]
    fn the_rounds_ask_the_horn_engine_first_when_told() {
        // p == 2 i and m >= 2 n: a linear invariant Spacer finds and refinement does not
        // (nor the interval analysis: a million iterations per box)
        let mut p = lower(
            "int __VERIFIER_nondet_int(void); void reach_error(void);
             int main(void) { int n = __VERIFIER_nondet_int(), m = __VERIFIER_nondet_int(), p = 0, i;
               if (n <= 0 || n >= 1000000 || m >= 3000000 || m < 2 * n) return 0;
               for (i = 0; i < n; i++) { if (p + 1 >= m) reach_error(); p += 2; }
               return 0; }",
        );
        p.answer_undefined = Some(cminus::ub::UbMode::AssumeNone);
        let told = Options { time: Some(Duration::from_secs(30)), horn_first: true, ..Options::default() };
        let o = search_rounds(&p, PredSet::default(), &told);
        assert_eq!((o.verdict, o.engine), (engine::Verdict::Safe, EngineKind::Horn), "{}", o.detail);
        let alone = Options { time: Some(Duration::from_secs(2)), ..Options::default() };
        assert_eq!(search_rounds(&p, PredSet::default(), &alone).engine, EngineKind::Search);
    }

    #[test]
    fn a_program_without_choices_is_decided_by_its_one_run() {
        let p = lower(
            "void reach_error(void);
             int main(void) { int i; for (i = 0; i < 1000000; i += 2) ; if (i != 1000000) reach_error(); return 0; }",
        );
        let end = determined(&p, &Options::default()).expect("decided");
        assert_eq!(end.reason, StopReason::Safe);
        assert!(end.detail.contains("makes no choice"), "{}", end.detail);
    }

    #[test]
    fn an_input_an_address_or_an_error_leaves_the_program_to_the_search() {
        for src in [
            // an input
            "int __VERIFIER_nondet_int(void); void reach_error(void);
             int main(void) { int n = __VERIFIER_nondet_int(); if (n == 7) reach_error(); return 0; }",
            // an address the program looks at: a choice of the model, made up by a plain run
            "void reach_error(void); int x;
             int main(void) { if ((unsigned long)&x % 64 == 8) reach_error(); return 0; }",
            // an allocation that may fail
            "#include <stdlib.h>
             void reach_error(void);
             int main(void) { int *p = malloc(4); if (!p) reach_error(); free(p); return 0; }",
            // an error reached: the search reports it with its trace
            "void reach_error(void); int main(void) { int i = 0; while (i < 10) i++; if (i == 10) reach_error(); return 0; }",
        ] {
            assert!(determined(&lower(src), &Options::default()).is_none(), "{src}");
        }
    }
}
