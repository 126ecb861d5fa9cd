//! The c2bp lecture's examples (seed 002): the boolean programs of its slides.

use c2bp::{abstract_program, parse_preds, Options, Strategy};

fn lower(src: &str) -> cminus::Program {
    cfront::lower_str("t.c", src, &cfront::Options::default()).unwrap_or_else(|e| panic!("{e:?}"))
}

fn abs(src: &str, preds: &str, strategy: Strategy) -> (cminus::Program, bp::Program) {
    let prog = lower(src);
    let ps = parse_preds(&prog, preds).unwrap_or_else(|e| panic!("{e:?}"));
    let opts = Options { strategy, ..Options::default() };
    let (b, _) = abstract_program(&prog, &ps, &opts).unwrap();
    // Every abstraction is a valid boolean program that prints and parses back.
    let text = bp::print(&b);
    assert_eq!(bp::parse(&text).as_ref(), Ok(&b), "{text}");
    bp::load(&text).unwrap_or_else(|e| panic!("{e:?}\n{text}"));
    (prog, b)
}

fn error_reachable(b: &bp::Program) -> bool {
    let (_, cfg) = bp::load(&bp::print(b)).unwrap();
    let an = bebop::check(&cfg, &bebop::Options::default());
    !an.error_vertices().is_empty()
}

const CMP: &str = r#"
int g;
void cmp(int a, int b) {
  if (a == b) g = 0; else g = 1;
}
int main(int x, int y) {
  cmp(x, y);
  if (!g) { if (x != y) reach_error(); }
  return 0;
}
"#;

#[test]
fn cmp_main_with_the_slides_predicates_is_safe() {
    for strategy in [Strategy::Cartesian, Strategy::Boolean] {
        let (_, b) = abs(CMP, "global: g == 0\nmain: x == y\ncmp: a == b\n", strategy);
        let text = bp::print(&b);
        // Slide 21: cmp takes {a == b}; g==0 becomes T or F on each branch; main passes {x == y}.
        assert!(text.contains("void cmp({a == b})"), "{text}");
        assert!(text.contains("cmp({x == y});"), "{text}");
        assert!(text.contains("{g == 0} := 1;") || text.contains("{g == 0} := 'g"), "{text}");
        assert!(!error_reachable(&b), "{text}");
    }
}

#[test]
fn cmp_main_without_the_callee_predicate_is_not_proved() {
    let (_, b) = abs(CMP, "global: g == 0\nmain: x == y\n", Strategy::Cartesian);
    assert!(error_reachable(&b), "{}", bp::print(&b));
}
