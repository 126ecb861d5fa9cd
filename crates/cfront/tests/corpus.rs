//! Every program in `corpus/c` lowers without error, except those whose header says
//! `// slam: unsupported` (they must be rejected with "not supported" diagnostics only).
//! Otherwise the header says `// slam: lowers` and
//! `// expect: SAFE|VIOLATION`; as a sanity check of those verdicts, random runs of the C--
//! interpreter must never reach an error in a SAFE program, and must reach one in a
//! VIOLATION program.

use std::path::{Path, PathBuf};

fn corpus() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus/c");
    let mut v: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "c" || e == "i"))
        .collect();
    v.sort();
    v
}

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> i64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        match self.0 % 10 {
            0 => 0,
            1 => 1,
            2 => -1,
            3 => ((self.0 >> 8) % 200) as i64,
            _ => ((self.0 >> 8) % 12) as i64 - 2,
        }
    }
}

#[test]
fn corpus_lowers_and_verdicts_are_plausible() {
    let files = corpus();
    assert!(files.len() >= 30, "only {} corpus files", files.len());
    let mut problems = vec![];
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap();
        if text.contains("// slam: unsupported") {
            // C outside what slam checks: every diagnostic says "not supported"
            match cfront::lower_files(std::slice::from_ref(f), &cfront::Options::default()) {
                Ok(_) => problems.push(format!("{}: lowers, but its header says unsupported", f.display())),
                Err(d) if d.iter().all(|d| d.message.contains("not supported")) => {}
                Err(d) => problems.push(format!("{}: {:?}", f.display(), d)),
            }
            continue;
        }
        assert!(text.contains("// slam: lowers"), "{}: missing header", f.display());
        let expect = if text.contains("// expect: SAFE") {
            "SAFE"
        } else if text.contains("// expect: VIOLATION") {
            "VIOLATION"
        } else if text.contains("// expect: UNKNOWN") {
            "UNKNOWN"
        } else {
            panic!("{}: missing expect header", f.display())
        };
        let data_model =
            if text.contains("// data_model: ILP32") { cfront::DataModel::Ilp32 } else { cfront::DataModel::Lp64 };
        let opts = cfront::Options { data_model, ..Default::default() };
        let prog = match cfront::lower_files(std::slice::from_ref(f), &opts) {
            // UNKNOWN: the front end declines the program, saying what it does not support
            Err(d) if expect == "UNKNOWN" && d.iter().all(|d| d.message.contains("not supported")) => continue,
            // lowered, and UNKNOWN by design of the check (the header says why)
            Ok(_) if expect == "UNKNOWN" && text.contains("// unknown at check:") => continue,
            Ok(_) if expect == "UNKNOWN" => {
                problems.push(format!("{}: UNKNOWN but it lowers", f.display()));
                continue;
            }
            Ok(p) => p,
            Err(d) => {
                problems.push(format!("{}: {:?}", f.display(), d));
                continue;
            }
        };
        let v = prog.validate();
        if !v.is_empty() {
            problems.push(format!("{}: invalid C--: {:?}", f.display(), v));
            continue;
        }
        let mut rng = Rng(0x9e3779b97f4a7c15 ^ text.len() as u64);
        let mut hit = false;
        for _ in 0..400 {
            let r = cminus::interp::run_with(&prog, &mut |_t| rng.next(), 100_000);
            if let cminus::interp::Outcome::Error { .. } = r.outcome {
                hit = true;
                break;
            }
        }
        match (expect, hit) {
            ("SAFE", true) => problems.push(format!("{}: SAFE but a run reached an error", f.display())),
            // The error needs an input random runs do not find (a particular value, an
            // address, an object from the environment); the header says which.
            ("VIOLATION", false) if text.contains("// random runs miss it:") => {}
            ("VIOLATION", false) => {
                problems.push(format!("{}: VIOLATION but no random run reached an error", f.display()))
            }
            _ => {}
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
