//! SLIC: the rule language of SLAM and the Static Driver Verifier, and the product
//! construction that turns "does this program obey this rule?" into "is an `error`
//! statement reachable in this C-- program?".
//!
//! ```
//! let src = "void KeAcquireSpinLock(int *l, int *irql); void KeReleaseSpinLock(int *l, int irql);
//!            int lock; void driver(void) { int irql; KeAcquireSpinLock(&lock, &irql); KeReleaseSpinLock(&lock, irql); }";
//! let opts = cfront::Options { entry: "driver".into(), ..Default::default() };
//! let prog = cfront::lower_str("driver.c", src, &opts).unwrap();
//! let spec = concat!(env!("CARGO_MANIFEST_DIR"), "/../../specs/spinlock.slic");
//! let rule = slic::preprocess_and_parse(spec.as_ref(), &slic::PpOptions::default()).unwrap();
//! let out = slic::instrument(&prog, &rule).unwrap();
//! let preds = slic::initial_predicates(&rule, &out.program);
//! assert!(!preds.is_empty());
//! ```
//!
//! The dialect, the instrumentation scheme and the per-object semantics are described in
//! `docs/slic.md`.

pub mod ast;
mod check;
mod instrument;
mod lex;
mod parse;
mod preprocess;

pub use ast::*;
pub use instrument::{initial_predicates, instrument, instrument_with, Instrumented, ObjectChoice, Options, SLIC_MARK};
pub use preprocess::{preprocess, PpOptions};

use std::collections::HashMap;
use std::path::Path;

pub use source::{DiagKind, Diagnostic};

/// Errors of this crate, all carrying diagnostics.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Error {
    #[error("{}", .0.iter().map(|d| d.to_string()).collect::<Vec<_>>().join("\n"))]
    Diagnostics(Vec<Diagnostic>),
}

impl From<Vec<Diagnostic>> for Error {
    fn from(d: Vec<Diagnostic>) -> Self {
        Error::Diagnostics(d)
    }
}

/// Parse a rule's text (already preprocessed, or without preprocessor directives; line
/// markers `# N "file"` are honoured). `name` is the file name used in diagnostics.
/// The rule is checked on its own (state variables, types, `$return` at events that have
/// one); what needs the program (argument counts, globals) is checked by [`instrument`].
pub fn parse_rule(name: &str, text: &str) -> Result<Rule, Vec<Diagnostic>> {
    let mut files = vec![name.to_string()];
    let toks = lex::lex(text, &mut files).map_err(|d| vec![d])?;
    let rule = parse::Parser::new(name, toks, &files).rule().map_err(|d| vec![d])?;
    let errs = check_rule(&rule);
    if errs.is_empty() {
        Ok(rule)
    } else {
        Err(errs)
    }
}

/// Run the C preprocessor on the rule file at `path`, then parse it.
pub fn preprocess_and_parse(path: &Path, opts: &PpOptions) -> Result<Rule, Vec<Diagnostic>> {
    let text = preprocess::preprocess(path, None, opts).map_err(|d| vec![d])?;
    parse_rule(&path.to_string_lossy(), &text)
}

/// Run the C preprocessor on rule text named `name` (quoted includes are searched in the
/// directories of `opts`), then parse it.
pub fn preprocess_and_parse_str(name: &str, text: &str, opts: &PpOptions) -> Result<Rule, Vec<Diagnostic>> {
    let pre = preprocess::preprocess(Path::new(name), Some(text), opts).map_err(|d| vec![d])?;
    parse_rule(name, &pre)
}

/// Check a rule without a program: every error that does not depend on the program.
fn check_rule(rule: &Rule) -> Vec<Diagnostic> {
    let mut errs = vec![];
    let globals = HashMap::new();
    let diag = |pos: Pos, m: String| Diagnostic {
        file: rule.files.get(pos.file as usize).cloned().unwrap_or_default(),
        line: pos.line,
        col: pos.col,
        message: m,
        kind: crate::DiagKind::Semantic,
    };
    // initial values
    for v in &rule.state {
        let slots = |_s: Slot| -> Result<(cminus::Expr, check::Ty), String> { Err("no arguments here".into()) };
        let env = check::Env { rule, prog: None, globals: &globals, slots: &slots, constant: true };
        if let Err(d) = env.assign(&v.name, &v.init, v.pos) {
            errs.push(d);
        }
    }
    for w in &rule.watches {
        if w.slot == Slot::Return && !w.event.has_return() {
            errs.push(diag(
                w.pos,
                format!("`watch … .{}.$return`: `$return` has no value at .{} events", w.event.name(), w.event.name()),
            ));
        }
    }
    for h in &rule.handlers {
        let event = h.event;
        let slots = move |s: Slot| -> Result<(cminus::Expr, check::Ty), String> {
            match s {
                Slot::Return if !event.has_return() => {
                    Err(format!("`$return` has no value at .{} events (only at .exit and .return)", event.name()))
                }
                _ => Ok((cminus::Expr::Int(0), check::Ty::Any)),
            }
        };
        let env = check::Env { rule, prog: None, globals: &globals, slots: &slots, constant: false };
        if let Some((s, p)) = h.guard {
            if let Err(m) = slots(s) {
                errs.push(diag(p, m));
            }
            if rule.watches.is_empty() {
                errs.push(diag(p, "`[guard …]` needs per-object state: add a `watch F.event.$n;` line".into()));
            }
        }
        check_stmts(&env, &h.body, &mut errs);
    }
    errs
}

pub(crate) fn check_stmts(env: &check::Env, body: &[RStmt], errs: &mut Vec<Diagnostic>) {
    for s in body {
        match s {
            RStmt::Assign { var, value, pos } => {
                if let Err(d) = env.assign(var, value, *pos) {
                    errs.push(d);
                }
            }
            RStmt::If { cond, then, els, .. } => {
                if let Err(d) = env.cond(cond) {
                    errs.push(d);
                }
                check_stmts(env, then, errs);
                check_stmts(env, els, errs);
            }
            RStmt::Abort { .. } | RStmt::Halt { .. } => {}
        }
    }
}
