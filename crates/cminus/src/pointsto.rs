//! Flow-insensitive, context-insensitive, field-insensitive **Andersen** (inclusion-based)
//! points-to analysis over C--.
//!
//! Abstract objects are variables (globals, and locals/formals per procedure), allocation
//! sites (calls of `malloc`-like externs, by statement id), functions (for function pointers)
//! and one return slot per procedure. Every assignment `l := e` adds `pts(loc) ⊇ pts(e)` for
//! each object `loc` that `l` may reside in; calls bind actuals to formals and the callee's
//! returned values to the call's lvalue.
//!
//! Pointers from outside the program are explicit, so that a set is never silently
//! incomplete: each pointer parameter of the entry points to its own [`Obj::Harness`] object
//! (the fresh object every engine and the interpreter make for it before the run), and a
//! pointer the program did not make — a `nondet` pointer, the contents of a harness object,
//! the result of an external function that returns into its arguments — may also point to
//! [`Obj::Unknown`], which [`PointsTo::may_alias`] takes as any object. (Values stored
//! through an unknown pointer are kept in `Unknown`'s own set, not in every object's: an
//! unknown pointer is taken to point outside the objects the program names.)

use crate::*;
use std::collections::{BTreeSet, HashMap};
use std::sync::Arc;

/// An abstract memory object.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Obj {
    Global(String),
    Local {
        proc: String,
        var: String,
    },
    /// Memory allocated by the call statement with this id.
    Alloc(StmtId),
    Func(String),
    /// The value returned by a procedure (internal).
    Ret(String),
    /// The object the harness makes for the entry's pointer parameter of this name: fresh,
    /// apart from every variable, allocation and other parameter's object.
    Harness(String),
    /// Memory from outside the program: any object.
    Unknown,
}

/// Whether a points-to set (of [`PointsTo::locations`] or [`PointsTo::points_to`]) says
/// nothing about where the memory lies: it may hold a pointer from outside the program, or is
/// empty (a value the analysis does not follow, such as an integer made into a pointer).
pub fn unknown(objs: &[Obj]) -> bool {
    objs.is_empty() || objs.contains(&Obj::Unknown)
}

/// Names of externs treated as allocators (each call site is one abstract object).
pub const ALLOCATORS: &[&str] = &[
    "malloc",
    "calloc",
    "realloc",
    "alloca",
    "__builtin_alloca",
    crate::names::VLA_ALLOC,
    "kmalloc",
    "kzalloc",
    "kcalloc",
    "vmalloc",
    "vzalloc",
    "ExAllocatePool",
    "ExAllocatePoolWithTag",
    "ExAllocatePool2",
];

/// Externs that return either NULL or a fresh object (like a file handle): the interpreter
/// asks for a value (0: NULL) and the points-to analysis treats each call as an allocation.
pub const FALLIBLE_ALLOCATORS: &[&str] = &["fopen", "fdopen", "freopen", "tmpfile", "opendir", "popen"];

/// Externs that return a pointer into one of their arguments (or to storage they share with
/// the caller): not fresh objects, so their result stays an unknown pointer.
const RETURNS_ARGUMENT: &[&str] = &[
    "strcpy",
    "strncpy",
    "stpcpy",
    "strcat",
    "strncat",
    "memcpy",
    "memmove",
    "memset",
    "mempcpy",
    "strchr",
    "strrchr",
    "strstr",
    "strpbrk",
    "memchr",
    "memrchr",
    "strtok",
    "strtok_r",
    "strsep",
    "fgets",
    "gets",
    "index",
    "rindex",
    "basename",
    "dirname",
    "signal",
    "bsearch",
    // the reentrant forms return the buffer they were given
    "gmtime_r",
    "localtime_r",
    "asctime_r",
    "ctime_r",
    "getcwd",
    "realpath",
    "strerror_r",
    "__builtin_memcpy",
    "__builtin_memset",
    "__builtin_memmove",
    "__builtin_strcpy",
];

/// What a call of an external function (one without a body) returns, when it is an object.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Allocation {
    /// The result may be NULL instead of a fresh object.
    pub may_fail: bool,
    /// The object's memory is zero (`calloc`…); otherwise it is uninitialised.
    pub zeroed: bool,
    /// A heap allocator (`malloc`…), which fails only when memory runs out: a plain run of
    /// the interpreter lets it succeed, as a run of the compiled program does. The others
    /// (`fopen`, environment functions) fail when a plain run's supplier says 0.
    pub heap: bool,
}

/// The allocation a call of the external `callee` makes, if it returns a fresh object: the
/// [`ALLOCATORS`] (NULL or a fresh object, as the C standard and SV-COMP's rules since 2026
/// have it; `alloca` never NULL), the [`FALLIBLE_ALLOCATORS`], and every other external
/// function that returns a data pointer and does not return one of its arguments (NULL or a
/// fresh object, as the environment models of SDV and LDV have it). The interpreter, the
/// points-to analysis, c2bp and Newton all ask this one function.
pub fn extern_allocation(prog: &Program, callee: &str) -> Option<Allocation> {
    if prog.proc(callee).is_some() {
        return None;
    }
    if ALLOCATORS.contains(&callee) {
        let zeroed = matches!(callee, "calloc" | "kzalloc" | "kcalloc" | "vzalloc");
        let may_fail =
            !prog.alloc_never_fails && !matches!(callee, "alloca" | "__builtin_alloca" | crate::names::VLA_ALLOC);
        return Some(Allocation { may_fail, zeroed, heap: true });
    }
    if FALLIBLE_ALLOCATORS.contains(&callee) {
        return Some(Allocation { may_fail: true, zeroed: false, heap: false });
    }
    let ret = &prog.extern_fn(callee)?.ty.ret;
    match ret {
        Type::Ptr(t) if !matches!(**t, Type::Func(_)) && !RETURNS_ARGUMENT.contains(&callee) => {
            Some(Allocation { may_fail: true, zeroed: false, heap: false })
        }
        _ => None,
    }
}

/// A call through a function pointer, before it is resolved (used by the C front end).
#[derive(Clone, Debug)]
pub struct IndirectCall {
    pub proc: String,
    pub fp: Expr,
    pub args: Vec<Expr>,
    pub ret: Option<Lval>,
}

/// The variables a procedure's names resolve to (the others are globals).
struct Scope<'p> {
    proc: &'p str,
    vars: std::collections::HashSet<&'p str>,
    /// The object of each name resolved so far.
    resolved: HashMap<String, usize>,
}

impl<'p> Scope<'p> {
    fn of(proc: &'p Proc) -> Scope<'p> {
        let vars = proc.formals.iter().chain(&proc.locals).map(|v| v.name.as_str()).collect();
        Scope { proc: &proc.name, vars, resolved: HashMap::new() }
    }
}

/// Where an lvalue may reside, its variables resolved to objects (fields and indices are
/// their base's: the analysis is field-insensitive).
enum CLoc {
    Obj(usize),
    Deref(Box<CVal>),
}

/// What an expression may point to, its variables resolved to objects.
enum CVal {
    Objs(Vec<usize>),
    /// What the objects of the location hold.
    Load(CLoc),
    /// The objects of the location themselves (`&l`).
    Addr(CLoc),
    Union(Vec<CVal>),
}

/// One inclusion constraint of the analysis.
enum Constraint {
    /// Every object of the location holds what the value points to.
    Flow(CLoc, CVal),
    /// A call through a function pointer not yet lowered: each function the pointer may
    /// hold gets the arguments, and the location its returned values.
    Indirect { fp: CVal, args: Vec<CVal>, ret: Option<CLoc> },
}

#[derive(Clone)]
pub struct PointsTo {
    objs: Vec<Obj>,
    ids: HashMap<Obj, usize>,
    pts: Vec<BTreeSet<usize>>,
    /// Types of struct fields and the procedures' variables (not their bodies), to answer
    /// `may_alias` for distinct fields; shared, so that a query borrows its procedure
    /// instead of copying it (a copy per query made the NULL guards of a 17,000-line unit
    /// take seconds).
    program: Arc<Program>,
    /// Index of each procedure in `program.procs`.
    proc_index: HashMap<String, usize>,
    /// The structs a pointer may point into the middle of (`punning::misaligned_structs`).
    misaligned: BTreeSet<String>,
}

impl PointsTo {
    pub fn analyze(p: &Program) -> PointsTo {
        Self::analyze_with(p, &[])
    }

    /// Analyse with extra, not yet lowered, indirect calls.
    ///
    /// The program is first compiled into constraints over object numbers (every variable
    /// resolved once), then the constraints are applied in rounds until none adds anything:
    /// the least fixpoint, as walking the statements by name would find it, without the
    /// name lookups and copies in every round.
    pub fn analyze_with(p: &Program, indirect: &[IndirectCall]) -> PointsTo {
        let proc_index = p.procs.iter().enumerate().map(|(i, q)| (q.name.clone(), i)).collect();
        let misaligned = crate::punning::misaligned_structs(p);
        let mut a = PointsTo {
            objs: vec![],
            ids: HashMap::new(),
            pts: vec![],
            program: Arc::new(p.without_bodies()),
            proc_index,
            misaligned,
        };
        a.seed_outside(p);
        let constraints = a.constraints(p, indirect);
        loop {
            let mut changed = false;
            for c in &constraints {
                changed |= a.apply(c);
            }
            if !changed {
                break;
            }
        }
        a
    }

    /// The constraints of the globals' initialisers, every statement and the indirect calls.
    fn constraints(&mut self, p: &Program, indirect: &[IndirectCall]) -> Vec<Constraint> {
        let mut out = vec![];
        let mut globals = Scope { proc: "", vars: Default::default(), resolved: HashMap::new() };
        for g in &p.globals {
            let o = self.obj(Obj::Global(g.name.clone()));
            let mut vals = vec![];
            self.init_constraint(&mut globals, &g.init, &mut vals);
            out.push(Constraint::Flow(CLoc::Obj(o), CVal::Union(vals)));
        }
        // which callees allocate, asked once per name (the program's lookups are linear)
        let mut allocates: HashMap<&str, bool> = HashMap::new();
        for s in p.procs.iter().flat_map(|q| &q.body) {
            if let StmtKind::Call { callee, .. } = &s.kind {
                allocates.entry(callee).or_insert_with(|| extern_allocation(p, callee).is_some());
            }
        }
        for proc in &p.procs {
            let mut scope = Scope::of(proc);
            for s in &proc.body {
                self.stmt_constraints(p, proc, &mut scope, s, &allocates, &mut out);
            }
        }
        for ic in indirect {
            let Some(proc) = p.proc(&ic.proc) else { continue };
            let mut scope = Scope::of(proc);
            let fp = self.cval(&mut scope, &ic.fp);
            let args = ic.args.iter().map(|e| self.cval(&mut scope, e)).collect();
            let ret = ic.ret.as_ref().map(|l| self.cloc(&mut scope, l));
            out.push(Constraint::Indirect { fp, args, ret });
        }
        out
    }

    fn init_constraint(&mut self, scope: &mut Scope, i: &Init, out: &mut Vec<CVal>) {
        match i {
            Init::Zero => {}
            Init::Expr(e) => out.push(self.cval(scope, e)),
            Init::List(items) => {
                for it in items {
                    self.init_constraint(scope, it, out);
                }
            }
        }
    }

    fn stmt_constraints(
        &mut self,
        p: &Program,
        proc: &Proc,
        scope: &mut Scope,
        s: &Stmt,
        allocates: &HashMap<&str, bool>,
        out: &mut Vec<Constraint>,
    ) {
        match &s.kind {
            StmtKind::Assign(l, e) => {
                let from = self.cval(scope, e);
                out.push(Constraint::Flow(self.cloc(scope, l), from));
            }
            StmtKind::Call { ret, callee, args } => {
                if let Some(&i) = self.proc_index.get(callee.as_str()) {
                    let cp = &p.procs[i];
                    for (f, a) in cp.formals.iter().zip(args) {
                        let from = self.cval(scope, a);
                        let o = self.obj(Obj::Local { proc: cp.name.clone(), var: f.name.clone() });
                        out.push(Constraint::Flow(CLoc::Obj(o), from));
                    }
                    if let Some(r) = ret {
                        let ro = self.obj(Obj::Ret(cp.name.clone()));
                        out.push(Constraint::Flow(self.cloc(scope, r), CVal::Load(CLoc::Obj(ro))));
                    }
                } else if allocates.get(callee.as_str()).copied().unwrap_or(false) {
                    if let Some(r) = ret {
                        let o = self.obj(Obj::Alloc(s.id));
                        out.push(Constraint::Flow(self.cloc(scope, r), CVal::Objs(vec![o])));
                    }
                } else if let Some(r) = ret {
                    let from = self.extern_result(p, proc, scope, callee, args, r);
                    out.push(Constraint::Flow(self.cloc(scope, r), from));
                }
            }
            StmtKind::Return(Some(e)) => {
                let from = self.cval(scope, e);
                let o = self.obj(Obj::Ret(proc.name.clone()));
                out.push(Constraint::Flow(CLoc::Obj(o), from));
            }
            _ => {}
        }
    }

    /// What the result of a call of an external function (not an allocator) may point to: for
    /// a function that returns into its arguments (`strchr`, `memcpy`), their objects, and,
    /// for any pointer result, unknown memory too (`strtok(NULL, …)` returns into an earlier
    /// call's string; `signal`, a function the program may not have named). An integer
    /// result points nowhere.
    fn extern_result(
        &mut self,
        p: &Program,
        proc: &Proc,
        scope: &mut Scope,
        callee: &str,
        args: &[Expr],
        r: &Lval,
    ) -> CVal {
        let ty = p.type_of_lval(Some(proc), r);
        let pointer = ty.as_ref().is_none_or(|t| t.is_pointer() || t.is_aggregate());
        if !pointer {
            return CVal::Objs(vec![]);
        }
        let mut vals = vec![CVal::Objs(vec![self.obj(Obj::Unknown)])];
        if RETURNS_ARGUMENT.contains(&callee) {
            vals.extend(args.iter().map(|a| self.cval(scope, a)));
        }
        CVal::Union(vals)
    }

    /// The lvalue with its variables resolved (as [`PointsTo::locs`] reads it).
    fn cloc(&mut self, scope: &mut Scope, l: &Lval) -> CLoc {
        match l {
            Lval::Var(v) => CLoc::Obj(self.scoped_var(scope, v)),
            Lval::Deref(e) => CLoc::Deref(Box::new(self.cval(scope, e))),
            Lval::Field(b, _) | Lval::Index(b, _) => self.cloc(scope, b),
        }
    }

    /// The expression with its variables resolved (as [`PointsTo::vals`] reads it).
    fn cval(&mut self, scope: &mut Scope, e: &Expr) -> CVal {
        match e {
            Expr::Nondet(t) if t.is_pointer() || t.is_aggregate() => CVal::Objs(vec![self.obj(Obj::Unknown)]),
            Expr::Int(_) | Expr::Bool(_) | Expr::Nondet(_) | Expr::Float(..) => CVal::Objs(vec![]),
            Expr::Lval(l) => CVal::Load(self.cloc(scope, l)),
            Expr::AddrOf(l) => CVal::Addr(self.cloc(scope, l)),
            Expr::FuncAddr(f) => CVal::Objs(vec![self.obj(Obj::Func(f.clone()))]),
            Expr::Cast(_, e) | Expr::Unary(_, e) => self.cval(scope, e),
            Expr::Binary(op, a, b) => {
                if op.is_comparison() || op.is_logical() {
                    CVal::Objs(vec![])
                } else {
                    CVal::Union(vec![self.cval(scope, a), self.cval(scope, b)])
                }
            }
        }
    }

    fn scoped_var(&mut self, scope: &mut Scope, v: &str) -> usize {
        if let Some(&o) = scope.resolved.get(v) {
            return o;
        }
        let o = if scope.vars.contains(v) {
            self.obj(Obj::Local { proc: scope.proc.to_string(), var: v.to_string() })
        } else {
            self.obj(Obj::Global(v.to_string()))
        };
        scope.resolved.insert(v.to_string(), o);
        o
    }

    /// Apply one constraint; whether a set grew.
    fn apply(&mut self, c: &Constraint) -> bool {
        match c {
            Constraint::Flow(to, from) => {
                let vals = self.eval(from);
                if vals.is_empty() {
                    return false;
                }
                let mut changed = false;
                for o in self.eval_loc(to) {
                    changed |= self.add(o, &vals);
                }
                changed
            }
            Constraint::Indirect { fp, args, ret } => {
                let mut changed = false;
                let prog = Arc::clone(&self.program);
                for t in self.eval(fp) {
                    let Obj::Func(f) = &self.objs[t] else { continue };
                    let Some(&i) = self.proc_index.get(f.as_str()) else { continue };
                    let cp = &prog.procs[i];
                    for (formal, a) in cp.formals.iter().zip(args) {
                        let vals = self.eval(a);
                        let o = self.obj(Obj::Local { proc: cp.name.clone(), var: formal.name.clone() });
                        changed |= self.add(o, &vals);
                    }
                    if let Some(r) = ret {
                        let ro = self.obj(Obj::Ret(cp.name.clone()));
                        let vals = self.pts[ro].clone();
                        for o in self.eval_loc(r) {
                            changed |= self.add(o, &vals);
                        }
                    }
                }
                changed
            }
        }
    }

    fn eval_loc(&self, l: &CLoc) -> BTreeSet<usize> {
        match l {
            CLoc::Obj(o) => BTreeSet::from([*o]),
            CLoc::Deref(e) => self.eval(e),
        }
    }

    fn eval(&self, v: &CVal) -> BTreeSet<usize> {
        match v {
            CVal::Objs(os) => os.iter().copied().collect(),
            CVal::Load(l) => {
                let mut out = BTreeSet::new();
                for o in self.eval_loc(l) {
                    out.extend(self.pts[o].iter().copied());
                }
                out
            }
            CVal::Addr(l) => self.eval_loc(l),
            CVal::Union(vs) => {
                let mut out = BTreeSet::new();
                for v in vs {
                    out.extend(self.eval(v));
                }
                out
            }
        }
    }

    /// What comes from outside the program before the run: an unknown pointer points to
    /// unknown memory, and each pointer parameter of the entry to its harness object, whose
    /// contents are unknown; an aggregate parameter may hold unknown pointers.
    fn seed_outside(&mut self, p: &Program) {
        let unknown = self.obj(Obj::Unknown);
        self.pts[unknown].insert(unknown);
        let Some(entry) = p.proc(&p.entry) else { return };
        for f in &entry.formals {
            let formal = self.obj(Obj::Local { proc: entry.name.clone(), var: f.name.clone() });
            if f.ty.is_pointer() {
                let h = self.obj(Obj::Harness(f.name.clone()));
                self.pts[h].insert(unknown);
                self.pts[formal].insert(h);
            } else if f.ty.is_aggregate() {
                self.pts[formal].insert(unknown);
            }
        }
    }

    fn obj(&mut self, o: Obj) -> usize {
        if let Some(&i) = self.ids.get(&o) {
            return i;
        }
        let i = self.objs.len();
        self.objs.push(o.clone());
        self.ids.insert(o, i);
        self.pts.push(BTreeSet::new());
        i
    }

    fn add(&mut self, o: usize, vals: &BTreeSet<usize>) -> bool {
        let before = self.pts[o].len();
        self.pts[o].extend(vals.iter().copied());
        self.pts[o].len() != before
    }

    fn var_obj(&mut self, proc: &Proc, v: &str) -> usize {
        if proc.var(v).is_some() {
            self.obj(Obj::Local { proc: proc.name.clone(), var: v.to_string() })
        } else {
            self.obj(Obj::Global(v.to_string()))
        }
    }

    /// Objects the lvalue may reside in.
    fn locs(&mut self, proc: &Proc, l: &Lval) -> BTreeSet<usize> {
        match l {
            Lval::Var(v) => BTreeSet::from([self.var_obj(proc, v)]),
            Lval::Deref(e) => self.vals(proc, e),
            Lval::Field(b, _) | Lval::Index(b, _) => self.locs(proc, b),
        }
    }

    /// Objects the value of the expression may point to.
    fn vals(&mut self, proc: &Proc, e: &Expr) -> BTreeSet<usize> {
        match e {
            // a pointer (or an aggregate holding pointers) from outside may point anywhere
            Expr::Nondet(t) if t.is_pointer() || t.is_aggregate() => BTreeSet::from([self.obj(Obj::Unknown)]),
            // a floating-point value never points anywhere
            Expr::Int(_) | Expr::Bool(_) | Expr::Nondet(_) | Expr::Float(..) => BTreeSet::new(),
            Expr::Lval(l) => {
                let mut out = BTreeSet::new();
                for o in self.locs(proc, l) {
                    out.extend(self.pts[o].iter().copied());
                }
                // an array used as a value decays to a pointer to itself
                out
            }
            Expr::AddrOf(l) => self.locs(proc, l),
            Expr::FuncAddr(f) => BTreeSet::from([self.obj(Obj::Func(f.clone()))]),
            Expr::Cast(_, e) | Expr::Unary(_, e) => self.vals(proc, e),
            Expr::Binary(op, a, b) => {
                if op.is_comparison() || op.is_logical() {
                    BTreeSet::new()
                } else {
                    let mut v = self.vals(proc, a);
                    v.extend(self.vals(proc, b));
                    v
                }
            }
        }
    }

    /// `f` on the procedure `name` (an empty one when there is none), borrowed from the
    /// shared program.
    fn in_proc<R>(&mut self, name: &str, f: impl FnOnce(&mut Self, &Proc) -> R) -> R {
        let prog = Arc::clone(&self.program);
        match self.proc_index.get(name) {
            Some(&i) => f(self, &prog.procs[i]),
            None => f(self, &Self::empty_proc()),
        }
    }

    fn empty_proc() -> Proc {
        Proc {
            name: String::new(),
            formals: vec![],
            locals: vec![],
            ret: Type::Void,
            variadic: false,
            body: vec![],
            loc: Loc::default(),
        }
    }

    fn to_objs(&self, s: &BTreeSet<usize>) -> Vec<Obj> {
        let mut v: Vec<Obj> = s.iter().map(|&i| self.objs[i].clone()).collect();
        v.sort();
        v
    }

    /// The objects the value of `e` (evaluated in procedure `proc`) may point to.
    pub fn points_to(&mut self, proc: &str, e: &Expr) -> Vec<Obj> {
        let s = self.in_proc(proc, |a, p| a.vals(p, e));
        self.to_objs(&s)
    }

    /// The objects the lvalue (in procedure `proc`) may reside in.
    pub fn locations(&mut self, proc: &str, l: &Lval) -> Vec<Obj> {
        let s = self.in_proc(proc, |a, p| a.locs(p, l));
        self.to_objs(&s)
    }

    /// The functions a function-pointer expression may call, sorted by name.
    pub fn call_targets(&mut self, proc: &str, fp: &Expr) -> Vec<String> {
        let mut v: Vec<String> = self
            .points_to(proc, fp)
            .into_iter()
            .filter_map(|o| match o {
                Obj::Func(f) => Some(f),
                _ => None,
            })
            .collect();
        v.sort();
        v.dedup();
        v
    }

    /// May the two lvalues (both in procedure `proc`) denote overlapping memory? (Unknown
    /// memory, or an lvalue the analysis does not place, may overlap anything.)
    pub fn may_alias(&mut self, a: &Lval, b: &Lval, proc: &str) -> bool {
        if a == b {
            return true;
        }
        self.in_proc(proc, |me, p| {
            let la = me.locs(p, a);
            let lb = me.locs(p, b);
            let unknown = me.obj(Obj::Unknown);
            if la.is_empty() || lb.is_empty() || la.contains(&unknown) || lb.contains(&unknown) {
                // a pointer from outside (or one the analysis does not follow) may hold any
                // address, also one no well-typed pointer holds
                return true;
            }
            // two distinct fields of the same struct type never overlap (unions do) — unless a
            // pointer may point into the middle of such a struct (a `struct S *` made from a
            // `char *` after arithmetic) and the bases are not congruent
            if let (Lval::Field(ba, fa), Lval::Field(bb, fb)) = (a, b) {
                let ta = me.program.type_of_lval(Some(p), ba);
                let tb = me.program.type_of_lval(Some(p), bb);
                if let (Some(Type::Struct(sa)), Some(Type::Struct(sb))) = (&ta, &tb) {
                    if sa == sb && fa != fb && (!me.misaligned.contains(sa) || congruent(&me.program, p, ba, bb)) {
                        let is_union = me.program.struct_def(sa).map(|s| s.is_union).unwrap_or(true);
                        if !is_union {
                            return false;
                        }
                    }
                }
            }
            // two plain variables alias only if they are the same variable
            if let (Lval::Var(x), Lval::Var(y)) = (a, b) {
                return x == y;
            }
            !la.is_disjoint(&lb)
        })
    }
}

/// Two lvalues of one struct type that start a whole number of the struct's size apart: the
/// same lvalue, elements of the same array, or objects at one pointer plus integers
/// (`p->a`, `(p - 1)->b`: arithmetic on the struct's own pointer type).
fn congruent(prog: &Program, proc: &Proc, a: &Lval, b: &Lval) -> bool {
    /// The pointer under additions of integers to it.
    fn base<'e>(prog: &Program, proc: &Proc, mut e: &'e Expr) -> &'e Expr {
        while let Expr::Binary(BinOp::Add | BinOp::Sub, x, k) = e {
            let pointer = prog.type_of(Some(proc), x).is_some_and(|t| t.is_pointer());
            let integer = prog.type_of(Some(proc), k).is_some_and(|t| t.is_integer());
            if !(pointer && integer) {
                break;
            }
            e = x;
        }
        e
    }
    match (a, b) {
        (Lval::Index(x, _), Lval::Index(y, _)) => congruent(prog, proc, x, y),
        (Lval::Deref(x), Lval::Deref(y)) => a == b || base(prog, proc, x) == base(prog, proc, y),
        _ => a == b,
    }
}
