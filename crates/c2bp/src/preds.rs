//! Predicates: pure boolean C-- expressions, global or local to a procedure, and their text
//! format for `--preds FILE`.
//!
//! ```text
//! // one predicate per line: SCOPE: C expression
//! global: lock_state == 1
//! main:   x == y
//! cmp:    a == b
//! R:      $ret == 1        // a return predicate of R: $ret is R's return value
//! ```
//! `global` (or `*`) makes a global predicate; any other scope names a procedure. Names are
//! the C names of variables (a procedure's formals and locals shadow globals); `p->f`, `s.f`,
//! `a[i]`, `*p`, `&x`, arithmetic, comparisons, `!`, `&&`, `||` are understood.

use cminus::cparse::{self, Dialect, Look, Postfix, Prefix};
use cminus::{BinOp, Expr, Lval, Program, Type, UnOp};

pub use cminus::{pre_var, RET_VAR as RET};

pub use cminus::pred::Pred;

/// A problem in a predicates file, with its line and column.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{line}:{col}: {msg}")]
pub struct PredError {
    pub line: u32,
    pub col: u32,
    pub msg: String,
}

/// Parse a predicates file against the program the predicates talk about.
pub fn parse_preds(prog: &Program, text: &str) -> Result<Vec<Pred>, Vec<PredError>> {
    let mut out = Vec::new();
    let mut errs = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = (i + 1) as u32;
        let body = raw.split("//").next().unwrap_or("");
        if body.trim().is_empty() || body.trim_start().starts_with('#') {
            continue;
        }
        let Some(colon) = body.find(':') else {
            errs.push(PredError { line, col: 1, msg: "expected `SCOPE: expression`".into() });
            continue;
        };
        let scope_txt = body[..colon].trim();
        let scope = match scope_txt {
            "global" | "*" => None,
            p if prog.proc(p).is_some() => Some(p.to_string()),
            p => {
                errs.push(PredError {
                    line,
                    col: 1,
                    msg: format!("unknown procedure `{p}` (use `global` for global predicates)"),
                });
                continue;
            }
        };
        let col0 = (colon + 2) as u32;
        match parse_expr(prog, scope.as_deref(), &body[colon + 1..]) {
            Ok(e) => out.push(Pred { expr: e, scope }),
            Err((c, msg)) => errs.push(PredError { line, col: col0 + c, msg }),
        }
    }
    if errs.is_empty() {
        Ok(out)
    } else {
        Err(errs)
    }
}

#[derive(Clone, Debug, PartialEq)]
enum Tok {
    Id(String),
    Num(i128),
    P(&'static str),
}

const PUNCT: &[&str] = &[
    "->", "==", "!=", "<=", ">=", "&&", "||", "<<", ">>", "(", ")", "[", "]", ".", "*", "&", "+", "-", "/", "%", "<",
    ">", "!", "~", "|", "^",
];

fn lex(s: &str) -> Result<Vec<(Tok, u32)>, (u32, String)> {
    let b: Vec<char> = s.chars().collect();
    let mut i = 0;
    let mut out = Vec::new();
    while i < b.len() {
        let c = b[i];
        let col = i as u32;
        if c.is_whitespace() {
            i += 1;
        } else if c.is_ascii_alphabetic() || c == '_' || c == '$' || c == '\\' {
            let st = i;
            i += 1;
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == '_') {
                i += 1;
            }
            out.push((Tok::Id(b[st..i].iter().collect()), col));
        } else if c.is_ascii_digit() {
            let st = i;
            while i < b.len() && (b[i].is_ascii_alphanumeric()) {
                i += 1;
            }
            let t: String = b[st..i].iter().collect();
            let t = t.trim_end_matches(['u', 'U', 'l', 'L']);
            let v = if let Some(h) = t.strip_prefix("0x").or_else(|| t.strip_prefix("0X")) {
                i128::from_str_radix(h, 16)
            } else {
                t.parse::<i128>()
            };
            out.push((Tok::Num(v.map_err(|_| (col, format!("bad number `{t}`")))?), col));
        } else {
            let rest: String = b[i..b.len().min(i + 2)].iter().collect();
            let p = PUNCT.iter().find(|p| rest.starts_with(**p)).ok_or((col, format!("unexpected `{c}`")))?;
            out.push((Tok::P(p), col));
            i += p.len();
        }
    }
    Ok(out)
}

/// Parse one C expression in the scope of `proc` (or the globals).
pub fn parse_expr(prog: &Program, proc: Option<&str>, text: &str) -> Result<Expr, (u32, String)> {
    let toks = lex(text)?;
    let mut p = P { toks, at: 0, prog, proc, end: text.len() as u32 };
    let e = cparse::expression(&mut p)?;
    if p.at < p.toks.len() {
        return Err((p.toks[p.at].1, "unexpected text after the expression".into()));
    }
    Ok(e)
}

/// The predicate-file dialect of the C expression grammar ([`cparse`]): C names resolved in
/// a procedure's scope, `$ret`, `pre(x)`, `NULL`, `true`/`false`; positions are columns.
struct P<'a> {
    toks: Vec<(Tok, u32)>,
    at: usize,
    prog: &'a Program,
    proc: Option<&'a str>,
    end: u32,
}

type PResult<T> = Result<T, (u32, String)>;

impl P<'_> {
    fn pos(&self) -> u32 {
        self.toks.get(self.at).map(|t| t.1).unwrap_or(self.end)
    }
    fn eat(&mut self, p: &str) -> bool {
        if matches!(self.toks.get(self.at), Some((Tok::P(q), _)) if *q == p) {
            self.at += 1;
            true
        } else {
            false
        }
    }

    /// `pre(x)`, after `pre(`: the value of formal `x` on entry to the procedure.
    fn pre(&mut self, c: u32) -> PResult<Expr> {
        let inner = self.toks.get(self.at).cloned();
        let p = self.proc.and_then(|p| self.prog.proc(p));
        let formal = match (inner, p) {
            (Some((Tok::Id(f), _)), Some(p)) => {
                p.formals.iter().find(|v| v.c_name == f || v.name == f).map(|v| v.name.clone())
            }
            _ => None,
        };
        let Some(formal) = formal else {
            return Err((c, "`pre(x)` needs a formal parameter x of the procedure".into()));
        };
        self.at += 1;
        self.expect_punct(")")?;
        Ok(Expr::var(&pre_var(&formal)))
    }
}

impl Dialect for P<'_> {
    type Expr = Expr;
    type Pos = u32;
    type Error = (u32, String);

    fn look(&self, k: usize) -> Look<'_> {
        match self.toks.get(self.at + k) {
            Some((Tok::P(p), _)) => Look::Punct(p),
            Some((Tok::Id(s), _)) => Look::Ident(s),
            _ => Look::Other,
        }
    }
    fn here(&self) -> u32 {
        self.pos()
    }
    fn advance(&mut self) {
        self.at += 1;
    }
    fn expect_punct(&mut self, p: &str) -> PResult<()> {
        if self.eat(p) {
            Ok(())
        } else {
            Err((self.pos(), format!("expected `{p}`")))
        }
    }
    fn field_name(&mut self) -> PResult<String> {
        match self.toks.get(self.at).cloned() {
            Some((Tok::Id(f), _)) => {
                self.at += 1;
                Ok(f)
            }
            _ => Err((self.pos(), "expected a field name".into())),
        }
    }

    fn primary(&mut self) -> PResult<Expr> {
        let c = self.pos();
        match self.toks.get(self.at).cloned() {
            Some((Tok::Num(n), _)) => {
                self.at += 1;
                Ok(Expr::Int(n))
            }
            Some((Tok::Id(name), _)) => {
                self.at += 1;
                if name == "$ret" || name == "\\result" {
                    return match self.proc {
                        Some(_) => Ok(Expr::var(RET)),
                        None => Err((c, "`$ret` needs a procedure scope".into())),
                    };
                }
                if name == "pre" && self.eat("(") {
                    return self.pre(c);
                }
                if name == "NULL" {
                    return Ok(Expr::Int(0));
                }
                if name == "true" || name == "false" {
                    return Ok(Expr::Bool(name == "true"));
                }
                resolve(self.prog, self.proc, &name)
                    .map(|n| Expr::var(&n))
                    .ok_or((c, format!("unknown variable `{name}`")))
            }
            _ => Err((c, "expected an expression".into())),
        }
    }

    fn prefix(&mut self, op: Prefix, e: Expr, _at: u32, operand_at: u32) -> PResult<Expr> {
        Ok(match (op, e) {
            (Prefix::Neg, Expr::Int(n)) => Expr::Int(-n),
            (Prefix::Neg, e) => Expr::Unary(UnOp::Neg, Box::new(e)),
            (Prefix::Not, e) => Expr::Unary(UnOp::Not, Box::new(e)),
            (Prefix::BitNot, e) => Expr::Unary(UnOp::BitNot, Box::new(e)),
            (Prefix::Deref, e) => Expr::Lval(Lval::Deref(Box::new(e))),
            (Prefix::AddrOf, Expr::Lval(l)) => Expr::AddrOf(l),
            (Prefix::AddrOf, _) => return Err((operand_at, "`&` needs an lvalue".into())),
        })
    }
    fn binary(&mut self, op: BinOp, l: Expr, r: Expr, _at: u32) -> Expr {
        Expr::bin(op, l, r)
    }
    fn postfix(&mut self, op: Postfix<Expr>, e: Expr, at: u32) -> PResult<Expr> {
        Ok(match (op, e) {
            (Postfix::Arrow(f), e) => Expr::Lval(Lval::Field(Box::new(Lval::Deref(Box::new(e))), f)),
            (Postfix::Field(f), Expr::Lval(l)) => Expr::Lval(Lval::Field(Box::new(l), f)),
            (Postfix::Field(_), _) => return Err((at, "`.` needs an lvalue".into())),
            (Postfix::Index(i), Expr::Lval(l)) => Expr::Lval(Lval::Index(Box::new(l), Box::new(i))),
            (Postfix::Index(_), _) => return Err((at, "`[]` needs an lvalue".into())),
        })
    }
    fn cast(&mut self, ty: Type, e: Expr, _at: u32) -> PResult<Expr> {
        Ok(Expr::Cast(ty, Box::new(e)))
    }
}

/// The C-- name of the variable called `c_name` in C, in the scope of `proc`.
fn resolve(prog: &Program, proc: Option<&str>, c_name: &str) -> Option<String> {
    if let Some(p) = proc.and_then(|p| prog.proc(p)) {
        if let Some(v) = p.formals.iter().chain(&p.locals).find(|v| v.c_name == c_name || v.name == c_name) {
            return Some(v.name.clone());
        }
    }
    prog.globals
        .iter()
        .find(|v| v.c_name == c_name || v.name == c_name)
        .map(|v| v.name.clone())
        // the allocation watermark ghost, which `--save-dir` lists in predicates
        .or_else(|| (c_name == cminus::names::ALLOC_TOP).then(|| c_name.to_string()))
}
