//! `slam tests`: the suite it writes is replayed by compiling the program with its harness
//! (gcc); each test that slam's interpreter ran into `reach_error` must hit it when compiled,
//! each other test must not; the metadata names the program, and the branch coverage beats
//! the same number of random runs on programs random inputs do poorly on.

use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Run `slam tests` on a corpus program into a fresh directory; its stdout and the directory.
fn generate(program: &str, name: &str) -> (String, PathBuf) {
    let out = std::env::temp_dir().join(format!("slam-testgen-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&out);
    let o = Command::new(env!("CARGO_BIN_EXE_slam"))
        .current_dir(root())
        .args(["tests", program, "--out"])
        .arg(&out)
        .args(["--timeout", "30"])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&o.stdout).to_string();
    assert_eq!(o.status.code(), Some(0), "{stdout}{}", String::from_utf8_lossy(&o.stderr));
    (stdout, out)
}

/// (covered, total) from "… branch coverage C/T …" in the line that starts with `lead`.
fn coverage(stdout: &str, lead: &str) -> (usize, usize) {
    let line = stdout.lines().find(|l| l.starts_with(lead) || l.contains(lead)).expect(stdout);
    let frac = line.split_whitespace().find(|w| w.contains('/') && w.chars().next().unwrap().is_ascii_digit());
    let (c, t) = frac.expect(line).split_once('/').unwrap();
    (c.parse().unwrap(), t.parse().unwrap())
}

/// The tests listed in tests.tsv: (file, choices that are not inputs, slam's ending).
fn listed(dir: &Path) -> Vec<(String, usize, String)> {
    let text = std::fs::read_to_string(dir.join("tests.tsv")).unwrap();
    text.lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            (f[0].to_string(), f[2].parse().unwrap(), f[3].to_string())
        })
        .collect()
}

fn gcc_available() -> bool {
    Command::new("gcc").arg("--version").output().is_ok_and(|o| o.status.success())
}

/// Compile the program with the suite's harness and replay every test; the number of tests
/// that hit the error.
fn replay(program: &str, dir: &Path) -> usize {
    let exe = dir.join("prog-test");
    let o = Command::new("gcc")
        .current_dir(root())
        .args(["-w", "-o"])
        .arg(&exe)
        .arg(program)
        .arg(dir.join("harness.c"))
        .output()
        .unwrap();
    assert!(o.status.success(), "gcc: {}", String::from_utf8_lossy(&o.stderr));
    let mut errors = 0;
    for (file, other, ending) in listed(dir) {
        assert_eq!(other, 0, "{file}: the corpus program's runs take all their choices from test inputs");
        let r = Command::new(&exe).env("SLAM_TEST", dir.join(&file)).output().unwrap();
        let stderr = String::from_utf8_lossy(&r.stderr);
        let hit = r.status.code() == Some(1) && stderr.contains("reach_error");
        assert_eq!(hit, ending.starts_with("error"), "{file}: slam's run ended in {ending:?}, gcc's in {:?}", r.status);
        errors += hit as usize;
    }
    errors
}

/// Replay the suite on a gcov build of the program: gcc's branch coverage, `Taken at least
/// once: P% of N`, as (covered, N) — or `None` when gcov is not installed.
fn gcov_coverage(program: &str, dir: &Path) -> Option<(usize, usize)> {
    Command::new("gcov").arg("--version").output().ok().filter(|o| o.status.success())?;
    std::fs::copy(root().join(program), dir.join("prog.c")).unwrap();
    let o = Command::new("gcc")
        .current_dir(dir)
        .args(["-w", "-O0", "--coverage", "-o", "cov", "prog.c", "harness.c"])
        .output()
        .unwrap();
    assert!(o.status.success(), "gcc --coverage: {}", String::from_utf8_lossy(&o.stderr));
    for (file, _, _) in listed(dir) {
        Command::new(dir.join("cov")).current_dir(dir).env("SLAM_TEST", dir.join(&file)).output().unwrap();
    }
    let o = Command::new("gcov").current_dir(dir).args(["-b", "cov-prog"]).output().unwrap();
    let text = String::from_utf8_lossy(&o.stdout).to_string();
    let ours = text.split("File '").find(|b| b.starts_with("prog.c'")).expect(&text);
    let line = ours.lines().find(|l| l.starts_with("Taken at least once:")).expect(ours);
    let (pct, n) = line["Taken at least once:".len()..].split_once("% of ").unwrap();
    let n: usize = n.trim().parse().unwrap();
    let covered = (pct.parse::<f64>().unwrap() * n as f64 / 100.0).round() as usize;
    Some((covered, n))
}

#[test]
fn suite_replays_under_gcc_and_beats_random_inputs() {
    for (program, name) in
        [("corpus/search/input_sequence_bug.c", "seq"), ("corpus/search/classify_inputs.c", "classify")]
    {
        let (stdout, dir) = generate(program, name);
        let (covered, total) = coverage(&stdout, "tests in");
        let (random, _) = coverage(&stdout, "random inputs covers");
        assert!(total > 0 && covered > random, "{program}: slam {covered}/{total}, random {random}\n{stdout}");
        let meta = std::fs::read_to_string(dir.join("metadata.xml")).unwrap();
        assert!(meta.contains(&format!("<programfile>{program}</programfile>")), "{meta}");
        assert!(meta.contains("<entryfunction>main</entryfunction>"), "{meta}");
        let tests = listed(&dir);
        assert!(!tests.is_empty());
        for (file, _, _) in &tests {
            assert!(std::fs::read_to_string(dir.join(file)).unwrap().contains("<testcase>"));
        }
        if program.ends_with("input_sequence_bug.c") {
            // The error needs the inputs 17, 42, 7 in a row: one test must find it.
            assert!(tests.iter().any(|t| t.2.starts_with("error")), "{tests:?}");
        }
        if gcc_available() {
            let hits = replay(program, &dir);
            if program.ends_with("input_sequence_bug.c") {
                assert!(hits >= 1);
            }
            // The compiled replay covers the branches slam says the suite covers (on these
            // programs gcc's branches are slam's branch targets one to one).
            if let Some(gcc) = gcov_coverage(program, &dir) {
                assert_eq!(gcc, (covered, total), "{program}: gcov (covered, branches) against slam's");
            }
        } else {
            eprintln!("gcc not found: the replay of {program} is skipped");
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}

#[test]
fn bad_output_directory_is_an_input_error() {
    let o = Command::new(env!("CARGO_BIN_EXE_slam"))
        .current_dir(root())
        .args(["tests", "corpus/search/input_sequence_bug.c", "--out", "/proc/no-such-dir/x"])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(String::from_utf8_lossy(&o.stderr).contains("/proc/no-such-dir/x"));
}
