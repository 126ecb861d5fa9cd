//! Every corpus program under `corpus/slic/`, instrumented with its rule, run through the
//! C-- concrete interpreter: a SAFE program never reaches an `error` statement (on every
//! input of an exhaustive 0/1 enumeration and on seeded random inputs); a VIOLATION
//! program reaches it on the input its header gives, with the rule's message.

use cminus::interp::{run_with, Outcome};
use cminus::{Expr, Lval, Program, StmtKind, Type};
use std::path::{Path, PathBuf};

const MIN_FILES: usize = 32;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").canonicalize().unwrap()
}

struct Case {
    path: PathBuf,
    rule: PathBuf,
    violation: bool,
    input: Vec<i64>,
    message: Option<String>,
}

fn header(path: &Path) -> Case {
    let text = std::fs::read_to_string(path).unwrap();
    let mut rule = None;
    let mut expect = None;
    let mut input = vec![];
    let mut message = None;
    for l in text.lines().take_while(|l| l.starts_with("//")) {
        let l = l.trim_start_matches("//").trim();
        if let Some(r) = l.strip_prefix("rule:") {
            rule = Some(root().join(r.trim()));
        } else if let Some(e) = l.strip_prefix("expect:") {
            expect = Some(e.trim().to_string());
        } else if let Some(i) = l.strip_prefix("input:") {
            input = i.split_whitespace().map(|x| x.parse().expect("input values are integers")).collect();
        } else if let Some(m) = l.strip_prefix("message:") {
            message = Some(m.trim().to_string());
        }
    }
    let expect = expect.unwrap_or_else(|| panic!("{}: no `// expect:` header", path.display()));
    assert!(expect == "SAFE" || expect == "VIOLATION", "{}: bad expect {expect}", path.display());
    Case {
        path: path.to_path_buf(),
        rule: rule.unwrap_or_else(|| panic!("{}: no `// rule:` header", path.display())),
        violation: expect == "VIOLATION",
        input,
        message,
    }
}

fn corpus_files() -> Vec<PathBuf> {
    let mut out = vec![];
    let dir = root().join("corpus/slic");
    for d in std::fs::read_dir(&dir).unwrap() {
        let d = d.unwrap().path();
        if d.is_dir() {
            for f in std::fs::read_dir(&d).unwrap() {
                let f = f.unwrap().path();
                if f.extension().map(|e| e == "c").unwrap_or(false) {
                    out.push(f);
                }
            }
        }
    }
    out.sort();
    out
}

fn instrumented(c: &Case, choice: slic::ObjectChoice) -> (Program, Option<String>) {
    let opts = cfront::Options { includes: vec![root().join("corpus/include")], ..Default::default() };
    let prog = cfront::lower_files(std::slice::from_ref(&c.path), &opts)
        .unwrap_or_else(|d| panic!("{}: {:?}", c.path.display(), d));
    let rule = slic::preprocess_and_parse(&c.rule, &slic::PpOptions::default())
        .unwrap_or_else(|d| panic!("{}: {:?}", c.rule.display(), d));
    let opts = slic::Options { object_choice: choice };
    let out = slic::instrument_with(&prog, &rule, &opts).unwrap_or_else(|d| panic!("{}: {:?}", c.path.display(), d));
    let problems = out.program.validate();
    assert!(problems.is_empty(), "{}: invalid instrumented program: {problems:?}", c.path.display());
    (out.program, out.object.map(|o| o.0))
}

/// With a prophecy, the entry procedure starts with `slic_obj := nondet`, which the
/// interpreter cannot make equal to an object of the program. Variants of the program
/// fix the prophecy to each candidate object instead: the address of every global, a few
/// of the fresh addresses [`run`] gives to external functions' pointer results, small integers.
fn prophecy_variants(p: &Program, obj: &Option<String>) -> Vec<Program> {
    let Some(obj) = obj else {
        return vec![p.clone()];
    };
    let ty = p.global(obj).unwrap().ty.clone();
    let mut cands = vec![];
    match &ty {
        Type::Ptr(_) => {
            for g in &p.globals {
                if !g.c_name.starts_with(slic::SLIC_MARK) {
                    cands.push(Expr::Cast(ty.clone(), Box::new(Expr::AddrOf(Lval::Var(g.name.clone())))));
                }
            }
            for k in 1..=4 {
                cands.push(Expr::Cast(ty.clone(), Box::new(Expr::Int(0x1000 + 0x10 * k))));
            }
        }
        _ => {
            for k in 0..6 {
                cands.push(Expr::Cast(ty.clone(), Box::new(Expr::Int(k))));
            }
        }
    }
    let entry = p.procs.iter().position(|q| q.name == p.entry).unwrap();
    let at = p.procs[entry]
        .body
        .iter()
        .position(|s| matches!(&s.kind, StmtKind::Assign(Lval::Var(v), Expr::Nondet(_)) if v == obj))
        .expect("the prophecy assignment");
    let mut out = vec![p.clone()];
    for c in cands {
        let mut q = p.clone();
        q.procs[entry].body[at].kind = StmtKind::Assign(Lval::Var(obj.clone()), c);
        out.push(q);
    }
    out
}

/// Run with the given values; pointer-typed requests get distinct fresh addresses for
/// non-zero values (so that two handles from external functions never alias), NULL for 0.
fn run(p: &Program, input: &[i64]) -> Outcome {
    let mut it = input.iter().copied();
    let mut fresh = 0x1000i64;
    let mut supplier = |t: &Type| {
        let v = it.next().unwrap_or(0);
        if matches!(t, Type::Ptr(_)) && v != 0 {
            fresh += 0x10;
            fresh
        } else {
            v
        }
    };
    run_with(p, &mut supplier, 20_000).outcome
}

fn inputs_01(len: usize) -> impl Iterator<Item = Vec<i64>> {
    (0u32..(1 << len)).map(move |bits| (0..len).map(|i| ((bits >> i) & 1) as i64).collect())
}

/// A small seeded generator (splitmix64), so that failures can be replayed.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e3779b97f4a7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58476d1ce4e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d049bb133111eb);
        z ^ (z >> 31)
    }
    fn input(&mut self) -> Vec<i64> {
        let n = (self.next() % 12) as usize;
        (0..n)
            .map(|_| match self.next() % 6 {
                0 => 0,
                1 => 1,
                2 => -1,
                3 => 0x103,
                4 => 2,
                _ => (self.next() % 100) as i64 - 50,
            })
            .collect()
    }
}

/// An input that reaches the expected error, to help write the header.
fn witness(p: &Program, c: &Case) -> String {
    let found = (0..=8).flat_map(inputs_01).find(|i| match run(p, i) {
        Outcome::Error { msg, .. } => c.message.as_ref().map(|m| *m == msg).unwrap_or(true),
        _ => false,
    });
    match found {
        Some(i) => format!("an input that reaches it: {i:?}"),
        None => "no 0/1 input of length <= 8 reaches it".into(),
    }
}

fn check(c: &Case) -> Result<(), String> {
    let name = c.path.strip_prefix(root()).unwrap().display().to_string();
    if c.violation {
        let (p, _) = instrumented(c, slic::ObjectChoice::FirstSight);
        match run(&p, &c.input) {
            Outcome::Error { msg, .. } => {
                if msg.contains("$fname") {
                    return Err(format!("{name}: message without the function name: {msg}"));
                }
                match &c.message {
                    Some(m) if &msg != m => {
                        Err(format!("{name}: error message {msg:?}, expected {m:?}; {}", witness(&p, c)))
                    }
                    _ => Ok(()),
                }
            }
            o => Err(format!("{name}: no error on input {:?} ({o:?}); {}", c.input, witness(&p, c))),
        }
    } else {
        let (p, obj) = instrumented(c, slic::ObjectChoice::Prophecy);
        let variants = prophecy_variants(&p, &obj);
        let mut returned = 0;
        let seed = 0x5eed_u64 ^ name.len() as u64;
        let mut rng = Rng(seed);
        let randoms: Vec<Vec<i64>> = (0..100).map(|_| rng.input()).collect();
        for (vi, p) in variants.iter().enumerate() {
            for i in (0..=8).flat_map(inputs_01).chain(randoms.iter().cloned()) {
                match run(p, &i) {
                    Outcome::Error { msg, .. } => {
                        return Err(format!(
                            "{name}: SAFE program (prophecy variant {vi}) reaches an error on input {i:?} (seed {seed:#x}): {msg}"
                        ))
                    }
                    Outcome::Returned(_) => returned += 1,
                    _ => {}
                }
            }
        }
        if returned == 0 {
            return Err(format!("{name}: no run of the SAFE program returned normally"));
        }
        Ok(())
    }
}

#[test]
fn corpus_programs_reach_errors_exactly_when_expected() {
    let files = corpus_files();
    assert!(files.len() >= MIN_FILES, "corpus too small: {}", files.len());
    let mut failures = vec![];
    for f in &files {
        let c = header(f);
        if let Err(e) = check(&c) {
            failures.push(e);
        }
    }
    assert!(failures.is_empty(), "{} failure(s):\n{}", failures.len(), failures.join("\n"));
}

#[test]
fn every_rule_has_two_safe_and_two_violating_programs() {
    let specs = root().join("specs");
    let mut rules = 0;
    for r in std::fs::read_dir(&specs).unwrap() {
        let r = r.unwrap().path();
        if r.extension().map(|e| e != "slic").unwrap_or(true) {
            continue;
        }
        rules += 1;
        let cases: Vec<Case> = corpus_files().iter().map(|f| header(f)).filter(|c| c.rule == r).collect();
        let safe = cases.iter().filter(|c| !c.violation).count();
        let bad = cases.iter().filter(|c| c.violation).count();
        assert!(safe >= 2 && bad >= 2, "{}: {safe} SAFE and {bad} VIOLATION programs", r.display());
    }
    assert!(rules >= 8, "only {rules} rules in specs/");
}
