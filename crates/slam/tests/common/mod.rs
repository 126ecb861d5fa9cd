//! What the corpus-driven tests share: where the corpus is, its programs, and their headers.
#![allow(dead_code)] // each test binary uses part of it

use std::path::{Path, PathBuf};

/// The repository's root.
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The C programs (`.c`, and `.i` where `preprocessed`) directly in `dir`, sorted by name.
pub fn c_files(dir: &Path, preprocessed: bool) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "c" || (preprocessed && x == "i")))
        .collect();
    files.sort();
    files
}

/// The value of a `// key:` header line of a corpus program (e.g. `header(text, "expect")`),
/// read from its first 15 lines.
pub fn header<'a>(text: &'a str, key: &str) -> Option<&'a str> {
    let prefix = format!("// {key}:");
    text.lines().take(15).find_map(|l| l.strip_prefix(prefix.as_str())).map(str::trim)
}
