//! An explicit-state reference checker, independent of the BDD code: it is used to
//! cross-check Bebop in tests, and it is exponential in the number of variables in scope
//! (meant for programs with about ten variables in one procedure's scope).
//!
//! A state at a vertex of procedure P is a bit vector over the variables in P's scope: the
//! globals take bits `0..G`, P's formals, return slots and locals (in `scope_locals` order)
//! the bits after them. Reachability is the RHS / summary method over concrete valuations:
//! path edges are (vertex, entry valuation, current valuation) triples, summaries map a
//! (callee, entry valuation) pair to the valuations at the callee's exit. Entry valuations
//! are kept only on the globals and formals: return slots and locals start arbitrary, so
//! every entry state with the same globals and formals is entered together.
//!
//! The semantics is that of the Bebop paper's Table 1 plus the dialect: `assume` blocks when
//! false; `assert` failure goes to the procedure's Err vertex; `goto` chooses among its
//! targets; every `*` is chosen anew; `schoose[p, n]` is 1 if p, else 0 if n, else either;
//! parallel assignments may carry a `constrain` over old and new (`'x`) values; a call binds
//! the formals to the arguments and leaves the callee's return slots and locals arbitrary;
//! the return point assigns the call's targets from the callee's return slots; a
//! procedure's `enforce` constraint must hold in each of its states (others are dropped).

use crate::Trace;
use bp::cfg::{CExpr, Cfg, NodeId, NodeKind, ProcId, VarId};
use std::collections::{HashMap, HashSet, VecDeque};

/// A valuation of the variables in one procedure's scope.
type Val = u64;

/// A path edge: a vertex, the valuation at its procedure's entry, the current valuation.
type Edge = (NodeId, Val, Val);

/// Possible values of an expression: bit 0 = may be false, bit 1 = may be true.
const MAY_F: u8 = 1;
const MAY_T: u8 = 2;

fn bit(b: bool) -> u8 {
    if b {
        MAY_T
    } else {
        MAY_F
    }
}

fn values(m: u8) -> impl Iterator<Item = bool> {
    [false, true].into_iter().filter(move |&b| m & bit(b) != 0)
}

/// The largest scope the reference checker accepts.
pub const MAX_SCOPE: usize = 20;

struct Sem<'a> {
    cfg: &'a Cfg,
    /// Bit index of every variable in the valuations of its scope.
    slot: Vec<usize>,
    /// Number of variables in each procedure's scope.
    width: Vec<usize>,
    /// Per procedure, the bits of its globals and formals: the part of an entry valuation
    /// that the caller chooses (return slots and locals start arbitrary), so path edges and
    /// summaries are keyed by it.
    keymask: Vec<Val>,
    gmask: Val,
    ng: usize,
}

impl<'a> Sem<'a> {
    fn new(cfg: &'a Cfg) -> Sem<'a> {
        match Sem::try_new(cfg) {
            Ok(s) => s,
            Err(e) => panic!("{e}"),
        }
    }

    fn try_new(cfg: &'a Cfg) -> Result<Sem<'a>, String> {
        let ng = cfg.globals.len();
        let mut slot = vec![usize::MAX; cfg.vars.len()];
        for (i, &g) in cfg.globals.iter().enumerate() {
            slot[g] = i;
        }
        let mut width = Vec::new();
        let mut keymask = Vec::new();
        for p in &cfg.procs {
            let mut k = ng;
            for v in p.scope_locals() {
                slot[v] = k;
                k += 1;
            }
            if k > MAX_SCOPE {
                return Err(format!(
                    "procedure `{}` has {k} variables in scope, too many for the explicit checker (at most {MAX_SCOPE})",
                    p.name
                ));
            }
            width.push(k);
            keymask.push(((1u64 << (ng + p.formals.len())) - 1) as Val);
        }
        Ok(Sem { cfg, slot, width, gmask: (1u64 << ng) - 1, keymask, ng })
    }

    fn get(&self, s: Val, v: VarId) -> bool {
        (s >> self.slot[v]) & 1 == 1
    }

    fn set(&self, s: Val, v: VarId, b: bool) -> Val {
        if b {
            s | (1 << self.slot[v])
        } else {
            s & !(1 << self.slot[v])
        }
    }

    /// The values `e` may take with current values `cur` and (for `'x`) new values `new`.
    fn eval(&self, e: &CExpr, cur: Val, new: Val) -> u8 {
        match e {
            CExpr::Const(b) => bit(*b),
            CExpr::Var(v) => bit(self.get(cur, *v)),
            CExpr::Primed(v) => bit(self.get(new, *v)),
            CExpr::Nondet => MAY_F | MAY_T,
            CExpr::Not(a) => {
                let m = self.eval(a, cur, new);
                ((m & MAY_F) << 1) | ((m & MAY_T) >> 1)
            }
            CExpr::Bin(op, a, b) => {
                let (ma, mb) = (self.eval(a, cur, new), self.eval(b, cur, new));
                let mut out = 0;
                for x in values(ma) {
                    for y in values(mb) {
                        out |= bit(op.apply(x, y));
                    }
                }
                out
            }
            CExpr::Schoose(p, n) => {
                let (mp, mn) = (self.eval(p, cur, new), self.eval(n, cur, new));
                let mut out = 0;
                for x in values(mp) {
                    for y in values(mn) {
                        out |= if x {
                            MAY_T
                        } else if y {
                            MAY_F
                        } else {
                            MAY_F | MAY_T
                        };
                    }
                }
                out
            }
        }
    }

    fn may(&self, e: &CExpr, s: Val, b: bool) -> bool {
        self.eval(e, s, s) & bit(b) != 0
    }

    fn enforce_ok(&self, p: ProcId, s: Val) -> bool {
        match &self.cfg.procs[p].enforce {
            Some(e) => self.may(e, s, true),
            None => true,
        }
    }

    /// Every initial state at main's first vertex.
    fn initial(&self) -> Vec<Val> {
        let m = self.cfg.main;
        (0..1u64 << self.width[m]).filter(|&s| self.enforce_ok(m, s)).collect()
    }

    /// Parallel assignment of possible values of `rhs` to `lhs` under `constrain`.
    fn assign(&self, p: ProcId, s: Val, lhs: &[VarId], rhs: &[CExpr], constrain: Option<&CExpr>, out: &mut Vec<Val>) {
        for choice in 0..1u64 << lhs.len() {
            let mut new = s;
            for (i, &x) in lhs.iter().enumerate() {
                new = self.set(new, x, (choice >> i) & 1 == 1);
            }
            let ok = lhs.iter().zip(rhs).all(|(&x, e)| self.eval(e, s, new) & bit(self.get(new, x)) != 0)
                && constrain.is_none_or(|c| self.eval(c, s, new) & MAY_T != 0)
                && self.enforce_ok(p, new);
            if ok {
                out.push(new);
            }
        }
    }

    /// Intraprocedural successors of state `s` at `n` (not for calls, exits and Err).
    fn intra(&self, n: NodeId, s: Val, out: &mut Vec<(NodeId, Val)>) {
        let node = &self.cfg.nodes[n];
        let p = node.proc;
        match &node.kind {
            NodeKind::Skip | NodeKind::Goto | NodeKind::ReturnPt { .. } => {
                for &w in &node.next {
                    out.push((w, s));
                }
            }
            NodeKind::Assign { lhs, rhs, constrain } => {
                let mut vs = Vec::new();
                self.assign(p, s, lhs, rhs, constrain.as_ref(), &mut vs);
                out.extend(vs.into_iter().map(|v| (node.next[0], v)));
            }
            NodeKind::Return(vals) => {
                let mut vs = Vec::new();
                self.assign(p, s, &self.cfg.procs[p].rets, vals, None, &mut vs);
                out.extend(vs.into_iter().map(|v| (node.next[0], v)));
            }
            NodeKind::Cond { cond, .. } => {
                if self.may(cond, s, true) {
                    out.push((node.next[0], s));
                }
                if self.may(cond, s, false) {
                    out.push((node.next[1], s));
                }
            }
            NodeKind::Assume(cond) => {
                if self.may(cond, s, true) {
                    out.push((node.next[0], s));
                }
            }
            NodeKind::Call { .. } | NodeKind::Exit | NodeKind::Err => {}
        }
    }

    /// The callee's states at its first vertex when call `c` is made in state `s`.
    fn entries(&self, c: NodeId, s: Val) -> Vec<Val> {
        let NodeKind::Call { callee, args, .. } = &self.cfg.nodes[c].kind else {
            unreachable!("entries of a call vertex")
        };
        let q = *callee;
        let arg_vals: Vec<u8> = args.iter().map(|a| self.eval(a, s, s)).collect();
        let nloc = self.width[q] - self.ng;
        let mut out = Vec::new();
        for rest in 0..1u64 << nloc {
            let e = (s & self.gmask) | (rest << self.ng);
            let args_ok = self.cfg.procs[q].formals.iter().zip(&arg_vals).all(|(&f, &m)| m & bit(self.get(e, f)) != 0);
            if args_ok && self.enforce_ok(q, e) {
                out.push(e);
            }
        }
        out
    }

    /// The caller's state at the return point of call `c` (made in state `s`) when the
    /// callee exits in state `x`.
    fn ret(&self, c: NodeId, s: Val, x: Val) -> Option<Val> {
        let node = &self.cfg.nodes[c];
        let NodeKind::Call { callee, lhs, .. } = &node.kind else { unreachable!("ret of a call vertex") };
        let mut r = (s & !self.gmask) | (x & self.gmask);
        for (&t, &rv) in lhs.iter().zip(&self.cfg.procs[*callee].rets) {
            r = self.set(r, t, self.get(x, rv));
        }
        self.enforce_ok(node.proc, r).then_some(r)
    }
}

/// The result of the explicit RHS fixpoint.
pub struct Reference<'a> {
    sem: Sem<'a>,
    reached: Vec<bool>,
    /// Per (callee, entry key): the exit valuations, each with its stamp (the order in
    /// which summaries were found), so that traces expand a summary only with older ones.
    summaries: HashMap<(ProcId, Val), Vec<(Val, u64)>>,
}

/// Run the explicit RHS fixpoint.
///
/// # Panics
/// When a procedure has more than [`MAX_SCOPE`] variables in scope ([`try_analyse`] returns
/// an error instead).
pub fn analyse(cfg: &Cfg) -> Reference<'_> {
    match try_analyse(cfg) {
        Ok(r) => r,
        Err(e) => panic!("{e}"),
    }
}

/// Run the explicit RHS fixpoint, or say why the program is too big for this checker.
pub fn try_analyse(cfg: &Cfg) -> Result<Reference<'_>, String> {
    let sem = Sem::try_new(cfg)?;
    let mut reached = vec![false; cfg.nodes.len()];
    let mut pe: HashSet<Edge> = HashSet::new();
    let mut work: Vec<Edge> = Vec::new();
    let mut summaries: HashMap<(ProcId, Val), Vec<(Val, u64)>> = HashMap::new();
    let mut summary_set: HashSet<(ProcId, Val, Val)> = HashSet::new();
    // Calls waiting on a callee entry: (call vertex, caller entry, caller state).
    let mut waiting: HashMap<(ProcId, Val), Vec<Edge>> = HashMap::new();

    let add = |edge: Edge, pe: &mut HashSet<_>, work: &mut Vec<_>, reached: &mut Vec<bool>| {
        if pe.insert(edge) {
            reached[edge.0] = true;
            work.push(edge);
        }
    };
    let first = cfg.procs[cfg.main].first;
    for s in sem.initial() {
        let key = s & sem.keymask[cfg.main];
        add((first, key, s), &mut pe, &mut work, &mut reached);
    }
    let mut out = Vec::new();
    while let Some((n, e, s)) = work.pop() {
        let node = &cfg.nodes[n];
        match &node.kind {
            NodeKind::Exit => {
                let key = (node.proc, e);
                if !summary_set.insert((node.proc, e, s)) {
                    continue;
                }
                let stamp = summary_set.len() as u64;
                summaries.entry(key).or_default().push((s, stamp));
                for &(c, ce, cs) in waiting.get(&key).into_iter().flatten() {
                    if let Some(r) = sem.ret(c, cs, s) {
                        add((cfg.nodes[c].next[0], ce, r), &mut pe, &mut work, &mut reached);
                    }
                }
            }
            NodeKind::Call { callee, .. } => {
                let q = *callee;
                let ret_pt = node.next[0];
                let entries = sem.entries(n, s);
                let mut keys: Vec<Val> = entries.iter().map(|&x| x & sem.keymask[q]).collect();
                keys.sort_unstable();
                keys.dedup();
                for &entry in &entries {
                    let key = entry & sem.keymask[q];
                    add((cfg.procs[q].first, key, entry), &mut pe, &mut work, &mut reached);
                }
                for key in keys {
                    waiting.entry((q, key)).or_default().push((n, e, s));
                    for &(x, _) in summaries.get(&(q, key)).into_iter().flatten() {
                        if let Some(r) = sem.ret(n, s, x) {
                            add((ret_pt, e, r), &mut pe, &mut work, &mut reached);
                        }
                    }
                }
            }
            _ => {
                out.clear();
                sem.intra(n, s, &mut out);
                for &(w, s2) in &out {
                    add((w, e, s2), &mut pe, &mut work, &mut reached);
                }
            }
        }
    }
    Ok(Reference { sem, reached, summaries })
}

impl Reference<'_> {
    /// Whether each vertex is reachable.
    pub fn reachable(&self) -> Vec<bool> {
        self.reached.clone()
    }

    /// Successors along hierarchical edges: intraprocedural, call entry, and summary jumps.
    fn hier_succ(&self, n: NodeId, s: Val, out: &mut Vec<(NodeId, Val)>) {
        let cfg = self.sem.cfg;
        match &cfg.nodes[n].kind {
            NodeKind::Call { callee, .. } => {
                let q = *callee;
                let entries = self.sem.entries(n, s);
                let mut keys: Vec<Val> = entries.iter().map(|&x| x & self.sem.keymask[q]).collect();
                keys.sort_unstable();
                keys.dedup();
                out.extend(entries.into_iter().map(|e| (cfg.procs[q].first, e)));
                for key in keys {
                    for &(x, _) in self.summaries.get(&(q, key)).into_iter().flatten() {
                        if let Some(r) = self.sem.ret(n, s, x) {
                            out.push((cfg.nodes[n].next[0], r));
                        }
                    }
                }
            }
            _ => self.sem.intra(n, s, out),
        }
    }

    /// For every vertex, the length (number of steps) of a shortest initialized hierarchical
    /// trajectory that ends there: calls are entered or jumped over by a summary in one step.
    pub fn shortest_distances(&self) -> Vec<Option<usize>> {
        let cfg = self.sem.cfg;
        let mut dist: Vec<Option<usize>> = vec![None; cfg.nodes.len()];
        let mut seen: HashSet<(NodeId, Val)> = HashSet::new();
        let mut queue: VecDeque<(NodeId, Val, usize)> = VecDeque::new();
        let first = cfg.procs[cfg.main].first;
        for s in self.sem.initial() {
            if seen.insert((first, s)) {
                queue.push_back((first, s, 0));
            }
        }
        let mut out = Vec::new();
        while let Some((n, s, d)) = queue.pop_front() {
            if dist[n].is_none() {
                dist[n] = Some(d);
            }
            out.clear();
            self.hier_succ(n, s, &mut out);
            for &(w, s2) in &out {
                if seen.insert((w, s2)) {
                    queue.push_back((w, s2, d + 1));
                }
            }
        }
        dist
    }
}

/// How a hierarchical step was taken (for building traces).
#[derive(Clone, Copy, Debug)]
enum Hop {
    Start,
    Intra,
    /// From a call vertex into its callee's first vertex.
    Enter,
    /// Over a call by a summary: the callee's entry key, its exit valuation, the summary's stamp.
    Jump {
        key: Val,
        exit: Val,
        stamp: u64,
    },
}

/// A path of the hierarchical graph: vertex, valuation, and the hop that led there.
type HierPath = Vec<(NodeId, Val, Hop)>;

impl Reference<'_> {
    /// Hierarchical successors of `(n, s)`: intraprocedural steps; at a call, jumps by the
    /// summaries with a stamp below `bound` and, when `enter`, steps into the callee.
    fn hier_steps(&self, n: NodeId, s: Val, enter: bool, bound: u64, out: &mut Vec<(NodeId, Val, Hop)>) {
        let cfg = self.sem.cfg;
        match &cfg.nodes[n].kind {
            NodeKind::Call { callee, .. } => {
                let q = *callee;
                let entries = self.sem.entries(n, s);
                let mut keys: Vec<Val> = entries.iter().map(|&x| x & self.sem.keymask[q]).collect();
                keys.sort_unstable();
                keys.dedup();
                if enter {
                    out.extend(entries.into_iter().map(|e| (cfg.procs[q].first, e, Hop::Enter)));
                }
                for key in keys {
                    for &(x, stamp) in self.summaries.get(&(q, key)).into_iter().flatten() {
                        if stamp < bound {
                            if let Some(r) = self.sem.ret(n, s, x) {
                                out.push((cfg.nodes[n].next[0], r, Hop::Jump { key, exit: x, stamp }));
                            }
                        }
                    }
                }
            }
            _ => {
                let mut tmp = Vec::new();
                self.sem.intra(n, s, &mut tmp);
                out.extend(tmp.into_iter().map(|(w, v)| (w, v, Hop::Intra)));
            }
        }
    }

    /// Breadth-first search of the hierarchical graph from `starts` to the first state that
    /// satisfies `goal`: a shortest path, each element with the hop that reached it.
    fn bfs(
        &self,
        starts: Vec<(NodeId, Val)>,
        goal: &dyn Fn(NodeId, Val) -> bool,
        enter: bool,
        bound: u64,
    ) -> Option<HierPath> {
        type Parent = Option<((NodeId, Val), Hop)>;
        let mut parent: HashMap<(NodeId, Val), Parent> = HashMap::new();
        let mut queue: VecDeque<(NodeId, Val)> = VecDeque::new();
        for st in starts {
            if let std::collections::hash_map::Entry::Vacant(v) = parent.entry(st) {
                v.insert(None);
                queue.push_back(st);
            }
        }
        let mut out = Vec::new();
        while let Some((n, s)) = queue.pop_front() {
            if goal(n, s) {
                let mut path = Vec::new();
                let mut cur = (n, s);
                while let Some((prev, h)) = parent[&cur] {
                    path.push((cur.0, cur.1, h));
                    cur = prev;
                }
                path.push((cur.0, cur.1, Hop::Start));
                path.reverse();
                return Some(path);
            }
            out.clear();
            self.hier_steps(n, s, enter, bound, &mut out);
            for &(w, v, h) in &out {
                if let std::collections::hash_map::Entry::Vacant(e) = parent.entry((w, v)) {
                    e.insert(Some(((n, s), h)));
                    queue.push_back((w, v));
                }
            }
        }
        None
    }

    /// The values of every variable in scope at `n` in valuation `s`.
    fn state_of(&self, n: NodeId, s: Val) -> Vec<(VarId, bool)> {
        let cfg = self.sem.cfg;
        let p = &cfg.procs[cfg.nodes[n].proc];
        cfg.globals.iter().copied().chain(p.scope_locals()).map(|v| (v, self.sem.get(s, v))).collect()
    }

    /// Append the steps of a hierarchical path at call depth `depth`, expanding summary
    /// jumps into the callee's steps (found with older summaries only, so this terminates).
    fn emit(&self, path: &[(NodeId, Val, Hop)], depth: usize, steps: &mut Vec<crate::TraceStep>) {
        let cfg = self.sem.cfg;
        let mut d = depth;
        for (i, &(n, s, hop)) in path.iter().enumerate() {
            match hop {
                Hop::Enter => d += 1,
                Hop::Jump { key, exit, stamp } => {
                    let (c, cs, _) = path[i - 1];
                    let NodeKind::Call { callee, .. } = &cfg.nodes[c].kind else {
                        unreachable!("a summary jump starts at a call vertex")
                    };
                    let q = *callee;
                    let starts: Vec<(NodeId, Val)> = self
                        .sem
                        .entries(c, cs)
                        .into_iter()
                        .filter(|&e| e & self.sem.keymask[q] == key)
                        .map(|e| (cfg.procs[q].first, e))
                        .collect();
                    let exit_v = cfg.procs[q].exit;
                    let inner = self
                        .bfs(starts, &|w, v| w == exit_v && v == exit, false, stamp)
                        .expect("a summary is derived from older summaries only");
                    self.emit(&inner, d + 1, steps);
                }
                Hop::Start | Hop::Intra => {}
            }
            steps.push(crate::TraceStep { node: n, depth: d, state: self.state_of(n, s) });
        }
    }

    /// A shortest hierarchical trace from main's entry to the nearest of `targets`, in the
    /// shape of Bebop's traces ([`crate::Analysis::trace_to`]): calls expanded, Exit and
    /// return-point vertices included, the call depth and the values of every variable in
    /// scope at each step. `None` if no target is reachable.
    pub fn trace_to(&self, targets: &[NodeId]) -> Option<Trace> {
        let cfg = self.sem.cfg;
        if !targets.iter().any(|&t| self.reached.get(t).copied().unwrap_or(false)) {
            return None;
        }
        let first = cfg.procs[cfg.main].first;
        let starts: Vec<(NodeId, Val)> = self.sem.initial().into_iter().map(|s| (first, s)).collect();
        let path = self.bfs(starts, &|n, _| targets.contains(&n), true, u64::MAX)?;
        let mut steps = Vec::new();
        self.emit(&path, 0, &mut steps);
        Some(Trace { steps })
    }
}

/// A shortest trace to the nearest of `targets` (see [`Reference::trace_to`]), or why the
/// program is too big for the explicit checker.
pub fn shortest_trace(cfg: &Cfg, targets: &[NodeId]) -> Result<Option<Trace>, String> {
    Ok(try_analyse(cfg)?.trace_to(targets))
}

/// Exact reachability of every vertex.
pub fn reachable(cfg: &Cfg) -> Vec<bool> {
    analyse(cfg).reachable()
}

/// The length of a trace in hierarchical steps: the steps of calls that return within the
/// trace are replaced by one summary step from the call to its return point.
pub fn hierarchical_len(cfg: &Cfg, trace: &Trace) -> usize {
    let mut kept: Vec<(NodeId, usize)> = Vec::new();
    for st in &trace.steps {
        if let NodeKind::ReturnPt { call } = cfg.nodes[st.node].kind {
            if kept.last().is_some_and(|&(l, _)| matches!(cfg.nodes[l].kind, NodeKind::Exit)) {
                // Drop the callee's steps back to the matching call (same depth).
                while let Some(l) = kept.pop() {
                    if l == (call, st.depth) {
                        kept.push(l);
                        break;
                    }
                }
            }
        }
        kept.push((st.node, st.depth));
    }
    kept.len().saturating_sub(1)
}

/// A concrete state during replay: the current frame and the saved caller frames.
type Full = (Val, Vec<(NodeId, Val)>);

/// Check that a trace is a real execution of the program: consecutive steps follow the
/// control-flow graph with matching calls and returns, it starts at main's first vertex,
/// and some choice of initial values and nondeterministic outcomes makes every step's
/// printed state hold.
pub fn replay(cfg: &Cfg, trace: &Trace) -> Result<(), String> {
    let sem = Sem::new(cfg);
    let steps = &trace.steps;
    let Some(first) = steps.first() else {
        return Err("the trace is empty".into());
    };
    let main_first = cfg.procs[cfg.main].first;
    if first.node != main_first {
        return Err(format!("the trace starts at vertex {} instead of main's first vertex {main_first}", first.node));
    }
    if first.depth != 0 {
        return Err(format!("the trace starts at depth {}", first.depth));
    }
    let mut set: HashSet<Full> = sem.initial().into_iter().map(|s| (s, Vec::new())).collect();
    set = replay_filter(cfg, &sem, trace, 0, set)?;
    let mut out = Vec::new();
    for i in 1..steps.len() {
        let next = replay_step(cfg, &sem, trace, i, &set, &mut out)?;
        set = replay_filter(cfg, &sem, trace, i, next)?;
    }
    Ok(())
}

/// Keeps the states of `set` that agree with step `i`'s printed state; an error when the
/// step names a variable out of scope or no state agrees.
fn replay_filter(cfg: &Cfg, sem: &Sem, trace: &Trace, i: usize, set: HashSet<Full>) -> Result<HashSet<Full>, String> {
    let st = &trace.steps[i];
    let p = cfg.nodes[st.node].proc;
    for &(v, _) in &st.state {
        let info = &cfg.vars[v];
        if info.proc.is_some_and(|q| q != p) {
            return Err(format!("step {i}: variable `{}` is not in scope at vertex {}", info.name, st.node));
        }
    }
    let kept: HashSet<Full> =
        set.into_iter().filter(|(s, _)| st.state.iter().all(|&(v, b)| sem.get(*s, v) == b)).collect();
    if kept.is_empty() {
        return Err(format!(
            "step {i} (vertex {} `{}`): no execution has the printed state {:?}",
            st.node,
            cfg.nodes[st.node].text,
            st.state.iter().map(|&(v, b)| (cfg.var_name(v), b)).collect::<Vec<_>>()
        ));
    }
    Ok(kept)
}

/// The successors of `set` along the trace's edge from step `i - 1` to step `i`: a call
/// into its callee, an exit back to the pending call's return point, or an intraprocedural
/// edge; an error when the edge is not one of the graph's.
fn replay_step(
    cfg: &Cfg,
    sem: &Sem,
    trace: &Trace,
    i: usize,
    set: &HashSet<Full>,
    out: &mut Vec<(NodeId, Val)>,
) -> Result<HashSet<Full>, String> {
    let steps = &trace.steps;
    let (u, du) = (steps[i - 1].node, steps[i - 1].depth);
    let (v, dv) = (steps[i].node, steps[i].depth);
    let un = &cfg.nodes[u];
    let mut next: HashSet<Full> = HashSet::new();
    match &un.kind {
        NodeKind::Call { callee, .. } => {
            if v != cfg.procs[*callee].first || dv != du + 1 {
                return Err(format!("step {i}: call vertex {u} is followed by vertex {v} at depth {dv} (depth was {du}), not by its callee's first vertex one level deeper"));
            }
            for (s, stack) in set {
                for e in sem.entries(u, *s) {
                    let mut st2 = stack.clone();
                    st2.push((u, *s));
                    next.insert((e, st2));
                }
            }
        }
        NodeKind::Exit => return replay_return(cfg, sem, i, (du, v, dv), set),
        NodeKind::Err => return Err(format!("step {i}: the Err vertex has no successor")),
        _ => {
            if !un.next.contains(&v) || dv != du {
                return Err(format!("step {i}: vertex {v} at depth {dv} does not follow vertex {u} at depth {du}"));
            }
            for (s, stack) in set {
                out.clear();
                sem.intra(u, *s, out);
                for &(w, s2) in out.iter() {
                    if w == v {
                        next.insert((s2, stack.clone()));
                    }
                }
            }
        }
    }
    Ok(next)
}

/// The step `i` from an exit at depth `du` to vertex `v` at depth `dv`: pops each state's
/// pending call, which must return to `v`.
fn replay_return(
    cfg: &Cfg,
    sem: &Sem,
    i: usize,
    (du, v, dv): (usize, NodeId, usize),
    set: &HashSet<Full>,
) -> Result<HashSet<Full>, String> {
    if dv + 1 != du {
        return Err(format!("step {i}: an exit at depth {du} is followed by depth {dv}"));
    }
    if !matches!(cfg.nodes[v].kind, NodeKind::ReturnPt { .. }) {
        return Err(format!("step {i}: an exit is followed by vertex {v}, which is not a return point"));
    }
    let mut next: HashSet<Full> = HashSet::new();
    for (x, stack) in set {
        let mut st2 = stack.clone();
        let Some((c, cs)) = st2.pop() else {
            return Err(format!("step {i}: return from main's frame"));
        };
        if cfg.nodes[c].next[0] != v {
            return Err(format!(
                "step {i}: the exit returns to vertex {v}, but the pending call {c} returns to {}",
                cfg.nodes[c].next[0]
            ));
        }
        if let Some(r) = sem.ret(c, cs, *x) {
            next.insert((r, st2));
        }
    }
    Ok(next)
}
