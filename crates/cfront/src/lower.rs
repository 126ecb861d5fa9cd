//! Lowering of the lang-c AST to C--.

mod builtins;
mod exit;
mod memory;

use crate::{Diagnostic, LineMap, Options, Property, Unit};
use cminus::pointsto::{IndirectCall, PointsTo};
use cminus::*;
use lang_c::ast::Label;
use lang_c::ast::*;
use lang_c::span::{Node, Span};
use std::collections::{HashMap, HashSet};

mod layout;

use layout::{Layout, Member};

type Res<T> = Result<T, Diagnostic>;

#[derive(Clone, Debug)]
enum Sym {
    Var {
        name: String,
        ty: Type,
    },
    Typedef(Type),
    /// An enumeration constant and its type (`int` when the value fits, else the enum's).
    Enum(i128, Type),
    Func(String),
}

#[derive(Default)]
struct Scope {
    syms: HashMap<String, Sym>,
}

struct FnCtx {
    name: String,
    ret: Type,
    formals: Vec<Var>,
    locals: Vec<Var>,
    body: Vec<Stmt>,
    pending: Vec<String>,
    used: HashSet<String>,
    breaks: Vec<String>,
    conts: Vec<String>,
    switches: Vec<HashMap<usize, String>>,
    tmp_n: u32,
}

/// What the caller of a call lowering wants.
enum Want {
    Effect,
    Value,
    Into(Lval, Type),
}

struct Lowerer<'o> {
    opts: &'o Options,
    prog: Program,
    diags: Vec<Diagnostic>,
    map: LineMap,
    file_ids: Vec<Option<u32>>,
    scopes: Vec<Scope>,
    tags: HashMap<String, String>,
    /// The type of each enum tag.
    enum_tags: HashMap<String, Type>,
    /// The layout of every complete struct and union, by C-- name.
    layouts: HashMap<String, Layout>,
    /// The current unit's layout attributes (`packed`, `aligned`).
    attrs: Vec<crate::attrs::Attr>,
    funcs: HashMap<String, FuncType>,
    defined_fns: HashSet<String>,
    lowered_fns: HashSet<String>,
    globals_by_c: HashMap<String, String>,
    extern_only: HashSet<String>,
    strings: HashMap<Vec<u8>, String>,
    f: Option<FnCtx>,
    const_mode: bool,
    label_n: u32,
    anon_n: u32,
    indirect: Vec<IndirectCall>,
    cur_loc: Loc,
    /// Functions whose definition could not be lowered, with the reason.
    failed_fns: Vec<(String, Diagnostic)>,
    /// Globals (C-- names) whose declaration could not be lowered, with the reason.
    failed_globals: Vec<(Vec<String>, Diagnostic)>,
    /// Typedef names whose declaration could not be lowered: a use reports the reason.
    failed_typedefs: HashMap<String, Diagnostic>,
    /// Which calls are the error (resolved from `Options::property`).
    property: Property,
    /// The program registers `atexit` handlers: `exit()` and the entry's returns run them.
    atexit: bool,
}

const FRESH_PREFIX: &str = "L";

fn is_nondet_name(n: &str) -> bool {
    n.starts_with("__VERIFIER_nondet_") || n.starts_with("nondet_") && !n.contains("__")
}

pub(crate) fn lower_units(mut units: Vec<Unit>, opts: &Options) -> Result<Program, Vec<Diagnostic>> {
    let uses = exit::scan(&units);
    let property = opts.property.unwrap_or(if uses.error_fn { Property::UnreachCall } else { Property::Assertions });
    if uses.atexit {
        units.push(exit::atexit_unit());
    }
    let mut l = Lowerer {
        opts,
        prog: Program::new(&opts.entry),
        diags: vec![],
        map: LineMap::new(""),
        file_ids: vec![],
        scopes: vec![],
        tags: HashMap::new(),
        enum_tags: HashMap::new(),
        layouts: HashMap::new(),
        attrs: vec![],
        funcs: HashMap::new(),
        defined_fns: HashSet::new(),
        lowered_fns: HashSet::new(),
        globals_by_c: HashMap::new(),
        extern_only: HashSet::new(),
        strings: HashMap::new(),
        f: None,
        const_mode: false,
        label_n: 0,
        anon_n: 0,
        indirect: vec![],
        cur_loc: Loc::default(),
        failed_fns: vec![],
        failed_globals: vec![],
        failed_typedefs: HashMap::new(),
        property,
        atexit: uses.atexit,
    };
    l.prog.data_model = opts.data_model;
    for u in &units {
        for ed in &u.ast.0 {
            if let ExternalDeclaration::FunctionDefinition(fd) = &ed.node {
                if let Some(n) = declarator_name(&fd.node.declarator.node) {
                    l.defined_fns.insert(n);
                }
            }
        }
    }
    for u in units {
        l.map = u.map;
        l.attrs = u.attrs;
        l.file_ids = vec![None; l.map.files.len()];
        l.scopes = vec![Scope::default()];
        for ed in &u.ast.0 {
            let r = match &ed.node {
                ExternalDeclaration::Declaration(d) => l.global_decl(d),
                ExternalDeclaration::FunctionDefinition(fd) => l.func_def(fd),
                ExternalDeclaration::StaticAssert(_) => Ok(()),
            };
            if let Err(d) = r {
                // a function that fails to lower only matters if the entry can reach it
                let failed_fn = match &ed.node {
                    ExternalDeclaration::FunctionDefinition(fd) => declarator_name(&fd.node.declarator.node),
                    _ => None,
                };
                match (failed_fn, &ed.node) {
                    (Some(name), _) => l.failed_fns.push((name, d)),
                    (None, ExternalDeclaration::Declaration(decl)) => l.failed_declaration(decl, d),
                    (None, _) => l.diags.push(d),
                }
                l.f = None;
                l.const_mode = false;
                l.scopes.truncate(1);
            }
        }
    }
    l.finish()
}

fn declarator_name(d: &Declarator) -> Option<String> {
    match &d.kind.node {
        DeclaratorKind::Identifier(id) => Some(id.node.name.clone()),
        DeclaratorKind::Declarator(inner) => declarator_name(&inner.node),
        DeclaratorKind::Abstract => None,
    }
}

struct DeclInfo {
    name: Option<String>,
    name_span: Span,
    ty: Type,
    /// Parameters of the function declarator closest to the name.
    params: Option<Vec<(Option<String>, Type)>>,
}

fn fold(e: &Expr) -> Option<i128> {
    Some(match e {
        Expr::Int(v) => *v,
        Expr::Bool(b) => *b as i128,
        Expr::Cast(t, e) => match t {
            Type::Int { .. } | Type::Bool => interp::wrap(fold(e)?, t),
            _ => return None,
        },
        Expr::Unary(op, a) => {
            let v = fold(a)?;
            match op {
                UnOp::Neg => -v,
                UnOp::BitNot => !v,
                UnOp::Not => (v == 0) as i128,
            }
        }
        Expr::Binary(op, a, b) => {
            let x = fold(a)?;
            let y = fold(b)?;
            match op {
                BinOp::Add => x.checked_add(y)?,
                BinOp::Sub => x.checked_sub(y)?,
                BinOp::Mul => x.checked_mul(y)?,
                BinOp::Div => x.checked_div(y)?,
                BinOp::Rem => x.checked_rem(y)?,
                BinOp::Shl => x.checked_shl(u32::try_from(y).ok()?)?,
                BinOp::Shr => x.checked_shr(u32::try_from(y).ok()?)?,
                BinOp::BitAnd => x & y,
                BinOp::BitOr => x | y,
                BinOp::BitXor => x ^ y,
                BinOp::Eq => (x == y) as i128,
                BinOp::Ne => (x != y) as i128,
                BinOp::Lt => (x < y) as i128,
                BinOp::Le => (x <= y) as i128,
                BinOp::Gt => (x > y) as i128,
                BinOp::Ge => (x >= y) as i128,
                BinOp::And => (x != 0 && y != 0) as i128,
                BinOp::Or => (x != 0 || y != 0) as i128,
            }
        }
        _ => return None,
    })
}

/// Wrap a folded value back into a typed constant expression.
fn const_expr(v: i128, t: &Type) -> Expr {
    match t {
        Type::Bool => Expr::Bool(v != 0),
        t if *t == Type::INT => Expr::Int(v),
        t => Expr::Cast(t.clone(), Box::new(Expr::Int(v))),
    }
}

fn has_side_effects(e: &Expression) -> bool {
    match e {
        Expression::Identifier(_)
        | Expression::Constant(_)
        | Expression::StringLiteral(_)
        | Expression::SizeOfTy(_)
        | Expression::SizeOfVal(_)
        | Expression::AlignOf(_)
        | Expression::OffsetOf(_) => false,
        Expression::Member(m) => has_side_effects(&m.node.expression.node),
        Expression::UnaryOperator(u) => match u.node.operator.node {
            UnaryOperator::PostIncrement
            | UnaryOperator::PostDecrement
            | UnaryOperator::PreIncrement
            | UnaryOperator::PreDecrement => true,
            _ => has_side_effects(&u.node.operand.node),
        },
        Expression::Cast(c) => has_side_effects(&c.node.expression.node),
        Expression::BinaryOperator(b) => match b.node.operator.node {
            BinaryOperator::Assign
            | BinaryOperator::AssignMultiply
            | BinaryOperator::AssignDivide
            | BinaryOperator::AssignModulo
            | BinaryOperator::AssignPlus
            | BinaryOperator::AssignMinus
            | BinaryOperator::AssignShiftLeft
            | BinaryOperator::AssignShiftRight
            | BinaryOperator::AssignBitwiseAnd
            | BinaryOperator::AssignBitwiseXor
            | BinaryOperator::AssignBitwiseOr => true,
            _ => has_side_effects(&b.node.lhs.node) || has_side_effects(&b.node.rhs.node),
        },
        _ => true,
    }
}

fn is_compound_cond(e: &Expression) -> bool {
    match e {
        Expression::BinaryOperator(b) => {
            matches!(b.node.operator.node, BinaryOperator::LogicalAnd | BinaryOperator::LogicalOr)
        }
        Expression::UnaryOperator(u) => {
            u.node.operator.node == UnaryOperator::Negate && is_compound_cond(&u.node.operand.node)
        }
        _ => false,
    }
}

fn decode_string(pieces: &[String]) -> Vec<u8> {
    let mut out = vec![];
    for p in pieces {
        let start = p.find('"').map(|i| i + 1).unwrap_or(0);
        let end = p.rfind('"').unwrap_or(p.len());
        let body = if start <= end { &p[start..end] } else { "" };
        out.extend(decode_escapes(body));
    }
    out
}

fn decode_escapes(s: &str) -> Vec<u8> {
    let b = s.as_bytes();
    let mut out = vec![];
    let mut i = 0;
    while i < b.len() {
        if b[i] != b'\\' || i + 1 >= b.len() {
            out.push(b[i]);
            i += 1;
            continue;
        }
        i += 1;
        let c = b[i];
        i += 1;
        let v = match c {
            b'n' => b'\n',
            b't' => b'\t',
            b'r' => b'\r',
            b'0'..=b'7' => {
                let mut v = (c - b'0') as u32;
                let mut k = 0;
                while k < 2 && i < b.len() && (b'0'..=b'7').contains(&b[i]) {
                    v = v * 8 + (b[i] - b'0') as u32;
                    i += 1;
                    k += 1;
                }
                v as u8
            }
            b'x' => {
                let mut v = 0u32;
                while i < b.len() && b[i].is_ascii_hexdigit() {
                    v = v * 16 + (b[i] as char).to_digit(16).unwrap();
                    i += 1;
                }
                v as u8
            }
            b'a' => 7,
            b'b' => 8,
            b'f' => 12,
            b'v' => 11,
            b'e' => 27,
            c => c,
        };
        out.push(v);
    }
    out
}

impl<'o> Lowerer<'o> {
    // ---------------------------------------------------------------- locations, errors

    fn loc(&mut self, span: Span) -> Loc {
        if span.is_none() {
            return self.cur_loc;
        }
        let (f, line, col) = self.map.locate_idx(span.start);
        let fid = match self.file_ids.get(f as usize).copied().flatten() {
            Some(id) => id,
            None => {
                let name = self.map.files[f as usize].clone();
                let id = match self.prog.files.iter().position(|x| *x == name) {
                    Some(i) => i as u32,
                    None => {
                        self.prog.files.push(name);
                        (self.prog.files.len() - 1) as u32
                    }
                };
                if (f as usize) < self.file_ids.len() {
                    self.file_ids[f as usize] = Some(id);
                }
                id
            }
        };
        Loc { file: fid, line, col }
    }

    fn err<T>(&self, span: Span, msg: impl Into<String>) -> Res<T> {
        Err(self.diag(span, msg))
    }

    /// Valid C that slam does not model: the answer is UNKNOWN, not an input error.
    fn unsupported<T>(&self, span: Span, msg: impl Into<String>) -> Res<T> {
        Err(self.diag(span, msg).with_kind(cminus::diag::DiagKind::Unsupported))
    }

    fn unsupported_diag(&self, span: Span, msg: impl Into<String>) -> Diagnostic {
        self.diag(span, msg).with_kind(cminus::diag::DiagKind::Unsupported)
    }

    fn diag(&self, span: Span, msg: impl Into<String>) -> Diagnostic {
        let (file, line, col) = if span.is_none() {
            let l = self.cur_loc;
            (self.prog.files.get(l.file as usize).cloned().unwrap_or_default(), l.line, l.col)
        } else {
            self.map.locate(span.start)
        };
        Diagnostic { file, line, col, message: msg.into(), kind: cminus::diag::DiagKind::Semantic }
    }

    fn set_loc(&mut self, span: Span) {
        self.cur_loc = self.loc(span);
    }

    // ---------------------------------------------------------------- scopes and names

    fn lookup(&self, name: &str) -> Option<&Sym> {
        self.scopes.iter().rev().find_map(|s| s.syms.get(name))
    }

    fn bind(&mut self, name: &str, s: Sym) {
        self.scopes.last_mut().unwrap().syms.insert(name.to_string(), s);
    }

    fn fx(&mut self) -> &mut FnCtx {
        self.f.as_mut().expect("inside a function")
    }

    fn fresh_label(&mut self) -> String {
        self.label_n += 1;
        format!("{FRESH_PREFIX}{}", self.label_n)
    }

    fn user_label(name: &str) -> String {
        let rest = name.strip_prefix(FRESH_PREFIX).unwrap_or("x");
        if !rest.is_empty() && rest.chars().all(|c| c.is_ascii_digit()) {
            format!("{name}_c")
        } else {
            name.to_string()
        }
    }

    fn name_taken(&self, n: &str) -> bool {
        self.f.as_ref().map(|f| f.used.contains(n)).unwrap_or(false) || self.prog.global(n).is_some()
    }

    fn fresh_var_name(&self, base: &str) -> String {
        if !self.name_taken(base) {
            return base.to_string();
        }
        let mut i = 1;
        loop {
            let n = format!("{base}_{i}");
            if !self.name_taken(&n) {
                return n;
            }
            i += 1;
        }
    }

    fn new_local(&mut self, c_name: &str, ty: Type) -> String {
        let name = self.fresh_var_name(c_name);
        let loc = self.cur_loc;
        let f = self.fx();
        f.used.insert(name.clone());
        f.locals.push(Var { name: name.clone(), c_name: c_name.to_string(), ty, loc, init: Init::Zero });
        name
    }

    fn new_temp(&mut self, ty: Type) -> Res<String> {
        if self.f.is_none() || self.const_mode {
            return Err(self.diag(Span::none(), "expression is not a compile-time constant"));
        }
        let n = self.fx().tmp_n;
        self.fx().tmp_n += 1;
        let ty = if ty == Type::Void { Type::INT } else { ty };
        Ok(self.new_local(&cminus::names::temp(n), ty))
    }

    fn fresh_global_name(&self, base: &str) -> String {
        if self.prog.global(base).is_none() {
            return base.to_string();
        }
        let mut i = 2;
        loop {
            let n = format!("{base}__{i}");
            if self.prog.global(&n).is_none() {
                return n;
            }
            i += 1;
        }
    }

    // ---------------------------------------------------------------- emission

    fn emit(&mut self, kind: StmtKind) -> Res<()> {
        if self.f.is_none() || self.const_mode {
            return Err(self.diag(Span::none(), "expression is not a compile-time constant"));
        }
        let loc = self.cur_loc;
        let f = self.fx();
        let labels = std::mem::take(&mut f.pending);
        f.body.push(Stmt { id: StmtId(0), loc, labels, kind });
        Ok(())
    }

    fn place_label(&mut self, l: &str) {
        let f = self.fx();
        if f.pending.is_empty() {
            if let Some(last) = f.body.last() {
                if last.labels.is_empty() && last.kind == StmtKind::Goto(vec![l.to_string()]) {
                    f.body.pop();
                }
            }
        }
        f.pending.push(l.to_string());
    }

    fn goto(&mut self, l: &str) -> Res<()> {
        self.emit(StmtKind::Goto(vec![l.to_string()]))
    }

    // ---------------------------------------------------------------- types

    fn long_bits(&self) -> u16 {
        match self.opts.data_model {
            DataModel::Lp64 => 64,
            DataModel::Ilp32 => 32,
        }
    }

    fn size_t(&self) -> Type {
        Type::int(self.long_bits(), false)
    }

    fn base_type(&mut self, specs: &[&Node<TypeSpecifier>], span: Span) -> Res<Type> {
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

    fn decl_specs(
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

    fn type_name(&mut self, tn: &Node<TypeName>) -> Res<Type> {
        let ts: Vec<&Node<TypeSpecifier>> = tn
            .node
            .specifiers
            .iter()
            .filter_map(|s| match &s.node {
                SpecifierQualifier::TypeSpecifier(t) => Some(t),
                _ => None,
            })
            .collect();
        let base = self.base_type(&ts, tn.span)?;
        match &tn.node.declarator {
            Some(d) => Ok(self.declarator(base, d)?.ty),
            None => Ok(base),
        }
    }

    fn declarator(&mut self, base: Type, d: &Node<Declarator>) -> Res<DeclInfo> {
        let mut t = base;
        let mut params = None;
        for dd in &d.node.derived {
            if let DerivedDeclarator::Pointer(_) = dd.node {
                t = Type::ptr(t);
            }
        }
        for dd in d.node.derived.iter().rev() {
            match &dd.node {
                DerivedDeclarator::Pointer(_) => {}
                DerivedDeclarator::Array(a) => {
                    let n = match &a.node.size {
                        ArraySize::Unknown | ArraySize::VariableUnknown => None,
                        ArraySize::VariableExpression(e) | ArraySize::StaticExpression(e) => {
                            let v = self
                                .const_int(e)
                                .map_err(|_| self.unsupported_diag(e.span, "variable-length arrays are not supported"))?;
                            if v < 0 {
                                return self.err(e.span, "array size is negative");
                            }
                            Some(v as u64)
                        }
                    };
                    t = Type::Array(Box::new(t), n);
                }
                DerivedDeclarator::Function(fd) => {
                    let mut ps = vec![];
                    for p in &fd.node.parameters {
                        let (pt, _) = self.decl_specs(&p.node.specifiers, p.span)?;
                        let (name, pt) = match &p.node.declarator {
                            Some(pd) => {
                                let i = self.declarator(pt, pd)?;
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
                Ok(DeclInfo { name: Some(id.node.name.clone()), name_span: id.span, ty: t, params })
            }
            DeclaratorKind::Abstract => Ok(DeclInfo { name: None, name_span: d.span, ty: t, params }),
            DeclaratorKind::Declarator(inner) => {
                let mut i = self.declarator(t, inner)?;
                if i.params.is_none() {
                    i.params = params;
                }
                Ok(i)
            }
        }
    }

    fn struct_type(&mut self, st: &Node<StructType>) -> Res<Type> {
        let is_union = st.node.kind.node == StructKind::Union;
        let kw = if is_union { "union" } else { "struct" };
        let name = match &st.node.identifier {
            Some(id) => {
                let key = format!("{kw} {}", id.node.name);
                match self.tags.get(&key) {
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
                        });
                        n
                    }
                }
            }
            None => {
                self.anon_n += 1;
                let n = format!("__anon{}", self.anon_n);
                self.prog.structs.push(StructDef { name: n.clone(), is_union, complete: false, fields: vec![] });
                n
            }
        };
        let Some(decls) = &st.node.declarations else {
            return Ok(Type::Struct(name));
        };
        if self.prog.struct_def(&name).map(|s| s.complete).unwrap_or(false) {
            // the same tag defined again (another file): keep the first definition
            return Ok(Type::Struct(name));
        }
        let mut fields = vec![];
        let mut members = vec![];
        for d in decls {
            let StructDeclaration::Field(f) = &d.node else {
                continue;
            };
            let ts: Vec<&Node<TypeSpecifier>> = f
                .node
                .specifiers
                .iter()
                .filter_map(|s| match &s.node {
                    SpecifierQualifier::TypeSpecifier(t) => Some(t),
                    _ => None,
                })
                .collect();
            let base = self.base_type(&ts, f.span)?;
            if f.node.declarators.is_empty() {
                if let Type::Struct(_) = base {
                    self.anon_n += 1;
                    fields.push(Field { name: format!("__anon_field{}", self.anon_n), ty: base.clone() });
                    members.push(Member { ty: base, width: None, named: true, is_field: true });
                }
                continue;
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
                members.push(Member { ty: declared, width, named: info.is_some(), is_field });
                if let (true, Some(info)) = (is_field, info) {
                    fields.push(Field { name: info.name.unwrap_or_default(), ty });
                }
            }
        }
        let (packed, aligned) = self.struct_attrs(st.span, kw);
        if let Some(l) = self.layout_members(&members, is_union, packed, aligned) {
            self.layouts.insert(name.clone(), l);
        }
        if let Some(s) = self.prog.structs.iter_mut().find(|s| s.name == name) {
            s.fields = fields;
            s.complete = true;
        }
        Ok(Type::Struct(name))
    }

    /// An enum's constants and its type, as gcc chooses it: `unsigned int` when no value is
    /// negative, `int` when some is, and a 64-bit type (`long`/`long long`) when a value
    /// needs more than 32 bits. A constant whose value fits `int` has type `int`, else the
    /// enum's type.
    fn enum_type(&mut self, et: &Node<EnumType>) -> Res<Type> {
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
    fn find_field(&self, sname: &str, f: &str) -> Option<Vec<(String, Type)>> {
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

    // ---------------------------------------------------------------- constants

    fn const_int(&mut self, e: &Node<Expression>) -> Res<i128> {
        let saved = self.const_mode;
        self.const_mode = true;
        let r = self.rv(e);
        self.const_mode = saved;
        let (x, _) = r?;
        match fold(&x) {
            Some(v) => Ok(v),
            None => self.err(e.span, "expression is not a compile-time constant"),
        }
    }

    /// The type of an expression, without emitting its code.
    fn type_of_expr(&mut self, e: &Node<Expression>) -> Res<Type> {
        let saved_body = self.f.as_ref().map(|f| (f.body.len(), f.pending.clone()));
        let saved_const = self.const_mode;
        let saved_strings = self.prog.globals.len();
        // a dry run: statements it emits are dropped again
        let was_const = self.const_mode;
        if self.f.is_some() {
            self.const_mode = false;
        }
        let r = self.rv_noconv(e);
        self.const_mode = saved_const || was_const;
        if let (Some(f), Some((n, p))) = (self.f.as_mut(), saved_body) {
            f.body.truncate(n);
            f.pending = p;
        }
        let _ = saved_strings;
        Ok(r?.1)
    }

    fn integer_constant(&self, c: &Integer, span: Span) -> Res<(Expr, Type)> {
        let digits: String = c.number.chars().filter(|&ch| ch != '\'').collect();
        let (radix, body) = match c.base {
            IntegerBase::Decimal => (10, digits.as_str()),
            IntegerBase::Octal => (8, digits.trim_start_matches('0')),
            IntegerBase::Hexadecimal => (16, digits.as_str()),
            IntegerBase::Binary => (2, digits.as_str()),
        };
        let v = if body.is_empty() {
            0
        } else {
            match u128::from_str_radix(body, radix) {
                Ok(v) if v <= u64::MAX as u128 => v as i128,
                _ => return self.err(span, "integer constant is too large"),
            }
        };
        let lb = self.long_bits();
        let dec = matches!(c.base, IntegerBase::Decimal);
        let u = c.suffix.unsigned;
        let mut cands: Vec<Type> = vec![];
        let min = c.suffix.size as u8;
        if min == 0 {
            cands.push(Type::int(32, true));
            if u || !dec {
                cands.push(Type::int(32, false));
            }
        }
        if min <= 1 {
            cands.push(Type::int(lb, true));
            if u || !dec {
                cands.push(Type::int(lb, false));
            }
        }
        cands.push(Type::int(64, true));
        cands.push(Type::int(64, false));
        let t = cands
            .into_iter()
            .filter(|t| !u || matches!(t, Type::Int { signed: false, .. }))
            .find(|t| interp::wrap(v, t) == v)
            .unwrap_or(Type::int(64, false));
        Ok((const_expr(v, &t), t))
    }

    fn char_constant(&self, s: &str, span: Span) -> Res<(Expr, Type)> {
        let start = s.find('\'').map(|i| i + 1).unwrap_or(0);
        let end = s.rfind('\'').unwrap_or(s.len());
        if start > end {
            return self.err(span, "malformed character constant");
        }
        let bytes = decode_escapes(&s[start..end]);
        let v = match bytes.as_slice() {
            [b] => *b as i8 as i128,
            _ => {
                let mut v: i128 = 0;
                for b in &bytes {
                    v = (v << 8) | *b as i128;
                }
                v
            }
        };
        Ok((Expr::Int(v), Type::INT))
    }

    fn string_literal(&mut self, pieces: &[String]) -> (Expr, Type) {
        let mut bytes = decode_string(pieces);
        bytes.push(0);
        let name = match self.strings.get(&bytes) {
            Some(n) => n.clone(),
            None => {
                let n = self.fresh_global_name(&cminus::names::string_literal(self.strings.len()));
                let ty = Type::Array(Box::new(Type::CHAR), Some(bytes.len() as u64));
                let init =
                    Init::List(bytes.iter().map(|b| Init::Expr(const_expr(*b as i8 as i128, &Type::CHAR))).collect());
                self.prog.globals.push(Var { name: n.clone(), c_name: n.clone(), ty, loc: self.cur_loc, init });
                self.strings.insert(bytes, n.clone());
                n
            }
        };
        (Expr::AddrOf(Lval::Index(Box::new(Lval::Var(name)), Box::new(Expr::Int(0)))), Type::ptr(Type::CHAR))
    }

    // ---------------------------------------------------------------- conversions

    fn zero_of(t: &Type) -> Expr {
        match t {
            Type::Bool => Expr::Bool(false),
            t => const_expr(0, t),
        }
    }

    /// Convert a value of type `from` to type `to` (implicit conversion).
    fn conv(&self, e: Expr, from: &Type, to: &Type, span: Span) -> Res<Expr> {
        if from == to || *to == Type::Void {
            return Ok(e);
        }
        Ok(match (from, to) {
            (Type::Float { .. }, _) | (_, Type::Float { .. }) => {
                return self.unsupported(span, "floating-point arithmetic is not supported")
            }
            (_, Type::Bool) => self.truth(e, from),
            (Type::Int { .. } | Type::Bool, Type::Int { .. }) => match fold(&e) {
                Some(v) => const_expr(interp::wrap(v, to), to),
                None if is_wide(to) || is_wide(from) => return self.unsupported(span, INT128_UNSUPPORTED),
                None => Expr::Cast(to.clone(), Box::new(e)),
            },
            (Type::Ptr(_), Type::Int { .. }) => match self.fold_address(&e) {
                Some(v) => const_expr(interp::wrap(v, to), to),
                None => Expr::Cast(to.clone(), Box::new(e)),
            },
            (Type::Int { .. } | Type::Bool, Type::Ptr(_)) => match fold(&e) {
                Some(v) => Expr::Cast(to.clone(), Box::new(Expr::Int(v))),
                None => Expr::Cast(to.clone(), Box::new(e)),
            },
            (Type::Ptr(_), Type::Ptr(_)) => match e {
                Expr::Cast(Type::Ptr(_), inner) => Expr::Cast(to.clone(), inner),
                Expr::FuncAddr(_) => e,
                e => Expr::Cast(to.clone(), Box::new(e)),
            },
            (Type::Struct(a), Type::Struct(b)) if a == b => e,
            (Type::Array(..), Type::Ptr(_)) => e,
            _ => return self.err(span, format!("cannot convert {} to {}", print::type_str(from), print::type_str(to))),
        })
    }

    /// `offsetof` one member further: the member's type and the offset so far.
    fn offsetof_member(&self, cur: Type, off: i128, f: &str, span: Span) -> Res<(i128, Type)> {
        let Type::Struct(s) = &cur else {
            return self.err(span, "offsetof of a non-struct");
        };
        let Some(path) = self.find_field(s, f) else {
            return self.err(span, format!("no member named '{f}'"));
        };
        let (mut off, mut cur, mut sn) = (off, cur.clone(), s.clone());
        for (fname, ft) in path {
            let Some(fo) = self.field_offset(&sn, &fname) else {
                return self.err(span, format!("offsetof in incomplete type 'struct {sn}'"));
            };
            off += fo as i128;
            if let Type::Struct(n) = &ft {
                sn = n.clone();
            }
            cur = ft;
        }
        Ok((off, cur))
    }

    /// The value of a pointer that is a constant address (`&((T *)0)->f`), if it is one.
    fn fold_address(&self, e: &Expr) -> Option<i128> {
        match e {
            Expr::AddrOf(l) => self.constant_address(l).map(|a| a.0),
            Expr::Cast(Type::Ptr(_), inner) => fold(inner).or_else(|| self.fold_address(inner)),
            _ => None,
        }
    }

    /// A `Bool` expression that is true when the scalar `e` is non-zero.
    fn truth(&self, e: Expr, t: &Type) -> Expr {
        match t {
            Type::Bool => e,
            Type::Ptr(_) => Expr::bin(BinOp::Ne, e, Expr::Cast(t.clone(), Box::new(Expr::Int(0)))),
            _ => match fold(&e) {
                Some(v) => Expr::Bool(v != 0),
                None => Expr::bin(BinOp::Ne, e, Self::zero_of(t)),
            },
        }
    }

    fn check_scalar(&self, t: &Type, span: Span) -> Res<()> {
        match t {
            Type::Float { .. } => self.unsupported(span, "floating-point arithmetic is not supported"),
            t if t.is_scalar() => Ok(()),
            t => self.err(span, format!("scalar value expected, found {}", print::type_str(t))),
        }
    }

    // ---------------------------------------------------------------- lvalues

    fn lv(&mut self, e: &Node<Expression>) -> Res<(Lval, Type)> {
        match &e.node {
            Expression::Identifier(id) => {
                let n = &id.node.name;
                match self.lookup(n).cloned() {
                    Some(Sym::Var { name, ty }) => Ok((Lval::Var(name), ty)),
                    Some(Sym::Func(_)) => self.err(e.span, format!("function '{n}' is not an lvalue")),
                    Some(_) => self.err(e.span, format!("'{n}' is not an lvalue")),
                    None => self.err(e.span, format!("use of undeclared identifier '{n}'")),
                }
            }
            Expression::Member(m) => {
                let (base, bt) = match m.node.operator.node {
                    MemberOperator::Direct => self.lv(&m.node.expression)?,
                    MemberOperator::Indirect => {
                        let (p, pt) = self.rv(&m.node.expression)?;
                        match pt {
                            Type::Ptr(t) => (deref(p), *t),
                            t => {
                                return self.err(
                                    m.node.expression.span,
                                    format!("'->' applied to a non-pointer of type {}", print::type_str(&t)),
                                )
                            }
                        }
                    }
                };
                let Type::Struct(sname) = &bt else {
                    return self.err(e.span, format!("member access on a non-struct of type {}", print::type_str(&bt)));
                };
                let f = &m.node.identifier.node.name;
                if !self.prog.struct_def(sname).map(|s| s.complete).unwrap_or(false) {
                    return self.err(e.span, format!("member access into incomplete type 'struct {sname}'"));
                }
                let Some(path) = self.find_field(sname, f) else {
                    return self.err(m.node.identifier.span, format!("no member named '{f}' in 'struct {sname}'"));
                };
                let mut l = base;
                let mut t = bt.clone();
                for (fname, ft) in path {
                    l = Lval::Field(Box::new(l), fname);
                    t = ft;
                }
                Ok((l, t))
            }
            Expression::UnaryOperator(u) if u.node.operator.node == UnaryOperator::Indirection => {
                let (p, pt) = self.rv(&u.node.operand)?;
                match pt {
                    Type::Ptr(t) => Ok((deref(p), *t)),
                    t => self.err(e.span, format!("indirection of a non-pointer of type {}", print::type_str(&t))),
                }
            }
            Expression::BinaryOperator(b) if b.node.operator.node == BinaryOperator::Index => {
                let (mut arr, mut idx) = (&b.node.lhs, &b.node.rhs);
                let lt = self.type_of_sizeof(arr)?;
                if lt.is_integer() {
                    std::mem::swap(&mut arr, &mut idx);
                }
                let at = self.type_of_sizeof(arr)?;
                if let Type::Array(elem, _) = at {
                    if self.is_lvalue_expr(arr) {
                        let (l, _) = self.lv(arr)?;
                        let (i, it) = self.rv(idx)?;
                        self.check_int(&it, idx.span)?;
                        return Ok((Lval::Index(Box::new(l), Box::new(i)), *elem));
                    }
                }
                let (p, pt) = self.rv(arr)?;
                let (i, it) = self.rv(idx)?;
                self.check_int(&it, idx.span)?;
                match pt {
                    Type::Ptr(t) => {
                        let addr = if fold(&i) == Some(0) { p } else { Expr::bin(BinOp::Add, p, i) };
                        Ok((deref(addr), *t))
                    }
                    t => self.err(e.span, format!("subscript of a non-array of type {}", print::type_str(&t))),
                }
            }
            Expression::CompoundLiteral(cl) => {
                let t = self.type_name(&cl.node.type_name)?;
                let tmp = self.new_temp(t.clone())?;
                let t = self.local_init_list(Lval::Var(tmp.clone()), &t, &cl.node.initializer_list)?;
                self.fx().locals.iter_mut().for_each(|v| {
                    if v.name == tmp {
                        v.ty = t.clone();
                    }
                });
                Ok((Lval::Var(tmp), t))
            }
            Expression::StringLiteral(s) => {
                let (e, _) = self.string_literal(&s.node);
                match e {
                    Expr::AddrOf(Lval::Index(b, _)) => {
                        let n = decode_string(&s.node).len() as u64 + 1;
                        Ok((*b, Type::Array(Box::new(Type::CHAR), Some(n))))
                    }
                    _ => unreachable!(),
                }
            }
            Expression::Statement(_) | Expression::Call(_) => {
                // an rvalue used where an lvalue is needed (e.g. `f().x`): use a temporary
                let (v, t) = self.rv_noconv(e)?;
                let tmp = self.new_temp(t.clone())?;
                self.emit(StmtKind::Assign(Lval::Var(tmp.clone()), v))?;
                Ok((Lval::Var(tmp), t))
            }
            _ => self.err(e.span, "expression is not an lvalue"),
        }
    }

    fn is_lvalue_expr(&self, e: &Node<Expression>) -> bool {
        match &e.node {
            Expression::Identifier(id) => {
                matches!(self.lookup(&id.node.name), Some(Sym::Var { .. }))
            }
            Expression::Member(_) | Expression::CompoundLiteral(_) | Expression::StringLiteral(_) => true,
            Expression::UnaryOperator(u) => u.node.operator.node == UnaryOperator::Indirection,
            Expression::BinaryOperator(b) => b.node.operator.node == BinaryOperator::Index,
            _ => false,
        }
    }

    fn check_int(&self, t: &Type, span: Span) -> Res<()> {
        if t.is_integer() {
            Ok(())
        } else {
            self.err(span, format!("integer expected, found {}", print::type_str(t)))
        }
    }

    // ---------------------------------------------------------------- rvalues

    /// An rvalue, with arrays and functions decayed to pointers.
    fn rv(&mut self, e: &Node<Expression>) -> Res<(Expr, Type)> {
        let (x, t) = self.rv_noconv(e)?;
        if let Type::Float { .. } = t {
            return self.unsupported(e.span, "floating-point arithmetic is not supported");
        }
        if is_wide(&t) && fold(&x).is_none() {
            return self.unsupported(e.span, INT128_UNSUPPORTED);
        }
        Ok((x, t))
    }

    fn decay(&self, l: Lval, t: Type) -> (Expr, Type) {
        match t {
            Type::Array(elem, _) => (Expr::AddrOf(Lval::Index(Box::new(l), Box::new(Expr::Int(0)))), Type::Ptr(elem)),
            t => (Expr::Lval(l), t),
        }
    }

    fn rv_noconv(&mut self, e: &Node<Expression>) -> Res<(Expr, Type)> {
        match &e.node {
            Expression::Identifier(id) => {
                let n = &id.node.name;
                match self.lookup(n).cloned() {
                    Some(Sym::Var { name, ty }) => Ok(self.decay(Lval::Var(name), ty)),
                    Some(Sym::Enum(v, t)) => Ok((Expr::Int(v), t)),
                    Some(Sym::Func(f)) => {
                        self.check_address_taken(&f, e.span)?;
                        let ft = self.funcs.get(&f).cloned().unwrap_or(FuncType {
                            ret: Type::INT,
                            params: vec![],
                            variadic: true,
                        });
                        Ok((Expr::FuncAddr(f), Type::ptr(Type::Func(Box::new(ft)))))
                    }
                    Some(Sym::Typedef(_)) => self.err(e.span, format!("unexpected type name '{n}'")),
                    None if n == "__func__" || n == "__FUNCTION__" || n == "__PRETTY_FUNCTION__" => {
                        let fname = self.f.as_ref().map(|f| f.name.clone()).unwrap_or_default();
                        Ok(self.string_literal(&[format!("\"{fname}\"")]))
                    }
                    None => self.err(e.span, format!("use of undeclared identifier '{n}'")),
                }
            }
            Expression::Constant(c) => match &c.node {
                Constant::Integer(i) => self.integer_constant(i, c.span),
                Constant::Character(s) => self.char_constant(s, c.span),
                Constant::Float(_) => self.unsupported(c.span, "floating-point constants are not supported"),
            },
            Expression::StringLiteral(s) => Ok(self.string_literal(&s.node)),
            Expression::Member(_) | Expression::CompoundLiteral(_) => {
                let (l, t) = self.lv(e)?;
                Ok(self.decay(l, t))
            }
            Expression::Call(c) => {
                self.set_loc(e.span);
                match self.call(c, e.span, Want::Value)? {
                    Some(v) => Ok(v),
                    None => Ok((Expr::Int(0), Type::Void)),
                }
            }
            Expression::SizeOfTy(s) => {
                let t = self.type_name(&s.node.0)?;
                self.sizeof(&t, e.span)
            }
            Expression::SizeOfVal(s) => {
                let t = self.type_of_sizeof(&s.node.0)?;
                self.sizeof(&t, e.span)
            }
            Expression::AlignOf(a) => {
                let t = self.type_name(&a.node.0)?;
                match self.size_align(&t) {
                    Some((_, al)) => Ok((const_expr(al as i128, &self.size_t()), self.size_t())),
                    None => self.err(e.span, "alignof of an incomplete type"),
                }
            }
            Expression::OffsetOf(o) => {
                // members and constant array indices, laid out as gcc does
                let mut cur = self.type_name(&o.node.type_name)?;
                let mut off: i128 = 0;
                /// One step of the designator: a member name, or an array index.
                type Step<'a> = (Result<String, &'a Node<Expression>>, Span);
                let mut steps: Vec<Step> =
                    vec![(Ok(o.node.designator.node.base.node.name.clone()), o.node.designator.span)];
                for m in &o.node.designator.node.members {
                    match &m.node {
                        OffsetMember::Member(id) | OffsetMember::IndirectMember(id) => {
                            steps.push((Ok(id.node.name.clone()), m.span))
                        }
                        OffsetMember::Index(i) => steps.push((Err(i), m.span)),
                    }
                }
                for (step, span) in steps {
                    let i = match step {
                        Ok(f) => {
                            (off, cur) = self.offsetof_member(cur, off, &f, span)?;
                            continue;
                        }
                        Err(i) => i,
                    };
                    let Type::Array(elem, _) = &cur else {
                        return self.err(span, "offsetof: subscript of a non-array");
                    };
                    let elem = (**elem).clone();
                    let k = self.const_int(i)?;
                    let Some((es, _)) = self.size_align(&elem) else {
                        return self.err(span, "offsetof: element of incomplete type");
                    };
                    off += k * es as i128;
                    cur = elem;
                }
                Ok((const_expr(off, &self.size_t()), self.size_t()))
            }
            Expression::UnaryOperator(u) => self.unary(u, e),
            Expression::Cast(c) => {
                let t = self.type_name(&c.node.type_name)?;
                if t == Type::Void {
                    self.effect(&c.node.expression)?;
                    return Ok((Expr::Int(0), Type::Void));
                }
                let (x, xt) = self.rv(&c.node.expression)?;
                if let Type::Float { .. } = t {
                    return self.unsupported(e.span, "floating-point arithmetic is not supported");
                }
                if xt == t {
                    return Ok((x, t));
                }
                let r = match (&xt, &t) {
                    (_, Type::Bool) => self.truth(x, &xt),
                    (Type::Ptr(_), Type::Ptr(_)) => self.conv(x, &xt, &t, e.span)?,
                    (_, Type::Int { .. }) | (_, Type::Ptr(_)) => match fold(&x).or_else(|| self.fold_address(&x)) {
                        Some(v) if t.is_integer() => const_expr(interp::wrap(v, &t), &t),
                        _ => Expr::Cast(t.clone(), Box::new(x)),
                    },
                    _ => self.conv(x, &xt, &t, e.span)?,
                };
                Ok((r, t))
            }
            Expression::BinaryOperator(b) => self.binary(b, e),
            Expression::Conditional(c) => {
                // a constant condition selects its branch (also in constant expressions)
                if !has_side_effects(&c.node.condition.node) {
                    if let Ok(v) = self.const_int(&c.node.condition) {
                        let tt = self.type_of_expr(&c.node.then_expression)?;
                        let et = self.type_of_expr(&c.node.else_expression)?;
                        let chosen = if v != 0 { &c.node.then_expression } else { &c.node.else_expression };
                        let (x, xt) = self.rv(chosen)?;
                        if tt.is_integer() && et.is_integer() {
                            let rt = arith_conv(&tt, &et);
                            let (x, xt) = self.bool_to_int(x, xt);
                            return Ok((self.conv(x, &xt, &rt, e.span)?, rt));
                        }
                        return Ok((x, xt));
                    }
                }
                let tt = self.type_of_expr(&c.node.then_expression)?;
                let et = self.type_of_expr(&c.node.else_expression)?;
                let decayed = |t: Type| match t {
                    Type::Array(el, _) => Type::Ptr(el),
                    Type::Func(f) => Type::Ptr(Box::new(Type::Func(f))),
                    t => t,
                };
                let (tt, et) = (decayed(tt), decayed(et));
                let rt = if tt == Type::Void || et == Type::Void {
                    Type::Void
                } else if tt.is_pointer() {
                    tt.clone()
                } else if et.is_pointer() {
                    et.clone()
                } else if tt.is_integer() && et.is_integer() {
                    arith_conv(&tt, &et)
                } else {
                    tt.clone()
                };
                let tmp = if rt == Type::Void { None } else { Some(self.new_temp(rt.clone())?) };
                let (te, ee) = (&c.node.then_expression, &c.node.else_expression);
                let rt2 = rt.clone();
                let tmp2 = tmp.clone();
                self.gen_if(
                    &c.node.condition,
                    &mut |s: &mut Self| s.assign_or_effect(tmp.as_ref(), &rt, te),
                    &mut |s: &mut Self| s.assign_or_effect(tmp2.as_ref(), &rt2, ee),
                )?;
                Ok(match tmp {
                    Some(t) => (Expr::Lval(Lval::Var(t)), rt),
                    None => (Expr::Int(0), Type::Void),
                })
            }
            Expression::Comma(es) => {
                let n = es.len();
                for x in &es[..n - 1] {
                    self.effect(x)?;
                }
                self.rv_noconv(&es[n - 1])
            }
            Expression::Statement(s) => self.stmt_expr(s),
            Expression::GenericSelection(_) => self.unsupported(e.span, "_Generic is not supported"),
            Expression::VaArg(_) => self.unsupported(e.span, "va_arg is not supported"),
        }
    }

    fn type_of_sizeof(&mut self, e: &Node<Expression>) -> Res<Type> {
        // sizeof does not decay arrays
        if let Expression::Identifier(id) = &e.node {
            if let Some(Sym::Var { ty, .. }) = self.lookup(&id.node.name) {
                return Ok(ty.clone());
            }
        }
        if self.is_lvalue_expr(e) {
            let saved = self.f.as_ref().map(|f| (f.body.len(), f.pending.clone()));
            let saved_const = self.const_mode;
            if self.f.is_some() {
                self.const_mode = false;
            }
            let r = self.lv(e);
            self.const_mode = saved_const;
            if let (Some(f), Some((n, p))) = (self.f.as_mut(), saved) {
                f.body.truncate(n);
                f.pending = p;
            }
            return Ok(r?.1);
        }
        self.type_of_expr(e)
    }

    fn sizeof(&self, t: &Type, span: Span) -> Res<(Expr, Type)> {
        match self.size_align(t) {
            Some((s, _)) => Ok((const_expr(s as i128, &self.size_t()), self.size_t())),
            None => self.err(span, format!("sizeof of incomplete type {}", print::type_str(t))),
        }
    }

    fn assign_or_effect(&mut self, tmp: Option<&String>, t: &Type, e: &Node<Expression>) -> Res<()> {
        match tmp {
            Some(v) => self.assign_into(Lval::Var(v.clone()), t, e),
            None => self.effect(e),
        }
    }

    fn stmt_expr(&mut self, s: &Node<Statement>) -> Res<(Expr, Type)> {
        let Statement::Compound(items) = &s.node else {
            return self.err(s.span, "statement expression without a block");
        };
        self.scopes.push(Scope::default());
        let n = items.len();
        let mut result = (Expr::Int(0), Type::Void);
        for (i, it) in items.iter().enumerate() {
            match &it.node {
                BlockItem::Statement(st) if i + 1 == n => {
                    if let Statement::Expression(Some(e)) = &st.node {
                        self.set_loc(st.span);
                        let (x, t) = self.rv_noconv(e)?;
                        if t != Type::Void {
                            let tmp = self.new_temp(t.clone())?;
                            self.emit(StmtKind::Assign(Lval::Var(tmp.clone()), x))?;
                            result = (Expr::Lval(Lval::Var(tmp)), t);
                        }
                    } else {
                        self.stmt(st)?;
                    }
                }
                BlockItem::Statement(st) => self.stmt(st)?,
                BlockItem::Declaration(d) => self.local_decl(d)?,
                BlockItem::StaticAssert(_) => {}
            }
        }
        self.scopes.pop();
        Ok(result)
    }

    fn unary(&mut self, u: &Node<UnaryOperatorExpression>, e: &Node<Expression>) -> Res<(Expr, Type)> {
        let op = &u.node.operand;
        match u.node.operator.node {
            UnaryOperator::PostIncrement | UnaryOperator::PostDecrement => {
                let (l, t) = self.lv(op)?;
                self.check_scalar(&t, op.span)?;
                let tmp = self.new_temp(t.clone())?;
                self.set_loc(e.span);
                self.emit(StmtKind::Assign(Lval::Var(tmp.clone()), Expr::Lval(l.clone())))?;
                let inc = u.node.operator.node == UnaryOperator::PostIncrement;
                self.incr(l, &t, inc, e.span)?;
                Ok((Expr::Lval(Lval::Var(tmp)), t))
            }
            UnaryOperator::PreIncrement | UnaryOperator::PreDecrement => {
                let (l, t) = self.lv(op)?;
                self.check_scalar(&t, op.span)?;
                self.set_loc(e.span);
                let inc = u.node.operator.node == UnaryOperator::PreIncrement;
                self.incr(l.clone(), &t, inc, e.span)?;
                Ok((Expr::Lval(l), t))
            }
            UnaryOperator::Address => {
                if let Expression::Identifier(id) = &op.node {
                    if let Some(Sym::Func(_)) = self.lookup(&id.node.name) {
                        return self.rv_noconv(op);
                    }
                }
                if let Expression::UnaryOperator(inner) = &op.node {
                    if inner.node.operator.node == UnaryOperator::Indirection {
                        let (p, pt) = self.rv(&inner.node.operand)?;
                        return Ok((p, pt));
                    }
                }
                let (l, t) = self.lv(op)?;
                Ok((addr_of(l), Type::ptr(t)))
            }
            UnaryOperator::Indirection => {
                let (p, pt) = self.rv(op)?;
                match pt {
                    Type::Ptr(t) => match *t {
                        Type::Func(f) => Ok((p, Type::Ptr(Box::new(Type::Func(f))))),
                        t => Ok(self.decay(deref(p), t)),
                    },
                    t => self.err(e.span, format!("indirection of a non-pointer of type {}", print::type_str(&t))),
                }
            }
            UnaryOperator::Plus => {
                let (x, t) = self.rv(op)?;
                self.check_int(&t, op.span)?;
                let pt = promote(&t);
                Ok((self.conv(x, &t, &pt, e.span)?, pt))
            }
            UnaryOperator::Minus | UnaryOperator::Complement => {
                let (x, t) = self.rv(op)?;
                self.check_int(&t, op.span)?;
                let pt = promote(&t);
                let x = self.conv(x, &t, &pt, e.span)?;
                let uop = if u.node.operator.node == UnaryOperator::Minus { UnOp::Neg } else { UnOp::BitNot };
                let r = Expr::Unary(uop, Box::new(x));
                Ok(match fold(&r) {
                    Some(v) => (const_expr(interp::wrap(v, &pt), &pt), pt),
                    None => (r, pt),
                })
            }
            UnaryOperator::Negate => {
                let (x, t) = self.rv(op)?;
                self.check_scalar(&t, op.span)?;
                Ok((Expr::negate(self.truth(x, &t)), Type::Bool))
            }
        }
    }

    fn incr(&mut self, l: Lval, t: &Type, inc: bool, span: Span) -> Res<()> {
        let cur = Expr::Lval(l.clone());
        let new = match t {
            Type::Ptr(_) => Expr::bin(if inc { BinOp::Add } else { BinOp::Sub }, cur, Expr::Int(1)),
            Type::Bool => Expr::Bool(inc),
            _ => {
                let pt = promote(t);
                let c = self.conv(cur, t, &pt, span)?;
                let r = Expr::bin(if inc { BinOp::Add } else { BinOp::Sub }, c, const_expr(1, &pt));
                self.conv(r, &pt, t, span)?
            }
        };
        self.emit(StmtKind::Assign(l, new))
    }

    fn bool_to_int(&self, e: Expr, t: Type) -> (Expr, Type) {
        if t == Type::Bool {
            (Expr::Cast(Type::INT, Box::new(e)), Type::INT)
        } else {
            (e, t)
        }
    }

    /// Arithmetic on two lowered operands.
    fn arith(&self, op: BinOp, a: Expr, ta: Type, b: Expr, tb: Type, span: Span) -> Res<(Expr, Type)> {
        let (a, ta) = self.bool_to_int(a, ta);
        let (b, tb) = self.bool_to_int(b, tb);
        self.check_scalar(&ta, span)?;
        self.check_scalar(&tb, span)?;
        match (&ta, &tb) {
            (Type::Ptr(_), Type::Ptr(_)) if op == BinOp::Sub => {
                let lt = Type::int(self.long_bits(), true);
                return Ok((Expr::bin(BinOp::Sub, a, b), lt));
            }
            (Type::Ptr(_), Type::Int { .. }) if matches!(op, BinOp::Add | BinOp::Sub) => {
                return Ok((Expr::bin(op, a, b), ta));
            }
            (Type::Int { .. }, Type::Ptr(_)) if op == BinOp::Add => {
                return Ok((Expr::bin(op, b, a), tb));
            }
            (Type::Ptr(_), _) | (_, Type::Ptr(_)) => {
                return self.err(span, format!("invalid operands to '{}' (pointer arithmetic)", op.symbol()));
            }
            _ => {}
        }
        let t = if matches!(op, BinOp::Shl | BinOp::Shr) { promote(&ta) } else { arith_conv(&ta, &tb) };
        let tbc = if matches!(op, BinOp::Shl | BinOp::Shr) { promote(&tb) } else { t.clone() };
        let a = self.conv(a, &ta, &t, span)?;
        let b = self.conv(b, &tb, &tbc, span)?;
        let r = Expr::bin(op, a, b);
        if let Some(v) = fold(&r) {
            if !matches!(op, BinOp::Div | BinOp::Rem) || fold(&r).is_some() {
                return Ok((const_expr(interp::wrap(v, &t), &t), t));
            }
        }
        Ok((r, t))
    }

    fn compare(&self, op: BinOp, a: Expr, ta: Type, b: Expr, tb: Type, span: Span) -> Res<Expr> {
        let (a, ta) = self.bool_to_int(a, ta);
        let (b, tb) = self.bool_to_int(b, tb);
        self.check_scalar(&ta, span)?;
        self.check_scalar(&tb, span)?;
        let r = match (&ta, &tb) {
            (Type::Ptr(_), Type::Ptr(_)) => {
                let b = if ta != tb { self.conv(b, &tb, &ta, span)? } else { b };
                Expr::bin(op, a, b)
            }
            (Type::Ptr(_), _) => Expr::bin(op, a, self.conv(b, &tb, &ta, span)?),
            (_, Type::Ptr(_)) => Expr::bin(op, self.conv(a, &ta, &tb, span)?, b),
            _ => {
                let t = arith_conv(&ta, &tb);
                Expr::bin(op, self.conv(a, &ta, &t, span)?, self.conv(b, &tb, &t, span)?)
            }
        };
        Ok(match fold(&r) {
            Some(v) => Expr::Bool(v != 0),
            None => r,
        })
    }

    fn binop_of(op: &BinaryOperator) -> Option<BinOp> {
        Some(match op {
            BinaryOperator::Multiply | BinaryOperator::AssignMultiply => BinOp::Mul,
            BinaryOperator::Divide | BinaryOperator::AssignDivide => BinOp::Div,
            BinaryOperator::Modulo | BinaryOperator::AssignModulo => BinOp::Rem,
            BinaryOperator::Plus | BinaryOperator::AssignPlus => BinOp::Add,
            BinaryOperator::Minus | BinaryOperator::AssignMinus => BinOp::Sub,
            BinaryOperator::ShiftLeft | BinaryOperator::AssignShiftLeft => BinOp::Shl,
            BinaryOperator::ShiftRight | BinaryOperator::AssignShiftRight => BinOp::Shr,
            BinaryOperator::BitwiseAnd | BinaryOperator::AssignBitwiseAnd => BinOp::BitAnd,
            BinaryOperator::BitwiseXor | BinaryOperator::AssignBitwiseXor => BinOp::BitXor,
            BinaryOperator::BitwiseOr | BinaryOperator::AssignBitwiseOr => BinOp::BitOr,
            BinaryOperator::Less => BinOp::Lt,
            BinaryOperator::Greater => BinOp::Gt,
            BinaryOperator::LessOrEqual => BinOp::Le,
            BinaryOperator::GreaterOrEqual => BinOp::Ge,
            BinaryOperator::Equals => BinOp::Eq,
            BinaryOperator::NotEquals => BinOp::Ne,
            _ => return None,
        })
    }

    fn binary(&mut self, b: &Node<BinaryOperatorExpression>, e: &Node<Expression>) -> Res<(Expr, Type)> {
        let op = &b.node.operator.node;
        let (lhs, rhs) = (&b.node.lhs, &b.node.rhs);
        match op {
            BinaryOperator::Index => {
                let (l, t) = self.lv(e)?;
                Ok(self.decay(l, t))
            }
            BinaryOperator::LogicalAnd | BinaryOperator::LogicalOr => {
                if !has_side_effects(&rhs.node) {
                    let (a, ta) = self.rv(lhs)?;
                    self.check_scalar(&ta, lhs.span)?;
                    let (c, tc) = self.rv(rhs)?;
                    self.check_scalar(&tc, rhs.span)?;
                    let bo = if *op == BinaryOperator::LogicalAnd { BinOp::And } else { BinOp::Or };
                    let r = Expr::bin(bo, self.truth(a, &ta), self.truth(c, &tc));
                    return Ok(match fold(&r) {
                        Some(v) => (Expr::Bool(v != 0), Type::Bool),
                        None => (r, Type::Bool),
                    });
                }
                let tmp = self.new_temp(Type::INT)?;
                let (t1, t2) = (tmp.clone(), tmp.clone());
                self.gen_if(
                    e,
                    &mut |s: &mut Self| s.emit(StmtKind::Assign(Lval::Var(t1.clone()), Expr::Int(1))),
                    &mut |s: &mut Self| s.emit(StmtKind::Assign(Lval::Var(t2.clone()), Expr::Int(0))),
                )?;
                Ok((Expr::Lval(Lval::Var(tmp)), Type::INT))
            }
            BinaryOperator::Assign => {
                let (l, t) = self.lv(lhs)?;
                self.set_loc(e.span);
                self.assign_into(l.clone(), &t, rhs)?;
                Ok(self.decay(l, t))
            }
            _ => {
                let bo = Self::binop_of(op).expect("binary operator");
                if compound_assign(op).is_some() {
                    let (l, t) = self.lv(lhs)?;
                    let (r, rt) = self.rv(rhs)?;
                    self.set_loc(e.span);
                    let (v, vt) = self.arith(bo, Expr::Lval(l.clone()), t.clone(), r, rt, e.span)?;
                    let v = self.conv(v, &vt, &t, e.span)?;
                    self.emit(StmtKind::Assign(l.clone(), v))?;
                    return Ok((Expr::Lval(l), t));
                }
                let (a, ta) = self.rv(lhs)?;
                let (c, tc) = self.rv(rhs)?;
                if bo.is_comparison() {
                    Ok((self.compare(bo, a, ta, c, tc, e.span)?, Type::Bool))
                } else {
                    self.arith(bo, a, ta, c, tc, e.span)
                }
            }
        }
    }

    /// `l := e` with the conversion to `t`; calls assign their result directly.
    fn assign_into(&mut self, l: Lval, t: &Type, e: &Node<Expression>) -> Res<()> {
        if let Expression::Call(c) = &e.node {
            self.set_loc(e.span);
            if self.call(c, e.span, Want::Into(l.clone(), t.clone()))?.is_none() {
                return Ok(());
            }
            unreachable!("Want::Into returns None");
        }
        let (v, vt) = self.rv(e)?;
        if vt == Type::Void {
            return self.err(e.span, "void value used in an assignment");
        }
        let v = self.conv(v, &vt, t, e.span)?;
        self.emit(StmtKind::Assign(l, v))
    }

    /// Lower an expression for its side effects only.
    fn effect(&mut self, e: &Node<Expression>) -> Res<()> {
        self.set_loc(e.span);
        match &e.node {
            Expression::Call(c) => {
                self.call(c, e.span, Want::Effect)?;
                Ok(())
            }
            Expression::UnaryOperator(u)
                if matches!(
                    u.node.operator.node,
                    UnaryOperator::PostIncrement
                        | UnaryOperator::PostDecrement
                        | UnaryOperator::PreIncrement
                        | UnaryOperator::PreDecrement
                ) =>
            {
                let (l, t) = self.lv(&u.node.operand)?;
                self.check_scalar(&t, u.node.operand.span)?;
                self.set_loc(e.span);
                let inc = matches!(u.node.operator.node, UnaryOperator::PostIncrement | UnaryOperator::PreIncrement);
                self.incr(l, &t, inc, e.span)
            }
            Expression::BinaryOperator(b) if b.node.operator.node == BinaryOperator::Assign => {
                let (l, t) = self.lv(&b.node.lhs)?;
                self.set_loc(e.span);
                self.assign_into(l, &t, &b.node.rhs)
            }
            Expression::BinaryOperator(b)
                if matches!(b.node.operator.node, BinaryOperator::LogicalAnd | BinaryOperator::LogicalOr) =>
            {
                if !has_side_effects(&b.node.rhs.node) {
                    self.effect(&b.node.lhs)
                } else if b.node.operator.node == BinaryOperator::LogicalAnd {
                    let rhs = &b.node.rhs;
                    self.gen_if(&b.node.lhs, &mut |s: &mut Self| s.effect(rhs), &mut |_s: &mut Self| Ok(()))
                } else {
                    let rhs = &b.node.rhs;
                    self.gen_if(&b.node.lhs, &mut |_s: &mut Self| Ok(()), &mut |s: &mut Self| s.effect(rhs))
                }
            }
            Expression::Conditional(c) => {
                let (te, ee) = (&c.node.then_expression, &c.node.else_expression);
                self.gen_if(&c.node.condition, &mut |s: &mut Self| s.effect(te), &mut |s: &mut Self| s.effect(ee))
            }
            Expression::Comma(es) => {
                for x in es.iter() {
                    self.effect(x)?;
                }
                Ok(())
            }
            Expression::Cast(c) => self.effect(&c.node.expression),
            _ => {
                self.rv_noconv(e)?;
                Ok(())
            }
        }
    }

    // ---------------------------------------------------------------- calls

    fn func_type_of(&self, name: &str) -> Option<FuncType> {
        self.funcs.get(name).cloned()
    }

    fn call(&mut self, c: &Node<CallExpression>, span: Span, want: Want) -> Res<Option<(Expr, Type)>> {
        let callee = &c.node.callee;
        let args = &c.node.arguments;
        let mut direct: Option<String> = None;
        if let Expression::Identifier(id) = &callee.node {
            let n = id.node.name.clone();
            match self.lookup(&n) {
                Some(Sym::Var { .. }) => {}
                Some(Sym::Func(f)) => direct = Some(f.clone()),
                Some(_) => return self.err(callee.span, format!("'{n}' is not a function")),
                None => {
                    if let Some(r) = self.builtin_call(&n, c, span, &want)? {
                        return Ok(r);
                    }
                    self.check_unmodelled(&n, callee.span)?;
                    // implicit declaration: int n()
                    self.funcs.entry(n.clone()).or_insert(FuncType { ret: Type::INT, params: vec![], variadic: true });
                    direct = Some(n);
                }
            }
            if let Some(f) = &direct {
                // the error functions are the error whatever their body
                if !self.defined_fns.contains(f) || exit::is_error_fn(f) {
                    if let Some(r) = self.builtin_call(f, c, span, &want)? {
                        return Ok(r);
                    }
                    self.check_unmodelled(f, callee.span)?;
                }
            }
        }
        let (fp, ft) = match &direct {
            Some(f) => (
                Expr::FuncAddr(f.clone()),
                self.func_type_of(f).unwrap_or(FuncType { ret: Type::INT, params: vec![], variadic: true }),
            ),
            None => {
                let (fp, t) = self.rv(callee)?;
                match t {
                    Type::Ptr(inner) => match *inner {
                        Type::Func(ft) => (fp, *ft),
                        t => {
                            return self.err(
                                callee.span,
                                format!("called object of type {} is not a function", print::type_str(&Type::ptr(t))),
                            )
                        }
                    },
                    t => {
                        return self.err(
                            callee.span,
                            format!("called object of type {} is not a function", print::type_str(&t)),
                        )
                    }
                }
            }
        };
        let mut vals = vec![];
        for (i, a) in args.iter().enumerate() {
            let (v, t) = self.rv(a)?;
            let v = match ft.params.get(i) {
                Some(pt) => self.conv(v, &t, pt, a.span)?,
                None => {
                    let (v, t) = self.bool_to_int(v, t);
                    let pt = if t.is_integer() { promote(&t) } else { t.clone() };
                    self.conv(v, &t, &pt, a.span)?
                }
            };
            vals.push(v);
        }
        if ft.params.len() > args.len() && !ft.params.is_empty() {
            return self.err(span, format!("too few arguments in call (expected {})", ft.params.len()));
        }
        self.set_loc(span);
        let (ret_lv, result) = match want {
            Want::Effect => (None, None),
            Want::Into(l, t) => {
                if ft.ret == Type::Void {
                    return self.err(span, "void value used in an assignment");
                }
                if t == ft.ret {
                    (Some(l), None)
                } else {
                    let tmp = self.new_temp(ft.ret.clone())?;
                    self.emit_call(direct.clone(), fp.clone(), Some(Lval::Var(tmp.clone())), vals, &ft)?;
                    let v = self.conv(Expr::Lval(Lval::Var(tmp)), &ft.ret, &t, span)?;
                    self.emit(StmtKind::Assign(l, v))?;
                    return Ok(None);
                }
            }
            Want::Value => {
                if ft.ret == Type::Void {
                    (None, Some((Expr::Int(0), Type::Void)))
                } else {
                    let tmp = self.new_temp(ft.ret.clone())?;
                    (Some(Lval::Var(tmp.clone())), Some((Expr::Lval(Lval::Var(tmp)), ft.ret.clone())))
                }
            }
        };
        self.emit_call(direct, fp, ret_lv, vals, &ft)?;
        Ok(result)
    }

    fn emit_call(
        &mut self,
        direct: Option<String>,
        fp: Expr,
        ret: Option<Lval>,
        args: Vec<Expr>,
        _ft: &FuncType,
    ) -> Res<()> {
        match direct {
            Some(f) => self.emit(StmtKind::Call { ret, callee: f, args }),
            None => {
                let k = self.indirect.len();
                let proc = self.f.as_ref().map(|f| f.name.clone()).unwrap_or_default();
                self.indirect.push(IndirectCall { proc, fp, args: args.clone(), ret: ret.clone() });
                self.emit(StmtKind::Call { ret, callee: format!("#indirect{k}"), args })
            }
        }
    }

    /// Calls with a meaning of their own (verification conventions, GNU builtins).
    /// `Ok(None)`: not a builtin.
    fn builtin_call(
        &mut self,
        n: &str,
        c: &Node<CallExpression>,
        span: Span,
        want: &Want,
    ) -> Res<Option<Option<(Expr, Type)>>> {
        let args = &c.node.arguments;
        let void_result = |want: &Want| match want {
            Want::Value => Some((Expr::Int(0), Type::Void)),
            _ => None,
        };
        if let Some(r) = self.gnu_builtin(n, c, span, want)? {
            return Ok(Some(r));
        }
        // under unreach-call a failed assertion ends the run like abort()
        let asserts_halt = self.property == Property::UnreachCall;
        match n {
            "reach_error" | "__VERIFIER_error" => {
                for a in args {
                    self.effect(a)?;
                }
                self.set_loc(span);
                self.emit(StmtKind::Error(n.to_string()))?;
                Ok(Some(void_result(want)))
            }
            "__assert_fail" | "__assert" | "__assert_rtn" | "_assert" | "__assert_func" if asserts_halt => {
                for a in args {
                    self.effect(a)?;
                }
                self.set_loc(span);
                self.emit(StmtKind::Halt)?;
                Ok(Some(void_result(want)))
            }
            "__assert_fail" | "__assert" | "__assert_rtn" | "_assert" | "__assert_func" => {
                let msg = match args.first().map(|a| &a.node) {
                    Some(Expression::StringLiteral(s)) => {
                        format!("assertion failed: {}", String::from_utf8_lossy(&decode_string(&s.node)))
                    }
                    _ => "assertion failed".to_string(),
                };
                self.set_loc(span);
                self.emit(StmtKind::Error(msg))?;
                Ok(Some(void_result(want)))
            }
            "assert" | "__VERIFIER_assert" => {
                let Some(cond) = args.first() else {
                    return self.err(span, format!("{n} needs one argument"));
                };
                let msg = "assertion failed".to_string();
                self.gen_if(cond, &mut |_s: &mut Self| Ok(()), &mut |s: &mut Self| {
                    s.set_loc(span);
                    s.emit(if asserts_halt { StmtKind::Halt } else { StmtKind::Error(msg.clone()) })
                })?;
                Ok(Some(void_result(want)))
            }
            "exit" => {
                for a in args {
                    self.effect(a)?;
                }
                self.set_loc(span);
                self.run_atexit_handlers()?;
                self.emit(StmtKind::Halt)?;
                Ok(Some(void_result(want)))
            }
            "abort"
            | "quick_exit"
            | "_exit"
            | "_Exit"
            | "__builtin_abort"
            | "__builtin_trap"
            | "__builtin_unreachable"
            | "__VERIFIER_silent_exit"
            | "panic"
            | "BUG"
            | "KeBugCheck"
            | "KeBugCheckEx" => {
                for a in args {
                    self.effect(a)?;
                }
                self.set_loc(span);
                self.emit(StmtKind::Halt)?;
                Ok(Some(void_result(want)))
            }
            "__VERIFIER_assume" | "__CPROVER_assume" | "assume_abort_if_not" | "__builtin_assume" => {
                let Some(cond) = args.first() else {
                    return self.err(span, format!("{n} needs one argument"));
                };
                let (v, t) = self.rv(cond)?;
                self.check_scalar(&t, cond.span)?;
                self.set_loc(span);
                let b = self.truth(v, &t);
                self.emit(StmtKind::Assume(b))?;
                Ok(Some(void_result(want)))
            }
            "__builtin_expect" | "__builtin_expect_with_probability" => {
                let Some(a0) = args.first() else {
                    return self.err(span, "__builtin_expect needs arguments");
                };
                for a in &args[1..] {
                    self.effect(a)?;
                }
                let r = self.rv_for_want(a0, want)?;
                Ok(Some(r))
            }
            "__builtin_constant_p" => Ok(Some(self.value_for_want(Expr::Int(0), Type::INT, want, span)?)),
            _ if is_nondet_name(n) => {
                for a in args {
                    self.effect(a)?;
                }
                let t = match self.funcs.get(n) {
                    Some(ft) => ft.ret.clone(),
                    None => nondet_type(n, self.long_bits()),
                };
                if t == Type::Void {
                    return Ok(Some(void_result(want)));
                }
                Ok(Some(self.value_for_want(Expr::Nondet(t.clone()), t, want, span)?))
            }
            _ => Ok(None),
        }
    }

    fn value_for_want(&mut self, v: Expr, t: Type, want: &Want, span: Span) -> Res<Option<(Expr, Type)>> {
        match want {
            Want::Effect => Ok(None),
            Want::Value => Ok(Some((v, t))),
            Want::Into(l, lt) => {
                let v = self.conv(v, &t, lt, span)?;
                self.set_loc(span);
                self.emit(StmtKind::Assign(l.clone(), v))?;
                Ok(None)
            }
        }
    }

    fn rv_for_want(&mut self, e: &Node<Expression>, want: &Want) -> Res<Option<(Expr, Type)>> {
        match want {
            Want::Effect => {
                self.effect(e)?;
                Ok(None)
            }
            Want::Value => Ok(Some(self.rv(e)?)),
            Want::Into(l, t) => {
                self.assign_into(l.clone(), t, e)?;
                Ok(None)
            }
        }
    }

    // ---------------------------------------------------------------- control flow

    /// The condition as a `Bool` expression (side effects emitted first).
    fn cond_expr(&mut self, c: &Node<Expression>) -> Res<Expr> {
        let (v, t) = self.rv(c)?;
        self.check_scalar(&t, c.span)?;
        let e = self.truth(v, &t);
        if !e.has_nondet() {
            return Ok(e);
        }
        // A branch reads its condition twice (`assume(c)` and `assume(!c)`): a nondeterministic
        // value in it is chosen once, into a temporary, so that both see the same value.
        let tmp = self.new_temp(Type::Bool)?;
        self.emit(StmtKind::Assign(Lval::var(&tmp), e))?;
        Ok(Expr::var(&tmp))
    }

    /// Jump to `lt` when `c` holds, to `lf` otherwise.
    fn branch(&mut self, c: &Node<Expression>, lt: &str, lf: &str) -> Res<()> {
        match &c.node {
            Expression::BinaryOperator(b) if b.node.operator.node == BinaryOperator::LogicalAnd => {
                let m = self.fresh_label();
                self.branch(&b.node.lhs, &m, lf)?;
                self.place_label(&m);
                self.branch(&b.node.rhs, lt, lf)
            }
            Expression::BinaryOperator(b) if b.node.operator.node == BinaryOperator::LogicalOr => {
                let m = self.fresh_label();
                self.branch(&b.node.lhs, lt, &m)?;
                self.place_label(&m);
                self.branch(&b.node.rhs, lt, lf)
            }
            Expression::UnaryOperator(u) if u.node.operator.node == UnaryOperator::Negate => {
                self.branch(&u.node.operand, lf, lt)
            }
            _ => {
                self.set_loc(c.span);
                let e = self.cond_expr(c)?;
                self.set_loc(c.span);
                match e {
                    Expr::Bool(true) => self.goto(lt),
                    Expr::Bool(false) => self.goto(lf),
                    e => {
                        let (a, b) = (self.fresh_label(), self.fresh_label());
                        self.emit(StmtKind::Goto(vec![a.clone(), b.clone()]))?;
                        self.place_label(&b);
                        self.emit(StmtKind::Assume(Expr::negate(e.clone())))?;
                        self.goto(lf)?;
                        self.place_label(&a);
                        self.emit(StmtKind::Assume(e))?;
                        self.goto(lt)
                    }
                }
            }
        }
    }

    fn gen_if(
        &mut self,
        c: &Node<Expression>,
        then_f: &mut dyn FnMut(&mut Self) -> Res<()>,
        else_f: &mut dyn FnMut(&mut Self) -> Res<()>,
    ) -> Res<()> {
        let (lt, lf, le) = (self.fresh_label(), self.fresh_label(), self.fresh_label());
        if is_compound_cond(&c.node) {
            self.branch(c, &lt, &lf)?;
            self.place_label(&lt);
            then_f(self)?;
            self.goto(&le)?;
            self.place_label(&lf);
            else_f(self)?;
            self.place_label(&le);
            return Ok(());
        }
        self.set_loc(c.span);
        let e = self.cond_expr(c)?;
        self.set_loc(c.span);
        if let Expr::Bool(b) = e {
            // a constant condition: the other branch is dead (but keeps its labels)
            if !b {
                self.goto(&lf)?;
            }
            self.place_label(&lt);
            then_f(self)?;
            self.goto(&le)?;
            self.place_label(&lf);
            else_f(self)?;
            self.place_label(&le);
            return Ok(());
        }
        self.emit(StmtKind::Goto(vec![lt.clone(), lf.clone()]))?;
        self.place_label(&lt);
        self.emit(StmtKind::Assume(e.clone()))?;
        then_f(self)?;
        self.goto(&le)?;
        self.place_label(&lf);
        self.set_loc(c.span);
        self.emit(StmtKind::Assume(Expr::negate(e)))?;
        else_f(self)?;
        self.place_label(&le);
        Ok(())
    }

    /// A loop test at the current point: continue into the body or jump to `exit`.
    fn loop_test(&mut self, c: &Node<Expression>, exit: &str) -> Res<()> {
        let body = self.fresh_label();
        if is_compound_cond(&c.node) {
            self.branch(c, &body, exit)?;
            self.place_label(&body);
            return Ok(());
        }
        self.set_loc(c.span);
        let e = self.cond_expr(c)?;
        self.set_loc(c.span);
        match e {
            Expr::Bool(true) => Ok(()),
            Expr::Bool(false) => self.goto(exit),
            e => {
                let out = self.fresh_label();
                self.emit(StmtKind::Goto(vec![body.clone(), out.clone()]))?;
                self.place_label(&out);
                self.emit(StmtKind::Assume(Expr::negate(e.clone())))?;
                self.goto(exit)?;
                self.place_label(&body);
                self.emit(StmtKind::Assume(e))
            }
        }
    }

    fn stmt(&mut self, s: &Node<Statement>) -> Res<()> {
        self.set_loc(s.span);
        match &s.node {
            Statement::Labeled(ls) => {
                match &ls.node.label.node {
                    Label::Identifier(id) => {
                        let l = Self::user_label(&id.node.name);
                        self.place_label(&l);
                    }
                    Label::Case(_) | Label::CaseRange(_) | Label::Default => {
                        let key = ls.node.label.span.start;
                        let l = self.f.as_ref().and_then(|f| f.switches.last()).and_then(|m| m.get(&key)).cloned();
                        match l {
                            Some(l) => self.place_label(&l),
                            None => return self.err(ls.node.label.span, "case label outside a switch"),
                        }
                    }
                }
                self.stmt(&ls.node.statement)
            }
            Statement::Compound(items) => {
                self.scopes.push(Scope::default());
                for it in items {
                    match &it.node {
                        BlockItem::Declaration(d) => self.local_decl(d)?,
                        BlockItem::Statement(st) => self.stmt(st)?,
                        BlockItem::StaticAssert(_) => {}
                    }
                }
                self.scopes.pop();
                Ok(())
            }
            Statement::Expression(Some(e)) => self.effect(e),
            Statement::Expression(None) => Ok(()),
            Statement::If(i) => {
                let (ts, es) = (&i.node.then_statement, &i.node.else_statement);
                self.gen_if(&i.node.condition, &mut |s: &mut Self| s.stmt(ts), &mut |s: &mut Self| match es {
                    Some(e) => s.stmt(e),
                    None => Ok(()),
                })
            }
            Statement::While(w) => {
                let (head, exit) = (self.fresh_label(), self.fresh_label());
                self.place_label(&head);
                self.loop_test(&w.node.expression, &exit)?;
                self.fx().breaks.push(exit.clone());
                self.fx().conts.push(head.clone());
                let r = self.stmt(&w.node.statement);
                self.fx().breaks.pop();
                self.fx().conts.pop();
                r?;
                self.set_loc(s.span);
                self.goto(&head)?;
                self.place_label(&exit);
                Ok(())
            }
            Statement::DoWhile(d) => {
                let (body, cont, exit) = (self.fresh_label(), self.fresh_label(), self.fresh_label());
                self.place_label(&body);
                self.fx().breaks.push(exit.clone());
                self.fx().conts.push(cont.clone());
                let r = self.stmt(&d.node.statement);
                self.fx().breaks.pop();
                self.fx().conts.pop();
                r?;
                self.place_label(&cont);
                self.loop_test(&d.node.expression, &exit)?;
                self.set_loc(d.node.expression.span);
                self.goto(&body)?;
                self.place_label(&exit);
                Ok(())
            }
            Statement::For(f) => {
                self.scopes.push(Scope::default());
                let r = self.for_loop(f, s.span);
                self.scopes.pop();
                r
            }
            Statement::Goto(id) => {
                let l = Self::user_label(&id.node.name);
                self.goto(&l)
            }
            Statement::Continue => match self.f.as_ref().and_then(|f| f.conts.last()).cloned() {
                Some(l) => self.goto(&l),
                None => self.err(s.span, "'continue' outside a loop"),
            },
            Statement::Break => match self.f.as_ref().and_then(|f| f.breaks.last()).cloned() {
                Some(l) => self.goto(&l),
                None => self.err(s.span, "'break' outside a loop or switch"),
            },
            Statement::Return(e) => {
                let ret = self.fx().ret.clone();
                match e {
                    None => self.emit(StmtKind::Return(None)),
                    Some(e) if ret == Type::Void => {
                        self.effect(e)?;
                        self.set_loc(s.span);
                        self.emit(StmtKind::Return(None))
                    }
                    Some(e) => {
                        let (v, t) = self.rv(e)?;
                        let v = self.conv(v, &t, &ret, e.span)?;
                        self.set_loc(s.span);
                        self.emit(StmtKind::Return(Some(v)))
                    }
                }
            }
            Statement::Switch(sw) => self.switch(sw),
            Statement::Asm(a) => match &a.node {
                AsmStatement::GnuBasic(_) => self.emit(StmtKind::Skip),
                AsmStatement::GnuExtended(g) => {
                    let mut any = false;
                    for o in &g.outputs {
                        let (l, t) = self.lv(&o.node.variable_name)?;
                        self.set_loc(s.span);
                        if t.is_scalar() {
                            self.emit(StmtKind::Assign(l, Expr::Nondet(t)))?;
                            any = true;
                        } else {
                            return self.unsupported(o.span, "inline asm output of aggregate type is not supported");
                        }
                    }
                    for i in &g.inputs {
                        self.effect(&i.node.variable_name)?;
                    }
                    if !any {
                        self.emit(StmtKind::Skip)?;
                    }
                    Ok(())
                }
            },
        }
    }

    fn for_loop(&mut self, f: &Node<ForStatement>, span: Span) -> Res<()> {
        match &f.node.initializer.node {
            ForInitializer::Empty | ForInitializer::StaticAssert(_) => {}
            ForInitializer::Expression(e) => self.effect(e)?,
            ForInitializer::Declaration(d) => self.local_decl(d)?,
        }
        let (head, cont, exit) = (self.fresh_label(), self.fresh_label(), self.fresh_label());
        self.place_label(&head);
        if let Some(c) = &f.node.condition {
            self.loop_test(c, &exit)?;
        }
        self.fx().breaks.push(exit.clone());
        self.fx().conts.push(cont.clone());
        let r = self.stmt(&f.node.statement);
        self.fx().breaks.pop();
        self.fx().conts.pop();
        r?;
        self.place_label(&cont);
        if let Some(st) = &f.node.step {
            self.effect(st)?;
        }
        self.set_loc(span);
        self.goto(&head)?;
        self.place_label(&exit);
        Ok(())
    }

    fn switch(&mut self, sw: &Node<SwitchStatement>) -> Res<()> {
        let (v, t) = self.rv(&sw.node.expression)?;
        self.check_int(&t, sw.node.expression.span)?;
        let pt = promote(&t);
        let v = self.conv(v, &t, &pt, sw.node.expression.span)?;
        let x = match &v {
            Expr::Lval(Lval::Var(_)) | Expr::Int(_) => v,
            _ => {
                let tmp = self.new_temp(pt.clone())?;
                self.set_loc(sw.node.expression.span);
                self.emit(StmtKind::Assign(Lval::Var(tmp.clone()), v))?;
                Expr::Lval(Lval::Var(tmp))
            }
        };
        let mut cases = vec![];
        collect_cases(&sw.node.statement, &mut cases);
        let exit = self.fresh_label();
        let mut map = HashMap::new();
        let mut arms: Vec<(String, Expr)> = vec![];
        let mut default: Option<String> = None;
        let mut others: Vec<Expr> = vec![];
        for (key, lab) in &cases {
            let target = self.fresh_label();
            map.insert(*key, target.clone());
            match &lab.node {
                Label::Case(e) => {
                    let c = self.const_int(e)?;
                    let c = const_expr(interp::wrap(c, &pt), &pt);
                    arms.push((target, Expr::bin(BinOp::Eq, x.clone(), c.clone())));
                    others.push(Expr::bin(BinOp::Ne, x.clone(), c));
                }
                Label::CaseRange(r) => {
                    let lo = self.const_int(&r.node.low)?;
                    let hi = self.const_int(&r.node.high)?;
                    let (lo, hi) = (const_expr(lo, &pt), const_expr(hi, &pt));
                    let inside = Expr::bin(
                        BinOp::And,
                        Expr::bin(BinOp::Le, lo.clone(), x.clone()),
                        Expr::bin(BinOp::Le, x.clone(), hi.clone()),
                    );
                    arms.push((target, inside));
                    others.push(Expr::bin(
                        BinOp::Or,
                        Expr::bin(BinOp::Lt, x.clone(), lo),
                        Expr::bin(BinOp::Gt, x.clone(), hi),
                    ));
                }
                Label::Default => default = Some(target),
                Label::Identifier(_) => {}
            }
        }
        self.set_loc(sw.span);
        let mut dispatch = vec![];
        let mut guards = vec![];
        for (target, cond) in &arms {
            let l = self.fresh_label();
            dispatch.push(l.clone());
            guards.push((l, cond.clone(), target.clone()));
        }
        let dl = self.fresh_label();
        dispatch.push(dl.clone());
        self.emit(StmtKind::Goto(dispatch))?;
        for (l, cond, target) in guards {
            self.place_label(&l);
            self.emit(StmtKind::Assume(cond))?;
            self.goto(&target)?;
        }
        self.place_label(&dl);
        if let Some(nc) = others.into_iter().reduce(|a, b| Expr::bin(BinOp::And, a, b)) {
            self.emit(StmtKind::Assume(nc))?;
        }
        self.goto(default.as_ref().unwrap_or(&exit))?;
        self.fx().switches.push(map);
        self.fx().breaks.push(exit.clone());
        let r = self.stmt(&sw.node.statement);
        self.fx().switches.pop();
        self.fx().breaks.pop();
        r?;
        self.place_label(&exit);
        Ok(())
    }

    // ---------------------------------------------------------------- declarations

    fn global_decl(&mut self, d: &Node<Declaration>) -> Res<()> {
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
                self.declare_func(&name, (**ft).clone());
                continue;
            }
            let is_static = storage == Some(StorageClassSpecifier::Static);
            let is_extern = storage == Some(StorageClassSpecifier::Extern);
            self.declare_global(
                &name,
                info.ty,
                is_static,
                is_extern && id.node.initializer.is_none(),
                id.node.initializer.as_ref(),
                &name,
                info.name_span,
            )?;
        }
        Ok(())
    }

    fn declare_func(&mut self, name: &str, ft: FuncType) {
        let keep = match self.funcs.get(name) {
            // a prototype with parameters beats an old-style declaration
            Some(old) => old.params.len() >= ft.params.len() && (!old.variadic || ft.variadic),
            None => false,
        };
        if !keep {
            self.funcs.insert(name.to_string(), ft);
        }
        self.bind(name, Sym::Func(name.to_string()));
    }

    #[allow(clippy::too_many_arguments)]
    fn declare_global(
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

    fn local_decl(&mut self, d: &Node<Declaration>) -> Res<()> {
        self.set_loc(d.span);
        let (base, storage) = self.decl_specs(&d.node.specifiers, d.span)?;
        for id in &d.node.declarators {
            let info = self.declarator(base.clone(), &id.node.declarator)?;
            let Some(name) = info.name.clone() else {
                continue;
            };
            match storage {
                Some(StorageClassSpecifier::Typedef) => {
                    self.bind(&name, Sym::Typedef(info.ty));
                    continue;
                }
                _ if matches!(info.ty, Type::Func(_)) => {
                    let Type::Func(ft) = info.ty else { unreachable!() };
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

    /// Initialise a local; returns the (possibly completed) type.
    fn local_init(&mut self, l: Lval, ty: &Type, init: &Node<Initializer>) -> Res<Type> {
        match &init.node {
            Initializer::Expression(e) => {
                if let (Type::Array(elem, _), Expression::StringLiteral(s)) = (ty, &e.node) {
                    let bytes = string_bytes(&s.node);
                    let (it, t) = self.string_init(elem, ty, &bytes);
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

    fn local_init_list(&mut self, l: Lval, ty: &Type, items: &[Node<InitializerListItem>]) -> Res<Type> {
        let mut pos = 0;
        let (it, t) = self.init_list(ty, items, &mut pos, true)?;
        if pos < items.len() {
            return self.err(items[pos].span, "excess elements in initializer");
        }
        self.flatten_init(&l, &t, &it)?;
        Ok(t)
    }

    fn flatten_init(&mut self, l: &Lval, ty: &Type, it: &Init) -> Res<()> {
        match ty {
            Type::Struct(s) => {
                let fields = self.prog.struct_def(s).map(|d| d.fields.clone()).unwrap_or_default();
                let is_union = self.prog.struct_def(s).map(|d| d.is_union).unwrap_or(false);
                for (i, f) in fields.iter().enumerate() {
                    let sub = match it {
                        Init::List(v) => v.get(i).cloned().unwrap_or(Init::Zero),
                        _ => Init::Zero,
                    };
                    if is_union && sub == Init::Zero && i > 0 {
                        continue;
                    }
                    let fl = Lval::Field(Box::new(l.clone()), f.name.clone());
                    self.flatten_init(&fl, &f.ty, &sub)?;
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

    fn string_init(&self, elem: &Type, ty: &Type, bytes: &[u8]) -> (Init, Type) {
        let n = match ty {
            Type::Array(_, Some(n)) => *n,
            _ => bytes.len() as u64 + 1,
        };
        let mut v: Vec<Init> = bytes
            .iter()
            .take(n as usize)
            .map(|b| Init::Expr(const_expr(interp::wrap(*b as i128, elem), elem)))
            .collect();
        while (v.len() as u64) < n {
            v.push(Init::Expr(Self::zero_of(elem)));
        }
        (Init::List(v), Type::Array(Box::new(elem.clone()), Some(n)))
    }

    fn global_init(&mut self, ty: &Type, init: &Node<Initializer>) -> Res<(Init, Type)> {
        match &init.node {
            Initializer::Expression(e) => {
                if let (Type::Array(elem, _), Expression::StringLiteral(s)) = (ty, &e.node) {
                    let bytes = string_bytes(&s.node);
                    return Ok(self.string_init(elem, ty, &bytes));
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
    fn init_leaf(&mut self, ty: &Type, e: &Node<Expression>) -> Res<Init> {
        let (v, t) = self.rv(e)?;
        let v = self.conv(v, &t, ty, e.span)?;
        if self.const_mode {
            if let Some(c) = fold(&v) {
                return Ok(Init::Expr(const_expr(interp::wrap(c, ty), ty)));
            }
            if !is_address_constant(&v) {
                return self.err(e.span, "initializer element is not a compile-time constant");
            }
        }
        Ok(Init::Expr(v))
    }

    /// Build an initialiser for an aggregate from a (possibly brace-elided) list.
    fn init_list(
        &mut self,
        ty: &Type,
        items: &[Node<InitializerListItem>],
        pos: &mut usize,
        braced: bool,
    ) -> Res<(Init, Type)> {
        let (n, is_union) = match ty {
            Type::Struct(s) => {
                let Some(sd) = self.prog.struct_def(s) else {
                    return self.err(Span::none(), "initializer for an unknown struct");
                };
                if !sd.complete {
                    return self.err(
                        items.first().map(|i| i.span).unwrap_or(Span::none()),
                        format!("initializer for incomplete type 'struct {s}'"),
                    );
                }
                (Some(sd.fields.len() as u64), sd.is_union)
            }
            Type::Array(_, n) => (*n, false),
            t => {
                // a scalar in braces
                let Some(first) = items.get(*pos) else {
                    return Ok((Init::Zero, t.clone()));
                };
                *pos += 1;
                return match &first.node.initializer.node {
                    Initializer::Expression(e) => Ok((self.init_leaf(t, e)?, t.clone())),
                    Initializer::List(sub) => {
                        let mut p = 0;
                        self.init_list(t, sub, &mut p, true)
                    }
                };
            }
        };
        let mut out: Vec<Init> = vec![];
        let mut idx: u64 = 0;
        let mut range_end: u64 = 0;
        let mut first = true;
        let mut max_idx: u64 = 0;
        while *pos < items.len() {
            let item = &items[*pos];
            if !item.node.designation.is_empty() {
                if !braced && !first {
                    break;
                }
                match &item.node.designation[0].node {
                    Designator::Member(id) => {
                        let Type::Struct(s) = ty else {
                            return self.err(item.span, "field designator in a non-struct initializer");
                        };
                        let fi =
                            self.prog.struct_def(s).and_then(|d| d.fields.iter().position(|f| f.name == id.node.name));
                        match fi {
                            Some(i) => idx = i as u64,
                            None => return self.err(id.span, format!("no member named '{}'", id.node.name)),
                        }
                    }
                    Designator::Index(e) => {
                        let v = self.const_int(e)?;
                        idx = v as u64;
                    }
                    Designator::Range(r) => {
                        // GNU `[lo ... hi] = v`: one value (evaluated once) for every index
                        let lo = self.const_int(&r.node.from)?;
                        let hi = self.const_int(&r.node.to)?;
                        if lo < 0 || hi < lo {
                            return self.err(item.span, "empty or negative index range in initializer");
                        }
                        idx = lo as u64;
                        range_end = hi as u64;
                    }
                }
            }
            first = false;
            let last = range_end.max(idx);
            range_end = 0;
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
            let nested = item.node.designation.len() > 1;
            let val = match &item.node.initializer.node {
                // `.a.b = v`, `[2].x = v`: `.a = { .b = v }`, merged into what `.a` already has
                _ if nested => {
                    *pos += 1;
                    let inner = Node::new(
                        InitializerListItem {
                            designation: item.node.designation[1..].to_vec(),
                            initializer: item.node.initializer.clone(),
                        },
                        item.span,
                    );
                    let (v, _) = self.init_list(&sub_ty, std::slice::from_ref(&inner), &mut 0, true)?;
                    if braced && items.get(*pos).is_some_and(|next| next.node.designation.is_empty()) {
                        return self.unsupported(
                            items[*pos].span,
                            "an initializer without designator after a nested designator is not supported",
                        );
                    }
                    match out.get(idx as usize) {
                        Some(old) => merge_init(old.clone(), v),
                        None => v,
                    }
                }
                Initializer::List(sub) => {
                    *pos += 1;
                    let mut p = 0;
                    let (v, _) = self.init_list(&sub_ty, sub, &mut p, true)?;
                    if p < sub.len() {
                        return self.err(sub[p].span, "excess elements in initializer");
                    }
                    v
                }
                Initializer::Expression(e) => {
                    let is_str = matches!(e.node, Expression::StringLiteral(_));
                    match &sub_ty {
                        Type::Array(elem, _) if is_str => {
                            *pos += 1;
                            let Expression::StringLiteral(s) = &e.node else { unreachable!() };
                            self.string_init(elem, &sub_ty, &string_bytes(&s.node)).0
                        }
                        Type::Array(..) => self.init_list(&sub_ty, items, pos, false)?.0,
                        Type::Struct(_) => {
                            let et = self.type_of_expr(e)?;
                            if et == sub_ty {
                                *pos += 1;
                                self.init_leaf(&sub_ty, e)?
                            } else {
                                self.init_list(&sub_ty, items, pos, false)?.0
                            }
                        }
                        _ => {
                            *pos += 1;
                            self.init_leaf(&sub_ty, e)?
                        }
                    }
                }
            };
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

    // ---------------------------------------------------------------- functions

    fn func_def(&mut self, fd: &Node<FunctionDefinition>) -> Res<()> {
        self.set_loc(fd.span);
        let (base, _storage) = self.decl_specs(&fd.node.specifiers, fd.span)?;
        let mut info = self.declarator(base, &fd.node.declarator)?;
        if !fd.node.declarations.is_empty() {
            self.kr_parameters(&mut info, &fd.node.declarations)?;
        }
        let Some(name) = info.name.clone() else {
            return self.err(fd.span, "function definition without a name");
        };
        let Type::Func(ft) = &info.ty else {
            return self.err(fd.span, "function definition with a non-function type");
        };
        let ft = (**ft).clone();
        if self.lowered_fns.contains(&name) {
            return self.err(info.name_span, format!("redefinition of function '{name}'"));
        }
        self.lowered_fns.insert(name.clone());
        self.funcs.insert(name.clone(), ft.clone());
        self.bind(&name, Sym::Func(name.clone()));
        let loc = self.loc(info.name_span);
        self.f = Some(FnCtx {
            name: name.clone(),
            ret: ft.ret.clone(),
            formals: vec![],
            locals: vec![],
            body: vec![],
            pending: vec![],
            used: HashSet::new(),
            breaks: vec![],
            conts: vec![],
            switches: vec![],
            tmp_n: 0,
        });
        self.scopes.push(Scope::default());
        let params = info.params.unwrap_or_default();
        for (i, (pn, pt)) in params.iter().enumerate() {
            let c_name = pn.clone().unwrap_or_else(|| format!("__arg{i}"));
            let vname = self.fresh_var_name(&c_name);
            let f = self.fx();
            f.used.insert(vname.clone());
            f.formals.push(Var { name: vname.clone(), c_name: c_name.clone(), ty: pt.clone(), loc, init: Init::Zero });
            self.bind(&c_name, Sym::Var { name: vname, ty: pt.clone() });
        }
        self.stmt(&fd.node.statement)?;
        self.scopes.pop();
        // falling off the end
        let needs_return = {
            let f = self.f.as_ref().unwrap();
            !f.pending.is_empty() || f.body.last().map(|s| !s.kind.is_terminator()).unwrap_or(true)
        };
        if needs_return {
            self.cur_loc = self.loc(Span { start: fd.span.end.saturating_sub(1), end: fd.span.end });
            let r = if ft.ret == Type::Void {
                None
            } else if name == "main" {
                Some(const_expr(0, &ft.ret))
            } else if ft.ret.is_scalar() {
                Some(Expr::Nondet(ft.ret.clone()))
            } else {
                let tmp = self.new_temp(ft.ret.clone())?;
                Some(Expr::Lval(Lval::Var(tmp)))
            };
            self.emit(StmtKind::Return(r))?;
        }
        let f = self.f.take().unwrap();
        // every goto target must exist
        let labels: HashSet<&String> = f.body.iter().flat_map(|s| s.labels.iter()).collect();
        for s in &f.body {
            if let StmtKind::Goto(ls) = &s.kind {
                for l in ls {
                    if !labels.contains(l) {
                        let file = self.prog.files.get(s.loc.file as usize).cloned().unwrap_or_default();
                        return Err(Diagnostic {
                            file,
                            line: s.loc.line,
                            col: s.loc.col,
                            message: format!("use of undeclared label '{l}'"), kind: cminus::diag::DiagKind::Semantic
                        });
                    }
                }
            }
        }
        self.prog.procs.push(Proc {
            name,
            formals: f.formals,
            locals: f.locals,
            ret: ft.ret,
            variadic: ft.variadic,
            body: f.body,
            loc,
        });
        Ok(())
    }

    /// The types of an old-style definition's parameters, from its declaration list
    /// (undeclared ones stay `int`); arrays and functions decay as in a prototype.
    fn kr_parameters(&mut self, info: &mut DeclInfo, decls: &[Node<Declaration>]) -> Res<()> {
        let Some(params) = info.params.as_mut() else {
            return self.err(decls[0].span, "parameter declarations without a parameter list");
        };
        let mut params = std::mem::take(params);
        for d in decls {
            let (base, _) = self.decl_specs(&d.node.specifiers, d.span)?;
            for id in &d.node.declarators {
                let pi = self.declarator(base.clone(), &id.node.declarator)?;
                let Some(pos) = params.iter().position(|p| p.0.is_some() && p.0 == pi.name) else {
                    return self.err(
                        pi.name_span,
                        format!("declaration of '{}', which is not a parameter", pi.name.unwrap_or_default()),
                    );
                };
                params[pos].1 = match pi.ty {
                    Type::Array(e, _) => Type::Ptr(e),
                    Type::Func(f) => Type::Ptr(Box::new(Type::Func(f))),
                    t => t,
                };
            }
        }
        if let Type::Func(ft) = &mut info.ty {
            ft.params = params.iter().map(|p| p.1.clone()).collect();
        }
        info.params = Some(params);
        Ok(())
    }

    // ---------------------------------------------------------------- the end

    /// Keep the diagnostics of the functions that failed to lower and that the entry may
    /// reach (all of them when there is no entry); forget the others — an unsupported
    /// construct in a function that never runs cannot change the verdict.
    /// Globals whose declaration failed are kept with Zero initialisers, so their diagnostics
    /// stay when reachable code or an initialiser mentions them.
    fn drop_unreachable_failures(&mut self) {
        let failed = std::mem::take(&mut self.failed_fns);
        let reach = crate::reach::reachable(&self.prog, &self.opts.entry, &self.indirect);
        let mut kept: Vec<Diagnostic> = failed
            .into_iter()
            .filter(|(f, _)| reach.as_ref().is_none_or(|r| r.funcs.contains(f)))
            .map(|(_, d)| d)
            .collect();
        for (names, d) in std::mem::take(&mut self.failed_globals) {
            if reach.as_ref().is_none_or(|r| names.iter().any(|n| r.vars.contains(n))) {
                kept.push(d);
            }
        }
        self.diags.append(&mut kept);
    }

    /// A file-scope declaration failed: a typedef's reason is reported where the name is used;
    /// a global's only if reachable code uses it (see `drop_unreachable_failures`); anything
    /// else (a struct, a global that was not declared yet) right away.
    fn failed_declaration(&mut self, decl: &Node<Declaration>, d: Diagnostic) {
        let names: Vec<String> =
            decl.node.declarators.iter().filter_map(|id| declarator_name(&id.node.declarator.node)).collect();
        let is_typedef = decl.node.specifiers.iter().any(
            |s| matches!(&s.node, DeclarationSpecifier::StorageClass(c) if c.node == StorageClassSpecifier::Typedef),
        );
        let all_functions = decl.node.declarators.iter().all(|id| {
            let dd = &id.node.declarator.node;
            matches!(dd.kind.node, DeclaratorKind::Identifier(_))
                && dd
                    .derived
                    .iter()
                    .any(|x| matches!(x.node, DerivedDeclarator::Function(_) | DerivedDeclarator::KRFunction(_)))
        });
        if names.is_empty() {
            self.diags.push(d);
        } else if all_functions && !is_typedef {
            // prototypes (`double _Complex cexp(double _Complex);`): an error if called
            for n in names {
                self.failed_fns.push((n, d.clone()));
            }
        } else if is_typedef {
            for n in names {
                if !matches!(self.lookup(&n), Some(Sym::Typedef(_))) {
                    self.failed_typedefs.insert(n, d.clone());
                }
            }
        } else {
            let mut globals = vec![];
            for n in &names {
                match self.lookup(n) {
                    Some(Sym::Var { name, .. }) => globals.push(name.clone()),
                    Some(Sym::Func(_)) => {}
                    _ => {
                        self.diags.push(d);
                        return;
                    }
                }
            }
            self.failed_globals.push((globals, d));
        }
    }

    fn finish(mut self) -> Result<Program, Vec<Diagnostic>> {
        self.entry_runs_atexit_handlers();
        self.drop_unreachable_failures();
        // externs: every called or referenced function without a body
        let mut used: Vec<String> = vec![];
        let mut seen = HashSet::new();
        let mut note = |n: &str, used: &mut Vec<String>| {
            if seen.insert(n.to_string()) {
                used.push(n.to_string());
            }
        };
        fn walk_expr(e: &Expr, out: &mut dyn FnMut(&str)) {
            match e {
                Expr::FuncAddr(f) => out(f),
                Expr::Lval(l) | Expr::AddrOf(l) => walk_lval(l, out),
                Expr::Unary(_, a) | Expr::Cast(_, a) => walk_expr(a, out),
                Expr::Binary(_, a, b) => {
                    walk_expr(a, out);
                    walk_expr(b, out);
                }
                _ => {}
            }
        }
        fn walk_lval(l: &Lval, out: &mut dyn FnMut(&str)) {
            match l {
                Lval::Var(_) => {}
                Lval::Deref(e) => walk_expr(e, out),
                Lval::Field(b, _) => walk_lval(b, out),
                Lval::Index(b, e) => {
                    walk_lval(b, out);
                    walk_expr(e, out);
                }
            }
        }
        fn walk_init(i: &Init, out: &mut dyn FnMut(&str)) {
            match i {
                Init::Expr(e) => walk_expr(e, out),
                Init::List(v) => v.iter().for_each(|x| walk_init(x, out)),
                Init::Zero => {}
            }
        }
        let mut names = vec![];
        for g in &self.prog.globals {
            walk_init(&g.init, &mut |n| names.push(n.to_string()));
        }
        for p in &self.prog.procs {
            for s in &p.body {
                match &s.kind {
                    StmtKind::Call { callee, args, ret } => {
                        if !callee.starts_with('#') {
                            names.push(callee.clone());
                        }
                        for a in args {
                            walk_expr(a, &mut |n| names.push(n.to_string()));
                        }
                        if let Some(r) = ret {
                            walk_lval(r, &mut |n| names.push(n.to_string()));
                        }
                    }
                    StmtKind::Assign(l, e) => {
                        walk_lval(l, &mut |n| names.push(n.to_string()));
                        walk_expr(e, &mut |n| names.push(n.to_string()));
                    }
                    StmtKind::Return(Some(e)) | StmtKind::Assume(e) => walk_expr(e, &mut |n| names.push(n.to_string())),
                    _ => {}
                }
            }
        }
        for ic in &self.indirect {
            walk_expr(&ic.fp, &mut |n| names.push(n.to_string()));
        }
        for n in &names {
            note(n, &mut used);
        }
        for n in used {
            if self.prog.proc(&n).is_none() {
                let ty =
                    self.funcs.get(&n).cloned().unwrap_or(FuncType { ret: Type::INT, params: vec![], variadic: true });
                self.prog.externs.push(Extern { name: n, ty });
            }
        }
        // globals only declared `extern` have an unknown initial value
        for g in &mut self.prog.globals {
            if self.extern_only.contains(&g.name) && g.ty.is_scalar() {
                g.init = Init::Expr(Expr::Nondet(g.ty.clone()));
            }
        }
        // calls through function pointers
        if !self.indirect.is_empty() {
            let mut pt = PointsTo::analyze_with(&self.prog, &self.indirect);
            let indirect = std::mem::take(&mut self.indirect);
            for pi in 0..self.prog.procs.len() {
                let body = std::mem::take(&mut self.prog.procs[pi].body);
                let pname = self.prog.procs[pi].name.clone();
                let mut out = vec![];
                for s in body {
                    let StmtKind::Call { callee, .. } = &s.kind else {
                        out.push(s);
                        continue;
                    };
                    let Some(k) = callee.strip_prefix("#indirect") else {
                        out.push(s);
                        continue;
                    };
                    let ic = &indirect[k.parse::<usize>().unwrap()];
                    let nargs = ic.args.len();
                    let targets: Vec<String> = pt
                        .call_targets(&pname, &ic.fp)
                        .into_iter()
                        .filter(|f| match self.prog.func_type(f) {
                            Some(ft) => ft.params.len() == nargs || (ft.variadic && ft.params.len() <= nargs),
                            None => false,
                        })
                        .collect();
                    let mk = |kind: StmtKind, labels: Vec<String>| Stmt { id: StmtId(0), loc: s.loc, labels, kind };
                    let mut labels = s.labels.clone();
                    if targets.is_empty() {
                        // no known target: havoc the result (documented in docs/cminus.md)
                        let kind = match &ic.ret {
                            Some(r) => {
                                let t = self.prog.type_of_lval(self.prog.proc(&pname), r).unwrap_or(Type::INT);
                                StmtKind::Assign(r.clone(), Expr::Nondet(t))
                            }
                            None => StmtKind::Skip,
                        };
                        out.push(mk(kind, labels));
                        continue;
                    }
                    let done = {
                        self.label_n += 1;
                        format!("{FRESH_PREFIX}{}", self.label_n)
                    };
                    let mut tl = vec![];
                    for _ in &targets {
                        self.label_n += 1;
                        tl.push(format!("{FRESH_PREFIX}{}", self.label_n));
                    }
                    if targets.len() > 1 {
                        out.push(mk(StmtKind::Goto(tl.clone()), std::mem::take(&mut labels)));
                    }
                    for (i, f) in targets.iter().enumerate() {
                        let mut ls = if targets.len() > 1 { vec![tl[i].clone()] } else { std::mem::take(&mut labels) };
                        ls.extend(std::mem::take(&mut labels));
                        let fe = match self.prog.func_type(f) {
                            Some(_) => Expr::FuncAddr(f.clone()),
                            None => continue,
                        };
                        let fp = match &ic.fp {
                            Expr::Cast(_, inner) => (**inner).clone(),
                            e => e.clone(),
                        };
                        out.push(mk(StmtKind::Assume(Expr::bin(BinOp::Eq, fp, fe)), ls));
                        out.push(mk(
                            StmtKind::Call { ret: ic.ret.clone(), callee: f.clone(), args: ic.args.clone() },
                            vec![],
                        ));
                        if i + 1 < targets.len() {
                            out.push(mk(StmtKind::Goto(vec![done.clone()]), vec![]));
                        }
                    }
                    if targets.len() > 1 {
                        out.push(mk(StmtKind::Skip, vec![done]));
                    }
                }
                self.prog.procs[pi].body = out;
            }
        }
        self.calls_to_error_fns();
        for p in &mut self.prog.procs {
            simplify(p);
        }
        self.prog.renumber();
        if self.diags.is_empty() && self.prog.proc(&self.prog.entry).is_none() {
            let entry = self.prog.entry.clone();
            self.diags.push(Diagnostic {
                file: self.prog.files.first().cloned().unwrap_or_default(),
                line: 1,
                col: 1,
                message: format!("entry function '{entry}' is not defined"), kind: cminus::diag::DiagKind::NoEntry
            });
        }
        if !self.diags.is_empty() {
            return Err(self.diags);
        }
        Ok(self.prog)
    }
}

/// An aggregate initialiser with the non-zero parts of `new` written over `old` (designators
/// that reach into a sub-object already initialised).
fn merge_init(old: Init, new: Init) -> Init {
    match (old, new) {
        (Init::List(a), Init::List(b)) => {
            let n = a.len().max(b.len());
            let mut a = a;
            a.resize(n, Init::Zero);
            for (i, x) in b.into_iter().enumerate() {
                if x != Init::Zero {
                    let old = std::mem::replace(&mut a[i], Init::Zero);
                    a[i] = merge_init(old, x);
                }
            }
            Init::List(a)
        }
        (_, new) => new,
    }
}

/// 128-bit integers are declared and sized, but their values are not modelled (slam's
/// integers are at most 64 bits wide).
fn is_wide(t: &Type) -> bool {
    matches!(t, Type::Int { bits, .. } if *bits > 64)
}

const INT128_UNSUPPORTED: &str = "128-bit integer (__int128) values are not supported";

fn string_bytes(pieces: &[String]) -> Vec<u8> {
    decode_string(pieces)
}

fn compound_assign(op: &BinaryOperator) -> Option<()> {
    match op {
        BinaryOperator::AssignMultiply
        | BinaryOperator::AssignDivide
        | BinaryOperator::AssignModulo
        | BinaryOperator::AssignPlus
        | BinaryOperator::AssignMinus
        | BinaryOperator::AssignShiftLeft
        | BinaryOperator::AssignShiftRight
        | BinaryOperator::AssignBitwiseAnd
        | BinaryOperator::AssignBitwiseXor
        | BinaryOperator::AssignBitwiseOr => Some(()),
        _ => None,
    }
}

fn deref(p: Expr) -> Lval {
    match p {
        Expr::AddrOf(l) => l,
        p => Lval::Deref(Box::new(p)),
    }
}

fn addr_of(l: Lval) -> Expr {
    match l {
        Lval::Deref(e) => *e,
        l => Expr::AddrOf(l),
    }
}

fn is_address_constant(e: &Expr) -> bool {
    match e {
        Expr::AddrOf(_) | Expr::FuncAddr(_) => true,
        Expr::Cast(_, inner) => is_address_constant(inner) || fold(inner).is_some(),
        Expr::Binary(BinOp::Add | BinOp::Sub, a, b) => is_address_constant(a) && fold(b).is_some(),
        _ => false,
    }
}

fn nondet_type(n: &str, long_bits: u16) -> Type {
    let suffix = n.trim_start_matches("__VERIFIER_nondet_").trim_start_matches("nondet_");
    match suffix {
        "bool" | "_Bool" => Type::Bool,
        "char" => Type::int(8, true),
        "uchar" | "unsigned_char" => Type::int(8, false),
        "short" => Type::int(16, true),
        "ushort" | "unsigned_short" => Type::int(16, false),
        "uint" | "unsigned" | "unsigned_int" | "u32" => Type::int(32, false),
        "long" => Type::int(long_bits, true),
        "ulong" | "unsigned_long" | "size_t" => Type::int(long_bits, false),
        "longlong" | "long_long" => Type::int(64, true),
        "ulonglong" | "unsigned_long_long" | "u64" => Type::int(64, false),
        "pointer" | "ptr" => Type::ptr(Type::Void),
        _ => Type::INT,
    }
}

fn collect_cases<'a>(s: &'a Node<Statement>, out: &mut Vec<(usize, &'a Node<Label>)>) {
    match &s.node {
        Statement::Labeled(ls) => {
            if !matches!(ls.node.label.node, Label::Identifier(_)) {
                out.push((ls.node.label.span.start, &ls.node.label));
            }
            collect_cases(&ls.node.statement, out);
        }
        Statement::Compound(items) => {
            for it in items {
                if let BlockItem::Statement(st) = &it.node {
                    collect_cases(st, out);
                }
            }
        }
        Statement::If(i) => {
            collect_cases(&i.node.then_statement, out);
            if let Some(e) = &i.node.else_statement {
                collect_cases(e, out);
            }
        }
        Statement::While(w) => collect_cases(&w.node.statement, out),
        Statement::DoWhile(d) => collect_cases(&d.node.statement, out),
        Statement::For(f) => collect_cases(&f.node.statement, out),
        _ => {}
    }
}

fn is_generated_label(l: &str) -> bool {
    l.strip_prefix(FRESH_PREFIX).map(|r| !r.is_empty() && r.chars().all(|c| c.is_ascii_digit())).unwrap_or(false)
}

/// Clean up a lowered body: thread jumps to jumps, drop unreachable statements, drop
/// `goto L` right before `L`, and drop unreferenced generated labels.
pub(crate) fn simplify(p: &mut Proc) {
    for _ in 0..4 {
        // jump threading
        let map: HashMap<String, usize> = p.label_map().into_iter().map(|(k, v)| (k.to_string(), v)).collect();
        let body = p.body.clone();
        for s in &mut p.body {
            if let StmtKind::Goto(ls) = &mut s.kind {
                for l in ls.iter_mut() {
                    let mut hops = 0;
                    while let Some(&t) = map.get(l.as_str()) {
                        match &body[t].kind {
                            StmtKind::Goto(next) if next.len() == 1 && next[0] != *l && hops < 16 => {
                                *l = next[0].clone();
                                hops += 1;
                            }
                            _ => break,
                        }
                    }
                }
                let mut seen = HashSet::new();
                ls.retain(|l| seen.insert(l.clone()));
            }
        }
        // reachability
        let cfg = cminus::cfg::Cfg::build(p);
        let dead: HashSet<usize> = cfg.unreachable().into_iter().collect();
        if !dead.is_empty() && dead.len() < p.body.len() {
            let mut i = 0;
            p.body.retain(|_| {
                let keep = !dead.contains(&i);
                i += 1;
                keep
            });
        }
        // goto to the next statement
        let mut i = 0;
        while i + 1 < p.body.len() {
            let next_labels = p.body[i + 1].labels.clone();
            let redundant =
                matches!(&p.body[i].kind, StmtKind::Goto(ls) if ls.len() == 1 && next_labels.contains(&ls[0]));
            if redundant && p.body[i].labels.is_empty() {
                p.body.remove(i);
            } else if redundant {
                p.body[i].kind = StmtKind::Skip;
                i += 1;
            } else {
                i += 1;
            }
        }
        // unreferenced generated labels
        let used: HashSet<String> = p
            .body
            .iter()
            .filter_map(|s| match &s.kind {
                StmtKind::Goto(ls) => Some(ls.clone()),
                _ => None,
            })
            .flatten()
            .collect();
        for s in &mut p.body {
            s.labels.retain(|l| !is_generated_label(l) || used.contains(l));
        }
    }
}
