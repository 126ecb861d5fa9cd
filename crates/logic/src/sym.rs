//! Symbolic states: C-- expressions evaluated to Z3 terms, and assignments applied to a state.
//!
//! A [`State`] maps the program's scalar variables to terms and holds the memory as an array
//! term. Variables not assigned yet read as constants named `{tag}{scope}.{name}`, so the
//! initial state of a procedure needs no set-up and two states with the same tag agree on
//! what they did not assign. The weakest precondition of an assignment `s` for a predicate
//! `φ` is `φ` evaluated in `post(s, pre)`: a formula over the constants of `pre`.
//!
//! Integers are mathematical (no overflow); `/` and `%` follow C (truncation); bitwise
//! operators and shifts by a non-constant are uninterpreted functions.

use crate::mem::{cells, field_offset, Layout, FRAME_STRIDE};
use crate::LogicError;
use cminus::{BinOp, Expr, Lval, Program, Type, UnOp};
use std::cell::Cell;
use std::collections::HashMap;
use z3::ast::{Array, Ast, Bool, Dynamic, Int};
use z3::{Context, FuncDecl, Sort};

/// A value: integers and pointers are `Int`, conditions are `Bool`.
#[derive(Clone, Debug)]
pub enum Val<'ctx> {
    I(Int<'ctx>),
    B(Bool<'ctx>),
}

/// What the encoder needs to know about the program, shared by all states.
pub struct Env<'p, 'ctx> {
    pub ctx: &'ctx Context,
    pub prog: &'p Program,
    pub layout: Layout,
    fresh: Cell<u64>,
    /// Fresh constants made since the last [`Env::take_fresh`] (nondeterministic values).
    fresh_log: std::cell::RefCell<Vec<Int<'ctx>>>,
    funcs: HashMap<&'static str, FuncDecl<'ctx>>,
}

impl<'p, 'ctx> Env<'p, 'ctx> {
    pub fn new(ctx: &'ctx Context, prog: &'p Program) -> Env<'p, 'ctx> {
        let int = Sort::int(ctx);
        let mut funcs = HashMap::new();
        for name in ["bitand", "bitor", "bitxor", "shl", "shr", "bitnot"] {
            let arity = if name == "bitnot" { 1 } else { 2 };
            let dom: Vec<&Sort> = (0..arity).map(|_| &int).collect();
            funcs.insert(name, FuncDecl::new(ctx, name, &dom, &int));
        }
        Env { ctx, prog, layout: Layout::new(prog), fresh: Cell::new(0), fresh_log: Default::default(), funcs }
    }

    /// A fresh integer constant (a nondeterministic value).
    pub fn fresh_int(&self, hint: &str) -> Int<'ctx> {
        let n = self.fresh.get();
        self.fresh.set(n + 1);
        let c = Int::new_const(self.ctx, format!("{hint}!{n}"));
        self.fresh_log.borrow_mut().push(c.clone());
        c
    }

    /// The fresh constants made since the last call, in order of creation.
    pub fn take_fresh(&self) -> Vec<Int<'ctx>> {
        std::mem::take(&mut *self.fresh_log.borrow_mut())
    }

    pub fn int(&self, v: i64) -> Int<'ctx> {
        Int::from_i64(self.ctx, v)
    }

    fn uf(&self, name: &'static str, args: &[&Int<'ctx>]) -> Int<'ctx> {
        let a: Vec<&dyn Ast<'ctx>> = args.iter().map(|x| *x as &dyn Ast<'ctx>).collect();
        self.funcs[name].apply(&a).as_int().expect("integer function")
    }
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
    vars: HashMap<(Option<String>, String), Int<'ctx>>,
    pub mem: Array<'ctx>,
}

impl<'ctx> State<'ctx> {
    pub fn new(env: &Env<'_, 'ctx>, tag: &str, proc: Option<&str>) -> State<'ctx> {
        let int = Sort::int(env.ctx);
        State {
            tag: tag.to_string(),
            global_tag: tag.to_string(),
            proc: proc.map(str::to_string),
            frame: 0,
            vars: HashMap::new(),
            mem: Array::new_const(env.ctx, format!("{tag}mem"), &int, &int),
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

    /// The current term of a scalar variable that is not in memory.
    pub fn var(&self, env: &Env<'_, 'ctx>, name: &str) -> Int<'ctx> {
        let k = self.key(env, name);
        if let Some(t) = self.vars.get(&k) {
            return t.clone();
        }
        // Globals are not frame-specific; locals of frame f > 0 get their own constants.
        let (tag, scope) = match (&k.0, self.frame) {
            (None, _) => (&self.global_tag, "g".to_string()),
            (Some(p), 0) => (&self.tag, p.clone()),
            (Some(p), f) => (&self.tag, format!("{p}#{f}")),
        };
        Int::new_const(env.ctx, format!("{tag}{scope}.{name}"))
    }

    pub fn set_var(&mut self, env: &Env<'_, 'ctx>, name: &str, v: Int<'ctx>) {
        let k = self.key(env, name);
        self.vars.insert(k, v);
    }

    /// Set a global scalar, whatever the scope of this state (a local may shadow it).
    pub fn set_global(&mut self, name: &str, v: Int<'ctx>) {
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
    pub fn var_addr(&self, env: &Env<'_, 'ctx>, name: &str) -> Int<'ctx> {
        let k = self.key(env, name);
        let b = env.layout.base(&k.0, name);
        let off = if k.0.is_some() { self.frame as i64 * FRAME_STRIDE } else { 0 };
        env.int(b + off)
    }

    /// The address of an lvalue that lives in memory.
    pub fn addr(&self, env: &Env<'_, 'ctx>, l: &Lval) -> Result<Int<'ctx>, LogicError> {
        Ok(match l {
            Lval::Var(v) => self.var_addr(env, v),
            Lval::Deref(e) => self.int(env, e)?,
            Lval::Field(inner, f) => {
                let base = self.addr(env, inner)?;
                match self.type_of_lval(env, inner)? {
                    Type::Struct(s) => {
                        let off = field_offset(env.prog, &s, f) as i64;
                        if off == 0 {
                            base
                        } else {
                            Int::add(env.ctx, &[&base, &env.int(off)])
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
                let k = cells(env.prog, &elem) as i64;
                let idx = self.int(env, i)?;
                let scaled = if k == 1 { idx } else { Int::mul(env.ctx, &[&idx, &env.int(k)]) };
                Int::add(env.ctx, &[&base, &scaled])
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
    pub fn read(&self, env: &Env<'_, 'ctx>, l: &Lval) -> Result<Int<'ctx>, LogicError> {
        if let Some(v) = self.is_register(env, l) {
            return Ok(self.var(env, &v));
        }
        let t = self.type_of_lval(env, l)?;
        let a = self.addr(env, l)?;
        if t.is_aggregate() {
            return Ok(a);
        }
        Ok(self.mem.select(&a).as_int().expect("memory holds integers"))
    }

    /// Assign an integer value to an lvalue.
    pub fn write(&mut self, env: &Env<'_, 'ctx>, l: &Lval, v: Int<'ctx>) -> Result<(), LogicError> {
        if let Some(name) = self.is_register(env, l) {
            self.set_var(env, &name, v);
            return Ok(());
        }
        let a = self.addr(env, l)?;
        self.mem = self.mem.store(&a, &v);
        Ok(())
    }

    /// `l := e` (struct assignment copies cells; a very large copy havocs the target).
    pub fn assign(&mut self, env: &Env<'_, 'ctx>, l: &Lval, e: &Expr) -> Result<(), LogicError> {
        let t = self.type_of_lval(env, l)?;
        if t.is_aggregate() {
            let n = cells(env.prog, &t);
            let dst = self.addr(env, l)?;
            let src = match e {
                Expr::Lval(r) => Some(self.addr(env, r)?),
                _ => None,
            };
            for k in 0..n.min(64) {
                let d = Int::add(env.ctx, &[&dst, &env.int(k as i64)]);
                let v = match &src {
                    Some(s) => self.mem.select(&Int::add(env.ctx, &[s, &env.int(k as i64)])).as_int().expect("int"),
                    None => env.fresh_int("copy"),
                };
                self.mem = self.mem.store(&d, &v);
            }
            if n > 64 {
                // Too large to copy cell by cell: memory becomes unknown (sound, coarse).
                let int = Sort::int(env.ctx);
                self.mem = Array::fresh_const(env.ctx, "havoc", &int, &int);
            }
            return Ok(());
        }
        let v = self.int(env, e)?;
        self.write(env, l, v)
    }

    /// Evaluate an expression.
    pub fn eval(&self, env: &Env<'_, 'ctx>, e: &Expr) -> Result<Val<'ctx>, LogicError> {
        let ctx = env.ctx;
        Ok(match e {
            Expr::Int(n) => {
                let v = i64::try_from(*n).map_err(|_| LogicError::Unsupported(format!("constant {n} out of range")))?;
                Val::I(env.int(v))
            }
            Expr::Bool(b) => Val::B(Bool::from_bool(ctx, *b)),
            Expr::Lval(l) => {
                // C's _Bool holds 0 or 1; as a value it is an integer like the others.
                Val::I(self.read(env, l)?)
            }
            Expr::AddrOf(l) => Val::I(self.addr(env, l)?),
            Expr::FuncAddr(f) => Val::I(env.int(env.layout.func_addr(f))),
            Expr::Nondet(_) => Val::I(env.fresh_int("nondet")),
            Expr::Cast(t, inner) => {
                let v = self.eval(env, inner)?;
                match t {
                    Type::Bool => Val::I(to_bool(env, v).ite(&env.int(1), &env.int(0))),
                    Type::Int { bits, signed } => {
                        let from = self.type_of(env, inner).ok();
                        Val::I(convert(env, to_int(env, v), from.as_ref(), *bits, *signed))
                    }
                    _ => Val::I(to_int(env, v)),
                }
            }
            Expr::Unary(op, a) => {
                let v = self.eval(env, a)?;
                match op {
                    UnOp::Not => Val::B(to_bool(env, v).not()),
                    UnOp::Neg => Val::I(to_int(env, v).unary_minus()),
                    UnOp::BitNot => {
                        let x = to_int(env, v);
                        // ~x = -x - 1 on mathematical integers (two's complement identity).
                        Val::I(Int::sub(ctx, &[&x.unary_minus(), &env.int(1)]))
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
                let ta = self.type_of(env, a)?;
                let tb = self.type_of(env, b)?;
                let x = to_int(env, self.eval(env, a)?);
                let y = to_int(env, self.eval(env, b)?);
                let scale = |t: &Type| -> i64 {
                    match t {
                        Type::Ptr(p) => cells(env.prog, p) as i64,
                        _ => 1,
                    }
                };
                match op {
                    BinOp::Eq => Val::B(x._eq(&y)),
                    BinOp::Ne => Val::B(x._eq(&y).not()),
                    BinOp::Lt => Val::B(x.lt(&y)),
                    BinOp::Le => Val::B(x.le(&y)),
                    BinOp::Gt => Val::B(x.gt(&y)),
                    BinOp::Ge => Val::B(x.ge(&y)),
                    BinOp::Add | BinOp::Sub if ta.is_pointer() && tb.is_pointer() => {
                        // ptr - ptr: the difference in elements.
                        let d = Int::sub(ctx, &[&x, &y]);
                        let k = scale(&ta);
                        Val::I(if k == 1 { d } else { d.div(&env.int(k)) })
                    }
                    BinOp::Add | BinOp::Sub if ta.is_pointer() || tb.is_pointer() => {
                        let (p, i, k) = if ta.is_pointer() { (x, y, scale(&ta)) } else { (y, x, scale(&tb)) };
                        let off = if k == 1 { i } else { Int::mul(ctx, &[&i, &env.int(k)]) };
                        Val::I(if *op == BinOp::Add { Int::add(ctx, &[&p, &off]) } else { Int::sub(ctx, &[&p, &off]) })
                    }
                    BinOp::Add => Val::I(Int::add(ctx, &[&x, &y])),
                    BinOp::Sub => Val::I(Int::sub(ctx, &[&x, &y])),
                    BinOp::Mul => Val::I(Int::mul(ctx, &[&x, &y])),
                    BinOp::Div => Val::I(c_div(env, &x, &y)),
                    BinOp::Rem => {
                        let q = c_div(env, &x, &y);
                        Val::I(Int::sub(ctx, &[&x, &Int::mul(ctx, &[&y, &q])]))
                    }
                    BinOp::Shl => match y.as_i64() {
                        Some(k) if (0..62).contains(&k) => Val::I(Int::mul(ctx, &[&x, &env.int(1 << k)])),
                        _ => Val::I(env.uf("shl", &[&x, &y])),
                    },
                    BinOp::Shr => match y.as_i64() {
                        // An arithmetic shift floors: Z3's div by a positive constant does.
                        Some(k) if (0..62).contains(&k) => Val::I(x.div(&env.int(1 << k))),
                        _ => Val::I(env.uf("shr", &[&x, &y])),
                    },
                    BinOp::BitAnd | BinOp::BitOr | BinOp::BitXor => Val::I(bitwise(env, *op, &x, &y)),
                    BinOp::And | BinOp::Or => unreachable!("handled above"),
                }
            }
        })
    }

    pub fn int(&self, env: &Env<'_, 'ctx>, e: &Expr) -> Result<Int<'ctx>, LogicError> {
        Ok(to_int(env, self.eval(env, e)?))
    }

    /// An expression as a condition (C truth: non-zero).
    pub fn cond(&self, env: &Env<'_, 'ctx>, e: &Expr) -> Result<Bool<'ctx>, LogicError> {
        Ok(to_bool(env, self.eval(env, e)?))
    }
}

/// `x & c`, `x | c`, `x ^ c` exactly (two's complement) when one side is a constant, by
/// arithmetic on its bits: bit k of x is `(x div 2^k) mod 2`, and `x & ~c = x - (x & c)`.
/// Otherwise an uninterpreted function (sound for abstraction; Newton confirms paths on the
/// interpreter).
fn bitwise<'ctx>(env: &Env<'_, 'ctx>, op: BinOp, x: &Int<'ctx>, y: &Int<'ctx>) -> Int<'ctx> {
    let ctx = env.ctx;
    let (v, c) = match (x.as_i64(), y.as_i64()) {
        (_, Some(c)) => (x, c),
        (Some(c), _) => (y, c),
        _ => {
            let name = match op {
                BinOp::BitAnd => "bitand",
                BinOp::BitOr => "bitor",
                _ => "bitxor",
            };
            return env.uf(name, &[x, y]);
        }
    };
    // x & c for c >= 0, as a sum of the bits of x that c keeps.
    let and_pos = |c: i64| -> Int<'ctx> {
        if c == 0 {
            return env.int(0);
        }
        if c > 0 && (c & (c + 1)) == 0 {
            // c = 2^k - 1: x mod 2^k
            return v.modulo(&env.int(c + 1));
        }
        let mut parts = Vec::new();
        for k in 0..62 {
            if (c >> k) & 1 == 1 {
                let bit = v.div(&env.int(1 << k)).modulo(&env.int(2));
                parts.push(if k == 0 { bit } else { Int::mul(ctx, &[&bit, &env.int(1 << k)]) });
            }
        }
        let refs: Vec<&Int> = parts.iter().collect();
        Int::add(ctx, &refs)
    };
    // Few bits: sum them. Many bits (like `~F_BUSY` as an unsigned constant): x minus the
    // bits c clears — exact for the values of the unsigned type of that width (a wrap
    // `mod 2^w` would be exact everywhere but makes Z3's arithmetic time out).
    let and_c = if c < 0 {
        Int::sub(ctx, &[v, &and_pos(!c)])
    } else {
        let w: u32 = if c >= 1 << 32 { 62 } else { 32 };
        let mask = (1i64 << w) - 1;
        if c.count_ones() > w / 2 && c <= mask {
            Int::sub(ctx, &[v, &and_pos(mask & !c)])
        } else {
            and_pos(c)
        }
    };
    match op {
        BinOp::BitAnd => and_c,
        BinOp::BitOr => Int::sub(ctx, &[&Int::add(ctx, &[v, &env.int(c)]), &and_c]),
        _ => Int::sub(ctx, &[&Int::add(ctx, &[v, &env.int(c)]), &Int::mul(ctx, &[&env.int(2), &and_c])]),
    }
}

/// An integer conversion: the value wraps into the target type's range (two's complement,
/// as the interpreter and gcc do) unless every value of the source type fits.
fn convert<'ctx>(env: &Env<'_, 'ctx>, x: Int<'ctx>, from: Option<&Type>, bits: u16, signed: bool) -> Int<'ctx> {
    if bits >= 64 {
        return x;
    }
    let fits = match from {
        Some(Type::Bool) => true,
        Some(Type::Int { bits: fb, signed: fs }) => (*fs == signed && fb <= &bits) || (!*fs && signed && *fb < bits),
        _ => false,
    };
    if fits {
        return x;
    }
    let m = 1i64 << bits;
    if let Some(c) = x.as_i64() {
        let r = c.rem_euclid(m);
        return env.int(if signed && r >= m / 2 { r - m } else { r });
    }
    if signed {
        let h = env.int(m / 2);
        Int::sub(env.ctx, &[&Int::add(env.ctx, &[&x, &h]).modulo(&env.int(m)), &h])
    } else {
        x.modulo(&env.int(m))
    }
}

/// C division, truncating toward zero.
fn c_div<'ctx>(env: &Env<'_, 'ctx>, x: &Int<'ctx>, y: &Int<'ctx>) -> Int<'ctx> {
    let zero = env.int(0);
    if let (Some(a), Some(b)) = (x.as_i64(), y.as_i64()) {
        if let Some(q) = a.checked_div(b) {
            return env.int(q);
        }
    }
    let ax = x.ge(&zero).ite(x, &x.unary_minus());
    let ay = y.ge(&zero).ite(y, &y.unary_minus());
    let q = ax.div(&ay);
    let neg = x.lt(&zero).xor(&y.lt(&zero));
    neg.ite(&q.unary_minus(), &q)
}

pub fn to_int<'ctx>(env: &Env<'_, 'ctx>, v: Val<'ctx>) -> Int<'ctx> {
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
