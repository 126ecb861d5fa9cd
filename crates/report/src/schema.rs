//! The check JSON (`slam check --format json`, docs/check-json.md): the only types that are
//! written as that JSON and read back from it. `slam check` writes [`JsonReport`]; the gate
//! reads [`CheckRead`] (the part it keeps) and keeps [`CexOut`] as it came.

use serde::{Deserialize, Deserializer, Serialize};

/// A variable's value at a trace line.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct ValueOut {
    pub name: String,
    pub value: i128,
    /// The statement assigns it (the value is after the step); else it is read (before).
    #[serde(default)]
    pub written: bool,
}

/// One line of a concrete trace: consecutive C-- steps on the same source line, function
/// and call depth are one line.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct StepOut {
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
    pub values: Vec<ValueOut>,
}

/// Where the error is.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct ErrorPlace {
    pub file: String,
    pub line: u32,
    pub function: String,
}

/// Whether the concrete interpreter, fed the counterexample's values, reaches the error.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct Replay {
    pub confirmed: bool,
    /// How the interpreter's run ended.
    pub outcome: String,
    pub steps: usize,
}

impl From<&engine::ReplayCheck> for Replay {
    fn from(r: &engine::ReplayCheck) -> Self {
        Replay { confirmed: r.confirmed, outcome: r.outcome.clone(), steps: r.steps }
    }
}

/// A concrete counterexample.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct CexOut {
    pub message: String,
    #[serde(default)]
    pub error: Option<ErrorPlace>,
    #[serde(default)]
    pub inputs: Vec<ValueOut>,
    #[serde(default)]
    pub steps: Vec<StepOut>,
    /// Written by `slam check` (null when there was no replay); the gate drops it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub replay: Option<Replay>,
}

#[derive(Serialize)]
pub(crate) struct InputOut<'a> {
    pub files: &'a [String],
    pub rule: Option<&'a str>,
    pub entry: &'a str,
}

/// The whole report as `slam check` writes it.
#[derive(Serialize)]
pub(crate) struct JsonReport<'a> {
    pub version: u32,
    pub verdict: engine::Verdict,
    pub reason: engine::StopReason,
    pub detail: &'a str,
    pub input: InputOut<'a>,
    pub strategies: Option<&'a engine::Strategies>,
    /// The engine whose answer this is (`cegar`, `search`); null when no engine ran.
    pub engine: Option<engine::EngineKind>,
    /// The search engine's statistics, when it answered.
    pub search: Option<&'a engine::SearchStats>,
    /// The structural engine's statistics, when it answered.
    pub structural: Option<&'a engine::StructuralStats>,
    pub iterations: usize,
    pub predicates: Vec<&'a engine::PredInfo>,
    /// Predicates over the front end's temporaries (not listed).
    pub internal_predicates: usize,
    pub time_secs: f64,
    pub peak_rss_mib: Option<f64>,
    pub counterexample: Option<CexOut>,
    pub iteration_stats: &'a [engine::Iteration],
}

/// The part of the report a reader of results (the gate) keeps.
#[derive(Deserialize, Clone, Debug)]
pub struct CheckRead {
    /// `SAFE`, `VIOLATION` or `UNKNOWN`.
    pub verdict: String,
    #[serde(default)]
    pub reason: String,
    #[serde(default)]
    pub detail: String,
    #[serde(default, deserialize_with = "count")]
    pub iterations: usize,
    #[serde(default, deserialize_with = "count")]
    pub predicates: usize,
    #[serde(default)]
    pub time_secs: f64,
    #[serde(default)]
    pub counterexample: Option<CexOut>,
}

impl CheckRead {
    pub fn parse(text: &str) -> Result<CheckRead, String> {
        serde_json::from_str(text).map_err(|e| format!("bad JSON from slam check: {e}"))
    }
}

/// A number, or the length of a list (`predicates` is the list of predicates).
fn count<'de, D: Deserializer<'de>>(d: D) -> Result<usize, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Count {
        N(u64),
        List(Vec<serde::de::IgnoredAny>),
        Other(serde::de::IgnoredAny),
    }
    Ok(match Count::deserialize(d)? {
        Count::N(n) => n as usize,
        Count::List(l) => l.len(),
        Count::Other(_) => 0,
    })
}
