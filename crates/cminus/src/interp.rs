//! A concrete interpreter for C--, the reference semantics used to test the front end and
//! later stages.
//!
//! **Memory is bytes**, laid out as gcc -O0 lays C's objects out on x86-64 (LP64) or i386
//! (ILP32) ([`crate::layout`]). Every object — a variable, an allocation, the object an entry
//! pointer parameter points to — is a vector of its real size in bytes; each byte is a
//! concrete value, *undefined* (never written), or fragment k of a stored pointer (as Miri
//! and CompCert have it: a pointer stored at a pointer type writes its fragments; reading the
//! same fragments in order at a pointer type gives the pointer back, at an integer type of a
//! pointer's size the pointer converted to an integer; any other read of fragments reads the
//! bytes of the pointer's address). Integers are little-endian, a `_Bool` is one byte, floats
//! are their bit patterns (a `long double` holds the nearest double's pattern in its low 8
//! bytes). Reads and writes at any scalar type at any in-bounds offset are exact byte by
//! byte (a `char` array read through an `unsigned *`, unions through any member); structs and
//! arrays are copied as bytes; a bit-field reads and writes exactly its bits. An access
//! outside the object's bytes (or through a pointer past its end, or to a local of a
//! procedure that has returned) is undefined behaviour: [`Outcome::Stuck`].
//!
//! A **pointer** is an object and a byte offset: arithmetic scales by the pointee's size,
//! `&s.f` adds the field's offset, pointer equality is address equality (an object and its
//! first field are equal), `p - q` within an object divides the byte difference by the
//! element size, and a relational comparison compares offsets within one object, otherwise
//! addresses (unsigned, as gcc: `(void *)-1 > (void *)0`). Every object has a **base
//! address** aligned to its alignment (allocations to [`crate::layout::MALLOC_ALIGN`]); the
//! integer of a pointer is base + offset. Plain runs ([`run`], [`run_with`], [`run_oracle`])
//! make bases up (distinct, aligned, apart). Replays (a `resolve` function given) ask
//! [`Ask::Address`] once per distinct non-NULL pointer, in the order the run first needs its
//! integer (a conversion to an integer type, pointer bytes read as an integer, or a
//! relational comparison or difference of pointers into different objects); the answer
//! fixes the object's base, which must be aligned, non-NULL, apart from the other objects
//! and agree with the base fixed before — else the run is stuck (not a run of the C
//! program). An answer 0 leaves the address to the interpreter (a made-up one). An integer
//! converted to a pointer is a pointer again when it is an address of an object (base +
//! offset); other integers stay integers used as pointers (dereferencing one is stuck).
//!
//! **Objects**: a variable has its type's size; allocation models (`malloc` and the other
//! [`crate::pointsto::ALLOCATORS`]) give an object of exactly the size asked for (`calloc`:
//! the product; `realloc`: a new object holding the old one's bytes; a variable-length array
//! [`crate::names::VLA_ALLOC`]: the elements asked for); `calloc`/`kzalloc`/`kcalloc`/
//! `vzalloc` memory is zero, other allocations undefined. An object whose size the
//! interpreter cannot know — the result of a fallible allocator such as `fopen` or of
//! another external function returning a fresh object, an `extern` array of unknown size, a
//! struct without layout — has an *open extent*: it grows (undefined, or zero) as it is
//! accessed, as the value trees of earlier versions did. The object an entry pointer
//! parameter points to has [`PARAM_ITEMS`] pointees, undefined. An object larger than
//! [`MAX_OBJECT`] bytes stops the run as unmodelled.
//!
//! **Nondeterminism**: the supplier is asked for a value, in this order of events as they
//! happen: (1) each integer/bool formal of the entry procedure, left to right (pointer formals
//! get a fresh uninitialised object instead); then during execution (2) each evaluation of
//! `nondet`, (3) each call of an external function without a model (its return value),
//! (4) each read of a scalar that meets undefined bytes: [`Ask::Uninit`] with the variable
//! when the read is a whole variable (offset 0, its own type), [`Ask::UninitParam`] /
//! [`Ask::UninitAlloc`] with the **byte offset** of the read within the object of an entry
//! parameter or allocation (the read's type is [`Event::ty`]), `Ask::Uninit(None)` otherwise;
//! the value's bytes fill the undefined bytes read and the read is repeated (a bit-field's
//! undefined bytes become zero around its bits), (5) each `goto` whose targets are not decided
//! by the `assume` at the targets: when exactly one target's leading `assume` holds (or has no
//! assume) it is taken without asking; when several are possible the supplier's value modulo
//! their number picks one (in label order), (6) in replays, addresses (above).
//!
//! Undefined behaviour (null or invalid dereference, an access out of an object's bounds,
//! division by zero, a negative or too-large index or shift) and a failing `assume` make the
//! run [`Outcome::Stuck`]. A run ends [`Outcome::StepLimit`] after its steps, or as soon as a
//! loop's round changed nothing (no write, call, new object or answer between two jumps back
//! to the same head in the same frame): such a loop never ends, and a search whose runs wait
//! on memory no code of the run writes (`while (pool->alive != n) {}` of a thread pool checked
//! without its threads) would spend every run's steps in it.

use crate::layout::{Layouts, MALLOC_ALIGN};
use crate::pointsto::extern_allocation;
use crate::ub::{UbKind, Undefined};
use crate::*;
use std::borrow::Cow;
use std::collections::{BTreeMap, HashMap};

/// A fast hasher for the interpreter's maps (names, pointers): FxHash, as rustc's.
#[derive(Default, Clone, Copy)]
struct Fx(u64);

impl std::hash::Hasher for Fx {
    fn finish(&self) -> u64 {
        // the product's high bits are its best: hashbrown takes buckets from the low ones
        self.0.rotate_left(26)
    }
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            self.add(u64::from_le_bytes(c.try_into().unwrap()));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut b = [0u8; 8];
            b[..rest.len()].copy_from_slice(rest);
            self.add(u64::from_le_bytes(b));
        }
    }
    fn write_u8(&mut self, i: u8) {
        self.add(i as u64)
    }
    fn write_u32(&mut self, i: u32) {
        self.add(i as u64)
    }
    fn write_u64(&mut self, i: u64) {
        self.add(i)
    }
    fn write_usize(&mut self, i: usize) {
        self.add(i as u64)
    }
}

impl Fx {
    fn add(&mut self, w: u64) {
        self.0 = (self.0.rotate_left(5) ^ w).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

type FxMap<K, V> = HashMap<K, V, std::hash::BuildHasherDefault<Fx>>;

/// The object an entry pointer parameter points to holds this many of its pointees.
pub const PARAM_ITEMS: u64 = 64;

/// The largest object a run makes, in bytes: a larger variable or allocation stops the run
/// as unmodelled (the interpreter keeps every byte).
pub const MAX_OBJECT: u64 = 1 << 25;

/// How a run ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// An `error` statement was reached.
    Error { stmt: StmtId, msg: String },
    /// A `halt` statement was reached.
    Halt { stmt: StmtId },
    /// The entry procedure returned (with its integer value, if any).
    Returned(Option<i128>),
    /// The step limit was reached, or a loop that changes nothing would reach it.
    StepLimit,
    /// A failing `assume` or undefined behaviour.
    /// `unmodelled`: the interpreter does not model the operation (not a fact about C).
    Stuck { stmt: StmtId, reason: String, unmodelled: bool },
}

impl Outcome {
    /// Whether the run stopped at an `assume` whose condition is false (not at undefined
    /// behaviour, or a rejected address, while evaluating it).
    pub fn is_failed_assume(&self) -> bool {
        matches!(self, Outcome::Stuck { reason, unmodelled: false, .. } if reason.starts_with(ASSUME) && reason.ends_with(FAILED))
    }
}

/// How the reason of a failed `assume` reads: `assume(c) failed`.
const ASSUME: &str = "assume(";
const FAILED: &str = ") failed";

#[derive(Clone, Debug)]
pub struct Run {
    pub outcome: Outcome,
    /// The executed statements, in order.
    pub trace: Vec<StmtId>,
    /// The values the supplier gave, in order.
    pub inputs_used: Vec<i64>,
    /// The same values with why and where they were asked for (a test's inputs are read
    /// from them).
    pub choices: Vec<Choice>,
    /// The first undefined operation the run went through (signed overflow, a left shift of
    /// a negative value: gcc -O0 computes on; other undefined behaviour stops the run).
    pub undefined: Option<Undefined>,
}

/// One value a run asked for: the trace position of the statement (`usize::MAX` before the
/// first), why, the type and the value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    pub step: usize,
    pub ask: Ask,
    pub ty: Type,
    pub value: i64,
}

/// Run from the entry procedure with the values in `inputs` (then zeros).
pub fn run(p: &Program, inputs: &[i64], max_steps: u64) -> Run {
    let mut it = inputs.iter().copied();
    run_with(p, &mut |_t: &Type| it.next().unwrap_or(0), max_steps)
}

/// Run from the entry procedure, asking `nondet` for each nondeterministic value.
/// Heap allocations succeed (as they do in a run of the compiled program); other fallible
/// allocations (`fopen`…) fail when `nondet` gives 0.
pub fn run_with(p: &Program, nondet: &mut dyn FnMut(&Type) -> i64, max_steps: u64) -> Run {
    run_oracle(
        p,
        &mut |e: &Event| match e.ask {
            Ask::AllocFails { heap: true } => 0,
            Ask::AllocFails { heap: false } => (nondet(e.ty) == 0) as i64,
            _ => nondet(e.ty),
        },
        max_steps,
    )
}

/// Why the interpreter needs a value (see the module doc for the order of events).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ask {
    /// The i-th parameter of the entry procedure.
    EntryParam(usize),
    /// A `nondet` expression, or the result of an external function, at the current statement.
    Nondet,
    /// Whether an allocation that may fail returns NULL (answer non-zero), at the current
    /// statement; counted with [`Ask::Nondet`] among the statement's choices. `heap`: a heap
    /// allocator (see [`crate::pointsto::Allocation::heap`]).
    AllocFails { heap: bool },
    /// A read of a scalar that meets undefined bytes: the variable `(procedure, name, frame)`
    /// when the read is the whole variable (offset 0, its own type; `None` procedure for
    /// globals; frame `n` is the n-th call of the run, the entry's frame is 0), else `None`.
    Uninit(Option<(Option<String>, String, usize)>),
    /// A `goto` with several possible targets: the value picks one (index into the labels).
    Goto(Vec<Label>),
    /// A read of a scalar that meets undefined bytes inside the object an entry pointer
    /// parameter points to: the parameter's index and the read's byte offset within the
    /// object (the read's type is [`Event::ty`]).
    UninitParam { param: usize, off: u64 },
    /// A read of a scalar that meets undefined bytes inside the object of the `alloc`-th
    /// allocation: the read's byte offset within the object (its type is [`Event::ty`]), and
    /// `elem`, the pointee type of the pointer the read goes through (the allocation seen as
    /// an array of `elem`).
    UninitAlloc { alloc: usize, elem: Type, off: u64 },
    /// The integer value of a pointer (converted to an integer type, read as integer bytes,
    /// or compared with a pointer into another object), asked once per distinct non-NULL
    /// pointer in replays, in the order the run first needs them: objects have no fixed
    /// addresses, so the address is a choice, as in the logic. The answer must be the
    /// object's base (aligned, apart from the others, the same for every pointer into the
    /// object) plus the pointer's offset; 0 lets the interpreter make one up.
    Address,
}

/// The object a nondeterministic pointer value points into, as a replay oracle resolves
/// addresses (see [`Address`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Target {
    Global(String),
    /// A local of the `frame`-th call (the entry's frame is 0).
    Local {
        proc: String,
        var: String,
        frame: usize,
    },
    /// The object of the k-th allocator call of the run (0-based; fallible allocators count
    /// even when they return NULL), possibly one that has not happened yet.
    Alloc(usize),
    /// The object the entry procedure's `i`-th parameter (a pointer) points to (for `main`'s
    /// `argv`, the array of argument pointers).
    Param(usize),
}

/// A resolved address: an object and a byte offset within it (`&s.m` of a global `s` whose
/// `m` is not its first member, a mutex inside the object an entry parameter points to).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Address {
    pub target: Target,
    pub off: u64,
}

/// A request for a nondeterministic value: the statement being executed (its index in
/// [`Run::trace`], `usize::MAX` before the first statement), why, and the value's type.
#[derive(Clone, Debug)]
pub struct Event<'t> {
    pub step: usize,
    pub ask: Ask,
    pub ty: &'t Type,
}

/// Run from the entry procedure, answering each request with `oracle`, which sees why the
/// value is needed. Addresses are made up (no [`Ask::Address`]).
pub fn run_oracle(p: &Program, oracle: &mut dyn FnMut(&Event) -> i64, max_steps: u64) -> Run {
    exec(p, oracle, None, max_steps, None, &[])
}

/// Like [`run_oracle`], and a replay of a symbolic counterexample: a nondeterministic pointer
/// value that `resolve` maps to a variable becomes a pointer to it (the counterexample's
/// pointers are addresses), and addresses are asked for ([`Ask::Address`]).
pub fn run_replay(
    p: &Program,
    oracle: &mut dyn FnMut(&Event) -> i64,
    resolve: &dyn Fn(i64) -> Option<Address>,
    max_steps: u64,
) -> Run {
    exec(p, oracle, Some(resolve), max_steps, None, &[])
}

/// Sees each statement, and the state, before the statement runs.
pub type Observer<'a> = dyn FnMut(&Stmt, &mut dyn Peek) + 'a;

/// What an observer of a run may ask about the state before a statement runs.
pub trait Peek {
    /// The value of `e` in the current procedure's scope, or `None` when it reads something
    /// not yet chosen (an uninitialised variable, an address) or is not an integer.
    fn value(&mut self, e: &Expr) -> Option<i128>;
    /// The procedure running the statement.
    fn proc_name(&self) -> &str;
    /// How many values the run has asked for so far (inputs, uninitialised reads, addresses,
    /// allocation failures, branch choices): none means everything so far was determined.
    fn choices(&self) -> usize;
}

/// Like [`run_replay`] (a replay when `resolve` is given, else a plain run as
/// [`run_oracle`]), and `observe` sees every statement before it runs, with the state (the
/// under-approximation search stores abstract states this way).
pub fn run_observed<'a>(
    p: &'a Program,
    oracle: &'a mut dyn FnMut(&Event) -> i64,
    resolve: Option<&'a dyn Fn(i64) -> Option<Address>>,
    max_steps: u64,
    observe: &'a mut Observer<'a>,
) -> Run {
    exec(p, oracle, resolve, max_steps, Some(observe), &[])
}

/// Like [`run_observed`], with the pointer globals `fresh` (indices into `Program::globals`)
/// starting as pointers to fresh zero-filled objects of [`PARAM_ITEMS`] pointees instead of
/// their initial values: the state a client that set them up first leaves behind (asking
/// whether an error needs a global's initial NULL, `newton::null_from_outside`).
pub fn run_observed_fresh_globals<'a>(
    p: &'a Program,
    oracle: &'a mut dyn FnMut(&Event) -> i64,
    resolve: Option<&'a dyn Fn(i64) -> Option<Address>>,
    max_steps: u64,
    observe: &'a mut Observer<'a>,
    fresh: &[usize],
) -> Run {
    exec(p, oracle, resolve, max_steps, Some(observe), fresh)
}

fn exec<'a>(
    p: &'a Program,
    oracle: &'a mut dyn FnMut(&Event) -> i64,
    resolve: Option<&'a dyn Fn(i64) -> Option<Address>>,
    max_steps: u64,
    observe: Option<&'a mut Observer<'a>>,
    fresh: &[usize],
) -> Run {
    let mut m = Machine::new(p, oracle, resolve);
    m.observe = observe;
    m.fresh_globals = fresh.to_vec();
    let outcome = m.go(max_steps);
    Run { outcome, trace: m.trace, inputs_used: m.used, choices: m.choices, undefined: m.undefined }
}

impl Peek for Machine<'_> {
    fn value(&mut self, e: &Expr) -> Option<i128> {
        let proc = self.frames.last().map(|f| &self.p.procs[f.proc]);
        self.peeking = true;
        self.peek_failed = false;
        let v = self.eval(proc, e);
        self.peeking = false;
        match v {
            Ok(Value::Int(i)) if !self.peek_failed => Some(i),
            _ => None,
        }
    }
    fn proc_name(&self) -> &str {
        self.frames.last().map_or("", |f| self.p.procs[f.proc].name.as_str())
    }
    fn choices(&self) -> usize {
        self.used.len()
    }
}

/// One byte of memory: a concrete value (0–255), undefined, or fragment k of the pointer
/// with index `id` in the run's pointer table (`512 + (id << 3 | k)`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Byte(u32);

const UNDEF: Byte = Byte(256);
/// A byte a library call wrote that slam does not compute (`names::clobbered`,
/// `names::CLOBBERED_BYTES`): copied as it is, but a read of a value that has one stops the
/// run as unmodelled — the run goes on through the call and says nothing only where it
/// depends on what the call wrote.
const POISON: Byte = Byte(257);
const ZERO: Byte = Byte(0);
const FRAG: u32 = 512;

impl Byte {
    fn frag(id: u32, k: u32) -> Byte {
        Byte(FRAG + (id << 3 | k))
    }
    fn as_frag(self) -> Option<(u32, u32)> {
        (self.0 >= FRAG).then(|| ((self.0 - FRAG) >> 3, (self.0 - FRAG) & 7))
    }
}

/// The concrete little-endian value of `bytes`, when every byte is concrete.
fn concrete(bytes: &[Byte]) -> Option<u128> {
    let mut raw = 0u128;
    for (i, b) in bytes.iter().enumerate() {
        if b.0 >= 256 {
            return None;
        }
        raw |= (b.0 as u128) << (8 * i);
    }
    Some(raw)
}

/// A pointer value as memory stores it: into an object at a byte offset, or a function.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Pv {
    Obj(usize, i64),
    Func(usize),
}

/// A variable [`Machine::var`] found: its slot (or global index), whether a global, its name.
type CachedVar<'a> = (usize, bool, &'a str);

/// A runtime value.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Value {
    /// An integer, a float's bit pattern, or an integer used as a pointer (unsigned, of the
    /// pointer's width).
    Int(i128),
    /// A byte offset into an object (any offset: bounds are checked at accesses).
    Ptr { obj: usize, off: i64 },
    /// A function (index: procedures, then externs).
    Func(usize),
    /// The bytes of a struct or array.
    Bytes(Vec<Byte>),
}

impl Value {
    fn pv(&self) -> Option<Pv> {
        match *self {
            Value::Ptr { obj, off } => Some(Pv::Obj(obj, off)),
            Value::Func(f) => Some(Pv::Func(f)),
            _ => None,
        }
    }
    fn of_pv(pv: Pv) -> Value {
        match pv {
            Pv::Obj(obj, off) => Value::Ptr { obj, off },
            Pv::Func(f) => Value::Func(f),
        }
    }
}

/// Where an object's bytes are: not yet made (all `fill`), in the heap arena (globals,
/// allocations, parameter objects), or on the stack (locals of live frames).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Area {
    Lazy,
    Heap,
    Stack,
}

/// What an object is, for the questions about its undefined bytes and its address.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Origin {
    Global(usize),
    Local { frame: usize, slot: usize },
    Param(usize),
    Alloc(usize),
}

struct Object {
    area: Area,
    start: usize,
    len: u64,
    /// The bytes of a lazy object, and of an open one where it grows.
    fill: Byte,
    /// An object of unknown extent: it grows as it is accessed.
    open: bool,
    align: u64,
    /// The base address, once fixed (plain runs: at creation).
    base: Option<u64>,
    origin: Origin,
    /// A local of a frame that has returned.
    dead: bool,
}

struct Frame<'a> {
    proc: usize,
    pc: usize,
    /// The object of the frame's first variable (formals, then locals, one object each).
    first: usize,
    /// Where the caller wants the result (in the caller's frame).
    ret: Option<&'a Lval>,
    /// The stack arena's length before the frame.
    stack_mark: usize,
}

/// An lvalue's place: the object, the byte offset, the type, and for a bit-field its bit
/// offset within the byte at `off` and its width.
struct Place<'e> {
    obj: usize,
    off: i64,
    ty: Cow<'e, Type>,
    bits: Option<(u32, u32)>,
}

/// Why a run is stuck; `unmodelled` when the interpreter does not model the operation (the
/// run says nothing about the C program then).
struct Stuck(String, bool);

impl Stuck {
    fn new(reason: impl Into<String>) -> Self {
        Stuck(reason.into(), false)
    }
    fn unmodelled(reason: impl Into<String>) -> Self {
        Stuck(reason.into(), true)
    }
}

type R<T> = Result<T, Stuck>;

static BOOL: Type = Type::Bool;
static INT: Type = Type::INT;

/// The element (or pointee) type of an array (or pointer) type, kept borrowed when it was.
fn elem_of(t: Cow<'_, Type>) -> Option<Cow<'_, Type>> {
    match t {
        Cow::Borrowed(Type::Array(e, _) | Type::Ptr(e)) => Some(Cow::Borrowed(e)),
        Cow::Owned(Type::Array(e, _) | Type::Ptr(e)) => Some(Cow::Owned(*e)),
        _ => None,
    }
}

/// Made-up addresses of plain runs start here (functions below, at [`FUNC_ADDR`] + 16 k).
const FIRST_ADDR: u64 = 0x0100_0000;
const FUNC_ADDR: u64 = 0x1000;
/// Made-up addresses of replays (where the model leaves one open) start here.
const REPLAY_ADDR_64: u64 = 0x7e00_0000_0000;
const REPLAY_ADDR_32: u64 = 0xb000_0000;
/// The room a made-up address leaves for an object of open extent.
const OPEN_ROOM: u64 = 1 << 20;
/// The gap between made-up objects (so that one past the end of one is no other's start).
const GAP: u64 = 16;

fn align_up(a: u64, align: u64) -> u64 {
    a.div_ceil(align.max(1)) * align.max(1)
}

/// `main`'s `argc` when the interpreter builds `argv` for it (0 to [`PARAM_ITEMS`]).
fn main_argc(args: &[Option<Value>]) -> Option<u64> {
    match args.first() {
        Some(Some(Value::Int(n))) if (0..=PARAM_ITEMS as i128).contains(n) => Some(*n as u64),
        _ => None,
    }
}

fn is_signed_int(t: &Type) -> bool {
    matches!(t, Type::Int { signed: true, .. })
}

pub fn wrap(v: i128, t: &Type) -> i128 {
    match t {
        Type::Bool => (v != 0) as i128,
        Type::Int { bits: 0, .. } => 0,
        Type::Int { bits, signed } if *bits < 128 => {
            // the low `bits` bits, sign- or zero-extended (two's complement)
            let sh = 128 - *bits as u32;
            if *signed {
                (v << sh) >> sh
            } else {
                (((v as u128) << sh) >> sh) as i128
            }
        }
        // a float's value is its bit pattern
        Type::Float { bits: 32 } => v & 0xffff_ffff,
        Type::Float { .. } => v & 0xffff_ffff_ffff_ffff,
        _ => v,
    }
}

/// A floating-point value of the interpreter: `float` and `double` (`long double`, the x87
/// format, is not modelled).
#[derive(Clone, Copy, Debug)]
enum Fp {
    F32(f32),
    F64(f64),
}

impl Fp {
    fn of(bits: i128, t: &Type) -> R<Fp> {
        match t {
            Type::Float { bits: 32 } => Ok(Fp::F32(f32::from_bits(bits as u32))),
            Type::Float { bits: 64 } => Ok(Fp::F64(f64::from_bits(bits as u64))),
            _ => Err(Stuck("long double arithmetic is not modelled".into(), true)),
        }
    }
    fn bits(self) -> i128 {
        match self {
            Fp::F32(x) => x.to_bits() as i128,
            Fp::F64(x) => x.to_bits() as i128,
        }
    }
    /// The value as a double (exact: every float is a double).
    fn wide(self) -> f64 {
        match self {
            Fp::F32(x) => x as f64,
            Fp::F64(x) => x,
        }
    }
}

/// `op` on constant operands, as a run computes it (`None` where a run would stop): the
/// front end folds constant expressions with it.
pub fn fold_float(op: FloatOp, from: Option<&Type>, to: &Type, xs: &[i128]) -> Option<i128> {
    float_op(op, from, to, xs).ok()
}

/// `op` on the bit patterns `xs` of operands of type `from` (the first operand's), giving a
/// value of type `to`: IEEE arithmetic in the operands' format, rounding to nearest (what
/// SSE does), conversions to integers truncating toward zero.
fn float_op(op: FloatOp, from: Option<&Type>, to: &Type, xs: &[i128]) -> R<i128> {
    if let FloatOp::Lit(bits) = op {
        // (a `long double` constant is only copied: every operation on it stops the run)
        return Ok(bits as i128);
    }
    let from = from.ok_or_else(|| Stuck::new("ill-typed floating-point operand"))?;
    let x = *xs.first().ok_or_else(|| Stuck::new("floating-point operation without operand"))?;
    if op == FloatOp::Conv {
        return float_conv(x, from, to);
    }
    let a = Fp::of(x, from)?;
    if op.is_unary() {
        return Ok(unary_float(op, a).bits());
    }
    let b = Fp::of(*xs.get(1).ok_or_else(|| Stuck::new("floating-point operation without operand"))?, from)?;
    if op.is_comparison() {
        let (a, b) = (a.wide(), b.wide());
        let r = match op {
            FloatOp::Eq => a == b,
            FloatOp::Ne => a != b,
            FloatOp::Lt => a < b,
            FloatOp::Le => a <= b,
            FloatOp::Gt => a > b,
            _ => a >= b,
        };
        return Ok(r as i128);
    }
    let r = match (a, b) {
        (Fp::F32(a), Fp::F32(b)) => Fp::F32(match op {
            FloatOp::Add => a + b,
            FloatOp::Sub => a - b,
            FloatOp::Mul => a * b,
            _ => a / b,
        }),
        (Fp::F64(a), Fp::F64(b)) => Fp::F64(match op {
            FloatOp::Add => a + b,
            FloatOp::Sub => a - b,
            FloatOp::Mul => a * b,
            _ => a / b,
        }),
        _ => return Err(Stuck::new("floating-point operands of different types")),
    };
    Ok(r.bits())
}

/// A one-operand operation as gcc -O0 and glibc compute it on x86-64. NaNs are spelled out
/// (the operand made quiet; `sqrt` of a negative number the SSE unit's default NaN) rather
/// than left to the host's arithmetic.
fn unary_float(op: FloatOp, a: Fp) -> Fp {
    macro_rules! each {
        ($x:expr, $t:ty, $sign:expr, $quiet:expr, $default:expr) => {{
            let x: $t = $x;
            let bits = x.to_bits();
            if op == FloatOp::Neg {
                <$t>::from_bits(bits ^ $sign)
            } else if op == FloatOp::Abs {
                <$t>::from_bits(bits & !$sign)
            } else if x.is_nan() {
                <$t>::from_bits(bits | $quiet)
            } else {
                match op {
                    FloatOp::Sqrt if x < 0.0 => <$t>::from_bits($default),
                    FloatOp::Sqrt => x.sqrt(),
                    FloatOp::Trunc => x.trunc(),
                    FloatOp::Floor => x.floor(),
                    FloatOp::Ceil => x.ceil(),
                    _ => x.round(),
                }
            }
        }};
    }
    match a {
        Fp::F32(x) => Fp::F32(each!(x, f32, 1 << 31, 1 << 22, 0xffc0_0000)),
        Fp::F64(x) => Fp::F64(each!(x, f64, 1 << 63, 1 << 51, 0xfff8_0000_0000_0000)),
    }
}

/// The conversion of `x` (a value of `from`) to `to`. A floating value whose integral part
/// the integer type cannot hold is undefined behaviour in C (gcc gives an "indefinite"
/// value): the run stops there rather than invent one.
fn float_conv(x: i128, from: &Type, to: &Type) -> R<i128> {
    match (from, to) {
        (Type::Float { .. }, Type::Float { .. }) => Ok(match (Fp::of(x, from)?, Fp::of(0, to)?) {
            (Fp::F32(v), Fp::F64(_)) => (v as f64).to_bits() as i128,
            (Fp::F64(v), Fp::F32(_)) => (v as f32).to_bits() as i128,
            (v, _) => v.bits(),
        }),
        (Type::Int { bits, .. }, Type::Float { .. }) if *bits <= 64 => {
            // the integer is exact in i128; Rust's conversion rounds to nearest, ties to even
            Ok(match Fp::of(0, to)? {
                Fp::F32(_) => (x as f32).to_bits() as i128,
                Fp::F64(_) => (x as f64).to_bits() as i128,
            })
        }
        (Type::Bool, Type::Float { .. }) => float_conv((x != 0) as i128, &Type::INT, to),
        (Type::Float { .. }, Type::Bool) => Ok((Fp::of(x, from)?.wide() != 0.0) as i128),
        (Type::Float { .. }, Type::Int { bits, signed }) if *bits <= 64 => {
            let v = Fp::of(x, from)?.wide().trunc();
            let (lo, hi) = if *signed {
                (-(2f64.powi(*bits as i32 - 1)), 2f64.powi(*bits as i32 - 1))
            } else {
                (0.0, 2f64.powi(*bits as i32))
            };
            if v.is_nan() || v < lo || v >= hi {
                return Err(Stuck(
                    format!("the floating-point value {v} does not fit {}", crate::print::type_str(to)),
                    true,
                ));
            }
            Ok(v as i128)
        }
        _ => Err(Stuck(
            format!("conversion of {} to {} is not modelled", crate::print::type_str(from), crate::print::type_str(to)),
            true,
        )),
    }
}

struct Machine<'a> {
    p: &'a Program,
    lay: Layouts<'a>,
    /// The size of a pointer in bytes, and the mask of its width.
    ptr_size: u64,
    ptr_mask: u64,
    nondet: &'a mut dyn FnMut(&Event) -> i64,
    /// A replay: nondeterministic pointers resolved, addresses asked for.
    resolve: Option<&'a dyn Fn(i64) -> Option<Address>>,
    objects: Vec<Object>,
    heap: Vec<Byte>,
    stack: Vec<Byte>,
    /// The pointers stored in memory (fragments name them by index), and their indices.
    ptrs: Vec<Pv>,
    ptr_ids: FxMap<Pv, u32>,
    globals: FxMap<&'a str, usize>,
    frames: Vec<Frame<'a>>,
    /// Per frame number: the procedure and the object of its first variable.
    frame_objs: Vec<(usize, usize)>,
    /// Per procedure (made at its first call): its labels, and its variables' slots.
    labels: Vec<Option<HashMap<&'a str, usize>>>,
    slots: Vec<Option<FxMap<&'a str, usize>>>,
    procs: FxMap<&'a str, usize>,
    /// Allocator calls so far, and the objects of allocations (made early when a pointer
    /// value named one before it happened).
    alloc_calls: usize,
    allocs: HashMap<usize, usize>,
    /// Per entry parameter: the object it points to (pointer parameters).
    params: Vec<Option<usize>>,
    /// The next made-up address.
    next_addr: u64,
    /// Variables by the address of their name in an expression and the procedure running
    /// (see [`Machine::var`]): slot (or global index), whether a global, the name.
    var_cache: std::cell::RefCell<FxMap<(usize, usize), CachedVar<'a>>>,
    /// Replays: the objects whose base the run fixed, by base.
    fixed: BTreeMap<u64, usize>,
    /// Replays: the address of each pointer converted so far.
    addr_of: FxMap<Pv, u64>,
    /// Function addresses handed out, for conversions back.
    func_at: HashMap<u64, usize>,
    trace: Vec<StmtId>,
    used: Vec<i64>,
    choices: Vec<Choice>,
    /// Called before each statement (see [`run_observed`]).
    observe: Option<&'a mut Observer<'a>>,
    /// An observer is evaluating: no choice may be asked or remembered.
    peeking: bool,
    peek_failed: bool,
    /// The first undefined operation of the run.
    undefined: Option<Undefined>,
    /// Counts every change of the run's state a statement can make besides its position:
    /// writes to memory, new objects, calls, answers. A loop whose back edge sees the same
    /// count (and the same number of addresses handed out) twice in one frame changed
    /// nothing in a round, so it never ends ([`Machine::go`]).
    changes: u64,
    /// Pointer globals that start pointing to fresh objects ([`run_observed_fresh_globals`]).
    fresh_globals: Vec<usize>,
}

impl<'a> Machine<'a> {
    fn new(
        p: &'a Program,
        nondet: &'a mut dyn FnMut(&Event) -> i64,
        resolve: Option<&'a dyn Fn(i64) -> Option<Address>>,
    ) -> Self {
        let ptr_size = crate::layout::ptr_bytes(p);
        let next_addr = match (resolve.is_some(), ptr_size) {
            (false, _) => FIRST_ADDR,
            (true, 8) => REPLAY_ADDR_64,
            (true, _) => REPLAY_ADDR_32,
        };
        let mut m = Machine {
            p,
            lay: Layouts::new(p),
            ptr_size,
            ptr_mask: if ptr_size >= 8 { u64::MAX } else { (1u64 << (8 * ptr_size)) - 1 },
            nondet,
            resolve,
            objects: Vec::new(),
            heap: Vec::new(),
            stack: Vec::new(),
            ptrs: Vec::new(),
            ptr_ids: FxMap::default(),
            globals: FxMap::default(),
            frames: vec![],
            frame_objs: vec![],
            labels: vec![None; p.procs.len()],
            slots: vec![None; p.procs.len()],
            procs: p.procs.iter().enumerate().map(|(i, pr)| (pr.name.as_str(), i)).collect(),
            alloc_calls: 0,
            allocs: HashMap::new(),
            params: Vec::new(),
            next_addr,
            var_cache: Default::default(),
            fixed: BTreeMap::new(),
            addr_of: FxMap::default(),
            func_at: HashMap::new(),
            trace: vec![],
            used: vec![],
            choices: vec![],
            observe: None,
            peeking: false,
            peek_failed: false,
            undefined: None,
            changes: 0,
            fresh_globals: vec![],
        };
        for (i, g) in p.globals.iter().enumerate() {
            // unknown contents (an `extern` defined elsewhere) are undefined past the leaves
            let fill = if Type::is_unknown_aggregate(&g.init, &g.ty) { UNDEF } else { ZERO };
            let size = m.lay.size_of(&g.ty);
            let align = m.lay.align_of(&g.ty).unwrap_or(MALLOC_ALIGN);
            let align = align.max(p.declared_align(None, &g.name).unwrap_or(1));
            m.new_object(size, fill, align, Origin::Global(i), Area::Lazy);
            m.globals.entry(g.name.as_str()).or_insert(i);
        }
        m
    }

    /// `main`'s `argv` for `argc` arguments: `argc` pointers to the string `slam` (what the
    /// compiled run of a confirmation is given) and a NULL pointer.
    fn argv(&mut self, argc: u64, elem: &Type) -> R<Value> {
        let psize = self.ptr_size;
        let arr = self.new_object(Some((argc + 1) * psize), ZERO, psize, Origin::Param(1), Area::Lazy);
        for k in 0..argc {
            let s = self.new_object(Some(5), ZERO, 1, Origin::Param(1), Area::Lazy);
            for (j, b) in b"slam".iter().enumerate() {
                let pl = Place { obj: s, off: j as i64, ty: Cow::Owned(Type::CHAR), bits: None };
                self.store(&pl, Value::Int(*b as i128))?;
            }
            let pl = Place { obj: arr, off: (k * psize) as i64, ty: Cow::Owned(elem.clone()), bits: None };
            self.store(&pl, Value::Ptr { obj: s, off: 0 })?;
        }
        Ok(Value::Ptr { obj: arr, off: 0 })
    }

    /// Remember the first undefined operation of the run (not while an observer peeks).
    fn undefined(&mut self, kind: UbKind, e: &Expr) {
        if self.peeking || self.undefined.is_some() {
            return;
        }
        let Some(&stmt) = self.trace.last() else { return };
        let visit = self.trace.iter().filter(|&&s| s == stmt).count() - 1;
        self.undefined = Some(Undefined { stmt, visit, kind, what: crate::print_expr(e) });
    }

    /// A new object of `size` bytes (`None`: open extent), all `fill`.
    fn new_object(&mut self, size: Option<u64>, fill: Byte, align: u64, origin: Origin, area: Area) -> usize {
        self.changes += 1;
        let len = size.unwrap_or(0);
        let mut o = Object {
            area,
            start: 0,
            len,
            fill,
            open: size.is_none(),
            align: align.max(1),
            base: None,
            origin,
            dead: false,
        };
        match area {
            Area::Stack => {
                o.start = self.stack.len();
                self.stack.resize(o.start + len as usize, fill);
            }
            Area::Heap => {
                o.start = self.heap.len();
                self.heap.resize(o.start + len as usize, fill);
            }
            Area::Lazy => {}
        }
        if self.resolve.is_none() {
            o.base = Some(self.made_up_base(&o));
        }
        self.objects.push(o);
        self.objects.len() - 1
    }

    /// A fresh made-up base for `o`: aligned, above every address made up so far.
    fn made_up_base(&mut self, o: &Object) -> u64 {
        let base = align_up(self.next_addr, o.align.max(MALLOC_ALIGN));
        let room = if o.open { OPEN_ROOM.max(o.len) } else { o.len };
        self.next_addr = base + room + GAP;
        base
    }

    fn ask(&mut self, t: &Type, ask: Ask) -> i64 {
        if self.peeking {
            // An observer's question must not consume the run's choices.
            self.peek_failed = true;
            return 0;
        }
        self.changes += 1;
        // Before the first statement (globals' initialisers, entry parameters): usize::MAX.
        let step = self.trace.len().checked_sub(1).unwrap_or(usize::MAX);
        let v = (self.nondet)(&Event { step, ask: ask.clone(), ty: t });
        self.used.push(v);
        self.choices.push(Choice { step, ask, ty: t.clone(), value: v });
        v
    }

    /// A nondeterministic value of type `t`; in replays a pointer becomes a pointer to the
    /// start of the global, local or allocation it resolves to (else it is an integer).
    fn nondet_value(&mut self, t: &Type, ask: Ask) -> Value {
        self.nondet_value_at(t, ask, false)
    }

    /// [`Machine::nondet_value`]; `anywhere`: a replayed pointer may also point into an object
    /// (a byte offset) and to the object of an entry parameter. Only a `nondet` expression's
    /// pointer goes anywhere (the rule's prophecy of its tracked object, `slic_obj :=
    /// nondet`, is one): a pointer read from an object of unknown contents or returned by a
    /// function without a body that pointed into an entry parameter's object would alias
    /// what the entry's caller cannot be assumed to have built.
    fn nondet_value_at(&mut self, t: &Type, ask: Ask, anywhere: bool) -> Value {
        let v = self.ask(t, ask) as i128;
        match t {
            Type::Ptr(_) if v == 0 => Value::Int(0),
            Type::Ptr(_) if self.resolve.is_some() => {
                let a = self.resolve.and_then(|r| r(v as i64));
                let a = a.filter(|a| anywhere || (a.off == 0 && !matches!(a.target, Target::Param(_))));
                match a.and_then(|a| self.resolved(a)) {
                    Some((obj, off)) => Value::Ptr { obj, off },
                    None => Value::Int(v & self.ptr_mask as i128),
                }
            }
            Type::Ptr(_) => Value::Int(v & self.ptr_mask as i128),
            t => Value::Int(wrap(v, t)),
        }
    }

    /// The object and offset of a resolved address: `None` when the object does not exist
    /// (a frame not entered, a parameter that is no pointer) or the offset is past its end.
    fn resolved(&mut self, a: Address) -> Option<(usize, i64)> {
        let obj = match a.target {
            Target::Global(g) => self.globals.get(g.as_str()).copied(),
            Target::Local { proc, var, frame } => self.frame_var(&proc, &var, frame),
            Target::Alloc(k) => Some(self.alloc_object(k)),
            Target::Param(i) => self.params.get(i).copied().flatten(),
        }?;
        let o = &self.objects[obj];
        (o.open || a.off < o.len.max(1)).then_some((obj, a.off as i64))
    }

    /// The object of variable `var` of the `frame`-th call, a call of `proc`.
    fn frame_var(&self, proc: &str, var: &str, frame: usize) -> Option<usize> {
        let &(pi, first) = self.frame_objs.get(frame)?;
        let pr = &self.p.procs[pi];
        if pr.name != proc {
            return None;
        }
        let slot = pr.formals.iter().chain(&pr.locals).position(|v| v.name == var)?;
        Some(first + slot)
    }

    /// Global `i`'s initial contents (its object is all zero, or undefined for unknown
    /// contents).
    fn init_global(&mut self, i: usize) -> R<()> {
        let g = &self.p.globals[i];
        if Type::is_unknown_aggregate(&g.init, &g.ty) {
            return self.unknown_aggregate(i, 0, &g.ty);
        }
        self.init_at(i, 0, &g.init, &g.ty)
    }

    /// Initialiser `init` of a `ty` at byte `off` of object `obj` (zero before).
    fn init_at(&mut self, obj: usize, off: i64, init: &'a Init, ty: &'a Type) -> R<()> {
        match init {
            Init::Zero => Ok(()),
            Init::Expr(e) => {
                let v = self.eval(None, e)?;
                if matches!(v, Value::Int(0)) && ty.is_aggregate() {
                    return Ok(());
                }
                self.store(&Place { obj, off, ty: Cow::Borrowed(ty), bits: None }, v)
            }
            Init::List(items) => match ty {
                Type::Struct(s) => {
                    let Some(d) = self.lay.struct_def(s) else {
                        return Err(Stuck::unmodelled(format!("struct {s} has no definition")));
                    };
                    for (it, f) in items.iter().zip(&d.fields) {
                        if d.is_union && crate::unions::is_zero(it) {
                            continue;
                        }
                        let Some((_, bit, fty, width)) = self.lay.field(s, &f.name) else {
                            return Err(Stuck::unmodelled(format!("the layout of struct {s} is unknown")));
                        };
                        let off = off + (bit / 8) as i64;
                        match (width, it) {
                            (Some(w), Init::Expr(e)) => {
                                let v = self.eval(None, e)?;
                                let pl = Place { obj, off, ty: Cow::Borrowed(fty), bits: Some(((bit % 8) as u32, w)) };
                                self.store(&pl, v)?;
                            }
                            _ => self.init_at(obj, off, it, fty)?,
                        }
                    }
                    Ok(())
                }
                Type::Array(e, _) => {
                    let size = self.size(e)? as i64;
                    for (k, it) in items.iter().enumerate() {
                        self.init_at(obj, off + k as i64 * size, it, e)?;
                    }
                    Ok(())
                }
                _ => Err(Stuck::new("an initialiser list for a scalar")),
            },
        }
    }

    /// Unknown contents of an aggregate (an `extern` global defined elsewhere): every scalar
    /// leaf from the oracle, fields and items in order (as `logic` makes them); unions zero.
    fn unknown_aggregate(&mut self, obj: usize, off: i64, ty: &'a Type) -> R<()> {
        match ty {
            Type::Struct(s) => match self.lay.struct_def(s) {
                Some(d) if !d.is_union => {
                    for f in &d.fields {
                        let Some((_, bit, fty, width)) = self.lay.field(s, &f.name) else {
                            return Err(Stuck::unmodelled(format!("the layout of struct {s} is unknown")));
                        };
                        let off = off + (bit / 8) as i64;
                        match width {
                            Some(w) => {
                                let v = self.nondet_value(fty, Ask::Nondet);
                                let pl = Place { obj, off, ty: Cow::Borrowed(fty), bits: Some(((bit % 8) as u32, w)) };
                                self.store(&pl, v)?;
                            }
                            None => self.unknown_aggregate(obj, off, fty)?,
                        }
                    }
                    Ok(())
                }
                Some(_) => {
                    let n = self.size(ty)?;
                    self.store(
                        &Place { obj, off, ty: Cow::Borrowed(ty), bits: None },
                        Value::Bytes(vec![ZERO; n as usize]),
                    )
                }
                None => Ok(()),
            },
            Type::Array(e, Some(n)) => {
                let size = self.size(e)? as i64;
                for k in 0..*n as i64 {
                    self.unknown_aggregate(obj, off + k * size, e)?;
                }
                Ok(())
            }
            Type::Array(_, None) => Ok(()),
            t if t.is_scalar() => {
                let v = self.nondet_value(t, Ask::Nondet);
                self.store(&Place { obj, off, ty: Cow::Borrowed(t), bits: None }, v)
            }
            _ => Ok(()),
        }
    }

    fn go(&mut self, max_steps: u64) -> Outcome {
        for i in 0..self.p.globals.len() {
            if let Err(Stuck(reason, unmodelled)) = self.init_global(i) {
                return Outcome::Stuck { stmt: StmtId(u32::MAX), reason, unmodelled };
            }
        }
        for i in std::mem::take(&mut self.fresh_globals) {
            let p = self.p;
            let Some(Type::Ptr(t)) = p.globals.get(i).map(|g| &g.ty) else { continue };
            let size = self.lay.size_of(t).map(|s| s.max(1) * PARAM_ITEMS).filter(|&s| s <= MAX_OBJECT);
            let align = self.lay.align_of(t).unwrap_or(MALLOC_ALIGN);
            let o = self.new_object(Some(size.unwrap_or(PARAM_ITEMS)), ZERO, align, Origin::Global(i), Area::Lazy);
            let place = Place { obj: i, off: 0, ty: Cow::Borrowed(&p.globals[i].ty), bits: None };
            if let Err(Stuck(reason, unmodelled)) = self.store(&place, Value::Ptr { obj: o, off: 0 }) {
                return Outcome::Stuck { stmt: StmtId(u32::MAX), reason, unmodelled };
            }
        }
        let Some(&entry) = self.procs.get(self.p.entry.as_str()) else {
            return Outcome::Stuck { stmt: StmtId(u32::MAX), reason: "no entry procedure".into(), unmodelled: false };
        };
        let ep = &self.p.procs[entry];
        let mut args: Vec<Option<Value>> = vec![];
        for (i, f) in ep.formals.iter().enumerate() {
            let v = match &f.ty {
                // main's argv, as the compiled run of `slam check --confirm exec` gets it (for
                // up to PARAM_ITEMS arguments; more: an object of unknown contents, as any
                // pointer parameter's)
                Type::Ptr(t) if i == 1 && ep.name == "main" && t.is_pointer() && main_argc(&args).is_some() => {
                    match self.argv(main_argc(&args).unwrap_or(0), t) {
                        Ok(v) => Some(v),
                        Err(Stuck(reason, unmodelled)) => {
                            return Outcome::Stuck { stmt: StmtId(u32::MAX), reason, unmodelled }
                        }
                    }
                }
                Type::Ptr(t) => {
                    let size = self.lay.size_of(t).map(|s| s.max(1) * PARAM_ITEMS).filter(|&s| s <= MAX_OBJECT);
                    let align = self.lay.align_of(t).unwrap_or(MALLOC_ALIGN);
                    let o = self.new_object(size, UNDEF, align, Origin::Param(i), Area::Lazy);
                    Some(Value::Ptr { obj: o, off: 0 })
                }
                t if t.is_scalar() => Some(self.nondet_value(t, Ask::EntryParam(i))),
                _ => None,
            };
            self.params.push(match &v {
                Some(Value::Ptr { obj, .. }) => Some(*obj),
                _ => None,
            });
            args.push(v);
        }
        if let Err(Stuck(reason, unmodelled)) = self.push_frame(entry, args, None) {
            return Outcome::Stuck { stmt: StmtId(u32::MAX), reason, unmodelled };
        }
        let mut steps = 0;
        // the last jump back: (frame depth, loop head, the state's change count, addresses
        // handed out) — a round of a loop ends with one, and a round that changed nothing
        // ends with the same one again (a loop inside a round that changes nothing is such a
        // loop itself)
        let mut last_back: Option<(usize, usize, u64, usize)> = None;
        loop {
            if steps >= max_steps {
                return Outcome::StepLimit;
            }
            steps += 1;
            let fr = self.frames.last().unwrap();
            let (depth, pc) = (self.frames.len(), fr.pc);
            let proc = &self.p.procs[fr.proc];
            let Some(stmt) = proc.body.get(fr.pc) else {
                // falling off the end: a return without value
                if let Some(o) = self.do_return(None) {
                    return o;
                }
                continue;
            };
            if let Some(obs) = self.observe.take() {
                obs(stmt, self);
                self.observe = Some(obs);
            }
            self.trace.push(stmt.id);
            if matches!(stmt.kind, StmtKind::Call { .. }) {
                self.changes += 1;
            }
            match self.step(proc, stmt) {
                Ok(Some(o)) => return o,
                Ok(None) => {}
                Err(Stuck(reason, unmodelled)) => return Outcome::Stuck { stmt: stmt.id, reason, unmodelled },
            }
            // A back edge: a round of a loop that changed no state (a busy wait on memory
            // nothing in the run writes) repeats for ever; the run would end at the step
            // limit, so it ends there now.
            if self.frames.len() == depth && self.frames.last().is_some_and(|f| f.pc <= pc) {
                let head = self.frames.last().map_or(0, |f| f.pc);
                let now = Some((depth, head, self.changes, self.addr_of.len()));
                if last_back == now {
                    return Outcome::StepLimit;
                }
                last_back = now;
            }
        }
    }

    /// A call of procedure `pi` with the values of its formals (`None`: undefined).
    fn push_frame(&mut self, pi: usize, args: Vec<Option<Value>>, ret: Option<&'a Lval>) -> R<()> {
        self.changes += 1;
        let pr = &self.p.procs[pi];
        if self.slots[pi].is_none() {
            let mut slots = FxMap::default();
            for (k, v) in pr.formals.iter().chain(&pr.locals).enumerate() {
                slots.entry(v.name.as_str()).or_insert(k);
            }
            self.slots[pi] = Some(slots);
            self.labels[pi] = Some(pr.label_map());
        }
        let frame = self.frame_objs.len();
        let first = self.objects.len();
        let stack_mark = self.stack.len();
        self.frame_objs.push((pi, first));
        for (slot, v) in pr.formals.iter().chain(&pr.locals).enumerate() {
            let (size, align) = match self.lay.size_align(&v.ty) {
                Some((s, a)) if s <= MAX_OBJECT => (Some(s), a),
                Some((s, _)) => return Err(Stuck::unmodelled(format!("a variable of {s} bytes is not modelled"))),
                None => (None, MALLOC_ALIGN),
            };
            let align = align.max(self.p.declared_align(Some(&pr.name), &v.name).unwrap_or(1));
            let area = if size.is_some() { Area::Stack } else { Area::Lazy };
            self.new_object(size, UNDEF, align, Origin::Local { frame, slot }, area);
        }
        self.frames.push(Frame { proc: pi, pc: 0, first, ret, stack_mark });
        for (k, (f, a)) in pr.formals.iter().zip(args).enumerate() {
            if let Some(a) = a {
                self.store(&Place { obj: first + k, off: 0, ty: Cow::Borrowed(&f.ty), bits: None }, a)?;
            }
        }
        Ok(())
    }

    /// Pop the current frame; `Some` when the entry procedure returned.
    fn do_return(&mut self, v: Option<Value>) -> Option<Outcome> {
        let fr = self.frames.pop().unwrap();
        if self.frames.is_empty() {
            let val = match v {
                Some(Value::Int(i)) => Some(i),
                _ => None,
            };
            return Some(Outcome::Returned(val));
        }
        // the frame's locals end: their bytes go, a later access is stuck
        let n = self.p.procs[fr.proc].formals.len() + self.p.procs[fr.proc].locals.len();
        for o in &mut self.objects[fr.first..fr.first + n] {
            o.dead = true;
        }
        self.stack.truncate(fr.stack_mark);
        if let (Some(lv), Some(v)) = (fr.ret, v) {
            let caller = &self.p.procs[self.frames.last().unwrap().proc];
            let r = self.place(Some(caller), lv, false).and_then(|pl| self.store(&pl, v));
            if let Err(Stuck(reason, unmodelled)) = r {
                let id = caller.body[self.frames.last().unwrap().pc].id;
                return Some(Outcome::Stuck { stmt: id, reason, unmodelled });
            }
        }
        self.frames.last_mut().unwrap().pc += 1;
        None
    }

    fn step(&mut self, proc: &'a Proc, s: &'a Stmt) -> R<Option<Outcome>> {
        let pp = Some(proc);
        match &s.kind {
            StmtKind::Assign(l, e) => {
                let v = self.eval(pp, e)?;
                let pl = self.place(pp, l, false)?;
                self.store(&pl, v)?;
            }
            StmtKind::Call { ret, callee, args } if crate::names::is_clobbered(callee) => {
                // `x := __slam_clobbered_T(x)`: x's bytes become POISON (its old value is not
                // read). The choice is asked (and ignored) like any external result, so the
                // choices stay aligned with Newton's.
                if let Some(l) = ret {
                    let t = self.lval_ty(pp, l).map(|t| t.into_owned()).unwrap_or(Type::INT);
                    let _ = self.nondet_value(&t, Ask::Nondet);
                    let pl = self.place(pp, l, false)?;
                    let n = match pl.bits {
                        Some((b, w)) => (b + w).div_ceil(8) as u64,
                        None => self.size(&pl.ty)?,
                    };
                    self.poison(pl.obj, pl.off, n, false)?;
                }
            }
            StmtKind::Call { callee, args, .. } if callee == crate::names::CLOBBERED_BYTES && args.len() == 2 => {
                // the extent a clobber loop may write: POISON up to `n` bytes from `p` (to the
                // object's end: a real write past it is the program's undefined behaviour)
                let (p, n) = (self.eval(pp, &args[0])?, self.eval(pp, &args[1])?);
                match (p, n) {
                    (Value::Ptr { obj, off }, Value::Int(n)) if n >= 0 => self.poison(obj, off, n as u64, true)?,
                    _ => return Err(Stuck::unmodelled("a value a library call wrote, which slam does not compute")),
                }
            }
            StmtKind::Call { ret, callee, args } => {
                let mut vals = Vec::with_capacity(args.len());
                for a in args {
                    vals.push(self.eval(pp, a)?);
                }
                if let Some(&pi) = self.procs.get(callee.as_str()) {
                    self.push_frame(pi, vals.into_iter().map(Some).collect(), ret.as_ref())?;
                    return Ok(None);
                }
                let ret_ty = ret.as_ref().and_then(|l| self.lval_ty(pp, l));
                let rv = self.call_extern(callee, &vals, ret_ty.as_deref())?;
                if let (Some(l), Some(v)) = (ret, rv) {
                    let pl = self.place(pp, l, false)?;
                    self.store(&pl, v)?;
                }
            }
            StmtKind::Return(e) => {
                let v = match e {
                    Some(e) => Some(self.eval(pp, e)?),
                    None => None,
                };
                return Ok(self.do_return(v));
            }
            StmtKind::Assume(e) => {
                if !self.truth(pp, e)? {
                    return Err(Stuck::new(format!("{ASSUME}{}{FAILED}", print_expr(e))));
                }
            }
            StmtKind::Goto(ls) => {
                let mut cands = vec![];
                if let [l] = ls.as_slice() {
                    // one target: no choice to make (its assumes decide when they run)
                    cands.push(self.label_index(l)?);
                } else {
                    for l in ls {
                        let t = self.label_index(l)?;
                        if self.target_feasible(pp, proc, t, 0)? {
                            cands.push(t);
                        }
                    }
                }
                let t = match cands.len() {
                    // every target blocked: the path the run took is infeasible
                    0 => return Err(Stuck::new(format!("{ASSUME}a target of goto {}{FAILED}", ls.join(", ")))),
                    1 => cands[0],
                    n => {
                        let labels =
                            cands.iter().map(|&t| proc.body[t].labels.first().cloned().unwrap_or_default()).collect();
                        let v = self.ask(&Type::INT, Ask::Goto(labels));
                        cands[(v.rem_euclid(n as i64)) as usize]
                    }
                };
                self.frames.last_mut().unwrap().pc = t;
                return Ok(None);
            }
            StmtKind::Skip => {}
            StmtKind::Error(m) => return Ok(Some(Outcome::Error { stmt: s.id, msg: m.clone() })),
            StmtKind::Halt => return Ok(Some(Outcome::Halt { stmt: s.id })),
        }
        self.frames.last_mut().unwrap().pc += 1;
        Ok(None)
    }

    /// The position of label `l` in the running procedure's body.
    fn label_index(&self, l: &str) -> R<usize> {
        let pi = self.frames.last().unwrap().proc;
        match self.labels[pi].as_ref().and_then(|m| m.get(l)) {
            Some(&t) => Ok(t),
            None => Err(Stuck::new(format!("undefined label {l}"))),
        }
    }

    /// Whether the target at `t` of a goto can be taken: its leading assumes hold (a branch
    /// condition, after the NULL guards of `guard`), and when a goto follows them (a guard
    /// put before the branch's own condition), one of its targets can (up to a few levels
    /// deep). Undefined behaviour (or an address a replay rejects) in a condition stops the
    /// run: no target is decided then.
    fn target_feasible(&mut self, pp: Option<&'a Proc>, proc: &'a Proc, t: usize, depth: usize) -> R<bool> {
        let mut k = t;
        loop {
            match proc.body.get(k).map(|s| &s.kind) {
                Some(StmtKind::Assume(c)) => {
                    if !self.truth(pp, c)? {
                        return Ok(false);
                    }
                }
                Some(StmtKind::Goto(ls)) if depth < 3 => {
                    for l in ls {
                        let u = self.label_index(l)?;
                        if self.target_feasible(pp, proc, u, depth + 1)? {
                            return Ok(true);
                        }
                    }
                    return Ok(false);
                }
                _ => return Ok(true),
            }
            k += 1;
            if proc.body.get(k).is_some_and(|s| !s.labels.is_empty()) {
                return Ok(true);
            }
        }
    }

    /// The object of the k-th allocation (created when first named, with an open extent
    /// until the allocation happens).
    fn alloc_object(&mut self, k: usize) -> usize {
        if let Some(&o) = self.allocs.get(&k) {
            return o;
        }
        let o = self.new_object(None, UNDEF, MALLOC_ALIGN, Origin::Alloc(k), Area::Lazy);
        self.allocs.insert(k, o);
        o
    }

    /// The size in bytes an allocator call asks for (`None`: unknown, an open extent).
    fn alloc_size(&self, name: &str, args: &[Value], ret: Option<&Type>) -> R<Option<u64>> {
        let arg = |i: usize| match args.get(i) {
            Some(&Value::Int(v)) => Some(v),
            _ => None,
        };
        let n = match name {
            "malloc" | "alloca" | "__builtin_alloca" | "kmalloc" | "kzalloc" | "vmalloc" | "vzalloc" => arg(0),
            "calloc" | "kcalloc" => arg(0).zip(arg(1)).map(|(a, b)| a.saturating_mul(b)),
            "realloc" | "ExAllocatePool" | "ExAllocatePoolWithTag" | "ExAllocatePool2" => arg(1),
            crate::names::VLA_ALLOC => {
                let Some(n) = arg(0) else {
                    return Err(Stuck::new("variable-length array of unknown size"));
                };
                let elem = ret.and_then(|t| t.pointee()).and_then(|t| self.lay.size_of(t)).unwrap_or(1);
                Some(n.saturating_mul(elem as i128))
            }
            _ => return Ok(None),
        };
        // glibc's allocators refuse more than PTRDIFF_MAX bytes (NULL): a run where such an
        // allocation succeeds is no run of the C program
        let ptrdiff_max = (self.ptr_mask >> 1) as i128;
        match n {
            Some(n) if (0..=MAX_OBJECT as i128).contains(&n) => Ok(Some(n as u64)),
            Some(n) if !(0..=ptrdiff_max).contains(&n) => {
                Err(Stuck::new(format!("an allocation of {n} bytes succeeds, which no allocator does")))
            }
            Some(n) => Err(Stuck::unmodelled(format!("an allocation of {n} bytes is not modelled"))),
            None => Ok(None),
        }
    }

    fn call_extern(&mut self, name: &str, args: &[Value], ret: Option<&Type>) -> R<Option<Value>> {
        if let Some(a) = extern_allocation(self.p, name) {
            // NULL when the supplier says 0 (for those that may fail), else a fresh object.
            let k = self.alloc_calls;
            self.alloc_calls += 1;
            if a.may_fail && self.ask(&Type::INT, Ask::AllocFails { heap: a.heap }) != 0 {
                return Ok(Some(Value::Int(0)));
            }
            let size = self.alloc_size(name, args, ret)?;
            let fill = if a.zeroed { ZERO } else { UNDEF };
            let o = match self.allocs.get(&k) {
                Some(&o) => {
                    // named before it happened (a replay): its extent is known now
                    let ob = &mut self.objects[o];
                    (ob.area, ob.len, ob.open, ob.fill) = (Area::Lazy, size.unwrap_or(0), size.is_none(), fill);
                    o
                }
                None => {
                    let o = self.new_object(size, fill, MALLOC_ALIGN, Origin::Alloc(k), Area::Lazy);
                    self.allocs.insert(k, o);
                    o
                }
            };
            if name == "realloc" {
                // the old object's bytes, as far as both reach
                if let (Some(&Value::Ptr { obj, off: 0 }), Some(n)) = (args.first(), size) {
                    let m = n.min(self.objects[obj].len);
                    if m > 0 {
                        let (area, s) = self.span(obj, 0, m, "read")?;
                        let bytes = self.mem(area)[s..s + m as usize].to_vec();
                        let (area, d) = self.span(o, 0, m, "write")?;
                        self.mem_mut(area)[d..d + m as usize].copy_from_slice(&bytes);
                    }
                }
            }
            return Ok(Some(Value::Ptr { obj: o, off: 0 }));
        }
        if crate::names::is_unknown_write(name) {
            // What an unknown function wrote: nothing (see `names::unknown_write`). The
            // choice is still asked (and ignored) like any external result, so the value is
            // not mistaken for a determined one and the choices stay aligned with Newton's.
            let t = self.p.extern_fn(name).map(|e| e.ty.ret.clone()).unwrap_or(Type::INT);
            let _ = self.nondet_value(&t, Ask::Nondet);
            return Ok(args.first().cloned());
        }
        if crate::names::is_clobbered(name) {
            // what a library call wrote that slam does not compute (`names::clobbered`)
            return Err(Stuck::unmodelled("a value a library call wrote, which slam does not compute"));
        }
        if matches!(name, "free" | "kfree" | "vfree" | "ExFreePool" | "ExFreePoolWithTag") {
            return Ok(None);
        }
        let ret = self.p.extern_fn(name).map(|e| &e.ty.ret).unwrap_or(&INT);
        if *ret == Type::Void {
            return Ok(None);
        }
        if let (Type::Int { .. }, "strlen", [Value::Ptr { obj, off }]) = (ret, name, args) {
            // the library's own result where the string's bytes are known (the front end's
            // model then agrees: docs/cminus.md); the choice is asked all the same, so the
            // choices stay aligned with Newton's, and decides where the bytes are not known
            let asked = self.nondet_value(ret, Ask::Nondet);
            return Ok(Some(match self.c_string_len(*obj, *off) {
                Some(n) => Value::Int(wrap(n as i128, ret)),
                None => asked,
            }));
        }
        if let (Type::Int { signed: true, .. }, "memcmp" | "strcmp" | "strncmp") = (ret, name) {
            // glibc's result (the difference of the first differing bytes) where the bytes
            // compared are known; the front end's model holds only its sign (docs/cminus.md)
            let asked = self.nondet_value(ret, Ask::Nondet);
            let strings = name != "memcmp";
            let n = match (name, args.get(2)) {
                ("strcmp", _) => Some(u64::MAX),
                (_, Some(Value::Int(n))) => u64::try_from(*n).ok(),
                _ => None,
            };
            return Ok(Some(match (args.first(), args.get(1), n) {
                (Some(&Value::Ptr { obj: a, off: i }), Some(&Value::Ptr { obj: b, off: j }), Some(n)) => {
                    match self.c_compare((a, i), (b, j), n, strings) {
                        Some(d) => Value::Int(wrap(d, ret)),
                        None => asked,
                    }
                }
                _ => asked,
            }));
        }
        if ret.is_scalar() {
            return Ok(Some(self.nondet_value(ret, Ask::Nondet)));
        }
        // a struct returned by an unknown function: undefined bytes
        Ok(self.lay.size_of(ret).map(|n| Value::Bytes(vec![UNDEF; n as usize])))
    }

    /// The known value of byte `i` of object `obj` (`None`: dead, outside it, or an
    /// undefined, poisoned or pointer byte).
    fn known_byte(&self, obj: usize, i: i64) -> Option<u8> {
        let o = &self.objects[obj];
        let i = u64::try_from(i).ok().filter(|&i| !o.dead && i < o.len)?;
        let b = if o.area == Area::Lazy { o.fill } else { self.mem(o.area)[o.start + i as usize] };
        u8::try_from(b.0).ok()
    }

    /// `memcmp`/`strncmp` (`strings`) of `n` bytes at `a` and `b` as glibc computes it: the
    /// difference of the first differing bytes as `unsigned char`, 0 when none differs (for
    /// strings: up to the first NUL). `None` when a byte it needs is not known.
    fn c_compare(&self, (a, i): (usize, i64), (b, j): (usize, i64), n: u64, strings: bool) -> Option<i128> {
        let mut k = 0u64;
        while k < n {
            let d = i64::try_from(k).ok()?;
            let (x, y) = (self.known_byte(a, i.checked_add(d)?)?, self.known_byte(b, j.checked_add(d)?)?);
            if x != y {
                return Some(i128::from(x) - i128::from(y));
            }
            if strings && x == 0 {
                return Some(0);
            }
            k += 1;
        }
        Some(0)
    }

    /// The length of the C string at byte `off` of object `obj`, when every byte up to its
    /// NUL is known and inside the object (`None`: an undefined, poisoned or pointer byte, or
    /// no NUL before the object's end — the object's end of an open one included).
    fn c_string_len(&self, obj: usize, off: i64) -> Option<u64> {
        let o = &self.objects[obj];
        if o.dead || off < 0 {
            return None;
        }
        for i in off as u64..o.len {
            let b = if o.area == Area::Lazy { o.fill } else { self.mem(o.area)[o.start + i as usize] };
            if b == ZERO {
                return Some(i - off as u64);
            }
            if b.0 >= 256 {
                return None;
            }
        }
        None
    }

    // ---------------------------------------------------------------- memory

    fn mem(&self, area: Area) -> &Vec<Byte> {
        match area {
            Area::Stack => &self.stack,
            _ => &self.heap,
        }
    }

    fn mem_mut(&mut self, area: Area) -> &mut Vec<Byte> {
        self.changes += 1;
        match area {
            Area::Stack => &mut self.stack,
            _ => &mut self.heap,
        }
    }

    /// The size of a complete type (an incomplete one stops the run as unmodelled).
    fn size(&self, t: &Type) -> R<u64> {
        self.lay
            .size_of(t)
            .ok_or_else(|| Stuck::unmodelled(format!("the size of {} is unknown", crate::print::type_str(t))))
    }

    /// A name for object `o` in messages.
    fn describe(&self, o: usize) -> String {
        match self.objects[o].origin {
            Origin::Global(i) => format!("`{}`", self.p.globals[i].c_name),
            Origin::Local { frame, slot } => {
                let pr = &self.p.procs[self.frame_objs[frame].0];
                let v = pr.formals.iter().chain(&pr.locals).nth(slot);
                format!("`{}`", v.map_or("?", |v| v.c_name.as_str()))
            }
            Origin::Param(i) => {
                let f = self.p.proc(&self.p.entry).and_then(|pr| pr.formals.get(i));
                format!("the object of entry parameter `{}`", f.map_or("?", |f| f.c_name.as_str()))
            }
            Origin::Alloc(_) => "the allocation".into(),
        }
    }

    /// Where bytes `[off, off + n)` of object `obj` are (the area and the index of the first),
    /// for a `what` ("read", "write"): out of the object's bounds is undefined behaviour; an
    /// object of open extent grows; a lazy object is made.
    fn span(&mut self, obj: usize, off: i64, n: u64, what: &str) -> R<(Area, usize)> {
        let o = &self.objects[obj];
        if o.dead {
            return Err(Stuck::new(format!(
                "{what} of {} after its procedure returned (undefined behaviour)",
                self.describe(obj)
            )));
        }
        let end = off as i128 + n as i128;
        if off < 0 || end > o.len as i128 {
            if !(o.open && off >= 0) {
                return Err(Stuck::new(format!(
                    "out of bounds: {what} of {n} bytes at offset {off} of a {}-byte object ({})",
                    o.len,
                    self.describe(obj)
                )));
            }
            self.grow(obj, end as u64)?;
        }
        let o = &mut self.objects[obj];
        if o.area == Area::Lazy {
            o.area = Area::Heap;
            o.start = self.heap.len();
            self.heap.resize(o.start + o.len as usize, o.fill);
        }
        Ok((o.area, o.start + off as usize))
    }

    /// Object `obj`, of open extent, made at least `len` bytes long (moved to the heap's end).
    fn grow(&mut self, obj: usize, len: u64) -> R<()> {
        if len > MAX_OBJECT {
            return Err(Stuck::unmodelled(format!("an object of {len} bytes is not modelled")));
        }
        let o = &self.objects[obj];
        let new_len = len.max(2 * o.len).clamp(64, MAX_OBJECT);
        let (area, start, old, fill) = (o.area, o.start, o.len as usize, o.fill);
        if area == Area::Lazy {
            self.objects[obj].len = new_len;
            return Ok(());
        }
        let at = self.heap.len();
        if area == Area::Heap {
            self.heap.extend_from_within(start..start + old);
        } else {
            let bytes = self.stack[start..start + old].to_vec();
            self.heap.extend_from_slice(&bytes);
        }
        self.heap.resize(at + new_len as usize, fill);
        let o = &mut self.objects[obj];
        o.area = Area::Heap;
        o.start = at;
        o.len = new_len;
        Ok(())
    }

    /// The index of pointer `pv` in the pointer table (its fragments name it).
    fn ptr_id(&mut self, pv: Pv) -> R<u32> {
        if let Some(&id) = self.ptr_ids.get(&pv) {
            return Ok(id);
        }
        let id = self.ptrs.len() as u32;
        if id >= 1 << 28 {
            return Err(Stuck::unmodelled("too many distinct pointers stored"));
        }
        self.ptrs.push(pv);
        self.ptr_ids.insert(pv, id);
        Ok(id)
    }

    /// The `n` bytes of scalar value `v` stored at a scalar type of that size.
    fn encode(&mut self, v: &Value, n: usize) -> R<[Byte; 16]> {
        let mut out = [ZERO; 16];
        match v {
            Value::Int(i) => {
                for (k, b) in out.iter_mut().enumerate().take(n) {
                    *b = Byte(((*i >> (8 * k)) & 0xff) as u32);
                }
            }
            Value::Ptr { .. } | Value::Func(_) => {
                let pv = v.pv().unwrap();
                if n as u64 == self.ptr_size {
                    let id = self.ptr_id(pv)?;
                    for (k, b) in out.iter_mut().enumerate().take(n) {
                        *b = Byte::frag(id, k as u32);
                    }
                } else {
                    let a = self.address(pv)?;
                    return self.encode(&Value::Int(a as i128), n);
                }
            }
            Value::Bytes(_) => return Err(Stuck::new("an aggregate stored as a scalar")),
        }
        Ok(out)
    }

    /// The integer of concrete bytes and pointer fragments (a fragment is the byte of its
    /// pointer's address).
    fn bytes_as_int(&mut self, bytes: &[Byte]) -> R<u128> {
        let mut raw = 0u128;
        for (i, b) in bytes.iter().enumerate() {
            let v = match b.as_frag() {
                Some((id, k)) => {
                    let a = self.address(self.ptrs[id as usize])?;
                    (a >> (8 * k)) & 0xff
                }
                None if b.0 < 256 => b.0 as u64,
                None => 0,
            };
            raw |= (v as u128) << (8 * i);
        }
        Ok(raw)
    }

    /// The pointer whose fragments `bytes` are, in order.
    fn whole_pointer(&self, bytes: &[Byte]) -> Option<Pv> {
        let (id, _) = bytes.first()?.as_frag()?;
        bytes.iter().enumerate().all(|(k, b)| b.as_frag() == Some((id, k as u32))).then(|| self.ptrs[id as usize])
    }

    /// The value of type `t` with these (concrete) bits.
    fn of_raw(&mut self, raw: u128, t: &Type) -> Value {
        match t {
            Type::Ptr(_) => self.int_to_ptr(raw as i128),
            Type::Bool => Value::Int((raw & 0xff != 0) as i128),
            t => Value::Int(wrap(raw as i128, t)),
        }
    }

    /// Bytes `[off, off + n)` of object `obj` become [`POISON`]; `clip`: at most to the
    /// object's end (an object of open extent grows to `off + n`, unless that is more than
    /// any object can be: then the run stops as unmodelled).
    fn poison(&mut self, obj: usize, off: i64, n: u64, clip: bool) -> R<()> {
        let o = &self.objects[obj];
        if off < 0 || (off as u64) > o.len && !o.open {
            return Err(Stuck::new(format!("a library call writes outside {}", self.describe(obj))));
        }
        let n = match (clip, o.open) {
            (true, false) => n.min(o.len - off as u64),
            (true, true) if n > MAX_OBJECT => {
                return Err(Stuck::unmodelled("a value a library call wrote, which slam does not compute"))
            }
            _ => n,
        };
        if n == 0 {
            return Ok(());
        }
        let (area, s) = self.span(obj, off, n, "write")?;
        self.mem_mut(area)[s..s + n as usize].fill(POISON);
        Ok(())
    }

    /// Reads place `pl`: a scalar's value (undefined bytes are asked for, see the module
    /// doc), an aggregate's bytes. `lv` is the lvalue read (for the question).
    fn load(&mut self, proc: Option<&Proc>, pl: &Place, lv: Option<&Lval>) -> R<Value> {
        let ty: &Type = &pl.ty;
        if !ty.is_scalar() {
            if !ty.is_aggregate() {
                return Err(Stuck::unmodelled(format!("a read of type {}", crate::print::type_str(ty))));
            }
            let n = self.size(ty)?;
            let (area, s) = self.span(pl.obj, pl.off, n, "read")?;
            return Ok(Value::Bytes(self.mem(area)[s..s + n as usize].to_vec()));
        }
        let (n, shift) = match pl.bits {
            Some((b, w)) => ((b + w).div_ceil(8) as u64, b),
            None => (self.size(ty)?, 0),
        };
        let n = n.min(16) as usize;
        loop {
            let (area, s) = self.span(pl.obj, pl.off, n as u64, "read")?;
            let mut buf = [UNDEF; 16];
            buf[..n].copy_from_slice(&self.mem(area)[s..s + n]);
            let bytes = &buf[..n];
            if let Some(raw) = concrete(bytes) {
                return Ok(self.of_raw(raw >> shift, ty));
            }
            if bytes.contains(&POISON) {
                if self.peeking {
                    self.peek_failed = true;
                    return Ok(Value::Int(0));
                }
                return Err(Stuck::unmodelled("a value a library call wrote, which slam does not compute"));
            }
            if bytes.contains(&UNDEF) {
                if self.peeking {
                    self.peek_failed = true;
                    return Ok(Value::Int(0));
                }
                self.fill_undefined(proc, pl, n, lv)?;
                continue;
            }
            if pl.bits.is_none() && n as u64 == self.ptr_size {
                if let Some(pv) = self.whole_pointer(bytes) {
                    return match ty {
                        Type::Ptr(_) => Ok(Value::of_pv(pv)),
                        Type::Bool => Ok(Value::Int(1)),
                        t => Ok(Value::Int(wrap(self.address(pv)? as i128, t))),
                    };
                }
            }
            let raw = self.bytes_as_int(bytes)?;
            return Ok(self.of_raw(raw >> shift, ty));
        }
    }

    /// A read of place `pl` met undefined bytes among its `n`: the value asked for fills them.
    fn fill_undefined(&mut self, proc: Option<&Proc>, pl: &Place, n: usize, lv: Option<&Lval>) -> R<()> {
        let off = pl.off as u64;
        let ask = match self.objects[pl.obj].origin {
            Origin::Param(param) => Ask::UninitParam { param, off },
            Origin::Alloc(alloc) => match lv.and_then(|l| self.access_elem(proc, l)) {
                Some(elem) => Ask::UninitAlloc { alloc, elem, off },
                None => Ask::Uninit(None),
            },
            Origin::Local { frame, slot } if off == 0 && pl.bits.is_none() => {
                let pr = &self.p.procs[self.frame_objs[frame].0];
                match pr.formals.iter().chain(&pr.locals).nth(slot) {
                    Some(v) if v.ty == *pl.ty => Ask::Uninit(Some((Some(pr.name.clone()), v.name.clone(), frame))),
                    _ => Ask::Uninit(None),
                }
            }
            _ => Ask::Uninit(None),
        };
        let v = self.nondet_value(&pl.ty, ask);
        match pl.bits {
            None => {
                let enc = self.encode(&v, n)?;
                let (area, s) = self.span(pl.obj, pl.off, n as u64, "read")?;
                for (b, e) in self.mem_mut(area)[s..s + n].iter_mut().zip(enc) {
                    if *b == UNDEF {
                        *b = e;
                    }
                }
                Ok(())
            }
            Some(_) => {
                let (area, s) = self.span(pl.obj, pl.off, n as u64, "read")?;
                for b in &mut self.mem_mut(area)[s..s + n] {
                    if *b == UNDEF {
                        *b = ZERO;
                    }
                }
                self.store(pl, v)
            }
        }
    }

    /// Writes `v` at place `pl`.
    fn store(&mut self, pl: &Place, v: Value) -> R<()> {
        if let Value::Bytes(bytes) = &v {
            let n = self.size(&pl.ty)?;
            if bytes.len() as u64 != n {
                return Err(Stuck::new(format!("a copy of {} bytes into a {n}-byte object", bytes.len())));
            }
            let (area, s) = self.span(pl.obj, pl.off, n, "write")?;
            self.mem_mut(area)[s..s + n as usize].copy_from_slice(bytes);
            return Ok(());
        }
        if !pl.ty.is_scalar() {
            return Err(Stuck::new(format!("a scalar stored as {}", crate::print::type_str(&pl.ty))));
        }
        if let Some((bit, w)) = pl.bits {
            let x = match v {
                Value::Int(i) => i,
                _ => return Err(Stuck::unmodelled("a pointer stored in a bit-field")),
            };
            let n = (bit + w).div_ceil(8) as usize;
            let (area, s) = self.span(pl.obj, pl.off, n as u64, "write")?;
            let mut buf = [ZERO; 16];
            buf[..n].copy_from_slice(&self.mem(area)[s..s + n]);
            if buf[..n].contains(&POISON) {
                // the bits around the field are a library call's
                return Err(Stuck::unmodelled("a value a library call wrote, which slam does not compute"));
            }
            let old = self.bytes_as_int(&buf[..n])?;
            let mask = ((1u128 << w) - 1) << bit;
            let new = (old & !mask) | (((x as u128) << bit) & mask);
            for (k, b) in self.mem_mut(area)[s..s + n].iter_mut().enumerate() {
                *b = Byte(((new >> (8 * k)) & 0xff) as u32);
            }
            return Ok(());
        }
        let n = self.size(&pl.ty)? as usize;
        let v = match (&*pl.ty, v) {
            (Type::Bool, Value::Int(i)) => Value::Int((i != 0) as i128),
            (Type::Bool, _) => Value::Int(1),
            (_, v) => v,
        };
        let enc = self.encode(&v, n.min(16))?;
        let (area, s) = self.span(pl.obj, pl.off, n as u64, "write")?;
        let m = n.min(16);
        let dst = &mut self.mem_mut(area)[s..s + n];
        dst[..m].copy_from_slice(&enc[..m]);
        dst[m..].fill(ZERO);
        Ok(())
    }

    // ---------------------------------------------------------------- addresses

    /// The integer address of a pointer: plain runs make bases up; replays ask for the
    /// address of each distinct pointer once and check it (see the module doc).
    fn address(&mut self, pv: Pv) -> R<u64> {
        if self.resolve.is_none() {
            return Ok(match pv {
                Pv::Obj(obj, off) => self.objects[obj].base.unwrap_or(0).wrapping_add(off as u64) & self.ptr_mask,
                Pv::Func(f) => {
                    let a = FUNC_ADDR + 16 * f as u64;
                    self.func_at.insert(a, f);
                    a
                }
            });
        }
        if let Some(&a) = self.addr_of.get(&pv) {
            return Ok(a);
        }
        if self.peeking {
            self.peek_failed = true;
            return Ok(0);
        }
        let answer = self.ask(&Type::Int { bits: 64, signed: false }, Ask::Address) as u64 & self.ptr_mask;
        let a = match pv {
            Pv::Func(f) => {
                let a = if answer == 0 { FUNC_ADDR + 16 * f as u64 } else { answer };
                self.func_at.insert(a, f);
                a
            }
            Pv::Obj(obj, off) => {
                let base = match (answer, self.objects[obj].base) {
                    (0, Some(b)) => b,
                    (0, None) => self.free_base(obj),
                    (a, _) => a.wrapping_sub(off as u64) & self.ptr_mask,
                };
                self.fix_base(obj, base)?;
                base.wrapping_add(off as u64) & self.ptr_mask
            }
        };
        self.addr_of.insert(pv, a);
        Ok(a)
    }

    /// A made-up base for `obj` that no fixed object overlaps (replays).
    fn free_base(&mut self, obj: usize) -> u64 {
        loop {
            let o = &self.objects[obj];
            let base = align_up(self.next_addr, o.align.max(MALLOC_ALIGN));
            let room = if o.open { OPEN_ROOM.max(o.len) } else { o.len.max(1) };
            self.next_addr = base + room + GAP;
            if self.overlap(obj, base, room).is_none() {
                return base;
            }
        }
    }

    /// A fixed object other than `obj` that `[base, base + len)` overlaps.
    fn overlap(&self, obj: usize, base: u64, len: u64) -> Option<usize> {
        let end = base.saturating_add(len.max(1));
        let (&b, &o) = self.fixed.range(..end).next_back()?;
        let ob = &self.objects[o];
        let olen = if ob.open { ob.len.max(OPEN_ROOM) } else { ob.len.max(1) };
        (o != obj && b.saturating_add(olen) > base).then_some(o)
    }

    /// The model's base for `obj` (replays): it must be a possible address of the object.
    fn fix_base(&mut self, obj: usize, base: u64) -> R<()> {
        let o = &self.objects[obj];
        if let Some(b) = o.base {
            if b == base {
                return Ok(());
            }
            return Err(Stuck::new(format!(
                "the model's addresses for {} disagree ({b:#x} and {base:#x} for its start)",
                self.describe(obj)
            )));
        }
        let what = self.describe(obj);
        if base == 0 {
            return Err(Stuck::new(format!("the model's address for {what} is NULL")));
        }
        if !base.is_multiple_of(o.align) {
            return Err(Stuck::new(format!("the model's address for {what} is not {}-aligned", o.align)));
        }
        if base.saturating_add(o.len) > self.ptr_mask {
            return Err(Stuck::new(format!("the model's address for {what} leaves no room for its bytes")));
        }
        if let Some(other) = self.overlap(obj, base, o.len) {
            return Err(Stuck::new(format!("the model's address for {what} overlaps {}", self.describe(other))));
        }
        self.objects[obj].base = Some(base);
        self.fixed.insert(base, obj);
        Ok(())
    }

    /// An integer converted to a pointer: a pointer again when it is an address of an object
    /// (or one past its end) or of a function; else the integer (unsigned, pointer-wide).
    fn int_to_ptr(&mut self, i: i128) -> Value {
        let a = (i as u64) & self.ptr_mask;
        if a == 0 {
            return Value::Int(0);
        }
        if let Some(&f) = self.func_at.get(&a) {
            return Value::Func(f);
        }
        let found = if self.resolve.is_none() {
            // made-up bases grow with the objects' indices
            let k = self.objects.partition_point(|o| o.base.is_some_and(|b| b <= a));
            k.checked_sub(1).map(|o| (o, self.objects[o].base.unwrap_or(0)))
        } else {
            self.fixed.range(..=a).next_back().map(|(&b, &o)| (o, b))
        };
        match found {
            Some((obj, b)) if a - b <= self.objects[obj].len => Value::Ptr { obj, off: (a - b) as i64 },
            _ => Value::Int(a as i128),
        }
    }

    /// A pointer converted to the integer type `t`.
    fn ptr_to_int(&mut self, v: Value, t: &Type) -> R<Value> {
        match v.pv() {
            Some(pv) => Ok(Value::Int(wrap(self.address(pv)? as i128, t))),
            None => match v {
                Value::Int(i) => Ok(Value::Int(wrap(i, t))),
                _ => Err(Stuck::new("an aggregate converted to an integer")),
            },
        }
    }

    // ---------------------------------------------------------------- types and places

    /// A variable of the current frame, else a global: its object and type.
    fn var(&self, name: &str) -> R<(usize, &'a Type)> {
        // The names of a program's expressions do not move: a cache by the name's address
        // (checked against the variable's own name) saves hashing the string.
        let pi = self.frames.last().map_or(usize::MAX, |f| f.proc);
        let key = (name.as_ptr() as usize, pi);
        let hit = self.var_cache.borrow().get(&key).copied();
        if let Some((slot, global, vname)) = hit {
            if vname == name {
                let p = self.p;
                return Ok(if global {
                    (slot, &p.globals[slot].ty)
                } else {
                    let fr = self.frames.last().unwrap();
                    let pr = &p.procs[fr.proc];
                    let nf = pr.formals.len();
                    (fr.first + slot, if slot < nf { &pr.formals[slot].ty } else { &pr.locals[slot - nf].ty })
                });
            }
        }
        let r = self.var_lookup(name)?;
        if !self.peeking {
            self.var_cache.borrow_mut().insert(key, r);
        }
        self.var_uncached(name)
    }

    /// [`Machine::var`] by the name: (slot or global index, whether a global, its name).
    fn var_lookup(&self, name: &str) -> R<(usize, bool, &'a str)> {
        let p = self.p;
        if let Some(fr) = self.frames.last() {
            if let Some(&slot) = self.slots[fr.proc].as_ref().and_then(|m| m.get(name)) {
                let pr = &p.procs[fr.proc];
                let nf = pr.formals.len();
                let v = if slot < nf { &pr.formals[slot] } else { &pr.locals[slot - nf] };
                return Ok((slot, false, v.name.as_str()));
            }
        }
        match self.globals.get(name) {
            Some(&g) => Ok((g, true, p.globals[g].name.as_str())),
            None => Err(Stuck::new(format!("unknown variable {name}"))),
        }
    }

    /// The variable `name` without the cache.
    fn var_uncached(&self, name: &str) -> R<(usize, &'a Type)> {
        let p = self.p;
        if let Some(fr) = self.frames.last() {
            if let Some(&slot) = self.slots[fr.proc].as_ref().and_then(|m| m.get(name)) {
                let pr = &p.procs[fr.proc];
                let nf = pr.formals.len();
                let ty = if slot < nf { &pr.formals[slot].ty } else { &pr.locals[slot - nf].ty };
                return Ok((fr.first + slot, ty));
            }
        }
        match self.globals.get(name) {
            Some(&g) => Ok((g, &p.globals[g].ty)),
            None => Err(Stuck::new(format!("unknown variable {name}"))),
        }
    }

    /// The type of an lvalue (as [`Program::type_of_lval`], borrowed where it can be).
    fn lval_ty<'e>(&self, proc: Option<&'e Proc>, l: &'e Lval) -> Option<Cow<'e, Type>>
    where
        'a: 'e,
    {
        match l {
            Lval::Var(v) => self.var(v).ok().map(|(_, t)| Cow::Borrowed(t)),
            Lval::Deref(e) => elem_of(self.expr_ty(proc, e)?),
            Lval::Field(b, f) => match &*self.lval_ty(proc, b)? {
                Type::Struct(s) => self.lay.field(s, f).map(|(_, _, t, _)| Cow::Borrowed(t)),
                _ => None,
            },
            Lval::Index(b, _) => elem_of(self.lval_ty(proc, b)?),
        }
    }

    /// The type of an expression (as [`Program::type_of`], borrowed where it can be).
    fn expr_ty<'e>(&self, proc: Option<&'e Proc>, e: &'e Expr) -> Option<Cow<'e, Type>>
    where
        'a: 'e,
    {
        Some(match e {
            Expr::Int(_) => Cow::Borrowed(&INT),
            Expr::Bool(_) => Cow::Borrowed(&BOOL),
            Expr::Lval(l) => self.lval_ty(proc, l)?,
            Expr::Unary(UnOp::Not, _) => Cow::Borrowed(&BOOL),
            Expr::Unary(_, a) => Cow::Owned(promote(&*self.expr_ty(proc, a)?)),
            Expr::Binary(op, a, b) => {
                if op.is_comparison() || op.is_logical() {
                    return Some(Cow::Borrowed(&BOOL));
                }
                let ta = self.expr_ty(proc, a)?;
                if ta.is_pointer() && *op != BinOp::Sub {
                    return Some(ta);
                }
                let tb = self.expr_ty(proc, b)?;
                match (&*ta, &*tb, op) {
                    (Type::Ptr(_), Type::Ptr(_), BinOp::Sub) => Cow::Owned(self.p.long_type()),
                    (Type::Ptr(_), _, _) => ta,
                    (_, Type::Ptr(_), _) => tb,
                    _ if matches!(op, BinOp::Shl | BinOp::Shr) => Cow::Owned(promote(&ta)),
                    _ => Cow::Owned(arith_conv(&ta, &tb)),
                }
            }
            Expr::AddrOf(l) => Cow::Owned(Type::ptr(self.lval_ty(proc, l)?.into_owned())),
            Expr::FuncAddr(_) => Cow::Owned(self.p.type_of(proc, e)?),
            Expr::Cast(t, _) | Expr::Nondet(t) | Expr::Float(_, t, _) => Cow::Borrowed(t),
        })
    }

    /// The type of the elements of the allocated object that `l` reads: the pointee of the
    /// pointer through which it is reached.
    fn access_elem(&self, proc: Option<&Proc>, l: &Lval) -> Option<Type> {
        match l {
            Lval::Var(_) => None,
            Lval::Field(inner, _) => self.access_elem(proc, inner),
            Lval::Index(inner, _) => match self.lval_ty(proc, inner)?.as_ref() {
                Type::Ptr(t) => Some((**t).clone()),
                _ => self.access_elem(proc, inner),
            },
            Lval::Deref(e) => self.expr_ty(proc, e)?.pointee().cloned(),
        }
    }

    /// The place of `l`; `one_past`: the place of `&a[n]` of an `n`-element array is one past
    /// its end (only its address is taken).
    fn place<'e>(&mut self, proc: Option<&'e Proc>, l: &'e Lval, one_past: bool) -> R<Place<'e>>
    where
        'a: 'e,
    {
        match l {
            Lval::Var(v) => {
                let (obj, ty) = self.var(v)?;
                Ok(Place { obj, off: 0, ty: Cow::Borrowed(ty), bits: None })
            }
            Lval::Deref(e) => {
                let v = self.eval(proc, e)?;
                let ty = self.expr_ty(proc, e).and_then(elem_of).ok_or_else(|| Stuck::new("ill-typed dereference"))?;
                self.deref(v, ty)
            }
            Lval::Field(b, f) => {
                let base = self.place(proc, b, false)?;
                let Type::Struct(s) = &*base.ty else {
                    return Err(Stuck::new(format!("unknown field {f}")));
                };
                let Some((_, bit, fty, width)) = self.lay.field(s, f) else {
                    return Err(Stuck::unmodelled(format!("the layout of field {f} of struct {s} is unknown")));
                };
                let bits = width.map(|w| ((bit % 8) as u32, w));
                Ok(Place { obj: base.obj, off: base.off + (bit / 8) as i64, ty: Cow::Borrowed(fty), bits })
            }
            Lval::Index(b, i) => {
                let base = self.place(proc, b, false)?;
                let iv = self.eval(proc, i)?;
                let iv = self.int_of(iv)?;
                if iv < 0 {
                    return Err(Stuck::new(format!("negative index {iv}")));
                }
                if let Type::Array(_, Some(n)) = &*base.ty {
                    if iv > *n as i128 || (iv == *n as i128 && !one_past) {
                        return Err(Stuck::new(format!("index {iv} out of bounds {n}")));
                    }
                }
                let (obj, off) = if base.ty.is_pointer() {
                    // `p[i]` on a pointer lvalue: through the pointer's value
                    let pv = self.load(proc, &base, Some(b))?;
                    let ty = base.ty.clone();
                    let pl = self.deref(pv, elem_of(ty).unwrap())?;
                    (pl.obj, pl.off)
                } else {
                    (base.obj, base.off)
                };
                let elem = elem_of(base.ty).ok_or_else(|| Stuck::new("index of a scalar"))?;
                let size = self.size(&elem)? as i128;
                Ok(Place { obj, off: (off as i128 + iv * size) as i64, ty: elem, bits: None })
            }
        }
    }

    /// The place a pointer value points to.
    fn deref<'e>(&self, v: Value, ty: Cow<'e, Type>) -> R<Place<'e>> {
        match v {
            Value::Ptr { obj, off } => Ok(Place { obj, off, ty, bits: None }),
            Value::Int(0) => Err(Stuck::new("null pointer dereference")),
            Value::Int(a) => Err(Stuck::new(format!("dereference of the address {a:#x}, which is no object's"))),
            Value::Func(f) => Err(Stuck::new(format!("dereference of function pointer {}", self.func_name(f)))),
            Value::Bytes(_) => Err(Stuck::new("dereference of an aggregate")),
        }
    }

    fn func_name(&self, f: usize) -> &'a str {
        let p = self.p;
        match p.procs.get(f) {
            Some(pr) => &pr.name,
            None => p.externs.get(f - p.procs.len()).map_or("?", |e| e.name.as_str()),
        }
    }

    // ---------------------------------------------------------------- expressions

    fn truth(&mut self, proc: Option<&Proc>, e: &Expr) -> R<bool> {
        let v = self.eval(proc, e)?;
        self.is_true(&v)
    }

    fn is_true(&mut self, v: &Value) -> R<bool> {
        Ok(match v {
            Value::Int(i) => *i != 0,
            Value::Ptr { .. } | Value::Func(_) => true,
            Value::Bytes(_) => return Err(Stuck::new("aggregate used as a condition")),
        })
    }

    fn int_of(&mut self, v: Value) -> R<i128> {
        match v {
            Value::Int(i) => Ok(i),
            v => Err(Stuck::new(format!("integer expected, found {}", self.show(&v)))),
        }
    }

    fn show(&self, v: &Value) -> String {
        match v {
            Value::Int(i) => i.to_string(),
            Value::Ptr { obj, off } => format!("a pointer to byte {off} of {}", self.describe(*obj)),
            Value::Func(f) => format!("function pointer {}", self.func_name(*f)),
            Value::Bytes(b) => format!("{} bytes", b.len()),
        }
    }

    /// The value of `e`; one arm per C-- expression form, the longer forms in helpers.
    fn eval<'e>(&mut self, proc: Option<&'e Proc>, e: &'e Expr) -> R<Value>
    where
        'a: 'e,
    {
        Ok(match e {
            Expr::Int(v) => Value::Int(*v),
            Expr::Bool(b) => Value::Int(*b as i128),
            Expr::Lval(l) => {
                let pl = self.place(proc, l, false)?;
                self.load(proc, &pl, Some(l))?
            }
            Expr::Unary(op, a) => {
                let v = self.eval(proc, a)?;
                match op {
                    UnOp::Not => Value::Int(!self.is_true(&v)? as i128),
                    UnOp::Neg | UnOp::BitNot => {
                        let i = self.int_of(v)?;
                        let t = self.expr_ty(proc, e).unwrap_or(Cow::Borrowed(&INT));
                        let r = if *op == UnOp::Neg { -i } else { !i };
                        let w = wrap(r, &t);
                        if w != r && is_signed_int(&t) {
                            self.undefined(UbKind::SignedOverflow, e);
                        }
                        Value::Int(w)
                    }
                }
            }
            Expr::Binary(BinOp::And, a, b) => {
                let va = self.eval(proc, a)?;
                if !self.is_true(&va)? {
                    return Ok(Value::Int(0));
                }
                let vb = self.eval(proc, b)?;
                Value::Int(self.is_true(&vb)? as i128)
            }
            Expr::Binary(BinOp::Or, a, b) => {
                let va = self.eval(proc, a)?;
                if self.is_true(&va)? {
                    return Ok(Value::Int(1));
                }
                let vb = self.eval(proc, b)?;
                Value::Int(self.is_true(&vb)? as i128)
            }
            Expr::Binary(op, a, b) => {
                let va = self.eval(proc, a)?;
                let vb = self.eval(proc, b)?;
                self.binary(proc, e, *op, va, vb)?
            }
            Expr::AddrOf(l) => {
                let pl = self.place(proc, l, true)?;
                if pl.bits.is_some() {
                    return Err(Stuck::new("the address of a bit-field"));
                }
                Value::Ptr { obj: pl.obj, off: pl.off }
            }
            Expr::FuncAddr(f) => match self.procs.get(f.as_str()) {
                Some(&k) => Value::Func(k),
                None => match self.p.externs.iter().position(|x| x.name == *f) {
                    Some(k) => Value::Func(self.p.procs.len() + k),
                    None => return Err(Stuck::new(format!("unknown function {f}"))),
                },
            },
            Expr::Cast(t, a) => {
                let v = self.eval(proc, a)?;
                self.cast(t, v)?
            }
            Expr::Nondet(t) => self.nondet_value_at(t, Ask::Nondet, true),
            Expr::Float(op, t, xs) => {
                let from = xs.first().and_then(|x| self.expr_ty(proc, x));
                let mut vals = Vec::with_capacity(xs.len());
                for x in xs {
                    let v = self.eval(proc, x)?;
                    vals.push(self.int_of(v)?);
                }
                Value::Int(float_op(*op, from.as_deref(), t, &vals)?)
            }
        })
    }

    /// `(t) v`: pointers to integers (their addresses), integers to pointers (the pointers
    /// they are addresses of), wrapping to the target type.
    fn cast(&mut self, t: &Type, v: Value) -> R<Value> {
        Ok(match (t, v) {
            (Type::Ptr(_), Value::Int(i)) => self.int_to_ptr(i),
            (Type::Bool, v @ (Value::Ptr { .. } | Value::Func(_))) => Value::Int(self.is_true(&v)? as i128),
            (Type::Int { .. }, v @ (Value::Ptr { .. } | Value::Func(_))) => self.ptr_to_int(v, t)?,
            (Type::Float { .. }, Value::Ptr { .. } | Value::Func(_)) => {
                return Err(Stuck::new("a pointer converted to a floating type"))
            }
            (_, Value::Int(i)) => Value::Int(wrap(i, t)),
            (_, v) => v,
        })
    }

    /// The size of the pointee of pointer type `t` (1 for `void`, as GNU C counts).
    fn pointee_size(&self, t: Option<Cow<'_, Type>>) -> R<i128> {
        match t.as_deref() {
            Some(Type::Ptr(p)) => Ok(self.lay.size_of(p).unwrap_or(1).max(1) as i128),
            _ => Err(Stuck::new("ill-typed pointer arithmetic")),
        }
    }

    fn binary<'e>(&mut self, proc: Option<&'e Proc>, e: &'e Expr, op: BinOp, a: Value, b: Value) -> R<Value>
    where
        'a: 'e,
    {
        if !matches!(a, Value::Int(_)) || !matches!(b, Value::Int(_)) {
            return self.ptr_binary(proc, e, op, a, b);
        }
        let (Value::Int(x), Value::Int(y)) = (a, b) else { unreachable!() };
        let b2 = |c: bool| Value::Int(c as i128);
        Ok(match op {
            BinOp::Eq => b2(x == y),
            BinOp::Ne => b2(x != y),
            BinOp::Lt => b2(x < y),
            BinOp::Le => b2(x <= y),
            BinOp::Gt => b2(x > y),
            BinOp::Ge => b2(x >= y),
            _ => {
                let t = self.expr_ty(proc, e).unwrap_or(Cow::Borrowed(&INT));
                let mask = self.ptr_mask as i128;
                if let (Type::Ptr(_), BinOp::Add | BinOp::Sub) = (&*t, op) {
                    // integers used as pointers: scaled, wrapped to the pointer's width
                    let Expr::Binary(_, ea, _) = e else { unreachable!() };
                    let a_ptr = self.expr_ty(proc, ea).is_some_and(|t| t.is_pointer());
                    let size = self.pointee_size(Some(t))?;
                    let (p, k) = if a_ptr { (x, y) } else { (y, x) };
                    let k = if op == BinOp::Sub { -k } else { k };
                    return Ok(Value::Int((p + k * size) & mask));
                }
                if op == BinOp::Sub {
                    let Expr::Binary(_, ea, _) = e else { unreachable!() };
                    let ta = self.expr_ty(proc, ea);
                    if ta.as_deref().is_some_and(|t| t.is_pointer()) {
                        let size = self.pointee_size(ta)?;
                        return Ok(Value::Int(wrap((x - y) / size, &t)));
                    }
                }
                let r = match op {
                    BinOp::Add => x + y,
                    BinOp::Sub => x - y,
                    BinOp::Mul => x.wrapping_mul(y),
                    BinOp::Div | BinOp::Rem => {
                        if y == 0 {
                            return Err(Stuck::new("division by zero"));
                        }
                        if y == -1 && is_signed_int(&t) && wrap(-x, &t) != -x {
                            // x86's idiv traps on the minimum divided by -1 (SIGFPE)
                            return Err(Stuck::new("signed overflow: the minimum divided by -1"));
                        }
                        if op == BinOp::Div {
                            x / y
                        } else {
                            x % y
                        }
                    }
                    BinOp::Shl | BinOp::Shr => {
                        let bits = match &*t {
                            Type::Int { bits, .. } => *bits as i128,
                            _ => 64,
                        };
                        if y < 0 || y >= bits {
                            return Err(Stuck::new(format!("shift by {y}")));
                        }
                        if op == BinOp::Shl {
                            if x < 0 && is_signed_int(&t) {
                                self.undefined(UbKind::Shift, e);
                            }
                            x << y
                        } else {
                            x >> y
                        }
                    }
                    BinOp::BitAnd => x & y,
                    BinOp::BitOr => x | y,
                    BinOp::BitXor => x ^ y,
                    _ => unreachable!(),
                };
                let w = wrap(r, &t);
                if w != r && is_signed_int(&t) && matches!(op, BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::Shl) {
                    self.undefined(UbKind::SignedOverflow, e);
                }
                Value::Int(w)
            }
        })
    }

    /// Whether two pointer values are the same address (without asking for addresses: a
    /// pointer and an integer are equal only when the pointer's base is known).
    fn same_address(&mut self, a: &Value, b: &Value) -> R<bool> {
        Ok(match (a, b) {
            (Value::Ptr { obj, off }, Value::Ptr { obj: o2, off: f2 }) => {
                if obj == o2 {
                    off == f2
                } else {
                    match (self.objects[*obj].base, self.objects[*o2].base) {
                        (Some(x), Some(y)) => x.wrapping_add(*off as u64) == y.wrapping_add(*f2 as u64),
                        _ => false,
                    }
                }
            }
            (Value::Func(f), Value::Func(g)) => f == g,
            (Value::Ptr { obj, off }, Value::Int(i)) | (Value::Int(i), Value::Ptr { obj, off }) => {
                *i != 0
                    && self.objects[*obj]
                        .base
                        .is_some_and(|b| (b.wrapping_add(*off as u64) & self.ptr_mask) as i128 == *i)
            }
            (Value::Func(f), Value::Int(i)) | (Value::Int(i), Value::Func(f)) => {
                *i != 0 && self.func_at.get(&(*i as u64)) == Some(f)
            }
            (Value::Int(x), Value::Int(y)) => x == y,
            (Value::Bytes(_), _) | (_, Value::Bytes(_)) => return Err(Stuck::new("aggregate compared")),
            _ => false,
        })
    }

    /// The pointer value `v` as an unsigned address.
    fn address_of_value(&mut self, v: &Value) -> R<i128> {
        match v.pv() {
            Some(pv) => Ok(self.address(pv)? as i128),
            None => match v {
                Value::Int(i) => Ok(*i & self.ptr_mask as i128),
                _ => Err(Stuck::new("aggregate used as a pointer")),
            },
        }
    }

    fn ptr_binary<'e>(&mut self, proc: Option<&'e Proc>, e: &'e Expr, op: BinOp, a: Value, b: Value) -> R<Value>
    where
        'a: 'e,
    {
        let b2 = |c: bool| Ok(Value::Int(c as i128));
        match op {
            BinOp::Eq => return b2(self.same_address(&a, &b)?),
            BinOp::Ne => return b2(!self.same_address(&a, &b)?),
            BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge => {
                // within one object: the offsets; else the addresses, unsigned
                let (x, y) = match (&a, &b) {
                    (Value::Ptr { obj, off }, Value::Ptr { obj: o2, off: f2 }) if obj == o2 => {
                        (*off as i128, *f2 as i128)
                    }
                    _ => (self.address_of_value(&a)?, self.address_of_value(&b)?),
                };
                return b2(match op {
                    BinOp::Lt => x < y,
                    BinOp::Le => x <= y,
                    BinOp::Gt => x > y,
                    _ => x >= y,
                });
            }
            _ => {}
        }
        let Expr::Binary(_, ea, eb) = e else { unreachable!() };
        let difference = op == BinOp::Sub
            && (matches!(b, Value::Ptr { .. })
                || (matches!(b, Value::Int(_)) && self.expr_ty(proc, eb).is_some_and(|t| t.is_pointer())));
        match (&a, &b, op) {
            (Value::Ptr { .. } | Value::Int(_), Value::Ptr { .. } | Value::Int(_), BinOp::Sub) if difference => {
                // the difference in elements of the pointee
                let size = self.pointee_size(self.expr_ty(proc, ea))?;
                let d = match (&a, &b) {
                    (Value::Ptr { obj, off }, Value::Ptr { obj: o2, off: f2 }) if obj == o2 => (off - f2) as i128,
                    _ => {
                        let (x, y) = (self.address_of_value(&a)?, self.address_of_value(&b)?);
                        (x - y) as i64 as i128
                    }
                };
                let t = self.p.long_type();
                Ok(Value::Int(wrap(d / size, &t)))
            }
            (Value::Ptr { obj, off }, Value::Int(k), BinOp::Add | BinOp::Sub)
            | (Value::Int(k), Value::Ptr { obj, off }, BinOp::Add) => {
                let size = self.pointee_size(self.expr_ty(proc, e))?;
                let k = if op == BinOp::Sub { -*k } else { *k };
                Ok(Value::Ptr { obj: *obj, off: (*off as i128 + k * size) as i64 })
            }
            _ => Err(Stuck::unmodelled(format!(
                "unsupported pointer operation {} on {} and {}",
                op.symbol(),
                self.show(&a),
                self.show(&b)
            ))),
        }
    }
}
