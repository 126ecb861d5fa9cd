//! Loop invariants read off the proof of a SAFE verdict (for correctness witnesses and the
//! HTML report; computed here, not by the renderers, because reading them runs Bebop).
//!
//! The proof is the final boolean program B (with the final predicates). At each loop head h
//! of the C program we ask Bebop, on B with two probes inserted before h's statement, whether
//! predicate p can be false at h and whether it can be true there: a probe is an `if` whose
//! branch carries a fresh label, and the label is reachable exactly when the probe's
//! condition can hold (the labels of h move onto the probes, so back edges pass them too).
//! Since B over-approximates the C program, a literal that Bebop shows to hold in every
//! reachable state of B at h holds at h in every execution of the C program: the conjunction
//! of those literals is a loop invariant. Predicates that are not plain C (ghosts, `$ret`,
//! renamed or temporary variables) are left out.

use crate::{Outcome, PredInfo};
use cminus::{Loc, Program, StmtKind};
use std::collections::HashMap;

/// An invariant at a C location.
#[derive(Clone, Debug, PartialEq)]
pub struct Invariant {
    pub loc: Loc,
    pub function: String,
    /// A C expression over the program's variables.
    pub value: String,
    /// `true` for a loop head; `false` for another location.
    pub loop_head: bool,
}

/// The heads of the loops of each procedure: targets of backward `goto`s.
pub fn loop_heads(prog: &Program) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for (pi, p) in prog.procs.iter().enumerate() {
        // no invariant in slam's own models (the atexit handler stack)
        if prog.files.get(p.loc.file as usize).is_some_and(|f| cminus::names::is_model_file(f)) {
            continue;
        }
        out.extend(proc_loop_heads(p).into_iter().map(|h| (pi, h)));
    }
    out
}

/// The loop heads of one procedure (statement indices, ascending): targets of backward
/// `goto`s; every cycle of the procedure passes one.
pub fn proc_loop_heads(p: &cminus::Proc) -> Vec<usize> {
    let labels = p.label_map();
    let mut heads: Vec<usize> = Vec::new();
    for (i, s) in p.body.iter().enumerate() {
        if let StmtKind::Goto(ls) = &s.kind {
            for l in ls {
                if let Some(&t) = labels.get(l.as_str()) {
                    if t <= i && !heads.contains(&t) {
                        heads.push(t);
                    }
                }
            }
        }
    }
    heads.sort_unstable();
    heads
}

/// The C text of a predicate, when it is plain C over the program's own variable names.
fn c_text(prog: &Program, proc: &cminus::Proc, p: &PredInfo) -> Option<String> {
    let t = &p.text;
    if t.contains('$')
        || t.contains("::")
        || t.contains("pre(")
        || cminus::names::mentions_temp(t)
        || cminus::names::mentions_string_literal(t)
    {
        return None;
    }
    let mut ok = true;
    p.expr.visit_lvals(&mut |lv| {
        if let Some(v) = lv.root_var() {
            let var = proc.var(v).or_else(|| prog.global(v));
            if var.is_none_or(|var| var.c_name != var.name) {
                ok = false;
            }
        }
    });
    ok.then(|| t.clone())
}

fn bp_proc_name(prog: &Program, proc: &str) -> String {
    if proc == prog.entry {
        "main".into()
    } else if proc == "main" {
        "main$c".into()
    } else {
        proc.into()
    }
}

fn probe(cond: bp::Expr, label: String) -> bp::Stmt {
    let mut inner = bp::Stmt::new(bp::StmtKind::Skip);
    inner.labels.push(label);
    bp::Stmt::new(bp::StmtKind::If { arms: vec![(cond, vec![inner])], els: None })
}

/// label -> (head index in `heads`, predicate text, polarity probed: "can be false" = true)
type Probes = HashMap<String, (usize, String, bool)>;

/// Loop invariants of a SAFE outcome (empty when there is no proof or Bebop cannot run).
pub fn loop_invariants(prog: &Program, o: &Outcome) -> Vec<Invariant> {
    let Some(proof) = &o.proof else { return Vec::new() };
    let mut bprog = proof.clone();
    let heads = loop_heads(prog);
    let probes = insert_probes(prog, o, proof, &mut bprog, &heads);
    let proved = proved_texts(prog, &heads, &o.proved_invariants);
    let facts = if probes.is_empty() {
        vec![Vec::new(); heads.len()]
    } else {
        let Ok(cfg) = bp::cfg::build(&bprog) else { return Vec::new() };
        let analysis = bebop::check(&cfg, &bebop::Options::default());
        let mut status: HashMap<String, bool> = HashMap::new();
        for (label, _, reach) in analysis.label_status() {
            status.insert(label, reach);
        }
        probe_facts(&probes, &status, heads.len())
    };
    invariants_from_facts(prog, &heads, &facts, &proved)
}

/// Per head, the C text of the conjuncts Houdini proved there (those over the program's own
/// variables: no renamed or temporary ones).
fn proved_texts(
    prog: &Program,
    heads: &[(usize, usize)],
    proved: &[crate::houdini::HeadInvariant],
) -> Vec<Vec<String>> {
    let mut out = vec![Vec::new(); heads.len()];
    for inv in proved {
        let Some(hi) = heads.iter().position(|&(pi, si)| prog.procs[pi].body[si].id == inv.head) else { continue };
        let proc = &prog.procs[heads[hi].0];
        for c in &inv.conjuncts {
            let text = cminus::print_expr(c);
            let mut ok = !cminus::names::mentions_temp(&text) && !text.contains('$');
            c.visit_lvals(&mut |lv| {
                if let Some(v) = lv.root_var() {
                    let var = proc.var(v).or_else(|| prog.global(v));
                    if var.is_none_or(|var| var.c_name != var.name) {
                        ok = false;
                    }
                }
            });
            if ok {
                out[hi].push(format!("({text})"));
            }
        }
    }
    out
}

/// Inserts into `bprog`, before each loop head's statement, one probe per polarity of each
/// predicate in scope there; returns what each probe's label asks.
fn insert_probes(
    prog: &Program,
    o: &Outcome,
    proof: &bp::Program,
    bprog: &mut bp::Program,
    heads: &[(usize, usize)],
) -> Probes {
    let mut probes: Probes = HashMap::new();
    for (hi, &(pi, si)) in heads.iter().enumerate() {
        let proc = &prog.procs[pi];
        let stmt = &proc.body[si];
        if proc.name == prog.entry && prog.entry_is_called() {
            // `main` holds the run's start only; the program's calls of the entry run its copy
            // (`c2bp::ENTRY_CALLED`), whose states a probe here would not see
            continue;
        }
        let bname = bp_proc_name(prog, &proc.name);
        let Some(bproc) = bprog.procs.iter_mut().find(|p| p.name == bname) else { continue };
        let Some(at) = bproc.body.iter().position(|s| s.origin == Some(stmt.id.0)) else { continue };
        let in_scope = bproc.locals.iter().chain(bproc.formals.iter()).cloned().collect::<Vec<_>>();
        let mut inserted: Vec<bp::Stmt> = Vec::new();
        for p in &o.predicates {
            let local = match &p.scope {
                None => false,
                Some(s) if *s == proc.name => true,
                Some(_) => continue,
            };
            let Some(text) = c_text(prog, proc, p) else { continue };
            let var = p.text.clone();
            let known = if local { in_scope.contains(&var) } else { proof.globals.contains(&var) };
            if !known {
                continue;
            }
            for can_be_false in [true, false] {
                let label = format!("slam_inv_{hi}_{}", probes.len());
                let v = bp::Expr::Var(var.clone());
                let cond = if can_be_false { bp::Expr::Not(Box::new(v)) } else { v };
                inserted.push(probe(cond, label.clone()));
                probes.insert(label, (hi, text.clone(), can_be_false));
            }
        }
        if inserted.is_empty() {
            continue;
        }
        let labels = std::mem::take(&mut bproc.body[at].labels);
        inserted[0].labels = labels;
        bproc.body.splice(at..at, inserted);
    }
    probes
}

/// Per head: for each predicate, whether it can be false / true there (a probe Bebop did
/// not report counts as reachable).
fn probe_facts(probes: &Probes, status: &HashMap<String, bool>, nheads: usize) -> Vec<Vec<(String, bool, bool)>> {
    let mut facts: Vec<Vec<(String, bool, bool)>> = vec![Vec::new(); nheads];
    let mut keys: Vec<(&String, &(usize, String, bool))> = probes.iter().collect();
    keys.sort_by_key(|(l, _)| {
        l.trim_start_matches("slam_inv_").split('_').nth(1).and_then(|n| n.parse::<usize>().ok())
    });
    for (label, (hi, text, can_be_false)) in keys {
        let reach = status.get(label).copied().unwrap_or(true);
        let list = &mut facts[*hi];
        let entry = match list.iter().position(|(t, _, _)| t == text) {
            Some(i) => &mut list[i],
            None => {
                list.push((text.clone(), true, true));
                list.last_mut().expect("pushed")
            }
        };
        if *can_be_false {
            entry.1 = reach;
        } else {
            entry.2 = reach;
        }
    }
    facts
}

/// The invariant at each loop head: the conjunction of the predicates that hold (or are
/// false) there, `0` when the head is unreachable; heads with no fact are left out.
fn invariants_from_facts(
    prog: &Program,
    heads: &[(usize, usize)],
    facts: &[Vec<(String, bool, bool)>],
    proved: &[Vec<String>],
) -> Vec<Invariant> {
    let mut out = Vec::new();
    for (hi, &(pi, si)) in heads.iter().enumerate() {
        let mut lits: Vec<String> = proved[hi].clone();
        let mut unreachable = false;
        for (text, can_be_false, can_be_true) in &facts[hi] {
            match (can_be_false, can_be_true) {
                (false, true) => lits.push(format!("({text})")),
                (true, false) => lits.push(format!("!({text})")),
                (false, false) => unreachable = true,
                (true, true) => {}
            }
        }
        if unreachable {
            lits = vec!["0".into()];
        }
        if lits.is_empty() {
            continue;
        }
        let proc = &prog.procs[pi];
        out.push(Invariant {
            loc: proc.body[si].loc,
            function: proc.name.clone(),
            value: lits.join(" && "),
            loop_head: true,
        });
    }
    out
}
