//! The abstract syntax of boolean programs (Bebop paper, Fig. 2, plus the c2bp dialect).
//!
//! Positions are kept on statements and procedures so that diagnostics and traces point
//! at the text; they are ignored by equality so that `parse(print(p)) == p` holds.

use std::fmt;

/// A position in the boolean-program text (1-based). Equality ignores it on purpose.
#[derive(Clone, Copy, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Pos {
    pub line: u32,
    pub col: u32,
}

impl PartialEq for Pos {
    fn eq(&self, _: &Pos) -> bool {
        true
    }
}
impl Eq for Pos {}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.line, self.col)
    }
}

/// A whole boolean program: global declarations and procedures.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Program {
    pub globals: Vec<String>,
    pub procs: Vec<Proc>,
}

/// A procedure. `returns` is the number of boolean return values (`void` = 0, `bool` = 1,
/// `bool<n>` = n).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Proc {
    pub name: String,
    pub returns: usize,
    pub formals: Vec<String>,
    pub locals: Vec<String>,
    /// `enforce e;`: a constraint that holds in every state of the procedure.
    pub enforce: Option<Expr>,
    pub body: Vec<Stmt>,
    pub pos: Pos,
}

/// A statement with its labels, its position, and (for programs made by c2bp) the id of the
/// C-- statement it abstracts, printed as `[id]` before the statement.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Stmt {
    pub labels: Vec<String>,
    pub origin: Option<u32>,
    pub kind: StmtKind,
    pub pos: Pos,
}

impl Stmt {
    pub fn new(kind: StmtKind) -> Stmt {
        Stmt { labels: Vec::new(), origin: None, kind, pos: Pos::default() }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub enum StmtKind {
    Skip,
    Print(Vec<Expr>),
    /// `goto L1, …, Ln;` — a nondeterministic choice among the labels.
    Goto(Vec<String>),
    /// `return e1, …, en;`
    Return(Vec<Expr>),
    /// `x1, …, xk := e1, …, ek [constrain c];` — parallel assignment. The constraint may
    /// mention the new values as `'x`.
    Assign {
        lhs: Vec<String>,
        rhs: Vec<Expr>,
        constrain: Option<Expr>,
    },
    /// `if (d) then … elsif (d) then … else … fi`: `arms` holds each decider with its branch.
    If {
        arms: Vec<(Expr, Vec<Stmt>)>,
        els: Option<Vec<Stmt>>,
    },
    While {
        cond: Expr,
        body: Vec<Stmt>,
    },
    /// `assert(d);` — failure goes to the Err vertex.
    Assert(Expr),
    /// `assume(e);` — paths where `e` is false are cut.
    Assume(Expr),
    /// `x1, …, xk := f(e1, …);` or `f(e1, …);`
    Call {
        lhs: Vec<String>,
        proc: String,
        args: Vec<Expr>,
    },
    /// `dead x, y;` — the variables' values are no longer needed (they become unknown).
    Dead(Vec<String>),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub enum BinOp {
    And,
    Or,
    Xor,
    Eq,
    Ne,
    Implies,
}

impl BinOp {
    pub fn symbol(self) -> &'static str {
        match self {
            BinOp::And => "&",
            BinOp::Or => "|",
            BinOp::Xor => "^",
            BinOp::Eq => "=",
            BinOp::Ne => "!=",
            BinOp::Implies => "=>",
        }
    }
    /// Binding strength, higher binds tighter.
    pub fn precedence(self) -> u8 {
        match self {
            BinOp::Implies => 1,
            BinOp::Or => 2,
            BinOp::Xor => 3,
            BinOp::And => 4,
            BinOp::Eq | BinOp::Ne => 5,
        }
    }
    pub fn apply(self, a: bool, b: bool) -> bool {
        match self {
            BinOp::And => a && b,
            BinOp::Or => a || b,
            BinOp::Xor | BinOp::Ne => a != b,
            BinOp::Eq => a == b,
            BinOp::Implies => !a || b,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub enum Expr {
    Const(bool),
    Var(String),
    /// `'x` — the next-state value of `x`, only inside a `constrain` clause.
    Primed(String),
    /// `?` or `*` — a nondeterministic value, chosen anew at each evaluation.
    Nondet,
    Not(Box<Expr>),
    Bin(BinOp, Box<Expr>, Box<Expr>),
    /// `schoose[pos, neg]`: 1 if `pos` holds, else 0 if `neg` holds, else either.
    Schoose(Box<Expr>, Box<Expr>),
}

impl Expr {
    pub fn var(name: &str) -> Expr {
        Expr::Var(name.to_string())
    }
    #[allow(clippy::should_implement_trait)]
    pub fn not(e: Expr) -> Expr {
        Expr::Not(Box::new(e))
    }
    pub fn bin(op: BinOp, a: Expr, b: Expr) -> Expr {
        Expr::Bin(op, Box::new(a), Box::new(b))
    }
    pub fn schoose(p: Expr, n: Expr) -> Expr {
        Expr::Schoose(Box::new(p), Box::new(n))
    }

    /// Calls `f` on every variable read (primed variables are reported with `primed = true`).
    pub fn visit_vars<'a>(&'a self, f: &mut impl FnMut(&'a str, bool)) {
        match self {
            Expr::Const(_) | Expr::Nondet => {}
            Expr::Var(v) => f(v, false),
            Expr::Primed(v) => f(v, true),
            Expr::Not(e) => e.visit_vars(f),
            Expr::Bin(_, a, b) | Expr::Schoose(a, b) => {
                a.visit_vars(f);
                b.visit_vars(f);
            }
        }
    }

    /// Whether the expression may take either value in a given state.
    pub fn is_nondeterministic(&self) -> bool {
        match self {
            Expr::Nondet | Expr::Schoose(..) => true,
            Expr::Const(_) | Expr::Var(_) | Expr::Primed(_) => false,
            Expr::Not(e) => e.is_nondeterministic(),
            Expr::Bin(_, a, b) => a.is_nondeterministic() || b.is_nondeterministic(),
        }
    }
}
