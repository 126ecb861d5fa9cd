//! Input forms of published verification tasks: preprocessed `.i` files, the ILP32 data
//! model, K&R C, GNU extensions, gcc's enum types, `__int128`.

use cfront::{lower_files, lower_str, DataModel, Options};
use cminus::{print_proc, PrintOptions, Program};
use std::path::PathBuf;
use std::process::Command;

fn lower(src: &str) -> Program {
    lower_str("t.c", src, &Options::default()).unwrap_or_else(|d| panic!("lowering failed: {d:?}"))
}

fn proc_text(p: &Program, name: &str) -> String {
    print_proc(p, p.proc(name).expect("proc"), &PrintOptions::default())
}

fn tmp_dir(tag: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("cfront-input-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// `gcc -E [-m32]` of a C text, written as `name.i` in `dir`.
fn preprocessed(dir: &std::path::Path, name: &str, src: &str, m32: bool) -> PathBuf {
    let c = dir.join(format!("{name}.c"));
    let i = dir.join(format!("{name}.i"));
    std::fs::write(&c, src).unwrap();
    let mut cmd = Command::new("gcc");
    // ISO mode: `linux` stays an identifier in the .i (a second preprocessing must keep it)
    cmd.args(["-E", "-std=c99"]);
    if m32 {
        cmd.arg("-m32");
    }
    let st = cmd.arg(&c).arg("-o").arg(&i).status().expect("gcc");
    assert!(st.success());
    i
}

const TASK: &str = r#"#include <stdlib.h>
#include <limits.h>
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "t.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
int linux = 1;
int main() {
  long m = LONG_MAX;
  int n = __VERIFIER_nondet_int();
  if (n > 0 && m == 2147483647L) reach_error();
  return linux;
}
"#;

#[test]
fn preprocessed_files_lower_with_their_own_lines() {
    let dir = tmp_dir("i");
    for (m32, dm) in [(false, DataModel::Lp64), (true, DataModel::Ilp32)] {
        let i = preprocessed(&dir, if m32 { "t32" } else { "t64" }, TASK, m32);
        let opts = Options { data_model: dm, ..Default::default() };
        let p = lower_files(std::slice::from_ref(&i), &opts).unwrap_or_else(|d| panic!("{d:?}"));
        // `linux` is no macro in a .i; the locations are lines of the .i itself
        let g = p.globals.iter().find(|g| g.c_name == "linux").expect("the global linux");
        assert_eq!(p.files[g.loc.file as usize], i.display().to_string());
        let text = std::fs::read_to_string(&i).unwrap();
        let line = text.lines().position(|l| l.starts_with("int linux = 1;")).unwrap() as u32 + 1;
        assert_eq!(g.loc.line, line);
        // LONG_MAX as the data model has it
        let main = proc_text(&p, "main");
        assert_eq!(main.contains("9223372036854775807"), !m32, "{main}");
    }
    // a diagnostic points into the .i
    let i = preprocessed(&dir, "bad", "int main(void) {\n  return undeclared;\n}\n", false);
    let d = lower_files(std::slice::from_ref(&i), &Options::default()).unwrap_err();
    let text = std::fs::read_to_string(&i).unwrap();
    let line = text.lines().position(|l| l.contains("return undeclared")).unwrap() as u32 + 1;
    assert_eq!((d[0].file.as_str(), d[0].line, d[0].col), (i.to_str().unwrap(), line, 10), "{}", d[0]);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn implicit_int_and_old_style_definitions() {
    let p = lower(
        "extern __VERIFIER_nondet_int();\nstatic counter;\nadd(a, b) int a; char b; { return a + b; }\nint main(void) { counter = add(__VERIFIER_nondet_int(), 1); return counter; }\n",
    );
    let add = proc_text(&p, "add");
    assert!(add.starts_with("int add(int a, char b) {"), "{add}");
    assert_eq!(p.globals.iter().find(|g| g.c_name == "counter").unwrap().ty, cminus::Type::INT);
    // the inserted `int` keeps columns: an error after it is where the user wrote it
    let d = lower_str("k.c", "extern f();\nint main(void) { return g; }\n", &Options::default()).unwrap_err();
    assert_eq!((d[0].line, d[0].col), (2, 25), "{}", d[0]);
    // an unknown type name is still a syntax error at that name
    let d = lower_str("k.c", "foo_t x;\nint main(void) { return 0; }\n", &Options::default()).unwrap_err();
    assert_eq!((d[0].line, d[0].col), (1, 1), "{}", d[0]);
    assert!(d[0].message.contains("'foo_t'"), "{}", d[0]);
}

#[test]
fn enum_types_are_gccs() {
    let p = lower(
        "enum u { A, B };\nenum s { C = -1, D };\nenum w { E = 0x80000000, F };\nenum l { G = -1, H = 0xffffffff };\nint main(void) { enum u x = -1; enum s y = -1; return (x > 0) + (y > 0) * 2 + sizeof(enum w) * 4 + sizeof(F) * 8 + sizeof(enum l) * 16 + sizeof(G) * 32; }\n",
    );
    let main = proc_text(&p, "main");
    assert!(main.contains("uint x;") && main.contains("int y;"), "{main}");
    // sizeof(enum w) = 4, sizeof(F) = 4, sizeof(enum l) = 8, sizeof(G) = 4 (G fits int)
    assert!(main.contains("(ulong)16 + (ulong)32 + (ulong)128 + (ulong)128"), "{main}");
}

#[test]
fn range_designators_statement_expressions_compound_literals() {
    let p = lower(
        "int g[6] = { [1 ... 3] = 5, 7 };\nstruct pt { int x, y; };\nint main(void) { int a[4] = { [0 ... 2] = 1 }; struct pt p = (struct pt){ 3, 4 }; return ({ int t = a[1]; t + p.y; }) + g[4]; }\n",
    );
    let g = p.globals.iter().find(|g| g.c_name == "g").unwrap();
    assert_eq!(format!("{:?}", g.init), "List([Zero, Expr(Int(5)), Expr(Int(5)), Expr(Int(5)), Expr(Int(7))])");
    let main = proc_text(&p, "main");
    assert!(main.contains("a[2] := 1;") && main.contains("a[3] := 0;"), "{main}");
}

#[test]
fn offsetof_style_array_sizes_and_flexible_members() {
    let p = lower(
        "struct s { char a; long b; short f; };\nstruct t { unsigned char pad[(unsigned long)&((struct s *)0)->f]; int z; };\nstruct m { int n; char d[]; };\nint main(void) { return sizeof(struct t) * 100 + sizeof(struct m); }\n",
    );
    assert!(proc_text(&p, "main").contains("return 2004;"), "{}", proc_text(&p, "main"));
}

#[test]
fn int128_is_sized_but_its_values_are_unsupported() {
    let p = lower("int main(void) { __int128 x = 5; unsigned __int128 y; return sizeof(x) + sizeof y; }\n");
    assert!(proc_text(&p, "main").contains("return 32;"));
    let d = lower_str("w.c", "int main(void) { __int128 x = 5;\n  return x > 1; }\n", &Options::default()).unwrap_err();
    assert_eq!((d[0].line, d[0].col), (2, 10), "{}", d[0]);
    assert!(d[0].message.contains("not supported"), "{}", d[0]);
}

#[test]
fn nested_designators_merge_into_their_sub_objects() {
    let p = lower(
        "struct in { int a, b; };\nstruct out { int k; struct in v[2]; struct in one; };\nstruct out g = { .one.b = 5, .v[1].a = 6, .one.a = 7 };\nint main(void) { return g.one.a; }\n",
    );
    let g = p.globals.iter().find(|g| g.c_name == "g").unwrap();
    let text = cminus::print_program(&p, &PrintOptions::default());
    assert!(text.contains("struct out g = {0, {0, {6}}, {7, 5}};"), "{:?}\n{text}", g.init);
    // a plain item after `.b`, the last member, goes on in the next element (gcc: 12)
    let p = lower("struct in { int a, b; };\nstruct in x[2] = { [0].b = 1, 2 };\nint main(void) { return x[0].a; }\n");
    let text = cminus::print_program(&p, &PrintOptions::default());
    assert!(text.contains("struct in x[2] = {{0, 1}, {2}};"), "{text}");
    // going on inside the member's aggregate is not followed
    let d = lower_str(
        "n.c",
        "struct in { int a, b; };\nstruct in x[2] = { [0].a = 1, 2 };\nint main(void) { return x[0].a; }\n",
        &Options::default(),
    )
    .unwrap_err();
    assert!(d[0].message.contains("not supported"), "{}", d[0]);
}

/// Csmith's headers define float helpers (`safe_add_func_float_f_f`, …) every generated
/// program includes; they lower, and a call of one computes as gcc does.
#[test]
fn csmith_headers_with_unused_float_helpers() {
    let dir = std::path::Path::new("/usr/include/csmith");
    if !dir.join("csmith.h").exists() {
        println!("csmith headers not installed (libcsmith-dev): skipping");
        return;
    }
    let opts = Options { includes: vec![dir.to_path_buf()], ..Default::default() };
    let src = "#include \"csmith.h\"\nstatic int32_t g = 3;\nint main(void) { g = safe_add_func_int32_t_s_s(g, 4); if (g != 7) reach_error(); return 0; }\n";
    let p = lower_str("cs.c", src, &opts).unwrap_or_else(|d| panic!("{d:?}"));
    assert!(p.proc("safe_add_func_int32_t_s_s").is_some());
    let src =
        "#include \"csmith.h\"\nint main(void) { float f = safe_add_func_float_f_f(1.0f, 2.0f); return f > 2.5f; }\n";
    let p = lower_str("cs.c", src, &opts).unwrap_or_else(|d| panic!("{d:?}"));
    assert_eq!(cminus::interp::run(&p, &[], 10_000).outcome, cminus::interp::Outcome::Returned(Some(1)));
}
