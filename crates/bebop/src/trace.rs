//! Shortest hierarchical traces (§3.2).
//!
//! After the fixpoint, a breadth-first search from main's entry over the hierarchical
//! transition graph (intraprocedural edges, call entries, and summary edges that jump over a
//! call in one step) partitions path edges into *rings*: PathEdges_r(v) holds the edges first
//! reached in r steps. From the nearest target we walk back one ring at a time, each time
//! choosing a predecessor state whose image contains the current state (found by fixing one
//! variable after another: images distribute over union, so one half always works).
//!
//! Summary jumps are expanded on demand: the summary piece that justifies the jump was found
//! at some stamp t, from path edges that used only summaries found before t, so a search in
//! the callee restricted to summaries older than t finds the callee's path, and nested
//! expansions use strictly older summaries — the recursion ends.

use crate::encode::Copy;
use crate::rhs::{CallStep, Engine, Fixpoint};
use crate::{Trace, TraceStep};
use biodivine_lib_bdd::{Bdd, BddVariable};
use bp::cfg::{NodeId, NodeKind, ProcId, VarId};
use std::collections::HashMap;

/// Rings per vertex: (ring number, path edges first reached at that ring). A map, so that a
/// search inside one callee costs what the callee costs, not what the program costs.
type Rings = HashMap<NodeId, Vec<(usize, Bdd)>>;

fn ring(rings: &Rings, v: NodeId, r: usize) -> Option<&Bdd> {
    rings.get(&v)?.iter().find(|(k, _)| *k == r).map(|(_, b)| b)
}

/// How the path got from one vertex to the next.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Edge {
    Intra,
    /// From a call vertex into the callee's first vertex.
    Enter,
    /// From a call vertex over the call to its return point, by a summary.
    Summary,
}

/// Which summaries a search may use.
#[derive(Clone, Copy)]
enum Summaries {
    All,
    Before(u64),
}

struct Tracer<'e, 'a> {
    eng: &'e Engine<'a>,
    fix: &'e Fixpoint,
    preds: Vec<Vec<NodeId>>,
}

pub(crate) fn shortest(eng: &Engine, fix: &Fixpoint, targets: &[NodeId]) -> Option<Trace> {
    if !targets.iter().any(|&t| !fix.pe[t].is_false()) {
        return None;
    }
    let tr = Tracer { eng, fix, preds: eng.cfg.predecessors() };
    let main = eng.cfg.procs[eng.cfg.main].first;
    let init = eng.initial();
    let (rings, hit) = tr.bfs(main, init, None, targets, Summaries::All)?;
    let (target, r) = hit;
    let omega = tr.pick(target, ring(&rings, target, r)?);
    let path = tr.walk_back(&rings, target, omega, r, None, Summaries::All)?;
    // Forward, with depths and expanded summaries.
    let mut steps = Vec::new();
    let mut depth = 0;
    for (i, (v, pt, edge_in)) in path.iter().enumerate() {
        if *edge_in == Edge::Enter {
            depth += 1;
        }
        if *edge_in == Edge::Summary {
            let (u, upt, _) = &path[i - 1];
            tr.expand(*u, upt, pt, u64::MAX, depth + 1, &mut steps)?;
        }
        steps.push(tr.step(*v, pt, depth));
    }
    fill_dead_values(eng, &mut steps);
    Some(Trace { steps })
}

/// Live ranges drop dead locals from path edges, so a step may not know a value the program
/// still holds. A concrete run keeps a value until it is assigned, so carry each local's last
/// known value forward within its frame (restored after a call returns, except the call's
/// targets), and each global's across steps, unless the previous statement assigns it.
fn fill_dead_values(eng: &Engine, steps: &mut [TraceStep]) {
    let cfg = eng.cfg;
    let assigned = |n: NodeId| -> Vec<VarId> {
        match &cfg.nodes[n].kind {
            NodeKind::Assign { lhs, .. } => lhs.clone(),
            NodeKind::Return(_) => cfg.procs[cfg.nodes[n].proc].rets.clone(),
            NodeKind::ReturnPt { call } => match &cfg.nodes[*call].kind {
                NodeKind::Call { lhs, .. } => lhs.clone(),
                _ => Vec::new(),
            },
            _ => Vec::new(),
        }
    };
    let mut frames: Vec<HashMap<VarId, bool>> = vec![HashMap::new()];
    let mut globals: HashMap<VarId, bool> = HashMap::new();
    for i in 0..steps.len() {
        let v = steps[i].node;
        if i > 0 {
            let u = steps[i - 1].node;
            let depth_change = steps[i].depth as isize - steps[i - 1].depth as isize;
            if matches!(cfg.nodes[u].kind, NodeKind::Call { .. }) && depth_change > 0 {
                frames.push(HashMap::new());
            } else if matches!(cfg.nodes[u].kind, NodeKind::Exit) && frames.len() > 1 {
                frames.pop();
            }
            for x in assigned(v) {
                frames.last_mut().expect("a frame").remove(&x);
                globals.remove(&x);
            }
            if matches!(cfg.nodes[u].kind, NodeKind::Assign { .. } | NodeKind::Return(_)) {
                for x in assigned(u) {
                    frames.last_mut().expect("a frame").remove(&x);
                    globals.remove(&x);
                }
            }
        }
        let p = cfg.nodes[v].proc;
        let frame = frames.last_mut().expect("a frame");
        for &(x, b) in &steps[i].state {
            if cfg.procs[p].scope_locals().any(|l| l == x) {
                frame.insert(x, b);
            } else {
                globals.insert(x, b);
            }
        }
        let have: Vec<VarId> = steps[i].state.iter().map(|(x, _)| *x).collect();
        let mut extra: Vec<(VarId, bool)> = Vec::new();
        for x in eng.tracked[p].iter().copied().chain(cfg.procs[p].scope_locals()) {
            if have.contains(&x) {
                continue;
            }
            if let Some(&b) = frame.get(&x).or_else(|| globals.get(&x)) {
                extra.push((x, b));
            }
        }
        steps[i].state.extend(extra);
        let order = |x: &VarId| (cfg.vars[*x].proc.is_some(), cfg.procs[p].scope_locals().position(|l| l == *x), *x);
        steps[i].state.sort_by_key(|(x, _)| order(x));
    }
}

impl Tracer<'_, '_> {
    fn proc_of(&self, v: NodeId) -> ProcId {
        self.eng.cfg.nodes[v].proc
    }

    /// The BDD variables that make up a state at a vertex of procedure `p`.
    fn scope_vars(&self, p: ProcId) -> Vec<BddVariable> {
        let cfg = self.eng.cfg;
        let lay = &self.eng.lay;
        let pc = &cfg.procs[p];
        let mut vs = Vec::new();
        for &g in &self.eng.tracked[p] {
            vs.push(lay.var(g, Copy::E));
            vs.push(lay.var(g, Copy::C));
        }
        for &f in &pc.formals {
            vs.push(lay.var(f, Copy::E));
        }
        for v in pc.scope_locals() {
            vs.push(lay.var(v, Copy::C));
        }
        vs.sort();
        vs
    }

    /// One concrete state of a non-empty set.
    fn pick(&self, v: NodeId, set: &Bdd) -> Bdd {
        let w = set.sat_witness().expect("pick from a non-empty set");
        let vs = &self.eng.lay.vs;
        let mut point = vs.mk_true();
        for x in self.scope_vars(self.proc_of(v)) {
            point = point.and(&vs.mk_literal(x, w.value(x)));
        }
        point
    }

    fn summary(&self, q: ProcId, which: Summaries) -> Bdd {
        match which {
            Summaries::All => self.fix.summary[q].clone(),
            Summaries::Before(t) => {
                let mut s = self.eng.lay.vs.mk_false();
                for (k, piece) in &self.fix.pieces[q] {
                    if *k < t {
                        s = s.or(piece);
                    }
                }
                s
            }
        }
    }

    /// The image of `set` at `u` along the edge to `v`.
    fn image(&self, u: NodeId, set: &Bdd, v: NodeId, edge: Edge, which: Summaries) -> Bdd {
        let eng = self.eng;
        match edge {
            Edge::Summary => {
                let cs = eng.call_step(u).expect("summary edges leave call vertices");
                eng.call_return(cs, set, &self.summary(cs.callee, which))
            }
            Edge::Enter => eng.call_entry(eng.call_step(u).expect("entry edges leave call vertices"), set),
            Edge::Intra => {
                let mut out = Vec::new();
                eng.post(u, set, &mut out);
                let mut r = eng.lay.vs.mk_false();
                for (w, b) in out {
                    if w == v && !(matches!(eng.cfg.nodes[u].kind, NodeKind::Call { .. })) {
                        r = r.or(&b);
                    }
                }
                r
            }
        }
    }

    /// Successor sets of `set` at `v` with the edge kinds. `within`: stay inside one procedure.
    fn successors(&self, v: NodeId, set: &Bdd, within: Option<ProcId>, which: Summaries) -> Vec<(NodeId, Bdd)> {
        let eng = self.eng;
        let mut out = Vec::new();
        if let Some(cs) = eng.call_step(v) {
            if within.is_none() {
                out.push((eng.cfg.procs[cs.callee].first, eng.call_entry(cs, set)));
            }
            let s = self.summary(cs.callee, which);
            if !s.is_false() {
                out.push((cs.ret_pt, eng.call_return(cs, set, &s)));
            }
        } else {
            eng.post(v, set, &mut out);
        }
        out
    }

    /// Breadth-first search by rings from `start` (ring 0 = `init`) until a target is hit.
    /// With `within`, the search stays in one procedure and targets are exit states accepted
    /// by `accept`.
    #[allow(clippy::type_complexity)]
    fn bfs(
        &self,
        start: NodeId,
        init: Bdd,
        within: Option<(ProcId, &dyn Fn(&Bdd) -> bool)>,
        targets: &[NodeId],
        which: Summaries,
    ) -> Option<(Rings, (NodeId, usize))> {
        let mut rings: Rings = HashMap::new();
        let mut seen: HashMap<NodeId, Bdd> = HashMap::new();
        let mut frontier: Vec<(NodeId, Bdd)> = vec![(start, init)];
        let mut r = 0;
        loop {
            let mut next: Vec<(NodeId, Bdd)> = Vec::new();
            let mut active: Vec<NodeId> = Vec::new();
            for (v, set) in frontier.drain(..) {
                let fresh = match seen.get(&v) {
                    Some(old) => set.and_not(old),
                    None => set,
                };
                if fresh.is_false() {
                    continue;
                }
                let all = match seen.get(&v) {
                    Some(old) => old.or(&fresh),
                    None => fresh.clone(),
                };
                seen.insert(v, all);
                rings.entry(v).or_default().push((r, fresh));
                active.push(v);
            }
            // Hit?
            for &t in targets {
                if let Some(s) = ring(&rings, t, r) {
                    let ok = match &within {
                        Some((_, accept)) => accept(s),
                        None => true,
                    };
                    if ok {
                        return Some((rings, (t, r)));
                    }
                }
            }
            let any = !active.is_empty();
            for &v in &active {
                let set = ring(&rings, v, r).expect("active vertices have a ring");
                for (w, b) in self.successors(v, set, within.as_ref().map(|(p, _)| *p), which) {
                    if b.is_false() {
                        continue;
                    }
                    match next.iter_mut().find(|(x, _)| *x == w) {
                        Some((_, acc)) => *acc = acc.or(&b),
                        None => next.push((w, b)),
                    }
                }
            }
            if !any || next.is_empty() {
                return None;
            }
            frontier = next;
            r += 1;
        }
    }

    /// Narrow `set` to one state that still satisfies `ok` (which must hold of `set`).
    fn narrow(&self, v: NodeId, set: &Bdd, ok: &dyn Fn(&Bdd) -> bool) -> Bdd {
        let vs = &self.eng.lay.vs;
        let mut s = set.clone();
        for x in self.scope_vars(self.proc_of(v)) {
            let s1 = s.and(&vs.mk_var(x));
            if !s1.is_false() && ok(&s1) {
                s = s1;
            } else {
                s = s.and(&vs.mk_not_var(x));
            }
        }
        s
    }

    /// Walk back from (v, ω) at ring r to ring 0. Returns the path forward: each vertex with
    /// its state and the kind of edge that led into it.
    fn walk_back(
        &self,
        rings: &Rings,
        mut v: NodeId,
        mut omega: Bdd,
        mut r: usize,
        within: Option<ProcId>,
        which: Summaries,
    ) -> Option<Vec<(NodeId, Bdd, Edge)>> {
        let cfg = self.eng.cfg;
        let mut back: Vec<(NodeId, Bdd, Edge)> = Vec::new();
        while r > 0 {
            let mut cands: Vec<(NodeId, Edge)> = Vec::new();
            for &u in &self.preds[v] {
                let e = if matches!(cfg.nodes[u].kind, NodeKind::Call { .. }) { Edge::Summary } else { Edge::Intra };
                cands.push((u, e));
            }
            let p = self.proc_of(v);
            if within.is_none() && cfg.procs[p].first == v {
                for &u in &cfg.procs[p].callers {
                    cands.push((u, Edge::Enter));
                }
            }
            let mut found = None;
            for (u, e) in cands {
                let Some(set) = ring(rings, u, r - 1) else { continue };
                let hits = |s: &Bdd| !self.image(u, s, v, e, which).and(&omega).is_false();
                if hits(set) {
                    let pt = self.narrow(u, set, &hits);
                    found = Some((u, pt, e));
                    break;
                }
            }
            let (u, pt, e) = found?;
            back.push((v, omega, e));
            v = u;
            omega = pt;
            r -= 1;
        }
        back.push((v, omega, Edge::Intra));
        back.reverse();
        Some(back)
    }

    /// Expand the summary jump from call `u` (state `upt`) to its return point (state `vpt`):
    /// push the callee's steps, from its first vertex to its exit, at `depth`.
    fn expand(
        &self,
        u: NodeId,
        upt: &Bdd,
        vpt: &Bdd,
        before: u64,
        depth: usize,
        steps: &mut Vec<TraceStep>,
    ) -> Option<()> {
        let eng = self.eng;
        let cs: &CallStep = eng.call_step(u)?;
        let q = cs.callee;
        // The oldest summary piece that justifies the jump.
        let t = self.fix.pieces[q]
            .iter()
            .filter(|(k, _)| *k < before)
            .find(|(_, piece)| !eng.call_return(cs, upt, piece).and(vpt).is_false())?
            .0;
        let which = Summaries::Before(t);
        let exit = eng.cfg.procs[q].exit;
        let first = eng.cfg.procs[q].first;
        let accept = |x: &Bdd| {
            let s = eng.exit_summary(exit, x);
            !eng.call_return(cs, upt, &s).and(vpt).is_false()
        };
        let init = eng.call_entry(cs, upt);
        let (rings, (_, r)) = self.bfs(first, init, Some((q, &accept)), &[exit], which)?;
        let xset = ring(&rings, exit, r)?;
        let xpt = self.narrow(exit, xset, &accept);
        let path = self.walk_back(&rings, exit, xpt, r, Some(q), which)?;
        for (i, (v, pt, edge_in)) in path.iter().enumerate() {
            if *edge_in == Edge::Summary {
                let (pu, ppt, _) = &path[i - 1];
                self.expand(*pu, ppt, pt, t, depth + 1, steps)?;
            }
            steps.push(self.step(*v, pt, depth));
        }
        Some(())
    }

    /// The printed state: tracked globals and the locals live at the vertex.
    fn step(&self, v: NodeId, pt: &Bdd, depth: usize) -> TraceStep {
        let eng = self.eng;
        let p = self.proc_of(v);
        let w = pt.sat_witness().expect("a trace state is never empty");
        let mut state: Vec<(VarId, bool)> = Vec::new();
        for &g in &eng.tracked[p] {
            state.push((g, w.value(eng.lay.var(g, Copy::C))));
        }
        for &x in &eng.live[v] {
            state.push((x, w.value(eng.lay.var(x, Copy::C))));
        }
        TraceStep { node: v, depth, state }
    }
}
