//! The compiler analyses of §3.3 that keep BDD supports small: live ranges of locals and
//! MOD/REF sets of procedures.

use bp::cfg::{CExpr, Cfg, NodeKind, VarId, VarKind};

fn expr_vars(e: &CExpr, out: &mut Vec<VarId>) {
    e.visit_vars(&mut |v, _| out.push(v));
}

/// Variables a vertex reads (`uses`) and assigns (`defs`), as the intraprocedural dataflow
/// sees them (a call reads its arguments and assigns its targets).
fn uses_defs(cfg: &Cfg, n: usize) -> (Vec<VarId>, Vec<VarId>) {
    let mut uses = Vec::new();
    let mut defs = Vec::new();
    match &cfg.nodes[n].kind {
        NodeKind::Assign { lhs, rhs, constrain } => {
            for e in rhs {
                expr_vars(e, &mut uses);
            }
            if let Some(c) = constrain {
                c.visit_vars(&mut |v, primed| {
                    if !primed {
                        uses.push(v)
                    }
                });
            }
            defs.extend(lhs);
        }
        NodeKind::Cond { cond, .. } | NodeKind::Assume(cond) => expr_vars(cond, &mut uses),
        NodeKind::Return(vals) => {
            for e in vals {
                expr_vars(e, &mut uses);
            }
            defs.extend(&cfg.procs[cfg.nodes[n].proc].rets);
        }
        NodeKind::Call { args, lhs, .. } => {
            // The call's targets are assigned on the way to the return point, whose path
            // edges already hold the returned values.
            for e in args {
                expr_vars(e, &mut uses);
            }
            defs.extend(lhs);
        }
        NodeKind::ReturnPt { .. } => {}
        NodeKind::Exit => uses.extend(&cfg.procs[cfg.nodes[n].proc].rets),
        NodeKind::Skip | NodeKind::Goto | NodeKind::Err => {}
    }
    (uses, defs)
}

/// For every vertex, whether each local of its procedure is live on entry to the vertex.
/// Globals are always treated as live (their liveness depends on callers). Locals read by the
/// procedure's `enforce` constraint are always live.
pub fn live_locals(cfg: &Cfg) -> Vec<Vec<VarId>> {
    let nn = cfg.nodes.len();
    let is_local = |v: VarId| cfg.vars[v].kind != VarKind::Global;
    let mut live: Vec<Vec<VarId>> = vec![Vec::new(); nn];
    let info: Vec<(Vec<VarId>, Vec<VarId>)> = (0..nn).map(|n| uses_defs(cfg, n)).collect();
    let preds = cfg.predecessors();
    let mut work: Vec<usize> = (0..nn).rev().collect();
    let mut queued = vec![true; nn];
    while let Some(n) = work.pop() {
        queued[n] = false;
        let mut out: Vec<VarId> = Vec::new();
        for &s in &cfg.nodes[n].next {
            for &v in &live[s] {
                if !out.contains(&v) {
                    out.push(v);
                }
            }
        }
        let (uses, defs) = &info[n];
        out.retain(|v| !defs.contains(v));
        for &u in uses {
            if is_local(u) && !out.contains(&u) {
                out.push(u);
            }
        }
        if let Some(e) = &cfg.procs[cfg.nodes[n].proc].enforce {
            e.visit_vars(&mut |v, _| {
                if is_local(v) && !out.contains(&v) {
                    out.push(v)
                }
            });
        }
        out.sort_unstable();
        if out != live[n] {
            live[n] = out;
            for &p in &preds[n] {
                if !queued[p] {
                    queued[p] = true;
                    work.push(p);
                }
            }
        }
    }
    live
}

/// MOD and REF sets of globals per procedure, closed over the procedures it calls
/// (a worklist over callers, so the cost follows the call graph, not procedures × globals).
/// REF includes MOD and the globals of `enforce`. Both lists are sorted.
pub fn mod_ref(cfg: &Cfg) -> (Vec<Vec<VarId>>, Vec<Vec<VarId>>) {
    use std::collections::BTreeSet;
    let np = cfg.procs.len();
    let is_global = |v: VarId| cfg.vars[v].kind == VarKind::Global;
    let mut md: Vec<BTreeSet<VarId>> = vec![BTreeSet::new(); np];
    let mut rf: Vec<BTreeSet<VarId>> = vec![BTreeSet::new(); np];
    let mut callers: Vec<Vec<usize>> = vec![Vec::new(); np];
    for (n, node) in cfg.nodes.iter().enumerate() {
        let p = node.proc;
        let (uses, defs) = uses_defs(cfg, n);
        rf[p].extend(uses.into_iter().filter(|&v| is_global(v)));
        md[p].extend(defs.into_iter().filter(|&v| is_global(v)));
        if let NodeKind::Call { callee, lhs, .. } = &node.kind {
            if !callers[*callee].contains(&p) {
                callers[*callee].push(p);
            }
            md[p].extend(lhs.iter().copied().filter(|&v| is_global(v)));
        }
    }
    for (p, pc) in cfg.procs.iter().enumerate() {
        if let Some(e) = &pc.enforce {
            e.visit_vars(&mut |v, _| {
                if is_global(v) {
                    rf[p].insert(v);
                }
            });
        }
    }
    for p in 0..np {
        let m = md[p].clone();
        rf[p].extend(m);
    }
    let mut work: Vec<usize> = (0..np).collect();
    let mut queued = vec![true; np];
    while let Some(q) = work.pop() {
        queued[q] = false;
        for &p in &callers[q] {
            if p == q {
                continue;
            }
            let before = (md[p].len(), rf[p].len());
            let (mq, rq) = (md[q].clone(), rf[q].clone());
            md[p].extend(mq);
            rf[p].extend(rq);
            if (md[p].len(), rf[p].len()) != before && !queued[p] {
                queued[p] = true;
                work.push(p);
            }
        }
    }
    let mods = md.into_iter().map(|s| s.into_iter().collect()).collect();
    let refs = rf.into_iter().map(|s| s.into_iter().collect()).collect();
    (mods, refs)
}
