//! From a boolean-program trace to the C-- path it stands for.

use crate::PathStep;
use cminus::{Program, StmtId, StmtKind};
use std::collections::HashMap;

/// Map a boolean-program trace — the `origin` (C-- statement id) and call depth of each
/// statement step, in order — to the C-- path. Steps without an origin (c2bp's
/// initialisation of global predicates) are dropped, and so is the second boolean-program
/// statement of a call (c2bp's update of the caller's predicates after the return, which has
/// the call's id): a C-- call runs once.
pub fn path_from_trace(prog: &Program, steps: &[(Option<u32>, usize)]) -> Vec<PathStep> {
    let index = prog.stmt_index();
    let is_call =
        |id: StmtId| index.get(&id).is_some_and(|&(p, s)| matches!(prog.procs[p].body[s].kind, StmtKind::Call { .. }));
    let mut out: Vec<PathStep> = Vec::new();
    // The last step at each depth, to recognise the return to a call.
    let mut last_at: HashMap<usize, usize> = HashMap::new();
    for &(origin, depth) in steps {
        let Some(o) = origin else { continue };
        let stmt = StmtId(o);
        if !index.contains_key(&stmt) {
            continue;
        }
        if let Some(&j) = last_at.get(&depth) {
            // The same call seen again after its callee's steps: c2bp's return processing.
            if out[j].stmt == stmt && is_call(stmt) && out[j + 1..].iter().all(|s| s.depth > depth) {
                continue;
            }
        }
        out.push(PathStep { stmt, depth });
        last_at.retain(|d, _| *d <= depth);
        last_at.insert(depth, out.len() - 1);
    }
    out
}
