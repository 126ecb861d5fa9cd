//! `slam abstract`: c2bp alone — print the boolean program of a C program and predicates.

use crate::front::FrontArgs;
use crate::{diag, exit};
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub front: FrontArgs,
    /// The predicates, one per line: `SCOPE: C expression` (docs/c2bp.md).
    #[arg(long, value_name = "FILE")]
    pub preds: PathBuf,
    /// Write the boolean program here instead of standard output.
    #[arg(short = 'o', value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// The abstraction: cartesian (cubes up to --cube-length) or boolean (exact).
    #[arg(long, value_enum, default_value_t = engine::Abstraction::Cartesian)]
    pub abstraction: engine::Abstraction,
    /// The longest cube ImpliesF tries (cartesian).
    #[arg(long, default_value_t = 3)]
    pub cube_length: usize,
}

pub fn run(a: Args) -> u8 {
    let strategy = a.abstraction.strategy();
    let prog = match a.front.load() {
        Ok(p) => p,
        Err(code) => return code,
    };
    let name = a.preds.display().to_string();
    let text = match std::fs::read_to_string(&a.preds) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("{name}: error: cannot read: {e}");
            return exit::INPUT;
        }
    };
    let preds = match c2bp::parse_preds(&prog, &text) {
        Ok(p) => p,
        Err(errs) => {
            for e in errs {
                diag::report(&name, Some(&text), e.line as usize, e.col as usize, &e.msg);
            }
            return exit::INPUT;
        }
    };
    let opts = c2bp::Options { strategy, cube_length: a.cube_length, ..Default::default() };
    let (bprog, stats) = match c2bp::abstract_program(&prog, &preds, &opts) {
        Ok(x) => x,
        Err(e) => {
            eprintln!("{name}: error: {e}");
            return exit::INPUT;
        }
    };
    tracing::info!(
        predicates = stats.predicates,
        statements = stats.bp_statements,
        queries = stats.prover.queries,
        cache_hits = stats.prover.cache_hits,
        prover_secs = stats.prover.time_secs,
        secs = stats.time_secs,
        "c2bp"
    );
    let out = bp::print(&bprog);
    match &a.output {
        Some(path) => {
            if let Err(e) = std::fs::write(path, out) {
                eprintln!("{}: error: cannot write: {e}", path.display());
                return exit::INPUT;
            }
        }
        None => print!("{out}"),
    }
    exit::HOLDS
}
