//! Which functions the entry can reach: the functions it calls, transitively, and every
//! function whose address is taken in code it reaches or in the initialiser of a global that
//! code mentions (such a function may be called through a pointer; a global mentioned only
//! by another mentioned global's initialiser counts too); and which variables that code or
//! those initialisers mention. A function or global whose lowering failed is dropped with its
//! diagnostics only when it is outside these sets.

use cminus::pointsto::IndirectCall;
use cminus::{Expr, Init, Lval, Program, StmtKind};
use std::collections::HashSet;

/// What the entry may reach.
pub(crate) struct Reach {
    /// Functions it may call (directly, or through a pointer to an address taken in reachable
    /// code or in a global initialiser).
    pub funcs: HashSet<String>,
    /// Variables (by C-- name) that reachable code or a global initialiser mentions.
    pub vars: HashSet<String>,
}

/// Names found in expressions: functions (calls, addresses) and variables.
#[derive(Default)]
struct Names {
    funcs: Vec<String>,
    vars: HashSet<String>,
}

/// What the entry may reach; `None` if the entry is not defined.
pub(crate) fn reachable(prog: &Program, entry: &str, indirect: &[IndirectCall]) -> Option<Reach> {
    prog.proc(entry)?;
    let mut seen: HashSet<String> = HashSet::new();
    let mut n = Names { funcs: vec![entry.to_string()], vars: HashSet::new() };
    // a global's initialiser counts once the global is mentioned (by reachable code or by
    // another counted initialiser): a table of callbacks nothing reads calls nothing
    let mut inits_done: HashSet<&str> = HashSet::new();
    loop {
        reach_funcs(prog, indirect, &mut seen, &mut n);
        let before = inits_done.len();
        for g in &prog.globals {
            if n.vars.contains(&g.name) && inits_done.insert(g.name.as_str()) {
                init_names(&g.init, &mut n);
            }
        }
        if inits_done.len() == before && n.funcs.is_empty() {
            break;
        }
    }
    Some(Reach { funcs: seen, vars: n.vars })
}

/// The functions of `n.funcs` and what they call, transitively, into `seen`; the names
/// their code mentions into `n`.
fn reach_funcs(prog: &Program, indirect: &[IndirectCall], seen: &mut HashSet<String>, n: &mut Names) {
    while let Some(f) = n.funcs.pop() {
        if !seen.insert(f.clone()) {
            continue;
        }
        let Some(p) = prog.proc(&f) else { continue };
        for s in &p.body {
            match &s.kind {
                StmtKind::Assign(l, e) => {
                    lval_names(l, n);
                    expr_names(e, n);
                }
                StmtKind::Call { ret, callee, args } => {
                    match callee.strip_prefix("#indirect").and_then(|k| k.parse::<usize>().ok()) {
                        Some(k) => {
                            if let Some(ic) = indirect.get(k) {
                                expr_names(&ic.fp, n);
                                ic.args.iter().for_each(|a| expr_names(a, n));
                                if let Some(r) = &ic.ret {
                                    lval_names(r, n);
                                }
                            }
                        }
                        None => n.funcs.push(callee.clone()),
                    }
                    args.iter().for_each(|a| expr_names(a, n));
                    if let Some(r) = ret {
                        lval_names(r, n);
                    }
                }
                StmtKind::Return(Some(e)) | StmtKind::Assume(e) => expr_names(e, n),
                StmtKind::Return(None) | StmtKind::Goto(_) | StmtKind::Skip | StmtKind::Error(_) | StmtKind::Halt => {}
            }
        }
    }
}

fn init_names(i: &Init, n: &mut Names) {
    match i {
        Init::Expr(e) => expr_names(e, n),
        Init::List(v) => v.iter().for_each(|x| init_names(x, n)),
        Init::Zero => {}
    }
}

fn expr_names(e: &Expr, n: &mut Names) {
    match e {
        Expr::FuncAddr(f) => n.funcs.push(f.clone()),
        Expr::Lval(l) | Expr::AddrOf(l) => lval_names(l, n),
        Expr::Unary(_, a) | Expr::Cast(_, a) => expr_names(a, n),
        Expr::Binary(_, a, b) => {
            expr_names(a, n);
            expr_names(b, n);
        }
        Expr::Float(_, _, xs) => xs.iter().for_each(|x| expr_names(x, n)),
        Expr::Int(_) | Expr::Bool(_) | Expr::Nondet(_) => {}
    }
}

fn lval_names(l: &Lval, n: &mut Names) {
    match l {
        Lval::Var(v) => {
            n.vars.insert(v.clone());
        }
        Lval::Deref(e) => expr_names(e, n),
        Lval::Field(b, _) => lval_names(b, n),
        Lval::Index(b, e) => {
            lval_names(b, n);
            expr_names(e, n);
        }
    }
}
