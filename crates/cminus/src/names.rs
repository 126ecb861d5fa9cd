//! The names slam invents, and how to recognise them: every stage that makes or reads one
//! goes through here, so that a user's identifier is never mistaken for one of them.
//!
//! Front-end names start with `__`, which C reserves for the implementation, and are
//! recognised only as whole identifiers (`x__total` is the user's).

/// The ghost variable standing for a procedure's return value in predicates (`$ret`), shared
/// by c2bp (return predicates) and Newton (predicates carried across returns).
pub const RET_VAR: &str = "__slam_ret";

/// The ghost variable holding formal `f`'s value at procedure entry (`pre(f)` in predicates).
pub fn pre_var(formal: &str) -> String {
    format!("{formal}$pre")
}

/// The allocation watermark, a ghost global of every program (`void *`, never read or written
/// by a statement, so it is not in [`crate::Program::globals`]; [`crate::Program::global`]
/// knows it): every address an allocation returned so far lies below it, and the next
/// allocation returns NULL (if it may fail) or an address at or above it, then moves it past
/// that address. So an allocation is fresh — apart from every earlier allocation and every
/// named object — and predicates can say so (`slic_obj < __slam_alloc_top`: the tracked
/// object was allocated before). The logic starts it at `logic::mem::ALLOC_MIN`
/// (`State::init_globals`); c2bp moves it at each allocation; Newton carries a condition on
/// an allocation's result back to it. Addresses are never reused, also after `free`: the
/// objects of slam's C are per allocation (a pointer to a freed block is indeterminate in C,
/// C11 6.2.4p2), so a rule's per-object state is per allocation (docs/c2bp.md).
pub const ALLOC_TOP: &str = "__slam_alloc_top";

/// Whether a file name in [`crate::Program::files`] is one of slam's own models (the `atexit`
/// handler stack, `<slam: atexit>`), not a file of the user's: witnesses leave it out.
pub fn is_model_file(name: &str) -> bool {
    name.starts_with("<slam")
}

/// The object a standard stream (`stdin`, `stdout`, `stderr`) points to when the program
/// only declares the stream (the C environment opens it before `main`).
pub fn stream_object(stream: &str) -> String {
    format!("__slam_{stream}_file")
}

/// The allocator of a variable-length array `T a[n]`: `__slam_vla(n)` returns a fresh
/// object of exactly `n` elements of the type the result is assigned to (the interpreter
/// stops a run that accesses an element at or past `n`, as for an index out of a fixed
/// array's bounds); like `alloca`, it never fails (`pointsto::extern_allocation`).
pub const VLA_ALLOC: &str = "__slam_vla";

/// What an uninitialised pointer member of an entry procedure's local holds under the task
/// semantics (`indeterminate`): `__slam_indeterminate()` returns NULL or an object of its
/// own, as `__VERIFIER_nondet_pointer()` does (`pointsto::extern_allocation`).
pub const INDETERMINATE: &str = "__slam_indeterminate";

/// The `int` object glibc's `errno` (`*__errno_location()`) stands for (docs/cminus.md).
pub const ERRNO: &str = "__slam_errno";

/// What a function without a body may have written into a scalar it could reach through a
/// pointer argument: `x := __slam_written_i32(x)` after the call. The abstraction and path
/// simulation treat it as any external function (an unknown result: the write may be
/// anything, so a proof holds whatever the function writes); the interpreter returns the
/// argument (the function writes nothing), so a reported violation needs no write —
/// real under both readings of an unknown function.
pub fn unknown_write(t: &crate::Type) -> String {
    match t {
        crate::Type::Int { bits, signed } => format!("{UNKNOWN_WRITE}{}{bits}", if *signed { 'i' } else { 'u' }),
        crate::Type::Bool => format!("{UNKNOWN_WRITE}bool"),
        crate::Type::Float { bits } => format!("{UNKNOWN_WRITE}f{bits}"),
        _ => format!("{UNKNOWN_WRITE}other"),
    }
}

const UNKNOWN_WRITE: &str = "__slam_written_";

/// Whether a callee is one of the [`unknown_write`] functions.
pub fn is_unknown_write(name: &str) -> bool {
    name.strip_prefix(UNKNOWN_WRITE)
        .is_some_and(|r| r == "bool" || r == "other" || (r.len() > 1 && r[1..].bytes().all(|b| b.is_ascii_digit())))
}

/// A value a modelled C library function writes through an out-parameter
/// (`cminus::outparams`): `st.st_size := __slam_out_i64_fstat()` after `fstat(fd, &st)`
/// succeeds. An external function to every stage (an unknown value; the interpreter asks for
/// it); the name keeps the library function, so that a compiled run knows whose values they
/// are (`exec` feeds them when its harness stands in for that function).
pub fn lib_output(f: &str, t: &crate::Type) -> String {
    let ty = &unknown_write(t)[UNKNOWN_WRITE.len()..];
    format!("{LIB_OUTPUT}{ty}_{f}")
}

const LIB_OUTPUT: &str = "__slam_out_";

/// The library function whose [`lib_output`] a callee is.
pub fn lib_output_of(name: &str) -> Option<&str> {
    let (ty, f) = name.strip_prefix(LIB_OUTPUT)?.split_once('_')?;
    let ok = ty == "bool" || ty == "other" || (ty.len() > 1 && ty[1..].bytes().all(|b| b.is_ascii_digit()));
    (ok && !f.is_empty()).then_some(f)
}

/// The global array a call of variadic procedure `proc` (one that reads its arguments with
/// `va_arg`) fills with its variadic arguments, one 64-bit cell each, just before the call.
pub fn va_args(proc: &str) -> String {
    format!("__slam_va_{proc}")
}

/// The local copy of [`va_args`] that `proc` makes at its entry (a nested call may refill
/// the global), which `va_arg` reads.
pub fn va_locals(proc: &str) -> String {
    format!("__slam_val_{proc}")
}

/// The local index of the next variadic argument `va_arg` reads (`va_start` sets it to 0).
pub fn va_cursor(proc: &str) -> String {
    format!("__slam_vai_{proc}")
}

/// How many variadic arguments a call passes to a procedure that reads them with `va_arg`.
pub const VA_MAX: usize = 16;

/// What a library function wrote into a scalar when slam cannot say exactly what
/// (`memcpy` between objects of different types, `snprintf` into an array, …):
/// `x := __slam_clobbered_i32(x)` after the call. The abstraction and path simulation see an
/// unknown value (any external result), so a proof holds whatever was written; the
/// interpreter does not compute the written value (and keeping the old one could replay a
/// path the real call forbids): it marks x's bytes as the library's (poison), goes on, and
/// stops as unmodelled where a value made of them is read — so a violation that needs what
/// the call wrote is never confirmed (UNKNOWN), one on a path that only passes the call is.
pub fn clobbered(t: &crate::Type) -> String {
    unknown_write(t).replacen(UNKNOWN_WRITE, CLOBBERED, 1)
}

const CLOBBERED: &str = "__slam_clobbered_";

/// Before a loop of [`clobbered`] writes that may stop early (`snprintf(p, n, …)`: the
/// elements of `p[0 .. n)`): `__slam_clobbered_bytes(p, n)`, the bytes the loop may write.
/// No engine but the interpreter gives it a meaning (an external call without a result);
/// the interpreter marks those bytes as written by the library, all of them, so a replay
/// that takes the loop's early exit does not read the old values there.
pub const CLOBBERED_BYTES: &str = "__slam_clobbered_bytes";

/// Whether a callee is one of the [`clobbered`] functions.
pub fn is_clobbered(name: &str) -> bool {
    name.strip_prefix(CLOBBERED).is_some_and(|r| is_unknown_write(&format!("{UNKNOWN_WRITE}{r}")))
}

/// A byte an input function read from the environment (`read(fd, buf, n)` writes the `r`
/// bytes its result counts, `fread` the bytes of its items): `*(p + i) := __slam_input_u8()`
/// after the call. Every engine sees an external result (any value); the interpreter asks
/// for it like any external result, so a replay's bytes are its inputs; a compiled run
/// (`exec`) takes them from its own environment, which no harness feeds (such a choice is
/// uncontrolled there).
pub fn input(t: &crate::Type) -> String {
    unknown_write(t).replacen(UNKNOWN_WRITE, INPUT, 1)
}

const INPUT: &str = "__slam_input_";

/// Whether a callee is one of the [`input`] functions.
pub fn is_input(name: &str) -> bool {
    name.strip_prefix(INPUT).is_some_and(|r| is_unknown_write(&format!("{UNKNOWN_WRITE}{r}")))
}

/// The C-- name of a `static` function of translation unit `unit` (the unit's file stem)
/// when several units are lowered together and another unit declares or defines the same
/// name: internal linkage makes each unit's function its own (`helper@util`). `@` is no C
/// identifier character, so the name never meets a user's.
pub fn unit_static(name: &str, unit: &str) -> String {
    format!("{name}@{unit}")
}

/// The C name of a procedure (a [`unit_static`] name without its unit): what rules name and
/// what people read.
pub fn c_function(name: &str) -> &str {
    name.split_once('@').map_or(name, |(c, _)| c)
}

/// The front end's `n`th temporary of a procedure.
pub fn temp(n: u32) -> String {
    format!("__t{n}")
}

/// The global holding the front end's `n`th string literal.
pub fn string_literal(n: usize) -> String {
    format!("__str{n}")
}

/// Whether `name` is a front-end temporary (`__t` and digits).
pub fn is_temp(name: &str) -> bool {
    numbered(name, "__t")
}

/// Whether a text (an expression, a predicate) names a front-end temporary as a whole
/// identifier.
pub fn mentions_temp(text: &str) -> bool {
    mentions_numbered(text, "__t")
}

/// Whether a text names a string-literal global of the front end as a whole identifier
/// (possibly renamed apart, `__str3__2`).
pub fn mentions_string_literal(text: &str) -> bool {
    mentions_numbered(text, "__str")
}

fn numbered(name: &str, prefix: &str) -> bool {
    name.strip_prefix(prefix).is_some_and(|r| !r.is_empty() && r.chars().all(|c| c.is_ascii_digit()))
}

/// `prefix` followed by digits, starting an identifier of `text`; with `whole`, also ending it.
fn mentions_numbered(text: &str, prefix: &str) -> bool {
    let b = text.as_bytes();
    let ident = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
    text.match_indices(prefix).any(|(i, _)| {
        let start = i + prefix.len();
        let digits = b[start..].iter().take_while(|c| c.is_ascii_digit()).count();
        let end = start + digits;
        let ends_ident = b.get(end).is_none_or(|&c| !ident(c))
            || (prefix == "__str" && text[end..].starts_with("__") && b.get(end + 2).is_some_and(u8::is_ascii_digit));
        digits > 0 && (i == 0 || !ident(b[i - 1])) && ends_ident
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn temporaries_are_whole_identifiers() {
        assert!(is_temp("__t0") && is_temp(&temp(12)));
        assert!(!is_temp("__t") && !is_temp("__tx") && !is_temp("x__t1"));
        assert!(mentions_temp("__t3 + 1 < x") && mentions_temp("(__t12 == 0)"));
        assert!(!mentions_temp("x__total > 0") && !mentions_temp("x__t1 > 0") && !mentions_temp("__t3x"));
    }

    #[test]
    fn string_literals() {
        assert!(mentions_string_literal(&string_literal(0)) && mentions_string_literal("p == __str2__3"));
        assert!(!mentions_string_literal("my__str1") && !mentions_string_literal("__strlen"));
    }
}
