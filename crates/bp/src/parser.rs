//! A hand-written lexer and recursive-descent parser for boolean programs.
//! It never panics: every failure is a [`BpError`] with line:column.

use crate::ast::*;
use crate::BpError;

#[derive(Clone, Debug, PartialEq)]
enum Tok {
    /// A C-style identifier or keyword.
    Ident(String),
    /// `{…}` identifier (the text between the braces).
    Braced(String),
    Int(u64),
    Punct(&'static str),
    Eof,
}

const PUNCTS: &[&str] = &[
    ":=", "!=", "=>", "&&", "||", "==", ";", ",", ":", "(", ")", "[", "]", "=", "!", "~", "&", "|", "^", "'", "?", "*",
    "<", ">",
];

/// Words that cannot be plain variable names.
pub const KEYWORDS: &[&str] = &[
    "decl",
    "begin",
    "end",
    "if",
    "then",
    "elsif",
    "else",
    "fi",
    "while",
    "do",
    "od",
    "assert",
    "assume",
    "enforce",
    "constrain",
    "goto",
    "return",
    "skip",
    "print",
    "dead",
    "void",
    "bool",
    "schoose",
    "T",
    "F",
];

/// The lexer's position in the source, counting lines and columns.
struct Cursor {
    chars: Vec<char>,
    i: usize,
    line: u32,
    col: u32,
}

impl Cursor {
    fn at_end(&self) -> bool {
        self.i >= self.chars.len()
    }

    fn peek(&self, k: usize) -> Option<&char> {
        self.chars.get(self.i + k)
    }

    fn bump(&mut self) {
        if self.chars[self.i] == '\n' {
            self.line += 1;
            self.col = 1;
        } else {
            self.col += 1;
        }
        self.i += 1;
    }

    /// Advances while `f` holds and returns the characters passed over.
    fn take_while(&mut self, f: impl Fn(char) -> bool) -> String {
        let start = self.i;
        while !self.at_end() && f(self.chars[self.i]) {
            self.bump();
        }
        self.chars[start..self.i].iter().collect()
    }

    /// Skips a `/* … */` comment starting at the cursor.
    fn block_comment(&mut self, pos: Pos) -> Result<(), BpError> {
        self.bump();
        self.bump();
        loop {
            if self.at_end() {
                return Err(BpError::new(pos, "unterminated comment `/* …`"));
            }
            if self.chars[self.i] == '*' && self.peek(1) == Some(&'/') {
                self.bump();
                self.bump();
                return Ok(());
            }
            self.bump();
        }
    }

    /// A `{…}` identifier (braces nest) starting at the cursor.
    fn braced(&mut self, pos: Pos) -> Result<Tok, BpError> {
        self.bump();
        let start = self.i;
        let mut depth = 1;
        loop {
            if self.at_end() {
                return Err(BpError::new(pos, "unterminated `{…}` identifier"));
            }
            match self.chars[self.i] {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        break;
                    }
                }
                _ => {}
            }
            self.bump();
        }
        let text: String = self.chars[start..self.i].iter().collect();
        self.bump();
        if text.trim().is_empty() {
            return Err(BpError::new(pos, "empty `{}` identifier"));
        }
        Ok(Tok::Braced(text))
    }

    /// A punctuation token starting at the cursor: the first of [`PUNCTS`] that matches
    /// (the two-character ones are listed first).
    fn punct(&mut self, pos: Pos) -> Result<Tok, BpError> {
        let c = self.chars[self.i];
        let rest: String = self.chars[self.i..self.chars.len().min(self.i + 2)].iter().collect();
        match PUNCTS.iter().find(|p| rest.starts_with(**p)) {
            Some(p) => {
                for _ in 0..p.len() {
                    self.bump();
                }
                Ok(Tok::Punct(p))
            }
            None => Err(BpError::new(pos, format!("unexpected character `{c}`"))),
        }
    }
}

fn lex(src: &str) -> Result<Vec<(Tok, Pos)>, BpError> {
    let mut cur = Cursor { chars: src.chars().collect(), i: 0, line: 1, col: 1 };
    let mut toks = Vec::new();
    while !cur.at_end() {
        let c = cur.chars[cur.i];
        let pos = Pos { line: cur.line, col: cur.col };
        if c.is_whitespace() {
            cur.bump();
        } else if c == '/' && cur.peek(1) == Some(&'/') {
            cur.take_while(|c| c != '\n');
        } else if c == '/' && cur.peek(1) == Some(&'*') {
            cur.block_comment(pos)?;
        } else if c.is_ascii_alphabetic() || c == '_' {
            let text = cur.take_while(|c| c.is_ascii_alphanumeric() || c == '_');
            toks.push((Tok::Ident(text), pos));
        } else if c.is_ascii_digit() {
            let text = cur.take_while(|c| c.is_ascii_digit());
            let n = text.parse::<u64>().map_err(|_| BpError::new(pos, format!("number `{text}` is too large")))?;
            toks.push((Tok::Int(n), pos));
        } else if c == '{' {
            toks.push((cur.braced(pos)?, pos));
        } else {
            toks.push((cur.punct(pos)?, pos));
        }
    }
    toks.push((Tok::Eof, Pos { line: cur.line, col: cur.col }));
    Ok(toks)
}

/// Parse a boolean program. Only syntax is checked here; [`crate::check`] does the rest.
pub fn parse(src: &str) -> Result<Program, BpError> {
    let toks = lex(src)?;
    let mut p = Parser { toks, at: 0 };
    p.program()
}

struct Parser {
    toks: Vec<(Tok, Pos)>,
    at: usize,
}

fn describe(t: &Tok) -> String {
    match t {
        Tok::Ident(s) => format!("`{s}`"),
        Tok::Braced(s) => format!("`{{{s}}}`"),
        Tok::Int(n) => format!("`{n}`"),
        Tok::Punct(p) => format!("`{p}`"),
        Tok::Eof => "end of input".to_string(),
    }
}

impl Parser {
    fn peek(&self) -> &Tok {
        &self.toks[self.at].0
    }
    fn peek_at(&self, k: usize) -> &Tok {
        &self.toks[(self.at + k).min(self.toks.len() - 1)].0
    }
    fn pos(&self) -> Pos {
        self.toks[self.at].1
    }
    fn next(&mut self) -> Tok {
        let t = self.toks[self.at].0.clone();
        if self.at + 1 < self.toks.len() {
            self.at += 1;
        }
        t
    }
    fn is_kw(&self, kw: &str) -> bool {
        matches!(self.peek(), Tok::Ident(s) if s == kw)
    }
    fn is_punct(&self, p: &str) -> bool {
        matches!(self.peek(), Tok::Punct(q) if *q == p)
    }
    fn eat_kw(&mut self, kw: &str) -> bool {
        if self.is_kw(kw) {
            self.next();
            true
        } else {
            false
        }
    }
    fn eat_punct(&mut self, p: &str) -> bool {
        if self.is_punct(p) {
            self.next();
            true
        } else {
            false
        }
    }
    fn error<T>(&self, what: &str) -> Result<T, BpError> {
        Err(BpError::new(self.pos(), format!("expected {what}, found {}", describe(self.peek()))))
    }
    fn expect_kw(&mut self, kw: &str) -> Result<(), BpError> {
        if self.eat_kw(kw) {
            Ok(())
        } else {
            self.error(&format!("`{kw}`"))
        }
    }
    fn expect_punct(&mut self, p: &str) -> Result<(), BpError> {
        if self.eat_punct(p) {
            Ok(())
        } else {
            self.error(&format!("`{p}`"))
        }
    }

    /// Whether the next token is a usable name (not a keyword).
    fn at_name(&self) -> bool {
        match self.peek() {
            Tok::Braced(_) => true,
            Tok::Ident(s) => !KEYWORDS.contains(&s.as_str()),
            _ => false,
        }
    }
    fn name(&mut self, what: &str) -> Result<String, BpError> {
        if self.at_name() {
            match self.next() {
                Tok::Ident(s) | Tok::Braced(s) => Ok(s),
                _ => unreachable!("at_name checked the token"),
            }
        } else {
            self.error(what)
        }
    }
    fn names(&mut self, what: &str) -> Result<Vec<String>, BpError> {
        let mut v = vec![self.name(what)?];
        while self.eat_punct(",") {
            v.push(self.name(what)?);
        }
        Ok(v)
    }

    fn program(&mut self) -> Result<Program, BpError> {
        let mut prog = Program::default();
        while self.is_kw("decl") {
            // Positions of globals are not kept in the AST: report duplicates here.
            let pos_before = self.at;
            let names = self.decl()?;
            for (k, n) in names.iter().enumerate() {
                if prog.globals.contains(n) || names[..k].contains(n) {
                    let pos = self.toks[pos_before..self.at]
                        .iter()
                        .filter(|(t, _)| matches!(t, Tok::Ident(x) | Tok::Braced(x) if x == n))
                        .nth(if prog.globals.contains(n) { 0 } else { 1 })
                        .map(|(_, p)| *p)
                        .unwrap_or_default();
                    return Err(BpError::new(pos, format!("global variable `{n}` is declared twice")));
                }
            }
            prog.globals.extend(names);
        }
        while *self.peek() != Tok::Eof {
            if self.is_kw("decl") {
                return Err(BpError::new(self.pos(), "global declarations must come before the first procedure"));
            }
            prog.procs.push(self.proc()?);
        }
        Ok(prog)
    }

    fn decl(&mut self) -> Result<Vec<String>, BpError> {
        self.expect_kw("decl")?;
        let v = self.names("a variable name")?;
        self.expect_punct(";")?;
        Ok(v)
    }

    fn proc(&mut self) -> Result<Proc, BpError> {
        let pos = self.pos();
        let returns = if self.eat_kw("void") {
            0
        } else if self.eat_kw("bool") {
            if self.eat_punct("<") {
                let n = match self.next() {
                    Tok::Int(n) if (1..=64).contains(&n) => n as usize,
                    _ => {
                        return Err(BpError::new(
                            pos,
                            "expected a number of return values between 1 and 64 in `bool<n>`",
                        ))
                    }
                };
                self.expect_punct(">")?;
                n
            } else {
                1
            }
        } else {
            0
        };
        let name = self.name("a procedure name")?;
        self.expect_punct("(")?;
        let formals = if self.is_punct(")") { Vec::new() } else { self.names("a parameter name")? };
        self.expect_punct(")")?;
        self.expect_kw("begin")?;
        let mut locals = Vec::new();
        while self.is_kw("decl") {
            locals.extend(self.decl()?);
        }
        let mut enforce = None;
        if self.eat_kw("enforce") {
            enforce = Some(self.expr()?);
            self.expect_punct(";")?;
        }
        let body = self.sseq(&["end"])?;
        self.expect_kw("end")?;
        Ok(Proc { name, returns, formals, locals, enforce, body, pos })
    }

    /// Statements up to (not including) one of the closing keywords.
    fn sseq(&mut self, closers: &[&str]) -> Result<Vec<Stmt>, BpError> {
        let mut v = Vec::new();
        while !closers.iter().any(|k| self.is_kw(k)) {
            // The end of the input, or a keyword that closes another block (`end` where a
            // `fi` is missing): say which closer is missing.
            let other = ["end", "fi", "od", "else", "elsif"].iter().any(|k| self.is_kw(k));
            if *self.peek() == Tok::Eof || other {
                let want: Vec<String> = closers.iter().map(|k| format!("`{k}`")).collect();
                return self.error(&want.join(" or "));
            }
            v.push(self.lstmt()?);
        }
        Ok(v)
    }

    fn lstmt(&mut self) -> Result<Stmt, BpError> {
        let mut origin = None;
        if self.is_punct("[") {
            self.next();
            match self.next() {
                Tok::Int(n) if n <= u32::MAX as u64 => origin = Some(n as u32),
                _ => return Err(BpError::new(self.pos(), "expected a statement id in `[…]`")),
            }
            self.expect_punct("]")?;
        }
        let mut labels = Vec::new();
        while self.at_name() && matches!(self.peek_at(1), Tok::Punct(":")) {
            labels.push(self.name("a label")?);
            self.next();
        }
        let pos = self.pos();
        let kind = self.stmt()?;
        Ok(Stmt { labels, origin, kind, pos })
    }

    fn stmt(&mut self) -> Result<StmtKind, BpError> {
        let kind = match self.peek().clone() {
            Tok::Ident(kw) if KEYWORDS.contains(&kw.as_str()) => {
                self.next();
                match kw.as_str() {
                    "skip" => StmtKind::Skip,
                    "print" => {
                        self.expect_punct("(")?;
                        let es = self.exprs()?;
                        self.expect_punct(")")?;
                        StmtKind::Print(es)
                    }
                    "goto" => StmtKind::Goto(self.names("a label")?),
                    "return" => {
                        if self.is_punct(";") || self.at_block_close() {
                            StmtKind::Return(Vec::new())
                        } else {
                            StmtKind::Return(self.exprs()?)
                        }
                    }
                    "if" => return self.if_rest(),
                    "while" => {
                        // `while (e) do` or, as other tools write it, `while e do`.
                        let cond = self.expr()?;
                        self.expect_kw("do")?;
                        let body = self.sseq(&["od"])?;
                        self.expect_kw("od")?;
                        self.eat_punct(";");
                        return Ok(StmtKind::While { cond, body });
                    }
                    "assert" => StmtKind::Assert(self.paren_expr()?),
                    "assume" => StmtKind::Assume(self.paren_expr()?),
                    "dead" => StmtKind::Dead(self.names("a variable name")?),
                    _ => {
                        self.at -= 1;
                        return self.error("a statement");
                    }
                }
            }
            _ if self.at_name() => {
                if matches!(self.peek_at(1), Tok::Punct("(")) {
                    let proc = self.name("a procedure name")?;
                    let args = self.call_args()?;
                    StmtKind::Call { lhs: Vec::new(), proc, args }
                } else {
                    let lhs = self.names("a variable name")?;
                    self.expect_punct(":=")?;
                    if self.at_name() && matches!(self.peek_at(1), Tok::Punct("(")) {
                        let proc = self.name("a procedure name")?;
                        let args = self.call_args()?;
                        StmtKind::Call { lhs, proc, args }
                    } else {
                        let rhs = self.exprs()?;
                        let constrain = if self.eat_kw("constrain") { Some(self.expr()?) } else { None };
                        StmtKind::Assign { lhs, rhs, constrain }
                    }
                }
            }
            _ => return self.error("a statement"),
        };
        // The last statement of a block may omit its `;` (`L1: skip` before `end`, as
        // SatAbs's Boppo tests write it).
        if !self.at_block_close() {
            self.expect_punct(";")?;
        }
        Ok(kind)
    }

    /// Whether the next token closes a block (`end`, `fi`, `od`, `else`, `elsif`).
    fn at_block_close(&self) -> bool {
        ["end", "fi", "od", "else", "elsif"].iter().any(|k| self.is_kw(k))
    }

    fn if_rest(&mut self) -> Result<StmtKind, BpError> {
        let mut arms = Vec::new();
        loop {
            // `if (e) then` or, as other tools write it, `if e then`.
            let cond = self.expr()?;
            self.expect_kw("then")?;
            let body = self.sseq(&["elsif", "else", "fi"])?;
            arms.push((cond, body));
            if !self.eat_kw("elsif") {
                break;
            }
        }
        let els = if self.eat_kw("else") { Some(self.sseq(&["fi"])?) } else { None };
        self.expect_kw("fi")?;
        self.eat_punct(";");
        Ok(StmtKind::If { arms, els })
    }

    fn call_args(&mut self) -> Result<Vec<Expr>, BpError> {
        self.expect_punct("(")?;
        let args = if self.is_punct(")") { Vec::new() } else { self.exprs()? };
        self.expect_punct(")")?;
        Ok(args)
    }

    fn paren_expr(&mut self) -> Result<Expr, BpError> {
        self.expect_punct("(")?;
        let e = self.expr()?;
        self.expect_punct(")")?;
        Ok(e)
    }

    fn exprs(&mut self) -> Result<Vec<Expr>, BpError> {
        let mut v = vec![self.expr()?];
        while self.eat_punct(",") {
            v.push(self.expr()?);
        }
        Ok(v)
    }

    pub fn expr(&mut self) -> Result<Expr, BpError> {
        self.binary(1)
    }

    fn binop(&self) -> Option<BinOp> {
        match self.peek() {
            Tok::Punct("&") | Tok::Punct("&&") => Some(BinOp::And),
            Tok::Punct("|") | Tok::Punct("||") => Some(BinOp::Or),
            Tok::Punct("^") => Some(BinOp::Xor),
            Tok::Punct("=") | Tok::Punct("==") => Some(BinOp::Eq),
            Tok::Punct("!=") => Some(BinOp::Ne),
            Tok::Punct("=>") => Some(BinOp::Implies),
            _ => None,
        }
    }

    /// Precedence climbing; `=>` is right-associative, the rest left-associative.
    fn binary(&mut self, min_prec: u8) -> Result<Expr, BpError> {
        let mut lhs = self.unary()?;
        while let Some(op) = self.binop() {
            let prec = op.precedence();
            if prec < min_prec {
                break;
            }
            self.next();
            let next_min = if op == BinOp::Implies { prec } else { prec + 1 };
            let rhs = self.binary(next_min)?;
            lhs = Expr::bin(op, lhs, rhs);
        }
        Ok(lhs)
    }

    fn unary(&mut self) -> Result<Expr, BpError> {
        let pos = self.pos();
        match self.peek().clone() {
            Tok::Punct("!") | Tok::Punct("~") => {
                self.next();
                Ok(Expr::not(self.unary()?))
            }
            Tok::Punct("(") => {
                self.next();
                let e = self.expr()?;
                self.expect_punct(")")?;
                Ok(e)
            }
            Tok::Punct("?") | Tok::Punct("*") => {
                self.next();
                Ok(Expr::Nondet)
            }
            Tok::Punct("'") => {
                self.next();
                Ok(Expr::Primed(self.name("a variable name after `'`")?))
            }
            Tok::Int(n) => {
                self.next();
                match n {
                    0 => Ok(Expr::Const(false)),
                    1 => Ok(Expr::Const(true)),
                    _ => Err(BpError::new(pos, format!("`{n}` is not a boolean constant (0 or 1)"))),
                }
            }
            Tok::Ident(s) if s == "T" => {
                self.next();
                Ok(Expr::Const(true))
            }
            Tok::Ident(s) if s == "F" => {
                self.next();
                Ok(Expr::Const(false))
            }
            Tok::Ident(s) if s == "schoose" => {
                self.next();
                self.expect_punct("[")?;
                let p = self.expr()?;
                self.expect_punct(",")?;
                let n = self.expr()?;
                self.expect_punct("]")?;
                Ok(Expr::schoose(p, n))
            }
            _ if self.at_name() => Ok(Expr::Var(self.name("an expression")?)),
            _ => self.error("an expression"),
        }
    }
}

/// Parse a single expression (used by tools that take conditions on the command line).
pub fn parse_expr(src: &str) -> Result<Expr, BpError> {
    let toks = lex(src)?;
    let mut p = Parser { toks, at: 0 };
    let e = p.expr()?;
    if *p.peek() != Tok::Eof {
        return p.error("end of expression");
    }
    Ok(e)
}
