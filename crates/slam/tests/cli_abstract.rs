//! `slam abstract`: the boolean program of a C program, instrumented with a rule, over the
//! predicates of a file or the initial predicates of `slam check`; bad predicate files are
//! input errors with line:column.

use std::process::Command;

fn root() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn slam(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_slam")).args(args).current_dir(root()).output().expect("slam runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn temp(name: &str, text: &str) -> std::path::PathBuf {
    let p = std::env::temp_dir().join(format!("slam-abstract-{}-{name}", std::process::id()));
    std::fs::write(&p, text).unwrap();
    p
}

/// Without `--preds`, the rule's initial predicates (its state) over the instrumented
/// program; Bebop finds the abstract error that the first CEGAR round would refine.
#[test]
fn rule_without_preds_uses_the_initial_predicates() {
    let (code, out, err) = slam(&["abstract", "corpus/check/spinlock_loop.c", "--rule", "specs/spinlock.slic"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("decl {slic_s == 1};"), "{out}");
    assert!(out.contains("void DispatchWrite("), "{out}");
    assert!(out.contains("assert(0);"), "the rule's error sites: {out}");
    let bp = temp("rule.bp", &out);
    let (code, out, _) = slam(&["bebop", bp.to_str().unwrap()]);
    assert_eq!(code, 10, "{out}");
    assert!(out.starts_with("Assertion failure reachable"), "{out}");
    let _ = std::fs::remove_file(bp);
}

/// With `--preds`, exactly those predicates (here also one over the rule's ghost `slic_obj`).
#[test]
fn rule_with_a_predicate_file() {
    let preds = temp("p.txt", "global: slic_s == 1\nDispatchWrite: devExt->WriteListLock == slic_obj\n");
    let out_bp = std::env::temp_dir().join(format!("slam-abstract-{}-o.bp", std::process::id()));
    let (code, _, err) = slam(&[
        "abstract",
        "corpus/check/spinlock_loop.c",
        "--rule",
        "specs/spinlock.slic",
        "--preds",
        preds.to_str().unwrap(),
        "-o",
        out_bp.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let out = std::fs::read_to_string(&out_bp).unwrap();
    // The formal predicate reads through `devExt`, which DispatchWrite never assigns: it is
    // also returned (over `pre(devExt)`), so the procedure returns one boolean.
    assert!(out.contains("bool DispatchWrite({devExt->WriteListLock == slic_obj})"), "{out}");
    assert!(!out.contains("{&devExt->WriteListLock == slic_obj}"), "only the file's predicates: {out}");
    let _ = std::fs::remove_file(preds);
    let _ = std::fs::remove_file(out_bp);
}

/// Without a rule and without `--preds`: the conditions guarding the error statements.
#[test]
fn no_rule_no_preds() {
    let (code, out, err) = slam(&["abstract", "corpus/c/svcomp_header.c"]);
    assert_eq!(code, 0, "{err}");
    // `if (!(cond)) { ERROR: reach_error(); … }`: the guard is the predicate
    assert!(out.contains("void __VERIFIER_assert({cond == 0})"), "{out}");
    assert!(out.contains("assume({cond == 0});"), "{out}");
    assert!(out.contains("void main()"), "{out}");
}

#[test]
fn a_bad_predicate_file_is_an_input_error_with_line_and_column() {
    let preds = temp("bad.txt", "global: slic_s == 1\nglobal: slic_s == \n");
    let (code, out, err) = slam(&[
        "abstract",
        "corpus/check/spinlock_loop.c",
        "--rule",
        "specs/spinlock.slic",
        "--preds",
        preds.to_str().unwrap(),
    ]);
    assert_eq!(code, 2, "{out}");
    assert!(out.is_empty(), "{out}");
    assert!(err.contains(&format!("{}:2:19: error:", preds.display())), "{err}");
    let _ = std::fs::remove_file(preds);
}
