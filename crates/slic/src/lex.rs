//! The lexer: C-like tokens, comments, and preprocessor line markers (`# 12 "file.slic"`),
//! which move the reported positions back to the user's files.

use crate::ast::Pos;
use crate::Diagnostic;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Tok {
    Ident(String),
    /// `$1` … `$n`
    Arg(u32),
    /// `$return`
    DollarReturn,
    /// `$fname` outside a string, or another `$word`
    Dollar(String),
    Int(i128),
    Str(String),
    /// Punctuation, e.g. `"=="`.
    P(&'static str),
    Eof,
}

impl Tok {
    pub fn describe(&self) -> String {
        match self {
            Tok::Ident(s) => format!("`{s}`"),
            Tok::Arg(n) => format!("`${n}`"),
            Tok::DollarReturn => "`$return`".into(),
            Tok::Dollar(s) => format!("`${s}`"),
            Tok::Int(v) => format!("`{v}`"),
            Tok::Str(_) => "a string".into(),
            Tok::P(p) => format!("`{p}`"),
            Tok::Eof => "the end of the rule".into(),
        }
    }
}

#[derive(Clone, Debug)]
pub struct Token {
    pub tok: Tok,
    pub pos: Pos,
}

const PUNCT: &[&str] = &[
    "<<=", ">>=", "->", "++", "--", "==", "!=", "<=", ">=", "&&", "||", "<<", ">>", "+=", "-=", "*=", "/=", "%=", "&=",
    "|=", "^=", "{", "}", "(", ")", "[", "]", ";", ",", ".", "=", "<", ">", "!", "+", "-", "*", "/", "%", "&", "|",
    "^", "~", "?", ":",
];

/// Split `text` into tokens. `files` receives the names of files seen in line markers;
/// `files[0]` must be the rule's own name.
// Long by design: one arm per token class; splitting it would scatter the cases.
pub fn lex(text: &str, files: &mut Vec<String>) -> Result<Vec<Token>, Diagnostic> {
    let b = text.as_bytes();
    let mut i = 0;
    let mut line = 1u32;
    let mut line_start = 0usize;
    let mut file = 0u32;
    let mut at_line_start = true;
    let mut out = vec![];
    let err = |files: &Vec<String>, pos: Pos, m: String| Diagnostic {
        file: files[pos.file as usize].clone(),
        line: pos.line,
        col: pos.col,
        message: m,
        kind: crate::DiagKind::Syntax,
    };
    while i < b.len() {
        let c = b[i];
        let pos = Pos { file, line, col: (i - line_start + 1) as u32 };
        if c == b'\n' {
            i += 1;
            line += 1;
            line_start = i;
            at_line_start = true;
            continue;
        }
        if c == b' ' || c == b'\t' || c == b'\r' || c == 0x0c {
            i += 1;
            continue;
        }
        if c == b'#' && at_line_start {
            let end = text[i..].find('\n').map(|k| i + k).unwrap_or(b.len());
            let l = &text[i..end];
            match source::parse_marker(l) {
                Some(source::Marker { line: n, file: f }) => {
                    if let Some(f) = f {
                        let idx = match files.iter().position(|x| *x == f) {
                            Some(k) => k,
                            None => {
                                files.push(f);
                                files.len() - 1
                            }
                        };
                        file = idx as u32;
                    }
                    // the line after the marker has number n
                    i = end + 1;
                    line = n;
                    line_start = i;
                    continue;
                }
                None if l.trim_start_matches('#').trim_start().starts_with("pragma") => {
                    i = end;
                    continue;
                }
                None => {
                    return Err(err(
                        files,
                        pos,
                        "preprocessor directive in a rule that was not preprocessed \
                         (use slic::preprocess_and_parse)"
                            .into(),
                    ))
                }
            }
        }
        at_line_start = false;
        if c == b'/' && b.get(i + 1) == Some(&b'/') {
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
            continue;
        }
        if c == b'/' && b.get(i + 1) == Some(&b'*') {
            i += 2;
            loop {
                if i + 1 >= b.len() {
                    return Err(err(files, pos, "unterminated comment".into()));
                }
                if b[i] == b'*' && b[i + 1] == b'/' {
                    i += 2;
                    break;
                }
                if b[i] == b'\n' {
                    line += 1;
                    line_start = i + 1;
                }
                i += 1;
            }
            continue;
        }
        if c.is_ascii_alphabetic() || c == b'_' {
            let s = i;
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                i += 1;
            }
            out.push(Token { tok: Tok::Ident(text[s..i].to_string()), pos });
            continue;
        }
        if c == b'$' {
            let s = i + 1;
            i += 1;
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                i += 1;
            }
            let w = &text[s..i];
            let tok = if w == "return" {
                Tok::DollarReturn
            } else if !w.is_empty() && w.bytes().all(|d| d.is_ascii_digit()) {
                match w.parse::<u32>() {
                    Ok(n) if n >= 1 => Tok::Arg(n),
                    _ => return Err(err(files, pos, format!("invalid argument reference `${w}`"))),
                }
            } else {
                Tok::Dollar(w.to_string())
            };
            out.push(Token { tok, pos });
            continue;
        }
        if c.is_ascii_digit() {
            let s = i;
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                i += 1;
            }
            let w = &text[s..i];
            let digits = w.trim_end_matches(['u', 'U', 'l', 'L']);
            let v = if let Some(h) = digits.strip_prefix("0x").or_else(|| digits.strip_prefix("0X")) {
                i128::from_str_radix(h, 16).ok()
            } else if digits.len() > 1 && digits.starts_with('0') {
                i128::from_str_radix(&digits[1..], 8).ok()
            } else {
                digits.parse::<i128>().ok()
            };
            match v {
                Some(v) => out.push(Token { tok: Tok::Int(v), pos }),
                None => return Err(err(files, pos, format!("invalid integer constant `{w}`"))),
            }
            continue;
        }
        if c == b'"' {
            let mut s = Vec::new();
            i += 1;
            loop {
                match b.get(i) {
                    None | Some(b'\n') => {
                        return Err(err(files, pos, "unterminated string".into()));
                    }
                    Some(b'"') => {
                        i += 1;
                        break;
                    }
                    Some(b'\\') => {
                        let e = b.get(i + 1).copied().unwrap_or(b'\\');
                        s.push(match e {
                            b'n' => b'\n',
                            b't' => b'\t',
                            b'r' => b'\r',
                            b'0' => 0,
                            other => other,
                        });
                        i += 2;
                    }
                    Some(&ch) => {
                        s.push(ch);
                        i += 1;
                    }
                }
            }
            let s = String::from_utf8_lossy(&s).into_owned();
            // adjacent string literals are concatenated
            if let Some(Token { tok: Tok::Str(prev), .. }) = out.last_mut() {
                prev.push_str(&s);
            } else {
                out.push(Token { tok: Tok::Str(s), pos });
            }
            continue;
        }
        if let Some(p) = PUNCT.iter().find(|p| text[i..].starts_with(**p)) {
            out.push(Token { tok: Tok::P(p), pos });
            i += p.len();
            continue;
        }
        let ch = text[i..].chars().next().unwrap_or('?');
        return Err(err(files, pos, format!("unexpected character `{ch}`")));
    }
    let pos = Pos { file, line, col: (i - line_start + 1) as u32 };
    out.push(Token { tok: Tok::Eof, pos });
    Ok(out)
}
