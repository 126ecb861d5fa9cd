//! Loop invariants proved before the first abstraction, and given to it as facts.
//!
//! Predicate abstraction tracks the relations it has predicates for; at a loop, Newton's
//! weakest preconditions name one iteration at a time (`k == 1`, `k + 1 > 0`, …) and the
//! refinement unrolls the loop. The relations that hold at every iteration (`i == k`,
//! `k + j == i`, `p == leader_len + 2 * i`) are what a proof needs. Here they are *proved*
//! with Houdini (Flanagan and Leino, "Houdini, an annotation assistant for ESC/Java", FME
//! 2001): start from candidate invariants at each loop head ([`crate::invariants::head_candidates`]:
//! relations that held in concrete runs, and the procedure's own branch conditions), and drop
//! every candidate that is not preserved by some path between loop heads (or does not hold on
//! entry) assuming all surviving candidates, until the rest is inductive.
//!
//! **How they are used.** The abstraction is computed on a copy of the program with an
//! `assume(invariant)` before each loop head whose invariant is not `true`; the inserted
//! statements have fresh ids, so Newton's paths (built over the original program by
//! [`newton::path_from_trace`], which drops unknown ids), the counterexamples and their
//! replays never see them. The assumption is true in every execution reaching the head, so
//! the boolean program still over-approximates the C program: SAFE stays sound.
//!
//! **Why the proof is sound.** Paths are cut at the loop heads (the targets of backward
//! jumps: every cycle has one) and at the procedure's start, and each path between two cut
//! points is executed symbolically with C's bit-vector semantics ([`logic::State`]). A call
//! makes the memory and every global unknown and its result unknown (whatever the callee
//! does); a path that ends (return, error, `abort`) needs nothing. The procedure's start
//! assumes nothing, except for the entry of the run, whose globals hold their initial
//! values. Any query the prover cannot answer (time, an unsupported expression) refutes the
//! candidate, and running out of time or paths proves nothing at all.

use crate::invariants;
use cminus::{Expr, Program, Stmt, StmtId, StmtKind, Type};
use logic::formula::{and, not};
use logic::{Env, Formula, Prover, State};
use std::collections::{BTreeMap, HashMap, HashSet};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Paths followed from one cut point (each branch is a path); more gives up the procedure.
const MAX_PATHS: usize = 512;
/// Statements executed over all paths from one cut point.
const MAX_STEPS: usize = 20_000;
/// The limit of one prover query.
const QUERY_TIMEOUT: Duration = Duration::from_millis(500);

/// The invariants proved at the loop heads of one procedure.
#[derive(Clone, Debug, PartialEq)]
pub struct HeadInvariant {
    pub proc: String,
    /// The loop head's statement (in the original program).
    pub head: StmtId,
    /// Each conjunct, a C-- condition over the procedure's variables.
    pub conjuncts: Vec<Expr>,
}

/// What [`prove`] did.
#[derive(Clone, Debug, Default)]
pub struct Report {
    pub candidates: usize,
    pub proved: Vec<HeadInvariant>,
    pub queries: u64,
    /// Why some procedure's loops got nothing (a limit, an unsupported statement).
    pub gave_up: Vec<String>,
}

/// Prove loop invariants of `prog`'s loops within `budget` (checked between queries; the
/// `cancel` flag stops the work as well).
pub fn prove(prog: &Program, budget: Duration, cancel: Option<Arc<AtomicBool>>) -> Report {
    let mut report = Report::default();
    let deadline = Instant::now() + budget;
    let stop = || Instant::now() >= deadline || cancel.as_ref().is_some_and(|c| c.load(Ordering::Relaxed));
    let candidates = invariants::head_candidates(prog, &stop);
    for (id, c) in &candidates {
        tracing::debug!(head = %id, candidates = ?c.iter().map(cminus::print_expr).collect::<Vec<_>>(), "houdini candidates");
    }
    if candidates.is_empty() {
        return report;
    }
    let ctx = logic::new_context();
    let env = Env::new(&ctx, prog);
    let mut prover = Prover::new(&ctx, QUERY_TIMEOUT).with_cancel(cancel.clone());
    // per procedure: head index → candidates
    let mut per_proc: BTreeMap<&str, BTreeMap<usize, Vec<Expr>>> = BTreeMap::new();
    let index = prog.stmt_index();
    for (id, cands) in &candidates {
        let Some(&(p, s)) = index.get(id) else { continue };
        report.candidates += cands.len();
        per_proc.entry(prog.procs[p].name.as_str()).or_default().insert(s, cands.clone());
    }
    for (name, heads) in per_proc {
        if stop() {
            report.gave_up.push(format!("{name}: time"));
            continue;
        }
        let Some(proc) = prog.proc(name) else { continue };
        let mut h = Houdini { env: &env, prover: &mut prover, proc, deadline };
        match h.run(heads) {
            Ok(proved) => {
                for (s, conjuncts) in proved {
                    if !conjuncts.is_empty() {
                        report.proved.push(HeadInvariant { proc: name.to_string(), head: proc.body[s].id, conjuncts });
                    }
                }
            }
            Err(why) => report.gave_up.push(format!("{name}: {why}")),
        }
    }
    report.queries = prover.stats.queries;
    report
}

/// `prog` with `assume(invariant)` inserted before each loop head that has one (fresh
/// statement ids; the head's labels move onto the assumption so that the back edges pass it).
pub fn strengthen(prog: &Program, invariants: &[HeadInvariant]) -> Program {
    let mut out = prog.clone();
    let mut next = prog.procs.iter().flat_map(|p| &p.body).map(|s| s.id.0).max().unwrap_or(0) + 1;
    for inv in invariants {
        let Some(p) = out.procs.iter_mut().find(|p| p.name == inv.proc) else { continue };
        let Some(at) = p.body.iter().position(|s| s.id == inv.head) else { continue };
        let cond = inv
            .conjuncts
            .iter()
            .cloned()
            .reduce(|a, b| Expr::bin(cminus::BinOp::And, a, b))
            .expect("a proved invariant has a conjunct");
        let head = &mut p.body[at];
        let labels = std::mem::take(&mut head.labels);
        let stmt = Stmt { id: StmtId(next), loc: head.loc, labels, kind: StmtKind::Assume(cond) };
        next += 1;
        p.body.insert(at, stmt);
    }
    out
}

/// How many paths lead from statement `from` to the next loop head or an end (counted on
/// the statements alone, saturating past [`MAX_PATHS`]), so that a procedure with too many
/// is given up before any symbolic work.
fn path_count(body: &[Stmt], at: &HashMap<&str, usize>, from: usize, first: bool, heads: &HashSet<usize>) -> usize {
    // paths from each statement; the region between cut points has no cycle
    fn go(
        body: &[Stmt],
        at: &HashMap<&str, usize>,
        i: usize,
        first: bool,
        heads: &HashSet<usize>,
        memo: &mut HashMap<usize, usize>,
        depth: usize,
    ) -> usize {
        if (!first && heads.contains(&i)) || i >= body.len() {
            return 1;
        }
        if let Some(&n) = memo.get(&i) {
            return n;
        }
        if depth > MAX_STEPS {
            return MAX_PATHS + 1;
        }
        let n = match &body[i].kind {
            StmtKind::Return(_) | StmtKind::Error(_) | StmtKind::Halt => 1,
            StmtKind::Goto(ls) => ls
                .iter()
                .map(|l| at.get(l.as_str()).map_or(1, |&t| go(body, at, t, false, heads, memo, depth + 1)))
                .fold(0usize, |a, b| a.saturating_add(b))
                .min(MAX_PATHS + 1),
            _ => go(body, at, i + 1, false, heads, memo, depth + 1),
        };
        if !first {
            memo.insert(i, n);
        }
        n
    }
    go(body, at, from, first, heads, &mut HashMap::new(), 0)
}

/// A path in progress from a cut point.
struct Walk<'ctx> {
    at: usize,
    state: State<'ctx>,
    pc: Vec<Formula<'ctx>>,
    first: bool,
}

/// A path from a cut point to the next: the head it reaches, its condition and final state.
struct Segment<'ctx> {
    to: usize,
    pc: Formula<'ctx>,
    post: State<'ctx>,
}

struct Houdini<'a, 'p, 'ctx> {
    env: &'a Env<'p, 'ctx>,
    prover: &'a mut Prover<'ctx>,
    proc: &'p cminus::Proc,
    deadline: Instant,
}

impl<'a, 'p, 'ctx> Houdini<'a, 'p, 'ctx> {
    /// The greatest inductive subset of the candidates, per head.
    fn run(&mut self, mut cands: BTreeMap<usize, Vec<Expr>>) -> Result<BTreeMap<usize, Vec<Expr>>, String> {
        // every loop head cuts the paths, also one without candidates (its invariant: true)
        let mut heads: HashSet<usize> = cands.keys().copied().collect();
        heads.extend(crate::proof::proc_loop_heads(self.proc));
        for &h in &heads {
            cands.entry(h).or_default();
        }
        let mut starts: Vec<(usize, State<'ctx>)> = Vec::new();
        let mut entry = State::new(self.env, "hd.entry.", Some(&self.proc.name));
        if self.is_run_entry() {
            entry.init_globals(self.env);
        }
        starts.push((usize::MAX, entry));
        for &h in &heads {
            starts.push((h, State::new(self.env, &format!("hd.{h}."), Some(&self.proc.name))));
        }
        let mut segments: Vec<(usize, State<'ctx>, Vec<Segment<'ctx>>)> = Vec::new();
        for (from, st) in starts {
            // the start of the procedure may itself be a loop head: reaching it is a segment
            let (at, first) = if from == usize::MAX { (0, false) } else { (from, true) };
            let segs = self.segments(at, first, &heads, st.clone())?;
            segments.push((from, st, segs));
        }
        loop {
            let mut changed = false;
            for (from, start, segs) in &segments {
                let hyp: Vec<Formula<'ctx>> = match cands.get(from) {
                    Some(cs) => cs.iter().filter_map(|c| start.cond(self.env, c).ok()).collect(),
                    None => vec![],
                };
                for seg in segs {
                    let Some(targets) = cands.get(&seg.to) else { continue };
                    let mut goals: Vec<(Expr, Formula<'ctx>)> = Vec::with_capacity(targets.len());
                    for c in targets {
                        match seg.post.cond(self.env, c) {
                            Ok(g) => goals.push((c.clone(), g)),
                            Err(_) => changed = true,
                        }
                    }
                    let before = goals.len();
                    self.preserved(&hyp, &seg.pc, &mut goals)?;
                    changed |= goals.len() != before;
                    let keep: Vec<Expr> = goals.into_iter().map(|(c, _)| c).collect();
                    cands.insert(seg.to, keep);
                }
            }
            if !changed {
                break;
            }
        }
        for (from, start, _) in &segments {
            if let Some(cs) = cands.get_mut(from) {
                *cs = self.irredundant(start, std::mem::take(cs))?;
            }
        }
        Ok(cands)
    }

    /// Keep the goals that `hyp ∧ pc` implies: all at once when it implies their
    /// conjunction; otherwise a model of the contrary drops the goals it falsifies (at least
    /// one), and the rest is asked again; one goal at a time when Z3 cannot tell.
    fn preserved(
        &mut self,
        hyp: &[Formula<'ctx>],
        pc: &Formula<'ctx>,
        goals: &mut Vec<(Expr, Formula<'ctx>)>,
    ) -> Result<(), String> {
        let ctx = self.env.ctx;
        let mut premises: Vec<&Formula<'ctx>> = hyp.iter().collect();
        premises.push(pc);
        let premise = and(ctx, &premises);
        while !goals.is_empty() {
            if Instant::now() >= self.deadline {
                return Err("time".into());
            }
            let all: Vec<&Formula<'ctx>> = goals.iter().map(|(_, g)| g).collect();
            let q = and(ctx, &[&premise, &not(&and(ctx, &all))]);
            match self.prover.is_sat(&q) {
                Some(false) => return Ok(()),
                Some(true) => {
                    let atoms: Vec<Formula<'ctx>> = goals.iter().map(|(_, g)| g.clone()).collect();
                    if let Some(vals) = self.prover.model_bools(&q, &atoms).filter(|v| v.iter().any(|b| !b)) {
                        let mut vals = vals.into_iter();
                        goals.retain(|_| vals.next().unwrap_or(false));
                        continue;
                    }
                }
                None => {}
            }
            break;
        }
        // one at a time
        let mut kept = Vec::with_capacity(goals.len());
        for (c, g) in goals.drain(..) {
            if Instant::now() >= self.deadline {
                return Err("time".into());
            }
            if self.prover.is_sat(&and(ctx, &[&premise, &not(&g)])) == Some(false) {
                kept.push((c, g));
            }
        }
        *goals = kept;
        Ok(())
    }

    /// The invariant without the conjuncts the others imply (each conjunct makes every
    /// abstraction of the assumption costlier). Sums (`x + y <= z`) and one-sided bounds go
    /// first, equalities last.
    fn irredundant(&mut self, at: &State<'ctx>, mut cs: Vec<Expr>) -> Result<Vec<Expr>, String> {
        let rank = |e: &Expr| match e {
            Expr::Binary(cminus::BinOp::Eq, ..) => 2,
            Expr::Binary(_, a, _) if matches!(**a, Expr::Binary(cminus::BinOp::Add, ..)) => 0,
            _ => 1,
        };
        cs.sort_by_key(rank);
        let conds: Vec<Option<Formula<'ctx>>> = cs.iter().map(|c| at.cond(self.env, c).ok()).collect();
        let mut keep: Vec<bool> = conds.iter().map(Option::is_some).collect();
        for i in 0..cs.len() {
            if Instant::now() >= self.deadline {
                return Err("time".into());
            }
            let Some(goal) = &conds[i] else { continue };
            let others: Vec<&Formula<'ctx>> =
                (0..cs.len()).filter(|&j| j != i && keep[j]).filter_map(|j| conds[j].as_ref()).collect();
            let neg = not(goal);
            let mut all = others;
            all.push(&neg);
            if self.prover.is_sat(&and(self.env.ctx, &all)) == Some(false) {
                keep[i] = false;
            }
        }
        Ok(cs.into_iter().zip(keep).filter_map(|(c, k)| k.then_some(c)).collect())
    }

    /// Whether this procedure is where the run starts (its globals hold their initial values
    /// at its start): the entry, called from nowhere.
    fn is_run_entry(&self) -> bool {
        let prog = self.env.prog;
        prog.entry == self.proc.name && !prog.entry_is_called()
    }

    /// Every path from statement `from` to the next loop head (or to its end).
    fn segments(
        &self,
        from: usize,
        first: bool,
        heads: &HashSet<usize>,
        start: State<'ctx>,
    ) -> Result<Vec<Segment<'ctx>>, String> {
        let env = self.env;
        let body = &self.proc.body;
        let at = self.proc.label_map();
        if path_count(body, &at, from, first, heads) > MAX_PATHS {
            return Err("too many paths between loop heads".into());
        }
        let mut out = Vec::new();
        let mut stack = vec![Walk { at: from, state: start, pc: vec![], first }];
        let (mut paths, mut steps) = (1usize, 0usize);
        let unsupported = |e: logic::LogicError| format!("unsupported: {e}");
        while let Some(mut w) = stack.pop() {
            loop {
                if !w.first && heads.contains(&w.at) {
                    let refs: Vec<&Formula<'ctx>> = w.pc.iter().collect();
                    out.push(Segment { to: w.at, pc: and(env.ctx, &refs), post: w.state });
                    break;
                }
                w.first = false;
                steps += 1;
                if steps > MAX_STEPS {
                    return Err("too many statements between loop heads".into());
                }
                // the paths alone can take seconds (every call havocs the globals): the
                // budget holds between queries and here
                if steps % 32 == 0 && Instant::now() >= self.deadline {
                    return Err("time".into());
                }
                let Some(s) = body.get(w.at) else { break };
                match &s.kind {
                    StmtKind::Assign(l, e) => w.state.assign(env, l, e).map_err(unsupported)?,
                    StmtKind::Assume(e) => {
                        let c = w.state.cond(env, e).map_err(unsupported)?;
                        if c.as_bool() == Some(false) {
                            break;
                        }
                        w.pc.push(c);
                    }
                    StmtKind::Call { ret, .. } => {
                        self.havoc(&mut w.state);
                        if let Some(l) = ret {
                            let t = w.state.type_of_lval(env, l).map_err(unsupported)?;
                            if t.is_aggregate() {
                                return Err("a call returns an aggregate".into());
                            }
                            w.state.write(env, l, env.fresh_of("hd.ret", Some(&t))).map_err(unsupported)?;
                        }
                    }
                    StmtKind::Return(_) | StmtKind::Error(_) | StmtKind::Halt => break,
                    StmtKind::Goto(labels) => {
                        // a jump to nowhere would lose paths: prove nothing then
                        let targets: Option<Vec<usize>> = labels.iter().map(|l| at.get(l.as_str()).copied()).collect();
                        let mut targets = targets.ok_or("a jump to an unknown label")?.into_iter();
                        let Some(first) = targets.next() else { break };
                        for t in targets {
                            paths += 1;
                            if paths > MAX_PATHS {
                                return Err("too many paths between loop heads".into());
                            }
                            stack.push(Walk { at: t, state: w.state.clone(), pc: w.pc.clone(), first: false });
                        }
                        w.at = first;
                        continue;
                    }
                    StmtKind::Skip => {}
                }
                w.at += 1;
            }
        }
        Ok(out)
    }

    /// After a call: the memory, every global and every local whose address is taken hold
    /// unknown values (the memory holds the latter).
    fn havoc(&self, st: &mut State<'ctx>) {
        let env = self.env;
        st.set_mem(env.fresh_mem("hd.call.mem"));
        for g in &env.prog.globals {
            if matches!(g.ty, Type::Int { .. } | Type::Bool | Type::Ptr(_)) {
                st.set_global(env, &g.name, env.fresh_of("hd.call.g", Some(&g.ty)));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lower(src: &str) -> Program {
        cfront::lower_str("t.c", src, &cfront::Options::default()).unwrap()
    }

    fn proved(prog: &Program) -> Vec<String> {
        let r = prove(prog, Duration::from_secs(20), None);
        r.proved.iter().flat_map(|h| h.conjuncts.iter().map(cminus::print_expr)).collect()
    }

    #[test]
    fn counting_loops_get_their_relations_proved() {
        let prog = lower(
            "int __VERIFIER_nondet_int(void); void reach_error(void);
             int main(void) { int n = __VERIFIER_nondet_int(); int i = 0, k = 0, j = 0;
               while (i < n) { i++; k++; }
               while (j < n) { if (k <= 0) reach_error(); j++; k--; }
               return 0; }",
        );
        let got = proved(&prog);
        assert!(got.contains(&"i == k".to_string()), "{got:?}");
        assert!(got.iter().any(|p| p == "n <= i" || p == "i >= n"), "{got:?}");
    }

    #[test]
    fn a_relation_that_a_path_breaks_is_not_proved() {
        // i == k holds in every sampled run with n < 100, but not when the branch is taken
        let prog = lower(
            "int __VERIFIER_nondet_int(void);
             int main(void) { int n = __VERIFIER_nondet_int(); int i = 0, k = 0;
               while (i < n) { i++; k++; if (i == 1000) k = 0; }
               return k; }",
        );
        let got = proved(&prog);
        assert!(!got.contains(&"i == k".to_string()), "{got:?}");
    }

    #[test]
    fn the_assumption_goes_before_the_head_and_takes_its_labels() {
        let prog = lower(
            "int __VERIFIER_nondet_int(void);
             int main(void) { int n = __VERIFIER_nondet_int(); int i = 0, k = 0;
               while (i < n) { i++; k++; }
               return k; }",
        );
        let r = prove(&prog, Duration::from_secs(20), None);
        assert!(!r.proved.is_empty());
        let s = strengthen(&prog, &r.proved);
        let main = s.proc("main").unwrap();
        let at = main.body.iter().position(|st| st.id == r.proved[0].head).unwrap();
        assert!(matches!(main.body[at - 1].kind, StmtKind::Assume(_)));
        assert!(main.body[at].labels.is_empty() && !main.body[at - 1].labels.is_empty());
        let ids: HashSet<StmtId> = s.procs.iter().flat_map(|p| &p.body).map(|st| st.id).collect();
        assert_eq!(ids.len(), s.procs.iter().map(|p| p.body.len()).sum::<usize>(), "statement ids stay unique");
    }
}
