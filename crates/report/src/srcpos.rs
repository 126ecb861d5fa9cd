//! Source positions that witness validators match on, found in the C text itself.
//!
//! The front end gives a statement the location of the construct it was lowered from (a
//! loop's condition, an assignment's `=`, a call's name). The witness formats ask for other
//! points: a loop invariant at the loop's keyword, `function_enter`/`function_return` at the
//! `)` that closes the call's arguments, an assumption at the start of a statement. These
//! helpers move a location to that point by reading the source; when the text does not fit
//! (no source, an unexpected shape), the location stays as it was.

use cminus::Loc;

/// The texts of the program's files, aligned with `prog.files`.
pub struct Positions<'a> {
    sources: &'a [Option<String>],
}

fn ident_char(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

/// How far back a loop keyword may be from the location of the loop's head.
const KEYWORD_WINDOW: usize = 400;

impl<'a> Positions<'a> {
    pub fn new(sources: &'a [Option<String>]) -> Self {
        Positions { sources }
    }

    fn text(&self, loc: Loc) -> Option<&'a [u8]> {
        self.sources.get(loc.file as usize)?.as_deref().map(str::as_bytes)
    }

    /// Byte offset of a 1-based line and column.
    fn offset(text: &[u8], loc: Loc) -> Option<usize> {
        let mut line = 1u32;
        let mut start = 0usize;
        if loc.line == 0 {
            return None;
        }
        for (i, &b) in text.iter().enumerate() {
            if line == loc.line {
                break;
            }
            if b == b'\n' {
                line += 1;
                start = i + 1;
            }
        }
        (line == loc.line).then(|| (start + loc.col.max(1) as usize - 1).min(text.len()))
    }

    fn loc_of(text: &[u8], file: u32, off: usize) -> Loc {
        let before = &text[..off.min(text.len())];
        let line = before.iter().filter(|&&b| b == b'\n').count() as u32 + 1;
        let line_start = before.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
        Loc { file, line, col: (off - line_start) as u32 + 1 }
    }

    /// The keyword (`while`, `for`, `do`) of the loop whose head is at `loc`: the nearest one
    /// before it, when only the loop's header lies between them (`while (`, `for (i = 0; `,
    /// `do {`). `None` for a loop made of `goto`s, or text of another shape.
    pub fn loop_keyword(&self, loc: Loc) -> Option<Loc> {
        let text = self.text(loc)?;
        let at = Self::offset(text, loc)?;
        let lo = at.saturating_sub(KEYWORD_WINDOW);
        let mut i = (at + 1).min(text.len());
        while i > lo {
            i -= 1;
            for kw in ["while", "for", "do"] {
                let k = kw.as_bytes();
                if i + k.len() <= text.len()
                    && &text[i..i + k.len()] == k
                    && (i == 0 || !ident_char(text[i - 1]))
                    && text.get(i + k.len()).is_none_or(|&b| !ident_char(b))
                {
                    return Self::header_only(&text[i + k.len()..at.max(i + k.len())])
                        .then(|| Self::loc_of(text, loc.file, i));
                }
            }
        }
        None
    }

    /// Whether `between` (keyword to head) is only a loop header: no statement ends in it
    /// outside parentheses, and at most the body's opening brace.
    fn header_only(between: &[u8]) -> bool {
        let mut depth = 0i32;
        let mut braces = 0;
        for &b in between {
            match b {
                b'(' => depth += 1,
                b')' => depth -= 1,
                b';' | b'}' if depth <= 0 => return false,
                b'{' if depth <= 0 => braces += 1,
                _ => {}
            }
        }
        braces <= 1
    }

    /// The `)` closing the arguments of the call of `callee` in the statement at `loc`; for a
    /// call through a pointer (`t->fn(x)`, where the callee's name is not in the text), the
    /// first call of the statement. `None` when the text has no such call.
    pub fn call_close(&self, loc: Loc, callee: &str) -> Option<Loc> {
        let text = self.text(loc)?;
        let at = Self::offset(text, loc)?;
        // The statement's start bounds the search back (the location may be at the `=`).
        let from = self.statement_start_offset(text, at);
        let end = from + text[from..].iter().position(|&b| b == b';').unwrap_or(text.len() - from);
        let open =
            Self::named_call(text, from, end, callee.as_bytes()).or_else(|| Self::first_call(text, from, end))?;
        let mut depth = 0usize;
        for (k, &b) in text.iter().enumerate().skip(open) {
            match b {
                b'(' => depth += 1,
                b')' => {
                    depth -= 1;
                    if depth == 0 {
                        return Some(Self::loc_of(text, loc.file, k));
                    }
                }
                _ => {}
            }
        }
        None
    }

    /// The `(` after `name` (a whole identifier) in `text[from..end]`.
    fn named_call(text: &[u8], from: usize, end: usize, name: &[u8]) -> Option<usize> {
        let mut i = from;
        while i + name.len() <= end {
            if &text[i..i + name.len()] == name
                && (i == 0 || !ident_char(text[i - 1]))
                && text.get(i + name.len()).is_some_and(|&b| !ident_char(b))
            {
                let j = skip_space_and_comments(text, i + name.len());
                if text.get(j) == Some(&b'(') {
                    return Some(j);
                }
            }
            i += 1;
        }
        None
    }

    /// The first `(` in `text[from..end]` that opens a call's arguments: after an identifier
    /// that is not a keyword, or after `)`/`]` (a call through a pointer expression).
    fn first_call(text: &[u8], from: usize, end: usize) -> Option<usize> {
        const NOT_CALLS: [&str; 6] = ["if", "while", "for", "switch", "return", "sizeof"];
        for j in from..end {
            if text[j] != b'(' {
                continue;
            }
            let mut k = j;
            while k > from && text[k - 1].is_ascii_whitespace() {
                k -= 1;
            }
            if k == from {
                continue;
            }
            let prev = text[k - 1];
            if prev == b')' || prev == b']' {
                return Some(j);
            }
            if ident_char(prev) {
                let mut w = k;
                while w > from && ident_char(text[w - 1]) {
                    w -= 1;
                }
                let word = std::str::from_utf8(&text[w..k]).unwrap_or("");
                if !NOT_CALLS.contains(&word) && !word.as_bytes()[0].is_ascii_digit() {
                    return Some(j);
                }
            }
        }
        None
    }

    /// The first character of the statement containing `at`: after the previous `;`, `{`
    /// or `}`, and after comments and white space.
    fn statement_start_offset(&self, text: &[u8], at: usize) -> usize {
        let mut i = at.min(text.len());
        let mut parens = 0i32;
        while i > 0 {
            let b = text[i - 1];
            match b {
                b')' => parens += 1,
                b'(' => parens -= 1,
                b';' | b'{' | b'}' if parens <= 0 => break,
                _ => {}
            }
            i -= 1;
        }
        skip_space_and_comments(text, i).min(at.max(i))
    }

    /// The start of the statement containing `loc` (not its `=`, not inside an `if (`).
    pub fn statement_start(&self, loc: Loc) -> Loc {
        let Some(text) = self.text(loc) else { return loc };
        let Some(at) = Self::offset(text, loc) else { return loc };
        Self::loc_of(text, loc.file, self.statement_start_offset(text, at))
    }
}

/// The offset of the first character at or after `i` that is not white space, a comment or
/// a preprocessor line.
fn skip_space_and_comments(text: &[u8], mut i: usize) -> usize {
    loop {
        while i < text.len() && text[i].is_ascii_whitespace() {
            i += 1;
        }
        if text[i..].starts_with(b"//") || (text[i..].starts_with(b"#") && (i == 0 || text[i - 1] == b'\n')) {
            while i < text.len() && text[i] != b'\n' {
                i += 1;
            }
        } else if text[i..].starts_with(b"/*") {
            match text[i + 2..].windows(2).position(|w| w == b"*/") {
                Some(p) => i += p + 4,
                None => return text.len(),
            }
        } else {
            return i;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SRC: &str = "int main() {\n  int x = f(a, g(b));\n  while (x < 3) {\n    x = h();\n  }\n  if (x) { y = 1; }\n  do { x--; } while (x);\n}\n";

    fn at(line: u32, col: u32) -> Loc {
        Loc { file: 0, line, col }
    }

    #[test]
    fn moves_to_the_points_validators_match() {
        let src = [Some(SRC.to_string())];
        let p = Positions::new(&src);
        // Loop keyword from the condition.
        assert_eq!(p.loop_keyword(at(3, 10)), Some(at(3, 3)));
        // do-while: the head is the body's first statement.
        assert_eq!(p.loop_keyword(at(7, 8)), Some(at(7, 3)));
        // Not a loop's header: a statement lies between (a loop made of gotos).
        assert_eq!(p.loop_keyword(at(6, 12)), None);
        // The `)` closing f's arguments, from the `=` of the declaration.
        assert_eq!(p.call_close(at(2, 9), "f"), Some(at(2, 20)));
        assert_eq!(p.call_close(at(2, 9), "g"), Some(at(2, 19)));
        // A call through a pointer: the callee's name is not in the text.
        let ptr = [Some("void m(T *t) {\n  if (t) t->fn(t->data);\n}\n".to_string())];
        assert_eq!(Positions::new(&ptr).call_close(at(2, 11), "inc"), Some(at(2, 23)));
        // A statement's start from its `=`, and from inside an `if (`.
        assert_eq!(p.statement_start(at(4, 7)), at(4, 5));
        assert_eq!(p.statement_start(at(6, 7)), at(6, 3));
        // No source: unchanged.
        let none = [None];
        assert_eq!(Positions::new(&none).statement_start(at(4, 7)), at(4, 7));
    }
}
