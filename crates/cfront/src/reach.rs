//! Which functions the entry can reach: the functions it calls, transitively, and every
//! function whose address is taken in code it reaches or in a global's initialiser (such a
//! function may be called through a pointer). A function whose lowering failed is dropped
//! with its diagnostics only when it is outside this set.

use cminus::pointsto::IndirectCall;
use cminus::{Expr, Init, Lval, Program, StmtKind};
use std::collections::HashSet;

/// The functions the entry may call (directly, or through a pointer to an address taken in
/// reachable code or in a global initialiser); `None` if the entry is not defined.
pub(crate) fn reachable(prog: &Program, entry: &str, indirect: &[IndirectCall]) -> Option<HashSet<String>> {
    prog.proc(entry)?;
    let mut seen: HashSet<String> = HashSet::new();
    let mut work: Vec<String> = vec![entry.to_string()];
    for g in &prog.globals {
        init_funcs(&g.init, &mut work);
    }
    while let Some(f) = work.pop() {
        if !seen.insert(f.clone()) {
            continue;
        }
        let Some(p) = prog.proc(&f) else { continue };
        for s in &p.body {
            match &s.kind {
                StmtKind::Assign(l, e) => {
                    lval_funcs(l, &mut work);
                    expr_funcs(e, &mut work);
                }
                StmtKind::Call { ret, callee, args } => {
                    match callee.strip_prefix("#indirect").and_then(|k| k.parse::<usize>().ok()) {
                        Some(k) => {
                            if let Some(ic) = indirect.get(k) {
                                expr_funcs(&ic.fp, &mut work);
                                ic.args.iter().for_each(|a| expr_funcs(a, &mut work));
                                if let Some(r) = &ic.ret {
                                    lval_funcs(r, &mut work);
                                }
                            }
                        }
                        None => work.push(callee.clone()),
                    }
                    args.iter().for_each(|a| expr_funcs(a, &mut work));
                    if let Some(r) = ret {
                        lval_funcs(r, &mut work);
                    }
                }
                StmtKind::Return(Some(e)) | StmtKind::Assume(e) => expr_funcs(e, &mut work),
                StmtKind::Return(None) | StmtKind::Goto(_) | StmtKind::Skip | StmtKind::Error(_) | StmtKind::Halt => {}
            }
        }
    }
    Some(seen)
}

fn init_funcs(i: &Init, out: &mut Vec<String>) {
    match i {
        Init::Expr(e) => expr_funcs(e, out),
        Init::List(v) => v.iter().for_each(|x| init_funcs(x, out)),
        Init::Zero => {}
    }
}

fn expr_funcs(e: &Expr, out: &mut Vec<String>) {
    match e {
        Expr::FuncAddr(f) => out.push(f.clone()),
        Expr::Lval(l) | Expr::AddrOf(l) => lval_funcs(l, out),
        Expr::Unary(_, a) | Expr::Cast(_, a) => expr_funcs(a, out),
        Expr::Binary(_, a, b) => {
            expr_funcs(a, out);
            expr_funcs(b, out);
        }
        Expr::Int(_) | Expr::Bool(_) | Expr::Nondet(_) => {}
    }
}

fn lval_funcs(l: &Lval, out: &mut Vec<String>) {
    match l {
        Lval::Var(_) => {}
        Lval::Deref(e) => expr_funcs(e, out),
        Lval::Field(b, _) => lval_funcs(b, out),
        Lval::Index(b, e) => {
            lval_funcs(b, out);
            expr_funcs(e, out);
        }
    }
}
