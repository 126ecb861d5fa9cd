//! A small program and a hand-made outcome for the renderers' unit tests (no checker run).

use super::Context;
use cminus::{Program, StmtKind};

pub const SOURCE: &str = "int f(int a) { return a + 1; }
void g(int b) { reach_error(); }
int main(void) { int x = __VERIFIER_nondet_int(); int y = 1;
  if (x < 10 && y) { x = f(x); }
  y = x; g(y);
  return 0; }
";

fn find(prog: &Program, proc: &str, pick: impl Fn(&StmtKind) -> bool) -> (cminus::StmtId, cminus::Loc) {
    let p = prog.proc(proc).expect("proc");
    let s = p.body.iter().find(|s| pick(&s.kind)).expect("stmt");
    (s.id, s.loc)
}

fn step(
    prog: &Program,
    proc: &str,
    depth: usize,
    values: &[(&str, i128)],
    pick: impl Fn(&StmtKind) -> bool,
) -> newton::CexStep {
    let (stmt, loc) = find(prog, proc, pick);
    newton::CexStep {
        stmt,
        proc: proc.into(),
        depth,
        loc,
        // `":= x"` in the fixtures is a value the step writes
        values: values
            .iter()
            .map(|(n, v)| match n.strip_prefix(":=") {
                Some(w) => newton::Value { name: w.trim().to_string(), value: *v, written: true },
                None => newton::Value { name: n.to_string(), value: *v, written: false },
            })
            .collect(),
    }
}

fn is_call(k: &StmtKind, f: &str) -> bool {
    matches!(k, StmtKind::Call { callee, .. } if callee == f)
}

pub fn outcome(verdict: engine::Verdict, reason: engine::StopReason) -> engine::Outcome {
    engine::Outcome {
        verdict,
        reason,
        detail: "assertion <failed>".into(),
        iterations: Vec::new(),
        predicates: vec![
            engine::PredInfo { scope: None, text: "x < 10".into(), added_in: 0, expr: cminus::Expr::var("x") },
            engine::PredInfo {
                scope: Some("main".into()),
                text: "y == 1".into(),
                added_in: 2,
                expr: cminus::Expr::var("y"),
            },
        ],
        counterexample: None,
        replay: None,
        strategies: engine::Strategies {
            abstraction: "cartesian".into(),
            checker: "bebop".into(),
            refiner: "newton".into(),
        },
        engine: engine::EngineKind::Cegar,
        search: None,
        structural: None,
        time_secs: 0.5,
        peak_rss_mib: None,
        proof: None,
        proved_invariants: Vec::new(),
    }
}

/// main (line 3) → call f on line 4 (stepped over) → g on line 5 → the error on line 2.
pub fn violation() -> (Program, engine::Outcome, Context, Vec<Option<String>>) {
    let prog = cfront::lower_str("t.c", SOURCE, &cfront::Options::default()).expect("lowers");
    let steps = vec![
        step(&prog, "main", 0, &[(":= x", 3)], |k| matches!(k, StmtKind::Assign(..))),
        step(&prog, "main", 0, &[("x", 3)], |k| matches!(k, StmtKind::Assume(..))),
        step(&prog, "main", 0, &[("x", 3), (":= x", 4)], |k| is_call(k, "f")),
        step(&prog, "f", 1, &[("a", 3)], |k| matches!(k, StmtKind::Return(..))),
        step(&prog, "main", 0, &[(":= y", 4)], |k| matches!(k, StmtKind::Assign(_, cminus::Expr::Lval(_)))),
        step(&prog, "main", 0, &[("y", 4)], |k| is_call(k, "g")),
        step(&prog, "g", 1, &[], |k| matches!(k, StmtKind::Error(..))),
    ];
    let error_stmt = steps.last().unwrap().stmt;
    let mut o = outcome(engine::Verdict::Violation, engine::StopReason::Violation);
    o.counterexample = Some(newton::Counterexample {
        steps,
        error_stmt,
        message: "assertion <failed>".into(),
        inputs: vec![],
        oracle: vec![],
        uninit: vec![],
        param_memory: vec![],
        addresses: vec![],
        alloc_memory: vec![],
    });
    let ctx = Context {
        files: vec!["t.c".into()],
        rule: None,
        entry: "main".into(),
        error_label: None,
        rule_info: Default::default(),
        confirmation: None,
        undefined: None,
        no_overflow: false,
    };
    (prog, o, ctx, vec![Some(SOURCE.to_string())])
}
