//! A control-flow-graph view of one procedure (petgraph).
//!
//! Nodes are the procedure's statements (by index) plus one `Exit` node that every `return`,
//! `error` and `halt` flows to. Calls are ordinary nodes with an edge to the next statement.

use crate::{Proc, StmtId, StmtKind};
use petgraph::graph::{DiGraph, NodeIndex};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Node {
    Stmt { index: usize, id: StmtId },
    Exit,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Edge {
    /// Fall through to the next statement.
    Next,
    /// One of the targets of a `goto`.
    Goto,
    /// Leaving the procedure (return, error, halt).
    Exit,
}

pub struct Cfg {
    pub graph: DiGraph<Node, Edge>,
    /// Node of statement `i` is `NodeIndex::new(i)`.
    pub exit: NodeIndex,
}

impl Cfg {
    pub fn build(proc: &Proc) -> Cfg {
        let mut graph = DiGraph::new();
        for (i, s) in proc.body.iter().enumerate() {
            graph.add_node(Node::Stmt { index: i, id: s.id });
        }
        let exit = graph.add_node(Node::Exit);
        let labels = proc.label_map();
        let n = proc.body.len();
        for (i, s) in proc.body.iter().enumerate() {
            let from = NodeIndex::new(i);
            match &s.kind {
                StmtKind::Goto(ls) => {
                    for l in ls {
                        if let Some(&t) = labels.get(l.as_str()) {
                            graph.add_edge(from, NodeIndex::new(t), Edge::Goto);
                        }
                    }
                }
                StmtKind::Return(_) | StmtKind::Error(_) | StmtKind::Halt => {
                    graph.add_edge(from, exit, Edge::Exit);
                }
                _ => {
                    let to = if i + 1 < n { NodeIndex::new(i + 1) } else { exit };
                    graph.add_edge(from, to, Edge::Next);
                }
            }
        }
        Cfg { graph, exit }
    }

    pub fn entry(&self) -> NodeIndex {
        NodeIndex::new(0)
    }

    /// Indices of the successors of statement `i` (`None` stands for the exit).
    pub fn succs(&self, i: usize) -> Vec<Option<usize>> {
        let mut v: Vec<Option<usize>> = self
            .graph
            .neighbors(NodeIndex::new(i))
            .map(|n| match self.graph[n] {
                Node::Stmt { index, .. } => Some(index),
                Node::Exit => None,
            })
            .collect();
        v.sort();
        v
    }

    /// Statement indices not reachable from the entry.
    pub fn unreachable(&self) -> Vec<usize> {
        let mut seen = vec![false; self.graph.node_count()];
        let mut dfs = petgraph::visit::Dfs::new(&self.graph, self.entry());
        while let Some(n) = dfs.next(&self.graph) {
            seen[n.index()] = true;
        }
        (0..self.graph.node_count() - 1).filter(|&i| !seen[i]).collect()
    }
}

/// The statements from which some run of the program may still reach an `error` statement,
/// whatever the values: following control flow within a procedure, into the procedures a
/// call names, and, from a procedure's returns, to what follows each of its call sites
/// (context-insensitive, so an over-approximation). A run stopped at a statement outside this
/// set has nothing left to find: what it could not compute there changes no verdict.
pub fn may_reach_error(p: &crate::Program) -> std::collections::HashSet<StmtId> {
    let cfgs: Vec<Cfg> = p.procs.iter().map(Cfg::build).collect();
    let index: std::collections::HashMap<&str, usize> =
        p.procs.iter().enumerate().map(|(i, q)| (q.name.as_str(), i)).collect();
    // the statements after each procedure's call sites: (procedure, index)
    let mut after_calls: Vec<Vec<(usize, usize)>> = vec![vec![]; p.procs.len()];
    for (qi, q) in p.procs.iter().enumerate() {
        for (si, s) in q.body.iter().enumerate() {
            if let StmtKind::Call { callee, .. } = &s.kind {
                if let Some(&c) = index.get(callee.as_str()) {
                    after_calls[c].extend(cfgs[qi].succs(si).into_iter().flatten().map(|t| (qi, t)));
                }
            }
        }
    }
    let mut may: Vec<Vec<bool>> = p.procs.iter().map(|q| vec![false; q.body.len()]).collect();
    loop {
        let mut changed = false;
        for (pi, q) in p.procs.iter().enumerate() {
            let returns_may = after_calls[pi].iter().any(|&(qi, t)| may[qi][t]);
            for si in (0..q.body.len()).rev() {
                if may[pi][si] {
                    continue;
                }
                let s = &q.body[si];
                let here = match &s.kind {
                    StmtKind::Error(_) => true,
                    StmtKind::Call { callee, .. } => {
                        index.get(callee.as_str()).is_some_and(|&c| may[c].first().copied().unwrap_or(false))
                    }
                    _ => false,
                };
                let next = cfgs[pi].succs(si).into_iter().any(|t| match t {
                    Some(t) => may[pi][t],
                    // leaving the procedure: a `return` (or the end of the body) goes on
                    // after a call site; `halt` ends the run
                    None => !matches!(s.kind, StmtKind::Halt) && returns_may,
                });
                if here || next {
                    may[pi][si] = true;
                    changed = true;
                }
            }
        }
        if !changed {
            break;
        }
    }
    let may = &may;
    p.procs
        .iter()
        .enumerate()
        .flat_map(|(pi, q)| q.body.iter().enumerate().filter(move |(si, _)| may[pi][*si]).map(|(_, s)| s.id))
        .collect()
}
