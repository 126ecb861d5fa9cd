//! Running the system preprocessor and mapping offsets of its output back to the user's files.

use crate::attrs::Attr;
use crate::{Diagnostic, Options};
use std::io::Write;
use std::process::{Command, Stdio};

/// The preprocessed text of a file (or of `text`, named `name`), with its GNU attributes
/// blanked out (lang-c rejects some placements of them) and the layout ones returned.
pub(crate) fn run(name: &str, text: Option<&str>, opts: &Options) -> Result<(String, Vec<Attr>), Diagnostic> {
    // An already preprocessed file (`.i`, as SV-COMP ships its tasks): its text is run through
    // the preprocessor once more (`gcc -E` alone prints nothing for a `.i`), as C, without the
    // predefined system macros (`linux`, `unix` would rewrite identifiers), and with its line
    // markers blanked, so that locations are the physical lines of the file the user gave
    // (where its snippet is shown and where witnesses point).
    let preprocessed_input;
    let (text, preprocessed) = match text {
        None if name.ends_with(".i") => {
            let t = std::fs::read_to_string(name).map_err(|e| Diagnostic {
                file: name.to_string(),
                line: 1,
                col: 1,
                message: format!("cannot read: {e}"),
                kind: cminus::diag::DiagKind::Syntax,
            })?;
            preprocessed_input = blank_line_markers(&t);
            (Some(preprocessed_input.as_str()), true)
        }
        _ => (text, false),
    };
    let mut cmd = Command::new(&opts.cpp);
    cmd.arg("-E");
    if preprocessed {
        cmd.arg("-undef");
    }
    if opts.data_model == crate::DataModel::Ilp32 {
        // the headers choose `long`'s and pointers' limits and types by the target
        cmd.arg("-m32");
    }
    for i in &opts.includes {
        cmd.arg(format!("-I{}", i.display()));
    }
    for d in &opts.defines {
        cmd.arg(format!("-D{d}"));
    }
    cmd.arg("-D__SLAM__=1");
    match text {
        Some(_) => {
            cmd.args(["-x", "c", "-"]);
        }
        None => {
            cmd.arg(name);
        }
    }
    cmd.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped());
    let fail = |m: String| Diagnostic {
        file: name.to_string(),
        line: 1,
        col: 1,
        message: m,
        kind: cminus::diag::DiagKind::Syntax,
    };
    let mut child = cmd.spawn().map_err(|e| fail(format!("cannot run the preprocessor `{} -E`: {e}", opts.cpp)))?;
    {
        let mut stdin = child.stdin.take().unwrap();
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
        // gcc reports `file:line:col: error: message`
        for l in err.lines() {
            if let Some(d) = parse_gcc_error(l) {
                return Err(d);
            }
        }
        return Err(fail(format!("the preprocessor failed: {}", err.trim())));
    }
    let mut pre = String::from_utf8_lossy(&out.stdout).into_owned();
    let attrs = crate::attrs::strip(&mut pre);
    Ok((pre, attrs))
}

/// The text with every line marker (`# 12 "f.c"`, `#line 12`) replaced by an empty line.
fn blank_line_markers(t: &str) -> String {
    let mut out = String::with_capacity(t.len());
    for l in t.split_inclusive('\n') {
        let rest = l.trim_start();
        let is_marker = rest.strip_prefix('#').is_some_and(|r| {
            let r = r.trim_start();
            r.starts_with(|c: char| c.is_ascii_digit())
                || r.strip_prefix("line").is_some_and(|x| x.starts_with([' ', '\t']))
        });
        if is_marker {
            if l.ends_with('\n') {
                out.push('\n');
            }
        } else {
            out.push_str(l);
        }
    }
    out
}

fn parse_gcc_error(l: &str) -> Option<Diagnostic> {
    let idx = l.find(": error: ").or_else(|| l.find(": fatal error: "))?;
    let (head, msg) = l.split_at(idx);
    let msg = msg.trim_start_matches(": ").trim_start_matches("fatal ");
    let msg = msg.trim_start_matches("error: ");
    let mut parts = head.rsplitn(3, ':');
    let col = parts.next()?.parse().ok()?;
    let line = parts.next()?.parse().ok()?;
    let file = parts.next()?.to_string();
    Some(Diagnostic { file, line, col, message: format!("preprocessor: {msg}"), kind: cminus::diag::DiagKind::Syntax })
}

/// Maps byte offsets of preprocessed text to (file, line, column) of the original source,
/// following the `# N "file"` line markers.
#[derive(Clone, Debug)]
pub struct LineMap {
    starts: Vec<usize>,
    /// Per preprocessed line: index into `files`, original line.
    lines: Vec<(u32, u32)>,
    pub files: Vec<String>,
    /// Insertions into the parsed text, ascending: (offset in the parsed text, length); the
    /// preprocessed text lacks those bytes (implicit `int`s, a prelude).
    inserted: Vec<(usize, usize)>,
}

impl LineMap {
    pub fn new(text: &str) -> LineMap {
        let mut starts = vec![];
        let mut lines = vec![];
        let mut files: Vec<String> = vec![];
        let mut cur_file = 0u32;
        let mut cur_line = 1u32;
        let mut off = 0;
        files.push(String::from("<input>"));
        for l in text.split_inclusive('\n') {
            starts.push(off);
            off += l.len();
            if let Some((n, f)) = parse_marker(l) {
                lines.push((cur_file, cur_line));
                let idx = match files.iter().position(|x| *x == f) {
                    Some(i) => i,
                    None => {
                        files.push(f);
                        files.len() - 1
                    }
                };
                cur_file = idx as u32;
                cur_line = n;
            } else {
                lines.push((cur_file, cur_line));
                cur_line += 1;
            }
        }
        LineMap { starts, lines, files, inserted: vec![] }
    }

    /// The map of the text with bytes inserted: (offset in the final text, length), ascending.
    pub(crate) fn with_insertions(mut self, at: Vec<(usize, usize)>) -> LineMap {
        self.inserted = at;
        self
    }

    /// The offset in the preprocessed text of an offset in the parsed text.
    pub(crate) fn original(&self, offset: usize) -> usize {
        let mut shift = 0;
        for &(p, len) in &self.inserted {
            if offset < p {
                break;
            }
            if offset < p + len {
                return p - shift;
            }
            shift += len;
        }
        offset - shift
    }

    /// (file, line, column) of a byte offset.
    pub fn locate(&self, offset: usize) -> (String, u32, u32) {
        let (f, l, c) = self.locate_idx(offset);
        (self.files[f as usize].clone(), l, c)
    }

    /// (file index, line, column) of a byte offset.
    pub fn locate_idx(&self, offset: usize) -> (u32, u32, u32) {
        let offset = self.original(offset);
        if self.starts.is_empty() {
            return (0, 1, 1);
        }
        let i = match self.starts.binary_search(&offset) {
            Ok(i) => i,
            Err(i) => i.saturating_sub(1),
        };
        let (f, l) = self.lines[i];
        (f, l, (offset.saturating_sub(self.starts[i]) + 1) as u32)
    }
}

fn parse_marker(l: &str) -> Option<(u32, String)> {
    let rest = l.strip_prefix('#')?;
    let rest = rest.trim_start();
    let rest = rest.strip_prefix("line").unwrap_or(rest).trim_start();
    let end = rest.find(|c: char| !c.is_ascii_digit())?;
    if end == 0 {
        return None;
    }
    let n: u32 = rest[..end].parse().ok()?;
    let rest = rest[end..].trim_start();
    let rest = rest.strip_prefix('"')?;
    let mut name = String::new();
    let mut chars = rest.chars();
    while let Some(c) = chars.next() {
        match c {
            '"' => return Some((n, name)),
            '\\' => name.push(chars.next()?),
            c => name.push(c),
        }
    }
    None
}
