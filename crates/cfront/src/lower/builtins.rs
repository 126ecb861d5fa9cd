//! GNU builtins with their documented effect: `__atomic_*`, `__sync_*` (one thread: plain
//! reads and writes), `__builtin_*_overflow` (exact), and the calls slam cannot model
//! (threads, unknown builtins), which are diagnosed "not supported" rather than treated as
//! unknown external functions.

use super::{const_expr, deref, fold, Lowerer, Res, Want};
use cminus::*;
use lang_c::ast::*;
use lang_c::span::{Node, Span};

/// Functions that start a thread or a process: slam checks sequential programs only.
/// The external function whose result stands for the string `asprintf` allocates.
pub(super) const ASPRINTF_BUFFER: &str = "__slam_asprintf_buffer";

fn is_concurrency_start(n: &str) -> bool {
    matches!(n, "pthread_create" | "thrd_create" | "clone" | "__clone" | "posix_spawn" | "posix_spawnp")
}

/// An arithmetic read-modify-write: the operation and whether the old value is returned.
fn rmw_op(n: &str) -> Option<(BinOp, bool, bool)> {
    // (op, returns old value, nand)
    let (op_name, old) = if let Some(r) = n.strip_prefix("__atomic_fetch_") {
        (r, true)
    } else if let Some(r) = n.strip_prefix("__sync_fetch_and_") {
        (r, true)
    } else if let Some(r) = n.strip_prefix("__atomic_").and_then(|r| r.strip_suffix("_fetch")) {
        (r, false)
    } else if let Some(r) = n.strip_prefix("__sync_").and_then(|r| r.strip_suffix("_and_fetch")) {
        (r, false)
    } else {
        return None;
    };
    let (op, nand) = match op_name {
        "add" => (BinOp::Add, false),
        "sub" => (BinOp::Sub, false),
        "and" => (BinOp::BitAnd, false),
        "or" => (BinOp::BitOr, false),
        "xor" => (BinOp::BitXor, false),
        "nand" => (BinOp::BitAnd, true),
        _ => return None,
    };
    Some((op, old, nand))
}

/// The typed overflow builtins (`__builtin_saddl_overflow`…): operation and operand type.
fn typed_overflow(n: &str, long_bits: u16) -> Option<(BinOp, Type)> {
    let r = n.strip_prefix("__builtin_")?.strip_suffix("_overflow")?;
    let (signed, r) = match r.as_bytes().first()? {
        b's' => (true, &r[1..]),
        b'u' => (false, &r[1..]),
        _ => return None,
    };
    let (op, r) = if let Some(r) = r.strip_prefix("add") {
        (BinOp::Add, r)
    } else if let Some(r) = r.strip_prefix("sub") {
        (BinOp::Sub, r)
    } else if let Some(r) = r.strip_prefix("mul") {
        (BinOp::Mul, r)
    } else {
        return None;
    };
    let bits = match r {
        "" => 32,
        "l" => long_bits,
        "ll" => 64,
        _ => return None,
    };
    Some((op, Type::int(bits, signed)))
}

/// The bit-counting builtins (`__builtin_popcountl`…): the function and the operand width.
fn bit_count(n: &str, long_bits: u16) -> Option<(&'static str, u16)> {
    let r = n.strip_prefix("__builtin_")?;
    for kind in ["popcount", "parity", "ffs", "ctz", "clz"] {
        if let Some(w) = r.strip_prefix(kind) {
            let bits = match w {
                "" => 32,
                "l" => long_bits,
                "ll" => 64,
                _ => return None,
            };
            return Some((kind, bits));
        }
    }
    None
}

/// Whether two C types are compatible, when the lowered types decide it: they keep no
/// qualifiers, no enums (an `int`) and no integer type names (`long` and `long long` are
/// alike), so only differences of kind, size or struct tag, `void`, and equal struct types
/// give an answer; `None` otherwise.
fn types_compatible(a: &Type, b: &Type) -> Option<bool> {
    match (a, b) {
        (Type::Void, Type::Void) => Some(true),
        (Type::Struct(x), Type::Struct(y)) => Some(x == y),
        (Type::Ptr(x), Type::Ptr(y)) => match types_compatible(x, y) {
            Some(false) => Some(false),
            _ => None,
        },
        (Type::Array(x, n), Type::Array(y, m)) => match (types_compatible(x, y), n, m) {
            (Some(false), _, _) => Some(false),
            (_, Some(n), Some(m)) if n != m => Some(false),
            _ => None,
        },
        (Type::Int { .. } | Type::Bool, Type::Int { .. } | Type::Bool)
        | (Type::Float { .. }, Type::Float { .. })
        | (Type::Func(_), Type::Func(_)) => None,
        _ => Some(false),
    }
}

/// The least and greatest value of an integer type.
fn range(t: &Type) -> (i128, i128) {
    match t {
        Type::Bool => (0, 1),
        Type::Int { bits, signed: true } => (-(1i128 << (bits - 1)), (1i128 << (bits - 1)) - 1),
        Type::Int { bits, signed: false } => (0, (1i128 << bits) - 1),
        _ => (0, 0),
    }
}

fn bits_of(t: &Type) -> u16 {
    match t {
        Type::Int { bits, .. } => *bits,
        _ => 1,
    }
}

fn is_signed(t: &Type) -> bool {
    matches!(t, Type::Int { signed: true, .. })
}

fn and(a: Expr, b: Expr) -> Expr {
    match (a, b) {
        (Expr::Bool(true), e) | (e, Expr::Bool(true)) => e,
        (Expr::Bool(false), _) | (_, Expr::Bool(false)) => Expr::Bool(false),
        (a, b) => Expr::bin(BinOp::And, a, b),
    }
}

fn or(a: Expr, b: Expr) -> Expr {
    match (a, b) {
        (Expr::Bool(false), e) | (e, Expr::Bool(false)) => e,
        (Expr::Bool(true), _) | (_, Expr::Bool(true)) => Expr::Bool(true),
        (a, b) => Expr::bin(BinOp::Or, a, b),
    }
}

const U64: Type = Type::Int { bits: 64, signed: false };
const I64: Type = Type::Int { bits: 64, signed: true };

impl Lowerer<'_> {
    /// A call of a thread start, of an unmodelled builtin or of an exit-handler registration
    /// slam does not model: "not supported" (so a check ends UNKNOWN), never an unknown
    /// external function that does nothing.
    pub(super) fn check_unmodelled(&self, n: &str, span: Span) -> Res<()> {
        if self.defined_fns.contains(n) {
            return Ok(());
        }
        if matches!(n, "pthread_create" | "thrd_create") && self.opts.thread_roots {
            return Ok(()); // the start routine is an entry of its own (Options::thread_roots)
        }
        if is_concurrency_start(n) {
            return self.unsupported(span, format!("concurrency is not supported: {n}"));
        }
        // `__builtin_alloca` is an allocator like `alloca` (`cminus::pointsto::ALLOCATORS`)
        if (n.starts_with("__builtin_") && n != "__builtin_alloca")
            || n.starts_with("__atomic_")
            || n.starts_with("__sync_")
        {
            return self.unsupported(span, format!("the GNU builtin {n} is not supported"));
        }
        // an external longjmp would return, and setjmp would never return a second time
        if matches!(n, "setjmp" | "_setjmp" | "sigsetjmp" | "__sigsetjmp" | "longjmp" | "_longjmp" | "siglongjmp") {
            return self.unsupported(span, format!("non-local jumps are not supported: {n}"));
        }
        if matches!(n, "on_exit" | "at_quick_exit") {
            return self.unsupported(span, format!("exit handlers registered with {n} are not supported"));
        }
        Ok(())
    }

    /// A function whose calls have a meaning of their own, used as a value (its address taken).
    pub(super) fn check_address_taken(&self, n: &str, span: Span) -> Res<()> {
        if self.defined_fns.contains(n) {
            return Ok(());
        }
        if n == "atexit" {
            return self.unsupported(span, "atexit through a function pointer is not supported");
        }
        self.check_unmodelled(n, span)
    }

    /// `if (c) then else` on a lowered condition.
    pub(super) fn emit_if(
        &mut self,
        c: Expr,
        then_f: &mut dyn FnMut(&mut Self) -> Res<()>,
        else_f: &mut dyn FnMut(&mut Self) -> Res<()>,
    ) -> Res<()> {
        match c {
            Expr::Bool(true) => return then_f(self),
            Expr::Bool(false) => return else_f(self),
            _ => {}
        }
        let (lt, lf, le) = (self.fresh_label(), self.fresh_label(), self.fresh_label());
        self.emit(StmtKind::Goto(vec![lt.clone(), lf.clone()]))?;
        self.place_label(&lt);
        self.emit(StmtKind::Assume(c.clone()))?;
        then_f(self)?;
        self.goto(&le)?;
        self.place_label(&lf);
        self.emit(StmtKind::Assume(Expr::negate(c)))?;
        else_f(self)?;
        self.place_label(&le);
        Ok(())
    }

    /// The GNU builtins modelled here. `Ok(None)`: not one of them.
    pub(super) fn gnu_builtin(
        &mut self,
        n: &str,
        c: &Node<CallExpression>,
        span: Span,
        want: &Want,
    ) -> Res<Option<Option<(Expr, Type)>>> {
        if super::memory::is_memory_fn(n) {
            return Ok(Some(self.memory_fn(n, c, span, want)?));
        }
        let args = &c.node.arguments;
        match n {
            "atexit" => return self.atexit_call(n, args, span, want).map(Some),
            "__builtin_va_start" if self.current_variadic() => {
                if let Some(ap) = args.first() {
                    let cursor = self.va_reader(ap, span)?.cursor;
                    self.set_loc(span);
                    self.emit(StmtKind::Assign(Lval::var(&cursor), Expr::Int(0)))?;
                }
                return Ok(Some(match want {
                    Want::Value => Some((Expr::Int(0), Type::Void)),
                    _ => None,
                }));
            }
            "__builtin_va_copy" if self.current_variadic() => {
                return self.unsupported(span, "va_copy in a variadic function is not supported")
            }
            // no effect on values: `va_arg` reads the arguments from the function's own copy
            // (`Lowerer::va_arg`); a `va_list` passed on is opaque
            "__atomic_thread_fence"
            | "__atomic_signal_fence"
            | "__sync_synchronize"
            | "__builtin_prefetch"
            | "__builtin_va_start"
            | "__builtin_va_end"
            | "__builtin_va_copy" => {
                for a in args {
                    self.effect(a)?;
                }
                return Ok(Some(match want {
                    Want::Value => Some((Expr::Int(0), Type::Void)),
                    _ => None,
                }));
            }
            "__builtin_bswap16" | "__builtin_bswap32" | "__builtin_bswap64" => {
                return self.bswap(n, args, span, want).map(Some)
            }
            _ if bit_count(n, self.long_bits()).is_some() => return self.bit_count_call(n, args, span, want).map(Some),
            "__builtin_types_compatible_p" => return self.types_compatible_call(args, span, want).map(Some),
            _ if float_function(n).is_some() => return self.float_function_call(n, args, span, want).map(Some),
            "__builtin_isnan" | "__builtin_isinf" | "__builtin_isinf_sign" | "__builtin_isfinite" => {
                return self.float_class_call(n, args, span, want).map(Some)
            }
            "__builtin_isgreater"
            | "__builtin_isgreaterequal"
            | "__builtin_isless"
            | "__builtin_islessequal"
            | "__builtin_islessgreater"
            | "__builtin_isunordered" => return self.float_compare_call(n, args, span, want).map(Some),
            "signbit" | "signbitf" | "signbitl" | "__builtin_signbit" | "__builtin_signbitf" | "__builtin_signbitl" => {
                return self.signbit_call(n, args, span, want).map(Some)
            }
            "div" | "ldiv" | "lldiv" | "imaxdiv" => {
                if let Some(r) = self.div_call(n, args, span, want)? {
                    return Ok(Some(r));
                }
            }
            "__builtin_inff"
            | "__builtin_inf"
            | "__builtin_huge_valf"
            | "__builtin_huge_val"
            | "__builtin_nanf"
            | "__builtin_nan" => return self.float_constant_call(n, args, span, want).map(Some),
            "__atomic_always_lock_free" | "__atomic_is_lock_free" => {
                self.argc(n, args, span, 2)?;
                // x86 and x86-64: objects of 1, 2, 4 and 8 bytes are lock-free
                let size = self.const_int(&args[0])?;
                if !matches!(size, 1 | 2 | 4 | 8) {
                    return self.unsupported(span, format!("{n} of a {size}-byte object is not supported"));
                }
                self.effect(&args[1])?;
                return Ok(Some(self.value_for_want(Expr::Bool(true), Type::Bool, want, span)?));
            }
            _ => {}
        }
        if let Some(rmw) = rmw_op(n) {
            return self.rmw_call(n, rmw, args, span, want).map(Some);
        }
        match n {
            "__atomic_load_n" | "__atomic_load" => self.atomic_load(n, args, span, want).map(Some),
            "__atomic_store_n" | "__atomic_store" => self.atomic_store(n, args, span, want).map(Some),
            "__atomic_exchange_n" | "__atomic_exchange" | "__sync_lock_test_and_set" => {
                self.atomic_exchange(n, args, span, want).map(Some)
            }
            "__atomic_compare_exchange_n" | "__atomic_compare_exchange" => {
                self.atomic_compare_exchange(n, args, span, want).map(Some)
            }
            "__sync_bool_compare_and_swap" | "__sync_val_compare_and_swap" => {
                self.sync_compare_and_swap(n, args, span, want).map(Some)
            }
            "__atomic_test_and_set" | "__atomic_clear" | "__sync_lock_release" => {
                self.test_and_set(n, args, span, want).map(Some)
            }
            "__builtin_add_overflow"
            | "__builtin_sub_overflow"
            | "__builtin_mul_overflow"
            | "__builtin_add_overflow_p"
            | "__builtin_sub_overflow_p"
            | "__builtin_mul_overflow_p" => self.overflow_call(n, args, span, want).map(Some),
            _ => match typed_overflow(n, self.long_bits()) {
                Some((op, t)) => self.typed_overflow_call(n, op, t, args, span, want).map(Some),
                None => Ok(None),
            },
        }
    }

    /// An error unless builtin `n` has `k` arguments.
    fn argc(&self, n: &str, args: &[Node<Expression>], span: Span, k: usize) -> Res<()> {
        if args.len() == k {
            Ok(())
        } else {
            self.err(span, format!("{n} takes {k} arguments"))
        }
    }

    /// The read-modify-write atomics (`__atomic_fetch_add`, `__sync_add_and_fetch`, …):
    /// `*p = *p op v` (`~(*p op v)` for nand), giving the old or the new value.
    fn rmw_call(
        &mut self,
        n: &str,
        (op, old, nand): (BinOp, bool, bool),
        args: &[Node<Expression>],
        span: Span,
        want: &Want,
    ) -> Res<Option<(Expr, Type)>> {
        let k = if n.starts_with("__atomic_") { 3 } else { args.len().max(2) };
        self.argc(n, args, span, k)?;
        let (l, t) = self.atomic_object(&args[0])?;
        if !t.is_integer() {
            return self.unsupported(args[0].span, format!("{n} on a non-integer object is not supported"));
        }
        let (v, vt) = self.rv(&args[1])?;
        for a in &args[2..] {
            self.effect(a)?;
        }
        self.set_loc(span);
        let prev = self.new_temp(t.clone())?;
        self.emit(StmtKind::Assign(Lval::var(&prev), Expr::Lval(l.clone())))?;
        let (r, rt) = self.arith(op, Expr::var(&prev), t.clone(), v, vt, span)?;
        let r = if nand { Expr::Unary(UnOp::BitNot, Box::new(r)) } else { r };
        let r = self.conv(r, &rt, &t, span)?;
        let result = if old {
            Expr::var(&prev)
        } else {
            let new = self.new_temp(t.clone())?;
            self.emit(StmtKind::Assign(Lval::var(&new), r.clone()))?;
            Expr::var(&new)
        };
        self.emit(StmtKind::Assign(l, if old { r } else { result.clone() }))?;
        self.value_for_want(result, t, want, span)
    }

    /// `__builtin_{add,sub,mul}_overflow[_p](a, b, res)`: whether the exact result overflows
    /// the type of `*res`, where (without `_p`) the wrapped result is stored.
    fn overflow_call(
        &mut self,
        n: &str,
        args: &[Node<Expression>],
        span: Span,
        want: &Want,
    ) -> Res<Option<(Expr, Type)>> {
        self.argc(n, args, span, 3)?;
        let op = match &n[10..13] {
            "add" => BinOp::Add,
            "sub" => BinOp::Sub,
            _ => BinOp::Mul,
        };
        let (a, at) = self.rv(&args[0])?;
        let (b, bt) = self.rv(&args[1])?;
        // `_p`: the third argument only gives the result type; nothing is stored
        let (res, rt) = if n.ends_with("_p") {
            (None, self.rv(&args[2])?.1)
        } else {
            let (res, rt) = self.atomic_object(&args[2])?;
            (Some(res), rt)
        };
        self.overflow(n, op, (a, at), (b, bt), res, rt, span, want)
    }

    /// The type-specific overflow builtins (`__builtin_sadd_overflow` & co.): operands
    /// converted to type `t`, the result stored through a pointer to `t`.
    fn typed_overflow_call(
        &mut self,
        n: &str,
        op: BinOp,
        t: Type,
        args: &[Node<Expression>],
        span: Span,
        want: &Want,
    ) -> Res<Option<(Expr, Type)>> {
        self.argc(n, args, span, 3)?;
        let (a, at) = self.rv(&args[0])?;
        let a = self.conv(a, &at, &t, args[0].span)?;
        let (b, bt) = self.rv(&args[1])?;
        let b = self.conv(b, &bt, &t, args[1].span)?;
        let (res, rt) = self.atomic_object(&args[2])?;
        if rt != t {
            return self.err(args[2].span, format!("{n} needs a pointer to {}", print::type_str(&t)));
        }
        self.overflow(n, op, (a, t.clone()), (b, t), Some(res), rt, span, want)
    }

    /// After a call of `asprintf`/`vasprintf`: the string the call allocates is stored
    /// through its first argument — NULL or a fresh object, like any data pointer an external
    /// function returns (`cminus::pointsto::extern_allocation`), here the result of
    /// [`ASPRINTF_BUFFER`] — and the call returns a negative number exactly when it is NULL.
    /// Without this the pointer would keep whatever it held, e.g. a block freed before.
    pub(super) fn allocated_through_first(&mut self, n: &str, args: &[Expr], ret: Option<&Lval>) -> Res<()> {
        if !matches!(n, "asprintf" | "vasprintf") || args.is_empty() {
            return Ok(());
        }
        let cp = Type::ptr(Type::CHAR);
        self.funcs.entry(ASPRINTF_BUFFER.into()).or_insert(FuncType {
            ret: cp.clone(),
            params: vec![],
            variadic: false,
        });
        let buf = self.new_temp(cp.clone())?;
        self.emit(StmtKind::Call { ret: Some(Lval::Var(buf.clone())), callee: ASPRINTF_BUFFER.into(), args: vec![] })?;
        // `asprintf(&s, …)` assigns `s` (simplest for the abstraction), else `*p`
        let a0 = args[0].uncast();
        let target = match a0 {
            Expr::AddrOf(l) => l.clone(),
            _ => Lval::Deref(Box::new(args[0].clone())),
        };
        self.emit(StmtKind::Assign(target, Expr::var(&buf)))?;
        if let Some(r) = ret {
            let null = Expr::bin(BinOp::Eq, Expr::var(&buf), Expr::Cast(cp, Box::new(Expr::Int(0))));
            let r = r.clone();
            let r2 = r.clone();
            self.emit_if(null, &mut |me| me.emit(StmtKind::Assign(r.clone(), Expr::Int(-1))), &mut |me| {
                me.emit(StmtKind::Assume(Expr::bin(BinOp::Ge, Expr::Lval(r2.clone()), Expr::Int(0))))
            })?;
        }
        Ok(())
    }

    /// `atexit(f)`: registers `f` with the model of the handler stack.
    fn atexit_call(
        &mut self,
        n: &str,
        args: &[Node<Expression>],
        span: Span,
        want: &Want,
    ) -> Res<Option<(Expr, Type)>> {
        self.argc(n, args, span, 1)?;
        let (f, ft) = self.rv(&args[0])?;
        let handler = Type::ptr(Type::Func(Box::new(FuncType { ret: Type::Void, params: vec![], variadic: false })));
        let f = self.conv(f, &ft, &handler, args[0].span)?;
        self.set_loc(span);
        let ret = match want {
            Want::Effect => None,
            _ => Some(Lval::Var(self.new_temp(Type::INT)?)),
        };
        self.emit(StmtKind::Call { ret: ret.clone(), callee: super::exit::ATEXIT_REGISTER.into(), args: vec![f] })?;
        Ok(match ret {
            Some(r) => self.value_for_want(Expr::Lval(r), Type::INT, want, span)?,
            None => None,
        })
    }

    /// `__builtin_bswapN(x)`: byte `i` of `x` moves to byte `N/8 - 1 - i`.
    fn bswap(&mut self, n: &str, args: &[Node<Expression>], span: Span, want: &Want) -> Res<Option<(Expr, Type)>> {
        self.argc(n, args, span, 1)?;
        let bits: u16 = n[15..].parse().unwrap_or(32);
        let t = Type::int(bits, false);
        let w = if bits == 64 { U64 } else { Type::UINT };
        let (x, xt) = self.rv(&args[0])?;
        let x = self.conv(x, &xt, &t, args[0].span)?;
        let x = self.conv(x, &t, &w, args[0].span)?;
        // byte i moves to byte n-1-i
        let nbytes = (bits / 8) as i128;
        let mut r = None;
        for i in 0..nbytes {
            let byte =
                Expr::bin(BinOp::BitAnd, Expr::bin(BinOp::Shr, x.clone(), Expr::Int(8 * i)), const_expr(0xff, &w));
            let moved = Expr::bin(BinOp::Shl, byte, Expr::Int(8 * (nbytes - 1 - i)));
            r = Some(match r {
                None => moved,
                Some(acc) => Expr::bin(BinOp::BitOr, acc, moved),
            });
        }
        let r = self.conv(r.unwrap_or(Expr::Int(0)), &w, &t, span)?;
        self.value_for_want(r, t, want, span)
    }

    /// `fabs`, `sqrt`, `trunc`, `floor`, `ceil`, `round` and their `float` forms (`fabsf`),
    /// also as `__builtin_` names: the [`FloatOp`] of the operand converted to the type.
    fn float_function_call(
        &mut self,
        n: &str,
        args: &[Node<Expression>],
        span: Span,
        want: &Want,
    ) -> Res<Option<(Expr, Type)>> {
        self.argc(n, args, span, 1)?;
        let (op, bits) = float_function(n).unwrap_or((FloatOp::Abs, 64));
        let t = Type::Float { bits };
        let (x, xt) = self.rv(&args[0])?;
        let x = self.conv(x, &xt, &t, args[0].span)?;
        let r = self.float_op(op, t.clone(), vec![x]);
        self.value_for_want(r, t, want, span)
    }

    /// glibc's classification macros as gcc's builtins: `isnan(x)` is `x != x`, `isinf(x)`
    /// (and `isinf_sign`, -1 for -inf) compare with the infinities, `isfinite(x)` is neither.
    fn float_class_call(
        &mut self,
        n: &str,
        args: &[Node<Expression>],
        span: Span,
        want: &Want,
    ) -> Res<Option<(Expr, Type)>> {
        self.argc(n, args, span, 1)?;
        let (x, xt) = self.rv(&args[0])?;
        let t = if xt.is_float() { xt.clone() } else { Type::Float { bits: 64 } };
        let x = self.conv(x, &xt, &t, args[0].span)?;
        let (pos, neg) = match t {
            Type::Float { bits: 32 } => (0x7f80_0000u64, 0xff80_0000u64),
            _ => (0x7ff0_0000_0000_0000, 0xfff0_0000_0000_0000),
        };
        let lit = |b: u64| Expr::Float(FloatOp::Lit(b), t.clone(), vec![]);
        let cmp = |op: FloatOp, a: Expr, b: Expr| self.float_op(op, Type::Bool, vec![a, b]);
        let is_pos = cmp(FloatOp::Eq, x.clone(), lit(pos));
        let is_neg = cmp(FloatOp::Eq, x.clone(), lit(neg));
        let r = match n {
            "__builtin_isnan" => cmp(FloatOp::Ne, x.clone(), x),
            "__builtin_isinf" => Expr::bin(BinOp::Or, is_pos, is_neg),
            "__builtin_isinf_sign" => Expr::bin(
                BinOp::Sub,
                self.conv(is_pos, &Type::Bool, &Type::INT, span)?,
                self.conv(is_neg, &Type::Bool, &Type::INT, span)?,
            ),
            _ => Expr::bin(
                BinOp::And,
                cmp(FloatOp::Eq, x.clone(), x.clone()),
                Expr::bin(BinOp::And, Expr::negate(is_pos), Expr::negate(is_neg)),
            ),
        };
        let r = if n == "__builtin_isinf_sign" { r } else { self.conv(r, &Type::Bool, &Type::INT, span)? };
        self.value_for_want(r, Type::INT, want, span)
    }

    /// `<math.h>`'s quiet comparisons as gcc's builtins (`isless(x, y)` & co.): the operands
    /// in their common real floating type, compared as `<`, `<=`, `>`, `>=` compare — false when
    /// either is a NaN, which is all that "quiet" changes (no FE_INVALID, which slam does not
    /// model); `islessgreater` is `x < y || x > y`, `isunordered` whether either is a NaN.
    fn float_compare_call(
        &mut self,
        n: &str,
        args: &[Node<Expression>],
        span: Span,
        want: &Want,
    ) -> Res<Option<(Expr, Type)>> {
        self.argc(n, args, span, 2)?;
        let (x, xt) = self.rv(&args[0])?;
        let (y, yt) = self.rv(&args[1])?;
        let bits = |t: &Type| match t {
            Type::Float { bits } => *bits,
            _ => 0,
        };
        let t = match bits(&xt).max(bits(&yt)) {
            32 => Type::Float { bits: 32 },
            0 | 64 => Type::Float { bits: 64 },
            _ => return self.unsupported(span, format!("{n} of long double operands is not supported")),
        };
        let x = self.conv(x, &xt, &t, args[0].span)?;
        let y = self.conv(y, &yt, &t, args[1].span)?;
        let cmp = |op: FloatOp, a: &Expr, b: &Expr| self.float_op(op, Type::Bool, vec![a.clone(), b.clone()]);
        let r = match n {
            "__builtin_isgreater" => cmp(FloatOp::Gt, &x, &y),
            "__builtin_isgreaterequal" => cmp(FloatOp::Ge, &x, &y),
            "__builtin_isless" => cmp(FloatOp::Lt, &x, &y),
            "__builtin_islessequal" => cmp(FloatOp::Le, &x, &y),
            "__builtin_islessgreater" => Expr::bin(BinOp::Or, cmp(FloatOp::Lt, &x, &y), cmp(FloatOp::Gt, &x, &y)),
            _ => Expr::bin(BinOp::Or, cmp(FloatOp::Ne, &x, &x), cmp(FloatOp::Ne, &y, &y)),
        };
        let r = self.conv(r, &Type::Bool, &Type::INT, span)?;
        self.value_for_want(r, Type::INT, want, span)
    }

    /// `signbit(x)` (glibc's macro is gcc's type-generic `__builtin_signbit`; `signbitf` and
    /// `__builtin_signbitf` convert to `float`): 0 when the sign bit is clear, else the
    /// nonzero value gcc -O0 computes — 1 for a `double` and `INT_MIN` (the bit in place) for
    /// a `float` on x86-64, 512 (`fxam`'s C1 flag) under `-m32`, 1 for a constant operand,
    /// which gcc folds. A `long double` operand is not supported.
    fn signbit_call(
        &mut self,
        n: &str,
        args: &[Node<Expression>],
        span: Span,
        want: &Want,
    ) -> Res<Option<(Expr, Type)>> {
        self.argc(n, args, span, 1)?;
        let (x, xt) = self.rv(&args[0])?;
        let t = if n.ends_with('f') {
            Type::Float { bits: 32 }
        } else if n.ends_with('l') {
            Type::Float { bits: 128 }
        } else if xt.is_float() {
            xt.clone()
        } else {
            Type::Float { bits: 64 }
        };
        let bits = match t {
            Type::Float { bits: b @ (32 | 64) } => b,
            _ => return self.unsupported(span, format!("{n} of a long double is not supported")),
        };
        let x = self.conv(x, &xt, &t, args[0].span)?;
        let ut = Type::Int { bits, signed: false };
        // the bit pattern (a reinterpretation: docs/cminus.md, floating point)
        let sign = Expr::bin(
            BinOp::Shr,
            Expr::Cast(ut.clone(), Box::new(x.clone())),
            super::const_expr(bits as i128 - 1, &ut),
        );
        let set = Expr::bin(BinOp::Ne, sign, super::const_expr(0, &ut));
        let nonzero: i128 = match (&x, self.long_bits(), bits) {
            (Expr::Float(FloatOp::Lit(_), _, _), _, _) => 1,
            (_, 32, _) => 512,
            (_, _, 32) => i32::MIN as i128,
            _ => 1,
        };
        let r = match x {
            Expr::Float(FloatOp::Lit(b), _, _) => super::const_expr(((b >> (bits - 1)) & 1) as i128, &Type::INT),
            _ => {
                let tmp = self.new_temp(Type::INT)?;
                self.set_loc(span);
                let (v1, v0) = (super::const_expr(nonzero, &Type::INT), super::const_expr(0, &Type::INT));
                self.emit_if(set, &mut |s| s.emit(StmtKind::Assign(Lval::var(&tmp), v1.clone())), &mut |s| {
                    s.emit(StmtKind::Assign(Lval::var(&tmp), v0.clone()))
                })?;
                Expr::var(&tmp)
            }
        };
        self.value_for_want(r, Type::INT, want, span)
    }

    /// `div`, `ldiv`, `lldiv`, `imaxdiv` (C99 7.22.6.2) declared with their struct result
    /// (`quot`, `rem` of the operands' type): the quotient truncated toward zero and the
    /// remainder, computed by `/` and `%`, so that a zero divisor or `INT_MIN / -1` is the
    /// undefined arithmetic it is (`cminus::ub`). `None`: not declared so (an implicit
    /// declaration), an unknown function.
    fn div_call(
        &mut self,
        n: &str,
        args: &[Node<Expression>],
        span: Span,
        want: &Want,
    ) -> Res<Option<Option<(Expr, Type)>>> {
        let Some(ft) = self.func_type_of(n) else { return Ok(None) };
        let Type::Struct(sname) = &ft.ret else { return Ok(None) };
        let Some(def) = self.prog.struct_def(sname) else { return Ok(None) };
        let field = |f: &str| def.fields.iter().find(|x| x.name == f).map(|x| x.ty.clone());
        let (Some(qt), Some(rt)) = (field("quot"), field("rem")) else { return Ok(None) };
        if qt != rt || !qt.is_integer() || def.fields.len() != 2 || def.is_union || args.len() != 2 {
            return Ok(None);
        }
        let ret = ft.ret.clone();
        let mut ops = vec![];
        for a in args {
            let (v, vt) = self.rv(a)?;
            let v = self.conv(v, &vt, &qt, a.span)?;
            let tmp = self.new_temp(qt.clone())?;
            self.set_loc(span);
            self.emit(StmtKind::Assign(Lval::var(&tmp), v))?;
            ops.push(Expr::var(&tmp));
        }
        let res = self.new_temp(ret.clone())?;
        let fld = |f: &str| Lval::Field(Box::new(Lval::var(&res)), f.to_string());
        self.emit(StmtKind::Assign(fld("quot"), Expr::bin(BinOp::Div, ops[0].clone(), ops[1].clone())))?;
        self.emit(StmtKind::Assign(fld("rem"), Expr::bin(BinOp::Rem, ops[0].clone(), ops[1].clone())))?;
        self.value_for_want(Expr::var(&res), ret, want, span).map(Some)
    }

    /// `__builtin_inf(f)`/`huge_val(f)` (`INFINITY`, `HUGE_VAL`) and `__builtin_nan(f)("")`
    /// (`NAN`: the positive quiet NaN); a NaN with a payload string is not supported.
    fn float_constant_call(
        &mut self,
        n: &str,
        args: &[Node<Expression>],
        span: Span,
        want: &Want,
    ) -> Res<Option<(Expr, Type)>> {
        let single = n.ends_with('f');
        let t = Type::Float { bits: if single { 32 } else { 64 } };
        let bits = if n.contains("nan") {
            self.argc(n, args, span, 1)?;
            let empty =
                matches!(&args[0].node, Expression::StringLiteral(s) if super::decode_string(&s.node).is_empty());
            if !empty {
                return self.unsupported(span, format!("{n} with a payload is not supported"));
            }
            if single {
                0x7fc0_0000
            } else {
                0x7ff8_0000_0000_0000
            }
        } else {
            self.argc(n, args, span, 0)?;
            if single {
                0x7f80_0000
            } else {
                0x7ff0_0000_0000_0000
            }
        };
        self.value_for_want(Expr::Float(FloatOp::Lit(bits), t.clone(), vec![]), t, want, span)
    }

    /// `popcount`, `parity`, `ctz`, `clz` and `ffs`: each a count of true conditions on the
    /// operand's bits (`clz`/`ctz` of 0 any value, `ffs` of 0 zero).
    fn bit_count_call(
        &mut self,
        n: &str,
        args: &[Node<Expression>],
        span: Span,
        want: &Want,
    ) -> Res<Option<(Expr, Type)>> {
        self.argc(n, args, span, 1)?;
        let (kind, bits) = bit_count(n, self.long_bits()).unwrap_or(("popcount", 32));
        let t = Type::int(bits, kind == "ffs");
        let u = Type::int(bits, false);
        let (x, xt) = self.rv(&args[0])?;
        let x = self.conv(x, &xt, &t, args[0].span)?;
        let x = self.conv(x, &t, &u, args[0].span)?;
        let x = if matches!(x, Expr::Lval(Lval::Var(_))) || fold(&x).is_some() {
            x
        } else {
            let tmp = self.new_temp(u.clone())?;
            self.set_loc(span);
            self.emit(StmtKind::Assign(Lval::var(&tmp), x))?;
            Expr::var(&tmp)
        };
        let b = bits as i128;
        let mask = |k: i128| const_expr(interp::wrap((1i128 << k) - 1, &u), &u);
        let zero = const_expr(0, &u);
        // each function is a count of true conditions on x
        let conds: Vec<Expr> = match kind {
            "popcount" | "parity" => (0..b)
                .map(|i| {
                    let bit =
                        Expr::bin(BinOp::BitAnd, Expr::bin(BinOp::Shr, x.clone(), Expr::Int(i)), const_expr(1, &u));
                    Expr::bin(BinOp::Ne, bit, zero.clone())
                })
                .collect(),
            // ctz(x) >= k iff the k low bits are 0; ffs(x) = ctz(x) + 1 for x != 0
            "ctz" => (1..=b)
                .map(|k| Expr::bin(BinOp::Eq, Expr::bin(BinOp::BitAnd, x.clone(), mask(k)), zero.clone()))
                .collect(),
            "ffs" => (0..b)
                .map(|k| Expr::bin(BinOp::Eq, Expr::bin(BinOp::BitAnd, x.clone(), mask(k)), zero.clone()))
                .collect(),
            // clz(x) >= k iff x < 2^(bits-k)
            _ => (1..=b)
                .map(|k| Expr::bin(BinOp::Eq, Expr::bin(BinOp::Shr, x.clone(), Expr::Int(b - k)), zero.clone()))
                .collect(),
        };
        let sum = conds
            .into_iter()
            .map(|c| Expr::Cast(Type::INT, Box::new(c)))
            .reduce(|a, c| Expr::bin(BinOp::Add, a, c))
            .unwrap_or(Expr::Int(0));
        let sum = if kind == "parity" { Expr::bin(BinOp::BitAnd, sum, Expr::Int(1)) } else { sum };
        let r = self.new_temp(Type::INT)?;
        self.set_loc(span);
        let is_zero = Expr::bin(BinOp::Eq, x.clone(), zero);
        let (r1, r2) = (r.clone(), r.clone());
        match kind {
            // undefined for 0: any value
            "clz" | "ctz" => self.emit_if(
                is_zero,
                &mut |s: &mut Self| s.emit(StmtKind::Assign(Lval::var(&r1), Expr::Nondet(Type::INT))),
                &mut |s: &mut Self| s.emit(StmtKind::Assign(Lval::var(&r2), sum.clone())),
            )?,
            "ffs" => self.emit_if(
                is_zero,
                &mut |s: &mut Self| s.emit(StmtKind::Assign(Lval::var(&r1), Expr::Int(0))),
                &mut |s: &mut Self| s.emit(StmtKind::Assign(Lval::var(&r2), sum.clone())),
            )?,
            _ => self.emit(StmtKind::Assign(Lval::var(&r), sum))?,
        }
        self.value_for_want(Expr::var(&r), Type::INT, want, span)
    }

    /// `__builtin_types_compatible_p(T1, T2)`, as a constant where slam keeps enough of the types.
    fn types_compatible_call(
        &mut self,
        args: &[Node<Expression>],
        span: Span,
        want: &Want,
    ) -> Res<Option<(Expr, Type)>> {
        let mut types = vec![];
        for a in args.iter() {
            match &a.node {
                Expression::SizeOfTy(t) => types.push(self.type_name(&t.node.0)?),
                _ => return self.err(a.span, "__builtin_types_compatible_p takes two type names"),
            }
        }
        let [t1, t2] = &types[..] else {
            return self.err(span, "__builtin_types_compatible_p takes two type names");
        };
        match types_compatible(t1, t2) {
            Some(c) => self.value_for_want(Expr::Int(c as i128), Type::INT, want, span),
            None => self.unsupported(
                span,
                format!(
                    "__builtin_types_compatible_p of {} and {} is not supported (qualifiers, enums and integer type names are not kept)",
                    print::type_str(t1),
                    print::type_str(t2)
                ),
            ),
        }
    }

    /// `__atomic_load_n(p, order)` (the value) and `__atomic_load(p, out, order)` (into `*out`).
    fn atomic_load(
        &mut self,
        n: &str,
        args: &[Node<Expression>],
        span: Span,
        want: &Want,
    ) -> Res<Option<(Expr, Type)>> {
        self.argc(n, args, span, if n == "__atomic_load" { 3 } else { 2 })?;
        let (l, t) = self.atomic_object(&args[0])?;
        if n == "__atomic_load" {
            let (out, ot) = self.atomic_object(&args[1])?;
            self.same_type(&t, &ot, n, span)?;
            self.effect(&args[2])?;
            self.set_loc(span);
            self.emit(StmtKind::Assign(out, Expr::Lval(l)))?;
            return self.value_for_want(Expr::Int(0), Type::Void, want, span);
        }
        self.effect(&args[1])?;
        self.set_loc(span);
        let tmp = self.new_temp(t.clone())?;
        self.emit(StmtKind::Assign(Lval::var(&tmp), Expr::Lval(l)))?;
        self.value_for_want(Expr::var(&tmp), t, want, span)
    }

    /// `__atomic_store_n(p, v, order)` and `__atomic_store(p, src, order)`.
    fn atomic_store(
        &mut self,
        n: &str,
        args: &[Node<Expression>],
        span: Span,
        want: &Want,
    ) -> Res<Option<(Expr, Type)>> {
        self.argc(n, args, span, 3)?;
        let (l, t) = self.atomic_object(&args[0])?;
        let v = if n == "__atomic_store" {
            let (src, st) = self.atomic_object(&args[1])?;
            self.same_type(&t, &st, n, span)?;
            Expr::Lval(src)
        } else {
            let (v, vt) = self.rv(&args[1])?;
            self.conv(v, &vt, &t, args[1].span)?
        };
        self.effect(&args[2])?;
        self.set_loc(span);
        self.emit(StmtKind::Assign(l, v))?;
        self.value_for_want(Expr::Int(0), Type::Void, want, span)
    }

    /// The exchanges: store the new value, give (or, generic, store into `*out`) the old one.
    fn atomic_exchange(
        &mut self,
        n: &str,
        args: &[Node<Expression>],
        span: Span,
        want: &Want,
    ) -> Res<Option<(Expr, Type)>> {
        let generic = n == "__atomic_exchange";
        if n == "__sync_lock_test_and_set" {
            if args.len() < 2 {
                return self.err(span, format!("{n} takes 2 arguments"));
            }
        } else {
            self.argc(n, args, span, if generic { 4 } else { 3 })?;
        }
        let (l, t) = self.atomic_object(&args[0])?;
        let v = if generic {
            let (src, st) = self.atomic_object(&args[1])?;
            self.same_type(&t, &st, n, span)?;
            Expr::Lval(src)
        } else {
            let (v, vt) = self.rv(&args[1])?;
            self.conv(v, &vt, &t, args[1].span)?
        };
        let out = if generic {
            let (out, ot) = self.atomic_object(&args[2])?;
            self.same_type(&t, &ot, n, span)?;
            Some(out)
        } else {
            None
        };
        for a in &args[if generic { 3 } else { 2 }..] {
            self.effect(a)?;
        }
        self.set_loc(span);
        let prev = self.new_temp(t.clone())?;
        self.emit(StmtKind::Assign(Lval::var(&prev), Expr::Lval(l.clone())))?;
        let newv = self.new_temp(t.clone())?;
        self.emit(StmtKind::Assign(Lval::var(&newv), v))?;
        self.emit(StmtKind::Assign(l, Expr::var(&newv)))?;
        match out {
            Some(out) => {
                self.emit(StmtKind::Assign(out, Expr::var(&prev)))?;
                self.value_for_want(Expr::Int(0), Type::Void, want, span)
            }
            None => self.value_for_want(Expr::var(&prev), t, want, span),
        }
    }

    /// `__atomic_compare_exchange[_n]`: store the desired value if the object equals
    /// `*expected`, else copy the object into `*expected`; the result is whether they were equal.
    fn atomic_compare_exchange(
        &mut self,
        n: &str,
        args: &[Node<Expression>],
        span: Span,
        want: &Want,
    ) -> Res<Option<(Expr, Type)>> {
        // (ptr, expected*, desired, weak, success order, failure order); on x86 a weak
        // exchange does not fail spuriously, as gcc compiles it
        self.argc(n, args, span, 6)?;
        let (l, t) = self.atomic_object(&args[0])?;
        if !t.is_scalar() {
            return self.unsupported(args[0].span, format!("{n} on a non-scalar object is not supported"));
        }
        let (exp, et) = self.atomic_object(&args[1])?;
        self.same_type(&t, &et, n, span)?;
        let desired = if n == "__atomic_compare_exchange" {
            let (d, dt) = self.atomic_object(&args[2])?;
            self.same_type(&t, &dt, n, span)?;
            Expr::Lval(d)
        } else {
            let (d, dt) = self.rv(&args[2])?;
            self.conv(d, &dt, &t, args[2].span)?
        };
        for a in &args[3..] {
            self.effect(a)?;
        }
        self.set_loc(span);
        let d = self.new_temp(t.clone())?;
        self.emit(StmtKind::Assign(Lval::var(&d), desired))?;
        let cur = self.new_temp(t.clone())?;
        self.emit(StmtKind::Assign(Lval::var(&cur), Expr::Lval(l.clone())))?;
        let ok = self.new_temp(Type::Bool)?;
        let same = Expr::bin(BinOp::Eq, Expr::var(&cur), Expr::Lval(exp.clone()));
        self.emit(StmtKind::Assign(Lval::var(&ok), same))?;
        let (l2, exp2, cur2, d2) = (l.clone(), exp.clone(), cur.clone(), d.clone());
        self.emit_if(
            Expr::var(&ok),
            &mut |s: &mut Self| s.emit(StmtKind::Assign(l2.clone(), Expr::var(&d2))),
            &mut |s: &mut Self| s.emit(StmtKind::Assign(exp2.clone(), Expr::var(&cur2))),
        )?;
        self.value_for_want(Expr::var(&ok), Type::Bool, want, span)
    }

    /// `__sync_{bool,val}_compare_and_swap(p, old, new)`: store `new` if `*p == old`; the
    /// result is the comparison or the old value.
    fn sync_compare_and_swap(
        &mut self,
        n: &str,
        args: &[Node<Expression>],
        span: Span,
        want: &Want,
    ) -> Res<Option<(Expr, Type)>> {
        if args.len() < 3 {
            return self.err(span, format!("{n} takes 3 arguments"));
        }
        let (l, t) = self.atomic_object(&args[0])?;
        if !t.is_scalar() {
            return self.unsupported(args[0].span, format!("{n} on a non-scalar object is not supported"));
        }
        let (o, ot) = self.rv(&args[1])?;
        let o = self.conv(o, &ot, &t, args[1].span)?;
        let (d, dt) = self.rv(&args[2])?;
        let d = self.conv(d, &dt, &t, args[2].span)?;
        for a in &args[3..] {
            self.effect(a)?;
        }
        self.set_loc(span);
        let (ov, dv) = (self.new_temp(t.clone())?, self.new_temp(t.clone())?);
        self.emit(StmtKind::Assign(Lval::var(&ov), o))?;
        self.emit(StmtKind::Assign(Lval::var(&dv), d))?;
        let cur = self.new_temp(t.clone())?;
        self.emit(StmtKind::Assign(Lval::var(&cur), Expr::Lval(l.clone())))?;
        let same = Expr::bin(BinOp::Eq, Expr::var(&cur), Expr::var(&ov));
        let (l2, dv2) = (l.clone(), dv.clone());
        self.emit_if(
            same.clone(),
            &mut |s: &mut Self| s.emit(StmtKind::Assign(l2.clone(), Expr::var(&dv2))),
            &mut |_s: &mut Self| Ok(()),
        )?;
        if n == "__sync_bool_compare_and_swap" {
            // the comparison is of the old value, read before the store
            let ok = self.new_temp(Type::Bool)?;
            self.emit(StmtKind::Assign(Lval::var(&ok), same))?;
            self.value_for_want(Expr::var(&ok), Type::Bool, want, span)
        } else {
            self.value_for_want(Expr::var(&cur), t, want, span)
        }
    }

    /// `__atomic_test_and_set` (set, give the old truth value), `__atomic_clear` and
    /// `__sync_lock_release` (clear).
    fn test_and_set(
        &mut self,
        n: &str,
        args: &[Node<Expression>],
        span: Span,
        want: &Want,
    ) -> Res<Option<(Expr, Type)>> {
        let test = n == "__atomic_test_and_set";
        if n == "__sync_lock_release" {
            if args.is_empty() {
                return self.err(span, format!("{n} takes 1 argument"));
            }
        } else {
            self.argc(n, args, span, 2)?;
        }
        // test-and-set and clear act on the byte the pointer points to: the object
        // itself, or the first member of a struct (C11's atomic_flag)
        let (mut l, mut t) = self.atomic_object(&args[0])?;
        if let Type::Struct(sn) = &t {
            let first = self.prog.structs.iter().find(|d| &d.name == sn).and_then(|d| d.fields.first()).cloned();
            if let Some(f) = first {
                l = Lval::Field(Box::new(l), f.name.clone());
                t = f.ty;
            }
        }
        if !t.is_integer() || (n != "__sync_lock_release" && bits_of(&t) != 8 && t != Type::Bool) {
            return self.unsupported(
                args[0].span,
                format!("{n} on an object of type {} is not supported", print::type_str(&t)),
            );
        }
        if !t.is_scalar() {
            return self.unsupported(args[0].span, format!("{n} on a non-scalar object is not supported"));
        }
        for a in &args[1..] {
            self.effect(a)?;
        }
        self.set_loc(span);
        let result = if test {
            let prev = self.new_temp(Type::Bool)?;
            let set = self.truth(Expr::Lval(l.clone()), &t);
            self.emit(StmtKind::Assign(Lval::var(&prev), set))?;
            self.emit(StmtKind::Assign(l, const_expr(1, &t)))?;
            (Expr::var(&prev), Type::Bool)
        } else {
            self.emit(StmtKind::Assign(l, Self::zero_of(&t)))?;
            (Expr::Int(0), Type::Void)
        };
        self.value_for_want(result.0, result.1, want, span)
    }

    /// The object a pointer argument points to (the pointer is kept in a temporary unless it
    /// is the address of a variable, so that it is the value the argument had).
    fn atomic_object(&mut self, p: &Node<Expression>) -> Res<(Lval, Type)> {
        let (e, t) = self.rv(p)?;
        let Type::Ptr(inner) = &t else {
            return self.err(p.span, "this argument must be a pointer");
        };
        let inner = (**inner).clone();
        if matches!(inner, Type::Void | Type::Func(_)) {
            return self.err(p.span, "this argument must point to an object");
        }
        // the address of a variable never changes; a pointer value may (the other arguments
        // are lowered after this one and may assign it)
        let stable = matches!(&e, Expr::AddrOf(Lval::Var(_)));
        if stable {
            return Ok((deref(e), inner));
        }
        let tmp = self.new_temp(t.clone())?;
        self.emit(StmtKind::Assign(Lval::var(&tmp), e))?;
        Ok((Lval::Deref(Box::new(Expr::var(&tmp))), inner))
    }

    fn same_type(&self, a: &Type, b: &Type, n: &str, span: Span) -> Res<()> {
        if a == b {
            Ok(())
        } else {
            self.err(
                span,
                format!("{n}: the objects have different types ({} and {})", print::type_str(a), print::type_str(b)),
            )
        }
    }

    /// `__builtin_{add,sub,mul}_overflow`: `*res` gets the exact result wrapped into its type;
    /// the value is whether the exact result does not fit. Operands of up to 32 bits are
    /// computed exactly in 64 bits; wider ones through signs and 64-bit magnitudes.
    #[allow(clippy::too_many_arguments)]
    fn overflow(
        &mut self,
        n: &str,
        op: BinOp,
        (a, at): (Expr, Type),
        (b, bt): (Expr, Type),
        res: Option<Lval>,
        rt: Type,
        span: Span,
        want: &Want,
    ) -> Res<Option<(Expr, Type)>> {
        let (a, at) = self.bool_to_int(a, at);
        let (b, bt) = self.bool_to_int(b, bt);
        for t in [&at, &bt] {
            if !t.is_integer() {
                return self.err(span, format!("{n}: the operands must be integers"));
            }
        }
        if !matches!(rt, Type::Int { .. }) {
            return self.err(span, format!("{n}: the result must be an integer other than _Bool"));
        }
        if [&at, &bt, &rt].iter().any(|t| bits_of(t) > 64) {
            return self.unsupported(span, format!("{n} on integers wider than 64 bits is not supported"));
        }
        self.set_loc(span);
        let (lo, hi) = range(&rt);
        let ovf = self.new_temp(Type::Bool)?;
        let value;
        if [&at, &bt, &rt].iter().all(|t| bits_of(t) <= 32) {
            // exact in 64 bits: |a ± b| < 2^33, |a * b| < 2^63 unless both are unsigned (then
            // the product is computed unsigned, < 2^64)
            let w = if op == BinOp::Mul && !is_signed(&at) && !is_signed(&bt) { U64 } else { I64 };
            let (a, b) = (self.conv(a, &at, &w, span)?, self.conv(b, &bt, &w, span)?);
            let s = self.new_temp(w.clone())?;
            self.emit(StmtKind::Assign(Lval::var(&s), Expr::bin(op, a, b)))?;
            let below = if lo < range(&w).0 || lo == 0 && !is_signed(&w) {
                Expr::Bool(false)
            } else {
                Expr::bin(BinOp::Lt, Expr::var(&s), const_expr(lo, &w))
            };
            let above = Expr::bin(BinOp::Gt, Expr::var(&s), const_expr(hi, &w));
            self.emit(StmtKind::Assign(Lval::var(&ovf), or(below, above)))?;
            value = Expr::var(&s);
            if let Some(res) = res {
                let v = self.conv(value, &w, &rt, span)?;
                self.emit(StmtKind::Assign(res, v))?;
            }
        } else {
            // the operands in temporaries (they appear several times)
            let keep = |s: &mut Self, e: Expr, t: &Type| -> Res<Expr> {
                if matches!(e, Expr::Lval(Lval::Var(_))) || fold(&e).is_some() {
                    return Ok(e);
                }
                let tmp = s.new_temp(t.clone())?;
                s.emit(StmtKind::Assign(Lval::var(&tmp), e))?;
                Ok(Expr::var(&tmp))
            };
            let a = keep(self, a, &at)?;
            let b = keep(self, b, &bt)?;
            let flag = self.overflow_flag(op, (&a, &at), (&b, &bt), lo, hi, span)?;
            self.emit(StmtKind::Assign(Lval::var(&ovf), flag))?;
            if let Some(res) = res {
                // the exact result modulo 2^64, then wrapped into the result type
                let (ua, ub) = (self.conv(a, &at, &U64, span)?, self.conv(b, &bt, &U64, span)?);
                let v = self.conv(Expr::bin(op, ua, ub), &U64, &rt, span)?;
                self.emit(StmtKind::Assign(res, v))?;
            }
        }
        self.value_for_want(Expr::var(&ovf), Type::Bool, want, span)
    }

    /// Whether `a op b` (exact) lies outside `lo..=hi`, for operands of up to 64 bits: a
    /// disjunction over the operands' signs, each case on 64-bit magnitudes with the carry
    /// out of the magnitude computed explicitly.
    fn overflow_flag(
        &self,
        op: BinOp,
        (a, at): (&Expr, &Type),
        (b, bt): (&Expr, &Type),
        lo: i128,
        hi: i128,
        span: Span,
    ) -> Res<Expr> {
        let u = |v: i128| const_expr(interp::wrap(v, &U64), &U64);
        let (lpos, lneg) = (hi, -lo);
        let ua = self.conv(a.clone(), at, &U64, span)?;
        let ub = self.conv(b.clone(), bt, &U64, span)?;
        // the possible signs of an operand (one, when it is unsigned or a constant)
        let signs = |x: &Expr, t: &Type| match fold(x) {
            Some(v) => vec![v < 0],
            None if is_signed(t) => vec![false, true],
            None => vec![false],
        };
        let mut flag = Expr::Bool(false);
        for na in signs(a, at) {
            for nb in signs(b, bt) {
                let sign_cond = |x: &Expr, t: &Type, neg: bool| -> Res<Expr> {
                    if !is_signed(t) || fold(x).is_some() {
                        return Ok(Expr::Bool(true));
                    }
                    let zero = const_expr(0, t);
                    Ok(Expr::bin(if neg { BinOp::Lt } else { BinOp::Ge }, x.clone(), zero))
                };
                let cond = and(sign_cond(a, at, na)?, sign_cond(b, bt, nb)?);
                let mag = |ux: &Expr, neg: bool| {
                    if let Some(v) = fold(ux) {
                        u(if neg { -v } else { v })
                    } else if neg {
                        Expr::bin(BinOp::Sub, u(0), ux.clone())
                    } else {
                        ux.clone()
                    }
                };
                let (ma, mb) = (mag(&ua, na), mag(&ub, nb));
                let case = overflow_case(op, (na, ma), (nb, mb), lpos, lneg);
                flag = or(flag, and(cond, case));
            }
        }
        Ok(flag)
    }
}

/// The overflow of the exact `a op b` for operands of signs `na` and `nb` (true: negative)
/// with 64-bit magnitudes `ma` and `mb`: above `lpos` or below `-lneg`, the carry out of
/// the magnitude's computation included.
fn overflow_case(op: BinOp, (na, ma): (bool, Expr), (nb, mb): (bool, Expr), lpos: i128, lneg: i128) -> Expr {
    let u = |v: i128| const_expr(interp::wrap(v, &U64), &U64);
    let gt = |x: Expr, l: i128| {
        if l >= range(&U64).1 {
            Expr::Bool(false)
        } else {
            Expr::bin(BinOp::Gt, x, u(l))
        }
    };
    match op {
        BinOp::Add | BinOp::Sub => {
            // a - b is a + (-b): the sign of b's magnitude flips
            let nb = if op == BinOp::Sub { !nb } else { nb };
            if na == nb {
                let m = Expr::bin(BinOp::Add, ma.clone(), mb);
                let carry = Expr::bin(BinOp::Lt, m.clone(), ma);
                or(carry, gt(m, if na { lneg } else { lpos }))
            } else {
                // p: the magnitude with positive sign, q: the negative one
                let (p, q) = if na { (mb, ma) } else { (ma, mb) };
                let pos = and(
                    Expr::bin(BinOp::Ge, p.clone(), q.clone()),
                    gt(Expr::bin(BinOp::Sub, p.clone(), q.clone()), lpos),
                );
                let neg = and(Expr::bin(BinOp::Lt, p.clone(), q.clone()), gt(Expr::bin(BinOp::Sub, q, p), lneg));
                or(pos, neg)
            }
        }
        _ => {
            let m = Expr::bin(BinOp::Mul, ma.clone(), mb.clone());
            let carry = and(
                Expr::bin(BinOp::Ne, ma.clone(), u(0)),
                Expr::bin(BinOp::Ne, Expr::bin(BinOp::Div, m.clone(), ma), mb),
            );
            or(carry, gt(m, if na != nb { lneg } else { lpos }))
        }
    }
}

/// The floating-point functions of the C library (and gcc's `__builtin_` names for them)
/// computed as [`FloatOp`]s: the operation and the width of its type (`fabsf`: 32). The
/// `long double` forms (`fabsl`) are not among them.
fn float_function(n: &str) -> Option<(FloatOp, u16)> {
    let n = n.strip_prefix("__builtin_").unwrap_or(n);
    let (base, bits) = match n.strip_suffix('f') {
        Some(b) if matches!(b, "fabs" | "sqrt" | "trunc" | "floor" | "ceil" | "round") => (b, 32),
        _ => (n, 64),
    };
    let op = match base {
        "fabs" => FloatOp::Abs,
        "sqrt" => FloatOp::Sqrt,
        "trunc" => FloatOp::Trunc,
        "floor" => FloatOp::Floor,
        "ceil" => FloatOp::Ceil,
        "round" => FloatOp::Round,
        _ => return None,
    };
    Some((op, bits))
}
