//! Where C's objects are, in bytes: gcc's sizes, alignments and field offsets for the
//! program's data model (x86-64 LP64 or i386 ILP32, System V ABIs). This is the one home of
//! the byte layout: the front end computes each struct's layout once (it alone sees
//! `packed`, `aligned(N)` and bit-field widths as declared) and stores it in
//! [`crate::StructDef::layout`]; the interpreter's byte memory, `logic`'s byte memory and the
//! library models read sizes and offsets only through this module, so they cannot drift.
//!
//! Integers are little-endian; a `_Bool` is one byte; a pointer is 8 bytes (LP64) or 4
//! (ILP32); `long double` is the x87 80-bit format padded to 16 (12 on i386). A bit-field
//! is addressed by its bit offset from the start of its struct ([`field_bit_offset`]).

use crate::{DataModel, Program, StructDef, Type};
use std::collections::HashMap;

/// What `malloc` and the other allocators guarantee: `_Alignof(max_align_t)` of glibc, 16
/// on x86-64 and on i386 (glibc ≥ 2.26).
pub const MALLOC_ALIGN: u64 = 16;

/// gcc's layout of a complete struct or union.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct StructLayout {
    pub size: u64,
    pub align: u64,
    /// Per field of the C-- struct, in order: its offset in **bits** from the start of the
    /// struct (a multiple of 8 except for bit-fields; 0 for every member of a union).
    pub bit_offsets: Vec<u64>,
}

/// The size of a pointer in bytes.
pub fn ptr_bytes(p: &Program) -> u64 {
    match p.data_model {
        DataModel::Lp64 => 8,
        DataModel::Ilp32 => 4,
    }
}

/// (size, alignment) in bytes of a complete type; the alignment is the ABI one (`_Alignof`,
/// and inside structs: 4 for `long long` and `double` on i386). `None` for an incomplete
/// type (an array of unknown size, a struct only declared or without a layout).
pub fn size_align(p: &Program, t: &Type) -> Option<(u64, u64)> {
    size_align_in(p, t, &|s| p.struct_def(s))
}

/// [`size_align`] with the struct definitions looked up by `structs`.
fn size_align_in<'p>(p: &Program, t: &Type, structs: &dyn Fn(&str) -> Option<&'p StructDef>) -> Option<(u64, u64)> {
    let ilp32 = p.data_model == DataModel::Ilp32;
    Some(match t {
        Type::Void | Type::Bool | Type::Func(_) => (1, 1),
        Type::Int { bits, .. } => {
            let b = (*bits as u64).div_ceil(8).next_power_of_two();
            (b, if ilp32 { b.min(4) } else { b })
        }
        Type::Float { bits: 32 } => (4, 4),
        Type::Float { bits: 64 } => (8, if ilp32 { 4 } else { 8 }),
        // long double: the x87 80-bit format, padded
        Type::Float { .. } => {
            if ilp32 {
                (12, 4)
            } else {
                (16, 16)
            }
        }
        Type::Ptr(_) => (ptr_bytes(p), ptr_bytes(p)),
        Type::Array(e, n) => {
            let (s, a) = size_align_in(p, e, structs)?;
            (s.checked_mul((*n)?)?, a)
        }
        Type::Struct(s) => {
            let l = structs(s)?.layout.as_ref()?;
            (l.size, l.align)
        }
    })
}

/// The size in bytes of a complete type.
pub fn size_of(p: &Program, t: &Type) -> Option<u64> {
    size_align(p, t).map(|(s, _)| s)
}

/// The alignment in bytes of a complete type.
pub fn align_of(p: &Program, t: &Type) -> Option<u64> {
    size_align(p, t).map(|(_, a)| a)
}

/// The offset in bits of a direct field of a struct or union.
pub fn field_bit_offset(p: &Program, sname: &str, field: &str) -> Option<u64> {
    let d = p.struct_def(sname)?;
    let i = d.fields.iter().position(|f| f.name == field)?;
    d.layout.as_ref()?.bit_offsets.get(i).copied()
}

/// The offset in bytes of a direct field (for a bit-field, the byte holding its first bit).
pub fn field_offset(p: &Program, sname: &str, field: &str) -> Option<u64> {
    field_bit_offset(p, sname, field).map(|b| b / 8)
}

/// Whether the field is a bit-field as C lays it out: it does not start on a byte or its
/// width is not the size of its type.
pub fn is_bit_field(p: &Program, sname: &str, field: &str) -> bool {
    let Some(d) = p.struct_def(sname) else { return false };
    let Some(f) = d.fields.iter().find(|f| f.name == field) else { return false };
    match f.ty {
        Type::Int { bits, .. } => {
            field_bit_offset(p, sname, field).is_some_and(|b| b % 8 != 0) || !matches!(bits, 8 | 16 | 32 | 64 | 128)
        }
        _ => false,
    }
}

/// The layout of one program with its structs indexed by name: the same answers as the
/// functions above, without a search of [`Program::structs`] per question (the interpreter
/// asks one per access).
pub struct Layouts<'p> {
    p: &'p Program,
    structs: HashMap<&'p str, &'p StructDef>,
}

impl<'p> Layouts<'p> {
    pub fn new(p: &'p Program) -> Self {
        // the first definition of a name wins, as in `Program::struct_def`
        let mut structs = HashMap::with_capacity(p.structs.len());
        for d in &p.structs {
            structs.entry(d.name.as_str()).or_insert(d);
        }
        Layouts { p, structs }
    }
    pub fn struct_def(&self, name: &str) -> Option<&'p StructDef> {
        self.structs.get(name).copied()
    }
    /// [`size_align`].
    pub fn size_align(&self, t: &Type) -> Option<(u64, u64)> {
        match t {
            Type::Int { .. } | Type::Bool | Type::Ptr(_) => size_align(self.p, t),
            _ => size_align_in(self.p, t, &|s| self.struct_def(s)),
        }
    }
    /// [`size_of`].
    pub fn size_of(&self, t: &Type) -> Option<u64> {
        self.size_align(t).map(|(s, _)| s)
    }
    /// [`align_of`].
    pub fn align_of(&self, t: &Type) -> Option<u64> {
        self.size_align(t).map(|(_, a)| a)
    }
    /// A direct field of a struct or union: its index, its offset in bits
    /// ([`field_bit_offset`]), its type, and its width in bits when it is a bit-field (as
    /// [`is_bit_field`]; a `_Bool` that does not start on a byte, or shares its byte with the
    /// next field, is a 1-bit bit-field: the front end keeps no width for `_Bool`).
    pub fn field(&self, sname: &str, field: &str) -> Option<(usize, u64, &'p Type, Option<u32>)> {
        let d = self.struct_def(sname)?;
        let i = d.fields.iter().position(|f| f.name == field)?;
        let offsets = &d.layout.as_ref()?.bit_offsets;
        let bits = *offsets.get(i)?;
        let ty = &d.fields[i].ty;
        let width = match ty {
            Type::Int { bits: w, .. } if bits % 8 != 0 || !matches!(w, 8 | 16 | 32 | 64 | 128) => Some(u32::from(*w)),
            Type::Bool if bits % 8 != 0 => Some(1),
            Type::Bool if !d.is_union && offsets.get(i + 1).is_some_and(|&n| n < bits + 8) => Some(1),
            _ => None,
        };
        Some((i, bits, ty, width))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Field, StructDef};

    fn prog(dm: DataModel) -> Program {
        let mut p = Program::new("main");
        p.data_model = dm;
        p.structs.push(StructDef {
            name: "s".into(),
            is_union: false,
            complete: true,
            fields: vec![
                Field { name: "c".into(), ty: Type::CHAR },
                Field { name: "x".into(), ty: Type::int(64, true) },
            ],
            layout: Some(StructLayout { size: 16, align: 8, bit_offsets: vec![0, 64] }),
        });
        p
    }

    #[test]
    fn sizes_follow_the_data_model() {
        let p = prog(DataModel::Lp64);
        assert_eq!(size_align(&p, &Type::ptr(Type::INT)), Some((8, 8)));
        assert_eq!(size_align(&p, &Type::Array(Box::new(Type::Struct("s".into())), Some(3))), Some((48, 8)));
        assert_eq!(field_offset(&p, "s", "x"), Some(8));
        let q = prog(DataModel::Ilp32);
        assert_eq!(size_align(&q, &Type::ptr(Type::INT)), Some((4, 4)));
        assert_eq!(size_align(&q, &Type::Float { bits: 64 }), Some((8, 4)));
        assert_eq!(size_align(&q, &Type::Array(Box::new(Type::INT), None)), None);
    }
}
