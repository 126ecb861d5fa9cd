//! NULL guards: `assume(p != NULL)` before every statement that dereferences a pointer which
//! may hold the result of an allocation that can fail.
//!
//! Allocations may return NULL (`pointsto::extern_allocation`). Dereferencing NULL is
//! undefined behaviour, after which C promises nothing; the interpreter stops there, and a
//! verification task whose error is reachable only through it is not a task. The guard makes
//! every stage agree on that: c2bp abstracts the `assume`, Newton adds it to the path
//! condition (and can learn `p != 0` from it), the interpreter stops at it. Without the guard
//! the abstraction would read whatever memory holds at address 0 and every path through a
//! dereference of a fresh pointer would end UNKNOWN.

use crate::pointsto::{extern_allocation, Obj, PointsTo};
use crate::{BinOp, Expr, Lval, Program, Stmt, StmtKind, Type};
use std::collections::HashSet;

/// The start of the message of every NULL-dereference error (`null dereference: p->q`).
pub const NULL_DEREF: &str = "null dereference";

/// Whether an error message is a NULL dereference's.
pub fn is_null_deref(message: &str) -> bool {
    message.starts_with(NULL_DEREF)
}

/// C and POSIX library functions documented to return NULL (not found, end of input, an
/// error), besides the allocators and `fopen` & co., which are fallible allocations
/// (`pointsto::extern_allocation`). A NULL one of these returns is the program's to check; a
/// NULL from another function without a body is not reported as a violation on its own
/// (`newton::null_from_outside`: its contract is unknown — glibc's `__ctype_b_loc` never
/// returns NULL).
const RETURNS_NULL: &[&str] = &[
    "getenv",
    "secure_getenv",
    "strchr",
    "strrchr",
    "strstr",
    "strcasestr",
    "strpbrk",
    "memchr",
    "memrchr",
    "strtok",
    "strtok_r",
    "strsep",
    "index",
    "rindex",
    "wcschr",
    "wcsrchr",
    "wcsstr",
    "wmemchr",
    "fgets",
    "fgetws",
    "gets",
    "readdir",
    "opendir",
    "fdopendir",
    "localtime",
    "gmtime",
    "localtime_r",
    "gmtime_r",
    "ctime",
    "ctime_r",
    "asctime",
    "asctime_r",
    "getpwnam",
    "getpwuid",
    "getgrnam",
    "getgrgid",
    "getlogin",
    "getpass",
    "dlopen",
    "dlsym",
    "dlerror",
    "realpath",
    "getcwd",
    "tmpnam",
    "tempnam",
    "ttyname",
    "ptsname",
    "setlocale",
    "bsearch",
    "lfind",
    "tfind",
    "tsearch",
    "tdelete",
    "inet_ntop",
    "if_indextoname",
    "gethostbyname",
    "gethostbyaddr",
    "getservbyname",
    "getservbyport",
    "getprotobyname",
    "getmntent",
    "getusershell",
    "crypt",
    "readline",
    "strdup",
    "strndup",
    "fgetln",
    "mkdtemp",
    "get_current_dir_name",
    "getwd",
];

/// Whether a NULL returned by the external function `callee` is the program's to check: an
/// input (`__VERIFIER_nondet_pointer`, slam's own inputs), an allocator (`malloc`, `fopen`,
/// …) or one [`RETURNS_NULL`] names.
pub fn may_return_null(callee: &str) -> bool {
    let name = crate::names::c_function(callee);
    name.starts_with("__VERIFIER_nondet")
        || crate::names::is_input(callee)
        || RETURNS_NULL.contains(&name)
        || crate::pointsto::ALLOCATORS.contains(&name)
        || crate::pointsto::FALLIBLE_ALLOCATORS.contains(&name)
}

/// Insert the guards. Statements keep their ids; each guard gets a fresh id, the location of
/// the statement it guards, and takes over its labels (so jumps to it are guarded too).
pub fn guard_null_derefs(p: &mut Program) {
    let fallible: HashSet<crate::StmtId> = p
        .procs
        .iter()
        .flat_map(|q| &q.body)
        .filter_map(|s| match &s.kind {
            StmtKind::Call { callee, ret: Some(_), .. } => {
                extern_allocation(p, callee).filter(|a| a.may_fail).map(|_| s.id)
            }
            _ => None,
        })
        .collect();
    if fallible.is_empty() {
        return;
    }
    let mut pt = PointsTo::analyze(p);
    let plan = dereferences(p, |q, e| {
        !e.has_nondet() && pt.points_to(&q.name, e).iter().any(|o| matches!(o, Obj::Alloc(id) if fallible.contains(id)))
    });
    // Ids from the back, as the insertions were once made.
    let mut inserts = Vec::with_capacity(plan.len());
    for (pi, si, guards) in plan.into_iter().rev() {
        let loc = p.procs[pi].body[si].loc;
        let labels = std::mem::take(&mut p.procs[pi].body[si].labels);
        let mut new = Vec::new();
        for (k, e) in guards.into_iter().enumerate() {
            let ty = p.type_of(Some(&p.procs[pi]), &e).unwrap_or(Type::ptr(Type::Void));
            let cond = Expr::bin(BinOp::Ne, e, Expr::Cast(ty, Box::new(Expr::Int(0))));
            let id = p.fresh_stmt_id();
            let labels = if k == 0 { labels.clone() } else { vec![] };
            new.push(Stmt { id, loc, labels, kind: StmtKind::Assume(cond) });
        }
        inserts.push((pi, si, new));
    }
    insert_before(p, inserts);
}

/// Put each list of statements before the statement (procedure index, statement index) it
/// names, in one pass over each body (a splice per insertion was quadratic in the size of a
/// procedure: seconds on a 2,000-line unit).
pub(crate) fn insert_before(p: &mut Program, mut inserts: Vec<(usize, usize, Vec<Stmt>)>) {
    inserts.sort_by_key(|&(pi, si, _)| (pi, si));
    let mut it = inserts.into_iter().peekable();
    while let Some(&(pi, _, _)) = it.peek() {
        let old = std::mem::take(&mut p.procs[pi].body);
        let mut body = Vec::with_capacity(old.len());
        for (si, s) in old.into_iter().enumerate() {
            while let Some((_, _, new)) = it.next_if(|&(qi, ti, _)| qi == pi && ti == si) {
                body.extend(new);
            }
            body.push(s);
        }
        // (no index past the end is planned; should one be, it goes last rather than loop)
        while let Some((_, _, new)) = it.next_if(|&(qi, _, _)| qi == pi) {
            body.extend(new);
        }
        p.procs[pi].body = body;
    }
}

/// The labels of a guard's two targets (followed by the guarded statement's id): the NULL
/// side, which ends in the error, and the other.
pub const NULL_LABEL: &str = "__null";
pub const NONNULL_LABEL: &str = "__nonnull";

/// `e` for the error's message, with each front-end temporary that is assigned once in `proc`
/// replaced by what it was assigned (`memcpy(copy, …)` writes through `__t3 := copy`: the
/// message names `copy`).
fn as_written(proc: &crate::Proc, e: &Expr) -> Expr {
    fn once<'p>(proc: &'p crate::Proc, t: &str) -> Option<&'p Expr> {
        let mut defs = proc.body.iter().filter_map(|s| match &s.kind {
            StmtKind::Assign(Lval::Var(v), rhs) if v == t => Some(Some(rhs)),
            StmtKind::Call { ret: Some(Lval::Var(v)), .. } if v == t => Some(None),
            _ => None,
        });
        match (defs.next(), defs.next()) {
            (Some(Some(rhs)), None) => Some(rhs),
            _ => None,
        }
    }
    fn go(proc: &crate::Proc, e: &Expr, depth: usize) -> Expr {
        match e {
            Expr::Lval(Lval::Var(t)) if depth < 4 && crate::names::is_temp(t) => match once(proc, t) {
                Some(rhs) => go(proc, rhs, depth + 1),
                None => e.clone(),
            },
            Expr::Cast(ty, inner) => Expr::Cast(ty.clone(), Box::new(go(proc, inner, depth))),
            _ => e.clone(),
        }
    }
    go(proc, e, 0)
}

/// The null-dereference property: before every statement that dereferences a pointer value
/// (`*p`, `p->f`, `p[i]`; not `&x` or an array), a branch to an `error` where the pointer is
/// NULL, and `assume(p != NULL)` on the other path. Every engine then checks NULL
/// dereferences as it checks `reach_error` (the structural abstraction of Calysto checks the
/// same assertions).
pub fn assert_non_null(p: &mut Program) {
    let plan = dereferences(p, |_, _| true);
    // Ids from the back, as the insertions were once made.
    let mut inserts = Vec::with_capacity(plan.len());
    for (pi, si, derefs) in plan.into_iter().rev() {
        let mut checks: Vec<Expr> = Vec::new();
        for e in derefs {
            let e = pointer_base(p, &p.procs[pi], e);
            let skip = matches!(e, Expr::AddrOf(_) | Expr::FuncAddr(_)) || e.has_nondet();
            if !skip && !checks.contains(&e) {
                checks.push(e);
            }
        }
        let loc = p.procs[pi].body[si].loc;
        let mut labels = std::mem::take(&mut p.procs[pi].body[si].labels);
        let mut new = Vec::new();
        for e in checks {
            let ty = p.type_of(Some(&p.procs[pi]), &e).unwrap_or(Type::ptr(Type::Void));
            let null = Expr::Cast(ty, Box::new(Expr::Int(0)));
            let what = format!("{NULL_DEREF}: {}", crate::print_expr(&as_written(&p.procs[pi], &e)));
            let id = p.fresh_stmt_id();
            let (bad, ok) = (format!("{NULL_LABEL}{}", id.0), format!("{NONNULL_LABEL}{}", id.0));
            new.push(Stmt {
                id,
                loc,
                labels: std::mem::take(&mut labels),
                kind: StmtKind::Goto(vec![bad.clone(), ok.clone()]),
            });
            let cond = Expr::bin(BinOp::Eq, e.clone(), null.clone());
            new.push(Stmt { id: p.fresh_stmt_id(), loc, labels: vec![bad], kind: StmtKind::Assume(cond) });
            new.push(Stmt { id: p.fresh_stmt_id(), loc, labels: vec![], kind: StmtKind::Error(what) });
            let cond = Expr::bin(BinOp::Ne, e, null);
            new.push(Stmt { id: p.fresh_stmt_id(), loc, labels: vec![ok], kind: StmtKind::Assume(cond) });
        }
        inserts.push((pi, si, new));
    }
    insert_before(p, inserts);
}

/// The pointer that pointer arithmetic starts from: `p[i]` (`*(p + i)`) dereferences NULL when
/// `p` is NULL, whatever `i`; a non-NULL `p` plus an offset that wraps to 0 is an
/// out-of-bounds access, not a NULL dereference, so the property asserts `p != NULL`.
fn pointer_base(p: &Program, q: &crate::Proc, e: Expr) -> Expr {
    let is_ptr = |x: &Expr| matches!(p.type_of(Some(q), x), Some(Type::Ptr(_)));
    match e {
        Expr::Binary(BinOp::Add | BinOp::Sub, a, b) if is_ptr(&a) && !is_ptr(&b) => pointer_base(p, q, *a),
        Expr::Binary(BinOp::Add, a, b) if is_ptr(&b) && !is_ptr(&a) => pointer_base(p, q, *b),
        e => e,
    }
}

/// For every statement that dereferences pointer values `keep` accepts: (procedure index,
/// statement index, those values once each, innermost first).
fn dereferences(p: &Program, mut keep: impl FnMut(&crate::Proc, &Expr) -> bool) -> Vec<(usize, usize, Vec<Expr>)> {
    let mut plan = Vec::new();
    for (pi, q) in p.procs.iter().enumerate() {
        for (si, s) in q.body.iter().enumerate() {
            let mut ptrs = Vec::new();
            derefs_of_stmt(p, q, s, &mut ptrs);
            let mut kept: Vec<Expr> = Vec::new();
            for e in ptrs {
                if !kept.contains(&e) && keep(q, &e) {
                    kept.push(e);
                }
            }
            if !kept.is_empty() {
                plan.push((pi, si, kept));
            }
        }
    }
    plan
}

/// The pointer values a statement dereferences, innermost first.
fn derefs_of_stmt(p: &Program, q: &crate::Proc, s: &Stmt, out: &mut Vec<Expr>) {
    match &s.kind {
        StmtKind::Assign(l, e) => {
            derefs_of_expr(p, q, e, out);
            derefs_of_lval(p, q, l, out);
        }
        StmtKind::Assume(e) | StmtKind::Return(Some(e)) => derefs_of_expr(p, q, e, out),
        StmtKind::Call { ret, args, .. } => {
            for a in args {
                derefs_of_expr(p, q, a, out);
            }
            if let Some(l) = ret {
                derefs_of_lval(p, q, l, out);
            }
        }
        _ => {}
    }
}

fn derefs_of_expr(p: &Program, q: &crate::Proc, e: &Expr, out: &mut Vec<Expr>) {
    match e {
        Expr::Lval(l) => derefs_of_lval(p, q, l, out),
        // `&p->f` computes an address without reading memory: only its inner reads count.
        Expr::AddrOf(l) => addr_derefs(p, q, l, out),
        Expr::Unary(_, a) | Expr::Cast(_, a) => derefs_of_expr(p, q, a, out),
        Expr::Binary(op, a, b) => {
            derefs_of_expr(p, q, a, out);
            // The right operand of && and || may not be evaluated.
            if !op.is_logical() {
                derefs_of_expr(p, q, b, out);
            }
        }
        Expr::Float(_, _, xs) => xs.iter().for_each(|x| derefs_of_expr(p, q, x, out)),
        Expr::Int(_) | Expr::Bool(_) | Expr::FuncAddr(_) | Expr::Nondet(_) => {}
    }
}

/// The dereferences needed to read (or write) the lvalue `l`.
fn derefs_of_lval(p: &Program, q: &crate::Proc, l: &Lval, out: &mut Vec<Expr>) {
    match l {
        Lval::Var(_) => {}
        Lval::Deref(e) => {
            derefs_of_expr(p, q, e, out);
            out.push((**e).clone());
        }
        Lval::Field(inner, _) => derefs_of_lval(p, q, inner, out),
        Lval::Index(inner, i) => {
            derefs_of_expr(p, q, i, out);
            match p.type_of_lval(Some(q), inner) {
                Some(Type::Ptr(_)) => {
                    derefs_of_lval(p, q, inner, out);
                    out.push(Expr::Lval((**inner).clone()));
                }
                _ => derefs_of_lval(p, q, inner, out),
            }
        }
    }
}

/// The dereferences in computing the address of `l` (not reading it).
fn addr_derefs(p: &Program, q: &crate::Proc, l: &Lval, out: &mut Vec<Expr>) {
    match l {
        Lval::Var(_) => {}
        Lval::Deref(e) => derefs_of_expr(p, q, e, out),
        Lval::Field(inner, _) => addr_derefs(p, q, inner, out),
        Lval::Index(inner, i) => {
            derefs_of_expr(p, q, i, out);
            match p.type_of_lval(Some(q), inner) {
                Some(Type::Ptr(_)) => derefs_of_lval(p, q, inner, out),
                _ => addr_derefs(p, q, inner, out),
            }
        }
    }
}
