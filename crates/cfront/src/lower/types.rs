//! C types to C-- types: specifiers, declarators, struct/union/enum definitions, layout.

use super::*;

impl<'o> Lowerer<'o> {
    // ---------------------------------------------------------------- types

    pub(super) fn long_bits(&self) -> u16 {
        match self.opts.data_model {
            DataModel::Lp64 => 64,
            DataModel::Ilp32 => 32,
        }
    }

    pub(super) fn size_t(&self) -> Type {
        Type::int(self.long_bits(), false)
    }

    pub(super) fn base_type(&mut self, specs: &[&Node<TypeSpecifier>], span: Span) -> Res<Type> {
        let (mut long, mut short, mut char_, mut signed, mut unsigned) = (0, 0, 0, 0, 0);
        let (mut void, mut bool_, mut float, mut double, mut int) = (0, 0, 0, 0, 0);
        let mut other: Option<Type> = None;
        for s in specs {
            match &s.node {
                TypeSpecifier::Void => void += 1,
                TypeSpecifier::Char => char_ += 1,
                TypeSpecifier::Short => short += 1,
                TypeSpecifier::Int => int += 1,
                TypeSpecifier::Long => long += 1,
                TypeSpecifier::Float => float += 1,
                TypeSpecifier::Double => double += 1,
                TypeSpecifier::Signed => signed += 1,
                TypeSpecifier::Unsigned => unsigned += 1,
                TypeSpecifier::Bool => bool_ += 1,
                TypeSpecifier::Complex => return self.unsupported(s.span, "complex types are not supported"),
                TypeSpecifier::TS18661Float(_) => {
                    other = Some(Type::Float { bits: 128 });
                }
                TypeSpecifier::Atomic(tn) => other = Some(self.type_name(tn)?),
                TypeSpecifier::Struct(st) => other = Some(self.struct_type(st)?),
                TypeSpecifier::Enum(et) => other = Some(self.enum_type(et)?),
                TypeSpecifier::TypedefName(id) => {
                    let n = &id.node.name;
                    if let Some(i) = crate::INT128_NAMES.iter().position(|x| x == n) {
                        other = Some(Type::int(128, i == 0));
                        continue;
                    }
                    other = Some(match self.lookup(n) {
                        Some(Sym::Typedef(t)) => t.clone(),
                        _ if n == "__builtin_va_list" => Type::ptr(Type::CHAR),
                        // its declaration failed: that reason, now that it matters
                        _ if self.failed_typedefs.contains_key(n) => return Err(self.failed_typedefs[n].clone()),
                        _ => return self.err(id.span, format!("unknown type name '{n}'")),
                    });
                }
                TypeSpecifier::TypeOf(t) => {
                    other = Some(match &t.node {
                        TypeOf::Type(tn) => self.type_name(tn)?,
                        TypeOf::Expression(e) if self.vla_named(e).is_some() => {
                            return self.unsupported(e.span, "typeof of a variable-length array is not supported");
                        }
                        TypeOf::Expression(e) => self.type_of_sizeof(e)?, // typeof does not decay arrays
                    });
                }
            }
        }
        let _ = (signed, int);
        Ok(if let Some(t) = other {
            t
        } else if void > 0 {
            Type::Void
        } else if bool_ > 0 {
            Type::Bool
        } else if float > 0 {
            Type::Float { bits: 32 }
        } else if double > 0 {
            Type::Float { bits: if long > 0 { 128 } else { 64 } }
        } else if char_ > 0 {
            Type::int(8, unsigned == 0)
        } else if short > 0 {
            Type::int(16, unsigned == 0)
        } else if long == 1 {
            Type::int(self.long_bits(), unsigned == 0)
        } else if long >= 2 {
            Type::int(64, unsigned == 0)
        } else if specs.is_empty() {
            return self.err(span, "missing type specifier");
        } else {
            Type::int(32, unsigned == 0)
        })
    }

    pub(super) fn decl_specs(
        &mut self,
        specs: &[Node<DeclarationSpecifier>],
        span: Span,
    ) -> Res<(Type, Option<StorageClassSpecifier>)> {
        let mut ts = vec![];
        let mut storage = None;
        for s in specs {
            match &s.node {
                DeclarationSpecifier::TypeSpecifier(t) => ts.push(t),
                DeclarationSpecifier::StorageClass(c) => storage = Some(c.node.clone()),
                _ => {}
            }
        }
        Ok((self.base_type(&ts, span)?, storage))
    }

    pub(super) fn type_name(&mut self, tn: &Node<TypeName>) -> Res<Type> {
        let ts = type_specifiers(&tn.node.specifiers);
        let base = self.base_type(&ts, tn.span)?;
        match &tn.node.declarator {
            Some(d) => Ok(self.declarator(base, d)?.ty),
            None => Ok(base),
        }
    }

    pub(super) fn declarator(&mut self, base: Type, d: &Node<Declarator>) -> Res<DeclInfo> {
        self.declarator_vla(base, d, false)
    }

    /// A declarator; with `vla`, the outermost array of a declarator naming an object may
    /// have a size that is not a constant (a block-scope variable-length array, or an array
    /// parameter): its type is then `T[]` and [`DeclInfo::vla`] holds the size expression.
    /// Any other variable size (inner dimensions, pointers to VLAs, typedefs, file scope,
    /// struct members, type names) is not supported.
    pub(super) fn declarator_vla(&mut self, base: Type, d: &Node<Declarator>, vla: bool) -> Res<DeclInfo> {
        let mut t = base;
        let mut vla_size = None;
        // the outermost array of the declarator, when it directly declares the name
        let outer = match (&d.node.kind.node, vla) {
            (DeclaratorKind::Identifier(_), true) => {
                d.node.derived.iter().position(|x| !matches!(x.node, DerivedDeclarator::Pointer(_)))
            }
            _ => None,
        };
        let mut params = None;
        for dd in &d.node.derived {
            if let DerivedDeclarator::Pointer(_) = dd.node {
                t = Type::ptr(t);
            }
        }
        for (k, dd) in d.node.derived.iter().enumerate().rev() {
            match &dd.node {
                DerivedDeclarator::Pointer(_) => {}
                DerivedDeclarator::Array(a) if outer == Some(k) => {
                    let n = match &a.node.size {
                        ArraySize::VariableExpression(e) | ArraySize::StaticExpression(e) if !self.is_const_size(e) => {
                            vla_size = Some((**e).clone());
                            None
                        }
                        _ => self.array_size(a)?,
                    };
                    t = Type::Array(Box::new(t), n);
                }
                DerivedDeclarator::Array(a) => {
                    let n = self.array_size(a)?;
                    t = Type::Array(Box::new(t), n);
                }
                DerivedDeclarator::Function(fd) => {
                    let ps = self.param_list(fd)?;
                    let ft = FuncType {
                        ret: t,
                        params: ps.iter().map(|p| p.1.clone()).collect(),
                        variadic: matches!(fd.node.ellipsis, Ellipsis::Some),
                    };
                    t = Type::Func(Box::new(ft));
                    params = Some(ps);
                }
                DerivedDeclarator::KRFunction(ids) => {
                    // an old-style definition `f(a, b) int a; {…}`: the parameters are `int`
                    // until `func_def` reads their declarations
                    let variadic = ids.is_empty();
                    let ps: Vec<(Option<String>, Type)> =
                        ids.iter().map(|id| (Some(id.node.name.clone()), Type::INT)).collect();
                    let ft = FuncType { ret: t, params: ps.iter().map(|p| p.1.clone()).collect(), variadic };
                    t = Type::Func(Box::new(ft));
                    params = Some(ps);
                }
                DerivedDeclarator::Block(_) => {
                    return self.unsupported(dd.span, "blocks (^) are not supported");
                }
            }
        }
        match &d.node.kind.node {
            DeclaratorKind::Identifier(id) => {
                Ok(DeclInfo { name: Some(id.node.name.clone()), name_span: id.span, ty: t, params, vla: vla_size })
            }
            DeclaratorKind::Abstract => Ok(DeclInfo { name: None, name_span: d.span, ty: t, params, vla: None }),
            DeclaratorKind::Declarator(inner) => {
                let mut i = self.declarator(t, inner)?;
                if i.params.is_none() {
                    i.params = params;
                }
                Ok(i)
            }
        }
    }

    /// Whether an array size is a compile-time constant (for slam: also a `const` integer
    /// global with a constant initialiser, see [`Lowerer::const_globals`]).
    fn is_const_size(&mut self, e: &Node<Expression>) -> bool {
        let saved = std::mem::replace(&mut self.const_globals_fold, true);
        let r = self.const_int(e);
        self.const_globals_fold = saved;
        r.is_ok()
    }

    /// An array declarator's size: `None` when unknown; a variable length is unsupported.
    fn array_size(&mut self, a: &Node<ArrayDeclarator>) -> Res<Option<u64>> {
        Ok(match &a.node.size {
            ArraySize::Unknown | ArraySize::VariableUnknown => None,
            ArraySize::VariableExpression(e) | ArraySize::StaticExpression(e) => {
                let saved = std::mem::replace(&mut self.const_globals_fold, true);
                let v = self.const_int(e);
                self.const_globals_fold = saved;
                let v = v.map_err(|_| self.unsupported_diag(e.span, "variable-length arrays are not supported here (only the outermost size of an automatic local array, or of a parameter, may vary)"))?;
                if v < 0 {
                    return self.err(e.span, "array size is negative");
                }
                Some(v as u64)
            }
        })
    }

    /// A function declarator's parameters (name and type, arrays and functions adjusted to
    /// pointers); `(void)` is no parameter.
    fn param_list(&mut self, fd: &Node<FunctionDeclarator>) -> Res<Vec<(Option<String>, Type)>> {
        let mut ps = vec![];
        for p in &fd.node.parameters {
            let (pt, _) = self.decl_specs(&p.node.specifiers, p.span)?;
            let (name, pt) = match &p.node.declarator {
                Some(pd) => {
                    // `int a[n]` is the pointer `int *a`; its size is evaluated at the call in
                    // C, which matters only when it has side effects
                    let i = self.declarator_vla(pt, pd, true)?;
                    if let Some(size) = i.vla.as_ref().filter(|e| has_side_effects(&e.node)) {
                        return self.unsupported(
                            size.span,
                            "a variable-length array parameter whose size has side effects is not supported",
                        );
                    }
                    (i.name, i.ty)
                }
                None => (None, pt),
            };
            let pt = match pt {
                Type::Array(e, _) => Type::Ptr(e),
                Type::Func(f) => Type::Ptr(Box::new(Type::Func(f))),
                t => t,
            };
            ps.push((name, pt));
        }
        if ps.len() == 1 && ps[0].1 == Type::Void && ps[0].0.is_none() {
            ps.clear();
        }
        Ok(ps)
    }

    pub(super) fn struct_type(&mut self, st: &Node<StructType>) -> Res<Type> {
        let is_union = st.node.kind.node == StructKind::Union;
        let kw = if is_union { "union" } else { "struct" };
        let mut name = self.struct_tag(st, kw, is_union);
        let Some(decls) = &st.node.declarations else {
            return Ok(Type::Struct(name));
        };
        let (file, line, col) = self.map.locate(st.span.start);
        let here = format!("{file}:{line}:{col}");
        if self.prog.struct_def(&name).map(|s| s.complete).unwrap_or(false) {
            if self.struct_locs.get(&name).is_none_or(|at| *at == here) {
                // the same definition again (a header in another unit): one type
                return Ok(Type::Struct(name));
            }
            // another unit's own type of the same tag (defined elsewhere): this unit's is
            // another type, named apart from here on
            let Some(id) = &st.node.identifier else { return Ok(Type::Struct(name)) };
            let mut k = 2;
            while self.prog.struct_def(&format!("{}__{k}", id.node.name)).is_some() {
                k += 1;
            }
            name = format!("{}__{k}", id.node.name);
            self.unit_tags.insert(format!("{kw} {}", id.node.name), name.clone());
            self.prog.structs.push(StructDef {
                name: name.clone(),
                is_union,
                complete: false,
                fields: vec![],
                layout: None,
            });
        }
        self.struct_locs.insert(name.clone(), here);
        let mut fields = vec![];
        let mut members = vec![];
        for d in decls {
            let StructDeclaration::Field(f) = &d.node else {
                continue;
            };
            self.struct_field(f, &mut fields, &mut members)?;
        }
        let (packed, aligned) = self.struct_attrs(st.span, kw);
        let pack = self.pragma_pack_at(st.span);
        let layout = self.layout_members(&members, is_union, packed, aligned, pack);
        if let Some(s) = self.prog.structs.iter_mut().find(|s| s.name == name) {
            s.fields = fields;
            s.complete = true;
            s.layout = layout;
        }
        Ok(Type::Struct(name))
    }

    /// The program's name of a struct or union: its tag's (renamed when a type of that name
    /// exists already), or an `__anon` name per place of definition; a first reference
    /// declares it incomplete.
    fn struct_tag(&mut self, st: &Node<StructType>, kw: &str, is_union: bool) -> String {
        match &st.node.identifier {
            Some(id) => {
                let key = format!("{kw} {}", id.node.name);
                match self.unit_tags.get(&key).or_else(|| self.tags.get(&key)) {
                    Some(n) => n.clone(),
                    None => {
                        let mut n = id.node.name.clone();
                        if self.prog.struct_def(&n).is_some() {
                            n = format!("{kw}_{n}");
                        }
                        self.tags.insert(key, n.clone());
                        self.prog.structs.push(StructDef {
                            name: n.clone(),
                            is_union,
                            complete: false,
                            fields: vec![],
                            layout: None,
                        });
                        n
                    }
                }
            }
            None => {
                // One definition in a header is one type in every unit that includes it (the
                // units of a whole program pass such structs to one another): keyed by where
                // it is written.
                let (file, line, col) = self.map.locate(st.span.start);
                let key = format!("{kw} @{file}:{line}:{col}");
                if let Some(n) = self.tags.get(&key) {
                    return n.clone();
                }
                self.anon_n += 1;
                let n = format!("__anon{}", self.anon_n);
                self.tags.insert(key, n.clone());
                self.prog.structs.push(StructDef {
                    name: n.clone(),
                    is_union,
                    complete: false,
                    fields: vec![],
                    layout: None,
                });
                n
            }
        }
    }

    /// One field declaration of a struct: its fields (bit-fields narrowed to their width),
    /// and the members laid out, unnamed and zero-width ones included.
    fn struct_field(&mut self, f: &Node<StructField>, fields: &mut Vec<Field>, members: &mut Vec<Member>) -> Res<()> {
        let ts = type_specifiers(&f.node.specifiers);
        let base = self.base_type(&ts, f.span)?;
        if f.node.declarators.is_empty() {
            if let Type::Struct(_) = base {
                self.anon_n += 1;
                fields.push(Field { name: format!("__anon_field{}", self.anon_n), ty: base.clone() });
                let align = self.member_align(f.span);
                members.push(Member { ty: base, width: None, named: true, is_field: true, align });
            }
            return Ok(());
        }
        for sd in &f.node.declarators {
            let info = match &sd.node.declarator {
                Some(decl) => Some(self.declarator(base.clone(), decl)?),
                None => None,
            };
            let declared = info.as_ref().map(|i| i.ty.clone()).unwrap_or(base.clone());
            let mut ty = declared.clone();
            let mut width = None;
            if let Some(w) = &sd.node.bit_width {
                let w = self.const_int(w)?;
                if w < 0 || w > self.size_align(&declared).map(|(s, _)| s as i128 * 8).unwrap_or(64) {
                    return self.err(sd.span, "invalid bit-field width");
                }
                width = Some(w as u64);
                let signed = matches!(ty, Type::Int { signed: true, .. });
                ty = if ty == Type::Bool { Type::Bool } else { Type::int(w as u16, signed) };
            }
            let is_field = info.is_some() && width != Some(0);
            let align = self.member_align(f.span);
            members.push(Member { ty: declared, width, named: info.is_some(), is_field, align });
            if let (true, Some(info)) = (is_field, info) {
                fields.push(Field { name: info.name.unwrap_or_default(), ty });
            }
        }
        Ok(())
    }

    /// An enum's constants and its type, as gcc chooses it: `unsigned int` when no value is
    /// negative, `int` when some is, and a 64-bit type (`long`/`long long`) when a value
    /// needs more than 32 bits. A constant whose value fits `int` has type `int`, else the
    /// enum's type.
    pub(super) fn enum_type(&mut self, et: &Node<EnumType>) -> Res<Type> {
        let tag = et.node.identifier.as_ref().map(|i| i.node.name.clone());
        if et.node.enumerators.is_empty() {
            // a reference (`enum e x;`), or a forward declaration (gcc: like `unsigned int`)
            return Ok(tag.and_then(|t| self.enum_tags.get(&t).cloned()).unwrap_or(Type::int(32, false)));
        }
        let mut next = 0i128;
        let mut vals = vec![];
        for en in &et.node.enumerators {
            if let Some(e) = &en.node.expression {
                next = self.const_int(e)?;
            }
            if next < i64::MIN as i128 || next > u64::MAX as i128 {
                return self.err(en.span, "enumerator value is too large");
            }
            // while the enum is being defined, a constant has the type its value needs
            let t = [Type::INT, Type::int(32, false), Type::int(64, true), Type::int(64, false)]
                .into_iter()
                .find(|t| interp::wrap(next, t) == next)
                .unwrap_or(Type::int(64, false));
            self.bind(&en.node.identifier.node.name, Sym::Enum(next, t));
            vals.push((en.node.identifier.node.name.clone(), next, en.span));
            next += 1;
        }
        let min = vals.iter().map(|v| v.1).min().unwrap_or(0);
        let max = vals.iter().map(|v| v.1).max().unwrap_or(0);
        let ty = if min >= 0 {
            if max <= u32::MAX as i128 {
                Type::int(32, false)
            } else {
                Type::int(64, false)
            }
        } else if min >= i32::MIN as i128 && max <= i32::MAX as i128 {
            Type::INT
        } else if max <= i64::MAX as i128 {
            Type::int(64, true)
        } else {
            return self.err(vals[0].2, "enumeration values exceed the range of the largest integer type");
        };
        for (name, v, _) in vals {
            let t = if interp::wrap(v, &Type::INT) == v { Type::INT } else { ty.clone() };
            self.bind(&name, Sym::Enum(v, t));
        }
        if let Some(t) = tag {
            self.enum_tags.insert(t, ty.clone());
        }
        Ok(ty)
    }

    /// Find a field, looking through anonymous struct/union members.
    pub(super) fn find_field(&self, sname: &str, f: &str) -> Option<Vec<(String, Type)>> {
        let sd = self.prog.struct_def(sname)?;
        for fl in &sd.fields {
            if fl.name == f {
                return Some(vec![(fl.name.clone(), fl.ty.clone())]);
            }
        }
        for fl in &sd.fields {
            if fl.name.starts_with("__anon_field") {
                if let Type::Struct(inner) = &fl.ty {
                    if let Some(mut rest) = self.find_field(inner, f) {
                        rest.insert(0, (fl.name.clone(), fl.ty.clone()));
                        return Some(rest);
                    }
                }
            }
        }
        None
    }
}

/// The type specifiers among a type name's or a struct field's specifiers and qualifiers.
fn type_specifiers(sq: &[Node<SpecifierQualifier>]) -> Vec<&Node<TypeSpecifier>> {
    sq.iter()
        .filter_map(|s| match &s.node {
            SpecifierQualifier::TypeSpecifier(t) => Some(t),
            _ => None,
        })
        .collect()
}
