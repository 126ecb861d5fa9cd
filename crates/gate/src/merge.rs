//! `slam merge a.sarif b.sarif … -o all.sarif`: the SARIF reports of several shards (or
//! several gate runs) as one: one run of slam with the union of the rules, the results
//! (duplicates, by fingerprint, once) and the notifications, and the counts added up.
//! Results and notifications come in the order of the unsharded run (the gate runs checks
//! in the order of their ids, and a shard takes every n-th).

use super::sarif;
use report::exit;
use serde_json::{json, Value};
use std::collections::HashSet;
use std::path::PathBuf;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// SARIF files written by `slam gate`.
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// Where to write the merged report (default: stdout).
    #[arg(short = 'o', long, value_name = "FILE")]
    pub output: Option<PathBuf>,
}

pub fn merge(logs: &[Value]) -> Value {
    let mut rules: Vec<Value> = vec![];
    let mut results: Vec<Value> = vec![];
    let mut notes: Vec<Value> = vec![];
    let mut seen: HashSet<String> = HashSet::new();
    let mut ok = true;
    let mut version = Value::Null;
    let mut counts = json!({ "checks": 0, "safe": 0, "violations": 0, "unknown": 0, "errors": 0 });
    let mut others: Vec<Value> = vec![];
    let mut bases = Value::Null;
    let mut duplicates: Vec<Value> = vec![];
    for log in logs {
        for run in log["runs"].as_array().into_iter().flatten() {
            if run["tool"]["driver"]["name"] != "slam" {
                others.push(run.clone());
                continue;
            }
            version = run["tool"]["driver"]["version"].clone();
            if bases.is_null() {
                bases = run["originalUriBaseIds"].clone();
            }
            let run_rules: Vec<Value> = run["tool"]["driver"]["rules"].as_array().cloned().unwrap_or_default();
            for r in &run_rules {
                if !rules.iter().any(|x| x["id"] == r["id"]) {
                    rules.push(r.clone());
                }
            }
            for res in run["results"].as_array().into_iter().flatten() {
                let fp = res["partialFingerprints"][sarif::FINGERPRINT].as_str().unwrap_or_default().to_string();
                let key = format!("{}|{}|{}", res["ruleId"], fp, res["properties"]["check"]);
                if !seen.insert(key) {
                    continue;
                }
                results.push(res.clone());
            }
            for inv in run["invocations"].as_array().into_iter().flatten() {
                ok &= inv["executionSuccessful"].as_bool().unwrap_or(true);
                notes.extend(inv["toolExecutionNotifications"].as_array().cloned().unwrap_or_default());
            }
            for d in run["properties"][sarif::DUPLICATES].as_array().into_iter().flatten() {
                if !duplicates.contains(d) {
                    duplicates.push(d.clone());
                }
            }
            for k in ["checks", "safe", "violations", "unknown", "errors"] {
                counts[k] = json!(counts[k].as_u64().unwrap_or(0) + run["properties"][k].as_u64().unwrap_or(0));
            }
        }
    }
    // The unsharded order: by check id (stable, so one check's results keep theirs).
    let check_of = |v: &Value| v["properties"]["check"].as_str().unwrap_or_default().to_string();
    results.sort_by_key(check_of);
    notes.sort_by_key(check_of);
    duplicates.sort_by_key(|d| d["check"].as_str().unwrap_or_default().to_string());
    if !duplicates.is_empty() {
        counts[sarif::DUPLICATES] = json!(duplicates);
    }
    for res in &mut results {
        if let Some(i) = rules.iter().position(|x| x["id"] == res["ruleId"]) {
            res["ruleIndex"] = json!(i);
        }
    }
    let mut invocation = json!({ "executionSuccessful": ok });
    if !notes.is_empty() {
        invocation["toolExecutionNotifications"] = json!(notes);
    }
    let mut runs = vec![json!({
        "tool": { "driver": {
            "name": "slam",
            "version": version,
            "rules": rules,
        }},
        "invocations": [invocation],
        "results": results,
        "properties": counts,
    })];
    if !bases.is_null() {
        runs[0]["originalUriBaseIds"] = bases;
    }
    runs.extend(others);
    json!({ "$schema": "https://json.schemastore.org/sarif-2.1.0.json", "version": "2.1.0", "runs": runs })
}

pub fn run(a: Args) -> u8 {
    let mut logs = vec![];
    for f in &a.files {
        match sarif::read(f) {
            Ok(v) => logs.push(v),
            Err(e) => {
                eprintln!("slam merge: error: {e}");
                return exit::INPUT;
            }
        }
    }
    let text = serde_json::to_string_pretty(&merge(&logs)).unwrap_or_default() + "\n";
    match &a.output {
        Some(o) => {
            if let Err(e) = std::fs::write(o, text) {
                eprintln!("slam merge: error: {}: cannot write: {e}", o.display());
                return exit::INPUT;
            }
        }
        None => print!("{text}"),
    }
    exit::HOLDS
}
