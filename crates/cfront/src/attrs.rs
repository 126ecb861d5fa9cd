//! GNU attributes (`__attribute__((…))`), which lang-c rejects in some places: blanked out of
//! the preprocessed text (columns stay), keeping what the layout needs — `packed` and
//! `aligned(N)` with the position of the attribute. C11's `_Alignas(N)` with a constant `N`
//! is kept the same way as an `aligned(N)` (lang-c, a C11 parser, rejects it on struct
//! members, where C17 allows it and where it changes the layout).

/// One attribute list, with the layout-relevant attributes it holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Attr {
    /// Offset (in the preprocessed text) of `__attribute__`.
    pub start: usize,
    /// Offset of the last non-blank character before it (`None` at the start of the text).
    pub prev: Option<usize>,
    pub packed: bool,
    /// `aligned(N)`; `aligned` alone is the target's largest alignment (16).
    pub aligned: Option<u64>,
    /// `_Alignas(N)`: it aligns the object or member declared, never a struct type.
    pub alignas: bool,
    /// Offset of the first non-blank character after it.
    pub next: Option<usize>,
    /// A `#pragma pack` line: from here on members are aligned to at most `Some(n)` bytes
    /// (`Some(None)`: their natural alignment again).
    pub pragma_pack: Option<Option<u64>>,
}

/// Blank every `__attribute__((…))` / `__attribute((…))` (string and character literals are
/// skipped), returning the attribute lists found.
pub(crate) fn strip(text: &mut String) -> Vec<Attr> {
    if !text.contains("__attribute") && !text.contains("lignas") {
        return vec![];
    }
    let mut b = std::mem::take(text).into_bytes();
    let mut out = vec![];
    let mut i = 0;
    let mut last_nonblank: Option<usize> = None;
    while i < b.len() {
        let c = b[i];
        if c == b'"' || c == b'\'' {
            i = skip_literal(&b, i);
            last_nonblank = Some(i - 1);
            continue;
        }
        if c.is_ascii_alphabetic() || c == b'_' {
            let s = i;
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                i += 1;
            }
            let w = &b[s..i];
            if w == b"_Alignas" || w == b"alignas" {
                // (a macro from a system header puts line markers between the word and `(`)
                let mut j = i;
                loop {
                    while j < b.len() && b[j].is_ascii_whitespace() {
                        j += 1;
                    }
                    if j < b.len() && b[j] == b'#' && (j == 0 || b[j - 1] == b'\n') {
                        while j < b.len() && b[j] != b'\n' {
                            j += 1;
                        }
                        continue;
                    }
                    break;
                }
                if j < b.len() && b[j] == b'(' {
                    if let Some(end) = matching_paren(&b, j) {
                        let body = String::from_utf8_lossy(&b[j + 1..end]).trim().to_string();
                        // a constant alignment only; `_Alignas(type)` stays for the parser
                        if let Some(n) = parse_alignment(&body) {
                            let aligned = Some(n);
                            out.push(Attr {
                                start: s,
                                prev: last_nonblank,
                                packed: false,
                                aligned,
                                alignas: true,
                                next: None,
                                pragma_pack: None,
                            });
                            for k in (s..i).chain(j..=end) {
                                if b[k] != b'\n' {
                                    b[k] = b' ';
                                }
                            }
                            i = end + 1;
                            continue;
                        }
                    }
                }
            }
            if w == b"__attribute__" || w == b"__attribute" {
                let mut j = i;
                while j < b.len() && b[j].is_ascii_whitespace() {
                    j += 1;
                }
                if j < b.len() && b[j] == b'(' {
                    if let Some(end) = matching_paren(&b, j) {
                        let body = String::from_utf8_lossy(&b[j..=end]).into_owned();
                        let (packed, aligned) = layout_attrs(&body);
                        out.push(Attr {
                            start: s,
                            prev: last_nonblank,
                            packed,
                            aligned,
                            alignas: false,
                            next: None,
                            pragma_pack: None,
                        });
                        for x in &mut b[s..=end] {
                            if *x != b'\n' {
                                *x = b' ';
                            }
                        }
                        i = end + 1;
                        continue;
                    }
                }
            }
            last_nonblank = Some(i - 1);
            continue;
        }
        if !c.is_ascii_whitespace() {
            last_nonblank = Some(i);
        }
        i += 1;
    }
    for a in &mut out {
        a.next = next_token(&b, a.start);
    }
    *text = String::from_utf8(b).unwrap_or_default();
    out
}

/// Blank every `#pragma pack(…)` line, returning its effect at its offset (gcc's forms:
/// `pack(n)`, `pack()`, `pack(push)`, `pack(push, n)`, `pack(pop)`; a pop without a push
/// restores the natural alignment).
pub(crate) fn pragma_packs(text: &mut String) -> Vec<Attr> {
    if !text.contains("pragma") {
        return vec![];
    }
    let mut out = vec![];
    let mut stack: Vec<Option<u64>> = vec![];
    let mut current: Option<u64> = None;
    let mut b = std::mem::take(text).into_bytes();
    let mut line_start = 0;
    while line_start < b.len() {
        let end = b[line_start..].iter().position(|&c| c == b'\n').map_or(b.len(), |k| line_start + k);
        let line = String::from_utf8_lossy(&b[line_start..end]).into_owned();
        let t = line.trim_start();
        if let Some(rest) = t.strip_prefix('#').map(str::trim_start).and_then(|r| r.strip_prefix("pragma")) {
            let rest = rest.trim_start();
            if let Some(args) = rest.strip_prefix("pack").map(str::trim) {
                let inner = args.strip_prefix('(').and_then(|a| a.strip_suffix(')')).unwrap_or("");
                let parts: Vec<&str> = inner.split(',').map(str::trim).filter(|p| !p.is_empty()).collect();
                let value = |p: &str| parse_alignment(p).filter(|n| n.is_power_of_two());
                match parts.as_slice() {
                    [] => current = None,
                    ["push"] => stack.push(current),
                    ["push", n] => {
                        stack.push(current);
                        current = value(n);
                    }
                    ["pop"] => current = stack.pop().flatten(),
                    [n] => current = value(n),
                    _ => {}
                }
                out.push(Attr {
                    start: line_start,
                    prev: None,
                    packed: false,
                    aligned: None,
                    alignas: false,
                    next: None,
                    pragma_pack: Some(current),
                });
                for x in &mut b[line_start..end] {
                    *x = b' ';
                }
            }
        }
        line_start = end + 1;
    }
    *text = String::from_utf8(b).unwrap_or_default();
    out
}

/// The offset of the first character from `k` on that is neither blank nor in a line marker.
fn next_token(b: &[u8], mut k: usize) -> Option<usize> {
    while k < b.len() {
        if b[k] == b'#' && (k == 0 || b[k - 1] == b'\n') {
            while k < b.len() && b[k] != b'\n' {
                k += 1;
            }
        } else if b[k].is_ascii_whitespace() {
            k += 1;
        } else {
            return Some(k);
        }
    }
    None
}

/// An alignment written as an integer constant (`64`, `0x40`, `16u`).
fn parse_alignment(s: &str) -> Option<u64> {
    let s = s.trim_end_matches(['u', 'U', 'l', 'L']);
    match s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")) {
        Some(h) => u64::from_str_radix(h, 16).ok(),
        None => s.parse().ok(),
    }
}

/// The offset after a string or character literal starting at `i`.
fn skip_literal(b: &[u8], i: usize) -> usize {
    let q = b[i];
    let mut j = i + 1;
    while j < b.len() && b[j] != q && b[j] != b'\n' {
        if b[j] == b'\\' {
            j += 1;
        }
        j += 1;
    }
    (j + 1).min(b.len())
}

/// The offset of the `)` matching the `(` at `open`.
fn matching_paren(b: &[u8], open: usize) -> Option<usize> {
    let mut depth = 0usize;
    let mut j = open;
    while j < b.len() {
        match b[j] {
            b'"' | b'\'' => {
                j = skip_literal(b, j);
                continue;
            }
            b'(' => depth += 1,
            b')' => {
                depth -= 1;
                if depth == 0 {
                    return Some(j);
                }
            }
            _ => {}
        }
        j += 1;
    }
    None
}

/// `packed` and `aligned(N)` in an attribute list's text.
fn layout_attrs(body: &str) -> (bool, Option<u64>) {
    let mut packed = false;
    let mut aligned = None;
    let mut words: Vec<(usize, &str)> = vec![];
    let bytes = body.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i].is_ascii_alphabetic() || bytes[i] == b'_' {
            let s = i;
            while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_') {
                i += 1;
            }
            words.push((i, &body[s..i]));
        } else {
            i += 1;
        }
    }
    for (end, w) in words {
        match w {
            "packed" | "__packed__" => packed = true,
            "aligned" | "__aligned__" => {
                let rest = body[end..].trim_start();
                aligned = Some(match rest.strip_prefix('(') {
                    Some(arg) => {
                        let num: String = arg.trim_start().chars().take_while(|c| c.is_ascii_digit()).collect();
                        match num.parse() {
                            Ok(n) => n,
                            // an alignment expression slam does not evaluate: unknown
                            Err(_) => continue,
                        }
                    }
                    None => 16,
                });
            }
            _ => {}
        }
    }
    (packed, aligned)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blanks_attributes_and_keeps_layout_ones() {
        let mut t = String::from(
            "struct __attribute__((packed)) s { int a; } __attribute__ ((aligned(8), unused));\nchar *x = \"__attribute__((packed))\";",
        );
        let len = t.len();
        let a = strip(&mut t);
        assert_eq!(t.len(), len);
        assert!(t.starts_with("struct                         s { int a; }"));
        assert!(t.contains("\"__attribute__((packed))\""));
        assert_eq!(a.len(), 2);
        assert_eq!((a[0].packed, a[0].aligned, a[0].prev), (true, None, Some(5)));
        assert_eq!((a[1].packed, a[1].aligned), (false, Some(8)));
        assert_eq!(a[1].prev, t.find('}'));
    }

    #[test]
    fn alignas_with_a_constant_is_kept_across_line_markers() {
        let mut t = String::from("struct s {\n  _Alignas\n# 9 \"x.h\"\n  (64) long acc[8];\n  _Alignas(T) int y;\n};");
        let a = strip(&mut t);
        assert_eq!(a.len(), 1);
        assert_eq!((a[0].aligned, a[0].alignas), (Some(64), true));
        // the line marker stays, the word and its operand are blanked
        assert!(t.contains("# 9 \"x.h\"\n       long acc[8];"));
        assert_eq!(a[0].next, t.find("long"));
        // `_Alignas(type)` is left to the parser
        assert!(t.contains("_Alignas(T) int y;"));
    }
}
