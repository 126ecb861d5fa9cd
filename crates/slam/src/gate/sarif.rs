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

fn physical(file: &str, line: u32, col: u32) -> Value {
    let mut region = json!({ "startLine": line.max(1) });
    if col >= 1 {
        region["startColumn"] = json!(col);
    }
    json!({ "artifactLocation": { "uri": file }, "region": region })
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

/// The SARIF log of a report. `with_baseline`: mark each result `new` or `unchanged`, and
/// leave the unchanged ones out (they are in the baseline already).
pub fn sarif(r: &Report, with_baseline: bool) -> Value {
    let rules: Vec<Value> = r
        .rules
        .iter()
        .map(|rule| {
            let mut v = json!({
                "id": rule.id,
                "name": rule.id,
                "shortDescription": { "text": rule.description },
                "defaultConfiguration": { "level": "error" },
            });
            if let Some(f) = &rule.file {
                v["properties"] = json!({ "file": f });
            }
            v
        })
        .collect();
    let mut results = vec![];
    let mut notes = vec![];
    for c in &r.checks {
        match c.result.verdict {
            Verdict::Violation => {
                if with_baseline && c.baseline.as_deref() == Some("unchanged") {
                    continue;
                }
                let Some(cex) = &c.result.counterexample else { continue };
                let last = cex.steps.last();
                let (file, line, col, function) = match (last, &cex.error) {
                    (Some(s), _) => (s.file.clone(), s.line, s.col, s.function.clone()),
                    (None, Some(e)) => (e.file.clone(), e.line, 0, e.function.clone()),
                    (None, None) => (c.file.clone(), 1, 0, c.entry.clone()),
                };
                let flow: Vec<Value> = cex
                    .steps
                    .iter()
                    .enumerate()
                    .map(|(i, s)| {
                        let mut loc = json!({
                            "location": {
                                "physicalLocation": physical(&s.file, s.line, s.col),
                                "message": { "text": step_message(s) },
                            },
                            "nestingLevel": s.depth,
                            "executionOrder": i + 1,
                        });
                        if i + 1 == cex.steps.len() {
                            loc["importance"] = json!("essential");
                        }
                        loc
                    })
                    .collect();
                let rule_index = r.rules.iter().position(|x| x.id == c.rule).unwrap_or(0);
                let mut res = json!({
                    "ruleId": c.rule,
                    "ruleIndex": rule_index,
                    "level": "error",
                    "kind": "fail",
                    "message": { "text": format!("{} (entry {})", cex.message, c.entry) },
                    "locations": [{
                        "physicalLocation": physical(&file, line, col),
                        "logicalLocations": [{ "name": function, "kind": "function" }],
                    }],
                    "codeFlows": [{
                        "message": { "text": format!("From {} to the violation", c.entry) },
                        "threadFlows": [{ "locations": flow }],
                    }],
                    "partialFingerprints": { FINGERPRINT: c.fingerprint.clone().unwrap_or_default() },
                    "properties": { "check": c.id, "entry": c.entry, "unit": c.file },
                });
                if let Some(b) = &c.baseline {
                    res["baselineState"] = json!(b);
                }
                results.push(res);
            }
            Verdict::Unknown | Verdict::Error => {
                let level = if c.result.verdict == Verdict::Error { "error" } else { "warning" };
                notes.push(json!({
                    "level": level,
                    "message": { "text": format!("{} {}: {} ({})", c.result.verdict.as_str(), c.id, c.result.detail.trim(), c.result.reason) },
                    "locations": [{ "physicalLocation": { "artifactLocation": { "uri": c.file } } }],
                    "properties": { "check": c.id, "reason": c.result.reason },
                }));
            }
            Verdict::Safe => {}
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
    json!({
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [run],
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
    }
    Ok(out)
}
