//! SV-COMP: task files (`task.yml`) and verdicts in the competition's words (`--format svcomp`).
//!
//! A task file (format 2.0) names the C files, the properties with their expected verdicts and
//! options (`language`, `data_model`). slam checks `unreach-call` (no call of `reach_error()`
//! is reachable); a task with no such property gets UNKNOWN.

use serde::Deserialize;
use std::path::{Path, PathBuf};

#[derive(Deserialize)]
struct RawTask {
    #[serde(default)]
    format_version: Option<serde_yaml::Value>,
    input_files: OneOrMany,
    #[serde(default)]
    properties: Vec<RawProperty>,
    #[serde(default)]
    options: Option<RawOptions>,
}

#[derive(Deserialize)]
#[serde(untagged)]
enum OneOrMany {
    One(String),
    Many(Vec<String>),
}

#[derive(Deserialize)]
struct RawProperty {
    property_file: String,
    #[serde(default)]
    expected_verdict: Option<bool>,
    #[serde(default)]
    subproperty: Option<String>,
}

#[derive(Deserialize)]
struct RawOptions {
    #[serde(default)]
    language: Option<String>,
    #[serde(default)]
    data_model: Option<String>,
}

/// A property of a task.
#[derive(Clone, Debug, PartialEq)]
pub struct Property {
    pub file: PathBuf,
    pub expected: Option<bool>,
    pub subproperty: Option<String>,
}

impl Property {
    /// Whether this is SV-COMP's no-overflow property (`G ! overflow`).
    pub fn is_no_overflow(&self) -> bool {
        let name = self.file.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if name == "no-overflow.prp" {
            return true;
        }
        std::fs::read_to_string(&self.file).map(|t| t.contains("G ! overflow")).unwrap_or(false)
    }
    /// Whether this is the reachability property slam checks.
    pub fn is_unreach_call(&self) -> bool {
        let name = self.file.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if name == "unreach-call.prp" {
            return true;
        }
        // A renamed property file: look at what it says.
        std::fs::read_to_string(&self.file)
            .map(|t| t.contains("G ! call(reach_error())") || t.contains("G ! call(__VERIFIER_error())"))
            .unwrap_or(false)
    }
}

/// A parsed task file; paths resolved against the task file's directory.
#[derive(Clone, Debug, PartialEq)]
pub struct Task {
    pub input_files: Vec<PathBuf>,
    pub properties: Vec<Property>,
    /// `true` for ILP32, `false` for LP64 (the default of SV-COMP's C tasks is ILP32 only when
    /// the task says so).
    pub ilp32: bool,
    pub language: String,
}

impl Task {
    /// The unreach-call property, if the task has one.
    pub fn unreach_call(&self) -> Option<&Property> {
        self.properties.iter().find(|p| p.is_unreach_call())
    }
    /// The no-overflow property, if the task has one.
    pub fn no_overflow(&self) -> Option<&Property> {
        self.properties.iter().find(|p| p.is_no_overflow())
    }
}

/// Whether `path` looks like a task file rather than C.
pub fn is_task_file(path: &Path) -> bool {
    matches!(path.extension().and_then(|e| e.to_str()), Some("yml" | "yaml"))
}

/// Parse a task file. Errors are sentences for people.
pub fn parse_task(path: &Path, text: &str) -> Result<Task, String> {
    let raw: RawTask = serde_yaml::from_str(text).map_err(|e| format!("not an SV-COMP task file: {e}"))?;
    if let Some(v) = &raw.format_version {
        let v = match v {
            serde_yaml::Value::String(s) => s.clone(),
            serde_yaml::Value::Number(n) => n.to_string(),
            _ => String::new(),
        };
        if !v.starts_with('2') && !v.starts_with('1') {
            return Err(format!("task format version {v} is not supported (1.x, 2.x)"));
        }
    }
    let dir = path.parent().unwrap_or(Path::new(""));
    let files = match raw.input_files {
        OneOrMany::One(f) => vec![f],
        OneOrMany::Many(fs) => fs,
    };
    if files.is_empty() {
        return Err("the task has no input files".into());
    }
    let (language, data_model) = match raw.options {
        Some(o) => (o.language.unwrap_or_else(|| "C".into()), o.data_model),
        None => ("C".into(), None),
    };
    if language != "C" {
        return Err(format!("the task's language is {language}; slam checks C"));
    }
    let ilp32 = match data_model.as_deref() {
        None | Some("LP64") => false,
        Some("ILP32") => true,
        Some(m) => return Err(format!("unknown data model {m} (ILP32, LP64)")),
    };
    Ok(Task {
        input_files: files.iter().map(|f| dir.join(f)).collect(),
        properties: raw
            .properties
            .into_iter()
            .map(|p| Property {
                file: dir.join(p.property_file),
                expected: p.expected_verdict,
                subproperty: p.subproperty,
            })
            .collect(),
        ilp32,
        language,
    })
}

/// The verdict in SV-COMP's words, for the property `unreach-call`.
pub fn verdict(v: engine::Verdict) -> &'static str {
    verdict_for(v, "unreach-call")
}

/// The verdict in SV-COMP's words for a property (`unreach-call`, `unreach-label`, or a
/// SLIC rule's name): `FALSE(property)` for a violation.
pub fn verdict_for(v: engine::Verdict, property: &str) -> &'static str {
    match v {
        engine::Verdict::Safe => "TRUE",
        engine::Verdict::Violation if property == "unreach-label" => "FALSE(unreach-label)",
        engine::Verdict::Violation if property == "unreach-call" => "FALSE(unreach-call)",
        engine::Verdict::Violation if property == "no-overflow" => "FALSE(no-overflow)",
        engine::Verdict::Violation => "FALSE",
        engine::Verdict::Unknown => "UNKNOWN",
    }
}

/// The `--format svcomp` output: the verdict on the first line, then (for people) the reason.
/// `property`: `unreach-call`, `unreach-label` (`--error-label`) or `rule` (a SLIC rule is no
/// SV-COMP property: a violation is a bare `FALSE`).
pub fn render(o: &engine::Outcome, property: &str) -> String {
    let mut out = format!("{}\n", verdict_for(o.verdict, property));
    if !o.detail.is_empty() {
        out.push_str(&format!("# {}\n", o.detail.replace('\n', " ")));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_sv_comp_tasks() {
        let text = "format_version: '2.0'\ninput_files: 'x.c'\nproperties:\n  - property_file: ../properties/unreach-call.prp\n    expected_verdict: false\n  - property_file: ../properties/valid-memsafety.prp\n    expected_verdict: true\noptions:\n  language: C\n  data_model: ILP32\n";
        let t = parse_task(Path::new("/b/tasks/x.yml"), text).unwrap();
        assert_eq!(t.input_files, vec![PathBuf::from("/b/tasks/x.c")]);
        assert!(t.ilp32);
        let p = t.unreach_call().unwrap();
        assert_eq!(p.file, PathBuf::from("/b/tasks/../properties/unreach-call.prp"));
        assert_eq!(p.expected, Some(false));
        assert_eq!(t.properties.len(), 2);
    }

    #[test]
    fn lists_and_defaults() {
        let t = parse_task(Path::new("t.yaml"), "input_files: [a.c, b.c]\nproperties: []\n").unwrap();
        assert_eq!(t.input_files.len(), 2);
        assert!(!t.ilp32);
        assert!(t.unreach_call().is_none());
        assert!(parse_task(Path::new("t.yml"), "input_files: a.c\noptions: {language: Java}\n").is_err());
        assert!(parse_task(Path::new("t.yml"), "nonsense").is_err());
    }

    #[test]
    fn verdict_words() {
        assert_eq!(verdict(engine::Verdict::Safe), "TRUE");
        assert_eq!(verdict(engine::Verdict::Violation), "FALSE(unreach-call)");
        assert_eq!(verdict(engine::Verdict::Unknown), "UNKNOWN");
        assert_eq!(verdict_for(engine::Verdict::Violation, "unreach-label"), "FALSE(unreach-label)");
        assert_eq!(verdict_for(engine::Verdict::Violation, "rule"), "FALSE");
        assert_eq!(verdict_for(engine::Verdict::Safe, "unreach-label"), "TRUE");
        assert!(is_task_file(Path::new("a/b.yml")) && !is_task_file(Path::new("a.c")));
    }
}
