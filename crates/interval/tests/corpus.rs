//! `corpus/interval`: every program the analysis must prove is SAFE, and it never says SAFE
//! on a program whose header expects a violation (gcc-checked inputs in the headers).

use std::path::Path;
use std::time::Duration;

#[test]
fn corpus_interval_verdicts() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus/interval");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("corpus/interval")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "c"))
        .collect();
    files.sort();
    assert!(files.len() >= 5, "{files:?}");
    for f in files {
        let src = std::fs::read_to_string(&f).expect("read");
        let expect = src.lines().find_map(|l| l.strip_prefix("// expect: ")).expect("an expect header").trim();
        let prog = cfront::lower_str(&f.display().to_string(), &src, &cfront::Options::default()).expect("lowers");
        let o = interval::check(
            &prog,
            &interval::Options { time: Some(Duration::from_secs(60)), ..interval::Options::default() },
        );
        let got = format!("{:?}", o.verdict).to_uppercase();
        match expect {
            "SAFE" => assert_eq!(got, "SAFE", "{}: {}", f.display(), o.detail),
            _ => assert_eq!(got, "UNKNOWN", "{}: {}", f.display(), o.detail),
        }
    }
}
