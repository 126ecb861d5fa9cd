//! Newton: symbolic simulation of an abstract error trace on the C-- program.
//!
//! Given the C-- path that a boolean-program trace stands for (statement ids with call
//! depths), Newton decides whether the path is possible in the C program:
//! - **feasible**: a real bug, with a concrete trace (values at each step) and the inputs that
//!   make the C-- interpreter follow it to the error ([`replay`]);
//! - **infeasible**: the first point where it becomes impossible, and new predicates — from a
//!   minimised unsat core of the path conditions, expressed over program variables in scope
//!   where they are needed — that rule it out in the next abstraction.

pub mod accel;
mod fm;
mod path;
mod sim;

pub use path::path_from_trace;
pub use sim::{
    check_accelerated, check_path, null_from_outside, outside_slots, record_read, replay, replay_changed,
    replay_observed, solve_path, OutsideHolder, OutsideNull,
};

use cminus::{Loc, StmtId};
use std::time::Duration;

/// One step of a C-- path: a statement and the call depth it runs at (the entry is depth 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct PathStep {
    pub stmt: StmtId,
    pub depth: usize,
}

/// A predicate: `None` scope is global, `Some(proc)` is local to that procedure (the same
/// shape as `slic::initial_predicates`; the engine turns it into a `c2bp::Pred`).
pub type Predicate = cminus::pred::Pred;

#[derive(Clone, Debug)]
pub struct Options {
    /// Time limit of one prover query.
    pub query_timeout: Duration,
    /// Set by the caller to stop the simulation (its prover answers "unknown" from then on).
    pub cancel: Option<std::sync::Arc<std::sync::atomic::AtomicBool>>,
}

impl Default for Options {
    fn default() -> Options {
        Options { query_timeout: Duration::from_secs(10), cancel: None }
    }
}

/// A variable's value at a step, for people reading the trace.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Value {
    /// The C name (`p->len`, `x`).
    pub name: String,
    pub value: i128,
    /// Written by the step (else read by it).
    pub written: bool,
}

/// One step of a concrete counterexample.
#[derive(Clone, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct CexStep {
    pub stmt: StmtId,
    pub proc: String,
    pub depth: usize,
    pub loc: Loc,
    /// Values of the variables the statement reads, before it runs, and of the one it writes,
    /// after (written ones are listed last, with `:=` in front of the name).
    pub values: Vec<Value>,
}

/// A real bug: the path is feasible.
#[derive(Clone, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Counterexample {
    pub steps: Vec<CexStep>,
    /// The error statement reached and its message (the rule's, or "reach_error"…).
    pub error_stmt: StmtId,
    pub message: String,
    /// The entry procedure's parameters and the uninitialised globals the bug needs.
    pub inputs: Vec<Value>,
    /// Every nondeterministic value of the run, keyed by (path step, occurrence within it):
    /// what the interpreter is fed by [`replay`].
    pub oracle: Vec<(usize, usize, i128)>,
    /// Initial values of uninitialised locals: (procedure, variable, frame number, value);
    /// frame n is the n-th call of the run (the entry is 0), as the interpreter counts.
    pub uninit: Vec<(String, String, usize, i128)>,
    /// Initial contents of the objects entry pointer parameters point to:
    /// (parameter index, cell offset, value).
    pub param_memory: Vec<(usize, i64, i128)>,
    /// The integers that pointers converted to integers have, one per distinct pointer in
    /// order of first conversion (the addresses the interpreter is fed).
    pub addresses: Vec<i128>,
    /// Initial contents of allocated objects: (allocation index, cell offset, value).
    pub alloc_memory: Vec<(usize, i64, i128)>,
}

/// What Newton concluded about a path.
#[derive(Clone, Debug)]
pub enum Verdict {
    Feasible(Box<Counterexample>),
    /// Infeasible at path step `at`; `preds` are new predicates (none already `known`).
    Infeasible {
        at: usize,
        preds: Vec<Predicate>,
    },
    /// Infeasible, but every predicate found is already known: refinement is stuck.
    NoNewPredicates {
        at: usize,
    },
    /// Newton could not decide (prover timeout, unsupported construct).
    Unknown(Undecided),
}

/// Why Newton could not decide a path: the kind decides the engine's stop reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Undecided {
    pub kind: UndecidedKind,
    pub message: String,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UndecidedKind {
    /// The path uses C that the logic does not model.
    Unsupported,
    /// Anything else: a prover timeout, a malformed path, logic and interpreter disagreeing.
    Other,
}

impl Undecided {
    pub fn other(message: impl Into<String>) -> Self {
        Undecided { kind: UndecidedKind::Other, message: message.into() }
    }
}

impl From<logic::LogicError> for Undecided {
    fn from(e: logic::LogicError) -> Self {
        let kind = match e {
            logic::LogicError::Unsupported(_) => UndecidedKind::Unsupported,
            logic::LogicError::Type(_) => UndecidedKind::Other,
        };
        Undecided { kind, message: e.to_string() }
    }
}

impl std::fmt::Display for Undecided {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

/// Statistics of one Newton run.
#[derive(Clone, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Stats {
    pub path_length: usize,
    pub prover: logic::ProverStats,
    pub time_secs: f64,
}
