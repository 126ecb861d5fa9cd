//! The relevance test every engine starts with: can a run of the entry reach an `error`
//! statement at all? Two sound reasons it cannot, each cheap next to one abstraction:
//!
//! * **Call graph**: no error statement is in a procedure the entry can reach.
//! * **Rule state**: every error statement the entry can reach sits behind an `assume` that
//!   the values of the program's *private* globals make false. A woven rule's state is such a
//!   global: `if (m == freed) abort …` in `memory.slic` is `assume(slic_m == 2); error(…)`, and
//!   when nothing the entry can reach calls `free`, `slic_m` only ever holds `unallocated` or
//!   `allocated`. Checks of whole API functions that never call the rule's "opening" function
//!   were spending their time limit abstracting such programs (`slam gate` on memcached).
//!
//! **Why the rule-state test is sound.** A *private* global is an integer global whose
//! address is never taken (in any statement or initialiser): only a statement that names it
//! writes it, so at any time of any run it holds its initial value or a value some executed
//! assignment gave it (the value sets below: flow-insensitive, over every procedure the entry
//! can reach; a write by a call's result or by a non-constant expression makes it "any
//! value"). The initial value is left out only when the entry's first statements assign the
//! global a constant before anything reads it (the woven `slic_m := 0`; an entry run mid-run
//! starts its globals unknown). An `assume` whose condition is false for every combination of
//! the sets blocks every run, so the statements only reachable through it (within the
//! procedure, calls taken as returning) never run.

use crate::constants;
use cminus::{BinOp, Expr, Init, Lval, Proc, Program, StmtKind, Type, UnOp};
use std::collections::{BTreeSet, HashMap, HashSet};

/// Why a run of the entry cannot reach an error statement, or `None` when one may.
pub fn no_error_reachable(prog: &Program) -> Option<Unreachable> {
    let keep = prog.procs_reachable_from(&prog.entry);
    let all = !keep.contains(&prog.entry);
    let procs: Vec<&Proc> = prog.procs.iter().filter(|p| all || keep.contains(&p.name)).collect();
    if !procs.iter().flat_map(|p| &p.body).any(|s| matches!(s.kind, StmtKind::Error(_))) {
        return Some(Unreachable::CallGraph);
    }
    let values = private_values(prog, &procs);
    if values.is_empty() {
        return None;
    }
    let blocked = |p: &Proc, e: &Expr| eval(e, &Scope { values: &values, proc: p }) == Val::only(0);
    if procs.iter().any(|p| error_reachable_in(p, |e| blocked(p, e))) {
        return None;
    }
    Some(Unreachable::RuleState)
}

/// The reason of [`no_error_reachable`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unreachable {
    /// No error statement is in a procedure the entry can reach.
    CallGraph,
    /// Every error statement the entry can reach needs a value a private global never holds.
    RuleState,
}

/// Whether an error statement of `p` is reachable from its first statement when the `assume`s
/// that `blocked` names stop every run (calls fall through to the next statement).
fn error_reachable_in(p: &Proc, blocked: impl Fn(&Expr) -> bool) -> bool {
    if p.body.is_empty() {
        return false;
    }
    let labels = p.label_map();
    let mut seen = vec![false; p.body.len()];
    let mut todo = vec![0usize];
    while let Some(i) = todo.pop() {
        if i >= p.body.len() || std::mem::replace(&mut seen[i], true) {
            continue;
        }
        match &p.body[i].kind {
            StmtKind::Error(_) => return true,
            StmtKind::Assume(e) if blocked(e) => {}
            StmtKind::Goto(ls) => todo.extend(ls.iter().filter_map(|l| labels.get(l.as_str()).copied())),
            StmtKind::Return(_) | StmtKind::Halt => {}
            _ => todo.push(i + 1),
        }
    }
    false
}

/// At most this many values are kept per global; more is "any value".
const MAX_VALUES: usize = 16;

/// A set of possible values: `None` is any value.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Val(Option<BTreeSet<i128>>);

impl Val {
    fn any() -> Val {
        Val(None)
    }
    fn only(v: i128) -> Val {
        Val(Some(BTreeSet::from([v])))
    }
    fn of(set: BTreeSet<i128>) -> Val {
        if set.len() > MAX_VALUES {
            Val::any()
        } else {
            Val(Some(set))
        }
    }
    fn join(&mut self, o: &Val) -> bool {
        let before = self.clone();
        *self = match (&self.0, &o.0) {
            (Some(a), Some(b)) => Val::of(a.union(b).copied().collect()),
            _ => Val::any(),
        };
        *self != before
    }
}

/// The value sets of the private globals (see the module's comment).
fn private_values(prog: &Program, procs: &[&Proc]) -> HashMap<String, Val> {
    let candidates = constants::candidates(prog);
    if candidates.is_empty() {
        return HashMap::new();
    }
    let assigned_first = prefix_assigned(prog, &candidates);
    let mut values: HashMap<String, Val> = HashMap::new();
    let mut types: HashMap<&str, &Type> = HashMap::new();
    for g in prog.globals.iter().filter(|g| candidates.contains(&g.name)) {
        let init = if assigned_first.contains(&g.name) {
            Val(Some(BTreeSet::new()))
        } else {
            match &g.init {
                Init::Zero => Val::only(0),
                Init::Expr(e) => constant(e).map(Val::only).unwrap_or_else(Val::any),
                Init::List(_) => Val::any(),
            }
        };
        values.insert(g.name.clone(), of_type(init, &g.ty));
        types.insert(&g.name, &g.ty);
    }
    // assignments may copy one private global into another: join to a fixpoint (the sets
    // only grow and are bounded, so this ends)
    loop {
        let mut changed = false;
        for p in procs {
            for s in &p.body {
                let (name, v) = match &s.kind {
                    StmtKind::Assign(Lval::Var(n), e) if global_here(p, n, &values) => {
                        (n, eval(e, &Scope { values: &values, proc: p }))
                    }
                    StmtKind::Call { ret: Some(Lval::Var(n)), .. } if global_here(p, n, &values) => (n, Val::any()),
                    _ => continue,
                };
                let mut cur = values[name.as_str()].clone();
                if cur.join(&of_type(v, types[name.as_str()])) {
                    values.insert(name.clone(), cur);
                    changed = true;
                }
            }
        }
        if !changed {
            break;
        }
    }
    values.retain(|_, v| v.0.is_some());
    values
}

/// `v` as the values of a variable of type `t`: any value when one is not of the type (an
/// assignment that relies on a conversion the expression does not spell).
fn of_type(v: Val, t: &Type) -> Val {
    match v.0 {
        Some(s) if s.iter().all(|x| fits(*x, t)) => Val(Some(s)),
        _ => Val::any(),
    }
}

/// Whether `n` in procedure `p` names the private global (not a local that shadows it).
fn global_here(p: &Proc, n: &str, values: &HashMap<String, Val>) -> bool {
    values.contains_key(n) && p.var(n).is_none()
}

/// The candidates the entry's first statements (assignments only, up to the first other
/// statement) give a constant before any of them reads it: their initial value is never read.
fn prefix_assigned(prog: &Program, candidates: &HashSet<String>) -> HashSet<String> {
    let mut out = HashSet::new();
    let Some(entry) = prog.proc(&prog.entry) else { return out };
    let mut read: HashSet<String> = HashSet::new();
    for s in &entry.body {
        let StmtKind::Assign(l, e) = &s.kind else { break };
        read.extend(e.var_names());
        if !matches!(l, Lval::Var(_)) {
            read.extend(Expr::Lval(l.clone()).var_names());
        }
        if let Lval::Var(n) = l {
            if candidates.contains(n) && entry.var(n).is_none() && !read.contains(n) && constant(e).is_some() {
                out.insert(n.clone());
            }
        }
    }
    out
}

/// The value of a constant integer expression that fits its type.
fn constant(e: &Expr) -> Option<i128> {
    match e {
        Expr::Int(v) => Some(*v),
        Expr::Bool(b) => Some(*b as i128),
        Expr::Cast(t, a) => constant(a).filter(|v| fits(*v, t)),
        _ => None,
    }
}

/// Whether `v` is a value of integer type `t` (a conversion to `t` leaves it unchanged).
fn fits(v: i128, t: &Type) -> bool {
    match t {
        Type::Bool => v == 0 || v == 1,
        Type::Int { bits, signed } if *bits < 127 => {
            let b = *bits as u32;
            if *signed {
                v >= -(1i128 << (b - 1)) && v < (1i128 << (b - 1))
            } else {
                v >= 0 && v < (1i128 << b)
            }
        }
        _ => false,
    }
}

struct Scope<'a> {
    values: &'a HashMap<String, Val>,
    proc: &'a Proc,
}

/// The possible values of `e` given the private globals' sets (anything else: any value).
/// Conditions are 0 or 1.
fn eval(e: &Expr, sc: &Scope) -> Val {
    match e {
        Expr::Int(_) | Expr::Bool(_) => constant(e).map(Val::only).unwrap_or_else(Val::any),
        Expr::Lval(Lval::Var(n)) if global_here(sc.proc, n, sc.values) => sc.values[n.as_str()].clone(),
        Expr::Cast(t, a) => match eval(a, sc).0 {
            Some(s) if s.iter().all(|v| fits(*v, t)) => Val(Some(s)),
            _ => Val::any(),
        },
        Expr::Unary(UnOp::Not, a) => map1(eval(a, sc), |v| (v == 0) as i128),
        Expr::Binary(op, a, b) => {
            let f: fn(i128, i128) -> i128 = match op {
                BinOp::Eq => |x, y| (x == y) as i128,
                BinOp::Ne => |x, y| (x != y) as i128,
                BinOp::Lt => |x, y| (x < y) as i128,
                BinOp::Le => |x, y| (x <= y) as i128,
                BinOp::Gt => |x, y| (x > y) as i128,
                BinOp::Ge => |x, y| (x >= y) as i128,
                BinOp::And => |x, y| (x != 0 && y != 0) as i128,
                BinOp::Or => |x, y| (x != 0 || y != 0) as i128,
                _ => return Val::any(),
            };
            let (x, y) = (eval(a, sc), eval(b, sc));
            match (*op, &x.0, &y.0) {
                // one operand decides a logical operator whatever the other is
                (BinOp::And, Some(s), _) | (BinOp::And, _, Some(s)) if s.iter().all(|v| *v == 0) && !s.is_empty() => {
                    Val::only(0)
                }
                (BinOp::Or, Some(s), _) | (BinOp::Or, _, Some(s)) if s.iter().all(|v| *v != 0) && !s.is_empty() => {
                    Val::only(1)
                }
                (_, Some(s), Some(t)) => Val::of(s.iter().flat_map(|x| t.iter().map(move |y| f(*x, *y))).collect()),
                (
                    BinOp::And | BinOp::Or | BinOp::Eq | BinOp::Ne | BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge,
                    ..,
                ) => Val(Some(BTreeSet::from([0, 1]))),
                _ => Val::any(),
            }
        }
        _ => Val::any(),
    }
}

fn map1(v: Val, f: impl Fn(i128) -> i128) -> Val {
    match v.0 {
        Some(s) => Val::of(s.into_iter().map(f).collect()),
        None => Val::any(),
    }
}
