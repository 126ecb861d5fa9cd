//! The result of one check, as the gate keeps it (and caches it): read from the JSON of
//! `slam check --format json` (docs/check-json.md), or made by the gate when a check had to
//! be stopped.

use serde::{Deserialize, Serialize};

/// The counterexample as `slam check` wrote it (the check JSON's own types).
pub use report::schema::{CexOut as Counterexample, ErrorPlace as Place, StepOut as Step, ValueOut as Value};

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
    /// How the violation was confirmed (`slam check --confirm`): by execution, by slam's
    /// interpreter only, or refuted (then the verdict is UNKNOWN `not_confirmed`).
    #[serde(default)]
    pub confirmation: Option<report::schema::Confirmation>,
}

impl CheckResult {
    /// The confirmation in one sentence, when there is one.
    pub fn confirmation_text(&self) -> Option<String> {
        self.confirmation.as_ref().map(|c| c.summary())
    }

    pub fn stopped(verdict: Verdict, reason: &str, detail: String, time_secs: f64) -> CheckResult {
        CheckResult {
            verdict,
            reason: reason.into(),
            detail,
            iterations: 0,
            predicates: 0,
            time_secs,
            counterexample: None,
            confirmation: None,
        }
    }

    /// Read the JSON report of `slam check` (its schema: `report::schema`).
    pub fn from_check_json(text: &str) -> Result<CheckResult, String> {
        let r = report::schema::CheckRead::parse(text)?;
        let verdict = match r.verdict.as_str() {
            "SAFE" => Verdict::Safe,
            "VIOLATION" => Verdict::Violation,
            "UNKNOWN" => Verdict::Unknown,
            other => return Err(format!("slam check gave an unknown verdict `{other}`")),
        };
        // The gate keeps the trace, not the replay of it.
        let counterexample = r.counterexample.map(|c| Counterexample { replay: None, ..c });
        if verdict == Verdict::Violation && counterexample.is_none() {
            return Err("slam check reported a violation without a counterexample".into());
        }
        Ok(CheckResult {
            verdict,
            reason: r.reason,
            detail: r.detail,
            iterations: r.iterations,
            predicates: r.predicates,
            time_secs: r.time_secs,
            counterexample,
            confirmation: r.confirmation,
        })
    }

    /// Results worth keeping: not ones cut short by this machine's limits or by a crash.
    /// Whether the result is a function of the inputs the cache key covers: verdicts, and
    /// input errors (the same text is rejected the same way); not limits or failures.
    pub fn cacheable_with(&self, limits: bool) -> bool {
        self.cacheable() || (limits && matches!(self.reason.as_str(), "time_limit" | "memory_limit"))
    }

    pub fn cacheable(&self) -> bool {
        (self.verdict != Verdict::Error || self.reason == "input_error")
            && !matches!(self.reason.as_str(), "time_limit" | "memory_limit" | "internal_error")
    }
}
