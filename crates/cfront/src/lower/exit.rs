//! How a run ends: the error functions (`reach_error`), the choice of property, and `atexit`
//! handlers, which run in reverse order of registration at `exit()` and when the entry returns.
//!
//! The handlers are kept in a ghost stack written in C (`ATEXIT_C`), lowered like the user's
//! code: `atexit(f)` calls `__slam_atexit(f)`, and `exit()` and every return of the entry call
//! `__slam_atexit_run()`, which pops and calls each handler through its pointer (so the
//! ordinary indirect-call lowering resolves the targets).

use super::Lowerer;
use crate::{LineMap, Unit};
use cminus::*;
use lang_c::ast::{CallExpression, Expression, Identifier};
use lang_c::span::Span;
use lang_c::visit::Visit;

/// The functions whose call is the error, whatever their body.
pub(super) fn is_error_fn(name: &str) -> bool {
    matches!(name, "reach_error" | "__VERIFIER_error")
}

/// What the whole program mentions, before lowering.
pub(super) struct Uses {
    /// `reach_error`/`__VERIFIER_error` is declared, defined or called: an SV-COMP task.
    pub error_fn: bool,
    /// `atexit` is called (its declaration in `<stdlib.h>` alone does not count).
    pub atexit: bool,
    /// `setlocale` or `uselocale` is called: the `<ctype.h>` tables may leave the "C" locale
    /// (`lower/ctype.rs` then models nothing).
    pub locale: bool,
}

struct Scan(Uses);

impl<'ast> Visit<'ast> for Scan {
    fn visit_identifier(&mut self, id: &'ast Identifier, _span: &'ast Span) {
        if is_error_fn(&id.name) {
            self.0.error_fn = true;
        }
    }

    fn visit_call_expression(&mut self, call: &'ast CallExpression, span: &'ast Span) {
        if let Expression::Identifier(id) = &call.callee.node {
            match id.node.name.as_str() {
                "atexit" => self.0.atexit = true,
                "setlocale" | "uselocale" => self.0.locale = true,
                _ => {}
            }
        }
        lang_c::visit::visit_call_expression(self, call, span);
    }
}

pub(super) fn scan(units: &[Unit]) -> Uses {
    let mut s = Scan(Uses { error_fn: false, atexit: false, locale: false });
    for u in units {
        s.visit_translation_unit(&u.ast);
    }
    s.0
}

/// The registration procedure and the runner. glibc registers any number of handlers (it
/// fails only when out of memory); the model keeps 1024: a further registration returns a
/// value slam does not compute (`cminus::names::clobbered`), so such a run is unmodelled
/// (UNKNOWN) rather than dropping the handler.
const ATEXIT_C: &str = r#"# 1 "<slam: atexit>"
void (*__slam_atexit_fns[1024])(void);
int __slam_atexit_n;
int __slam_clobbered_i32(int);
int __slam_atexit(void (*f)(void)) {
    if (__slam_atexit_n == 1024) return __slam_clobbered_i32(1);
    __slam_atexit_fns[__slam_atexit_n] = f;
    __slam_atexit_n++;
    return 0;
}
void __slam_atexit_run(void) {
    while (__slam_atexit_n > 0) {
        __slam_atexit_n--;
        __slam_atexit_fns[__slam_atexit_n]();
    }
}
"#;

pub(super) const ATEXIT_REGISTER: &str = "__slam_atexit";
const ATEXIT_RUN: &str = "__slam_atexit_run";

pub(super) fn atexit_unit() -> Unit {
    let config = lang_c::driver::Config::with_gcc();
    let parse = lang_c::driver::parse_preprocessed(&config, ATEXIT_C.to_string()).expect("the atexit model parses");
    Unit { name: "<slam: atexit>".into(), map: LineMap::new(ATEXIT_C), attrs: vec![], ast: parse.unit }
}

impl Lowerer<'_> {
    /// At `exit()`: run the registered handlers (if the program registers any).
    pub(super) fn run_atexit_handlers(&mut self) -> super::Res<()> {
        if self.atexit {
            self.emit(StmtKind::Call { ret: None, callee: ATEXIT_RUN.into(), args: vec![] })?;
        }
        Ok(())
    }

    /// Every return of the entry runs the handlers, after the returned value is computed.
    pub(super) fn entry_runs_atexit_handlers(&mut self) {
        if !self.atexit {
            return;
        }
        let entry = self.prog.entry.clone();
        let Some(p) = self.prog.procs.iter_mut().find(|p| p.name == entry) else { return };
        let status = {
            let mut n = "__atexit_status".to_string();
            while p.var(&n).is_some() {
                n.push('_');
            }
            n
        };
        let mut used_status = false;
        let mut out = vec![];
        for s in std::mem::take(&mut p.body) {
            let StmtKind::Return(r) = &s.kind else {
                out.push(s);
                continue;
            };
            let mk = |kind, labels| Stmt { id: StmtId(0), loc: s.loc, labels, kind };
            let mut labels = s.labels.clone();
            let r = match r {
                Some(e) if super::fold(e).is_none() => {
                    used_status = true;
                    out.push(mk(StmtKind::Assign(Lval::var(&status), e.clone()), std::mem::take(&mut labels)));
                    Some(Expr::var(&status))
                }
                r => r.clone(),
            };
            out.push(mk(StmtKind::Call { ret: None, callee: ATEXIT_RUN.into(), args: vec![] }, labels));
            out.push(mk(StmtKind::Return(r), vec![]));
        }
        p.body = out;
        if used_status {
            p.locals.push(Var {
                name: status.clone(),
                c_name: status,
                ty: p.ret.clone(),
                loc: p.loc,
                init: Init::Zero,
            });
        }
    }

    /// A call of an error function that the lowering did not see as one (through a
    /// function pointer) is the error too.
    pub(super) fn calls_to_error_fns(&mut self) {
        let property = self.property;
        for p in &mut self.prog.procs {
            for s in &mut p.body {
                if let StmtKind::Call { callee, .. } = &s.kind {
                    if is_error_fn(callee) {
                        s.kind = if property.reach_error_is_error() {
                            StmtKind::Error(callee.clone())
                        } else {
                            StmtKind::Halt
                        };
                    }
                }
            }
        }
    }
}
