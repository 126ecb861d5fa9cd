//! A violation run by the real compiler (issue 28, section 1).
//!
//! slam's VIOLATIONs are replayed by its own interpreter, which shares slam's model of C: when
//! the model is wrong, so is the confirmation. This crate builds the program with gcc (`-O0`,
//! the data model's `-m32`), links it with a harness that feeds the counterexample's inputs
//! (`slam tests`' replay harness, `report::testcomp::HARNESS`) and makes the error observable
//! (`reach_error()`, a failed `assert`, the error label, the SLIC rule's monitor emitted as C),
//! runs it with a time limit and checks that it reaches the same error.
//!
//! ```text
//! confirm(&request, &outcome, Mode::Exec) -> Option<Confirmation>   // None: not a violation
//! apply(&mut outcome, &confirmation)       // not reproduced: the verdict becomes UNKNOWN
//! ```
//!
//! What a run cannot reproduce is never a disagreement: when the trace depends on values a
//! compiled run does not control (uninitialised memory, addresses, a library call failing),
//! a run that misses the error leaves the violation confirmed by the interpreter only, with
//! that reason. Functions without a definition anywhere make the program unbuildable
//! (interpreter only), except the inputs (`nondet_*`) and, for a rule check, the rule's own
//! API functions, which the harness defines as slam models them: they return the trace's
//! values (listed as stubs in the confirmation). So do the C library functions with
//! out-parameters that read the environment (`cminus::outparams`: `fstat`, `pipe`, `time`,
//! …), which the harness defines under their symbol names: the trace's result, and on success
//! the trace's values written where slam's model writes them, checked against the model.
//!
//! The processes it starts (gcc, the program) run in process groups of their own, killed when
//! their time is up; their files live in a temporary directory that is removed.

mod harness;
mod inputs;
mod label;
mod monitor;
mod process;

pub use report::schema::{ConfirmStatus, Confirmation, ExecRun};

use cminus::Program;
use process::{Ended, TempDir};
use std::collections::HashSet;
use std::path::PathBuf;
use std::process::Command;
use std::time::{Duration, Instant};

/// `slam check --confirm`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// No confirmation beyond the engine's own replay.
    None,
    /// slam's interpreter (the engine's replay) only.
    Interp,
    /// Also run the program built by gcc (the default).
    Exec,
}

impl Mode {
    pub fn by_name(s: &str) -> Option<Mode> {
        match s {
            "none" => Some(Mode::None),
            "interp" => Some(Mode::Interp),
            "exec" => Some(Mode::Exec),
            _ => None,
        }
    }
}

/// What was checked, as the front end was given it.
#[derive(Clone, Debug)]
pub struct Request<'a> {
    /// The C files (`.c` or preprocessed `.i`).
    pub files: &'a [PathBuf],
    pub includes: &'a [PathBuf],
    pub defines: &'a [String],
    pub ilp32: bool,
    /// The program the engine checked (with the rule woven in, or the error label's errors).
    pub prog: &'a Program,
    /// Statement ids from this one on were added by the rule's instrumentation.
    pub rule_ids_from: Option<u32>,
    /// The rule (with `$entry` replaced by the entry).
    pub rule: Option<&'a slic::Rule>,
    pub error_label: Option<&'a str>,
    /// The check is thread-modular or starts mid-run (`slam gate`'s whole programs): no
    /// compiled run starts like that.
    pub thread_roots: bool,
    pub entry_mid_run: bool,
    /// What the check made of undefined arithmetic: under `assume-none` a compiled run that
    /// goes through undefined behaviour does not confirm the violation.
    pub undefined: cminus::ub::UbMode,
    /// The compiler (`gcc`).
    pub compiler: String,
    /// The longest the program may run.
    pub run_limit: Duration,
    /// The longest one compiler or linker process may take.
    pub build_limit: Duration,
}

impl<'a> Request<'a> {
    /// A request with gcc, 10 s per run and 60 s per build step.
    pub fn new(files: &'a [PathBuf], prog: &'a Program) -> Request<'a> {
        Request {
            files,
            includes: &[],
            defines: &[],
            ilp32: prog.data_model == cminus::DataModel::Ilp32,
            prog,
            rule_ids_from: None,
            rule: None,
            error_label: None,
            thread_roots: false,
            entry_mid_run: false,
            undefined: cminus::ub::UbMode::Wrap,
            compiler: "gcc".into(),
            run_limit: Duration::from_secs(10),
            build_limit: Duration::from_secs(60),
        }
    }
}

/// The confirmation of `outcome`'s violation (`None` when it is not a violation with a
/// counterexample).
pub fn confirm(req: &Request, outcome: &engine::Outcome, mode: Mode) -> Option<Confirmation> {
    if outcome.verdict != engine::Verdict::Violation {
        return None;
    }
    let cex = outcome.counterexample.as_ref()?;
    let started = Instant::now();
    let mut c = match mode {
        Mode::None => bare(ConfirmStatus::NotChecked, None),
        Mode::Interp => bare(ConfirmStatus::InterpreterOnly, Some("--confirm interp".into())),
        Mode::Exec => execute(req, cex),
    };
    c.time_secs = started.elapsed().as_secs_f64();
    Some(c)
}

/// The outcome after its confirmation: a violation the executable did not reproduce is
/// UNKNOWN (`StopReason::NotConfirmed`), keeping the counterexample for a bug report.
pub fn apply(outcome: &mut engine::Outcome, c: &Confirmation) {
    // A violation the interpreter's replay did not reach within its step limit (a bug found
    // with loops accelerated, millions of trips deep) stands only on a compiled run that
    // reaches the error.
    let replayed = outcome.replay.as_ref().is_none_or(|r| r.confirmed);
    if !replayed && c.status != ConfirmStatus::Executed && outcome.verdict == engine::Verdict::Violation {
        outcome.verdict = engine::Verdict::Unknown;
        outcome.reason = engine::StopReason::NotConfirmed;
        outcome.detail = format!(
            "a violation found with loops accelerated is confirmed neither by slam's interpreter (it stops before \
             the error: {}) nor by a compiled run ({}): {}",
            outcome.replay.as_ref().map_or("", |r| r.outcome.as_str()),
            c.reason.as_deref().unwrap_or(match c.status {
                ConfirmStatus::NotChecked => "not run: --confirm none",
                _ => "the executable did not reach the error",
            }),
            outcome.detail
        );
        return;
    }
    if c.status == ConfirmStatus::NotReproduced && outcome.verdict == engine::Verdict::Violation {
        outcome.verdict = engine::Verdict::Unknown;
        outcome.reason = engine::StopReason::NotConfirmed;
        outcome.detail = format!(
            "the program built by {} ({}), fed the counterexample's inputs, does not reach the error slam's \
             interpreter reaches ({}): {} — slam's model of C and the compiler disagree; please report it with both runs",
            c.compiler.as_deref().unwrap_or("the compiler"),
            c.flags.join(" "),
            outcome.detail,
            c.reason.as_deref().unwrap_or("the executable did not reach the error")
        );
    }
}

fn bare(status: ConfirmStatus, reason: Option<String>) -> Confirmation {
    Confirmation { status, compiler: None, flags: vec![], reason, stubs: vec![], run: None, time_secs: 0.0 }
}

fn interp_only(reason: impl Into<String>) -> Confirmation {
    bare(ConfirmStatus::InterpreterOnly, Some(reason.into()))
}

/// The compiler's version (`gcc 12.2.0`), or `None` when it cannot be run.
pub fn compiler_version(compiler: &str) -> Option<String> {
    let out = Command::new(compiler).arg("-dumpfullversion").output().ok()?;
    let v = String::from_utf8_lossy(&out.stdout).trim().to_string();
    (out.status.success() && !v.is_empty()).then(|| format!("{} {v}", short_name(compiler)))
}

fn short_name(compiler: &str) -> &str {
    compiler.rsplit('/').next().unwrap_or(compiler)
}

/// The error the counterexample ends in, as a run can observe it.
#[derive(Clone, Debug, PartialEq)]
enum Expected {
    Reach,
    Assert,
    Rule(String),
    Label,
    NullDeref,
    /// The error is undefined behaviour of this kind (`--undefined error`, no-overflow).
    Undefined(cminus::ub::UbKind),
}

fn expected(req: &Request, cex: &newton::Counterexample) -> Result<Expected, String> {
    let m = cex.message.as_str();
    if req.rule.is_some() && req.rule_ids_from.is_some_and(|f| cex.error_stmt.0 >= f) {
        return Ok(Expected::Rule(m.to_string()));
    }
    if req.error_label.is_some() && m.starts_with("label ") {
        return Ok(Expected::Label);
    }
    match m {
        "reach_error" | "__VERIFIER_error" => Ok(Expected::Reach),
        _ if m.starts_with("assertion failed") => Ok(Expected::Assert),
        _ if cminus::guard::is_null_deref(m) => Ok(Expected::NullDeref),
        _ => match cminus::ub::error_kind(m) {
            Some(k) => Ok(Expected::Undefined(k)),
            None => Err(format!("a compiled run does not show this kind of error ({m})")),
        },
    }
}

/// Why no compiled run can start like the check, if so.
fn unrunnable(req: &Request) -> Option<String> {
    if req.thread_roots {
        return Some("the check is thread-modular (--thread-roots): no compiled run starts a thread alone".into());
    }
    if req.entry_mid_run {
        return Some("the check starts mid-run (--entry-mid-run): no compiled run starts there".into());
    }
    let threads = ["pthread_create", "thrd_create", "clone", "fork", "vfork"];
    if let Some(t) = req.prog.externs.iter().find(|e| threads.contains(&e.name.as_str())) {
        return Some(format!("the program calls `{}` (threads or processes: slam's run is sequential)", t.name));
    }
    None
}

/// The sanitizers of undefined arithmetic (`cminus::ub::UbKind`).
const SANITIZE: &str = "signed-integer-overflow,shift,integer-divide-by-zero,float-cast-overflow";

/// The first undefined behaviour UBSan reported on `stderr`: its kind (when slam tells it
/// apart) and the report (`signed integer overflow: … at f.c:3:9`).
fn sanitizer_report(stderr: &str) -> Option<(Option<cminus::ub::UbKind>, String)> {
    use cminus::ub::UbKind;
    stderr.lines().find_map(|l| {
        let (place, msg) = l.split_once(": runtime error: ")?;
        let kind = if msg.starts_with("signed integer overflow")
            || msg.starts_with("negation of")
            || msg.starts_with("division of")
            || (msg.starts_with("left shift of") && msg.contains("cannot be represented"))
        {
            Some(UbKind::SignedOverflow)
        } else if msg.starts_with("shift exponent") || msg.starts_with("left shift of negative") {
            Some(UbKind::Shift)
        } else if msg.starts_with("division by zero") {
            Some(UbKind::DivisionByZero)
        } else if msg.contains("outside the range of representable values") {
            Some(UbKind::FloatToInt)
        } else {
            None
        };
        let place = place.rsplit('/').next().unwrap_or(place);
        Some((kind, format!("{msg} at {place}")))
    })
}

/// The gcc flags of the data model and of the harness's hooks.
fn flags(req: &Request) -> Vec<String> {
    let mut f = vec!["-O0".to_string()];
    if req.ilp32 {
        f.push("-m32".into());
        // floating point in SSE registers, as slam models it (gcc's i386 default is the x87,
        // which computes `float` and `double` with excess precision)
        f.push("-msse2".into());
        f.push("-mfpmath=sse".into());
    }
    // UBSan reports the undefined arithmetic the run goes through and computes on as -O0
    // does (the report names it; `--undefined error` needs it to confirm).
    f.push(format!("-fsanitize={}", SANITIZE));
    if req.rule.is_some() {
        // The rule's events are calls: gcc must not expand memcpy & co. inline.
        f.push("-fno-builtin".into());
    }
    f
}

fn execute(req: &Request, cex: &newton::Counterexample) -> Confirmation {
    let want = match expected(req, cex) {
        Ok(w) => w,
        Err(why) => return interp_only(why),
    };
    if let Some(why) = unrunnable(req) {
        return interp_only(why);
    }
    let Some(version) = compiler_version(&req.compiler) else {
        return interp_only(format!("`{}` was not found (or does not run)", req.compiler));
    };
    let dir = match TempDir::new() {
        Ok(d) => d,
        Err(e) => return interp_only(format!("no temporary directory: {e}")),
    };
    let mut c = Confirmation {
        status: ConfirmStatus::InterpreterOnly,
        compiler: Some(version),
        flags: flags(req),
        reason: None,
        stubs: vec![],
        run: None,
        time_secs: 0.0,
    };
    match build_and_run(req, cex, &want, &dir, &mut c) {
        Ok(()) => {}
        Err(why) => {
            c.status = ConfirmStatus::InterpreterOnly;
            c.reason = Some(why);
        }
    }
    c
}

/// The compiler with the common flags: the data model, `-O0`, no warnings.
fn gcc(req: &Request) -> Command {
    let mut cmd = Command::new(&req.compiler);
    cmd.args(flags(req)).arg("-w").arg("-fcommon");
    cmd
}

fn first_error(text: &str) -> String {
    text.lines()
        .find(|l| l.contains("error"))
        .or_else(|| text.lines().find(|l| !l.trim().is_empty()))
        .unwrap_or("")
        .trim()
        .to_string()
}

/// Compile, link, run; fills in `c`. `Err` is the reason execution was impossible.
fn build_and_run(
    req: &Request,
    cex: &newton::Counterexample,
    want: &Expected,
    dir: &TempDir,
    c: &mut Confirmation,
) -> Result<(), String> {
    let d = dir.path();
    // 1. The program's objects (with the label marked in the preprocessed text).
    let mut objects = vec![];
    for (i, f) in req.files.iter().enumerate() {
        let f = std::fs::canonicalize(f).map_err(|e| format!("{}: {e}", f.display()))?;
        let src = match req.error_label {
            Some(l) => {
                let mut cmd = gcc(req);
                cmd.arg("-E").arg(&f);
                for inc in req.includes {
                    cmd.arg("-I").arg(std::fs::canonicalize(inc).unwrap_or_else(|_| inc.clone()));
                }
                for def in req.defines {
                    cmd.arg(format!("-D{def}"));
                }
                let out = process::run(cmd, d, &format!("cpp{i}"), req.build_limit)?;
                if out.ended != Ended::Exit(0) {
                    return Err(format!("gcc could not preprocess the program: {}", first_error(&out.stderr)));
                }
                let (text, n) = label::mark(&out.stdout, l);
                if n == 0 && req.files.len() == 1 {
                    return Err(format!("the label `{l}` is not at the start of a statement the harness can mark"));
                }
                let p = d.join(format!("p{i}.i"));
                std::fs::write(&p, text).map_err(|e| e.to_string())?;
                p
            }
            None => f,
        };
        let obj = d.join(format!("p{i}.o"));
        let mut cmd = gcc(req);
        cmd.arg("-c").arg("-g").arg("-finstrument-functions").arg(&src).arg("-o").arg(&obj);
        for inc in req.includes {
            cmd.arg("-I").arg(std::fs::canonicalize(inc).unwrap_or_else(|_| inc.clone()));
        }
        for def in req.defines {
            cmd.arg(format!("-D{def}"));
        }
        let out = process::run(cmd, d, &format!("cc{i}"), req.build_limit)?;
        if out.ended != Ended::Exit(0) {
            return Err(format!("gcc could not compile the program: {}", first_error(&out.stderr)));
        }
        objects.push(obj);
    }
    // 2. What nothing defines: link the program alone.
    let mut cmd = gcc(req);
    // (the math library too: gcc links libm only when asked, as `cc … -lm` builds do)
    cmd.args(&objects).arg("-lm").arg("-o").arg(d.join("probe"));
    let out = process::run(cmd, d, "probe", req.build_limit)?;
    let undefined = undefined_references(&out.stderr);
    if out.ended != Ended::Exit(0) && undefined.is_empty() {
        return Err(format!("the program does not link: {}", first_error(&out.stderr)));
    }
    let rule_functions: HashSet<String> =
        req.rule.map(|r| r.functions().into_iter().map(|(f, _)| f).collect()).unwrap_or_default();
    let (mut fed, mut zeros, mut missing) = (vec![], vec![], vec![]);
    for u in &undefined {
        if harness::defines(u) || (u == "main" && req.prog.entry != "main") {
            continue;
        }
        match harness::nondet_input(u) {
            Some(true) => fed.push(u.clone()),
            Some(false) => zeros.push(u.clone()),
            None if rule_functions.contains(u) && req.prog.externs.iter().any(|e| &e.name == u) => {}
            None => missing.push(format!("`{u}`")),
        }
    }
    if !missing.is_empty() {
        return Err(format!(
            "the program uses {} without a definition (gcc does not link {})",
            missing.join(", "),
            if missing.len() == 1 { "it" } else { "them" }
        ));
    }
    // 3. The rule's monitor; the program's functions it wraps are interposed.
    let monitor = match req.rule {
        Some(r) => {
            let symbols = function_symbols(req, d, &objects)?;
            let interposable: HashSet<String> = symbols.iter().map(|s| s.name.clone()).collect();
            let m = monitor::emit(r, req.prog, &undefined, &interposable)?;
            for f in &m.interpose {
                let Some(sym) = symbols.iter().find(|s| &s.name == f) else { continue };
                let mut cmd = Command::new("objcopy");
                cmd.arg(format!("--add-symbol=__slam_real_{f}={}:{},global,function", sym.section, sym.value))
                    .arg(format!("--weaken-symbol={f}"))
                    .arg(&objects[sym.object]);
                let out = process::run(cmd, d, "objcopy", req.build_limit)?;
                if out.ended != Ended::Exit(0) {
                    return Err(format!("objcopy could not interpose `{f}`: {}", first_error(&out.stderr)));
                }
            }
            Some(m)
        }
        None => None,
    };
    let mut stubs: HashSet<String> = fed.iter().cloned().collect();
    // scanf & co. are inputs: the harness defines them (the rule's monitor may not wrap them).
    let input_fns: Vec<String> = harness::INPUT_FUNCTIONS
        .iter()
        .filter(|f| req.prog.externs.iter().any(|e| e.name == **f))
        .filter(|f| !monitor.as_ref().is_some_and(|m| m.wraps.iter().any(|w| w == **f)))
        .map(|f| f.to_string())
        .collect();
    stubs.extend(input_fns.iter().cloned());
    if let Some(m) = &monitor {
        stubs.extend(m.stubs.iter().cloned());
        c.stubs = m.stubs.clone();
    }
    // C library functions with out-parameters that read the environment (`fstat`, `pipe`,
    // `time`: `cminus::outparams`): the harness defines them, fed the trace's values (unless
    // the rule's monitor wraps or stubs them).
    let lib_fns: Vec<String> = req
        .prog
        .externs
        .iter()
        .map(|e| e.name.clone())
        .filter(|f| !stubs.contains(f) && harness::lib_model(req.prog, f).is_some())
        .filter(|f| !monitor.as_ref().is_some_and(|m| m.wraps.contains(f)))
        .collect();
    stubs.extend(lib_fns.iter().cloned());
    c.stubs.extend(lib_fns.iter().cloned());
    // 4. The inputs: slam's replay of the counterexample, its choices in order.
    let run = newton::replay(req.prog, cex, 2_000_000);
    let feed = inputs::feed(req.prog, &run, req.rule_ids_from, &stubs);
    // 5. The harness and the executable.
    let expected_msg = match want {
        Expected::Rule(m) => m.as_str(),
        _ => "",
    };
    let mut wraps: Vec<String> = monitor.iter().flat_map(|m| m.wraps.iter().cloned()).collect();
    let mut uncontrolled = feed.uncontrolled.clone();
    let mut hsrc_text = harness::source(expected_msg, &fed, &zeros, monitor.as_ref());
    if !input_fns.is_empty() {
        hsrc_text.push_str(&harness::input_functions(&input_fns));
    }
    if !lib_fns.is_empty() {
        hsrc_text.push_str(&harness::lib_models(req.prog, &lib_fns));
    }
    // An entry other than main: the harness's main calls it (the program's main, if any,
    // is made weak), integer parameters from the trace, pointers to zeroed memory holding the
    // integers the trace read from it.
    if req.prog.entry != "main" {
        hsrc_text.push_str(&harness::entry_main(req.prog, &feed.entry_args, &feed)?);
        if let Some(m) = function_symbols(req, d, &objects)?.into_iter().find(|s| s.name == "main") {
            let mut cmd = Command::new("objcopy");
            cmd.arg("--weaken-symbol=main").arg(&objects[m.object]);
            let out = process::run(cmd, d, "objcopy-main", req.build_limit)?;
            if out.ended != Ended::Exit(0) {
                return Err(format!("objcopy could not set the program's main aside: {}", first_error(&out.stderr)));
            }
        }
        if req
            .prog
            .proc(&req.prog.entry)
            .is_some_and(|p| p.formals.iter().any(|v| matches!(v.ty, cminus::Type::Ptr(_))))
        {
            uncontrolled
                .push(format!("the objects the pointer parameters of `{}` point to (zeroed here, but for the integers the trace read)", req.prog.entry));
        }
    }
    // Allocations that fail on the trace: the allocators wrapped, failing on schedule.
    if !feed.fails.is_empty() {
        match harness::fail_schedule(req.prog, &feed.fails, &feed.allocators, &wraps, &undefined) {
            Ok(code) => {
                hsrc_text.push_str(&code);
                wraps.extend(feed.allocators.iter().cloned());
            }
            Err(why) => uncontrolled.push(why),
        }
    }
    let hsrc = d.join("harness.c");
    std::fs::write(&hsrc, hsrc_text).map_err(|e| e.to_string())?;
    let hobj = d.join("harness.o");
    let mut cmd = gcc(req);
    cmd.arg("-c").arg("-finstrument-functions").arg(&hsrc).arg("-o").arg(&hobj);
    let out = process::run(cmd, d, "harness", req.build_limit)?;
    if out.ended != Ended::Exit(0) {
        return Err(format!("the harness does not compile (a bug of slam's): {}", first_error(&out.stderr)));
    }
    let exe = d.join("prog");
    let mut cmd = gcc(req);
    cmd.args(&objects).arg(&hobj).arg("-lm").arg("-no-pie").arg("-o").arg(&exe);
    for w in &wraps {
        cmd.arg(format!("-Wl,--wrap={w}"));
    }
    let out = process::run(cmd, d, "link", req.build_limit)?;
    if out.ended != Ended::Exit(0) {
        return Err(format!("the program does not link with the harness: {}", first_error(&out.stderr)));
    }
    std::fs::write(d.join("test.xml"), report::testcomp::testcase(&feed.values)).map_err(|e| e.to_string())?;
    let mut cmd = Command::new(&exe);
    cmd.env("SLAM_TEST", d.join("test.xml"));
    cmd.args(std::iter::repeat_n("slam", feed.args));
    let out = process::run(cmd, d, "run", req.run_limit)?;
    // 6. Did it reach the same error?
    let marks = markers(&out.stderr);
    let ub = sanitizer_report(&out.stderr);
    let reached = marks.iter().find(|m| !m.starts_with("rule-other ")).cloned();
    // Where the error was reached, against the trace's error statement.
    let place = reached.as_deref().and_then(|m| error_place(req, d, &exe, m));
    let reached = match (&reached, &place) {
        (Some(m), Some((f, l))) if m.starts_with("reach_error") => Some(format!("reach_error at {f}:{l}")),
        _ => reached,
    };
    let hit = match want {
        Expected::Reach => reached.as_deref().is_some_and(|m| {
            m.starts_with("reach_error")
                || m.starts_with("assert reach_error ")
                || m.starts_with("assert __VERIFIER_error ")
        }),
        Expected::Assert => reached.as_deref().is_some_and(|m| m.starts_with("assert ")),
        Expected::Rule(msg) => reached.as_deref() == Some(&format!("rule {msg}")),
        Expected::Label => reached.as_deref() == Some("label"),
        Expected::NullDeref => matches!(out.ended, Ended::Signal(s) if s == libc::SIGSEGV || s == libc::SIGBUS),
        Expected::Undefined(k) => ub.as_ref().is_some_and(|(kind, _)| *kind == Some(*k)),
    };
    // Under assume-none a path through undefined behaviour is no path: a compiled run that
    // reaches the error through it confirms nothing.
    let through_ub = req.undefined == cminus::ub::UbMode::AssumeNone && ub.is_some();
    let hit = hit && !through_ub;
    let other = marks.iter().filter(|m| m.starts_with("rule-other ")).map(|m| m["rule-other ".len()..].to_string());
    let reached_text = reached
        .clone()
        .or_else(|| (*want == Expected::NullDeref && hit).then(|| "a memory fault (null dereference)".to_string()));
    c.run = Some(ExecRun {
        ended: out.ended.text(),
        reached: reached_text,
        inputs: feed.values.iter().map(|(t, v)| cminus::interp::wrap(*v, t)).collect(),
        stdout_tail: process::tail(&out.stdout, 20),
        stderr_tail: process::tail(&strip_markers(&out.stderr), 20),
        undefined: ub.as_ref().map(|(_, r)| r.clone()),
    });
    if hit {
        c.status = ConfirmStatus::Executed;
        let want_place =
            req.prog.stmt_ref(cex.error_stmt).map(|st| (file_base(report::file_name(req.prog, st.loc)), st.loc.line));
        // (A preprocessed `.i` file's line markers give the compiler other lines than slam's.)
        let markers = req.files.iter().any(|f| f.extension().is_some_and(|e| e == "i"));
        if let (false, Some((f, l)), Some((wf, wl))) = (markers, &place, &want_place) {
            if !(f == wf && l == wl) {
                c.reason = Some(format!(
                    "the run reached the error at {f}:{l}, not at the trace's {wf}:{wl} (the property is violated all the same)"
                ));
            }
        }
        return Ok(());
    }
    let mut what = format!("the executable ended with {}", out.ended.text());
    if through_ub {
        what.push_str(&format!(
            " after undefined behaviour slam's interpreter did not see ({}; --undefined assume-none)",
            ub.as_ref().map(|(_, r)| r.as_str()).unwrap_or("")
        ));
    }
    match &reached {
        Some(m) => what.push_str(&format!(" after reaching another error ({})", m)),
        None => what.push_str(" without reaching the error"),
    }
    let others: Vec<String> = other.collect();
    if !others.is_empty() {
        what.push_str(&format!(" (the rule's monitor of another object aborted: {})", others.join("; ")));
    }
    if uncontrolled.is_empty() {
        c.status = ConfirmStatus::NotReproduced;
        c.reason = Some(what);
    } else if uncontrolled.len() == feed.uncontrolled.len() && independent(req.prog, cex, &feed.uncontrolled_at) {
        // the interpreter reaches the error whatever those values are: the compiled run's
        // own values do not explain its miss
        c.status = ConfirmStatus::NotReproduced;
        c.reason = Some(format!(
            "{what}; the trace reads values a compiled run does not control ({}), but slam's interpreter reaches the error with other values of them too, so they do not explain the difference",
            uncontrolled.join(", ")
        ));
    } else {
        c.status = ConfirmStatus::InterpreterOnly;
        c.reason = Some(format!(
            "{what}, but the trace depends on values a compiled run does not control: {}",
            uncontrolled.join(", ")
        ));
    }
    Ok(())
}

/// Whether the replay of `cex` reaches its error statement also when each choice at the
/// indices `at` (those a compiled run makes on its own) takes other values: each value
/// complemented and then incremented, addresses made up by the interpreter and allocation
/// failures the other way. Then the trace does not depend on them, and a compiled
/// run that misses the error is a disagreement, not the run's own choice of those values.
fn independent(prog: &Program, cex: &newton::Counterexample, at: &[usize]) -> bool {
    use cminus::interp::{Ask, Outcome};
    if at.is_empty() {
        return false;
    }
    let at: HashSet<usize> = at.iter().copied().collect();
    (0..2).all(|variant| {
        let mut change = |k: usize, e: &cminus::interp::Event, v: i64| {
            if !at.contains(&k) {
                return v;
            }
            match e.ask {
                Ask::Address => 0,
                Ask::AllocFails { .. } => (v == 0) as i64,
                _ if variant == 0 => !v,
                _ => v.wrapping_add(1),
            }
        };
        let run = newton::replay_changed(prog, cex, 2_000_000, &mut change);
        matches!(run.outcome, Outcome::Error { stmt, .. } if stmt == cex.error_stmt)
    })
}

/// A function an object defines with external linkage.
struct Symbol {
    name: String,
    object: usize,
    section: String,
    value: String,
}

/// The global function symbols of the program's objects (`objdump -t`).
fn function_symbols(req: &Request, d: &std::path::Path, objects: &[PathBuf]) -> Result<Vec<Symbol>, String> {
    let mut out = vec![];
    for (i, o) in objects.iter().enumerate() {
        let mut cmd = Command::new("objdump");
        cmd.arg("-t").arg(o);
        let r = process::run(cmd, d, "objdump", req.build_limit)?;
        if r.ended != Ended::Exit(0) {
            return Err(format!("objdump could not read the program's object: {}", first_error(&r.stderr)));
        }
        // `VALUE FLAGS(7) SECTION\tSIZE NAME`: flags `g` (global) … `F` (function).
        for line in r.stdout.lines() {
            let Some((value, rest)) = line.split_once(' ') else { continue };
            if !value.bytes().all(|b| b.is_ascii_hexdigit()) || rest.len() < 8 || !rest.is_char_boundary(7) {
                continue;
            }
            let (flags, rest) = rest.split_at(7);
            if !flags.starts_with('g') || !flags.ends_with('F') {
                continue;
            }
            let Some((section, size_name)) = rest.trim_start().split_once('\t') else { continue };
            let Some(name) = size_name.split_whitespace().last() else { continue };
            out.push(Symbol {
                name: name.to_string(),
                object: i,
                section: section.to_string(),
                value: format!("0x{value}"),
            });
        }
    }
    Ok(out)
}

fn file_base(path: &str) -> String {
    path.rsplit('/').next().unwrap_or(path).to_string()
}

/// The source place (file name, line) of a marker: a failed assert names it; `reach_error`'s
/// return address goes through `addr2line`.
fn error_place(req: &Request, d: &std::path::Path, exe: &std::path::Path, marker: &str) -> Option<(String, u32)> {
    let parse = |fl: &str| {
        let (f, l) = fl.rsplit_once(':')?;
        let l: u32 = l.trim().split(|c: char| !c.is_ascii_digit()).next()?.parse().ok()?;
        Some((file_base(f), l))
    };
    if let Some(rest) = marker.strip_prefix("assert ") {
        // `assert FUNCTION FILE:LINE: EXPR`
        let fl = rest.split_once(' ')?.1.split(": ").next()?;
        return parse(fl);
    }
    let addr = marker.strip_prefix("reach_error 0x")?;
    let a = u64::from_str_radix(addr.trim(), 16).ok()?.checked_sub(1)?;
    let mut cmd = Command::new("addr2line");
    cmd.arg("-e").arg(exe).arg(format!("{a:#x}"));
    let out = process::run(cmd, d, "addr2line", req.build_limit).ok()?;
    let line = out.stdout.lines().next()?.split(" (").next()?.to_string();
    if line.starts_with("??") {
        return None;
    }
    parse(&line)
}

/// The names ld says nothing defines.
fn undefined_references(stderr: &str) -> HashSet<String> {
    let mut out = HashSet::new();
    for line in stderr.lines() {
        if let Some(i) = line.find("undefined reference to `") {
            let rest = &line[i + "undefined reference to `".len()..];
            if let Some(j) = rest.find('\'') {
                out.insert(rest[..j].to_string());
            }
        }
    }
    out
}

/// The harness's marker lines (`@@slam-exec KIND DETAIL`), without the prefix.
fn markers(stderr: &str) -> Vec<String> {
    stderr.lines().filter_map(|l| l.strip_prefix("@@slam-exec ")).map(str::to_string).collect()
}

fn strip_markers(stderr: &str) -> String {
    stderr.lines().filter(|l| !l.starts_with("@@slam-exec ")).collect::<Vec<_>>().join("\n")
}
