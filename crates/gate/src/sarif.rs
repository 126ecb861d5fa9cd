//! SARIF 2.1.0: one result per violation (rule id and message, the location of the violating
//! call, the trace as a code flow, a fingerprint that does not depend on lines), UNKNOWN and
//! ERROR checks as tool execution notifications. `tests/fixtures/sarif-2.1.0-subset.schema.json`
//! describes (and a test validates) the part of SARIF 2.1.0 written here.

use super::results::{Step, Verdict};
use super::Report;
use serde_json::{json, Value};
use std::collections::HashSet;
use std::path::Path;

pub const FINGERPRINT: &str = "slam/v1";

/// Run property: findings left out because another rule's check reports them (check id,
/// fingerprint, the rule that reports it).
pub const DUPLICATES: &str = "duplicates";

/// The base that result paths are relative to: the project's directory (where `slam.toml`
/// is). `originalUriBaseIds` says where it is in the repository, so that a project in a
/// subfolder still links to its files.
pub const PROJECT_ROOT: &str = "PROJECTROOT";

/// Where files are: a path relative to the project becomes relative to the repository root
/// when the project is in one (code scanning resolves those against its checkout), else it
/// keeps the project's base id.
struct Paths<'a> {
    /// The project's directory relative to the repository root (`""` at the root).
    in_repo: Option<&'a str>,
}

impl Paths<'_> {
    fn artifact(&self, file: &str) -> Value {
        if Path::new(file).is_absolute() {
            return json!({ "uri": file_uri(file) });
        }
        match self.in_repo {
            Some("") => json!({ "uri": uri_escape(file) }),
            Some(dir) => json!({ "uri": uri_escape(&format!("{dir}/{file}")) }),
            None => json!({ "uri": uri_escape(file), "uriBaseId": PROJECT_ROOT }),
        }
    }

    fn physical(&self, file: &str, line: u32, col: u32) -> Value {
        let mut region = json!({ "startLine": line.max(1) });
        if col >= 1 {
            region["startColumn"] = json!(col);
        }
        json!({ "artifactLocation": self.artifact(file), "region": region })
    }
}

/// A path as a URI reference (`/` separators, spaces and `%` escaped).
fn uri_escape(path: &str) -> String {
    path.replace('\\', "/").replace('%', "%25").replace(' ', "%20").replace('#', "%23")
}

fn file_uri(path: &str) -> String {
    format!("file://{}", uri_escape(path))
}

/// The error a message names first (`path:line:col: …` or `path:line: …`): the file, line
/// and column. Paths are as the checks report them (relative to the project).
fn message_place(text: &str) -> Option<(String, u32, u32)> {
    for word in text.split_whitespace() {
        let mut parts = word.split(':');
        let (Some(file), Some(line)) = (parts.next(), parts.next()) else { continue };
        let Ok(line) = line.parse::<u32>() else { continue };
        let col = parts.next().and_then(|c| c.parse::<u32>().ok()).unwrap_or(0);
        if !file.is_empty() && line >= 1 && file.contains('.') {
            return Some((file.to_string(), line, col));
        }
    }
    None
}

/// `true` when a rule check's counterexample ends in the program's own error
/// (`reach_error()`, `__VERIFIER_error()`, a failing `assert`: the front end's messages), not
/// in the rule's `abort`: the finding is the `reach_error` rule's.
fn program_error(c: &super::Check) -> bool {
    let Some(cex) = &c.result.counterexample else { return false };
    let m = cex.message.as_str();
    c.rule != super::config::REACH_ERROR
        && (m == "reach_error"
            || m == "__VERIFIER_error"
            || m == "assertion failed"
            || m.starts_with("assertion failed: "))
}

fn step_message(s: &Step) -> String {
    let vals: Vec<String> = s
        .values
        .iter()
        .map(|v| if v.written { format!("{} := {}", v.name, v.value) } else { format!("{} = {}", v.name, v.value) })
        .collect();
    let src = if s.source.is_empty() { format!("in {}", s.function) } else { s.source.clone() };
    if vals.is_empty() {
        src
    } else {
        format!("{src}   [{}]", vals.join(", "))
    }
}

fn rule_json(rule: &super::RuleInfo) -> Value {
    let help = match &rule.file {
        Some(f) => format!(
            "{} slam checks the SLIC rule in {f} from every entry point of every unit: a result is a path from the entry to the call that breaks the rule, shown step by step in its code flow.",
            rule.description
        ),
        None => format!(
            "{} slam checks every entry point of every unit: a result is a path from the entry to the error, shown step by step in its code flow.",
            rule.description
        ),
    };
    let mut v = json!({
        "id": rule.id,
        "name": rule.id,
        "shortDescription": { "text": rule.description },
        "fullDescription": { "text": rule.description },
        "help": { "text": help },
        "defaultConfiguration": { "level": "error" },
    });
    if let Some(f) = &rule.file {
        v["properties"] = json!({ "file": f });
    }
    v
}

/// The SARIF log of a report. `with_baseline`: mark each result `new` or `unchanged`, and
/// leave the unchanged ones out (they are in the baseline already).
pub fn sarif(r: &Report, with_baseline: bool) -> Value {
    let paths = Paths { in_repo: r.repo_path.as_deref() };
    let mut rules: Vec<Value> = r.rules.iter().map(rule_json).collect();
    let mut results = vec![];
    let mut notes = vec![];
    let mut duplicates: Vec<Value> = vec![];
    let groups = super::output::reason_groups(&r.checks);
    for (i, c) in r.checks.iter().enumerate() {
        match c.result.verdict {
            Verdict::Violation => {
                let Some(cex) = &c.result.counterexample else { continue };
                // The program's own error found by a rule check: the reach_error checks
                // report it when that rule is checked (in this shard or another), else it
                // is reported here under reach_error. The skipped fingerprint is kept in
                // the run's properties, so that this log as a baseline still knows it.
                let own = program_error(c);
                if own && r.rules.iter().any(|x| x.id == super::config::REACH_ERROR) {
                    duplicates.push(json!({
                        "check": c.id,
                        "fingerprint": c.fingerprint.clone().unwrap_or_default(),
                        "reportedBy": super::config::REACH_ERROR,
                    }));
                    continue;
                }
                if with_baseline && c.baseline.as_deref() == Some("unchanged") {
                    continue;
                }
                let rule_id = if own { super::config::REACH_ERROR.to_string() } else { c.rule.clone() };
                results.push(violation_result(&paths, c, cex, rule_id, &mut rules));
            }
            // One notification per unit and reason, naming every check it covers.
            Verdict::Unknown | Verdict::Error => {
                if let Some(group) = groups.get(&i) {
                    let same: Vec<&super::Check> = group.iter().map(|&j| &r.checks[j]).collect();
                    notes.push(notification(&paths, &same));
                }
            }
            // a lock wrapper: said as a note, so that code scanning shows why it is no result
            Verdict::Safe => {
                if let Some(w) = c.wrapper.as_ref().filter(|w| w.judged) {
                    notes.push(json!({
                        "level": "note",
                        "message": { "text": format!("{}: {}", c.id, w.reason) },
                        "locations": [{ "physicalLocation": {
                            "artifactLocation": paths.artifact(&c.file), "region": { "startLine": 1 },
                        }}],
                        "properties": { "check": c.id, "checks": [c.id], "reason": "wrapper", "wrapper": w.kind },
                    }));
                }
            }
        }
    }
    let mut invocation = json!({ "executionSuccessful": r.stats.errors == 0 });
    if !notes.is_empty() {
        invocation["toolExecutionNotifications"] = json!(notes);
    }
    let mut run = json!({
        "tool": { "driver": {
            "name": "slam",
            "version": r.slam_version,
            "rules": rules,
        }},
        "invocations": [invocation],
        "results": results,
        "properties": {
            "checks": r.stats.checks,
            "safe": r.stats.safe,
            "violations": r.stats.violations,
            "unknown": r.stats.unknown,
            "errors": r.stats.errors,
        },
    });
    if let Some(s) = &r.shard {
        run["properties"]["shard"] = json!(s);
    }
    if !duplicates.is_empty() {
        run["properties"][DUPLICATES] = json!(duplicates);
    }
    if r.repo_path.is_none() {
        run["originalUriBaseIds"] = json!({ PROJECT_ROOT: {
            "description": { "text": "The directory of the project (where slam.toml is)." },
        }});
    }
    json!({
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [run],
    })
}

/// The result for a violation under `rule_id`: located at the last step of the trace (else
/// the error, else the unit), with the trace as its code flow. A rule the run does not list
/// yet (reach_error, for the program's own error) is added to `rules`.
fn violation_result(
    paths: &Paths,
    c: &super::Check,
    cex: &super::results::Counterexample,
    rule_id: String,
    rules: &mut Vec<Value>,
) -> Value {
    let (file, line, col, function) = match (cex.steps.last(), &cex.error) {
        (Some(s), _) => (s.file.clone(), s.line, s.col, s.function.clone()),
        (None, Some(e)) => (e.file.clone(), e.line, 0, e.function.clone()),
        (None, None) => (c.file.clone(), 1, 0, c.entry.clone()),
    };
    let rule_index = match rules.iter().position(|x| x["id"] == rule_id.as_str()) {
        Some(i) => i,
        None => {
            rules.push(rule_json(&super::reach_error_rule()));
            rules.len() - 1
        }
    };
    let mut res = json!({
        "ruleId": rule_id,
        "ruleIndex": rule_index,
        "level": "error",
        "kind": "fail",
        "message": { "text": match &cex.undefined {
            // the path goes through undefined behaviour: say where, with the message
            Some(u) => format!("{} (entry {}); note: {}", cex.message, c.entry, u.message),
            None => format!("{} (entry {})", cex.message, c.entry),
        } },
        "locations": [{
            "physicalLocation": paths.physical(&file, line, col),
            "logicalLocations": [{ "name": function, "kind": "function" }],
        }],
        "codeFlows": [{
            "message": { "text": format!("From {} to the violation", c.entry) },
            "threadFlows": [{ "locations": thread_flow(paths, &cex.steps) }],
        }],
        "partialFingerprints": { FINGERPRINT: c.fingerprint.clone().unwrap_or_default() },
        "properties": {
            "check": c.id, "entry": c.entry, "unit": c.file, "mode": c.mode, "entryReason": c.entry_reason,
            "wrapper": c.wrapper.as_ref().map(|w| json!({ "judged": w.judged, "reason": w.reason })),
            "confirmation": c.result.confirmation.as_ref().map(|x| json!({
                "status": x.status, "summary": x.summary(), "compiler": x.compiler, "reason": x.reason,
            })),
        },
    });
    if let Some(b) = &c.baseline {
        res["baselineState"] = json!(b);
    }
    res
}

/// The trace as thread-flow locations, one per step; the last (the violation) is essential.
fn thread_flow(paths: &Paths, steps: &[Step]) -> Vec<Value> {
    steps
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let mut loc = json!({
                "location": {
                    "physicalLocation": paths.physical(&s.file, s.line, s.col),
                    "message": { "text": step_message(s) },
                },
                "nestingLevel": s.depth,
                "executionOrder": i + 1,
            });
            if i + 1 == steps.len() || s.undefined {
                loc["importance"] = json!("essential");
            }
            if s.undefined {
                loc["kinds"] = json!(["undefined behaviour"]);
            }
            loc
        })
        .collect()
}

/// An UNKNOWN or ERROR check as a tool execution notification.
fn notification(paths: &Paths, same: &[&super::Check]) -> Value {
    let c = same[0];
    let level = if c.result.verdict == Verdict::Error { "error" } else { "warning" };
    // The place the message names (an input error's file:line:col), else the unit.
    let physical = match message_place(&c.result.detail) {
        Some((f, l, col)) => paths.physical(&f, l, col),
        None => json!({ "artifactLocation": paths.artifact(&c.file), "region": { "startLine": 1 } }),
    };
    let which = if same.len() == 1 {
        c.id.clone()
    } else {
        format!("{} ({})", c.file, super::output::checks_named(same.iter().copied()))
    };
    let ids: Vec<&str> = same.iter().map(|x| x.id.as_str()).collect();
    json!({
        "level": level,
        "message": { "text": format!("{} {which}: {} ({})", c.result.verdict.as_str(), c.result.detail.trim(), c.result.reason) },
        "locations": [{ "physicalLocation": physical }],
        "properties": {
            "check": c.id, "checks": ids, "reason": c.result.reason,
            "confirmation": c.result.confirmation.as_ref().map(|x| json!({
                "status": x.status, "summary": x.summary(), "compiler": x.compiler, "reason": x.reason, "run": x.run,
            })),
        },
    })
}

/// Read a SARIF file (for `--baseline` and `slam merge`).
pub fn read(path: &Path) -> Result<Value, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let v: Value = serde_json::from_str(&text)
        .map_err(|e| format!("{}:{}:{}: not a SARIF file: {e}", path.display(), e.line(), e.column()))?;
    if v.get("version").and_then(Value::as_str) != Some("2.1.0") || !v.get("runs").is_some_and(Value::is_array) {
        return Err(format!("{}: not a SARIF 2.1.0 log (no \"version\": \"2.1.0\" and \"runs\")", path.display()));
    }
    Ok(v)
}

/// The slam fingerprints of every result in a SARIF file.
pub fn fingerprints(path: &Path) -> Result<HashSet<String>, String> {
    let v = read(path)?;
    let mut out = HashSet::new();
    for run in v["runs"].as_array().into_iter().flatten() {
        for res in run["results"].as_array().into_iter().flatten() {
            if let Some(f) = res["partialFingerprints"][FINGERPRINT].as_str() {
                out.insert(f.to_string());
            }
        }
        for d in run["properties"][DUPLICATES].as_array().into_iter().flatten() {
            if let Some(f) = d["fingerprint"].as_str() {
                out.insert(f.to_string());
            }
        }
    }
    Ok(out)
}
