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
    /// The step goes through the trace's first undefined behaviour ([`CexOut::undefined`]).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub undefined: bool,
}

/// The first undefined behaviour a violation's replay went through (signed overflow, a left
/// shift of a negative value): from there on the values are what gcc -O0 computes.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct UndefinedOut {
    /// `signed_overflow`, `shift`.
    pub kind: String,
    /// The operation (`x + y`).
    pub operation: String,
    pub file: String,
    pub line: u32,
    pub function: String,
    /// The sentence the reports print.
    pub message: String,
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

/// How a violation was confirmed (`slam check --confirm`, docs/check.md "Confirmation"):
/// by running the program built by the real compiler, by slam's interpreter only (with the
/// reason execution was impossible), not at all, or refuted — the compiled program, fed the
/// counterexample's inputs, did not reach the error (the verdict is then UNKNOWN).
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct Confirmation {
    pub status: ConfirmStatus,
    /// `gcc 12.2.0` when the compiler ran.
    #[serde(default)]
    pub compiler: Option<String>,
    /// The compiler's flags that matter (`-O0`, `-m32`).
    #[serde(default)]
    pub flags: Vec<String>,
    /// Why the violation was not confirmed by execution (`interpreter_only`, `not_checked`),
    /// or what the executable did instead (`not_reproduced`).
    #[serde(default)]
    pub reason: Option<String>,
    /// Functions the harness defined: they return the trace's values, as slam's model of an
    /// external function does (the rule's functions without a definition, and the C library
    /// functions with out-parameters that read the environment, `cminus::outparams`).
    #[serde(default)]
    pub stubs: Vec<String>,
    /// What the executable did, when it ran.
    #[serde(default)]
    pub run: Option<ExecRun>,
    /// Wall time of the confirmation (compiling and running).
    #[serde(default)]
    pub time_secs: f64,
}

/// The confirmation's outcome.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum ConfirmStatus {
    /// The executable built by the compiler reached the same error.
    Executed,
    /// Only slam's interpreter replayed the trace (`reason` says why execution was impossible).
    InterpreterOnly,
    /// The executable did not reach the error: slam's model and the compiler disagree.
    NotReproduced,
    /// `--confirm none`: no confirmation beyond the engine's own.
    NotChecked,
}

/// One run of the compiled program.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct ExecRun {
    /// `exit status 0`, `killed by signal 11 (SIGSEGV)`, `timed out after 10 s`.
    pub ended: String,
    /// The error the run reached, as the harness saw it (`reach_error`, `assertion failed
    /// at f.c:12`, the rule's message), if any.
    #[serde(default)]
    pub reached: Option<String>,
    /// The values the harness fed, in order.
    #[serde(default)]
    pub inputs: Vec<i128>,
    /// The last lines the program wrote.
    #[serde(default)]
    pub stdout_tail: String,
    #[serde(default)]
    pub stderr_tail: String,
    /// The first undefined behaviour the sanitizer saw (`signed integer overflow: … at
    /// f.c:3:9`): from there on the run computed what gcc -O0 computes.
    #[serde(default)]
    pub undefined: Option<String>,
}

impl Confirmation {
    /// One sentence for people: "confirmed by execution (gcc 12.2.0, -O0)", "confirmed by
    /// slam's interpreter only: …".
    pub fn summary(&self) -> String {
        let how = || {
            let mut parts: Vec<String> = self.compiler.iter().cloned().collect();
            parts.extend(self.flags.iter().cloned());
            parts.join(", ")
        };
        match self.status {
            ConfirmStatus::Executed => {
                let mut s = format!("confirmed by execution ({})", how());
                if !self.stubs.is_empty() {
                    s.push_str(&format!(
                        "; functions the harness stands in for returned the trace's values: {}",
                        self.stubs.join(", ")
                    ));
                }
                s
            }
            ConfirmStatus::InterpreterOnly => format!(
                "confirmed by slam's interpreter only: {}",
                self.reason.as_deref().unwrap_or("execution was not possible")
            ),
            ConfirmStatus::NotReproduced => format!(
                "not reproduced by execution ({}): {}",
                how(),
                self.reason.as_deref().unwrap_or("the executable did not reach the error")
            ),
            ConfirmStatus::NotChecked => "not confirmed (--confirm none)".to_string(),
        }
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
    /// The first undefined behaviour on the path, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub undefined: Option<UndefinedOut>,
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
    /// How the violation was confirmed; null when there was none to confirm.
    pub confirmation: Option<&'a Confirmation>,
    /// What undefined arithmetic meant in the check (`--undefined`) and why.
    pub undefined: Option<UndefinedModeOut<'a>>,
    pub iteration_stats: &'a [engine::Iteration],
}

/// `--undefined`'s mode and why it was chosen.
#[derive(Serialize)]
pub(crate) struct UndefinedModeOut<'a> {
    pub mode: cminus::ub::UbMode,
    pub why: &'a str,
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
    #[serde(default)]
    pub confirmation: Option<Confirmation>,
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
