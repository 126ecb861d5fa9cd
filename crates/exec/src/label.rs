//! `--error-label L`: the preprocessed program with a call of the harness's
//! `__slam_label_reached()` right after each statement label `L:`, so that reaching the label
//! is observable. Only labels that start a statement (after `;`, `{`, `}` or another label)
//! are marked: there the inserted call cannot change which statement a condition guards.

/// The text with the calls inserted, and how many labels were marked.
pub(crate) fn mark(text: &str, label: &str) -> (String, usize) {
    let b = text.as_bytes();
    let ident = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
    let mut out = String::with_capacity(text.len() + 64);
    let mut last = 0;
    let mut n = 0;
    let mut i = 0;
    // the last significant character outside line markers, strings and comments
    let mut prev: u8 = b';';
    let mut line_start = true;
    while i < b.len() {
        let c = b[i];
        if line_start && c == b'#' {
            // a line marker or directive: skip the line
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
            continue;
        }
        if c == b'\n' {
            line_start = true;
            i += 1;
            continue;
        }
        if c.is_ascii_whitespace() {
            i += 1;
            continue;
        }
        line_start = false;
        if c == b'"' || c == b'\'' {
            i += 1;
            while i < b.len() && b[i] != c {
                if b[i] == b'\\' {
                    i += 1;
                }
                i += 1;
            }
            i += 1;
            prev = c;
            continue;
        }
        if ident(c) {
            let s = i;
            while i < b.len() && ident(b[i]) {
                i += 1;
            }
            let word = &text[s..i];
            if word == label && matches!(prev, b';' | b'{' | b'}' | b':') {
                let mut j = i;
                while j < b.len() && (b[j] == b' ' || b[j] == b'\t') {
                    j += 1;
                }
                if b.get(j) == Some(&b':') && b.get(j + 1) != Some(&b':') {
                    out.push_str(&text[last..=j]);
                    out.push_str(" __slam_label_reached();");
                    last = j + 1;
                    n += 1;
                    i = j + 1;
                    prev = b':';
                    continue;
                }
            }
            prev = b'a';
            continue;
        }
        prev = c;
        i += 1;
    }
    out.push_str(&text[last..]);
    if n > 0 {
        out.insert_str(0, "void __slam_label_reached(void);\n");
    }
    (out, n)
}

#[cfg(test)]
mod tests {
    #[test]
    fn statement_labels_get_the_call_and_nothing_else_does() {
        let src = "int f(int x) {\n  if (x) goto ERROR;\n  switch (x) { case 1: break; }\n  x = x ? 1 : 2;\nERROR: return 0;\n}\n";
        let (out, n) = super::mark(src, "ERROR");
        assert_eq!(n, 1, "{out}");
        assert!(out.contains("ERROR: __slam_label_reached(); return 0;"), "{out}");
        assert!(out.contains("goto ERROR;"), "{out}");
    }
}
