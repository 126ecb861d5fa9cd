//! `slam abstract`: c2bp alone — print the boolean program of a C program (instrumented with
//! a SLIC rule when `--rule` is given) and predicates: those of `--preds`, else the initial
//! predicates `slam check` would start from.

use crate::front::FrontArgs;
use crate::{diag, exit};
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub front: FrontArgs,
    /// The SLIC rule: the program is abstracted after the product construction with it.
    #[arg(long, value_name = "FILE")]
    pub rule: Option<PathBuf>,
    /// The predicates, one per line: `SCOPE: C expression` (docs/c2bp.md); they may name the
    /// rule's state (`slic_state`, `slic_obj`). Without it: the initial predicates of
    /// `slam check` (the rule's, or the conditions guarding the error statements).
    #[arg(long, value_name = "FILE")]
    pub preds: Option<PathBuf>,
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
    let (prog, rule) = match crate::front::instrument(&a.front, a.rule.as_deref(), prog) {
        Ok(x) => x,
        Err(code) => return code,
    };
    let preds = match &a.preds {
        Some(path) => match read_preds(&prog, path) {
            Ok(p) => p,
            Err(code) => return code,
        },
        None => {
            let rule_preds = rule.as_ref().map(|r| slic::initial_predicates(r, &prog));
            engine::initial_predicates(&prog, rule_preds.as_deref()).preds()
        }
    };
    let name = a.preds.as_ref().map_or_else(|| a.front.files[0].display().to_string(), |p| p.display().to_string());
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

/// The predicates of a predicate file; errors are reported with line:column.
fn read_preds(prog: &cminus::Program, path: &std::path::Path) -> Result<Vec<c2bp::Pred>, u8> {
    let name = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|e| {
        eprintln!("{name}: error: cannot read: {e}");
        exit::INPUT
    })?;
    c2bp::parse_preds(prog, &text).map_err(|errs| {
        for e in errs {
            diag::report(&name, Some(&text), e.line as usize, e.col as usize, &e.msg);
        }
        exit::INPUT
    })
}
