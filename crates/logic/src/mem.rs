//! The memory model, independent of Z3: which variables live in memory, their addresses,
//! and the size of types — in *cells* (the typed model) or in *bytes*.
//!
//! **Typed** (the fast path, for programs `cminus::punning` finds exact in it): scalars
//! (integers, booleans, pointers) take one cell; structs the sum of their fields (unions the
//! largest), arrays `n` times their element. **Bytes** (C's, for programs that look at an
//! object through another type): every object has gcc's size and field offsets
//! (`cminus::layout`), memory maps byte addresses to bytes and a scalar is its bytes,
//! little-endian. A variable lives in memory when its address is taken somewhere in the
//! program or when it is an aggregate; every other scalar is a plain logical constant.
//! Memory is one array from addresses to cells (or bytes), so an assignment through a
//! pointer is a `store` and Morris' alias cases are decided by the array theory (exactly),
//! while the points-to analysis prunes which predicates a statement can affect at all (see
//! `c2bp`).
//!
//! Addresses ([`AddressMap`]): every variable, call frame, entry-parameter object,
//! allocation and function has its own range. The typed model and 64-bit byte memory space
//! them by powers of two; byte memory of the ILP32 data model packs them below 2³², so that
//! a pointer fits its 4 bytes.

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

/// Where the ranges of addresses are (see the module doc).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AddressMap {
    /// Locals of call frame `f` (Newton) lie `f * frame_stride` above frame 0's.
    pub frame_stride: i64,
    /// Objects of entry pointer parameters (Newton): `fresh_base + i * fresh_stride`.
    pub fresh_base: i64,
    pub fresh_stride: i64,
    /// Allocated objects lie in `[alloc_min, alloc_end)`; the engines that place allocations
    /// themselves (Newton, the structural engine) put the k-th at `alloc_min + k * alloc_stride`.
    pub alloc_min: i64,
    pub alloc_end: i64,
    pub alloc_stride: i64,
    /// Function addresses start here.
    pub func_base: i64,
}

impl AddressMap {
    /// The typed model's and 64-bit byte memory's map.
    pub const WIDE: AddressMap = AddressMap {
        frame_stride: FRAME_STRIDE,
        fresh_base: 1 << 52,
        fresh_stride: 1 << 36,
        alloc_min: ALLOC_MIN,
        alloc_end: FUNC_BASE - 1,
        alloc_stride: 1 << 36,
        func_base: FUNC_BASE,
    };
}

/// The start of the variables of the packed (32-bit) map.
const PACKED_START: i64 = 1 << 16;

/// Where variables are: per (procedure or `None` for globals, name), whether in memory and
/// the base address; the memory model and the address map.
#[derive(Clone, Debug)]
pub struct Layout {
    in_memory: HashSet<(Option<String>, String)>,
    base: HashMap<(Option<String>, String), i64>,
    funcs: HashMap<String, i64>,
    /// Byte memory (`cminus::punning`), else typed cells.
    pub bytes: bool,
    /// The size of a pointer in bytes (byte memory).
    pub ptr_bytes: u64,
    pub map: AddressMap,
    /// Typed memory: the alignment (above 1) of the variable at each base address (frame
    /// 0): its type's, or the larger one it was declared with (`Program::aligned`).
    align: HashMap<i64, u64>,
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
        let bytes = p.memory.is_bytes();
        let packed = bytes && p.data_model == cminus::DataModel::Ilp32;
        let mut base = HashMap::new();
        let map = if packed {
            // Packed below 2^32: each variable after the previous one (16-aligned, with a
            // gap); the locals of all frames above the globals; then entry-parameter objects,
            // allocations and functions.
            let span = |t: &Type| {
                cminus::layout::size_of(p, t).unwrap_or(UNKNOWN_ARRAY_CELLS).max(1).div_ceil(16) as i64 * 16 + 16
            };
            // (a variable declared with a larger alignment starts at a multiple of it)
            let start = |next: i64, proc: Option<&str>, name: &str| {
                let a = p.declared_align(proc, name).unwrap_or(16).max(16) as i64;
                (next + a - 1) / a * a
            };
            let mut next = PACKED_START;
            for g in &p.globals {
                next = start(next, None, &g.name);
                base.insert((None, g.name.clone()), next);
                next += span(&g.ty);
            }
            let frame0 = next;
            for proc in &p.procs {
                for v in proc.formals.iter().chain(&proc.locals) {
                    next = start(next, Some(&proc.name), &v.name);
                    base.insert((Some(proc.name.clone()), v.name.clone()), next);
                    next += span(&v.ty);
                }
            }
            let max_align = p.aligned.iter().map(|a| a.2 as i64).max().unwrap_or(16);
            let frame_stride = ((next - frame0).max(16).max(max_align) as u64).next_power_of_two() as i64;
            AddressMap {
                frame_stride,
                fresh_base: 0x4000_0000,
                fresh_stride: 1 << 24,
                alloc_min: 0x5000_0000,
                alloc_end: 0xE000_0000,
                alloc_stride: 1 << 20,
                func_base: 0xF000_0000,
            }
        } else {
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
            AddressMap::WIDE
        };
        let mut funcs = HashMap::new();
        let fstep = if packed { 16 } else { 1 };
        for (i, name) in p.procs.iter().map(|q| &q.name).chain(p.externs.iter().map(|e| &e.name)).enumerate() {
            funcs.insert(name.clone(), map.func_base + fstep * i as i64);
        }
        let mut align = HashMap::new();
        if !bytes {
            let vars = p.globals.iter().map(|g| (None, g)).chain(
                p.procs.iter().flat_map(|q| q.formals.iter().chain(&q.locals).map(move |v| (Some(q.name.as_str()), v))),
            );
            for (proc, v) in vars {
                let key = (proc.map(str::to_string), v.name.clone());
                let (Some(&b), true) = (base.get(&key), taken.contains(&key)) else { continue };
                let a =
                    cminus::layout::align_of(p, &v.ty).unwrap_or(1).max(p.declared_align(proc, &v.name).unwrap_or(1));
                if a > 1 && a.is_power_of_two() {
                    align.insert(b, a);
                }
            }
        }
        Layout { in_memory: taken, base, funcs, bytes, ptr_bytes: cminus::layout::ptr_bytes(p), map, align }
    }

    /// The size of a type: cells (typed) or bytes (gcc's; an array of unknown size, or an
    /// incomplete struct, [`UNKNOWN_ARRAY_CELLS`] bytes).
    pub fn size(&self, p: &Program, t: &Type) -> u64 {
        if !self.bytes {
            return cells(p, t);
        }
        match t {
            Type::Void | Type::Func(_) => 1,
            _ => cminus::layout::size_of(p, t).unwrap_or(UNKNOWN_ARRAY_CELLS).max(1),
        }
    }

    /// The offset of a field: cells (typed) or bytes (for a bit-field, the byte holding its
    /// first bit).
    pub fn field_offset(&self, p: &Program, sname: &str, field: &str) -> u64 {
        if !self.bytes {
            return field_offset(p, sname, field);
        }
        cminus::layout::field_offset(p, sname, field).unwrap_or(0)
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

    /// Typed memory: the alignment of the variable whose base (in any call frame) is the
    /// cell address `a`, if known; the integer a pointer to it converts to is a multiple of
    /// it (`Env::address_int`). `None` in byte memory, where addresses are C's.
    pub fn align_at(&self, a: i64) -> Option<u64> {
        if self.bytes || a <= 0 || a >= self.map.fresh_base.min(self.map.alloc_min) {
            return None;
        }
        self.align.get(&(a % self.map.frame_stride)).copied()
    }

    pub fn func_addr(&self, f: &str) -> i64 {
        self.funcs.get(f).copied().unwrap_or(self.map.func_base - 1)
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
