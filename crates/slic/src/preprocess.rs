//! Running rules through the C preprocessor (`gcc -E`, or `cpp`), keeping line markers so
//! that diagnostics point at the user's files.

use crate::Diagnostic;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// Preprocessor options: the `-I` directories and `-D` definitions given to C files apply
/// to rules too.
#[derive(Clone, Debug)]
pub struct PpOptions {
    pub includes: Vec<PathBuf>,
    /// `NAME` or `NAME=VALUE`.
    pub defines: Vec<String>,
    /// The preprocessor command, run as `<cpp> -E -x c` (default `gcc`).
    pub cpp: String,
}

impl Default for PpOptions {
    fn default() -> Self {
        PpOptions { includes: vec![], defines: vec![], cpp: "gcc".into() }
    }
}

/// Preprocess the rule at `path` (or `text`, named `path`, when given). The output keeps the
/// `# N "file"` line markers.
pub fn preprocess(path: &Path, text: Option<&str>, opts: &PpOptions) -> Result<String, Diagnostic> {
    let name = path.to_string_lossy().into_owned();
    let fail = |m: String| Diagnostic {
        file: name.clone(),
        line: 1,
        col: 1,
        message: m,
        kind: cminus::diag::DiagKind::Syntax,
    };
    let mut cmd = Command::new(&opts.cpp);
    cmd.args(["-E", "-x", "c", "-undef", "-D__SLIC__=1"]);
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        // quoted includes of text given directly are searched next to its (nominal) path
        if text.is_some() {
            cmd.arg(format!("-iquote{}", dir.display()));
        }
    }
    for i in &opts.includes {
        cmd.arg(format!("-I{}", i.display()));
    }
    for d in &opts.defines {
        cmd.arg(format!("-D{d}"));
    }
    match text {
        Some(_) => {
            cmd.arg("-");
        }
        None => {
            if !path.exists() {
                return Err(fail(format!("cannot read rule file {name}")));
            }
            cmd.arg(path);
        }
    }
    cmd.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped());
    let mut child = cmd.spawn().map_err(|e| fail(format!("cannot run the preprocessor `{} -E`: {e}", opts.cpp)))?;
    {
        let mut stdin = child.stdin.take().expect("piped stdin");
        if let Some(t) = text {
            let escaped = name.replace('\\', "\\\\").replace('"', "\\\"");
            let _ = writeln!(stdin, "#line 1 \"{escaped}\"");
            let _ = stdin.write_all(t.as_bytes());
            let _ = stdin.write_all(b"\n");
        }
    }
    let out = child.wait_with_output().map_err(|e| fail(format!("the preprocessor failed: {e}")))?;
    if !out.status.success() {
        let err = String::from_utf8_lossy(&out.stderr);
        for l in err.lines() {
            if let Some(d) = parse_gcc_error(l) {
                return Err(d);
            }
        }
        return Err(fail(format!("the preprocessor failed: {}", err.trim())));
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

/// `file:line:col: error: message` → a diagnostic.
fn parse_gcc_error(l: &str) -> Option<Diagnostic> {
    let idx = l.find(": error: ").or_else(|| l.find(": fatal error: "))?;
    let (head, msg) = l.split_at(idx);
    let msg = msg.trim_start_matches(": ").trim_start_matches("fatal ").trim_start_matches("error: ");
    let mut parts = head.rsplitn(3, ':');
    let col = parts.next()?.parse().ok()?;
    let line = parts.next()?.parse().ok()?;
    let file = parts.next()?.to_string();
    Some(Diagnostic { file, line, col, message: format!("preprocessor: {msg}"), kind: cminus::diag::DiagKind::Syntax })
}
