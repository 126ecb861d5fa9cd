//! Verification witnesses in the formats of SV-COMP, so that other tools can check a verdict:
//! format 2.0 (YAML; `violation_sequence` for VIOLATION, `invariant_set` for SAFE) and the
//! older GraphML 1.0 (violation and correctness witness automata).
//!
//! A violation witness is a sequence of waypoints taken from the counterexample: an
//! `assumption` after every nondeterministic value the trace needs (at the next statement
//! of the trace, as the format asks: a constraint holds *before* the statement at the
//! location), `function_enter`/`function_return` for each call of a defined function the trace
//! enters (at the call), and the `target`: the call of `reach_error()` (or the error statement).
//! Branching waypoints are not emitted: the lowering splits `&&`/`||` conditions into several
//! branches, and the assumptions already fix every nondeterministic choice.
//! A correctness witness holds the loop invariants read off the proof ([`engine::proof`]).

use cminus::{Expr, Loc, Program, StmtKind};
use engine::proof::Invariant;
use serde_yaml::{Mapping, Value};
use sha2::{Digest, Sha256};
use std::fmt::Write as _;

/// The verification task, as the witness's metadata names it.
#[derive(Clone, Debug)]
pub struct Task {
    /// The input files as given to slam (paths, as the locations use them).
    pub input_files: Vec<String>,
    /// SHA-256 of each input file (hex).
    pub hashes: Vec<String>,
    /// `ILP32` or `LP64`.
    pub data_model: String,
    /// The property, in SV-COMP's LTL form.
    pub specification: String,
}

pub const UNREACH_CALL: &str = "G ! call(reach_error())";
/// SV-COMP's no-overflow property.
pub const NO_OVERFLOW: &str = "G ! overflow";

pub fn sha256_hex(bytes: &[u8]) -> String {
    let d = Sha256::digest(bytes);
    d.iter().fold(String::new(), |mut s, b| {
        let _ = write!(s, "{b:02x}");
        s
    })
}

impl Task {
    /// The task of a program: the C files checked (not the headers slam adds, such as a
    /// rule's stub header), hashed from `sources` (aligned with `prog.files`), and the
    /// property: the SV-COMP one for `reach_error()`, else the SLIC rule's name.
    /// With `label` (`--error-label`), the property is `G ! label(L)`.
    pub fn with_label(prog: &Program, sources: &[Option<String>], rule: Option<&str>, label: Option<&str>) -> Task {
        let checked = checked_files(prog);
        Task {
            input_files: checked.iter().map(|&i| prog.files[i].clone()).collect(),
            hashes: checked
                .iter()
                .map(|&i| sha256_hex(sources.get(i).and_then(|s| s.as_deref()).unwrap_or("").as_bytes()))
                .collect(),
            data_model: match prog.data_model {
                cminus::DataModel::Ilp32 => "ILP32".into(),
                cminus::DataModel::Lp64 => "LP64".into(),
            },
            specification: match (rule, label) {
                (Some(r), _) => rule_specification(r),
                (None, Some(l)) => format!("G ! label({l})"),
                (None, None) => UNREACH_CALL.into(),
            },
        }
    }
}

/// The property of a rule check. It is not an SV-COMP specification (a rule violation is not
/// a call of `reach_error()`), so it names the rule instead of claiming one.
pub fn rule_specification(rule: &str) -> String {
    let name = std::path::Path::new(rule).file_stem().map(|s| s.to_string_lossy().into_owned());
    format!("SLIC rule {}", name.unwrap_or_else(|| rule.to_string()))
}

/// Indices (into `prog.files`) of the C files checked: the translation units, not headers.
pub fn checked_files(prog: &Program) -> Vec<usize> {
    let c: Vec<usize> = (0..prog.files.len())
        .filter(|&i| {
            let f = prog.files[i].to_ascii_lowercase();
            // slam's own models (the atexit model) are not input files
            (f.ends_with(".c") || f.ends_with(".i")) && !cminus::names::is_model_file(&prog.files[i])
        })
        .collect();
    if c.is_empty() && !prog.files.is_empty() {
        vec![0]
    } else {
        c
    }
}

/// Who made the witness and when.
#[derive(Clone, Debug)]
pub struct Meta {
    pub producer_version: String,
    /// ISO 8601, UTC.
    pub creation_time: String,
    pub uuid: String,
}

impl Meta {
    /// Now, with a fresh (random-looking, version 4 layout) UUID.
    pub fn now() -> Meta {
        let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap_or_default();
        let seed = format!("{}:{}:{}", now.as_nanos(), std::process::id(), line!());
        Meta {
            producer_version: env!("CARGO_PKG_VERSION").into(),
            creation_time: iso8601(now.as_secs()),
            uuid: uuid_from(seed.as_bytes()),
        }
    }
}

/// A UUID (version 4 layout) from a hash of `seed`.
pub fn uuid_from(seed: &[u8]) -> String {
    let mut b: [u8; 16] = Sha256::digest(seed)[..16].try_into().expect("16 bytes");
    b[6] = (b[6] & 0x0f) | 0x40;
    b[8] = (b[8] & 0x3f) | 0x80;
    let h: String = b.iter().map(|x| format!("{x:02x}")).collect();
    format!("{}-{}-{}-{}-{}", &h[0..8], &h[8..12], &h[12..16], &h[16..20], &h[20..32])
}

/// Seconds since the epoch as `YYYY-MM-DDTHH:MM:SSZ`.
pub fn iso8601(secs: u64) -> String {
    let days = (secs / 86_400) as i64;
    let rem = secs % 86_400;
    // Civil date from days (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}Z", rem / 3600, rem % 3600 / 60, rem % 60)
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WaypointKind {
    Assumption,
    FunctionEnter,
    FunctionReturn,
    Target,
}

impl WaypointKind {
    pub fn name(self) -> &'static str {
        match self {
            WaypointKind::Assumption => "assumption",
            WaypointKind::FunctionEnter => "function_enter",
            WaypointKind::FunctionReturn => "function_return",
            WaypointKind::Target => "target",
        }
    }
}

/// One waypoint of a violation witness.
#[derive(Clone, Debug, PartialEq)]
pub struct Waypoint {
    pub kind: WaypointKind,
    /// Where the waypoint is (for assumptions: the statement the constraint holds before).
    pub loc: Loc,
    /// The function containing `loc`.
    pub function: String,
    /// A C expression (`x == 3`, `\result == 0`), when the kind has one.
    pub constraint: Option<String>,
    /// The counterexample step the waypoint comes from.
    pub step: usize,
    /// The line of that step's statement (GraphML's `startline`).
    pub stmt_line: u32,
    /// The function called (function_enter/return).
    pub callee: Option<String>,
}

const ERROR_FUNCTIONS: [&str; 3] = ["reach_error", "__VERIFIER_error", "__assert_fail"];

/// A name the witness can use in a C expression.
fn c_expr_name(name: &str) -> bool {
    !name.is_empty()
        && !name.contains("::")
        && !name.contains('$')
        && !cminus::names::mentions_temp(name)
        && name.chars().all(|c| c.is_ascii_alphanumeric() || "_.->[]*()".contains(c))
}

/// A constraint's variable is the program's own: declared in a checked C file under its C
/// name (not a ghost variable slam adds, such as a rule's `slic_obj`, nor a renamed local).
fn user_variable(prog: &Program, proc: &str, name: &str, checked: &[usize]) -> bool {
    let root: String = name
        .chars()
        .skip_while(|c| *c == '*' || *c == '(')
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
        .collect();
    let var = prog.proc(proc).and_then(|p| p.var(&root)).or_else(|| prog.global(&root));
    var.is_some_and(|v| v.c_name == v.name && checked.contains(&(v.loc.file as usize)))
}

fn written(v: &newton::Value) -> Option<&str> {
    v.written.then_some(v.name.as_str())
}

/// The waypoints of a counterexample, in trace order, at the points validators match:
/// assumptions at a statement's start, calls at the `)` closing their arguments.
/// Only locations in the checked C files appear (not a rule's stub header).
pub fn waypoints(prog: &Program, cex: &newton::Counterexample, sources: &[Option<String>]) -> Vec<Waypoint> {
    let steps = &cex.steps;
    let mut w =
        Waypoints { prog, steps, pos: super::srcpos::Positions::new(sources), checked: checked_files(prog), target: 0 };
    // The target: the call of the error function, else the error statement; for a rule, the
    // last step in the checked files (the event that violates the rule).
    let mut target = steps.len().saturating_sub(1);
    while target > 0 && (ERROR_FUNCTIONS.contains(&steps[target].proc.as_str()) || !w.in_checked(steps[target].loc)) {
        target -= 1;
    }
    w.target = target;
    let mut out = Vec::new();
    let mut calls: Vec<(usize, String)> = Vec::new();
    for (k, s) in steps.iter().enumerate().take(target) {
        let kind = prog.stmt_ref(s.stmt).map(|st| &st.kind);
        // Returning from a call: the step after the callee's last step.
        if k > 0 && s.depth < steps[k - 1].depth {
            w.returns(k, &mut calls, &mut out);
        }
        if !w.in_checked(s.loc) {
            continue;
        }
        // A call of a defined function that the trace enters.
        if let Some(StmtKind::Call { callee, .. }) = kind {
            if k + 1 < steps.len() && steps[k + 1].depth > s.depth {
                w.enter(k, callee, &mut calls, &mut out);
                continue;
            }
        }
        // A nondeterministic value: constrain it before the next statement of the same frame.
        let nondet = match kind {
            Some(StmtKind::Assign(_, Expr::Nondet(_))) => true,
            Some(StmtKind::Call { ret: Some(_), callee, .. }) => prog.proc(callee).is_none(),
            _ => false,
        };
        if nondet {
            w.assumption(k, &mut out);
        }
    }
    if let Some(t) = steps.get(target) {
        out.push(Waypoint {
            kind: WaypointKind::Target,
            loc: w.pos.statement_start(t.loc),
            function: t.proc.clone(),
            constraint: None,
            step: target,
            stmt_line: t.loc.line,
            callee: None,
        });
    }
    // no waypoint in slam's own models (the atexit handler stack)
    out.retain(|w| prog.files.get(w.loc.file as usize).is_none_or(|f| !cminus::names::is_model_file(f)));
    out
}

/// What [`waypoints`] needs at every step: the trace, the source positions, the checked
/// files and the target step.
struct Waypoints<'a> {
    prog: &'a Program,
    steps: &'a [newton::CexStep],
    pos: super::srcpos::Positions<'a>,
    checked: Vec<usize>,
    target: usize,
}

impl Waypoints<'_> {
    fn in_checked(&self, l: Loc) -> bool {
        self.checked.contains(&(l.file as usize))
    }

    /// A defined function of the checked files (not a rule's handler or stub).
    fn user_fn(&self, name: &str) -> bool {
        self.prog.proc(name).is_some_and(|p| self.in_checked(p.loc))
    }

    /// At step `k`, back from calls: a return waypoint for each call made at this depth or
    /// deeper, which has returned.
    fn returns(&self, k: usize, calls: &mut Vec<(usize, String)>, out: &mut Vec<Waypoint>) {
        let steps = self.steps;
        let s = &steps[k];
        while calls.last().is_some_and(|&(ck, _)| steps[ck].depth >= s.depth) {
            let Some((ck, callee)) = calls.pop() else { break };
            let c = &steps[ck];
            // the format requires the constraint (`\result == v`, ACSL): a call whose result
            // the trace does not know (a void function, a result left unused) gets no waypoint
            let Some(result) = steps[ck].values.iter().find_map(|v| written(v).map(|_| v.value)) else { continue };
            let Some(loc) = self.pos.call_close(c.loc, &callee) else { continue };
            out.push(Waypoint {
                kind: WaypointKind::FunctionReturn,
                loc,
                function: c.proc.clone(),
                constraint: Some(format!("\\result == {result}")),
                step: k,
                stmt_line: c.loc.line,
                callee: Some(callee),
            });
        }
    }

    /// Step `k` calls `callee`, and the trace enters it: an enter waypoint at the `)`.
    fn enter(&self, k: usize, callee: &str, calls: &mut Vec<(usize, String)>, out: &mut Vec<Waypoint>) {
        let s = &self.steps[k];
        // A call whose `)` is not found in the text gets no waypoint (they are hints).
        if let Some(loc) = self.pos.call_close(s.loc, callee).filter(|_| self.user_fn(callee)) {
            out.push(Waypoint {
                kind: WaypointKind::FunctionEnter,
                loc,
                function: s.proc.clone(),
                constraint: None,
                step: k,
                stmt_line: s.loc.line,
                callee: Some(callee.to_string()),
            });
            calls.push((k, callee.to_string()));
        }
    }

    /// Step `k` makes a nondeterministic value: an assumption on the statement's writes (the
    /// value may pass through temporaries: `x = f()` is `__t1 = f(); x = __t1`), at the start
    /// of the next statement of the same frame: an assumption holds before the statement at
    /// its location.
    fn assumption(&self, k: usize, out: &mut Vec<Waypoint>) {
        let (steps, pos) = (self.steps, &self.pos);
        let s = &steps[k];
        let start = pos.statement_start(s.loc);
        let mut last: Vec<(String, i128)> = Vec::new();
        let mut at = None;
        for (j, t) in steps.iter().enumerate().take(self.target + 1).skip(k) {
            if t.depth < s.depth || (t.depth == s.depth && t.proc != s.proc) {
                break;
            }
            if t.depth > s.depth {
                continue;
            }
            let here = pos.statement_start(t.loc);
            if j > k && (here != start || !self.in_checked(t.loc)) {
                at = self.in_checked(t.loc).then_some(here);
                break;
            }
            for v in &t.values {
                if let Some(w) =
                    written(v).filter(|w| c_expr_name(w) && user_variable(self.prog, &s.proc, w, &self.checked))
                {
                    last.retain(|(n, _)| n != w);
                    last.push((w.to_string(), v.value));
                }
            }
        }
        let cons: Vec<String> = last.iter().map(|(w, v)| format!("{w} == {v}")).collect();
        // A second input of the same statement: the first one's assumption has it.
        let repeated = out.last().is_some_and(|w: &Waypoint| w.kind == WaypointKind::Assumption && Some(w.loc) == at);
        if let (Some(at), false, false) = (at, cons.is_empty(), repeated) {
            out.push(Waypoint {
                kind: WaypointKind::Assumption,
                loc: at,
                function: s.proc.clone(),
                constraint: Some(cons.join(" && ")),
                step: k,
                stmt_line: s.loc.line,
                callee: None,
            });
        }
    }
}

fn map(pairs: Vec<(&str, Value)>) -> Value {
    let mut m = Mapping::new();
    for (k, v) in pairs {
        m.insert(Value::String(k.into()), v);
    }
    Value::Mapping(m)
}

fn s(v: &str) -> Value {
    Value::String(v.into())
}

fn metadata(task: &Task, meta: &Meta) -> Value {
    let mut hashes = Mapping::new();
    for (f, h) in task.input_files.iter().zip(&task.hashes) {
        hashes.insert(s(f), s(h));
    }
    map(vec![
        ("format_version", s("2.0")),
        ("uuid", s(&meta.uuid)),
        ("creation_time", s(&meta.creation_time)),
        ("producer", map(vec![("name", s("slam")), ("version", s(&meta.producer_version))])),
        (
            "task",
            map(vec![
                ("input_files", Value::Sequence(task.input_files.iter().map(|f| s(f)).collect())),
                ("input_file_hashes", Value::Mapping(hashes)),
                ("specification", s(&task.specification)),
                ("data_model", s(&task.data_model)),
                ("language", s("C")),
            ]),
        ),
    ])
}

fn location(prog: &Program, loc: Loc, function: &str) -> Value {
    map(vec![
        ("file_name", s(super::file_name(prog, loc))),
        ("line", Value::Number(loc.line.into())),
        ("column", Value::Number(loc.col.max(1).into())),
        ("function", s(function)),
    ])
}

/// The document as YAML. `creation_time` is quoted: unquoted, YAML 1.1 loaders (PyYAML, the
/// validators') read a timestamp, and the schema wants a string.
fn yaml(doc: Value, meta: &Meta) -> String {
    let text = serde_yaml::to_string(&Value::Sequence(vec![doc])).unwrap_or_default();
    let plain = format!("creation_time: {}\n", meta.creation_time);
    let quoted = format!("creation_time: '{}'\n", meta.creation_time);
    format!("# A verification witness (format 2.0) made by slam.\n{}", text.replacen(&plain, &quoted, 1))
}

/// A violation witness, format 2.0.
pub fn yaml_violation(
    prog: &Program,
    cex: &newton::Counterexample,
    sources: &[Option<String>],
    task: &Task,
    meta: &Meta,
) -> String {
    let segments: Vec<Value> = waypoints(prog, cex, sources)
        .iter()
        .map(|w| {
            let mut wp = vec![
                ("type", s(w.kind.name())),
                ("action", s("follow")),
                ("location", location(prog, w.loc, &w.function)),
            ];
            if let Some(c) = &w.constraint {
                // a return's constraint is ACSL (`\result`), every other one a C expression
                let format = if w.kind == WaypointKind::FunctionReturn { "acsl" } else { "c_expression" };
                wp.push(("constraint", map(vec![("value", s(c)), ("format", s(format))])));
            }
            map(vec![("segment", Value::Sequence(vec![map(vec![("waypoint", map(wp))])]))])
        })
        .collect();
    yaml_entry("violation_sequence", segments, task, meta)
}

/// A correctness witness, format 2.0: an invariant set.
pub fn yaml_correctness(prog: &Program, invariants: &[Invariant], task: &Task, meta: &Meta) -> String {
    let content: Vec<Value> = invariants
        .iter()
        .map(|inv| {
            map(vec![(
                "invariant",
                map(vec![
                    ("type", s(if inv.loop_head { "loop_invariant" } else { "location_invariant" })),
                    ("location", location(prog, inv.loc, &inv.function)),
                    ("value", s(&inv.value)),
                    ("format", s("c_expression")),
                ]),
            )])
        })
        .collect();
    yaml_entry("invariant_set", content, task, meta)
}

/// A witness file of format 2.0: one entry of `entry_type` with its metadata and content.
fn yaml_entry(entry_type: &str, content: Vec<Value>, task: &Task, meta: &Meta) -> String {
    yaml(
        map(vec![
            ("entry_type", s(entry_type)),
            ("metadata", metadata(task, meta)),
            ("content", Value::Sequence(content)),
        ]),
        meta,
    )
}

fn xml(t: &str) -> String {
    super::html::esc(t)
}

const GRAPHML_KEYS: &[(&str, &str, &str, &str)] = &[
    ("witness-type", "graph", "string", ""),
    ("sourcecodelang", "graph", "string", ""),
    ("producer", "graph", "string", ""),
    ("specification", "graph", "string", ""),
    ("programfile", "graph", "string", ""),
    ("programhash", "graph", "string", ""),
    ("architecture", "graph", "string", ""),
    ("creationtime", "graph", "string", ""),
    ("entry", "node", "boolean", "false"),
    ("violation", "node", "boolean", "false"),
    ("invariant", "node", "string", ""),
    ("invariant.scope", "node", "string", ""),
    ("startline", "edge", "int", ""),
    ("control", "edge", "string", ""),
    ("assumption", "edge", "string", ""),
    ("assumption.scope", "edge", "string", ""),
    ("enterFunction", "edge", "string", ""),
    ("returnFromFunction", "edge", "string", ""),
    ("enterLoopHead", "edge", "boolean", "false"),
];

fn graphml(kind: &str, task: &Task, meta: &Meta, graph: &str) -> String {
    let mut out = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n\
         <graphml xmlns=\"http://graphml.graphdrawing.org/xmlns\" xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\">\n",
    );
    for (name, domain, ty, default) in GRAPHML_KEYS {
        let _ = write!(out, " <key attr.name=\"{name}\" attr.type=\"{ty}\" for=\"{domain}\" id=\"{name}\"");
        if default.is_empty() {
            out.push_str("/>\n");
        } else {
            let _ = writeln!(out, ">\n  <default>{default}</default>\n </key>");
        }
    }
    out.push_str(" <graph edgedefault=\"directed\">\n");
    let arch = if task.data_model == "ILP32" { "32bit" } else { "64bit" };
    let data = [
        ("witness-type", kind.to_string()),
        ("sourcecodelang", "C".into()),
        ("producer", format!("slam {}", meta.producer_version)),
        // SV-COMP's properties (unreach-call, unreach-label) in their CHECK form; a rule's
        // property as it is (not an LTL claim).
        (
            "specification",
            if task.specification.starts_with("G ! ") {
                format!("CHECK( init(main()), LTL({}) )", task.specification)
            } else {
                task.specification.clone()
            },
        ),
        ("programfile", task.input_files.first().cloned().unwrap_or_default()),
        ("programhash", task.hashes.first().cloned().unwrap_or_default()),
        ("architecture", arch.into()),
        ("creationtime", meta.creation_time.clone()),
    ];
    for (k, v) in data {
        let _ = writeln!(out, "  <data key=\"{k}\">{}</data>", xml(&v));
    }
    out.push_str(graph);
    out.push_str(" </graph>\n</graphml>\n");
    out
}

/// A violation witness, GraphML 1.0: a path automaton N0 → … → the violation node.
pub fn graphml_violation(
    prog: &Program,
    cex: &newton::Counterexample,
    sources: &[Option<String>],
    task: &Task,
    meta: &Meta,
) -> String {
    let wps = waypoints(prog, cex, sources);
    let mut g = String::from("  <node id=\"N0\">\n   <data key=\"entry\">true</data>\n  </node>\n");
    for (i, w) in wps.iter().enumerate() {
        let to = i + 1;
        if w.kind == WaypointKind::Target {
            let _ = writeln!(g, "  <node id=\"N{to}\">\n   <data key=\"violation\">true</data>\n  </node>");
        } else {
            let _ = writeln!(g, "  <node id=\"N{to}\"/>");
        }
        let _ = writeln!(g, "  <edge source=\"N{i}\" target=\"N{to}\">");
        let _ = writeln!(g, "   <data key=\"startline\">{}</data>", w.stmt_line);
        match w.kind {
            WaypointKind::Assumption => {
                // GraphML assumptions hold after the edge's statement: the nondet one.
                let c = w.constraint.as_deref().unwrap_or("1");
                let _ = writeln!(g, "   <data key=\"assumption\">{};</data>", xml(c));
                let _ = writeln!(g, "   <data key=\"assumption.scope\">{}</data>", xml(&w.function));
            }
            WaypointKind::FunctionEnter => {
                let _ = writeln!(g, "   <data key=\"enterFunction\">{}</data>", xml(w.callee.as_deref().unwrap_or("")));
            }
            WaypointKind::FunctionReturn => {
                let _ = writeln!(
                    g,
                    "   <data key=\"returnFromFunction\">{}</data>",
                    xml(w.callee.as_deref().unwrap_or(""))
                );
            }
            WaypointKind::Target => {}
        }
        g.push_str("  </edge>\n");
    }
    graphml("violation_witness", task, meta, &g)
}

/// A correctness witness, GraphML 1.0: the entry node and one node per invariant.
pub fn graphml_correctness(invariants: &[Invariant], task: &Task, meta: &Meta) -> String {
    let mut g = String::from("  <node id=\"N0\">\n   <data key=\"entry\">true</data>\n  </node>\n");
    for (i, inv) in invariants.iter().enumerate() {
        let id = i + 1;
        let _ = writeln!(
            g,
            "  <node id=\"N{id}\">\n   <data key=\"invariant\">{}</data>\n   <data key=\"invariant.scope\">{}</data>\n  </node>",
            xml(&inv.value),
            xml(&inv.function)
        );
        let _ = writeln!(
            g,
            "  <edge source=\"N0\" target=\"N{id}\">\n   <data key=\"startline\">{}</data>\n   <data key=\"enterLoopHead\">{}</data>\n  </edge>",
            inv.loc.line, inv.loop_head
        );
    }
    graphml("correctness_witness", task, meta, &g)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testdata;

    fn meta() -> Meta {
        Meta { producer_version: "0.1.0".into(), creation_time: iso8601(0), uuid: uuid_from(b"x") }
    }

    #[test]
    fn dates_and_uuids() {
        assert_eq!(iso8601(0), "1970-01-01T00:00:00Z");
        assert_eq!(iso8601(951_782_400 + 3661), "2000-02-29T01:01:01Z");
        let u = uuid_from(b"seed");
        assert_eq!(u.len(), 36);
        assert_eq!(&u[14..15], "4");
    }

    /// Temporaries are whole identifiers `__t<digits>`: a user's `x__total` can be named.
    #[test]
    fn user_names_with_double_underscores() {
        assert!(c_expr_name("x__total") && c_expr_name("s.x__t1"));
        assert!(!c_expr_name("__t3") && !c_expr_name("p->__t12") && !c_expr_name("f::x"));
    }

    #[test]
    fn waypoints_follow_the_trace() {
        let (prog, o, _, sources) = testdata::violation();
        let cex = o.counterexample.as_ref().unwrap();
        let w = waypoints(&prog, cex, &sources);
        let kinds: Vec<&str> = w.iter().map(|w| w.kind.name()).collect();
        assert_eq!(
            kinds,
            vec!["assumption", "function_enter", "function_return", "function_enter", "target"],
            "{w:#?}"
        );
        assert_eq!(w[0].constraint.as_deref(), Some("x == 3"));
        assert_eq!(w[2].constraint.as_deref(), Some("\\result == 4"));
        // Steps are in trace order, and the target is the error's line.
        assert!(w.windows(2).all(|p| p[0].step <= p[1].step));
        assert_eq!(w.last().unwrap().loc.line, 2);
    }

    #[test]
    fn yaml_is_a_list_with_metadata() {
        let (prog, o, _, sources) = testdata::violation();
        let task = Task::with_label(&prog, &sources, None, None);
        let text = yaml_violation(&prog, o.counterexample.as_ref().unwrap(), &sources, &task, &meta());
        // A string for every YAML loader: quoted, or YAML 1.1 reads a timestamp.
        assert!(text.contains("creation_time: '1970-01-01T00:00:00Z'"), "{text}");
        let v: serde_yaml::Value = serde_yaml::from_str(&text).unwrap();
        let e = &v[0];
        assert_eq!(e["entry_type"].as_str(), Some("violation_sequence"));
        assert_eq!(
            e["metadata"]["task"]["input_file_hashes"]["t.c"].as_str(),
            Some(sha256_hex(testdata::SOURCE.as_bytes()).as_str())
        );
        assert_eq!(e["content"][0]["segment"][0]["waypoint"]["constraint"]["value"].as_str(), Some("x == 3"));
        assert_eq!(e["content"][0]["segment"][0]["waypoint"]["constraint"]["format"].as_str(), Some("c_expression"));
        // a function_return waypoint always has its constraint, in ACSL
        let ret = e["content"][2]["segment"][0]["waypoint"].clone();
        assert_eq!(ret["type"].as_str(), Some("function_return"));
        assert_eq!(ret["constraint"]["value"].as_str(), Some("\\result == 4"));
        assert_eq!(ret["constraint"]["format"].as_str(), Some("acsl"));
    }
}
