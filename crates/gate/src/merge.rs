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
    let mut m = Merged {
        rules: vec![],
        results: vec![],
        notes: vec![],
        seen: HashSet::new(),
        ok: true,
        version: Value::Null,
        counts: json!({ "checks": 0, "safe": 0, "violations": 0, "unknown": 0, "errors": 0 }),
        others: vec![],
        bases: Value::Null,
        duplicates: vec![],
    };
    for log in logs {
        for run in log["runs"].as_array().into_iter().flatten() {
            if run["tool"]["driver"]["name"] != "slam" {
                m.others.push(run.clone());
                continue;
            }
            m.add_run(run);
        }
    }
    m.finish()
}

/// The merged report so far.
struct Merged {
    rules: Vec<Value>,
    results: Vec<Value>,
    notes: Vec<Value>,
    /// The keys (rule, fingerprint, check) of the results taken.
    seen: HashSet<String>,
    ok: bool,
    version: Value,
    counts: Value,
    /// Runs of other tools, kept as they are.
    others: Vec<Value>,
    bases: Value,
    duplicates: Vec<Value>,
}

impl Merged {
    /// Adds one slam run: its new rules, results, notifications and duplicates, and its counts.
    fn add_run(&mut self, run: &Value) {
        self.version = run["tool"]["driver"]["version"].clone();
        if self.bases.is_null() {
            self.bases = run["originalUriBaseIds"].clone();
        }
        let run_rules: Vec<Value> = run["tool"]["driver"]["rules"].as_array().cloned().unwrap_or_default();
        for r in &run_rules {
            if !self.rules.iter().any(|x| x["id"] == r["id"]) {
                self.rules.push(r.clone());
            }
        }
        for res in run["results"].as_array().into_iter().flatten() {
            let fp = res["partialFingerprints"][sarif::FINGERPRINT].as_str().unwrap_or_default().to_string();
            let key = format!("{}|{}|{}", res["ruleId"], fp, res["properties"]["check"]);
            if !self.seen.insert(key) {
                continue;
            }
            self.results.push(res.clone());
        }
        for inv in run["invocations"].as_array().into_iter().flatten() {
            self.ok &= inv["executionSuccessful"].as_bool().unwrap_or(true);
            self.notes.extend(inv["toolExecutionNotifications"].as_array().cloned().unwrap_or_default());
        }
        for d in run["properties"][sarif::DUPLICATES].as_array().into_iter().flatten() {
            if !self.duplicates.contains(d) {
                self.duplicates.push(d.clone());
            }
        }
        for k in ["checks", "safe", "violations", "unknown", "errors"] {
            self.counts[k] = json!(self.counts[k].as_u64().unwrap_or(0) + run["properties"][k].as_u64().unwrap_or(0));
        }
    }

    /// The merged SARIF log: results in the unsharded order, rule indices renumbered.
    fn finish(self) -> Value {
        let Merged { rules, mut results, mut notes, ok, version, mut counts, others, bases, mut duplicates, .. } = self;
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
