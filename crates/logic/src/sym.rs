//! Symbolic states: C-- expressions evaluated to Z3 terms, and assignments applied to a state.
//!
//! A [`State`] maps the program's scalar variables to terms and holds the memory as an array
//! term. Variables not assigned yet read as constants named `{tag}{scope}.{name}`, so the
//! initial state of a procedure needs no set-up and two states with the same tag agree on
//! what they did not assign. The weakest precondition of an assignment `s` for a predicate
//! `φ` is `φ` evaluated in `post(s, pre)`: a formula over the constants of `pre`.
//!
//! **Integers are C's**: every integer and pointer value is a 64-bit bit-vector holding the
//! *canonical* form of the C value, i.e. its two's-complement value of its type's width,
//! sign- or zero-extended to 64 bits (so the bit-vector read as a signed or unsigned number
//! is the C value). Arithmetic is done on 64 bits and the result converted to the result
//! type (truncated and re-extended), which is exactly gcc's wrap-around for `+ - * << & | ^ ~`
//! and conversions; division, remainder, right shift and comparisons use the signedness of
//! the operands' common type (C's usual arithmetic conversions). Bit-vectors were chosen over
//! integers with `mod 2^w` at every operation on evidence (docs/c2bp.md, "Integer encoding").

use crate::mem::Layout;
use crate::LogicError;
use cminus::{arith_conv, promote, BinOp, Expr, FloatOp, Lval, Program, Type, UnOp};
use std::cell::Cell;
use std::collections::{HashMap, HashSet};
use z3::ast::{Array, Ast, Bool, Dynamic, BV};
use z3::{Context, FuncDecl, Sort};

/// The width of every term: C's widest integer type (and a pointer) on LP64.
pub const WIDTH: u32 = 64;

/// An integer or pointer value: a 64-bit bit-vector in canonical form (see the module doc).
pub type Term<'ctx> = BV<'ctx>;

/// A value: integers and pointers are [`Term`]s, conditions are `Bool`.
#[derive(Clone, Debug)]
pub enum Val<'ctx> {
    I(Term<'ctx>),
    B(Bool<'ctx>),
}

/// What the encoder needs to know about the program, shared by all states.
/// The initial-memory facts of a path, split by what the path reads ([`Env::split_facts`]).
pub struct FactSplit<'ctx> {
    /// Facts at the constant addresses the path reads (and every fact whose address is not
    /// a constant).
    pub kept: Vec<Bool<'ctx>>,
    /// The other facts, with their addresses.
    pub pending: Vec<(u64, Bool<'ctx>)>,
    /// The addresses the path reads the memory at that are not constants.
    pub reads: Vec<Term<'ctx>>,
}

pub struct Env<'p, 'ctx> {
    pub ctx: &'ctx Context,
    pub prog: &'p Program,
    pub layout: Layout,
    fresh: Cell<u64>,
    /// Fresh constants made since the last [`Env::take_fresh`] (nondeterministic values).
    fresh_log: std::cell::RefCell<Vec<Term<'ctx>>>,
    /// Every pointer converted to an integer, with the integer, in order of evaluation (Newton
    /// feeds the interpreter these values, see [`Env::take_addresses`]).
    addr_log: std::cell::RefCell<Vec<(Term<'ctx>, Term<'ctx>)>>,
    /// The integer value of a (non-NULL) address: unknown, but the same for the same address.
    /// The cell addresses of the memory model are not C's byte addresses, so a program that
    /// converts a pointer to an integer must not see them (a `char` may lie at any address).
    addr_to_int: FuncDecl<'ctx>,
    /// What a mixed union read through a member of another class holds (see
    /// [`cminus::unions`]): unknown, but the same for the same address in the same memory.
    punned: FuncDecl<'ctx>,
    /// The program has a union (reads and writes then look for tags and narrow members);
    /// never in byte memory, where a union's members are views of its bytes.
    unions: bool,
    /// Memory holds bytes (`Layout::bytes`), else typed cells.
    bytes: bool,
    /// Floating-point terms, made at the first floating-point operation.
    fpu: std::cell::OnceCell<crate::fp::Fpu<'ctx>>,
    /// The unsigned ranges of address terms seen by byte reads (`select_past_stores`).
    ranges: std::cell::RefCell<HashMap<BV<'ctx>, Option<(u128, u128)>>>,
}

impl<'p, 'ctx> Env<'p, 'ctx> {
    pub fn new(ctx: &'ctx Context, prog: &'p Program) -> Env<'p, 'ctx> {
        let bv = Sort::bitvector(ctx, WIDTH);
        let addr_to_int = FuncDecl::new(ctx, "addr_to_int", &[&bv], &bv);
        let layout = Layout::new(prog);
        let bytes = layout.bytes;
        let cell = Sort::bitvector(ctx, if bytes { 8 } else { WIDTH });
        let mem_sort = Sort::array(ctx, &bv, &cell);
        let punned = FuncDecl::new(ctx, "punned", &[&bv, &mem_sort], &bv);
        Env {
            ctx,
            prog,
            layout,
            fresh: Cell::new(0),
            fresh_log: Default::default(),
            addr_log: Default::default(),
            addr_to_int,
            punned,
            unions: !bytes && prog.structs.iter().any(|d| d.is_union),
            bytes,
            fpu: Default::default(),
            ranges: Default::default(),
        }
    }

    /// Floating-point operations (see [`crate::fp`]).
    pub fn fpu(&self) -> &crate::fp::Fpu<'ctx> {
        self.fpu.get_or_init(|| crate::fp::Fpu::new(self.ctx))
    }

    /// Whether memory holds bytes (else typed cells).
    pub fn bytes(&self) -> bool {
        self.bytes
    }

    /// The sort of what one address of memory holds: a byte, or a 64-bit cell.
    fn cell_sort(&self) -> Sort<'ctx> {
        Sort::bitvector(self.ctx, if self.bytes { 8 } else { WIDTH })
    }

    /// The `n` bytes at `a` of byte memory, as one bit-vector of `8n` bits (little-endian:
    /// the byte at `a` is the lowest).
    pub fn load_bytes(&self, mem: &Array<'ctx>, a: &Term<'ctx>, n: u64) -> BV<'ctx> {
        let byte = |k: u64| {
            let ak = if k == 0 { a.clone() } else { a.bvadd(&self.int(k as i64)) };
            select_past_stores(&self.ranges, mem, &ak, EXPANDED_STORES)
        };
        let mut v = byte(0);
        for k in 1..n.max(1) {
            v = byte(k).concat(&v);
        }
        v
    }

    /// Byte memory with the low `n` bytes of `v` stored at `a` (little-endian).
    pub fn store_bytes(&self, mem: &Array<'ctx>, a: &Term<'ctx>, v: &BV<'ctx>, n: u64) -> Array<'ctx> {
        let mut m = mem.clone();
        let width = v.get_size();
        for k in 0..n.max(1) {
            let ak = if k == 0 { a.clone() } else { a.bvadd(&self.int(k as i64)) };
            let lo = (8 * k) as u32;
            let b = if lo + 8 <= width { v.extract(lo + 7, lo) } else { BV::from_u64(self.ctx, 0, 8) };
            m = m.store(&ak, &b);
        }
        m
    }

    /// The value of type `t` stored at `a`: the cell, or the type's bytes (the term read
    /// through [`State::read`] is then converted to `t`).
    pub fn load(&self, mem: &Array<'ctx>, a: &Term<'ctx>, t: &Type) -> Term<'ctx> {
        if !self.bytes {
            return self.select(mem, a);
        }
        let n = self.scalar_bytes(t);
        let v = self.load_bytes(mem, a, n);
        fit64(v)
    }

    /// Memory with the value `v` of type `t` stored at `a`.
    pub fn store(&self, mem: &Array<'ctx>, a: &Term<'ctx>, v: &Term<'ctx>, t: &Type) -> Array<'ctx> {
        if !self.bytes {
            return mem.store(a, v);
        }
        self.store_bytes(mem, a, v, self.scalar_bytes(t))
    }

    /// The bytes a scalar of type `t` takes in byte memory (at most 8: the terms are 64-bit;
    /// the rest of a wider object, such as a `long double`, is not read or written).
    fn scalar_bytes(&self, t: &Type) -> u64 {
        match t {
            Type::Ptr(_) => self.layout.ptr_bytes,
            Type::Bool => 1,
            t => cminus::layout::size_of(self.prog, t).unwrap_or(8).clamp(1, 8),
        }
    }

    /// The cell at `a` of `mem` read through a union member of another class than the one
    /// written: unknown, a function of the address and the memory (so two reads of one state
    /// agree, and a predicate and a condition over the same read can be related).
    fn punned(&self, mem: &Array<'ctx>, a: &Term<'ctx>) -> Term<'ctx> {
        self.punned.apply(&[a as &dyn Ast<'ctx>, mem as &dyn Ast<'ctx>]).as_bv().expect("a bit-vector")
    }

    /// The integer a pointer converts to: 0 for NULL, else an unknown value per address in
    /// typed memory (cell addresses are not C's), the byte address itself in byte memory.
    fn ptr_to_int(&self, p: &Term<'ctx>) -> Term<'ctx> {
        let v = self.address_int(p);
        self.addr_log.borrow_mut().push((p.clone(), v.clone()));
        v
    }

    /// The integer of a pointer as [`Env::ptr_to_int`] converts it, without recording the
    /// conversion (for facts about addresses, such as an allocation's alignment).
    pub fn address_int(&self, p: &Term<'ctx>) -> Term<'ctx> {
        if self.bytes {
            return p.clone();
        }
        let mut v = self.addr_to_int.apply(&[p as &dyn Ast<'ctx>]).as_bv().expect("a bit-vector");
        // the address of a variable (a constant cell address) is aligned as the variable is
        if let Some(a) = p.simplify().as_i64().and_then(|a| self.layout.align_at(a)) {
            v = v.bvand(&self.int(!(a as i64 - 1)));
        }
        p._eq(&self.int(0)).ite(&self.int(0), &v)
    }

    /// The pointers converted to integers since the last call, with their integer values.
    pub fn take_addresses(&self) -> Vec<(Term<'ctx>, Term<'ctx>)> {
        std::mem::take(&mut *self.addr_log.borrow_mut())
    }

    /// The width of a pointer value: 32 bits where addresses are the packed 32-bit map's
    /// (`logic::mem`: ILP32 byte memory), else the terms' 64.
    pub fn pointer_bits(&self) -> u32 {
        if self.bytes && self.layout.ptr_bytes == 4 {
            32
        } else {
            WIDTH
        }
    }

    /// A fresh 64-bit constant (an unknown value of a 64-bit or pointer type).
    pub fn fresh_int(&self, hint: &str) -> Term<'ctx> {
        self.fresh_of(hint, None)
    }

    /// A fresh value of type `t`: a constant of the type's width, extended (so every value
    /// it can take is a value of the type).
    pub fn fresh_of(&self, hint: &str, t: Option<&Type>) -> Term<'ctx> {
        let n = self.fresh.get();
        self.fresh.set(n + 1);
        let c = typed_const(self.ctx, &format!("{hint}!{n}"), t, self.pointer_bits());
        self.fresh_log.borrow_mut().push(c.clone());
        c
    }

    /// The fresh constants made since the last call, in order of creation.
    pub fn take_fresh(&self) -> Vec<Term<'ctx>> {
        std::mem::take(&mut *self.fresh_log.borrow_mut())
    }

    /// The constant `v` (two's complement).
    pub fn int(&self, v: i64) -> Term<'ctx> {
        BV::from_i64(self.ctx, v, WIDTH)
    }

    /// The `n` bytes at `a` and the `m` bytes at `b` (footprints, [`State::footprint`]) share
    /// no address. Memory's addresses are `a + k` modulo 2^64 (as [`Env::load_bytes`] forms
    /// them), so the ranges are apart exactly when `b - a` lies in `[n, 2^64 - m]`: a range that
    /// wraps around the address space reaches the lowest addresses, and nothing else.
    pub fn apart(&self, (a, n): (&Term<'ctx>, u64), (b, m): (&Term<'ctx>, u64)) -> Bool<'ctx> {
        if n == 0 || m == 0 {
            return Bool::from_bool(self.ctx, true);
        }
        // b - a - n <= 2^64 - m - n, unsigned (n + m bytes never cover the address space)
        let d = b.bvsub(a).bvsub(&self.int(n as i64));
        d.bvule(&self.int((n as i64).wrapping_add(m as i64).wrapping_neg()))
    }

    /// `a >= b` on addresses (unsigned).
    pub fn addr_ge(&self, a: &Term<'ctx>, b: &Term<'ctx>) -> Bool<'ctx> {
        a.bvuge(b)
    }

    /// `a < b` on addresses (unsigned).
    pub fn addr_lt(&self, a: &Term<'ctx>, b: &Term<'ctx>) -> Bool<'ctx> {
        a.bvult(b)
    }

    /// Memory whose every cell is zero (the initial memory of globals).
    pub fn zero_mem(&self) -> Array<'ctx> {
        let s = Sort::bitvector(self.ctx, WIDTH);
        let zero = if self.bytes { BV::from_u64(self.ctx, 0, 8) } else { self.int(0) };
        Array::const_array(self.ctx, &s, &zero)
    }

    /// Unknown memory (after a call that may write anywhere).
    pub fn fresh_mem(&self, hint: &str) -> Array<'ctx> {
        let s = Sort::bitvector(self.ctx, WIDTH);
        Array::fresh_const(self.ctx, hint, &s, &self.cell_sort())
    }

    /// Unknown memory named `name` (the same constant for the same name).
    pub fn named_mem(&self, name: &str) -> Array<'ctx> {
        let s = Sort::bitvector(self.ctx, WIDTH);
        Array::new_const(self.ctx, name, &s, &self.cell_sort())
    }

    /// The value of a memory cell.
    pub fn select(&self, mem: &Array<'ctx>, a: &Term<'ctx>) -> Term<'ctx> {
        mem.select(a).as_bv().expect("memory holds bit-vectors")
    }

    /// `mem` as `base` and the facts `base[a] == v`, where `mem` is `base` with stores at
    /// constant addresses only (the last store to an address wins); `None` otherwise.
    /// Equisatisfiable wherever nothing read `base` before those stores (the memory a path
    /// starts from, with its globals' initial values): a read at a symbolic address then meets
    /// a few facts in the solver, not a chain of a thousand stores (a full NT driver's
    /// globals, which Z3 took seconds to see through, or timed out on).
    pub fn peel_stores(&self, mem: &Array<'ctx>, base: &Array<'ctx>) -> Option<Vec<Bool<'ctx>>> {
        use z3::DeclKind;
        let mut facts = Vec::new();
        let mut seen = std::collections::HashSet::new();
        let mut m: Dynamic<'ctx> = Dynamic::from_ast(mem);
        let bottom = Dynamic::from_ast(base);
        while m != bottom {
            let d = m.safe_decl().ok()?;
            if d.kind() != DeclKind::STORE || m.num_children() != 3 {
                return None;
            }
            let (inner, a, v) = (m.nth_child(0)?, m.nth_child(1)?, m.nth_child(2)?);
            // (a byte's address is the object's plus its offset, not yet folded; summed here:
            // one `simplify` per byte of a unit's globals was 40 % of a search's time)
            let a = a.as_bv()?;
            let k = match numeral_sum(&a) {
                Some(k) => k,
                None => a.simplify().as_u64()?,
            };
            let a = BV::from_u64(self.ctx, k, WIDTH);
            if seen.insert(k) {
                let v = v.as_bv()?;
                facts.push(self.select(base, &a)._eq(&v));
            }
            m = inner;
        }
        Some(facts)
    }

    /// The facts of [`Self::peel_stores`] about `base` that the formulas `path` can observe:
    /// those at the addresses `path` reads `base` at (through any stores), or all of them
    /// when `path` reads `base` at an address that is not a constant or uses it otherwise.
    /// Equisatisfiable with all the facts: each fixes one cell of `base` (distinct constant
    /// addresses) and no other formula reads the cells of the dropped ones, so any model of
    /// the rest extends to them. A path through a unit's code meets facts for every byte of
    /// every global with an initial value (thousands: string literals, static arrays) and
    /// reads a handful; Z3 paid for each in every query (2.8 s for a 12-step path).
    pub fn observable_facts(&self, base: &Array<'ctx>, facts: &[Bool<'ctx>], path: &[Bool<'ctx>]) -> Vec<Bool<'ctx>> {
        let split = self.split_facts(base, facts, path);
        let mut kept = split.kept;
        if !split.reads.is_empty() {
            kept.extend(split.pending.into_iter().map(|(_, f)| f));
        }
        kept
    }

    /// [`Self::observable_facts`] for lazy use: the facts at the constant addresses `path`
    /// reads `base` at (`kept`), the others with their addresses (`pending`), and the
    /// addresses `path` reads `base` at that are not constants (`reads`). With no such
    /// reads the pending facts are unobservable; with some, a model of `path` and the kept
    /// facts is a model with all the facts once no read's address has a value at a pending
    /// fact's address (each fact fixes one cell nobody else reads); otherwise the facts a
    /// model reads are added and the query asked again (`newton::sim`). Every fact is kept
    /// when `path` uses `base` other than by reading it.
    pub fn split_facts(&self, base: &Array<'ctx>, facts: &[Bool<'ctx>], path: &[Bool<'ctx>]) -> FactSplit<'ctx> {
        let Some((cells, reads)) = cells_read(base, path) else {
            return FactSplit { kept: facts.to_vec(), pending: Vec::new(), reads: Vec::new() };
        };
        let addr = |f: &Bool<'ctx>| -> Option<u64> {
            let sel = f.nth_child(0)?;
            // (`peel_stores` writes its addresses as numerals; a simplification per fact of
            // the thousands a unit's globals give was a tenth of a search's time)
            let a = sel.nth_child(1)?.as_bv()?;
            numeral_sum(&a).or_else(|| a.simplify().as_u64())
        };
        let mut split = FactSplit { kept: Vec::new(), pending: Vec::new(), reads };
        for f in facts {
            match addr(f) {
                Some(a) if !cells.contains(&a) => split.pending.push((a, f.clone())),
                _ => split.kept.push(f.clone()),
            }
        }
        split
    }

    /// The address ranges `[start, end)` of the global variables that live in memory, sorted
    /// by start (the objects a lazily added initial fact is grouped by).
    pub fn global_spans(&self) -> Vec<(u64, u64)> {
        let mut out: Vec<(u64, u64)> = (self.prog.globals.iter())
            .filter(|g| self.layout.in_memory(&None, &g.name))
            .map(|g| {
                let b = self.layout.base(&None, &g.name) as u64;
                (b, b.saturating_add(self.layout.size(self.prog, &g.ty)))
            })
            .collect();
        out.sort_unstable();
        out
    }

    /// A constant term for a C integer literal (`None` if it fits no 64-bit type).
    pub fn literal(&self, n: i128) -> Option<Term<'ctx>> {
        if n < i64::MIN as i128 || n > u64::MAX as i128 {
            return None;
        }
        Some(BV::from_u64(self.ctx, n as u64, WIDTH))
    }
}

/// A constant of type `t` (64 bits when `None` or not an integer type), in canonical form.
/// A pointer is `ptr_bits` wide: in the packed 32-bit map (ILP32 byte memory) every address
/// is below 2³², and a pointer stored in its 4 bytes reads back the same (a 64-bit constant
/// would lose its high half, so a caller's `p != NULL` would not carry to a callee whose
/// formal lives in memory).
fn typed_const<'ctx>(ctx: &'ctx Context, name: &str, t: Option<&Type>, ptr_bits: u32) -> Term<'ctx> {
    match t {
        Some(Type::Ptr(_)) if ptr_bits < WIDTH => BV::new_const(ctx, name, ptr_bits).zero_ext(WIDTH - ptr_bits),
        Some(Type::Float { bits: 32 }) => BV::new_const(ctx, name, 32).zero_ext(WIDTH - 32),
        Some(Type::Bool) => BV::new_const(ctx, name, 1).zero_ext(WIDTH - 1),
        Some(Type::Int { bits, signed }) if (*bits as u32) < WIDTH && *bits > 0 => {
            let c = BV::new_const(ctx, name, *bits as u32);
            if *signed {
                c.sign_ext(WIDTH - *bits as u32)
            } else {
                c.zero_ext(WIDTH - *bits as u32)
            }
        }
        _ => BV::new_const(ctx, name, WIDTH),
    }
}

/// The C conversion of a canonical value to type `t`: truncate to its width and extend by
/// its signedness (`_Bool`: non-zero is 1). Pointers and 64-bit types are unchanged.
pub fn norm<'ctx>(env: &Env<'_, 'ctx>, x: Term<'ctx>, t: &Type) -> Term<'ctx> {
    match t {
        // a float's bit pattern, zero-extended (already, if the floating-point unit made it)
        Type::Float { bits: 32 } if env.fpu.get().is_some_and(|f| f.is_term_of(&x, 32)) => x,
        Type::Float { bits: 32 } => norm(env, x, &Type::UINT),
        Type::Bool => x._eq(&env.int(0)).ite(&env.int(0), &env.int(1)),
        Type::Int { bits, signed } if (*bits as u32) < WIDTH && *bits > 0 => {
            if let Some(c) = x.as_u64() {
                return env.int(wrap64(c, *bits as u32, *signed));
            }
            let low = x.extract(*bits as u32 - 1, 0);
            if *signed {
                low.sign_ext(WIDTH - *bits as u32)
            } else {
                low.zero_ext(WIDTH - *bits as u32)
            }
        }
        _ => x,
    }
}

/// `c` converted to a `bits`-wide integer, as a 64-bit two's-complement number.
fn wrap64(c: u64, bits: u32, signed: bool) -> i64 {
    let low = c & ((1u64 << bits) - 1);
    if signed && (low >> (bits - 1)) & 1 == 1 {
        (low | !((1u64 << bits) - 1)) as i64
    } else {
        low as i64
    }
}

/// Whether every value of `from` is a value of `to` (the conversion is the identity on
/// canonical values).
fn fits(from: &Type, to: &Type) -> bool {
    match (from, to) {
        (f, t) if f == t => true,
        (Type::Bool, Type::Int { .. }) => true,
        (Type::Int { bits: fb, signed: fs }, Type::Int { bits: tb, signed: ts }) => {
            (fs == ts && fb <= tb) || (!*fs && *ts && fb < tb)
        }
        (_, Type::Int { bits, .. }) => *bits as u32 >= WIDTH,
        (_, Type::Ptr(_)) => true,
        _ => false,
    }
}

/// The most bytes an aggregate copy in byte memory makes one by one (a larger copy makes
/// memory unknown).
const COPY_BYTES: u64 = 4096;

/// The bit-vector of `width` bits (at most 128) holding `v`.
fn bv_const(ctx: &Context, v: u128, width: u32) -> BV<'_> {
    if width <= 64 {
        return BV::from_u64(ctx, v as u64, width);
    }
    BV::from_u64(ctx, (v >> 64) as u64, width - 64).concat(&BV::from_u64(ctx, v as u64, 64))
}

/// A bit-vector of at most 64 bits zero-extended to a term (wider: its low 64 bits).
fn fit64(v: BV<'_>) -> BV<'_> {
    let w = v.get_size();
    match w.cmp(&WIDTH) {
        std::cmp::Ordering::Less => v.zero_ext(WIDTH - w),
        std::cmp::Ordering::Equal => v,
        std::cmp::Ordering::Greater => v.extract(WIDTH - 1, 0),
    }
}

/// A bit-vector of at most 64 bits extended to a term by the signedness of its type.
fn extend(v: BV<'_>, signed: bool) -> BV<'_> {
    let w = v.get_size();
    if w >= WIDTH {
        return fit64(v);
    }
    if signed {
        v.sign_ext(WIDTH - w)
    } else {
        v.zero_ext(WIDTH - w)
    }
}

/// Whether comparisons and division on values of type `t` are signed.
fn is_signed(t: &Type) -> bool {
    matches!(t, Type::Int { signed: true, .. })
}

/// A symbolic state in the scope of one procedure (or of the globals only).
#[derive(Clone)]
pub struct State<'ctx> {
    /// Constants of unassigned variables are named with this tag.
    pub tag: String,
    /// The tag of unassigned globals: the state's origin, kept across calls so that a callee's
    /// frame sees the caller's globals.
    global_tag: String,
    /// The procedure whose locals are in scope.
    pub proc: Option<String>,
    /// Call frame number (Newton): locals of different frames get different addresses.
    pub frame: u64,
    vars: HashMap<(Option<String>, String), Term<'ctx>>,
    pub mem: Array<'ctx>,
}

impl<'ctx> State<'ctx> {
    pub fn new(env: &Env<'_, 'ctx>, tag: &str, proc: Option<&str>) -> State<'ctx> {
        State {
            tag: tag.to_string(),
            global_tag: tag.to_string(),
            proc: proc.map(str::to_string),
            frame: 0,
            vars: HashMap::new(),
            mem: env.named_mem(&format!("{tag}mem")),
        }
    }

    /// The same state seen from the global scope (for global predicates).
    pub fn global_view(&self) -> State<'ctx> {
        State { proc: None, ..self.clone() }
    }

    /// Replace the memory (initial states, havoc after calls).
    pub fn set_mem(&mut self, mem: Array<'ctx>) {
        self.mem = mem;
    }

    /// The same memory and globals seen from another procedure's frame (for calls).
    pub fn enter(&self, proc: &str, frame: u64, tag: &str) -> State<'ctx> {
        let vars = self.vars.iter().filter(|((s, _), _)| s.is_none()).map(|(k, v)| (k.clone(), v.clone())).collect();
        State {
            tag: tag.to_string(),
            global_tag: self.global_tag.clone(),
            proc: Some(proc.to_string()),
            frame,
            vars,
            mem: self.mem.clone(),
        }
    }

    /// Back in `caller` after a call: globals and memory from `self`, locals from `caller`.
    pub fn leave(&self, caller: &State<'ctx>) -> State<'ctx> {
        let mut vars: HashMap<_, _> =
            caller.vars.iter().filter(|((s, _), _)| s.is_some()).map(|(k, v)| (k.clone(), v.clone())).collect();
        for (k, v) in &self.vars {
            if k.0.is_none() {
                vars.insert(k.clone(), v.clone());
            }
        }
        // Globals the callee did not assign keep the callee's view (= the caller's).
        State {
            tag: caller.tag.clone(),
            global_tag: caller.global_tag.clone(),
            proc: caller.proc.clone(),
            frame: caller.frame,
            vars,
            mem: self.mem.clone(),
        }
    }

    fn key(&self, env: &Env, name: &str) -> (Option<String>, String) {
        (Layout::scope(env.prog, self.proc.as_deref(), name), name.to_string())
    }

    /// The declared type of a variable visible in this state's scope.
    fn var_type(&self, env: &Env, name: &str) -> Option<Type> {
        let proc = self.proc.as_deref().and_then(|p| env.prog.proc(p));
        env.prog.type_of_lval(proc, &Lval::Var(name.to_string()))
    }

    /// The current term of a scalar variable that is not in memory.
    pub fn var(&self, env: &Env<'_, 'ctx>, name: &str) -> Term<'ctx> {
        let k = self.key(env, name);
        if let Some(t) = self.vars.get(&k) {
            return t.clone();
        }
        self.unassigned(env, &k)
    }

    /// The constant a variable holds before this state assigned it.
    fn unassigned(&self, env: &Env<'_, 'ctx>, k: &(Option<String>, String)) -> Term<'ctx> {
        let name = k.1.as_str();
        // Globals are not frame-specific; locals of frame f > 0 get their own constants.
        let (tag, scope) = match (&k.0, self.frame) {
            (None, _) => (&self.global_tag, "g".to_string()),
            (Some(p), 0) => (&self.tag, p.clone()),
            (Some(p), f) => (&self.tag, format!("{p}#{f}")),
        };
        typed_const(env.ctx, &format!("{tag}{scope}.{name}"), self.var_type(env, name).as_ref(), env.pointer_bits())
    }

    /// The gated φ of two states of the same scope: `c ? a : b`, variable by variable and on
    /// the memory (the structural engine merges the states of the paths that meet at a
    /// statement; a variable only one side assigned takes the other side's initial constant).
    pub fn merge(env: &Env<'_, 'ctx>, c: &Bool<'ctx>, a: &State<'ctx>, b: &State<'ctx>) -> State<'ctx> {
        let mut out = a.clone();
        for k in a.vars.keys().chain(b.vars.keys()) {
            let x = a.vars.get(k).cloned().unwrap_or_else(|| a.unassigned(env, k));
            let y = b.vars.get(k).cloned().unwrap_or_else(|| b.unassigned(env, k));
            let v = if x == y { x } else { c.ite(&x, &y) };
            out.vars.insert(k.clone(), v);
        }
        if a.mem != b.mem {
            out.mem = c.ite(&a.mem, &b.mem);
        }
        out
    }

    /// Set a scalar variable (the value is converted to the variable's type).
    pub fn set_var(&mut self, env: &Env<'_, 'ctx>, name: &str, v: Term<'ctx>) {
        let v = match self.var_type(env, name) {
            Some(t) => norm(env, v, &t),
            None => v,
        };
        let k = self.key(env, name);
        self.vars.insert(k, v);
    }

    /// Set a global scalar, whatever the scope of this state (a local may shadow it).
    pub fn set_global(&mut self, env: &Env<'_, 'ctx>, name: &str, v: Term<'ctx>) {
        let v = match env.prog.globals.iter().find(|g| g.name == name) {
            Some(g) => norm(env, v, &g.ty),
            None => v,
        };
        self.vars.insert((None, name.to_string()), v);
    }

    /// The type of an lvalue in this state's scope.
    pub fn type_of_lval(&self, env: &Env, l: &Lval) -> Result<Type, LogicError> {
        let proc = self.proc.as_deref().and_then(|p| env.prog.proc(p));
        env.prog.type_of_lval(proc, l).ok_or_else(|| LogicError::Type(cminus::print_lval(l)))
    }

    pub fn type_of(&self, env: &Env, e: &Expr) -> Result<Type, LogicError> {
        let proc = self.proc.as_deref().and_then(|p| env.prog.proc(p));
        env.prog.type_of(proc, e).ok_or_else(|| LogicError::Type(cminus::print_expr(e)))
    }

    fn in_memory(&self, env: &Env, name: &str) -> bool {
        let k = self.key(env, name);
        env.layout.in_memory(&k.0, name)
    }

    /// The address of a variable in this frame.
    pub fn var_addr(&self, env: &Env<'_, 'ctx>, name: &str) -> Term<'ctx> {
        let k = self.key(env, name);
        let b = env.layout.base(&k.0, name);
        let off = if k.0.is_some() { self.frame as i64 * env.layout.map.frame_stride } else { 0 };
        env.int(b + off)
    }

    /// The address of an lvalue that lives in memory.
    pub fn addr(&self, env: &Env<'_, 'ctx>, l: &Lval) -> Result<Term<'ctx>, LogicError> {
        Ok(match l {
            Lval::Var(v) => self.var_addr(env, v),
            Lval::Deref(e) => self.int(env, e)?,
            Lval::Field(inner, f) => {
                let base = self.addr(env, inner)?;
                match self.type_of_lval(env, inner)? {
                    Type::Struct(s) => {
                        let off = env.layout.field_offset(env.prog, &s, f) as i64;
                        if off == 0 {
                            base
                        } else {
                            base.bvadd(&env.int(off))
                        }
                    }
                    t => return Err(LogicError::Type(format!("field {f} of a non-struct {t:?}"))),
                }
            }
            Lval::Index(inner, i) => {
                let t = self.type_of_lval(env, inner)?;
                let (base, elem) = match &t {
                    Type::Array(e, _) => (self.addr(env, inner)?, e.as_ref().clone()),
                    Type::Ptr(e) => (self.read(env, inner)?, e.as_ref().clone()),
                    t => return Err(LogicError::Type(format!("index into {t:?}"))),
                };
                let k = env.layout.size(env.prog, &elem) as i64;
                let idx = self.int(env, i)?;
                let scaled = if k == 1 { idx } else { idx.bvmul(&env.int(k)) };
                base.bvadd(&scaled)
            }
        })
    }

    /// Whether an lvalue is a plain variable held outside memory.
    fn is_register(&self, env: &Env, l: &Lval) -> Option<String> {
        match l {
            Lval::Var(v) if !self.in_memory(env, v) => Some(v.clone()),
            _ => None,
        }
    }

    /// The value of an lvalue (arrays decay to their address).
    pub fn read(&self, env: &Env<'_, 'ctx>, l: &Lval) -> Result<Term<'ctx>, LogicError> {
        if let Some(v) = self.is_register(env, l) {
            return Ok(self.var(env, &v));
        }
        let t = self.type_of_lval(env, l)?;
        let a = self.addr(env, l)?;
        if t.is_aggregate() {
            return Ok(a);
        }
        if let Some((bit, width)) = self.bit_field(env, l) {
            // the bits of a bit-field, from the bytes that hold them
            let raw = env.load_bytes(&self.mem, &a, (bit + width).div_ceil(8));
            let v = raw.extract((bit + width - 1) as u32, bit as u32);
            return Ok(extend(v, is_signed(&t)));
        }
        // Memory written by this program holds canonical values; unknown memory need not.
        let v = norm(env, env.load(&self.mem, &a, &t), &t);
        Ok(match self.tag_guard(env, l)? {
            Some(exact) => exact.ite(&v, &norm(env, env.punned(&self.mem, &a), &t)),
            None => v,
        })
    }

    /// When `l` reads through members of mixed unions: the condition under which the value
    /// is exactly what the cells hold (each union's tag is 0 or the member's class); read
    /// through a member of another class the value is unknown (see [`cminus::unions`]).
    fn tag_guard(&self, env: &Env<'_, 'ctx>, l: &Lval) -> Result<Option<Bool<'ctx>>, LogicError> {
        if !env.unions {
            return Ok(None);
        }
        let proc = self.proc.as_deref().and_then(|p| env.prog.proc(p));
        let mut conds = Vec::new();
        for (u, class) in cminus::unions::tagged_accesses(env.prog, proc, l) {
            let tag = env.select(&self.mem, &self.tag_addr(env, &u)?);
            conds.push(Bool::or(env.ctx, &[&tag._eq(&env.int(0)), &tag._eq(&env.int(class))]));
        }
        Ok((!conds.is_empty()).then(|| Bool::and(env.ctx, &conds.iter().collect::<Vec<_>>())))
    }

    /// The address of a mixed union's tag: the cell after its largest member.
    fn tag_addr(&self, env: &Env<'_, 'ctx>, u: &Lval) -> Result<Term<'ctx>, LogicError> {
        let n = crate::mem::cells(env.prog, &self.type_of_lval(env, u)?);
        Ok(self.addr(env, u)?.bvadd(&env.int(n as i64 - 1)))
    }

    /// The mixed union `u` holds all zeros: tag 0.
    pub(crate) fn clear_tag(&mut self, env: &Env<'_, 'ctx>, u: &Lval) -> Result<(), LogicError> {
        if env.bytes {
            return Ok(());
        }
        let a = self.tag_addr(env, u)?;
        self.mem = self.mem.store(&a, &env.int(0));
        Ok(())
    }

    /// A write through `l` sets the tag of every mixed union it goes through.
    fn set_tags(&mut self, env: &Env<'_, 'ctx>, l: &Lval) -> Result<(), LogicError> {
        if !env.unions {
            return Ok(());
        }
        let proc = self.proc.as_deref().and_then(|p| env.prog.proc(p));
        for (u, class) in cminus::unions::tagged_accesses(env.prog, proc, l) {
            let a = self.tag_addr(env, &u)?;
            self.mem = self.mem.store(&a, &env.int(class));
        }
        Ok(())
    }

    /// Assign a value to an lvalue (converted to the lvalue's type).
    pub fn write(&mut self, env: &Env<'_, 'ctx>, l: &Lval, v: Term<'ctx>) -> Result<(), LogicError> {
        if let Some(name) = self.is_register(env, l) {
            self.set_var(env, &name, v);
            return Ok(());
        }
        let t = self.type_of_lval(env, l);
        let v = match &t {
            Ok(t) => norm(env, v, t),
            Err(_) => v,
        };
        let a = self.addr(env, l)?;
        if env.bytes {
            let t = t?;
            match self.bit_field(env, l) {
                Some((bit, width)) => {
                    // replace the field's bits in the bytes that hold them
                    let n = (bit + width).div_ceil(8);
                    let raw = env.load_bytes(&self.mem, &a, n);
                    let bits = (8 * n) as u32;
                    let mask = bv_const(env.ctx, ((1u128 << width) - 1) << bit, bits);
                    let val = if bits > 64 { v.zero_ext(bits - 64) } else { v.extract(bits - 1, 0) };
                    let shifted = val.bvshl(&BV::from_u64(env.ctx, bit, bits));
                    let new = raw.bvand(&mask.bvnot()).bvor(&shifted.bvand(&mask));
                    self.mem = env.store_bytes(&self.mem, &a, &new, n);
                }
                None => self.mem = env.store(&self.mem, &a, &v, &t),
            }
            return Ok(());
        }
        let v = match self.narrow_union_member(env, l) {
            // The union's wider integer members keep their high bits (little endian).
            Some(bits) => {
                let low = env.int(((1u128 << bits) - 1) as i64);
                let old = env.select(&self.mem, &a);
                old.bvand(&low.bvnot()).bvor(&v.bvand(&low))
            }
            None => v,
        };
        self.mem = self.mem.store(&a, &v);
        self.set_tags(env, l)
    }

    /// In byte memory, the bytes a read or a write of the scalar lvalue `l` touches: its
    /// address and how many bytes from there (a bit-field's: the bytes that hold its bits).
    /// `None` for a variable held in a register, an aggregate, and typed memory.
    pub fn footprint(&self, env: &Env<'_, 'ctx>, l: &Lval) -> Option<(Term<'ctx>, u64)> {
        if !env.bytes || self.is_register(env, l).is_some() {
            return None;
        }
        let t = self.type_of_lval(env, l).ok()?;
        if t.is_aggregate() {
            return None;
        }
        let a = self.addr(env, l).ok()?;
        let n = match self.bit_field(env, l) {
            Some((bit, width)) => (bit + width).div_ceil(8),
            None => env.scalar_bytes(&t),
        };
        Some((a, n))
    }

    /// In byte memory, when `l` is a bit-field: its first bit within the byte at its address,
    /// and its width.
    fn bit_field(&self, env: &Env, l: &Lval) -> Option<(u64, u64)> {
        let Lval::Field(b, f) = l else { return None };
        if !env.bytes {
            return None;
        }
        let Ok(Type::Struct(s)) = self.type_of_lval(env, b) else { return None };
        if !cminus::layout::is_bit_field(env.prog, &s, f) {
            return None;
        }
        let bit = cminus::layout::field_bit_offset(env.prog, &s, f)? % 8;
        let width = match env.prog.field_type(&s, f)? {
            Type::Int { bits, .. } => u64::from(*bits).min(64),
            _ => return None,
        };
        Some((bit, width))
    }

    /// The width of `l` when it is an integer member of a union narrower than the union's
    /// widest integer member (see [`cminus::unions`]).
    fn narrow_union_member(&self, env: &Env, l: &Lval) -> Option<u16> {
        let Lval::Field(b, f) = l else { return None };
        if !env.unions {
            return None;
        }
        let t = self.type_of_lval(env, b).ok()?;
        cminus::unions::narrow_member_write(env.prog, &t, f).map(|(bits, _)| bits)
    }

    /// `l := v` where `v` is what [`State::int`] gives for an expression of `l`'s type: for
    /// an aggregate, the address of the object whose cells are copied (a parameter bound to
    /// an argument, a result returned by value).
    pub fn assign_value(&mut self, env: &Env<'_, 'ctx>, l: &Lval, v: Term<'ctx>) -> Result<(), LogicError> {
        let t = self.type_of_lval(env, l)?;
        if t.is_aggregate() {
            let dst = self.addr(env, l)?;
            self.copy_cells(env, &dst, Some(&v), None, env.layout.size(env.prog, &t));
            return self.set_tags(env, l);
        }
        self.write(env, l, v)
    }

    /// Copy `n` cells (bytes) from `src` to `dst` (`None`: unknown contents; `exact`: the
    /// cells are unknown unless it holds, see [`State::tag_guard`]); a copy too large to make
    /// cell by cell makes all memory unknown (sound, coarse).
    fn copy_cells(
        &mut self,
        env: &Env<'_, 'ctx>,
        dst: &Term<'ctx>,
        src: Option<&Term<'ctx>>,
        exact: Option<&Bool<'ctx>>,
        n: u64,
    ) {
        if env.bytes {
            // every byte read from the memory before the copy: exact for overlapping objects
            let before = self.mem.clone();
            for k in 0..n.min(COPY_BYTES) {
                let d = dst.bvadd(&env.int(k as i64));
                let v = match src {
                    Some(s) => env.load_bytes(&before, &s.bvadd(&env.int(k as i64)), 1),
                    None => BV::fresh_const(env.ctx, "copy", 8),
                };
                self.mem = self.mem.store(&d, &v);
            }
            if n > COPY_BYTES {
                self.mem = env.fresh_mem("havoc");
            }
            return;
        }
        for k in 0..n.min(64) {
            let d = dst.bvadd(&env.int(k as i64));
            let v = match src {
                Some(s) => env.select(&self.mem, &s.bvadd(&env.int(k as i64))),
                None => env.fresh_int("copy"),
            };
            let v = match (exact, src) {
                (Some(c), Some(s)) => c.ite(&v, &env.punned(&self.mem, &s.bvadd(&env.int(k as i64)))),
                _ => v,
            };
            self.mem = self.mem.store(&d, &v);
        }
        if n > 64 {
            self.mem = env.fresh_mem("havoc");
        }
    }

    /// `l := e` (struct assignment copies cells; a very large copy havocs the target).
    pub fn assign(&mut self, env: &Env<'_, 'ctx>, l: &Lval, e: &Expr) -> Result<(), LogicError> {
        let t = self.type_of_lval(env, l)?;
        if t.is_aggregate() {
            let dst = self.addr(env, l)?;
            let (src, exact) = match e {
                Expr::Lval(r) => (Some(self.addr(env, r)?), self.tag_guard(env, r)?),
                _ => (None, None),
            };
            self.copy_cells(env, &dst, src.as_ref(), exact.as_ref(), env.layout.size(env.prog, &t));
            return self.set_tags(env, l);
        }
        let v = self.int(env, e)?;
        self.write(env, l, v)
    }

    /// The C type of an expression for the encoding: like [`Program::type_of`], but an
    /// integer literal that does not fit `int` has the type C gives it (`long`, then
    /// `unsigned long`), so predicates written without casts compare as C would.
    fn ty(&self, env: &Env, e: &Expr) -> Result<Type, LogicError> {
        match e {
            Expr::Int(n) if i32::try_from(*n).is_err() => {
                Ok(if i64::try_from(*n).is_ok() { Type::int(64, true) } else { Type::int(64, false) })
            }
            Expr::Bool(_) => Ok(Type::INT),
            _ => self.type_of(env, e),
        }
    }

    /// Evaluate an expression.
    pub fn eval(&self, env: &Env<'_, 'ctx>, e: &Expr) -> Result<Val<'ctx>, LogicError> {
        let ctx = env.ctx;
        Ok(match e {
            Expr::Int(n) => Val::I(
                env.literal(*n).ok_or_else(|| LogicError::Unsupported(format!("constant {n} wider than 64 bits")))?,
            ),
            Expr::Bool(b) => Val::B(Bool::from_bool(ctx, *b)),
            Expr::Lval(l) => Val::I(self.read(env, l)?),
            Expr::AddrOf(l) => Val::I(self.addr(env, l)?),
            Expr::FuncAddr(f) => Val::I(env.int(env.layout.func_addr(f))),
            Expr::Nondet(t) => Val::I(env.fresh_of("nondet", Some(t))),
            Expr::Float(op, t, xs) => self.float(env, *op, t, xs)?,
            Expr::Cast(t @ Type::Int { .. }, inner) if self.ty(env, inner)?.is_pointer() => {
                let p = self.int(env, inner)?;
                Val::I(norm(env, env.ptr_to_int(&p), t))
            }
            Expr::Cast(Type::Ptr(_), inner) if self.round_trip(env, inner) => match inner.as_ref() {
                // (T *)(long)p: the pointer again, whatever integer it was converted to.
                Expr::Cast(_, p) => Val::I(self.int(env, p)?),
                _ => unreachable!("round_trip checks the shape"),
            },
            Expr::Cast(t, inner) => {
                let v = self.eval(env, inner)?;
                match t {
                    Type::Bool => Val::I(to_bool(env, v).ite(&env.int(1), &env.int(0))),
                    Type::Int { .. } => {
                        let x = to_int(env, v);
                        match self.ty(env, inner) {
                            Ok(from) if fits(&from, t) => Val::I(x),
                            _ => Val::I(norm(env, x, t)),
                        }
                    }
                    _ => Val::I(to_int(env, v)),
                }
            }
            Expr::Unary(op, a) => {
                let v = self.eval(env, a)?;
                match op {
                    UnOp::Not => Val::B(to_bool(env, v).not()),
                    UnOp::Neg | UnOp::BitNot => {
                        let t = promote(&self.ty(env, a)?);
                        let x = to_int(env, v);
                        let r = if *op == UnOp::Neg { x.bvneg() } else { x.bvnot() };
                        Val::I(norm(env, r, &t))
                    }
                }
            }
            Expr::Binary(op, a, b) => {
                if op.is_logical() {
                    let x = to_bool(env, self.eval(env, a)?);
                    let y = to_bool(env, self.eval(env, b)?);
                    return Ok(Val::B(match op {
                        BinOp::And => Bool::and(ctx, &[&x, &y]),
                        _ => Bool::or(ctx, &[&x, &y]),
                    }));
                }
                let ta = self.ty(env, a)?;
                let tb = self.ty(env, b)?;
                let x = to_int(env, self.eval(env, a)?);
                let y = to_int(env, self.eval(env, b)?);
                self.binary(env, *op, (x, &ta), (y, &tb))?
            }
        })
    }

    /// Whether `e` is a pointer converted to an integer as wide (converting it back to a
    /// pointer gives the pointer).
    fn round_trip(&self, env: &Env, e: &Expr) -> bool {
        match e {
            Expr::Cast(Type::Int { bits, .. }, p) => {
                let ptr_bits = match env.prog.data_model {
                    cminus::DataModel::Lp64 => 64,
                    cminus::DataModel::Ilp32 => 32,
                };
                *bits >= ptr_bits && self.ty(env, p).is_ok_and(|t| t.is_pointer())
            }
            _ => false,
        }
    }

    /// A floating-point operation with result type `t` (see [`crate::fp`]): exact for
    /// `float` and `double`. What involves `long double` (or a type the operation does not
    /// have), and a conversion to an integer that C leaves undefined, is the value of an
    /// uninterpreted function of the operands: a deterministic over-approximation (so a
    /// predicate over it is a function of the state), at which the interpreter stops.
    fn float(&self, env: &Env<'_, 'ctx>, op: FloatOp, t: &Type, xs: &[Expr]) -> Result<Val<'ctx>, LogicError> {
        use crate::fp::Format;
        let ctx = env.ctx;
        if let FloatOp::Lit(bits) = op {
            // A constant keeps its bit pattern (a `long double` one: the nearest double's).
            return Ok(Val::I(norm(env, BV::from_u64(ctx, bits, WIDTH), t)));
        }
        let format = |t: &Type| match t {
            Type::Float { bits } => Format::of_bits(*bits),
            _ => None,
        };
        let opaque = |what: &str| -> Result<Term<'ctx>, LogicError> {
            let args = xs.iter().map(|e| self.int(env, e)).collect::<Result<Vec<_>, _>>()?;
            let from = match xs.first() {
                Some(e) => cminus::print::type_str(&self.ty(env, e)?),
                None => String::new(),
            };
            let bv = Sort::bitvector(ctx, WIDTH);
            let domain: Vec<&Sort> = args.iter().map(|_| &bv).collect();
            let name = format!("fp.{what}.{}.{from}.{}", op.name(), cminus::print::type_str(t));
            let f = FuncDecl::new(ctx, name, &domain, &bv);
            let refs: Vec<&dyn Ast<'ctx>> = args.iter().map(|a| a as &dyn Ast<'ctx>).collect();
            Ok(norm(env, f.apply(&refs).as_bv().expect("a bit-vector"), t))
        };
        let unknown = || Ok(Val::I(opaque("unmodelled")?));
        let Some(first) = xs.first() else { return unknown() };
        let from = self.ty(env, first)?;
        let fpu = env.fpu();
        let x = self.int(env, first)?;
        if op == FloatOp::Conv {
            return Ok(match (format(&from), &from, format(t), t) {
                (Some(f), _, Some(g), _) => Val::I(fpu.term(&fpu.convert(&fpu.pattern(&x, f), f, g))),
                (None, Type::Int { bits, signed }, Some(g), _) if *bits <= 64 => {
                    let signed = *signed || *bits < 64;
                    Val::I(fpu.term(&fpu.from_int(&norm(env, x, &from), signed, g)))
                }
                (None, Type::Bool, Some(g), _) => Val::I(fpu.term(&fpu.from_int(&norm(env, x, &from), true, g))),
                (Some(f), _, None, Type::Bool) => Val::I(to_int(env, Val::B(fpu.truth(&fpu.pattern(&x, f), f)))),
                (Some(f), _, None, Type::Int { bits, signed }) if *bits <= 64 => {
                    // Outside the type's range C leaves the value undefined (the interpreter
                    // stops there): any value, a function of the operand.
                    let (v, defined) = fpu.to_int(&fpu.pattern(&x, f), f, *bits as u32, *signed);
                    Val::I(defined.ite(&norm(env, v, t), &opaque("undefined")?))
                }
                _ => return unknown(),
            });
        }
        let Some(f) = format(&from) else { return unknown() };
        let a = fpu.pattern(&x, f);
        if op.is_unary() {
            if format(t) != Some(f) {
                return unknown();
            }
            return Ok(Val::I(fpu.term(&fpu.unary(op, &a, f))));
        }
        let Some(second) = xs.get(1) else { return unknown() };
        if format(&self.ty(env, second)?) != Some(f) {
            return unknown();
        }
        let b = fpu.pattern(&self.int(env, second)?, f);
        Ok(if op.is_comparison() {
            Val::B(fpu.compare(op, &a, &b, f))
        } else if format(t) == Some(f) {
            Val::I(fpu.term(&fpu.arith(op, &a, &b, f)))
        } else {
            return unknown();
        })
    }

    /// A binary operator other than `&&`/`||` on canonical operands of the given types.
    fn binary(
        &self,
        env: &Env<'_, 'ctx>,
        op: BinOp,
        (x, ta): (Term<'ctx>, &Type),
        (y, tb): (Term<'ctx>, &Type),
    ) -> Result<Val<'ctx>, LogicError> {
        let scale = |t: &Type| -> i64 {
            match t {
                Type::Ptr(p) => env.layout.size(env.prog, p) as i64,
                _ => 1,
            }
        };
        if ta.is_float() || tb.is_float() {
            // Floats are compared and computed only by `Expr::Float`, never as integers.
            return Err(LogicError::Unsupported(format!("floating-point operand of '{}'", op.symbol())));
        }
        let (pa, pb) = (ta.is_pointer(), tb.is_pointer());
        if pa || pb {
            return Ok(match op {
                // Addresses are compared as unsigned numbers.
                BinOp::Eq => Val::B(x._eq(&y)),
                BinOp::Ne => Val::B(x._eq(&y).not()),
                BinOp::Lt => Val::B(x.bvult(&y)),
                BinOp::Le => Val::B(x.bvule(&y)),
                BinOp::Gt => Val::B(x.bvugt(&y)),
                BinOp::Ge => Val::B(x.bvuge(&y)),
                BinOp::Sub if pa && pb => {
                    // ptr - ptr: the difference in elements.
                    let d = x.bvsub(&y);
                    let k = scale(ta);
                    Val::I(if k == 1 { d } else { d.bvsdiv(&env.int(k)) })
                }
                BinOp::Add | BinOp::Sub => {
                    let (p, i, k) = if pa { (x, y, scale(ta)) } else { (y, x, scale(tb)) };
                    let off = if k == 1 { i } else { i.bvmul(&env.int(k)) };
                    Val::I(if op == BinOp::Add { p.bvadd(&off) } else { p.bvsub(&off) })
                }
                _ => return Err(LogicError::Unsupported(format!("pointer operand of '{}'", op.symbol()))),
            });
        }
        let shift = matches!(op, BinOp::Shl | BinOp::Shr);
        // The type of the operation: C's usual arithmetic conversions (shifts: the promoted
        // left operand). Operands are converted to it unless they already fit.
        let t = if shift { promote(ta) } else { arith_conv(ta, tb) };
        let conv = |v: Term<'ctx>, from: &Type, to: &Type| if fits(from, to) { v } else { norm(env, v, to) };
        let x = conv(x, ta, &t);
        let y = if shift { y } else { conv(y, tb, &t) };
        let s = is_signed(&t);
        Ok(match op {
            BinOp::Eq => Val::B(x._eq(&y)),
            BinOp::Ne => Val::B(x._eq(&y).not()),
            BinOp::Lt => Val::B(if s { x.bvslt(&y) } else { x.bvult(&y) }),
            BinOp::Le => Val::B(if s { x.bvsle(&y) } else { x.bvule(&y) }),
            BinOp::Gt => Val::B(if s { x.bvsgt(&y) } else { x.bvugt(&y) }),
            BinOp::Ge => Val::B(if s { x.bvsge(&y) } else { x.bvuge(&y) }),
            _ => {
                let r = match op {
                    BinOp::Add => x.bvadd(&y),
                    BinOp::Sub => x.bvsub(&y),
                    BinOp::Mul => x.bvmul(&y),
                    // Division by zero is undefined in C; the interpreter stops there.
                    BinOp::Div if s => x.bvsdiv(&y),
                    BinOp::Div => x.bvudiv(&y),
                    BinOp::Rem if s => x.bvsrem(&y),
                    BinOp::Rem => x.bvurem(&y),
                    BinOp::Shl => x.bvshl(&y),
                    BinOp::Shr if s => x.bvashr(&y),
                    BinOp::Shr => x.bvlshr(&y),
                    BinOp::BitAnd => x.bvand(&y),
                    BinOp::BitOr => x.bvor(&y),
                    BinOp::BitXor => x.bvxor(&y),
                    _ => unreachable!("comparisons and logical operators are handled above"),
                };
                Val::I(norm(env, r, &t))
            }
        })
    }

    pub fn int(&self, env: &Env<'_, 'ctx>, e: &Expr) -> Result<Term<'ctx>, LogicError> {
        Ok(to_int(env, self.eval(env, e)?))
    }

    /// An expression as a condition (C truth: non-zero).
    pub fn cond(&self, env: &Env<'_, 'ctx>, e: &Expr) -> Result<Bool<'ctx>, LogicError> {
        Ok(to_bool(env, self.eval(env, e)?))
    }
}

/// The value of a term that simplifies to a constant (two's complement), if it does.
pub fn numeral(t: &Term<'_>) -> Option<i128> {
    t.simplify().as_u64().map(|v| i128::from(v as i64))
}

pub fn to_int<'ctx>(env: &Env<'_, 'ctx>, v: Val<'ctx>) -> Term<'ctx> {
    match v {
        Val::I(i) => i,
        Val::B(b) => b.ite(&env.int(1), &env.int(0)),
    }
}

pub fn to_bool<'ctx>(env: &Env<'_, 'ctx>, v: Val<'ctx>) -> Bool<'ctx> {
    match v {
        Val::B(b) => b,
        Val::I(i) => i._eq(&env.int(0)).not(),
    }
}

/// A dynamic view, for model evaluation.
pub fn dynamic<'ctx>(v: &Val<'ctx>) -> Dynamic<'ctx> {
    match v {
        Val::I(i) => Dynamic::from_ast(i),
        Val::B(b) => Dynamic::from_ast(b),
    }
}

/// How many stores [`select_past_stores`] looks through, and how deep [`unsigned_range`]
/// looks into a term (both bound the time spent on a read, not its meaning).
const PAST_STORES: usize = 64;
const RANGE_DEPTH: u32 = 8;
/// How many stores that may meet a byte read [`select_past_stores`] writes out as `ite`s
/// (each read's term grows by one comparison per store).
const EXPANDED_STORES: usize = 16;

/// `mem[a]` (a byte of byte memory), read past the stores on top of `mem` whose address
/// certainly differs from `a` — their unsigned ranges ([`unsigned_range`]) are apart, or they
/// are one base term plus two different constants — and the stored byte itself where a
/// store's address is `a`'s term. The same value as the plain `select` (read-over-write),
/// but Z3 no longer meets the chain: a path through memcached's `do_item_unlink_q` reads
/// `it->slabs_clsid` (the harness object, a constant address) past writes to
/// `sizes_bytes[it->slabs_clsid]` (an address in the globals' area), and each of Newton's
/// queries took 4–10 s to see that they never meet (0.01 s once read past them).
///
/// The first `expand` stores that may meet `a` become `ite(at = a, v, …)` (read-over-write
/// written out, again the same value): Z3 then decides the address comparisons with
/// bit-vector reasoning instead of the array theory's case splits. corpus/c/
/// irp_stack_location_copy_ok.c reads an 8-byte pointer past a 2-byte `memcpy` at a
/// symbolic address: its hardest abstraction queries took 3.5–4.5 s as selects from the
/// store chain, 1.5–2 s as `ite`s (the check 10 s → 4.5 s).
fn select_past_stores<'ctx>(
    ranges: &std::cell::RefCell<HashMap<BV<'ctx>, Option<(u128, u128)>>>,
    mem: &Array<'ctx>,
    a: &BV<'ctx>,
    expand: usize,
) -> BV<'ctx> {
    use z3::DeclKind;
    // a term's range is asked again for every byte read past its store: memoised
    let range = |t: &BV<'ctx>| -> Option<(u128, u128)> {
        if let Some(r) = ranges.borrow().get(t) {
            return *r;
        }
        let r = unsigned_range(t, RANGE_DEPTH);
        ranges.borrow_mut().insert(t.clone(), r);
        r
    };
    let want = range(a);
    let mut m: Dynamic<'ctx> = Dynamic::from_ast(mem);
    for _ in 0..PAST_STORES {
        let Ok(d) = m.safe_decl() else { break };
        if d.kind() != DeclKind::STORE || m.num_children() != 3 {
            break;
        }
        let (Some(inner), Some(at), Some(v)) = (m.nth_child(0), m.nth_child(1).and_then(|x| x.as_bv()), m.nth_child(2))
        else {
            break;
        };
        if at == *a {
            if let Some(v) = v.as_bv() {
                return v;
            }
            break;
        }
        let apart = match (want, range(&at)) {
            (Some((lo, hi)), Some((lo2, hi2))) => hi < lo2 || hi2 < lo,
            _ => false,
        } || same_base_apart(&at, a);
        if !apart {
            if expand > 0 {
                if let (Some(v), Some(arr)) = (v.as_bv(), inner.as_array()) {
                    let rest = select_past_stores(ranges, &arr, a, expand - 1);
                    return at._eq(a).ite(&v, &rest);
                }
            }
            break;
        }
        m = inner;
    }
    match m.as_array() {
        Some(arr) => arr.select(a).as_bv().expect("memory holds bit-vectors"),
        None => {
            Dynamic::from_ast(mem).as_array().expect("an array").select(a).as_bv().expect("memory holds bit-vectors")
        }
    }
}

/// Whether two address terms are one base term plus two different constants: then they
/// differ whatever the base (addition modulo 2^w is a bijection).
fn same_base_apart(x: &BV<'_>, y: &BV<'_>) -> bool {
    let w = x.get_size();
    if w != y.get_size() || w > 64 {
        return false;
    }
    let mask = if w == 64 { u64::MAX } else { (1u64 << w) - 1 };
    let (bx, ox) = base_offset(x);
    let (by, oy) = base_offset(y);
    ox & mask != oy & mask && bx == by
}

/// A term as `base + constant` (the constant 0 and the term itself when it is no such sum).
fn base_offset<'ctx>(t: &BV<'ctx>) -> (BV<'ctx>, u64) {
    use z3::DeclKind;
    let (mut base, mut off) = (t.clone(), 0u64);
    for _ in 0..RANGE_DEPTH {
        let Ok(d) = base.safe_decl() else { break };
        if d.kind() != DeclKind::BADD || base.num_children() != 2 {
            break;
        }
        let (Some(l), Some(r)) = (base.nth_child(0).and_then(|c| c.as_bv()), base.nth_child(1).and_then(|c| c.as_bv()))
        else {
            break;
        };
        match (l.as_u64(), r.as_u64()) {
            (_, Some(c)) => {
                off = off.wrapping_add(c);
                base = l;
            }
            (Some(c), _) => {
                off = off.wrapping_add(c);
                base = r;
            }
            _ => break,
        }
    }
    (base, off)
}

/// The unsigned values a bit-vector term can take, as an interval, where its form shows them
/// (constants, sums without wrap-around, multiples by a constant, zero-extensions); `None`
/// when it may be anything of its width.
fn unsigned_range(t: &BV<'_>, depth: u32) -> Option<(u128, u128)> {
    use z3::DeclKind;
    let w = t.get_size();
    if w > 64 {
        return None;
    }
    let top = (1u128 << w) - 1;
    if let Some(v) = t.as_u64() {
        return Some((v as u128, v as u128));
    }
    let whole = (w < 64).then_some((0, top));
    if depth == 0 {
        return whole;
    }
    let Ok(d) = t.safe_decl() else { return whole };
    let kids: Vec<BV> = (0..t.num_children()).filter_map(|i| t.nth_child(i).and_then(|c| c.as_bv())).collect();
    if kids.len() != t.num_children() {
        return whole;
    }
    let within = |r: (u128, u128)| (r.1 <= top).then_some(r);
    let found = match d.kind() {
        DeclKind::BADD => {
            let mut sum = (0u128, 0u128);
            for k in &kids {
                let (lo, hi) = unsigned_range(k, depth - 1)?;
                sum = (sum.0 + lo, sum.1 + hi);
            }
            within(sum)
        }
        DeclKind::BMUL if kids.len() == 2 => {
            // a constant factor on either side
            let (c, x) = match (kids[0].as_u64(), kids[1].as_u64()) {
                (Some(c), _) => (c as u128, &kids[1]),
                (None, Some(c)) => (c as u128, &kids[0]),
                (None, None) => return whole,
            };
            let (lo, hi) = unsigned_range(x, depth - 1)?;
            hi.checked_mul(c).and_then(|h| within((lo * c, h)))
        }
        DeclKind::CONCAT => {
            // leading constants over a tail: prefix · 2^width(tail) + tail
            let (last, prefix) = kids.split_last()?;
            let mut high = 0u128;
            for k in prefix {
                high = (high << k.get_size()) | k.as_u64()? as u128;
            }
            let (lo, hi) = unsigned_range(last, depth - 1)?;
            let base = high << last.get_size();
            within((base + lo, base + hi))
        }
        DeclKind::ZERO_EXT if kids.len() == 1 => unsigned_range(&kids[0], depth - 1),
        _ => None,
    };
    found.or(whole)
}

/// The constant addresses at which `formulas` read `base` (through chains of stores over it)
/// and the read addresses that are not constants; `None` when they use `base` other than by
/// reading it.
fn cells_read<'ctx>(base: &Array<'ctx>, formulas: &[Bool<'ctx>]) -> Option<(HashSet<u64>, Vec<Term<'ctx>>)> {
    use z3::DeclKind;
    let base = Dynamic::from_ast(base);
    let mut seen = HashSet::new();
    let mut todo: Vec<Dynamic<'ctx>> = formulas.iter().map(|f| Dynamic::from_ast(f)).collect();
    let mut cells = HashSet::new();
    let mut reads = Vec::new();
    let mut seen_reads = HashSet::new();
    while let Some(t) = todo.pop() {
        if !seen.insert(t.clone()) {
            continue;
        }
        if t == base {
            return None;
        }
        let Ok(d) = t.safe_decl() else {
            // a quantifier or a bound variable: not looked into
            return None;
        };
        if d.kind() == DeclKind::SELECT && t.num_children() == 2 {
            let (mut m, a) = (t.nth_child(0)?, t.nth_child(1)?);
            todo.push(a.clone());
            loop {
                if m == base {
                    let a = a.as_bv()?.simplify();
                    match a.as_u64() {
                        Some(k) => {
                            cells.insert(k);
                        }
                        None => {
                            if seen_reads.insert(a.clone()) {
                                reads.push(a);
                            }
                        }
                    }
                    break;
                }
                match m.safe_decl() {
                    Ok(md) if md.kind() == DeclKind::STORE && m.num_children() == 3 => {
                        todo.push(m.nth_child(1)?);
                        todo.push(m.nth_child(2)?);
                        m = m.nth_child(0)?;
                    }
                    _ => {
                        todo.push(m);
                        break;
                    }
                }
            }
            continue;
        }
        todo.extend(t.children());
    }
    Some((cells, reads))
}

/// The value of an address-width term of numerals, sums and products (`bvadd`, `bvmul`: an
/// object's address plus an index times an element's size), without a call into Z3's
/// simplifier.
fn numeral_sum(t: &BV) -> Option<u64> {
    if let Some(k) = t.as_u64() {
        return Some(k);
    }
    if t.get_size() != WIDTH {
        return None;
    }
    let (unit, op): (u64, fn(u64, u64) -> u64) = match t.safe_decl().ok()?.kind() {
        z3::DeclKind::BADD => (0, u64::wrapping_add),
        z3::DeclKind::BMUL => (1, u64::wrapping_mul),
        _ => return None,
    };
    (0..t.num_children()).try_fold(unit, |acc, i| Some(op(acc, numeral_sum(&t.nth_child(i)?.as_bv()?)?)))
}
