//! A seeded generator of random, well-formed boolean programs, for cross-checking model
//! checkers and for round-trip tests of the parser and printer.
//!
//! The same seed always gives the same program. Programs have 1–4 globals and 1–4
//! procedures (main and others, with formals, locals, `bool`/`bool<2>` return values,
//! recursion and mutual recursion) and use every kind of statement; labels are sprinkled so
//! that their reachability is interesting. The scope of every procedure is kept small
//! (see [`Config::max_scope`]) so that explicit-state checkers stay fast.

use crate::ast::*;

/// A tiny deterministic PRNG (splitmix64).
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    /// A number in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
    /// A number in `lo..=hi`.
    pub fn range(&mut self, lo: usize, hi: usize) -> usize {
        lo + self.below(hi - lo + 1)
    }
    /// True with probability `pct` percent.
    pub fn chance(&mut self, pct: u32) -> bool {
        self.below(100) < pct as usize
    }
    pub fn pick<'a, T>(&mut self, v: &'a [T]) -> &'a T {
        &v[self.below(v.len())]
    }
}

/// Size limits of generated programs.
#[derive(Clone, Debug)]
pub struct Config {
    /// Most variables in one procedure's scope (globals, formals, return slots, locals).
    pub max_scope: usize,
    /// Most statements (at any depth) per procedure.
    pub max_stmts: usize,
    pub max_globals: usize,
    pub max_procs: usize,
}

impl Default for Config {
    fn default() -> Config {
        Config { max_scope: 9, max_stmts: 12, max_globals: 4, max_procs: 4 }
    }
}

struct Sig {
    name: String,
    formals: usize,
    returns: usize,
}

struct Gen<'c> {
    rng: Rng,
    cfg: &'c Config,
    sigs: Vec<Sig>,
    /// Variables that can be named in the current procedure.
    scope: Vec<String>,
    returns: usize,
    /// The procedure being generated (index into `sigs`).
    cur: usize,
    next_label: usize,
    stmts_left: usize,
}

/// Generate the program of a seed with the default limits.
pub fn program(seed: u64) -> Program {
    program_with(seed, &Config::default())
}

/// Generate the program of a seed.
pub fn program_with(seed: u64, cfg: &Config) -> Program {
    let mut g = Gen {
        rng: Rng::new(seed),
        cfg,
        sigs: Vec::new(),
        scope: Vec::new(),
        returns: 0,
        cur: 0,
        next_label: 0,
        stmts_left: 0,
    };
    g.program()
}

impl Gen<'_> {
    fn program(&mut self) -> Program {
        let ng = self.rng.range(1, self.cfg.max_globals.max(1));
        let globals: Vec<String> =
            (0..ng).map(|i| if self.rng.chance(15) { format!("g{i} == 0") } else { format!("g{i}") }).collect();
        let np = self.rng.range(1, self.cfg.max_procs.max(1));
        // Signatures first, so that any procedure may call any other (and itself).
        let main_at = if self.rng.chance(75) { 0 } else { self.rng.below(np) };
        let room = self.cfg.max_scope.saturating_sub(ng);
        for i in 0..np {
            if i == main_at {
                let returns = if self.rng.chance(10) { 1 } else { 0 };
                self.sigs.push(Sig { name: "main".into(), formals: 0, returns });
            } else {
                let returns = *self.rng.pick(&[0, 1, 1, 2]);
                let formals = self.rng.range(0, 2.min(room.saturating_sub(returns)));
                self.sigs.push(Sig { name: format!("p{i}"), formals, returns });
            }
        }
        let mut procs = Vec::new();
        for i in 0..np {
            procs.push(self.proc(i, &globals));
        }
        Program { globals, procs }
    }

    fn proc(&mut self, i: usize, globals: &[String]) -> Proc {
        let (name, nf, returns) = {
            let s = &self.sigs[i];
            (s.name.clone(), s.formals, s.returns)
        };
        let room = self.cfg.max_scope.saturating_sub(globals.len() + nf + returns);
        let nl = self.rng.range(0, room.min(3));
        let formals: Vec<String> = (0..nf).map(|k| format!("a{k}")).collect();
        let mut locals: Vec<String> = (0..nl).map(|k| format!("l{k}")).collect();
        // Now and then a local shadows a global.
        if nl > 0 && self.rng.chance(8) {
            locals[0] = globals[0].clone();
        }
        self.scope = globals.to_vec();
        for v in formals.iter().chain(&locals) {
            if !self.scope.contains(v) {
                self.scope.push(v.clone());
            }
        }
        self.returns = returns;
        self.cur = i;
        let enforce = if self.rng.chance(8) { Some(self.expr(1, false, &[])) } else { None };
        self.stmts_left = self.rng.range(2, self.cfg.max_stmts.max(2));
        let mut body = self.block(0);
        let mut labels = Vec::new();
        collect_labels(&body, &mut labels);
        fix_gotos(&mut body, &labels, &mut self.rng);
        Proc { name, returns, formals, locals, enforce, body, pos: Pos::default() }
    }

    fn block(&mut self, depth: usize) -> Vec<Stmt> {
        let n = if depth == 0 { self.stmts_left.max(1) } else { self.rng.range(0, 3) };
        let mut v = Vec::new();
        for _ in 0..n {
            if self.stmts_left == 0 {
                break;
            }
            self.stmts_left -= 1;
            v.push(self.stmt(depth));
        }
        v
    }

    fn label(&mut self) -> String {
        self.next_label += 1;
        format!("L{}", self.next_label)
    }

    fn vars(&mut self, max: usize) -> Vec<String> {
        let k = self.rng.range(1, max.min(self.scope.len()).max(1));
        let mut pool = self.scope.clone();
        let mut out = Vec::new();
        for _ in 0..k {
            if pool.is_empty() {
                break;
            }
            out.push(pool.swap_remove(self.rng.below(pool.len())));
        }
        out
    }

    fn stmt(&mut self, depth: usize) -> Stmt {
        let mut labels = Vec::new();
        if self.rng.chance(30) {
            labels.push(self.label());
            if self.rng.chance(10) {
                labels.push(self.label());
            }
        }
        let nested = depth < 2;
        let kind = loop {
            let k = self.rng.below(100);
            let kind = match k {
                0..=4 => StmtKind::Skip,
                5..=6 => StmtKind::Print(vec![self.expr(1, true, &[])]),
                7..=29 => self.assign(),
                30..=41 if nested => self.if_stmt(depth),
                42..=47 if nested => {
                    let cond = if self.rng.chance(50) { Expr::Nondet } else { self.expr(2, true, &[]) };
                    StmtKind::While { cond, body: self.block(depth + 1) }
                }
                48..=54 => StmtKind::Assert(self.expr(2, true, &[])),
                55..=56 => StmtKind::Assume(self.expr(1, true, &[])),
                57..=58 => StmtKind::Skip,
                59..=64 => StmtKind::Goto(vec![String::new(); if self.rng.chance(50) { 2 } else { 1 }]),
                65..=82 => self.call(depth),
                83..=88 => StmtKind::Return((0..self.returns).map(|_| self.expr(2, true, &[])).collect()),
                89..=91 => StmtKind::Dead(self.vars(2)),
                _ => continue,
            };
            break kind;
        };
        Stmt {
            labels,
            origin: if self.rng.chance(5) { Some(self.rng.below(1000) as u32) } else { None },
            kind,
            pos: Pos::default(),
        }
    }

    fn assign(&mut self) -> StmtKind {
        let lhs = self.vars(3);
        let rhs = lhs.iter().map(|_| self.expr(2, true, &[])).collect();
        let constrain = if self.rng.chance(15) { Some(self.expr(2, false, &lhs.clone())) } else { None };
        StmtKind::Assign { lhs, rhs, constrain }
    }

    fn if_stmt(&mut self, depth: usize) -> StmtKind {
        let narms = if self.rng.chance(25) { 2 } else { 1 };
        let mut arms = Vec::new();
        for _ in 0..narms {
            let c = if self.rng.chance(25) { Expr::Nondet } else { self.expr(2, true, &[]) };
            arms.push((c, self.block(depth + 1)));
        }
        let els = if self.rng.chance(50) { Some(self.block(depth + 1)) } else { None };
        StmtKind::If { arms, els }
    }

    fn call(&mut self, depth: usize) -> StmtKind {
        // Mostly call "down" the list (so that calls return), sometimes anywhere: recursion
        // and mutual recursion, guarded more often than not by being nested in a branch.
        let n = self.sigs.len();
        let callee = if self.cur + 1 < n && self.rng.chance(if depth == 0 { 85 } else { 60 }) {
            self.rng.range(self.cur + 1, n - 1)
        } else {
            self.rng.below(n)
        };
        let (proc, nf, nr) = {
            let s = &self.sigs[callee];
            (s.name.clone(), s.formals, s.returns)
        };
        let args = (0..nf).map(|_| self.expr(1, true, &[])).collect();
        let mut lhs = Vec::new();
        if nr > 0 && nr <= self.scope.len() && self.rng.chance(65) {
            let mut pool = self.scope.clone();
            for _ in 0..nr {
                lhs.push(pool.swap_remove(self.rng.below(pool.len())));
            }
        }
        StmtKind::Call { lhs, proc, args }
    }

    /// A random expression; `primed` lists variables that may appear as `'x`.
    fn expr(&mut self, depth: usize, nondet: bool, primed: &[String]) -> Expr {
        if depth == 0 || self.rng.chance(40) {
            let k = self.rng.below(100);
            return if k < 12 {
                Expr::Const(self.rng.chance(50))
            } else if k < 22 && nondet {
                Expr::Nondet
            } else if k < 50 && !primed.is_empty() {
                Expr::Primed(self.rng.pick(primed).clone())
            } else if self.scope.is_empty() {
                Expr::Const(false)
            } else {
                Expr::Var(self.rng.pick(&self.scope).clone())
            };
        }
        match self.rng.below(10) {
            0..=1 => Expr::not(self.expr(depth - 1, nondet, primed)),
            2 if nondet => Expr::schoose(self.expr(depth - 1, nondet, primed), self.expr(depth - 1, nondet, primed)),
            _ => {
                let op = *self.rng.pick(&[BinOp::And, BinOp::Or, BinOp::Xor, BinOp::Eq, BinOp::Ne, BinOp::Implies]);
                Expr::bin(op, self.expr(depth - 1, nondet, primed), self.expr(depth - 1, nondet, primed))
            }
        }
    }
}

fn collect_labels(ss: &[Stmt], out: &mut Vec<String>) {
    for s in ss {
        out.extend(s.labels.iter().cloned());
        match &s.kind {
            StmtKind::If { arms, els } => {
                for (_, b) in arms {
                    collect_labels(b, out);
                }
                if let Some(e) = els {
                    collect_labels(e, out);
                }
            }
            StmtKind::While { body, .. } => collect_labels(body, out),
            _ => {}
        }
    }
}

/// Point every `goto` at labels of its procedure (or make it a `skip` if there are none).
fn fix_gotos(ss: &mut [Stmt], labels: &[String], rng: &mut Rng) {
    for s in ss {
        match &mut s.kind {
            StmtKind::Goto(ts) => {
                if labels.is_empty() {
                    s.kind = StmtKind::Skip;
                } else {
                    let mut pool = labels.to_vec();
                    let n = ts.len().min(pool.len());
                    ts.clear();
                    for _ in 0..n {
                        ts.push(pool.swap_remove(rng.below(pool.len())));
                    }
                }
            }
            StmtKind::If { arms, els } => {
                for (_, b) in arms {
                    fix_gotos(b, labels, rng);
                }
                if let Some(e) = els {
                    fix_gotos(e, labels, rng);
                }
            }
            StmtKind::While { body, .. } => fix_gotos(body, labels, rng),
            _ => {}
        }
    }
}
