//! The three strategy traits of the CEGAR loop and their implementations, chosen by name.
//!
//! Every stage reports [`StageStats`], one shape for all strategies, so that two strategies
//! can be compared on the same programs by one script.

use crate::StageStats;
use bp::cfg::{Cfg, NodeId};
use cminus::Program;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// What a stage may use from the loop: the time one prover query may take (already cut to
/// the time left before the deadline).
#[derive(Clone, Debug)]
pub struct StageCtx {
    pub query_timeout: Duration,
    /// Set when the loop must stop (a limit was reached): stages stop their work soon after.
    pub cancel: Arc<AtomicBool>,
}

impl StageCtx {
    pub fn new(query_timeout: Duration) -> StageCtx {
        StageCtx { query_timeout, cancel: Arc::new(AtomicBool::new(false)) }
    }
    fn cancelled(&self) -> bool {
        self.cancel.load(Ordering::Relaxed)
    }
}

/// Why a stage could not do its job.
#[derive(Clone, Debug, thiserror::Error)]
pub enum StageError {
    /// The input is beyond what the strategy handles (the loop stops with UNKNOWN).
    #[error("unsupported: {0}")]
    Unsupported(String),
    /// A bug: an invariant between stages does not hold.
    #[error("internal error: {0}")]
    Internal(String),
    /// The loop cancelled the stage (a limit was reached); its result says nothing.
    #[error("cancelled")]
    Cancelled,
}

/// Predicate abstraction: a C-- program and predicates to a boolean program with the same
/// control flow, whose `Err` vertices stand for the program's `error` statements.
pub trait Abstractor: Send + Sync {
    fn name(&self) -> &'static str;
    fn abstract_program(
        &self,
        prog: &Program,
        preds: &[c2bp::Pred],
        ctx: &StageCtx,
    ) -> Result<(bp::Program, StageStats), StageError>;
    /// A more precise (and costlier) abstraction over the same predicates, used when a
    /// spurious trace yields no new predicate: the imprecision may be the abstraction's.
    fn more_precise(&self) -> Option<Box<dyn Abstractor>> {
        None
    }
}

/// What a model checker says about the error vertices.
#[derive(Clone, Debug)]
pub struct Reach {
    pub reachable: bool,
    /// A shortest hierarchical trace to an error vertex, in Bebop's shape (calls expanded,
    /// Exit and return-point vertices included), when one is reachable.
    pub trace: Option<bebop::Trace>,
}

/// Reachability of the `targets` in a boolean program, with a trace.
pub trait ModelChecker: Send + Sync {
    fn name(&self) -> &'static str;
    fn check(&self, cfg: &Cfg, targets: &[NodeId], ctx: &StageCtx) -> Result<(Reach, StageStats), StageError>;
}

/// Decides whether a C-- path is feasible and, if not, finds predicates that rule it out.
pub trait Refiner: Send + Sync {
    fn name(&self) -> &'static str;
    fn refine(
        &self,
        prog: &Program,
        path: &[newton::PathStep],
        known: &[newton::Predicate],
        ctx: &StageCtx,
    ) -> (newton::Verdict, StageStats);
}

/// c2bp with one of its strategies (`cartesian`, `boolean`).
pub struct C2bp {
    pub strategy: c2bp::Strategy,
    pub cube_length: usize,
    /// Statement abstractions of earlier rounds (this abstractor serves one loop, one
    /// program): a round re-abstracts only statements whose predicates changed.
    pub cache: std::sync::Arc<c2bp::Cache>,
}

impl C2bp {
    pub fn new(strategy: c2bp::Strategy, cube_length: usize) -> C2bp {
        C2bp { strategy, cube_length, cache: Default::default() }
    }
}

impl Abstractor for C2bp {
    fn name(&self) -> &'static str {
        match self.strategy {
            c2bp::Strategy::Cartesian => "cartesian",
            c2bp::Strategy::Boolean => "boolean",
        }
    }
    fn abstract_program(
        &self,
        prog: &Program,
        preds: &[c2bp::Pred],
        ctx: &StageCtx,
    ) -> Result<(bp::Program, StageStats), StageError> {
        let opts = c2bp::Options {
            strategy: self.strategy,
            cube_length: self.cube_length,
            query_timeout: ctx.query_timeout,
            cancel: Some(ctx.cancel.clone()),
            cache: Some(self.cache.clone()),
            ..Default::default()
        };
        let (b, st) = c2bp::abstract_program(prog, preds, &opts).map_err(|e| match e {
            c2bp::C2bpError::Cancelled => StageError::Cancelled,
            e => StageError::Internal(e.to_string()),
        })?;
        if ctx.cancelled() {
            return Err(StageError::Cancelled);
        }
        let stats = StageStats {
            time_secs: st.time_secs,
            prover_queries: st.prover.queries,
            prover_cache_hits: st.prover.cache_hits,
            prover_unknown: st.prover.unknown,
            prover_secs: st.prover.time_secs,
            size: st.bp_statements,
            reused: st.reused,
            ..StageStats::default()
        };
        Ok((b, stats))
    }
    fn more_precise(&self) -> Option<Box<dyn Abstractor>> {
        match self.strategy {
            c2bp::Strategy::Cartesian => Some(Box::new(C2bp::new(c2bp::Strategy::Boolean, self.cube_length))),
            c2bp::Strategy::Boolean => None,
        }
    }
}

/// Bebop: BDD-based RHS with summaries.
pub struct Bebop {
    pub options: bebop::Options,
}

impl ModelChecker for Bebop {
    fn name(&self) -> &'static str {
        "bebop"
    }
    fn check(&self, cfg: &Cfg, targets: &[NodeId], ctx: &StageCtx) -> Result<(Reach, StageStats), StageError> {
        let t0 = Instant::now();
        let opts = bebop::Options { cancel: Some(ctx.cancel.clone()), ..self.options.clone() };
        let mut an = bebop::check(cfg, &opts);
        if !an.complete() {
            return Err(StageError::Cancelled);
        }
        let reachable = targets.iter().any(|&t| an.is_reachable(t));
        let trace = if reachable { an.trace_to(targets) } else { None };
        if reachable && trace.is_none() {
            return Err(StageError::Internal("Bebop found an error vertex reachable but no trace to it".into()));
        }
        let stats = StageStats {
            time_secs: t0.elapsed().as_secs_f64(),
            size: cfg.nodes.len(),
            bdd_nodes: an.stats.peak_bdd_nodes,
            ..StageStats::default()
        };
        Ok((Reach { reachable, trace }, stats))
    }
}

/// The explicit-state reference checker (`bebop::explicit`): exact, exponential in the
/// number of variables in a procedure's scope; programs beyond
/// [`bebop::explicit::MAX_SCOPE`] are reported as unsupported.
pub struct Explicit;

impl ModelChecker for Explicit {
    fn name(&self) -> &'static str {
        "explicit"
    }
    fn check(&self, cfg: &Cfg, targets: &[NodeId], _ctx: &StageCtx) -> Result<(Reach, StageStats), StageError> {
        let t0 = Instant::now();
        let r = bebop::explicit::try_analyse(cfg).map_err(StageError::Unsupported)?;
        let reached = r.reachable();
        let reachable = targets.iter().any(|&t| reached[t]);
        let trace = if reachable { r.trace_to(targets) } else { None };
        if reachable && trace.is_none() {
            return Err(StageError::Internal(
                "the explicit checker found an error vertex reachable but no trace".into(),
            ));
        }
        let stats =
            StageStats { time_secs: t0.elapsed().as_secs_f64(), size: cfg.nodes.len(), ..StageStats::default() };
        Ok((Reach { reachable, trace }, stats))
    }
}

/// Newton: symbolic simulation of the path, predicates from the infeasible core.
pub struct Newton;

impl Refiner for Newton {
    fn name(&self) -> &'static str {
        "newton"
    }
    fn refine(
        &self,
        prog: &Program,
        path: &[newton::PathStep],
        known: &[newton::Predicate],
        ctx: &StageCtx,
    ) -> (newton::Verdict, StageStats) {
        let opts = newton::Options { query_timeout: ctx.query_timeout, cancel: Some(ctx.cancel.clone()) };
        let t0 = Instant::now();
        let (v, st) = newton::check_path(prog, path, known, &opts);
        let stats = StageStats {
            time_secs: t0.elapsed().as_secs_f64(),
            prover_queries: st.prover.queries,
            prover_cache_hits: st.prover.cache_hits,
            prover_unknown: st.prover.unknown,
            prover_secs: st.prover.time_secs,
            size: st.path_length,
            ..StageStats::default()
        };
        (v, stats)
    }
}

/// The predicate abstractions (`--abstraction`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum Abstraction {
    /// c2bp with cubes up to `cube_length` literals.
    Cartesian,
    /// c2bp's exact boolean abstraction.
    Boolean,
}

/// The model checkers (`--checker`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum Checker {
    /// Bebop: BDDs and summaries.
    Bebop,
    /// The explicit-state reference checker.
    Explicit,
}

/// The refiners (`--refiner`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum RefinerKind {
    /// Newton: path simulation.
    Newton,
}

/// The strategies' options, passed through the registry.
#[derive(Clone, Debug)]
pub struct StrategyOptions {
    /// The longest cube the cartesian abstraction tries.
    pub cube_length: usize,
}

impl Default for StrategyOptions {
    fn default() -> Self {
        StrategyOptions { cube_length: c2bp::Options::default().cube_length }
    }
}

impl Abstraction {
    pub const ALL: [Abstraction; 2] = [Abstraction::Cartesian, Abstraction::Boolean];
    pub fn name(self) -> &'static str {
        match self {
            Abstraction::Cartesian => "cartesian",
            Abstraction::Boolean => "boolean",
        }
    }
    /// c2bp's strategy for this abstraction.
    pub fn strategy(self) -> c2bp::Strategy {
        match self {
            Abstraction::Cartesian => c2bp::Strategy::Cartesian,
            Abstraction::Boolean => c2bp::Strategy::Boolean,
        }
    }
    pub fn build(self, opts: &StrategyOptions) -> Box<dyn Abstractor> {
        Box::new(C2bp::new(self.strategy(), opts.cube_length))
    }
}

impl Checker {
    pub const ALL: [Checker; 2] = [Checker::Bebop, Checker::Explicit];
    pub fn name(self) -> &'static str {
        match self {
            Checker::Bebop => "bebop",
            Checker::Explicit => "explicit",
        }
    }
    pub fn build(self) -> Box<dyn ModelChecker> {
        match self {
            Checker::Bebop => Box::new(Bebop { options: bebop::Options::default() }),
            Checker::Explicit => Box::new(Explicit),
        }
    }
}

impl RefinerKind {
    pub const ALL: [RefinerKind; 1] = [RefinerKind::Newton];
    pub fn name(self) -> &'static str {
        match self {
            RefinerKind::Newton => "newton",
        }
    }
    pub fn build(self) -> Box<dyn Refiner> {
        match self {
            RefinerKind::Newton => Box::new(Newton),
        }
    }
}

/// The abstraction named `name`, with default options.
pub fn abstractor_by_name(name: &str) -> Option<Box<dyn Abstractor>> {
    let a = Abstraction::ALL.into_iter().find(|a| a.name() == name)?;
    Some(a.build(&StrategyOptions::default()))
}

pub fn checker_by_name(name: &str) -> Option<Box<dyn ModelChecker>> {
    Some(Checker::ALL.into_iter().find(|c| c.name() == name)?.build())
}

pub fn refiner_by_name(name: &str) -> Option<Box<dyn Refiner>> {
    Some(RefinerKind::ALL.into_iter().find(|r| r.name() == name)?.build())
}
