//! A concrete interpreter for C--, the reference semantics used to test the front end and
//! later stages.
//!
//! **Memory**: every variable (and every allocation) is an object holding a value tree; a
//! pointer is an object plus a path of field/element indices, so pointers to locals, globals,
//! struct fields and array elements work. Allocation models (`malloc` and the other
//! [`crate::pointsto::ALLOCATORS`]) return a pointer to element 0 of a fresh array object;
//! `calloc`/`kzalloc`/`kcalloc`/`vzalloc` memory is zero, other allocations uninitialised.
//! The object of a variable-length array ([`crate::names::VLA_ALLOC`]) has exactly the
//! elements asked for: an access past them is undefined behaviour, as for a fixed array.
//!
//! **Nondeterminism**: the supplier is asked for a value, in this order of events as they
//! happen: (1) each integer/bool formal of the entry procedure, left to right (pointer formals
//! get a fresh uninitialised object instead); then during execution (2) each evaluation of
//! `nondet`, (3) each call of an external function without a model (its return value),
//! (4) each first read of an uninitialised scalar (the value is then stored), (5) each `goto`
//! whose targets are not decided by the `assume` at the targets: when exactly one target's
//! leading `assume` holds (or has no assume) it is taken without asking; when several are
//! possible the supplier's value modulo their number picks one (in label order).
//!
//! Undefined behaviour (null or invalid dereference, division by zero, a negative or
//! too-large index or shift) and a failing `assume` make the run [`Outcome::Stuck`].

use crate::pointsto::extern_allocation;
use crate::*;
use std::collections::HashMap;

/// A runtime value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    Int(i128),
    Ptr {
        obj: usize,
        path: Vec<i64>,
    },
    Func(String),
    Agg(Vec<Value>),
    /// Uninitialised (as a scalar, or every part of an aggregate).
    Undef,
    /// All-zero memory (as a scalar 0, or every part of an aggregate).
    Zero,
}

/// How a run ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// An `error` statement was reached.
    Error { stmt: StmtId, msg: String },
    /// A `halt` statement was reached.
    Halt { stmt: StmtId },
    /// The entry procedure returned (with its integer value, if any).
    Returned(Option<i128>),
    /// The step limit was reached.
    StepLimit,
    /// A failing `assume` or undefined behaviour.
    /// `unmodelled`: the interpreter does not model the operation (not a fact about C).
    Stuck { stmt: StmtId, reason: String, unmodelled: bool },
}

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
    /// The first read of an uninitialised scalar: the variable `(procedure, name, frame)` when
    /// the object is a whole variable (`None` procedure for globals; frame `n` is the n-th call
    /// of the run, the entry's frame is 0), else `None`.
    Uninit(Option<(Option<String>, String, usize)>),
    /// A `goto` with several possible targets: the value picks one (index into the labels).
    Goto(Vec<Label>),
    /// The first read of an uninitialised scalar inside the object an entry pointer
    /// parameter points to: the parameter's index and the path (fields, elements) within.
    UninitParam { param: usize, path: Vec<i64> },
    /// The first read of an uninitialised scalar inside the object of the `alloc`-th
    /// allocation, an array of `elem`: the path (element index, then fields…) within.
    UninitAlloc { alloc: usize, elem: Type, path: Vec<i64> },
    /// The integer value of a pointer converted to an integer type, asked once per distinct
    /// non-NULL pointer, in the order the run first converts them: objects have no fixed
    /// addresses, so the address is a choice, as in the logic.
    Address,
}

/// The variable a nondeterministic pointer value points to (the start of it), as a replay
/// oracle resolves addresses.
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
/// value is needed (used to replay a counterexample found symbolically).
pub fn run_oracle(p: &Program, oracle: &mut dyn FnMut(&Event) -> i64, max_steps: u64) -> Run {
    run_replay(p, oracle, &|_| None, max_steps)
}

/// Like [`run_oracle`], and a nondeterministic pointer value that `resolve` maps to a
/// variable becomes a pointer to it (a replay of a symbolic counterexample, whose pointers
/// are addresses).
pub fn run_replay(
    p: &Program,
    oracle: &mut dyn FnMut(&Event) -> i64,
    resolve: &dyn Fn(i64) -> Option<Target>,
    max_steps: u64,
) -> Run {
    run_observed(p, oracle, resolve, max_steps, &mut |_, _| {})
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

/// Like [`run_replay`], and `observe` sees every statement before it runs, with the state
/// (the under-approximation search stores abstract states this way).
pub fn run_observed<'a>(
    p: &'a Program,
    oracle: &'a mut dyn FnMut(&Event) -> i64,
    resolve: &'a dyn Fn(i64) -> Option<Target>,
    max_steps: u64,
    observe: &'a mut Observer<'a>,
) -> Run {
    let mut m = Machine::new(p, oracle);
    m.resolve = Some(resolve);
    m.observe = Some(observe);
    let outcome = m.go(max_steps);
    Run { outcome, trace: m.trace, inputs_used: m.used, choices: m.choices }
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
            Ok(Value::Zero) if !self.peek_failed => Some(0),
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

struct Frame {
    proc: usize,
    pc: usize,
    vars: HashMap<String, usize>,
    /// Where the caller wants the result (in the caller's frame).
    ret: Option<Lval>,
}

/// Why a run is stuck; `unmodelled` when the interpreter does not model the operation (the
/// run says nothing about the C program then).
struct Stuck(String, bool);

/// Pointer equality is address equality: an object and its first field (or element) start
/// at the same address (`(void *)&s == (void *)&s.first`), so trailing zero steps of a path
/// do not count.
fn same_address(a: &Value, b: &Value) -> bool {
    fn start(path: &[i64]) -> &[i64] {
        let n = path.iter().rposition(|&k| k != 0).map_or(0, |i| i + 1);
        &path[..n]
    }
    match (a, b) {
        (Value::Ptr { obj, path }, Value::Ptr { obj: o2, path: p2 }) => obj == o2 && start(path) == start(p2),
        _ => a == b,
    }
}

impl Stuck {
    fn new(reason: impl Into<String>) -> Self {
        Stuck(reason.into(), false)
    }
}

type R<T> = Result<T, Stuck>;

struct Machine<'a> {
    p: &'a Program,
    nondet: &'a mut dyn FnMut(&Event) -> i64,
    /// Which variable (procedure, name, frame) each object is, for uninitialised reads.
    obj_var: HashMap<usize, (Option<String>, String, usize)>,
    /// The objects entry pointer parameters point to, by parameter index.
    param_obj: HashMap<usize, usize>,
    resolve: Option<&'a dyn Fn(i64) -> Option<Target>>,
    calls: usize,
    /// Allocator calls so far, and the objects of allocations (made early when a pointer
    /// value named one before it happened).
    alloc_calls: usize,
    allocs: HashMap<usize, usize>,
    /// The number of elements of the objects of variable-length arrays
    /// ([`crate::names::VLA_ALLOC`]), by object: an access at or past it stops the run.
    vla_len: HashMap<usize, i128>,
    /// Pointers converted to integers, by the integer (for conversions back).
    int_ptrs: HashMap<i128, Value>,
    /// The address chosen for each pointer converted so far.
    ptr_ints: Vec<(Value, i128)>,
    objects: Vec<Value>,
    globals: HashMap<String, usize>,
    frames: Vec<Frame>,
    labels: Vec<HashMap<&'a str, usize>>,
    procs: HashMap<&'a str, usize>,
    trace: Vec<StmtId>,
    used: Vec<i64>,
    choices: Vec<Choice>,
    /// Called before each statement (see [`run_observed`]).
    observe: Option<&'a mut Observer<'a>>,
    /// An observer is evaluating: no choice may be asked or remembered.
    peeking: bool,
    peek_failed: bool,
    /// The program has a union (member writes and reads then look at it; see `crate::unions`).
    unions: bool,
}

/// Member `idx` of a union (its `members`' values) set to `v`: the other integer members
/// change as gcc's layout makes them (see [`crate::unions`]).
fn set_union_member(d: &StructDef, members: &mut [Value], idx: usize, v: Value) {
    if let Some(Type::Int { bits, .. }) = d.fields.get(idx).map(|f| &f.ty) {
        let as_int = |x: &Value| match x {
            Value::Int(i) => Some(*i),
            Value::Zero => Some(0),
            _ => None,
        };
        let written = as_int(&v);
        for (j, f) in d.fields.iter().enumerate() {
            if j != idx && matches!(f.ty, Type::Int { .. }) {
                let old = as_int(&members[j]);
                let new = written.and_then(|w| crate::unions::read_after_member_write(old, w, *bits, &f.ty));
                members[j] = new.map_or(Value::Undef, Value::Int);
            }
        }
    }
    if let Some(m) = members.get_mut(idx) {
        *m = v;
    }
}

pub fn wrap(v: i128, t: &Type) -> i128 {
    match t {
        Type::Bool => (v != 0) as i128,
        Type::Int { bits, signed } if *bits < 128 => {
            let bits = *bits as u32;
            let m = 1i128 << bits;
            let mut r = v.rem_euclid(m);
            if *signed && r >= m / 2 {
                r -= m;
            }
            r
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
    if op == FloatOp::Neg {
        return Ok(match a {
            Fp::F32(v) => (-v).to_bits() as i128,
            Fp::F64(v) => (-v).to_bits() as i128,
        });
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

impl<'a> Machine<'a> {
    fn new(p: &'a Program, nondet: &'a mut dyn FnMut(&Event) -> i64) -> Self {
        let mut m = Machine {
            p,
            nondet,
            obj_var: HashMap::new(),
            param_obj: HashMap::new(),
            resolve: None,
            calls: 0,
            alloc_calls: 0,
            allocs: HashMap::new(),
            vla_len: HashMap::new(),
            int_ptrs: HashMap::new(),
            ptr_ints: Vec::new(),
            objects: vec![],
            globals: HashMap::new(),
            frames: vec![],
            labels: p.procs.iter().map(|pr| pr.label_map()).collect(),
            procs: p.procs.iter().enumerate().map(|(i, pr)| (pr.name.as_str(), i)).collect(),
            trace: vec![],
            used: vec![],
            choices: vec![],
            observe: None,
            peeking: false,
            peek_failed: false,
            unions: p.structs.iter().any(|d| d.is_union),
        };
        for g in &p.globals {
            let o = m.objects.len();
            m.objects.push(Value::Zero);
            m.globals.insert(g.name.clone(), o);
        }
        m
    }

    fn ask(&mut self, t: &Type, ask: Ask) -> i64 {
        if self.peeking {
            // An observer's question must not consume the run's choices.
            self.peek_failed = true;
            return 0;
        }
        // Before the first statement (globals' initialisers, entry parameters): usize::MAX.
        let step = self.trace.len().checked_sub(1).unwrap_or(usize::MAX);
        let v = (self.nondet)(&Event { step, ask: ask.clone(), ty: t });
        self.used.push(v);
        self.choices.push(Choice { step, ask, ty: t.clone(), value: v });
        v
    }

    fn nondet_value(&mut self, t: &Type, ask: Ask) -> Value {
        let v = self.ask(t, ask) as i128;
        match t {
            Type::Ptr(_) if v == 0 => Value::Int(0),
            Type::Ptr(_) if self.resolve.is_some() => {
                let target = self.resolve.and_then(|r| r(v as i64));
                let obj = match target {
                    Some(Target::Global(g)) => self.globals.get(&g).copied(),
                    Some(Target::Local { proc, var, frame }) => self
                        .obj_var
                        .iter()
                        .find(|(_, (p, n, f))| p.as_deref() == Some(proc.as_str()) && *n == var && *f == frame)
                        .map(|(o, _)| *o),
                    Some(Target::Alloc(k)) => {
                        let o = self.alloc_object(k);
                        return Value::Ptr { obj: o, path: vec![0] };
                    }
                    None => None,
                };
                match obj {
                    Some(obj) => Value::Ptr { obj, path: vec![] },
                    None => Value::Int(v),
                }
            }
            Type::Ptr(_) => Value::Int(v),
            t => Value::Int(wrap(v, t)),
        }
    }

    fn init_value(&mut self, i: &Init, ty: &Type) -> R<Value> {
        Ok(match i {
            Init::Zero => Value::Zero,
            Init::Expr(Expr::Nondet(_)) if ty.is_aggregate() => self.unknown_aggregate(ty)?,
            Init::Expr(e) => self.eval(None, e)?,
            Init::List(items) => {
                // missing trailing entries are zero
                let tys: Vec<Type> = match ty {
                    Type::Struct(s) => self
                        .p
                        .struct_def(s)
                        .map(|d| d.fields.iter().map(|f| f.ty.clone()).collect())
                        .unwrap_or_default(),
                    Type::Array(e, Some(n)) => vec![(**e).clone(); *n as usize],
                    _ => vec![],
                };
                if let Some(d) = crate::unions::union_def(self.p, ty) {
                    // Zero, then the member the initialiser names (its siblings follow).
                    let mut members = vec![Value::Zero; d.fields.len()];
                    let mut tag = Value::Zero;
                    for (k, it) in items.iter().enumerate().filter(|(_, it)| !crate::unions::is_zero(it)) {
                        let v = self.init_value(it, &tys.get(k).cloned().unwrap_or(Type::Void))?;
                        set_union_member(d, &mut members, k, v);
                        tag = Value::Int(crate::unions::member_class(d, &d.fields[k].name).into());
                    }
                    if crate::unions::is_mixed(d) {
                        members.push(tag);
                    }
                    return Ok(Value::Agg(members));
                }
                let mut v = vec![];
                for (k, it) in items.iter().enumerate() {
                    let t = tys.get(k).cloned().unwrap_or(Type::Void);
                    v.push(self.init_value(it, &t)?);
                }
                while v.len() < tys.len() {
                    v.push(Value::Zero);
                }
                Value::Agg(v)
            }
        })
    }

    /// Unknown contents of an aggregate (an `extern` global defined elsewhere): every scalar
    /// leaf from the oracle, fields and items in order (as `logic` makes them); unions zero.
    fn unknown_aggregate(&mut self, ty: &Type) -> R<Value> {
        Ok(match ty {
            Type::Struct(s) => match self.p.struct_def(s) {
                Some(d) if !d.is_union => {
                    let tys: Vec<Type> = d.fields.iter().map(|f| f.ty.clone()).collect();
                    Value::Agg(tys.iter().map(|t| self.unknown_aggregate(t)).collect::<R<_>>()?)
                }
                _ => Value::Zero,
            },
            Type::Array(e, Some(n)) => Value::Agg((0..*n).map(|_| self.unknown_aggregate(e)).collect::<R<_>>()?),
            Type::Array(_, None) => Value::Agg(vec![]),
            t if t.is_scalar() => self.eval(None, &Expr::Nondet(t.clone()))?,
            _ => Value::Zero,
        })
    }

    fn go(&mut self, max_steps: u64) -> Outcome {
        for (i, g) in self.p.globals.iter().enumerate() {
            match self.init_value(&g.init, &g.ty) {
                Ok(v) => self.objects[i] = v,
                Err(Stuck(reason, unmodelled)) => {
                    return Outcome::Stuck { stmt: StmtId(u32::MAX), reason, unmodelled };
                }
            }
        }
        let Some(&entry) = self.procs.get(self.p.entry.as_str()) else {
            return Outcome::Stuck { stmt: StmtId(u32::MAX), reason: "no entry procedure".into(), unmodelled: false };
        };
        let ep = &self.p.procs[entry];
        let mut args = vec![];
        for (i, f) in ep.formals.iter().enumerate() {
            let v = match &f.ty {
                Type::Ptr(_) => {
                    let o = self.objects.len();
                    self.objects.push(Value::Undef);
                    self.param_obj.insert(o, i);
                    Value::Ptr { obj: o, path: vec![] }
                }
                t if t.is_scalar() => self.nondet_value(t, Ask::EntryParam(i)),
                _ => Value::Undef,
            };
            args.push(v);
        }
        self.push_frame(entry, args, None);
        let mut steps = 0;
        loop {
            if steps >= max_steps {
                return Outcome::StepLimit;
            }
            steps += 1;
            let fr = self.frames.last().unwrap();
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
            match self.step(proc, stmt) {
                Ok(Some(o)) => return o,
                Ok(None) => {}
                Err(Stuck(reason, unmodelled)) => return Outcome::Stuck { stmt: stmt.id, reason, unmodelled },
            }
        }
    }

    fn push_frame(&mut self, pi: usize, args: Vec<Value>, ret: Option<Lval>) {
        let pr = &self.p.procs[pi];
        let frame_no = self.calls;
        self.calls += 1;
        let mut vars = HashMap::new();
        for (f, a) in pr.formals.iter().zip(args) {
            let o = self.objects.len();
            self.objects.push(a);
            vars.insert(f.name.clone(), o);
            self.obj_var.insert(o, (Some(pr.name.clone()), f.name.clone(), frame_no));
        }
        for l in &pr.locals {
            let o = self.objects.len();
            self.objects.push(Value::Undef);
            vars.insert(l.name.clone(), o);
            self.obj_var.insert(o, (Some(pr.name.clone()), l.name.clone(), frame_no));
        }
        self.frames.push(Frame { proc: pi, pc: 0, vars, ret });
    }

    /// Pop the current frame; `Some` when the entry procedure returned.
    fn do_return(&mut self, v: Option<Value>) -> Option<Outcome> {
        let fr = self.frames.pop().unwrap();
        if self.frames.is_empty() {
            let val = match v {
                Some(Value::Int(i)) => Some(i),
                Some(Value::Zero) => Some(0),
                _ => None,
            };
            return Some(Outcome::Returned(val));
        }
        if let (Some(lv), Some(v)) = (fr.ret, v) {
            let caller = &self.p.procs[self.frames.last().unwrap().proc];
            if let Err(Stuck(reason, unmodelled)) = self.store(Some(caller), &lv, v) {
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
                self.store(pp, l, v)?;
            }
            StmtKind::Call { ret, callee, args } => {
                let mut vals = vec![];
                for a in args {
                    vals.push(self.eval(pp, a)?);
                }
                if let Some(&pi) = self.procs.get(callee.as_str()) {
                    self.push_frame(pi, vals, ret.clone());
                    return Ok(None);
                }
                let rv = self.call_extern(callee, &vals)?;
                if let (Some(l), Some(v)) = (ret, rv) {
                    self.store(pp, l, v)?;
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
                    return Err(Stuck::new(format!("assume({}) failed", print_expr(e))));
                }
            }
            StmtKind::Goto(ls) => {
                let pi = self.frames.last().unwrap().proc;
                let mut cands = vec![];
                for l in ls {
                    let Some(&t) = self.labels[pi].get(l.as_str()) else {
                        return Err(Stuck::new(format!("undefined label {l}")));
                    };
                    // The target's leading assumes (a branch condition, after the NULL guards
                    // of `guard`) decide whether it is feasible.
                    let mut ok = true;
                    let mut k = t;
                    while ok {
                        match proc.body.get(k).map(|s| &s.kind) {
                            Some(StmtKind::Assume(c)) => ok = self.truth(pp, c).unwrap_or(false),
                            _ => break,
                        }
                        k += 1;
                        if proc.body.get(k).is_some_and(|s| !s.labels.is_empty()) {
                            break;
                        }
                    }
                    if ok {
                        cands.push(t);
                    }
                }
                let t = match cands.len() {
                    0 => return Err(Stuck::new("no goto target is feasible")),
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

    /// The type of the elements of the allocated object that `l` reads: the pointee of the
    /// pointer through which it is reached (an allocation is an array of those).
    fn access_elem(&self, proc: Option<&Proc>, l: &Lval) -> Option<Type> {
        match l {
            Lval::Var(_) => None,
            Lval::Field(inner, _) => self.access_elem(proc, inner),
            Lval::Index(inner, _) => match self.p.type_of_lval(proc, inner)? {
                Type::Ptr(t) => Some(*t),
                _ => self.access_elem(proc, inner),
            },
            Lval::Deref(e) => self.p.type_of(proc, e)?.pointee().cloned(),
        }
    }

    /// A pointer converted to the integer type `t`. Replays take the address from the oracle;
    /// plain runs give each object a distinct made-up address. The pointer is remembered, so
    /// that converting the integer back gives the pointer again.
    fn ptr_to_int(&mut self, v: Value, t: &Type) -> Value {
        if let Some(a) = self.ptr_ints.iter().find(|(p, _)| *p == v).map(|(_, a)| *a) {
            return Value::Int(wrap(a, t));
        }
        let addr = match &v {
            Value::Int(i) => return Value::Int(wrap(*i, t)),
            Value::Zero | Value::Undef => return Value::Int(0),
            _ if self.peeking => {
                self.peek_failed = true;
                return Value::Int(0);
            }
            _ if self.resolve.is_some() => self.ask(&Type::Int { bits: 64, signed: false }, Ask::Address) as i128,
            Value::Ptr { obj, path } => 4096 * (*obj as i128 + 1) + 16 * path.iter().map(|&k| k as i128).sum::<i128>(),
            Value::Func(f) => 1 << 40 | self.procs.get(f.as_str()).map_or(0, |&k| k as i128) << 4,
            Value::Agg(_) => 0,
        };
        self.ptr_ints.push((v.clone(), addr));
        let i = wrap(addr, t);
        self.int_ptrs.insert(i, v);
        Value::Int(i)
    }

    /// The object of the k-th allocation (created when first named).
    fn alloc_object(&mut self, k: usize) -> usize {
        if let Some(&o) = self.allocs.get(&k) {
            return o;
        }
        let o = self.objects.len();
        self.objects.push(Value::Undef);
        self.allocs.insert(k, o);
        o
    }

    fn call_extern(&mut self, name: &str, args: &[Value]) -> R<Option<Value>> {
        if let Some(a) = extern_allocation(self.p, name) {
            // NULL when the supplier says 0 (for those that may fail), else a fresh object.
            let k = self.alloc_calls;
            self.alloc_calls += 1;
            if a.may_fail && self.ask(&Type::INT, Ask::AllocFails { heap: a.heap }) != 0 {
                return Ok(Some(Value::Int(0)));
            }
            let o = self.alloc_object(k);
            if name == crate::names::VLA_ALLOC {
                let n = match args.first() {
                    Some(&Value::Int(n)) => n,
                    _ => return Err(Stuck::new("variable-length array of unknown size")),
                };
                self.vla_len.insert(o, n);
            }
            if a.zeroed {
                self.objects[o] = Value::Zero;
            }
            return Ok(Some(Value::Ptr { obj: o, path: vec![0] }));
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
            return Err(Stuck("a value a library call wrote, which slam does not compute".into(), true));
        }
        if matches!(name, "free" | "kfree" | "vfree" | "ExFreePool" | "ExFreePoolWithTag") {
            let _ = args;
            return Ok(None);
        }
        let ret = self.p.extern_fn(name).map(|e| e.ty.ret.clone()).unwrap_or(Type::INT);
        if ret == Type::Void {
            return Ok(None);
        }
        if ret.is_scalar() {
            return Ok(Some(self.nondet_value(&ret, Ask::Nondet)));
        }
        Ok(Some(Value::Undef))
    }

    fn truth(&mut self, proc: Option<&Proc>, e: &Expr) -> R<bool> {
        let v = self.eval(proc, e)?;
        self.is_true(v)
    }

    fn is_true(&mut self, v: Value) -> R<bool> {
        Ok(match v {
            Value::Int(i) => i != 0,
            Value::Zero => false,
            Value::Ptr { .. } | Value::Func(_) => true,
            Value::Undef => self.ask(&Type::Bool, Ask::Uninit(None)) != 0,
            Value::Agg(_) => return Err(Stuck::new("aggregate used as a condition")),
        })
    }

    fn var_obj(&self, name: &str) -> R<usize> {
        if let Some(fr) = self.frames.last() {
            if let Some(&o) = fr.vars.get(name) {
                return Ok(o);
            }
        }
        self.globals.get(name).copied().ok_or_else(|| Stuck::new(format!("unknown variable {name}")))
    }

    fn place(&mut self, proc: Option<&Proc>, l: &Lval) -> R<(usize, Vec<i64>)> {
        match l {
            Lval::Var(v) => Ok((self.var_obj(v)?, vec![])),
            Lval::Deref(e) => match self.eval(proc, e)? {
                Value::Ptr { obj, path } => {
                    if let (Some(&n), Some(&k)) = (self.vla_len.get(&obj), path.first()) {
                        if k as i128 >= n {
                            return Err(Stuck::new(format!("index {k} out of bounds {n}")));
                        }
                    }
                    Ok((obj, path))
                }
                Value::Int(0) | Value::Zero => Err(Stuck::new("null pointer dereference")),
                Value::Func(f) => Err(Stuck::new(format!("dereference of function pointer {f}"))),
                v => Err(Stuck::new(format!("dereference of invalid pointer {v:?}"))),
            },
            Lval::Field(b, f) => {
                let t = self.p.type_of_lval(proc, b);
                let idx = match &t {
                    Some(Type::Struct(s)) => {
                        self.p.struct_def(s).and_then(|d| d.fields.iter().position(|x| &x.name == f))
                    }
                    _ => None,
                };
                let Some(idx) = idx else {
                    return Err(Stuck::new(format!("unknown field {f}")));
                };
                let (o, mut path) = self.place(proc, b)?;
                path.push(idx as i64);
                Ok((o, path))
            }
            Lval::Index(b, i) => {
                let (o, mut path) = self.place(proc, b)?;
                let iv = self.eval(proc, i)?;
                let iv = self.int_of(iv)?;
                if iv < 0 {
                    return Err(Stuck::new(format!("negative index {iv}")));
                }
                if let Some(Type::Array(_, Some(n))) = self.p.type_of_lval(proc, b) {
                    if iv as u64 >= n {
                        return Err(Stuck::new(format!("index {iv} out of bounds {n}")));
                    }
                }
                path.push(iv as i64);
                Ok((o, path))
            }
        }
    }

    fn read_path(&self, obj: usize, path: &[i64]) -> Value {
        let mut v = &self.objects[obj];
        for &i in path {
            match v {
                Value::Agg(items) => match items.get(i as usize) {
                    Some(x) => v = x,
                    None => return Value::Undef,
                },
                Value::Zero => return Value::Zero,
                _ => return Value::Undef,
            }
        }
        v.clone()
    }

    fn write_path(&mut self, obj: usize, path: &[i64], val: Value) {
        let mut v = &mut self.objects[obj];
        for &i in path {
            if !matches!(v, Value::Agg(_)) {
                let fill = if *v == Value::Zero { Value::Zero } else { Value::Undef };
                *v = Value::Agg(vec![fill]);
            }
            let Value::Agg(items) = v else { unreachable!() };
            let i = i as usize;
            if items.len() <= i {
                let fill = items.last().map(|x| match x {
                    Value::Zero => Value::Zero,
                    _ => Value::Undef,
                });
                items.resize(i + 1, fill.unwrap_or(Value::Undef));
            }
            v = &mut items[i];
        }
        *v = val;
    }

    fn store(&mut self, proc: Option<&Proc>, l: &Lval, v: Value) -> R<()> {
        let (o, path) = self.place(proc, l)?;
        let union = match l {
            Lval::Field(b, _) if self.unions => {
                self.p.type_of_lval(proc, b).and_then(|t| crate::unions::union_def(self.p, &t))
            }
            _ => None,
        };
        match (union, path.split_last()) {
            (Some(d), Some((&idx, base))) => {
                let mut members = match self.read_path(o, base) {
                    Value::Agg(items) => items,
                    fill => vec![fill; d.fields.len()],
                };
                members.resize(d.fields.len(), Value::Undef);
                set_union_member(d, &mut members, idx as usize, v);
                self.write_path(o, base, Value::Agg(members));
            }
            _ => self.write_path(o, &path, v),
        }
        for (tag, class) in self.union_tags(proc, l, &path) {
            self.write_path(o, &tag, Value::Int(class.into()));
        }
        Ok(())
    }

    /// The tags of the mixed unions an access at `path` (of lvalue `l`) goes through: for
    /// each, the path of its tag (after its members) and the class of the member accessed.
    fn union_tags(&self, proc: Option<&Proc>, l: &Lval, path: &[i64]) -> Vec<(Vec<i64>, i64)> {
        let mut out = Vec::new();
        if !self.unions {
            return out;
        }
        let (mut cur, mut depth) = (l, path.len());
        while depth > 0 {
            match cur {
                Lval::Field(b, m) => {
                    let d = self.p.type_of_lval(proc, b).and_then(|t| crate::unions::union_def(self.p, &t).cloned());
                    if let Some(d) = d.filter(crate::unions::is_mixed) {
                        let mut tag = path[..depth - 1].to_vec();
                        tag.push(d.fields.len() as i64);
                        out.push((tag, crate::unions::member_class(&d, m)));
                    }
                    cur = b;
                }
                Lval::Index(b, _) => cur = b,
                Lval::Var(_) | Lval::Deref(_) => break,
            }
            depth -= 1;
        }
        out
    }

    fn int_of(&mut self, v: Value) -> R<i128> {
        match v {
            Value::Int(i) => Ok(i),
            Value::Zero => Ok(0),
            Value::Undef => Ok(self.ask(&Type::INT, Ask::Uninit(None)) as i128),
            v => Err(Stuck::new(format!("integer expected, found {v:?}"))),
        }
    }

    /// The value of `e`; one arm per C-- expression form, the longer forms in helpers.
    fn eval(&mut self, proc: Option<&Proc>, e: &Expr) -> R<Value> {
        Ok(match e {
            Expr::Int(v) => Value::Int(*v),
            Expr::Bool(b) => Value::Int(*b as i128),
            Expr::Lval(l) => self.eval_lval(proc, l)?,
            Expr::Unary(op, a) => {
                let v = self.eval(proc, a)?;
                match op {
                    UnOp::Not => Value::Int(!self.is_true(v)? as i128),
                    UnOp::Neg | UnOp::BitNot => {
                        let i = self.int_of(v)?;
                        let t = self.p.type_of(proc, e).unwrap_or(Type::INT);
                        let r = if *op == UnOp::Neg { -i } else { !i };
                        Value::Int(wrap(r, &t))
                    }
                }
            }
            Expr::Binary(BinOp::And, a, b) => {
                let va = self.eval(proc, a)?;
                if !self.is_true(va)? {
                    return Ok(Value::Int(0));
                }
                let vb = self.eval(proc, b)?;
                Value::Int(self.is_true(vb)? as i128)
            }
            Expr::Binary(BinOp::Or, a, b) => {
                let va = self.eval(proc, a)?;
                if self.is_true(va)? {
                    return Ok(Value::Int(1));
                }
                let vb = self.eval(proc, b)?;
                Value::Int(self.is_true(vb)? as i128)
            }
            Expr::Binary(op, a, b) => {
                let va = self.eval(proc, a)?;
                let vb = self.eval(proc, b)?;
                self.binary(proc, e, *op, va, vb)?
            }
            Expr::AddrOf(l) => {
                let (obj, path) = self.place(proc, l)?;
                Value::Ptr { obj, path }
            }
            Expr::FuncAddr(f) => Value::Func(f.clone()),
            Expr::Cast(t, a) => self.eval_cast(proc, t, a)?,
            Expr::Nondet(t) => self.nondet_value(t, Ask::Nondet),
            Expr::Float(op, t, xs) => {
                let from = xs.first().and_then(|x| self.p.type_of(proc, x));
                let mut vals = Vec::with_capacity(xs.len());
                for x in xs {
                    let v = self.eval(proc, x)?;
                    vals.push(self.int_of(v)?);
                }
                Value::Int(float_op(*op, from.as_ref(), t, &vals)?)
            }
        })
    }

    /// `(t) a`: pointer-to-integer casts, integers back to the pointers they came from, and
    /// wrapping to the target type.
    fn eval_cast(&mut self, proc: Option<&Proc>, t: &Type, a: &Expr) -> R<Value> {
        let from_ptr = matches!(t, Type::Int { .. }) && self.p.type_of(proc, a).is_some_and(|f| f.is_pointer());
        let v = self.eval(proc, a)?;
        if from_ptr {
            return Ok(self.ptr_to_int(v, t));
        }
        if let (Type::Ptr(_), Value::Int(i)) = (t, &v) {
            if let Some(p) = self.int_ptrs.get(i) {
                return Ok(p.clone());
            }
        }
        Ok(match (v, t) {
            (Value::Int(i), t) => Value::Int(wrap(i, t)),
            (Value::Zero, t) if t.is_scalar() => Value::Int(0),
            (Value::Undef, t) if t.is_scalar() => self.nondet_value(t, Ask::Uninit(None)),
            (Value::Ptr { .. } | Value::Func(_), Type::Bool) => Value::Int(1),
            (v, _) => v,
        })
    }

    /// Reads lvalue `l`; an uninitialised scalar gets a nondeterministic value (asked for
    /// and remembered), an array decays to a pointer.
    fn eval_lval(&mut self, proc: Option<&Proc>, l: &Lval) -> R<Value> {
        let (o, path) = self.place(proc, l)?;
        let punned = self
            .union_tags(proc, l, &path)
            .into_iter()
            .any(|(tag, class)| matches!(self.read_path(o, &tag), Value::Int(t) if t != 0 && t != i128::from(class)));
        if punned {
            // A mixed union read through a member of another class than the one written:
            // `logic` makes it unknown (see `crate::unions`); gcc reads the other member's
            // bytes, which no value of a run stands for.
            return Err(Stuck("a union read through a member of another kind than the one written".into(), true));
        }
        Ok(match self.read_path(o, &path) {
            Value::Undef => {
                let t = self.p.type_of_lval(proc, l);
                match t {
                    Some(t) if t.is_scalar() => {
                        let alloc = self.allocs.iter().find(|(_, &ob)| ob == o).map(|(&k, _)| k);
                        let ask = match (self.param_obj.get(&o), alloc) {
                            (Some(&param), _) => Ask::UninitParam { param, path: path.clone() },
                            (None, Some(alloc)) => match self.access_elem(proc, l) {
                                Some(elem) => Ask::UninitAlloc { alloc, elem, path: path.clone() },
                                None => Ask::Uninit(None),
                            },
                            (None, None) => {
                                Ask::Uninit(if path.is_empty() { self.obj_var.get(&o).cloned() } else { None })
                            }
                        };
                        if self.peeking {
                            self.peek_failed = true;
                            return Ok(Value::Int(0));
                        }
                        let v = self.nondet_value(&t, ask);
                        self.write_path(o, &path, v.clone());
                        v
                    }
                    Some(Type::Array(..)) => Value::Ptr { obj: o, path },
                    _ => Value::Undef,
                }
            }
            Value::Zero => match self.p.type_of_lval(proc, l) {
                Some(t) if t.is_scalar() => Value::Int(0),
                _ => Value::Zero,
            },
            v => v,
        })
    }

    fn binary(&mut self, proc: Option<&Proc>, e: &Expr, op: BinOp, a: Value, b: Value) -> R<Value> {
        let is_ptr = |v: &Value| matches!(v, Value::Ptr { .. } | Value::Func(_));
        if is_ptr(&a) || is_ptr(&b) {
            return self.ptr_binary(proc, e, op, a, b);
        }
        let x = self.int_of(a)?;
        let y = self.int_of(b)?;
        let b2 = |c: bool| Value::Int(c as i128);
        Ok(match op {
            BinOp::Eq => b2(x == y),
            BinOp::Ne => b2(x != y),
            BinOp::Lt => b2(x < y),
            BinOp::Le => b2(x <= y),
            BinOp::Gt => b2(x > y),
            BinOp::Ge => b2(x >= y),
            _ => {
                let t = self.p.type_of(proc, e).unwrap_or(Type::INT);
                let r = match op {
                    BinOp::Add => x + y,
                    BinOp::Sub => x - y,
                    BinOp::Mul => x.wrapping_mul(y),
                    BinOp::Div | BinOp::Rem => {
                        if y == 0 {
                            return Err(Stuck::new("division by zero"));
                        }
                        if op == BinOp::Div {
                            x / y
                        } else {
                            x % y
                        }
                    }
                    BinOp::Shl | BinOp::Shr => {
                        let bits = match t {
                            Type::Int { bits, .. } => bits as i128,
                            _ => 64,
                        };
                        if y < 0 || y >= bits {
                            return Err(Stuck::new(format!("shift by {y}")));
                        }
                        if op == BinOp::Shl {
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
                Value::Int(wrap(r, &t))
            }
        })
    }

    fn ptr_binary(&mut self, proc: Option<&Proc>, e: &Expr, op: BinOp, a: Value, b: Value) -> R<Value> {
        let norm = |v: Value| if v == Value::Zero { Value::Int(0) } else { v };
        let (a, b) = (norm(a), norm(b));
        let b2 = |c: bool| Ok(Value::Int(c as i128));
        match op {
            BinOp::Eq => return b2(same_address(&a, &b)),
            BinOp::Ne => return b2(!same_address(&a, &b)),
            _ => {}
        }
        match (&a, &b) {
            (Value::Ptr { obj, path }, Value::Ptr { obj: o2, path: p2 }) => {
                if obj != o2 {
                    return Err(Stuck::new("comparison of pointers to different objects"));
                }
                match op {
                    BinOp::Lt => b2(path < p2),
                    BinOp::Le => b2(path <= p2),
                    BinOp::Gt => b2(path > p2),
                    BinOp::Ge => b2(path >= p2),
                    BinOp::Sub => {
                        let d = match (path.last(), p2.last()) {
                            (Some(x), Some(y)) => (x - y) as i128,
                            _ => 0,
                        };
                        // the difference is in elements of the pointee
                        let _ = (proc, e);
                        Ok(Value::Int(d))
                    }
                    _ => Err(Stuck(format!("unsupported pointer operation {}", op.symbol()), true)),
                }
            }
            (Value::Ptr { obj, path }, Value::Int(k)) | (Value::Int(k), Value::Ptr { obj, path })
                if matches!(op, BinOp::Add | BinOp::Sub) =>
            {
                let k = if op == BinOp::Sub { -*k } else { *k };
                if k == 0 {
                    return Ok(Value::Ptr { obj: *obj, path: path.clone() });
                }
                let mut path = path.clone();
                match path.last_mut() {
                    Some(l) => {
                        *l += k as i64;
                        if *l < 0 {
                            return Err(Stuck::new("pointer arithmetic before the start of an array"));
                        }
                    }
                    None => return Err(Stuck::new("pointer arithmetic outside an array")),
                }
                Ok(Value::Ptr { obj: *obj, path })
            }
            _ => Err(Stuck(format!("unsupported pointer operation {}", op.symbol()), true)),
        }
    }
}
