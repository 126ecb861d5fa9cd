//! `slam check`: the CEGAR loop on C files, with a SLIC rule or the program's own
//! `reach_error()`/`assert` — the product's main job. Reports in text or JSON
//! (docs/check-json.md); `--save-dir` keeps every iteration's predicates, boolean program
//! and traces.

use crate::exit;
use crate::front::FrontArgs;
use cminus::ub::UbMode;
use std::path::{Path, PathBuf};
use std::time::Duration;

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub front: FrontArgs,
    /// The SLIC rule to check; without it, `reach_error()`/`__VERIFIER_error()`/`assert`.
    #[arg(long, value_name = "RULE.slic")]
    pub rule: Option<PathBuf>,
    /// Check that no statement labelled LABEL is reachable (the `unreach-label` property of
    /// older SV-COMP tasks) instead of `reach_error()`/`assert`, which then end the run.
    #[arg(long, value_name = "LABEL", conflicts_with = "rule")]
    pub error_label: Option<String>,
    /// Give up (UNKNOWN) after this many seconds.
    #[arg(long, value_name = "SECONDS", default_value_t = 300.0)]
    pub timeout: f64,
    /// Give up (UNKNOWN) when the process uses more memory than this.
    #[arg(long, value_name = "MiB", default_value_t = 4096)]
    pub memory_limit: u64,
    /// Give up (UNKNOWN) after this many refinement iterations.
    #[arg(long, value_name = "N", default_value_t = 100)]
    pub max_iterations: usize,
    /// The predicate abstraction: cartesian (cubes up to --cube-length) or boolean (exact).
    #[arg(long, value_enum, default_value_t = engine::Abstraction::Cartesian)]
    pub abstraction: engine::Abstraction,
    /// The longest cube the cartesian abstraction tries.
    #[arg(long, default_value_t = 3)]
    pub cube_length: usize,
    /// The model checker: bebop (BDDs, summaries) or explicit (explicit-state reference).
    #[arg(long, value_enum, default_value_t = engine::Checker::Bebop)]
    pub checker: engine::Checker,
    /// The refiner: newton (path simulation).
    #[arg(long, value_enum, default_value_t = engine::RefinerKind::Newton)]
    pub refiner: engine::RefinerKind,
    /// The engine: cegar (predicate abstraction and refinement), search (under-approximation
    /// search with refinement: finds deep bugs), portfolio (both in parallel, the first
    /// definite verdict wins) or structural (structural abstraction with loops unrolled
    /// --unroll times: replayed violations or UNKNOWN bounded) or portfolio-structural (the
    /// portfolio whose second thread tries structural first). Default: portfolio on a
    /// machine with 2 cores or more.
    #[arg(long, value_enum)]
    pub engine: Option<search::portfolio::EngineChoice>,
    /// The structural engine: how many times a loop body is analysed on a path (longer paths
    /// are cut; the check is bounded and never answers SAFE).
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=64))]
    pub unroll: u32,
    /// Where the search adds the predicates of a refinement: at the cut branch (local) or in
    /// its whole procedure (global).
    #[arg(long, value_enum, default_value_t = search::Refinement::Local)]
    pub refinement: search::Refinement,
    /// The longest a single prover query may take.
    #[arg(long, value_name = "SECONDS", default_value_t = 10.0)]
    pub query_timeout: f64,
    /// Output format: text, json, or svcomp (TRUE, FALSE(unreach-call), FALSE(unreach-label), UNKNOWN).
    #[arg(long, default_value = "text")]
    pub format: String,
    #[command(flatten)]
    pub reports: crate::outputs::ReportArgs,
    /// Save the predicates, boolean program and traces of every iteration in DIR.
    #[arg(long, value_name = "DIR")]
    pub save_dir: Option<PathBuf>,
    /// How a VIOLATION is confirmed: exec (also build the program with gcc -O0 and run it on
    /// the counterexample's inputs; a run that misses the error makes the answer UNKNOWN;
    /// slam's interpreter only, with the reason, when the program cannot be built), interp
    /// (slam's interpreter only) or none.
    #[arg(long, value_name = "none|interp|exec", default_value = "exec",
          value_parser = clap::builder::PossibleValuesParser::new(["none", "interp", "exec"]))]
    pub confirm: String,
    /// Why the `--undefined` mode was chosen, when a task file chose it.
    #[arg(skip)]
    pub undefined_why: Option<String>,
}

pub fn run(mut a: Args, verbose: u8) -> u8 {
    match check(&mut a, verbose) {
        Ok(code) | Err(code) => code,
    }
}

/// The whole of `slam check`; `Err` carries the exit code of a run that ends early (bad usage,
/// bad input, or an UNKNOWN known before the CEGAR loop starts).
fn check(a: &mut Args, verbose: u8) -> Result<u8, u8> {
    let json = match a.format.as_str() {
        "text" | "svcomp" => false,
        "json" => true,
        f => return Err(usage(&format!("unknown format `{f}` (text, json, svcomp)"))),
    };
    if let Err(e) = a.reports.check() {
        return Err(usage(&e));
    }
    apply_property_file(a)?;
    apply_task_file(a)?;
    if !(a.timeout > 0.0 && a.timeout.is_finite() && a.query_timeout > 0.0 && a.query_timeout.is_finite()) {
        return Err(usage("--timeout and --query-timeout take a positive number of seconds"));
    }
    let started = std::time::Instant::now();
    let mut ctx = report::Context {
        files: a.front.files.iter().map(|f| f.display().to_string()).collect(),
        rule: a.rule.as_ref().map(|r| r.display().to_string()),
        entry: a.front.entry.clone(),
        error_label: a.error_label.clone(),
        rule_info: report::RuleInfo::default(),
        confirmation: None,
        undefined: None,
        no_overflow: false,
    };
    let mode = a.front.undefined_mode();
    ctx.no_overflow = a.front.property.as_deref() == Some("no-overflow");
    ctx.undefined = Some(report::UndefinedMode {
        mode,
        why: a.undefined_why.clone().unwrap_or_else(|| match a.front.undefined {
            Some(_) => "--undefined".into(),
            None => "the default".into(),
        }),
    });
    // assume-none, lazily: a check in gcc's semantics whose answer does not go through
    // undefined behaviour is the answer (SAFE there is SAFE with fewer paths; a violation
    // without undefined behaviour is a path of both); only a violation through it is
    // checked again with the paths through undefined behaviour cut.
    //
    // The Horn engine alone reports no violation, so the check in gcc's semantics buys it
    // nothing: it proves in the task's semantics at once (any solution of the clauses in
    // gcc's semantics solves those with the paths through undefined behaviour cut, and the
    // cut paths give Spacer the bounds it needs: `x + y` does not wrap).
    let horn_alone = a.engine == Some(search::portfolio::EngineChoice::Horn);
    //
    // Nor does a program whose entry leaves pointers uninitialised that the code follows
    // (`cminus::indeterminate`): in gcc's semantics they point anywhere, and the paths through
    // them are the ones the task semantics reads differently.
    let lazy = mode == UbMode::AssumeNone && !horn_alone && !indeterminate_pointers(a);
    let first = if lazy { UbMode::Wrap } else { mode };
    let (mut prog, mut outcome, mut rule_ids_from, mut rule) = analyse(a, &mut ctx, started, json, first)?;
    if first != mode && through_undefined(&outcome) {
        (prog, outcome, rule_ids_from, rule) = analyse(a, &mut ctx, started, json, mode)?;
    }
    null_from_outside(&prog, &mut outcome, rule_ids_from);
    let rule_for_entry = rule.as_ref().map(|r| r.for_entry(&prog.entry));
    let req = exec::Request {
        includes: &a.front.include,
        defines: &a.front.define,
        ilp32: a.front.ilp32,
        rule_ids_from,
        rule: rule_for_entry.as_ref(),
        error_label: a.error_label.as_deref(),
        thread_roots: a.front.thread_roots,
        entry_mid_run: a.front.entry_mid_run,
        undefined: mode,
        ..exec::Request::new(&a.front.files, &prog)
    };
    let mode = exec::Mode::by_name(&a.confirm).unwrap_or(exec::Mode::Exec);
    ctx.confirmation = exec::confirm(&req, &outcome, mode);
    if let Some(c) = &ctx.confirmation {
        exec::apply(&mut outcome, c);
    }
    if let Some(dir) = &a.save_dir {
        save_outcome(dir, &prog, &outcome, &ctx);
    }
    if !crate::outputs::write_all(&a.reports, &prog, &outcome, &ctx) {
        return Err(exit::INPUT);
    }
    print_report(a, &prog, &outcome, &ctx, json, verbose);
    Ok(verdict_exit_code(&outcome))
}

/// A NULL dereference or a violation of a rule whose NULL comes from outside the code slam
/// checks — read from the object a pointer parameter of the entry points to (its caller
/// filled it: `fprintf(ctx->f, …)`), or returned by a function without a body that is not
/// documented to return NULL, or, for a NULL dereference in an entry other than `main`, a
/// pointer global's initial NULL that other code of the program sets or a NULL in a global's
/// unknown initial contents (one defined in another unit) — and that a valid
/// pointer in its place avoids
/// (`newton::null_from_outside`) is no violation of the code on its own: UNKNOWN
/// `null_from_outside`, saying where the NULL came from — unless the code tests that NULL
/// itself (`if (q->rear == NULL) return;`: a path it handles, whose mistakes are its own).
/// The program's own `reach_error()` and asserts keep the task's reading (SV-COMP's: a function without a body returns any
/// value, NULL too).
fn null_from_outside(prog: &cminus::Program, outcome: &mut engine::Outcome, rule_ids_from: Option<u32>) {
    if outcome.verdict != engine::Verdict::Violation {
        return;
    }
    let Some(cex) = &outcome.counterexample else { return };
    if rule_ids_from.is_none() && !cminus::guard::is_null_deref(&cex.message) {
        return;
    }
    let Some(source) = newton::null_from_outside(prog, cex, 2_000_000, rule_ids_from) else { return };
    let whence = match source {
        newton::OutsideNull::Param(i) => {
            let entry = prog.proc(&prog.entry);
            let param = entry.and_then(|p| p.formals.get(i)).map_or("?", |f| f.c_name.as_str());
            let entry = entry.map_or(prog.entry.as_str(), |p| p.name.as_str());
            format!(
                "a NULL read from the object the parameter `{param}` of `{entry}` points to, whose contents slam \
                 does not know (the caller fills them)"
            )
        }
        newton::OutsideNull::Global { global, setter } => format!(
            "the global `{global}` to be NULL, its initial value, which `{}` sets: `{}` may be called after it",
            cminus::names::c_function(&setter),
            prog.proc(&prog.entry).map_or(prog.entry.as_str(), |p| p.name.as_str())
        ),
        newton::OutsideNull::Initial => format!(
            "a NULL in the initial contents of a global whose value slam does not know (defined in another \
             unit): the code that sets it up may have run before `{}`",
            prog.proc(&prog.entry).map_or(prog.entry.as_str(), |p| p.name.as_str())
        ),
        newton::OutsideNull::Call { callee, line } => format!(
            "`{}` (called at line {line}) to return NULL: slam has no model of it, and no documentation it knows \
             of says it returns NULL",
            cminus::names::c_function(&callee)
        ),
    };
    outcome.detail = format!(
        "{}: the path needs {whence}; with a valid pointer there the run does not reach the error",
        cex.message.trim_end_matches('.')
    );
    outcome.verdict = engine::Verdict::Unknown;
    outcome.reason = engine::StopReason::NullFromOutside;
}

/// Lower, instrument and check the program with undefined arithmetic read as `undefined`:
/// the program, the outcome, the first statement id of the rule's instrumentation, the rule.
fn analyse(
    a: &Args,
    ctx: &mut report::Context,
    started: std::time::Instant,
    json: bool,
    undefined: UbMode,
) -> Result<(cminus::Program, engine::Outcome, Option<u32>, Option<slic::Rule>), u8> {
    let abstractor = a.abstraction.build(&engine::StrategyOptions { cube_length: a.cube_length });
    let checker = a.checker.build();
    let refiner = a.refiner.build();
    let mut front = a.front.clone();
    front.undefined = Some(undefined.name().into());
    let mut prog = lower_c(&front, ctx, started, json)?;
    // lowered in gcc's semantics first (the lazy assume-none): an engine that only proves may
    // prove in the semantics asked
    let asked = a.front.undefined_mode();
    if asked != undefined && !ctx.no_overflow {
        prog.answer_undefined = Some(asked);
    }
    let prog = match &a.error_label {
        None => prog,
        Some(label) => error_label(prog, label).map_err(|e| {
            eprintln!("error: {e}");
            exit::INPUT
        })?,
    };
    let rule_ids_from = a.rule.is_some().then_some(prog.next_id);
    let (prog, rule) = crate::front::instrument(&a.front, a.rule.as_deref(), prog)?;
    ctx.rule_info = crate::front::rule_info(a.rule.as_deref(), rule.as_ref(), &prog);
    let rule_preds = rule.as_ref().map(|r| slic::initial_predicates(r, &prog));
    let preds = engine::initial_predicates(&prog, rule_preds.as_deref());

    // (a second analysis has the rest of the time)
    let left = Duration::from_secs_f64(a.timeout).saturating_sub(started.elapsed()).max(Duration::from_millis(100));
    let search_opts = search::Options {
        time: Some(left),
        refinement: a.refinement,
        query_timeout: Duration::from_secs_f64(a.query_timeout),
        unroll: a.unroll as usize,
        ..search::Options::default()
    };
    let mut runner = engine::Runner::new(prog.clone())
        .with_predicates(preds.clone())
        .with_iteration_limit(a.max_iterations)
        .with_time_limit(Duration::from_secs_f64(a.timeout))
        .with_start(started)
        .with_memory_limit(a.memory_limit.saturating_mul(1 << 20))
        .with_query_timeout(Duration::from_secs_f64(a.query_timeout))
        .with_abstractor(abstractor)
        .with_checker(checker)
        .with_refiner(refiner)
        .with_oracle(Box::new(horn::PredicateSource::default()));
    if let Some(dir) = &a.save_dir {
        if let Err(e) = std::fs::create_dir_all(dir) {
            eprintln!("{}: error: cannot create: {e}", dir.display());
            return Err(exit::INPUT);
        }
        runner = runner.with_observer(save_observer(dir.clone(), prog.clone()));
    }
    let choice = a.engine.unwrap_or_else(search::portfolio::EngineChoice::default_for_machine);
    let outcome = search::portfolio::run(choice, runner, preds, search_opts);
    Ok((prog, outcome, rule_ids_from, rule))
}

/// Whether the outcome of the check in gcc's semantics may differ without the paths through
/// undefined behaviour: a violation whose replay went through it, or no answer (a replay
/// may have stopped at undefined behaviour the compiled program traps on).
/// Whether the entry of the program leaves pointer members uninitialised that the task
/// semantics gives a value (`cminus::indeterminate::members`); false when it does not lower
/// (the analysis reports why).
fn indeterminate_pointers(a: &Args) -> bool {
    cfront::lower_files(&a.front.files, &a.front.options())
        .is_ok_and(|p| !cminus::indeterminate::members(&p).is_empty())
}

fn through_undefined(o: &engine::Outcome) -> bool {
    match o.verdict {
        engine::Verdict::Violation => o.replay.as_ref().is_some_and(|r| r.undefined.is_some()),
        engine::Verdict::Unknown => {
            !matches!(o.reason, engine::StopReason::TimeLimit | engine::StopReason::MemoryLimit)
        }
        engine::Verdict::Safe => false,
    }
}

/// An SV-COMP property file: slam answers only the properties it checks, and the file decides
/// which errors count (`reach_error()`, or a label).
fn apply_property_file(a: &mut Args) -> Result<(), u8> {
    let Some(prp) = a.front.property.clone().filter(|p| cfront::Property::by_name(p).is_none()) else {
        return Ok(());
    };
    match crate::outputs::property_support(std::path::Path::new(&prp)) {
        // the file's property is unreach-call: only reach_error() is the error
        Ok(crate::outputs::PropertySupport::UnreachCall) => a.front.property = Some("unreach-call".into()),
        Ok(crate::outputs::PropertySupport::NoOverflow) => a.front.property = Some("no-overflow".into()),
        Ok(crate::outputs::PropertySupport::UnreachLabel(l)) if a.rule.is_none() => {
            a.front.property = None;
            a.error_label.get_or_insert(l);
        }
        Ok(crate::outputs::PropertySupport::UnreachLabel(_)) => {
            return Err(usage("--property: an unreach-label property with --rule"));
        }
        Ok(crate::outputs::PropertySupport::Unsupported(why)) => {
            println!("UNKNOWN\n# {why}");
            return Err(exit::UNKNOWN);
        }
        Err(e) => {
            eprintln!("error: {e}");
            return Err(exit::INPUT);
        }
    }
    Ok(())
}

/// An SV-COMP task file (task.yml) names the C files and the data model.
fn apply_task_file(a: &mut Args) -> Result<(), u8> {
    match crate::outputs::task_input(&a.front.files, a.front.property.as_deref()) {
        Ok(crate::outputs::TaskInput::None) => Ok(()),
        Ok(crate::outputs::TaskInput::Files { files, ilp32, no_overflow }) => {
            (a.front.files, a.front.ilp32) = (files, ilp32);
            // the task's property is unreach-call: only reach_error() is the error
            a.front.property.get_or_insert_with(|| "unreach-call".into());
            if a.front.undefined.is_none() && a.front.property.as_deref() == Some("unreach-call") {
                // SV-COMP labels unreach-call as if no overflow happened, unless the task
                // says its program overflows
                let (mode, why) = match no_overflow {
                    Some(Some(false)) => ("wrap", "the task file says its program overflows: no-overflow is false"),
                    _ => ("assume-none", "the task file does not say its program overflows, and SV-COMP labels unreach-call as if it did not"),
                };
                a.front.undefined = Some(mode.into());
                a.undefined_why = Some(why.into());
            }
            Ok(())
        }
        Ok(crate::outputs::TaskInput::Unsupported(why)) => {
            println!("UNKNOWN\n# {why}");
            Err(exit::UNKNOWN)
        }
        Err(e) => {
            eprintln!("error: {e}");
            Err(exit::INPUT)
        }
    }
}

/// Front end: C → C--. Unsupported C makes the answer UNKNOWN, other errors are input errors.
fn lower_c(
    front: &crate::front::FrontArgs,
    ctx: &report::Context,
    started: std::time::Instant,
    json: bool,
) -> Result<cminus::Program, u8> {
    cfront::lower_files(&front.files, &front.options())
        .map_err(|diags| {
            crate::front::print_diagnostics(&diags);
            if source::all_of_kind(&diags, source::DiagKind::Unsupported) {
                let d = &diags[0];
                let detail = format!("{}:{}:{}: {}", d.file, d.line, d.col, d.message);
                println!("{}", report::unsupported(ctx, &detail, started.elapsed().as_secs_f64(), json));
                return exit::UNKNOWN;
            }
            exit::INPUT
        })
        .inspect(crate::front::log_memory)
}

/// The report on standard output, in the format asked for.
fn print_report(
    a: &Args,
    prog: &cminus::Program,
    outcome: &engine::Outcome,
    ctx: &report::Context,
    json: bool,
    verbose: u8,
) {
    if a.format == "svcomp" {
        let property = match (&a.rule, &a.error_label) {
            (Some(_), _) => "rule",
            (None, Some(_)) => "unreach-label",
            (None, None) if a.front.property.as_deref() == Some("no-overflow") => "no-overflow",
            (None, None) => "unreach-call",
        };
        print!("{}", report::svcomp::render(outcome, property));
        if let Some(c) = &ctx.confirmation {
            // BenchExec's tool-info module reads it (a column `confirmation`).
            println!("# confirmation: {}", c.summary());
        }
    } else if json {
        println!("{}", report::json(prog, outcome, ctx, &crate::outputs::sources(prog)));
    } else {
        print!("{}", report::text(prog, outcome, ctx, &crate::outputs::sources(prog), verbose > 0));
    }
}

/// The exit code that says the verdict.
fn verdict_exit_code(outcome: &engine::Outcome) -> u8 {
    match outcome.verdict {
        engine::Verdict::Safe => exit::HOLDS,
        engine::Verdict::Violation => exit::VIOLATION,
        engine::Verdict::Unknown if outcome.reason == engine::StopReason::InternalError => exit::INTERNAL,
        engine::Verdict::Unknown => exit::UNKNOWN,
    }
}

/// The program for `--error-label LABEL`: each statement labelled LABEL becomes an error
/// statement (carrying the label) followed by the statement; the program's own errors
/// (`reach_error()`, a failing `assert`) end the run instead, as abort() would.
fn error_label(mut prog: cminus::Program, label: &str) -> Result<cminus::Program, String> {
    let mut found = false;
    for p in &mut prog.procs {
        let mut body = Vec::with_capacity(p.body.len() + 1);
        for mut st in std::mem::take(&mut p.body) {
            if let cminus::StmtKind::Error(_) = st.kind {
                st.kind = cminus::StmtKind::Halt;
            }
            if st.labels.iter().any(|l| l == label) {
                found = true;
                let err = cminus::Stmt {
                    id: st.id,
                    loc: st.loc,
                    labels: std::mem::take(&mut st.labels),
                    kind: cminus::StmtKind::Error(format!("label {label} reached")),
                };
                body.push(err);
            }
            body.push(st);
        }
        p.body = body;
    }
    if !found {
        return Err(format!("--error-label: no statement is labelled `{label}`"));
    }
    prog.renumber();
    Ok(prog)
}

fn usage(msg: &str) -> u8 {
    eprintln!("slam check: {msg}");
    exit::USAGE
}

/// Write each iteration's material: `iter-NN.preds` (the format of `slam abstract --preds`),
/// `iter-NN.bp`, `iter-NN.trace` (the boolean-program trace) and `iter-NN.path` (the C-- path).
fn save_observer(dir: PathBuf, prog: cminus::Program) -> engine::Observer {
    Box::new(move |art: &engine::Artifacts| {
        let n = art.iteration.index;
        let base = |ext: &str| dir.join(format!("iter-{n:02}.{ext}"));
        let mut preds = String::new();
        for p in art.predicates {
            preds.push_str(&p.line());
            preds.push('\n');
        }
        write(&base("preds"), &preds);
        write(&base("bp"), &bp::print(art.bprog));
        if let Some(t) = art.trace {
            let mut out = String::new();
            for s in &t.steps {
                let node = &art.cfg.nodes[s.node];
                let state: Vec<String> =
                    s.state.iter().map(|&(v, b)| format!("{}={}", art.cfg.var_name(v), u8::from(b))).collect();
                out.push_str(&format!(
                    "{}{} [{}] {}   {}\n",
                    "  ".repeat(s.depth),
                    art.cfg.procs[node.proc].name,
                    node.origin.map(|o| o.to_string()).unwrap_or_else(|| "-".into()),
                    node.text,
                    state.join(" ")
                ));
            }
            write(&base("trace"), &out);
        }
        if let Some(path) = art.path {
            let mut out = String::new();
            for (i, s) in path.iter().enumerate() {
                let (text, loc) = match prog.stmt_ref(s.stmt) {
                    Some(st) => (cminus::print::stmt_str(&st.kind), report::loc_str(&prog, st.loc)),
                    None => ("?".into(), "?".into()),
                };
                out.push_str(&format!("{i:4} {}[{}] {text}   ({loc})\n", "  ".repeat(s.depth), s.stmt.0));
            }
            write(&base("path"), &out);
        }
    })
}

fn save_outcome(dir: &Path, prog: &cminus::Program, outcome: &engine::Outcome, ctx: &report::Context) {
    write(
        &dir.join("outcome.json"),
        &format!("{}\n", report::json(prog, outcome, ctx, &crate::outputs::sources(prog))),
    );
    if let Some(proof) = &outcome.proof {
        write(&dir.join("proof.bp"), &bp::print(proof));
    }
}

fn write(path: &Path, text: &str) {
    if let Err(e) = std::fs::write(path, text) {
        eprintln!("{}: warning: cannot write: {e}", path.display());
    }
}
