//! Loading corpus programs (with their header: `// expect:`, `// rule:`) for the engine tests.

#![allow(dead_code)]

use std::path::{Path, PathBuf};

pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

pub struct Case {
    /// Relative to the repository root.
    pub name: String,
    pub path: PathBuf,
    pub expect: String,
    pub rule: Option<PathBuf>,
    /// `// data_model: ILP32` in the header: lowered for i386.
    pub ilp32: bool,
}

/// Every corpus program that states its expected verdict (`corpus/search`, whose deep bugs
/// are the search engine's, is read by [`corpus_in`]).
pub fn corpus() -> Vec<Case> {
    let r = root();
    let mut dirs: Vec<PathBuf> = ["corpus/c", "corpus/check", "corpus/c2bp"].iter().map(|d| r.join(d)).collect();
    if let Ok(rd) = std::fs::read_dir(r.join("corpus/slic")) {
        dirs.extend(rd.flatten().map(|d| d.path()));
    }
    cases(dirs)
}

/// The programs with an expected verdict in these directories (relative to the root).
pub fn corpus_in(dirs: &[&str]) -> Vec<Case> {
    cases(dirs.iter().map(|d| root().join(d)).collect())
}

fn cases(dirs: Vec<PathBuf>) -> Vec<Case> {
    let mut out = Vec::new();
    let r = root();
    let mut files: Vec<PathBuf> = dirs.iter().flat_map(|d| c_files(d)).collect();
    files.sort();
    for path in files {
        let text = std::fs::read_to_string(&path).expect("corpus file");
        let mut expect = None;
        let mut rule = None;
        let mut ilp32 = false;
        for l in text.lines().take(15) {
            if let Some(v) = l.strip_prefix("// data_model:") {
                ilp32 = v.trim() == "ILP32";
            }
            if let Some(v) = l.strip_prefix("// expect:") {
                expect.get_or_insert(v.trim().to_string());
            }
            if let Some(v) = l.strip_prefix("// rule:") {
                rule.get_or_insert(r.join(v.trim()));
            }
        }
        let Some(expect) = expect else { continue };
        let name = path.strip_prefix(&r).unwrap_or(&path).display().to_string();
        out.push(Case { name, path, expect, rule, ilp32 });
    }
    out
}

fn c_files(dir: &Path) -> Vec<PathBuf> {
    let Ok(rd) = std::fs::read_dir(dir) else { return vec![] };
    // `.i`: preprocessed tasks, as SV-COMP ships them
    rd.flatten().map(|e| e.path()).filter(|p| p.extension().is_some_and(|x| x == "c" || x == "i")).collect()
}

/// Lower (and instrument) a corpus program; the initial predicates.
pub fn load(case: &Case) -> Result<(cminus::Program, engine::PredSet), String> {
    let data_model = if case.ilp32 { cfront::DataModel::Ilp32 } else { cfront::DataModel::Lp64 };
    let opts = cfront::Options { includes: vec![root().join("corpus/include")], data_model, ..Default::default() };
    let prog = cfront::lower_files(std::slice::from_ref(&case.path), &opts).map_err(|d| format!("{d:?}"))?;
    match &case.rule {
        None => {
            let preds = engine::initial_predicates(&prog, None);
            Ok((prog, preds))
        }
        Some(r) => {
            let rule = slic::preprocess_and_parse(r, &slic::PpOptions::default()).map_err(|d| format!("{d:?}"))?;
            let out = slic::instrument(&prog, &rule).map_err(|d| format!("{d:?}"))?;
            let preds = engine::initial_predicates(&out.program, Some(&slic::initial_predicates(&rule, &out.program)));
            Ok((out.program, preds))
        }
    }
}
