//! Instrumentation: printed products (snapshot style), errors and warnings that need the
//! program, initial predicates, and the properties of the product.

use cminus::interp::{run, Outcome};
use cminus::{PrintOptions, Program, StmtKind};
use slic::*;
use std::path::Path;

fn lower(c: &str) -> Program {
    cfront::lower_str("t.c", c, &cfront::Options::default()).unwrap_or_else(|d| panic!("{d:?}"))
}

fn rule(text: &str) -> Rule {
    parse_rule("r.slic", text).unwrap_or_else(|d| panic!("{d:?}"))
}

/// Compare with `tests/snapshots/<name>.txt`; write it when missing or with UPDATE_SNAPSHOTS=1.
fn snapshot(name: &str, text: &str) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/snapshots").join(format!("{name}.txt"));
    if std::env::var_os("UPDATE_SNAPSHOTS").is_some() || !path.exists() {
        std::fs::write(&path, text).unwrap();
        return;
    }
    let want = std::fs::read_to_string(&path).unwrap();
    assert!(want == text, "snapshot {name} differs (UPDATE_SNAPSHOTS=1 to accept):\n{text}");
}

fn print(p: &Program) -> String {
    cminus::print_program(p, &PrintOptions::default())
}

const LOCKS: &str = r#"
typedef unsigned long KSPIN_LOCK;
void KeAcquireSpinLock(KSPIN_LOCK *l, unsigned char *old);
void KeReleaseSpinLock(KSPIN_LOCK *l, unsigned char old);
int nondet_int(void);
KSPIN_LOCK A, B;
int DispatchRead(int x) {
  unsigned char o;
  KeAcquireSpinLock(&A, &o);
  if (x) return 1;
  KeReleaseSpinLock(&A, o);
  return 0;
}
int main(void) { return DispatchRead(nondet_int()); }
"#;

fn spec(name: &str) -> Rule {
    let p = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../specs").join(name);
    preprocess_and_parse(&p, &PpOptions::default()).unwrap()
}

#[test]
fn snapshot_spinlock_prophecy() {
    let p = lower(LOCKS);
    let out = instrument(&p, &spec("spinlock.slic")).unwrap();
    assert!(out.program.validate().is_empty(), "{:?}", out.program.validate());
    snapshot("spinlock_prophecy", &print(&out.program));
    // DispatchWrite and DispatchDeviceControl are not in the program
    assert_eq!(out.warnings.len(), 2, "{:?}", out.warnings);
    assert!(out.warnings[0].message.contains("DispatchWrite"));
}

#[test]
fn snapshot_spinlock_first_sight() {
    let p = lower(LOCKS);
    let opts = Options { object_choice: ObjectChoice::FirstSight };
    let out = instrument_with(&p, &spec("spinlock.slic"), &opts).unwrap();
    assert!(out.program.validate().is_empty());
    snapshot("spinlock_first_sight", &print(&out.program));
}

#[test]
fn snapshot_irql_counter() {
    let c = r#"
typedef unsigned char KIRQL;
void KeRaiseIrql(KIRQL n, KIRQL *old);
void KeLowerIrql(KIRQL n);
int KeWaitForSingleObject(void *o, int r, int m, int a, void *t);
int ev;
int main(void) { KIRQL old; KeRaiseIrql(2, &old); KeLowerIrql(old); KeWaitForSingleObject(&ev, 0, 0, 0, 0); return 0; }
"#;
    let out = instrument(&lower(c), &spec("irql.slic")).unwrap();
    assert!(out.program.validate().is_empty());
    snapshot("irql", &print(&out.program));
}

#[test]
fn snapshot_mutex_trylock_return() {
    let c = r#"
struct mutex { int o; };
int mutex_trylock(struct mutex *m);
void mutex_unlock(struct mutex *m);
struct mutex m;
int main(void) { int r = mutex_trylock(&m); if (r) mutex_unlock(&m); return 0; }
"#;
    let out = instrument(&lower(c), &spec("mutex.slic")).unwrap();
    assert!(out.program.validate().is_empty());
    snapshot("mutex", &print(&out.program));
}

#[test]
fn ids_are_kept_and_new_ones_fresh() {
    let p = lower(LOCKS);
    let out = instrument(&p, &spec("spinlock.slic")).unwrap();
    let q = &out.program;
    // every original statement keeps its id, kind and location
    for op in &p.procs {
        for s in &op.body {
            let t = q.stmt_ref(s.id).expect("kept");
            assert_eq!((&t.kind, t.loc), (&s.kind, s.loc));
        }
    }
    assert!(q.next_id > p.next_id);
    // new statements carry the location of the C statement they are attached to
    for qp in &q.procs {
        for s in &qp.body {
            assert!(s.loc.line > 0, "{} {:?}", qp.name, s);
        }
    }
}

#[test]
fn body_entry_exit_and_saved_formals() {
    let c = r#"
int f(int a, int b) { a = a + 1; if (b) return a; return nondet_int(); }
int nondet_int(void);
int main(void) { return f(1, 2); }
"#;
    let r = rule(
        "state { int last = 0; int in = 0; }
         f.entry { in = $1; }
         f.exit { if ($return == $1 + 1) last = 1; else last = 2; }",
    );
    let out = instrument(&lower(c), &r).unwrap();
    let q = &out.program;
    assert!(q.validate().is_empty(), "{:?}", q.validate());
    let f = q.proc("f").unwrap();
    // $1 is changed by the body: its entry value is kept
    assert!(f.locals.iter().any(|v| v.name == "slic_arg1"));
    // the nondet result is read once
    assert!(f.locals.iter().any(|v| v.name == "slic_ret"));
    let text = print(q);
    assert!(text.contains("slic_arg1 := a;"), "{text}");
    assert!(text.contains("slic_ret := nondet<int>;"), "{text}");
    // concretely: f(1, 2) returns 2 == $1 + 1
    let mut p2 = q.clone();
    let m = p2.proc_mut("main").unwrap();
    m.body.insert(
        m.body.len() - 1,
        cminus::Stmt {
            id: cminus::StmtId(9999),
            loc: Default::default(),
            labels: vec![],
            kind: StmtKind::Assume(cminus::Expr::bin(
                cminus::BinOp::Eq,
                cminus::Expr::var("slic_last"),
                cminus::Expr::Int(1),
            )),
        },
    );
    assert!(matches!(run(&p2, &[], 1000).outcome, Outcome::Returned(_)));
}

#[test]
fn call_and_return_events_at_call_sites() {
    let c = r#"
int g(int x) { return x * 2; }
int h(int *p);
int main(void) { int v = 3; int r = g(v); int s = h(&v); return r + s; }
"#;
    let r = rule(
        "state { int calls = 0; int seen = 0; }
         g.call { calls++; }
         g.return { seen = $return; }
         h.entry { calls++; }
         h.exit { if ($return < 0) abort \"$fname failed\"; }",
    );
    let out = instrument(&lower(c), &r).unwrap();
    let q = &out.program;
    assert!(q.validate().is_empty());
    // g has a body: .call/.return at the call site, nothing in g
    assert_eq!(q.proc("g").unwrap().body.len(), lower(c).proc("g").unwrap().body.len());
    // h is external: .entry/.exit around its call; a negative result is an error
    match run(q, &[-5], 1000).outcome {
        Outcome::Error { msg, .. } => assert_eq!(msg, "h failed"),
        o => panic!("{o:?}"),
    }
    assert!(matches!(run(q, &[5], 1000).outcome, Outcome::Returned(Some(11))));
}

#[test]
fn function_pointer_calls_trigger_events() {
    let c = r#"
void lock(int *l);
int L;
void (*fp)(int *) = lock;
int main(void) { void (*g)(int *) = lock; g(&L); fp(&L); return 0; }
"#;
    let r = rule("state { int n = 0; } lock.entry { if (n == 1) abort \"$fname twice\"; else n = 1; }");
    let out = instrument(&lower(c), &r).unwrap();
    match run(&out.program, &[], 1000).outcome {
        Outcome::Error { msg, .. } => assert_eq!(msg, "lock twice"),
        o => panic!("{o:?}\n{}", print(&out.program)),
    }
}

#[test]
fn program_dependent_errors() {
    let p = lower("void f(int a, int b); int g; int main(void) { f(1, 2); return 0; }");
    let errs = |text: &str| -> Vec<String> {
        let r = rule(text);
        instrument(&p, &r)
            .map(|_| vec![])
            .unwrap_or_else(|d| d.iter().map(|d| format!("{}:{}: {}", d.line, d.col, d.message)).collect())
    };
    assert_eq!(errs("state { int n = 0; }\nf.entry { n = $3; }"), ["2:15: `$3`, but `f` has 2 parameter(s)"]);
    assert_eq!(errs("state { int n = 0; }\nf.exit { n = $return; }"), ["2:14: `$return`, but `f` returns void"]);
    assert_eq!(
        errs("state { int n = 0; }\nf.entry { n = nosuch; }"),
        ["2:15: unknown identifier `nosuch`: not a state variable, an enum constant or a global variable of the program"]
    );
    assert_eq!(
        errs("state { enum { a, b } s = a; }\nf.entry { if ($1 == a) halt; }"),
        ["2:18: type mismatch: `==` between int and enum {a, b}"]
    );
    assert!(errs("state { int n = 0; }\nf.entry { n = g + $2; }").is_empty());
    // `&` of a global of the program, not of a state variable or a slot
    let p2 = lower("void f(int *a); int g; int main(void) { f(&g); return 0; }");
    let r = rule("state { int n = 0; }\nf.entry { if ($1 == &g) n = 1; }");
    assert!(instrument(&p2, &r).is_ok());
    let amp = |text: &str| parse_rule("r.slic", text).err().map(|d| d[0].message.clone());
    let msg = "`&` takes a global variable of the program (or a member or element of one)";
    assert_eq!(amp("state { int n = 0; }\nf.entry { if ($1 == &n) n = 1; }").as_deref(), Some(msg));
    assert_eq!(amp("state { int n = 0; }\nf.entry { if (&$1 == $1) n = 1; }").as_deref(), Some(msg));
    assert_eq!(
        errs("state { int n = 0; }\nwatch f.entry.$5;\nf.entry [guard $1] { n = 1; }"),
        ["2:7: `$5`, but `f` has 2 parameter(s)"]
    );
    // a function the program does not have: a warning, not an error
    let out = instrument(&p, &rule("state { int n = 0; }\nnever.entry { n = 1; }")).unwrap();
    assert_eq!(out.warnings.len(), 1);
    assert_eq!((out.warnings[0].line, out.warnings[0].col), (2, 1));
    assert!(out.warnings[0].message.contains("`never`"));
}

#[test]
fn pointer_and_null_checks() {
    let p = lower("int *get(void); void use(int *p); int main(void) { int *x = get(); use(x); return 0; }");
    let r = rule(
        "state { bool ok = false; }
         get.exit { if ($return != NULL) ok = true; }
         use.entry { if (!ok && $1 == 0) abort \"null\"; }",
    );
    let out = instrument(&p, &r).unwrap();
    assert!(matches!(run(&out.program, &[0], 1000).outcome, Outcome::Error { .. }));
}

#[test]
fn halt_ends_the_path() {
    let p = lower("void f(void); void g(void); int main(void) { f(); g(); return 0; }");
    let r = rule("state { int n = 0; } f.entry { halt; } g.entry { abort \"unreachable\"; }");
    let out = instrument(&p, &r).unwrap();
    assert!(matches!(run(&out.program, &[], 1000).outcome, Outcome::Halt { .. }));
}

#[test]
fn initial_predicates_of_a_rule() {
    let p = lower(LOCKS);
    let r = spec("spinlock.slic");
    let out = instrument(&p, &r).unwrap();
    let preds = initial_predicates(&r, &out.program);
    let shown: Vec<String> = preds
        .iter()
        .map(|p| format!("{}: {}", p.scope.as_deref().unwrap_or("global"), cminus::print_expr(&p.expr)))
        .collect();
    snapshot("spinlock_predicates", &(shown.join("\n") + "\n"));
    assert!(shown.contains(&"global: slic_s == 1".to_string()), "{shown:?}");
    assert!(shown.contains(&"global: &A == slic_obj".to_string()), "{shown:?}");
    assert_eq!(out.state_globals, [("s".to_string(), "slic_s".to_string())]);
    assert_eq!(out.object, Some(("slic_obj".to_string(), None)));
}

#[test]
fn generated_names_avoid_the_programs() {
    let p = lower("int slic_s; int main(void) { int slic_obj = 1; return slic_obj + slic_s; }");
    let r = rule("state { int s = 4; } watch main.entry.$1; main.exit { s = 1; }");
    // main has no parameter: the watch is an error
    assert!(instrument(&p, &r).is_err());
    let r = rule("state { int s = 4; } main.exit { if ($return == 0) s = 1; }");
    let out = instrument(&p, &r).unwrap();
    assert_eq!(out.state_globals[0].1, "slic_s_1");
    assert!(out.program.validate().is_empty());
}

/// `$entry.exit` is the exit of whatever function the check starts from: one rule says
/// "nothing held when the entry returns" for every entry.
#[test]
fn entry_exit_event_follows_the_checks_entry() {
    let r = rule(
        "state { int held = 0; }\nlock.entry { held = held + 1; }\nunlock.entry { held = held - 1; }\n\
         $entry.exit { if (held != 0) abort \"held at return\"; }\n",
    );
    let src = "void lock(void);\nvoid unlock(void);\n\
               int api_ok(int x) { lock(); if (x) { unlock(); return 1; } unlock(); return 0; }\n\
               int api_bad(int x) { lock(); if (x) return 1; unlock(); return 0; }\n";
    for (entry, errs) in [("api_ok", false), ("api_bad", true)] {
        let opts = cfront::Options { entry: entry.to_string(), ..Default::default() };
        let p = cfront::lower_str("t.c", src, &opts).unwrap_or_else(|d| panic!("{d:?}"));
        let ins = instrument(&p, &r).unwrap_or_else(|d| panic!("{d:?}"));
        // the abort sits in the entry's own body (its exit code), not in the other function
        let has_error = |name: &str| {
            ins.program
                .proc(name)
                .unwrap()
                .body
                .iter()
                .any(|s| matches!(&s.kind, StmtKind::Error(m) if m.contains("held")))
        };
        assert!(has_error(entry), "{entry}: {}", print(&ins.program));
        let other = if entry == "api_ok" { "api_bad" } else { "api_ok" };
        assert!(!has_error(other), "{other}: {}", print(&ins.program));
        // runs of the product: the error is reachable exactly from the buggy entry
        let hit = (0..2).any(|x| matches!(run(&ins.program, &[x], 10_000).outcome, Outcome::Error { .. }));
        assert_eq!(hit, errs, "{entry}");
    }
    // `$entry` is the only `$` name allowed there
    assert!(parse_rule("r.slic", "$foo.exit { abort \"x\"; }\n").is_err());
}
