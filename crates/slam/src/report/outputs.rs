//! The report files of `slam check` (`--html`, `--witness`) and SV-COMP task files as input:
//! the glue between the command line and the pure renderers of this folder.

use super::{html, invariants, svcomp, witness, Context};
use std::path::{Path, PathBuf};

#[derive(clap::Args, Clone, Debug, Default)]
pub struct ReportArgs {
    /// Write a self-contained HTML report (trace over the source, or the proof's predicates).
    #[arg(long, value_name = "FILE")]
    pub html: Option<PathBuf>,
    /// Write an SV-COMP verification witness: violation witness for VIOLATION, correctness
    /// witness (loop invariants from the proof) for SAFE.
    #[arg(long, value_name = "FILE")]
    pub witness: Option<PathBuf>,
    /// The witness format: yaml (format 2.0) or graphml (format 1.0).
    #[arg(long, value_name = "FORMAT", default_value = "yaml")]
    pub witness_format: String,
}

impl ReportArgs {
    /// A usage error in these options.
    pub fn check(&self) -> Result<(), String> {
        match self.witness_format.as_str() {
            "yaml" | "graphml" => Ok(()),
            f => Err(format!("unknown witness format `{f}` (yaml, graphml)")),
        }
    }
}

/// What a task file turned into: the C files and the data model to check them with.
pub enum TaskInput {
    /// Not a task file: check the files as given.
    None,
    /// Check these files (ILP32 if set).
    Files(Vec<PathBuf>, bool),
    /// The task has no property slam checks: answer UNKNOWN with this reason.
    Unsupported(String),
}

/// If the only input is an SV-COMP task file, read it. Errors are for people.
pub fn task_input(files: &[PathBuf]) -> Result<TaskInput, String> {
    let [path] = files else { return Ok(TaskInput::None) };
    if !svcomp::is_task_file(path) {
        return Ok(TaskInput::None);
    }
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: cannot read: {e}", path.display()))?;
    let task = svcomp::parse_task(path, &text).map_err(|e| format!("{}: {e}", path.display()))?;
    if task.unreach_call().is_none() {
        return Ok(TaskInput::Unsupported(format!(
            "{}: no property slam checks (only unreach-call is supported)",
            path.display()
        )));
    }
    Ok(TaskInput::Files(task.input_files, task.ilp32))
}

/// The texts of the program's files (`None` where unreadable), aligned with `prog.files`.
pub fn sources(prog: &cminus::Program) -> Vec<Option<String>> {
    prog.files.iter().map(|f| std::fs::read_to_string(f).ok()).collect()
}

/// The witness text for an outcome, if there is one to write (not for UNKNOWN).
pub fn witness_text(
    prog: &cminus::Program,
    o: &engine::Outcome,
    sources: &[Option<String>],
    format: &str,
    meta: &witness::Meta,
) -> Option<String> {
    let task = witness::Task::of(prog, sources);
    let graphml = format == "graphml";
    match (o.verdict, &o.counterexample) {
        (engine::Verdict::Violation, Some(cex)) => Some(if graphml {
            witness::graphml_violation(prog, cex, &task, meta)
        } else {
            witness::yaml_violation(prog, cex, &task, meta)
        }),
        (engine::Verdict::Safe, _) => {
            let invs = invariants::loop_invariants(prog, o);
            Some(if graphml {
                witness::graphml_correctness(&invs, &task, meta)
            } else {
                witness::yaml_correctness(prog, &invs, &task, meta)
            })
        }
        _ => None,
    }
}

fn write(path: &Path, text: &str) -> bool {
    match std::fs::write(path, text) {
        Ok(()) => true,
        Err(e) => {
            eprintln!("{}: error: cannot write: {e}", path.display());
            false
        }
    }
}

/// Write the requested report files; `false` if one could not be written.
pub fn write_all(a: &ReportArgs, prog: &cminus::Program, o: &engine::Outcome, ctx: &Context) -> bool {
    if a.html.is_none() && a.witness.is_none() {
        return true;
    }
    let sources = sources(prog);
    let mut ok = true;
    if let Some(path) = &a.html {
        ok &= write(path, &html::render(prog, o, ctx, &sources));
    }
    if let Some(path) = &a.witness {
        match witness_text(prog, o, &sources, &a.witness_format, &witness::Meta::now()) {
            Some(text) => ok &= write(path, &text),
            None => eprintln!("note: no witness for an UNKNOWN verdict; {} not written", path.display()),
        }
    }
    ok
}
