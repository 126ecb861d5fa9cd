//! Sizes, alignments and field offsets, as gcc lays out types for i386 (`-m32`, ILP32) and
//! x86-64 (LP64) under the System V ABIs: `sizeof`, `_Alignof`, `offsetof` and
//! `&((T *)0)->f` fold to these numbers, so they must be gcc's exactly
//! (`tests/layout.rs` compares them with gcc's on a few hundred structs).

use super::Lowerer;
use cminus::layout::StructLayout;
use cminus::{Expr, Lval, Type};

/// A member as declared: its type before any bit-field width, and the width.
#[derive(Clone, Debug)]
pub(super) struct Member {
    pub ty: Type,
    pub width: Option<u64>,
    pub named: bool,
    /// The member is a field of the C-- struct (zero-width and unnamed bit-fields are not).
    pub is_field: bool,
    /// `_Alignas(N)` or `__attribute__((aligned(N)))` on the member: at least `N`.
    pub align: Option<u64>,
}

impl Lowerer<'_> {
    /// (size, alignment) of a complete type (`cminus::layout`, gcc's).
    pub(super) fn size_align(&self, t: &Type) -> Option<(u64, u64)> {
        cminus::layout::size_align(&self.prog, t)
    }

    /// The byte offset of a direct field of a struct or union.
    pub(super) fn field_offset(&self, sname: &str, f: &str) -> Option<u64> {
        cminus::layout::field_offset(&self.prog, sname, f)
    }

    /// Lay out members in order (gcc's rules without `packed`): a field starts at the next
    /// multiple of its alignment; a bit-field continues at the current bit unless it would
    /// then span more units of its type's alignment than the type itself has; a zero-width
    /// bit-field moves to the next unit of its type; unnamed bit-fields do not raise the
    /// alignment; a flexible array member adds its alignment and no size. `None` if a
    /// member's type is incomplete.
    pub(super) fn layout_members(
        &self,
        members: &[Member],
        is_union: bool,
        packed: bool,
        aligned: Option<u64>,
        pack: Option<u64>,
    ) -> Option<StructLayout> {
        let (mut bitpos, mut size_bits, mut align) = (0u64, 0u64, 1u64);
        let mut offsets = vec![];
        for (i, m) in members.iter().enumerate() {
            let flexible = matches!(m.ty, Type::Array(_, None)) && i + 1 == members.len() && !is_union;
            let (fs, fa) = match &m.ty {
                Type::Array(e, None) if flexible => (0, self.size_align(e)?.1),
                t => self.size_align(t)?,
            };
            // `#pragma pack(n)` caps every member's alignment, except a `:0`'s
            let fa = match pack {
                Some(n) if m.width != Some(0) => fa.min(n),
                _ => fa,
            };
            // an explicit alignment raises the member's (also in a packed struct; `#pragma
            // pack` caps it too)
            let fa_min = m.align.unwrap_or(1).min(pack.unwrap_or(u64::MAX));
            if packed && m.width.is_some_and(|w| w > 0) {
                // packed bit-fields follow each other bit by bit
                let start = if is_union { 0 } else { bitpos };
                size_bits = size_bits.max(start + m.width.unwrap_or(0));
                if !is_union {
                    bitpos = start + m.width.unwrap_or(0);
                }
                if m.is_field {
                    offsets.push(start);
                }
                continue;
            }
            // a packed struct's members are byte-aligned (a `:0` still moves to its type's unit)
            let fa = if packed && m.width != Some(0) { 1 } else { fa }.max(fa_min);
            let off_bits = match m.width {
                Some(0) => {
                    if !is_union {
                        // also at the end: the struct then extends to that unit
                        bitpos = bitpos.div_ceil(fa * 8) * fa * 8;
                        size_bits = size_bits.max(bitpos);
                    }
                    continue;
                }
                Some(w) => {
                    let unit = fa * 8;
                    let start = if is_union { 0 } else { bitpos };
                    let spans = ((start % unit) + w).div_ceil(unit) * unit;
                    let start = if spans > fs * 8 { start.div_ceil(unit) * unit } else { start };
                    if m.named {
                        align = align.max(fa);
                    }
                    size_bits = size_bits.max(start + w);
                    if !is_union {
                        bitpos = start + w;
                    }
                    start
                }
                None => {
                    align = align.max(fa);
                    let start = if is_union { 0 } else { bitpos.div_ceil(fa * 8) * fa * 8 };
                    size_bits = size_bits.max(start + fs * 8);
                    if !is_union {
                        bitpos = start + fs * 8;
                    }
                    start
                }
            };
            if m.is_field {
                offsets.push(off_bits);
            }
        }
        if let Some(a) = aligned {
            align = align.max(a);
        }
        let size = size_bits.div_ceil(8).div_ceil(align) * align;
        Some(StructLayout { size, align, bit_offsets: offsets })
    }

    /// `packed` and `aligned(N)` of a struct or union: attribute lists right after its
    /// keyword (`struct __attribute__((packed)) s {…}`) or right after its closing brace.
    pub(super) fn struct_attrs(&self, span: lang_c::span::Span, kw: &str) -> (bool, Option<u64>) {
        let start = self.map.original(span.start);
        let end = self.map.original(span.end);
        let (mut packed, mut aligned) = (false, None);
        for a in self.attrs.iter().filter(|a| !a.alignas) {
            if a.prev == Some(start + kw.len() - 1) || (end > start && a.prev == Some(end - 1)) {
                packed |= a.packed;
                if let Some(n) = a.aligned {
                    aligned = Some(aligned.unwrap_or(1u64).max(n));
                }
            }
        }
        (packed, aligned)
    }

    /// The `#pragma pack` in effect where a struct's definition starts (`None`: natural
    /// alignment).
    pub(super) fn pragma_pack_at(&self, span: lang_c::span::Span) -> Option<u64> {
        let at = self.map.original(span.start);
        self.attrs.iter().filter(|a| a.start < at).filter_map(|a| a.pragma_pack).next_back().flatten()
    }

    /// The explicit alignment of a member declared in `span` (`_Alignas(N)`, GNU
    /// `aligned(N)`): the largest found inside the declaration.
    pub(super) fn member_align(&self, span: lang_c::span::Span) -> Option<u64> {
        let (start, end) = (self.map.original(span.start), self.map.original(span.end));
        // (a blanked `_Alignas` before the specifiers is outside the declaration's span)
        self.attrs
            .iter()
            .filter(|a| (a.start >= start && a.start < end) || a.next == Some(start))
            .filter_map(|a| a.aligned)
            .max()
    }

    /// `&((T *)c)->f…` (the `offsetof` idiom of kernel headers): the address `c` plus the
    /// field's offset, when the base pointer is a constant.
    pub(super) fn constant_address(&self, l: &Lval) -> Option<(i128, Type)> {
        match l {
            Lval::Deref(p) => match &**p {
                Expr::Cast(Type::Ptr(t), c) => Some((super::fold(c)?, (**t).clone())),
                _ => None,
            },
            Lval::Field(b, f) => {
                let (base, t) = self.constant_address(b)?;
                let Type::Struct(s) = &t else { return None };
                let ft = self.prog.struct_def(s)?.fields.iter().find(|x| x.name == *f)?.ty.clone();
                Some((base + self.field_offset(s, f)? as i128, ft))
            }
            Lval::Index(b, i) => {
                let (base, t) = self.constant_address(b)?;
                let Type::Array(e, _) = &t else { return None };
                let (es, _) = self.size_align(e)?;
                Some((base + super::fold(i)? * es as i128, (**e).clone()))
            }
            Lval::Var(_) => None,
        }
    }
}
