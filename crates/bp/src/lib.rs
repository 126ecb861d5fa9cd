//! Boolean programs: the abstract syntax (Bebop paper, Fig. 2, and the dialect c2bp emits),
//! a parser that never panics, a printer that the parser reads back, and the control-flow
//! graph of §2.3 with the semantic checks.

pub mod ast;
pub mod cfg;
pub mod gen;
pub mod parser;
pub mod printer;

pub use ast::{BinOp, Expr, Pos, Proc, Program, Stmt, StmtKind};
pub use cfg::Cfg;

/// A syntax or semantic error, with the line and column it refers to.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{pos}: {msg}")]
pub struct BpError {
    pub pos: Pos,
    pub msg: String,
}

impl BpError {
    pub fn new(pos: Pos, msg: impl Into<String>) -> BpError {
        BpError { pos, msg: msg.into() }
    }
}

/// Parse a boolean program (syntax only).
pub fn parse(src: &str) -> Result<Program, BpError> {
    parser::parse(src)
}

/// Print a boolean program; `parse(&print(p)) == Ok(p)`.
pub fn print(p: &Program) -> String {
    printer::program(p)
}

/// Parse and check a boolean program, returning its control-flow graph.
pub fn load(src: &str) -> Result<(Program, Cfg), Vec<BpError>> {
    let prog = parse(src).map_err(|e| vec![e])?;
    let cfg = cfg::build(&prog)?;
    Ok((prog, cfg))
}
