//! What one check's verdict depends on, for its cache key: the unit lowered once (for all its
//! checks), and per entry the part of that C-- program a run from the entry can execute —
//! the procedures the engine keeps (`Program::procs_reachable_from`, the same function the
//! engine prunes with), the globals they mention (with every global whose initialiser points
//! into them, and what those initialisers mention), the external functions they call, every
//! struct, the data model, the entry. A one-line edit in a function then re-runs only the
//! checks whose entries reach it.
//!
//! The printed form is the `Debug` form of those C-- values (every field, so nothing the
//! engine reads is left out) with statement ids and source locations blanked (a line added
//! above a function moves both without changing what runs) and string literals' globals
//! renamed in order of first mention (`__str12` becomes `__str#0`: a literal added elsewhere
//! renumbers them), as are the front end's labels within each procedure (`L31` becomes
//! `L#0`). That gives the *program digest*. The *placed digest* adds the contents of every
//! file the kept code comes from: a result that shows places (a trace, a message with
//! `file:line`) is only reused under it.
//!
//! What cannot be keyed this way falls back to the unit's preprocessed text (the digest
//! changes with any edit of the unit): a unit that does not lower, a unit with a failure the
//! gate cannot place in a function (a global, a prototype), and a check whose entry reaches a
//! function that failed to lower (its answer is that failure; the lowered program does not
//! show the function).

use crate::cache::sha256;
use crate::inputs::Unit;
use crate::scan::FnDef;
use cminus::{Expr, Init, Loc, Lval, Program, StmtId, StmtKind};
use std::collections::{BTreeSet, HashMap, HashSet};
use std::path::{Path, PathBuf};

/// The entry the probe lowering starts from (it reaches nothing, so that a function the front
/// end rejects is left out instead of failing the whole unit).
pub const PROBE: &str = "__slam_roots_probe";
/// An entry no unit defines: the lowering then keeps every failure's diagnostic.
const NO_ENTRY: &str = "__slam_gate_no_entry";
/// The atexit model's runner (cfront): every return of the entry calls it when the unit
/// registers a handler anywhere.
const ATEXIT_RUN: &str = "__slam_atexit_run";

/// The file defining the probe entry (written once, before the units are planned).
pub fn probe_file(cache_dir: &Path) -> Result<PathBuf, String> {
    let dir = cache_dir.join("wrappers");
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let path = dir.join("roots-probe.c");
    let text = format!("void {PROBE}(void) {{}}\n");
    if std::fs::read_to_string(&path).ok().as_deref() != Some(text.as_str()) {
        std::fs::write(&path, text).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    Ok(path)
}

/// Per entry of a unit: its (program digest, placed digest), or why it has none.
pub type Digests = std::collections::BTreeMap<String, Result<(String, String), String>>;

/// What the gate reads from a unit lowered once: the digests of its entries, and per entry
/// the rules (by their index in the gate's rule list) the entry cannot violate because, once
/// the rule is woven in, no error statement is in a procedure it can reach — the engine's
/// own first test (`engine::entry_reaches_an_error`), so the gate answers those checks as
/// the engine would (SAFE, `engine::NO_ERROR_REACHABLE`) without starting a child.
#[derive(Clone, Debug, Default, serde::Serialize, serde::Deserialize)]
pub struct UnitDeps {
    pub digests: Digests,
    pub no_error: std::collections::BTreeMap<String, Vec<usize>>,
}

/// The digests of a unit's entries: read back from `store` (the cache directory and the
/// gate binary's identity) when the unit's preprocessed text, the contents of every file that
/// text comes from, the entries and the options are those of an earlier run; else by lowering
/// the unit (and kept there). An unchanged unit is then not lowered again.
/// Each rule's path and text (`-` for a built-in property): what a check's key covers of it.
fn rule_texts(rules: &[Option<PathBuf>]) -> Vec<String> {
    rules
        .iter()
        .map(|r| match r {
            Some(p) => format!("{}\n{}", p.display(), std::fs::read_to_string(p).unwrap_or_default()),
            None => "-".into(),
        })
        .collect()
}

#[allow(clippy::too_many_arguments)]
pub fn unit_digests(
    check_file: &Path,
    unit: &Unit,
    ilp32: bool,
    pre: &str,
    defs: &[FnDef],
    contents: &[String],
    entries: &[String],
    rules: &[Option<PathBuf>],
    probe: &Path,
    store: Option<(&Path, &str)>,
) -> UnitDeps {
    let rule_texts = rule_texts(rules);
    let path = store.map(|(dir, ident)| {
        let key = sha256(&[
            b"slam-gate-digests/3",
            rule_texts.join("\n\0").as_bytes(),
            ident.as_bytes(),
            check_file.to_string_lossy().as_bytes(),
            pre.as_bytes(),
            contents.join("\n").as_bytes(),
            entries.join("\n").as_bytes(),
            if ilp32 { b"ilp32" } else { b"lp64" },
        ]);
        dir.join("v2").join("digests").join(format!("{key}.json"))
    });
    if let Some(d) =
        path.as_ref().and_then(|p| std::fs::read_to_string(p).ok()).and_then(|t| serde_json::from_str(&t).ok())
    {
        return d;
    }
    let digests = match lower(check_file, unit, ilp32, defs, probe) {
        Ok(l) => deps_of(&l, entries, &unit.includes, &unit.defines, rules),
        Err(why) => UnitDeps::failed(entries, &why),
    };
    keep(path.as_deref(), &digests);
    digests
}

/// Every file a preprocessed text comes from (its line markers), each with a hash of its
/// contents, sorted.
pub fn source_contents(pre: &str) -> Vec<String> {
    let mut sources: BTreeSet<String> = BTreeSet::new();
    for line in pre.lines().filter(|l| l.starts_with('#')) {
        if let Some(f) = source::parse_marker(line).and_then(|m| m.file) {
            sources.insert(f);
        }
    }
    sources.iter().map(|f| format!("{f} {}", sha256(&[&std::fs::read(f).unwrap_or_default()]))).collect()
}

impl UnitDeps {
    fn failed(entries: &[String], why: &str) -> UnitDeps {
        UnitDeps {
            digests: entries.iter().map(|e| (e.clone(), Err(why.to_string()))).collect(),
            no_error: Default::default(),
        }
    }
}

fn deps_of(
    l: &Lowered,
    entries: &[String],
    includes: &[PathBuf],
    defines: &[String],
    rules: &[Option<PathBuf>],
) -> UnitDeps {
    let parts = Parts::of(l);
    let digests: Digests = entries.iter().map(|e| (e.clone(), digests(l, &parts, e))).collect();
    let no_error = no_error_rules(l, includes, defines, &digests, rules);
    UnitDeps { digests, no_error }
}

/// The digests of a whole program's roots: its units lowered together once per kind of root
/// as its checks lower them (`thread_roots`; `entry_mid_run` for every root but `main`, which
/// makes the globals the program changes unknown — that shows in the globals' initialisers
/// the digest covers), keyed in `store` by the units' texts and the files they come from.
/// `defs`: every unit's function definitions (where a failure is); `contents`: every unit's
/// `source_contents`.
#[allow(clippy::too_many_arguments)]
pub fn program_digests(
    files: &[PathBuf],
    base: &cfront::Options,
    defs: &[FnDef],
    contents: &[String],
    entries: &[String],
    rules: &[Option<PathBuf>],
    probe: &Path,
    store: Option<(&Path, &str)>,
) -> UnitDeps {
    let rule_texts = rule_texts(rules);
    let path = store.map(|(dir, ident)| {
        let names: Vec<String> = files.iter().map(|f| f.display().to_string()).collect();
        let key = sha256(&[
            b"slam-gate-program-digests/1",
            rule_texts.join("\n\0").as_bytes(),
            ident.as_bytes(),
            names.join("\n").as_bytes(),
            format!("{:?} {:?} {:?}", base.includes, base.defines, base.data_model).as_bytes(),
            contents.join("\n").as_bytes(),
            entries.join("\n").as_bytes(),
        ]);
        dir.join("v2").join("digests").join(format!("{key}.json"))
    });
    if let Some(d) =
        path.as_ref().and_then(|p| std::fs::read_to_string(p).ok()).and_then(|t| serde_json::from_str(&t).ok())
    {
        return d;
    }
    let mut out = UnitDeps::default();
    let (main, roots): (Vec<String>, Vec<String>) = entries.iter().cloned().partition(|e| e == "main");
    for (mid_run, these) in [(false, main), (true, roots)] {
        if these.is_empty() {
            continue;
        }
        let opts = cfront::Options { thread_roots: true, entry_mid_run: mid_run, ..base.clone() };
        let d = match lower_files(files, &opts, defs, probe) {
            Ok(l) => deps_of(&l, &these, &base.includes, &base.defines, rules),
            Err(why) => UnitDeps::failed(&these, &why),
        };
        out.digests.extend(d.digests);
        out.no_error.extend(d.no_error);
    }
    keep(path.as_deref(), &out);
    out
}

/// Keep `deps` at `path` for the next run (only a hint: a failure to keep it is no error).
fn keep(path: Option<&Path>, deps: &UnitDeps) {
    if let Some(p) = path {
        let tmp = p.with_extension(format!("{}.tmp", std::process::id()));
        if p.parent().is_some_and(|d| std::fs::create_dir_all(d).is_ok())
            && std::fs::write(&tmp, serde_json::to_string(deps).unwrap_or_default()).is_ok()
        {
            let _ = std::fs::rename(&tmp, p);
        }
    }
}

/// A unit lowered once for the keys of all its checks.
pub struct Lowered {
    prog: Program,
    /// Functions the unit defines that failed to lower.
    failed: HashSet<String>,
    /// Per file of the program (by index): its name and a hash of its contents.
    files: Vec<String>,
    /// The unit registers `atexit` handlers.
    atexit: bool,
}

/// Lower `check_file` (the unit as its checks read it) once; `Err` says why its checks are
/// keyed by the unit's text instead.
pub fn lower(check_file: &Path, unit: &Unit, ilp32: bool, defs: &[FnDef], probe: &Path) -> Result<Lowered, String> {
    lower_files(&[check_file.to_path_buf()], &unit.front_options(ilp32), defs, probe)
}

/// `lower` for files lowered together (a whole program) with `opts` (its entry is replaced).
pub fn lower_files(files: &[PathBuf], opts: &cfront::Options, defs: &[FnDef], probe: &Path) -> Result<Lowered, String> {
    // Which functions fail: every failure is kept when the entry is not defined.
    let all = cfront::Options { entry: NO_ENTRY.into(), ..opts.clone() };
    let mut failed = HashSet::new();
    if let Err(diags) = cfront::lower_files(files, &all) {
        for d in diags.iter().filter(|d| d.kind != source::DiagKind::NoEntry) {
            let line = d.line as usize;
            match defs.iter().find(|f| f.file == d.file && f.line <= line && line <= f.end_line) {
                Some(f) => {
                    failed.insert(f.name.clone());
                }
                None => return Err(format!("a failure outside the unit's functions: {}:{}", d.file, d.line)),
            }
        }
    }
    let opts = cfront::Options { entry: PROBE.into(), ..opts.clone() };
    let mut with_probe = files.to_vec();
    with_probe.push(probe.to_path_buf());
    let prog = cfront::lower_files(&with_probe, &opts)
        .map_err(|d| format!("the unit does not lower ({} diagnostics)", d.len()))?;
    let files = prog
        .files
        .iter()
        .map(|f| {
            let contents = std::fs::read(f).unwrap_or_default();
            format!("{f} {}", sha256(&[&contents]))
        })
        .collect();
    let atexit = prog.proc(ATEXIT_RUN).is_some();
    Ok(Lowered { prog, failed, files, atexit })
}

/// Per entry, the rules (indices into `rules`; `None`: not a rule file, or not decided here)
/// whose error statements the entry cannot reach once the rule is woven in (`slic::instrument`
/// for that entry, as `slam check` does) — the engine's relevance test. Only for entries that
/// lowered and reach no function that failed (their checks are answered by that failure), and
/// not when the unit registers `atexit` handlers (the front end makes the real entry call
/// them, the probe lowering does not). A rule that does not parse or weave is left to the
/// child, which reports it.
fn no_error_rules(
    l: &Lowered,
    includes: &[PathBuf],
    defines: &[String],
    digests: &Digests,
    rules: &[Option<PathBuf>],
) -> std::collections::BTreeMap<String, Vec<usize>> {
    let mut out = std::collections::BTreeMap::new();
    if l.atexit || rules.iter().all(Option::is_none) {
        return out;
    }
    let pp = slic::PpOptions { includes: includes.to_vec(), defines: defines.to_vec(), ..Default::default() };
    let parsed: Vec<Option<slic::Rule>> =
        rules.iter().map(|r| r.as_ref().and_then(|p| slic::preprocess_and_parse(p, &pp).ok())).collect();
    let shell = Program { procs: Vec::new(), ..l.prog.clone() };
    for (entry, d) in digests {
        if d.is_err() {
            continue;
        }
        // (only what the entry can reach: weaving the rule into the rest, once per entry and
        // rule, cost seconds on a unit of 100 entries, and cannot make it reachable)
        let keep = l.prog.procs_reachable_from(entry);
        let mut prog = shell.clone();
        prog.procs = l.prog.procs.iter().filter(|q| keep.contains(&q.name)).cloned().collect();
        prog.entry = entry.clone();
        let none: Vec<usize> = parsed
            .iter()
            .enumerate()
            .filter_map(|(i, r)| {
                let woven = slic::instrument(&prog, r.as_ref()?).ok()?;
                (!engine::entry_reaches_an_error(&woven.program)).then_some(i)
            })
            .collect();
        if !none.is_empty() {
            out.insert(entry.clone(), none);
        }
    }
    out
}

/// The digests of one check's program: (program digest, placed digest); `Err` (why) when
/// the check must be keyed by the unit's text (the entry is not in the program, or it reaches
/// a function that failed to lower).
fn digests(l: &Lowered, parts: &Parts, entry: &str) -> Result<(String, String), String> {
    let p = &l.prog;
    if p.proc(entry).is_none() {
        return Err(format!("{entry} did not lower"));
    }
    let mut procs = p.procs_reachable_from(entry);
    if l.atexit {
        procs.extend(p.procs_reachable_from(ATEXIT_RUN));
    }
    // names the kept code mentions: variables, called and address-taken functions
    let mut names: HashSet<String> = HashSet::new();
    for q in p.procs.iter().filter(|q| procs.contains(&q.name)) {
        for s in &q.body {
            stmt_names(&s.kind, &mut names);
        }
    }
    // (the engine also keeps every function whose address a global's initialiser takes)
    let init_names: Vec<HashSet<String>> = p
        .globals
        .iter()
        .map(|g| {
            let mut n = HashSet::new();
            init_mentions(&g.init, &mut n);
            n
        })
        .collect();
    // (a unit's static is `name@unit` when several units are lowered together)
    let failed = |n: &String| l.failed.contains(n) || l.failed.contains(cminus::names::c_function(n));
    // (the first by name: the same message on every run)
    if let Some(f) = names.iter().chain(init_names.iter().flatten()).filter(|n| failed(n)).min() {
        return Err(format!("reaches {f}, which did not lower"));
    }
    // the globals: mentioned by the kept code or by a kept global's initialiser, or pointing
    // into them (an address taken in an initialiser changes what may alias)
    let mut kept = vec![false; p.globals.len()];
    loop {
        let mut changed = false;
        for (i, g) in p.globals.iter().enumerate() {
            if kept[i] {
                continue;
            }
            if names.contains(&g.name) || init_names[i].iter().any(|n| names.contains(n) || procs.contains(n)) {
                kept[i] = true;
                changed = true;
                names.extend(init_names[i].iter().cloned());
            }
        }
        if !changed {
            break;
        }
    }
    let mut text = format!("entry {entry}\n{:?}\natexit {}\n", p.data_model, l.atexit);
    text.push_str(&format!("{:?}\n", p.structs));
    let mut externs: Vec<&cminus::Extern> = p.externs.iter().filter(|e| names.contains(&e.name)).collect();
    externs.sort_by(|a, b| a.name.cmp(&b.name));
    text.push_str(&format!("{externs:?}\n"));
    let mut files: BTreeSet<u32> = BTreeSet::new();
    for ((g, _), part) in p.globals.iter().zip(&kept).zip(&parts.globals).filter(|((_, k), _)| **k) {
        files.insert(g.loc.file);
        text.push_str(part);
    }
    for (q, (part, in_files)) in p.procs.iter().zip(&parts.procs).filter(|(q, _)| procs.contains(&q.name)) {
        files.insert(q.loc.file);
        files.extend(in_files);
        text.push_str(part);
    }
    let program = sha256(&[canonical_literals(&text).as_bytes()]);
    let sources: Vec<&str> = files.iter().filter_map(|&f| l.files.get(f as usize)).map(String::as_str).collect();
    let placed = sha256(&[program.as_bytes(), sources.join("\n").as_bytes()]);
    Ok((program, placed))
}

/// Each global's and procedure's part of a digest's text (`Debug` with places blanked and
/// labels renumbered per procedure), by index in the program, with the files a procedure's
/// statements come from: made once per lowered unit, as every entry's text is made of the
/// parts of what it keeps (memcached's `thread.c`: 100 entries).
struct Parts {
    globals: Vec<String>,
    procs: Vec<(String, BTreeSet<u32>)>,
}

impl Parts {
    fn of(l: &Lowered) -> Parts {
        let p = &l.prog;
        let globals = p
            .globals
            .iter()
            .map(|g| {
                let mut g = g.clone();
                g.loc = Loc::default();
                format!("{g:?}\n")
            })
            .collect();
        let procs = p
            .procs
            .iter()
            .map(|q| {
                let mut q = q.clone();
                let mut files = BTreeSet::new();
                q.loc = Loc::default();
                for v in q.formals.iter_mut().chain(q.locals.iter_mut()) {
                    v.loc = Loc::default();
                }
                // the front end numbers its labels through the whole unit: renumbered per
                // procedure (a goto stays in its procedure), so that a branch added above
                // does not count
                let mut labels: HashMap<String, String> = HashMap::new();
                let mut rename = |l: &mut String| {
                    if fresh_label(l) {
                        let n = labels.len();
                        *l = labels.entry(l.clone()).or_insert_with(|| format!("L#{n}")).clone();
                    }
                };
                for s in &mut q.body {
                    files.insert(s.loc.file);
                    s.loc = Loc::default();
                    s.id = StmtId(0);
                    s.labels.iter_mut().for_each(&mut rename);
                    if let StmtKind::Goto(ls) = &mut s.kind {
                        ls.iter_mut().for_each(&mut rename);
                    }
                }
                (format!("{q:?}\n"), files)
            })
            .collect();
        Parts { globals, procs }
    }
}

/// A label the front end made (`L12`).
fn fresh_label(l: &str) -> bool {
    l.strip_prefix('L').is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}

/// `__strN` (the globals holding string literals) renamed `__str#k` in order of first
/// appearance: a literal added in another function renumbers the others.
fn canonical_literals(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut seen: HashMap<&str, usize> = HashMap::new();
    let b = text.as_bytes();
    let mut i = 0;
    let mut last = 0;
    while let Some(k) = text[i..].find("__str") {
        let at = i + k;
        let mut end = at + 5;
        while end < b.len() && b[end].is_ascii_digit() {
            end += 1;
        }
        let starts_word = at == 0 || !(b[at - 1].is_ascii_alphanumeric() || b[at - 1] == b'_');
        let ends_word = end == b.len() || !(b[end].is_ascii_alphanumeric() || b[end] == b'_');
        if end > at + 5 && starts_word && ends_word {
            let n = seen.len();
            let k = *seen.entry(&text[at..end]).or_insert(n);
            out.push_str(&text[last..at]);
            out.push_str(&format!("__str#{k}"));
            last = end;
        }
        i = end;
    }
    out.push_str(&text[last..]);
    out
}

fn stmt_names(k: &StmtKind, n: &mut HashSet<String>) {
    match k {
        StmtKind::Assign(l, e) => {
            lval_names(l, n);
            expr_names(e, n);
        }
        StmtKind::Call { ret, callee, args } => {
            n.insert(callee.clone());
            args.iter().for_each(|a| expr_names(a, n));
            if let Some(l) = ret {
                lval_names(l, n);
            }
        }
        StmtKind::Return(Some(e)) | StmtKind::Assume(e) => expr_names(e, n),
        StmtKind::Return(None) | StmtKind::Goto(_) | StmtKind::Skip | StmtKind::Error(_) | StmtKind::Halt => {}
    }
}

fn init_mentions(i: &Init, n: &mut HashSet<String>) {
    match i {
        Init::Expr(e) => expr_names(e, n),
        Init::List(v) => v.iter().for_each(|x| init_mentions(x, n)),
        Init::Zero => {}
    }
}

fn expr_names(e: &Expr, n: &mut HashSet<String>) {
    match e {
        Expr::FuncAddr(f) => {
            n.insert(f.clone());
        }
        Expr::Lval(l) | Expr::AddrOf(l) => lval_names(l, n),
        Expr::Unary(_, a) | Expr::Cast(_, a) => expr_names(a, n),
        Expr::Binary(_, a, b) => {
            expr_names(a, n);
            expr_names(b, n);
        }
        Expr::Float(_, _, xs) => xs.iter().for_each(|x| expr_names(x, n)),
        Expr::Int(_) | Expr::Bool(_) | Expr::Nondet(_) => {}
    }
}

fn lval_names(l: &Lval, n: &mut HashSet<String>) {
    match l {
        Lval::Var(v) => {
            n.insert(v.clone());
        }
        Lval::Deref(e) => expr_names(e, n),
        Lval::Field(b, _) => lval_names(b, n),
        Lval::Index(b, e) => {
            lval_names(b, n);
            expr_names(e, n);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn literals_are_numbered_by_first_mention() {
        let t = "Var(\"__str7\") x__str7 Var(\"__str2\") Var(\"__str7\") __strx";
        assert_eq!(canonical_literals(t), "Var(\"__str#0\") x__str7 Var(\"__str#1\") Var(\"__str#0\") __strx");
    }
}
