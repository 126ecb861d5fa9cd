//! The inputs of a counterexample for a compiled run: the values of the nondeterministic
//! choices of slam's replay, in order, that the executable asks the harness for (the
//! `__VERIFIER_nondet_*` / `nondet_*` calls, the results of stubbed functions and the values a
//! stood-in library function writes, `names::lib_output`), and the
//! choices no harness controls (uninitialised memory, addresses, a failing `fopen`), which
//! make a run that misses the error inconclusive rather than a disagreement.

use cminus::interp::{Ask, Run};
use cminus::{Program, Stmt, StmtId, StmtKind, Type};
use std::collections::{HashMap, HashSet};

/// What the harness feeds and what it cannot.
#[derive(Debug, Default)]
pub(crate) struct Feed {
    /// The values the harness returns, in order.
    pub values: Vec<(Type, i128)>,
    /// The choices a compiled run makes on its own, in words (each once).
    pub uncontrolled: Vec<String>,
    /// Extra command-line arguments (`argc - 1`) when the trace chose `main`'s `argc`.
    pub args: usize,
    /// Whether each call of a heap allocator of the program fails, in order, when some does
    /// (the harness wraps the allocators in `allocators`); empty when all succeed.
    pub fails: Vec<bool>,
    pub allocators: Vec<String>,
    /// The integer parameters of an entry other than `main`: (index, value).
    pub entry_args: Vec<(usize, i128)>,
    /// The indices in the run's choices of those `uncontrolled` speaks of.
    pub uncontrolled_at: Vec<usize>,
    current: usize,
    /// The bytes of the objects the pointer parameters of an entry other than `main` point
    /// to that the trace read before anything wrote them: (parameter, byte offset) → byte,
    /// the first value read there (the interpreter fills only undefined bytes).
    pub param_bytes: std::collections::BTreeMap<(usize, u64), u8>,
    /// The objects the entry's caller built that the trace reached through pointers read
    /// from the parameters' objects (`newton::outside_slots`): where each such pointer is
    /// stored (its holder and byte offset) → the object's slot, and the bytes the trace read
    /// from them, as `param_bytes`.
    pub outside_ptrs: std::collections::BTreeMap<(Holder, u64), usize>,
    pub outside_bytes: std::collections::BTreeMap<(usize, u64), u8>,
}

/// An object of the entry's caller that holds a pointer: a parameter's, or one built for
/// such a pointer (its slot).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Holder {
    Param(usize),
    Outside(usize),
}

impl Feed {
    fn uncontrolled(&mut self, what: String) {
        self.uncontrolled_at.push(self.current);
        if !self.uncontrolled.contains(&what) {
            self.uncontrolled.push(what);
        }
    }
}

/// The feed of `run` (slam's replay of the counterexample on `prog`). Statements with ids from
/// `rule_from` on are the rule's (the product construction): their choices (the prophecy of
/// the tracked object) are not the program's. `stubs` are the functions the harness defines:
/// their results are fed; other functions without a body are the C library's, which
/// computes their results itself.
pub(crate) fn feed(prog: &Program, run: &Run, rule_from: Option<u32>, stubs: &HashSet<String>) -> Feed {
    let stmts: HashMap<StmtId, &Stmt> = prog.procs.iter().flat_map(|p| p.body.iter().map(|s| (s.id, s))).collect();
    let mut f = Feed::default();
    // the callee of each allocation of the run, in the interpreter's order
    let alloc_callees: Vec<&str> = run
        .trace
        .iter()
        .filter_map(|id| match stmts.get(id).map(|s| &s.kind) {
            Some(StmtKind::Call { callee, .. })
                if prog.proc(callee).is_none() && cminus::pointsto::extern_allocation(prog, callee).is_some() =>
            {
                Some(callee.as_str())
            }
            _ => None,
        })
        .collect();
    let outside: HashMap<i64, usize> =
        newton::outside_slots(prog).into_iter().map(|(slot, base, ..)| (base, slot)).collect();
    let slots: HashSet<usize> = outside.values().copied().collect();
    for (k, c) in run.choices.iter().enumerate() {
        f.current = k;
        let st = run.trace.get(c.step).and_then(|id| stmts.get(id)).copied();
        if let (Some(st), Some(from)) = (st, rule_from) {
            if st.id.0 >= from {
                continue;
            }
        }
        // (floating inputs are written as exact C literals, but not `long double`)
        let controllable = matches!(c.ty, Type::Int { .. } | Type::Bool | Type::Float { bits: 32 | 64 });
        match &c.ask {
            Ask::EntryParam(0) if prog.entry == "main" && (1..=64).contains(&c.value) => f.args = c.value as usize - 1,
            Ask::EntryParam(i) if prog.entry != "main" && matches!(c.ty, Type::Int { .. } | Type::Bool) => {
                f.entry_args.push((*i, c.value as i128))
            }
            Ask::EntryParam(i) => f.uncontrolled(format!("parameter {} of `{}`", i + 1, prog.entry)),
            // what an uninitialised pointer of the entry holds (`cminus::indeterminate`): the
            // compiled run's stack decides
            Ask::AllocFails { .. }
                if matches!(st.map(|s| &s.kind), Some(StmtKind::Call { callee, .. })
                    if callee == cminus::names::INDETERMINATE) =>
            {
                f.uncontrolled("the value of an uninitialised pointer".into())
            }
            Ask::AllocFails { heap: true } => match st.map(|s| &s.kind) {
                Some(StmtKind::Call { callee, .. }) if !callee.starts_with("__slam") => {
                    f.fails.push(c.value != 0);
                    if !f.allocators.contains(callee) {
                        f.allocators.push(callee.clone());
                    }
                }
                _ if c.value == 0 => {}
                _ => f.uncontrolled("whether an allocation fails".into()),
            },
            // Whether a C library function whose result its arguments decide (`localtime`,
            // `strerror`) fails is the library's to decide in the compiled run, as its results
            // are: a trace that needs a failure the real function does not produce is not
            // reproduced. Whether the environment lets `fopen` or `getenv` succeed is not
            // something a run in a temporary directory says.
            Ask::AllocFails { .. } => match st {
                Some(Stmt { kind: StmtKind::Call { callee, .. }, .. })
                    if !stubs.contains(callee)
                        && prog.proc(callee).is_none()
                        && !callee.starts_with("__slam")
                        && !depends_on_environment(callee) => {}
                Some(Stmt { kind: StmtKind::Call { callee, .. }, .. }) => {
                    f.uncontrolled(format!("whether `{callee}` fails"))
                }
                _ => f.uncontrolled("whether an allocation fails".to_string()),
            },
            // An extern variable's initial value: the C library's (`timezone`, `optind`) in the
            // compiled run, or nothing defines it and the program does not link.
            Ask::Nondet if c.step == usize::MAX => {}
            Ask::Nondet => match st.map(|s| &s.kind) {
                Some(StmtKind::Call { callee, .. })
                    if cminus::names::is_unknown_write(callee) || cminus::names::is_clobbered(callee) => {}
                // what a modelled library function wrote (`cminus::outparams`): fed when the
                // harness stands in for the function, else the library's own
                Some(StmtKind::Call { callee, .. }) if cminus::names::lib_output_of(callee).is_some() => {
                    let lib = cminus::names::lib_output_of(callee).unwrap_or_default();
                    if !stubs.contains(lib) {
                        // (`read`'s bytes: what the library reads in the compiled run)
                        f.uncontrolled(format!("what `{lib}` wrote"));
                    } else if controllable {
                        f.values.push((c.ty.clone(), c.value as i128));
                    } else {
                        f.uncontrolled(format!("a value `{lib}` wrote (a {})", cminus::print::type_str(&c.ty)));
                    }
                }
                // what an input function read (`read`'s count and bytes): the compiled run's
                // own environment, which the harness does not feed
                Some(StmtKind::Call { callee, .. })
                    if cminus::names::is_input(callee) || (!stubs.contains(callee) && reads_input(callee)) =>
                {
                    f.uncontrolled("what an input function read".into())
                }
                Some(StmtKind::Call { callee, .. }) if stubs.contains(callee) => {
                    if controllable {
                        f.values.push((c.ty.clone(), c.value as i128));
                    } else {
                        f.uncontrolled(format!("the result of `{callee}` (a {})", cminus::print::type_str(&c.ty)));
                    }
                }
                // The C library computes the result of its own functions.
                Some(StmtKind::Call { callee, .. }) if prog.proc(callee).is_none() => {}
                _ if controllable => f.values.push((c.ty.clone(), c.value as i128)),
                _ => f.uncontrolled(format!("an input of type {}", cminus::print::type_str(&c.ty))),
            },
            // the old value a library function's write (`time(&t)`) replaces: the library's
            Ask::Uninit(_)
                if matches!(st.map(|s| &s.kind), Some(StmtKind::Call { callee, .. })
                    if cminus::names::is_unknown_write(callee) || cminus::names::is_clobbered(callee)) => {}
            Ask::Uninit(Some((_, v, _))) => f.uncontrolled(format!("the value of the uninitialised variable `{v}`")),
            // The contents of an object a C library function returned (`localtime`'s `struct
            // tm`) are the library's; a heap block's are uninitialised in the compiled run too.
            Ask::UninitAlloc { alloc, .. }
                if alloc_callees.get(*alloc).is_some_and(|callee| {
                    !stubs.contains(*callee)
                        && !callee.starts_with("__slam")
                        && cminus::pointsto::extern_allocation(prog, callee).is_some_and(|a| !a.heap)
                }) => {}
            // a pointer read from a parameter's object, or from such an object, to an object
            // the caller built: the harness builds it too
            Ask::UninitParam { off, .. } | Ask::UninitAlloc { off, .. }
                if prog.entry != "main"
                    && c.ty.is_pointer()
                    && outside.contains_key(&c.value)
                    && off + cminus::layout::ptr_bytes(prog) <= crate::harness::OUTSIDE_BUFFER_BYTES =>
            {
                let holder = match &c.ask {
                    Ask::UninitParam { param, .. } => Some(Holder::Param(*param)),
                    Ask::UninitAlloc { alloc, .. } if slots.contains(alloc) => Some(Holder::Outside(*alloc)),
                    _ => None,
                };
                match holder {
                    Some(h) => {
                        f.outside_ptrs.entry((h, *off)).or_insert(outside[&c.value]);
                    }
                    None => f.uncontrolled("the contents of uninitialised memory".into()),
                }
            }
            // an integer (or NULL) read from such an object
            Ask::UninitAlloc { alloc, elem, off } if prog.entry != "main" && slots.contains(alloc) => {
                let n = cminus::layout::size_of(prog, &c.ty).unwrap_or(0);
                let scalar = matches!(c.ty, Type::Int { .. } | Type::Bool) || (c.ty.is_pointer() && c.value == 0);
                let fits = (1..=8).contains(&n) && off + n <= crate::harness::OUTSIDE_BUFFER_BYTES;
                if scalar && fits && !has_bit_fields(prog, elem, 0) {
                    for k in 0..n {
                        let byte = ((c.value as u64) >> (8 * k)) as u8;
                        f.outside_bytes.entry((*alloc, off + k)).or_insert(byte);
                    }
                } else {
                    f.uncontrolled("the contents of uninitialised memory".into())
                }
            }
            // an integer (or NULL) read from the object an entry parameter points to: the
            // harness's buffer holds its bytes (not through bit-fields, whose bits the
            // interpreter places itself)
            Ask::UninitParam { param, off } if prog.entry != "main" => {
                let n = cminus::layout::size_of(prog, &c.ty).unwrap_or(0);
                let pointee = prog.proc(&prog.entry).and_then(|p| p.formals.get(*param)).and_then(|v| v.ty.pointee());
                let scalar = matches!(c.ty, Type::Int { .. } | Type::Bool) || (c.ty.is_pointer() && c.value == 0);
                let fits = (1..=8).contains(&n) && off + n <= crate::harness::PARAM_BUFFER_BYTES;
                if scalar && fits && pointee.is_some_and(|t| !has_bit_fields(prog, t, 0)) {
                    for k in 0..n {
                        let byte = ((c.value as u64) >> (8 * k)) as u8;
                        f.param_bytes.entry((*param, off + k)).or_insert(byte);
                    }
                } else {
                    f.uncontrolled("the contents of uninitialised memory".into())
                }
            }
            Ask::Uninit(None) | Ask::UninitParam { .. } | Ask::UninitAlloc { .. } => {
                f.uncontrolled("the contents of uninitialised memory".into())
            }
            // A jump with several feasible targets is slam's model of what the program or
            // its library decides (how many bytes `strcpy` or an unknown function writes, a
            // clobber loop's exit): the compiled run makes that choice as the real program
            // does, so a run that misses the error disagrees with the trace.
            Ask::Goto(_) => {}
            Ask::Address => f.uncontrolled("the integer value of a pointer".into()),
        }
    }
    if !f.fails.iter().any(|&x| x) {
        f.fails.clear();
        f.allocators.clear();
    }
    f
}

/// Whether type `t` has a bit-field (in a struct, an array's element, a member's type).
fn has_bit_fields(prog: &Program, t: &Type, depth: usize) -> bool {
    match t {
        _ if depth > 32 => true,
        Type::Array(e, _) => has_bit_fields(prog, e, depth + 1),
        Type::Struct(s) => prog.struct_def(s).is_some_and(|d| {
            d.fields
                .iter()
                .any(|f| cminus::layout::is_bit_field(prog, s, &f.name) || has_bit_fields(prog, &f.ty, depth + 1))
        }),
        _ => false,
    }
}

/// C library functions whose result is what they read from the environment (a file, a
/// socket), unknown to a compiled run's harness.
fn reads_input(f: &str) -> bool {
    matches!(f, "read" | "pread" | "recv" | "recvfrom" | "fread")
}

/// C library functions whose failure depends on the environment of the run (files, the
/// environment variables), not on their arguments alone.
fn depends_on_environment(f: &str) -> bool {
    cminus::pointsto::FALLIBLE_ALLOCATORS.contains(&f) || matches!(f, "getenv" | "secure_getenv")
}
