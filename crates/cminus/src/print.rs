//! The readable text form of C--.

use crate::*;
use std::fmt::Write;

/// What the printer shows besides the statements.
#[derive(Clone, Debug, Default)]
pub struct PrintOptions {
    /// Prefix each statement with its id (`s12:`).
    pub ids: bool,
    /// Append the source location to each statement (`// file:line:col`).
    pub locs: bool,
}

pub fn type_str(t: &Type) -> String {
    decl_str(t, "")
}

/// A C-like declaration of `name` with type `t`.
pub fn decl_str(t: &Type, name: &str) -> String {
    match t {
        Type::Void => join("void", name),
        Type::Bool => join("bool", name),
        Type::Int { bits, signed } => {
            let base = match (bits, signed) {
                (8, true) => "char".to_string(),
                (8, false) => "uchar".to_string(),
                (16, true) => "short".to_string(),
                (16, false) => "ushort".to_string(),
                (32, true) => "int".to_string(),
                (32, false) => "uint".to_string(),
                (64, true) => "long".to_string(),
                (64, false) => "ulong".to_string(),
                (b, true) => format!("int{b}"),
                (b, false) => format!("uint{b}"),
            };
            join(&base, name)
        }
        Type::Float { bits } => join(&format!("float{bits}"), name),
        Type::Struct(s) => join(&format!("struct {s}"), name),
        Type::Ptr(inner) => match &**inner {
            Type::Array(..) | Type::Func(_) => decl_str(inner, &format!("(*{name})")),
            _ => decl_str(inner, &format!("*{name}")),
        },
        Type::Array(inner, n) => {
            let n = n.map(|n| n.to_string()).unwrap_or_default();
            decl_str(inner, &format!("{name}[{n}]"))
        }
        Type::Func(ft) => {
            let mut ps: Vec<String> = ft.params.iter().map(type_str).collect();
            if ft.variadic {
                ps.push("...".into());
            }
            decl_str(&ft.ret, &format!("{name}({})", ps.join(", ")))
        }
    }
}

fn join(base: &str, name: &str) -> String {
    if name.is_empty() {
        base.to_string()
    } else {
        format!("{base} {name}")
    }
}

fn prec(e: &Expr) -> u8 {
    match e {
        Expr::Binary(op, ..) => match op {
            BinOp::Or => 1,
            BinOp::And => 2,
            BinOp::BitOr => 3,
            BinOp::BitXor => 4,
            BinOp::BitAnd => 5,
            BinOp::Eq | BinOp::Ne => 6,
            BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge => 7,
            BinOp::Shl | BinOp::Shr => 8,
            BinOp::Add | BinOp::Sub => 9,
            BinOp::Mul | BinOp::Div | BinOp::Rem => 10,
        },
        Expr::Unary(..) | Expr::Cast(..) | Expr::AddrOf(_) => 11,
        _ => 12,
    }
}

fn expr_p(e: &Expr, min: u8, out: &mut String) {
    let p = prec(e);
    let paren = p < min;
    if paren {
        out.push('(');
    }
    match e {
        Expr::Int(v) => {
            let _ = write!(out, "{v}");
        }
        Expr::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Expr::Lval(l) => lval_p(l, out),
        Expr::Unary(op, a) => {
            out.push_str(match op {
                UnOp::Neg => "-",
                UnOp::BitNot => "~",
                UnOp::Not => "!",
            });
            expr_p(a, 11, out);
        }
        Expr::Binary(op, a, b) => {
            expr_p(a, p, out);
            let _ = write!(out, " {} ", op.symbol());
            expr_p(b, p + 1, out);
        }
        Expr::AddrOf(l) => {
            out.push('&');
            lval_p(l, out);
        }
        Expr::FuncAddr(f) => {
            let _ = write!(out, "&{f}");
        }
        Expr::Cast(t, a) => {
            let _ = write!(out, "({})", type_str(t));
            expr_p(a, 11, out);
        }
        Expr::Nondet(t) => {
            let _ = write!(out, "nondet<{}>", type_str(t));
        }
        Expr::Float(FloatOp::Lit(bits), t, _) => out.push_str(&float_lit(*bits, t)),
        Expr::Float(op, t, xs) => {
            out.push_str(op.name());
            if *op == FloatOp::Conv {
                let _ = write!(out, "<{}>", type_str(t));
            }
            out.push('(');
            for (i, x) in xs.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                expr_p(x, 0, out);
            }
            out.push(')');
        }
    }
    if paren {
        out.push(')');
    }
}

fn lval_p(l: &Lval, out: &mut String) {
    match l {
        Lval::Var(v) => out.push_str(v),
        Lval::Deref(e) => {
            // (*e).f is printed e->f by the Field case
            out.push('*');
            expr_p(e, 11, out);
        }
        Lval::Field(base, f) => {
            if let Lval::Deref(e) = &**base {
                expr_p(e, 12, out);
                let _ = write!(out, "->{f}");
            } else {
                lval_p_post(base, out);
                let _ = write!(out, ".{f}");
            }
        }
        Lval::Index(base, i) => {
            lval_p_post(base, out);
            out.push('[');
            expr_p(i, 0, out);
            out.push(']');
        }
    }
}

fn lval_p_post(l: &Lval, out: &mut String) {
    if let Lval::Deref(_) = l {
        out.push('(');
        lval_p(l, out);
        out.push(')');
    } else {
        lval_p(l, out);
    }
}

/// A floating-point constant as C writes it: the shortest decimal that reads back as the
/// same value, with `f` for `float` and `L` for `long double`.
fn float_lit(bits: u64, t: &Type) -> String {
    let (text, suffix) = match t {
        Type::Float { bits: 32 } => (format!("{:?}", f32::from_bits(bits as u32)), "f"),
        Type::Float { bits: 64 } => (format!("{:?}", f64::from_bits(bits)), ""),
        _ => (format!("{:?}", f64::from_bits(bits)), "L"),
    };
    match text.as_str() {
        "NaN" => format!("__builtin_nan{suffix}(\"\")"),
        "inf" => format!("__builtin_inf{suffix}()"),
        "-inf" => format!("-__builtin_inf{suffix}()"),
        _ => format!("{text}{suffix}"),
    }
}

pub fn print_expr(e: &Expr) -> String {
    let mut s = String::new();
    expr_p(e, 0, &mut s);
    s
}

pub fn print_lval(l: &Lval) -> String {
    let mut s = String::new();
    lval_p(l, &mut s);
    s
}

fn init_str(i: &Init) -> String {
    match i {
        Init::Zero => "0".into(),
        Init::Expr(e) => print_expr(e),
        Init::List(items) => {
            let v: Vec<String> = items.iter().map(init_str).collect();
            format!("{{{}}}", v.join(", "))
        }
    }
}

/// The text of one statement (without labels).
pub fn stmt_str(k: &StmtKind) -> String {
    match k {
        StmtKind::Assign(l, e) => format!("{} := {};", print_lval(l), print_expr(e)),
        StmtKind::Call { ret, callee, args } => {
            let a: Vec<String> = args.iter().map(print_expr).collect();
            match ret {
                Some(l) => format!("{} := {}({});", print_lval(l), callee, a.join(", ")),
                None => format!("{}({});", callee, a.join(", ")),
            }
        }
        StmtKind::Return(Some(e)) => format!("return {};", print_expr(e)),
        StmtKind::Return(None) => "return;".into(),
        StmtKind::Assume(e) => format!("assume({});", print_expr(e)),
        StmtKind::Goto(ls) => format!("goto {};", ls.join(", ")),
        StmtKind::Skip => "skip;".into(),
        StmtKind::Error(m) => format!("error({m:?});"),
        StmtKind::Halt => "halt;".into(),
    }
}

/// Print the whole program.
pub fn print_program(p: &Program, opts: &PrintOptions) -> String {
    let mut out = String::new();
    for s in &p.structs {
        let kw = if s.is_union { "union" } else { "struct" };
        if !s.complete {
            let _ = writeln!(out, "{kw} {};", s.name);
            continue;
        }
        let _ = writeln!(out, "{kw} {} {{", s.name);
        for f in &s.fields {
            let _ = writeln!(out, "  {};", decl_str(&f.ty, &f.name));
        }
        out.push_str("};\n");
    }
    for e in &p.externs {
        let _ = writeln!(out, "extern {};", decl_str(&Type::Func(Box::new(e.ty.clone())), &e.name));
    }
    for g in &p.globals {
        let _ = writeln!(out, "{} = {};", decl_str(&g.ty, &g.name), init_str(&g.init));
    }
    for proc in &p.procs {
        out.push('\n');
        out.push_str(&print_proc(p, proc, opts));
    }
    out
}

/// Print one procedure.
pub fn print_proc(p: &Program, proc: &Proc, opts: &PrintOptions) -> String {
    let mut out = String::new();
    {
        let fs: Vec<String> = proc.formals.iter().map(|v| decl_str(&v.ty, &v.name)).collect();
        let mut fs = fs.join(", ");
        if proc.variadic {
            fs.push_str(", ...");
        }
        let _ = writeln!(out, "{} {{", decl_str(&proc.ret, &format!("{}({})", proc.name, fs)));
        for l in &proc.locals {
            let _ = writeln!(out, "  {};", decl_str(&l.ty, &l.name));
        }
        for s in &proc.body {
            for l in &s.labels {
                let _ = writeln!(out, "{l}:");
            }
            out.push_str("  ");
            if opts.ids {
                let _ = write!(out, "{}: ", s.id);
            }
            out.push_str(&stmt_str(&s.kind));
            if opts.locs {
                let file = p.files.get(s.loc.file as usize).map(|s| s.as_str()).unwrap_or("?");
                let _ = write!(out, "  // {}:{}:{}", file, s.loc.line, s.loc.col);
            }
            out.push('\n');
        }
        out.push_str("}\n");
    }
    out
}
