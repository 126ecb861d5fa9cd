//! Source text before parsing: running the C preprocessor (for C files, SLIC rules and the
//! gate's cache key alike), reading its line markers back to the user's files, and
//! diagnostics at `file:line:column` with a [`DiagKind`] that decides how slam answers.
//!
//! Knows nothing of C's grammar or of slam's IR: it hands text and positions to the parsers.

pub mod diag;

pub use diag::{all_of_kind, DiagKind, Diagnostic};

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// A line marker of preprocessed text: `# N "file" flags…`, `#line N "file"` or `#line N`
/// (`file` is `None`: the current file goes on). The next line is line `line`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Marker {
    pub line: u32,
    pub file: Option<String>,
}

/// The line marker `l` is, if it is one.
pub fn parse_marker(l: &str) -> Option<Marker> {
    let rest = l.trim_start().strip_prefix('#')?.trim_start();
    let rest = rest.strip_prefix("line").unwrap_or(rest).trim_start();
    let end = rest.find(|c: char| !c.is_ascii_digit()).unwrap_or(rest.len());
    if end == 0 {
        return None;
    }
    let line: u32 = rest[..end].parse().ok()?;
    let rest = rest[end..].trim_start();
    let Some(rest) = rest.strip_prefix('"') else {
        return rest.trim().is_empty().then_some(Marker { line, file: None });
    };
    let mut name = String::new();
    let mut chars = rest.chars();
    while let Some(c) = chars.next() {
        match c {
            '"' => return Some(Marker { line, file: Some(name) }),
            '\\' => name.push(chars.next()?),
            c => name.push(c),
        }
    }
    None
}

/// The text with every line marker replaced by an empty line (so that positions are the
/// physical lines of the text itself).
pub fn blank_line_markers(t: &str) -> String {
    let mut out = String::with_capacity(t.len());
    for l in t.split_inclusive('\n') {
        if parse_marker(l).is_some() {
            if l.ends_with('\n') {
                out.push('\n');
            }
        } else {
            out.push_str(l);
        }
    }
    out
}

/// A gcc error line (`file:line:col: error: message`, or `fatal error:`) as a diagnostic.
pub fn parse_gcc_error(l: &str) -> Option<Diagnostic> {
    let idx = l.find(": error: ").or_else(|| l.find(": fatal error: "))?;
    let (head, msg) = l.split_at(idx);
    let msg = msg.trim_start_matches(": ").trim_start_matches("fatal ").trim_start_matches("error: ");
    let mut parts = head.rsplitn(3, ':');
    let col = parts.next()?.parse().ok()?;
    let line = parts.next()?.parse().ok()?;
    let file = parts.next()?.to_string();
    Some(Diagnostic::new(file, line, col, format!("preprocessor: {msg}")).with_kind(DiagKind::Syntax))
}

/// What to preprocess: a file, or a text named like a file (its `#line 1 "name"` is added).
#[derive(Clone, Copy, Debug)]
pub enum Input<'a> {
    File(&'a Path),
    Text { name: &'a str, text: &'a str },
}

/// One run of the preprocessor: `<command> -E <args…> -I… -D… <input>`.
#[derive(Clone, Debug)]
pub struct Cpp {
    /// The command (`gcc`, `cpp`, `clang`), run with `-E`.
    pub command: String,
    /// Flags before the include directories (`-x c`, `-undef`, `-m32`, `-D__SLAM__=1`, …).
    pub args: Vec<String>,
    pub includes: Vec<PathBuf>,
    /// `NAME` or `NAME=VALUE`.
    pub defines: Vec<String>,
}

impl Cpp {
    pub fn new(command: &str) -> Cpp {
        Cpp { command: command.to_string(), args: vec![], includes: vec![], defines: vec![] }
    }

    /// The preprocessed text, or the first error gcc reports (else the whole of its complaint,
    /// at line 1 of `input`).
    pub fn run(&self, input: Input) -> Result<String, Diagnostic> {
        let name = match input {
            Input::File(p) => p.to_string_lossy().into_owned(),
            Input::Text { name, .. } => name.to_string(),
        };
        let fail = |m: String| Diagnostic::new(name.clone(), 1, 1, m).with_kind(DiagKind::Syntax);
        let mut cmd = Command::new(&self.command);
        cmd.arg("-E").args(&self.args);
        for i in &self.includes {
            cmd.arg(format!("-I{}", i.display()));
        }
        for d in &self.defines {
            cmd.arg(format!("-D{d}"));
        }
        match input {
            Input::File(p) => cmd.arg(p),
            Input::Text { .. } => cmd.args(["-x", "c", "-"]),
        };
        cmd.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped());
        let mut child =
            cmd.spawn().map_err(|e| fail(format!("cannot run the preprocessor `{} -E`: {e}", self.command)))?;
        {
            let mut stdin = child.stdin.take().expect("piped stdin");
            if let Input::Text { text, .. } = input {
                let escaped = name.replace('\\', "\\\\").replace('"', "\\\"");
                let _ = writeln!(stdin, "#line 1 \"{escaped}\"");
                let _ = stdin.write_all(text.as_bytes());
                let _ = stdin.write_all(b"\n");
            }
        }
        let out = child.wait_with_output().map_err(|e| fail(format!("the preprocessor failed: {e}")))?;
        if !out.status.success() {
            let err = String::from_utf8_lossy(&out.stderr);
            if let Some(d) = err.lines().find_map(parse_gcc_error) {
                return Err(d);
            }
            return Err(fail(format!("the preprocessor failed: {}", err.trim())));
        }
        Ok(String::from_utf8_lossy(&out.stdout).into_owned())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markers() {
        assert_eq!(parse_marker("# 12 \"a.c\" 1 3"), Some(Marker { line: 12, file: Some("a.c".into()) }));
        assert_eq!(parse_marker("#line 7 \"d\\\\x.c\""), Some(Marker { line: 7, file: Some("d\\x.c".into()) }));
        assert_eq!(parse_marker("#line 40"), Some(Marker { line: 40, file: None }));
        assert_eq!(parse_marker("  #  3"), Some(Marker { line: 3, file: None }));
        assert_eq!(parse_marker("#pragma once"), None);
        assert_eq!(parse_marker("#line x"), None);
        assert_eq!(blank_line_markers("# 1 \"a.c\"\nint x;\n#line 9\ny;"), "\nint x;\n\ny;");
    }

    #[test]
    fn gcc_errors() {
        let d = parse_gcc_error("a.c:3:10: fatal error: nope.h: No such file or directory").unwrap();
        assert_eq!((d.file.as_str(), d.line, d.col, d.kind), ("a.c", 3, 10, DiagKind::Syntax));
        assert_eq!(d.message, "preprocessor: nope.h: No such file or directory");
        assert!(parse_gcc_error("a.c:3:10: warning: meh").is_none());
    }

    #[test]
    fn runs_gcc_on_text() {
        let cpp = Cpp { defines: vec!["N=4".into()], ..Cpp::new("gcc") };
        let out = cpp.run(Input::Text { name: "t.c", text: "int a[N];" }).unwrap();
        assert!(out.contains("int a[4];"), "{out}");
        let err = cpp.run(Input::Text { name: "t.c", text: "#include \"missing.h\"" }).unwrap_err();
        assert_eq!((err.file.as_str(), err.line, err.kind), ("t.c", 1, DiagKind::Syntax));
    }
}
