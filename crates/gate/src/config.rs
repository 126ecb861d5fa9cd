//! The project file `slam.toml`: what to check, with which rules, entries and limits.
//!
//! Unknown keys and bad values are errors that name the key and its line, rendered like a
//! compiler's diagnostics. Relative paths are relative to the directory of the file.

use serde::Deserialize;
use std::path::{Path, PathBuf};
use toml::Spanned;

/// The name of the built-in property (no rule: `reach_error()`, `__VERIFIER_error()`, a
/// failing `assert()`), usable among the rules.
pub const REACH_ERROR: &str = "reach_error";
/// The name of the built-in null-dereference property (`slam check --property null-deref`),
/// usable among the rules.
pub const NULL_DEREF: &str = "null-deref";

/// Whether a rule entry names a built-in property rather than a rule file.
pub fn is_builtin(rule: &str) -> bool {
    rule == REACH_ERROR || rule == NULL_DEREF
}

/// The file as written (every key optional).
#[derive(Deserialize, Debug, Default)]
#[serde(deny_unknown_fields)]
pub struct ProjectFile {
    /// Files and directories to check (every `*.c` below a directory).
    pub sources: Option<Vec<String>>,
    /// A `compile_commands.json` (CMake, Bear): its files with their own flags.
    pub compile_commands: Option<String>,
    /// Glob patterns (relative to the project directory) of files not to check.
    pub exclude: Option<Vec<String>>,
    /// SLIC rules, and `"reach_error"` for the program's own `reach_error()`/`assert()`;
    /// none (or an empty list) checks `reach_error` only.
    pub rules: Option<Vec<String>>,
    /// Entry points used where a file has no `main`.
    pub entries: Option<Vec<String>>,
    /// `-I` directories for every file.
    pub include: Option<Vec<String>>,
    /// `-D` definitions for every file.
    pub defines: Option<Vec<String>>,
    /// `lp64` (default) or `ilp32`.
    pub data_model: Option<Spanned<String>>,
    /// `cegar-then-search` (default), `cegar`, `search`, `portfolio` or `structural`: `slam
    /// check --engine`.
    pub engine: Option<Spanned<String>>,
    /// Whole programs: a name → globs of the units linked into it (see `programs` below).
    pub programs: Option<std::collections::BTreeMap<String, Vec<String>>>,
    /// Units mode: judge entries by the rules' wrapper readings (default true; docs/ci.md).
    pub wrappers: Option<bool>,
    pub limits: Option<LimitsFile>,
}

#[derive(Deserialize, Debug, Default)]
#[serde(deny_unknown_fields)]
pub struct LimitsFile {
    /// Seconds per check.
    pub time: Option<Spanned<f64>>,
    /// MiB per check.
    pub memory: Option<Spanned<i64>>,
    /// CEGAR iterations per check.
    pub iterations: Option<Spanned<i64>>,
    /// Cache checks cut short by these limits too.
    pub cache: Option<bool>,
}

/// The engines `slam check --engine` accepts.
pub const ENGINES: &[&str] = &["cegar-then-search", "cegar", "search", "portfolio", "structural"];

/// The project file, resolved: paths made absolute against its directory.
#[derive(Debug, Default, Clone)]
pub struct Project {
    pub sources: Vec<PathBuf>,
    pub compile_commands: Option<PathBuf>,
    pub exclude: Vec<String>,
    /// `None`: not given (the command line or the default decides).
    pub rules: Option<Vec<PathBuf>>,
    pub entries: Vec<String>,
    pub include: Vec<PathBuf>,
    pub defines: Vec<String>,
    pub ilp32: Option<bool>,
    pub engine: Option<String>,
    pub time_secs: Option<f64>,
    pub memory_mib: Option<u64>,
    pub iterations: Option<u64>,
    /// Whole programs (name, globs of unit names): each is lowered as one program and checked
    /// from its real roots; the units in none of them are checked one by one.
    pub programs: Vec<(String, Vec<String>)>,
    /// `[limits] cache`: whether checks cut short by a limit are cached too (default: yes).
    pub cache_limits: Option<bool>,
    /// `wrappers = false`: no entry is judged a lock wrapper.
    pub no_wrappers: bool,
}

/// A diagnostic in the project file.
#[derive(Debug, Clone)]
pub struct ConfigError {
    pub file: String,
    pub line: usize,
    pub col: usize,
    pub message: String,
}

impl ConfigError {
    pub fn render(&self, source: Option<&str>) -> String {
        report::diag::render(&self.file, source, self.line, self.col, &self.message)
    }
}

/// Line and column (1-based) of a byte offset.
fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().map(|l| l.chars().count()).unwrap_or(0) + 1;
    (line, col)
}

/// Parse `text` (the contents of `path`).
pub fn parse(path: &Path, text: &str) -> Result<Project, ConfigError> {
    let file = path.display().to_string();
    let err_at = |offset: usize, message: String| {
        let (line, col) = line_col(text, offset);
        ConfigError { file: file.clone(), line, col, message }
    };
    let raw: ProjectFile = toml::from_str(text).map_err(|e| {
        let offset = e.span().map(|s| s.start).unwrap_or(0);
        // toml's message is the first line; the rest is its own snippet, which we render ourselves
        let msg = e.message().lines().next().unwrap_or("invalid project file").to_string();
        err_at(offset, msg)
    })?;
    let dir = path.parent().map(Path::to_path_buf).unwrap_or_default();
    let abs = |s: &String| -> PathBuf {
        let p = PathBuf::from(s);
        if p.is_absolute() {
            p
        } else {
            dir.join(p)
        }
    };
    let mut p = Project {
        sources: raw.sources.iter().flatten().map(abs).collect(),
        compile_commands: raw.compile_commands.as_ref().map(abs),
        exclude: raw.exclude.unwrap_or_default(),
        rules: raw.rules.map(|r| r.iter().map(|x| if is_builtin(x) { PathBuf::from(x) } else { abs(x) }).collect()),
        entries: raw.entries.unwrap_or_default(),
        include: raw.include.iter().flatten().map(abs).collect(),
        defines: raw.defines.unwrap_or_default(),
        programs: raw.programs.clone().unwrap_or_default().into_iter().collect(),
        ..Default::default()
    };
    for (name, globs) in &p.programs {
        if name.is_empty() || name.contains(':') || globs.is_empty() {
            let off = text.find(name.as_str()).filter(|_| !name.is_empty()).unwrap_or(0);
            return Err(err_at(
                off,
                format!(
                    "bad value for `programs.{name}`: a program needs a name without `:` and at least one unit glob"
                ),
            ));
        }
    }
    if let Some(dm) = raw.data_model {
        p.ilp32 = Some(data_model(&dm, &err_at)?);
    }
    if let Some(e) = raw.engine {
        if !ENGINES.contains(&e.get_ref().as_str()) {
            return Err(err_at(
                e.span().start,
                format!(
                    "bad value for `engine`: \"{}\" (expected \"cegar-then-search\", \"cegar\", \"search\", \"portfolio\" or \"structural\")",
                    e.get_ref()
                ),
            ));
        }
        p.engine = Some(e.into_inner());
    }
    p.no_wrappers = raw.wrappers == Some(false);
    if let Some(l) = raw.limits {
        limits(&mut p, &l, &err_at)?;
    }
    for (i, e) in p.entries.iter().enumerate() {
        if e.is_empty() || !e.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
            let off = text.find(e.as_str()).unwrap_or(0);
            return Err(err_at(off, format!("bad value for `entries[{i}]`: \"{e}\" is not a function name")));
        }
    }
    Ok(p)
}

/// `data_model`: whether it is ILP32 (else LP64).
fn data_model(dm: &Spanned<String>, err_at: &dyn Fn(usize, String) -> ConfigError) -> Result<bool, ConfigError> {
    match dm.get_ref().as_str() {
        "lp64" | "LP64" => Ok(false),
        "ilp32" | "ILP32" => Ok(true),
        other => Err(err_at(
            dm.span().start,
            format!("bad value for `data_model`: \"{other}\" (expected \"lp64\" or \"ilp32\")"),
        )),
    }
}

/// The `[limits]` table, each limit checked to be positive.
fn limits(p: &mut Project, l: &LimitsFile, err_at: &dyn Fn(usize, String) -> ConfigError) -> Result<(), ConfigError> {
    if let Some(t) = &l.time {
        let v = *t.get_ref();
        if !(v.is_finite() && v > 0.0) {
            return Err(err_at(t.span().start, format!("bad value for `limits.time`: {v} (seconds, > 0)")));
        }
        p.time_secs = Some(v);
    }
    if let Some(m) = &l.memory {
        let v = *m.get_ref();
        if v <= 0 {
            return Err(err_at(m.span().start, format!("bad value for `limits.memory`: {v} (MiB, > 0)")));
        }
        p.memory_mib = Some(v as u64);
    }
    if let Some(i) = &l.iterations {
        let v = *i.get_ref();
        if v <= 0 {
            return Err(err_at(i.span().start, format!("bad value for `limits.iterations`: {v} (> 0)")));
        }
        p.iterations = Some(v as u64);
    }
    p.cache_limits = l.cache;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(text: &str) -> ConfigError {
        parse(Path::new("slam.toml"), text).unwrap_err()
    }

    #[test]
    fn full_file() {
        let p = parse(
            Path::new("/p/slam.toml"),
            "sources = [\"src\"]\nrules = [\"r.slic\"]\nentries = [\"init\"]\ndata_model = \"ilp32\"\nengine = \"portfolio\"\n[limits]\ntime = 5\nmemory = 512\niterations = 7\ncache = true\n",
        )
        .unwrap();
        assert_eq!(p.sources, vec![PathBuf::from("/p/src")]);
        assert_eq!(p.rules, Some(vec![PathBuf::from("/p/r.slic")]));
        assert_eq!(p.ilp32, Some(true));
        assert_eq!(p.engine.as_deref(), Some("portfolio"));
        assert_eq!(p.time_secs, Some(5.0));
        assert_eq!(p.memory_mib, Some(512));
        assert_eq!(p.iterations, Some(7));
        assert_eq!(p.cache_limits, Some(true));
        let p = parse(Path::new("/p/slam.toml"), "[programs]\nserver = [\"src/*.c\", \"lib/**\"]\n").unwrap();
        assert_eq!(p.programs, vec![("server".to_string(), vec!["src/*.c".to_string(), "lib/**".to_string()])]);
    }

    #[test]
    fn wrappers_can_be_switched_off() {
        assert!(!parse(Path::new("slam.toml"), "").unwrap().no_wrappers);
        assert!(parse(Path::new("slam.toml"), "wrappers = false\n").unwrap().no_wrappers);
        assert!(!parse(Path::new("slam.toml"), "wrappers = true\n").unwrap().no_wrappers);
    }

    #[test]
    fn programs_need_units() {
        let e = err("sources = []\n[programs]\nserver = []\n");
        assert_eq!(e.line, 3);
        assert!(e.message.contains("programs.server"), "{}", e.message);
        let e = err("[programs]\nserver = \"a.c\"\n");
        assert_eq!(e.line, 2);
    }

    #[test]
    fn unknown_key_names_key_and_line() {
        let e = err("sources = []\n\nrulez = [\"a\"]\n");
        assert_eq!(e.line, 3);
        assert!(e.message.contains("rulez"), "{}", e.message);
        let e = err("[limits]\ntime = 3\nwall = 4\n");
        assert_eq!(e.line, 3);
        assert!(e.message.contains("wall"), "{}", e.message);
    }

    #[test]
    fn bad_values_name_key_and_line() {
        let e = err("sources = []\ndata_model = \"lp33\"\n");
        assert_eq!((e.line, e.col), (2, 14));
        assert!(e.message.contains("data_model"));
        let e = err("engine = \"fast\"\n");
        assert_eq!((e.line, e.col), (1, 10));
        assert!(e.message.contains("`engine`") && e.message.contains("structural"), "{}", e.message);
        let p = parse(Path::new("slam.toml"), "engine = \"structural\"\n").unwrap();
        assert_eq!(p.engine.as_deref(), Some("structural"));
        let e = err("[limits]\nmemory = -3\n");
        assert_eq!(e.line, 2);
        assert!(e.message.contains("limits.memory"));
        let e = err("sources = \"src\"\n");
        assert_eq!(e.line, 1);
        let e = err("[limits]\n\ntime = \"fast\"\n");
        assert_eq!(e.line, 3);
    }
}
