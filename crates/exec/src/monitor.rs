//! A SLIC rule as C: the monitor the executable runs beside the program.
//!
//! Per-object state (`watch`) is a table of monitors keyed by the guarded value: an object's
//! monitor is made, at its first guarded event, from the *template* — the monitor of an
//! object not seen yet, which has taken every unguarded event so far. That is the product's
//! prophecy run for every object at once: a monitor that aborts with another message (or
//! halts) is dead, as that object's product run ends there, and the others go on; the run
//! reaches the rule's error when a monitor aborts with the counterexample's message.
//!
//! Events of a function without a body (the rule's API: stubbed by the harness, or the C
//! library's, wrapped with `ld --wrap`) run around its calls in the order of the product:
//! `.call`, `.entry`, the call, `.exit`, `.return`. A function the program defines (with
//! external linkage) is interposed the same way: its definition is made weak and renamed
//! `__slam_real_F` in the program's object (`objcopy`), and the harness's `F` wraps it — the
//! program's own calls of `F` go through relocations, so they reach the wrapper. A `static`
//! function's events run from gcc's `-finstrument-functions` hooks at its entry and exit, so
//! they may not read `$n` or `$return` (the check is then confirmed by the interpreter only).

use cminus::{Program, Type, UnOp};
use slic::{Event, Handler, RExpr, RExprKind, RStmt, Rule, Slot};
use std::collections::HashSet;
use std::fmt::Write as _;

/// The C of a monitor.
pub(crate) struct Monitor {
    pub code: String,
    /// Library functions to link with `-Wl,--wrap=F`.
    pub wraps: Vec<String>,
    /// Functions without a definition the monitor defines (they return the trace's values).
    pub stubs: Vec<String>,
    /// Functions of the program the monitor wraps: their definitions must become weak, with
    /// the alias `__slam_real_F`.
    pub interpose: Vec<String>,
}

/// Where a function's events are observed.
enum Site<'a> {
    /// Defined by the program with internal linkage: the instrumentation hooks.
    Hook,
    /// Defined by the program with external linkage: interposed.
    Defined(cminus::FuncType),
    /// No definition anywhere: a stub that returns the next input.
    Stub(&'a cminus::FuncType),
    /// The C library's: a `--wrap` wrapper around `__real_F`.
    Wrap(&'a cminus::FuncType),
}

/// The C type a value of `t` is passed as; `None` for aggregates.
pub(crate) fn c_type(t: &Type) -> Option<String> {
    Some(
        match t {
            Type::Void => "void",
            Type::Bool => "_Bool",
            Type::Int { bits: 8, signed: true } => "signed char",
            Type::Int { bits: 8, signed: false } => "unsigned char",
            Type::Int { bits: 16, signed: true } => "short",
            Type::Int { bits: 16, signed: false } => "unsigned short",
            Type::Int { bits: 32, signed: true } => "int",
            Type::Int { bits: 32, signed: false } => "unsigned int",
            Type::Int { bits: 64, signed: true } => "long long",
            Type::Int { bits: 64, signed: false } => "unsigned long long",
            Type::Float { bits: 32 } => "float",
            Type::Float { bits: 64 } => "double",
            Type::Float { bits: 128 } => "long double",
            Type::Ptr(_) => "void *",
            _ => return None,
        }
        .to_string(),
    )
}

/// The variadic C library functions a wrapper can forward (through their `v` forms).
fn va_form(f: &str) -> Option<&'static str> {
    Some(match f {
        "printf" => "vprintf",
        "fprintf" => "vfprintf",
        "sprintf" => "vsprintf",
        "snprintf" => "vsnprintf",
        "scanf" => "vscanf",
        "fscanf" => "vfscanf",
        "sscanf" => "vsscanf",
        _ => return None,
    })
}

/// The monitor of `rule` (its `$entry` already replaced) for `prog`; `undefined` are the
/// functions nothing defines (the link said so). `Err` says why the rule cannot be run as C.
/// `interposable`: the functions the program's objects define with external linkage.
pub(crate) fn emit(
    rule: &Rule,
    prog: &Program,
    undefined: &HashSet<String>,
    interposable: &HashSet<String>,
) -> Result<Monitor, String> {
    let mut m = Monitor { code: String::new(), wraps: vec![], stubs: vec![], interpose: vec![] };
    let c = &mut m.code;
    let _ = writeln!(c, "/* --- the rule {} as a monitor --- */", rule.name);
    let _ = writeln!(c, "struct slam_mon {{ unsigned long long key; int dead;");
    for v in &rule.state {
        let _ = writeln!(c, "  long long v_{};", v.name);
    }
    let _ = writeln!(c, "}};");
    let mut init = String::from("{ 0, 0");
    for v in &rule.state {
        let e = expr(rule, &v.init, None)?;
        let _ = write!(init, ", {e}");
    }
    init.push_str(" }");
    let _ = writeln!(
        c,
        "static struct slam_mon slam_template = {init};\n\
         static struct slam_mon slam_mons[4096];\n\
         static int slam_nmons;\n\
         SLAM_NI static struct slam_mon *slam_find(unsigned long long key) {{\n\
         \x20 for (int i = 0; i < slam_nmons; i++) if (slam_mons[i].key == key) return &slam_mons[i];\n\
         \x20 if (slam_nmons == 4096) return 0;\n\
         \x20 slam_mons[slam_nmons] = slam_template;\n\
         \x20 slam_mons[slam_nmons].key = key;\n\
         \x20 return &slam_mons[slam_nmons++];\n\
         }}\n\
         SLAM_NI static void slam_abort(struct slam_mon *m, const char *msg) {{\n\
         \x20 if (slam_streq(msg, slam_expected)) {{ slam_mark(\"rule\", msg); _exit(99); }}\n\
         \x20 slam_mark(\"rule-other\", msg);\n\
         \x20 m->dead = 1;\n\
         }}"
    );
    let mut hook_enter = String::new();
    let mut hook_exit = String::new();
    let mut k = 0usize;
    for (f, _) in rule.functions() {
        let handlers: Vec<&Handler> = rule.handlers.iter().filter(|h| h.funcs.iter().any(|(g, _)| *g == f)).collect();
        if handlers.is_empty() {
            continue;
        }
        let site = if let Some(p) = prog.proc(&f).filter(|_| interposable.contains(&f)) {
            let ft = cminus::FuncType {
                ret: p.ret.clone(),
                params: p.formals.iter().map(|v| v.ty.clone()).collect(),
                variadic: p.variadic,
            };
            if ft.variadic {
                return Err(format!("the rule watches `{f}`, a variadic function of the program"));
            }
            Site::Defined(ft)
        } else if prog.proc(&f).is_some() {
            for h in &handlers {
                if h.guard.is_some() || h.body.iter().any(stmt_reads_slot) {
                    return Err(format!(
                        "the rule's event `{f}.{}` reads `$n`/`$return` of `{f}`, a `static` function of the \
                         program (the C monitor observes those only at their entry and exit)",
                        h.event.name()
                    ));
                }
            }
            Site::Hook
        } else if let Some(e) = prog.externs.iter().find(|e| e.name == f) {
            if undefined.contains(&f) {
                Site::Stub(&e.ty)
            } else {
                Site::Wrap(&e.ty)
            }
        } else {
            continue; // the program neither defines nor calls it
        };
        let ft = match &site {
            Site::Stub(t) | Site::Wrap(t) => Some(*t),
            Site::Defined(t) => Some(t),
            Site::Hook => None,
        };
        let params: Vec<String> = match ft {
            Some(t) => t
                .params
                .iter()
                .map(|p| c_type(p).ok_or_else(|| format!("`{f}` takes a struct or array by value")))
                .collect::<Result<_, _>>()?,
            None => vec![],
        };
        let ret = match ft {
            Some(t) => c_type(&t.ret).ok_or_else(|| format!("`{f}` returns a struct by value"))?,
            None => "void".into(),
        };
        // One event function per (handler, event) of f: slam_ev<k>(args, r).
        let mut calls: [Vec<usize>; 4] = Default::default();
        for h in &handlers {
            let ev_params = params_decl(&params, &ret, h.event.has_return());
            let mons = format!("slam_h{k}");
            let _ = writeln!(
                c,
                "SLAM_NI static void {mons}(struct slam_mon *m{}{ev_params}) {{",
                if ev_params.is_empty() { "" } else { ", " }
            );
            let _ = writeln!(c, "  if (m->dead) return;");
            let env = Env { rule, func: &f, nparams: params.len() };
            stmts(&env, &h.body, 1, c)?;
            let _ = writeln!(c, "}}");
            let args = ev_args(params.len(), &ret, h.event.has_return());
            let _ = writeln!(
                c,
                "SLAM_NI static void slam_ev{k}({}) {{",
                if ev_params.is_empty() { "void".to_string() } else { ev_params.clone() }
            );
            match h.guard {
                Some((slot, _)) => {
                    let key = slot_key(&env, slot, &params, &ret)?;
                    let _ = writeln!(c, "  struct slam_mon *m = slam_find({key});\n  if (m) {mons}(m{});", sep(&args));
                }
                None => {
                    let _ = writeln!(
                        c,
                        "  {mons}(&slam_template{a});\n  for (int i = 0; i < slam_nmons; i++) {mons}(&slam_mons[i]{a});",
                        a = sep(&args)
                    );
                }
            }
            let _ = writeln!(c, "}}");
            let i = match h.event {
                Event::Call => 0,
                Event::Entry => 1,
                Event::Exit => 2,
                Event::Return => 3,
            };
            calls[i].push(k);
            k += 1;
        }
        let fire =
            |evs: &[usize], args: &str| -> String { evs.iter().map(|k| format!("slam_ev{k}({args}); ")).collect() };
        let before: Vec<usize> = calls[0].iter().chain(&calls[1]).copied().collect();
        let after: Vec<usize> = calls[2].iter().chain(&calls[3]).copied().collect();
        match site {
            Site::Hook => {
                let decl = if f == "main" { format!("extern int {f}();") } else { format!("extern void {f}(void);") };
                let _ = writeln!(c, "{decl}");
                if !before.is_empty() {
                    let _ = writeln!(
                        hook_enter,
                        "  if (fn == (void *){f}) {{ slam_quiet++; {}slam_quiet--; }}",
                        fire(&before, "")
                    );
                }
                if !after.is_empty() {
                    let _ = writeln!(
                        hook_exit,
                        "  if (fn == (void *){f}) {{ slam_quiet++; {}slam_quiet--; }}",
                        fire(&after, "")
                    );
                }
            }
            Site::Stub(_) | Site::Wrap(_) | Site::Defined(_) => {
                let t = ft.expect("a prototype");
                let stub = matches!(site, Site::Stub(_));
                let defined = matches!(site, Site::Defined(_));
                let real = if defined { format!("__slam_real_{f}") } else { format!("__real_{f}") };
                let name = if stub || defined { f.clone() } else { format!("__wrap_{f}") };
                let formals: Vec<String> = params.iter().enumerate().map(|(i, p)| format!("{p} a{}", i + 1)).collect();
                let mut formal_list = formals.join(", ");
                if t.variadic {
                    if !stub && va_form(&f).is_none() {
                        return Err(format!(
                            "the rule watches `{f}`, a variadic library function the C monitor cannot forward"
                        ));
                    }
                    if formals.is_empty() {
                        return Err(format!("`{f}` is variadic without named parameters"));
                    }
                    formal_list.push_str(", ...");
                }
                if formal_list.is_empty() {
                    formal_list = "void".into();
                }
                let actuals: Vec<String> = (1..=params.len()).map(|i| format!("a{i}")).collect();
                let call = if stub {
                    match &t.ret {
                        Type::Void => String::new(),
                        Type::Int { .. } | Type::Bool => format!("r = ({ret})slam_next();"),
                        _ => "r = 0;".to_string(),
                    }
                } else if t.variadic {
                    let v = va_form(&f).unwrap_or_default();
                    let _ = writeln!(c, "extern int {v}();");
                    let last = format!("a{}", params.len());
                    format!(
                        "{{ va_list ap; va_start(ap, {last}); {}{v}({}, ap); va_end(ap); }}",
                        if ret == "void" { "" } else { "r = " },
                        actuals.join(", ")
                    )
                } else {
                    let _ = writeln!(
                        c,
                        "extern {ret} {real}({});",
                        if params.is_empty() { "void".into() } else { params.join(", ") }
                    );
                    format!("{}{real}({});", if ret == "void" { "" } else { "r = " }, actuals.join(", "))
                };
                let mut after_actuals = actuals.clone();
                if ret != "void" {
                    after_actuals.push("r".into());
                }
                let _ = writeln!(c, "SLAM_NI {ret} {name}({formal_list}) {{");
                if ret != "void" {
                    let _ = writeln!(c, "  {ret} r;");
                }
                let _ = writeln!(
                    c,
                    "  if (!slam_quiet) {{ slam_quiet++; {}slam_quiet--; }}",
                    fire(&before, &actuals.join(", "))
                );
                let _ = writeln!(c, "  {call}");
                let after_calls = fire(&after, &after_actuals.join(", "));
                let _ = writeln!(c, "  if (!slam_quiet) {{ slam_quiet++; {after_calls}slam_quiet--; }}");
                if ret != "void" {
                    let _ = writeln!(c, "  return r;");
                }
                let _ = writeln!(c, "}}");
                if stub {
                    m.stubs.push(f.clone());
                } else if defined {
                    m.interpose.push(f.clone());
                } else {
                    m.wraps.push(f.clone());
                }
            }
        }
    }
    let _ = writeln!(
        c,
        "SLAM_NI static void slam_rule_enter(void *fn) {{\n{hook_enter}}}\nSLAM_NI static void slam_rule_exit(void *fn) {{\n{hook_exit}}}"
    );
    Ok(m)
}

/// The declaration of an event function's parameters: the arguments, then `r` when the
/// event has a result and the function returns one.
fn params_decl(params: &[String], ret: &str, has_return: bool) -> String {
    let mut v: Vec<String> = params.iter().enumerate().map(|(i, p)| format!("{p} a{}", i + 1)).collect();
    if has_return && ret != "void" {
        v.push(format!("{ret} r"));
    }
    v.join(", ")
}

fn ev_args(n: usize, ret: &str, has_return: bool) -> Vec<String> {
    let mut v: Vec<String> = (1..=n).map(|i| format!("a{i}")).collect();
    if has_return && ret != "void" {
        v.push("r".into());
    }
    v
}

fn sep(args: &[String]) -> String {
    args.iter().map(|a| format!(", {a}")).collect()
}

/// The value an object is keyed by: the slot as an integer.
fn slot_key(env: &Env, slot: Slot, params: &[String], ret: &str) -> Result<String, String> {
    let (name, ty) = match slot {
        Slot::Arg(n) if (n as usize) >= 1 && (n as usize) <= params.len() => {
            (format!("a{n}"), params[n as usize - 1].clone())
        }
        Slot::Return if ret != "void" => ("r".to_string(), ret.to_string()),
        s => return Err(format!("`{s}` of `{}` does not exist", env.func)),
    };
    Ok(if ty.ends_with('*') {
        format!("(unsigned long long)(unsigned long){name}")
    } else {
        format!("(unsigned long long){name}")
    })
}

struct Env<'a> {
    rule: &'a Rule,
    func: &'a str,
    nparams: usize,
}

fn stmt_reads_slot(s: &RStmt) -> bool {
    match s {
        RStmt::Assign { value, .. } => expr_reads_slot(value),
        RStmt::If { cond, then, els, .. } => {
            expr_reads_slot(cond) || then.iter().any(stmt_reads_slot) || els.iter().any(stmt_reads_slot)
        }
        RStmt::Abort { .. } | RStmt::Halt { .. } => false,
    }
}

fn expr_reads_slot(e: &RExpr) -> bool {
    match &e.kind {
        RExprKind::Slot(_) => true,
        RExprKind::Unary(_, a)
        | RExprKind::Field(a, _, _)
        | RExprKind::Deref(a)
        | RExprKind::AddrOf(a)
        | RExprKind::Cast(_, a) => expr_reads_slot(a),
        RExprKind::Binary(_, a, b) | RExprKind::Index(a, b) => expr_reads_slot(a) || expr_reads_slot(b),
        _ => false,
    }
}

fn stmts(env: &Env, body: &[RStmt], depth: usize, c: &mut String) -> Result<(), String> {
    let ind = "  ".repeat(depth);
    for s in body {
        match s {
            RStmt::Assign { var, value, .. } => {
                let _ = writeln!(c, "{ind}m->v_{var} = {};", expr(env.rule, value, Some(env))?);
            }
            RStmt::If { cond, then, els, .. } => {
                let _ = writeln!(c, "{ind}if ({}) {{", expr(env.rule, cond, Some(env))?);
                stmts(env, then, depth + 1, c)?;
                let _ = writeln!(c, "{ind}}} else {{");
                stmts(env, els, depth + 1, c)?;
                let _ = writeln!(c, "{ind}}}");
            }
            RStmt::Abort { msg, .. } => {
                let msg = msg.replace("$fname", env.func);
                let _ = writeln!(c, "{ind}{{ slam_abort(m, {}); return; }}", c_string(&msg));
            }
            RStmt::Halt { .. } => {
                let _ = writeln!(c, "{ind}{{ m->dead = 1; return; }}");
            }
        }
    }
    Ok(())
}

/// A rule expression as C: state variables are the monitor's (`m->v_s`), enum constants
/// their values, `$n` the argument `an`, `$return` the result `r`. Without `env` (initial
/// values) only constants.
fn expr(rule: &Rule, e: &RExpr, env: Option<&Env>) -> Result<String, String> {
    Ok(match &e.kind {
        RExprKind::Int(i) => format!("({i}LL)"),
        RExprKind::Bool(b) => if *b { "1" } else { "0" }.to_string(),
        RExprKind::Null => "((void *)0)".to_string(),
        RExprKind::Name(n) => {
            if let Some((_, v)) = rule.enum_const(n) {
                format!("({v}LL)")
            } else if rule.state_var(n).is_some() && env.is_some() {
                format!("m->v_{n}")
            } else {
                return Err(format!(
                    "the rule reads `{n}`, a variable of the program (not supported by the C monitor yet)"
                ));
            }
        }
        RExprKind::Slot(s) => match (s, env) {
            (Slot::Arg(n), Some(env)) if (*n as usize) >= 1 && (*n as usize) <= env.nparams => format!("a{n}"),
            (Slot::Return, Some(_)) => "r".to_string(),
            _ => return Err(format!("`{s}` has no value here")),
        },
        RExprKind::Unary(op, a) => {
            let a = expr(rule, a, env)?;
            match op {
                UnOp::Neg => format!("(-{a})"),
                UnOp::BitNot => format!("(~{a})"),
                UnOp::Not => format!("(!{a})"),
            }
        }
        RExprKind::Binary(op, a, b) => {
            let (a, b) = (expr(rule, a, env)?, expr(rule, b, env)?);
            let o = op.symbol();
            format!("({a} {o} {b})")
        }
        RExprKind::Cast(t, a) => {
            let t = c_type(t).ok_or("the rule casts to a struct type")?;
            format!("(({t})({}))", expr(rule, a, env)?)
        }
        RExprKind::AddrOf(_) => {
            return Err(
                "the rule takes the address of a variable of the program (not supported by the C monitor yet)".into()
            )
        }
        RExprKind::Field(..) | RExprKind::Deref(_) | RExprKind::Index(..) => {
            return Err(
                "the rule reads memory through an argument (`->`, `*`, `[]`), which the C monitor does not support yet"
                    .into(),
            )
        }
    })
}

/// A C string literal.
pub(crate) fn c_string(s: &str) -> String {
    let mut out = String::from("\"");
    for ch in s.chars() {
        match ch {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\{:03o}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}
