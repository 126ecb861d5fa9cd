//! Compiler-style diagnostics: `file:line:col: error: message`, then the source line and a caret.

/// Render one diagnostic. `source` is the text of `file` when it is available.
pub fn render(file: &str, source: Option<&str>, line: usize, col: usize, msg: &str) -> String {
    let mut out = format!("{file}:{line}:{col}: error: {msg}\n");
    if let Some(text) = source.and_then(|s| s.lines().nth(line.saturating_sub(1))) {
        let gutter = line.to_string();
        out.push_str(&format!("{gutter} | {text}\n"));
        let pad: String =
            text.chars().take(col.saturating_sub(1)).map(|c| if c == '\t' { '\t' } else { ' ' }).collect();
        out.push_str(&format!("{} | {pad}^\n", " ".repeat(gutter.len())));
    }
    out
}

/// Print a diagnostic to stderr.
pub fn report(file: &str, source: Option<&str>, line: usize, col: usize, msg: &str) {
    eprint!("{}", render(file, source, line, col, msg));
}
