//! Predicates of the CEGAR loop: the initial ones (from the rule and from the conditions
//! that guard error statements), their canonical form and scope, and the set that grows with
//! every refinement.

use c2bp::Pred;
use cminus::{BinOp, Expr, Lval, Proc, Program, StmtKind, UnOp};
use std::collections::{HashMap, HashSet, VecDeque};

/// How many branch statements back from an error statement the guard search looks.
pub const GUARD_WINDOW: usize = 16;

/// A predicate as the user sees it: scope (`None` = global), its C-- text, and when it came.
#[derive(Clone, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct PredInfo {
    /// The procedure a local predicate belongs to; `None` for a global one.
    pub scope: Option<String>,
    /// The predicate's text (C-- names; `$ret` is a procedure's return value).
    pub text: String,
    /// 0 for initial predicates, else the iteration whose refinement added it.
    pub added_in: usize,
    #[cfg_attr(feature = "serde", serde(skip))]
    pub expr: Expr,
}

impl PredInfo {
    pub fn pred(&self) -> Pred {
        Pred { expr: self.expr.clone(), scope: self.scope.clone() }
    }
    /// `scope: text`, the format of `slam abstract --preds`.
    pub fn line(&self) -> String {
        format!("{}: {}", self.scope.as_deref().unwrap_or("global"), self.text)
    }
}

/// A set of predicates without duplicates (same scope and printed text), in insertion order.
#[derive(Clone, Debug, Default)]
pub struct PredSet {
    list: Vec<PredInfo>,
    keys: HashSet<(Option<String>, String)>,
}

impl PredSet {
    /// Add a predicate in canonical form; `false` if it was known or is trivial.
    pub fn insert(&mut self, prog: &Program, pred: Pred, added_in: usize) -> bool {
        let Some(pred) = normalise(prog, pred) else { return false };
        let text = c2bp::pred_name(&pred.expr);
        if !self.keys.insert((pred.scope.clone(), text.clone())) {
            return false;
        }
        self.list.push(PredInfo { scope: pred.scope, text, added_in, expr: pred.expr });
        true
    }
    pub fn len(&self) -> usize {
        self.list.len()
    }
    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }
    pub fn list(&self) -> &[PredInfo] {
        &self.list
    }
    pub fn preds(&self) -> Vec<Pred> {
        self.list.iter().map(PredInfo::pred).collect()
    }
    /// In Newton's shape.
    pub fn known(&self) -> Vec<newton::Predicate> {
        self.preds()
    }
}

pub use cminus::pred::canonical;

/// Every variable name an expression mentions (also under `&` and inside dereferences).
pub fn vars_of(e: &Expr, out: &mut HashSet<String>) {
    out.extend(e.var_names());
}

/// Whether `v` is local to `p` (including the return-value and `pre(f)` ghosts of c2bp).
fn is_local(p: &Proc, v: &str) -> bool {
    v == c2bp::RET || p.var(v).is_some() || p.formals.iter().any(|f| c2bp::pre_var(&f.name) == v)
}

/// The canonical form of a predicate: atomic form, and global scope when it mentions no
/// local of its procedure. `None` for constants, predicates with `nondet`, and predicates
/// that do not type-check in their scope (so they can never break c2bp).
pub fn normalise(prog: &Program, pred: Pred) -> Option<Pred> {
    let expr = canonical(pred.expr);
    if expr.has_nondet() {
        return None;
    }
    // `e == e`, `e <= e`, `e < e` are constants.
    if let Expr::Binary(BinOp::Eq | BinOp::Le | BinOp::Lt, a, b) = &expr {
        if a == b {
            return None;
        }
    }
    let mut vars = HashSet::new();
    vars_of(&expr, &mut vars);
    if vars.is_empty() {
        return None;
    }
    let proc = pred.scope.as_deref().and_then(|n| prog.proc(n));
    let scope = match proc {
        Some(p) if vars.iter().any(|v| is_local(p, v)) => Some(p.name.clone()),
        _ => None,
    };
    let mentions_ghost = vars.iter().any(|v| v == c2bp::RET || v.ends_with("$pre"));
    if !mentions_ghost {
        let in_scope = scope.as_deref().and_then(|n| prog.proc(n));
        prog.type_of(in_scope, &expr)?;
        // Every variable must exist in the scope.
        let known = |v: &String| prog.global(v).is_some() || in_scope.is_some_and(|p| p.var(v).is_some());
        if !vars.iter().all(known) {
            return None;
        }
    }
    Some(Pred { expr, scope })
}

/// The atoms of a condition: `&&`, `||` and `!` split, comparisons in canonical form.
pub fn atoms(e: &Expr, out: &mut Vec<Expr>) {
    match e {
        Expr::Unary(UnOp::Not, a) => atoms(a, out),
        Expr::Binary(BinOp::And | BinOp::Or, a, b) => {
            atoms(a, out);
            atoms(b, out);
        }
        Expr::Bool(_) => {}
        e => {
            let c = canonical(e.clone());
            if !out.contains(&c) {
                out.push(c);
            }
        }
    }
}

/// Procedures that reach an `error` right away (SV-COMP's `reach_error() { __assert_fail(…); }`):
/// from their entry, a few straight-line statements lead to `error`.
fn error_procs(prog: &Program) -> HashSet<String> {
    let mut set: HashSet<String> = HashSet::new();
    loop {
        let mut changed = false;
        for p in &prog.procs {
            if set.contains(&p.name) {
                continue;
            }
            let mut hit = false;
            for s in p.body.iter().take(4) {
                match &s.kind {
                    StmtKind::Error(_) => {
                        hit = true;
                        break;
                    }
                    StmtKind::Call { callee, .. } if set.contains(callee) => {
                        hit = true;
                        break;
                    }
                    StmtKind::Skip | StmtKind::Assign(..) | StmtKind::Call { .. } => {}
                    _ => break,
                }
            }
            if hit {
                set.insert(p.name.clone());
                changed = true;
            }
        }
        if !changed {
            return set;
        }
    }
}

/// Intraprocedural predecessors of every statement of a body.
fn predecessors(p: &Proc) -> Vec<Vec<usize>> {
    let labels: HashMap<&str, usize> = p.label_map();
    let mut preds = vec![Vec::new(); p.body.len()];
    for (i, s) in p.body.iter().enumerate() {
        match &s.kind {
            StmtKind::Goto(ls) => {
                for l in ls {
                    if let Some(&j) = labels.get(l.as_str()) {
                        preds[j].push(i);
                    }
                }
            }
            k if k.is_terminator() => {}
            _ => {
                if i + 1 < p.body.len() {
                    preds[i + 1].push(i);
                }
            }
        }
    }
    preds
}

/// The conditions guarding error statements: the atoms of the `assume`s of the branches
/// that lead to each `error` (or call of a procedure that errs right away) — walking back
/// from it through `assume`, `goto` and `skip` only (the shape of `if (!(c1 && c2)) error`),
/// at most `window` statements — scoped to their procedure (global when they mention only
/// globals).
pub fn error_guard_predicates(prog: &Program, window: usize) -> Vec<Pred> {
    let errs = error_procs(prog);
    let mut out = Vec::new();
    // Errors in procedures the entry never runs guard nothing the check can reach.
    let reachable = prog.procs_reachable_from(&prog.entry);
    for p in prog.procs.iter().filter(|p| reachable.is_empty() || reachable.contains(&p.name)) {
        let points: Vec<usize> = p
            .body
            .iter()
            .enumerate()
            .filter(|(_, s)| match &s.kind {
                StmtKind::Error(_) => true,
                StmtKind::Call { callee, .. } => errs.contains(callee) && !errs.contains(&p.name),
                _ => false,
            })
            .map(|(i, _)| i)
            .collect();
        if points.is_empty() {
            continue;
        }
        let preds = predecessors(p);
        let mut seen: HashSet<usize> = HashSet::new();
        let mut queue: VecDeque<(usize, usize)> = points.iter().map(|&i| (i, 0)).collect();
        let mut found = Vec::new();
        while let Some((i, d)) = queue.pop_front() {
            if !seen.insert(i) {
                continue;
            }
            let through = match &p.body[i].kind {
                StmtKind::Assume(c) => {
                    atoms(c, &mut found);
                    true
                }
                StmtKind::Goto(_) | StmtKind::Skip => true,
                _ => points.contains(&i),
            };
            if through && d < window {
                for &j in &preds[i] {
                    queue.push_back((j, d + 1));
                }
            }
        }
        out.extend(found.into_iter().map(|e| Pred::local(&p.name, e)));
    }
    out
}

/// The initial predicates of a check: with a rule, the rule's predicates as the caller gives
/// them (`slic::initial_predicates` on the instrumented program: its state tests and guards,
/// the conditions that guard its error statements; the engine does not know SLIC); without
/// one, the conditions guarding the program's error statements ([`error_guard_predicates`]).
/// Canonical, scoped, without duplicates.
pub fn initial_predicates(prog: &Program, rule_preds: Option<&[Pred]>) -> PredSet {
    let mut set = PredSet::default();
    match rule_preds {
        // The rule's error statements are guarded by its state tests and guards.
        Some(preds) => {
            for p in preds {
                set.insert(prog, p.clone(), 0);
            }
        }
        None => {
            for p in error_guard_predicates(prog, GUARD_WINDOW) {
                set.insert(prog, p, 0);
            }
        }
    }
    set
}

/// The most predicates [`through_returns`] adds for one round of refinement.
const RETURN_PREDS: usize = 64;

/// Predicates on a procedure's return value carried to every caller that keeps the result in
/// a local (`f: $ret == lowerDriverReturn` gives `g: tmp == lowerDriverReturn` for
/// `tmp := f(…)`), and on through `return tmp` to `g`'s own callers. Newton finds these one
/// call site per round (on a driver, one dispatch routine per iteration); only predicates
/// over the result and globals move (a caller cannot see the callee's locals).
pub fn through_returns(prog: &Program, seeds: &[Pred]) -> Vec<Pred> {
    let vars = |p: &Pred| {
        let mut vars = HashSet::new();
        vars_of(&p.expr, &mut vars);
        vars
    };
    let movable = |p: &Pred| {
        let vs = vars(p);
        vs.contains(c2bp::RET) && vs.iter().all(|v| v == c2bp::RET || prog.global(v).is_some())
    };
    // A relation with a global (`$ret == lowerDriverReturn`) moves on through returns; a
    // constant result (`$ret == 259`) only to the direct callers, or it would spread to every
    // caller of a routine called everywhere.
    let relational = |p: &Pred| vars(p).len() > 1;
    let mut work: Vec<Pred> = seeds.iter().filter(|p| p.scope.is_some() && movable(p)).cloned().collect();
    let mut seen: HashSet<(Option<String>, String)> =
        work.iter().map(|p| (p.scope.clone(), c2bp::pred_name(&p.expr))).collect();
    let mut out = Vec::new();
    while let Some(p) = work.pop() {
        let Some(callee) = p.scope.as_deref() else { continue };
        for g in &prog.procs {
            for s in &g.body {
                let StmtKind::Call { ret: Some(Lval::Var(x)), callee: c, .. } = &s.kind else { continue };
                if c != callee || g.var(x).is_none() {
                    continue;
                }
                let at_call = Pred::local(&g.name, p.expr.subst_var(c2bp::RET, &Expr::var(x)));
                if !seen.insert((at_call.scope.clone(), c2bp::pred_name(&at_call.expr))) {
                    continue;
                }
                out.push(at_call.clone());
                let returned = relational(&at_call)
                    && g.body
                        .iter()
                        .any(|r| matches!(&r.kind, StmtKind::Return(Some(Expr::Lval(Lval::Var(y)))) if y == x));
                if returned {
                    let up = Pred::local(&g.name, at_call.expr.subst_var(x, &Expr::var(c2bp::RET)));
                    if seen.insert((up.scope.clone(), c2bp::pred_name(&up.expr))) {
                        out.push(up.clone());
                        work.push(up);
                    }
                }
                if out.len() >= RETURN_PREDS {
                    return out;
                }
            }
        }
    }
    out
}

/// What a call of each procedure may change of its caller's predicates: the scalar globals it
/// modifies, whether it writes memory (both transitively, as c2bp has them), and the formals
/// that keep their entry value throughout (a predicate over one is a predicate over the
/// actual at the call).
pub struct CallEffects {
    mods: HashMap<String, HashSet<String>>,
    writes_mem: HashMap<String, bool>,
    stable: HashMap<String, HashSet<String>>,
    layout: logic::mem::Layout,
}

impl CallEffects {
    pub fn of(prog: &Program) -> CallEffects {
        let (mods, writes_mem) = c2bp::mod_sets(prog);
        CallEffects { mods, writes_mem, stable: c2bp::stable_formals(prog), layout: logic::mem::Layout::new(prog) }
    }

    /// Whether `e` (in `proc`) reads memory: a dereference, or a variable that lives there.
    fn reads_memory(&self, prog: &Program, proc: &str, e: &Expr) -> bool {
        fn deref(e: &Expr) -> bool {
            match e {
                Expr::Lval(l) | Expr::AddrOf(l) => lval_deref(l),
                Expr::Unary(_, a) | Expr::Cast(_, a) => deref(a),
                Expr::Binary(_, a, b) => deref(a) || deref(b),
                Expr::Float(_, _, xs) => xs.iter().any(deref),
                _ => false,
            }
        }
        fn lval_deref(l: &Lval) -> bool {
            match l {
                Lval::Var(_) => false,
                Lval::Deref(_) => true,
                Lval::Field(b, _) => lval_deref(b),
                Lval::Index(b, i) => lval_deref(b) || deref(i),
            }
        }
        deref(e)
            || e.var_names().iter().any(|v| {
                let scope = logic::mem::Layout::scope(prog, Some(proc), v);
                self.layout.in_memory(&scope, v)
            })
    }
}

/// The most predicates [`into_callees`] adds for one round of refinement.
const CALLEE_PREDS: usize = 32;

/// A caller's predicate over its registers carried into the procedures it calls with those
/// registers as arguments, where the call could change what it reads (the callee writes
/// memory and the predicate reads memory, or the callee modifies one of its globals):
/// `do_item_get: &lru_locks[it->clsid] == slic_obj` gives `do_item_bump: &lru_locks[it->clsid]
/// == slic_obj` for `do_item_bump(t, it, hv)`, and on down the calls that pass `it` along.
/// Without its copy the callee loses the fact across its own writes and calls, and the
/// caller with it; Newton finds the copies one procedure per round. Only stable formals of
/// the callee receive a predicate (there it is a fact about the actual throughout).
pub fn into_callees(prog: &Program, fx: &CallEffects, seeds: &[Pred]) -> Vec<Pred> {
    let mut work: Vec<Pred> = seeds.iter().filter(|p| p.scope.is_some()).cloned().collect();
    let mut seen: HashSet<(Option<String>, String)> =
        work.iter().map(|p| (p.scope.clone(), c2bp::pred_name(&p.expr))).collect();
    let mut out = Vec::new();
    while let Some(p) = work.pop() {
        let Some(caller) = p.scope.as_deref().and_then(|n| prog.proc(n)) else { continue };
        let vars = p.expr.var_names();
        let (locals, globals): (Vec<&String>, Vec<&String>) = vars.iter().partition(|v| caller.var(v).is_some());
        if locals.is_empty() || globals.iter().any(|g| prog.global(g).is_none()) {
            continue;
        }
        let memory = fx.reads_memory(prog, &caller.name, &p.expr);
        for s in &caller.body {
            let StmtKind::Call { callee, args, .. } = &s.kind else { continue };
            let Some(q) = prog.proc(callee) else { continue };
            let changes = (memory && fx.writes_mem.get(callee).copied().unwrap_or(true))
                || fx.mods.get(callee).is_some_and(|m| globals.iter().any(|g| m.contains(*g)));
            if !changes {
                continue;
            }
            let stable = fx.stable.get(callee);
            // each local of the predicate is passed as is to a stable formal of one type
            let renamed: Option<Vec<(&String, &String)>> = locals
                .iter()
                .map(|v| {
                    let j = args.iter().position(|a| matches!(a, Expr::Lval(Lval::Var(x)) if x == *v))?;
                    let f = q.formals.get(j)?;
                    let same_type = caller.var(v).map(|x| &x.ty) == Some(&f.ty);
                    (same_type && stable.is_some_and(|st| st.contains(&f.name))).then_some((*v, &f.name))
                })
                .collect();
            let Some(renamed) = renamed else { continue };
            // the callee's own variables must not hide the predicate's globals
            if globals.iter().any(|g| q.var(g).is_some()) {
                continue;
            }
            let mut e = p.expr.clone();
            for (k, (v, _)) in renamed.iter().enumerate() {
                e = e.subst_var(v, &Expr::var(&format!("\u{1}{k}")));
            }
            for (k, (_, f)) in renamed.iter().enumerate() {
                e = e.subst_var(&format!("\u{1}{k}"), &Expr::var(f));
            }
            let copy = Pred::local(callee, e);
            if !seen.insert((copy.scope.clone(), c2bp::pred_name(&copy.expr))) {
                continue;
            }
            out.push(copy.clone());
            if out.len() >= CALLEE_PREDS {
                return out;
            }
            work.push(copy);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn return_predicates_reach_every_caller_that_keeps_the_result() {
        let prog = cfront::lower_str(
            "t.c",
            "int g; int f(void) { return g; }
             int h(void) { int t; t = f(); return t; }
             int main(void) { int r; r = h(); int s; s = f(); return r + s; }",
            &cfront::Options::default(),
        )
        .unwrap();
        let ret = || Expr::var(c2bp::RET);
        let seed = Pred::local("f", Expr::bin(BinOp::Eq, ret(), Expr::var("g")));
        let got: Vec<String> = through_returns(&prog, &[seed])
            .iter()
            .map(|p| format!("{}: {}", p.scope.as_deref().unwrap_or("global"), c2bp::pred_name(&p.expr)))
            .collect();
        for want in ["h: t == g", "h: $ret == g", "main: r == g", "main: s == g"] {
            assert!(got.iter().any(|g| g == want), "{want} missing from {got:?}");
        }
        // a predicate over a callee's local does not move
        let local = Pred::local("h", Expr::bin(BinOp::Eq, ret(), Expr::var("t")));
        assert!(through_returns(&prog, &[local]).is_empty());
    }

    #[test]
    fn a_callers_predicate_reaches_the_callees_that_get_its_registers() {
        let prog = cfront::lower_str(
            "t.c",
            "struct it { int id; int n; struct it *next; };
             int g;
             void leaf(struct it *q) { q->n = 1; }
             void pure(struct it *q) { }
             void mid(struct it *it, int k) { it->next = 0; leaf(it); pure(it); }
             void moved(struct it *it) { it = it->next; it->n = 2; }
             int main(struct it *it) { mid(it, 3); moved(it); return it->id; }",
            &cfront::Options::default(),
        )
        .unwrap();
        let fx = CallEffects::of(&prog);
        let id = |v: &str| Expr::Lval(Lval::Field(Box::new(Lval::Deref(Box::new(Expr::var(v)))), "id".into()));
        let seed = Pred::local("main", Expr::bin(BinOp::Eq, id("it"), Expr::var("g")));
        let got: Vec<String> = into_callees(&prog, &fx, &[seed])
            .iter()
            .map(|p| format!("{}: {}", p.scope.as_deref().unwrap_or("global"), c2bp::pred_name(&p.expr)))
            .collect();
        // down the calls that pass `it` along to callees that write memory
        assert!(got.contains(&"mid: it->id == g".to_string()), "{got:?}");
        assert!(got.contains(&"leaf: q->id == g".to_string()), "{got:?}");
        // not into a callee that writes nothing, nor one whose formal is reassigned
        assert!(!got.iter().any(|g| g.starts_with("pure:") || g.starts_with("moved:")), "{got:?}");
        // a predicate over a register that is not passed stays
        let k = Pred::local("mid", Expr::bin(BinOp::Eq, Expr::var("k"), Expr::Int(3)));
        assert!(into_callees(&prog, &fx, &[k]).is_empty());
    }
}
