//! The control-flow graph of a boolean program (Bebop paper §2.3), built together with the
//! semantic checks (scopes, arities, labels, `main`).
//!
//! Vertices are statements, one `Exit` per procedure, and an `Err` vertex per procedure (the
//! paper has a single Err; one per procedure keeps every vertex inside one scope). Each call is
//! followed by a synthetic `ReturnPt` vertex, the paper's "skip after every call".

use crate::ast::{self, BinOp, Pos, Program, StmtKind};
use crate::BpError;
use std::collections::HashMap;

pub type NodeId = usize;
pub type VarId = usize;
pub type ProcId = usize;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VarKind {
    Global,
    Formal(usize),
    /// The i-th return value of a procedure (set by `return`), a hidden local.
    Ret(usize),
    Local,
}

#[derive(Clone, Debug)]
pub struct VarInfo {
    pub name: String,
    pub proc: Option<ProcId>,
    pub kind: VarKind,
}

/// Expressions over resolved variables.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum CExpr {
    Const(bool),
    Var(VarId),
    /// The new value of an assigned variable, inside `constrain`.
    Primed(VarId),
    Nondet,
    Not(Box<CExpr>),
    Bin(BinOp, Box<CExpr>, Box<CExpr>),
    Schoose(Box<CExpr>, Box<CExpr>),
}

impl CExpr {
    pub fn visit_vars(&self, f: &mut impl FnMut(VarId, bool)) {
        match self {
            CExpr::Const(_) | CExpr::Nondet => {}
            CExpr::Var(v) => f(*v, false),
            CExpr::Primed(v) => f(*v, true),
            CExpr::Not(e) => e.visit_vars(f),
            CExpr::Bin(_, a, b) | CExpr::Schoose(a, b) => {
                a.visit_vars(f);
                b.visit_vars(f);
            }
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CondKind {
    If,
    While,
    Assert,
}

#[derive(Clone, Debug)]
pub enum NodeKind {
    /// `skip`, `print` and one-target `goto` jumps (successor in `next[0]`).
    Skip,
    /// Parallel assignment (also `dead`, as an assignment of `*`).
    Assign {
        lhs: Vec<VarId>,
        rhs: Vec<CExpr>,
        constrain: Option<CExpr>,
    },
    /// `if`/`while`/`assert`: `next = [then, else]`.
    Cond {
        cond: CExpr,
        kind: CondKind,
    },
    Assume(CExpr),
    /// A nondeterministic jump to any of `next`.
    Goto,
    /// `return e…`: assigns the procedure's return slots; `next = [exit]`.
    Return(Vec<CExpr>),
    /// A call; `next = [its ReturnPt]`.
    Call {
        callee: ProcId,
        args: Vec<CExpr>,
        lhs: Vec<VarId>,
    },
    /// The point a call returns to (a synthetic skip); `call` is the call vertex.
    ReturnPt {
        call: NodeId,
    },
    Exit,
    Err,
}

#[derive(Clone, Debug)]
pub struct Node {
    pub proc: ProcId,
    pub kind: NodeKind,
    /// Intraprocedural successors (see [`NodeKind`] for their meaning).
    pub next: Vec<NodeId>,
    pub pos: Pos,
    pub origin: Option<u32>,
    pub labels: Vec<String>,
    /// A short text of the statement, for traces.
    pub text: String,
}

impl Node {
    /// Vertices that the user wrote (not Exit, Err or return points).
    pub fn is_statement(&self) -> bool {
        !matches!(self.kind, NodeKind::Exit | NodeKind::Err | NodeKind::ReturnPt { .. })
    }
}

#[derive(Clone, Debug)]
pub struct ProcCfg {
    pub name: String,
    pub formals: Vec<VarId>,
    pub rets: Vec<VarId>,
    pub locals: Vec<VarId>,
    pub enforce: Option<CExpr>,
    pub first: NodeId,
    pub exit: NodeId,
    pub err: NodeId,
    /// Call vertices that call this procedure.
    pub callers: Vec<NodeId>,
    pub pos: Pos,
}

impl ProcCfg {
    /// All variables local to the procedure, in slot order: formals, return slots, locals.
    pub fn scope_locals(&self) -> impl Iterator<Item = VarId> + '_ {
        self.formals.iter().chain(&self.rets).chain(&self.locals).copied()
    }
}

#[derive(Clone, Debug)]
pub struct Cfg {
    pub vars: Vec<VarInfo>,
    pub globals: Vec<VarId>,
    pub procs: Vec<ProcCfg>,
    pub nodes: Vec<Node>,
    pub main: ProcId,
    /// Every label, with its procedure, mapped to the labelled vertex.
    pub labels: Vec<(String, ProcId, NodeId)>,
}

impl Cfg {
    pub fn proc_by_name(&self, name: &str) -> Option<ProcId> {
        self.procs.iter().position(|p| p.name == name)
    }
    /// Vertices labelled `label` (labels are per procedure, so there may be several).
    pub fn label_nodes(&self, label: &str) -> Vec<NodeId> {
        self.labels.iter().filter(|(l, _, _)| l == label).map(|(_, _, n)| *n).collect()
    }
    pub fn var_name(&self, v: VarId) -> &str {
        &self.vars[v].name
    }
    /// Intraprocedural predecessors of every vertex.
    pub fn predecessors(&self) -> Vec<Vec<NodeId>> {
        let mut preds = vec![Vec::new(); self.nodes.len()];
        for (i, n) in self.nodes.iter().enumerate() {
            for &s in &n.next {
                if !preds[s].contains(&i) {
                    preds[s].push(i);
                }
            }
        }
        preds
    }
}

const HOLE: NodeId = usize::MAX;

struct Builder<'a> {
    prog: &'a Program,
    errors: Vec<BpError>,
    vars: Vec<VarInfo>,
    globals: HashMap<String, VarId>,
    procs_by_name: HashMap<String, ProcId>,
    nodes: Vec<Node>,
    // per procedure
    cur: ProcId,
    scope: HashMap<String, VarId>,
    label_map: HashMap<String, NodeId>,
    gotos: Vec<(NodeId, Vec<String>, Pos)>,
    /// Hidden locals standing for `_` (an ignored call result) in the current procedure.
    discards: Vec<VarId>,
}

/// Check a program and build its control-flow graph. All errors found are returned.
pub fn build(prog: &Program) -> Result<Cfg, Vec<BpError>> {
    let mut b = Builder {
        prog,
        errors: Vec::new(),
        vars: Vec::new(),
        globals: HashMap::new(),
        procs_by_name: HashMap::new(),
        nodes: Vec::new(),
        cur: 0,
        scope: HashMap::new(),
        label_map: HashMap::new(),
        gotos: Vec::new(),
        discards: Vec::new(),
    };
    let mut globals = Vec::new();
    for g in &prog.globals {
        if b.globals.contains_key(g) {
            b.err(Pos::default(), format!("global variable `{g}` is declared twice"));
            continue;
        }
        let id = b.new_var(g, None, VarKind::Global);
        b.globals.insert(g.clone(), id);
        globals.push(id);
    }
    for (i, p) in prog.procs.iter().enumerate() {
        if b.procs_by_name.insert(p.name.clone(), i).is_some() {
            b.err(p.pos, format!("procedure `{}` is defined twice", p.name));
        }
    }
    let main = b.procs_by_name.get("main").copied();
    if main.is_none() {
        b.err(Pos { line: 1, col: 1 }, "the program has no procedure `main`".to_string());
    }
    let mut procs = Vec::new();
    for (i, p) in prog.procs.iter().enumerate() {
        procs.push(b.proc(i, p));
    }
    // Callers of each procedure.
    for (i, n) in b.nodes.iter().enumerate() {
        if let NodeKind::Call { callee, .. } = n.kind {
            procs[callee].callers.push(i);
        }
    }
    if !b.errors.is_empty() {
        b.errors.sort_by_key(|e| (e.pos.line, e.pos.col));
        return Err(b.errors);
    }
    let mut labels = Vec::new();
    for (i, n) in b.nodes.iter().enumerate() {
        for l in &n.labels {
            labels.push((l.clone(), n.proc, i));
        }
    }
    Ok(Cfg { vars: b.vars, globals, procs, nodes: b.nodes, main: main.unwrap_or(0), labels })
}

impl Builder<'_> {
    fn err(&mut self, pos: Pos, msg: String) {
        self.errors.push(BpError { pos, msg });
    }

    fn new_var(&mut self, name: &str, proc: Option<ProcId>, kind: VarKind) -> VarId {
        self.vars.push(VarInfo { name: name.to_string(), proc, kind });
        self.vars.len() - 1
    }

    fn node(&mut self, kind: NodeKind, next: Vec<NodeId>, s: Option<&ast::Stmt>, text: String) -> NodeId {
        let (pos, origin, labels) = match s {
            Some(s) => (s.pos, s.origin, s.labels.clone()),
            None => (Pos::default(), None, Vec::new()),
        };
        self.nodes.push(Node { proc: self.cur, kind, next, pos, origin, labels, text });
        self.nodes.len() - 1
    }

    fn proc(&mut self, id: ProcId, p: &ast::Proc) -> ProcCfg {
        self.cur = id;
        self.scope = self.globals.clone();
        self.label_map.clear();
        self.gotos.clear();
        self.discards.clear();
        let mut seen: HashMap<&str, ()> = HashMap::new();
        let mut formals = Vec::new();
        for (i, f) in p.formals.iter().enumerate() {
            if seen.insert(f, ()).is_some() {
                self.err(p.pos, format!("`{f}` is declared twice in procedure `{}`", p.name));
            }
            let v = self.new_var(f, Some(id), VarKind::Formal(i));
            self.scope.insert(f.clone(), v);
            formals.push(v);
        }
        let rets = (0..p.returns).map(|i| self.new_var(&format!("$ret{i}"), Some(id), VarKind::Ret(i))).collect();
        let mut locals = Vec::new();
        for l in &p.locals {
            if seen.insert(l, ()).is_some() {
                self.err(p.pos, format!("`{l}` is declared twice in procedure `{}`", p.name));
            }
            let v = self.new_var(l, Some(id), VarKind::Local);
            self.scope.insert(l.clone(), v);
            locals.push(v);
        }
        let enforce = p.enforce.as_ref().map(|e| self.expr(e, p.pos, None));
        let exit = self.node(NodeKind::Exit, vec![], None, format!("exit {}", p.name));
        self.nodes[exit].pos = p.pos;
        let err = self.node(NodeKind::Err, vec![], None, "assertion failure".to_string());
        self.nodes[err].pos = p.pos;
        let mut cx = ProcCx { exit, err, returns: p.returns, name: &p.name };
        let (first, holes) = self.seq(&p.body, &mut cx);
        let first = if first == HOLE { exit } else { first };
        self.patch(&holes, exit);
        locals.append(&mut self.discards);
        let gotos = std::mem::take(&mut self.gotos);
        for (node, labels, pos) in gotos {
            let mut targets = Vec::new();
            for l in labels {
                match self.label_map.get(&l) {
                    Some(&t) => targets.push(t),
                    None => self.err(pos, format!("unknown label `{l}` in procedure `{}`", p.name)),
                }
            }
            self.nodes[node].next = targets;
        }
        ProcCfg {
            name: p.name.clone(),
            formals,
            rets,
            locals,
            enforce,
            first,
            exit,
            err,
            callers: Vec::new(),
            pos: p.pos,
        }
    }

    fn patch(&mut self, holes: &[(NodeId, usize)], target: NodeId) {
        for &(n, i) in holes {
            self.nodes[n].next[i] = target;
        }
    }

    /// Build a statement sequence: its first vertex (HOLE if empty) and its dangling exits.
    fn seq(&mut self, ss: &[ast::Stmt], cx: &mut ProcCx) -> (NodeId, Vec<(NodeId, usize)>) {
        let mut first = HOLE;
        let mut holes: Vec<(NodeId, usize)> = Vec::new();
        let mut pending_entry = true;
        for s in ss {
            let (head, h) = self.stmt(s, cx);
            for l in &s.labels {
                if self.label_map.insert(l.clone(), head).is_some() {
                    self.err(s.pos, format!("label `{l}` is defined twice in procedure `{}`", cx.name));
                }
            }
            if pending_entry {
                first = head;
                pending_entry = false;
            }
            self.patch(&holes, head);
            holes = h;
        }
        (first, holes)
    }

    fn var(&mut self, name: &str, pos: Pos) -> VarId {
        match self.scope.get(name) {
            Some(&v) => v,
            None => {
                self.err(pos, format!("undeclared variable `{name}`"));
                0
            }
        }
    }

    /// Resolve an expression. `primed` lists the variables that may appear as `'x`.
    fn expr(&mut self, e: &ast::Expr, pos: Pos, primed: Option<&[VarId]>) -> CExpr {
        match e {
            ast::Expr::Const(b) => CExpr::Const(*b),
            ast::Expr::Nondet => CExpr::Nondet,
            ast::Expr::Var(v) => CExpr::Var(self.var(v, pos)),
            ast::Expr::Primed(v) => {
                let id = self.var(v, pos);
                match primed {
                    None => self.err(pos, format!("`'{v}` may only appear in a `constrain` clause")),
                    // A variable the assignment does not assign keeps its value: its next
                    // value is its current one (as the published boolean-program checkers read it).
                    Some(ok) if !ok.contains(&id) => return CExpr::Var(id),
                    _ => {}
                }
                CExpr::Primed(id)
            }
            ast::Expr::Not(a) => CExpr::Not(Box::new(self.expr(a, pos, primed))),
            ast::Expr::Bin(op, a, b) => {
                CExpr::Bin(*op, Box::new(self.expr(a, pos, primed)), Box::new(self.expr(b, pos, primed)))
            }
            ast::Expr::Schoose(a, b) => {
                CExpr::Schoose(Box::new(self.expr(a, pos, primed)), Box::new(self.expr(b, pos, primed)))
            }
        }
    }

    fn lhs(&mut self, names: &[String], pos: Pos) -> Vec<VarId> {
        let mut out = Vec::new();
        for n in names {
            // `_` (unless declared): a value nobody reads, as in `_, _ := f(x);`.
            if n == "_" && !self.scope.contains_key("_") {
                let v = self.new_var("_", Some(self.cur), VarKind::Local);
                self.discards.push(v);
                out.push(v);
                continue;
            }
            let v = self.var(n, pos);
            if out.contains(&v) {
                self.err(pos, format!("`{n}` is assigned twice in one parallel assignment"));
            }
            out.push(v);
        }
        out
    }

    /// The vertices of statement `s`: its first vertex and the dangling successor slots to
    /// patch with what follows; one arm per boolean-program statement form.
    fn stmt(&mut self, s: &ast::Stmt, cx: &mut ProcCx) -> (NodeId, Vec<(NodeId, usize)>) {
        let pos = s.pos;
        let text = stmt_text(s);
        match &s.kind {
            StmtKind::Skip => {
                let n = self.node(NodeKind::Skip, vec![HOLE], Some(s), text);
                (n, vec![(n, 0)])
            }
            StmtKind::Print(es) => {
                for e in es {
                    self.expr(e, pos, None);
                }
                let n = self.node(NodeKind::Skip, vec![HOLE], Some(s), text);
                (n, vec![(n, 0)])
            }
            StmtKind::Goto(ls) => {
                let n = self.node(NodeKind::Goto, vec![], Some(s), text);
                self.gotos.push((n, ls.clone(), pos));
                (n, vec![])
            }
            StmtKind::Return(es) => {
                if es.len() != cx.returns && !(es.is_empty() && cx.returns == 0) {
                    self.err(
                        pos,
                        format!(
                            "procedure `{}` returns {} value(s), but this `return` gives {}",
                            cx.name,
                            cx.returns,
                            es.len()
                        ),
                    );
                }
                let vals = es.iter().map(|e| self.expr(e, pos, None)).collect();
                let n = self.node(NodeKind::Return(vals), vec![cx.exit], Some(s), text);
                (n, vec![])
            }
            StmtKind::Assign { lhs, rhs, constrain } => {
                if lhs.len() != rhs.len() {
                    self.err(pos, format!("{} variable(s) assigned {} value(s)", lhs.len(), rhs.len()));
                }
                let l = self.lhs(lhs, pos);
                let r = rhs.iter().map(|e| self.expr(e, pos, None)).collect();
                let c = constrain.as_ref().map(|e| self.expr(e, pos, Some(&l)));
                let n = self.node(NodeKind::Assign { lhs: l, rhs: r, constrain: c }, vec![HOLE], Some(s), text);
                (n, vec![(n, 0)])
            }
            StmtKind::Dead(vs) => {
                let l = self.lhs(vs, pos);
                let r = vec![CExpr::Nondet; l.len()];
                let n = self.node(NodeKind::Assign { lhs: l, rhs: r, constrain: None }, vec![HOLE], Some(s), text);
                (n, vec![(n, 0)])
            }
            StmtKind::Assume(e) => {
                let c = self.expr(e, pos, None);
                let n = self.node(NodeKind::Assume(c), vec![HOLE], Some(s), text);
                (n, vec![(n, 0)])
            }
            StmtKind::Assert(e) => {
                let c = self.expr(e, pos, None);
                let n =
                    self.node(NodeKind::Cond { cond: c, kind: CondKind::Assert }, vec![HOLE, cx.err], Some(s), text);
                (n, vec![(n, 0)])
            }
            StmtKind::While { cond, body } => {
                let c = self.expr(cond, pos, None);
                let n = self.node(NodeKind::Cond { cond: c, kind: CondKind::While }, vec![HOLE, HOLE], Some(s), text);
                let (first, holes) = self.seq(body, cx);
                let first = if first == HOLE { n } else { first };
                self.nodes[n].next[0] = first;
                self.patch(&holes, n);
                (n, vec![(n, 1)])
            }
            StmtKind::If { arms, els } => self.if_stmt(s, arms, els.as_ref(), text, cx),
            StmtKind::Call { lhs, proc, args } => self.call_stmt(s, lhs, proc, args, text),
        }
    }

    /// An `if`/`elsif`/`else` chain: one condition vertex per arm, each false edge leading to
    /// the next arm's condition.
    fn if_stmt(
        &mut self,
        s: &ast::Stmt,
        arms: &[(ast::Expr, Vec<ast::Stmt>)],
        els: Option<&Vec<ast::Stmt>>,
        text: String,
        cx: &mut ProcCx,
    ) -> (NodeId, Vec<(NodeId, usize)>) {
        let pos = s.pos;
        let mut head = HOLE;
        let mut out = Vec::new();
        let mut prev_false: Option<NodeId> = None;
        for (i, (cond, body)) in arms.iter().enumerate() {
            let c = self.expr(cond, pos, None);
            let t = if i == 0 { text.clone() } else { format!("elsif ({})", crate::printer::expr(cond)) };
            let n = self.node(NodeKind::Cond { cond: c, kind: CondKind::If }, vec![HOLE, HOLE], Some(s), t);
            if i > 0 {
                self.nodes[n].labels.clear();
            }
            if let Some(p) = prev_false {
                self.nodes[p].next[1] = n;
            } else {
                head = n;
            }
            let (first, holes) = self.seq(body, cx);
            if first == HOLE {
                out.push((n, 0));
            } else {
                self.nodes[n].next[0] = first;
            }
            out.extend(holes);
            prev_false = Some(n);
        }
        let last = prev_false.expect("an if has at least one arm");
        match els {
            Some(e) => {
                let (first, holes) = self.seq(e, cx);
                if first == HOLE {
                    out.push((last, 1));
                } else {
                    self.nodes[last].next[1] = first;
                }
                out.extend(holes);
            }
            None => out.push((last, 1)),
        }
        (head, out)
    }

    /// A call vertex and its return point, checking the callee's arity.
    fn call_stmt(
        &mut self,
        s: &ast::Stmt,
        lhs: &[String],
        proc: &str,
        args: &[ast::Expr],
        text: String,
    ) -> (NodeId, Vec<(NodeId, usize)>) {
        let pos = s.pos;
        let callee = match self.procs_by_name.get(proc) {
            Some(&c) => c,
            None => {
                self.err(pos, format!("call to unknown procedure `{proc}`"));
                0
            }
        };
        if let Some(p) = self.prog.procs.get(callee).filter(|_| self.procs_by_name.contains_key(proc)) {
            if p.formals.len() != args.len() {
                self.err(pos, format!("`{proc}` takes {} argument(s), but {} given", p.formals.len(), args.len()));
            }
            if !lhs.is_empty() && lhs.len() != p.returns {
                self.err(pos, format!("`{proc}` returns {} value(s), but {} are assigned", p.returns, lhs.len()));
            }
        }
        let l = self.lhs(lhs, pos);
        let a = args.iter().map(|e| self.expr(e, pos, None)).collect();
        let n = self.node(NodeKind::Call { callee, args: a, lhs: l }, vec![HOLE], Some(s), text);
        let r = self.node(NodeKind::ReturnPt { call: n }, vec![HOLE], None, format!("return from {proc}"));
        self.nodes[r].pos = pos;
        self.nodes[r].origin = s.origin;
        self.nodes[n].next[0] = r;
        (n, vec![(r, 0)])
    }
}

struct ProcCx<'a> {
    exit: NodeId,
    err: NodeId,
    returns: usize,
    name: &'a str,
}

/// A one-line text of a statement (its head only, for compound statements).
fn stmt_text(s: &ast::Stmt) -> String {
    use crate::printer::expr;
    let es = |v: &[ast::Expr]| v.iter().map(expr).collect::<Vec<_>>().join(", ");
    let ns = |v: &[String]| v.iter().map(|n| crate::printer::name(n)).collect::<Vec<_>>().join(", ");
    match &s.kind {
        StmtKind::Skip => "skip".into(),
        StmtKind::Print(v) => format!("print({})", es(v)),
        StmtKind::Goto(l) => format!("goto {}", ns(l)),
        StmtKind::Return(v) if v.is_empty() => "return".into(),
        StmtKind::Return(v) => format!("return {}", es(v)),
        StmtKind::Assign { lhs, rhs, constrain } => {
            let c = constrain.as_ref().map(|c| format!(" constrain {}", expr(c))).unwrap_or_default();
            format!("{} := {}{c}", ns(lhs), es(rhs))
        }
        StmtKind::If { arms, .. } => format!("if ({})", expr(&arms[0].0)),
        StmtKind::While { cond, .. } => format!("while ({})", expr(cond)),
        StmtKind::Assert(e) => format!("assert({})", expr(e)),
        StmtKind::Assume(e) => format!("assume({})", expr(e)),
        StmtKind::Call { lhs, proc, args } if lhs.is_empty() => format!("{}({})", crate::printer::name(proc), es(args)),
        StmtKind::Call { lhs, proc, args } => format!("{} := {}({})", ns(lhs), crate::printer::name(proc), es(args)),
        StmtKind::Dead(v) => format!("dead {}", ns(v)),
    }
}
