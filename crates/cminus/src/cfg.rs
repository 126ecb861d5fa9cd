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
