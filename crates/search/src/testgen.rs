//! Tests from predicates (seed 004, second half): inputs that cover the combinations of
//! the branch predicates at each branch (modulo the abstraction: states with equal
//! predicate values are explored once). The search runs in coverage mode:
//! its abstraction is the conditions of every branch of a procedure, valued at each branch
//! of that procedure, an error does not end the exploration, and every run is a test (its
//! inputs are the values of the program's `__VERIFIER_nondet_*` calls, in order). The
//! files (Test-Comp XML, a replay harness) are written by the caller (`slam tests`).

use crate::{Options as SearchOptions, Rng, Search};
use cminus::interp::{Ask, Outcome, Run};
use cminus::{Program, StmtId, StmtKind, Type};
use engine::PredSet;
use std::collections::HashSet;
use std::time::{Duration, Instant};

/// The limits of a generation.
#[derive(Clone, Debug)]
pub struct Options {
    pub time: Option<Duration>,
    /// Interpreter runs at most (each test is a run; runs of refinement rounds that cover
    /// nothing new are not kept).
    pub max_tests: usize,
    pub max_steps: u64,
    pub query_timeout: Duration,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            time: Some(Duration::from_secs(60)),
            max_tests: 1_000,
            max_steps: 200_000,
            query_timeout: Duration::from_secs(10),
        }
    }
}

/// One test: its inputs and how the run ended.
#[derive(Clone, Debug)]
pub struct Test {
    /// The values of the `__VERIFIER_nondet_*` calls, in the order the run made them.
    pub inputs: Vec<(Type, i128)>,
    /// The run also needed values no test input gives (an uninitialised variable, an
    /// entry parameter, the result of an external function): a replay may differ there.
    pub other_choices: usize,
    pub outcome: String,
    /// Branch targets this test covered first.
    pub new_branches: usize,
}

/// Branch coverage: targets of branches (a branch with two targets counts two).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Coverage {
    pub covered: usize,
    pub total: usize,
}

impl Coverage {
    pub fn percent(&self) -> f64 {
        if self.total == 0 {
            100.0
        } else {
            100.0 * self.covered as f64 / self.total as f64
        }
    }
}

/// What a generation produced.
#[derive(Clone, Debug)]
pub struct Suite {
    pub tests: Vec<Test>,
    pub coverage: Coverage,
    /// (branch, target, valuation of the branch predicates) combinations covered.
    pub combinations: usize,
    /// The exploration ended without a limit or an undecided branch. This is coverage modulo
    /// the abstraction: a run reaching a combination already covered was not followed
    /// further, so a branch only a longer run reaches may still be uncovered.
    pub complete: bool,
    pub time_secs: f64,
}

/// Every branch of `prog`: (procedure, branching statement, first statement of a target),
/// once per target.
fn branches(prog: &Program) -> Vec<(&cminus::Proc, &cminus::Stmt, &cminus::Stmt)> {
    let mut out = Vec::new();
    for p in &prog.procs {
        let labels = p.label_map();
        for s in &p.body {
            let StmtKind::Goto(ls) = &s.kind else { continue };
            if ls.len() < 2 {
                continue;
            }
            out.extend(
                ls.iter().filter_map(|l| labels.get(l.as_str()).and_then(|&k| p.body.get(k))).map(|t| (p, s, t)),
            );
        }
    }
    out
}

/// The branch predicates of `prog`: the conditions that lead the targets of every branch,
/// scoped to their procedure.
pub fn branch_predicates(prog: &Program) -> PredSet {
    let mut set = PredSet::default();
    for (p, _, t) in branches(prog) {
        if let StmtKind::Assume(c) = &t.kind {
            set.insert(prog, cminus::pred::Pred { expr: c.clone(), scope: Some(p.name.clone()) }, 0);
        }
    }
    set
}

/// Every branch target of `prog`: (branching statement, first statement of the target).
pub fn branch_targets(prog: &Program) -> HashSet<(StmtId, StmtId)> {
    branches(prog).into_iter().map(|(_, s, t)| (s.id, t.id)).collect()
}

/// The branch targets a run took.
pub fn taken(targets: &HashSet<(StmtId, StmtId)>, trace: &[StmtId]) -> HashSet<(StmtId, StmtId)> {
    trace.windows(2).map(|w| (w[0], w[1])).filter(|e| targets.contains(e)).collect()
}

/// Refinement rounds a generation may add when branch targets stay uncovered behind cuts.
const MAX_ROUNDS: usize = 8;

/// Generate tests for `prog` (its entry is the program's `main`, or an instrumented one).
/// The first round's runs are the suite over the branch predicates; when branch targets stay
/// uncovered and runs were cut, the abstraction is refined as in the search (so that a loop's
/// iterations are told apart) and the next round's runs that cover a new target are added.
pub fn generate(prog: &Program, opts: &Options) -> Suite {
    let start = Instant::now();
    let sopts = SearchOptions {
        time: opts.time,
        max_runs: opts.max_tests,
        max_steps: opts.max_steps,
        query_timeout: opts.query_timeout,
        ..SearchOptions::default()
    };
    let mut s = Search::new(prog, branch_predicates(prog), &sopts, start);
    s.cover = Some(Vec::new());
    let targets = branch_targets(prog);
    let mut seen = HashSet::new();
    let mut tests = Vec::new();
    let mut combinations = 0;
    let mut complete = false;
    for round in 0..=MAX_ROUNDS {
        s.covered.clear();
        s.cuts.clear();
        s.incomplete = None;
        let stopped = s.round();
        combinations = combinations.max(s.covered.len());
        for run in s.cover.as_mut().map(std::mem::take).unwrap_or_default() {
            let got = taken(&targets, &run.trace);
            let new_branches = got.difference(&seen).count();
            if round > 0 && new_branches == 0 {
                continue;
            }
            seen.extend(got);
            let (inputs, other_choices) = test_inputs(prog, &run);
            tests.push(Test { inputs, other_choices, outcome: ending(&run.outcome), new_branches });
        }
        // A cut is a combination another run covered already: without a limit or an
        // undecided branch, the round covered every combination it met.
        complete = stopped.is_none() && s.incomplete.is_none();
        if stopped.is_some() || s.cuts.is_empty() || seen.len() == targets.len() || !s.refine() {
            break;
        }
        s.stats.refinements += 1;
    }
    Suite {
        tests,
        coverage: Coverage { covered: seen.len(), total: targets.len() },
        combinations,
        complete,
        time_secs: start.elapsed().as_secs_f64(),
    }
}

/// The branch coverage of `n` runs with pseudo-random inputs (the baseline a generator must
/// beat), from `seed`.
pub fn random_coverage(prog: &Program, n: usize, max_steps: u64, seed: u64) -> Coverage {
    let targets = branch_targets(prog);
    let mut seen = HashSet::new();
    for k in 0..n {
        let mut rng = Rng(seed ^ (k as u64 + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15));
        let run = cminus::interp::run_with(prog, &mut |t: &Type| rng.value(t) as i64, max_steps);
        seen.extend(taken(&targets, &run.trace));
    }
    Coverage { covered: seen.len(), total: targets.len() }
}

/// The test inputs of a run: the values of nondeterministic expressions (`__VERIFIER_nondet_*`
/// calls), in order; and how many other choices the run made.
fn test_inputs(prog: &Program, run: &Run) -> (Vec<(Type, i128)>, usize) {
    let mut inputs = Vec::new();
    let mut other = 0;
    for c in &run.choices {
        let at = run.trace.get(c.step).and_then(|&id| prog.stmt_ref(id));
        let external_result = matches!(at.map(|s| &s.kind), Some(StmtKind::Call { .. }));
        match c.ask {
            Ask::Nondet if c.step != usize::MAX && !external_result => inputs.push((c.ty.clone(), c.value as i128)),
            // Heap allocations succeed in a compiled run too.
            Ask::AllocFails { .. } if c.value == 0 => {}
            _ => other += 1,
        }
    }
    (inputs, other)
}

fn ending(o: &Outcome) -> String {
    match o {
        Outcome::Error { msg, .. } => format!("error: {msg}"),
        Outcome::Halt { .. } => "halt".into(),
        Outcome::Returned(_) => "returned".into(),
        Outcome::StepLimit => "step limit".into(),
        Outcome::Stuck { reason, .. } => format!("stuck: {reason}"),
    }
}
