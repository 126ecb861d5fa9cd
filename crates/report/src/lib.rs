//! Reports of `slam check`: text for people, JSON for programs (schema in docs/check-json.md).

pub mod diag;
pub mod exit;
pub mod html;
pub mod schema;
pub mod srcpos;
pub mod svcomp;
pub mod testcomp;
#[cfg(test)]
mod testdata;
pub mod witness;

use cminus::{Loc, Program};
use std::fmt::Write as _;

/// What was checked.
pub struct Context {
    pub files: Vec<String>,
    pub rule: Option<String>,
    pub entry: String,
    /// `--error-label`: the C label whose reachability is checked.
    pub error_label: Option<String>,
    /// What the reports say about the rule in words (empty without a rule).
    pub rule_info: RuleInfo,
    /// How a violation was confirmed (`slam check --confirm`; set after the check).
    pub confirmation: Option<schema::Confirmation>,
    /// What undefined arithmetic meant in the check, and why (`None`: not said).
    pub undefined: Option<UndefinedMode>,
    /// The property is SV-COMP's no-overflow (witnesses name `G ! overflow`).
    pub no_overflow: bool,
}

/// The `--undefined` mode of a check and why it was chosen (`--undefined`, the default, or
/// the task file).
#[derive(Clone, Debug)]
pub struct UndefinedMode {
    pub mode: cminus::ub::UbMode,
    pub why: String,
}

/// A rule in words, for people: its description and the meaning of the variables the product
/// construction adds (the caller, which read the rule, fills it in).
#[derive(Clone, Debug, Default)]
pub struct RuleInfo {
    /// The first sentence of the rule file's leading comment ([`rule_description`]).
    pub description: Option<String>,
    pub ghosts: Vec<Ghost>,
}

/// A variable of the rule in the instrumented program (`slic_s`, `slic_obj`).
#[derive(Clone, Debug)]
pub struct Ghost {
    /// Its name in the program (and so in traces).
    pub name: String,
    /// What it is, in words: "the rule's state `s`", "the spin lock the rule tracks".
    pub meaning: String,
    /// Names of its values (an enum state: `1` is `locked`).
    pub values: Vec<(i128, String)>,
}

impl RuleInfo {
    pub fn ghost(&self, name: &str) -> Option<&Ghost> {
        self.ghosts.iter().find(|g| g.name == name)
    }

    /// A value as people read it: a rule state by name (`locked (1)`), a number that looks
    /// like flags or a code (256 or more, or a power of two from 16) in hex as well
    /// (`2236419 (0x222003)`), else the number.
    pub fn show_value(&self, name: &str, v: i128) -> String {
        if let Some(n) = self.ghost(name).and_then(|g| g.values.iter().find(|(x, _)| *x == v)) {
            return format!("{} ({v})", n.1);
        }
        show_number(v)
    }
}

/// A number in decimal, and in hex too when it looks like flags or a code: 256 or more, or a
/// power of two from 16 on (IOCTL codes, masks).
pub fn show_number(v: i128) -> String {
    if v >= 256 || (v >= 16 && v.count_ones() == 1) {
        format!("{v} ({v:#x})")
    } else {
        v.to_string()
    }
}

/// What a check without a rule proves or refutes.
pub const UNREACH_CALL_DESCRIPTION: &str =
    "No call of reach_error() or __VERIFIER_error() and no failing assert() is reachable.";

/// The first sentence of a rule file's leading comment (`/* … */` or `//` lines): the rule's
/// description in reports.
pub fn rule_description(text: &str) -> Option<String> {
    let t = text.trim_start();
    let body = if let Some(r) = t.strip_prefix("/*") {
        r.split("*/").next()?.to_string()
    } else if t.starts_with("//") {
        t.lines()
            .take_while(|l| l.trim_start().starts_with("//"))
            .map(|l| l.trim_start()[2..].to_string())
            .collect::<Vec<_>>()
            .join("\n")
    } else {
        return None;
    };
    let words: Vec<&str> =
        body.lines().map(|l| l.trim().trim_start_matches('*').trim()).filter(|l| !l.is_empty()).collect();
    let joined = words.join(" ");
    let s = joined.split(". ").next().unwrap_or("").trim().trim_end_matches('.').to_string();
    (!s.is_empty()).then(|| format!("{s}."))
}

pub fn file_name(prog: &Program, loc: Loc) -> &str {
    prog.files.get(loc.file as usize).map(String::as_str).unwrap_or("?")
}

pub fn loc_str(prog: &Program, loc: Loc) -> String {
    format!("{}:{}", file_name(prog, loc), loc.line)
}

/// The texts of the program's files, aligned with `prog.files` (`None` where unreadable): the
/// renderers take source lines from here and never read files themselves.
struct Sources<'a>(&'a [Option<String>]);

impl Sources<'_> {
    fn line(&self, loc: Loc) -> String {
        self.0
            .get(loc.file as usize)
            .and_then(|t| t.as_deref())
            .and_then(|t| t.lines().nth((loc.line as usize).saturating_sub(1)))
            .map(|s| s.trim().to_string())
            .unwrap_or_default()
    }
}

pub use schema::{CexOut, ErrorPlace, StepOut, ValueOut};
use schema::{InputOut, JsonReport, UndefinedModeOut};

/// Temporaries of the front end say nothing to a reader.
pub(crate) use cminus::names::{is_temp, mentions_temp};

/// One row of the iteration table, as the text and HTML reports show it.
pub(crate) struct IterationRow {
    pub index: usize,
    pub predicates: usize,
    pub added: usize,
    pub bp_statements: usize,
    pub c2bp_queries: u64,
    pub c2bp_secs: f64,
    pub check_secs: f64,
    pub bdd_nodes: usize,
    /// The abstract trace's length, `-` when there was none.
    pub trace: String,
    pub newton_queries: u64,
    pub newton_secs: f64,
}

impl IterationRow {
    pub fn of(it: &engine::Iteration) -> IterationRow {
        let (newton_queries, newton_secs) =
            it.refinement.as_ref().map_or((0, 0.0), |r| (r.prover_queries, r.time_secs));
        IterationRow {
            index: it.index,
            predicates: it.predicates,
            added: it.added.len(),
            bp_statements: it.abstraction.size,
            c2bp_queries: it.abstraction.prover_queries,
            c2bp_secs: it.abstraction.time_secs,
            check_secs: it.model_check.time_secs,
            bdd_nodes: it.model_check.bdd_nodes,
            trace: it.trace_length.map(|t| t.to_string()).unwrap_or_else(|| "-".into()),
            newton_queries,
            newton_secs,
        }
    }
}

/// The predicates a person (or a tool reading the report) is shown: those over the
/// program's own expressions. Predicates over the front end's temporaries are counted, not
/// shown (`--save-dir` keeps them all).
pub fn shown_predicates(o: &engine::Outcome) -> (Vec<&engine::PredInfo>, usize) {
    let shown: Vec<&engine::PredInfo> = o.predicates.iter().filter(|p| !mentions_temp(&p.text)).collect();
    let hidden = o.predicates.len() - shown.len();
    (shown, hidden)
}

fn value_out(v: &newton::Value) -> ValueOut {
    ValueOut { name: v.name.clone(), value: v.value, written: v.written }
}

/// Every input of the run: the entry's parameters and the uninitialised globals it needs
/// (read, `written: false`), then each value a nondeterministic source produced
/// (`__VERIFIER_nondet_*()`, an external function's result), in trace order, named by the
/// program variable that receives it (a front-end temporary is followed to the variable it is
/// copied to), else by the source (`__VERIFIER_nondet_int()`).
pub(crate) fn inputs(prog: &Program, cex: &newton::Counterexample, sources: &[Option<String>]) -> Vec<ValueOut> {
    let mut out: Vec<ValueOut> = cex.inputs.iter().map(value_out).collect();
    let steps = &cex.steps;
    let src = Sources(sources);
    for (k, s) in steps.iter().enumerate() {
        let kind = prog.stmt_ref(s.stmt).map(|st| &st.kind);
        let source = match kind {
            Some(cminus::StmtKind::Call { callee, .. }) if prog.proc(callee).is_none() => format!("{callee}()"),
            _ => nondet_call(&src.line(s.loc)).unwrap_or_else(|| "nondet()".into()),
        };
        let direct = match kind {
            Some(cminus::StmtKind::Assign(_, cminus::Expr::Nondet(_))) => true,
            Some(cminus::StmtKind::Call { ret: Some(_), callee, .. }) => prog.proc(callee).is_none(),
            _ => false,
        };
        if !direct {
            // A nondeterministic value inside an expression (`if (nondet())`, `nondet() != 0`):
            // the value the source produced, named by the source.
            for &(_, _, value) in cex.oracle.iter().filter(|o| o.0 == k) {
                out.push(ValueOut { name: source.clone(), value, written: true });
            }
            continue;
        }
        // `x = nondet()`, `x = ext()`: the value written, named by the variable (a temporary
        // is followed to the variable it is copied to, in the same frame).
        for (name, value) in s.values.iter().filter(|v| v.written).map(|v| (v.name.as_str(), v.value)) {
            let name = if is_temp(name) {
                steps[k + 1..]
                    .iter()
                    .take_while(|x| x.depth >= s.depth)
                    .filter(|x| x.depth == s.depth && x.proc == s.proc)
                    .take(8)
                    .find(|x| x.values.iter().any(|r| !r.written && r.name == name && r.value == value))
                    .and_then(|x| {
                        x.values.iter().find_map(|w| {
                            (w.written && !is_temp(&w.name) && w.value == value).then_some(w.name.as_str())
                        })
                    })
                    .map(str::to_string)
                    .unwrap_or_else(|| source.clone())
            } else {
                name.to_string()
            };
            out.push(ValueOut { name, value, written: true });
        }
    }
    out
}

/// The nondeterministic function a source line calls (`__VERIFIER_nondet_int()`).
fn nondet_call(line: &str) -> Option<String> {
    let i = line.find("nondet")?;
    let b = line.as_bytes();
    let ident = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
    let start = b[..i].iter().rposition(|&c| !ident(c)).map_or(0, |p| p + 1);
    let end = i + b[i..].iter().position(|&c| !ident(c)).unwrap_or(b.len() - i);
    Some(format!("{}()", &line[start..end]))
}

/// The counterexample as the reports show it; `sources` are the program's file texts.
pub fn counterexample(
    prog: &Program,
    cex: &newton::Counterexample,
    replay: Option<&engine::ReplayCheck>,
    sources: &[Option<String>],
) -> CexOut {
    let src = Sources(sources);
    let ub = replay.and_then(|r| r.undefined.as_ref());
    let undefined = ub.and_then(|u| undefined_out(prog, u));
    // the step of the undefined operation: the statement's visit the replay counted
    let ub_step =
        ub.and_then(|u| cex.steps.iter().enumerate().filter(|(_, s)| s.stmt == u.stmt).nth(u.visit)).map(|(i, _)| i);
    let mut steps: Vec<StepOut> = Vec::new();
    for (i, s) in cex.steps.iter().enumerate() {
        let file = file_name(prog, s.loc).to_string();
        let values: Vec<ValueOut> = s.values.iter().map(value_out).filter(|v| !is_temp(&v.name)).collect();
        let at_ub = ub_step == Some(i);
        if let Some(last) = steps.last_mut() {
            if last.file == file && last.line == s.loc.line && last.function == s.proc && last.depth == s.depth {
                for v in values {
                    if !last.values.contains(&v) {
                        last.values.push(v);
                    }
                }
                last.undefined |= at_ub;
                continue;
            }
        }
        steps.push(StepOut {
            source: src.line(s.loc),
            file,
            line: s.loc.line,
            col: s.loc.col,
            function: s.proc.clone(),
            depth: s.depth,
            values,
            undefined: at_ub,
        });
    }
    let error = prog.stmt(cex.error_stmt).map(|(p, i)| {
        let st = &prog.procs[p].body[i];
        ErrorPlace {
            file: file_name(prog, st.loc).to_string(),
            line: st.loc.line,
            function: prog.procs[p].name.clone(),
        }
    });
    CexOut {
        message: cex.message.clone(),
        error,
        inputs: inputs(prog, cex, sources),
        steps,
        replay: replay.map(schema::Replay::from),
        undefined,
    }
}

/// The first undefined behaviour of a replay, for the reports.
fn undefined_out(prog: &Program, u: &cminus::ub::Undefined) -> Option<schema::UndefinedOut> {
    let (p, i) = prog.stmt(u.stmt)?;
    let st = &prog.procs[p].body[i];
    let file = file_name(prog, st.loc).to_string();
    let kind = serde_json::to_value(u.kind).ok()?.as_str()?.to_string();
    Some(schema::UndefinedOut {
        message: format!(
            "{} in `{}` at {file}:{} (undefined behaviour): from here on the result is what gcc -O0 computes",
            u.kind.describe(),
            u.what,
            st.loc.line
        ),
        kind,
        operation: u.what.clone(),
        file,
        line: st.loc.line,
        function: prog.procs[p].name.clone(),
    })
}

fn values_text(vs: &[ValueOut]) -> String {
    vs.iter()
        .map(|v| if v.written { format!("{} := {}", v.name, v.value) } else { format!("{} = {}", v.name, v.value) })
        .collect::<Vec<_>>()
        .join(", ")
}

fn reason_text(r: engine::StopReason) -> &'static str {
    use engine::StopReason as R;
    match r {
        R::Safe => "safe",
        R::Violation => "violation",
        R::NoNewPredicates => "no new predicates",
        R::IterationLimit => "iteration limit",
        R::TimeLimit => "time limit",
        R::MemoryLimit => "memory limit",
        R::Unsupported => "unsupported",
        R::Unknown => "undecided",
        R::InternalError => "internal error",
        R::Bounded => "bounded",
        R::NotConfirmed => "not confirmed by execution",
        R::NullFromOutside => "a NULL from outside the code checked",
    }
}

fn plural(n: usize, one: &str) -> String {
    if n == 1 {
        format!("{n} {one}")
    } else {
        format!("{n} {one}s")
    }
}

/// The text report.
pub fn text(prog: &Program, o: &engine::Outcome, ctx: &Context, sources: &[Option<String>], verbose: bool) -> String {
    let mut out = String::new();
    let what = match &ctx.rule {
        Some(r) => format!("rule {r}"),
        None => "reachability of error statements".to_string(),
    };
    let summary = match (&o.search, &o.structural) {
        // The structural engine: sites checked on bounded paths, calls inlined on demand.
        (_, Some(st)) => format!(
            "structural abstraction of {} ({} summarised, {}, {} dropped, loops unrolled {} times) ({:.2} s)",
            plural(st.sites, "error site"),
            plural(st.procedures_summarised, "procedure"),
            plural(st.inlinings, "inlining"),
            plural(st.dropped, "report"),
            st.unroll,
            o.time_secs
        ),
        // The search engine: runs of the interpreter, not CEGAR rounds.
        (Some(st), None) => format!(
            "{} of the under-approximation search with {} and {} ({:.2} s)",
            plural(st.runs, "run"),
            plural(o.predicates.len(), "predicate"),
            plural(st.refinements, "refinement"),
            o.time_secs
        ),
        // Decided before any round (no error statement the entry can reach): say why.
        (None, None) => format!(
            "{} with {} ({:.2} s)",
            plural(o.iterations.len(), "iteration"),
            plural(o.predicates.len(), "predicate"),
            o.time_secs
        ),
    };
    // Decided before any round (no error statement the entry can reach): the reason, not a proof.
    let safe_summary = if o.search.is_none() && o.structural.is_none() && o.iterations.is_empty() {
        format!("{} ({:.2} s)", o.detail, o.time_secs)
    } else {
        format!("proved in {summary}")
    };
    let mode_line = ctx
        .undefined
        .as_ref()
        .filter(|u| u.mode != cminus::ub::UbMode::Wrap || u.why != "the default")
        .map(|u| format!("Undefined arithmetic: {} ({}).\n", u.mode.name(), u.why));
    match o.verdict {
        engine::Verdict::Safe => {
            let summary = safe_summary;
            let _ = writeln!(out, "SAFE");
            let files = ctx.files.join(", ");
            match &ctx.rule {
                Some(r) => {
                    let _ = writeln!(out, "The rule {r} holds for {files}: {summary}.");
                }
                None => {
                    let _ = writeln!(out, "No error statement is reachable in {files}: {summary}.");
                }
            }
        }
        engine::Verdict::Violation => {
            let _ = writeln!(out, "VIOLATION: {}", o.detail);
            if let Some(cex) = &o.counterexample {
                let c = counterexample(prog, cex, o.replay.as_ref(), sources);
                out.push_str(&trace_text(&c));
            }
            let _ = writeln!(out, "Checked {} for {}: found in {summary}.", ctx.files.join(", "), what);
            if let Some(r) = &o.replay {
                if r.confirmed {
                    let _ = writeln!(out, "The concrete interpreter, given these values, reaches the same error.");
                } else {
                    let _ = writeln!(out, "Note: the concrete interpreter did not confirm this trace ({}).", r.outcome);
                }
            }
            if let Some(c) = &ctx.confirmation {
                let _ = writeln!(out, "Confirmation: {}.", c.summary());
                if let Some(u) = c.run.as_ref().and_then(|r| r.undefined.as_ref()) {
                    let _ = writeln!(out, "The compiled run's sanitizer reports undefined behaviour: {u}.");
                }
            }
        }
        engine::Verdict::Unknown => {
            let _ = writeln!(out, "UNKNOWN: {}", reason_text(o.reason));
            let _ = writeln!(out, "{}.", capitalise(&o.detail));
            if let (Some(c), Some(cex)) = (&ctx.confirmation, &o.counterexample) {
                // Not reproduced by execution: both runs, for a bug report.
                let _ = write!(out, "\nslam's interpreter:");
                out.push_str(&trace_text(&counterexample(prog, cex, o.replay.as_ref(), sources)));
                out.push_str(&exec_run_text(c));
            }
            let _ = writeln!(out, "Checked {} for {}: stopped after {summary}.", ctx.files.join(", "), what);
        }
    }
    if let Some(l) = mode_line {
        out.push_str(&l);
    }
    if verbose {
        out.push_str(&iterations_text(o));
    }
    out
}

/// What the executable did (a confirmation that ran it).
pub fn exec_run_text(c: &schema::Confirmation) -> String {
    let mut out = String::new();
    let Some(r) = &c.run else { return out };
    let how = [c.compiler.clone().unwrap_or_default(), c.flags.join(" ")].join(", ");
    let _ = writeln!(out, "The executable ({how}):");
    let inputs: Vec<String> = r.inputs.iter().map(|v| v.to_string()).collect();
    let _ = writeln!(out, "  inputs fed: {}", if inputs.is_empty() { "none".to_string() } else { inputs.join(", ") });
    let _ = writeln!(out, "  ended: {}", r.ended);
    if let Some(e) = &r.reached {
        let _ = writeln!(out, "  reached: {e}");
    }
    for (name, tail) in [("stdout", &r.stdout_tail), ("stderr", &r.stderr_tail)] {
        if !tail.trim().is_empty() {
            let _ = writeln!(out, "  {name} (last lines):");
            for l in tail.lines() {
                let _ = writeln!(out, "    {l}");
            }
        }
    }
    let _ = writeln!(out);
    out
}

fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}

pub fn trace_text(c: &CexOut) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "\nTrace (file:line, function, the C source indented by call depth, values):");
    let locs: Vec<String> = c.steps.iter().map(|s| format!("{}:{}", s.file, s.line)).collect();
    let lw = locs.iter().map(String::len).max().unwrap_or(0);
    let fw = c.steps.iter().map(|s| s.function.len()).max().unwrap_or(0);
    let n = c.steps.len();
    for (i, (s, l)) in c.steps.iter().zip(&locs).enumerate() {
        let mut src = format!("{}{}", "  ".repeat(s.depth), s.source);
        if src.chars().count() > 60 {
            src = src.chars().take(57).collect::<String>() + "...";
        }
        let vals = values_text(&s.values);
        let tail = if i + 1 == n {
            "   <-- the error".to_string()
        } else if s.undefined {
            "   <-- undefined behaviour".to_string()
        } else {
            String::new()
        };
        let line = if vals.is_empty() {
            format!("  {l:<lw$}  {:<fw$}  {src}{tail}", s.function)
        } else {
            format!("  {l:<lw$}  {:<fw$}  {src:<60}  {vals}{tail}", s.function)
        };
        let _ = writeln!(out, "{}", line.trim_end());
    }
    if !c.inputs.is_empty() {
        let _ = writeln!(out, "Inputs: {}", values_text(&c.inputs));
    }
    if let Some(u) = &c.undefined {
        let _ = writeln!(out, "Note: {}.", capitalise(&u.message));
    }
    let _ = writeln!(out);
    out
}

fn iterations_text(o: &engine::Outcome) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "\nStrategies: abstraction {}, checker {}, refiner {}; peak memory {:.0} MiB.",
        o.strategies.abstraction,
        o.strategies.checker,
        o.strategies.refiner,
        o.peak_rss_mib.unwrap_or(0.0)
    );
    let _ = writeln!(
        out,
        "{:>4} {:>6} {:>5} {:>8} {:>8} {:>8} {:>8} {:>9} {:>6} {:>8} {:>8}  result",
        "iter",
        "preds",
        "added",
        "bp-stmts",
        "c2bp-q",
        "c2bp-s",
        "check-s",
        "bdd-nodes",
        "trace",
        "newton-q",
        "newton-s"
    );
    for it in &o.iterations {
        let r = IterationRow::of(it);
        let result = match it.result {
            engine::IterationResult::Safe => "safe",
            engine::IterationResult::Feasible => "feasible",
            engine::IterationResult::Refined => "refined",
            engine::IterationResult::NoNewPredicates => "no new predicates",
            engine::IterationResult::Unknown => "unknown",
            engine::IterationResult::MorePrecise => "no new predicates: more precise abstraction",
            engine::IterationResult::Constrained => "no new predicates: constraints from the trace",
            engine::IterationResult::HornPredicates => "no new predicates: predicates from Horn clauses",
        };
        let _ = writeln!(
            out,
            "{:>4} {:>6} {:>5} {:>8} {:>8} {:>8.3} {:>8.3} {:>9} {:>6} {:>8} {:>8.3}  {result}",
            r.index,
            r.predicates,
            r.added,
            r.bp_statements,
            r.c2bp_queries,
            r.c2bp_secs,
            r.check_secs,
            r.bdd_nodes,
            r.trace,
            r.newton_queries,
            r.newton_secs
        );
    }
    let initial: Vec<&engine::PredInfo> =
        o.predicates.iter().filter(|p| p.added_in == 0 && !mentions_temp(&p.text)).collect();
    let _ = writeln!(out, "Initial predicates ({}):", initial.len());
    for p in initial {
        let _ = writeln!(out, "  {}", p.line());
    }
    for it in &o.iterations {
        let added: Vec<_> = it.added.iter().filter(|p| !mentions_temp(&p.text)).collect();
        if !added.is_empty() {
            let _ = writeln!(out, "Added in iteration {}:", it.index);
            for p in added {
                let _ = writeln!(out, "  {}", p.line());
            }
        }
    }
    for it in &o.iterations {
        if let Some(or) = &it.oracle {
            let _ = writeln!(
                out,
                "Predicates from {} (iteration {}): {} new of {} offered in {:.2} s; {}",
                or.source, it.index, or.added, or.offered, or.time_secs, or.note
            );
        }
    }
    let hidden = shown_predicates(o).1;
    if hidden > 0 {
        let _ = writeln!(out, "({hidden} more over the front end's temporaries; --save-dir lists them)");
    }
    out
}

/// The JSON report (docs/check-json.md).
pub fn json(prog: &Program, o: &engine::Outcome, ctx: &Context, sources: &[Option<String>]) -> String {
    let r = JsonReport {
        version: 1,
        verdict: o.verdict,
        reason: o.reason,
        detail: &o.detail,
        input: InputOut { files: &ctx.files, rule: ctx.rule.as_deref(), entry: &ctx.entry },
        strategies: Some(&o.strategies),
        engine: Some(o.engine),
        search: o.search.as_ref(),
        structural: o.structural.as_ref(),
        iterations: o.iterations.len(),
        predicates: shown_predicates(o).0,
        internal_predicates: shown_predicates(o).1,
        time_secs: o.time_secs,
        peak_rss_mib: o.peak_rss_mib,
        counterexample: o.counterexample.as_ref().map(|c| counterexample(prog, c, o.replay.as_ref(), sources)),
        confirmation: ctx.confirmation.as_ref(),
        undefined: ctx.undefined.as_ref().map(|u| UndefinedModeOut { mode: u.mode, why: &u.why }),
        iteration_stats: &o.iterations,
    };
    // Each iteration's added predicates as the report shows them (none over temporaries).
    let mut v = match serde_json::to_value(&r) {
        Ok(v) => v,
        Err(e) => return format!("{{\"error\": \"{e}\"}}"),
    };
    for it in v["iteration_stats"].as_array_mut().into_iter().flatten() {
        if let Some(added) = it["added"].as_array_mut() {
            added.retain(|p| !p["text"].as_str().is_some_and(mentions_temp));
        }
    }
    serde_json::to_string_pretty(&v).unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"))
}

/// The report when the front end rejects the program as unsupported (the verdict is
/// UNKNOWN): the JSON report or the text.
pub fn unsupported(ctx: &Context, detail: &str, secs: f64, json: bool) -> String {
    if json {
        let r = JsonReport {
            version: 1,
            verdict: engine::Verdict::Unknown,
            reason: engine::StopReason::Unsupported,
            detail,
            input: InputOut { files: &ctx.files, rule: ctx.rule.as_deref(), entry: &ctx.entry },
            strategies: None,
            engine: None,
            search: None,
            structural: None,
            iterations: 0,
            predicates: Vec::new(),
            internal_predicates: 0,
            time_secs: secs,
            peak_rss_mib: None,
            counterexample: None,
            confirmation: None,
            undefined: None,
            iteration_stats: &[],
        };
        serde_json::to_string_pretty(&r).unwrap_or_default()
    } else {
        format!("UNKNOWN: unsupported\nThe program uses C that slam does not support: {detail}")
    }
}

#[cfg(test)]
mod words_tests {
    use super::*;

    #[test]
    fn numbers_that_look_like_codes_are_also_hex() {
        assert_eq!(show_number(7), "7");
        assert_eq!(show_number(100), "100");
        assert_eq!(show_number(-300), "-300");
        assert_eq!(show_number(64), "64 (0x40)");
        assert_eq!(show_number(2_236_419), "2236419 (0x222003)");
        let info = RuleInfo {
            description: None,
            ghosts: vec![Ghost { name: "slic_s".into(), meaning: "m".into(), values: vec![(1, "locked".into())] }],
        };
        assert_eq!(info.show_value("slic_s", 1), "locked (1)");
        assert_eq!(info.show_value("slic_s", 2), "2");
        assert_eq!(info.show_value("x", 256), "256 (0x100)");
    }

    #[test]
    fn rule_descriptions_are_the_first_sentence_of_the_leading_comment() {
        assert_eq!(
            rule_description("/*\n * Locks alternate. More text.\n */\nstate {}").as_deref(),
            Some("Locks alternate.")
        );
        assert_eq!(rule_description("// One\n// line. Two\nx").as_deref(), Some("One line."));
        assert_eq!(rule_description("state {}"), None);
    }
}
