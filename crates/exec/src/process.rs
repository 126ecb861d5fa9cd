//! Bounded child processes (the compiler, the linker, the program): each in a process group of
//! its own, killed with the whole group when its time is up; output to files, never pipes
//! (a chatty program cannot block on a full pipe).

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// How a child ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Ended {
    Exit(i32),
    Signal(i32),
    /// Killed after the time limit.
    TimedOut(Duration),
}

impl Ended {
    pub(crate) fn text(&self) -> String {
        match self {
            Ended::Exit(c) => format!("exit status {c}"),
            Ended::Signal(s) => {
                format!("killed by signal {s}{}", signal_name(*s).map(|n| format!(" ({n})")).unwrap_or_default())
            }
            Ended::TimedOut(d) => format!("timed out after {} s (killed)", d.as_secs_f64()),
        }
    }
}

fn signal_name(s: i32) -> Option<&'static str> {
    Some(match s {
        libc::SIGABRT => "SIGABRT",
        libc::SIGSEGV => "SIGSEGV",
        libc::SIGBUS => "SIGBUS",
        libc::SIGFPE => "SIGFPE",
        libc::SIGILL => "SIGILL",
        libc::SIGKILL => "SIGKILL",
        libc::SIGTRAP => "SIGTRAP",
        _ => return None,
    })
}

/// What a finished child left.
pub(crate) struct Output {
    pub ended: Ended,
    pub stdout: String,
    pub stderr: String,
}

/// A temporary directory, removed (with everything in it) when dropped.
pub(crate) struct TempDir(PathBuf);

impl TempDir {
    pub(crate) fn new() -> std::io::Result<TempDir> {
        use std::sync::atomic::{AtomicU32, Ordering};
        static N: AtomicU32 = AtomicU32::new(0);
        let nanos =
            std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.subsec_nanos()).unwrap_or(0);
        let dir = std::env::temp_dir().join(format!(
            "slam-exec-{}-{}-{nanos}",
            std::process::id(),
            N.fetch_add(1, Ordering::Relaxed)
        ));
        std::fs::create_dir_all(&dir)?;
        Ok(TempDir(dir))
    }
    pub(crate) fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Run `cmd` in `dir` with standard input empty, for at most `limit`; its outputs are kept in
/// `dir/<tag>.out` and `dir/<tag>.err`. `Err` when it cannot be started.
pub(crate) fn run(mut cmd: Command, dir: &Path, tag: &str, limit: Duration) -> Result<Output, String> {
    use std::os::unix::process::{CommandExt, ExitStatusExt};
    let out_path = dir.join(format!("{tag}.out"));
    let err_path = dir.join(format!("{tag}.err"));
    let out = std::fs::File::create(&out_path).map_err(|e| e.to_string())?;
    let err = std::fs::File::create(&err_path).map_err(|e| e.to_string())?;
    cmd.current_dir(dir).stdin(Stdio::null()).stdout(out).stderr(err).process_group(0);
    let mut child = cmd.spawn().map_err(|e| e.to_string())?;
    let start = Instant::now();
    let pid = child.id() as i32;
    let ended = loop {
        match child.try_wait() {
            Ok(Some(st)) => {
                break match (st.code(), st.signal()) {
                    (Some(c), _) => Ended::Exit(c),
                    (None, Some(s)) => Ended::Signal(s),
                    (None, None) => Ended::Exit(-1),
                }
            }
            Ok(None) if start.elapsed() >= limit => {
                // SAFETY: signals the process group this function created (the child leads it).
                unsafe {
                    libc::kill(-pid, libc::SIGKILL);
                }
                let _ = child.wait();
                break Ended::TimedOut(limit);
            }
            Ok(None) => std::thread::sleep(poll_interval(start.elapsed())),
            Err(e) => {
                // SAFETY: as above.
                unsafe {
                    libc::kill(-pid, libc::SIGKILL);
                }
                let _ = child.wait();
                return Err(e.to_string());
            }
        }
    };
    // No group kill after a normal end: the leader is reaped, so its id may name another
    // process's group by now (gcc waits for its own children; programs that fork are not run).
    let read = |p: &Path| String::from_utf8_lossy(&std::fs::read(p).unwrap_or_default()).into_owned();
    Ok(Output { ended, stdout: read(&out_path), stderr: read(&err_path) })
}

/// Short polls first: most children (the program, the linker) end within milliseconds.
fn poll_interval(elapsed: Duration) -> Duration {
    if elapsed < Duration::from_millis(20) {
        Duration::from_micros(500)
    } else if elapsed < Duration::from_millis(500) {
        Duration::from_millis(2)
    } else {
        Duration::from_millis(10)
    }
}

/// The last `n` lines of `text`, at most 2,000 characters.
pub(crate) fn tail(text: &str, n: usize) -> String {
    let lines: Vec<&str> = text.lines().collect();
    let t = lines[lines.len().saturating_sub(n)..].join("\n");
    let chars: Vec<char> = t.chars().collect();
    if chars.len() > 2000 {
        chars[chars.len() - 2000..].iter().collect()
    } else {
        t
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_child_past_its_time_is_killed_with_its_group() {
        let dir = TempDir::new().unwrap();
        let mut cmd = Command::new("sh");
        // the shell's child (sleep) is in the group too
        cmd.args(["-c", "sleep 30; echo late"]);
        let start = Instant::now();
        let out = run(cmd, dir.path(), "t", Duration::from_millis(300)).unwrap();
        assert_eq!(out.ended, Ended::TimedOut(Duration::from_millis(300)));
        assert!(start.elapsed() < Duration::from_secs(5), "{:?}", start.elapsed());
        assert!(!out.stdout.contains("late"));
        let path = dir.path().to_path_buf();
        drop(dir);
        assert!(!path.exists(), "the temporary directory is removed");
    }

    #[test]
    fn exit_status_and_output_are_kept() {
        let dir = TempDir::new().unwrap();
        let mut cmd = Command::new("sh");
        cmd.args(["-c", "echo out; echo err >&2; exit 3"]);
        let out = run(cmd, dir.path(), "t", Duration::from_secs(10)).unwrap();
        assert_eq!(out.ended, Ended::Exit(3));
        assert_eq!((out.stdout.as_str(), out.stderr.as_str()), ("out\n", "err\n"));
        assert_eq!(tail("a\nb\nc\n", 2), "b\nc");
    }
}
