//! The only crate that talks to Z3: C-- expressions as Z3 terms over a memory model,
//! weakest preconditions of assignments, and satisfiability/validity queries with a cache.
//!
//! One [`Context`] per thread: create it with [`new_context`] inside the thread.

pub mod alloc;
pub mod formula;
pub mod fp;
pub mod horn;
mod init;
pub mod mem;
pub mod prover;
pub mod sym;

pub use formula::{Context, Formula, Memory};
pub use init::{starts_unknown, INIT_ITEMS};
pub use prover::{Prover, ProverStats};
pub use sym::{Env, FactSplit, State, Term, Val};

/// What the logic cannot translate.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LogicError {
    #[error("cannot type `{0}`")]
    Type(String),
    #[error("unsupported: {0}")]
    Unsupported(String),
}

/// A Z3 context with model generation on.
pub fn new_context() -> Context {
    let mut cfg = z3::Config::new();
    cfg.set_model_generation(true);
    z3::Context::new(&cfg)
}
