//! C library and POSIX functions with documented out-parameters, modelled exactly (issue 29):
//! after the call, the object the function is documented to write holds arbitrary values of
//! its type, chosen like inputs, and the result is in its documented range. The table and
//! each model's contract are in docs/cminus.md ("Library functions with out-parameters").
//!
//! One home for three readers: the front end lowers each call by its [`Model`] (values from
//! [`crate::names::lib_output`] calls, one per scalar, in the order of [`leaves`]); the
//! interpreter asks for them as for any external result; a compiled run (`exec`) stands in
//! for a [`Model::fed`] function with a definition that returns the trace's values and
//! writes them in that same order, so the run follows the trace.

use crate::{FuncType, Program, Type};

/// The documented range of a model's result (of a signed integer type).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Range {
    /// 0 on success, -1 on error (`fstat`, `pipe`): the out-parameter is written on 0.
    ZeroOrMinusOne,
    /// At least -1 (`getline`'s length, -1 at the end of the input or on error).
    AtLeastMinusOne,
    /// Any value of the type (`strtol`, `time`).
    Any,
}

/// What a model writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Out {
    /// Every scalar of the object argument `arg` points to (of the parameter's pointee type),
    /// when the call succeeds and the pointer is not NULL.
    Object { arg: usize },
    /// `n` file descriptors into the `int` array argument `arg` points to, on success: each
    /// at least 0, all different (`pipe`, `socketpair`).
    Fds { arg: usize, n: usize },
    /// The result itself into `*arg` when the pointer is not NULL (`time(&t)`).
    Result { arg: usize },
    /// `*arg := (char *)arg[from] + k` when `arg` is not NULL, for an offset `k >= 0` slam
    /// does not bound (`strtol`'s end pointer: at most the string's length, which C-- cannot
    /// say without a loop): an unknown write (`names::unknown_write`), so the interpreter
    /// takes `k = 0` (no characters converted) and a path that needs another end is UNKNOWN,
    /// or refuted by the compiled run, whose library computes it.
    EndPointer { arg: usize, from: usize },
    /// Nothing exact: what the call writes stays the unknown write of any function without a
    /// model (`externs`); only the result's range is modelled (`getline`'s buffer pointer).
    Unknown,
}

/// A modelled function.
#[derive(Clone, Copy, Debug)]
pub struct Model {
    pub name: &'static str,
    /// The number of parameters of its prototype.
    pub params: usize,
    pub result: Range,
    pub out: Out,
    /// Whether a compiled run is fed the trace's values for its calls (its harness defines
    /// the function): the function reads the environment (the file system, the clock, the
    /// kernel's descriptors). Otherwise the library's own function runs: its results are a
    /// function of its arguments (`strtol`) or it allocates (`getline`).
    pub fed: bool,
}

const fn m(name: &'static str, params: usize, result: Range, out: Out, fed: bool) -> Model {
    Model { name, params, result, out, fed }
}

use Out::*;
use Range::*;

/// The modelled functions (docs/cminus.md has the same list with each contract).
pub const MODELS: &[Model] = &[
    m("fstat", 2, ZeroOrMinusOne, Object { arg: 1 }, true),
    m("stat", 2, ZeroOrMinusOne, Object { arg: 1 }, true),
    m("lstat", 2, ZeroOrMinusOne, Object { arg: 1 }, true),
    m("fstatat", 4, ZeroOrMinusOne, Object { arg: 2 }, true),
    m("pipe", 1, ZeroOrMinusOne, Fds { arg: 0, n: 2 }, true),
    m("pipe2", 2, ZeroOrMinusOne, Fds { arg: 0, n: 2 }, true),
    m("socketpair", 4, ZeroOrMinusOne, Fds { arg: 3, n: 2 }, true),
    m("time", 1, Any, Result { arg: 0 }, true),
    m("gettimeofday", 2, ZeroOrMinusOne, Object { arg: 0 }, true),
    m("clock_gettime", 2, ZeroOrMinusOne, Object { arg: 1 }, true),
    m("clock_getres", 2, ZeroOrMinusOne, Object { arg: 1 }, true),
    m("getrlimit", 2, ZeroOrMinusOne, Object { arg: 1 }, true),
    m("statvfs", 2, ZeroOrMinusOne, Object { arg: 1 }, true),
    m("fstatvfs", 2, ZeroOrMinusOne, Object { arg: 1 }, true),
    m("getline", 3, AtLeastMinusOne, Unknown, false),
    m("getdelim", 4, AtLeastMinusOne, Unknown, false),
    m("strtol", 3, Any, EndPointer { arg: 1, from: 0 }, false),
    m("strtoul", 3, Any, EndPointer { arg: 1, from: 0 }, false),
    m("strtoll", 3, Any, EndPointer { arg: 1, from: 0 }, false),
    m("strtoull", 3, Any, EndPointer { arg: 1, from: 0 }, false),
    m("strtoimax", 3, Any, EndPointer { arg: 1, from: 0 }, false),
    m("strtoumax", 3, Any, EndPointer { arg: 1, from: 0 }, false),
    m("strtod", 2, Any, EndPointer { arg: 1, from: 0 }, false),
    m("strtof", 2, Any, EndPointer { arg: 1, from: 0 }, false),
    m("strtold", 2, Any, EndPointer { arg: 1, from: 0 }, false),
];

/// The model of the C library function `name`.
pub fn model(name: &str) -> Option<&'static Model> {
    MODELS.iter().find(|m| m.name == name)
}

/// The model of `name` when its prototype `ft` (as the program declares it) has the shape the
/// model needs: the number of parameters, a signed integer result where the range says
/// something, the written parameter a pointer to an object of [`leaves`] (`Object`), to
/// `int` (`Fds`), to the result's type (`Result`), to a pointer (`EndPointer`). A call of a
/// prototype of another shape keeps the unknown write of functions without a model. The front
/// end and the compiled run's harness decide with this same test.
pub fn applies(prog: &Program, name: &str, ft: &FuncType) -> Option<&'static Model> {
    let m = model(name)?;
    if ft.params.len() != m.params || ft.variadic {
        return None;
    }
    let signed = matches!(ft.ret, Type::Int { signed: true, .. });
    let ok_ret = match m.result {
        ZeroOrMinusOne | AtLeastMinusOne => signed,
        Any => ft.ret.is_scalar(),
    };
    let pointee = |arg: usize| ft.params.get(arg).and_then(|t| t.pointee());
    let ok_out = match m.out {
        Object { arg } => pointee(arg).is_some_and(|t| matches!(t, Type::Struct(_)) && leaves(prog, t).is_some()),
        Fds { arg, .. } => pointee(arg) == Some(&Type::INT),
        Result { arg } => signed && pointee(arg) == Some(&ft.ret),
        EndPointer { arg, from } => pointee(arg).is_some_and(|t| t.is_pointer()) && ft.params[from].is_pointer(),
        Unknown => true,
    };
    (ok_ret && ok_out).then_some(m)
}

/// A step from an object to one of its parts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    Field(String),
    Index(u64),
}

/// A scalar part of an object: how to reach it, its byte offset and its type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Leaf {
    pub path: Vec<Step>,
    pub offset: u64,
    pub ty: Type,
}

/// The most scalars a model writes into one object.
pub const MAX_LEAVES: usize = 256;

/// The scalars (integers and `_Bool`) of an object of type `t`, in the order a model writes
/// them (members in declaration order, array elements in index order), with gcc's byte
/// offsets. `None` when the object has a part a model cannot write exactly: a pointer (slam
/// invents no pointer values), a float, a bit-field, a union, a part of unknown layout, or
/// more than [`MAX_LEAVES`] scalars.
pub fn leaves(prog: &Program, t: &Type) -> Option<Vec<Leaf>> {
    let mut out = vec![];
    collect(prog, t, vec![], 0, &mut out)?;
    Some(out)
}

fn collect(prog: &Program, t: &Type, path: Vec<Step>, offset: u64, out: &mut Vec<Leaf>) -> Option<()> {
    if out.len() > MAX_LEAVES {
        return None;
    }
    match t {
        Type::Int { bits: 8 | 16 | 32 | 64, .. } | Type::Bool => {
            out.push(Leaf { path, offset, ty: t.clone() });
            (out.len() <= MAX_LEAVES).then_some(())
        }
        Type::Struct(s) => {
            let d = prog.struct_def(s).filter(|d| d.complete && !d.is_union)?;
            for f in &d.fields {
                if crate::layout::is_bit_field(prog, s, &f.name) {
                    return None;
                }
                let off = crate::layout::field_offset(prog, s, &f.name)?;
                let mut p = path.clone();
                p.push(Step::Field(f.name.clone()));
                collect(prog, &f.ty, p, offset + off, out)?;
            }
            Some(())
        }
        Type::Array(e, Some(n)) => {
            let size = crate::layout::size_of(prog, e)?;
            for i in 0..*n {
                let mut p = path.clone();
                p.push(Step::Index(i));
                collect(prog, e, p, offset + i * size, out)?;
            }
            Some(())
        }
        _ => None,
    }
}

/// The documented range of a scalar a model writes, by the member's name in the C
/// library's structs, where C or POSIX gives one: `tv_nsec` of a `struct timespec` (0 …
/// 999,999,999), `tv_usec` of a `struct timeval` (0 … 999,999), a file's `st_size` and
/// `st_blocks` (not negative). A compiled run is fed the trace's values, so a value the
/// real function never writes must not be one of the model's.
pub fn bounds(leaf: &Leaf) -> Option<(i128, Option<i128>)> {
    let Some(Step::Field(f)) = leaf.path.last() else { return None };
    if !matches!(leaf.ty, Type::Int { signed: true, .. }) {
        return None;
    }
    match f.as_str() {
        "tv_nsec" => Some((0, Some(999_999_999))),
        "tv_usec" => Some((0, Some(999_999))),
        "st_size" | "st_blocks" => Some((0, None)),
        _ => None,
    }
}
