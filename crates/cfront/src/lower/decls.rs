//! Declarations and initialisers, local and global.

use super::*;

impl<'o> Lowerer<'o> {
    // ---------------------------------------------------------------- declarations

    /// The alignment declaration `d` asks for its object `id` (`_Alignas(N)`,
    /// `_Alignas(type)`, GNU `aligned(N)` among the specifiers or on the declarator), when
    /// above 1: the object's address is a multiple of it (and of its type's alignment).
    fn declared_alignment(&mut self, d: &Node<Declaration>, id: &Node<InitDeclarator>) -> Res<Option<u64>> {
        let mut best: Option<u64> = None;
        for s in &d.node.specifiers {
            if let DeclarationSpecifier::Alignment(a) = &s.node {
                let n = match &a.node {
                    AlignmentSpecifier::Type(tn) => {
                        let t = self.type_name(tn)?;
                        self.size_align(&t).map(|x| x.1)
                    }
                    AlignmentSpecifier::Constant(e) => Some(self.const_int(e)?.max(0) as u64),
                };
                best = best.max(n);
            }
        }
        let spec_end = d.node.specifiers.iter().map(|s| s.span.end).max().unwrap_or(d.span.start);
        best = best.max(self.member_align(Span { start: d.span.start, end: spec_end }));
        best = best.max(self.member_align(id.span));
        Ok(best.filter(|&n| n > 1))
    }

    /// Records the declared alignment of variable `name` (C-- name) of `proc` (`None`: a
    /// global) in [`cminus::Program::aligned`].
    fn record_alignment(&mut self, proc: Option<String>, name: &str, align: Option<u64>) {
        let Some(a) = align else { return };
        match self.prog.aligned.iter_mut().find(|(p, n, _)| *p == proc && n == name) {
            Some(e) => e.2 = e.2.max(a),
            None => self.prog.aligned.push((proc, name.to_string(), a)),
        }
    }

    pub(super) fn global_decl(&mut self, d: &Node<Declaration>) -> Res<()> {
        self.set_loc(d.span);
        let (base, storage) = self.decl_specs(&d.node.specifiers, d.span)?;
        for id in &d.node.declarators {
            let info = self.declarator(base.clone(), &id.node.declarator)?;
            let Some(name) = info.name.clone() else {
                continue;
            };
            if storage == Some(StorageClassSpecifier::Typedef) {
                self.bind(&name, Sym::Typedef(info.ty));
                continue;
            }
            if let Type::Func(ft) = &info.ty {
                self.note_readonly_params(&name, &id.node.declarator);
                self.declare_func(&name, (**ft).clone());
                if is_noreturn(&d.node.specifiers) {
                    let n = self.fn_name(&name);
                    self.noreturn.insert(n);
                }
                continue;
            }
            let is_static = storage == Some(StorageClassSpecifier::Static);
            let is_extern = storage == Some(StorageClassSpecifier::Extern);
            let ty = info.ty.clone();
            let align = self.declared_alignment(d, id)?;
            self.declare_global(
                &name,
                info.ty,
                is_static,
                is_extern && id.node.initializer.is_none(),
                id.node.initializer.as_ref(),
                &name,
                info.name_span,
            )?;
            if let Some(Sym::Var { name: g, .. }) = self.lookup(&name).cloned() {
                self.record_alignment(None, &g, align);
            }
            if id.node.initializer.is_some() && is_const_not_volatile(&d.node.specifiers) {
                self.note_const_global(&name, &ty);
            }
        }
        Ok(())
    }

    /// A `const` integer global just defined with an initialiser: when that is a constant,
    /// an array size may use its value (C makes such an array a VLA of that size; gcc, and
    /// slam, a fixed-size one). Writing a `const` object is undefined, so the value holds.
    fn note_const_global(&mut self, c_name: &str, ty: &Type) {
        if !matches!(ty, Type::Int { .. }) {
            return;
        }
        let Some(Sym::Var { name, .. }) = self.lookup(c_name).cloned() else {
            return;
        };
        let v = match self.prog.global(&name).map(|g| &g.init) {
            Some(Init::Expr(e)) => fold(e),
            _ => None,
        };
        if let Some(v) = v {
            self.const_globals.insert(name, (interp::wrap(v, ty), ty.clone()));
        }
    }

    /// The C-- name of function `c_name` in the current unit (see `static_function_names`).
    pub(super) fn fn_name(&self, c_name: &str) -> String {
        self.unit_fns.get(c_name).cloned().unwrap_or_else(|| c_name.to_string())
    }

    pub(super) fn declare_func(&mut self, c_name: &str, ft: FuncType) {
        let name = &self.fn_name(c_name);
        let keep = match self.funcs.get(name) {
            // a prototype with parameters beats an old-style declaration
            Some(old) => old.params.len() >= ft.params.len() && (!old.variadic || ft.variadic),
            None => false,
        };
        if !keep {
            self.funcs.insert(name.to_string(), ft);
        }
        self.bind(c_name, Sym::Func(name.to_string()));
    }

    #[allow(clippy::too_many_arguments)]
    pub(super) fn declare_global(
        &mut self,
        c_name: &str,
        ty: Type,
        is_static: bool,
        extern_decl: bool,
        init: Option<&Node<Initializer>>,
        base_name: &str,
        span: Span,
    ) -> Res<()> {
        let existing = if is_static {
            match self.lookup(c_name) {
                Some(Sym::Var { name, .. }) if self.scopes.len() == 1 => Some(name.clone()),
                _ => None,
            }
        } else {
            self.globals_by_c.get(c_name).cloned()
        };
        let name = match existing {
            Some(n) => n,
            None => {
                let n = self.fresh_global_name(base_name);
                let loc = self.loc(span);
                self.prog.globals.push(Var {
                    name: n.clone(),
                    c_name: c_name.to_string(),
                    ty: ty.clone(),
                    loc,
                    init: Init::Zero,
                });
                if !is_static {
                    self.globals_by_c.insert(c_name.to_string(), n.clone());
                }
                if extern_decl {
                    self.extern_only.insert(n.clone());
                }
                n
            }
        };
        if !extern_decl {
            self.extern_only.remove(&name);
        }
        // bound before its initialiser, which may take its address
        let gty0 = self.prog.global(&name).map(|g| g.ty.clone()).unwrap_or(ty.clone());
        self.bind(c_name, Sym::Var { name: name.clone(), ty: gty0 });
        let mut ty = ty;
        if let Some(init) = init {
            let saved = self.const_mode;
            self.const_mode = true;
            let r = self.global_init(&ty, init);
            self.const_mode = saved;
            let (i, t) = r?;
            ty = t;
            let g = self.prog.globals.iter_mut().find(|g| g.name == name).unwrap();
            g.init = i;
        }
        let g = self.prog.globals.iter_mut().find(|g| g.name == name).unwrap();
        if let (Type::Array(_, None), Type::Array(_, Some(_))) = (&g.ty, &ty) {
            g.ty = ty.clone();
        }
        let gty = g.ty.clone();
        self.bind(c_name, Sym::Var { name, ty: gty });
        Ok(())
    }

    pub(super) fn local_decl(&mut self, d: &Node<Declaration>) -> Res<()> {
        self.set_loc(d.span);
        let (base, storage) = self.decl_specs(&d.node.specifiers, d.span)?;
        for id in &d.node.declarators {
            let info = self.declarator_vla(base.clone(), &id.node.declarator, true)?;
            let Some(name) = info.name.clone() else {
                continue;
            };
            if let Some(size) = &info.vla {
                if matches!(storage, None | Some(StorageClassSpecifier::Auto) | Some(StorageClassSpecifier::Register)) {
                    if let Some(init) = &id.node.initializer {
                        return self
                            .unsupported(init.span, "an initialiser of a variable-length array is not supported");
                    }
                    self.vla_decl(&name, &info, size)?;
                    continue;
                }
                let what = match storage {
                    Some(StorageClassSpecifier::Typedef) => "a typedef of a variable-length array is not supported",
                    _ => "a static or extern variable-length array is not supported",
                };
                return self.unsupported(size.span, what);
            }
            match storage {
                Some(StorageClassSpecifier::Typedef) => {
                    self.bind(&name, Sym::Typedef(info.ty));
                    continue;
                }
                _ if matches!(info.ty, Type::Func(_)) => {
                    let Type::Func(ft) = info.ty else { unreachable!() };
                    self.note_readonly_params(&name, &id.node.declarator);
                    self.declare_func(&name, *ft);
                    continue;
                }
                Some(StorageClassSpecifier::Static) => {
                    let fname = self.fx().name.clone();
                    let gname = format!("{fname}::{name}");
                    let saved = std::mem::take(&mut self.scopes);
                    // statics are initialised in global scope, but see the enclosing names
                    self.scopes = saved;
                    let ty = info.ty.clone();
                    let gn = self.fresh_global_name(&gname);
                    let align = self.declared_alignment(d, id)?;
                    self.record_alignment(None, &gn, align);
                    let loc = self.loc(info.name_span);
                    self.prog.globals.push(Var {
                        name: gn.clone(),
                        c_name: name.clone(),
                        ty: ty.clone(),
                        loc,
                        init: Init::Zero,
                    });
                    let mut ty = ty;
                    if let Some(init) = &id.node.initializer {
                        self.const_mode = true;
                        let r = self.global_init(&ty, init);
                        self.const_mode = false;
                        let (i, t) = r?;
                        ty = t;
                        let g = self.prog.globals.iter_mut().find(|g| g.name == gn).unwrap();
                        g.init = i;
                        g.ty = ty.clone();
                    }
                    self.bind(&name, Sym::Var { name: gn, ty });
                    continue;
                }
                Some(StorageClassSpecifier::Extern) => {
                    self.declare_global(&name, info.ty, false, true, None, &name, info.name_span)?;
                    continue;
                }
                _ => {}
            }
            if let Type::Array(_, None) = info.ty {
                if id.node.initializer.is_none() {
                    return self.err(info.name_span, "array of unknown size");
                }
            }
            let lname = self.new_local(&name, info.ty.clone());
            let align = self.declared_alignment(d, id)?;
            let proc = self.fx().name.clone();
            self.record_alignment(Some(proc), &lname, align);
            self.bind(&name, Sym::Var { name: lname.clone(), ty: info.ty.clone() });
            if let Some(init) = &id.node.initializer {
                self.set_loc(init.span);
                let t = self.local_init(Lval::Var(lname.clone()), &info.ty, init)?;
                if t != info.ty {
                    for v in self.fx().locals.iter_mut() {
                        if v.name == lname {
                            v.ty = t.clone();
                        }
                    }
                    self.bind(&name, Sym::Var { name: lname.clone(), ty: t });
                }
            }
        }
        Ok(())
    }

    /// A variable-length array `T a[n];` (block scope, automatic): like
    /// `T *a = __slam_vla(n)`, an allocation of exactly `n` elements that never fails
    /// (see `cminus::names::VLA_ALLOC`), after `assume(n > 0)` (a size that is not positive
    /// is undefined: the run stops there, as at any failed assumption). The length, as
    /// evaluated here, is kept in a temporary for `sizeof a`. `a` is then a pointer local, so
    /// `a[i]`, `a + i` and passing `a` are pointer operations; `&a` is not supported.
    fn vla_decl(&mut self, name: &str, info: &DeclInfo, size: &Node<Expression>) -> Res<()> {
        let Type::Array(elem, None) = &info.ty else {
            return self.err(info.name_span, "variable-length array without an element type");
        };
        let elem = (**elem).clone();
        if self.size_align(&elem).is_none() {
            return self.err(info.name_span, "array of incomplete element type");
        }
        self.set_loc(size.span);
        let (x, t) = self.rv(size)?;
        if !matches!(t, Type::Int { .. } | Type::Bool) {
            return self.err(size.span, "size of array has non-integer type");
        }
        let pt = promote(&t);
        let x = self.conv(x, &t, &pt, size.span)?;
        let len = self.new_temp(pt.clone())?;
        self.emit(StmtKind::Assign(Lval::Var(len.clone()), x))?;
        let n = Expr::Lval(Lval::Var(len.clone()));
        let zero = const_expr(0, &pt);
        self.emit(StmtKind::Assume(Expr::Binary(BinOp::Gt, Box::new(n.clone()), Box::new(zero))))?;
        let size_t = self.size_t();
        let count = self.conv(n, &pt, &size_t, size.span)?;
        self.set_loc(info.name_span);
        let ptr = Type::ptr(elem.clone());
        let lname = self.new_local(name, ptr.clone());
        let alloc = cminus::names::VLA_ALLOC;
        if !self.funcs.contains_key(alloc) {
            let ft = FuncType { ret: Type::ptr(Type::Void), params: vec![size_t], variadic: false };
            self.funcs.insert(alloc.to_string(), ft);
        }
        self.emit(StmtKind::Call {
            ret: Some(Lval::Var(lname.clone())),
            callee: alloc.to_string(),
            args: vec![count],
        })?;
        self.vlas.insert(lname.clone(), (len, pt, elem));
        self.bind(name, Sym::Var { name: lname, ty: ptr });
        Ok(())
    }

    /// Initialise a local; returns the (possibly completed) type.
    pub(super) fn local_init(&mut self, l: Lval, ty: &Type, init: &Node<Initializer>) -> Res<Type> {
        match &init.node {
            Initializer::Expression(e) => {
                if let (Type::Array(elem, _), Expression::StringLiteral(s)) = (ty, &e.node) {
                    let values = string_values(&s.node);
                    let (it, t) = self.string_init(elem, ty, &values);
                    self.flatten_init(&l, &t, &it)?;
                    return Ok(t);
                }
                if let Type::Array(..) = ty {
                    return self.err(e.span, "array initializer must be a list");
                }
                // `struct s v = (struct s){…};` initialises v's fields directly (no copy of a
                // temporary object)
                if let (Type::Struct(_), Expression::CompoundLiteral(cl)) = (ty, &e.node) {
                    if self.type_name(&cl.node.type_name)? == *ty {
                        return self.local_init_list(l, ty, &cl.node.initializer_list);
                    }
                }
                self.assign_into(l, ty, e)?;
                Ok(ty.clone())
            }
            Initializer::List(items) => self.local_init_list(l, ty, items),
        }
    }

    pub(super) fn local_init_list(&mut self, l: Lval, ty: &Type, items: &[Node<InitializerListItem>]) -> Res<Type> {
        let mut pos = 0;
        let (it, t) = self.init_list(ty, items, &mut pos, true)?;
        if pos < items.len() {
            return self.err(items[pos].span, "excess elements in initializer");
        }
        self.flatten_init(&l, &t, &it)?;
        Ok(t)
    }

    pub(super) fn flatten_init(&mut self, l: &Lval, ty: &Type, it: &Init) -> Res<()> {
        match ty {
            Type::Struct(s) => {
                let fields = self.prog.struct_def(s).map(|d| d.fields.clone()).unwrap_or_default();
                let sub = |i: usize| match it {
                    Init::List(v) => v.get(i).cloned().unwrap_or(Init::Zero),
                    _ => Init::Zero,
                };
                if let Some(d) = self.prog.struct_def(s).filter(|d| d.is_union).cloned() {
                    return self.flatten_union_init(l, &d, &sub);
                }
                for (i, f) in fields.iter().enumerate() {
                    let fl = Lval::Field(Box::new(l.clone()), f.name.clone());
                    self.flatten_init(&fl, &f.ty, &sub(i))?;
                }
                Ok(())
            }
            Type::Array(elem, Some(n)) => {
                for i in 0..*n {
                    let sub = match it {
                        Init::List(v) => v.get(i as usize).cloned().unwrap_or(Init::Zero),
                        _ => Init::Zero,
                    };
                    let el = Lval::Index(Box::new(l.clone()), Box::new(Expr::Int(i as i128)));
                    self.flatten_init(&el, elem, &sub)?;
                }
                Ok(())
            }
            Type::Array(_, None) => self.err(Span::none(), "array of unknown size"),
            t => {
                let v = match it {
                    Init::Expr(e) => e.clone(),
                    _ => Self::zero_of(t),
                };
                self.emit(StmtKind::Assign(l.clone(), v))
            }
        }
    }

    /// A union initialised in a block: gcc zero-fills it, then writes the named member. An
    /// all-integer union is zeroed through its widest member (the others share its bits, see
    /// [`cminus::unions`]); other unions write only the named member (member 0 if none is
    /// named), so that a program using one member is not taken for one punning two.
    fn flatten_union_init(&mut self, l: &Lval, d: &StructDef, sub: &dyn Fn(usize) -> Init) -> Res<()> {
        let field = |f: &Field| Lval::Field(Box::new(l.clone()), f.name.clone());
        let named: Vec<usize> = (0..d.fields.len()).filter(|&i| !cminus::unions::is_zero(&sub(i))).collect();
        if cminus::unions::is_integer_union(d) {
            let bits = |t: &Type| if let Type::Int { bits, .. } = t { *bits } else { 0 };
            let widest = d.fields.iter().enumerate().max_by_key(|(i, f)| (bits(&f.ty), std::cmp::Reverse(*i)));
            if let Some((_, f)) = widest.filter(|(w, _)| !named.contains(w)) {
                self.flatten_init(&field(f), &f.ty, &Init::Zero)?;
            }
        } else if named.is_empty() {
            if let Some(f) = d.fields.first() {
                self.flatten_init(&field(f), &f.ty, &sub(0))?;
            }
        }
        for i in named {
            let f = &d.fields[i];
            self.flatten_init(&field(f), &f.ty, &sub(i))?;
        }
        Ok(())
    }

    pub(super) fn string_init(&self, elem: &Type, ty: &Type, values: &[i128]) -> (Init, Type) {
        let n = match ty {
            Type::Array(_, Some(n)) => *n,
            _ => values.len() as u64 + 1,
        };
        let mut v: Vec<Init> =
            values.iter().take(n as usize).map(|b| Init::Expr(const_expr(interp::wrap(*b, elem), elem))).collect();
        while (v.len() as u64) < n {
            v.push(Init::Expr(Self::zero_of(elem)));
        }
        (Init::List(v), Type::Array(Box::new(elem.clone()), Some(n)))
    }

    pub(super) fn global_init(&mut self, ty: &Type, init: &Node<Initializer>) -> Res<(Init, Type)> {
        match &init.node {
            Initializer::Expression(e) => {
                if let (Type::Array(elem, _), Expression::StringLiteral(s)) = (ty, &e.node) {
                    let values = string_values(&s.node);
                    return Ok(self.string_init(elem, ty, &values));
                }
                Ok((self.init_leaf(ty, e)?, ty.clone()))
            }
            Initializer::List(items) => {
                let mut pos = 0;
                let r = self.init_list(ty, items, &mut pos, true)?;
                if pos < items.len() {
                    return self.err(items[pos].span, "excess elements in initializer");
                }
                Ok(r)
            }
        }
    }

    /// A scalar (or whole-struct) initialiser value.
    pub(super) fn init_leaf(&mut self, ty: &Type, e: &Node<Expression>) -> Res<Init> {
        let (v, t) = self.rv(e)?;
        let v = self.conv(v, &t, ty, e.span)?;
        if self.const_mode {
            if let Some(c) = fold(&v) {
                return Ok(Init::Expr(const_expr(interp::wrap(c, ty), ty)));
            }
            if let Expr::Float(FloatOp::Lit(_), ..) = v {
                return Ok(Init::Expr(v));
            }
            if !is_address_constant(&v) {
                return self.err(e.span, "initializer element is not a compile-time constant");
            }
        }
        Ok(Init::Expr(v))
    }

    /// Build an initialiser for an aggregate from a (possibly brace-elided) list.
    pub(super) fn init_list(
        &mut self,
        ty: &Type,
        items: &[Node<InitializerListItem>],
        pos: &mut usize,
        braced: bool,
    ) -> Res<(Init, Type)> {
        let (n, is_union) = match ty {
            Type::Struct(s) => self.struct_init_shape(s, items)?,
            Type::Array(_, n) => (*n, false),
            t => return self.braced_scalar_init(t, items, pos),
        };
        let mut out: Vec<Init> = vec![];
        let mut idx: u64 = 0;
        let mut first = true;
        let mut max_idx: u64 = 0;
        while *pos < items.len() {
            let item = &items[*pos];
            let mut range_end: u64 = 0;
            if !item.node.designation.is_empty() {
                if !braced && !first {
                    break;
                }
                (idx, range_end) = self.designated_slots(ty, item)?;
            }
            first = false;
            let last = range_end.max(idx);
            if let Some(n) = n {
                if last >= n {
                    if braced {
                        return self.err(item.span, "excess elements in initializer");
                    }
                    break;
                }
            }
            let sub_ty = match ty {
                Type::Struct(s) => self.prog.struct_def(s).unwrap().fields[idx as usize].ty.clone(),
                Type::Array(e, _) => (**e).clone(),
                _ => unreachable!(),
            };
            let val = self.init_item_value(&sub_ty, items, pos, braced, out.get(idx as usize))?;
            while out.len() <= last as usize {
                out.push(Init::Zero);
            }
            for slot in &mut out[idx as usize..=last as usize] {
                *slot = val.clone();
            }
            idx = last + 1;
            max_idx = max_idx.max(idx);
            if is_union && !braced {
                break;
            }
            if !braced {
                if let Some(n) = n {
                    if idx >= n {
                        break;
                    }
                }
            }
        }
        let t = match ty {
            Type::Array(e, None) => Type::Array(e.clone(), Some(max_idx)),
            t => t.clone(),
        };
        Ok((Init::List(out), t))
    }

    /// The number of members of `struct s` and whether it is a union; only a complete struct
    /// can be initialised.
    fn struct_init_shape(&self, s: &str, items: &[Node<InitializerListItem>]) -> Res<(Option<u64>, bool)> {
        let Some(sd) = self.prog.struct_def(s) else {
            return self.err(Span::none(), "initializer for an unknown struct");
        };
        if !sd.complete {
            return self.err(
                items.first().map(|i| i.span).unwrap_or(Span::none()),
                format!("initializer for incomplete type 'struct {s}'"),
            );
        }
        Ok((Some(sd.fields.len() as u64), sd.is_union))
    }

    /// A scalar in braces (`int x = { 1 };`): takes the next item only.
    fn braced_scalar_init(
        &mut self,
        t: &Type,
        items: &[Node<InitializerListItem>],
        pos: &mut usize,
    ) -> Res<(Init, Type)> {
        let Some(first) = items.get(*pos) else {
            return Ok((Init::Zero, t.clone()));
        };
        *pos += 1;
        match &first.node.initializer.node {
            Initializer::Expression(e) => Ok((self.init_leaf(t, e)?, t.clone())),
            Initializer::List(sub) => {
                let mut p = 0;
                self.init_list(t, sub, &mut p, true)
            }
        }
    }

    /// The slots `first..=last` of the aggregate `ty` that the first designator of `item` names
    /// (`last` is 0 unless it is a GNU range).
    fn designated_slots(&mut self, ty: &Type, item: &Node<InitializerListItem>) -> Res<(u64, u64)> {
        match &item.node.designation[0].node {
            Designator::Member(id) => {
                let Type::Struct(s) = ty else {
                    return self.err(item.span, "field designator in a non-struct initializer");
                };
                let fi = self.prog.struct_def(s).and_then(|d| d.fields.iter().position(|f| f.name == id.node.name));
                match fi {
                    Some(i) => Ok((i as u64, 0)),
                    None => self.err(id.span, format!("no member named '{}'", id.node.name)),
                }
            }
            Designator::Index(e) => {
                let v = self.const_int(e)?;
                Ok((v as u64, 0))
            }
            Designator::Range(r) => {
                // GNU `[lo ... hi] = v`: one value (evaluated once) for every index
                let lo = self.const_int(&r.node.from)?;
                let hi = self.const_int(&r.node.to)?;
                if lo < 0 || hi < lo {
                    return self.err(item.span, "empty or negative index range in initializer");
                }
                Ok((lo as u64, hi as u64))
            }
        }
    }

    /// The value of the member of type `sub_ty` that `items[*pos]` starts: a nested designator,
    /// a braced sub-list, or an expression (which may begin a brace-elided sub-aggregate).
    /// `prev` is what the member already has, which a nested designator merges into.
    fn init_item_value(
        &mut self,
        sub_ty: &Type,
        items: &[Node<InitializerListItem>],
        pos: &mut usize,
        braced: bool,
        prev: Option<&Init>,
    ) -> Res<Init> {
        let item = &items[*pos];
        let nested = item.node.designation.len() > 1;
        match &item.node.initializer.node {
            _ if nested => self.nested_designator_init(sub_ty, items, pos, braced, prev),
            Initializer::List(sub) => {
                *pos += 1;
                let mut p = 0;
                let (v, _) = self.init_list(sub_ty, sub, &mut p, true)?;
                if p < sub.len() {
                    return self.err(sub[p].span, "excess elements in initializer");
                }
                Ok(v)
            }
            Initializer::Expression(e) => {
                let is_str = matches!(e.node, Expression::StringLiteral(_));
                match sub_ty {
                    Type::Array(elem, _) if is_str => {
                        *pos += 1;
                        let Expression::StringLiteral(s) = &e.node else { unreachable!() };
                        Ok(self.string_init(elem, sub_ty, &string_values(&s.node)).0)
                    }
                    Type::Array(..) => Ok(self.init_list(sub_ty, items, pos, false)?.0),
                    Type::Struct(_) => {
                        let et = self.type_of_expr(e)?;
                        if et == *sub_ty {
                            *pos += 1;
                            self.init_leaf(sub_ty, e)
                        } else {
                            Ok(self.init_list(sub_ty, items, pos, false)?.0)
                        }
                    }
                    _ => {
                        *pos += 1;
                        self.init_leaf(sub_ty, e)
                    }
                }
            }
        }
    }

    /// `.a.b = v`, `[2].x = v`: `.a = { .b = v }`, merged into what `.a` already has (`prev`).
    fn nested_designator_init(
        &mut self,
        sub_ty: &Type,
        items: &[Node<InitializerListItem>],
        pos: &mut usize,
        braced: bool,
        prev: Option<&Init>,
    ) -> Res<Init> {
        let item = &items[*pos];
        *pos += 1;
        let inner = Node::new(
            InitializerListItem {
                designation: item.node.designation[1..].to_vec(),
                initializer: item.node.initializer.clone(),
            },
            item.span,
        );
        let (v, _) = self.init_list(sub_ty, std::slice::from_ref(&inner), &mut 0, true)?;
        // `.u.m = v, w`: `w` goes on after `.u.m` — after `.u` itself when `.u` is a union or
        // `m` its last member (the enclosing list's next slot, as a plain item would); going
        // on inside `.u` is not followed
        let ends_inner = item.node.designation.len() == 2
            && match (sub_ty, &item.node.designation[1].node) {
                (Type::Struct(s), Designator::Member(id)) => self
                    .prog
                    .struct_def(s)
                    .is_some_and(|d| d.is_union || d.fields.last().is_some_and(|f| f.name == id.node.name)),
                _ => false,
            };
        if braced && !ends_inner && items.get(*pos).is_some_and(|next| next.node.designation.is_empty()) {
            return self.unsupported(
                items[*pos].span,
                "an initializer without designator after a nested designator is not supported",
            );
        }
        Ok(match prev {
            Some(old) => merge_init(old.clone(), v),
            None => v,
        })
    }
}

/// Whether declaration specifiers say `const` and not `volatile`.
fn is_const_not_volatile(specs: &[Node<DeclarationSpecifier>]) -> bool {
    let q = |k: TypeQualifier| {
        specs.iter().any(|s| matches!(&s.node, DeclarationSpecifier::TypeQualifier(t) if t.node == k))
    };
    q(TypeQualifier::Const) && !q(TypeQualifier::Volatile)
}

/// Whether declaration specifiers say that the function never returns (`_Noreturn`, GNU
/// `__attribute__((noreturn))`).
fn is_noreturn(specs: &[Node<DeclarationSpecifier>]) -> bool {
    specs.iter().any(|s| {
        match &s.node {
        DeclarationSpecifier::Function(f) => matches!(f.node, FunctionSpecifier::Noreturn),
        DeclarationSpecifier::Extension(es) => es.iter().any(|e| {
            matches!(&e.node, Extension::Attribute(a) if matches!(a.name.node.as_str(), "noreturn" | "__noreturn__"))
        }),
        _ => false,
    }
    })
}
