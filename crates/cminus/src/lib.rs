//! C--: the intermediate language of slam (SLAM's C-, with pointers).
//!
//! A [`Program`] is a set of globals and procedures. A procedure body is a **flat list of
//! simple statements**: control falls through to the next index unless the statement is a
//! [`StmtKind::Goto`] (nondeterministic choice among labels), a [`StmtKind::Return`], an
//! [`StmtKind::Error`] or a [`StmtKind::Halt`]. Conditionals are `goto Lt, Lf` followed by
//! `assume(c)` / `assume(!c)` at the targets. Expressions are side-effect free.
//!
//! Every statement has a [`StmtId`], unique in the program, and a [`Loc`] in the user's C.
//! See `docs/cminus.md` for the full description.

pub mod cfg;
pub mod cparse;
pub mod guard;
pub mod indeterminate;
pub mod interp;
pub mod layout;
pub mod names;
pub mod outparams;
pub mod pointsto;
pub mod pred;
pub mod print;
pub mod punning;
pub mod ub;
pub mod unions;

pub use print::{print_expr, print_lval, print_proc, print_program, PrintOptions};

use std::collections::HashMap;
use std::fmt;

pub use names::{pre_var, RET_VAR};

/// A statement identifier, unique in the whole program and stable for the same input.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct StmtId(pub u32);

impl fmt::Display for StmtId {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "s{}", self.0)
    }
}

/// A source location: `file` indexes [`Program::files`]; line and column start at 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Loc {
    pub file: u32,
    pub line: u32,
    pub col: u32,
}

/// The data model used for `sizeof` and the width of `long` and pointers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub enum DataModel {
    #[default]
    Lp64,
    Ilp32,
}

/// C-- types.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub enum Type {
    Void,
    /// `_Bool`, and the type of comparisons and logical operators.
    Bool,
    /// An integer type of `bits` width (bit-fields keep their declared width).
    Int {
        bits: u16,
        signed: bool,
    },
    /// Floating point: `bits` 32 (`float`), 64 (`double`) or 128 (`long double`, the x87
    /// 80-bit format). Values are bit patterns; operations are [`Expr::Float`].
    Float {
        bits: u16,
    },
    Ptr(Box<Type>),
    /// A struct or union, by name in [`Program::structs`].
    Struct(String),
    /// An array; `None` for an unknown size (`extern int a[];`).
    Array(Box<Type>, Option<u64>),
    /// A function type (appears under `Ptr` for function pointers).
    Func(Box<FuncType>),
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct FuncType {
    pub ret: Type,
    pub params: Vec<Type>,
    pub variadic: bool,
}

impl Type {
    pub const INT: Type = Type::Int { bits: 32, signed: true };
    pub const UINT: Type = Type::Int { bits: 32, signed: false };
    pub const CHAR: Type = Type::Int { bits: 8, signed: true };

    pub fn int(bits: u16, signed: bool) -> Type {
        Type::Int { bits, signed }
    }
    pub fn ptr(t: Type) -> Type {
        Type::Ptr(Box::new(t))
    }
    pub fn is_float(&self) -> bool {
        matches!(self, Type::Float { .. })
    }
    pub fn is_integer(&self) -> bool {
        matches!(self, Type::Int { .. } | Type::Bool)
    }
    pub fn is_pointer(&self) -> bool {
        matches!(self, Type::Ptr(_))
    }
    pub fn is_scalar(&self) -> bool {
        matches!(self, Type::Int { .. } | Type::Bool | Type::Ptr(_) | Type::Float { .. })
    }
    pub fn is_aggregate(&self) -> bool {
        matches!(self, Type::Struct(_) | Type::Array(..))
    }
    /// Whether a global starts with unknown contents of an aggregate (`extern struct s x;` with
    /// no definition here): `Init::Expr(Nondet)` of a struct or array type.
    pub fn is_unknown_aggregate(init: &Init, ty: &Type) -> bool {
        matches!(init, Init::Expr(Expr::Nondet(_))) && ty.is_aggregate()
    }
    /// The pointee of a pointer, or the element of an array.
    pub fn pointee(&self) -> Option<&Type> {
        match self {
            Type::Ptr(t) | Type::Array(t, _) => Some(t),
            _ => None,
        }
    }
}

/// A struct or union definition.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct StructDef {
    pub name: String,
    pub is_union: bool,
    /// `false` for a struct that is only declared (`struct s;`).
    pub complete: bool,
    pub fields: Vec<Field>,
    /// gcc's byte layout (`None` while incomplete, or when a member's type is incomplete):
    /// computed once by the front end, read through [`layout`].
    pub layout: Option<layout::StructLayout>,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Field {
    pub name: String,
    pub ty: Type,
}

/// Unary operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub enum UnOp {
    /// Arithmetic negation `-e`.
    Neg,
    /// Bitwise complement `~e`.
    BitNot,
    /// Logical negation `!e` (operand and result are `Bool`).
    Not,
}

/// Binary operators. Comparisons and `And`/`Or` have type `Bool`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
    Shl,
    Shr,
    BitAnd,
    BitOr,
    BitXor,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    /// Logical and (short-circuit in the interpreter; operands are `Bool`).
    And,
    /// Logical or (short-circuit in the interpreter; operands are `Bool`).
    Or,
}

impl BinOp {
    /// The binary operator a C token spells, with its C precedence (1 `||` … 10 `*`): the one
    /// table of the expression parsers of predicates (c2bp) and rules (slic).
    pub fn from_c(p: &str) -> Option<(BinOp, u8)> {
        Some(match p {
            "||" => (BinOp::Or, 1),
            "&&" => (BinOp::And, 2),
            "|" => (BinOp::BitOr, 3),
            "^" => (BinOp::BitXor, 4),
            "&" => (BinOp::BitAnd, 5),
            "==" => (BinOp::Eq, 6),
            "!=" => (BinOp::Ne, 6),
            "<" => (BinOp::Lt, 7),
            "<=" => (BinOp::Le, 7),
            ">" => (BinOp::Gt, 7),
            ">=" => (BinOp::Ge, 7),
            "<<" => (BinOp::Shl, 8),
            ">>" => (BinOp::Shr, 8),
            "+" => (BinOp::Add, 9),
            "-" => (BinOp::Sub, 9),
            "*" => (BinOp::Mul, 10),
            "/" => (BinOp::Div, 10),
            "%" => (BinOp::Rem, 10),
            _ => return None,
        })
    }

    pub fn is_comparison(self) -> bool {
        matches!(self, BinOp::Eq | BinOp::Ne | BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge)
    }
    pub fn is_logical(self) -> bool {
        matches!(self, BinOp::And | BinOp::Or)
    }
    pub fn symbol(self) -> &'static str {
        match self {
            BinOp::Add => "+",
            BinOp::Sub => "-",
            BinOp::Mul => "*",
            BinOp::Div => "/",
            BinOp::Rem => "%",
            BinOp::Shl => "<<",
            BinOp::Shr => ">>",
            BinOp::BitAnd => "&",
            BinOp::BitOr => "|",
            BinOp::BitXor => "^",
            BinOp::Eq => "==",
            BinOp::Ne => "!=",
            BinOp::Lt => "<",
            BinOp::Le => "<=",
            BinOp::Gt => ">",
            BinOp::Ge => ">=",
            BinOp::And => "&&",
            BinOp::Or => "||",
        }
    }
}

/// Floating-point operations of C, as gcc computes them on x86-64 with SSE: IEEE binary32
/// (`float`) and binary64 (`double`), round to nearest; conversions to integers truncate
/// toward zero. A separate kind from [`BinOp`] so that no integer reasoning ever applies to
/// a float by mistake: the interpreter and `logic` (`logic::fp`) compute them alike.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub enum FloatOp {
    /// A constant: the bit pattern of the value in the result type (for `long double`, the
    /// pattern of the nearest `double`; no stage computes with it).
    Lit(u64),
    Add,
    Sub,
    Mul,
    Div,
    /// `-x`: the sign bit flipped.
    Neg,
    /// `fabs(x)`: the sign bit cleared.
    Abs,
    /// `sqrt(x)`, correctly rounded (as `sqrtsd` and glibc compute it).
    Sqrt,
    /// `trunc`, `floor`, `ceil`, `round` (halves away from zero): to an integral value of the
    /// same type.
    Trunc,
    Floor,
    Ceil,
    Round,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    /// Conversion of the one operand to the result type: integer ↔ floating, floating ↔
    /// floating.
    Conv,
}

impl FloatOp {
    /// Whether the operation takes one operand of its own type (`-x`, `fabs(x)`, …).
    pub fn is_unary(self) -> bool {
        matches!(
            self,
            FloatOp::Neg
                | FloatOp::Abs
                | FloatOp::Sqrt
                | FloatOp::Trunc
                | FloatOp::Floor
                | FloatOp::Ceil
                | FloatOp::Round
        )
    }
    pub fn is_comparison(self) -> bool {
        matches!(self, FloatOp::Eq | FloatOp::Ne | FloatOp::Lt | FloatOp::Le | FloatOp::Gt | FloatOp::Ge)
    }
    /// The comparison of `a op b`, if `op` is one.
    pub fn comparison(op: BinOp) -> Option<FloatOp> {
        Some(match op {
            BinOp::Eq => FloatOp::Eq,
            BinOp::Ne => FloatOp::Ne,
            BinOp::Lt => FloatOp::Lt,
            BinOp::Le => FloatOp::Le,
            BinOp::Gt => FloatOp::Gt,
            BinOp::Ge => FloatOp::Ge,
            _ => return None,
        })
    }
    /// The arithmetic of `a op b`, if C has it on floating operands.
    pub fn arithmetic(op: BinOp) -> Option<FloatOp> {
        Some(match op {
            BinOp::Add => FloatOp::Add,
            BinOp::Sub => FloatOp::Sub,
            BinOp::Mul => FloatOp::Mul,
            BinOp::Div => FloatOp::Div,
            _ => return None,
        })
    }
    /// The name printed for the operation (`fadd(a, b)`).
    pub fn name(self) -> &'static str {
        match self {
            FloatOp::Lit(_) => "flit",
            FloatOp::Add => "fadd",
            FloatOp::Sub => "fsub",
            FloatOp::Mul => "fmul",
            FloatOp::Div => "fdiv",
            FloatOp::Neg => "fneg",
            FloatOp::Abs => "fabs",
            FloatOp::Sqrt => "fsqrt",
            FloatOp::Trunc => "ftrunc",
            FloatOp::Floor => "ffloor",
            FloatOp::Ceil => "fceil",
            FloatOp::Round => "fround",
            FloatOp::Eq => "feq",
            FloatOp::Ne => "fne",
            FloatOp::Lt => "flt",
            FloatOp::Le => "fle",
            FloatOp::Gt => "fgt",
            FloatOp::Ge => "fge",
            FloatOp::Conv => "fconv",
        }
    }
}

/// Side-effect-free expressions.
///
/// Typing (see [`Program::type_of`]): `Int` has type `int`; other integer constants are
/// wrapped in a `Cast`. Arithmetic has the type of its (converted) left operand, or the
/// pointer type for pointer arithmetic; `ptr - ptr` is a `long`. Comparisons, `Not`, `And`, `Or`
/// are `Bool`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub enum Expr {
    Int(i128),
    Bool(bool),
    Lval(Lval),
    Unary(UnOp, Box<Expr>),
    Binary(BinOp, Box<Expr>, Box<Expr>),
    AddrOf(Lval),
    /// The address of a procedure (or external function), a function-pointer value.
    FuncAddr(String),
    /// Conversion to a type (integer truncation/extension, pointer casts, null pointers).
    Cast(Type, Box<Expr>),
    /// A nondeterministic value of the type.
    Nondet(Type),
    /// A floating-point operation with its result type (`Bool` for comparisons) and operands
    /// (none for a constant, one for `Neg` and `Conv`, two otherwise).
    Float(FloatOp, Type, Vec<Expr>),
}

impl Expr {
    pub fn var(name: &str) -> Expr {
        Expr::Lval(Lval::Var(name.to_string()))
    }
    /// The expression under its casts (`(void *)(char *)&x` is `&x`): what a library model
    /// asks of an argument the conversion to a parameter's type wrapped.
    pub fn uncast(&self) -> &Expr {
        let mut e = self;
        while let Expr::Cast(_, inner) = e {
            e = inner;
        }
        e
    }
    pub fn negate(e: Expr) -> Expr {
        match e {
            Expr::Unary(UnOp::Not, inner) => *inner,
            Expr::Bool(b) => Expr::Bool(!b),
            Expr::Binary(op, a, b) if op.is_comparison() => {
                let neg = match op {
                    BinOp::Eq => BinOp::Ne,
                    BinOp::Ne => BinOp::Eq,
                    BinOp::Lt => BinOp::Ge,
                    BinOp::Le => BinOp::Gt,
                    BinOp::Gt => BinOp::Le,
                    _ => BinOp::Lt,
                };
                Expr::Binary(neg, a, b)
            }
            e => Expr::Unary(UnOp::Not, Box::new(e)),
        }
    }
    /// `self` with every read of the variable `name` replaced by `by`: the weakest
    /// precondition of a predicate through `name := by` (the variable is not in memory).
    pub fn subst_var(&self, name: &str, by: &Expr) -> Expr {
        let sub = |e: &Expr| e.subst_var(name, by);
        match self {
            Expr::Lval(Lval::Var(v)) if v == name => by.clone(),
            Expr::Lval(l) => Expr::Lval(l.subst_var(name, by)),
            Expr::AddrOf(l) => Expr::AddrOf(l.subst_var(name, by)),
            Expr::Unary(o, a) => Expr::Unary(*o, Box::new(sub(a))),
            Expr::Cast(t, a) => Expr::Cast(t.clone(), Box::new(sub(a))),
            Expr::Binary(o, a, b) => Expr::Binary(*o, Box::new(sub(a)), Box::new(sub(b))),
            Expr::Float(o, t, xs) => Expr::Float(*o, t.clone(), xs.iter().map(sub).collect()),
            e => e.clone(),
        }
    }
    pub fn bin(op: BinOp, a: Expr, b: Expr) -> Expr {
        Expr::Binary(op, Box::new(a), Box::new(b))
    }
    /// The names of every variable the expression mentions, also under `&`, inside
    /// dereferences and in indices (what a predicate "is about").
    pub fn var_names(&self) -> std::collections::BTreeSet<String> {
        fn lv(l: &Lval, out: &mut std::collections::BTreeSet<String>) {
            match l {
                Lval::Var(v) => {
                    out.insert(v.clone());
                }
                Lval::Deref(e) => ex(e, out),
                Lval::Field(l, _) => lv(l, out),
                Lval::Index(l, i) => {
                    lv(l, out);
                    ex(i, out);
                }
            }
        }
        fn ex(e: &Expr, out: &mut std::collections::BTreeSet<String>) {
            match e {
                Expr::Lval(l) | Expr::AddrOf(l) => lv(l, out),
                Expr::Unary(_, a) | Expr::Cast(_, a) => ex(a, out),
                Expr::Binary(_, a, b) => {
                    ex(a, out);
                    ex(b, out);
                }
                Expr::Float(_, _, xs) => xs.iter().for_each(|x| ex(x, out)),
                Expr::Int(_) | Expr::Bool(_) | Expr::FuncAddr(_) | Expr::Nondet(_) => {}
            }
        }
        let mut out = std::collections::BTreeSet::new();
        ex(self, &mut out);
        out
    }

    /// Visit the variable of every address taken in this expression (`&x`, `&s.f`, `&a[i]`:
    /// the root variable), also inside the address computations of its lvalues.
    pub fn visit_addr_taken<'a>(&'a self, f: &mut impl FnMut(&'a str)) {
        match self {
            Expr::AddrOf(l) => {
                if let Some(v) = l.root_var() {
                    f(v);
                }
                l.visit_addr_taken(f);
            }
            Expr::Lval(l) => l.visit_addr_taken(f),
            Expr::Unary(_, a) | Expr::Cast(_, a) => a.visit_addr_taken(f),
            Expr::Binary(_, a, b) => {
                a.visit_addr_taken(f);
                b.visit_addr_taken(f);
            }
            Expr::Float(_, _, xs) => xs.iter().for_each(|x| x.visit_addr_taken(f)),
            Expr::Int(_) | Expr::Bool(_) | Expr::FuncAddr(_) | Expr::Nondet(_) => {}
        }
    }

    /// Whether the expression contains a nondeterministic value (anywhere, also in the
    /// address computations of its lvalues). A floating-point operation is a function of its
    /// operands (`logic::fp`).
    pub fn has_nondet(&self) -> bool {
        match self {
            Expr::Nondet(_) => true,
            Expr::Float(_, _, xs) => xs.iter().any(Expr::has_nondet),
            Expr::Unary(_, a) | Expr::Cast(_, a) => a.has_nondet(),
            Expr::Binary(_, a, b) => a.has_nondet() || b.has_nondet(),
            Expr::Lval(l) | Expr::AddrOf(l) => l.has_nondet(),
            Expr::Int(_) | Expr::Bool(_) | Expr::FuncAddr(_) => false,
        }
    }

    /// Visit every lvalue read by this expression (not those only under `&`), outermost first.
    pub fn visit_lvals<'a>(&'a self, f: &mut dyn FnMut(&'a Lval)) {
        match self {
            Expr::Lval(l) => {
                f(l);
                l.visit_subexprs(f);
            }
            Expr::AddrOf(l) => l.visit_subexprs(f),
            Expr::Unary(_, e) | Expr::Cast(_, e) => e.visit_lvals(f),
            Expr::Binary(_, a, b) => {
                a.visit_lvals(f);
                b.visit_lvals(f);
            }
            Expr::Float(_, _, xs) => xs.iter().for_each(|x| x.visit_lvals(f)),
            Expr::Int(_) | Expr::Bool(_) | Expr::FuncAddr(_) | Expr::Nondet(_) => {}
        }
    }
}

/// Lvalues: `x`, `*e`, `l.f` (and `e->f` as `(*e).f`), `l[e]` for arrays.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub enum Lval {
    Var(String),
    Deref(Box<Expr>),
    Field(Box<Lval>, String),
    Index(Box<Lval>, Box<Expr>),
}

impl Lval {
    /// The reads of variable `name` inside the lvalue (indices, dereferenced pointers)
    /// replaced by `by` (see [`Expr::subst_var`]); the lvalue's own base stays.
    pub fn subst_var(&self, name: &str, by: &Expr) -> Lval {
        match self {
            Lval::Var(_) => self.clone(),
            Lval::Deref(e) => Lval::Deref(Box::new(e.subst_var(name, by))),
            Lval::Field(b, f) => Lval::Field(Box::new(b.subst_var(name, by)), f.clone()),
            Lval::Index(b, i) => Lval::Index(Box::new(b.subst_var(name, by)), Box::new(i.subst_var(name, by))),
        }
    }
    pub fn var(name: &str) -> Lval {
        Lval::Var(name.to_string())
    }
    /// The variable at the root of the access path, if it is not under a dereference.
    pub fn root_var(&self) -> Option<&str> {
        match self {
            Lval::Var(v) => Some(v),
            Lval::Deref(_) => None,
            Lval::Field(l, _) | Lval::Index(l, _) => l.root_var(),
        }
    }
    /// Visit the variables whose addresses are taken in this lvalue's address computation.
    pub fn visit_addr_taken<'a>(&'a self, f: &mut impl FnMut(&'a str)) {
        match self {
            Lval::Var(_) => {}
            Lval::Deref(e) => e.visit_addr_taken(f),
            Lval::Field(l, _) => l.visit_addr_taken(f),
            Lval::Index(l, e) => {
                l.visit_addr_taken(f);
                e.visit_addr_taken(f);
            }
        }
    }

    /// Whether computing this lvalue's address involves a nondeterministic value.
    pub fn has_nondet(&self) -> bool {
        match self {
            Lval::Var(_) => false,
            Lval::Deref(e) => e.has_nondet(),
            Lval::Field(l, _) => l.has_nondet(),
            Lval::Index(l, i) => l.has_nondet() || i.has_nondet(),
        }
    }

    /// Visit lvalues read to compute this lvalue's address (pointers dereferenced, indices).
    pub fn visit_subexprs<'a>(&'a self, f: &mut dyn FnMut(&'a Lval)) {
        match self {
            Lval::Var(_) => {}
            Lval::Deref(e) => e.visit_lvals(f),
            Lval::Field(l, _) => l.visit_subexprs(f),
            Lval::Index(l, e) => {
                l.visit_subexprs(f);
                e.visit_lvals(f);
            }
        }
    }
}

/// A statement label.
pub type Label = String;

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Stmt {
    pub id: StmtId,
    pub loc: Loc,
    pub labels: Vec<Label>,
    pub kind: StmtKind,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub enum StmtKind {
    /// `lv := e`
    Assign(Lval, Expr),
    /// `lv := f(args)` or `f(args)`: always a direct call of a procedure or external function.
    Call {
        ret: Option<Lval>,
        callee: String,
        args: Vec<Expr>,
    },
    Return(Option<Expr>),
    /// Blocks the paths on which the condition (a `Bool`) is false.
    Assume(Expr),
    /// Nondeterministic jump to one of the labels.
    Goto(Vec<Label>),
    Skip,
    /// The property is violated here; the path ends.
    Error(String),
    /// The path ends without error (`abort()`, `exit()`).
    Halt,
}

impl StmtKind {
    /// True if control never falls through to the next statement.
    pub fn is_terminator(&self) -> bool {
        matches!(self, StmtKind::Return(_) | StmtKind::Goto(_) | StmtKind::Error(_) | StmtKind::Halt)
    }
}

/// A variable: global, formal or local. `name` is unique in its scope (globals program-wide,
/// formals and locals within the procedure); `c_name` is the name in the C source.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Var {
    pub name: String,
    pub c_name: String,
    pub ty: Type,
    pub loc: Loc,
    /// Globals only: the initial value (globals without initialiser are `Init::Zero`).
    pub init: Init,
}

/// The declaration of the allocation watermark ghost [`names::ALLOC_TOP`].
static ALLOC_TOP_VAR: std::sync::LazyLock<Var> = std::sync::LazyLock::new(|| Var {
    name: names::ALLOC_TOP.to_string(),
    c_name: "$alloc_top".to_string(),
    ty: Type::Ptr(Box::new(Type::Void)),
    loc: Loc::default(),
    init: Init::Zero,
});

/// Initial values of globals.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub enum Init {
    /// All zero (null pointers).
    Zero,
    /// A constant expression (integers, addresses of globals, function addresses).
    Expr(Expr),
    /// An aggregate: one entry per struct field in order, or per array element.
    List(Vec<Init>),
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Proc {
    pub name: String,
    pub formals: Vec<Var>,
    pub locals: Vec<Var>,
    pub ret: Type,
    pub variadic: bool,
    pub body: Vec<Stmt>,
    pub loc: Loc,
}

impl Proc {
    /// Index of the statement carrying `label`.
    pub fn label_index(&self, label: &str) -> Option<usize> {
        self.body.iter().position(|s| s.labels.iter().any(|l| l == label))
    }
    /// A map from every label to its statement index.
    pub fn label_map(&self) -> HashMap<&str, usize> {
        let mut m = HashMap::new();
        for (i, s) in self.body.iter().enumerate() {
            for l in &s.labels {
                m.insert(l.as_str(), i);
            }
        }
        m
    }
    pub fn var(&self, name: &str) -> Option<&Var> {
        self.formals.iter().chain(self.locals.iter()).find(|v| v.name == name)
    }
}

/// A function that is declared but has no body in the program. A call returns a
/// nondeterministic value and leaves memory alone (unless the interpreter has a model).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Extern {
    pub name: String,
    pub ty: FuncType,
}

#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Program {
    pub files: Vec<String>,
    pub structs: Vec<StructDef>,
    pub globals: Vec<Var>,
    pub procs: Vec<Proc>,
    pub externs: Vec<Extern>,
    pub entry: String,
    pub data_model: DataModel,
    /// The memory model the program needs (`punning::memory_model`, set by the front end):
    /// typed cells where that is exact, else bytes.
    pub memory: punning::MemoryModel,
    /// The next fresh statement id.
    pub next_id: u32,
    /// The heap allocators (`malloc`, `calloc`, `realloc`, …) never return NULL
    /// (`slam check --alloc-never-fails`): an assumption about the run, not C's rule, which
    /// lets them fail (`pointsto::extern_allocation`).
    pub alloc_never_fails: bool,
    /// Variables declared with an alignment above their type's (`_Alignas(16)`,
    /// `__attribute__((aligned(32)))`): (procedure, or `None` for a global; the C-- name; the
    /// alignment in bytes). Their addresses are multiples of it (the interpreter's placement,
    /// byte memory's bases).
    pub aligned: Vec<(Option<String>, String, u64)>,
    /// The undefined-behaviour mode the answer is asked in, when the program was lowered in
    /// another (`slam check`'s lazy assume-none: gcc's semantics first, `Wrap`). An engine
    /// that only proves SAFE may instrument the program in this mode itself
    /// (`ub::instrument`): its SAFE is then the answer in the mode asked, never in gcc's.
    pub answer_undefined: Option<ub::UbMode>,
}

impl Program {
    /// The program with every procedure's body left out (its types, variables and
    /// signatures): what an analysis keeps to answer questions after its run, without the
    /// cost of copying the statements.
    pub fn without_bodies(&self) -> Program {
        let Program {
            files,
            structs,
            globals,
            procs,
            externs,
            entry,
            data_model,
            memory,
            next_id,
            alloc_never_fails,
            aligned,
            answer_undefined,
        } = self;
        let procs = procs
            .iter()
            .map(|q| Proc {
                name: q.name.clone(),
                formals: q.formals.clone(),
                locals: q.locals.clone(),
                ret: q.ret.clone(),
                variadic: q.variadic,
                body: vec![],
                loc: q.loc,
            })
            .collect();
        Program {
            files: files.clone(),
            structs: structs.clone(),
            globals: globals.clone(),
            procs,
            externs: externs.clone(),
            entry: entry.clone(),
            data_model: *data_model,
            memory: memory.clone(),
            next_id: *next_id,
            alloc_never_fails: *alloc_never_fails,
            aligned: aligned.clone(),
            answer_undefined: *answer_undefined,
        }
    }

    pub fn new(entry: &str) -> Program {
        Program {
            files: vec![],
            structs: vec![],
            globals: vec![],
            procs: vec![],
            externs: vec![],
            entry: entry.to_string(),
            data_model: DataModel::Lp64,
            memory: punning::MemoryModel::Typed,
            next_id: 0,
            alloc_never_fails: false,
            answer_undefined: None,
            aligned: vec![],
        }
    }

    /// The alignment variable `name` of procedure `proc` (`None`: a global) was declared
    /// with, if any (see [`Program::aligned`]).
    pub fn declared_align(&self, proc: Option<&str>, name: &str) -> Option<u64> {
        self.aligned.iter().find(|(p, n, _)| p.as_deref() == proc && n == name).map(|a| a.2)
    }

    pub fn proc(&self, name: &str) -> Option<&Proc> {
        self.procs.iter().find(|p| p.name == name)
    }
    pub fn proc_mut(&mut self, name: &str) -> Option<&mut Proc> {
        self.procs.iter_mut().find(|p| p.name == name)
    }
    /// A global by name: one of [`Program::globals`], or the allocation watermark ghost
    /// [`names::ALLOC_TOP`] (in every program; no statement reads or writes it).
    pub fn global(&self, name: &str) -> Option<&Var> {
        self.globals.iter().find(|v| v.name == name).or_else(|| (name == names::ALLOC_TOP).then(|| &*ALLOC_TOP_VAR))
    }
    pub fn extern_fn(&self, name: &str) -> Option<&Extern> {
        self.externs.iter().find(|e| e.name == name)
    }
    pub fn struct_def(&self, name: &str) -> Option<&StructDef> {
        self.structs.iter().find(|s| s.name == name)
    }
    /// The type of a function by name (procedure or extern).
    pub fn func_type(&self, name: &str) -> Option<FuncType> {
        if let Some(p) = self.proc(name) {
            return Some(FuncType {
                ret: p.ret.clone(),
                params: p.formals.iter().map(|v| v.ty.clone()).collect(),
                variadic: p.variadic,
            });
        }
        self.extern_fn(name).map(|e| e.ty.clone())
    }

    /// Allocate a fresh statement id (for passes that insert statements).
    pub fn fresh_stmt_id(&mut self) -> StmtId {
        let id = StmtId(self.next_id);
        self.next_id += 1;
        id
    }

    /// Find a statement by id: `(procedure index, statement index)`.
    pub fn stmt(&self, id: StmtId) -> Option<(usize, usize)> {
        for (pi, p) in self.procs.iter().enumerate() {
            if let Some(si) = p.body.iter().position(|s| s.id == id) {
                return Some((pi, si));
            }
        }
        None
    }

    /// A map from every statement id to `(procedure index, statement index)`.
    pub fn stmt_index(&self) -> HashMap<StmtId, (usize, usize)> {
        let mut m = HashMap::new();
        for (pi, p) in self.procs.iter().enumerate() {
            for (si, s) in p.body.iter().enumerate() {
                m.insert(s.id, (pi, si));
            }
        }
        m
    }

    pub fn stmt_ref(&self, id: StmtId) -> Option<&Stmt> {
        self.stmt(id).map(|(p, s)| &self.procs[p].body[s])
    }

    /// Whether some statement calls the entry (recursion into it): then its start is not only
    /// the run's start, and what holds there only at the run's start (the globals' initial
    /// values, the harness's pointer parameters) may not be assumed at every start of it.
    pub fn entry_is_called(&self) -> bool {
        self.procs
            .iter()
            .flat_map(|p| &p.body)
            .any(|s| matches!(&s.kind, StmtKind::Call { callee, .. } if *callee == self.entry))
    }

    /// The procedures a run from `entry` may execute: those it calls, transitively, and every
    /// procedure whose address is taken in such a procedure or in a global's initialiser
    /// (calls through pointers are resolved to direct calls by the front end; an address
    /// may still be compared or stored).
    pub fn procs_reachable_from(&self, entry: &str) -> std::collections::BTreeSet<String> {
        fn funcs_in(e: &Expr, out: &mut Vec<String>) {
            match e {
                Expr::FuncAddr(f) => out.push(f.clone()),
                Expr::Lval(l) | Expr::AddrOf(l) => funcs_in_lval(l, out),
                Expr::Unary(_, a) | Expr::Cast(_, a) => funcs_in(a, out),
                Expr::Binary(_, a, b) => {
                    funcs_in(a, out);
                    funcs_in(b, out);
                }
                Expr::Float(_, _, xs) => xs.iter().for_each(|x| funcs_in(x, out)),
                Expr::Int(_) | Expr::Bool(_) | Expr::Nondet(_) => {}
            }
        }
        fn funcs_in_lval(l: &Lval, out: &mut Vec<String>) {
            match l {
                Lval::Var(_) => {}
                Lval::Deref(e) => funcs_in(e, out),
                Lval::Field(b, _) => funcs_in_lval(b, out),
                Lval::Index(b, i) => {
                    funcs_in_lval(b, out);
                    funcs_in(i, out);
                }
            }
        }
        fn funcs_in_init(i: &Init, out: &mut Vec<String>) {
            match i {
                Init::Expr(e) => funcs_in(e, out),
                Init::List(items) => items.iter().for_each(|x| funcs_in_init(x, out)),
                Init::Zero => {}
            }
        }
        let mut todo = vec![entry.to_string()];
        for g in &self.globals {
            funcs_in_init(&g.init, &mut todo);
        }
        let mut seen = std::collections::BTreeSet::new();
        while let Some(f) = todo.pop() {
            let Some(p) = self.proc(&f) else { continue };
            if !seen.insert(f) {
                continue;
            }
            for s in &p.body {
                match &s.kind {
                    StmtKind::Assign(l, e) => {
                        funcs_in_lval(l, &mut todo);
                        funcs_in(e, &mut todo);
                    }
                    StmtKind::Call { ret, callee, args } => {
                        todo.push(callee.clone());
                        args.iter().for_each(|a| funcs_in(a, &mut todo));
                        if let Some(l) = ret {
                            funcs_in_lval(l, &mut todo);
                        }
                    }
                    StmtKind::Assume(e) | StmtKind::Return(Some(e)) => funcs_in(e, &mut todo),
                    StmtKind::Return(None)
                    | StmtKind::Goto(_)
                    | StmtKind::Skip
                    | StmtKind::Error(_)
                    | StmtKind::Halt => {}
                }
            }
        }
        seen
    }

    pub fn renumber(&mut self) {
        let mut n = 0;
        for p in &mut self.procs {
            for s in &mut p.body {
                s.id = StmtId(n);
                n += 1;
            }
        }
        self.next_id = n;
    }

    /// The type of a variable: a local or formal of `proc`, else a global.
    pub fn var_type<'a>(&'a self, proc: Option<&'a Proc>, name: &str) -> Option<&'a Type> {
        if let Some(v) = proc.and_then(|p| p.var(name)) {
            return Some(&v.ty);
        }
        self.global(name).map(|v| &v.ty)
    }

    pub fn field_type(&self, sname: &str, field: &str) -> Option<&Type> {
        self.struct_def(sname)?.fields.iter().find(|f| f.name == field).map(|f| &f.ty)
    }

    /// The type of an lvalue in the scope of `proc` (`None`: global scope).
    pub fn type_of_lval(&self, proc: Option<&Proc>, lv: &Lval) -> Option<Type> {
        match lv {
            Lval::Var(v) => self.var_type(proc, v).cloned(),
            Lval::Deref(e) => match self.type_of(proc, e)? {
                Type::Ptr(t) | Type::Array(t, _) => Some(*t),
                _ => None,
            },
            Lval::Field(l, f) => match self.type_of_lval(proc, l)? {
                Type::Struct(s) => self.field_type(&s, f).cloned(),
                _ => None,
            },
            Lval::Index(l, _) => match self.type_of_lval(proc, l)? {
                Type::Array(t, _) | Type::Ptr(t) => Some(*t),
                _ => None,
            },
        }
    }

    /// The type of an expression in the scope of `proc` (`None` if ill-typed).
    pub fn type_of(&self, proc: Option<&Proc>, e: &Expr) -> Option<Type> {
        Some(match e {
            Expr::Int(_) => Type::INT,
            Expr::Bool(_) => Type::Bool,
            Expr::Lval(l) => self.type_of_lval(proc, l)?,
            Expr::Unary(UnOp::Not, _) => Type::Bool,
            Expr::Unary(_, e) => promote(&self.type_of(proc, e)?),
            Expr::Binary(op, a, b) => {
                if op.is_comparison() || op.is_logical() {
                    Type::Bool
                } else {
                    let ta = self.type_of(proc, a)?;
                    let tb = self.type_of(proc, b)?;
                    match (&ta, &tb, op) {
                        (Type::Ptr(_), Type::Ptr(_), BinOp::Sub) => self.long_type(),
                        (Type::Ptr(_), _, _) => ta,
                        (_, Type::Ptr(_), _) => tb,
                        _ if matches!(op, BinOp::Shl | BinOp::Shr) => promote(&ta),
                        _ => arith_conv(&ta, &tb),
                    }
                }
            }
            Expr::AddrOf(l) => Type::ptr(self.type_of_lval(proc, l)?),
            Expr::FuncAddr(f) => Type::ptr(Type::Func(Box::new(self.func_type(f)?))),
            Expr::Cast(t, _) => t.clone(),
            Expr::Nondet(t) => t.clone(),
            Expr::Float(_, t, _) => t.clone(),
        })
    }

    pub fn long_type(&self) -> Type {
        match self.data_model {
            DataModel::Lp64 => Type::int(64, true),
            DataModel::Ilp32 => Type::int(32, true),
        }
    }

    /// Check internal consistency: unique ids, every goto label defined in its procedure,
    /// every callee defined or external. Returns the problems found.
    pub fn validate(&self) -> Vec<String> {
        let mut errs = vec![];
        let mut seen = std::collections::HashSet::new();
        for p in &self.procs {
            let labels = p.label_map();
            for s in &p.body {
                if !seen.insert(s.id) {
                    errs.push(format!("{}: duplicate statement id {}", p.name, s.id));
                }
                if s.id.0 >= self.next_id {
                    errs.push(format!("{}: id {} not below next_id", p.name, s.id));
                }
                match &s.kind {
                    StmtKind::Goto(ls) => {
                        if ls.is_empty() {
                            errs.push(format!("{}: goto without target", p.name));
                        }
                        for l in ls {
                            if !labels.contains_key(l.as_str()) {
                                errs.push(format!("{}: undefined label {}", p.name, l));
                            }
                        }
                    }
                    StmtKind::Call { callee, .. }
                        if self.proc(callee).is_none() && self.extern_fn(callee).is_none() =>
                    {
                        errs.push(format!("{}: call of unknown function {}", p.name, callee));
                    }
                    _ => {}
                }
            }
            if let Some(last) = p.body.last() {
                if !last.kind.is_terminator() {
                    errs.push(format!("{}: body does not end in a terminator", p.name));
                }
            } else {
                errs.push(format!("{}: empty body", p.name));
            }
        }
        if self.proc(&self.entry).is_none() {
            errs.push(format!("entry procedure {} not defined", self.entry));
        }
        errs
    }
}

/// Integer promotion: integer types narrower than `int` (and `Bool`) become `int`.
pub fn promote(t: &Type) -> Type {
    match t {
        Type::Bool => Type::INT,
        Type::Int { bits, .. } if *bits < 32 => Type::INT,
        Type::Int { bits: 32, signed: false } => Type::UINT,
        t => t.clone(),
    }
}

/// The usual arithmetic conversions of C for two arithmetic operand types (a floating type
/// wins over integers, the wider floating type over the narrower).
pub fn arith_conv(a: &Type, b: &Type) -> Type {
    let (a, b) = (promote(a), promote(b));
    match (&a, &b) {
        (Type::Float { bits: ba }, Type::Float { bits: bb }) => Type::Float { bits: (*ba).max(*bb) },
        (Type::Float { .. }, _) => a,
        (_, Type::Float { .. }) => b,
        (Type::Int { bits: ba, signed: sa }, Type::Int { bits: bb, signed: sb }) => {
            if ba == bb {
                Type::int(*ba, *sa && *sb)
            } else if ba > bb {
                a.clone()
            } else {
                b.clone()
            }
        }
        _ => a,
    }
}

impl fmt::Display for Program {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(&print_program(self, &PrintOptions::default()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stmt(id: u32, labels: &[&str], kind: StmtKind) -> Stmt {
        Stmt { id: StmtId(id), loc: Loc::default(), labels: labels.iter().map(|s| s.to_string()).collect(), kind }
    }

    /// `int main(int x) { goto L1, L2; L1: assume(x > 0); return 1; L2: assume(x <= 0); error; }`
    fn sample() -> Program {
        let x = || Expr::var("x");
        let mut p = Program::new("main");
        p.files.push("t.c".into());
        p.procs.push(Proc {
            name: "main".into(),
            formals: vec![Var {
                name: "x".into(),
                c_name: "x".into(),
                ty: Type::INT,
                loc: Loc::default(),
                init: Init::Zero,
            }],
            locals: vec![],
            ret: Type::INT,
            variadic: false,
            body: vec![
                stmt(0, &[], StmtKind::Goto(vec!["L1".into(), "L2".into()])),
                stmt(1, &["L1"], StmtKind::Assume(Expr::bin(BinOp::Gt, x(), Expr::Int(0)))),
                stmt(2, &[], StmtKind::Return(Some(Expr::Int(1)))),
                stmt(3, &["L2"], StmtKind::Assume(Expr::bin(BinOp::Le, x(), Expr::Int(0)))),
                stmt(4, &[], StmtKind::Error("boom".into())),
            ],
            loc: Loc::default(),
        });
        p.next_id = 5;
        p
    }

    #[test]
    fn print_validate_lookup() {
        let p = sample();
        assert!(p.validate().is_empty());
        let text = p.to_string();
        assert!(text.contains("int main(int x) {\n  goto L1, L2;\nL1:\n  assume(x > 0);"), "{text}");
        assert_eq!(p.stmt(StmtId(3)), Some((0, 3)));
        assert_eq!(p.type_of(p.proc("main"), &Expr::bin(BinOp::Gt, Expr::var("x"), Expr::Int(0))), Some(Type::Bool));
        assert_eq!(
            Expr::negate(Expr::bin(BinOp::Lt, Expr::Int(1), Expr::Int(2))),
            Expr::bin(BinOp::Ge, Expr::Int(1), Expr::Int(2))
        );
    }

    #[test]
    fn interpreter_follows_assumes() {
        let p = sample();
        let r = interp::run(&p, &[5], 100);
        assert_eq!(r.outcome, interp::Outcome::Returned(Some(1)));
        assert_eq!(r.trace, vec![StmtId(0), StmtId(1), StmtId(2)]);
        let r = interp::run(&p, &[-5], 100);
        assert_eq!(r.outcome, interp::Outcome::Error { stmt: StmtId(4), msg: "boom".into() });
    }

    #[test]
    fn cfg_edges() {
        let p = sample();
        let c = cfg::Cfg::build(&p.procs[0]);
        assert_eq!(c.succs(0), vec![Some(1), Some(3)]);
        assert_eq!(c.succs(2), vec![None]);
        assert_eq!(c.succs(4), vec![None]);
        assert!(c.unreachable().is_empty());
    }

    #[test]
    fn wrap_arithmetic() {
        assert_eq!(interp::wrap(256, &Type::int(8, false)), 0);
        assert_eq!(interp::wrap(200, &Type::int(8, true)), -56);
        assert_eq!(interp::wrap(-1, &Type::UINT), 4294967295);
        assert_eq!(arith_conv(&Type::INT, &Type::UINT), Type::UINT);
        assert_eq!(arith_conv(&Type::CHAR, &Type::int(16, false)), Type::INT);
    }
}
