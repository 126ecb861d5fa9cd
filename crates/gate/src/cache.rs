//! The result cache under `.slam-cache/`: one JSON file per check, keyed by a SHA-256 of
//! everything that decides the result (the preprocessed unit, the preprocessed rule, the
//! entry, the options, the slam binary's contents). An entry is used only if it parses, says
//! it is a slam gate entry of this format, carries the key it is filed under, and its result
//! text hashes to the digest it carries; anything else is ignored and rebuilt. The result is
//! kept as the exact text that was hashed (a float need not print the same after a round
//! trip through a parser).

use super::results::CheckResult;
use sha2::{Digest, Sha256};
use std::path::{Path, PathBuf};

const FORMAT: &str = "slam-gate-cache/2";

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
    /// The result as JSON text, exactly as hashed.
    result: String,
}

impl Cache {
    pub fn new(dir: &Path) -> Cache {
        Cache { dir: dir.to_path_buf() }
    }

    fn path(&self, key: &str) -> PathBuf {
        self.dir.join("v2").join(&key[..2.min(key.len())]).join(format!("{key}.json"))
    }

    /// The cached result of `key`, if there is a trustworthy one.
    pub fn get(&self, key: &str) -> Option<CheckResult> {
        self.get_value(key)
    }

    /// Store a result (atomically: a temporary file renamed into place). Failures are
    /// reported as warnings by the caller; the cache is an optimisation.
    pub fn put(&self, key: &str, result: &CheckResult) -> std::io::Result<()> {
        self.put_value(key, result)
    }

    /// [`Self::get`] for any value the gate keeps (a judged lock wrapper: its result and note).
    pub fn get_value<T: serde::de::DeserializeOwned>(&self, key: &str) -> Option<T> {
        let text = std::fs::read_to_string(self.path(key)).ok()?;
        let e: Entry = serde_json::from_str(&text).ok()?;
        if e.format != FORMAT || e.key != key {
            return None;
        }
        if sha256(&[key.as_bytes(), e.result.as_bytes()]) != e.digest {
            return None;
        }
        serde_json::from_str(&e.result).ok()
    }

    /// [`Self::put`] for any value the gate keeps.
    pub fn put_value<T: serde::Serialize>(&self, key: &str, result: &T) -> std::io::Result<()> {
        let path = self.path(key);
        let dir = path.parent().expect("cache path has a parent");
        std::fs::create_dir_all(dir)?;
        let body = serde_json::to_string(result)?;
        let entry = Entry {
            format: FORMAT.into(),
            key: key.into(),
            digest: sha256(&[key.as_bytes(), body.as_bytes()]),
            result: body,
        };
        let tmp = dir.join(format!(".{key}.{}.tmp", std::process::id()));
        std::fs::write(&tmp, serde_json::to_string(&entry)?)?;
        std::fs::rename(&tmp, &path)
    }
}

impl Cache {
    fn times_path(&self) -> PathBuf {
        self.dir.join("v2").join("times.json")
    }

    /// The time each check (by id) took when it last ran: the order of the next run (longest
    /// first). Only a hint: nothing else reads it.
    pub fn times(&self) -> std::collections::HashMap<String, f64> {
        std::fs::read_to_string(self.times_path()).ok().and_then(|t| serde_json::from_str(&t).ok()).unwrap_or_default()
    }

    /// Keep the times of these checks (with the earlier ones of checks not in this run, e.g.
    /// another shard's); failures are ignored, as the times are only a hint.
    pub fn save_times(&self, mut times: std::collections::HashMap<String, f64>, checks: &[crate::Check]) {
        for c in checks {
            times.insert(c.id.clone(), c.result.time_secs);
        }
        let path = self.times_path();
        let tmp = path.with_extension(format!("{}.tmp", std::process::id()));
        let text = serde_json::to_string(&times).unwrap_or_default();
        if std::fs::create_dir_all(self.dir.join("v2")).is_ok() && std::fs::write(&tmp, text).is_ok() {
            let _ = std::fs::rename(&tmp, &path);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::results::Verdict;

    fn dir(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("slam-cache-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        d
    }

    #[test]
    fn results_with_any_float_come_back() {
        // Floats whose shortest text need not parse back to the same bits everywhere.
        let c = Cache::new(&dir("floats"));
        for (k, t) in [0.1 + 0.2, 1.234_567_890_123_456_7e-5, 2.0f64.sqrt(), 123_456.789_012_345_67].iter().enumerate()
        {
            let key = format!("{k:02}key");
            let r = CheckResult::stopped(Verdict::Safe, "safe", "proved".into(), *t);
            c.put(&key, &r).unwrap();
            let back = c.get(&key).expect("a trustworthy entry");
            assert_eq!(back.verdict, Verdict::Safe);
            assert_eq!(back.detail, "proved");
        }
    }

    #[test]
    fn times_keep_earlier_checks_and_take_the_new_ones() {
        let c = Cache::new(&dir("times"));
        assert!(c.times().is_empty());
        let check = |id: &str, secs: f64| crate::Check {
            id: id.into(),
            file: String::new(),
            entry: String::new(),
            rule: String::new(),
            key: String::new(),
            key_scope: String::new(),
            key_program: None,
            cached: false,
            result: CheckResult::stopped(Verdict::Safe, "safe", String::new(), secs),
            fingerprint: None,
            baseline: None,
            mode: String::new(),
            entry_reason: String::new(),
            wrapper: None,
        };
        c.save_times(Default::default(), &[check("a", 1.5), check("b", 20.0)]);
        c.save_times(c.times(), &[check("b", 3.0)]);
        let t = c.times();
        assert_eq!((t["a"], t["b"], t.len()), (1.5, 3.0, 2));
    }

    #[test]
    fn a_changed_entry_is_not_trusted() {
        let d = dir("tamper");
        let c = Cache::new(&d);
        let r = CheckResult::stopped(Verdict::Violation, "violation", "reach_error".into(), 0.5);
        c.put("abkey", &r).unwrap();
        let p = c.path("abkey");
        let text = std::fs::read_to_string(&p).unwrap().replace("VIOLATION", "SAFE");
        std::fs::write(&p, text).unwrap();
        assert!(c.get("abkey").is_none());
    }
}
