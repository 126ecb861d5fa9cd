//! Randomised check: on generated programs, Newton's verdict on a path agrees with the
//! concrete interpreter. Paths are (1) the executions of random inputs that reach an error —
//! Newton must find them feasible and its values must replay them — and (2) random walks
//! through the control flow to an error — when Newton calls one feasible, the interpreter
//! fed its values must follow exactly that path. `SLAM_SEED=n` replays one seed.

use cfront::gen::{Gen, Rng};
use cminus::interp::Outcome;
use cminus::{Program, StmtKind};
use newton::{check_path, replay, PathStep, Verdict};

/// Call depths of an executed statement sequence.
fn with_depths(p: &Program, trace: &[cminus::StmtId]) -> Vec<PathStep> {
    let mut depth = 0usize;
    let mut out = Vec::new();
    for &id in trace {
        out.push(PathStep { stmt: id, depth });
        match p.stmt_ref(id).map(|s| &s.kind) {
            Some(StmtKind::Call { callee, .. }) if p.proc(callee).is_some() => depth += 1,
            Some(StmtKind::Return(_)) => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    out
}

/// A random structural walk from the entry to an error statement (None if none is met).
fn random_walk(p: &Program, rng: &mut Rng) -> Option<Vec<PathStep>> {
    let mut stack: Vec<(usize, usize)> = vec![(p.procs.iter().position(|q| q.name == p.entry)?, 0)];
    let mut out = Vec::new();
    for _ in 0..300 {
        let (pi, si) = *stack.last()?;
        let proc = &p.procs[pi];
        let s = proc.body.get(si)?;
        out.push(PathStep { stmt: s.id, depth: stack.len() - 1 });
        match &s.kind {
            StmtKind::Error(_) => return Some(out),
            StmtKind::Halt => return None,
            StmtKind::Goto(ls) => {
                let l = rng.pick(ls);
                stack.last_mut()?.1 = proc.label_index(l)?;
            }
            StmtKind::Call { callee, .. } if p.proc(callee).is_some() => {
                stack.last_mut()?.1 += 1;
                stack.push((p.procs.iter().position(|q| &q.name == callee)?, 0));
            }
            StmtKind::Return(_) => {
                stack.pop();
                if stack.is_empty() {
                    return None;
                }
            }
            _ => stack.last_mut()?.1 += 1,
        }
    }
    None
}

fn check_seed(seed: u64) -> Result<(usize, usize), String> {
    let src = Gen::new(seed).program();
    let p = cfront::lower_str("gen.c", &src, &cfront::Options::default()).map_err(|e| format!("{e:?}"))?;
    let mut rng = Rng(seed ^ 0xBEEF);
    let (mut feasible, mut infeasible) = (0, 0);
    // (1) Executions that reach an error are feasible, and replay.
    for _ in 0..20 {
        let inputs: Vec<i64> = (0..8).map(|_| rng.small()).collect();
        let run = cminus::interp::run(&p, &inputs, 2_000);
        if let Outcome::Error { stmt, .. } = run.outcome {
            let path = with_depths(&p, &run.trace);
            match check_path(&p, &path, &[], &Default::default()).0 {
                Verdict::Feasible(cex) => {
                    let r = replay(&p, &cex, 10_000);
                    if !matches!(r.outcome, Outcome::Error { stmt: s, .. } if s == stmt) || r.trace != run.trace {
                        return Err(format!("replay of an executed error path diverges: {:?}\n{src}", r.outcome));
                    }
                    feasible += 1;
                }
                other => return Err(format!("an executed error path is not feasible for Newton: {other:?}\n{src}")),
            }
        }
    }
    // (2) Random walks: feasible ones must replay exactly.
    for _ in 0..20 {
        let Some(path) = random_walk(&p, &mut rng) else { continue };
        match check_path(&p, &path, &[], &Default::default()).0 {
            Verdict::Feasible(cex) => {
                let r = replay(&p, &cex, 10_000);
                let want: Vec<_> = path.iter().map(|s| s.stmt).collect();
                if r.trace != want || !matches!(r.outcome, Outcome::Error { .. }) {
                    return Err(format!(
                        "Newton says feasible but the interpreter does not follow the path: {:?}\npath {want:?}\nrun  {:?}\n{src}",
                        r.outcome, r.trace
                    ));
                }
                feasible += 1;
            }
            Verdict::Infeasible { .. } | Verdict::NoNewPredicates { .. } => infeasible += 1,
            Verdict::Unknown(why) => return Err(format!("unknown: {why}\n{src}")),
        }
    }
    Ok((feasible, infeasible))
}

#[test]
fn newton_agrees_with_the_interpreter() {
    let seeds: Vec<u64> = match std::env::var("SLAM_SEED") {
        Ok(s) => vec![s.parse().expect("SLAM_SEED is a number")],
        Err(_) => (0..60).collect(),
    };
    let (mut f, mut i) = (0, 0);
    let mut failures = Vec::new();
    for seed in seeds {
        match check_seed(seed) {
            Ok((a, b)) => {
                f += a;
                i += b;
            }
            Err(e) => failures.push(format!("seed {seed} (replay with SLAM_SEED={seed}): {e}")),
        }
    }
    assert!(failures.is_empty(), "{} failure(s):\n{}", failures.len(), failures.join("\n\n"));
    // The check must exercise both outcomes.
    assert!(f > 20 && i > 20, "feasible {f}, infeasible {i}");
}
