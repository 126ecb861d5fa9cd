//! Running one check in isolation: a child process `slam check --format json` with the
//! check's time, memory and iteration limits. The engine stops itself at its limits; the gate
//! also watches the child (wall clock and resident memory, polled every 20 ms) and kills it
//! a little after the limit, so that a check that does not stop never holds up the others.

use super::results::{CheckResult, Verdict};
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Everything the child needs.
#[derive(Clone, Debug)]
pub struct Spec {
    /// The unit's file, or every unit of a program (lowered together).
    pub files: Vec<PathBuf>,
    pub includes: Vec<PathBuf>,
    pub defines: Vec<String>,
    pub entry: String,
    pub rule: Option<PathBuf>,
    /// `slam check --property` (a built-in property other than reach_error).
    pub property: Option<String>,
    pub ilp32: bool,
    /// `slam check --thread-roots` (a whole program: each thread's start routine is an entry).
    pub thread_roots: bool,
    /// `slam check --entry-mid-run` (a program's root other than `main`).
    pub entry_mid_run: bool,
    /// `slam check --engine`.
    pub engine: String,
    pub time_secs: f64,
    pub memory_mib: u64,
    pub iterations: u64,
}

/// Grace the gate gives the engine past its own time limit before it kills the child (the
/// limit counts from the child's start, its front end included; a worker stuck in a Z3 call
/// that does not look at the cancel flag may hold the child up to 5 s longer, for an answer
/// that is UNKNOWN anyway).
fn grace(time_secs: f64) -> Duration {
    Duration::from_secs_f64(time_secs * 0.1 + 1.0)
}

fn rss_mib(pid: u32) -> Option<u64> {
    engine::rss_bytes_of(pid).map(|b| b / (1024 * 1024))
}

pub fn command(exe: &Path, spec: &Spec) -> Command {
    let mut cmd = Command::new(exe);
    cmd.arg("check").args(&spec.files);
    for i in &spec.includes {
        cmd.arg("-I").arg(i);
    }
    for d in &spec.defines {
        cmd.arg("-D").arg(d);
    }
    cmd.arg("--entry").arg(&spec.entry);
    if spec.ilp32 {
        cmd.arg("--ilp32");
    }
    if spec.thread_roots {
        cmd.arg("--thread-roots");
    }
    if spec.entry_mid_run {
        cmd.arg("--entry-mid-run");
    }
    if let Some(r) = &spec.rule {
        cmd.arg("--rule").arg(r);
    }
    if let Some(p) = &spec.property {
        cmd.arg("--property").arg(p);
    }
    cmd.args(["--format", "json", "--engine", &spec.engine]);
    cmd.arg("--timeout").arg(spec.time_secs.to_string());
    cmd.arg("--memory-limit").arg(spec.memory_mib.to_string());
    cmd.arg("--max-iterations").arg(spec.iterations.to_string());
    cmd
}

/// Run the check; never panics, never waits much past the limits.
pub fn run(exe: &Path, spec: &Spec) -> CheckResult {
    let start = Instant::now();
    let mut cmd = command(exe, spec);
    cmd.stdin(Stdio::null()).stdout(Stdio::piped()).stderr(Stdio::piped());
    // one thread for the check's own parallelism; the gate runs checks side by side
    cmd.env("RAYON_NUM_THREADS", "1");
    let mut child = match cmd.spawn() {
        Ok(c) => c,
        Err(e) => {
            return CheckResult::stopped(Verdict::Error, "internal_error", format!("cannot run slam check: {e}"), 0.0)
        }
    };
    let out = child.stdout.take().expect("piped");
    let err = child.stderr.take().expect("piped");
    let out_t = std::thread::spawn(move || read_all(out));
    let err_t = std::thread::spawn(move || read_all(err));
    let (status, killed) = watch(&mut child, spec, start);
    let stdout = out_t.join().unwrap_or_default();
    let stderr = err_t.join().unwrap_or_default();
    let secs = start.elapsed().as_secs_f64();
    if let Some((reason, detail)) = killed {
        return CheckResult::stopped(Verdict::Unknown, reason, detail, secs);
    }
    result_of(status.and_then(|s| s.code()), &stdout, &stderr, secs)
}

/// All of `r`, read to its end (what was read when an error stops it).
fn read_all(mut r: impl Read) -> String {
    let mut s = String::new();
    let _ = r.read_to_string(&mut s);
    s
}

/// Waits for the child, killing it a little past its time limit or well over its memory
/// limit; returns its exit status and, when killed, the reason and detail.
fn watch(
    child: &mut std::process::Child,
    spec: &Spec,
    start: Instant,
) -> (Option<std::process::ExitStatus>, Option<(&'static str, String)>) {
    let pid = child.id();
    let deadline = start + Duration::from_secs_f64(spec.time_secs) + grace(spec.time_secs);
    // the engine keeps to the memory limit itself; the watchdog is for a stage that does not return
    let mem_kill = spec.memory_mib + spec.memory_mib / 4 + 64;
    loop {
        match child.try_wait() {
            Ok(Some(st)) => return (Some(st), None),
            Ok(None) => {}
            Err(_) => return (None, None),
        }
        if Instant::now() >= deadline {
            let _ = child.kill();
            let killed = Some((
                "time_limit",
                format!("the check did not stop at its time limit ({} s) and was killed", spec.time_secs),
            ));
            return (child.wait().ok(), killed);
        }
        if let Some(m) = rss_mib(pid) {
            if m > mem_kill {
                let _ = child.kill();
                let killed = Some((
                    "memory_limit",
                    format!("the check used {m} MiB, over its memory limit ({} MiB), and was killed", spec.memory_mib),
                ));
                return (child.wait().ok(), killed);
            }
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// The result of a child that exited with `code` (`None`: killed by a signal): its JSON
/// report for a verdict's exit code, else an error with the start of its stderr.
fn result_of(code: Option<i32>, stdout: &str, stderr: &str, secs: f64) -> CheckResult {
    match code {
        Some(0 | 5 | 6 | 10) => match CheckResult::from_check_json(stdout) {
            Ok(mut r) => {
                r.time_secs = secs;
                r
            }
            Err(e) => CheckResult::stopped(Verdict::Error, "internal_error", e, secs),
        },
        Some(c) => {
            let msg: Vec<&str> = stderr.lines().filter(|l| !l.trim().is_empty()).take(6).collect();
            let what = if c == 2 { "input_error" } else { "error" };
            CheckResult::stopped(Verdict::Error, what, format!("slam check exited with {c}: {}", msg.join("\n")), secs)
        }
        None => CheckResult::stopped(
            Verdict::Error,
            "internal_error",
            format!("slam check was killed by a signal: {}", stderr.lines().last().unwrap_or("")),
            secs,
        ),
    }
}
