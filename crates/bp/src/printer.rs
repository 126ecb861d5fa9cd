//! Printing boolean programs in the syntax the parser reads: `parse(print(p)) == p`.

use crate::ast::*;
use crate::parser::KEYWORDS;
use std::fmt::Write;

/// How a variable or label name is written: plain when it is a C identifier that is not a
/// keyword, `{…}` otherwise.
pub fn name(n: &str) -> String {
    let plain = n.chars().next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && n.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        && !KEYWORDS.contains(&n);
    if plain {
        n.to_string()
    } else {
        format!("{{{n}}}")
    }
}

fn names(ns: &[String]) -> String {
    ns.iter().map(|n| name(n)).collect::<Vec<_>>().join(", ")
}

/// Print an expression with the fewest parentheses that parse back to the same tree.
pub fn expr(e: &Expr) -> String {
    let mut s = String::new();
    write_expr(&mut s, e, 0);
    s
}

fn write_expr(out: &mut String, e: &Expr, ctx: u8) {
    match e {
        Expr::Const(b) => out.push(if *b { '1' } else { '0' }),
        Expr::Var(v) => out.push_str(&name(v)),
        Expr::Primed(v) => {
            out.push('\'');
            out.push_str(&name(v));
        }
        Expr::Nondet => out.push('*'),
        Expr::Not(a) => {
            out.push('!');
            write_expr(out, a, 10);
        }
        Expr::Schoose(p, n) => {
            out.push_str("schoose[");
            write_expr(out, p, 0);
            out.push_str(", ");
            write_expr(out, n, 0);
            out.push(']');
        }
        Expr::Bin(op, a, b) => {
            let prec = op.precedence();
            let paren = prec < ctx;
            if paren {
                out.push('(');
            }
            let (lctx, rctx) = if *op == BinOp::Implies { (prec + 1, prec) } else { (prec, prec + 1) };
            write_expr(out, a, lctx);
            let _ = write!(out, " {} ", op.symbol());
            write_expr(out, b, rctx);
            if paren {
                out.push(')');
            }
        }
    }
}

/// Print a whole program.
pub fn program(p: &Program) -> String {
    let mut out = String::new();
    if !p.globals.is_empty() {
        let _ = writeln!(out, "decl {};", names(&p.globals));
        out.push('\n');
    }
    for (i, pr) in p.procs.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        proc(&mut out, pr);
    }
    out
}

fn proc(out: &mut String, p: &Proc) {
    let ret = match p.returns {
        0 => "void".to_string(),
        1 => "bool".to_string(),
        n => format!("bool<{n}>"),
    };
    let _ = writeln!(out, "{ret} {}({})", name(&p.name), names(&p.formals));
    out.push_str("begin\n");
    if !p.locals.is_empty() {
        let _ = writeln!(out, "  decl {};", names(&p.locals));
    }
    if let Some(e) = &p.enforce {
        let _ = writeln!(out, "  enforce {};", expr(e));
    }
    stmts(out, &p.body, 1);
    out.push_str("end\n");
}

fn stmts(out: &mut String, ss: &[Stmt], depth: usize) {
    for s in ss {
        stmt(out, s, depth);
    }
}

fn exprs(es: &[Expr]) -> String {
    es.iter().map(expr).collect::<Vec<_>>().join(", ")
}

fn stmt(out: &mut String, s: &Stmt, depth: usize) {
    let ind = "  ".repeat(depth);
    out.push_str(&ind);
    if let Some(id) = s.origin {
        let _ = write!(out, "[{id}] ");
    }
    for l in &s.labels {
        let _ = write!(out, "{}: ", name(l));
    }
    match &s.kind {
        StmtKind::Skip => out.push_str("skip;\n"),
        StmtKind::Print(es) => {
            let _ = writeln!(out, "print({});", exprs(es));
        }
        StmtKind::Goto(ls) => {
            let _ = writeln!(out, "goto {};", names(ls));
        }
        StmtKind::Return(es) if es.is_empty() => out.push_str("return;\n"),
        StmtKind::Return(es) => {
            let _ = writeln!(out, "return {};", exprs(es));
        }
        StmtKind::Assign { lhs, rhs, constrain } => {
            let _ = write!(out, "{} := {}", names(lhs), exprs(rhs));
            if let Some(c) = constrain {
                let _ = write!(out, " constrain {}", expr(c));
            }
            out.push_str(";\n");
        }
        StmtKind::If { arms, els } => {
            for (i, (c, body)) in arms.iter().enumerate() {
                if i > 0 {
                    out.push_str(&ind);
                }
                let kw = if i == 0 { "if" } else { "elsif" };
                let _ = writeln!(out, "{kw} ({}) then", expr(c));
                stmts(out, body, depth + 1);
            }
            if let Some(e) = els {
                let _ = writeln!(out, "{ind}else");
                stmts(out, e, depth + 1);
            }
            let _ = writeln!(out, "{ind}fi");
        }
        StmtKind::While { cond, body } => {
            let _ = writeln!(out, "while ({}) do", expr(cond));
            stmts(out, body, depth + 1);
            let _ = writeln!(out, "{ind}od");
        }
        StmtKind::Assert(e) => {
            let _ = writeln!(out, "assert({});", expr(e));
        }
        StmtKind::Assume(e) => {
            let _ = writeln!(out, "assume({});", expr(e));
        }
        StmtKind::Call { lhs, proc, args } => {
            if !lhs.is_empty() {
                let _ = write!(out, "{} := ", names(lhs));
            }
            let _ = writeln!(out, "{}({});", name(proc), exprs(args));
        }
        StmtKind::Dead(vs) => {
            let _ = writeln!(out, "dead {};", names(vs));
        }
    }
}
