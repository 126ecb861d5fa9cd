//! The report files of `slam check` (`--html`, `--witness`) and SV-COMP task files as input:
//! the glue between the command line and the pure renderers of this folder.

use engine::proof as invariants;
use report::{html, svcomp, witness, Context};
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

/// What a property file asks of slam.
#[derive(Debug, PartialEq)]
pub enum PropertySupport {
    /// unreach-call: what `slam check` checks.
    UnreachCall,
    /// unreach-label (`G ! label(L)`): check with `--error-label L`.
    UnreachLabel(String),
    /// no-overflow (`G ! overflow`): signed arithmetic whose result its type cannot hold.
    NoOverflow,
    /// A property slam does not check: answer UNKNOWN, for this reason.
    Unsupported(String),
}

/// What the property file at `path` asks; `Err` when it cannot be read or is not one.
pub fn property_support(path: &Path) -> Result<PropertySupport, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: cannot read: {e}", path.display()))?;
    let compact: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    if compact.is_empty() || !compact.contains("CHECK(") {
        return Err(format!("{}: not an SV-COMP property file (no CHECK( … ))", path.display()));
    }
    let props: Vec<&str> = compact.split("CHECK(").filter(|p| !p.is_empty()).collect();
    let unreach = |p: &str| p.contains("LTL(G!call(reach_error()))") || p.contains("LTL(G!call(__VERIFIER_error()))");
    let label = |p: &str| {
        let i = p.find("LTL(G!label(")? + "LTL(G!label(".len();
        let name = &p[i..i + p[i..].find(')')?];
        (!name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')).then(|| name.to_string())
    };
    if props.iter().all(|p| unreach(p)) {
        return Ok(PropertySupport::UnreachCall);
    }
    if props.iter().all(|p| p.contains("LTL(G!overflow)")) {
        return Ok(PropertySupport::NoOverflow);
    }
    if let [only] = props.as_slice() {
        if let Some(l) = label(only) {
            return Ok(PropertySupport::UnreachLabel(l));
        }
    }
    Ok(PropertySupport::Unsupported(format!(
        "{}: a property slam does not check (unreach-call, G ! call(reach_error()), unreach-label and no-overflow)",
        path.display()
    )))
}

/// What a task file turned into: the C files and the data model to check them with.
pub enum TaskInput {
    /// Not a task file: check the files as given.
    None,
    /// Check these files (ILP32 if set); `overflows`: the task's expected verdict of
    /// no-overflow, if it lists the property (`Some(false)`: its program overflows).
    Files { files: Vec<PathBuf>, ilp32: bool, no_overflow: Option<Option<bool>> },
    /// The task has no property slam checks: answer UNKNOWN with this reason.
    Unsupported(String),
}

/// If the only input is an SV-COMP task file, read it. Errors are for people.
pub fn task_input(files: &[PathBuf], property: Option<&str>) -> Result<TaskInput, String> {
    let [path] = files else { return Ok(TaskInput::None) };
    if !svcomp::is_task_file(path) {
        return Ok(TaskInput::None);
    }
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: cannot read: {e}", path.display()))?;
    let task = svcomp::parse_task(path, &text).map_err(|e| format!("{}: {e}", path.display()))?;
    let no_overflow = task.no_overflow().map(|p| p.expected);
    let checked = match property {
        Some("no-overflow") => no_overflow.is_some(),
        _ => task.unreach_call().is_some(),
    };
    if !checked {
        return Ok(TaskInput::Unsupported(format!(
            "{}: no property slam checks (unreach-call, or no-overflow with --property)",
            path.display()
        )));
    }
    Ok(TaskInput::Files { files: task.input_files, ilp32: task.ilp32, no_overflow })
}

/// The texts of the program's files (`None` where unreadable), aligned with `prog.files`.
pub fn sources(prog: &cminus::Program) -> Vec<Option<String>> {
    prog.files.iter().map(|f| std::fs::read_to_string(f).ok()).collect()
}

/// The witness text for an outcome, or why there is none: no witness for UNKNOWN, and no
/// correctness witness without an invariant (an empty invariant set is not a valid witness,
/// and `1` at every loop says nothing).
pub fn witness_text(
    prog: &cminus::Program,
    o: &engine::Outcome,
    sources: &[Option<String>],
    format: &str,
    meta: &witness::Meta,
    ctx: &Context,
) -> Result<String, String> {
    let (rule, label) = (ctx.rule.as_deref(), ctx.error_label.as_deref());
    let mut task = witness::Task::with_label(prog, sources, rule, label);
    if ctx.no_overflow {
        task.specification = witness::NO_OVERFLOW.into();
    }
    let graphml = format == "graphml";
    match (o.verdict, &o.counterexample) {
        (engine::Verdict::Violation, Some(cex)) => {
            let text = if graphml {
                witness::graphml_violation(prog, cex, sources, &task, meta)
            } else {
                witness::yaml_violation(prog, cex, sources, &task, meta)
            };
            // the path's first undefined behaviour, as a note for people (a comment: the
            // formats have no field for it)
            let undefined = report::counterexample(prog, cex, o.replay.as_ref(), sources).undefined;
            Ok(match undefined {
                Some(u) => with_note(&text, &u.message, graphml),
                None => text,
            })
        }
        (engine::Verdict::Safe, _) => {
            let invs = placed_invariants(prog, o, sources);
            if invs.is_empty() {
                return Err("no correctness witness: the proof states no loop invariant over the program's variables (or the program has no loop)".into());
            }
            Ok(if graphml {
                witness::graphml_correctness(&invs, &task, meta)
            } else {
                witness::yaml_correctness(prog, &invs, &task, meta)
            })
        }
        _ => Err("no witness for an UNKNOWN verdict".into()),
    }
}

/// `text` (a witness) with a comment after its first line.
fn with_note(text: &str, note: &str, xml: bool) -> String {
    let comment = if xml { format!("<!-- note: {} -->", note.replace("--", "- -")) } else { format!("# note: {note}") };
    match text.split_once('\n') {
        Some((first, rest)) => format!("{first}\n{comment}\n{rest}"),
        None => format!("{text}\n{comment}\n"),
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
        ok &= write(path, &html::render(prog, o, ctx, &sources, &placed_invariants(prog, o, &sources)));
    }
    if let Some(path) = &a.witness {
        match witness_text(prog, o, &sources, &a.witness_format, &witness::Meta::now(), ctx) {
            Ok(text) => ok &= write(path, &text),
            Err(why) => eprintln!("note: {why}; {} not written", path.display()),
        }
    }
    ok
}

/// The proof's loop invariants in the checked C files, where people and validators look for
/// them: at the loop's keyword (`while`, `for`, `do`); a loop made of gotos has none, and its
/// invariant holds at the head statement's start.
fn placed_invariants(
    prog: &cminus::Program,
    o: &engine::Outcome,
    sources: &[Option<String>],
) -> Vec<engine::proof::Invariant> {
    let pos = report::srcpos::Positions::new(sources);
    let checked = witness::checked_files(prog);
    invariants::loop_invariants(prog, o)
        .into_iter()
        .filter(|i| checked.contains(&(i.loc.file as usize)))
        .map(|mut i| {
            match pos.loop_keyword(i.loc).filter(|_| i.loop_head) {
                Some(k) => i.loc = k,
                None => {
                    i.loc = pos.statement_start(i.loc);
                    i.loop_head = false;
                }
            }
            i
        })
        .collect()
}
