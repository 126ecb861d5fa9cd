//! Loop-invariant candidates from concrete runs: predicates that generalise across loop
//! iterations.
//!
//! Newton's weakest preconditions name one iteration at a time (`k == 1`, `k == 2`, …) and on
//! a loop such as
//! `while (i < n) { i++; k++; } j = 0; while (j < n) { assert(k > 0); j++; k--; }` they
//! run dry. The relations that hold at every iteration (`i == k`, `k + j >= n`) are what the
//! proof needs. Here the interpreter runs the program on pseudo-random inputs, records the
//! integer variables at every loop head, and keeps the linear relations between two or three
//! of them (`x == y`, `x == y + c`, `x <= y`, `x + y == z`, `x + y <= z`, `x + y >= z`,
//! `x >= 0`) that held in every sample (as Daikon does). They are only *candidates*: a
//! predicate is never trusted, only tracked by the abstraction, so a wrong guess costs time,
//! never soundness.

use cminus::interp::{Ask, Event, Peek};
use cminus::pred::{canonical, Pred};
use cminus::{BinOp, Expr, Program, Stmt, StmtId, StmtKind, Type};
use std::collections::{BTreeSet, HashMap};

/// Runs per call, and steps per run.
const RUNS: usize = 48;
const STEPS: u64 = 20_000;
/// The most variables related at one loop head, and predicates kept per procedure.
const VARS_PER_HEAD: usize = 8;
const PREDS_PER_PROC: usize = 16;

/// A loop head of a procedure, the integer variables its loop mentions, and the loop's
/// assignments to whole variables (`v := e`).
struct Head {
    proc: String,
    vars: Vec<(String, Type)>,
    assigns: Vec<(String, Expr)>,
}

/// The loop-invariant candidates of the program's loops (procedure-local predicates).
pub fn candidates(prog: &Program) -> Vec<Pred> {
    let mut out = call_conditions(prog);
    let heads = loop_heads(prog);
    if heads.is_empty() {
        return out;
    }
    let samples = sample(prog, &heads);
    let mut per_proc: HashMap<&str, Vec<Pred>> = HashMap::new();
    let mut ids: Vec<&StmtId> = heads.keys().collect();
    ids.sort();
    for id in ids {
        let head = &heads[id];
        let Some(rows) = samples.get(id) else { continue };
        let kept = per_proc.entry(head.proc.as_str()).or_default();
        for e in relations(&head.vars, rows) {
            if kept.len() >= PREDS_PER_PROC {
                break;
            }
            // the relation, and its image one assignment back inside the loop (between `i++`
            // and `k++`, `i == k` reads `i == k + 1`)
            let mut forms = vec![e.clone()];
            if matches!(e, Expr::Binary(BinOp::Eq, ..)) || mentions_sum(&e) {
                for (v, rhs) in &head.assigns {
                    let back = e.subst_var(v, rhs);
                    if back != e && !forms.contains(&back) {
                        forms.push(back);
                    }
                }
            }
            for f in forms {
                let p = Pred::local(&head.proc, canonical(f));
                if !kept.contains(&p) {
                    kept.push(p.clone());
                    out.push(p);
                }
            }
        }
    }
    out
}

/// Conditions passed to a procedure (`__VERIFIER_assert(k > 0)`): the callee's predicate on
/// its formal needs the caller's view of the argument, which Newton does not always name.
fn call_conditions(prog: &Program) -> Vec<Pred> {
    let mut out: Vec<Pred> = Vec::new();
    for p in &prog.procs {
        for s in &p.body {
            let StmtKind::Call { callee, args, .. } = &s.kind else { continue };
            if prog.proc(callee).is_none() {
                continue;
            }
            for a in args {
                let mut a = a;
                while let Expr::Cast(_, e) = a {
                    a = e;
                }
                let text = cminus::print_expr(a);
                if matches!(a, Expr::Binary(op, ..) if op.is_comparison()) && !cminus::names::mentions_temp(&text) {
                    let pred = Pred::local(&p.name, canonical(a.clone()));
                    if !out.contains(&pred) {
                        out.push(pred);
                    }
                }
            }
        }
    }
    out
}

/// The targets of backward jumps (loop heads), with the integer variables read or written
/// between the head and the jump back.
fn loop_heads(prog: &Program) -> HashMap<StmtId, Head> {
    let mut heads: HashMap<StmtId, Head> = HashMap::new();
    for p in &prog.procs {
        let at: HashMap<&str, usize> =
            p.body.iter().enumerate().flat_map(|(i, s)| s.labels.iter().map(move |l| (l.as_str(), i))).collect();
        for (i, s) in p.body.iter().enumerate() {
            let StmtKind::Goto(targets) = &s.kind else { continue };
            for t in targets {
                let Some(&j) = at.get(t.as_str()) else { continue };
                if j > i {
                    continue;
                }
                let mut names = BTreeSet::new();
                for st in &p.body[j..=i] {
                    mentioned(st, &mut names);
                }
                let mut vars: Vec<(String, Type)> = names
                    .into_iter()
                    .filter(|n| !cminus::names::is_temp(n))
                    .filter_map(|n| match prog.var_type(Some(p), &n) {
                        Some(t @ Type::Int { .. }) => Some((n, t.clone())),
                        _ => None,
                    })
                    .collect();
                vars.truncate(VARS_PER_HEAD);
                let head =
                    heads.entry(p.body[j].id).or_insert(Head { proc: p.name.clone(), vars: vec![], assigns: vec![] });
                for st in &p.body[j..=i] {
                    if let StmtKind::Assign(cminus::Lval::Var(v), rhs) = &st.kind {
                        let a = (v.clone(), rhs.clone());
                        if !head.assigns.contains(&a) {
                            head.assigns.push(a);
                        }
                    }
                }
                for v in vars {
                    if !head.vars.contains(&v) && head.vars.len() < VARS_PER_HEAD {
                        head.vars.push(v);
                    }
                }
            }
        }
    }
    heads.retain(|_, h| !h.vars.is_empty());
    heads
}

/// Whether a relation is over a sum (`x + y <= z`).
fn mentions_sum(e: &Expr) -> bool {
    matches!(e, Expr::Binary(_, a, _) if matches!(**a, Expr::Binary(BinOp::Add, ..)))
}

/// The whole variables a statement reads or writes.
fn mentioned(s: &Stmt, out: &mut BTreeSet<String>) {
    let mut add = |e: &Expr| {
        e.visit_lvals(&mut |l| {
            if let cminus::Lval::Var(v) = l {
                out.insert(v.clone());
            }
        })
    };
    match &s.kind {
        StmtKind::Assign(l, e) => {
            add(&Expr::Lval(l.clone()));
            add(e);
        }
        StmtKind::Assume(e) => add(e),
        StmtKind::Call { ret, args, .. } => {
            if let Some(l) = ret {
                add(&Expr::Lval(l.clone()));
            }
            args.iter().for_each(add);
        }
        StmtKind::Return(Some(e)) => add(e),
        _ => {}
    }
}

/// The variables' values at each loop head, one row per visit (a row only when every
/// variable has a value there).
fn sample(prog: &Program, heads: &HashMap<StmtId, Head>) -> HashMap<StmtId, Vec<Vec<i128>>> {
    let mut rows: HashMap<StmtId, Vec<Vec<i128>>> = HashMap::new();
    let mut rng = 0x2545_f491_4f6c_dd1du64;
    for run in 0..RUNS {
        let mut next = move || {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            rng
        };
        let mut oracle = |ev: &Event| -> i64 {
            let r = next();
            match &ev.ask {
                Ask::AllocFails { .. } => 0,
                Ask::Goto(labels) => (r % labels.len().max(1) as u64) as i64,
                _ => match ev.ty {
                    Type::Bool => (r & 1) as i64,
                    Type::Int { signed, .. } => {
                        // mostly small values (loops iterate a few times), some large
                        let v = match (run + (r >> 60) as usize) % 4 {
                            0 | 1 => (r % 33) as i64 - 8,
                            2 => (r % 200) as i64,
                            _ => (r >> 1) as i64,
                        };
                        if *signed {
                            v
                        } else {
                            v.abs()
                        }
                    }
                    _ => 0,
                },
            }
        };
        let mut observe = |s: &Stmt, peek: &mut dyn Peek| {
            let Some(h) = heads.get(&s.id) else { return };
            let row: Option<Vec<i128>> = h.vars.iter().map(|(v, _)| peek.value(&Expr::var(v))).collect();
            if let Some(row) = row {
                let at = rows.entry(s.id).or_default();
                if at.len() < 4096 {
                    at.push(row);
                }
            }
        };
        cminus::interp::run_observed(prog, &mut oracle, &|_| None, STEPS, &mut observe);
        rng = rng.wrapping_add(0x9e37_79b9_7f4a_7c15);
    }
    rows
}

/// The relations between the head's variables that held in every row, most specific
/// first; relations over variables that never changed say nothing about the loop.
fn relations(vars: &[(String, Type)], rows: &[Vec<i128>]) -> Vec<Expr> {
    let distinct: BTreeSet<&Vec<i128>> = rows.iter().collect();
    if distinct.len() < 3 {
        return vec![];
    }
    let n = vars.len();
    let varies = |i: usize| rows.iter().any(|r| r[i] != rows[0][i]);
    let col = |i: usize| Expr::var(&vars[i].0);
    let all = |f: &dyn Fn(&Vec<i128>) -> bool| rows.iter().all(f);
    let (mut eqs, mut sums, mut ords) = (vec![], vec![], vec![]);
    for x in 0..n {
        if !varies(x) {
            continue;
        }
        for y in 0..n {
            if x == y || vars[x].1 != vars[y].1 {
                continue;
            }
            let d = rows[0][x] - rows[0][y];
            if x < y && all(&|r| r[x] - r[y] == d) {
                let rhs = if d == 0 { col(y) } else { Expr::bin(BinOp::Add, col(y), Expr::Int(d)) };
                eqs.push(Expr::bin(BinOp::Eq, col(x), rhs));
                continue;
            }
            if varies(y) && all(&|r| r[x] <= r[y]) && !all(&|r| r[x] - r[y] == d) {
                ords.push(Expr::bin(BinOp::Le, col(x), col(y)));
            }
            for z in 0..n {
                if z == x || z == y || y < x || vars[z].1 != vars[x].1 {
                    continue;
                }
                let s = |r: &Vec<i128>| r[x] + r[y] - r[z];
                let sum = Expr::bin(BinOp::Add, col(x), col(y));
                if all(&|r| s(r) == 0) {
                    sums.push(Expr::bin(BinOp::Eq, sum, col(z)));
                } else if all(&|r| s(r) <= 0) {
                    sums.push(Expr::bin(BinOp::Le, sum, col(z)));
                } else if all(&|r| s(r) >= 0) {
                    sums.push(Expr::bin(BinOp::Ge, sum, col(z)));
                }
            }
        }
        if all(&|r| r[x] >= 0) && rows.iter().any(|r| r[x] > 0) && matches!(vars[x].1, Type::Int { signed: true, .. }) {
            ords.push(Expr::bin(BinOp::Ge, col(x), Expr::Int(0)));
        }
    }
    eqs.into_iter().chain(sums).chain(ords).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(prog: &Program) -> Vec<String> {
        candidates(prog).iter().map(|p| cminus::print_expr(&p.expr)).collect()
    }

    #[test]
    fn counting_loops_give_their_invariants() {
        let prog = cfront::lower_str(
            "t.c",
            "int __VERIFIER_nondet_int(void); void reach_error(void);
             int main(void) { int n = __VERIFIER_nondet_int(); int i = 0, k = 0, j = 0;
               while (i < n) { i++; k++; }
               while (j < n) { if (k <= 0) reach_error(); j++; k--; }
               return 0; }",
            &cfront::Options::default(),
        )
        .unwrap();
        let got = names(&prog);
        assert!(got.contains(&"i == k".to_string()), "{got:?}");
        assert!(got.iter().any(|p| p == "j + k < n" || p == "k + j < n"), "{got:?}");
    }

    #[test]
    fn a_loop_free_program_has_none() {
        let prog =
            cfront::lower_str("t.c", "int main(void) { int x = 1; return x; }", &cfront::Options::default()).unwrap();
        assert!(candidates(&prog).is_empty());
    }
}
