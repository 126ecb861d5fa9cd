//! Calls of functions slam has no body for and no model of: what they may write.
//!
//! C lets such a function write whatever its pointer arguments reach (`init(&cfg)` fills
//! `cfg`); verification tools usually assume it writes nothing. slam keeps both readings
//! apart from its verdicts: after the call, every scalar the function could reach through a
//! non-`const` pointer argument gets `x := __slam_written_T(x)` (`cminus::names::
//! unknown_write`). The abstraction and Newton see an unknown value there, so a proof holds
//! whatever the function wrote; the interpreter keeps the old value, so a violation it
//! replays needs no write and is real under both readings.
//!
//! Reached and written: the object behind `&x` (a whole array behind `a` or `&a[i]`) and the
//! pointee of a pointer to a scalar or a struct (guarded by `p != 0`). Not followed, and
//! assumed unwritten (docs/cminus.md): pointer-typed scalars (a new pointer value the
//! analyses cannot name), the memory behind a `char *`/`void *` that is not `&object` (its
//! extent is unknown), and globals the function could reach by name.

use super::*;

/// C library and POSIX functions with non-`const` pointer parameters that write no memory
/// the program reads: the pointee is the library's own opaque state (a `FILE`, a mutex) or
/// is only read (`fwrite`'s buffer is `const`; `free` ends the object).
const NO_WRITE: &[&str] = &[
    "printf",
    "vprintf",
    "dprintf",
    "vdprintf",
    "__printf_chk",
    "__fprintf_chk",
    "puts",
    "perror",
    "syslog",
    "vsyslog",
    "err",
    "errx",
    "warn",
    "warnx",
    "free",
    "fclose",
    "fflush",
    "fprintf",
    "vfprintf",
    "fputs",
    "fputc",
    "putc",
    "fwrite",
    "fseek",
    "fseeko",
    "ftell",
    "ftello",
    "rewind",
    "feof",
    "ferror",
    "clearerr",
    "fileno",
    "setbuf",
    "setvbuf",
    "flockfile",
    "funlockfile",
    "closedir",
    "pthread_mutex_lock",
    "pthread_mutex_unlock",
    "pthread_mutex_trylock",
    "pthread_mutex_init",
    "pthread_mutex_destroy",
    "pthread_mutexattr_init",
    "pthread_mutexattr_destroy",
    "pthread_mutexattr_settype",
    "pthread_cond_wait",
    "pthread_cond_timedwait",
    "pthread_cond_signal",
    "pthread_cond_broadcast",
    "pthread_cond_init",
    "pthread_cond_destroy",
    "pthread_rwlock_rdlock",
    "pthread_rwlock_wrlock",
    "pthread_rwlock_unlock",
    "pthread_rwlock_tryrdlock",
    "pthread_rwlock_trywrlock",
    "pthread_rwlock_init",
    "pthread_rwlock_destroy",
    "pthread_spin_lock",
    "pthread_spin_unlock",
    "pthread_spin_trylock",
    "pthread_spin_init",
    "pthread_spin_destroy",
    "pthread_attr_init",
    "pthread_attr_destroy",
    "pthread_attr_setdetachstate",
    "pthread_attr_setstacksize",
    "sem_wait",
    "sem_post",
    "sem_trywait",
    "sem_init",
    "sem_destroy",
    "freeaddrinfo",
    "regfree",
    "va_end",
];

/// The most scalars one call is taken to write (an object's parts beyond are left out).
const MAX_WRITES: usize = 4096;

impl Lowerer<'_> {
    /// Records which parameters of the function a declarator declares point to `const`.
    pub(super) fn note_readonly_params(&mut self, name: &str, d: &Node<Declarator>) {
        let Some(fd) = d.node.derived.iter().find_map(|x| match &x.node {
            DerivedDeclarator::Function(fd) => Some(fd),
            _ => None,
        }) else {
            return;
        };
        let ro = fd.node.parameters.iter().map(|p| points_to_const(&p.node)).collect();
        self.readonly_params.insert(self.fn_name(name), ro);
    }

    /// After a call of `f`, a function without a body or model: the scalars it could write
    /// through its arguments become `__slam_written_T(old)` (see the module doc).
    pub(super) fn havoc_unknown_call(&mut self, f: &str, args: &[Expr]) -> Res<()> {
        if NO_WRITE.contains(&f)
            || cminus::names::is_unknown_write(f)
            || f == cminus::names::VLA_ALLOC
            || is_nondet_name(f)
            || f.starts_with("__VERIFIER_")
        {
            return Ok(());
        }
        let ro = self.readonly_params.get(f).cloned().unwrap_or_default();
        for (i, a) in args.iter().enumerate() {
            if ro.get(i).copied().unwrap_or(false) {
                continue;
            }
            self.havoc_through(a)?;
        }
        Ok(())
    }

    fn havoc_through(&mut self, a: &Expr) -> Res<()> {
        let inner = a.uncast();
        let proc = self.current_proc();
        if let Expr::AddrOf(l) = inner {
            // a pointer into an array reaches the whole array
            let obj = match l {
                Lval::Index(b, _) if matches!(self.prog.type_of_lval(proc.as_ref(), b), Some(Type::Array(..))) => {
                    b.as_ref().clone()
                }
                l => l.clone(),
            };
            let Some(t) = self.prog.type_of_lval(proc.as_ref(), &obj) else { return Ok(()) };
            return self.havoc_object(obj, &t);
        }
        let Some(Type::Ptr(t)) = self.prog.type_of(proc.as_ref(), inner) else { return Ok(()) };
        let followed = match &*t {
            Type::Struct(_) => true,
            Type::Int { bits, .. } => *bits > 8,
            Type::Bool | Type::Float { .. } => true,
            _ => false,
        };
        if !followed {
            return Ok(());
        }
        let pt = Type::Ptr(t.clone());
        let p = self.keep_pointer(inner.clone(), &pt)?;
        let nonnull = Expr::bin(BinOp::Ne, p.clone(), Expr::Int(0));
        let t = *t;
        self.emit_if(nonnull, &mut |l: &mut Self| l.havoc_object(deref(p.clone()), &t), &mut |_| Ok(()))
    }

    /// `x := __slam_written_T(x)` for every non-pointer scalar of the object `obj` of type
    /// `t` (arrays element by element: a few straight, more in a loop that may stop at any
    /// trip — an element the function did not write keeps its value, one of the values it may
    /// have written, so the exit needs no test and the refinement does not unroll the loop
    /// to get past it: a 64-element name buffer cost the full NT driver diskperf one round per
    /// element).
    fn havoc_object(&mut self, obj: Lval, t: &Type) -> Res<()> {
        if let Type::Array(e, Some(n)) = t {
            let e = (**e).clone();
            let mut body = |l: &mut Self, i: Expr| l.havoc_object(Lval::Index(Box::new(obj.clone()), Box::new(i)), &e);
            if *n as usize <= super::memory::UNROLLED_ELEMENTS {
                return self.each_element(*n as usize, false, &mut body);
            }
            return self.early_exit_loop(Expr::Int(*n as i128), true, &mut body);
        }
        let mut leaves = vec![];
        self.writable_leaves(obj, t, &mut leaves);
        for (lv, lt) in leaves {
            let callee = cminus::names::unknown_write(&lt);
            self.funcs.entry(callee.clone()).or_insert(FuncType { ret: lt.clone(), params: vec![lt], variadic: false });
            self.emit(StmtKind::Call { ret: Some(lv.clone()), callee, args: vec![Expr::Lval(lv)] })?;
        }
        Ok(())
    }

    /// The non-pointer scalars of an object (integers, `_Bool`, floats; every member of a
    /// union), at most `MAX_WRITES`; parts of unknown layout are left out.
    fn writable_leaves(&self, l: Lval, t: &Type, out: &mut Vec<(Lval, Type)>) {
        if out.len() >= MAX_WRITES {
            return;
        }
        match t {
            Type::Int { .. } | Type::Bool | Type::Float { .. } => out.push((l, t.clone())),
            Type::Struct(s) => {
                let Some(sd) = self.prog.struct_def(s).filter(|d| d.complete) else { return };
                for f in sd.fields.clone() {
                    self.writable_leaves(Lval::Field(Box::new(l.clone()), f.name.clone()), &f.ty, out);
                }
            }
            Type::Array(e, Some(n)) => {
                for i in 0..*n {
                    self.writable_leaves(Lval::Index(Box::new(l.clone()), Box::new(Expr::Int(i as i128))), e, out);
                }
            }
            _ => {}
        }
    }

    /// The procedure being lowered, without its body (for typing expressions).
    pub(super) fn current_proc(&self) -> Option<Proc> {
        self.f.as_ref().map(|f| Proc {
            name: f.name.clone(),
            formals: f.formals.clone(),
            locals: f.locals.clone(),
            ret: f.ret.clone(),
            variadic: false,
            body: vec![],
            loc: Loc::default(),
        })
    }
}

/// Whether a parameter is a pointer (or array) to `const` with one level of indirection
/// (`const char *s`, `const int a[]`); `char *const p` and `const char **` are not.
fn points_to_const(p: &ParameterDeclaration) -> bool {
    let is_const = p
        .specifiers
        .iter()
        .any(|s| matches!(&s.node, DeclarationSpecifier::TypeQualifier(q) if q.node == TypeQualifier::Const));
    let Some(d) = &p.declarator else { return false };
    let levels = d
        .node
        .derived
        .iter()
        .filter(|x| matches!(x.node, DerivedDeclarator::Pointer(_) | DerivedDeclarator::Array(_)))
        .count();
    is_const && levels == 1 && matches!(d.node.kind.node, DeclaratorKind::Identifier(_) | DeclaratorKind::Abstract)
}
