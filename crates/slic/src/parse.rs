//! The SLIC parser (recursive descent over [`crate::lex`] tokens).

use crate::ast::*;
use crate::lex::{Tok, Token};
use crate::Diagnostic;
use cminus::cparse::{self, Dialect, Look, Postfix, Prefix, TYPE_WORDS};
use cminus::{BinOp, Type, UnOp};

pub struct Parser<'a> {
    toks: Vec<Token>,
    i: usize,
    files: &'a [String],
    rule: Rule,
}

type PResult<T> = Result<T, Diagnostic>;

impl<'a> Parser<'a> {
    pub fn new(name: &str, toks: Vec<Token>, files: &'a [String]) -> Self {
        let rule = Rule {
            name: name.to_string(),
            files: files.to_vec(),
            enums: vec![],
            state: vec![],
            watches: vec![],
            handlers: vec![],
        };
        Parser { toks, i: 0, files, rule }
    }

    fn peek(&self) -> &Tok {
        &self.toks[self.i].tok
    }
    fn peek_at(&self, k: usize) -> &Tok {
        &self.toks[(self.i + k).min(self.toks.len() - 1)].tok
    }
    fn pos(&self) -> Pos {
        self.toks[self.i].pos
    }
    fn bump(&mut self) -> Token {
        let t = self.toks[self.i].clone();
        if self.i + 1 < self.toks.len() {
            self.i += 1;
        }
        t
    }
    pub fn diag(&self, pos: Pos, m: impl Into<String>) -> Diagnostic {
        Diagnostic {
            file: self.files.get(pos.file as usize).cloned().unwrap_or_default(),
            line: pos.line,
            col: pos.col,
            message: m.into(),
            kind: crate::DiagKind::Syntax,
        }
    }
    fn err<T>(&self, m: impl Into<String>) -> PResult<T> {
        Err(self.diag(self.pos(), m))
    }
    fn is_p(&self, p: &str) -> bool {
        matches!(self.peek(), Tok::P(q) if *q == p)
    }
    fn is_kw(&self, k: &str) -> bool {
        matches!(self.peek(), Tok::Ident(q) if q == k)
    }
    fn eat_p(&mut self, p: &str) -> bool {
        if self.is_p(p) {
            self.bump();
            true
        } else {
            false
        }
    }
    fn expect_p(&mut self, p: &str) -> PResult<()> {
        if self.eat_p(p) {
            Ok(())
        } else {
            self.err(format!("expected `{p}`, found {}", self.peek().describe()))
        }
    }
    fn ident(&mut self, what: &str) -> PResult<(String, Pos)> {
        match self.peek().clone() {
            Tok::Ident(s) => {
                let p = self.pos();
                self.bump();
                Ok((s, p))
            }
            // `$entry.exit`: the check's entry function (see `Rule::for_entry`)
            Tok::Dollar(w) if what == "a function name" && w == "entry" => {
                let p = self.pos();
                self.bump();
                Ok((crate::ast::ENTRY_FUNC.to_string(), p))
            }
            t => self.err(format!("expected {what}, found {}", t.describe())),
        }
    }

    /// Parse a whole rule.
    pub fn rule(mut self) -> PResult<Rule> {
        loop {
            match self.peek().clone() {
                Tok::Eof => break,
                Tok::Ident(k) if k == "state" && matches!(self.peek_at(1), Tok::P("{")) => {
                    self.bump();
                    self.state_block()?
                }
                Tok::Ident(k) if k == "watch" => {
                    let pos = self.pos();
                    self.bump();
                    let (funcs, event) = self.events()?;
                    self.expect_p(".")?;
                    let slot = self.slot()?.0;
                    self.expect_p(";")?;
                    self.rule.watches.push(Watch { funcs, event, slot, pos });
                }
                Tok::P(";") => {
                    self.bump();
                }
                Tok::Ident(_) | Tok::P("[") | Tok::Dollar(_) => {
                    let pos = self.pos();
                    let (funcs, event) = self.events()?;
                    let mut guard = None;
                    if self.is_p("[") {
                        self.bump();
                        let (k, kp) = self.ident("`guard`")?;
                        if k != "guard" {
                            return Err(self.diag(kp, format!("expected `guard`, found `{k}`")));
                        }
                        guard = Some(self.slot()?);
                        self.expect_p("]")?;
                    }
                    if !self.is_p("{") {
                        return self.err(format!(
                            "expected `{{` to start the actions of the event, found {}",
                            self.peek().describe()
                        ));
                    }
                    let body = self.block()?;
                    self.rule.handlers.push(Handler { funcs, event, guard, body, pos });
                }
                t => {
                    return self.err(format!(
                        "expected `state`, `watch` or an event (F.entry, F.exit, F.call, F.return; F may be `$entry`), found {}",
                        t.describe()
                    ))
                }
            }
        }
        Ok(self.rule)
    }

    fn slot(&mut self) -> PResult<(Slot, Pos)> {
        let p = self.pos();
        match self.peek().clone() {
            Tok::Arg(n) => {
                self.bump();
                Ok((Slot::Arg(n), p))
            }
            Tok::DollarReturn => {
                self.bump();
                Ok((Slot::Return, p))
            }
            t => self.err(format!("expected `$1`…`$n` or `$return`, found {}", t.describe())),
        }
    }

    /// `F.event` or `[F, G].event`
    fn events(&mut self) -> PResult<(Vec<(String, Pos)>, Event)> {
        let mut funcs = vec![];
        if self.eat_p("[") {
            loop {
                funcs.push(self.ident("a function name")?);
                if self.eat_p(",") {
                    continue;
                }
                self.expect_p("]")?;
                break;
            }
        } else {
            funcs.push(self.ident("a function name")?);
        }
        self.expect_p(".")?;
        let (e, ep) = match self.peek().clone() {
            Tok::Ident(s) => {
                let p = self.pos();
                self.bump();
                (s, p)
            }
            t => return self.err(format!("expected an event (entry, exit, call, return), found {}", t.describe())),
        };
        let event = match e.as_str() {
            "entry" => Event::Entry,
            "exit" => Event::Exit,
            "call" => Event::Call,
            "return" => Event::Return,
            _ => return Err(self.diag(ep, format!("unknown event `{e}` (expected entry, exit, call or return)"))),
        };
        Ok((funcs, event))
    }

    fn state_block(&mut self) -> PResult<()> {
        self.expect_p("{")?;
        while !self.eat_p("}") {
            if matches!(self.peek(), Tok::Eof) {
                return self.err("unterminated `state` block");
            }
            let ty = if self.is_kw("enum") {
                self.bump();
                if matches!(self.peek(), Tok::Ident(_)) {
                    self.bump(); // a tag, ignored
                }
                self.expect_p("{")?;
                let mut constants: Vec<(String, i128)> = vec![];
                let mut next = 0i128;
                while !self.eat_p("}") {
                    let (n, np) = self.ident("an enum constant")?;
                    if self.rule.enum_const(&n).is_some() || constants.iter().any(|(c, _)| *c == n) {
                        return Err(self.diag(np, format!("enum constant `{n}` is declared twice")));
                    }
                    if self.eat_p("=") {
                        let e = self.expr()?;
                        next = self.const_value(&e, &constants)?;
                    }
                    constants.push((n, next));
                    next += 1;
                    if !self.eat_p(",") {
                        self.expect_p("}")?;
                        break;
                    }
                }
                if constants.is_empty() {
                    return self.err("an enum needs at least one constant");
                }
                self.rule.enums.push(EnumDef { constants });
                StateType::Enum(self.rule.enums.len() - 1)
            } else if self.is_kw("bool") || self.is_kw("_Bool") || self.is_kw("BOOLEAN") {
                self.bump();
                StateType::Bool
            } else if TYPE_WORDS.iter().any(|w| self.is_kw(w)) && !self.is_kw("void") {
                while TYPE_WORDS.iter().any(|w| self.is_kw(w)) {
                    self.bump();
                }
                StateType::Int
            } else {
                return self.err(format!(
                    "expected a state variable declaration (`enum {{…}} v = …;`, `int v = …;` or `bool v = …;`), found {}",
                    self.peek().describe()
                ));
            };
            loop {
                let (name, pos) = self.ident("a state variable name")?;
                if self.rule.state_var(&name).is_some() {
                    return Err(self.diag(pos, format!("state variable `{name}` is declared twice")));
                }
                if self.rule.enum_const(&name).is_some() {
                    return Err(self.diag(pos, format!("`{name}` is already an enum constant")));
                }
                let init = if self.eat_p("=") {
                    self.expr()?
                } else {
                    let kind = match ty {
                        StateType::Enum(k) => RExprKind::Name(self.rule.enums[k].constants[0].0.clone()),
                        StateType::Int => RExprKind::Int(0),
                        StateType::Bool => RExprKind::Bool(false),
                    };
                    RExpr { kind, pos }
                };
                self.rule.state.push(StateVar { name, ty, init, pos });
                if !self.eat_p(",") {
                    break;
                }
            }
            self.expect_p(";")?;
        }
        Ok(())
    }

    fn const_value(&self, e: &RExpr, local: &[(String, i128)]) -> PResult<i128> {
        let v = match &e.kind {
            RExprKind::Int(v) => Some(*v),
            RExprKind::Name(n) => {
                local.iter().find(|(c, _)| c == n).map(|(_, v)| *v).or_else(|| self.rule.enum_const(n).map(|(_, v)| v))
            }
            RExprKind::Unary(UnOp::Neg, a) => self.const_value(a, local).ok().map(|v| -v),
            RExprKind::Binary(op, a, b) => {
                let (a, b) = (self.const_value(a, local)?, self.const_value(b, local)?);
                match op {
                    BinOp::Add => Some(a + b),
                    BinOp::Sub => Some(a - b),
                    BinOp::Mul => Some(a * b),
                    BinOp::Shl if (0..64).contains(&b) => Some(a << b),
                    BinOp::BitOr => Some(a | b),
                    _ => None,
                }
            }
            _ => None,
        };
        v.ok_or_else(|| self.diag(e.pos, "enum values must be integer constants"))
    }

    fn block(&mut self) -> PResult<Vec<RStmt>> {
        self.expect_p("{")?;
        let mut out = vec![];
        while !self.eat_p("}") {
            if matches!(self.peek(), Tok::Eof) {
                return self.err("expected `}`, found the end of the rule");
            }
            self.stmt(&mut out)?;
        }
        Ok(out)
    }

    /// One action, appended to `out`; one arm per SLIC statement form.
    fn stmt(&mut self, out: &mut Vec<RStmt>) -> PResult<()> {
        let pos = self.pos();
        match self.peek().clone() {
            Tok::P("{") => {
                let mut b = self.block()?;
                out.append(&mut b);
            }
            Tok::P(";") => {
                self.bump();
            }
            Tok::Ident(k) if k == "if" => {
                self.bump();
                self.expect_p("(")?;
                let cond = self.expr()?;
                self.expect_p(")")?;
                let mut then = vec![];
                self.stmt(&mut then)?;
                let mut els = vec![];
                if self.is_kw("else") {
                    self.bump();
                    self.stmt(&mut els)?;
                }
                out.push(RStmt::If { cond, then, els, pos });
            }
            Tok::Ident(k) if k == "abort" => {
                self.bump();
                let msg = match self.peek().clone() {
                    Tok::Str(s) => {
                        self.bump();
                        s
                    }
                    t => {
                        return self.err(format!("expected the message of `abort` (a string), found {}", t.describe()))
                    }
                };
                self.expect_p(";")?;
                out.push(RStmt::Abort { msg, pos });
            }
            Tok::Ident(k) if k == "halt" => {
                self.bump();
                self.expect_p(";")?;
                out.push(RStmt::Halt { pos });
            }
            Tok::Ident(k) if k == "else" => return self.err("`else` without `if`"),
            Tok::Ident(var) => self.assignment(var, pos, out)?,
            Tok::P(p @ ("++" | "--")) => {
                self.bump();
                let (var, vp) = self.ident("a state variable")?;
                let target = RExpr { kind: RExprKind::Name(var.clone()), pos: vp };
                let one = RExpr { kind: RExprKind::Int(1), pos };
                let bop = if p == "++" { BinOp::Add } else { BinOp::Sub };
                let value = RExpr { kind: RExprKind::Binary(bop, Box::new(target), Box::new(one)), pos };
                self.expect_p(";")?;
                out.push(RStmt::Assign { var, value, pos: vp });
            }
            Tok::Arg(_) | Tok::DollarReturn => {
                return self.err("arguments and return values cannot be assigned; only state variables can")
            }
            t => {
                return self
                    .err(format!("expected an action (`if`, an assignment, `abort`, `halt`), found {}", t.describe()))
            }
        }
        Ok(())
    }

    /// `var = e;`, `var++;`, `var--;` or a compound assignment `var op= e;` to a state variable.
    fn assignment(&mut self, var: String, pos: Pos, out: &mut Vec<RStmt>) -> PResult<()> {
        self.bump();
        let target = RExpr { kind: RExprKind::Name(var.clone()), pos };
        let op = match self.peek().clone() {
            Tok::P(p) => p,
            t => return self.err(format!("expected an assignment to `{var}`, found {}", t.describe())),
        };
        let opos = self.pos();
        let value = match op {
            "=" => {
                self.bump();
                self.expr()?
            }
            "++" | "--" => {
                self.bump();
                let one = RExpr { kind: RExprKind::Int(1), pos: opos };
                let bop = if op == "++" { BinOp::Add } else { BinOp::Sub };
                RExpr { kind: RExprKind::Binary(bop, Box::new(target), Box::new(one)), pos: opos }
            }
            "+=" | "-=" | "*=" | "/=" | "%=" | "&=" | "|=" | "^=" | "<<=" | ">>=" => {
                self.bump();
                let rhs = self.expr()?;
                let bop = BinOp::from_c(&op[..op.len() - 1]).expect("compound operator").0;
                RExpr { kind: RExprKind::Binary(bop, Box::new(target), Box::new(rhs)), pos: opos }
            }
            _ => {
                return self.err(format!(
                    "expected an assignment to `{var}` (actions are `if`, assignments to state variables, `abort` and `halt`), found {}",
                    self.peek().describe()
                ))
            }
        };
        self.expect_p(";")?;
        out.push(RStmt::Assign { var, value, pos });
        Ok(())
    }

    // ------------------------------------------------------------ expressions

    pub fn expr(&mut self) -> PResult<RExpr> {
        cparse::expression(self)
    }
}

/// SLIC's dialect of the C expression grammar ([`cparse`]): state variables, enum constants
/// and globals by name, `$1`…`$n`, `$return`, `NULL`, casts; no `&`, calls or `?:`.
impl Dialect for Parser<'_> {
    type Expr = RExpr;
    type Pos = Pos;
    type Error = Diagnostic;

    fn look(&self, k: usize) -> Look<'_> {
        match self.peek_at(k) {
            Tok::P(p) => Look::Punct(p),
            Tok::Ident(s) => Look::Ident(s),
            _ => Look::Other,
        }
    }
    fn here(&self) -> Pos {
        self.pos()
    }
    fn advance(&mut self) {
        self.bump();
    }
    fn expect_punct(&mut self, p: &str) -> PResult<()> {
        self.expect_p(p)
    }
    fn field_name(&mut self) -> PResult<String> {
        Ok(self.ident("a field name")?.0)
    }

    fn primary(&mut self) -> PResult<RExpr> {
        let pos = self.pos();
        let kind = match self.peek().clone() {
            Tok::Int(v) => RExprKind::Int(v),
            Tok::Ident(s) if s == "true" => RExprKind::Bool(true),
            Tok::Ident(s) if s == "false" => RExprKind::Bool(false),
            Tok::Ident(s) if s == "NULL" => RExprKind::Null,
            Tok::Ident(s) => RExprKind::Name(s),
            Tok::Arg(n) => RExprKind::Slot(Slot::Arg(n)),
            Tok::DollarReturn => RExprKind::Slot(Slot::Return),
            Tok::Dollar(w) if w == "fname" => return self.err("`$fname` may only be used inside an abort message"),
            Tok::Dollar(w) => return self.err(format!("unknown `${w}` (expected `$1`…`$n` or `$return`)")),
            Tok::Str(_) => return self.err("a string is only allowed after `abort`"),
            t => return self.err(format!("expected an expression, found {}", t.describe())),
        };
        self.bump();
        Ok(RExpr { kind, pos })
    }

    fn prefix(&mut self, op: Prefix, e: RExpr, pos: Pos, _operand: Pos) -> PResult<RExpr> {
        let kind = match (op, e) {
            (Prefix::Neg, RExpr { kind: RExprKind::Int(v), .. }) => RExprKind::Int(-v),
            (Prefix::Neg, e) => RExprKind::Unary(UnOp::Neg, Box::new(e)),
            (Prefix::Not, e) => RExprKind::Unary(UnOp::Not, Box::new(e)),
            (Prefix::BitNot, e) => RExprKind::Unary(UnOp::BitNot, Box::new(e)),
            (Prefix::Deref, e) => RExprKind::Deref(Box::new(e)),
            (Prefix::AddrOf, e) => RExprKind::AddrOf(Box::new(e)),
        };
        Ok(RExpr { kind, pos })
    }
    fn binary(&mut self, op: BinOp, l: RExpr, r: RExpr, pos: Pos) -> RExpr {
        RExpr { kind: RExprKind::Binary(op, Box::new(l), Box::new(r)), pos }
    }
    fn postfix(&mut self, op: Postfix<RExpr>, e: RExpr, pos: Pos) -> PResult<RExpr> {
        let e = Box::new(e);
        let kind = match op {
            Postfix::Arrow(f) => RExprKind::Field(e, f, true),
            Postfix::Field(f) => RExprKind::Field(e, f, false),
            Postfix::Index(i) => RExprKind::Index(e, Box::new(i)),
        };
        Ok(RExpr { kind, pos })
    }
    fn cast(&mut self, ty: Type, e: RExpr, pos: Pos) -> PResult<RExpr> {
        Ok(RExpr { kind: RExprKind::Cast(ty, Box::new(e)), pos })
    }

    fn admit_prefix(&self, p: &str) -> PResult<()> {
        match p {
            "++" | "--" => self.err("`++`/`--` may only be used as a statement"),
            _ => Ok(()),
        }
    }
    fn admit_call(&self) -> PResult<()> {
        self.err("function calls are not allowed in rule expressions")
    }
    fn after_expression(&self) -> PResult<()> {
        if self.is_p("?") {
            return self.err("the conditional operator `?:` is not supported in rules; use `if`");
        }
        Ok(())
    }
}
