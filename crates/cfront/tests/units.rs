//! Several translation units lowered into one program: internal linkage per unit (static
//! functions and objects), one type per header definition, a tag defined differently in two
//! units as two types; and the preprocessing default that turns SIMD off.

use cminus::{Program, StmtKind};

fn lower(units: &[(&str, &str)]) -> Program {
    let p = cfront::lower_strs(units, &cfront::Options::default()).unwrap_or_else(|d| panic!("{d:?}"));
    assert!(p.validate().is_empty(), "{:?}", p.validate());
    p
}

/// The callees of `proc`'s calls, in order.
fn callees(p: &Program, proc: &str) -> Vec<String> {
    p.proc(proc)
        .expect("proc")
        .body
        .iter()
        .filter_map(|s| match &s.kind {
            StmtKind::Call { callee, .. } => Some(callee.clone()),
            _ => None,
        })
        .collect()
}

#[test]
fn static_functions_that_clash_are_named_per_unit() {
    let a = "static int helper(void) { return 1; }\nstatic int only_here(void) { return 3; }\n\
             int other(void);\nint main(void) { return helper() + other() + only_here(); }";
    let b = "static int helper(void);\nint other(void) { return helper(); }\nstatic int helper(void) { return 2; }";
    let p = lower(&[("dir/a.c", a), ("b.c", b)]);
    let mut names: Vec<&str> = p.procs.iter().map(|q| q.name.as_str()).collect();
    names.sort();
    assert_eq!(names, ["helper@a", "helper@b", "main", "only_here", "other"]);
    assert_eq!(callees(&p, "main"), ["helper@a", "other", "only_here"]);
    // the prototype before b's definition names b's own function
    assert_eq!(callees(&p, "other"), ["helper@b"]);
    assert_eq!(cminus::names::c_function("helper@b"), "helper");
}

#[test]
fn an_external_call_never_reaches_another_units_static_function() {
    let a = "int helper(void);\nint main(void) { return helper(); }";
    let b = "static int helper(void) { return 0; }\nint use(void) { return helper(); }";
    let p = lower(&[("a.c", a), ("b.c", b)]);
    assert_eq!(callees(&p, "main"), ["helper"]);
    assert!(p.extern_fn("helper").is_some(), "main's helper is external");
    assert_eq!(callees(&p, "use"), ["helper@b"]);
}

#[test]
fn units_with_the_same_file_stem_are_numbered() {
    let a = "static int h(void) { return 1; }\nint f(void) { return h(); }";
    let b = "static int h(void) { return 2; }\nint main(void) { return h(); }";
    let p = lower(&[("x/u.c", a), ("y/u.c", b)]);
    assert!(p.proc("h@u").is_some() && p.proc("h@u~2").is_some());
}

#[test]
fn one_header_definition_is_one_type_and_a_units_own_tag_is_another() {
    // the same anonymous struct of a header in both units; each unit has its own `struct w`
    let header = "# 1 \"h.h\"\ntypedef struct { int a; long b; } pair_t;\nstruct conn { pair_t hdr; };\n";
    let a = format!("{header}# 4 \"a.c\"\nstruct w {{ int x; }};\nint f(struct conn *c, pair_t *q) {{ struct w v; v.x = 1; c->hdr = *q; return v.x; }}");
    let b = format!(
        "{header}# 4 \"b.c\"\nstruct w {{ long y; int z; }};\nint main(void) {{ struct w v; v.z = 2; return v.z; }}"
    );
    let p = lower(&[("a.c", &a), ("b.c", &b)]);
    let anon: Vec<&str> = p.structs.iter().filter(|s| s.name.starts_with("__anon")).map(|s| s.name.as_str()).collect();
    assert_eq!(anon.len(), 1, "{anon:?}");
    let w: Vec<Vec<&str>> = p
        .structs
        .iter()
        .filter(|s| s.name == "w" || s.name.starts_with("w__"))
        .map(|s| s.fields.iter().map(|f| f.name.as_str()).collect())
        .collect();
    assert_eq!(w, [vec!["x"], vec!["y", "z"]]);
}

#[test]
fn simd_feature_macros_are_off_for_preprocessing() {
    let src = "#if defined(__SSE2__) || defined(__SSE__) || defined(__MMX__) || defined(__AVX__)\n\
               #error vector path\n#endif\n\
               #if !defined(__SSE2_MATH__) && defined(__x86_64__)\n#error float math changed\n#endif\n\
               int main(void) { return 0; }";
    lower(&[("t.c", src)]);
    // a user's -D still wins
    let opts = cfront::Options { defines: vec!["__SSE2__=1".into()], ..Default::default() };
    let d = cfront::lower_str("t.c", src, &opts).unwrap_err();
    assert!(d[0].message.contains("vector path"), "{d:?}");
}
