//! The portfolio: the CEGAR loop and the under-approximation search side by side, each on its
//! own thread. The first definite verdict wins and the other engine is stopped through its
//! cancellation flag (cooperatively: its prover answers "unknown", its loop ends), and waited
//! for, so no thread is left running. Two definite verdicts that disagree are a bug in slam
//! and end UNKNOWN (internal error), never an answer.

use crate::{search, Options};
use engine::{EngineKind, Outcome, PredSet, Runner, StopReason, Verdict};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// Which engine answers a check.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum EngineChoice {
    /// Predicate abstraction and refinement (SLAM's loop).
    Cegar,
    /// Under-approximation search with refinement.
    Search,
    /// Both in parallel; the first definite verdict wins.
    Portfolio,
    /// Structural abstraction (bounded: finds violations, never proves).
    Structural,
    /// The portfolio, whose second thread runs the structural engine first (for at most a
    /// quarter of the time) and the search after it when it found no violation.
    PortfolioStructural,
    /// Constrained Horn clauses solved by Spacer (proves: a validated solution is SAFE;
    /// never reports a violation).
    Horn,
    /// The portfolio, whose second thread runs the Horn engine first (for at most a
    /// quarter of the time) and the search after it when it proved nothing.
    PortfolioHorn,
    /// Interval analysis with input splitting alone (proves: never reports a violation; the
    /// search runs it first in every other choice but `cegar`).
    Interval,
    /// One thread: the CEGAR loop for most of the time limit, then, when it did not decide,
    /// the search for the time left (the gate's default: it already runs one check per core,
    /// and a check the loop cannot finish often has a shallow violation the search finds).
    CegarThenSearch,
}

impl EngineChoice {
    /// The default: the portfolio when the machine has two cores or more for it.
    pub fn default_for_machine() -> EngineChoice {
        match std::thread::available_parallelism() {
            Ok(n) if n.get() >= 2 => EngineChoice::Portfolio,
            _ => EngineChoice::Cegar,
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            EngineChoice::Cegar => "cegar",
            EngineChoice::Search => "search",
            EngineChoice::Portfolio => "portfolio",
            EngineChoice::Structural => "structural",
            EngineChoice::PortfolioStructural => "portfolio-structural",
            EngineChoice::Horn => "horn",
            EngineChoice::PortfolioHorn => "portfolio-horn",
            EngineChoice::Interval => "interval",
            EngineChoice::CegarThenSearch => "cegar-then-search",
        }
    }
}

/// How long past its time limit a check may take to stop before its engines are abandoned.
/// Every engine stops at its limit and interrupts Z3, but Z3 does not look at the interrupt
/// everywhere: bit-blasting floating-point formulas kept a query 20 s past a 10 s limit.
pub const GRACE: std::time::Duration = std::time::Duration::from_secs(2);

/// Run the chosen engine(s). `runner` is the configured CEGAR loop (its program and initial
/// predicates); the search starts from `preds` with `opts`. With a time limit (`opts.time`)
/// the engines run on their own thread, and an answer that does not come within the limit
/// and [`GRACE`] is UNKNOWN by the time limit: the thread is left to end with the process.
pub fn run(choice: EngineChoice, runner: Runner, preds: PredSet, opts: Options) -> Outcome {
    let Some(limit) = opts.time else { return run_engines(choice, runner, preds, opts) };
    let start = std::time::Instant::now();
    match within("engines", limit + GRACE, move || run_engines(choice, runner, preds, opts)) {
        Err(_) => Outcome::of_engine(
            EngineKind::Cegar,
            StopReason::InternalError,
            "no thread for the engines could be started".into(),
            abandoned_strategies(),
            0.0,
        ),
        Ok(Some(o)) => o,
        Ok(None) => Outcome::of_engine(
            EngineKind::Cegar,
            StopReason::TimeLimit,
            format!(
                "the time limit ({:.0} s) was reached, and a prover query did not stop within {} s of it",
                limit.as_secs_f64(),
                GRACE.as_secs()
            ),
            abandoned_strategies(),
            start.elapsed().as_secs_f64(),
        ),
    }
}

/// `f` on a thread of its own, with the stack the engines need (they recurse deeply on large
/// programs): its answer if it comes within `wait`, else `None` — the thread is then left to
/// end with the process (Z3 does not look at its interrupt everywhere: a model's evaluation,
/// bit-blasting floating point).
fn within<F>(name: &str, wait: std::time::Duration, f: F) -> std::io::Result<Option<Outcome>>
where
    F: FnOnce() -> Outcome + Send + 'static,
{
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::Builder::new().name(name.into()).stack_size(1 << 30).spawn(move || {
        let _ = tx.send(f());
    })?;
    Ok(rx.recv_timeout(wait).ok())
}

fn abandoned_strategies() -> engine::Strategies {
    engine::Strategies { abstraction: "-".into(), checker: "-".into(), refiner: "-".into() }
}

fn run_engines(choice: EngineChoice, runner: Runner, preds: PredSet, opts: Options) -> Outcome {
    match choice {
        EngineChoice::Cegar => runner.run(),
        EngineChoice::Search => search(runner.program(), preds, &opts),
        EngineChoice::Portfolio => portfolio(runner, preds, opts, Second::Search),
        EngineChoice::PortfolioStructural => portfolio(runner, preds, opts, Second::Structural),
        EngineChoice::PortfolioHorn => portfolio(runner, preds, opts, Second::Horn),
        EngineChoice::Structural => run_structural(runner.program(), &opts, opts.time),
        EngineChoice::Horn => run_horn(runner.program(), &opts, opts.time),
        EngineChoice::CegarThenSearch => cegar_then_search(runner, preds, opts),
        EngineChoice::Interval => interval::check(
            runner.program(),
            &interval::Options { time: opts.time, cancel: opts.cancel.clone(), ..Default::default() },
        ),
    }
}

/// What the portfolio's second thread runs before the search.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Second {
    Search,
    Structural,
    Horn,
}

fn run_horn(prog: &cminus::Program, opts: &Options, time: Option<std::time::Duration>) -> Outcome {
    horn::check(prog, &horn::Options { time, cancel: opts.cancel.clone(), ..horn::Options::default() })
}

fn run_structural(prog: &cminus::Program, opts: &Options, time: Option<std::time::Duration>) -> Outcome {
    structural::check(
        prog,
        &structural::Options {
            unroll: opts.unroll,
            time,
            query_timeout: opts.query_timeout,
            cancel: opts.cancel.clone(),
            ..structural::Options::default()
        },
    )
}

/// The second thread's engines: the search, whose interval analysis and Horn engine go first
/// for a tenth of the time each (at most 3 s; only a SAFE counts); or the structural engine
/// first (a quarter of the time; only a replayed violation counts), or the Horn engine first
/// (a quarter of the time; only a validated SAFE counts), then the search.
fn second(prog: &cminus::Program, preds: PredSet, opts: &Options, first: Second) -> Outcome {
    let quarter = opts.time.map(|t| t / 4).unwrap_or(std::time::Duration::from_secs(15));
    match first {
        Second::Search => {
            let opts = Options { horn_first: true, ..opts.clone() };
            return crate::search_rounds(prog, preds, &opts);
        }
        Second::Structural => {
            let s = run_structural(prog, opts, Some(quarter));
            if s.verdict == Verdict::Violation {
                return s;
            }
        }
        Second::Horn => {
            let s = run_horn(prog, opts, Some(quarter));
            if s.verdict == Verdict::Safe {
                return s;
            }
            // a stop flag set while the Horn engine ran is the search's too
            if opts.cancel.as_ref().is_some_and(|c| c.load(Ordering::Relaxed)) {
                return s;
            }
        }
    }
    crate::search_rounds(prog, preds, opts)
}

/// The share of the time limit [`EngineChoice::CegarThenSearch`] gives the CEGAR loop.
const CEGAR_SHARE: f64 = 0.7;

/// How long past its share the loop may take to stop before the search starts without it.
const CEGAR_STOP_GRACE: std::time::Duration = std::time::Duration::from_millis(300);

/// [`EngineChoice::CegarThenSearch`]: the loop for [`CEGAR_SHARE`] of the time limit (the
/// whole check without a limit), then the search for the rest when the loop ended without a
/// verdict for any reason but memory. The search's violation is replayed as the loop's are;
/// its SAFE is a proof as in the portfolio.
fn cegar_then_search(runner: Runner, preds: PredSet, opts: Options) -> Outcome {
    // the shares are of the whole check's limit, counted from where the loop counts it (the
    // check's start: the front end's time is the loop's)
    let Some(limit) = runner.time_limit().or(opts.time) else { return runner.run() };
    let start = runner.started().unwrap_or_else(std::time::Instant::now);
    let prog = runner.program().clone();
    let share = limit.mul_f64(CEGAR_SHARE);
    // The loop on a thread of its own: one that does not stop at its share (a call into Z3
    // that does not look at the interrupt) must not take the search's time too.
    let stop = Arc::new(AtomicBool::new(false));
    let cegar_loop = runner.with_start(start).with_time_limit(share).with_stop(stop.clone());
    let wait = share.saturating_sub(start.elapsed()) + CEGAR_STOP_GRACE;
    let tid = Arc::new(std::sync::atomic::AtomicI32::new(0));
    let its_tid = tid.clone();
    let cegar = match within("cegar", wait, move || {
        its_tid.store(thread_id().unwrap_or(0), Ordering::Relaxed);
        cegar_loop.run()
    }) {
        Ok(Some(o)) => o,
        Ok(None) | Err(_) => {
            stop.store(true, Ordering::Relaxed);
            // the loop left behind takes only the time the search leaves (and the other
            // checks of a gate beside it)
            match tid.load(Ordering::Relaxed) {
                0 => {}
                t => renice(t, 19),
            }
            Outcome::of_engine(
                EngineKind::Cegar,
                StopReason::TimeLimit,
                format!("the time limit ({} s) was reached (a prover call did not stop)", engine::seconds(share)),
                abandoned_strategies(),
                start.elapsed().as_secs_f64(),
            )
        }
    };
    if definite(&cegar) || cegar.reason == StopReason::MemoryLimit {
        return cegar;
    }
    let left = limit.saturating_sub(start.elapsed());
    if left.is_zero() {
        return cegar;
    }
    let searched = crate::search(&prog, preds, &Options { time: Some(left), ..opts });
    if definite(&searched) {
        return searched;
    }
    let mut o = cegar;
    let loop_part = o.detail.replacen(
        &format!("the time limit ({} s) was reached", engine::seconds(share)),
        &format!("the CEGAR loop's {} s were over", engine::seconds(share)),
        1,
    );
    let search_part = format!("the search's {:.1} s: {}", left.as_secs_f64(), searched.detail);
    o.detail = if searched.reason == StopReason::TimeLimit {
        o.reason = StopReason::TimeLimit;
        format!("the time limit ({} s) was reached: {loop_part}; {search_part}", engine::seconds(limit))
    } else {
        format!("{loop_part}; {search_part}")
    };
    o.time_secs += searched.time_secs;
    o
}

fn definite(o: &Outcome) -> bool {
    matches!(o.verdict, Verdict::Safe | Verdict::Violation)
}

fn portfolio(runner: Runner, preds: PredSet, mut opts: Options, first: Second) -> Outcome {
    // A program that makes no choice is decided by its one run, here at full priority
    // before the engines start (the search's thread yields to the CEGAR loop).
    if let Some(o) = crate::decided_by_one_run(runner.program(), &preds, &opts) {
        return o;
    }
    let stop_cegar = Arc::new(AtomicBool::new(false));
    let stop_search = Arc::new(AtomicBool::new(false));
    opts.cancel = Some(stop_search.clone());
    // The search's refinements are offered to the loop, for when Newton finds nothing new.
    let shared = engine::SharedPredicates::default();
    opts.shared = Some(shared.clone());
    let prog = runner.program().clone();
    let runner = runner.with_stop(stop_cegar.clone()).with_shared_predicates(shared);
    std::thread::scope(|scope| {
        let searcher =
            std::thread::Builder::new().name("search".into()).stack_size(256 << 20).spawn_scoped(scope, || {
                yield_to_cegar();
                let o = second(&prog, preds, &opts, first);
                if definite(&o) {
                    stop_cegar.store(true, Ordering::Relaxed);
                }
                o
            });
        let cegar = runner.run();
        if definite(&cegar) {
            stop_search.store(true, Ordering::Relaxed);
        }
        let found = match searcher {
            Ok(h) => h.join().ok(),
            Err(_) => None,
        };
        choose(cegar, found)
    })
}

/// The portfolio's answer from the two outcomes (`search` is `None` if its thread failed).
fn choose(cegar: Outcome, search: Option<Outcome>) -> Outcome {
    let Some(search) = search else { return cegar };
    match (definite(&cegar), definite(&search)) {
        (true, true) if cegar.verdict != search.verdict => {
            let mut o = cegar;
            o.detail = format!(
                "the engines disagree (CEGAR: {:?}, search: {:?}); this is a bug in slam",
                o.verdict, search.verdict
            );
            o.verdict = Verdict::Unknown;
            o.reason = StopReason::InternalError;
            o.counterexample = None;
            o.proof = None;
            o
        }
        (true, _) => cegar,
        (false, true) => search,
        (false, false) => {
            let mut o = cegar;
            o.detail = format!("{} (the search: {})", o.detail, search.detail);
            // the engines ran side by side: the check took as long as the later one (the
            // loop's own time made a 36 s check report 4 s)
            o.time_secs = o.time_secs.max(search.time_secs);
            o
        }
    }
}

/// Lower the priority of the calling thread (Linux: its nice value, per thread), so that on a
/// machine with few cores the search takes the time the CEGAR loop leaves free instead of
/// slowing it down: the portfolio should cost the loop nothing where it alone answers.
fn yield_to_cegar() {
    if let Some(tid) = thread_id() {
        renice(tid, 15);
    }
}

/// The calling thread's kernel id (Linux), for [`renice`].
fn thread_id() -> Option<i32> {
    #[cfg(target_os = "linux")]
    {
        extern "C" {
            fn gettid() -> i32;
        }
        // SAFETY: a plain system call without arguments.
        Some(unsafe { gettid() })
    }
    #[cfg(not(target_os = "linux"))]
    None
}

/// Set the nice value of thread `tid` of this process (failure leaves it as it was).
fn renice(tid: i32, prio: i32) {
    #[cfg(target_os = "linux")]
    {
        extern "C" {
            fn setpriority(which: i32, who: u32, prio: i32) -> i32;
        }
        const PRIO_PROCESS: i32 = 0;
        // SAFETY: a plain system call on a thread of this process; failure only leaves the
        // priority as it was.
        unsafe {
            setpriority(PRIO_PROCESS, tid as u32, prio);
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = (tid, prio);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn undecided(engine: EngineKind, secs: f64) -> Outcome {
        Outcome::of_engine(engine, StopReason::Unknown, "undecided".into(), abandoned_strategies(), secs)
    }

    #[test]
    fn two_undecided_engines_take_as_long_as_the_later_one() {
        let o = choose(undecided(EngineKind::Cegar, 4.0), Some(undecided(EngineKind::Search, 31.5)));
        assert_eq!(o.verdict, Verdict::Unknown);
        assert_eq!(o.time_secs, 31.5);
        assert!(o.detail.contains("(the search: undecided)"), "{}", o.detail);
    }
}
