//! Constraints from a spurious trace's abstract states (SLAM's Constrain refinement: Ball,
//! Cook, Das, Rajamani, "Refining approximations in software predicate abstraction", TACAS
//! 2004). When Newton has no new predicate, the imprecision may be the abstraction's: a
//! cartesian (or cube-bounded) abstraction lets the boolean program reach valuations of the
//! predicates that no concrete state has — `i == k`, `k <= 0`, `!(k < 0)`, `!(i < n)` and
//! `0 < n` together, say, where `enforce` only rules out inconsistent pairs. Each abstract
//! state of the trace is checked by the prover; a minimal inconsistent subset of its literals
//! becomes an `enforce` clause of its procedure, added to every later abstraction. The
//! clause holds in every concrete state, so it removes no behaviour of the program.

use bp::cfg::Cfg;
use cminus::Program;
use std::collections::{BTreeSet, HashMap};
use std::time::Duration;

/// At most this many distinct abstract states are checked per trace (one query each, plus a
/// core for the inconsistent ones).
const MAX_STATES: usize = 400;

/// "Never all of these together" in a boolean-program procedure: its variables (predicate
/// names) with the values the clause excludes.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Constraint {
    pub bp_proc: String,
    pub literals: Vec<(String, bool)>,
}

impl Constraint {
    /// The clause `!(l1 & l2 & …)`, for the procedure's `enforce`.
    pub fn clause(&self) -> bp::Expr {
        let lit = |(v, b): &(String, bool)| if *b { bp::Expr::var(v) } else { bp::Expr::not(bp::Expr::var(v)) };
        let mut it = self.literals.iter().map(lit);
        let first = it.next().unwrap_or(bp::Expr::Const(true));
        bp::Expr::not(it.fold(first, |a, b| bp::Expr::bin(bp::BinOp::And, a, b)))
    }
}

/// The C-- procedure of a boolean-program procedure (c2bp names the entry `main`, its copy
/// for the program's own calls of it `c2bp::ENTRY_CALLED`, and a C `main` that is not the
/// entry `main$c`).
fn c_proc(prog: &Program, bp_name: &str) -> String {
    if bp_name == "main" || bp_name == c2bp::ENTRY_CALLED {
        prog.entry.clone()
    } else if bp_name == "main$c" {
        "main".to_string()
    } else {
        bp_name.to_string()
    }
}

/// The constraints the abstract states of `trace` yield: one per inconsistent state (its
/// minimal inconsistent subset of literals), deduplicated.
pub fn from_trace(
    prog: &Program,
    preds: &[c2bp::Pred],
    cfg: &Cfg,
    trace: &bebop::Trace,
    timeout: Duration,
) -> Vec<Constraint> {
    let by_name: HashMap<(Option<String>, String), &c2bp::Pred> =
        preds.iter().map(|p| ((p.scope.clone(), c2bp::pred_name(&p.expr)), p)).collect();
    let mut seen: BTreeSet<(String, Vec<(String, bool)>)> = BTreeSet::new();
    let mut states = Vec::new();
    let mut names = Vec::new();
    for step in &trace.steps {
        let bp_proc = &cfg.procs[cfg.nodes[step.node].proc].name;
        let proc = c_proc(prog, bp_proc);
        let mut lits = Vec::new();
        let mut lit_names = Vec::new();
        for &(v, val) in &step.state {
            let name = cfg.var_name(v);
            let scope = if cfg.vars[v].proc.is_some() { Some(proc.clone()) } else { None };
            if let Some(p) = by_name.get(&(scope, name.to_string())) {
                lits.push(((*p).clone(), val));
                lit_names.push((name.to_string(), val));
            }
        }
        if lits.len() < 2 || !seen.insert((bp_proc.clone(), lit_names.clone())) {
            continue;
        }
        tracing::trace!(node = step.node, state = ?lit_names, "abstract state");
        states.push(c2bp::AbstractState { proc, literals: lits });
        names.push((bp_proc.clone(), lit_names));
        if states.len() >= MAX_STATES {
            break;
        }
    }
    let cores = c2bp::inconsistent_cores(prog, &states, timeout);
    tracing::debug!(
        steps = trace.steps.len(),
        states = states.len(),
        inconsistent = cores.iter().filter(|c| c.is_some()).count(),
        "abstract states of the trace checked"
    );
    let mut out: BTreeSet<Constraint> = BTreeSet::new();
    for (core, (bp_proc, lit_names)) in cores.into_iter().zip(names) {
        if let Some(core) = core.filter(|c| !c.is_empty()) {
            let literals = core.into_iter().map(|i| lit_names[i].clone()).collect();
            out.insert(Constraint { bp_proc, literals });
        }
    }
    out.into_iter().collect()
}

/// Adds the constraints to the procedures' `enforce` in a boolean program (a constraint whose
/// variables are not all in its procedure's scope any more is skipped).
pub fn apply(b: &mut bp::Program, constraints: &[Constraint]) {
    for p in &mut b.procs {
        let in_scope = |v: &str| {
            b.globals.iter().any(|g| g == v) || p.formals.iter().any(|f| f == v) || p.locals.iter().any(|l| l == v)
        };
        let clauses: Vec<bp::Expr> = constraints
            .iter()
            .filter(|c| c.bp_proc == p.name && c.literals.iter().all(|(v, _)| in_scope(v)))
            .map(Constraint::clause)
            .collect();
        for c in clauses {
            p.enforce = Some(match p.enforce.take() {
                Some(e) => bp::Expr::bin(bp::BinOp::And, e, c),
                None => c,
            });
        }
    }
}
