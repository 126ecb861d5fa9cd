//! The relevance test (`engine::relevance`): a check whose errors need a value a private
//! global never holds is SAFE before any abstraction; one that may reach an error is not
//! decided by it, and the loop finds the violation as before.

use engine::relevance::{no_error_reachable, Unreachable};
use engine::{Runner, Verdict};

fn program(src: &str) -> cminus::Program {
    cfront::lower_str("t.c", src, &cfront::Options::default()).expect("lowers")
}

fn run(p: cminus::Program) -> engine::Outcome {
    let preds = engine::initial_predicates(&p, None);
    Runner::new(p).with_predicates(preds).run()
}

/// The relevance test's answer and the loop's verdict must agree with `expect`.
fn check(p: cminus::Program, decided_early: Option<Unreachable>, expect: Verdict) {
    assert_eq!(no_error_reachable(&p), decided_early);
    let o = run(p);
    assert_eq!(o.verdict, expect, "{}", o.detail);
    if decided_early.is_some() {
        assert!(o.iterations.is_empty(), "{} rounds", o.iterations.len());
        assert_eq!(o.detail, engine::NO_ERROR_REACHABLE);
    }
}

const STATE: &str =
    "int state = 0;\nvoid open_(void) { state = 1; }\nvoid use(void) { if (state == 2) reach_error(); }\n";

#[test]
fn an_error_that_needs_a_value_no_assignment_gives_is_safe_at_once() {
    let main = "int main(void) { open_(); use(); return 0; }\n";
    check(program(&format!("{STATE}{main}")), Some(Unreachable::RuleState), Verdict::Safe);
}

#[test]
fn a_reachable_assignment_of_the_value_leaves_the_check_to_the_loop() {
    let close = "void close_(void) { state = 2; }\n";
    let main = "int main(void) { open_(); close_(); use(); return 0; }\n";
    check(program(&format!("{STATE}{close}{main}")), None, Verdict::Violation);
    // the same assignment in a procedure the entry never calls changes nothing
    let main = "int main(void) { open_(); use(); return 0; }\n";
    check(program(&format!("{STATE}{close}{main}")), Some(Unreachable::RuleState), Verdict::Safe);
}

#[test]
fn writes_the_sets_cannot_follow_make_the_global_any_value() {
    // through a pointer (its address is taken)
    let main = "int main(void) { int *p = &state; *p = 2; use(); return 0; }\n";
    check(program(&format!("{STATE}{main}")), None, Verdict::Violation);
    // a value computed at run time
    let main = "int main(void) { int x = __VERIFIER_nondet_int(); state = x; use(); return 0; }\n";
    check(program(&format!("{STATE}{main}")), None, Verdict::Violation);
    // a call's result
    let main = "int two(void) { return 2; }\nint main(void) { state = two(); use(); return 0; }\n";
    check(program(&format!("{STATE}{main}")), None, Verdict::Violation);
    // another private global copied in
    let main = "int other = 2;\nint main(void) { state = other; use(); return 0; }\n";
    check(program(&format!("{STATE}{main}")), None, Verdict::Violation);
}

#[test]
fn a_local_of_the_same_name_is_not_the_global() {
    let main = "void f(void) { int state = 2; state++; }\nint main(void) { f(); use(); return 0; }\n";
    check(program(&format!("{STATE}{main}")), Some(Unreachable::RuleState), Verdict::Safe);
}

#[test]
fn values_are_those_of_the_globals_type() {
    // -1 stored in an unsigned global is 4294967295
    let src = "unsigned u = 0;\nint main(void) { u = -1; if (u == 4294967295u) reach_error(); return 0; }\n";
    check(program(src), None, Verdict::Violation);
    let src = "unsigned char c = 0;\nint main(void) { c = 300; if (c == 44) reach_error(); return 0; }\n";
    check(program(src), None, Verdict::Violation);
}

const MEMORY: &str = r#"
state { enum { unallocated, allocated, freed } m = unallocated; }
watch [malloc].exit.$return;
watch free.entry.$1;
malloc.exit [guard $return] { if ($return != NULL) m = allocated; }
free.entry [guard $1] { if ($1 != NULL) { if (m == freed) abort "double free"; else m = freed; } }
memset.entry [guard $1] { if (m == freed) abort "use after free"; }
"#;

#[test]
fn a_rules_error_states_the_entry_never_enters_are_safe_at_once() {
    // memset is an event, but without a free nothing enters `freed`
    let src = "#include <stdlib.h>\n#include <string.h>\nvoid clear(char *b, int n) { char *t = malloc(4); if (t) memset(t, 0, 4); memset(b, 0, n); }\n";
    check(woven_entry(src, "clear"), Some(Unreachable::RuleState), Verdict::Safe);
    // with a free, the use after it is found
    let src = "#include <stdlib.h>\n#include <string.h>\nvoid clear(void) { char *t = malloc(4); if (t) { free(t); memset(t, 0, 4); } }\n";
    check(woven_entry(src, "clear"), None, Verdict::Violation);
}

/// `src` with entry `entry` and the memory rule woven in.
fn woven_entry(src: &str, entry: &str) -> cminus::Program {
    let opts = cfront::Options { entry: entry.into(), ..Default::default() };
    let p = cfront::lower_str("t.c", src, &opts).expect("lowers");
    let rule = slic::parse_rule("r.slic", MEMORY).expect("rule parses");
    slic::instrument(&p, &rule).expect("weaves").program
}
