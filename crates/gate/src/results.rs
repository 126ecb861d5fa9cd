//! The result of one check, as the gate keeps it (and caches it): read from the JSON of
//! `slam check --format json` (docs/check-json.md), or made by the gate when a check had to
//! be stopped.

use serde::{Deserialize, Serialize};

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct Value {
    pub name: String,
    pub value: i128,
    #[serde(default)]
    pub written: bool,
}

/// One line of a trace (as `slam check` groups them).
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct Step {
    pub file: String,
    pub line: u32,
    #[serde(default)]
    pub col: u32,
    pub function: String,
    #[serde(default)]
    pub depth: usize,
    #[serde(default)]
    pub source: String,
    #[serde(default)]
    pub values: Vec<Value>,
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct Place {
    pub file: String,
    pub line: u32,
    pub function: String,
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct Counterexample {
    pub message: String,
    #[serde(default)]
    pub error: Option<Place>,
    #[serde(default)]
    pub inputs: Vec<Value>,
    #[serde(default)]
    pub steps: Vec<Step>,
}

#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[serde(rename_all = "UPPERCASE")]
pub enum Verdict {
    Safe,
    Violation,
    Unknown,
    /// The input was rejected (exit 2 of `slam check`) or slam failed.
    Error,
}

impl Verdict {
    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::Safe => "SAFE",
            Verdict::Violation => "VIOLATION",
            Verdict::Unknown => "UNKNOWN",
            Verdict::Error => "ERROR",
        }
    }
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct CheckResult {
    pub verdict: Verdict,
    /// The stop reason (`safe`, `violation`, `time_limit`, …).
    pub reason: String,
    pub detail: String,
    pub iterations: usize,
    pub predicates: usize,
    /// Seconds the check took when it was run (a cached result keeps its original time).
    pub time_secs: f64,
    pub counterexample: Option<Counterexample>,
}

impl CheckResult {
    pub fn stopped(verdict: Verdict, reason: &str, detail: String, time_secs: f64) -> CheckResult {
        CheckResult {
            verdict,
            reason: reason.into(),
            detail,
            iterations: 0,
            predicates: 0,
            time_secs,
            counterexample: None,
        }
    }

    /// Read the JSON report of `slam check`.
    pub fn from_check_json(text: &str) -> Result<CheckResult, String> {
        let v: serde_json::Value = serde_json::from_str(text).map_err(|e| format!("bad JSON from slam check: {e}"))?;
        let s = |k: &str| v.get(k).and_then(|x| x.as_str()).unwrap_or_default().to_string();
        let verdict = match s("verdict").as_str() {
            "SAFE" => Verdict::Safe,
            "VIOLATION" => Verdict::Violation,
            "UNKNOWN" => Verdict::Unknown,
            other => return Err(format!("slam check gave an unknown verdict `{other}`")),
        };
        let count = |k: &str| match v.get(k) {
            Some(serde_json::Value::Array(a)) => a.len(),
            Some(x) => x.as_u64().unwrap_or(0) as usize,
            None => 0,
        };
        let counterexample = match v.get("counterexample") {
            None | Some(serde_json::Value::Null) => None,
            Some(c) => Some(
                serde_json::from_value::<Counterexample>(c.clone())
                    .map_err(|e| format!("bad counterexample from slam check: {e}"))?,
            ),
        };
        if verdict == Verdict::Violation && counterexample.is_none() {
            return Err("slam check reported a violation without a counterexample".into());
        }
        Ok(CheckResult {
            verdict,
            reason: s("reason"),
            detail: s("detail"),
            iterations: count("iterations"),
            predicates: count("predicates"),
            time_secs: v.get("time_secs").and_then(|t| t.as_f64()).unwrap_or(0.0),
            counterexample,
        })
    }

    /// Results worth keeping: not ones cut short by this machine's limits or by a crash.
    pub fn cacheable(&self) -> bool {
        self.verdict != Verdict::Error
            && !matches!(self.reason.as_str(), "time_limit" | "memory_limit" | "internal_error")
    }
}
