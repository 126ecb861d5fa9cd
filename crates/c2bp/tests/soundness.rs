//! Soundness and precision of the abstraction on generated C programs.
//!
//! For each seeded random program and random predicates: every statement the concrete C--
//! interpreter executes (on many random inputs) must be reachable in the boolean program
//! (Bebop), and an error the interpreter reaches must be reachable there too; the `boolean`
//! abstraction must reach no statement the `cartesian` one does not. A failure prints the
//! seed, the program and the predicates; `SLAM_SEED=n` replays one seed.

use c2bp::{abstract_program, Options, Pred, Strategy};
use std::collections::BTreeSet;

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E3779B97F4A7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58476D1CE4E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D049BB133111EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    fn pick<'a, T>(&mut self, v: &'a [T]) -> &'a T {
        &v[self.below(v.len() as u64) as usize]
    }
    fn small(&mut self) -> i64 {
        self.below(7) as i64 - 3
    }
}

const OPS: &[&str] = &["<", "<=", "==", "!=", ">", ">="];

struct Gen {
    rng: Rng,
    globals: Vec<String>,
    conds: Vec<(Option<String>, String)>,
}

impl Gen {
    fn atom(&mut self, vars: &[String]) -> String {
        let a = self.rng.pick(vars).clone();
        let op = *self.rng.pick(OPS);
        if self.rng.below(2) == 0 {
            format!("{a} {op} {}", self.rng.small())
        } else {
            format!("{a} {op} {}", self.rng.pick(vars))
        }
    }
    fn expr(&mut self, vars: &[String]) -> String {
        match self.rng.below(4) {
            0 => format!("{}", self.rng.small()),
            1 => self.rng.pick(vars).clone(),
            2 => format!("{} + {}", self.rng.pick(vars), self.rng.small()),
            _ => format!("{} - {}", self.rng.pick(vars), self.rng.pick(vars)),
        }
    }
    fn block(&mut self, proc: &str, vars: &[String], callee: Option<&str>, depth: u32, out: &mut String, ind: &str) {
        let n = 1 + self.rng.below(4);
        for _ in 0..n {
            match self.rng.below(if depth > 1 { 3 } else { 7 }) {
                0 | 1 => {
                    let v = self.rng.pick(vars).clone();
                    let e = self.expr(vars);
                    out.push_str(&format!("{ind}{v} = {e};\n"));
                }
                2 => {
                    let c = self.atom(vars);
                    self.conds.push((Some(proc.to_string()), c.clone()));
                    out.push_str(&format!("{ind}if ({c}) reach_error();\n"));
                }
                3 => {
                    let c = self.atom(vars);
                    self.conds.push((Some(proc.to_string()), c.clone()));
                    out.push_str(&format!("{ind}if ({c}) {{\n"));
                    self.block(proc, vars, callee, depth + 1, out, &format!("{ind}  "));
                    out.push_str(&format!("{ind}}} else {{\n"));
                    self.block(proc, vars, callee, depth + 1, out, &format!("{ind}  "));
                    out.push_str(&format!("{ind}}}\n"));
                }
                4 => {
                    let v = self.rng.pick(vars).clone();
                    let k = self.rng.small();
                    self.conds.push((Some(proc.to_string()), format!("{v} < {k}")));
                    out.push_str(&format!("{ind}while ({v} < {k}) {{\n{ind}  {v} = {v} + 1;\n"));
                    self.block(proc, vars, callee, depth + 2, out, &format!("{ind}  "));
                    out.push_str(&format!("{ind}}}\n"));
                }
                5 if callee.is_some() => {
                    let v = self.rng.pick(vars).clone();
                    let (a, b) = (self.expr(vars), self.expr(vars));
                    out.push_str(&format!("{ind}{v} = {}({a}, {b});\n", callee.unwrap_or_default()));
                }
                _ => {
                    let g = self.rng.pick(&self.globals.clone()).clone();
                    let e = self.expr(vars);
                    out.push_str(&format!("{ind}*p = {e};\n{ind}p = &{g};\n"));
                }
            }
        }
    }

    fn program(&mut self) -> String {
        let mut s = String::new();
        s.push_str("int g0, g1 = 1;\nint *p = &g0;\n");
        let fvars: Vec<String> = ["a", "b", "l", "g0", "g1"].iter().map(|x| x.to_string()).collect();
        s.push_str("int f(int a, int b) {\n  int l = a;\n");
        self.block("f", &fvars, None, 0, &mut s, "  ");
        let r = self.expr(&fvars);
        s.push_str(&format!("  return {r};\n}}\n"));
        let mvars: Vec<String> = ["x", "y", "g0", "g1"].iter().map(|x| x.to_string()).collect();
        s.push_str("int main() {\n  int x = __VERIFIER_nondet_int();\n  int y = __VERIFIER_nondet_int();\n");
        s.push_str("  __VERIFIER_assume(x > -5 && x < 5 && y > -5 && y < 5);\n");
        self.block("main", &mvars, Some("f"), 0, &mut s, "  ");
        s.push_str("  return 0;\n}\n");
        s
    }
}

fn reachable_origins(b: &bp::Program) -> (BTreeSet<u32>, bool) {
    let (_, cfg) = bp::load(&bp::print(b)).expect("c2bp output is a valid boolean program");
    let an = bebop::check(&cfg, &bebop::Options::default());
    let mut set = BTreeSet::new();
    for (i, n) in cfg.nodes.iter().enumerate() {
        if let Some(o) = n.origin {
            if an.is_reachable(i) {
                set.insert(o);
            }
        }
    }
    (set, !an.error_vertices().is_empty())
}

fn check_seed(seed: u64) -> Result<(), String> {
    let mut g = Gen { rng: Rng(seed), globals: vec!["g0".into(), "g1".into()], conds: Vec::new() };
    let src = g.program();
    let prog = cfront::lower_str("gen.c", &src, &cfront::Options::default()).map_err(|e| format!("{e:?}\n{src}"))?;
    // Predicates: some of the program's conditions, and a few random ones.
    let mut preds: Vec<Pred> = Vec::new();
    let mut text = String::new();
    let conds = g.conds.clone();
    for (scope, c) in &conds {
        if g.rng.below(3) > 0 {
            text.push_str(&format!("{}: {c}\n", scope.as_deref().unwrap_or("global")));
        }
    }
    for _ in 0..2 {
        let c = g.atom(&["g0".into(), "g1".into()]);
        text.push_str(&format!("global: {c}\n"));
    }
    match c2bp::parse_preds(&prog, &text) {
        Ok(p) => preds.extend(p),
        Err(e) => return Err(format!("predicates do not parse: {e:?}\n{text}")),
    }
    // Concrete runs.
    let mut executed = BTreeSet::new();
    let mut error = false;
    let mut rng = Rng(seed ^ 0xDEAD);
    for _ in 0..60 {
        let inputs: Vec<i64> = (0..8).map(|_| rng.small()).collect();
        let run = cminus::interp::run(&prog, &inputs, 2_000);
        executed.extend(run.trace.iter().map(|s| s.0));
        if matches!(run.outcome, cminus::interp::Outcome::Error { .. }) {
            error = true;
        }
    }
    let mut per_strategy = Vec::new();
    for strategy in [Strategy::Cartesian, Strategy::Boolean] {
        let opts = Options { strategy, ..Options::default() };
        let (b, stats) = abstract_program(&prog, &preds, &opts).map_err(|e| e.to_string())?;
        if std::env::var("SLAM_SEED").is_ok() {
            eprintln!("{strategy:?}: {stats:?}\n{text}");
        }
        let (reach, err) = reachable_origins(&b);
        let missing: Vec<u32> = executed.difference(&reach).copied().collect();
        if !missing.is_empty() {
            return Err(format!(
                "{strategy:?}: statements executed concretely but unreachable in the abstraction: {missing:?}\n{src}\n{text}\n{}",
                bp::print(&b)
            ));
        }
        if error && !err {
            return Err(format!(
                "{strategy:?}: the C program reaches an error, the abstraction does not\n{src}\n{text}"
            ));
        }
        per_strategy.push(reach);
    }
    if !per_strategy[1].is_subset(&per_strategy[0]) {
        let extra: Vec<_> = per_strategy[1].difference(&per_strategy[0]).collect();
        return Err(format!("boolean reaches statements cartesian does not: {extra:?}\n{src}\n{text}"));
    }
    Ok(())
}

#[test]
fn abstraction_is_sound_and_boolean_is_at_least_as_precise() {
    let seeds: Vec<u64> = match std::env::var("SLAM_SEED") {
        Ok(s) => vec![s.parse().expect("SLAM_SEED is a number")],
        Err(_) => {
            let from: u64 = std::env::var("SLAM_C2BP_FROM").ok().and_then(|s| s.parse().ok()).unwrap_or(0);
            (from..std::env::var("SLAM_C2BP_N").ok().and_then(|s| s.parse().ok()).unwrap_or(40)).collect()
        }
    };
    let mut failures = Vec::new();
    for seed in seeds {
        let t0 = std::time::Instant::now();
        let r = check_seed(seed);
        if t0.elapsed().as_secs_f64() > 2.0 {
            eprintln!("seed {seed} took {:.1}s", t0.elapsed().as_secs_f64());
        }
        if let Err(e) = r {
            failures.push(format!("seed {seed} (replay with SLAM_SEED={seed}):\n{e}"));
        }
    }
    assert!(failures.is_empty(), "{} failure(s):\n{}", failures.len(), failures.join("\n\n"));
}

#[test]
#[ignore]
fn print_seed_program() {
    let seed: u64 = std::env::var("SLAM_SEED").unwrap().parse().unwrap();
    let mut g = Gen { rng: Rng(seed), globals: vec!["g0".into(), "g1".into()], conds: Vec::new() };
    println!("{}", g.program());
}
