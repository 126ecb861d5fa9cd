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
}

/// Every corpus program that states its expected verdict.
pub fn corpus() -> Vec<Case> {
    let mut out = Vec::new();
    let r = root();
    let mut files: Vec<PathBuf> = Vec::new();
    for dir in ["corpus/c", "corpus/check", "corpus/c2bp"] {
        files.extend(c_files(&r.join(dir)));
    }
    if let Ok(rd) = std::fs::read_dir(r.join("corpus/slic")) {
        for d in rd.flatten() {
            files.extend(c_files(&d.path()));
        }
    }
    files.sort();
    for path in files {
        let text = std::fs::read_to_string(&path).expect("corpus file");
        let mut expect = None;
        let mut rule = None;
        for l in text.lines().take(15) {
            if let Some(v) = l.strip_prefix("// expect:") {
                expect.get_or_insert(v.trim().to_string());
            }
            if let Some(v) = l.strip_prefix("// rule:") {
                rule.get_or_insert(r.join(v.trim()));
            }
        }
        let Some(expect) = expect else { continue };
        let name = path.strip_prefix(&r).unwrap_or(&path).display().to_string();
        out.push(Case { name, path, expect, rule });
    }
    out
}

fn c_files(dir: &Path) -> Vec<PathBuf> {
    let Ok(rd) = std::fs::read_dir(dir) else { return vec![] };
    rd.flatten().map(|e| e.path()).filter(|p| p.extension().is_some_and(|x| x == "c")).collect()
}

/// Lower (and instrument) a corpus program; the initial predicates.
pub fn load(case: &Case) -> Result<(cminus::Program, engine::PredSet), String> {
    let opts = cfront::Options { includes: vec![root().join("corpus/include")], ..Default::default() };
    let prog = cfront::lower_files(std::slice::from_ref(&case.path), &opts).map_err(|d| format!("{d:?}"))?;
    match &case.rule {
        None => {
            let preds = engine::initial_predicates(&prog, None);
            Ok((prog, preds))
        }
        Some(r) => {
            let rule = slic::preprocess_and_parse(r, &slic::PpOptions::default()).map_err(|d| format!("{d:?}"))?;
            let out = slic::instrument(&prog, &rule).map_err(|d| format!("{d:?}"))?;
            let preds = engine::initial_predicates(&out.program, Some(&rule));
            Ok((out.program, preds))
        }
    }
}
