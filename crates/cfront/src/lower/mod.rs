//! Lowering of the lang-c AST to C--.

mod builtins;
mod calls;
mod constants;
mod control;
mod ctype;
mod decls;
mod exit;
mod externs;
mod functions;
mod libmodels;
mod literals;
pub(crate) use libmodels::errno_set_by_library_calls;
mod lvalues;
mod memory;
mod names;
mod rvalues;
mod strings;
mod types;

use crate::{Diagnostic, LineMap, Options, Property, Unit};
use cminus::pointsto::{IndirectCall, PointsTo};
use cminus::*;
use lang_c::ast::Label;
use lang_c::ast::*;
use lang_c::span::{Node, Span};
use std::collections::{HashMap, HashSet};

mod layout;

use layout::Member;

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
    /// Variables holding a known integer constant at the end of the statements emitted so
    /// far ([`Lowerer::fold_known`]): set by `v := c`, forgotten at a label (a join), a call
    /// or a write through a pointer. CIL computes a size into a chain of temporaries
    /// (`__cil_tmp164 = (unsigned)(long)(… (IO_STACK_LOCATION *)0 + 112)`), and a `memcpy`
    /// whose size is known copies exactly, not by a loop the refinement unrolls byte by byte.
    known: HashMap<String, i128>,
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
    /// The current unit's layout attributes (`packed`, `aligned`).
    attrs: Vec<crate::attrs::Attr>,
    funcs: HashMap<String, FuncType>,
    defined_fns: HashSet<String>,
    /// Functions declared `_Noreturn` (or `__attribute__((noreturn))`): a call of one that is
    /// not defined here ends the path (`Lowerer::halt_after_noreturn_calls`).
    noreturn: HashSet<String>,
    lowered_fns: HashSet<String>,
    globals_by_c: HashMap<String, String>,
    extern_only: HashSet<String>,
    strings: HashMap<Vec<u8>, String>,
    /// The `L`, `u` and `U` string literals made so far: prefix and elements, the global.
    wide_strings: HashMap<(literals::Prefix, Vec<u32>), String>,
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
    /// Variadic functions that read their arguments with `va_arg`, with the one `va_list`
    /// they read (printed) and the C-- names of their cursor and local argument array.
    va_readers: std::collections::BTreeMap<String, VaReader>,
    /// Which calls are the error (resolved from `Options::property`).
    property: Property,
    /// The program registers `atexit` handlers: `exit()` and the entry's returns run them.
    atexit: bool,
    /// The program never calls `setlocale`/`uselocale`: `<ctype.h>` is the "C" locale's.
    c_locale: bool,
    /// File-scope `const` integer globals (C-- name) with a constant initialiser: their value
    /// and type. An array size may name them (as gcc allows), see `const_globals_fold`.
    const_globals: HashMap<String, (i128, Type)>,
    /// Constant folding (of an array size) takes the value of a [`Self::const_globals`] entry.
    const_globals_fold: bool,
    /// The variable-length arrays of the function being lowered (C-- name of the pointer
    /// local): the temporary holding the length (as evaluated at the declaration), its type,
    /// and the element type.
    vlas: HashMap<String, (String, Type, Type)>,
    /// Per declared function, which parameters point to `const` (an unknown function does
    /// not write through those, see `externs`).
    readonly_params: HashMap<String, Vec<bool>>,
    /// The current unit's `static` functions that another unit declares or defines too, by
    /// C name: their C-- names (`cminus::names::unit_static`).
    unit_fns: HashMap<String, String>,
    /// Where each struct or union was defined (file:line:column): a definition of the same tag
    /// elsewhere, in another unit, is another type (see `struct_type`).
    struct_locs: HashMap<String, String>,
    /// The current unit's struct tags named apart from another unit's type of the same tag.
    unit_tags: HashMap<String, String>,
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
        attrs: vec![],
        funcs: HashMap::new(),
        defined_fns: HashSet::new(),
        noreturn: HashSet::new(),
        lowered_fns: HashSet::new(),
        globals_by_c: HashMap::new(),
        extern_only: HashSet::new(),
        strings: HashMap::new(),
        wide_strings: HashMap::new(),
        f: None,
        const_mode: false,
        label_n: 0,
        anon_n: 0,
        indirect: vec![],
        cur_loc: Loc::default(),
        const_globals: HashMap::new(),
        readonly_params: HashMap::new(),
        unit_fns: HashMap::new(),
        struct_locs: HashMap::new(),
        unit_tags: HashMap::new(),
        const_globals_fold: false,
        vlas: HashMap::new(),
        failed_fns: vec![],
        failed_globals: vec![],
        failed_typedefs: HashMap::new(),
        va_readers: Default::default(),
        property,
        atexit: uses.atexit,
        c_locale: !uses.locale,
    };
    l.prog.data_model = opts.data_model;
    let renamed = static_function_names(&units);
    for (u, unit_fns) in units.iter().zip(&renamed) {
        for ed in &u.ast.0 {
            if let ExternalDeclaration::FunctionDefinition(fd) = &ed.node {
                if let Some(n) = declarator_name(&fd.node.declarator.node) {
                    l.defined_fns.insert(unit_fns.get(&n).cloned().unwrap_or(n));
                }
            }
        }
    }
    for (u, unit_fns) in units.into_iter().zip(renamed) {
        l.unit_fns = unit_fns;
        l.unit_tags.clear();
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
                    ExternalDeclaration::FunctionDefinition(fd) => {
                        declarator_name(&fd.node.declarator.node).map(|n| l.unit_fns.get(&n).cloned().unwrap_or(n))
                    }
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

/// Per unit, the `static` functions it defines that must be named apart (C name → C-- name):
/// those whose name another unit declares or defines at file scope (a `static inline`
/// function of a system header defined in every unit that includes it; a unit's own helper
/// named like another unit's external function). Each unit's calls then reach its own
/// function, as C's internal linkage says. Names no other unit mentions stay as they are.
fn static_function_names(units: &[Unit]) -> Vec<HashMap<String, String>> {
    let is_static = |specs: &[Node<DeclarationSpecifier>]| {
        specs.iter().any(
            |s| matches!(&s.node, DeclarationSpecifier::StorageClass(c) if c.node == StorageClassSpecifier::Static),
        )
    };
    // per unit: the static functions it defines, and every name it declares or defines
    let mut statics: Vec<Vec<String>> = vec![];
    let mut mentioned: Vec<HashSet<String>> = vec![];
    for u in units {
        let mut st = vec![];
        let mut names = HashSet::new();
        for ed in &u.ast.0 {
            match &ed.node {
                ExternalDeclaration::FunctionDefinition(fd) => {
                    if let Some(n) = declarator_name(&fd.node.declarator.node) {
                        if is_static(&fd.node.specifiers) {
                            st.push(n.clone());
                        }
                        names.insert(n);
                    }
                }
                ExternalDeclaration::Declaration(d) => {
                    names.extend(d.node.declarators.iter().filter_map(|id| declarator_name(&id.node.declarator.node)));
                }
                ExternalDeclaration::StaticAssert(_) => {}
            }
        }
        statics.push(st);
        mentioned.push(names);
    }
    // the units' short names: file stems, numbered when two units share one
    let stems: Vec<String> = units
        .iter()
        .map(|u| {
            let base = u.name.rsplit(['/', '\\']).next().unwrap_or(&u.name);
            base.rsplit_once('.').map_or(base, |(s, _)| s).to_string()
        })
        .collect();
    let short = |i: usize| {
        let k = stems[..i].iter().filter(|s| **s == stems[i]).count();
        if k == 0 {
            stems[i].clone()
        } else {
            format!("{}~{}", stems[i], k + 1)
        }
    };
    (0..units.len())
        .map(|i| {
            statics[i]
                .iter()
                .filter(|n| (0..units.len()).any(|j| j != i && mentioned[j].contains(*n)))
                .map(|n| (n.clone(), cminus::names::unit_static(n, &short(i))))
                .collect()
        })
        .collect()
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
    /// The size of a variable-length array (the type is then `T[]`): only from
    /// [`Lowerer::declarator_vla`].
    vla: Option<Node<Expression>>,
}

fn fold(e: &Expr) -> Option<i128> {
    fold_with(e, &|_| None, &Type::Void)
}

/// [`fold`] with the values of some variables (`var`), and pointer casts of integers kept
/// as `ptr` (the unsigned integer type of a pointer's width) holds them, where `ptr` is an
/// integer type.
fn fold_with(e: &Expr, var: &dyn Fn(&str) -> Option<i128>, ptr: &Type) -> Option<i128> {
    let fold = |e: &Expr| fold_with(e, var, ptr);
    Some(match e {
        Expr::Int(v) => *v,
        Expr::Bool(b) => *b as i128,
        Expr::Lval(Lval::Var(v)) => var(v)?,
        Expr::Cast(t, e) => match t {
            Type::Int { .. } | Type::Bool => interp::wrap(fold(e)?, t),
            Type::Ptr(_) if matches!(ptr, Type::Int { .. }) => interp::wrap(fold(e)?, ptr),
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
        out.extend(decode_escapes(literals::body(p, '"')));
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

/// How a variadic function reads its arguments (see [`Lowerer::va_arg`]).
#[derive(Clone, Debug)]
struct VaReader {
    ap: Option<String>,
    cursor: String,
    locals: String,
    loc: Loc,
}

/// An arithmetic type: integer or floating.
fn is_arith(t: &Type) -> bool {
    t.is_integer() || t.is_float()
}

/// 128-bit integers are declared and sized, but their values are not modelled (slam's
/// integers are at most 64 bits wide).
fn is_wide(t: &Type) -> bool {
    matches!(t, Type::Int { bits, .. } if *bits > 64)
}

const INT128_UNSUPPORTED: &str = "128-bit integer (__int128) values are not supported";

/// The elements of a string literal without its NUL: the bytes of a narrow one, the
/// code units of an `L`, `u` or `U` one (`literals`), as unsigned values.
fn string_values(pieces: &[String]) -> Vec<i128> {
    match literals::Prefix::of_pieces(pieces) {
        literals::Prefix::Narrow => decode_string(pieces).into_iter().map(i128::from).collect(),
        prefix => wide_string_units(pieces, prefix).into_iter().map(i128::from).collect(),
    }
}

/// The code units of a wide string literal's pieces (without the NUL).
fn wide_string_units(pieces: &[String], prefix: literals::Prefix) -> Vec<u32> {
    pieces.iter().flat_map(|p| literals::wide_units(literals::body(p, '"'), prefix)).collect()
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
        "float" => Type::Float { bits: 32 },
        "double" => Type::Float { bits: 64 },
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
        // jump threading: a goto to a statement that is itself a plain goto jumps on
        let map: HashMap<String, usize> = p.label_map().into_iter().map(|(k, v)| (k.to_string(), v)).collect();
        let onward: HashMap<String, String> = map
            .iter()
            .filter_map(|(l, &t)| match &p.body[t].kind {
                StmtKind::Goto(next) if next.len() == 1 => Some((l.clone(), next[0].clone())),
                _ => None,
            })
            .collect();
        for s in &mut p.body {
            if let StmtKind::Goto(ls) = &mut s.kind {
                for l in ls.iter_mut() {
                    let mut hops = 0;
                    while let Some(next) = onward.get(l.as_str()) {
                        if *next == *l || hops >= 16 {
                            break;
                        }
                        *l = next.clone();
                        hops += 1;
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
        // goto to the next statement: an unlabelled one goes, a labelled one becomes a skip
        let redundant: Vec<bool> = (0..p.body.len())
            .map(|i| {
                matches!(&p.body[i].kind, StmtKind::Goto(ls)
                    if ls.len() == 1 && p.body.get(i + 1).is_some_and(|n| n.labels.contains(&ls[0])))
            })
            .collect();
        let mut i = 0;
        p.body.retain_mut(|s| {
            let r = redundant[i];
            i += 1;
            if r && !s.labels.is_empty() {
                s.kind = StmtKind::Skip;
            }
            !(r && s.labels.is_empty())
        });
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
