//! Parser tests: every construct of the dialect, and every error with its position.

use slic::*;

fn parse(text: &str) -> Rule {
    parse_rule("r.slic", text).unwrap_or_else(|d| panic!("{d:?}"))
}

/// The first diagnostic as `line:col: message`.
fn err(text: &str) -> String {
    let d = parse_rule("r.slic", text).expect_err("an error");
    format!("{}:{}: {}", d[0].line, d[0].col, d[0].message)
}

const SPIN: &str = r#"
state {
  enum { initial, locked } s = initial;
}
watch KeAcquireSpinLock.exit.$1;

KeAcquireSpinLock.exit [guard $1] {
  if (s == locked) abort "The driver is calling $fname after already acquiring the spinlock.";
  else s = locked;
}
KeReleaseSpinLock.entry [guard $1] {
  if (s != locked) abort "The driver is calling $fname without first acquiring the spinlock.";
  else s = initial;
}
[DispatchRead, DispatchWrite].exit {
  if (s == locked) abort "The dispatch routine has returned without releasing a spinlock.";
}
"#;

#[test]
fn design_example() {
    let r = parse(SPIN);
    assert_eq!(r.state.len(), 1);
    assert_eq!(r.enums[0].constants, vec![("initial".to_string(), 0), ("locked".to_string(), 1)]);
    assert_eq!(r.watches.len(), 1);
    assert_eq!(r.watches[0].slot, Slot::Arg(1));
    assert_eq!(r.watches[0].event, Event::Exit);
    assert_eq!(r.handlers.len(), 3);
    assert_eq!(r.handlers[0].guard.map(|g| g.0), Some(Slot::Arg(1)));
    assert_eq!(r.handlers[1].event, Event::Entry);
    let names: Vec<&str> = r.handlers[2].funcs.iter().map(|f| f.0.as_str()).collect();
    assert_eq!(names, ["DispatchRead", "DispatchWrite"]);
    match &r.handlers[0].body[0] {
        RStmt::If { then, els, .. } => {
            assert!(matches!(&then[0], RStmt::Abort { msg, .. } if msg.contains("$fname")));
            assert!(matches!(&els[0], RStmt::Assign { var, .. } if var == "s"));
        }
        s => panic!("{s:?}"),
    }
    let fs: Vec<String> = r.functions().into_iter().map(|f| f.0).collect();
    assert_eq!(fs, ["KeAcquireSpinLock", "KeReleaseSpinLock", "DispatchRead", "DispatchWrite"]);
}

#[test]
fn state_declarations() {
    let r = parse(
        "state { enum { a = 2, b, c = 10 } e = b; int n = -1, m; bool f = true; unsigned long k = 0x10; bool g; }",
    );
    assert_eq!(r.enums[0].constants, vec![("a".into(), 2), ("b".into(), 3), ("c".into(), 10)]);
    let names: Vec<(&str, StateType)> = r.state.iter().map(|v| (v.name.as_str(), v.ty)).collect();
    assert_eq!(
        names,
        [
            ("e", StateType::Enum(0)),
            ("n", StateType::Int),
            ("m", StateType::Int),
            ("f", StateType::Bool),
            ("k", StateType::Int),
            ("g", StateType::Bool)
        ]
    );
    assert_eq!(r.state[1].init.kind, RExprKind::Int(-1));
    assert_eq!(r.state[4].init.kind, RExprKind::Int(16));
    // defaults: 0, false
    assert_eq!(r.state[2].init.kind, RExprKind::Int(0));
    assert_eq!(r.state[5].init.kind, RExprKind::Bool(false));
}

#[test]
fn events_and_slots() {
    let r = parse(
        "state { int n = 0; }
         f.entry { n = $1; }
         f.exit { n = $return; }
         g.call { n = $2 + $1; }
         g.return { if ($return == 0) n++; }
         [f, g].exit { n--; }
         watch [f, g].exit.$return;
         h.exit [guard $return] { n += 2; }",
    );
    let ev: Vec<Event> = r.handlers.iter().map(|h| h.event).collect();
    assert_eq!(ev, [Event::Entry, Event::Exit, Event::Call, Event::Return, Event::Exit, Event::Exit]);
    assert_eq!(r.watches[0].slot, Slot::Return);
    assert_eq!(r.watches[0].funcs.len(), 2);
    assert_eq!(r.handlers[5].guard.map(|g| g.0), Some(Slot::Return));
}

#[test]
fn actions() {
    let r = parse(
        "state { int n = 0; bool b = false; }
         f.entry {
           if (n > 0 && !b || $1 == NULL) { halt; } else if (n == 1) { abort \"one \" \"two\"; } else { n = n * 2 + 1; }
           ;
           { b = n != 3; }
           n -= 1; n <<= 1; ++n; --n;
           if ((int) b) n = $1->count + g_total + $2.len + arr[1];
         }",
    );
    let body = &r.handlers[0].body;
    match &body[0] {
        RStmt::If { then, els, .. } => {
            assert!(matches!(then[0], RStmt::Halt { .. }));
            match &els[0] {
                RStmt::If { then, .. } => {
                    assert!(matches!(&then[0], RStmt::Abort { msg, .. } if msg == "one two"));
                }
                s => panic!("{s:?}"),
            }
        }
        s => panic!("{s:?}"),
    }
    // the empty statement disappears, the block is flattened
    assert!(matches!(&body[1], RStmt::Assign { var, .. } if var == "b"));
    assert_eq!(body.len(), 7);
}

#[test]
fn line_markers_map_positions_back() {
    let text = "# 1 \"rules/x.slic\"\nstate { int n = 0; }\n# 7 \"rules/x.slic\"\nf.entry { m = 1; }\n";
    let d = parse_rule("x.slic", text).unwrap_err();
    assert_eq!(d[0].file, "rules/x.slic");
    assert_eq!((d[0].line, d[0].col), (7, 11));
}

#[test]
fn comments() {
    let r = parse("// a rule\n/* state:\n */ state { int n = 0; } // trailing\nf.entry { n = 1; /* c */ }");
    assert_eq!(r.handlers.len(), 1);
}

#[test]
fn syntax_errors() {
    assert_eq!(err("f.begin { }"), "1:3: unknown event `begin` (expected entry, exit, call or return)");
    assert_eq!(err("f.entry [guard 1] { }"), "1:16: expected `$1`…`$n` or `$return`, found `1`");
    assert_eq!(err("f.entry n = 1;"), "1:9: expected `{` to start the actions of the event, found `n`");
    assert_eq!(err("state { int n = 0; }\nf.entry { n = 1 }"), "2:17: expected `;`, found `}`");
    assert_eq!(
        err("state { float x; }"),
        "1:9: expected a state variable declaration (`enum {…} v = …;`, `int v = …;` or `bool v = …;`), found `float`"
    );
    assert_eq!(err("f.entry { abort; }"), "1:16: expected the message of `abort` (a string), found `;`");
    assert_eq!(err("f.entry { if (1) halt; else else halt; }"), "1:29: `else` without `if`");
    assert_eq!(err("state { int n = 0; }\nf.entry { n = $0; }"), "2:15: invalid argument reference `$0`");
    assert_eq!(
        err("f.entry { abort \"$fname\" ; x = $fname; }"),
        "1:32: `$fname` may only be used inside an abort message"
    );
    assert_eq!(
        err("state { int n = 0; }\nf.entry { n = n > 0 ? 1 : 2; }"),
        "2:21: the conditional operator `?:` is not supported in rules; use `if`"
    );
    assert_eq!(
        err("state { int n = 0; }\nf.entry { n = g(1); }"),
        "2:16: function calls are not allowed in rule expressions"
    );
    assert_eq!(err("f.entry { abort \"x"), "1:17: unterminated string");
    assert_eq!(
        err("#include \"x.h\"\n"),
        "1:1: preprocessor directive in a rule that was not preprocessed (use slic::preprocess_and_parse)"
    );
    assert_eq!(
        err("f.entry { $1 = 2; }"),
        "1:11: arguments and return values cannot be assigned; only state variables can"
    );
    assert_eq!(err("watch f.entry;"), "1:14: expected `.`, found `;`");
    assert_eq!(err("f.entry { @ }"), "1:11: unexpected character `@`");
}

#[test]
fn semantic_errors() {
    assert_eq!(
        err("state { int n = 0; }\nf.entry { count = 1; }"),
        "2:11: unknown state variable `count` (not a state variable); only state variables can be assigned"
    );
    assert_eq!(err("state { int n = 0; int n = 1; }"), "1:24: state variable `n` is declared twice");
    assert_eq!(err("state { enum { a, b } s = a; enum { b } t = b; }"), "1:37: enum constant `b` is declared twice");
    assert_eq!(
        err("state { enum { a, b } s = a; }\nf.entry { s = 1; }"),
        "2:15: type mismatch: state variable `s` has type enum {a, b}, but the value has type int"
    );
    assert_eq!(
        err("state { enum { a, b } s = a; enum { c, d } t = c; }\nf.entry { if (s == c) halt; }"),
        "2:17: type mismatch: `==` between enum {a, b} and enum {c, d}"
    );
    assert_eq!(
        err("state { enum { a, b } s = a; int n = 0; }\nf.entry { n = s; }"),
        "2:15: type mismatch: state variable `n` has type int, but the value has type enum {a, b}"
    );
    assert_eq!(
        err("state { enum { a, b } s = a; }\nf.entry { if (s) halt; }"),
        "2:15: type mismatch: a condition must be a boolean, an integer or a pointer, found enum {a, b}"
    );
    assert_eq!(
        err("state { enum { a, b } s = a; int n = 0; }\nf.entry { n = s + 1; }"),
        "2:15: type mismatch: operator `+` needs an integer, found enum {a, b}"
    );
    assert_eq!(
        err("state { int n = 0; }\nf.entry { n = $return; }"),
        "2:15: `$return` has no value at .entry events (only at .exit and .return)"
    );
    assert_eq!(
        err("state { int n = 0; }\nf.call [guard $return] { n = 1; }\nwatch f.exit.$1;"),
        "2:15: `$return` has no value at .call events (only at .exit and .return)"
    );
    assert_eq!(
        err("state { int n = 0; }\nf.entry [guard $1] { n = 1; }"),
        "2:16: `[guard …]` needs per-object state: add a `watch F.event.$n;` line"
    );
    assert_eq!(
        err("state { int m = 0; int n = m; }"),
        "1:28: the initial value must be a constant, not the state variable `m`"
    );
}

#[test]
fn initial_values_are_constants() {
    assert_eq!(err("state { int n = $1; }"), "1:17: the initial value must be a constant, not `$1`");
    assert_eq!(err("state { int n = X; }"), "1:17: unknown constant `X` in an initial value");
    assert_eq!(
        err("state { bool f = 0; enum { a } s = 3; }"),
        "1:36: type mismatch: state variable `s` has type enum {a}, but the value has type int"
    );
}

#[test]
fn preprocessing() {
    let dir = std::env::temp_dir().join(format!("slic-pp-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("defs.h"), "#define LIMIT 3\n#define MSG \"too many\"\n").unwrap();
    let rule = dir.join("r.slic");
    std::fs::write(
        &rule,
        "#include \"defs.h\"\n/* comment */\nstate { int n = 0; }\nf.entry { if (n >= LIMIT) abort MSG; else n = n + STEP; }\n",
    )
    .unwrap();
    let opts = PpOptions { defines: vec!["STEP=2".into()], ..Default::default() };
    let r = preprocess_and_parse(&rule, &opts).unwrap();
    assert_eq!(r.handlers.len(), 1);
    // an error after the include is reported at its line in the rule file
    std::fs::write(&rule, "#include \"defs.h\"\n\nstate { int n = 0; }\nf.entry { q = LIMIT; }\n").unwrap();
    let d = preprocess_and_parse(&rule, &opts).unwrap_err();
    assert!(d[0].file.ends_with("r.slic"), "{:?}", d[0]);
    assert_eq!((d[0].line, d[0].col), (4, 11));
    // -I for a header elsewhere
    let inc = dir.join("inc");
    std::fs::create_dir_all(&inc).unwrap();
    std::fs::write(inc.join("other.h"), "#define TWO 2\n").unwrap();
    let r = preprocess_and_parse_str(
        "s.slic",
        "#include \"other.h\"\nstate { int n = TWO; }",
        &PpOptions { includes: vec![inc], ..Default::default() },
    )
    .unwrap();
    assert_eq!(r.state[0].init.kind, RExprKind::Int(2));
    // a missing include is a diagnostic, not a panic
    let d = preprocess_and_parse_str("s.slic", "#include \"nope.h\"\n", &PpOptions::default()).unwrap_err();
    assert!(d[0].message.contains("nope.h"), "{:?}", d[0]);
    assert_eq!(d[0].line, 1);
}

#[test]
fn every_spec_parses() {
    let specs = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../specs");
    let mut n = 0;
    for e in std::fs::read_dir(&specs).unwrap() {
        let p = e.unwrap().path();
        if p.extension().map(|x| x == "slic").unwrap_or(false) {
            preprocess_and_parse(&p, &PpOptions::default()).unwrap_or_else(|d| panic!("{}: {d:?}", p.display()));
            n += 1;
        }
    }
    assert!(n >= 8);
}
