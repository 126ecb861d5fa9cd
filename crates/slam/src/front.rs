//! The C front-end options shared by `lower`, `abstract` and `check`, and loading a program
//! with diagnostics printed like a compiler's.

use std::path::PathBuf;

#[derive(clap::Args, Clone, Debug)]
pub struct FrontArgs {
    /// C files, lowered into one program.
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// Add a directory to the include path (C files and rules).
    #[arg(short = 'I', value_name = "DIR")]
    pub include: Vec<PathBuf>,
    /// Define a preprocessor macro (NAME or NAME=VALUE).
    #[arg(short = 'D', value_name = "NAME[=VALUE]")]
    pub define: Vec<String>,
    /// The entry function.
    #[arg(long, default_value = "main")]
    pub entry: String,
    /// Use the ILP32 data model (32-bit long and pointers) instead of LP64.
    #[arg(long)]
    pub ilp32: bool,
    /// Which calls are the error: unreach-call (only reach_error(); a failed assert ends the
    /// run like abort()), assertions (reach_error() and failed asserts), null-deref,
    /// no-overflow (signed arithmetic whose result its type cannot hold), or an SV-COMP
    /// property file (.prp: unreach-call, unreach-label, no-overflow; UNKNOWN for any other
    /// property). Default: unreach-call when the program mentions reach_error/
    /// __VERIFIER_error, else assertions.
    #[arg(long, value_name = "unreach-call|assertions|null-deref|no-overflow|FILE.prp")]
    pub property: Option<String>,
    /// Undefined arithmetic (signed overflow, shifts out of range, division by zero):
    /// wrap (compute on as gcc -O0 does; the trace marks it), assume-none (no path goes
    /// through it) or error (it is the violation). Default: wrap; for an SV-COMP task file,
    /// assume-none unless the task says its program overflows.
    #[arg(long, value_name = "wrap|assume-none|error",
          value_parser = clap::builder::PossibleValuesParser::new(["wrap", "assume-none", "error"]))]
    pub undefined: Option<String>,
    /// Thread-modular: pthread_create/thrd_create start nothing here (any result); each start
    /// routine is checked as an entry of its own (slam gate's program mode). Interference
    /// between threads through shared memory is not modelled.
    #[arg(long)]
    pub thread_roots: bool,
    /// The entry runs mid-run (a thread start routine, a callback): the globals the program
    /// assigns or takes the address of start with unknown values (slam gate's program mode).
    #[arg(long)]
    pub entry_mid_run: bool,
    /// The memory model: auto (typed cells where that is exact, else C's bytes) or bytes
    /// (bytes for every program; to compare the two).
    #[arg(long, value_name = "auto|bytes", default_value = "auto", value_parser = ["auto", "bytes"])]
    pub memory: String,
    /// Assume the heap allocators (malloc, calloc, realloc, …) never return NULL. C lets them
    /// fail, and by default slam does; this is the assumption of ESBMC's
    /// --force-malloc-success, honoured by every engine, the interpreter and the compiled run.
    #[arg(long)]
    pub alloc_never_fails: bool,
}

impl FrontArgs {
    pub fn options(&self) -> cfront::Options {
        cfront::Options {
            includes: self.include.clone(),
            defines: self.define.clone(),
            data_model: if self.ilp32 { cfront::DataModel::Ilp32 } else { cfront::DataModel::Lp64 },
            entry: self.entry.clone(),
            property: self.property.as_deref().and_then(cfront::Property::by_name),
            thread_roots: self.thread_roots,
            entry_mid_run: self.entry_mid_run,
            bytes: self.memory == "bytes",
            undefined: self.undefined_mode(),
            alloc_never_fails: self.alloc_never_fails,
            ..Default::default()
        }
    }

    /// The `--undefined` mode (wrap when not given).
    pub fn undefined_mode(&self) -> cminus::ub::UbMode {
        self.undefined.as_deref().and_then(cminus::ub::UbMode::by_name).unwrap_or_default()
    }

    /// Lower the files; on error print the diagnostics and return the exit code.
    pub fn load(&self) -> Result<cminus::Program, u8> {
        let p = cfront::lower_files(&self.files, &self.options()).map_err(|diags| {
            crate::front::print_diagnostics(&diags);
            crate::exit::INPUT
        })?;
        log_memory(&p);
        Ok(p)
    }
}

/// Logs (at -v) why a program's memory is bytes rather than typed cells: the first place
/// that may pun memory, where a slow check's byte-level queries come from.
pub fn log_memory(p: &cminus::Program) {
    if let cminus::punning::MemoryModel::Bytes { reason } = &p.memory {
        tracing::info!(reason = reason.as_str(), "memory in bytes");
    }
}

/// The rule: the product construction of the program with the SLIC rule (when there is one),
/// and the rule itself for its initial predicates. Rule errors are reported; `Err` is the
/// exit code.
pub fn instrument(
    front: &FrontArgs,
    rule: Option<&std::path::Path>,
    prog: cminus::Program,
) -> Result<(cminus::Program, Option<slic::Rule>), u8> {
    let Some(path) = rule else {
        return Ok((prog, None));
    };
    let pp = slic::PpOptions { includes: front.include.clone(), defines: front.define.clone(), ..Default::default() };
    let result =
        slic::preprocess_and_parse(path, &pp).and_then(|rule| slic::instrument(&prog, &rule).map(|out| (out, rule)));
    match result {
        Ok((out, rule)) => {
            for w in &out.warnings {
                eprintln!("warning: {w}");
            }
            Ok((out.program, Some(rule)))
        }
        Err(diags) => {
            crate::front::print_diagnostics(&diags);
            Err(crate::exit::INPUT)
        }
    }
}

/// The rule in words for the reports: the description (the rule file's leading comment) and
/// what each variable of the product construction means, with the names of enum states.
pub fn rule_info(
    path: Option<&std::path::Path>,
    rule: Option<&slic::Rule>,
    prog: &cminus::Program,
) -> report::RuleInfo {
    let (Some(path), Some(rule)) = (path, rule) else {
        return report::RuleInfo::default();
    };
    let description = std::fs::read_to_string(path).ok().and_then(|t| report::rule_description(&t));
    let mut ghosts = Vec::new();
    for g in &prog.globals {
        let Some(name) = g.c_name.strip_prefix(slic::SLIC_MARK) else { continue };
        let (meaning, values) = match name {
            "$obj" => (tracked_object(rule), vec![]),
            "$obj_set" => ("whether the rule has chosen the object it tracks".to_string(), bool_names()),
            _ => match rule.state_var(name).map(|v| v.ty) {
                Some(slic::StateType::Enum(i)) => (
                    format!("the rule's state `{name}`"),
                    rule.enums
                        .get(i)
                        .map(|e| e.constants.iter().map(|(n, v)| (*v, n.clone())).collect())
                        .unwrap_or_default(),
                ),
                Some(slic::StateType::Bool) => (format!("the rule's state `{name}`"), bool_names()),
                _ => (format!("the rule's state `{name}`"), vec![]),
            },
        };
        ghosts.push(report::Ghost { name: g.name.clone(), meaning, values });
    }
    // The locals the instrumentation adds: copies of an event's arguments and result.
    let mut locals: Vec<String> = prog
        .procs
        .iter()
        .flat_map(|p| p.locals.iter().map(|v| v.name.clone()))
        .filter(|n| n.starts_with("slic_arg") || n == "slic_ret")
        .collect();
    locals.sort();
    locals.dedup();
    for n in locals {
        let meaning = match n.strip_prefix("slic_arg") {
            Some(k) => format!("argument {k} of the call the rule watches (the rule's copy)"),
            None => "the result of the call the rule watches (the rule's copy)".to_string(),
        };
        ghosts.push(report::Ghost { name: n, meaning, values: vec![] });
    }
    report::RuleInfo { description, ghosts }
}

/// `slic_obj` in words: which arguments it stands for (`argument 1 of KeAcquireSpinLock, …`).
fn tracked_object(rule: &slic::Rule) -> String {
    let slots: Vec<String> = rule
        .watches
        .iter()
        .flat_map(|w| {
            w.funcs.iter().map(move |(f, _)| match w.slot {
                slic::Slot::Arg(n) => format!("argument {n} of {f}"),
                slic::Slot::Return => format!("the result of {f}"),
            })
        })
        .collect();
    if slots.is_empty() {
        "the object the rule tracks (chosen once, at the start)".to_string()
    } else {
        format!("the object the rule tracks ({}; chosen once, at the start)", slots.join(", "))
    }
}

fn bool_names() -> Vec<(i128, String)> {
    vec![(0, "false".into()), (1, "true".into())]
}

/// Print the front end's diagnostics to stderr, each with its source line and a caret.
pub fn print_diagnostics(diags: &[source::Diagnostic]) {
    for d in diags {
        let src = std::fs::read_to_string(&d.file).ok();
        crate::diag::report(&d.file, src.as_deref(), d.line as usize, d.col as usize, &d.message);
    }
}
