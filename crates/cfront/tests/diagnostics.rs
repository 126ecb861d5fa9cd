//! Malformed or unsupported input: one test per diagnostic, checking message and location.

use cfront::{lower_str, lower_strs, Diagnostic, Options};

fn diag(src: &str) -> Diagnostic {
    match lower_str("bad.c", src, &Options::default()) {
        Ok(p) => panic!("expected a diagnostic, got\n{p}"),
        Err(d) => {
            assert!(!d.is_empty());
            d[0].clone()
        }
    }
}

#[track_caller]
fn check(src: &str, line: u32, col: u32, msg: &str) {
    let d = diag(src);
    assert_eq!(d.file, "bad.c", "{d}");
    assert_eq!((d.line, d.col), (line, col), "{d}");
    assert!(d.message.contains(msg), "message {:?} lacks {:?}", d.message, msg);
}

#[test]
fn syntax_error() {
    check("int main(void) {\n  int x = 1\n  return x;\n}\n", 3, 3, "syntax error");
}

#[test]
fn undeclared_identifier() {
    check("int main(void) {\n  return y + 1;\n}\n", 2, 10, "use of undeclared identifier 'y'");
}

#[test]
fn floating_point() {
    // floats are lowered (computed by the interpreter, unknown in logic), not rejected
    let src = "int main(void) {\n  double d = 1.5;\n  float f = d;\n  return (int)(f * 2) + (d > 1.0) + (int)2.5;\n}\n";
    lower_str("f.c", src, &Options::default()).unwrap();
    // a hexadecimal constant that would need rounding is not modelled
    check("int main(void) {\n  float f = 0x1.0000001p0f;\n  return f > 0;\n}\n", 2, 13, "not supported");
}

#[test]
fn variable_length_array() {
    // supported: `int a[n]` and `int a[n][4]` (automatic), `int a[n]` as a parameter
    let vla =
        |decl: &str| format!("int n;\nint f(void) {{\n  {decl}\n  return 0;\n}}\nint main(void) {{ return f(); }}\n");
    let here = "variable-length arrays are not supported here";
    check(&vla("int m[n][n];"), 3, 12, here);
    check(&vla("int (*p)[n];"), 3, 12, here);
    check(&vla("static int a[n];"), 3, 16, "a static or extern variable-length array is not supported");
    check(&vla("typedef int row[n];"), 3, 19, "a typedef of a variable-length array is not supported");
    check(&vla("int a[n] = {0};"), 3, 12, "an initialiser of a variable-length array is not supported");
    check(&vla("int a[n];\n  int *p = (int *)&a;"), 4, 19, "the address of a variable-length array is not supported");
    check(&vla("int a[n];\n  typeof(a) b;"), 4, 10, "typeof of a variable-length array is not supported");
    check(&vla("int x = sizeof(int[n]);"), 3, 22, here);
    check("int n;\nint a[n];\nint main(void) { return a[0]; }\n", 2, 7, here);
    check("int n;\nstruct s { int a[n]; };\nint main(void) { struct s x; return 0; }\n", 2, 18, here);
    check(
        "int g(int n, int a[n++]) { return a[0]; }\nint main(void) { int b[1]; return g(1, b); }\n",
        1,
        20,
        "a variable-length array parameter whose size has side effects is not supported",
    );
}

#[test]
fn kr_parameter_declaration_of_a_non_parameter() {
    check("int f(a) int a; int b; { return a; }\nint main(void) { return f(1); }\n", 1, 21, "not a parameter");
}

#[test]
fn undeclared_label() {
    check("int main(void) {\n  goto nowhere;\n}\n", 2, 3, "use of undeclared label 'nowhere'");
}

#[test]
fn break_outside_loop() {
    check("int main(void) {\n  break;\n}\n", 2, 3, "'break' outside a loop or switch");
    check("int main(void) {\n  continue;\n}\n", 2, 3, "'continue' outside a loop");
}

#[test]
fn no_such_member() {
    check(
        "struct s { int a; };\nint main(void) {\n  struct s v;\n  return v.b;\n}\n",
        4,
        12,
        "no member named 'b' in 'struct s'",
    );
}

#[test]
fn incomplete_struct() {
    check(
        "struct s;\nint f(struct s *p) {\n  return p->a;\n}\nint main(void) { return f(0); }\n",
        3,
        10,
        "incomplete type",
    );
}

#[test]
fn missing_entry() {
    let d = diag("int f(void) { return 0; }\n");
    assert!(d.message.contains("entry function 'main' is not defined"), "{d}");
}

#[test]
fn preprocessor_error() {
    check("#include \"does_not_exist.h\"\nint main(void) { return 0; }\n", 1, 10, "preprocessor");
}

#[test]
fn unsupported_va_arg_and_generic() {
    // va_arg in a variadic function is modelled; in a function handed a va_list it is not
    lower_str(
        "v.c",
        "#include <stdarg.h>\nint f(int n, ...) {\n  va_list ap;\n  va_start(ap, n);\n  int x = va_arg(ap, int);\n  return x;\n}\nint main(void) { return f(1, 2); }\n",
        &Options::default(),
    )
    .unwrap();
    check(
        "#include <stdarg.h>\nint g(va_list ap) {\n  return va_arg(ap, int);\n}\nint f(int n, ...) {\n  va_list ap;\n  va_start(ap, n);\n  return g(ap);\n}\nint main(void) { return f(1, 2); }\n",
        3,
        9, // after macro expansion (va_arg is a macro), columns are those of the expansion
        "va_arg outside the variadic function is not supported",
    );
    check(
        "#include <stdarg.h>\nint f(int n, ...) {\n  va_list ap, aq;\n  va_start(ap, n);\n  va_copy(aq, ap);\n  return va_arg(aq, int);\n}\nint main(void) { return f(1, 2); }\n",
        5,
        2, // the expansion of the va_copy macro
        "va_copy in a variadic function is not supported",
    );
    check("int main(void) {\n  int x = _Generic(1, int: 2);\n  return x;\n}\n", 2, 11, "_Generic is not supported");
}

#[test]
fn non_constant_global_initialiser() {
    check("int f(void);\nint g = f();\nint main(void) { return g; }\n", 2, 9, "not a compile-time constant");
}

#[test]
fn redefinition_across_files() {
    let d = lower_strs(
        &[
            ("a.c", "int f(void) { return 1; }\nint main(void) { return f(); }\n"),
            ("b.c", "\nint f(void) { return 2; }\n"),
        ],
        &Options::default(),
    )
    .unwrap_err();
    assert_eq!((d[0].file.as_str(), d[0].line, d[0].col), ("b.c", 2, 5), "{}", d[0]);
    assert!(d[0].message.contains("redefinition of function 'f'"));
}

#[test]
fn errors_in_headers_point_into_the_header() {
    let dir = std::env::temp_dir().join(format!("slam-diag-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("defs.h"), "/* header */\nstatic int helper(void) {\n  return missing;\n}\n").unwrap();
    let main = dir.join("main.c");
    std::fs::write(&main, "#include \"defs.h\"\nint main(void) { return helper(); }\n").unwrap();
    let d = cfront::lower_files(&[main], &Options::default()).unwrap_err();
    assert!(d[0].file.ends_with("defs.h"), "{}", d[0]);
    assert_eq!((d[0].line, d[0].col), (3, 10));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn defines_and_includes_are_passed_to_the_preprocessor() {
    let dir = std::env::temp_dir().join(format!("slam-inc-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("inc")).unwrap();
    std::fs::write(dir.join("inc/cfg.h"), "#define LIMIT 4\n").unwrap();
    let main = dir.join("m.c");
    std::fs::write(&main, "#include <cfg.h>\nint main(void) { return LIMIT + EXTRA; }\n").unwrap();
    let opts = Options { includes: vec![dir.join("inc")], defines: vec!["EXTRA=3".into()], ..Default::default() };
    let p = cfront::lower_files(&[main], &opts).unwrap();
    assert_eq!(cminus::interp::run(&p, &[], 100).outcome, cminus::interp::Outcome::Returned(Some(7)));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn several_diagnostics_are_all_reported() {
    let d = lower_str(
        "m.c",
        "int f(void) { return a; }\nint g(void) { return b; }\nint main(void) { return f() + g(); }\n",
        &Options::default(),
    )
    .unwrap_err();
    assert_eq!(d.len(), 2);
    assert_eq!(d[1].line, 2);
}

#[test]
fn failure_in_an_unreachable_function_is_dropped() {
    // helpers nobody calls do not block the program
    let src = "int half(int x) { return _Generic(x, int: x / 2); }\nint unused(void) { return half(3) > 1; }\nint main(void) { return 0; }\n";
    let p = lower_str("u.c", src, &Options::default()).unwrap();
    assert!(p.proc("main").is_some() && p.proc("half").is_none(), "{p}");
}

#[test]
fn failure_in_a_reachable_function_is_kept() {
    // called from main through another function (which fails first)
    check(
        "int half(int x) { return _Generic(x, int: x / 2); }\nint g(void) { return half(3) > 1; }\nint main(void) { return g(); }\n",
        1,
        26,
        "not supported",
    );
    // its address taken in reachable code
    check(
        "int f(int x) { return _Generic(x, int: 2) > 1; }\nint main(void) { int (*p)(int) = f; return p(1); }\n",
        1,
        23,
        "not supported",
    );
    // its address in a global table that reachable code reads (one nothing reads calls
    // nothing: `a_callback_table_nothing_reads_calls_nothing`)
    check(
        "int f(int x) { return _Generic(x, int: 2) > 1; }\nint (*tab[1])(int) = { f };\nint main(void) { return tab[0](1); }\n",
        1,
        23,
        "not supported",
    );
}

#[test]
fn failed_declarations_matter_only_when_used() {
    // an unused complex typedef and complex prototype do not block the program
    let src = "typedef _Complex double cd;\n_Complex double cexp(_Complex double);\nint main(void) { return 0; }\n";
    let p = lower_str("u.c", src, &Options::default()).unwrap();
    assert!(p.proc("main").is_some());
    // used, each reports its own reason
    check("typedef _Complex double cd;\nint main(void) { cd z; return 0; }\n", 1, 9, "complex types are not supported");
    check(
        "_Complex double cexp(_Complex double);\nint main(void) { cexp(0); return 0; }\n",
        1,
        1,
        "complex types are not supported",
    );
}

/// The kind of a diagnostic, not its text, decides how slam answers (UNKNOWN for C it does
/// not model, an input error otherwise).
#[test]
fn kinds() {
    use cfront::DiagKind;
    let kind = |src: &str| diag(src).kind;
    assert_eq!(kind("int main(void) {\n  return _Generic(1, int: 2);\n}\n"), DiagKind::Unsupported);
    assert_eq!(kind("int main(int n) {\n  int a[n][n];\n  return 0;\n}\n"), DiagKind::Unsupported);
    assert_eq!(kind("int main(void) {\n  int x = 1\n  return x;\n}\n"), DiagKind::Syntax);
    assert_eq!(kind("int main(void) {\n  return y + 1;\n}\n"), DiagKind::Semantic);
    assert_eq!(kind("int f(void) { return 0; }\n"), DiagKind::NoEntry);
    assert_eq!(kind("#include \"no_such_header.h\"\nint main(void) { return 0; }\n"), DiagKind::Syntax);
}

/// `#line N` without a file name renumbers the lines of the current file.
#[test]
fn line_directive_without_file() {
    check("int main(void) {\n#line 40\n  return y;\n}\n", 40, 10, "undeclared identifier 'y'");
}

/// An unsupported construct in a function that only a table of callbacks names matters only
/// when the entry's code reads the table (logger.c's `default_entries`).
#[test]
fn a_callback_table_nothing_reads_calls_nothing() {
    let lib = "#include <stdarg.h>\n\
               static int cb(va_list ap) { return va_arg(ap, int); }\n\
               static int (*const table[1])(va_list) = { cb };\n\
               static int (*const *alias)(va_list) = table;\n";
    let quiet = format!("{lib}int main(void) {{ return 0; }}");
    assert!(cfront::lower_str("t.c", &quiet, &cfront::Options::default()).is_ok());
    // read through another global whose initialiser names the table: the failure is kept
    let reads = format!("{lib}int run(va_list ap) {{ return alias[0](ap); }}\nint main(void) {{ return 0; }}");
    let opts = cfront::Options { entry: "run".into(), ..Default::default() };
    let d = cfront::lower_str("t.c", &reads, &opts).unwrap_err();
    assert!(d.iter().all(|d| d.kind == cfront::DiagKind::Unsupported) && d[0].message.contains("va_arg"), "{d:?}");
}
