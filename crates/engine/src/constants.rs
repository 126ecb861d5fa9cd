//! Globals that hold a constant: assigned before any other code runs (by the entry or an
//! initialisation routine it calls) and never again, such as the state constants `NP`, `DC`,
//! `SKIP1` of the Windows driver harnesses (`NP = 1;` in `_BLAST_init`). Left as variables,
//! they make every predicate `s == NP` relative to an unknown: c2bp cannot tell `s == NP` and
//! `s == DC` apart (2^k valuations instead of k + 1) and refinement asks for predicates
//! between the constants (`SKIP1 == MPR1`). Folded, the predicates are `s == 1`, `s == 2`.
//!
//! **Why it is sound.** The *prefix* is the straight-line start of the entry: its statements
//! up to the first jump, label, return or end of a path, walking into a procedure only
//! where it has this one call site in the whole program (so each prefix statement runs at
//! most once, and before every statement outside the prefix). A global is folded when, at
//! the end of the prefix, its value is a constant expression and no statement outside the
//! prefix writes it; its address is never taken (so nothing writes it through a pointer).
//! Then every statement outside the prefix reads that constant, and only those reads are
//! replaced: the program's behaviours are unchanged.

use cminus::{Expr, Init, Lval, Proc, Program, StmtId, StmtKind, Type};
use std::collections::{HashMap, HashSet};

/// The globals that hold a constant after the prefix, with the value as an expression of
/// the global's type (no variables).
pub fn constant_globals(prog: &Program) -> HashMap<String, Expr> {
    analyse(prog).0
}

/// The constant globals and the prefix's statements.
fn analyse(prog: &Program) -> (HashMap<String, Expr>, Prefix) {
    let none = || (HashMap::new(), HashMap::new());
    let candidates = candidates(prog);
    if candidates.is_empty() {
        return none();
    }
    let Some(entry) = prog.proc(&prog.entry) else { return none() };
    let sites = call_sites(prog);
    if sites.get(prog.entry.as_str()).copied().unwrap_or(0) > 0 {
        return none();
    }
    let mut w = Walk { prog, candidates: &candidates, sites: &sites, val: HashMap::new(), prefix: HashMap::new() };
    w.walk(entry);
    let Walk { val, prefix, .. } = w;
    let mut out = HashMap::new();
    for (g, v) in val {
        let Some(v) = v else { continue };
        if !written_outside(prog, &g, &prefix) {
            out.insert(g, v);
        }
    }
    (out, prefix)
}

/// `prog` with every read of a constant global outside the prefix replaced by its value (in
/// the prefix, every read of a candidate whose value is known there), and
/// the same for `preds` (a predicate is any boolean expression: folding it changes which
/// predicate it is, never the soundness of the abstraction). Statement ids stay.
pub fn fold(prog: &Program) -> (Program, HashMap<String, Expr>) {
    let (consts, prefix) = analyse(prog);
    if consts.is_empty() {
        return (prog.clone(), consts);
    }
    let mut out = prog.clone();
    for p in &mut out.procs {
        let shadowed: HashSet<String> =
            p.formals.iter().chain(&p.locals).map(|v| v.name.clone()).filter(|n| consts.contains_key(n)).collect();
        for s in &mut p.body {
            // In the prefix, the values known before the statement; after it, the constants.
            let known = prefix.get(&s.id).unwrap_or(&consts);
            let sub = |e: &Expr| subst_all(e, known, &shadowed);
            let sub_l = |l: &Lval| subst_lval(l, known, &shadowed);
            s.kind = match &s.kind {
                StmtKind::Assign(l, e) => StmtKind::Assign(sub_l(l), sub(e)),
                StmtKind::Call { ret, callee, args } => StmtKind::Call {
                    ret: ret.as_ref().map(sub_l),
                    callee: callee.clone(),
                    args: args.iter().map(sub).collect(),
                },
                StmtKind::Return(e) => StmtKind::Return(e.as_ref().map(sub)),
                StmtKind::Assume(e) => StmtKind::Assume(sub(e)),
                k => k.clone(),
            };
        }
    }
    (out, consts)
}

/// A predicate with the constant globals replaced by their values (not where a local of the
/// predicate's procedure shadows them).
pub fn fold_pred(prog: &Program, consts: &HashMap<String, Expr>, p: &c2bp::Pred) -> c2bp::Pred {
    let shadowed: HashSet<String> = match p.scope.as_deref().and_then(|s| prog.proc(s)) {
        Some(q) => q.formals.iter().chain(&q.locals).map(|v| v.name.clone()).collect(),
        None => HashSet::new(),
    };
    c2bp::Pred { expr: subst_all(&p.expr, consts, &shadowed), scope: p.scope.clone() }
}

fn subst_all(e: &Expr, consts: &HashMap<String, Expr>, shadowed: &HashSet<String>) -> Expr {
    let mut e = e.clone();
    for name in e.var_names() {
        if let Some(v) = consts.get(&name) {
            if !shadowed.contains(&name) {
                e = e.subst_var(&name, v);
            }
        }
    }
    e
}

fn subst_lval(l: &Lval, consts: &HashMap<String, Expr>, shadowed: &HashSet<String>) -> Lval {
    let mut l = l.clone();
    for name in Expr::Lval(l.clone()).var_names() {
        if let Some(v) = consts.get(&name) {
            if !shadowed.contains(&name) {
                l = l.subst_var(&name, v);
            }
        }
    }
    l
}

/// Scalar integer globals whose address is never taken.
/// The integer globals whose address is never taken (in a statement or an initialiser).
pub(crate) fn candidates(prog: &Program) -> HashSet<String> {
    let mut taken: HashSet<String> = HashSet::new();
    let mut note = |e: &Expr| {
        e.visit_addr_taken(&mut |n| {
            taken.insert(n.to_string());
        })
    };
    for p in &prog.procs {
        for s in &p.body {
            match &s.kind {
                StmtKind::Assign(l, e) => {
                    note(&Expr::Lval(l.clone()));
                    note(e);
                }
                StmtKind::Call { ret, args, .. } => {
                    if let Some(l) = ret {
                        note(&Expr::Lval(l.clone()));
                    }
                    args.iter().for_each(&mut note);
                }
                StmtKind::Return(Some(e)) | StmtKind::Assume(e) => note(e),
                _ => {}
            }
        }
    }
    fn init_exprs<'a>(i: &'a Init, out: &mut Vec<&'a Expr>) {
        match i {
            Init::Zero => {}
            Init::Expr(e) => out.push(e),
            Init::List(l) => l.iter().for_each(|i| init_exprs(i, out)),
        }
    }
    let mut inits = Vec::new();
    for g in &prog.globals {
        init_exprs(&g.init, &mut inits);
    }
    for e in inits {
        note(e);
    }
    prog.globals.iter().filter(|g| g.ty.is_integer() && !taken.contains(&g.name)).map(|g| g.name.clone()).collect()
}

/// The number of call sites of each procedure; a procedure whose address is taken counts as
/// called from everywhere.
fn call_sites(prog: &Program) -> HashMap<&str, usize> {
    let mut n: HashMap<&str, usize> = HashMap::new();
    fn funcs<'a>(e: &'a Expr, out: &mut Vec<&'a str>) {
        match e {
            Expr::FuncAddr(f) => out.push(f),
            Expr::Unary(_, a) | Expr::Cast(_, a) => funcs(a, out),
            Expr::Binary(_, a, b) => {
                funcs(a, out);
                funcs(b, out);
            }
            Expr::Lval(l) | Expr::AddrOf(l) => lval_funcs(l, out),
            _ => {}
        }
    }
    fn lval_funcs<'a>(l: &'a Lval, out: &mut Vec<&'a str>) {
        match l {
            Lval::Var(_) => {}
            Lval::Deref(e) => funcs(e, out),
            Lval::Field(b, _) => lval_funcs(b, out),
            Lval::Index(b, i) => {
                lval_funcs(b, out);
                funcs(i, out);
            }
        }
    }
    let mut addr = Vec::new();
    for p in &prog.procs {
        for s in &p.body {
            match &s.kind {
                StmtKind::Call { callee, args, .. } => {
                    *n.entry(callee.as_str()).or_default() += 1;
                    args.iter().for_each(|a| funcs(a, &mut addr));
                }
                StmtKind::Assign(l, e) => {
                    lval_funcs(l, &mut addr);
                    funcs(e, &mut addr);
                }
                StmtKind::Return(Some(e)) | StmtKind::Assume(e) => funcs(e, &mut addr),
                _ => {}
            }
        }
    }
    let mut inits = Vec::new();
    fn init_funcs<'a>(i: &'a Init, out: &mut Vec<&'a str>) {
        match i {
            Init::Zero => {}
            Init::Expr(e) => funcs(e, out),
            Init::List(l) => l.iter().for_each(|i| init_funcs(i, out)),
        }
    }
    for g in &prog.globals {
        init_funcs(&g.init, &mut inits);
    }
    for f in addr.into_iter().chain(inits) {
        n.insert(f, usize::MAX);
    }
    n
}

/// The prefix's statements, each with the candidates' known values before it.
type Prefix = HashMap<StmtId, HashMap<String, Expr>>;

/// The straight-line execution of the prefix, with the candidates' values.
struct Walk<'a> {
    prog: &'a Program,
    candidates: &'a HashSet<String>,
    sites: &'a HashMap<&'a str, usize>,
    /// The value of a candidate after the statements walked so far: `None` if unknown.
    val: HashMap<String, Option<Expr>>,
    prefix: Prefix,
}

impl Walk<'_> {
    /// Walk `p`'s body from its start; `true` if it returned (so its caller's walk goes on).
    fn walk(&mut self, p: &Proc) -> bool {
        for s in &p.body {
            if !s.labels.is_empty() {
                return false;
            }
            let known = self.val.iter().filter_map(|(g, v)| Some((g.clone(), v.clone()?))).collect();
            self.prefix.insert(s.id, known);
            match &s.kind {
                StmtKind::Assign(Lval::Var(x), e) if self.is_candidate(p, x) => {
                    let v = self.constant(p, e).map(|c| typed(self.prog, x, c));
                    self.val.insert(x.clone(), v);
                }
                StmtKind::Assign(..) | StmtKind::Assume(_) | StmtKind::Skip => {}
                StmtKind::Call { ret, callee, .. } => {
                    if let Some(q) = self.prog.proc(callee) {
                        if self.sites.get(callee.as_str()).copied() != Some(1) || !self.walk(q) {
                            return false;
                        }
                    }
                    if let Some(Lval::Var(x)) = ret {
                        if self.is_candidate(p, x) {
                            self.val.insert(x.clone(), None);
                        }
                    }
                }
                StmtKind::Return(_) => return p.name != self.prog.entry,
                StmtKind::Goto(_) | StmtKind::Error(_) | StmtKind::Halt => return false,
            }
        }
        p.name != self.prog.entry
    }

    fn is_candidate(&self, p: &Proc, x: &str) -> bool {
        self.candidates.contains(x) && p.var(x).is_none()
    }

    /// `e` as a constant expression, with the known values of the candidates it reads.
    fn constant(&self, p: &Proc, e: &Expr) -> Option<Expr> {
        if e.has_nondet() || has_addr(e) {
            return None;
        }
        let mut e = e.clone();
        for name in e.var_names() {
            if !self.is_candidate(p, &name) {
                return None;
            }
            e = e.subst_var(&name, self.val.get(&name)?.as_ref()?);
        }
        Some(e)
    }
}

/// A constant as a value of the global's type (the conversion the assignment makes).
fn typed(prog: &Program, g: &str, c: Expr) -> Expr {
    let ty = prog.global(g).map(|v| v.ty.clone()).unwrap_or(Type::INT);
    match &c {
        Expr::Int(_) if ty == Type::INT => c,
        Expr::Cast(t, _) if *t == ty => c,
        _ => Expr::Cast(ty, Box::new(c)),
    }
}

fn has_addr(e: &Expr) -> bool {
    match e {
        Expr::AddrOf(_) | Expr::FuncAddr(_) => true,
        Expr::Unary(_, a) | Expr::Cast(_, a) => has_addr(a),
        Expr::Binary(_, a, b) => has_addr(a) || has_addr(b),
        _ => false,
    }
}

/// Whether a statement outside the prefix writes global `g`.
fn written_outside(prog: &Program, g: &str, prefix: &Prefix) -> bool {
    prog.procs.iter().any(|p| {
        p.var(g).is_none()
            && p.body.iter().any(|s| {
                !prefix.contains_key(&s.id)
                    && match &s.kind {
                        StmtKind::Assign(Lval::Var(x), _) => x == g,
                        StmtKind::Call { ret: Some(Lval::Var(x)), .. } => x == g,
                        _ => false,
                    }
            })
    })
}
