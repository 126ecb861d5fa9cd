//! Seeded random C programs for the tests of later stages (c2bp soundness, Newton
//! feasibility): small integers, two globals and a pointer to them, a callee with
//! parameters, branches, bounded-ish loops and `reach_error()` calls. Deterministic per seed.

pub struct Rng(pub u64);
impl Rng {
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E3779B97F4A7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58476D1CE4E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D049BB133111EB);
        z ^ (z >> 31)
    }
    pub fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n
    }
    pub fn pick<'a, T>(&mut self, v: &'a [T]) -> &'a T {
        &v[self.below(v.len() as u64) as usize]
    }
    pub fn small(&mut self) -> i64 {
        self.below(7) as i64 - 3
    }
}

const OPS: &[&str] = &["<", "<=", "==", "!=", ">", ">="];

/// A program generator; `conds` collects the conditions it wrote, with their procedure.
pub struct Gen {
    pub rng: Rng,
    pub globals: Vec<String>,
    pub conds: Vec<(Option<String>, String)>,
}

impl Gen {
    pub fn new(seed: u64) -> Gen {
        Gen { rng: Rng(seed), globals: vec!["g0".into(), "g1".into()], conds: Vec::new() }
    }

    /// A comparison between variables of `vars` and small constants.
    pub fn atom(&mut self, vars: &[String]) -> String {
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

    /// The C source of one program.
    pub fn program(&mut self) -> String {
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
