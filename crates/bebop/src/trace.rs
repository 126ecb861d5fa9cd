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
    let omega = tr.pick(target, &rings[target].iter().find(|(k, _)| *k == r)?.1);
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
    Some(Trace { steps })
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
    ) -> Option<(Vec<Vec<(usize, Bdd)>>, (NodeId, usize))> {
        let nn = self.eng.cfg.nodes.len();
        let f = self.eng.lay.vs.mk_false();
        let mut rings: Vec<Vec<(usize, Bdd)>> = vec![Vec::new(); nn];
        let mut seen = vec![f.clone(); nn];
        let mut frontier: Vec<(NodeId, Bdd)> = vec![(start, init)];
        let mut r = 0;
        loop {
            let mut next: Vec<(NodeId, Bdd)> = Vec::new();
            let mut active: Vec<NodeId> = Vec::new();
            for (v, set) in frontier.drain(..) {
                let fresh = set.and_not(&seen[v]);
                if fresh.is_false() {
                    continue;
                }
                seen[v] = seen[v].or(&fresh);
                rings[v].push((r, fresh));
                active.push(v);
            }
            // Hit?
            for &t in targets {
                if let Some((_, s)) = rings[t].last().filter(|(k, _)| *k == r) {
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
                let set = &rings[v].last().expect("active vertices have a ring").1;
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
        rings: &[Vec<(usize, Bdd)>],
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
                let Some((_, set)) = rings[u].iter().find(|(k, _)| *k == r - 1) else { continue };
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
    fn expand(&self, u: NodeId, upt: &Bdd, vpt: &Bdd, before: u64, depth: usize, steps: &mut Vec<TraceStep>) -> Option<()> {
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
        let xset = &rings[exit].iter().find(|(k, _)| *k == r)?.1;
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
