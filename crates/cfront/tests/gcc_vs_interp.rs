//! Cross-check of the lowering: each program in `tests/progs` is compiled by gcc and run, and
//! lowered to C-- and run by `cminus::interp`, on the same inputs. The outcomes (the value
//! returned by `main`, or the line of the `reach_error()` reached) must agree.

use std::path::{Path, PathBuf};
use std::process::Command;

fn progs_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/progs")
}

fn gcc_available() -> bool {
    Command::new("gcc").arg("--version").output().map(|o| o.status.success()).unwrap_or(false)
}

/// A small deterministic generator (xorshift), so failures can be replayed.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> i64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        ((self.0 % 61) as i64) - 30
    }
}

fn input_sets(seed: u64) -> Vec<Vec<i64>> {
    let mut v = vec![
        vec![0; 8],
        vec![1, 2, 3, 4, 5, 6, 7, 8],
        vec![-1, 5, -7, 100, 3, 0, 2, 7],
        vec![7; 8],
        vec![49, 3, 7, 1, 1, 7, 7, 7],
        vec![-2147483647, 2147483647, 0, -5, 6, 1, 1, 1],
    ];
    let mut r = Rng(seed);
    for _ in 0..14 {
        v.push((0..24).map(|_| r.next()).collect());
    }
    v
}

fn gcc_outcome(exe: &Path, inputs: &[i64]) -> String {
    let s: Vec<String> = inputs.iter().map(|i| i.to_string()).collect();
    let out = Command::new(exe).env("SLAM_INPUTS", s.join(",")).output().expect("run");
    let stdout = String::from_utf8_lossy(&out.stdout);
    if let Some(l) = stdout.lines().find(|l| l.starts_with("ERROR ")) {
        return l.to_string();
    }
    match out.status.code() {
        Some(c) => format!("RET {c}"),
        None => "HALT".to_string(),
    }
}

fn interp_outcome(p: &cminus::Program, inputs: &[i64]) -> String {
    let r = cminus::interp::run(p, inputs, 2_000_000);
    match r.outcome {
        cminus::interp::Outcome::Error { stmt, .. } => {
            format!("ERROR {}", p.stmt_ref(stmt).unwrap().loc.line)
        }
        cminus::interp::Outcome::Returned(v) => format!("RET {}", v.unwrap_or(0) & 0xff),
        cminus::interp::Outcome::Halt { .. } => "HALT".into(),
        o => format!("{o:?}"),
    }
}

#[test]
fn lowering_agrees_with_gcc() {
    if !gcc_available() {
        println!("gcc not found: skipping the gcc cross-check");
        return;
    }
    let dir = progs_dir();
    let tmp = std::env::temp_dir().join(format!("slam-gcc-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).unwrap();
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().map(|e| e == "c").unwrap_or(false))
        .collect();
    files.sort();
    assert!(files.len() >= 10);
    let mut failures = vec![];
    let mut runs = 0;
    for (k, f) in files.iter().enumerate() {
        let exe = tmp.join(f.file_stem().unwrap());
        let st = Command::new("gcc")
            .args(["-O0", "-w", "-fwrapv", "-include"])
            .arg(dir.join("harness.h"))
            .arg("-Dreach_error()=__reach_error(__LINE__)")
            .arg(f)
            .arg("-o")
            .arg(&exe)
            .status()
            .unwrap();
        assert!(st.success(), "gcc failed on {}", f.display());
        let prog = cfront::lower_files(std::slice::from_ref(f), &cfront::Options::default())
            .unwrap_or_else(|d| panic!("{}: {:?}", f.display(), d));
        assert!(prog.validate().is_empty(), "{:?}", prog.validate());
        let seed = 0x5eed + k as u64;
        for inputs in input_sets(seed) {
            let g = gcc_outcome(&exe, &inputs);
            let i = interp_outcome(&prog, &inputs);
            runs += 1;
            if g != i {
                failures.push(format!("{} inputs {:?} (seed {seed}): gcc {g}, C-- {i}", f.display(), inputs));
            }
        }
    }
    let _ = std::fs::remove_dir_all(&tmp);
    assert!(failures.is_empty(), "{} of {runs} runs differ:\n{}", failures.len(), failures.join("\n"));
}
