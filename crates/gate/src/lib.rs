//! `slam gate`: check a whole C codebase against a rule set, for CI. See docs/ci.md.
//!
//! Inputs (files, directories, `compile_commands.json`) become units (translation units);
//! each unit's entry points times the rules are the checks. Checks run side by side
//! (rayon, `-j`), each one a child `slam check --format json` with its own limits
//! (`exec`), results are cached under `.slam-cache/` (`cache`), and reported as a summary
//! table, JSON, SARIF 2.1.0 or JUnit XML (`output`, `sarif`).

pub mod cache;
pub mod config;
pub mod depends;
pub mod exec;
pub mod inputs;
pub mod merge;
pub mod output;
pub mod results;
pub mod roots;
pub mod sarif;
pub mod scan;
pub mod wrappers;

use inputs::Unit;
use rayon::prelude::*;
use report::exit;
use results::{CheckResult, Verdict};
use serde::{Deserialize, Serialize};
use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// C files, directories (every *.c below them) or a compile_commands.json. Default: the
    /// project file's `sources` and `compile_commands`.
    pub inputs: Vec<PathBuf>,
    /// The project file (default: ./slam.toml if it exists).
    #[arg(long, value_name = "slam.toml")]
    pub config: Option<PathBuf>,
    /// A SLIC rule to check (repeat for several); replaces the project file's rules.
    #[arg(long = "rule", value_name = "RULE.slic")]
    pub rules: Vec<PathBuf>,
    /// Check reach_error()/assert() only, whatever rules the project file names.
    #[arg(long, conflicts_with = "rules")]
    pub no_rules: bool,
    /// Entry point for units without `main` (repeat for several); in a program, an extra root.
    #[arg(long = "entry", value_name = "FUNCTION")]
    pub entries: Vec<String>,
    /// Check all the units as one whole program NAME (lowered together, checked from `main`,
    /// thread start routines and callbacks handed to the environment) instead of one by one;
    /// replaces the project file's `programs`.
    #[arg(long, value_name = "NAME")]
    pub program: Option<String>,
    /// Add an include directory for every unit.
    #[arg(short = 'I', value_name = "DIR")]
    pub include: Vec<PathBuf>,
    /// Define a macro for every unit.
    #[arg(short = 'D', value_name = "NAME[=VALUE]")]
    pub define: Vec<String>,
    /// Glob of files not to check (relative to the project directory; repeatable).
    #[arg(long, value_name = "GLOB")]
    pub exclude: Vec<String>,
    /// Seconds per check (default 6).
    #[arg(long, value_name = "SECONDS")]
    pub timeout: Option<f64>,
    /// MiB per check (default 4096).
    #[arg(long, value_name = "MiB")]
    pub memory_limit: Option<u64>,
    /// CEGAR iterations per check (default 100).
    #[arg(long, value_name = "N")]
    pub max_iterations: Option<u64>,
    /// The engine of every check: cegar-then-search (default: the CEGAR loop for 70 % of the
    /// time limit, the search for the rest when it did not decide; one thread, as the gate
    /// already runs one check per core), cegar, search, portfolio (two threads per check) or
    /// structural.
    #[arg(long, value_name = "ENGINE")]
    pub engine: Option<String>,
    /// The data model: lp64 (default) or ilp32.
    #[arg(long, value_name = "MODEL")]
    pub data_model: Option<String>,
    /// Checks run at once (default: all cores).
    #[arg(short = 'j', long, value_name = "N")]
    pub jobs: Option<usize>,
    /// Neither read nor write the result cache.
    #[arg(long)]
    pub no_cache: bool,
    /// Cache checks cut short by the time or memory limit too (UNKNOWN again, at once, until
    /// their input, rule, options or slam change). The default; `[limits] cache = false` or
    /// --retry-limits turn it off.
    #[arg(long)]
    pub cache_limits: bool,
    /// Run checks cut short by a limit again on every run (they are not cached).
    #[arg(long, conflicts_with = "cache_limits")]
    pub retry_limits: bool,
    /// The cache directory (default: .slam-cache in the project directory).
    #[arg(long, value_name = "DIR")]
    pub cache_dir: Option<PathBuf>,
    /// Run only share k of n of the checks (1-based), e.g. 2/3.
    #[arg(long, value_name = "k/n")]
    pub shard: Option<String>,
    /// Output format: text, json, sarif or junit.
    #[arg(long, default_value = "text")]
    pub format: String,
    /// Write the --format output here instead of stdout (the summary still goes to stdout).
    #[arg(short = 'o', long, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Also write SARIF 2.1.0 here.
    #[arg(long, value_name = "FILE")]
    pub sarif: Option<PathBuf>,
    /// Also write JUnit XML here.
    #[arg(long, value_name = "FILE")]
    pub junit: Option<PathBuf>,
    /// Also write JSON here.
    #[arg(long, value_name = "FILE")]
    pub json: Option<PathBuf>,
    /// Report only violations that are not in this earlier SARIF report.
    #[arg(long, value_name = "old.sarif")]
    pub baseline: Option<PathBuf>,
    /// Exit with 5 when a check is UNKNOWN (and none found a violation).
    #[arg(long)]
    pub fail_on_unknown: bool,
    /// No progress bar or progress lines.
    #[arg(long)]
    pub no_progress: bool,
    /// Judge no entry a lock wrapper: report every entry's violation of a rule as its
    /// ordinary check finds it (units mode; docs/ci.md "Lock wrappers").
    #[arg(long)]
    pub no_wrappers: bool,
    /// The slam binary that runs the checks (default: this one).
    #[arg(long, hide = true)]
    pub slam: Option<PathBuf>,
}

/// One check: an entry of a unit against a rule, and (after running) its result.
#[derive(Serialize, Deserialize, Clone, Debug)]
pub struct Check {
    /// `unit:entry:rule`, unique and stable.
    pub id: String,
    pub file: String,
    pub entry: String,
    pub rule: String,
    pub key: String,
    /// What the key covers: `check` (the part of the lowered program the entry reaches, see
    /// `depends`) or `unit: why` (the unit's whole preprocessed text).
    #[serde(default)]
    pub key_scope: String,
    /// The key without the places of the source (`depends`: the program digest): a result
    /// that names no place is reused under it after lines moved.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub key_program: Option<String>,
    pub cached: bool,
    pub result: CheckResult,
    /// For violations: a fingerprint that does not depend on line numbers.
    pub fingerprint: Option<String>,
    /// With `--baseline`: `new` or `unchanged`.
    pub baseline: Option<String>,
    /// `unit` (`file` is a translation unit checked on its own) or `program` (`file` names a
    /// whole program: its units lowered together).
    #[serde(default = "unit_mode")]
    pub mode: String,
    /// Why `entry` is an entry (`main`, a thread start routine passed to `pthread_create`, …).
    #[serde(default)]
    pub entry_reason: String,
    /// Units mode, a rule with a wrapper reading, an entry whose check found a violation:
    /// whether the entry was judged a lock wrapper (`wrappers`) and why.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub wrapper: Option<WrapperNote>,
}

/// What the wrapper reading of a rule (`wrappers`) said about an entry.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct WrapperNote {
    /// Judged a lock wrapper: the entry is SAFE for that reason.
    pub judged: bool,
    /// `acquire` or `release` when judged one (by the violation of its ordinary check).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kind: Option<String>,
    /// Why, in a sentence.
    pub reason: String,
    /// What the ordinary check of the entry under the rule said.
    pub unit_detail: String,
}

fn unit_mode() -> String {
    "unit".into()
}

/// A whole program as the report describes it: its units and its roots.
#[derive(Serialize, Deserialize, Clone, Debug)]
pub struct ProgramInfo {
    pub name: String,
    pub units: Vec<String>,
    /// Each root with why it is one.
    pub entries: Vec<(String, String)>,
}

/// A rule as the gate knows it.
#[derive(Serialize, Deserialize, Clone, Debug)]
pub struct RuleInfo {
    pub id: String,
    /// The .slic file (relative to the project directory); none for reach_error.
    pub file: Option<String>,
    pub description: String,
}

/// Everything a run produced.
#[derive(Serialize, Deserialize, Clone, Debug)]
pub struct Report {
    pub version: u32,
    pub slam_version: String,
    pub rules: Vec<RuleInfo>,
    pub shard: Option<String>,
    /// The project's directory relative to the root of the repository holding it (`""` at
    /// the root; none outside a repository): SARIF paths are relative to the repository.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub repo_path: Option<String>,
    /// The whole programs checked (none: every unit on its own).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub programs: Vec<ProgramInfo>,
    pub checks: Vec<Check>,
    pub stats: Stats,
}

#[derive(Serialize, Deserialize, Clone, Debug, Default)]
pub struct Stats {
    pub checks: usize,
    /// Checks run (child processes started).
    pub run: usize,
    /// Checks answered from the cache.
    pub cached: usize,
    pub safe: usize,
    pub violations: usize,
    /// Violations not in the baseline (all of them without one).
    pub new_violations: usize,
    pub unknown: usize,
    pub errors: usize,
    pub wall_secs: f64,
}

fn usage(msg: &str) -> u8 {
    eprintln!("slam gate: error: {msg}");
    exit::USAGE
}

fn input_error(msg: &str) -> u8 {
    eprintln!("slam gate: error: {msg}");
    exit::INPUT
}

struct Settings {
    root: PathBuf,
    units: Vec<Unit>,
    rules: Vec<(RuleInfo, Option<PathBuf>)>,
    entries: Vec<String>,
    /// Whole programs: name and globs of unit names.
    programs: Vec<(String, Vec<String>)>,
    /// `exclude` globs; those with a `:` (`unit:function`) drop entries.
    excludes: Vec<String>,
    /// `limits.cache` / `--cache-limits`.
    cache_limits: bool,
    /// Judge entries by the rules' wrapper readings (`wrappers`).
    wrappers: bool,
    ilp32: bool,
    engine: String,
    time_secs: f64,
    memory_mib: u64,
    iterations: u64,
}

fn parse_shard(s: &str) -> Option<(usize, usize)> {
    let (k, n) = s.split_once('/')?;
    let (k, n) = (k.trim().parse::<usize>().ok()?, n.trim().parse::<usize>().ok()?);
    (n >= 1 && (1..=n).contains(&k)).then_some((k, n))
}

fn absolute(p: &Path) -> PathBuf {
    let p = if p.is_absolute() { p.to_path_buf() } else { std::env::current_dir().unwrap_or_default().join(p) };
    inputs::clean(&p)
}

/// Project file + command line → what to check. Errors are exit codes (already reported).
fn settings(a: &Args) -> Result<Settings, u8> {
    let (project, root) = load_project(a)?;
    let ilp32 = match a.data_model.as_deref() {
        None => project.ilp32.unwrap_or(false),
        Some("lp64" | "LP64") => false,
        Some("ilp32" | "ILP32") => true,
        Some(o) => return Err(usage(&format!("--data-model: unknown data model `{o}` (lp64, ilp32)"))),
    };
    let engine = a.engine.clone().or(project.engine.clone()).unwrap_or_else(|| "cegar-then-search".to_string());
    if !config::ENGINES.contains(&engine.as_str()) {
        return Err(usage(&format!(
            "--engine: unknown engine `{engine}` (cegar-then-search, cegar, search, portfolio, structural)"
        )));
    }
    let time_secs = a.timeout.or(project.time_secs).unwrap_or(DEFAULT_TIME_SECS);
    if !(time_secs.is_finite() && time_secs > 0.0) {
        return Err(usage("--timeout takes a positive number of seconds"));
    }
    let memory_mib = a.memory_limit.or(project.memory_mib).unwrap_or(4096);
    let iterations = a.max_iterations.or(project.iterations).unwrap_or(100);
    if memory_mib == 0 || iterations == 0 {
        return Err(usage("--memory-limit and --max-iterations take a positive number"));
    }
    let entries = if a.entries.is_empty() { project.entries.clone() } else { a.entries.clone() };
    let programs = match &a.program {
        Some(name) if name.is_empty() || name.contains(':') => {
            return Err(usage("--program takes a name (without `:`)"));
        }
        Some(name) => vec![(name.clone(), vec!["**".to_string()])],
        None => project.programs.clone(),
    };
    let units = collect_units(a, &project, &root)?;
    let rules = collect_rules(a, &project, &root)?;
    let excludes = if a.exclude.is_empty() { project.exclude.clone() } else { a.exclude.clone() };
    // a check cut short by a limit is cached by default: in CI a run after a one-line change
    // must not spend the limit again on every check that reached it before (docs/ci.md)
    let cache_limits = project.cache_limits.unwrap_or(true);
    let wrappers = !(a.no_wrappers || project.no_wrappers);
    Ok(Settings {
        wrappers,
        root,
        units,
        rules,
        entries,
        programs,
        excludes,
        cache_limits,
        ilp32,
        engine,
        time_secs,
        memory_mib,
        iterations,
    })
}

/// The project file (`--config`, else `slam.toml` if there is one, else the defaults) and the
/// project's directory, which names are relative to.
fn load_project(a: &Args) -> Result<(config::Project, PathBuf), u8> {
    let cfg_path = match &a.config {
        Some(p) => Some(p.clone()),
        None => Some(PathBuf::from("slam.toml")).filter(|p| p.is_file()),
    };
    match &cfg_path {
        Some(p) => {
            let p = absolute(p);
            let text = std::fs::read_to_string(&p).map_err(|e| input_error(&format!("{}: {e}", p.display())))?;
            let proj = config::parse(&p, &text).map_err(|e| {
                eprint!("{}", e.render(Some(&text)));
                exit::INPUT
            })?;
            Ok((proj, p.parent().map(Path::to_path_buf).unwrap_or_default()))
        }
        None => Ok((config::Project::default(), absolute(Path::new(".")))),
    }
}

/// The units to check, sorted by name: from the inputs on the command line (else the
/// project's sources and compile commands), less the excluded ones, each with its own include
/// directories and defines followed by the common ones.
fn collect_units(a: &Args, project: &config::Project, root: &Path) -> Result<Vec<Unit>, u8> {
    let includes: Vec<PathBuf> =
        if a.include.is_empty() { project.include.clone() } else { a.include.iter().map(|p| absolute(p)).collect() };
    let defines = if a.define.is_empty() { project.defines.clone() } else { a.define.clone() };
    let excludes = if a.exclude.is_empty() { project.exclude.clone() } else { a.exclude.clone() };
    let (paths, ccs): (Vec<PathBuf>, Vec<PathBuf>) = if a.inputs.is_empty() {
        (project.sources.clone(), project.compile_commands.iter().cloned().collect())
    } else {
        a.inputs.iter().map(|p| absolute(p)).partition(|p| p.extension().and_then(|x| x.to_str()) != Some("json"))
    };
    if paths.is_empty() && ccs.is_empty() {
        return Err(usage(
            "nothing to check: give files, directories or a compile_commands.json (or `sources` in slam.toml)",
        ));
    }
    let mut units: Vec<Unit> = vec![];
    let mut add = |file: PathBuf, inc: Vec<PathBuf>, def: Vec<String>, forced: Vec<PathBuf>| {
        let name = inputs::display_name(&file, root);
        if excludes.iter().any(|g| inputs::glob_match(g, &name)) || units.iter().any(|u| u.file == file) {
            return;
        }
        let mut includes_all = inc;
        includes_all.extend(includes.iter().cloned());
        let mut defines_all = def;
        defines_all.extend(defines.iter().cloned());
        units.push(Unit { file, name, includes: includes_all, defines: defines_all, forced });
    };
    for cc in &ccs {
        let list = inputs::from_compile_commands(cc).map_err(|e| input_error(&e.0))?;
        for (f, i, d, forced) in list {
            if !f.is_file() {
                return Err(input_error(&format!("{}: no such file (named in {})", f.display(), cc.display())));
            }
            add(f, i, d, forced);
        }
    }
    for f in inputs::from_paths(&paths).map_err(|e| input_error(&e.0))? {
        add(absolute(&f), vec![], vec![], vec![]);
    }
    units.sort_by(|a, b| a.name.cmp(&b.name));
    Ok(units)
}

/// The rules to check (`--rule`, else the project's, else reach_error), each with a unique
/// id (the file's stem) and the description from its leading comment.
fn collect_rules(a: &Args, project: &config::Project, root: &Path) -> Result<Vec<(RuleInfo, Option<PathBuf>)>, u8> {
    let rule_paths: Vec<PathBuf> = if a.no_rules {
        vec![]
    } else if !a.rules.is_empty() {
        a.rules.iter().map(|p| if config::is_builtin(&p.to_string_lossy()) { p.clone() } else { absolute(p) }).collect()
    } else {
        project.rules.clone().unwrap_or_default()
    };
    let mut rules: Vec<(RuleInfo, Option<PathBuf>)> = vec![];
    for p in &rule_paths {
        if p.as_os_str() == config::REACH_ERROR || p.as_os_str() == config::NULL_DEREF {
            let builtin = if p.as_os_str() == config::REACH_ERROR { reach_error_rule() } else { null_deref_rule() };
            if !rules.iter().any(|(r, _)| r.id == builtin.id) {
                rules.push((builtin, None));
            }
            continue;
        }
        if !p.is_file() {
            return Err(input_error(&format!("{}: no such rule file", p.display())));
        }
        let stem = p.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_else(|| "rule".into());
        let mut id = stem.clone();
        let mut n = 2;
        while rules.iter().any(|(r, _)| r.id == id) {
            id = format!("{stem}-{n}");
            n += 1;
        }
        let text = std::fs::read_to_string(p).unwrap_or_default();
        let description = report::rule_description(&text).unwrap_or_else(|| format!("SLIC rule {stem}"));
        rules.push((RuleInfo { id, file: Some(inputs::display_name(p, root)), description }, Some(p.clone())));
    }
    if rules.is_empty() {
        rules.push((reach_error_rule(), None));
    }
    Ok(rules)
}

pub(crate) fn reach_error_rule() -> RuleInfo {
    RuleInfo { id: config::REACH_ERROR.into(), file: None, description: report::UNREACH_CALL_DESCRIPTION.into() }
}

pub(crate) fn null_deref_rule() -> RuleInfo {
    RuleInfo {
        id: config::NULL_DEREF.into(),
        file: None,
        description: "No NULL pointer is dereferenced (*p, p->f, p[i]).".into(),
    }
}

/// What a unit contributes: the file its checks read (the unit, or a wrapper that includes
/// its forced headers first), that file's preprocessed text's hash, and its entry points.
struct Planned {
    unit: Unit,
    check_file: PathBuf,
    hash: String,
    /// Each entry with why it is one.
    entries: Vec<(String, String)>,
    /// Whether the unit's own file defines an external `main`.
    has_main: bool,
    /// The external functions the unit's own file defines.
    externals: Vec<String>,
    /// Per entry, the digests of what its checks depend on, or why they are keyed by the
    /// unit's text; and the rules it cannot reach an error of.
    deps: depends::UnitDeps,
    /// The functions the preprocessed unit defines (a program's keys place failures by them).
    defs: Vec<scan::FnDef>,
    /// The files the preprocessed unit comes from, with hashes of their contents.
    contents: Vec<String>,
}

/// What the checks of one report line run on: a unit on its own, or a whole program.
struct Target {
    /// The unit's name, or the program's.
    name: String,
    mode: &'static str,
    files: Vec<PathBuf>,
    includes: Vec<PathBuf>,
    defines: Vec<String>,
    forced: Vec<PathBuf>,
    hash: String,
    entries: Vec<(String, String)>,
    /// A unit's entries' digests and the rules each cannot reach an error of (`depends`);
    /// none for a whole program (keyed by its text).
    deps: depends::UnitDeps,
    /// Its checks run `--thread-roots`: a whole program, or a unit whose file starts threads.
    thread_roots: bool,
}

/// The default time limit of a check, in seconds. A check that will not finish holds a core
/// for the whole limit, and those checks are most of a cold run's time: at 60 s a 1,400-line
/// file (linenoise) took well over 10 minutes on 2 cores; at 10 s memcached's 46 time limits
/// held 475 of its 730 child seconds (380 s cold). At 6 s memcached runs in 279 s with 4 of
/// its 754 SAFE verdicts lost and the planted bugs found as at 10 s (16 of 20); docs/ci.md
/// has the numbers.
const DEFAULT_TIME_SECS: f64 = 6.0;

/// Whether C source text calls `pthread_create` or `thrd_create` (an identifier followed by
/// `(`): such a unit's checks run with `--thread-roots` (docs/ci.md, "Entry points"); the
/// others without it, so that their violations can still be confirmed by a compiled run.
fn starts_threads(text: &str) -> bool {
    ["pthread_create", "thrd_create"].iter().any(|name| {
        text.match_indices(name).any(|(i, _)| {
            let before = text[..i].chars().next_back();
            let ident = |c: char| c.is_ascii_alphanumeric() || c == '_';
            !before.is_some_and(ident) && text[i + name.len()..].trim_start().starts_with('(')
        })
    })
}

impl Target {
    fn of_unit(p: Planned) -> Target {
        let thread_roots = std::fs::read_to_string(&p.unit.file).is_ok_and(|t| starts_threads(&t));
        Target {
            thread_roots,
            name: p.unit.name.clone(),
            mode: "unit",
            files: vec![p.check_file],
            includes: p.unit.includes,
            defines: p.unit.defines,
            forced: p.unit.forced,
            hash: p.hash,
            entries: p.entries,
            deps: p.deps,
        }
    }
}

const MAIN_REASON: &str = "main: where the program starts";

/// Units and programs: the units the programs' globs match (the first program that matches
/// takes a unit) form the programs, the others stay units. A program that matches no unit is
/// an input error.
#[allow(clippy::too_many_arguments)]
fn targets(
    programs: &[(String, Vec<String>)],
    units: Vec<Planned>,
    wanted: &[String],
    rules: &[Option<PathBuf>],
    ilp32: bool,
    cache_dir: &Path,
    probe: Option<&Path>,
    roots_cache: Option<(&Path, &str)>,
) -> Result<(Vec<Target>, Vec<ProgramInfo>), String> {
    let mut rest = units;
    let mut out = vec![];
    let mut infos = vec![];
    for (name, globs) in programs {
        let (mine, others): (Vec<Planned>, Vec<Planned>) =
            rest.into_iter().partition(|p| globs.iter().any(|g| inputs::glob_match(g, &p.unit.name)));
        rest = others;
        if mine.is_empty() {
            return Err(format!("program `{name}`: its units ({}) match none of the inputs", globs.join(", ")));
        }
        let (t, info) = plan_program(name, mine, wanted, rules, ilp32, cache_dir, probe, roots_cache)?;
        out.push(t);
        infos.push(info);
    }
    out.extend(rest.into_iter().map(Target::of_unit));
    Ok((out, infos))
}

/// A whole program: its units lowered together (with the union of their flags) and checked
/// from its roots: `main`, the functions it hands to its environment (`program_roots`) and
/// those `entries` names. Its checks run with `--thread-roots`.
#[allow(clippy::too_many_arguments)]
fn plan_program(
    name: &str,
    units: Vec<Planned>,
    wanted: &[String],
    rules: &[Option<PathBuf>],
    ilp32: bool,
    cache_dir: &Path,
    probe: Option<&Path>,
    roots_cache: Option<(&Path, &str)>,
) -> Result<(Target, ProgramInfo), String> {
    fn union<T: Clone + PartialEq>(lists: impl Iterator<Item = Vec<T>>) -> Vec<T> {
        let mut out: Vec<T> = vec![];
        for l in lists {
            for x in l {
                if !out.contains(&x) {
                    out.push(x);
                }
            }
        }
        out
    }
    if !units.iter().any(|u| u.has_main) {
        return Err(format!("program `{name}`: none of its units defines `main` (check libraries as units)"));
    }
    let files: Vec<PathBuf> = units.iter().map(|u| u.check_file.clone()).collect();
    let includes = union(units.iter().map(|u| u.unit.includes.clone()));
    let defines = union(units.iter().map(|u| u.unit.defines.clone()));
    let forced = union(units.iter().map(|u| u.unit.forced.clone()));
    let hashes: Vec<String> = units.iter().map(|u| format!("{} {}\n", u.unit.name, u.hash)).collect();
    let hash = cache::sha256(&[hashes.concat().as_bytes()]);
    let mut entries: Vec<(String, String)> = vec![("main".into(), MAIN_REASON.into())];
    // the roots of the same program text, found by the same binary, are kept (lowering a
    // whole program takes seconds)
    let cached = roots_cache.map(|(dir, ident)| {
        let key = cache::sha256(&[ident.as_bytes(), hash.as_bytes(), if ilp32 { b"ilp32" } else { b"lp64" }]);
        dir.join("v2").join("roots").join(format!("{key}.json"))
    });
    let found: Option<Vec<(String, String)>> =
        cached.as_ref().and_then(|p| std::fs::read_to_string(p).ok()).and_then(|t| serde_json::from_str(&t).ok());
    match found {
        Some(f) => entries.extend(f),
        None => {
            let found = program_roots(&units, &files, &includes, &defines, ilp32, cache_dir);
            if let Some(p) = &cached {
                let _ = p.parent().map(std::fs::create_dir_all);
                let _ = std::fs::write(p, serde_json::to_string(&found).unwrap_or_default());
            }
            entries.extend(found);
        }
    }
    for w in wanted {
        if !entries.iter().any(|(e, _)| e == w) && units.iter().any(|u| u.externals.contains(w)) {
            entries.push((w.clone(), "named in `entries`".into()));
        }
    }
    let info = ProgramInfo {
        name: name.to_string(),
        units: units.iter().map(|u| u.unit.name.clone()).collect(),
        entries: entries.clone(),
    };
    // the keys of the roots' checks: the program lowered as they lower it (`depends`)
    let deps = match probe {
        Some(probe) => {
            let base = cfront::Options {
                includes: includes.clone(),
                defines: defines.clone(),
                data_model: if ilp32 { cfront::DataModel::Ilp32 } else { cfront::DataModel::Lp64 },
                ..Default::default()
            };
            let defs: Vec<scan::FnDef> = units.iter().flat_map(|u| u.defs.iter().cloned()).collect();
            let mut contents: Vec<String> = units.iter().flat_map(|u| u.contents.iter().cloned()).collect();
            contents.sort();
            contents.dedup();
            let names: Vec<String> = entries.iter().map(|(e, _)| e.clone()).collect();
            depends::program_digests(&files, &base, &defs, &contents, &names, rules, probe, roots_cache)
        }
        None => Default::default(),
    };
    let t = Target {
        name: name.to_string(),
        mode: "program",
        files,
        includes,
        defines,
        forced,
        hash,
        entries,
        deps,
        thread_roots: true,
    };
    Ok((t, info))
}

/// The roots of a program other than `main` (see `roots::roots`), with their reasons.
fn program_roots(
    units: &[Planned],
    files: &[PathBuf],
    includes: &[PathBuf],
    defines: &[String],
    ilp32: bool,
    cache_dir: &Path,
) -> Vec<(String, String)> {
    // The roots are read from every function that lowers, whether or not `main` reaches
    // it: the program is lowered from a probe entry that reaches nothing, so that a function
    // the front end rejects is dropped (its checks say why) instead of failing the whole.
    let probe = depends::probe_file(cache_dir);
    let probe_ok = probe.is_ok();
    let mut probe_files = files.to_vec();
    probe_files.extend(probe);
    let opts = cfront::Options {
        entry: depends::PROBE.into(),
        includes: includes.to_vec(),
        defines: defines.to_vec(),
        data_model: if ilp32 { cfront::DataModel::Ilp32 } else { cfront::DataModel::Lp64 },
        thread_roots: true,
        ..Default::default()
    };
    let mut entries: Vec<(String, String)> = vec![];
    // functions other units define are no external functions
    let defined: HashSet<String> = units.iter().flat_map(|u| u.externals.iter().cloned()).collect();
    let mut add = |p: &cminus::Program| {
        for r in roots::roots(p, &defined) {
            if r.name != depends::PROBE && !entries.iter().any(|(e, _)| *e == r.name) {
                entries.push((r.name, r.reason));
            }
        }
    };
    if probe_ok {
        match cfront::lower_files(&probe_files, &opts) {
            Ok(p) => add(&p),
            // a unit that does not even parse: the roots of each unit that does
            Err(_) => {
                for f in files {
                    if let Ok(p) = cfront::lower_files(&[f.clone(), probe_files[files.len()].clone()], &opts) {
                        add(&p);
                    }
                }
            }
        }
    }
    entries
}

fn plan_unit(
    unit: &Unit,
    wanted: &[String],
    rules: &[Option<PathBuf>],
    ilp32: bool,
    cache_dir: &Path,
    probe: Option<&Path>,
    store: Option<(&Path, &str)>,
) -> Result<Planned, String> {
    let check_file = if unit.forced.is_empty() { unit.file.clone() } else { forced_wrapper(cache_dir, unit)? };
    let pre = scan::preprocess(&check_file, unit, ilp32)?;
    let hash = cache::sha256(&[pre.as_bytes()]);
    let defs = scan::definitions(&pre);
    let marker = unit.file.display().to_string();
    let own: Vec<&scan::FnDef> = defs.iter().filter(|d| d.file == marker).collect();
    let externals: Vec<String> = own.iter().filter(|d| !d.is_static).map(|d| d.name.clone()).collect();
    let has_main = externals.iter().any(|d| d == "main");
    let mut entries: Vec<(String, String)> = if has_main {
        vec![("main".into(), MAIN_REASON.into())]
    } else if wanted.iter().any(|w| externals.contains(w)) {
        wanted.iter().filter(|w| externals.contains(w)).map(|w| (w.clone(), "named in `entries`".into())).collect()
    } else {
        let why = "an external function of the unit, called with arbitrary arguments";
        externals.iter().map(|d| (d.clone(), why.to_string())).collect()
    };
    entries.sort();
    entries.dedup();
    if entries.is_empty() {
        // Nothing to check — unless the unit does not even parse: then say so (a unit that
        // is only data is fine). The front end needs an entry; its absence is not an error here.
        // Data slam does not model (Redis's command table) is a warning: no check needs it.
        let opts = cfront::Options { entry: "main".into(), ..unit.front_options(ilp32) };
        if let Err(diags) = cfront::lower_files(std::slice::from_ref(&unit.file), &opts) {
            if let Some(d) = diags.iter().find(|d| d.kind != source::DiagKind::NoEntry) {
                let at = format!("{}:{}:{}: {}", d.file, d.line, d.col, d.message);
                if d.kind != source::DiagKind::Unsupported {
                    return Err(at);
                }
                eprintln!("slam gate: warning: {at} (the unit defines no function to check)");
            }
        }
    }
    let names: Vec<String> = entries.iter().map(|(e, _)| e.clone()).collect();
    let contents = depends::source_contents(&pre);
    let deps = match probe {
        Some(probe) if !names.is_empty() => {
            depends::unit_digests(&check_file, unit, ilp32, &pre, &defs, &contents, &names, rules, probe, store)
        }
        _ => Default::default(),
    };
    Ok(Planned { unit: unit.clone(), check_file, hash, entries, has_main, externals, deps, defs, contents })
}

/// Identity of the slam binary that runs the checks (a new build may answer differently):
/// a hash of its contents.
fn binary_identity(exe: &Path) -> String {
    let bytes = std::fs::read(exe).unwrap_or_default();
    format!("{} {}", env!("CARGO_PKG_VERSION"), cache::sha256(&[&bytes]))
}

/// The binary's size and modification time: when they change during a run, the checks ran
/// (in part) another binary than the one the keys name, and their results are not cached.
fn binary_stamp(exe: &Path) -> Option<(u64, std::time::SystemTime)> {
    let m = std::fs::metadata(exe).ok()?;
    Some((m.len(), m.modified().ok()?))
}

/// A fingerprint of a violation that survives unrelated line shifts: the rule, the unit, the
/// entry, the message, and the functions along the trace (not lines, not values).
pub fn fingerprint(file: &str, entry: &str, rule: &str, cex: &results::Counterexample) -> String {
    let mut calls: Vec<&str> = vec![];
    for s in &cex.steps {
        if calls.last() != Some(&s.function.as_str()) {
            calls.push(&s.function);
        }
    }
    let place = cex.steps.last().map(|s| s.source.split_whitespace().collect::<Vec<_>>().join(" ")).unwrap_or_default();
    cache::sha256(&[
        b"slam/v1",
        rule.as_bytes(),
        file.as_bytes(),
        entry.as_bytes(),
        cex.message.as_bytes(),
        calls.join(">").as_bytes(),
        place.as_bytes(),
    ])[..32]
        .to_string()
}

/// The project directory relative to the nearest enclosing repository (a `.git` entry).
fn repo_path(root: &Path) -> Option<String> {
    let repo = root.ancestors().find(|d| d.join(".git").exists())?;
    let rel = root.strip_prefix(repo).ok()?;
    Some(rel.components().map(|c| c.as_os_str().to_string_lossy().into_owned()).collect::<Vec<_>>().join("/"))
}

/// Make trace file names relative to the project directory (as SARIF and people want them).
fn relativise(r: &mut CheckResult, root: &Path) {
    // Messages name files too (an input error's file:line:col).
    let prefix = format!("{}/", root.display());
    if r.detail.contains(&prefix) {
        r.detail = r.detail.replace(&prefix, "");
    }
    if let Some(c) = r.counterexample.as_mut() {
        let rel = |f: &mut String| {
            let p = Path::new(f.as_str());
            if p.is_absolute() {
                *f = inputs::display_name(&inputs::clean(p), root);
            }
        };
        for s in &mut c.steps {
            rel(&mut s.file);
        }
        if let Some(e) = c.error.as_mut() {
            rel(&mut e.file);
        }
    }
}

pub fn run(a: Args) -> u8 {
    let t0 = Instant::now();
    let format = a.format.as_str();
    if !["text", "json", "sarif", "junit"].contains(&format) {
        return usage(&format!("unknown format `{format}` (text, json, sarif, junit)"));
    }
    let shard = match &a.shard {
        None => None,
        Some(s) => match parse_shard(s) {
            Some(x) => Some(x),
            None => return usage(&format!("--shard: `{s}` is not k/n with 1 <= k <= n")),
        },
    };
    let s = match settings(&a) {
        Ok(s) => s,
        Err(code) => return code,
    };
    let baseline = match &a.baseline {
        None => None,
        Some(p) => match sarif::fingerprints(p) {
            Ok(f) => Some(f),
            Err(e) => return input_error(&e),
        },
    };
    let exe = match a.slam.clone().map(Ok).unwrap_or_else(std::env::current_exe) {
        Ok(e) => e,
        Err(e) => return input_error(&format!("cannot find the slam binary: {e}")),
    };
    let jobs = a.jobs.unwrap_or_else(|| std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1)).max(1);
    let pool = match rayon::ThreadPoolBuilder::new().num_threads(jobs).build() {
        Ok(p) => p,
        Err(e) => return input_error(&format!("cannot start {jobs} workers: {e}")),
    };
    let cache_dir = a.cache_dir.clone().map(|d| absolute(&d)).unwrap_or_else(|| s.root.join(".slam-cache"));

    // the keys' digests come from this binary's front end (`depends`), the results from `exe`
    let ident = match std::env::current_exe() {
        Ok(me) if me != exe => format!("{} gate {}", binary_identity(&exe), binary_identity(&me)),
        _ => binary_identity(&exe),
    };
    // Plan: preprocess every unit, find its entries, lower it for its checks' keys.
    let probe = match depends::probe_file(&cache_dir) {
        Ok(p) => Some(p),
        Err(e) => {
            eprintln!("slam gate: warning: {e}: checks are keyed by their units' texts");
            None
        }
    };
    // (a whole program is keyed by its units' texts: its units need no lowering of their own)
    let in_program =
        |u: &Unit| s.programs.iter().any(|(_, globs)| globs.iter().any(|g| inputs::glob_match(g, &u.name)));
    // the rules the gate may decide itself when an entry reaches none of their errors: rule
    // files, checked by the CEGAR engine (whose first test that is)
    let decidable: Vec<Option<PathBuf>> =
        s.rules.iter().map(|(_, p)| p.clone().filter(|_| s.engine.starts_with("cegar"))).collect();
    let planned: Vec<Result<Planned, String>> = pool.install(|| {
        s.units
            .par_iter()
            .map(|u| {
                let probe = probe.as_deref().filter(|_| !in_program(u));
                let store = (!a.no_cache).then_some((cache_dir.as_path(), ident.as_str()));
                plan_unit(u, &s.entries, &decidable, s.ilp32, &cache_dir, probe, store)
            })
            .collect()
    });
    let mut units = vec![];
    for p in planned {
        match p {
            Ok(p) => units.push(p),
            Err(e) => return input_error(&e),
        }
    }
    let roots_cache = (!a.no_cache).then_some((cache_dir.as_path(), ident.as_str()));
    let (mut targets, mut programs) =
        match targets(&s.programs, units, &s.entries, &decidable, s.ilp32, &cache_dir, probe.as_deref(), roots_cache) {
            Ok(t) => t,
            Err(e) => return input_error(&e),
        };
    // `exclude = ["unit:function"]`: entries not to check (e.g. a lock wrapper, checked from
    // its callers)
    for t in &mut targets {
        let name = t.name.clone();
        t.entries.retain(|(e, _)| {
            !s.excludes.iter().any(|g| g.contains(':') && inputs::glob_match(g, &format!("{name}:{e}")))
        });
    }
    for p in &mut programs {
        let name = p.name.clone();
        p.entries.retain(|(e, _)| {
            !s.excludes.iter().any(|g| g.contains(':') && inputs::glob_match(g, &format!("{name}:{e}")))
        });
    }
    // reasons name places relative to the project, as the rest of the report does
    let prefix = format!("{}/", s.root.display());
    let entries = targets.iter_mut().map(|t| &mut t.entries).chain(programs.iter_mut().map(|p| &mut p.entries));
    for (_, why) in entries.flatten() {
        *why = why.replace(&prefix, "");
    }
    let stamp = binary_stamp(&exe);
    let mut todo = todo_list(&s, &targets, &ident);
    if let Some((k, n)) = shard {
        todo = todo.into_iter().enumerate().filter(|(i, _)| i % n == k - 1).map(|(_, t)| t).collect();
    }
    let cache = (!a.no_cache).then(|| cache::Cache::new(&cache_dir));
    let cache_limits = !a.retry_limits && (a.cache_limits || s.cache_limits);
    let hints = cache.as_ref().map(cache::Cache::times).unwrap_or_default();
    // entries judged lock wrappers before under the same program digest: that verdict at once
    let mut judged: Vec<Check> = Vec::new();
    if let Some(cc) = cache.as_ref().filter(|_| s.wrappers) {
        todo.retain(|t| match judged_key(&t.check).and_then(|k| cc.get_value::<Judged>(&k)) {
            Some(j) => {
                let c = Check { result: j.result, wrapper: Some(j.note), cached: true, ..t.check.clone() };
                judged.push(c);
                false
            }
            None => true,
        });
    }
    let specs: std::collections::HashMap<String, exec::Spec> =
        todo.iter().map(|t| (t.check.id.clone(), t.spec.clone())).collect();
    let mut checks = run_checks(
        &pool,
        todo,
        (&exe, stamp),
        cache.as_ref().map(|c| (c, cache_limits)),
        &hints,
        &s.root,
        !a.no_progress,
    );
    // units mode: an entry whose check found a violation is checked under the rule's wrapper
    // reading (`wrappers`): a proof there makes it a lock wrapper, SAFE with that reason
    let readings = if s.wrappers { rule_readings(&s.rules, &cache_dir) } else { vec![None; s.rules.len()] };
    let (places, second) = wrapper_todo(&checks, &s.rules, &readings, &specs);
    let second = run_checks(
        &pool,
        second,
        (&exe, stamp),
        cache.as_ref().map(|c| (c, cache_limits)),
        &hints,
        &s.root,
        !a.no_progress,
    );
    let mut third_places = vec![];
    let mut third = vec![];
    for (i, w) in places.into_iter().zip(&second) {
        judge_wrapper(&mut checks[i], w, &s.rules, &readings);
        if let Some(t) = helper_todo(&checks[i], w, &s.rules, &cache_dir, &specs) {
            third_places.push(i);
            third.push(t);
        }
    }
    // an entry that took and released a global on the reading's path (`init_lock` next to
    // the `worker_hang_lock` it returns holding): once more, with those globals as helpers
    let (third, helpers): (Vec<Todo>, Vec<Vec<String>>) = third.into_iter().unzip();
    let third = run_checks(
        &pool,
        third,
        (&exe, stamp),
        cache.as_ref().map(|c| (c, cache_limits)),
        &hints,
        &s.root,
        !a.no_progress,
    );
    if let Some(c) = &cache {
        let all: Vec<Check> = checks.iter().chain(&second).chain(&third).cloned().collect();
        c.save_times(hints, &all);
    }
    for ((i, w), hs) in third_places.into_iter().zip(third).zip(helpers) {
        if w.result.verdict == Verdict::Safe {
            judge_wrapper(&mut checks[i], &w, &s.rules, &readings);
            let names: Vec<String> = hs.iter().map(|g| format!("`{g}`")).collect();
            let with = format!(
                " Helpers: {} — on every path that takes one it releases it again before returning (the \
                 rule's own check, per object).",
                names.join(", ")
            );
            checks[i].result.detail.push_str(&with);
            if let Some(n) = &mut checks[i].wrapper {
                n.reason.push_str(&with);
            }
        }
    }
    // keep each entry's judgement as a lock wrapper for the next run (not when the binary
    // changed since the keys were made)
    if let Some(cc) = cache.as_ref().filter(|_| stamp.is_some() && binary_stamp(&exe) == stamp) {
        for c in &checks {
            let Some(note) = c.wrapper.as_ref().filter(|n| n.judged && c.result.verdict == Verdict::Safe) else {
                continue;
            };
            if let Some(k) = judged_key(c) {
                if let Err(e) = cc.put_value(&k, &Judged { result: c.result.clone(), note: note.clone() }) {
                    eprintln!("slam gate: warning: cannot write the cache: {e}");
                }
            }
        }
    }
    checks.extend(judged);
    checks.sort_by(|x, y| x.id.cmp(&y.id));

    let mut report = Report {
        version: 1,
        slam_version: env!("CARGO_PKG_VERSION").into(),
        rules: s.rules.iter().map(|(r, _)| r.clone()).collect(),
        shard: a.shard.clone(),
        repo_path: repo_path(&s.root),
        programs,
        checks,
        stats: Stats::default(),
    };
    for c in &mut report.checks {
        if let Some(cex) = &c.result.counterexample {
            let fp = fingerprint(&c.file, &c.entry, &c.rule, cex);
            if let Some(base) = &baseline {
                c.baseline = Some(if base.contains(&fp) { "unchanged" } else { "new" }.into());
            }
            c.fingerprint = Some(fp);
        }
    }
    report.stats = stats(&report.checks, t0.elapsed().as_secs_f64());
    if let Err(code) = write_outputs(&a, &report, baseline.is_some()) {
        return code;
    }
    exit_code(&report.stats, a.fail_on_unknown)
}

/// An entry's verdict as a lock wrapper (`judge_wrapper`), kept under its check's program
/// digest ([`judged_key`]): it names no place, so a line added above the entry does not run
/// its three stages again (its ordinary check's violation names lines and is not reused).
/// The same program, rule and options give the same ordinary check and the same readings.
#[derive(serde::Serialize, serde::Deserialize)]
struct Judged {
    result: CheckResult,
    note: WrapperNote,
}

/// The cache key of a check's [`Judged`] verdict (none without a program digest).
fn judged_key(c: &Check) -> Option<String> {
    c.key_program.as_ref().map(|k| cache::sha256(&[k.as_bytes(), b"\0judged a lock wrapper\0"]))
}

/// A check to run: its record in the report and how to run it (or its result when the gate
/// decided it: an entry that reaches no error statement of the rule).
struct Todo {
    check: Check,
    spec: exec::Spec,
    decided: Option<CheckResult>,
}

/// The result the engine gives a check whose entry reaches no error statement of its rule
/// (`engine::entry_reaches_an_error`), made by the gate without a child.
fn no_error_reachable() -> CheckResult {
    CheckResult::stopped(Verdict::Safe, "safe", engine::NO_ERROR_REACHABLE.into(), 0.0)
}

/// Each rule's wrapper reading (`wrappers::derive`) written to a file the children read, or
/// none (a built-in property, a rule of another shape, a file that cannot be written).
fn rule_readings(
    rules: &[(RuleInfo, Option<PathBuf>)],
    cache_dir: &Path,
) -> Vec<Option<(PathBuf, wrappers::Reading, Vec<String>)>> {
    rules
        .iter()
        .map(|(info, path)| {
            let path = path.as_ref()?;
            let rule = slic::preprocess_and_parse(path, &Default::default()).ok()?;
            let reading = wrappers::derive(&rule)?;
            let file = write_reading(cache_dir, &format!("{}-reading", info.id), &reading.text)?;
            Some((file, reading, wrappers::exit_messages(&rule)))
        })
        .collect()
}

/// A derived rule's text written where the children read it (`readings/STEM-HASH.slic` in
/// the cache directory), or `None` when it cannot be written.
fn write_reading(cache_dir: &Path, stem: &str, text: &str) -> Option<PathBuf> {
    let dir = cache_dir.join("readings");
    std::fs::create_dir_all(&dir).ok()?;
    let file = dir.join(format!("{stem}-{}.slic", &cache::sha256(&[text.as_bytes()])[..12]));
    std::fs::write(&file, text).ok()?;
    Some(file)
}

/// A wrapper reading's check gets this many times the check's own time limit: it runs only
/// for an entry whose check found a violation (a few per codebase: 20 of memcached's 816),
/// and its rule tracks more state than the rule's own (memcached's `pause_threads` needs 13 s
/// under its reading where its own check takes 1 s; at the default 10 s it was reported).
const READING_TIME_FACTOR: f64 = 2.0;

/// The checks of the wrapper readings: one per unit-mode check that found a violation of a
/// rule that has a reading; with the index of the check each belongs to.
fn wrapper_todo(
    checks: &[Check],
    rules: &[(RuleInfo, Option<PathBuf>)],
    readings: &[Option<(PathBuf, wrappers::Reading, Vec<String>)>],
    specs: &std::collections::HashMap<String, exec::Spec>,
) -> (Vec<usize>, Vec<Todo>) {
    let mut places = vec![];
    let mut todo = vec![];
    for (i, c) in checks.iter().enumerate() {
        if c.mode != "unit" || c.result.verdict != Verdict::Violation {
            continue;
        }
        let Some(ri) = rules.iter().position(|(r, _)| r.id == c.rule) else { continue };
        let Some((file, reading, _)) = &readings[ri] else { continue };
        let Some(spec) = specs.get(&c.id) else { continue };
        places.push(i);
        todo.push(reading_todo(c, spec, "wrapper", file.clone(), &reading.text));
    }
    (places, todo)
}

/// The check of entry `c` under a reading of its rule (`text`, written to `file`): the
/// check's spec with that rule and [`READING_TIME_FACTOR`] times its time, its id with
/// `~suffix`, its keys with the reading's text.
fn reading_todo(c: &Check, spec: &exec::Spec, suffix: &str, file: PathBuf, text: &str) -> Todo {
    let mut spec = spec.clone();
    spec.rule = Some(file);
    spec.time_secs *= READING_TIME_FACTOR;
    let rekey = |k: &str| cache::sha256(&[k.as_bytes(), b"\0wrapper reading\0", text.as_bytes()]);
    let check = Check {
        id: format!("{}~{suffix}", c.id),
        key: rekey(&c.key),
        key_program: c.key_program.as_deref().map(rekey),
        cached: false,
        result: CheckResult::stopped(Verdict::Unknown, "not_run", String::new(), 0.0),
        fingerprint: None,
        baseline: None,
        wrapper: None,
        ..c.clone()
    };
    Todo { check, spec, decided: None }
}

/// The check of the wrapper reading with helpers (`wrappers::derive_with_helpers`) for an
/// entry its reading judged no wrapper because the path took and released an object: the
/// helpers are the globals that path handed to the rule's lock and unlock
/// (`wrappers::helper_candidates`); with them.
fn helper_todo(
    c: &Check,
    w: &Check,
    rules: &[(RuleInfo, Option<PathBuf>)],
    cache_dir: &Path,
    specs: &std::collections::HashMap<String, exec::Spec>,
) -> Option<(Todo, Vec<String>)> {
    if w.result.verdict != Verdict::Violation || w.result.detail != wrappers::DISAGREE.replace("$fname", &c.entry) {
        return None;
    }
    let (_, path) = rules.iter().find(|(r, _)| r.id == c.rule)?;
    let rule = slic::preprocess_and_parse(path.as_ref()?, &Default::default()).ok()?;
    let cex = w.result.counterexample.as_ref()?;
    let helpers = wrappers::helper_candidates(&rule, cex.steps.iter().map(|s| s.source.as_str()));
    if helpers.is_empty() {
        return None;
    }
    let reading = wrappers::derive_with_helpers(&rule, &helpers)?;
    let file = write_reading(cache_dir, &format!("{}-helpers", c.rule), &reading.text)?;
    Some((reading_todo(c, specs.get(&c.id)?, "helpers", file, &reading.text), helpers))
}

/// A check's verdict after its wrapper reading's check `w`: SAFE as a lock wrapper when the
/// reading is proved, else the violation as it was with the reason it is no wrapper.
fn judge_wrapper(
    c: &mut Check,
    w: &Check,
    rules: &[(RuleInfo, Option<PathBuf>)],
    readings: &[Option<(PathBuf, wrappers::Reading, Vec<String>)>],
) {
    let Some(ri) = rules.iter().position(|(r, _)| r.id == c.rule) else { return };
    let Some((_, reading, exits)) = &readings[ri] else { return };
    let unit_detail = c.result.detail.clone();
    let place = w
        .result
        .counterexample
        .as_ref()
        .and_then(|x| x.error.as_ref())
        .map(|p| format!(" ({}:{})", p.file, p.line))
        .unwrap_or_default();
    let (m, u, h) = (&reading.var, &reading.initial, &reading.held);
    match w.result.verdict {
        Verdict::Safe => {
            let acquire = exits.iter().any(|e| e.replace("$fname", &c.entry) == unit_detail);
            let kind = if acquire { "acquire" } else { "release" };
            let what = if acquire {
                format!("it returns holding what it took (`{m}` from `{u}` to `{h}`) for its caller to release")
            } else {
                format!("it releases what its caller holds (`{m}` from `{h}` to `{u}`)")
            };
            let reason = format!(
                "judged a lock wrapper ({kind}): on every path {} leaves each object whose state it changes \
                 changed — taken for its caller or released from its caller's hold — with no other error of \
                 the rule (proved under the rule's wrapper reading, docs/ci.md); {what}. The check under the \
                 rule alone said: {unit_detail}",
                c.entry
            );
            c.result = CheckResult {
                verdict: Verdict::Safe,
                reason: "wrapper".into(),
                detail: reason.clone(),
                iterations: w.result.iterations,
                predicates: w.result.predicates,
                time_secs: c.result.time_secs + w.result.time_secs,
                counterexample: None,
                confirmation: None,
            };
            c.cached = c.cached && w.cached;
            c.wrapper = Some(WrapperNote { judged: true, kind: Some(kind.into()), reason, unit_detail });
        }
        Verdict::Violation => {
            let own = wrappers::DISAGREE.replace("$fname", &c.entry);
            let reason = if w.result.detail == own {
                format!("not a lock wrapper: under the rule's wrapper reading (docs/ci.md): {}{place}", w.result.detail)
            } else {
                format!(
                    "not a lock wrapper: even where its first operation on an object may release its caller's \
                     hold (the rule's wrapper reading, docs/ci.md) it breaks the rule: {}{place}; the trace is \
                     that reading's",
                    w.result.detail
                )
            };
            // an error of the rule itself under the reading (an unlock after the entry's own
            // unlock: its first unlock released its caller's hold) is the finding to show
            if w.result.detail != own && w.result.counterexample.is_some() {
                let time = c.result.time_secs + w.result.time_secs;
                c.result = CheckResult { time_secs: time, ..w.result.clone() };
                c.cached = c.cached && w.cached;
            }
            c.wrapper = Some(WrapperNote { judged: false, kind: None, reason, unit_detail });
        }
        _ => {
            let reason = format!(
                "whether it is a lock wrapper is undecided ({}: {}); reported as the rule alone finds it",
                w.result.reason,
                w.result.detail.trim()
            );
            c.wrapper = Some(WrapperNote { judged: false, kind: None, reason, unit_detail });
        }
    }
}

/// Every (unit, entry, rule) check, sorted by id, with its cache key: the binary, the unit's
/// text as the check reads it, the rule's text, the entry and the options.
fn todo_list(s: &Settings, targets: &[Target], ident: &str) -> Vec<Todo> {
    let rule_text: Vec<String> = s
        .rules
        .iter()
        .map(|(rule, path)| match path {
            Some(p) => std::fs::read_to_string(p).unwrap_or_default(),
            // a built-in property: its name (two built-ins must not share a cache entry)
            None => rule.id.clone(),
        })
        .collect();
    let mut todo: Vec<Todo> = vec![];
    for p in targets {
        if p.entries.is_empty() {
            eprintln!(
                "slam gate: warning: {}: no entry point (no main, none of the named entries, no external function)",
                p.name
            );
        }
        for (entry, why) in &p.entries {
            let digests = match p.deps.digests.get(entry) {
                Some(d) => d.clone(),
                None if p.mode == "program" => Err("the program was not lowered".to_string()),
                None => Err("no digest".to_string()),
            };
            let no_error = p.deps.no_error.get(entry);
            for (ri, ((rule, rpath), rtext)) in s.rules.iter().zip(&rule_text).enumerate() {
                let opts = format!(
                    "ilp32={} engine={} time={} mem={} iter={} I={:?} D={:?} forced={:?}",
                    s.ilp32, s.engine, s.time_secs, s.memory_mib, s.iterations, p.includes, p.defines, p.forced
                );
                let key_of = |scope: &str, digest: &str| {
                    cache::sha256(&[
                        ident.as_bytes(),
                        p.mode.as_bytes(),
                        scope.as_bytes(),
                        digest.as_bytes(),
                        rtext.as_bytes(),
                        entry.as_bytes(),
                        opts.as_bytes(),
                    ])
                };
                let (key, key_program, key_scope) = match &digests {
                    Ok((program, placed)) => {
                        (key_of("check", placed), Some(key_of("check-program", program)), "check".to_string())
                    }
                    Err(why) => (key_of("unit", &p.hash), None, format!("unit: {why}")),
                };
                let spec = exec::Spec {
                    files: p.files.clone(),
                    includes: p.includes.clone(),
                    defines: p.defines.clone(),
                    entry: entry.clone(),
                    rule: rpath.clone(),
                    property: (rule.id == config::NULL_DEREF).then(|| config::NULL_DEREF.to_string()),
                    ilp32: s.ilp32,
                    // a unit's too when it starts threads: a thread an entry starts is no
                    // part of the entry's own protocol (its start routine is checked where
                    // it is an entry)
                    thread_roots: p.thread_roots,
                    entry_mid_run: p.mode == "program" && entry != "main",
                    engine: s.engine.clone(),
                    time_secs: s.time_secs,
                    memory_mib: s.memory_mib,
                    iterations: s.iterations,
                };
                let check = Check {
                    id: format!("{}:{}:{}", p.name, entry, rule.id),
                    file: p.name.clone(),
                    entry: entry.clone(),
                    rule: rule.id.clone(),
                    key,
                    key_scope,
                    key_program,
                    cached: false,
                    result: CheckResult::stopped(Verdict::Unknown, "not_run", String::new(), 0.0),
                    fingerprint: None,
                    baseline: None,
                    mode: p.mode.to_string(),
                    entry_reason: why.clone(),
                    wrapper: None,
                };
                let decided = no_error.is_some_and(|rs| rs.contains(&ri)).then(no_error_reachable);
                todo.push(Todo { check, spec, decided });
            }
        }
    }
    todo.sort_by(|x, y| x.check.id.cmp(&y.check.id));
    todo
}

/// Run the checks on the pool (or take them from the cache), with progress. The checks are
/// taken longest first by the time each took when it last ran (`hints`; a check never seen
/// counts as long), one at a time from a shared queue, so that a long check does not start
/// last while the other workers are idle; the result keeps the checks' order.
fn run_checks(
    pool: &rayon::ThreadPool,
    todo: Vec<Todo>,
    (exe, stamp): (&Path, Option<(u64, std::time::SystemTime)>),
    cache: Option<(&cache::Cache, bool)>,
    hints: &std::collections::HashMap<String, f64>,
    root: &Path,
    show_progress: bool,
) -> Vec<Check> {
    let progress = output::Progress::new(todo.len(), show_progress);
    let done = AtomicUsize::new(0);
    let mut order: Vec<usize> = (0..todo.len()).collect();
    let hint = |i: usize| hints.get(&todo[i].check.id).copied().unwrap_or(f64::INFINITY);
    order.sort_by(|&a, &b| hint(b).total_cmp(&hint(a)).then(a.cmp(&b)));
    let slots: Vec<std::sync::Mutex<Option<Check>>> = todo.iter().map(|_| std::sync::Mutex::new(None)).collect();
    let next = AtomicUsize::new(0);
    let one = |t: &Todo| -> Check {
        let mut c = t.check.clone();
        // under the program digest only a result that names no place (lines may have moved)
        let hit = cache.and_then(|(cc, _)| {
            cc.get(&c.key).or_else(|| c.key_program.as_ref().and_then(|k| cc.get(k)).filter(|r| !names_a_place(r)))
        });
        if let Some(hit) = hit {
            c.result = hit;
            c.cached = true;
        } else {
            c.result = match &t.decided {
                Some(r) => r.clone(),
                None => exec::run(exe, &t.spec),
            };
            relativise(&mut c.result, root);
            if let Some((cc, limits)) = cache {
                // not when the binary changed since the keys were made
                if c.result.cacheable_with(limits) && stamp.is_some() && binary_stamp(exe) == stamp {
                    let program_key = c.key_program.as_ref().filter(|_| !names_a_place(&c.result));
                    for k in std::iter::once(&c.key).chain(program_key) {
                        if let Err(e) = cc.put(k, &c.result) {
                            eprintln!("slam gate: warning: cannot write the cache: {e}");
                        }
                    }
                }
            }
        }
        c
    };
    pool.scope(|sc| {
        for _ in 0..pool.current_num_threads() {
            sc.spawn(|_| loop {
                let k = next.fetch_add(1, Ordering::SeqCst);
                let Some(&i) = order.get(k) else { break };
                let c = one(&todo[i]);
                let n = done.fetch_add(1, Ordering::SeqCst) + 1;
                progress.tick(n, &c);
                *slots[i].lock().unwrap_or_else(|e| e.into_inner()) = Some(c);
            });
        }
    });
    progress.finish();
    slots.into_iter().filter_map(|m| m.into_inner().unwrap_or_else(|e| e.into_inner())).collect()
}

/// Whether a result shows a place of the source (a trace, or `file:line` in its message): such
/// a result is reused only while the files it comes from are unchanged.
fn names_a_place(r: &CheckResult) -> bool {
    r.counterexample.is_some() || r.detail.as_bytes().windows(2).any(|w| w[0] == b':' && w[1].is_ascii_digit())
}

/// The report in the chosen format (on standard output, or `--output` with the table on
/// standard output), and the extra files (`--sarif`, `--junit`, `--json`).
fn write_outputs(a: &Args, report: &Report, with_baseline: bool) -> Result<(), u8> {
    let render = |f: &str| -> String {
        match f {
            "json" => serde_json::to_string_pretty(report).unwrap_or_default() + "\n",
            "sarif" => serde_json::to_string_pretty(&sarif::sarif(report, with_baseline)).unwrap_or_default() + "\n",
            "junit" => output::junit(report, a.fail_on_unknown),
            _ => output::text(report),
        }
    };
    let write = |path: &Path, text: &str| -> Result<(), u8> {
        std::fs::write(path, text).map_err(|e| input_error(&format!("{}: cannot write: {e}", path.display())))
    };
    let format = a.format.as_str();
    match &a.output {
        Some(o) => {
            write(o, &render(format))?;
            if format != "text" {
                print!("{}", output::text(report));
            }
        }
        None => print!("{}", render(format)),
    }
    for (path, f) in [(&a.sarif, "sarif"), (&a.junit, "junit"), (&a.json, "json")] {
        if let Some(p) = path {
            write(p, &render(f))?;
        }
    }
    Ok(())
}

pub fn stats(checks: &[Check], wall_secs: f64) -> Stats {
    let mut st = Stats { checks: checks.len(), wall_secs, ..Default::default() };
    for c in checks {
        if c.cached {
            st.cached += 1;
        } else {
            st.run += 1;
        }
        match c.result.verdict {
            Verdict::Safe => st.safe += 1,
            Verdict::Violation => {
                st.violations += 1;
                if c.baseline.as_deref() != Some("unchanged") {
                    st.new_violations += 1;
                }
            }
            Verdict::Unknown => st.unknown += 1,
            Verdict::Error => st.errors += 1,
        }
    }
    st
}

/// 10: a (new) violation; 2: a check's input was rejected; 5: UNKNOWN with
/// --fail-on-unknown; 0 otherwise.
pub fn exit_code(st: &Stats, fail_on_unknown: bool) -> u8 {
    if st.new_violations > 0 {
        exit::VIOLATION
    } else if st.errors > 0 {
        exit::INPUT
    } else if st.unknown > 0 && fail_on_unknown {
        exit::UNKNOWN
    } else {
        exit::HOLDS
    }
}

/// A C file that includes the `-include` headers and then the unit, so that `slam check`
/// (which has no `-include`) sees what the compiler sees; locations stay in the unit's file.
fn forced_wrapper(cache_dir: &Path, unit: &Unit) -> Result<PathBuf, String> {
    let mut text = String::new();
    for f in &unit.forced {
        text.push_str(&format!("#include \"{}\"\n", f.display()));
    }
    text.push_str(&format!("#include \"{}\"\n", unit.file.display()));
    let dir = cache_dir.join("wrappers");
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let stem = unit.file.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
    let path = dir.join(format!("{stem}-{}.c", &cache::sha256(&[text.as_bytes()])[..12]));
    std::fs::write(&path, text).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(path)
}

#[cfg(test)]
mod tests {
    use super::starts_threads;

    #[test]
    fn a_unit_starts_threads_when_it_calls_pthread_create() {
        assert!(starts_threads("int f(void) { return pthread_create (&t, 0, run, 0); }"));
        assert!(starts_threads("thrd_create(&t, run, 0);"));
        assert!(!starts_threads("int my_pthread_create(void); /* pthread_create */ int x;"));
        assert!(!starts_threads("#include <pthread.h>\nint f(void) { return 0; }"));
    }
}
