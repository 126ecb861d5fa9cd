//! Lock wrappers in units mode: effect summaries over a rule's per-object state.
//!
//! An API function such as `item_lock(h)` returns holding a lock that its caller releases
//! with `item_unlock(h)`. Checked on its own as an entry, under a rule that says what must
//! hold when the entry returns (`$entry.exit`), the first is "still held when it returns" and
//! the second "releases a lock it does not hold" — although neither is a bug. The gate
//! answers the question the user means with a second check under the rule's *wrapper
//! reading* ([`derive`]), run only for an entry whose ordinary check found a violation:
//!
//! * each object's state at the entry is what the entry's first operation on it requires —
//!   the rule's initial state, or, when that operation is an error in the initial state and
//!   not in the *held* state (an unlock), the held state: its caller's hold;
//! * every error of the rule's events stays an error (a second lock, an unlock after the
//!   entry released the lock itself, …);
//! * when the entry returns, every object whose state the path changed must be in a
//!   different state than the one it started in: the path took it for its caller (acquire)
//!   or released its caller's hold (release). A path that changes an object and leaves it as
//!   it found it — takes a lock and releases it — is an error of this reading: on such a
//!   path the function behaves as an ordinary function, so another path that returns holding
//!   that lock is the classic missing unlock (the paths disagree), and the function is
//!   checked as before.
//!
//! SAFE under this reading (a proof) is the summary: on every path, every object the entry
//! changes is acquired for its caller or released from its caller's hold, and no other error
//! of the rule happens. The entry is then reported SAFE as a *lock wrapper*, with that
//! reason; its callers in the unit are checked with its effect, because their checks run
//! through its body. Anything else (a violation of the reading, UNKNOWN) leaves the ordinary
//! check's violation as it was, with the reason the entry is no wrapper.
//!
//! The reading is made for rules of one shape: one state variable, an enum, per object
//! (`watch`), and a `$entry.exit` handler that aborts in exactly one state (the *held*
//! state) and not in the initial one (`specs/pthread_mutex.slic`; a rule that names its
//! entries, `main.exit` or `DispatchRead.exit`, has no hold at an API function's return to
//! excuse). Other rules are checked as before.

use slic::ast::{EnumDef, Event, Handler, RExpr, RExprKind, RStmt, Rule, Slot, StateType, ENTRY_FUNC};
use std::fmt::Write;

/// The names of the state the reading adds (prefixed `slic_` in the product).
const TOUCHED: &str = "slam_wrapper_changed";
const PRE_HELD: &str = "slam_wrapper_held_before";
const HELPER: &str = "slam_wrapper_helper";

/// The message of the reading's own error.
pub const DISAGREE: &str = "On this path $fname takes and releases an object of the rule (leaves it as it \
found it), so it is no lock wrapper: what its own check found is its own violation (its paths disagree, or it \
keeps what it should release).";

/// A rule's wrapper reading: the derived rule's text, and the states it is about.
#[derive(Clone, Debug)]
pub struct Reading {
    /// The derived rule (SLIC text).
    pub text: String,
    /// The state variable, its initial and its held constant (for the report).
    pub var: String,
    pub initial: String,
    pub held: String,
}

/// A condition's value under a partial evaluation: known or not.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Val {
    Known(i128),
    Unknown,
}

/// Partial evaluation of a rule expression with the state variable `var` at `value`.
fn eval(rule: &Rule, var: &str, value: i128, e: &RExpr) -> Val {
    use cminus::{BinOp as B, UnOp as U};
    match &e.kind {
        RExprKind::Int(v) => Val::Known(*v),
        RExprKind::Bool(b) => Val::Known(*b as i128),
        RExprKind::Name(n) if n == var => Val::Known(value),
        RExprKind::Name(n) if rule.state_var(n).is_none() => match rule.enum_const(n) {
            Some((_, v)) => Val::Known(v),
            None => Val::Unknown,
        },
        RExprKind::Unary(U::Not, x) => match eval(rule, var, value, x) {
            Val::Known(v) => Val::Known((v == 0) as i128),
            Val::Unknown => Val::Unknown,
        },
        RExprKind::Binary(op, l, r) => {
            let (l, r) = (eval(rule, var, value, l), eval(rule, var, value, r));
            match (op, l, r) {
                (B::And, Val::Known(0), _) | (B::And, _, Val::Known(0)) => Val::Known(0),
                (B::Or, Val::Known(a), _) | (B::Or, _, Val::Known(a)) if a != 0 => Val::Known(1),
                (_, Val::Known(a), Val::Known(b)) => match op {
                    B::Eq => Val::Known((a == b) as i128),
                    B::Ne => Val::Known((a != b) as i128),
                    B::And => Val::Known((a != 0 && b != 0) as i128),
                    B::Or => Val::Known((a != 0 || b != 0) as i128),
                    _ => Val::Unknown,
                },
                _ => Val::Unknown,
            }
        }
        _ => Val::Unknown,
    }
}

/// Whether a handler's body, run with `var` at `value`, aborts on some branch (`.0`) and on
/// every branch (`.1`). Assignments to `var` are followed.
fn aborts(rule: &Rule, var: &str, value: i128, body: &[RStmt]) -> (bool, bool) {
    // each branch of the body: a statement list run from a state; returns (some, all)
    fn run(rule: &Rule, var: &str, value: i128, body: &[RStmt]) -> (bool, bool) {
        let mut value = Val::Known(value);
        for (i, s) in body.iter().enumerate() {
            let Val::Known(v) = value else { return (false, false) };
            match s {
                RStmt::Abort { .. } => return (true, true),
                RStmt::Halt { .. } => return (false, false),
                RStmt::Assign { var: x, value: e, .. } if x == var => value = eval(rule, var, v, e),
                RStmt::Assign { .. } => {}
                RStmt::If { cond, then, els, .. } => {
                    let rest = &body[i + 1..];
                    let branch = |b: &[RStmt]| {
                        let mut all: Vec<RStmt> = b.to_vec();
                        all.extend_from_slice(rest);
                        run(rule, var, v, &all)
                    };
                    return match eval(rule, var, v, cond) {
                        Val::Known(0) => branch(els),
                        Val::Known(_) => branch(then),
                        Val::Unknown => {
                            let (a, b) = (branch(then), branch(els));
                            (a.0 || b.0, a.1 && b.1)
                        }
                    };
                }
            }
        }
        (false, false)
    }
    run(rule, var, value, body)
}

fn mentions(body: &[RStmt], var: &str) -> bool {
    fn expr(e: &RExpr, var: &str) -> bool {
        match &e.kind {
            RExprKind::Name(n) => n == var,
            RExprKind::Unary(_, x)
            | RExprKind::Field(x, _, _)
            | RExprKind::Deref(x)
            | RExprKind::AddrOf(x)
            | RExprKind::Cast(_, x) => expr(x, var),
            RExprKind::Binary(_, l, r) | RExprKind::Index(l, r) => expr(l, var) || expr(r, var),
            _ => false,
        }
    }
    body.iter().any(|s| match s {
        RStmt::Assign { var: x, value, .. } => x == var || expr(value, var),
        RStmt::If { cond, then, els, .. } => expr(cond, var) || mentions(then, var) || mentions(els, var),
        _ => false,
    })
}

fn has_cast(body: &[RStmt]) -> bool {
    fn expr(e: &RExpr) -> bool {
        match &e.kind {
            RExprKind::Cast(..) => true,
            RExprKind::Unary(_, x) | RExprKind::Field(x, _, _) | RExprKind::Deref(x) | RExprKind::AddrOf(x) => expr(x),
            RExprKind::Binary(_, l, r) | RExprKind::Index(l, r) => expr(l) || expr(r),
            _ => false,
        }
    }
    body.iter().any(|s| match s {
        RStmt::Assign { value, .. } => expr(value),
        RStmt::If { cond, then, els, .. } => expr(cond) || has_cast(then) || has_cast(els),
        _ => false,
    })
}

/// Every assignment to `var` followed by `changed = true`.
fn mark_changes(body: &[RStmt], var: &str) -> Vec<RStmt> {
    let mut out = vec![];
    for s in body {
        match s {
            RStmt::Assign { var: x, pos, .. } if x == var => {
                out.push(s.clone());
                out.push(assign(TOUCHED, RExprKind::Bool(true), *pos));
            }
            RStmt::If { cond, then, els, pos } => out.push(RStmt::If {
                cond: cond.clone(),
                then: mark_changes(then, var),
                els: mark_changes(els, var),
                pos: *pos,
            }),
            _ => out.push(s.clone()),
        }
    }
    out
}

fn assign(var: &str, kind: RExprKind, pos: slic::ast::Pos) -> RStmt {
    RStmt::Assign { var: var.into(), value: RExpr { kind, pos }, pos }
}

fn name(n: &str, pos: slic::ast::Pos) -> RExpr {
    RExpr { kind: RExprKind::Name(n.into()), pos }
}

/// The wrapper reading of a rule (see the module's comment), or `None` when the rule is not
/// of the shape the reading is made for.
pub fn derive(rule: &Rule) -> Option<Reading> {
    derive_with_helpers(rule, &[])
}

/// The wrapper reading in which the objects at the addresses of the globals `helpers`
/// (`init_lock`) are *helpers*: they keep the rule's own semantics (start in the initial
/// state, and the rule's exit check) while every other object is read as in [`derive`]. A
/// proof under it says: on every path each helper is left as the rule wants it at a return
/// (released), and each other object the path changes is taken for the caller or released
/// from its hold — per object, every path agrees. With no helpers it is [`derive`]'s reading.
pub fn derive_with_helpers(rule: &Rule, helpers: &[String]) -> Option<Reading> {
    let [var] = rule.state.as_slice() else { return None };
    let StateType::Enum(k) = var.ty else { return None };
    let consts = &rule.enums.get(k)?.constants;
    if !rule.has_watch() || rule.handlers.iter().any(|h| has_cast(&h.body)) {
        return None;
    }
    let RExprKind::Name(init) = &var.init.kind else { return None };
    let u = rule.enum_const(init)?.1;
    let is_exit = |h: &Handler| h.event == Event::Exit && h.funcs.iter().any(|(f, _)| f == ENTRY_FUNC);
    let exits: Vec<&Handler> = rule.handlers.iter().filter(|h| is_exit(h)).collect();
    let [exit] = exits.as_slice() else { return None };
    if exit.funcs.len() != 1 || exit.guard.is_some() {
        return None;
    }
    if aborts(rule, &var.name, u, &exit.body).0 {
        return None;
    }
    let held: Vec<&(String, i128)> =
        consts.iter().filter(|(_, v)| *v != u && aborts(rule, &var.name, *v, &exit.body).0).collect();
    let [(held_name, h)] = held.as_slice() else { return None };
    let pos = exit.pos;
    let m = var.name.as_str();
    let mut derived = rule.clone();
    derived.state.push(slic::ast::StateVar {
        name: TOUCHED.into(),
        ty: StateType::Bool,
        init: RExpr { kind: RExprKind::Bool(false), pos },
        pos,
    });
    derived.state.push(slic::ast::StateVar {
        name: PRE_HELD.into(),
        ty: StateType::Bool,
        init: RExpr { kind: RExprKind::Bool(false), pos },
        pos,
    });
    if !helpers.is_empty() {
        derived.state.push(slic::ast::StateVar {
            name: HELPER.into(),
            ty: StateType::Bool,
            init: RExpr { kind: RExprKind::Bool(false), pos },
            pos,
        });
    }
    let not = |n: &str| RExpr { kind: RExprKind::Unary(cminus::UnOp::Not, Box::new(name(n, pos))), pos };
    let eq = |c: &str| RExpr {
        kind: RExprKind::Binary(cminus::BinOp::Eq, Box::new(name(m, pos)), Box::new(name(c, pos))),
        pos,
    };
    for hd in derived.handlers.iter_mut() {
        if is_exit(hd) || !mentions(&hd.body, m) {
            continue;
        }
        let mut body = mark_changes(&hd.body, m);
        // an operation that is an error in the initial state and not in the held one (an
        // unlock), first on its object: the object was held by the caller
        let (_, all_u) = aborts(rule, m, u, &hd.body);
        let (some_h, _) = aborts(rule, m, *h, &hd.body);
        if hd.guard.is_some() && all_u && !some_h {
            let fresh = if helpers.is_empty() {
                not(TOUCHED)
            } else {
                let both = RExprKind::Binary(cminus::BinOp::And, Box::new(not(TOUCHED)), Box::new(not(HELPER)));
                RExpr { kind: both, pos }
            };
            let first = RStmt::If {
                cond: fresh,
                then: vec![
                    assign(m, RExprKind::Name(held_name.clone()), pos),
                    assign(PRE_HELD, RExprKind::Bool(true), pos),
                    assign(TOUCHED, RExprKind::Bool(true), pos),
                ],
                els: vec![],
                pos,
            };
            body.insert(0, first);
        }
        if let (Some((slot, _)), false) = (hd.guard, helpers.is_empty()) {
            // the tracked object (the guard's slot, here) is a helper when it is one of theirs
            let is = |g: &String| {
                let addr = RExprKind::AddrOf(Box::new(name(g, pos)));
                let eq = RExprKind::Binary(
                    cminus::BinOp::Eq,
                    Box::new(RExpr { kind: RExprKind::Slot(slot), pos }),
                    Box::new(RExpr { kind: addr, pos }),
                );
                RExpr { kind: eq, pos }
            };
            let any = helpers
                .iter()
                .map(is)
                .reduce(|a, b| RExpr { kind: RExprKind::Binary(cminus::BinOp::Or, Box::new(a), Box::new(b)), pos });
            let mark = RStmt::If {
                cond: any.expect("helpers is not empty"),
                then: vec![assign(HELPER, RExprKind::Bool(true), pos)],
                els: vec![],
                pos,
            };
            body.insert(0, mark);
        }
        hd.body = body;
    }
    let abort = RStmt::Abort { msg: DISAGREE.into(), pos };
    let exit_body = vec![RStmt::If {
        cond: name(TOUCHED, pos),
        then: vec![RStmt::If {
            cond: name(PRE_HELD, pos),
            then: vec![RStmt::If { cond: eq(held_name), then: vec![abort.clone()], els: vec![], pos }],
            els: vec![RStmt::If { cond: eq(init), then: vec![abort], els: vec![], pos }],
            pos,
        }],
        els: vec![],
        pos,
    }];
    let exit_body = if helpers.is_empty() {
        exit_body
    } else {
        vec![RStmt::If { cond: name(HELPER, pos), then: exit.body.clone(), els: exit_body, pos }]
    };
    for hd in derived.handlers.iter_mut().filter(|h| is_exit(h)) {
        hd.body = exit_body.clone();
    }
    Some(Reading { text: print(&derived), var: m.to_string(), initial: init.clone(), held: held_name.clone() })
}

/// The helper candidates of a path on which the entry took and released an object (the
/// reading's own error, [`DISAGREE`]): the globals `g` whose address a call of the path's
/// source text hands to two or more of the rule's watched functions (`lock(&g)`, then
/// `unlock(&g)`), given the source lines of the path's steps. Only that form is read (a
/// global named at the call); any other object is no candidate, so the reading stays
/// conservative there.
pub fn helper_candidates<'a>(rule: &Rule, lines: impl IntoIterator<Item = &'a str>) -> Vec<String> {
    let watched: std::collections::BTreeSet<&str> =
        rule.watches.iter().flat_map(|w| w.funcs.iter().map(|(f, _)| f.as_str())).collect();
    let mut seen: std::collections::BTreeMap<String, std::collections::BTreeSet<&str>> = Default::default();
    for line in lines {
        for f in &watched {
            let mut rest = line;
            while let Some(at) = rest.find(f) {
                let before = rest[..at].chars().next_back();
                let after = &rest[at + f.len()..];
                rest = after;
                if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
                    continue;
                }
                let Some(arg) = after.trim_start().strip_prefix('(').and_then(|a| a.trim_start().strip_prefix('&'))
                else {
                    continue;
                };
                let arg = arg.trim_start();
                let end = arg.find(|c: char| !(c.is_alphanumeric() || c == '_')).unwrap_or(arg.len());
                let (id, tail) = arg.split_at(end);
                let closes = tail.trim_start().starts_with(')') || tail.trim_start().starts_with(',');
                if !id.is_empty() && !id.starts_with(|c: char| c.is_ascii_digit()) && closes {
                    seen.entry(id.to_string()).or_default().insert(f);
                }
            }
        }
    }
    seen.into_iter().filter(|(_, fs)| fs.len() >= 2).map(|(g, _)| g).collect()
}

/// The messages of the rule's `$entry.exit` handler (`$fname` not replaced): a violation
/// with one of them is a hold at the entry's return.
pub fn exit_messages(rule: &Rule) -> Vec<String> {
    fn walk(body: &[RStmt], out: &mut Vec<String>) {
        for s in body {
            match s {
                RStmt::Abort { msg, .. } => out.push(msg.clone()),
                RStmt::If { then, els, .. } => {
                    walk(then, out);
                    walk(els, out);
                }
                _ => {}
            }
        }
    }
    let mut out = vec![];
    for h in &rule.handlers {
        if h.event == Event::Exit && h.funcs.iter().any(|(f, _)| f == ENTRY_FUNC) {
            walk(&h.body, &mut out);
        }
    }
    out
}

/// A rule as SLIC text (no casts: [`derive`] takes no rule with one).
pub fn print(rule: &Rule) -> String {
    let mut o = String::new();
    o.push_str("/* the wrapper reading of a rule, made by slam gate (docs/ci.md) */\nstate {\n");
    for v in &rule.state {
        match v.ty {
            StateType::Enum(k) => {
                let EnumDef { constants } = &rule.enums[k];
                let cs: Vec<String> = constants.iter().map(|(c, n)| format!("{c} = {n}")).collect();
                let _ = writeln!(o, "  enum {{ {} }} {} = {};", cs.join(", "), v.name, expr(&v.init));
            }
            StateType::Int => {
                let _ = writeln!(o, "  int {} = {};", v.name, expr(&v.init));
            }
            StateType::Bool => {
                let _ = writeln!(o, "  bool {} = {};", v.name, expr(&v.init));
            }
        }
    }
    o.push_str("}\n\n");
    let funcs = |fs: &[(String, slic::ast::Pos)]| -> String {
        let names: Vec<&str> = fs.iter().map(|(f, _)| f.as_str()).collect();
        if names.len() == 1 {
            names[0].to_string()
        } else {
            format!("[{}]", names.join(", "))
        }
    };
    for w in &rule.watches {
        let _ = writeln!(o, "watch {}.{}.{};", funcs(&w.funcs), w.event.name(), w.slot);
    }
    for h in &rule.handlers {
        let guard = h.guard.map(|(s, _)| format!(" [guard {s}]")).unwrap_or_default();
        let _ = writeln!(o, "\n{}.{}{} {{", funcs(&h.funcs), h.event.name(), guard);
        stmts(&mut o, &h.body, 1);
        o.push_str("}\n");
    }
    o
}

fn stmts(o: &mut String, body: &[RStmt], depth: usize) {
    let ind = "  ".repeat(depth);
    for s in body {
        match s {
            RStmt::Assign { var, value, .. } => {
                let _ = writeln!(o, "{ind}{var} = {};", expr(value));
            }
            RStmt::Abort { msg, .. } => {
                let msg = msg.replace('\\', "\\\\").replace('"', "\\\"");
                let _ = writeln!(o, "{ind}abort \"{msg}\";");
            }
            RStmt::Halt { .. } => {
                let _ = writeln!(o, "{ind}halt;");
            }
            RStmt::If { cond, then, els, .. } => {
                let _ = writeln!(o, "{ind}if ({}) {{", expr(cond));
                stmts(o, then, depth + 1);
                if els.is_empty() {
                    let _ = writeln!(o, "{ind}}}");
                } else {
                    let _ = writeln!(o, "{ind}}} else {{");
                    stmts(o, els, depth + 1);
                    let _ = writeln!(o, "{ind}}}");
                }
            }
        }
    }
}

fn expr(e: &RExpr) -> String {
    match &e.kind {
        RExprKind::Int(v) if *v < 0 => format!("(-{})", v.unsigned_abs()),
        RExprKind::Int(v) => v.to_string(),
        RExprKind::Bool(b) => b.to_string(),
        RExprKind::Null => "NULL".into(),
        RExprKind::Name(n) => n.clone(),
        RExprKind::Slot(Slot::Arg(n)) => format!("${n}"),
        RExprKind::Slot(Slot::Return) => "$return".into(),
        RExprKind::Unary(op, x) => {
            let sym = match op {
                cminus::UnOp::Neg => "-",
                cminus::UnOp::BitNot => "~",
                cminus::UnOp::Not => "!",
            };
            format!("({sym}{})", expr(x))
        }
        RExprKind::Binary(op, l, r) => format!("({} {} {})", expr(l), op.symbol(), expr(r)),
        RExprKind::Field(x, f, true) => format!("({})->{f}", expr(x)),
        RExprKind::Field(x, f, false) => format!("({}).{f}", expr(x)),
        RExprKind::Deref(x) => format!("(*{})", expr(x)),
        RExprKind::AddrOf(x) => format!("(&{})", expr(x)),
        RExprKind::Index(x, i) => format!("({})[{}]", expr(x), expr(i)),
        // not printed: `derive` refuses rules with casts
        RExprKind::Cast(_, x) => expr(x),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MUTEX: &str = include_str!("../../../specs/pthread_mutex.slic");

    fn rule(text: &str) -> Rule {
        slic::preprocess_and_parse_str("r.slic", text, &Default::default()).expect("rule parses")
    }

    #[test]
    fn the_mutex_rule_has_a_reading_that_parses() {
        let r = derive(&rule(MUTEX)).expect("a reading");
        assert_eq!((r.var.as_str(), r.initial.as_str(), r.held.as_str()), ("m", "unlocked", "locked"));
        let again = slic::parse_rule("w.slic", &r.text).unwrap_or_else(|e| panic!("{e:?}\n{}", r.text));
        assert_eq!(again.state.len(), 3);
        // the unlock is the one operation that starts from the caller's hold
        assert_eq!(r.text.matches("slam_wrapper_held_before = true").count(), 1, "{}", r.text);
        assert!(r.text.contains("$entry.exit"), "{}", r.text);
        // printing is stable
        assert_eq!(print(&again).replace("\n", ""), r.text.replace("\n", ""));
    }

    /// `pause_threads`' shape: the pause path takes `hang` for its caller and takes and
    /// releases `init`; only `init` is a helper candidate, and the reading with it keeps the
    /// rule's exit check for it alone.
    #[test]
    fn a_global_locked_and_unlocked_on_the_path_is_a_helper_candidate() {
        let r = rule(MUTEX);
        let lines = [
            "    pthread_mutex_lock(&hang);",
            "    pthread_mutex_lock( & init );  x_pthread_mutex_unlock(&other);",
            "    pthread_mutex_unlock(&init);",
            "    pthread_mutex_lock(&locks[h]); pthread_mutex_unlock(&locks[h]);",
        ];
        assert_eq!(helper_candidates(&r, lines), vec!["init".to_string()]);
        let reading = derive_with_helpers(&r, &["init".into()]).expect("a reading");
        let again = slic::parse_rule("w.slic", &reading.text).unwrap_or_else(|e| panic!("{e:?}\n{}", reading.text));
        assert_eq!(again.state.len(), 4);
        assert!(reading.text.contains("if (($1 == (&init))) {"), "{}", reading.text);
        let exit = &reading.text[reading.text.find("$entry.exit").unwrap()..];
        assert!(exit.contains("if (slam_wrapper_helper)") && exit.contains("still held"), "{exit}");
        assert_eq!(derive_with_helpers(&r, &[]).unwrap().text, derive(&r).unwrap().text);
    }

    #[test]
    fn rules_of_another_shape_have_none() {
        for t in [
            include_str!("../../../specs/memory.slic"),
            include_str!("../../../specs/file.slic"),
            include_str!("../../../specs/mutex.slic"),
        ] {
            assert!(derive(&rule(t)).is_none());
        }
        // an exit check that holds in no state, or in two, is no hold to excuse
        let two = "state { enum { a, b, c } s = a; }\nwatch f.entry.$1;\nf.entry [guard $1] { s = b; }\n\
                   $entry.exit { if (s != a) abort \"x\"; }\n";
        assert!(derive(&rule(two)).is_none());
        let one = two.replace("s != a", "s == b");
        let r = derive(&rule(&one)).expect("one held state");
        assert_eq!(r.held, "b");
        // no operation is an error in the initial state: none starts from the caller's hold
        assert!(!r.text.contains("slam_wrapper_held_before = true"), "{}", r.text);
    }

    #[test]
    fn the_reading_of_an_unlock_starts_from_the_hold_and_its_exit_forbids_no_change() {
        let r = derive(&rule(MUTEX)).unwrap();
        let exit = &r.text[r.text.find("$entry.exit").unwrap()..];
        assert!(exit.contains("if (slam_wrapper_changed)"), "{exit}");
        assert!(exit.contains("(m == locked)") && exit.contains("(m == unlocked)"), "{exit}");
        assert!(!exit.contains("still held"), "{exit}");
        let unlock = &r.text[r.text.find("pthread_mutex_unlock.entry [guard").unwrap()..];
        let first = unlock.find("if ((!slam_wrapper_changed))").expect("the first touch");
        assert!(first < unlock.find("abort").unwrap(), "{unlock}");
    }
}
