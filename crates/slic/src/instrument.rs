//! The product construction: weave a rule into a C-- program.
//!
//! See `docs/slic.md` for the scheme. In short: state variables become globals (initialised
//! at the start of the entry procedure), `.entry`/`.exit` code goes into the bodies of
//! defined functions (at the start and before every `return`) and around the call sites of
//! external ones, `.call`/`.return` code goes around call sites, `abort` becomes an `error`
//! statement and `halt` a `halt` statement. Per-object state uses a global `slic_obj` and a
//! flag `slic_obj_set`.

use crate::ast::*;
use crate::check::{conv, Cond, Env, Ty};
use crate::{check_stmts, Diagnostic};
use cminus::*;
use std::collections::{BTreeSet, HashMap, HashSet};

/// Generated globals carry `c_name = SLIC_MARK + <name in the rule>` (`slic:s`,
/// `slic:$obj`, `slic:$obj_set`), so that later stages can recognise them.
pub const SLIC_MARK: &str = "slic:";

const NEW: StmtId = StmtId(u32::MAX);

/// How the tracked object of per-object state (`watch`) is chosen.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ObjectChoice {
    /// Exact: the tracked object is an unknown value fixed at the start of the entry
    /// procedure (`slic_obj := nondet`), a prophecy of the object whose events are checked.
    /// Guarded events act when their `$n == slic_obj`. Every object's whole history is
    /// seen, so two objects used correctly never raise an alarm.
    #[default]
    Prophecy,
    /// SLAM's original scheme: when a watched event fires and no object is tracked yet, the
    /// event's object is tracked or not, nondeterministically (`slic_obj_set`). Concretely
    /// executable (the interpreter can follow it), and every violation is reachable, but an
    /// object chosen at a watched event that is not its first appearance starts from the
    /// initial state, which can raise false alarms (e.g. with a `watch` on a release).
    FirstSight,
}

/// Options of [`instrument_with`].
#[derive(Clone, Debug, Default)]
pub struct Options {
    pub object_choice: ObjectChoice,
}

/// The result of [`instrument`].
#[derive(Clone, Debug)]
pub struct Instrumented {
    /// The product program: an ordinary C-- program whose `error` statements are the
    /// rule's violations.
    pub program: Program,
    /// Remarks, e.g. functions the rule names that the program does not have.
    pub warnings: Vec<Diagnostic>,
    /// State variable of the rule → its global in the program.
    pub state_globals: Vec<(String, String)>,
    /// The globals of per-object state: the tracked object (`slic_obj`) and, with
    /// [`ObjectChoice::FirstSight`], the flag `slic_obj_set`; when the rule watches.
    pub object: Option<(String, Option<String>)>,
}

/// Weave `rule` into `prog` (exact per-object semantics, [`ObjectChoice::Prophecy`]).
pub fn instrument(prog: &Program, rule: &Rule) -> Result<Instrumented, Vec<Diagnostic>> {
    instrument_with(prog, rule, &Options::default())
}

/// Weave `rule` into `prog` with options.
pub fn instrument_with(prog: &Program, rule: &Rule, opts: &Options) -> Result<Instrumented, Vec<Diagnostic>> {
    let rule = &rule.for_entry(&prog.entry);
    let mut ins = Instrumenter::new(prog, rule, opts.object_choice);
    ins.run()?;
    Ok(Instrumented {
        program: ins.out,
        warnings: ins.warnings,
        state_globals: rule.state.iter().map(|v| (v.name.clone(), ins.globals[&v.name].clone())).collect(),
        object: ins.obj.map(|o| (o.var, o.flag)),
    })
}

/// The rule's initial predicates for the CEGAR loop, read off an instrumented program:
/// every condition the instrumentation tests (state tests of the rule's `if`s, guard tests
/// `$n == slic_obj`, the object flag), as atomic C-- boolean expressions. Each comes with its
/// scope: `None` when it reads only globals, else the procedure it was instantiated in.
pub fn initial_predicates(rule: &Rule, instrumented: &Program) -> Vec<Pred> {
    let _ = rule;
    let marked: HashSet<&str> =
        instrumented.globals.iter().filter(|g| g.c_name.starts_with(SLIC_MARK)).map(|g| g.name.as_str()).collect();
    let mut out: Vec<Pred> = vec![];
    for p in &instrumented.procs {
        for s in &p.body {
            let StmtKind::Assume(e) = &s.kind else {
                continue;
            };
            let mut reads_slic = false;
            let mut local = false;
            e.visit_lvals(&mut |l| {
                if let Some(v) = l.root_var() {
                    if p.var(v).is_some() {
                        local = true;
                    } else if marked.contains(v) {
                        reads_slic = true;
                    }
                } else {
                    local = true;
                }
            });
            if !reads_slic {
                continue;
            }
            let atom = canonical(e.clone());
            if matches!(atom, Expr::Bool(_)) {
                continue;
            }
            let scope = if local { Some(p.name.clone()) } else { None };
            let pred = Pred { expr: atom, scope };
            if !out.contains(&pred) {
                out.push(pred);
            }
        }
    }
    out
}

use cminus::pred::{canonical, Pred};

struct Obj {
    var: String,
    flag: Option<String>,
    ty: Type,
}

struct Instrumenter<'a> {
    prog: &'a Program,
    rule: &'a Rule,
    out: Program,
    warnings: Vec<Diagnostic>,
    errors: Vec<Diagnostic>,
    /// state variable → global
    globals: HashMap<String, String>,
    obj: Option<Obj>,
    taken: HashSet<String>,
    choice: ObjectChoice,
}

/// Statements being built for one procedure.
struct Emitter {
    body: Vec<Stmt>,
    pending: Vec<Label>,
    loc: Loc,
    labels: HashSet<String>,
    next_label: u32,
}

impl Emitter {
    fn emit(&mut self, kind: StmtKind) {
        let labels = std::mem::take(&mut self.pending);
        self.body.push(Stmt { id: NEW, loc: self.loc, labels, kind });
    }
    fn push(&mut self, mut s: Stmt) {
        let mut labels = std::mem::take(&mut self.pending);
        labels.append(&mut s.labels);
        s.labels = labels;
        self.body.push(s);
    }
    fn place(&mut self, l: &str) {
        self.pending.push(l.to_string());
    }
    fn label(&mut self) -> String {
        loop {
            self.next_label += 1;
            let l = format!("slic_L{}", self.next_label);
            if self.labels.insert(l.clone()) {
                return l;
            }
        }
    }
    fn last_is_terminator(&self) -> bool {
        self.pending.is_empty() && self.body.last().map(|s| s.kind.is_terminator()).unwrap_or(false)
    }
    fn goto(&mut self, l: &str) {
        if !self.last_is_terminator() {
            self.emit(StmtKind::Goto(vec![l.to_string()]));
        }
    }
}

/// What `$n` and `$return` denote at one instrumentation site.
#[derive(Clone)]
struct Site {
    func: String,
    args: Vec<Option<(Expr, Type)>>,
    ret: Option<(Expr, Type)>,
    nparams: usize,
    variadic: bool,
}

impl Site {
    fn slot(&self, s: Slot, event: Event) -> Result<(Expr, Type), String> {
        match s {
            Slot::Arg(n) => match self.args.get(n as usize - 1).cloned().flatten() {
                Some(x) => Ok(x),
                None => Err(if self.variadic {
                    format!("`${n}`: this call of `{}` has only {} argument(s)", self.func, self.args.len())
                } else {
                    format!("`${n}`, but `{}` has {} parameter(s)", self.func, self.nparams)
                }),
            },
            Slot::Return => {
                if !event.has_return() {
                    return Err(format!("`$return` has no value at .{} events", event.name()));
                }
                self.ret.clone().ok_or_else(|| format!("`$return`, but `{}` returns void", self.func))
            }
        }
    }
}

fn slots_in_expr(e: &RExpr, out: &mut BTreeSet<u32>, ret: &mut bool) {
    match &e.kind {
        RExprKind::Slot(Slot::Arg(n)) => {
            out.insert(*n);
        }
        RExprKind::Slot(Slot::Return) => *ret = true,
        RExprKind::Unary(_, a)
        | RExprKind::Field(a, _, _)
        | RExprKind::Deref(a)
        | RExprKind::AddrOf(a)
        | RExprKind::Cast(_, a) => slots_in_expr(a, out, ret),
        RExprKind::Binary(_, a, b) | RExprKind::Index(a, b) => {
            slots_in_expr(a, out, ret);
            slots_in_expr(b, out, ret);
        }
        _ => {}
    }
}

fn slots_in_stmts(b: &[RStmt], out: &mut BTreeSet<u32>, ret: &mut bool) {
    for s in b {
        match s {
            RStmt::Assign { value, .. } => slots_in_expr(value, out, ret),
            RStmt::If { cond, then, els, .. } => {
                slots_in_expr(cond, out, ret);
                slots_in_stmts(then, out, ret);
                slots_in_stmts(els, out, ret);
            }
            _ => {}
        }
    }
}

/// The site of procedure `orig`'s own `.entry` or `.exit` event.
fn body_site(orig: &Proc, args: Vec<Option<(Expr, Type)>>, ret: Option<(Expr, Type)>) -> Site {
    Site { func: orig.name.clone(), args, ret, nparams: orig.formals.len(), variadic: orig.variadic }
}

/// Variables whose address is taken or that are assigned in a procedure body.
fn modified_vars(p: &Proc) -> HashSet<String> {
    fn addr_taken(e: &Expr, out: &mut HashSet<String>) {
        e.visit_addr_taken(&mut |v| {
            out.insert(v.to_string());
        });
    }
    fn lval_addr(l: &Lval, out: &mut HashSet<String>) {
        l.visit_addr_taken(&mut |v| {
            out.insert(v.to_string());
        });
    }
    let mut out = HashSet::new();
    for s in &p.body {
        match &s.kind {
            StmtKind::Assign(l, e) => {
                if let Some(v) = l.root_var() {
                    out.insert(v.to_string());
                }
                lval_addr(l, &mut out);
                addr_taken(e, &mut out);
            }
            StmtKind::Call { ret, args, .. } => {
                if let Some(l) = ret {
                    if let Some(v) = l.root_var() {
                        out.insert(v.to_string());
                    }
                    lval_addr(l, &mut out);
                }
                for a in args {
                    addr_taken(a, &mut out);
                }
            }
            StmtKind::Return(Some(e)) | StmtKind::Assume(e) => addr_taken(e, &mut out),
            _ => {}
        }
    }
    out
}

impl<'a> Instrumenter<'a> {
    fn new(prog: &'a Program, rule: &'a Rule, choice: ObjectChoice) -> Self {
        let mut taken: HashSet<String> = HashSet::new();
        for g in &prog.globals {
            taken.insert(g.name.clone());
        }
        for p in &prog.procs {
            taken.insert(p.name.clone());
            for v in p.formals.iter().chain(p.locals.iter()) {
                taken.insert(v.name.clone());
            }
        }
        for e in &prog.externs {
            taken.insert(e.name.clone());
        }
        Instrumenter {
            prog,
            rule,
            out: prog.clone(),
            warnings: vec![],
            errors: vec![],
            globals: HashMap::new(),
            obj: None,
            taken,
            choice,
        }
    }

    fn diag(&self, pos: Pos, m: impl Into<String>) -> Diagnostic {
        Diagnostic {
            file: self.rule.files.get(pos.file as usize).cloned().unwrap_or_default(),
            line: pos.line,
            col: pos.col,
            message: m.into(),
            kind: crate::DiagKind::Semantic,
        }
    }

    fn fresh_global(&mut self, base: &str) -> String {
        let mut n = base.to_string();
        let mut k = 1;
        while self.taken.contains(&n) {
            n = format!("{base}_{k}");
            k += 1;
        }
        self.taken.insert(n.clone());
        n
    }

    fn func_type(&self, f: &str) -> Option<FuncType> {
        self.prog.func_type(f)
    }

    /// The type of slot `s` of function `f` from its declaration (`None`: unknown for a
    /// variadic function, decided at each call).
    fn slot_type(&self, f: &str, s: Slot, pos: Pos) -> Result<Option<Type>, Diagnostic> {
        let ft = self.func_type(f).expect("known function");
        match s {
            Slot::Arg(n) => match ft.params.get(n as usize - 1) {
                Some(t) => Ok(Some(t.clone())),
                None if ft.variadic => Ok(None),
                None => Err(self.diag(pos, format!("`${n}`, but `{f}` has {} parameter(s)", ft.params.len()))),
            },
            Slot::Return if ft.ret == Type::Void => Err(self.diag(pos, format!("`$return`, but `{f}` returns void"))),
            Slot::Return => Ok(Some(ft.ret)),
        }
    }

    fn known(&self, f: &str) -> bool {
        self.prog.proc(f).is_some() || self.prog.extern_fn(f).is_some()
    }

    /// The product construction: check the rule against the program, declare the rule's state
    /// as globals, then weave the handlers into every procedure.
    fn run(&mut self) -> Result<(), Vec<Diagnostic>> {
        self.warn_unknown_functions();
        for v in &self.rule.state {
            let g = self.fresh_global(&format!("slic_{}", v.name));
            self.globals.insert(v.name.clone(), g);
        }
        if !self.rule.watches.is_empty() {
            self.declare_watched_object()?;
        }
        self.check_handlers();
        self.check_watched_slot_types();
        self.take_errors()?;
        self.emit_state_globals()?;
        self.emit_object_globals();
        for pi in 0..self.out.procs.len() {
            if let Err(d) = self.proc(pi) {
                self.add_error(d);
            }
        }
        self.take_errors()?;
        self.number_new_stmts();
        Ok(())
    }

    /// The errors found so far, if any, end the instrumentation.
    fn take_errors(&mut self) -> Result<(), Vec<Diagnostic>> {
        if self.errors.is_empty() {
            Ok(())
        } else {
            Err(std::mem::take(&mut self.errors))
        }
    }

    /// Records `d` once (the same mistake may be found through several functions).
    fn add_error(&mut self, d: Diagnostic) {
        if !self.errors.contains(&d) {
            self.errors.push(d);
        }
    }

    /// Functions the program does not have: their events never happen, which is worth a warning.
    fn warn_unknown_functions(&mut self) {
        for (f, pos) in self.rule.functions() {
            if !self.known(&f) {
                let d = self.diag(pos, format!("the program neither defines nor calls `{f}`; its events never happen"));
                self.warnings.push(d);
            }
        }
    }

    /// Per-object state: the watched object's global (and, for first-sight choice, its flag),
    /// typed as the first watched slot of a known function (`void *` if none).
    fn declare_watched_object(&mut self) -> Result<(), Vec<Diagnostic>> {
        let mut ty: Option<Type> = None;
        for w in &self.rule.watches {
            for (f, fp) in &w.funcs {
                if !self.known(f) {
                    continue;
                }
                match self.slot_type(f, w.slot, *fp) {
                    Ok(Some(t)) => {
                        if ty.is_none() {
                            ty = Some(t);
                        }
                    }
                    Ok(None) => {}
                    Err(d) => self.errors.push(d),
                }
            }
        }
        self.take_errors()?;
        let ty = ty.unwrap_or(Type::ptr(Type::Void));
        let var = self.fresh_global("slic_obj");
        let flag = (self.choice == ObjectChoice::FirstSight).then(|| self.fresh_global("slic_obj_set"));
        self.obj = Some(Obj { var, flag, ty });
        Ok(())
    }

    /// Checks every handler against the declarations of its functions.
    fn check_handlers(&mut self) {
        for h in &self.rule.handlers {
            for (f, _) in &h.funcs {
                if self.known(f) {
                    for d in self.handler_errors(h, f) {
                        self.add_error(d);
                    }
                }
            }
        }
    }

    /// The type errors of handler `h` at function `f`: its guard slot and its body, with the
    /// slots typed by `f`'s declaration (extra arguments of a variadic function are untyped).
    fn handler_errors(&self, h: &Handler, f: &str) -> Vec<Diagnostic> {
        let ft = self.func_type(f).expect("known");
        let mut args = vec![];
        for (i, t) in ft.params.iter().enumerate() {
            args.push(Some((Expr::var(&format!("${}", i + 1)), t.clone())));
        }
        let ret = (ft.ret != Type::Void).then(|| (Expr::var("$return"), ft.ret.clone()));
        let site = Site { func: f.to_string(), args, ret, nparams: ft.params.len(), variadic: ft.variadic };
        let event = h.event;
        let slots = |s: Slot| -> Result<(Expr, Ty), String> {
            match site.slot(s, event) {
                Ok((e, t)) => Ok((e, Ty::C(t))),
                Err(_) if ft.variadic && matches!(s, Slot::Arg(_)) => Ok((Expr::Int(0), Ty::Any)),
                Err(m) => Err(m),
            }
        };
        let env =
            Env { rule: self.rule, prog: Some(self.prog), globals: &self.globals, slots: &slots, constant: false };
        let mut errs = vec![];
        if let Some((s, gp)) = h.guard {
            if let Err(m) = slots(s) {
                errs.push(self.diag(gp, m));
            } else if let (Some(o), Ok(Some(t))) = (&self.obj, self.slot_type(f, s, gp)) {
                if let Err(m) = obj_conv(Expr::Int(0), &t, &o.ty) {
                    errs.push(self.diag(gp, m));
                }
            }
        }
        check_stmts(&env, &h.body, &mut errs);
        errs
    }

    /// Watched slots of other types than the object's.
    fn check_watched_slot_types(&mut self) {
        let Some(o) = &self.obj else {
            return;
        };
        let mut errs = vec![];
        for w in &self.rule.watches {
            for (f, fp) in &w.funcs {
                if !self.known(f) {
                    continue;
                }
                if let Ok(Some(t)) = self.slot_type(f, w.slot, *fp) {
                    if let Err(m) = obj_conv(Expr::Int(0), &t, &o.ty) {
                        errs.push(self.diag(w.pos, m));
                    }
                }
            }
        }
        self.errors.extend(errs);
    }

    /// The rule's state variables as globals of the program, with their (constant) initial values.
    fn emit_state_globals(&mut self) -> Result<(), Vec<Diagnostic>> {
        let rule = self.rule;
        for v in &rule.state {
            let slots = |_s: Slot| -> Result<(Expr, Ty), String> { Err("no arguments here".into()) };
            let env = Env { rule, prog: Some(self.prog), globals: &self.globals, slots: &slots, constant: true };
            let (_, init) = env.assign(&v.name, &v.init, v.pos).map_err(|d| vec![d])?;
            let ty = match v.ty {
                StateType::Bool => Type::Bool,
                _ => Type::INT,
            };
            self.out.globals.push(Var {
                name: self.globals[&v.name].clone(),
                c_name: format!("{SLIC_MARK}{}", v.name),
                ty,
                loc: Loc::default(),
                init: Init::Expr(init),
            });
        }
        Ok(())
    }

    /// The watched object's global (and its flag) as globals of the program.
    fn emit_object_globals(&mut self) {
        let Some(o) = &self.obj else {
            return;
        };
        // with a prophecy, the entry procedure starts with `slic_obj := nondet`
        let init = Init::Zero;
        self.out.globals.push(Var {
            name: o.var.clone(),
            c_name: format!("{SLIC_MARK}$obj"),
            ty: o.ty.clone(),
            loc: Loc::default(),
            init,
        });
        if let Some(flag) = &o.flag {
            self.out.globals.push(Var {
                name: flag.clone(),
                c_name: format!("{SLIC_MARK}$obj_set"),
                ty: Type::Bool,
                loc: Loc::default(),
                init: Init::Expr(Expr::Bool(false)),
            });
        }
    }

    /// Gives the statements the instrumentation added their own ids.
    fn number_new_stmts(&mut self) {
        for pi in 0..self.out.procs.len() {
            for si in 0..self.out.procs[pi].body.len() {
                if self.out.procs[pi].body[si].id == NEW {
                    let id = self.out.fresh_stmt_id();
                    self.out.procs[pi].body[si].id = id;
                }
            }
        }
    }

    /// Whether the rule has code for `f.event` (handlers or watches).
    fn has_event(&self, f: &str, event: Event) -> bool {
        let named = |fs: &[(String, Pos)]| fs.iter().any(|(g, _)| g == cminus::names::c_function(f));
        self.rule.handlers.iter().any(|h| h.event == event && named(&h.funcs))
            || self.rule.watches.iter().any(|w| w.event == event && named(&w.funcs))
    }

    /// The slots read by the code of `f.event`: argument numbers, and whether `$return`.
    fn slots_used(&self, f: &str, event: Event) -> (BTreeSet<u32>, bool) {
        let named = |fs: &[(String, Pos)]| fs.iter().any(|(g, _)| g == cminus::names::c_function(f));
        let mut args = BTreeSet::new();
        let mut ret = false;
        let mut add = |s: Slot, args: &mut BTreeSet<u32>| match s {
            Slot::Arg(n) => {
                args.insert(n);
            }
            Slot::Return => ret = true,
        };
        for w in &self.rule.watches {
            if w.event == event && named(&w.funcs) {
                add(w.slot, &mut args);
            }
        }
        for h in &self.rule.handlers {
            if h.event == event && named(&h.funcs) {
                if let Some((s, _)) = h.guard {
                    add(s, &mut args);
                }
                let mut r = false;
                slots_in_stmts(&h.body, &mut args, &mut r);
                if r {
                    add(Slot::Return, &mut args);
                }
            }
        }
        (args, ret)
    }

    fn new_local(&mut self, pi: usize, base: &str, ty: Type, loc: Loc) -> String {
        let p = &self.out.procs[pi];
        let mut n = base.to_string();
        let mut k = 1;
        while self.taken.contains(&n) || p.var(&n).is_some() {
            n = format!("{base}_{k}");
            k += 1;
        }
        let c_name = n.clone();
        self.out.procs[pi].locals.push(Var { name: n.clone(), c_name, ty, loc, init: Init::Zero });
        n
    }

    /// Instruments procedure `pi`: the state's initialisation (in the entry procedure), the
    /// `.entry` code, the `.exit` code before each return, and the code around calls.
    fn proc(&mut self, pi: usize) -> Result<(), Diagnostic> {
        let orig = self.prog.procs[pi].clone();
        let name = orig.name.clone();
        let modified = modified_vars(&orig);
        let mut em = Emitter {
            body: vec![],
            pending: vec![],
            loc: orig.body.first().map(|s| s.loc).unwrap_or(orig.loc),
            labels: orig.body.iter().flat_map(|s| s.labels.iter().cloned()).collect(),
            next_label: 0,
        };
        // the state starts at the entry procedure
        if name == self.prog.entry {
            self.init_state(&mut em);
        }
        // formals as values for .entry and .exit of this body
        let mut formal_args: Vec<Option<(Expr, Type)>> =
            orig.formals.iter().map(|f| Some((Expr::var(&f.name), f.ty.clone()))).collect();
        let has_entry = self.has_event(&name, Event::Entry);
        let has_exit = self.has_event(&name, Event::Exit);
        if has_exit {
            self.save_exit_formals(&mut em, pi, &orig, &modified, &mut formal_args);
        }
        if has_entry {
            em.loc = orig.loc;
            let args = orig.formals.iter().map(|f| Some((Expr::var(&f.name), f.ty.clone()))).collect();
            let site = body_site(&orig, args, None);
            self.event_code(&mut em, &site, Event::Entry)?;
        }
        let ret_temps: &mut HashMap<Type, String> = &mut HashMap::new();
        for s in orig.body.iter() {
            em.loc = s.loc;
            match &s.kind {
                StmtKind::Return(e) if has_exit => self.exit_at_return(&mut em, pi, &orig, s, e, &formal_args)?,
                StmtKind::Call { ret, callee, args } if self.call_has_events(callee) => {
                    self.call_site(&mut em, pi, s, ret, callee, args, &modified, ret_temps)?;
                }
                _ => em.push(s.clone()),
            }
        }
        if !em.pending.is_empty() {
            em.emit(StmtKind::Skip);
        }
        self.out.procs[pi].body = em.body;
        Ok(())
    }

    /// Assigns the state variables their initial values (and clears the tracked object).
    fn init_state(&self, em: &mut Emitter) {
        for v in &self.rule.state {
            let g = self.globals[&v.name].clone();
            let init = match &self.out.global(&g).map(|x| x.init.clone()) {
                Some(Init::Expr(e)) => e.clone(),
                _ => Expr::Int(0),
            };
            em.emit(StmtKind::Assign(Lval::Var(g), init));
        }
        if let Some(o) = &self.obj {
            match &o.flag {
                None => em.emit(StmtKind::Assign(Lval::Var(o.var.clone()), Expr::Nondet(o.ty.clone()))),
                Some(flag) => em.emit(StmtKind::Assign(Lval::Var(flag.clone()), Expr::Bool(false))),
            }
        }
    }

    /// Keeps the entry values of the formals that the `.exit` code reads and the body changes,
    /// in new locals that `formal_args` then names.
    fn save_exit_formals(
        &mut self,
        em: &mut Emitter,
        pi: usize,
        orig: &Proc,
        modified: &HashSet<String>,
        formal_args: &mut [Option<(Expr, Type)>],
    ) {
        let (used, _) = self.slots_used(&orig.name, Event::Exit);
        for n in used {
            let Some(f) = orig.formals.get(n as usize - 1) else {
                continue;
            };
            if modified.contains(&f.name) {
                em.loc = orig.loc;
                let t = self.new_local(pi, &format!("slic_arg{n}"), f.ty.clone(), orig.loc);
                em.emit(StmtKind::Assign(Lval::Var(t.clone()), Expr::var(&f.name)));
                formal_args[n as usize - 1] = Some((Expr::var(&t), f.ty.clone()));
            }
        }
    }

    /// The `.exit` code before the return statement `s` (returning `e`); a nondeterministic
    /// return value that the code reads is first stored in a local.
    fn exit_at_return(
        &mut self,
        em: &mut Emitter,
        pi: usize,
        orig: &Proc,
        s: &Stmt,
        e: &Option<Expr>,
        formal_args: &[Option<(Expr, Type)>],
    ) -> Result<(), Diagnostic> {
        let mut s = s.clone();
        em.pending.append(&mut s.labels);
        let (_, uses_ret) = self.slots_used(&orig.name, Event::Exit);
        let ret = match e {
            Some(e) if uses_ret && e.has_nondet() => {
                let t = self.new_local(pi, "slic_ret", orig.ret.clone(), s.loc);
                em.emit(StmtKind::Assign(Lval::Var(t.clone()), e.clone()));
                s.kind = StmtKind::Return(Some(Expr::var(&t)));
                Some((Expr::var(&t), orig.ret.clone()))
            }
            Some(e) => Some((e.clone(), orig.ret.clone())),
            None => None,
        };
        let site = body_site(orig, formal_args.to_vec(), ret);
        self.event_code(em, &site, Event::Exit)?;
        em.push(s);
        Ok(())
    }

    fn is_extern(&self, f: &str) -> bool {
        self.prog.proc(f).is_none() && self.prog.extern_fn(f).is_some()
    }

    fn call_has_events(&self, f: &str) -> bool {
        self.has_event(f, Event::Call)
            || self.has_event(f, Event::Return)
            || (self.is_extern(f) && (self.has_event(f, Event::Entry) || self.has_event(f, Event::Exit)))
    }

    #[allow(clippy::too_many_arguments)]
    fn call_site(
        &mut self,
        em: &mut Emitter,
        pi: usize,
        s: &Stmt,
        ret: &Option<Lval>,
        callee: &str,
        args: &[Expr],
        modified: &HashSet<String>,
        ret_temps: &mut HashMap<Type, String>,
    ) -> Result<(), Diagnostic> {
        let ext = self.is_extern(callee);
        let ft = self.func_type(callee).expect("known callee");
        let caller = &self.prog.procs[pi];
        let mut s = s.clone();
        em.pending.append(&mut s.labels);
        let pre: Vec<Event> = if ext { vec![Event::Call, Event::Entry] } else { vec![Event::Call] };
        let post: Vec<Event> = if ext { vec![Event::Exit, Event::Return] } else { vec![Event::Return] };
        let mut post_args = BTreeSet::new();
        let mut post_ret = false;
        for e in &post {
            let (a, r) = self.slots_used(callee, *e);
            post_args.extend(a);
            post_ret |= r;
        }
        let arg_ty = |i: usize, a: &Expr| -> Type {
            ft.params.get(i).cloned().or_else(|| self.prog.type_of(Some(caller), a)).unwrap_or(Type::INT)
        };
        let pre_args: Vec<Option<(Expr, Type)>> =
            args.iter().enumerate().map(|(i, a)| Some((a.clone(), arg_ty(i, a)))).collect();
        // arguments read after the call keep their values from before it
        let mut after_args = pre_args.clone();
        for n in post_args {
            let i = n as usize - 1;
            let Some(a) = args.get(i) else { continue };
            if !stable(a, caller, modified) {
                let t = arg_ty(i, a);
                let tmp = self.new_local(pi, &format!("slic_arg{n}"), t.clone(), s.loc);
                em.emit(StmtKind::Assign(Lval::Var(tmp.clone()), a.clone()));
                after_args[i] = Some((Expr::var(&tmp), t));
            }
        }
        let site = |args: Vec<Option<(Expr, Type)>>, r: Option<(Expr, Type)>| Site {
            func: callee.to_string(),
            args,
            ret: r,
            nparams: ft.params.len(),
            variadic: ft.variadic,
        };
        for e in pre {
            self.event_code(em, &site(pre_args.clone(), None), e)?;
        }
        let mut retval = None;
        if post_ret && ft.ret != Type::Void {
            let tmp = match ret_temps.get(&ft.ret) {
                Some(t) => t.clone(),
                None => {
                    let t = self.new_local(pi, "slic_ret", ft.ret.clone(), s.loc);
                    ret_temps.insert(ft.ret.clone(), t.clone());
                    t
                }
            };
            let orig_ret = ret.clone();
            s.kind =
                StmtKind::Call { ret: Some(Lval::Var(tmp.clone())), callee: callee.to_string(), args: args.to_vec() };
            em.push(s.clone());
            if let Some(l) = orig_ret {
                em.emit(StmtKind::Assign(l, Expr::var(&tmp)));
            }
            retval = Some((Expr::var(&tmp), ft.ret.clone()));
        } else {
            em.push(s.clone());
        }
        for e in post {
            self.event_code(em, &site(after_args.clone(), retval.clone()), e)?;
        }
        Ok(())
    }

    /// The code of all watches and handlers of `site.func` at `event`.
    fn event_code(&mut self, em: &mut Emitter, site: &Site, event: Event) -> Result<(), Diagnostic> {
        let rule = self.rule;
        let named = |fs: &[(String, Pos)]| fs.iter().any(|(g, _)| *g == site.func);
        for w in rule.watches.iter().filter(|w| w.event == event && named(&w.funcs)) {
            let o = self.obj.as_ref().expect("watches have an object");
            let Some(flag) = &o.flag else { continue };
            let (e, t) = site.slot(w.slot, event).map_err(|m| self.diag(w.pos, m))?;
            let e = obj_conv(e, &t, &o.ty).map_err(|m| self.diag(w.pos, m))?;
            // goto track, skip; track: assume(!set); obj := e; set := true; goto done; skip: skip; done:
            let (lt, ls, ld) = (em.label(), em.label(), em.label());
            em.emit(StmtKind::Goto(vec![lt.clone(), ls.clone()]));
            em.place(&lt);
            em.emit(StmtKind::Assume(Expr::negate(Expr::var(flag))));
            em.emit(StmtKind::Assign(Lval::Var(o.var.clone()), e));
            em.emit(StmtKind::Assign(Lval::Var(flag.clone()), Expr::Bool(true)));
            em.emit(StmtKind::Goto(vec![ld.clone()]));
            em.place(&ls);
            em.emit(StmtKind::Skip);
            em.place(&ld);
        }
        for h in rule.handlers.iter().filter(|h| h.event == event && named(&h.funcs)) {
            let slots = |s: Slot| -> Result<(Expr, Ty), String> { site.slot(s, event).map(|(e, t)| (e, Ty::C(t))) };
            let env = Env { rule, prog: Some(self.prog), globals: &self.globals, slots: &slots, constant: false };
            match h.guard {
                Some((slot, gp)) => {
                    let o = self.obj.as_ref().expect("guards have an object");
                    let (e, t) = site.slot(slot, event).map_err(|m| self.diag(gp, m))?;
                    let e = obj_conv(e, &t, &o.ty).map_err(|m| self.diag(gp, m))?;
                    let same = Cond::Atom(Expr::bin(BinOp::Eq, e, Expr::var(&o.var)));
                    let cond = match &o.flag {
                        Some(flag) => Cond::And(Box::new(Cond::Atom(Expr::var(flag))), Box::new(same)),
                        None => same,
                    };
                    let (lt, lf) = (em.label(), em.label());
                    branch(em, &cond, &lt, &lf);
                    em.place(&lt);
                    gen_stmts(&env, em, &h.body, &site.func)?;
                    em.goto(&lf);
                    em.place(&lf);
                }
                None => gen_stmts(&env, em, &h.body, &site.func)?,
            }
        }
        Ok(())
    }
}

/// Convert a watched or guarded value to the object's type.
fn obj_conv(e: Expr, from: &Type, to: &Type) -> Result<Expr, String> {
    if from == to {
        return Ok(e);
    }
    match (from, to) {
        (Type::Ptr(_), Type::Ptr(_)) | (Type::Int { .. } | Type::Bool, Type::Int { .. }) => Ok(conv(e, from, to)),
        _ => Err(format!(
            "the watched objects have different types: {} and {}",
            print::type_str(from),
            print::type_str(to)
        )),
    }
}

/// An argument whose value the callee cannot change: constants, addresses of variables,
/// and locals of the caller whose address is never taken.
fn stable(e: &Expr, caller: &Proc, modified: &HashSet<String>) -> bool {
    match e {
        Expr::Int(_) | Expr::Bool(_) | Expr::FuncAddr(_) => true,
        Expr::AddrOf(Lval::Var(_)) => true,
        Expr::Cast(_, a) | Expr::Unary(_, a) => stable(a, caller, modified),
        Expr::Binary(_, a, b) => stable(a, caller, modified) && stable(b, caller, modified),
        Expr::Lval(Lval::Var(v)) => {
            caller.var(v).is_some() && {
                // a local whose address is taken may be changed through a pointer
                let _ = modified;
                !addr_taken_in(caller, v)
            }
        }
        _ => false,
    }
}

fn addr_taken_in(p: &Proc, v: &str) -> bool {
    fn in_expr(e: &Expr, v: &str) -> bool {
        let mut hit = false;
        e.visit_addr_taken(&mut |x| hit |= x == v);
        hit
    }
    fn in_lval(l: &Lval, v: &str) -> bool {
        let mut hit = false;
        l.visit_addr_taken(&mut |x| hit |= x == v);
        hit
    }
    p.body.iter().any(|s| match &s.kind {
        StmtKind::Assign(l, e) => in_lval(l, v) || in_expr(e, v),
        StmtKind::Call { ret, args, .. } => {
            ret.as_ref().map(|l| in_lval(l, v)).unwrap_or(false) || args.iter().any(|a| in_expr(a, v))
        }
        StmtKind::Return(Some(e)) | StmtKind::Assume(e) => in_expr(e, v),
        _ => false,
    })
}

/// Jump to `lt` when `c` holds, to `lf` otherwise, testing one atom per branch.
fn branch(em: &mut Emitter, c: &Cond, lt: &str, lf: &str) {
    match c {
        Cond::And(a, b) => {
            let m = em.label();
            branch(em, a, &m, lf);
            em.place(&m);
            branch(em, b, lt, lf);
        }
        Cond::Or(a, b) => {
            let m = em.label();
            branch(em, a, lt, &m);
            em.place(&m);
            branch(em, b, lt, lf);
        }
        Cond::Not(a) => branch(em, a, lf, lt),
        Cond::Atom(Expr::Bool(b)) => em.goto(if *b { lt } else { lf }),
        Cond::Atom(e) => {
            let (x, y) = (em.label(), em.label());
            em.emit(StmtKind::Goto(vec![x.clone(), y.clone()]));
            em.place(&y);
            em.emit(StmtKind::Assume(Expr::negate(e.clone())));
            em.emit(StmtKind::Goto(vec![lf.to_string()]));
            em.place(&x);
            em.emit(StmtKind::Assume(e.clone()));
            em.emit(StmtKind::Goto(vec![lt.to_string()]));
        }
    }
}

fn gen_stmts(env: &Env, em: &mut Emitter, body: &[RStmt], fname: &str) -> Result<(), Diagnostic> {
    for s in body {
        match s {
            RStmt::Assign { var, value, pos } => {
                let (g, e) = env.assign(var, value, *pos)?;
                em.emit(StmtKind::Assign(Lval::Var(g), e));
            }
            RStmt::Abort { msg, .. } => em.emit(StmtKind::Error(msg.replace("$fname", fname))),
            RStmt::Halt { .. } => em.emit(StmtKind::Halt),
            RStmt::If { cond, then, els, .. } => {
                let c = env.cond(cond)?;
                let (lt, lf, le) = (em.label(), em.label(), em.label());
                match &c {
                    Cond::Atom(e) if !matches!(e, Expr::Bool(_)) => {
                        // goto Lt, Lf; Lt: assume(c); then; goto Le; Lf: assume(!c); else; Le:
                        em.emit(StmtKind::Goto(vec![lt.clone(), lf.clone()]));
                        em.place(&lt);
                        em.emit(StmtKind::Assume(e.clone()));
                        gen_stmts(env, em, then, fname)?;
                        em.goto(&le);
                        em.place(&lf);
                        em.emit(StmtKind::Assume(Expr::negate(e.clone())));
                        gen_stmts(env, em, els, fname)?;
                        em.place(&le);
                    }
                    c => {
                        branch(em, c, &lt, &lf);
                        em.place(&lt);
                        gen_stmts(env, em, then, fname)?;
                        em.goto(&le);
                        em.place(&lf);
                        gen_stmts(env, em, els, fname)?;
                        em.place(&le);
                    }
                }
            }
        }
    }
    Ok(())
}
