//! The result cache under `.slam-cache/`: one JSON file per check, keyed by a SHA-256 of
//! everything that decides the result (the preprocessed unit, the preprocessed rule, the
//! entry, the options, slam's version). An entry is used only if it parses, says it is a
//! slam gate entry of this format, carries the key it is filed under, and its result hashes
//! to the digest it carries; anything else is ignored and rebuilt.

use super::results::CheckResult;
use sha2::{Digest, Sha256};
use std::path::{Path, PathBuf};

const FORMAT: &str = "slam-gate-cache/1";

pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

pub fn sha256(parts: &[&[u8]]) -> String {
    let mut h = Sha256::new();
    for p in parts {
        // length-prefixed so that ("ab","c") and ("a","bc") differ
        h.update((p.len() as u64).to_le_bytes());
        h.update(p);
    }
    hex(&h.finalize())
}

pub struct Cache {
    dir: PathBuf,
}

#[derive(serde::Serialize, serde::Deserialize)]
struct Entry {
    format: String,
    key: String,
    digest: String,
    result: CheckResult,
}

impl Cache {
    pub fn new(dir: &Path) -> Cache {
        Cache { dir: dir.to_path_buf() }
    }

    fn path(&self, key: &str) -> PathBuf {
        self.dir.join("v1").join(&key[..2.min(key.len())]).join(format!("{key}.json"))
    }

    /// The cached result of `key`, if there is a trustworthy one.
    pub fn get(&self, key: &str) -> Option<CheckResult> {
        let text = std::fs::read_to_string(self.path(key)).ok()?;
        let e: Entry = serde_json::from_str(&text).ok()?;
        if e.format != FORMAT || e.key != key {
            return None;
        }
        let body = serde_json::to_string(&e.result).ok()?;
        if sha256(&[key.as_bytes(), body.as_bytes()]) != e.digest {
            return None;
        }
        Some(e.result)
    }

    /// Store a result (atomically: a temporary file renamed into place). Failures are
    /// reported as warnings by the caller; the cache is an optimisation.
    pub fn put(&self, key: &str, result: &CheckResult) -> std::io::Result<()> {
        let path = self.path(key);
        let dir = path.parent().expect("cache path has a parent");
        std::fs::create_dir_all(dir)?;
        let body = serde_json::to_string(result)?;
        let entry = Entry {
            format: FORMAT.into(),
            key: key.into(),
            digest: sha256(&[key.as_bytes(), body.as_bytes()]),
            result: result.clone(),
        };
        let tmp = dir.join(format!(".{key}.{}.tmp", std::process::id()));
        std::fs::write(&tmp, serde_json::to_string(&entry)?)?;
        std::fs::rename(&tmp, &path)
    }
}
