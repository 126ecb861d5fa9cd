//! The abstract syntax of SLIC rules.

use cminus::{BinOp, Type, UnOp};

/// A position in the rule's source (after mapping preprocessor line markers back).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Pos {
    /// Index into [`Rule::files`].
    pub file: u32,
    pub line: u32,
    pub col: u32,
}

/// The four events of SLIC.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Event {
    /// At the start of the function's body (or just before each call of an external function).
    Entry,
    /// At every return of the function's body (or just after each call of an external function).
    Exit,
    /// At every call site, before the call.
    Call,
    /// At every call site, after the call.
    Return,
}

impl Event {
    pub fn name(self) -> &'static str {
        match self {
            Event::Entry => "entry",
            Event::Exit => "exit",
            Event::Call => "call",
            Event::Return => "return",
        }
    }
    /// Whether `$return` has a value at this event.
    pub fn has_return(self) -> bool {
        matches!(self, Event::Exit | Event::Return)
    }
}

/// An argument slot of an event: `$1`…`$n` or `$return`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Slot {
    /// `$n`, 1-based.
    Arg(u32),
    Return,
}

impl std::fmt::Display for Slot {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        match self {
            Slot::Arg(n) => write!(f, "${n}"),
            Slot::Return => write!(f, "$return"),
        }
    }
}

/// The type of a state variable.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StateType {
    /// An enumeration, by index into [`Rule::enums`].
    Enum(usize),
    Int,
    Bool,
}

/// An enumeration declared in the `state` block.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EnumDef {
    /// The constants with their values, in declaration order.
    pub constants: Vec<(String, i128)>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StateVar {
    pub name: String,
    pub ty: StateType,
    /// The initial value (a constant expression).
    pub init: RExpr,
    pub pos: Pos,
}

/// `watch F.event.$n;` (or `watch [F, G].event.$n;`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Watch {
    pub funcs: Vec<(String, Pos)>,
    pub event: Event,
    pub slot: Slot,
    pub pos: Pos,
}

/// `F.event [guard $n] { actions }` (or `[F, G].event …`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Handler {
    pub funcs: Vec<(String, Pos)>,
    pub event: Event,
    pub guard: Option<(Slot, Pos)>,
    pub body: Vec<RStmt>,
    pub pos: Pos,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RStmt {
    /// `v = e;` (also `v += e;`, `v++;` … desugared).
    Assign {
        var: String,
        value: RExpr,
        pos: Pos,
    },
    If {
        cond: RExpr,
        then: Vec<RStmt>,
        els: Vec<RStmt>,
        pos: Pos,
    },
    /// `abort "message";` — the message may contain `$fname`.
    Abort {
        msg: String,
        pos: Pos,
    },
    /// `halt;`
    Halt {
        pos: Pos,
    },
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RExpr {
    pub kind: RExprKind,
    pub pos: Pos,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RExprKind {
    Int(i128),
    Bool(bool),
    /// `NULL`.
    Null,
    /// A state variable, an enum constant or a global of the program.
    Name(String),
    Slot(Slot),
    Unary(UnOp, Box<RExpr>),
    Binary(BinOp, Box<RExpr>, Box<RExpr>),
    /// `e.f` (`arrow == false`) or `e->f`.
    Field(Box<RExpr>, String, bool),
    /// `*e`
    Deref(Box<RExpr>),
    /// `&e`, of a global of the program (or a member or element of one): a rule compares a
    /// tracked object with a named one (`$1 == &init_lock`).
    AddrOf(Box<RExpr>),
    /// `e[i]`
    Index(Box<RExpr>, Box<RExpr>),
    /// `(type) e`
    Cast(Type, Box<RExpr>),
}

/// A parsed SLIC rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rule {
    /// The rule's name (usually its file name).
    pub name: String,
    /// The source files positions refer to (the rule file and the headers it includes).
    pub files: Vec<String>,
    pub enums: Vec<EnumDef>,
    pub state: Vec<StateVar>,
    pub watches: Vec<Watch>,
    pub handlers: Vec<Handler>,
}

/// The function name `$entry` stands for in events (`$entry.exit`): whatever function the
/// check starts from.
pub const ENTRY_FUNC: &str = "$entry";

impl Rule {
    /// The rule with `$entry` in events and watches replaced by `entry`, the check's entry
    /// function (so "nothing held when the entry returns" is written once for every entry).
    pub fn for_entry(&self, entry: &str) -> Rule {
        let mut r = self.clone();
        let name = |f: &mut (String, Pos)| {
            if f.0 == ENTRY_FUNC {
                f.0 = entry.to_string();
            }
        };
        r.handlers.iter_mut().flat_map(|h| h.funcs.iter_mut()).for_each(name);
        r.watches.iter_mut().flat_map(|w| w.funcs.iter_mut()).for_each(name);
        r
    }

    pub fn state_var(&self, name: &str) -> Option<&StateVar> {
        self.state.iter().find(|v| v.name == name)
    }
    /// An enum constant: (enum index, value).
    pub fn enum_const(&self, name: &str) -> Option<(usize, i128)> {
        self.enums
            .iter()
            .enumerate()
            .find_map(|(i, e)| e.constants.iter().find(|(n, _)| n == name).map(|(_, v)| (i, *v)))
    }
    /// Every function the rule names (in events and watches), each once, in order.
    pub fn functions(&self) -> Vec<(String, Pos)> {
        let mut out: Vec<(String, Pos)> = vec![];
        let all =
            self.watches.iter().flat_map(|w| w.funcs.iter()).chain(self.handlers.iter().flat_map(|h| h.funcs.iter()));
        for (f, p) in all {
            if !out.iter().any(|(g, _)| g == f) {
                out.push((f.clone(), *p));
            }
        }
        out
    }
    /// Whether the rule has per-object state (`watch` lines).
    pub fn has_watch(&self) -> bool {
        !self.watches.is_empty()
    }
}
