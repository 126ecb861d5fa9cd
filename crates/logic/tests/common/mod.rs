//! What the differential tests against gcc share: a seeded generator and a way to compile and
//! run a C program and read the lines it prints.

use std::path::Path;
use std::process::Command;

/// A xorshift generator: the same seed gives the same programs on every machine.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    #[allow(dead_code)] // not every test draws bounded numbers
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// Whether gcc is installed (the tests are skipped, saying so, where it is not).
pub fn have_gcc() -> bool {
    if Command::new("gcc").arg("--version").output().is_err() {
        eprintln!("gcc not found: skipped");
        return false;
    }
    true
}

/// Compiles `c` as `dir/name.c` with gcc and `flags`, runs it, and returns its output lines.
pub fn gcc_lines(dir: &Path, name: &str, c: &str, flags: &[&str]) -> Vec<String> {
    std::fs::create_dir_all(dir).unwrap();
    let src = dir.join(format!("{name}.c"));
    let exe = dir.join(name);
    std::fs::write(&src, c).unwrap();
    let st = Command::new("gcc").args(flags).arg("-o").arg(&exe).arg(&src).arg("-lm").status().unwrap();
    assert!(st.success(), "gcc failed on {}", src.display());
    let out = Command::new(&exe).output().unwrap();
    String::from_utf8_lossy(&out.stdout).lines().map(str::to_string).collect()
}
