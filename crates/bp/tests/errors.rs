//! Malformed boolean programs: one test per diagnostic, checking its message and its
//! line:column.

/// The first diagnostic of `src` as `line:col: message`.
fn first_error(src: &str) -> String {
    match bp::load(src) {
        Ok(_) => panic!("accepted a malformed program:\n{src}"),
        Err(es) => {
            assert!(!es.is_empty(), "an error result without errors");
            es[0].to_string()
        }
    }
}

fn all_errors(src: &str) -> Vec<String> {
    match bp::load(src) {
        Ok(_) => panic!("accepted a malformed program:\n{src}"),
        Err(es) => es.iter().map(|e| e.to_string()).collect(),
    }
}

#[test]
fn syntax_error_missing_semicolon() {
    // (the last statement of a block may omit it: the error is between two statements)
    let src = "main()\nbegin\n  skip\n  skip;\nend\n";
    assert_eq!(first_error(src), "4:3: expected `;`, found `skip`");
}

#[test]
fn syntax_error_unexpected_character() {
    let src = "main()\nbegin\n  skip;\n  x := y # z;\nend\n";
    assert_eq!(first_error(src), "4:10: unexpected character `#`");
}

#[test]
fn syntax_error_bad_expression() {
    let src = "decl x;\nmain()\nbegin\n  x := ;\nend\n";
    assert_eq!(first_error(src), "4:8: expected an expression, found `;`");
}

#[test]
fn syntax_error_missing_fi() {
    let src = "decl x;\nmain()\nbegin\n  if (x) then skip;\nend\n";
    // the closer that is missing, where another block's closer comes instead
    assert_eq!(first_error(src), "5:1: expected `elsif` or `else` or `fi`, found `end`");
}

#[test]
fn syntax_error_missing_od_and_end() {
    let src = "decl x;\nmain()\nbegin\n  while x do skip;\nend\n";
    assert_eq!(first_error(src), "5:1: expected `od`, found `end`");
    let src = "decl x;\nmain()\nbegin\n  if x then skip; fi\n  od\nend\n";
    assert_eq!(first_error(src), "5:3: expected `end`, found `od`");
}

#[test]
fn syntax_error_constant_out_of_range() {
    let src = "decl x;\nmain()\nbegin\n  x := 2;\nend\n";
    assert_eq!(first_error(src), "4:8: `2` is not a boolean constant (0 or 1)");
}

#[test]
fn syntax_error_unterminated_comment() {
    let src = "main()\nbegin\n  /* open\n  skip;\nend\n";
    assert_eq!(first_error(src), "3:3: unterminated comment `/* …`");
}

#[test]
fn syntax_error_unterminated_braced_identifier() {
    let src = "decl {x==y;\nmain() begin skip; end\n";
    assert_eq!(first_error(src), "1:6: unterminated `{…}` identifier");
}

#[test]
fn syntax_error_declaration_after_procedure() {
    let src = "main()\nbegin\n  skip;\nend\ndecl g;\n";
    assert_eq!(first_error(src), "5:1: global declarations must come before the first procedure");
}

#[test]
fn syntax_error_bad_return_width() {
    let src = "bool<0> f()\nbegin\n  skip;\nend\n";
    assert_eq!(first_error(src), "1:1: expected a number of return values between 1 and 64 in `bool<n>`");
}

#[test]
fn syntax_error_keyword_as_label() {
    let src = "main()\nbegin\n  T: skip;\nend\n";
    assert_eq!(first_error(src), "3:3: expected a statement, found `T`");
}

#[test]
fn undeclared_variable() {
    let src = "decl g;\nmain()\nbegin\n  skip;\n  g := h;\nend\n";
    assert_eq!(first_error(src), "5:3: undeclared variable `h`");
}

#[test]
fn undeclared_variable_in_other_procedure_scope() {
    let src = "main()\nbegin\n  decl x;\n  f();\nend\nvoid f()\nbegin\n  x := 1;\nend\n";
    assert_eq!(first_error(src), "8:3: undeclared variable `x`");
}

#[test]
fn call_arity_mismatch() {
    let src = "decl g;\nvoid f(a)\nbegin\n  skip;\nend\nmain()\nbegin\n  f(g, g);\nend\n";
    assert_eq!(first_error(src), "8:3: `f` takes 1 argument(s), but 2 given");
}

#[test]
fn call_result_count_mismatch() {
    let src = "decl g, h;\nbool f()\nbegin\n  return 1;\nend\nmain()\nbegin\n  g, h := f();\nend\n";
    assert_eq!(first_error(src), "8:3: `f` returns 1 value(s), but 2 are assigned");
}

#[test]
fn call_to_unknown_procedure() {
    let src = "main()\nbegin\n  nothere();\nend\n";
    assert_eq!(first_error(src), "3:3: call to unknown procedure `nothere`");
}

#[test]
fn assignment_count_mismatch() {
    let src = "decl a, b;\nmain()\nbegin\n  a, b := 1;\nend\n";
    assert_eq!(first_error(src), "4:3: 2 variable(s) assigned 1 value(s)");
}

#[test]
fn variable_assigned_twice_in_parallel_assignment() {
    let src = "decl a;\nmain()\nbegin\n  a, a := 0, 1;\nend\n";
    assert_eq!(first_error(src), "4:3: `a` is assigned twice in one parallel assignment");
}

#[test]
fn unknown_label() {
    let src = "main()\nbegin\n  L1: skip;\n  goto L1, L2;\nend\n";
    assert_eq!(first_error(src), "4:3: unknown label `L2` in procedure `main`");
}

#[test]
fn label_of_another_procedure_is_unknown() {
    let src = "void f()\nbegin\n  L: skip;\nend\nmain()\nbegin\n  goto L;\nend\n";
    assert_eq!(first_error(src), "7:3: unknown label `L` in procedure `main`");
}

#[test]
fn duplicate_label() {
    let src = "main()\nbegin\n  L: skip;\n  L: skip;\nend\n";
    assert_eq!(first_error(src), "4:6: label `L` is defined twice in procedure `main`");
}

#[test]
fn missing_main() {
    let src = "void f()\nbegin\n  skip;\nend\n";
    assert_eq!(first_error(src), "1:1: the program has no procedure `main`");
}

#[test]
fn duplicate_procedure() {
    let src = "main()\nbegin\n  skip;\nend\nmain()\nbegin\n  skip;\nend\n";
    assert_eq!(first_error(src), "5:1: procedure `main` is defined twice");
}

#[test]
fn return_count_mismatch() {
    let src = "bool<2> f()\nbegin\n  return 1;\nend\nmain()\nbegin\n  f();\nend\n";
    assert_eq!(first_error(src), "3:3: procedure `f` returns 2 value(s), but this `return` gives 1");
}

#[test]
fn return_value_from_void_procedure() {
    let src = "main()\nbegin\n  skip;\n  return 0;\nend\n";
    assert_eq!(first_error(src), "4:3: procedure `main` returns 0 value(s), but this `return` gives 1");
}

#[test]
fn primed_variable_outside_constrain() {
    let src = "decl x;\nmain()\nbegin\n  x := 'x;\nend\n";
    assert_eq!(first_error(src), "4:3: `'x` may only appear in a `constrain` clause");
}

#[test]
fn primed_variable_of_another_kind_is_still_undeclared() {
    // A primed variable the assignment does not assign keeps its value (tests/dialect.rs);
    // an undeclared one stays an error.
    let src = "decl x;\nmain()\nbegin\n  x := * constrain 'y;\nend\n";
    assert_eq!(first_error(src), "4:3: undeclared variable `y`");
}

#[test]
fn if_without_then() {
    let src = "decl x;\nmain()\nbegin\n  if x skip; fi\nend\n";
    assert!(first_error(src).starts_with("4:8: expected `then`"), "{}", first_error(src));
}

#[test]
fn ignored_result_is_not_a_value() {
    let src = "decl x;\nmain()\nbegin\n  x := _;\nend\n";
    assert_eq!(first_error(src), "4:3: undeclared variable `_`");
}

#[test]
fn primed_variable_in_condition() {
    let src = "decl x;\nmain()\nbegin\n  skip;\n  if ('x) then skip; fi\nend\n";
    assert_eq!(first_error(src), "5:3: `'x` may only appear in a `constrain` clause");
}

#[test]
fn local_declared_twice() {
    let src = "void f(a)\nbegin\n  decl a;\n  skip;\nend\nmain()\nbegin\n  f(0);\nend\n";
    assert_eq!(first_error(src), "1:1: `a` is declared twice in procedure `f`");
}

#[test]
fn global_declared_twice_is_reported() {
    let errs = all_errors("decl g, g;\nmain()\nbegin\n  skip;\nend\n");
    assert!(errs.iter().any(|e| e.ends_with("global variable `g` is declared twice")), "{errs:?}");
}

/// The parser reports a duplicate global where it occurs the second time.
#[test]
fn global_declared_twice_has_a_position() {
    assert_eq!(first_error("decl g, g;\nmain()\nbegin\n  skip;\nend\n"), "1:9: global variable `g` is declared twice");
}

#[test]
fn every_error_is_reported_in_order() {
    let src = "main()\nbegin\n  x := 1;\n  goto NOWHERE;\n  y := 0;\nend\n";
    assert_eq!(
        all_errors(src),
        vec![
            "3:3: undeclared variable `x`".to_string(),
            "4:3: unknown label `NOWHERE` in procedure `main`".to_string(),
            "5:3: undeclared variable `y`".to_string(),
        ]
    );
}

#[test]
fn the_parser_never_panics_on_truncated_programs() {
    let src = include_str!("../../../corpus/bp/mutual_parity.bp");
    for (i, _) in src.char_indices() {
        let _ = bp::load(&src[..i]);
    }
}
