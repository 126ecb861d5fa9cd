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
pub fn lex(text: &str, files: &mut Vec<String>) -> Result<Vec<Token>, Diagnostic> {
    let mut lx = Lexer { text, b: text.as_bytes(), i: 0, line: 1, line_start: 0, file: 0, files, out: vec![] };
    let b = lx.b;
    let mut at_line_start = true;
    while lx.i < b.len() {
        let c = b[lx.i];
        let pos = lx.pos();
        if c == b'\n' {
            lx.i += 1;
            lx.line += 1;
            lx.line_start = lx.i;
            at_line_start = true;
            continue;
        }
        if c == b' ' || c == b'\t' || c == b'\r' || c == 0x0c {
            lx.i += 1;
            continue;
        }
        if c == b'#' && at_line_start {
            lx.directive(pos)?;
            continue;
        }
        at_line_start = false;
        if c == b'/' && b.get(lx.i + 1) == Some(&b'/') {
            while lx.i < b.len() && b[lx.i] != b'\n' {
                lx.i += 1;
            }
        } else if c == b'/' && b.get(lx.i + 1) == Some(&b'*') {
            lx.block_comment(pos)?;
        } else if c.is_ascii_alphabetic() || c == b'_' {
            let s = lx.i;
            lx.skip_word();
            lx.out.push(Token { tok: Tok::Ident(text[s..lx.i].to_string()), pos });
        } else if c == b'$' {
            lx.dollar(pos)?;
        } else if c.is_ascii_digit() {
            lx.number(pos)?;
        } else if c == b'"' {
            lx.string(pos)?;
        } else if let Some(p) = PUNCT.iter().find(|p| text[lx.i..].starts_with(**p)) {
            lx.out.push(Token { tok: Tok::P(p), pos });
            lx.i += p.len();
        } else {
            let ch = text[lx.i..].chars().next().unwrap_or('?');
            return Err(lx.err(pos, format!("unexpected character `{ch}`")));
        }
    }
    let pos = lx.pos();
    lx.out.push(Token { tok: Tok::Eof, pos });
    Ok(lx.out)
}

/// The lexer's state: the byte position, the current line and file (moved by line markers)
/// and the tokens so far.
struct Lexer<'t, 'f> {
    text: &'t str,
    b: &'t [u8],
    i: usize,
    line: u32,
    /// The byte offset where the current line starts, for columns.
    line_start: usize,
    /// The index in `files` of the current file.
    file: u32,
    files: &'f mut Vec<String>,
    out: Vec<Token>,
}

impl Lexer<'_, '_> {
    fn pos(&self) -> Pos {
        Pos { file: self.file, line: self.line, col: (self.i - self.line_start + 1) as u32 }
    }

    fn err(&self, pos: Pos, m: String) -> Diagnostic {
        Diagnostic {
            file: self.files[pos.file as usize].clone(),
            line: pos.line,
            col: pos.col,
            message: m,
            kind: crate::DiagKind::Syntax,
        }
    }

    /// Advances over identifier characters.
    fn skip_word(&mut self) {
        while self.i < self.b.len() && (self.b[self.i].is_ascii_alphanumeric() || self.b[self.i] == b'_') {
            self.i += 1;
        }
    }

    /// A `#` line: a line marker moves the position, `#pragma` is skipped, anything else is
    /// an error (the rule was not preprocessed).
    fn directive(&mut self, pos: Pos) -> Result<(), Diagnostic> {
        let (text, i) = (self.text, self.i);
        let end = text[i..].find('\n').map(|k| i + k).unwrap_or(self.b.len());
        let l = &text[i..end];
        match source::parse_marker(l) {
            Some(source::Marker { line: n, file: f }) => {
                if let Some(f) = f {
                    let idx = match self.files.iter().position(|x| *x == f) {
                        Some(k) => k,
                        None => {
                            self.files.push(f);
                            self.files.len() - 1
                        }
                    };
                    self.file = idx as u32;
                }
                // the line after the marker has number n
                self.i = end + 1;
                self.line = n;
                self.line_start = self.i;
                Ok(())
            }
            None if l.trim_start_matches('#').trim_start().starts_with("pragma") => {
                self.i = end;
                Ok(())
            }
            None => Err(self.err(
                pos,
                "preprocessor directive in a rule that was not preprocessed \
                 (use slic::preprocess_and_parse)"
                    .into(),
            )),
        }
    }

    /// Skips a `/* … */` comment, counting its lines.
    fn block_comment(&mut self, pos: Pos) -> Result<(), Diagnostic> {
        let b = self.b;
        self.i += 2;
        loop {
            if self.i + 1 >= b.len() {
                return Err(self.err(pos, "unterminated comment".into()));
            }
            if b[self.i] == b'*' && b[self.i + 1] == b'/' {
                self.i += 2;
                return Ok(());
            }
            if b[self.i] == b'\n' {
                self.line += 1;
                self.line_start = self.i + 1;
            }
            self.i += 1;
        }
    }

    /// `$return`, `$1` … `$n`, or another `$word`.
    fn dollar(&mut self, pos: Pos) -> Result<(), Diagnostic> {
        let s = self.i + 1;
        self.i += 1;
        self.skip_word();
        let w = &self.text[s..self.i];
        let tok = if w == "return" {
            Tok::DollarReturn
        } else if !w.is_empty() && w.bytes().all(|d| d.is_ascii_digit()) {
            match w.parse::<u32>() {
                Ok(n) if n >= 1 => Tok::Arg(n),
                _ => return Err(self.err(pos, format!("invalid argument reference `${w}`"))),
            }
        } else {
            Tok::Dollar(w.to_string())
        };
        self.out.push(Token { tok, pos });
        Ok(())
    }

    /// An integer constant: decimal, octal or hexadecimal, with optional `u`/`l` suffixes.
    fn number(&mut self, pos: Pos) -> Result<(), Diagnostic> {
        let s = self.i;
        self.skip_word();
        let w = &self.text[s..self.i];
        let digits = w.trim_end_matches(['u', 'U', 'l', 'L']);
        let v = if let Some(h) = digits.strip_prefix("0x").or_else(|| digits.strip_prefix("0X")) {
            i128::from_str_radix(h, 16).ok()
        } else if digits.len() > 1 && digits.starts_with('0') {
            i128::from_str_radix(&digits[1..], 8).ok()
        } else {
            digits.parse::<i128>().ok()
        };
        match v {
            Some(v) => self.out.push(Token { tok: Tok::Int(v), pos }),
            None => return Err(self.err(pos, format!("invalid integer constant `{w}`"))),
        }
        Ok(())
    }

    /// A string literal with C escapes; adjacent string literals are concatenated.
    fn string(&mut self, pos: Pos) -> Result<(), Diagnostic> {
        let b = self.b;
        let mut s = Vec::new();
        self.i += 1;
        loop {
            match b.get(self.i) {
                None | Some(b'\n') => {
                    return Err(self.err(pos, "unterminated string".into()));
                }
                Some(b'"') => {
                    self.i += 1;
                    break;
                }
                Some(b'\\') => {
                    let e = b.get(self.i + 1).copied().unwrap_or(b'\\');
                    s.push(match e {
                        b'n' => b'\n',
                        b't' => b'\t',
                        b'r' => b'\r',
                        b'0' => 0,
                        other => other,
                    });
                    self.i += 2;
                }
                Some(&ch) => {
                    s.push(ch);
                    self.i += 1;
                }
            }
        }
        let s = String::from_utf8_lossy(&s).into_owned();
        if let Some(Token { tok: Tok::Str(prev), .. }) = self.out.last_mut() {
            prev.push_str(&s);
        } else {
            self.out.push(Token { tok: Tok::Str(s), pos });
        }
        Ok(())
    }
}
