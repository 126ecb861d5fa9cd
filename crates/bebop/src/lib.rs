//! Bebop: symbolic reachability for boolean programs (Ball & Rajamani, SPIN 2000).
//!
//! [`check`] runs the generalised RHS algorithm of the paper's Fig. 3 over BDDs and answers,
//! for every vertex of the control-flow graph, whether it is reachable. [`Analysis::trace_to`]
//! then produces a shortest hierarchical trace (§3.2) to any reachable vertex, with calls
//! expanded. [`explicit`] is an explicit-state reference checker used to cross-check.
//!
//! Only this crate knows BDDs: the public API speaks of `bp::cfg` vertices and variables.

mod analysis;
mod encode;
pub mod explicit;
mod rhs;
mod trace;

use bp::cfg::{Cfg, NodeId, NodeKind, VarId};
use std::time::{Duration, Instant};

/// Switches for the optimisations of §3.3, so that their effect can be measured.
#[derive(Clone, Debug)]
pub struct Options {
    /// Quantify locals out of path edges where they are dead.
    pub live_ranges: bool,
    /// Track in a procedure only the globals it (transitively) reads or writes.
    pub mod_ref: bool,
    /// Set by the caller to stop the fixpoint between worklist steps; the analysis is then
    /// incomplete ([`Analysis::complete`] is false) and says nothing.
    pub cancel: Option<std::sync::Arc<std::sync::atomic::AtomicBool>>,
}

impl Default for Options {
    fn default() -> Options {
        Options { live_ranges: true, mod_ref: true, cancel: None }
    }
}

#[derive(Clone, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Stats {
    /// Worklist iterations of the fixpoint.
    pub iterations: u64,
    /// Summary pieces found.
    pub summaries: usize,
    /// Largest total size (nodes) of all PathEdges BDDs during the fixpoint.
    pub peak_bdd_nodes: usize,
    pub final_bdd_nodes: usize,
    pub bdd_variables: usize,
    pub cfg_vertices: usize,
    #[cfg_attr(feature = "serde", serde(serialize_with = "ser_secs"))]
    pub time_build: Duration,
    #[cfg_attr(feature = "serde", serde(serialize_with = "ser_secs"))]
    pub time_reach: Duration,
    #[cfg_attr(feature = "serde", serde(serialize_with = "ser_secs"))]
    pub time_trace: Duration,
}

#[cfg(feature = "serde")]
fn ser_secs<S: serde::Serializer>(d: &Duration, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_f64(d.as_secs_f64())
}

/// One step of a trace: a vertex, the call depth, and the values (just before the vertex) of
/// the variables in scope whose value matters there.
#[derive(Clone, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct TraceStep {
    pub node: NodeId,
    pub depth: usize,
    pub state: Vec<(VarId, bool)>,
}

/// A shortest hierarchical trace from main's entry to the target, calls expanded.
/// Steps include the Exit and return-point vertices, so that consecutive steps follow the
/// control-flow graph; printers usually skip them ([`bp::cfg::Node::is_statement`]).
#[derive(Clone, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Trace {
    pub steps: Vec<TraceStep>,
}

/// The outcome of the fixpoint: which vertices are reachable, and the data to build traces.
pub struct Analysis<'a> {
    eng: rhs::Engine<'a>,
    fix: rhs::Fixpoint,
    pub stats: Stats,
}

/// Run Bebop on a checked boolean program.
pub fn check<'a>(cfg: &'a Cfg, opts: &Options) -> Analysis<'a> {
    let t0 = Instant::now();
    let eng = rhs::Engine::new(cfg, opts);
    let mut stats = Stats {
        time_build: t0.elapsed(),
        bdd_variables: eng.lay.vs.num_vars() as usize,
        cfg_vertices: cfg.nodes.len(),
        ..Stats::default()
    };
    let fix = rhs::reachable(&eng, &mut stats);
    Analysis { eng, fix, stats }
}

impl Analysis<'_> {
    /// False when the fixpoint was cancelled before it was reached.
    pub fn complete(&self) -> bool {
        self.fix.complete
    }
    pub fn is_reachable(&self, v: NodeId) -> bool {
        !self.fix.pe[v].is_false()
    }

    /// Whether some assertion can fail (some Err vertex is reachable).
    pub fn error_vertices(&self) -> Vec<NodeId> {
        let cfg = self.eng.cfg;
        cfg.nodes
            .iter()
            .enumerate()
            .filter(|(i, n)| matches!(n.kind, NodeKind::Err) && self.is_reachable(*i))
            .map(|(i, _)| i)
            .collect()
    }

    /// Reachability of every label of the program: (label, procedure name, reachable).
    pub fn label_status(&self) -> Vec<(String, String, bool)> {
        let cfg = self.eng.cfg;
        cfg.labels.iter().map(|(l, p, n)| (l.clone(), cfg.procs[*p].name.clone(), self.is_reachable(*n))).collect()
    }

    /// A shortest hierarchical trace to the nearest of `targets`, if any is reachable.
    pub fn trace_to(&mut self, targets: &[NodeId]) -> Option<Trace> {
        let t0 = Instant::now();
        let t = trace::shortest(&self.eng, &self.fix, targets);
        self.stats.time_trace = t0.elapsed();
        t
    }
}
