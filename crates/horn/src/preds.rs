//! Horn as a source of predicates for CEGAR (issue 30): when Newton finds no new predicate
//! for a spurious trace, the CEGAR loop asks this crate ([`PredicateSource`], an
//! [`engine::PredicateOracle`]) for the atoms of the inductive invariants Spacer finds for the
//! program's Horn clauses — loop heads first, in the scope of their procedure. Spacer's
//! solution is not validated here: the atoms are only predicates, they add precision to the
//! abstraction and decide nothing (SAFE still comes from c2bp and Bebop, VIOLATION from a
//! replayed trace).

use crate::{encode, Options};
use cminus::pred::Pred;
use cminus::{Program, StmtKind};
use logic::horn::HornStats;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The predicates of one run, and how it ended.
#[derive(Clone, Debug, Default)]
pub struct Predicates {
    pub preds: Vec<Pred>,
    /// Which route of Spacer answered, or why none did.
    pub note: String,
}

/// The atoms of Spacer's (unvalidated) invariants as predicates: loop heads first, then the
/// other cut points (procedure starts, calls), then the procedures' entry and exit summaries;
/// at most `max` of them.
pub fn predicates(prog: &Program, opts: &Options, max: usize) -> Predicates {
    let start = Instant::now();
    let ctx = logic::new_context();
    let (enc, procs) = match encode(&ctx, prog, opts, start) {
        Ok(e) => e,
        Err((_, why)) => return Predicates { preds: Vec::new(), note: format!("not encoded: {why}") },
    };
    let n = enc.horn.relations();
    // for each relation: the C-- variable of each parameter, its scope, its rank in the order
    let mut names: Vec<Vec<Option<String>>> = vec![Vec::new(); n];
    let mut place: Vec<(u8, Option<String>)> = vec![(3, None); n];
    let g: Vec<Option<String>> = enc.globals.iter().map(|(v, _)| Some(v.clone())).collect();
    let mem: Vec<Option<String>> = if enc.mem { vec![None] } else { Vec::new() };
    for p in &procs {
        let sig = &enc.sigs[&p.name];
        // the values the procedure was entered with: no C-- variable
        let pre: Vec<Option<String>> =
            if enc.is_entry(&p.name) { Vec::new() } else { vec![None; g.len() + sig.formals.len() + mem.len()] };
        let cur: Vec<Option<String>> =
            g.iter().cloned().chain(sig.vars.iter().map(|v| Some(v.clone()))).chain(mem.iter().cloned()).collect();
        for (&i, &r) in &sig.rels {
            names[r.0] = pre.iter().cloned().chain(cur.iter().cloned()).collect();
            let rank = if i != 0 && !matches!(p.body[i].kind, StmtKind::Call { .. }) { 0 } else { 1 };
            place[r.0] = (rank, Some(p.name.clone()));
        }
        if let Some(e) = sig.entry {
            names[e.0] = g
                .iter()
                .cloned()
                .chain(sig.formals.iter().map(|v| Some(v.clone())))
                .chain(mem.iter().cloned())
                .collect();
            place[e.0] = (2, Some(p.name.clone()));
        }
        if let Some(x) = sig.exit {
            // the globals after the call are facts of every caller: global predicates
            let mut v = vec![None; g.len() + sig.formals.len() + mem.len()];
            v.extend(g.iter().cloned());
            names[x.0] = v;
            place[x.0] = (2, None);
        }
    }
    let left = opts.time.map(|t| t.saturating_sub(start.elapsed())).unwrap_or(Duration::from_secs(3600));
    if left < Duration::from_millis(100) {
        return Predicates { preds: Vec::new(), note: "time limit while encoding".into() };
    }
    let mut stats = HornStats::default();
    let c = match enc.horn.candidate_atoms(left, opts.cancel.clone(), &mut stats, &names) {
        Ok(c) => c,
        Err(why) => {
            // Z3's reasons can quote whole clauses: their first line
            let first: String = why.lines().next().unwrap_or_default().chars().take(200).collect();
            return Predicates { preds: Vec::new(), note: first };
        }
    };
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by_key(|&k| place[k].0);
    let mut preds: Vec<Pred> = Vec::new();
    for k in order {
        for a in &c.atoms[k] {
            let p = Pred { expr: cminus::pred::canonical(a.clone()), scope: place[k].1.clone() };
            if preds.len() < max && !preds.contains(&p) {
                preds.push(p);
            }
        }
    }
    Predicates {
        preds,
        note: format!(
            "Spacer's {} ({} relations, {} clauses, {:.2} s)",
            c.route, stats.relations, stats.clauses, stats.spacer_secs
        ),
    }
}

/// The Horn engine as the CEGAR loop's predicate oracle.
#[derive(Clone, Debug)]
pub struct PredicateSource {
    pub max_clauses: usize,
    /// The most predicates it offers at once.
    pub max_predicates: usize,
}

impl Default for PredicateSource {
    fn default() -> PredicateSource {
        PredicateSource { max_clauses: Options::default().max_clauses, max_predicates: 32 }
    }
}

impl engine::PredicateOracle for PredicateSource {
    fn name(&self) -> &str {
        "horn"
    }

    fn predicates(&mut self, prog: &Program, budget: Duration, cancel: Arc<AtomicBool>) -> engine::OracleAnswer {
        let opts =
            Options { time: Some(budget), cancel: Some(cancel), max_clauses: self.max_clauses, integer_only: false };
        let r = predicates(prog, &opts, self.max_predicates);
        engine::OracleAnswer { preds: r.preds, note: r.note }
    }
}
