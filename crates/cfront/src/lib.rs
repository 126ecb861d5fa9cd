//! C front end: preprocess C with the system preprocessor, parse it with `lang-c`, and lower
//! it to C-- ([`cminus::Program`]). See `docs/cminus.md` for the lowering rules.
//!
//! ```no_run
//! let opts = cfront::Options::default();
//! let prog = cfront::lower_files(&["driver.c".into()], &opts).unwrap();
//! println!("{prog}");
//! ```

mod attrs;
pub mod gen;
mod lower;
mod preprocess;
mod reach;
mod typenames;

pub use cminus::DataModel;

pub use preprocess::LineMap;

use std::path::PathBuf;

pub use source::{DiagKind, Diagnostic};

/// Errors of the front end, all carrying diagnostics.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Error {
    #[error("{}", .0.iter().map(|d| d.to_string()).collect::<Vec<_>>().join("\n"))]
    Diagnostics(Vec<Diagnostic>),
}

/// Options of the front end.
#[derive(Clone, Debug)]
pub struct Options {
    /// `-I` directories.
    pub includes: Vec<PathBuf>,
    /// `-D` definitions (`NAME` or `NAME=VALUE`).
    pub defines: Vec<String>,
    pub data_model: DataModel,
    /// The entry procedure (default `main`).
    pub entry: String,
    /// The preprocessor command (default `gcc`, run as `gcc -E`).
    pub cpp: String,
    /// Which calls are the error; `None` chooses per program (see [`Property`]).
    pub property: Option<Property>,
    /// Thread-modular checking (`slam gate`'s program mode): a call of `pthread_create` or
    /// `thrd_create` starts nothing in the caller's check (an external call: any result), since
    /// each start routine is checked as an entry of its own. Interference between threads
    /// through shared memory is then not modelled. Off: such a call is unsupported (UNKNOWN).
    pub thread_roots: bool,
    /// The entry runs mid-run (a thread start routine or a callback of a whole program): other
    /// code ran before it, so every global the program can change — one it assigns or whose
    /// address it takes — starts with an unknown value; the others keep their initialisers.
    pub entry_mid_run: bool,
    /// Byte memory for every program, also where the typed model is exact (to compare the
    /// two models; `cminus::punning` chooses otherwise).
    pub bytes: bool,
    /// What the program's undefined arithmetic means (`cminus::ub`): wrap as gcc -O0, no
    /// path goes through it, or it is the error.
    pub undefined: cminus::ub::UbMode,
    /// The heap allocators never return NULL (`cminus::Program::alloc_never_fails`): an
    /// assumption other verifiers offer (ESBMC's `--force-malloc-success`), not C's rule.
    pub alloc_never_fails: bool,
}

/// The property checked: which calls are the error.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Property {
    /// SV-COMP's unreach-call: only a call of `reach_error()` (or the legacy
    /// `__VERIFIER_error()`) is the error, whatever its body; a failed `assert` (glibc's
    /// `__assert_fail` & co.) ends the run like `abort()`.
    UnreachCall,
    /// `reach_error()`/`__VERIFIER_error()` and failed assertions are errors.
    Assertions,
    /// A dereference of a NULL pointer is the error (`*p`, `p->f`, `p[i]`); `reach_error()`
    /// and failed assertions end the run like `abort()`.
    NullDeref,
    /// SV-COMP's no-overflow: an arithmetic operation on a signed integer type whose result
    /// the type cannot hold is the error (`cminus::ub`); `reach_error()` and failed
    /// assertions end the run like `abort()`.
    NoOverflow,
}

impl Property {
    /// `unreach-call` or `assertions`.
    pub fn by_name(name: &str) -> Option<Property> {
        match name {
            "unreach-call" => Some(Property::UnreachCall),
            "assertions" => Some(Property::Assertions),
            "null-deref" => Some(Property::NullDeref),
            "no-overflow" => Some(Property::NoOverflow),
            _ => None,
        }
    }
    /// Whether `reach_error()` is an error under this property (else it ends the run).
    pub fn reach_error_is_error(self) -> bool {
        matches!(self, Property::UnreachCall | Property::Assertions)
    }
}

impl Default for Options {
    fn default() -> Self {
        Options {
            includes: vec![],
            defines: vec![],
            data_model: DataModel::Lp64,
            entry: "main".into(),
            cpp: "gcc".into(),
            property: None,
            thread_roots: false,
            entry_mid_run: false,
            bytes: false,
            undefined: cminus::ub::UbMode::Wrap,
            alloc_never_fails: false,
        }
    }
}

/// The preprocessed text of `file` exactly as lowering reads it (GNU attributes blanked): what
/// the gate hashes for its cache key, so that a key changes exactly when the input does.
pub fn preprocess_file(file: &std::path::Path, opts: &Options) -> Result<String, Diagnostic> {
    preprocess::run(&file.to_string_lossy(), None, opts).map(|(text, _)| text)
}

pub use cminus::names::is_model_file;

/// A parsed translation unit, ready for lowering.
pub(crate) struct Unit {
    /// The file the unit was read from (names its `static` functions apart, see
    /// `cminus::names::unit_static`).
    pub name: String,
    pub map: LineMap,
    /// The GNU attributes that matter for layout, at offsets of the preprocessed text.
    pub attrs: Vec<attrs::Attr>,
    pub ast: lang_c::ast::TranslationUnit,
}

/// C keywords, which are never a declarator's name (and so never an implicit `int`'s).
const KEYWORDS: &[&str] = &[
    "auto",
    "break",
    "case",
    "char",
    "const",
    "continue",
    "default",
    "do",
    "double",
    "else",
    "enum",
    "extern",
    "float",
    "for",
    "goto",
    "if",
    "inline",
    "int",
    "long",
    "register",
    "restrict",
    "return",
    "short",
    "signed",
    "sizeof",
    "static",
    "struct",
    "switch",
    "typedef",
    "union",
    "unsigned",
    "void",
    "volatile",
    "while",
    "_Bool",
    "_Complex",
    "_Alignas",
    "_Alignof",
    "_Atomic",
    "_Generic",
    "_Noreturn",
    "_Static_assert",
    "_Thread_local",
    "__typeof__",
    "typeof",
    "__extension__",
    "asm",
    "__asm__",
    "__inline",
    "__inline__",
    "__restrict",
    "__restrict__",
    "__const",
    "__volatile__",
    "__signed__",
];

/// The most `int`s inserted for implicit-int declarations in one file.
const MAX_IMPLICIT_INT: usize = 500;

fn parse_unit(name: &str, text: Option<&str>, opts: &Options) -> Result<Unit, Vec<Diagnostic>> {
    let (pre, attrs) = preprocess::run(name, text, opts).map_err(|d| vec![d])?;
    // Type names as arguments (`__builtin_types_compatible_p`) become `sizeof(type)`.
    let pre = typenames::wrap_type_arguments(pre);
    let config = lang_c::driver::Config::with_gcc();
    // K&R's implicit `int` (`extern f();`, `f(x) int x; {…}`), which lang-c rejects: where the
    // parser wants a type and finds a plain identifier, `int ` is inserted and the text parsed
    // again. The inserted offsets are kept so that locations stay those of the user's text.
    let pre = int128_names(pre);
    let mut src = pre.clone();
    // gcc's 128-bit types are names lang-c does not know: declared by a prelude
    let mut inserted: Vec<(usize, usize)> = vec![];
    let mut prelude = String::new();
    if INT128_NAMES.iter().any(|n| src.contains(n)) {
        prelude += INT128_PRELUDE;
    }
    if src.contains("__float128") {
        // gcc's quad float (i386 glibc's max_align_t has one): a name for a float type
        prelude += "typedef long double __float128;\n";
    }
    if !prelude.is_empty() {
        src.insert_str(0, &prelude);
        inserted.push((0, prelude.len()));
    }
    inserted.extend(auto_types(&mut src));
    let mut before_last: Option<Diagnostic> = None;
    loop {
        let map = LineMap::new(&pre).with_insertions(inserted.clone());
        match lang_c::driver::parse_preprocessed(&config, src.clone()) {
            Ok(parse) => return Ok(Unit { name: name.to_string(), map, ast: parse.unit, attrs }),
            Err(e) => {
                let diag = syntax_error(&map, &e);
                let off = e.offset.min(e.source.len());
                let word = identifier_at(&e.source, off);
                let after_last = inserted.last().is_none_or(|&(p, n)| off >= p + n);
                if inserted.len() < MAX_IMPLICIT_INT
                    && after_last
                    && e.expected.contains("<typedef_name>")
                    && word.is_some_and(|w| !KEYWORDS.contains(&w))
                    && starts_declaration(&e.source, off)
                {
                    src.insert_str(off, IMPLICIT_INT);
                    inserted.push((off, IMPLICIT_INT.len()));
                    before_last = Some(diag);
                    continue;
                }
                // the insertion did not help (`unknown_t x;` is no implicit int): report the
                // error as it was before it
                let diag = match (inserted.last(), before_last) {
                    (Some(&(p, _)), Some(d)) if !src[p..off].contains([';', '{', '}']) => d,
                    _ => diag,
                };
                return Err(vec![diag]);
            }
        }
    }
}

const IMPLICIT_INT: &str = "int ";

/// GNU `__auto_type x = e;` (gcc's `<stdatomic.h>` declares its temporaries so: every
/// `atomic_load_explicit` in Redis), which lang-c does not know, as `__typeof__(((void)0, e))
/// x = e;`: the comma gives `e`'s type after lvalue conversion and decay, as `__auto_type`
/// does. The type is inserted before the blanked word (columns after it shift by the
/// insertion, which the returned offsets undo); a declaration of another shape stays as it
/// is (and fails to parse as before).
fn auto_types(src: &mut String) -> Vec<(usize, usize)> {
    const WORD: &str = "__auto_type";
    let mut inserted = vec![];
    let mut from = 0;
    while let Some(i) = src[from..].find(WORD).map(|i| i + from) {
        from = i + WORD.len();
        let b = src.as_bytes();
        let ident = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
        if (i > 0 && ident(b[i - 1])) || b.get(from).is_some_and(|&c| ident(c)) {
            continue;
        }
        let Some(init) = auto_type_initializer(&src[from..]) else { continue };
        let (start, end) = (from + init.0, from + init.1);
        // (the preprocessor's line markers inside a macro's expansion are not copied)
        let e: Vec<&str> = src[start..end].split('\n').filter(|l| !l.trim_start().starts_with('#')).collect();
        let ty = format!("__typeof__(((void)0, {})) ", e.join(" "));
        src.replace_range(i..from, &" ".repeat(WORD.len()));
        src.insert_str(i, &ty);
        inserted.push((i, ty.len()));
        from += ty.len();
    }
    inserted
}

/// In the text after `__auto_type`: ` name = e;` — the span of `e` (to the `;` outside
/// brackets), or `None` for another shape.
fn auto_type_initializer(rest: &str) -> Option<(usize, usize)> {
    let b = rest.as_bytes();
    let mut k = 0;
    let skip_ws = |k: &mut usize| {
        while b.get(*k).is_some_and(|c| c.is_ascii_whitespace()) {
            *k += 1;
        }
    };
    skip_ws(&mut k);
    let name = identifier_at(rest, k)?;
    k += name.len();
    skip_ws(&mut k);
    if b.get(k) != Some(&b'=') || b.get(k + 1) == Some(&b'=') {
        return None;
    }
    k += 1;
    let start = k;
    let mut depth = 0i32;
    while let Some(&c) = b.get(k) {
        if c == b'#' && rest[..k].trim_end_matches([' ', '\t']).ends_with('\n') {
            // a line marker of the preprocessor
            k += rest[k..].find('\n')?;
            continue;
        }
        match c {
            b'(' | b'[' | b'{' => depth += 1,
            b')' | b']' | b'}' => depth -= 1,
            b'"' | b'\'' => return None,
            b';' | b',' if depth == 0 => break,
            _ => {}
        }
        if depth < 0 {
            return None;
        }
        k += 1;
    }
    (b.get(k) == Some(&b';')).then_some((start, k))
}

/// The names the 128-bit integer types get in the parsed text (as long as the words they
/// replace, padded with blanks, so that columns stay), signed then unsigned.
pub(crate) const INT128_NAMES: [&str; 2] = ["__i128__", "__u128__"];
const INT128_PRELUDE: &str = "typedef int __i128__; typedef unsigned __u128__;\n";

/// `__int128`, `signed __int128`, `unsigned __int128`, `__int128_t`, `__uint128_t` renamed to
/// typedef names of the same length (the lowering gives them their 128-bit types).
fn int128_names(text: String) -> String {
    if !text.contains("int128") {
        return text;
    }
    let mut out = String::with_capacity(text.len());
    let b = text.as_bytes();
    let word = |i: usize| i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_');
    let mut i = 0;
    'scan: while i < b.len() {
        for (pat, signed) in [
            ("unsigned __int128", false),
            ("signed __int128", true),
            ("__int128_t", true),
            ("__uint128_t", false),
            ("__int128", true),
        ] {
            if text[i..].starts_with(pat) && (i == 0 || !word(i - 1)) && !word(i + pat.len()) {
                let name = INT128_NAMES[usize::from(!signed)];
                out.push_str(name);
                out.extend(std::iter::repeat_n(' ', pat.len() - name.len()));
                i += pat.len();
                continue 'scan;
            }
        }
        let c = text[i..].chars().next().unwrap();
        out.push(c);
        i += c.len_utf8();
    }
    out
}

/// Whether a declaration may start at `off`: the token before is `;`, a brace, a storage
/// class or qualifier, or nothing (line markers skipped).
fn starts_declaration(s: &str, off: usize) -> bool {
    let mut end = off;
    loop {
        let head = s[..end].trim_end();
        let line_start = head.rfind('\n').map_or(0, |i| i + 1);
        if head[line_start..].trim_start().starts_with('#') {
            end = line_start;
            continue;
        }
        let Some(last) = head.chars().last() else { return true };
        if matches!(last, ';' | '{' | '}') {
            return true;
        }
        let word_start = head.rfind(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).map_or(0, |i| i + 1);
        return matches!(
            &head[word_start..],
            "extern"
                | "static"
                | "register"
                | "auto"
                | "const"
                | "volatile"
                | "inline"
                | "__inline"
                | "__inline__"
                | "_Noreturn"
                | "__extension__"
                | "typedef"
                | "_Thread_local"
                | "__thread"
        );
    }
}

/// The identifier starting at `off`, if one does.
fn identifier_at(s: &str, off: usize) -> Option<&str> {
    let rest = &s[off..];
    let len = rest.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).unwrap_or(rest.len());
    let w = &rest[..len];
    (!w.is_empty() && !w.starts_with(|c: char| c.is_ascii_digit())).then_some(w)
}

fn syntax_error(map: &LineMap, e: &lang_c::driver::SyntaxError) -> Diagnostic {
    let (file, line, col) = map.locate(e.offset);
    let tok: String =
        e.source[e.offset.min(e.source.len())..].chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
    let tok = if tok.is_empty() {
        e.source[e.offset.min(e.source.len())..].chars().next().map(|c| c.to_string()).unwrap_or_default()
    } else {
        tok
    };
    let mut exp: Vec<&str> = e.expected.iter().copied().collect();
    exp.sort();
    let hint = if exp.contains(&";") {
        "expected ';'".to_string()
    } else {
        let shown: Vec<String> = exp.iter().take(8).map(|s| format!("'{s}'")).collect();
        let more = if exp.len() > 8 { ", …" } else { "" };
        format!("expected {}{}", shown.join(", "), more)
    };
    let at = if tok.is_empty() { "end of input".to_string() } else { format!("'{tok}'") };
    Diagnostic { file, line, col, message: format!("syntax error at {at}: {hint}"), kind: crate::DiagKind::Syntax }
}

/// Lower C files (calls across files are resolved by name) into one C-- program.
pub fn lower_files(files: &[PathBuf], opts: &Options) -> Result<cminus::Program, Vec<Diagnostic>> {
    let mut units = vec![];
    let mut diags = vec![];
    for f in files {
        match parse_unit(&f.to_string_lossy(), None, opts) {
            Ok(u) => units.push(u),
            Err(mut d) => diags.append(&mut d),
        }
    }
    if !diags.is_empty() {
        return Err(diags);
    }
    lower::lower_units(units, opts).map(|mut p| {
        after_lowering(&mut p, opts);
        p
    })
}

/// What every lowering ends with: the NULL checks, and unknown globals for an entry mid-run.
fn after_lowering(p: &mut cminus::Program, opts: &Options) {
    p.alloc_never_fails = opts.alloc_never_fails;
    main_arguments(p);
    lower::errno_set_by_library_calls(p);
    guard(p, opts);
    if opts.property == Some(Property::NoOverflow) {
        cminus::ub::instrument(p, cminus::ub::UbMode::Error, cminus::ub::Kinds::Overflow);
    } else {
        cminus::ub::instrument(p, opts.undefined, cminus::ub::Kinds::All);
    }
    if opts.undefined == cminus::ub::UbMode::AssumeNone {
        // the task semantics: what the entry's uninitialised pointers hold
        cminus::indeterminate::initialise(p);
    }
    p.memory = match cminus::punning::memory_model(p) {
        cminus::punning::MemoryModel::Typed if opts.bytes => {
            cminus::punning::MemoryModel::Bytes { reason: "byte memory was asked for (--memory bytes)".into() }
        }
        m => m,
    };
    if opts.entry_mid_run {
        globals_start_unknown(p);
    }
}

/// How many of `main`'s arguments [`main_arguments`] describes exactly.
const ARGV_KNOWN: i128 = 8;

/// What C promises of `main(int argc, char *argv[])` (C11 5.1.2.2.1p2): `argc` is not
/// negative, `argv` is not NULL, `argv[0]` … `argv[argc - 1]` point to strings and
/// `argv[argc]` is NULL — as `assume`s at the entry over the unknown contents of `argv`'s
/// object, exact for the first [`ARGV_KNOWN`] arguments (later ones stay unknown: any value,
/// an over-approximation). Without them a trace could take `argv[0]` NULL when `argc` is 1.
fn main_arguments(p: &mut cminus::Program) {
    use cminus::{BinOp, Expr, Lval, Stmt, StmtKind, Type};
    let Some(pi) = p.procs.iter().position(|q| q.name == p.entry && q.name == "main") else { return };
    let q = &p.procs[pi];
    let (argc, argv) = match q.formals.as_slice() {
        [c, v, ..] if matches!(c.ty, Type::Int { .. }) && matches!(&v.ty, Type::Ptr(t) if t.is_pointer()) => {
            (c.name.clone(), v.clone())
        }
        _ => return,
    };
    let loc = q.loc;
    let c = Expr::var(&argc);
    let null = Expr::Cast(argv.ty.clone(), Box::new(Expr::Int(0)));
    let Type::Ptr(elem) = &argv.ty else { return };
    let elem_null = Expr::Cast((**elem).clone(), Box::new(Expr::Int(0)));
    let arg = |i: i128| Expr::Lval(Lval::Deref(Box::new(Expr::bin(BinOp::Add, Expr::var(&argv.name), Expr::Int(i)))));
    let mut conds =
        vec![Expr::bin(BinOp::Ge, c.clone(), Expr::Int(0)), Expr::bin(BinOp::Ne, Expr::var(&argv.name), null)];
    for i in 0..ARGV_KNOWN {
        // i < argc → argv[i] != NULL; i == argc → argv[i] == NULL
        conds.push(Expr::bin(
            BinOp::Or,
            Expr::bin(BinOp::Le, c.clone(), Expr::Int(i)),
            Expr::bin(BinOp::Ne, arg(i), elem_null.clone()),
        ));
        conds.push(Expr::bin(
            BinOp::Or,
            Expr::bin(BinOp::Ne, c.clone(), Expr::Int(i)),
            Expr::bin(BinOp::Eq, arg(i), elem_null.clone()),
        ));
    }
    let mut new = Vec::new();
    for cond in conds {
        let id = p.fresh_stmt_id();
        new.push(Stmt { id, loc, labels: vec![], kind: StmtKind::Assume(cond) });
    }
    let body = &mut p.procs[pi].body;
    if let Some(first) = body.first_mut() {
        new[0].labels = std::mem::take(&mut first.labels);
    }
    body.splice(0..0, new);
}

/// `Options::entry_mid_run`: the globals the program assigns or takes the address of start
/// unknown (string literals and the standard streams' objects keep theirs).
fn globals_start_unknown(p: &mut cminus::Program) {
    use cminus::{Expr, Lval, StmtKind};
    fn base(l: &Lval) -> Option<&str> {
        match l {
            Lval::Var(v) => Some(v),
            Lval::Field(b, _) | Lval::Index(b, _) => base(b),
            Lval::Deref(_) => None,
        }
    }
    fn addrs<'a>(e: &'a Expr, out: &mut Vec<&'a str>) {
        match e {
            Expr::AddrOf(l) => {
                out.extend(base(l));
                lval_addrs(l, out);
            }
            Expr::Lval(l) => lval_addrs(l, out),
            Expr::Unary(_, a) | Expr::Cast(_, a) => addrs(a, out),
            Expr::Binary(_, a, b) => {
                addrs(a, out);
                addrs(b, out);
            }
            _ => {}
        }
    }
    fn lval_addrs<'a>(l: &'a Lval, out: &mut Vec<&'a str>) {
        match l {
            Lval::Var(_) => {}
            Lval::Deref(e) => addrs(e, out),
            Lval::Field(b, _) => lval_addrs(b, out),
            Lval::Index(b, i) => {
                lval_addrs(b, out);
                addrs(i, out);
            }
        }
    }
    fn init_addrs<'a>(i: &'a cminus::Init, out: &mut Vec<&'a str>) {
        match i {
            cminus::Init::Expr(e) => addrs(e, out),
            cminus::Init::List(l) => l.iter().for_each(|x| init_addrs(x, out)),
            cminus::Init::Zero => {}
        }
    }
    let mut changed: Vec<&str> = vec![];
    for q in &p.procs {
        for s in &q.body {
            match &s.kind {
                StmtKind::Assign(l, e) => {
                    changed.extend(base(l));
                    lval_addrs(l, &mut changed);
                    addrs(e, &mut changed);
                }
                StmtKind::Call { ret, args, .. } => {
                    if let Some(l) = ret {
                        changed.extend(base(l));
                        lval_addrs(l, &mut changed);
                    }
                    args.iter().for_each(|a| addrs(a, &mut changed));
                }
                StmtKind::Return(Some(e)) | StmtKind::Assume(e) => addrs(e, &mut changed),
                _ => {}
            }
        }
    }
    for g in &p.globals {
        init_addrs(&g.init, &mut changed);
    }
    let changed: std::collections::HashSet<String> = changed.into_iter().map(str::to_string).collect();
    for g in &mut p.globals {
        let literal = g.name.starts_with("__str") || g.name.starts_with("__slam_");
        if changed.contains(&g.name) && !literal && (g.ty.is_scalar() || g.ty.is_aggregate()) {
            g.init = cminus::Init::Expr(cminus::Expr::Nondet(g.ty.clone()));
        }
    }
}

/// The NULL checks: assertions under the null-deref property, else `assume` guards where a
/// fallible allocation may be dereferenced (see `cminus::guard`).
fn guard(p: &mut cminus::Program, opts: &Options) {
    if opts.property == Some(Property::NullDeref) {
        cminus::guard::assert_non_null(p);
    } else {
        cminus::guard::guard_null_derefs(p);
    }
}

/// Lower C source text (named `name` in locations) into a C-- program.
pub fn lower_str(name: &str, text: &str, opts: &Options) -> Result<cminus::Program, Vec<Diagnostic>> {
    lower_strs(&[(name, text)], opts)
}

/// Lower several named C sources into one C-- program.
pub fn lower_strs(sources: &[(&str, &str)], opts: &Options) -> Result<cminus::Program, Vec<Diagnostic>> {
    let mut units = vec![];
    let mut diags = vec![];
    for (name, text) in sources {
        match parse_unit(name, Some(text), opts) {
            Ok(u) => units.push(u),
            Err(mut d) => diags.append(&mut d),
        }
    }
    if !diags.is_empty() {
        return Err(diags);
    }
    lower::lower_units(units, opts).map(|mut p| {
        after_lowering(&mut p, opts);
        p
    })
}
