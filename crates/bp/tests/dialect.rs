//! The boolean-program dialect of other tools (SatAbs/Boppo regression programs): `if e then`
//! and `while e do` without parentheses, `_` for an ignored call result, and a `constrain`
//! clause over a primed variable the assignment does not assign (it keeps its value).

use bp::cfg::{CExpr, NodeKind};

fn cfg(src: &str) -> bp::cfg::Cfg {
    bp::load(src).unwrap_or_else(|e| panic!("rejected: {e:?}\n{src}")).1
}

#[test]
fn conditions_without_parentheses() {
    let src = "decl x, y;\nmain()\nbegin\n  if x & !y then skip; elsif y then skip; else skip; fi\n  while x | y do x, y := 0, 0; od\nend\n";
    let prog = bp::parse(src).unwrap();
    // Printed back in slam's own form (parenthesised), it parses to the same program.
    let printed = bp::print(&prog);
    assert_eq!(bp::parse(&printed), Ok(prog), "{printed}");
}

#[test]
fn ignored_call_results_are_fresh_locals() {
    let c = cfg("decl g;\nbool<2> f(a)\nbegin\n  return a, !a;\nend\nmain()\nbegin\n  decl y;\n  _, y := f(g);\n  _, _ := f(y);\nend\n");
    let calls: Vec<&Vec<usize>> = c
        .nodes
        .iter()
        .filter_map(|n| match &n.kind {
            NodeKind::Call { lhs, .. } => Some(lhs),
            _ => None,
        })
        .collect();
    assert_eq!(calls.len(), 2);
    // Three distinct hidden locals of main, none of them y or g.
    let mut all: Vec<usize> = calls.iter().flat_map(|l| l.iter().copied()).collect();
    let y = all[1];
    all.remove(1);
    all.sort_unstable();
    all.dedup();
    assert_eq!(all.len(), 3);
    assert!(all.iter().all(|&v| v != y && c.vars[v].name == "_"));
}

#[test]
fn unassigned_primed_variable_keeps_its_value() {
    let c = cfg("decl x, g;\nmain()\nbegin\n  x := * constrain 'x != 'g;\nend\n");
    let cons = c
        .nodes
        .iter()
        .find_map(|n| match &n.kind {
            NodeKind::Assign { constrain: Some(e), .. } => Some(e.clone()),
            _ => None,
        })
        .unwrap();
    // 'g is g: the assignment does not change it.
    let mut reads = Vec::new();
    cons.visit_vars(&mut |v, primed| reads.push((c.vars[v].name.clone(), primed)));
    assert_eq!(reads, vec![("x".to_string(), true), ("g".to_string(), false)]);
    assert!(matches!(cons, CExpr::Bin(..)));
}

#[test]
fn the_corpus_program_in_this_dialect_parses() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus/bp/satabs_dialect.bp");
    cfg(&std::fs::read_to_string(path).unwrap());
}

#[test]
fn the_last_statement_of_a_block_may_omit_its_semicolon() {
    // SatAbs's Boppo tests: `L1: skip` right before `end`, and in the arms of `if`/`while`.
    let src = "decl x;\nmain()\nbegin\n  if x then x := 0 else x := 1 fi;\n  while x do x := 0 od;\n  goto L1;\nL1: skip\nend\nvoid f()\nbegin\n  return\nend\n";
    let prog = bp::parse(src).unwrap_or_else(|e| panic!("rejected: {e:?}"));
    let with_semis = "decl x;\nmain()\nbegin\n  if x then x := 0; else x := 1; fi;\n  while x do x := 0; od;\n  goto L1;\nL1: skip;\nend\nvoid f()\nbegin\n  return;\nend\n";
    assert_eq!(Ok(prog), bp::parse(with_semis));
    // Between two statements the `;` is still required.
    assert!(bp::parse("main()\nbegin\n  skip skip;\nend\n").is_err());
}
