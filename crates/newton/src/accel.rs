//! Acceleration of counting loops on a path (issue 30, item 2).
//!
//! A path that goes around a loop carries one iteration per trip; a bug after ten million
//! iterations is out of reach of a path that Newton refines one iteration per round. Here a
//! *segment* of the path — steps `start..end` at one call depth, no calls, where the statement
//! at `end` is the one at `start` again (one trip around a cycle of the control flow) — whose
//! assignments step variables by constants (`x := x + c`, wrap-around of the variable's type)
//! is replaced by `1 + j` trips at once: the state after them is `x0 + (1 + j)·c` (mod 2^w,
//! exact), the segment's conditions hold on the first trip (`x0`) and the last (`x0 + j·c`).
//! That is exact for conditions monotone in the counter without wrap-around (the counter's
//! total step is bounded by its type's range); for others it may over-approximate, so an
//! accelerated path is only a *candidate*: the violation it gives is replayed by the
//! interpreter or run by the compiled program (`exec`) before it is reported.
//!
//! Variables the segment assigns with a non-constant step must be written before they are
//! read within it (temporaries): their value at the start of a trip does not matter.

use crate::PathStep;
use cminus::{Expr, Lval, Program, StmtKind};

/// One trip around a cycle on a path: steps `start..end`, and the statement at `end` is the
/// one at `start`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Segment {
    pub start: usize,
    pub end: usize,
}

impl Segment {
    pub fn len(&self) -> usize {
        self.end - self.start
    }

    pub fn is_empty(&self) -> bool {
        self.end == self.start
    }
}

/// The segments of `path` that may be accelerated, in order and disjoint: from each step, the
/// shortest trip back to the same statement at the same depth through assignments to
/// variables, assumptions, gotos and skips only.
pub fn segments(prog: &Program, path: &[PathStep]) -> Vec<Segment> {
    let simple = |i: usize| -> bool {
        let Some((pi, si)) = prog.stmt(path[i].stmt) else { return false };
        matches!(
            &prog.procs[pi].body[si].kind,
            StmtKind::Assign(Lval::Var(_), _) | StmtKind::Assume(_) | StmtKind::Goto(_) | StmtKind::Skip
        )
    };
    let mut out = Vec::new();
    let mut a = 0;
    while a < path.len() {
        let d = path[a].depth;
        let mut found = None;
        for b in a + 1..path.len() {
            if path[b].depth != d || !simple(b - 1) {
                break;
            }
            if path[b].stmt == path[a].stmt {
                found = Some(b);
                break;
            }
        }
        match found {
            Some(b) if b - a >= 2 => {
                out.push(Segment { start: a, end: b });
                a = b;
            }
            _ => a += 1,
        }
    }
    out
}

/// A feasible accelerated path: its counterexample and each accelerated segment with its
/// number of extra trips.
pub type Accelerated = (crate::Counterexample, Vec<(Segment, u64)>);

/// Whether the segment's steps write `var` before any of them reads it.
pub(crate) fn written_first(prog: &Program, path: &[PathStep], seg: Segment, var: &str) -> bool {
    let reads = |e: &Expr| {
        let mut r = false;
        e.visit_lvals(&mut |l| {
            if matches!(l, Lval::Var(n) if n == var) {
                r = true;
            }
        });
        r
    };
    for s in &path[seg.start..seg.end] {
        let Some((pi, si)) = prog.stmt(s.stmt) else { return false };
        match &prog.procs[pi].body[si].kind {
            StmtKind::Assign(l, e) => {
                if reads(e) {
                    return false;
                }
                if matches!(l, Lval::Var(n) if n == var) {
                    return true;
                }
            }
            StmtKind::Assume(e) if reads(e) => return false,
            _ => {}
        }
    }
    true
}

/// The variables the segment assigns, in order of first assignment.
pub(crate) fn assigned(prog: &Program, path: &[PathStep], seg: Segment) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for s in &path[seg.start..seg.end] {
        if let Some((pi, si)) = prog.stmt(s.stmt) {
            if let StmtKind::Assign(Lval::Var(n), _) = &prog.procs[pi].body[si].kind {
                if !out.contains(n) {
                    out.push(n.clone());
                }
            }
        }
    }
    out
}
