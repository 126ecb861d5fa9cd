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

/// Runs per call (at least the first, at most the second, within [`SAMPLE_STEPS`] statements
/// in all: a count, not a time, so that the candidates do not depend on the machine), and
/// steps per run.
const RUNS: usize = 48;
const MAX_RUNS: usize = 1024;
const SAMPLE_STEPS: u64 = 200_000;
/// A sampled variable without a value at that visit (not initialised yet).
const UNSET: i128 = i128::MIN;
/// Rows per loop head after which sampling may stop.
const ENOUGH_ROWS: usize = 256;
const STEPS: u64 = 20_000;
/// The most variables related at one loop head, and predicates kept per procedure.
const VARS_PER_HEAD: usize = 8;
const PREDS_PER_PROC: usize = 16;

/// A loop head of a procedure, the integer variables its loop mentions, and the loop's
/// assignments to whole variables (`v := e`).
struct Head {
    proc: String,
    /// The loop's own variables first, then (for [`head_candidates`]) others of the procedure.
    vars: Vec<(String, Type)>,
    assigns: Vec<(String, Expr)>,
}

/// The loop-invariant candidates of the program's loops (procedure-local predicates).
pub fn candidates(prog: &Program, stop: &dyn Fn() -> bool) -> Vec<Pred> {
    let mut out = call_conditions(prog);
    let heads = loop_heads(prog);
    if heads.is_empty() {
        return out;
    }
    let own: HashMap<StmtId, usize> = heads.iter().map(|(id, h)| (*id, h.vars.len())).collect();
    let samples = sample(prog, &heads, &own, stop);
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

/// At most this many candidates per loop head for [`crate::houdini`], over at most this many
/// variables beyond the loop's own.
const CANDIDATES_PER_HEAD: usize = 64;
const EXTRA_VARS_PER_HEAD: usize = 6;

/// Candidate invariants at each loop head, for [`crate::houdini`] to prove or drop: the
/// relations between the head's variables that held in every sampled run (each equality with
/// its two halves, which may survive where it does not), the affine equalities of the samples
/// (`p == 2 * i + leader_len`), and the procedure's own conditions over those variables (its
/// branch conditions each way round, and the conditions it passes to procedures, such as
/// `__VERIFIER_assert(0 <= p)`) that no sample contradicts.
pub fn head_candidates(prog: &Program, stop: &dyn Fn() -> bool) -> HashMap<StmtId, Vec<Expr>> {
    let mut heads = loop_heads(prog);
    if heads.is_empty() {
        return HashMap::new();
    }
    // The loop's own variables first (their relations), then the procedure's other integer
    // variables (a loop keeps what it does not write: `j == 0` before the loop that counts j).
    let looped: HashMap<StmtId, usize> = heads.iter().map(|(id, h)| (*id, h.vars.len())).collect();
    for h in heads.values_mut() {
        let Some(p) = prog.proc(&h.proc) else { continue };
        for v in p.formals.iter().chain(&p.locals) {
            if h.vars.len() >= VARS_PER_HEAD + EXTRA_VARS_PER_HEAD {
                break;
            }
            if matches!(v.ty, Type::Int { .. })
                && !cminus::names::is_temp(&v.name)
                && !h.vars.iter().any(|(n, _)| *n == v.name)
            {
                h.vars.push((v.name.clone(), v.ty.clone()));
            }
        }
    }
    let samples = sample(prog, &heads, &looped, stop);
    let mut out = HashMap::new();
    for (id, head) in &heads {
        let rows: &[Vec<i128>] = samples.get(id).map(Vec::as_slice).unwrap_or(&[]);
        let own = looped[id];
        let mut cands: Vec<Expr> = Vec::new();
        let push = |e: Expr, cands: &mut Vec<Expr>| {
            if !cands.contains(&e) && cands.len() < CANDIDATES_PER_HEAD {
                cands.push(e);
            }
        };
        // the other variables: constants and signs
        for (i, (v, _)) in head.vars.iter().enumerate().skip(own) {
            let Some(first) = rows.first() else { break };
            if rows.iter().any(|r| r[i] == UNSET) {
                continue;
            }
            if rows.iter().all(|r| r[i] == first[i]) {
                push(Expr::bin(BinOp::Eq, Expr::var(v), Expr::Int(first[i])), &mut cands);
            } else if rows.iter().all(|r| r[i] >= 0) {
                push(Expr::bin(BinOp::Ge, Expr::var(v), Expr::Int(0)), &mut cands);
            }
        }
        for e in relations(&head.vars[..own], rows) {
            if let Expr::Binary(BinOp::Eq, a, b) = &e {
                let (a, b) = (a.as_ref().clone(), b.as_ref().clone());
                push(e.clone(), &mut cands);
                push(Expr::bin(BinOp::Le, a.clone(), b.clone()), &mut cands);
                push(Expr::bin(BinOp::Ge, a, b), &mut cands);
            } else if !mentions_sum(&e) {
                // (inequalities over sums, `x + y <= z`, are slow to prove in bit-vectors and
                // rarely needed beside the affine equalities)
                push(e, &mut cands);
            }
        }
        // affine equalities over the columns that always have a value
        let set: Vec<usize> = (0..head.vars.len()).filter(|&i| rows.iter().all(|r| r[i] != UNSET)).collect();
        let vars: Vec<(String, Type)> = set.iter().map(|&i| head.vars[i].clone()).collect();
        let projected: Vec<Vec<i128>> = rows.iter().map(|r| set.iter().map(|&i| r[i]).collect()).collect();
        for e in affine_equalities(&vars, &projected) {
            push(e, &mut cands);
        }
        let names: BTreeSet<&str> = head.vars.iter().map(|(v, _)| v.as_str()).collect();
        if let Some(p) = prog.proc(&head.proc) {
            for c in own_conditions(p, &names) {
                let holds = |e: &Expr| rows.iter().all(|r| eval_row(e, &head.vars, r).is_none_or(|v| v != 0));
                if holds(&c) {
                    push(c, &mut cands);
                }
            }
        }
        if !cands.is_empty() {
            out.insert(*id, cands);
        }
    }
    out
}

/// The comparisons a procedure branches on (both ways) or passes to a call, over the given
/// variables only.
fn own_conditions(p: &cminus::Proc, names: &BTreeSet<&str>) -> Vec<Expr> {
    let mut out = Vec::new();
    let over_names = |e: &Expr| {
        let mut ok = true;
        e.visit_lvals(&mut |l| match l {
            cminus::Lval::Var(v) if names.contains(v.as_str()) => {}
            _ => ok = false,
        });
        ok
    };
    let mut add = |e: &Expr, both: bool| {
        let e = e.uncast();
        if !matches!(e, Expr::Binary(op, ..) if op.is_comparison()) || !over_names(e) {
            return;
        }
        let forms = if both { vec![e.clone(), Expr::negate(e.clone())] } else { vec![e.clone()] };
        for f in forms {
            if !out.contains(&f) {
                out.push(f);
            }
        }
    };
    for s in &p.body {
        match &s.kind {
            StmtKind::Assume(e) => add(e, true),
            StmtKind::Call { args, .. } => args.iter().for_each(|a| add(a, false)),
            _ => {}
        }
    }
    out
}

/// The value of an integer expression over the head's variables in a sampled row (booleans
/// as 0/1), computed on mathematical integers; `None` for what this does not evaluate. Only
/// a filter: a candidate a sample contradicts is not worth proving.
fn eval_row(e: &Expr, vars: &[(String, Type)], row: &[i128]) -> Option<i128> {
    let v = |e: &Expr| eval_row(e, vars, row);
    Some(match e {
        Expr::Int(n) => *n,
        Expr::Bool(b) => *b as i128,
        Expr::Lval(cminus::Lval::Var(x)) => {
            Some(row[vars.iter().position(|(n, _)| n == x)?]).filter(|v| *v != UNSET)?
        }
        Expr::Cast(Type::Int { .. }, inner) => v(inner)?,
        Expr::Unary(cminus::UnOp::Not, a) => (v(a)? == 0) as i128,
        Expr::Unary(cminus::UnOp::Neg, a) => v(a)?.checked_neg()?,
        Expr::Binary(op, a, b) => {
            let (x, y) = (v(a)?, v(b)?);
            match op {
                BinOp::Add => x.checked_add(y)?,
                BinOp::Sub => x.checked_sub(y)?,
                BinOp::Mul => x.checked_mul(y)?,
                BinOp::Eq => (x == y) as i128,
                BinOp::Ne => (x != y) as i128,
                BinOp::Lt => (x < y) as i128,
                BinOp::Le => (x <= y) as i128,
                BinOp::Gt => (x > y) as i128,
                BinOp::Ge => (x >= y) as i128,
                BinOp::And => (x != 0 && y != 0) as i128,
                BinOp::Or => (x != 0 || y != 0) as i128,
                _ => return None,
            }
        }
        _ => return None,
    })
}

/// The affine equalities `Σ c·x = d` that every row satisfies (the null space of the rows,
/// as Karr's analysis would find it, but from samples), with small integer coefficients and
/// at least two variables; each checked exactly on every row.
fn affine_equalities(vars: &[(String, Type)], rows: &[Vec<i128>]) -> Vec<Expr> {
    const SMALL: i128 = 1 << 20;
    let n = vars.len();
    let distinct: BTreeSet<&Vec<i128>> = rows.iter().filter(|r| r.iter().all(|v| v.abs() < SMALL)).collect();
    if distinct.len() < 3 || n < 2 {
        return vec![];
    }
    // reduced row echelon form of [x_1 … x_n 1]
    let mut m: Vec<Vec<f64>> =
        distinct.iter().map(|r| r.iter().map(|&v| v as f64).chain(std::iter::once(1.0)).collect()).collect();
    let cols = n + 1;
    let mut pivots: Vec<usize> = Vec::new();
    let mut row = 0;
    for c in 0..cols {
        let Some(best) = (row..m.len()).max_by(|&a, &b| m[a][c].abs().total_cmp(&m[b][c].abs())) else { break };
        if m[best][c].abs() < 1e-9 {
            continue;
        }
        m.swap(row, best);
        let p = m[row][c];
        m[row].iter_mut().for_each(|x| *x /= p);
        for r in 0..m.len() {
            if r != row && m[r][c].abs() > 0.0 {
                let f = m[r][c];
                let pivot_row = m[row].clone();
                m[r].iter_mut().zip(&pivot_row).for_each(|(x, y)| *x -= f * y);
            }
        }
        pivots.push(c);
        row += 1;
        if row == m.len() {
            break;
        }
    }
    let mut out = Vec::new();
    for free in (0..cols).filter(|c| !pivots.contains(c)) {
        // x_free = 1, each pivot variable = -m[i][free]
        let mut coef = vec![0.0; cols];
        coef[free] = 1.0;
        for (i, &pc) in pivots.iter().enumerate() {
            coef[pc] = -m[i][free];
        }
        let Some(ints) = (1..=12).find_map(|k| {
            let scaled: Vec<f64> = coef.iter().map(|c| c * k as f64).collect();
            scaled
                .iter()
                .all(|c| (c - c.round()).abs() < 1e-6)
                .then(|| scaled.iter().map(|c| c.round() as i128).collect::<Vec<_>>())
        }) else {
            continue;
        };
        let used = ints[..n].iter().filter(|c| **c != 0).count();
        if used < 2 || ints[..n].iter().any(|c| c.abs() > 64) {
            continue;
        }
        if !rows.iter().all(|r| r.iter().zip(&ints[..n]).map(|(v, c)| v * c).sum::<i128>() + ints[n] == 0) {
            continue;
        }
        out.push(affine_expr(vars, &ints));
    }
    out
}

/// `Σ c·x + d = 0` as a C-- equality, solved for a variable with coefficient ±1 if any
/// (`p == 2 * i + leader_len`).
fn affine_expr(vars: &[(String, Type)], ints: &[i128]) -> Expr {
    let n = vars.len();
    let term = |c: i128, i: usize| {
        let x = Expr::var(&vars[i].0);
        if c == 1 {
            x
        } else {
            Expr::bin(BinOp::Mul, Expr::Int(c), x)
        }
    };
    let sum = |terms: Vec<Expr>| terms.into_iter().reduce(|a, b| Expr::bin(BinOp::Add, a, b));
    match (0..n).find(|&i| ints[i].abs() == 1) {
        Some(s) => {
            // x_s = -(Σ_{j≠s} c_j x_j + d) / c_s
            let sign = -ints[s];
            let mut rhs: Vec<Expr> =
                (0..n).filter(|&j| j != s && ints[j] != 0).map(|j| term(sign * ints[j], j)).collect();
            if ints[n] != 0 {
                rhs.push(Expr::Int(sign * ints[n]));
            }
            Expr::bin(BinOp::Eq, Expr::var(&vars[s].0), sum(rhs).unwrap_or(Expr::Int(0)))
        }
        None => {
            let lhs: Vec<Expr> = (0..n).filter(|&j| ints[j] != 0).map(|j| term(ints[j], j)).collect();
            Expr::bin(BinOp::Eq, sum(lhs).unwrap_or(Expr::Int(0)), Expr::Int(-ints[n]))
        }
    }
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
                let a = a.uncast();
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
/// variable has a value there). `stop` is asked before each run: a run starts by setting up
/// every global of the program (Redis's `acl.c`: 48 runs took 6 s of a 6 s check before
/// its first abstraction, and did not stop when the check was cancelled).
fn sample(
    prog: &Program,
    heads: &HashMap<StmtId, Head>,
    own: &HashMap<StmtId, usize>,
    stop: &dyn Fn() -> bool,
) -> HashMap<StmtId, Vec<Vec<i128>>> {
    let mut rows: HashMap<StmtId, Vec<Vec<i128>>> = HashMap::new();
    let mut rng = 0x2545_f491_4f6c_dd1du64;
    let mut executed = 0u64;
    for run in 0..MAX_RUNS {
        if stop() {
            break;
        }
        if run >= RUNS
            && (executed > SAMPLE_STEPS || heads.keys().all(|h| rows.get(h).is_some_and(|r| r.len() >= ENOUGH_ROWS)))
        {
            break;
        }
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
                        let v = match (run + (r >> 60) as usize) % 5 {
                            0 | 1 => (r % 33) as i64 - 8,
                            // small positive sizes pass the guards of many loops
                            4 => (r % 12) as i64 + 1,
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
            executed += 1;
            let Some(h) = heads.get(&s.id) else { return };
            // the loop's own variables must have values; another without one is [`UNSET`]
            let row: Option<Vec<i128>> = h
                .vars
                .iter()
                .enumerate()
                .map(|(i, (v, _))| peek.value(&Expr::var(v)).or((i >= own[&s.id]).then_some(UNSET)))
                .collect();
            if let Some(row) = row {
                let at = rows.entry(s.id).or_default();
                if at.len() < 4096 {
                    at.push(row);
                }
            }
        };
        cminus::interp::run_observed(prog, &mut oracle, None, STEPS, &mut observe);
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
        candidates(prog, &|| false).iter().map(|p| cminus::print_expr(&p.expr)).collect()
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
    fn affine_equalities_of_samples_have_small_coefficients() {
        let vars: Vec<(String, Type)> = ["p", "i", "l"].iter().map(|v| (v.to_string(), Type::INT)).collect();
        // p == 2 * i + l in every row
        let rows: Vec<Vec<i128>> = (0..6).map(|k| vec![2 * k + (k % 3) + 5, k, (k % 3) + 5]).collect();
        let got: Vec<String> = affine_equalities(&vars, &rows).iter().map(cminus::print_expr).collect();
        assert_eq!(got, vec!["p == 2 * i + l".to_string()]);
        // no relation when the rows are in general position
        let rows = vec![vec![1, 0, 0], vec![0, 1, 0], vec![0, 0, 1], vec![5, 7, 11]];
        assert!(affine_equalities(&vars, &rows).is_empty());
    }

    #[test]
    fn a_loop_free_program_has_none() {
        let prog =
            cfront::lower_str("t.c", "int main(void) { int x = 1; return x; }", &cfront::Options::default()).unwrap();
        assert!(candidates(&prog, &|| false).is_empty());
    }
}
