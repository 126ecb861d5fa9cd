//! The memory model, independent of Z3: which variables live in memory, their addresses,
//! and the size of types in *cells*.
//!
//! Scalars (integers, booleans, pointers) take one cell; structs the sum of their fields
//! (unions the largest), arrays `n` times their element. A variable lives in memory when its
//! address is taken somewhere in the program or when it is an aggregate; every other scalar
//! is a plain logical constant. Memory is one array from cell addresses to values, so an
//! assignment through a pointer is a `store` and Morris' alias cases are decided by the
//! array theory (exactly), while the points-to analysis prunes which predicates a statement
//! can affect at all (see `c2bp`).

use cminus::{Expr, Lval, Program, StmtKind, Type};
use std::collections::{HashMap, HashSet};

/// Cells given to an array of unknown size.
pub const UNKNOWN_ARRAY_CELLS: u64 = 1 << 16;
/// Distance between the base addresses of two variables (no object is larger).
const STRIDE: i64 = 1 << 24;
/// Locals of different call frames (Newton) are placed this far apart.
pub const FRAME_STRIDE: i64 = 1 << 44;
/// Objects returned by allocators (malloc, fopen…) lie at or above this address: apart
/// from every variable, every entry-parameter object, and NULL.
pub const ALLOC_MIN: i64 = 1 << 56;
/// Function addresses start here (distinct from every data address).
pub const FUNC_BASE: i64 = 1 << 60;

/// Where variables are: per (procedure or `None` for globals, name), whether in memory and
/// the base address.
#[derive(Clone, Debug)]
pub struct Layout {
    in_memory: HashSet<(Option<String>, String)>,
    base: HashMap<(Option<String>, String), i64>,
    funcs: HashMap<String, i64>,
}

impl Layout {
    pub fn new(p: &Program) -> Layout {
        let mut taken: HashSet<(Option<String>, String)> = HashSet::new();
        let scope_of = |proc: &cminus::Proc, name: &str| -> Option<String> {
            if proc.var(name).is_some() {
                Some(proc.name.clone())
            } else {
                None
            }
        };
        fn addr_taken<'a>(e: &'a Expr, out: &mut Vec<&'a str>) {
            e.visit_addr_taken(&mut |v| out.push(v));
        }
        fn lval_addr_taken<'a>(l: &'a Lval, out: &mut Vec<&'a str>) {
            l.visit_addr_taken(&mut |v| out.push(v));
        }
        for g in &p.globals {
            // `&x` anywhere in an initialiser, also inside braces (`struct P p = { &x, 1 };`)
            fn init_addr_taken<'a>(i: &'a cminus::Init, out: &mut Vec<&'a str>) {
                match i {
                    cminus::Init::Expr(e) => addr_taken(e, out),
                    cminus::Init::List(items) => items.iter().for_each(|it| init_addr_taken(it, out)),
                    cminus::Init::Zero => {}
                }
            }
            let mut v = Vec::new();
            init_addr_taken(&g.init, &mut v);
            for n in v {
                taken.insert((None, n.to_string()));
            }
            if g.ty.is_aggregate() {
                taken.insert((None, g.name.clone()));
            }
        }
        for proc in &p.procs {
            for v in proc.formals.iter().chain(&proc.locals) {
                if v.ty.is_aggregate() {
                    taken.insert((Some(proc.name.clone()), v.name.clone()));
                }
            }
            for s in &proc.body {
                let mut names = Vec::new();
                match &s.kind {
                    StmtKind::Assign(l, e) => {
                        lval_addr_taken(l, &mut names);
                        addr_taken(e, &mut names);
                    }
                    StmtKind::Call { ret, args, .. } => {
                        if let Some(l) = ret {
                            lval_addr_taken(l, &mut names);
                        }
                        for a in args {
                            addr_taken(a, &mut names);
                        }
                    }
                    StmtKind::Return(Some(e)) | StmtKind::Assume(e) => addr_taken(e, &mut names),
                    _ => {}
                }
                for n in names {
                    taken.insert((scope_of(proc, n), n.to_string()));
                }
            }
        }
        let mut base = HashMap::new();
        let mut next = STRIDE;
        for g in &p.globals {
            base.insert((None, g.name.clone()), next);
            next += STRIDE;
        }
        for proc in &p.procs {
            for v in proc.formals.iter().chain(&proc.locals) {
                base.insert((Some(proc.name.clone()), v.name.clone()), next);
                next += STRIDE;
            }
        }
        let mut funcs = HashMap::new();
        for (i, name) in p.procs.iter().map(|q| &q.name).chain(p.externs.iter().map(|e| &e.name)).enumerate() {
            funcs.insert(name.clone(), FUNC_BASE + i as i64);
        }
        Layout { in_memory: taken, base, funcs }
    }

    /// The scope key of a variable read in procedure `proc`.
    pub fn scope(p: &Program, proc: Option<&str>, name: &str) -> Option<String> {
        let pr = proc.and_then(|n| p.proc(n));
        match pr {
            Some(pr) if pr.var(name).is_some() => Some(pr.name.clone()),
            _ => None,
        }
    }

    pub fn in_memory(&self, scope: &Option<String>, name: &str) -> bool {
        self.in_memory.contains(&(scope.clone(), name.to_string()))
    }

    /// The base address of a variable (frame 0).
    pub fn base(&self, scope: &Option<String>, name: &str) -> i64 {
        self.base.get(&(scope.clone(), name.to_string())).copied().unwrap_or(STRIDE / 2)
    }

    pub fn func_addr(&self, f: &str) -> i64 {
        self.funcs.get(f).copied().unwrap_or(FUNC_BASE - 1)
    }

    /// The function whose address is `a`, if any.
    pub fn func_at(&self, a: i64) -> Option<&str> {
        self.funcs.iter().find(|(_, &v)| v == a).map(|(k, _)| k.as_str())
    }
}

/// Size of a type in cells.
pub fn cells(p: &Program, t: &Type) -> u64 {
    match t {
        Type::Struct(s) => match p.struct_def(s) {
            // A mixed union's tag takes the cell after its largest member (`cminus::unions`).
            Some(d) if d.is_union => {
                let largest = d.fields.iter().map(|f| cells(p, &f.ty)).max().unwrap_or(1).max(1);
                largest + u64::from(cminus::unions::is_mixed(d))
            }
            Some(d) => d.fields.iter().map(|f| cells(p, &f.ty)).sum::<u64>().max(1),
            None => 1,
        },
        Type::Array(e, Some(n)) => (cells(p, e).saturating_mul(*n)).clamp(1, UNKNOWN_ARRAY_CELLS),
        Type::Array(_, None) => UNKNOWN_ARRAY_CELLS,
        _ => 1,
    }
}

/// Offset of a field in cells (0 for every field of a union).
pub fn field_offset(p: &Program, sname: &str, field: &str) -> u64 {
    let Some(d) = p.struct_def(sname) else { return 0 };
    if d.is_union {
        return 0;
    }
    let mut off = 0;
    for f in &d.fields {
        if f.name == field {
            return off;
        }
        off += cells(p, &f.ty);
    }
    0
}
