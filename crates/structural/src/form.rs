//! The unrolled form of one procedure: its statements as an acyclic graph of *instances*,
//! loops unrolled a bounded number of times (Calysto's structural abstraction cuts loops
//! after one iteration by default). Computed once per procedure and reused by every
//! encoding of it (every call site it is inlined at, every check of the run).

use cminus::cfg::Cfg;
use cminus::Proc;
use std::collections::{HashMap, HashSet};

/// More statement instances than this and the procedure is not unrolled (its calls stay
/// abstract): the unrolling of deeply nested loops grows as a product of the bounds.
const MAX_INSTANCES: usize = 20_000;

/// One instance of a statement: the statement index in the procedure's body and its
/// successor instances.
#[derive(Clone, Debug)]
pub struct Inst {
    pub stmt: usize,
    pub succs: Vec<usize>,
}

/// A procedure unrolled: instance 0 is the entry; `order` is a topological order.
#[derive(Clone, Debug)]
pub struct Form {
    pub insts: Vec<Inst>,
    pub order: Vec<usize>,
    /// Back edges that would need one more iteration than the bound: the paths through them
    /// are cut (not analysed).
    pub cut: usize,
}

/// Unroll `proc`'s loops: a loop body runs at most `bound` times on any instance path
/// (`bound` ≥ 1). Loop heads are the targets of depth-first back edges; an instance is a
/// statement with, for each loop around it, the iteration it belongs to. `None` when the
/// unrolling is too large or not acyclic (an irreducible loop nest it cannot bound).
pub fn unroll(proc: &Proc, bound: usize) -> Option<Form> {
    let bound = bound.max(1);
    let n = proc.body.len();
    if n == 0 {
        return Some(Form { insts: Vec::new(), order: Vec::new(), cut: 0 });
    }
    let cfg = Cfg::build(proc);
    let succ: Vec<Vec<usize>> = (0..n).map(|i| cfg.succs(i).into_iter().flatten().collect()).collect();
    let mut pred: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (i, ss) in succ.iter().enumerate() {
        for &j in ss {
            pred[j].push(i);
        }
    }
    let back = back_edges(&succ);
    let heads: HashSet<usize> = back.iter().map(|&(_, h)| h).collect();
    // The natural loop of each head: what reaches one of its back edges' sources without
    // passing the head.
    let mut body: HashMap<usize, HashSet<usize>> = HashMap::new();
    for &(t, h) in &back {
        let b = body.entry(h).or_insert_with(|| HashSet::from([h]));
        let mut stack = vec![t];
        while let Some(x) = stack.pop() {
            if b.insert(x) {
                stack.extend(pred[x].iter().copied());
            }
        }
    }
    type Key = (usize, Vec<(usize, usize)>);
    let mut index: HashMap<Key, usize> = HashMap::new();
    let mut insts: Vec<Inst> = Vec::new();
    let mut keys: Vec<Key> = Vec::new();
    let start: Key = (0, Vec::new());
    index.insert(start.clone(), 0);
    insts.push(Inst { stmt: 0, succs: Vec::new() });
    keys.push(start);
    let mut cut = 0;
    let mut work = vec![0usize];
    while let Some(ix) = work.pop() {
        let (i, counts) = keys[ix].clone();
        let mut out = Vec::new();
        for &j in &succ[i] {
            let mut c = counts.clone();
            let get = |c: &Vec<(usize, usize)>, h: usize| c.iter().find(|(x, _)| *x == h).map_or(0, |&(_, k)| k);
            if back.contains(&(i, j)) {
                let k = get(&c, j) + 1;
                if k >= bound {
                    cut += 1;
                    continue;
                }
                set(&mut c, j, k);
            } else if heads.contains(&j) {
                set(&mut c, j, 0);
            }
            c.retain(|(h, _)| body.get(h).is_some_and(|b| b.contains(&j)));
            let key: Key = (j, c);
            let t = match index.get(&key) {
                Some(&t) => t,
                None => {
                    if insts.len() >= MAX_INSTANCES {
                        return None;
                    }
                    let t = insts.len();
                    index.insert(key.clone(), t);
                    insts.push(Inst { stmt: j, succs: Vec::new() });
                    keys.push(key);
                    work.push(t);
                    t
                }
            };
            if !out.contains(&t) {
                out.push(t);
            }
        }
        insts[ix].succs = out;
    }
    let order = topological(&insts)?;
    Some(Form { insts, order, cut })
}

fn set(c: &mut Vec<(usize, usize)>, h: usize, k: usize) {
    match c.iter_mut().find(|(x, _)| *x == h) {
        Some(e) => e.1 = k,
        None => {
            c.push((h, k));
            c.sort();
        }
    }
}

/// The back edges of a depth-first search from statement 0.
fn back_edges(succ: &[Vec<usize>]) -> HashSet<(usize, usize)> {
    let n = succ.len();
    // 0 unvisited, 1 on the stack, 2 done
    let mut color = vec![0u8; n];
    let mut back = HashSet::new();
    let mut stack: Vec<(usize, usize)> = vec![(0, 0)];
    color[0] = 1;
    while let Some(&mut (v, ref mut next)) = stack.last_mut() {
        if let Some(&w) = succ[v].get(*next) {
            *next += 1;
            match color[w] {
                0 => {
                    color[w] = 1;
                    stack.push((w, 0));
                }
                1 => {
                    back.insert((v, w));
                }
                _ => {}
            }
        } else {
            color[v] = 2;
            stack.pop();
        }
    }
    back
}

/// Kahn's algorithm from instance 0; `None` if the instances have a cycle.
fn topological(insts: &[Inst]) -> Option<Vec<usize>> {
    let mut indeg = vec![0usize; insts.len()];
    for i in insts {
        for &s in &i.succs {
            indeg[s] += 1;
        }
    }
    let mut ready: Vec<usize> = (0..insts.len()).filter(|&i| indeg[i] == 0).collect();
    let mut order = Vec::with_capacity(insts.len());
    while let Some(i) = ready.pop() {
        order.push(i);
        for &s in &insts[i].succs {
            indeg[s] -= 1;
            if indeg[s] == 0 {
                ready.push(s);
            }
        }
    }
    (order.len() == insts.len()).then_some(order)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form(src: &str, bound: usize) -> (cminus::Program, Form) {
        let prog = cfront::lower_str("t.c", src, &cfront::Options::default()).expect("lowers");
        let p = prog.proc("main").expect("main").clone();
        let f = unroll(&p, bound).expect("unrolls");
        (prog, f)
    }

    #[test]
    fn a_loop_body_is_analysed_bound_times_and_the_rest_is_cut() {
        let src = "int main(void){ int i = 0; while (i < 10) { i = i + 1; } return i; }";
        let (prog, f1) = form(src, 1);
        let (_, f3) = form(src, 3);
        let n = prog.proc("main").unwrap().body.len();
        assert_eq!(f1.cut, 1, "one back edge cut");
        assert!(f1.insts.len() <= n, "bound 1: each statement at most once");
        assert!(f3.insts.len() > f1.insts.len(), "bound 3 has more instances");
        assert_eq!(f3.order.len(), f3.insts.len());
    }

    #[test]
    fn straight_line_code_has_one_instance_per_statement() {
        let (prog, f) = form("int main(void){ int x = 1; if (x) x = 2; else x = 3; return x; }", 1);
        assert_eq!(f.cut, 0);
        assert_eq!(f.insts.len(), prog.proc("main").unwrap().body.len());
    }
}
