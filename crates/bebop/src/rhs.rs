//! The generalised RHS algorithm of Fig. 3: PathEdges per vertex, summaries per procedure,
//! Join, SelfLoop and Lift, over BDDs.
//!
//! Path edges at a vertex of procedure P relate the values at P's entry (copy `e`, kept for
//! the globals P tracks and P's formals) to the current values (copy `c`, every variable in
//! scope). Summaries are kept once per callee, in a call-site-neutral form over the callee
//! area (`Σ'(g.c, g.n, in, out)`); lifting one to a call site (binding actuals and return
//! targets) is done by [`Engine::call_return`], so `SummaryEdges(c)` of the paper is
//! `call_return(c, ·, Σ')`.

use crate::analysis;
use crate::encode::{Copy, Layout, Rename};
use crate::{Options, Stats};
use biodivine_lib_bdd::{Bdd, BddVariable};
use bp::cfg::{Cfg, NodeId, NodeKind, ProcId, VarId};
use std::collections::VecDeque;
use std::time::Instant;

/// Precomputed relations and variable lists of one vertex.
pub(crate) enum Step {
    /// Copy to every successor, quantifying the variables dead there.
    Plain {
        dead: Vec<Vec<BddVariable>>,
    },
    /// Relational product with `rel`, quantifying `quant`, then `rename` (n → c).
    Assign {
        rel: Bdd,
        quant: Vec<BddVariable>,
        rename: Rename,
    },
    /// Conditional: may-true and may-false of the decider.
    Cond {
        t: Bdd,
        f: Bdd,
        dead: Vec<Vec<BddVariable>>,
    },
    Call(Box<CallStep>),
    Exit {
        quant: Vec<BddVariable>,
        rename: Rename,
    },
    Stop,
}

pub(crate) struct CallStep {
    pub callee: ProcId,
    pub ret_pt: NodeId,
    /// ⋀ in_i ≡ actual_i (over the caller's `c` copy).
    pub argbind: Bdd,
    pub entry_quant: Vec<BddVariable>,
    pub entry_rename: Rename,
    /// SelfLoop: e ≡ c for the callee's tracked globals and formals, and its `enforce`.
    pub entry_eq: Bdd,
    pub ret_quant1: Vec<BddVariable>,
    pub ret_rename1: Rename,
    /// Return targets: lhs_j.n ≡ out_j (None when the call assigns nothing).
    pub retbind: Option<(Bdd, Vec<BddVariable>, Rename)>,
    /// The caller's `enforce` after the return, and the locals dead at the return point.
    pub after: Option<Bdd>,
    pub after_dead: Vec<BddVariable>,
}

pub(crate) struct Engine<'a> {
    pub cfg: &'a Cfg,
    pub lay: Layout,
    pub steps: Vec<Step>,
    /// Globals whose values each procedure's path edges record (REF ∪ MOD).
    pub tracked: Vec<Vec<VarId>>,
    /// Locals live at each vertex (all locals when live ranges are off).
    pub live: Vec<Vec<VarId>>,
    pub cancel: Option<std::sync::Arc<std::sync::atomic::AtomicBool>>,
}

impl<'a> Engine<'a> {
    pub fn new(cfg: &'a Cfg, opts: &Options) -> Engine<'a> {
        let lay = Layout::new(cfg);
        let np = cfg.procs.len();
        let all_globals = cfg.globals.clone();
        let (mods, refs) = if opts.mod_ref {
            analysis::mod_ref(cfg)
        } else {
            (vec![all_globals.clone(); np], vec![all_globals.clone(); np])
        };
        let mut tracked = refs;
        // main's entry is the program's initial state: it tracks every global.
        tracked[cfg.main] = all_globals.clone();
        let live = if opts.live_ranges {
            analysis::live_locals(cfg)
        } else {
            cfg.nodes.iter().map(|n| cfg.procs[n.proc].scope_locals().collect()).collect()
        };
        let mut eng = Engine { cfg, lay, steps: Vec::new(), tracked, live, cancel: opts.cancel.clone() };
        eng.steps = (0..cfg.nodes.len()).map(|n| eng.build_step(n, &mods)).collect();
        eng
    }

    fn c(&self, v: VarId) -> BddVariable {
        self.lay.var(v, Copy::C)
    }

    /// `c` copies of the locals of `w`'s procedure that are dead at `w`.
    fn dead_at(&self, w: NodeId) -> Vec<BddVariable> {
        let p = &self.cfg.procs[self.cfg.nodes[w].proc];
        p.scope_locals().filter(|v| !self.live[w].contains(v)).map(|v| self.c(v)).collect()
    }

    fn enforce(&self, p: ProcId) -> Option<Bdd> {
        self.cfg.procs[p].enforce.as_ref().map(|e| self.lay.expr(e).0)
    }

    fn assign_step(
        &self,
        n: NodeId,
        lhs: &[VarId],
        rhs: &[bp::cfg::CExpr],
        constrain: Option<&bp::cfg::CExpr>,
    ) -> Step {
        let node = &self.cfg.nodes[n];
        let w = node.next[0];
        let mut rel = self.lay.vs.mk_true();
        for (x, e) in lhs.iter().zip(rhs) {
            rel = rel.and(&self.lay.bind(self.lay.var(*x, Copy::N), &self.lay.expr(e)));
        }
        if let Some(c) = constrain {
            rel = rel.and(&self.lay.expr(c).0);
        }
        if let Some(e) = &self.cfg.procs[node.proc].enforce {
            // The constraint must hold after the assignment: read assigned variables in `n`.
            let post = self.lay.expr_with(e, &|v, _| self.lay.var(v, if lhs.contains(&v) { Copy::N } else { Copy::C }));
            rel = rel.and(&post.0);
        }
        let dead = self.dead_at(w);
        let mut quant: Vec<BddVariable> = lhs.iter().map(|&x| self.c(x)).collect();
        let mut ren = Vec::new();
        for &x in lhs {
            if dead.contains(&self.c(x)) {
                quant.push(self.lay.var(x, Copy::N));
            } else {
                ren.push((self.lay.var(x, Copy::N), self.c(x)));
            }
        }
        for d in dead {
            if !quant.contains(&d) {
                quant.push(d);
            }
        }
        Step::Assign { rel, quant, rename: Rename::new(ren) }
    }

    /// The precomputed transfer of vertex `n`, one arm per CFG vertex kind.
    fn build_step(&self, n: NodeId, mods: &[Vec<VarId>]) -> Step {
        let cfg = self.cfg;
        let node = &cfg.nodes[n];
        let dead_succ = || node.next.iter().map(|&w| self.dead_at(w)).collect::<Vec<_>>();
        match &node.kind {
            NodeKind::Skip | NodeKind::Goto | NodeKind::ReturnPt { .. } => Step::Plain { dead: dead_succ() },
            NodeKind::Assign { lhs, rhs, constrain } => self.assign_step(n, lhs, rhs, constrain.as_ref()),
            NodeKind::Return(vals) => {
                let rets = &cfg.procs[node.proc].rets;
                if vals.is_empty() {
                    Step::Plain { dead: dead_succ() }
                } else {
                    self.assign_step(n, rets, vals, None)
                }
            }
            NodeKind::Cond { cond, .. } => {
                let (t, f) = self.lay.expr(cond);
                Step::Cond { t, f, dead: dead_succ() }
            }
            NodeKind::Assume(cond) => {
                let (t, _) = self.lay.expr(cond);
                Step::Cond { t, f: self.lay.vs.mk_false(), dead: vec![self.dead_at(node.next[0]), Vec::new()] }
            }
            NodeKind::Call { callee, args, lhs } => self.call_step_at(n, *callee, args, lhs, mods),
            NodeKind::Exit => self.exit_step(node.proc, mods),
            NodeKind::Err => Step::Stop,
        }
    }

    /// The call transfer at `n`: argument binding, callee entry (forgetting the caller's
    /// frame) and the return binding through the callee's summary.
    fn call_step_at(
        &self,
        n: NodeId,
        callee: ProcId,
        args: &[bp::cfg::CExpr],
        lhs: &[VarId],
        mods: &[Vec<VarId>],
    ) -> Step {
        let cfg = self.cfg;
        let node = &cfg.nodes[n];
        let q = &cfg.procs[callee];
        let mut argbind = self.lay.vs.mk_true();
        for (i, a) in args.iter().enumerate() {
            argbind = argbind.and(&self.lay.bind(self.lay.arg_in(i), &self.lay.expr(a)));
        }
        let entry_quant = self.entry_forget(node.proc, callee);
        let entry_rename = Rename::new(q.formals.iter().enumerate().map(|(i, &f)| (self.lay.arg_in(i), self.c(f))));
        let mut entry_eq = self.enforce(callee).unwrap_or_else(|| self.lay.vs.mk_true());
        for &x in self.tracked[callee].iter().chain(&q.formals) {
            entry_eq = entry_eq.and(&self.lay.equiv(self.lay.var(x, Copy::E), self.c(x)));
        }
        let dead_entry = self.dead_at(q.first);
        if !dead_entry.is_empty() {
            entry_eq = entry_eq.exists(&dead_entry);
        }
        // Return: Σ' speaks of the callee's MOD globals as g.c (before) / g.n (after).
        let mut ret_quant1: Vec<BddVariable> = (0..q.formals.len()).map(|i| self.lay.arg_in(i)).collect();
        let mut ren1 = Vec::new();
        for &g in &mods[callee] {
            ret_quant1.push(self.c(g));
            ren1.push((self.lay.var(g, Copy::N), self.c(g)));
        }
        let ret_pt = node.next[0];
        let after_dead = self.dead_at(ret_pt);
        let retbind = if lhs.is_empty() {
            ret_quant1.extend((0..q.rets.len()).map(|j| self.lay.ret_out(j)));
            None
        } else {
            Some(self.return_binding(q.rets.len(), lhs, &after_dead))
        };
        Step::Call(Box::new(CallStep {
            callee,
            ret_pt,
            argbind,
            entry_quant,
            entry_rename,
            entry_eq,
            ret_quant1,
            ret_rename1: Rename::new(ren1),
            retbind,
            after: self.enforce(node.proc),
            after_dead,
        }))
    }

    /// Entry: forget the caller's frame and the globals the callee does not track.
    fn entry_forget(&self, caller_id: ProcId, callee: ProcId) -> Vec<BddVariable> {
        let caller = &self.cfg.procs[caller_id];
        let mut entry_quant: Vec<BddVariable> = Vec::new();
        for &g in &self.cfg.globals {
            if self.tracked[caller_id].contains(&g) {
                entry_quant.push(self.lay.var(g, Copy::E));
            }
            if !self.tracked[callee].contains(&g) {
                entry_quant.push(self.c(g));
            }
        }
        for v in caller.scope_locals() {
            entry_quant.push(self.c(v));
        }
        for &f in &caller.formals {
            entry_quant.push(self.lay.var(f, Copy::E));
        }
        entry_quant
    }

    /// Binds the call's left-hand sides `lhs` to the callee's `nrets` return slots; a
    /// left-hand side dead after the call is quantified instead of renamed.
    fn return_binding(
        &self,
        nrets: usize,
        lhs: &[VarId],
        after_dead: &[BddVariable],
    ) -> (Bdd, Vec<BddVariable>, Rename) {
        let mut rb = self.lay.vs.mk_true();
        let mut q2: Vec<BddVariable> = (0..nrets).map(|j| self.lay.ret_out(j)).collect();
        let mut ren2 = Vec::new();
        for (j, &x) in lhs.iter().enumerate() {
            rb = rb.and(&self.lay.equiv(self.lay.var(x, Copy::N), self.lay.ret_out(j)));
            q2.push(self.c(x));
            if after_dead.contains(&self.c(x)) {
                q2.push(self.lay.var(x, Copy::N));
            } else {
                ren2.push((self.lay.var(x, Copy::N), self.c(x)));
            }
        }
        (rb, q2, Rename::new(ren2))
    }

    /// The exit transfer of procedure `p`: turns path edges into a summary Σ' over
    /// entry values, MOD globals' new values, argument and return slots.
    fn exit_step(&self, p: ProcId, mods: &[Vec<VarId>]) -> Step {
        let cfg = self.cfg;
        let pc = &cfg.procs[p];
        let mut quant: Vec<BddVariable> = Vec::new();
        let mut ren = Vec::new();
        let pmods = &mods[p];
        for &g in &self.tracked[p] {
            ren.push((self.lay.var(g, Copy::E), self.c(g)));
            if pmods.contains(&g) {
                ren.push((self.c(g), self.lay.var(g, Copy::N)));
            } else {
                quant.push(self.c(g));
            }
        }
        for v in pc.formals.iter().chain(&pc.locals) {
            quant.push(self.c(*v));
        }
        for (i, &f) in pc.formals.iter().enumerate() {
            ren.push((self.lay.var(f, Copy::E), self.lay.arg_in(i)));
        }
        for (j, &r) in pc.rets.iter().enumerate() {
            ren.push((self.c(r), self.lay.ret_out(j)));
        }
        Step::Exit { quant, rename: Rename::new(ren) }
    }

    /// The initial path edges at main's first vertex: ⟨Ω, Ω⟩ for every valuation.
    pub fn initial(&self) -> Bdd {
        let m = &self.cfg.procs[self.cfg.main];
        let mut b = self.enforce(self.cfg.main).unwrap_or_else(|| self.lay.vs.mk_true());
        for &x in self.cfg.globals.iter().chain(&m.formals) {
            b = b.and(&self.lay.equiv(self.lay.var(x, Copy::E), self.c(x)));
        }
        let dead = self.dead_at(m.first);
        if dead.is_empty() {
            b
        } else {
            b.exists(&dead)
        }
    }

    fn quantify(b: &Bdd, vars: &[BddVariable]) -> Bdd {
        if vars.is_empty() {
            b.clone()
        } else {
            b.exists(vars)
        }
    }

    /// Join(d, Transfer_v) for every intraprocedural successor, and the callee entry for a
    /// call (SelfLoop of the call transfer). Summaries are applied by [`Self::call_return`].
    pub fn post(&self, v: NodeId, d: &Bdd, out: &mut Vec<(NodeId, Bdd)>) {
        let next = &self.cfg.nodes[v].next;
        match &self.steps[v] {
            Step::Plain { dead } => {
                for (i, &w) in next.iter().enumerate() {
                    out.push((w, Self::quantify(d, &dead[i])));
                }
            }
            Step::Assign { rel, quant, rename } => {
                let r = Bdd::binary_op_with_exists(d, rel, biodivine_lib_bdd::op_function::and, quant);
                out.push((next[0], rename.apply(r)));
            }
            Step::Cond { t, f, dead } => {
                for (i, rel) in [t, f].into_iter().enumerate() {
                    if i < next.len() && !rel.is_false() {
                        let r = Bdd::binary_op_with_exists(d, rel, biodivine_lib_bdd::op_function::and, &dead[i]);
                        out.push((next[i], r));
                    }
                }
            }
            Step::Call(cs) => {
                out.push((self.cfg.procs[cs.callee].first, self.call_entry(cs, d)));
            }
            Step::Exit { .. } | Step::Stop => {}
        }
    }

    pub fn call_entry(&self, cs: &CallStep, d: &Bdd) -> Bdd {
        let s = Bdd::binary_op_with_exists(d, &cs.argbind, biodivine_lib_bdd::op_function::and, &cs.entry_quant);
        let s = cs.entry_rename.apply(s);
        s.and(&cs.entry_eq)
    }

    /// Join(d, Lift_c(Σ')): the caller's path edges after the call returns.
    pub fn call_return(&self, cs: &CallStep, d: &Bdd, sigma: &Bdd) -> Bdd {
        let a = d.and(&cs.argbind);
        let x = Bdd::binary_op_with_exists(&a, sigma, biodivine_lib_bdd::op_function::and, &cs.ret_quant1);
        let mut x = cs.ret_rename1.apply(x);
        if let Some((rb, q2, ren2)) = &cs.retbind {
            x = ren2.apply(Bdd::binary_op_with_exists(&x, rb, biodivine_lib_bdd::op_function::and, q2));
        }
        if let Some(e) = &cs.after {
            x = x.and(e);
        }
        Self::quantify(&x, &cs.after_dead)
    }

    /// The summary contributed by path edges `d` at the exit of a procedure.
    pub fn exit_summary(&self, exit: NodeId, d: &Bdd) -> Bdd {
        match &self.steps[exit] {
            Step::Exit { quant, rename } => rename.apply(Self::quantify(d, quant)),
            _ => unreachable!("exit_summary is called on exit vertices only"),
        }
    }

    pub fn call_step(&self, v: NodeId) -> Option<&CallStep> {
        match &self.steps[v] {
            Step::Call(cs) => Some(cs),
            _ => None,
        }
    }
}

/// The result of the fixpoint: path edges per vertex and the summary pieces with their stamps.
pub(crate) struct Fixpoint {
    pub pe: Vec<Bdd>,
    /// Per procedure, the summary pieces in the order they were found (stamp, Σ' delta).
    pub pieces: Vec<Vec<(u64, Bdd)>>,
    pub summary: Vec<Bdd>,
    /// False when the caller cancelled the fixpoint.
    pub complete: bool,
}

/// The worklist state of [`reachable`]: path edges, their unpropagated deltas and the queue.
struct Worklist {
    pe: Vec<Bdd>,
    delta: Vec<Option<Bdd>>,
    queued: Vec<bool>,
    work: VecDeque<NodeId>,
    /// The sum of the path-edge BDD sizes, for the peak statistic.
    total_nodes: usize,
}

impl Worklist {
    /// Adds `p` to the path edges at `w`; only the new part is queued for propagation.
    fn propagate(&mut self, w: NodeId, p: Bdd, stats: &mut Stats) {
        if p.is_false() {
            return;
        }
        let new = p.and_not(&self.pe[w]);
        if new.is_false() {
            return;
        }
        let grown = self.pe[w].or(&new);
        self.total_nodes = self.total_nodes + grown.size() - self.pe[w].size();
        stats.peak_bdd_nodes = stats.peak_bdd_nodes.max(self.total_nodes);
        self.pe[w] = grown;
        self.delta[w] = Some(match self.delta[w].take() {
            Some(d) => d.or(&new),
            None => new,
        });
        if !self.queued[w] {
            self.queued[w] = true;
            self.work.push_back(w);
        }
    }

    /// Propagates `d` through `v`'s intraprocedural successors (and a call's callee entry).
    fn post(&mut self, eng: &Engine, v: NodeId, d: &Bdd, out: &mut Vec<(NodeId, Bdd)>, stats: &mut Stats) {
        out.clear();
        eng.post(v, d, out);
        for (w, b) in out.drain(..) {
            self.propagate(w, b, stats);
        }
    }
}

/// The summary pieces found so far, per procedure, with the stamp counter.
struct Summaries {
    summary: Vec<Bdd>,
    pieces: Vec<Vec<(u64, Bdd)>>,
    stamp: u64,
}

/// At an exit vertex: adds the new part of the summary and applies it at every caller.
fn exit_vertex(eng: &Engine, v: NodeId, d: &Bdd, wl: &mut Worklist, sums: &mut Summaries, stats: &mut Stats) {
    let cfg = eng.cfg;
    let p = cfg.nodes[v].proc;
    let s = eng.exit_summary(v, d);
    let new = s.and_not(&sums.summary[p]);
    if new.is_false() {
        return;
    }
    sums.summary[p] = sums.summary[p].or(&new);
    sums.stamp += 1;
    sums.pieces[p].push((sums.stamp, new.clone()));
    for &c in &cfg.procs[p].callers {
        if wl.pe[c].is_false() {
            continue;
        }
        let cs = eng.call_step(c).expect("callers are call vertices");
        let r = eng.call_return(cs, &wl.pe[c], &new);
        wl.propagate(cs.ret_pt, r, stats);
    }
}

/// Fig. 3: the worklist algorithm, propagating only the new part of each PathEdges set.
pub(crate) fn reachable(eng: &Engine, stats: &mut Stats) -> Fixpoint {
    let t0 = Instant::now();
    let cfg = eng.cfg;
    let nn = cfg.nodes.len();
    let np = cfg.procs.len();
    let f = eng.lay.vs.mk_false();
    let mut wl = Worklist {
        pe: vec![f.clone(); nn],
        delta: vec![None; nn],
        queued: vec![false; nn],
        work: VecDeque::new(),
        total_nodes: 0,
    };
    let mut sums = Summaries { summary: vec![f.clone(); np], pieces: vec![Vec::new(); np], stamp: 0 };

    let main_first = cfg.procs[cfg.main].first;
    wl.propagate(main_first, eng.initial(), stats);
    let mut out = Vec::new();
    let mut complete = true;
    while let Some(v) = wl.work.pop_front() {
        if eng.cancel.as_ref().is_some_and(|c| c.load(std::sync::atomic::Ordering::Relaxed)) {
            complete = false;
            break;
        }
        wl.queued[v] = false;
        stats.iterations += 1;
        let Some(d) = wl.delta[v].take() else { continue };
        match &eng.steps[v] {
            Step::Exit { .. } => exit_vertex(eng, v, &d, &mut wl, &mut sums, stats),
            Step::Call(cs) => {
                wl.post(eng, v, &d, &mut out, stats);
                let q = cs.callee;
                if !sums.summary[q].is_false() {
                    let r = eng.call_return(cs, &d, &sums.summary[q]);
                    wl.propagate(cs.ret_pt, r, stats);
                }
            }
            _ => wl.post(eng, v, &d, &mut out, stats),
        }
    }
    stats.summaries = sums.stamp as usize;
    stats.final_bdd_nodes = wl.total_nodes;
    stats.time_reach = t0.elapsed();
    Fixpoint { pe: wl.pe, pieces: sums.pieces, summary: sums.summary, complete }
}
