//! Unions read through another member than the one written (type punning).
//!
//! slam keeps the integer members of a union in one place, bit-exact as gcc lays them out on a
//! little-endian machine: every member starts at offset 0, so writing a narrower integer member
//! replaces the low bits of the wider ones and reading a member truncates (`logic` merges the
//! bits into the union's cell, the interpreter updates the sibling members).
//!
//! Members of other kinds (structs, arrays, pointers, `_Bool`) are not laid out as bytes. A
//! union with such a member (a *mixed* union) carries a hidden **tag**: which *class* of
//! member was written last through the union (all integer members form one class, every
//! other member its own; 0 while the union is all zeros). Reading a member of another class
//! than the tag gives an unknown value: sound for a union read through a member of another
//! kind (whose bytes slam does not follow), exact for the common tagged-variant use, which
//! reads the member it wrote. Accesses through a pointer to a member bypass the tag.

use crate::{Expr, Init, Lval, Program, StructDef, Type};

/// The bit widths of a union member write: the member's own, and the widest integer member
/// of the union (the bits the write is merged into), when the written member is an integer
/// narrower than that widest one.
pub fn narrow_member_write(p: &Program, union_ty: &Type, member: &str) -> Option<(u16, u16)> {
    let d = union_def(p, union_ty)?;
    let bits = match d.fields.iter().find(|f| f.name == member)?.ty {
        Type::Int { bits, .. } => bits,
        _ => return None,
    };
    let widest = widest_integer_member(d)?;
    (bits < widest).then_some((bits, widest))
}

/// What reading integer member type `to` gives after `v` (of width `from_bits`) was written
/// to another integer member whose storage held `old` (as `to`): the low `from_bits` bits
/// come from `v`, the others from `old` (`None`: unknown).
pub fn read_after_member_write(old: Option<i128>, v: i128, from_bits: u16, to: &Type) -> Option<i128> {
    let Type::Int { bits, .. } = to else { return None };
    if *bits <= from_bits {
        return Some(crate::interp::wrap(v, to));
    }
    let mask = (1i128 << from_bits) - 1;
    Some(crate::interp::wrap((old? & !mask) | (v & mask), to))
}

/// Whether every member of the union is an integer (so its members are bit-exact views of
/// one another).
pub fn is_integer_union(d: &StructDef) -> bool {
    d.fields.iter().all(|f| matches!(f.ty, Type::Int { .. }))
}

/// The width of the widest integer member of a union.
pub fn widest_integer_member(d: &StructDef) -> Option<u16> {
    d.fields
        .iter()
        .filter_map(|f| match f.ty {
            Type::Int { bits, .. } => Some(bits),
            _ => None,
        })
        .max()
}

/// Whether a union carries a tag (see the module comment): it has two or more members and
/// one of them is not an integer.
pub fn is_mixed(d: &StructDef) -> bool {
    d.is_union && d.fields.len() >= 2 && !is_integer_union(d)
}

/// The tag value a write to (or a read that is exact after a write to) `member` of a mixed
/// union has: 1 for the integer members, 2 + its position for any other member.
pub fn member_class(d: &StructDef, member: &str) -> i64 {
    match d.fields.iter().position(|f| f.name == member) {
        Some(i) if !matches!(d.fields[i].ty, Type::Int { .. }) => 2 + i as i64,
        _ => 1,
    }
}

/// The tagged union accesses along an lvalue, outermost last: for each `b.m` in `l`'s chain
/// of fields and items where `b` is a mixed union, the lvalue `b` and `m`'s class.
pub fn tagged_accesses(p: &Program, proc: Option<&crate::Proc>, l: &Lval) -> Vec<(Lval, i64)> {
    let mut out = Vec::new();
    let mut cur = l;
    loop {
        match cur {
            Lval::Field(b, m) => {
                if let Some(d) = p.type_of_lval(proc, b).as_ref().and_then(|t| union_def(p, t)) {
                    if is_mixed(d) {
                        out.push(((**b).clone(), member_class(d, m)));
                    }
                }
                cur = b;
            }
            Lval::Index(b, _) => cur = b,
            Lval::Var(_) | Lval::Deref(_) => return out,
        }
    }
}

/// The definition of `t` if it is a union.
pub fn union_def<'a>(p: &'a Program, t: &Type) -> Option<&'a StructDef> {
    match t {
        Type::Struct(s) => p.struct_def(s).filter(|d| d.is_union),
        _ => None,
    }
}

/// An initialiser item that writes zero (the items before a union's named member).
pub fn is_zero(i: &Init) -> bool {
    fn zero(e: &Expr) -> bool {
        match e {
            Expr::Int(0) | Expr::Bool(false) => true,
            Expr::Cast(_, a) => zero(a),
            _ => false,
        }
    }
    match i {
        Init::Zero => true,
        Init::Expr(e) => zero(e),
        Init::List(items) => items.iter().all(is_zero),
    }
}
